"""What several commands share: a log read for a command, its torn line a warning."""

from __future__ import annotations

import shutil
import sys

import click

from tarot.engine.game import Game
from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, HELD, wrap
from tarot.i18n import _
from tarot.log import LoadedLog, load_log
from tarot.ui.table_view import SEAT_NAMES_BY_SIZE


def seat_names(players: int = 4) -> tuple[str, ...]:
    """The seats' names at a table of ``players`` (South is seat 0) in the person's
    language, as the table names them at every size (SEAT_NAMES_BY_SIZE)."""
    return tuple(_(name) for name in SEAT_NAMES_BY_SIZE[players])


# The width of text written to a file or a pipe: what a terminal has at least.
PIPED_WIDTH = 80


def output_width() -> int:
    """The columns text is wrapped to: the terminal's width (40 at least), or 80 when the
    output is not a terminal (a file, a pipe, a test)."""
    if sys.stdout.isatty():
        return max(40, shutil.get_terminal_size((PIPED_WIDTH, 24)).columns)
    return PIPED_WIDTH


def echo_wrapped(text: str, *whole: object) -> None:
    """``text`` echoed within the output's width, wrapped at words, a line going on two
    columns in; each of ``whole`` (a path) is never cut, and goes to the next line whole
    when it does not fit on this one."""
    for part in whole:
        shown = str(part)
        text = text.replace(shown, shown.replace(" ", HELD))
    for line in wrap(text, output_width(), FRENCH_TYPOGRAPHY, subsequent_indent="  ",
                     break_long_words=False, break_on_hyphens=False):
        click.echo(line)


def load(path: str, allow_incomplete: bool = False, warn: bool = True) -> LoadedLog:
    """A log replayed; a game in progress may end in a torn line (a write cut short),
    which is dropped with a warning on stderr."""
    loaded = load_log(path, allow_incomplete=allow_incomplete, drop_torn=allow_incomplete)
    if loaded.torn is not None and warn:
        click.echo(_("warning: {problem}").format(problem=loaded.torn), err=True)
    return loaded


def load_game(path: str, allow_incomplete: bool = False) -> Game:
    return load(path, allow_incomplete).game
