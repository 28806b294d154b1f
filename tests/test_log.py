"""Writing and reading logs: the header, seq, the JSON Schema, tampering, incomplete logs.

Line numbers in a LogProblem are 1-based: the header is line 1 and event ``seq``
``k`` is on line ``k + 2``.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest
from helpers import play_out
from jsonschema import Draft202012Validator

from tarot.engine import phases
from tarot.engine.cards import CODES
from tarot.engine.deal import SHUFFLE_ALGORITHM, SeededShuffles, seeded_deal
from tarot.engine.events import Bid, Chelem, Deal, Discard, Play, Poignee, Undo
from tarot.engine.game import Game, deal_event
from tarot.engine.rule_files import load_rules
from tarot.engine.state import DealState
from tarot.log import (
    LINE_MODELS,
    LOG_ERROR_CODES,
    LogError,
    LogWriter,
    dumps_log,
    event_line,
    log_schema,
    read_log,
    replay_lines,
    write_log,
)
from tarot.log.codec import HEADER_ADAPTER, header_line

DERIVED = ("chien_shown", "trick", "redeal", "settlement")


def finish(game: Game, seed: int) -> Game:
    return play_out(game, seed)


def prise_game() -> Game:
    """Seed 11: P0 takes a Prise, the chien is shown, P0 discards; then random play."""
    game = Game.new(11)
    game.play(Bid(seat=0, contract="prise"))
    for seat in (1, 2, 3):
        game.play(Bid(seat=seat, contract=None))
    return finish(game, 3)


def redeal_game() -> Game:
    """Seed 5: four passes, a redeal (deal 1 dealt by P0), then random play."""
    game = Game.new(5)
    for seat in range(4):
        game.play(Bid(seat=seat, contract=None))
    assert game.state.deal_number == 1
    return finish(game, 0)


PRISE = prise_game()
PRISE_LINES = dumps_log(PRISE.header, PRISE.events).splitlines()
REDEAL = redeal_game()
REDEAL_LINES = dumps_log(REDEAL.header, REDEAL.events).splitlines()


def problem(lines: list[str], **kwargs: Any) -> tuple[int, str, int | None, str | None]:
    with pytest.raises(LogError) as raised:
        replay_lines(lines, **kwargs)
    p = raised.value.problem
    assert p.code in LOG_ERROR_CODES or p.code in _illegal_codes(), p.code
    return p.line, p.code, p.seq, p.event_type


def _illegal_codes() -> set[str]:
    from tarot.errors import ILLEGAL_ACTION_CODES

    return set(ILLEGAL_ACTION_CODES)


def edit(lines: list[str], index: int, change: Callable[[dict[str, Any]], None]) -> list[str]:
    """A copy of ``lines`` with line ``index`` (0-based) parsed, changed and dumped again."""
    out = list(lines)
    data = json.loads(out[index])
    change(data)
    out[index] = json.dumps(data)
    return out


def line_of(lines: list[str], kind: str, nth: int = 0) -> int:
    """The 0-based index of the nth line of this type."""
    found = [i for i, line in enumerate(lines[1:], start=1) if json.loads(line)["type"] == kind]
    return found[nth]


def decisions_only(lines: list[str]) -> list[str]:
    out = [lines[0]]
    for line in lines[1:]:
        data = json.loads(line)
        if data["type"] not in DERIVED:
            data["seq"] = len(out) - 1
            out.append(json.dumps(data))
    return out


# ---------------------------------------------------------------------------
# Writing


def test_every_event_line_is_the_one_pydantic_writes() -> None:
    """The writer's own lines (the shared Play tails, the trick line written out, the
    encoder) are byte for byte what pydantic's serialiser makes of the same event."""
    rng = random.Random(3)
    seen: set[str] = set()
    # At each table size: the call and the partner's reveal come only at five players.
    for seed, rules in [(seed, name) for name in ("standard", "standard-3", "standard-5")
                        for seed in range(200 if name == "standard" else 40)]:
        game = play_out(Game.new(seed, rules=rules), rng)
        for seq, event in enumerate(game.events):
            model = LINE_MODELS[type(event)]
            line = model(seq=seq, **{f.name: getattr(event, f.name) for f in fields(event)})
            expected = json.dumps(line.model_dump(mode="json"), ensure_ascii=False)
            assert event_line(seq, event) == expected
            seen.add(event.type)
    # A practice game's take-back, which no game played out makes.
    undo = Undo(to=17)
    line = LINE_MODELS[Undo](seq=40, type="undo", to=17)
    assert event_line(40, undo) == json.dumps(line.model_dump(mode="json")) == \
        '{"seq": 40, "type": "undo", "to": 17}'
    seen.add(undo.type)
    assert seen == {t.__dataclass_fields__["type"].default for t in LINE_MODELS}, seen


