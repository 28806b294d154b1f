"""The honesty check, ``tarot replay LOG --swap-hidden SEAT`` (tarot.bots.honesty).

- the command, on golden replays at four, three and five players: one line a decision of
  the seat, the summary "N decisions checked, all the same", exit status 0; the same output
  for the same seed;
- ``moved_deal`` directly, on golden replays and on deals played here at three and five:
  the moved deal is a deal, differs from the real one in hidden cards, and keeps every card
  the seat could know where it was dealt (what a seat may know tracked from the events
  alone by ``Knowledge``, from ``tests/test_properties.py``, not by the module under test);
  the kernel replays the moved game to the decision with the seat's view unchanged;
- a dishonest player (this file's, reading a hidden hand from the deal it is asked in) is
  caught: its decisions differ, the command says so and exits with status 1;
- refusals: a seat the table does not have, a log that does not read, options that do not
  go together.
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_properties import Knowledge

from tarot.bots import honesty
from tarot.bots.base import ask
from tarot.bots.honesty import CHIEN, Chooser, check_seat, deal_places, moved_deal
from tarot.bots.rules_player import RulesPlayer
from tarot.engine.cards import CARD_BY_CODE, CODES, display
from tarot.engine.events import Action, Bid, Call, Chelem, Discard, Play, Poignee, Undo
from tarot.engine.game import Game, in_force
from tarot.log import dumps_log, load_log
from tarot.ui.cli import main

ROOT = Path(__file__).resolve().parents[1]
REPLAYS = ROOT / "replays"
DECISIONS = (Bid, Call, Discard, Chelem, Poignee, Play)
# A decision line: its seq, right-aligned after two spaces, then two spaces and its words.
DECISION_LINE = re.compile(r"^  +(\d+)  \S")


def decisions_of(game: Game, seat: int) -> list[int]:
    return [seq for seq, e in enumerate(game.events)
            if isinstance(e, DECISIONS) and e.seat == seat]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["replay", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def played_deal(seed: int, rules: str, players: tuple[str, ...] | None = None) -> Game:
    """A deal played to its end by the rules player at every seat (``players``: who the
    header says sat there)."""
    game = Game.new(seed, rules=rules, players=players)
    players = [RulesPlayer(rules=game.rules) for _ in range(game.rules.players)]
    rng = random.Random(seed)
    while not game.is_over:
        turn = game.turn
        assert turn is not None
        game.play(ask(players[turn], game, rng))
    return game


# ---------------------------------------------------------------------------
# The command


@pytest.mark.parametrize(("name", "seat", "level"), [
    ("garde.jsonl", "west", None),  # the default: strong, as no player is named
    ("prise.jsonl", "south", "rules"),  # the taker, with his chien and discard
    ("three-half-point.jsonl", "east", "rules"),
    ("five-called-queen.jsonl", "north-east", "rules"),
])
def test_the_command_prints_a_line_a_decision_and_all_the_same(name: str, seat: str,
                                                               level: str | None) -> None:
    path = REPLAYS / name
    game = load_log(path).game
    words = {"south": 0, "east": 1, "west": game.rules.players - 1, "north-east": 2}
    expected = decisions_of(game, words[seat])
    code, output = run(str(path), "--swap-hidden", seat,
                       *(["--level", level] if level else []))
    assert code == 0, output
    lines = output.splitlines()
    seqs = [int(m.group(1)) for line in lines if (m := DECISION_LINE.match(line))]
    assert seqs == expected, output
    assert f"each asked of the {level or 'strong'} player (seed 0)" in " ".join(lines)
    assert lines[-1] == f"{len(expected)} decisions checked, all the same."
    assert output.count(": same") == len(expected)
    assert "hidden cards moved between" in output
    assert "DIFFERENT" not in output


def test_the_same_seed_gives_the_same_check_and_another_moves_other_cards() -> None:
    args = (str(REPLAYS / "garde-sans.jsonl"), "--swap-hidden", "north", "--level", "rules")
    first, again = run(*args, "--seed", "5"), run(*args, "--seed", "5")
    assert first == again and first[0] == 0
    other = run(*args, "--seed", "6")
    assert other[0] == 0 and other[1] != first[1]
    assert run(*args)[1] == run(*args, "--seed", "0")[1]  # 0 is the default


# ---------------------------------------------------------------------------
# moved_deal


def check_moved_deals(game: Game, seat: int) -> tuple[int, int]:
    """Every decision of ``seat``: its moved deal checked against what the seat may know;
    (decisions, decisions whose deal moved). Every decision of the first half of the card
    play moves cards (later, what play showed may pin them all)."""
    knowledge = Knowledge(players=game.rules.players)
    decisions = moved = 0
    half = game.rules.deal.hand_size // 2
    for seq, event in enumerate(game.events):
        if isinstance(event, DECISIONS) and event.seat == seat:
            deal = moved_deal(game, seq, seat, random.Random(seq))
            real, other = deal_places(deal.real), deal_places(deal.deal)
            where = f"event {seq}, P{seat}"
            assert sorted(other) == sorted(CODES), where  # each card once
            assert [len(h) for h in deal.deal.hands] == [len(h) for h in deal.real.hands]
            known = knowledge.allowed(seat) | knowledge.dealt[seat]
            kept = {card for card in known if other[card] != real[card]}
            assert not kept, f"{where}: {sorted(kept)} moved, though P{seat} saw them"
            changed = {card for card in CODES if other[card] != real[card]}
            assert changed == {m.card for m in deal.moves}, where
            assert all(seat not in (m.source, m.to) for m in deal.moves), where
            # The kernel replayed every decision before this one on the moved deal.
            assert deal.game.turn == seat and len(deal.game.events) >= seq, where
            assert deal.game.view(seat) == walk_to(game, seq).view(seat), where
            plays = [e for e in deal.game.events if isinstance(e, Play)]
            assert plays == [e for e in game.events[:seq] if isinstance(e, Play)], where
            decisions += 1
            moved += bool(deal.moves)
            assert deal.moves or len(knowledge.tricks) >= half, where
        knowledge.on(event)
    return decisions, moved


def walk_to(game: Game, seq: int) -> Game:
    before = Game(game.header, game.rules)
    for event in game.events[:seq]:
        before.record(event)
    before.apply_pending_derived()
    return before


@pytest.mark.parametrize("name", ["garde.jsonl", "garde-sans.jsonl", "excuse-poignee.jsonl",
                                  "four-passes.jsonl", "three-half-point.jsonl",
                                  "five-called-queen.jsonl", "five-king-chien-prise.jsonl"])
def test_moved_deals_move_hidden_cards_and_keep_every_seen_card(name: str) -> None:
    game = load_log(REPLAYS / name).game
    for seat in range(game.rules.players):
        decisions, moved = check_moved_deals(game, seat)
        assert decisions >= 15
        assert moved >= decisions * 3 // 4, (name, seat, decisions, moved)


@pytest.mark.parametrize(("rules", "seed"), [("standard-3", 11), ("standard-5", 12),
                                             ("standard-5", 13)])
def test_moved_deals_at_three_and_five_players(rules: str, seed: int) -> None:
    game = played_deal(seed, rules)
    for seat in range(game.rules.players):
        decisions, moved = check_moved_deals(game, seat)
        assert moved >= decisions * 3 // 4, (seat, decisions, moved)
        assert check_seat(game, seat, lambda: honesty.player_chooser("rules", game.rules)
                          ).all_same


def test_the_hidden_chien_and_the_hidden_discard_move_too() -> None:
    """Before the auction is won the chien is hidden from all; a defender does not see the
    taker's discard but its trumps: both take part in the moves."""
    game = load_log(REPLAYS / "garde.jsonl").game
    first_bid = decisions_of(game, 1)[0]
    deal = moved_deal(game, first_bid, 1, random.Random(1))
    assert CHIEN in deal.places
    taker = game.taker
    assert taker is not None and taker != 1
    discard = next(e for e in game.events if isinstance(e, Discard))
    changed = 0
    for seq in decisions_of(game, 1)[1:]:
        moved = moved_deal(game, seq, 1, random.Random(seq))
        made = next(e for e in moved.game.events if isinstance(e, Discard))
        trumps = {c for c in discard.cards if CARD_BY_CODE[c] > CARD_BY_CODE["KC"]}
        assert {c for c in made.cards if c in trumps} == trumps
        changed += made.cards != discard.cards
    assert changed >= 5


