"""Errors people can act on: the documented table lists every code, and each code can be caused.

The table under "## Error codes" in docs/log-format.md must list exactly the codes of
``tarot.errors.ILLEGAL_ACTION_CODES`` and ``tarot.log.LOG_ERROR_CODES``, with the
same meanings; and for every code, one small construction here makes the engine
or the log reader refuse with it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import auction, build_deal, deal_with
from test_api import fixed_in_tricks

from tarot.engine.cards import CODES
from tarot.engine.events import Bid, Call, Chelem, Discard, Play, Poignee
from tarot.engine.game import Game
from tarot.errors import ILLEGAL_ACTION_CODES, IllegalAction
from tarot.log import LOG_ERROR_CODES, LogError, dumps_log, read_log

ROOT = Path(__file__).resolve().parents[1]
ALL_CODES = {**ILLEGAL_ACTION_CODES, **LOG_ERROR_CODES}
ROW = re.compile(r"^\| `(?P<code>[a-z_]+)` \| (?P<meaning>.+?) \|$")


def documented_table() -> dict[str, str]:
    text = (ROOT / "docs" / "log-format.md").read_text(encoding="utf-8")
    section = text.split("\n## Error codes\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        match = ROW.match(line)
        if match:
            assert match["code"] not in rows, f"{match['code']} twice in the table"
            rows[match["code"]] = match["meaning"]
    return rows


def test_the_two_code_sets_do_not_overlap() -> None:
    assert not set(ILLEGAL_ACTION_CODES) & set(LOG_ERROR_CODES)


def test_the_docs_list_every_code_and_only_those() -> None:
    table = documented_table()
    assert sorted(set(ALL_CODES) - set(table)) == [], "codes missing from the docs' table"
    assert sorted(set(table) - set(ALL_CODES)) == [], "documented codes the program does not have"
    for code, meaning in table.items():
        assert meaning.replace("`", "") == ALL_CODES[code].replace("`", ""), code


# ---------------------------------------------------------------------------
# Each code, caused


def engine(make: Callable[[], Game], action: Callable[[Game], object]) -> str:
    game = make()
    with pytest.raises(IllegalAction) as raised:
        action(game)
    return raised.value.code


TRUMPS_AND_EXCUSE = [f"T{n}" for n in range(2, 13)] + ["EXC", "1S", "2S", "3S", "4S", "5S", "6S"]
FOUR_KINGS = ["KS KH KD KC T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
              "1S 3S 6S 7S 9S 1H 4H 10H 7D JD QD 3C 6C 8C 9C 10C T4 EXC",
              "5S JS NS QS 5H 7H JH QH 5D 6D ND 1C 7C JC NC QC T2 T3",
              "4S 8S 10S 2H 6H 8H 9H NH 1D 2D 3D 8D 9D 10D 2C 4C T1 T5"]


def poignee_window() -> Game:
    """P0, with T2..T12 and the Excuse, takes a Garde sans and may show a poignée."""
    game = auction(deal_with(TRUMPS_AND_EXCUSE), "garde_sans", None, None, None)
    game.play(Chelem(seat=0, declared=False))
    return game


def poignee_shown() -> Game:
    """The same, once P0 has shown a poignée: a second one is too many."""
    game = poignee_window()
    game.play(Poignee(seat=0, cards=tuple(f"T{n}" for n in range(3, 13))))
    return game


def four_kings_discarded() -> Game:
    """P0 holds the four kings and discards the trumps T6 T7 (the chien forces two)."""
    game = auction(Game.from_deal(FOUR_KINGS, "2S 3H 4D 5C T6 T7"), "garde", None, None, None)
    game.play(Discard(seat=0, cards=("2S", "3H", "4D", "5C", "T6", "T7")))
    game.play(Chelem(seat=0, declared=False))
    return game


def chien_phase() -> Game:
    return auction(Game.from_deal(FOUR_KINGS, "2S 3H 4D 5C T6 T7"), "garde", None, None, None)


def led(*cards: str) -> Callable[[], Game]:
    def make() -> Game:
        game = fixed_in_tricks()
        for card in cards:
            game.play(Play(seat=game.turn, card=card))  # type: ignore[arg-type]
        return game
    return make


def five_called() -> Game:
    """Five players: P0, holding 1S 2S and KH, takes a Prise; the call is due."""
    hands, chien = build_deal({0: "1S 2S KH 2H 3H 4H 5H 6H T1 T2 T3 T4 T5 T6 EXC",
                               2: "KS"}, chien="7C 8C 9C", seats=5)
    return auction(Game.from_deal(hands, chien, rules="standard-5"),
                   "prise", None, None, None, None)


def five_at_first_lead() -> Game:
    """The same, P0 having called KS (held by P2), discarded, and not declared: P0 leads."""
    game = five_called()
    game.play(Call(seat=0, card="KS"))
    game.play(Discard(seat=0, cards=("7C", "8C", "9C")))
    game.play(Chelem(seat=0, declared=False))
    return game


# Each code of the engine: a game, and the action on it that the rules refuse with it.
CASES: dict[str, tuple[Callable[[], Game], Callable[[Game], object]]] = {
    "invalid_deal": (lambda: Game.new(1), lambda _: Game.from_deal(
        FOUR_KINGS[:3], "2S 3H 4D 5C T6 T7")),
    "wrong_phase": (lambda: Game.from_deal(FOUR_KINGS, "2S 3H 4D 5C T6 T7"),
                    lambda g: g.play(Play(seat=0, card="KS"))),
    "not_your_turn": (lambda: Game.from_deal(FOUR_KINGS, "2S 3H 4D 5C T6 T7"),
                      lambda g: g.play(Bid(seat=2, contract="prise"))),
    "unknown_card": (fixed_in_tricks, lambda g: g.play(Play(seat=0, card="ZZ"))),
    "not_in_hand": (fixed_in_tricks, lambda g: g.play(Play(seat=0, card="KS"))),
    "duplicate_card": (chien_phase, lambda g: g.play(Discard(
        seat=0, cards=("2S", "2S", "3H", "4D", "5C", "T6")))),
    "unknown_contract": (lambda: Game.from_deal(FOUR_KINGS, "2S 3H 4D 5C T6 T7"),
                         lambda g: g.play(Bid(seat=0, contract="grand_chelem"))),
    "bid_too_low": (lambda: auction(Game.from_deal(FOUR_KINGS, "2S 3H 4D 5C T6 T7"), "garde"),
                    lambda g: g.play(Bid(seat=1, contract="prise"))),
    "discard_size": (chien_phase, lambda g: g.play(Discard(
        seat=0, cards=("2S", "3H", "4D", "5C", "T6")))),
    "forbidden_discard": (chien_phase, lambda g: g.play(Discard(
        seat=0, cards=("2S", "3H", "4D", "5C", "T6", "KS")))),
    "unforced_trump_discard": (chien_phase, lambda g: g.play(Discard(
        seat=0, cards=("2S", "3H", "4D", "T8", "T6", "T7")))),
    "chelem_taker_only": (lambda: auction(deal_with(TRUMPS_AND_EXCUSE),
                                          "garde_sans", None, None, None),
                          lambda g: g.play(Chelem(seat=1, declared=True))),
    "poignee_not_now": (poignee_shown, lambda g: g.play(Poignee(
        seat=0, cards=tuple(f"T{n}" for n in range(2, 12))))),
    "poignee_size": (poignee_window, lambda g: g.play(Poignee(
        seat=0, cards=tuple(f"T{n}" for n in range(2, 13))))),
    "poignee_not_trumps": (poignee_window, lambda g: g.play(Poignee(
        seat=0, cards=(*(f"T{n}" for n in range(2, 11)), "1S")))),
    "poignee_excuse_not_allowed": (poignee_window, lambda g: g.play(Poignee(
        seat=0, cards=(*(f"T{n}" for n in range(2, 11)), "EXC")))),
    "poignee_discard_not_allowed": (four_kings_discarded, lambda g: g.play(Poignee(
        seat=0, cards=("T6", "T7", "T8", "T9", "T10", "T11", "T12", "T13", "T14", "T15")))),
    "must_follow_suit": (led("1H"), lambda g: g.play(Play(seat=1, card="T10"))),
    "must_trump": (led("1S"), lambda g: g.play(Play(seat=1, card="6H"))),
    "must_overtrump": (led("1S", "T10"), lambda g: g.play(Play(seat=2, card="T5"))),
    "call_due": (five_called, lambda g: g.play(Bid(seat=0, contract=None))),
    "call_not_now": (lambda: Game.from_deal(FOUR_KINGS, "2S 3H 4D 5C T6 T7"),
                     lambda g: g.play(Call(seat=0, card="KH"))),
    "call_not_allowed": (five_called, lambda g: g.play(Call(seat=0, card="QH"))),
    "called_suit_lead": (five_at_first_lead, lambda g: g.play(Play(seat=0, card="1S"))),
}

ENGINE: dict[str, Callable[[], str]] = {
    code: (lambda case=case: engine(*case)) for code, case in CASES.items()}  # type: ignore[misc]

GARDE = ROOT / "replays" / "garde.jsonl"


def garde_lines() -> list[str]:
    return GARDE.read_text(encoding="utf-8").splitlines()


def edit(lines: list[str], index: int, **changes: object) -> list[str]:
    data = json.loads(lines[index])
    data.update(changes)
    return [*lines[:index], json.dumps(data), *lines[index + 1:]]


def renumbered(lines: list[str]) -> list[str]:
    return [lines[0], *(json.dumps({**json.loads(line), "seq": i})
                        for i, line in enumerate(lines[1:]))]


def index_of(lines: list[str], kind: str) -> int:
    return next(i for i, line in enumerate(lines) if f'"type": "{kind}"' in line)


def swapped_deal(lines: list[str]) -> list[str]:
    deal = json.loads(lines[1])
    deal["hands"][0][0], deal["hands"][1][0] = deal["hands"][1][0], deal["hands"][0][0]
    return [lines[0], json.dumps(deal), *lines[2:]]


def changed_score(lines: list[str]) -> list[str]:
    at = index_of(lines, "settlement")
    scores = json.loads(lines[at])["scores"]
    return edit(lines, at, scores=[scores[0] + 1, *scores[1:]])


def extra_trick(lines: list[str]) -> list[str]:
    at = index_of(lines, "trick")
    return renumbered([*lines[:at + 1], lines[at], *lines[at + 1:]])


def with_undo(lines: list[str], after: int, to: int) -> list[str]:
    """An undo of the decision at seq ``to`` put after line ``after`` (the rest renumbered)."""
    return renumbered([*lines[:after + 1], json.dumps({"seq": 0, "type": "undo", "to": to}),
                       *lines[after + 1:]])


def practice(lines: list[str]) -> list[str]:
    """The log as a practice game's, P0 the person."""
    return edit(lines, 0, practice=True, players=["person", "rules", "rules", "rules"])


