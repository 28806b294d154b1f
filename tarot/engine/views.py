"""PlayerView: what one seat may know, and nothing else (rule book A30).

A seat knows its own hand, every bid, every card played, the chien when it is
shown (Prise, Garde), the trumps in the discard, every poignée shown and, if it
is the taker, its whole discard. When the deal is over, the chien and the
discard are turned up for all, as at a real table, since the settlement counts
them. A computer player's only input is a view, the legal actions and its own
random generator, so it cannot read a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass

from tarot.engine import phases
from tarot.engine.cards import CODES, TRUMP_MASK, card_list, codes, sort_key
from tarot.engine.events import Settlement
from tarot.engine.legal import legal_cards
from tarot.engine.state import NO_SEAT, DealState


@dataclass(frozen=True, slots=True)
class TrickView:
    number: int
    leader: int
    cards: tuple[str, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    phase: str
    deal_number: int
    dealer: int
    hand: tuple[str, ...]
    bids: tuple[tuple[int, str | None], ...]
    taker: int | None
    contract: str | None
    chien: tuple[str, ...] | None
    discard: tuple[str, ...]
    chelem_declared: bool
    poignees: tuple[tuple[int, tuple[str, ...]], ...]
    tricks: tuple[TrickView, ...]
    leader: int | None
    trick: tuple[str, ...]
    turn: int | None
    legal_cards: tuple[str, ...]
    settlement: Settlement | None
    # Five players (V5-6, V5-17): the called card, public from the call; and the
    # attack's seats once this seat may know them (the partner from the deal, the others
    # when the called card is played or turns up in the shown chien), else None.
    called: str | None = None
    attack: tuple[int, ...] | None = None

    def known_cards(self) -> set[str]:
        """Every card this view shows, wherever it lies (for the no-leak tests)."""
        known = set(self.hand) | set(self.discard) | set(self.trick)
        known |= set(self.chien or ())
        for _, shown in self.poignees:
            known |= set(shown)
        for trick in self.tricks:
            known |= set(trick.cards)
        return known


def _sorted_codes(mask: int) -> tuple[str, ...]:
    return codes(sorted(card_list(mask), key=sort_key))


def view_for(state: DealState, seat: int) -> PlayerView:
    over = state.phase == phases.DONE
    chien_public = state.chien_taken or over
    # The taker knows his own discard; the others see only its trumps (R6).
    discard = state.discard if seat == state.taker or over else state.discard & TRUMP_MASK
    rules = state.rules
    seats = rules.players
    bids = tuple(
        ((state.dealer + 1 + i) % seats, None if b is None else rules.contracts[b].id)
        for i, b in enumerate(state.bids)
    )
    my_turn_to_play = state.phase == phases.TRICKS and state.turn == seat
    return PlayerView(
        seat=seat,
        phase=state.phase,
        deal_number=state.deal_number,
        dealer=state.dealer,
        hand=_sorted_codes(state.hands[seat]),
        bids=bids,
        taker=None if state.taker == NO_SEAT else state.taker,
        contract=state.contract_id if state.contract >= 0 else None,
        chien=_sorted_codes(state.chien) if chien_public else None,
        discard=_sorted_codes(discard),
        chelem_declared=state.chelem_declared,
        poignees=tuple((s, _sorted_codes(m)) for s, m in state.poignees),
        tricks=tuple(
            TrickView(i + 1, t.leader, codes(t.cards), t.winner) for i, t in enumerate(state.tricks)
        ),
        leader=None if state.leader == NO_SEAT else state.leader,
        trick=codes(state.trick),
        turn=None if state.turn == NO_SEAT else state.turn,
        legal_cards=codes(card_list(legal_cards(state))) if my_turn_to_play else (),
        settlement=state.settlement,
        called=CODES[state.called] if state.called >= 0 else None,
        attack=_attack_known_to(state, seat),
    )


def _attack_known_to(state: DealState, seat: int) -> tuple[int, ...] | None:
    """The attack's seats if ``seat`` may know them (V5-4, V5-5, V5-17), else None."""
    if state.taker == NO_SEAT:
        return None
    known = state.called < 0 or state.phase == phases.DONE
    if not known:
        called = 1 << state.called
        known = bool(
            state.played & called  # the called card is played: the partner is revealed
            or (state.hands[seat] & called and seat != state.taker)  # the partner knows it
            or (state.chien_taken and state.chien & called)  # alone, the chien shows it
            or (seat == state.taker and state.partner == NO_SEAT
            and not state.chien & called))  # the taker called himself
    if not known:
        return None
    attack = state.attack
    return tuple(s for s in range(state.seats) if attack >> s & 1)
