"""The shape of a seat played at the far end of a link (a friend at another terminal):
every message it is sent is one line of JSON, and carries only what the seat may see.

``{"tell": EVENT}`` for each event, as :func:`tarot.table.seen.seen_by` gives it, and
``{"ask": VIEW, "legal": [ACTION, ...]}`` when it is the seat's turn; the far end answers
an action. An event or an action is written as a log line is (``tarot.log.codec``: the
same schema, ``seq`` numbering the messages), a view as its fields. What carries the
lines (a socket, a pipe) is the :class:`Link`'s business; a remote seat never sees the
game, so nothing it is sent can hold another seat's hidden cards.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any, Protocol

from tarot.engine.events import Action, Event
from tarot.engine.notation import NotationError
from tarot.engine.views import PlayerView
from tarot.i18n import _
from tarot.log.codec import event_from_line, event_line, validate_line
from tarot.table.seats import Decision, TakeBack


class Link(Protocol):
    """Where a remote seat's lines go, and its answers come from."""

    def send(self, line: str) -> None: ...

    def receive(self) -> str: ...


class RemoteSeat:
    """A seat whose decisions come over ``link``."""

    def __init__(self, link: Link) -> None:
        self.link = link
        self.sent = 0  # the messages sent: each event's or action's ``seq``

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        self._send({"ask": view_fields(view), "legal": [self._fields(a) for a in legal]})
        return action_of(self.link.receive())

    def tell(self, event: Event) -> TakeBack | None:
        self._send({"tell": self._fields(event)})
        return None

    def _fields(self, event: Event) -> dict[str, Any]:
        fields: dict[str, Any] = json.loads(event_line(self.sent, event))
        return fields

    def _send(self, message: dict[str, Any]) -> None:
        self.link.send(json.dumps(message, ensure_ascii=False))
        self.sent += 1


def view_fields(view: PlayerView) -> dict[str, Any]:
    """A view as JSON values (tuples as lists, the settlement as its fields)."""
    return dataclasses.asdict(view)


def action_of(line: str) -> Action:
    """The action a far end answered, read as a log line is (its schema checked); the
    loop has the engine check that it is legal."""
    event = event_from_line(validate_line(line))
    if not isinstance(event, Action):
        raise NotationError(_("{kind}: an event the rules derive, not a decision").format(
            kind=event.type))
    return event
