"""The honesty check: each decision of a seat asked again in a deal where the cards the seat
could not see are moved, to show that a computer player decides from its view alone.

For a decision the seat made at event ``seq`` of a played deal, :func:`moved_deal` deals
another hand that the seat could not tell from the real one at that moment:

- the cards the seat saw stay where they were dealt: its own hand, every card played so
  far (in the hand that played it), the chien once shown, the cards of a poignée, the
  trumps of the taker's discard (for the taker, the whole discard) and, at five, the
  called card once its holder is public (played, in the shown chien, or the seat's own);
  whatever the view shows (:meth:`~tarot.engine.views.PlayerView.known_cards`) is fixed;
- every other card (hidden) may change places with another hidden card of another place:
  the other hands and the chien kept face down (during the auction, or in a Garde sans or
  contre), so each hand keeps its size;
- a move keeps what the play showed: a seat that did not follow suit gets no card of that
  suit, one that did not overtrump no higher trump, a taker who discarded trumps no
  ordinary card (:class:`~tarot.bots.knowledge.SeatKnowledge`'s ``absent``, the one
  reading of the table the players use too), a seat that filled a poignée with the Excuse
  no other trump; a card in the taker's hidden discard is replaced only by one that may be
  discarded (a suit card other than a king), and the discard then names it;
- the events before the decision are replayed on the moved deal by the kernel
  (:func:`tarot.engine.walk.walk`): every decision must be legal there and every derived
  event the same (rejection: a refused deal is drawn again, with fewer moves each time,
  at most :data:`TRIES` times; should none replay, nothing moves, and the result says so).

One kind of hidden card is kept out of the moves on purpose: at five, when the taker
called a queen (or a lower card), the kings (and higher) he had to hold for it (V5-3),
which every seat can tell; the kernel would refuse most deals that move them. Any other
hidden card stays only when no move fits what the seat saw (late in a deal, the voids may
pin every card).

:func:`check_seat` then asks a player for each decision twice, from the seat's view in the
real deal and in the moved one, with the same generator (drawn from the check's seed and
the event's seq, never from the cards), and sets the two side by side: the views and the
legal actions must be equal, and so must the decisions. Two instances of the player answer,
one for each deal, so that a player's memory between decisions cannot mix them. The player
is asked through a :data:`Chooser`, which the check's own tests replace with a dishonest
one that peeks at the real hands, to show that the check catches it.

In a practice game the deal is the one that stands: the moves and the replay read the
events still in force (a card taken back showed nothing), and a decision taken back is not
checked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from tarot.bots.base import ask
from tarot.bots.knowledge import SeatKnowledge
from tarot.bots.registry import make_player
from tarot.engine.cards import (
    CARD_BY_CODE,
    CODES,
    FULL_DECK_MASK,
    ORDINARY_MASK,
    TRUMP_MASK,
    card_list,
    codes,
    mask_of_codes,
    sort_key,
)
from tarot.engine.events import (
    ACTION_TYPES,
    Action,
    Deal,
    Discard,
    Event,
    Play,
    Poignee,
)
from tarot.engine.game import Game, in_force
from tarot.engine.kernel import caller_holds_mask
from tarot.engine.rules import RuleSet
from tarot.engine.walk import walk
from tarot.errors import IllegalAction

CHIEN = -1  # a place: the chien (the seats are 0..n-1)
# Deals drawn at most a decision; the first few with many swaps, then fewer and fewer, so
# that a constraint the moves do not read themselves (the call's, a petit sec made or
# unmade) is kept by a deal closer to the real one.
TRIES = 12
SWAPS_A_CARD = 20

# Asks for the decision of the seat to act in a game; the check's players are asked through
# ``ask`` (their seat's view and the legal actions), never the game itself.
Chooser = Callable[[Game, random.Random], Action]


@dataclass(frozen=True, slots=True)
class Move:
    """A hidden card dealt elsewhere in the moved deal: from a place to another (a seat, or
    :data:`CHIEN`)."""

    card: str
    source: int
    to: int


@dataclass(frozen=True, slots=True)
class MovedDeal:
    """A deal the seat could not tell from the real one just before its decision at ``seq``.

    ``deal``: the moved deal event (``real``: the log's); ``game``: the moved deal with the
    events before the decision replayed on it (the taker's discard naming the cards that
    took his hidden discarded ones' places), the seat to act; ``moves``: the hidden cards
    dealt to another place; ``hidden``: how many cards the seat could not see;
    ``redrawn``: the draws the kernel refused first."""

    seq: int
    seat: int
    real: Deal
    deal: Deal
    game: Game
    moves: tuple[Move, ...]
    hidden: int
    redrawn: int

    @property
    def places(self) -> tuple[int, ...]:
        """The places the moved cards came from or went to: seats in order, the chien last."""
        found = {m.source for m in self.moves} | {m.to for m in self.moves}
        return tuple(sorted(found, key=lambda p: (p == CHIEN, p)))


def deal_places(deal: Deal) -> dict[str, int]:
    """Where each card of a deal lies: its seat, or :data:`CHIEN`."""
    places = {card: seat for seat, hand in enumerate(deal.hands) for card in hand}
    places.update((card, CHIEN) for card in deal.chien)
    return places


def moved_deal(game: Game, seq: int, seat: int, rng: random.Random) -> MovedDeal:
    """The deal of ``game`` with the cards ``seat`` could not see just before its decision at
    event ``seq`` moved (the module's docstring says how); ``rng`` draws the moves."""
    event = game.events[seq] if 0 <= seq < len(game.events) else None
    if not isinstance(event, ACTION_TYPES) or event.seat != seat:
        raise ValueError(f"event {seq} is not a decision of P{seat}")
    before = walk(game.header, game.events[:seq], rules=game.rules).finish()
    return _moved(before, seq, seat, rng)


def _moved(real: Game, seq: int, seat: int, rng: random.Random) -> MovedDeal:
    """:func:`moved_deal` from the real game as it stands just before the decision."""
    # A practice game's take-backs are not the deal as it stands: what the seat saw, and so
    # what the moved deal must keep, is in the events still in force.
    events = real.standing_events()
    start = max(i for i, e in enumerate(events) if isinstance(e, Deal))
    dealt = events[start]
    assert isinstance(dealt, Deal)
    view = real.view(seat)
    rules = real.rules
    seats = rules.players
    seen = mask_of_codes(view.known_cards()) | mask_of_codes(dealt.hands[seat])
    taker = view.taker
    if view.called is not None and taker is not None and taker != seat:
        # A card below a king is called only by a taker holding every card above it in
        # rank (V5-3): those stay with him.
        seen |= (caller_holds_mask(CARD_BY_CODE[view.called])
                 & mask_of_codes(dealt.hands[taker]))
    absent = SeatKnowledge.from_view(view, rules.deal.chien_size, seats).absent
    for who, shown in view.poignees:
        if "EXC" in shown:  # the Excuse fills a poignée only when no trump is left out (R8)
            absent[who] |= TRUMP_MASK
    discarded = 0
    for later in events[start + 1:]:
        if isinstance(later, Discard):
            discarded = mask_of_codes(later.cards) & ~seen
    # The slots: each hidden card's place in the real deal, and what may take it.
    places = [(s, mask_of_codes(hand)) for s, hand in enumerate(dealt.hands) if s != seat]
    if view.chien is None:
        places.append((CHIEN, mask_of_codes(dealt.chien)))
    slot_card: list[int] = []
    slot_class: list[int] = []
    allowed: list[int] = []
    for place, cards in places:
        kept, away = cards & ~seen & ~discarded, cards & discarded
        for mask, may in ((kept, FULL_DECK_MASK if place == CHIEN else ~absent[place]),
                          (away, ORDINARY_MASK)):
            if mask:
                allowed.append(may & FULL_DECK_MASK)
                for card in card_list(mask):
                    slot_card.append(card)
                    slot_class.append(len(allowed) - 1)
    hidden = len(slot_card)
    for attempt in range(TRIES):
        swaps = SWAPS_A_CARD * hidden >> max(0, attempt - 3)
        drawn = _swapped(slot_card, slot_class, allowed, max(1, swaps), rng)
        moved = _replayed(real, events, start, seat, dict(zip(slot_card, drawn, strict=True)))
        if moved is not None:
            game, deal = moved
            return MovedDeal(seq, seat, dealt, deal, game, _moves(dealt, deal), hidden, attempt)
    return MovedDeal(seq, seat, dealt, dealt, real.clone(), (), hidden, TRIES)


def _swapped(slot_card: Sequence[int], slot_class: Sequence[int], allowed: Sequence[int],
             swaps: int, rng: random.Random) -> list[int]:
    """The hidden cards after ``swaps`` random exchanges between slots of different
    classes, each made only if both cards may take the other's slot: the real deal walked
    away from, never a deal that breaks what the moves read."""
    cards = list(slot_card)
    count = len(cards)
    if count < 2:
        return cards
    for _ in range(swaps):
        i, j = rng.randrange(count), rng.randrange(count)
        a, b = slot_class[i], slot_class[j]
        if a != b and allowed[a] >> cards[j] & 1 and allowed[b] >> cards[i] & 1:
            cards[i], cards[j] = cards[j], cards[i]
    return cards


def _replayed(real: Game, events: Sequence[Event], start: int, seat: int,
              taken_by: dict[int, int]) -> tuple[Game, Deal] | None:
    """The moved game (the events before the decision replayed on the deal where the card
    ``taken_by[c]`` lies in ``c``'s place) and its deal, or None if the kernel refuses it."""
    def moved(names: Sequence[str]) -> list[int]:
        return [taken_by.get(CARD_BY_CODE[c], CARD_BY_CODE[c]) for c in names]

    dealt = events[start]
    assert isinstance(dealt, Deal)
    deal = replace(dealt, hands=tuple(_sorted(moved(h)) for h in dealt.hands),
                   chien=_sorted(moved(dealt.chien)))
    replayed: list[Event] = [*events[:start], deal]
    for event in events[start + 1:]:
        if isinstance(event, Discard):
            event = replace(event, cards=_sorted(moved(event.cards)))
        replayed.append(event)
    try:
        game = walk(real.header, replayed, rules=real.rules).finish()
    except IllegalAction:
        return None
    if game.turn != seat or game.phase != real.phase:
        return None
    return game, deal


def _sorted(cards: list[int]) -> tuple[str, ...]:
    return codes(sorted(cards, key=sort_key))


def _moves(real: Deal, moved: Deal) -> tuple[Move, ...]:
    before, after = deal_places(real), deal_places(moved)
    return tuple(Move(CODES[card], before[CODES[card]], after[CODES[card]])
                 for card in range(len(CODES)) if before[CODES[card]] != after[CODES[card]])


# ---------------------------------------------------------------------------
# The check


@dataclass(frozen=True, slots=True)
class DecisionCheck:
    """One decision of the seat: what the log says it did (``made``), the moved deal, and
    the player's decision from the seat's view in the real deal (``real``) and in the moved
    one (``other``); ``same_view``: whether the two views and legal actions were equal."""

    seq: int
    kind: str  # "bid", "call", "discard", "chelem", "poignee", "card"
    made: Action
    moved: MovedDeal
    real: Action
    other: Action
    same_view: bool

    @property
    def same(self) -> bool:
        return self.same_view and self.real == self.other


@dataclass(frozen=True, slots=True)
class HonestyReport:
    """Every decision of ``seat`` in a deal, checked."""

    seat: int
    seed: int
    checks: tuple[DecisionCheck, ...]

    @property
    def differing(self) -> tuple[DecisionCheck, ...]:
        return tuple(c for c in self.checks if not c.same)

    @property
    def all_same(self) -> bool:
        return not self.differing


def player_chooser(name: str, rules: RuleSet) -> Chooser:
    """The computer player ``name`` (``tarot.bots.registry``), asked from its seat's view."""
    player = make_player(name, rules)

    def choose(game: Game, rng: random.Random) -> Action:
        return ask(player, game, rng)

    return choose


def decision_rng(seed: int, seq: int) -> random.Random:
    """The player's generator for the decision at event ``seq``: the same in both deals."""
    return random.Random(f"swap-hidden:decide:{seed}:{seq}")


def moves_rng(seed: int, seq: int) -> random.Random:
    """The generator of the moves for the decision at event ``seq``."""
    return random.Random(f"swap-hidden:move:{seed}:{seq}")


def check_seat(game: Game, seat: int, chooser: Callable[[], Chooser],
               seed: int = 0) -> HonestyReport:
    """Each decision of ``seat`` in ``game`` asked of two choosers made by ``chooser``, one
    in the real deal and one in a moved deal (:func:`moved_deal`, drawn from ``seed``)."""
    in_real, in_moved = chooser(), chooser()
    checks: list[DecisionCheck] = []
    standing = set(in_force(game.events))  # a decision taken back is not checked

    def before(seq: int, event: Event, replay: Game) -> None:
        if not isinstance(event, ACTION_TYPES) or event.seat != seat or seq not in standing:
            return
        moved = _moved(replay, seq, seat, moves_rng(seed, seq))
        legal = replay.legal_actions()
        same_view = (replay.view(seat) == moved.game.view(seat)
                     and legal == moved.game.legal_actions())
        kind = ("poignee" if any(isinstance(a, Poignee) for a in legal)
                else "card" if isinstance(event, Play) else event.type)
        real = in_real(replay, decision_rng(seed, seq))
        other = in_moved(moved.game, decision_rng(seed, seq))
        checks.append(DecisionCheck(seq, kind, event, moved, real, other, same_view))

    walk(game, before=before).finish()
    return HonestyReport(seat, seed, tuple(checks))


__all__ = ["CHIEN", "TRIES", "Chooser", "DecisionCheck", "HonestyReport", "Move",
           "MovedDeal", "check_seat", "deal_places", "decision_rng", "moved_deal",
           "moves_rng", "player_chooser"]
