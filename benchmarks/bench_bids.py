"""Where a forced Garde breaks even, by hand strength: the rules player's bid thresholds.

    python benchmarks/bench_bids.py [--rules standard-5] [--deals 3000]

On deals 1..N the first seat to speak is made to bid Garde and every other seat passes;
the rules player then plays every seat (the call, the discard, the cards). The mean
score per defender as a function of :func:`tarot.bots.rules_player.hand_strength` of the
taker's dealt hand is fitted by least squares over the middle of the strengths (where
the line crosses zero); where it crosses zero is the Garde threshold. Printed: the
crossing, the fit, and the mean score per defender by band of strength.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from tarot.bots.base import ask
from tarot.bots.rules_player import RulesPlayer, hand_strength
from tarot.engine.cards import mask_of_codes
from tarot.engine.events import Bid
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules


def forced_garde(rules_name: str, deals: int) -> list[tuple[int, int]]:
    rules = load_rules(rules_name)
    player = RulesPlayer(rules=rules)
    results = []
    for seed in range(1, deals + 1):
        game = Game.new(seed=seed, rules=rules)
        first = game.turn
        assert first is not None
        strength = hand_strength(mask_of_codes(game.view(first).hand))
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            if game.state.phase == "auction" and not game.state.call_due:
                game.play(Bid(seat=seat, contract="garde" if seat == first else None))
            else:
                game.play(ask(player, game, rng))
            if game.state.deal_number > 0:
                break  # a petit sec redeal: not this hand's result
        settlement = game.settlement
        if settlement is not None and game.state.deal_number == 0:
            results.append((strength, settlement.per_defender))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--deals", type=int, default=3000)
    args = parser.parse_args()
    results = forced_garde(args.rules, args.deals)
    strengths = sorted(s for s, _ in results)
    low, high = strengths[len(strengths) // 10], strengths[9 * len(strengths) // 10]
    middle = [(s, d) for s, d in results if low <= s <= high]
    n = len(middle)
    mean_s = sum(s for s, _ in middle) / n
    mean_d = sum(d for _, d in middle) / n
    slope = (sum((s - mean_s) * (d - mean_d) for s, d in middle)
             / sum((s - mean_s) ** 2 for s, _ in middle))
    crossing = mean_s - mean_d / slope
    print(f"{args.rules}: {len(results)} forced Gardes; strength 10th-90th percentile "
          f"{low}..{high}; fit D = {mean_d:+.1f} {slope:+.2f} x (strength - {mean_s:.1f}); "
          f"break-even at strength {crossing:.1f}")
    bands: dict[int, list[int]] = defaultdict(list)
    for strength, per_defender in results:
        bands[strength // 10 * 10].append(per_defender)
    for band in sorted(bands):
        values = bands[band]
        mean = sum(values) / len(values)
        print(f"  {band:>3}-{band + 9:<3} {len(values):>5} deals  mean D {mean:+7.1f}")


if __name__ == "__main__":
    main()
