"""What is the Excuse worth kept, to the sampling player? Figures, no asserts.

    python benchmarks/bench_excuse.py [--deals 200] [--seed 1] [--keep 0,3,6,8] [--level normal]

The playouts of the sampling player spend the Excuse at the end, or in place
of a card worth more than two points, so they hardly see what it saves when
kept; the player counts it ``Settings.excuse_keep`` card points (times the contract's
multiplier) against playing it early. For each keep value this plays the level
against three rules players on the same duplicate deals as ``tarot simulate
--players normal,rules,rules,rules`` (same deal seeds, same generators, so the
value in use reproduces that command's figures), then prints each value's mean
score per game, the pooled ``normal - rules`` difference as ``tarot simulate``
prints it, and how much that moves from the first value, paired by deal seed.
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

POOLED = SEATS / (SEATS - 1)  # the level's mean → its difference from the rules seats' mean


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
          f"from seed {args.seed}, per game: its own mean; {args.level} - rules with the "
          "rules seats pooled (4/3 of its mean: the scores of a game sum to 0); and how "
          "much that moves against the first keep value, paired by deal seed")
    base_label = f"change vs keep {keeps[0]}"
    print(f"{'keep':>5} {'own mean':>9} {args.level + ' - rules':>18} {base_label:>20}")
    for keep in keeps:
        mean, half = mean_ci(means[keep])
        pooled = f"{mean * POOLED:+.2f} ± {half * POOLED:.2f}"
        diff = ""
        if keep != keeps[0]:
            d, d_half = mean_ci([a - b for a, b in zip(means[keep], means[keeps[0]],
                                                       strict=True)])
            diff = f"{d * POOLED:+.2f} ± {d_half * POOLED:.2f}"
        print(f"{keep:>5} {mean:>+9.2f} {pooled:>18} {diff:>20}")


if __name__ == "__main__":
    main()
