"""The easy level: the rules player with a beginner's lapses.

A beginner knows the rules and most of the common sense, but misjudges hands
and now and then plays a card without thinking. :class:`EasyPlayer` is
:class:`~tarot.bots.rules_player.RulesPlayer` with exactly those two faults,
drawn from its own generator (so the same seed gives the same game):

- in the auction it judges its hand up to ``bid_noise`` points of
  :func:`~tarot.bots.rules_player.hand_strength` too high or too low, so it
  sometimes takes a hand it should pass and passes one it should take;
- at each card with a choice, with chance ``lapse`` it plays a legal card at
  random instead of the rules player's.

Discard, poignée and chelem stay the rules player's: a beginner's mistakes
there are rarer, and a wrong discard is confusing rather than beatable.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from tarot.bots.rules_player import YARDSTICK_STYLE, RulesPlayer
from tarot.engine import phases
from tarot.engine.events import Action, Play
from tarot.engine.rules import RuleSet
from tarot.engine.views import PlayerView


class EasyPlayer:
    def __init__(self, lapse: float = 0.25, bid_noise: int = 12, *, name: str = "easy",
                 rules: RuleSet | None = None) -> None:
        self.name = name
        self.lapse = lapse
        self.bid_noise = bid_noise
        # The yardstick's style: a beginner also throws the Petit and honours away,
        # which issue 12's guards spare `rules`.
        self.rules_player = RulesPlayer(YARDSTICK_STYLE, rules=rules)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == phases.AUCTION:
            shift = rng.randint(-self.bid_noise, self.bid_noise)
            style = self.rules_player.style
            # Every threshold moved by the same misjudgement, at every table size.
            misjudging = RulesPlayer(dataclasses.replace(style, bid_shift=style.bid_shift + shift),
                                     rules=self.rules_player.rules)
            return misjudging.choose(view, legal, rng)
        action = self.rules_player.choose(view, legal, rng)
        plays = [a for a in legal if isinstance(a, Play)]
        if isinstance(action, Play) and len(plays) > 1 and rng.random() < self.lapse:
            return rng.choice(plays)
        return action
