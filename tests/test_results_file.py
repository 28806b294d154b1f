"""``tarot simulate --out``, ``--resume`` and ``--report``: the results file.

The report made from the file must be the report the run printed, byte for byte but
for the run's clock; a file cut short anywhere must resume to the uninterrupted match;
a file of another match, or one that is not a results file, is refused with its name
and line. Every run here is a few deal seeds of the rules and random players, played in
this process (--workers 1), a fraction of a second each.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

import pytest
from simulate_cli import invoke

from tarot.duplicate.match import SeedRecord
from tarot.duplicate.results_file import (
    ResultsError,
    ResultsWriter,
    SeedLine,
    read_results,
    record_line,
)

MATCH = ["--players", "rules,random,random,random", "--deals", "6", "--seed", "3",
         "--workers", "1"]


def stdout_of(args: list[str]) -> str:
    result = invoke(args)
    assert result.exit_code == 0, result.output
    return result.stdout


def error_of(args: list[str]) -> str:
    result = invoke(args)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return result.stderr


@pytest.fixture
def finished(tmp_path: Path) -> tuple[Path, str]:
    """A whole results file, and the --json --no-timing its run printed."""
    path = tmp_path / "results.jsonl"
    return path, stdout_of([*MATCH, "--out", str(path), "--json", "--no-timing"])


def test_the_line_model_is_the_record_s() -> None:
    assert list(SeedLine.model_fields) == [f.name for f in dataclasses.fields(SeedRecord)]


def test_the_file_holds_a_header_and_a_line_per_deal_seed(finished: tuple[Path, str]) -> None:
    path, _ = finished
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["format"] == "tarot-simulate-results" and header["version"] == 1
    assert header["players"] == ["rules", "random", "random", "random"]
    assert (header["seed"], header["deals"], header["rules"]) == (3, 6, "standard")
    assert header["rules_hash"].startswith("sha256:") and header["program"]
    records = [json.loads(line) for line in lines[1:]]
    assert sorted(r["deal_seed"] for r in records) == list(range(3, 9))
    assert all(sum(r["totals"]) == 0 and len(r["times_ns"]) == 4 for r in records)


def test_records_read_back_exactly(tmp_path: Path, finished: tuple[Path, str]) -> None:
    path, _ = finished
    records = read_results(path).records
    assert [r.deal_seed for r in records] == list(range(3, 9))  # sorted, whatever the order
    # Written again from what was read, every line is the same: nothing was rounded.
    written = {json.loads(line)["deal_seed"]: line for line in path.read_text().splitlines()[1:]}
    assert [record_line(r) for r in records] == [written[r.deal_seed] for r in records]


def test_the_report_from_the_file_is_the_run_s(finished: tuple[Path, str]) -> None:
    path, printed = finished
    assert stdout_of(["--report", str(path), "--json", "--no-timing"]) == printed
    # With the timing section: the same decision times (integers in the file), and no
    # clock, since the file keeps none.
    run = json.loads(stdout_of([*MATCH, "--json"]))
    from_file = json.loads(stdout_of(["--report", str(path), "--json"]))
    assert from_file["timing"]["wall_seconds"] is None
    assert from_file["timing"]["workers"] is None
    assert [e["decisions"] for e in from_file["timing"]["decision_ms"]] == \
        [e["decisions"] for e in run["timing"]["decision_ms"]]
    table = stdout_of(["--report", str(path)])
    assert "No wall time: this report was made from a results file" in table
    assert max(len(line) for line in table.splitlines()) <= 80
    assert "Decision times" in table
    assert "Decision times" not in stdout_of(["--report", str(path), "--no-timing"])


def test_without_timing_any_run_prints_the_same_bytes() -> None:
    first = stdout_of([*MATCH, "--json", "--no-timing"])
    assert "timing" not in json.loads(first)
    assert stdout_of([*MATCH, "--json", "--no-timing"]) == first
    assert stdout_of([*MATCH, "--workers", "2", "--json", "--no-timing"]) == first


def results_but_times(path: Path) -> list[Any]:
    """The file's lines as data, sorted, the measured decision times left out."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    return [lines[0], *sorted((line | {"times_ns": None} for line in lines[1:]),
                              key=lambda line: line["deal_seed"])]


