"""An independent transcription of the rule book, for the tests: the rule book 3.1, 3.3, 3.4,
3.5 and 3.6 on card codes (strings), sharing no code with the engine; at three and five
players with the deltas of RULES-3-5.md (V3-k, V5-k and its section 3), transcribed from
that text, not from the engine: the sizes of the deal, the chien, the discard and the
poignées, the last trick, the auction's speakers, the call (V5-2, V5-3, VD2), the opening
lead (V5-16), the camps (V5-4, V5-5) and each seat's share of ``D`` (V3-9, V5-11).

The property tests (``test_properties.py``) check every event of random deals
against it, and the perft tests (``test_perft.py``) count legal card sequences
with it; it is the one copy of the rules the tests keep.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
SUIT_LETTERS = "SHDC"
BOUT_CODES = ("T1", "T21", "EXC")
MULTIPLIER = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
TARGET_HALF = {0: 112, 1: 102, 2: 82, 3: 72}
LEVEL_BONUS = (20, 30, 40)  # simple, double, triple at every size (R8, V3-6, V5-9)


@dataclass(frozen=True)
class TableSize:
    """RULES-3-5.md section 3, ``SPEC``: a hand, the chien, the poignée sizes."""

    players: int
    hand: int  # cards per hand = the number of tricks (the last trick's number)
    chien: int  # = the size of the discard
    poignees: tuple[int, int, int]  # simple, double, triple


SIZES = {3: TableSize(3, 24, 6, (13, 15, 18)),  # V3-1, V3-4, V3-6
         4: TableSize(4, 18, 6, (10, 13, 15)),  # R1, R6, R8
         5: TableSize(5, 15, 3, (8, 10, 13))}  # V5-1, V5-7, V5-9


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


def is_ordinary(card: str) -> bool:
    """A suit card that is not a king: what a discard is made of (R6, A15)."""
    return card != "EXC" and not is_trump(card) and card[:-1] != "K"


# ---------------------------------------------------------------------------
# The deal and the auction (R1, R3, A18, A25; V3-1, V3-3, V5-1, V5-2)


def speaker(dealer: int, calls_made: int, players: int = 4) -> int:
    """The seat to make call number ``calls_made`` (0 first): from the dealer's right,
    the dealer last (section 3: ``(dealer+1+k) mod n``)."""
    return (dealer + 1 + calls_made) % players


def next_dealer(dealer: int, players: int = 4) -> int:
    """A void deal passes the deal to the right (A18, V3-3, V5-2)."""
    return (dealer + 1) % players


def petit_sec(hand: AbstractSet[str]) -> bool:
    """A17, V3-11, V5-14: the Petit the only trump, and no Excuse."""
    return {c for c in hand if is_trump(c)} == {"T1"} and "EXC" not in hand


# ---------------------------------------------------------------------------
# The call at five players (V5-2, V5-3, VD2)

CALL_RANKS = ("K", "Q", "N", "J")  # kings, then queens, knights, jacks


def callable_cards(hand: AbstractSet[str], four_kings_may_call_king: bool = True) -> set[str]:
    """V5-3 on the taker's 15 dealt cards: the four kings; the queens if he holds the four
    kings; the knights if also the four queens; the jacks if also the four knights. Under
    the flag ``false`` a rank he holds complete may not be called ("last rank only")."""
    allowed: set[str] = set()
    for rank in CALL_RANKS:
        cards = {rank + s for s in SUIT_LETTERS}
        complete = cards <= hand
        if four_kings_may_call_king or not complete:
            allowed |= cards
        if not complete:
            break
    return allowed


def partner_of(called: str, hands: Sequence[AbstractSet[str]], taker: int) -> int | None:
    """V5-4, V5-5: the holder of the called card among the other seats' dealt hands;
    None when the taker holds it or it lies in the chien (he plays alone)."""
    return next((s for s, h in enumerate(hands) if s != taker and called in h), None)


def partner_known(*, called: str | None, holds_called: bool, called_played: bool,
                  chien_shown_with_called: bool, over: bool) -> bool:
    """V5-6, V5-17: may a seat know the camps? At once when no card is called (three and
    four players); else at the end, once the called card is played, when the chien shown
    to all holds it (alone in Prise/Garde, V5-5), and from the deal for the seat dealt
    the called card (the partner, or the taker who called himself)."""
    return (called is None or over or called_played or chien_shown_with_called
            or holds_called)


# ---------------------------------------------------------------------------
# The discard (R6, A15, A16; V3-4, V5-7)


def discard_ok(hand: AbstractSet[str], cards: AbstractSet[str], players: int = 4) -> bool:
    """``hand``: the taker's cards with the chien. Exactly ``chien`` cards of the hand,
    no king, no bout, and trumps only as many as the ordinary cards fall short of."""
    size = SIZES[players].chien
    if len(cards) != size or not cards <= hand:
        return False
    if any(c[:-1] == "K" and not is_trump(c) and c != "EXC" for c in cards):
        return False
    if set(BOUT_CODES) & cards:
        return False
    ordinary = sum(1 for c in hand if is_ordinary(c))
    return sum(1 for c in cards if is_trump(c)) == max(0, size - ordinary)


# ---------------------------------------------------------------------------
# Card play (R11–R13, A28, A29; V5-16)


def legal(hand: AbstractSet[str], trick: Sequence[str], called: str | None = None) -> set[str]:
    """The rule book 3.3, line by line; ``called``: the called card at five players when
    this is the deal's first trick (V5-16)."""
    if not trick and called is not None:
        return opening_lead(set(hand), called)
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


