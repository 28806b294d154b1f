"""``tarot validate`` and ``tarot replay`` at three and five players: the call and the
partner's reveal told (in English and in French), and ``replay --as-seat`` at five that
names the partner to no other seat before the called card is played (RULES-3-5 V5-17)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import play_out

from tarot.engine.cards import CARD_BY_CODE, display
from tarot.engine.events import Call, PartnerRevealed, Play
from tarot.engine.game import Game
from tarot.explain.narrate import Narrator
from tarot.i18n import in_language
from tarot.log import write_log
from tarot.ui.cli import main
from tarot.ui.commands.common import seat_names


def run(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    return result.exit_code, result.output


def partner_game() -> Game:
    """A five-player game where a seat other than the taker holds the called card, played
    by its holder before the last trick, with no chelem declared."""
    for seed in range(60):
        game = play_out(Game.new(seed, rules="standard-5"), random.Random(seed))
        reveal = next((e for e in game.events if isinstance(e, PartnerRevealed)), None)
        if (reveal is not None and reveal.seat is not None and 2 < reveal.trick < 14
                and not game.state.chelem_declared):
            return game
    raise AssertionError("no such game")


def numbered(out: str) -> dict[int, str]:
    """The replay's lines by their event number (a line that goes on joins its event's)."""
    lines: dict[int, str] = {}
    number = -1
    for line in out.splitlines():
        found = re.match(r"^ *(\d+)  ", line)
        if found:
            number = int(found[1])
            lines[number] = line
        elif number >= 0:
            lines[number] += "\n" + line
    return lines


@pytest.mark.parametrize("rules", ["standard-3", "standard-5"])
def test_validate_and_replay_a_game_of_three_and_of_five(rules: str, tmp_path: Path) -> None:
    game = play_out(Game.new(4, rules=rules), random.Random(4))
    path = tmp_path / "game.jsonl"
    write_log(path, game)
    code, out = run(["validate", str(path)])
    assert code == 0 and f"ok, {len(game.events)} events, settled" in out
    code, out = run(["validate", "--json", str(path)])
    assert json.loads(out)[0]["valid"] is True
    code, out = run(["replay", str(path)])
    assert code == 0
    told = numbered(out)
    assert sorted(told) == list(range(len(game.events)))
    players = game.rules.players
    names = seat_names(players)  # replay names the seats as the table does
    assert f"Dealt by {names[-1]}." in told[0]
    scores = ", ".join(f"{names[seat]} {score:+d}" for seat, score in
                       enumerate(game.settlement.scores))  # type: ignore[union-attr]
    assert f"Scores: {scores}" in told[len(game.events) - 1]


def test_a_tampered_five_player_log_is_refused_by_validate(tmp_path: Path) -> None:
    game = partner_game()
    path = tmp_path / "game.jsonl"
    write_log(path, game)
    text = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(text) if '"partner_revealed"' in line)
    data = json.loads(text[at])
    data["seat"] = (data["seat"] + 1) % 5
    text[at] = json.dumps(data)
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    code, out = run(["validate", "--json", str(path)])
    report = json.loads(out)[0]
    assert code == 1
    assert (report["line"], report["code"], report["type"]) == (
        at + 1, "derived_mismatch", "partner_revealed")


def test_replay_as_a_seat_names_the_partner_only_once_the_called_card_is_played(
        tmp_path: Path) -> None:
    game = partner_game()
    path = tmp_path / "game.jsonl"
    write_log(path, game)
    events = game.events
    partner = game.partner
    assert partner is not None and game.taker is not None
    called = display(CARD_BY_CODE[game.called])  # type: ignore[index]
    played = next(i for i, e in enumerate(events) if isinstance(e, Play) and e.card == game.called)
    reveal = played + 1
    assert isinstance(events[reveal], PartnerRevealed)
    call = next(i for i, e in enumerate(events) if isinstance(e, Call))
    defender = next(seat for seat in range(5) if seat not in (partner, game.taker))
    names = seat_names(5)
    code, out = run(["replay", str(path), "--as-seat", str(defender)])
    assert code == 0 and f"Seen from {names[defender]}'s seat (P{defender})" in out
    told = numbered(out)
    before = "\n".join(told[seq] for seq in range(reveal))
    # Before the reveal: the call is told, the called card seen only when played, and no
    # line says who the partner is; the partner's hand is never shown.
    assert f"{names[game.taker]} calls {called}." in told[call]
    assert "partner" not in before
    # The deal: the seat's own hand only ("West: " is also the end of "North-West: ").
    assert not re.search(rf"^\s*{names[partner]}: ", told[0], re.MULTILINE)
    assert called not in "\n".join(told[seq] for seq in range(call + 1, played))
    assert told[reveal].strip() == (
        f"{reveal}    The called card reveals the partner: {names[partner]}.")
    # The replay stopped just before the reveal says nothing of it either.
    code, out = run(["replay", str(path), "--as-seat", str(defender), "--to", str(played)])
    assert "partner" not in out and f"{names[partner]} plays {called}" in out
    # The partner's own replay shows its hand, the called card in it, from the deal.
    code, out = run(["replay", str(path), "--as-seat", str(partner), "--to", "0"])
    assert called in out and re.search(rf"^\s*{names[partner]}: ", out, re.MULTILINE)


def test_replay_refuses_a_seat_the_table_has_not(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    write_log(path, play_out(Game.new(1, rules="standard-3"), random.Random(1)))
    code, out = run(["replay", str(path), "--as-seat", "P4"])
    assert code == 2 and "this game's table has 3 seats, P0 to P2" in out
    code, out = run(["replay", str(path), "--as-seat", "P5"])
    assert code == 2 and "0-4, P0-P4" in out


@pytest.mark.parametrize(("rules", "said", "seat"), [
    ("standard-3", "west", "West's seat (P2)"), ("standard-3", "ouest", "West's seat (P2)"),
    ("standard-5", "west", "West's seat (P4)"), ("standard-5", "north-east",
                                                  "North-East's seat (P2)"),
    ("standard-5", "NW", "North-West's seat (P3)"), ("standard-5", "nord-ouest",
                                                     "North-West's seat (P3)"),
    ("standard", "west", "West's seat (P3)"), ("standard", "north", "North's seat (P2)")])
def test_replay_as_a_seat_by_its_name_at_every_table_size(rules: str, said: str, seat: str,
                                                          tmp_path: Path) -> None:
    """--as-seat west is the West of the game's table: seat 2 at three, 4 at five (it was
    read as the four-player seat 3, North-West at five, and north as seat 2 at three, West
    there); north-east and north-west name the seats at five."""
    path = tmp_path / "game.jsonl"
    write_log(path, play_out(Game.new(1, rules=rules), random.Random(1)))
    code, out = run(["--lang", "en", "replay", str(path), "--as-seat", said, "--to", "1"])
    assert code == 0, out
    assert out.startswith(f"Seen from {seat}"), out


@pytest.mark.parametrize(("rules", "said"), [("standard-3", "north"),
                                             ("standard-5", "north"),
                                             ("standard", "north-east")])
def test_replay_refuses_a_seat_name_the_table_has_not(rules: str, said: str,
                                                       tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    write_log(path, play_out(Game.new(1, rules=rules), random.Random(1)))
    code, out = run(["--lang", "en", "replay", str(path), "--as-seat", said])
    assert code == 2, out
    assert f"--as-seat {said}: this game's table of" in out, out


def _teller_game(case: str) -> Game:
    """A five-player game whose call is of ``case`` (partner, self, in_chien: revealed by
    the chien shown in a Prise)."""
    for seed in range(200):
        game = Game.new(seed, rules="standard-5")
        hand = game.hand(0)
        kings = [card for card in ("KS", "KH", "KD", "KC")
                 if (card in game.chien) == (case == "in_chien")
                 and (card in hand) == (case == "self")]
        if not kings:
            continue
        game.play("prise")
        for _ in range(4):
            game.play("pass")
        game.play(f"call {kings[0]}")
        play_out(game, random.Random(seed))
        if any(isinstance(e, PartnerRevealed) for e in game.events):
            return game
    raise AssertionError(case)


@pytest.mark.parametrize(("case", "english", "french"), [
    ("partner", "  The called card reveals the partner: P{partner}.",
     "  La carte appelée révèle le partenaire : P{partner}."),
    ("self", "  The called card was P0's own: P0 plays alone.",
     "  La carte appelée était à P0 : P0 joue seul."),
    ("in_chien", "The called card {card} is in the chien: P0 plays alone.",
     "La carte appelée, {card}, est dans le chien : P0 joue seul."),
])
def test_the_call_and_the_reveal_are_told_in_english_and_in_french(
        case: str, english: str, french: str) -> None:
    game = _teller_game(case)
    call = next(e for e in game.events if isinstance(e, Call))
    reveal = next(e for e in game.events if isinstance(e, PartnerRevealed))
    for language, call_words, reveal_words in (("en", "P0 calls {card}.", english),
                                               ("fr", "P0 appelle {card}.", french)):
        with in_language(language):
            fields = {"partner": reveal.seat, "card": display(CARD_BY_CODE[call.card])}
            narrator = Narrator(game.rules, ("P0", "P1", "P2", "P3", "P4"))
            told = {id(event): narrator.lines(event) for event in game.events}
            assert told[id(call)] == [call_words.format(**fields)]
            assert told[id(reveal)] == [reveal_words.format(**fields)]


def test_the_person_is_told_the_call_and_the_reveal_as_you() -> None:
    game = _teller_game("self")
    narrator = Narrator(game.rules, ("You", "P1", "P2", "P3", "P4"))
    lines = [line for event in game.events for line in narrator.lines(event)]
    assert f"You call {display(CARD_BY_CODE[game.called])}." in lines  # type: ignore[index]
    assert "  The called card was your own: You play alone." in lines


def test_the_settlement_at_five_names_the_partners_share() -> None:
    game = partner_game()
    settlement = game.settlement
    assert settlement is not None
    lines = Narrator(game.rules, ("P0", "P1", "P2", "P3", "P4")).lines(settlement)
    d = settlement.per_defender
    assert (f"  Each defender {-d:+d}; the partner, P{game.partner}, {d:+d}; taker "
            f"{settlement.scores[settlement.taker]:+d}.") in lines
    assert settlement.scores[settlement.taker] == 2 * d
