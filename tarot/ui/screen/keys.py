"""What the screen's keys and mouse choose from, drawn: the hand's rows with where each
card is (for a click), the row of choices after a question, and the line that says which
key does what (``rich`` Text and the spans a click is looked up in, for a test to read
without a screen); and the two widgets that take keys and clicks and hand them to the app
(:mod:`tarot.ui.screen.app`, which draws the rest and acts on them)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Input, Static

from tarot.engine.cards import CARD_BY_CODE, EXCUSE, is_trump, suit_of
from tarot.i18n import _, pgettext
from tarot.ui.screen.choices import Choice
from tarot.ui.screen.game import Kind
from tarot.ui.screen.screen_help import MARK
from tarot.ui.table_view import card_text, suit_names

HAND_INDENT = 10  # where a row's cards start, after the suit's name


@runtime_checkable
class KeysTaker(Protocol):
    """What the app does with the keys and clicks these widgets take."""

    def help_key(self, key: str) -> bool: ...

    def table_key(self, key: str) -> bool: ...

    def choice_clicked(self, index: int) -> None: ...


@dataclass(frozen=True)
class Span:
    """Where a thing that may be clicked is drawn in a panel's content: its row, its first
    column and the column after its last; ``index`` says which thing (a card of the hand,
    a choice)."""

    row: int
    start: int
    end: int
    index: int


def clicked(spans: Sequence[Span], event: events.Click, widget: Widget) -> int | None:
    """The index of the span ``event`` clicked in ``widget``'s content, if any. (Textual
    drops a Rich style's meta on its way to the screen: a click cannot read from the style
    what it landed on.)"""
    offset = event.get_content_offset(widget)
    if offset is None:
        return None
    return next((span.index for span in spans if span.row == offset.y
                 and span.start <= offset.x < span.end), None)


def hand_groups(hand: tuple[str, ...]) -> list[tuple[str, list[int]]]:
    """The hand's rows: each suit (then the trumps) with the indexes of its cards."""
    suits = suit_names()
    groups: dict[str, list[int]] = {}
    for index, code in enumerate(hand):
        card = CARD_BY_CODE[code]
        name = (pgettext("hand row", "trumps") if card == EXCUSE or is_trump(card)
                else suits[suit_of(card)])
        groups.setdefault(name, []).append(index)
    return list(groups.items())


def hand_lines(hand: tuple[str, ...], legal: Collection[str], marked: Collection[str],
               cursor: int | None, *, dim_illegal: bool, width: int
               ) -> tuple[list[Text], list[Span]]:
    """The hand by suit within ``width``, each card with its number: the playable ones (or
    those that may go to the discard) starred, the cards ``marked`` for the discard with
    the mark in the star's column, the card at ``cursor`` reversed; and where each card is
    drawn."""
    lines: list[Text] = []
    spans: list[Span] = []
    for name, indexes in hand_groups(hand):
        line = Text(f"{name:<{HAND_INDENT - 1}} ", style="dim")
        for index in indexes:
            code = hand[index]
            token = Text(f"{index + 1}:", style="dim")
            card = card_text(code)
            if dim_illegal and code not in legal:
                card.stylize("dim")
            if code in marked:
                card.stylize("black on yellow")
            if index == cursor:
                card.stylize("reverse")
            token.append_text(card)
            # The mark takes the star's column: the hand does not move as cards are marked,
            # and the sign reads without colour (NO_COLOR, a monochrome terminal, a
            # colour-blind eye).
            if code in marked:
                token.append(MARK, style="bold")
            else:
                token.append("*" if code in legal else " ", style="bold green")
            token.append(" ")
            if line.cell_len + token.cell_len > width and line.cell_len > HAND_INDENT:
                lines.append(line)
                line = Text(" " * HAND_INDENT)
            spans.append(Span(len(lines), line.cell_len, line.cell_len + token.cell_len - 1,
                              index))
            line.append_text(token)
        lines.append(line)
    return lines, spans


def choices_text(prompt: Text, choices: tuple[Choice, ...], current: int,
                 width: int) -> tuple[Text, list[Span]]:
    """The question and its row of choices after it (on the next line when the two would
    not fit ``width``), with where each choice is drawn: the current one in brackets (and
    reversed, where the terminal can), the others between spaces, so that the row keeps its
    width as the cursor moves."""
    row = Text()
    places = []
    for index, choice in enumerate(choices):
        here = index == current
        item = Text.assemble("[" if here else " ", choice.label.copy(), "]" if here else " ")
        if here:
            item.stylize("reverse", 1, len(item) - 1)
        places.append((row.cell_len, row.cell_len + item.cell_len, index))
        row.append_text(item)
    apart = prompt.cell_len + 1 + row.cell_len > width
    line, column = (1, 0) if apart else (0, prompt.cell_len + 1)
    spans = [Span(line, column + start, column + end, index) for start, end, index in places]
    return Text.assemble(prompt, "\n" if apart else " ", row), spans


def keys_line(kind: Kind | None, marked: int, discard_size: int) -> str:
    """Which key does what at the question of ``kind`` (``marked`` cards of
    ``discard_size`` at the discard), in 78 columns: Enter always names what it does."""
    if kind is Kind.BID:
        return _("←→ choose · Enter bid (or click, or type it) · ? help · q save and quit")
    if kind is Kind.CALL:
        return _("←→ choose · Enter call (or click, or type it) · ? help · q save and "
                 "quit")
    if kind is Kind.CHELEM:
        return _("←→ choose · Enter answer (or click, or type it) · ? help · q save and "
                 "quit")
    if kind is Kind.CARD:
        return _("←→ choose · Enter play · h hint · ? help · PgUp/PgDn scroll · q save "
                 "and quit")
    if kind is Kind.DISCARD:
        return _("←→ choose · Space mark {mark} ({marked}/{size}) · Enter discard · ? "
                 "help · q save and quit").format(mark=MARK, marked=marked,
                                                  size=discard_size)
    if kind in (Kind.PAUSE, Kind.NEXT):
        return _("Enter to go on · q save and quit")
    if kind is Kind.ANOTHER:
        return _("y another deal · n stop here")
    if kind is None:
        return _("q save and quit")
    return _("Type your answer, then Enter · ? help · q save and quit")


class PromptLine(Static):
    """The question, and after it the answers it offers as a row of choices; a click on a
    choice takes it (the app's ``choice_clicked``)."""

    spans: list[Span] = []  # noqa: RUF012 (set with each prompt drawn)

    def on_click(self, event: events.Click) -> None:
        index = clicked(self.spans, event, self)
        app = self.app
        if index is not None and isinstance(app, KeysTaker):
            app.choice_clicked(index)


class AnswerInput(Input):
    """The line where answers are typed as in line mode. While it is empty, a key the
    table acts on (the arrows and Enter on the hand, Space marks a card, h the hint, Tab
    every announcement, q leaves, y/o/n answer the result box) goes to the table. Read
    here, in the order the keys came: a fast typist's "kh" is a card, never a hint and
    a k. While the help is open, every key goes to it first. Tab goes to the table even
    on a typed line: it would move the focus off the answer line."""

    async def _on_key(self, event: events.Key) -> None:
        app = self.app
        if isinstance(app, KeysTaker) and (
                app.help_key(event.key)
                or ((not self.value or event.key == "tab") and app.table_key(event.key))):
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)
