"""The replay page in a real browser: headless Chromium (Debian's package, driven by
Playwright) opens the page of every golden replay from file://, steps through it with
the keyboard, and checks what it shows against the log: the cards of each trick, the
points, the final scores; screenshots at 360 and 1280 px that are not blank; no console
error; no request but the page itself.

Slow tier (CI runs it). Chromium is /usr/bin/chromium, or TAROT_CHROMIUM; `.ci/run`
installs Debian's chromium when it is missing. Where no Chromium can be found (or
Playwright is not installed), these tests are skipped, and the skip says why.
"""

from __future__ import annotations

import base64
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tarot.engine.events import TrickTaken
from tarot.engine.scoring import points_text
from tarot.explain.audit import audit
from tarot.log import read_log
from tarot.ui.cli import main

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
REPLAY_FILES = sorted((ROOT / "replays").glob("*.jsonl"))
IDS = [p.stem for p in REPLAY_FILES]
# Without the background-networking switches Chromium tries to reach its services at
# start, and on a closed network those refused connections end up on the console.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
# Playwright's waits fail after 30 s by default, which a busy machine can take to start a
# browser or lay out a page: only a hang fails these tests.
HANG_MS = 600_000


def chromium_path() -> str | None:
    wanted = os.environ.get("TAROT_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).is_file() else None
    for candidate in ("/usr/bin/chromium", "chromium", "chromium-browser"):
        found = shutil.which(candidate)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is not installed (pip install -e '.[test]')")
    executable = chromium_path()
    if executable is None:
        pytest.skip("no Chromium found (/usr/bin/chromium, or TAROT_CHROMIUM): "
                    "apt-get install chromium (.ci/run does)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS,
                                              timeout=HANG_MS)
        yield launched
        launched.close()


class Watched:
    """A page of its own browser context, with every request, console error and script
    error it makes recorded; any request but the page's own file is refused."""

    def __init__(self, browser: Any, url: str, width: int, **options: Any) -> None:
        self.url = url
        self.context = browser.new_context(viewport={"width": width, "height": 900},
                                           **options)
        self.context.set_default_timeout(HANG_MS)
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.context.route("**/*", self._only_the_page)
        self.page = self.context.new_page()
        self.page.on("console", lambda message: self.errors.append(message.text)
                     if message.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _only_the_page(self, route: Any) -> None:
        if route.request.url.split("#")[0] == self.url:
            route.continue_()
        else:
            route.abort()

    def open(self, fragment: str = "") -> Any:
        self.page.goto(self.url + fragment)
        self.page.wait_for_selector("#say li")
        return self.page

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], "no console error, no script error"
        assert {url.split("#")[0] for url in self.requests} == {self.url}, \
            "no request but the page itself"


def make_page(path: Path, out: Path, *options: str) -> str:
    result = CliRunner().invoke(main, ["replay", str(path), "--html", str(out), *options])
    assert result.exit_code == 0, result.output
    return out.resolve().as_uri()


def position(page: Any) -> str:
    return page.inner_text("#position")  # type: ignore[no-any-return]


def trick_shown(page: Any, seats: int = 4) -> list[str | None]:
    """The card on the table in front of each seat (South, East, North, West at four)."""
    codes = page.eval_on_selector_all(
        "#trick .spot", "spots => spots.map(s => [s.dataset.seat, "
        "(s.querySelector('.card') || {dataset: {}}).dataset.code || null])")
    by_seat = dict((int(seat), code) for seat, code in codes)
    assert len(by_seat) == seats, "a place at the trick for every seat"
    return [by_seat[seat] for seat in range(seats)]


def screenshot_colours(browser_page: Any, png: bytes) -> dict[str, int]:
    """The size of a screenshot and how many colours a sample of its pixels holds, decoded
    by the browser itself (in a blank page of its own)."""
    return browser_page.evaluate(  # type: ignore[no-any-return]
        """async (data) => {
            const bytes = Uint8Array.from(atob(data), c => c.charCodeAt(0));
            const bitmap = await createImageBitmap(new Blob([bytes], {type: "image/png"}));
            const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
            const context = canvas.getContext("2d");
            context.drawImage(bitmap, 0, 0);
            const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
            const colours = new Set();
            for (let i = 0; i < pixels.length; i += 4 * 37) {
                colours.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
            }
            return {width: bitmap.width, height: bitmap.height, colours: colours.size};
        }""", base64.b64encode(png).decode("ascii"))


@pytest.fixture(scope="module")
def decoder(browser: Any) -> Iterator[Any]:
    context = browser.new_context()
    context.set_default_timeout(HANG_MS)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path", REPLAY_FILES, ids=IDS)
def test_the_page_steps_through_the_deal(path: Path, browser: Any, decoder: Any,
                                         tmp_path: Path) -> None:
    game = read_log(path)
    events = game.events
    settlement = game.settlement
    assert settlement is not None
    watched = Watched(browser, make_page(path, tmp_path / "page.html"), 1280)
    page = watched.open()
    assert position(page) == f"Step 1 of {len(events)} · event #0 (deal)"
    result = audit(game)
    for seq in range(1, len(events)):
        page.keyboard.press("ArrowRight")
        event = events[seq]
        if not isinstance(event, TrickTaken) and seq % 10:
            continue
        assert position(page) == f"Step {seq + 1} of {len(events)} · event #{seq} " \
                                 f"({event.type})"
        assert page.evaluate("location.hash") == f"#seq={seq}"
        if isinstance(event, TrickTaken):
            seats = game.rules.players
            assert trick_shown(page, seats) == [event.cards[(seat - event.leader) % seats]
                                                for seat in range(seats)]
            assert page.inner_text("#trick-title") == f"Trick {event.number}, taken"
            assert page.locator("#tricks tbody tr").count() == event.number
    # The last trick taken: the points of every trick, as the audit counts them.
    page.keyboard.press("ArrowUp")
    taker = result.taker_trick_half_points + result.excuse_adjustment_half_points
    in_tricks = result.taker_half_points + result.defence_half_points - \
        result.chien_half_points
    assert page.inner_text("#points-taker") == points_text(taker)
    assert page.inner_text("#points-defence") == points_text(in_tricks - taker)
    assert page.is_hidden("#settlement")
    page.keyboard.press("End")
    assert position(page).endswith(f"event #{len(events) - 1} (settlement)")
    assert page.is_visible("#settlement")
    shown = page.eval_on_selector_all("#scores td[data-seat]", "cells => cells.map(c => "
                                      "c.textContent)")
    assert shown == [f"{score:+d}" if score else "0" for score in settlement.scores]
    assert page.locator("#audit li").count() >= 7
    first = "South"  # seat 0 at every table size (the table's names)
    assert page.locator("#audit li").last.inner_text().startswith(f"Scores: {first} ")
    # Screenshots at a desktop's and a phone's width: the page laid out, not blank.
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("document.documentElement.scrollWidth") <= width, \
            "nothing wider than the window"
        picture = screenshot_colours(decoder, page.screenshot())
        assert picture["width"] == width and picture["colours"] >= 8, picture
    watched.close()


def test_the_keys_buttons_and_address(browser: Any, tmp_path: Path) -> None:
    path = ROOT / "replays" / "prise.jsonl"
    events = read_log(path).events
    tricks = [seq for seq, event in enumerate(events) if isinstance(event, TrickTaken)]
    watched = Watched(browser, make_page(path, tmp_path / "prise.html"), 1280)
    page = watched.open("#seq=42")
    assert position(page).endswith(f"event #42 ({events[42].type})")
    page.keyboard.press("ArrowDown")
    first_after = next(seq for seq in tricks if seq > 42)
    assert page.evaluate("location.hash") == f"#seq={first_after}"
    page.keyboard.press("PageDown")
    assert page.evaluate("location.hash") == f"#seq={next(s for s in tricks if s > first_after)}"
    page.keyboard.press("PageUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("location.hash") == f"#seq={max(s for s in tricks if s < first_after)}"
    page.keyboard.press("Home")
    assert page.evaluate("location.hash") == "#seq=0"
    page.keyboard.press("ArrowLeft")  # nothing before the first event
    assert page.evaluate("location.hash") == "#seq=0"
    page.keyboard.press("End")
    assert page.evaluate("location.hash") == f"#seq={len(events) - 1}"
    page.keyboard.press("ArrowRight")  # nothing after the last
    assert page.evaluate("location.hash") == f"#seq={len(events) - 1}"
    # Keyboard only: Tab reaches the buttons, Enter presses the one in focus.
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "first"
    for _ in range(3):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "next"
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#seq=2"
    page.click("#next-trick")
    assert page.evaluate("location.hash") == f"#seq={tricks[0]}"
    # A fragment typed into the address moves the page; a meaningless one is ignored.
    page.evaluate("location.hash = '#seq=7'")
    page.wait_for_function("document.body.dataset.seq === '7'")
    page.evaluate("history.replaceState(null, '', '#seq=nonsense')")
    page.reload()
    assert position(page).endswith("event #0 (deal)")
    assert page.evaluate("location.hash") == "#seq=0"
    watched.close()


def test_a_seats_page_hides_the_other_hands(browser: Any, tmp_path: Path) -> None:
    path = ROOT / "replays" / "garde.jsonl"
    watched = Watched(browser, make_page(path, tmp_path / "east.html", "--as-seat", "east"),
                      360)
    page = watched.open("#seq=0")
    assert page.locator("#seat-1 .card").count() == 18
    for seat in (0, 2, 3):
        assert page.locator(f"#seat-{seat} .card").count() == 0
        assert page.inner_text(f"#seat-{seat} .hidden-hand") == "18 cards, hidden"
    assert "seen from East" in page.inner_text("#subtitle")
    # Each card is named in words for a screen reader, its face hidden from it.
    first = page.locator("#seat-1 .card").first
    assert first.locator(".vh").inner_text().split(" of ")[1] in {
        "spades", "hearts", "diamonds", "clubs"} or "trump" in first.inner_text()
    assert first.locator("[aria-hidden=true]").count() == 1
    watched.close()


def test_dark_and_light(browser: Any, tmp_path: Path) -> None:
    url = make_page(ROOT / "replays" / "slam-made.jsonl", tmp_path / "slam.html")
    colours = {}
    for scheme in ("light", "dark"):
        watched = Watched(browser, url, 1280, color_scheme=scheme)
        page = watched.open()
        colours[scheme] = page.evaluate("getComputedStyle(document.documentElement)"
                                        ".backgroundColor")
        watched.close()
    assert colours["light"] != colours["dark"]


def test_a_match_page_ends_on_its_score_sheet(browser: Any, tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    result = CliRunner().invoke(main, ["play", "--seed", "3", "--auto", "--deals", "2",
                                       "--save", str(save)])
    assert result.exit_code == 0, result.output
    second = read_log(tmp_path / "m.deal-2.jsonl")
    first = read_log(save)
    watched = Watched(browser, make_page(tmp_path / "m.match.jsonl", tmp_path / "m.html"),
                      1280)
    page = watched.open(f"#deal=2&seq={len(second.events) - 2}")
    assert position(page).startswith("Deal 2 (m.deal-2.jsonl) · ")
    assert page.locator("#sheet-table tr").count() == 3  # its head, deal 1 and the total
    page.keyboard.press("End")
    assert page.locator("#sheet-table tr").count() == 4
    totals = page.eval_on_selector_all("#sheet-table tr:last-child td.num",
                                       "cells => cells.map(c => c.textContent)")
    expected = [a + b for a, b in zip(first.settlement.scores,  # type: ignore[union-attr]
                                      second.settlement.scores,  # type: ignore[union-attr]
                                      strict=True)]
    assert totals == [f"{score:+d}" if score else "0" for score in expected]
    watched.close()


# Where each cell of the sheet is drawn, against the sheet's box and the window.
SHEET_BOXES = """() => {
  const box = r => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
  const scroll = document.querySelector("#sheet .scroll");
  return {sheet: box(document.querySelector("#sheet").getBoundingClientRect()),
          window: innerWidth, scrolled: scroll.scrollWidth - scroll.clientWidth,
          cells: [...document.querySelectorAll("#sheet-table th, #sheet-table td")]
            .filter(c => c.textContent && getComputedStyle(c).display !== "none")
            .map(c => ({text: c.textContent, ...box(c.getBoundingClientRect())}))};
}"""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_match_sheet_shows_whole_at_1280_and_on_a_phone(browser: Any, tmp_path: Path,
                                                          language: str) -> None:
    """The score sheet of a four-deal match: at 1280 px every column shows, the seats'
    scores included, with nothing to scroll; on a 360 px phone too (each deal on three
    lines)."""
    save = tmp_path / "m.jsonl"
    played = CliRunner().invoke(main, ["play", "--seed", "3", "--auto", "--deals", "4",
                                       "--save", str(save)])
    assert played.exit_code == 0, played.output
    made = CliRunner().invoke(main, ["--lang", language, "replay",
                                     str(tmp_path / "m.match.jsonl"), "--html",
                                     str(tmp_path / "m.html")])
    assert made.exit_code == 0, made.output
    url = (tmp_path / "m.html").resolve().as_uri()
    for width in (1280, 360):
        watched = Watched(browser, url, width)
        page = watched.open("#deal=4&seq=0")
        page.keyboard.press("End")
        seen = page.evaluate(SHEET_BOXES)
        sheet = seen["sheet"]
        assert seen["scrolled"] <= 0, (width, seen["scrolled"])
        assert sheet["left"] >= 0 and sheet["right"] <= seen["window"], (width, sheet)
        texts = [cell["text"] for cell in seen["cells"]]
        # Four deals and the total, each with its four scores; the seats' names head them.
        assert len([t for t in texts if t[:1] in "+-0" and t.lstrip("+-").isdigit()]) == 20
        for cell in seen["cells"]:
            assert sheet["left"] <= cell["left"] and cell["right"] <= sheet["right"] + 0.5, \
                (width, cell)
        if width == 1280:  # a table: each row on one line, the scores beside the result
            rows = page.eval_on_selector_all(
                "#sheet-table tr", "rows => rows.map(r => r.getBoundingClientRect().height)")
            assert max(rows) < 2 * min(rows), rows
        watched.close()


def test_a_french_page_speaks_french(browser: Any, tmp_path: Path) -> None:
    """The page made with --lang fr: its words, the hidden hands and the cards' names for a
    screen reader in French, stepped to the end without a script error or an English word
    from the page's own labels."""
    path = ROOT / "replays" / "garde.jsonl"
    made = CliRunner().invoke(main, ["--lang", "fr", "replay", str(path), "--html",
                                     str(tmp_path / "est.html"), "--as-seat", "est"])
    assert made.exit_code == 0, made.output
    watched = Watched(browser, (tmp_path / "est.html").resolve().as_uri(), 1280)
    page = watched.open("#seq=0")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.inner_text("#seat-0 .hidden-hand") == "18 cartes, cachées"
    assert "Est" in page.inner_text("#subtitle")
    named = page.locator("#seat-1 .card").first.locator(".vh").inner_text()
    assert any(word in named for word in ("pique", "cœur", "carreau", "trèfle", "atout")), named
    page.keyboard.press("End")
    text = page.inner_text("body")
    for english in ("cards, hidden", "Trick ", "taker", "defence", "Score", "seen from"):
        assert english not in text, english
    watched.close()


def test_a_reviewed_page_shows_each_verdict_beside_its_decision(browser: Any,
                                                               tmp_path: Path) -> None:
    """--review: the verdict under the event, a blunder highlighted with its reasons, and
    nothing at an event that is not the seat's decision."""
    path = ROOT / "tests" / "data" / "review-blunders.jsonl"
    watched = Watched(browser, make_page(path, tmp_path / "review.html", "--as-seat", "south",
                                         "--review", "--lang", "en"), 1280)
    page = watched.open("#seq=89")
    verdict = page.locator("#review .verdict.blunder")
    assert verdict.count() == 1
    assert "best EXC" in verdict.inner_text()
    assert page.locator("#review .verdict.blunder li").count() >= 1
    page = watched.open("#seq=90")
    assert page.locator("#review").is_hidden()
    page = watched.open("#seq=13")
    assert "the best" in page.inner_text("#review .verdict")
    assert page.locator("#review .mistake").count() == 0
    watched.close()