def test_the_header_line() -> None:
    header = json.loads(PRISE_LINES[0])
    assert header == {
        "format": "tarot-log",
        "version": 1,
        "rules_id": "standard",
        "rules_hash": PRISE.rules.content_hash,
        "seed": 11,
        "shuffle": SHUFFLE_ALGORITHM,
        "first_deal": "shuffled",
        "first_dealer": 3,
        "seats": ["P0", "P1", "P2", "P3"],
    }
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", header["rules_hash"])


@pytest.mark.parametrize("rules", ["standard", "standard-3", "standard-5", "fft"])
def test_every_header_line_is_the_one_pydantic_writes(rules: str) -> None:
    """The writer's header line, written from the fields when they are plain values, is byte
    for byte what pydantic's serialiser makes of the same header, whatever is set."""
    size = load_rules(rules).players
    header = Game.new(5, rules=rules, dealer=1,
                      players=["person"] + ["normal"] * (size - 1)).header
    variants = [header, replace(header, seats=tuple(f"Zoé {n}" for n in range(header.size))),
                replace(header, match_deals=12), replace(header, practice=True),
                replace(header, first_deal="explicit", seed=0)]
    for variant in variants:
        expected = json.dumps(HEADER_ADAPTER.dump_python(variant, mode="json",
                                                         exclude_none=True),
                              ensure_ascii=False)
        assert header_line(variant) == expected


def test_an_explicit_deal_says_so_in_the_header() -> None:
    dealt = seeded_deal(99, 0, 2, 18)
    game = Game.from_deal([" ".join(CODES[c] for c in h) for h in dealt.hands],
                          [CODES[c] for c in dealt.chien], dealer=2, seed=4,
                          seats=("Ann", "Bob", "Cy", "Di"))
    header = json.loads(dumps_log(game.header, game.events).splitlines()[0])
    assert header["first_deal"] == "explicit"
    assert header["first_dealer"] == 2
    assert header["seed"] == 4
    assert header["seats"] == ["Ann", "Bob", "Cy", "Di"]


def test_seq_numbers_count_the_events_from_zero() -> None:
    for lines in (PRISE_LINES, REDEAL_LINES):
        seqs = [json.loads(line)["seq"] for line in lines[1:]]
        assert seqs == list(range(len(lines) - 1))
        assert "seq" not in json.loads(lines[0])
        types = [json.loads(line)["type"] for line in lines[1:]]
        assert types[0] == "deal" and types[-1] == "settlement"
        assert types.count("settlement") == 1


def test_one_line_per_event_in_order() -> None:
    types = [json.loads(line)["type"] for line in PRISE_LINES[1:]]
    assert types[:9] == ["deal", "bid", "bid", "bid", "bid", "chien_shown", "discard",
                         "chelem", "play"]
    assert types.count("trick") == 18
    assert types.count("play") == 72
    assert [e.type for e in PRISE.events] == types
    redeal_types = [json.loads(line)["type"] for line in REDEAL_LINES[1:]]
    assert redeal_types[:7] == ["deal", "bid", "bid", "bid", "bid", "redeal", "deal"]
    assert json.loads(REDEAL_LINES[6]) == {"seq": 5, "type": "redeal", "reason": "all_passed",
                                           "seat": None, "next_dealer": 0}


def test_lines_are_compact_json_with_canonical_card_codes() -> None:
    for line in PRISE_LINES:
        assert "\n" not in line
        data = json.loads(line)
        assert json.dumps(data, ensure_ascii=False) == line
    deal = json.loads(PRISE_LINES[1])
    cards = [c for hand in deal["hands"] for c in hand] + deal["chien"]
    assert sorted(cards) == sorted(CODES)


def test_log_writer_flushes_the_same_lines(tmp_path: Path) -> None:
    stream = io.StringIO()
    writer = LogWriter(stream, PRISE.header)
    assert stream.getvalue() == PRISE_LINES[0] + "\n"
    writer.write(PRISE.events[:3])
    writer.write(PRISE.events[3:])
    assert writer.written == len(PRISE.events)
    assert stream.getvalue() == dumps_log(PRISE.header, PRISE.events)

    path = tmp_path / "deal.jsonl"
    write_log(path, PRISE)
    assert path.read_text(encoding="utf-8") == dumps_log(PRISE.header, PRISE.events)
    game = read_log(path)
    assert game.events == PRISE.events and game.settlement == PRISE.settlement


