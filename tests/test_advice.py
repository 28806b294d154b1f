"""The hint's advice: the same values as the player's own, and counts that say why."""

from __future__ import annotations

import random
import re

from tarot.bots.advice import Advice, Situation, advise, reasons, seat_score
from tarot.bots.base import ask
from tarot.bots.rules_player import RulesPlayer
from tarot.bots.sampling import CardOutcome, SamplingPlayer, Settings
from tarot.engine import phases
from tarot.engine.cards import EXCUSE, PETIT, mask_of_codes
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
            taker_side: bool = False, excuse_discounted: bool = False,
            cards: tuple[int, int] = (1, 2), situation: Situation | None = None) -> Advice:
    """Advice between 2♠ (card 1) and 3♠ (card 2), or ``cards``, the first ranked best."""
    return Advice(cards, {cards[0]: first, cards[1]: second}, left_out,
                  taker_side=taker_side, excuse_discounted=excuse_discounted,
                  situation=situation)


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
    said = reasons(_advice(close, close, left_out=(PETIT, 13)))
    assert said[1:] == [
        "not T1: the Petit would most likely be lost",
        "not K♠: it would most likely be lost to the taker, and a lower card of its suit "
        "does as well"]
    # The Excuse counted less its worth kept: why play it now, or keep it, with the rule
    # that ends its use; nothing when it is neither of the two cards.
    play_it = reasons(_advice(close, close, excuse_discounted=True, cards=(EXCUSE, 1)))
    assert play_it[1:] == [
        "better to play the Excuse now than keep it: it saves more here than it would "
        "later"]
    keep_it = reasons(_advice(close, close, excuse_discounted=True, cards=(1, EXCUSE)))
    assert keep_it[1:] == [
        "keep the Excuse for later: it can save a card you would rather not give, as long "
        "as it is played before the last trick (R16)"]
    assert reasons(_advice(close, close, excuse_discounted=True)) == \
        ["3♠ comes to the same: either will do"]


def test_the_advice_never_offers_a_card_the_guards_leave_out() -> None:
    player = SamplingPlayer(QUICK)
    for game, legal in _card_decisions(range(1, 12)):
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        advice = advise(player, view, legal)
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
    left = reasons(_advice(close, close, left_out=(PETIT, 13)))
    assert left[1:] == [
        f"pas {display(PETIT)}\u00a0: le Petit serait très probablement perdu",
        f"pas {display(13)}\u00a0: le preneur la prendrait très probablement, et une carte plus "
        "basse de la même couleur fait aussi bien"]
    english = re.compile(r"\b(with|your|side|trick|deals?|of|those|scores?|less|average|"
                         r"taker|goes|down|not|would|the)\b")
    for reason in apart + by_points + said + left:
        assert not english.findall(reason), reason


# ---------------------------------------------------------------------------
# The rule that decides, named by its number

TWO_SPADES, KING_OF_HEARTS = 1, 27


def _hand(*cards: int) -> int:
    return sum(1 << card for card in cards)


def test_the_excuse_left_for_the_last_trick_is_r16() -> None:
    """Two cards in hand, one the Excuse: the card not played now goes to the last trick,
    where the Excuse changes side (R16), unless the seat's side has taken every trick and
    may lead it there (R16's exception). The rule is the reason: no "no one reason stands
    out"."""
    close = CardOutcome(10.0, 100, None, 60, None, None)
    last_two = Situation(_hand(EXCUSE, TWO_SPADES))
    play_it = reasons(_advice(close, CardOutcome(2.0, 100, None, 60, None, None),
                              cards=(EXCUSE, TWO_SPADES), situation=last_two))
    assert play_it == ["play the Excuse now: kept for the last trick, it goes to the other "
                       "side (R16)"]
    every_trick = Situation(_hand(EXCUSE, TWO_SPADES), every_trick_ours=True)
    keep_it = reasons(_advice(close, close, cards=(TWO_SPADES, EXCUSE),
                              situation=every_trick))
    assert keep_it == ["your side has taken every trick: keep the Excuse to lead it to the "
                       "last trick, which it then takes (R16)"]
    # With more cards in hand, or the Excuse not one of the two, the rule decides nothing.
    three = Situation(_hand(EXCUSE, TWO_SPADES, 2))
    assert not any("R16" in r for r in reasons(_advice(close, close, cards=(EXCUSE, 1),
                                                       situation=three)))
    assert not any("R16" in r for r in reasons(_advice(close, close, situation=last_two)))


