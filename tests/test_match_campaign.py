"""The match campaign: a match killed at every point of its life, then resumed.

A three-deal match (``--auto``, and a person who answers the plain way) is played once
whole, counting every step that writes something: each batch of events appended to a
deal's log, each atomic write (a new log, the index), each ``os.write`` (the index's
deal lines, the locks' process ids), ``fsync``, ``link``, ``replace`` and ``truncate``.
Then, in a child forked from this process, the match is SIGKILLed just before or just
after one chosen step, resumed with ``tarot play --resume`` to its end, and every file
it leaves compared byte for byte with the whole match's; nothing else may be left
beside them (no lock, no temporary file). The kill points are chosen by step, never by
time, so the campaign is the same on an idle machine and a loaded one.

Before issue 23 a kill between deal 1's log and the index lost deals 2 and 3 (the resume
found a one-deal game): the steps inside the index's first write are among the points.
The third scenario plays under a rule file of one's own, removed before each resume:
the save alone must carry its rules (before, no resume could read it).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import report
from plain_person import first_legal_card, plain_answer, tables_made
from test_save_campaign import fork_tarot, wait_for

import tarot.files.atomic
import tarot.log
import tarot.ui.terminal as terminal_module
from tarot.engine.rule_files import RULES_DIR
from tarot.ui.cli import main

pytestmark = pytest.mark.slow

DEALS = 3
# Every step of these kinds is a kill point; of the appends of events (about a hundred
# a deal), every APPEND_STRIDE-th, which still kills inside each phase of each deal.
APPEND_STRIDE = 9


@dataclass(frozen=True)
class Scenario:
    name: str
    args: tuple[str, ...]
    person: bool
    house_rules: bool = False  # under a rule file of one's own, removed before the resume


SCENARIOS = (
    Scenario("auto", ("--auto", "--level", "rules", "--seed", "21"), person=False),
    Scenario("person", ("--level", "rules", "--seed", "22"), person=True),
    Scenario("house rules", ("--auto", "--level", "rules", "--seed", "23"), person=False,
             house_rules=True),
)

# The steps counted, as (module, attribute, kind).
STEPS: tuple[tuple[Any, str, str], ...] = (
    (tarot.log.LogWriter, "write", "append"),
    (tarot.files.atomic, "write_text_atomic", "atomic write"),
    (os, "write", "os.write"),
    (os, "fsync", "fsync"),
    (os, "link", "link"),
    (os, "replace", "replace"),
    (os, "truncate", "truncate"),
)


def answer_plainly() -> None:
    """The person's answers, the plain way: pass, the first legal card, Enter."""
    tables = tables_made(setattr)

    def answer(prompt: str) -> str:
        said = plain_answer(prompt, bid="pass")
        return said if said is not None else first_legal_card(tables[-1].game)

    terminal_module._prompt = answer


def count_steps(trail: list[str], kill_at: tuple[int, bool] | None = None) -> None:
    """Wrap every step of STEPS so that it is appended to ``trail``; with ``kill_at``
    (the step's number from 1, and whether after it), SIGKILL this process there."""
    for owner, name, kind in STEPS:
        real = getattr(owner, name)

        def step(*args: object, _real: Callable[..., object] = real, _kind: str = kind,
                 **kwargs: object) -> object:
            trail.append(_kind)
            number = len(trail)
            if kill_at is not None and kill_at == (number, False):
                os.kill(os.getpid(), signal.SIGKILL)
            result = _real(*args, **kwargs)
            if kill_at is not None and kill_at == (number, True):
                os.kill(os.getpid(), signal.SIGKILL)
            return result

        setattr(owner, name, step)


def run_forked(args: list[str], setup: Callable[[], None]) -> int:
    """``tarot ARGS`` in a child forked from this process after ``setup``; its wait
    status. No input (the end of it at once): the person's answers come from
    ``answer_plainly``."""
    pid, answers = fork_tarot(args, setup)
    os.close(answers)
    return wait_for(pid)


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@dataclass
class Tally:
    trials: int = 0
    killed: int = 0
    before_any_file: int = 0
    identical: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)


TALLY: dict[str, Tally] = {}


def house_rules(folder: Path) -> Path:
    """The FFT rule set under another id, as a rule file of a player's own."""
    path = folder / "house.toml"
    text = (RULES_DIR / "fft.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('id = "fft"', 'id = "house"'), encoding="utf-8")
    return path


def start_args(scenario: Scenario, rules_folder: Path) -> list[str]:
    house = ["--rules", str(house_rules(rules_folder))] if scenario.house_rules else []
    return ["play", *scenario.args, *house, "--deals", str(DEALS)]


def reference(scenario: Scenario, folder: Path, args: list[str],
              monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, bytes], list[str]]:
    """The whole match's files, and the steps it took, played in this process."""
    folder.mkdir()
    trail: list[str] = []
    with monkeypatch.context() as patch:
        if scenario.person:
            patch.setattr(terminal_module.TerminalGame, "__init__",
                          terminal_module.TerminalGame.__init__)
            patch.setattr(terminal_module, "_prompt", terminal_module._prompt)
            answer_plainly()
        for owner, name, _ in STEPS:
            patch.setattr(owner, name, getattr(owner, name))
        count_steps(trail)
        result = CliRunner().invoke(main, [*args, "--save", str(folder / "m.jsonl")],
                                    catch_exceptions=False)
    assert result.exit_code == 0, result.output
    files = files_of(folder)
    assert sorted(files) == ["m.deal-2.jsonl", "m.deal-3.jsonl", "m.jsonl", "m.match.jsonl"]
    return files, trail


