"""The hint's advice: the same values as the player's own, and counts that say why."""

from __future__ import annotations

import random
import re

from tarot.bots.advice import Advice, advise, reasons, seat_score
from tarot.bots.base import ask
from tarot.bots.rules_player import RulesPlayer
from tarot.bots.sampling import CardOutcome, SamplingPlayer, Settings
from tarot.engine import phases
from tarot.engine.cards import PETIT, mask_of_codes
from tarot.engine.events import Play
from tarot.engine.game import Game
from tarot.engine.kernel import BEATERS

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


def _advice(first: CardOutcome, second: CardOutcome, left_out: tuple[int, ...] = (),
            taker_side: bool = False, excuse_discounted: bool = False) -> Advice:
    """Advice between 2♠ (card 1) and 3♠ (card 2), the first ranked best."""
    return Advice((1, 2), {1: first, 2: second}, left_out, taker_side=taker_side,
                  excuse_discounted=excuse_discounted)


def test_reasons_name_the_counts_that_set_the_card_apart() -> None:
    apart = reasons(_advice(CardOutcome(20.0, 100, 83, 60, 95, 9000),
                            CardOutcome(5.0, 100, 40, 58, 60, 8900)))
    assert apart == [
        "with 2♠ your side takes this trick in 83% of those deals (3♠: 40%)",
        "with 2♠ the Petit ends on your side in 95% of those deals (3♠: 60%)"]
    # Card points: 45 against 40 a deal, the largest difference here; for the taker,
    # the contract is his own.
    by_points = reasons(_advice(CardOutcome(20.0, 100, 50, 70, None, 9000),
                                CardOutcome(5.0, 100, 50, 58, None, 8000), taker_side=True))
    assert by_points == ["with 2♠ your side ends with 45 card points on average (3♠: 40)",
                         "with 2♠ you make your contract in 70% of those deals (3♠: 58%)"]


def test_what_the_card_gives_up_comes_after_what_it_gains() -> None:
    said = reasons(_advice(CardOutcome(20.0, 100, 1, 70, None, 8101),
                           CardOutcome(19.0, 100, 98, 55, None, 8000)))
    assert said == [
        "with 2♠ the taker goes down in 70% of those deals (3♠: 55%)",
        "with 3♠ your side takes this trick more often (98% against 1%), "
        "but 3♠ scores less on average"]
    fewer_points = reasons(_advice(CardOutcome(20.0, 100, 50, 50, None, 8001),
                                   CardOutcome(19.0, 100, 50, 50, None, 9000)))
    assert fewer_points == ["with 3♠ your side ends with more card points (45 against 40), "
                            "but 3♠ scores less on average"]


def test_without_a_clear_count_the_hint_says_how_close_the_cards_are() -> None:
    close = CardOutcome(10.0, 100, trick_won=50, side_ahead=60, petit_ours=None,
                        half_points_ours=8000)
    assert reasons(_advice(close, CardOutcome(9.9, 100, 52, 61, None, 8010))) == \
        ["3♠ comes to the same: either will do"]
    # The gap is between the scores the hint prints: 3 × 10.0 and 3 × 9.4 for the taker.
    assert reasons(_advice(close, CardOutcome(9.4, 100, 52, 61, None, 8010),
                           taker_side=True)) == \
        ["no one reason stands out: all in all, it scores 2 points more on average"]
    assert seat_score(_advice(close, close, taker_side=True), 1) == 30


def test_cards_left_out_and_the_excuse_are_explained() -> None:
    close = CardOutcome(10.0, 100, 50, 60, None, 8000)
    said = reasons(_advice(close, close, left_out=(PETIT, 13), excuse_discounted=True))
    assert said[1:] == [
        "not T1: the Petit would most likely be lost",
        "not K♠: it would most likely be lost to the taker, and a lower card of its suit "
        "does as well",
        "the Excuse counts for less here: keeping it for later is worth something too"]


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


def test_the_reasons_in_french_are_plain_french() -> None:
    """The same counts, said in French as a player says them: "72 fois sur 100", no
    percentages of "sampled deals"."""
    from tarot.engine.cards import display
    from tarot.ui.language import use_language

    use_language("fr")
    apart = reasons(_advice(CardOutcome(20.0, 100, 83, 60, 95, 9000),
                            CardOutcome(5.0, 100, 40, 58, 60, 8900)))
    assert apart == [
        "avec 2♠, votre camp remporte ce pli 83 fois sur 100 (3♠ : 40 fois sur 100)",
        "avec 2♠, le Petit finit dans votre camp 95 fois sur 100 (3♠ : 60 fois sur 100)"]
    by_points = reasons(_advice(CardOutcome(20.0, 100, 50, 70, None, 9000),
                                CardOutcome(5.0, 100, 50, 58, None, 8000), taker_side=True))
    assert by_points == [
        "avec 2♠, votre camp finit en moyenne avec 45 points de cartes (3♠ : 40)",
        "avec 2♠, vous faites votre contrat 70 fois sur 100 (3♠ : 58 fois sur 100)"]
    said = reasons(_advice(CardOutcome(20.0, 100, 1, 70, None, 8101),
                           CardOutcome(19.0, 100, 98, 55, None, 8000)))
    assert said == [
        "avec 2♠, le preneur chute 70 fois sur 100 (3♠ : 55 fois sur 100)",
        "avec 3♠, votre camp remporte ce pli plus souvent (98 fois sur 100 contre 1 fois "
        "sur 100), mais 3♠ rapporte moins en moyenne"]
    close = CardOutcome(10.0, 100, trick_won=50, side_ahead=60, petit_ours=None,
                        half_points_ours=8000)
    assert reasons(_advice(close, CardOutcome(9.9, 100, 52, 61, None, 8010))) == \
        ["3♠ revient au même : l'une ou l'autre fera l'affaire"]
    assert reasons(_advice(close, CardOutcome(9.4, 100, 52, 61, None, 8010),
                           taker_side=True)) == \
        ["aucune raison ne domine : tout compte fait, elle rapporte en moyenne 2 points de "
         "plus"]
    left = reasons(_advice(close, close, left_out=(PETIT, 13), excuse_discounted=True))
    assert left[1:] == [
        f"pas {display(PETIT)} : le Petit serait très probablement perdu",
        f"pas {display(13)} : le preneur la prendrait très probablement, et une carte plus "
        "basse de la même couleur fait aussi bien",
        "l'Excuse compte moins ici : la garder pour plus tard vaut aussi quelque chose"]
    english = re.compile(r"\b(with|your|side|trick|deals?|of|those|scores?|less|average|"
                         r"taker|goes|down|not|would|the)\b")
    for reason in apart + by_points + said + left:
        assert not english.findall(reason), reason
