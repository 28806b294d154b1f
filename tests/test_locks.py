"""The lock a writer holds on its file (``tarot.storage.locks``), as ``tarot play`` and ``tarot
simulate`` meet it (issue 23, faults 6 and 11): a lock file's name that holds anything
but our own lock file is refused and left as it is, a holder is named as the program it
is, and a folder that cannot hold the lock says why."""

from __future__ import annotations

import errno
import os
import select
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tarot.storage.locks import LockFileRefused, SaveInUse, hold_save, lock_path
from tarot.ui.cli import main

RULES_4 = "rules,rules,rules,rules"
VICTIM_TEXT = "a file of someone's that a lock file's name leads to\n"


def invoke(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{args}: {result.exception!r}\n{result.output}")
    return result.exit_code, result.output


def _unfinished_save(folder: Path) -> Path:
    save = folder / "g.jsonl"
    code, out = invoke(["play", "--seed", "2", "--save", str(save)], "pass\nquit\n")
    assert code == 0, out
    return save


def _unfinished_results(folder: Path) -> Path:
    results = folder / "r.jsonl"
    code, out = invoke(["simulate", "--deals", "2", "--players", RULES_4, "--out",
                        str(results), "--quiet"])
    assert code == 0, out
    # One deal seed's record dropped: a match to --resume.
    lines = results.read_text(encoding="utf-8").splitlines(keepends=True)
    results.write_text("".join(lines[:-1]), encoding="utf-8")
    return results


def _symbolic_link(lock: Path, victim: Path) -> None:
    lock.symlink_to(victim)


def _dangling_link(lock: Path, victim: Path) -> None:
    lock.symlink_to(victim.with_name("nothing-yet"))


def _hard_link(lock: Path, victim: Path) -> None:
    os.link(victim, lock)


def _directory(lock: Path, victim: Path) -> None:
    lock.mkdir()


def _fifo(lock: Path, victim: Path) -> None:
    os.mkfifo(lock)


PLANTED: dict[str, tuple[Callable[[Path, Path], None], str]] = {
    "symbolic link": (_symbolic_link, "a symbolic link"),
    "dangling link": (_dangling_link, "a symbolic link"),
    "hard link": (_hard_link, "a file with another name too (a hard link)"),
    "directory": (_directory, "a directory"),
    "fifo": (_fifo, "a named pipe (FIFO)"),
}


def _plant(folder: Path, target: Path, how: str) -> tuple[Path, Path, str]:
    """Something else than a lock file under ``target``'s lock file's name; the file a
    link leads to; the words the refusal uses for it."""
    victim = folder / "victim.txt"
    victim.write_text(VICTIM_TEXT, encoding="utf-8")
    lock = lock_path(target)
    make, kind = PLANTED[how]
    make(lock, victim)
    return lock, victim, kind


def _state(path: Path) -> tuple[bool, bool, bool]:
    return path.is_symlink(), path.is_dir(), path.exists()


@pytest.mark.parametrize("how", sorted(PLANTED))
def test_play_refuses_a_lock_file_name_that_is_not_its_lock_file(
        tmp_path: Path, how: str) -> None:
    """Fault 6: a link planted as `.g.jsonl.lock` used to be followed, the file it leads to
    truncated to the process id, and the link removed as the game left. Now the resume
    is refused in one line naming the lock file; nothing is written, nothing removed."""
    save = _unfinished_save(tmp_path)
    before = save.read_bytes()
    lock, victim, kind = _plant(tmp_path, save, how)
    planted = _state(lock)
    code, out = invoke(["play", "--resume", str(save)], "quit\n")
    assert code == 1, out
    assert out.strip().splitlines() == [
        f"Error: {save}: cannot lock the save file: {lock} is {kind}, not a lock file "
        "(left as it is: remove it yourself if nothing needs it)"]
    assert victim.read_text(encoding="utf-8") == VICTIM_TEXT
    assert not victim.with_name("nothing-yet").exists()
    assert _state(lock) == planted and save.read_bytes() == before


@pytest.mark.parametrize("how", ["symbolic link", "hard link"])
def test_simulate_refuses_a_lock_file_name_that_is_not_its_lock_file(
        tmp_path: Path, how: str) -> None:
    """Fault 6, the other user of the lock: `simulate --resume` of a results file."""
    results = _unfinished_results(tmp_path)
    before = results.read_bytes()
    lock, victim, kind = _plant(tmp_path, results, how)
    code, out = invoke(["simulate", "--resume", str(results), "--quiet"])
    assert code == 1, out
    assert f"{results}: cannot lock the results file: {lock} is {kind}, not a lock file" in out
    assert victim.read_text(encoding="utf-8") == VICTIM_TEXT
    assert lock.exists() and results.read_bytes() == before


def test_a_lock_file_replaced_by_a_link_while_held_is_not_removed(tmp_path: Path) -> None:
    """A writer leaving removes its own lock file, never what holds the name by then."""
    save = tmp_path / "g.jsonl"
    victim = tmp_path / "victim.txt"
    victim.write_text(VICTIM_TEXT, encoding="utf-8")
    lock = lock_path(save)
    with hold_save(save):
        lock.unlink()
        lock.symlink_to(victim)
    assert lock.is_symlink() and victim.read_text(encoding="utf-8") == VICTIM_TEXT


def test_the_lock_is_released_whatever_ends_its_holder(tmp_path: Path) -> None:
    """An error in the holder's body, or a refusal, leaves no lock held and no file."""
    save = tmp_path / "g.jsonl"
    with pytest.raises(RuntimeError), hold_save(save):
        raise RuntimeError("the game failed")
    assert not lock_path(save).exists()
    with hold_save(save), pytest.raises(SaveInUse), hold_save(save):
        pass
    with hold_save(save):
        assert lock_path(save).read_text(encoding="ascii") == f"{os.getpid()} tarot play\n"
    assert not lock_path(save).exists()
    lock_path(save).symlink_to(tmp_path / "elsewhere")
    with pytest.raises(LockFileRefused), hold_save(save):
        pass
    lock_path(save).unlink()
    with hold_save(save):  # nothing was left held by the refusal
        pass


def _play_waiting_at_its_prompt(save: Path) -> subprocess.Popen[bytes]:
    """A real `tarot play` holding ``save``, seen waiting for its first answer."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tarot", "play", "--resume", str(save)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env={**os.environ, "NO_COLOR": "1"})
    assert process.stdout is not None
    seen = b""
    while b"Your bid" not in seen:
        ready, _, _ = select.select([process.stdout], [], [], 120)
        chunk = os.read(process.stdout.fileno(), 65536) if ready else b""
        assert chunk, f"tarot play never asked: {seen.decode(errors='replace')}"
        seen += chunk
    return process


def test_simulate_names_a_tarot_play_that_holds_the_file(tmp_path: Path) -> None:
    """Fault 11: a file held by `tarot play` was said to `simulate` to be held by "another
    tarot simulate"; the lock file says what its holder is."""
    save = _unfinished_save(tmp_path)
    process = _play_waiting_at_its_prompt(save)
    try:
        code, out = invoke(["simulate", "--resume", str(save), "--quiet"])
    finally:
        process.kill()
        process.communicate(timeout=120)
    assert code == 1, out
    assert out.strip().splitlines() == [
        f"Error: {save} is being written by process {process.pid} (tarot play): one "
        "program at a time may write it"]


def test_play_names_a_tarot_simulate_that_holds_the_file(tmp_path: Path) -> None:
    """Fault 11, the reverse: `play` on a file `simulate` holds names `tarot simulate`."""
    save = _unfinished_save(tmp_path)
    with hold_save(save, writer="tarot simulate"):
        code, out = invoke(["play", "--resume", str(save)], "quit\n")
    assert code == 1, out
    assert f"{save} is being written by process {os.getpid()} (tarot simulate)" in out


def test_an_older_lock_file_or_a_foreign_one_names_the_process_alone(tmp_path: Path) -> None:
    """A lock file holding a process id alone (an older tarot), or words that are not a
    program of ours, names the process and repeats nothing else."""
    save = _unfinished_save(tmp_path)
    for content in ("4242\n", "4242 \x1b[2Jrm -rf everything\n"):
        import fcntl

        fd = os.open(lock_path(save), os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, content.encode())
            fcntl.flock(fd, fcntl.LOCK_EX)
            code, out = invoke(["play", "--resume", str(save)], "quit\n")
        finally:
            os.close(fd)
        assert code == 1, out
        assert f"{save} is being written by process 4242: one program" in out
        assert "rm -rf" not in out


@pytest.mark.parametrize(("refusal", "said"), [
    (PermissionError(errno.EACCES, "Permission denied"), "permission denied in the folder {}"),
    (OSError(errno.EROFS, "Read-only file system"), "the folder {} is on a read-only file system"),
])
def test_a_folder_that_cannot_hold_a_new_file_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refusal: OSError, said: str) -> None:
    """Fault 11: `play --save DIR/x.jsonl` in an unwritable folder said "No such file or
    directory" (the fallback that locks an existing save in place found none). The
    folder's refusal is simulated: the tests may run as root, who may write anywhere."""
    folder = tmp_path / "closed"
    folder.mkdir()
    real_open = os.open

    def refusing(name: Any, flags: int, *args: Any) -> int:
        if Path(name).parent == folder and flags & os.O_CREAT:
            raise refusal
        return real_open(name, flags, *args)

    monkeypatch.setattr(os, "open", refusing)
    save = folder / "x.jsonl"
    code, out = invoke(["play", "--auto", "--seed", "1", "--save", str(save)])
    assert code == 1, out
    assert out.strip().splitlines() == [
        f"Error: {save}: cannot lock the save file: {said.format(folder)}"]
    results = folder / "r.jsonl"
    code, out = invoke(["simulate", "--deals", "1", "--players", RULES_4, "--out",
                        str(results), "--quiet"])
    assert code == 1, out
    assert out.strip().splitlines() == [
        f"Error: {results}: cannot lock the results file: {said.format(folder)}"]
    assert list(folder.iterdir()) == []


def test_simulate_into_a_missing_folder_says_it_is_missing(tmp_path: Path) -> None:
    results = tmp_path / "nowhere" / "r.jsonl"
    code, out = invoke(["simulate", "--deals", "1", "--players", RULES_4, "--out",
                        str(results), "--quiet"])
    assert code == 1, out
    assert out.strip().splitlines() == [
        f"Error: {results}: cannot lock the results file: the folder {results.parent} "
        "does not exist"]
