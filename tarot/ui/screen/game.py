"""The full-screen table: a person's table (:class:`~tarot.ui.person_table.PersonTable`,
the deal played by the one loop, the person's dialogue) whose saying and asking go to the
screen's panels as snapshots.

Everything here runs in the worker thread that plays the session: the game is read and
changed here only. What the screen draws is a :class:`Snapshot`, immutable, posted to the
app after each event and before each question; the person's answers come back through a
queue: a card or a discard chosen with the keys as the action itself, anything typed as
the words the line mode reads (``hint``, ``passe``, a code...), so that the two modes save
the same log for the same answers.
"""

from __future__ import annotations

import contextlib
import enum
import queue
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TextIO

import click
from rich.console import Console
from rich.text import Text

from tarot.bots.base import Player
from tarot.engine import kernel, phases
from tarot.engine.cards import mask_of_codes
from tarot.engine.events import Action, Bid, Call, Chelem, Event, Poignee, Settlement
from tarot.engine.game import Game
from tarot.engine.rules import RuleSet
from tarot.engine.scoring import points_text
from tarot.engine.views import PlayerView, TrickView
from tarot.explain.narrate import settlement_summary
from tarot.i18n import _, decimal, ngettext, pgettext
from tarot.storage.named_deals import Script
from tarot.table.seats import ComputerSeat, Decision
from tarot.ui.announced import contract_and_call, every_announcement, panel_announcements
from tarot.ui.line_drawing import styled
from tarot.ui.person_table import PersonTable
from tarot.ui.screen.choices import Choice, offered
from tarot.ui.table_view import (
    cards_line,
    excuse_warning,
    partner_seat,
    score_so_far,
)
from tarot.ui.tty_input import QuitGame


class Stop(enum.Enum):
    """What the screen puts in the answers' queue when the person leaves."""

    QUIT = "quit"  # q, Ctrl-Q: saved, exit status 0
    INTERRUPT = "interrupt"  # Ctrl-C: saved, exit status 130 (as in line mode)


Answer = str | Action | Stop


class Kind(enum.Enum):
    """What the answer awaited is for: it says what Enter and the arrows mean."""

    BID = "bid"
    CALL = "call"  # five players: the taker's call
    DISCARD = "discard"
    CHELEM = "chelem"
    CARD = "card"
    POIGNEE = "poignee"
    PAUSE = "pause"  # Enter to go on, after a trick
    ANOTHER = "another"  # another deal? in the result box
    NEXT = "next"  # the result box read: a key for the next deal


@dataclass(frozen=True)
class Snapshot:
    """All the screen draws, at one moment, from the person's seat."""

    names: tuple[str, ...]
    top: str = ""
    view: PlayerView | None = None
    kind: Kind | None = None
    prompt: str = ""
    info: tuple[Text, ...] = ()
    legal: frozenset[str] = frozenset()
    discard_size: int = 0
    status: str = ""
    aside_title: str = ""
    aside: tuple[Text, ...] = ()
    refusal: str = ""
    warning: str = ""
    result: tuple[Text, ...] = ()
    # The score sheet under the result: it scrolls, the result above it stays whole.
    sheet: tuple[Text, ...] = ()
    # A trick just completed, shown on the table while the person reads it.
    shown_trick: TrickView | None = None
    # Everything announced so far, whole (the Contract panel keeps it short): shown over
    # the table by a key or the typed word, at any moment.
    announcements: tuple[Text, ...] = ()
    # The legal answers offered as a row after the prompt (←/→ and Enter, or a click).
    choices: tuple[Choice, ...] = ()
    # What the screen's help says of the question: the game's rules, and its practice.
    rules: RuleSet | None = None
    practice: bool = False


@dataclass
class Channel:
    """How the worker talks to the screen: ``post`` draws a snapshot, ``log`` adds a line
    to the story panel (both run on the screen's thread), ``answers`` brings the person's
    answers, and ``stop`` is set when the person leaves while the computer plays."""

    post: Callable[[Snapshot], None]
    log: Callable[[Text], None]
    answers: queue.Queue[Answer] = field(default_factory=queue.Queue)
    stop: Stop | None = None

    def answer(self) -> str | Action:
        """The next answer (the words typed, or the action chosen with the keys); QuitGame
        or click.Abort when the person leaves."""
        got = self.answers.get()
        if got is Stop.QUIT:
            raise QuitGame
        if got is Stop.INTERRUPT:
            raise click.Abort
        return got

    def words(self) -> str:
        """The next answer to a question the keys answer with words only (another deal?,
        Enter to go on): the app sends an action at the card's and the discard's prompts
        alone."""
        got = self.answer()
        assert isinstance(got, str), got
        return got


