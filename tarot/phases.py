"""The phase machine of a deal, built once with ``transitions``.

One module-level ``Machine`` that is never told about individual games
(``model=None``): a DealState is fired through it with :func:`fire`, so making
or cloning a game costs nothing here. The machine covers phases, not cards:
the legality of a bid or a card is plain functions in ``tarot.legal``.
Conditions only choose between destinations; an impossible trigger raises
``MachineError`` (a bug, never a player's mistake, which ``tarot.legal``
refuses before anything is applied).
"""

from __future__ import annotations

from typing import Any

from transitions import Machine

from tarot.deal import petit_sec_seat

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
_EVENTS = MACHINE.events


def fire(state: Any, trigger: str) -> None:
    """Move ``state`` (anything with a ``phase`` attribute) along one transition."""
    _EVENTS[trigger].trigger(state)


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
