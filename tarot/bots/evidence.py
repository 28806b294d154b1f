"""How well a sampled deal explains the cards the other seats have played: the play as evidence.

A seat's card says something about the rest of its hand. A defender who plays a
small heart onto his partner's sure trick probably has no king of hearts to throw
there; a player who leads from a suit probably has few cards in it. The sampler
(:class:`~tarot.bots.sampling.Knowledge`) deals only what the rules allow (voids,
trump caps, the cards seen); this module weighs its deals by how likely each
would have made the others play as they did, so that the player can keep those
that explain the play best (sampling importance resampling).

The model of the others is :func:`~tarot.bots.playout.greedy_card`, the playout
module's policy that sees only its own hand, as a real player does. It is a rough
model: in 30 deals of four yardstick players it picks their card, or one that plays
the same, in 71% of the decisions with a choice (85% with two choices, 56% with five
or more: ``python benchmarks/bench_evidence.py --deals 30``). So a play it would not
have made counts against a deal by a fixed factor (``mismatch``), not as impossible.

Only the view is read: the cards played, who played them and in what order. The
viewer's own plays tell it nothing and are skipped.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from tarot.bots.knowledge import card_play
from tarot.bots.playout import Position, Scoring, distinct_cards, greedy_card
from tarot.engine.cards import FULL_DECK_MASK
from tarot.engine.kernel import trick_winner_index
from tarot.engine.views import PlayerView


@dataclass(frozen=True, slots=True)
class PastPlay:
    """One card another seat played, and what that seat's decision looked like then."""

    seat: int
    card: int
    # The cards the seat played from this one on: its hand then is its hand now with
    # these added.
    later: int
    gone: int  # the cards of the tricks completed before this one
    # The table before the card. Its hands are scratch space: Evidence.weight writes each
    # deal's hand of ``seat`` there before asking the model.
    position: Position


def past_plays(view: PlayerView, seats: int = 4) -> list[PastPlay]:
    """Every card played so far by a seat other than the viewer, oldest first. The camps are
    the ones the view knows (at five players before the reveal: the taker alone)."""
    taker = view.taker
    assert taker is not None and view.leader is not None, "only the card play has past plays"
    attack = sum(1 << s for s in view.attack) if view.attack is not None else 1 << taker
    plays: list[tuple[int, int, int, Position]] = []
    gone = 0
    for number, (lead, cards) in enumerate(card_play(view)):
        for i, card in enumerate(cards):
            seat = (lead + i) % seats
            if seat != view.seat:
                on_table = cards[:i]
                position = Position([0] * seats, on_table, lead, taker, number, 0, 0, 0, 0,
                                    0, trick_winner_index(on_table), attack, seats)
                plays.append((seat, card, gone, position))
        for card in cards:
            gone |= 1 << card
    later = [0] * seats
    result = []
    for seat, card, before, position in reversed(plays):
        later[seat] |= 1 << card
        result.append(PastPlay(seat, card, later[seat], before, position))
    result.reverse()
    return result


def _equivalent(a: int, b: int, hand: int, gone: int, points: tuple[int, ...]) -> bool:
    """Whether cards ``a`` and ``b`` of ``hand`` would have played the same, as the player
    prunes its own choices (:func:`~tarot.bots.playout.distinct_cards`): the cards that may
    lie between them are those neither the seat's own nor gone."""
    return len(distinct_cards(1 << a | 1 << b, points, FULL_DECK_MASK & ~hand & ~gone)) == 1


class Evidence:
    """Weighs sampled deals by how well they explain the other seats' plays."""

    def __init__(self, view: PlayerView, sc: Scoring, mismatch: float, seats: int = 4) -> None:
        self.plays = past_plays(view, seats)
        self.sc = sc
        self.mismatch = mismatch

    def weight(self, hands: Sequence[int]) -> float:
        """``mismatch`` to the power of the plays that ``greedy_card`` would not have made
        with the hands of this deal (the seats' current hands, as sampled)."""
        sc = self.sc
        points = sc.points
        misses = 0
        for play in self.plays:
            hand = hands[play.seat] | play.later
            position = play.position
            position.hands[play.seat] = hand
            choice = greedy_card(position, sc)
            if choice != play.card and not _equivalent(choice, play.card, hand, play.gone,
                                                       points):
                misses += 1
        return self.mismatch ** misses


def resample(deals: Sequence[list[int]], weights: Sequence[float], count: int,
             rng: random.Random) -> list[list[int]]:
    """``count`` of ``deals``, each drawn with probability in proportion to its weight
    (systematic resampling: one random number, evenly spaced picks). The weights must
    not all be zero."""
    cumulative = list(accumulate(weights))
    total = cumulative[-1]
    if not total > 0:
        raise ValueError("resample needs a positive weight")
    # A pick rounded up to the total must still land on a deal that has weight.
    last = max(i for i, weight in enumerate(weights) if weight > 0)
    start = rng.random()
    chosen = []
    index = 0
    for k in range(count):
        pick = (start + k) * total / count
        while index < last and cumulative[index] <= pick:
            index += 1
        chosen.append(deals[index])
    return chosen
