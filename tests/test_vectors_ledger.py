"""The rule book 4.2 and 4.3: the Excuse ledger (E01–E12) and petit au bout (P01–P07).

Each vector becomes a whole deal of 18 tricks: the tricks the vector names, as it
plays them, and filler tricks made of the remaining cards, so that the 78 cards
are used exactly once. The winner of a named trick, and whether the last-trick
exception applies, are computed by the engine from the cards and the earlier
winners, and checked against the vector. A trick's ledger (Δtaker, Δdef) is
checked twice: by ``kernel.share_trick`` on the trick alone, and as the change in
``count_cards`` when the trick is added to the tricks before it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import permutations

import pytest

from tarot.engine.cards import ALL_CARDS, EXCUSE, codes, mask_of, parse_cards
from tarot.engine.events import ChelemScore
from tarot.engine.kernel import share_trick, trick_winner_index
from tarot.engine.legal import excuse_exception_applies
from tarot.engine.rules import RuleSet
from tarot.engine.scoring import (
    Side,
    all_tricks_by,
    count_cards,
    petit_au_bout_side,
    settle,
)
from tarot.engine.state import CompletedTrick, DealState

TAKER = 1  # Rule book 4.2: "Taker = P1 unless stated"
TRICKS = 18

LOW_SPADES = "2S 3S 4S 5S 6S 7S"
LOW_HEARTS = "2H 3H 4H 5H 6H 7H"
LOW_DIAMONDS = "2D 3D 4D 5D 6D 7D"
LOW_CLUBS = "2C 3C 4C 5C 6C 7C"
EXCUSE_LED_TO_TRICK_1 = (0, "EXC 7C 8C 9C")  # P0 leads the Excuse; P3 wins with 9C


@dataclass(frozen=True)
class Deal:
    """A whole deal around a vector; the taker is P1.

    ``winners`` has one character per trick: ``.`` for a trick given in
    ``tricks`` (number -> (leader, cards in play order)), or the digit of the
    seat that wins a filler trick. ``set_aside`` is the discard (Prise, Garde)
    or the chien (Garde sans, Garde contre). Filler tricks won by the taker take
    their cards from ``taker_fill`` when it is given; every other filler trick
    takes the lowest remaining cards. Each trick is led by the winner of the one
    before, and a filler's cards are ordered so that the given seat wins it.
    """

    contract: str
    winners: str
    tricks: Mapping[int, tuple[int, str]]
    set_aside: str
    taker_fill: str = ""
    chelem_declared: bool = False


def _filler_trick(cards: list[int], leader: int, winner: int) -> CompletedTrick:
    """The four cards in an order in which ``winner``'s card wins the trick ``leader`` leads."""
    for order in permutations(cards):
        if (leader + trick_winner_index(order)) % 4 == winner:
            return CompletedTrick(leader, order, winner)
    raise AssertionError(f"no order of {codes(cards)} lets P{winner} win: change the vector's deal")


