"""The rule book 4.4 and 4.5: the discard (D01–D06, D05b, D05c) and poignée (H01–H08) vectors."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from tarot.engine.cards import card_list, codes_of_mask, mask_of, parse_cards
from tarot.engine.events import Settlement
from tarot.engine.legal import check_discard, check_poignee, discard_options, poignee_options
from tarot.engine.rules import RuleSet
from tarot.engine.scoring import count_cards, score
from tarot.engine.state import DealState
from tarot.engine.views import view_for
from tarot.errors import IllegalAction

# ---------------------------------------------------------------------------
# D01–D06


def _trumps(low: int, high: int) -> str:
    return " ".join(f"T{n}" for n in range(low, high + 1))


H_A = "KH KS QH NH JH 10H 9H 2S 3S 4S 5S 7D 8D 1C 2C T1 T21 EXC T3 T7 T9 T12 T16 T19"
H_B = f"KH KS KD KC {_trumps(1, 15)} 2H 3H 4S 5D 6C"


@dataclass(frozen=True)
class DiscardVector:
    id: str
    hand: str  # the taker's 24 cards after taking the chien
    trumps_required: int  # trumps a legal discard must hold (6 − ordinary cards, at least 0)
    proposals: tuple[str, ...]  # discards with the same expected outcome
    error: str | None = None  # the IllegalAction code, None when legal
    taker_points: float | None = None  # what the discard is worth for the taker
    public: tuple[str, ...] | None = None  # the discarded cards every other seat sees
    poignee_levels: tuple[str, ...] | None = None  # levels offered once the discard is made
    four_kings_triple: str | None = None  # the triple the four-kings exception allows


DISCARD_VECTORS = [
    DiscardVector("D01", H_A, 0, ("2S 3S 4S 5S 7D 8D",), taker_points=3, public=()),
    DiscardVector("D02", H_A, 0, ("KS 2S 3S 4S 5S 7D",), error="forbidden_discard"),
    DiscardVector("D03", H_A, 0,
                  ("EXC 2S 3S 4S 5S 7D", "T1 2S 3S 4S 5S 7D", "T21 2S 3S 4S 5S 7D"),
                  error="forbidden_discard"),
    DiscardVector("D04", H_A, 0, ("T3 2S 3S 4S 5S 7D",), error="unforced_trump_discard"),
    DiscardVector("D05", H_B, 1, ("2H 3H 4S 5D 6C T2",), public=("T2",)),
    DiscardVector("D05b", H_B, 1, ("2H 3H 4S 5D T2 T3",), error="unforced_trump_discard"),
    DiscardVector("D05c", H_B, 1, ("2H 3H 4S 5D 6C T1",), error="forbidden_discard"),
    DiscardVector("D06", H_B, 1, ("2H 3H 4S 5D 6C T2",), public=("T2",),
                  poignee_levels=("simple", "double", "triple"),
                  four_kings_triple=_trumps(1, 15)),  # T1 T3…T15 in hand, and T2
]


def _chien_state(rules: RuleSet, hand: str) -> DealState:
    cards = parse_cards(hand)
    assert len(cards) == len(set(cards)) == 24
    garde = rules.contract_index["garde"]
    return DealState(rules=rules, phase="chien", taker=0, turn=0, hands=[mask_of(cards), 0, 0, 0],
                     contract=garde, best_bid=garde, chien_taken=True)


Check = Callable[[DealState, int, list[int]], int]


def _refused(code: str, state: DealState, seat: int, cards: str, check: Check) -> None:
    with pytest.raises(IllegalAction) as caught:
        check(state, seat, parse_cards(cards))
    assert caught.value.code == code


@pytest.mark.parametrize("vector", DISCARD_VECTORS, ids=[v.id for v in DISCARD_VECTORS])
def test_discard_vector(standard: RuleSet, vector: DiscardVector) -> None:
    state = _chien_state(standard, vector.hand)
    hand_before = state.hands[0]
    assert discard_options(state).trumps_required == vector.trumps_required
    for proposal in vector.proposals:
        if vector.error is not None:
            _refused(vector.error, state, 0, proposal, check_discard)
            assert state.hands[0] == hand_before
            continue
        mask = check_discard(state, 0, parse_cards(proposal))
        assert mask == mask_of(parse_cards(proposal))
        # The discard made: the taker keeps 18 cards, and the discard is his.
        after = state.clone()
        after.hands[0] &= ~mask
        after.discard = mask
        after.phase = "declarations"
        assert after.hands[0].bit_count() == 18
        if vector.taker_points is not None:
            assert count_cards(after).taker_half_points == vector.taker_points * 2
        if vector.public is not None:
            assert view_for(after, 0).discard == codes_of_mask(mask)
            for seat in (1, 2, 3):
                assert set(view_for(after, seat).discard) == set(vector.public)
        if vector.poignee_levels is not None:
            _check_four_kings(after, vector)


def _check_four_kings(after: DealState, vector: DiscardVector) -> None:
    """D06: before his first card, the taker may show the triple with his discarded trump."""
    assert vector.four_kings_triple is not None
    state = after.clone()
    state.phase, state.turn, state.leader = "tricks", 0, 0
    options = poignee_options(state, 0)
    assert tuple(level.id for level, _, _ in options) == vector.poignee_levels
    triple = mask_of(parse_cards(vector.four_kings_triple))
    for level, pool, shown in options:
        assert shown.bit_count() == level.trumps
        assert check_poignee(state, 0, card_list(shown)) == shown
        if level.id == "triple":
            assert pool == triple  # the 14 trumps in hand and the discarded T2
            assert shown == triple
            assert level.bonus == 40  # "+40 to the contract winner (S30)"
        else:  # "normal": the discarded trump is no part of a simple or a double
            assert pool & state.discard == 0
    assert check_poignee(state, 0, parse_cards(vector.four_kings_triple)) == triple
    _refused("poignee_discard_not_allowed", state, 0, f"T2 {_trumps(3, 11)}", check_poignee)


# ---------------------------------------------------------------------------
# H01–H08

SUIT_FILLER = parse_cards("1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H")


def _any_but_one(trumps: str) -> tuple[str, ...]:
    """Every subset of ``trumps`` that leaves out exactly one."""
    held = trumps.split()
    return tuple(" ".join(t for t in held if t != left_out) for left_out in held)


@dataclass(frozen=True)
class PoigneeVector:
    id: str
    trumps: str  # trumps (and the Excuse) held; the rest of the 18 cards are suit cards
    levels: tuple[str, ...]  # the level ids the table must offer
    accepted: tuple[str, ...] = ()  # shown cards check_poignee must accept
    refused: tuple[tuple[str, str], ...] = ()  # (shown cards, IllegalAction code)
    seat: int = 0
    trick: str = ""  # cards played to trick 1 before the seat's turn
    taker_fails: tuple[int, int, int] | None = None  # taker points, bouts, and the D expected


POIGNEE_VECTORS = [
    PoigneeVector("H01", _trumps(2, 11), ("simple",), accepted=(_trumps(2, 11),)),
    PoigneeVector("H02", f"{_trumps(2, 10)} EXC", ("simple",),
                  accepted=(f"{_trumps(2, 10)} EXC",),
                  refused=((_trumps(2, 10), "poignee_size"),)),
    PoigneeVector("H03", f"{_trumps(2, 12)} EXC", ("simple",),
                  accepted=_any_but_one(_trumps(2, 12)),
                  refused=((f"{_trumps(2, 10)} EXC", "poignee_excuse_not_allowed"),
                           (f"{_trumps(3, 11)} EXC", "poignee_excuse_not_allowed"))),
    PoigneeVector("H04", f"T1 {_trumps(3, 13)} EXC", ("simple", "double"),
                  accepted=(f"T1 {_trumps(3, 11)}", f"T1 {_trumps(3, 13)} EXC"),
                  refused=((f"T1 {_trumps(3, 10)} EXC", "poignee_excuse_not_allowed"),)),
    PoigneeVector("H05", "T1 T3 T5 T7 T9 T11 T13 T15 T17 T18 T19 T20 T21", ("simple", "double"),
                  accepted=("T1 T3 T5 T7 T9 T11 T13 T15 T17 T18",
                            "T1 T3 T5 T7 T9 T11 T13 T15 T17 T18 T19 T20 T21")),
    PoigneeVector("H06", f"{_trumps(8, 21)} EXC", ("simple", "double", "triple"),
                  accepted=(_trumps(8, 17), _trumps(8, 20), f"{_trumps(8, 21)} EXC"),
                  refused=((f"{_trumps(8, 19)} EXC", "poignee_excuse_not_allowed"),)),
    PoigneeVector("H07", f"{_trumps(2, 9)} EXC", (),
                  refused=((f"{_trumps(2, 9)} EXC", "poignee_size"),
                           (f"{_trumps(2, 9)} EXC 1S", "poignee_not_trumps"))),
    PoigneeVector("H08", _trumps(12, 21), ("simple",), accepted=(_trumps(12, 21),),
                  seat=2, trick="2C 5C", taker_fails=(39, 2, -74)),  # "−(25+2) × 2 − 20"
]


def _window(rules: RuleSet, vector: PoigneeVector) -> DealState:
    """Trick 1 of a Garde taken by P1, just before ``vector.seat`` plays its first card."""
    trumps = parse_cards(vector.trumps)
    hand = trumps + SUIT_FILLER[: 18 - len(trumps)]
    assert len(set(hand)) == 18
    trick = parse_cards(vector.trick)
    assert len(trick) == vector.seat  # P0 leads trick 1
    garde = rules.contract_index["garde"]
    hands = [0, 0, 0, 0]
    hands[vector.seat] = mask_of(hand)
    return DealState(rules=rules, phase="tricks", taker=1, contract=garde, best_bid=garde,
                     hands=hands, leader=0, trick=trick, turn=vector.seat)


@pytest.mark.parametrize("vector", POIGNEE_VECTORS, ids=[v.id for v in POIGNEE_VECTORS])
def test_poignee_vector(standard: RuleSet, vector: PoigneeVector) -> None:
    state = _window(standard, vector)
    seat = vector.seat
    options = poignee_options(state, seat)
    assert tuple(level.id for level, _, _ in options) == vector.levels
    for level, _, shown in options:  # the subset the table offers is itself legal
        assert shown.bit_count() == level.trumps
        assert shown & ~state.hands[seat] == 0
        assert check_poignee(state, seat, card_list(shown)) == shown
    for cards in vector.accepted:
        assert check_poignee(state, seat, parse_cards(cards)) == mask_of(parse_cards(cards))
    for cards, code in vector.refused:
        _refused(code, state, seat, cards, check_poignee)
    if vector.taker_fails is not None:
        _check_h08(standard, state, vector, *vector.taker_fails)


def _check_h08(rules: RuleSet, state: DealState, vector: PoigneeVector, points: int,
               bouts: int, per_defender: int) -> None:
    """P2 announces just before his trick-1 card (not before, not after); the bonus follows
    the contract's result."""
    shown = vector.accepted[0]
    earlier = state.clone()
    earlier.trick, earlier.turn = earlier.trick[:1], 1
    _refused("poignee_not_now", earlier, 2, shown, check_poignee)
    later = state.clone()
    later.trick, later.turn = [*later.trick, parse_cards(shown)[0]], 3
    _refused("poignee_not_now", later, 2, shown, check_poignee)

    garde = rules.contract_index["garde"]

    def settle(taker_points: int) -> Settlement:
        return score(rules, contract=garde, taker=1, taker_half_points=taker_points * 2,
                     taker_bouts=("T1", "T21")[:bouts], petit_au_bout=None,
                     poignees=[(2, 10)], chelem_declared=False, all_tricks=None)

    failed = settle(points)
    assert not failed.contract_made
    assert failed.per_defender == per_defender
    assert [failed.scores[s] for s in (0, 2, 3)] == [-per_defender] * 3
    assert failed.poignees[0].bonus == -20
    made = settle(45)
    assert made.contract_made
    assert made.poignees[0].bonus == 20  # "If the taker makes it, the bonus goes to the taker."
