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
import unicodedata
from collections.abc import Iterable, Iterator

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


def _face_letter(rank: int) -> str:
    """The letter of a face card (J N Q K) as the table shows it: R D C V in French."""
    if rank == KING:
        return pgettext("card rank", "K")
    if rank == QUEEN:
        return pgettext("card rank", "Q")
    if rank == KNIGHT:
        return pgettext("card rank", "N")
    return pgettext("card rank", "J")


def display(card: int, symbols: bool = True) -> str:
    """A card for people, in the current language: ``K♥``, ``T21``, ``EXC`` (in French
    ``R♥``, ``A21``, ``EXC``). Without ``symbols``, the card's code (``KH``), the same in
    every language."""
    if not symbols or card == EXCUSE:
        return CODES[card]
    if card > TRUMP_BASE:
        return pgettext("trump", "T{number}").format(number=card - TRUMP_BASE)
    rank = card % 14 + 1
    letter = _face_letter(rank) if rank >= JACK else RANK_CODES[rank - 1]
    return letter + SUIT_SYMBOLS[card // 14]


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


# The French notation (docs/translating.md): ranks R D C V, 10 … 1 (A, the as, too); suits
# P C K T (pique, cœur, carreau, trèfle) or the symbols; trumps A1 … A21; and the words.
_FRENCH_RANKS = {"R": KING, "D": QUEEN, "C": KNIGHT, "V": JACK, "A": 1,
                 **{str(n): n for n in range(1, 11)}}
_FRENCH_SUITS = {"P": 0, "C": 1, "K": 2, "T": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3,
                 "♤": 0, "♡": 1, "♢": 2, "♧": 3}
FRENCH_SUIT_LETTERS = "PCKT"
# The faces' letters as a code writes them (R D C V), read off the table that reads them.
_FRENCH_RANK_LETTERS = {rank: letter for letter, rank in _FRENCH_RANKS.items()
                        if letter in "RDCV"}
_FRENCH_CODE = re.compile(r"(10|[1-9RDCVA])([PCKT♠♥♦♣♤♡♢♧])")
_FRENCH_TRUMP = re.compile(r"A([1-9]|1[0-9]|2[01])")
_RANK_NAMES = {"roi": KING, "dame": QUEEN, "cavalier": KNIGHT, "valet": JACK, "as": 1,
               **{str(n): n for n in range(1, 11)}}
_SUIT_NAMES_FR = {"pique": 0, "piques": 0, "coeur": 1, "coeurs": 1, "carreau": 2,
                  "carreaux": 2, "trefle": 3, "trefles": 3}
_ARTICLES = frozenset({"le", "la", "l'"})
_OF = frozenset({"de", "du"})


def plain(text: str) -> str:
    """``text`` lower-case, without accents (``œ`` is ``oe``), its apostrophes ``'`` and
    its spaces single: how French words are compared (``Trèfle`` and ``trefle`` alike)."""
    lowered = text.lower().replace("œ", "oe").replace("æ", "ae")
    for apostrophe in "’`´":
        lowered = lowered.replace(apostrophe, "'")
    bare = "".join(c for c in unicodedata.normalize("NFD", lowered)
                   if unicodedata.category(c) != "Mn")
    return " ".join(bare.split())


def _words(text: str) -> list[str]:
    """French words, an elided article its own word: ``l'atout 7`` → ``l' atout 7``."""
    words: list[str] = []
    for word in plain(text).split():
        if word.startswith("l'") and len(word) > 2:
            words += ["l'", word[2:]]
        else:
            words.append(word)
    return words


def _french_reading(text: str) -> int | None:
    """The card ``text`` names in the French notation (``RP``, ``v♣``, ``A21``, ``roi de
    pique``, ``l'excuse``, ``le 21``, ``atout 7``), or None."""
    compact = plain(text).upper()
    if match := _FRENCH_CODE.fullmatch(compact):
        rank, suit = _FRENCH_RANKS[match[1]], _FRENCH_SUITS[match[2]]
        return suit * 14 + rank - 1
    if match := _FRENCH_TRUMP.fullmatch(compact):
        return TRUMP_BASE + int(match[1])
    words = _words(text)
    article = bool(words) and words[0] in _ARTICLES
    if article:
        words = words[1:]
    if words in (["petit"], ["excuse"]):
        return PETIT if words[0] == "petit" else EXCUSE
    if article and words == ["21"]:
        return TWENTY_ONE
    if len(words) == 2 and words[0] == "atout" and words[1].isdecimal() and len(words[1]) <= 2:
        number = int(words[1])
        return TRUMP_BASE + number if 1 <= number <= 21 else None
    if len(words) == 3 and words[1] in _OF:
        words = [words[0], words[2]]
    if len(words) == 2 and words[0] in _RANK_NAMES and words[1] in _SUIT_NAMES_FR:
        return _SUIT_NAMES_FR[words[1]] * 14 + _RANK_NAMES[words[0]] - 1
    return None


def french_code(card: int) -> str:
    """A suit card's code with the French letters of its suit (``7T``, ``RP``)."""
    rank = card % 14 + 1
    return _FRENCH_RANK_LETTERS.get(rank, str(rank)) + FRENCH_SUIT_LETTERS[card // 14]


def parse_card(text: str, *, french: bool = False) -> int:
    """A card from its code, case-insensitive; ``♠♥♦♣`` stand for ``S H D C``.

    ``A`` is accepted for the ace (rank 1), so ``AS`` and ``1S`` are the same card.
    With ``french``, the French notation too (``RP``, ``D♥``, ``A21``, ``roi de pique``:
    docs/translating.md); a code the two notations read as two cards (``7C``: the 7 of
    hearts, cœur, in French, the 7 of clubs in English) is refused, naming both.
    """
    english = _english_reading(text)
    if not french:
        if english is None:
            raise CardError(_("{text} is not a card: write a rank and a suit (KH, 10♦, NS, "
                              "1C), a trump T1…T21, or EXC").format(text=quoted(text.strip())))
        return english
    in_french = _french_reading(text)
    if english is not None and in_french is not None and english != in_french:
        raise CardError(_(
            "{text} names two cards: {french} in the French notation, {english} in the "
            "English one. Write {french_shown} or {french_words} for the first, "
            "{english_shown} or {english_code} for the second."
        ).format(text=quoted(text.strip()), french=spoken(in_french),
                 english=spoken(english), french_shown=display(in_french),
                 french_words=quoted(spoken(in_french)), english_shown=display(english),
                 english_code=french_code(english)))
    card = in_french if in_french is not None else english
    if card is None:
        raise CardError(_("{text} is not a card: write a rank and a suit (RC, 10♦, DP, 1T), "
                          "a trump A1…A21, EXC, or the card's name (roi de cœur, le petit, "
                          "excuse)").format(text=quoted(text.strip())))
    return card


def card_words(text: str, *, french: bool = False) -> list[str]:
    """The cards a text names, one string each: split on spaces and commas; with
    ``french``, the words of one card kept together (``roi de pique``, ``le 21``,
    ``l'atout 7``, ``10 de carreau``), where a number alone is a card's number in the hand."""
    tokens = text.replace(",", " ").split()
    if not french:
        return tokens
    out: list[str] = []
    start = 0
    while start < len(tokens):
        end = start
        words = _words(tokens[end])
        if words in (["l'"], ["le"], ["la"]) and end + 1 < len(tokens):
            end += 1
            words = _words(tokens[end])
        head = words[-1] if words else ""
        after = [plain(t) for t in tokens[end + 1:end + 3]]
        if head == "atout" and after and after[0].isdecimal():
            end += 1
        elif head in _RANK_NAMES and after:
            if after[0] in _SUIT_NAMES_FR:
                end += 1
            elif after[0] in _OF and len(after) > 1 and after[1] in _SUIT_NAMES_FR:
                end += 2
        out.append(" ".join(tokens[start:end + 1]))
        start = end + 1
    return out


def parse_cards(text: str | Iterable[str], *, french: bool = False) -> list[int]:
    """Several cards, from a list of codes or one string split on spaces and commas (with
    ``french``, the French notation too: :func:`parse_card`, :func:`card_words`)."""
    items = card_words(text, french=french) if isinstance(text, str) else list(text)
    return [parse_card(item, french=french) for item in items]


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
