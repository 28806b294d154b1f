"""The replay's fast paths: a line exactly as the writer writes it, recognised by its bytes.

Most lines of a log are the writer's own bytes: a card, a bid or a chelem call (a
few hundred possible lines after the seq), or the event the rules call for next (a
derived event, a deal from the seed). Such a line is taken without pydantic's parse;
the bytes recognised are the writer's (:mod:`tarot.log.codec`), which are what
pydantic writes and accepts (``tests/test_fast_paths.py`` holds them to each other), and
the event is then checked like any other.
"""

from __future__ import annotations

from tarot.engine import phases
from tarot.engine.events import Bid, Chelem, Event
from tarot.engine.game import Game
from tarot.engine.legal import PLAY_ACTIONS
from tarot.engine.phase_table import next_derived
from tarot.engine.rules import RuleSet
from tarot.log.codec import PLAY_TAILS, event_line, event_tail

# The plays of the four seats a log holds (the engine makes a fifth seat's too, for five
# players, which the log does not hold yet).
_PLAY_BY_TAIL: dict[str, Event] = {PLAY_TAILS[id(play)]: play
                                   for seat in PLAY_ACTIONS[:4] for play in seat}
_DECISION_TAILS: dict[tuple[str, ...], dict[str, Event]] = {}


def decision_tails(rules: RuleSet) -> dict[str, Event]:
    """Every card play, bid and chelem call under ``rules``, by its line after the seq."""
    contracts = tuple(contract.id for contract in rules.contracts)
    tails = _DECISION_TAILS.get(contracts)
    if tails is None:
        tails = dict(_PLAY_BY_TAIL)
        small: list[Bid | Chelem] = [Bid(seat=seat, contract=contract)  # type: ignore[arg-type]
                                     for seat in range(4) for contract in (None, *contracts)]
        small += [Chelem(seat=seat, declared=declared)  # type: ignore[arg-type]
                  for seat in range(4) for declared in (False, True)]
        for event in small:
            tails[event_tail(event)] = event
        tails = _DECISION_TAILS[contracts] = tails
    return tails


def due_as_written(game: Game, seq: int, text: str) -> Event | None:
    """The event due now (a derived event, or the next deal from the seed) when ``text`` is
    exactly the line the writer makes of it; else None."""
    state = game.state
    expected = next_derived(state)
    if expected is None and state.phase == phases.DEAL and game.can_deal_from_seed():
        expected = game.seeded_deal(state.deal_number, state.dealer)
    if expected is not None and event_line(seq, expected) == text:
        return expected
    return None
