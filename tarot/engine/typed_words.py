"""The words a person types besides a card: one :class:`Words` row a language, by its code.

Every place that reads a person's answer (the action notation, the line mode's prompts,
the full screen's boxes, the commands' "Another deal?") asks this table, and a help that
names a word to type shows the first word of the person's language's row. A person may
type the words of any language the program has, whatever the language of its messages: a
French player may know the English words, and the reverse (:func:`read_words`).

Words are compared lower-case; some answers are read in every language alike and are not
a language's words: Enter (the empty answer, where it means yes or no), and the action
notation's own words (``bid``, ``play``, ``chelem yes``: :mod:`tarot.engine.notation`),
which a named deal's script writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tarot.i18n import SOURCE_LANGUAGE, language

WordKind = Literal["quit", "help", "last", "hint", "undo", "hand", "table", "chien",
                   "announcements", "none",
                   "yes", "no", "pass_", "call", "poignee", "auto", "chien_tails"]


@dataclass(frozen=True)
class Words:
    """One language's words, each kind's first word the one a help shows."""

    language: str
    quit: tuple[str, ...]  # save and leave
    help: tuple[str, ...]  # the prompt's help
    last: tuple[str, ...]  # the previous trick
    hint: tuple[str, ...]  # the strong player's advice
    undo: tuple[str, ...]  # a practice game's take-back
    hand: tuple[str, ...]  # the hand again
    table: tuple[str, ...]  # the table again, with the trick in progress
    chien: tuple[str, ...]  # the auction and the chien again
    announcements: tuple[str, ...]  # everything announced in the deal so far
    none: tuple[str, ...]  # no poignée
    yes: tuple[str, ...]  # the chelem question, "Another deal?"
    no: tuple[str, ...]
    pass_: tuple[str, ...]  # a pass at the auction ("je passe" is read as je_passe)
    call: tuple[str, ...]  # the call of a card at five players: "call KH"
    poignee: tuple[str, ...]  # to show a poignée at the card prompt
    auto: tuple[str, ...]  # the computer's choice, at the discard and at the call
    # What a contract's name may end with to say whose the chien is, as a bid is compared
    # (lower-case, without accents, "_" between words): "garde sans le chien" is garde_sans.
    chien_tails: tuple[str, ...]
    # What joins the words of a contract's id as this language types it: garde_sans in
    # English, garde sans in French.
    joiner: str = "_"
    # Other names a player gives a contract, each with the contract's id (a rule file's):
    # "petite", the Prise's older name, still said at French tables.
    contract_names: tuple[tuple[str, str], ...] = ()


ENGLISH_WORDS = Words(
    language=SOURCE_LANGUAGE,
    quit=("quit", "exit", "q"), help=("help", "?", "h"), last=("last",), hint=("hint",),
    undo=("undo",), hand=("hand",), table=("t", "table", "trick"), chien=("chien",),
    announcements=("announcements", "announced"),
    none=("none", "n", "no"), yes=("y", "yes"), no=("n", "no"), pass_=("pass", "p"),
    call=("call",), poignee=("p", "poignee"), auto=("auto",), chien_tails=(),
)
FRENCH_WORDS = Words(
    language="fr",
    quit=("quitter",), help=("aide",), last=("dernier",), hint=("conseil",),
    undo=("annuler",), hand=("main",), table=("t", "pli"), chien=("chien",),
    announcements=("annonces", "annonce"),
    none=("aucune", "non"), yes=("o", "oui"), no=("non",), pass_=("passe", "je_passe"),
    call=("appelle", "appel", "appeler"), poignee=("poignee", "poignée"), auto=("auto",),
    chien_tails=("_le_chien", "_chien"), joiner=" ", contract_names=(("petite", "prise"),),
)

# Every language's words, by its code (tarot.i18n.LANGUAGES): a language added to the
# program adds its row here (tarot.ui.language.add_language).
WORDS: dict[str, Words] = {ENGLISH_WORDS.language: ENGLISH_WORDS,
                           FRENCH_WORDS.language: FRENCH_WORDS}


def add_words(words: Words) -> None:
    """Read ``words.language``'s words too (a language added at run time)."""
    WORDS[words.language] = words


def read_words(kind: WordKind) -> frozenset[str]:
    """Every word of ``kind`` a person may type: the words of every language's row."""
    return frozenset(word for row in WORDS.values() for word in getattr(row, kind))


def contract_names() -> dict[str, str]:
    """Every other name of a contract a person may type (any language's) → its id."""
    return {name: contract for row in WORDS.values() for name, contract in row.contract_names}


def words_of(language_code: str) -> Words:
    """The row of a language, by its code (``"fr"``)."""
    try:
        return WORDS[language_code]
    except KeyError:
        raise LookupError(f"the language {language_code!r} has no row of typed words: add "
                          "one to tarot.engine.typed_words.WORDS") from None


def current_words() -> Words:
    """The row of the language a person reads now."""
    return words_of(language())


def shown_word(kind: WordKind) -> str:
    """The word of ``kind`` a help shows, in the person's language: ``quitter`` in French."""
    words: tuple[str, ...] = getattr(current_words(), kind)
    return words[0]
