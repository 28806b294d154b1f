"""The log: JSON Lines, a header then one event per line, and its validation.

A line is an event's fields plus ``seq``, its index among the events (the
header is not counted)::

    {"format": "tarot-log", "version": 1, "rules_id": "standard", ...}
    {"seq": 0, "type": "deal", "deal_number": 0, "dealer": 3, "hands": [...], ...}
    {"seq": 1, "type": "bid", "seat": 0, "contract": "garde"}

The package in six modules, each importing only those before it:

- :mod:`tarot.log.problems`: what is wrong with a log, located (``LogError``, the codes);
- :mod:`tarot.log.codec`: the line models, the JSON Schema, the byte-level encoder;
- :mod:`tarot.log.files`: reading a log file safely (a regular file, bounded lines);
- :mod:`tarot.log.replay`: replaying and validating a log (with
  :mod:`tarot.log.fast_paths`, the writer's own bytes recognised without a parse), and
  :func:`walk`, a log file's game step by step (:mod:`tarot.engine.walk`);
- :mod:`tarot.log.writer`: writing a log, line by line or whole.

Every name is importable from ``tarot.log`` itself, as before the split (``write_text_atomic``
included: the crash tests replace it there).
"""

from typing import Any

from tarot.files.atomic import write_text_atomic
from tarot.log.codec import (
    event_from_line,
    event_line,
    header_line,
    lines_schema,
    log_schema,
)
from tarot.log.files import check_regular_file
from tarot.log.problems import (
    LOG_ERROR_CODES,
    MAX_LINE_BYTES,
    MESSAGE_LIMIT,
    LogError,
    LogProblem,
    printable,
)
from tarot.log.replay import LoadedLog, load_log, read_events, read_log, replay_lines, walk
from tarot.log.writer import LogWriter, dumps_log, log_lines, write_log

__all__ = [
    "HEADER_ADAPTER",
    "LINE_ADAPTER",
    "LINE_MODELS",
    "LOG_ERROR_CODES",
    "MAX_LINE_BYTES",
    "MESSAGE_LIMIT",
    "LoadedLog",
    "LogError",
    "LogProblem",
    "LogWriter",
    "check_regular_file",
    "dumps_log",
    "event_from_line",
    "event_line",
    "header_line",
    "lines_schema",
    "load_log",
    "log_lines",
    "log_schema",
    "printable",
    "read_events",
    "read_log",
    "replay_lines",
    "walk",
    "write_log",
    "write_text_atomic",
]


def __getattr__(name: str) -> Any:
    """``HEADER_ADAPTER``, ``LINE_ADAPTER`` and ``LINE_MODELS``: pydantic models, built when
    first asked for (:mod:`tarot.log.codec`), not when the package is imported."""
    from tarot.log import codec

    if name in ("HEADER_ADAPTER", "LINE_ADAPTER", "LINE_MODELS"):
        return getattr(codec, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
