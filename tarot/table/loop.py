"""The one deal loop: every game the package plays, at the terminal, on the screen or
between computer players, is played out here.

Ask the seat whose turn it is, play its decision through the engine (the only place the
game changes), write the events to the log (flushed: a killed game loses nothing), tell
every seat what it may see of them, and tell the watchers (a front end drawing the table
for its person) the events themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tarot.engine.events import Event
from tarot.engine.game import Game
from tarot.errors import TarotError
from tarot.i18n import _
from tarot.log import LogWriter
from tarot.table.seats import ComputerSeat, Seat, TakeBack
from tarot.table.seen import seen_by

Watcher = Callable[[Event], None]


class NoContract(TarotError, RuntimeError):
    """A game of computer players only in which no one bids, deal after deal: under some
    rule sets (tiny hands, say) a player that bids on its hand's strength never does, and
    the game would be redealt for ever (A18)."""

    code = "no_contract"


def play_out(game: Game, seats: Sequence[Seat], *, log: LogWriter | None = None,
             watchers: Sequence[Watcher] = (), max_deals: int | None = None) -> Game:
    """Play ``game`` until it is over, ``seats[i]`` deciding for seat ``i``; ``game`` is
    returned, over. ``max_deals``: the deals (the first and its redeals) allowed before
    :class:`NoContract`. A seat's exception (a person leaving) goes up as it is, with
    every event so far written and told.

    Each seat is first told what it may see of the game so far (the deal, at least); the
    watchers are not: a front end tells a resumed game's past in its own way."""
    # A computer seat keeps no memory (its view holds all it may know): it is not told,
    # which spares a match's every event the telling.
    listening = [(index, seat) for index, seat in enumerate(seats)
                 if not isinstance(seat, ComputerSeat)]
    for index, newcomer in listening:
        for event in game.events:
            newcomer.tell(seen_by(event, index))
    while not game.is_over:
        if max_deals is not None and game.deal_number >= max_deals:
            raise NoContract(_("seed {seed}: no contract after {deals} deals").format(
                seed=game.header.seed, deals=max_deals))
        turn = game.turn
        assert turn is not None
        decision = seats[turn].decide(game.view(turn), game.legal_actions())
        events = game.undo() if isinstance(decision, TakeBack) else game.play(decision)
        if log is not None:
            log.write(events)
        if listening or watchers:
            tell(game, events, listening, log, watchers)
    return game


def tell(game: Game, events: Sequence[Event], listening: Sequence[tuple[int, Seat]],
         log: LogWriter | None, watchers: Sequence[Watcher]) -> None:
    """Tell ``events`` (written already); a take-back asked for while they are told (at the
    pause after a trick) is done, written and told before anyone plays on."""
    taken_back = False
    for event in events:
        for watch in watchers:
            watch(event)
        for index, seat in listening:
            taken_back |= isinstance(seat.tell(seen_by(event, index)), TakeBack)
    if taken_back:
        undo = game.undo()
        if log is not None:
            log.write(undo)
        tell(game, undo, listening, log, watchers)
