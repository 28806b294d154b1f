"""The French rule book (docs/regles.md) is docs/rules.md translated, entry for entry:
the same ids, the same tables with the same rows, the same numbers; ``tarot rules`` reads
it, and prints the rules card, in French under ``--lang fr``.

How numbers are compared: every run of digits of an English entry must appear in its
French entry, digits as written. A decimal is one number whatever its separator (the
English 4.5 is the French 4,5). An ordinal is compared on its digits (the English "2nd"
is the French "2e", both 2), and a card code on its number (``T21`` is ``A21``, ``10D``
is ``10♦``, both 21 and 10). Numbers written as words ("three tricks") are not compared.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from tarot.engine.rule_files import load_rules
from tarot.explain.rulebook import BOOKS, RuleBookError, book_text, entries, lookup
from tarot.explain.rules_card import rules_card
from tarot.ui.cli import main
from tarot.ui.language import use_language

ROOT = Path(__file__).resolve().parents[1]
# A number: digits, with a decimal part after a point (English) or a comma (French).
NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
FENCE = "```"
# An English card code (KH, 10D, T21) where the French book shows its own (R♥, 10♦, A21).
ENGLISH_CARD = re.compile(r"(?<![\w])(?:T\d{1,2}|(?:10|[1-9]|[JNQK])[SHDC])(?![\w])")


def numbers(text: str) -> set[str]:
    return {number.replace(",", ".") for number in NUMBER.findall(text)}


def tables(text: str) -> list[list[str]]:
    """Each table of a book (outside code blocks): the first cell of each of its rows."""
    found: list[list[str]] = []
    fenced, previous_was_row = False, False
    for line in text.splitlines():
        if line.startswith(FENCE):
            fenced = not fenced
        is_row = not fenced and line.startswith("|")
        if is_row:
            if not previous_was_row:
                found.append([])
            found[-1].append(line.split("|")[1].strip())
        previous_was_row = is_row
    return found


def test_the_books_have_the_same_entries() -> None:
    english, french = entries("en"), entries("fr")
    assert set(french) == set(english)
    assert len(english) > 190  # every rule, decision, section and example


def test_the_books_have_the_same_tables_and_rows() -> None:
    english, french = tables(book_text("en")), tables(book_text("fr"))
    assert [len(table) for table in french] == [len(table) for table in english]
    # The rows of the examples keep their ids, in the same order (V3-D01, V5-S01 … those
    # of three and five players).
    ids = re.compile(r"^(?:[A-Z][0-9]{2}[a-z]?|V[35]-[A-Z][0-9]{2})$")
    assert ([[cell for cell in table if ids.match(cell)] for table in french]
            == [[cell for cell in table if ids.match(cell)] for table in english])
    # 3.1, one for each kind of example, and two at each of three and five players (§5.5,
    # §5.6: the rules, the scoring).
    assert len(english) == 13
    sized = [cell for table in english[9:] for cell in table if ids.match(cell)]
    assert sized[0] == "V3-D01" and sized[-1] == "V5-S09" and len(sized) == 35


def test_every_number_of_an_entry_is_in_its_translation() -> None:
    english, french = entries("en"), entries("fr")
    missing = {key: sorted(numbers(entry.text) - numbers(french[key].text))
               for key, entry in english.items()}
    missing = {key: gone for key, gone in missing.items() if gone}
    assert not missing, missing


def test_the_number_check_sees_a_changed_number() -> None:
    assert numbers("won by 4.5, the 2nd trick, T21") == {"4.5", "2", "21"}
    assert numbers("fait de 4,5, le 2e pli, A21") == {"4.5", "2", "21"}
    assert numbers("fait de 4,5") - numbers("fait de 5,4")


def test_the_json_vectors_are_the_same_in_both_books() -> None:
    def jsonl(text: str) -> list[str]:
        return re.findall(r"^```jsonl\n(.*?)^```", text, re.DOTALL | re.MULTILINE)

    english = jsonl(book_text("en"))
    assert jsonl(book_text("fr")) == english
    # Four players (§4.9), three (§5.5) and five (§5.6): 39 + 7 + 8 lines.
    assert [block.count("\n") for block in english] == [39, 7, 8]


def test_the_french_book_writes_cards_in_the_french_notation() -> None:
    fenced, english = False, []
    for line in book_text("fr").splitlines():
        if line.startswith(FENCE):
            fenced = not fenced
            continue
        if not fenced:
            for code in re.findall(r"`([^`]+)`", line):
                english += ENGLISH_CARD.findall(code)
    assert english == []
    assert "`R♥ 7♥ A3 EXC 2♣`" in book_text("fr")  # L01's hand


def test_the_french_book_is_shipped_in_the_wheel() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = pyproject["tool"]["setuptools"]["package-data"]["tarot.rule_book"]
    for name in BOOKS.values():
        assert any(Path(name).match(pattern) for pattern in shipped), name
    assert (ROOT / "docs" / BOOKS["fr"]).is_file()


def test_a_lookup_reads_the_book_of_the_current_language() -> None:
    english = lookup("R16").text
    use_language("fr")
    french = lookup("R16").text
    assert french.startswith("- **R16.** Une Excuse jouée au dernier pli")
    assert french != english
    with pytest.raises(RuleBookError, match="le livre de règles n'a pas de 'Z99'"):
        lookup("Z99")


def test_tarot_rules_prints_a_rule_in_french() -> None:
    runner = CliRunner()
    french = runner.invoke(main, ["rules", "R16", "--lang", "fr"])
    english = runner.invoke(main, ["rules", "R16"])
    assert french.exit_code == 0 and english.exit_code == 0
    assert "dernier pli" in french.output and "dernier pli" not in english.output
    assert french.output.startswith("- R16. ")
    section = runner.invoke(main, ["rules", "3.6", "--lang", "fr"])
    assert "Camp du petit au bout" in section.output
    example = runner.invoke(main, ["rules", "S01", "--lang", "fr"], env={"TAROT_LANG": "fr"})
    assert "58 contre 56 → fait de 2" in example.output


def test_tarot_rules_refuses_in_french() -> None:
    runner = CliRunner()
    unknown = runner.invoke(main, ["rules", "Z99", "--lang", "fr"])
    assert unknown.exit_code == 1
    assert "le livre de règles n'a pas de 'Z99'" in unknown.output
    both = runner.invoke(main, ["rules", "R11", "--json", "--lang", "fr"])
    assert both.exit_code == 2
    assert "donnez une seule option parmi RULE, --json et --diagram" in both.output
    helped = runner.invoke(main, ["rules", "--help", "--lang", "fr"])
    assert "Afficher la fiche de règles" in helped.output
    assert "Le nom d'un jeu de règles" in helped.output


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("ruleset", ["standard", "fft", "standard-3", "standard-5"])
def test_the_rules_card_fits_80_columns(language: str, ruleset: str) -> None:
    result = CliRunner().invoke(main, ["rules", "--rules", ruleset, "--lang", language])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80, [line for line in lines if len(line) > 80]
    assert len(lines) > 20


def test_the_rules_card_in_french() -> None:
    use_language("fr")
    card = "\n".join(rules_card(load_rules("standard")))
    assert card.startswith("Tarot : la fiche de règles du jeu 'standard'")
    assert "Garde contre le chien  ×6  le chien reste caché et compte pour la défense" in card
    assert "0\u00a0bout\u00a0: 56, 1\u00a0bout\u00a0: 51" in card
    assert "Dame 3,5" in card and "Poignée triple : 15 atouts, 40 points" in card
    # French typography's no-break spaces, and never an ordinary space before « : ; ? ! ».
    assert "\u00a0:" in card and not re.search(r" [:;?!](?:\s|$)", card)
    assert "the" not in card.split()
