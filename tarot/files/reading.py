"""Reading a file the program did not write itself: regular files only, never unbounded.

Every file a command is given or finds named inside another file (a log, a match
index, a results file, a rule file, a named deal) is opened here, so that each
reader refuses the same things the same way:

- anything but a regular file (a directory, a FIFO, a device, a socket): opened
  without blocking, then looked at, since opening a FIFO for reading waits for a
  writer for ever and ``/dev/zero`` never ends;
- a whole-file read past its limit (``too_large``): the limit is far above any file
  the program writes, and bounds the memory a hostile file can make it take.

A :class:`ReadError` carries a code (``unreadable``, ``not_a_regular_file``,
``too_large``, ``not_text``) and a message naming the file; each reader turns it into
its own error type, keeping the code.
"""

from __future__ import annotations

import itertools
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from tarot.errors import TarotError
from tarot.i18n import N_, _
from tarot.said import Said, grouped, os_error_said, shown

READ_ERROR_CODES: dict[str, str] = {
    "unreadable": "the file cannot be opened or read",
    "not_a_regular_file": "a directory, FIFO, device or socket: only regular files are read",
    "too_large": "the file is larger than any file of its kind the program writes",
    "not_text": "the file is not UTF-8 text",
}

_FILE_KINDS = ((stat.S_ISDIR, N_("a directory")), (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
               (stat.S_ISCHR, N_("a character device")), (stat.S_ISBLK, N_("a block device")),
               (stat.S_ISSOCK, N_("a socket")), (stat.S_ISLNK, N_("a symbolic link")))


class ReadError(TarotError, ValueError):
    """A file that is not read: not a regular file, unreadable, too large, not text."""

    def __init__(self, source: str, code: str, message: str) -> None:
        super().__init__(_("{source}: {message}").format(source=source, message=shown(message)))
        self.source = source
        self.code = code
        self.message = message

    def cause(self, reading: str) -> str:
        """The message, said of ``reading`` (``the rule file``) when the file could not be
        read at all: ``cannot read the rule file: No such file or directory``."""
        return Said(N_("cannot read {reading}: {problem}"), reading=Said(reading),
                    problem=self.message) if self.code == "unreadable" else self.message


class LineError(ReadError):
    """A line that is not read: longer than the reader's limit (``line_too_long``), or a
    read that failed part way (``unreadable``); ``line`` is its number, from 1."""

    def __init__(self, source: str, line: int, code: str, message: str) -> None:
        super().__init__(source, code, message)
        self.line = line


def kind_of(mode: int) -> str | None:
    """What a file of this mode is, in words, when it is not a regular file (else None)."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _FILE_KINDS if test(mode)), N_("not a file"))


def refuse_unless_regular(mode: int, source: str, what: str = N_("a file")) -> None:
    kind = kind_of(mode)
    if kind is not None:
        raise ReadError(source, "not_a_regular_file",
                        Said(N_("{kind}, not a regular file: only {what} is read"),
                             kind=Said(kind), what=Said(what)))


def check_regular(path: str | Path, what: str = N_("a file")) -> None:
    """ReadError unless ``path`` is a regular file (through links), without opening it."""
    source = str(path)
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        raise ReadError(source, "unreadable", os_error_said(error)) from None
    except ValueError:  # a NUL byte in the path
        raise ReadError(source, "unreadable",
                        Said(N_("a path with a NUL byte names no file"))) from None
    refuse_unless_regular(mode, source, what)


def open_regular(path: str | Path, what: str = N_("a file")) -> BinaryIO:
    """``path`` opened for reading in binary, if it is a regular file; else ReadError."""
    source = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise ReadError(source, "unreadable", os_error_said(error)) from None
    except ValueError:  # a NUL byte in the path, which no file name holds
        raise ReadError(source, "unreadable",
                        Said(N_("a path with a NUL byte names no file"))) from None
    try:
        refuse_unless_regular(os.fstat(fd).st_mode, source, what)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular_bytes(path: str | Path, *, limit: int, what: str = N_("a file")) -> bytes:
    """The whole of a regular file of at most ``limit`` bytes; else ReadError."""
    source = str(path)
    with open_regular(path, what) as stream:
        try:
            data = stream.read(limit + 1)
        except OSError as error:
            raise ReadError(source, "unreadable", os_error_said(error)) from None
    if len(data) > limit:
        raise ReadError(source, "too_large",
                        Said(N_("more than {limit} bytes, far more than {what} takes"),
                             limit=grouped(limit), what=Said(what)))
    return data


def read_regular_text(path: str | Path, *, limit: int, what: str = N_("a file")) -> str:
    """The whole of a regular UTF-8 text file of at most ``limit`` bytes; else ReadError."""
    data = read_regular_bytes(path, limit=limit, what=what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ReadError(str(path), "not_text",
                        Said(N_("not UTF-8 text (byte {byte}): a binary file?"),
                             byte=grouped(error.start))) from None


def bounded_lines(stream: BinaryIO, source: str, limit: int, *, end_counts: bool = True
                  ) -> Iterator[tuple[int, bytes]]:
    """Each line of ``stream`` with its number from 1, as read: with its end of line, but for
    a last line without one (a write cut short: what that means is the caller's to say).

    A line longer than ``limit`` bytes (its end of line counted, unless not
    ``end_counts``) is refused before it is held whole, so memory stays bounded whatever
    the file holds: LineError ``line_too_long``; a read that fails is LineError
    ``unreadable``. Each reader words these for its own kind of file.
    """
    for number in itertools.count(1):
        try:
            chunk = stream.readline(limit + 1)
        except OSError as error:
            raise LineError(source, number, "unreadable", os_error_said(error)) from None
        if not chunk:
            return
        length = len(chunk) if end_counts or not chunk.endswith(b"\n") else len(chunk) - 1
        if length > limit:
            raise LineError(source, number, "line_too_long",
                            Said(N_("a line of more than {limit} bytes"), limit=limit))
        yield number, chunk
