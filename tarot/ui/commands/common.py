"""What several commands share: a log read for a command, its torn line a warning; a
seat named on the command line."""

from __future__ import annotations

import shutil
import sys

import click
from click.shell_completion import CompletionItem

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


# The seats as a person may name them on the command line, in either language, by the
# table's size (the English names are those of table_view.SEAT_NAMES_BY_SIZE): a name is
# a seat of the table it names (West is seat 2 at three, 3 at four, 4 at five), known
# only once the log is read.
SEAT_WORDS_BY_SIZE: dict[int, dict[str, int]] = {
    3: {"south": 0, "east": 1, "west": 2, "sud": 0, "est": 1, "ouest": 2},
    4: {"south": 0, "east": 1, "north": 2, "west": 3, "sud": 0, "est": 1, "nord": 2,
        "ouest": 3},
    5: {"south": 0, "east": 1, "north-east": 2, "north-west": 3, "west": 4, "ne": 2, "nw": 3,
        "sud": 0, "est": 1, "nord-est": 2, "nord-ouest": 3, "ouest": 4, "no": 3},
}
SEAT_WORDS = {word: seat for words in SEAT_WORDS_BY_SIZE.values()
              for word, seat in words.items()}


class SeatType(click.ParamType):
    """A seat by its name (south, east, north, west; sud, est, nord, ouest) or its number
    (0-4, P0-P4: a table of five has a fifth seat; the log's table is checked once read)."""

    name = "seat"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int | str:
        """A seat's number, or its name (lower case) for seat_at to place once the log
        tells the table's size."""
        if isinstance(value, int):
            return value
        text = str(value).strip().lower()
        if text in SEAT_WORDS:
            return text
        if text.removeprefix("p") in {"0", "1", "2", "3", "4"}:
            return int(text.removeprefix("p"))
        self.fail(_("{value!r} is not a seat: south, east, north, west, north-east, "
                    "north-west (or 0-4, P0-P4)").format(value=value), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[click.shell_completion.CompletionItem]:
        return [CompletionItem(name) for name in SEAT_WORDS
                if name.startswith(incomplete.lower())]


def seat_at(as_seat: int | str | None, players: int, option: str = "--as-seat"
            ) -> int | None:
    """The seat an option (``--as-seat``, ``--seat``, ``--swap-hidden``) names at this
    game's table of ``players``: a number checked, a name looked up among that table's
    seats (North is no seat at three or five). The one reading for every command that
    takes a seat."""
    if isinstance(as_seat, str):
        words = SEAT_WORDS_BY_SIZE[players]
        if as_seat not in words:
            names = ", ".join(name.lower() for name in seat_names(players))
            raise click.UsageError(_("{option} {seat}: this game's table of {players} has no "
                                     "such seat: {names} (or P0 to P{last})").format(
                option=option, seat=as_seat, players=players, names=names,
                last=players - 1))
        return words[as_seat]
    if as_seat is not None and as_seat >= players:
        raise click.UsageError(_("{option} {seat}: this game's table has {players} seats, "
                                 "P0 to P{last}").format(option=option, seat=as_seat,
                                                         players=players, last=players - 1))
    return as_seat
