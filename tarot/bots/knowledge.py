"""What one seat knows of where the cards are, from its view alone: one model for every player.

Built from a :class:`~tarot.engine.views.PlayerView` (rule book A30: the seat's hand,
every card played, the chien when shown, the discarded trumps, the poignées), so
a player that reasons from it cannot know a hidden card. The rules player turns
it into odds, the sampling player into deals consistent with it.

Slots 0..n-1 are the seats (n = 3, 4 or 5); slot :data:`HIDDEN` (the last, index 5, so
that it is the same at every size) is a pile no one holds in play: the chien kept face
down (Garde sans, Garde contre), or, for a defender in a Prise or a Garde, the taker's
discard less its public trumps. Seats beyond n hold nothing.

At five players (RULES-3-5 V5-4 to V5-6, V5-17) the called card is public, its holder is
not: the view's ``attack`` says the camps when the seat may know them (the partner from
the deal, everyone once the called card is played or shown in the chien); until then
:attr:`SeatKnowledge.attack_known` is False and the players infer the partner.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tarot.engine.cards import (
    BOUT_MASK,
    CARD_BY_CODE,
    EXCUSE,
    FULL_DECK_MASK,
    KING_MASK,
    ORDINARY_MASK,
    SUIT_MASKS,
    TRUMP_BASE,
    TRUMP_MASK,
    TRUMPS_ABOVE,
    mask_of_codes,
)
from tarot.engine.kernel import led_card
from tarot.engine.views import PlayerView

HIDDEN = 5
SLOTS = 6  # five seats at most, then the hidden pile


@dataclass(slots=True)
class SeatKnowledge:
    seat: int
    taker: int  # -1 before the auction is won
    hand: int
    played: int  # every card played so far, the trick on the table included
    plays: list[int]  # cards played by each seat
    hand_size: int  # cards dealt to each seat
    left: list[int]  # cards each seat still holds (its own included)
    located: list[int]  # by slot: unseen cards known to lie there (poignées; the chien's
    #                     kings, bouts and trumps, which a defender knows the taker kept)
    absent: list[int]  # by seat: cards its play showed it does not hold (R11, R12)
    chien_ordinary: int  # a defender's: the shown chien's ordinary cards, which lie in the
    #                      taker's hand or in his discard, nowhere else
    hidden: int  # unseen cards in the HIDDEN pile
    hidden_ordinary_only: bool  # the HIDDEN pile is a discard: ordinary cards only
    unknown: int  # unseen cards whose place is not known
    seats: int = 4
    # Five players: the called card (-1: none), and the attack's seats as a mask when this
    # seat may know them (``attack_known``); else the seats it knows are in the attack (the
    # taker, and itself if it holds the called card).
    called: int = -1
    attack: int = 0
    attack_known: bool = True

    @classmethod
    def from_view(cls, view: PlayerView, chien_size: int, seats: int = 4,
                  read_discard: bool = True) -> SeatKnowledge:
        """``read_discard``: whether trumps in the discard tell the other seats that the taker
        kept no ordinary card (off only for the ``rules-2026-11`` yardstick, which did not
        read it)."""
        seat = view.seat
        taker = view.taker if view.taker is not None else -1
        hand = mask_of_codes(view.hand)
        absent = [0] * SLOTS
        plays = [0] * SLOTS
        played = 0
        for lead, cards in card_play(view):
            for i, card in enumerate(cards):
                who = (lead + i) % seats
                plays[who] += 1
                played |= 1 << card
                absent[who] |= revealed_absent(cards[:i], card)
        hand_size = hand.bit_count() + plays[seat]
        discard = mask_of_codes(view.discard)
        located = [0] * SLOTS
        for who, shown in view.poignees:
            located[who] |= mask_of_codes(shown)
        chien_ordinary = 0
        hidden, ordinary_only = 0, False
        if view.chien is None:
            # Garde sans / contre (or no contract yet): the chien is hidden from all.
            hidden = chien_size
        elif seat != taker:
            chien = mask_of_codes(view.chien)
            # Kings, bouts and trumps may not be discarded unseen (discarded trumps
            # are public), so the chien's are in the taker's hand; its ordinary
            # cards are in his hand or his hidden discard.
            located[taker] |= chien & ~ORDINARY_MASK & ~discard
            chien_ordinary = chien & ORDINARY_MASK
            hidden, ordinary_only = chien_size - discard.bit_count(), True
            if read_discard and discard & TRUMP_MASK:
                # R6/A15: trumps are discarded only when fewer ordinary cards than the
                # discard's size were left, and then every ordinary card goes: the taker
                # kept none, so in each suit he holds at most its king.
                absent[taker] |= ORDINARY_MASK
        seen = hand | played | discard
        if view.chien is not None and seat == taker:
            seen |= mask_of_codes(view.chien)  # the taker knows his discard: all of the chien
        located = [m & ~seen for m in located]
        located[seat] = 0
        all_located = 0
        for mask in located:
            all_located |= mask
        called = CARD_BY_CODE[view.called] if view.called is not None else -1
        if view.attack is not None:
            attack, attack_known = sum(1 << s for s in view.attack), True
        else:
            attack, attack_known = (1 << taker if taker >= 0 else 0), taker < 0
        left = [hand_size - plays[s] if s < seats else 0 for s in range(SLOTS)]
        return cls(seat, taker, hand, played, plays, hand_size, left, located, absent,
                   chien_ordinary, hidden, ordinary_only, FULL_DECK_MASK & ~seen & ~all_located,
                   seats, called, attack, attack_known)

    def free(self, who: int) -> int:
        """How many of seat ``who``'s cards are not located (0 for the viewer)."""
        if who == self.seat or who >= self.seats:
            return 0
        return max(0, self.left[who] - self.located[who].bit_count())

    def in_attack(self, who: int) -> bool:
        """Whether ``who`` is known to be in the attack (the taker; the partner once known)."""
        return bool(self.attack >> who & 1)

    def is_void(self, who: int, suit_mask: int) -> bool:
        """Whether ``who``'s play showed he holds none of ``suit_mask`` (a suit, or the trumps)."""
        return self.absent[who] & suit_mask == suit_mask

    def may_hold(self, who: int) -> int:
        """The cards seat ``who`` may hold as far as this seat can tell (a mask): the ones
        located with him, and the unplaced ones his play and the discard did not rule out
        (for the viewer itself, its hand)."""
        if who == self.seat:
            return self.hand
        return self.located[who] | (self.unknown & ~self.absent[who])

    def known_void(self, who: int, suit_mask: int) -> bool:
        """Whether this seat can tell that ``who`` holds none of ``suit_mask``: a void shown
        by play, or every card of it that ``who`` might hold seen elsewhere (a taker who
        discarded trumps and whose missing kings the seat holds or saw played)."""
        return not self.may_hold(who) & suit_mask

    def taker_voids(self) -> int:
        """The suits (a mask of their cards) that a defender can tell the taker lacks while
        the taker may still hold a trump to take them: 0 for the attack (as far as this seat
        knows it), and once the taker is known to be out of trumps."""
        taker = self.taker
        if taker < 0 or self.in_attack(self.seat) or self.known_void(taker, TRUMP_MASK):
            return 0
        return sum(mask for mask in SUIT_MASKS if self.known_void(taker, mask))


