"""The commands outside the table print within 80 columns when the output is not a terminal
(and within the terminal's width on one): replay, audit, validate, saves; and ``tarot
saves`` says truly where each save got to and whether ``--resume`` goes on with it. In
English and in French."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tarot.ui.cli import main
from tarot.ui.commands import common

ROOT = Path(__file__).resolve().parents[1]
REPLAYS = sorted((ROOT / "replays").glob("*.jsonl"))
LANGUAGES = ["en", "fr"]


def _run(language: str, *args: str, stdin: str = "") -> str:
    result = CliRunner().invoke(main, ["--lang", language, *args], input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def _too_wide(text: str, width: int = 80) -> list[str]:
    """The lines longer than ``width``, but for a path alone on its line (a path is never
    cut: it is copied whole)."""
    return [line for line in text.splitlines()
            if len(line) > width and not line.strip().startswith("/")]


def test_there_are_golden_replays() -> None:
    assert len(REPLAYS) >= 10


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_replay_and_audit_fit_80_columns(language: str, path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # validate keeps one line a file (FILE: ok, ...), as long as the path it is given: a
    # path as a person types it.
    monkeypatch.chdir(ROOT)
    relative = str(path.relative_to(ROOT))
    # Re-scored under the FFT's rules (four players) or, at three and five, under the
    # standard rules of the log's own size.
    size = json.loads(path.read_text(encoding="utf-8").split("\n", 1)[0]).get("table_size")
    other = "fft" if size is None else f"standard-{size}"
    for args in (["replay", relative], ["replay", relative, "--as-seat", "east"],
                 ["audit", relative], ["audit", relative, "--rules", other],
                 ["validate", relative]):
        out = _run(language, *args)
        assert out.strip() and not _too_wide(out), (args, _too_wide(out))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_settlement_goes_on_under_itself_unbroken(language: str) -> None:
    out = _run(language, "replay", str(ROOT / "replays" / "garde-contre.jsonl"))
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if "(25 + " in line)
    # The settlement goes on under itself, further in than the next line; its sum whole.
    assert "(25 + 35) × 6 = 360" in lines[at]
    assert lines[at - 1].startswith("96  ") and lines[at].startswith(" " * 8)
    assert not lines[at + 1].startswith(" " * 8)


def test_a_terminal_s_width_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal, the text takes the terminal's width; elsewhere 80."""
    assert common.output_width() == 80  # pytest's stdout is not a terminal

    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(common.sys, "stdout", Terminal())
    monkeypatch.setenv("COLUMNS", "120")
    assert common.output_width() == 120
    monkeypatch.setenv("COLUMNS", "10")
    assert common.output_width() == 40


def test_json_is_not_wrapped() -> None:
    path = ROOT / "replays" / "garde-contre.jsonl"
    document = json.loads(_run("en", "audit", str(path), "--json"))
    assert "contract" in json.dumps(document)


# -- tarot saves ------------------------------------------------------------------------


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    import platformdirs

    games = platformdirs.user_data_path("tarot", appauthor=False) / "games"
    games.mkdir(parents=True)
    return games


def _drop_last_deal(folder: Path, stem: str, *, open_ended: bool = False) -> None:
    """The match as if stopped before its last deal (and, ``open_ended``, as if no number
    of deals had been asked for: played until the person said no)."""
    index = folder / f"{stem}.match.jsonl"
    lines = index.read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    (folder / last["log"]).unlink()
    header = json.loads(lines[0])
    if open_ended:
        header["deals"] = None
    index.write_text("\n".join([json.dumps(header), *lines[1:-1]]) + "\n", encoding="utf-8")


def _listed(language: str) -> tuple[dict[str, str], dict[str, str]]:
    """By save: its state (what --resume does), and the line under it that says which
    game it is (four columns in, going on six in)."""
    out = _run(language, "saves")
    assert not _too_wide(out), _too_wide(out)
    states: dict[str, str] = {}
    details: dict[str, str] = {}
    name = ""
    for line in out.splitlines():
        if line.startswith(("(", "The saves", "Les parties", "  /")):
            break
        if re.match(r" {4}\S| {6}\S", line):
            details[name] = (details[name] + " " if name in details else "") + line.strip()
        elif line.startswith(" "):
            states[name] += " " + line.strip()
        else:
            name = line.split()[0]
            states[name] = line.split(maxsplit=3)[3]
    return states, details


