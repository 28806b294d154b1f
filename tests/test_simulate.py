"""``tarot simulate``: its outputs, its figures against run_match's, and that they
depend on the arguments alone (not on the number of workers).

Every run here is a few deal seeds: the rules player takes a fraction of a
millisecond a decision, so each test is well under a second, bar the worker
pool's start-up (spawned processes import tarot afresh).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from simulate_cli import invoke, run_json

from tarot.bots.random_player import RandomPlayer
from tarot.bots.registry import PLAYERS
from tarot.bots.rules_player import RulesPlayer
from tarot.duplicate.backends import ProcessPool, Task, play_chunk
from tarot.duplicate.match import SeedRecord, match_result, run_match
from tarot.duplicate.simulate import chunks, next_distinct, percentile, run_simulation
from tarot.engine.rule_files import load_rules

MIXED = "rules,random,random,random"


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "timing"}


def test_table() -> None:
    result = invoke(["--deals", "3", "--seed", "1", "--players", MIXED, "--workers", "1"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "3 deal seeds (1 to 3)" in out and "12 games per player" in out
    assert "points per game" in out and "95% intervals are over deal seeds" in out
    rows = [line.split() for line in out.splitlines()
            if line[:2].strip().isdigit() and line[2:4] == "  "]
    seats = [["0", "rules"], ["1", "random"], ["2", "random"], ["3", "random"]]
    # The scores, then the decision times, each a table of the four seats.
    assert [row[:2] for row in rows] == seats + seats
    assert all(row[3].startswith("[") for row in rows[:4])
    assert "Decision times" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    # The next different player: the three random seats are each compared with rules,
    # each pair once (seat 1 against seat 0 is seat 0 against seat 1, the sign turned).
    assert "0 rules - 1 random:" in out and "1 random - 0 rules:" not in out
    for index in (2, 3):
        assert f"{index} random - 0 rules:" in out
    paired = out.split("Paired differences")[1].split("By player")[0]
    assert len([line for line in paired.splitlines() if " - " in line]) == 3
    assert "By player, its seats pooled" in out and "rules - random:" in out
    assert "Wall time" in out and "--workers 1" in out
    assert result.stderr == ""


def test_json_structure_and_zero_sum() -> None:
    data = run_json(["--deals", "4", "--seed", "7", "--players", MIXED, "--workers", "1"])
    assert data["seed"] == 7 and data["deals"] == 4 and data["deal_seeds"] == [7, 10]
    assert data["rotations"] == 4 and data["games_per_player"] == 16
    assert data["rules"]["id"] == "standard" and data["rules"]["hash"].startswith("sha256:")
    assert "per game" in data["score_unit"]
    players = data["players"]
    assert [(p["index"], p["name"]) for p in players] == [
        (0, "rules"), (1, "random"), (2, "random"), (3, "random")]
    # Each player sits once in each rotation of each deal, and every game is zero-sum.
    assert sum(p["total"] for p in players) == 0
    assert sum(p["mean"] * p["games"] for p in players) == pytest.approx(0.0, abs=1e-6)
    assert sum(p["taken"] for p in players) == 16
    for p in players:
        assert p["games"] == 16 and p["mean"] == pytest.approx(p["total"] / 16)
        low, high = p["interval"]
        assert low <= p["mean"] <= high and p["ci95"] >= 0
        assert 0 <= p["made"] <= p["taken"]
        slams = p["slams"]
        assert slams["declared_made"] <= slams["declared"]
        assert slams["made"] == slams["declared_made"] + slams["undeclared_made"]
        assert p["decisions"] >= 16 * 19  # a bid and 18 cards a game, at least
        assert p["vs"]["index"] == (1 if p["index"] == 0 else 0)
    vs = players[0]["vs"]
    assert vs["difference"] == pytest.approx(players[0]["mean"] - players[1]["mean"])
    # Pooled by name: random is the mean of its three seats, and rules - random is
    # the difference of the pooled means (which is 4/3 of rules' mean, the game being
    # zero-sum).
    by_name = data["by_name"]
    random_mean = sum(p["mean"] for p in players[1:]) / 3
    assert [(p["name"], p["seats"]) for p in by_name["players"]] == [("rules", 1), ("random", 3)]
    assert by_name["players"][1]["mean"] == pytest.approx(random_mean)
    (difference,) = by_name["differences"]
    assert (difference["first"], difference["second"]) == ("rules", "random")
    assert difference["difference"] == pytest.approx(players[0]["mean"] - random_mean)
    assert difference["difference"] == pytest.approx(players[0]["mean"] * 4 / 3)
    timing = data["timing"]
    assert timing["workers"] == 1 and timing["wall_seconds"] > 0
    for entry, p in zip(timing["decision_ms"], players, strict=True):
        assert entry["decisions"] == p["decisions"]
        assert entry["mean"] > 0 and entry["p95"] > 0


def test_the_figures_are_run_match_s() -> None:
    names = ("rules", "random", "rules", "random")
    records = run_simulation(names, deals=5, seed=3, rules=load_rules("standard"),
                             backend=ProcessPool(1))
    expected = run_match([RulesPlayer(), RandomPlayer(), RulesPlayer(), RandomPlayer()],
                         deals=5, seed=3)
    assert match_result(names, records, seed=3) == expected


@dataclass(frozen=True)
class RepeatingBackend:
    """Plays every chunk, then reports each chunk a second time, as Dask could after
    running a lost worker's chunk again."""

    workers: int = 2
    scheduler: None = None

    def results(self, tasks: Sequence[Task]) -> Iterator[list[SeedRecord]]:
        played = [play_chunk(task) for task in tasks]
        yield from played
        yield from played


