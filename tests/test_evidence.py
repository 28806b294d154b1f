"""The others' plays as evidence for the sampler (tarot/bots/evidence.py)."""

from __future__ import annotations

import random

import pytest

from tarot.bots.base import ask
from tarot.bots.evidence import Evidence, _equivalent, past_plays, resample
from tarot.bots.playout import Scoring, greedy_card
from tarot.bots.registry import YARDSTICK, make_player
from tarot.bots.sampling import TAKER_BIAS, Knowledge, SamplingPlayer, Settings, _root
from tarot.engine import phases
from tarot.engine.cards import CARD_BY_CODE, mask_of_codes
from tarot.engine.events import Play
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.engine.views import PlayerView

RULES = load_rules("standard")
POINTS = RULES.table.points


def _scoring(view: PlayerView) -> Scoring:
    return Scoring.from_view(RULES, view)


def _game_with_history(seed: int, cards: int) -> tuple[Game, list[tuple[PlayerView, str]]]:
    """A game of four yardstick players stopped after ``cards`` cards of the play, and each
    card played with the view of the seat that played it."""
    player = make_player(YARDSTICK)
    game = Game.new(seed=seed)
    rng = random.Random(seed)
    history: list[tuple[PlayerView, str]] = []
    while not (game.phase == phases.TRICKS and len(history) == cards):
        seat = game.turn
        assert seat is not None
        action = ask(player, game, rng)
        if isinstance(action, Play):
            history.append((game.view(seat), action.card))
        game.play(action)
    return game, history


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_the_true_deal_is_weighed_by_the_plays_greedy_card_would_not_make(seed: int) -> None:
    """Rebuilt from the view alone, each past play's position is the one the player saw:
    the weight of the true hands counts the plays where greedy_card, given the player's own
    view and hand at that moment, picks a card that would not play the same."""
    game, history = _game_with_history(seed, 30)
    seat = game.turn
    assert seat is not None
    view = game.view(seat)
    misses = 0
    for past, card in history:
        if past.seat == seat:
            continue
        position = _root(past, RULES)
        hand = mask_of_codes(past.hand)
        position.hands[past.seat] = hand
        choice = greedy_card(position, _scoring(past))
        gone = 0
        for trick in past.tricks:
            gone |= mask_of_codes(trick.cards)
        misses += not (choice == CARD_BY_CODE[card]
                       or _equivalent(choice, CARD_BY_CODE[card], hand, gone, POINTS))
    others = sum(past.seat != seat for past, _ in history)
    assert len(past_plays(view)) == others
    true_hands = [mask_of_codes(game.hand(s)) for s in range(4)]
    assert 0 < misses < others  # greedy_card is a model of the yardstick, not the yardstick
    assert Evidence(view, _scoring(view), 0.5).weight(true_hands) == 0.5 ** misses


def test_the_viewers_own_plays_are_no_evidence() -> None:
    game, _ = _game_with_history(5, 9)
    seat = game.turn
    assert seat is not None
    plays = past_plays(game.view(seat))
    assert plays and all(p.seat != seat for p in plays)
    assert len(plays) == 9 - sum(1 for t in game.view(seat).tricks
                                 for i in range(4) if (t.leader + i) % 4 == seat)


def test_equivalent_cards_are_those_that_play_the_same() -> None:
    hand = mask_of_codes(["3H", "4H", "5H", "T20", "T21", "EXC", "T1", "T2"])
    three, five, seven = CARD_BY_CODE["3H"], CARD_BY_CODE["5H"], CARD_BY_CODE["7H"]
    assert _equivalent(three, five, hand, 0, POINTS)  # 4H between is his own
    assert not _equivalent(three, seven, hand, 0, POINTS)  # 6H lies out
    assert _equivalent(three, seven, hand, 1 << CARD_BY_CODE["6H"], POINTS)  # unless gone
    assert not _equivalent(CARD_BY_CODE["T20"], CARD_BY_CODE["T21"], hand, 0, POINTS)
    assert not _equivalent(CARD_BY_CODE["T21"], CARD_BY_CODE["EXC"], hand, 0, POINTS)
    assert not _equivalent(CARD_BY_CODE["T1"], CARD_BY_CODE["T2"], hand, 0, POINTS)
    # The Petit is never one with another card, even the 21 with nothing left between.
    trumps_between = mask_of_codes([f"T{n}" for n in range(2, 21)])
    assert not _equivalent(CARD_BY_CODE["T1"], CARD_BY_CODE["T21"], 0, trumps_between, POINTS)
    assert _equivalent(CARD_BY_CODE["T3"], CARD_BY_CODE["T5"], 0, 1 << CARD_BY_CODE["T4"],
                       POINTS)
    # Two suits, or a suit card and a trump, never play the same.
    assert not _equivalent(CARD_BY_CODE["KH"], CARD_BY_CODE["KS"], 0, 0, POINTS)
    low_clubs = mask_of_codes([*(f"{r}C" for r in range(2, 11)), "JC", "NC", "QC", "KC"])
    assert not _equivalent(CARD_BY_CODE["1C"], CARD_BY_CODE["T2"], low_clubs, 0, POINTS)


def test_resampling_draws_in_proportion_to_the_weights() -> None:
    deals = [[1], [2], [3]]
    chosen = resample(deals, [1.0, 0.0, 3.0], 4, random.Random(1))
    assert sorted(d[0] for d in chosen) == [1, 3, 3, 3]
    many = resample(deals, [1.0, 2.0, 1.0], 400, random.Random(2))
    assert [sum(d is deal for d in many) for deal in deals] == [100, 200, 100]
    # A deal of no weight is never drawn, even last, where a rounded pick would fall.
    for seed in range(50):
        assert [3] not in resample(deals, [0.1, 0.2, 0.0], 7, random.Random(seed))
    with pytest.raises(ValueError, match="positive weight"):
        resample(deals, [0.0, 0.0, 0.0], 2, random.Random(1))


def test_settings_refuse_an_evidence_factor_outside_zero_to_one() -> None:
    for factor in (0.0, -0.5, 1.5):
        with pytest.raises(ValueError, match="evidence"):
            Settings(evidence=factor)
    with pytest.raises(ValueError, match="candidates"):
        Settings(candidates=0)


def test_the_player_draws_its_deals_by_the_evidence_when_asked() -> None:
    """With evidence off the player samples as it always did; with it on, the deals it
    plays out are drawn from the larger pool and explain the others' plays better."""
    game, _ = _game_with_history(8, 25)
    seat = game.turn
    assert seat is not None
    view = game.view(seat)
    sc = _scoring(view)
    know = Knowledge(view, RULES.table.chien_size, TAKER_BIAS)
    off = SamplingPlayer(Settings(samples=40))
    plain = off._deals(view, know, sc, 40, random.Random(4))
    rng = random.Random(4)
    assert plain == [know.sample(rng) for _ in range(40)]
    on = SamplingPlayer(Settings(samples=40, evidence=0.3, candidates=4))
    drawn = on._deals(view, know, sc, 40, random.Random(4))
    rng = random.Random(4)
    pool = [know.sample(rng) for _ in range(160)]
    assert len(drawn) == 40 and all(deal in pool for deal in drawn)
    evidence = Evidence(view, sc, 0.3)
    def mean_weight(deals: list[list[int]]) -> float:
        return sum(evidence.weight(d) for d in deals) / len(deals)
    assert mean_weight(drawn) > 2 * mean_weight(plain)
