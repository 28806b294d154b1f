"""How a language writes and reads a card: one :class:`Notation` a language, by its code.

The cards' codes (``KH``, ``T21``, ``EXC``: :mod:`tarot.engine.cards`) are English letters
and the same in every language: logs, scripts and ``--json`` use them. A notation is what a
person of a language sees and types besides: its letters for the faces, the suits and the
trumps (French: ``R♥``, ``A21``, ``RP``), and the words of a card (``roi de pique``,
``le petit``, ``l'atout 7``). It is data only: :mod:`tarot.engine.cards` reads and writes
cards with it, so that a new language adds a row here (docs/translating.md), not code.

Each notation is written in the English letters it stands for (``"K": "R"``: the French
king is R), so that this table needs nothing of the cards' numbering.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tarot.i18n import SOURCE_LANGUAGE, language

# The English face and suit letters, as the cards' codes write them.
FACES = "KQNJ"
SUIT_LETTERS = "SHDC"


@dataclass(frozen=True, eq=False)  # compared and hashed as itself: one a language
class Notation:
    """A language's letters and words for the cards.

    The source language's notation (English) is the cards' codes themselves: it reads them
    alone. Any other notation is read besides the codes, and a code the two read as two
    cards is refused, naming both (docs/translating.md, "French card notation")."""

    language: str
    faces: Mapping[str, str]  # each English face letter (K Q N J) → this language's
    suits: Mapping[str, str]  # each English suit letter (S H D C) → this language's
    trump: str  # the trumps' letter, shown and typed: T21 in English, A21 in French
    ace: str = "A"  # the letter typed for the ace besides 1 (AS, 1S)
    # Words, compared lower-case and without accents (``cards.plain``): each word's
    # English rank code or suit letter ("roi" → "K", "coeur" → "H").
    rank_names: Mapping[str, str] = field(default_factory=dict)
    suit_names: Mapping[str, str] = field(default_factory=dict)
    trump_word: str = ""  # "atout 7"
    petit_word: str = ""  # "petit", "le petit"
    excuse_word: str = ""  # "excuse", "l'excuse"
    articles: frozenset[str] = frozenset()  # may lead a card's name: "le", "la", "l'"
    of_words: frozenset[str] = frozenset()  # between rank and suit: "de", "du", "d'"
    # Whether "le 21" and a bare 21 are the 21 of trumps (a French player calls it so): a
    # bare 21 beyond the hand is it, and within a hand of 21 cards or more it is two cards,
    # refused naming both.
    twenty_one_alone: bool = False
    # Three names a refusal gives as examples ("roi de cœur", "le petit", "l'excuse").
    name_examples: tuple[str, ...] = ()

    @property
    def has_words(self) -> bool:
        return bool(self.rank_names)


ENGLISH = Notation(
    language=SOURCE_LANGUAGE,
    faces={letter: letter for letter in FACES},
    suits={letter: letter for letter in SUIT_LETTERS},
    trump="T",
)

# The FFT's names; the suits' letters are the French bridge letters (pique, cœur, carreau,
# trèfle).
FRENCH = Notation(
    language="fr",
    faces={"K": "R", "Q": "D", "N": "C", "J": "V"},
    suits={"S": "P", "H": "C", "D": "K", "C": "T"},
    trump="A",
    rank_names={"roi": "K", "dame": "Q", "cavalier": "N", "valet": "J", "as": "1",
                "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "six": "6",
                "sept": "7", "huit": "8", "neuf": "9", "dix": "10"},
    suit_names={"pique": "S", "piques": "S", "coeur": "H", "coeurs": "H", "carreau": "D",
                "carreaux": "D", "trefle": "C", "trefles": "C"},
    trump_word="atout",
    petit_word="petit",
    excuse_word="excuse",
    articles=frozenset({"le", "la", "l'"}),
    of_words=frozenset({"de", "du", "d'"}),
    twenty_one_alone=True,
    name_examples=("roi de cœur", "le petit", "l'excuse"),
)

# Every language's notation, by its code (tarot.i18n.LANGUAGES): a language added to the
# program adds its notation here (tarot.ui.language.add_language).
NOTATIONS: dict[str, Notation] = {ENGLISH.language: ENGLISH, FRENCH.language: FRENCH}


def add_notation(notation: Notation) -> None:
    """Read and write the cards of ``notation.language`` so (a language added at run time)."""
    NOTATIONS[notation.language] = notation


def notation_of(language_code: str) -> Notation:
    """The notation of a language, by its code (``"fr"``)."""
    try:
        return NOTATIONS[language_code]
    except KeyError:
        # A language spoken without a notation: a broken setup, not a person's error.
        raise LookupError(f"the language {language_code!r} has no card notation: add one to "
                         "tarot.engine.card_notation.NOTATIONS") from None


def current_notation() -> Notation:
    """The notation of the language a person reads now."""
    return notation_of(language())
