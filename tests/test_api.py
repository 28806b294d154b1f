"""The Game API: refused actions and their codes, legal_actions against play, views, leads.

An illegal action raises IllegalAction with a stable code and a sentence naming
the seat and the card (or contract); the game's events and state are then
exactly as before (the legal-card cache excepted: it is a cache, not state).
"""

from __future__ import annotations

import copy
import random
import re as _re
import subprocess as _subprocess
import sys as _sys
from dataclasses import fields
from pathlib import Path as _Path
from typing import Any

import pytest
from helpers import auction, play_out, random_game

import tarot
from tarot.bots.random_player import random_action
from tarot.engine import phases
from tarot.engine.cards import CODES
from tarot.engine.events import Action, Bid, Chelem, Discard, Event, Play, Poignee
from tarot.engine.game import Game
from tarot.engine.notation import format_action
from tarot.engine.state import DealState
from tarot.errors import ILLEGAL_ACTION_CODES, IllegalAction
from tarot.log import dumps_log, replay_lines

# ---------------------------------------------------------------------------
# A fixed deal for the trick-play refusals.
#
# P1 and P2 are void in spades; P1 holds hearts and the trumps T3 T4 T6 T7 T10;
# P2 holds T5 T8 T9 T12, so over P1's T10 only T12 is legal.

FIXED_HANDS = [
    "1S 2S 3S 4S 5S 6S 7S 1H 2H 3H 4H 5H 1D 2D 3D 4D T1 T2",
    "1C 2C 3C 4C 5C 6C 6H 7H 8H 9H 5D 6D 7D T3 T4 T6 T7 T10",
    "7C 8C 9C 10C JC NC 10H JH NH QH 8D 9D 10D JD T5 T8 T9 T12",
    "8S 9S 10S JS NS QS KS KH KD KC QC QD ND T11 T13 T14 T15 T16",
]
FIXED_CHIEN = "T17 T18 T19 T20 T21 EXC"


def fixed_game() -> Game:
    return Game.from_deal(FIXED_HANDS, FIXED_CHIEN)


def fixed_in_tricks() -> Game:
    """P0 takes a Garde sans on the fixed deal, no chelem: P0 to lead trick 1."""
    game = auction(fixed_game(), "garde_sans", None, None, None)
    game.play(Chelem(seat=0, declared=False))
    assert game.phase == phases.TRICKS and game.turn == 0
    return game


STATE_FIELDS = [f.name for f in fields(DealState) if f.name != "legal_cache"]


def snapshot(game: Game) -> tuple[list[Event], dict[str, Any]]:
    state = game.state
    return (list(game.events),
            {f.name: copy.deepcopy(getattr(state, f.name)) for f in fields(DealState)
             if f.name not in ("rules", "legal_cache")})


def refused(game: Game, action: Action, code: str, *words: str) -> IllegalAction:
    """``action`` is refused with ``code``; the message names ``words``; nothing changes."""
    assert code in ILLEGAL_ACTION_CODES
    before = snapshot(game)
    with pytest.raises(IllegalAction) as raised:
        game.play(action)
    error = raised.value
    assert error.code == code, error.message
    for word in words:
        assert word in error.message, (word, error.message)
    assert str(error).startswith(f"{code}: ")
    assert snapshot(game) == before
    return error


def test_the_fixed_deal_is_a_deal() -> None:
    cards = " ".join([*FIXED_HANDS, FIXED_CHIEN]).split()
    assert sorted(cards) == sorted(CODES)
    assert all(len(h.split()) == 18 for h in FIXED_HANDS)
    game = fixed_game()
    assert game.phase == phases.AUCTION and game.turn == 0


# ---------------------------------------------------------------------------
# The auction


