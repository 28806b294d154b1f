"""A person's table: the deal played out (:func:`tarot.table.loop.play_out`) between the
person's seat and the computer's, and told to the person as it happens.

The line mode and the full screen are each one of these: they differ in how they say,
draw and ask (the methods left to them), never in the game they play.
"""

from __future__ import annotations

import contextlib
import functools
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import click
from rich.text import Text

from tarot.bots.base import Player
from tarot.bots.registry import make_player
from tarot.duplicate.match import MAX_DEALS_WITHOUT_CONTRACT
from tarot.engine.events import Action, Deal, Event, Redeal, Settlement, TrickTaken
from tarot.engine.rules import RuleSet
from tarot.engine.typed_words import read_words
from tarot.engine.views import PlayerView
from tarot.i18n import N_, _
from tarot.said import os_error_said
from tarot.table.loop import NoContract, play_out
from tarot.table.seats import ComputerSeat, Decision, Seat, TakeBack
from tarot.ui.dialogue import PersonDialogue
from tarot.ui.line_drawing import sorted_codes
from tarot.ui.table_view import hand_lines, trick_recap

LEGEND = N_("Cards: K king, Q queen, N knight (cavalier), J jack, 10 … 2, 1 ace;\n"
            "T1 … T21 are the trumps (T1 is the Petit), EXC is the Excuse.\n"
            "Type ? at any prompt for help.")


class PersonTable(PersonDialogue):
    """One game at a person's table (or watched by a person, when ``human`` is None)."""

    def pause_after_trick(self) -> None:
        """Let a completed trick be read: Enter to go on at a terminal, or ``pace``
        seconds; no pause when the input is piped (nobody would press Enter)."""
        if self.game.is_over or self.replaying:
            return
        if self.pace is not None:
            if self.pace > 0:
                time.sleep(self.pace)
            return
        if self.human is not None and self.interactive:
            answer = self.ask_line(_("(Enter to go on)"))
            while answer.strip().lower() in read_words("announcements"):
                self.show_announcements()
                answer = self.ask_line(_("(Enter to go on)"))
            word = answer.strip().lower()
            if word in read_words("undo"):
                if self.game.header.practice:
                    self.undo_asked = True
                else:
                    self.take_back(word)  # refused, with where it works

    def show_end(self, settlement: Settlement) -> None:
        """The deal's end and its settlement."""
        raise NotImplementedError

    # -- the deal, played out ------------------------------------------------------

    def run(self, replay_past: bool = True) -> None:
        if self.human is not None and self.legend:
            self.say(Text(_(LEGEND), style="dim"))
        if replay_past:
            self.replaying = True  # the past is told without pauses
            for event in self.game.events:
                self.tell(event)
            self.replaying = False
        # No person to bid, and players that never will: a redeal for ever (A18).
        limit = MAX_DEALS_WITHOUT_CONTRACT if self.human is None else None
        try:
            play_out(self.game, self.seats(), log=self.writer, watchers=(self.tell,),
                     max_deals=limit)
        except NoContract:
            raise click.ClickException(
                _("{count} deals in a row without a contract: the computer players do "
                  "not bid under the rules {rules}; the game is saved as it is").format(
                    count=self.game.deal_number, rules=repr(self.game.rules.id))) from None

    def seats(self) -> list[Seat]:
        """The table's seats: the person's, answered at this front end, and the computer's."""
        return [PersonSeat(self) if seat == self.human else
                ComputerAtTable(self, ComputerSeat(self.players[seat],
                                                   functools.partial(self._rng, seat)))
                for seat in range(self.game.rules.players)]

    def computer_decision(self, seat: int, computer: ComputerSeat, view: PlayerView,
                          legal: Sequence[Action]) -> Decision:
        """A computer seat's decision: a named deal's scripted one first, else its player's
        (with "thinking…" shown if it takes a while)."""
        scripted = self.script.take(self.game) if self.script else None
        if scripted is not None:
            return scripted
        with self.thinking(_("{seat} is thinking…").format(seat=self.names[seat])):
            return computer.decide(view, legal)

    def take_back_asked(self) -> TakeBack | None:
        """A practice game's undo typed at the pause after a trick (once it is told)."""
        if not self.undo_asked:
            return None
        self.undo_asked = False
        return self.take_back()

    def tell(self, event: Event) -> None:
        if isinstance(event, Deal):
            self.last_deal = event
            if self.human is not None:
                # The hand itself is shown at the person's first prompt.
                self.say(self.narrator.lines(event)[0])
                return
        if event == self.played_alone:
            self.played_alone = None
            return
        if isinstance(event, Redeal) and event.reason == "petit_sec":
            for line in self.narrator.lines(event):
                self.say_indented(Text(line), 2)
            self.show_petit_sec(event)
            return
        if isinstance(event, TrickTaken):
            won = (_("Trick {number} to You:").format(number=event.number)
                   if event.winner == self.human else
                   _("Trick {number} to {seat}:").format(number=event.number,
                                                         seat=self.names[event.winner]))
            self.say(Text(won, style="bold"))
            self.say(trick_recap(event.number, event.leader, event.cards, event.winner,
                                 self.names))
            self.pause_after_trick()
            return
        if isinstance(event, Settlement):
            self.show_end(event)
            return
        for line in self.narrator.lines(event):
            self.say(line)

    def show_petit_sec(self, redeal: Redeal) -> None:
        """The hand that held the petit sec, as its holder lays it down (R5)."""
        if self.last_deal is None or redeal.seat is None:
            return
        holder = redeal.seat
        title = (_("Your hand, with the petit sec:") if holder == self.human else
                 _("{seat}'s hand, with the petit sec:").format(seat=self.names[holder]))
        self.say(Text(title, style="bold"))
        for line in hand_lines(sorted_codes(self.last_deal.hands[holder]), set(), self.width):
            self.say(line)


