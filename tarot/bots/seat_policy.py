"""A playout policy that plays from its seat's knowledge, not from the sampled deal.

The sampling player (:mod:`tarot.bots.sampling`) deals the unseen cards, then plays
each legal card out with :func:`tarot.bots.playout.aware_card`, which sees every hand
of the sampled deal. That makes the playouts clairvoyant: the seat's own later plays
know whether its king will be trumped, its partner knows where the taker's trumps
are, and so a card that needs that knowledge to be played well afterwards is valued
as if it would be (strategy fusion). Feeding the same playouts more samples only
sharpens that bias (issue 28).

:func:`blind_card` asks the same questions as ``aware_card`` (will this card hold the
trick? does the taker still have trumps? is my trump the master?) but answers them
from what the seat playing could know: its own hand, the cards played, the suits and
trumps each seat's play has shown it lacks (``revealed_absent``, the rule book's
R11/R12 inferences), and, for the taker in Prise or Garde, his own discard. Every
other card is "unseen" and may lie with any seat that has not shown it lacks it. A
card holds when no opponent still to play may hold a card that beats it: one who may
hold the led suit could follow higher; one who has shown a void in it, or who may be
void in it because few of its cards are unseen (fewer than ``SHORT_SUIT`` per seat
that may hold them), may trump with his highest unseen trump.

:class:`BlindPlayouts` plays a sampled deal to its end with the blind policy for
the seats it is told (the root seat alone, or every seat) and ``aware_card`` for the
others, keeping the voids shown as it goes. It is the sampling player's
``Settings.blind`` (off at every level: docs/players.md has the measurement).

Leaks: none from the deal; ``unseen`` is read off the sampled hands, but it is the
union of every hand but the player's (and the hidden pile), which is exactly the deck
less the player's hand, the cards played and the cards it knows aside, so it depends
only on what the seat knows. At five players the camps are the sample's (a seat
plays as if it knew who the partner is), as ``aware_card`` does.
"""

from __future__ import annotations

from tarot.bots.knowledge import HIDDEN, SLOTS, SeatKnowledge, revealed_absent
from tarot.bots.playout import (
    SUITS_AND_TRUMPS,
    Position,
    Scoring,
    aware_card,
    greedy_card,
    play,
)
from tarot.engine.cards import EXCUSE, EXCUSE_BIT, PETIT, SUIT_MASKS, TRUMP_MASK, card_list
from tarot.engine.kernel import BEATERS, led_card, legal_given_winner
from tarot.engine.views import PlayerView

# A seat that has not shown a void in a suit is counted as possibly void in it (so
# possibly trumping it) once fewer unseen cards of the suit are left than this many per
# seat that may hold them: the first round of a suit usually passes, the second often not.
SHORT_SUIT = 3

ROOT = 1  # Settings.blind: the root seat plays blind in its playouts, the others see
EVERY_SEAT = 2  # every seat plays blind


class SeatState:
    """What the table has shown, for the blind policy: the cards each seat's play shows it
    lacks, and the cards known aside by the taker (his own discard)."""

    __slots__ = ("absent", "taker_aside")

    def __init__(self, absent: list[int], taker_aside: int) -> None:
        self.absent = absent
        self.taker_aside = taker_aside

    def copy(self) -> SeatState:
        return SeatState(self.absent.copy(), self.taker_aside)


def _unseen(pos: Position, seat: int, hidden: int, state: SeatState) -> int:
    """The cards ``seat`` cannot see: every other hand and the hidden pile (less the
    taker's own discard when he is the one looking)."""
    out = hidden if seat != pos.taker else hidden & ~state.taker_aside
    for s, hand in enumerate(pos.hands):
        if s != seat:
            out |= hand
    return out


