"""The 78 cards: small ints, their codes, parsing, and bit masks.

A card is an int in 0..77:

- suit cards: ``suit * 14 + rank - 1`` with suits S, H, D, C = 0..3 and ranks
  1..10, J = 11, N = 12, Q = 13, K = 14;
- trumps: ``55 + n`` for ``Tn`` (``T1`` = 56 … ``T21`` = 76);
- the Excuse: 77.

A set of cards is a bit mask (``1 << card``), which makes the legal-play rules a
few integer operations. Card points are not here: they are rule data
(``rules/*.toml``), turned into a table by ``RuleSet.points_table``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tarot.errors import TarotError

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_CODES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
JACK, KNIGHT, QUEEN, KING = 11, 12, 13, 14

TRUMP_BASE = 55
PETIT = TRUMP_BASE + 1
TWENTY_ONE = TRUMP_BASE + 21
EXCUSE = 77
DECK_SIZE = 78
TRUMP_SUIT = 4  # suit_of() of a trump; the Excuse has no suit (-1)

ALL_CARDS = tuple(range(DECK_SIZE))
SUIT_MASKS = tuple(((1 << 14) - 1) << (14 * s) for s in range(4))
TRUMP_MASK = ((1 << 21) - 1) << PETIT
EXCUSE_BIT = 1 << EXCUSE
KING_MASK = sum(1 << (14 * s + KING - 1) for s in range(4))
# The honours: the knights, queens and kings of the four suits.
HONOUR_MASK = sum(1 << (14 * s + rank - 1) for s in range(4) for rank in (KNIGHT, QUEEN, KING))
BOUTS = (PETIT, TWENTY_ONE, EXCUSE)
BOUT_MASK = (1 << PETIT) | (1 << TWENTY_ONE) | EXCUSE_BIT
ORDINARY_MASK = (SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]) & ~KING_MASK
FULL_DECK_MASK = (1 << DECK_SIZE) - 1
# TRUMPS_ABOVE[n]: the trumps strictly higher than Tn (n = 0 gives every trump).
TRUMPS_ABOVE = tuple(TRUMP_MASK & ~((1 << (TRUMP_BASE + n + 1)) - 1) for n in range(22))


def _code(card: int) -> str:
    if card == EXCUSE:
        return "EXC"
    if card > TRUMP_BASE:
        return f"T{card - TRUMP_BASE}"
    return RANK_CODES[card % 14] + SUITS[card // 14]


CODES: tuple[str, ...] = tuple(_code(c) for c in ALL_CARDS)
CARD_BY_CODE: dict[str, int] = {code: c for c, code in enumerate(CODES)}


class CardError(TarotError, ValueError):
    """A card code that names no card."""

    code = "unknown_card"


def is_trump(card: int) -> bool:
    return TRUMP_BASE < card < EXCUSE


def trump_number(card: int) -> int:
    """1..21 for a trump, 0 for anything else."""
    return card - TRUMP_BASE if TRUMP_BASE < card < EXCUSE else 0


def suit_of(card: int) -> int:
    """0..3 for suit cards, TRUMP_SUIT for trumps, -1 for the Excuse."""
    if card == EXCUSE:
        return -1
    return TRUMP_SUIT if card > TRUMP_BASE else card // 14


def rank_of(card: int) -> int:
    """1..14 for suit cards, the trump number for trumps, 0 for the Excuse."""
    if card == EXCUSE:
        return 0
    return card - TRUMP_BASE if card > TRUMP_BASE else card % 14 + 1


def display(card: int, symbols: bool = True) -> str:
    """A card for people: ``K♥``, ``T21``, ``EXC``."""
    if symbols and card < PETIT:
        return RANK_CODES[card % 14] + SUIT_SYMBOLS[card // 14]
    return CODES[card]


RANK_WORDS = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "knight", "queen",
              "king")


def spoken(card: int) -> str:
    """A card in words, for a screen reader: ``king of hearts``, ``trump 21``, ``Excuse``."""
    if card == EXCUSE:
        return "Excuse"
    if card > TRUMP_BASE:
        return "trump 1, the Petit" if card == PETIT else f"trump {card - TRUMP_BASE}"
    return f"{RANK_WORDS[card % 14]} of {SUIT_NAMES[card // 14]}"


_SYMBOL_TO_LETTER = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C",
                                   "♤": "S", "♡": "H", "♢": "D", "♧": "C"})
_ALIASES = {"EXCUSE": "EXC", "EX": "EXC"}


def parse_card(text: str) -> int:
    """A card from its code, case-insensitive; ``♠♥♦♣`` stand for ``S H D C``.

    ``A`` is accepted for the ace (rank 1), so ``AS`` and ``1S`` are the same card.
    """
    cleaned = text.strip().translate(_SYMBOL_TO_LETTER).upper()
    cleaned = _ALIASES.get(cleaned, cleaned)
    if len(cleaned) >= 2 and cleaned[0] == "A" and cleaned[1:] in SUITS:
        cleaned = "1" + cleaned[1:]
    card = CARD_BY_CODE.get(cleaned)
    if card is None:
        raise CardError(
            f"{text.strip()!r} is not a card: write a rank and a suit (KH, 10♦, NS, 1C), "
            "a trump T1…T21, or EXC"
        )
    return card


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Several cards, from a list of codes or one string split on spaces and commas."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(item) for item in items]


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def mask_of_codes(codes: Iterable[str]) -> int:
    """The mask of canonical card codes (``KH``, ``T21``…), as events hold them."""
    mask = 0
    for card_code in codes:
        mask |= 1 << CARD_BY_CODE[card_code]
    return mask


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# The cards of each byte of a mask, by the byte's value: ``_BYTE_CARDS[i][v]`` holds the
# cards ``8 * i + b`` for each bit ``b`` set in ``v``.
_BYTE_CARDS = tuple(tuple(tuple(8 * i + b for b in range(8) if v >> b & 1) for v in range(256))
                    for i in range((DECK_SIZE + 7) // 8))


def card_list(mask: int) -> list[int]:
    """The cards of a mask as a list, lowest first: a byte at a time from the lowest byte
    that holds a card, one and a half times as fast as a bit at a time (the playouts
    list the legal cards at every card they play)."""
    if not mask:
        return []
    index = ((mask & -mask).bit_length() - 1) >> 3
    mask >>= 8 * index
    out: list[int] = []
    while mask:
        byte = mask & 255
        if byte:
            out += _BYTE_CARDS[index][byte]
        mask >>= 8
        index += 1
    return out


def sort_key(card: int) -> tuple[int, int]:
    """Display order: spades, hearts, diamonds, clubs by rank, then trumps, then the Excuse."""
    return (suit_of(card) if card != EXCUSE else 5, rank_of(card))


def codes(cards: Iterable[int]) -> tuple[str, ...]:
    return tuple([CODES[c] for c in cards])  # a list first: faster than a generator


def codes_of_mask(mask: int) -> tuple[str, ...]:
    return tuple([CODES[c] for c in card_list(mask)])
