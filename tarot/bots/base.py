"""What a computer player is: a function of its seat's view, the legal actions and its generator.

A player never sees the game itself, so it cannot read a hidden card: the
game (or the match runner) builds the seat's :class:`~tarot.engine.views.PlayerView`
and the legal actions, and asks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from tarot.engine.cards import PETIT
from tarot.engine.events import Action
from tarot.engine.game import Game
from tarot.engine.kernel import RuleTable
from tarot.engine.views import PlayerView


class Player(Protocol):
    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """One legal action for ``view.seat``.

        ``legal`` lists the legal actions, with one representative for the two
        choices of k among n (see ``tarot.engine.phase_table.legal_actions``): a player may
        return any legal discard or poignée subset of its own making.
        """
        ...


def ask(player: Player, game: Game, rng: random.Random) -> Action:
    """The action ``player`` takes for the seat to act, from that seat's view only."""
    seat = game.turn
    assert seat is not None, "no decision is awaited"
    return player.choose(game.view(seat), game.legal_actions(), rng)


def petit_worth(table: RuleTable) -> int:
    """What the Petit is worth to the side that keeps it, in half-points, as the players
    weigh it in play: its card points, and the target it moves (the taker's target is
    higher by this much with one bout fewer): 19 under the standard rules, where it is
    worth 9 as a card."""
    return table.points[PETIT] + table.targets[0] - table.targets[1]
