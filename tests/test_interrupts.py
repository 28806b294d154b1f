"""Signals to a running `tarot` (issue 23, fault 11): `simulate --workers 2` stopped or
killed, its workers ending quietly; `play` interrupted at its prompt, whatever its
standard input is.

Each signal is sent once the child has shown where it is (a record in the results file,
a prompt on its output); the timeouts only keep a hang from stalling the run.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tarot.duplicate.results_file import read_results
from tarot.log import read_log

HANG = 300  # seconds: far beyond any wait here, only against a hang
EXIT = 60  # seconds for an interrupted game to save and exit: against a hang as well


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


# SIGKILL in the fast tier (the parent cannot pass it on); the others in the slow one.
@pytest.mark.parametrize(("sent", "status"), [
    pytest.param(signal.SIGINT, 130, marks=pytest.mark.slow),
    pytest.param(signal.SIGTERM, 143, marks=pytest.mark.slow),
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


def _wait_for(process: subprocess.Popen[bytes], prompt: bytes) -> bytes:
    """The child's output until it shows ``prompt`` (it waits for its input then)."""
    assert process.stdout is not None
    seen = b""
    while prompt not in seen:
        ready, _, _ = select.select([process.stdout], [], [], HANG)
        chunk = os.read(process.stdout.fileno(), 65536) if ready else b""
        assert chunk, f"no {prompt!r}: {seen.decode(errors='replace')}"
        seen += chunk
    return seen


# The FIFO in the slow tier (docs/testing.md): the pipe takes the same path in the fast one.
@pytest.fixture(params=["pipe", pytest.param("fifo", marks=pytest.mark.slow)])
def held_input(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[int, int]]:
    """A standard input that stays open with nothing in it: the read end, for the child,
    and the write end, which the test holds (and closes at the end)."""
    if request.param == "pipe":
        read, write = os.pipe()
    else:
        fifo = tmp_path / "input.fifo"
        os.mkfifo(fifo)
        read = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        write = os.open(fifo, os.O_WRONLY)
        os.set_blocking(read, True)
    try:
        yield read, write
    finally:
        for end in (read, write):
            os.close(end)


ROUNDS = 6


def test_ctrl_c_at_the_prompt_saves_and_exits_130_whatever_the_input(
        tmp_path: Path, held_input: tuple[int, int]) -> None:
    """SIGINT to `tarot play` reading a pipe or a FIFO: it used to be lost when it came
    between the prompt's output and the read (Python runs a signal's handler between
    instructions, and input() goes from one to the other without one), so the game went
    on waiting, and ended when the input did: as `quit`, exit 0. Now the wait for a line
    wakes on the signal, whenever it comes: saved, exit 130. The moment it comes is the
    machine's, so a few rounds are played, each signalled as soon as the prompt shows
    (before the fix, about one round in two hung)."""
    read, _ = held_input
    for round_number in range(ROUNDS):
        save = tmp_path / f"g{round_number}.jsonl"
        process = subprocess.Popen(
            _tarot("play", "--seed", "2", "--save", str(save)), stdin=read,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "NO_COLOR": "1"})
        _wait_for(process, b"Your bid")
        process.send_signal(signal.SIGINT)
        try:
            out, err = process.communicate(timeout=EXIT)
        finally:
            process.kill()
        assert process.returncode == 130, (round_number, out, err)
        assert b"Game saved; continue it with:" in out
        assert b"Traceback" not in err
        assert read_log(save, allow_incomplete=True).events
