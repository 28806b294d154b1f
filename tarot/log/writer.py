"""Writing a log: line by line as a game is played (:class:`LogWriter`), or whole."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO

from tarot.engine.events import Event, LogHeader
from tarot.engine.game import Game
from tarot.files import atomic
from tarot.log.codec import PLAY_TAILS, event_line, header_line


def log_lines(header: LogHeader, events: Iterable[Event]) -> Iterator[str]:
    yield header_line(header)
    for seq, event in enumerate(events):
        yield event_line(seq, event)


def dumps_log(header: LogHeader, events: Iterable[Event]) -> str:
    return "".join(line + "\n" for line in log_lines(header, events))


class LogWriter:
    """Appends a game's events to an open file, one flushed line per event.

    A new log starts with the header; ``already_written`` (an int, 0 included)
    continues a log that holds the header and that many events (a resumed game).

    Each :meth:`write` (the events one action caused) ends with ``flush()``: the
    lines are then the kernel's, and survive the death of the process, SIGKILL
    included, so a killed game always leaves whole lines to resume from (at
    worst a torn last line, which the reader names ``torn_line`` and a resume
    drops). There is no ``os.fsync`` per event: it guards only against a power
    cut or a crash of the system, where losing the last few moves is harmless (the
    resumed game asks for them again and the computer players decide them alike),
    and it would cost a disk flush for every card; ``tarot play`` syncs once,
    when the game ends or is left.
    """

    def __init__(self, stream: IO[str], header: LogHeader, *,
                 already_written: int | None = None) -> None:
        self.stream = stream
        self.written = already_written or 0
        if already_written is None:
            stream.write(header_line(header) + "\n")
            stream.flush()

    def write(self, events: Sequence[Event]) -> None:
        seq = self.written
        if len(events) == 1:  # most actions: one card, one line
            event = events[0]
            tail = PLAY_TAILS.get(id(event))
            text = (f'{{"seq": {seq}, {tail}\n' if tail is not None
                    else event_line(seq, event) + "\n")
        else:
            text = "".join([event_line(seq + i, event) + "\n" for i, event in enumerate(events)])
        self.written = seq + len(events)
        self.stream.write(text)
        self.stream.flush()


def write_log(path: str | Path, game: Game, *, overwrite: bool = False) -> None:
    """Write a game's whole log through a temporary file and an atomic rename.

    Raises ``FileExistsError`` if ``path`` exists, unless ``overwrite``.
    """
    # Through the module, not a name imported from it: a test that stands in for the atomic
    # write (tests/kill_points.py) replaces it here too.
    atomic.write_text_atomic(path, dumps_log(game.header, game.events), overwrite=overwrite)
