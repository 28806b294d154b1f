"""The terminal game behind ``tarot play``: one person (South) against three computer players.

Part of the command-line face. The table is drawn with ``rich`` (colours where
the terminal has them, plain text where it does not); every prompt offers only
what is legal, and a refused answer says why and asks again. The game changes
only through ``Game.play``, and each event is written to the save file as it
happens, so quitting, Ctrl-C or the end of piped input lose nothing.
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import os
import random
import re
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

import click
from rich.console import Console
from rich.text import Text

from tarot.bots.base import Player, ask
from tarot.bots.registry import make_player
from tarot.bots.rules_player import choose_discard
from tarot.duplicate.match import MAX_DEALS_WITHOUT_CONTRACT
from tarot.engine import phases
from tarot.engine.cards import (
    CARD_BY_CODE,
    CODES,
    card_words,
    codes_of_mask,
    display,
    mask_of_codes,
    quoted,
    sort_key,
)
from tarot.engine.events import (
    Action,
    Bid,
    Call,
    ChienShown,
    Deal,
    Discard,
    Event,
    Poignee,
    Redeal,
    Settlement,
    TrickTaken,
)
from tarot.engine.events import Play as PlayCard
from tarot.engine.game import Game
from tarot.engine.legal import rule_at_size
from tarot.engine.notation import (
    CALL_WORDS,
    POIGNEE_WORDS,
    NotationError,
    bid_words,
    card_code,
    french_on,
)
from tarot.engine.rules import RuleSet
from tarot.engine.views import PlayerView
from tarot.errors import IllegalAction
from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, SUM, held
from tarot.explain.narrate import Narrator, settlement_summary
from tarot.files.said import os_error_said
from tarot.i18n import N_, _, ngettext, pgettext
from tarot.log import LogWriter
from tarot.storage.named_deals import Script
from tarot.table.loop import NoContractYet, play_out
from tarot.table.seats import ComputerSeat, Decision, Seat, TakeBack
from tarot.ui.phase_help import PHASE_HELP, bid_word, call_help
from tarot.ui.table_view import (
    SEAT_NAMES_BY_SIZE,
    announcement_lines,
    card_text,
    cards_line,
    excuse_warning,
    hand_lines,
    header_lines,
    trick_lines,
    trick_recap,
)

# P0..P3: play goes counter-clockwise. In English, as the log's header and `--as-seat`
# write them (language-neutral); a person reads them through names_for.
SEAT_NAMES = SEAT_NAMES_BY_SIZE[4]

LEGEND = N_("Cards: K king, Q queen, N knight (cavalier), J jack, 10 … 2, 1 ace;\n"
            "T1 … T21 are the trumps (T1 is the Petit), EXC is the Excuse.\n"
            "Type ? at any prompt for help.")

THINKING_AFTER = 0.3  # seconds of a computer's thinking before "thinking…" is shown
CARD_HELP = N_("""At the card prompt:
  a card code  kh, 10♦, NS, T21, exc (any case; ♠♥♦♣ or S H D C)
  a number     the card's number in your hand, as shown (it changes as you play)
  p            show a poignée (just before your first card, with enough trumps)
  hint         the card the strong computer player would play in your place,
               and why, from what you can see (it never looks at hidden cards)
  last         the previous trick
  t            the table again, with the trick in progress (Enter, table or
               trick too)
  chien        the auction and the chien again (when it was shown)
  hand         your hand again
  ?            this help
  quit         save and leave (the end of input does the same; Ctrl-C too)
  French words work too: passe, oui or o, non, conseil, dernier, pli, main,
    aide, quitter.""")
# Added to the help of every prompt in a practice game.
PRACTICE_HELP = N_("""Practice game: type undo (or annuler) at any of your prompts, or at the
pause after a trick, to take back your previous decision in this deal; the
computer players then decide again (they may choose otherwise than before).
Every take-back is saved.""")

# What a person may type besides a move, in English and in French whichever the language
# (a French player may know the English words, and the reverse).
QUIT_WORDS = frozenset({"quit", "exit", "q", "quitter"})
HELP_WORDS = frozenset({"?", "help", "h", "aide"})
LAST_WORDS = frozenset({"last", "dernier"})
HINT_WORDS = frozenset({"hint", "conseil"})
# A practice game's take-back (play --practice); elsewhere an unknown word, as before.
UNDO_WORDS = frozenset({"undo", "annuler"})
HAND_WORDS = frozenset({"hand", "main"})
TABLE_WORDS = frozenset({"t", "table", "trick", "pli"})
CHIEN_WORDS = frozenset({"chien"})
NONE_WORDS = frozenset({"", "n", "no", "none", "non", "aucune"})

# What stands for a space a line must not break at (tarot.explain.line_breaks) while rich
# wraps it: a character of one column that is not a space to rich.
_KEPT_SPACE = "\ue000"


class QuitGame(Exception):
    """The person asked to stop; the game so far is saved."""


class TakeBackTyped(Exception):
    """A practice game's undo typed at a question inside a prompt (the poignée's): the
    prompt takes the decision back."""


def names_for(human: int | None, players: int = 4) -> tuple[str, ...]:
    """The seats' names at a table of ``players`` as a person reads them, in the person's
    language; the person's own seat (``human``) is "You"."""
    return tuple(pgettext("seat", "You") if seat == human else _(name)
                 for seat, name in enumerate(SEAT_NAMES_BY_SIZE[players]))


