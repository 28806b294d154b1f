"""One writer per file: an exclusive lock held while a program writes a save (or a
results file).

``tarot play`` (a new game or a resume) takes the lock before it reads or writes
the save, and keeps it until it leaves; ``tarot simulate --out`` / ``--resume`` does
the same for its results file. The lock is ``fcntl.flock`` on a lock file beside the
file, ``.NAME.lock``, which holds the writer's process id and what program it is
(``1234 tarot play``), so that a second writer is refused with a message naming the
first. The kernel releases a ``flock`` when its process dies, however it dies, so the
lock file of a killed writer is stale and simply taken again; a writer removes its
lock file when it leaves.

The lock is on a file of its own, not on the save, because the save may be
replaced by a rename (a new game with ``--force``, a repair), which would leave a
lock on the save's old inode. It sits beside the save's real path, so that two
names of one file (a symbolic link) share one lock.

The lock file is only ever a regular file of one name that we opened without
following a link: whatever else holds its name (a symbolic link, a hard link to
another file, a directory, a FIFO) is refused with an error naming it, and is
neither written through nor removed, since writing the lock would overwrite
whatever the link leads to, and removing it would hide it. Its owner removes it.

While it holds the lock, a writer removes the temporary files an atomic write of
this save left behind when its process was killed (``.NAME.XXXXXXXX.tmp``,
``tarot.files.atomic``): nobody else may be writing them.

Where the folder cannot hold a lock file (read-only), an existing save itself is
locked (its writer's process id cannot be named then); a save that does not exist
yet could not be written either, and the folder's fault is the error. A lock file
left by another user's dead process, which we may not write, is replaced. Where
``fcntl`` is missing (Windows), no lock is taken.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

from tarot.errors import TarotError
from tarot.files.atomic import remove_leftover_temporaries
from tarot.files.reading import kind_of
from tarot.i18n import N_, _

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

# What a lock file may say its writer is: anything else (a lock file someone else
# wrote) is not repeated to the terminal.
_WRITER = re.compile(r"tarot [a-z]{1,20}")


class SaveInUse(TarotError):
    """Another process holds the file's lock."""

    code = "save_in_use"

    def __init__(self, path: Path, holder: int | None, writer: str | None = None) -> None:
        if holder is None:
            said = _("{path} is being written by another process: one program at a time "
                     "may write it")
        elif writer:
            said = _("{path} is being written by process {pid} ({writer}): one program at a "
                     "time may write it")
        else:
            said = _("{path} is being written by process {pid}: one program at a time may "
                     "write it")
        super().__init__(said.format(path=path, pid=holder, writer=writer))
        self.path = path
        self.holder = holder
        self.writer = writer


class LockFileRefused(TarotError, OSError):
    """The lock file's name holds something we will not write or remove (a symbolic
    link, a hard link, a directory): its ``strerror`` names it and says why."""

    code = "lock_file_refused"

    def __str__(self) -> str:
        # The one line a person reads (as the command line printed it before it was a
        # TarotError), not OSError's "[Errno 17] ...".
        return self.strerror or super().__str__()


def real_path(path: Path) -> Path:
    """The file a path names, through any symbolic links (the path itself if none)."""
    return Path(os.path.realpath(path))


def lock_path(path: Path) -> Path:
    target = real_path(path)
    return target.with_name(f".{target.name}.lock")