def test_auction_refusals() -> None:
    game = fixed_game()
    refused(game, Bid(seat=2, contract="prise"), "not_your_turn", "P2", "P0")
    refused(game, Bid(seat=0, contract="grand_chelem"), "unknown_contract", "P0", "grand_chelem")
    game.play(Bid(seat=0, contract="garde"))
    # B06: after a Garde, a Prise or a Garde is too low.
    refused(game, Bid(seat=1, contract="prise"), "bid_too_low", "P1", "Prise")
    refused(game, Bid(seat=1, contract="garde"), "bid_too_low", "P1", "Garde")
    refused(game, Bid(seat=0, contract="garde_sans"), "not_your_turn", "P0", "P1")
    game.play(Bid(seat=1, contract=None))  # a pass is always allowed
    game.play(Bid(seat=2, contract="garde_contre"))
    refused(game, Bid(seat=3, contract="garde_contre"), "bid_too_low", "P3")
    game.play(Bid(seat=3, contract=None))
    # B08: one call per seat; the auction is over.
    refused(game, Bid(seat=0, contract=None), "wrong_phase", "P0")
    assert game.state.taker == 2 and game.phase == phases.DECLARATIONS


def test_legal_bids_are_exactly_the_accepted_ones() -> None:
    game = fixed_game()
    rng = random.Random(4)
    while game.phase == phases.AUCTION:
        legal = game.legal_actions()
        seat = game.turn
        assert all(isinstance(a, Bid) and a.seat == seat for a in legal)
        offered = {a.contract for a in legal}  # type: ignore[union-attr]
        for contract in (None, "prise", "garde", "garde_sans", "garde_contre"):
            action = Bid(seat=seat, contract=contract)  # type: ignore[arg-type]
            if contract in offered:
                game.clone().play(action)
            else:
                refused(game.clone(), action, "bid_too_low", f"P{seat}")
        game.play(rng.choice(legal))


# ---------------------------------------------------------------------------
# The chien and the discard (R6, A15: vectors D01–D05c)


def fixed_in_chien() -> Game:
    game = auction(fixed_game(), "prise", None, None, None)
    assert game.phase == phases.CHIEN and game.turn == 0
    assert "T21" in game.hand(0) and len(game.hand(0)) == 24
    return game


def test_discard_refusals() -> None:
    game = fixed_in_chien()
    low = ["1S", "2S", "3S", "4S", "5S"]
    refused(game, Discard(seat=1, cards=("1C", "2C", "3C", "4C", "5C", "6C")),
            "not_your_turn", "P1")
    refused(game, Discard(seat=0, cards=(*low, "T21")), "forbidden_discard", "P0", "T21")
    refused(game, Discard(seat=0, cards=(*low, "EXC")), "forbidden_discard", "P0", "EXC")
    refused(game, Discard(seat=0, cards=(*low, "T1")), "forbidden_discard", "P0", "T1")
    refused(game, Discard(seat=0, cards=(*low, "T17")), "unforced_trump_discard", "P0", "T17")
    refused(game, Discard(seat=0, cards=(*low, "KH")), "not_in_hand", "P0", "KH")
    refused(game, Discard(seat=0, cards=tuple(low)), "discard_size", "P0")
    refused(game, Discard(seat=0, cards=(*low, "1S")), "duplicate_card", "P0", "1S")
    refused(game, Discard(seat=0, cards=(*low, "ZZ")), "unknown_card", "P0", "ZZ")
    refused(game, Chelem(seat=0, declared=True), "wrong_phase", "P0")
    game.play(Discard(seat=0, cards=(*low, "6S")))
    assert game.phase == phases.DECLARATIONS and len(game.hand(0)) == 18


def four_kings_game() -> Game:
    """The rule book hand H_B: P0 holds 4 kings + T1…T14, the chien brings T15 2H 3H 4S 5D 6C."""
    p0 = ["KS", "KH", "KD", "KC", *[f"T{n}" for n in range(1, 15)]]
    chien = ["T15", "2H", "3H", "4S", "5D", "6C"]
    rest = [c for c in CODES if c not in p0 and c not in chien]
    game = Game.from_deal([p0, rest[:18], rest[18:36], rest[36:]], chien)
    auction(game, "garde", None, None, None)
    assert len(game.hand(0)) == 24
    return game


