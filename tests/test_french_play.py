"""`tarot play` in French as a player types at the table: what a review by a French club
player found (docs/translating.md)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tarot.log import read_log
from tarot.ui.cli import main


def play_fr(args: list[str], answers: list[str]) -> str:
    result = CliRunner().invoke(main, ["--lang", "fr", "play", *args],
                                input="\n".join(answers) + "\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_poignee_dialogue_reads_french_cards_and_offers_one_poignee(tmp_path: Path) -> None:
    """Seed 441: South holds nine trumps and the Excuse, a single poignée. A21, a card in
    the French notation, is refused as one card (not as "neither a number nor cards"), the
    answer is quoted « » and the one poignée is "tapez 1", never "1 à 1"."""
    save = tmp_path / "g.jsonl"
    out = play_fr(["--seed", "441", "--level", "rules", "--save", str(save)],
                  ["garde", "8P 10P 2♥ 7K 8K 4T", "n", "p", "A21", "roi de pique", "oui",
                   "le petit, A2 A3", "", "quitter"])
    assert out.count("Une poignée montre tous ses atouts à la fois, pas une seule carte : "
                     "tapez 1, les atouts") == 2
    assert "« oui » n'est ni un nombre ni des cartes : tapez 1, les atouts" in out
    assert out.count("Laquelle (tapez 1, les atouts à montrer, ou Entrée pour aucune) ?") == 5
    # Several cards, "le petit" among them, are read as the person's own poignée.
    assert "Vous devez montrer exactement 10/13/15 cartes pour une poignée, et non 3" in out
    assert "1 à 1" not in out and "'" + "oui'" not in out
    game = read_log(save, allow_incomplete=True)
    assert not [e for e in game.events if e.type in {"poignee", "play"}]
