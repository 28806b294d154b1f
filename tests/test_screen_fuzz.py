"""The full-screen table under hostile keys (a pilot key-fuzz): at every question of a
deal (the auction, the call at five, the discard, the chelem, the poignée, the cards, the
pause after a trick, the end-of-deal question) a burst of random keys, pastes and resizes,
seeded and of a fixed count; then answers typed as a person types them take the deal to
its end, and the save is a valid log of a finished deal.

The keys that leave the table (q on an empty answer line, Ctrl-Q, Ctrl-C) are left out:
leaving is tested in tests/test_screen.py. After each key the test waits for the game to
settle (the next question asked, or the session over), so that a seed is one run.
"""

from __future__ import annotations

import asyncio
import random
import string
from dataclasses import dataclass
from pathlib import Path

import pytest
from screen_driver import answer_plainly, app_of, asked, type_answer, until
from textual import events
from textual.keys import key_to_character
from textual.pilot import Pilot
from textual.widgets import Input

from tarot.engine.events import Poignee
from tarot.engine.game import Game
from tarot.log import load_log
from tarot.storage.match_file import is_match_file, load_match
from tarot.ui.language import use_language
from tarot.ui.screen.app import MIN_SIZE, TableApp
from tarot.ui.screen.game import Kind
from tarot.ui.session import PlayOptions

# Printable keys by their names (a character is its own name when a letter or a digit).
PRINTABLE_KEYS = (
    *string.ascii_letters.replace("q", ""), *string.digits, "é", "è", "à", "ç", "œ",
    "space", "question_mark", "exclamation_mark", "full_stop", "comma", "colon",
    "semicolon", "apostrophe", "quotation_mark", "minus", "plus", "slash", "asterisk",
    "number_sign", "left_parenthesis", "underscore", "equals_sign", "black_heart_suit",
)
# Keys a person may press by accident or on purpose; those that leave the table (q on an
# empty answer line, Ctrl-Q, Ctrl-C) are tested elsewhere.
SPECIAL_KEYS = (
    "enter", "escape", "tab", "shift+tab", "left", "right", "up", "down", "home", "end",
    "pageup", "pagedown", "backspace", "delete", "insert", "f1", "f10",
    "ctrl+a", "ctrl+e", "ctrl+u", "ctrl+k", "ctrl+w", "ctrl+d", "ctrl+x", "ctrl+v",
    "ctrl+p", "ctrl+s", "ctrl+l", "ctrl+z", "ctrl+left", "ctrl+right", "shift+left",
    "shift+right", "shift+home", "shift+end", "ctrl+backspace",
)
# Answers that look valid somewhere, pasted whole (the answer line keeps a paste's first
# line).
LIKELY_ANSWERS = (
    "garde", "passe", "pass", "prise", "garde sans", "auto", "n", "y", "o", "p", "1", "2",
    "hint", "help", "?", "KH", "roi de cœur", "2P 3P 4K", "T21", "A21", "EXC", "undo",
    "chelem", "oui", "non", "21", "as", "1C 2C 3C", "T1 T2 T3 T4 T5 T6 T7 T8", "q",
)
# Sizes the terminal may take: below the minimum, at it, above it.
SIZES = ((40, 12), (60, 20), (79, 23), MIN_SIZE, (100, 30), (200, 60))


@dataclass(frozen=True)
class Press:
    key: str


@dataclass(frozen=True)
class Paste:
    text: str


@dataclass(frozen=True)
class Resize:
    size: tuple[int, int]


HostileInput = Press | Paste | Resize


def hostile_input(rng: random.Random, line_empty: bool) -> HostileInput:
    """One random input: a key, a paste or the terminal resized."""
    roll = rng.random()
    if roll < 0.45:
        return Press(rng.choice(PRINTABLE_KEYS) if line_empty or rng.random() > 0.02
                     else "q")
    if roll < 0.85:
        return Press(rng.choice(SPECIAL_KEYS))
    if roll < 0.95:
        shape = rng.random()
        if shape < 0.4:
            return Paste(rng.choice(LIKELY_ANSWERS))
        if shape < 0.7:
            return Paste("".join(rng.choice(string.printable)
                                 for _ in range(rng.randint(50, 400))))
        return Paste("\n".join(rng.choice(LIKELY_ANSWERS) for _ in range(rng.randint(2, 5))))
    return Resize(rng.choice(SIZES))


