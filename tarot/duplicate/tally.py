"""A duplicate match's report figures folded record by record, in memory bounded by the
rules, not by the number of deal seeds: ``tarot simulate`` adds each deal seed's record as
it comes (from a worker or from a results file) and lets it go.

The figures are the ones computed from the whole list of records, to the last bit:

- counts and totals are exact integer sums;
- a mean and its 95% interval over deal seeds (:func:`tarot.duplicate.match.mean_ci`) need
  the multiset of per-seed values, not their order (``math.fsum`` rounds the exact sum
  once). :class:`ValueCounts` keeps each distinct value with its count: the values are a
  seed's total over the rotations divided by the number of seats (or a difference of two
  such), so there are no more distinct values than distinct totals, which the scoring
  rules bound, however many deal seeds are played. The sums are made exactly (integers
  over a power of two) and rounded once, as ``fsum`` does;
- decision times: their number and exact sum (the mean), and a fixed log-scale histogram
  for the 95th percentile (:class:`TimeHistogram`: within 2**-10, about 0.1%, of the exact
  nearest-rank value, never below it, and always a time that occurred).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tarot.duplicate.match import SeedRecord

Z95 = 1.959964  # two-sided 95% quantile of the normal distribution


def exact_sum(counted: Iterable[tuple[float, int]]) -> float:
    """``math.fsum`` of each value repeated its count of times: the exact sum, rounded once."""
    # A float is an integer over a power of two: the Fraction sum is exact, and its
    # conversion to float (an integer division) is correctly rounded, as fsum's result is.
    return float(sum((Fraction(value) * count for value, count in counted), Fraction(0)))


def mean_ci(counts: dict[float, int]) -> tuple[float, float]:
    """The mean of a multiset of independent values and the half-width of its 95%
    interval (inf for one value): :func:`tarot.duplicate.match.mean_ci` of the list
    holding each value its count of times, bit for bit."""
    n = sum(counts.values())
    if n == 0:
        return (0.0, 0.0)
    mean = exact_sum(counts.items()) / n
    if n == 1:
        return (mean, math.inf)
    variance = exact_sum(((value - mean) ** 2, count) for value, count in counts.items()) / (n - 1)
    return (mean, Z95 * math.sqrt(variance / n))


class ValueCounts:
    """A multiset of floats: each distinct value and how often it came."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: dict[float, int] = {}

    def add(self, value: float) -> None:
        self.counts[value] = self.counts.get(value, 0) + 1

    def mean_ci(self) -> tuple[float, float]:
        return mean_ci(self.counts)

    def __len__(self) -> int:
        """The distinct values kept (the memory it takes), not how many were added."""
        return len(self.counts)


# A time below 2**SIGNIFICANT_BITS ns is counted exactly; above, only its SIGNIFICANT_BITS
# leading bits pick its bucket, so a bucket spans at most 2**-(SIGNIFICANT_BITS - 1) of
# its lowest time: 1,024 buckets an octave (2,048 in the first), at most 54 octaves.
SIGNIFICANT_BITS = 11
_FIRST = 1 << SIGNIFICANT_BITS  # the exact buckets: 0 .. 2,047 ns
_HALF = _FIRST >> 1  # an octave's buckets above them


def time_bucket(ns: int) -> tuple[int, int]:
    """The histogram bucket of a duration (its octave, its place in it): in the order of
    the durations, exact below 2**11 ns."""
    if ns < _FIRST:
        return (0, ns)
    shift = ns.bit_length() - SIGNIFICANT_BITS
    return (shift, (ns >> shift) - _HALF)


