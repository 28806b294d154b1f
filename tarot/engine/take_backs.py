"""Which events of a practice game still stand after its take-backs (``undo``).

An :class:`~tarot.engine.events.Undo` voids every event from its ``to`` up to itself;
the log keeps them all (append-only), and every reader asks this module which are in
force: the game rebuilding its state, the review, the honesty check, the replay.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from tarot.engine.events import Event, Undo


class InForce:
    """:func:`in_force` of a game's events, kept as they grow: each call reads only the
    events appended since the last (a game's events are append-only), so that a practice
    log's thousands of take-backs cost each the events since, not the whole log. The list
    returned is this object's own: read it, never change it."""

    __slots__ = ("kept", "read")

    def __init__(self) -> None:
        self.kept: list[int] = []
        self.read = 0

    def of(self, events: Sequence[Event]) -> list[int]:
        if len(events) < self.read:  # not the events read so far: start again
            self.kept, self.read = [], 0
        kept = self.kept
        for seq in range(self.read, len(events)):
            event = events[seq]
            if isinstance(event, Undo):
                del kept[bisect.bisect_left(kept, event.to):]
            else:
                kept.append(seq)
        self.read = len(events)
        return kept


def in_force(events: Sequence[Event]) -> list[int]:
    """The seqs of ``events`` still in force: an :class:`~tarot.engine.events.Undo` voids
    every event from its ``to`` up to itself (earlier undos among them), and is not in force
    itself. The events' undos are taken as valid (:meth:`Game.undo` checks each)."""
    voided = taken_back_at(events)
    return [seq for seq, event in enumerate(events)
            if seq not in voided and not isinstance(event, Undo)]


def taken_back_at(events: Sequence[Event]) -> dict[int, int]:
    """Each event a take-back voided (by its seq) and the seq of the undo that voided it;
    an undo within a stretch taken back later is left out (it voided nothing then)."""
    kept: list[int] = []
    voided: dict[int, int] = {}
    for seq, event in enumerate(events):
        if isinstance(event, Undo):
            at = bisect.bisect_left(kept, event.to)
            voided.update((taken, seq) for taken in kept[at:])
            del kept[at:]
        else:
            kept.append(seq)
    return voided
