"""One walk over a game's steps: its events applied one at a time to a fresh game.

>>> for step in walk(game):                      # or walk(header, events, rules=rules)
...     print(step.seq, step.event.type, step.game.phase)

Each :class:`Step` comes after its event is applied: ``step.game`` is the game as it stands
then. It is the same :class:`~tarot.engine.game.Game` at every step, changed in place
(copying the state at each of a deal's ~100 events would cost more than the walk), so a
reader that needs the game *before* an event (the hand a card was chosen from, the
decision a script was due to make) passes ``before``, called with ``(seq, event, game)``
just before the event is applied. Every event goes through ``Game.record``: a decision is
checked by the rules and a derived event must be the one they call for, so an event
the rules refuse stops the walk with the rules' :class:`~tarot.errors.IllegalAction`, the
walk's ``refused_seq`` naming the event's seq. (A
deal is checked against the rules, not against the header's seed: that is the log's
check, :func:`tarot.log.read_log`, which ``tarot.log.walk`` makes before the first step.)

An undo (a practice game's take-back, :class:`~tarot.engine.events.Undo`) is a step like
any other: after it, ``step.game`` is the game as it stood before the decision taken back
(the events it voids stay in ``game.events``, as in the log; ``tarot.engine.game.in_force``
says which are void). A reader that shows the deal tells the take-back where it comes.

Derived events the events leave out (a decisions-only log) are applied where they fall
due, as ``Game.record`` does: before the next decision (so ``before`` sees the game as
that decision found it) and after the last event. They get no step of their own.
``decisions_only=True`` skips the derived events given, to recompute them all (the same
decisions under other rules).

A generator rather than a visitor in the style of python-chess's ``pgn.BaseVisitor``: the
readers decide where to stop (``replay --to``, a ``q`` at ``--step``), which a loop says
with ``break`` and a visitor only through a flag its driver must poll; and a deal's events
are one flat sequence, with none of the variations, comments and nesting that make a
visitor's begin/end methods worth having in PGN. The one thing a loop over the steps cannot
see, the game before an event, is the ``before`` hook.

The readers that walk a game: the replay page (``tarot.ui.replay_page.deal_document``),
``tarot replay`` with or without ``--to``/``--step`` (``tarot.ui.commands.replay``), the
beginner's mistakes (``tarot.bots.blunders``), a resumed named deal's script
(``tarot.storage.named_deals.Script.catch_up``), the same decisions under other rules
(``tarot.explain.audit.replay_decisions``), and ``tarot.log.walk`` (a log file's steps).
Two loops over events stay their own: the log's replay (``tarot.log.replay``), which reads
lines, takes most of them by their bytes, and is the one a save's every load goes
through; and ``TerminalGame.run``, which tells a resumed game's past events and needs no
state to do it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from tarot.engine.events import DERIVED_TYPES, Event, LogHeader, Undo
from tarot.engine.game import Game
from tarot.engine.phase_table import next_derived
from tarot.engine.rules import RuleSet
from tarot.errors import IllegalAction

# Called with (seq, event, game) just before the event is applied.
Before = Callable[[int, Event, Game], object]


class Step(NamedTuple):
    """One event, applied: ``seq`` is its index among the events walked, ``game`` the game
    after it (the walk's one game, changed in place by the steps that follow). A tuple:
    ``for seq, event, game in walk(...)``."""

    seq: int
    event: Event
    game: Game


class Walk:
    """The steps of a walk, one at a time (an iterator, walked once); ``game`` is the game
    being rebuilt, there from the start (before any step). When the rules refuse an event,
    the walk raises their :class:`~tarot.errors.IllegalAction` and ``refused_seq`` is that
    event's seq (the game is left as it was before the event); else it stays None."""

    def __init__(self, header: LogHeader, events: Iterable[Event], rules: RuleSet, *,
                 before: Before | None = None, decisions_only: bool = False) -> None:
        self.game = Game(header, rules)
        self.refused_seq: int | None = None
        self._steps = self._walk(events, before, decisions_only)

    def __iter__(self) -> Iterator[Step]:
        return self

    def __next__(self) -> Step:
        return next(self._steps)

    def finish(self) -> Game:
        """Walk the steps left; return the game at the end."""
        for _ in self._steps:
            pass
        return self.game

    def _walk(self, events: Iterable[Event], before: Before | None,
              decisions_only: bool) -> Iterator[Step]:
        game = self.game
        # Without the derived events given, the game's events are not the walk's: an undo
        # names its target by the walk's seq, found here at its place in the game.
        placed: dict[int, int] = {}
        for seq, event in enumerate(events):
            derived = type(event) in DERIVED_TYPES
            if derived and decisions_only:
                continue
            if not derived and next_derived(game.state) is not None:
                game.apply_pending_derived()  # what record() would do first, before the hook
            if before is not None:
                before(seq, event, game)
            if decisions_only:
                placed[seq] = len(game.events)
                if isinstance(event, Undo):
                    # A ``to`` naming no decision walked (a derived event left out, a later
                    # one) names no event of the game either: -1, which Game.undo refuses.
                    event = Undo(to=placed.get(event.to, -1))
            try:
                game.record(event)
            except IllegalAction:
                self.refused_seq = seq
                raise
            yield Step(seq, event, game)
        game.apply_pending_derived()


def walk(source: Game | LogHeader, events: Iterable[Event] | None = None, *,
         rules: RuleSet | None = None, before: Before | None = None,
         decisions_only: bool = False) -> Walk:
    """The steps of a game's events (``walk(game)``: its header, rules and events), or of a
    header's and ``events`` under ``rules`` (the rule set the header names, by its hash)."""
    if isinstance(source, Game):
        header = source.header
        rules = source.rules if rules is None else rules
        events = source.events if events is None else events
    else:
        header = source
        if rules is None or events is None:
            raise TypeError("walk(header, events, rules=...) needs the events and the rules")
    return Walk(header, events, rules, before=before, decisions_only=decisions_only)


__all__ = ["Before", "Step", "Walk", "walk"]