def test_forced_trump_discard_and_the_four_kings_triple() -> None:
    game = four_kings_game()
    ordinary = ("2H", "3H", "4S", "5D", "6C")
    # D05b: an ordinary card kept while a second trump is discarded.
    refused(game, Discard(seat=0, cards=("2H", "3H", "4S", "5D", "T2", "T3")),
            "unforced_trump_discard", "P0", "6C")
    # D05c: a bout.
    refused(game, Discard(seat=0, cards=(*ordinary, "T1")), "forbidden_discard", "P0", "T1")
    game.play(Discard(seat=0, cards=(*ordinary, "T2")))  # D05
    # Discarded trumps are public; the rest of the discard is the taker's secret.
    assert game.view(1).discard == ("T2",)
    assert set(game.view(0).discard) == {*ordinary, "T2"}
    game.play(Chelem(seat=0, declared=False))
    offered = sorted(len(a.cards) for a in game.legal_actions() if isinstance(a, Poignee))
    assert offered == [10, 13, 15]  # D06: simple, double and, by the exception, triple
    in_hand = [f"T{n}" for n in (1, *range(3, 16))]
    refused(game, Poignee(seat=0, cards=("T2", *in_hand[:9])),
            "poignee_discard_not_allowed", "P0", "T2")
    game.play(Poignee(seat=0, cards=("T2", *in_hand)))
    assert set(game.view(3).known_cards()) >= {"T2", *in_hand}
    refused(game, Poignee(seat=0, cards=tuple(in_hand[:10])), "poignee_not_now", "P0")
    play_out(game, 0, poignee_chance=0.0)
    settlement = game.settlement
    assert settlement is not None
    assert [(p.seat, p.level, abs(p.bonus)) for p in settlement.poignees] == [(0, "triple", 40)]


# ---------------------------------------------------------------------------
# Declarations and who leads (R10, R14, A20)


def test_only_the_taker_may_declare_a_chelem() -> None:
    game = auction(fixed_game(), None, None, "garde_sans", None)
    assert game.phase == phases.DECLARATIONS and game.turn == 2
    refused(game, Chelem(seat=1, declared=True), "chelem_taker_only", "P1", "P2")
    refused(game, Chelem(seat=0, declared=False), "chelem_taker_only", "P0")
    refused(game, Play(seat=0, card="1S"), "wrong_phase", "P0")


@pytest.mark.parametrize(("bids", "taker"), [
    (["prise", None, None, None], 0),
    ([None, "garde", None, None], 1),
    ([None, None, "garde_sans", None], 2),
    ([None, None, None, "garde_contre"], 3),
])
@pytest.mark.parametrize("declared", [True, False])
def test_a_declared_chelem_makes_the_taker_lead(bids: list[str | None], taker: int,
                                                declared: bool) -> None:
    game = auction(fixed_game(), *bids)
    assert game.state.taker == taker
    if game.phase == phases.CHIEN:
        game.play(game.legal_actions()[0])
    game.play(Chelem(seat=taker, declared=declared))
    leader = taker if declared else 0  # P0, the dealer's right, otherwise (R14)
    assert game.turn == leader and game.state.leader == leader
    others = [s for s in range(4) if s != leader]
    for seat in others:
        refused(game, Play(seat=seat, card=game.hand(seat)[0]), "not_your_turn",
                f"P{seat}", f"P{leader}")
    card = game.hand(leader)[0]
    assert game.play(Play(seat=leader, card=card))[0] == Play(seat=leader, card=card)
    play_out(game, taker)
    kinds = [c.kind for c in game.settlement.chelem]  # type: ignore[union-attr]
    if declared:
        assert kinds[0] in ("declared_made", "declared_failed")
    else:
        assert not {"declared_made", "declared_failed"} & set(kinds)


