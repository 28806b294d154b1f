"""Where each unseen card may lie, from one seat's view and nothing else, and deals drawn to
fit it: the sampling player's deals (:mod:`tarot.bots.sampling`), weighted towards the
taker's likely hand (:class:`TakerBias`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tarot.bots.knowledge import HIDDEN, SLOTS, SeatKnowledge, card_class, weighted_slot
from tarot.engine.cards import FULL_DECK_MASK, ORDINARY_MASK, card_list
from tarot.engine.views import PlayerView

_RETRIES = 40


class Knowledge:
    """Where each unseen card may lie, from one seat's view (and nothing else).

    Slots 0..n-1 are the seats (the viewer's own slot is empty; at three and four players
    the slots of the missing seats too), slot ``HIDDEN`` the hidden chien (Garde sans,
    Garde contre) or, for a defender in Prise or Garde, the taker's discard less its
    public trumps. ``forbidden[s]`` holds the cards slot ``s`` cannot hold: voids and
    trump caps shown by play, cards the discard may not contain, chien cards a defender
    knows the taker picked up.

    At five players, while the seat does not know the partner (it is the taker, or a
    defender, and the called card is unseen), the called card goes to any other seat or
    the hidden chien, never to the taker: a defender does not know who holds it, and
    each sample names its own partner (the holder in that sample, :meth:`attack_of`).
    A taker who called himself shows it only by playing the card; until then the
    defenders' samples treat that rare case as impossible, unless nothing else fits.
    """

    def __init__(self, view: PlayerView, chien_size: int,
                 taker_bias: TakerBias | None = None, seats: int = 4,
                 read_discard: bool = True) -> None:
        facts = SeatKnowledge.from_view(view, chien_size, seats, read_discard)
        self.seats = seats
        self.seat = seat = facts.seat
        self.taker = facts.taker
        self.hand = facts.hand
        self.played = facts.played
        self.plays = facts.plays
        self.located = facts.located
        self.unknown = facts.unknown
        self.called = facts.called
        self.attack = facts.attack
        self.attack_known = facts.attack_known
        self.hand_size = hand_size = facts.hand_size
        self.forbidden = forbidden = list(facts.absent)
        if facts.chien_ordinary:
            for other in range(seats):
                if other != self.taker:
                    forbidden[other] |= facts.chien_ordinary
        if facts.hidden_ordinary_only:
            forbidden[HIDDEN] |= ~ORDINARY_MASK & FULL_DECK_MASK
        self.capacity = [facts.left[s] if s != seat else 0 for s in range(SLOTS - 1)] \
            + [facts.hidden]
        for s in range(SLOTS):
            self.capacity[s] -= self.located[s].bit_count()
        if (not self.attack_known and self.called >= 0 and self.unknown >> self.called & 1
                and self.taker != seat):
            # The called card is with a partner (or in the hidden chien), not the taker,
            # if any other place may hold it.
            bit = 1 << self.called
            if any(self.capacity[s] > 0 and not forbidden[s] & bit
                   for s in range(SLOTS) if s not in (seat, self.taker)):
                forbidden[self.taker] |= bit
        # weight[s][card class]: how much likelier than its share slot s is to hold a card
        # of the class. Only a defender biases, and only towards the taker: the auction
        # told him the taker's hand is strong, while nothing sets the others apart.
        self.weight = [(1.0, 1.0, 1.0, 1.0) for _ in range(SLOTS)]
        if taker_bias is not None and 0 <= self.taker != seat:
            # As the taker draws trumps his surplus goes: the bias fades out over the
            # first third of the deal (the samples then follow what play has shown).
            third = hand_size / 3
            fade = max(0.0, self.hand.bit_count() - 2 * third) / third
            self.weight[self.taker] = (1.0, 1.0 + (taker_bias.kings - 1.0) * fade,
                                       1.0 + (taker_bias.trumps - 1.0) * fade,
                                       taker_bias.bouts)

    def sample(self, rng: random.Random) -> list[int]:
        """One assignment of the unseen cards: ``SLOTS`` masks (the seats, empty for the seats
        beyond the table's, then the hidden pile).

        Constrained random assignment: the most constrained cards first, each to
        an allowed slot drawn with weight its free capacity; a dead end restarts
        (rejection). The true deal always fits, so a fit exists; after many dead
        ends the constraints learnt from play (never the hard ones: sizes and
        seen cards) are relaxed rather than loop forever.
        """
        cards = card_list(self.unknown)
        slots = [s for s in range(SLOTS) if s != self.seat and self.capacity[s] > 0]
        options = []
        for card in cards:
            bit = 1 << card
            options.append([s for s in slots if not self.forbidden[s] & bit])
        kind = [card_class(card) for card in cards]
        weight = self.weight
        order = sorted(range(len(cards)), key=lambda i: len(options[i]))  # most constrained first
        for attempt in range(_RETRIES + 1):
            relaxed = attempt == _RETRIES
            if relaxed:
                # Random draws kept running into dead ends (tight constraints late in
                # the deal): a fit that keeps every constraint, found by augmenting
                # paths, before giving up any (issue 28: the table's facts hold).
                fitted = self._fit(cards, options, rng)
                if fitted is not None:
                    return fitted
            capacity = self.capacity.copy()
            hands = self.located.copy()
            ok = True
            for i in order:
                chosen = weighted_slot(rng, slots if relaxed else options[i], capacity,
                                       weight, kind[i])
                if chosen < 0:
                    ok = False
                    break
                capacity[chosen] -= 1
                hands[chosen] |= 1 << cards[i]
            if ok:
                hands[self.seat] = self.hand
                return hands
        raise AssertionError("no deal fits the view")  # unreachable: relaxed always fits

    def _fit(self, cards: list[int], options: list[list[int]],
             rng: random.Random) -> list[int] | None:
        """Every card of ``cards`` placed in one of its ``options`` (slots) within the slots'
        capacities, as a bipartite matching grown by augmenting paths (cards taken in a
        random order); None if none exists."""
        capacity = self.capacity.copy()
        members: list[list[int]] = [[] for _ in range(SLOTS)]
        order = list(range(len(cards)))
        rng.shuffle(order)
        for i in order:
            # Breadth-first over slots: a full slot passes one of its cards on to another.
            came: dict[int, tuple[int, int]] = {s: (i, -1) for s in options[i]}
            queue = list(options[i])
            found = -1
            while queue:
                s = queue.pop(0)
                if capacity[s] > 0:
                    found = s
                    break
                for j in members[s]:
                    for t in options[j]:
                        if t not in came:
                            came[t] = (j, s)
                            queue.append(t)
            if found < 0:
                return None
            capacity[found] -= 1
            s = found
            while True:
                j, origin = came[s]
                members[s].append(j)
                if origin < 0:
                    break
                members[origin].remove(j)
                s = origin
        hands = self.located.copy()
        for s, placed in enumerate(members):
            for j in placed:
                hands[s] |= 1 << cards[j]
        hands[self.seat] = self.hand
        return hands

    def attack_of(self, hands: Sequence[int]) -> int:
        """The attack's seats (a mask) in a sampled deal: the camps the view knows, else the
        taker and the holder of the called card in this deal (alone if none holds it)."""
        if self.attack_known or self.called < 0:
            return self.attack
        called = 1 << self.called
        for s in range(self.seats):
            if s != self.taker and hands[s] & called:
                return self.attack | 1 << s
        return self.attack


@dataclass(frozen=True, slots=True)
class TakerBias:
    """How much likelier the taker is to hold an unseen king, trump or bout than his share.

    ``kings`` and ``trumps`` are the factors at the first trick; they fade to 1
    by the seventh trick, as the taker cashes his kings and draws trumps.
    Calibrated on simulated deals (see :mod:`tarot.bots.sampling`'s docstring): with these factors
    a defender's sampled deals give the taker as many of the unseen kings,
    trumps and bouts as real deals do.
    """

    kings: float
    trumps: float
    bouts: float


# Measured by benchmarks/bench_policy.py: the defenders' sampled deals then give the
# taker 1.23 of the unseen kings at the first trick (1.14 in the real deals), 4.92
# trumps (5.03) and 1.65 bouts (1.67); unbiased, 0.79, 3.58 and 0.65.
TAKER_BIAS = TakerBias(kings=2.0, trumps=2.0, bouts=8.0)
