"""The rule book 4.1 and 4.9: the scoring vectors S01–S39, one test each.

The vectors are read from the JSON lines of section 4.9 of the rule book itself
(``docs/rules.md``, in this repository and in the installed package).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tarot.engine.rules import RuleSet
from tarot.engine.scoring import score
from tarot.explain.rulebook import book_text

BOUT_CODES = ("T1", "T21", "EXC")


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def _rule_book_jsonl(text: str) -> list[str]:
    """The lines of the ```jsonl block of section 4.9 of the rule book."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("### 4.9"))
    opening = next(i for i in range(start, len(lines)) if lines[i].strip() == "```jsonl")
    closing = next(i for i in range(opening + 1, len(lines)) if lines[i].strip() == "```")
    return _lines("\n".join(lines[opening + 1:closing]))


VECTORS = [json.loads(line) for line in _rule_book_jsonl(book_text())]


def _taker_bouts(count: int, petit_au_bout: str | None) -> tuple[str, ...]:
    """``count`` bout codes; the Petit is left out when the defence took it au bout."""
    candidates = [b for b in BOUT_CODES if not (b == "T1" and petit_au_bout == "defence")]
    assert count <= len(candidates), "an impossible vector: the defence holds the Petit"
    return tuple(candidates[:count])


def test_vector_ids_are_s01_to_s39() -> None:
    assert [v["id"] for v in VECTORS] == [f"S{n:02d}" for n in range(1, 40)]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_scoring_vector(standard: RuleSet, vector: dict[str, Any]) -> None:
    contract = next(i for i, c in enumerate(standard.contracts) if c.name == vector["contract"])
    half_points = vector["taker_points"] * 2
    assert half_points == int(half_points)
    taker = int(vector["id"][1:]) % 4  # every seat takes in turn: scores are by seat
    defenders = [seat for seat in range(4) if seat != taker]
    sizes = {level.id: level.trumps for level in standard.poignees}
    seats = [taker, *defenders]
    poignees = [(seats[i], sizes[level]) for i, level in enumerate(vector["poignees"])]

    result = score(
        standard,
        contract=contract,
        taker=taker,
        taker_half_points=int(half_points),
        taker_bouts=_taker_bouts(vector["taker_bouts"], vector["petit_au_bout"]),
        petit_au_bout=vector["petit_au_bout"],
        poignees=poignees,
        chelem_declared=vector["slam_declared"],
        all_tricks=vector["all_tricks_by"],
    )

    expect = vector["expect"]
    assert result.contract_made is expect["contract_won"]
    assert result.difference == expect["counted_difference"]
    assert result.per_defender == expect["D"]
    assert result.scores[taker] == expect["taker"]
    assert [result.scores[seat] for seat in defenders] == [expect["each_defender"]] * 3
    assert sum(result.scores) == 0
    assert [p.level for p in result.poignees] == vector["poignees"]
