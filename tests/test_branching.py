"""``tarot play --from LOG --at SEQ``: a saved deal played on from one of its moments, in a
new save that is an ordinary deal (it validates, resumes and replays) and says where it
branched from; and every way of asking for it wrongly refused in one line."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_cli import ANY_CARD
from textual.pilot import Pilot

from tarot.engine.events import BranchRecord, Play, Poignee, TrickTaken, Undo
from tarot.engine.game import Game, in_force
from tarot.log import dumps_log, read_log
from tarot.log.codec import HEADER_ADAPTER, header_line
from tarot.ui.branching import BranchError, TrickStart, branch_point, parse_at
from tarot.ui.cli import main
from tarot.ui.shown_paths import shown_path

ROOT = Path(__file__).resolve().parents[1]
REPLAYS = ROOT / "replays"
GARDE = REPLAYS / "garde.jsonl"
# In garde.jsonl South leads trick 4 at event 23 with 2♥ (events 0-22: the deal, the
# auction, the chien, the discard, no chelem, three tricks).
TRICK_4 = 23


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    return result.exit_code, result.output


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def branch(tmp_path: Path, *args: str, stdin: str = "", name: str = "branch.jsonl"
           ) -> tuple[Path, str]:
    save = tmp_path / name
    code, out = run(["play", "--plain", "--level", "rules", "--save", str(save), *args],
                    stdin)
    assert code == 0, out
    return save, out


# -- a branch is the log's deal up to the moment, then a game of its own -----------------


def test_an_auto_branch_copies_the_log_up_to_the_moment_and_validates(tmp_path: Path) -> None:
    save, out = branch(tmp_path, "--from", str(GARDE), "--at", str(TRICK_4), "--auto")
    source, branched = read_log(GARDE), read_log(save)
    assert branched.is_over
    header = branched.header
    assert header.branched_from == BranchRecord(log=str(GARDE.resolve()), seq=TRICK_4)
    # The same deal: rules, seed, shuffle, first deal and dealer are the log's.
    for name in ("rules_id", "rules_hash", "seed", "shuffle", "first_deal", "first_dealer",
                 "table_size", "named_deal"):
        assert getattr(header, name) == getattr(source.header, name), name
    assert header.players == ("rules",) * 4
    # The lines before the moment are the log's, byte for byte.
    assert lines_of(save)[1:TRICK_4 + 1] == lines_of(GARDE)[1:TRICK_4 + 1]
    assert branched.events[:TRICK_4] == source.events[:TRICK_4]
    assert "Played on from event 23 of:" in out
    # The log's path as every path is shown (relative here, under the current folder).
    assert f"tarot play --from {shown_path(GARDE, in_command=True)} --at 23 --level rules" in out
    for command in (["validate", str(save)], ["replay", str(save)], ["audit", str(save)]):
        code, said = run(command)
        assert code == 0, said
    assert "ok, 99 events, settled" in run(["validate", str(save)])[1]


@pytest.mark.parametrize("at", ["trick 4", "pli 4", "Trick4", " PLI 4 "])
def test_trick_n_is_the_moment_its_first_card_is_due(tmp_path: Path, at: str) -> None:
    save, _ = branch(tmp_path, "--from", str(GARDE), "--at", at, "--auto")
    assert read_log(save).header.branched_from == BranchRecord(log=str(GARDE.resolve()),
                                                                seq=TRICK_4)


def test_the_first_trick_begins_before_its_leaders_poignee() -> None:
    # five-two-poignees: South, the leader, shows a poignée (event 10) before the first
    # card (11): trick 1 begins with the poignée, which the new seat may choose otherwise.
    point = branch_point(REPLAYS / "five-two-poignees.jsonl", "trick 1")
    assert point.seq == 10 and isinstance(point.game.events[10], Poignee)
    # Later tricks begin right after the trick before them is taken.
    second = branch_point(REPLAYS / "five-two-poignees.jsonl", "trick 2").seq
    assert point.game.events[second - 1] == next(
        event for event in point.game.events if isinstance(event, TrickTaken))


def test_at_reads_a_number_or_a_trick() -> None:
    assert parse_at("23") == 23 and parse_at(" 0 ") == 0
    assert parse_at("trick 18") == TrickStart(18)
    assert parse_at("pli 1") == TrickStart(1)
    for wrong in ("", "-3", "²", "trick", "trick 0", "pli -1", "23.5", "card 4"):
        with pytest.raises(BranchError) as refused:
            parse_at(wrong)
        assert refused.value.code == "at_not_a_moment"


def test_another_card_at_the_moment_goes_on_otherwise(tmp_path: Path) -> None:
    # What if South had led the 20 of trumps instead of 2♥? The person plays it, then
    # any legal card (ANY_CARD); the computer players do the rest.
    save, _ = branch(tmp_path, "--from", str(GARDE), "--at", "trick 4",
                       stdin="T20\n" + ANY_CARD)
    source, branched = read_log(GARDE), read_log(save)
    assert branched.is_over
    assert branched.header.players == ("person", "rules", "rules", "rules")
    assert branched.events[:TRICK_4] == source.events[:TRICK_4]
    assert source.events[TRICK_4] == Play(seat=0, card="2H")
    assert branched.events[TRICK_4] == Play(seat=0, card="T20")
    # The others answer the trump, not the heart: the deal goes on otherwise.
    assert branched.events[TRICK_4 + 1:TRICK_4 + 4] != source.events[TRICK_4 + 1:TRICK_4 + 4]
    assert run(["validate", str(save)])[0] == 0


def test_the_same_moment_with_the_same_players_plays_the_same(tmp_path: Path) -> None:
    # The computer players' draws depend on the deal and the moment only: two branches of
    # one moment with the same players are the same game (a branch is reproducible).
    first, _ = branch(tmp_path, "--from", str(GARDE), "--at", "30", "--auto", name="a.jsonl")
    second, _ = branch(tmp_path, "--from", str(GARDE), "--at", "30", "--auto",
                       name="b.jsonl")
    assert lines_of(first) == lines_of(second)


def test_as_seat_takes_another_seat_and_a_branch_of_it_keeps_that_seat(tmp_path: Path
                                                                       ) -> None:
    save, out = branch(tmp_path, "--from", str(GARDE), "--at", str(TRICK_4),
                       "--as-seat", "est")
    stopped = read_log(save, allow_incomplete=True)
    assert stopped.header.players == ("rules", "person", "rules", "rules")
    assert stopped.header.seats == ("South (rules)", "East (person)", "North (rules)",
                                    "West (rules)")
    # The input ended at East's first card: saved, and resumed to the end.
    assert "Game saved; continue it with:" in out
    code, said = run(["play", "--resume", str(save)], ANY_CARD)
    assert code == 0, said
    assert "Played on from event 23 of:" in said
    finished = read_log(save)
    assert finished.is_over and finished.header == stopped.header
    # A branch of the branch: its person (East) keeps the seat unless told otherwise.
    again, _ = branch(tmp_path, "--from", str(save), "--at", "trick 10", name="again.jsonl")
    assert read_log(again, allow_incomplete=True).header.players == (
        "rules", "person", "rules", "rules")


def test_a_game_in_progress_is_played_on_from_where_it_stops(tmp_path: Path) -> None:
    stopped, _ = branch(tmp_path, "--from", str(GARDE), "--at", str(TRICK_4),
                        name="stopped.jsonl")
    events = len(read_log(stopped, allow_incomplete=True).events)
    save, _ = branch(tmp_path, "--from", str(stopped), "--at", str(events), "--auto")
    assert read_log(save).is_over
    code, out = run(["play", "--plain", "--from", str(stopped), "--at", "trick 9", "--auto",
                     "--save", str(tmp_path / "no.jsonl")])
    assert code == 1
    assert "--at trick 9: the log stops before that trick (it has 3 tricks taken)" in out


def test_a_named_deal_keeps_its_record_and_its_script(tmp_path: Path) -> None:
    played, _ = branch(tmp_path, "--deal", "five-called-queen", "--auto", name="named.jsonl")
    source = read_log(played)
    # South's call (event 6), taken by the person: the script no longer decides it.
    save, _ = branch(tmp_path, "--from", str(played), "--at", "6", stdin="KH\nauto\nn\n" + ANY_CARD)
    branched = read_log(save)
    assert branched.header.named_deal == source.header.named_deal
    assert branched.events[6] != source.events[6]
    assert branched.called == "KH" and source.called == "QH"


@pytest.mark.parametrize("log", ["three-half-point.jsonl", "five-called-queen.jsonl",
                                 "four-passes.jsonl", "excuse-poignee.jsonl"])
def test_every_table_size_and_a_redealt_deal_branch(tmp_path: Path, log: str) -> None:
    source = read_log(REPLAYS / log)
    save, _ = branch(tmp_path, "--from", str(REPLAYS / log), "--at", "trick 2", "--auto")
    branched = read_log(save)
    seq = branched.header.branched_from.seq  # type: ignore[union-attr]
    assert branched.is_over and branched.events[:seq] == source.events[:seq]
    assert branched.header.table_size == source.header.table_size


# -- refusals: one line naming the option and what is wrong, and nothing written -----------


def refused(tmp_path: Path, *args: str) -> str:
    save = tmp_path / "refused.jsonl"
    code, out = run(["play", "--plain", "--level", "rules", "--save", str(save), *args])
    assert code != 0, out
    assert not save.exists()
    return " ".join(out.split())


@pytest.mark.parametrize(("args", "said"), [
    (["--at", "5"], "--at goes with --from"),
    (["--as-seat", "east"], "--as-seat goes with --from"),
    (["--from", str(GARDE)], "--from needs --at"),
    (["--from", str(GARDE), "--at", "23", "--seed", "4"], "leave out --seed"),
    (["--from", str(GARDE), "--at", "23", "--deal", "garde"], "leave out --deal"),
    (["--from", str(GARDE), "--at", "23", "--resume", str(GARDE)], "leave out --resume"),
    (["--from", str(GARDE), "--at", "23", "--rules", "fft", "--players", "4"],
     "leave out --rules, --players"),
    (["--from", str(GARDE), "--at", "23", "--auto", "--as-seat", "east"],
     "--as-seat gives you a seat; --auto gives every seat"),
    (["--from", str(GARDE), "--at", "23", "--as-seat", "north-east"],
     "--as-seat north-east: this game's table of 4 has no such seat"),
    (["--from", str(GARDE), "--at", "23", "--as-seat", "9"], "'9' is not a seat"),
    (["--from", str(GARDE), "--at", "400"],
     "--at 400: the deal is over at event 98 (its settlement)"),
    (["--from", str(GARDE), "--at", "99"], "--at 99: the deal is over at event 98"),
    (["--from", str(GARDE), "--at", "98"],
     "--at 98: event 98 is the settlement, not a seat's decision, and no decision follows it"),
    (["--from", str(GARDE), "--at", "12"],
     "--at 12: event 12 is a trick taken, not a seat's decision; the next decision is event 13"),
    (["--from", str(GARDE), "--at", "0"],
     "--at 0: event 0 is the deal (the cards dealt), not a seat's decision"),
    (["--from", str(GARDE), "--at", "5"], "event 5 is the chien shown"),
    (["--from", str(GARDE), "--at", "trick 19"], "--at trick 19: a deal of this table has "
                                                 "18 tricks"),
    (["--from", str(GARDE), "--at", "trick 0"], "--at trick 0: not a moment of the deal"),
    (["--from", str(GARDE), "--at", "soon"], "--at soon: not a moment of the deal"),
    (["--from", str(REPLAYS / "four-passes.jsonl"), "--at", "trick 1", "--save",
      str(REPLAYS / "four-passes.jsonl"), "--force"], "is the saved deal played on from"),
    (["--from", str(ROOT / "README.md"), "--at", "3"], "README.md:1: header: not_json"),
    (["--from", "no-such-log.jsonl", "--at", "3"], "no-such-log.jsonl: unreadable"),
])
def test_refusals(tmp_path: Path, args: list[str], said: str) -> None:
    assert said in refused(tmp_path, *args)


def test_a_match_index_is_refused_with_its_deals_logs(tmp_path: Path) -> None:
    first = tmp_path / "m.jsonl"
    code, out = run(["play", "--auto", "--level", "random", "--seed", "3", "--deals", "2",
                     "--save", str(first)])
    assert code == 0, out
    said = refused(tmp_path, "--from", str(tmp_path / "m.match.jsonl"), "--at", "trick 1")
    assert "a match's index, not a deal; play on from one of its deals' logs: m.jsonl, " \
           "m.deal-2.jsonl" in said
    # Each deal's log is a deal like any other (deal 1's header says "match": not the
    # branch's, which is one deal).
    save, _ = branch(tmp_path, "--from", str(first), "--at", "trick 1", "--auto")
    assert read_log(first).header.match_deals == 2
    assert read_log(save).header.match_deals is None


def test_an_existing_save_is_kept_unless_forced(tmp_path: Path) -> None:
    save = tmp_path / "kept.jsonl"
    save.write_text("mine\n", encoding="utf-8")
    said = refused_at(save, "--from", str(GARDE), "--at", "23", "--auto")
    assert "exists already" in said and save.read_text(encoding="utf-8") == "mine\n"
    code, out = run(["play", "--plain", "--level", "rules", "--save", str(save), "--force",
                     "--from", str(GARDE), "--at", "23", "--auto"])
    assert code == 0, out
    assert read_log(save).header.branched_from is not None


def refused_at(save: Path, *args: str) -> str:
    code, out = run(["play", "--plain", "--level", "rules", "--save", str(save), *args])
    assert code != 0, out
    return " ".join(out.split())


def test_refusals_in_french(tmp_path: Path) -> None:
    code, out = run(["--lang", "fr", "play", "--from", str(GARDE), "--at", "12"])
    assert code == 1
    assert "--at 12 : l'événement 12" in " ".join(out.split()), out


# -- the header: old logs unchanged, the new field read back -------------------------------


@pytest.mark.parametrize("log", sorted(path.name for path in REPLAYS.glob("*.jsonl")))
def test_old_logs_read_and_write_back_byte_for_byte(log: str) -> None:
    text = (REPLAYS / log).read_text(encoding="utf-8")
    game = read_log(REPLAYS / log)
    assert game.header.branched_from is None
    assert "branched_from" not in text.splitlines()[0]
    assert dumps_log(game.header, game.events) == text


def test_a_branched_header_reads_back(tmp_path: Path) -> None:
    save, _ = branch(tmp_path, "--from", str(GARDE), "--at", "trick 2", "--auto")
    first = lines_of(save)[0]
    assert json.loads(first)["branched_from"] == {"log": str(GARDE.resolve()), "seq": 13}
    header = HEADER_ADAPTER.validate_json(first)
    assert header_line(header) == first
    assert Game(header, read_log(save).rules).header.branched_from == BranchRecord(
        log=str(GARDE.resolve()), seq=13)


def test_a_branch_is_played_on_the_full_screen(tmp_path: Path) -> None:
    # The screen plays the session it is given: a branch like any new game (here East's
    # seat, whose first card is asked once South has led trick 4).
    from screen_driver import play_to_the_end
    from test_screen import run_app

    from tarot.ui.screen.app import TableApp
    from tarot.ui.session import PlayOptions

    save = tmp_path / "screen.jsonl"
    point = dataclasses.replace(branch_point(GARDE, "trick 4"), person=1)
    app = TableApp(PlayOptions(save_path=save, level="rules", branch=point))

    async def finish(pilot: Pilot[None]) -> None:
        await play_to_the_end(pilot)
        await pilot.press("enter")

    run_app(app, finish)
    game = read_log(save)
    assert game.is_over and game.header.players == ("rules", "person", "rules", "rules")
    assert game.events[:TRICK_4] == read_log(GARDE).events[:TRICK_4]


def test_a_log_of_decisions_alone_is_cut_at_the_same_numbers(tmp_path: Path) -> None:
    # A log may leave its derived lines out (its seq then counts its own lines); --at
    # numbers the events as tarot replay does, as if those lines were there, and the
    # branch holds them all.
    derived = {"chien_shown", "partner_revealed", "trick", "redeal", "settlement"}
    header, *events = (json.loads(line) for line in lines_of(GARDE))
    kept = [event for event in events if event["type"] not in derived]
    decisions = tmp_path / "decisions.jsonl"
    decisions.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in
                                 [header, *({**event, "seq": seq}
                                            for seq, event in enumerate(kept))]),
                         encoding="utf-8")
    assert run(["validate", str(decisions)])[0] == 0
    save, _ = branch(tmp_path, "--from", str(decisions), "--at", "trick 4", "--auto")
    branched = read_log(save)
    assert branched.header.branched_from == BranchRecord(log=str(decisions.resolve()),
                                                         seq=TRICK_4)
    assert lines_of(save)[1:TRICK_4 + 1] == lines_of(GARDE)[1:TRICK_4 + 1]


# -- practice: a branch of a practice log, and a branch played in practice ---------------


def practice_log(tmp_path: Path) -> tuple[Path, int]:
    """A practice log whose person took back the lead of a trick, cut there: its path and
    the seq after the take-back, a moment to branch at that follows an undo event."""
    rng = random.Random(3)
    game = Game.new(seed=11, players=("person", "rules", "rules", "rules"))
    game.header = dataclasses.replace(game.header, practice=True)
    while sum(isinstance(e, Play) and e.seat == 0 for e in game.events) < 2 \
            or game.turn != 0 or game.view(0).trick:
        game.play(rng.choice(game.legal_actions()))
    game.play(rng.choice(game.legal_actions()))
    game.undo()
    path = tmp_path / "practice.jsonl"
    path.write_text(dumps_log(game.header, game.events), encoding="utf-8")
    return path, len(game.events)


def test_a_branch_of_a_practice_log_copies_the_history_as_it_stood(tmp_path: Path) -> None:
    source, at = practice_log(tmp_path)
    events = branch_point(source, str(at)).game.events  # a game in progress
    assert any(isinstance(event, Undo) for event in events)
    save, _ = branch(tmp_path, "--from", str(source), "--at", str(at), "--auto")
    branched = read_log(save)
    # The events in force at that moment, without the take-back or what it voided: an
    # ordinary deal, not a practice one (the undo named a seat a computer plays here).
    kept = [events[seq] for seq in in_force(events[:at])]
    assert branched.events[:len(kept)] == kept
    assert not any(isinstance(event, Undo) for event in branched.events)
    assert branched.header.practice is None
    assert branched.header.branched_from == BranchRecord(log=str(source.resolve()), seq=at)
    code, said = run(["validate", str(save)])
    assert code == 0 and "settled" in said, said
    # "trick N" in a practice log is the moment in the history as it stands: the trick
    # whose lead was taken back begins at the log's end, not at the card taken back.
    taken = sum(isinstance(events[seq], TrickTaken) for seq in in_force(events))
    assert branch_point(source, f"trick {taken + 1}").seq == len(events) == at


def test_a_branch_played_in_practice_says_so_and_practice_needs_a_person(
        tmp_path: Path) -> None:
    save, _ = branch(tmp_path, "--from", str(GARDE), "--at", str(TRICK_4), "--practice",
                     stdin=ANY_CARD)
    header = read_log(save).header
    assert header.practice is True and header.branched_from is not None
    assert read_log(GARDE).header.practice is None
    code, out = run(["play", "--plain", "--save", str(tmp_path / "no.jsonl"), "--from",
                     str(GARDE), "--at", str(TRICK_4), "--auto", "--practice"])
    assert code != 0 and "--practice and --auto do not go together" in out
    assert not (tmp_path / "no.jsonl").exists()


def test_this_deal_again_quotes_a_path_with_a_space(tmp_path: Path) -> None:
    spaced = tmp_path / "my game.jsonl"
    spaced.write_bytes(GARDE.read_bytes())
    _, out = branch(tmp_path, "--from", str(spaced), "--at", str(TRICK_4), "--auto")
    assert f"tarot play --from '{spaced.resolve()}' --at {TRICK_4} --level rules" in out


def test_from_takes_a_name_that_tarot_saves_lists(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from tarot.storage.save_folder import games_folder

    folder = games_folder()
    folder.mkdir(parents=True)
    (folder / "my-deal.jsonl").write_bytes(GARDE.read_bytes())
    save, _ = branch(tmp_path, "--from", "my-deal", "--at", str(TRICK_4), "--auto")
    assert read_log(save).header.branched_from == BranchRecord(
        log=str((folder / "my-deal.jsonl").resolve()), seq=TRICK_4)
    code, out = run(["play", "--plain", "--from", "no-such-deal", "--at", "3"])
    assert code != 0 and "no-such-deal" in out
