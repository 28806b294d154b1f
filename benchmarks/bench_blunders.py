"""Beginner's mistakes per level (tarot/bots/blunders.py): figures, not a test.

    python benchmarks/bench_blunders.py [--deals 200] [--levels easy,rules,normal,strong]

The level sits at one seat (a different one each deal) against three ``rules``
players, on deals 1..N; its card decisions with a choice are counted, and each kind
of mistake (the Petit lost with another card legal, an honour wasted second or third
before the taker, the Excuse kept to the last trick) per 1,000 of them.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from tarot.bots.base import ask
from tarot.bots.blunders import blunders, tally
from tarot.bots.registry import make_player
from tarot.game import Game

KINDS = ("petit_lost", "honour_wasted", "excuse_kept")


def measure(level: str, deals: int) -> tuple[Counter[str], int]:
    player = make_player(level)
    others = make_player("rules")
    found: Counter[str] = Counter()
    decisions = 0
    for seed in range(1, deals + 1):
        seat = seed % 4
        game = Game.new(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            turn = game.turn
            assert turn is not None
            game.play(ask(player if turn == seat else others, game, rng))
        mistakes, count = blunders(game, [seat])
        found += tally(mistakes)
        decisions += count
    return found, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--levels", default="easy,rules,normal,strong")
    args = parser.parse_args()
    print(f"{args.deals} deals a level, one seat against three rules players")
    print(f"{'level':<14}{'decisions':>10}" + "".join(f"{k:>16}" for k in KINDS)
          + "   (count, per 1,000 decisions)")
    for level in args.levels.split(","):
        found, decisions = measure(level, args.deals)
        print(f"{level:<14}{decisions:>10}" + "".join(
            f"{found[k]:>7} {1000 * found[k] / max(decisions, 1):>7.1f} " for k in KINDS))


if __name__ == "__main__":
    main()
