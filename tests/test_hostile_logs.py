"""Hostile logs: valid logs mutated at random never crash the reader, and what it accepts is a deal.

The valid logs are the golden replays (``replays/*.jsonl``) and a few fresh random
deals (one with a redeal, one of decisions alone), and deals at three and five players
(at five: a partner, a taker who calls himself, the called king in a shown chien, and
one of decisions alone). Each case applies one to four
mutations (a byte flipped, a line deleted, duplicated, swapped or moved, the seq
numbers renumbered afterwards so that the change reaches the rules, a field set
to a value of the wrong type or a huge number or unicode junk, a whole line
replaced by another JSON type, another rule set id or hash, a NUL, a BOM, CRLF
ends of line, a line of up to 10 MB, the file truncated anywhere) and reads the result:

- :func:`tarot.log.read_log` never raises anything but ``LogError``, whose code is
  one of ``ILLEGAL_ACTION_CODES`` or ``LOG_ERROR_CODES`` and whose line is in the file;
- ``tarot validate`` and ``tarot replay`` (through ``CliRunner``) exit 0, or 1 with
  ``FILE:LINE: ... CODE: message`` as the first line, and never show a traceback;
- a log that is accepted is a deal: 78 cards each in one place and, once settled,
  taker and defence half-points adding to 182, integral zero-sum scores, and each
  seat's share of ``D`` (3·D at four; 2·D at three; at five 2·D and the partner D, or
  4·D alone: RULES-3-5 V3-9, V5-11), every trick of the table's size.

10,000 mutated logs go through ``read_log`` in the default tier (drawn by
hypothesis); the slow tier adds 100,000 more (drawn by seeded generators, on two
processes) and 2,000 through the command (``validate``, ``validate
--allow-incomplete`` and ``replay`` on each); the counters are asserted at the
end and printed in the run's summary.

1,000 mutations of the three- and five-player logs alone go through ``read_log`` in
the fast tier, their refusals reaching what only those tables have.
"""

from __future__ import annotations

import gc
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

import pytest
from click.testing import CliRunner
from conftest import report
from helpers import build_deal, play_out, random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import assert_cards_conserved

from tarot.engine import phases
from tarot.engine.events import Bid, Call
from tarot.engine.game import Game
from tarot.engine.state import DealState
from tarot.errors import ILLEGAL_ACTION_CODES
from tarot.log import LOG_ERROR_CODES, LogError, dumps_log, load_log, read_events, read_log
from tarot.ui.cli import main

ROOT = Path(__file__).resolve().parents[1]
CODES = frozenset(ILLEGAL_ACTION_CODES) | frozenset(LOG_ERROR_CODES)
N_READ = 10_000  # mutated logs through read_log, drawn by hypothesis (slow)
N_SEEDED = 100_000  # mutated logs through read_log, drawn by seeded generators (slow)
N_SEEDED_FAST = 5_000  # the first of those, in the fast tier (and only there)
N_CLI = 2_000  # mutated logs through tarot validate / validate --allow-incomplete / replay
N_SIZED = 1_000  # mutated logs of three and five players alone, in the fast tier
DERIVED_TYPES = ("chien_shown", "partner_revealed", "trick", "redeal", "settlement")


def _fresh_logs() -> list[bytes]:
    logs = []
    for seed in (1, 2, 3):
        game = random_game(31_000 + seed, seed)
        logs.append(dumps_log(game.header, game.events).encode())
    # Four passes, then the redeal's deal from the seed.
    game = Game.new(5)
    for seat in range(4):
        game.play(Bid(seat=seat, contract=None))
    play_out(game, 0)
    text = dumps_log(game.header, game.events)
    logs.append(text.encode())
    # The same deal as decisions alone (the derived events are recomputed).
    logs.append(decisions_alone(text))
    return logs


def decisions_alone(text: str) -> bytes:
    lines = text.splitlines()
    kept = [lines[0]]
    for line in lines[1:]:
        data = json.loads(line)
        if data["type"] not in DERIVED_TYPES:
            data["seq"] = len(kept) - 1
            kept.append(json.dumps(data))
    return ("\n".join(kept) + "\n").encode()


