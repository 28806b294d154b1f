"""Reading a log file safely: a regular file only, one bounded line at a time."""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from tarot.files.reading import ReadError, check_regular, open_regular
from tarot.log.problems import MAX_LINE_BYTES, LogError, LogProblem


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
            number = 0
            while True:
                try:
                    chunk = stream.readline(MAX_LINE_BYTES + 1)
                except OSError as error:
                    raise self._problem(number + 1, "unreadable",
                                        error.strerror or str(error)) from None
                if not chunk:
                    break
                number += 1
                content = chunk[:-1] if chunk.endswith(b"\n") else chunk
                if len(content) > MAX_LINE_BYTES:
                    raise self._problem(
                        number, "line_too_long",
                        f"a line of more than {MAX_LINE_BYTES} bytes; no event is near as long")
                if content is chunk:
                    if number == 1:  # nothing precedes it: no game to keep
                        raise self._problem(1, "torn_line", "the only line, the header, is cut "
                                            f"short ({len(chunk)} bytes and no end of line)")
                    self.torn = LogProblem(
                        self.source, number, "torn_line",
                        f"the last line is cut short ({len(chunk)} bytes and no end of line): a "
                        "write was interrupted; --allow-incomplete ignores it and tarot play "
                        "--resume removes it", number - 2)
                    break
                if number == 1:
                    content = content.removeprefix(codecs.BOM_UTF8)
                try:
                    text = content.decode("utf-8")
                except UnicodeDecodeError:
                    raise self._problem(number, "not_json",
                                        "not UTF-8 text (a binary file?)") from None
                self.read = number
                self.whole_bytes += len(chunk)
                yield text
        if self.torn is not None and not self.drop_torn:
            raise LogError(self.torn)


def check_regular_file(path: str | Path) -> None:
    """LogError ``not_a_regular_file`` (or ``unreadable``) unless ``path`` is a regular file;
    without opening it."""
    try:
        check_regular(path, "a saved log")
    except ReadError as error:
        raise LogError(LogProblem(error.source, 0, error.code, error.message)) from None


def _open_regular_file(path: str | Path, source: str) -> BinaryIO:
    """``path`` opened for reading, if it is a regular file; else LogError."""
    try:
        return open_regular(path, "a saved log")
    except ReadError as error:
        raise LogError(LogProblem(source, 0, error.code, error.message)) from None
