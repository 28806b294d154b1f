"""Beginner's mistakes in a played deal, found with every hand known (for tests and
benchmarks that hold the computer players to a Tarot player's standard; no player
reads this).

Three kinds, each judged at the card as it was played:

- ``petit_lost``: the Petit played when another card was legal, and lost to the
  other side in that trick (playing it onto one's own side's trick that no opponent
  can take back, "au chaud", is no mistake);
- ``honour_wasted``: a defender plays a king, queen or knight second or third to a
  suit led, the taker still to play, while a lower card of that suit was legal, when
  it could see the honour would not win (a trump or higher card already in the trick,
  a higher card still out, or the taker shown void in the suit), and the taker takes
  the trick;
- ``excuse_kept``: the Excuse played to the last trick, where it changes side
  (except when led there by a side that won every trick, R16).

And issue 28's, what a club player would call a misreading of the table (each judged on
what the seat could know then, :class:`~tarot.bots.knowledge.SeatKnowledge`):

- ``king_lost``: a seat, last to play to a trick of a suit, takes it with a lower card of
  the suit while holding that suit's king (which would have taken it as surely, with its
  points), and the king is later lost to the other side; counted at the trick where it
  could have been saved;
- ``honour_into_void``: a defender leads a king, queen or knight of a suit the taker is
  known to lack (shown by play, or by trumps in the discard with the other cards of the
  suit seen) while the taker may still hold a trump, a card of another suit being legal,
  and the attack takes the trick;
- ``trump_lead_void``: a defender leads a trump while holding a small card (below the
  knight) of a suit the taker is known to lack, the taker perhaps holding a trump;
- ``thin_garde``: a Garde or higher bid on a thin hand: at most one king, and at most
  five trumps (the Excuse not counted) at four players, the same share of the hand at
  three and five (6 and 4); counted at the auction (trick 0).

At three and five players the same, by camp (RULES-3-5 §0): a card is lost when the
other camp takes the trick, and a defender is a seat outside the attack (at five, the
partner is not one, whether or not the table knows it yet).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from tarot.bots.knowledge import SeatKnowledge
from tarot.engine.cards import (
    CARD_BY_CODE,
    CODES,
    EXCUSE,
    EXCUSE_BIT,
    HONOUR_MASK,
    KING,
    KING_MASK,
    PETIT,
    SUIT_MASKS,
    TRUMP_BASE,
    TRUMP_MASK,
)
from tarot.engine.events import Bid, Event, Play, TrickTaken
from tarot.engine.game import Game
from tarot.engine.kernel import led_card
from tarot.engine.legal import legal_cards
from tarot.engine.state import DealState
from tarot.engine.views import view_for
from tarot.engine.walk import walk


@dataclass(frozen=True)
class Blunder:
    kind: str
    seat: int
    trick: int  # 1..the number of tricks; 0 for a bid (thin_garde)
    card: str


@dataclass(frozen=True)
class _Pending:
    kind: str
    seat: int
    card: str
    trick: int


# The contracts from the Garde up (a thin hand's Prise is no mistake: that is its contract).
GARDE_OR_HIGHER = frozenset({"garde", "garde_sans", "garde_contre"})


def thin_hand(hand: int, hand_size: int) -> bool:
    """At most one king and at most five trumps in 18 cards (the same share of 24 or 15)."""
    trumps = (hand & TRUMP_MASK).bit_count()
    return (hand & KING_MASK).bit_count() <= 1 and trumps * 18 <= 5 * hand_size


def blunders(game: Game, seats: Iterable[int]) -> tuple[list[Blunder], int]:
    """The mistakes the given seats made in a finished game, and how many card decisions
    with a choice they had (the rate's denominator)."""
    watched = set(seats)
    found: list[Blunder] = []
    decisions = 0
    pending: list[_Pending] = []
    # Kings that could have been cashed safely: (seat, king) -> the trick where.
    kept_kings: dict[tuple[int, int], int] = {}

    def judge_card(seq: int, event: Event, replay: Game) -> None:
        # The card as it was chosen: the state before it is played.
        nonlocal decisions
        if isinstance(event, Bid):
            state = replay.state
            if (event.seat in watched and event.contract in GARDE_OR_HIGHER
                    and thin_hand(state.hands[event.seat], game.rules.deal.hand_size)):
                found.append(Blunder("thin_garde", event.seat, 0, event.contract))
            return
        if not isinstance(event, Play) or event.seat not in watched:
            return
        state = replay.state
        card = CARD_BY_CODE[event.card]
        legal = legal_cards(state)
        trick_number = len(state.tricks) + 1
        if legal & (legal - 1):
            decisions += 1
            if card == PETIT:
                pending.append(_Pending("petit_lost", event.seat, event.card, trick_number))
            if _honour_into_taker(state, event.seat, card, legal):
                pending.append(_Pending("honour_wasted", event.seat, event.card,
                                        trick_number))
            king = _cashable_king(state, event.seat, card)
            if king >= 0:
                kept_kings[(event.seat, king)] = trick_number
            leading = not state.trick or list(state.trick) == [EXCUSE]
            if leading and not state.attack >> event.seat & 1:
                kind = _void_lead(state, event.seat, card, legal)
                if kind == "trump_lead_void":
                    found.append(Blunder(kind, event.seat, trick_number, event.card))
                elif kind:
                    pending.append(_Pending(kind, event.seat, event.card, trick_number))
        if card == EXCUSE and trick_number == game.rules.deal.hand_size:
            pending.append(_Pending("excuse_kept", event.seat, event.card, trick_number))

    for step in walk(game, before=judge_card):
        event = step.event
        if isinstance(event, TrickTaken):
            state = step.game.state
            taker = state.taker
            attack = state.attack
            last = state.tricks[-1]
            for i, card in enumerate(last.cards):
                who = (last.leader + i) % len(last.cards)
                missed = kept_kings.pop((who, card), None)
                if missed is not None and bool(attack >> event.winner & 1) != bool(
                        attack >> who & 1):
                    found.append(Blunder("king_lost", who, missed, CODES[card]))
            for item in pending:
                if item.kind == "excuse_kept" and last.excuse_exception:
                    continue
                lost = bool(attack >> event.winner & 1) != bool(attack >> item.seat & 1)
                won_by_card = _card_won(last.cards, last.leader, event.winner, item)
                if item.kind == "petit_lost" and not lost:
                    continue
                if item.kind == "honour_wasted" and (won_by_card or event.winner != taker):
                    continue
                if item.kind == "honour_into_void" and not lost:
                    continue
                found.append(Blunder(item.kind, item.seat, item.trick, item.card))
            pending.clear()
    return found, decisions


def _cashable_king(state: DealState, seat: int, card: int) -> int:
    """The king the seat keeps while, last to the trick, it takes it with ``card``, a lower
    card of the led suit (the king would have taken it as surely): else -1."""
    trick = state.trick
    if len(trick) != state.seats - 1 or card >= PETIT:
        return -1
    led = led_card(trick)
    if led < 0 or led >= PETIT or led // 14 != card // 14:
        return -1
    king = card // 14 * 14 + KING - 1
    if card == king or not state.hands[seat] >> king & 1:
        return -1
    if any(c > TRUMP_BASE and c != EXCUSE for c in trick):
        return -1  # trumped: neither card takes it
    if any(c // 14 == card // 14 and c > card for c in trick if c < PETIT):
        return -1  # a higher card of the suit is in it: the low card does not take it
    return king


def _void_lead(state: DealState, seat: int, card: int, legal: int) -> str:
    """A defender's lead into the taker's known voids: ``honour_into_void``,
    ``trump_lead_void`` (see the module's docstring), or ""."""
    seen = SeatKnowledge.from_view(view_for(state, seat), state.rules.deal.chien_size,
                                   state.seats)
    voids = seen.taker_voids()
    if not voids:
        return ""
    suits = legal & ~TRUMP_MASK & ~EXCUSE_BIT
    into_void = suits & voids & HONOUR_MASK
    if into_void >> card & 1 and suits & ~into_void:
        return "honour_into_void"
    if TRUMP_BASE < card < EXCUSE and state.hands[seat] & voids & ~HONOUR_MASK:
        return "trump_lead_void"
    return ""


def _card_won(cards: tuple[int, ...], leader: int, winner: int, item: _Pending) -> bool:
    index = cards.index(CARD_BY_CODE[item.card])
    return (leader + index) % len(cards) == winner


def _honour_into_taker(state: DealState, seat: int, card: int, legal: int) -> bool:
    trick = state.trick
    seats = state.seats
    if state.attack >> seat & 1 or not 1 <= len(trick) <= seats - 2 or card >= PETIT:
        return False
    if not HONOUR_MASK >> card & 1:
        return False
    led = led_card(trick)
    if led < 0 or led >= PETIT or led // 14 != card // 14:
        return False
    still_to_play = [(state.leader + k) % seats for k in range(len(trick) + 1, seats)]
    if state.taker not in still_to_play:
        return False
    lower = legal & SUIT_MASKS[card // 14] & ((1 << card) - 1)
    if not lower & ~HONOUR_MASK:
        return False
    return _cannot_win(state, seat, card)


def _cannot_win(state: DealState, seat: int, card: int) -> bool:
    """Whether the seat could see that ``card`` would not take the trick: a trump or a
    higher card of its suit is already in it, a higher card of the suit is still out
    (not played, not in the seat's hand), or the taker has shown he has none of it."""
    suit = SUIT_MASKS[card // 14]
    if any(c > card and c != EXCUSE for c in state.trick):
        return True
    higher = suit & ~((2 << card) - 1)
    if higher & ~state.played & ~state.hands[seat]:
        return True
    # What the seat's own view shows of the taker's voids (one model of what a seat knows).
    seen = SeatKnowledge.from_view(view_for(state, seat), state.rules.deal.chien_size,
                                   state.seats)
    return seen.is_void(state.taker, suit)


def tally(found: Iterable[Blunder]) -> Counter[str]:
    return Counter(b.kind for b in found)
