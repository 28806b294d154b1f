"""``tarot saves``: the saved games, the most recent first."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import click

from tarot.engine.game import Game
from tarot.engine.phase_table import phase_said
from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, HELD, wrap
from tarot.i18n import N_, _, ngettext
from tarot.log import LogError, load_log
from tarot.storage.match_file import MatchError, is_match_file, load_match, read_index
from tarot.storage.save_folder import save_folders, saved_games
from tarot.ui.commands.common import output_width
from tarot.ui.language import TranslatedCommand


@click.command(cls=TranslatedCommand,
               help=N_("List the saved games, the most recent first (continue one with "
                       "play --resume NAME)."))
def saves() -> None:
    games = saved_games()
    if not games:
        folders = save_folders()
        if len(folders) == 1:
            click.echo(_("No saved games in {folder}.").format(folder=folders[0]))
        else:
            click.echo(_("No saved games in {first} or {second}.")
                       .format(first=folders[0], second=" or ".join(map(str, folders[1:]))))
        return
    in_matches: set[Path] = set()
    for path, _modified in games:
        if is_match_file(path):
            with contextlib.suppress(MatchError):
                index = read_index(path)
                in_matches |= {index.log_path(entry) for entry in index.deals}
    width = output_width()
    for path, modified in games:
        if path in in_matches:
            continue  # a deal of a match: the match's line stands for it
        try:
            state = _state(path)
        except MatchError as error:
            state = _("not a match: {why}").format(
                why=str(error).removeprefix(f"{path}:"))[:60]
        except LogError as error:
            state = _("not a game: {why}").format(why=error.problem.shown)[:60]
        when = datetime.fromtimestamp(modified).strftime("%Y-%m-%d %H:%M")
        line = f"{path.stem:<28} {when}  "
        # The state goes on under itself when the line is longer than the screen (under
        # the name when the screen leaves it too little room).
        hang = len(line) if width - len(line) >= 24 else 4
        for part in wrap(line.replace(" ", HELD) + state, width, FRENCH_TYPOGRAPHY,
                         subsequent_indent=" " * hang, break_long_words=False,
                         break_on_hyphens=False):
            click.echo(part)
    folders = save_folders()
    footer = _("(in {folders})").format(folders=", ".join(map(str, folders)))
    if len(footer) <= width:
        click.echo(footer)
        return
    # A path is never cut (it is copied whole): each on a line of its own.
    click.echo(_("The saves are in:"))
    for folder in folders:
        click.echo(f"  {folder}")



def _state(path: Path) -> str:
    """Where a save got to, and whether ``--resume`` goes on with it: a match says how far
    it got (a match stopped between deals deals the next one when resumed; one whose
    deals are all played is over), a single game is in progress or over; a practice game
    (``play --practice``, its take-backs in its log) says so first."""
    if is_match_file(path):
        match = load_match(path, allow_incomplete=True)
        return _practice(match.games[0].header.practice,
                         _match_progress(match.games, match.index.header.deals))
    game = load_log(path, allow_incomplete=True, drop_torn=True).game
    return _practice(game.header.practice, _deal_progress(game))


def _practice(practice: bool | None, state: str) -> str:
    return _("practice, {state}").format(state=state) if practice else state


def _match_progress(games: Sequence[Game], asked: int | None) -> str:
    """A match's index: its deals played, of those it asked for."""
    played = len(games)
    last_over = games[-1].is_over
    if asked is not None and played >= asked and last_over:
        return ngettext("a match, {count} deal, over",
                        "a match, {count} deals, over", played).format(count=played)
    phase = phase_said(games[-1].phase).shown
    return _match_state(played, asked, last_over, phase)


def _deal_progress(game: Game) -> str:
    """A deal's own log: in progress or over (or deal 1 of a match without its index)."""
    phase = phase_said(game.phase).shown
    asked = game.header.match_deals
    if asked is not None:
        # The first deal of a match killed before its index was made: --resume goes on
        # with the match.
        return _match_state(1, asked, game.is_over, phase)
    if game.is_over:
        return _("a single deal, over")
    return _("in progress ({phase}); --resume continues it").format(phase=phase)


def _match_state(played: int, asked: int | None, last_over: bool, phase: str) -> str:
    """A match that ``--resume`` goes on with: its deal in progress, or the deals played."""
    if not last_over:
        if asked is None:
            return _("a match, deal {deal} in progress ({phase}); --resume continues it"
                     ).format(deal=played, phase=phase)
        return _("a match, deal {deal} of {deals} in progress ({phase}); --resume "
                 "continues it").format(deal=played, deals=asked, phase=phase)
    if asked is None:
        # Stopped at "Another deal?": --resume asks it again.
        return ngettext("a match, {count} deal played; --resume offers another",
                        "a match, {count} deals played; --resume offers another",
                        played).format(count=played)
    return ngettext("a match, {count} deal of {deals} played; --resume deals the next",
                    "a match, {count} deals of {deals} played; --resume deals the next",
                    played).format(count=played, deals=asked)
