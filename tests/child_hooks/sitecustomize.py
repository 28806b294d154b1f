"""Loaded at the start of a subprocess whose PYTHONPATH holds this folder (see
``tests/kill_points.py``): the kill points the test planned for it, if the environment
names any."""

import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # where kill_points is
try:
    from kill_points import install_from_environment
finally:
    sys.path.pop()

install_from_environment()