def test_after_a_redeal_the_new_dealers_right_leads() -> None:
    game = Game.new(5)
    for seat in range(4):
        game.play(Bid(seat=seat, contract=None))
    assert game.state.dealer == 0 and game.turn == 1  # B01
    auction(game, "garde_sans", None, None, None)
    assert game.state.taker == 1
    game.play(Chelem(seat=1, declared=False))
    assert game.turn == 1  # the dealer's right leads, P1 being also the taker
    game2 = Game.new(5)
    for seat in range(4):
        game2.play(Bid(seat=seat, contract=None))
    auction(game2, None, "garde_contre", None, None)
    game2.play(Chelem(seat=2, declared=False))
    assert game2.turn == 1


def test_a_slam_led_out_with_the_excuse() -> None:
    """E07, P05: the taker wins tricks 1–17, leads the Excuse to trick 18 and wins it."""
    p0 = [f"T{n}" for n in range(1, 18)] + ["EXC"]
    suits = [c for c in CODES if not c.startswith("T") and c != "EXC"]
    chien = ["T18", "T19", "T20", "T21", *suits[54:]]
    game = Game.from_deal([p0, suits[:18], suits[18:36], suits[36:54]], chien)
    auction(game, "garde_sans", None, None, None)
    game.play(Chelem(seat=0, declared=True))
    for n in range(17, 0, -1):
        game.play(Play(seat=0, card=f"T{n}"))
        for seat in (1, 2, 3):
            game.play(Play(seat=seat, card=game.legal_cards()[0]))
    game.play(Play(seat=0, card="EXC"))
    for seat in (1, 2, 3):
        game.play(Play(seat=seat, card=game.legal_cards()[0]))
    s = game.settlement
    assert s is not None
    assert all(t.winner == 0 for t in game.state.tricks)
    assert game.state.tricks[-1].excuse_exception
    assert s.taker_half_points == 182 and sorted(s.taker_bouts) == ["EXC", "T1", "T21"]
    assert s.petit_au_bout == "taker"  # T1 in trick 17, the slam ended by the Excuse
    # Garde sans: (25 + 55) × 4 + 10 × 4 + 400 = 760 per defender (rule book 3.6)
    assert [c.kind for c in s.chelem] == ["declared_made"]
    assert s.per_defender == 760 and s.scores == (2280, -760, -760, -760)


# ---------------------------------------------------------------------------
# Playing cards (R11, R12)


def test_card_refusals() -> None:
    game = fixed_in_tricks()
    refused(game, Play(seat=1, card="6H"), "not_your_turn", "P1", "P0")
    refused(game, Play(seat=0, card="KS"), "not_in_hand", "P0", "KS")
    refused(game, Play(seat=0, card="ZZ"), "unknown_card", "P0", "ZZ")
    refused(game, Play(seat=7, card="1S"), "not_your_turn", "7")
    refused(game, Bid(seat=0, contract="garde"), "wrong_phase", "P0")

    hearts = game.clone()
    hearts.play(Play(seat=0, card="1H"))
    refused(hearts, Play(seat=1, card="T10"), "must_follow_suit", "P1", "T10", "1H")
    refused(hearts, Play(seat=1, card="1C"), "must_follow_suit", "P1", "1C")
    assert set(hearts.legal_cards()) == {"6H", "7H", "8H", "9H"}

    game.play(Play(seat=0, card="1S"))
    refused(game, Play(seat=1, card="6H"), "must_trump", "P1", "6H")
    assert set(game.legal_cards()) == {"T3", "T4", "T6", "T7", "T10"}
    game.play(Play(seat=1, card="T10"))
    refused(game, Play(seat=2, card="T5"), "must_overtrump", "P2", "T5", "T10", "T12")
    refused(game, Play(seat=2, card="10H"), "must_trump", "P2", "10H")
    assert game.legal_cards() == ["T12"]
    game.play(Play(seat=2, card="T12"))
    refused(game, Play(seat=3, card="T11"), "must_follow_suit", "P3", "T11")


