"""A person's typed words for cards, before they are read as cards (:mod:`tarot.engine.cards`
reads them): compared without case or accents (:func:`plain`), split into the words of one
card each (:func:`card_words`), and the second readings a notation gives a text the English
codes read too (:func:`suit_first_code`, :func:`rank_alone`), which make it two cards.

Only a notation's data is used here (:mod:`tarot.engine.card_notation`): its words, articles
and letters, and the English codes' letters; no card's number.
"""

from __future__ import annotations

import re
import unicodedata

from tarot.engine.card_notation import Notation
from tarot.i18n import SOURCE_LANGUAGE

SYMBOLS = "♠♥♦♣♤♡♢♧"  # the suits' symbols, black and white, in the order S H D C
ENGLISH_TRUMP_LETTER = "T"  # the trumps' letter in the cards' codes: T21
_NUMBERS = frozenset(str(n) for n in range(1, 11))  # a suit card's rank written as a number


def plain(text: str) -> str:
    """``text`` lower-case, without accents (``œ`` is ``oe``), its apostrophes ``'`` and
    its spaces single: how French words are compared (``Trèfle`` and ``trefle`` alike)."""
    lowered = text.lower().replace("œ", "oe").replace("æ", "ae")
    for apostrophe in "’`´":
        lowered = lowered.replace(apostrophe, "'")
    bare = "".join(c for c in unicodedata.normalize("NFD", lowered)
                   if unicodedata.category(c) != "Mn")
    return " ".join(bare.split())


def reads_codes_alone(notation: Notation | None) -> bool:
    """Whether only the cards' own codes are read: the engine's parsing (no notation), and
    the source language, whose notation the codes are."""
    return notation is None or notation.language == SOURCE_LANGUAGE


def words(text: str, notation: Notation) -> list[str]:
    """A notation's words, an elided article or "de" its own word: ``l'atout 7`` →
    ``l' atout 7``, ``12 d'atout`` → ``12 d' atout``."""
    elided = [word for word in notation.articles | notation.of_words if word.endswith("'")]
    found: list[str] = []
    for word in plain(text).split():
        article = next((a for a in elided if word.startswith(a) and len(word) > len(a)), None)
        found += [article, word[len(article):]] if article else [word]
    return found


def suit_words(notation: Notation) -> frozenset[str]:
    """The words that name a suit: the notation's, and the symbols (``roi de ♥``)."""
    return frozenset(notation.suit_names) | frozenset(SYMBOLS)


def card_words(text: str, *, notation: Notation | None = None) -> list[str]:
    """The cards a text names, one string each: split on spaces and commas; with a
    ``notation`` that has words, the words of one card kept together (French: ``roi de
    pique``, ``le 21``, ``l'atout 7``, ``10 de carreau``, ``12 d'atout``), where a number
    alone is a card's number in the hand."""
    tokens = text.replace(",", " ").split()
    if notation is None or reads_codes_alone(notation) or not notation.has_words:
        return tokens
    ranks, suits = _NUMBERS | frozenset(notation.rank_names), suit_words(notation)
    out: list[str] = []
    start = 0
    while start < len(tokens):
        end = start
        said = words(tokens[end], notation)
        if len(said) == 1 and said[0] in notation.articles and end + 1 < len(tokens):
            end += 1
            said = words(tokens[end], notation)
        head = said[-1] if said else ""
        after = [plain(t) for t in tokens[end + 1:end + 3]]
        if head == notation.trump_word and after and after[0].isdecimal():
            end += 1
        elif head.isdecimal() and after and words(after[0], notation) in (
                [word, notation.trump_word] for word in notation.of_words):
            end += 1  # the number first: "12 d'atout"
        elif head in ranks and after:
            if after[0] in suits:
                end += 1
            elif after[0] in notation.of_words and len(after) > 1 and after[1] in suits:
                end += 2
        out.append(" ".join(tokens[start:end + 1]))
        start = end + 1
    return out


def suit_first_code(text: str, notation: Notation) -> str | None:
    """The English code of the suit card a notation reads in the English trump letter and a
    number, when that letter is one of its suits (French: ``T7``, trèfle 7, said suit
    first: ``7C``), or None. Only ever a second reading beside the English trump: such a
    text is refused, naming both."""
    english_suit = next((english for english, own in notation.suits.items()
                         if own == ENGLISH_TRUMP_LETTER), None)
    if english_suit is None or notation.trump == ENGLISH_TRUMP_LETTER:
        return None
    found = re.fullmatch(rf"{ENGLISH_TRUMP_LETTER}(10|[1-9])", plain(text).upper())
    return found[1] + english_suit if found else None


def rank_alone(text: str, notation: Notation) -> str | None:
    """The English rank code (``1``) of the notation's rank word ``text`` is alone, no
    suit said (French: ``as``), or None."""
    said = words(text, notation) if notation.has_words else []
    if said[:1] and said[0] in notation.articles:
        said = said[1:]
    return notation.rank_names.get(said[0]) if len(said) == 1 else None

