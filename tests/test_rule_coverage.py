"""The golden replays reach every number of the rule book: change any one and a score moves.

This is what makes the snapshot workflow trustworthy: an edit to a number in
``rules/standard.toml`` cannot pass the snapshot tests unnoticed, because at
least one golden deal's settlement (or legality) depends on it.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet
from tarot.explain.audit import replay_decisions
from tarot.log import read_events

# The four-player golden replays: the numbers are rules/standard.toml's, a rule set for four
# (the goldens at three and five seats are standard-3's and standard-5's deals).
REPLAYS = [path for path in sorted((Path(__file__).resolve().parents[1] / "replays")
                                   .glob("*.jsonl")) if read_events(path)[0].size == 4]
# Sizes of the deal are structural (4 × 18 + 6 = 78): changing one alone is refused.
STRUCTURAL = {("deal", "hand_size"), ("deal", "chien_size")}
# Rule book A19 calls this case practically impossible: no golden deal can show it.
UNREACHABLE_FLAGS = {"petit_au_bout_slam_counts_last_trick"}


def outcomes(rules: RuleSet) -> list[tuple[int, ...] | str]:
    result: list[tuple[int, ...] | str] = []
    for path in REPLAYS:
        header, events = read_events(path)
        replayed = replay_decisions(header, events, rules)
        if replayed.game is None:
            assert replayed.refused is not None
            result.append(f"refused at #{replayed.refused_seq}: {replayed.refused.code}")
        else:
            assert replayed.settlement is not None
            result.append(replayed.settlement.scores)
    return result


def integer_paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from integer_paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from integer_paths(value, (*prefix, index))
    elif isinstance(data, int) and not isinstance(data, bool):
        yield prefix


STANDARD = load_rules("standard")
DATA = STANDARD.model_dump(mode="json")
NUMBERS = [p for p in integer_paths(DATA) if p not in STRUCTURAL]


def changed(path: tuple[Any, ...], value: Any) -> RuleSet:
    data = copy.deepcopy(DATA)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value(node[path[-1]])
    return RuleSet.model_validate_json(json.dumps(data))


@pytest.fixture(scope="module")
def reference() -> list[tuple[int, ...] | str]:
    return outcomes(STANDARD)


@pytest.mark.parametrize("path", NUMBERS, ids=[".".join(map(str, p)) for p in NUMBERS])
def test_every_rule_number_moves_a_golden_score(
        path: tuple[Any, ...], reference: list[tuple[int, ...] | str]) -> None:
    # One whole point (two half-points) more: a half-point can vanish in the rounding (A10).
    # A poignée size goes one card down instead, so that the levels stay distinct.
    delta = -1 if path[0] == "poignees" and path[-1] == "trumps" else 2
    assert outcomes(changed(path, lambda v: v + delta)) != reference, \
        f"no golden replay depends on {'.'.join(map(str, path))}: add a named deal that does"


FLAGS = [f for f in DATA["flags"] if f not in UNREACHABLE_FLAGS]


@pytest.mark.parametrize("flag", FLAGS)
def test_every_reachable_flag_moves_a_golden_score(
        flag: str, reference: list[tuple[int, ...] | str]) -> None:
    assert outcomes(changed(("flags", flag), lambda v: not v)) != reference