def build(rules: RuleSet, deal: Deal) -> DealState:
    assert len(deal.winners) == TRICKS
    assert set(deal.tricks) == {n for n, mark in enumerate(deal.winners, 1) if mark == "."}
    given = {n: (leader, parse_cards(cards)) for n, (leader, cards) in deal.tricks.items()}
    set_aside = parse_cards(deal.set_aside)
    taker_fill = parse_cards(deal.taker_fill)
    placed = [c for _, cards in given.values() for c in cards] + set_aside + taker_fill
    assert len(placed) == len(set(placed)), "a card is placed twice"
    pool = [c for c in ALL_CARDS if c not in placed]
    assert EXCUSE not in pool, "the Excuse must be placed by the vector, not by a filler"
    contract = rules.contract_index[deal.contract]
    tricks: list[CompletedTrick] = []
    for number, mark in enumerate(deal.winners, 1):
        # R14: P0 (the dealer's right) leads trick 1, or the taker after a chelem; then the winner.
        leader = tricks[-1].winner if tricks else TAKER if deal.chelem_declared else 0
        if mark == ".":
            assert given[number][0] == leader, f"trick {number} is led by P{leader}"
            cards = given[number][1]
            in_progress = DealState(rules=rules, phase="tricks", taker=TAKER, contract=contract,
                                    tricks=list(tricks), leader=leader, trick=list(cards),
                                    turn=-1)
            exception = excuse_exception_applies(in_progress)
            index = trick_winner_index(cards, exception)
            tricks.append(CompletedTrick(leader, tuple(cards), (leader + index) % 4, exception))
        else:
            seat = int(mark)
            source = taker_fill if seat == TAKER and deal.taker_fill else pool
            assert len(source) >= 4, "not enough cards for the filler tricks"
            tricks.append(_filler_trick(source[:4], leader, seat))
            del source[:4]
    assert not pool and not taker_fill, "cards left over: fix the vector's deal"
    shown = rules.contracts[contract].chien == "shown"
    return DealState(rules=rules, phase="settlement", taker=TAKER, contract=contract,
                     best_bid=contract, chien_taken=shown, tricks=tricks,
                     chien=mask_of(set_aside), discard=mask_of(set_aside) if shown else 0,
                     chelem_declared=deal.chelem_declared)


def _prefix(state: DealState, count: int) -> DealState:
    """The same deal with only its first ``count`` tricks."""
    copy = state.clone()
    copy.tricks = state.tricks[:count]
    return copy


def _points(rules: RuleSet, mask: int) -> int:
    return sum(rules.points_table[c] for c in ALL_CARDS if mask >> c & 1)


def _half(points: float) -> int:
    assert points * 2 == int(points * 2)
    return int(points * 2)


def _defence_half_points(state: DealState) -> int:
    """The defence's pile: the cards counted so far (tricks, chien or discard) minus the taker's."""
    out = mask_of(c for t in state.tricks for c in t.cards) | state.chien | state.discard
    return _points(state.rules, out) - count_cards(state).taker_half_points


# ---------------------------------------------------------------------------
# E01–E12


@dataclass(frozen=True)
class TrickLedger:
    """What a vector says about one trick: its winner and the card points it moves."""

    number: int
    winner: int
    exception: bool
    delta_def: float
    delta_taker: float | None  # None: the vector does not say
    excuse_to_taker: bool  # the Excuse lies in the taker's pile once the trick is counted


@dataclass(frozen=True)
class Totals:
    """What a vector says about the whole deal."""

    taker_points: float
    taker_bouts: tuple[str, ...]
    contract_made: bool
    per_defender: int
    taker_score: int | None = None
    each_defender: int | None = None
    chelem: tuple[str, ...] = ()


@dataclass(frozen=True)
class LedgerVector:
    id: str
    deal: Deal
    ledger: TrickLedger | None = None
    fft_ledger: TrickLedger | None = None  # a reading that differs under rules/fft.toml
    totals: Totals | None = None
    all_tricks: Side | None = None
    chelem: tuple[ChelemScore, ...] = field(default=())  # chelem terms the settlement must hold


