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

from tarot.bots.blunders import Blunder, blunders, tally, thin_hand
from tarot.bots.registry import YARDSTICK, make_player
from tarot.duplicate.blunder_rates import measure_level
from tarot.engine.cards import mask_of_codes
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


def kinds(level: str, seed: int) -> Counter[str]:
    game = play_out_with(Game.new(seed=seed), make_player(level), seed)
    return tally(blunders(game, range(4))[0])


def test_the_detectors_see_issue_28s_misreadings() -> None:
    """Each of issue 28's counts on a seeded game where it happens, and not on one where
    it does not. The yardstick, every seat, `tarot play --seed 31` (redeal 2): East takes
    trick 1 last with N♥ holding K♥, which falls at trick 18. Seed 99: South leads N♥ at
    trick 17 into the taker's known heart void, and the taker trumps it."""
    game = play_out_with(Game.new(seed=31), make_player(YARDSTICK), 31)
    found, _ = blunders(game, range(4))
    assert Blunder("king_lost", 1, 1, "KH") in found
    game = play_out_with(Game.new(seed=99), make_player(YARDSTICK), 99)
    found, _ = blunders(game, range(4))
    assert Blunder("honour_into_void", 0, 17, "NH") in found
    # `rules` reads the table: on the same deal it leads no honour into the void.
    assert kinds("rules", 99)["honour_into_void"] == 0
    # Random play leads trumps beside the taker's void suit (seed 9, South, trick 11);
    # `rules` does not. (It plays seed 31 as the yardstick does: it counts a master king
    # worth keeping for later captures, rare in its counts, once in 300 seat-games.)
    game = play_out_with(Game.new(seed=9), make_player("random"), 9)
    assert Blunder("trump_lead_void", 0, 11, "T16") in blunders(game, range(4))[0]
    assert kinds("rules", 9)["trump_lead_void"] == 0


def test_a_thin_hand() -> None:
    """At most one king and five trumps in 18 cards (six in 24, four in 15)."""
    five = mask_of_codes(["KS", "T1", "T5", "T9", "T14", "T21", "EXC"])
    assert thin_hand(five, 18)
    assert not thin_hand(five | mask_of_codes(["KH"]), 18)  # two kings
    assert not thin_hand(five | mask_of_codes(["T2"]), 18)  # six trumps
    assert thin_hand(five | mask_of_codes(["T2"]), 24)
    assert not thin_hand(five, 15)
    game = play_out_with(Game.new(seed=16), make_player(YARDSTICK), 16)
    assert Blunder("thin_garde", 0, 0, "garde") in blunders(game, range(4))[0]


DEALS = 160  # seat-games: the level sits at one seat a deal


def per_100_games(found: Counter[str], kind: str) -> float:
    return 100 * found[kind] / DEALS


@pytest.mark.slow  # slow tier: see docs/testing.md, "What moved to the slow tier"
def test_rules_makes_no_beginners_mistake_the_yardstick_makes() -> None:
    rules, decisions = measure("rules", DEALS)
    yardstick, _ = measure(YARDSTICK, DEALS)
    assert rules["excuse_kept"] == 0
    # The Petit is kept where our side's chance to take the trick is below one half; the
    # rare loss left is a Petit played onto a trick our side was more likely than not to
    # take, and then overtrumped.
    assert rules["petit_lost"] * 1000 <= 0.5 * decisions
    # Issue 28: an honour that cannot win goes before the taker only when the trick is
    # sure to be ours (Style.honour_charge; at 0.9, 3.7 per 100 seat-games).
    assert per_100_games(rules, "honour_wasted") <= 1
    assert rules["honour_wasted"] < yardstick["honour_wasted"] / 1.5


@pytest.mark.slow
@pytest.mark.parametrize("level", ["rules", "normal", "strong"])
def test_issue_28s_counts(level: str) -> None:
    """Issue 28's counts, at or near zero above `easy`, per 100 seat-games:

    - an honour led into the taker's known void, a trump led beside it: none (the
      players' void-lead guard; `normal` led 12 such cards in 60 deals before it);
    - a king lost after a lower card took a trick it would have taken: at most one (the
      rules player counts a master king worth keeping for later captures, and now and
      then it is trumped at the end: once in 300 seat-games at `rules`);
    - a thin Garde (at most one king and five trumps): none at `rules`, whose count
      bids such a hand Prise at most; `normal` and `strong` bid by the yardstick's
      count (Style.thin_trumps off), which Gardes them now and then (3.7 per 100
      seat-games at the yardstick over 300) because against our defences it pays:
      docs/players.md, "Bids", has the figures.
    """
    found, _ = measure(level, DEALS)
    assert found["honour_into_void"] == 0
    assert found["trump_lead_void"] == 0
    assert per_100_games(found, "king_lost") <= 1
    if level == "rules":
        assert found["thin_garde"] == 0
    else:
        assert per_100_games(found, "thin_garde") <= 8


@pytest.mark.slow  # slow tier: see docs/testing.md, "What moved to the slow tier"
def test_easy_keeps_its_lapses() -> None:
    easy, _ = measure("easy", DEALS)
    rules, _ = measure("rules", DEALS)
    assert sum(easy.values()) > sum(rules.values())


@pytest.mark.slow
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_sampling_levels_rates(level: str) -> None:
    """With the rules player's guards on the cards they sample (before: 0.4 Petits and
    5.1 / 6.8 honours lost per 1,000 decisions, normal / strong).

    The Petit's bound was 0.5 a 1,000 while the levels bid by the yardstick's count; bidding
    by the contract evaluator they take more Prises on hands below a fair expectation, where
    the Petit is more exposed, and `strong` lost 2 in 2,365 decisions on these deals (seed
    23, trick 15: its samples gave the Petit the trick 73 times in 100, the diamonds being
    placed with the seat after it rather than the seat that led them; seed 154, trick 16:
    within the exact search's noise, T6 ahead on another seed). The outside measure is 1.7
    a 100 seat-games, about 1.1 a 1,000 decisions: the bound is one a 1,000."""
    found, decisions = measure(level, DEALS)
    assert found["excuse_kept"] == 0
    assert found["petit_lost"] * 1000 <= 1.0 * decisions
    assert per_100_games(found, "honour_wasted") <= 1


def test_a_blunder_needs_a_choice() -> None:
    """A card that was the only legal one is never a mistake (the decisions counted are
    the ones with a choice)."""
    game = play_out_with(Game.new(seed=9), make_player(YARDSTICK), 9)
    found, decisions = blunders(game, range(4))
    assert 0 < decisions < 72
    assert isinstance(game.state, DealState) and all(b.trick <= 18 for b in found)