LOGS: dict[str, Callable[[], bytes | None]] = {
    # P0's bid taken back in a game that is not a practice game.
    "undo_not_practice": lambda: text(with_undo(garde_lines(), 2, 1)),
    # P1's bid is not the person's to take back.
    "bad_undo": lambda: text(with_undo(practice(garde_lines()), 3, 2)),
    "deal_mismatch": lambda: text(swapped_deal(garde_lines())),
    "derived_mismatch": lambda: text(changed_score(garde_lines())),
    "unexpected_derived": lambda: text(extra_trick(garde_lines())),
    "unreadable": lambda: None,  # no file at all
    "empty_log": lambda: b"",
    "not_json": lambda: b'{"format": "tarot-log",\n',
    "bad_header": lambda: b'{"format": "tarot-log"}\n',
    "unknown_rules": lambda: text(edit(garde_lines(), 0, rules_id="belote")),
    "rules_hash_mismatch": lambda: text(edit(garde_lines(), 0, rules_id="fft")),
    "table_size_mismatch": lambda: text(edit(garde_lines(), 0, table_size=5,
                                             seats=["P0", "P1", "P2", "P3", "P4"])),
    "unknown_shuffle": lambda: text(edit(garde_lines(), 0, shuffle="riffle")),
    "bad_event": lambda: text(edit(garde_lines(), 2, type="fanfare")),
    "bad_seq": lambda: text(edit(garde_lines(), 2, seq=5)),
    "incomplete": lambda: text(garde_lines()[:20]),
    "torn_line": lambda: text(garde_lines()[:20]) + garde_lines()[20][:10].encode(),
    "line_too_long": lambda: text([garde_lines()[0], " " * 70_000 + garde_lines()[1]]),
    "not_a_regular_file": lambda: None,  # a FIFO, made by the test
}