def _sized_logs() -> list[bytes]:
    """Deals at three and five players (RULES-3-5): random ones; at five, one with a
    partner (the reveal at the called card's trick), one whose taker calls his own king,
    one whose called king lies in the chien of a Prise (the reveal at trick 0), and a
    decisions-only log."""
    logs = []
    for seed in (1, 2):
        game = random_game(32_000 + seed, seed, rules="standard-3")
        logs.append(dumps_log(game.header, game.events).encode())
    partner = next(g for g in (random_game(33_000 + s, s, rules="standard-5") for s in range(20))
                   if g.partner is not None)
    text = dumps_log(partner.header, partner.events)
    logs += [text.encode(), decisions_alone(text)]
    for chien, called in (("", "KS"), ("KH 2C 3C", "KH")):
        hands, rest = build_deal({0: "KS T1 T2 T3 T4 T5 T6 T7 T8"}, chien=chien, seats=5)
        game = Game.from_deal(hands, rest, rules="standard-5", seed=34_000)
        for seat in range(5):
            game.play(Bid(seat=seat, contract="prise" if seat == 0 else None))
        game.play(Call(seat=0, card=called))  # type: ignore[arg-type]
        play_out(game, 3)
        logs.append(dumps_log(game.header, game.events).encode())
    return logs


# The four-player golden replays (the campaign's invariants, a taker's 3 × D among them,
# are the four-player game's; the goldens at three and five seats are not bases yet).
BASES: list[bytes] = [p.read_bytes() for p in sorted((ROOT / "replays").glob("*.jsonl"))
                      if b'"table_size"' not in p.read_bytes().split(b"\n", 1)[0]]
BASES += _fresh_logs()
SIZED_BASES = _sized_logs()
BASES += SIZED_BASES

# ---------------------------------------------------------------------------
# Mutations, on the lines of the file as bytes (without their ends of line)

Lines = list[bytes]
T = TypeVar("T")


class Chooser(Protocol):
    """Where a mutation's choices come from: hypothesis (which shrinks a failure to a
    small case) for the default tier, or a seeded generator (a hundred times cheaper
    a choice) for the slow campaign of 100,000 logs."""

    def integer(self, low: int, high: int) -> int: ...
    def choice(self, options: Sequence[T]) -> T: ...
    def boolean(self) -> bool: ...
    def text(self, max_size: int, *, surrogates: bool = False) -> str: ...
    def number(self) -> float: ...
    def binary(self, max_size: int) -> bytes: ...


JUNK_TEXT = st.characters(codec="utf-8")  # no lone surrogate


class HypothesisChooser:
    def __init__(self, data: st.DataObject) -> None:
        self.draw = data.draw

    def integer(self, low: int, high: int) -> int:
        return int(self.draw(st.integers(low, high)))

    def choice(self, options: Sequence[T]) -> T:
        return self.draw(st.sampled_from(options))  # type: ignore[no-any-return]

    def boolean(self) -> bool:
        return bool(self.draw(st.booleans()))

    def text(self, max_size: int, *, surrogates: bool = False) -> str:
        alphabet = st.characters() if surrogates else JUNK_TEXT
        return str(self.draw(st.text(alphabet, max_size=max_size)))

    def number(self) -> float:
        return float(self.draw(st.floats(allow_nan=False, allow_infinity=False)))

    def binary(self, max_size: int) -> bytes:
        return bytes(self.draw(st.binary(max_size=max_size)))


# Characters for the seeded chooser: ASCII, controls, separators JSON or str.splitlines
# treat apart, other scripts, an emoji; and lone surrogates where asked for.
_CHARACTERS = [chr(c) for c in (*range(0x20, 0x7F), 0, 9, 10, 13, 0x1F, 0x7F, 0x85, 0xA0,
                                0x2028, 0x2029, 0xFEFF, 0xE9, 0x65E5, 0x672C, 0x1F0CF)]
_SURROGATES = [chr(c) for c in (0xD800, 0xDBFF, 0xDC00, 0xDFFF)]


class SeededChooser:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, options: Sequence[T]) -> T:
        return self.rng.choice(options)

    def boolean(self) -> bool:
        return self.rng.random() < 0.5

    def text(self, max_size: int, *, surrogates: bool = False) -> str:
        pool = _CHARACTERS + _SURROGATES if surrogates else _CHARACTERS
        return "".join(self.rng.choice(pool) for _ in range(self.rng.randint(0, max_size)))

    def number(self) -> float:
        return self.rng.choice([0.0, -0.0, 0.5, -2.5, 1e308, 5e-324, self.rng.uniform(-1e9, 1e9)])

    def binary(self, max_size: int) -> bytes:
        return self.rng.randbytes(self.rng.randint(0, max_size))


HUGE_NUMBERS = ["9" * 25, "-" + "9" * 25, "9" * 5000, "1e999", "-1e999", "1e-999",
                "18446744073709551616", "-1", "0.5", "2.0", "NaN", "Infinity"]


