"""``tarot simulate --scheduler``: the same match on a Dask cluster as on the process pool.

Each test starts a ``LocalCluster`` of two worker processes of one thread each, as a
cluster of two one-core machines would be, and plays a few deal seeds of the rules and
random players (milliseconds each). The slow tier kills a worker in the middle of a
match, and the whole run in the middle of a 200-deal match, and checks that the
figures come out the same.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import kill_points
import pytest
from click.testing import Result
from dask import distributed  # the test extra brings it: CI must not skip these tests
from simulate_cli import invoke, run_json

from tarot.duplicate import backends
from tarot.duplicate.backends import BackendError, DaskCluster, ProcessPool, Task
from tarot.duplicate.match import SeedRecord
from tarot.duplicate.simulate import run_simulation
from tarot.engine.rule_files import load_rules

NAMES = ("random", "rules", "random", "rules")
MATCH = ["--players", ",".join(NAMES), "--deals", "10", "--seed", "20"]
SHORT = ["--players", ",".join(NAMES), "--deals", "4", "--seed", "20"]
HANG = 600  # seconds: what still runs then is a hang, not a slow machine


def new_cluster() -> Any:
    return distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                    dashboard_address=":0")


@pytest.fixture(autouse=True)
def patient_client(monkeypatch: pytest.MonkeyPatch) -> None:
    """tarot simulate gives a scheduler CONNECT_SECONDS (10 s) to answer before saying it
    cannot be reached; the schedulers here are up, and a busy machine may answer later:
    only a hang fails (a test of an unreachable one sets its own)."""
    monkeypatch.setattr(backends, "CONNECT_SECONDS", HANG)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with new_cluster() as started:
        yield started


def without_times(records: list[SeedRecord]) -> list[dict[str, Any]]:
    """The records as data, each player's decision times replaced by their number (the
    times are measured; the number of decisions is not)."""
    return [dataclasses.asdict(r) | {"times_ns": [len(t) for t in r.times_ns]}
            for r in records]


def test_a_cluster_gives_the_pool_s_figures(cluster: Any) -> None:
    pool = run_json([*MATCH, "--workers", "1"])
    dask = run_json([*MATCH, "--scheduler", cluster.scheduler_address])
    timing = dask.pop("timing")
    assert timing["scheduler"] == cluster.scheduler_address and timing["workers"] == 2
    assert [e["decisions"] for e in timing["decision_ms"]] == \
        [e["decisions"] for e in pool.pop("timing")["decision_ms"]]
    assert dask == pool


@pytest.mark.slow  # slow tier: see docs/testing.md, "What moved to the slow tier"
def test_scheduler_local_starts_its_own_cluster() -> None:
    dask = run_json([*SHORT, "--scheduler", "local", "--workers", "2"])
    timing = dask.pop("timing")
    assert (timing["scheduler"], timing["workers"]) == ("local", 2)
    assert dask == run_json([*SHORT, "--workers", "1", "--no-timing"])


def test_a_worker_of_another_version_is_refused(cluster: Any) -> None:
    task = Task(NAMES, 1, (1,), load_rules("standard"), program="0.0.1")
    with distributed.Client(cluster) as client:
        backend = DaskCluster(client, 2, cluster.scheduler_address)
        with pytest.raises(BackendError, match=r"this worker runs tarot .*, the match tarot "
                                               r"0\.0\.1: install the same version"):
            list(backend.results([task]))


def test_workers_of_another_version_are_refused_before_the_match(
        cluster: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import tarot

    workers_version = tarot.__version__
    # As if this side were another: the version where the package's modules read it.
    monkeypatch.setattr("tarot._version.__version__", "0.0.1")
    out = tmp_path / "results.jsonl"
    result = invoke([*MATCH, "--scheduler", cluster.scheduler_address, "--out", str(out)])
    assert result.exit_code == 1
    assert (f"the workers of the Dask scheduler at {cluster.scheduler_address} must have "
            f"tarot 0.0.1 installed, as here: tcp://") in result.stderr
    assert f"has {workers_version}" in result.stderr
    assert not out.exists()


def test_without_dask_the_option_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import fails
    out = tmp_path / "results.jsonl"
    result = invoke([*MATCH, "--scheduler", "local", "--out", str(out)])
    assert result.exit_code == 1
    assert "--scheduler needs Dask" in result.stderr
    assert "pip install 'tarot[cluster]'" in result.stderr
    assert "Traceback" not in result.output
    # Nothing is left in the way of the same command once Dask is installed.
    assert not out.exists()


def test_an_unreachable_scheduler_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "CONNECT_SECONDS", 1)
    with socket.socket() as probe:  # a port nobody listens on once it is closed
        probe.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{probe.getsockname()[1]}"
    result = invoke([*MATCH, "--scheduler", address])
    assert result.exit_code == 1
    assert f"cannot reach the Dask scheduler at {address!r}" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_a_scheduler_without_workers_waits_for_them() -> None:
    with distributed.LocalCluster(n_workers=0, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as empty:
        results: list[Result] = []
        run = threading.Thread(target=lambda: results.append(
            invoke([*SHORT, "--scheduler", empty.scheduler_address, "--json", "--no-timing"])))
        run.start()
        # Its chunks reach the scheduler, which has no worker to give them to.
        hang = time.monotonic() + HANG
        while not empty.scheduler.tasks:
            assert run.is_alive() and time.monotonic() < hang, results
            time.sleep(0.01)
        assert run.is_alive()  # waiting, not failed
        empty.scale(1)
        run.join(timeout=HANG)
        assert not run.is_alive(), "the match never ended"
    (result,) = results
    assert result.exit_code == 0, result.output
    assert "has no workers yet: the match starts when they join" in result.stderr
    assert result.stdout == invoke([*SHORT, "--json", "--no-timing", "--workers", "1"]).stdout


def hold_chunks_back(gate: str) -> None:
    """Run on each worker: the first chunk to start anywhere plays; every other waits until
    the file ``gate`` exists. A worker killed before then is killed holding a chunk it has
    not finished, however fast or slow the machine."""
    import tarot.duplicate.backends as worker_backends

    play = worker_backends.play_chunk

    def held_back(task: Task) -> list[SeedRecord]:
        try:
            os.close(os.open(gate + ".first", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            hang = time.monotonic() + HANG
            while not os.path.exists(gate):
                if time.monotonic() > hang:
                    raise RuntimeError("the gate never opened") from None
                time.sleep(0.01)
        return play(task)

    worker_backends.play_chunk = held_back


@pytest.mark.slow
def test_a_worker_killed_mid_match_changes_nothing(tmp_path: Path) -> None:
    """SIGKILL a busy worker when the first chunk comes back: Dask plays its chunk again
    on the other worker or its restarted self, and every deal seed counts once. Until the
    kill, only the first chunk plays (hold_chunks_back): the worker killed still holds
    its chunk, unfinished, on any machine."""
    rules = load_rules("standard")
    deals, seed = 40, 1  # chunks of ten deal seeds (as for one worker): four chunks
    expected = run_simulation(NAMES, deals, seed, rules, ProcessPool(1))
    killed: list[int] = []
    gate = tmp_path / "gate"
    with new_cluster() as cluster, distributed.Client(cluster) as client:
        pids = client.run(os.getpid)
        client.run(hold_chunks_back, str(gate))
        backend = DaskCluster(client, 1, cluster.scheduler_address)

        def kill_a_busy_worker(records: list[SeedRecord]) -> None:
            # Its chunk is lost whether it was still playing it or had finished it: the
            # result lives on the worker until this process fetches it.
            busy = [worker for worker, keys in client.processing().items() if keys]
            if not killed:
                assert busy, "the other chunks wait at the gate"
                os.kill(pids[busy[0]], signal.SIGKILL)
                killed.append(pids[busy[0]])
                gate.touch()

        records = run_simulation(NAMES, deals, seed, rules, backend,
                                 on_records=kill_a_busy_worker)
        # How often each chunk started on a worker: a chunk lost with its worker, twice.
        started = Counter(key for key, _, finish, *_ in cluster.scheduler.transition_log
                          if finish == "processing")
        restarted = set(client.run(os.getpid).values())
    assert len(killed) == 1 and killed[0] not in restarted
    assert Path(f"{gate}.first").exists()  # the chunks were held back
    # The lost chunk was played again; the one already fetched (and released) was not.
    assert len(started) == 4 and max(started.values()) == 2 and min(started.values()) == 1
    assert without_times(records) == without_times(expected)


@pytest.mark.slow
def test_a_killed_run_resumes_to_the_same_bytes_on_any_backend(tmp_path: Path) -> None:
    """The issue's check: 200 deal seeds give the same --json (timing left out) with the
    process pool, --scheduler local, and a run SIGKILLed mid-match and resumed."""
    args = ["--players", "rules,random,random,random", "--deals", "200", "--seed", "1",
            "--json", "--no-timing"]
    pool = invoke([*args, "--workers", "2"])
    assert pool.exit_code == 0, pool.output
    local = invoke([*args, "--workers", "2", "--scheduler", "local"])
    assert local.exit_code == 0, local.output
    assert local.stdout == pool.stdout

    path = tmp_path / "results.jsonl"
    command = [sys.executable, "-m", "tarot", "simulate", *args, "--workers", "2", "--quiet",
               "--out", str(path)]
    # Killed at its first write of records once the file holds the header and a chunk or
    # more (kill_points), with the pool's workers: a session of its own, a group's kill.
    plan = kill_points.Plan(save=str(path), lines=21, group=True)
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True,
                           env=kill_points.child_environment(plan))
    try:
        assert run.wait(timeout=HANG) == -signal.SIGKILL
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)  # a hang, or its workers outliving it
        run.wait()
    lines = path.read_bytes().count(b"\n")
    assert 21 <= lines < 201, "the run was to be killed in the middle"
    resumed = invoke(["--resume", str(path), "--workers", "2", "--scheduler", "local",
                      "--json", "--no-timing"])
    assert resumed.exit_code == 0, resumed.output
    assert resumed.stdout == pool.stdout
    assert invoke(["--report", str(path), "--json", "--no-timing"]).stdout == pool.stdout
