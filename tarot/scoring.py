"""The settlement: card points by side with the Excuse ledger, then the score (RULES.md 3.5, 3.6).

Everything is in integer half-points; the only rounding is the counted
difference, rounded up to a whole point in favour of the winning side (A10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tarot.cards import BOUTS, CODES, EXCUSE, EXCUSE_BIT, PETIT, mask_of
from tarot.events import ChelemScore, PoigneeScore, Settlement
from tarot.rules import RuleSet
from tarot.state import CompletedTrick, DealState

Side = Literal["taker", "defence"]


@dataclass(frozen=True, slots=True)
class CardCount:
    """The taker's final pile: its cards and the Excuse compensation in half-points."""

    taker_cards: int  # mask
    excuse_adjustment: int  # half-points added to (or, negative, taken from) the taker
    points_table: tuple[int, ...]

    @property
    def taker_half_points(self) -> int:
        points = self.points_table
        total = self.excuse_adjustment
        mask = self.taker_cards
        while mask:
            low = mask & -mask
            total += points[low.bit_length() - 1]
            mask ^= low
        return total

    @property
    def taker_bouts(self) -> tuple[str, ...]:
        return tuple(CODES[b] for b in BOUTS if self.taker_cards >> b & 1)


@dataclass(frozen=True, slots=True)
class TrickShare:
    """Where one trick's cards go under the Excuse ledger (RULES.md 3.5)."""

    taker_cards: int  # mask
    defence_cards: int  # mask
    taker_adjustment: int  # half-points moved to the taker (negative: from the taker)


def share_trick(trick: CompletedTrick, *, taker: int, last: bool, excuse_stays: bool,
                compensation: int) -> TrickShare:
    """Split a trick's cards between the sides.

    ``excuse_stays``: on the last trick, the Excuse stays with its side (the
    exception of R16, or the FFT slam reading of A4); otherwise it changes side.
    """
    cards = mask_of(trick.cards)
    winner_is_taker = trick.winner == taker
    if not cards & EXCUSE_BIT:
        return TrickShare(cards, 0, 0) if winner_is_taker else TrickShare(0, cards, 0)
    owner_is_taker = trick.seat_of(trick.cards.index(EXCUSE)) == taker
    others = cards & ~EXCUSE_BIT
    to_winner = others
    adjustment = 0
    if not last:
        # Before the last trick the Excuse stays with its side, which pays 0.5 (R15, A1).
        excuse_to_taker = owner_is_taker
        if winner_is_taker != owner_is_taker:
            adjustment = compensation if winner_is_taker else -compensation
    elif excuse_stays:
        excuse_to_taker = owner_is_taker
    else:
        # On the last trick the Excuse goes to its owner's opponents (R16, A3).
        excuse_to_taker = not owner_is_taker
    taker_cards = (to_winner if winner_is_taker else 0) | (EXCUSE_BIT if excuse_to_taker else 0)
    return TrickShare(taker_cards, cards & ~taker_cards, adjustment)


def trick_shares(state: DealState) -> list[TrickShare]:
    """Each completed trick split between the sides, in order."""
    rules = state.rules
    compensation = rules.scoring.excuse_compensation_half_points
    last_index = rules.deal.hand_size - 1
    shares = []
    for index, trick in enumerate(state.tricks):
        last = index == last_index
        shares.append(share_trick(
            trick, taker=state.taker, last=last, compensation=compensation,
            excuse_stays=last and _excuse_stays_on_last_trick(state, trick)))
    return shares


def count_cards(state: DealState) -> CardCount:
    """Card points of the taker's side: tricks, the Excuse ledger, and the chien or discard."""
    pile = 0
    adjustment = 0
    for share in trick_shares(state):
        pile |= share.taker_cards
        adjustment += share.taker_adjustment
    fate = state.chien_fate
    if fate == "shown":
        pile |= state.discard
    elif fate == "taker":
        pile |= state.chien
    return CardCount(pile, adjustment, state.rules.points_table)