def json_value(draw: Chooser) -> bytes:
    """A JSON value of any type, often of the wrong one."""
    kind = draw.choice(["int", "str", "null", "bool", "list", "dict", "huge", "float",
                        "card", "codes"])
    value: Any
    if kind == "huge":
        return draw.choice(HUGE_NUMBERS).encode()
    if kind == "int":
        value = draw.integer(-5, 100)
    elif kind == "str":
        value = draw.text(12)
    elif kind == "null":
        value = None
    elif kind == "bool":
        value = draw.boolean()
    elif kind == "list":
        value = [draw.integer(-2, 80) if draw.boolean() else draw.text(12)
                 for _ in range(draw.integer(0, 4))]
    elif kind == "dict":
        value = {draw.text(12): draw.integer(-2**40, 2**40) for _ in range(draw.integer(0, 3))}
    elif kind == "float":
        value = draw.number()
    elif kind == "card":
        value = draw.choice(["KH", "T21", "EXC", "T22", "kh", "1S", "", "ZZ"])
    else:
        value = [draw.choice(["KH", "T1", "EXC", "2S", "10D", "T21"])
                 for _ in range(draw.integer(0, 7))]
    return json.dumps(value, ensure_ascii=draw.boolean()).encode()


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path into a JSON value (object keys and list indices)."""
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*prefix, index))
    return out


def change_field(draw: Chooser, lines: Lines) -> None:
    index = draw.integer(0, len(lines) - 1)
    try:
        data = json.loads(lines[index])
    except (ValueError, RecursionError):
        return
    paths = _paths(data)
    if not paths:
        return
    path = draw.choice(paths)
    marker = "\x00MARK\x00"
    target = data
    for key in path[:-1]:
        target = target[key]
    action = draw.choice(["set", "set", "delete", "add"])
    if action == "delete" and isinstance(target, dict):
        del target[path[-1]]
        lines[index] = json.dumps(data).encode()
        return
    if action == "add" and isinstance(target, dict):
        target[draw.text(12)] = 1
        lines[index] = json.dumps(data).encode()
        return
    target[path[-1]] = marker
    lines[index] = json.dumps(data).encode().replace(
        json.dumps(marker).encode(), json_value(draw))


def change_header(draw: Chooser, lines: Lines) -> None:
    try:
        header = json.loads(lines[0])
    except (ValueError, RecursionError):
        return
    if not isinstance(header, dict):
        return
    key = draw.choice(["rules_id", "rules_hash", "seed", "shuffle", "first_deal",
                                "first_dealer", "seats", "version", "format", "table_size"])
    choices: dict[str, list[Any]] = {
        "rules_id": ["fft", "nope", "", "../rules/standard", "/dev/zero", "standard\n",
                     "STANDARD", "standard.toml", "hash", "standard-3", "standard-5"],
        "rules_hash": ["sha256:" + "0" * 64, "", "sha256:",
                       "sha256:ba5e" + "f" * 60, "md5:x"],
        "seed": [0, 1, -1, 2**63, 10**40, "11", 1.5, None],
        "shuffle": ["python-shuffle", "", "tarot-fisher-yates-v2"],
        "first_deal": ["explicit", "shuffled", "random"],
        "first_dealer": [0, 1, 2, 3, 4, -1],
        "seats": [["a\u2028b", "\x85", "日本", "\U0001f0cf"], ["P0"], [], "P0",
                  ["N", "E", "S"], ["a", "b", "c", "d", "e"], ["a"] * 6],
        "table_size": [3, 4, 5, 6, 2, 0, -1, "5", 5.0, None, 10**40],
        "version": [0, 2, "1", 1.0],
        "format": ["tarot-log ", "chess-log"],
    }
    header[key] = draw.choice(choices[key])
    # a lone surrogate an earlier mutation escaped stays, as bytes no UTF-8 reader takes
    lines[0] = json.dumps(header, ensure_ascii=draw.boolean()).encode("utf-8", "surrogatepass")


def renumber(lines: Lines) -> None:
    """seq = position again, so that a structural change reaches the rules."""
    for index in range(1, len(lines)):
        try:
            data = json.loads(lines[index])
        except (ValueError, RecursionError):
            continue
        if isinstance(data, dict) and "seq" in data:
            data["seq"] = index - 1
            lines[index] = json.dumps(data).encode()


def mutate(draw: Chooser, text: bytes) -> bytes:
    lines: Lines = text.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    for _ in range(draw.integer(1, 4)):
        if not lines:
            lines = [b""]
        n = len(lines)
        kind = draw.choice([
            "flip", "flip", "delete", "duplicate", "swap", "move", "field", "field", "field",
            "header", "line_type", "junk", "nul", "huge_line", "drop_derived", "cut", "cut",
            "reformat", "reformat",
        ])
        i = draw.integer(0, n - 1)
        j = draw.integer(0, n - 1)
        if kind == "flip":
            line = bytearray(lines[i])
            if line:
                at = draw.integer(0, len(line) - 1)
                line[at] ^= draw.integer(1, 255)
                lines[i] = bytes(line)
        elif kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(j, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "move":
            lines.insert(j, lines.pop(i))
        elif kind == "field":
            change_field(draw, lines)
        elif kind == "header":
            change_header(draw, lines)
        elif kind == "line_type":
            lines[i] = draw.choice([b"[]", b"[1, 2]", b"5", b'"deal"', b"null",
                                             b"true", b"{}", b"[[[[[[[[]]]]]]]]",
                                             b"[" * 5000 + b"]" * 5000])
        elif kind == "junk":
            at = draw.integer(0, len(lines[i]))
            junk = draw.text(20, surrogates=True).encode("utf-8", "surrogatepass")
            lines[i] = lines[i][:at] + junk + lines[i][at:]
        elif kind == "nul":
            at = draw.integer(0, len(lines[i]))
            lines[i] = lines[i][:at] + b"\x00" + lines[i][at:]
        elif kind == "cut":  # a game in progress
            lines = lines[:max(i, 1)]
        elif kind == "reformat":  # the same JSON, written another way
            try:
                data = json.loads(lines[i])
            except (ValueError, RecursionError):
                continue
            if isinstance(data, dict):
                data = dict(sorted(data.items(), reverse=draw.boolean()))
            lines[i] = json.dumps(data, indent=None, separators=(",", ":"),
                                  ensure_ascii=draw.boolean()).encode("utf-8", "surrogatepass")
        elif kind == "huge_line":  # up to 100 kB, and one time in fifty 10 MB
            size = draw.choice([10**3, 10**4, 10**5])
            if draw.integer(0, 49) == 0:
                size = 10**7
            lines[i] = b'{"seq": 0, "type": "' + b"A" * size + b'"}'
        elif kind == "drop_derived":
            lines = [line for line in lines if not any(
                f'"type": "{t}"'.encode() in line
                for t in ("trick", "chien_shown", "partner_revealed"))]
        if kind in ("delete", "duplicate", "swap", "move", "drop_derived") and draw.boolean():
            renumber(lines)
    out = b"".join(line + b"\n" for line in lines)
    ending = draw.choice(["none", "none", "none", "truncate", "crlf", "bom", "no_eol",
                                   "blank_lines", "trailing_junk"])
    if ending == "truncate":
        out = out[:draw.integer(0, len(out))]
    elif ending == "crlf":
        out = out.replace(b"\n", b"\r\n")
    elif ending == "bom":
        out = b"\xef\xbb\xbf" + out
    elif ending == "no_eol":
        out = out.rstrip(b"\n")
    elif ending == "blank_lines":
        out += b"\n\n"
    elif ending == "trailing_junk":
        out += draw.binary(30)
    return out


def mutated_log(draw: Chooser) -> bytes:
    """A mutated log, built in the test from small draws (hypothesis keeps the values a
    strategy returns for a while: ten thousand logs of up to 10 MB would add up)."""
    return mutate(draw, BASES[draw.integer(0, len(BASES) - 1)])


# ---------------------------------------------------------------------------
# What an accepted log must be


def assert_a_deal(game: Game, where: str) -> None:
    state: DealState = game.state
    if state.phase == phases.DEAL:
        assert game.turn is None and not game.is_over, where
        return  # a log in progress that stops before a deal (the header alone, a redeal)
    assert_cards_conserved(state, where)
    if not game.is_over:
        return
    s = game.settlement
    assert s is not None
    assert s.taker_half_points + s.defence_half_points == 182, where
    assert all(type(x) is int for x in (*s.scores, s.per_defender)), where
    assert sum(s.scores) == 0, where
    seats, partner, d = game.rules.players, game.partner, s.per_defender
    assert len(s.scores) == seats, where
    defenders = [seat for seat in range(seats) if seat not in (s.taker, partner)]
    assert all(s.scores[seat] == -d for seat in defenders), where
    if partner is not None:
        assert s.scores[partner] == d, where
    assert s.scores[s.taker] == (len(defenders) - (partner is not None)) * d, where
    assert len(state.tricks) == game.rules.deal.hand_size, where


def line_count(content: bytes) -> int:
    return content.count(b"\n") + 1


PROBLEM = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?:event #\d+ \(.*?\): |header: )?"
                     r"(?P<code>[a-z_]+): \S")


def assert_named(output: str, path: Path, content: bytes, where: str) -> str:
    """The first line of ``output`` is ``FILE:LINE: ... CODE: message``; return CODE."""
    first = output.splitlines()[0] if output else ""
    match = PROBLEM.match(first)
    assert match, f"{where}: not FILE:LINE: ... CODE: message: {first[:300]!r}"
    assert match["file"] == str(path), where
    assert match["code"] in CODES, f"{where}: unknown code {match['code']}"
    assert 1 <= int(match["line"]) <= line_count(content), f"{where}: line {match['line']}"
    return match["code"]


def check_read_log(path: Path, content: bytes, allow_incomplete: bool) -> str | None:
    """read_log on one file: accepted (a deal) or one LogError with a known code and line."""
    path.write_bytes(content)
    try:
        read_events(path)  # the schema only (for re-scoring): a LogError at worst
    except LogError as error:
        assert error.problem.code in CODES
    try:
        game = read_log(path, allow_incomplete=allow_incomplete)
    except LogError as error:
        p = error.problem
        assert p.code in CODES, p.code
        assert 1 <= p.line <= line_count(content), (p.line, p.code)
        assert str(error).startswith(f"{path}:{p.line}: "), str(error)[:200]
        assert "\n" not in str(error) and len(str(error)) < 5000
        str(error).encode("utf-8")  # printable: no lone surrogate
        return p.code
    assert_a_deal(game, "read_log")
    assert allow_incomplete or game.is_over
    # What was accepted is written back as a log that reads to the same game.
    again = read_log_text(dumps_log(game.header, game.events), path)
    assert again.events == game.events
    return None


def read_log_text(text: str, path: Path) -> Game:
    path.write_text(text, encoding="utf-8")
    return read_log(path, allow_incomplete=True)


def check_cli(path: Path, content: bytes) -> None:
    path.write_bytes(content)
    runner = CliRunner()
    for args in (["validate", str(path)], ["validate", "--allow-incomplete", str(path)]):
        result = runner.invoke(main, args)
        where = " ".join(args[:-1])
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"{where}: {result.exception!r}")
        assert "Traceback" not in result.output, where
        if result.exit_code == 0:
            assert result.output.splitlines()[-1].startswith(f"{path}: ok, "), where
            if result.output.count("\n") > 1:  # a torn last line, dropped with a warning
                assert assert_named(result.output, path, content, where) == "torn_line"
        else:
            assert result.exit_code == 1, where
            assert result.output.count("\n") == 1, f"{where}: one line per bad file"
            assert_named(result.output, path, content, where)
    result = runner.invoke(main, ["replay", "--allow-incomplete", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"replay: {result.exception!r}")
    assert "Traceback" not in result.output
    if result.exit_code != 0:
        assert result.exit_code == 1
        assert result.stderr.startswith("Error: "), result.stderr[:200]
        assert_named(result.stderr.removeprefix("Error: "), path, content, "replay")
    elif result.stderr:
        assert result.stderr.startswith("warning: "), result.stderr[:200]
        assert assert_named(result.stderr.removeprefix("warning: "), path, content,
                            "replay") == "torn_line"


# ---------------------------------------------------------------------------
# The tests


def test_the_bases_are_valid(tmp_path: Path) -> None:
    for index, content in enumerate(BASES):
        path = tmp_path / f"base{index}.jsonl"
        assert check_read_log(path, content, allow_incomplete=False) is None


@pytest.mark.parametrize(("name", "content", "code"), [
    ("a JSON list", b"[1, 2]\n", "bad_header"),
    ("a JSON number", b"5\n", "bad_header"),
    ("deep nesting", b"[" * 30_000 + b"]" * 30_000 + b"\n", "not_json"),
    ("a NUL byte", b"\x00\n", "not_json"),
    ("not UTF-8", b"\xff\xfe\n", "not_json"),
])
def test_hostile_headers(tmp_path: Path, name: str, content: bytes, code: str) -> None:
    assert check_read_log(tmp_path / "x.jsonl", content, allow_incomplete=True) == code
    check_cli(tmp_path / "x.jsonl", content)


def _garde() -> list[bytes]:
    return (ROOT / "replays" / "garde.jsonl").read_bytes().split(b"\n")[:-1]


def _join(lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in lines)


def _with_event(line: bytes, at: int = 1) -> bytes:
    """The golden Garde with line ``at`` (1: the deal) replaced."""
    lines = _garde()
    return _join([*lines[:at], line, *lines[at + 1:]])


@pytest.mark.parametrize(("name", "content", "code"), [
    ("an event that is a list", _with_event(b"[1, 2]"), "bad_event"),
    ("an event that is a number", _with_event(b"5"), "bad_event"),
    ("an event that is a string", _with_event(b'"deal"'), "bad_event"),
    ("an event nested too deep", _with_event(b"[" * 30_000 + b"]" * 30_000), "not_json"),
    ("a 10 MB line", _with_event(b'{"seq": 0, "type": "' + b"A" * 10**7 + b'"}'),
     "line_too_long"),
    ("a 60 kB type", _with_event(b'{"seq": 0, "type": "' + b"A" * 60_000 + b'"}'), "bad_event"),
    ("a 60 kB contract", _with_event(b'{"seq": 1, "type": "bid", "seat": 0, "contract": "'
                                     + b"A" * 60_000 + b'"}', at=2), "unknown_contract"),
    ("a 60 kB card", _with_event(b'{"seq": 8, "type": "play", "seat": 0, "card": "'
                                 + b"A" * 60_000 + b'"}', at=9), "bad_event"),
    ("a NUL byte", _with_event(_garde()[1] + b"\x00"), "not_json"),
    ("a key with a line separator", _with_event(
        b'{"seq": 0, "type": "bid", "seat": 0, "contract": null, "a\xe2\x80\xa8b\\n": 1}'),
     "bad_event"),
    ("a lone surrogate as the type", _with_event(b'{"seq": 0, "type": "\\ud800"}'),
     "not_json"),
    ("a seq of 5000 digits", _with_event(b'{"seq": ' + b"9" * 5000 + b', "type": "bid"}'),
     "not_json"),
    ("a huge deal number", _with_event(_garde()[1].replace(b'"deal_number": 0',
                                                           b'"deal_number": ' + b"9" * 40)),
     "invalid_deal"),
])
def test_hostile_event_lines(tmp_path: Path, name: str, content: bytes, code: str) -> None:
    assert check_read_log(tmp_path / "x.jsonl", content, allow_incomplete=True) == code
    check_cli(tmp_path / "x.jsonl", content)


@pytest.mark.parametrize(("name", "change"), [
    ("CRLF ends of line", lambda b: b.replace(b"\n", b"\r\n")),
    ("a byte order mark", lambda b: b"\xef\xbb\xbf" + b),
])
def test_harmless_changes_are_accepted(tmp_path: Path, name: str,
                                       change: Callable[[bytes], bytes]) -> None:
    original = ROOT / "replays" / "garde.jsonl"
    path = tmp_path / "x.jsonl"
    path.write_bytes(change(original.read_bytes()))
    assert read_log(path).events == read_log(original).events
    check_cli(path, path.read_bytes())


def test_a_last_line_without_its_end_of_line_is_torn_even_when_whole(tmp_path: Path) -> None:
    """Every line the program writes ends with an end of line, so a last line without
    one is a write cut short, even when what was written parses: it is refused as
    torn_line, and dropped on request (the settlement it held is derived again)."""
    original = ROOT / "replays" / "garde.jsonl"
    path = tmp_path / "x.jsonl"
    path.write_bytes(original.read_bytes().rstrip(b"\n"))
    assert check_read_log(path, path.read_bytes(), allow_incomplete=True) == "torn_line"
    loaded = load_log(path, allow_incomplete=True, drop_torn=True)
    assert loaded.torn is not None and loaded.game.events == read_log(original).events
    check_cli(path, path.read_bytes())


def test_a_torn_header_is_refused_even_when_incomplete_games_are_accepted(
        tmp_path: Path) -> None:
    header = (ROOT / "replays" / "garde.jsonl").read_bytes().split(b"\n")[0]
    path = tmp_path / "x.jsonl"
    path.write_bytes(header)
    with pytest.raises(LogError) as raised:
        load_log(path, allow_incomplete=True, drop_torn=True)
    assert raised.value.problem.code == "torn_line" and raised.value.problem.line == 1


def test_a_named_deal_script_in_the_header_is_checked(tmp_path: Path) -> None:
    """The header's named deal script is read by a resume: an entry it could not use is
    bad_header at validation, and a resume refuses it in one line."""
    lines = (ROOT / "replays" / "garde.jsonl").read_bytes().split(b"\n")
    header = json.loads(lines[0])
    for entry in ("P\u00b2 bid pass", "P7 bid pass", "P1 dance"):
        header["named_deal"] = {"name": "garde", "script": ["P1 bid pass", entry]}
        content = b"\n".join([json.dumps(header).encode(), *lines[1:3]]) + b"\n"
        assert check_read_log(tmp_path / "x.jsonl", content, allow_incomplete=True) == \
            "bad_header", entry
        result = CliRunner().invoke(main, ["play", "--resume", str(tmp_path / "x.jsonl")])
        assert result.exit_code == 1 and "bad_header" in result.output, result.output
        assert "Traceback" not in result.output


def test_unusual_seat_names_survive_the_round_trip(tmp_path: Path) -> None:
    """json.dumps leaves U+2028 and U+0085 as they are; lines end with \\n only."""
    game = random_game(3, 0, seats=("a\u2028b", "c\x85d", "e\u2029f", "日本"))
    path = tmp_path / "x.jsonl"
    path.write_text(dumps_log(game.header, game.events), encoding="utf-8")
    assert read_log(path).events == game.events


@pytest.mark.parametrize("rules_id", ["/dev/zero", "/etc/passwd", "../rules/standard",
                                      "standard.toml", "standard\n", "hash"])
def test_a_header_cannot_point_the_reader_at_a_file(tmp_path: Path, rules_id: str) -> None:
    """The rules are looked up by name among the program's own: never a path from the log."""
    lines = _garde()
    header = json.loads(lines[0])
    header["rules_id"] = rules_id
    content = _join([json.dumps(header).encode(), *lines[1:]])
    assert check_read_log(tmp_path / "x.jsonl", content, allow_incomplete=True) == "unknown_rules"