LEDGER_VECTORS = [
    LedgerVector(
        "E01",
        Deal("garde", "20310.020311203132", {6: (0, "KH EXC 3H QH")}, LOW_SPADES),
        TrickLedger(6, winner=0, exception=False, delta_taker=4.0, delta_def=9.0,
                    excuse_to_taker=True),
    ),
    LedgerVector(
        "E02",
        Deal("garde", "301.01231111203203", {4: (1, "T18 EXC T4 T2")}, LOW_SPADES),
        TrickLedger(4, winner=1, exception=False, delta_taker=2.0, delta_def=4.0,
                    excuse_to_taker=False),
    ),
    LedgerVector(
        "E03",
        Deal("garde", "112300.21103132012", {7: (0, "10S 4S EXC KS")}, LOW_CLUBS),
        TrickLedger(7, winner=3, exception=False, delta_taker=0.0, delta_def=10.0,
                    excuse_to_taker=False),
    ),
    LedgerVector(
        "E04",
        Deal("garde", "02311230123012301.", {18: (1, "T15 EXC 5C 8D")}, LOW_SPADES),
        TrickLedger(18, winner=1, exception=False, delta_taker=6.0, delta_def=0.0,
                    excuse_to_taker=True),
    ),
    LedgerVector(
        "E05",
        Deal("garde", "111" + "02302302302300" + ".", {18: (0, "KD 7D EXC 2D")}, LOW_SPADES,
             taker_fill="T21 KS KH KC QS QH QD JS JH T2 T3 T4"),
        TrickLedger(18, winner=0, exception=False, delta_taker=4.5, delta_def=5.5,
                    excuse_to_taker=True),
        # "Final 40.5 points with 2 bouts; in Garde this is S17 (D = −52, taker −156)."
        totals=Totals(40.5, ("T21", "EXC"), contract_made=False, per_defender=-52,
                      taker_score=-156),
    ),
    LedgerVector(
        "E06",
        Deal("garde", "113" + "1" * 14 + ".", {18: (1, "EXC 9S KS T5")}, LOW_CLUBS),
        TrickLedger(18, winner=0, exception=False, delta_taker=0.0, delta_def=10.0,
                    excuse_to_taker=False),
    ),
    LedgerVector(
        "E07",
        Deal("garde", "1" * 17 + ".", {18: (1, "EXC JH T2 4H")}, LOW_SPADES),
        TrickLedger(18, winner=1, exception=True, delta_taker=7.0, delta_def=0.0,
                    excuse_to_taker=True),
        all_tricks="taker",
    ),
    LedgerVector(
        "E08",
        Deal("garde", "023" * 5 + "03" + ".", {18: (3, "EXC 6C 9C 2C")}, LOW_SPADES),
        TrickLedger(18, winner=3, exception=True, delta_taker=0.0, delta_def=6.0,
                    excuse_to_taker=False),
        all_tricks="defence",
        chelem=(ChelemScore(kind="defence_made", bonus=-200),),
    ),
    LedgerVector(
        "E09",
        Deal("garde", "023" * 5 + "03" + ".", {18: (3, "10H EXC 3H QH")}, LOW_SPADES),
        TrickLedger(18, winner=2, exception=False, delta_taker=4.5, delta_def=4.5,
                    excuse_to_taker=True),
        fft_ledger=TrickLedger(18, winner=2, exception=False, delta_taker=0.0, delta_def=9.0,
                               excuse_to_taker=False),
        all_tricks="defence",
    ),
    LedgerVector(
        "E10",
        Deal("garde", "1" * 10 + "." + "1" * 7, {11: (1, "KH EXC 2H 3H")}, LOW_SPADES),
        TrickLedger(11, winner=1, exception=False, delta_taker=None, delta_def=4.0,
                    excuse_to_taker=False),
        # "Taker = 91 − 4.5 + 0.5 = 87, bouts = T1, T21 → 2 → S34 (undeclared)"
        totals=Totals(87, ("T1", "T21"), contract_made=True, per_defender=342, taker_score=1026),
        all_tricks="taker",
    ),
    LedgerVector(
        "E11",
        Deal("garde_sans", "." + "111" + "02302302302302", {1: (0, "10S 5S EXC NS")},
             "T21 KS 2H 3H 4D 5C", taker_fill="T1 KH KD KC QH QD JS JH 6D 7D 8D 9D"),
        totals=Totals(41, ("T1", "T21"), contract_made=True, per_defender=100, taker_score=300,
                      each_defender=-100),
    ),
    LedgerVector(
        "E12",
        Deal("garde", "1111." + "1" * 13, {5: (1, "EXC 3C 5C 2C")}, LOW_SPADES,
             chelem_declared=True),
        TrickLedger(5, winner=3, exception=False, delta_taker=4.0, delta_def=2.0,
                    excuse_to_taker=True),
        # "If the taker wins all the other tricks: 89 points, 3 bouts → S46 (D = −44)."
        totals=Totals(89, ("T1", "T21", "EXC"), contract_made=True, per_defender=-44,
                      chelem=("declared_failed",)),
    ),
]