def kill_points(trail: list[str]) -> list[tuple[int, bool]]:
    points: list[tuple[int, bool]] = []
    appends = 0
    for number, kind in enumerate(trail, start=1):
        if kind == "append":
            appends += 1
            if appends % APPEND_STRIDE == 1:
                points.append((number, False))
        else:
            points += [(number, False), (number, True)]
    return points


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_a_match_killed_at_every_step_resumes_to_the_same_files(
        scenario: Scenario, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    start = start_args(scenario, tmp_path)
    whole, trail = reference(scenario, tmp_path / "whole", start, monkeypatch)
    tally = TALLY.setdefault(scenario.name, Tally())
    for trial, (step, after) in enumerate(kill_points(trail)):
        folder = tmp_path / f"trial-{trial}"
        folder.mkdir()
        save = str(folder / "m.jsonl")

        def setup(step: int = step, after: bool = after) -> None:
            if scenario.person:
                answer_plainly()
            count_steps([], kill_at=(step, after))

        if scenario.house_rules:
            house_rules(tmp_path)
        status = run_forked([*start, "--save", save], setup)
        tally.trials += 1
        kind = trail[step - 1]
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
            f"step {step} ({kind}) was not reached: the match took other steps")
        tally.killed += 1
        tally.by_kind[kind] = tally.by_kind.get(kind, 0) + 1
        if not (folder / "m.jsonl").exists():
            tally.before_any_file += 1  # killed before the save existed: nothing to resume
            with contextlib.suppress(FileNotFoundError):
                assert not [p for p in folder.iterdir() if not p.name.startswith(".")]
            continue
        if scenario.house_rules:
            (tmp_path / "house.toml").unlink()  # the save holds its rules: not needed now
        setup_resume = answer_plainly if scenario.person else (lambda: None)
        resumed = run_forked(["play", "--resume", save], setup_resume)
        assert os.WIFEXITED(resumed) and os.WEXITSTATUS(resumed) == 0, (
            f"the resume after a kill at step {step} ({kind}, "
            f"{'after' if after else 'before'}) failed")
        left = files_of(folder)
        assert left.keys() == whole.keys(), (step, kind, after, sorted(left))
        assert left == whole, (step, kind, after)
        tally.identical += 1
    assert tally.identical > 0 and tally.before_any_file < tally.trials


def teardown_module() -> None:
    lines = []
    for name, tally in TALLY.items():
        kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(tally.by_kind.items()))
        what = "runs" if name.startswith("simulate") else "matches"
        lines.append(f"{name}: {tally.trials} {what} killed at a chosen step ({kinds}); "
                     f"before any file {tally.before_any_file}; resumed to identical files "
                     f"{tally.identical}")
    report("match campaign", lines)


# -- simulate --out, killed at every step and resumed ------------------------------------

SIMULATE = ["simulate", "--deals", "12", "--seed", "5", "--players",
            "rules,random,random,random", "--workers", "1", "--no-timing", "--quiet"]


def untimed(lines: list[str]) -> list[dict[str, object]]:
    """Results lines without their decision times (which no two runs share), by seed."""
    records = [{key: value for key, value in json.loads(line).items() if key != "times_ns"}
               for line in lines]
    return sorted(records, key=lambda record: str(record["deal_seed"]))


def test_a_simulation_killed_at_every_step_resumes_to_the_same_results(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``simulate --out`` SIGKILLed before or after each of its writes, then ``--resume``d:
    the results file holds the header and every deal seed's line once, with the figures
    of the whole run's (the decision times aside)."""
    whole = tmp_path / "whole.jsonl"
    trail: list[str] = []
    with monkeypatch.context() as patch:
        for owner, name, _ in STEPS:
            patch.setattr(owner, name, getattr(owner, name))
        count_steps(trail)
        result = CliRunner().invoke(main, [*SIMULATE, "--out", str(whole)],
                                    catch_exceptions=False)
    assert result.exit_code == 0, result.output
    header, *records = whole.read_text(encoding="utf-8").splitlines()
    assert len(records) == 12
    tally = TALLY.setdefault("simulate --out", Tally())
    for trial, step in enumerate(range(1, len(trail) + 1)):
        for after in (False, True):
            out = tmp_path / f"trial-{trial}-{after}.jsonl"
            status = run_forked([*SIMULATE, "--out", str(out)],
                                lambda step=step, after=after: count_steps(
                                    [], kill_at=(step, after)))
            tally.trials += 1
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, step
            tally.killed += 1
            kind = trail[step - 1]
            tally.by_kind[kind] = tally.by_kind.get(kind, 0) + 1
            if not out.exists():
                tally.before_any_file += 1
                continue
            resumed = run_forked(["simulate", "--resume", str(out), "--no-timing",
                                  "--quiet"], lambda: None)
            assert os.WIFEXITED(resumed) and os.WEXITSTATUS(resumed) == 0, (step, after)
            first, *lines = out.read_text(encoding="utf-8").splitlines()
            assert first == header, (step, kind, after)
            assert untimed(lines) == untimed(records), (step, kind, after)
            assert not [p.name for p in tmp_path.iterdir()
                        if p.name.startswith(f".{out.name}")], (step, kind, after)
            tally.identical += 1
    assert tally.identical > 0