def test_moved_deal_refuses_an_event_that_is_not_the_seats_decision() -> None:
    game = load_log(REPLAYS / "garde.jsonl").game
    with pytest.raises(ValueError, match="not a decision of P2"):
        moved_deal(game, 0, 2, random.Random(0))  # the deal
    with pytest.raises(ValueError):
        moved_deal(game, decisions_of(game, 1)[0], 2, random.Random(0))


# ---------------------------------------------------------------------------
# A dishonest player is caught


def peeking(game: Game, rng: random.Random) -> Action:
    """A dishonest player: its choice among the legal actions depends on the next seat's
    hand, read from the deal itself (``Game.hand``: the whole truth)."""
    legal = game.legal_actions()
    seat = game.turn
    assert seat is not None
    after = (seat + 1) % game.rules.players
    return legal[sum(CARD_BY_CODE[c] for c in game.hand(after)) % len(legal)]


def test_a_player_that_reads_a_hidden_card_is_caught() -> None:
    game = load_log(REPLAYS / "garde.jsonl").game
    cheat: Chooser = peeking
    report = check_seat(game, 3, lambda: cheat)
    assert not report.all_same and len(report.differing) >= 3
    assert all(c.same_view for c in report.checks)  # the deals were fair: the player was not
    honest = check_seat(game, 3, lambda: honesty.player_chooser("random", game.rules))
    assert honest.all_same


