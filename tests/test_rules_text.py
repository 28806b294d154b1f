"""``tarot rules ID`` prints the rule book's Markdown as text: wrapped at words within the
width, tables as columns (or a row at a time), no Markdown mark left, no word lost; in
each language's book."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from click.testing import CliRunner

from tarot.explain.markdown_text import inline, render
from tarot.explain.rulebook import entries
from tarot.ui.cli import main

LANGUAGES = ["en", "fr"]
MARKS = ("**", "`", "|---", "```", "](")


def _words(text: str) -> Counter[str]:
    return Counter(text.split())


def _source_words(markdown: str) -> Counter[str]:
    """The words a reader sees in the Markdown: marks, table rules and pipes, list
    markers and heading hashes left out."""
    kept = []
    for line in markdown.splitlines():
        if line.startswith("```") or re.match(r"^\|?(\s*:?-{3,}:?\s*\|)+", line):
            continue
        line = re.sub(r"^\s*(#+|[-*+]|\d+\.)\s", " ", line)
        kept.append(inline(line).replace("|", " ") if line.startswith("|") else inline(line))
    return _words("\n".join(kept))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_renders_within_80_columns_with_every_word(language: str) -> None:
    book = entries(language)
    assert len(book) > 190
    for rule_id, entry in book.items():
        lines = render(entry.text, 80)
        assert lines, rule_id
        too_wide = [line for line in lines if len(line) > 80]
        assert not too_wide, (rule_id, too_wide)
        text = "\n".join(lines)
        for mark in MARKS:
            assert mark not in text, (rule_id, mark)
        assert not any(line.startswith("|") for line in lines), rule_id
        # Every word of the source is there, as often (a table written a row at a time
        # repeats its column names: more, never fewer).
        missing = _source_words(entry.text) - _words(text)
        assert not missing, (rule_id, missing)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rule_id", ["R6", "R8", "R16", "A4", "3.6", "S01", "4.3"])
def test_tarot_rules_prints_text_within_80_columns(language: str, rule_id: str) -> None:
    result = CliRunner().invoke(main, ["--lang", language, "rules", rule_id])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) >= 2 and all(len(line) <= 80 for line in lines), lines
    if rule_id != "3.6":  # the section's formula is code, its | and * are its own
        assert "**" not in result.output and "|" not in result.output


def test_a_list_item_hangs_under_its_text() -> None:
    lines = render("- **R9.** " + "word " * 30 + "\n  - a nested item " + "too " * 20, 40)
    assert lines[0].startswith("- R9. word")
    assert all(line.startswith("  ") for line in lines[1:])
    nested = [i for i, line in enumerate(lines) if line.startswith("  - a nested")]
    assert nested and lines[nested[0] + 1].startswith("    too")


def test_french_typography_is_never_broken() -> None:
    # Wrapped where the width would break before « : », the colon goes with its word.
    text = "Le camp du petit au bout : " + "mot " * 40
    for width in range(20, 60):
        for line in render(text, width):
            assert not line.startswith((":", ";", "»", "?", "!")), (width, line)


def test_a_table_that_fits_is_drawn_as_columns_and_a_wide_one_a_row_at_a_time() -> None:
    narrow = render("| Card | Half-points |\n|---|---|\n| `T1`, kings | 9 |\n| queens | 7 |")
    assert narrow == ["Card       Half-points", "---------  -----------",
                      "T1, kings  9", "queens     7"]
    wide = render("| id | " + " | ".join(f"column {n}" for n in range(10)) + " |\n"
                  + "|---" * 11 + "|\n| S99 | " + " | ".join("value " * 3 for _ in range(10))
                  + " |", 80)
    assert wide[0] == "id        S99" and wide[1].startswith("column 0  value") and len(wide) == 11


def test_marks_are_taken_out_and_code_keeps_its_stars() -> None:
    assert inline("**R9.** *Case.* a [link](x.md) and `D = s*(25+diff)*m`") == \
        "R9. Case. a link and D = s*(25+diff)*m"


@pytest.mark.parametrize("width", [50, 64, 80])
def test_no_line_of_the_french_book_begins_with_a_sign_french_typography_spaces(
        width: int) -> None:
    """« : ; ? ! » stay with the word before them, at any width, in every entry (a code
    line too)."""
    for rule_id, entry in entries("fr").items():
        for line in render(entry.text, width):
            assert not line.lstrip().startswith((":", ";", "?", "!", "»")), (rule_id, line)
            assert not line.rstrip().endswith("«"), (rule_id, line)


def test_french_book_in_french() -> None:
    text = "\n".join(render(entries("fr")["R16"].text))
    assert "Excuse" in text and "pli" in text
