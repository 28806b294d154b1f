"""The foundation: bounded reading of regular files, atomic writes, where the package data
lives. It knows nothing of Tarot; every layer may use it."""
