"""The full screen's keys, mouse and help, through Textual's pilot: a click on a card plays
it (an illegal one is refused with its rule), a click on a bid makes it, ←/→ and Enter
bid, the discard's marks read without colour, NO_COLOR draws no colour at all, and the
screen's help of every question fits 80×24."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from rich.segment import Segment
from screen_driver import ask_settled, type_answer, until
from textual.containers import VerticalScroll
from textual.pilot import Pilot

from tarot.engine.cards import CARD_BY_CODE, display
from tarot.engine.events import Bid, Play
from tarot.engine.rule_files import load_rules
from tarot.log import load_log
from tarot.ui.language import use_language
from tarot.ui.screen.app import TableApp
from tarot.ui.screen.game import Kind, Snapshot
from tarot.ui.screen.screen_help import MARK
from tarot.ui.screen.table import ScreenTable
from tarot.ui.session import PlayOptions, Table
from tarot.ui.table_view import card_text, use_four_colour_suits

Keys = Callable[[Pilot[None]], Awaitable[None]]


def run_app(app: TableApp, keys: Keys, size: tuple[int, int] = (80, 24)) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await keys(pilot)

    asyncio.run(main())


def garde_table(tmp_path: Path) -> TableApp:
    return TableApp(PlayOptions(deal_name="garde", save_path=tmp_path / "g.jsonl",
                                level="rules"), cursor_blink=False)


def screen_rows(app: TableApp) -> list[list[Segment]]:
    """What the screen draws now, row by row, segment by segment, as the terminal is sent
    it (NO_COLOR and the other filters applied)."""
    return [list(strip) for strip in app.screen._compositor.render_strips()]


def screen_segments(app: TableApp) -> list[Segment]:
    return [segment for row in screen_rows(app) for segment in row]


def screen_lines(app: TableApp) -> list[str]:
    return ["".join(segment.text for segment in row) for row in screen_rows(app)]


def place_of(app: TableApp, text: str, below: int = 0) -> tuple[int, int]:
    """The screen's column and row of the first ``text`` at or below row ``below``."""
    for row, line in enumerate(screen_lines(app)):
        if row >= below and text in line:
            return line.index(text), row
    raise AssertionError(f"{text!r} is not on the screen: {screen_lines(app)}")


def hand_token(app: TableApp, index: int) -> str:
    """The hand's card ``index`` as the screen shows it: its number and the card."""
    hand = app.board.view.hand  # type: ignore[union-attr]
    return f"{index + 1}:{display(CARD_BY_CODE[hand[index]])}"


async def click_text(pilot: Pilot[None], text: str, below: int = 0) -> None:
    app = pilot.app
    assert isinstance(app, TableApp)
    column, row = place_of(app, text, below)
    await pilot.click(offset=(column + len(text) - 1, row))


async def to_the_first_card(pilot: Pilot[None]) -> None:
    await ask_settled(pilot, Kind.BID)
    await type_answer(pilot, "garde")
    await ask_settled(pilot, Kind.DISCARD)
    await type_answer(pilot, "auto")
    await ask_settled(pilot, Kind.CHELEM)
    await type_answer(pilot, "n")
    await ask_settled(pilot, Kind.CARD)


def person_bids(save: Path) -> list[str | None]:
    game = load_log(save, allow_incomplete=True).game
    return [e.contract for e in game.events if isinstance(e, Bid) and e.seat == 0]


def person_plays(save: Path) -> list[str]:
    game = load_log(save, allow_incomplete=True).game
    return [e.card for e in game.events if isinstance(e, Play) and e.seat == 0]


def test_a_click_on_a_card_plays_it(tmp_path: Path) -> None:
    app = garde_table(tmp_path)
    clicked: list[str] = []

    async def keys(pilot: Pilot[None]) -> None:
        await to_the_first_card(pilot)
        hand = app.board.view.hand  # type: ignore[union-attr]
        # South leads the first trick: any card; the last, far from the cursor.
        index = len(hand) - 1
        assert hand[index] in app.snapshot.legal and app.cursor != index
        clicked.append(hand[index])
        hand_row = place_of(app, "Your hand")[1]
        await click_text(pilot, hand_token(app, index), below=hand_row)
        await until(pilot, lambda: bool(person_plays(tmp_path / "g.jsonl")), "the card played")
        await pilot.press("ctrl+q")

    run_app(app, keys)
    assert person_plays(tmp_path / "g.jsonl") == clicked


def test_a_click_on_a_card_that_may_not_be_played_says_why(tmp_path: Path) -> None:
    app = garde_table(tmp_path)
    seen: dict[str, object] = {}

    async def keys(pilot: Pilot[None]) -> None:
        await to_the_first_card(pilot)
        for _ in range(200):
            await ask_settled(pilot)
            hand = app.board.view.hand  # type: ignore[union-attr]
            if app.snapshot.kind is Kind.CARD and len(app.snapshot.legal) < len(hand):
                break
            await pilot.press("enter")
        hand = app.board.view.hand  # type: ignore[union-attr]
        index = next(i for i, code in enumerate(hand) if code not in app.snapshot.legal)
        seen["refused"] = hand[index]
        seen["played before"] = list(person_plays(tmp_path / "g.jsonl"))
        hand_row = place_of(app, "Your hand")[1]
        await click_text(pilot, hand_token(app, index), below=hand_row)
        await until(pilot, lambda: app.snapshot.refusal != "", "the refusal")
        seen["refusal"] = app.snapshot.refusal
        seen["played after"] = list(person_plays(tmp_path / "g.jsonl"))
        await pilot.press("ctrl+q")

    run_app(app, keys)
    assert str(seen["refusal"]).endswith(")") and "(R" in str(seen["refusal"])
    assert seen["played after"] == seen["played before"]


