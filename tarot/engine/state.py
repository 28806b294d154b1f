"""DealState: everything about one deal in progress, as small ints and bit masks.

``tarot.engine.evolve.apply`` is the only code that writes to it. Field values are
ints, bools, tuples and lists of tuples, so :meth:`DealState.clone` is a
shallow copy of four lists, which a sampling player can afford thousands of
times per decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tarot.engine.events import Settlement
from tarot.engine.rules import RuleSet

NO_SEAT = -1


@dataclass(slots=True)
class CompletedTrick:
    leader: int
    cards: tuple[int, ...]  # in the order played, leader first
    winner: int
    excuse_exception: bool = False  # won by the Excuse led to the last trick (R16, A5)

    def seat_of(self, index: int) -> int:
        return (self.leader + index) % len(self.cards)


@dataclass(slots=True)
class DealState:
    rules: RuleSet
    phase: str = "deal"
    deal_number: int = 0
    dealer: int = 3
    hands: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    chien: int = 0  # the chien as dealt
    bids: list[int | None] = field(default_factory=list)  # contract index per call, None = pass
    best_bid: int = -1
    taker: int = NO_SEAT
    contract: int = -1  # index into rules.contracts
    chien_taken: bool = False
    called: int = -1  # the card called (five players, V5-2), or -1
    partner: int = NO_SEAT  # the holder of the called card, NO_SEAT when the taker is alone
    revealed: bool = False  # the table knows who holds the called card (PartnerRevealed)
    discard: int = 0
    chelem_declared: bool = False
    poignees: list[tuple[int, int]] = field(default_factory=list)  # (seat, cards mask)
    tricks: list[CompletedTrick] = field(default_factory=list)
    leader: int = NO_SEAT
    trick: list[int] = field(default_factory=list)  # cards of the trick in progress
    trick_best: int = -1  # index in ``trick`` of its winning card so far; -1: none yet
    turn: int = NO_SEAT
    played: int = 0  # mask of every card played so far
    settlement: Settlement | None = None
    legal_cache: int = -1  # legal cards for ``turn`` in the tricks phase; -1 = not computed
    # The tricks taken so far, totalled as each is applied (``kernel.take_trick``), so that
    # the settlement need not take them all again: the attack's pile, the Excuse's
    # half-points moved to it, the tricks it won. ``taken`` is how many tricks the totals
    # cover: a state built with its tricks given (a test's) has totals for none, and the
    # settlement then takes its tricks from the start (``tarot.engine.scoring``).
    attack_pile: int = 0
    excuse_moved: int = 0
    attack_tricks: int = 0
    taken: int = 0

    def clone(self) -> DealState:
        copy = DealState.__new__(DealState)
        for name in DealState.__slots__:
            setattr(copy, name, getattr(self, name))
        copy.hands = self.hands.copy()
        copy.bids = self.bids.copy()
        copy.poignees = self.poignees.copy()
        copy.tricks = self.tricks.copy()
        copy.trick = self.trick.copy()
        return copy

    @property
    def totals_hold(self) -> bool:
        """Whether the running totals (``attack_pile``…) cover every completed trick."""
        return self.taken == len(self.tricks)

    @property
    def seats(self) -> int:
        """The number of seats at the table (the rule set's ``players``)."""
        return self.rules.players

    @property
    def attack(self) -> int:
        """The attack's seats as a mask (rule book §5.0): the taker and, at five players, his
        partner (camps are fixed by the deal, V5-4); 0 before there is a taker."""
        if self.taker == NO_SEAT:
            return 0
        return 1 << self.taker | (1 << self.partner if self.partner != NO_SEAT else 0)

    @property
    def call_due(self) -> bool:
        """At five players, the auction is over with a taker and the call awaited (V5-2)."""
        return (self.rules.players == 5 and self.called < 0 and self.best_bid >= 0
                and len(self.bids) == self.rules.players)

    @property
    def call_case(self) -> str | None:
        """At five players once the card is called (V5-4, V5-5): "partner" (another seat
        holds it), "self" (the taker called his own card) or "in_chien"; else None."""
        if self.called < 0:
            return None
        if self.partner != NO_SEAT:
            return "partner"
        return "in_chien" if self.chien >> self.called & 1 else "self"

    @property
    def contract_id(self) -> str | None:
        return self.rules.contracts[self.contract].id if self.contract >= 0 else None

    @property
    def chien_fate(self) -> str | None:
        return self.rules.contracts[self.contract].chien if self.contract >= 0 else None

    @property
    def trick_number(self) -> int:
        """The number (1..18) of the trick in progress, or of the last one once all are played."""
        return min(len(self.tricks) + 1, self.rules.deal.hand_size)
