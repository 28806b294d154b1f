"""Crash-safe saves: a game killed at any moment resumes to the uninterrupted result.

``tarot play`` writes the save file whole (header and deal) through a temporary
file and a rename, then appends each event as it happens and flushes it. A
flushed line is in the kernel's hands: it survives the death of the process,
SIGKILL included (``os.fsync`` would only matter for a power cut, and is done
once when the game ends or is left). So whenever the process dies, the save
file is absent or a valid game in progress, and ``tarot play --resume`` with the
rest of the same answers ends exactly as the uninterrupted game.

The slow test kills the installed ``tarot`` command (in a subprocess, with piped
input, SIGKILL) ``KILLS`` = 64 times over four games (two where the person
answers, two ``--auto``), at write points drawn at random from the uninterrupted
game's (``kill_points``: before a write, after it, or in its middle; the first
kill of each game before its first write, as the command starts), then validates
and resumes each save file and compares it, byte for byte, with the uninterrupted
game's. The kills are placed by the game's writes, not by a clock, so they fall
where they were meant to on any machine, however busy. A torn last line (a write
cut short) is also made by truncating a save file in the middle of its last line.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import kill_points
import pytest
from click.testing import CliRunner
from conftest import report

from tarot.log import load_log, read_log
from tarot.ui.cli import main

ANY_CARD = "".join(f"{n}\n" for n in range(1, 25))
KILLS = 64  # SIGKILLs over the four games (16 each)
HANG = 600  # seconds: a command still running then is a hang, not a slow machine


def tarot_exe() -> str:
    exe = shutil.which("tarot", path=str(Path(sys.executable).parent)) or shutil.which("tarot")
    assert exe is not None, "the tarot command is installed with the package"
    return exe


@dataclass(frozen=True)
class Scenario:
    name: str
    args: tuple[str, ...]
    answers: tuple[str, ...]  # the person's answers, one per line (none with --auto)


SCENARIOS = [
    # The person bids Garde, discards 'auto', declares no chelem, then plays the first
    # number that names a legal card; if another seat overcalls, the refused answers
    # are asked again harmlessly.
    Scenario("garde", ("--seed", "5"), ("garde", "auto", "n", *ANY_CARD.split() * 40)),
    # The person passes at every auction (a redeal asks again), and plays numbers.
    Scenario("passes", ("--seed", "8"), tuple(["pass", *ANY_CARD.split()] * 40)),
    Scenario("auto-1", ("--seed", "271828182845", "--auto"), ()),
    Scenario("auto-2", ("--seed", "314159265358", "--auto"), ()),
]


def feed(answers: tuple[str, ...] | list[str]) -> str:
    return "".join(a + "\n" for a in answers)


def invoke(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{args}: {result.exception!r}\n{result.output}")
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def event_lines(path: Path) -> int:
    return load_log(path, allow_incomplete=True, drop_torn=True).event_lines


@dataclass
class Reference:
    """The uninterrupted game: its file, for each answer read the events saved then, and
    the installed command's write points."""

    text: bytes
    events_at_read: list[int] = field(default_factory=list)
    points: list[kill_points.Point] = field(default_factory=list)

    def rest_of_answers(self, answers: tuple[str, ...], saved: int) -> list[str]:
        """The answers the killed game had not yet turned into saved events.

        An answer read when the file held fewer than ``saved`` events was either
        turned into one of them or refused at a prompt that the saved game has
        passed; the answers from the first read at ``saved`` events or more are
        the ones the resumed game will ask for, in order.
        """
        for index, seen in enumerate(self.events_at_read):
            if seen >= saved:
                return list(answers[index:])
        return []


