"""Where games are saved by default, and how a save is found by its name.

New games go to ``games/`` in the user's data folder as each system defines it
(``platformdirs``: ``~/.local/share/tarot/games`` on Linux, or under
``$XDG_DATA_HOME``; ``~/Library/Application Support/tarot/games`` on macOS;
``%LOCALAPPDATA%\\tarot\\games`` on Windows). Versions before 0.2 wrote
to ``$XDG_DATA_HOME`` or ``~/.local/share`` on every system; that folder is still
searched (by ``tarot play --resume NAME`` and ``tarot saves``) where it differs.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import platformdirs


def games_folder() -> Path:
    return platformdirs.user_data_path("tarot", appauthor=False) / "games"


def legacy_games_folder() -> Path:
    """The folder versions before 0.2 saved to, on every system."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tarot" / "games"


def save_folders() -> list[Path]:
    """Where saves are looked for: the games folder, then the older one if it differs."""
    folders = [games_folder()]
    if legacy_games_folder() != folders[0]:
        folders.append(legacy_games_folder())
    return folders


def new_save_path(now: datetime | None = None) -> Path:
    """A file name in the games folder that no save has yet: game-YYYYMMDD-HHMMSS.jsonl."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = games_folder()
    path = folder / f"game-{stamp}.jsonl"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"game-{stamp}-{number}.jsonl"
    return path


def find_save(name: str | Path) -> Path | None:
    """``name`` as a path if it exists, else a save of that name (``.jsonl`` may be left
    off) in the save folders, newest folder first; None if there is none."""
    if not str(name).strip():
        return None
    given = Path(name)
    if given.exists():
        return given
    if given.name != str(name):  # a path with folders: only where it says
        return None
    for folder in save_folders():
        for candidate in (folder / given.name, folder / f"{given.name}.jsonl"):
            if candidate.is_file():
                return candidate
    return None


def saved_games() -> list[tuple[Path, float]]:
    """Every save in the save folders (regular files only, as ``--resume`` takes them)
    with its modification time, the most recently written first. A file that vanishes
    or cannot be looked at while listing (a dangling link, say) is left out."""
    found: dict[str, tuple[Path, float]] = {}
    for folder in save_folders():
        try:
            paths = list(folder.glob("*.jsonl")) if folder.is_dir() else []
        except OSError:
            continue
        for path in paths:
            try:
                if path.is_file() and path.name not in found:
                    found[path.name] = (path, path.stat().st_mtime)
            except OSError:
                continue
    return sorted(found.values(), key=lambda item: item[1], reverse=True)
