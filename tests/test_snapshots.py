"""Snapshot tests (syrupy): a change to the rules, the engine or a golden replay is a diff.

The golden replays' decisions are replayed under the rule files as they are now
(not under the hash their header pins), so that a changed number in
``rules/standard.toml`` shows here as a diff of every score it moves. Update
after a reviewed change with ``pytest --snapshot-update`` (add
``--snapshot-no-cleanup`` when running a subset with ``-k``), and re-record the
replays with ``python -m tarot.duplicate.golden``.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from tarot.engine.game import Game
from tarot.engine.phases import machine_definition
from tarot.engine.rule_files import load_rules
from tarot.explain.audit import audit, audit_lines, replay_decisions, rescore
from tarot.explain.narrate import Narrator
from tarot.log import log_schema, read_events

ROOT = Path(__file__).resolve().parents[1]
REPLAY_FILES = sorted((ROOT / "replays").glob("*.jsonl"))
SCHEMA_FILE = ROOT / "schema" / "log.schema.json"
IDS = [p.stem for p in REPLAY_FILES]


def current(path: Path) -> Game:
    """A golden replay's decisions under the current rule file of its rule set."""
    header, events = read_events(path)
    replayed = replay_decisions(header, events, load_rules(header.rules_id))
    assert replayed.game is not None, f"{path.name}: {replayed.refused}"
    return replayed.game


@pytest.fixture
def json_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(JSONSnapshotExtension)


@pytest.mark.parametrize("path", REPLAY_FILES, ids=IDS)
def test_audit_of_golden_replay(path: Path, json_snapshot: SnapshotAssertion) -> None:
    assert audit(current(path)).as_json() == json_snapshot


@pytest.mark.parametrize("path", REPLAY_FILES, ids=IDS)
def test_transcript_of_golden_replay(path: Path, snapshot: SnapshotAssertion) -> None:
    game = current(path)
    narrator = Narrator(game.rules)
    lines = [line for event in game.events for line in narrator.lines(event)]
    lines += ["", *audit_lines(audit(game))]
    assert "\n".join(lines) == snapshot


# rules/fft.toml is for four players: the goldens of other table sizes have no FFT variant
# of their rules to be re-scored under.
FOUR_PLAYERS = [path for path in REPLAY_FILES if read_events(path)[0].size == 4]


@pytest.mark.parametrize("path", FOUR_PLAYERS, ids=[p.stem for p in FOUR_PLAYERS])
def test_golden_replay_under_fft_rules(path: Path, json_snapshot: SnapshotAssertion) -> None:
    """The rule-change workflow: every golden deal re-scored under rules/fft.toml."""
    game = current(path)
    other = rescore(game, load_rules("fft"))
    result: dict[str, Any] = {"rules": other.rules_id}
    if other.settlement is None:
        assert other.refused is not None
        result["refused"] = {"seq": other.refused_seq, "code": other.refused.code}
    else:
        before = dataclasses.asdict(game.settlement)  # type: ignore[arg-type]
        after = dataclasses.asdict(other.settlement)
        result["changes"] = {key: {"standard": before[key], "fft": after[key]}
                             for key in before if before[key] != after[key]}
    assert result == json_snapshot


def test_phase_machine_definition(json_snapshot: SnapshotAssertion) -> None:
    assert machine_definition() == json_snapshot


def test_log_schema(json_snapshot: SnapshotAssertion) -> None:
    assert log_schema() == json_snapshot


def test_committed_schema_file_is_up_to_date() -> None:
    """schema/log.schema.json is `tarot schema`; regenerate it with `tarot schema > ...`."""
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == log_schema()


def test_the_match_schema_file_is_the_programs() -> None:
    """schema/match.schema.json is `tarot schema --match`."""
    from tarot.storage.match_file import match_schema

    path = ROOT / "schema" / "match.schema.json"
    assert json.loads(path.read_text(encoding="utf-8")) == match_schema()
