"""`tarot play` full screen, played with keys through Textual's pilot: whole deals, the
discard marked card by card, the result box, a refusal in place, the hint, quitting and
resuming, and the same log as line mode for the same answers."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from screen_driver import (
    answer_plainly,
    app_of,
    ask_settled,
    asked,
    play_to_the_end,
    type_answer,
    until,
)
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Static

from tarot.log import load_log
from tarot.ui.cli import main
from tarot.ui.language import use_language
from tarot.ui.screen.app import TableApp
from tarot.ui.screen.game import Kind
from tarot.ui.session import PlayOptions, WholeLine


def run_app(app: TableApp, keys: object, size: tuple[int, int] = (80, 24)) -> None:
    """Run ``app`` at ``size`` with the coroutine function ``keys(pilot)``."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await keys(pilot)  # type: ignore[operator]

    asyncio.run(main())


async def garde_to_the_first_card(pilot: Pilot[None]) -> None:
    """Bid a Garde, discard with ``auto``, declare no chelem: then the first card is asked."""
    await ask_settled(pilot, Kind.BID)
    await type_answer(pilot, "garde")
    await ask_settled(pilot, Kind.DISCARD)
    await type_answer(pilot, "auto")
    await ask_settled(pilot, Kind.CHELEM)
    await type_answer(pilot, "n")
    await ask_settled(pilot, Kind.CARD)


def shown(app: TableApp, selector: str) -> str:
    """The text a Static shows, its lines whole."""
    console = Console(width=500, record=True, file=io.StringIO())
    console.print(app.query_one(selector, Static).content)
    return console.export_text()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_whole_deal_played_with_keys(tmp_path: Path, language: str) -> None:
    use_language(language)
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(deal_name="garde", save_path=save, level="rules"))
    seen: dict[str, str] = {}

    async def keys(pilot: Pilot[None]) -> None:
        await play_to_the_end(pilot)
        seen["result"] = shown(app, "#result-text") + shown(app, "#result-sheet-head")
        await pilot.press("enter")  # the result stays until a key is pressed

    run_app(app, keys)
    assert app.error is None
    assert app.table.exit_status == 0
    game = load_log(save).game
    assert game.is_over
    over = "The deal is over." if language == "en" else "La donne est terminée."
    assert over in seen["result"]
    sheet = "Score sheet" if language == "en" else "Feuille de marque"
    assert sheet in seen["result"]
    leaving = "\n".join(app.leaving_lines())
    assert over in leaving
    assert str(save.resolve()) in leaving


def test_the_discard_is_chosen_by_marking_cards(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(deal_name="garde", save_path=save, level="rules"))
    marked: list[str] = []

    async def keys(pilot: Pilot[None]) -> None:
        await ask_settled(pilot, Kind.BID)
        await type_answer(pilot, "garde")
        await ask_settled(pilot, Kind.DISCARD)
        # Which cards may go, from the save as it stands: the keys choose them.
        options = load_log(save, allow_incomplete=True).game.discard_options()
        assert options.trumps_required == 0
        chosen = set(options.ordinary[:options.size])
        hand = app.board.view.hand  # type: ignore[union-attr]
        for index, code in enumerate(hand):
            if code in chosen:
                for _ in range((index - app.cursor) % len(hand)):
                    await pilot.press("right")
                await pilot.press("space")
        marked.extend(app.marked)
        assert f"({len(chosen)}/{len(chosen)})" in shown(app, "#keys")
        await pilot.press("enter")
        await ask_settled(pilot)
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "the screen left")

    run_app(app, keys)
    game = load_log(save, allow_incomplete=True).game
    assert game.discard is not None
    assert sorted(game.discard) == sorted(marked)


