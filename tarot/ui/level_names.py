"""The computer players' levels as a person reads them: their names in the person's language.

A level's code (``strong``, ``easy``, ``person`` for the seat a person holds) is what a log's
header, ``--json``, ``--level`` and the logs write, the same in every language; a screen, a
line or the replay page shows :func:`level_name` instead. In English the name is the code
itself. ``--level`` takes the codes alone in every language (a command line means the same
whoever runs it), and its help gives each code its name (docs/decisions.md).
"""

from __future__ import annotations

from tarot.i18n import pgettext


def level_names() -> dict[str, str]:
    """Each level's code → its name in the current language."""
    return {
        "person": pgettext("player level", "person"),
        "random": pgettext("player level", "random"),
        "easy": pgettext("player level", "easy"),
        "rules": pgettext("player level", "rules"),
        "normal": pgettext("player level", "normal"),
        "strong": pgettext("player level", "strong"),
    }


def level_name(code: str) -> str:
    """A level's name in the current language (``strong`` → ``fort``); a code the program
    does not name (a measuring player) is shown as it is."""
    return level_names().get(code, code)
