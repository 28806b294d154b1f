"""The save-fault campaign: games killed at every moment, files capped at every size.

Each trial runs ``tarot play`` in a child forked from this process (so a trial
costs the game, not the start of a Python), kills it with SIGKILL at a chosen
point (a write point drawn at random from the uninterrupted game's, see
``kill_points``: before it, after it, or in its middle; or a step of a write),
then checks what it left: the save file is absent, or validates as a game in
progress (``validate --allow-incomplete``) and resumes, with the rest of the same
answers, to the uninterrupted game's exact bytes. Nothing else is left beside it
(no temporary file, no lock). The kill points are the game's, not the clock's:
every trial is killed where it was meant to be, on any machine, however busy.

- ``KILL_TRIALS`` = 1,000 SIGKILLs or more at write points drawn at random, over
  the person's answers (two scenarios), ``--auto`` at each level (random, easy,
  rules, normal, strong), and every named deal, and tables of three and five
  (``--players``: a person who takes, and ``--auto``); three trials in ten kill the
  resume as well (a double kill, at a later write point) before resuming again;
- kills inside the atomic write of a new save (before its fsync, before and after
  its link, before the directory sync; with ``--force``, before and after the
  rename) and inside a resume's repair (before and after the truncation of a torn
  line);
- a file-size cap sweep, on a person's game and on a named deal with a redeal: the
  game run under ``RLIMIT_FSIZE`` caps from 0 bytes to the whole file (line ends,
  one byte either side, and sizes in between):
  the game ends with a one-line message, and the save it leaves is absent or
  validates as incomplete and resumes to the same end;
- two resumes of one save started together: one plays, the other is refused.

The counts are printed at the end of the run (``conftest.py``'s summary). The fast tier
has a few kills of each three- and five-player scenario
(``test_kills_at_three_and_five_players``).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import resource
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import kill_points
import pytest
from conftest import report
from kill_points import Plan, Point, installer
from test_crash_safety import (
    ANY_CARD,
    SCENARIOS,
    Reference,
    Scenario,
    event_lines,
    feed,
    invoke,
    play_recording_reads,
)

import tarot.files.atomic
from tarot.log import load_log
from tarot.storage.named_deals import named_deals
from tarot.ui.cli import main

KILL_TRIALS = 1000
HANG = 600.0  # seconds: a child still running then is a hang (the slowest game takes 10)

Setup = Callable[[], None]


def start_forked(args: list[str], answers: str, setup: Setup | None = None) -> int:
    """``tarot ARGS`` in a child forked from this process, reading ``answers``; its pid.
    ``setup`` runs in the child first (a file-size cap, a trap in a write)."""
    pid, answer = fork_tarot(args, setup)
    with contextlib.suppress(BrokenPipeError):
        os.write(answer, answers.encode())  # a pipe holds 64 KB: the answers fit
    os.close(answer)
    return pid


def fork_tarot(args: list[str], setup: Setup | None = None, errors: Path | None = None
               ) -> tuple[int, int]:
    """``tarot ARGS`` in a child forked from this process: its pid, and the pipe its
    standard input reads (to write its answers to, when the test will); its standard error
    to ``errors`` if given (else, like its output, nowhere)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 70
        try:
            os.close(write_end)
            os.dup2(read_end, 0)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null if errors is None else os.open(errors, os.O_WRONLY | os.O_CREAT), 2)
            sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
            sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
            sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                          line_buffering=True)
            if setup is not None:
                setup()
            try:
                main.main(args, prog_name="tarot")
                code = 0
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else 1
        finally:
            sys.stderr.flush()
            os._exit(code)
    os.close(read_end)
    return pid, write_end


def run_forked(args: list[str], answers: str, *, setup: Setup | None = None) -> int:
    """:func:`start_forked`, waited for: the child's wait status."""
    return wait_for(start_forked(args, answers, setup))


