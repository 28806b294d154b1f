"""The legal actions of each phase that takes decisions, enumerated for the seat to act (the
checks of an action are :mod:`tarot.engine.legal`'s)."""

from __future__ import annotations

from tarot.engine.cards import (
    CODES,
    card_list,
    cards_in,
    codes_of_mask,
    mask_of,
    rank_of,
)
from tarot.engine.events import Action, Bid, Call, Chelem, Discard, Poignee
from tarot.engine.legal import (
    PLAY_ACTIONS,
    biddable_contracts,
    callable_cards,
    discard_options,
    legal_cards,
    poignee_options,
    poignee_window_open,
)
from tarot.engine.state import DealState

# One function per phase that takes decisions, each the legal actions of the seat to act
# (``state.turn``, a seat: ``tarot.engine.phase_table.legal_actions`` makes sure). The
# discard and the cards of a poignée are choices of k among n; listing them all would
# cost thousands of actions. For the discard, the list holds the cheapest legal discard;
# for each poignée level, the canonical subset of :func:`poignee_options`. ``check``
# accepts every legal discard and subset; :func:`discard_options` and
# :func:`poignee_options` describe them all.


def auction_actions(state: DealState) -> list[Action]:
    """A pass, and a bid of each contract above the highest bid so far; once the auction
    is over at five players, each card the taker may call (V5-2, V5-3)."""
    seat = state.turn
    if state.call_due:
        return [Call(seat=seat, card=CODES[card])
                for card in cards_in(callable_cards(state))]
    bids: list[Action] = [Bid(seat=seat, contract=None)]
    return bids + [Bid(seat=seat, contract=state.rules.contracts[i].id)
                   for i in biddable_contracts(state)]


def chien_actions(state: DealState) -> list[Action]:
    """The cheapest legal discard, standing for them all."""
    return [Discard(seat=state.turn, cards=codes_of_mask(cheapest_discard(state)))]


def declaration_actions(state: DealState) -> list[Action]:
    """No chelem, or a chelem declared."""
    seat = state.turn
    return [Chelem(seat=seat, declared=False), Chelem(seat=seat, declared=True)]


def trick_actions(state: DealState) -> list[Action]:
    """The poignées the seat may show now (one per level), then its legal cards."""
    seat = state.turn
    actions: list[Action] = []
    if poignee_window_open(state, seat):
        actions += [Poignee(seat=seat, cards=codes_of_mask(shown))
                    for _, _, shown in poignee_options(state, seat)]
    plays = PLAY_ACTIONS[seat]
    actions += [plays[c] for c in cards_in(legal_cards(state))]
    return actions


def cheapest_discard(state: DealState) -> int:
    """A legal discard: the lowest ordinary cards, then the lowest allowed trumps."""
    options = discard_options(state)
    points = state.rules.points_table
    ordinary = sorted(cards_in(options.ordinary), key=lambda c: (points[c], rank_of(c)))
    trumps = card_list(options.trumps)
    chosen = ordinary[: options.size - options.trumps_required] + trumps[: options.trumps_required]
    return mask_of(chosen)