def card_play(view: PlayerView) -> list[tuple[int, list[int]]]:
    """The card play so far as (leader, cards in the order played) a trick, the trick in
    progress last (perhaps empty)."""
    history = [(t.leader, [CARD_BY_CODE[c] for c in t.cards]) for t in view.tricks]
    leader = view.leader if view.leader is not None else view.seat
    history.append((leader, [CARD_BY_CODE[c] for c in view.trick]))
    return history


def revealed_absent(before: list[int], card: int) -> int:
    """Cards a seat shows it does not hold by playing ``card`` after ``before`` (R11, R12)."""
    if card == EXCUSE:
        return 0
    led = led_card(before)
    if led < 0:
        return 0
    absent = 0
    led_trump = led > TRUMP_BASE
    trump = card > TRUMP_BASE
    if trump != led_trump or (not trump and card // 14 != led // 14):
        # Did not follow: void in the led suit; did not trump either: no trump at all.
        absent |= TRUMP_MASK if led_trump else SUIT_MASKS[led // 14]
        if not trump:
            absent |= TRUMP_MASK
    if trump:
        top = max((c - TRUMP_BASE for c in before if TRUMP_BASE < c < EXCUSE), default=0)
        if card - TRUMP_BASE < top:
            absent |= TRUMPS_ABOVE[top]  # he had to overtrump if he could
    return absent


def card_class(card: int) -> int:
    """0 ordinary card, 1 king, 2 trump, 3 bout: the classes a bidder's hand is rich in."""
    if BOUT_MASK >> card & 1:
        return 3
    if TRUMP_MASK >> card & 1:
        return 2
    return 1 if KING_MASK >> card & 1 else 0


def weighted_slot(rng: random.Random, slots: Sequence[int], capacity: Sequence[int],
                  weights: Sequence[Sequence[float]], kind: int) -> int:
    """One of ``slots`` for a card of class ``kind``, drawn with weight its free capacity times
    its weight for the class; -1 when no slot has any (a dead end for the sampler)."""
    total = 0.0
    for s in slots:
        total += capacity[s] * weights[s][kind]
    if total <= 0:
        return -1
    pick = rng.random() * total
    for s in slots:
        pick -= capacity[s] * weights[s][kind]
        if pick < 0 and capacity[s] > 0:
            return s
    # Rounding left ``pick`` above zero: the last slot with room.
    return next(s for s in reversed(slots) if capacity[s] > 0)
