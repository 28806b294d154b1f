"""The rule book's Markdown as text a person reads in a terminal (``tarot rules R6``).

Only what the book writes: headings, paragraphs, lists (``-`` and ``1.``, nested by two
spaces), fenced code, tables, and ``**bold**``, ``*italic*``, ```code``` and ``[links](…)``
inside a line. The book's source is not wrapped, so each of its lines stays a line of its
own. Prose is wrapped at words within the width, a list item's lines hang under
its text, and French typography's spaces are never broken (``tarot.explain.line_breaks``).
A table is drawn as aligned columns when it fits, its cells wrapped when that is enough;
a table too wide for that (the book's examples have eleven columns) is written a row at a
time, each cell beside its column's name. Code keeps its lines, a line too long going on
under itself, indented.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, NUMBER_OF_POINTS, SUM, held, wrap

_FENCE = re.compile(r"^\s*```")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*(:?-{3,}:?\s*)?$")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(\S[^*\n]*?)\*(?![\w*])")
_CODE = re.compile(r"`([^`]*)`")

# Where prose is never broken: French typography's spaces, a sum, a number and its points.
_HELD = (FRENCH_TYPOGRAPHY, SUM, NUMBER_OF_POINTS)
# The most columns a table is drawn as columns with wrapped cells: more, and each row is
# written on its own, so that no cell is cut to a few letters a line.
_MOST_WRAPPED_COLUMNS = 5
# Two spaces between columns.
_GAP = "  "


def inline(text: str) -> str:
    """A line's Markdown marks left out: links keep their text, emphasis and code their
    words."""
    # Code keeps its own stars (``s*(25+diff)*m``): each code span is set aside while
    # emphasis is taken out (around it too: ``**`D`**``), then put back.
    spans: list[str] = []

    def aside(match: re.Match[str]) -> str:
        spans.append(match.group(1))
        return f"\ue000{len(spans) - 1}\ue001"

    text = _CODE.sub(aside, _LINK.sub(r"\1", text))
    text = _ITALIC.sub(r"\1", _BOLD.sub(r"\1", text))
    return re.sub("\ue000([0-9]+)\ue001", lambda m: spans[int(m.group(1))], text)


def _prose(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    return wrap(inline(text), width, *_HELD, initial_indent=first, subsequent_indent=rest,
                break_long_words=False, break_on_hyphens=False) or [first.rstrip()]


def _code(line: str, width: int) -> list[str]:
    """A line of code within ``width``: kept whole when it fits, else broken at spaces (at
    any character for a longer word), the rest indented by four."""
    if len(line) <= width:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()))
    return wrap(line.strip(), width, FRENCH_TYPOGRAPHY, initial_indent=indent,
                subsequent_indent=indent + "    ", break_on_hyphens=False) or [line[:width]]


@dataclass
class _Table:
    head: list[str]
    rows: list[list[str]]


def _cells(line: str) -> list[str]:
    text = line.strip()
    text = text.removeprefix("|").removesuffix("|")
    return [inline(cell.strip()) for cell in text.split("|")]


def _longest_word(cell: str) -> int:
    """The widest piece a cell is never broken inside (a sum is one piece)."""
    return max((len(word) for word in held(cell, *_HELD).split(" ")), default=0)


def _table(table: _Table, width: int) -> list[str]:
    columns = len(table.head)
    rows = [row + [""] * (columns - len(row)) for row in table.rows]
    every = [table.head, *rows]
    natural = [max(len(row[c]) for row in every) for c in range(columns)]
    least = [max(_longest_word(row[c]) for row in every) for c in range(columns)]
    room = width - len(_GAP) * (columns - 1)
    if sum(natural) <= room:
        return _columns(table.head, rows, natural)
    if columns <= _MOST_WRAPPED_COLUMNS and sum(least) <= room:
        widths = list(natural)
        while sum(widths) > room:
            # The widest column that can still give a column of room gives it.
            widest = max((c for c in range(columns) if widths[c] > least[c]),
                         key=lambda c: widths[c])
            widths[widest] -= 1
        return _columns(table.head, rows, widths)
    return _records(table.head, rows, width)


def _columns(head: list[str], rows: list[list[str]], widths: list[int]) -> list[str]:
    def drawn(row: list[str]) -> list[str]:
        parts = [wrap(cell, widths[c], *_HELD, break_long_words=False,
                      break_on_hyphens=False) or [""] for c, cell in enumerate(row)]
        height = max(len(part) for part in parts)
        return [_GAP.join(f"{(part[i] if i < len(part) else ''):<{widths[c]}}"
                          for c, part in enumerate(parts)).rstrip() for i in range(height)]

    rule = _GAP.join("-" * w for w in widths)
    return [*drawn(head), rule, *(line for row in rows for line in drawn(row))]


def _records(head: list[str], rows: list[list[str]], width: int) -> list[str]:
    """Each row on its own, each cell beside its column's name, a blank line between rows."""
    label = max(len(name) for name in head)
    out: list[str] = []
    for row in rows:
        if out:
            out.append("")
        for name, cell in zip(head, row, strict=True):
            first = f"{name:<{label}}  "
            out += wrap(cell, width, *_HELD, initial_indent=first,
                        subsequent_indent=" " * len(first), break_long_words=False,
                        break_on_hyphens=False) or [first.rstrip()]
    return out


