"""The report folded record by record (tarot.duplicate.tally): the same figures as from the
whole list, to the last bit, and memory that does not grow with the deal seeds. Nothing
here is timed: the records alive and the tally's entries are counted."""

from __future__ import annotations

import contextlib
import gc
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from simulate_cli import run_json

from tarot.duplicate import backends
from tarot.duplicate.backends import Task
from tarot.duplicate.match import SeedRecord, match_result, mean_ci, paired_difference
from tarot.duplicate.simulate import next_distinct, percentile
from tarot.duplicate.tally import SIGNIFICANT_BITS, MatchTally, TimeHistogram, time_bucket


def synthetic_record(deal_seed: int, seats: int, rng: random.Random, *,
                     spread: int = 2000, decisions: int = 3) -> SeedRecord:
    """A record as a worker could send it: totals summing to zero, one taker a game."""
    totals = [rng.randrange(-spread, spread) for _ in range(seats - 1)]
    record = SeedRecord.empty(deal_seed, seats)
    record.totals = [*totals, -sum(totals)]
    for _ in range(seats):
        taker = rng.randrange(seats)
        record.taken[taker] += 1
        record.made[taker] += rng.random() < 0.6
    record.times_ns = [[rng.randrange(1, 5_000_000) for _ in range(decisions)]
                       for _ in range(seats)]
    return record


def listed_figures(names: Sequence[str], records: Sequence[SeedRecord]
                   ) -> list[tuple[float, float]]:
    """The means and intervals as the report made them from the whole list of records."""
    seats = len(names)
    per_seed = [[total / seats for total in r.totals] for r in records]
    figures = [mean_ci([row[i] for row in per_seed]) for i in range(seats)]
    for i in range(seats):
        other = next_distinct(names, i)
        if other is not None:
            figures.append(mean_ci([row[i] - row[other] for row in per_seed]))
    distinct = list(dict.fromkeys(names))
    rows = {name: [sum(row[i] for i, n in enumerate(names) if n == name) / names.count(name)
                   for row in per_seed] for name in distinct}
    figures += [mean_ci(rows[name]) for name in distinct]
    figures += [paired_difference(rows[first], rows[second])
                for a, first in enumerate(distinct) for second in distinct[a + 1:]]
    return figures


def folded_figures(tally: MatchTally) -> list[tuple[float, float]]:
    figures = [counts.mean_ci() for counts in tally.per_seat]
    figures += [tally.against[i].mean_ci() for i, other in enumerate(tally.opponents)
                if other is not None]
    figures += [tally.by_name[name].mean_ci() for name in tally.distinct]
    figures += [counts.mean_ci() for counts in tally.name_pairs.values()]
    return figures


@pytest.mark.parametrize("names", [
    ("rules", "random", "random"),
    ("strong", "rules", "rules", "rules"),
    ("rules", "random", "rules", "random"),
    ("normal", "rules", "rules", "rules", "random"),
    ("rules", "random", "strong", "normal", "random"),
])
@pytest.mark.parametrize("deals", [1, 2, 7, 400])
def test_folded_figures_are_the_listed_ones_bit_for_bit(names: tuple[str, ...],
                                                       deals: int) -> None:
    rng = random.Random(f"tally:{names}:{deals}")
    records = [synthetic_record(seed, len(names), rng) for seed in range(deals)]
    tally = MatchTally(names)
    for record in reversed(records):  # any order: the sums do not depend on it
        tally.add(record)
    folded, listed = folded_figures(tally), listed_figures(names, records)
    # repr, not ==: the same float to the last bit, and inf where there is one value.
    assert [tuple(map(repr, f)) for f in folded] == [tuple(map(repr, f)) for f in listed]
    assert tally.totals == [sum(r.totals[i] for r in records) for i in range(len(names))]
    assert match_result(names, records, 0).players[0].ci95 == listed[0][1]


