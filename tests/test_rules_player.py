"""The rules-based player: always legal, honest (its view only), and sensible in set positions."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from helpers import build_deal, take

from tarot.bots.base import ask
from tarot.bots.rules_player import RulesPlayer, choose_discard, hand_strength
from tarot.duplicate.match import play_game
from tarot.engine.cards import (
    CARD_BY_CODE,
    CODES,
    KING_MASK,
    ORDINARY_MASK,
    SUIT_MASKS,
    SUITS,
    TRUMP_MASK,
    parse_cards,
)
from tarot.engine.deal import seeded_deal
from tarot.engine.events import Action, Bid, Chelem, Discard, Play, Poignee
from tarot.engine.game import Game
from tarot.engine.legal import discard_options_for
from tarot.engine.rule_files import load_rules

PLAYER = RulesPlayer()


def mask(codes: Sequence[str] | str) -> int:
    cards = parse_cards(codes)
    return sum(1 << c for c in cards)


def next_card(game: Game) -> Action:
    """The player's card, after the poignée it may show first."""
    action = ask(PLAYER, game, random.Random(0))
    if isinstance(action, Poignee):
        game.play(action)
        action = ask(PLAYER, game, random.Random(0))
    return action


def play_cards(game: Game, cards: str) -> None:
    for code in cards.split():
        seat = game.turn
        assert seat is not None
        game.play(Play(seat=seat, card=code))


# ---------------------------------------------------------------------------
# Legality


def test_every_action_is_legal_over_200_deals() -> None:
    # play_game passes every action through Game.play, which refuses any
    # illegal one; reaching the settlement 200 times is the assertion.
    players = [PLAYER] * 4
    for deal_seed in range(200):
        game = play_game(players, deal_seed, rotation=deal_seed % 4, seed=0)
        assert game.is_over
        assert game.settlement is not None
        assert sum(game.settlement.scores) == 0


def test_chooses_from_the_legal_list_for_bids_and_cards() -> None:
    rng = random.Random(1)
    for deal_seed in range(20):
        game = Game.new(seed=deal_seed)
        while not game.is_over:
            legal = game.legal_actions()
            action = ask(PLAYER, game, rng)
            if not isinstance(action, Discard):  # a discard may be any legal subset
                assert action in legal
            game.play(action)


# ---------------------------------------------------------------------------
# Honesty: the same view gives the same decision, whatever the hidden cards


def _same_choice(first: Game, second: Game, seat: int) -> Action:
    assert first.view(seat) == second.view(seat)
    assert first.legal_actions() == second.legal_actions()
    one = PLAYER.choose(first.view(seat), first.legal_actions(), random.Random(7))
    two = PLAYER.choose(second.view(seat), second.legal_actions(), random.Random(7))
    assert one == two
    return one


def test_first_bid_ignores_the_other_hands_and_the_chien() -> None:
    checked = 0
    for deal_seed in range(40):
        dealt = seeded_deal(deal_seed, 0, 3, 18)
        hands = [list(CODES[c] for c in h) for h in dealt.hands]
        chien = [CODES[c] for c in dealt.chien]
        seat = deal_seed % 4
        original = Game.from_deal(hands, chien)
        if original.phase != "auction":
            continue  # a petit sec: no auction to test
        # The same earlier calls, then the other 60 cards shuffled among the
        # other three hands and the chien.
        calls = []
        while original.turn != seat:
            call = ask(PLAYER, original, random.Random(0))
            calls.append(call)
            original.play(call)
        hidden = [c for s in range(4) if s != seat for c in hands[s]] + chien
        random.Random(deal_seed).shuffle(hidden)
        shuffled: list[list[str]] = []
        for s in range(4):
            shuffled.append(hands[s] if s == seat else hidden[:18])
            if s != seat:
                hidden = hidden[18:]
        other = Game.from_deal(shuffled, hidden)
        if other.phase != "auction":
            continue
        for call in calls:
            other.play(call)  # passes and bids are legal whatever the hands
        _same_choice(original, other, seat)
        checked += 1
    assert checked >= 30