@pytest.mark.parametrize("keep", [1, 2, 4, 7])
def test_a_file_cut_short_resumes_to_the_whole_match(tmp_path: Path, finished: tuple[Path, str],
                                                     keep: int) -> None:
    """Cut after ``keep`` lines (the header alone, some records, all of them), with half of
    the next line left torn: the resumed run removes the torn part and prints the
    uninterrupted run's report."""
    whole, printed = finished
    lines = whole.read_bytes().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    torn = lines[keep][: len(lines[keep]) // 2] if keep < len(lines) else b""
    cut.write_bytes(b"".join(lines[:keep]) + torn)
    result = invoke(["--resume", str(cut), "--json", "--no-timing"])
    assert result.exit_code == 0, result.output
    assert result.stdout == printed
    assert ("cut short" in result.stderr) == bool(torn)
    assert results_but_times(cut) == results_but_times(whole)
    assert stdout_of(["--report", str(cut), "--json", "--no-timing"]) == printed


def test_a_resumed_run_says_how_much_it_played(tmp_path: Path,
                                                finished: tuple[Path, str]) -> None:
    whole, _ = finished
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(whole.read_bytes().splitlines(keepends=True)[:3]))
    data = json.loads(stdout_of(["--resume", str(cut), "--json"]))
    assert data["timing"]["deal_seeds_played"] == 4 and data["deals"] == 6
    table = stdout_of(["--resume", str(cut)])
    assert "It played 0 of the 6 deal seeds" in table
    assert max(len(line) for line in table.splitlines()) <= 80


@pytest.mark.parametrize(("option", "named"), [
    (["--players", "rules,rules,random,random"],
     "--players rules,rules,random,random (the file's: rules,random,random,random)"),
    (["--seed", "4"], "--seed 4 (the file's: 3)"),
    (["--deals", "7"], "--deals 7 (the file's: 6)"),
    (["--rules", "fft"], "the rules 'fft'"),
])
def test_resuming_another_match_is_refused_by_name(finished: tuple[Path, str],
                                                   option: list[str], named: str) -> None:
    path, _ = finished
    before = path.read_bytes()
    message = error_of(["--resume", str(path), *option])
    assert f"{path} holds another match" in message and named in message
    assert path.read_bytes() == before
    # The same settings, given again, are no change.
    assert invoke(["--resume", str(path), *MATCH]).exit_code == 0


def test_another_program_version_is_refused(tmp_path: Path,
                                            finished: tuple[Path, str]) -> None:
    path, _ = finished
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0]) | {"program": "0.0.1"}
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    assert "the file was written by tarot 0.0.1" in error_of(["--resume", str(old)])
    # A report reads the records alone, whoever wrote them.
    assert invoke(["--report", str(old)]).exit_code == 0


def test_out_refuses_an_existing_file(finished: tuple[Path, str]) -> None:
    path, _ = finished
    before = path.read_bytes()
    assert f"{path} exists: --resume {path}" in error_of([*MATCH, "--out", str(path)])
    assert path.read_bytes() == before


def test_report_refuses_an_unfinished_file(tmp_path: Path, finished: tuple[Path, str]) -> None:
    whole, _ = finished
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(whole.read_bytes().splitlines(keepends=True)[:4]) + b'{"deal')
    message = error_of(["--report", str(cut)])
    assert f"{cut}: 3 of the match's 6 deal seeds" in message
    assert "line 5 is cut short" in message and f"--resume {cut}" in message


def test_options_that_do_not_go_together(finished: tuple[Path, str]) -> None:
    path, _ = finished
    result = invoke(["--report", str(path), "--seed", "1", "--scheduler", "local"])
    assert result.exit_code == 2
    assert "--seed, --scheduler cannot go with it" in result.stderr
    result = invoke(["--resume", str(path), "--out", str(path)])
    assert result.exit_code == 2 and "give one of them" in result.stderr