def test_the_p95_is_within_its_bucket_of_the_exact_one() -> None:
    rng = random.Random(5)
    for size in (1, 2, 19, 20, 21, 1000, 5000):
        times = [int(rng.lognormvariate(14, 1.5)) for _ in range(size)]
        histogram = TimeHistogram()
        histogram.add_all(times)
        exact = percentile(times, 0.95)
        folded = histogram.percentile(0.95)
        assert folded in times  # a time that occurred
        assert exact <= folded <= exact * (1 + 2 ** -(SIGNIFICANT_BITS - 1))
        assert histogram.mean_ns() == math.fsum(times) / len(times)
    small = TimeHistogram()
    small.add_all(list(range(1, 101)))  # below 2**11 ns every time is its own bucket
    assert small.percentile(0.95) == 95.0 and TimeHistogram().percentile(0.95) == 0.0


def test_buckets_increase_with_the_time() -> None:
    times = sorted({int(1.001 ** k) for k in range(40_000)} | set(range(5000)))
    buckets = [time_bucket(t) for t in times]
    assert buckets == sorted(buckets)
    assert len(set(buckets)) < len(times)  # long times share buckets


def test_the_tally_does_not_grow_with_the_deal_seeds() -> None:
    """Records drawn from a fixed set of totals and times: once each has come, more deal
    seeds add nothing to what the tally keeps."""
    rng = random.Random(9)
    kinds = [synthetic_record(0, 4, rng, spread=300, decisions=40) for _ in range(60)]
    names = ("rules", "random", "rules", "random")
    tally = MatchTally(names)
    sizes = []
    for deals in (1_000, 10_000):
        while tally.deals < deals:
            tally.add(kinds[tally.deals % len(kinds)])
        sizes.append(tally.size())
    assert sizes[0] == sizes[1] > 0
    assert tally.times[0].count == 10_000 * 40


@dataclass(frozen=True)
class SyntheticBackend:
    """Makes up each chunk's records at once (no game is played), and counts the records
    alive in the process before handing each chunk over."""

    alive: list[int]
    workers: int = 2
    scheduler: None = None

    def results(self, tasks: Sequence[Task]) -> Iterator[list[SeedRecord]]:
        for number, task in enumerate(tasks):
            if number % 10 == 0:
                gc.collect()
                self.alive.append(sum(isinstance(o, SeedRecord) for o in gc.get_objects()))
            rng = random.Random(task.deal_seeds[0])
            yield [synthetic_record(seed, len(task.names), rng) for seed in task.deal_seeds]


def live_records(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, deals: int) -> int:
    """The most records alive while ``tarot simulate --out`` plays ``deals`` deal seeds,
    then while ``--report`` reads its file; the two reports agree."""
    alive: list[int] = []

    @contextlib.contextmanager
    def synthetic(workers: int, scheduler: str | None) -> Iterator[SyntheticBackend]:
        yield SyntheticBackend(alive)

    monkeypatch.setattr(backends, "open_backend", synthetic)
    out = tmp_path / f"{deals}.jsonl"
    played = run_json(["--deals", str(deals), "--out", str(out), "--no-timing"])
    fold = MatchTally.add

    def counting_fold(tally: MatchTally, record: SeedRecord) -> None:
        if tally.deals % 200 == 0:
            gc.collect()
            alive.append(sum(isinstance(o, SeedRecord) for o in gc.get_objects()))
        fold(tally, record)

    monkeypatch.setattr(MatchTally, "add", counting_fold)
    assert run_json(["--report", str(out), "--no-timing"]) == played
    return max(alive)


def test_simulate_out_and_report_keep_no_record(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    short = live_records(monkeypatch, tmp_path, 400)
    long = live_records(monkeypatch, tmp_path, 4000)
    # At most the chunk in hand (20 deal seeds) and the line being read: never the match.
    assert short <= 2 * 20 and long <= 2 * 20