def test_the_command_reports_a_dishonest_player_with_status_1(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(honesty, "player_chooser", lambda name, rules: peeking)
    code, output = run(str(REPLAYS / "garde.jsonl"), "--swap-hidden", "west")
    assert code == 1, output
    assert "DIFFERENT" in output and "That is a bug." in output
    assert re.search(r"\d+ of 19 decisions differed \(events [\d, ]+\)", " ".join(
        output.split())), output
    assert "all the same" not in output


# ---------------------------------------------------------------------------
# Refusals


def test_a_seat_the_table_does_not_have_is_refused() -> None:
    code, output = run(str(REPLAYS / "three-half-point.jsonl"), "--swap-hidden", "north")
    assert code == 2
    assert "--swap-hidden north: this game's table of 3 has no such seat: south, east, west" \
        in " ".join(output.split())
    code, output = run(str(REPLAYS / "garde.jsonl"), "--swap-hidden", "P4")
    assert code == 2 and "--swap-hidden 4: this game's table has 4 seats, P0 to P3" in output
    code, output = run(str(REPLAYS / "garde.jsonl"), "--swap-hidden", "nobody")
    assert code == 2 and "'nobody' is not a seat" in output


def test_a_log_that_does_not_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    text = (REPLAYS / "garde.jsonl").read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([*text[:5], '{"seq": 5, "type": "bid"}', *text[6:]]) + "\n",
                    encoding="utf-8")
    code, output = run(str(path), "--swap-hidden", "west")
    assert code == 1 and output.startswith("Error: ") and "bad.jsonl:6: event #5" in output, output
    assert "decisions checked" not in output
    code, output = run(str(tmp_path / "missing.jsonl"), "--swap-hidden", "west")
    assert code == 1 and output.startswith("Error: ")


def test_options_that_do_not_go_together_are_refused(tmp_path: Path) -> None:
    log = str(REPLAYS / "garde.jsonl")
    code, output = run(log, "--level", "rules")
    assert code == 2 and "--level and --seed go with --swap-hidden SEAT" in output
    code, output = run(log, "--seed", "3")
    assert code == 2 and "--swap-hidden" in output
    code, output = run(log, "--swap-hidden", "west", "--html", str(tmp_path / "p.html"))
    assert code == 2 and "leave out --html" in output
    assert not (tmp_path / "p.html").exists()
    code, output = run(log, "--swap-hidden", "west", "--as-seat", "west", "--step")
    assert code == 2 and "leave out --as-seat, --step" in output