def test_a_deal_seed_played_twice_counts_once() -> None:
    names = ("rules", "random", "random", "random")
    rules = load_rules("standard")
    written: list[int] = []
    records = run_simulation(names, 6, 1, rules, RepeatingBackend(),
                             on_records=lambda new: written.extend(r.deal_seed for r in new))
    assert [r.deal_seed for r in records] == list(range(1, 7))
    assert sorted(written) == list(range(1, 7))  # each written down once
    assert match_result(names, records, 1) == \
        match_result(names, run_simulation(names, 6, 1, rules, ProcessPool(1)), 1)


def test_any_number_of_workers_gives_the_same_figures() -> None:
    # 6 seeds for 2 workers make 6 one-seed tasks, so the pool really shares them out
    # and they come back in whatever order the workers finish.
    assert len(chunks(range(20, 26), 2)) > 2
    args = ["--deals", "6", "--seed", "20", "--players", "random,rules,random,rules"]
    one = run_json([*args, "--workers", "1"])
    two = run_json([*args, "--workers", "2"])
    assert two["timing"]["workers"] == 2
    assert without_timing(one) == without_timing(two)
    assert [e["decisions"] for e in one["timing"]["decision_ms"]] == \
        [e["decisions"] for e in two["timing"]["decision_ms"]]


def test_the_same_seed_gives_the_same_results() -> None:
    args = ["--deals", "3", "--players", MIXED, "--workers", "1"]
    first = run_json([*args, "--seed", "5"])
    assert without_timing(first) == without_timing(run_json([*args, "--seed", "5"]))
    assert without_timing(first) != without_timing(run_json([*args, "--seed", "6"]))


def test_rules_option() -> None:
    data = run_json(["--deals", "2", "--rules", "fft", "--workers", "1"])
    assert data["rules"]["id"] == "fft"


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "rules,random,random,nobody"], "no computer player is called 'nobody'"),
    (["--players", "rules,random"], "give 3, 4 or 5 players"),
    (["--players", "rules,random,random,random,random,random"], "give 3, 4 or 5 players"),
    (["--players", "6"], "a table is of 3, 4 or 5 players, not 6"),
    (["--players", MIXED, "--rules", "standard-5"],
     "--rules standard-5 is for 5 players: give 5 players"),
    (["--players", "rules,random,random", "--rules", "standard"],
     "--rules standard is for 4 players: give 4 players"),
    (["--rules", "no-such-rules"], "no such rule set"),
    (["--deals", "0"], "--deals"),
    (["--seed", "-1"], "--seed"),
    (["--workers", "0"], "--workers"),
])
def test_bad_arguments_are_click_errors(args: list[str], message: str) -> None:
    result = invoke(args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("args", "rules_id", "names"), [
    (["--players", "3"], "standard-3", ["rules", "random", "random"]),
    (["--players", "rules,random,random,random,random"], "standard-5",
     ["rules", "random", "random", "random", "random"]),
    (["--rules", "standard-5"], "standard-5", ["rules", "random", "random", "random", "random"]),
    (["--rules", "standard-3", "--players", "random,rules,rules"], "standard-3",
     ["random", "rules", "rules"]),
])
def test_three_and_five_players(args: list[str], rules_id: str, names: list[str]) -> None:
    """The table's size from --players (a number, or as many names) or from --rules; each
    deal seed played once per seat, the scores summing to zero over every game."""
    data = run_json(["--deals", "2", "--seed", "3", "--workers", "1", *args])
    seats = len(names)
    assert data["rules"]["id"] == rules_id
    assert [p["name"] for p in data["players"]] == names
    assert data["rotations"] == seats and data["games_per_player"] == 2 * seats
    assert sum(p["total"] for p in data["players"]) == 0
    assert sum(p["taken"] for p in data["players"]) == 2 * seats
    assert f"played {seats} times" in data["score_unit"]


def test_five_players_results_file_and_report(tmp_path: Path) -> None:
    """A 5-player match written with --out gives the same report read back with --report."""
    out = tmp_path / "five.jsonl"
    args = ["--deals", "2", "--players", "5", "--workers", "1", "--no-timing"]
    played = run_json([*args, "--out", str(out)])
    assert run_json(["--report", str(out), "--no-timing"]) == played
    # The file's records have one entry a player, and a record of four is refused.
    lines = out.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[1])
    assert len(record["totals"]) == 5
    record["totals"] = record["totals"][:4]
    out.write_text("\n".join([lines[0], json.dumps(record), *lines[2:]]) + "\n",
                   encoding="utf-8")
    result = invoke(["--report", str(out)])
    assert result.exit_code == 1
    assert "totals: 4 entries where the match has 5 players" in result.stderr


def test_an_unknown_player_lists_the_players() -> None:
    result = invoke(["--players", "rules,random,random,strongest"])
    assert result.exit_code == 2
    assert f"the players are: {', '.join(PLAYERS)}" in result.stderr


def test_helpers() -> None:
    assert next_distinct(["rules", "random", "random", "random"], 0) == 1
    assert next_distinct(["rules", "random", "random", "random"], 2) == 0
    assert next_distinct(["rules", "rules", "random", "rules"], 3) == 2
    assert next_distinct(["random"] * 4, 1) is None
    assert percentile([], 0.95) == 0.0
    assert percentile(list(range(1, 101)), 0.95) == 95.0
    assert percentile([7], 0.95) == 7.0
    for deals, seed, workers in [(1, 0, 8), (7, 3, 2), (1000, 1, 2), (45, 0, 1)]:
        seeds = [s for part in chunks(range(seed, seed + deals), workers) for s in part]
        assert seeds == list(range(seed, seed + deals))
    # A resumed run's deal seeds have gaps, where the finished ones were.
    assert [s for part in chunks([1, 2, 5, 9], 1) for s in part] == [1, 2, 5, 9]
