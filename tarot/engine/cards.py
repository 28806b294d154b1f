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

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from tarot.engine.card_notation import Notation, current_notation
from tarot.engine.typed_cards import (
    card_words,
    plain,
    rank_alone,
    reads_codes_alone,
    suit_first_code,
    suit_words,
    words,
)
from tarot.errors import TarotError
from tarot.i18n import SOURCE_LANGUAGE, _, language, pgettext

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
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
# Each code's bit in a mask: a deal's hands are read from their codes at every deal.
_BIT_BY_CODE: dict[str, int] = {code: 1 << c for c, code in enumerate(CODES)}


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


def display(card: int, symbols: bool = True, notation: Notation | None = None) -> str:
    """A card for people, in ``notation`` (by default the current language's): ``K♥``,
    ``T21``, ``EXC`` (in French ``R♥``, ``A21``, ``EXC``). Without ``symbols``, the card's
    code (``KH``), the same in every language."""
    if not symbols or card == EXCUSE:
        return CODES[card]
    notation = notation or current_notation()
    if card > TRUMP_BASE:
        return f"{notation.trump}{card - TRUMP_BASE}"
    rank = RANK_CODES[card % 14]
    return notation.faces.get(rank, rank) + SUIT_SYMBOLS[card // 14]


def rank_word(card: int) -> str:
    """A suit card's rank in words, in the current language: ``king`` (``roi``), ``7``."""
    rank = card % 14 + 1
    if rank == 1:
        return pgettext("card rank", "ace")
    if rank == JACK:
        return pgettext("card rank", "jack")
    if rank == KNIGHT:
        return pgettext("card rank", "knight")
    if rank == QUEEN:
        return pgettext("card rank", "queen")
    if rank == KING:
        return pgettext("card rank", "king")
    return str(rank)


def suit_word(suit: int) -> str:
    """A suit (0..3) in words, in the current language: ``hearts`` (``cœur``)."""
    return (pgettext("suit", "spades"), pgettext("suit", "hearts"),
            pgettext("suit", "diamonds"), pgettext("suit", "clubs"))[suit]


def spoken(card: int) -> str:
    """A card in words, for a screen reader, in the current language: ``king of hearts``,
    ``trump 21``, ``Excuse`` (``roi de cœur``, ``atout 21``, ``l'Excuse``)."""
    if card == EXCUSE:
        return pgettext("card name", "Excuse")
    if card == PETIT:
        return _("trump 1, the Petit")
    if card > TRUMP_BASE:
        return _("trump {number}").format(number=card - TRUMP_BASE)
    return _("{rank} of {suit}").format(rank=rank_word(card), suit=suit_word(card // 14))


def quoted(text: str) -> str:
    """``text`` quoted in a message, its control characters escaped: ``'KX'`` (its
    ``repr``), in French ``« KX »``."""
    shown = repr(text)
    if language() == SOURCE_LANGUAGE:
        return shown
    return pgettext("quoted text", "'{text}'").format(text=shown[1:-1])


_SYMBOL_TO_LETTER = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C",
                                   "♤": "S", "♡": "H", "♢": "D", "♧": "C"})
_ALIASES = {"EXCUSE": "EXC", "EX": "EXC"}


def _english_reading(text: str) -> int | None:
    """The card ``text`` names as an English code (``KH``, ``k♥``, ``AS``, ``T21``), or None."""
    cleaned = text.strip().translate(_SYMBOL_TO_LETTER).upper()
    cleaned = _ALIASES.get(cleaned, cleaned)
    if len(cleaned) >= 2 and cleaned[0] == "A" and cleaned[1:] in SUITS:
        cleaned = "1" + cleaned[1:]
    return CARD_BY_CODE.get(cleaned)


@dataclass(frozen=True)
class _Reading:
    """A notation's letters and words as its reader looks them up."""

    ranks: dict[str, int]  # a rank's letter or number, as typed → the rank (1..14)
    suits: dict[str, int]  # a suit's letter or symbol → the suit (0..3)
    code: re.Pattern[str]  # a rank and a suit: RP, 10♦
    trump: re.Pattern[str]  # a trump: A21
    rank_names: dict[str, int]  # "roi" → 14, "10" → 10 (in "10 de carreau")
    suit_names: dict[str, int]  # "pique" → 0, "♥" → 1


@cache
def _reading(notation: Notation) -> _Reading:
    def rank_of_code(code: str) -> int:
        return RANK_CODES.index(code) + 1

    symbols = {symbol: index % 4 for index, symbol in enumerate("♠♥♦♣♤♡♢♧")}
    ranks = {**{str(n): n for n in range(1, 11)}, notation.ace: 1,
             **{own: rank_of_code(english) for english, own in notation.faces.items()}}
    suits = {**{own: SUITS.index(english) for english, own in notation.suits.items()},
             **symbols}
    letters = "".join(sorted(letter for letter in ranks if not letter.isdecimal()))
    return _Reading(
        ranks=ranks, suits=suits,
        code=re.compile(rf"(10|[1-9{re.escape(letters)}])([{re.escape(''.join(suits))}])"),
        trump=re.compile(rf"{re.escape(notation.trump)}([1-9]|1[0-9]|2[01])"),
        rank_names={**{str(n): n for n in range(1, 11)},
                    **{word: rank_of_code(code) for word, code in notation.rank_names.items()}},
        suit_names={word: SUITS.index(letter) for word, letter in notation.suit_names.items()}
        | {symbol: symbols[symbol] for symbol in suit_words(notation) if symbol in symbols})


def _own_reading(text: str, notation: Notation) -> int | None:
    """The card ``text`` names in ``notation``'s letters or words (French: ``RP``, ``v♣``,
    ``A21``, ``roi de pique``, ``l'excuse``, ``le 21``, ``atout 7``), or None."""
    reading = _reading(notation)
    compact = plain(text).upper()
    if match := reading.code.fullmatch(compact):
        return reading.suits[match[2]] * 14 + reading.ranks[match[1]] - 1
    if match := reading.trump.fullmatch(compact):
        return TRUMP_BASE + int(match[1])
    if not notation.has_words:
        return None
    said = words(text, notation)
    article = bool(said) and said[0] in notation.articles
    if article:
        said = said[1:]
    if said in ([notation.petit_word], [notation.excuse_word]):
        return PETIT if said[0] == notation.petit_word else EXCUSE
    if article and said == ["21"] and notation.twenty_one_alone:
        return TWENTY_ONE
    # "atout 12", and the number first: "12 d'atout".
    number_word = None
    if len(said) == 2 and said[0] == notation.trump_word:
        number_word = said[1]
    elif len(said) == 3 and said[1] in notation.of_words and said[2] == notation.trump_word:
        number_word = said[0]
    if number_word is not None:
        if not (number_word.isdecimal() and len(number_word) <= 2):
            return None
        number = int(number_word)
        return TRUMP_BASE + number if 1 <= number <= 21 else None
    if len(said) == 3 and said[1] in notation.of_words:
        said = [said[0], said[2]]
    if len(said) == 2 and said[0] in reading.rank_names and said[1] in reading.suit_names:
        return reading.suit_names[said[1]] * 14 + reading.rank_names[said[0]] - 1
    return None


def _written(card: int, notation: Notation) -> str:
    """How to write ``card`` in ``notation`` besides its symbol: its code for a suit card
    (``7T``), its words for a trump or the Excuse (``« atout 7 »``)."""
    return code_in(card, notation) if suit_of(card) in range(4) else quoted(spoken(card))


def code_in(card: int, notation: Notation) -> str:
    """A suit card's code in ``notation``'s letters (French: ``7T``, ``RP``)."""
    rank = RANK_CODES[card % 14]
    return notation.faces.get(rank, rank) + notation.suits[SUITS[card // 14]]


def parse_card(text: str, *, notation: Notation | None = None) -> int:
    """A card from its code, case-insensitive; ``♠♥♦♣`` stand for ``S H D C``.

    ``A`` is accepted for the ace (rank 1), so ``AS`` and ``1S`` are the same card.
    With a ``notation`` (a language's: :mod:`tarot.engine.card_notation`), its letters and
    words too (French: ``RP``, ``D♥``, ``A21``, ``roi de pique``: docs/translating.md); a
    code the two read as two cards (``7C``: the 7 of hearts, cœur, in French, the 7 of
    clubs in English) is refused, naming both.
    """
    english = _english_reading(text)
    if notation is None or reads_codes_alone(notation):
        if english is None:
            raise CardError(_("{text} is not a card: write a rank and a suit (KH, 10♦, NS, "
                              "1C), a trump T1…T21, or EXC").format(text=quoted(text.strip())))
        return english
    own = _own_reading(text, notation)
    if own is None and (suit_first := suit_first_code(text, notation)) is not None:
        own = CARD_BY_CODE[suit_first]
    rank = rank_alone(text, notation)
    if english is not None and rank is not None:
        # "as": the English code of the ace of spades, and a French player's word for an
        # ace of any suit.
        example = CARD_BY_CODE[rank + "H"]
        raise CardError(_(
            "{text} names two things: {english} in the English notation, and a card of no "
            "suit said in this language's words. Write {english_shown} or {english_words} "
            "for the first; for the second, name its suit too ({example})."
        ).format(text=quoted(text.strip()), english=spoken(english),
                 english_shown=display(english, notation=notation),
                 english_words=quoted(spoken(english)), example=spoken(example)))
    if english is not None and own is not None and english != own:
        raise CardError(_(
            "{text} names two cards: {own} in this language's notation, {english} in the "
            "English one. Write {own_shown} or {own_words} for the first, {english_shown} "
            "or {english_code} for the second."
        ).format(text=quoted(text.strip()), own=spoken(own), english=spoken(english),
                 own_shown=display(own, notation=notation), own_words=quoted(spoken(own)),
                 english_shown=display(english, notation=notation),
                 english_code=_written(english, notation)))
    card = own if own is not None else english
    if card is None:
        examples = (f"{code_in(CARD_BY_CODE['KH'], notation)}, 10♦, "
                    f"{code_in(CARD_BY_CODE['QS'], notation)}, "
                    f"{code_in(CARD_BY_CODE['1C'], notation)}")
        raise CardError(_("{text} is not a card: write a rank and a suit ({codes}), a trump "
                          "{first}…{last}, EXC, or the card's name ({names})").format(
            text=quoted(text.strip()), codes=examples, first=f"{notation.trump}1",
            last=f"{notation.trump}21", names=", ".join(notation.name_examples)))
    return card


def parse_cards(text: str | Iterable[str], *, notation: Notation | None = None) -> list[int]:
    """Several cards, from a list of codes or one string split on spaces and commas (with a
    ``notation``, its letters and words too: :func:`parse_card`, :func:`card_words`)."""
    items = card_words(text, notation=notation) if isinstance(text, str) else list(text)
    return [parse_card(item, notation=notation) for item in items]


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def mask_of_codes(codes: Iterable[str]) -> int:
    """The mask of canonical card codes (``KH``, ``T21``…), as events hold them."""
    mask = 0
    bits = _BIT_BY_CODE
    for card_code in codes:
        mask |= bits[card_code]
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