def _check_trick_ledger(state: DealState, ledger: TrickLedger, *, alone: bool) -> None:
    rules = state.rules
    trick = state.tricks[ledger.number - 1]
    assert trick.winner == ledger.winner
    assert trick.excuse_exception is ledger.exception

    if alone:  # the trick by itself; outside the A4 flag, the Excuse stays only by exception
        taker_cards, adjustment = share_trick(
            rules.scoring.excuse_compensation_half_points, trick.cards, trick.leader,
            trick.winner, 1 << TAKER, ledger.number == TRICKS, trick.excuse_exception)
        defence_cards = mask_of(trick.cards) & ~taker_cards
        assert taker_cards & ~mask_of(trick.cards) == 0
        taker_delta = _points(rules, taker_cards) + adjustment
        defence_delta = _points(rules, defence_cards) - adjustment
        assert defence_delta == _half(ledger.delta_def)
        if ledger.delta_taker is not None:
            assert taker_delta == _half(ledger.delta_taker)
        assert bool(taker_cards >> EXCUSE & 1) is ledger.excuse_to_taker

    # The same trick as one step of the whole deal's count.
    before, after = _prefix(state, ledger.number - 1), _prefix(state, ledger.number)
    taker_delta = count_cards(after).taker_half_points - count_cards(before).taker_half_points
    defence_delta = _defence_half_points(after) - _defence_half_points(before)
    assert defence_delta == _half(ledger.delta_def)
    if ledger.delta_taker is not None:
        assert taker_delta == _half(ledger.delta_taker)
    assert ("EXC" in count_cards(after).taker_bouts) is ledger.excuse_to_taker


def _check_totals(state: DealState, totals: Totals) -> None:
    count = count_cards(state)
    assert count.taker_half_points == _half(totals.taker_points)
    assert set(count.taker_bouts) == set(totals.taker_bouts)
    result = settle(state)
    assert result.taker_half_points + result.defence_half_points == state.rules.total_half_points
    assert result.contract_made is totals.contract_made
    assert result.per_defender == totals.per_defender
    assert result.scores[TAKER] == 3 * totals.per_defender
    assert sum(result.scores) == 0
    if totals.taker_score is not None:
        assert result.scores[TAKER] == totals.taker_score
    if totals.each_defender is not None:
        assert [s for seat, s in enumerate(result.scores) if seat != TAKER] == \
            [totals.each_defender] * 3
    if totals.chelem:
        assert tuple(c.kind for c in result.chelem) == totals.chelem


@pytest.mark.parametrize("vector", LEDGER_VECTORS, ids=[v.id for v in LEDGER_VECTORS])
def test_ledger_vector(standard: RuleSet, fft: RuleSet, vector: LedgerVector) -> None:
    state = build(standard, vector.deal)
    assert mask_of(c for t in state.tricks for c in t.cards) | state.chien == (1 << 78) - 1
    if vector.ledger is not None:
        _check_trick_ledger(state, vector.ledger, alone=True)
    if vector.fft_ledger is not None:
        _check_trick_ledger(build(fft, vector.deal), vector.fft_ledger, alone=False)
        assert all_tricks_by(build(fft, vector.deal)) == vector.all_tricks
    if vector.totals is not None:
        _check_totals(state, vector.totals)
    assert all_tricks_by(state) == vector.all_tricks
    for term in vector.chelem:
        assert term in settle(state).chelem


# ---------------------------------------------------------------------------
# P01–P07


@dataclass(frozen=True)
class PetitVector:
    id: str
    deal: Deal
    standard: tuple[Side | None, int]  # petit-au-bout side and its term in D
    fft: tuple[Side | None, int] | None = None  # when rules/fft.toml reads it otherwise
    winners: Mapping[int, int] = field(default_factory=dict)  # trick number -> winning seat
    petit_to_taker: bool | None = None  # the Petit ends in the taker's pile
    excuse_to_taker: bool | None = None
    exception: bool | None = None  # trick 18 won by the Excuse under the exception
    totals: Totals | None = None


