"""``tarot simulate``: duplicate matches between computer players, on every core.

The match itself is :mod:`tarot.match`'s: deal seeds ``seed .. seed + deals - 1``,
each played four times with the players moved round the table one seat each
time, so that every player holds every hand of every deal once and the luck of
the cards cancels. This module adds what a long run needs: worker processes,
per-decision timings, slam counts, a progress bar, and a table or JSON report.

The figures do not depend on the number of workers. Each game is a pure
function of (player names, deal seed, rotation, match seed, rule set): its
players are built afresh for it (so no player can carry anything from one game
to the next, whichever worker played that game), their generators come from
:func:`tarot.match.player_rng`, and the main process sums the per-seed records
in deal-seed order, whatever order the workers finished in. Only the timings,
which are measured, differ from run to run.

The module's top level imports only what the ``tarot`` command needs to start;
the engine, the players and rich are imported where they are used, so that
registering this command does not slow every other one down.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    import random

    from tarot.bots.base import Player
    from tarot.events import Action
    from tarot.match import SeedRecord
    from tarot.rules import RuleSet
    from tarot.views import PlayerView

SEATS = 4  # also the number of rotations of each deal seed
# At most this many deal seeds per task: small enough that the progress bar moves and
# the last workers do not idle long while one finishes a big chunk; large enough that
# sending a task costs nothing next to playing it (a deal seed is 4 games).
MAX_CHUNK = 20


# -- one worker's share ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Task:
    """A chunk of deal seeds for one worker; a top-level class, so that it pickles under spawn."""

    names: tuple[str, ...]
    seed: int
    deal_seeds: range
    rules: RuleSet


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
    """Play every game of a chunk of deal seeds (the function a worker process runs)."""
    from tarot.bots.registry import make_player
    from tarot.match import play_deal_seed

    def players_for(record: SeedRecord) -> list[Player]:
        # Fresh players for each game: the games of a worker must not depend on which
        # games it played before, or the figures would depend on the chunking.
        return [TimedPlayer(make_player(name, task.rules), record.times_ns[i])
                for i, name in enumerate(task.names)]

    return [play_deal_seed(deal_seed, task.seed, task.rules, players_for)
            for deal_seed in task.deal_seeds]


def _ignore_sigint() -> None:
    """Worker initialiser: Ctrl-C is the parent's to handle (it ends the pool), so the
    workers do not each print a KeyboardInterrupt traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def chunks(deals: int, seed: int, workers: int) -> list[range]:
    """The deal seeds cut into tasks: about four per worker, for an even finish."""
    size = max(1, min(MAX_CHUNK, math.ceil(deals / (workers * 4))))
    return [range(start, min(start + size, seed + deals))
            for start in range(seed, seed + deals, size)]


def run_simulation(names: Sequence[str], deals: int, seed: int, rules: RuleSet, workers: int,
                   on_progress: Callable[[int], None] | None = None) -> list[SeedRecord]:
    """Play the match and return one record per deal seed, in deal-seed order.

    ``on_progress`` is called with the number of deal seeds each finished task held.
    """
    tasks = [Task(tuple(names), seed, part, rules) for part in chunks(deals, seed, workers)]
    records: list[SeedRecord] = []
    for done in _results(tasks, workers):
        records.extend(done)
        if on_progress is not None:
            on_progress(len(done))
    # Tasks finish in any order; the report must sum in one order (float sums depend on it).
    records.sort(key=lambda r: r.deal_seed)
    return records


def _results(tasks: list[Task], workers: int) -> Iterator[list[SeedRecord]]:
    if workers == 1 or len(tasks) == 1:
        # No pool for one worker: no process start-up, and a debugger sees the games.
        yield from map(play_chunk, tasks)
        return
    import multiprocessing

    # Spawn, not fork, on every platform: the parent may be running rich's refresh
    # thread, and forking a threaded process can deadlock the child. Spawned workers
    # import tarot afresh and receive the rule set itself with each task.
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(workers, len(tasks)), initializer=_ignore_sigint) as pool:
        yield from pool.imap_unordered(play_chunk, tasks)


# -- the report ------------------------------------------------------------------------


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