def test_every_refusal_code_is_documented() -> None:
    for code in ("not_your_turn", "must_follow_suit", "must_trump", "must_overtrump",
                 "bid_too_low", "unknown_card", "not_in_hand", "forbidden_discard",
                 "unforced_trump_discard", "chelem_taker_only", "poignee_not_now",
                 "wrong_phase", "duplicate_card", "discard_size", "unknown_contract",
                 "poignee_size", "poignee_not_trumps", "poignee_excuse_not_allowed",
                 "poignee_discard_not_allowed"):
        assert ILLEGAL_ACTION_CODES[code]


def random_positions(n_deals: int) -> list[Game]:
    """Every decision point of the tricks phase in ``n_deals`` random deals."""
    positions = []
    for seed in range(n_deals):
        game = Game.new(100 + seed)
        rng = random.Random(seed)
        while not game.is_over:
            if game.phase == phases.TRICKS:
                positions.append(game.clone())
            game.play(random_action(game.state, rng))
    return positions


POSITIONS = random_positions(12)


def test_legal_actions_are_exactly_the_cards_play_accepts() -> None:
    assert len(POSITIONS) > 800
    for game in POSITIONS:
        seat = game.turn
        assert seat is not None
        legal = [a for a in game.legal_actions() if isinstance(a, Play)]
        assert all(a.seat == seat for a in legal)
        legal_cards = {a.card for a in legal}
        assert legal_cards == set(game.legal_cards()) == set(game.view(seat).legal_cards)
        assert legal_cards
        for card in game.hand(seat):
            probe = game.clone()
            if card in legal_cards:
                events = probe.play(Play(seat=seat, card=card))
                assert events[0] == Play(seat=seat, card=card)
                assert card not in probe.hand(seat)
            else:
                with pytest.raises(IllegalAction) as raised:
                    probe.play(Play(seat=seat, card=card))
                assert raised.value.code in ("must_follow_suit", "must_trump", "must_overtrump")
                assert f"P{seat}" in raised.value.message and card in raised.value.message
                assert probe.events == game.events
                assert all(getattr(probe.state, name) == getattr(game.state, name)
                           for name in STATE_FIELDS)
        other = game.hand((seat + 1) % 4)
        if other:
            with pytest.raises(IllegalAction) as raised:
                game.clone().play(Play(seat=seat, card=other[0]))
            assert raised.value.code == "not_in_hand"


def test_clones_are_independent() -> None:
    game = POSITIONS[40]
    before = snapshot(game)
    clone = game.clone()
    clone.play(Play(seat=clone.turn, card=clone.legal_cards()[0]))  # type: ignore[arg-type]
    assert snapshot(game) == before
    assert len(clone.events) > len(game.events)


# ---------------------------------------------------------------------------
# Poignées (R8, A12, A13; vectors H02, H03)


def poignee_game(trumps: list[str], excuse: bool) -> Game:
    """P0 holds ``trumps`` (and the Excuse), takes a Garde sans and leads trick 1.

    ``trumps`` must not hold T1, which goes to the chien (so that no hand is a petit sec).
    """
    p0 = list(trumps) + (["EXC"] if excuse else [])
    suits = [c for c in CODES if not c.startswith("T") and c != "EXC"]
    p0 += suits[: 18 - len(p0)]
    rest = [c for c in CODES if c not in p0 and c != "T1"]
    chien = ["T1", *[c for c in rest if not c.startswith("T") and c != "EXC"][-5:]]
    rest = [c for c in rest if c not in chien]
    game = Game.from_deal([p0, rest[:18], rest[18:36], rest[36:54]], chien)
    auction(game, "garde_sans", None, None, None)
    game.play(Chelem(seat=0, declared=False))
    assert game.turn == 0
    return game