def wait_for(pid: int) -> int:
    """The child's wait status; a child still running after HANG seconds is a hang, and
    fails the test (a slow one is only waited for)."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.002)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    raise AssertionError(f"{pid} hung: still running after {HANG} s")


def killed(status: int) -> bool:
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


def exit_code(status: int) -> int:
    return os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1


def die_at(name: str, *, after: bool, module: object = os) -> Setup:
    """A setup that kills the child at its first call of ``module.name``, before or
    after the real call (the process dies there, as in a crash)."""
    def setup() -> None:
        real = getattr(module, name)

        def trap(*args: object, **kwargs: object) -> object:
            if after:
                real(*args, **kwargs)
            os.kill(os.getpid(), signal.SIGKILL)
            raise AssertionError("unreachable")

        setattr(module, name, trap)
    return setup


def cap_file_size(size: int) -> Setup:
    def setup() -> None:
        # SIGXFSZ is ignored by Python: a write past the cap fails with EFBIG.
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, resource.RLIM_INFINITY))
    return setup


def strays(path: Path) -> list[str]:
    """Files beside ``path`` that belong to it: temporaries and locks."""
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(f".{path.name}."))


@dataclass
class Tally:
    trials: int = 0
    kills: int = 0
    kills_by_how: dict[str, int] = field(default_factory=dict)
    double_kills: int = 0
    atomic_kills: int = 0
    repair_kills: int = 0
    before_the_file: int = 0
    over_at_kill: int = 0
    resumed: int = 0
    identical: int = 0
    temporaries_removed: int = 0
    cap_trials: int = 0
    cap_cut: int = 0
    cap_torn: int = 0
    cap_absent: int = 0
    concurrent: int = 0
    concurrent_refused: int = 0
    seconds: float = 0.0
    by_scenario: dict[str, int] = field(default_factory=dict)
    cut_points: set[tuple[str, int]] = field(default_factory=set)


@dataclass
class Case:
    """A scenario with its uninterrupted game: bytes, answers read, write points."""

    scenario: Scenario
    ref: Reference
    points: list[Point]

    def later_point(self, path: Path, rng: random.Random) -> Plan:
        """A kill at a write point drawn at random from those the game still has to reach
        from what ``path`` holds (any of them, for a game not begun), in a random way."""
        held = kill_points.lines_of(path) if path.exists() else 0
        point = rng.choice([p for p in self.points if p.lines >= held])
        return Plan(save=str(path), lines=point.lines, how=rng.choice(point.hows()))


def prepare(scenario: Scenario, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Case:
    path = folder / f"{scenario.name}-reference.jsonl"
    ref = Reference(b"")
    code, out = play_recording_reads(scenario, path, ref, monkeypatch)
    assert code == 0, out
    ref.text = path.read_bytes()
    again = folder / f"{scenario.name}-forked.jsonl"
    trace = folder / f"{scenario.name}.trace"
    status = run_forked(["play", *scenario.args, "--save", str(again)], feed(scenario.answers),
                        setup=installer(Plan(save=str(again), trace=str(trace))))
    assert exit_code(status) == 0 and again.read_bytes() == ref.text, scenario.name
    return Case(scenario, ref, kill_points.read_trace(trace))


def resume_to_the_end(case: Case, path: Path, tally: Tally, rng: random.Random,
                      may_kill: bool) -> None:
    """Validate what a killed game left at ``path`` and resume it to the end (killing the
    resume too, now and then, and resuming again); the file must be the reference's."""
    scenario, ref = case.scenario, case.ref
    if not path.exists():
        tally.before_the_file += 1
        left = strays(path)
        code, out = invoke(["play", *scenario.args, "--save", str(path)],
                           feed(scenario.answers))
        assert code == 0, out
        tally.temporaries_removed += sum(name.endswith(".tmp") for name in left)
    else:
        saved = validated_length(path)
        tally.cut_points.add((scenario.name, saved))
        if is_over(path):
            tally.over_at_kill += 1
        elif may_kill and rng.random() < 0.3:
            rest = ref.rest_of_answers(scenario.answers, saved)
            plan = case.later_point(path, rng)
            status = run_forked(["play", "--resume", str(path)], feed(rest),
                                setup=installer(plan))
            assert killed(status), (plan, status)
            tally.double_kills += 1
            saved = validated_length(path)
        if not is_over(path):
            rest = ref.rest_of_answers(scenario.answers, saved)
            code, out = invoke(["play", "--resume", str(path)], feed(rest))
            assert code == 0 and "Game saved:" in out, out
            tally.resumed += 1
        elif strays(path) or path.read_bytes() != ref.text:
            # Killed after its last line, the lock file it held is left (stale: its process
            # is gone); cut inside the settlement, the line is torn. A resume takes the
            # lock, writes the settlement again, says the game is over and removes the lock.
            assert set(strays(path)) <= {f".{path.name}.lock"}, strays(path)
            code, out = invoke(["play", "--resume", str(path)])
            assert code == 1 and "this game is over" in out, out
    assert path.read_bytes() == ref.text, f"{scenario.name}: {path.name}"
    assert strays(path) == [], strays(path)
    tally.identical += 1


