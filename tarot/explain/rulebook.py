"""The project's rule book (``docs/rules.md``): found, and looked up by number.

Every message, docstring and documentation line that cites a rule (``R11``, ``A5``,
``§3.6``, a worked example such as ``S12``) cites this book; ``tarot rules R11``
prints the entry. The book travels with the package (``tarot/rulebook``, read
through ``importlib.resources``), so an installed copy can show it.

The book is written in each language of the program (``docs/regles.md`` is the French
one, with the same numbers): a lookup reads the book of the current language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tarot.errors import TarotError
from tarot.files.resources import data_file
from tarot.i18n import SOURCE_LANGUAGE, _, language

# A rule of the card (``- **R12.** …``; at three and five players ``- **V5-3.** …``), a
# note on examples (``- **S46.** …``), a decision (``**A5. Title**``, ``**VD2. Title**``),
# a section (``### 3.6 Scoring``), a table row of examples (``| S01 | …``,
# ``| V5-C01 | …``).
_RULE = re.compile(r"^- \*\*([A-Z][0-9]+[a-z]?|V[35]-[0-9]+)\.\*\*")
# A note on several examples at once: ``- **S17, S18, S40 (half points).**``.
_NOTE = re.compile(r"^- \*\*([^*]+)\*\*")
_ID = re.compile(r"\b[A-Z][0-9]{2}[a-z]?\b")
# The line under a table's head: | --- | :---: | …
_SEPARATOR = re.compile(r"^\|(\s*:?-{3,}:?\s*\|)+\s*$")
_DECISION = re.compile(r"^\*\*(A[0-9]+|VD[0-9]+)\.")
_SECTION = re.compile(r"^#{2,3} ([0-9]+(?:\.[0-9]+)?)\.? ")
_ROW = re.compile(r"^\| ([A-Z][0-9]+[a-z]?|V[35]-[A-Z][0-9]{2}) \|")


class RuleBookError(TarotError, LookupError):
    """A rule the rule book does not have."""

    code = "unknown_rule"


@dataclass(frozen=True)
class Entry:
    id: str  # "R11", "A5", "3.6", "S01"
    text: str  # the entry as the book writes it (Markdown)


# The book of each language, by its file name in docs/ (the English one is the source).
BOOKS = {"en": "rules.md", "fr": "regles.md"}


def add_book(language: str, name: str) -> None:
    """The book of ``language`` (a language added at run time): one of the books shipped,
    by its file name (a pseudo-language's is the English one, its source)."""
    data_file("rule_book", name)  # a book that is not shipped is refused now, not when read
    BOOKS[language] = name


def book_text(book_language: str | None = None) -> str:
    """The book in ``book_language`` (by default the current language; English when the
    program has no book in that language)."""
    name = BOOKS.get(book_language or language(), BOOKS[SOURCE_LANGUAGE])
    return data_file("rule_book", name).read_text(encoding="utf-8")


def entries(book_language: str | None = None) -> dict[str, Entry]:
    """Every numbered entry of the book, by id (sections by their number: ``3.6``), in
    ``book_language`` (by default the current language)."""
    return _entries(book_language or language())


@cache
def _entries(book_language: str) -> dict[str, Entry]:
    lines = book_text(book_language).splitlines()
    found: dict[str, Entry] = {}
    header_of_table: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("|") and index + 1 < len(lines) and _SEPARATOR.match(lines[index + 1]):
            header_of_table = [line, lines[index + 1]]
        row = _ROW.match(line)
        if row:
            found.setdefault(row.group(1), Entry(row.group(1), "\n".join([*header_of_table, line])))
            index += 1
            continue
        note = _NOTE.match(line)
        if note and not (_RULE.match(line) and line[4] in "TRAV"):
            # A note on examples: the whole entry of an example without a row of its own,
            # else added to the example's row.
            text = "\n".join(lines[index:_end_of_item(lines, index)]).rstrip()
            for example in _ID.findall(note.group(1)):
                row_entry = found.get(example)
                found[example] = Entry(example, text if row_entry is None
                                       else f"{row_entry.text}\n\n{text}")
        for pattern, stop in ((_RULE, _end_of_item), (_DECISION, _end_of_decision),
                              (_SECTION, _end_of_section)):
            match = pattern.match(line)
            if match:
                end = stop(lines, index)
                found.setdefault(match.group(1), Entry(match.group(1),
                                                       "\n".join(lines[index:end]).rstrip()))
                break
        index += 1
    return found


def _end_of_item(lines: list[str], start: int) -> int:
    """A list item runs on through its indented lines, blank lines between them included."""
    end = start + 1
    while end < len(lines):
        line = lines[end]
        if line.strip() and not line.startswith(" "):
            break
        end += 1
    return end


def _end_of_decision(lines: list[str], start: int) -> int:
    end = start + 1
    while end < len(lines) and not (_DECISION.match(lines[end]) or lines[end].startswith("#")):
        end += 1
    return end


def _end_of_section(lines: list[str], start: int) -> int:
    level = len(lines[start]) - len(lines[start].lstrip("#"))
    end = start + 1
    while end < len(lines):
        heading = len(lines[end]) - len(lines[end].lstrip("#"))
        if 0 < heading <= level and lines[end][heading:heading + 1] == " ":
            break
        end += 1
    return end


def normalise(rule_id: str) -> str:
    """``r11`` → ``R11``, ``§3.6`` → ``3.6``, ``d05B`` → ``D05b``, ``v5-c01`` → ``V5-C01``,
    ``vd2`` → ``VD2``."""
    text = rule_id.strip().lstrip("§")
    if text[:1].isdigit():
        return text
    if text[:1] in "vV":  # the ids of three and five players have no small letter
        return text.upper()
    return text[:1].upper() + text[1:].lower() if len(text) > 1 else text.upper()


def lookup(rule_id: str) -> Entry:
    key = normalise(rule_id)
    found = entries().get(key)
    if found is None:
        raise RuleBookError(_("the rule book has no {rule!r}: give a rule (R1–R24, T0–T3; "
                              "V3-1–V3-13, V5-1–V5-17 at three and five players), a decision "
                              "(A1–A36, VD1–VD11), a section (3.6) or an example (S01, E05, "
                              "V5-C01…)")
                            .format(rule=rule_id))
    return found


__all__ = ["BOOKS", "Entry", "RuleBookError", "book_text", "entries", "lookup", "normalise"]
