"""The edges of saving: special paths under --force, a match killed at its start, games
under a rule file of one's own, save names of any kind, stale and hostile match indexes.

Each test here failed before its fix (issue 23's faults 1, 2, 3, 5, 7, 8, 9 and 11)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

import tarot.storage.match_file
import tarot.ui.session
from tarot.engine.game import Game
from tarot.engine.rule_files import RULES_DIR
from tarot.log import load_log, read_log, write_log
from tarot.storage.match_file import MatchError, index_path, load_match, read_index
from tarot.ui.cli import main

RULES = ["--level", "rules"]  # quick computer players: these tests are about the files


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin, catch_exceptions=False)
    return result.exit_code, result.output


def one_line_error(code: int, out: str) -> str:
    """The refusal: exit 1, one ``Error:`` line and no traceback."""
    assert code == 1, out
    assert "Traceback" not in out
    errors = [line for line in out.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, out
    return errors[0]


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


# -- 1. --force writes only to a regular file ------------------------------------------


def special_files(folder: Path) -> list[Path]:
    """A FIFO, a directory, and a character device like /dev/null where this user may
    make one."""
    fifo = folder / "fifo.jsonl"
    os.mkfifo(fifo)
    directory = folder / "folder.jsonl"
    directory.mkdir()
    made = [fifo, directory]
    with_device = folder / "null.jsonl"
    try:
        os.mknod(with_device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        made.append(with_device)
    except (PermissionError, OSError):
        pass  # not root: the FIFO stands for every kind of special file
    return made


def test_force_never_replaces_a_device_or_a_fifo(tmp_path: Path) -> None:
    for target in special_files(tmp_path):
        mode = target.stat().st_mode
        for force in ([], ["--force"]):
            code, out = run(["play", "--auto", *RULES, "--seed", "3", "--save", str(target),
                             *force])
            line = one_line_error(code, out)
            assert str(target) in line and "not a regular file" in line
            assert target.stat().st_mode == mode  # still the FIFO or the device
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no lock, no temp


def test_simulate_never_writes_its_results_over_a_special_file(tmp_path: Path) -> None:
    for target in special_files(tmp_path):
        mode = target.stat().st_mode
        code, out = run(["simulate", "--deals", "1", "--workers", "1", "--quiet",
                         "--out", str(target)])
        assert "not a regular file" in one_line_error(code, out)
        assert target.stat().st_mode == mode


def test_force_never_replaces_a_device_with_a_replay_page(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert run(["play", "--auto", *RULES, "--seed", "3", "--save", str(log)])[0] == 0
    for target in special_files(tmp_path):
        mode = target.stat().st_mode
        code, out = run(["replay", str(log), "--html", str(target), "--force"])
        assert "not a regular file" in one_line_error(code, out)
        assert target.stat().st_mode == mode


# -- 2. a match killed between its first log and its index -----------------------------


class Killed(BaseException):
    """Stands for SIGKILL at a chosen point: nothing after it runs (no cleanup is needed
    for what these tests check, the files)."""


def test_a_match_killed_before_its_index_resumes_as_the_whole_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = tmp_path / "whole" / "m.jsonl"
    whole.parent.mkdir()
    args = ["play", "--auto", *RULES, "--seed", "11", "--deals", "3"]
    assert run([*args, "--save", str(whole)])[0] == 0

    killed = tmp_path / "killed" / "m.jsonl"
    killed.parent.mkdir()

    def kill(*_: object) -> None:
        raise Killed

    with monkeypatch.context() as patch:
        patch.setattr(tarot.storage.match_file, "start_index", kill)
        with pytest.raises(Killed):
            CliRunner().invoke(main, [*args, "--save", str(killed)], catch_exceptions=False)
    assert killed.exists() and not index_path(killed).exists()  # the window itself
    code, out = run(["play", "--resume", str(killed), "--auto"])
    assert code == 0, out
    assert files_of(killed.parent).keys() == files_of(whole.parent).keys()
    assert files_of(killed.parent) == files_of(whole.parent)
    assert len(load_match(index_path(killed)).games) == 3


# -- 3. a rule file of one's own travels with its games ---------------------------------


def own_rules(folder: Path) -> Path:
    text = (RULES_DIR / "fft.toml").read_text(encoding="utf-8")
    path = folder / "house.toml"
    path.write_text(text.replace('id = "fft"', 'id = "house"'), encoding="utf-8")
    return path


def test_a_match_under_a_rule_file_of_ones_own_reads_back_without_the_file(
        tmp_path: Path) -> None:
    rules = own_rules(tmp_path)
    save = tmp_path / "h.jsonl"
    code, out = run(["play", "--auto", *RULES, "--seed", "4", "--deals", "2", "--rules",
                     str(rules), "--save", str(save)])
    assert code == 0, out
    assert "Traceback" not in out and "--rules FILE.toml" in out
    rules.unlink()  # the games need it no more
    index = index_path(save)
    for command in (["validate", str(save)], ["validate", str(index)], ["audit", str(save)],
                    ["audit", str(index)], ["replay", str(save)],
                    ["replay", str(index), "--html", str(tmp_path / "p.html")]):
        code, out = run(command)
        assert code == 0, (command, out)
    game = read_log(save)
    assert game.rules.id == "house" and game.header.rules == game.rules.model_dump(mode="json")


def test_a_game_under_a_rule_file_of_ones_own_resumes(tmp_path: Path) -> None:
    rules = own_rules(tmp_path)
    save = tmp_path / "g.jsonl"
    # Stopped in the middle of its card play, as a quit game is.
    from tarot.engine.rule_files import load_rules

    house = load_rules(rules)
    game = Game.new(8, rules=house, players=("rules",) * 4)
    while len(game.events) < 30 and not game.is_over:
        game.play(game.legal_actions()[-1])
    assert not game.is_over
    write_log(save, game)
    rules.unlink()
    code, out = run(["play", "--resume", str(save), "--auto"])
    assert code == 0, out
    assert read_log(save).is_over
    # Naming the same rules again, by their file, is no contradiction; other rules are.
    other = own_rules(tmp_path)
    assert run(["validate", str(save)])[0] == 0
    unfinished = tmp_path / "u.jsonl"
    write_log(unfinished, Game.new(9, rules=house, players=("rules",) * 4))
    code, out = run(["play", "--resume", str(unfinished), "--auto", "--rules", str(other)])
    assert code == 0, out
    code, out = run(["play", "--resume", str(unfinished), "--auto", "--rules", "fft"])
    assert "--rules fft" in one_line_error(code, out)


def test_a_header_whose_rule_set_is_not_its_hash_is_refused(tmp_path: Path) -> None:
    rules = own_rules(tmp_path)
    save = tmp_path / "g.jsonl"
    assert run(["play", "--auto", *RULES, "--seed", "4", "--rules", str(rules),
                "--save", str(save)])[0] == 0
    lines = save.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    header["rules"]["scoring"]["base_points"] = 250
    save.write_text(json.dumps(header) + "\n" + "".join(lines[1:]), encoding="utf-8")
    code, out = run(["validate", str(save)])
    assert code == 1 and "rules_hash_mismatch" in out and "Traceback" not in out


# -- 5. a save of any name --------------------------------------------------------------


@pytest.mark.parametrize("name", ["mygame.txt", "m2"])
def test_a_save_named_without_jsonl_plays_its_match(tmp_path: Path, name: str) -> None:
    save = tmp_path / name
    code, out = run(["play", "--auto", *RULES, "--seed", "3", "--deals", "2",
                     "--save", str(save)])
    assert code == 0, out
    assert "Traceback" not in out
    assert len(load_match(index_path(save)).games) == 2
    single = tmp_path / f"single-{name}"
    code, out = run(["play", "--auto", *RULES, "--seed", "3", "--save", str(single)])
    assert code == 0 and "Traceback" not in out, out
    assert read_log(single).is_over


# -- 7. --force over a match's first deal -----------------------------------------------


def test_force_over_a_matchs_first_deal_is_refused_and_changes_nothing(
        tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    assert run(["play", "--auto", *RULES, "--seed", "5", "--deals", "2",
                "--save", str(save)])[0] == 0
    before = files_of(tmp_path)
    for force in (["--force"], []):
        code, out = run(["play", "--auto", *RULES, "--seed", "6", "--save", str(save),
                         *force])
        one_line_error(code, out)
    assert "m.match.jsonl" in out or "exists" in out
    assert files_of(tmp_path) == before
    # An index left without its first deal (removed by hand) stops a new game there too.
    save.unlink()
    code, out = run(["play", "--auto", *RULES, "--seed", "6", "--save", str(save)])
    assert "m.match.jsonl" in one_line_error(code, out)


def test_force_replaces_a_one_deal_game_left_unfinished_and_its_own_index(
        tmp_path: Path) -> None:
    """A game of --deals 1 left before its end keeps an index of its own (so that --resume
    asks for no other deal); --force over the game takes that index with it, and nothing
    else: without --force the game is refused as before."""
    save = tmp_path / "e.jsonl"
    code, out = run(["play", *RULES, "--seed", "4", "--deals", "1", "--save", str(save)],
                    stdin="prise\nauto\nn\n1\n1\n")
    left = load_log(save, allow_incomplete=True).game
    assert index_path(save).is_file() and not left.is_over, out
    code, out = run(["play", "--auto", *RULES, "--seed", "2", "--save", str(save)])
    assert "exists" in one_line_error(code, out)
    code, out = run(["play", "--auto", *RULES, "--seed", "2", "--save", str(save), "--force"])
    assert code == 0, out
    assert sorted(files_of(tmp_path)) == ["e.jsonl"]
    replaced = read_log(save)
    assert replaced.is_over and replaced.header.seed == 2
    # A two-deal match's index is not the game's own: still refused, as above.


# -- 8. a match index with no deal ------------------------------------------------------


def header_only_index(folder: Path) -> Path:
    save = folder / "m.jsonl"
    assert run(["play", "--auto", *RULES, "--seed", "5", "--deals", "2",
                "--save", str(save)])[0] == 0
    index = index_path(save)
    index.write_text(index.read_text(encoding="utf-8").splitlines(keepends=True)[0],
                     encoding="utf-8")
    return index


def test_a_header_only_index_is_refused_by_every_command(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    index = header_only_index(tmp_path)
    with pytest.raises(MatchError, match=":2: a match index with no deal"):
        read_index(index)
    for command in (["validate", str(index)], ["audit", str(index)],
                    ["replay", str(index), "--html", str(tmp_path / "p.html")],
                    ["play", "--resume", str(index), "--auto"]):
        code, out = run(command)
        assert code == 1 and "Traceback" not in out, (command, out)
        assert "no deal" in out, (command, out)


def test_the_saves_list_names_a_header_only_index(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    import platformdirs

    folder = platformdirs.user_data_path("tarot", appauthor=False) / "games"
    folder.mkdir(parents=True)
    header_only_index(folder)
    code, out = run(["saves"])
    assert code == 0, out
    assert "m.match" in out and "no deal" in out


# -- 9. the index read bounded ----------------------------------------------------------


def test_a_huge_sparse_index_is_refused_without_reading_it(tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    assert run(["play", "--auto", *RULES, "--seed", "5", "--deals", "2",
                "--save", str(save)])[0] == 0
    index = index_path(save)
    with index.open("r+b") as stream:
        stream.truncate(1 << 30)  # a GiB of zeros after the lines, and no end of line
    with pytest.raises(MatchError, match="a line of more than"):
        read_index(index)
    code, out = run(["validate", str(index)])
    assert code == 1 and "a line of more than" in out and "Traceback" not in out


def test_an_index_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "f.match.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(MatchError, match="not a regular file"):
        read_index(fifo)


# -- 11. leftovers of a killed match -----------------------------------------------------


def test_a_resumed_match_sweeps_its_index_temporaries_and_releases_finished_deals(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "m.jsonl"
    kill_at_append(save, 3, seed=12, monkeypatch=monkeypatch)
    # A kill inside the index's atomic write leaves its temporary file.
    leftover = tmp_path / f".{index_path(save).name}.0123abcd.tmp"
    leftover.write_text("half an index", encoding="utf-8")

    locks_during_deal_3: list[set[str]] = []
    real_create = tarot.ui.session.create_save

    def create_and_look(path: Path, game: Game, force: bool) -> None:
        if path.name.endswith("deal-3.jsonl"):
            locks_during_deal_3.append({p.name for p in tmp_path.glob(".*.lock")})
        real_create(path, game, force)

    # Deal 2 is over and deal 3's line is missing: the resume goes on from deal 2's end.
    monkeypatch.setattr(tarot.ui.session, "create_save", create_and_look)
    code, out = run(["play", "--resume", str(save), "--auto"])
    assert code == 0, out
    assert not leftover.exists()
    assert locks_during_deal_3 == [{".m.jsonl.lock", ".m.deal-3.jsonl.lock"}]
    assert not list(tmp_path.glob(".*"))
    assert len(load_match(index_path(save)).games) == 3



def test_a_path_with_a_nul_byte_is_unreadable_not_a_crash() -> None:
    from tarot.files.reading import ReadError, check_regular, read_regular_text

    for read in (check_regular, lambda path: read_regular_text(path, limit=10)):
        with pytest.raises(ReadError, match="NUL byte") as caught:
            read("a\0b")
        assert caught.value.code == "unreadable"


def test_a_rule_file_that_takes_a_packaged_id_is_carried_whole(tmp_path: Path) -> None:
    text = (RULES_DIR / "fft.toml").read_text(encoding="utf-8")
    rules = tmp_path / "not-standard.toml"
    rules.write_text(text.replace('id = "fft"', 'id = "standard"'), encoding="utf-8")
    save = tmp_path / "g.jsonl"
    game = Game.new(9, rules=str(rules), players=("rules",) * 4)
    write_log(save, game)
    assert game.header.rules_id == "standard" and game.header.rules is not None
    rules.unlink()
    assert read_log(save, allow_incomplete=True).rules.flags == game.rules.flags
    code, out = run(["play", "--resume", str(save), "--auto", "--rules", "standard"])
    assert "--rules standard" in one_line_error(code, out)


def test_an_index_cut_inside_its_header_or_before_a_deals_log_says_so(tmp_path: Path) -> None:
    torn = tmp_path / "t.match.jsonl"
    torn.write_text('{"format": "tarot-match"', encoding="utf-8")
    with pytest.raises(MatchError, match="the header line is cut short"):
        read_index(torn)
    save = tmp_path / "m.jsonl"
    assert run(["play", "--auto", *RULES, "--seed", "5", "--deals", "2",
                "--save", str(save)])[0] == 0
    (tmp_path / "m.deal-2.jsonl").unlink()  # as if killed between deal 2's line and log
    with pytest.raises(MatchError, match="deal 2 has no log yet"):
        load_match(index_path(save))
    assert len(load_match(index_path(save), allow_incomplete=True).games) == 1


def test_a_match_stops_at_the_most_deals_an_index_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tarot.ui.session import MAX_MATCH_DEALS

    assert MAX_MATCH_DEALS == tarot.storage.match_file.MAX_INDEX_DEALS
    code, out = run(["play", "--auto", *RULES, "--deals", str(MAX_MATCH_DEALS + 1)])
    assert code == 2 and "--deals" in out  # refused before anything is played
    # A match asked for more deals than an index holds (the option said so once) ends at
    # the limit, in words, its index whole: here with the limit lowered to 3.
    monkeypatch.setattr(tarot.ui.session, "MAX_MATCH_DEALS", 3)
    monkeypatch.setattr(tarot.storage.match_file, "MAX_INDEX_DEALS", 3)
    save = tmp_path / "m.jsonl"
    code, out = run(["play", "--auto", *RULES, "--seed", "2", "--deals", "5",
                     "--save", str(save)])
    assert code == 0, out
    assert "A match holds at most 3 deals" in out
    assert len(load_match(index_path(save)).games) == 3


def test_the_limits_written_out_for_help_are_the_readers() -> None:
    import tarot.duplicate.results_file
    import tarot.ui.commands.simulate

    assert tarot.ui.commands.simulate.MAX_DEAL_SEEDS == tarot.duplicate.results_file.MAX_DEAL_SEEDS


# -- found in review: links, refused resumes, stale indexes, rescored headers --------------


def test_a_match_resumed_through_a_link_is_the_same_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = tmp_path / "real" / "m.jsonl"
    real.parent.mkdir()
    kill_at_append(real, 2, seed=13, monkeypatch=monkeypatch)
    links = tmp_path / "links"
    links.mkdir()
    (links / "link.jsonl").symlink_to(real)
    code, out = run(["play", "--resume", str(links / "link.jsonl"), "--auto"])
    assert code == 0, out
    assert sorted(p.name for p in links.iterdir()) == ["link.jsonl"]  # nothing beside it
    assert len(load_match(index_path(real)).games) == 3


def kill_at_append(save: Path, deal: int, *, seed: int, monkeypatch: pytest.MonkeyPatch
                   ) -> None:
    """A three-deal auto match killed as deal ``deal``'s line is appended to its index."""
    real_append = tarot.storage.match_file.append_deal

    def append_or_die(index: tarot.storage.match_file.MatchIndex,
                      entry: tarot.storage.match_file.MatchDeal
                      ) -> tarot.storage.match_file.MatchIndex:
        if entry.deal == deal:
            raise Killed
        return real_append(index, entry)

    with monkeypatch.context() as patch:
        patch.setattr(tarot.storage.match_file, "append_deal", append_or_die)
        with pytest.raises(Killed):
            CliRunner().invoke(main, ["play", "--auto", *RULES, "--seed", str(seed),
                                      "--deals", "3", "--save", str(save)],
                               catch_exceptions=False)