PETIT_VECTORS = [
    PetitVector(
        "P01",
        Deal("prise", "." + "2301230123012301" + ".",
             {1: EXCUSE_LED_TO_TRICK_1, 18: (1, "T1 KS 4D 9H")}, LOW_SPADES),
        ("taker", 10),
        winners={18: 1},
    ),
    PetitVector(
        "P02",
        Deal("garde", "." + "2301230123012300" + ".",
             {1: EXCUSE_LED_TO_TRICK_1, 18: (0, "T1 T7 2C 5S")}, LOW_DIAMONDS),
        ("taker", 20),
        winners={18: 1},
        petit_to_taker=True,
    ),
    PetitVector(
        "P03",
        Deal("garde", "." + "2301230123012300" + ".",
             {1: EXCUSE_LED_TO_TRICK_1, 18: (0, "T12 T1 KC T3")}, LOW_SPADES),
        ("defence", -20),
        winners={18: 0},
        petit_to_taker=False,
    ),
    PetitVector(
        "P04",
        Deal("garde_sans", "." + "2301230123012302" + ".",
             {1: EXCUSE_LED_TO_TRICK_1, 18: (2, "8H T1 10H 9H")}, LOW_SPADES),
        ("defence", -40),
        winners={18: 3},
        petit_to_taker=False,
    ),
    PetitVector(
        "P05",
        Deal("garde", "1" * 16 + "..",
             {17: (1, "T1 3S 6D JC"), 18: (1, "EXC 2H 3H 4H")}, LOW_CLUBS, chelem_declared=True),
        ("taker", 20),
        winners={17: 1, 18: 1},
        exception=True,
        # "S32: D = 580" (Garde, declared slam made, 91 points, 3 bouts)
        totals=Totals(91, ("T1", "T21", "EXC"), contract_made=True, per_defender=580,
                      taker_score=1740, chelem=("declared_made",)),
    ),
    PetitVector(
        "P06",
        Deal("garde", "1" * 16 + "..",
             {17: (1, "KS 3S 6D JC"), 18: (1, "EXC T1 4C 8H")}, LOW_HEARTS, chelem_declared=True),
        (None, 0),
        fft=("taker", 20),
        winners={18: 1},
        exception=True,
    ),
    PetitVector(
        "P07",
        Deal("garde", "113" + "1" * 13 + "..",
             {17: (1, "T1 4S 6D JC"), 18: (1, "EXC 5D KD 2D")}, LOW_HEARTS),
        (None, 0),
        winners={17: 1, 18: 3},
        petit_to_taker=True,
        excuse_to_taker=False,
        exception=False,
    ),
]


def _check_petit(state: DealState, side: Side | None, bonus: int) -> None:
    assert petit_au_bout_side(state) == side
    result = settle(state)
    assert result.petit_au_bout == side
    assert result.petit_au_bout_bonus == bonus


@pytest.mark.parametrize("vector", PETIT_VECTORS, ids=[v.id for v in PETIT_VECTORS])
def test_petit_au_bout_vector(standard: RuleSet, fft: RuleSet, vector: PetitVector) -> None:
    state = build(standard, vector.deal)
    _check_petit(state, *vector.standard)
    _check_petit(build(fft, vector.deal), *(vector.fft or vector.standard))
    for number, seat in vector.winners.items():
        assert state.tricks[number - 1].winner == seat
    bouts = count_cards(state).taker_bouts
    if vector.petit_to_taker is not None:
        assert ("T1" in bouts) is vector.petit_to_taker
    if vector.excuse_to_taker is not None:
        assert ("EXC" in bouts) is vector.excuse_to_taker
    if vector.exception is not None:
        assert state.tricks[-1].excuse_exception is vector.exception
        assert (state.tricks[-1].winner == state.tricks[-1].leader) is vector.exception
    if vector.totals is not None:
        _check_totals(state, vector.totals)

