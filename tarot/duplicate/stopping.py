"""A long run stopped by Ctrl-C (SIGINT) or SIGTERM ends as any other way out of it does:
what it holds is closed on the way out (its workers ended, quietly:
:mod:`tarot.duplicate.backends`; its results file closed with whole lines), then the
command is told which signal it was, to say where the results are and exit with the
signal's status. (Without a handler SIGTERM would end the process at once and leave
the workers to find out.)"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterator
from typing import NoReturn


class _Terminated(Exception):
    """SIGTERM, raised where the run is, as Ctrl-C raises KeyboardInterrupt."""


@contextlib.contextmanager
def stopped_by_signals(stopped: Callable[[signal.Signals], NoReturn]) -> Iterator[None]:
    """Ctrl-C or SIGTERM in the block, once whatever the block holds is closed, handed to
    ``stopped`` (which ends the run: it never returns); SIGTERM's handler is this
    process's own only inside the block."""

    def terminate(signum: int, frame: object) -> None:
        raise _Terminated

    try:
        previous = signal.signal(signal.SIGTERM, terminate)
        installed = True
    except ValueError:  # not the main thread: signals are not ours to handle
        installed = False
    try:
        yield
    except (KeyboardInterrupt, _Terminated) as stop:
        stopped(signal.SIGINT if isinstance(stop, KeyboardInterrupt) else signal.SIGTERM)
    finally:
        if installed:
            signal.signal(signal.SIGTERM, previous)
