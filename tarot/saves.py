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

Where the folder cannot hold a lock file (read-only), the save itself is locked
(its writer's process id cannot be named then). A lock file left by another
user's dead process, which we may not write, is replaced. Where ``fcntl`` is
missing (Windows), no lock is taken.
"""

from __future__ import annotations

import contextlib
import errno
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

    OSError if no lock can be had (a folder that cannot hold the lock file, for a
    save that does not exist yet).
    """
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    fd, lock = _take(lock_path(path), path)
    try:
        if lock is not None:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        remove_leftover_temporaries(real_path(path))
        yield
    finally:
        # Unlinked while still locked: a process that opened this inode meanwhile sees,
        # once it has the lock, that the name is no longer its file, and starts again.
        if lock is not None:
            with contextlib.suppress(OSError):
                os.unlink(lock)
        os.close(fd)


# What opening the lock file meets in a folder that cannot hold it (read-only).
_NO_LOCK_FILE = {errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT}


def _take(lock: Path, path: Path) -> tuple[int, Path | None]:
    """A locked descriptor, and the lock file it is (None: the save itself is locked, or a
    lock file we may not write or remove)."""
    looks = 0
    while True:
        try:
            fd, writable = _open_lock_file(lock)
        except OSError as error:
            if error.errno not in _NO_LOCK_FILE:
                raise
            # A read-only folder holds no lock file: lock the save itself (its writer's
            # process id cannot be told then).
            return _lock_in_place(path), None
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
        if not _names(lock, fd):
            os.close(fd)  # the holder we met removed this lock file as it left
            continue
        if writable:
            return fd, lock
        # Another user's lock file, stale since we hold its lock: replace it by ours.
        try:
            os.unlink(lock)
        except OSError:
            return fd, None  # a folder that keeps it (sticky): lock through it as it is
        os.close(fd)


def _open_lock_file(lock: Path) -> tuple[int, bool]:
    """The lock file, made if need be; and whether we may write it (flock needs only to
    read: a lock file left by another user is opened read-only)."""
    flags = getattr(os, "O_CLOEXEC", 0)
    try:
        return os.open(lock, os.O_RDWR | os.O_CREAT | flags, 0o644), True
    except PermissionError:
        return os.open(lock, os.O_RDONLY | flags), False


def _names(lock: Path, fd: int) -> bool:
    """Whether the name ``lock`` still is the file ``fd`` is open on."""
    try:
        current = os.stat(lock)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (current.st_dev, current.st_ino) == (mine.st_dev, mine.st_ino)


def _lock_in_place(path: Path) -> int:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise SaveInUse(path, None) from None
    except BaseException:
        os.close(fd)
        raise
    return fd


def _holder(fd: int) -> int | None:
    """The process id the lock file holds (none yet, if its holder has only just locked it)."""
    with contextlib.suppress(OSError, ValueError):
        words = os.pread(fd, 32, 0).split()
        return int(words[0]) if words else None
    return None

