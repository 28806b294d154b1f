"""Issue 12's blunder check: beginner's mistakes (tarot/bots/blunders.py) per level, over
at least 2,000 of the level's card decisions with a choice.

`rules` guards against them (its style's guard_petit and guard_honours), and the
sampling levels apply the same guards to the cards they sample; the yardstick
(`rules-2026-11`, today's player frozen for measuring) does not; `easy` keeps its
deliberate lapses. The slow tier measures the sampling levels.
"""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import play_out_with

from tarot.bots.blunders import Blunder, blunders, measure_level
from tarot.bots.registry import YARDSTICK, make_player
from tarot.engine.game import Game
from tarot.engine.state import DealState

MIN_DECISIONS = 2000


def measure(level: str, deals: int) -> tuple[Counter[str], int]:
    found, decisions = measure_level(level, deals)
    assert decisions >= MIN_DECISIONS
    return found, decisions


def test_the_detector_sees_the_mistakes_of_the_issue() -> None:
    """`tarot play --seed 5`, trick 1, as the yardstick plays it: South leads 4♠, East
    plays Q♠ and North N♠ before the taker, West, takes both with K♠."""
    yardstick = make_player(YARDSTICK)
    game = play_out_with(Game.new(seed=5), yardstick, 5)
    found, _ = blunders(game, range(4))
    assert Blunder("honour_wasted", 1, 1, "QS") in found
    assert Blunder("honour_wasted", 2, 1, "NS") in found


@pytest.mark.slow  # slow tier: see docs/testing.md, "What moved to the slow tier"
def test_rules_makes_no_beginners_mistake_the_yardstick_makes() -> None:
    rules, decisions = measure("rules", 160)
    yardstick, _ = measure(YARDSTICK, 160)
    assert rules["excuse_kept"] == 0
    # The Petit is kept where our side's chance to take the trick is below one half; the
    # rare loss left is a Petit played onto a trick our side was more likely than not to
    # take, and then overtrumped.
    assert rules["petit_lost"] * 1000 <= 0.5 * decisions
    # What remains are honours thrown onto a partner's king before a taker who turns out
    # to have none of the suit (the guard allows it when the trick looks 90% ours).
    assert rules["honour_wasted"] * 1000 <= 3 * decisions
    assert rules["honour_wasted"] < yardstick["honour_wasted"] / 1.5


@pytest.mark.slow  # slow tier: see docs/testing.md, "What moved to the slow tier"
def test_easy_keeps_its_lapses() -> None:
    easy, _ = measure("easy", 160)
    rules, _ = measure("rules", 160)
    assert sum(easy.values()) > sum(rules.values())


@pytest.mark.slow
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_sampling_levels_rates(level: str) -> None:
    """With the rules player's guards on the cards they sample (before: 0.4 Petits and
    5.1 / 6.8 honours lost per 1,000 decisions, normal / strong)."""
    found, decisions = measure(level, 160)
    assert found["excuse_kept"] == 0
    assert found["petit_lost"] * 1000 <= 0.5 * decisions
    assert found["honour_wasted"] * 1000 <= 4 * decisions


def test_a_blunder_needs_a_choice() -> None:
    """A card that was the only legal one is never a mistake (the decisions counted are
    the ones with a choice)."""
    game = play_out_with(Game.new(seed=9), make_player(YARDSTICK), 9)
    found, decisions = blunders(game, range(4))
    assert 0 < decisions < 72
    assert isinstance(game.state, DealState) and all(b.trick <= 18 for b in found)
