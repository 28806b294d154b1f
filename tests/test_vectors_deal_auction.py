"""The rule book 4.6: the deal, auction and lead vectors B01–B08, through the Game API."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import pytest
from helpers import build_deal

from tarot.engine.cards import RANK_CODES, parse_cards
from tarot.engine.events import (
    Action,
    Bid,
    Chelem,
    ChienShown,
    Deal,
    Discard,
    Event,
    Play,
    Redeal,
    Settlement,
)
from tarot.engine.game import Game
from tarot.engine.rules import RuleSet
from tarot.errors import IllegalAction

SEED = 0  # redeals come from this seed


def _petit_sec(hand: tuple[str, ...] | list[str]) -> bool:
    """R5, A17, read independently of the engine: T1 the only trump, and no Excuse."""
    trumps = [c for c in hand if c.startswith("T")]
    return trumps == ["T1"] and "EXC" not in hand


SPADES_AND_HEARTS = [rank + suit for suit in "SH" for rank in RANK_CODES]  # 28 suit cards
PLAIN_CHIEN = "KH T21 QD 2C 3C 4C"  # a king, a bout and a queen: the chien's fate shows
PLAIN_DEAL = build_deal({}, chien=PLAIN_CHIEN, fill="in_turn")


def _game(fixed: Mapping[int, str]) -> Game:
    """The vector's deal, dealt by P3: PLAIN_DEAL, or P2's hand as the vector gives it."""
    hands, chien = build_deal(fixed, fill="in_turn") if fixed else PLAIN_DEAL
    assert not any(_petit_sec(h) for seat, h in enumerate(hands) if seat not in fixed)
    game = Game.from_deal(hands=hands, chien=chien, dealer=3, seed=SEED)
    first = game.events[0]
    assert isinstance(first, Deal)
    assert (first.deal_number, first.dealer) == (0, 3)
    assert [sorted(h) for h in first.hands] == [sorted(h) for h in hands]
    assert sorted(first.chien) == sorted(chien)
    return game


def _bid(game: Game, seat: int, contract: str | None) -> list[Event]:
    return list(game.play(Bid(seat=seat, contract=contract)))


def _refused(game: Game, action: Action, code: str) -> None:
    before = (game.phase, game.turn, list(game.state.bids), len(game.events))
    with pytest.raises(IllegalAction) as caught:
        game.play(action)
    assert caught.value.code == code
    assert (game.phase, game.turn, list(game.state.bids), len(game.events)) == before


def check_b01(game: Game, rules: RuleSet) -> None:
    """Four passes: the deal is void, P0 deals again, P1 speaks first."""
    assert game.phase == "auction" and game.turn == 0
    for seat in range(3):
        _bid(game, seat, None)
    events = _bid(game, 3, None)
    assert events[0] == Bid(seat=3, contract=None)
    assert events[1] == Redeal(reason="all_passed", seat=None, next_dealer=0)
    new_deal = events[2]
    assert isinstance(new_deal, Deal)
    assert (new_deal.deal_number, new_deal.dealer) == (1, 0)
    assert not any(_petit_sec(h) for h in new_deal.hands), "pick another SEED"
    assert len(events) == 3
    assert game.state.dealer == 0
    assert game.phase == "auction"
    assert game.turn == 1
    assert game.state.bids == [] and game.state.taker == -1
    assert [game.hand(s) for s in range(4)] == [list(h) for h in new_deal.hands]


def check_b02(game: Game, rules: RuleSet) -> None:
    """P2's petit sec voids the deal before any bid; P0 deals again."""
    first, redeal, second = game.events
    assert isinstance(first, Deal) and (first.deal_number, first.dealer) == (0, 3)
    assert _petit_sec(first.hands[2])
    assert redeal == Redeal(reason="petit_sec", seat=2, next_dealer=0)
    assert isinstance(second, Deal) and (second.deal_number, second.dealer) == (1, 0)
    assert not any(_petit_sec(h) for h in second.hands), "pick another SEED"
    assert not any(isinstance(e, Bid) for e in game.events)
    assert game.state.dealer == 0
    assert game.phase == "auction"
    assert game.turn == 1


def check_not_petit_sec(game: Game, rules: RuleSet) -> None:
    """B03, B04: no redeal; the auction proceeds from P0."""
    assert len(game.events) == 1 and isinstance(game.events[0], Deal)
    assert game.phase == "auction" and game.turn == 0 and game.state.dealer == 3
    _bid(game, 0, None)
    assert game.turn == 1