def test_a_refused_card_is_shown_in_place_with_its_rule(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(deal_name="garde", save_path=save, level="rules"))
    refusals: list[str] = []

    async def keys(pilot: Pilot[None]) -> None:
        for _ in range(200):
            await ask_settled(pilot)
            kind = app.snapshot.kind
            if kind is Kind.CARD and len(app.snapshot.legal) < len(app.board.view.hand):  # type: ignore[union-attr]
                break
            if kind is Kind.BID:
                await type_answer(pilot, "garde")
            elif kind is Kind.DISCARD:
                await type_answer(pilot, "auto")
            elif kind is Kind.CHELEM:
                await type_answer(pilot, "n")
            else:
                await pilot.press("enter")
        hand = app.board.view.hand  # type: ignore[union-attr]
        while hand[app.cursor] in app.snapshot.legal:
            await pilot.press("right")
        await pilot.press("enter")
        await ask_settled(pilot, Kind.CARD)
        refusals.append(shown(app, "#refusal"))
        await pilot.press("h")
        await ask_settled(pilot, Kind.CARD)
        refusals.append(shown(app, "#aside-text"))
        await pilot.press("q")

    run_app(app, keys)
    refusal, hint = refusals
    assert refusal.startswith("✗ ") and "(R" in refusal, refusal
    assert hint.strip().startswith("Hint: "), hint
    assert app.table.exit_status == 0


def test_q_saves_and_resume_continues_where_it_stopped(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(seed=3, save_path=save, level="rules"))

    async def leave(pilot: Pilot[None]) -> None:
        await garde_to_the_first_card(pilot)
        await pilot.press("enter")
        await ask_settled(pilot)
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "the screen left")

    run_app(app, leave)
    assert app.table.exit_status == 0
    leaving = app.leaving_lines()
    heading = leaving.index("Game saved; continue it with:")
    command = leaving[heading + 1]
    assert isinstance(command, WholeLine) and command.endswith(f" play --resume {save.resolve()}")
    stopped = load_log(save, allow_incomplete=True).game
    assert not stopped.is_over
    played = len(stopped.events)

    resumed = TableApp(PlayOptions(resume_name=str(save)))

    async def finish(pilot: Pilot[None]) -> None:
        await play_to_the_end(pilot)
        await pilot.press("enter")

    run_app(resumed, finish)
    game = load_log(save).game
    assert game.is_over
    assert game.events[:played] == stopped.events


def test_ctrl_c_saves_and_exits_130(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(seed=3, save_path=save, level="rules"))

    async def interrupt(pilot: Pilot[None]) -> None:
        await ask_settled(pilot, Kind.BID)
        await pilot.press("ctrl+c")
        await until(pilot, lambda: not app.is_running, "the screen left")

    run_app(app, interrupt)
    assert app.table.exit_status == 130
    assert not load_log(save, allow_incomplete=True).game.is_over


def test_a_match_shows_each_result_until_a_key(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(seed=5, save_path=save, level="rules", deals=2))
    tops: list[str] = []

    async def keys(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: asked(app, Kind.NEXT), "the first deal's result")
        assert "Score sheet" in shown(app, "#result-sheet-head")
        await pilot.press("enter")
        await ask_settled(pilot)
        tops.append(shown(app, "#top"))
        await play_to_the_end(pilot, bid="pass")
        await pilot.press("enter")

    async def first(pilot: Pilot[None]) -> None:
        app_of(pilot)
        for _ in range(2_000):
            await until(pilot, lambda: asked(app), "a question")
            if app.snapshot.kind is Kind.NEXT:
                break
            kind = app.snapshot.kind
            if kind is Kind.BID:
                await type_answer(pilot, "pass")
            else:
                await pilot.press("enter")
        await keys(pilot)

    run_app(app, first)
    assert tops and tops[0].startswith("Match, deal 2")
    assert load_log(tmp_path / "g.deal-2.jsonl").game.is_over


