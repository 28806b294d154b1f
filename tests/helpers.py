"""What many test modules need: a deal built from chosen cards, an auction driven to a
contract, and a game played to its end.

Each helper does exactly what the copies it replaced did, call for call (the same
random draws in the same order), so that a test using it sees the same games.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from tarot.bots.base import Player, ask
from tarot.bots.random_player import random_action
from tarot.engine.cards import CODES, parse_cards
from tarot.engine.events import Bid
from tarot.engine.game import Game

# Hand sizes by number of seats (RULES-3-5 V3-1, R3, V5-1): the chien has the rest.
HAND_SIZES = {3: 24, 4: 18, 5: 15}


def build_deal(fixed: Mapping[int, str | Iterable[str]], *, chien: str = "",
               avoid: Mapping[int, str] | None = None,
               fill: str = "in_order", seats: int = 4) -> tuple[list[list[str]], list[str]]:
    """Four 18-card hands holding the ``fixed`` cards (by seat), and a chien of six (at
    ``seats`` = 3 or 5, ``in_order`` only: the hands and chien of that size).

    The cards left over fill the seats not given in full, then the chien, in code order:
    ``fill="in_order"`` gives each seat its 18 before the next (constrained seats first),
    ``fill="in_turn"`` deals them one at a time round the seats and the chien, so that
    each hand gets some of every kind. ``avoid`` (with ``in_order``) names, by seat, the
    suit letters (``T`` for trumps) a seat must not receive in the fill, so that a
    constructed seat is void where the test needs it.
    """
    hands = {seat: [CODES[c] for c in parse_cards(cards if isinstance(cards, str)
                                                  else " ".join(cards))]
             for seat, cards in fixed.items()}
    chien_cards = [CODES[c] for c in parse_cards(chien)]
    used = {c for cards in hands.values() for c in cards} | set(chien_cards)
    rest = [c for c in CODES if c not in used]
    if fill == "in_turn":
        return _dealt_in_turn(hands, chien_cards, rest)
    assert fill == "in_order", fill
    avoid = avoid or {}
    size = HAND_SIZES[seats]
    filled: dict[int, list[str]] = {}
    # Constrained seats first, while every suit still has cards to give.
    for seat in sorted(range(seats), key=lambda s: s not in avoid):
        cards = list(hands.get(seat, []))
        banned = avoid.get(seat, "")
        for code in list(rest):
            if len(cards) == size:
                break
            suit = "T" if code.startswith("T") else code[-1]
            if suit in banned:
                continue
            cards.append(code)
            rest.remove(code)
        assert len(cards) == size, f"seat {seat} could not be filled"
        filled[seat] = cards
    chien_cards += rest
    assert len(chien_cards) == len(CODES) - seats * size
    return [filled[seat] for seat in range(seats)], chien_cards


def _dealt_in_turn(fixed: dict[int, list[str]], chien: list[str],
                   rest: list[str]) -> tuple[list[list[str]], list[str]]:
    hands = [fixed.get(seat, []) for seat in range(4)]
    for seat in fixed:
        assert len(set(hands[seat])) == 18
    piles = [hands[s] for s in range(4) if s not in fixed] + ([] if chien else [chien])
    turn = 0
    for card in rest:
        while len(piles[turn % len(piles)]) == (6 if piles[turn % len(piles)] is chien else 18):
            turn += 1
        piles[turn % len(piles)].append(card)
        turn += 1
    assert [len(h) for h in hands] == [18] * 4 and len(chien) == 6
    assert sorted(c for part in (*hands, chien) for c in part) == sorted(CODES)
    return hands, chien


def deal_with(hand: Iterable[str], **game_options: object) -> Game:
    """A game where P0 holds ``hand`` and the other cards go round in code order (the
    chien last), so no petit sec; P0 speaks first."""
    hands, chien = build_deal({0: list(hand)})
    return Game.from_deal(hands, chien, **game_options)  # type: ignore[arg-type]


def auction(game: Game, *bids: str | None) -> Game:
    """Each seat to speak, in turn, bids the next of ``bids`` (None passes)."""
    for contract in bids:
        game.play(Bid(seat=game.turn, contract=contract))  # type: ignore[arg-type]
    return game


def take(game: Game, taker: int, contract: str) -> Game:
    """Run the auction so that ``taker`` alone bids ``contract``."""
    while game.phase == "auction":
        seat = game.turn
        assert seat is not None
        game.play(Bid(seat=seat, contract=contract if seat == taker else None))
    return game


def play_out(game: Game, rng: random.Random | int, **random_options: float) -> Game:
    """Random legal actions (``random_action``) until the game is over."""
    if isinstance(rng, int):
        rng = random.Random(rng)
    while not game.is_over:
        game.play(random_action(game.state, rng, **random_options))
    return game


def play_out_with(game: Game, player: Player, rng: random.Random | int) -> Game:
    """``player`` decides for every seat, through the seat's view, until the game is over."""
    if isinstance(rng, int):
        rng = random.Random(rng)
    while not game.is_over:
        game.play(ask(player, game, rng))
    return game


def random_game(seed: int, rng: random.Random | int, **game_options: object) -> Game:
    """``Game.new(seed)`` played to its end with random legal actions."""
    return play_out(Game.new(seed, **game_options), rng)  # type: ignore[arg-type]
