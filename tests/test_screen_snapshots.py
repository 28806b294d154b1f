"""SVG snapshots of the full-screen table at key moments (pytest-textual-snapshot), at
80×24 and 120×40, in English and French; and the Playing page's screenshot
(docs/images/table-80x24.svg), made by the same run and checked to be current.

Each snapshot is of a named deal at ``--level rules``, driven with keys to a question
(the worker then waits, so nothing moves), the save in a fixed folder: the screen shows
its path. ``--snapshot-update`` records them again, the docs' image with them.

Then every phase of a five-player deal at four sizes (60×20, under the minimum, shows the
notice; 80×24, 100×30, 120×40), in both languages, as the screen's plain text (syrupy's
``test_screen_snapshots.ambr``): one deal a language, the terminal resized at each phase.
The same ``--snapshot-update`` records them.
"""

from __future__ import annotations

import asyncio
import io
import os
import shutil
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console
from screen_driver import (
    answer_plainly,
    ask_settled,
    asked,
    panels_at_rest,
    play_to_the_end,
    type_answer,
    until,
)
from syrupy.assertion import SnapshotAssertion
from textual import events
from textual._doc import take_svg_screenshot
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import RichLog

from tarot.ui.language import use_language
from tarot.ui.screen.app import MIN_SIZE, TableApp, typed_code
from tarot.ui.screen.game import Kind
from tarot.ui.session import PlayOptions

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the save's fixed path is POSIX")

DOCS_IMAGES = Path(__file__).parent.parent / "docs" / "images"
Drive = Callable[[Pilot[None]], Awaitable[None]]
SAVES = Path("/tmp/tarot-screen-snapshots")