def test_the_petit_kept_for_the_last_trick_is_r18() -> None:
    close = CardOutcome(10.0, 100, None, 60, None, None)
    last_two = Situation(_hand(PETIT, TWO_SPADES))
    assert reasons(_advice(close, close, cards=(TWO_SPADES, PETIT), situation=last_two)) == [
        "keep the Petit for the last trick: the side that takes that trick scores the "
        "petit au bout, 10 points times the contract's multiplier (R18)"]
    assert reasons(_advice(close, close, cards=(PETIT, TWO_SPADES), situation=last_two)) == [
        "play the Petit now: kept for the last trick, it would give the petit au bout to the "
        "side that takes that trick, most likely not yours here (R18)"]


def test_an_honour_led_into_the_takers_void_is_r11() -> None:
    """A defender on lead: a king of a suit the taker is known to lack (he may still
    trump) goes to him; the guards leave it out, and the hint says why by the rule, as it
    says why no trump is led while a small card of that suit is held."""
    from tarot.engine.cards import SUIT_MASKS

    close = CardOutcome(10.0, 100, 50, 60, None, 8000)
    hearts_void = Situation(_hand(TWO_SPADES, KING_OF_HEARTS, 15, 60), leading=True,
                            taker_voids=SUIT_MASKS[1])
    said = reasons(_advice(close, close, cards=(TWO_SPADES, KING_OF_HEARTS),
                           situation=hearts_void))
    assert said == ["the taker has no hearts left and may still trump: leading K♥ there "
                    "gives him its points (R11)"]
    left = reasons(_advice(close, close, cards=(TWO_SPADES, 15), left_out=(KING_OF_HEARTS, 60),
                           situation=hearts_void))
    assert left[1:] == [
        "not K♥: the taker has no hearts left and may still trump, so its points would go "
        "to him (R11)",
        "no trump lead: lead hearts, which the taker lacks: he must trump (R11), and your "
        "side's trumps are spared"]
    # The king played where the guards left it out (as the review compares it): said once.
    played = reasons(_advice(close, close, cards=(TWO_SPADES, KING_OF_HEARTS),
                             left_out=(KING_OF_HEARTS,), situation=hearts_void))
    assert [r for r in played if "R11" in r] == [left[1]]
    # Not on lead (following), the void says nothing of the kind.
    following = Situation(hearts_void.hand, leading=False, taker_voids=SUIT_MASKS[1])
    assert not any("R11" in r for r in reasons(_advice(
        close, close, cards=(TWO_SPADES, KING_OF_HEARTS), situation=following)))


def test_the_rule_reasons_in_french_say_what_a_club_player_says() -> None:
    """The Excuse's reasons in French agree with R16 (never « l'Excuse compte moins »), name
    the rule, and keep French typography: a no-break space before the colon."""
    from tarot.ui.language import use_language

    use_language("fr")
    close = CardOutcome(10.0, 100, None, 60, None, None)
    last_two = Situation(_hand(EXCUSE, TWO_SPADES))
    assert reasons(_advice(close, close, cards=(EXCUSE, TWO_SPADES), situation=last_two)) == \
        ["jouez l'Excuse maintenant\u00a0: gardée pour le dernier pli, elle change de camp "
         "(R16)"]
    play_it = reasons(_advice(close, close, excuse_discounted=True, cards=(EXCUSE, 1)))
    keep_it = reasons(_advice(close, close, excuse_discounted=True, cards=(1, EXCUSE)))
    assert play_it[1:] == [
        "mieux vaut jouer l'Excuse maintenant que la garder\u00a0: elle sauve plus ici "
        "qu'elle ne sauverait plus tard"]
    assert keep_it[1:] == [
        "gardez l'Excuse pour plus tard\u00a0: elle pourra sauver une carte que vous préférez "
        "ne pas donner, pourvu qu'elle soit jouée avant le dernier pli (R16)"]
    from tarot.engine.cards import SUIT_MASKS
    hearts_void = Situation(_hand(TWO_SPADES, KING_OF_HEARTS, 15, 60), leading=True,
                            taker_voids=SUIT_MASKS[1])
    king = reasons(_advice(close, close, cards=(TWO_SPADES, KING_OF_HEARTS),
                           situation=hearts_void))
    assert len(king) == 1 and king[0].startswith("le preneur n'a plus de cœur et peut encore "
                                                 "couper\u00a0: ") and king[0].endswith("(R11)")
    for reason in play_it[1:] + keep_it[1:] + king:
        assert "compte moins" not in reason
        assert " :" not in reason and " ;" not in reason  # only no-break spaces before them