def test_a_click_on_a_bid_makes_it(tmp_path: Path) -> None:
    app = garde_table(tmp_path)

    async def keys(pilot: Pilot[None]) -> None:
        await ask_settled(pilot, Kind.BID)
        labels = [choice.label.plain for choice in app.snapshot.choices]
        assert labels[0] == "pass" and "garde" in labels
        prompt_row = place_of(app, "Your bid:")[1]
        await click_text(pilot, " garde ", below=prompt_row)
        await ask_settled(pilot, Kind.DISCARD)
        await pilot.press("ctrl+q")

    run_app(app, keys)
    assert person_bids(tmp_path / "g.jsonl") == ["garde"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_arrows_and_enter_make_a_bid(tmp_path: Path, language: str) -> None:
    """The bids after the prompt, pass first: → → moves to the third (garde: pass, prise,
    garde), in brackets, and Enter makes it."""
    use_language(language)
    app = garde_table(tmp_path)
    rows: list[str] = []

    async def keys(pilot: Pilot[None]) -> None:
        await ask_settled(pilot, Kind.BID)
        await pilot.press("right", "right")
        await pilot.pause()
        rows.append(screen_lines(app)[place_of(app, "[garde]")[1]])
        await pilot.press("enter")
        await ask_settled(pilot, Kind.DISCARD)
        await pilot.press("ctrl+q")

    run_app(app, keys)
    assert person_bids(tmp_path / "g.jsonl") == ["garde"]
    passing = "pass" if language == "en" else "passe"
    assert f" {passing}  prise [garde] " in rows[0], rows


def test_the_chelem_is_answered_with_the_arrows(tmp_path: Path) -> None:
    """No chelem is where the cursor starts: Enter answers no, as the line mode's N does."""
    app = garde_table(tmp_path)

    async def keys(pilot: Pilot[None]) -> None:
        await ask_settled(pilot, Kind.BID)
        await type_answer(pilot, "garde")
        await ask_settled(pilot, Kind.DISCARD)
        await type_answer(pilot, "auto")
        await ask_settled(pilot, Kind.CHELEM)
        assert "[no] yes" in screen_lines(app)[place_of(app, "Declare a chelem")[1]]
        await pilot.press("enter")
        await ask_settled(pilot, Kind.CARD)
        await pilot.press("ctrl+q")

    run_app(app, keys)
    game = load_log(tmp_path / "g.jsonl", allow_incomplete=True).game
    assert [e.declared for e in game.events if e.type == "chelem"] == [False]  # type: ignore[attr-defined]


async def mark_two_for_the_discard(pilot: Pilot[None]) -> list[int]:
    """At the discard, the second and the fourth card marked with Space; their indexes."""
    await ask_settled(pilot, Kind.BID)
    await type_answer(pilot, "garde")
    await ask_settled(pilot, Kind.DISCARD, at_rest=True)
    await pilot.press("right", "space", "right", "right", "space")
    await pilot.pause()
    return [1, 3]


def test_the_cards_marked_for_the_discard_carry_a_sign(tmp_path: Path) -> None:
    """The marks read in the text itself (no colour needed): the sign in place of the
    star, after each marked card and after no other; a click on a card marks it too."""
    app = garde_table(tmp_path)
    seen: dict[str, object] = {}

    async def keys(pilot: Pilot[None]) -> None:
        marked = await mark_two_for_the_discard(pilot)
        hand_row = place_of(app, "Your hand")[1]
        await click_text(pilot, hand_token(app, 5), below=hand_row)
        await pilot.pause()
        marked.append(5)
        text = "\n".join(screen_lines(app)[hand_row:])
        seen["marks"] = text.count(MARK)
        seen["each"] = all(f"{hand_token(app, i)}{MARK}" in text for i in marked)
        seen["codes"] = list(app.marked)
        seen["hand"] = app.board.view.hand  # type: ignore[union-attr]
        await pilot.press("ctrl+q")

    run_app(app, keys)
    assert seen["marks"] == 3 + 1  # three cards, and the keys line's count
    assert seen["each"] is True
    hand = seen["hand"]
    assert seen["codes"] == [hand[1], hand[3], hand[5]]  # type: ignore[index]


def coloured(segments: list[Segment]) -> list[Segment]:
    def has_colour(colour: object) -> bool:
        return colour is not None and not colour.is_default  # type: ignore[attr-defined]

    return [s for s in segments if s.style is not None
            and (has_colour(s.style.color) or has_colour(s.style.bgcolor))]


@pytest.mark.parametrize("no_color", [False, True])
def test_no_color_draws_no_colour_and_the_marks_still_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_color: bool) -> None:
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = garde_table(tmp_path)
    seen: dict[str, object] = {}

    async def keys(pilot: Pilot[None]) -> None:
        await mark_two_for_the_discard(pilot)
        segments = screen_segments(app)
        seen["coloured"] = coloured(segments)
        seen["text"] = "".join(segment.text for segment in segments)
        await pilot.press("ctrl+q")

    run_app(app, keys)
    assert str(seen["text"]).count(MARK) == 2 + 1
    # Without NO_COLOR the table has colours (the test can fail); with it, none at all.
    assert bool(seen["coloured"]) is not no_color, seen["coloured"]