def test_read_log_reports_unreadable_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(LogError) as raised:
        read_log(tmp_path / "missing.jsonl")
    assert raised.value.problem.code == "unreadable"
    # No line to name: the file itself.
    assert str(raised.value.problem).startswith(f"{tmp_path / 'missing.jsonl'}: unreadable: ")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(PRISE_LINES[0].encode() + b"\n\xff\xfe\n")
    with pytest.raises(LogError) as raised:
        read_log(binary)
    assert (raised.value.problem.line, raised.value.problem.code) == (2, "not_json")
    assert raised.value.problem.file == str(binary)


# ---------------------------------------------------------------------------
# Reading what was written


@pytest.mark.parametrize("lines", [PRISE_LINES, REDEAL_LINES], ids=["prise", "redeal"])
def test_a_log_replays_to_the_same_game(lines: list[str]) -> None:
    original = PRISE if lines is PRISE_LINES else REDEAL
    game = replay_lines(lines)
    assert game.events == original.events
    assert all(getattr(game.state, f.name) == getattr(original.state, f.name)
               for f in fields(DealState) if f.name != "legal_cache")
    assert game.settlement == original.settlement
    assert dumps_log(game.header, game.events).splitlines() == lines


@pytest.mark.parametrize("lines", [PRISE_LINES, REDEAL_LINES], ids=["prise", "redeal"])
def test_a_log_written_otherwise_replays_to_the_same_game(lines: list[str]) -> None:
    """The reader takes a line written as the writer writes it by its bytes, and parses
    any other: the same log with other spacing and key order gives the same game."""
    original = PRISE if lines is PRISE_LINES else REDEAL
    other = [lines[0]] + [json.dumps(dict(reversed(json.loads(line).items())),
                                     separators=(",", ":")) for line in lines[1:]]
    assert all(a != b for a, b in zip(lines[1:], other[1:], strict=True))
    game = replay_lines(other)
    assert game.events == original.events
    assert game.settlement == original.settlement


def test_a_deal_asked_again_is_the_same_deck() -> None:
    shuffles = SeededShuffles(7)
    first = [shuffles.deck(k) for k in range(4)]
    again = shuffles.deck(3)
    assert again == first[3] and again is not first[3]
    assert shuffles.deck(1) == first[1]  # an earlier deal: the stream starts again
    assert [seeded_deal(7, k, 3, 18) for k in range(4)] == \
        [SeededShuffles(7).deal(k, 3, 18) for k in range(4)]


@pytest.mark.parametrize("lines", [PRISE_LINES, REDEAL_LINES], ids=["prise", "redeal"])
def test_decisions_alone_rebuild_the_log(lines: list[str]) -> None:
    original = PRISE if lines is PRISE_LINES else REDEAL
    short = decisions_only(lines)
    assert len(short) < len(lines)
    game = replay_lines(short)
    assert game.events == original.events


def test_any_derived_line_may_be_left_out() -> None:
    for kind in DERIVED[:2]:
        index = line_of(PRISE_LINES, kind)
        lines = PRISE_LINES[:index] + PRISE_LINES[index + 1:]
        renumbered = [lines[0]] + [json.dumps({**json.loads(line), "seq": i})
                                   for i, line in enumerate(lines[1:])]
        assert replay_lines(renumbered).events == PRISE.events


# ---------------------------------------------------------------------------
# The JSON Schema export, checked with jsonschema (Draft 2020-12), as any tool would

SCHEMA = log_schema()
LINE = Draft202012Validator(SCHEMA)


def _part(name: str) -> Draft202012Validator:
    """A validator for one kind of line: ``#/$defs/header`` or ``#/$defs/event``."""
    return Draft202012Validator({**SCHEMA, "oneOf": [{"$ref": f"#/$defs/{name}"}]})


HEADER_LINE, EVENT_LINE = _part("header"), _part("event")


def validate_line(number: int, line: str) -> list[str]:
    """The schema's complaints about line ``number`` (0: the header) of a log."""
    value = json.loads(line)
    errors = [e.message for e in LINE.iter_errors(value)]
    errors += [e.message for e in (HEADER_LINE if number == 0 else EVENT_LINE).iter_errors(value)]
    return errors


def test_the_schema_is_a_json_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert json.loads(json.dumps(SCHEMA)) == SCHEMA
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    # Not a schema that accepts anything (the keys it used to have were not keywords).
    for nonsense in ({"anything": 1}, 42, [], "line", None, {}):
        assert not LINE.is_valid(nonsense), nonsense


