"""Signals to a running `tarot` (issue 23, fault 11): `simulate --workers 2` stopped or
killed, its workers ending quietly.

The signal is sent once the child has shown where it is (a record in the results
file); the timeouts only keep a hang from stalling the run.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tarot.results_file import read_results

HANG = 300  # seconds: far beyond any wait here, only against a hang


def _tarot(*args: str) -> list[str]:
    return [sys.executable, "-m", "tarot", *args]


def _wait_for_a_record(process: subprocess.Popen[bytes], results: Path) -> None:
    """Until the results file holds a record (the workers are playing): its header and
    one line. Polls the file, the one thing the run shows while it plays."""
    import time

    deadline = time.monotonic() + HANG
    while not (results.exists() and results.read_bytes().count(b"\n") >= 2):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no record came"
        time.sleep(0.05)


@pytest.mark.parametrize(("sent", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143),
                                              (signal.SIGKILL, -signal.SIGKILL)])
def test_a_stopped_or_killed_simulate_ends_its_workers_quietly(
        tmp_path: Path, sent: signal.Signals, status: int) -> None:
    """The workers of a parent SIGTERMed or SIGKILLed used to play on and print their
    BrokenPipeError tracebacks, and the resource tracker a leaked-semaphore warning.
    Now every process of the run ends without a word (stderr is read to its end: the
    workers and the tracker hold it too, so it ends only once they all have), the
    results file keeps whole lines, and SIGINT and SIGTERM say where the results are."""
    results = tmp_path / "r.jsonl"
    # Far more deal seeds than can be played before the signal: the run is stopped in
    # the middle whatever the machine's speed.
    process = subprocess.Popen(
        _tarot("simulate", "--deals", "100000", "--seed", "1", "--players",
               "rules,rules,rules,rules", "--workers", "2", "--out", str(results), "--quiet"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _wait_for_a_record(process, results)
    process.send_signal(sent)
    out, err = process.communicate(timeout=HANG)
    said = err.decode(errors="replace")
    assert process.returncode == status, said
    assert out == b""
    for noise in ("Traceback", "BrokenPipeError", "leaked", "resource_tracker", "Warning"):
        assert noise not in said, said
    if sent == signal.SIGKILL:
        assert said == ""
    else:
        assert said.strip() == (f"Stopped by {sent.name}; the deal seeds played so far are "
                                f"in {results}: tarot simulate --resume {results} plays "
                                "the rest")
    assert read_results(results).records  # whole lines, to resume