def styled(template: str, **fields: str | Text) -> Text:
    """``template`` (a translated message) with its ``{fields}`` filled: a Text field
    (a card in colour) keeps its style, a string is filled as ``str.format`` would."""
    plain = {name: value for name, value in fields.items() if isinstance(value, str)}
    line = Text()
    for piece in re.split(r"(\{[a-z_]+\})", template):
        name = piece[1:-1] if piece.startswith("{") and piece.endswith("}") else None
        value = fields.get(name) if name is not None else None
        if isinstance(value, Text):
            line.append_text(value)
        else:
            line.append(piece.format(**plain) if name is not None else piece)
    return line


def sorted_codes(codes: Sequence[str]) -> list[str]:
    """Cards in the order a hand shows them."""
    return sorted(codes, key=lambda code: sort_key(CARD_BY_CODE[code]))


def say_wrapped(console: Console, text: Text, indent: int) -> None:
    """``text`` wrapped between words to the terminal's width, its following lines indented
    by ``indent`` columns (never cut inside a word). Piped output (``soft_wrap``) keeps each
    line whole: a script reads one message a line, and a pipe has no width."""
    if console.soft_wrap:
        console.print(text, markup=False)
        return
    width = console.width if console.is_terminal else 80
    # French puts a space before « ; : ? ! » and inside « »: that space must not
    # break, or a line would begin with "; (25 + 20) × 2". Wrapped as one word, then
    # given back.
    kept = text.copy()
    kept.plain = held(text.plain, FRENCH_TYPOGRAPHY, SUM, mark=_KEPT_SPACE)
    number = 0
    for paragraph in kept.split("\n", allow_blank=True):
        for line in paragraph.divide(_breaks(paragraph.plain, width, indent)):
            line.rstrip()
            line.plain = line.plain.replace(_KEPT_SPACE, " ")
            console.print(Text(" " * indent) + line if number else line, markup=False,
                          soft_wrap=True)
            number += 1


def _breaks(plain: str, width: int, indent: int) -> list[int]:
    """Where to break ``plain`` into lines of at most ``width`` columns, the lines after
    the first indented by ``indent``, between words only: a word longer than the line (a
    path) stays whole rather than cut."""
    breaks: list[int] = []
    start = 0
    for word in re.finditer(r"\S+", plain):
        room = width - (indent if breaks else 0)
        if word.end() - start > room and word.start() > start and \
                plain[start:word.start()].strip():
            breaks.append(word.start())
            start = word.start()
    return breaks


def _is_card(token: str) -> bool:
    """Whether ``token`` names one card as the person's words are read (in French, ``A21``
    and ``roi de pique`` too)."""
    try:
        card_code(token, [])
    except NotationError:
        return False
    return True