def test_the_schema_covers_every_event_type() -> None:
    event = SCHEMA["$defs"]["event"]
    mapping = event["discriminator"]["mapping"]
    assert event["discriminator"]["propertyName"] == "type"
    assert set(mapping) == {"deal", "bid", "call", "chien_shown", "discard", "chelem",
                            "poignee", "play", "partner_revealed", "trick", "redeal",
                            "settlement", "undo"}
    assert len(event["oneOf"]) == len(mapping)
    for kind, ref in mapping.items():
        line = SCHEMA["$defs"][ref.removeprefix("#/$defs/")]
        assert line["additionalProperties"] is False
        assert line["properties"]["type"]["const"] == kind
        assert line["properties"]["seq"] == {"minimum": 0, "title": "Seq", "type": "integer"}
        assert "seq" in line["required"]
    play = SCHEMA["$defs"]["PlayLine"]["properties"]
    assert play["card"]["enum"] == list(CODES)
    assert (play["seat"]["minimum"], play["seat"]["maximum"]) == (0, 4)  # five seats at most
    header = SCHEMA["$defs"]["header"]
    assert header == {"$ref": "#/$defs/LogHeader"}
    log_header = SCHEMA["$defs"]["LogHeader"]
    assert log_header["additionalProperties"] is False
    assert set(log_header["required"]) >= {"rules_id", "rules_hash", "seed", "shuffle"}


def test_the_schema_requires_the_type_tag() -> None:
    """The reader refuses a line without ``type`` (the union's tag); so must the schema.

    Otherwise a third-party validator accepts lines the program rejects: for
    instance ``{"seq": 1, "seat": 0, "contract": null}`` is a valid BidLine.
    """
    untagged = {"seq": 1, "seat": 0, "contract": None}
    with pytest.raises(LogError):
        replay_lines([PRISE_LINES[0], PRISE_LINES[1], json.dumps(untagged)],
                     allow_incomplete=True)
    for name, line in SCHEMA["$defs"].items():
        if name.endswith("Line"):
            assert "type" in line["required"], name
    assert not LINE.is_valid(untagged)


def test_every_line_of_every_golden_replay_validates() -> None:
    replays = sorted((Path(__file__).resolve().parents[1] / "replays").glob("*.jsonl"))
    assert len(replays) >= 15
    for path in replays:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            assert validate_line(number, line) == [], (path.name, number)


@pytest.mark.parametrize("lines", [PRISE_LINES, REDEAL_LINES], ids=["prise", "redeal"])
def test_every_line_of_a_real_log_validates(lines: list[str]) -> None:
    for number, line in enumerate(lines):
        assert validate_line(number, line) == [], (number, line)


def test_lines_with_poignees_chelem_and_a_redeal_validate() -> None:
    for seed in range(40):
        game = finish(Game.new(seed), seed)
        for number, line in enumerate(dumps_log(game.header, game.events).splitlines()):
            assert validate_line(number, line) == []
    lines = dumps_log(POIGNEE.header, POIGNEE.events).splitlines()
    assert any(json.loads(line).get("type") == "poignee" for line in lines[1:])
    for number, line in enumerate(lines):
        assert validate_line(number, line) == []


@pytest.mark.parametrize(("change", "index"), [
    (lambda d: d.update(card="ZZ"), "play"),
    (lambda d: d.update(seat=5), "play"),  # five seats at most
    (lambda d: d.update(seq=-1), "bid"),
    (lambda d: d.update(extra=True), "bid"),
    (lambda d: d.update(type="wink"), "bid"),
    (lambda d: d.pop("contract"), "bid"),
    (lambda d: d.update(scores=[1, 2]), "settlement"),  # three seats at least
    (lambda d: d.update(petit_au_bout="nobody"), "settlement"),
    (lambda d: d.update(declared="yes"), "chelem"),
], ids=["card", "seat", "seq", "extra", "type", "missing", "scores", "pab", "bool"])
def test_the_schema_refuses_what_the_reader_refuses(change: Callable[[dict[str, Any]], None],
                                                    index: str) -> None:
    at = line_of(PRISE_LINES, index)
    lines = edit(PRISE_LINES, at, change)
    assert validate_line(at, lines[at])
    line, code, _, _ = problem(lines)
    assert (line, code) == (at + 1, "bad_event")