class PersonSeat:
    """The person's seat at a front end: asked at its prompt; told nothing here (the front
    end, a watcher of the whole table, draws it from the person's view), but a take-back
    asked for at the pause after a trick."""

    def __init__(self, front: PersonTable) -> None:
        self.front = front

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        return self.front.human_decision()

    def tell(self, event: Event) -> TakeBack | None:
        return self.front.take_back_asked()


class ComputerAtTable:
    """A computer seat at a person's table: a named deal's script first, and "thinking…"
    while it decides."""

    def __init__(self, front: PersonTable, computer: ComputerSeat) -> None:
        self.front = front
        self.computer = computer

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        return self.front.computer_decision(view.seat, self.computer, view, legal)

    def tell(self, event: Event) -> TakeBack | None:
        return None


def seated_players(seat_players: Sequence[str], rules: RuleSet
                    ) -> tuple[int | None, list[Player]]:
    """The person's seat (None: the computer plays all) and a player for every seat, from
    the header's names ("person" or a level); the person's seat gets the computer's level,
    which plays it for the hint's sake only."""
    human = seat_players.index("person") if "person" in seat_players else None
    computer = next((name for name in seat_players if name != "person"), "rules")
    return human, [make_player(computer if name == "person" else name, rules)
                   for name in seat_players]


def open_save(path: Path) -> TextIO:
    """The save file opened to append the game's events; a one-line error if it cannot be."""
    try:
        return path.open("a", encoding="utf-8")
    except OSError as error:
        raise click.ClickException(_("{path}: cannot write: {error}").format(
            path=path, error=os_error_said(error).shown)) from None


def sync_save(save: TextIO) -> None:
    """Flush the save file to the disk when the game ends or is left (once, not per event:
    a flushed line already survives the process; this is for a power cut after it)."""
    save.flush()
    with contextlib.suppress(OSError):
        os.fsync(save.fileno())
