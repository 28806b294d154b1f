"""What a seat is: asked for a decision from its view and the legal choices, and told the
events it may see.

The loop (:mod:`tarot.table.loop`) is the only caller. A seat never changes the game: it
answers with an action (or, in a practice game, asks to take back its last decision), and
the loop plays it.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from tarot.bots.base import Player
from tarot.engine.events import Action, Event
from tarot.engine.views import PlayerView


@dataclass(frozen=True, slots=True)
class TakeBack:
    """A practice game's undo: the seat's previous decision in the deal taken back (the
    engine checks that there is one)."""


Decision = Action | TakeBack


class Seat(Protocol):
    """One place at the table, as the loop sees it."""

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        """The decision for ``view.seat``, whose turn it is: one of ``legal`` (or a discard
        or poignée of the seat's own making), or a take-back."""
        ...

    def tell(self, event: Event) -> TakeBack | None:
        """An event, as this seat may see it (:func:`tarot.table.seen.seen_by`). A take-back
        answered here (a person's undo at the pause after a trick) is done before anyone
        plays on."""
        ...


class ComputerSeat:
    """A computer player at a seat: its decision comes from the view, the legal actions and
    the generator ``rng()`` gives for this decision (the game's one generator, or one made
    from the moment, so that a resumed game decides as the uninterrupted one would)."""

    def __init__(self, player: Player, rng: Callable[[], random.Random]) -> None:
        self.player = player
        self.rng = rng

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        return self.player.choose(view, legal, self.rng())

    def tell(self, event: Event) -> TakeBack | None:
        return None  # a computer player keeps no memory: its view holds all it may know


def computer_seats(players: Sequence[Player], rngs: Sequence[random.Random]
                   ) -> list[ComputerSeat]:
    """A seat for each player, each with its own generator for the whole game."""
    return [ComputerSeat(player, functools.partial(_same, rng))
            for player, rng in zip(players, rngs, strict=True)]


def _same(rng: random.Random) -> random.Random:
    return rng
