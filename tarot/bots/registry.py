"""Computer players by name, as ``tarot play --level`` and the match runner name them.

Each maker takes the rule set of the game, and every player plays by it (the card
points it weighs, the scores its playouts count), as a person reads the rules
card before sitting down.
"""

from __future__ import annotations

from collections.abc import Callable

from tarot.bots.base import Player
from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet


def _random(rules: RuleSet) -> Player:
    from tarot.bots.random_player import RandomPlayer

    return RandomPlayer()


def _easy(rules: RuleSet) -> Player:
    from tarot.bots.easy_player import EasyPlayer

    return EasyPlayer(rules=rules)


def _rules(rules: RuleSet) -> Player:
    from tarot.bots.rules_player import RulesPlayer

    return RulesPlayer(rules=rules)


def _rules_2026_11(rules: RuleSet) -> Player:
    """``rules`` as it played at the end of November 2026, before issue 12's guards: the
    fixed yardstick that issue 12's targets are measured against."""
    from tarot.bots.rules_player import YARDSTICK_STYLE, RulesPlayer

    player = RulesPlayer(YARDSTICK_STYLE, rules=rules)
    player.name = YARDSTICK
    return player


# The sampling levels: deals sampled a decision, playouts at most, exact search from
# this many cards in hand (tarot.bots.sampling.Settings).
SAMPLING_LEVELS: dict[str, tuple[int, int, int]] = {"normal": (40, 400, 3),
                                                    "strong": (100, 1500, 3)}
# Deals sampled to value each contract at the auction (tarot.bots.bidding; 0: the rules
# player's count). Two playouts a deal: about 2 ms on one core. 0 at both levels: 40 a
# bid moved `normal - rules-2026-11` by a negative amount within its interval on 100
# duplicate deals (docs/players.md), so the levels keep the count they had.
BID_SAMPLES: dict[str, int] = {"normal": 0, "strong": 0}


def _sampling(name: str) -> Callable[[RuleSet], Player]:
    def make(rules: RuleSet) -> Player:
        from tarot.bots.rules_player import SAMPLING_STYLE
        from tarot.bots.sampling import SamplingPlayer, Settings

        return SamplingPlayer(Settings(*SAMPLING_LEVELS[name], bid_samples=BID_SAMPLES[name],
                                       bid_by_model=True),
                              name=name, rules=rules, style=SAMPLING_STYLE)

    return make


# From weakest to strongest; docs/players.md gives the
# measured strength and speed of each, with the commands that measure them.
PLAYERS: dict[str, Callable[[RuleSet], Player]] = {
    "random": _random,
    "easy": _easy,
    "rules": _rules,
    "normal": _sampling("normal"),
    "strong": _sampling("strong"),
}
HINT_LEVEL = "strong"
# `tarot play`'s computer players unless --level (or TAROT_LEVEL) says otherwise: the
# strongest level whose 95th-percentile decision time is at most half a second on one
# core of the machine we measure on (`python benchmarks/bench_players.py`: strong
# 192 ms, 48 ms on average; its slow decisions show the "thinking…" line).
DEFAULT_LEVEL = "strong"
# Players kept for measuring, not offered by `tarot play`: the yardstick is today's
# `rules`, frozen, so that later improvements are measured against a fixed player.
YARDSTICK = "rules-2026-11"
MEASURING_PLAYERS: dict[str, Callable[[RuleSet], Player]] = {YARDSTICK: _rules_2026_11}


def make_player(name: str, rules: RuleSet | str = "standard") -> Player:
    maker = PLAYERS.get(name) or MEASURING_PLAYERS.get(name)
    if maker is None:
        raise ValueError(f"no computer player is called {name!r}; choose from "
                         f"{', '.join([*PLAYERS, *MEASURING_PLAYERS])}")
    return maker(rules if isinstance(rules, RuleSet) else load_rules(rules))
