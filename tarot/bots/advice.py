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

from tarot.bots.sampling import CardOutcome, SamplingPlayer, ranked_cards
from tarot.engine.cards import EXCUSE, PETIT, card_list, display
from tarot.engine.kernel import DEFENDERS
from tarot.engine.views import PlayerView
from tarot.i18n import _, ngettext, pgettext

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
    taker_side: bool  # the seat is in the attack (the taker, or at five his known partner)
    # The Excuse's value is lowered by its worth kept for later (the sampler's discount).
    excuse_discounted: bool
    # How many times the seat scores the per-defender value (V3-9, V5-11): the taker 3 at
    # four players, 2 at three and at five with a partner (4 alone), anyone else once.
    share: int = DEFENDERS

    @property
    def best(self) -> int:
        return self.ranked[0]


def advise(player: SamplingPlayer, view: PlayerView, legal: int, rng: random.Random) -> Advice:
    """What ``player`` would play from ``view`` among the ``legal`` cards (a mask), and why."""
    allowed = player.fallback.guarded(view, legal) if player.settings.guard else legal
    outcomes = player.card_outcomes(view, allowed, rng)
    ranked = tuple(ranked_cards({card: o.value for card, o in outcomes.items()},
                                player.rules.points_table))
    return Advice(ranked, outcomes, tuple(card_list(legal & ~allowed)),
                  taker_side=in_attack(view),
                  excuse_discounted=EXCUSE in ranked[:2]
                  and player.discounts_excuse(len(view.hand)),
                  share=seat_share(view, player.rules.players))


def in_attack(view: PlayerView) -> bool:
    """Whether the seat knows it is in the attack (the taker, or at five his known
    partner)."""
    return view.seat == view.taker or (view.attack is not None and view.seat in view.attack)


def seat_share(view: PlayerView, seats: int) -> int:
    """How many times the seat scores the per-defender value (:attr:`Advice.share`)."""
    if view.seat != view.taker:
        return 1
    # At five the taker counts on a partner unless he knows he is alone (V5-5).
    alone = seats == 5 and view.attack is not None and len(view.attack) == 1
    return seats - 1 if seats != 5 or alone else 2


def seat_score(advice: Advice, card: int) -> int:
    """The card's mean score for the seat itself, in whole points: the sampled value is
    per defender, and the seat scores it ``advice.share`` times (the taker at four players
    once for each defender)."""
    return round(advice.share * advice.outcomes[card].value)


def _percent(count: int, deals: int) -> int:
    """``count`` deals of ``deals``, in whole percent."""
    return round(100 * count / deals)


def _points(half_points: int, deals: int) -> str:
    """A mean of half-points over ``deals`` as card points, to the half point."""
    halves = round(half_points / deals)
    return f"{halves // 2}½" if halves % 2 else str(halves // 2)


def _percent_text(percent: int) -> str:
    """A share of the sampled deals as a person reads it: "72%" (in French "72 fois sur
    100")."""
    return pgettext("a share of the deals the hint tried", "{percent}%").format(percent=percent)


# What a count says, for the best card and against it, each as a whole sentence: (in the
# best card's favour, the next best's). Filled with {mine}, {other} (the two cards),
# {ours}, {theirs} (their shares of the sampled deals: _percent_text).
def _trick_texts() -> tuple[str, str]:
    return (_("with {mine} your side takes this trick in {ours} of those deals "
              "({other}: {theirs})"),
            _("with {other} your side takes this trick more often ({theirs} against "
              "{ours}), but {other} scores less on average"))


def _contract_texts(taker_side: bool) -> tuple[str, str]:
    if taker_side:
        return (_("with {mine} you make your contract in {ours} of those deals "
                  "({other}: {theirs})"),
                _("with {other} you make your contract more often ({theirs} against "
                  "{ours}), but {other} scores less on average"))
    return (_("with {mine} the taker goes down in {ours} of those deals ({other}: "
              "{theirs})"),
            _("with {other} the taker goes down more often ({theirs} against {ours}), "
              "but {other} scores less on average"))


def _petit_texts() -> tuple[str, str]:
    return (_("with {mine} the Petit ends on your side in {ours} of those deals "
              "({other}: {theirs})"),
            _("with {other} the Petit ends on your side more often ({theirs} against "
              "{ours}), but {other} scores less on average"))


def reasons(advice: Advice) -> list[str]:
    """Why the best card, in a few words each, in the current language: the counts where
    it stands apart from the next best, first those in its favour, then what it gives up
    for them (the largest differences first, at most ``MOST_REASONS``)."""
    # (weight, in the best card's favour, text): sorted favour first, then by weight.
    said: list[tuple[float, bool, str]] = []
    best = advice.outcomes[advice.best]
    if len(advice.ranked) > 1 and best.deals:
        second_card = advice.ranked[1]
        second = advice.outcomes[second_card]
        mine, other = display(advice.best), display(second_card)
        counted = (
            (best.trick_won, second.trick_won, _trick_texts()),
            (best.side_ahead, second.side_ahead, _contract_texts(advice.taker_side)),
            (best.petit_ours, second.petit_ours, _petit_texts()),
        )
        for count, other_count, (for_it, against_it) in counted:
            if count is None or other_count is None:
                continue
            ours, theirs = _percent(count, best.deals), _percent(other_count, second.deals)
            fields = {"mine": mine, "other": other, "ours": _percent_text(ours),
                      "theirs": _percent_text(theirs)}
            if ours - theirs >= MEANINGFUL_PERCENT:
                said.append((ours - theirs, True, for_it.format(**fields)))
            elif theirs - ours >= MEANINGFUL_PERCENT:
                said.append((theirs - ours, False, against_it.format(**fields)))
        our_points, their_points = best.half_points_ours, second.half_points_ours
        if our_points is not None and their_points is not None:
            gain = (our_points / best.deals - their_points / second.deals) / 2
            if abs(gain) >= MEANINGFUL_POINTS:
                fields = {"mine": mine, "other": other,
                          "ours": _points(our_points, best.deals),
                          "theirs": _points(their_points, second.deals)}
                # Two card points a deal weigh as much as ten deals in a hundred.
                said.append((abs(gain) * MEANINGFUL_PERCENT / MEANINGFUL_POINTS, gain > 0,
                             _("with {mine} your side ends with {ours} card points on average "
                               "({other}: {theirs})").format(**fields) if gain > 0 else
                             _("with {other} your side ends with more card points ({theirs} "
                               "against {ours}), but {other} scores less on average"
                               ).format(**fields)))
        said.sort(key=lambda item: (not item[1], -item[0]))
    lines = [text for _weight, _favour, text in said[:MOST_REASONS]]
    if len(advice.ranked) > 1 and not lines:
        second_card = advice.ranked[1]
        # From the scores the hint prints, so that the two never disagree.
        gap = seat_score(advice, advice.best) - seat_score(advice, second_card)
        lines.append(_("{card} comes to the same: either will do").format(
            card=display(second_card)) if gap == 0 else
            ngettext("no one reason stands out: all in all, it scores {gap} point more on "
                     "average",
                     "no one reason stands out: all in all, it scores {gap} points more on "
                     "average", gap).format(gap=gap))
    for card in advice.left_out:
        lines.append((_("not {card}: the Petit would most likely be lost") if card == PETIT
                      else _("not {card}: it would most likely be lost to the taker, and a "
                             "lower card of its suit does as well")).format(card=display(card)))
    if advice.excuse_discounted:
        lines.append(_("the Excuse counts for less here: keeping it for later is worth "
                       "something too"))
    return lines
