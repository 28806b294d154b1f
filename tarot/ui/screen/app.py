"""The full-screen table of ``tarot play`` (Textual): nothing scrolls away.

The session (:func:`tarot.ui.session.play_session`, unchanged) runs in a worker thread
with a :class:`~tarot.ui.screen.table.ScreenTable`; after each event it posts an immutable
:class:`~tarot.ui.screen.game.Snapshot` here, and the person's answers go back through a
queue as the words line mode reads. This thread draws and reads keys; it never touches
the game.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, RichLog, Static
from textual.worker import Worker, WorkerState

from tarot.engine import phases
from tarot.engine.card_notation import Notation, current_notation
from tarot.engine.cards import CARD_BY_CODE, EXCUSE, SUIT_SYMBOLS, display, is_trump, suit_of
from tarot.engine.events import Action, Discard, Play
from tarot.engine.typed_words import read_words
from tarot.engine.views import PlayerView, TrickView
from tarot.i18n import _, pgettext
from tarot.ui.dialogue import names_for
from tarot.ui.screen.contract_panel import AnnouncementsPanel, ContractPanel, StoryLog
from tarot.ui.screen.game import Channel, Kind, Snapshot, Stop
from tarot.ui.screen.keys import (
    AnswerInput,
    PromptLine,
    Span,
    choices_text,
    clicked,
    hand_groups,
    hand_lines,
    keys_line,
)
from tarot.ui.screen.screen_help import HelpPanel
from tarot.ui.screen.sizes import MIN_SIZE, too_small_text
from tarot.ui.screen.table import ScreenTable
from tarot.ui.session import PlayOptions, Table, play_session
from tarot.ui.table_view import (
    SEAT_ROWS,
    card_text,
    partner_seat,
    trick_by_seat,
    winning_seat,
)

Session = Callable[[PlayOptions, Table], None]


def typed_code(code: str, notation: Notation | None = None) -> str:
    """A card's code as the screen types it for the person: one card in ``notation`` (by
    default the current language's). A suit card goes with its suit's symbol, one card in
    either notation: "1C" would read as the ace of hearts (cœur) in the French notation
    too, and be refused there as naming two cards. A trump goes in the notation's letter:
    "T7" is also the 7 of clubs (trèfle) said suit first in French, and refused there."""
    card = CARD_BY_CODE[code]
    if card == EXCUSE:
        return code
    if is_trump(card):
        return display(card, notation=notation or current_notation())
    return code[:-1] + SUIT_SYMBOLS[suit_of(card)]


def seat_cell(view: PlayerView, seat: int, names: tuple[str, ...],
              width: int | None = None) -> Text:
    """A seat at the trick: its name, its card (or ? when it is to play), and whether it
    is the partner (five players, once this seat may know it), led, is winning, is to
    play. Within ``width``, the marks the rest of the screen repeats are left out first
    (the partner, named in the Contract panel; then who led), so that who wins the trick
    is never cut off."""
    seats = len(names)
    played = trick_by_seat(view, seats)
    winning = winning_seat(view, seats)
    # At the auction and the discard the prompt says who is asked: "to play" is for cards.
    turn = view.turn if view.phase == phases.TRICKS else None
    cell = Text(f"{names[seat]} ", style="bold" if seat == turn else "")
    if seat in played:
        cell.append_text(card_text(played[seat]))
    elif seat == turn:
        cell.append("?", style="bold yellow")
    else:
        cell.append("·", style="dim")
    partner = pgettext("seat at the trick", "partner")
    led = pgettext("seat at the trick", "led")
    marks = []
    if seat == partner_seat(view):
        marks.append(partner)
    if seat == view.leader and view.trick:
        marks.append(led)
    if seat == winning and len(view.trick) == seats and view.turn is None:
        marks.append(pgettext("seat at the trick", "takes the trick"))
    elif seat == winning and len(view.trick) > 1:
        marks.append(pgettext("seat at the trick", "winning"))
    if seat == turn:
        marks.append(pgettext("seat at the trick", "to play"))
    for spare in (partner, led):
        if width is None or cell.cell_len + len(f" ({', '.join(marks)})") <= width:
            break
        if spare in marks:
            marks.remove(spare)
    if marks:
        cell.append(f" ({', '.join(marks)})", style="dim")
    return cell


def seat_lines(view: PlayerView, names: tuple[str, ...], width: int,
               height: int = 0) -> list[Text]:
    """The trick by seat as the table is seen from South: North above, West to the left
    and East to the right, South below (at three West and East above South, at five
    North-West and North-East above West and East); a pair of seats on two lines when one
    is too narrow for both."""
    rows = [[seat_cell(view, seat, names, width) for seat in row]
            for row in SEAT_ROWS[len(names)]]
    # A seat alone on its row (North, South) in the middle, above or below the others.
    middle = max((width - max(cells[0].cell_len for cells in rows if len(cells) == 1)) // 2,
                 0)
    lines = []
    for cells in rows:
        if len(cells) == 1:
            lines.append(Text(" " * middle) + cells[0])
            continue
        left, right = cells
        if left.cell_len + right.cell_len + 2 <= width:
            lines.append(left + Text(" " * (width - left.cell_len - right.cell_len)) + right)
        else:
            lines += [left, Text(" " * max(width - right.cell_len, 0)) + right]
    if height >= 2 * len(lines) + 1:  # room to spare: the seats apart, as at a table
        lines = [line for pair in zip(lines, [Text("")] * len(lines), strict=True)
                 for line in pair][:-1]
    for line in lines:
        line.no_wrap = True
        line.overflow = "ellipsis"
    return lines


def previous_trick_lines(trick: TrickView, names: tuple[str, ...],
                         width: int = 38) -> list[Text]:
    """The trick before the one on the table, under it (the Contract panel beside it has
    no row to spare at 80×24): each seat's card, the leader first, the winner marked, with
    single spaces so that it fits the table's 38 columns (at five, on two lines when one
    is too narrow)."""

    def joined(first: int, last: int) -> Text:
        line = Text()
        for index in range(first, last):
            seat = (trick.leader + index) % len(names)
            line.append(f"{' ' if index > first else ''}{names[seat]} ", style="dim")
            line.append_text(card_text(trick.cards[index]))
            if seat == trick.winner:
                line.append("✓", style="bold green")
        line.no_wrap = True
        line.overflow = "ellipsis"
        return line

    count = len(trick.cards)
    lines = [joined(0, count)]
    if lines[0].cell_len > width and count > 4:
        half = (count + 1) // 2
        lines = [joined(0, half), joined(half, count)]
    return [Text(_("Previous trick:"), style="dim"), *lines]


class TablePanel(Widget):
    """The trick in progress by seat (or the trick just completed, while it is read)."""

    def render(self) -> RenderableType:
        app = self.app
        assert isinstance(app, TableApp)
        board = app.board
        view = board.view
        if view is None:
            return ""
        if board.shown_trick is not None:
            shown = board.shown_trick
            view = dataclasses.replace(view, trick=shown.cards, leader=shown.leader,
                                       turn=None)
        previous = [trick for trick in board.view.tricks  # type: ignore[union-attr]
                    if board.shown_trick is None or trick.number < board.shown_trick.number]
        below = (previous_trick_lines(previous[-1], board.names, self.content_size.width)
                 if previous else [])
        lines = seat_lines(view, board.names, self.content_size.width,
                           self.content_size.height - 1 - len(below))
        lines.extend(below)
        lines.append(Text(board.status, style="italic"))
        return Group(*lines)


class HandPanel(Widget):
    """The hand by suit: the cursor on one card, the playable ones starred, the cards
    marked for the discard with a sign in the star's place (and highlighted, where there
    is colour); a click on a card is the app's (:meth:`TableApp.card_clicked`)."""

    spans: list[Span] = []  # noqa: RUF012 (each render sets its own)

    def render(self) -> RenderableType:
        app = self.app
        assert isinstance(app, TableApp)
        view = app.board.view
        if view is None or not view.hand:
            self.spans = []
            return ""
        snapshot = app.snapshot
        lines, self.spans = hand_lines(
            view.hand, snapshot.legal, app.marked,
            app.cursor if snapshot.kind in (Kind.CARD, Kind.DISCARD) else None,
            dim_illegal=snapshot.kind is Kind.CARD, width=max(self.content_size.width, 20))
        return Group(*lines)

    def on_click(self, event: events.Click) -> None:
        index = clicked(self.spans, event, self)
        app = self.app
        if index is not None and isinstance(app, TableApp):
            app.card_clicked(index)