def assert_the_mutations_reach_the_rules(seen: dict[str | None, int], total: int) -> None:
    assert sum(seen.values()) >= total
    # The mutations reach the rules, not only the parser, and some survive as deals.
    assert seen.get(None, 0) >= total // 100, seen
    reached = set(seen) - {None}
    assert len(reached) >= 20, sorted(reached)  # type: ignore[type-var]
    assert {"not_your_turn", "derived_mismatch", "bad_seq", "not_json", "bad_event",
            "torn_line", "incomplete", "line_too_long"} <= reached, sorted(
        reached)  # type: ignore[type-var]


@pytest.mark.slow  # two minutes; the fast tier has test_5000_mutated_logs_through_read_log
def test_mutated_logs_through_read_log(tmp_path: Path) -> None:
    """10,000 mutated logs through read_log (with and without allow_incomplete), drawn by
    hypothesis."""
    path = tmp_path / "mutated.jsonl"
    seen: dict[str | None, int] = {}

    @settings(max_examples=N_READ, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data(), allow_incomplete=st.booleans())
    def run(data: st.DataObject, allow_incomplete: bool) -> None:
        code = check_read_log(path, mutated_log(HypothesisChooser(data)), allow_incomplete)
        seen[code] = seen.get(code, 0) + 1
        if sum(seen.values()) % 500 == 0:
            gc.collect()  # the big cases are freed only by the cycle collector

    run()
    assert_the_mutations_reach_the_rules(seen, N_READ)
    report("mutated logs (hypothesis)", [_seen_line(seen)])