def _excuse_stays_on_last_trick(state: DealState, trick: CompletedTrick) -> bool:
    if trick.excuse_exception:
        return True
    if not state.rules.flags.excuse_kept_in_any_slam or EXCUSE not in trick.cards:
        return False
    # FFT reading (A4): the Excuse stays with a side that wins all 18 tricks.
    owner_is_taker = trick.seat_of(trick.cards.index(EXCUSE)) == state.taker
    return all((t.winner == state.taker) == owner_is_taker for t in state.tricks)


def all_tricks_by(state: DealState) -> Side | None:
    winners = {t.winner == state.taker for t in state.tricks}
    if winners == {True}:
        return "taker"
    if winners == {False}:
        return "defence"
    return None


def petit_au_bout_side(state: DealState) -> Side | None:
    """The side credited with petit au bout, if any (R18, A19)."""
    last = state.tricks[-1]
    examined = [last]
    if last.excuse_exception:
        examined = [state.tricks[-2]]
        if state.rules.flags.petit_au_bout_slam_counts_last_trick:
            examined.append(last)
    for trick in examined:
        if PETIT in trick.cards:
            return "taker" if trick.winner == state.taker else "defence"
    return None


def settle(state: DealState) -> Settlement:
    """The itemised settlement of a deal whose 18 tricks are played."""
    count = count_cards(state)
    return score(
        state.rules,
        contract=state.contract,
        taker=state.taker,
        taker_half_points=count.taker_half_points,
        taker_bouts=count.taker_bouts,
        petit_au_bout=petit_au_bout_side(state),
        poignees=[(seat, cards.bit_count()) for seat, cards in state.poignees],
        chelem_declared=state.chelem_declared,
        all_tricks=all_tricks_by(state),
    )


def score(
    rules: RuleSet,
    *,
    contract: int,
    taker: int,
    taker_half_points: int,
    taker_bouts: Sequence[str],
    petit_au_bout: Side | None,
    poignees: Sequence[tuple[int, int]],
    chelem_declared: bool,
    all_tricks: Side | None,
) -> Settlement:
    """Score a deal from its outcome (RULES.md 3.6); ``poignees`` are (seat, cards shown)."""
    scoring = rules.scoring
    multiplier = rules.contracts[contract].multiplier
    target = scoring.target_half_points[len(taker_bouts)]
    made = taker_half_points >= target
    difference = (abs(taker_half_points - target) + 1) // 2  # half a point goes to the winner
    sign = 1 if made else -1
    base = sign * (scoring.base_points + difference) * multiplier
    petit_bonus = 0
    if petit_au_bout is not None:
        petit_bonus = scoring.petit_au_bout_per_multiplier * multiplier
        petit_bonus = petit_bonus if petit_au_bout == "taker" else -petit_bonus
    poignee_scores = tuple(
        PoigneeScore(seat=seat, level=rules.poignee_by_size[size].id,
                     bonus=sign * rules.poignee_by_size[size].bonus)
        for seat, size in poignees
    )
    chelem = rules.chelem
    chelem_scores: list[ChelemScore] = []
    if chelem_declared:
        if all_tricks == "taker":
            chelem_scores.append(ChelemScore(kind="declared_made", bonus=chelem.declared_made))
        else:
            chelem_scores.append(ChelemScore(kind="declared_failed", bonus=chelem.declared_failed))
    elif all_tricks == "taker":
        chelem_scores.append(ChelemScore(kind="undeclared_made", bonus=chelem.undeclared_made))
    if all_tricks == "defence":
        chelem_scores.append(ChelemScore(kind="defence_made", bonus=chelem.defence_made))
    per_defender = (base + petit_bonus + sum(p.bonus for p in poignee_scores)
                    + sum(c.bonus for c in chelem_scores))
    scores = tuple(3 * per_defender if seat == taker else -per_defender for seat in range(4))
    return Settlement(
        contract=rules.contracts[contract].id,
        taker=taker,
        multiplier=multiplier,
        taker_half_points=taker_half_points,
        defence_half_points=rules.total_half_points - taker_half_points,
        taker_bouts=tuple(taker_bouts),
        target_half_points=target,
        contract_made=made,
        difference=difference,
        base=base,
        petit_au_bout=petit_au_bout,
        petit_au_bout_bonus=petit_bonus,
        poignees=poignee_scores,
        chelem=tuple(chelem_scores),
        per_defender=per_defender,
        scores=scores,  # type: ignore[arg-type]
    )

