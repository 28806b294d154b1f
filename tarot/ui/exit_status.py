"""The exit statuses of the ``tarot`` command, by name: what a script running it may test.

click's own are the first three (a ``ClickException`` is 1, a ``UsageError`` 2); a run
stopped by a signal ends as a shell reports it, 128 and the signal's number.
"""

from __future__ import annotations

import signal
from enum import IntEnum


class ExitStatus(IntEnum):
    OK = 0
    FAILED = 1  # an error a person or a file caused; a file not valid; a check that differs
    USAGE = 2  # the command line misread, or a language without a catalogue asked for
    # 128 and the POSIX signal's number, written out: Windows has no SIGPIPE to add.
    INTERRUPTED = 130  # SIGINT, Ctrl-C (what was played is saved)
    BROKEN_PIPE = 141  # SIGPIPE: the reader went away (`tarot replay FILE | head`)
    TERMINATED = 143  # SIGTERM

    @classmethod
    def stopped_by(cls, stopped: signal.Signals) -> ExitStatus:
        """The status of a run stopped by ``stopped`` (SIGINT or SIGTERM)."""
        return cls(128 + stopped)