async def deliver(pilot: Pilot[None], given: HostileInput) -> None:
    """Give the app ``given`` as its terminal would, and let it handle it. (The pilot's own
    ``press`` waits for the process to idle after each key, tens of milliseconds: thousands
    of keys would take minutes of sleep.)"""
    app = pilot.app
    if isinstance(given, Press):
        app.post_message(events.Key(given.key, key_to_character(given.key)))
    elif isinstance(given, Paste):
        app.post_message(events.Paste(given.text))
    else:
        await pilot.resize_terminal(*given.size)
    # A key goes from the app to the focused widget, and may post on from there.
    for _ in range(3):
        await pilot.pause(0)


async def settled(pilot: Pilot[None]) -> None:
    """Wait until the game asks a question or the session is over."""
    app = app_of(pilot)
    await until(pilot, lambda: app.finished or asked(app), "a question or the end")


async def hostile_burst(pilot: Pilot[None], rng: random.Random, count: int,
                        fuzzed: set[Kind]) -> None:
    """``count`` random inputs, the game settled after each; the kinds of question they
    were given at added to ``fuzzed`` (a burst may answer a question, and go on at the
    next)."""
    app = app_of(pilot)
    line = app.query_one("#answer", Input)
    for _ in range(count):
        if app.finished:
            return
        if app.snapshot.kind is not None:
            fuzzed.add(app.snapshot.kind)
        await deliver(pilot, hostile_input(rng, not line.value))
        await settled(pilot)


def poignee_offered(save: Path) -> bool:
    """Whether the person may show a poignée now (the save read as it stands)."""
    game = load_log(save, allow_incomplete=True).game
    return any(isinstance(action, Poignee) for action in game.legal_actions())


async def answer_typed(pilot: Pilot[None], save: Path, size: tuple[int, int]) -> None:
    """The question on screen answered as a person would, the answer line cleared first
    and the terminal back at ``size``: it must reach the game (a table whose answer line
    no longer reads the keys stops here, saying so)."""
    app = app_of(pilot)
    await pilot.resize_terminal(*size)
    await pilot.press("end", "ctrl+u")
    before = app.snapshot
    kind = before.kind
    if kind is Kind.CALL:
        await type_answer(pilot, "KH")
    elif kind is Kind.POIGNEE:
        await type_answer(pilot, "1")
    elif kind is Kind.CARD and poignee_offered(save):
        await type_answer(pilot, "p")
    else:
        await answer_plainly(pilot, "garde")
    reached = app.finished or app.waiting or app.snapshot is not before
    assert reached, (f"the answer typed at {kind} never reached the game: the keys went to "
                     f"{app.focused!r}, not the answer line")


def valid_save(save: Path) -> Game:
    """The save read as ``tarot validate`` reads it (a match file deal by deal): the last
    deal, which must be over."""
    if is_match_file(save):
        match = load_match(save)
        assert all(game.is_over for game in match.games)
        return match.games[-1]
    game = load_log(save).game
    assert game.is_over
    return game


def fuzz_a_game(options: PlayOptions, seed: int, burst: int,
                size: tuple[int, int] = MIN_SIZE) -> set[Kind]:
    """The game of ``options`` played on the screen with ``burst`` hostile inputs (from
    ``seed``) at every question, each then answered as a person would; the kinds of
    question fuzzed. The session must end well and leave a valid save."""
    app = TableApp(options)
    rng = random.Random(seed)
    fuzzed: set[Kind] = set()
    assert options.save_path is not None
    save = options.save_path

    async def keys(pilot: Pilot[None]) -> None:
        for _ in range(1_000):  # questions: far more than a few deals ask
            await settled(pilot)
            if app.finished:
                break
            await hostile_burst(pilot, rng, burst, fuzzed)
            await settled(pilot)
            if app.finished:
                break
            await answer_typed(pilot, save, size)
        else:
            raise AssertionError("the game never ended")
        await deliver(pilot, Press("enter"))  # the result stays until a key is pressed
        await until(pilot, lambda: not app.is_running, "the screen left")

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await keys(pilot)

    asyncio.run(main())
    assert app.error is None
    assert app.table.exit_status == 0
    valid_save(save)
    return fuzzed


