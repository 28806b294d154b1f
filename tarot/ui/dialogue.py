"""The person's dialogue at a table: what each prompt asks, the words it takes (help, the
hint, the table again, a take-back), and the answer read as a legal action.

Shared by the line mode (:mod:`tarot.ui.terminal`) and the full screen
(:mod:`tarot.ui.screen.game`): each says, draws and asks in its own way (the methods
that raise ``NotImplementedError`` here). The dialogue never changes the game: it returns
a decision, checked by the engine, for the deal loop to play.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from rich.text import Text

from tarot.bots.base import Player, ask
from tarot.bots.rules_player import choose_discard
from tarot.engine import phases
from tarot.engine.card_notation import FRENCH, current_notation
from tarot.engine.cards import codes_of_mask, mask_of_codes
from tarot.engine.events import (
    Action,
    Bid,
    Call,
    ChienShown,
    Deal,
    Discard,
    Event,
    Poignee,
    TrickTaken,
)
from tarot.engine.events import Play as PlayCard
from tarot.engine.game import Game
from tarot.engine.notation import NotationError, bid_words, card_code
from tarot.engine.typed_words import read_words
from tarot.errors import IllegalAction
from tarot.explain.narrate import Narrator
from tarot.i18n import _, ngettext, pgettext
from tarot.log import LogWriter
from tarot.storage.named_deals import Script
from tarot.table.seats import Decision, TakeBack
from tarot.ui import poignee_question
from tarot.ui.announced import every_announcement
from tarot.ui.hint_said import say_hint
from tarot.ui.line_drawing import styled, with_symbols
from tarot.ui.phase_help import CARD_HELP, PHASE_HELP, PRACTICE_HELP, bid_word, call_help
from tarot.ui.poignee_question import ask_poignee
from tarot.ui.table_view import SEAT_NAMES_BY_SIZE, card_text, cards_line, trick_recap
from tarot.ui.tty_input import QuitGame


def names_for(human: int | None, players: int = 4) -> tuple[str, ...]:
    """The seats' names at a table of ``players`` as a person reads them, in the person's
    language; the person's own seat (``human``) is "You"."""
    return tuple(pgettext("seat", "You") if seat == human else _(name)
                 for seat, name in enumerate(SEAT_NAMES_BY_SIZE[players]))

