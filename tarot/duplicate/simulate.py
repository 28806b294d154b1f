"""The library half of ``tarot simulate``: a duplicate match played on a backend, and its
report as data (the command, its options and its printing are tarot.ui.commands.simulate).

Each game is a pure function of (player names, deal seed, rotation, match seed, rule set);
the records are summed in deal-seed order, whatever order the workers finished in, so
the figures do not depend on the backend or the number of workers.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tarot.duplicate.results_file import MAX_DEAL_SEEDS

if TYPE_CHECKING:
    from tarot.duplicate.backends import Backend
    from tarot.duplicate.match import SeedRecord
    from tarot.duplicate.results_file import ResultsHeader
    from tarot.engine.rules import RuleSet

SEATS = 4  # the default table; a match has one rotation of each deal seed per seat
# At most this many deal seeds per task: small enough that the progress bar moves and
# the last workers do not idle long while one finishes a big chunk; large enough that
# sending a task costs nothing next to playing it (a deal seed is 4 games).
MAX_CHUNK = 20


def chunks(deal_seeds: Sequence[int], workers: int) -> list[tuple[int, ...]]:
    """The deal seeds cut into tasks: about four per worker, for an even finish."""
    size = max(1, min(MAX_CHUNK, math.ceil(len(deal_seeds) / (max(1, workers) * 4))))
    return [tuple(deal_seeds[start:start + size]) for start in range(0, len(deal_seeds), size)]


def run_simulation(names: Sequence[str], deals: int, seed: int, rules: RuleSet,
                   backend: Backend, *, done: Sequence[SeedRecord] = (),
                   on_records: Callable[[list[SeedRecord]], None] | None = None
                   ) -> list[SeedRecord]:
    """Play the deal seeds ``done`` lacks and return one record per deal seed of the match,
    in deal-seed order.

    ``on_records`` is called with each finished task's records as they come (to write
    them down, to move the progress bar).
    """
    from tarot._version import __version__
    from tarot.duplicate.backends import Task

    if not 1 <= deals <= MAX_DEAL_SEEDS:
        raise ValueError(f"a match of {deals} deal seeds: from 1 to {MAX_DEAL_SEEDS:,}")
    recorded = {record.deal_seed for record in done}
    remaining = [s for s in range(seed, seed + deals) if s not in recorded]
    tasks = [Task(tuple(names), seed, part, rules, __version__)
             for part in chunks(remaining, backend.workers)]
    records = list(done)
    # Closed however the loop ends (Ctrl-C while a record is written, say): the workers
    # are stopped then, not whenever the generator is collected.
    with contextlib.closing(backend.results(tasks)) as finished_tasks:
        for finished in finished_tasks:
            # Each deal seed counts once, however often a backend played it: Dask plays a
            # lost worker's chunks again, and a record must not be added (or written) twice.
            fresh = [record for record in finished if record.deal_seed not in recorded]
            recorded.update(record.deal_seed for record in fresh)
            records.extend(fresh)
            if on_records is not None:
                on_records(fresh)
    if len(records) != deals:
        raise RuntimeError(f"the backend returned {len(records)} of {deals} deal seeds")
    # Tasks finish in any order; the report must sum in one order (float sums depend on it).
    records.sort(key=lambda r: r.deal_seed)
    return records


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (a value that occurred), 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return float(ordered[max(0, math.ceil(fraction * len(ordered)) - 1)])


def next_distinct(names: Sequence[str], index: int) -> int | None:
    """The next player index round the list whose name differs from ``index``'s, if any.

    Two seats of the same player compare nothing but noise, so the paired
    difference is taken against the next different player.
    """
    for step in range(1, len(names)):
        other = (index + step) % len(names)
        if names[other] != names[index]:
            return other
    return None


def _finite(value: float) -> float | None:
    # One deal seed gives no interval (an infinite half-width); JSON has no Infinity.
    return value if math.isfinite(value) else None


@dataclass(frozen=True, slots=True)
class Run:
    """The run that played the records, as the report's ``timing`` section tells it."""

    workers: int
    scheduler: str | None  # None: this machine's processes
    wall_seconds: float
    played: int  # deal seeds this run played: fewer than the match's when it resumed a file