def report(names: Sequence[str], records: Sequence[SeedRecord], seed: int, rules: RuleSet,
           workers: int, wall_seconds: float) -> dict[str, Any]:
    """Everything the command prints, as the JSON document ``--json`` writes.

    All of it but ``timing`` depends only on the arguments (not on ``--workers``).
    """
    from tarot.match import match_result

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
    decision_ms = []
    for i, name in enumerate(names):
        times = [t for r in records for t in r.times_ns[i]]
        decision_ms.append({
            "index": i, "name": name, "decisions": len(times),
            "mean": math.fsum(times) / len(times) / 1e6 if times else 0.0,
            "p95": percentile(times, 0.95) / 1e6,
        })
    first, last = records[0].deal_seed, records[-1].deal_seed
    pooled = _by_name(names, result.per_seed)
    return {
        "seed": seed, "deals": len(records), "deal_seeds": [first, last],
        "rotations": SEATS, "games_per_player": len(records) * SEATS,
        "rules": {"id": rules.id, "hash": rules.content_hash},
        "score_unit": "points per game: one deal seed played once, from the deal to the "
                      "settlement (redeals included); each deal seed is played 4 times, "
                      "once per rotation; 95% intervals are over deal seeds",
        "players": players,
        "by_name": pooled,
        "timing": {"workers": workers, "wall_seconds": wall_seconds,
                   "decision_ms": decision_ms},
    }


def _by_name(names: Sequence[str], per_seed: Sequence[Sequence[float]]) -> dict[str, Any]:
    """Seats of the same player pooled: each name's mean per game, and each pair's difference.

    In ``strong,rules,rules,rules`` the three rules seats are one player; their
    mean per deal seed is its score, and strong − rules is paired on the seeds.
    """
    from tarot.match import mean_ci

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
            mean, half = mean_ci([x - y for x, y in zip(rows[first], rows[second], strict=True)])
            differences.append({"first": first, "second": second, "difference": mean,
                                "ci95": _finite(half),
                                "interval": [_finite(mean - half), _finite(mean + half)]})
    return {"players": players, "differences": differences}


def _signed(value: float | None, digits: int = 1) -> str:
    return "n/a" if value is None else f"{value:+.{digits}f}"


def table(data: dict[str, Any]) -> list[str]:
    """The report as text lines, for a terminal or a pipe (no colour, fixed columns)."""
    first, last = data["deal_seeds"]
    lines = [
        f"Duplicate match, rules {data['rules']['id']!r}: {data['deals']} deal "
        f"seed{'s' if data['deals'] != 1 else ''} "
        f"({first} to {last}),",
        f"each played {data['rotations']} times with the players rotated through the seats: "
        f"{data['games_per_player']} games per player.",
        "Scores are points per game (one deal played once at one seat, redeals included);",
        "95% intervals are over deal seeds. Times are per decision of each player.",
        "",
    ]
    width = max(6, *(len(p["name"]) for p in data["players"]))
    lines.append(f" #  {'player':<{width}}  {'mean/game':>9}  {'95% interval':<16}"
                 f"  {'taken':>5}  {'made':>5}  {'made %':>6}  {'slams made/decl.':>16}"
                 f"  {'mean ms':>7}  {'p95 ms':>7}")
    for player, timing in zip(data["players"], data["timing"]["decision_ms"], strict=True):
        low, high = player["interval"]
        interval = f"[{_signed(low)}, {_signed(high)}]"
        made_percent = ("n/a" if player["made_percent"] is None
                        else f"{player['made_percent']:.1f}%")
        slams = f"{player['slams']['made']}/{player['slams']['declared']}"
        lines.append(f"{player['index']:>2}  {player['name']:<{width}}  "
                     f"{_signed(player['mean']):>9}  {interval:<16}  {player['taken']:>5}  "
                     f"{player['made']:>5}  {made_percent:>6}  {slams:>16}  "
                     f"{timing['mean']:>7.3f}  {timing['p95']:>7.3f}")
    lines += ["", "Paired differences (the same hands; points per game, 95% interval over "
                  "deal seeds):"]
    compared = [p for p in data["players"] if p["vs"] is not None]
    for player in compared:
        vs = player["vs"]
        half = "n/a" if vs["ci95"] is None else f"{vs['ci95']:.1f}"
        lines.append(f"  {player['index']} {player['name']} - {vs['index']} {vs['name']}: "
                     f"{_signed(vs['difference'])} ± {half}")
    if not compared:
        lines.append("  none: every seat has the same player.")
    differences = data["by_name"]["differences"]
    if differences:
        lines += ["", "By player, its seats pooled (points per game, 95% interval over deal "
                      "seeds):"]
        for entry in differences:
            half = "n/a" if entry["ci95"] is None else f"{entry['ci95']:.1f}"
            lines.append(f"  {entry['first']} - {entry['second']}: "
                         f"{_signed(entry['difference'])} ± {half}")
    timing = data["timing"]
    lines += ["", f"Wall time {timing['wall_seconds']:.1f} s with --workers {timing['workers']}."]
    return lines