def check_b05(game: Game, rules: RuleSet) -> None:
    """P2 Garde over P0's Prise: P2 takes, the chien is shown to all, P2 discards six."""
    _bid(game, 0, "prise")
    _bid(game, 1, None)
    _bid(game, 2, "garde")
    assert all(game.view(seat).chien is None for seat in range(4))  # hidden until now
    events = _bid(game, 3, None)
    chien = sorted(PLAIN_DEAL[1])
    assert game.state.taker == 2
    assert game.state.contract_id == "garde"
    assert rules.contracts[game.state.contract].multiplier == 2
    shown = [e for e in events if isinstance(e, ChienShown)]
    assert len(shown) == 1 and shown[0].taker == 2 and sorted(shown[0].cards) == chien
    for seat in range(4):
        assert sorted(game.view(seat).chien or ()) == chien
    assert game.phase == "chien" and game.turn == 2
    hand = game.hand(2)
    assert len(hand) == 24
    ordinary = [c for c in hand if not c.startswith(("T", "K", "EXC"))]
    discard = tuple(ordinary[:6])
    game.play(Discard(seat=2, cards=discard))
    assert len(game.hand(2)) == 18
    assert not set(discard) & set(game.hand(2))
    assert game.phase == "declarations" and game.turn == 2


def check_b06(game: Game, rules: RuleSet) -> None:
    """After P0's Garde, P1 may only pass or bid higher."""
    _bid(game, 0, "garde")
    for contract in ("prise", "garde"):
        _refused(game, Bid(seat=1, contract=contract), "bid_too_low")
    for contract in (None, "garde_sans", "garde_contre"):
        trial = game.clone()
        trial.play(Bid(seat=1, contract=contract))
        assert trial.turn == 2


def _play_out(game: Game) -> Settlement:
    """No chelem, no poignée, and the lowest legal card every time."""
    while not game.is_over:
        game.play(next(a for a in game.legal_actions()
                       if isinstance(a, Play) or (isinstance(a, Chelem) and not a.declared)))
    assert game.settlement is not None
    return game.settlement


def check_b07(game: Game, rules: RuleSet) -> None:
    """The dealer's Garde contre after three passes: P3 takes, the chien stays hidden
    and counts for the defence."""
    sans = game.clone()
    for seat in range(3):
        _bid(game, seat, None)
        _bid(sans, seat, None)
    events = _bid(game, 3, "garde_contre")
    assert game.state.taker == 3
    assert game.state.contract_id == "garde_contre"
    assert rules.contracts[game.state.contract].multiplier == 6
    assert not any(isinstance(e, ChienShown) for e in events)
    for seat in range(4):
        assert game.view(seat).chien is None
    assert game.phase == "declarations" and game.turn == 3
    # The same cards played in a Garde sans, where the chien counts for the taker: the
    # taker's piles differ by exactly the chien.
    _bid(sans, 3, "garde_sans")
    contre, gs = _play_out(game), _play_out(sans)
    assert game.view(0).tricks == sans.view(0).tricks
    assert game.view(0).chien is not None and sorted(game.view(0).chien) == sorted(PLAIN_DEAL[1])
    chien = parse_cards(PLAIN_CHIEN)
    assert gs.taker_half_points - contre.taker_half_points == \
        sum(rules.points_table[c] for c in chien)
    assert set(gs.taker_bouts) - set(contre.taker_bouts) == {"T21"}
    assert contre.multiplier == 6
    assert contre.taker_half_points + contre.defence_half_points == rules.total_half_points


def check_b08(game: Game, rules: RuleSet) -> None:
    """One call per seat: once P3 has spoken, P0 cannot bid again."""
    for calls in ((None, None, None, "prise"), (None, None, "prise", None)):
        trial = game.clone()
        for seat, contract in enumerate(calls):
            _bid(trial, seat, contract)
        assert len(trial.state.bids) == 4
        taker = trial.state.taker
        _refused(trial, Bid(seat=0, contract="garde"), "wrong_phase")
        assert trial.state.taker == taker


def _p2_hand(trumps: str) -> str:
    """18 cards: ``trumps`` (and the Excuse, if named) and the rest spades and hearts."""
    held = trumps.split()
    return " ".join([*held, *SPADES_AND_HEARTS[: 18 - len(held)]])


@dataclass(frozen=True)
class AuctionVector:
    id: str
    check: Callable[[Game, RuleSet], None]  # what the vector says, played on its deal
    fixed: Mapping[int, str] = field(default_factory=dict)  # hands the vector sets, by seat


AUCTION_VECTORS = [
    AuctionVector("B01", check_b01),
    AuctionVector("B02", check_b02, {2: _p2_hand("T1")}),
    AuctionVector("B03", check_not_petit_sec, {2: _p2_hand("T1 EXC")}),
    AuctionVector("B04", check_not_petit_sec, {2: _p2_hand("T1 T5")}),
    AuctionVector("B05", check_b05),
    AuctionVector("B06", check_b06),
    AuctionVector("B07", check_b07),
    AuctionVector("B08", check_b08),
]


@pytest.mark.parametrize("vector", AUCTION_VECTORS, ids=[v.id for v in AUCTION_VECTORS])
def test_deal_auction_vector(standard: RuleSet, vector: AuctionVector) -> None:
    vector.check(_game(vector.fixed), standard)
