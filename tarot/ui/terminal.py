"""The line mode behind ``tarot play --plain`` (and any piped game): one person (South)
against the computer players, told line by line.

Part of the command-line face. The table is drawn with ``rich`` (colours where the
terminal has them, plain text where it does not); the person's dialogue
(:mod:`tarot.ui.dialogue`) offers only what is legal, and a refused answer says why and
asks again. The deal is played by the one loop (:mod:`tarot.table.loop`), which writes
each event to the save file as it happens, so quitting, Ctrl-C or the end of piped input
lose nothing. The lines typed come through :mod:`tarot.ui.tty_input`.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

from rich.console import Console
from rich.text import Text

from tarot.bots.base import Player
from tarot.engine import phases
from tarot.engine.events import Poignee, Settlement, TrickTaken
from tarot.engine.game import Game
from tarot.explain.narrate import settlement_summary
from tarot.i18n import _, ngettext
from tarot.storage.named_deals import Script
from tarot.ui.dialogue import names_for
from tarot.ui.line_drawing import say_wrapped, styled
from tarot.ui.person_table import LEGEND, PersonTable, open_save, seated_players, sync_save
from tarot.ui.phase_help import CARD_HELP
from tarot.ui.table_view import (
    SEAT_NAMES_BY_SIZE,
    announcement_lines,
    cards_line,
    excuse_warning,
    hand_lines,
    header_lines,
    trick_lines,
    trick_recap,
)
from tarot.ui.tty_input import QuitGame, _no_echo, _prompt

# What the other modules and the tests have always taken from here.
__all__ = ["CARD_HELP", "LEGEND", "SEAT_NAMES", "THINKING_AFTER", "QuitGame", "TerminalGame",
           "names_for", "open_save", "seated_players", "sync_save"]

# P0..P3: play goes counter-clockwise. In English, as the log's header and `--as-seat`
# write them (language-neutral); a person reads them through names_for.
SEAT_NAMES = SEAT_NAMES_BY_SIZE[4]

THINKING_AFTER = 0.3  # seconds of a computer's thinking before "thinking…" is shown


class TerminalGame(PersonTable):
    """Runs one game at the terminal; ``human`` is None when the computer plays all seats."""

    def __init__(self, game: Game, players: Sequence[Player], human: int | None,
                 save: TextIO, *, new_file: bool = True, console: Console | None = None,
                 ask_line: Callable[[str], str] | None = None,
                 script: Script | None = None, pace: float | None = None,
                 interactive: bool | None = None, match_line: str | None = None,
                 legend: bool = True, closing: Sequence[tuple[str, str]] = ()) -> None:
        self.console = console or Console(highlight=False)
        # At a terminal rich wraps long lines between words; piped output keeps them whole.
        self.console.soft_wrap = not self.console.is_terminal
        super().__init__(game, players, human, save, ask_line or _prompt, new_file=new_file,
                         script=script, pace=pace, interactive=interactive,
                         match_line=match_line, legend=legend, closing=closing)

    def say(self, *parts: str | Text) -> None:
        self.console.print(*parts, markup=False)  # what a person typed is never markup

    def say_indented(self, text: Text, indent: int) -> None:
        """``text`` wrapped to the terminal's width with its following lines indented by
        ``indent`` columns, so that a long hint reads as one block (piped output keeps
        each line whole, as ``say`` does)."""
        say_wrapped(self.console, text, indent)

    def say_whole(self, heading: str, whole: str) -> None:
        """``heading``, then a path or a command on a line of its own, indented and never
        broken: copied from the screen, it comes whole."""
        self.say(heading)
        self.console.print(Text("  " + whole), markup=False, soft_wrap=True)

    def refuse(self, message: str, style: str = "") -> None:
        """A refused answer, "  ✗ " and why: at a terminal, a long reason wraps under its
        first word rather than at the screen's left edge."""
        self.say_indented(Text(f"  ✗ {message}", style=style), 4)

    @property
    def width(self) -> int:
        """The columns to lay the table out in: the terminal's, 80 when piped."""
        return self.console.width if self.console.is_terminal else 80

    @contextlib.contextmanager
    def thinking(self, message: str) -> Iterator[None]:
        """A "thinking…" line while a decision takes longer than 0.3 s (at a terminal; it
        is erased after), and the keys typed meanwhile kept for the next prompt but not
        echoed into the table."""
        if not (self.console.is_terminal and self.interactive):
            yield
            return
        status = self.console.status(message)
        timer = threading.Timer(THINKING_AFTER, status.start)
        with _no_echo():
            timer.start()
            try:
                yield
            finally:
                timer.cancel()
                timer.join()
                status.stop()

    def show_hand(self, with_chien: bool = False) -> None:
        assert self.human is not None
        hand = self.game.hand(self.human)
        legal = set(self.game.legal_cards()) if self.game.turn == self.human else set()
        if with_chien:
            title = (_("Your hand with the chien (* = playable):") if legal else
                     _("Your hand with the chien:"))
        else:
            title = _("Your hand (* = playable):") if legal else _("Your hand:")
        self.say(Text(title, style="bold"))
        for line in hand_lines(hand, legal, self.width):
            self.say(line)
        if with_chien and self.game.phase == phases.CHIEN:
            required = self.game.discard_options().trumps_required
            if required:
                self.say_indented(Text(ngettext(
                    "Too few cards other than trumps, kings and bouts: {trumps} trump must "
                    "go in the discard, and is shown to all (no king, no bout).",
                    "Too few cards other than trumps, kings and bouts: {trumps} trumps must "
                    "go in the discard, and are shown to all (no king, no bout).",
                    required).format(trumps=required), style="bold"), 2)

    def show_table(self) -> None:
        view = self.game.view(self.human) if self.human is not None else None
        assert view is not None
        self.say("")
        for line in header_lines(view, self.game.rules, self.names):
            self.say(line)
        # What was announced stays in the header until the deal ends.
        for line in announcement_lines(view, self.game.rules, self.names):
            self.say_indented(line, 2)
        if self.match_line:
            self.say_indented(Text(self.match_line, style="dim"), 2)
        for line in trick_lines(view, self.names, self.width):
            self.say(line)
        self.show_hand()
        warning = excuse_warning(view)
        if warning is not None:
            self.say_indented(Text(warning, style="bold yellow"), 0)
        if any(isinstance(a, Poignee) for a in self.game.legal_actions()):
            levels = ", ".join(option.level.label.lower() for option in
                               self.game.poignee_options())
            self.say_indented(Text(_("You may show a poignée now ({levels}): type p, or play "
                                     "a card to show none.").format(levels=levels),
                                   style="bold"), 0)

    def show_end(self, settlement: Settlement) -> None:
        """The deal's end: the tricks, the discard or chien, where the game is saved, and
        the settlement last, so that it stays just above the score sheet that follows."""
        self.say("")
        self.say(Text(_("Tricks (the leader first, ✓ the winner):"), style="bold"))
        for trick in (e for e in self.game.standing_events() if isinstance(e, TrickTaken)):
            self.say(trick_recap(trick.number, trick.leader, trick.cards, trick.winner,
                                 self.names))
        taker, discard = self.game.taker, self.game.discard
        if discard is not None and taker is not None:
            template = (_("Your discard: {cards}") if taker == self.human else
                        _("{seat}'s discard: {cards}"))
            hidden = styled(template, seat=self.names[taker], cards=cards_line(discard))
        else:
            hidden = styled(_("The chien: {cards}"), cards=cards_line(self.game.chien))
        self.say(Text("  ") + hidden)
        for heading, whole in self.closing:
            self.say_whole(heading, whole)
        self.say(Text(_("The deal is over."), style="bold"))
        for line in settlement_summary(settlement, self.game.rules, self.names):
            self.say_indented(Text(line), 2 + len(line) - len(line.lstrip()))
