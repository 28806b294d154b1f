"""Where ``tarot simulate`` plays its chunks of deal seeds: in this process, in a pool of
worker processes on this machine, or on a Dask cluster (``pip install 'tarot[cluster]'``),
a ``LocalCluster`` started here or a scheduler already running elsewhere.

A chunk's records depend on the chunk alone (:func:`play_chunk`), so every backend gives
the same records; they only come back in a different order, which the caller sorts out.
Dask is imported only when a scheduler is asked for: the package does not need it.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from tarot.errors import TarotError
from tarot.i18n import _

if TYPE_CHECKING:
    import random

    from tarot.bots.base import Player
    from tarot.duplicate.match import SeedRecord
    from tarot.engine.events import Action
    from tarot.engine.rules import RuleSet
    from tarot.engine.views import PlayerView

LOCAL = "local"  # --scheduler local: a LocalCluster on this machine
INSTALL_CLUSTER = "pip install 'tarot[cluster]'"
# How long to wait for a remote scheduler before saying it cannot be reached (Dask's own
# default is 30 s, long for a mistyped address).
CONNECT_SECONDS = 10


class BackendError(TarotError):
    """A backend that cannot be had or cannot run the match: the message says why and
    what to do."""

    code = "backend"


class WrongProgram(TarotError, RuntimeError):
    """A worker runs another version of tarot than the client, whose players may decide
    otherwise."""

    code = "wrong_program"


@dataclass(frozen=True, slots=True)
class Task:
    """A chunk of deal seeds for one worker; a top-level class, so that it pickles under
    spawn and reaches Dask workers on other machines."""

    names: tuple[str, ...]
    seed: int
    deal_seeds: tuple[int, ...]
    rules: RuleSet
    program: str  # the client's tarot version, which the worker must run too


class TimedPlayer:
    """A player whose every ``choose`` call is timed, and only that call.

    Building the seat's view and the legal actions is the engine's work, not the
    player's, so it stays outside the measurement.
    """

    def __init__(self, inner: Player, times_ns: list[int]) -> None:
        self.name = inner.name
        self.inner = inner
        self.times_ns = times_ns

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        start = time.perf_counter_ns()
        action = self.inner.choose(view, legal, rng)
        self.times_ns.append(time.perf_counter_ns() - start)
        return action


def play_chunk(task: Task) -> list[SeedRecord]:
    """Play every game of a chunk of deal seeds (the function a worker runs)."""
    from tarot._version import __version__
    from tarot.bots.registry import make_player
    from tarot.duplicate.match import play_deal_seed

    if task.program != __version__:
        raise WrongProgram(_("this worker runs tarot {here}, the match tarot {match}: "
                             "install the same version on every worker").format(
            here=__version__, match=task.program))

    def players_for(record: SeedRecord) -> list[Player]:
        # Fresh players for each game: the games of a worker must not depend on which
        # games it played before, or the figures would depend on the chunking.
        return [TimedPlayer(make_player(name, task.rules), record.times_ns[i])
                for i, name in enumerate(task.names)]

    return [play_deal_seed(deal_seed, task.seed, task.rules, players_for)
            for deal_seed in task.deal_seeds]


class Backend(Protocol):
    @property
    def workers(self) -> int:
        """How many chunks it plays at once (for a remote cluster, at the start: none
        when no worker has joined yet)."""

    @property
    def scheduler(self) -> str | None:
        """The --scheduler it runs on; None for this machine's processes."""

    def results(self, tasks: Sequence[Task]) -> Generator[list[SeedRecord], None, None]:
        """Each task's records, in the order the tasks finish; closing the generator
        stops the tasks still running."""


# -- this machine's processes ----------------------------------------------------------


def _start_worker() -> None:
    """Worker initialiser: a worker ends quietly with its parent, however the parent ends.

    Ctrl-C is the parent's to handle (it ends the pool), so the workers do not each print
    a KeyboardInterrupt traceback. A parent that is gone (SIGKILLed, or ended by a signal
    it does not handle) leaves its workers playing chunks nobody will read: each ends as
    soon as the parent does, watching the parent's sentinel (a pipe the parent alone
    holds open), and at the latest when it writes its records into the parent's closed
    pipe, which SIGPIPE then ends without a word (Python ignores SIGPIPE, and the pool's
    worker loop would print the BrokenPipeError's traceback).
    """
    import multiprocessing
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), name="end-with-parent",
                         daemon=True).start()


def _end_with(parent: Any) -> None:
    parent.join()  # returns once the parent is gone
    os._exit(0)


# The warning multiprocessing's resource tracker gives as it removes the semaphores of a
# pool whose parent was SIGKILLed. It removes them: nothing is left behind to warn of.
_QUIET_TRACKER = "ignore:resource_tracker:UserWarning:multiprocessing.resource_tracker"


