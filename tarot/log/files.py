"""Reading a log file safely: a regular file only, one bounded line at a time."""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from tarot.files.reading import LineError, ReadError, bounded_lines, check_regular, open_regular
from tarot.i18n import N_
from tarot.log.problems import MAX_LINE_BYTES, LogError, LogProblem
from tarot.said import Said


class FileLines:
    """The lines of a log file, read and decoded one at a time (so the first fault found
    is the first in the file, and memory does not grow with the file's size).

    Only a regular file is read: a FIFO or a device (``/dev/zero``) could block for
    ever or never end. A line longer than :data:`MAX_LINE_BYTES` is refused before it
    is held whole. The last line is torn when it has no end of line, whatever it
    holds: every line the program writes ends with one, so a line without it is a
    write cut short, even where the part written happens to parse (appending after
    it would glue two events on one line).
    """

    def __init__(self, path: str | Path, source: str, *, drop_torn: bool) -> None:
        self.path = path
        self.source = source
        self.drop_torn = drop_torn
        self.torn: LogProblem | None = None
        self.read = 0  # lines handed out so far
        self.whole_bytes = 0  # the bytes of the file up to the end of the last line handed out

    def _problem(self, line: int, code: str, message: str) -> LogError:
        return LogError(LogProblem(self.source, line, code, message))

    @property
    def lines(self) -> Iterator[str]:
        with _open_regular_file(self.path, self.source) as stream:
            try:
                for number, chunk in bounded_lines(stream, self.source, MAX_LINE_BYTES,
                                                   end_counts=False):
                    if not chunk.endswith(b"\n"):
                        self._tear(number, chunk)
                        break
                    content = chunk[:-1]
                    if number == 1:
                        content = content.removeprefix(codecs.BOM_UTF8)
                    try:
                        text = content.decode("utf-8")
                    except UnicodeDecodeError:
                        raise self._problem(number, "not_json",
                                            Said(N_("not UTF-8 text (a binary file?)"))
                                            ) from None
                    self.read = number
                    self.whole_bytes += len(chunk)
                    yield text
            except LineError as error:
                message = (Said(N_("{problem}; no event is near as long"),
                                problem=error.message)
                           if error.code == "line_too_long" else error.message)
                raise self._problem(error.line, error.code, message) from None
        if self.torn is not None and not self.drop_torn:
            raise LogError(self.torn)

    def _tear(self, number: int, chunk: bytes) -> None:
        """Note the torn last line (line ``number``, ``chunk`` without its end of line)."""
        if number == 1:  # nothing precedes it: no game to keep
            raise self._problem(1, "torn_line", Said(N_(
                "the only line, the header, is cut short ({size} bytes and no end of line)"),
                size=len(chunk)))
        self.torn = LogProblem(
            self.source, number, "torn_line",
            Said(N_("the last line is cut short ({size} bytes and no end of line): a write "
                    "was interrupted; --allow-incomplete ignores it and tarot play --resume "
                    "removes it"), size=len(chunk)), number - 2)


def check_regular_file(path: str | Path) -> None:
    """LogError ``not_a_regular_file`` (or ``unreadable``) unless ``path`` is a regular file;
    without opening it."""
    try:
        check_regular(path, N_("a saved log"))
    except ReadError as error:
        raise LogError(LogProblem(error.source, 0, error.code, error.message)) from None


def _open_regular_file(path: str | Path, source: str) -> BinaryIO:
    """``path`` opened for reading, if it is a regular file; else LogError."""
    try:
        return open_regular(path, N_("a saved log"))
    except ReadError as error:
        raise LogError(LogProblem(source, 0, error.code, error.message)) from None
