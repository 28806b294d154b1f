"""What a person reads of a saved game around the table: its paths written short (a resume
line that fits 80 columns), its language remembered for the resume, a practice game shown
as one, ``undo`` outside practice explained, and ``tarot saves`` saying which game is
which."""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from rich.segment import Segment
from rich.text import Text
from screen_driver import ask_settled, until
from textual.pilot import Pilot
from textual.widgets import Static

from tarot.log import load_log
from tarot.storage.save_choices import choices_path, remembered_language
from tarot.ui.cli import main
from tarot.ui.line_drawing import HangingText
from tarot.ui.screen.app import TableApp
from tarot.ui.screen.game import Kind
from tarot.ui.session import PlayOptions
from tarot.ui.shown_paths import resume_argument, shown_path

ROOT = Path(__file__).resolve().parents[1]
ANY_CARD = "".join(f"{n}\n" for n in range(1, 25)) * 40


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin, catch_exceptions=False)
    return result.exit_code, result.output


def after(out: str, heading: str) -> str:
    """The line after ``heading`` (a path or a command, on a line of its own)."""
    lines = out.splitlines()
    return lines[lines.index(heading) + 1]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder of the test's, holding the default games folder, as on a machine
    where nothing was set (no XDG_DATA_HOME); the current folder elsewhere."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    return folder


# -- paths written short ------------------------------------------------------------------


def test_a_path_is_written_relative_under_the_current_folder_and_short_under_home(
        home: Path, tmp_path: Path) -> None:
    assert shown_path(tmp_path / "elsewhere" / "g.jsonl") == "g.jsonl"
    assert shown_path(home / "games" / "g.jsonl") == "~/games/g.jsonl"
    assert shown_path(home) == "~"
    outside = tmp_path / "outside" / "g.jsonl"
    assert shown_path(outside) == str(outside)
    # In a command, quoted for the shell; ~/ outside the quotes, where the shell expands it.
    assert shown_path(home / "my games" / "g.jsonl", in_command=True) == \
        "~/'my games/g.jsonl'"
    assert shown_path(home / "my games" / "g.jsonl") == "~/my games/g.jsonl"


def test_the_resume_line_fits_80_columns_and_resumes_the_game(home: Path) -> None:
    code, out = run(["play", "--seed", "3"], "quit\n")
    assert code == 0, out
    saved = after(out, "Saving this game:")
    assert re.fullmatch(r"  ~/\.local/share/tarot/games/game-[0-9-]+\.jsonl", saved), saved
    # The save's name as tarot saves lists it: short, whatever the home folder's length.
    line = after(out, "Game saved; continue it with:")
    assert re.fullmatch(r"  tarot play --resume game-[0-9-]+", line), line
    assert len(line) <= 80
    code, resumed = run(line.split()[1:], "quit\n")
    assert code == 0 and after(resumed, "Resuming this game:") == saved, resumed


def test_a_save_outside_the_games_folder_is_resumed_by_its_short_path(home: Path) -> None:
    save = home / "club evenings" / "tuesday.jsonl"
    save.parent.mkdir()
    code, out = run(["play", "--seed", "3", "--save", str(save)], "quit\n")
    assert code == 0, out
    assert after(out, "Saving this game:") == "  ~/club evenings/tuesday.jsonl"
    line = after(out, "Game saved; continue it with:")
    assert line == "  tarot play --resume ~/'club evenings/tuesday.jsonl'"
    assert resume_argument(save) == "~/'club evenings/tuesday.jsonl'"


def test_a_match_is_resumed_by_its_index_s_name(home: Path) -> None:
    code, out = run(["play", "--seed", "4", "--deals", "2"], "garde\nauto\nn\n" + ANY_CARD)
    assert code == 0, out
    line = after(out, "Game saved; continue it with:")
    assert re.fullmatch(r"  tarot play --resume game-[0-9-]+\.match", line), line
    code, resumed = run(line.split()[1:], "quit\n")
    assert code == 0 and "Resuming the match at deal 2:" in resumed, resumed
    code, out = run(["play", "--seed", "4", "--deals", "2", "--auto"])
    line = after(out, "Its score sheet:")
    assert re.fullmatch(r"  tarot audit ~/\.local/share/tarot/games/game-[0-9-]+"
                        r"\.match\.jsonl", line), line
    assert len(line) <= 80


# -- the language remembered --------------------------------------------------------------