def test_poignee_refusals() -> None:
    trumps = [f"T{n}" for n in range(2, 13)]  # 11 trumps and the Excuse (H03)
    game = poignee_game(trumps, excuse=True)
    offered = [a for a in game.legal_actions() if isinstance(a, Poignee)]
    assert [len(a.cards) for a in offered] == [10]
    refused(game, Poignee(seat=0, cards=(*trumps[:9], "EXC")),
            "poignee_excuse_not_allowed", "P0", "Excuse", "T11 T12")
    refused(game, Poignee(seat=0, cards=tuple(trumps)), "poignee_size", "P0")
    refused(game, Poignee(seat=0, cards=(*trumps[:9], "1S")), "poignee_not_trumps", "P0", "1S")
    refused(game, Poignee(seat=0, cards=(*trumps[:9], "T21")), "not_in_hand", "P0", "T21")
    refused(game, Poignee(seat=0, cards=(*trumps[:9], "T2")), "duplicate_card", "P0", "T2")
    refused(game, Poignee(seat=1, cards=tuple(trumps[:10])), "not_your_turn", "P1")
    game.play(Poignee(seat=0, cards=tuple(trumps[1:])))  # any 10 of the 11
    refused(game, Poignee(seat=0, cards=tuple(trumps[:10])), "poignee_not_now", "P0")
    assert game.view(2).poignees == ((0, tuple(trumps[1:])),)

    late = poignee_game(trumps, excuse=True)
    late.play(Play(seat=0, card="T2"))
    for seat in (1, 2, 3):
        late.play(Play(seat=seat, card=late.legal_cards()[0]))
    # A poignée after one's first card is too late (A12, H09).
    seat = late.turn
    assert seat is not None and late.state.tricks
    refused(late, Poignee(seat=seat, cards=tuple(trumps[:10])), "poignee_not_now", f"P{seat}")


def _trumps(n: int) -> list[str]:
    return [f"T{k}" for k in range(2, 2 + n)]


@pytest.mark.parametrize(("vector", "trumps", "excuse", "levels"), [
    ("H01", 10, False, [10]),
    ("H02", 9, True, [10]),
    ("H03", 11, True, [10]),
    ("H04", 12, True, [10, 13]),
    ("H05", 13, False, [10, 13]),
    ("H06", 14, True, [10, 13, 15]),
    ("H07", 8, True, []),
    ("16", 16, False, [10, 13, 15]),
])
def test_offered_poignees_follow_the_h_vectors(vector: str, trumps: int, excuse: bool,
                                               levels: list[int]) -> None:
    game = poignee_game(_trumps(trumps), excuse)
    offered = [a for a in game.legal_actions() if isinstance(a, Poignee)]
    assert [len(a.cards) for a in offered] == levels, vector
    for action in offered:
        shown = set(action.cards)
        assert shown <= set(game.hand(0))
        if "EXC" in shown:  # the Excuse only with every trump (A13)
            assert shown == {*_trumps(trumps), "EXC"}
        probe = game.clone()
        assert probe.play(action) == [action]
        assert probe.turn == 0
        refused(probe, action, "poignee_not_now", "P0")
        assert probe.view(2).poignees == ((0, tuple(sorted(
            action.cards, key=lambda c: (c == "EXC", int(c[1:]) if c != "EXC" else 0)))),)


def test_the_excuse_fills_a_poignee_of_every_trump() -> None:
    trumps = [f"T{n}" for n in range(2, 11)]  # 9 trumps and the Excuse (H02)
    game = poignee_game(trumps, excuse=True)
    offered = [a for a in game.legal_actions() if isinstance(a, Poignee)]
    assert [set(a.cards) for a in offered] == [{*trumps, "EXC"}]
    game.play(offered[0])
    assert game.view(1).poignees == ((0, tuple([*trumps, "EXC"])),)