def _swap_hidden_cards(game: Game, dealt: list[list[str]], seat: int) -> list[list[str]] | None:
    """The deal with two unseen same-suit cards swapped between two other seats.

    Both cards are still in hand and were dealt there, and neither is a king or
    a trump: every earlier action stays legal (same suit lengths, same
    discard options, same trumps) and nothing ``seat`` saw changes.
    """
    others = [s for s in range(4) if s != seat]
    for a in others:
        for b in others:
            if a >= b:
                continue
            in_a = mask(game.hand(a)) & mask(dealt[a]) & ORDINARY_MASK
            in_b = mask(game.hand(b)) & mask(dealt[b]) & ORDINARY_MASK
            for suit in range(4):
                x, y = in_a & SUIT_MASKS[suit], in_b & SUIT_MASKS[suit]
                if x and y:
                    cx, cy = CODES[x.bit_length() - 1], CODES[y.bit_length() - 1]
                    swapped = [list(h) for h in dealt]
                    swapped[a] = [cy if c == cx else c for c in swapped[a]]
                    swapped[b] = [cx if c == cy else c for c in swapped[b]]
                    return swapped
    return None


def test_card_play_ignores_hidden_cards() -> None:
    checked = 0
    for deal_seed in range(60):
        dealt_cards = seeded_deal(deal_seed, 0, 3, 18)
        dealt = [[CODES[c] for c in h] for h in dealt_cards.hands]
        chien = [CODES[c] for c in dealt_cards.chien]
        game = Game.from_deal(dealt, chien, seed=deal_seed)
        stop = 2 + deal_seed % 14  # stop at various tricks
        actions: list[Action] = []
        while not game.is_over and game.state.deal_number == 0 and len(game.state.tricks) < stop:
            action = ask(PLAYER, game, random.Random(len(actions)))
            actions.append(action)
            game.play(action)
        if game.is_over or game.state.deal_number != 0 or game.phase != "tricks":
            continue  # passed out or petit sec: another deal, nothing to compare
        seat = game.turn
        assert seat is not None
        swapped = _swap_hidden_cards(game, dealt, seat)
        if swapped is None:
            continue
        other = Game.from_deal(swapped, chien, seed=deal_seed)
        for action in actions:
            other.play(action)
        assert [game.hand(s) for s in range(4)] != [other.hand(s) for s in range(4)]
        _same_choice(game, other, seat)
        checked += 1
    assert checked >= 25


# ---------------------------------------------------------------------------
# Discard


def test_discard_makes_voids_and_is_legal() -> None:
    # P0's 24 cards after the chien: two clubs and one diamond, no king in
    # either; the discard should clear both suits.
    hands, chien = build_deal(
        {0: "KS QS 9S 5S 3S KH QH 8H 4H 2H 7D 2C 5C T21 T18 T15 T12 T9",
         1: "KD KC 1C 3C 4C 6C 7C 8C 9C 10C 1D 2D 3D 4D 5D 6D 8D 9D"},
        chien="6S 7S 1H 3H T3 T6")
    game = Game.from_deal(hands, chien)
    take(game, 0, "garde")
    assert game.phase == "chien"
    discard = ask(PLAYER, game, random.Random(0))
    assert isinstance(discard, Discard)
    game.play(discard)  # refused if illegal
    left = mask(game.hand(0))
    assert not left & SUIT_MASKS[SUITS.index("C")]
    assert not left & SUIT_MASKS[SUITS.index("D")]
    assert not mask(discard.cards) & (KING_MASK | TRUMP_MASK)