@pytest.mark.parametrize(("change", "index", "code", "words"), [
    (lambda d: d.update(seat=4), "play", "not_your_turn", "4 is not a seat (P0…P3)"),
    (lambda d: d.update(scores=[*d["scores"], 0]), "settlement", "derived_mismatch",
     "settlement.scores"),
    (lambda d: d.update(cards=d["cards"][:3]), "trick", "derived_mismatch", "trick.cards"),
    (lambda d: d.update(hands=d["hands"][:3]), "deal", "invalid_deal", "the rules deal"),
], ids=["seat", "scores", "trick", "hands"])
def test_the_reader_refuses_what_does_not_fit_the_table(
        change: Callable[[dict[str, Any]], None], index: str, code: str, words: str) -> None:
    """The schema takes a table of three to five; a four-player log's line that names a
    fifth seat, or holds one item a seat too many or too few, is refused by the rules,
    at its line."""
    at = line_of(PRISE_LINES, index)
    lines = edit(PRISE_LINES, at, change)
    assert validate_line(at, lines[at]) == []
    with pytest.raises(LogError) as raised:
        replay_lines(lines)
    assert (raised.value.problem.line, raised.value.code) == (at + 1, code)
    assert words in str(raised.value)


# ---------------------------------------------------------------------------
# Tampering: the first fault, its line and its code


def test_problem_is_located_and_printed() -> None:
    at = line_of(PRISE_LINES, "play")
    lines = edit(PRISE_LINES, at, lambda d: d.update(seat=(d["seat"] + 1) % 4))
    with pytest.raises(LogError) as raised:
        replay_lines(lines, "game.jsonl")
    p = raised.value.problem
    assert (p.file, p.line, p.code, p.seq, p.event_type) == (
        "game.jsonl", at + 1, "not_your_turn", at - 1, "play")
    assert str(raised.value).startswith(f"game.jsonl:{at + 1}: event #{at - 1} (play): "
                                        "not_your_turn: ")
    bad = [json.dumps({**json.loads(PRISE_LINES[0]), "seed": "x"}), *PRISE_LINES[1:]]
    with pytest.raises(LogError) as raised:
        replay_lines(bad, "game.jsonl")
    assert str(raised.value).startswith("game.jsonl:1: header: bad_header: ")


def _header_with(**fields: Any) -> list[str]:
    return [json.dumps({**json.loads(PRISE_LINES[0]), **fields}), *PRISE_LINES[1:]]


@pytest.mark.parametrize(("lines", "expected"), [
    ([], (1, "empty_log")),
    (["", *PRISE_LINES[1:]], (1, "empty_log")),
    (["{not json", *PRISE_LINES[1:]], (1, "not_json")),
    (_header_with(seed="x"), (1, "bad_header")),
    (_header_with(format="chess-log"), (1, "bad_header")),
    (_header_with(version=2), (1, "bad_header")),
    (_header_with(colour="blue"), (1, "bad_header")),
    (_header_with(rules_id="nope"), (1, "unknown_rules")),
    (_header_with(rules_hash="sha256:00"), (1, "rules_hash_mismatch")),
    (_header_with(shuffle="python-shuffle"), (1, "unknown_shuffle")),
    (PRISE_LINES[:1], (1, "incomplete")),
], ids=["empty", "blank-header", "header-not-json", "seed", "format", "version", "extra",
        "rules", "hash", "shuffle", "header-only"])
def test_header_problems(lines: list[str], expected: tuple[int, str]) -> None:
    assert problem(lines)[:2] == expected


def test_a_line_that_is_not_json() -> None:
    lines = list(PRISE_LINES)
    lines[5] = '{"seq": 4,'
    assert problem(lines)[:2] == (6, "not_json")
    lines[5] = ""
    assert problem(lines)[:2] == (6, "bad_event")


def test_an_unknown_type() -> None:
    at = line_of(PRISE_LINES, "play")
    lines = edit(PRISE_LINES, at, lambda d: d.update(type="wink"))
    assert problem(lines) == (at + 1, "bad_event", at - 1, "wink")


def test_a_seq_out_of_place() -> None:
    lines = edit(PRISE_LINES, 3, lambda d: d.update(seq=7))
    assert problem(lines) == (4, "bad_seq", 7, "bid")
    lines = edit(PRISE_LINES, 3, lambda d: d.update(seq="2"))
    assert problem(lines)[:2] == (4, "bad_event")


def test_a_dropped_line() -> None:
    at = line_of(PRISE_LINES, "play", 5)
    lines = PRISE_LINES[:at] + PRISE_LINES[at + 1:]
    assert problem(lines)[:3] == (at + 1, "bad_seq", at)
    # Dropped and renumbered: the next card comes from the wrong seat.
    renumbered = [lines[0]] + [json.dumps({**json.loads(line), "seq": i})
                               for i, line in enumerate(lines[1:])]
    assert problem(renumbered)[:2] == (at + 1, "not_your_turn")


