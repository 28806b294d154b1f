"""A computer level's beginner's mistakes over many deals (:mod:`tarot.bots.blunders` judges
each deal), for the tests and the benchmark that hold the levels to a Tarot player's
standard."""

from __future__ import annotations

import random
from collections import Counter

from tarot.bots.blunders import blunders, tally
from tarot.bots.registry import make_player
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.table.loop import play_out
from tarot.table.seats import computer_seats


def measure_level(level: str, deals: int, rules: str = "standard") -> tuple[Counter[str], int]:
    """A level's mistakes over deals 1..``deals``, sitting at one seat (a different one
    each deal) against ``rules`` players at the others; and its card decisions with a
    choice. ``rules``: the rule set, which sets the table's size."""
    ruleset = load_rules(rules)
    player = make_player(level, ruleset)
    others = make_player("rules", ruleset)
    found: Counter[str] = Counter()
    decisions = 0
    for seed in range(1, deals + 1):
        seat = seed % ruleset.players
        # One generator shared by the whole table, as the counts were always made.
        rng = random.Random(seed)
        seats = computer_seats([player if index == seat else others
                                for index in range(ruleset.players)], [rng] * ruleset.players)
        game = play_out(Game.new(seed=seed, rules=ruleset), seats)
        mistakes, count = blunders(game, [seat])
        found += tally(mistakes)
        decisions += count
    return found, decisions