class PersonDialogue:
    """One person's dialogue at a table; ``human`` is None when the computer plays all
    seats (the person only watches)."""

    def __init__(self, game: Game, players: Sequence[Player], human: int | None,
                 save: TextIO, ask_line: Callable[[str], str], *, new_file: bool = True,
                 script: Script | None = None, pace: float | None = None,
                 interactive: bool | None = None, match_line: str | None = None,
                 legend: bool = True, closing: Sequence[tuple[str, str]] = ()) -> None:
        self.game = game
        self.players = players
        self.human = human
        self.writer = LogWriter(save, game.header, already_written=None if new_file else
                                len(game.events))
        if new_file:
            self.writer.write(game.events)
        self.ask_line = ask_line
        self.names = names_for(human, game.rules.players)
        self.narrator = Narrator(game.rules, self.names, as_seat=human)
        self.narrator.events = game.events  # an undo names the decision it takes back
        self.contracts = {c.id: c.name for c in game.rules.contracts}
        self.hint_player: Player | None = None
        # A named deal's scripted decisions (for the computer seats only: Script).
        self.script = script
        # After each trick: None waits for Enter at a terminal, else that many seconds.
        self.pace = pace
        self.interactive = sys.stdin.isatty() if interactive is None else interactive
        self.replaying = False
        # A match's running score, shown with the table (None: deal 1, or one deal).
        self.match_line = match_line
        # The card legend, shown once a run: not again at each deal of a match.
        self.legend = legend
        # What to tell once the deal is over, before its settlement (so that the settlement
        # stays just above the score sheet): (heading, a path or command shown whole).
        self.closing = tuple(closing)
        # The last deal told (a redeal for a petit sec shows the hand that had it).
        self.last_deal: Deal | None = None
        # The person's last card, played without asking and said so already.
        self.played_alone: PlayCard | None = None
        # A practice game's undo typed at the pause after a trick: done before anyone plays.
        self.undo_asked = False

    # -- what the front end does: say, draw, ask -------------------------------------

    def ask_action(self, prompt: str) -> str | Action:
        """The answer at the decision's own prompt: the words typed, or an action the front
        end lets the person choose without words (a card picked on the screen)."""
        return self.ask_line(prompt)

    def say(self, *parts: str | Text) -> None:
        """A line told to the person."""
        raise NotImplementedError

    def say_indented(self, text: Text, indent: int) -> None:
        """A block whose following lines are indented by ``indent`` columns."""
        raise NotImplementedError

    def refuse(self, message: str, style: str = "") -> None:
        """An answer refused, and why."""
        raise NotImplementedError

    def thinking(self, message: str) -> contextlib.AbstractContextManager[None]:
        """What is shown while a decision takes a while."""
        raise NotImplementedError

    def show_hand(self, with_chien: bool = False) -> None:
        raise NotImplementedError

    def show_table(self) -> None:
        raise NotImplementedError

    @property
    def width(self) -> int:
        """The columns a hand is laid out in."""
        raise NotImplementedError

    # -- the person's decisions --------------------------------------------------

    def human_turn(self) -> list[Event]:
        """The person's decision, asked at the prompt, played (a test's turn; a game asks
        through its seat)."""
        decision = self.human_decision()
        return self.game.undo() if isinstance(decision, TakeBack) else \
            self.game.play(decision)

    def human_decision(self) -> Decision:
        """The person's decision, asked at the prompt until the answer is a legal one."""
        phase = self.game.phase
        if phase == phases.TRICKS:
            self.show_table()
            last = self.last_card()
            if last is not None:
                self.say(styled(_("You play your last card, {card}."),
                                card=card_text(last.card)))
                self.played_alone = last
                return last
        elif phase == phases.CHIEN:
            self.show_hand(with_chien=True)
        elif phase in (phases.AUCTION, phases.DECLARATIONS):
            self.show_hand()
            if self.calling:
                self.show_callable()
        while True:
            asked = self.ask_action(self.prompt_text())
            if not isinstance(asked, str):  # chosen without words: nothing to read
                try:
                    return self.game.check(asked)
                except IllegalAction as error:
                    self.refuse(with_symbols(error.render(self.names, self.human)), "yellow")
                    continue
            answer = asked.strip()
            word = answer.lower()
            if word in read_words("quit"):
                raise QuitGame
            if word in read_words("help"):
                phase_help = call_help if self.calling else PHASE_HELP.get(self.game.phase)
                self.say(phase_help(self.game.rules) if phase_help else _(CARD_HELP))
                if self.game.header.practice:
                    self.say(_(PRACTICE_HELP))
                continue
            if word in read_words("last"):
                self.show_last_trick()
                continue
            if word in read_words("hint") and phase == phases.TRICKS:
                self.show_hint()
                continue
            if word in read_words("undo"):
                taken_back = self.take_back(word)
                if taken_back:
                    return taken_back
                continue
            if word in read_words("hand"):
                self.show_hand()
                continue
            if word in read_words("table") or (not word and phase == phases.TRICKS):
                if phase == phases.TRICKS:
                    self.show_table()
                else:
                    self.show_hand(with_chien=phase == phases.CHIEN)
                continue
            if word in read_words("chien"):
                self.show_auction()
                continue
            if word in read_words("announcements"):
                self.show_announcements()
                continue
            try:
                action = self.parse_answer(answer)
                if action is None:
                    continue
                self.game.check(action)
                return action
            except poignee_question.TakeBack as typed:  # at the poignée's own question
                taken_back = self.take_back(typed.word)
                if taken_back:
                    return taken_back
            except IllegalAction as error:
                # Rendered from the refusal's fields: the seats by their names at this
                # table, the person as "you" (the log's message says P0…P3).
                message = with_symbols(error.render(self.names, self.human))
                self.refuse(message, "yellow")
            except NotationError as error:
                # A card the answer names is refused like a move; the words, more quietly.
                self.refuse(str(error), "yellow" if error.card else "")

    def take_back(self, word: str = "undo") -> TakeBack | None:
        """``undo`` (``word``, as typed): in a practice game the person's previous decision
        in this deal to take back, or None, refused, when there is none; in any other game
        None, refused with where it works (rather than read as a bid or a card)."""
        if not self.game.header.practice:
            self.refuse(_("{word} works only in a practice game (tarot play --practice)")
                        .format(word=word))
            return None
        if self.game.undo_target() is None:
            self.refuse(_("Nothing to take back: you have made no decision yet in this "
                          "deal."))
            return None
        if self.script is not None:
            self.script.abandon()  # the computer players decide again, unscripted
        return TakeBack()

    def show_hint(self) -> None:
        """What the hint player would play here and why, from the person's own view only."""
        say_hint(self)

    @property
    def calling(self) -> bool:
        """Whether the decision awaited is the taker's call (five players, V5-2)."""
        return any(isinstance(action, Call) for action in self.game.legal_actions())

    def show_callable(self) -> None:
        """The cards the person may call, before the call prompt (V5-3)."""
        callable_cards = [action.card for action in self.game.legal_actions()
                          if isinstance(action, Call)]
        self.say_indented(styled(_("You took: call a card; its holder is your partner. You "
                                   "may call: {cards}"), cards=cards_line(callable_cards)), 2)

    def prompt_text(self) -> str:
        phase = self.game.phase
        if self.calling:
            return _("The card you call (code or name, or 'auto'):")
        if phase == phases.AUCTION:
            return _("Your bid ({bids}):").format(bids=" / ".join(self.bid_words()))
        if phase == phases.CHIEN:
            options = self.game.discard_options()
            if options.trumps_required:
                # Short, for the answer's room on the line; show_hand says why.
                return ngettext(
                    "Discard {size} cards ({trumps} trump among them), or 'auto':",
                    "Discard {size} cards ({trumps} trumps among them), or 'auto':",
                    options.trumps_required).format(size=options.size,
                                                    trumps=options.trumps_required)
            return _("Discard {size} cards (codes or numbers; no king, no bout), or "
                     "'auto':").format(size=options.size)
        if phase == phases.DECLARATIONS:
            return _("Declare a chelem, all {tricks} tricks? (y/N):").format(
                tricks=self.game.rules.deal.hand_size)
        return _("Your card (code or number, hint, ? for help):")

    def bid_words(self) -> list[str]:
        """The bids the person may make now, as a person of the language types them."""
        return [bid_word(None if word == "pass" else word) for word in bid_words(self.game)]

    def parse_answer(self, answer: str) -> Action | None:
        """The action the person's answer names (tarot.engine.notation), or None to ask
        again; the two answers that open a dialogue of their own are read here."""
        phase = self.game.phase
        seat = self.human
        assert seat is not None
        if self.calling:
            return self.parse_call(answer)
        if phase == phases.CHIEN and answer.lower() in read_words("auto"):
            hand = mask_of_codes(self.game.hand(seat))
            return Discard(seat=seat, cards=codes_of_mask(
                choose_discard(hand, self.game.rules.deal.chien_size,
                               self.game.rules.table.points)))
        if phase == phases.TRICKS:
            if answer.lower() in read_words("poignee"):
                return self.choose_poignee()
            if not answer:
                return None
        return self.game.parse(answer)

    def parse_call(self, answer: str) -> Call | None:
        """The card the person calls: its code or its name, in English or French (``KH``,
        ``RC``, ``roi de cœur``; ``call KH`` too), or ``auto`` for the computer's choice;
        None (asked again) for a number, which names no card here."""
        seat = self.human
        assert seat is not None
        words = answer.split()
        if len(words) > 1 and words[0].lower() in read_words("call"):
            answer = " ".join(words[1:])
        if answer.lower() in read_words("auto"):
            action = ask(self.players[seat], self.game, self._rng(seat))
            assert isinstance(action, Call), action
            return action
        if answer.isdecimal() or not answer:
            self.refuse(_("Name the card to call by its code (KH or K♥), not a number."))
            return None
        try:
            card = card_code(answer, [], notation=current_notation())
        except NotationError as error:
            # A French code or name in English too (RC, roi de cœur), as the help says:
            # at the call no code means a card in one notation and another in the other.
            try:
                card = card_code(answer, [], notation=FRENCH)
            except NotationError:
                raise error from None
        return Call(seat=seat, card=card)

    def card_code(self, token: str) -> str:
        hand = self.game.hand(self.human) if self.human is not None else []
        return card_code(token, hand)

    def choose_poignee(self) -> Poignee | None:
        """The poignée the person shows, asked in a question of its own; None for none."""
        return ask_poignee(self)

    def last_card(self) -> PlayCard | None:
        """The person's last card, when it is the one thing left to do (played without
        asking: there is no choice). Never in a practice game: its prompt is the last
        chance to take back the card before it, the deal's last choice."""
        assert self.human is not None
        legal = self.game.legal_actions()
        if (self.game.header.practice or len(self.game.hand(self.human)) != 1
                or len(legal) != 1):
            return None
        only = legal[0]
        return only if isinstance(only, PlayCard) else None

    def show_auction(self) -> None:
        """The deal's auction again (the call too, at five), and the chien when it was
        shown (with the person's own discard, when the person took it)."""
        # A practice game's take-backs are no longer the deal's story: the events in force.
        standing = self.game.standing_events()
        deal_at = max((i for i, e in enumerate(standing) if isinstance(e, Deal)), default=0)
        told = False
        for event in standing[deal_at:]:
            if isinstance(event, Bid | Call | ChienShown) or (
                    isinstance(event, Discard) and event.seat == self.human):
                for line in self.narrator.lines(event):
                    self.say_indented(Text("  " + line), 4)
                told = True
        if not told:
            self.say("  " + _("No bid yet."))
        elif not any(isinstance(e, ChienShown) for e in standing[deal_at:]):
            self.say("  " + _("The chien was not shown."))

    def show_announcements(self) -> None:
        """Everything announced in the deal so far, as the person's seat may know it."""
        seat = self.human if self.human is not None else 0
        for line in every_announcement(self.game.view(seat), self.game.rules, self.names):
            self.say_indented(Text("  ") + line, 4)

    def show_last_trick(self) -> None:
        tricks = [e for e in self.game.standing_events() if isinstance(e, TrickTaken)]
        if not tricks:
            self.say("  " + _("No trick has been played yet."))
            return
        last = tricks[-1]
        self.say(trick_recap(last.number, last.leader, last.cards, last.winner, self.names))

    def _rng(self, seat: int) -> random.Random:
        # A computer player's generator depends only on the deal and the moment, so a
        # resumed game continues exactly as the uninterrupted one would have.
        return random.Random(f"{self.game.header.seed}:{seat}:{len(self.game.events)}")
