"""What is the Excuse worth kept, to the sampling player? Figures, no asserts.

    python benchmarks/bench_excuse.py [--deals 200] [--seed 1] [--keep 0,3,6,8] [--level normal]

The playouts of the sampling player spend the Excuse only at the end, so the
player counts it ``Settings.excuse_keep`` card points (times the contract's
multiplier) against playing it early. For each keep value this plays the level
against three rules players on the same duplicate deals as ``tarot simulate
--players normal,rules,rules,rules`` (same deal seeds, same generators, so the
value in use reproduces that command's figures), then prints each value's mean
score per game and its difference from the first value, paired by deal seed.
Only the deals where a decision changes differ, which keeps the interval
narrower than two separate matches would.
"""

from __future__ import annotations

import argparse
import dataclasses
from multiprocessing import get_context

from tarot.bots.registry import make_player
from tarot.bots.rules_player import RulesPlayer
from tarot.bots.sampling import SamplingPlayer
from tarot.match import SEATS, mean_ci, play_game


def _seed_mean(task: tuple[int, int, str, int]) -> float:
    """The level's mean score per game on one deal seed, played at each seat in turn."""
    deal_seed, seed, level, keep = task
    base = make_player(level)
    assert isinstance(base, SamplingPlayer), f"{level} is not a sampling player"
    total = 0
    for rotation in range(SEATS):
        player = SamplingPlayer(dataclasses.replace(base.settings, excuse_keep=keep),
                                name=level, rules=base.rules)
        game = play_game([player, RulesPlayer(), RulesPlayer(), RulesPlayer()],
                         deal_seed, rotation, seed)
        assert game.settlement is not None
        total += game.settlement.scores[rotation]
    return total / SEATS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", default="0,3,6,8",
                        help="keep values in card points, comma-separated; the first is the base")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    keeps = [int(k) for k in args.keep.split(",")]
    seeds = range(args.seed, args.seed + args.deals)
    means: dict[int, list[float]] = {}
    with get_context("spawn").Pool(args.workers) as pool:
        for keep in keeps:
            tasks = [(s, args.seed, args.level, keep) for s in seeds]
            means[keep] = pool.map(_seed_mean, tasks, chunksize=4)
    print(f"{args.level} against three rules players, {args.deals} duplicate deals "
          f"from seed {args.seed}; per game")
    base_label = f"diff vs keep {keeps[0]}"
    print(f"{'keep':>5} {'mean':>8} {'vs rules (pooled)':>18} {base_label:>22}")
    for keep in keeps:
        mean, _ = mean_ci(means[keep])
        pooled = mean * SEATS / (SEATS - 1)  # the three rules seats share what it wins
        diff = ""
        if keep != keeps[0]:
            d, half = mean_ci([a - b for a, b in zip(means[keep], means[keeps[0]], strict=True)])
            diff = f"{d:+.2f} ± {half:.2f}"
        print(f"{keep:>5} {mean:>+8.2f} {pooled:>+18.2f} {diff:>22}")


if __name__ == "__main__":
    main()