class TerminalGame:
    """Runs one game at the terminal; ``human`` is None when the computer plays all seats."""

    def __init__(self, game: Game, players: Sequence[Player], human: int | None,
                 save: TextIO, *, new_file: bool = True, console: Console | None = None,
                 ask_line: Callable[[str], str] | None = None,
                 script: Script | None = None, pace: float | None = None,
                 interactive: bool | None = None, match_line: str | None = None,
                 legend: bool = True, closing: Sequence[tuple[str, str]] = ()) -> None:
        self.game = game
        self.players = players
        self.human = human
        self.console = console or Console(highlight=False)
        # At a terminal rich wraps long lines between words; piped output keeps them whole.
        self.console.soft_wrap = not self.console.is_terminal
        self.writer = LogWriter(save, game.header, already_written=None if new_file else
                                len(game.events))
        if new_file:
            self.writer.write(game.events)
        self.ask_line = ask_line or _prompt
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
            if answer.strip().lower() in UNDO_WORDS and self.game.header.practice:
                self.undo_asked = True

    # -- the loop ----------------------------------------------------------------

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
        except NoContractYet as stop:
            raise click.ClickException(
                _("{count} deals in a row without a contract: the computer players do "
                  "not bid under the rules {rules}; the game is saved as it is").format(
                    count=stop.deals, rules=repr(self.game.rules.id))) from None

    def seats(self) -> list[Seat]:
        """The table's seats: the person's, answered at this terminal, and the computer's."""
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

    def _rng(self, seat: int) -> random.Random:
        # A computer player's generator depends only on the deal and the moment, so a
        # resumed game continues exactly as the uninterrupted one would have.
        return random.Random(f"{self.game.header.seed}:{seat}:{len(self.game.events)}")

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

    # -- the person's turn ---------------------------------------------------------

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
            answer = self.ask_line(self.prompt_text()).strip()
            word = answer.lower()
            if word in QUIT_WORDS:
                raise QuitGame
            if word in HELP_WORDS:
                phase_help = call_help if self.calling else PHASE_HELP.get(self.game.phase)
                self.say(phase_help(self.game.rules) if phase_help else _(CARD_HELP))
                if self.game.header.practice:
                    self.say(_(PRACTICE_HELP))
                continue
            if word in LAST_WORDS:
                self.show_last_trick()
                continue
            if word in HINT_WORDS and phase == phases.TRICKS:
                self.show_hint()
                continue
            if word in UNDO_WORDS and self.game.header.practice:
                taken_back = self.take_back()
                if taken_back:
                    return taken_back
                continue
            if word in HAND_WORDS:
                self.show_hand()
                continue
            if word in TABLE_WORDS or (not word and phase == phases.TRICKS):
                if phase == phases.TRICKS:
                    self.show_table()
                else:
                    self.show_hand(with_chien=phase == phases.CHIEN)
                continue
            if word in CHIEN_WORDS:
                self.show_auction()
                continue
            try:
                action = self.parse_answer(answer)
                if action is None:
                    continue
                self.game.check(action)
                return action
            except TakeBackTyped:  # typed at the poignée's own question
                taken_back = self.take_back()
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

    def take_back(self) -> TakeBack | None:
        """A practice game's undo: the person's previous decision in this deal to take
        back, or None, refused, when there is none."""
        if self.game.undo_target() is None:
            self.refuse(_("Nothing to take back: you have made no decision yet in this "
                          "deal."))
            return None
        if self.script is not None:
            self.script.abandon()  # the computer players decide again, unscripted
        return TakeBack()

    def show_hint(self) -> None:
        """What the hint player would play here and why, from the person's own view only."""
        from tarot.bots.advice import advise, reasons, seat_score
        from tarot.bots.registry import HINT_LEVEL, make_player
        from tarot.bots.sampling import SamplingPlayer

        seat = self.human
        assert seat is not None
        if self.hint_player is None:
            self.hint_player = make_player(HINT_LEVEL, self.game.rules)
        player = self.hint_player
        assert isinstance(player, SamplingPlayer)
        legal = mask_of_codes(a.card for a in self.game.legal_actions()
                              if isinstance(a, PlayCard))
        # Its own generator, seeded by the moment: asking twice gives the same hint.
        rng = random.Random(f"{self.game.header.seed}:hint:{len(self.game.events)}")
        with self.thinking(_("Thinking of a hint…")):
            advice = advise(player, self.game.view(seat), legal, rng)
        best = advice.outcomes[advice.best]
        hand = self.game.hand(seat)
        fields: dict[str, str | Text] = {
            "card": card_text(CODES[advice.best]),
            "number": str(hand.index(CODES[advice.best]) + 1)}
        if not legal & (legal - 1):
            template = _("Hint: {card} (card {number}): the only card you may play.")
        elif not best.deals:
            template = (_("Hint: {card} (card {number}): the one card left once the mistakes "
                          "below are set aside.") if advice.left_out else
                        _("Hint: {card} (card {number}): every card you may play comes to "
                          "the same."))
        else:
            second = advice.ranked[1]
            template = ngettext(
                "Hint: {card} (card {number}): {score} for you on average, over {deals} trial "
                "deal with the cards you cannot see placed at random; next best {second}, "
                "{second_score}.",
                "Hint: {card} (card {number}): {score} for you on average, over {deals} trial "
                "deals with the cards you cannot see placed at random; next best {second}, "
                "{second_score}.",
                best.deals)
            fields |= {"score": f"{seat_score(advice, advice.best):+d}",
                       "deals": str(best.deals), "second": card_text(CODES[second]),
                       "second_score": f"{seat_score(advice, second):+d}"}
        self.say_indented(Text("  ") + styled(template, **fields),
                          2 + len(template.partition("{card}")[0]))
        for reason in reasons(advice):
            self.say_indented(Text(f"    {reason[0].upper()}{reason[1:]}."), 4)

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
        if phase == phases.CHIEN and answer.lower() == "auto":
            hand = mask_of_codes(self.game.hand(seat))
            return Discard(seat=seat, cards=codes_of_mask(
                choose_discard(hand, self.game.rules.deal.chien_size,
                               self.game.rules.table.points)))
        if phase == phases.TRICKS:
            if answer.lower() in POIGNEE_WORDS:
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
        if len(words) > 1 and words[0].lower() in CALL_WORDS:
            answer = " ".join(words[1:])
        if answer.lower() == "auto":
            action = ask(self.players[seat], self.game, self._rng(seat))
            assert isinstance(action, Call), action
            return action
        if answer.isdecimal() or not answer:
            self.refuse(_("Name the card to call by its code (KH or K♥), not a number."))
            return None
        try:
            card = card_code(answer, [], french=french_on())
        except NotationError as error:
            # A French code or name in English too (RC, roi de cœur), as the help says:
            # at the call no code means a card in one notation and another in the other.
            try:
                card = card_code(answer, [], french=True)
            except NotationError:
                raise error from None
        return Call(seat=seat, card=card)

    def card_code(self, token: str) -> str:
        hand = self.game.hand(self.human) if self.human is not None else []
        return card_code(token, hand)

    def choose_poignee(self) -> Poignee | None:
        assert self.human is not None
        options = self.game.poignee_options(self.human)
        if not options or not self.game.legal_actions() or not any(
                isinstance(a, Poignee) for a in self.game.legal_actions()):
            if not self.game.poignee_window_open(self.human):
                self.refuse(_("No poignée now: a poignée is shown just before your first "
                              "card, once (A12)."))
            else:
                fewest = self.game.rules.poignees[0].trumps
                self.refuse(_("No poignée with this hand: it takes {count} trumps (or "
                              "{fewer} and the Excuse) ({rule}).").format(
                    count=fewest, fewer=fewest - 1,
                    rule=rule_at_size("R8", self.game.rules.players)))
            return None
        for index, option in enumerate(options, start=1):
            self.say_indented(Text("  ") + styled(_("{number}. {poignee}, +{bonus}: {cards}"),
                                                  number=str(index),
                                                  poignee=option.level.label,
                                                  bonus=str(option.level.bonus),
                                                  cards=cards_line(option.shown)), 5)
        self.say("  " + _("(These show your lowest trumps; to show others, type the cards "
                          "themselves.)"))
        # Asked again until the answer is one it can take: a typo must not be taken as
        # "no poignée", nor the next answer played as a card.
        while True:
            answer = self.ask_line(ngettext(
                "Which one (1 to {count}, the cards to show, or Enter for none)?",
                "Which one (1 to {count}, the cards to show, or Enter for none)?",
                len(options)).format(count=len(options))).strip()
            if answer.lower() in NONE_WORDS:
                return None
            if answer.lower() in UNDO_WORDS and self.game.header.practice:
                raise TakeBackTyped
            # The cards as the table reads them: "roi de pique" is one card in French.
            tokens = card_words(answer, french=french_on())
            if len(tokens) > 1:
                # The person's own subset, checked here by the engine's own rules (the
                # level, trumps only, in hand, the Excuse rule), so that a refusal asks
                # this question again rather than the card prompt.
                try:
                    chosen = Poignee(seat=self.human, cards=tuple(self.card_code(t)
                                                                  for t in tokens))
                    self.game.check(chosen)
                    return chosen
                except NotationError as error:
                    self.refuse(str(error), "yellow")
                    continue
                except IllegalAction as error:
                    message = with_symbols(error.render(self.names, self.human))
                    self.refuse(message, "yellow")
                    continue
            if answer.isdecimal() and len(answer) <= 3 and 1 <= int(answer) <= len(options):
                return Poignee(seat=self.human, cards=options[int(answer) - 1].shown)
            # One message per count (ngettext), so that a language may say "type 1" rather
            # than "1 to 1" when a single poignée is offered.
            if answer.isdecimal():
                why = ngettext(
                    "{answer} is not one of the poignées listed: type 1 to {count}, the "
                    "trumps to show separated by spaces, or Enter for none.",
                    "{answer} is not one of the poignées listed: type 1 to {count}, the "
                    "trumps to show separated by spaces, or Enter for none.", len(options))
            elif _is_card(answer):
                why = ngettext(
                    "a poignée shows all its trumps at once, not one card: type 1 to "
                    "{count}, the trumps to show separated by spaces, or Enter for none.",
                    "a poignée shows all its trumps at once, not one card: type 1 to "
                    "{count}, the trumps to show separated by spaces, or Enter for none.",
                    len(options))
            else:
                why = ngettext(
                    "{answer} is neither a number nor cards: type 1 to {count}, the "
                    "trumps to show separated by spaces, or Enter for none.",
                    "{answer} is neither a number nor cards: type 1 to {count}, the "
                    "trumps to show separated by spaces, or Enter for none.", len(options))
            self.refuse(why.format(answer=answer[:6] if answer.isdecimal() else
                                   quoted(answer[:20]), count=len(options)))

    # -- drawing -----------------------------------------------------------------

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

    def show_last_trick(self) -> None:
        tricks = [e for e in self.game.standing_events() if isinstance(e, TrickTaken)]
        if not tricks:
            self.say("  " + _("No trick has been played yet."))
            return
        last = tricks[-1]
        self.say(trick_recap(last.number, last.leader, last.cards, last.winner, self.names))

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


