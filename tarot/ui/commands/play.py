"""``tarot play``: a game at the terminal, saved as it is played (the lifecycle of the save
and the match is :mod:`tarot.ui.session`'s; this module is the table it plays at)."""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import click
from click.core import ParameterSource
from rich.console import Console
from rich.text import Text

from tarot.bots.registry import DEFAULT_LEVEL, PLAYERS
from tarot.engine.game import Game
from tarot.engine.typed_words import read_words
from tarot.i18n import N_, _, languages
from tarot.i18n import language as current_language
from tarot.said import os_error_said
from tarot.storage.locks import real_path
from tarot.storage.match_file import SheetRow, sheet_lines
from tarot.storage.named_deals import Script
from tarot.storage.save_choices import remembered_language
from tarot.storage.save_folder import find_save
from tarot.storage.score_sheet import SHEET_LAST_DEALS
from tarot.ui import terminal
from tarot.ui.branching import BranchPoint, branch_point, person_seat
from tarot.ui.commands.common import SeatType, seat_at
from tarot.ui.exit_status import ExitStatus
from tarot.ui.language import TranslatedCommand, TranslatedOption, use_language
from tarot.ui.session import (
    MAX_MATCH_DEALS,
    PlayOptions,
    WholeLine,
    play_session,
)
from tarot.ui.shown_paths import replay_command, resume_command, shown_path
from tarot.ui.table_view import use_four_colour_suits
from tarot.ui.terminal import (
    QuitGame,
    TerminalGame,
    names_for,
    open_save,
    say_wrapped,
    seated_players,
    sync_save,
)

LEVELS = tuple(PLAYERS)


@click.command(cls=TranslatedCommand,
               help=N_("Play French Tarot: you (South) against the computer players "
                       "(three, or two or four with --players), deal after deal, with a "
                       "score sheet."))
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help=N_("Deal from this seed (a reproducible deal)."))
@click.option("--deal", "deal_name", default=None, metavar="NAME|PATH",
              help=N_("Play a named deal from seeds/ (e.g. slam-made, or seeds/garde.toml)."))
@click.option("--rules", "rules_name", default="standard", show_default=True,
              help=N_("A rule set name (standard, fft) or a path to a .toml file."))
@click.option("--players", type=click.Choice(["3", "4", "5"]), default=None,
              help=N_("The table's size: 3, 4 (the default) or 5 players (the standard "
                      "rules for that size, or a --rules file of that size)."))
@click.option("--save", "save_path", type=click.Path(path_type=Path),
              default=None, help=N_("Where to save the game (default: a new file under "
                                    "the games folder that `tarot saves` shows)."))
@click.option("--level", cls=TranslatedOption, default=DEFAULT_LEVEL, show_default=True,
              envvar="TAROT_LEVEL",
              show_envvar=True, type=click.Choice(LEVELS),
              help=N_("The computer players: random, easy (rules with lapses), rules "
                      "(quick), normal (sampling, ~0.02 s a card), strong (sampling, "
                      "~0.05 s a card)."))
@click.option("--auto", is_flag=True, help=N_("The computer plays every seat."))
@click.option("--resume", "resume_name", metavar="SAVE", default=None,
              help=N_("Continue an unfinished saved game: a file, or a name `tarot saves` "
                      "lists."))
@click.option("--force", is_flag=True, help=N_("Replace the --save file if it exists."))
@click.option("--deals", type=click.IntRange(min=1, max=MAX_MATCH_DEALS), default=None,
              help=N_("Play this many deals in a row (default: ask after each deal; "
                      "one deal with --auto)."))
@click.option("--pace", type=click.FloatRange(min=0, max=60), default=None, metavar="SECONDS",
              help=N_("Wait this long after each trick (default: Enter to go on, at a "
                      "terminal; no pause when the input is piped)."))
@click.option("--from", "from_log", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="LOG",
              help=N_("Play on from a moment of this saved deal (a file, or a name tarot "
                      "saves lists; with --at), in a new save: its deal and its events up to "
                      "that moment, then you and the computer players."))
@click.option("--at", "at", default=None, metavar="SEQ|'trick N'",
              help=N_("With --from: the moment to play on from, an event's number as "
                      "tarot replay prints it (a decision: a bid, a discard, a card...), or "
                      "trick N for the start of trick N."))
@click.option("--as-seat", type=SeatType(), default=None, metavar="SEAT",
              help=N_("With --from: the seat you take (south, east, north, west; at five "
                      "north-east and north-west); by default the log's person's, else "
                      "South."))
@click.option("--plain", is_flag=True,
              help=N_("Play in line mode (one line after another, for screen readers and "
                      "scripts) even at a terminal; it is chosen by itself when the input "
                      "or the output is not a terminal."))
@click.option("--practice", is_flag=True,
              help=N_("A practice game: type undo (or annuler) at any of your prompts to "
                      "take back your previous decision in the deal; the computer players "
                      "then decide again. Each take-back is saved in the log."))
@click.option("--four-colour-suits", is_flag=True, envvar="TAROT_FOUR_COLOUR_SUITS",
              show_envvar=True,
              help=N_("Each suit in its own colour: spades in the terminal's colour, hearts "
                      "red, diamonds yellow, clubs green."))
