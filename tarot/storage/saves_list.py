"""The saved games as a list, the most recent first: each save with its time and where it
got to (a match, a deal in progress or over, a practice game), in the person's language;
``tarot saves`` prints it."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tarot.engine import phases
from tarot.engine.game import Game
from tarot.engine.phase_table import phase_said
from tarot.i18n import _, ngettext
from tarot.log import LogError, load_log
from tarot.storage.match_file import MatchError, is_match_file, load_match, read_index
from tarot.storage.save_folder import saved_games

# A save that cannot be read says why in a few words: the list is not the place for a log's
# whole problem (``tarot validate`` gives it).
WHY_LENGTH = 60


@dataclass(frozen=True, slots=True)
class Reached:
    """Which game a save is, as facts the list puts in words: the table, the contract, the
    point the game reached and the score. Read from the games the state is read from: no
    log is read twice."""

    players: int  # the table's size
    person: int | None  # the person's seat; None when the computer played every seat
    deal: int | None  # the deal in progress or last played, in a match; None: one deal
    taker: int | None  # the last deal's taker, once the auction has one
    contract: str | None  # and its contract's name, in the person's language
    trick: int | None  # the trick being played (from 1); None outside the tricks
    phase: str  # the last deal's phase (tarot.engine.phases)
    over: bool  # nothing left to play: the deal, or every deal the match asked for
    scores: tuple[int, ...] | None  # by seat: the deal's, or the match's so far; None: none


@dataclass(frozen=True, slots=True)
class SavedGame:
    path: Path
    modified: float  # the file's modification time, seconds since the epoch
    state: str  # where it got to, and whether --resume goes on with it
    reached: Reached | None = None  # None: a save that cannot be read


def listed_saves() -> list[SavedGame]:
    """Every save, the most recently written first; a match's deals are left out, its
    index's line standing for them."""
    games = saved_games()
    in_matches: set[Path] = set()
    for path, _modified in games:
        if is_match_file(path):
            with contextlib.suppress(MatchError):
                index = read_index(path)
                in_matches |= {index.log_path(entry) for entry in index.deals}
    return [_saved_game(path, modified) for path, modified in games if path not in in_matches]


def _saved_game(path: Path, modified: float) -> SavedGame:
    try:
        return SavedGame(path, modified, *_state(path))
    except MatchError as error:
        return SavedGame(path, modified, _("not a match: {why}").format(
            why=str(error).removeprefix(f"{path}:"))[:WHY_LENGTH])
    except LogError as error:
        return SavedGame(path, modified, _("not a game: {why}").format(
            why=error.problem.shown)[:WHY_LENGTH])


def _state(path: Path) -> tuple[str, Reached]:
    """Where a save got to, and whether ``--resume`` goes on with it: a match says how far
    it got (a match stopped between deals deals the next one when resumed; one whose
    deals are all played is over), a single game is in progress or over; a practice game
    (``play --practice``, its take-backs in its log) says so first. With it, the facts
    that tell one save from another."""
    if is_match_file(path):
        match = load_match(path, allow_incomplete=True)
        asked = match.index.header.deals
        return (_practice(match.games[0].header.practice,
                          _match_progress(match.games, asked)),
                _reached(match.games, match.index.header.players,
                         asked is not None and len(match.games) >= asked, in_match=True))
    game = load_log(path, allow_incomplete=True, drop_torn=True).game
    in_match = game.header.match_deals is not None  # deal 1, its match's index not made
    return (_practice(game.header.practice, _deal_progress(game)),
            _reached([game], game.header.players, not in_match, in_match=in_match))


def _reached(games: Sequence[Game], players: Sequence[str] | None, last_asked: bool,
             *, in_match: bool = False) -> Reached:
    """The facts of a save whose deals are ``games`` (one for a single deal), the last in
    progress or over; ``last_asked``: no deal comes after the last one."""
    last = games[-1]
    settled = [game.settlement.scores for game in games if game.settlement is not None]
    scores = tuple(map(sum, zip(*settled, strict=True))) if settled else None
    person = None if players is None or "person" not in players else players.index("person")
    tricks = last.phase == phases.TRICKS
    return Reached(players=last.rules.players, person=person,
                   deal=len(games) if in_match else None,
                   taker=last.taker,
                   contract=None if last.state.contract < 0
                   else last.rules.contracts[last.state.contract].label,
                   trick=len(last.state.tricks) + 1 if tricks else None, phase=last.phase,
                   over=last.is_over and last_asked, scores=scores)


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
