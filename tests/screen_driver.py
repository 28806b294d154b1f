"""Driving the full-screen table with keys through Textual's pilot, for the screen tests.

Nothing here sleeps: the game runs in a worker thread, and a test waits on a condition
(the screen asking a question, the session ended), polling with ``pilot.pause()``. A wait
that never ends fails, saying what it waited for and what the screen showed: after
``POLLS`` polls or ``HANG`` seconds, whichever comes first. The seconds only tell a hang:
a poll is a pause of 20 ms to 1 s (Textual's pilot waits until the process is idle, up to
a second while the computer players think), so a bound in polls alone was hours on a
loaded machine; a wait here takes under a second on an idle one.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from tarot.ui.screen.app import TableApp
from tarot.ui.screen.game import Kind

# Polls of the screen before a test gives up: far more than a deal at --level rules needs
# (a poll lets the worker run until it posts its next snapshot).
POLLS = 50_000
# Seconds before a wait is a hang: a hundred times what one takes on a loaded machine, and
# under the test's own limit (pytest-timeout, pyproject.toml), so that this failure, which
# says what was awaited, comes first.
HANG = 300.0


async def until(pilot: Pilot[None], condition: Callable[[], bool], what: str) -> None:
    """Poll the screen until ``condition`` holds (a bounded number of times, and ``HANG``
    seconds at most)."""
    deadline = time.monotonic() + HANG
    for _ in range(POLLS):
        if condition():
            return
        if time.monotonic() > deadline:
            break
        await pilot.pause()
    raise AssertionError(f"the screen never came to: {what}; {screen_state(pilot)}")


def screen_state(pilot: Pilot[None]) -> str:
    """What the screen was doing, for a wait that failed."""
    app = pilot.app
    if not isinstance(app, TableApp):
        return f"the app is a {type(app).__name__}"
    story = app.query_one("#log", RichLog)
    aside = app.query_one("#aside", VerticalScroll)
    sheet = app.query_one("#result-sheet", VerticalScroll)
    return (f"it asked {app.snapshot.kind}, prompt {app.snapshot.prompt!r}, waiting for the "
            f"game {app.waiting}, session over {app.finished}, error {app.error!r}; the story "
            f"shown {story.display}, {len(story.lines)} lines, height "
            f"{story.virtual_size.height}, scrolled to {story.scroll_y} of "
            f"{story.max_scroll_y}; the aside shown {aside.display}, scrolled to "
            f"{aside.scroll_y}; the sheet shown {sheet.display}, scrolled to {sheet.scroll_y} "
            f"of {sheet.max_scroll_y}")


def app_of(pilot: Pilot[None]) -> TableApp:
    app = pilot.app
    assert isinstance(app, TableApp)
    return app


def asked(app: TableApp, *kinds: Kind) -> bool:
    """Whether the screen waits for an answer (of one of ``kinds``, if given)."""
    if app.error is not None:
        raise app.error
    kind = app.snapshot.kind
    return kind is not None and not app.waiting and (not kinds or kind in kinds)


async def ask_settled(pilot: Pilot[None], *kinds: Kind, at_rest: bool = False) -> TableApp:
    """Wait until the screen asks a question (of ``kinds``), the cursor steady; with
    ``at_rest`` (a snapshot's moment, nothing scrolled by hand), until the scrolling panels
    are where the screen puts them too."""
    app = app_of(pilot)
    await until(pilot, lambda: asked(app, *kinds), f"a question of {kinds or 'any kind'}")
    app.query_one("#answer", Input).cursor_blink = False
    if at_rest:
        await until(pilot, lambda: panels_at_rest(app), "the panels scrolled into place")
    await pilot.pause()
    return app


def panels_at_rest(app: TableApp) -> bool:
    """Whether the scrolling panels have come to rest where the screen puts them: the story
    holding every line written to it and showing the last, the aside at its top, a
    result's sheet at its end. Each scrolls after a refresh, which a busy machine may not
    have made yet when the question arrives (a snapshot taken then showed the story two
    lines short)."""
    story = app.query_one("#log", RichLog)
    aside = app.query_one("#aside", VerticalScroll)
    sheet = app.query_one("#result-sheet", VerticalScroll)
    return ((not story.display or (story.virtual_size.height == len(story.lines)
                                   and story.scroll_y == story.max_scroll_y))
            and (not aside.display or aside.scroll_y == 0)
            and (not (sheet.display and app.query_one("#result").display)
                 or sheet.scroll_y == sheet.max_scroll_y))


async def type_answer(pilot: Pilot[None], text: str) -> None:
    """Type ``text`` on the answer line, then Enter."""
    await pilot.press(*("space" if c == " " else c for c in text), "enter")


async def answer_plainly(pilot: Pilot[None], bid: str, another: str = "n") -> None:
    """Answer the question on screen: ``bid`` typed at the auction, ``auto`` for the
    discard, no chelem, Enter on the card under the cursor (the first playable one) and
    after each trick, ``another`` to another deal, Enter when the result is read."""
    app = app_of(pilot)
    kind = app.snapshot.kind
    if kind is Kind.BID:
        await type_answer(pilot, bid)
    elif kind is Kind.DISCARD:
        await type_answer(pilot, "auto")
    elif kind is Kind.CHELEM:
        await type_answer(pilot, "n")
    elif kind is Kind.ANOTHER:
        await pilot.press(another)
    else:
        await pilot.press("enter")


async def play_to_the_end(pilot: Pilot[None], bid: str = "garde", another: str = "n") -> None:
    """Answer plainly until the session is over (the result box waits for a key)."""
    app = app_of(pilot)

    def over_or_asked() -> bool:
        return app.finished or asked(app)

    for _ in range(2_000):  # questions: far more than one deal asks
        await until(pilot, over_or_asked, "a question or the end")
        if app.finished:
            return
        await answer_plainly(pilot, bid, another)
    raise AssertionError("the deal never ended")

