"""What is wrong with a log, located: :class:`LogProblem`, :class:`LogError`, and the codes."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from tarot.errors import TarotError
from tarot.i18n import N_, _
from tarot.said import shown as shown_text


@dataclass(frozen=True)
class LogProblem:
    """The first thing wrong with a log, located. ``message`` is in English (``--json``
    reports it, language-neutral like the code); ``shown`` is it in the person's language
    (given, or the translation a :class:`~tarot.said.Said` message carries)."""

    file: str
    line: int  # 1-based line number in the file; 0: the file as a whole (it cannot be read)
    code: str
    message: str
    seq: int | None = None
    event_type: str | None = None
    shown: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        # A message may quote the file (a key, a value): one printable line, and short,
        # whatever the file holds (a newline, a NUL, a lone surrogate, ten megabytes).
        shown = self.shown or shown_text(self.message)
        object.__setattr__(self, "message", printable(str(self.message), MESSAGE_LIMIT))
        object.__setattr__(self, "shown", printable(shown, MESSAGE_LIMIT))
        if self.event_type is not None:
            object.__setattr__(self, "event_type", printable(self.event_type, 40))

    def __str__(self) -> str:
        return self._line(_, self.shown)

    def in_english(self) -> str:
        """The line in English, whatever the language (``--json`` reports it)."""
        return self._line(str, self.message)

    def _line(self, translate: Callable[[str], str], message: str) -> str:
        # A file that cannot be read has no line to name (`FILE: unreadable: …`).
        # The structure and the code stay as they are in every language; the words change.
        where = f"{self.file}:{self.line}: " if self.line else f"{self.file}: "
        if self.seq is not None:
            return translate(N_("{where}event #{seq} ({type}): {code}: {message}")).format(
                where=where, seq=self.seq, type=self.event_type or "?", code=self.code,
                message=message)
        if self.line == 1:
            return translate(N_("{where}header: {code}: {message}")).format(
                where=where, code=self.code, message=message)
        return f"{where}{self.code}: {message}"


MESSAGE_LIMIT = 4000
# The French catalogue's no-break spaces (before « : » and inside « »): printed as they are,
# though Python does not count them printable.
NO_BREAK_SPACES = "\u00a0\u202f"
_UNPRINTABLE = re.compile(r"[^\x20-\x7e]")


def printable(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` as one line of printable characters: others escaped, the whole cut at ``limit``."""
    if len(text) > limit:
        text = text[:limit] + f"… ({len(text) - limit} more characters)"
    if not _UNPRINTABLE.search(text):
        return text
    return "".join(c if c.isprintable() or c in NO_BREAK_SPACES
                   else c.encode("unicode_escape").decode("ascii") for c in text)


class LogError(TarotError, ValueError):
    """A log that is not valid; ``code`` is its problem's (:data:`LOG_ERROR_CODES`)."""

    def __init__(self, problem: LogProblem) -> None:
        super().__init__(str(problem))
        self.problem = problem
        self.code = problem.code


# The longest line the reader accepts: a header with long seat names or a settlement
# takes about 1 KB; the limit bounds the memory a hostile file can make the reader take.
MAX_LINE_BYTES = 64 * 1024

LOG_ERROR_CODES: dict[str, str] = {
    "unreadable": "the file cannot be opened or read",
    "empty_log": "the file holds no header line",
    "not_json": "a line that is not one JSON value (or not UTF-8 text)",
    "bad_header": "the first line is not a valid log header",
    "unknown_rules": "the header names a rule set this program does not know",
    "rules_hash_mismatch": "the header's rules hash differs from the rule set's content",
    "table_size_mismatch": "the header's table size differs from the rule set's players",
    "unknown_shuffle": "the header names a shuffle this program does not know",
    "bad_event": "a line that is not a valid event (the schema)",
    "bad_seq": "an event whose seq is not its position in the log",
    "incomplete": "the log ends before the deal is settled",
    "torn_line": "the last line has no end of line (a write interrupted); "
                 "--allow-incomplete and play --resume drop it",
    "line_too_long": f"a line longer than {MAX_LINE_BYTES} bytes (far above any real event)",
    "not_a_regular_file": "a directory, FIFO, device or socket: only regular files are read",
}
