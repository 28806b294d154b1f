"""The project's rule book (docs/rules.md): every number it defines can be looked up,
every citation of the code, the README and the docs pages, the named deals and the rule
files resolves to it, and ``tarot rules`` shows a rules card and single rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tarot.engine.rule_files import load_rules
from tarot.explain.rulebook import RuleBookError, book_text, entries, lookup, normalise
from tarot.explain.rules_card import FLAG_MEANINGS, rules_card
from tarot.ui.cli import main

ROOT = Path(__file__).resolve().parents[1]

# A citation: a rule (R11), a decision (A5), an example (S01, D05b), a section when it
# is written as one (§3.6, "rule book 3.6", "section 3.6").
CITATION = re.compile(r"(?<![\w§.-])([RA][0-9]{1,2}|[SEPDHBLW][0-9]{2}[a-z]?)(?![\w.])"
                      r"|(?:§|rule book |[Ss]ections? )([0-9]\.[0-9])")
# At three and five players: a rule (V3-4, V5-16), a decision (VD2), an example (V5-C01),
# the end of a sentence after it (V5-3.) included.
SIZED_CITATION = re.compile(r"(?<![\w-])(V[35]-(?:[0-9]{1,2}|[A-Z][0-9]{2})|VD[0-9]{1,2})"
                            r"(?![\w-]|\.[0-9])")


def _citations(text: str) -> set[str]:
    return {a or b for a, b in CITATION.findall(text)} | set(SIZED_CITATION.findall(text))


def _cited_files() -> list[Path]:
    # The README and every docs page (the rule book among them: docs/rules.md).
    return [*sorted((ROOT / "tarot").rglob("*.py")), ROOT / "README.md",
            *sorted((ROOT / "seeds").glob("*.toml")), *sorted((ROOT / "rules").glob("*.toml")),
            *sorted((ROOT / "docs").glob("*.md"))]


def test_every_rule_decision_section_and_example_is_in_the_book() -> None:
    found = entries()
    expected = ({f"T{n}" for n in range(4)} | {f"R{n}" for n in range(1, 25)}
                | {f"A{n}" for n in range(1, 37)} | {f"3.{n}" for n in range(1, 7)}
                | {f"4.{n}" for n in range(1, 10)} | {f"S{n:02d}" for n in range(1, 40)}
                | {f"E{n:02d}" for n in range(1, 13)} | {f"P{n:02d}" for n in range(1, 8)}
                | {f"D{n:02d}" for n in range(1, 8)} | {"D05b", "D05c"}
                | {f"H{n:02d}" for n in range(1, 10)} | {f"B{n:02d}" for n in range(1, 9)}
                | {f"L{n:02d}" for n in range(1, 17)} | {f"W{n:02d}" for n in range(1, 7)})
    assert expected <= set(found), sorted(expected - set(found))


def test_every_citation_resolves_to_the_book() -> None:
    found = entries()
    cited: dict[str, set[str]] = {}
    for path in _cited_files():
        for citation in _citations(path.read_text(encoding="utf-8")):
            cited.setdefault(citation, set()).add(path.relative_to(ROOT).as_posix())
    missing = {c: sorted(where) for c, where in cited.items() if c not in found}
    assert not missing, missing
    # The scan sees the citations (a broken pattern would pass the check above vacuously).
    assert {"R11", "A14", "A30", "3.6", "S01", "E12", "D07", "H09"} <= set(cited)
    # The docs pages are read too (the rules in two minutes cite R11 on docs/playing.md).
    assert "docs/playing.md" in cited["R11"]
    # The rules of three and five players, cited by the engine and its rule files.
    assert {"V5-2", "V5-3", "V5-16", "VD2", "V3-9", "V5-11"} <= set(cited)
    assert "tarot/engine/legal.py" in cited["V5-16"] and "rules/standard-5.toml" in cited["V5-1"]
    assert _citations("V5-3. V5-C01, VD7; (V3-12) 'V3-H01-12' XV5-3") == \
        {"V5-3", "V5-C01", "VD7", "V3-12"}
    assert len(cited) > 100


def test_a_message_that_cites_a_rule_can_be_looked_up() -> None:
    """Every rule an IllegalAction names (the `rule` field the terminal shows) exists."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tarot").rglob("*.py"))
    rules = set(re.findall(r'rule="([^"]+)"', source))
    assert rules, "no refusal names its rule"
    for rule in rules:
        for part in re.split(r"[,;/ ]+", rule):
            if part:
                assert lookup(part).text, rule


