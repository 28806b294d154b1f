"""Tampered golden logs: ``tarot validate`` names the exact line, event and code."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from tarot.ui.cli import main

GARDE = Path(__file__).resolve().parents[1] / "replays" / "garde.jsonl"
Lines = list[str]


def first_line(lines: Lines, kind: str, **fields: object) -> int:
    """Index of the first line of this type whose fields match."""
    for index, line in enumerate(lines):
        data = json.loads(line)
        if data.get("type") == kind and all(data.get(k) == v for k, v in fields.items()):
            return index
    raise AssertionError(f"no {kind} line with {fields}")


def edit(lines: Lines, index: int, **changes: object) -> None:
    data = json.loads(lines[index])
    data.update(changes)
    lines[index] = json.dumps(data)


def foreign_card(lines: Lines, seat: int) -> str:
    deal = json.loads(lines[1])
    return str(deal["hands"][(seat + 1) % 4][0])


def play_another_seats_card(lines: Lines) -> int:
    index = first_line(lines, "play")
    seat = json.loads(lines[index])["seat"]
    edit(lines, index, card=foreign_card(lines, seat))
    return index


def play_out_of_turn(lines: Lines) -> int:
    index = first_line(lines, "play")
    edit(lines, index, seat=(json.loads(lines[index])["seat"] + 1) % 4)
    return index


def overcall(lines: Lines) -> int:
    index = first_line(lines, "bid", contract=None)
    edit(lines, index, contract="prise")
    return index


def change_a_score(lines: Lines) -> int:
    index = first_line(lines, "settlement")
    data = json.loads(lines[index])
    edit(lines, index, scores=[data["scores"][0] + 1, *data["scores"][1:]])
    return index


def drop_a_line(lines: Lines) -> int:
    index = first_line(lines, "play")
    del lines[index]
    return index  # the next line now stands where the dropped one was


def swap_two_lines(lines: Lines) -> int:
    index = first_line(lines, "play")
    lines[index], lines[index + 1] = lines[index + 1], lines[index]
    return index


def unknown_type(lines: Lines) -> int:
    index = first_line(lines, "trick")
    edit(lines, index, type="fanfare")
    return index


def another_deal(lines: Lines) -> int:
    deal = json.loads(lines[1])
    hands = deal["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    edit(lines, 1, hands=hands)
    return 1


def another_rules_hash(lines: Lines) -> int:
    edit(lines, 0, rules_hash="sha256:" + "0" * 64)
    return 0


def truncate_a_line(lines: Lines) -> int:
    index = first_line(lines, "trick")
    lines[index] = lines[index][: len(lines[index]) // 2]
    return index


CASES: list[tuple[str, Callable[[Lines], int], str, str | None]] = [
    ("a card", play_another_seats_card, "not_in_hand", "play"),
    ("a seat", play_out_of_turn, "not_your_turn", "play"),
    ("a bid", overcall, "bid_too_low", "bid"),
    ("a score", change_a_score, "derived_mismatch", "settlement"),
    ("a dropped line", drop_a_line, "bad_seq", None),
    ("two swapped lines", swap_two_lines, "bad_seq", None),
    ("an unknown type", unknown_type, "bad_event", "fanfare"),
    ("a deal not the seed's", another_deal, "deal_mismatch", "deal"),
    ("the rules hash", another_rules_hash, "rules_hash_mismatch", None),
    ("a truncated line", truncate_a_line, "not_json", None),
]


@pytest.mark.parametrize(("what", "tamper", "code", "event_type"), CASES,
                         ids=[c[0] for c in CASES])
def test_validate_names_the_tampered_line(tmp_path: Path, what: str,
                                          tamper: Callable[[Lines], int], code: str,
                                          event_type: str | None) -> None:
    lines = GARDE.read_text(encoding="utf-8").splitlines()
    index = tamper(lines)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert result.output.count("\n") == 1, "one line per bad file"
    prefix = f"{path}:{index + 1}: "
    if index > 0:
        prefix += f"event #{index - 1} ({event_type})" if event_type else "event #"
    assert result.output.startswith(prefix), result.output
    assert f": {code}: " in result.output, result.output