@pytest.fixture(autouse=True)
def _the_fixed_folder_to_this_test() -> Iterator[None]:
    """The saves' folder is the same for every run on the machine (the screen shows its
    path), so two runs at once (two checkouts, or CI beside a developer) would delete each
    other's saves under a game being played, and a test could then wait for a screen that
    never comes: each test holds the folder's lock while it uses it, and the other run waits
    its turn (the test's time limit bounds the wait)."""
    import fcntl  # POSIX only, as the module is

    SAVES.mkdir(exist_ok=True)
    with (SAVES / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def table(name: str, deal: str = "garde") -> TableApp:
    """The app for a named deal, saved in a folder whose path is the same at every run."""
    folder = SAVES / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return TableApp(PlayOptions(deal_name=deal, save_path=folder / "game.jsonl",
                                level="rules"), cursor_blink=False)


def at(kind: Kind, nth: int = 1, then: Drive | None = None, bid: str = "garde") -> Drive:
    """Answer plainly (``bid`` at the auction, the first king the person does not hold at
    a five-player call) until the ``nth`` question of ``kind``, then ``then``."""

    async def drive(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, TableApp)
        seen = 0
        for _ in range(2_000):
            await until(pilot, lambda: app.finished or asked(app), "a question")
            if app.snapshot.kind is kind:
                seen += 1
                if seen == nth:
                    break
            if app.snapshot.kind is Kind.CALL:
                hand = app.board.view.hand if app.board.view is not None else ()
                king = next(k for k in ("KS", "KH", "KD", "KC") if k not in hand)
                await type_answer(pilot, king)
                continue
            await answer_plainly(pilot, bid)
        await ask_settled(pilot, kind, at_rest=True)
        if then is not None:
            await then(pilot)
            await ask_settled(pilot, at_rest=True)

    return drive


async def mark_two(pilot: Pilot[None]) -> None:
    await pilot.press("right", "space", "right", "right", "space")


MOMENTS: dict[str, tuple[Kind, int, Drive | None]] = {
    "auction": (Kind.BID, 1, None),
    "discard": (Kind.DISCARD, 1, mark_two),
    "mid_trick": (Kind.CARD, 6, None),
    "result": (Kind.ANOTHER, 1, None),
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_the_screen_at(snap_compare: Callable[..., bool], moment: str,
                       size: tuple[int, int]) -> None:
    kind, nth, then = MOMENTS[moment]
    assert snap_compare(table(f"{moment}-{size[0]}"), terminal_size=size,
                        run_before=at(kind, nth, then))


@pytest.mark.parametrize("moment", ["mid_trick", "result"])
def test_the_screen_in_french(snap_compare: Callable[..., bool], moment: str) -> None:
    use_language("fr")
    kind, nth, then = MOMENTS[moment]
    assert snap_compare(table(f"fr-{moment}"), terminal_size=(80, 24),
                        run_before=at(kind, nth, then))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_playing_page_shows_the_table_as_it_is(request: pytest.FixtureRequest,
                                                   language: str) -> None:
    """docs/playing.md's screenshot (and docs/fr/jouer.md's, in French) is the table at
    80×24 mid-deal, as this run draws it."""
    use_language(language)
    image = DOCS_IMAGES / ("table-80x24.svg" if language == "en" else "table-80x24-fr.svg")
    kind, nth, then = MOMENTS["mid_trick"]
    svg = take_svg_screenshot(app=table(f"docs-{language}"), terminal_size=(80, 24),
                              run_before=at(kind, nth, then))
    if request.config.getoption("--snapshot-update", default=False):
        DOCS_IMAGES.mkdir(exist_ok=True)
        image.write_text(svg, encoding="utf-8")
    assert image.read_text(encoding="utf-8") == svg, (
        f"docs/images/{image.name} is not the table as drawn now: run pytest "
        "tests/test_screen_snapshots.py --snapshot-update, and look at it")


def table_of(players: int, name: str, seed: int) -> TableApp:
    """The app for a deal at a table of ``players`` from ``seed``, the computer seats at
    ``--level random`` (their play at three and five is the computer players' part; the
    random player's is fixed by its seed), saved in a fixed folder."""
    folder = SAVES / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return TableApp(PlayOptions(seed=seed, save_path=folder / "game.jsonl", level="random",
                                players=players), cursor_blink=False)


# Five: the call asked, the partner marked mid-deal, the result with the partner's share;
# three: mid-deal and the discard of six from thirty cards.
SIZED: dict[str, tuple[int, int, str, Kind, int]] = {
    "five_call": (5, 5, "garde_contre", Kind.CALL, 1),
    "five_mid_trick": (5, 5, "garde_contre", Kind.CARD, 4),
    "five_result": (5, 5, "garde_contre", Kind.ANOTHER, 1),
    "three_discard": (3, 11, "garde", Kind.DISCARD, 1),
    "three_mid_trick": (3, 5, "garde_contre", Kind.CARD, 4),
}


@pytest.mark.parametrize("moment", list(SIZED))
def test_the_screen_at_three_and_five(snap_compare: Callable[..., bool], moment: str) -> None:
    players, seed, bid, kind, nth = SIZED[moment]
    assert snap_compare(table_of(players, moment, seed), terminal_size=(80, 24),
                        run_before=at(kind, nth, bid=bid))


# The sizes each phase is drawn at: below the minimum (the notice that says how big the
# terminal must be), the minimum, and two larger terminals.
SIZES = {"60x20": (60, 20), "80x24": MIN_SIZE, "100x30": (100, 30), "120x40": (120, 40)}
assert SIZES["80x24"] == (80, 24), "the minimum moved: name its size here"


def screen_text(app: TableApp) -> str:
    """The screen as plain text, each row stripped at its end: what it shows and where,
    without its colours (the SVG snapshots above keep those)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      force_terminal=True, legacy_windows=False, safe_box=False)
    # As App.export_screenshot draws the screen, to text rather than SVG.
    console.print(app.screen._compositor.render_update(full=True,
                                                       screen_stack=app._background_screens))
    return "\n".join(row.rstrip() for row in console.export_text().splitlines())


def sized(app: TableApp, size: tuple[int, int]) -> Callable[[], bool]:
    """Whether the app is laid out at ``size``."""
    return lambda: tuple(app.size) == size


async def at_rest(pilot: Pilot[None]) -> None:
    """The panels where the screen puts them, the story (and a result's sheet) at its last
    line. (The story follows its last line when one is written, and the sheet when the
    result is drawn, not when a resize or the panels above make them shorter: left where
    they are, they would show what the machine's timing made of them.)"""
    app = pilot.app
    assert isinstance(app, TableApp)
    story = app.query_one("#log", RichLog)
    await until(pilot, lambda: story.virtual_size.height == len(story.lines),
                "the story drawn")
    story.scroll_end(animate=False, immediate=True)
    if app.query_one("#result").display:  # the sheet under the result, likewise
        app.query_one("#result-sheet", VerticalScroll).scroll_end(animate=False,
                                                                  immediate=True)
    await pilot.pause()
    await until(pilot, lambda: panels_at_rest(app), "the panels scrolled into place")


async def at_every_size(pilot: Pilot[None], phase: str, seen: dict[str, str]) -> None:
    """The screen at each of ``SIZES``, named ``phase-size``, back to 80×24 after."""
    app = pilot.app
    assert isinstance(app, TableApp)
    for name, size in SIZES.items():
        await pilot.resize_terminal(*size)
        await until(pilot, sized(app, size), f"the terminal at {size}")
        await at_rest(pilot)
        seen[f"{phase}-{name}"] = screen_text(app)
    await pilot.resize_terminal(*MIN_SIZE)
    await pilot.pause()


async def every_phase(pilot: Pilot[None], seen: dict[str, str]) -> None:
    """five-two-poignees played at 80×24, the screen taken at every size at each phase:
    the auction, the call, the discard (two cards marked), the poignée asked, a trick in
    progress (the third card asked) and the result."""
    app = await ask_settled(pilot, Kind.BID)
    await at_every_size(pilot, "auction", seen)
    await type_answer(pilot, "garde")
    await ask_settled(pilot, Kind.CALL)
    await at_every_size(pilot, "call", seen)
    # The king of hearts as the screen writes it in both notations; pasted, as ♥ is on no key.
    app.post_message(events.Paste(typed_code("KH")))
    await pilot.press("enter")
    await ask_settled(pilot, Kind.DISCARD)
    await mark_two(pilot)
    await ask_settled(pilot, Kind.DISCARD)
    await at_every_size(pilot, "discard", seen)
    await type_answer(pilot, "auto")
    await ask_settled(pilot, Kind.CHELEM)
    await type_answer(pilot, "n")
    await ask_settled(pilot, Kind.CARD)
    await type_answer(pilot, "p")
    await ask_settled(pilot, Kind.POIGNEE)
    await at_every_size(pilot, "poignee", seen)
    await type_answer(pilot, "2")
    cards = 0
    while True:  # to the third card asked, the pauses after the tricks gone on from
        await ask_settled(pilot, Kind.CARD, Kind.PAUSE)
        cards += app.snapshot.kind is Kind.CARD
        if cards == 3:
            break
        await pilot.press("enter")
    await at_every_size(pilot, "trick", seen)
    await play_to_the_end(pilot)
    await at_every_size(pilot, "result", seen)
    await pilot.press("enter")


PHASES = ("auction", "call", "discard", "poignee", "trick", "result")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_phase_at_every_size(snapshot: SnapshotAssertion, language: str) -> None:
    """The screen's text at each phase of a five-player deal, at 60×20 (the notice), 80×24
    (the minimum), 100×30 and 120×40: one deal played per language, the terminal resized
    at each phase. ``--snapshot-update`` records them again."""
    use_language(language)
    app = table(f"sizes-{language}", deal="five-two-poignees")
    seen: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=MIN_SIZE) as pilot:
            await every_phase(pilot, seen)

    asyncio.run(run())
    assert app.error is None
    assert sorted(seen) == sorted(f"{phase}-{size}" for phase in PHASES for size in SIZES)
    for phase in PHASES:
        small = seen[f"{phase}-60x20"]
        assert "60×20" in small and "80×24" in small, small  # the notice, over the table
    for name, text in seen.items():
        assert text == snapshot(name=f"{language}-{name}")