class TableApp(App[None]):
    """``tarot play`` on the full screen."""

    CSS_PATH = "table.tcss"
    TITLE = "tarot"
    ENABLE_COMMAND_PALETTE = False
    # Ctrl-Q and Ctrl-C leave whatever the answer line holds; every other key is read by
    # the answer line (AnswerInput), in the order typed.
    BINDINGS = [  # noqa: RUF012 (Textual's own convention)
        Binding("ctrl+q", "stop('quit')", show=False, priority=True),
        Binding("ctrl+c", "stop('interrupt')", show=False, priority=True),
    ]

    def __init__(self, options: PlayOptions, pace: float | None = None,
                 session: Session = play_session, *, cursor_blink: bool = True) -> None:
        # NO_COLOR (no-color.org: set and not empty): Textual then strips every colour
        # from what it draws, the theme's too, where its own reading (set at all) would
        # only turn them grey.
        super().__init__(ansi_color=bool(os.environ.get("NO_COLOR")))
        self.answer_blinks = cursor_blink  # a snapshot's cursor is steady
        self.options = options
        self.session = session
        self.channel = Channel(post=self._post_snapshot, log=self._post_story)
        self.table = ScreenTable(self.channel, pace)
        self.snapshot = Snapshot(names=names_for(0))
        self.board = self.snapshot  # the last snapshot with a table to draw
        self.cursor = 0
        self.choice = 0  # the cursor in the row of choices (a bid, a call, yes or no)
        self.marked: list[str] = []
        self.waiting = True  # an answer sent, the next question not yet asked
        self.announcing = False  # every announcement shown over the table (Tab)
        self.finished = False
        self.error: BaseException | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        with Horizontal(id="upper"):
            yield TablePanel(id="table")
            yield ContractPanel(lambda: self.board.info, id="info")
        yield HandPanel(id="hand")
        with Horizontal(id="lower"):
            yield StoryLog(id="log", wrap=True, markup=False, highlight=False)
            with VerticalScroll(id="aside"):
                yield Static(id="aside-text")
        yield PromptLine(id="prompt")
        answer = AnswerInput(id="answer")
        answer.cursor_blink = self.answer_blinks
        yield answer
        yield Static(id="refusal")
        yield Static(id="keys")
        # The result stays whole at the top of its box; the sheet below it scrolls (to its
        # last rows) when a long match's sheet does not fit, and the question stays last.
        with Vertical(id="result"):
            yield Static(id="result-text")
            yield Static(id="result-sheet-head")
            with VerticalScroll(id="result-sheet"):
                yield Static(id="result-sheet-text")
            yield Static(id="result-question")
        yield AnnouncementsPanel(id="announcements")
        yield HelpPanel(id="help")
        yield Static(id="too-small")

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        notice = self.query_one("#too-small", Static)
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small:
            notice.update(too_small_text(width, height))
        notice.display = small

    def on_mount(self) -> None:
        self.query_one("#table").border_title = pgettext("screen panel", "Table")
        self.query_one("#info").border_title = pgettext("screen panel", "Contract")
        self.query_one("#hand").border_title = pgettext("screen panel", "Your hand")
        self.query_one("#log").border_title = pgettext("screen panel", "What happened")
        answer = self.query_one("#answer", Input)
        # The answer line alone takes the focus: Tab or a click would otherwise give it to
        # a panel that scrolls, and every key after it (Enter, the answers typed) would go
        # there, the game waiting for an answer that never comes. The panels scroll with
        # PgUp/PgDn and the mouse wheel, which need no focus.
        for widget in self.query("*"):
            widget.can_focus = widget is answer
        answer.focus()
        self._fit(self.size.width, self.size.height)
        self.run_worker(self._play, thread=True, exit_on_error=False, name="session")

    def _play(self) -> None:
        self.session(self.options, self.table)

    # -- from the worker -------------------------------------------------------------

    def _post_snapshot(self, snapshot: Snapshot) -> None:
        self._from_worker(self.show_snapshot, snapshot)

    def _post_story(self, line: Text) -> None:
        self._from_worker(self.add_log, line)

    def _from_worker(self, callback: Callable[[object], None], value: object) -> None:
        # RuntimeError: the app has stopped, and there is nobody to draw for.
        with contextlib.suppress(RuntimeError):
            self.call_from_thread(callback, value)

    def add_log(self, line: object) -> None:
        self.query_one("#log", RichLog).write(line)

    def show_snapshot(self, snapshot: object) -> None:
        assert isinstance(snapshot, Snapshot)
        previous_board = self.board
        previous_choices = self.snapshot.choices
        self.snapshot = snapshot
        if snapshot.view is not None:
            self.board = snapshot
            self._place_cursor(previous_board)
        if snapshot.kind is not Kind.DISCARD:
            self.marked = []
        if snapshot.choices != previous_choices:
            self.choice = 0
        if snapshot.kind is not None:
            self.waiting = False
        self._draw()

    def _place_cursor(self, previous: Snapshot) -> None:
        """The cursor stays on its card if it can (``previous`` the board it was drawn
        on); when its card has left the hand (played, discarded) it goes back to the
        first card, and at a card question to the first playable card when it is not on
        one: never onto whatever card slid under it."""
        view = self.board.view
        assert view is not None
        old = previous.view.hand if previous.view is not None else ()
        code = old[self.cursor] if 0 <= self.cursor < len(old) else None
        hand = view.hand
        self.cursor = hand.index(code) if code in hand else 0
        legal = self.snapshot.legal
        if legal and (not hand or hand[self.cursor] not in legal):
            self.cursor = next(i for i, c in enumerate(hand) if c in legal)
        self.cursor = max(self.cursor, 0)

    def _draw(self) -> None:
        snapshot, board = self.snapshot, self.board
        self.query_one("#top", Static).update(Text(board.top, style="bold"))
        for panel in ("#table", "#info", "#hand"):
            self.query_one(panel).refresh(layout=True)
        aside = self.query_one("#aside", VerticalScroll)
        aside.display = bool(snapshot.aside)
        # The hint, the help or the poignées take the story's place, whole width: at 80×24
        # the story is one row high, and the panel is read now.
        self.query_one("#log").display = not snapshot.aside
        aside.border_title = snapshot.aside_title or pgettext("screen panel", "Help")
        self.query_one("#aside-text", Static).update(Group(*snapshot.aside))
        aside.scroll_home(animate=False)
        self._draw_prompt()
        if self.query_one(HelpPanel).display:
            self.query_one(HelpPanel).fill(snapshot)
        self.query_one("#refusal", Static).update(
            Text(f"✗ {snapshot.refusal}", style="yellow") if snapshot.refusal else "")
        self.query_one("#keys", Static).update(Text(self._keys(), style="dim"))
        box = self.query_one("#result", Vertical)
        box.display = bool(snapshot.result)
        if snapshot.result:
            question = snapshot.prompt if not self.finished else _(
                "Enter or q to leave the table.")
            self.query_one("#result-text", Static).update(Group(*snapshot.result))
            sheet = [line.copy() for line in snapshot.sheet]
            for line in sheet:
                line.no_wrap = True  # a table's row is never folded
            # The column names stay above the rows that scroll.
            head = next((n + 1 for n, line in enumerate(sheet)
                         if line.plain.startswith("---")), 0)
            scroll = self.query_one("#result-sheet", VerticalScroll)
            scroll.display = bool(sheet)
            self.query_one("#result-sheet-head", Static).update(Group(*sheet[:head]))
            self.query_one("#result-sheet-text", Static).update(Group(*sheet[head:]))
            self.query_one("#result-question", Static).update(
                Text(question, style="bold"))
            # A long match's sheet scrolls: its last rows and totals stay in view.
            scroll.call_after_refresh(scroll.scroll_end, animate=False)
        self._draw_announcements()

    def _draw_announcements(self) -> None:
        """Every announcement over the table while ``announcing`` (Tab, or the typed word),
        from the last snapshot with a table: it may be opened at any moment."""
        self.query_one(AnnouncementsPanel).draw(self.announcing, self.board.announcements)

    def show_announcements(self, shown: bool) -> None:
        self.announcing = shown
        self._draw_announcements()
        if shown:
            self.query_one(AnnouncementsPanel).scroll_home(animate=False)

    def _draw_prompt(self) -> None:
        snapshot = self.snapshot
        line = self.query_one("#prompt", PromptLine)
        prompt = Text(snapshot.prompt, style="bold")
        line.spans = []
        if snapshot.choices:
            # No warning comes with a choice (the warnings are the card's): the row of
            # choices is on the prompt's first line, or its second.
            prompt, line.spans = choices_text(prompt, snapshot.choices, self.choice,
                                              line.content_size.width or MIN_SIZE[0] - 2)
        if snapshot.warning:
            prompt = Text.assemble(Text(snapshot.warning + "\n", style="bold magenta"), prompt)
        line.update(prompt)

    def _keys(self) -> str:
        return keys_line(self.snapshot.kind, len(self.marked), self.snapshot.discard_size)

    # -- keys ------------------------------------------------------------------------

    def _line(self) -> Input:
        return self.query_one("#answer", Input)

    def _typing(self) -> bool:
        return bool(self._line().value)

    def send(self, answer: str | Action) -> None:
        self.waiting = True
        if self.announcing:  # answered: the table is read again
            self.show_announcements(False)
        self.channel.answers.put(answer)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.finished:
            self.exit()
            return
        self._line().value = ""
        if event.value.strip().lower() in read_words("announcements"):
            self.show_announcements(True)  # the screen has them: no question needed
            return
        if event.value.strip().lower() in read_words("help") and self.snapshot.kind:
            # The screen's own help, for its keys: the line mode's would be said in the
            # story's few rows.
            self.show_help()
            return
        self.send(event.value)

    def show_help(self) -> None:
        self.query_one(HelpPanel).show(self.snapshot)

    def help_key(self, key: str) -> bool:
        return self.query_one(HelpPanel).key(key)

    # -- the mouse ---------------------------------------------------------------------

    def card_clicked(self, index: int) -> None:
        """A click on the hand's card ``index``: played at a card's question, marked or
        unmarked at the discard (an illegal card is refused by the game, saying why, as a
        typed one is); elsewhere the cursor goes to it."""
        view = self.board.view
        if view is None or not 0 <= index < len(view.hand) or self.finished:
            return
        self.cursor = index
        kind = self.snapshot.kind
        if not self.waiting and kind is Kind.CARD:
            self.send(Play(seat=view.seat, card=view.hand[index]))
        elif kind is Kind.DISCARD:
            self._toggle_mark(view.hand[index])
        self._redraw_keys()

    def choice_clicked(self, index: int) -> None:
        """A click on the choice ``index`` after the prompt: taken, as Enter takes it."""
        choices = self.snapshot.choices
        if self.waiting or self.finished or not 0 <= index < len(choices):
            return
        self.choice = index
        self._draw_prompt()
        self.send(choices[index].action)

    def _toggle_mark(self, code: str) -> None:
        if code in self.marked:
            self.marked.remove(code)
        else:
            self.marked.append(code)

    def _redraw_keys(self) -> None:
        self.query_one("#hand").refresh()
        self.query_one("#keys", Static).update(Text(self._keys(), style="dim"))

    def table_key(self, key: str) -> bool:
        """Act on ``key``, pressed while the answer line is empty; False when it means
        nothing to the table now (the line then takes it, as a typed character)."""
        if self.finished:
            if key in ("enter", "q", "y", "o", "n", "escape"):
                self.exit()
                return True
            return False
        view = self.board.view
        kind = self.snapshot.kind
        hand = view.hand if view is not None else ()
        choices = self.snapshot.choices
        if key == "question_mark":
            self.show_help()
        elif key in ("left", "right") and choices:
            self.choice = (self.choice + (1 if key == "right" else -1)) % len(choices)
            self._draw_prompt()
        elif key in ("left", "right") and hand:
            self.cursor = (self.cursor + (1 if key == "right" else -1)) % len(hand)
        elif key in ("up", "down") and hand:
            rows = [indexes for _name, indexes in hand_groups(hand)]
            here = next(n for n, indexes in enumerate(rows) if self.cursor in indexes)
            self.cursor = rows[(here + (1 if key == "down" else -1)) % len(rows)][0]
        elif key == "space" and kind is Kind.DISCARD and hand:
            self._toggle_mark(hand[self.cursor])
        elif key == "tab" or (key == "escape" and self.announcing):
            self.show_announcements(key == "tab" and not self.announcing)
        elif key in ("pageup", "pagedown"):
            # The help or the hint when shown, else the story: read further back or on.
            panel = self.query_one("#announcements" if self.announcing else
                                   "#result-sheet" if self.snapshot.result else
                                   "#aside" if self.snapshot.aside else "#log")
            if key == "pageup":
                panel.scroll_page_up(animate=False)
            else:
                panel.scroll_page_down(animate=False)
        elif key == "q":
            self.action_stop("quit")
        elif self.waiting or kind is None:
            # Nothing is asked yet: Enter waits for the question, letters are typed.
            return key == "enter"
        elif key == "h" and kind is Kind.CARD:
            self.send("hint")
        elif key in ("y", "o", "n") and kind is Kind.ANOTHER:
            self.send("n" if key == "n" else "y")
        elif key == "enter":
            # The card or the cards chosen go as the action itself: nothing to read back.
            if choices:
                self.send(choices[self.choice].action)
            elif kind is Kind.CARD and hand and view is not None:
                self.send(Play(seat=view.seat, card=hand[self.cursor]))
            elif kind is Kind.DISCARD and self.marked and view is not None:
                self.send(Discard(seat=view.seat, cards=tuple(self.marked)))
            else:
                self.send("")
        else:
            return False
        self._redraw_keys()
        return True

    def action_stop(self, how: str) -> None:
        if self.finished:
            self.exit()
            return
        stop = Stop(how)
        self.channel.stop = stop
        self.channel.answers.put(stop)

    def leaving_lines(self) -> list[str]:
        """What is printed once the screen is left: the last deal's result and sheet when
        it ended, then how to continue or replay the game."""
        result = ([line.plain for line in self.table.result]
                  + ([""] if self.table.sheet else [])
                  + [line.plain for line in self.table.sheet]) if self.table.box_open else []
        return [*result, *([""] if result else []), *self.table.after]

    # -- the session's end -----------------------------------------------------------

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self.error = event.worker.error
            self.exit()
        elif event.state == WorkerState.SUCCESS:
            self.finished = True
            if self.snapshot.result and self.channel.stop is None:
                self.snapshot = dataclasses.replace(self.snapshot, kind=None, prompt="")
                self._draw()  # the result stays until a key is pressed
            else:
                self.exit()

    def on_unmount(self) -> None:
        # A worker waiting for an answer is let go, so that the process can end.
        self.channel.stop = self.channel.stop or Stop.QUIT
        self.channel.answers.put(self.channel.stop)
