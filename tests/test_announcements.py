"""Nothing announced is ever out of sight: the full screen's Contract panel keeps every
announcement of the deal (each poignée with its trumps, the chien, the auction, the call)
on screen at 80×24 in English and French, says so when its lines outrun it, and Tab (or
the typed word) shows them all; the line mode's ``announcements`` says them; the partner at
five is never named before the called card is played."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from rich.text import Text
from screen_driver import app_of, ask_settled, asked, type_answer, until
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Static

from tarot.engine import phases
from tarot.engine.cards import CARD_BY_CODE, display
from tarot.engine.events import Call
from tarot.engine.game import Game
from tarot.ui.announced import (
    contract_and_call,
    every_announcement,
    folded,
    trump_runs,
)
from tarot.ui.cli import main
from tarot.ui.dialogue import names_for
from tarot.ui.language import use_language
from tarot.ui.screen.app import TableApp
from tarot.ui.screen.contract_panel import ContractPanel
from tarot.ui.screen.game import Kind, info_lines
from tarot.ui.session import PlayOptions

# The answers of the two deals that showed the panel cutting announcements, typed up to
# the second trick's first question (``None``: Enter at the pause after trick 1).
FIVE = {"en": ["garde", "KH", "2S 3S 4D", "n", "p", "2", "T21", None],
        "fr": ["garde", "roi de cœur", "2P 3P 4K", "n", "p", "2", "A21", None]}
FOUR = {"en": ["pass", "9H", None], "fr": ["passe", "9H", None]}

# What each must show after trick 1, as a person reads it (spaces: French typography's
# no-break ones are read as spaces here).
FIVE_SHOWN = {
    "en": ["Garde by You · call K♥", "You: double poignée T12–T21",
           "East: simple poignée T1–T8", "Chien: 7♠ 2♦ 1♣", "You Garde; the others passed"],
    "fr": ["Garde · preneur : Vous · appel R♥", "Vous : poignée double A12–A21",
           "Est : poignée simple A1–A8", "Chien : 7♠ 2♦ 1♣",
           "Vous Garde ; les autres ont passé"],
}
FOUR_SHOWN = {
    "en": ["Garde by North", "East: simple poignée T2–T10 EXC",
           "Chien: 5♠ 6♠ 8♥ 1♦ 10♣ N♣", "North Garde; the others passed"],
    "fr": ["Garde · preneur : Nord", "Est : poignée simple A2–A10 EXC",
           "Chien : 5♠ 6♠ 8♥ 1♦ 10♣ C♣", "Nord Garde ; les autres ont passé"],
}


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def screen_text(app: TableApp) -> str:
    """Every row the terminal shows, as text."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True))
    return spaced(console.export_text())


def run_deal(tmp_path: Path, deal: str, answers: list[str | None], size: tuple[int, int],
             after: object = None) -> dict[str, str]:
    """Play ``deal`` on the screen at ``size`` with ``answers``, to the next question; then
    ``after(pilot, seen)``. What was on screen there, and the panel's rows."""
    app = TableApp(PlayOptions(deal_name=deal, save_path=tmp_path / "g.jsonl",
                               level="rules"), cursor_blink=False)
    seen: dict[str, str] = {}

    async def keys(pilot: Pilot[None]) -> None:
        for answer in answers:
            await until(pilot, lambda: asked(app), "a question")
            if answer is None:
                assert app.snapshot.kind is Kind.PAUSE
                await pilot.press("enter")
            else:
                await type_answer(pilot, answer)
        await ask_settled(pilot, Kind.CARD)
        await pilot.pause()
        seen["screen"] = screen_text(app)
        panel = app.query_one("#info", ContractPanel)
        seen["panel"] = spaced("\n".join(line.plain for line in panel.shown_lines()))
        if after is not None:
            await after(pilot, seen)  # type: ignore[operator]
        await pilot.press("ctrl+q")

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await keys(pilot)

    asyncio.run(run())
    assert app.error is None
    return seen


