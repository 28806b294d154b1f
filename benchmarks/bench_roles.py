"""Where a level's margin over the yardstick comes from, by its role in each game. No asserts.

    python benchmarks/bench_roles.py [--level normal] [--deals 300] [--seed 101001]
        [--workers 2]

Each deal seed is played as ``tarot simulate --players LEVEL,Y,Y,Y`` plays it (the level
at each seat in turn, the yardstick ``rules-2026-11`` at the others), and once more with
the yardstick at every seat. Each of the level's games is compared with that last game at
the same seat: the level's score less the yardstick's there. The differences are grouped
by the level's role and the yardstick's at that seat (taker or defence) and by whether
both games were settled on the same deal (a pass-out redeals: then the two scores are of
different cards). Printed per group: the games, the mean difference, and its share of
the level's mean per game (the shares add up to it).
"""

from __future__ import annotations

import argparse
import collections
from concurrent.futures import ProcessPoolExecutor

from tarot.bots.registry import YARDSTICK, make_player
from tarot.duplicate.match import play_game
from tarot.engine.game import Game

SEATS = 4


def _role(game: Game, seat: int) -> str:
    settlement = game.settlement
    assert settlement is not None
    return "taker" if settlement.taker == seat else "defence"


def _seed_rows(task: tuple[str, int, int]) -> list[tuple[str, int, str, int]]:
    """(group, difference, the level's contract as taker or '', made) for each seat."""
    level, deal_seed, seed = task
    base = play_game([make_player(YARDSTICK)] * SEATS, deal_seed, 0, seed)
    rows = []
    for rotation in range(SEATS):
        players = [make_player(level)] + [make_player(YARDSTICK)] * (SEATS - 1)
        game = play_game(players, deal_seed, rotation, seed)
        seat = rotation % SEATS
        ours, theirs = game.settlement, base.settlement
        assert ours is not None and theirs is not None
        same = game.state.deal_number == base.state.deal_number
        group = (f"{'same deal' if same else 'other deal'}: "
                 f"{_role(game, seat)} / {_role(base, seat)}")
        contract = ours.contract if ours.taker == seat and same else ""
        rows.append((group, ours.scores[seat] - theirs.scores[seat], contract,
                     int(ours.contract_made)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=101001)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    tasks = [(args.level, s, args.seed) for s in range(args.seed, args.seed + args.deals)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [row for rows in pool.map(_seed_rows, tasks) for row in rows]
    games = len(rows)
    groups: dict[str, list[int]] = collections.defaultdict(list)
    for group, difference, _, _ in rows:
        groups[group].append(difference)
    print(f"{args.level} against three {YARDSTICK}, {args.deals} deals from seed {args.seed}: "
          f"its score less {YARDSTICK}'s at the same seat on the same seed, by role "
          f"(the level's / the yardstick's)")
    print(f"{'group':36} {'games':>6} {'mean':>9} {'share a game':>13}")
    for group, values in sorted(groups.items()):
        print(f"{group:36} {len(values):6} {sum(values) / len(values):+9.2f} "
              f"{sum(values) / games:+13.2f}")
    print(f"{'all':36} {games:6} {'':9} {sum(d for _, d, _, _ in rows) / games:+13.2f}")
    contracts: dict[str, list[tuple[int, int]]] = collections.defaultdict(list)
    for _, difference, contract, made in rows:
        if contract:
            contracts[contract].append((difference, made))
    for contract, pairs in sorted(contracts.items()):
        print(f"  as taker on the same deal, {contract:12} {len(pairs):5} games, "
              f"made {sum(m for _, m in pairs)}, share a game "
              f"{sum(d for d, _ in pairs) / games:+.2f}")


if __name__ == "__main__":
    main()
