"""A path as a person reads it and types it again: as short as it can be written (relative
under the current folder, ``~`` for the home folder, else whole), and in a command quoted
for the shell, so that a line copied from the screen runs as shown.

Every path the interface prints for a person to read or type again (where a game is saved,
the commands that resume, replay or audit it) goes through :func:`shown_path`; a save in
the save folders is resumed by its name (:func:`resume_argument`), as ``tarot saves`` lists
it, which is shorter still; the program itself is typed as it was (:func:`typed_command`)."""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import sys
from pathlib import Path

from tarot.storage.save_folder import find_save


def shown_path(path: str | Path, *, in_command: bool = False) -> str:
    """``path`` made absolute (its links kept: a venv's python is a link that must stay
    one), then written short: relative when it is under the current folder, ``~/…`` when
    under the home folder, whichever is shorter, else whole; ``in_command``: quoted for
    the shell (``~/`` left outside the quotes, where the shell still expands it)."""
    absolute = Path(os.path.abspath(path))
    # (the text, the part to quote): the shortest wins, the relative one on a tie.
    forms: list[tuple[str, str]] = []
    with contextlib.suppress(ValueError, OSError):
        relative = absolute.relative_to(Path.cwd())
        if relative.parts:
            forms.append(("", str(relative)))
    for home in _home_folders():
        with contextlib.suppress(ValueError):
            below = absolute.relative_to(home)
            forms.append(("~/", str(below)) if below.parts else ("~", ""))
            break
    forms.append(("", str(absolute)))
    prefix, rest = min(forms, key=lambda form: len(form[0]) + len(form[1]))
    if in_command and rest:
        rest = shlex.quote(rest)
    return prefix + rest


def _home_folders() -> list[Path]:
    """The home folder as ``HOME`` names it and as it resolves (a link, on some systems)."""
    try:
        home = Path.home()
    except (RuntimeError, KeyError):  # no HOME, and no user entry for this process
        return []
    folders = [home]
    with contextlib.suppress(OSError):
        if (resolved := home.resolve()) != home:
            folders.append(resolved)
    return [folder for folder in folders if folder.is_absolute() and folder != Path("/")]


def resume_argument(save: Path) -> str:
    """What ``tarot play --resume`` is given to go on with ``save`` (a deal's log or a
    match's index): its name as ``tarot saves`` lists it when that name finds this very
    file, else its path written short."""
    name = save.name.removesuffix(".jsonl")
    with contextlib.suppress(OSError):
        found = find_save(name)
        if found is not None and os.path.samefile(found, save):
            return shlex.quote(name)
    return shown_path(save, in_command=True)


def typed_command() -> str:
    """How to type this program again: ``tarot`` when that is on the PATH, else its path
    (written short: ``.venv/bin/tarot`` in the folder it was typed from)."""
    typed = Path(sys.argv[0])
    found = shutil.which("tarot")
    if found and Path(found).resolve() == typed.resolve():
        return "tarot"
    if typed.name == "tarot":  # .venv/bin/tarot, say
        return shown_path(typed, in_command=True)
    if typed.name == "__main__.py" and typed.parent.name == "tarot":  # python -m tarot
        return f"{shown_path(sys.executable, in_command=True)} -m tarot"
    return "tarot"


def resume_command(save: Path) -> str:
    """The command that goes on with the game (or match) left at ``save``: its name as
    ``tarot saves`` lists it when that finds it, else its path written short, so that the
    line fits 80 columns."""
    return f"{typed_command()} play --resume {resume_argument(save)}"


def replay_command(log: Path) -> str:
    """The command that replays the deal saved in ``log``."""
    return f"{typed_command()} replay {shown_path(log, in_command=True)}"
