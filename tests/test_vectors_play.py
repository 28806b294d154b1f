"""The rule book 4.7 and 4.8: the legal-play (L01–L16) and trick-winner (W01–W06) vectors."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tarot.engine.cards import ALL_CARDS, mask_of, parse_cards
from tarot.engine.kernel import legal_play_mask, trick_winner_index
from tarot.engine.legal import excuse_exception_applies, illegal_play_reason
from tarot.engine.rules import RuleSet
from tarot.engine.state import CompletedTrick, DealState

# ---------------------------------------------------------------------------
# L01–L16


@dataclass(frozen=True)
class LegalVector:
    id: str
    hand: str
    trick: str  # the cards already played, in order ("" when leading)
    legal: str  # the exact set of legal cards
    illegal: dict[str, str] = field(default_factory=dict)  # a card the vector names -> code


LEGAL_VECTORS = [
    LegalVector("L01", "KH 7H T3 EXC 2C", "", "KH 7H T3 EXC 2C"),
    LegalVector("L02", "KH 7H T3 EXC 2C", "9H", "KH 7H EXC"),
    LegalVector("L03", "NH 7H T3 2C", "QH KH", "NH 7H"),
    LegalVector("L04", "2C 5S T5 T12", "4H", "T5 T12"),
    LegalVector("L05", "2C T5 T12 EXC", "KH T10", "T12 EXC", {"T5": "must_overtrump"}),
    LegalVector("L06", "2C T3 T5", "KH T10", "T3 T5", {"2C": "must_trump"}),
    LegalVector("L07", "2C 9D QS", "KH T10", "2C 9D QS"),
    LegalVector("L08", "T4 T15 T2 5D", "T8", "T15"),
    LegalVector("L09", "T10 T12 5D", "T8 T17", "T10 T12", {"5D": "must_trump"}),
    LegalVector("L10", "5D KS", "T8", "5D KS"),
    LegalVector("L11", "KH T3 2C", "EXC", "KH T3 2C"),
    LegalVector("L12", "KS 3S T9 2C", "EXC 9S", "KS 3S"),
    LegalVector("L13", "KS T4 T9 2C", "EXC T6", "T9"),
    LegalVector("L14", "5H T3 T20 EXC", "2S T14", "T20 EXC"),
    LegalVector("L15", "5D T21 T3", "2S T14", "T21"),
    LegalVector("L16", "NH 1H", "2H T1", "NH 1H"),
]


@pytest.mark.parametrize("vector", LEGAL_VECTORS, ids=[v.id for v in LEGAL_VECTORS])
def test_legal_play_vector(vector: LegalVector) -> None:
    hand = mask_of(parse_cards(vector.hand))
    trick = parse_cards(vector.trick)
    assert not hand & mask_of(trick)
    legal = legal_play_mask(hand, trick)
    assert legal == mask_of(parse_cards(vector.legal))
    for card in parse_cards(vector.hand):
        if not legal >> card & 1:  # every other card has a reason, the one the vector names
            reason = illegal_play_reason(hand, trick, card, 0)
            assert reason.code in {"must_follow_suit", "must_trump", "must_overtrump"}
    for code, expected in vector.illegal.items():
        assert illegal_play_reason(hand, trick, parse_cards(code)[0], 0).code == expected


# ---------------------------------------------------------------------------
# W01–W06


@dataclass(frozen=True)
class WinnerVector:
    id: str
    trick: str  # in order, leader first
    winner: int  # index into the trick
    number: int = 1  # the trick's number, 1..18
    leader_side_won_all_earlier: bool = False  # the context of the last-trick exception


WINNER_VECTORS = [
    WinnerVector("W01", "7H KH T2 QH", 2),
    WinnerVector("W02", "EXC 3C KC T1", 3, number=9),  # "not the last trick"
    WinnerVector("W03", "9D EXC 10D 2D", 2),
    WinnerVector("W04", "EXC JH T2 4H", 0, number=18, leader_side_won_all_earlier=True),
    WinnerVector("W05", "EXC 9S KS T5", 3, number=18),
    WinnerVector("W06", "5S QS 1S NS", 1),
]


def _state(rules: RuleSet, vector: WinnerVector, taker: int, leader: int) -> DealState:
    """The trick in progress, after ``vector.number - 1`` tricks.

    The leader's side wins every earlier trick (the leader wins the one before),
    except trick 3 when the vector says the leader's side lost some earlier trick.
    """
    cards = parse_cards(vector.trick)
    spare = [c for c in ALL_CARDS if c not in cards]
    opponent = next(s for s in range(4) if (s == taker) != (leader == taker))
    tricks = []
    for number in range(1, vector.number):
        lost = vector.number == 18 and not vector.leader_side_won_all_earlier and number == 3
        winner = opponent if lost else leader
        tricks.append(CompletedTrick(winner, tuple(spare[4 * number - 4: 4 * number]), winner))
    garde = rules.contract_index["garde"]
    return DealState(rules=rules, phase="tricks", taker=taker, contract=garde, tricks=tricks,
                     leader=leader, trick=cards, turn=-1)


@pytest.mark.parametrize("vector", WINNER_VECTORS, ids=[v.id for v in WINNER_VECTORS])
def test_trick_winner_vector(standard: RuleSet, vector: WinnerVector) -> None:
    for taker, leader in ((1, 1), (1, 3)):  # the taker's side leads, then the defence's
        state = _state(standard, vector, taker, leader)
        exception = excuse_exception_applies(state)
        assert exception is (vector.number == 18 and vector.leader_side_won_all_earlier)
        assert trick_winner_index(state.trick, exception) == vector.winner
