"""What grows with the work, per unit of work: prints its figures; it asserts nothing.

    python benchmarks/bench_growth.py [--sizes 10,100,1000] [--repeat 3]

- **undo**: a practice log of N bids each taken back, loaded by ``tarot.log.load_log``
  (what ``tarot validate``, ``tarot review`` and ``--resume`` read): the time per undo.
  Linear means the same figure at every N.

The best of ``--repeat`` runs is printed (CPU time of this process): the machine is
shared, so compare the figures of one run with each other, not with another run's.
"""

from __future__ import annotations

import argparse
import dataclasses
import tempfile
import time
from pathlib import Path

from tarot.engine.game import Game
from tarot.log import dumps_log, load_log

PEOPLE = ("person", "rules", "rules", "rules")


def practice_log(undos: int, folder: Path) -> Path:
    """A practice game's log: the person bids and takes it back ``undos`` times."""
    game = Game.new(seed=7, players=PEOPLE)
    game.header = dataclasses.replace(game.header, practice=True)
    while game.turn != 0:
        game.play(game.legal_actions()[0])
    for _ in range(undos):
        game.play(game.legal_actions()[0])
        game.undo()
    path = folder / f"practice-{undos}.jsonl"
    path.write_text(dumps_log(game.header, game.events))
    return path


def best_seconds(repeat: int, work: object) -> float:
    assert callable(work)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,100,1000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'undos':>7} {'lines':>7} {'load s':>9} {'ms/undo':>9}")
        for undos in sizes:
            path = practice_log(undos, Path(folder))
            lines = len(path.read_text().splitlines())
            seconds = best_seconds(args.repeat, lambda p=path: load_log(p, allow_incomplete=True))
            print(f"{undos:>7} {lines:>7} {seconds:>9.3f} {1000 * seconds / undos:>9.3f}")


if __name__ == "__main__":
    main()