# Five players and a person who takes with ten trumps: the auction, the call, the
# discard, the chelem, the poignée, the cards and the pause after each trick.
FIVE_PLAYERS_QUESTIONS = {Kind.BID, Kind.CALL, Kind.DISCARD, Kind.CHELEM, Kind.POIGNEE,
                          Kind.CARD, Kind.PAUSE}
# A dealt game asks at its end whether to deal another (a named deal is one deal).
DEALT_GAME_QUESTIONS = {Kind.BID, Kind.CARD, Kind.PAUSE, Kind.ANOTHER}


def five_players(save: Path) -> PlayOptions:
    return PlayOptions(deal_name="five-two-poignees", save_path=save, level="rules")


def dealt(save: Path, seed: int) -> PlayOptions:
    return PlayOptions(seed=seed, save_path=save, level="rules")


def test_hostile_keys_at_every_question_of_five_players(tmp_path: Path) -> None:
    fuzzed = fuzz_a_game(five_players(tmp_path / "g.jsonl"), seed=1, burst=30)
    assert fuzzed >= FIVE_PLAYERS_QUESTIONS


def test_hostile_keys_in_french_up_to_another_deal(tmp_path: Path) -> None:
    use_language("fr")
    fuzzed = fuzz_a_game(dealt(tmp_path / "g.jsonl", seed=3), seed=2, burst=25)
    assert fuzzed >= DEALT_GAME_QUESTIONS


# Slow tier: other seeds and longer bursts, one game of each kind a language (each game
# costs minutes of CPU on a busy machine: CI runs this whole tier).
@pytest.mark.slow
@pytest.mark.parametrize(("language", "seed"), [("en", 11), ("fr", 12)])
def test_longer_hostile_bursts(tmp_path: Path, language: str, seed: int) -> None:
    use_language(language)
    fuzzed = fuzz_a_game(five_players(tmp_path / "five.jsonl"), seed=seed, burst=50)
    assert fuzzed >= FIVE_PLAYERS_QUESTIONS
    fuzzed = fuzz_a_game(dealt(tmp_path / "dealt.jsonl", seed=seed), seed=seed, burst=50)
    assert fuzzed >= DEALT_GAME_QUESTIONS


@pytest.mark.parametrize("keys", [("tab",), ("shift+tab",), ("tab", "tab", "tab")])
def test_tab_leaves_the_keys_on_the_answer_line(tmp_path: Path, keys: tuple[str, ...]) -> None:
    """Tab once moved the focus to the story panel: the answers typed after it went there,
    and the table waited for ever (the save intact)."""
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(deal_name="garde", save_path=save, level="rules"))

    async def main() -> None:
        async with app.run_test(size=MIN_SIZE) as pilot:
            await settled(pilot)
            await pilot.press(*keys)
            await answer_typed(pilot, save, MIN_SIZE)
            await until(pilot, lambda: asked(app, Kind.DISCARD), "the discard asked")
            await pilot.press("ctrl+q")

    asyncio.run(main())
    assert app.error is None
    bids = [e for e in load_log(save, allow_incomplete=True).game.events if e.type == "bid"]
    assert any(bid.contract == "garde" for bid in bids)  # type: ignore[attr-defined]


def test_a_click_on_a_panel_leaves_the_keys_on_the_answer_line(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(deal_name="garde", save_path=save, level="rules"))

    async def main() -> None:
        async with app.run_test(size=MIN_SIZE) as pilot:
            await settled(pilot)
            for panel in ("#log", "#table", "#info", "#hand", "#prompt"):
                await pilot.click(panel)
            await answer_typed(pilot, save, MIN_SIZE)
            await until(pilot, lambda: asked(app, Kind.DISCARD), "the discard asked")
            await pilot.press("ctrl+q")

    asyncio.run(main())
    assert app.error is None
