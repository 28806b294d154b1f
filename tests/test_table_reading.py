"""Issue 28: what the table says about the taker's hand, read by the defence (the trumps in
the discard, the voids shown by play), on constructed views; and the sampler never gives
the taker a card the table has shown he cannot hold."""

from __future__ import annotations

import random

import pytest

from tarot.bots.knowledge import SeatKnowledge
from tarot.bots.registry import YARDSTICK, make_player
from tarot.bots.rules_player import RulesPlayer, Style, void_lead_guard
from tarot.bots.sampling import Knowledge, SamplingPlayer, Settings
from tarot.engine import phases
from tarot.engine.cards import CARD_BY_CODE, ORDINARY_MASK, SUIT_MASKS, TRUMP_MASK, mask_of_codes
from tarot.engine.events import Play
from tarot.engine.game import Game
from tarot.engine.views import PlayerView, TrickView, view_for

# South (seat 0) defends East's Garde. Trick 1: West leads 1♠, South 3♠, East trumps with
# T5 (void in spades, shown by play), North 4♠. Trick 2: East leads 1♥, South takes it
# with 10♥. South leads trick 3, with K♠ and small spades, diamonds and trumps.
SOUTH = ("KS", "7S", "8S", "9S", "5D", "6D", "7D", "2C", "3C", "4C", "5C",
         "T2", "T3", "T4", "T7", "T8")


def defender_view(hand: tuple[str, ...] = SOUTH, discard: tuple[str, ...] = (),
                  tricks: bool = True) -> PlayerView:
    played = (TrickView(1, 3, ("1S", "3S", "T5", "4S"), 1),
              TrickView(2, 1, ("1H", "2H", "3H", "10H"), 0)) if tricks else ()
    return PlayerView(
        seat=0, phase=phases.TRICKS, deal_number=1, dealer=3, hand=hand,
        bids=((0, None), (1, "garde"), (2, None), (3, None)), taker=1, contract="garde",
        chien=("JH", "QH", "2D", "3D", "JC", "NC"), discard=discard, chelem_declared=False,
        poignees=(), tricks=played, leader=0, trick=(), turn=0, legal_cards=hand,
        settlement=None, attack=(1,))


def legal(view: PlayerView) -> int:
    return mask_of_codes(view.hand)


def test_a_king_is_not_led_into_the_takers_void_nor_a_trump_beside_a_small_card_of_it() -> None:
    facts = SeatKnowledge.from_view(defender_view(), 6)
    assert facts.taker_voids() == SUIT_MASKS[0]
    kept = void_lead_guard(facts, legal(defender_view()), leading=True)
    assert not kept >> CARD_BY_CODE["KS"] & 1
    assert not kept & TRUMP_MASK
    assert kept >> CARD_BY_CODE["7S"] & 1
    # The guard leaves a follow alone, and leaves the king when nothing else is legal.
    assert void_lead_guard(facts, legal(defender_view()), leading=False) == legal(defender_view())
    only = mask_of_codes(["KS", "T2"])
    assert void_lead_guard(facts, only, leading=True) == only


@pytest.mark.parametrize("level", ["rules", "normal"])
def test_the_players_lead_into_the_void_with_a_small_card(level: str) -> None:
    view = defender_view()
    player = make_player(level)
    actions = [Play(seat=0, card=c) for c in view.hand]
    for seed in range(3):
        card = player.choose(view, actions, random.Random(seed))
        assert isinstance(card, Play)
        assert card.card != "KS" and not card.card.startswith("T"), card


def test_the_yardstick_does_not_read_the_table() -> None:
    yard = make_player(YARDSTICK)
    assert isinstance(yard, RulesPlayer)
    assert not yard.style.read_table and not yard.style.guard_void_leads