@click.pass_context
def play(ctx: click.Context, seed: int | None, deal_name: str | None, rules_name: str,
         players: str | None, save_path: Path | None, level: str, auto: bool,
         resume_name: str | None, force: bool, deals: int | None, pace: float | None,
         from_log: Path | None, at: str | None, as_seat: int | str | None,
         plain: bool, practice: bool, four_colour_suits: bool) -> None:
    _tolerate_undecodable_input()
    use_four_colour_suits(four_colour_suits)
    language = _game_language(ctx, resume_name, from_log)
    given = frozenset(name for name in ctx.params
                      if ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE)
    # Read and checked before the table opens: a refusal is one line, at any terminal.
    branch = _branch_point(given, from_log, at, as_seat, auto, save_path)
    options = PlayOptions(seed=seed, deal_name=deal_name, rules_name=rules_name,
                          save_path=save_path, level=level, auto=auto,
                          resume_name=resume_name, force=force, deals=deals,
                          players=None if players is None else int(players), given=given,
                          branch=branch, practice=practice, language=language)
    if plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        play_session(options, TerminalTable(pace))
    else:
        play_full_screen(options, pace)


def _game_language(ctx: click.Context, resume_name: str | None, from_log: Path | None
                   ) -> str | None:
    """Speak the language the saved game was played in, when one is resumed or played on
    from and ``--lang`` is not given (an explicit ``--lang`` wins); the language to
    remember beside this game's save, or None when there is nothing new to remember."""
    if any(context.get_parameter_source("lang") == ParameterSource.COMMANDLINE
           for context in (ctx, ctx.parent) if context is not None):
        return current_language()
    remembered = None
    # A name that finds nothing (or cannot be looked at) is the session's to refuse.
    with contextlib.suppress(OSError, ValueError):
        source = (find_save(resume_name) if resume_name is not None
                  else None if from_log is None else find_save(from_log) or from_log)
        remembered = None if source is None else remembered_language(real_path(source))
    if remembered is None or remembered not in languages():
        return None
    use_language(remembered)
    # A resumed game has it already; a game played on from another keeps its language.
    return remembered if resume_name is None else None


# The options that say which deal to play, which --from says already (by parameter name,
# as the command line spells them).
_DEAL_OPTIONS = {"seed": "--seed", "deal_name": "--deal", "resume_name": "--resume",
                 "rules_name": "--rules", "players": "--players"}


def _branch_point(given: frozenset[str], from_log: Path | None, at: str | None,
                  as_seat: int | str | None, auto: bool, save_path: Path | None
                  ) -> BranchPoint | None:
    """Where --from and --at say to play on from, and the person's seat there; None
    without --from. The options that contradict them are refused, each named."""
    if from_log is None:
        if at is not None:
            raise click.UsageError(_("--at goes with --from (the saved deal to play on "
                                     "from)"))
        if as_seat is not None:
            raise click.UsageError(_("--as-seat goes with --from (the saved deal to play on "
                                     "from)"))
        return None
    if at is None:
        raise click.UsageError(_("--from needs --at: the moment to play on from (an event's "
                                 "number as tarot replay prints it, or trick N)"))
    contradicting = [option for name, option in _DEAL_OPTIONS.items() if name in given]
    if contradicting:
        raise click.UsageError(_("--from plays on the saved deal as it was dealt, under its "
                                 "rules; leave out {options}").format(
            options=", ".join(contradicting)))
    if auto and as_seat is not None:
        raise click.UsageError(_("--as-seat gives you a seat; --auto gives every seat to the "
                                 "computer players (leave out one of them)"))
    # A file, or a save's name as `tarot saves` lists it (as --resume takes them); a name
    # found nowhere is left to the reader, which says no such file.
    point = branch_point(find_save(from_log) or from_log, at)
    if save_path is not None and real_path(save_path) == point.source:
        raise click.UsageError(_("--save {path} is the saved deal played on from; it is "
                                 "never replaced: choose another path").format(path=save_path))
    if auto:
        return point
    person = (person_seat(point.game) if as_seat is None
              else seat_at(as_seat, point.game.rules.players))
    return dataclasses.replace(point, person=person)


def play_full_screen(options: PlayOptions, pace: float | None) -> None:
    """The session on the full screen; once it is left, the last result and how to
    continue or replay the game printed as in line mode, and the same exit status."""
    from tarot.ui.screen.app import TableApp  # Textual loads only for the full screen

    app = TableApp(options, pace)
    app.run()
    # Printed as line mode prints them: wrapped between words, a path on a line of its own.
    terminal_table = TerminalTable(pace)
    for line in app.leaving_lines():
        terminal_table.show(line)
    if app.error is not None:
        raise app.error
    if app.table.exit_status:
        raise SystemExit(app.table.exit_status)


