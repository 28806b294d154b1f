"""Kills at chosen points of the program's writes, instead of after a random time.

A test that kills ``tarot play`` after a random sleep kills it wherever a slow or busy
machine happens to be: a different moment on every machine, and no kill at all when the
game was quicker than the sleep. Here the child process kills itself (SIGKILL, as in a
crash) at a write point the test chose: the Nth time it writes to the save's files, before
that write, after it, or in the middle of it (a torn line). Which point is reached does
not depend on the machine's speed, only on the game, which the computer players decide
alike in any process.

The write points are every write of a save: a file made whole through
``tarot.files.atomic.write_text_atomic`` (a new deal log, a match index, a rewritten log), the
events of one action appended by ``LogWriter.write``, a deal's line added to a match index
by ``append_deal``, and a chunk's records appended to ``tarot simulate``'s results file by
``ResultsWriter.write``. A point is named by how many lines the save's files hold when it
is reached (``lines``): a resumed game meets the same count at the same moment of the game
as the uninterrupted one did, so a kill point drawn from the uninterrupted game's trace is
met by any run that has not yet passed it.

In a child forked from the test, :func:`installer` gives the setup to run in it; a
subprocess (the installed ``tarot`` command) gets :func:`child_environment`, whose
``sitecustomize`` (``tests/child_hooks``) installs the same hook at the interpreter's start.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ENVIRONMENT = "TAROT_TEST_KILL_POINTS"
HOOKS = Path(__file__).parent / "child_hooks"
HOWS = ("before", "after", "torn")


@dataclass(frozen=True)
class Point:
    """A write point of a run: its kind and the lines the save's files held then."""

    # "atomic" (a file made whole), "append" (a log's events), "index" (a deal line),
    # "results" (a chunk's records)
    kind: str
    lines: int

    def hows(self) -> tuple[str, ...]:
        """The ways to die there: a file made atomically is whole or absent, never torn
        (the kills inside its steps are test_save_campaign's)."""
        return ("before", "after") if self.kind == "atomic" else HOWS


@dataclass(frozen=True)
class Plan:
    """What the hook does in a child: kill at the first write point reached when the save's
    files hold ``lines`` lines or more (``how``: before it, after it, in its middle), and/or
    append every point reached to ``trace``. With ``group``, the kill takes the whole
    process group (a ``tarot simulate`` and its pool's workers, in a session of their own)."""

    save: str
    lines: int | None = None
    how: str = "before"
    trace: str | None = None
    group: bool = False


def save_files(save: Path) -> Iterator[Path]:
    """The files of a save: the log and, for a match, its index and its deals' logs (not
    the temporaries and locks, which start with a dot)."""
    stem = save.name.removesuffix(".jsonl")
    for path in save.parent.iterdir():
        if path.name == save.name or path.name.startswith(stem + "."):
            yield path


def lines_of(save: Path) -> int:
    return sum(path.read_bytes().count(b"\n") for path in save_files(save) if path.is_file())


def read_trace(trace: Path) -> list[Point]:
    return [Point(kind, int(lines)) for kind, lines in
            (line.split() for line in trace.read_text(encoding="utf-8").splitlines())]


def die(group: bool = False) -> None:
    if group:
        os.killpg(0, signal.SIGKILL)
    os.kill(os.getpid(), signal.SIGKILL)
    raise AssertionError("unreachable: SIGKILLed")


def half_written(write: Callable[[], Any], group: bool = False) -> None:
    """Run ``write`` with every ``os.write`` in it cut to its first half, then die."""
    real_write = os.write

    def half(fd: int, data: bytes) -> int:
        real_write(fd, data[:max(1, len(data) // 2)])
        die(group)
        return 0

    os.write = half  # type: ignore[assignment]
    write()


def install(plan: Plan) -> None:
    """Wrap the program's writes in this process (a child's: it is killed there)."""
    import tarot.duplicate.results_file
    import tarot.files.atomic
    import tarot.log
    import tarot.storage.match_file

    save = Path(plan.save)

    def point(kind: str, write: Callable[[], Any], tear: Callable[[], Any]) -> Any:
        lines = lines_of(save)
        if plan.trace is not None:
            with open(plan.trace, "a", encoding="utf-8") as trace:
                trace.write(f"{kind} {lines}\n")
        if plan.lines is None or lines < plan.lines:
            return write()
        if plan.how == "after":
            write()
        elif plan.how == "torn":
            tear()
        die(plan.group)

    real_atomic = tarot.files.atomic.write_text_atomic

    def atomic(path: Any, text: str, *, overwrite: bool = False) -> None:
        point("atomic", lambda: real_atomic(path, text, overwrite=overwrite),
              lambda: None)

    real_append = tarot.log.LogWriter.write

    def append(writer: tarot.log.LogWriter, events: Any) -> None:
        def tear() -> None:
            stream = writer.stream

            class Torn:  # the first half of the text reaches the file, then the death
                def write(self, text: str) -> None:
                    stream.write(text[:max(1, len(text) // 2)])
                    stream.flush()
                    die(plan.group)

                def flush(self) -> None:
                    stream.flush()

            writer.stream = Torn()  # type: ignore[assignment]
            real_append(writer, events)

        point("append", lambda: real_append(writer, events), tear)

    real_index = tarot.storage.match_file.append_deal

    def index(match: Any, entry: Any) -> Any:
        return point("index", lambda: real_index(match, entry),
                     lambda: half_written(lambda: real_index(match, entry), plan.group))

    real_results = tarot.duplicate.results_file.ResultsWriter.write

    def results(writer: tarot.duplicate.results_file.ResultsWriter, records: Any) -> None:
        point("results", lambda: real_results(writer, records),
              lambda: half_written(lambda: real_results(writer, records), plan.group))

    # The program imports these by name, some at the top of a module (tarot.log's
    # write_log), most inside the function that writes: both names are replaced.
    tarot.files.atomic.write_text_atomic = atomic  # type: ignore[assignment]
    tarot.log.write_text_atomic = atomic  # type: ignore[assignment]
    tarot.log.LogWriter.write = append  # type: ignore[method-assign, assignment]
    tarot.storage.match_file.append_deal = index  # type: ignore[assignment]
    tarot.duplicate.results_file.ResultsWriter.write = results  # type: ignore[method-assign, assignment]


def installer(plan: Plan) -> Callable[[], None]:
    """The setup for a forked child: :func:`install` the plan there."""
    return lambda: install(plan)


def child_environment(plan: Plan) -> dict[str, str]:
    """The environment of a subprocess that installs the plan as its interpreter starts."""
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, ENVIRONMENT: json.dumps(asdict(plan)),
            "PYTHONPATH": str(HOOKS) + (os.pathsep + path if path else "")}


def install_from_environment() -> None:
    """The sitecustomize's part: install the plan the environment holds, if any."""
    said = os.environ.get(ENVIRONMENT)
    if said:
        install(Plan(**json.loads(said)))