class ScreenGame(PersonTable):
    """One game played on the full screen: what the table says sent to the screen's panels
    (the story, the aside beside it, the result box), and its questions answered through
    the channel."""

    def __init__(self, game: Game, players: Sequence[Player], human: int | None,
                 save: TextIO, channel: Channel, *, script: Script | None = None,
                 pace: float | None = None, top: str = "") -> None:
        super().__init__(game, players, human, save, self._ask_words, new_file=False,
                         script=script, pace=pace, interactive=True)
        # Only to lay out a hand the way the line mode does (a petit sec's).
        self.console = Console(highlight=False)
        self.channel = channel
        self.top = top
        self.kind: Kind | None = None
        self.status = ""
        self.in_turn = False  # what is said during the person's turn goes to the aside
        self.aside: list[Text] = []
        self.aside_title = ""
        self.refusal = ""
        self.result: list[Text] | None = None
        self.shown_trick: TrickView | None = None

    # -- what the table says, routed to the panels ----------------------------------

    def say(self, *parts: str | Text) -> None:
        line = Text(" ").join(part if isinstance(part, Text) else Text(part) for part in parts)
        if self.result is not None:
            self.result.append(line)
        elif self.in_turn:
            # Line mode's indentation sets a block apart in a transcript; a panel is one.
            self.aside.append(line[len(line.plain) - len(line.plain.lstrip(" ")):])
        else:
            self.channel.log(line)

    def say_indented(self, text: Text, indent: int) -> None:
        self.say(text)  # the panel wraps it to its own width

    def refuse(self, message: str, style: str = "") -> None:
        self.refusal = message

    @property
    def width(self) -> int:
        return self.console.width if self.console.is_terminal else 80

    @contextlib.contextmanager
    def thinking(self, message: str) -> Iterator[None]:
        self.status = message
        self.publish()
        try:
            yield
        finally:
            self.status = ""

    def show_hand(self, with_chien: bool = False) -> None:
        """The hand is always on screen."""

    def show_table(self) -> None:
        """The table is always on screen."""

    def show_hint(self) -> None:
        self.aside_title = pgettext("screen panel", "Hint")
        super().show_hint()

    def show_callable(self) -> None:
        self.aside_title = pgettext("screen panel", "Your call")
        super().show_callable()

    def show_last_trick(self) -> None:
        self.aside_title = pgettext("screen panel", "The previous trick")
        super().show_last_trick()

    def tell(self, event: Event) -> None:
        super().tell(event)
        if self.result is None:
            self.publish()

    def pause_after_trick(self) -> None:
        if self.game.is_over or self.replaying:
            return
        tricks = self.game.view(self.human if self.human is not None else 0).tricks
        self.shown_trick = tricks[-1] if tricks else None
        self.kind = Kind.PAUSE
        try:
            if self.pace is not None:
                self.publish()  # the trick on the table while --pace runs
            super().pause_after_trick()
        finally:
            self.kind = None
            self.shown_trick = None

    def show_end(self, settlement: Settlement) -> None:
        """The result box: the settlement, each bonus by name, each seat's score, and the
        discard; the sheet is added below it by the table."""
        self.result = [Text(_("The deal is over."), style="bold")]
        for line in settlement_summary(settlement, self.game.rules, self.names):
            self.result.append(Text(line))
        taker, discard = self.game.taker, self.game.discard
        if discard is not None and taker is not None:
            template = (_("Your discard: {cards}") if taker == self.human else
                        _("{seat}'s discard: {cards}"))
            self.result.append(styled(template, seat=self.names[taker],
                                      cards=cards_line(discard)))
        else:
            self.result.append(styled(_("The chien: {cards}"),
                                      cards=cards_line(self.game.chien)))

    # -- the person's turn --------------------------------------------------------

    def human_decision(self) -> Decision:
        self.in_turn = True
        try:
            return super().human_decision()
        finally:
            self.in_turn = False
            self.clear_aside()

    def computer_decision(self, seat: int, computer: ComputerSeat, view: PlayerView,
                          legal: Sequence[Action]) -> Decision:
        # The person may leave while the computer plays (with --auto, nobody is asked).
        if self.channel.stop is Stop.QUIT:
            raise QuitGame
        if self.channel.stop is Stop.INTERRUPT:
            raise click.Abort
        return super().computer_decision(seat, computer, view, legal)

    def choose_poignee(self) -> Poignee | None:
        self.aside_title = pgettext("screen panel", "Your poignée")
        self.kind = Kind.POIGNEE
        try:
            return super().choose_poignee()
        finally:
            self.kind = None

    def clear_aside(self) -> None:
        self.aside = []
        self.aside_title = ""

    def ask_action(self, prompt: str) -> str | Action:
        return self._ask(prompt)

    def prompt_text(self) -> str:
        """The questions whose answers the screen offers as a row of choices ask without
        listing them: the row after the prompt is the list."""
        if self.calling:
            return _("The card you call:")
        if self.game.phase == phases.AUCTION:
            return _("Your bid:")
        if self.game.phase == phases.DECLARATIONS:
            return _("Declare a chelem, all {tricks} tricks?").format(
                tricks=self.game.rules.deal.hand_size)
        return super().prompt_text()

    def _ask_words(self, prompt: str) -> str:
        """The words typed at a question that takes no card of the hand (the keys choose
        one only at the card's and the discard's prompts)."""
        answer = self._ask(prompt)
        assert isinstance(answer, str), answer
        return answer

    def _ask(self, prompt: str) -> str | Action:
        kind = self.kind or (Kind.CALL if self.calling else
                             _KIND_OF_PHASE.get(self.game.phase, Kind.CARD))
        self.publish(kind, prompt)
        answer = self.channel.answer()
        self.refusal = ""
        if kind not in (Kind.POIGNEE, Kind.CALL):
            self.clear_aside()
        return answer

    # -- the snapshot ----------------------------------------------------------------

    def publish(self, kind: Kind | None = None, prompt: str = "") -> None:
        seat = self.human if self.human is not None else 0
        view = self.game.view(seat)
        asking = kind is not None and kind is not Kind.PAUSE
        legal = frozenset(view.legal_cards) if asking and view.turn == seat else frozenset()
        warning = excuse_warning(view) if kind is Kind.CARD and self.human is not None else None
        if kind is Kind.CARD and any(isinstance(a, Poignee)
                                     for a in self.game.legal_actions()):
            levels = ", ".join(option.level.label.lower() for option in
                               self.game.poignee_options())
            warning = _("You may show a poignée now ({levels}): type p, or play a card to "
                        "show none.").format(levels=levels)
        size = 0
        if kind is Kind.DISCARD and self.game.phase == phases.CHIEN:
            # The cards that may go to the discard are starred, as playable cards are.
            options = self.game.discard_options()
            size = options.size
            legal = frozenset(options.ordinary) | (frozenset(options.trumps)
                                                   if options.trumps_required else frozenset())
        self.channel.post(Snapshot(
            names=self.names, top=self.top, view=view, kind=kind, prompt=prompt,
            info=tuple(info_lines(view, self.game.rules, self.names)), legal=legal,
            discard_size=size, status=self.status, aside_title=self.aside_title,
            aside=tuple(self.aside), refusal=self.refusal, warning=warning or "",
            shown_trick=self.shown_trick,
            announcements=tuple(every_announcement(view, self.game.rules, self.names)),
            choices=offered(self.game.legal_actions(), _CHOICE_OF_KIND.get(kind), view.hand),
            rules=self.game.rules, practice=bool(self.game.header.practice)))


