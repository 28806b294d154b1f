"""`tarot audit`'s lines in French: the settlement step by step in the FFT's words
(points, bouts, la marque), with no English left, every line within 80 columns when the
steps are wrapped; the English lines stay as the snapshots pin them."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

from tarot.explain.audit import audit, audit_lines
from tarot.log import read_log
from tarot.ui.language import use_language

ROOT = Path(__file__).resolve().parents[1]
REPLAYS = sorted((ROOT / "replays").glob("*.jsonl"))
NAMES = {"en": ("South", "East", "North", "West"), "fr": ("Sud", "Est", "Nord", "Ouest")}
ENGLISH = re.compile(r"\b(by|tricks?|taker|defen[cd]er?s?|worth|counts?|won|keeps?|gives?|"
                     r"played|led|target|against|counted|difference|favour|each|scores?|"
                     r"sum|shown|made|failed|the|discard|changes|side)\b", re.IGNORECASE)


def names(language: str, path: Path) -> tuple[str, ...]:
    """The seats' names: the compass's at four players, the log's (P0, P1…) at three and
    five, as `tarot audit` names them."""
    players = read_log(path).rules.players
    return NAMES[language] if players == 4 else tuple(f"P{seat}" for seat in range(players))


def settled(path: Path) -> bool:
    return read_log(path).settlement is not None


SETTLED = [path for path in REPLAYS if settled(path)]


@pytest.mark.parametrize("path", SETTLED, ids=[p.stem for p in SETTLED])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_audit_wrapped_fits_80_columns(path: Path, language: str) -> None:
    use_language(language)
    result = audit(read_log(path))
    steps = audit_lines(result, names(language, path))
    lines = audit_lines(result, names(language, path), width=80)
    assert max(len(line) for line in lines) <= 80, "\n".join(lines)
    # Wrapping only breaks a step over lines: the words are the same.
    assert " ".join(line.strip() for line in lines).split() == " ".join(steps).split()
    assert sum(not line.startswith("  ") for line in lines) == len(steps)
    # Never broken between a number and its points, nor inside a sum.
    for line, after in pairwise(lines):
        broken = f"{line}|{after}"
        assert not re.search(r"\d\|  points?\b", broken), broken
        assert not re.search(r"(\d|[×=+])\|  [×=+(\d-]", broken), broken


@pytest.mark.parametrize("path", SETTLED, ids=[p.stem for p in SETTLED])
def test_the_audit_in_french_has_no_english_word(path: Path) -> None:
    use_language("fr")
    for line in audit_lines(audit(read_log(path)), names("fr", path)):
        assert not ENGLISH.findall(line), (ENGLISH.findall(line), line)
        assert "{" not in line and "}" not in line, line
        assert not re.search(r"\d\.5", line), line  # half points with a comma


def test_the_audit_in_french_reads_as_the_fft_counts() -> None:
    use_language("fr")
    lines = audit_lines(audit(read_log(ROOT / "replays" / "garde.jsonl")), NAMES["fr"])
    assert lines[0] == "Garde par Sud (coefficient 2)."
    assert lines[1].startswith("Points des cartes : Sud a remporté 9 plis valant 39,5 points ; "
                               "l'écart, qui vaut 6 points, compte pour le preneur ; ")
    assert lines[2] == ("Excuse : pli 17, jouée par Ouest, en défense ; la défense la garde et "
                        "donne 0,5 point au preneur, qui a remporté le pli (R15, A1).")
    assert "Bouts : 0 → il faut 56 points." in lines
    assert "Contrat chuté de 10 : 46 points contre 56." in lines
    assert lines[-1] == "Marque : Sud -210, Est +70, Nord +70, Ouest +70 (somme 0)."


def test_the_english_audit_is_unchanged() -> None:
    lines = audit_lines(audit(read_log(ROOT / "replays" / "garde.jsonl")), NAMES["en"])
    assert lines[2] == ("Excuse: trick 17, played by West, a defender; the defence keeps it and "
                        "gives 0.5 point to the taker, who won the trick (R15, A1).")
    assert lines[-2] == ("Total in the taker's favour: -70. Each defender scores +70; the taker "
                         "3 × -70 = -210.")
