"""Bids valued by simulation: each contract the seat may bid, played out on sampled deals.

At the auction :class:`SimulatedBidder` deals the cards its seat cannot see (the
other hands and the chien) many ways from the seat's view alone, and for each deal
plays the contracts out from the first trick with the sampling player's playout
policy (:func:`tarot.bots.playout.aware_card`):

- **Prise and Garde** (the chien shown): the seat takes the sampled chien and
  discards as the rules player does (:func:`~tarot.bots.rules_player.choose_discard`),
  so what the chien brings is sampled, not assumed. The two play the same cards
  (the policy does not look at the multiplier), so one playout scores both.
- **Garde sans and Garde contre** (the chien hidden): the dealt hand is played; the
  chien goes to the taker's pile or to the defence's at the count. One playout
  scores both.
- At five players the seat calls as the rules player would
  (:func:`~tarot.bots.rules_player.choose_call`) and the holder of the called card
  in each sampled deal is its partner (none if it lies in the chien).

Each contract's value is the seat's mean score as taker over the deals, corrected
for the playouts' bias (:data:`CALIBRATION`: they play with every hand known); a pass
is worth :data:`PASS_VALUE`. The bids already made are information: a seat that bid
is dealt the strong hand its bid promises (:data:`BIDDER_BIAS`).

All randomness comes from the ``rng`` passed in and the unseen cards are listed in
card order, so the same view and generator state give the same bid whatever the
hidden cards are.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tarot.bots.knowledge import card_class, weighted_slot
from tarot.bots.playout import Position, Scoring, aware_card, play
from tarot.bots.rules_player import (
    ALONE_MARGIN,
    RulesPlayer,
    choose_call,
    choose_discard,
    hand_strength,
)
from tarot.engine.cards import (
    FULL_DECK_MASK,
    PETIT,
    SUIT_MASKS,
    card_list,
    mask_of_codes,
)
from tarot.engine.events import Action, Bid
from tarot.engine.kernel import callable_mask
from tarot.engine.rules import RuleSet
from tarot.engine.views import PlayerView

# What a pass is worth to the seat, in points of its own score. Zero: if every seat
# passes the deal is redealt, and what the seat scores as a defender when another seat
# takes depends on bids the simulation does not model (a seat with a hand worth
# considering seldom meets a taker it cannot beat). docs/decisions.md says more.
PASS_VALUE = 0.0

# How much likelier than its share a seat that has bid is to hold an unseen king, trump
# and bout: the sampler's calibrated taker bias at the first trick
# (tarot.bots.sampling.TAKER_BIAS), for each seat that bid.
BIDDER_BIAS = (1.0, 2.0, 2.0, 8.0)  # ordinary card, king, trump, bout


@dataclass(frozen=True, slots=True)
class Calibration:
    """The playouts see every hand, which flatters one side: the value used is
    ``scale * simulated - offset * multiplier`` (in per-defender points, before the
    taker's share), measured by ``benchmarks/bench_auction.py --calibrate``."""

    scale: float = 1.0
    offset: float = 0.0


# Measured on forced Gardes with a ``rules`` taker and ``rules`` defenders (``python
# benchmarks/bench_auction.py --calibrate --taker rules``, deals 60001-60300): real =
# +6.8 + 1.00 x simulated a defender at four players (+6.6 at three, +5.4 at five). A
# ``normal`` taker makes more of the same hands (+30.1 + 1.25 x, 98 deals): the
# correction belongs to the player that plays the contract (docs/decisions.md).
CALIBRATION = Calibration(scale=1.0, offset=-3.4)


@dataclass(frozen=True, slots=True)
class ContractValue:
    """One contract's outcome over the sampled deals: the corrected mean score of the
    seat as taker (``value``), the uncorrected mean per-defender score, and in how many
    of the ``deals`` the contract was made."""

    value: float
    per_defender: float
    made: int
    deals: int


class SimulatedBidder:
    """Chooses a bid by playing each legal contract out on ``samples`` sampled deals."""

    def __init__(self, rules: RuleSet, fallback: RulesPlayer, samples: int,
                 calibration: Calibration = CALIBRATION, sure: float = 0.0) -> None:
        self.rules = rules
        self.fallback = fallback
        self.samples = samples
        # A contract above the lowest one offered is bid only when made in at least this
        # share of the sampled deals (0: by its value alone). Every sampled deal scores a
        # Garde twice a Prise, so by value alone a hand worth taking is always worth a
        # Garde; this makes a player's Prise of a hand that is likely but not sure.
        self.sure = sure
        self.calibration = calibration
        self.seats = rules.players
        table = rules.table
        self.hand_size = table.hand_size
        self.chien_size = table.chien_size
        self._scorings = {c.id: Scoring.of(rules, c.id, [], False) for c in rules.contracts}

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        bids = [a for a in legal if isinstance(a, Bid)]
        offered = [b.contract for b in bids if b.contract is not None]
        if not offered:
            return bids[0]
        values = self.values(view, offered, rng)
        best: Bid = next(b for b in bids if b.contract is None)
        best_value = PASS_VALUE
        for bid in bids:
            if bid.contract is None:
                continue
            value = values[bid.contract]
            if bid.contract != offered[0] and value.made < self.sure * value.deals:
                continue
            if value.value > best_value:
                best, best_value = bid, value.value
        return best

    # -- sampling --------------------------------------------------------------

    def sample(self, view: PlayerView, rng: random.Random) -> tuple[list[int], int]:
        """One deal of the unseen cards from the seat's view: the hands (the seat's own
        as dealt) and the chien."""
        seats, seat = self.seats, view.seat
        hand = mask_of_codes(view.hand)
        bidders = {s for s, contract in view.bids if contract is not None}
        slots = [s for s in range(seats) if s != seat] + [seats]  # ``seats``: the chien
        capacity = [self.hand_size] * seats + [self.chien_size]
        weights = [BIDDER_BIAS if s in bidders else (1.0, 1.0, 1.0, 1.0)
                   for s in range(seats)] + [(1.0, 1.0, 1.0, 1.0)]
        hands = [0] * (seats + 1)
        hands[seat] = hand
        # The classes a bid makes likelier first, so that the bias is not crowded out by
        # capacity filled before them; in card order within a class.
        unseen = card_list(FULL_DECK_MASK & ~hand)
        unseen.sort(key=lambda c: -card_class(c))
        for card in unseen:
            chosen = weighted_slot(rng, slots, capacity, weights, card_class(card))
            if chosen < 0:  # no weight left anywhere: the last slot with room
                chosen = next(s for s in reversed(slots) if capacity[s] > 0)
            capacity[chosen] -= 1
            hands[chosen] |= 1 << card
        return hands[:seats], hands[seats]

    # -- values ----------------------------------------------------------------

    def values(self, view: PlayerView, contracts: Sequence[str], rng: random.Random
               ) -> dict[str, ContractValue]:
        """Each contract of ``contracts`` valued over ``samples`` sampled deals."""
        rules = self.rules
        seats, seat = self.seats, view.seat
        hand = mask_of_codes(view.hand)
        leader = (view.dealer + 1) % seats
        fates = {c: rules.contracts[rules.contract_index[c]].chien for c in contracts}
        shown = [c for c in contracts if fates[c] == "shown"]
        hidden = [c for c in contracts if fates[c] != "shown"]
        called, keep = -1, 0
        if seats == 5:
            alone = hand_strength(hand) >= self.fallback.bid_thresholds[3] + ALONE_MARGIN
            called = choose_call(hand, callable_mask(hand, rules.flags.four_kings_may_call_king),
                                 alone)
            keep = SUIT_MASKS[called // 14] if called < PETIT else 0
        totals = {c: 0 for c in contracts}
        own = {c: 0 for c in contracts}
        shares = 0
        made = {c: 0 for c in contracts}
        for _ in range(self.samples):
            hands, chien = self.sample(view, rng)
            attack = 1 << seat
            if called >= 0:
                for s in range(seats):
                    if s != seat and hands[s] >> called & 1:
                        attack |= 1 << s
            share = _taker_share(seats, attack)
            shares += share
            if shown:
                full = hand | chien
                discard = choose_discard(full, self.chien_size, rules.points_table,
                                         keep)
                taken = hands.copy()
                taken[seat] = full & ~discard
                scores = self._play(taken, leader, seat, attack, discard,
                                    [(c, 0) for c in shown])
                for c, score in scores:
                    totals[c] += score
                    own[c] += share * score
                    made[c] += score > 0
            if hidden:
                scores = self._play(hands.copy(), leader, seat, attack, 0,
                                    [(c, chien if fates[c] == "taker" else 0) for c in hidden])
                for c, score in scores:
                    totals[c] += score
                    own[c] += share * score
                    made[c] += score > 0
        cal = self.calibration
        result = {}
        n = self.samples
        for c in contracts:
            multiplier = self._scorings[c].multiplier
            mean = totals[c] / n
            # The seat's score is its share (3 at four players; at five 2 with a partner,
            # 4 alone) times the per-defender score, corrected deal by deal.
            value = (cal.scale * own[c] - cal.offset * multiplier * shares) / n
            result[c] = ContractValue(value, mean, made[c], n)
        return result

    def _play(self, hands: list[int], leader: int, taker: int, attack: int, pile: int,
              finishes: list[tuple[str, int]]) -> list[tuple[str, int]]:
        """Play the deal out to its last trick with the policy (which does not look at the
        contract), then the last trick (one card a hand) under each contract of
        ``finishes``, with its chien added to the pile; the per-defender scores."""
        first = self._scorings[finishes[0][0]]
        pos = Position(hands, [], leader, taker, 0, pile, 0, 0, 0, 0, -1, attack, self.seats)
        last = first.last_trick
        while pos.tricks_done < last:
            play(pos, aware_card(pos, first), first)
        scores = []
        for contract, extra in finishes:
            sc = self._scorings[contract]
            end = pos.copy()
            end.pile |= extra
            result = None
            while result is None:
                result = play(end, aware_card(end, sc), sc)
            scores.append((contract, result))
        return scores


def _taker_share(seats: int, attack: int) -> int:
    """How many times the per-defender score the taker scores (R24, V3-9, V5-11)."""
    defenders = seats - attack.bit_count()
    return defenders - (attack.bit_count() - 1)