def validated_length(path: Path) -> int:
    """The event lines of a save, which must validate as a game in progress."""
    code, out = invoke(["validate", "--allow-incomplete", str(path)])
    assert code == 0 and f"{path}: ok, " in out, out
    return event_lines(path)


def is_over(path: Path) -> bool:
    return load_log(path, allow_incomplete=True, drop_torn=True).game.is_over


def kill_trial(case: Case, path: Path, tally: Tally, rng: random.Random) -> None:
    plan = case.later_point(path, rng)
    status = run_forked(["play", *case.scenario.args, "--save", str(path)],
                        feed(case.scenario.answers), setup=installer(plan))
    tally.trials += 1
    assert killed(status), (plan, status)  # every write point drawn is reached
    tally.kills += 1
    tally.kills_by_how[plan.how] = tally.kills_by_how.get(plan.how, 0) + 1
    tally.by_scenario[case.scenario.name] = tally.by_scenario.get(case.scenario.name, 0) + 1
    resume_to_the_end(case, path, tally, rng, may_kill=True)


# Tables of three and five (RULES-3-5): a person who takes a Garde (at five, calls 'auto'
# then discards 'auto'), and whole games --auto. The computer players at five are the
# random ones: the levels' players at five come with their own branch.
SIZED_SCENARIOS = [
    Scenario("three-garde", ("--players", "3", "--seed", "5"),
             ("garde", "auto", "n", *ANY_CARD.split() * 40)),
    Scenario("three-auto", ("--players", "3", "--auto", "--seed", "26"), ()),
    Scenario("five-garde", ("--players", "5", "--level", "random", "--seed", "5"),
             ("garde", "auto", "auto", "n", *ANY_CARD.split() * 40)),
    Scenario("five-auto", ("--players", "5", "--auto", "--level", "random", "--seed", "27"),
             ()),
]


def scenarios() -> list[tuple[Scenario, int]]:
    """Each scenario and its share of the kills."""
    levels = [(Scenario(f"auto-{level}", ("--auto", "--level", level, "--seed", str(seed)), ()),
               share) for level, seed, share in (("random", 21, 60), ("easy", 22, 60),
                                                ("rules", 23, 90), ("normal", 24, 6),
                                                ("strong", 25, 3))]
    named = [(Scenario(f"deal-{name}", ("--deal", name, "--auto"), ()), 12)
             for name in named_deals()]
    person = [(SCENARIOS[0], 200), (SCENARIOS[1], 150),
              (Scenario("deal-four-passes-person", ("--deal", "four-passes"),
                        tuple(["pass", *ANY_CARD.split()] * 40)), 40)]
    sized = [(scenario, 40) for scenario in SIZED_SCENARIOS]
    return person + levels + named + sized


