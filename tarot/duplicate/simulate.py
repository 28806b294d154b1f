"""The library half of ``tarot simulate``: a duplicate match played on a backend, and its
report as data (the command, its options and its printing are tarot.ui.commands.simulate).

Each game is a pure function of (player names, deal seed, rotation, match seed, rule set);
the records are folded into the report as they come (:mod:`tarot.duplicate.tally`), in
whatever order the workers finished, by sums that do not depend on the order, so the
figures do not depend on the backend or the number of workers, and no record is kept.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tarot.duplicate.results_file import MAX_DEAL_SEEDS, DealSeeds
from tarot.duplicate.tally import next_distinct

# next_distinct lives with the tally now; its name here stays for the callers it had.
__all__ = ["Run", "chunks", "default_workers", "next_distinct", "percentile", "play_match",
           "report", "run_simulation"]

if TYPE_CHECKING:
    from tarot.duplicate.backends import Backend
    from tarot.duplicate.match import SeedRecord
    from tarot.duplicate.results_file import ResultsHeader
    from tarot.duplicate.tally import MatchTally
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


def play_match(names: Sequence[str], deals: int, seed: int, rules: RuleSet,
               backend: Backend, on_records: Callable[[list[SeedRecord]], None], *,
               done: Container[int] = frozenset()) -> int:
    """Play the deal seeds of the match that ``done`` lacks, handing each finished task's
    new records to ``on_records`` as they come (to fold them into the report, write them
    down, move the progress bar): none is kept here. The deal seeds played."""
    from tarot._version import __version__
    from tarot.duplicate.backends import Task

    if not 1 <= deals <= MAX_DEAL_SEEDS:
        raise ValueError(f"a match of {deals} deal seeds: from 1 to {MAX_DEAL_SEEDS:,}")
    remaining = [s for s in range(seed, seed + deals) if s not in done]
    tasks = [Task(tuple(names), seed, part, rules, __version__)
             for part in chunks(remaining, backend.workers)]
    played = len(remaining)
    del remaining  # the tasks hold the deal seeds now
    recorded = DealSeeds(seed, deals)
    # Closed however the loop ends (Ctrl-C while a record is written, say): the workers
    # are stopped then, not whenever the generator is collected.
    with contextlib.closing(backend.results(tasks)) as finished_tasks:
        for finished in finished_tasks:
            # Each deal seed counts once, however often a backend played it: Dask plays a
            # lost worker's chunks again, and a record must not be added (or written) twice.
            fresh = [record for record in finished if record.deal_seed not in recorded]
            for record in fresh:
                recorded.add(record.deal_seed)
            on_records(fresh)
    if len(recorded) != played:
        raise RuntimeError(f"the backend returned {len(recorded)} of {played} deal seeds")
    return played


def run_simulation(names: Sequence[str], deals: int, seed: int, rules: RuleSet,
                   backend: Backend, *, done: Sequence[SeedRecord] = (),
                   on_records: Callable[[list[SeedRecord]], None] | None = None
                   ) -> list[SeedRecord]:
    """:func:`play_match`, keeping the records: one per deal seed of the match, in
    deal-seed order (``done`` and those played). For a library caller or a test; the
    command keeps none (its report folds them as they come)."""
    records = list(done)

    def keep(fresh: list[SeedRecord]) -> None:
        records.extend(fresh)
        if on_records is not None:
            on_records(fresh)

    play_match(names, deals, seed, rules, backend, keep,
               done={record.deal_seed for record in done})
    if len(records) != deals:
        raise RuntimeError(f"the backend returned {len(records)} of {deals} deal seeds")
    records.sort(key=lambda r: r.deal_seed)
    return records


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (a value that occurred), 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return float(ordered[max(0, math.ceil(fraction * len(ordered)) - 1)])


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


def report(match: ResultsHeader, tally: MatchTally, run: Run | None, *,
           timing: bool = True) -> dict[str, Any]:
    """Everything the command prints, as the JSON document ``--json`` writes, from the
    match (its header) and its records folded (:class:`tarot.duplicate.tally.MatchTally`).

    All of it but ``timing`` depends only on the match and its records, and those only on
    the arguments: not on the backend, the number of workers or whether the run was
    resumed. ``timing`` holds what is measured (the decision times, from the records) and
    the ``run`` (None for a report made from a results file, which keeps no wall time);
    ``timing=False`` leaves the section out.
    """
    from tarot.duplicate.match import player_results

    names, seed = match.players, match.seed
    players = []
    for i, player in enumerate(player_results(tally)):
        low, high = player.interval
        entry: dict[str, Any] = {
            "index": i, "name": player.name, "games": player.games,
            "total": tally.totals[i],
            "mean": player.mean, "ci95": _finite(player.ci95),
            "interval": [_finite(low), _finite(high)],
            "taken": player.taken, "made": player.made,
            "made_percent": 100 * player.made / player.taken if player.taken else None,
            "slams": {
                "declared": tally.slams_declared[i],
                "declared_made": tally.slams_declared_made[i],
                "undeclared_made": tally.slams_undeclared_made[i],
                "made": tally.slams_declared_made[i] + tally.slams_undeclared_made[i],
                "defence_made": tally.slams_defence_made[i],
            },
            "decisions": tally.times[i].count,
            "vs": None,
        }
        other = tally.opponents[i]
        if other is not None:
            difference, half = tally.against[i].mean_ci()
            entry["vs"] = {"index": other, "name": names[other], "difference": difference,
                           "ci95": _finite(half),
                           "interval": [_finite(difference - half), _finite(difference + half)]}
        players.append(entry)
    data = {
        "seed": seed, "deals": tally.deals,
        "deal_seeds": [tally.first_seed, tally.last_seed],
        "rotations": len(names), "games_per_player": tally.deals * len(names),
        "rules": {"id": match.rules_id, "hash": match.rules_hash},
        "score_unit": "points per game: one deal seed played once, from the deal to the "
                      "settlement (redeals included); each deal seed is played "
                      f"{len(names)} times, once per rotation; 95% intervals are over deal "
                      "seeds",
        "players": players,
        "by_name": _by_name(tally),
    }
    if timing:
        data["timing"] = {
            "workers": None if run is None else run.workers,
            "scheduler": None if run is None else run.scheduler,
            "wall_seconds": None if run is None else run.wall_seconds,
            "deal_seeds_played": None if run is None else run.played,
            "decision_ms": _decision_ms(tally),
        }
    return data


def _decision_ms(tally: MatchTally) -> list[dict[str, Any]]:
    """Each seat's decisions: how many, their mean (exact) and 95th percentile (from the
    histogram: :class:`tarot.duplicate.tally.TimeHistogram`), in milliseconds."""
    return [{"index": i, "name": name, "decisions": times.count,
             "mean": times.mean_ns() / 1e6, "p95": times.percentile(0.95) / 1e6}
            for i, (name, times) in enumerate(zip(tally.names, tally.times, strict=True))]


def _by_name(tally: MatchTally) -> dict[str, Any]:
    """Seats of the same player pooled: each name's mean per game, and each pair's difference.

    In ``strong,rules,rules,rules`` the three rules seats are one player; their
    mean per deal seed is its score, and strong − rules is paired on the seeds.
    """
    players = []
    for name in tally.distinct:
        mean, half = tally.by_name[name].mean_ci()
        players.append({"name": name, "seats": tally.names.count(name), "mean": mean,
                        "ci95": _finite(half)})
    differences = []
    for (first, second), counts in tally.name_pairs.items():
        mean, half = counts.mean_ci()
        differences.append({"first": first, "second": second, "difference": mean,
                            "ci95": _finite(half),
                            "interval": [_finite(mean - half), _finite(mean + half)]})
    return {"players": players, "differences": differences}


def default_workers() -> int:
    """The CPUs this process may run on (its affinity, where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1