def test_trumps_in_the_discard_tell_the_taker_kept_no_ordinary_card() -> None:
    """R6: a trump is discarded only when every ordinary card goes too. South holds K♠ and
    the others' spades are unseen: the taker, who discarded T10, holds none of them."""
    view = defender_view(discard=("T10",), tricks=False)
    facts = SeatKnowledge.from_view(view, 6)
    assert not facts.may_hold(1) & ORDINARY_MASK
    assert facts.known_void(1, SUIT_MASKS[0])  # South holds K♠
    assert not facts.known_void(1, SUIT_MASKS[1])  # K♥ may be the taker's
    assert not facts.is_void(1, SUIT_MASKS[0])  # no play showed it
    blind = SeatKnowledge.from_view(view, 6, read_discard=False)
    assert blind.may_hold(1) & ORDINARY_MASK
    # Without the discard's trump, nothing is known.
    assert not SeatKnowledge.from_view(defender_view(tricks=False), 6).taker_voids()


def test_a_taker_out_of_trumps_may_be_led_a_king() -> None:
    """Once the taker is known to hold no trump, his voids cost the defence nothing."""
    view = defender_view()
    tricks = (*view.tricks, TrickView(3, 0, ("T7", "1D", "T11", "T12"), 3))
    hand = tuple(c for c in SOUTH if c != "T7")
    view = PlayerView(**{**{f: getattr(view, f) for f in view.__dataclass_fields__},
                         "tricks": tricks, "hand": hand, "legal_cards": hand, "leader": 3,
                         "trick": ("4S", "JS", "QS")})  # not a lead either
    facts = SeatKnowledge.from_view(view, 6)
    assert facts.known_void(1, TRUMP_MASK)
    assert facts.taker_voids() == 0


def test_the_sampler_never_gives_the_taker_a_card_the_table_ruled_out() -> None:
    """Over played deals, at every defender decision, each sampled taker's hand avoids every
    card the seat's view rules out for him, and the real taker's hand does too (the facts
    are sound)."""
    rules_player = make_player("rules")
    checked = 0
    for seed in range(1, 13):
        game = Game.new(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            state = game.state
            seat = game.turn
            assert seat is not None
            view = view_for(state, seat)
            if view.phase == phases.TRICKS and view.taker is not None and seat != view.taker:
                facts = SeatKnowledge.from_view(view, 6)
                ruled_out = ~facts.may_hold(view.taker)
                assert not state.hands[view.taker] & ruled_out
                know = Knowledge(view, 6)
                for _ in range(4):
                    assert not know.sample(rng)[view.taker] & ruled_out & ~facts.hand
                checked += 1
            from tarot.bots.base import ask
            game.play(ask(rules_player, game, rng))
    assert checked > 300


def test_the_sampling_players_share_the_guard() -> None:
    player = SamplingPlayer(Settings(8, 40, 3), style=Style())
    view = defender_view()
    assert player.fallback.guarded(view, legal(view)) & TRUMP_MASK == 0


def test_the_taker_stops_drawing_when_the_defence_is_out_of_trumps() -> None:
    """East took the chien and led T21: South, North and West discarded (none of them has
    a trump left, shown by play). East, on lead with trumps and small cards, cashes or
    leads a suit rather than drawing trumps that are no longer out."""
    hand = ("2S", "5S", "6S", "3H", "4H", "5H", "2D", "4D", "T2", "T3", "T4", "T5", "T6",
            "T7", "T8", "T9", "T10")
    view = PlayerView(
        seat=1, phase=phases.TRICKS, deal_number=1, dealer=0, hand=hand,
        bids=((1, "garde"), (2, None), (3, None), (0, None)), taker=1, contract="garde",
        chien=("JH", "QH", "2C", "3C", "JC", "NC"), discard=(), chelem_declared=False,
        poignees=(), tricks=(TrickView(1, 1, ("T21", "1S", "1H", "1D"), 1),), leader=1,
        trick=(), turn=1, legal_cards=hand, settlement=None, attack=(1,))
    facts = SeatKnowledge.from_view(view, 6)
    assert all(facts.is_void(s, TRUMP_MASK) for s in (0, 2, 3))
    card = make_player("rules").choose(view, [Play(seat=1, card=c) for c in hand],
                                       random.Random(1))
    assert isinstance(card, Play) and not card.card.startswith("T")
