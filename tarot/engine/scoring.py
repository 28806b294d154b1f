"""The settlement of a deal: card points by side with the Excuse ledger, then the score,
itemised (rule book 3.5, 3.6).

The rules themselves are computed by :mod:`tarot.engine.kernel` (a trick's share, petit
au bout, the contract's score, each bonus), which the computer players' playouts
call too; this module reads a deal's state and builds the itemised Settlement.
Everything is in integer half-points; the only rounding is the counted
difference, rounded up to a whole point in favour of the winning side (A10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tarot.engine import kernel
from tarot.engine.cards import BOUTS, CODES
from tarot.engine.events import ChelemScore, PoigneeScore, Settlement
from tarot.engine.frozen import quick_init
from tarot.engine.rules import RuleSet
from tarot.engine.state import DealState

Side = Literal["taker", "defence"]


def points_text(half_points: int) -> str:
    """Half-points as points, for people: 9 → "4.5", 112 → "56", -9 → "-4.5" (ints only:
    the half is written, never computed as a float)."""
    sign = "-" if half_points < 0 else ""
    whole, half = divmod(abs(half_points), 2)
    return f"{sign}{whole}.5" if half else f"{sign}{whole}"


@quick_init
@dataclass(frozen=True, slots=True)
class CardCount:
    """The taker's final pile: its cards and the Excuse compensation in half-points."""

    taker_cards: int  # mask
    excuse_adjustment: int  # half-points added to (or, negative, taken from) the taker
    table: kernel.RuleTable

    @property
    def taker_half_points(self) -> int:
        return kernel.half_points(self.table, self.taker_cards, self.excuse_adjustment)

    @property
    def taker_bouts(self) -> tuple[str, ...]:
        return tuple(CODES[b] for b in BOUTS if self.taker_cards >> b & 1)


@dataclass(frozen=True, slots=True)
class TrickShare:
    """Where one trick's cards go under the Excuse ledger (rule book 3.5)."""

    taker_cards: int  # mask
    defence_cards: int  # mask
    taker_adjustment: int  # half-points moved to the taker (negative: from the taker)


def trick_shares(state: DealState) -> list[TrickShare]:
    """Each completed trick split between the camps, in order (for the audit)."""
    table = state.rules.table
    last_index = table.hand_size - 1
    attack = state.attack
    shares = []
    taker_tricks = defence_tricks = 0
    for index, trick in enumerate(state.tricks):
        cards = trick.cards
        to_taker, adjustment = kernel.take_trick(
            table, cards, trick.leader, trick.winner, attack, index == last_index,
            trick.excuse_exception, taker_tricks, defence_tricks)
        every = 0
        for card in cards:
            every |= 1 << card
        shares.append(TrickShare(to_taker, every & ~to_taker, adjustment))
        if attack >> trick.winner & 1:
            taker_tricks += 1
        else:
            defence_tricks += 1
    return shares


def count_cards(state: DealState) -> CardCount:
    """Card points of the attack: tricks, the Excuse ledger, and the chien or discard."""
    table = state.rules.table
    if state.totals_hold:  # kept as the tricks were taken (evolve), by the same kernel
        pile, adjust = state.attack_pile, state.excuse_moved
    else:
        taken = kernel.take_tricks(table, ((t.cards, t.leader, t.winner) for t in state.tricks),
                                   state.attack)
        pile, adjust = taken.pile, taken.adjust
    fate = state.chien_fate
    if fate == "shown":
        pile |= state.discard
    elif fate == "taker":
        pile |= state.chien
    return CardCount(pile, adjust, table)


def all_tricks_by(state: DealState) -> Side | None:
    """The camp that won every trick, if one did ("taker": the attack, V5-13)."""
    if state.totals_hold and state.tricks:
        won = state.attack_tricks
        return "taker" if won == state.taken else "defence" if won == 0 else None
    attack = state.attack
    winners = {bool(attack >> t.winner & 1) for t in state.tricks}
    if winners == {True}:
        return "taker"
    if winners == {False}:
        return "defence"
    return None


_SIDE_NAMES: dict[int, Side | None] = {kernel.TAKER: "taker", kernel.DEFENCE: "defence",
                                       kernel.NEITHER: None}
_SIDES = {"taker": kernel.TAKER, "defence": kernel.DEFENCE, None: kernel.NEITHER}


def petit_au_bout_side(state: DealState) -> Side | None:
    """The side credited with petit au bout, if any (R18, A19)."""
    last = state.tricks[-1]
    before = state.tricks[-2] if len(state.tricks) > 1 else None
    attack = state.attack
    side = kernel.petit_au_bout(
        state.rules.table, kernel.petit_side(last.cards, bool(attack >> last.winner & 1)),
        kernel.petit_side(before.cards, bool(attack >> before.winner & 1)) if before
        else kernel.NEITHER,
        last.excuse_exception)
    return _SIDE_NAMES[side]


def settle(state: DealState) -> Settlement:
    """The itemised settlement of a deal whose tricks are all played."""
    count = count_cards(state)
    return score(
        state.rules,
        contract=state.contract,
        taker=state.taker,
        partner=None if state.partner < 0 else state.partner,
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
    partner: int | None = None,
) -> Settlement:
    """Score a deal from its outcome (rule book 3.6); ``poignees`` are (seat, cards shown);
    ``partner``, at five players, the holder of the called card (None: the taker alone).
    "taker" here means the attack (rule book §5.0): its points, its bouts, its side."""
    table = rules.table
    multiplier = table.multipliers[contract]
    part = kernel.contract_score(table, contract, taker_half_points, len(taker_bouts))
    target, made, difference, base = part.target, part.made, part.difference, part.base
    petit_bonus = kernel.petit_bonus(table, contract, _SIDES[petit_au_bout])
    poignee_scores = tuple([
        PoigneeScore(seat=seat, level=rules.poignee_by_size[size].id,
                     bonus=kernel.poignee_bonus(table, size, made))
        for seat, size in poignees
    ])
    chelem_scores = [ChelemScore(kind=kind, bonus=bonus)  # type: ignore[arg-type]
                     for kind, bonus in kernel.chelem_bonuses(
                         table, chelem_declared,
                         taker_tricks=0 if all_tricks == "defence" else 1,
                         defence_tricks=0 if all_tricks == "taker" else 1)]
    per_defender = base + petit_bonus
    for poignee in poignee_scores:
        per_defender += poignee.bonus
    for chelem in chelem_scores:
        per_defender += chelem.bonus
    scores = kernel.seat_scores(per_defender, rules.players, taker, partner)
    return Settlement(
        contract=rules.contracts[contract].id,
        taker=taker,
        multiplier=multiplier,
        taker_half_points=taker_half_points,
        defence_half_points=table.total_half_points - taker_half_points,
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
        scores=tuple(scores),  # type: ignore[arg-type]
    )

