"""Playouts per second of the sampling players: figures, not a test.

    python benchmarks/bench_playouts.py [--deals 40] [--repeat 3] [--against CHECKOUT]

A playout (``tarot.bots.playout.playout``) plays a deal with every hand known to
its end with the playout policy; ``normal`` and ``strong`` run thousands a
decision, so their speed is the playouts'. The positions are those of deals
played by the rules player, at the start of the card play and after 3, 6 and 9
tricks, with the cards played so far replayed through ``playout.play``.

Measured both ways: on the compiled search core (``tarot.bots._search_core``, where
``pip install`` built it) and on the Python code (``TAROT_PURE_PYTHON=1``), with the ratio.
``--against CHECKOUT`` measures the same positions with the code of another
checkout of this repository (``git worktree add /tmp/base e967d9f``, say) in a
child process, interleaved with this one, and prints the ratio: issue 11 asks
for 1.5 times the playouts per second of ``e967d9f``. Best of ``--repeat`` each.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

TRICK_STARTS = (0, 12, 24, 36)  # cards played before the playout starts


def positions(deals: int) -> list[tuple[object, object]]:
    # Imported here so that a child process run with --against's PYTHONPATH measures
    # that checkout's code.
    from tarot.bots.base import ask
    from tarot.bots.playout import Position, Scoring, play
    from tarot.bots.registry import make_player
    from tarot.engine import phases
    from tarot.engine.events import Play
    from tarot.engine.game import Game

    player = make_player("rules")
    out: list[tuple[object, object]] = []
    for seed in range(1, deals + 1):
        game = Game.new(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(ask(player, game, rng))
        if game.settlement is None or game.settlement.contract is None:
            continue
        replay = Game(game.header, game.rules)
        events = game.events
        first = next(i for i, e in enumerate(events) if isinstance(e, Play))
        for event in events[:first]:
            replay.record(event)
        state = replay.state
        assert state.phase == phases.TRICKS and state.contract_id is not None
        fate = state.chien_fate
        pile = state.discard if fate == "shown" else state.chien if fate == "taker" else 0
        pos = Position(list(state.hands), [], state.leader, state.taker, 0, pile, 0, 0, 0, 0)
        sc = Scoring.of(game.rules, state.contract_id,
                        [cards.bit_count() for _, cards in game.state.poignees],
                        game.state.chelem_declared)
        plays = [e for e in events[first:] if isinstance(e, Play)]
        from tarot.engine.cards import CARD_BY_CODE
        for played, event in enumerate(plays):
            if played in TRICK_STARTS:
                out.append((pos.copy(), sc))
            play(pos, CARD_BY_CODE[event.card], sc)
    return out


def playouts_per_second(deals: int, rounds: int) -> float:
    from tarot.bots.playout import playout

    starts = positions(deals)
    start = time.perf_counter()
    for _ in range(rounds):
        for pos, sc in starts:
            playout(pos.copy(), sc)  # type: ignore[attr-defined]
    return rounds * len(starts) / (time.perf_counter() - start)


def child(checkout: str, deals: int, rounds: int, pure_python: bool = False) -> float:
    env = dict(os.environ, PYTHONPATH=checkout)
    env.pop("TAROT_PURE_PYTHON", None)
    if pure_python:
        env["TAROT_PURE_PYTHON"] = "1"
    result = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", "--deals", str(deals),
         "--rounds", str(rounds)],
        env=env, cwd=checkout, check=True, capture_output=True, text=True)
    return float(result.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", metavar="CHECKOUT")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(playouts_per_second(args.deals, args.rounds))
        return
    here = str(Path(__file__).resolve().parents[1])
    best = {"this": 0.0, "python": 0.0, "against": 0.0}
    for _ in range(args.repeat):
        best["this"] = max(best["this"], child(here, args.deals, args.rounds))
        best["python"] = max(best["python"], child(here, args.deals, args.rounds, True))
        if args.against:
            best["against"] = max(best["against"], child(args.against, args.deals, args.rounds))
    print(f"python {sys.version.split()[0]}, best of {args.repeat} runs, one core, "
          f"{args.deals} deals x {len(TRICK_STARTS)} starting points x {args.rounds} rounds")
    print(f"this checkout:     {best['this']:8.0f} playouts/s (the compiled core if built)")
    print(f"TAROT_PURE_PYTHON: {best['python']:8.0f} playouts/s (the Python code)")
    print(f"ratio:             {best['this'] / best['python']:8.1f}x")
    if args.against:
        print(f"{args.against}: {best['against']:8.0f} playouts/s")
        print(f"ratio:             {best['this'] / best['against']:8.2f}x (issue 11: >= 1.5x"
              " against e967d9f)")


if __name__ == "__main__":
    main()
