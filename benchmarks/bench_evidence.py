"""How well the sampled deals place the unseen cards, with the others' plays as evidence.

    python benchmarks/bench_evidence.py [--deals 30] [--factors 1,0.5,0.2] [--yardstick]

Four yardstick players play deals 1..N. At the start of tricks 4 to 13 the seat to
lead samples 120 deals consistent with its view (the sampler of the sampling
levels), keeps 40 (the first 40 with factor 1; with a factor below 1 it draws them
in proportion to ``tarot.bots.evidence``'s weights), and this counts how many of
the unseen cards each kept deal gives to the seat that really holds them: all of
them, and the kings, queens, knights and trumps (the cards that decide tricks).
``--yardstick`` adds, at each factor, the same weighing with the yardstick itself
as the model of the others (an upper bound on what a better model could give;
far too slow for play). Figures, no asserts.
"""

from __future__ import annotations

import argparse
import dataclasses
import random

from tarot import phases
from tarot.bots.base import ask
from tarot.bots.evidence import Evidence, resample
from tarot.bots.playout import Scoring
from tarot.bots.registry import YARDSTICK, make_player
from tarot.bots.sampling import TAKER_BIAS, Knowledge
from tarot.cards import CARD_BY_CODE, CODES, KING_MASK, TRUMP_MASK, card_list, mask_of_codes
from tarot.events import Play
from tarot.game import Game
from tarot.kernel import legal_play_mask
from tarot.match import player_rng
from tarot.rules import load_rules
from tarot.views import PlayerView

RULES = load_rules("standard")
HONOURS = KING_MASK | sum(1 << c for c in range(56) if c % 14 >= 11)  # K, Q, N (knights)
CANDIDATES, KEPT = 120, 40


def _yardstick_weight(history: list[tuple[PlayerView, int]], seat: int, hands: list[int],
                      factor: float) -> float:
    """``factor`` to the power of the other seats' plays the yardstick would not have
    made holding this deal's hands."""
    model = make_player(YARDSTICK, RULES)
    weight = 1.0
    later = [0, 0, 0, 0]
    for view, card in reversed(history):
        later[view.seat] |= 1 << card
        if view.seat == seat:
            continue
        hand = hands[view.seat] | later[view.seat]
        trick = [CARD_BY_CODE[c] for c in view.trick]
        legal = tuple(CODES[c] for c in card_list(legal_play_mask(hand, trick) if trick
                                                  else hand))
        asked = dataclasses.replace(view, hand=tuple(CODES[c] for c in card_list(hand)),
                                    legal_cards=legal)
        action = model.choose(asked, [Play(seat=view.seat, card=c) for c in legal],
                              random.Random(0))
        if not isinstance(action, Play) or CARD_BY_CODE[action.card] != card:
            weight *= factor
    return weight


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--factors", default="1,0.5,0.2")
    parser.add_argument("--yardstick", action="store_true")
    args = parser.parse_args()
    factors = [float(f) for f in args.factors.split(",")]
    ways = [(f, "greedy") for f in factors]
    ways += [(f, "yardstick") for f in factors if args.yardstick and f < 1]
    right = {way: [0, 0, 0, 0] for way in ways}
    for deal_seed in range(1, args.deals + 1):
        players = [make_player(YARDSTICK, RULES) for _ in range(4)]
        rngs = [player_rng(1, deal_seed, 0, s) for s in range(4)]
        game = Game.new(seed=deal_seed, rules=RULES)
        history: list[tuple[PlayerView, int]] = []
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            if view.phase == phases.TRICKS and 3 <= len(view.tricks) <= 12 and not view.trick:
                assert view.contract is not None
                truth = [mask_of_codes(game.hand(s)) for s in range(4)]
                sc = Scoring.of(RULES, view.contract, [len(c) for _, c in view.poignees],
                                view.chelem_declared)
                know = Knowledge(view, RULES.table.chien_size,
                                 TAKER_BIAS if seat != view.taker else None)
                for way in ways:
                    factor, model = way
                    rng = random.Random(deal_seed * 100 + len(view.tricks))
                    pool = [know.sample(rng) for _ in range(CANDIDATES)]
                    if factor >= 1:
                        deals = pool[:KEPT]
                    else:
                        if model == "greedy":
                            evidence = Evidence(view, sc, factor)
                            weights = [evidence.weight(hands) for hands in pool]
                        else:
                            weights = [_yardstick_weight(history, seat, hands, factor)
                                       for hands in pool]
                        deals = resample(pool, weights, KEPT, rng)
                    counts = right[way]
                    for hands in deals:
                        for s in range(4):
                            if s != seat:
                                placed = hands[s] & know.unknown
                                counts[0] += (placed & truth[s]).bit_count()
                                counts[1] += placed.bit_count()
                                high = placed & (HONOURS | TRUMP_MASK)
                                counts[2] += (high & truth[s]).bit_count()
                                counts[3] += high.bit_count()
            action = ask(players[seat], game, rngs[seat])
            if isinstance(action, Play):
                history.append((view, CARD_BY_CODE[action.card]))
            game.play(action)
    print(f"deals 1-{args.deals}, four {YARDSTICK} players; the unseen cards each sampled "
          "deal gives to the seat that holds them, at tricks 4 to 13")
    print(f"{'factor':>7} {'model':<10} {'all cards':>10} {'K Q N and trumps':>18}")
    for way in ways:
        a, b, c, d = right[way]
        print(f"{way[0]:>7g} {way[1]:<10} {100 * a / b:>9.1f}% {100 * c / d:>17.1f}%")


if __name__ == "__main__":
    main()
