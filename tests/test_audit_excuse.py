"""The audit says who played the Excuse and which side keeps it, by the rule that decides
(R15, R16, A1, A3, A4, A5, A16), in every case: played by the taker or a defender, to the
last trick or before, in a slam or not, under either reading of the A4 flag.

The deals are the Excuse ledger vectors E01–E12 (tests/test_vectors_ledger.py), each a
whole deal of 18 tricks, and two deals with the Excuse in the chien.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_vectors_ledger import LEDGER_VECTORS, TAKER, Deal, LedgerVector, build

from tarot.engine.rules import RuleSet
from tarot.engine.scoring import settle
from tarot.engine.state import DealState
from tarot.errors import LOG_NAMES
from tarot.explain.audit import audit_lines, audit_state, excuse_text
from tarot.ui.cli import main

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("South", "East", "North", "West")


@dataclass(frozen=True)
class Fate:
    """What the audit must say of the Excuse in a deal."""

    trick: int | None
    played_by: int | None
    led: bool
    kept_by: str
    why: str
    rule: str


# By vector, as the rule book 4.2 reads each one (the taker is P1).
STANDARD = {
    # The taker's Excuse in a trick the defence wins: he keeps it, pays 0.5.
    "E01": Fate(6, 1, False, "taker", "stays", "R15, A1"),
    # A defender's Excuse in the taker's trick: the defence keeps it, pays 0.5.
    "E02": Fate(4, 2, False, "defence", "stays", "R15, A1"),
    "E03": Fate(7, 2, False, "defence", "stays", "R15"),
    # A defender's Excuse on the last trick goes to the taker, whoever wins it.
    "E04": Fate(18, 2, False, "taker", "changes_side", "R16, A3"),
    "E05": Fate(18, 2, False, "taker", "changes_side", "R16, A3"),
    # The taker's Excuse led to the last trick without the 17 before: to the defence.
    "E06": Fate(18, 1, True, "defence", "changes_side", "R16, A3"),
    # Led to the last trick by a side that won the 17 before: it wins, and stays.
    "E07": Fate(18, 1, True, "taker", "exception", "R16, A5"),
    "E08": Fate(18, 3, True, "defence", "exception", "R16, A5"),
    # A defence slam whose Excuse is played to the last trick, not led: A4 (literal)
    # sends it to the taker.
    "E09": Fate(18, 0, False, "taker", "changes_side", "R16, A3, A4"),
    # A defender's Excuse in the taker's slam, trick 11: the defence keeps it.
    "E10": Fate(11, 2, False, "defence", "stays", "R15, A1"),
    "E11": Fate(1, 2, False, "defence", "stays", "R15"),
    # The declarer of a slam leads his Excuse to trick 5 and loses it: he keeps it.
    "E12": Fate(5, 1, True, "taker", "stays", "R15, A1"),
}
# Under rules/fft.toml (excuse_kept_in_any_slam): the defence's slam keeps its Excuse.
FFT = {**STANDARD, "E09": Fate(18, 0, False, "defence", "slam", "A4")}

CHIEN_DEALS = {
    "garde_sans": Deal("garde_sans", "0" * 18, {}, "EXC 2S 3S 4S 5S 6S"),
    "garde_contre": Deal("garde_contre", "0" * 18, {}, "EXC 2S 3S 4S 5S 6S"),
}


def settled(rules: RuleSet, deal: Deal) -> DealState:
    state = build(rules, deal)
    state.settlement = settle(state)
    return state


def check(state: DealState, expected: Fate) -> None:
    result = audit_state(state)
    fate = result.excuse
    assert fate is not None
    assert (fate.trick, fate.played_by, fate.led, fate.kept_by, fate.why, fate.rule) == (
        expected.trick, expected.played_by, expected.led, expected.kept_by, expected.why,
        expected.rule)
    if fate.played_by is not None:
        assert fate.played_by_side == ("taker" if fate.played_by == TAKER else "defence")
    # The bouts the audit lists are the taker's as the settlement counted them.
    assert state.settlement is not None
    assert ("EXC" in state.settlement.taker_bouts) is (expected.kept_by == "taker")
    excuse_bouts = [b for b in result.bouts if b.card == "EXC"]
    assert len(excuse_bouts) == (expected.kept_by == "taker")
    text = excuse_text(fate, LOG_NAMES)
    if expected.trick is not None:
        verb = "led" if expected.led else "played"
        role = "the taker" if expected.played_by == TAKER else "a defender"
        assert text.startswith(f"trick {expected.trick}, {verb} by P{expected.played_by}, "
                               f"{role}")
        if excuse_bouts:  # audit --json's where says the same
            assert excuse_bouts[0].where == text
    said = "gets it" if expected.why == "changes_side" else "keeps it"
    assert f"the {expected.kept_by} {said}" in text or \
        (expected.why == "chien" and f"counts for the {expected.kept_by}" in text)
    assert text.endswith(f"({expected.rule})")
    # The audit as read, with the table's names: one line for the Excuse, naming its player.
    lines = audit_lines(result, NAMES)
    excuse_lines = [line for line in lines if line.startswith("Excuse:")]
    assert excuse_lines == [f"Excuse: {excuse_text(fate, NAMES)}."]
    if expected.played_by is not None:
        assert f"by {NAMES[expected.played_by]}, " in excuse_lines[0]
    assert "who keeps it" not in "\n".join(lines)


@pytest.mark.parametrize("vector", LEDGER_VECTORS, ids=[v.id for v in LEDGER_VECTORS])
def test_the_audit_says_who_played_the_excuse_and_who_keeps_it(
        standard: RuleSet, fft: RuleSet, vector: LedgerVector) -> None:
    check(settled(standard, vector.deal), STANDARD[vector.id])
    check(settled(fft, vector.deal), FFT[vector.id])


@pytest.mark.parametrize(("contract", "kept_by"), [("garde_sans", "taker"),
                                                   ("garde_contre", "defence")])
def test_an_excuse_in_the_chien_counts_for_the_chien_s_side(
        standard: RuleSet, contract: str, kept_by: str) -> None:
    state = settled(standard, CHIEN_DEALS[contract])
    check(state, Fate(None, None, False, kept_by, "chien", "R7, A16"))
    bouts = audit_state(state).bouts
    assert [b.where for b in bouts if b.card == "EXC"] == (["chien"] if kept_by == "taker"
                                                           else [])


def test_the_audit_of_a_defender_s_excuse_on_the_last_trick_names_the_defender() -> None:
    """The golden replay of the fault: East (a defender) plays the Excuse to trick 18 of
    the defence's slam, not leading it; it changes side to the taker (A3, A4)."""
    replay = str(ROOT / "replays" / "defence-slam-excuse-last.jsonl")
    result = CliRunner().invoke(main, ["audit", replay])
    assert result.exit_code == 0
    # A step wider than the 80 columns goes on over lines indented by two spaces.
    steps = result.output.replace("\n  ", " ").splitlines()
    assert ("Excuse: trick 18, played by East, a defender; on the last trick the Excuse "
            "changes side: the taker gets it (R16, A3, A4).") in steps
    assert any("EXC (trick 18, played by East, a defender)" in step for step in steps)
    assert "played by the taker" not in result.output
