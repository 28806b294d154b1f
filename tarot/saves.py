"""One writer per save file: an exclusive lock held while a game writes it.

``tarot play`` (a new game or a resume) takes the lock before it reads or writes
the save, and keeps it until it leaves. The lock is ``fcntl.flock`` on a lock
file beside the save, ``.NAME.lock``, which holds the writer's process id, so
that a second writer is refused with a message naming the first. The kernel
releases a ``flock`` when its process dies, however it dies, so the lock file of
a killed game is stale and simply taken again; a writer removes its lock file
when it leaves.

The lock is on a file of its own, not on the save, because the save may be
replaced by a rename (a new game with ``--force``, a repair), which would leave a
lock on the save's old inode. It sits beside the save's real path, so that two
names of one file (a symbolic link) share one lock.

While it holds the lock, a writer removes the temporary files an atomic write of
this save left behind when its process was killed (``.NAME.XXXXXXXX.tmp``,
``tarot.atomic``): nobody else may be writing them.

Where ``fcntl`` is missing (Windows), no lock is taken.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

from tarot.atomic import remove_leftover_temporaries

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class SaveInUse(Exception):
    """Another process holds the save file's lock."""

    def __init__(self, path: Path, holder: int | None) -> None:
        who = f"process {holder}" if holder else "another process"
        super().__init__(f"{path} is being written by {who} (another tarot play); "
                         "two games cannot write one save")
        self.path = path
        self.holder = holder


def real_path(path: Path) -> Path:
    """The file a path names, through any symbolic links (the path itself if none)."""
    return Path(os.path.realpath(path))


def lock_path(path: Path) -> Path:
    target = real_path(path)
    return target.with_name(f".{target.name}.lock")


@contextlib.contextmanager
def hold_save(path: Path) -> Iterator[None]:
    """Hold ``path``'s lock for the duration; raise SaveInUse if another process has it.

    OSError if the lock file cannot be made (a folder that does not exist or cannot
    be written).
    """
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    lock = lock_path(path)
    fd = _take(lock, path)
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        remove_leftover_temporaries(real_path(path))
        yield
    finally:
        # Unlinked while still locked: a process that opened this inode meanwhile sees,
        # once it has the lock, that the name is no longer its file, and starts again.
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(fd)


def _take(lock: Path, path: Path) -> int:
    """The locked lock file's descriptor."""
    looks = 0
    while True:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            os.close(fd)
            looks += 1
            if holder is None and looks < 50:
                # Locked a moment ago: its holder writes its process id right after.
                time.sleep(0.01)
                continue
            raise SaveInUse(path, holder) from None
        except BaseException:
            os.close(fd)
            raise
        try:
            current = os.stat(lock)
        except FileNotFoundError:
            current = None
        mine = os.fstat(fd)
        if current is not None and (current.st_dev, current.st_ino) == (mine.st_dev,
                                                                       mine.st_ino):
            return fd
        os.close(fd)  # the holder we waited on removed this lock file as it left


def _holder(fd: int) -> int | None:
    """The process id the lock file holds (none yet, if its holder has only just locked it)."""
    with contextlib.suppress(OSError, ValueError):
        words = os.pread(fd, 32, 0).split()
        return int(words[0]) if words else None
    return None

