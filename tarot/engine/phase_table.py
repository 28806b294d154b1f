"""What each phase of a deal is, in one table: one :class:`PhaseSpec` a phase.

A spec says which actions the phase takes (and the words that name each in a
refusal), the words that say what is going on in it (for the refusal of an action
another phase takes), which function lists its legal actions, and which function
gives the derived event it calls for. :func:`check`, :func:`legal_actions` and
:func:`next_derived` read it; so do the named deals' scripts
(``tarot.storage.named_deals``), through :func:`phase_spec`.

The phase machine (``tarot.engine.phases``) stays the authority on phase changes:
this table says what a phase is, never which phase comes next. It lives apart from
the machine because the functions it holds (``tarot.engine.legal``,
``tarot.engine.evolve``) read the machine's phase names and fire its triggers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tarot.engine import phases
from tarot.engine.events import Action, Bid, Call, Chelem, Discard, Event, Play, Poignee
from tarot.engine.evolve import (
    chien_shown_due,
    nothing_due,
    redeal_due,
    settlement_due,
    trick_taken_due,
)
from tarot.engine.legal import (
    action_words,
    call_not_due,
    check_action,
    legal_card_played,
    no_actions,
)
from tarot.engine.legal_actions import (
    auction_actions,
    chien_actions,
    declaration_actions,
    trick_actions,
)
from tarot.engine.state import NO_SEAT, DealState
from tarot.errors import IllegalAction
from tarot.i18n import N_, _, pgettext
from tarot.said import Said

LegalActions = Callable[[DealState], list[Action]]
DerivedEvent = Callable[[DealState], Event | None]


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    """One phase: its name for a person, what it takes, how a refusal names it, what is
    legal, what follows."""

    name: str  # the machine's name of the phase (``phases.TRICKS``, ...)
    # Its name for a person, in the current language ("jeu de la carte" for tricks): a
    # function, since the language is chosen after this table is built.
    label: Callable[[], str]
    takes: tuple[tuple[type[Action], str], ...]  # each action type, and its words: "bid"
    words: str  # what is going on, for a refusal: "the auction is on" (English: _() it)
    legal_actions: LegalActions  # the legal actions of the seat to act
    derived: DerivedEvent  # the derived event the rules call for now, or None

    @property
    def actions(self) -> tuple[type[Action], ...]:
        return tuple(kind for kind, _ in self.takes)

    def takes_action(self, action: Action) -> bool:
        """Whether ``action`` is of a kind this phase takes (whoever's turn it is)."""
        return any(type(action) is kind for kind, _ in self.takes)


PHASE_SPECS: tuple[PhaseSpec, ...] = (
    PhaseSpec(phases.DEAL, lambda: pgettext("game phase", "deal"),
              (), N_("the cards are being dealt"), no_actions, nothing_due),
    # At five players the taker calls a card once every seat has spoken (V5-2): the call
    # ends the auction, so that the phase machine is the four-player one.
    PhaseSpec(phases.AUCTION, lambda: pgettext("game phase", "auction"),
              ((Bid, "bid"), (Call, "call a card")), N_("the auction is on"),
              auction_actions, nothing_due),
    PhaseSpec(phases.CHIEN, lambda: pgettext("game phase", "chien"),
              ((Discard, "discard"),), N_("the taker is discarding"),
              chien_actions, chien_shown_due),
    PhaseSpec(phases.DECLARATIONS, lambda: pgettext("game phase", "declarations"),
              ((Chelem, "declare a chelem"),),
              N_("the taker is deciding on a chelem"), declaration_actions, nothing_due),
    PhaseSpec(phases.TRICKS, lambda: pgettext("game phase", "tricks"),
              ((Poignee, "show a poignée"), (Play, "play a card")),
              N_("the cards are being played"), trick_actions, trick_taken_due),
    PhaseSpec(phases.SETTLEMENT, lambda: pgettext("game phase", "settlement"),
              (), N_("the deal is being scored"), no_actions,
              settlement_due),
    PhaseSpec(phases.DONE, lambda: pgettext("game phase", "done"),
              (), N_("the deal is over"), no_actions, nothing_due),
    PhaseSpec(phases.REDEAL, lambda: pgettext("game phase", "redeal"),
              (), N_("the deal is void and about to be redealt"),
              no_actions, redeal_due),
)

# The table and the machine name the same phases, in the same order.
assert tuple(spec.name for spec in PHASE_SPECS) == phases.PHASES

SPEC_OF_PHASE: dict[str, PhaseSpec] = {spec.name: spec for spec in PHASE_SPECS}

# Views of the table, for the readers below (and callers that want one fact alone).
PHASE_OF_ACTION: dict[type[Action], str] = {
    kind: spec.name for spec in PHASE_SPECS for kind, _ in spec.takes}
ACTION_WORDS: dict[type[Action], str] = {
    kind: words for spec in PHASE_SPECS for kind, words in spec.takes}
# Bound once: each of these is read on every decision and every event.
_LEGAL_ACTIONS: dict[str, LegalActions] = {s.name: s.legal_actions for s in PHASE_SPECS}
_DERIVED: dict[str, DerivedEvent] = {s.name: s.derived for s in PHASE_SPECS}


def phase_spec(phase: str) -> PhaseSpec:
    """The spec of a phase, by its name (KeyError for a name the machine does not have)."""
    return SPEC_OF_PHASE[phase]


def phase_said(phase: str) -> Said:
    """A phase of the game (``tricks``), for a person: its id in English (as the log and
    ``--json`` name it), its label in the person's language as :attr:`Said.shown`."""
    spec = SPEC_OF_PHASE.get(phase)
    return Said.pair(phase, spec.label() if spec is not None else phase)


def legal_actions(state: DealState) -> list[Action]:
    """Every legal action of the seat to act, with two choices given by a representative
    (the cheapest discard, one canonical poignée a level: see ``tarot.engine.legal``)."""
    if state.turn == NO_SEAT:
        return []
    return _LEGAL_ACTIONS[state.phase](state)


def next_derived(state: DealState) -> Event | None:
    """The derived event the rules call for now, or None when a decision is awaited."""
    return _DERIVED[state.phase](state)


def check(state: DealState, action: Action) -> int:
    """Refuse an illegal action; for a legal one return its cards as a mask (0 if none)."""
    card = legal_card_played(state, action)
    if card >= 0:
        return 1 << card
    if state.phase != PHASE_OF_ACTION.get(type(action)) or action.seat != state.turn:
        _refuse_out_of_turn(state, action)
    return check_action(state, action)


def _refuse_out_of_turn(state: DealState, action: Action) -> None:
    kind = type(action)
    if kind not in PHASE_OF_ACTION:
        raise TypeError(f"{action!r} is not an action (Bid, Call, Discard, Chelem, Poignee, "
                        "Play)")
    seat = action.seat
    if not 0 <= seat < state.seats:
        if state.seats == 4:
            raise IllegalAction("not_your_turn", N_("{number} is not a seat (P0…P3)"),
                                fields={"number": seat})
        raise IllegalAction("not_your_turn", N_("{number} is not a seat (P0…P{last})"),
                            fields={"number": seat, "last": state.seats - 1})
    if kind is Call and not state.call_due:
        # Whatever the phase: a call where none is due (at three or four players, or a
        # second one at five) is refused as that, call_not_now, the code docs/log-format.md
        # gives it, not as an action of another phase (wrong_phase).
        raise call_not_due(seat)
    if state.call_due and kind is not Call:  # five players: the auction ends with the call
        raise IllegalAction(
            "call_due", N_("{seat} {cannot} {action} now: the auction is over, and the "
                           "taker, {taker}, calls a card first (V5-2)"), seat=seat,
            others={"taker": state.taker}, fields={"action": lambda: action_words(kind)})
    if state.phase != PHASE_OF_ACTION[kind]:
        words = SPEC_OF_PHASE[state.phase].words
        raise IllegalAction(
            "wrong_phase", N_("{seat} {cannot} {action} now: {words}"), seat=seat,
            fields={"action": lambda: action_words(kind), "words": lambda: _(words)})
    if kind is Chelem and seat != state.taker:
        raise IllegalAction("chelem_taker_only",
                            N_("{seat} {cannot} declare a chelem: only the taker, {taker}, may "
                               "(R10)"), seat=seat, rule="R10", others={"taker": state.taker})
    raise IllegalAction("not_your_turn", N_("{seat} {cannot} act now: it is {turn}'s turn"),
                        seat=seat, others={"turn": state.turn})