@pytest.mark.parametrize("seed", [3, 11])
def test_the_log_is_the_same_in_both_modes(tmp_path: Path, seed: int,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The same seed and answers, at the full screen (keys) and in line mode (typed):
    the same save, byte for byte."""
    from plain_person import plain_answer, tables_made

    import tarot.ui.terminal as terminal_module

    screen_save = tmp_path / "screen.jsonl"
    app = TableApp(PlayOptions(seed=seed, save_path=screen_save, level="rules"))

    async def keys(pilot: Pilot[None]) -> None:
        for _ in range(2_000):
            await until(pilot, lambda: app.finished or asked(app), "a question or the end")
            if app.finished:
                break
            if app.snapshot.kind is Kind.CARD:
                # The arrows to the first playable card of the hand, then Enter.
                hand = app.board.view.hand  # type: ignore[union-attr]
                first = next(i for i, code in enumerate(hand) if code in app.snapshot.legal)
                while app.cursor != first:
                    await pilot.press("left")
            await answer_plainly(pilot, bid="garde", another="n")
        await pilot.press("enter")

    run_app(app, keys)

    tables = tables_made(monkeypatch.setattr)

    def answer(prompt: str) -> str:
        if prompt.startswith("Another deal"):
            return "n"
        said = plain_answer(prompt, bid="garde")
        if said is not None:
            return said
        game = tables[-1].game
        hand = game.hand(0)
        # The card the screen's cursor goes to: the first playable one in the hand.
        return str(next(n for n, code in enumerate(hand, 1) if code in game.legal_cards()))

    monkeypatch.setattr(terminal_module, "_prompt", answer)
    line_save = tmp_path / "line.jsonl"
    result = CliRunner().invoke(main, ["play", "--plain", "--seed", str(seed), "--level",
                                       "rules", "--save", str(line_save)])
    assert result.exit_code == 0, result.output
    assert load_log(line_save).game.is_over
    assert screen_save.read_bytes() == line_save.read_bytes()


def test_play_is_in_line_mode_when_not_at_a_terminal(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    result = CliRunner().invoke(main, ["play", "--seed", "3", "--save", str(save)],
                                input="quit\n")
    assert result.exit_code == 0
    assert "Your bid (" in result.output  # printed as a line: no screen was drawn


def test_auto_plays_the_deal_on_screen_and_the_result_waits(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(seed=3, save_path=save, level="rules", auto=True))
    seen: list[str] = []

    async def watch(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: app.finished, "the deal played")
        await pilot.pause()
        seen.append(shown(app, "#result-text") + shown(app, "#result-question"))
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running, "the screen left")

    run_app(app, watch)
    assert load_log(save).game.is_over
    assert "The deal is over." in seen[0] and "Enter or q to leave the table." in seen[0]


def test_a_long_match_s_sheet_scrolls_under_a_result_that_stays_whole(
        tmp_path: Path) -> None:
    """Four deals (seed 7 has passed deals noted under the sheet) on a terminal of 18
    rows, where the sheet no longer fits: the result, the sheet's column names and the
    question stay on screen whole, and the sheet scrolls to its last rows and totals."""
    app = TableApp(PlayOptions(seed=7, save_path=tmp_path / "g.jsonl", level="rules",
                               auto=True, deals=4))

    async def watch(pilot: Pilot[None]) -> None:
        for _ in range(10):  # each deal's result waits for Enter
            await until(pilot, lambda: app.finished or asked(app, Kind.NEXT), "a result")
            if app.finished:
                break
            await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen.region
        for selector in ("#result-text", "#result-sheet-head", "#result-question"):
            region = app.query_one(selector).region
            assert region.height > 0 and screen.contains_region(region), selector
        assert app.query_one("#result-text").region.height >= len(app.snapshot.result)
        assert "Score sheet" in shown(app, "#result-sheet-head")
        sheet = app.query_one("#result-sheet", VerticalScroll)
        assert sheet.max_scroll_y > 0  # the rows do not all fit: they scroll
        assert sheet.scroll_y == sheet.max_scroll_y  # the last rows and totals shown
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running, "the screen left")

    run_app(app, watch, size=(80, 18))
    leaving = "\n".join(app.leaving_lines())
    assert "The deal is over." in leaving and "Total" in leaving


def test_the_excuse_warning_comes_before_the_last_trick() -> None:
    """With the Excuse and one other card, the screen says to play the Excuse now
    (table_view.excuse_warning), in the prompt's place."""
    import io as stream_io
    import random

    from tarot.bots.registry import make_player
    from tarot.engine.events import Play
    from tarot.engine.game import Game
    from tarot.ui.screen.game import Channel, ScreenGame, Snapshot

    posted: list[Snapshot] = []
    for seed in range(200):
        game = Game.new(seed=seed)
        bot = make_player("rules", game.rules)
        rng = random.Random(seed)
        if "EXC" not in game.hand(0):
            continue
        screen = ScreenGame(game, [bot] * 4, 0, stream_io.StringIO(),
                            Channel(post=posted.append, log=lambda line: None))
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            legal = game.legal_actions()
            if seat == 0 and game.phase == "tricks" and len(game.hand(0)) == 2 \
                    and "EXC" in game.hand(0):
                screen.publish(Kind.CARD, "?")
                if posted[-1].warning:
                    assert "Play the Excuse now" in posted[-1].warning
                    assert "(R16)" in posted[-1].warning
                    return
            keep = [a for a in legal if not (seat == 0 and isinstance(a, Play)
                                             and a.card == "EXC")]
            game.play(bot.choose(game.view(seat), keep or legal, rng))
    raise AssertionError("no deal of the first 200 seeds kept the Excuse to the end")


def test_the_poignee_is_offered_and_shown_on_screen(tmp_path: Path) -> None:
    """four-kings-triple: at the first card the screen offers the poignée; `p` lists the
    levels in the aside, `1` shows it, and the contract panel keeps it in view."""
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(deal_name="four-kings-triple", save_path=save, level="rules"))
    seen: dict[str, str] = {}

    async def keys(pilot: Pilot[None]) -> None:
        await garde_to_the_first_card(pilot)
        seen["offer"] = shown(app, "#prompt")
        await type_answer(pilot, "p")
        await ask_settled(pilot, Kind.POIGNEE)
        seen["levels"] = shown(app, "#aside-text")
        seen["which"] = shown(app, "#prompt")
        await type_answer(pilot, "1")
        await ask_settled(pilot, Kind.CARD)
        seen["info"] = " ".join(line.plain for line in app.board.info)
        await pilot.press("q")

    run_app(app, keys)
    assert "You may show a poignée now" in seen["offer"]
    assert "1. " in seen["levels"] and "Which one" in seen["which"]
    assert "You: simple poignée" in seen["info"]
    game = load_log(save, allow_incomplete=True).game
    assert [e.type for e in game.events].count("poignee") == 1


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_keys_line_fits_80_columns(language: str) -> None:
    """The line that says which keys do what, for every question, in 78 columns (80 less
    its margins), the discard's count at its widest."""
    from tarot.ui.screen.game import Snapshot
    from tarot.ui.terminal import names_for

    use_language(language)
    app = TableApp(PlayOptions())
    app.marked = ["KH"] * 10
    for kind in [None, *Kind]:
        app.snapshot = Snapshot(names=names_for(0), kind=kind, discard_size=10)
        assert len(app._keys()) <= 78, (kind, app._keys())


