"""The phase machine (tarot.engine.phases) and its use by the Game.

The expected machine is written out here by hand, from the rule book 3.2 and
docs/python-api.md "The phases of a deal", not read back from ``TRANSITIONS``: every allowed
(trigger, source) pair must go where this table says, and every other pair
must raise ``MachineError`` and leave the phase alone.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field, fields
from typing import Any

import pytest
from helpers import play_out
from transitions.core import MachineError

from tarot.engine import phases
from tarot.engine.cards import PETIT, TRUMP_BASE, mask_of
from tarot.engine.events import Action, Bid, Chelem, Discard, Play, Poignee
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet
from tarot.engine.state import DealState
from tarot.errors import IllegalAction

RULES = load_rules("standard")

ALL_PHASES = ("deal", "auction", "chien", "declarations", "tricks", "settlement", "done",
              "redeal")
ALL_TRIGGERS = ("dealt", "auction_closed", "discarded", "declared", "tricks_done", "settled",
                "redealt")

# Four hands without a petit sec, and the same with P1 holding T1 as its only trump.
_NORMAL_HANDS = (mask_of(range(0, 18)), mask_of(range(18, 36)), mask_of(range(36, 54)),
                 mask_of(range(54, 72)))  # P3 holds T1 and other trumps
_T = [TRUMP_BASE + n for n in range(1, 22)]
_PETIT_SEC_HANDS = (mask_of(range(0, 18)), mask_of([*range(18, 35), PETIT]),
                    mask_of(range(35, 53)), mask_of([53, *_T[1:18]]))


@dataclass
class Model:
    """The least a state needs for the machine: a phase and what the conditions read."""

    phase: str
    hands: tuple[int, ...] = _NORMAL_HANDS
    best_bid: int = -1
    rules: RuleSet = field(default=RULES)


# (trigger, source, what the conditions see, expected destination)
EXPECTED: list[tuple[str, str, dict[str, Any], str]] = [
    ("dealt", "deal", {"hands": _PETIT_SEC_HANDS}, "redeal"),
    ("dealt", "deal", {"hands": _NORMAL_HANDS}, "auction"),
    ("auction_closed", "auction", {"best_bid": -1}, "redeal"),
    ("auction_closed", "auction", {"best_bid": 0}, "chien"),  # Prise: chien shown
    ("auction_closed", "auction", {"best_bid": 1}, "chien"),  # Garde: chien shown
    ("auction_closed", "auction", {"best_bid": 2}, "declarations"),  # Garde sans
    ("auction_closed", "auction", {"best_bid": 3}, "declarations"),  # Garde contre
    ("discarded", "chien", {}, "declarations"),
    ("declared", "declarations", {}, "tricks"),
    ("tricks_done", "tricks", {}, "settlement"),
    ("settled", "settlement", {}, "done"),
    ("redealt", "redeal", {}, "deal"),
]
ALLOWED = {(trigger, source) for trigger, source, _, _ in EXPECTED}


def test_the_fixture_hands_are_what_they_claim() -> None:
    from tarot.engine.deal import petit_sec_seat

    assert petit_sec_seat(_NORMAL_HANDS) is None
    assert petit_sec_seat(_PETIT_SEC_HANDS) == 1
    for hands in (_NORMAL_HANDS, _PETIT_SEC_HANDS):
        assert [h.bit_count() for h in hands] == [18, 18, 18, 18]
        assert (hands[0] | hands[1] | hands[2] | hands[3]).bit_count() == 72


def test_phases_and_triggers_are_the_expected_ones() -> None:
    assert tuple(phases.PHASES) == ALL_PHASES
    assert set(phases.MACHINE.states) == set(ALL_PHASES)
    assert set(phases.MACHINE.events) == set(ALL_TRIGGERS)
    pairs = {(t["trigger"], t["source"]) for t in phases.TRANSITIONS}
    assert pairs == ALLOWED


@pytest.mark.parametrize(("trigger", "source", "fields_", "dest"), EXPECTED,
                         ids=[f"{t}-{s}-{d}-{i}" for i, (t, s, _, d) in enumerate(EXPECTED)])
def test_each_allowed_transition(trigger: str, source: str, fields_: dict[str, Any],
                                 dest: str) -> None:
    model = Model(phase=source, **fields_)
    phases.fire(model, trigger)
    assert model.phase == dest


REFUSED = [(t, s) for t in ALL_TRIGGERS for s in ALL_PHASES if (t, s) not in ALLOWED]


def test_the_refused_pairs_are_the_rest() -> None:
    assert len(REFUSED) == len(ALL_TRIGGERS) * len(ALL_PHASES) - len(ALLOWED) == 56 - 7


@pytest.mark.parametrize(("trigger", "source"), REFUSED)
def test_every_other_trigger_is_refused(trigger: str, source: str) -> None:
    for best_bid in (-1, 0, 3):
        model = Model(phase=source, best_bid=best_bid)
        with pytest.raises(MachineError):
            phases.fire(model, trigger)
        assert model.phase == source


def test_there_are_no_auto_transitions() -> None:
    assert phases.MACHINE.auto_transitions is False
    assert phases.MACHINE_OPTIONS["auto_transitions"] is False
    assert not [name for name in phases.MACHINE.events if name.startswith("to_")]
    model = Model(phase="deal")
    for phase in ALL_PHASES:
        with pytest.raises(KeyError):
            phases.fire(model, f"to_{phase}")
    assert model.phase == "deal"
    assert not phases.MACHINE.ignore_invalid_triggers


def test_the_machine_is_not_told_about_games() -> None:
    Game.new(1)
    assert phases.MACHINE.models == []


def test_machine_definition() -> None:
    definition = phases.machine_definition()
    json.dumps(definition)  # plain data
    assert definition["states"] == list(ALL_PHASES)
    assert definition["initial"] == "deal"
    transitions = definition["transitions"]
    assert {(t["trigger"], t["source"]) for t in transitions} == ALLOWED
    by_condition = {tuple(t["conditions"]): (t["trigger"], t["source"], t["dest"])
                    for t in transitions if t["conditions"]}
    assert by_condition == {
        ("petit_sec",): ("dealt", "deal", "redeal"),
        ("all_passed",): ("auction_closed", "auction", "redeal"),
        ("chien_is_shown",): ("auction_closed", "auction", "chien"),
    }
    dests = {(t["trigger"], t["source"], t["dest"]) for t in transitions}
    assert dests == {(t, s, d) for t, s, _, d in EXPECTED}


def test_mermaid_diagram_names_every_phase_and_trigger() -> None:
    text = phases.mermaid_diagram()
    assert "stateDiagram" in text
    for phase in ALL_PHASES:
        assert phase in text
    for trigger in ALL_TRIGGERS:
        assert trigger in text
    for trigger, source, _, dest in EXPECTED:
        assert f"{source} --> {dest}: {trigger}" in text
    assert "to_" not in text


# ---------------------------------------------------------------------------
# Through the Game: an action outside its phase is refused, and nothing changes.


def snapshot(game: Game) -> tuple[list[Any], dict[str, Any]]:
    state = game.state
    return (list(game.events),
            {f.name: copy.deepcopy(getattr(state, f.name)) for f in fields(DealState)
             if f.name not in ("rules", "legal_cache")})


def actions_for(game: Game) -> dict[str, Action]:
    """One action of each kind for the seat to act (or P0), plausible apart from the phase."""
    seat = game.turn if game.turn is not None else 0
    hand = game.hand(seat)
    trumps = [c for c in hand if c.startswith("T")]
    return {
        "bid": Bid(seat=seat, contract="garde_contre"),
        "discard": Discard(seat=seat, cards=tuple(hand[:6])),
        "chelem": Chelem(seat=seat, declared=True),
        "poignee": Poignee(seat=seat, cards=tuple(trumps[:10])),
        "play": Play(seat=seat, card=hand[0] if hand else "KH"),
    }


PHASE_OF_KIND = {"bid": "auction", "discard": "chien", "chelem": "declarations",
                 "poignee": "tricks", "play": "tricks"}


def games_in_every_phase() -> dict[str, Game]:
    game = Game.new(11)
    found: dict[str, Game] = {"auction": game.clone()}
    game.play(Bid(seat=0, contract="prise"))
    for seat in (1, 2, 3):
        game.play(Bid(seat=seat, contract=None))
    found["chien"] = game.clone()
    game.play(game.legal_actions()[0])
    found["declarations"] = game.clone()
    game.play(Chelem(seat=0, declared=False))
    found["tricks"] = game.clone()
    while not game.is_over:
        game.play(Play(seat=game.turn, card=game.legal_cards()[0]))  # type: ignore[arg-type]
    found["done"] = game
    # The transient phases, where Game.play never waits but Game.record can stop:
    # a fresh game before its deal, a void deal before its redeal, a deal before its score.
    found["deal"] = Game(game.header, game.rules)
    passes = Game.new(5)
    for seat in range(4):
        passes.play(Bid(seat=seat, contract=None))
    found["redeal"] = Game(passes.header, passes.rules)
    for event in passes.events[:5]:  # the deal and four passes, not the redeal
        found["redeal"].record(event)
    found["settlement"] = Game(game.header, game.rules)
    for event in game.events[:-1]:
        found["settlement"].record(event)
    return found


GAMES = games_in_every_phase()


def test_the_games_are_in_the_phases_they_claim() -> None:
    for phase, game in GAMES.items():
        assert game.phase == phase


OUT_OF_PHASE = [(phase, kind) for phase in sorted(GAMES) for kind in sorted(PHASE_OF_KIND)
                if PHASE_OF_KIND[kind] != phase]


@pytest.mark.parametrize(("phase", "kind"), OUT_OF_PHASE)
def test_an_action_outside_its_phase_is_refused(phase: str, kind: str) -> None:
    game = GAMES[phase].clone()
    before = snapshot(game)
    action = actions_for(game)[kind]
    with pytest.raises(IllegalAction) as raised:
        game.play(action)
    assert raised.value.code == "wrong_phase"
    assert f"P{action.seat}" in raised.value.message
    assert snapshot(game) == before


@pytest.mark.parametrize("kind", sorted(PHASE_OF_KIND))
def test_every_action_is_refused_once_the_deal_is_over(kind: str) -> None:
    game = GAMES["done"].clone()
    for seat in range(4):
        action = actions_for(game)[kind]
        action = type(action)(**{**{f.name: getattr(action, f.name) for f in fields(action)},
                                 "seat": seat})
        with pytest.raises(IllegalAction) as raised:
            game.play(action)
        assert raised.value.code == "wrong_phase"
    assert game.legal_actions() == []
    assert game.turn is None


def test_the_game_walks_the_machine_in_order() -> None:
    """A played deal visits deal → auction → chien → declarations → tricks → settlement → done."""
    game = Game.new(11)
    seen = [game.phase]
    while not game.is_over:
        action = game.legal_actions()[0 if game.phase != "auction" or game.turn else 1]
        game.play(action)
        if game.phase != seen[-1]:
            seen.append(game.phase)
    assert seen == ["auction", "chien", "declarations", "tricks", "done"]
    # The settlement phase is passed through by a derived event, never waited in.
    assert game.events[-1].type == "settlement"


def test_a_redeal_goes_back_to_the_deal_phase() -> None:
    game = Game.new(3)
    for seat in range(4):
        game.play(Bid(seat=seat, contract=None))
    types = [e.type for e in game.events]
    assert types[:7] == ["deal", "bid", "bid", "bid", "bid", "redeal", "deal"]
    assert game.phase == "auction" and game.state.deal_number == 1
    assert game.state.dealer == 0 and game.turn == 1  # B01


def test_every_phase_change_the_engine_makes_is_the_machines(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``phases.fire`` reads a table taken from the machine; over random deals (redeals,
    every contract, all the way to the settlement) each of its phase changes is the one
    ``transitions`` itself makes when the same trigger is fired through the machine, and
    every transition of the machine is taken."""
    import random
    import types

    from tarot.engine import evolve

    taken: set[tuple[str, str, str]] = set()

    def through_both(state: Any, trigger: str) -> None:
        before = state.phase
        shadow = types.SimpleNamespace(phase=before, hands=list(state.hands),
                                       best_bid=state.best_bid, rules=state.rules)
        phases.MACHINE.events[trigger].trigger(shadow)
        phases.fire(state, trigger)
        assert state.phase == shadow.phase, (trigger, before)
        taken.add((trigger, before, state.phase))

    monkeypatch.setattr(evolve, "fire", through_both)
    rng = random.Random(11)
    for seed in range(300):
        game = Game.new(seed)
        if seed % 10 == 0:  # four passes: random bids rarely all pass
            for _ in range(4):
                game.play(Bid(seat=game.turn, contract=None))  # type: ignore[arg-type]
        play_out(game, rng)
    assert taken == {(t["trigger"], t["source"], t["dest"]) for t in phases.TRANSITIONS}
