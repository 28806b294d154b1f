"""The phase machine of a deal, built once with ``transitions``.

One module-level ``Machine`` that is never told about individual games
(``model=None``). The machine covers phases, not cards: the legality of a bid
or a card is plain functions in ``tarot.engine.legal``. Conditions only choose between
destinations; an impossible trigger raises ``MachineError`` (a bug, never a
player's mistake, which ``tarot.engine.legal`` refuses before anything is applied).

:func:`fire` moves a DealState along the machine's transitions through a table
read from the built machine at import (its events, sources, destinations and
condition functions), not through ``transitions``' trigger machinery: that costs
about 27 µs a trigger, a tenth of a whole random deal, where a table lookup
costs well under one. The machine stays the authority: the table is its own
definition, nothing is written twice, and ``tests/test_phases.py`` checks over
random deals that every phase change :func:`fire` makes is the one
``MACHINE.events[trigger].trigger`` makes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from transitions import Machine, MachineError

from tarot.engine.deal import petit_sec_seat

DEAL = "deal"
AUCTION = "auction"
CHIEN = "chien"
DECLARATIONS = "declarations"
TRICKS = "tricks"
SETTLEMENT = "settlement"
DONE = "done"
REDEAL = "redeal"

PHASES = (DEAL, AUCTION, CHIEN, DECLARATIONS, TRICKS, SETTLEMENT, DONE, REDEAL)


def petit_sec(event: Any) -> bool:
    return petit_sec_seat(tuple(event.model.hands)) is not None


def all_passed(event: Any) -> bool:
    return event.model.best_bid < 0


def chien_is_shown(event: Any) -> bool:
    state = event.model
    return state.rules.contracts[state.best_bid].chien == "shown"


TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "dealt", "source": DEAL, "dest": REDEAL, "conditions": [petit_sec]},
    {"trigger": "dealt", "source": DEAL, "dest": AUCTION},
    {"trigger": "auction_closed", "source": AUCTION, "dest": REDEAL, "conditions": [all_passed]},
    {"trigger": "auction_closed", "source": AUCTION, "dest": CHIEN, "conditions": [chien_is_shown]},
    {"trigger": "auction_closed", "source": AUCTION, "dest": DECLARATIONS},
    {"trigger": "discarded", "source": CHIEN, "dest": DECLARATIONS},
    {"trigger": "declared", "source": DECLARATIONS, "dest": TRICKS},
    {"trigger": "tricks_done", "source": TRICKS, "dest": SETTLEMENT},
    {"trigger": "settled", "source": SETTLEMENT, "dest": DONE},
    {"trigger": "redealt", "source": REDEAL, "dest": DEAL},
]

MACHINE_OPTIONS: dict[str, Any] = {
    "states": list(PHASES),
    "transitions": TRANSITIONS,
    "initial": None,
    "auto_transitions": False,
    "model_attribute": "phase",
    "send_event": True,
}

MACHINE = Machine(model=None, **MACHINE_OPTIONS)

Condition = tuple[Callable[[Any], Any], bool]  # a condition function, and the value it needs
Step = tuple[str, tuple[Condition, ...]]  # a destination, and its conditions


def _table_of(machine: Machine) -> dict[str, dict[str, tuple[Step, ...]]]:
    """trigger -> source -> the transitions tried in order, as the machine holds them."""
    table: dict[str, dict[str, tuple[Step, ...]]] = {}
    for name, event in machine.events.items():
        table[name] = {}
        for source, transitions in event.transitions.items():
            steps: list[Step] = []
            for transition in transitions:
                conditions: list[Condition] = []
                for condition in transition.conditions:
                    func = condition.func
                    assert callable(func), f"{name}: a condition by name ({func!r})"
                    conditions.append((func, condition.target))
                assert transition.dest is not None, name  # no internal transitions here
                steps.append((transition.dest, tuple(conditions)))
            # The last way out of each source is unconditional, so a trigger the machine
            # allows from a source always moves (transitions would return False instead).
            assert not steps[-1][1], f"{name} from {source}: every transition is conditional"
            table[name][source] = tuple(steps)
    return table


_TABLE = _table_of(MACHINE)


@dataclass(slots=True)
class _EventData:
    """What a condition is given (``send_event=True``): it reads only the model."""

    model: Any


def fire(state: Any, trigger: str) -> None:
    """Move ``state`` (anything with a ``phase`` attribute) along one of the machine's
    transitions: the first, in the machine's order, whose conditions hold. KeyError
    for a trigger the machine does not have, MachineError for one it refuses here."""
    by_source = _TABLE[trigger]
    steps = by_source.get(state.phase)
    if steps is None:
        raise MachineError(f"Can't trigger event {trigger} from state {state.phase}!")
    event = _EventData(state)
    for dest, conditions in steps:
        for condition, target in conditions:
            if condition(event) != target:  # as transitions compares them
                break
        else:
            state.phase = dest
            return
    raise MachineError(f"no transition of {trigger} from {state.phase} has its conditions met")


def machine_definition() -> dict[str, Any]:
    """The machine as data: states and transitions with their conditions, by name."""
    return {
        "states": list(PHASES),
        "initial": DEAL,
        "transitions": [
            {
                "trigger": t["trigger"],
                "source": t["source"],
                "dest": t["dest"],
                "conditions": [c.__name__ for c in t.get("conditions", [])],
            }
            for t in TRANSITIONS
        ],
    }


def mermaid_diagram() -> str:
    """The phase machine as a Mermaid state diagram (no Graphviz needed)."""
    from transitions.extensions.diagrams import GraphMachine

    class _Model:
        pass

    options = {**MACHINE_OPTIONS, "initial": DEAL}
    model = _Model()
    GraphMachine(model=model, graph_engine="mermaid", show_conditions=True,
                 title="The phases of a deal", **options)
    text = model.get_graph().draw(None)  # type: ignore[attr-defined]
    lines = text.splitlines()
    # transitions writes the title as a bare line between "---" markers, which is not
    # Mermaid front matter; and its styling marks a model's current state, while this
    # is a diagram of the machine. Keep the title properly, drop the styling.
    if lines and lines[0] == "---":
        end = lines.index("---", 1)
        lines = ["---", "title: " + " ".join(lines[1:end]).strip(), "---", *lines[end + 1:]]
    kept = [line for line in lines
            if not line.strip().startswith(("classDef ", "Class ")) and line.strip()]
    return "\n".join(kept) + "\n"
