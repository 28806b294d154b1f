"""The full screen's panels that keep what was said: the Contract panel (the contract,
the points and every announcement of the deal, :mod:`tarot.ui.announced`, beside the
table), every announcement whole over the table, and the story of the deal."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import RichLog, Static

from tarot.i18n import _, ngettext, pgettext
from tarot.ui.announced import folded


class ContractPanel(Widget):
    """The contract, points, bouts and every announcement, each line folded to the panel's
    width. Never cut silently: when the lines outrun the panel, its last row says how many
    more there are and the key that shows them all; the mouse wheel scrolls it."""

    def __init__(self, lines: Callable[[], Sequence[Text]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines = lines  # the panel's lines now, each whole (the last snapshot's)
        self.first = 0  # the first line shown, scrolled with the wheel

    def shown_lines(self) -> list[Text]:
        """The rows the panel draws: its lines from ``first``, a row saying how many are
        above when scrolled, and the last row saying how many more are below."""
        width, height = self.content_size.width, self.content_size.height
        lines = [row for line in self.lines()
                 for row in folded(line, max(width, 10), self.app.console)]
        if height <= 0 or len(lines) <= height:
            self.first = 0
            return lines
        # Scrolled at most until the last line is on the last row, under the "above" row.
        self.first = max(0, min(self.first, len(lines) - height + 1))
        shown: list[Text] = []
        if self.first:
            shown.append(Text(ngettext("↑ {count} line above", "↑ {count} lines above",
                                       self.first).format(count=self.first), style="dim"))
        rest = lines[self.first:]
        if len(rest) > height - len(shown):
            room = height - len(shown) - 1
            shown += rest[:room]
            below = len(rest) - room
            shown.append(Text(ngettext("… {count} more line (Tab: all)",
                                       "… {count} more lines (Tab: all)",
                                       below).format(count=below), style="bold yellow"))
        else:
            shown += rest
        for line in shown:
            line.no_wrap = True
            line.overflow = "ellipsis"
        return shown

    def render(self) -> RenderableType:
        return Group(*self.shown_lines())

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.first += 1
        self.refresh()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.first = max(self.first - 1, 0)
        self.refresh()


class AnnouncementsPanel(VerticalScroll):
    """Every announcement of the deal, whole, over the table (Tab or the typed word); it
    scrolls where they outrun the screen."""

    def compose(self) -> ComposeResult:
        yield Static(id="announcements-text")

    def on_mount(self) -> None:
        self.border_title = pgettext("screen panel", "Announcements")

    def draw(self, shown: bool, lines: Sequence[Text]) -> None:
        self.display = shown
        if shown:
            close = Text(_("Tab or Esc to close · PgUp/PgDn scroll"), style="dim")
            self.query_one("#announcements-text", Static).update(
                Group(*(lines or (Text(_("No bid yet.")),)), Text(""), close))


class StoryLog(RichLog):
    """What happened, its last line in view: when the panels above it grow (a longer
    Contract panel, a resize), the story shrinks and would stay scrolled short of its end,
    the last lines out of sight with nothing to say so."""

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)  # its first size: the lines written before it are drawn
        self.call_after_refresh(self.scroll_end, animate=False)