def test_two_lines_swapped() -> None:
    at = line_of(PRISE_LINES, "play", 5)
    lines = list(PRISE_LINES)
    lines[at], lines[at + 1] = lines[at + 1], lines[at]
    assert problem(lines)[:3] == (at + 1, "bad_seq", at)
    # Swapped with their seq numbers swapped too: the wrong seat plays first.
    swapped = edit(edit(lines, at, lambda d: d.update(seq=at - 1)), at + 1,
                   lambda d: d.update(seq=at))
    assert problem(swapped)[:2] == (at + 1, "not_your_turn")


def test_a_changed_seat() -> None:
    at = line_of(PRISE_LINES, "play", 9)
    lines = edit(PRISE_LINES, at, lambda d: d.update(seat=(d["seat"] + 2) % 4))
    assert problem(lines) == (at + 1, "not_your_turn", at - 1, "play")


def test_a_changed_bid() -> None:
    # P1's pass becomes a Prise, below P0's Prise.
    assert problem(edit(PRISE_LINES, 3, lambda d: d.update(contract="prise"))) == (
        4, "bid_too_low", 2, "bid")
    assert problem(edit(PRISE_LINES, 3, lambda d: d.update(contract="misere")))[:2] == (
        4, "unknown_contract")
    # P1's pass becomes a Garde: P1 is the taker, so the logged chien_shown is wrong.
    assert problem(edit(PRISE_LINES, 3, lambda d: d.update(contract="garde")))[:2] == (
        7, "derived_mismatch")
    # P0's Prise becomes a Garde: everything is legal, only the settlement is wrong.
    last = len(PRISE_LINES)
    assert problem(edit(PRISE_LINES, 2, lambda d: d.update(contract="garde")))[:2] == (
        last, "derived_mismatch")


@pytest.mark.parametrize("change", [
    lambda d: d.update(scores=[d["scores"][0] + 3, *[s - 1 for s in d["scores"][1:]]]),
    lambda d: d.update(per_defender=d["per_defender"] + 1),
    lambda d: d.update(taker_half_points=d["taker_half_points"] + 1,
                       defence_half_points=d["defence_half_points"] - 1),
    lambda d: d.update(contract_made=not d["contract_made"]),
    lambda d: d.update(poignees=[{"seat": 1, "level": "simple", "bonus": 20}]),
], ids=["scores", "per_defender", "points", "made", "poignee"])
def test_a_changed_settlement(change: Callable[[dict[str, Any]], None]) -> None:
    last = len(PRISE_LINES) - 1
    assert problem(edit(PRISE_LINES, last, change)) == (
        last + 1, "derived_mismatch", last - 1, "settlement")


def test_a_changed_trick() -> None:
    at = line_of(PRISE_LINES, "trick", 3)
    lines = edit(PRISE_LINES, at, lambda d: d.update(winner=(d["winner"] + 1) % 4))
    assert problem(lines)[:2] == (at + 1, "derived_mismatch")
    lines = edit(PRISE_LINES, at, lambda d: d.update(number=d["number"] + 1))
    assert problem(lines)[:2] == (at + 1, "derived_mismatch")


def test_a_derived_line_where_none_is_due() -> None:
    trick = json.loads(PRISE_LINES[line_of(PRISE_LINES, "trick")])
    lines = [*PRISE_LINES[:3], json.dumps({**trick, "seq": 2})]
    assert problem(lines, allow_incomplete=True) == (4, "unexpected_derived", 2, "trick")
    settlement = json.loads(PRISE_LINES[-1])
    lines = [*PRISE_LINES, json.dumps({**settlement, "seq": len(PRISE_LINES) - 1})]
    assert problem(lines)[:2] == (len(PRISE_LINES) + 1, "unexpected_derived")


def test_a_decision_after_the_end() -> None:
    play = json.loads(PRISE_LINES[line_of(PRISE_LINES, "play")])
    lines = [*PRISE_LINES, json.dumps({**play, "seq": len(PRISE_LINES) - 1})]
    assert problem(lines)[:2] == (len(PRISE_LINES) + 1, "wrong_phase")


def _first_play(lines: list[str], pick: Callable[[Game, Play], str | None]) -> tuple[int, str]:
    """The first play line where ``pick`` names a replacement card, and that card."""
    full = replay_lines(lines)
    game = Game(full.header, full.rules)
    for seq, event in enumerate(full.events):
        if isinstance(event, Play):
            card = pick(game, event)
            if card is not None:
                return seq + 1, card
        game.record(event)
    raise AssertionError("no such play in the log")


def _led(game: Game) -> str | None:
    return next((CODES[c] for c in game.state.trick if CODES[c] != "EXC"), None)


