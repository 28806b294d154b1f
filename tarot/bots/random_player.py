"""A player that picks uniformly among legal actions: the baseline, and the engine's fuzzer."""

from __future__ import annotations

import random

from tarot import phases
from tarot.cards import card_list, codes_of_mask
from tarot.events import Action, Bid, Discard, Poignee
from tarot.legal import (
    PLAY_ACTIONS,
    discard_options,
    legal_actions,
    legal_cards,
    poignee_options,
)
from tarot.state import DealState


def random_discard(state: DealState, rng: random.Random) -> Discard:
    """A discard drawn uniformly from every legal discard."""
    options = discard_options(state)
    ordinary = rng.sample(card_list(options.ordinary), options.size - options.trumps_required)
    trumps = rng.sample(card_list(options.trumps), options.trumps_required)
    mask = 0
    for card in ordinary + trumps:
        mask |= 1 << card
    return Discard(seat=state.taker, cards=codes_of_mask(mask))


def random_poignee(state: DealState, seat: int, rng: random.Random) -> Poignee | None:
    """One of the levels the seat may show, with a random legal subset, or None."""
    options = poignee_options(state, seat)
    if not options:
        return None
    level, pool, canonical = rng.choice(options)
    if canonical.bit_count() == level.trumps and not canonical & ~pool:
        chosen = rng.sample(card_list(pool), level.trumps)
        mask = 0
        for card in chosen:
            mask |= 1 << card
    else:
        mask = canonical  # the Excuse fills the level: the subset is forced
    return Poignee(seat=seat, cards=codes_of_mask(mask))


def random_action(state: DealState, rng: random.Random, poignee_chance: float = 0.5) -> Action:
    """A random legal action for the seat to act.

    Cards are uniform among the legal ones; a discard is uniform among all legal
    discards; a seat that may show a poignée does so with ``poignee_chance``.
    """
    phase = state.phase
    if phase == phases.TRICKS:
        seat = state.turn
        if (not state.tricks and rng.random() < poignee_chance
                and all(s != seat for s, _ in state.poignees)):
            poignee = random_poignee(state, seat, rng)
            if poignee is not None:
                return poignee
        return PLAY_ACTIONS[seat][random_card(legal_cards(state), rng)]
    if phase == phases.CHIEN:
        return random_discard(state, rng)
    if phase == phases.AUCTION:
        contracts = state.rules.contracts
        choice = state.best_bid + int(rng.random() * (len(contracts) - state.best_bid))
        return Bid(seat=state.turn, contract=None if choice == state.best_bid
                   else contracts[choice].id)
    return rng.choice(legal_actions(state))


def random_card(mask: int, rng: random.Random) -> int:
    """A card drawn uniformly from a non-empty mask, without listing the mask."""
    skip = int(rng.random() * mask.bit_count())
    for _ in range(skip):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
