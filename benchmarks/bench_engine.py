"""Engine benchmark: prints its figures; it is not a test and asserts nothing.

    python benchmarks/bench_engine.py [--deals 2000] [--logs 500] [--repeat 3]

Figures, each the best of ``--repeat`` runs on one core:

- deals/s: complete deals with random legal actions through the real engine
  (``Game.play``: checked actions, the phase machine, every event kept in the
  game's log), auction, discard, poignées and chelem included;
- deals/s with the JSON log: the same, each event also serialised to a JSON line;
- validations/s: ``tarot.log.replay_lines`` on saved logs (schema, seq, seed,
  legality of every decision, every derived event recomputed);
- a lean pure-Python random deal without rules checks or log, to calibrate the machine;
- the wall time of ``tarot --help`` in a fresh process.

Targets (issue 2): at least 2,000 deals/s and 1,000 validations/s; issue 11: in
ratios to the calibration deal measured in the same run, at least 0.65 for the
engine, 0.45 with the JSON log and 0.40 for validation.
"""

from __future__ import annotations

import argparse
import io
import random
import subprocess
import sys
import time
from collections.abc import Callable

from tarot.bots.random_player import random_action
from tarot.engine.game import Game
from tarot.log import LogWriter, dumps_log, replay_lines


def random_deal(seed: int, rng: random.Random) -> Game:
    game = Game.new(seed=seed)
    while not game.is_over:
        game.play(random_action(game.state, rng))
    return game


def random_deal_logged(seed: int, rng: random.Random) -> Game:
    game = Game.new(seed=seed)
    writer = LogWriter(io.StringIO(), game.header)
    writer.write(game.events)
    while not game.is_over:
        writer.write(game.play(random_action(game.state, rng)))
    return game


def lean_deal(rng: random.Random) -> int:
    """Random legal card play with sets and lists: the floor the engine is compared to."""
    suit = [c // 14 if c < 56 else (4 if c < 77 else -1) for c in range(78)]
    deck = list(range(78))
    rng.shuffle(deck)
    hands = [set(deck[i * 18:(i + 1) * 18]) for i in range(4)]
    leader = 0
    for _ in range(18):
        trick: list[int] = []
        for k in range(4):
            seat = (leader + k) % 4
            led = next((c for c in trick if c != 77), None)
            legal = list(hands[seat])
            if led is not None:
                follow = [c for c in hands[seat] if suit[c] == suit[led]]
                if not follow:
                    follow = [c for c in hands[seat] if suit[c] == 4]
                if follow and suit[follow[0]] == 4:
                    high = max([c for c in trick if suit[c] == 4], default=0)
                    follow = [c for c in follow if c > high] or follow
                legal = (follow or [c for c in hands[seat] if c != 77]) + \
                    ([77] if 77 in hands[seat] else [])
            card = legal[int(rng.random() * len(legal))]
            hands[seat].discard(card)
            trick.append(card)
        trumps = [c for c in trick if suit[c] == 4]
        if trumps:
            winner = trick.index(max(trumps))
        else:
            led_suit = suit[next(c for c in trick if c != 77)]
            winner = max((i for i, c in enumerate(trick) if suit[c] == led_suit),
                         key=trick.__getitem__)
        leader = (leader + winner) % 4
    return leader


def best_rate(run: Callable[[], int], repeat: int) -> float:
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        count = run()
        rates.append(count / (time.perf_counter() - start))
    return max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--logs", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    def engine() -> int:
        rng = random.Random(1)
        for seed in range(args.deals):
            random_deal(seed, rng)
        return args.deals

    def engine_logged() -> int:
        rng = random.Random(1)
        for seed in range(args.deals):
            random_deal_logged(seed, rng)
        return args.deals

    def lean() -> int:
        rng = random.Random(1)
        for _ in range(args.deals):
            lean_deal(rng)
        return args.deals

    rng = random.Random(2)
    logs = [dumps_log(g.header, g.events).splitlines()
            for g in (random_deal(seed, rng) for seed in range(args.logs))]
    events = sum(len(lines) - 1 for lines in logs)

    def validate() -> int:
        for lines in logs:
            replay_lines(lines)
        return len(logs)

    random_deal(0, random.Random(0))  # warm the caches (rule set, adapters)
    # Measured interleaved, each the best of --repeat, so that the ratios to the
    # calibration deal (issue 11's targets) compare runs under the same load.
    rates = {"engine": 0.0, "logged": 0.0, "validate": 0.0, "lean": 0.0}
    runs = {"engine": engine, "logged": engine_logged, "validate": validate, "lean": lean}
    for _ in range(args.repeat):
        for name, run in runs.items():
            rates[name] = max(rates[name], best_rate(run, 1))
    lean_rate = rates["lean"]
    print(f"python {sys.version.split()[0]}, best of {args.repeat} runs, one core")
    print(f"engine, random legal play, log in memory: {rates['engine']:8.0f} deals/s"
          f"   {rates['engine'] / lean_rate:.2f}x calibration (targets >= 2000/s, >= 0.65x)")
    print(f"engine, random legal play, JSON log:      {rates['logged']:8.0f} deals/s"
          f"   {rates['logged'] / lean_rate:.2f}x calibration (target >= 0.45x)")
    print(f"log validation ({events / len(logs):.0f} events a log):  "
          f"{rates['validate']:8.0f} logs/s    {rates['validate'] / lean_rate:.2f}x calibration"
          " (targets >= 1000/s, >= 0.40x)")
    print(f"lean random deal, no rules checks, no log: {lean_rate:8.0f} deals/s   (calibration)")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tarot.ui.cli", "--help"], check=True,
                   capture_output=True)
    print(f"tarot --help in a fresh process:          {time.perf_counter() - start:8.3f} s"
          "        (target < 0.25)")


if __name__ == "__main__":
    main()
