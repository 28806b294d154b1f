"""The log at three and five players (RULES-3-5): the header's table size, the call as a
decision event, the partner's reveal as a derived one, and each refused at its line when
tampered with.

Games are played by the engine with random legal actions (a seeded ``random.Random``),
written by the log writer, read back byte for byte and validated line by line.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import play_out
from jsonschema import Draft202012Validator

from tarot.engine.events import Bid, Call, ChienShown, PartnerRevealed, Play
from tarot.engine.game import Game
from tarot.log import LogError, dumps_log, log_schema, read_log, replay_lines, write_log

SIZES = {3: "standard-3", 5: "standard-5"}
SCHEMA = Draft202012Validator(log_schema())


def random_game(players: int, seed: int) -> Game:
    return play_out(Game.new(seed, rules=SIZES[players]), random.Random(f"log {players} {seed}"))


def log_text(game: Game) -> str:
    return dumps_log(game.header, game.events)


def refusal(lines: list[str]) -> LogError:
    with pytest.raises(LogError) as raised:
        replay_lines(lines, "game.jsonl")
    return raised.value


def edit(lines: list[str], index: int, change: Callable[[dict[str, Any]], object]) -> list[str]:
    out = list(lines)
    data = json.loads(out[index])
    change(data)
    out[index] = json.dumps(data, ensure_ascii=False)
    return out


def index_of(lines: list[str], kind: str) -> int:
    return next(i for i, line in enumerate(lines) if i and json.loads(line)["type"] == kind)


@pytest.mark.parametrize("players", [3, 5])
def test_a_game_reads_back_byte_for_byte(players: int, tmp_path: Path) -> None:
    for seed in range(12):
        game = random_game(players, seed)
        path = tmp_path / f"{players}-{seed}.jsonl"
        write_log(path, game)
        text = path.read_text(encoding="utf-8")
        assert text == log_text(game)
        read = read_log(path)
        assert log_text(read) == text
        assert read.settlement == game.settlement
        assert len(read.settlement.scores) == players  # type: ignore[union-attr]
        lines = text.splitlines()
        header = json.loads(lines[0])
        assert (header["table_size"], len(header["seats"]), header["first_dealer"]) == (
            players, players, players - 1)
        for line in lines:  # the JSON Schema, as any tool checks it
            assert SCHEMA.is_valid(json.loads(line)), line


def test_a_four_player_header_leaves_the_table_size_out() -> None:
    assert "table_size" not in log_text(Game.new(3)).splitlines()[0]


def test_five_players_call_and_reveal_where_the_rules_place_them() -> None:
    """The call follows the auction's last bid; the reveal follows the Play of the called
    card (the partner's seat, or None when the taker played his own), once a deal."""
    kinds = set()
    for seed in range(60):
        game = random_game(5, seed)
        events = game.events
        calls = [i for i, e in enumerate(events) if isinstance(e, Call)]
        reveals = [i for i, e in enumerate(events) if isinstance(e, PartnerRevealed)]
        if not calls:
            continue  # every seat passed, and the redeal too: possible, not here
        (at,) = calls
        assert isinstance(events[at - 1], Bid)
        case = game.state.call_case
        kinds.add(case)
        if case in ("partner", "self") and any(
                isinstance(e, Play) and e.card == game.called for e in events):
            (shown,) = reveals
            played = events[shown - 1]
            assert isinstance(played, Play) and played.card == game.called
            reveal = events[shown]
            assert isinstance(reveal, PartnerRevealed)
            assert reveal.seat == game.partner
            assert reveal.seat != game.taker
            assert reveal.trick == 1 + sum(e.type == "trick" for e in events[:shown])
        elif case == "in_chien" and game.state.chien_taken:
            (shown,) = reveals
            assert isinstance(events[shown - 1], ChienShown)
            assert events[shown] == PartnerRevealed(trick=0, seat=None)
        else:
            assert reveals == []  # never seen before the end: the settlement says it
    assert {"partner", "self"} <= kinds


def _called_in_chien(contract: str) -> Game:
    """A five-player deal where P0 takes ``contract`` and calls a king left in the chien."""
    for seed in range(200):
        game = Game.new(seed, rules="standard-5")
        kings = [card for card in game.chien if card.startswith("K")]
        if kings:
            game.play(Bid(seat=0, contract=contract))
            for seat in range(1, 5):
                game.play(Bid(seat=seat, contract=None))
            game.play(Call(seat=0, card=kings[0]))
            return game
    raise AssertionError("no deal with a king in the chien")


def test_the_called_card_in_the_shown_chien_reveals_the_taker_alone(tmp_path: Path) -> None:
    game = _called_in_chien("prise")
    assert game.events[-2:] == [ChienShown(taker=0, cards=game.chien),
                                PartnerRevealed(trick=0, seat=None)]
    play_out(game, random.Random(1))
    assert sum(isinstance(e, PartnerRevealed) for e in game.events) == 1  # not again at its play
    write_log(tmp_path / "alone.jsonl", game)
    assert log_text(read_log(tmp_path / "alone.jsonl")) == log_text(game)


def test_the_called_card_in_a_chien_set_aside_is_revealed_by_no_event() -> None:
    game = play_out(_called_in_chien("garde_contre"), random.Random(2))
    assert not any(isinstance(e, PartnerRevealed) for e in game.events)
    scores = game.settlement.scores  # type: ignore[union-attr]
    assert scores[0] == -4 * scores[1]  # alone: 4·D (V5-11)
    assert log_text(replay_lines(log_text(game).splitlines())) == log_text(game)


def test_a_decisions_only_log_recomputes_the_reveal() -> None:
    game = next(g for g in (random_game(5, seed) for seed in range(20))
                if any(isinstance(e, PartnerRevealed) for e in g.events))
    lines = log_text(game).splitlines()
    decisions = [lines[0]]
    for line in lines[1:]:
        data = json.loads(line)
        if data["type"] in ("deal", "bid", "call", "discard", "chelem", "poignee", "play"):
            data["seq"] = len(decisions) - 1
            decisions.append(json.dumps(data))
    assert log_text(replay_lines(decisions)) == log_text(game)


def _partner_game() -> list[str]:
    for seed in range(40):
        game = random_game(5, seed)
        reveal = next((e for e in game.events if isinstance(e, PartnerRevealed)), None)
        if reveal is not None and reveal.seat is not None and not game.state.chelem_declared:
            return log_text(game).splitlines()
    raise AssertionError("no game with a partner revealed")


def test_an_illegal_call_is_named_at_its_line() -> None:
    lines = _partner_game()
    at = index_of(lines, "call")
    error = refusal(edit(lines, at, lambda d: d.update(card="QH")))
    assert (error.problem.line, error.code, error.problem.event_type) == (
        at + 1, "call_not_allowed", "call")
    assert f"game.jsonl:{at + 1}: event #{at - 1} (call): call_not_allowed: " in str(error)
    assert "V5-3" in str(error)


def test_a_missing_call_is_named_at_the_line_that_comes_instead() -> None:
    lines = _partner_game()
    at = index_of(lines, "call")
    shortened = [lines[0], *[json.dumps({**json.loads(line), "seq": seq})
                             for seq, line in enumerate(lines[1:at] + lines[at + 1:])]]
    error = refusal(shortened)
    assert (error.problem.line, error.code) == (at + 1, "call_due")


def test_a_tampered_reveal_is_named_at_its_line() -> None:
    lines = _partner_game()
    at = index_of(lines, "partner_revealed")
    seat = json.loads(lines[at])["seat"]
    error = refusal(edit(lines, at, lambda d: d.update(seat=(seat + 1) % 5)))
    assert (error.problem.line, error.code, error.problem.event_type) == (
        at + 1, "derived_mismatch", "partner_revealed")
    assert f"partner_revealed.seat: the log says {(seat + 1) % 5}, the rules give {seat}" in str(
        error)
    error = refusal(edit(lines, at, lambda d: d.update(trick=d["trick"] + 1)))
    assert (error.problem.line, error.code) == (at + 1, "derived_mismatch")


def test_a_reveal_where_none_is_due_is_named_at_its_line() -> None:
    lines = _partner_game()
    at = index_of(lines, "play")
    extra = json.dumps({"seq": at - 1, "type": "partner_revealed", "trick": 1, "seat": 2})
    shifted = [json.dumps({**json.loads(line), "seq": json.loads(line)["seq"] + 1})
               for line in lines[at:]]
    error = refusal([*lines[:at], extra, *shifted])
    assert (error.problem.line, error.code) == (at + 1, "unexpected_derived")


@pytest.mark.parametrize(("change", "code", "words"), [
    (lambda d: d.update(table_size=3, seats=["P0", "P1", "P2"], first_dealer=2),
     "table_size_mismatch", "the header says a table of 3"),
    (lambda d: d.pop("table_size"), "bad_header", "seats names 5 seats; the table has 4"),
    (lambda d: d.update(seats=["P0", "P1", "P2", "P3"]), "bad_header",
     "seats names 4 seats; the table has 5"),
    (lambda d: d.update(players=["rules"] * 4), "bad_header",
     "players names 4 seats; the table has 5"),
    (lambda d: d.update(table_size=4), "bad_header", "table_size"),
], ids=["rules", "left-out", "seats", "players", "four-spelt-out"])
def test_a_header_that_does_not_fit_its_table_is_named(change: Callable[[dict[str, Any]], object],
                                                       code: str, words: str) -> None:
    lines = _partner_game()
    error = refusal(edit(lines, 0, change))
    assert (error.problem.line, error.code) == (1, code)
    assert words in str(error)


def test_a_three_player_log_under_four_player_rules_is_refused_at_the_header() -> None:
    game = random_game(3, 0)
    lines = edit(log_text(game).splitlines(), 0, lambda d: d.pop("table_size"))
    error = refusal(lines)
    assert (error.problem.line, error.code) == (1, "bad_header")
    assert "seats names 3 seats; the table has 4" in str(error)
