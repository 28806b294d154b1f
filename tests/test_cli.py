"""The ``tarot`` command: a whole deal played through piped input, bad input at every
prompt, resuming, and the replay / validate / audit / schema / rules commands."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tarot.engine.cards import CARD_BY_CODE, display
from tarot.engine.events import Bid, Play
from tarot.log import read_log
from tarot.ui.cli import main

ROOT = Path(__file__).resolve().parents[1]
# Every number from 1 to 24, over and over: each card prompt takes the first that
# names a legal card in the hand, refusing the others, so any deal can be finished.
ANY_CARD = "".join(f"{n}\n" for n in range(1, 25)) * 40


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin, catch_exceptions=False)
    return result.exit_code, result.output


def events_of(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def test_a_whole_deal_through_piped_input(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    code, out = run(["play", "--seed", "5", "--save", str(save)],
                    "garde\nauto\nn\n" + ANY_CARD)
    assert code == 0, out
    assert f"Saving this game:\n  {save}" in out and f"Game saved:\n  {save}" in out
    assert "The deal is over." in out and "Scores:" in out
    game = read_log(save)
    assert game.is_over
    assert game.state.taker == 0 and game.state.contract_id == "garde"
    assert game.header.seats[0] == "South (person)"


def test_the_rules_players_and_save_are_shown_at_the_start(tmp_path: Path) -> None:
    """The rule set, the computer players' levels and the save path at the start; the
    seed only once the deal is over (it deals every hand: tests/test_no_leaks.py), with
    the commands that deal it again and replay it."""
    save = tmp_path / "game.jsonl"
    _, out = run(["play", "--seed", "918273", "--level", "easy", "--rules", "fft",
                  "--save", str(save)], "quit\n")
    start = out[:out.index("Dealt by")]
    assert "Deal 1 · rules fft · computer players: East easy, North easy, West easy" in start
    assert f"Saving this game:\n  {save.resolve()}" in start and "918273" not in out
    auto = tmp_path / "auto.jsonl"
    _, out = run(["play", "--seed", "918273", "--auto", "--save", str(auto)])
    assert "Deal 1 · seed 918273 · rules standard" in out  # nobody at the table to tell
    assert (f"Game saved:\n  {auto.resolve()}\nReplay it with:\n  tarot replay {auto.resolve()}"
            in out)
    # The test session's players are `rules` (conftest), not the default: said, so that
    # the command deals the same game with the same players.
    assert out.rstrip().endswith("This deal again:\n  tarot play --seed 918273 --level rules")


@pytest.mark.parametrize(
    ("answers", "message"),
    [
        ("prise\n", None),  # a legal bid for contrast: accepted
        ("bogus\n", "Type one of: pass, prise"),
        ("\n", "Type one of"),
    ],
)
def test_bid_prompt(tmp_path: Path, answers: str, message: str | None) -> None:
    save = tmp_path / "g.jsonl"
    code, out = run(["play", "--seed", "5", "--save", str(save)], answers)
    assert code == 0
    bids = [e for e in events_of(save) if e["type"] == "bid"]
    if message is None:
        assert bids[0] == {"seq": 1, "type": "bid", "seat": 0, "contract": "prise"}
    else:
        assert message in out
        assert bids == [], "a refused answer changes nothing in the save file"
    assert "continue it with:\n  tarot play --resume" in out  # end of input saves and leaves


def test_bid_too_low_is_refused_and_asked_again(tmp_path: Path) -> None:
    # A named deal dealt by North: West speaks first and (scripted) bids Garde.
    deal = tmp_path / "west-gardes.toml"
    deal.write_text('name = "west-gardes"\nreason = "test"\nseed = 4\ndealer = 2\n'
                    'script = ["P3 bid garde"]\n', encoding="utf-8")
    save = tmp_path / "g.jsonl"
    code, out = run(["play", "--deal", str(deal), "--save", str(save)], "prise\ngarde_sans\n")
    assert code == 0
    assert "You cannot bid Prise: the bid is already Garde" in out
    bids = [(e["seat"], e["contract"]) for e in events_of(save) if e["type"] == "bid"]
    assert bids[:2] == [(3, "garde"), (0, "garde_sans")]


def test_discard_prompt_refusals(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    # seed 5: South's first five cards (by number) are ordinary, and T2 comes with the chien.
    code, out = run(["play", "--seed", "5", "--save", str(save)],
                    "garde\n1 2 3 4 5\nT2 1 2 3 4 5\n1 1 2 3 4 5\nzz\n")
    assert code == 0
    assert "exactly 6 cards, not 5" in out
    assert "trumps may be discarded only when fewer than 6 ordinary cards" in out
    assert "give 4♠ twice" in out
    assert "'zz' is not a card" in out
    assert not [e for e in events_of(save) if e["type"] == "discard"]


def test_discard_of_a_king_or_a_bout_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    code, out = run(["play", "--deal", "four-kings-triple", "--save", str(save)],
                    "garde\nKS 2S 3H 4D 5C T6\nT21 2S 3H 4D 5C T6\n")
    assert code == 0
    assert "a king may never be discarded" in out
    assert "a bout may never be discarded" in out
    assert not [e for e in events_of(save) if e["type"] == "discard"]


def test_card_prompt_refusals(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    code, out = run(["play", "--seed", "5", "--save", str(save)],
                    "garde\nauto\nn\nXX\n99\n\n?\nlast\np\n")
    assert code == 0
    assert "'XX' is not a card" in out
    assert "99 is not a card number" in out
    assert "At the card prompt" in out
    assert "No trick has been played yet" in out
    # Seed 5: too few trumps.
    assert "No poignée with this hand: it takes 10 trumps (or 9 and the Excuse) (R8)." in out
    assert not [e for e in events_of(save) if e["type"] == "play" and e["seat"] == 0]


def test_an_illegal_card_is_refused_with_the_rule(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    _, out = run(["play", "--seed", "5", "--save", str(save)], "garde\nauto\nn\n" + ANY_CARD)
    assert "must follow suit" in out or "must play one" in out or "must (R12)" in out
    assert read_log(save).is_over


def test_quit_saves_and_resume_finishes_the_same_game(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    run(["play", "--seed", "11", "--save", str(whole)], "garde\nauto\nn\n" + ANY_CARD)
    part = tmp_path / "part.jsonl"
    code, out = run(["play", "--seed", "11", "--save", str(part)], "garde\nauto\nn\n1\n2\nquit\n")
    assert code == 0 and "--resume" in out
    assert not read_log(part, allow_incomplete=True).is_over
    code, out = run(["play", "--resume", str(part)], ANY_CARD)
    assert code == 0, out
    # The person answered the same way; the computer players decide from the deal and
    # the moment only, so the resumed game ends exactly as the uninterrupted one.
    assert read_log(part).events == read_log(whole).events


def test_resume_refuses_a_finished_game(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    run(["play", "--seed", "5", "--save", str(save), "--auto"])
    code, out = run(["play", "--resume", str(save)])
    assert code == 1 and "this game is over" in out


def test_auto_plays_all_four_seats(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    code, out = run(["play", "--auto", "--seed", "3", "--save", str(save)])
    assert code == 0 and "The deal is over." in out
    assert read_log(save).is_over


def test_named_deal(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    code, _ = run(["play", "--auto", "--deal", "slam-made", "--save", str(save)])
    assert code == 0
    assert read_log(save).header.first_deal == "explicit"


def test_existing_save_file_is_not_overwritten(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    save.write_text("precious", encoding="utf-8")
    code, out = run(["play", "--seed", "1", "--save", str(save)])
    assert code == 1 and "exists already" in out
    assert save.read_text(encoding="utf-8") == "precious"


def test_default_save_goes_to_the_data_directory(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out = run(["play", "--auto", "--seed", "2"])
    assert code == 0
    saved = list((tmp_path / "tarot" / "games").glob("*.jsonl"))
    assert len(saved) == 1 and str(saved[0]) in out


def test_validate_replay_audit_on_golden_replays() -> None:
    files = sorted(str(p) for p in (ROOT / "replays").glob("*.jsonl"))
    code, out = run(["validate", *files])
    assert code == 0 and out.count(": ok,") == len(files)
    code, out = run(["replay", str(ROOT / "replays" / "garde.jsonl"), "--as-seat", "1"])
    assert code == 0 and "Trick 18" in out
    code, out = run(["audit", str(ROOT / "replays" / "garde.jsonl"), "--json"])
    assert code == 0 and json.loads(out)["contract"] == "garde"
    # The audit names the seats as the replay does (South is seat 0, the taker here).
    code, out = run(["audit", str(ROOT / "replays" / "garde.jsonl")])
    assert code == 0 and out.startswith("Garde by South") and "P0" not in out
    assert "Scores: South " in out and ", West " in out


def test_validate_names_the_bad_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    lines = (ROOT / "replays" / "garde.jsonl").read_text(encoding="utf-8").splitlines()
    assert '"seat": 1' in lines[3]
    lines[3] = lines[3].replace('"seat": 1', '"seat": 3')
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out = run(["validate", str(bad), str(ROOT / "replays" / "prise.jsonl")])
    assert code == 1
    assert out.splitlines()[0].startswith(f"{bad}:4: event #2 (bid): not_your_turn: ")


@pytest.mark.parametrize("content", [b"", b"\x00\xff\xfe binary", b'{"format": "tarot-log"',
                                     b"[]\n", b'{"format": "tarot-log", "version": 1e999}\n'])
def test_validate_never_shows_a_traceback(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.jsonl"
    path.write_bytes(content)
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.startswith(f"{path}:")


def test_schema_and_rules_commands() -> None:
    code, out = run(["schema"])
    assert code == 0 and {"header", "event"} <= set(json.loads(out)["$defs"])
    code, out = run(["rules", "--diagram"])
    assert code == 0 and "stateDiagram-v2" in out
    code, out = run(["rules", "--json", "--rules", "fft"])
    assert code == 0 and json.loads(out)["flags"]["excuse_kept_in_any_slam"] is True
    code, out = run(["rules", "--rules", "nope"])
    assert code == 1 and "no such rule set" in out


def test_installed_command_plays_a_deal(tmp_path: Path) -> None:
    """The real ``tarot`` executable, in a subprocess, with piped input."""
    exe = shutil.which("tarot", path=str(Path(sys.executable).parent)) or shutil.which("tarot")
    assert exe is not None, "the tarot command is installed with the package"
    save = tmp_path / "g.jsonl"
    env = {**os.environ, "NO_COLOR": "1"}
    result = subprocess.run([exe, "play", "--seed", "8", "--save", str(save)],
                            input="pass\n" * 4 + "n\n" + ANY_CARD, capture_output=True,
                            text=True, env=env, timeout=600, check=False)  # a hang
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert read_log(save).is_over


def test_a_poignee_of_the_persons_own_choosing(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    shown = "T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"
    code, out = run(["play", "--deal", "slam-made", "--save", str(save)],
                    f"garde_sans\nn\np\nT1 T2 T3\np\n{shown}\n")
    assert code == 0
    assert "You may show a poignée now" in out
    assert "must show exactly 10/13/15 cards for a poignée, not 3" in out
    poignees = [e for e in events_of(save) if e["type"] == "poignee"]
    assert poignees == [{"seq": 6, "type": "poignee", "seat": 0, "cards": shown.split()}]


def test_hint_names_a_playable_card_from_the_persons_view(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    code, out = run(["play", "--seed", "3", "--save", str(save)], "hint\npass\nhint\nhint\nquit\n")
    assert code == 0, out
    assert "Type one of: pass" in out  # no hint at the bid prompt: it is a card-play aid
    hints = [line for line in out.splitlines() if "Hint: " in line]
    assert len(hints) == 2 and hints[0] == hints[1]  # asking again gives the same answer
    hinted = re.search(r"Hint: (\S+) \(card (\d+)\)", hints[0])
    assert hinted is not None
    game = read_log(save, allow_incomplete=True)
    hand = game.hand(0)
    number = int(hinted.group(2))
    assert display(CARD_BY_CODE[hand[number - 1]]) == hinted.group(1)
    assert hand[number - 1] in {a.card for a in game.legal_actions() if isinstance(a, Play)}
    # Then why, in a line or two of its own.
    lines = out.splitlines()
    why = lines[lines.index(hints[0]) + 1]
    assert why.startswith("    ") and why.strip()[0].isupper() and why.endswith("."), why


def test_levels_offered_by_play_are_the_registered_players() -> None:
    from tarot.bots.registry import DEFAULT_LEVEL, PLAYERS
    from tarot.ui.commands.play import DEFAULT_LEVEL as DEFAULT_OFFERED
    from tarot.ui.commands.play import LEVELS

    assert list(LEVELS) == list(PLAYERS)
    assert DEFAULT_OFFERED == DEFAULT_LEVEL


@pytest.mark.slow  # slow tier: see docs/testing.md, "What moved to the slow tier"
def test_play_without_level_seats_the_default_level(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --level (nor TAROT_LEVEL, which the test session sets to the quick
    player), the computer players are the default level, recorded in the log."""
    from tarot.bots.registry import DEFAULT_LEVEL

    monkeypatch.delenv("TAROT_LEVEL")
    save = tmp_path / "game.jsonl"
    result = CliRunner().invoke(main, ["play", "--auto", "--seed", "3", "--save", str(save)])
    assert result.exit_code == 0, result.output
    header = json.loads(save.read_text(encoding="utf-8").splitlines()[0])
    assert header["players"] == [DEFAULT_LEVEL] * 4
    monkeypatch.setenv("TAROT_LEVEL", "easy")
    again = tmp_path / "easy.jsonl"
    result = CliRunner().invoke(main, ["play", "--auto", "--seed", "3", "--save", str(again)])
    assert result.exit_code == 0, result.output
    assert json.loads(again.read_text(encoding="utf-8").splitlines()[0])["players"] == \
        ["easy"] * 4