def _opponent_threat(possible: int, absent: int, unseen_in_suit: int, holders: int,
                     led: int) -> int:
    """The strongest card an opponent who may hold ``possible`` could take a trick led with
    ``led`` with (-1: none), counting a trump when he has shown, or may have, a void."""
    trumps = possible & TRUMP_MASK
    if led >= PETIT:  # a trump led: he must follow with a trump if he has one
        return trumps.bit_length() - 1
    suit = SUIT_MASKS[led // 14]
    follow = possible & suit
    threat = follow.bit_length() - 1
    void_shown = absent & suit == suit
    may_be_void = void_shown or unseen_in_suit.bit_count() < SHORT_SUIT * max(holders, 1)
    if may_be_void and trumps:
        threat = max(threat, trumps.bit_length() - 1)
    return threat


def _blind_threat(pos: Position, state: SeatState, unseen: int, led: int, first: int,
                  count: int, side_is_taker: bool) -> int:
    """``playout._threat`` from the knowledge of the seat whose unseen cards are
    ``unseen``: the strongest card any opponent among the ``count`` seats from ``first``
    may take a trick led with ``led`` with."""
    seats = pos.seats
    attack = pos.attack
    absent = state.absent
    suit = SUIT_MASKS[led // 14] if led < PETIT else TRUMP_MASK
    unseen_in_suit = unseen & suit
    holders = sum(1 for s in range(seats) if unseen_in_suit & ~absent[s]
                  and s != (pos.leader + len(pos.trick)) % seats)
    threat = -1
    for step in range(count):
        seat = (first + step) % seats
        if bool(attack >> seat & 1) != side_is_taker:
            answer = _opponent_threat(unseen & ~absent[seat], absent[seat], unseen_in_suit,
                                      holders, led)
            if answer > threat:
                threat = answer
    return threat


def _blind_secure(pos: Position, state: SeatState, unseen: int, legal: int, first: int,
                  count: int, taker_side: bool) -> int:
    """``playout._secure_winners`` from the seat's knowledge."""
    beaters = legal & BEATERS[pos.top()]
    led = led_card(pos.trick)
    if led >= 0:
        threat = _blind_threat(pos, state, unseen, led, first, count, taker_side)
        return beaters & -1 << max(threat, 0)
    winners = 0
    for c in card_list(beaters):
        if c >= _blind_threat(pos, state, unseen, c, first, count, taker_side):
            winners |= 1 << c
    return winners


def _blind_draw(pos: Position, state: SeatState, unseen: int, seat: int, hand: int
                ) -> int | None:
    """The attack's master trump, when it holds more trumps than the defenders may hold
    on average (the unseen trumps shared by those who have not shown they have none)."""
    mine = hand & TRUMP_MASK & ~(1 << PETIT)
    if not mine:
        return None
    out = 0
    holders = 0
    for s in range(pos.seats):
        if s != seat and not pos.attack >> s & 1:
            theirs = unseen & TRUMP_MASK & ~state.absent[s]
            if theirs:
                holders += 1
                out |= theirs
    top = mine.bit_length() - 1
    if out and not out >> top and mine.bit_count() * holders > out.bit_count():
        return top
    return None


def _blind_force(pos: Position, state: SeatState, legal: int, sc: Scoring) -> int | None:
    """A defender's small card in a suit the taker has shown he lacks, while he may still
    hold trumps, to make him spend one."""
    taker_absent = state.absent[pos.taker]
    if taker_absent & TRUMP_MASK == TRUMP_MASK:
        return None
    voids = 0
    for suit in SUIT_MASKS:
        if taker_absent & suit == suit:
            voids |= legal & suit
    return min(card_list(voids), key=sc.poorest.__getitem__) if voids else None


def blind_card(pos: Position, sc: Scoring, state: SeatState, hidden: int) -> int:
    """:func:`tarot.bots.playout.aware_card`'s decisions, from the playing seat's knowledge
    only (its hand, ``state``, and the unseen cards as one pool): see the module doc."""
    trick = pos.trick
    seats = pos.seats
    seat = (pos.leader + len(trick)) % seats
    hand = pos.hands[seat]
    best = pos.best
    legal = legal_given_winner(hand, trick, best)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    if legal & EXCUSE_BIT and hand.bit_count() <= 2:
        return EXCUSE
    unseen = _unseen(pos, seat, hidden, state)
    taker_side = bool(pos.attack >> seat & 1)
    after = (seat + 1) % seats
    others = seats - 1
    if not trick:
        sure = 0
        valuable = legal & sc.valuable
        if valuable:
            for suit in SUITS_AND_TRUMPS:
                in_suit = valuable & suit
                if in_suit:
                    led = (in_suit & -in_suit).bit_length() - 1
                    threat = _blind_threat(pos, state, unseen, led, after, others, taker_side)
                    sure |= in_suit & -1 << max(threat, 0)
        if sure:
            return max(card_list(sure), key=sc.richest.__getitem__)
        lead = (_blind_draw(pos, state, unseen, seat, hand) if taker_side
                else _blind_force(pos, state, legal, sc))
        return greedy_card(pos, sc) if lead is None else lead
    n = len(trick)
    friend_winning = best >= 0 and bool(pos.attack >> (pos.leader + best) % seats & 1) \
        == taker_side
    if friend_winning:
        if n == others or trick[best] >= _blind_threat(pos, state, unseen, led_card(trick),
                                                       after, others - n, taker_side):
            return max(card_list(legal), key=sc.charge_safe.__getitem__)
        takeover = _blind_secure(pos, state, unseen, legal, after, others - n, taker_side)
        return min(card_list(takeover or legal), key=sc.cheapest.__getitem__)
    secure = _blind_secure(pos, state, unseen, legal, after, others - n, taker_side)
    if secure:
        if n == others:
            return max(card_list(secure), key=sc.richest.__getitem__)
        if secure >> PETIT & 1:
            return PETIT
        return min(card_list(secure), key=sc.cheapest.__getitem__)
    return min(card_list(legal), key=sc.cheapest.__getitem__)


class BlindPlayouts:
    """Plays a sampled deal out with :func:`blind_card` for the ``mode``'s seats (``ROOT``:
    the viewing seat; ``EVERY_SEAT``) and ``aware_card`` for the others."""

    def __init__(self, view: PlayerView, chien_size: int, seats: int, mode: int,
                 fate: str) -> None:
        facts = SeatKnowledge.from_view(view, chien_size, seats)
        self.state = SeatState(list(facts.absent[:SLOTS]), 0)
        self.fate = fate
        self.blind = (1 << view.seat) if mode == ROOT else (1 << seats) - 1

    def play_out(self, pos: Position, card: int, sc: Scoring, hands: list[int]) -> int:
        """Play ``card`` for the seat to play, then the deal to its end; the per-defender
        score. ``hands`` is the sampled deal (its ``HIDDEN`` pile: the discard or the
        hidden chien). Mutates ``pos``."""
        hidden = hands[HIDDEN]
        state = self.state.copy()
        # The taker in Prise or Garde knows his discard; no one knows a hidden chien.
        state.taker_aside = hidden if self.fate == "shown" else 0
        blind = self.blind
        absent = state.absent
        while True:
            seat = (pos.leader + len(pos.trick)) % pos.seats
            absent[seat] |= revealed_absent(pos.trick, card)
            result = play(pos, card, sc)
            if result is not None:
                return result
            turn = (pos.leader + len(pos.trick)) % pos.seats
            card = (blind_card(pos, sc, state, hidden) if blind >> turn & 1
                    else aware_card(pos, sc))
