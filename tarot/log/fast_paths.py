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

_DECISION_TAILS: dict[tuple[int, tuple[str, ...]], dict[str, Event]] = {}


def decision_tails(rules: RuleSet) -> dict[str, Event]:
    """Every card play, bid and chelem call of the seats at the table of ``rules`` (three,
    four or five), by its line after the seq. A call (five players, once a deal) is not
    among them: it is rare enough to go through the parse."""
    seats = rules.players
    contracts = tuple(contract.id for contract in rules.contracts)
    tails = _DECISION_TAILS.get((seats, contracts))
    if tails is None:
        # Only the table's seats: a play by a seat the table does not have is parsed, and
        # refused by the rules as any other line.
        tails = {PLAY_TAILS[id(play)]: play for seat in PLAY_ACTIONS[:seats] for play in seat}
        small: list[Bid | Chelem] = [Bid(seat=seat, contract=contract)  # type: ignore[arg-type]
                                     for seat in range(seats)
                                     for contract in (None, *contracts)]
        small += [Chelem(seat=seat, declared=declared)  # type: ignore[arg-type]
                  for seat in range(seats) for declared in (False, True)]
        for event in small:
            tails[event_tail(event)] = event
        tails = _DECISION_TAILS[(seats, contracts)] = tails
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