def opening_lead(hand: set[str], called: str) -> set[str]:
    """V5-16, VD7: not a card of the called card's suit, unless the called card itself
    (a trump or the Excuse may be led); if the leader holds no other card, any."""
    barred = {c for c in hand if c != "EXC" and not is_trump(c)
              and suit(c) == suit(called) and c != called}
    return (hand - barred) or hand


def winner_index(trick: Sequence[str], exception: bool = False) -> int:
    """The rule book 3.4 (``exception``: the last trick, Excuse led, the leader's camp won
    every other trick)."""
    if exception:
        return 0
    trumps = [(trump_number(c), i) for i, c in enumerate(trick) if is_trump(c)]
    if trumps:
        return max(trumps)[1]
    led = next(c for c in trick if c != "EXC")
    return max((RANKS.index(c[:-1]), i) for i, c in enumerate(trick)
               if c != "EXC" and not is_trump(c) and suit(c) == suit(led))[1]


# ---------------------------------------------------------------------------
# Poignées (R8, R9, A12–A14; V3-6, V3-7, V5-9, V5-10)

POIGNEE_SIZES = (10, 13, 15)
KINGS = frozenset({"KS", "KH", "KD", "KC"})


def four_kings_pool(hand: AbstractSet[str], discard: Sequence[str], is_taker: bool) -> set[str]:
    """R9, A14: the trumps a taker holding the four kings discarded, which he may add
    towards the triple."""
    if not is_taker or not hand >= KINGS:
        return set()
    return {c for c in discard if is_trump(c)}


def poignee_levels(hand: set[str], pool: set[str], excuse_fill: bool,
                   players: int = 4) -> list[int]:
    """The sizes a seat may show now (R8, R9, A13, A14, with the sizes of ``players``)."""
    sizes = SIZES[players].poignees
    trumps = {c for c in hand if is_trump(c)}
    levels = []
    for size in sizes:
        extra = pool if size == sizes[-1] else set()
        enough = len(trumps | extra) >= size
        filled = "EXC" in hand and len(trumps | (extra if excuse_fill else set())) == size - 1
        if enough or filled:
            levels.append(size)
    return levels


def poignee_ok(shown: set[str], hand: set[str], pool: set[str], excuse_fill: bool,
               players: int = 4) -> bool:
    sizes = SIZES[players].poignees
    trumps = {c for c in hand if is_trump(c)}
    if len(shown) not in sizes or not shown <= trumps | pool | {"EXC"}:
        return False
    if len(shown) != sizes[-1] and shown & pool - trumps:
        return False
    if "EXC" in shown:
        fill = trumps | (pool if excuse_fill else set())
        return "EXC" in hand and shown - {"EXC"} == fill
    return True


