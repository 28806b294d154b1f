"""The table a person reads: laid out by seat, with the score so far, and every line
within the terminal's width (80 columns, the narrowest we promise, and 120)."""

from __future__ import annotations

import random

import pytest
from helpers import random_game
from plain_person import first_legal_card, plain_answer
from rich.console import Console
from rich.text import Text

from tarot.bots.random_player import random_action
from tarot.engine import phases
from tarot.engine.game import Game
from tarot.engine.kernel import half_points
from tarot.ui.language import use_language
from tarot.ui.table_view import (
    HAND_INDENT,
    excuse_warning,
    hand_lines,
    header_lines,
    score_so_far,
    trick_lines,
    trick_recap,
)
from tarot.ui.terminal import names_for

LANGUAGES = ["en", "fr"]  # every screen is laid out for 80 columns in both


def rendered(lines: list[Text], width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None, soft_wrap=True)
    for line in lines:
        console.print(line)
    return console.export_text().splitlines()


def mid_trick(seed: int, cards_played: int) -> Game:
    game = Game.new(seed)
    rng = random.Random(seed)
    while not game.is_over and not (game.phase == phases.TRICKS
                                     and len(game.state.trick) == cards_played
                                     and game.turn == 0):
        game.play(random_action(game.state, rng, poignee_chance=0))
    return game


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", [80, 120])
def test_every_line_of_the_table_fits_the_width(width: int, language: str) -> None:
    use_language(language)
    names = names_for(0)
    checked = 0
    for seed in range(60):
        game = mid_trick(seed, seed % 4)
        if game.is_over:
            continue
        view = game.view(0)
        lines = [*header_lines(view, game.rules, names), *trick_lines(view, names, width),
                 *hand_lines(view.hand, set(view.legal_cards), width)]
        for line in rendered(lines, width):
            assert len(line) <= width, (seed, line)
        checked += 1
    assert checked > 40


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules_name", ["standard", "fft"])
def test_the_header_fits_80_columns_at_its_widest(language: str, rules_name: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Every contract, every taker, the last trick, the bouts split every way, and the
    widest points (90.5): the two header lines within 80 columns."""
    import dataclasses

    import tarot.ui.table_view as table_view

    use_language(language)
    game = Game.new(3, rules=rules_name)
    view = dataclasses.replace(game.view(0), tricks=(None,) * 17)  # type: ignore[arg-type]
    bouts = ["T1", "T21", "EXC"]
    widest = 0
    for won in range(4):
        monkeypatch.setattr(table_view, "score_so_far",
                            lambda *_, won=won: (181, 181, bouts[:won], bouts[won:]))
        for contract in game.rules.contracts:
            for taker in range(4):
                lines = rendered(header_lines(dataclasses.replace(
                    view, contract=contract.id, taker=taker), game.rules, names_for(0)), 200)
                widest = max(widest, *(len(line) for line in lines))
                assert all(len(line) <= 80 for line in lines), lines
    assert widest > 70, widest  # the widest case was met


@pytest.mark.parametrize(("language", "trumps_row"), [("en", "trumps"), ("fr", "atouts")])
def test_a_long_hand_wraps_under_its_first_card(language: str, trumps_row: str) -> None:
    """The 24 cards after taking the chien, 13 trumps of them: the trumps row goes on
    under its first card, not at the left edge."""
    use_language(language)
    hand = ["1S", "4S", "5S", "7S", "1H", "3H", "5H", "3D", "JD", "4C", "NC",
            "T2", "T5", "T6", "T8", "T9", "T11", "T13", "T14", "T15", "T16", "T17", "T19",
            "T20"]
    text = rendered(hand_lines(hand, set(hand), 80), 80)
    trumps = next(i for i, line in enumerate(text) if line.lstrip().startswith(trumps_row))
    assert len(text) == trumps + 2  # one row, wrapped once
    assert text[trumps + 1].startswith(" " * (HAND_INDENT - 1) + " ")
    assert text[trumps + 1].strip().split()[0].split(":")[0].isdigit()
    assert all(len(line) <= 80 for line in text)
    assert len(rendered(hand_lines(hand, set(hand), 120), 120)) == trumps + 1  # no wrap


def test_the_trick_is_laid_out_by_seat() -> None:
    game = mid_trick(3, 3)  # South to play the fourth card
    view = game.view(0)
    north, sides, south = rendered(trick_lines(view, names_for(0), 80), 80)
    leader = view.leader
    assert leader == 1  # East led, North and West followed
    assert north.strip().startswith("North ") and sides.strip().startswith("West ")
    assert "East " in sides and "(led" in sides
    assert south.strip().startswith("You ?") and "to play" in south
    assert "winning" in north + sides


def test_the_table_in_french() -> None:
    """The same trick as above, in French: the seats, the marks, the suits' rows, the
    header's words; the log's names stay English (SEAT_NAMES)."""
    use_language("fr")
    game = mid_trick(3, 3)
    view = game.view(0)
    names = names_for(0)
    assert names == ("Vous", "Est", "Nord", "Ouest")
    assert names_for(None) == ("Sud", "Est", "Nord", "Ouest")
    north, sides, south = rendered(trick_lines(view, names, 80), 80)
    assert north.strip().startswith("Nord ") and sides.strip().startswith("Ouest ")
    assert "Est " in sides and "(entame" in sides
    assert south.strip() == "Vous ? (à jouer)"
    assert "maître" in north + sides
    header, points = rendered(header_lines(view, game.rules, names), 200)
    assert header == "Garde contre le chien · preneur : Ouest · pli 5/18 · objectif 51 avec 1 bout"
    # (the bouts in the cards' French codes once those are on: EXC, A21)
    assert points.startswith("Points gagnés : preneur 4 (bouts : EXC), défense 15 (bouts : ")
    rows = [line.split()[0] for line in rendered(hand_lines(view.hand, set(), 80), 80)]
    assert set(rows) <= {"pique", "cœur", "carreau", "trèfle", "atouts"} and rows
    from tarot.ui.terminal import SEAT_NAMES

    assert SEAT_NAMES == ("South", "East", "North", "West")


def test_the_score_so_far_is_the_settlement_at_the_end() -> None:
    """The card points the header shows, counted over all 18 tricks, with the discard or
    chien added as the settlement adds it, are the settlement's."""
    compared = 0
    for seed in range(40):
        game = random_game(seed, seed)
        settlement = game.settlement
        assert settlement is not None
        view = game.view(game.state.taker)
        taker, defence, taker_bouts, _ = score_so_far(view, game.rules)
        fate = game.state.chien_fate
        aside = (game.state.discard if fate == "shown" else game.state.chien)
        extra = half_points(game.rules.table, aside)
        if fate in ("shown", "taker"):
            taker += extra
        else:
            defence += extra
        assert taker == settlement.taker_half_points, seed
        assert taker + defence == settlement.taker_half_points + settlement.defence_half_points
        assert set(taker_bouts) <= set(settlement.taker_bouts)
        compared += 1
    assert compared == 40


def test_a_trick_recap_names_every_seat_and_the_winner() -> None:
    line = rendered([trick_recap(4, 2, ("KS", "2S", "T3", "9S"), 0, names_for(0))], 80)[0]
    assert line == "   4. North K♠  West 2♠  You T3 ✓  East 9♠"


def _person_game(interactive: bool, pace: float | None) -> tuple[list[str], str]:
    """A deal with South played by always taking the first legal card; the prompts
    the person saw, and what the table printed."""
    import io

    from tarot.bots.registry import make_player
    from tarot.ui.terminal import TerminalGame

    game = Game.new(11)
    asked: list[str] = []
    terminal: TerminalGame | None = None

    def answer(prompt: str) -> str:
        asked.append(prompt)
        assert terminal is not None
        said = plain_answer(prompt, bid="garde")
        return first_legal_card(terminal.game) if said is None else said

    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    players = [make_player("rules", game.rules) for _ in range(4)]
    terminal = TerminalGame(game, players, 0, io.StringIO(), console=console, ask_line=answer,
                            pace=pace, interactive=interactive)
    terminal.run()
    assert game.is_over
    return asked, out.getvalue()


def test_the_table_waits_for_enter_after_each_trick_at_a_terminal() -> None:
    asked, _ = _person_game(interactive=True, pace=None)
    assert asked.count("(Enter to go on)") == 17  # not after the last: the deal is over
    piped, _ = _person_game(interactive=False, pace=None)
    assert "(Enter to go on)" not in piped
    paced, _ = _person_game(interactive=True, pace=0)
    assert "(Enter to go on)" not in paced


def test_a_long_decision_says_thinking_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line is shown once THINKING_AFTER seconds have passed, by a timer: a decision
    over before the timer fires shows nothing (a timer that never fires stands for the
    clock, so that a busy machine cannot fire it early), and one still going when it
    fires shows the line (waited for as it appears, however long the machine takes)."""
    import io
    import time
    from collections.abc import Callable

    import tarot.ui.terminal as terminal_module
    from tarot.bots.registry import make_player
    from tarot.ui.terminal import TerminalGame

    game = Game.new(1)
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system=None)
    terminal = TerminalGame(game, [make_player("rules", game.rules)] * 4, 0, io.StringIO(),
                            console=console, ask_line=lambda _: "", interactive=True)
    timers: list[float] = []

    class Unfired:
        def __init__(self, interval: float, function: Callable[[], object]) -> None:
            timers.append(interval)

        def start(self) -> None: ...

        def cancel(self) -> None: ...

        def join(self) -> None: ...

    with monkeypatch.context() as patch:
        patch.setattr(terminal_module.threading, "Timer", Unfired)
        with terminal.thinking("East is thinking…"):
            pass
    assert timers == [terminal_module.THINKING_AFTER]
    assert "thinking" not in out.getvalue()  # quick: nothing shown
    with terminal.thinking("East is thinking…"):
        hang = time.monotonic() + 600  # only a hang fails, never a slow machine
        while "East is thinking…" not in out.getvalue():
            assert time.monotonic() < hang, "the timer never fired"
            time.sleep(0.01)
    assert "East is thinking…" in out.getvalue()


@pytest.mark.parametrize(("language", "hint"), [("en", "  Hint: "), ("fr", "  Conseil : ")])
def test_a_long_hint_wraps_as_a_block_at_a_terminal(language: str, hint: str) -> None:
    """At 80 columns the hint and its reasons wrap with their lines indented under
    their first (piped output keeps each on one line, which other tests read)."""
    import io

    use_language(language)
    from tarot.bots.registry import make_player
    from tarot.engine.events import Play
    from tarot.ui.terminal import TerminalGame

    game = Game.new(3)
    rules = make_player("rules", game.rules)
    rng = random.Random(3)
    while game.phase != phases.TRICKS or game.turn != 0 or len(
            [a for a in game.legal_actions() if isinstance(a, Play)]) < 3:
        game.play(rules.choose(game.view(game.turn or 0), game.legal_actions(), rng))
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system=None)
    # Not interactive: no "thinking…" line, whose timing would vary, in the output.
    terminal = TerminalGame(game.clone(), [rules] * 4, 0, io.StringIO(), console=console,
                            ask_line=lambda _: "", interactive=False)
    terminal.show_hint()
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(hint) and len(lines) >= 3
    assert all(len(line) <= 80 for line in lines)
    first_reason = next(i for i, line in enumerate(lines) if line.startswith("    ") and
                        line[4].isupper())
    hint_block = lines[:first_reason]
    assert len(hint_block) >= 2  # the hint's own sentence is longer than 80 columns
    assert all(line.startswith(" " * len(hint)) for line in hint_block[1:])
    assert all(line.startswith("    ") for line in lines[first_reason:])


def test_keeping_keys_unechoed_leaves_a_pipe_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Echo is turned off only on a terminal: on a pipe termios refuses (termios.error),
    and the computer's turn goes on as if nothing were asked."""
    import os
    import sys

    from tarot.ui.terminal import _no_echo

    read_end, write_end = os.pipe()
    with os.fdopen(read_end) as pipe:
        monkeypatch.setattr(sys, "stdin", pipe)
        with _no_echo():
            entered = True
    os.close(write_end)
    assert entered


def test_an_excuse_kept_for_the_last_trick_is_warned_of_in_time() -> None:
    """With the Excuse and one other card, the seat to play is told to play it now, unless
    its side has won every trick so far (then leading it to the last trick wins, R16)."""
    warned = unwarned_slam = quiet = 0
    for seed in range(120):
        game = Game.new(seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            if game.phase == phases.TRICKS and len(view.hand) == 2:
                ours = [(t.winner == view.taker) == (seat == view.taker) for t in view.tricks]
                warning = excuse_warning(view)
                if "EXC" in view.hand and not all(ours):
                    assert warning is not None and "(R16)" in warning
                    warned += 1
                else:
                    assert warning is None
                    unwarned_slam += "EXC" in view.hand
                    quiet += "EXC" not in view.hand
            elif game.phase == phases.TRICKS:
                assert excuse_warning(view) is None
            action = random_action(game.state, rng, poignee_chance=0)
            others = sorted(set(game.legal_cards()) - {"EXC"})
            if getattr(action, "card", None) == "EXC" and others:
                action = game.parse(rng.choice(others))  # the Excuse kept to the end
            game.play(action)
    assert warned > 5 and quiet > 5
