"""Playout policies and the sampler's taker bias: figures, not tests (they assert nothing).

    python benchmarks/bench_policy.py [--deals 1500] [--seed 3000]

The sampling player judges a card by playing the deal out many times with a
fast policy (``tarot.bots.playout``), every hand known. A better policy makes
those judgements truer, so two figures guide it:

- **double-dummy duels**: real deals (bid and discarded by the rules player)
  played out with every hand known, the taker's side with one policy and the
  defence with another; the change of the per-defender score when a side
  switches from ``greedy_card`` to ``aware_card`` (positive: good for the
  taker), with a 95% interval, and the time per playout;
- **the defenders' sampled deals against the real ones**: at the first trick
  and after 20 and 36 cards, how many of the unseen kings, trumps and bouts the
  taker holds on average in the real deals, and in the deals a defender's
  :class:`~tarot.bots.sampling.Knowledge` samples without and with
  ``TAKER_BIAS``. The factors are set so that the last two columns agree.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from tarot.bots.base import ask
from tarot.bots.playout import Position, Scoring, aware_card, greedy_card, play
from tarot.bots.rules_player import RulesPlayer
from tarot.bots.sampling import TAKER_BIAS, Knowledge, TakerBias
from tarot.duplicate.match import mean_ci
from tarot.engine import phases
from tarot.engine.cards import BOUT_MASK, KING_MASK, TRUMP_MASK
from tarot.engine.events import Play
from tarot.engine.game import Game

Policy = Callable[[Position, Scoring], int]


def games_at(seeds: range, cards_played: int) -> list[Game]:
    """Deals played by the rules player up to ``cards_played`` cards of the card play."""
    player = RulesPlayer()
    games = []
    for seed in seeds:
        game = Game.new(seed=seed)
        rng = random.Random(seed)
        played = 0
        while not game.is_over and not (game.phase == phases.TRICKS
                                        and played == cards_played):
            action = ask(player, game, rng)
            played += isinstance(action, Play)
            game.play(action)
        if not game.is_over:
            games.append(game)
    return games


def start_of(game: Game) -> tuple[Position, Scoring]:
    state = game.state
    assert state.contract_id is not None
    scoring = Scoring.of(game.rules, state.contract_id,
                         [shown.bit_count() for _, shown in state.poignees],
                         state.chelem_declared)
    fate = state.chien_fate
    pile = state.discard if fate == "shown" else state.chien if fate == "taker" else 0
    return Position(list(state.hands), [], state.leader, state.taker, 0, pile, 0, 0, 0, 0), \
        scoring


def duel(starts: list[tuple[Position, Scoring]], taker: Policy, defence: Policy) -> list[int]:
    scores = []
    for start, scoring in starts:
        pos = start.copy()
        result = None
        while result is None:
            policy = taker if pos.turn == pos.taker else defence
            result = play(pos, policy(pos, scoring), scoring)
        scores.append(result)
    return scores


def interval(values: list[int]) -> str:
    mean, half = mean_ci(values)
    return f"{mean:+.1f} ± {half:.1f}"


def duels(deals: int, seed: int) -> None:
    starts = [start_of(g) for g in games_at(range(seed, seed + deals), 0)]
    print(f"Double-dummy duels over {len(starts)} deals (per-defender score, + for the taker):")
    base = duel(starts, greedy_card, greedy_card)
    for name, taker, defence in [("taker aware, defence greedy", aware_card, greedy_card),
                                 ("taker greedy, defence aware", greedy_card, aware_card),
                                 ("both aware", aware_card, aware_card)]:
        scores = duel(starts, taker, defence)
        print(f"  {name:30} {interval([a - b for a, b in zip(scores, base, strict=True)])}"
              " against both greedy")
    for name, policy in [("greedy_card", greedy_card), ("aware_card", aware_card)]:
        begin = time.perf_counter()
        duel(starts, policy, policy)
        elapsed = time.perf_counter() - begin
        print(f"  {name:30} {elapsed / len(starts) * 1000:.3f} ms per whole-deal playout")


CLASSES = {"kings": KING_MASK, "trumps": TRUMP_MASK & ~BOUT_MASK, "bouts": BOUT_MASK}


def taker_share(deals: int, seed: int, cards_played: int, bias: TakerBias | None,
                draws: int = 4) -> tuple[dict[str, float], dict[str, float]]:
    """Unseen kings, trumps and bouts in the taker's hand: real deals, and sampled ones."""
    real = dict.fromkeys(CLASSES, 0.0)
    sampled = dict.fromkeys(CLASSES, 0.0)
    views = 0
    for game in games_at(range(seed, seed + deals), cards_played):
        state = game.state
        for seat in range(4):
            if seat == state.taker:
                continue
            know = Knowledge(game.view(seat), game.rules.deal.chien_size, bias)
            rng = random.Random(f"{game.header.seed}:{seat}")
            views += 1
            for name, mask in CLASSES.items():
                real[name] += (state.hands[state.taker] & mask & know.unknown).bit_count()
            for _ in range(draws):
                hands = know.sample(rng)
                for name, mask in CLASSES.items():
                    sampled[name] += (hands[state.taker] & mask & know.unknown).bit_count() / draws
    return ({k: v / views for k, v in real.items()}, {k: v / views for k, v in sampled.items()})


def calibration(deals: int, seed: int) -> None:
    print(f"\nUnseen cards in the taker's hand, from the defenders' views ({deals} deals):")
    print("  cards played  class    real  sampled unbiased  sampled with TAKER_BIAS")
    for cards_played in (0, 20, 36):
        real, unbiased = taker_share(deals, seed, cards_played, None)
        _, biased = taker_share(deals, seed, cards_played, TAKER_BIAS)
        for name in CLASSES:
            print(f"  {cards_played:12}  {name:6} {real[name]:6.2f}  {unbiased[name]:16.2f}"
                  f"  {biased[name]:23.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=3000)
    args = parser.parse_args()
    duels(args.deals, args.seed)
    calibration(min(args.deals, 400), args.seed)


if __name__ == "__main__":
    main()