@contextlib.contextmanager
def hold_save(path: Path, writer: str = "tarot play") -> Iterator[None]:
    """Hold ``path``'s lock for the duration, as ``writer`` (the program, named to a
    second writer); raise SaveInUse if another process has it.

    OSError if no lock can be had: LockFileRefused for a lock file's name that holds
    something else; the folder's error (its name in ``strerror``) for a folder that
    cannot hold the lock file, for a file that does not exist yet.
    """
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    fd, lock = _take(lock_path(path), path)
    try:
        if lock is not None:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()} {writer}\n".encode())
        remove_leftover_temporaries(real_path(path))
        yield
    finally:
        # Unlinked while still locked: a process that opened this inode meanwhile sees,
        # once it has the lock, that the name is no longer its file, and starts again.
        # Only our own file goes: a name that is something else by now stays.
        if lock is not None and _names(lock, fd):
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
        except LockFileRefused:
            raise
        except OSError as error:
            if error.errno not in _NO_LOCK_FILE:
                raise
            # A read-only folder holds no lock file: lock the save itself (its writer's
            # process id cannot be told then).
            return _lock_in_place(path, error), None
        try:
            if not _lock(fd, path):
                looks += 1
                if looks >= 50:
                    raise SaveInUse(path, None)  # fd is closed below, once
                os.close(fd)
                # Locked a moment ago: its holder writes its process id right after.
                time.sleep(0.01)
                continue
            if not _names(lock, fd):
                os.close(fd)  # the holder we met removed this lock file as it left
                continue
            _refuse_other_names(lock, fd)
            if writable:
                return fd, lock
            # Another user's lock file, stale since we hold its lock: replace it by ours.
            try:
                os.unlink(lock)
            except OSError:
                return fd, None  # a folder that keeps it (sticky): lock through it as it is
            os.close(fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.close(fd)
            raise


def _lock(fd: int, path: Path) -> bool:
    """Lock ``fd``: True; False if it is held by a process that has not written its id
    yet; SaveInUse naming the holder otherwise."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder, writer = _holder(fd)
        if holder is None:
            return False
        raise SaveInUse(path, holder, writer) from None
    return True


def _open_lock_file(lock: Path) -> tuple[int, bool]:
    """The lock file, made if need be; and whether we may write it (flock needs only to
    read: a lock file left by another user is opened read-only).

    Never through a symbolic link, and without blocking on a FIFO: LockFileRefused
    names what holds the name instead of a regular file.
    """
    flags = (getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_NONBLOCK", 0))
    try:
        try:
            fd, writable = os.open(lock, os.O_RDWR | os.O_CREAT | flags, 0o644), True
        except PermissionError as refused:
            try:
                fd, writable = os.open(lock, os.O_RDONLY | flags), False
            except FileNotFoundError:
                raise refused from None  # no lock file to read: the folder refused one
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.EMLINK, errno.EISDIR, errno.ENXIO):
            _refuse(lock, _kind_at(lock))
        raise
    try:
        kind = kind_of(os.fstat(fd).st_mode)
        if kind is not None:
            _refuse(lock, kind)
    except BaseException:
        os.close(fd)
        raise
    return fd, writable


def _kind_at(lock: Path) -> str:
    try:
        return kind_of(os.lstat(lock).st_mode) or N_("not a lock file")
    except OSError:
        return N_("not a lock file")


def _refuse_other_names(lock: Path, fd: int) -> None:
    """A lock file with other names (a hard link) is some other file as well: writing
    our process id into it would change that file."""
    if os.fstat(fd).st_nlink > 1:
        _refuse(lock, N_("a file with another name too (a hard link)"))


def _refuse(lock: Path, kind: str) -> None:
    raise LockFileRefused(errno.EEXIST, _("{lock} is {kind}, not a lock file (left as it "
                                          "is: remove it yourself if nothing needs it)")
                          .format(lock=lock, kind=_(kind)))


def _names(lock: Path, fd: int) -> bool:
    """Whether the name ``lock`` itself (not a link's target) still is the file ``fd``
    is open on."""
    try:
        current = os.lstat(lock)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (current.st_dev, current.st_ino) == (mine.st_dev, mine.st_ino)


def _lock_in_place(path: Path, no_lock_file: OSError) -> int:
    """The save itself, locked, where its folder cannot hold a lock file; a save that
    does not exist cannot be written either: the folder's fault is the error."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0)
                     | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise _folder_error(real_path(path).parent, no_lock_file) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise SaveInUse(path, None) from None
    except BaseException:
        os.close(fd)
        raise
    return fd


def _folder_error(folder: Path, error: OSError) -> OSError:
    """Why ``folder`` holds no new file, in words naming it."""
    code = error.errno or errno.EIO
    if code in (errno.EACCES, errno.EPERM):
        said = _("permission denied in the folder {folder}")
    elif code == errno.EROFS:
        said = _("the folder {folder} is on a read-only file system")
    elif not folder.exists():
        said = _("the folder {folder} does not exist")
    elif not folder.is_dir():
        said = _("{folder} is not a folder")
    else:
        said = _("the folder {folder} takes no new file ({error})")
    return OSError(code, said.format(folder=folder, error=os.strerror(code)))


def _holder(fd: int) -> tuple[int | None, str | None]:
    """The process id the lock file holds (none yet, if its holder has only just locked it)
    and the program it says it is (none in a lock file of an older tarot)."""
    with contextlib.suppress(OSError, ValueError):
        words = os.pread(fd, 64, 0).decode("ascii").split(maxsplit=1)
        if not words:
            return None, None
        holder = int(words[0])
        writer = words[1].strip() if len(words) > 1 else None
        return holder, writer if writer and _WRITER.fullmatch(writer) else None
    return None, None
