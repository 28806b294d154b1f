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
far too slow for play; it is asked with the past seat's real view, which for the
taker includes his real discard, so it is, if anything, flattered). First it prints
how often the model, ``greedy_card`` given a seat's own view and hand, picks the
card the yardstick played (or one that plays the same), by the number of distinct
choices. Figures, no asserts.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
from collections import Counter

from tarot.bots.base import Player, ask
from tarot.bots.evidence import Evidence, _equivalent, resample
from tarot.bots.playout import Scoring, distinct_cards, greedy_card
from tarot.bots.registry import YARDSTICK, make_player
from tarot.bots.sampling import TAKER_BIAS, Knowledge, _root
from tarot.duplicate.match import player_rng
from tarot.engine import phases
from tarot.engine.cards import (
    CARD_BY_CODE,
    CODES,
    FULL_DECK_MASK,
    KING_MASK,
    TRUMP_MASK,
    card_list,
    mask_of_codes,
)
from tarot.engine.events import Play
from tarot.engine.game import Game
from tarot.engine.kernel import legal_play_mask
from tarot.engine.rule_files import load_rules
from tarot.engine.views import PlayerView

RULES = load_rules("standard")
HONOURS = KING_MASK | sum(1 << c for c in range(56) if c % 14 >= 11)  # K, Q, N (knights)
CANDIDATES, KEPT = 120, 40


def _yardstick_weight(model: Player, history: list[tuple[PlayerView, int]], seat: int,
                      hands: list[int], factor: float) -> float:
    """``factor`` to the power of the other seats' plays the yardstick (``model``) would
    not have made holding this deal's hands."""
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
        if not isinstance(action, Play) or not _same_play(CARD_BY_CODE[action.card], card,
                                                          hand, view):
            weight *= factor
    return weight


def _greedy_agrees(view: PlayerView, card: int, agree: Counter[tuple[int, bool]]) -> None:
    """Count whether ``greedy_card``, with the seat's own view and hand, plays ``card``
    (or one that plays the same), by the number of distinct legal choices (5: 5 or more)."""
    hand = mask_of_codes(view.hand)
    choices = len(distinct_cards(mask_of_codes(view.legal_cards), RULES.table.points,
                                 FULL_DECK_MASK & ~hand & ~_gone(view)))
    if choices < 2:
        return
    position = _root(view, RULES)
    position.hands[view.seat] = hand
    choice = greedy_card(position, Scoring.from_view(RULES, view))
    agree[min(choices, 5), _same_play(choice, card, hand, view)] += 1


def _gone(view: PlayerView) -> int:
    """The cards of the tricks completed in ``view``."""
    gone = 0
    for trick in view.tricks:
        gone |= mask_of_codes(trick.cards)
    return gone


def _same_play(a: int, b: int, hand: int, view: PlayerView) -> bool:
    """Whether cards ``a`` and ``b`` of ``hand`` play the same at ``view``'s decision."""
    return a == b or _equivalent(a, b, hand, _gone(view), RULES.table.points)


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
    yardstick = make_player(YARDSTICK, RULES)
    agree: Counter[tuple[int, bool]] = Counter()
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
                truth = [mask_of_codes(game.hand(s)) for s in range(4)]
                sc = Scoring.from_view(RULES, view)
                know = Knowledge(view, RULES.table.chien_size,
                                 TAKER_BIAS if seat != view.taker else None)
                for way in ways:
                    factor, kind = way
                    rng = random.Random(deal_seed * 100 + len(view.tricks))
                    pool = [know.sample(rng) for _ in range(CANDIDATES)]
                    if factor >= 1:
                        deals = pool[:KEPT]
                    else:
                        if kind == "greedy":
                            evidence = Evidence(view, sc, factor)
                            weights = [evidence.weight(hands) for hands in pool]
                        else:
                            weights = [_yardstick_weight(yardstick, history, seat, hands, factor)
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
                _greedy_agrees(view, CARD_BY_CODE[action.card], agree)
            game.play(action)
    print(f"greedy_card plays the {YARDSTICK} card (or one that plays the same), by the "
          "number of distinct choices:")
    for choices in (2, 3, 4, 5, 0):
        hits = sum(n for (c, same), n in agree.items() if same and choices in (c, 0))
        total = sum(n for (c, _), n in agree.items() if choices in (c, 0))
        label = "all" if choices == 0 else f"{choices}+" if choices == 5 else str(choices)
        print(f"  {label:>3}: {100 * hits / max(total, 1):.0f}% of {total}")
    print(f"deals 1-{args.deals}, four {YARDSTICK} players; the unseen cards each sampled "
          "deal gives to the seat that holds them, at tricks 4 to 13")
    print(f"{'factor':>7} {'model':<10} {'all cards':>10} {'K Q N and trumps':>18}")
    for way in ways:
        a, b, c, d = right[way]
        print(f"{way[0]:>7g} {way[1]:<10} {100 * a / b:>9.1f}% {100 * c / d:>17.1f}%")


if __name__ == "__main__":
    main()