# ---------------------------------------------------------------------------
# Views: the hidden chien of Garde sans and Garde contre (R7, A16, A30)


@pytest.mark.parametrize("contract", ["garde_sans", "garde_contre"])
@pytest.mark.parametrize("seed", range(6))
def test_a_hidden_chien_stays_hidden(contract: str, seed: int) -> None:
    game = Game.new(seed)
    assert game.state.deal_number == 0
    taker = seed % 4
    for seat in range(4):
        game.play(Bid(seat=seat, contract=contract if seat == taker else None))
    chien = set(game.events[0].chien)  # type: ignore[union-attr]
    assert len(chien) == 6 and game.phase == phases.DECLARATIONS
    rng = random.Random(seed)
    while True:
        for seat in range(4):
            view = game.view(seat)
            if game.is_over:
                assert set(view.chien or ()) == chien
                assert chien <= view.known_cards()
            else:
                assert view.chien is None
                assert not chien & view.known_cards(), (seat, chien & view.known_cards())
        if game.is_over:
            break
        game.play(random_action(game.state, rng))
    assert game.settlement is not None and game.settlement.contract == contract


# ---------------------------------------------------------------------------
# Suspected engine bugs, each shown by a test asserting what the rules and the API say


@pytest.mark.parametrize("spelling", ["lower", "padded", "symbol"])
def test_a_card_spelled_another_way_is_accepted_or_refused_cleanly(spelling: str) -> None:
    """``parse_card`` accepts ``kh``, `` KH`` and ``K♥``; ``Game.play`` must either accept
    such a card (logging its canonical code) or refuse it with IllegalAction, never crash."""
    game = fixed_in_tricks()
    card = "1S"
    text = {"lower": "1s", "padded": " 1S", "symbol": "1♠"}[spelling]
    before = snapshot(game)
    try:
        events = game.play(Play(seat=0, card=text))
    except IllegalAction:
        assert snapshot(game) == before
        return
    assert events[0] == Play(seat=0, card=card)
    lines = dumps_log(game.header, game.events).splitlines()
    assert replay_lines(lines, allow_incomplete=True).events == game.events


def test_a_discard_spelled_another_way_is_accepted_or_refused_cleanly() -> None:
    game = fixed_in_chien()
    before = snapshot(game)
    try:
        game.play(Discard(seat=0, cards=("1s", "2S", "3S", "4S", "5S", "6S")))
    except IllegalAction:
        assert snapshot(game) == before
        return
    assert game.events[-1] == Discard(seat=0, cards=("1S", "2S", "3S", "4S", "5S", "6S"))


def _played_out() -> Game:
    return random_game(100, 0)


def test_legal_actions_when_nobody_is_to_act() -> None:
    """After the 4th card of a trick is recorded and before the trick is, nobody is to act
    (``turn`` is None): ``legal_actions()`` must offer nothing, not P3's cards."""
    source = _played_out()
    replay = Game(source.header, source.rules)
    waiting = 0
    for event in source.events:
        replay.record(event)
        if replay.turn is None and replay.phase == phases.TRICKS:
            waiting += 1
            assert replay.legal_actions() == [], f"after {event}"
    assert waiting == 18


def test_asking_for_legal_actions_changes_nothing() -> None:
    """Asking ``legal_actions()`` between recorded events (a replay viewer, a bot that
    peeks) must not change which cards are accepted next (R11: a lead is free)."""
    source = _played_out()
    replay = Game(source.header, source.rules)
    for index, event in enumerate(source.events):
        try:
            replay.record(event)
        except IllegalAction as error:
            raise AssertionError(f"event #{index} {event} refused: {error}") from None
        replay.legal_actions()
    assert replay.events == source.events


# ---------------------------------------------------------------------------
# The public API: `import tarot`, lazy; the README's three lines; moves as words

ROOT = _Path(__file__).resolve().parents[1]