def text(lines: list[str]) -> bytes:
    return "".join(line + "\n" for line in lines).encode()


def test_every_code_has_a_construction() -> None:
    assert set(ENGINE) | set(LOGS) == set(ALL_CODES)


@pytest.mark.parametrize("code", sorted(ENGINE))
def test_the_engine_refuses_with(code: str) -> None:
    assert ENGINE[code]() == code


@pytest.mark.parametrize("code", sorted(LOGS))
def test_the_log_reader_refuses_with(tmp_path: Path, code: str) -> None:
    path = tmp_path / "game.jsonl"
    content = LOGS[code]()
    if code == "not_a_regular_file":
        os.mkfifo(path)  # opening it to read would wait for a writer for ever
    elif content is not None:
        path.write_bytes(content)
    with pytest.raises(LogError) as raised:
        read_log(path)
    assert raised.value.problem.code == code, str(raised.value)
    assert str(raised.value).startswith(f"{path}:")


def with_a_call_after_the_auction(lines: list[str]) -> tuple[list[str], int]:
    """The log with the taker's call of KH put right after the last bid, as a log of five
    players has it (the rest renumbered), and the call's line number in the file."""
    bids = [i for i, line in enumerate(lines) if '"type": "bid"' in line]
    taker = next(json.loads(lines[i])["seat"] for i in reversed(bids)
                 if json.loads(lines[i])["contract"] is not None)
    call = json.dumps({"seq": 0, "type": "call", "seat": taker, "card": "KH"})
    at = bids[-1] + 1
    return renumbered([*lines[:at], call, *lines[at:]]), at + 1