def _edited_settlement(tmp_path: Path) -> Path:
    """The garde replay with one defender's score moved by 6 (and the taker's back)."""
    lines = (ROOT / "replays" / "garde.jsonl").read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    last["scores"][0] -= 6
    last["scores"][1] += 6
    lines[-1] = json.dumps(last)
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_validate_names_only_the_fields_that_differ(tmp_path: Path) -> None:
    path = _edited_settlement(tmp_path)
    done = subprocess.run([sys.executable, "-m", "tarot", "validate", str(path),
                           str(ROOT / "replays" / "prise.jsonl")],
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stdout.strip().endswith("prise.jsonl: ok, 100 events, settled")
    fault = done.stderr.strip()
    assert fault.startswith(f"{path}:") and "derived_mismatch: settlement.scores: " in fault
    assert "the log says [" in fault and "the rules give [" in fault
    assert "Settlement(" not in fault and "per_defender" not in fault  # only what differs
    assert len(fault) < len(str(path)) + 150


def test_validate_json_for_scripts(tmp_path: Path) -> None:
    path = _edited_settlement(tmp_path)
    result = CliRunner().invoke(main, ["validate", "--json", str(path),
                                       str(ROOT / "replays" / "garde.jsonl")])
    assert result.exit_code == 1
    bad, good = json.loads(result.output)
    assert bad["file"] == str(path) and bad["valid"] is False
    assert (bad["code"], bad["type"]) == ("derived_mismatch", "settlement")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert (bad["line"], bad["seq"]) == (len(lines), len(lines) - 2)
    assert bad["message"].startswith("settlement.scores: ")
    assert good == {"file": str(ROOT / "replays" / "garde.jsonl"), "valid": True,
                    "events": len(lines) - 1, "state": "settled", "phase": "done",
                    "torn_line_ignored": False}


def test_replay_numbers_its_events_and_takes_seat_names() -> None:
    replay = str(ROOT / "replays" / "prise.jsonl")
    code, out = run(["replay", replay, "--to", "12"])
    numbered = [line for line in out.splitlines() if re.match(r"^ ?\d+  ", line)]
    assert [int(line.split()[0]) for line in numbered] == list(range(13))
    events = read_log(replay).events
    assert "plays" in numbered[12] and events[12].type == "play"
    by_name = run(["replay", replay, "--as-seat", "East", "--to", "5"])
    by_number = run(["replay", replay, "--as-seat", "1", "--to", "5"])
    assert by_name == by_number and by_name[0] == 0 and "East's seat" in by_name[1]
    code, out = run(["replay", replay, "--as-seat", "up"])
    assert code == 2 and "south, east, north, west" in out


def test_audit_json_gives_bonuses_as_objects() -> None:
    code, out = run(["audit", str(ROOT / "replays" / "excuse-poignee.jsonl"), "--json"])
    assert code == 0
    poignees = json.loads(out)["poignees"]
    assert poignees and set(poignees[0]) == {"seat", "level", "bonus"}
    code, out = run(["audit", str(ROOT / "replays" / "slam-made.jsonl"), "--json"])
    chelem = json.loads(out)["chelem"]
    assert chelem and set(chelem[0]) == {"kind", "bonus"}
    code, out = run(["audit", str(ROOT / "replays" / "excuse-poignee.jsonl")])
    assert re.search(r"the (discard|chien), worth [\d.]+ points,", out)
    assert "trick(s)" not in out


@pytest.mark.parametrize(("bad", "why"), [
    ("3", "is not one of the poignées listed"),
    ("0", "is not one of the poignées listed"),
    ("foo", "is neither a number nor cards"),
    ("T2", "shows all its trumps at once"),
    ("T2 ZZ", "ZZ"),
    ("T2 T5", "must show exactly 10/13/15 cards for a poignée, not 2 (R8)"),
    ("T2 T5 T6 T8 T9 T11 T13 T14 T15 KS", "only trumps and the Excuse (R8)"),
])
def test_the_poignee_prompt_asks_again_on_any_answer_it_cannot_take(
        tmp_path: Path, bad: str, why: str) -> None:
    """Seed 2: South takes with 13 trumps; after `p`, a bad answer is refused with its
    reason and the prompt asks again; the next answer (Enter: none) is the poignée's,
    not played as a card."""
    save = tmp_path / "g.jsonl"
    answers = ["prise", "4c nc 3d jd 1h 3h", "n", "p", bad, "", "quit"]
    code, out = run(["play", "--seed", "2", "--save", str(save)], "\n".join(answers) + "\n")
    assert code == 0
    assert why in out
    assert out.count("Which one (1 to 2") == 2  # asked, refused, asked again
    game = read_log(save, allow_incomplete=True)
    assert not [e for e in game.events if e.type in {"poignee", "play"}]


def _tarot() -> str:
    exe = shutil.which("tarot", path=str(Path(sys.executable).parent)) or shutil.which("tarot")
    assert exe is not None
    return exe


def test_ctrl_c_saves_and_exits_130(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) at the person's next bid, once the first is saved: the game is
    saved and the exit status is 130. The signal is sent once the prompt is seen in the
    output, however long the machine takes to get there."""
    import select
    import signal
    import time

    save = tmp_path / "g.jsonl"
    process = subprocess.Popen([_tarot(), "play", "--seed", "2", "--save", str(save)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env={**os.environ, "NO_COLOR": "1"})
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"pass\n")
    process.stdin.flush()
    # Seed 2: everyone passes, the deal is dealt again, and the person is asked to bid a
    # second time, with the first bid in the file (the prompt is flushed as it is asked).
    seen = b""
    hang = time.monotonic() + 600  # only a hang fails, never a slow machine
    while seen.count(b"Your bid (") < 2 or not seen.endswith(b"): "):
        assert process.poll() is None, seen.decode()
        assert time.monotonic() < hang, seen.decode()
        if select.select([process.stdout], [], [], 1.0)[0]:
            seen += os.read(process.stdout.fileno(), 65536)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=600)
    output = (seen + out).decode()
    assert process.returncode == 130, (output, err)
    assert f"continue it with:\n  {_tarot()} play --resume {save.resolve()}" in output or \
        f"play --resume {save.resolve()}" in output
    assert read_log(save, allow_incomplete=True).events[1].type == "bid"


def test_quit_and_the_end_of_input_exit_0(tmp_path: Path) -> None:
    for answers in ("quit\n", ""):
        save = tmp_path / f"g{len(answers)}.jsonl"
        done = subprocess.run([_tarot(), "play", "--seed", "2", "--save", str(save)],
                              input=answers, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "Game saved; continue it with:" in done.stdout


def test_options_that_contradict_the_resumed_game_are_refused(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    run(["play", "--seed", "2", "--save", str(save)], "pass\nquit\n")
    before = save.read_bytes()
    code, out = run(["play", "--resume", str(save), "--seed", "3", "--rules", "fft",
                     "--level", "strong", "--force"], "quit\n")
    assert code == 1
    for named in ("--seed 3 (not the seed the game was started with)", "--rules fft",
                  "--level strong", "--force"):
        assert named in out, named
    assert "seed is 2" not in out  # the real seed would give the hidden cards away
    assert save.read_bytes() == before  # refused before the file was touched
    # Options that agree with the saved game are no contradiction.
    code, out = run(["play", "--resume", str(save), "--seed", "2", "--rules", "standard",
                     "--level", "rules"], "quit\n")
    assert code == 0 and "Resuming this game" in out


def test_differences_name_nested_fields_and_other_event_types() -> None:
    from tarot.engine.events import PoigneeScore, TrickTaken, differences

    settled = read_log(ROOT / "replays" / "excuse-poignee.jsonl").settlement
    assert settled is not None and settled.poignees
    import dataclasses

    changed = dataclasses.replace(settled, poignees=(dataclasses.replace(
        settled.poignees[0], bonus=settled.poignees[0].bonus + 10),), per_defender=0)
    found = differences(settled, changed, "settlement")
    assert found == [
        f"settlement.poignees[0].bonus: the log says {settled.poignees[0].bonus + 10}, "
        f"the rules give {settled.poignees[0].bonus}",
        f"settlement.per_defender: the log says 0, the rules give {settled.per_defender}"]
    assert differences(settled, settled, "settlement") == []
    trick = TrickTaken(number=18, leader=0, cards=("T1", "T2", "T3", "T4"), winner=3)
    assert differences(trick, settled, "trick") == [
        "the rules call for a trick event here, the log has a settlement"]
    assert isinstance(settled.poignees[0], PoigneeScore)


def test_replay_of_a_match_index_names_its_deals(tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    run(["play", "--seed", "3", "--auto", "--deals", "2", "--save", str(save)])
    code, out = run(["replay", str(tmp_path / "m.match.jsonl")])
    assert code == 1 and "is a match's index, not a deal" in out
    assert str(save) in out and str(tmp_path / "m.deal-2.jsonl") in out


def test_saves_shows_a_match_once_with_its_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                 ) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    folder = tmp_path / "data" / "tarot" / "games"
    folder.mkdir(parents=True)
    run(["play", "--seed", "3", "--auto", "--deals", "2", "--save", str(folder / "m.jsonl")])
    run(["play", "--seed", "4", "--save", str(folder / "single.jsonl")], "quit\n")
    (folder / "junk.jsonl").write_text("not a log\n", encoding="utf-8")
    (folder / "dangling.jsonl").symlink_to(folder / "nowhere")
    code, out = run(["saves"])
    assert code == 0
    lines = out.splitlines()
    assert sum("a match, 2 deals, over" in line for line in lines) == 1
    assert not any(line.startswith("m.deal-2") or line.startswith("m ") for line in lines)
    assert any(line.startswith("single") and "in progress (auction)" in line for line in lines)
    assert any(line.startswith("junk") and "not a game" in line for line in lines)
    assert not any(line.startswith("dangling") for line in lines)


# -- the table in French ----------------------------------------------------------------


@pytest.mark.parametrize(("seed", "english", "french"), [
    (5, "garde\nauto\nn\n", "garde\nauto\nn\n"),
    (5, "garde_sans\nn\n", "garde sans\nN\n"),  # the words the French prompt shows
    (5, "garde_contre\ny\n", "garde contre\no\n"),  # a chelem declared: oui
    # Seed 2: a discard by numbers (4♣ N♣ 3♦ V♦ 1♥ 3♥), then a poignée shown: a refused
    # answer, then the first one offered.
    (2, "prise\n10 11 8 9 5 6\nn\np\n7\n1\n", "prise\n10 11 8 9 5 6\nnon\n"
     "p\n7\n1\n"),
])
def test_a_deal_played_in_french_saves_the_log_played_in_english(
        tmp_path: Path, seed: int, english: str, french: str) -> None:
    """The same deal with the same answers, each in its language's words and the cards by
    their numbers in the hand: the same save file, byte for byte (the log is
    language-neutral: the header names the seats South, East, ... in either)."""
    saves = {}
    for language, answers in (("en", english), ("fr", french)):
        save = tmp_path / f"{language}.jsonl"
        code, out = run(["play", "--lang", language, "--seed", str(seed), "--save",
                         str(save)], answers + ANY_CARD)
        assert code == 0, out
        assert read_log(save).is_over
        saves[language] = save.read_bytes()
        if language == "fr":
            assert "La donne est terminée." in out and "Partie enregistrée :\n  " in out
            assert seed != 2 or "✗ 7 n'est pas l'une des poignées proposées" in out
    assert saves["fr"] == saves["en"]
    game = read_log(tmp_path / "fr.jsonl")
    assert game.header.seats[0] == "South (person)"
    assert seed != 2 or [e.type for e in game.events].count("poignee") == 1


def test_the_french_bid_prompt_shows_words_the_game_reads(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    code, out = run(["play", "--lang", "fr", "--seed", "5", "--save", str(save)], "quit\n")
    assert code == 0
    prompt = "Votre enchère (passe / prise / garde / garde sans / garde contre) :"
    assert prompt in out
    game = read_log(save, allow_incomplete=True)
    for word in prompt[prompt.index("(") + 1:prompt.index(")")].split(" / "):
        bid = game.parse(word)
        assert isinstance(bid, Bid), word
        assert bid.contract == (None if word == "passe" else word.replace(" ", "_")), word


def test_the_card_prompts_french_words(tmp_path: Path) -> None:
    """aide, dernier, main, conseil and quitter at the card prompt (the English words work
    too, in either language); the quit message in French."""
    save = tmp_path / "g.jsonl"
    code, out = run(["play", "--lang", "fr", "--seed", "5", "--save", str(save)],
                    "garde\nauto\nn\naide\ndernier\nmain\nconseil\nlast\nquitter\n")
    assert code == 0
    assert "Quand on vous demande une carte :" in out and "  conseil      la carte" in out
    assert out.count("Aucun pli n'a encore été joué.") == 2  # dernier, then last
    assert out.count("Votre main (* = jouable) :") == 2  # the table's, then main's
    assert "  Conseil : " in out
    assert "Partie enregistrée ; pour la reprendre :\n  tarot play --resume" in out
    assert not [e for e in events_of(save) if e["type"] == "play"]


@pytest.mark.parametrize("environment", [{"TAROT_LANG": "fr"},
                                         {"TAROT_LANG": "", "LC_ALL": "", "LC_MESSAGES": "",
                                          "LANG": "fr_FR.UTF-8"}])
def test_the_table_speaks_french_from_the_environment(tmp_path: Path,
                                                      environment: dict[str, str]) -> None:
    save = tmp_path / "g.jsonl"
    result = CliRunner().invoke(main, ["play", "--seed", "5", "--save", str(save)],
                                input="garde\nauto\nquit\n", env=environment,
                                catch_exceptions=False)
    assert result.exit_code == 0
    assert "Votre main avec le chien :" in result.output
    assert "Annoncez-vous un chelem, les 18 plis ? (o/N) :" in result.output


def test_no_english_is_left_on_the_french_table(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole deal in French, the person playing the first legal card each time (no
    refusal) and saying no to another deal: none of the table's English words is shown."""
    from plain_person import first_legal_card, plain_answer, tables_made

    import tarot.ui.terminal as terminal_module

    tables = tables_made(monkeypatch.setattr)
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        if prompt.startswith("Une autre donne"):
            return "non"
        said = plain_answer(prompt, bid="garde")
        return first_legal_card(tables[-1].game) if said is None else said

    monkeypatch.setattr(terminal_module, "_prompt", answer)
    save = tmp_path / "g.jsonl"
    code, out = run(["play", "--lang", "fr", "--seed", "11", "--save", str(save)])
    assert code == 0, out
    assert read_log(save).is_over
    shown = out + "\n".join(prompts)
    assert "Les plis (celui qui entame d'abord, ✓ le gagnant) :" in shown
    assert "Une autre donne ? [O/n]" in prompts
    english = ["Your", "You", "trick", "Trick", "Tricks", "trumps", "Card points",
               "Another deal", "Discard", "Declare", "playable", "winning", "to play", "led",
               "hand", "Hint", "thinking", "South", "North", "West", "East", "none",
               "The deal is over", "Game saved", "Replay it", "spades", "hearts", "diamonds",
               "clubs", "Cards:"]
    left = [word for word in english if re.search(rf"\b{re.escape(word)}\b", shown)]
    assert left == [], left


_FRENCH_RANK = {"K": "R", "Q": "D", "N": "C", "J": "V"}
_FRENCH_RANK_WORD = {"K": "roi", "Q": "dame", "N": "cavalier", "J": "valet", "1": "as"}
_SUIT_LETTER = {"S": "P", "H": "C", "D": "K", "C": "T"}
_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_WORD = {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"}


def typed_in_french(code: str, form: int) -> str:
    """A card as a French player may type it: its French letters (``RP``, ``10K``), its
    rank with the suit's symbol (``D♥``), or its name (``valet de trèfle``), by ``form``;
    trumps as ``A7`` or ``atout 7``, the Petit as ``petit``, the Excuse as ``excuse``."""
    if code == "EXC":
        return "excuse"
    if code == "T1":
        return "petit"
    if code.startswith("T"):
        return f"A{code[1:]}" if form % 2 else f"atout {code[1:]}"
    rank, suit = code[:-1], code[-1]
    if form % 3 == 0 and not (rank.isdecimal() and suit == "H"):  # 7C: hearts or clubs?
        return _FRENCH_RANK.get(rank, rank) + _SUIT_LETTER[suit]
    if form % 3 == 1:
        return _FRENCH_RANK.get(rank, rank) + _SUIT_SYMBOL[suit]
    return f"{_FRENCH_RANK_WORD.get(rank, rank)} de {_SUIT_WORD[suit]}"


def test_a_deal_typed_in_french_card_codes_saves_the_log_typed_in_english(
        tmp_path: Path) -> None:
    """The person's discard and every card typed by name, in English codes (``KH``) and in
    French (``RC``, ``D♥``, ``valet de trèfle``, ``A7``, ``petit``, ``excuse``): the same
    save, byte for byte, as the deal played by the cards' numbers."""
    by_number = tmp_path / "numbers.jsonl"
    code, out = run(["play", "--seed", "5", "--save", str(by_number)],
                    "garde\nauto\nn\n" + ANY_CARD)
    assert code == 0, out
    events = events_of(by_number)
    discard = next(e["cards"] for e in events if e["type"] == "discard")
    plays = [e["card"] for e in events if e["type"] == "play" and e["seat"] == 0]
    assert isinstance(discard, list) and len(plays) == 18
    # The last card is played by itself: 17 are typed.
    typed = {
        "en": "garde\n" + " ".join(discard) + "\nn\n" + "".join(f"{c}\n" for c in plays[:-1]),
        "fr": "garde\n" + " ".join(typed_in_french(c, 0) for c in discard) + "\nnon\n"
              + "".join(f"{typed_in_french(str(c), i)}\n" for i, c in enumerate(plays[:-1])),
    }
    for language, answers in typed.items():
        save = tmp_path / f"{language}.jsonl"
        code, out = run(["play", "--lang", language, "--seed", "5", "--save", str(save)],
                        answers)
        assert code == 0, out
        assert "✗" not in out, out  # every card read as typed, none refused
        assert save.read_bytes() == by_number.read_bytes(), language