def test_import_tarot_is_light_and_the_names_come_when_asked() -> None:
    code = ("import sys, tarot\n"
            "heavy = [m for m in ('pydantic', 'click', 'tarot.engine') if m in sys.modules]\n"
            "assert not heavy, heavy\n"
            "print(tarot.Game.new(seed=7))\n")
    result = _subprocess.run([_sys.executable, "-c", code], capture_output=True, text=True,
                             check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "<Game seed=7 deal 1 phase=auction turn=P0 events=1>"


def test_all_names_resolve_and_dir_lists_them() -> None:
    for name in tarot.__all__:
        assert getattr(tarot, name) is not None, name
    assert set(tarot.__all__) <= set(dir(tarot))
    # Subpackages become attributes once imported (tarot.engine): the import system's doing.
    public = {name for name in dir(tarot) if not name.startswith("_")
              and not isinstance(getattr(tarot, name), type(tarot))}
    assert public == set(tarot.__all__) - {"__version__"}
    for leaked in ("version", "PackageNotFoundError", "importlib", "annotations"):
        assert not hasattr(tarot, leaked), leaked
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        tarot.nothing  # noqa: B018
    assert tarot.Game is Game and tarot.IllegalAction is IllegalAction


def test_the_readme_example_plays_and_saves_a_deal(tmp_path: _Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = _re.search(r"<!-- api-example -->\n```python\n(.*?)```\n<!-- /api-example -->",
                       readme, _re.S)
    assert block is not None
    script = block.group(1)
    assert len(script.strip().splitlines()) == 3
    result = _subprocess.run([_sys.executable, "-c", script], cwd=tmp_path,
                             capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    game = tarot.read_log(tmp_path / "deal.jsonl")
    assert game.is_over and game.header.players == ("strong", "rules", "rules", "rules")
    assert game.events == tarot.play_deal(seed=7, players=["strong", "rules", "rules",
                                                           "rules"]).events


def test_a_script_plays_garde_in_words() -> None:
    code = "import tarot; g = tarot.Game.new(seed=7); g.play('garde'); print(g)"
    result = _subprocess.run([_sys.executable, "-c", code], capture_output=True, text=True,
                             check=False)
    assert result.returncode == 0, result.stderr
    assert "turn=P1 events=2" in result.stdout


@pytest.mark.parametrize("seed", range(4))
def test_a_whole_deal_played_in_words(seed: int) -> None:
    """The same deal played with actions and with their words gives the same events."""
    by_action, by_words = Game.new(seed), Game.new(seed)
    rng = random.Random(seed)
    while not by_action.is_over:
        action = random_action(by_action.state, rng)
        assert by_words.is_legal(format_action(action))
        assert by_words.play(format_action(action)) == by_action.play(action)
    assert by_words.events == by_action.events


def test_is_legal_agrees_with_play() -> None:
    game = Game.new(7)
    game.play("garde")
    assert not game.is_legal("prise") and not game.is_legal("bogus")
    assert game.is_legal("garde_sans") and game.is_legal(Bid(seat=1, contract=None))
    refused(game, Bid(seat=1, contract="prise"), "bid_too_low", "P1")


def test_discard_and_poignee_options() -> None:
    game = fixed_in_chien()
    assert game.discard is None  # the taker holds the chien: no discard made yet
    options = game.discard_options()
    assert options.size == 6 and options.trumps_required == 0
    assert "1S" in options.ordinary and "KS" not in options.ordinary
    assert "T21" not in options.trumps and "T17" in options.trumps
    with pytest.raises(IllegalAction, match="wrong_phase"):
        fixed_game().discard_options()
    game = poignee_game([f"T{n}" for n in range(2, 13)], excuse=True)
    assert game.poignee_window_open(0) and not game.poignee_window_open(1)
    [simple] = game.poignee_options()
    assert len(simple.shown) == simple.level.trumps == 10 and set(simple.shown) <= set(simple.cards)
    assert game.taker == 0 and game.discard is None and len(game.chien) == 6