@pytest.mark.parametrize("replay", ["garde", "three-half-point"])
def test_a_call_in_a_log_of_three_or_four_players_is_refused_as_none_due(
        tmp_path: Path, replay: str) -> None:
    """At the call's own line, with the code the table above gives it (call_not_now), in
    the log reader's error and in ``tarot validate --json``."""
    from click.testing import CliRunner

    from tarot.ui.cli import main

    lines = (ROOT / "replays" / f"{replay}.jsonl").read_text(encoding="utf-8").splitlines()
    edited, call_line = with_a_call_after_the_auction(lines)
    path = tmp_path / "game.jsonl"
    path.write_bytes(text(edited))
    with pytest.raises(LogError) as raised:
        read_log(path)
    assert (raised.value.problem.code, raised.value.problem.line) == ("call_not_now", call_line)
    result = CliRunner().invoke(main, ["validate", "--json", str(path)])
    assert result.exit_code == 1
    [report] = json.loads(result.output)
    assert (report["code"], report["line"], report["type"]) == ("call_not_now", call_line, "call")


def test_a_torn_line_is_accepted_as_in_progress_when_asked(tmp_path: Path) -> None:
    from tarot.log import load_log

    path = tmp_path / "game.jsonl"
    path.write_bytes(LOGS["torn_line"]())  # type: ignore[arg-type]
    loaded = load_log(path, allow_incomplete=True, drop_torn=True)
    assert loaded.torn is not None and loaded.torn.code == "torn_line" and loaded.torn.line == 21
    assert loaded.event_lines == 19
    whole = read_log(GARDE)
    assert loaded.game.events == whole.events[:len(loaded.game.events)]
    assert dumps_log(loaded.game.header, loaded.game.events).count("\n") >= 20


