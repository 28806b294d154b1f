"""The hint: the card the hint player would play in a person's place, and why.

The hint player is a :class:`~tarot.bots.sampling.SamplingPlayer` asked from the
person's own view, so it knows what the person knows and nothing more. It applies
the guards it plays by (the Petit and honours not thrown away), then deals the
unseen cards many ways and plays each candidate out. The reasons are counts from
those same deals (:class:`~tarot.bots.sampling.CardOutcome`): how often, with the
card, the person's side takes the trick, makes or beats the contract and keeps the
Petit, and the card points it ends with, set beside the next best card's, so a
reason is never invented after the fact.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tarot.bots.sampling import CardOutcome, SamplingPlayer
from tarot.engine.cards import EXCUSE, PETIT, card_list, display
from tarot.engine.kernel import DEFENDERS
from tarot.engine.views import PlayerView

# A reason is given only where the hinted card and the next best differ by at least
# this many deals in a hundred: below that, the samples cannot tell them apart.
MEANINGFUL_PERCENT = 10
MEANINGFUL_POINTS = 2  # card points a deal, on average
MOST_REASONS = 2


@dataclass(frozen=True, slots=True)
class Advice:
    """The cards worth playing, best first, with what each came to in the sampled deals."""

    ranked: tuple[int, ...]
    outcomes: dict[int, CardOutcome]
    # Legal cards the guards leave out before any sampling (a beginner's mistake here).
    left_out: tuple[int, ...]
    taker_side: bool
    # The Excuse's value is lowered by its worth kept for later (the sampler's discount).
    excuse_discounted: bool

    @property
    def best(self) -> int:
        return self.ranked[0]


def advise(player: SamplingPlayer, view: PlayerView, legal: int, rng: random.Random) -> Advice:
    """What ``player`` would play from ``view`` among the ``legal`` cards (a mask), and why."""
    allowed = player.fallback.guarded(view, legal) if player.settings.guard else legal
    outcomes = player.card_outcomes(view, allowed, rng)
    ranked = tuple(sorted(outcomes, key=lambda card: (-outcomes[card].value, card)))
    hand_size = len(view.hand)
    return Advice(ranked, outcomes, tuple(card_list(legal & ~allowed)),
                  taker_side=view.seat == view.taker,
                  excuse_discounted=EXCUSE in ranked[:2] and player.discounts_excuse(hand_size))


def seat_score(advice: Advice, card: int) -> int:
    """The card's mean score for the seat itself, in whole points: the sampled value is
    per defender, and the taker scores it once for each defender."""
    return round((DEFENDERS if advice.taker_side else 1) * advice.outcomes[card].value)


def _percent(count: int, deals: int) -> int:
    """``count`` deals of ``deals``, in whole percent."""
    return round(100 * count / deals)


def _points(half_points: int, deals: int) -> str:
    """A mean of half-points over ``deals`` as card points, to the half point."""
    halves = round(half_points / deals)
    return f"{halves // 2}½" if halves % 2 else str(halves // 2)


def reasons(advice: Advice) -> list[str]:
    """Why the best card, in a few words each: the counts where it stands apart from the
    next best, first those in its favour, then what it gives up for them (the largest
    differences first, at most ``MOST_REASONS``)."""
    # (weight, in the best card's favour, text): sorted favour first, then by weight.
    said: list[tuple[float, bool, str]] = []
    best = advice.outcomes[advice.best]
    if len(advice.ranked) > 1 and best.deals:
        second_card = advice.ranked[1]
        second = advice.outcomes[second_card]
        mine, other = display(advice.best), display(second_card)
        gives_up = f"but {other} scores less on average"
        counted = (
            (best.trick_won, second.trick_won, "your side takes this trick"),
            (best.side_ahead, second.side_ahead,
             "you make your contract" if advice.taker_side else "the taker goes down"),
            (best.petit_ours, second.petit_ours, "the Petit ends on your side"),
        )
        for count, other_count, what in counted:
            if count is None or other_count is None:
                continue
            ours, theirs = _percent(count, best.deals), _percent(other_count, second.deals)
            if ours - theirs >= MEANINGFUL_PERCENT:
                said.append((ours - theirs, True,
                             f"with {mine} {what} in {ours}% of those deals ({other}: {theirs}%)"))
            elif theirs - ours >= MEANINGFUL_PERCENT:
                said.append((theirs - ours, False, f"with {other} {what} more often "
                             f"({theirs}% against {ours}%), {gives_up}"))
        our_points, their_points = best.half_points_ours, second.half_points_ours
        if our_points is not None and their_points is not None:
            gain = (our_points / best.deals - their_points / second.deals) / 2
            if abs(gain) >= MEANINGFUL_POINTS:
                ours_text = _points(our_points, best.deals)
                theirs_text = _points(their_points, second.deals)
                # Two card points a deal weigh as much as ten deals in a hundred.
                said.append((abs(gain) * MEANINGFUL_PERCENT / MEANINGFUL_POINTS, gain > 0,
                             f"with {mine} your side ends with {ours_text} card points on "
                             f"average ({other}: {theirs_text})" if gain > 0 else
                             f"with {other} your side ends with more card points "
                             f"({theirs_text} against {ours_text}), {gives_up}"))
        said.sort(key=lambda item: (not item[1], -item[0]))
    lines = [text for _, _, text in said[:MOST_REASONS]]
    if len(advice.ranked) > 1 and not lines:
        second_card = advice.ranked[1]
        # From the scores the hint prints, so that the two never disagree.
        gap = seat_score(advice, advice.best) - seat_score(advice, second_card)
        lines.append(f"{display(second_card)} comes to the same: either will do" if gap == 0
                     else f"no single count sets it apart: it comes out {gap} point"
                     f"{'s' if gap != 1 else ''} ahead on average")
    for card in advice.left_out:
        lines.append(f"not {display(card)}: "
                     + ("the Petit would most likely be lost" if card == PETIT else
                        "it would most likely be lost to the taker, and a lower card of "
                        "its suit does as well"))
    if advice.excuse_discounted:
        lines.append("the Excuse's figure is lowered by what keeping it for later is worth")
    return lines
