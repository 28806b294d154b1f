"""Engine benchmark: prints its figures; it is not a test and asserts nothing.

    python benchmarks/bench_engine.py [--deals 1000] [--logs 300] [--repeat 3] [--players 4 3 5]
        [--against CHECKOUT [--rounds 2]]

Every figure is a ratio to a lean reference implementation of the same rules
(``benchmarks/lean_reference.py``: the deal and redeals, the auction, the call, the
discard, the chelem's declaration, poignées, the tricks and the settlement, in
compact plain Python, no checks, no log), measured in the same run, interleaved,
each the best of ``--repeat``, in CPU time (the machine is shared: wall time
measures the neighbours):

- random complete deals through the real engine (``Game.play``: checked actions, the
  phase machine, every event kept in the game's log), with ``random_action``'s choices;
- the same, each event also written as a JSON line (``LogWriter``);
- logs validated (``tarot.log.replay_lines``: schema, seq, seed, legality of every
  decision, every derived event recomputed), from lines in memory and from files
  (``tarot.log.read_log``), as ``tarot validate`` reads them.

A deal is the same unit on both sides (one complete deal and its redeals). Targets:
the engine at least 0.8x the reference; the JSON log and validation at least 0.5x.
The old calibration (card play alone at four players, no auction and no score) is
printed too, to compare with the figures measured against it before.

``--against CHECKOUT`` runs this benchmark (this file and its reference) on this
checkout's ``tarot`` and on CHECKOUT's, in child processes, one after the other
``--rounds`` times: before and after a change, each a ratio to the reference measured
in its own run.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from lean_reference import lean_deal

from tarot.bots.random_player import random_action
from tarot.engine.game import Game
from tarot.log import LogWriter, dumps_log, read_log, replay_lines

RULES = {3: "standard-3", 4: "standard", 5: "standard-5"}


def random_deal(seed: int, rng: random.Random, rules: str = "standard") -> Game:
    game = Game.new(seed=seed, rules=rules)
    while not game.is_over:
        game.play(random_action(game.state, rng))
    return game


def random_deal_logged(seed: int, rng: random.Random, rules: str = "standard") -> Game:
    game = Game.new(seed=seed, rules=rules)
    writer = LogWriter(io.StringIO(), game.header)
    writer.write(game.events)
    while not game.is_over:
        writer.write(game.play(random_action(game.state, rng)))
    return game


def card_play_only(rng: random.Random) -> int:
    """The old calibration: random legal card play at four, with sets and lists, no
    auction, no discard, no score, no log."""
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


def cpu_rate(run: Callable[[], int]) -> float:
    start = time.process_time()
    count = run()
    return count / max(time.process_time() - start, 1e-9)


def compare(args: argparse.Namespace) -> None:
    """This benchmark on this checkout and on ``args.against``, in child processes, in turn."""
    here = Path(__file__).resolve().parents[1]
    options = ["--deals", str(args.deals), "--logs", str(args.logs), "--repeat",
               str(args.repeat), "--players", *map(str, args.players)]
    for round_number in range(1, args.rounds + 1):
        for checkout in (args.against.resolve(), here):
            result = subprocess.run([sys.executable, __file__, *options], cwd=checkout,
                                    env={**os.environ, "PYTHONPATH": str(checkout)},
                                    check=True, capture_output=True, text=True)
            print(f"== round {round_number}, {checkout}")
            print(result.stdout, end="")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--logs", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", type=int, nargs="+", default=[4, 3, 5],
                        choices=sorted(RULES))
    parser.add_argument("--against", type=Path, help="another checkout to measure alike")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    if args.against is not None:
        compare(args)
        return
    deals = args.deals
    runs: dict[str, Callable[[], int]] = {}

    for players in args.players:
        rules = RULES[players]

        def engine(rules: str = rules) -> int:
            rng = random.Random(1)
            for seed in range(deals):
                random_deal(seed, rng, rules)
            return deals

        def logged(rules: str = rules) -> int:
            rng = random.Random(1)
            for seed in range(deals):
                random_deal_logged(seed, rng, rules)
            return deals

        def lean(players: int = players) -> int:
            rng = random.Random(1)
            for _ in range(deals):
                lean_deal(rng, players)
            return deals

        runs[f"engine {players}"] = engine
        runs[f"json {players}"] = logged
        runs[f"lean {players}"] = lean
        random_deal(0, random.Random(0), rules)  # warm the caches (rule set, adapters)

    rng = random.Random(2)
    logs = [dumps_log(g.header, g.events)
            for g in (random_deal(seed, rng) for seed in range(args.logs))]
    log_lines = [text.splitlines() for text in logs]
    events = sum(len(lines) - 1 for lines in log_lines)
    folder = tempfile.TemporaryDirectory()
    paths = [Path(folder.name) / f"{n}.jsonl" for n in range(len(logs))]
    for path, text in zip(paths, logs, strict=True):
        path.write_text(text, encoding="utf-8")

    def validate_memory() -> int:
        for lines in log_lines:
            replay_lines(lines)
        return len(log_lines)

    def validate_files() -> int:
        for path in paths:
            read_log(path)
        return len(paths)

    runs["validate memory"] = validate_memory
    runs["validate files"] = validate_files
    runs["card play only"] = lambda: (
        [card_play_only(random.Random(seed)) for seed in range(deals)] and deals)

    rates = dict.fromkeys(runs, 0.0)
    for _ in range(args.repeat):  # interleaved: each round runs everything once
        for name, run in runs.items():
            rates[name] = max(rates[name], cpu_rate(run))
    folder.cleanup()

    print(f"python {sys.version.split()[0]}, best of {args.repeat} interleaved runs, CPU time,"
          f" {deals} deals, {len(logs)} logs of {events / len(logs):.0f} events")
    for players in args.players:
        lean_rate = rates[f"lean {players}"]
        print(f"{players} players: lean reference {lean_rate:7.0f} deals/s;"
              f" engine {rates[f'engine {players}']:7.0f} deals/s"
              f" {rates[f'engine {players}'] / lean_rate:5.2f}x (target >= 0.8x);"
              f" JSON lines {rates[f'json {players}']:7.0f} deals/s"
              f" {rates[f'json {players}'] / lean_rate:5.2f}x (target >= 0.5x)")
    lean4 = rates.get("lean 4", rates[f"lean {args.players[0]}"])
    for name in ("validate memory", "validate files"):
        print(f"{name.replace('validate', 'logs validated, from'):30} {rates[name]:7.0f} logs/s"
              f"  {rates[name] / lean4:5.2f}x the reference at 4 (target >= 0.5x)")
    card_rate = rates["card play only"]
    if "engine 4" in rates:
        print(f"old calibration (card play alone at 4) {card_rate:7.0f} deals/s: engine"
              f" {rates['engine 4'] / card_rate:.2f}x, JSON {rates['json 4'] / card_rate:.2f}x,"
              f" validation {rates['validate memory'] / card_rate:.2f}x")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tarot.ui.cli", "--help"], check=True,
                   capture_output=True)
    print(f"tarot --help in a fresh process: {time.perf_counter() - start:.3f} s wall"
          " (target < 0.25)")


if __name__ == "__main__":
    main()