def poignee_bonus(size: int, players: int = 4) -> int:
    return LEVEL_BONUS[SIZES[players].poignees.index(size)]


# ---------------------------------------------------------------------------
# The settlement (3.5, 3.6; V3-9, V5-11)


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
               petit_au_bout_slam_counts_last_trick: bool = False,
               players: int = 4, partner: int | None = None) -> Outcome:
    """The rule book 3.5 (Excuse ledger) and 3.6 (scoring), with the two flags they name;
    by camp (the taker and ``partner``) and on the last trick of ``players``
    (RULES-3-5.md section 0, VD9, VD11)."""
    last = SIZES[players].hand
    assert len(tricks) == last

    def taker_side(seat: int) -> bool:
        return seat in (taker, partner)

    pile: list[str] = []
    adjustment = 0
    exception = False
    for number, (leader, cards, winner) in enumerate(tricks, start=1):
        w = taker_side(winner)
        if "EXC" not in cards:
            if w:
                pile += cards
            continue
        x = taker_side((leader + cards.index("EXC")) % players)
        others = [c for c in cards if c != "EXC"]
        if number < last:
            if x:
                pile.append("EXC")
            if w:
                pile += others
            if w != x:
                adjustment += 1 if w else -1
        else:
            exception = cards[0] == "EXC" and all(
                taker_side(t[2]) == taker_side(leader) for t in tricks[:last - 1])
            kept = excuse_kept_in_any_slam and w == x and all(
                taker_side(t[2]) == x for t in tricks[:last - 1])
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
    examined = [tricks[last - 1]]
    if exception:
        examined = [tricks[last - 2], tricks[last - 1]] if petit_au_bout_slam_counts_last_trick \
            else [tricks[last - 2]]
    pab = None
    for _, cards, winner in examined:
        if "T1" in cards:
            pab = "taker" if taker_side(winner) else "defence"
    made, _, d = per_defender(
        contract=contract, half=half, bouts=len(bouts), petit_au_bout=pab,
        poignee_sizes=poignee_sizes, declared=declared,
        all_tricks=("taker" if all(taker_side(t[2]) for t in tricks) else
                    "defence" if not any(taker_side(t[2]) for t in tricks) else None),
        players=players)
    return Outcome(half, bouts, made, pab, d)


def per_defender(*, contract: str, half: int, bouts: int, petit_au_bout: str | None,
                 poignee_sizes: list[int], declared: bool, all_tricks: str | None,
                 players: int = 4) -> tuple[bool, int, int]:
    """The rule book 3.6 from the totals: (contract made, counted difference, ``D``);
    ``all_tricks``: "taker" (the attack's camp) or "defence" when one camp won them all."""
    m = MULTIPLIER[contract]
    target = TARGET_HALF[bouts]
    made = half >= target
    diff = (abs(half - target) + 1) // 2  # A10: half a point counts as one
    s = 1 if made else -1
    d = s * (25 + diff) * m
    if petit_au_bout is not None:
        d += 10 * m if petit_au_bout == "taker" else -10 * m
    d += s * sum(poignee_bonus(n, players) for n in poignee_sizes)
    if declared:
        d += 400 if all_tricks == "taker" else -200
    elif all_tricks == "taker":
        d += 200
    if all_tricks == "defence":
        d -= 200
    return made, diff, d


def scores(d: int, *, players: int, taker: int, partner: int | None = None) -> list[int]:
    """Each seat's score (3.6, V3-9, V5-11): every defender −D, the partner +D, the
    taker the rest (3·D at four, 2·D at three and at five with a partner, 4·D alone)."""
    out = []
    for seat in range(players):
        if seat == partner:
            out.append(d)
        elif seat == taker:
            defenders = players - 1 - (partner is not None)
            out.append((defenders - (partner is not None)) * d)
        else:
            out.append(-d)
    return out