def test_a_refused_resume_makes_no_index(tmp_path: Path) -> None:
    save = tmp_path / "bad.jsonl"
    game = Game.new(3, players=("rules",) * 4)
    game.start_match(3)
    write_log(save, game)
    with save.open("a", encoding="utf-8") as stream:
        stream.write('{"seq": 1, "type": "bid", "seat": 9}\n')
    code, out = run(["play", "--resume", str(save), "--auto"])
    assert code == 1 and "Traceback" not in out, out
    assert not index_path(save).exists()


def test_a_stale_index_does_not_carry_on_another_game(tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    assert run(["play", "--auto", *RULES, "--seed", "5", "--deals", "2",
                "--save", str(save)])[0] == 0
    # Deal 1 replaced by another game, as an older version's --force did.
    other = Game.new(6, players=("rules",) * 4)
    while not other.is_over:
        other.play(other.legal_actions()[-1])
    write_log(save, other, overwrite=True)
    before = files_of(tmp_path)
    code, out = run(["play", "--resume", str(index_path(save)), "--auto"])
    line = one_line_error(code, out)
    assert "seed" in line
    assert files_of(tmp_path) == before


def test_a_deal_rescored_under_a_rule_file_of_ones_own_writes_a_valid_log(
        tmp_path: Path) -> None:
    from tarot.engine.rule_files import load_rules
    from tarot.explain.audit import replay_decisions
    from tarot.log import read_events

    save = tmp_path / "g.jsonl"
    assert run(["play", "--auto", *RULES, "--seed", "4", "--save", str(save)])[0] == 0
    house = load_rules(own_rules(tmp_path))
    rescored = replay_decisions(*read_events(save), house).game
    assert rescored is not None and rescored.header.rules is not None
    hash(rescored.header)  # a header carrying its rules is hashable still
    write_log(tmp_path / "rescored.jsonl", rescored)
    assert read_log(tmp_path / "rescored.jsonl").settlement == rescored.settlement


def test_the_saves_list_names_a_match_whose_index_is_not_made_yet(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    import platformdirs

    folder = platformdirs.user_data_path("tarot", appauthor=False) / "games"
    folder.mkdir(parents=True)
    game = Game.new(3, players=("rules",) * 4)
    game.start_match(3)
    write_log(folder / "m.jsonl", game)
    code, out = run(["saves"])
    assert code == 0 and "a match, deal 1 of 3 in progress" in out, out


def test_the_index_a_match_starts_with_is_the_one_read_back(tmp_path: Path) -> None:
    from tarot.storage.match_file import MatchDeal, MatchHeader, start_index

    header = MatchHeader(seed=7, rules_id="standard", rules_hash="sha256:x",
                         players=("person", "rules", "rules", "rules"), deals=3)
    started = start_index(tmp_path / "m.match.jsonl", header,
                          MatchDeal(deal=1, log="m.jsonl", seed=7, dealer=3))
    assert started == read_index(tmp_path / "m.match.jsonl")
