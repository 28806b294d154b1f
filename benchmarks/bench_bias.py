"""How far the sampling player's value of the card it plays is from what the deal then
scores: the bias of its playouts. No asserts.

    python benchmarks/bench_bias.py [--deals 10] [--seed 1] [--level normal]
        [--blind 0,1,2] [--against rules-2026-11]

One ``--level`` seat (with ``Settings.blind`` at each value given) plays against three
``--against`` players, deals ``seed..seed+deals-1``, each at every seat (the duplicate
rotation). At every card decision it searches (two distinct cards or more, before the
exact endgame search) this records the mean score it gave the card it played, per
defender and signed for its side (``SamplingPlayer.card_values``), and the deal's real
score, signed the same way. A playout whose players see every hand misjudges in both
directions (the seat's own later cards are clairvoyant, and so are the opponents'), so
it prints the mean of value minus score (positive: the playouts promise more than the
deal gives), the mean absolute gap, each with a 95% interval, and the
level's mean score per game. The intervals are over games (a game's decisions share its
score), so they are wide: a few dozen deals tell a bias of some ten points.
"""

from __future__ import annotations

import argparse
import dataclasses
import random

from tarot.bots.base import ask
from tarot.bots.registry import YARDSTICK, make_player
from tarot.bots.sampling import SamplingPlayer
from tarot.duplicate.match import SEATS, mean_ci, player_rng
from tarot.engine.game import Game
from tarot.engine.views import PlayerView


class _Recording(SamplingPlayer):
    """A sampling player that keeps the value of each card it chose after a search."""

    def __init__(self, base: SamplingPlayer, blind: int) -> None:
        super().__init__(dataclasses.replace(base.settings, blind=blind), name=base.name,
                         rules=base.rules, style=base.fallback.style)
        self.values: list[float] = []

    def best_card(self, view: PlayerView, legal: int, rng: random.Random) -> int:
        values = self.card_values(view, legal, rng)
        card = max(values, key=lambda c: (values[c], -c))
        if len(values) > 1 and len(view.hand) > self.settings.exact_cards:
            self.values.append(values[card])
        return card


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--blind", default="0,1,2")
    parser.add_argument("--against", default=YARDSTICK)
    args = parser.parse_args()
    base = make_player(args.level)
    assert isinstance(base, SamplingPlayer), f"{args.level} is not a sampling player"
    print(f"{args.level} against three {args.against}, deals {args.seed}.."
          f"{args.seed + args.deals - 1} at every seat; per searched decision: the value of "
          f"the card played minus the deal's score (per defender, the seat's side)")
    print(f"{'blind':>5} {'decisions':>9} {'value - score':>16} {'|value - score|':>16} "
          f"{'score/game':>16}")
    for blind in (int(b) for b in args.blind.split(",")):
        gaps: list[list[float]] = []
        scores: list[float] = []
        for deal_seed in range(args.seed, args.seed + args.deals):
            for rotation in range(SEATS):
                player = _Recording(base, blind)
                players = [player, *(make_player(args.against) for _ in range(SEATS - 1))]
                rngs = [player_rng(args.seed, deal_seed, rotation, i) for i in range(SEATS)]
                game = Game.new(seed=deal_seed)
                while not game.is_over:
                    seat = game.turn
                    assert seat is not None
                    index = (seat - rotation) % SEATS
                    game.play(ask(players[index], game, rngs[index]))
                settlement = game.settlement
                assert settlement is not None
                seat = rotation
                scores.append(settlement.scores[seat])
                taker_side = seat == game.state.taker  # four players: the taker alone
                signed = settlement.per_defender * (1 if taker_side else -1)
                if player.values:
                    gaps.append([value - signed for value in player.values])
        # Decisions of one game share its score: the interval is over games (each game's
        # mean gap), not over decisions.
        mean, half = mean_ci([sum(g) / len(g) for g in gaps])
        absolute, abs_half = mean_ci([sum(abs(x) for x in g) / len(g) for g in gaps])
        decisions = sum(len(g) for g in gaps)
        score, score_half = mean_ci(scores)
        print(f"{blind:>5} {decisions:>9} {mean:>+9.1f} ± {half:>4.1f} "
              f"{absolute:>9.1f} ± {abs_half:>4.1f} {score:>+9.1f} ± {score_half:>4.1f}")


if __name__ == "__main__":
    main()
