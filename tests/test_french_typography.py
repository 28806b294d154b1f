"""French that reads like a French program: the catalogue's typography (no-break spaces before
« : ; ? ! » and inside « », never a straight quote as quotation marks), elision (d'Est, never
« de Est »), and no English level or event name in what a French player reads (docs/translating.md,
docs/decisions.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from catalogue import po_path, read_catalogue
from click.testing import CliRunner, Result

from tarot.engine.events import Event
from tarot.explain.line_breaks import wrap
from tarot.i18n import in_language
from tarot.ui.cli import main
from tarot.ui.language import use_language
from tarot.ui.level_names import level_names
from tarot.ui.line_drawing import say_wrapped
from tarot.ui.page_html import event_type_names

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "replays" / "five-two-poignees.jsonl"
LEVELS = ("random", "easy", "rules", "strong")  # "normal" is French too

# An ordinary space before a colon or a semicolon (or a ? or ! after a word): a line could
# begin with it once wrapped. The ? alone after a space is the help's key ("tapez ?").
_SPACE_BEFORE = re.compile(r" [:;](?:\s|$)|(?<=[\w)»}%]) [?!](?:\s|$)")
# Straight quotes around words: quotation marks a French text writes « ». A value to type
# in them is code (``'tarot[cluster]'``, ``"taker"``): one token, no space.
# A value after "|" in an option's placeholder (``SEQ|'pli N'``) is quoted for the shell.
_STRAIGHT_QUOTED = re.compile(r"(?<![\w’'|])'([^'\n]+)'(?![\w])|\"([^\"\n]+)\"")
# The fields that hold a seat's name, which may begin with a vowel (Est, Ouest).
_SEAT_FIELDS = ("seat", "taker", "partner", "dealer", "winner", "leader", "caller", "holder")


def _french_messages() -> Iterator[tuple[str, str]]:
    """Each message of the French catalogue: (its English, each French form)."""
    for message in read_catalogue(po_path("fr")):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            yield english, string


def test_no_french_message_has_an_ordinary_space_before_a_colon_or_a_semicolon() -> None:
    found = [(english, french) for english, french in _french_messages()
             if _SPACE_BEFORE.search(french) or "« " in french or " »" in french]
    assert found == []


def test_no_french_message_quotes_words_in_straight_quotes() -> None:
    found = []
    for english, french in _french_messages():
        for match in _STRAIGHT_QUOTED.finditer(french):
            quoted = match[1] or match[2]
            if " " in quoted.strip() or not re.fullmatch(r"[\w\[\].\-]+", quoted):
                found.append((english, match[0]))
    assert found == []


def test_no_french_message_writes_de_or_que_before_a_seat() -> None:
    """« de Est », « que Ouest »: French elides (d'Est, qu'Ouest), and a field cannot; the
    sentence is turned instead (« son partenaire », « ce que voyait Est »)."""
    fields = "|".join(_SEAT_FIELDS)
    before_a_seat = re.compile(rf"\b(?:de|que|le|la|jusque) \{{(?:{fields})\}}")
    found = [(english, french) for english, french in _french_messages()
             if before_a_seat.search(french)]
    assert found == []


@pytest.mark.parametrize("space", ["\u00a0", "\u202f"])
def test_a_no_break_space_never_begins_a_line(space: str) -> None:
    text = f"Contrat fait de 20{space}; (25 + 20) × 2 = 90{space}: la marque{space}! " * 6
    for width in range(20, 81):
        for line in wrap(text, width):
            assert not line.lstrip().startswith((";", ":", "!")), (width, line)


def test_the_line_mode_never_breaks_at_a_no_break_space() -> None:
    from rich.console import Console
    from rich.text import Text

    text = "aaaa bbbbbbb\u00a0: ccc ddd\u202f; eee"
    for width in range(8, 30):
        console = Console(width=width, force_terminal=True, color_system=None)
        with console.capture() as captured:
            say_wrapped(console, Text(text), 0)
        lines = captured.get().splitlines()
        assert not any(line.lstrip().startswith((":", ";")) for line in lines), (width, lines)
        assert "\u00a0:" in captured.get() and "\u202f;" in captured.get()


def _run(args: list[str]) -> Result:
    return CliRunner().invoke(main, ["--lang", "fr", *args], catch_exceptions=False)


def test_a_french_deal_names_no_level_in_english(tmp_path: Path) -> None:
    result = _run(["play", "--auto", "--seed", "3", "--level", "easy", "--plain",
                   "--save", str(tmp_path / "g.jsonl")])
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if "ordinateur" in line)
    assert header.endswith("ordinateur\u00a0: Sud facile, Est facile, Nord facile, "
                           "Ouest facile")
    # The command lines it prints (to deal again) are code: --level easy.
    said = "\n".join(line for line in result.output.splitlines()
                     if not line.lstrip().startswith("tarot "))
    for level in LEVELS:
        assert not re.search(rf"\b{level}\b", said), level
    assert not re.search(r"\b(?:de|que) (?:Est|Ouest)\b", result.output)
    assert not re.search(r"^\s*[:;]", result.output, re.MULTILINE)
    log = (tmp_path / "g.jsonl").read_text(encoding="utf-8")
    assert '"easy"' in log and "facile" not in log  # the log keeps the code


def test_the_french_replay_page_names_events_and_players_in_french(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    assert _run(["replay", str(GOLDEN), "--html", str(page)]).exit_code == 0
    text = page.read_text(encoding="utf-8")
    labels = json.loads(re.search(r'id="replay-labels">(.*?)</script>', text, re.S)[1])
    assert labels["event_types"]["poignee"] == "poignée"
    assert labels["event_types"]["partner_revealed"] == "partenaire révélé"
    assert labels["levels"]["person"] == "joueur" and labels["levels"]["strong"] == "fort"
    # The document keeps the codes; the script shows their names, and the bouts by face.
    assert '"type":"poignee"' in text
    assert "words.event_types[step.type]" in text and "words.levels[player]" in text
    assert "faces(p.taker_bouts)" in text


def test_every_event_type_and_level_has_a_french_name() -> None:
    import typing

    types = {typing.get_args(typing.get_type_hints(kind)["type"])[0]
             for kind in typing.get_args(Event)}
    with in_language("fr"):
        events, levels = event_type_names(), level_names()
    assert set(events) == types
    same = {"chelem"}  # the word is the same in French
    assert [code for code, name in events.items() if name == code and code not in same] == []
    assert [code for code, name in levels.items() if name == code and code != "normal"] == []
    with in_language("en"):  # in English the names are the codes, as they always were
        assert event_type_names() == {code: code for code in types}
        assert level_names() == {code: code for code in levels}


def test_click_s_placeholders_in_french() -> None:
    use_language("fr")
    help_text = _run(["play", "--help"]).output + _run(["validate", "--help"]).output
    for english in ("INTEGER RANGE", "TEXT", "FILE", "'trick N'"):
        assert not re.search(rf"(?<![\w']){re.escape(english)}(?![\w'])", help_text), english
    assert "--seed ENTIER" in help_text and "--rules TEXTE" in help_text
    assert "[OPTIONS] FICHIERS..." in help_text
    missing = _run(["validate"])
    assert "Argument manquant «\u00a0FICHIERS...\u00a0»" in missing.output
    use_language("en")
    english = CliRunner().invoke(main, ["play", "--help"]).output
    assert "--seed INTEGER RANGE" in english and "--rules TEXT" in english


def test_replay_and_review_are_two_verbs_in_french() -> None:
    commands = {line.split()[0]: line.split()[1] for line in _run(["--help"]).output.splitlines()
                if line.startswith("  ") and len(line.split()) > 1}
    assert commands["replay"] != commands["review"]
    assert (commands["replay"], commands["review"]) == ("Dérouler", "Analyser")
