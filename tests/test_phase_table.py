"""The phase table (tarot.engine.phase_table): one spec a phase, agreeing with the phase
machine, and what check, legal_actions and next_derived make of it over random deals."""

from __future__ import annotations

import random
import typing

import pytest

from tarot.bots.random_player import random_action
from tarot.engine import phases
from tarot.engine.events import DERIVED_TYPES, Action, Bid, Call, Chelem, Discard, Play, Poignee
from tarot.engine.evolve import apply, nothing_due
from tarot.engine.game import Game
from tarot.engine.legal import no_actions
from tarot.engine.phase_table import (
    PHASE_OF_ACTION,
    PHASE_SPECS,
    check,
    legal_actions,
    next_derived,
    phase_spec,
)
from tarot.engine.state import DealState
from tarot.errors import IllegalAction

# An action of each kind, for the seat to act: only its type and seat matter to the gate.
SAMPLES: dict[type, typing.Callable[[int], Action]] = {
    Bid: lambda seat: Bid(seat=seat, contract=None),
    Discard: lambda seat: Discard(seat=seat, cards=("2S",) * 6),
    Chelem: lambda seat: Chelem(seat=seat, declared=False),
    Poignee: lambda seat: Poignee(seat=seat, cards=("T2",) * 10),
    Play: lambda seat: Play(seat=seat, card="2S"),
}


def test_the_table_names_the_machines_phases_in_its_order() -> None:
    assert tuple(spec.name for spec in PHASE_SPECS) == phases.PHASES
    assert set(phases.MACHINE.states) == {spec.name for spec in PHASE_SPECS}


def test_each_action_type_is_taken_by_exactly_one_phase() -> None:
    taken = [kind for spec in PHASE_SPECS for kind in spec.actions]
    assert sorted(t.__name__ for t in taken) == \
        sorted(t.__name__ for t in typing.get_args(Action))
    # The call (five players) ends the auction, so the four-player phase machine stands.
    assert dict(PHASE_OF_ACTION) == {Bid: phases.AUCTION, Call: phases.AUCTION,
                                     Discard: phases.CHIEN,
                                     Chelem: phases.DECLARATIONS, Poignee: phases.TRICKS,
                                     Play: phases.TRICKS}


def test_a_phase_without_actions_lists_none_and_one_without_derived_events_gives_none() -> None:
    for spec in PHASE_SPECS:
        assert (spec.legal_actions is no_actions) == (not spec.takes), spec.name
    assert {s.name for s in PHASE_SPECS if s.derived is not nothing_due} == {
        phases.CHIEN, phases.TRICKS, phases.SETTLEMENT, phases.REDEAL}


def test_phase_spec_of_an_unknown_phase_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        phase_spec("lunch")


@pytest.mark.parametrize("rules", ["standard", "standard-3", "standard-5"])
@pytest.mark.parametrize("seed", range(40))
def test_over_random_deals_the_engine_does_what_the_table_says(seed: int, rules: str) -> None:
    """At every decision of a deal: each legal action is of a kind the phase takes; an
    action of a kind it does not take is refused as in the wrong phase, in the words
    of both specs. Replayed event by event: each derived event is the one due, in a
    phase whose spec gives one, and nothing is due before a decision or a deal."""
    rng = random.Random(seed)
    game = Game.new(seed, rules=rules)
    while not game.is_over:
        state = game.state
        spec = phase_spec(state.phase)
        assert next_derived(state) is None  # Game.play applies them all
        actions = legal_actions(state)
        assert actions and all(spec.takes_action(a) for a in actions)
        for kind, make in SAMPLES.items():
            if kind in spec.actions:
                continue
            with pytest.raises(IllegalAction) as refusal:
                check(state, make(state.turn))
            words = dict(phase_spec(PHASE_OF_ACTION[kind]).takes)[kind]
            if state.call_due:  # five players, the auction over: the call comes first
                assert refusal.value.code == "call_due"
                assert f"cannot {words} now: the auction is over" in refusal.value.message
                continue
            assert refusal.value.code == "wrong_phase"
            assert f"cannot {words} now: {spec.words}" in refusal.value.message
        game.play(random_action(state, rng))
    assert legal_actions(game.state) == []
    replayed = DealState(rules=game.rules, dealer=game.header.first_dealer)
    for event in game.events:
        due = next_derived(replayed)
        if isinstance(event, DERIVED_TYPES):
            assert due == event
            assert phase_spec(replayed.phase).derived is not nothing_due
        else:
            assert due is None, event
        apply(replayed, event)