class TimeHistogram:
    """Durations in nanoseconds, counted by log-scale bucket: their number, their exact
    sum, and for each bucket how many fell in it and the longest of them. An octave's
    buckets are two fixed arrays (16 KB) made when its first duration comes: decisions
    from a microsecond to a minute span 26 octaves, 416 KB at most, however many."""

    __slots__ = ("count", "counts", "longest", "total_ns")

    def __init__(self) -> None:
        self.count = 0
        self.total_ns = 0
        self.counts: list[array[int] | None] = []
        self.longest: list[array[int] | None] = []

    def add_all(self, times_ns: Sequence[int]) -> None:
        for ns in times_ns:
            octave, place = time_bucket(ns)
            while len(self.counts) <= octave:
                self.counts.append(None)
                self.longest.append(None)
            counts, longest = self.counts[octave], self.longest[octave]
            if counts is None or longest is None:
                size = _FIRST if octave == 0 else _HALF
                counts = self.counts[octave] = array("Q", [0]) * size
                longest = self.longest[octave] = array("Q", [0]) * size
            counts[place] += 1
            if ns > longest[place]:
                longest[place] = ns
        self.count += len(times_ns)
        self.total_ns += sum(times_ns)

    def mean_ns(self) -> float:
        # fsum of the times: their exact (integer) sum rounded once.
        return float(self.total_ns) / self.count if self.count else 0.0

    def percentile(self, fraction: float) -> float:
        """The nearest-rank percentile within a bucket: the longest time of the bucket
        holding that rank (no more than 2**-10 above the exact value); 0.0 for none."""
        if not self.count:
            return 0.0
        rank = max(1, math.ceil(fraction * self.count))
        seen = 0
        for counts, longest in zip(self.counts, self.longest, strict=True):
            if counts is None or longest is None:
                continue
            for place, count in enumerate(counts):
                seen += count
                if seen >= rank:
                    return float(longest[place])
        raise AssertionError("the counts sum to the count")  # pragma: no cover

    def __len__(self) -> int:
        """The buckets kept (the memory it takes): the octaves' arrays' entries."""
        return sum(len(counts) for counts in self.counts if counts is not None)


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


class MatchTally:
    """Everything the report says of a match's records, folded one record at a time."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        seats = len(self.names)
        self.distinct = list(dict.fromkeys(self.names))
        self.deals = 0
        self.first_seed: int | None = None
        self.last_seed: int | None = None
        self.totals = [0] * seats
        self.taken = [0] * seats
        self.made = [0] * seats
        self.slams_declared = [0] * seats
        self.slams_declared_made = [0] * seats
        self.slams_undeclared_made = [0] * seats
        self.slams_defence_made = [0] * seats
        self.times = [TimeHistogram() for _ in range(seats)]
        # Per deal seed, a seat's mean over the rotations; against the next different
        # player; each name's seats pooled; and each pair of names.
        self.per_seat = [ValueCounts() for _ in range(seats)]
        self.opponents = [next_distinct(self.names, i) for i in range(seats)]
        self.against = [ValueCounts() for _ in range(seats)]
        self.by_name = {name: ValueCounts() for name in self.distinct}
        self.name_pairs = {(first, second): ValueCounts()
                           for a, first in enumerate(self.distinct)
                           for second in self.distinct[a + 1:]}

    def add(self, record: SeedRecord) -> None:
        """One deal seed's record folded in (it may then be dropped)."""
        names, seats = self.names, len(self.names)
        self.deals += 1
        seed = record.deal_seed
        self.first_seed = seed if self.first_seed is None else min(self.first_seed, seed)
        self.last_seed = seed if self.last_seed is None else max(self.last_seed, seed)
        for i in range(seats):
            self.totals[i] += record.totals[i]
            self.taken[i] += record.taken[i]
            self.made[i] += record.made[i]
            self.slams_declared[i] += record.slams_declared[i]
            self.slams_declared_made[i] += record.slams_declared_made[i]
            self.slams_undeclared_made[i] += record.slams_undeclared_made[i]
            self.slams_defence_made[i] += record.slams_defence_made[i]
            self.times[i].add_all(record.times_ns[i])
        # The same float expressions as over the whole list (match_result, _by_name).
        row = tuple(total / seats for total in record.totals)
        for i, other in enumerate(self.opponents):
            self.per_seat[i].add(row[i])
            if other is not None:
                self.against[i].add(row[i] - row[other])
        pooled = {name: sum(row[i] for i, n in enumerate(names) if n == name)
                  / names.count(name) for name in self.distinct}
        for name, value in pooled.items():
            self.by_name[name].add(value)
        for (first, second), counts in self.name_pairs.items():
            counts.add(pooled[first] - pooled[second])

    def add_all(self, records: Iterable[SeedRecord]) -> None:
        for record in records:
            self.add(record)

    def size(self) -> int:
        """The entries it keeps (distinct values and time buckets): what its memory grows
        with, bounded by the scores and times possible, not by the deal seeds added."""
        counted: list[ValueCounts] = [*self.per_seat, *self.against, *self.by_name.values(),
                                      *self.name_pairs.values()]
        return sum(map(len, counted)) + sum(map(len, self.times))
