"""A long run stopped by Ctrl-C (SIGINT) or SIGTERM ends as any other way out of it does:
what it holds is closed on the way out (its workers ended, quietly:
:mod:`tarot.duplicate.backends`; its results file closed with whole lines), then
:class:`RunStopped` names the signal, for the command to say where the results are and exit
with the signal's status. (Without a handler SIGTERM would end the process at once and leave
the workers to find out.)"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator


class RunStopped(Exception):
    """The run was stopped by ``signal`` (SIGINT or SIGTERM)."""

    def __init__(self, stopped_by: signal.Signals) -> None:
        super().__init__(stopped_by.name)
        self.signal = stopped_by


class _Terminated(Exception):
    """SIGTERM, raised where the run is, as Ctrl-C raises KeyboardInterrupt."""


@contextlib.contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Ctrl-C or SIGTERM in the block, once whatever the block holds is closed, as
    :class:`RunStopped`; SIGTERM's handler is this process's own only inside the block."""

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
        raise RunStopped(signal.SIGINT if isinstance(stop, KeyboardInterrupt)
                         else signal.SIGTERM) from None
    finally:
        if installed:
            signal.signal(signal.SIGTERM, previous)