def _states(language: str) -> dict[str, str]:
    return _listed(language)[0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_saves_says_where_each_save_got_to(folder: Path, language: str) -> None:
    for stem, seed, deals in (("over", 3, "2"), ("stopped", 4, "3"), ("open", 5, "3")):
        _run("en", "play", "--seed", str(seed), "--auto", "--deals", deals,
             "--save", str(folder / f"{stem}.jsonl"))
    _drop_last_deal(folder, "stopped")
    _drop_last_deal(folder, "open", open_ended=True)
    _run("en", "play", "--seed", "6", "--auto", "--save", str(folder / "single.jsonl"))
    _run("en", "play", "--seed", "7", "--save", str(folder / "left.jsonl"), stdin="quit\n")
    states = _states(language)
    expected = {
        "en": {"over.match": "a match, 2 deals, over",
               "stopped.match": "a match, 2 deals of 3 played; --resume deals the next",
               "open.match": "a match, 2 deals played; --resume offers another",
               "single": "a single deal, over",
               "left": "in progress (auction); --resume continues it"},
        "fr": {"over.match": "un match, 2 donnes, terminé",
               "stopped.match": "un match, 2 donnes sur 3 jouées ; --resume distribue la "
                                "suivante",
               "open.match": "un match, 2 donnes jouées ; --resume en propose une autre",
               "single": "une seule donne, terminée",
               "left": "en cours (enchères) ; --resume la reprend"},
    }[language]
    assert states == expected
    # What the states say is true: --resume goes on with the stopped match, and refuses
    # the single deal that is over.
    resumed = CliRunner().invoke(main, ["play", "--resume", "stopped", "--auto"])
    assert resumed.exit_code == 0 and "deal 3" in resumed.output, resumed.output
    assert _states("en")["stopped.match"] == "a match, 3 deals, over"
    refused = CliRunner().invoke(main, ["play", "--resume", "single"])
    assert refused.exit_code != 0 and "over" in refused.output


# -- replay's other lines, simulate, the help pages ------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_match_index_given_to_replay_lists_its_deals_a_line_each(
        tmp_path: Path, language: str) -> None:
    folder = tmp_path / "a folder with spaces in its long name for the width test"
    folder.mkdir()
    _run("en", "play", "--seed", "3", "--auto", "--deals", "2", "--save",
         str(folder / "m.jsonl"))
    result = CliRunner().invoke(main, ["--lang", language, "replay",
                                       str(folder / "m.match.jsonl")])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert f"  {folder / 'm.jsonl'}" in lines and f"  {folder / 'm.deal-2.jsonl'}" in lines
    assert not _too_wide("\n".join(line for line in lines if str(folder) not in line))
    checked = CliRunner().invoke(main, ["--lang", language, "validate",
                                        str(folder / "m.match.jsonl")])
    said = checked.output.replace(str(folder / "m.match.jsonl"), "m.match.jsonl")
    assert checked.exit_code == 0 and not _too_wide(said), said
    page = _run(language, "replay", str(folder / "m.match.jsonl"), "--html",
                str(folder / "m.html"))
    # The page's path whole, though it has spaces and is wider than the line.
    assert str(folder / "m.html") in page.splitlines()[0] or any(
        str(folder / "m.html") in line for line in page.splitlines())
    assert all(len(line) <= 80 or str(folder) in line for line in page.splitlines())


@pytest.mark.parametrize("language", LANGUAGES)
def test_simulate_and_the_help_pages_fit_80_columns(language: str) -> None:
    out = _run(language, "simulate", "--deals", "3", "--workers", "1", "--quiet")
    assert "0 rules - 1 random" in out and not _too_wide(out), _too_wide(out)
    for command in ("", "play", "replay", "audit", "validate", "simulate", "rules", "saves",
                    "schema"):
        shown = _run(language, *([command] if command else []), "--help")
        assert not _too_wide(shown), (command, _too_wide(shown))