def _seen_line(seen: dict[str | None, int]) -> str:
    total = sum(seen.values())
    codes = sorted(((n, c) for c, n in seen.items() if c is not None), reverse=True)
    return (f"{total} mutated logs: accepted as deals {seen.get(None, 0)}, refused with a "
            f"named line and code {total - seen.get(None, 0)} ({len(codes)} codes: "
            + ", ".join(f"{c} {n}" for n, c in codes) + "); crashes 0 (any other exception "
            "fails the test)")


def _seeded_batch(job: tuple[Path, int, int]) -> dict[str | None, int]:
    """``count`` mutated logs from seed ``first``, in a worker process."""
    folder, first, count = job
    path = folder / f"mutated-{first}.jsonl"
    seen: dict[str | None, int] = {}
    for seed in range(first, first + count):
        draw = SeededChooser(random.Random(seed))
        code = check_read_log(path, mutated_log(draw), draw.boolean())
        seen[code] = seen.get(code, 0) + 1
    return seen


def _seeded_logs(folder: Path, start: int, stop: int) -> dict[str | None, int]:
    """Mutated logs ``start`` to ``stop`` - 1 through read_log, on two worker processes."""
    import multiprocessing

    jobs = [(folder, first, min(2_500, stop - first)) for first in range(start, stop, 2_500)]
    seen: dict[str | None, int] = {}
    with multiprocessing.get_context("fork").Pool(2) as pool:
        for batch in pool.imap_unordered(_seeded_batch, jobs):
            for code, n in batch.items():
                seen[code] = seen.get(code, 0) + n
    return seen