def test_pace_shows_each_trick_on_the_table_without_asking(tmp_path: Path) -> None:
    """--pace 0 in full screen: no Enter after the tricks, and each completed trick is
    put on the table (the snapshot the pause posts) before play goes on."""
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(deal_name="garde", save_path=save, level="rules"), pace=0)
    shown_tricks: list[int] = []
    post = app.channel.post

    def watch(snapshot: object) -> None:
        from tarot.ui.screen.game import Snapshot

        assert isinstance(snapshot, Snapshot)
        assert snapshot.kind is not Kind.PAUSE
        if snapshot.shown_trick is not None:
            shown_tricks.append(snapshot.shown_trick.number)
        post(snapshot)

    app.channel.post = watch

    async def keys(pilot: Pilot[None]) -> None:
        await play_to_the_end(pilot)
        await pilot.press("enter")

    run_app(app, keys)
    assert load_log(save).game.is_over
    assert shown_tricks == list(range(1, 18))  # the last trick ends the deal: no pause


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_previous_trick_fits_under_the_table_at_80_columns(language: str) -> None:
    """The previous trick is under the table (the Contract panel has no row to spare at
    80×24), on one line within the table's 38 columns at its widest: four ten-cards and
    the winner's mark."""
    from tarot.engine.views import TrickView
    from tarot.ui.screen.app import previous_trick_lines
    from tarot.ui.terminal import names_for

    use_language(language)
    trick = TrickView(number=4, leader=1, cards=("10S", "10H", "10D", "10C"), winner=2)
    title, line = previous_trick_lines(trick, names_for(0))
    assert title.plain == ("Previous trick:" if language == "en" else "Pli précédent :")
    assert line.cell_len <= 38, line.plain
    assert line.plain.count("✓") == 1


