"""The numbers a rule file's comments state are the numbers of its own tables.

A rule file is read by people as much as by the engine, and the files for three and
five players began as copies of the four-player one: a comment that kept the number of
the file it was copied from ("discards six" at five players, where the chien holds
three) misleads whoever reads it. Each statement below is a comment a test can read
(the discard's size, the deck's total, a card's points, the targets in points, the
base, petit au bout, the Excuse's half point); wherever a rule file makes it, the
number must be the one its rule set, as loaded, gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet

ROOT = Path(__file__).resolve().parents[1]
# The shipped rule sets and the test-only ones (tests/data/oddball*.toml).
RULE_FILES = sorted([*(ROOT / "rules").glob("*.toml"), *(ROOT / "tests" / "data").glob("*.toml")])

# Numbers as a comment may spell them ("discards six").
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
DECIMAL = r"\d+(?:\.\d+)?"


def number(text: str) -> int:
    return NUMBER_WORDS[text] if text in NUMBER_WORDS else int(text)


def half_points(points: str) -> int:
    """A number of points as a comment writes it (4.5), in the tables' half-points (9)."""
    doubled = float(points) * 2
    assert doubled.is_integer(), points
    return int(doubled)


@dataclass(frozen=True)
class Statement:
    """A number a comment states: where it is found, what it says, what the table says."""

    name: str
    pattern: re.Pattern[str]
    stated: Callable[[re.Match[str]], object]
    actual: Callable[[RuleSet, re.Match[str]], object]


STATEMENTS = [
    # The discard is exactly the chien's size (R6, V3-4, V5-7).
    Statement("discard", re.compile(r"discards (\w+)"),
              lambda m: number(m[1]), lambda rules, m: rules.deal.chien_size),
    Statement("deck total, in half-points",
              re.compile(rf"deck totals (\d+)(?: half-points)? = ({DECIMAL}) points"),
              lambda m: int(m[1]), lambda rules, m: rules.total_half_points),
    Statement("deck total, in points",
              re.compile(rf"deck totals (\d+)(?: half-points)? = ({DECIMAL}) points"),
              lambda m: half_points(m[2]), lambda rules, m: rules.total_half_points),
    # A card's points after its half-points: `king = 9  # 4.5`.
    Statement("card points",
              re.compile(rf"^(bout|king|queen|knight|jack|other) = \d+ +#.*?({DECIMAL})$",
                         re.MULTILINE),
              lambda m: half_points(m[2]), lambda rules, m: getattr(rules.card_points, m[1])),
    Statement("targets", re.compile(r"^target_half_points = .*# *([\d /]+) points$",
                                    re.MULTILINE),
              lambda m: tuple(half_points(n) for n in m[1].split("/")),
              lambda rules, m: rules.scoring.target_half_points),
    Statement("base", re.compile(r"^base_points = .*#.*\((\d+) \+ difference\)", re.MULTILINE),
              lambda m: int(m[1]), lambda rules, m: rules.scoring.base_points),
    Statement("petit au bout",
              re.compile(r"^petit_au_bout_per_multiplier = .*#.*?(\d+) × multiplier",
                         re.MULTILINE),
              lambda m: int(m[1]), lambda rules, m: rules.scoring.petit_au_bout_per_multiplier),
    Statement("the Excuse's compensation",
              re.compile(rf"^excuse_compensation_half_points = .*#.*?({DECIMAL}) points? moves",
                         re.MULTILINE),
              lambda m: half_points(m[1]),
              lambda rules, m: rules.scoring.excuse_compensation_half_points),
]


def statements_in(path: Path) -> list[tuple[str, str, object, object]]:
    """Each statement the file's comments make: its name, its text, the number it states
    and the number the file's rule set gives."""
    text, rules = path.read_text(encoding="utf-8"), load_rules(path)
    return [(statement.name, match[0], statement.stated(match), statement.actual(rules, match))
            for statement in STATEMENTS for match in statement.pattern.finditer(text)]


@pytest.mark.parametrize("path", RULE_FILES, ids=[path.name for path in RULE_FILES])
def test_a_rule_file_s_comments_state_its_own_numbers(path: Path) -> None:
    wrong = [(name, said, stated, actual) for name, said, stated, actual in statements_in(path)
             if stated != actual]
    assert wrong == [], wrong


def test_every_statement_is_read_in_some_rule_file() -> None:
    """A statement no file makes any more (a pattern that stopped matching the comments'
    words) would leave its numbers unchecked; and every file states its discard."""
    found = {path.name: {name for name, *_rest in statements_in(path)} for path in RULE_FILES}
    assert {statement.name for statement in STATEMENTS} == set().union(*found.values())
    assert all("discard" in names for names in found.values()), found


@pytest.mark.parametrize(("comment", "chien_size", "right"), [
    ('#   "shown"   the chien is shown, the taker takes it and discards six (R6);', 6, True),
    ('#   "shown"   the chien is shown, the taker takes it and discards six (R6);', 3, False),
    ('#   "shown"   the chien is shown, the taker takes it and discards three (V5-7);', 3,
     True),
], ids=["six with a chien of six", "six with a chien of three", "three with a chien of three"])
def test_the_discard_statement_is_read(comment: str, chien_size: int, right: bool) -> None:
    discard = STATEMENTS[0]
    match = discard.pattern.search(comment)
    assert match is not None
    five = load_rules("standard-5")
    rules = five.model_copy(update={"deal": five.deal.model_copy(
        update={"chien_size": chien_size})})
    assert (discard.stated(match) == discard.actual(rules, match)) == right