def test_5000_mutated_logs_through_read_log(tmp_path: Path) -> None:
    """The first 5,000 of the slow tier's seeded mutated logs: the fast tier's share of the
    campaign (hypothesis draws its logs about fifteen times slower)."""
    seen = _seeded_logs(tmp_path, 0, N_SEEDED_FAST)
    assert_the_mutations_reach_the_rules(seen, N_SEEDED_FAST)


def test_mutated_logs_of_three_and_five_players(tmp_path: Path) -> None:
    """1,000 seeded mutations of the three- and five-player logs alone: no crash, some
    accepted as deals, and refusals that reach what only those tables have (the call,
    the reveal, the table size in the header)."""
    path = tmp_path / "sized.jsonl"
    seen: dict[str | None, int] = {}
    for seed in range(N_SIZED):
        draw = SeededChooser(random.Random(seed))
        content = mutate(draw, SIZED_BASES[draw.integer(0, len(SIZED_BASES) - 1)])
        code = check_read_log(path, content, draw.boolean())
        seen[code] = seen.get(code, 0) + 1
    assert sum(seen.values()) == N_SIZED
    assert seen.get(None, 0) >= N_SIZED // 100, seen
    assert len(set(seen) - {None}) >= 15, seen
    assert {"derived_mismatch", "not_your_turn", "bad_header"} <= set(seen), seen
    assert set(seen) & {"call_due", "call_not_allowed", "call_not_now", "wrong_phase"}, seen
    report("mutated logs at three and five players", [_seen_line(seen)])


