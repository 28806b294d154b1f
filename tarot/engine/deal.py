"""The shuffle and the deal.

The shuffle is ours and written down, so that a seed gives the same deal on
every Python version: Python keeps only ``random.Random(seed).random()`` stable
across versions, not ``shuffle`` or ``randrange``. Deal number ``k`` of a game
(0 for the first, 1 for the first redeal, …) is the ``k``-th Fisher–Yates
shuffle drawn from one ``random.Random(seed)`` stream:

    deck = [0, 1, …, 77]              (the card ints of tarot.engine.cards)
    for i from 77 down to 1:
        j = floor(random() * (i + 1))
        swap deck[i] and deck[j]

The seat on the dealer's right, ``(dealer + 1) % 4``, receives ``deck[0:18]``,
the next seat ``deck[18:36]``, and so on round the table; ``deck[72:78]`` is the
chien. At ``n`` seats (three or five, V3-1, V5-1) the same, with ``n`` hands of
the rule set's hand size and the rest for the chien. (The physical ritual of dealing three
by three does not change the distribution and is not emulated, rule book A31.)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tarot.engine.cards import DECK_SIZE, EXCUSE_BIT, PETIT, TRUMP_MASK
from tarot.engine.frozen import quick_init

SHUFFLE_ALGORITHM = "tarot-fisher-yates-v1"
SEATS = 4


def shuffled_deck(rng: random.Random) -> list[int]:
    deck = list(range(DECK_SIZE))
    draw = rng.random
    for i in range(DECK_SIZE - 1, 0, -1):
        j = int(draw() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@quick_init
@dataclass(frozen=True, slots=True)
class DealtCards:
    """The hands (by seat: four, or three or five) and the chien, each a sorted tuple of
    card ints."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    chien: tuple[int, ...]


def split_deck(deck: list[int], dealer: int, hand_size: int, seats: int = SEATS) -> DealtCards:
    hands: list[tuple[int, ...]] = [()] * seats
    for i in range(seats):
        hands[(dealer + 1 + i) % seats] = tuple(sorted(deck[i * hand_size:(i + 1) * hand_size]))
    chien = tuple(sorted(deck[seats * hand_size:]))
    return DealtCards(dealer, tuple(hands), chien)


class SeededShuffles:
    """The shuffles of one seed, drawn from its stream as the deals are asked for.

    Deal ``k`` right after deal ``k - 1`` costs one shuffle, so a game (or a log)
    of N redeals costs N shuffles, not the N²/2 of starting the stream again for
    each; asking for an earlier deal starts the stream again.
    """

    __slots__ = ("_last", "_next", "_rng", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._next = 0  # the deal number the stream's next shuffle is
        self._last: list[int] = []  # the deck of deal number _next - 1

    def deck(self, deal_number: int) -> list[int]:
        if deal_number == self._next - 1:  # asked again (a log's deal, checked twice)
            return self._last.copy()
        if deal_number < self._next:
            self._rng = random.Random(self.seed)
            self._next = 0
        while self._next < deal_number:
            shuffled_deck(self._rng)
            self._next += 1
        self._next += 1
        self._last = shuffled_deck(self._rng)
        return self._last.copy()

    def deal(self, deal_number: int, dealer: int, hand_size: int,
             seats: int = SEATS) -> DealtCards:
        """Deal number ``deal_number`` of the game with this seed."""
        return split_deck(self.deck(deal_number), dealer, hand_size, seats)


def seeded_deal(seed: int, deal_number: int, dealer: int, hand_size: int,
                seats: int = SEATS) -> DealtCards:
    """Deal number ``deal_number`` of the game with this seed (one deal: a game asks its
    SeededShuffles, which continues the stream)."""
    return SeededShuffles(seed).deal(deal_number, dealer, hand_size, seats)


def is_petit_sec(hand: int) -> bool:
    """The Petit as the only trump, without the Excuse (rule book R5, A17)."""
    return hand & TRUMP_MASK == 1 << PETIT and not hand & EXCUSE_BIT


def petit_sec_seat(hands: tuple[int, ...]) -> int | None:
    for seat, hand in enumerate(hands):
        if is_petit_sec(hand):
            return seat
    return None
