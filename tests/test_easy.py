"""The easy level: the rules player, plus lapses drawn from its own generator."""

from __future__ import annotations

import random

from helpers import play_out_with

from tarot.bots.base import ask
from tarot.bots.easy_player import EasyPlayer
from tarot.bots.rules_player import YARDSTICK_STYLE, RulesPlayer
from tarot.engine.events import Bid, Play
from tarot.engine.game import Game


def _compare(easy: EasyPlayer, seeds: range) -> tuple[int, int, int]:
    """Plays games with ``easy`` at every seat; counts its decisions, card and bid departures."""
    rules = RulesPlayer(YARDSTICK_STYLE)  # easy is the yardstick with lapses
    decisions = cards_differ = bids_differ = 0
    for seed in seeds:
        game = Game.new(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            action = ask(easy, game, rng)
            reference = ask(rules, game, random.Random(0))
            decisions += 1
            cards_differ += isinstance(action, Play) and action != reference
            bids_differ += isinstance(action, Bid) and action != reference
            game.play(action)  # refuses an illegal action
    return decisions, cards_differ, bids_differ


def test_without_lapses_it_is_the_yardstick_rules_player() -> None:
    decisions, cards, bids = _compare(EasyPlayer(lapse=0.0, bid_noise=0), range(5))
    assert decisions > 300 and cards == 0 and bids == 0


def test_it_lapses_at_cards_and_misjudges_hands() -> None:
    decisions, cards, bids = _compare(EasyPlayer(), range(20))
    # A lapse at a quarter of the cards with a choice; some lapses pick the same card.
    assert cards > 0.08 * decisions
    assert bids > 0


def test_same_seed_same_game() -> None:
    runs = []
    for _ in range(2):
        game = play_out_with(Game.new(seed=11), EasyPlayer(), 5)
        runs.append(game.events)
    assert runs[0] == runs[1]