def _start_resource_tracker_quietly() -> None:
    """Start multiprocessing's resource tracker (a process of its own, which a pool's
    semaphores are registered with) told to ignore that warning, unless it runs already."""
    from multiprocessing import resource_tracker

    saved = os.environ.get("PYTHONWARNINGS")
    os.environ["PYTHONWARNINGS"] = ",".join(filter(None, [saved, _QUIET_TRACKER]))
    try:
        resource_tracker.ensure_running()
    finally:
        if saved is None:
            del os.environ["PYTHONWARNINGS"]
        else:
            os.environ["PYTHONWARNINGS"] = saved


@dataclass(frozen=True)
class ProcessPool:
    """``--workers`` processes of a ``multiprocessing`` pool; this process alone for one."""

    workers: int
    scheduler: None = None

    def results(self, tasks: Sequence[Task]) -> Generator[list[SeedRecord], None, None]:
        if self.workers == 1 or len(tasks) <= 1:
            # No pool for one worker: no process start-up, and a debugger sees the games.
            yield from map(play_chunk, tasks)
            return
        import multiprocessing

        # Spawn, not fork, on every platform: the parent may be running rich's refresh
        # thread, and forking a threaded process can deadlock the child. Spawned workers
        # import tarot afresh and receive the rule set itself with each task.
        context = multiprocessing.get_context("spawn")
        if os.name == "posix":
            _start_resource_tracker_quietly()
        # Leaving the block (the last records, an error, Ctrl-C, the generator closed)
        # terminates the workers still playing.
        with context.Pool(min(self.workers, len(tasks)), initializer=_start_worker) as pool:
            yield from pool.imap_unordered(play_chunk, tasks)


# -- Dask ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DaskCluster:
    """A ``dask.distributed`` client: chunks are submitted as tasks, and a chunk whose
    worker is lost is run again by Dask on another (the caller counts each deal seed once)."""

    client: Any  # dask.distributed.Client: Dask is imported only when asked for
    workers: int
    scheduler: str

    def results(self, tasks: Sequence[Task]) -> Generator[list[SeedRecord], None, None]:
        from dask.distributed import as_completed

        # pure=False: each submission is a task of its own, never a result another
        # client left on a shared scheduler under the same key.
        unfinished = {self.client.submit(play_chunk, task, pure=False) for task in tasks}
        try:
            for future in as_completed(list(unfinished)):
                try:
                    records = future.result()
                except WrongProgram as error:  # a worker that joined after the check
                    raise BackendError(_("a Dask worker cannot play this match: {error}")
                                       .format(error=error)) from None
                # Released once its records are here: while the client holds a future,
                # Dask plays it again if the worker keeping its result is lost.
                unfinished.discard(future)
                future.release()
                yield records
        finally:
            # Stopped early (Ctrl-C, an error): the cluster need not finish our chunks.
            self.client.cancel(list(unfinished))


@contextlib.contextmanager
def open_backend(workers: int, scheduler: str | None) -> Iterator[Backend]:
    """The backend ``--workers`` and ``--scheduler`` ask for, for the duration; a started
    ``LocalCluster`` is closed at the end. BackendError if it cannot be had."""
    if scheduler is None:
        yield ProcessPool(workers)
        return
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as error:
        raise BackendError(_("--scheduler needs Dask, which is not installed ({error}): "
                             "{install}").format(error=error, install=INSTALL_CLUSTER)
                           ) from None
    with contextlib.ExitStack() as stack:
        if scheduler == LOCAL:
            # One thread a worker: the games are pure Python, so more threads would only
            # share one core under the GIL. The scheduler's web server on any free port:
            # Dask's 8787 may be another cluster's.
            cluster = stack.enter_context(LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=":0"))
            client = stack.enter_context(Client(cluster))
        else:
            try:
                client = stack.enter_context(Client(scheduler, timeout=CONNECT_SECONDS))
            except (OSError, ValueError, TypeError) as error:
                raise BackendError(_("cannot reach the Dask scheduler at {scheduler!r}: "
                                     "{error}").format(scheduler=scheduler, error=error)
                                   ) from None
            _check_workers(client, scheduler)
            # Threads, not workers: a worker may run several chunks at once. None yet is
            # no error: the chunks wait on the scheduler until workers join.
            workers = sum(client.nthreads().values())
        yield DaskCluster(client, workers, scheduler)


def _check_workers(client: Any, scheduler: str) -> None:
    """BackendError unless every worker of the cluster has this version of tarot.

    A worker without tarot cannot even unpickle a chunk: it drops its connection and
    dies, and a cluster of such workers would leave the match waiting for ever. So the
    workers are asked first, through a function every Python has.
    """
    from importlib.metadata import version

    from tarot._version import __version__

    found = client.run(version, "tarot", on_error="return")
    wrong = {worker: answer for worker, answer in found.items() if answer != __version__}
    if wrong:
        said = ", ".join((_("{worker} has {version}") if isinstance(answer, str)
                          else _("{worker} has no tarot")).format(worker=worker, version=answer)
                         for worker, answer in sorted(wrong.items()))
        raise BackendError(_("the workers of the Dask scheduler at {scheduler} must have "
                             "tarot {version} installed, as here: {workers}").format(
            scheduler=scheduler, version=__version__, workers=said))