@pytest.mark.slow
# A thousand games and more, 18 minutes with both cores kept busy: CI's own limit rather
# than the 30 minutes of every other test (each child is bounded by HANG).
@pytest.mark.timeout(5400)
def test_the_save_fault_campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started = time.perf_counter()
    rng = random.Random(20261130)
    tally = Tally()
    cases: list[tuple[Case, int]] = []
    for scenario, share in scenarios():
        folder = tmp_path / scenario.name
        folder.mkdir()
        cases.append((prepare(scenario, folder, monkeypatch), share))
    planned = sum(share for _, share in cases)
    for case, share in cases:
        folder = tmp_path / case.scenario.name
        wanted = max(1, share * KILL_TRIALS // planned + 1)
        for trial in range(wanted):
            kill_trial(case, folder / f"kill-{trial}.jsonl", tally, rng)

    atomic_and_repair_kills(cases[0][0], tmp_path / cases[0][0].scenario.name, tally, rng)
    # A person's game, and a named deal with a redeal (a cap can stop a file at it).
    for case in (cases[0][0], next(c for c, _ in cases if c.scenario.name == "deal-four-passes")):
        file_size_caps(case, tmp_path / case.scenario.name, tally, rng)
    concurrent_resumes(cases[0][0], tmp_path / cases[0][0].scenario.name, tally, rng)
    tally.seconds = time.perf_counter() - started

    chosen = tally.atomic_kills + tally.repair_kills
    report("save-fault campaign", [
        f"kills at write points drawn at random: {tally.trials} trials, {tally.kills - chosen} "
        "SIGKILLed (" + ", ".join(f"{how} the write {n}" for how, n in
                                  sorted(tally.kills_by_how.items())) + "), leaving "
        f"{len(tally.cut_points)} different saved lengths; kills at a "
        f"chosen point {chosen} (inside the atomic write {tally.atomic_kills}, inside a "
        f"resume's repair {tally.repair_kills}); resumes killed as well {tally.double_kills}",
        f"killed before the save existed {tally.before_the_file}, game over at the kill "
        f"{tally.over_at_kill}, resumed {tally.resumed}; saves compared byte for byte with "
        f"the uninterrupted game {tally.identical}, all identical (a difference fails the "
        f"test); leftover temporaries removed {tally.temporaries_removed}",
        f"file-size caps {tally.cap_trials}: save cut and resumed {tally.cap_cut} (torn last "
        f"line {tally.cap_torn}), no save made {tally.cap_absent}",
        f"concurrent resumes {tally.concurrent}: second writer refused {tally.concurrent_refused}",
        "crashes 0, hangs 0: every child exited 0, or 1 with a message, or died of our "
        f"SIGKILL, within {HANG:.0f} s (anything else fails the test); {tally.seconds:.0f} s",
        "kills by scenario: " + ", ".join(f"{k} {v}" for k, v in tally.by_scenario.items()),
    ])
    assert tally.kills >= KILL_TRIALS, tally
    assert tally.double_kills >= 50 and tally.resumed >= KILL_TRIALS // 2, tally
    assert len(tally.cut_points) >= 200, len(tally.cut_points)
    assert tally.atomic_kills >= 60 and tally.repair_kills >= 20, tally
    assert tally.cap_cut >= 50 and tally.cap_torn >= 20 and tally.cap_absent >= 1, tally


@pytest.mark.parametrize("scenario", SIZED_SCENARIOS, ids=lambda s: s.name)
def test_kills_at_three_and_five_players(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         scenario: Scenario) -> None:
    """A few kills at write points drawn at random in a game of three or five, each save
    validated and resumed to the uninterrupted game's bytes (the slow campaign has more)."""
    rng = random.Random(sum(map(ord, scenario.name)))
    case = prepare(scenario, tmp_path, monkeypatch)
    assert b'"table_size": ' + scenario.args[1].encode() in case.ref.text.split(b"\n")[0]
    tally = Tally()
    for trial in range(4):
        kill_trial(case, tmp_path / f"kill-{trial}.jsonl", tally, rng)
    assert tally.kills == 4 and tally.identical == 4, tally


def atomic_and_repair_kills(case: Case, folder: Path, tally: Tally, rng: random.Random) -> None:
    """Kills at each step of the atomic write of a new save, and of a resume's repair."""
    scenario = case.scenario
    new_save = [die_at("fsync", after=False), die_at("link", after=False),
                die_at("link", after=True),
                die_at("sync_directory", after=False, module=tarot.files.atomic)]
    forced = [die_at("replace", after=False), die_at("replace", after=True)]
    for round_ in range(10):
        for number, setup in enumerate(new_save + forced):
            path = folder / f"atomic-{round_}-{number}.jsonl"
            args = ["play", *scenario.args, "--save", str(path)]
            if setup in forced:
                path.write_text("an old file, replaced with --force\n", encoding="utf-8")
                args.append("--force")
            status = run_forked(args, feed(scenario.answers), setup=setup)
            assert killed(status), (round_, number, status)
            tally.kills += 1
            tally.atomic_kills += 1
            if setup in forced and path.read_bytes().startswith(b"an old file"):
                # Killed before the rename: the old file is whole; play it again, forced.
                left = strays(path)
                code, out = invoke(args, feed(scenario.answers))
                assert code == 0, out
                tally.temporaries_removed += sum(name.endswith(".tmp") for name in left)
                assert path.read_bytes() == case.ref.text and strays(path) == []
                tally.identical += 1
                continue
            resume_to_the_end(case, path, tally, rng, may_kill=False)
    lines = case.ref.text.split(b"\n")[:-1]
    for trial in range(24):
        keep = rng.randrange(2, len(lines) - 2)
        cut = rng.randrange(1, len(lines[keep]) + 1)  # up to the whole line, without its \n
        path = folder / f"repair-{trial}.jsonl"
        path.write_bytes(b"".join(line + b"\n" for line in lines[:keep]) + lines[keep][:cut])
        saved = keep - 1
        rest = case.ref.rest_of_answers(scenario.answers, saved)
        status = run_forked(["play", "--resume", str(path)], feed(rest),
                            setup=die_at("truncate", after=trial % 2 == 1))
        assert killed(status), status
        tally.kills += 1
        tally.repair_kills += 1
        resume_to_the_end(case, path, tally, rng, may_kill=False)


def file_size_caps(case: Case, folder: Path, tally: Tally, rng: random.Random) -> None:
    """The game under file-size caps: every cap leaves no save, or one that resumes."""
    text = case.ref.text
    ends = [i + 1 for i, byte in enumerate(text) if byte == ord("\n")]
    caps = {0, 1, len(text) - 1}
    for end in rng.sample(ends, min(30, len(ends))):
        caps |= {end - 1, end, end + 1}
    caps |= {rng.randrange(len(text)) for _ in range(40)}
    for cap in sorted(c for c in caps if 0 <= c < len(text)):
        path = folder / f"cap-{cap}.jsonl"
        status = run_forked(["play", *case.scenario.args, "--save", str(path)],
                            feed(case.scenario.answers), setup=cap_file_size(cap))
        tally.cap_trials += 1
        assert exit_code(status) == 1, (cap, status)  # "cannot save the game", not a crash
        if not path.exists():
            tally.cap_absent += 1
            assert strays(path) == [], strays(path)
            continue
        assert path.stat().st_size <= cap
        tally.cap_cut += 1
        tally.cap_torn += not path.read_bytes().endswith(b"\n")
        resume_to_the_end(case, path, tally, rng, may_kill=False)


def concurrent_resumes(case: Case, folder: Path, tally: Tally, rng: random.Random) -> None:
    """Two resumes of one save at once: the second, started while the first is seen
    holding the save's lock (and waiting for the person's next answer, which it gets only
    afterwards), is refused naming the first; the file then ends as the reference."""
    from tarot.storage.locks import lock_path

    lines = case.ref.text.split(b"\n")[:-1]
    # The first resume must still ask the person something: cut before their last move.
    person_moves = [number for number, line in enumerate(lines)
                    if b'"seat": 0' in line and b'"type": "' in line
                    and any(kind in line for kind in (b'"bid"', b'"play"', b'"discard"',
                                                      b'"chelem"', b'"poignee"'))]
    for trial in range(20):
        keep = rng.randrange(2, person_moves[-1])
        path = folder / f"twice-{trial}.jsonl"
        path.write_bytes(b"".join(line + b"\n" for line in lines[:keep]))
        rest = feed(case.ref.rest_of_answers(case.scenario.answers, keep - 1))
        first, answers = fork_tarot(["play", "--resume", str(path)])
        lock = lock_path(path)
        while not (lock.exists() and lock.read_bytes().startswith(f"{first} ".encode())):
            assert os.waitpid(first, os.WNOHANG) == (0, 0), "the first resume ended early"
            time.sleep(0.002)  # waiting for what it does, however long it takes
        errors = folder / f"twice-{trial}.err"
        second = run_forked_with_errors(["play", "--resume", str(path)], rest, errors)
        tally.concurrent += 1
        assert exit_code(second) == 1
        said = errors.read_text(encoding="utf-8")
        assert f"is being written by process {first} (tarot play)" in said, said
        tally.concurrent_refused += 1
        with contextlib.suppress(BrokenPipeError):
            os.write(answers, rest.encode())
        os.close(answers)
        assert exit_code(wait_for(first)) == 0
        assert path.read_bytes() == case.ref.text and strays(path) == []


def run_forked_with_errors(args: list[str], answers: str, errors: Path) -> int:
    pid, answer = fork_tarot(args, errors=errors)
    with contextlib.suppress(BrokenPipeError):
        os.write(answer, answers.encode())
    os.close(answer)
    return wait_for(pid)
