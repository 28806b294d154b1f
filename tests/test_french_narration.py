"""The story of a deal in French: every line of every shipped replay, from the table's
point of view and from above, with no English word left; the settlement summary says
"contrat fait de N" / "chuté de N"; the English narration stays as the snapshots pin it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tarot.engine.events import Settlement
from tarot.explain.narrate import Narrator, points_words, settlement_summary
from tarot.log import read_log
from tarot.ui.language import use_language

ROOT = Path(__file__).resolve().parents[1]
REPLAYS = sorted((ROOT / "replays").glob("*.jsonl"))
FRENCH_NAMES = ("Vous", "Est", "Nord", "Ouest")
# Words of the English narration (whole words, any case) that must not survive in French.
ENGLISH = re.compile(
    r"\b(plays?|tricks?|taker|defen[cd]er?s?|made by|failed by|score sheet|scores?|dealt|"
    r"deals?|redeal|discards?|shows?|declares?|pass|by|to|the|and|with|you|your|each|per|"
    r"target|points? (?:against|for)|shown|taken|void|everyone|again|will|lead|no|has|"
    r"have|to all|card|cards)\b", re.IGNORECASE)


def story(path: Path, as_seat: int | None) -> list[str]:
    game = read_log(path)
    # At three and five seats the seats are P1, P2… beside the person (as replay names them).
    seats = game.rules.players
    names = FRENCH_NAMES if seats == 4 else ("Vous", *(f"P{seat}" for seat in range(1, seats)))
    narrator = Narrator(game.rules, names, as_seat=as_seat)
    return [line for event in game.events for line in narrator.lines(event)]


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
@pytest.mark.parametrize("as_seat", [None, 0, 2])
def test_a_whole_deal_told_in_french_has_no_english_word(path: Path,
                                                         as_seat: int | None) -> None:
    use_language("fr")
    lines = story(path, as_seat)
    assert lines
    for line in lines:
        assert not ENGLISH.findall(line), (ENGLISH.findall(line), line)
        assert "{" not in line and "}" not in line, line


def test_the_person_is_vous_and_the_verbs_agree() -> None:
    use_language("fr")
    lines = story(ROOT / "replays" / "four-kings-triple.jsonl", None)
    assert "Vous : Garde" in lines
    assert any(line.startswith("Le chien, montré à tous et pris par vous : ") for line in lines)
    assert any(line.startswith("Vous écartez ") for line in lines)
    assert "Vous n'annoncez pas de chelem." in lines
    assert any(line.startswith("Vous montrez une poignée triple : ") for line in lines)
    assert any(line.startswith("  Vous jouez ") for line in lines)
    assert any(line.startswith("  Est joue ") for line in lines)
    assert any(line.startswith("Pli 1 pour vous : ") for line in lines)
    assert "  Chelem réalisé sans annonce : +200" in lines


def test_a_redeal_in_french() -> None:
    use_language("fr")
    lines = story(ROOT / "replays" / "petit-sec.jsonl", None)
    assert "La donne est nulle (vous avez le petit sec) ; vous redistribuez." in lines
    assert "Redistribution n° 1 ; donneur : vous." in lines
    passes = story(ROOT / "replays" / "four-passes.jsonl", None)
    assert any(line.startswith("La donne est nulle (tout le monde a passé) ; ")
               for line in passes)


def settled(made: bool) -> tuple[Settlement, Narrator]:
    """The settlement of the first shipped replay whose contract is made (or failed)."""
    for path in REPLAYS:
        game = read_log(path)
        # Four seats, as FRENCH_NAMES has.
        if game.settlement is not None and game.settlement.contract_made == made \
                and game.rules.players == 4:
            return game.settlement, Narrator(game.rules, FRENCH_NAMES)
    raise AssertionError(f"no shipped replay with contract_made={made}")


def test_the_settlement_summary_made_and_failed_in_french() -> None:
    use_language("fr")
    made, narrator = settled(True)
    first = settlement_summary(made, narrator.rules, FRENCH_NAMES)[0]
    assert re.fullmatch(r"[\w ]+ \(preneur : \w+\), \d bouts?, il fallait \d+(,5)?, "
                        r"\d+(,5)? points : "
                        r"contrat fait de \d+ ; \(25 \+ \d+\) × \d = \d+ par défenseur\.",
                        first), first
    lost, narrator = settled(False)
    lines = settlement_summary(lost, narrator.rules, FRENCH_NAMES)
    assert re.fullmatch(r"[\w ]+ \(preneur : \w+\), \d bouts?, il fallait \d+(,5)?, "
                        r"\d+(,5)? points : "
                        r"chuté de \d+ ; \(25 \+ \d+\) × \d = \d+ par défenseur\.",
                        lines[0]), lines[0]
    assert lines[-1].startswith("  Marque : Vous ")
    assert lines[-2].startswith("  Chaque défenseur ")


def test_half_points_are_written_with_a_comma_in_french() -> None:
    assert points_words(9) == "4.5" and points_words(-9) == "-4.5" and points_words(112) == "56"
    use_language("fr")
    assert points_words(9) == "4,5" and points_words(-9) == "-4,5" and points_words(112) == "56"


def test_the_english_story_is_the_one_it_was() -> None:
    game = read_log(ROOT / "replays" / "four-kings-triple.jsonl")
    english = Narrator(game.rules, ("You", "East", "North", "West"))
    told = [line for event in game.events for line in english.lines(event)]
    assert "You: Garde" in told and "You declare no chelem." in told
    assert any(line.startswith("The chien, shown to all and taken by You: ") for line in told)
    assert any(line.startswith("  You play ") for line in told)
    assert any(line.startswith("  East plays ") for line in told)
    assert told[-5].startswith("Garde by You, 2 bouts, target 41, 87 points: made by 46; ")
    assert told[-4] == "  Triple poignée shown by You: +40 (to the side that wins the contract)"
    assert told[-3] == "  Chelem, undeclared made: +200"
