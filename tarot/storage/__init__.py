"""What lives on disk beside a game's log: the lock of a save, the save folder, a match at the
table (its index), the named deals."""