def report(match: ResultsHeader, records: Sequence[SeedRecord], run: Run | None, *,
           timing: bool = True) -> dict[str, Any]:
    """Everything the command prints, as the JSON document ``--json`` writes.

    All of it but ``timing`` depends only on the match (its header) and its records, and
    those only on the arguments: not on the backend, the number of workers or whether
    the run was resumed. ``timing`` holds what is measured (the decision times, from the
    records) and the ``run`` (None for a report made from a results file, which keeps no
    wall time); ``timing=False`` leaves the section out.
    """
    from tarot.duplicate.match import match_result

    names, seed = match.players, match.seed
    result = match_result(names, records, seed)
    players = []
    for i, player in enumerate(result.players):
        low, high = player.interval
        entry: dict[str, Any] = {
            "index": i, "name": player.name, "games": player.games,
            "total": sum(r.totals[i] for r in records),
            "mean": player.mean, "ci95": _finite(player.ci95),
            "interval": [_finite(low), _finite(high)],
            "taken": player.taken, "made": player.made,
            "made_percent": 100 * player.made / player.taken if player.taken else None,
            "slams": {
                "declared": sum(r.slams_declared[i] for r in records),
                "declared_made": sum(r.slams_declared_made[i] for r in records),
                "undeclared_made": sum(r.slams_undeclared_made[i] for r in records),
                "made": sum(r.slams_declared_made[i] + r.slams_undeclared_made[i]
                            for r in records),
                "defence_made": sum(r.slams_defence_made[i] for r in records),
            },
            "decisions": sum(len(r.times_ns[i]) for r in records),
            "vs": None,
        }
        other = next_distinct(names, i)
        if other is not None:
            difference, half = result.difference(i, other)
            entry["vs"] = {"index": other, "name": names[other], "difference": difference,
                           "ci95": _finite(half),
                           "interval": [_finite(difference - half), _finite(difference + half)]}
        players.append(entry)
    data = {
        "seed": seed, "deals": len(records),
        "deal_seeds": [records[0].deal_seed, records[-1].deal_seed],
        "rotations": len(names), "games_per_player": len(records) * len(names),
        "rules": {"id": match.rules_id, "hash": match.rules_hash},
        "score_unit": "points per game: one deal seed played once, from the deal to the "
                      "settlement (redeals included); each deal seed is played "
                      f"{len(names)} times, once per rotation; 95% intervals are over deal "
                      "seeds",
        "players": players,
        "by_name": _by_name(names, result.per_seed),
    }
    if timing:
        data["timing"] = {
            "workers": None if run is None else run.workers,
            "scheduler": None if run is None else run.scheduler,
            "wall_seconds": None if run is None else run.wall_seconds,
            "deal_seeds_played": None if run is None else run.played,
            "decision_ms": _decision_ms(names, records),
        }
    return data


def _decision_ms(names: Sequence[str], records: Sequence[SeedRecord]) -> list[dict[str, Any]]:
    decision_ms = []
    for i, name in enumerate(names):
        times = [t for r in records for t in r.times_ns[i]]
        decision_ms.append({
            "index": i, "name": name, "decisions": len(times),
            "mean": math.fsum(times) / len(times) / 1e6 if times else 0.0,
            "p95": percentile(times, 0.95) / 1e6,
        })
    return decision_ms


def _by_name(names: Sequence[str], per_seed: Sequence[Sequence[float]]) -> dict[str, Any]:
    """Seats of the same player pooled: each name's mean per game, and each pair's difference.

    In ``strong,rules,rules,rules`` the three rules seats are one player; their
    mean per deal seed is its score, and strong − rules is paired on the seeds.
    """
    from tarot.duplicate.match import mean_ci, paired_difference

    distinct = list(dict.fromkeys(names))
    rows = {name: [sum(row[i] for i, n in enumerate(names) if n == name) / names.count(name)
                   for row in per_seed] for name in distinct}
    players = []
    for name in distinct:
        mean, half = mean_ci(rows[name])
        players.append({"name": name, "seats": names.count(name), "mean": mean,
                        "ci95": _finite(half)})
    differences = []
    for a, first in enumerate(distinct):
        for second in distinct[a + 1:]:
            mean, half = paired_difference(rows[first], rows[second])
            differences.append({"first": first, "second": second, "difference": mean,
                                "ci95": _finite(half),
                                "interval": [_finite(mean - half), _finite(mean + half)]})
    return {"players": players, "differences": differences}


def default_workers() -> int:
    """The CPUs this process may run on (its affinity, where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1