def _other_suit(game: Game, play: Play) -> str | None:
    led = _led(game)
    if led is None or led.startswith("T"):
        return None
    hand = game.hand(play.seat)
    if not any(c.endswith(led[-1]) and not c.startswith("T") for c in hand):
        return None
    return next((c for c in hand if not c.startswith("T") and c != "EXC"
                 and not c.endswith(led[-1])), None)


def _discard_instead_of_trump(game: Game, play: Play) -> str | None:
    led = _led(game)
    if led is None or led.startswith("T") or not play.card.startswith("T"):
        return None
    return next((c for c in game.hand(play.seat) if not c.startswith("T") and c != "EXC"), None)


def _undertrump(game: Game, play: Play) -> str | None:
    trumps = [int(CODES[c][1:]) for c in game.state.trick if CODES[c].startswith("T")]
    if not trumps or not play.card.startswith("T") or int(play.card[1:]) < max(trumps):
        return None
    lower = [c for c in game.hand(play.seat) if c.startswith("T") and int(c[1:]) < max(trumps)]
    return lower[0] if lower else None


def _someone_elses(game: Game, play: Play) -> str | None:
    return game.hand((play.seat + 1) % 4)[0]


LOGS_FOR_CARDS = [dumps_log(g.header, g.events).splitlines()
                  for g in (finish(Game.new(s), s) for s in (1, 2, 3))]


@pytest.mark.parametrize(("pick", "code"), [
    (_other_suit, "must_follow_suit"),
    (_discard_instead_of_trump, "must_trump"),
    (_undertrump, "must_overtrump"),
    (_someone_elses, "not_in_hand"),
], ids=["follow", "trump", "overtrump", "not-in-hand"])
def test_a_changed_card(pick: Callable[[Game, Play], str | None], code: str) -> None:
    for lines in (PRISE_LINES, *LOGS_FOR_CARDS):
        try:
            index, card = _first_play(lines, pick)
        except AssertionError:
            continue
        tampered = edit(lines, index, lambda d, card=card: d.update(card=card))
        line, got, seq, kind = problem(tampered)
        assert (line, got, seq, kind) == (index + 1, code, index - 1, "play")
        return
    raise AssertionError(f"no log has a play to turn into {code}")


def test_a_changed_discard() -> None:
    at = line_of(PRISE_LINES, "discard")
    deal = PRISE.events[0]
    assert isinstance(deal, Deal)
    king = next(c for c in (*deal.hands[0], *deal.chien) if c[0] == "K" or c in ("T1", "T21"))
    lines = edit(PRISE_LINES, at, lambda d: d.update(cards=[king, *d["cards"][1:]]))
    assert problem(lines)[:2] == (at + 1, "forbidden_discard")
    lines = edit(PRISE_LINES, at, lambda d: d.update(cards=d["cards"][1:]))
    assert problem(lines)[:2] == (at + 1, "discard_size")


def test_a_deal_that_is_not_the_seeds() -> None:
    def swap(d: dict[str, Any]) -> None:
        d["hands"][0][0], d["hands"][1][0] = d["hands"][1][0], d["hands"][0][0]

    assert problem(edit(PRISE_LINES, 1, swap)) == (2, "deal_mismatch", 0, "deal")
    # The redeal too, when the log holds its redeal line...
    at = line_of(REDEAL_LINES, "deal", 1)
    assert problem(edit(REDEAL_LINES, at, swap))[:2] == (at + 1, "deal_mismatch")
    # A deal said to be dealt by another seat is not the deal due here at all.
    dealer_changed = edit(PRISE_LINES, 1, lambda d: d.update(dealer=2))
    assert problem(dealer_changed)[:2] == (2, "invalid_deal")


def test_a_redeal_that_is_not_the_seeds_in_a_log_of_decisions() -> None:
    """A log of decisions alone must be checked as strictly as a full log (docs/log-format.md:
    the deal is checked against the seed). Here deal number 1 is tampered with, and the
    redeal line that would have preceded it is (legitimately) absent."""

    def swap(d: dict[str, Any]) -> None:
        d["hands"][0][0], d["hands"][1][0] = d["hands"][1][0], d["hands"][0][0]

    short = decisions_only(REDEAL_LINES)
    at = line_of(short, "deal", 1)
    assert at == 6  # header, deal, four bids, then deal 1
    tampered = edit(short, at, swap)[: at + 1]
    assert problem(tampered, allow_incomplete=True)[:2] == (at + 1, "deal_mismatch")