def render(markdown: str, width: int = 80) -> list[str]:
    """``markdown`` as lines of text within ``width`` columns (a word longer than the width
    alone may pass it)."""
    lines = markdown.splitlines()
    out: list[str] = []

    def blank() -> None:
        if out and out[-1] != "":
            out.append("")

    index = 0
    paragraph: list[str] = []
    # The book is not wrapped in its source: each of its lines is a line of its own, a
    # paragraph's as a list item's (``*Case.*`` then ``*Decision.*``). An item in
    # progress: its indent for the lines after the first, its first line's marker, its
    # lines.
    item: tuple[str, str, list[str]] | None = None

    def flush() -> None:
        nonlocal item
        for text in paragraph:
            out.extend(_prose(text, width))
        paragraph.clear()
        if item is not None:
            rest, first, texts = item
            out.extend(_prose(texts[0], width, first, rest))
            for text in texts[1:]:
                out.extend(_prose(text, width, rest, rest))
            item = None

    while index < len(lines):
        line = lines[index]
        if _FENCE.match(line):
            flush()
            index += 1
            while index < len(lines) and not _FENCE.match(lines[index]):
                out.extend(_code("  " + lines[index].rstrip(), width))
                index += 1
            index += 1
            continue
        if (line.lstrip().startswith("|") and index + 1 < len(lines)
                and _TABLE_SEPARATOR.match(lines[index + 1])):
            flush()
            blank()
            table = _Table(_cells(line), [])
            index += 2
            while index < len(lines) and lines[index].lstrip().startswith("|"):
                table.rows.append(_cells(lines[index]))
                index += 1
            out.extend(_table(table, width))
            blank()
            continue
        if not line.strip():
            flush()
            blank()
            index += 1
            continue
        heading = _HEADING.match(line)
        if heading:
            flush()
            blank()
            out.extend(_prose(heading.group(2), width))
            blank()
            index += 1
            continue
        listed = _ITEM.match(line)
        if listed:
            flush()
            indent, marker, text = listed.groups()
            bullet = "-" if marker in "-*+" else marker
            first = indent + bullet + " "
            item = (" " * len(first), first, [text])
            index += 1
            continue
        if item is not None:
            item[2].append(line.strip())
        else:
            paragraph.append(line.strip())
        index += 1
    flush()
    while out and out[-1] == "":
        out.pop()
    return out


__all__ = ["inline", "render"]