def record(deal_seed: int, **changes: Any) -> str:
    fields: dict[str, Any] = {"deal_seed": deal_seed, "totals": [3, -1, -1, -1],
                              "taken": [4, 0, 0, 0], "made": [2, 0, 0, 0],
                              "slams_declared": [0] * 4, "slams_declared_made": [0] * 4,
                              "slams_undeclared_made": [0] * 4, "slams_defence_made": [0] * 4,
                              "times_ns": [[5], [6], [7], [8]]}
    return json.dumps(fields | changes)


HEADER = json.dumps({"format": "tarot-simulate-results", "version": 1, "program": "0.2.0",
                     "players": ["rules", "random", "random", "random"], "seed": 3,
                     "deals": 6, "rules": "standard", "rules_id": "standard",
                     "rules_hash": "sha256:0"})


@pytest.mark.parametrize(("lines", "where", "message"), [
    ([], ":1:", "an empty file"),
    (["not json"], ":1:", "not the header of a tarot simulate results file"),
    ([HEADER.replace("tarot-simulate-results", "tarot-match")], ":1:",
     "not the header of a tarot simulate results file: format"),
    ([HEADER, "[1, 2]"], ":2:", "not a deal seed's record"),
    ([HEADER, record(3, totals=[1, 2, 3])], ":2:", "not a deal seed's record: totals"),
    ([HEADER, record(3, taken=[4, -1, 1, 0])], ":2:", "not a deal seed's record: taken"),
    ([HEADER, record(3, times_ns=[[1.5], [], [], []])], ":2:", "times_ns"),
    ([HEADER, record(3, extra=1)], ":2:", "extra"),
    ([HEADER, record(3), record(9)], ":3:", "deal seed 9 is not one of this match's (3 to 8)"),
    ([HEADER, record(3), record(4), record(3)], ":4:",
     "deal seed 3 again (its record is on line 2 already)"),
    ([HEADER, record(3, totals=[3, -1, -1, 0])], ":2:", "the totals sum to 1"),
    ([HEADER, record(3, taken=[3, 0, 0, 0])], ":2:", "3 contracts taken"),
    ([HEADER, record(3, made=[5, 0, 0, 0], taken=[4, 0, 0, 0])], ":2:",
     "more contracts made than taken"),
])
def test_a_bad_file_is_named_with_its_line(tmp_path: Path, lines: list[str], where: str,
                                           message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(line + "\n" for line in lines))
    with pytest.raises(ResultsError) as raised:
        read_results(path)
    assert str(raised.value).startswith(f"{path}{where}")
    assert message in str(raised.value)
    # The command says the same in one line, without a traceback, for both readers.
    assert message in error_of(["--report", str(path)])
    assert message in error_of(["--resume", str(path)])


def test_a_torn_header_and_a_missing_file(tmp_path: Path) -> None:
    torn = tmp_path / "torn.jsonl"
    torn.write_text(HEADER[:20])
    assert f"{torn}:1: the header is cut short" in error_of(["--report", str(torn)])
    assert f"{tmp_path / 'none.jsonl'}: No such file or directory" in \
        error_of(["--resume", str(tmp_path / "none.jsonl")])


def test_the_writer_cuts_a_torn_line_before_appending(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(HEADER + "\n" + record(3) + "\n" + record(4)[:10])
    read = read_results(path)
    assert [r.deal_seed for r in read.records] == [3] and read.torn_line == 3
    with ResultsWriter(path, read.whole_bytes) as writer:
        writer.write([SeedRecord(**json.loads(record(4)))])
    assert [r.deal_seed for r in read_results(path).records] == [3, 4]
    assert read_results(path).torn_line is None


def test_one_run_at_a_time_writes_a_file(finished: tuple[Path, str]) -> None:
    from tarot.storage.locks import hold_save

    path, _ = finished
    with hold_save(path, writer="tarot simulate"):
        message = error_of(["--resume", str(path)])
    assert f"{path} is being written by process {os.getpid()} (tarot simulate)" in message
    assert "one program at a time may write it" in message
