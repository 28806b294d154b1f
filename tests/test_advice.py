"""The hint's advice: the same values as the player's own, and counts that say why."""

from __future__ import annotations

import random

from tarot import phases
from tarot.bots.advice import Advice, advise, reasons
from tarot.bots.base import ask
from tarot.bots.rules_player import RulesPlayer
from tarot.bots.sampling import CardOutcome, SamplingPlayer, Settings
from tarot.cards import PETIT, mask_of_codes
from tarot.events import Play
from tarot.game import Game
from tarot.kernel import BEATERS

QUICK = Settings(samples=12, max_playouts=60, exact_cards=3)


def _card_decisions(seeds: range, every: int = 3) -> list[tuple[Game, int]]:
    """Games stopped at card decisions with a real choice, and the legal cards' mask."""
    found = []
    rules = RulesPlayer()
    for seed in seeds:
        game = Game.new(seed=seed)
        rng = random.Random(seed)
        decisions = 0
        while not game.is_over:
            legal = [a.card for a in game.legal_actions() if isinstance(a, Play)]
            if game.phase == phases.TRICKS and len(legal) > 2:
                decisions += 1
                if decisions % every == 0:
                    found.append((game.clone(), mask_of_codes(legal)))
            game.play(ask(rules, game, rng))
    return found


def test_counting_the_outcomes_changes_no_value() -> None:
    """The hint explains the decision the player makes: same samples, same values."""
    player = SamplingPlayer(QUICK)
    compared = 0
    for game, legal in _card_decisions(range(1, 4)):
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        values = player.card_values(view, legal, random.Random(7))
        outcomes = player.card_outcomes(view, legal, random.Random(7))
        assert values == {card: outcome.value for card, outcome in outcomes.items()}
        for outcome in outcomes.values():
            counts = (outcome.trick_won, outcome.side_ahead, outcome.petit_ours)
            assert all(0 <= c <= outcome.deals for c in counts if c is not None)
        compared += 1
    assert compared >= 20


def test_the_last_to_play_knows_which_card_takes_the_trick() -> None:
    """Fourth to play, the trick's fate is certain: a card that beats the trick takes it
    in every sampled deal, and one that does not, in none."""
    player = SamplingPlayer(QUICK)
    checked = 0
    for game, legal in _card_decisions(range(1, 30), every=1):
        state = game.state
        seat = game.turn
        assert seat is not None
        if len(state.trick) != 3 or state.trick_best < 0:
            continue
        outcomes = player.card_outcomes(game.view(seat), legal, random.Random(1))
        top = state.trick[state.trick_best]
        winner_now = (state.leader + state.trick_best) % 4
        ours_now = (winner_now == state.taker) == (seat == state.taker)
        for card, outcome in outcomes.items():
            if outcome.trick_won is None:  # the exact search keeps no line of play
                continue
            takes = bool(BEATERS[top] >> card & 1) or ours_now
            assert outcome.trick_won == (outcome.deals if takes else 0), card
            checked += 1
    assert checked >= 10


def _advice(first: CardOutcome, second: CardOutcome, left_out: tuple[int, ...] = ()
            ) -> Advice:
    return Advice((1, 2), {1: first, 2: second}, left_out, taker_side=False,
                  excuse_discounted=False)


def test_reasons_name_the_counts_that_set_the_card_apart() -> None:
    close = CardOutcome(10.0, 100, trick_won=50, side_ahead=60, petit_ours=None,
                        half_points_ours=8000)
    assert reasons(_advice(close, CardOutcome(9.9, 100, 52, 61, None, 8010))) == \
        ["3♠ comes to the same: either will do"]
    apart = reasons(_advice(CardOutcome(20.0, 100, 83, 60, 95, 9000),
                            CardOutcome(5.0, 100, 40, 58, 60, 8900)))
    assert apart == ["takes this trick in 83% of those deals (3♠: 40%)",
                     "the Petit ends on your side in 95% of those deals (3♠: 60%)"]
    # Card points: 45 against 40 a deal, the largest difference here.
    by_points = reasons(_advice(CardOutcome(20.0, 100, 50, 70, None, 9000),
                                CardOutcome(5.0, 100, 50, 58, None, 8000)))
    assert by_points[0] == "your side ends with 45 card points on average (3♠: 40)"
    assert by_points[1] == "the taker goes down in 70% of those deals (3♠: 58%)"
    left = reasons(_advice(close, close, left_out=(PETIT,)))
    assert left[-1] == "not T1: the Petit would most likely be lost"


def test_the_advice_never_offers_a_card_the_guards_leave_out() -> None:
    player = SamplingPlayer(QUICK)
    for game, legal in _card_decisions(range(1, 12)):
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        advice = advise(player, view, legal, random.Random(3))
        guarded = player.fallback.guarded(view, legal)
        assert set(advice.ranked) <= {c for c in range(78) if guarded >> c & 1}
        assert set(advice.left_out) == {c for c in range(78)
                                                if (legal & ~guarded) >> c & 1}