# -- the command -----------------------------------------------------------------------


def default_workers() -> int:
    """The CPUs this process may run on (its affinity, where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def _parse_players(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    from tarot.bots.registry import MEASURING_PLAYERS, PLAYERS

    names = tuple(name.strip() for name in value.split(","))
    everyone = [*PLAYERS, *MEASURING_PLAYERS]  # the yardstick too: simulate measures
    known = ", ".join(everyone)
    unknown = list(dict.fromkeys(name for name in names if name not in everyone))
    if unknown:
        raise click.BadParameter(f"no computer player is called "
                                 f"{', '.join(repr(n) for n in unknown)}; the players are: "
                                 f"{known}", ctx, param)
    if len(names) != SEATS:
        raise click.BadParameter(f"give {SEATS} players, one per seat, separated by commas "
                                 f"(got {len(names)}); e.g. rules,random,random,random",
                                 ctx, param)
    return names


def _load_rules(ctx: click.Context, param: click.Parameter, value: str) -> RuleSet:
    from tarot.rules import RulesError, load_rules

    try:
        return load_rules(value)
    except RulesError as error:
        raise click.BadParameter(str(error), ctx, param) from None


@click.command()
@click.option("--deals", type=click.IntRange(min=1), default=1000, show_default=True,
              help="How many deal seeds; each is played 4 times, so every player plays "
                   "4 × DEALS games.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="The first deal seed (the deal seeds are SEED .. SEED + DEALS - 1); the "
                   "same arguments give the same figures.")
@click.option("--players", "names", default="rules,random,random,random", show_default=True,
              callback=_parse_players, metavar="A,B,C,D",
              help="Exactly four computer players, one per seat, comma-separated, by "
                   "their registry names (a wrong name lists them; a name may repeat). "
                   "They are reported by their index in this list.")
@click.option("--rules", "ruleset", default="standard", show_default=True,
              callback=_load_rules, metavar="NAME|PATH",
              help="A rule set name (standard, fft) or a path to a .toml file.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Worker processes [default: the CPUs this process may use]. The figures "
                   "are the same for any number.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the results as one JSON document on standard output.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def simulate(deals: int, seed: int, names: tuple[str, ...], ruleset: RuleSet,
             workers: int | None, as_json: bool, quiet: bool) -> None:
    """Duplicate matches between computer players.

    Every deal seed is played four times, the players moved one seat round the
    table each time, so that each holds every hand and the luck of the cards
    cancels. Reported per player: the mean score per game (one deal played
    once) with its 95% interval, contracts taken and made, slams, the time of
    its decisions, and the paired difference with the next different player.

    \b
    Example: tarot simulate --deals 1000 --seed 1 --players rules,random,random,random
    """
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    workers = workers or default_workers()
    # The bar is for a person watching: never in a pipe or a log file, where its
    # redraws would be noise; stdout stays clean for the table or the JSON either way.
    show = not quiet and sys.stderr.isatty()
    progress = Progress(TextColumn("deal seeds"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(),
                        console=Console(stderr=True), transient=True, disable=not show)
    start = time.perf_counter()
    with progress:
        bar = progress.add_task("simulate", total=deals)
        records = run_simulation(names, deals, seed, ruleset, workers,
                                 on_progress=lambda n: progress.advance(bar, n))
    data = report(names, records, seed, ruleset, workers, time.perf_counter() - start)
    if as_json:
        click.echo(json.dumps(data, indent=2, allow_nan=False))
    else:
        for line in table(data):
            click.echo(line)