# The questions whose answers the screen offers as a row of choices, and their actions.
_CHOICE_OF_KIND: dict[Kind | None, type[Bid | Call | Chelem]] = {
    Kind.BID: Bid, Kind.CALL: Call, Kind.CHELEM: Chelem}

_KIND_OF_PHASE = {phases.AUCTION: Kind.BID, phases.CHIEN: Kind.DISCARD,
                  phases.DECLARATIONS: Kind.CHELEM, phases.TRICKS: Kind.CARD}


def info_lines(view: PlayerView, rules: RuleSet, names: Sequence[str]) -> list[Text]:
    """The panel that stays beside the table: the contract (and at five the call and the
    partner once known), a declared chelem, the target, both sides' card points and bouts
    (the taker's own discard counted for the taker's eyes only), then every announcement,
    short (:func:`~tarot.ui.announced.panel_announcements`): each poignée with its trumps,
    the chien once shown, the auction. The previous trick is under the table."""
    lines: list[Text] = []
    if view.taker is not None and view.contract is not None:
        taker = names[view.taker]
        lines.append(contract_and_call(view, rules, names))
        if view.chelem_declared:
            lines.append(Text(_("Chelem declared by {taker}").format(taker=taker),
                              style="bold magenta"))
        taker_points, defence_points, taker_bouts, defence_bouts = score_so_far(view, rules)
        mine = view.seat == view.taker and view.discard
        if mine:
            taker_points += kernel.half_points(rules.table, mask_of_codes(view.discard))
        won = len(taker_bouts)
        target = decimal(points_text(rules.scoring.target_half_points[won]))
        lines.append(Text(ngettext("Target {target} ({bouts} bout won)",
                                   "Target {target} ({bouts} bouts won)", won)
                          .format(target=target, bouts=won)))
        # At five, once this seat may know the partner the points are the attack's (the
        # partner's tricks counted), not the taker's alone: named so, as the line mode does.
        camp = partner_seat(view) is not None
        if camp:
            points = (_("Attack {taker} with your discard · defence {defence}") if mine else
                      _("Attack {taker} · defence {defence}"))
        else:
            points = (_("You {taker} with your discard · defence {defence}") if mine else
                      _("{name} {taker} · defence {defence}"))
        lines.append(Text(points.format(name=taker, taker=decimal(points_text(taker_points)),
                                        defence=decimal(points_text(defence_points)))))
        if taker_bouts or defence_bouts:
            none = pgettext("no bout", "none")
            bouts = (_("Bouts: attack {taker} · defence {defence}") if camp else
                     _("Bouts: taker {taker} · defence {defence}"))
            lines.append(Text(bouts.format(
                taker=" ".join(cards_line(taker_bouts).plain.split()) or none,
                defence=" ".join(cards_line(defence_bouts).plain.split()) or none)))
    lines.extend(panel_announcements(view, rules, names))
    return lines