@pytest.mark.parametrize("index", range(len(SIZED_BASES)))
def test_the_command_reads_three_and_five_player_logs(tmp_path: Path, index: int) -> None:
    """validate, validate --allow-incomplete and replay on each log as it is, and with a
    call after its settlement (refused at its line)."""
    content = SIZED_BASES[index]
    check_cli(tmp_path / "sized.jsonl", content)
    check_cli(tmp_path / "sized.jsonl", content + b'{"seq": 0, "type": "call"}\n')


@pytest.mark.slow
# Eight minutes of two processes at a load of 6: CI's own limit rather than the 30 minutes
# of every other test.
@pytest.mark.timeout(5400)
def test_100000_mutated_logs_through_read_log(tmp_path: Path) -> None:
    """The rest of the 100,000 mutated logs through read_log, drawn from seeded generators
    (log ``n`` from ``random.Random(n)``: a failure names its seed), on two worker
    processes: logs 5,000 to 99,999, the first 5,000 being the fast tier's (CI runs both
    tiers: reading them again here would only repeat that test)."""
    seen = _seeded_logs(tmp_path, N_SEEDED_FAST, N_SEEDED)
    assert_the_mutations_reach_the_rules(seen, N_SEEDED - N_SEEDED_FAST)
    report("mutated logs (seeded)", [_seen_line(seen)])