def test_a_refusal_carries_its_fields_and_reads_right_at_the_table() -> None:
    """A refusal names its seat, cards and rule as data; the log's message and the table's
    come from one template (no English rewritten after the fact)."""
    from tarot.engine.cards import mask_of, parse_cards
    from tarot.engine.legal import illegal_play_reason

    hand = mask_of(parse_cards("2H 5H KS T3"))
    refusal = illegal_play_reason(hand, parse_cards("9H"), parse_cards("KS")[0], 0)
    assert (refusal.code, refusal.seat, refusal.cards, refusal.rule) == \
        ("must_follow_suit", 0, ("KS",), "R11")
    assert refusal.message == ("P0 cannot play KS: 9H was led and P0 holds hearts (2H 5H), "
                               "so must follow suit (R11)")
    names = ("You", "East", "North", "West")
    assert refusal.render(names, person=0) == (
        "You cannot play KS: 9H was led and you hold hearts (2H 5H), so must follow suit (R11)")
    assert refusal.render(("South", "East", "North", "West"), person=2).startswith(
        "South cannot play KS: 9H was led and South holds hearts")
    game = auction(deal_with(TRUMPS_AND_EXCUSE), None)  # P0 passed: P1 to bid
    with pytest.raises(IllegalAction) as raised:
        game.play(Bid(seat=3, contract="garde"))
    assert raised.value.message == "P3 cannot act now: it is P1's turn"
    assert raised.value.render(names, person=3) == "You cannot act now: it is East's turn"
    assert raised.value.others == {"turn": 1}


# P0 holds the four kings, T9…T21 and the Excuse; the chien forces him to discard T7 T8.
FOUR_KINGS_AND_EXCUSE = ["KS", "KH", "KD", "KC", *(f"T{n}" for n in range(9, 22)), "EXC"]
FORCED_DISCARD = ("2S", "3H", "4D", "5C", "T7", "T8")


def four_kings_with_excuse(rules: str) -> Game:
    rest = [c for c in CODES if c not in FOUR_KINGS_AND_EXCUSE and c not in FORCED_DISCARD]
    game = Game.from_deal([FOUR_KINGS_AND_EXCUSE, rest[:18], rest[18:36], rest[36:54]],
                          list(FORCED_DISCARD), rules=rules)
    auction(game, "garde", None, None, None)
    game.play(Discard(seat=0, cards=FORCED_DISCARD))
    game.play(Chelem(seat=0, declared=False))
    return game


def poignee_refusal(rules: str, cards: list[str]) -> IllegalAction:
    with pytest.raises(IllegalAction) as raised:
        four_kings_with_excuse(rules).play(Poignee(seat=0, cards=tuple(cards)))
    assert raised.value.code == "poignee_excuse_not_allowed"
    return raised.value


HAND_TRUMPS = [f"T{n}" for n in range(9, 22)]


@pytest.mark.parametrize(("rules", "cards", "rule"), [
    # A trump of the hand left hidden: R8 ("only when all trumps are shown"), either rules.
    ("standard", [*HAND_TRUMPS[1:], "T7", "T8", "EXC"], "R8"),
    ("fft", [*HAND_TRUMPS[1:], "T7", "T8", "EXC"], "R8"),
    # A discarded trump left hidden: only A14's Excuse fill over the hand and the discard
    # together asks for it to be shown.
    ("standard", [*HAND_TRUMPS, "T7", "EXC"], "A14"),
    # The FFT reading of A14 (four_kings_excuse_fill = false): no Excuse with discarded
    # trumps, all shown or not.
    ("fft", [*HAND_TRUMPS, "T7", "EXC"], "A14"),
])
def test_the_four_kings_excuse_refusal_cites_the_rule_that_decides(
        rules: str, cards: list[str], rule: str) -> None:
    refusal = poignee_refusal(rules, cards)
    assert refusal.rule == rule and refusal.message.endswith(f"({rule})"), refusal.message
    if rule == "A14" and rules == "standard":
        assert "T8 would stay hidden" in refusal.message


def test_audit_under_fft_cites_a14_for_the_four_kings_excuse_poignee() -> None:
    from click.testing import CliRunner

    from tarot.ui.cli import main

    replay = str(ROOT / "replays" / "four-kings-excuse-fill.jsonl")
    result = CliRunner().invoke(main, ["audit", replay, "--rules", "fft"])
    assert result.exit_code == 0
    last = result.output.replace("\n    ", " ").splitlines()[-1]  # wrapped within 80
    assert "poignee_excuse_not_allowed" in last and last.endswith("(A14)"), last