@pytest.mark.parametrize("seed", range(30))
def test_discard_is_legal_and_trumps_only_when_forced(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(range(78))
    rng.shuffle(deck)
    hand = sum(1 << c for c in deck[:24])
    chosen = choose_discard(hand, 6, load_rules().table.points)
    options = discard_options_for(hand, 6)
    assert chosen.bit_count() == 6
    assert chosen & hand == chosen
    assert not chosen & ~(options.ordinary | options.trumps)  # no king, no bout
    assert (chosen & TRUMP_MASK).bit_count() == options.trumps_required


def test_discard_with_few_ordinary_cards_takes_the_lowest_trumps() -> None:
    hand = mask("KS KH KD KC 2S 3H 4D T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 "
                "T21 EXC")
    chosen = choose_discard(hand, 6, load_rules().table.points)
    assert chosen == mask("2S 3H 4D T2 T3 T4")


# ---------------------------------------------------------------------------
# Bidding and declarations


def test_weak_hands_pass_and_strong_hands_bid_higher() -> None:
    weak = mask("2S 3S 4S 5S 2H 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C T2 T3 T4")
    fair = mask("KS 3S 4S KH 5H 6H 2D 3D 4D 2C 3C T3 T5 T8 T11 T14 T17 T21")
    huge = mask("KS KH KD T1 T4 T7 T9 T11 T12 T14 T15 T16 T17 T18 T19 T20 T21 EXC")
    assert hand_strength(weak) < hand_strength(fair) < hand_strength(huge)
    for hand, wanted in ((weak, None), (fair, "prise"), (huge, "garde_contre")):
        hands, chien = build_deal({0: " ".join(CODES[c] for c in range(78) if hand >> c & 1)})
        game = Game.from_deal(hands, chien)
        assert game.phase == "auction"
        bid = ask(PLAYER, game, random.Random(0))
        assert bid == Bid(seat=0, contract=wanted)


def test_never_bids_below_the_current_bid() -> None:
    hands, chien = build_deal(
        {1: "KS 3S 4S KH 5H 6H 2D 3D 4D 2C 3C T3 T5 T8 T11 T14 T17 T21"})
    game = Game.from_deal(hands, chien)
    game.play(Bid(seat=0, contract="garde"))
    bid = ask(PLAYER, game, random.Random(0))
    assert bid == Bid(seat=1, contract=None)  # worth a Garde, which is taken


def test_no_chelem_without_an_overwhelming_hand() -> None:
    hands, chien = build_deal(
        {0: "KS 3S KH 5H 6H 2D 3D 2C T1 T3 T5 T8 T11 T14 T16 T18 T20 T21"})
    game = Game.from_deal(hands, chien)
    take(game, 0, "garde_sans")
    assert ask(PLAYER, game, random.Random(0)) == Chelem(seat=0, declared=False)
    hands, chien = build_deal(
        {0: "KS KH KD KC T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 EXC"})
    game = Game.from_deal(hands, chien)
    take(game, 0, "garde_sans")
    assert ask(PLAYER, game, random.Random(0)) == Chelem(seat=0, declared=True)


# ---------------------------------------------------------------------------
# Card play in set positions (P0 takes a Garde sans, so no discard, and leads)


def _position(fixed: dict[int, str], avoid: dict[int, str]) -> Game:
    hands, chien = build_deal(fixed, avoid=avoid)
    game = Game.from_deal(hands, chien)
    assert game.phase == "auction"
    take(game, 0, "garde_sans")
    game.play(Chelem(seat=0, declared=False))
    return game


def test_defender_throws_a_king_on_a_partner_winning_after_the_taker() -> None:
    # The taker leads 5H and P1, void in hearts, trumps with T20. P2 holds
    # exactly KH 3H 2H and P3 is a partner: the trick is the defence's, so P2
    # banks its king rather than a small heart.
    game = _position({0: "5H 2S 3S", 1: "T20 T2", 2: "KH 3H 2H"}, avoid={1: "H", 2: "HT"})
    play_cards(game, "5H T20")
    assert set(game.legal_cards()) == {"KH", "3H", "2H"}
    assert next_card(game) == Play(seat=2, card="KH")


def test_defender_saves_the_petit_under_a_partners_higher_trump() -> None:
    # P2 is void in hearts with only T1 and T5; P1 already beat the taker with T20.
    game = _position({0: "5H 2S 3S", 1: "T20 T2", 2: "T1 T5"}, avoid={1: "H", 2: "HT"})
    play_cards(game, "5H T20")
    assert set(game.legal_cards()) == {"T1", "T5"}
    assert next_card(game) == Play(seat=2, card="T1")


def test_defender_plays_low_when_the_taker_wins() -> None:
    # The taker leads KH and P1 follows: P2 keeps its queen and plays 4H.
    game = _position({0: "KH 2S 3S", 1: "2H T20", 2: "QH 4H"}, avoid={2: "H"})
    play_cards(game, "KH 2H")
    assert set(game.legal_cards()) == {"QH", "4H"}
    assert next_card(game) == Play(seat=2, card="4H")


def test_taker_ruffs_with_the_petit_when_it_cannot_be_taken() -> None:
    # P3 takes and plays last to a trick of hearts without a trump in it: his
    # Petit wins it, and no one is left to overtrump.
    hands, chien = build_deal({0: "5H 2S", 1: "KH 3S", 2: "QH 4S", 3: "T1 T7 T9"},
                              avoid={3: "H"})
    game = Game.from_deal(hands, chien)
    take(game, 3, "garde_sans")
    game.play(Chelem(seat=3, declared=False))
    play_cards(game, "5H KH QH")
    assert "T1" in game.legal_cards()
    assert next_card(game) == Play(seat=3, card="T1")


def test_excuse_is_not_kept_for_the_last_trick() -> None:
    for deal_seed in range(60):
        game = play_game([PLAYER] * 4, deal_seed, rotation=0, seed=0)
        last = game.state.tricks[-1]
        assert CARD_BY_CODE["EXC"] not in last.cards or last.excuse_exception