def test_a_french_game_resumed_stays_french_and_an_explicit_lang_wins(
        home: Path, tmp_path: Path) -> None:
    code, out = run(["play", "--lang", "fr", "--seed", "5"], "garde\nauto\nn\n1\nquit\n")
    assert code == 0, out
    line = after(out, "Partie enregistrée\u202f; pour la reprendre\u00a0:")
    assert "--lang" not in line and len(line) <= 80
    resume = line.split()[1:]
    code, out = run(resume, "quit\n")
    assert code == 0 and "Reprise de cette partie\u00a0:" in out, out
    assert "Partie enregistrée\u202f; pour la reprendre\u00a0:" in out
    # An explicit --lang wins, and is the one remembered from then on.
    code, out = run([*resume, "--lang", "en"], "quit\n")
    assert code == 0 and "Resuming this game:" in out, out
    code, out = run(resume, "quit\n")
    assert "Resuming this game:" in out, out
    save = next((home / ".local" / "share" / "tarot" / "games").glob("*.jsonl"))
    assert remembered_language(save) == "en"
    # The log itself is language-neutral: the same bytes as the game played in English.
    english = tmp_path / "english.jsonl"
    run(["play", "--lang", "en", "--seed", "5", "--save", str(english)],
        "garde\nauto\nn\n1\nquit\n")
    assert save.read_bytes() == english.read_bytes()
    assert not choices_path(english).exists() or remembered_language(english) == "en"


def test_a_game_played_on_from_a_french_game_is_french(home: Path) -> None:
    first = home / "soiree.jsonl"
    code, out = run(["play", "--lang", "fr", "--seed", "5", "--save", str(first)],
                    "garde\nauto\nn\n" + ANY_CARD)
    assert code == 0, out
    branch = home / "branche.jsonl"
    code, out = run(["play", "--from", str(first), "--at", "trick 5", "--auto",
                     "--save", str(branch)])
    assert code == 0 and "Partie enregistrée dans\u00a0:" in out, out
    assert remembered_language(branch) == "fr"
    code, out = run(["play", "--from", str(first), "--at", "trick 5", "--auto",
                     "--save", str(home / "english.jsonl"), "--lang", "en"])
    assert code == 0 and "Saving this game:" in out, out


