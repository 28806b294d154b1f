"""How long each computer level takes to decide, on one core: figures, not a test.

    python benchmarks/bench_players.py [--deals 12] [--levels easy,rules,normal,strong]
                                       [--rules standard-5]

For each level, the level plays one seat (a different seat each deal) against
rules players at the other seats (three, four or five in all, by ``--rules``), and
every one of its decisions is timed: mean, median, 95th percentile and maximum, in
milliseconds, over all decisions (bids, discards and cards alike) and over card
decisions with a choice. One process, so one core; nothing else should run meanwhile.

The search core is the compiled one where ``pip install`` built it, and the Python code
with ``TAROT_PURE_PYTHON=1``: the first line says which. Issue 28's targets: ``strong``
p95 within 0.5 s on the compiled core, 1 s on the Python code.

Targets (issue 5): ``normal`` within 300 ms per decision on average, ``strong``
within 1 s at the 95th percentile.
"""

from __future__ import annotations

import argparse
import random
import time

from tarot.bots import search_core
from tarot.bots.base import ask
from tarot.bots.registry import make_player
from tarot.duplicate.simulate import percentile
from tarot.engine import phases
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules


def time_level(level: str, deals: int, seed: int, rules_name: str = "standard"
               ) -> tuple[list[float], list[float], list[float]]:
    """Milliseconds of each of the level's decisions, of its card choices, and of its bids."""
    ruleset = load_rules(rules_name)
    player = make_player(level, ruleset)
    rules = make_player("rules", ruleset)
    every: list[float] = []
    cards: list[float] = []
    bids: list[float] = []
    for deal_seed in range(seed, seed + deals):
        game = Game.new(seed=deal_seed, rules=ruleset)
        seat = deal_seed % ruleset.players
        rng = random.Random(deal_seed)
        while not game.is_over:
            turn = game.turn
            assert turn is not None
            if turn != seat:
                game.play(ask(rules, game, rng))
                continue
            choices = len(game.legal_actions())
            card_phase = game.phase == phases.TRICKS
            bid_phase = game.phase == phases.AUCTION and not game.state.call_due
            start = time.perf_counter()
            action = ask(player, game, rng)
            elapsed = (time.perf_counter() - start) * 1000
            every.append(elapsed)
            if card_phase and choices > 1:
                cards.append(elapsed)
            if bid_phase:
                bids.append(elapsed)
            game.play(action)
    return every, cards, bids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,rules,normal,strong")
    parser.add_argument("--rules", default="standard")
    args = parser.parse_args()
    print(f"{args.deals} deals a level, rules {args.rules!r}, one seat against rules "
          "players, one core, on the "
          + ("compiled search core" if search_core.CORE is not None else "Python code"))
    print(f"{'level':8} {'decisions':>9} {'mean ms':>8} {'median':>8} {'p95':>8} {'max':>8}"
          f"   {'card choices: mean':>18} {'p95':>8}   {'bids: mean':>10} {'max':>8}")
    for level in args.levels.split(","):
        every, cards, bids = time_level(level, args.deals, args.seed, args.rules)
        card_mean = sum(cards) / len(cards) if cards else 0.0
        bid_mean = sum(bids) / len(bids) if bids else 0.0
        print(f"{level:8} {len(every):9} {sum(every) / len(every):8.1f} "
              f"{percentile(every, 0.5):8.1f} {percentile(every, 0.95):8.1f} {max(every):8.1f}"
              f"   {card_mean:18.1f} {percentile(cards, 0.95):8.1f}"
              f"   {bid_mean:10.1f} {max(bids, default=0.0):8.1f}")


if __name__ == "__main__":
    main()
