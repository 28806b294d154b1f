"""How events change a deal: :func:`apply` is the only writer of a DealState.

One function a phase says which derived event the rules call for now (a trick is
complete, the chien must be shown, the deal is void, the deal is over);
``tarot.engine.phase_table.next_derived`` asks the one of the phase at hand, so that
playing a decision and then its consequences is one loop in ``tarot.engine.game``,
and a log's derived events can be recomputed and compared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tarot.engine import phases
from tarot.engine.cards import (
    CARD_BY_CODE,
    CODES,
    DECK_SIZE,
    EXCUSE,
    FULL_DECK_MASK,
    codes_of_mask,
    mask_of_codes,
)
from tarot.engine.deal import petit_sec_seat
from tarot.engine.events import (
    Bid,
    Call,
    Chelem,
    ChienShown,
    Deal,
    Discard,
    Event,
    PartnerRevealed,
    Play,
    Poignee,
    Redeal,
    Settlement,
    TrickTaken,
)
from tarot.engine.kernel import BEATERS, take_trick, won_by_led_excuse
from tarot.engine.legal import excuse_exception_applies
from tarot.engine.scoring import settle
from tarot.engine.state import NO_SEAT, CompletedTrick, DealState
from tarot.errors import IllegalAction
from tarot.i18n import N_

fire = phases.fire


def check_deal(state: DealState, deal: Deal) -> None:
    """Refuse a deal event that does not fit this point of the game or the rules."""
    if state.phase != phases.DEAL:
        raise IllegalAction("wrong_phase",
                            N_("a deal comes only at the start or after a redeal"))
    if deal.deal_number != state.deal_number or deal.dealer != state.dealer:
        raise IllegalAction(
            "invalid_deal",
            N_("expected deal number {expected} dealt by P{dealer}, got deal number {number} "
               "dealt by P{logged}"),
            fields={"expected": state.deal_number, "dealer": state.dealer,
                    "number": deal.deal_number, "logged": deal.dealer})
    sizes = [len(h) for h in deal.hands] + [len(deal.chien)]
    expected = [state.rules.deal.hand_size] * state.seats + [state.rules.deal.chien_size]
    if sizes != expected:
        raise IllegalAction("invalid_deal",
                            N_("hands and chien hold {sizes} cards; the rules deal {expected}"),
                            fields={"sizes": str(sizes), "expected": str(expected)})
    unknown = [c for h in (*deal.hands, deal.chien) for c in h if c not in CARD_BY_CODE]
    if unknown:
        raise IllegalAction("invalid_deal", N_("{card} is not a card code"),
                            fields={"card": repr(unknown[0])})
    union = 0
    for part in (*deal.hands, deal.chien):
        union |= mask_of_codes(part)
    if union != FULL_DECK_MASK:
        raise IllegalAction(
            "invalid_deal", N_("the deal must hold each of the {count} cards once; missing: "
                               "{missing}"),
            fields={"count": DECK_SIZE,
                    "missing": " ".join(codes_of_mask(FULL_DECK_MASK & ~union))})


def _apply_deal(state: DealState, event: Deal) -> None:
    state.deal_number = event.deal_number
    state.dealer = event.dealer
    state.hands = [mask_of_codes(h) for h in event.hands]
    state.chien = mask_of_codes(event.chien)
    state.bids = []
    state.best_bid = -1
    state.taker = NO_SEAT
    state.contract = -1
    state.chien_taken = False
    state.called = -1
    state.partner = NO_SEAT
    state.revealed = False
    state.discard = 0
    state.chelem_declared = False
    state.poignees = []
    state.tricks = []
    state.trick = []
    state.trick_best = -1
    state.leader = NO_SEAT
    state.played = 0
    state.settlement = None
    state.legal_cache = -1
    state.attack_pile = state.excuse_moved = state.attack_tricks = state.taken = 0
    fire(state, "dealt")
    state.turn = (event.dealer + 1) % state.seats if state.phase == phases.AUCTION else NO_SEAT


def _apply_bid(state: DealState, event: Bid) -> None:
    index = None if event.contract is None else state.rules.contract_index[event.contract]
    state.bids.append(index)
    if index is not None:
        state.best_bid = index
        state.taker = event.seat
    seats = state.seats
    if len(state.bids) < seats:
        state.turn = (event.seat + 1) % seats
        return
    state.contract = state.best_bid
    if state.call_due:  # five players: the taker calls a card before the chien (V5-2)
        state.turn = state.taker
        return
    fire(state, "auction_closed")
    state.turn = state.taker if state.phase != phases.REDEAL else NO_SEAT


def _apply_call(state: DealState, event: Call) -> None:
    card = CARD_BY_CODE[event.card]
    state.called = card
    # The holder of the called card is the partner; the taker is alone when it is his own
    # or in the chien (V5-4, V5-5).
    state.partner = next((seat for seat, hand in enumerate(state.hands)
                          if seat != state.taker and hand >> card & 1), NO_SEAT)
    fire(state, "auction_closed")
    state.turn = state.taker


def _apply_chien_shown(state: DealState, event: ChienShown) -> None:
    state.hands[state.taker] |= state.chien
    state.chien_taken = True


def _apply_discard(state: DealState, event: Discard) -> None:
    mask = mask_of_codes(event.cards)
    state.hands[event.seat] &= ~mask
    state.discard = mask
    fire(state, "discarded")


def _apply_chelem(state: DealState, event: Chelem) -> None:
    state.chelem_declared = event.declared
    fire(state, "declared")
    # A declared chelem makes the taker lead (R14); otherwise the dealer's right leads.
    state.leader = state.taker if event.declared else (state.dealer + 1) % state.seats
    state.turn = state.leader


def _apply_poignee(state: DealState, event: Poignee) -> None:
    state.poignees.append((event.seat, mask_of_codes(event.cards)))


def _apply_play(state: DealState, event: Play) -> None:
    play_card(state, event.seat, CARD_BY_CODE[event.card])


def play_card(state: DealState, seat: int, card: int) -> None:
    """Apply a card play (the Play event's effect), the card as an int."""
    bit = 1 << card
    state.hands[seat] &= ~bit
    state.played |= bit
    trick = state.trick
    best = state.trick_best
    if BEATERS[trick[best] if best >= 0 else -1] >> card & 1:  # the winner, kept as it comes
        state.trick_best = len(trick)
    trick.append(card)
    state.legal_cache = -1
    seats = state.rules.players
    state.turn = (seat + 1) % seats if len(trick) < seats else NO_SEAT


def _apply_partner_revealed(state: DealState, event: PartnerRevealed) -> None:
    state.revealed = True


def _apply_trick(state: DealState, event: TrickTaken) -> None:
    trick, leader, winner = state.trick, state.leader, event.winner
    exception = won_by_led_excuse(trick, leader, winner)
    done = len(state.tricks)
    if state.taken == done:  # the running totals hold: this trick added to them
        table = state.rules.table
        attack = state.attack
        last = done == table.hand_size - 1
        to_attack, moved = take_trick(table, trick, leader, winner, attack, last,
                                      last and exception, state.attack_tricks,
                                      done - state.attack_tricks)
        state.attack_pile |= to_attack
        state.excuse_moved += moved
        state.attack_tricks += attack >> winner & 1
        state.taken = done + 1
    state.tricks.append(CompletedTrick(leader, tuple(trick), winner, exception))
    state.trick = []
    state.trick_best = -1
    state.leader = event.winner
    state.legal_cache = -1
    if len(state.tricks) == state.rules.deal.hand_size:
        fire(state, "tricks_done")
        state.turn = NO_SEAT
    else:
        state.turn = event.winner


def _apply_redeal(state: DealState, event: Redeal) -> None:
    fire(state, "redealt")
    state.dealer = event.next_dealer
    state.deal_number += 1
    state.turn = NO_SEAT


def _apply_settlement(state: DealState, event: Settlement) -> None:
    state.settlement = event
    fire(state, "settled")


APPLY: dict[type, Callable[[DealState, Any], None]] = {
    Deal: _apply_deal,
    Bid: _apply_bid,
    Call: _apply_call,
    ChienShown: _apply_chien_shown,
    Discard: _apply_discard,
    Chelem: _apply_chelem,
    Poignee: _apply_poignee,
    Play: _apply_play,
    PartnerRevealed: _apply_partner_revealed,
    TrickTaken: _apply_trick,
    Redeal: _apply_redeal,
    Settlement: _apply_settlement,
}


def apply(state: DealState, event: Event) -> None:
    """Apply an event already known to be legal (checked by tarot.engine.legal or next_derived)."""
    APPLY[type(event)](state, event)


# The derived event each phase calls for, or None while a decision is awaited: one
# function per phase, which ``tarot.engine.phase_table`` holds in its spec of the phase
# (its ``next_derived`` is the one to call).


def reveal_pending(state: DealState) -> bool:
    """The called card is played and its reveal not yet applied (five players, V5-4)."""
    return state.called >= 0 and not state.revealed and bool(state.played >> state.called & 1)


def trick_taken_due(state: DealState) -> PartnerRevealed | TrickTaken | None:
    """The partner revealed, right after the called card is played (five players, V5-4);
    else a trick of a card a seat is taken, by its winner (or by the Excuse led, A5)."""
    if state.called >= 0 and reveal_pending(state):
        return _revealed(state, len(state.tricks) + 1)
    seats = state.rules.players
    if len(state.trick) < seats:
        return None
    trick = state.trick
    exception = trick[0] == EXCUSE and excuse_exception_applies(state)
    index = 0 if exception else state.trick_best
    return TrickTaken(
        number=len(state.tricks) + 1,
        leader=state.leader,
        cards=tuple([CODES[card] for card in trick]),  # type: ignore[arg-type]
        winner=(state.leader + index) % seats,
    )


def _revealed(state: DealState, trick: int) -> PartnerRevealed:
    return PartnerRevealed(trick=trick, seat=None if state.partner == NO_SEAT else state.partner)


def chien_shown_due(state: DealState) -> ChienShown | PartnerRevealed | None:
    """The chien is shown to all before the taker takes it (R6); at five players, when it
    holds the called card, the taker is then known to play alone (V5-5, V5-6)."""
    if state.chien_taken:
        if state.called >= 0 and not state.revealed and state.chien >> state.called & 1:
            return _revealed(state, 0)
        return None
    return ChienShown(taker=state.taker, cards=codes_of_mask(state.chien))


def settlement_due(state: DealState) -> Settlement:
    """The deal is scored."""
    return settle(state)


def redeal_due(state: DealState) -> Redeal:
    """The deal is void: a petit sec before the auction, or every seat passed."""
    seat = petit_sec_seat(tuple(state.hands)) if not state.bids else None
    return Redeal(
        reason="petit_sec" if seat is not None else "all_passed",
        seat=seat,
        next_dealer=(state.dealer + 1) % state.seats,
    )


def nothing_due(state: DealState) -> None:
    """A phase that calls for no derived event (a decision, or the next deal, is awaited)."""
    return None
