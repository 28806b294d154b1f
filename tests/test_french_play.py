"""`tarot play` in French as a player types at the table: what a review by a French club
player found (docs/translating.md)."""

from __future__ import annotations

import functools
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from rich.text import Text

from tarot.bots.registry import make_player
from tarot.engine.game import Game
from tarot.log import read_log
from tarot.ui.cli import main
from tarot.ui.language import use_language
from tarot.ui.terminal import QuitGame, TerminalGame


def play_fr(args: list[str], answers: list[str]) -> str:
    result = CliRunner().invoke(main, ["--lang", "fr", "play", *args],
                                input="\n".join(answers) + "\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_poignee_dialogue_reads_french_cards_and_offers_one_poignee(tmp_path: Path) -> None:
    """Seed 441: South holds nine trumps and the Excuse, a single poignée. A21, a card in
    the French notation, is refused as one card (not as "neither a number nor cards"), the
    answer is quoted « » and the one poignée is "tapez 1", never "1 à 1"."""
    save = tmp_path / "g.jsonl"
    out = play_fr(["--seed", "441", "--level", "rules", "--save", str(save)],
                  ["garde", "8P 10P 2♥ 7K 8K 4T", "n", "p", "A21", "roi de pique", "oui",
                   "le petit, A2 A3", "", "quitter"])
    assert out.count("Une poignée montre tous ses atouts à la fois, pas une seule carte : "
                     "tapez 1, les atouts") == 2
    assert "« oui » n'est ni un nombre ni des cartes : tapez 1, les atouts" in out
    assert out.count("Laquelle (tapez 1, les atouts à montrer, ou Entrée pour aucune) ?") == 5
    # Several cards, "le petit" among them, are read as the person's own poignée.
    assert "Vous devez montrer exactement 10/13/15 cartes pour une poignée, et non 3" in out
    assert "1 à 1" not in out and "'" + "oui'" not in out
    game = read_log(save, allow_incomplete=True)
    assert not [e for e in game.events if e.type in {"poignee", "play"}]


def _next_answer(answers: Iterator[str], _prompt: str) -> str:
    return next(answers)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_long_refusal_wraps_under_its_first_word_at_a_terminal(language: str) -> None:
    """At 80 columns a refusal longer than the screen (the French 7C clash, a trump in the
    discard) continues indented under its text, not at the left edge; piped, it stays one
    line."""
    use_language(language)
    game = Game.new(1)
    for word in ("garde", "pass", "pass", "pass"):
        game.play(word)
    typed = ["7C", "T3 3S 4S 10S 3C 10C" if language == "en" else "A3 3P 4P 10P 3T 10T",
             "quit"]
    for terminal_like in (True, False):
        answers = iter(typed)
        out = io.StringIO()
        console = Console(file=out, width=80, force_terminal=terminal_like, color_system=None)
        terminal = TerminalGame(game.clone(), [make_player("rules", game.rules)] * 4, 0,
                                io.StringIO(), console=console,
                                ask_line=functools.partial(_next_answer, answers),
                                interactive=False)
        with pytest.raises(QuitGame):
            terminal.human_turn()
        refusals = [line for line in out.getvalue().splitlines()
                    if not line.startswith("  ") or line.startswith(("  ✗", "    "))]
        refusals = refusals[refusals.index(next(r for r in refusals if "✗" in r)):]
        if terminal_like:
            assert len(refusals) >= 3 and all(len(line) <= 80 for line in refusals)
            assert all(line.startswith(("  ✗ ", "    ")) for line in refusals)
        else:
            assert all(line.startswith("  ✗ ") for line in refusals)
            assert any(len(line) > 80 for line in refusals)


def test_a_wrapped_french_line_never_begins_with_a_semicolon_or_a_colon() -> None:
    """French writes a space before « ; » and « : »: at a terminal the wrap must not break
    there (the settlement "… contrat fait de 20 ; (25 + 20) × 2 …" once began a line with
    "; (25"), nor inside the sum ("(25 +" then "11) × 2")."""
    use_language("fr")
    game = Game.new(1)
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system=None)
    terminal = TerminalGame(game, [make_player("rules", game.rules)] * 4, 0, io.StringIO(),
                            console=console, ask_line=lambda _: "", interactive=False)
    for start in range(0, 60):
        text = "x" * start + " il fallait 41, 61 points : contrat fait de 20 ; (25 + 20) × 2"
        terminal.say_indented(Text("  " + text + " = 90 par défenseur."), 2)
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert not [line for line in lines if line.lstrip().startswith((";", ":", "»"))]
    # Nor inside the sum, which reads as one piece.
    assert all("(25 + 20) × 2" in line for line in lines if "(25" in line)
    assert "\ue000" not in out.getvalue()
    assert sum("contrat fait de 20 ; (25" in line for line in lines) > 20


@pytest.mark.parametrize(("language", "you", "inside"), [("en", "You", "You"),
                                                        ("fr", "Vous", "vous")])
def test_a_redeal_note_names_the_person_as_a_sentence_does(language: str, you: str,
                                                           inside: str) -> None:
    """On the sheet's head the person is "Vous"; in the note under it, inside a sentence,
    "vous" in French (English keeps "You", as before)."""
    from tarot.engine.events import Settlement
    from tarot.storage.match_file import SheetRow, redeal_notes

    use_language(language)
    settlement = Settlement(contract="garde", taker=0, multiplier=2, taker_half_points=100,
                            defence_half_points=82, taker_bouts=("T21", "EXC"),
                            target_half_points=82, contract_made=True, difference=9,
                            base=68, petit_au_bout=None, petit_au_bout_bonus=0, poignees=(),
                            chelem=(), per_defender=-68, scores=(204, -68, -68, -68))
    # Deal 3, first dealt by West; all passed: the person dealt it.
    row = SheetRow(3, 3, settlement, 0, ("all_passed",))
    names = (you, *{"en": ("East", "North", "West"), "fr": ("Est", "Nord", "Ouest")}[language])
    notes = redeal_notes(row, names)
    assert notes[0].endswith(f" {inside}.") and inside in notes[0]
    assert you not in notes[0] or you == inside
    # All passed twice, from North: one note, its dealers in turn, the person last.
    notes = redeal_notes(SheetRow(3, 2, settlement, 0, ("all_passed", "all_passed")), names)
    assert len(notes) == 1 and notes[0].endswith(f"→{inside}.")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_poignee_offer_wraps_as_a_block_at_a_terminal(language: str) -> None:
    """four-kings-triple: South may show three poignées, the triple of fifteen trumps. At 80
    columns the offer's line and each poignée wrap within the screen, never beginning a
    line with « : » (French writes "… triple) : tapez p")."""
    from tarot.storage.named_deals import load_named_deal

    use_language(language)
    game = load_named_deal("four-kings-triple").start()
    discard = {"en": "2S 3H 4D 5C T6 T7", "fr": "2P 3♥ 4K 5T A6 A7"}[language]
    for word in ("garde", "pass", "pass", "pass", discard, "n"):
        game.play(game.parse(word))
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system=None)
    answers = iter(["p", "", "quit"])
    terminal = TerminalGame(game, [make_player("rules", game.rules)] * 4, 0, io.StringIO(),
                            console=console, ask_line=functools.partial(_next_answer, answers),
                            interactive=False)
    with pytest.raises(QuitGame):
        terminal.human_turn()
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines), "\n".join(lines)
    assert not [line for line in lines if line.startswith(":")]
    third = next(i for i, line in enumerate(lines) if line.startswith("  3. "))
    assert lines[third + 1].startswith("     ") and lines[third + 1].strip()
