"""Where the package's data lives: the rule sets, the named deals, the golden replays
and the rule book.

In a checkout (or an editable install) they are the repository's own folders
(``rules/``, ``seeds/``, ``replays/``, ``docs/``), so that an edit shows at once;
an installed copy carries them inside the package (``tarot/rulesets`` and so on,
see ``pyproject.toml``), found through ``importlib.resources``.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

# The folder inside the installed package, and the repository folder it is made from.
SOURCE_FOLDERS = {
    "rulesets": "rules",
    "named_deals": "seeds",
    "golden_replays": "replays",
    "rule_book": "docs",
}


def source_root() -> Path | None:
    """The repository this package is imported from, if it is (not an installed copy)."""
    root = Path(__file__).resolve().parents[2]  # tarot/files/resources.py
    return root if (root / "pyproject.toml").is_file() and (root / "tarot").is_dir() else None


def data_dir(folder: str) -> Path:
    """The folder holding one kind of the package's data (a key of SOURCE_FOLDERS)."""
    root = source_root()
    if root is not None:
        return root / SOURCE_FOLDERS[folder]
    installed = files("tarot") / folder
    if not isinstance(installed, Path):
        raise RuntimeError(f"tarot's {folder} must be installed as files, not in an archive")
    return installed


def data_file(folder: str, name: str) -> Path:
    return data_dir(folder) / name
