"""What grows with the work, per unit of work: prints its figures; it asserts nothing.

    python benchmarks/bench_growth.py [--sizes 10,100,1000] [--repeat 3]

- **undo**: a practice log of N bids each taken back, loaded by ``tarot.log.load_log``
  (what ``tarot validate``, ``tarot review`` and ``--resume`` read): the time per undo.
- **match**: a match of N deals played by ``tarot.ui.session`` (random players, the
  line mode's score sheet after each deal, each deal's log written and the index grown):
  the time per deal, and the deal logs read per deal.

Linear means the same figure per unit at every N.

The best of ``--repeat`` runs is printed (CPU time of this process): the machine is
shared, so compare the figures of one run with each other, not with another run's.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import tarot.log
import tarot.ui.session
from tarot.bots.registry import make_player
from tarot.engine.game import Game
from tarot.log import LogWriter, dumps_log, load_log
from tarot.storage.match_file import SheetRow, sheet_lines
from tarot.storage.named_deals import Script
from tarot.storage.score_sheet import SHEET_LAST_DEALS
from tarot.ui.session import PlayOptions, play_session

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


class QuickTable:
    """A table that plays every deal with random players and makes the sheet's lines."""

    def __init__(self) -> None:
        self.sheet_lines = 0

    def seat_names(self, person: int | None, players: int = 4) -> tuple[str, ...]:
        return ("South", "West", "North", "East")[:players]

    def show(self, line: str) -> None:
        pass

    def play(self, game: Game, players: tuple[str, ...], script: Script | None, path: Path,
             resume_with: Path | None, match_line: str | None) -> bool:
        bots = [make_player("random", game.rules) for _ in range(game.rules.players)]
        written = len(game.events)
        rng = random.Random(len(game.events))
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            game.play(bots[seat].choose(game.view(seat), game.legal_actions(), rng))
        with path.open("a", encoding="utf-8") as stream:
            LogWriter(stream, game.header, already_written=written).write(
                game.events[written:])
        return True

    def another_deal(self) -> bool:
        return True

    def show_sheet(self, rows: Sequence[SheetRow], names: tuple[str, ...],
                   contracts: Mapping[str, str]) -> None:
        self.sheet_lines += len(sheet_lines(list(rows), names, dict(contracts),
                                            last=SHEET_LAST_DEALS))


def match_cost(deals: int, folder: Path) -> tuple[float, int]:
    """CPU seconds and deal logs read to play a match of ``deals`` deals."""
    loads = 0

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal loads
        loads += 1
        return load_log(*args, **kwargs)  # type: ignore[arg-type]

    tarot.log.load_log, tarot.ui.session.load_log = counted, counted  # type: ignore[assignment]
    try:
        save = folder / f"match-{deals}-{time.monotonic_ns()}.jsonl"
        start = time.process_time()
        play_session(PlayOptions(seed=4, save_path=save, level="random", deals=deals,
                                 auto=True), QuickTable())
        return time.process_time() - start, loads
    finally:
        tarot.log.load_log, tarot.ui.session.load_log = load_log, load_log


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
        print()
        print(f"{'deals':>7} {'match s':>9} {'ms/deal':>9} {'logs read':>10}")
        for deals in sizes:
            seconds, loads = min(match_cost(deals, Path(folder)) for _ in range(args.repeat))
            print(f"{deals:>7} {seconds:>9.3f} {1000 * seconds / deals:>9.3f} {loads:>10}")


if __name__ == "__main__":
    main()