def test_four_colour_suits_give_each_suit_its_own_colour() -> None:
    def colours() -> list[str]:
        return [str(card_text(code).style) for code in ("KS", "KH", "KD", "KC")]

    assert len(set(colours())) == 2  # printed packs: two reds, two blacks
    use_four_colour_suits(True)
    try:
        assert len(set(colours())) == 4
    finally:
        use_four_colour_suits(False)
    assert len(set(colours())) == 2


def waiting_session(options: PlayOptions, table: Table) -> None:
    """A session that asks nothing until the screen is left: the test posts snapshots."""
    assert isinstance(table, ScreenTable)
    table.channel.answers.get()


HELP_QUESTIONS = [Kind.BID, Kind.CALL, Kind.DISCARD, Kind.CHELEM, Kind.CARD, Kind.POIGNEE,
                  Kind.PAUSE, Kind.ANOTHER, None]


@pytest.mark.parametrize("practice", [False, True], ids=["game", "practice"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_help_of_every_question_fits_80x24(language: str, practice: bool) -> None:
    """The help of each question, over the table at 80×24: its keys first, all of it in
    view without scrolling (at five players for the call); Esc closes it, ? opens it."""
    use_language(language)
    from tarot.ui.dialogue import names_for

    app = TableApp(PlayOptions(), session=waiting_session, cursor_blink=False)
    failures: list[str] = []

    async def keys(pilot: Pilot[None]) -> None:
        panel = app.query_one("#help", VerticalScroll)
        for kind in HELP_QUESTIONS:
            players = 5 if kind is Kind.CALL else 4
            rules = load_rules("standard" if players == 4 else "standard-5")
            app.show_snapshot(Snapshot(names=names_for(0, players), kind=kind,
                                       prompt="?", rules=rules, practice=practice,
                                       discard_size=rules.deal.chien_size))
            app.waiting = False
            await pilot.press("question_mark")
            await pilot.pause()
            lines = [line for line in screen_lines(app) if line.strip()]
            if not panel.display:
                failures.append(f"{kind}: ? opened no help")
            elif panel.max_scroll_y != 0:
                failures.append(f"{kind}: {panel.max_scroll_y} rows more than 80×24")
            elif not lines[1].strip().startswith(("Keys", "Touches")):
                failures.append(f"{kind}: the keys are not first: {lines[1]!r}")
            await pilot.press("escape")
            await pilot.pause()
            if panel.display:
                failures.append(f"{kind}: Esc left the help open")
        await pilot.press("ctrl+q")

    run_app(app, keys)
    assert not failures, failures


def test_help_typed_on_the_answer_line_opens_the_screen_s_help(tmp_path: Path) -> None:
    """`?` typed and Enter: the screen's help, not the line mode's text in the story; the
    game is not asked anything (the question stays)."""
    app = garde_table(tmp_path)
    seen: dict[str, object] = {}

    async def keys(pilot: Pilot[None]) -> None:
        await ask_settled(pilot, Kind.BID)
        await pilot.press("space")  # the line not empty: ? is typed, not a key
        await type_answer(pilot, "?")
        await pilot.pause()
        seen["open"] = app.query_one("#help").display
        seen["still asked"] = app.snapshot.kind is Kind.BID and not app.waiting
        await pilot.press("escape")
        await pilot.press("ctrl+q")

    run_app(app, keys)
    assert seen == {"open": True, "still asked": True}



def test_the_row_of_choices_starts_on_the_cautious_answer() -> None:
    """Pass first at the auction, no chelem first, and at the call a king the taker does not
    hold: a stray Enter never takes a contract, nor makes the taker play alone."""
    from tarot.engine.events import Call, Chelem
    from tarot.ui.screen.choices import offered

    bids = [Bid(seat=0, contract="prise"), Bid(seat=0, contract=None),
            Bid(seat=0, contract="garde")]
    assert [c.action for c in offered(bids, Bid)] == [bids[1], bids[0], bids[2]]
    chelem = [Chelem(seat=0, declared=True), Chelem(seat=0, declared=False)]
    assert offered(chelem, Chelem)[0].action == chelem[1]
    calls = [Call(seat=0, card=king) for king in ("KS", "KH", "KD", "KC")]
    assert offered(calls, Call, hand=("KS", "KH", "2C"))[0].action == calls[2]
    assert offered(calls, Call)[0].action == calls[0]
    assert offered(bids, None) == ()
