"""The shuffle and the deal.

The shuffle is ours and written down, so that a seed gives the same deal on
every Python version: Python keeps only ``random.Random(seed).random()`` stable
across versions, not ``shuffle`` or ``randrange``. Deal number ``k`` of a game
(0 for the first, 1 for the first redeal, …) is the ``k``-th Fisher–Yates
shuffle drawn from one ``random.Random(seed)`` stream:

    deck = [0, 1, …, 77]              (the card ints of tarot.cards)
    for i from 77 down to 1:
        j = floor(random() * (i + 1))
        swap deck[i] and deck[j]

The seat on the dealer's right, ``(dealer + 1) % 4``, receives ``deck[0:18]``,
the next seat ``deck[18:36]``, and so on round the table; ``deck[72:78]`` is the
chien. (The physical ritual of dealing three by three does not change the
distribution and is not emulated, RULES.md A31.)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tarot.cards import DECK_SIZE, EXCUSE_BIT, PETIT, TRUMP_MASK

SHUFFLE_ALGORITHM = "tarot-fisher-yates-v1"
SEATS = 4


def shuffled_deck(rng: random.Random) -> list[int]:
    deck = list(range(DECK_SIZE))
    draw = rng.random
    for i in range(DECK_SIZE - 1, 0, -1):
        j = int(draw() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@dataclass(frozen=True, slots=True)
class DealtCards:
    """Four hands (by seat) and the chien, each a sorted tuple of card ints."""

    dealer: int
    hands: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    chien: tuple[int, ...]


def split_deck(deck: list[int], dealer: int, hand_size: int) -> DealtCards:
    hands: list[tuple[int, ...]] = [(), (), (), ()]
    for i in range(SEATS):
        hands[(dealer + 1 + i) % SEATS] = tuple(sorted(deck[i * hand_size:(i + 1) * hand_size]))
    chien = tuple(sorted(deck[SEATS * hand_size:]))
    return DealtCards(dealer, (hands[0], hands[1], hands[2], hands[3]), chien)


def seeded_deal(seed: int, deal_number: int, dealer: int, hand_size: int) -> DealtCards:
    """Deal number ``deal_number`` of the game with this seed."""
    rng = random.Random(seed)
    for _ in range(deal_number):
        shuffled_deck(rng)
    return split_deck(shuffled_deck(rng), dealer, hand_size)


def is_petit_sec(hand: int) -> bool:
    """The Petit as the only trump, without the Excuse (RULES.md R5, A17)."""
    return hand & TRUMP_MASK == 1 << PETIT and not hand & EXCUSE_BIT


def petit_sec_seat(hands: tuple[int, ...]) -> int | None:
    for seat, hand in enumerate(hands):
        if is_petit_sec(hand):
            return seat
    return None
