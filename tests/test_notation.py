"""The text notation of actions (tarot.engine.notation): what it reads, what it refuses
and with which words, and that what it prints reads back as the same action."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarot.bots.random_player import random_action
from tarot.engine import phases
from tarot.engine.events import Action, Bid, Call, Chelem, Discard, Play, Poignee
from tarot.engine.game import Game
from tarot.engine.notation import (
    NotationError,
    format_action,
    parse_action,
    parse_script_entry,
)
from tarot.errors import TarotError
from tarot.i18n import in_language


def game_at(phase: str, seed: int = 0) -> Game:
    """A game from ``seed`` played at random (no redeal) until ``phase`` is awaited."""
    for tries in range(200):
        game = Game.new(seed + tries)
        rng = random.Random(tries)
        while not game.is_over and game.phase != phase:
            if game.phase == phases.AUCTION and game.turn == 0 and phase == phases.CHIEN:
                game.play(Bid(seat=0, contract="garde"))
            else:
                game.play(random_action(game.state, rng))
        if game.phase == phase and game.deal_number == 0:
            return game
    raise AssertionError(f"no game reaches {phase}")


@pytest.mark.parametrize(("text", "contract"), [
    ("garde", "garde"), ("GARDE", "garde"), ("pass", None), ("passe", None), ("p", None),
    ("Garde sans", "garde_sans"), ("garde-contre", "garde_contre"), ("bid prise", "prise"),
    ("bid pass", None), ("P0 bid garde_sans", "garde_sans"),
])
def test_bids_in_words(text: str, contract: str | None) -> None:
    game = Game.new(7)
    assert game.parse(text) == Bid(seat=0, contract=contract)


def test_an_unknown_bid_lists_the_legal_ones() -> None:
    game = Game.new(7)
    game.play("garde")
    with pytest.raises(NotationError) as raised:
        game.parse("bogus")
    assert str(raised.value) == "Type one of: pass, garde_sans, garde_contre"
    assert not raised.value.card
    # A known contract reads, even when too low: the rules refuse it, not the notation.
    assert game.parse("prise") == Bid(seat=1, contract="prise")


def test_the_notation_error_is_a_tarot_error_with_a_code() -> None:
    with pytest.raises(TarotError) as raised:
        Game.new(7).play("bogus")
    assert isinstance(raised.value, NotationError) and isinstance(raised.value, ValueError)
    assert raised.value.code == "bad_notation"


def test_cards_by_code_or_number() -> None:
    game = game_at(phases.TRICKS)
    seat = game.turn
    assert seat is not None
    hand = game.hand(seat)
    assert game.parse(hand[0]) == Play(seat=seat, card=hand[0])
    assert game.parse(hand[0].lower()) == Play(seat=seat, card=hand[0])
    assert game.parse("1") == Play(seat=seat, card=hand[0])
    assert game.parse(f"play {hand[-1]}") == Play(seat=seat, card=hand[-1])
    assert game.parse("K♥") == Play(seat=seat, card="KH")
    for text, words in (("ZZ", "'ZZ' is not a card"),
                        ("99", f"99 is not a card number: your hand has {len(hand)} cards"),
                        ("", "Name a card"), ("p", "A poignée names the trumps")):
        with pytest.raises(NotationError) as raised:
            game.parse(text)
        assert str(raised.value).startswith(words), str(raised.value)
    with pytest.raises(NotationError) as raised:
        game.parse("ZZ")
    assert raised.value.card


def test_a_discard_in_words() -> None:
    game = game_at(phases.CHIEN)
    seat = game.turn
    assert seat is not None
    hand = game.hand(seat)
    six = tuple(hand[:6])
    assert game.parse(" ".join(six)) == Discard(seat=seat, cards=six)
    assert game.parse(", ".join(six)) == Discard(seat=seat, cards=six)
    assert game.parse("1 2 3 4 5 6") == Discard(seat=seat, cards=six)
    assert game.parse("discard " + " ".join(six)) == Discard(seat=seat, cards=six)
    with pytest.raises(NotationError, match="'QQ' is not a card"):
        game.parse("1 2 3 4 5 QQ")


@pytest.mark.parametrize(("text", "declared"), [
    ("", False), ("n", False), ("no", False), ("non", False), ("no chelem", False),
    ("y", True), ("Yes", True), ("oui", True), ("o", True), ("chelem", True),
    ("chelem yes", True), ("chelem no", False), ("P0 chelem yes", True),
])
def test_the_chelem_question(text: str, declared: bool) -> None:
    game = Game.new(7)
    for word in ("garde_sans", "pass", "pass", "pass"):
        game.play(word)
    assert game.phase == phases.DECLARATIONS and game.turn == 0
    assert game.parse(text) == Chelem(seat=0, declared=declared)


def test_an_unclear_chelem_answer() -> None:
    game = Game.new(7)
    for word in ("garde_sans", "pass", "pass", "pass"):
        game.play(word)
    with pytest.raises(NotationError, match=r"^Answer y \(yes\) or n \(no\)\.$"):
        game.parse("maybe")


def test_a_poignee_in_words() -> None:
    game = Game.new(7)
    seat = game.turn
    assert game.parse("poignee T2 T3 t4") == Poignee(seat=seat or 0, cards=("T2", "T3", "T4"))
    assert game.parse("P3 poignee T21 EXC") == Poignee(seat=3, cards=("T21", "EXC"))


def test_no_seat_to_act() -> None:
    game = Game.new(7)
    rng = random.Random(7)
    while not game.is_over:  # at random: the first legal action, a pass, redeals for ever
        game.play(random_action(game.state, rng))
    with pytest.raises(NotationError, match="no seat is to act"):
        game.parse("KH")
    assert game.parse("P1 play KH") == Play(seat=1, card="KH")  # the seat is given


@pytest.mark.parametrize(("action", "words", "entry"), [
    (Bid(seat=1, contract="garde"), "garde", "P1 bid garde"),
    (Bid(seat=2, contract=None), "pass", "P2 bid pass"),
    (Chelem(seat=0, declared=True), "chelem", "P0 chelem yes"),
    (Chelem(seat=0, declared=False), "no chelem", "P0 chelem no"),
    (Play(seat=3, card="KH"), "KH", "P3 play KH"),
    (Discard(seat=0, cards=("5S", "8S", "4D", "1C", "2C", "4C")),
     "discard 5S 8S 4D 1C 2C 4C", "P0 discard 5S 8S 4D 1C 2C 4C"),
    (Poignee(seat=1, cards=("T2", "T3")), "poignee T2 T3", "P1 poignee T2 T3"),
])
def test_format_action(action: Action, words: str, entry: str) -> None:
    assert format_action(action) == words
    assert format_action(action, seat=True) == entry
    assert parse_script_entry(entry) == action


@pytest.mark.slow  # whole deals, every action at every turn: the slow tier
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_legal_action_reads_back_from_its_words(seed: int) -> None:
    """Along a random deal, each legal action (and a random other discard, a random
    poignée subset) printed by format_action is read back as itself, in both forms."""
    game = Game.new(seed)
    choices = random.Random(seed)
    while not game.is_over:
        offered = list(game.legal_actions())
        seat = game.turn
        assert seat is not None
        if game.phase == phases.CHIEN:
            offered.append(Discard(seat=seat, cards=tuple(choices.sample(game.hand(seat), 6))))
        for option in game.poignee_options():
            # With the Excuse filling the last card, the shown cards are the only choice.
            pool = option.cards if len(option.cards) >= option.level.trumps else option.shown
            offered.append(Poignee(seat=seat, cards=tuple(
                choices.sample(pool, option.level.trumps))))
        for action in offered:
            assert parse_action(format_action(action), game) == action
            assert parse_script_entry(format_action(action, seat=True)) == action
        game.play(choices.choice(game.legal_actions()))


@pytest.mark.parametrize(("text", "expected"), [
    ("P0 bid garde sans", Bid(seat=0, contract="garde_sans")),
    ("P0 bid Garde", Bid(seat=0, contract="garde")),
    ("P0 bid", Bid(seat=0, contract=None)),
])
def test_the_seat_form_reads_the_words_as_the_person_s_own(text: str, expected: Bid) -> None:
    """The seat-prefixed form takes the same words as a bare answer: no word is dropped
    (a Garde sans is not read as a Garde)."""
    assert Game.new(seed=42).parse(text) == expected


@pytest.mark.parametrize("text", ["P0 chelem maybe", "P0 play KH 5S"])
def test_the_seat_form_refuses_what_the_bare_form_refuses(text: str) -> None:
    with pytest.raises(NotationError):
        Game.new(seed=42).parse(text)


# -- the call (five players) and the fifth seat ---------------------------------------


def call_due_game(seed: int = 1) -> Game:
    """A five-player game where P0 took a Prise and is to call a card."""
    game = Game.new(seed, rules="standard-5")
    for words in ("prise", "pass", "pass", "pass", "pass"):
        game.play(words)
    assert game.state.call_due
    return game


@pytest.mark.parametrize("text", ["KH", "kh", "call KH", "CALL kh", "P0 call KH", "K♥"])
def test_a_call_in_words(text: str) -> None:
    assert call_due_game().parse(text) == Call(seat=0, card="KH")


@pytest.mark.parametrize(("text", "card"), [
    ("RC", "KH"), ("appelle RC", "KH"), ("roi de cœur", "KH"), ("appeler le roi de pique", "KS"),
    ("D♥", "QH"), ("call KC", "KC"),
])
def test_a_call_in_french_words(text: str, card: str) -> None:
    with in_language("fr"):
        assert call_due_game().parse(text) == Call(seat=0, card=card)


@pytest.mark.parametrize("text", ["call 3", "3", "call KH QH", "call"])
def test_a_call_names_one_card_by_its_code(text: str) -> None:
    with pytest.raises(NotationError) as raised:
        call_due_game().parse(text)
    assert "call" in str(raised.value) or "not a card" in str(raised.value)


def test_a_call_reads_back_as_it_is_written() -> None:
    game = call_due_game()
    call = Call(seat=0, card="QS")
    assert format_action(call) == "call QS"
    assert format_action(call, seat=True) == "P0 call QS"
    assert game.parse(format_action(call)) == call
    assert game.parse(format_action(call, seat=True)) == call
    assert parse_script_entry("P4 call KH") == Call(seat=4, card="KH")
    game.play("call KH")  # legal: a king
    assert game.called == "KH"


def test_the_fifth_seat_is_named_only_at_a_table_that_has_it() -> None:
    assert parse_script_entry("P4 bid garde") == Bid(seat=4, contract="garde")
    game = Game.new(1, rules="standard-5")
    assert game.parse("P4 bid garde") == Bid(seat=4, contract="garde")
    with pytest.raises(NotationError, match="P3 is not a seat of this table: P0 to P2"):
        Game.new(1, rules="standard-3").parse("P3 bid garde")
    with pytest.raises(NotationError, match="P4 is not a seat of this table: P0 to P3"):
        Game.new(1).parse("p4 play KH")
    with pytest.raises(NotationError, match="the seat 0 to 4"):
        parse_script_entry("P5 bid garde")