class TerminalTable:
    """The session's table at the terminal: lines on stdout, the game played by
    :class:`~tarot.ui.terminal.TerminalGame`. ``console`` and ``ask_line``: a test's."""

    def __init__(self, pace: float | None, console: Console | None = None,
                 ask_line: Callable[[str], str] | None = None,
                 interactive: bool | None = None) -> None:
        self.pace = pace
        self.interactive = sys.stdin.isatty() if interactive is None else interactive
        self.console = console or Console(highlight=False)
        # At a terminal lines wrap between words; piped output keeps them whole (as
        # TerminalGame does).
        self.console.soft_wrap = not self.console.is_terminal
        self.ask_line = ask_line
        self.legend_shown = False  # the card legend: once a run, not every deal

    def seat_names(self, person: int | None, players: int = 4) -> tuple[str, ...]:
        return names_for(person, players)

    def show(self, line: str) -> None:
        if isinstance(line, WholeLine):  # a path or a command: never broken
            self.console.print(Text(line), markup=False, soft_wrap=True)
            return
        indent = len(line) - len(line.lstrip(" "))
        say_wrapped(self.console, Text(line), indent + 2)

    def play(self, game: Game, players: tuple[str, ...], script: Script | None, path: Path,
             resume_with: Path | None, match_line: str | None) -> bool:
        legend = not self.legend_shown
        if not legend and "person" in players and self.pace is None and self.interactive:
            # The next deal of a match asked for with --deals: the last deal's result and
            # the sheet stay on screen until the person goes on, as "Another deal?" does.
            try:
                answer = (self.ask_line or terminal._prompt)(_("(Enter to go on)"))
            except QuitGame:
                answer = ""  # the end of the input: the deal's first prompt meets it too
            except click.Abort:  # Ctrl-C: everything is saved already
                raise SystemExit(ExitStatus.INTERRUPTED) from None
            if answer.strip().lower() in read_words("quit"):
                self.show("")
                self.show(_("Game saved; continue it with:"))
                self.show(WholeLine(f"  {resume_command(resume_with or path)}"))
                return False
        self.legend_shown = True
        return _play_saved(game, players, script, path, self.pace, resume_with, match_line,
                           table=self, legend=legend)

    def another_deal(self) -> bool:
        return _another_deal(self.ask_line)

    def show_sheet(self, rows: Sequence[SheetRow], names: tuple[str, ...],
                   contracts: Mapping[str, str]) -> None:
        self.show("")
        for line in sheet_lines(list(rows), names, dict(contracts), last=SHEET_LAST_DEALS):
            self.show(line)


def _play_saved(game: Game, seat_players: tuple[str, ...], script: Script | None,
                path: Path, pace: float | None, resume_with: Path | None = None,
                match_line: str | None = None, *, table: TerminalTable | None = None,
                legend: bool = True) -> bool:
    """Play the game at the terminal, appending each event to the save file; whether it
    was played to its end (False: the person left, and it is saved). ``resume_with``:
    the file that resumes it, when not the deal's own (a match's index)."""
    human, players = seated_players(seat_players, game.rules)
    save = open_save(path)
    try:
        with save:
            # Each event is written and flushed as it happens (LogWriter): once flushed it
            # is the kernel's, and survives the death of this process, SIGKILL included.
            # Where it is saved is told before the settlement, which stays last, just
            # above the score sheet.
            closing = ((_("Game saved:"), shown_path(path)),
                       (_("Replay it with:"), replay_command(path)))
            terminal = TerminalGame(game, players, human, save, new_file=False, script=script,
                                    pace=pace, match_line=match_line,
                                    console=table.console if table else None,
                                    ask_line=table.ask_line if table else None,
                                    interactive=table.interactive if table else None,
                                    legend=legend, closing=closing)
            try:
                terminal.run()
            except (QuitGame, click.Abort, KeyboardInterrupt) as stop:
                sync_save(save)
                terminal.say("")
                terminal.say_whole(_("Game saved; continue it with:"),
                                   resume_command(resume_with or path))
                if isinstance(stop, QuitGame):
                    return False
                # Interrupted (Ctrl-C): saved all the same, and the exit status says so.
                raise SystemExit(ExitStatus.INTERRUPTED) from None
            sync_save(save)
    except OSError as error:  # a full disk, say: the lines already in the file are whole
        raise click.ClickException(
            _("{path}: cannot save the game: {error}; what was saved can be continued with: "
              "{command}").format(path=shown_path(path), error=os_error_said(error).shown,
                                  command=resume_command(resume_with or path))) from None
    return True


def _another_deal(ask_line: Callable[[str], str] | None = None) -> bool:
    """Asks whether to deal again; the end of the input is a no."""
    while True:
        try:
            answer = (ask_line or terminal._prompt)(_("Another deal? [Y/n]")).strip().lower()
        except QuitGame:
            return False
        except click.Abort:  # Ctrl-C: everything is saved already
            raise SystemExit(ExitStatus.INTERRUPTED) from None
        if not answer or answer in read_words("yes"):
            return True
        if answer in read_words("no") | read_words("quit"):
            return False
        click.echo("  ✗ " + _("Answer y (another deal) or n (stop here)."))


def _tolerate_undecodable_input() -> None:
    """Bytes that are not text on stdin become U+FFFD instead of a UnicodeDecodeError."""
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):  # a stream already read from, or closed
            reconfigure(errors="replace")