def test_a_deal_played_here_is_checked_from_its_file(tmp_path: Path) -> None:
    game = played_deal(21, "standard")
    path = tmp_path / "deal.jsonl"
    path.write_text(dumps_log(game.header, game.events), encoding="utf-8")
    code, output = run(str(path), "--swap-hidden", "P1", "--level", "normal")
    assert code == 0, output
    assert output.splitlines()[-1] == f"{len(decisions_of(game, 1))} decisions checked, all " \
                                      "the same."


def test_the_player_asked_is_the_one_that_sat_there_else_strong(tmp_path: Path) -> None:
    game = played_deal(22, "standard", ("person", "rules", "easy", "rules"))
    path = tmp_path / "deal.jsonl"
    path.write_text(dumps_log(game.header, game.events), encoding="utf-8")
    for seat, level in (("east", "rules"), ("north", "easy"), ("south", "strong")):
        code, output = run(str(path), "--swap-hidden", seat)
        assert code == 0, output
        assert f"each asked of the {level} player" in " ".join(output.split())
    code, output = run(str(path), "--swap-hidden", "east", "--level", "random")
    assert code == 0 and "each asked of the random player" in " ".join(output.split())


def test_a_line_names_the_log_s_decision_where_the_player_asked_afresh_chose_another() -> None:
    # garde.jsonl was not played by strong: asked afresh, strong leads otherwise at times.
    code, output = run(str(REPLAYS / "garde.jsonl"), "--swap-hidden", "west")
    game = load_log(REPLAYS / "garde.jsonl").game
    lines: dict[int, str] = {}  # each decision's line, its wrapped lines joined
    seq = -1
    for line in output.splitlines()[:-1]:
        if (m := DECISION_LINE.match(line)):
            seq = int(m.group(1))
        if seq >= 0:
            lines[seq] = " ".join((lines.get(seq, "") + " " + line).split())
    noted = {seq for seq, line in lines.items() if "(the log: " in line}
    assert code == 0 and noted, output
    assert "Asked afresh, the player may choose otherwise than the log shows" in " ".join(
        output.split())
    for seq in noted:
        made = game.events[seq]
        assert isinstance(made, Play)
        shown = display(CARD_BY_CODE[made.card])
        assert lines[seq].endswith(f"same (the log: {shown})"), lines[seq]
        assert f"the player: {shown} in the real deal" not in lines[seq]


def practice_deal(seed: int) -> Game:
    """A practice deal of random players where the person (South) takes back a card now and
    then (after each of its 3rd, 7th and 11th cards, once the next seat has answered)."""
    rng = random.Random(seed)
    game = Game.new(seed=seed, players=("person", "random", "random", "random"))
    game.header = dataclasses.replace(game.header, practice=True)
    undone: set[int] = set()
    while not game.is_over:
        played = sum(isinstance(e, Play) and e.seat == 0 for e in game.standing_events())
        if played in (3, 7, 11) and played not in undone and game.turn == 0:
            undone.add(played)
            game.undo()
            continue
        game.play(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_practice_deal_is_checked_as_it_stands(seed: int) -> None:
    game = practice_deal(seed)
    assert any(isinstance(e, Undo) for e in game.events)
    standing = set(in_force(game.events))
    report = check_seat(game, 0, lambda: honesty.player_chooser("random", game.rules))
    # Only the decisions that stood are checked, each with its hidden cards moved as in a
    # deal without take-backs: the voided cards are no constraint on the moves.
    assert [c.seq for c in report.checks] == [
        seq for seq in decisions_of(game, 0) if seq in standing]
    assert report.all_same
    card_checks = [c for c in report.checks if c.kind == "card"][:12]
    assert all(c.moved.moves for c in card_checks), [c.seq for c in card_checks]
    assert sum(c.moved.redrawn for c in report.checks) <= len(report.checks)
    cheat: Chooser = peeking
    assert not check_seat(game, 0, lambda: cheat).all_same
