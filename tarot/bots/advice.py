"""The advice at a card decision: the card the hint player would play in a seat's place,
what every legal card comes to, and why; the hint says it, the review judges by it.

The hint player is a :class:`~tarot.bots.sampling.SamplingPlayer` asked from the
person's own view, so it knows what the person knows and nothing more. It deals the
unseen cards many ways and plays every legal card out, then ranks the cards left by
the guards it plays by (the Petit and honours not thrown away). :func:`advise` is the
one valuation of a card decision: the hint at the table and ``tarot review`` afterwards
both call it, with a generator seeded from the position itself (:func:`position_rng`),
so that the same position gets the same samples, values and best card from either.

The reasons are counts from those same deals
(:class:`~tarot.bots.sampling.CardOutcome`): how often, with the card, the person's
side takes the trick, makes or beats the contract and keeps the Petit, and the card
points it ends with, set beside the other card's, so a reason is never invented after
the fact. Before them comes the rule that decides, where one does and the seat can see
it (:class:`Situation`): the Excuse left for the last trick (R16), the Petit kept for
it (R18), an honour led into a suit the taker is known to lack (R11).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, replace

from tarot.bots.knowledge import SeatKnowledge
from tarot.bots.sampling import CardOutcome, SamplingPlayer, ranked_cards
from tarot.engine.cards import (
    EXCUSE,
    HONOUR_MASK,
    PETIT,
    SUIT_MASKS,
    TRUMP_MASK,
    card_list,
    display,
    mask_of_codes,
    suit_of,
    suit_word,
)
from tarot.engine.kernel import DEFENDERS
from tarot.engine.views import PlayerView
from tarot.i18n import _, ngettext, pgettext

# A reason is given only where the hinted card and the next best differ by at least
# this many deals in a hundred: below that, the samples cannot tell them apart.
MEANINGFUL_PERCENT = 10
MEANINGFUL_POINTS = 2  # card points a deal, on average
MOST_REASONS = 2


@dataclass(frozen=True, slots=True)
class Situation:
    """What the seat can see of the position that a rule of play turns on (for the
    reasons that name a rule)."""

    hand: int  # the seat's cards (a mask)
    # The seat's side has taken every trick so far (at least one): R16's exception.
    every_trick_ours: bool = False
    leading: bool = False  # the seat leads to the trick
    # The suits (their cards' mask) the taker is known to lack while he may still trump,
    # as a defender can tell them (SeatKnowledge.taker_voids); 0 for the attack.
    taker_voids: int = 0

    @property
    def before_last_trick(self) -> bool:
        """Two cards in hand: the one not played now goes to the last trick."""
        return self.hand.bit_count() == 2


@dataclass(frozen=True, slots=True)
class Advice:
    """The cards worth playing, best first, with what each came to in the sampled deals."""

    ranked: tuple[int, ...]
    # Every legal card (equivalent cards by the lowest of their run), the guarded-out too.
    outcomes: dict[int, CardOutcome]
    # Legal cards the guards leave out before any ranking (a beginner's mistake here).
    left_out: tuple[int, ...]
    taker_side: bool  # the seat is in the attack (the taker, or at five his known partner)
    # The Excuse's value is lowered by its worth kept for later (the sampler's discount).
    excuse_discounted: bool
    # How many times the seat scores the per-defender value (V3-9, V5-11): the taker 3 at
    # four players, 2 at three and at five with a partner (4 alone), anyone else once.
    share: int = DEFENDERS
    situation: Situation | None = None

    @property
    def best(self) -> int:
        return self.ranked[0]

    @property
    def worst(self) -> int:
        """The lowest-valued legal card (of equal values, the highest card)."""
        return min(self.outcomes, key=lambda c: (self.outcomes[c].value, -c))


def position_rng(view: PlayerView, seed: int = 0) -> random.Random:
    """The generator of the advice at the position ``view`` shows: seeded from the position
    itself (everything the seat knows; not the deal's number in a match), so that the hint
    asked at the table and the review of the saved deal sample the same deals there, and
    asking again gives the same answer. ``seed`` 0 is the hint's; the review's ``--seed``
    draws other samples."""
    position = repr(replace(view, deal_number=0)).encode()
    digest = hashlib.blake2b(position, digest_size=16).hexdigest()
    return random.Random(f"advice:{seed}:{digest}")


def advise(player: SamplingPlayer, view: PlayerView, legal: int, seed: int = 0) -> Advice:
    """What ``player`` would play from ``view`` among the ``legal`` cards (a mask), and why:
    every legal card valued over the same deals (:func:`position_rng`), the best among
    those its guards leave (the cards its ``choose`` picks from), ranked as it ranks them."""
    outcomes = player.card_outcomes(view, legal, position_rng(view, seed))
    allowed = player.fallback.guarded(view, legal) if player.settings.guard else legal
    candidates = {c: o.value for c, o in outcomes.items() if allowed >> c & 1} or \
        {c: o.value for c, o in outcomes.items()}
    ranked = tuple(ranked_cards(candidates, player.rules.points_table))
    return Advice(ranked, outcomes, tuple(card_list(legal & ~allowed)),
                  taker_side=in_attack(view),
                  excuse_discounted=EXCUSE in outcomes
                  and player.discounts_excuse(len(view.hand)),
                  share=seat_share(view, player.rules.players),
                  situation=situation_of(view, player))


def situation_of(view: PlayerView, player: SamplingPlayer) -> Situation:
    """What the seat sees of the position that a rule of play turns on (:class:`Situation`)."""
    rules = player.rules
    attack = set(view.attack) if view.attack is not None else {view.taker}
    ours = in_attack(view)
    every_trick = bool(view.tricks) and all((t.winner in attack) == ours for t in view.tricks)
    seen = SeatKnowledge.from_view(view, rules.table.chien_size, rules.players,
                                   player.fallback.style.read_table)
    return Situation(mask_of_codes(view.hand), every_trick, not view.trick,
                     seen.taker_voids())


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


def _rule_texts(best: int, other: int, situation: Situation,
                left_out: tuple[int, ...]) -> list[str]:
    """The rules of play that decide between ``best`` and ``other`` where the seat can see
    them decide, each named by its number: the Excuse left for the last trick (R16, and its
    exception), the Petit kept for it (R18), an honour led into a suit the taker is known
    to lack (R11)."""
    said: list[str] = []
    hand = situation.hand
    if situation.before_last_trick and hand >> EXCUSE & 1:
        if best == EXCUSE and not situation.every_trick_ours:
            said.append(_("play the Excuse now: kept for the last trick, it goes to the other "
                          "side (R16)"))
        elif other == EXCUSE and situation.every_trick_ours:
            said.append(_("your side has taken every trick: keep the Excuse to lead it to the "
                          "last trick, which it then takes (R16)"))
    if situation.before_last_trick and hand >> PETIT & 1:
        if other == PETIT:
            said.append(_("keep the Petit for the last trick: the side that takes that trick "
                          "scores the petit au bout, 10 points times the contract's "
                          "multiplier (R18)"))
        elif best == PETIT:
            said.append(_("play the Petit now: kept for the last trick, it would give the "
                          "petit au bout to the side that takes that trick, most likely not "
                          "yours here (R18)"))
    # A card the guards left out says so with the same rule (_left_out_texts).
    if situation.leading and (situation.taker_voids & HONOUR_MASK) >> other & 1 \
            and not situation.taker_voids >> best & 1 and other not in left_out:
        said.append(_("the taker has no {suit} left and may still trump: leading {card} there "
                      "gives him its points (R11)").format(suit=suit_word(suit_of(other)),
                                                          card=display(other)))
    return said


def _excuse_text(best: int, other: int | None) -> str | None:
    """Why the Excuse, counted less its worth kept for later, is played now or kept: said as
    a player says it, the keeping with the rule that ends it (R16)."""
    if best == EXCUSE:
        return _("better to play the Excuse now than keep it: it saves more here than it "
                 "would later")
    if other == EXCUSE:
        return _("keep the Excuse for later: it can save a card you would rather not give, "
                 "as long as it is played before the last trick (R16)")
    return None


def _left_out_texts(left_out: tuple[int, ...], situation: Situation | None) -> list[str]:
    """Why each card the guards leave out is a mistake here (the trumps a lead into the
    taker's void spares, said once)."""
    lines: list[str] = []
    voids = situation.taker_voids if situation is not None and situation.leading else 0
    for card in left_out:
        if card == PETIT:
            lines.append(_("not {card}: the Petit would most likely be lost").format(
                card=display(card)))
        elif voids >> card & 1:
            lines.append(_("not {card}: the taker has no {suit} left and may still trump, so "
                           "its points would go to him (R11)").format(
                card=display(card), suit=suit_word(suit_of(card))))
        elif not TRUMP_MASK >> card & 1:
            lines.append(_("not {card}: it would most likely be lost to the taker, and a "
                           "lower card of its suit does as well").format(card=display(card)))
    small = situation.hand & voids & ~HONOUR_MASK if situation is not None else 0
    if small and any(TRUMP_MASK >> card & 1 for card in left_out):
        suit = next(s for s, mask in enumerate(SUIT_MASKS) if small & mask)
        lines.append(_("no trump lead: lead {suit}, which the taker lacks: he must trump "
                       "(R11), and your side's trumps are spared").format(suit=suit_word(suit)))
    return lines


def reasons(advice: Advice) -> list[str]:
    """Why the best card rather than the next best, in a few words each, in the current
    language: the rule of play that decides, where one does (R16, R18, R11); then the
    counts where the best card stands apart, first those in its favour, then what it
    gives up for them (the largest differences first, at most ``MOST_REASONS`` in all)."""
    # (weight, in the best card's favour, text): sorted favour first, then by weight.
    said: list[tuple[float, bool, str]] = []
    best = advice.outcomes[advice.best]
    second_card = advice.ranked[1] if len(advice.ranked) > 1 else None
    ruled = (_rule_texts(advice.best, second_card, advice.situation, advice.left_out)
             if second_card is not None and advice.situation is not None else [])
    if second_card is not None and best.deals:
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
    lines = ruled + [text for _weight, _favour, text in said[:max(0, MOST_REASONS
                                                                    - len(ruled))]]
    if second_card is not None and not lines:
        # From the scores the hint prints, so that the two never disagree.
        gap = seat_score(advice, advice.best) - seat_score(advice, second_card)
        lines.append(_("{card} comes to the same: either will do").format(
            card=display(second_card)) if gap == 0 else
            ngettext("no one reason stands out: all in all, it scores {gap} point more on "
                     "average",
                     "no one reason stands out: all in all, it scores {gap} points more on "
                     "average", gap).format(gap=gap))
    lines += _left_out_texts(advice.left_out, advice.situation)
    if advice.excuse_discounted:
        excuse = _excuse_text(advice.best, second_card)
        if excuse is not None:
            lines.append(excuse)
    return lines