@pytest.mark.slow
def test_mutated_logs_through_the_command(tmp_path: Path) -> None:
    """2,000 mutated logs through tarot validate, validate --allow-incomplete and replay."""
    path = tmp_path / "mutated.jsonl"
    count = 0

    @settings(max_examples=N_CLI, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        nonlocal count
        check_cli(path, mutated_log(HypothesisChooser(data)))
        count += 1
        if count % 500 == 0:
            gc.collect()

    run()
    assert count >= N_CLI


# ---------------------------------------------------------------------------
# Special files: only regular files are read, and nothing blocks


def _run_tarot(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """The installed command; ``timeout`` only tells a hang (a command blocked for ever)
    from a slow machine."""
    exe = shutil.which("tarot", path=str(Path(sys.executable).parent)) or "tarot"
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL, check=False)


def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    """Fault 4: `tarot validate FIFO` and `tarot play --resume FIFO` waited for a writer
    for ever; they are refused (the timeout would fail the test had they blocked)."""
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    for args in (["validate", str(fifo)], ["validate", "--allow-incomplete", str(fifo)],
                 ["replay", str(fifo)], ["play", "--resume", str(fifo)]):
        done = _run_tarot(*args)
        assert done.returncode == 1, (args, done.stdout, done.stderr)
        out = done.stdout + done.stderr
        assert f"{fifo}: not_a_regular_file: a named pipe (FIFO), not a regular file" in out
        assert "Traceback" not in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.jsonl"]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_refused_at_once(device: str) -> None:
    """Fault 4: `tarot validate /dev/zero` read until memory ran out."""
    if not Path(device).exists():
        pytest.skip(f"{device} is not on this system")
    done = _run_tarot("validate", device)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{device}: not_a_regular_file: a character device" in done.stderr


def test_a_huge_file_of_zeros_is_refused_after_one_line(tmp_path: Path) -> None:
    """A regular file of 50 MB with no end of line: refused at its first 64 KB."""
    path = tmp_path / "zeros.jsonl"
    with path.open("wb") as stream:
        stream.truncate(50 * 1024 * 1024)  # a sparse file: no disk spent
    with pytest.raises(LogError) as raised:
        read_log(path)
    assert raised.value.problem.code == "line_too_long" and raised.value.problem.line == 1


def test_memory_and_system_errors_end_in_one_line(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A MemoryError or an OSError met by any command is one line and exit 1."""
    import tarot.log

    path = ROOT / "replays" / "garde.jsonl"
    for error in (MemoryError(), OSError(5, "Input/output error", str(path))):
        def fail(*args: Any, error: BaseException = error, **kwargs: Any) -> Any:
            raise error

        with monkeypatch.context() as patch:
            patch.setattr(tarot.log, "load_log", fail)
            result = CliRunner().invoke(main, ["validate", str(path)])
        assert result.exit_code == 1, result.output
        assert result.output.count("\n") == 1 and "Traceback" not in result.output
        assert ("out of memory" if isinstance(error, MemoryError)
                else f"{path}: Input/output error") in result.output