@pytest.mark.parametrize(("asked", "starts"), [
    ("R11", "- **R11.**"), ("r11", "- **R11.**"), ("A14", "**A14."), ("§3.6", "### 3.6"),
    ("3.4", "### 3.4"), ("D05b", "| id |"), ("S46", "- **S46.**"), ("T0", "- **T0.**"),
    # Three and five players (section 5).
    ("v5-3", "- **V5-3.**"), ("V3-13", "- **V3-13.**"), ("vd2", "**VD2."), ("VD11", "**VD11."),
    ("v5-c01", "| id |"), ("V3-S09", "| id |"), ("§5.4", "### 5.4"), ("5.0", "### 5.0"),
])
def test_lookup_by_any_spelling(asked: str, starts: str) -> None:
    entry = lookup(asked)
    assert entry.text.startswith(starts)
    assert normalise(asked) in entry.text


def test_an_entry_stops_where_the_next_begins() -> None:
    r1, r11, a14 = lookup("R1").text, lookup("R11").text, lookup("A14").text
    assert "bouts" in r1 and "R2." not in r1
    assert "suit led" in r11 and "R12." not in r11
    assert "four-kings" in a14 and "A15." not in a14
    section = lookup("3.4").text
    assert "trump" in section and "### 3.5" not in section


@pytest.mark.parametrize("last_row", ["S39", "E12", "P07", "D07", "H09", "B08", "L16", "W06"])
def test_the_last_row_of_a_table_comes_with_its_head_once(last_row: str) -> None:
    text = lookup(last_row).text
    assert text.startswith("| id |") and text.count(f"| {last_row} |") == 1
    assert text.splitlines()[1].startswith("|---")


def test_a_note_on_an_example_comes_with_its_row() -> None:
    text = lookup("S30").text
    assert text.startswith("| id |") and "- **S30.** Hand H_B" in text
    assert lookup("S46").text.startswith("- **S46.**")  # a note without a row


def test_every_rule_decision_and_example_of_three_and_five_players_is_in_the_book() -> None:
    found = entries()
    expected = ({f"V3-{n}" for n in range(1, 14)} | {f"V5-{n}" for n in range(1, 18)}
                | {f"VD{n}" for n in range(1, 12)} | {f"5.{n}" for n in range(8)} | {"5"}
                | {"V3-D01", "V3-B01", "V3-B02", "V3-B03", "V3-B04", "V3-H01", "V3-X01",
                   "V3-P01", "V5-C01", "V5-C02", "V5-C04", "V5-C05", "V5-C06", "V5-D01",
                   "V5-D02", "V5-H01", "V5-X01", "V5-X03", "V5-P01", "V5-R01"}
                | {f"V3-S0{n}" for n in (1, 2, 3, 5, 6, 7, 9)}
                | {f"V5-S0{n}" for n in (1, 2, 3, 4, 5, 7, 8, 9)})
    sized = {key for key in found if key.startswith("V") or key.startswith("5")}
    assert sized == expected, (sorted(expected - sized), sorted(sized - expected))


def test_a_rule_of_five_players_stops_where_the_next_begins() -> None:
    call, alone, decision = lookup("V5-3").text, lookup("V5-5").text, lookup("VD2").text
    assert "four_kings_may_call_king" in call and "V5-4." not in call
    assert "Garde contre" in alone and "V5-6." not in alone  # its nested items kept
    assert "permission" in decision and "VD3." not in decision
    assert lookup("V5-C05").text.count("| V5-") == 1


def test_tarot_rules_prints_a_rule_of_five_players_in_both_languages() -> None:
    runner = CliRunner()
    english = runner.invoke(main, ["rules", "V5-3"])
    french = runner.invoke(main, ["--lang", "fr", "rules", "v5-3"])
    assert english.exit_code == 0 and french.exit_code == 0
    assert english.output.startswith("- V5-3. The cards the taker may call.")
    assert french.output.startswith("- V5-3. Les cartes que le preneur peut appeler.")
    for output in (english.output, french.output):
        lines = output.splitlines()
        assert all(len(line) <= 80 for line in lines) and "**" not in output
        assert "four_kings_may_call_king" in output and "(VD2)" in output


