"""An independent transcription of the rule book, for the tests: the rule book 3.1, 3.3, 3.4,
3.5 and 3.6 on card codes (strings), sharing no code with the engine.

The property tests (``test_properties.py``) check every event of random deals
against it, and the perft tests (``test_perft.py``) count legal card sequences
with it; it is the one copy of the rules the tests keep.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
BOUT_CODES = ("T1", "T21", "EXC")
MULTIPLIER = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
TARGET_HALF = {0: 112, 1: 102, 2: 82, 3: 72}
POIGNEE_BONUS = {10: 20, 13: 30, 15: 40}


def is_trump(card: str) -> bool:
    return card.startswith("T")


def trump_number(card: str) -> int:
    return int(card[1:]) if is_trump(card) else 0


def suit(card: str) -> str:
    return card[-1]


def half_points(card: str) -> int:
    if card in BOUT_CODES:
        return 9
    if card == "EXC" or is_trump(card):
        return 1
    return {"K": 9, "Q": 7, "N": 5, "J": 3}.get(card[:-1], 1)


def legal(hand: AbstractSet[str], trick: Sequence[str]) -> set[str]:
    """The rule book 3.3, line by line."""
    led = next((c for c in trick if c != "EXC"), None)
    if led is None:
        return set(hand)
    out = {"EXC"} & hand
    trumps = {c for c in hand if is_trump(c)}
    if is_trump(led):
        cand = trumps
    else:
        cand = {c for c in hand if c != "EXC" and not is_trump(c)
                and suit(c) == suit(led)}
        if not cand:
            cand = trumps
    if cand and all(is_trump(c) for c in cand):
        hi = max((trump_number(c) for c in trick if is_trump(c)), default=0)
        over = {c for c in cand if trump_number(c) > hi}
        if over:
            cand = over
    if not cand:
        cand = set(hand) - {"EXC"}
    return out | cand


def winner_index(trick: Sequence[str], exception: bool = False) -> int:
    """The rule book 3.4 (``exception``: trick 18, Excuse led, leader's side won 1..17)."""
    if exception:
        return 0
    trumps = [(trump_number(c), i) for i, c in enumerate(trick) if is_trump(c)]
    if trumps:
        return max(trumps)[1]
    led = next(c for c in trick if c != "EXC")
    return max((RANKS.index(c[:-1]), i) for i, c in enumerate(trick)
               if c != "EXC" and not is_trump(c) and suit(c) == suit(led))[1]


POIGNEE_SIZES = (10, 13, 15)
KINGS = frozenset({"KS", "KH", "KD", "KC"})


def poignee_levels(hand: set[str], pool: set[str], excuse_fill: bool) -> list[int]:
    """The sizes a seat may show now (R8, R9, A13, A14)."""
    trumps = {c for c in hand if is_trump(c)}
    levels = []
    for size in POIGNEE_SIZES:
        extra = pool if size == 15 else set()
        enough = len(trumps | extra) >= size
        filled = "EXC" in hand and len(trumps | (extra if excuse_fill else set())) == size - 1
        if enough or filled:
            levels.append(size)
    return levels


def poignee_ok(shown: set[str], hand: set[str], pool: set[str], excuse_fill: bool) -> bool:
    trumps = {c for c in hand if is_trump(c)}
    if len(shown) not in POIGNEE_SIZES or not shown <= trumps | pool | {"EXC"}:
        return False
    if len(shown) != 15 and shown & pool - trumps:
        return False
    if "EXC" in shown:
        fill = trumps | (pool if excuse_fill else set())
        return "EXC" in hand and shown - {"EXC"} == fill
    return True


@dataclass
class Outcome:
    taker_half_points: int
    taker_bouts: frozenset[str]
    contract_made: bool
    petit_au_bout: str | None
    per_defender: int


def settle(*, taker: int, contract: str, chien: list[str], discard: list[str],
               tricks: list[tuple[int, tuple[str, ...], int]], poignee_sizes: list[int],
               declared: bool, excuse_kept_in_any_slam: bool = False,
               petit_au_bout_slam_counts_last_trick: bool = False) -> Outcome:
    """The rule book 3.5 (Excuse ledger) and 3.6 (scoring), with the two flags they name."""

    def taker_side(seat: int) -> bool:
        return seat == taker

    pile: list[str] = []
    adjustment = 0
    exception = False
    for number, (leader, cards, winner) in enumerate(tricks, start=1):
        w = taker_side(winner)
        if "EXC" not in cards:
            if w:
                pile += cards
            continue
        x = taker_side((leader + cards.index("EXC")) % 4)
        others = [c for c in cards if c != "EXC"]
        if number < 18:
            if x:
                pile.append("EXC")
            if w:
                pile += others
            if w != x:
                adjustment += 1 if w else -1
        else:
            exception = cards[0] == "EXC" and all(
                taker_side(t[2]) == taker_side(leader) for t in tricks[:17])
            kept = excuse_kept_in_any_slam and w == x and all(
                taker_side(t[2]) == x for t in tricks[:17])
            if exception or kept:
                if x:
                    pile += cards
            else:
                if not x:
                    pile.append("EXC")
                if w:
                    pile += others
    if contract in ("prise", "garde"):
        pile += discard
    elif contract == "garde_sans":
        pile += chien
    half = sum(half_points(c) for c in pile) + adjustment
    bouts = frozenset(b for b in BOUT_CODES if b in pile)
    m = MULTIPLIER[contract]
    target = TARGET_HALF[len(bouts)]
    made = half >= target
    diff = (abs(half - target) + 1) // 2
    s = 1 if made else -1
    d = s * (25 + diff) * m
    examined = [tricks[17]]
    if exception:
        examined = [tricks[16], tricks[17]] if petit_au_bout_slam_counts_last_trick \
            else [tricks[16]]
    pab = None
    for _, cards, winner in examined:
        if "T1" in cards:
            pab = "taker" if taker_side(winner) else "defence"
    if pab is not None:
        d += 10 * m if pab == "taker" else -10 * m
    d += s * sum(POIGNEE_BONUS[n] for n in poignee_sizes)
    taker_all = all(taker_side(t[2]) for t in tricks)
    defence_all = not any(taker_side(t[2]) for t in tricks)
    if declared:
        d += 400 if taker_all else -200
    elif taker_all:
        d += 200
    if defence_all:
        d -= 200
    return Outcome(half, bouts, made, pab, d)