def test_no_seat_is_to_play_at_the_auction() -> None:
    """At the auction the prompt asks for a bid: no seat says "to play" (nor "?")."""
    from tarot.engine.game import Game
    from tarot.ui.screen.app import seat_cell
    from tarot.ui.terminal import names_for

    game = Game.new(seed=1)
    view = game.view(0)
    assert view.phase == "auction"
    cells = [seat_cell(view, seat, names_for(0)).plain for seat in range(4)]
    assert not any("to play" in cell or "?" in cell for cell in cells), cells


def test_a_card_chosen_with_the_keys_is_typed_as_one_card_in_either_notation() -> None:
    """Enter on a highlighted card sends it as text; "1C" would name the ace of hearts
    (cœur) too in the French notation, and be refused there."""
    from tarot.engine.card_notation import ENGLISH, FRENCH
    from tarot.engine.cards import CODES, is_trump, parse_card
    from tarot.ui.screen.app import typed_code

    for card, code in enumerate(CODES):
        for notation in (FRENCH, ENGLISH):
            typed = typed_code(code, notation)
            assert parse_card(typed, notation=notation) == card, typed
        if not is_trump(card):  # a trump is written in each notation's letter (A7, T7)
            assert parse_card(typed_code(code, FRENCH), notation=ENGLISH) == card


def test_a_long_french_refusal_at_80x24_leaves_the_hand_and_the_answer_on_screen(
        tmp_path: Path) -> None:
    """A refusal three lines long (French says more): the story gives up its rows, and the
    hand, the prompt, the answer line, the refusal and the keys stay on the screen (laid
    out taller than it, the table left its lower half blank)."""
    use_language("fr")
    # Seed 4: East takes a Garde, and South's hand takes five rows.
    app = TableApp(PlayOptions(seed=4, save_path=tmp_path / "g.jsonl", level="rules"))

    async def keys(pilot: Pilot[None]) -> None:
        await ask_settled(pilot, Kind.BID)
        await type_answer(pilot, "passe")
        await ask_settled(pilot, Kind.CARD)
        # A word that names no card (undo, outside a practice game, now says where it
        # works instead), of the same length, for the same refusal.
        await type_answer(pilot, "oups")
        await until(pilot, lambda: "n'est pas une carte" in shown(app, "#refusal"),
                    "the refusal")
        await pilot.pause()
        assert app.query_one("#refusal").region.height >= 3  # three lines at 80 columns
        assert app.screen.max_scroll_y == 0  # nothing laid out below the screen
        screen = app.screen.region
        for selector in ("#hand", "#prompt", "#answer", "#refusal", "#keys"):
            region = app.query_one(selector).region
            assert region.height > 0 and screen.contains_region(region), selector

    run_app(app, keys)
    assert app.error is None


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_terminal_too_small_says_the_size_it_needs_and_the_game_goes_on(
        tmp_path: Path, language: str) -> None:
    use_language(language)
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(deal_name="garde", save_path=save, level="rules"))
    seen: dict[str, object] = {}

    async def keys(pilot: Pilot[None]) -> None:
        await ask_settled(pilot, Kind.BID)
        notice = app.query_one("#too-small", Static)
        seen["small"] = notice.display
        seen["text"] = shown(app, "#too-small")
        await type_answer(pilot, "garde")  # typed blind, under the notice
        await ask_settled(pilot, Kind.DISCARD)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: not notice.display, "the notice gone at 80x24")
        seen["big"] = notice.display
        await pilot.press("ctrl+q")
        await until(pilot, lambda: not app.is_running, "the screen left")

    run_app(app, keys, size=(60, 20))
    assert seen["small"] is True and seen["big"] is False
    text = str(seen["text"])
    assert "60×20" in text and "80×24" in text
    assert ("the table needs at least" in text) == (language == "en")
    assert ("la table" in text) == (language == "fr")
    bids = [e for e in load_log(save, allow_incomplete=True).game.events if e.type == "bid"]
    assert any(bid.contract == "garde" for bid in bids)  # type: ignore[attr-defined]
