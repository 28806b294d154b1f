"""``xx``, a pseudo-language for the tests: proof that a language is exactly a catalogue, a
notation, a row of words and a rule book (docs/translating.md), and nothing else.

It lives in the tests, not in the package: a person never chooses it, and its catalogue is
made from the program's messages when a test asks for it (:func:`write_catalogue`), so that
it holds every message there is today without anyone keeping it. Each message is the
English one with its letters accented (``Your bid`` → ``Ýóúr bíd``): still readable, as
wide as the English (one column a letter, so the 80-column layouts hold), and plainly not
English, so a message that escapes the catalogue shows. Its cards have letters of their own
(the king of hearts is ``GV``, a trump ``X7``), which neither English nor French uses; its
words are accented or respelt (``qüït``, ``nö``, ``pazz``).
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tarot.engine.card_notation import Notation
from tarot.engine.typed_words import Words
from tarot.i18n import DOMAIN, LOCALE_DIR
from tarot.ui.language import add_language

LANGUAGE = "xx"

NOTATION = Notation(
    language=LANGUAGE,
    faces={"K": "G", "Q": "M", "N": "B", "J": "F"},
    suits={"S": "U", "H": "V", "D": "O", "C": "Z"},
    trump="X",
    ace="L",
    rank_names={"kyng": "K", "qwene": "Q", "knyt": "N", "jakke": "J", "ase": "1"},
    suit_names={"spadez": "S", "hartz": "H", "dymondz": "D", "clubbz": "C"},
    trump_word="trumpe",
    petit_word="pety",
    excuse_word="skuse",
    articles=frozenset({"ze"}),
    of_words=frozenset({"ov"}),
    name_examples=("kyng ov hartz", "ze pety", "skuse"),
)

WORDS = Words(
    language=LANGUAGE,
    quit=("qüït",), help=("hëlp",), last=("läst",), hint=("hïnt",), undo=("ündo",),
    hand=("händ",), table=("täblé",), chien=("chïén",), announcements=("änöüncéménts",),
    none=("nöné",), yes=("yés",),
    no=("nö",), pass_=("pazz",), call=("cäll",), poignee=("pöignee",), auto=("äütö",),
    chien_tails=("_ov_ze_chien",), joiner="-",
)

# What a message keeps as it is: its fields ({seat}, %(name)s, %s), rich's markup
# ([bold]), HTML tags, and what stands between backquotes (a command, a code).
_KEPT = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sd]|%[sd]|\[[^\]]*\]|<[^>]*>|`[^`]*`")
_ACCENTED = str.maketrans("aeiouyAEIOUYcnCN", "áéíóúýÁÉÍÓÚÝçñÇÑ")


def pseudo(message: str) -> str:
    """``message`` with its letters accented, what it must keep kept."""
    out, start = [], 0
    for kept in _KEPT.finditer(message):
        out += [message[start:kept.start()].translate(_ACCENTED), kept[0]]
        start = kept.end()
    return "".join([*out, message[start:].translate(_ACCENTED)])


def write_catalogue(folder: Path) -> Path:
    """The catalogue of ``xx`` written under ``folder`` (``xx/LC_MESSAGES/tarot.mo``), made
    from the French catalogue's messages, which are every message of the program (the
    catalogue test holds it so); returns ``folder``."""
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as file:
        french = read_po(file)
    catalogue = Catalog(locale=None, domain=DOMAIN)
    for message in french:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            string: str | tuple[str, ...] = tuple(pseudo(form) for form in message.id)
        else:
            string = pseudo(message.id)
        catalogue.add(message.id, string, context=message.context)
    target = folder / LANGUAGE / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with (target / f"{DOMAIN}.mo").open("wb") as file:
        write_mo(file, catalogue)
    return folder


def add_pseudo_language(folder: Path) -> None:
    """Speak ``xx`` from now on: its catalogue written under ``folder``, its notation, its
    words and its rule book (the English one, as its messages are)."""
    add_language(LANGUAGE, write_catalogue(folder), NOTATION, WORDS, rule_book="rules.md")
