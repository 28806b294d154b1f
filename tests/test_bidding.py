"""Bids valued by simulation (tarot.bots.bidding) and the rules player's count."""

from __future__ import annotations

import random

import pytest
from helpers import build_deal

from tarot.bots.base import ask
from tarot.bots.bidding import SimulatedBidder
from tarot.bots.rules_player import RulesPlayer
from tarot.bots.sampling import SamplingPlayer, Settings
from tarot.engine.cards import CODES, TRUMP_MASK, parse_cards
from tarot.engine.deal import seeded_deal
from tarot.engine.events import Bid
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules

RULES = load_rules("standard")
SAMPLES = 16


def bidder() -> SimulatedBidder:
    return SimulatedBidder(RULES, RulesPlayer(rules=RULES), SAMPLES)


def first_bid(hand: str, seed: int = 0) -> Bid | None:
    hands, chien = build_deal({0: hand}, fill="in_turn")
    game = Game.from_deal(hands, chien)
    assert game.phase == "auction" and game.turn == 0
    action = bidder().choose(game.view(0), game.legal_actions(), random.Random(seed))
    assert isinstance(action, Bid)
    return action


def test_the_simulated_bid_is_the_same_for_the_same_view_and_generator() -> None:
    for seed in range(3):
        game = Game.new(seed=seed)
        seat = game.turn
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions()
        one = bidder().values(view, ["prise", "garde_sans"], random.Random(seed))
        two = bidder().values(view, ["prise", "garde_sans"], random.Random(seed))
        assert one == two
        assert bidder().choose(view, legal, random.Random(7)) == \
            bidder().choose(view, legal, random.Random(7))


def test_the_simulated_bid_sees_only_the_seats_view() -> None:
    checked = 0
    for deal_seed in range(12):
        dealt = seeded_deal(deal_seed, 0, 3, 18)
        hands = [[CODES[c] for c in h] for h in dealt.hands]
        chien = [CODES[c] for c in dealt.chien]
        # Seat 1 speaks second, after seat 0's pass: the others' cards shuffled.
        hidden = [c for s in (0, 2, 3) for c in hands[s]] + chien
        random.Random(deal_seed).shuffle(hidden)
        other = [hidden[:18], hands[1], hidden[18:36], hidden[36:54]]
        games = [Game.from_deal(hands, chien), Game.from_deal(other, hidden[54:])]
        if any(g.phase != "auction" for g in games):
            continue  # a petit sec: no auction
        for game in games:
            game.play(Bid(seat=0, contract=None))
        views = [g.view(1) for g in games]
        assert views[0] == views[1]
        bids = [bidder().choose(v, g.legal_actions(), random.Random(deal_seed))
                for v, g in zip(views, games, strict=True)]
        assert bids[0] == bids[1]
        checked += 1
    assert checked >= 8


def test_a_very_strong_hand_bids_garde_sans_or_more_and_a_weak_one_passes() -> None:
    huge = "KS KH KD T1 T4 T7 T9 T11 T12 T14 T15 T16 T17 T18 T19 T20 T21 EXC"
    weak = "2S 3S 4S 5S 2H 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C T2 T3 T4"
    strong_bid = first_bid(huge)
    assert strong_bid is not None and strong_bid.contract in ("garde_sans", "garde_contre")
    weak_bid = first_bid(weak)
    assert weak_bid is not None and weak_bid.contract is None


def test_a_sampling_level_bids_by_simulation_when_asked_and_by_the_count_otherwise() -> None:
    # A thin hand (five trumps and one king, two bouts) that the yardstick's count gardes.
    hand = "KS 3S 4S 5H 6H 7H 2D 3D 4D 2C 3C 4C T5 T8 T12 T15 T21 EXC"
    hands, chien = build_deal({0: hand}, fill="in_turn")
    game = Game.from_deal(hands, chien)
    counting = SamplingPlayer(Settings(bid_samples=0), rules=RULES)
    simulating = SamplingPlayer(Settings(bid_samples=SAMPLES), rules=RULES)
    assert counting.bidder is None and simulating.bidder is not None
    view, legal = game.view(0), game.legal_actions()
    assert ask(counting, game, random.Random(0)) == counting.fallback.choose(
        view, legal, random.Random(0))
    assert ask(simulating, game, random.Random(0)) == simulating.bidder.choose(
        view, legal, random.Random(0))


def test_the_count_takes_prise_on_a_prise_hand_and_no_garde_on_a_thin_hand() -> None:
    player = RulesPlayer(rules=RULES)
    # Six trumps with the 21, two kings and a queen: a Prise at any club table.
    prise = "KS QS 4S KH 5H 6H 2D 3D 4D 2C 3C 4C T3 T6 T9 T13 T16 T21"
    # Five trumps with the 21 and the Excuse, one king: thin for a Garde.
    thin = "KS 3S 4S 5H 6H 7H 2D 3D 4D 2C 3C 4C T5 T8 T12 T15 T21 EXC"
    assert (sum(1 << c for c in parse_cards(thin)) & TRUMP_MASK).bit_count() == 5
    for hand, wanted in ((prise, {"prise"}), (thin, {"prise", None})):
        hands, chien = build_deal({0: hand}, fill="in_turn")
        game = Game.from_deal(hands, chien)
        bid = ask(player, game, random.Random(0))
        assert isinstance(bid, Bid) and bid.contract in wanted, (hand, bid)


@pytest.mark.parametrize("rules_name", ["standard-3", "standard-5"])
def test_the_simulated_bid_is_legal_at_three_and_five_players(rules_name: str) -> None:
    rules = load_rules(rules_name)
    simulating = SimulatedBidder(rules, RulesPlayer(rules=rules), 8)
    for seed in range(3):
        game = Game.new(seed=seed, rules=rules)
        while game.phase == "auction" and not game.state.call_due and game.deal_number == 0:
            legal = game.legal_actions()
            seat = game.turn
            assert seat is not None
            action = simulating.choose(game.view(seat), legal, random.Random(seed))
            assert action in legal
            game.play(action)
