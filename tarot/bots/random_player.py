"""Random legal play: the baseline player, and the engine's fuzzer.

:class:`RandomPlayer` is a player like the others, deciding from its seat's
view. :func:`random_action` draws from the whole state instead, for the tests
and the benchmark that drive the engine at full speed; it is never a seat's player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tarot.engine import phases
from tarot.engine.cards import card_list, codes, codes_of_mask, mask_of_codes
from tarot.engine.events import Action, Bid, Discard, Poignee
from tarot.engine.legal import (
    PLAY_ACTIONS,
    discard_options,
    discard_options_for,
    legal_cards,
    poignee_options,
)
from tarot.engine.phase_table import legal_actions
from tarot.engine.state import DealState
from tarot.engine.views import PlayerView


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
    if phase == phases.AUCTION and not state.call_due:  # the call (five players): below
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


class RandomPlayer:
    """The random baseline as a player: uniform among the legal actions, from its view only.

    A discard is uniform among every legal discard of its own hand; a poignée
    offered in ``legal`` is shown half the time.
    """

    name = "random"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == phases.CHIEN:
            size = next(len(a.cards) for a in legal if isinstance(a, Discard))
            options = discard_options_for(mask_of_codes(view.hand), size)
            ordinary = rng.sample(card_list(options.ordinary),
                                  options.size - options.trumps_required)
            trumps = rng.sample(card_list(options.trumps), options.trumps_required)
            return Discard(seat=view.seat, cards=codes(sorted(ordinary + trumps)))
        poignees = [a for a in legal if isinstance(a, Poignee)]
        if poignees and rng.random() < 0.5:
            return rng.choice(poignees)
        return rng.choice([a for a in legal if not isinstance(a, Poignee)])