def test_an_explicit_deal_is_checked_for_sense_not_for_the_seed() -> None:
    dealt = seeded_deal(123, 0, 3, 18)
    game = finish(Game.from_deal([[CODES[c] for c in h] for h in dealt.hands],
                                 [CODES[c] for c in dealt.chien], seed=7), 7)
    lines = dumps_log(game.header, game.events).splitlines()
    assert replay_lines(lines).events == game.events
    # A deal with a card twice and one missing is refused.
    def dup(d: dict[str, Any]) -> None:
        d["hands"][0][0] = d["hands"][1][0]

    assert problem(edit(lines, 1, dup))[:2] == (2, "invalid_deal")
    assert problem(edit(lines, 1, lambda d: d.update(deal_number=1)))[:2] == (2, "invalid_deal")
    assert problem(edit(lines, 1, lambda d: d.update(chien=d["chien"][1:])))[:2] == (
        2, "invalid_deal")


# ---------------------------------------------------------------------------
# allow_incomplete


def test_an_incomplete_log() -> None:
    at = line_of(PRISE_LINES, "play", 3)  # the 4th card of trick 1
    lines = PRISE_LINES[: at + 1]
    assert problem(lines) == (at + 1, "incomplete", None, None)
    game = replay_lines(lines, allow_incomplete=True)
    assert game.phase == phases.TRICKS
    # The derived trick the log stops short of is applied.
    assert len(game.state.tricks) == 1 and game.state.trick == []
    assert game.events == PRISE.events[: len(game.events)]
    assert game.events[-1].type == "trick"
    # The game can be played on to the same end.
    for event in PRISE.events[len(game.events):]:
        if isinstance(event, Bid | Discard | Chelem | Poignee | Play):
            game.play(event)
    assert game.events == PRISE.events
    assert game.settlement == PRISE.settlement


@pytest.mark.parametrize("cut", [2, 3, 6, 7, 9])
def test_an_incomplete_log_stops_in_the_right_phase(cut: int) -> None:
    game = replay_lines(PRISE_LINES[:cut], allow_incomplete=True)
    expected = {2: "auction", 3: "auction", 6: "chien", 7: "chien", 9: "tricks"}[cut]
    assert game.phase == expected
    assert game.events == PRISE.events[: len(game.events)]
    assert not game.is_over and game.settlement is None
    with pytest.raises(LogError) as raised:
        replay_lines(PRISE_LINES[:cut])
    assert (raised.value.problem.line, raised.value.problem.code) == (cut, "incomplete")


def test_allow_incomplete_still_refuses_a_bad_line() -> None:
    lines = edit(PRISE_LINES[:20], 12, lambda d: d.update(seat=(d["seat"] + 1) % 4))
    assert problem(lines, allow_incomplete=True)[:2] == (13, "not_your_turn")


def test_the_first_deal_in_a_log_is_the_seeds() -> None:
    deal = PRISE.events[0]
    assert isinstance(deal, Deal)
    assert deal == deal_event(seeded_deal(11, 0, 3, 18), 0)
    assert {c for h in deal.hands for c in h} | set(deal.chien) == set(CODES)


# A deal with a poignée, used by the schema test above.
def _poignee_game() -> Game:
    trumps = [f"T{n}" for n in range(2, 13)]  # 11 trumps for P1
    rest = [c for c in CODES if c not in trumps]
    suits = [c for c in rest if not c.startswith("T") and c != "EXC"]
    p1 = trumps + suits[:7]
    others = [c for c in rest if c not in p1]
    game = Game.from_deal([others[:18], p1, others[18:36], others[36:54]], others[54:], seed=1)
    for seat in range(4):
        game.play(Bid(seat=seat, contract="garde_contre" if seat == 3 else None))
    game.play(Chelem(seat=3, declared=False))
    game.play(Play(seat=0, card=game.legal_cards()[0]))
    game.play(Poignee(seat=1, cards=tuple(trumps[:10])))
    return finish(game, 1)


POIGNEE = _poignee_game()


def test_a_poignee_is_logged_with_its_cards() -> None:
    lines = dumps_log(POIGNEE.header, POIGNEE.events).splitlines()
    poignee = [json.loads(line) for line in lines[1:] if json.loads(line)["type"] == "poignee"]
    assert poignee == [{"seq": poignee[0]["seq"], "type": "poignee", "seat": 1,
                        "cards": [f"T{n}" for n in range(2, 12)]}]
    settlement = json.loads(lines[-1])
    assert [p["level"] for p in settlement["poignees"]] == ["simple"]
    assert replay_lines(lines).settlement == POIGNEE.settlement
    # A poignée line changed to show a card P1 does not hold.
    at = next(i for i, line in enumerate(lines) if '"poignee"' in line)
    lines2 = edit(lines, at, lambda d: d.update(cards=[*d["cards"][:9], "T21"]))
    assert problem(lines2)[:2] == (at + 1, "not_in_hand")