def test_a_match_s_deals_share_the_language_of_its_first(tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    code, out = run(["play", "--lang", "fr", "--auto", "--seed", "4", "--deals", "2",
                     "--save", str(save)])
    assert code == 0, out
    assert json.loads(choices_path(save).read_text(encoding="utf-8")) == {"language": "fr"}
    assert choices_path(tmp_path / "m.match.jsonl") == choices_path(save)
    assert remembered_language(tmp_path / "m.deal-2.jsonl") == "fr"


def test_a_choices_file_that_is_not_ours_is_no_choice(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    for text in ("not json", "[1, 2]", '{"language": 3}', "x" * 5000):
        choices_path(save).write_text(text, encoding="utf-8")
        assert remembered_language(save) is None


# -- practice shown, undo explained ---------------------------------------------------------


def test_the_deal_banner_says_it_is_a_practice_game(tmp_path: Path) -> None:
    code, out = run(["play", "--practice", "--seed", "3", "--save",
                     str(tmp_path / "p.jsonl")], "quit\n")
    assert code == 0, out
    assert any(line.startswith("Deal 1 ·") and line.endswith(" · practice game")
               for line in out.splitlines()), out
    code, out = run(["play", "--seed", "3", "--save", str(tmp_path / "g.jsonl")], "quit\n")
    assert "practice" not in out


def screen_title(app: TableApp) -> str:
    """The full screen's title line once the first bid is asked (then the screen is left)."""
    titles: list[str] = []

    async def keys(pilot: Pilot[None]) -> None:
        await ask_settled(pilot, Kind.BID)
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(app.query_one("#top", Static).content)
        titles.append(console.export_text().strip())
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "the screen left")

    async def run_it() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await keys(pilot)

    asyncio.run(run_it())
    return titles[0]


def test_the_full_screen_s_title_says_it_is_a_practice_game(tmp_path: Path) -> None:
    titles = {practice: screen_title(TableApp(PlayOptions(
        seed=3, save_path=tmp_path / f"{practice}.jsonl", level="rules",
        practice=practice))) for practice in (True, False)}
    assert titles == {True: "Deal 1 · practice game", False: "Deal 1"}


def test_undo_outside_practice_says_where_it_works_in_french(tmp_path: Path) -> None:
    code, out = run(["play", "--lang", "fr", "--seed", "3", "--save",
                     str(tmp_path / "g.jsonl")], "annuler\nquit\n")
    assert code == 0, out
    assert ("✗ annuler ne fonctionne que dans une partie d'entraînement "
            "(tarot play --practice)") in out, out


# -- tarot saves: which game is which -------------------------------------------------------


def listed(language: str) -> dict[str, str]:
    """By save: the line under it that says which game it is (going on six columns in)."""
    code, out = run(["--lang", language, "saves"])
    assert code == 0, out
    details: dict[str, str] = {}
    name = ""
    for line in out.splitlines():
        if line.startswith(("(", "The saves", "Les parties", "  /")):
            break  # the folders, each whole on a line of its own when it is long
        assert len(line) <= 80, line
        if re.match(r" {4}\S| {6}\S", line):
            details[name] = (details[name] + " " if name in details else "") + line.strip()
        elif not line.startswith(" "):
            name = line.split()[0]
    return details


@pytest.mark.parametrize("language", ["en", "fr"])
def test_saves_says_the_table_the_point_reached_the_contract_and_the_score(
        home: Path, language: str) -> None:
    games = home / ".local" / "share" / "tarot" / "games"
    run(["play", "--seed", "5", "--save", str(games / "left.jsonl")],
        "garde\nauto\nn\n1\n1\nquit\n")
    run(["play", "--seed", "6", "--auto", "--save", str(games / "single.jsonl")])
    run(["play", "--seed", "7", "--players", "5", "--save", str(games / "five.jsonl")],
        "quit\n")
    run(["play", "--seed", "3", "--deals", "2", "--save", str(games / "match.jsonl")],
        "garde\nauto\nn\n" + ANY_CARD)
    details = listed(language)
    left = load_log(games / "left.jsonl", allow_incomplete=True).game
    trick = len(left.state.tricks) + 1
    match = load_log(games / "match.jsonl").game
    assert match.settlement is not None
    you = match.settlement.scores[0]
    expected = {
        "en": {"left": f"4 players · trick {trick} · Garde by You",
               "five": "5 players · auction",
               "match.match": f"4 players · deal 2, auction · You {you:+d}"},
        "fr": {"left": f"4 joueurs · pli {trick} · Garde · preneur\u00a0: Vous",
               "five": "5 joueurs · enchères",
               "match.match": f"4 joueurs · donne 2, enchères · Vous {you:+d}"},
    }[language]
    assert {name: details[name] for name in expected} == expected
    # A deal the computer played alone: every seat's score, which sum to zero.
    seat_names = {"en": ("South", "East", "North", "West"),
                  "fr": ("Sud", "Est", "Nord", "Ouest")}[language]
    single = re.fullmatch(
        r"4 (?:players|joueurs) · (?:finished|terminée) · (\S+) (?:by|· preneur\u00a0:) (\S+) · "
        + ", ".join(rf"{name} ([-+][0-9]+)" for name in seat_names), details["single"])
    assert single is not None, details["single"]
    assert sum(int(score) for score in single.groups()[2:]) == 0


# -- the deal's banner on the full screen's story -------------------------------------------


def rendered(renderable: Text, width: int) -> list[str]:
    """The lines a renderable draws at ``width`` (as the story panel renders what it is
    given: console.print would join a Text with others into a plain one first)."""
    console = Console(width=width, file=io.StringIO())
    segments = console.render(renderable, console.options.update_width(width))
    return ["".join(segment.text for segment in line) for line in Segment.split_lines(segments)]


def test_a_long_session_line_goes_on_further_in_wherever_it_is_drawn() -> None:
    banner = ("Deal 1 · rules standard-5 · computer players: East strong, North-East "
              "strong, North-West strong, West strong · practice game")
    hanging = HangingText(Text(banner), 2)
    for width in (40, 80):
        # A copy (the story copies what it gets before it knows its width) hangs alike.
        for drawn in (hanging, hanging.copy()):
            first, *rest = rendered(drawn, width)
            assert first.startswith("Deal 1 ·") and rest, (first, rest)
            assert all(line.startswith("  ") and not line.startswith("   ") for line in rest)
            assert all(len(line) <= width for line in (first, *rest))
            assert " ".join(line.strip() for line in (first, *rest)) == banner
    # A plain Text goes on at the left edge: what the story did with the banner.
    assert not rendered(Text(banner), 40)[1].startswith(" ")