class PersonSeat:
    """The person's seat at a front end: asked at its prompt; told nothing here (the front
    end, a watcher of the whole table, draws it from the person's view), but a take-back
    asked for at the pause after a trick."""

    def __init__(self, front: TerminalGame) -> None:
        self.front = front

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        return self.front.human_decision()

    def tell(self, event: Event) -> TakeBack | None:
        return self.front.take_back_asked()


class ComputerAtTable:
    """A computer seat at a person's table: a named deal's script first, and "thinking…"
    while it decides."""

    def __init__(self, front: TerminalGame, computer: ComputerSeat) -> None:
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


_CODE = re.compile(r"\b(10|[1-9JNQK])([SHDC])\b")


def with_symbols(message: str) -> str:
    """Card codes in a message as the table shows them (``KH`` → ``K♥``)."""
    return _CODE.sub(lambda m: display(CARD_BY_CODE[m.group(0)]), message)


@contextlib.contextmanager
def _no_echo() -> Iterator[None]:
    """The terminal's echo off while the computer plays: keys typed ahead wait, unseen,
    for the next prompt (where they are read and shown as usual)."""
    try:
        import termios
    except ImportError:  # no termios (Windows)
        yield
        return
    try:
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
    except (OSError, ValueError, termios.error):  # not a terminal (termios.error: a pipe)
        yield
        return
    quiet = list(saved)
    quiet[3] &= ~termios.ECHO
    termios.tcsetattr(fd, termios.TCSANOW, quiet)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)