@pytest.mark.parametrize("language", ["en", "fr"])
def test_five_players_after_trick_1_every_announcement_is_on_screen_at_80x24(
        tmp_path: Path, language: str) -> None:
    use_language(language)

    async def tab(pilot: Pilot[None], seen: dict[str, str]) -> None:
        app = app_of(pilot)
        await pilot.press("tab")
        await pilot.pause()
        overlay = app.query_one("#announcements", VerticalScroll)
        seen["tab shown"] = str(overlay.display)
        seen["tab fits"] = str(overlay.max_scroll_y == 0)
        console = Console(width=500, record=True, file=io.StringIO())
        console.print(app.query_one("#announcements-text", Static).content)
        seen["tab"] = spaced(console.export_text())
        await pilot.press("tab")
        await pilot.pause()
        seen["closed"] = str(app.query_one("#announcements", VerticalScroll).display)

    seen = run_deal(tmp_path, "five-two-poignees", FIVE[language], (80, 24), tab)
    for text in FIVE_SHOWN[language]:
        assert text in seen["panel"], (text, seen["panel"])
        assert text in seen["screen"], (text, seen["screen"])
    assert "…" not in seen["panel"]  # nothing left out
    # Tab shows them all, every trump of each poignée one by one, and closes again.
    assert seen["tab shown"] == "True" and seen["closed"] == "False"
    assert seen["tab fits"] == "True"  # at 80×24, over the table, without scrolling
    trump = "T" if language == "en" else "A"
    assert " ".join(f"{trump}{n}" for n in range(12, 22)) in seen["tab"]
    assert " ".join(f"{trump}{n}" for n in range(1, 9)) in seen["tab"]
    east_passed = "East pass" if language == "en" else "Est passe"
    assert east_passed in seen["tab"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_four_players_after_trick_1_every_announcement_is_on_screen_at_80x24(
        tmp_path: Path, language: str) -> None:
    use_language(language)

    async def typed(pilot: Pilot[None], seen: dict[str, str]) -> None:
        """The typed word opens them too, and goes to no question; Esc closes them."""
        app = app_of(pilot)
        overlay = app.query_one("#announcements", VerticalScroll)
        await type_answer(pilot, "announcements" if language == "en" else "annonces")
        await pilot.pause()
        seen["typed"] = str((overlay.display, app.waiting, app.snapshot.kind))
        await pilot.press("escape")
        await pilot.pause()
        seen["escaped"] = str(overlay.display)

    seen = run_deal(tmp_path, "excuse-poignee", FOUR[language], (80, 24), typed)
    for text in FOUR_SHOWN[language]:
        assert text in seen["panel"], (text, seen["panel"])
        assert text in seen["screen"], (text, seen["screen"])
    assert "…" not in seen["panel"]
    assert seen["typed"] == str((True, False, Kind.CARD))
    assert seen["escaped"] == "False"


def test_a_panel_too_small_says_how_many_lines_are_left_out(tmp_path: Path) -> None:
    """At 80×24 a terminal just big enough: the panel squeezed to three rows (as a longer
    deal's announcements would outrun it) says how many lines it leaves out and the key."""
    use_language("en")

    async def squeeze(pilot: Pilot[None], seen: dict[str, str]) -> None:
        app = app_of(pilot)
        app.query_one("#upper").styles.min_height = 4
        app.query_one("#upper").styles.height = 4
        await pilot.pause()
        panel = app.query_one("#info", ContractPanel)
        seen["squeezed"] = "\n".join(line.plain for line in panel.shown_lines())
        panel.first = 2  # the mouse wheel, twice
        seen["scrolled"] = "\n".join(line.plain for line in panel.shown_lines())

    seen = run_deal(tmp_path, "excuse-poignee", FOUR["en"], (80, 24), squeeze)
    rows = seen["squeezed"].splitlines()
    assert len(rows) == 3
    assert rows == ["Garde by North", "Target 56 (0 bouts won)", "… 4 more lines (Tab: all)"]
    scrolled = seen["scrolled"].splitlines()
    assert scrolled[0] == "↑ 2 lines above", scrolled
    assert scrolled[1:] == ["North 6 · defence 0", "… 3 more lines (Tab: all)"], scrolled


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_typed_word_shows_every_announcement_in_line_mode(tmp_path: Path,
                                                               language: str) -> None:
    word = "announcements" if language == "en" else "annonces"
    result = CliRunner().invoke(
        main, ["--lang", language, "play", "--deal", "excuse-poignee", "--level", "rules",
               "--plain", "--save", str(tmp_path / "g.jsonl")],
        input=f"{FOUR[language][0]}\n9H\n{word}\nquit\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    told = spaced(result.output.split(word, 1)[-1] if word in result.output
                  else result.output)
    if language == "en":
        expected = ["Auction: You pass · East pass · North Garde · West pass",
                    "Garde by North", "Chien: 5♠ 6♠ 8♥ 1♦ 10♣ N♣",
                    "East showed a simple poignée: T2 T3 T4 T5 T6 T7 T8 T9 T10 EXC"]
    else:
        expected = ["Enchères : Vous passe · Est passe · Nord Garde · Ouest passe",
                    "Garde · preneur : Nord", "Chien : 5♠ 6♠ 8♥ 1♦ 10♣ C♣",
                    "Est a montré une poignée simple : A2 A3 A4 A5 A6 A7 A8 A9 A10 EXC"]
    for text in expected:
        assert text in told, (text, told)


def test_the_word_is_in_the_card_prompt_s_help(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["play", "--deal", "excuse-poignee", "--level", "rules", "--plain", "--save",
               str(tmp_path / "g.jsonl")], input="pass\n?\nquit\n", catch_exceptions=False)
    assert "announcements every announcement so far" in result.output


def _called_game(seed: int) -> Game:
    """A five-player deal where seat 0 takes and calls a king another seat holds."""
    game = Game.new(seed, rules="standard-5")
    game.play("garde")
    while game.phase == phases.AUCTION and game.called is None:
        legal = game.legal_actions()
        calls = [a for a in legal if isinstance(a, Call) and a.card not in game.hand(0)]
        game.play(calls[0] if calls else legal[0])
    return game


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_partner_is_not_named_at_five_before_the_called_card_is_played(
        language: str) -> None:
    """Neither the panel nor the whole list names the partner to a seat that may not know
    him (V5-17) before the called card is played; the partner knows himself; once it is
    played, every seat's panel names him."""
    use_language(language)
    game = _called_game(1)
    partner, card = game.partner, game.called
    assert partner is not None and partner != 0 and card is not None
    label = "partner" if language == "en" else "partenaire"
    checked_before = 0
    while not game.is_over:
        played = any(card in t.cards for t in game.view(0).tricks) or \
            card in game.view(0).trick
        for seat in range(5):
            names = names_for(seat, 5)
            view = game.view(seat)
            head = spaced(contract_and_call(view, game.rules, names).plain)
            panel = spaced(" ".join(line.plain for line in
                                    info_lines(view, game.rules, names)))
            whole = spaced(" ".join(line.plain for line in
                                    every_announcement(view, game.rules, names)))
            named = f"{label} {names[partner]}"
            if played or seat == partner:
                assert head.endswith((named, "partner" if language == "en"
                                      else "partenaire")), (seat, head)
            else:
                shown_card = display(CARD_BY_CODE[card])
                assert head.endswith(shown_card), (seat, head)
                assert named not in panel and named not in whole, (seat, panel, whole)
                assert f"{names[partner]} is" not in whole, (seat, whole)
                checked_before += 1
        if played:
            break
        game.play(game.legal_actions()[0])
    assert checked_before > 0


def test_a_long_poignee_folds_under_its_first_line() -> None:
    use_language("en")
    line = Text("North-West: triple poignée ") + trump_runs(
        ["T1", "T3", "T5", "T7", "T9", "T11", "T13", "T15", "T17", "T19", "T21", "EXC"])
    rows = [row.plain for row in folded(line, 38, Console(width=200))]
    assert len(rows) == 2
    assert rows[1].startswith("  T")
    assert " ".join(rows).split() == line.plain.split()
    assert trump_runs(["T2", "T3", "T4", "T6", "T7", "EXC"]).plain == "T2–T4 T6 T7 EXC"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_word_at_the_pause_after_a_trick_says_them_and_waits_again(language: str) -> None:
    """In line mode the pause after a trick reads the word too: it says every announcement
    and asks again, and Enter then goes on."""
    from tarot.bots.registry import make_player
    from tarot.ui.terminal import TerminalGame

    use_language(language)
    game = _called_game(1)
    while not game.view(0).tricks:
        game.play(game.legal_actions()[0])
    out = io.StringIO()
    answers = iter(["announcements" if language == "en" else "annonces", ""])
    asked_at: list[str] = []

    def ask_line(prompt: str) -> str:
        asked_at.append(prompt)
        return next(answers)

    terminal = TerminalGame(game, [make_player("random", game.rules) for _ in range(5)], 0,
                            io.StringIO(), console=Console(file=out, width=80,
                                                           color_system=None),
                            ask_line=ask_line, interactive=True)
    terminal.pause_after_trick()
    assert len(asked_at) == 2 and asked_at[0] == asked_at[1]
    said = spaced(out.getvalue())
    auction = "Auction: You Garde" if language == "en" else "Enchères : Vous Garde"
    assert auction in said, said