def test_an_unknown_rule_is_refused_with_what_exists() -> None:
    with pytest.raises(RuleBookError, match="R1–R24"):
        lookup("R99")
    with pytest.raises(RuleBookError, match="V5-1–V5-17"):
        lookup("V5-18")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_book_mentions_no_outside_rule_book(language: str) -> None:
    for outside in ("RULES.md", "RULES-3-5", "../shared"):
        assert outside not in book_text(language)


def test_the_rules_card_reads_in_points() -> None:
    standard = "\n".join(rules_card(load_rules("standard"), width=200))
    for expected in ("0 bouts: 56", "1 bout: 51", "2 bouts: 41", "3 bouts: 36",
                     "Garde contre  ×6", "king 4.5", "any other card 0.5", "91 in all",
                     "Triple poignée: 15 trumps, 40 points", "announced and made +400"):
        assert expected in standard, expected
    assert "112" not in standard  # no half-points
    fft = "\n".join(rules_card(load_rules("fft"), width=200))
    for flag, (rule, on, off) in FLAG_MEANINGS.items():
        value = getattr(load_rules("fft").flags, flag)
        meaning = (on if value else off).format(tricks=18, last=18, before_last=17)
        assert f"{flag} = {str(value).lower()} ({rule}): {meaning}" in fft
    assert standard != fft
    narrow = rules_card(load_rules("standard"))
    assert all(len(line) <= 80 for line in narrow) and len(narrow) > len(standard.splitlines())


@pytest.mark.parametrize(("name", "expected"), [
    ("standard-3", ["Deal (R3, V3-1): 24 cards each, 6 to the chien", "Score (R21, V3-9)",
                    "twice as much as each defender", "Triple poignée: 18 trumps, 40 points",
                    "only trick 23 counts for petit au bout", "Poignées (R8, R19, V3-6)"]),
    ("standard-5", ["Deal (R3, V5-1): 15 cards each, 3 to the chien", "Score (R21, V5-11)",
                    "a taker alone, four times as much", "The call (V5-2, V5-3)",
                    "(V5-16)", "Triple poignée: 13 trumps, 40 points",
                    "only trick 14 counts for petit au bout",
                    "four_kings_may_call_king = true (VD2): holding the four kings, the taker "
                    "may still call a king"]),
])
def test_the_rules_card_of_three_and_five_players(name: str, expected: list[str]) -> None:
    """The card of a table of three or five says its numbers and cites section 5 of the
    book beside the four-player rules; every rule it cites is in the book."""
    card = "\n".join(rules_card(load_rules(name), width=400))
    for text in expected:
        assert text in card, text
    assert "three times" not in card and "trick 17" not in card
    assert ("four_kings_may_call_king" in card) == (name == "standard-5")
    for cited in _citations(card):
        assert lookup(cited).text, cited
    assert {"V3-1", "V5-1"} & _citations(card)
    four = "\n".join(rules_card(load_rules("standard"), width=400))
    assert "V3-" not in four and "V5-" not in four and "four_kings_may_call_king" not in four


def test_tarot_rules_prints_the_card_a_rule_and_the_json() -> None:
    runner = CliRunner()
    card = runner.invoke(main, ["rules"])
    assert card.exit_code == 0 and "0 bouts: 56" in card.output
    one = runner.invoke(main, ["rules", "R11"])
    assert one.exit_code == 0 and "suit led" in one.output and "**" not in one.output
    raw = runner.invoke(main, ["rules", "--json", "--rules", "fft"])
    assert raw.exit_code == 0 and '"excuse_kept_in_any_slam": true' in raw.output
    unknown = runner.invoke(main, ["rules", "Z1"])
    assert unknown.exit_code == 1 and "the rule book has no 'Z1'" in unknown.output
    for clash in (["R11", "--json"], ["R11", "--rules", "fft"], ["--diagram", "--json"]):
        refused = runner.invoke(main, ["rules", *clash])
        assert refused.exit_code == 2, clash


def test_half_points_are_written_as_points() -> None:
    from tarot.engine.scoring import points_text

    assert [points_text(h) for h in (0, 1, 9, 112, 182, -1, -9, -10)] == \
        ["0", "0.5", "4.5", "56", "91", "-0.5", "-4.5", "-5"]