def _prompt(text: str) -> str:
    """A line typed at the prompt. The end of the input stops the game like ``quit``;
    Ctrl-C (SIGINT) is a ``click.Abort``, for the caller to save and exit 130."""
    reader = _stdin_lines()
    if reader is None:
        return _click_prompt(text)
    try:
        line = reader.read_line(f"{text} ")
    except KeyboardInterrupt:
        raise click.Abort from None
    if line is None:
        raise QuitGame("the end of the input")
    return line


def _click_prompt(text: str) -> str:
    """click's prompt, where standard input is not a file of this process's (a test's
    input) or cannot be waited on with a signal (Windows)."""
    try:
        return str(click.prompt(text, default="", show_default=False, prompt_suffix=" "))
    except click.Abort as abort:
        # click turns both Ctrl-C and the end of the input into Abort; the first stays
        # an Abort (saved, exit 130), the second stops like `quit` (saved, exit 0).
        if isinstance(abort.__context__, EOFError):
            raise QuitGame("the end of the input") from None
        raise


class StdinLines:
    """The lines of standard input, read so that a signal ends the wait for one whenever
    it comes.

    ``input()`` (which click's prompt calls) writes the prompt and then reads, with no
    Python instruction in between: a SIGINT that comes between the two has its handler
    (the KeyboardInterrupt) put off until the read returns, that is until a line comes or
    the input ends, which a pipe or a FIFO may never do; and then the game stopped as at
    the end of the input (exit 0) as often as it was interrupted (exit 130). Here the
    signal's arrival is written down by the interpreter (``signal.set_wakeup_fd``) into
    a pipe that the wait watches as well as the input, from before the prompt is shown:
    the wait ends, and the handler runs, whenever the signal came.

    The game reads standard input through here alone, so that the lines read ahead (a
    pipe may bring several at once) wait here for the next prompt.
    """

    def __init__(self, fd: int, encoding: str) -> None:
        self.fd = fd
        # Bytes that are not text become U+FFFD, as the game's stdin is set to do.
        self.decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        self.pending = ""
        self.ended = False

    def read_line(self, prompt: str) -> str | None:
        """The next line, without its end of line, once ``prompt`` is shown; None at the
        end of the input. KeyboardInterrupt on Ctrl-C, whenever it comes."""
        wake_read, wake_write = os.pipe()
        try:
            os.set_blocking(wake_write, False)
            previous = signal.set_wakeup_fd(wake_write, warn_on_full_buffer=False)
            try:
                click.echo(prompt, nl=False)
                while "\n" not in self.pending and not self.ended:
                    if self._wait(wake_read):
                        data = os.read(self.fd, 65536)
                        self.pending += self.decoder.decode(data, final=not data)
                        self.ended = not data
            finally:
                signal.set_wakeup_fd(previous)
        finally:
            os.close(wake_read)
            os.close(wake_write)
        line, newline, self.pending = self.pending.partition("\n")
        if not newline and not line:
            return None
        return line.removesuffix("\r")

    def _wait(self, wake: int) -> bool:
        """Whether the input is readable; False after a signal came (whose handler runs as
        this returns: a KeyboardInterrupt goes up from here)."""
        ready, _, _ = select.select([self.fd, wake], [], [])
        if wake in ready:
            os.read(wake, 512)
            return False
        return True


@functools.cache
def _lines_of(fd: int, encoding: str) -> StdinLines:
    return StdinLines(fd, encoding)


def _stdin_lines() -> StdinLines | None:
    """The reader of this process's standard input; None where click's prompt reads it:
    an input that is not a file of the process (a test runner's), a thread that signals
    do not reach, or no ``select`` on it (Windows)."""
    if os.name != "posix" or threading.current_thread() is not threading.main_thread():
        return None
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both
        return None
    return _lines_of(fd, getattr(sys.stdin, "encoding", None) or "utf-8")
