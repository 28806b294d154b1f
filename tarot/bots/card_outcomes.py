"""What each card tried at a card decision came to over the sampled deals: its mean value
and, for the hint, how often its side took the trick, came out ahead, kept the Petit, and
the points it held at the end (:class:`CardOutcome`), counted as the deals are played out
(:class:`OutcomeTally`)."""

from __future__ import annotations

from dataclasses import dataclass

from tarot.bots.playout import Position, Scoring, aware_card, play, playout, solve
from tarot.engine import kernel
from tarot.engine.cards import PETIT


@dataclass(frozen=True, slots=True)
class CardOutcome:
    """One card's mean value (as :meth:`SamplingPlayer.card_values` gives it) over
    ``deals`` sampled deals and, when counted (None: not asked for), in how many of them
    our side took the trick in progress (None under the exact search, which keeps no
    line of play), came out ahead of the other side (the contract's result, unless a
    declared chelem failed), ended with the Petit (None: the Petit is already played),
    and the half-points of cards our side held at the end, summed over the deals (None
    under the exact search)."""

    value: float
    deals: int
    trick_won: int | None = None
    side_ahead: int | None = None
    petit_ours: int | None = None
    half_points_ours: int | None = None


class OutcomeTally:
    """Counts, for each card tried, the sampled deals' outcomes that a hint reports."""

    def __init__(self, cards: int, petit_live: bool, exact: bool) -> None:
        self.petit_live = petit_live
        self.exact = exact
        self.trick_won = [0] * cards
        self.side_ahead = [0] * cards
        self.petit_ours = [0] * cards
        self.half_points_ours = [0] * cards

    def play_out(self, index: int, pos: Position, card: int, sc: Scoring,
                 taker_side: bool) -> int:
        """Play ``card`` and the deal to its end as the player does (the exact search, or
        the playout with a look at the end of this trick); its per-defender score."""
        trick_number = pos.tricks_done
        result = play(pos, card, sc)
        if self.exact:
            if result is None:
                result = solve(pos, sc)
        else:
            while result is None and pos.tricks_done == trick_number:
                result = play(pos, aware_card(pos, sc), sc)
            # The trick is complete: its winner leads the next (or the deal is over).
            self.trick_won[index] += bool(pos.attack >> pos.leader & 1) == taker_side
            if result is None:
                result = playout(pos, sc)
            if self.petit_live and bool(pos.pile >> PETIT & 1) == taker_side:
                self.petit_ours[index] += 1
            taker_points = kernel.half_points(sc.table, pos.pile, pos.adjust)
            self.half_points_ours[index] += (taker_points if taker_side
                                             else sc.table.total_half_points - taker_points)
        # A per-defender score is what the taker gains: positive when his side is ahead.
        self.side_ahead[index] += (result > 0) == taker_side
        return result

    def outcome(self, index: int, value: float, deals: int) -> CardOutcome:
        exact = self.exact
        return CardOutcome(
            value, deals,
            trick_won=None if exact else self.trick_won[index],
            side_ahead=self.side_ahead[index],
            petit_ours=self.petit_ours[index] if self.petit_live and not exact else None,
            half_points_ours=None if exact else self.half_points_ours[index])
