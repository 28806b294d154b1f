"""Whole-file writes that never leave a half-written file and never replace one by accident.

The text goes to a temporary file in the same directory (so that the rename
stays on one file system), is flushed and synced, and only then takes the
file's name, in one step: a reader, or a process killed at any moment, sees
either the old file (or none) or the whole new one. Without ``overwrite`` the
name is taken with a hard link, which fails if the name exists, so two
writers cannot both create it; with ``overwrite``, ``os.replace``.

A process killed between creating the temporary file and renaming it leaves
the temporary file behind (``.NAME.XXXXXXXX.tmp``, next to NAME), until
:func:`remove_leftover_temporaries` is called by the next writer of NAME; the
file NAME itself is never partial.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
from pathlib import Path

from tarot.errors import TarotError
from tarot.files.reading import kind_of
from tarot.i18n import _

# Some file systems (FAT, some network and FUSE mounts) have no hard links.
_NO_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.ENOSYS,
             errno.EMLINK}


def temporary_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")


def remove_leftover_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files that killed writes of ``path`` left; return them.

    Only for a writer that alone writes ``path`` (``tarot.storage.locks.hold_save``): another
    writer's temporary file would go too.
    """
    pattern = re.compile(rf"\.{re.escape(path.name)}\.[0-9a-f]{{8}}\.tmp")
    removed = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(path.parent):
            if pattern.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed


def sync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op where directories cannot be synced)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class NotARegularFile(TarotError, OSError):
    """A path to write that names something other than a regular file: a directory, a
    device, a FIFO or a socket, which a rename would replace (``/dev/null`` by a file)."""

    code = "not_a_regular_file"

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(errno.EEXIST, f"{kind}, not a regular file", str(path))
        self.path = path
        self.kind = kind

    def __str__(self) -> str:
        return _("{path} is {kind}, not a regular file: only a regular file (or a new "
                 "path) is written, never replaced").format(path=self.path, kind=_(self.kind))


def refuse_unless_regular_or_new(path: str | Path) -> None:
    """NotARegularFile if ``path`` (through links) exists and is not a regular file."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # nothing there (or nothing we may look at: the write will say)
    kind = kind_of(mode)
    if kind is not None:
        raise NotARegularFile(path, kind)


def write_text_atomic(path: str | Path, text: str, *, overwrite: bool = False) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file and an atomic rename.

    Raises ``FileExistsError`` if ``path`` exists and ``overwrite`` is false;
    the existing file is then left untouched. Raises ``NotARegularFile`` if ``path``
    is a directory, a device, a FIFO or a socket, with or without ``overwrite``: a
    rename would replace it.
    """
    path = Path(path)
    refuse_unless_regular_or_new(path)
    if not overwrite and path.exists():
        raise FileExistsError(errno.EEXIST, "File exists", str(path))
    data = text.encode("utf-8")
    while True:
        temporary = temporary_name(path)
        try:
            # 0o666 and the umask, as for any new file (mkstemp would give 0o600).
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        break
    try:
        if overwrite:
            # A file replaced keeps its permissions (a private save stays private).
            with contextlib.suppress(FileNotFoundError):
                os.chmod(fd, stat.S_IMODE(os.stat(path).st_mode))
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if overwrite:
            refuse_unless_regular_or_new(path)  # again: it may have changed meanwhile
            os.replace(temporary, path)
        else:
            _link_new(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    sync_directory(path.parent)


def _link_new(temporary: Path, path: Path) -> None:
    """Give ``temporary`` the name ``path``, which must not exist; remove ``temporary``."""
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise
    except OSError as error:
        if error.errno not in _NO_LINKS:
            raise
        # No hard links here: check, then rename (a narrow race, but never a partial file).
        if path.exists():
            raise FileExistsError(errno.EEXIST, "File exists", str(path)) from None
        os.replace(temporary, path)
        return
    os.unlink(temporary)