def play_recording_reads(scenario: Scenario, path: Path, ref: Reference,
                         monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """Play the scenario into ``path`` in this process, appending to ``ref.events_at_read``
    the number of events saved each time an answer is read; the exit code and output."""
    original = click.prompt

    def recording_prompt(*args: Any, **kwargs: Any) -> Any:
        ref.events_at_read.append(event_lines(path))
        return original(*args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(click, "prompt", recording_prompt)
        return invoke(["play", *scenario.args, "--save", str(path)], feed(scenario.answers))


def reference(scenario: Scenario, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Reference:
    """Play the scenario uninterrupted: in this process (recording when each answer is read)
    and with the installed command (tracing its write points); both files must be the same
    bytes."""
    path = folder / f"{scenario.name}-reference.jsonl"
    ref = Reference(b"")
    code, out = play_recording_reads(scenario, path, ref, monkeypatch)
    assert code == 0, out
    assert read_log(path).is_over, out
    ref.text = path.read_bytes()
    assert len(ref.events_at_read) >= (20 if scenario.answers else 0)

    again = folder / f"{scenario.name}-subprocess.jsonl"
    trace = folder / f"{scenario.name}.trace"
    done = subprocess.run([tarot_exe(), "play", *scenario.args, "--save", str(again)],
                          input=feed(scenario.answers).encode(), capture_output=True,
                          timeout=HANG, check=False, env=kill_points.child_environment(
                              kill_points.Plan(save=str(again), trace=str(trace))))
    assert done.returncode == 0, done.stderr
    assert again.read_bytes() == ref.text, "the computer players decide alike in any process"
    ref.points = kill_points.read_trace(trace)
    return ref


@dataclass
class Tally:
    kills: int = 0
    before_the_file: int = 0
    resumed: int = 0
    resumed_by_the_command: int = 0
    over_at_kill: int = 0
    cut_points: set[tuple[str, int]] = field(default_factory=set)
    torn: int = 0


def kill_and_resume(scenario: Scenario, ref: Reference, path: Path, plan: kill_points.Plan,
                    tally: Tally) -> None:
    """Start the game, which SIGKILLs itself at the write point of ``plan``, then check the
    file and resume it to the end."""
    process = subprocess.Popen([tarot_exe(), "play", *scenario.args, "--save", str(path)],
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=kill_points.child_environment(plan))
    # (killed before it read its answers, the broken pipe is communicate's to ignore)
    errors = process.communicate(feed(scenario.answers).encode(), timeout=HANG)[1].decode(
        "utf-8", "replace")
    assert "Traceback" not in errors, errors
    # Every write point drawn from the uninterrupted game is reached: the kill happens.
    assert process.returncode == -signal.SIGKILL, (plan, process.returncode, errors)
    tally.kills += 1

    if not path.exists():
        # Killed before the save file appeared: there is nothing to resume and nothing
        # half-written under that name (at most a temporary file beside it).
        tally.before_the_file += 1
        # At most a temporary file beside it, and the lock file the game held (stale now).
        strays = [p.name for p in path.parent.iterdir() if p.name.startswith(f".{path.name}.")]
        assert all(name.endswith(".tmp") or name == f".{path.name}.lock" for name in strays), \
            strays
        code, out = invoke(["play", *scenario.args, "--save", str(path)], feed(scenario.answers))
        assert code == 0, out
        assert path.read_bytes() == ref.text
        # The new game took the stale lock over, removed the temporary files, and left.
        assert not [p for p in path.parent.iterdir() if p.name.startswith(f".{path.name}.")]
        return

    code, out = invoke(["validate", "--allow-incomplete", str(path)])
    assert code == 0 and f"{path}: ok, " in out, out
    saved = event_lines(path)
    tally.cut_points.add((scenario.name, saved))
    tally.torn += not path.read_bytes().endswith(b"\n")
    if load_log(path, allow_incomplete=True, drop_torn=True).game.is_over:
        tally.over_at_kill += 1
    else:
        rest = ref.rest_of_answers(scenario.answers, saved)
        if tally.resumed % 8 == 7:  # now and then through the installed command as well
            done = subprocess.run([tarot_exe(), "play", "--resume", str(path)],
                                  input=feed(rest).encode(), capture_output=True, timeout=HANG,
                                  check=False)
            code, out = done.returncode, done.stdout.decode() + done.stderr.decode()
            tally.resumed_by_the_command += 1
        else:
            code, out = invoke(["play", "--resume", str(path)], feed(rest))
        assert code == 0, out
        assert "Game saved:" in out and "Traceback" not in out, out
        tally.resumed += 1
    assert path.read_bytes() == ref.text, f"{scenario.name}: killed at {plan}"


@pytest.mark.slow
def test_a_game_killed_at_any_moment_resumes_to_the_same_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """64 SIGKILLs at write points, each validated and resumed (or restarted, when the
    kill came before the save file existed) to the uninterrupted game's exact file."""
    rng = random.Random(20240601)
    tally = Tally()
    per_scenario = KILLS // len(SCENARIOS)
    for scenario in SCENARIOS:
        ref = reference(scenario, tmp_path, monkeypatch)
        # The first as the command starts (before its first write: no save yet), the rest
        # at distinct write points drawn at random, each in one of the ways it can die.
        first = kill_points.Plan(save="", lines=ref.points[0].lines, how="before")
        drawn = [kill_points.Plan(save="", lines=point.lines, how=rng.choice(point.hows()))
                 for point in rng.sample(ref.points[1:], per_scenario - 1)]
        for attempt, plan in enumerate([first, *drawn]):
            path = tmp_path / f"{scenario.name}-{attempt}.jsonl"
            kill_and_resume(scenario, ref, path, dataclasses.replace(plan, save=str(path)),
                            tally)
    assert tally.kills == KILLS and tally.before_the_file >= len(SCENARIOS), tally
    assert tally.resumed >= KILLS // 2 and tally.resumed_by_the_command >= 3, tally
    assert tally.torn >= 1, tally
    assert len(tally.cut_points) >= 10, tally  # the kills fell at many different moments
    report("crash-safety kills", [
        f"{tally.kills} kills at write points of the installed command: before the save "
        f"existed {tally.before_the_file}, a torn last line {tally.torn}, game over at the "
        f"kill {tally.over_at_kill}; resumed {tally.resumed} ({tally.resumed_by_the_command} "
        f"by the command) to the uninterrupted game's bytes, at {len(tally.cut_points)} "
        "different saved lengths"])


# ---------------------------------------------------------------------------
# A torn last line


def _reference_text(tmp_path: Path, scenario: Scenario, name: str = "whole.jsonl") -> bytes:
    path = tmp_path / name
    code, out = invoke(["play", *scenario.args, "--save", str(path)], feed(scenario.answers))
    assert code == 0, out
    return path.read_bytes()


def _resume_answers(scenario: Scenario, saved: int, whole: bytes, folder: Path,
                    monkeypatch: pytest.MonkeyPatch) -> list[str]:
    ref = Reference(whole)
    path = folder / f"{scenario.name}-recorded.jsonl"
    play_recording_reads(scenario, path, ref, monkeypatch)
    assert path.read_bytes() == whole
    return ref.rest_of_answers(scenario.answers, saved)


# The middle cuts run in the slow tier (docs/testing.md); the fast tier cuts line 2 and the last.
@pytest.mark.parametrize("keep", [
    2, *(pytest.param(n, marks=pytest.mark.slow) for n in (5, 9, 30, 60)), -1])
def test_a_torn_last_line_is_named_dropped_and_resumed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, keep: int) -> None:
    """The file cut in the middle of a line: ``validate`` names it (torn_line), ``validate
    --allow-incomplete`` accepts the rest with a warning, ``play --resume`` drops it, says
    so, and ends as the uninterrupted game. ``keep`` whole event lines precede the torn one
    (-1: the torn line is the settlement)."""
    scenario = SCENARIOS[0]
    whole = _reference_text(tmp_path, scenario)
    lines = whole.split(b"\n")[:-1]
    keep = len(lines) - 2 if keep < 0 else keep
    torn = lines[keep + 1]
    path = tmp_path / "torn.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in lines[:keep + 1])
                     + torn[:len(torn) // 2])

    code, out = invoke(["validate", str(path)])
    assert code == 1
    assert out.startswith(f"{path}:{keep + 2}: event #{keep} "), out
    assert ": torn_line: the last line is cut short" in out

    code, out = invoke(["validate", "--allow-incomplete", str(path)])
    assert code == 0, out
    warning, ok = out.splitlines()
    assert warning.startswith(f"{path}:{keep + 2}: ") and ": torn_line: " in warning
    assert ok.startswith(f"{path}: ok, ")

    rest = _resume_answers(scenario, keep, whole, tmp_path, monkeypatch)
    code, out = invoke(["play", "--resume", str(path)], feed(rest))
    assert f"line {keep + 2} was cut short (a write interrupted) and is dropped" in out
    if keep == len(lines) - 2:
        assert code == 1 and "this game is over" in out  # the settlement is derived again
    else:
        assert code == 0, out
    assert read_log(path).events == read_log_bytes(whole, tmp_path).events
    assert path.read_bytes() == whole
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def read_log_bytes(content: bytes, folder: Path) -> Any:
    path = folder / "bytes.jsonl"
    path.write_bytes(content)
    return read_log(path)


def test_a_torn_line_cut_inside_a_character(tmp_path: Path) -> None:
    """A write cut inside a multi-byte character is torn too, not 'not UTF-8'."""
    game_path = tmp_path / "g.jsonl"
    invoke(["play", "--auto", "--seed", "4", "--save", str(game_path)])
    lines = game_path.read_bytes().split(b"\n")[:6]
    path = tmp_path / "torn.jsonl"
    path.write_bytes(b"\n".join(lines[:5]) + b'\n{"seq": 4, "type": "bid", "x": "\xc3')
    code, out = invoke(["validate", str(path)])
    assert code == 1 and f"{path}:6: event #4 " in out and ": torn_line: " in out


def test_a_save_file_cut_inside_a_batch_is_completed_on_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cut after a trick's fourth card but before the trick line (a batch written in part):
    the resume writes the derived events the file lacks before appending, so the seq
    numbers stay right and the game ends as the uninterrupted one."""
    scenario = SCENARIOS[2]  # --auto
    whole = _reference_text(tmp_path, scenario)
    lines = whole.split(b"\n")[:-1]
    trick = next(i for i, line in enumerate(lines) if b'"type": "trick"' in line)
    path = tmp_path / "cut.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in lines[:trick]))
    code, out = invoke(["play", "--resume", str(path)])
    assert code == 0, out
    assert path.read_bytes() == whole


def test_resume_of_a_log_without_a_deal(tmp_path: Path) -> None:
    """The header alone: the first deal comes from the seed, so the game resumes to the
    same end; unless the first deal was given (a named deal's hands), which is refused."""
    whole = tmp_path / "g.jsonl"
    invoke(["play", "--auto", "--seed", "4", "--save", str(whole)])
    path = tmp_path / "header.jsonl"
    path.write_bytes(whole.read_bytes().split(b"\n")[0] + b"\n")
    code, out = invoke(["play", "--resume", str(path), "--auto"])
    assert code == 0, out
    assert path.read_bytes() == whole.read_bytes()
    given = tmp_path / "given.jsonl"
    invoke(["play", "--auto", "--deal", "slam-made", "--save", str(given)])
    path.write_bytes(given.read_bytes().split(b"\n")[0] + b"\n")
    code, out = invoke(["play", "--resume", str(path)])
    assert code == 1 and "stops before its first deal, which was given" in out, out


@pytest.mark.parametrize("after", ["redeal", "pass"])
def test_a_save_that_stops_at_a_redeal_resumes(tmp_path: Path, after: str) -> None:
    """A file that stops after the fourth pass or the redeal (a full disk can cut it there)
    gets the next deal from the seed on resume, and ends as the uninterrupted game."""
    whole = _reference_text(tmp_path, Scenario("fp", ("--deal", "four-passes", "--auto"), ()))
    lines = whole.split(b"\n")[:-1]
    stop = next(i for i, line in enumerate(lines) if b'"type": "redeal"' in line)
    stop += 1 if after == "redeal" else 0
    path = tmp_path / "cut.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in lines[:stop]))
    code, out = invoke(["play", "--resume", str(path)])
    assert code == 0, out
    assert path.read_bytes() == whole


def test_leftover_temporaries_go_with_the_next_save_or_resume(tmp_path: Path) -> None:
    """A write killed inside the atomic rename leaves .NAME.XXXXXXXX.tmp beside NAME; the
    next game saved as NAME, or resumed from it, removes it (and nothing else)."""
    whole = _reference_text(tmp_path, SCENARIOS[2])
    path = tmp_path / "g.jsonl"
    keep = [tmp_path / ".g.jsonl.notours.tmp", tmp_path / ".other.jsonl.0123abcd.tmp"]
    for other in keep:
        other.write_text("not ours", encoding="utf-8")
    litter = tmp_path / ".g.jsonl.0123abcd.tmp"
    litter.write_text("half a save", encoding="utf-8")
    code, out = invoke(["play", *SCENARIOS[2].args, "--save", str(path)], "quit\n")
    assert code == 0 and not litter.exists(), out
    litter.write_text("half a save", encoding="utf-8")
    _torn_copy(whole, path)
    code, out = invoke(["play", "--resume", str(path)])
    assert code == 0 and not litter.exists(), out
    assert all(other.exists() for other in keep)
    assert path.read_bytes() == whole


def test_force_through_a_symbolic_link_replaces_its_target(tmp_path: Path) -> None:
    """`--save LINK --force` writes the file the link names, and the link stays: its lock
    (beside the target) is the one a second writer meets."""
    folder = tmp_path / "games"
    folder.mkdir()
    target = folder / "real.jsonl"
    target.write_text("an old game\n", encoding="utf-8")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    code, out = invoke(["play", "--auto", "--seed", "4", "--save", str(link), "--force"])
    assert code == 0, out
    assert link.is_symlink() and read_log(target).is_over
    assert sorted(p.name for p in folder.iterdir()) == ["real.jsonl"]


def test_a_save_in_a_folder_that_cannot_hold_a_lock_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only folder (simulated: root may write anywhere) holds no lock file: the save
    itself is locked, so a resume still works and a second writer is still refused."""
    import errno

    import tarot.storage.locks
    from tarot.storage.locks import hold_save

    def read_only(lock: Path) -> tuple[int, bool]:
        raise OSError(errno.EROFS, "Read-only file system", str(lock))

    whole = _reference_text(tmp_path, SCENARIOS[2])
    path = tmp_path / "g.jsonl"
    _torn_copy(whole, path)
    monkeypatch.setattr(tarot.storage.locks, "_open_lock_file", read_only)
    with hold_save(path):
        code, out = invoke(["play", "--resume", str(path)])
        assert code == 1 and f"{path} is being written by another process" in out, out
    code, out = invoke(["play", "--resume", str(path)])
    assert code == 0, out
    assert path.read_bytes() == whole and not (tmp_path / ".g.jsonl.lock").exists()


def test_a_stale_lock_file_of_another_user_is_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lock file left by another user's dead process cannot be opened for writing
    (simulated); it is opened to read, found unlocked, and replaced by ours."""
    whole = _reference_text(tmp_path, SCENARIOS[2])
    path = tmp_path / "g.jsonl"
    _torn_copy(whole, path)
    foreign = tmp_path / ".g.jsonl.lock"
    foreign.write_text("99999\n", encoding="utf-8")
    real_open = os.open
    refused = 0

    def open_as_another_user(name: Any, flags: int, *args: Any) -> int:
        nonlocal refused
        if Path(name) == foreign and flags & os.O_RDWR and foreign.exists() and \
                foreign.read_text(encoding="utf-8") == "99999\n":
            refused += 1
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, flags, *args)

    monkeypatch.setattr(os, "open", open_as_another_user)
    code, out = invoke(["play", "--resume", str(path)])
    assert code == 0, out
    assert refused == 1 and path.read_bytes() == whole and not foreign.exists()


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    from tarot.files.atomic import write_text_atomic

    path = tmp_path / "private.jsonl"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o600)
    write_text_atomic(path, "new\n", overwrite=True)
    assert path.read_text(encoding="utf-8") == "new\n" and path.stat().st_mode & 0o777 == 0o600


# ---------------------------------------------------------------------------
# No overwriting, and whole-file writes through a temporary file and a rename


def test_play_refuses_an_existing_save_file_unless_forced(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    save.write_text("precious", encoding="utf-8")
    code, out = invoke(["play", "--auto", "--seed", "1", "--save", str(save)])
    assert code == 1 and "exists already" in out and "--force" in out
    assert save.read_text(encoding="utf-8") == "precious"
    code, out = invoke(["play", "--auto", "--seed", "1", "--save", str(save), "--force"])
    assert code == 0, out
    assert read_log(save).is_over
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]


def test_the_save_file_appears_whole_through_a_rename(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The new save file is made in the same directory under a temporary name and then
    linked (or, with --force, renamed) into place: it never exists half-written."""
    calls: list[tuple[str, Path, Path, bytes]] = []
    link, replace = os.link, os.replace

    def spy(name: str, real: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
        def wrapper(src: Any, dst: Any) -> None:
            calls.append((name, Path(src), Path(dst), Path(src).read_bytes()))
            real(src, dst)
        return wrapper

    monkeypatch.setattr(os, "link", spy("link", link))
    monkeypatch.setattr(os, "replace", spy("replace", replace))
    save = tmp_path / "g.jsonl"
    invoke(["play", "--seed", "3", "--save", str(save)], "")  # end of input at once
    invoke(["play", "--seed", "3", "--save", str(save), "--force"], "")
    assert [c[0] for c in calls] == ["link", "replace"]
    for _, src, dst, content in calls:
        assert src.parent == dst.parent == tmp_path and src.name.startswith(".g.jsonl.")
        lines = content.decode().splitlines()
        assert json.loads(lines[0])["seed"] == 3 and json.loads(lines[1])["type"] == "deal"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]


def test_write_log_refuses_to_overwrite_and_writes_through_a_rename(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tarot.engine.game import Game
    from tarot.log import write_log

    game = Game.new(7)
    path = tmp_path / "x.jsonl"
    path.write_text("old", encoding="utf-8")
    with pytest.raises(FileExistsError):
        write_log(path, game)
    assert path.read_text(encoding="utf-8") == "old"

    # A failure half-way through the write leaves the old file as it was, and no litter.
    def failing_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", failing_fsync)
        with pytest.raises(OSError, match="No space"):
            write_log(path, game, overwrite=True)
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.jsonl"]

    write_log(path, game, overwrite=True)
    assert read_log(path, allow_incomplete=True).events == game.events
    fresh = tmp_path / "new.jsonl"
    write_log(fresh, game)
    assert fresh.read_bytes() == path.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.jsonl", "x.jsonl"]


def test_atomic_write_without_hard_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a file system without hard links the new file is renamed into place instead."""
    import errno

    from tarot.files.atomic import write_text_atomic

    def no_links(src: Any, dst: Any) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "a.txt"
    write_text_atomic(path, "one\n")
    with pytest.raises(FileExistsError):
        write_text_atomic(path, "two\n")
    assert path.read_text(encoding="utf-8") == "one\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def _torn_copy(whole: bytes, path: Path, keep: int = 20, cut: int = 7) -> None:
    lines = whole.split(b"\n")[:-1]
    path.write_bytes(b"\n".join(lines[:keep]) + b"\n" + lines[keep][:cut])


def test_resume_cuts_a_torn_line_in_place(tmp_path: Path) -> None:
    """Dropping a torn line cuts the file back where its last whole line ends: the same
    file (inode), one step, nothing renamed."""
    whole = _reference_text(tmp_path, SCENARIOS[2])
    path = tmp_path / "torn.jsonl"
    _torn_copy(whole, path)
    inode = path.stat().st_ino
    code, out = invoke(["play", "--resume", str(path)])
    assert code == 0, out
    assert path.stat().st_ino == inode
    assert path.read_bytes() == whole


def test_resume_through_a_symbolic_link_writes_through_it(tmp_path: Path) -> None:
    """A resume through a symbolic link repairs and continues the file it points to; the
    link stays a link (it was replaced by a regular file, the target left stale)."""
    whole = _reference_text(tmp_path, SCENARIOS[2])
    folder = tmp_path / "games"
    folder.mkdir()
    target = folder / "real.jsonl"
    _torn_copy(whole, target)
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    code, out = invoke(["play", "--resume", str(link)])
    assert code == 0, out
    assert link.is_symlink() and link.resolve() == target
    assert target.read_bytes() == whole
    assert sorted(p.name for p in folder.iterdir()) == ["real.jsonl"]  # no lock, no litter


def test_resume_after_a_whole_event_without_its_end_of_line(tmp_path: Path) -> None:
    """Fault 1: a write cut just before the end of line leaves a line that parses. It was
    taken as whole, and the resume glued the next event onto it (not_json at line 31).
    Now it is torn: dropped, and the game resumes to the uninterrupted end."""
    scenario = Scenario("auto-5", ("--seed", "5", "--auto"), ())
    whole = _reference_text(tmp_path, scenario)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(whole[:len(b"".join(line + b"\n" for line in whole.split(b"\n")[:31])) - 1])
    assert json.loads(cut.read_bytes().split(b"\n")[-1])["seq"] == 29  # a whole event
    code, out = invoke(["validate", "--allow-incomplete", str(cut)])
    assert code == 0 and "torn_line" in out, out
    code, out = invoke(["play", "--resume", str(cut), "--auto"])
    assert code == 0, out
    assert "line 31 was cut short" in out
    code, out = invoke(["validate", str(cut)])
    assert code == 0, out
    assert cut.read_bytes() == whole


def test_a_named_deal_resumes_with_its_script(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Fault 2: the header records the named deal and its script, so a resumed named deal
    keeps to the script (four passes here; without it North bid a garde on resume)."""
    scenario = Scenario("four-passes", ("--deal", "four-passes"),
                        tuple(["pass", *ANY_CARD.split()] * 40))
    whole = _reference_text(tmp_path, scenario)
    header = json.loads(whole.split(b"\n")[0])
    assert header["named_deal"] == {"name": "four-passes", "script": [
        "P0 bid pass", "P1 bid pass", "P2 bid pass", "P3 bid pass"]}
    assert header["players"] == ["person", "rules", "rules", "rules"]
    path = tmp_path / "quit.jsonl"
    code, out = invoke(["play", *scenario.args, "--save", str(path)], "quit\n")
    assert code == 0 and "Game saved; continue it with" in out, out
    code, out = invoke(["play", "--resume", str(path)], feed(scenario.answers))
    assert code == 0, out
    assert path.read_bytes() == whole
    # Every named deal, quit at its first prompt and resumed, ends as the uninterrupted one.
    from tarot.storage.named_deals import load_named_deal, named_deals

    # The four-player ones: `tarot play` seats three and five (and plays their named
    # deals) once the table does.
    for name in [n for n in named_deals() if load_named_deal(n).table_size == 4]:
        scenario = Scenario(name, ("--deal", name), tuple(["garde", "auto", "n",
                                                           *ANY_CARD.split()] * 40))
        whole = _reference_text(tmp_path, scenario, f"{name}-whole.jsonl")
        path = tmp_path / f"{name}-quit.jsonl"
        # Quit at the second prompt: the script's entries before it have been used.
        invoke(["play", *scenario.args, "--save", str(path)], f"{scenario.answers[0]}\nquit\n")
        rest = _resume_answers(scenario, event_lines(path), whole, tmp_path, monkeypatch)
        code, out = invoke(["play", "--resume", str(path)], feed(rest))
        assert code == 0, out
        assert path.read_bytes() == whole, name


def test_a_second_writer_is_refused_and_named(tmp_path: Path) -> None:
    """Fault 3: while a game holds its save, another `tarot play --resume` of it (or a new
    game with --save and --force) is refused, naming the file and the process; the file
    is left as it was."""
    from tarot.storage.locks import hold_save

    whole = _reference_text(tmp_path, SCENARIOS[2])
    path = tmp_path / "busy.jsonl"
    _torn_copy(whole, path)
    before = path.read_bytes()
    with hold_save(path):
        code, out = invoke(["play", "--resume", str(path)])
        assert code == 1, out
        assert f"{path} is being written by process {os.getpid()}" in out
        code, out = invoke(["play", "--auto", "--seed", "1", "--save", str(path), "--force"])
        assert code == 1 and "is being written by process" in out, out
    assert path.read_bytes() == before
    code, out = invoke(["play", "--resume", str(path)])  # the lock is gone with its holder
    assert code == 0, out
    assert path.read_bytes() == whole


def test_a_stale_lock_of_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    """A game killed while it held the lock leaves its lock file; the kernel dropped the
    lock itself with the process, so the next resume takes it."""
    whole = _reference_text(tmp_path, SCENARIOS[2])
    path = tmp_path / "g.jsonl"
    _torn_copy(whole, path)
    # It holds the lock until it is killed (it waits on its input, which never ends).
    holder = subprocess.Popen([sys.executable, "-c",
                               "import sys\nfrom pathlib import Path\n"
                               "from tarot.storage.locks import hold_save\n"
                               "with hold_save(Path(sys.argv[1])):\n"
                               "    print('held', flush=True); sys.stdin.read()\n", str(path)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
    code, out = invoke(["play", "--resume", str(path)])
    assert code == 1 and f"process {holder.pid}" in out, out
    holder.kill()
    holder.communicate()
    assert (tmp_path / ".g.jsonl.lock").exists()  # stale: its process is gone
    code, out = invoke(["play", "--resume", str(path)])
    assert code == 0, out
    assert path.read_bytes() == whole and not (tmp_path / ".g.jsonl.lock").exists()


def test_two_resumes_started_together_leave_one_game(tmp_path: Path) -> None:
    """Fault 3, as it was found: two `tarot play --resume F` at once. One plays the game
    to its end; the other is refused (the file is in use, or the game is over by the
    time it looks); the file is the uninterrupted game's."""
    whole = _reference_text(tmp_path, SCENARIOS[2])
    for trial in range(4):
        path = tmp_path / f"both-{trial}.jsonl"
        _torn_copy(whole, path, keep=10 + trial)
        processes = [subprocess.Popen([tarot_exe(), "play", "--resume", str(path)],
                                      stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                      stderr=subprocess.STDOUT) for _ in range(2)]
        results = []
        for process in processes:
            out = process.communicate(timeout=HANG)[0].decode()
            results.append((process.returncode, out))
        codes = sorted(code for code, _ in results)
        assert codes == [0, 1], results
        refused = next(out for code, out in results if code == 1)
        assert "is being written by process" in refused or "this game is over" in refused, refused
        assert "Traceback" not in refused
        assert path.read_bytes() == whole


def test_a_full_disk_during_play_is_reported_and_the_file_resumes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails (no space left) ends the game with a message, not a traceback;
    the lines already written are whole, and the game resumes once there is room."""
    from tarot.log import LogWriter

    scenario = SCENARIOS[2]
    whole = _reference_text(tmp_path, scenario)
    real = LogWriter.write
    calls = 0

    def failing_write(self: LogWriter, events: Any) -> None:
        nonlocal calls
        calls += 1
        if calls == 30:
            raise OSError(28, "No space left on device")
        real(self, events)

    path = tmp_path / "full.jsonl"
    with monkeypatch.context() as patch:
        patch.setattr(LogWriter, "write", failing_write)
        code, out = invoke(["play", *scenario.args, "--save", str(path)])
    assert code == 1 and "cannot save the game: No space left on device" in out, out
    assert f"tarot play --resume {path}" in out
    code, out = invoke(["validate", "--allow-incomplete", str(path)])
    assert code == 0, out
    code, out = invoke(["play", "--resume", str(path)])
    assert code == 0, out
    assert path.read_bytes() == whole
