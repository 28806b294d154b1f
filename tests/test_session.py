"""The save and match lifecycle of tarot.ui.session, without click: a table of the test's
own that records what it is told and plays each deal with computer players."""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from tarot.bots.registry import make_player
from tarot.engine.game import Game
from tarot.errors import TarotError
from tarot.files.atomic import NotARegularFile
from tarot.log import LogWriter, load_log
from tarot.storage.match_file import SheetRow, index_path, load_match, sheet_lines
from tarot.storage.named_deals import Script
from tarot.ui.session import PlayOptions, SessionError, play_session
from tarot.ui.table_view import SEAT_NAMES_BY_SIZE


class RecordingTable:
    """Plays ``deals_to_finish`` deals to their end with the quick player, then leaves."""

    def __init__(self, deals_to_finish: int) -> None:
        self.deals_to_finish = deals_to_finish
        self.lines: list[str] = []
        self.played: list[Path] = []

    def seat_names(self, person: int | None, players: int = 4) -> tuple[str, ...]:
        return tuple("You" if seat == person else name
                     for seat, name in enumerate(SEAT_NAMES_BY_SIZE[players]))

    def show(self, line: str) -> None:
        self.lines.append(line)

    def play(self, game: Game, players: tuple[str, ...], script: Script | None, path: Path,
             resume_with: Path | None, match_line: str | None) -> bool:
        self.played.append(path)
        if len(self.played) > self.deals_to_finish:
            return False  # the person leaves: what is in the file is the game so far
        bots = [make_player("rules", game.rules) for _ in range(4)]
        written = len(game.events)
        rng = random.Random(0)
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            game.play(bots[seat].choose(game.view(seat), game.legal_actions(), rng))
        with path.open("a", encoding="utf-8") as stream:
            LogWriter(stream, game.header, already_written=written).write(
                game.events[written:])
        return True

    def another_deal(self) -> bool:
        return False

    def show_sheet(self, rows: Sequence[SheetRow], names: tuple[str, ...],
                   contracts: Mapping[str, str]) -> None:
        self.lines.extend(sheet_lines(list(rows), names, dict(contracts)))


def options(save: Path, **given: object) -> PlayOptions:
    return PlayOptions(seed=4, rules_name="standard", save_path=save, level="rules",
                       **given)  # type: ignore[arg-type]


def test_a_new_game_is_saved_and_resumed(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    leaving = RecordingTable(deals_to_finish=0)
    play_session(options(save), leaving)
    assert leaving.played == [save.resolve()]
    saved = load_log(save, allow_incomplete=True).game
    assert not saved.is_over and saved.header.seed == 4
    assert leaving.lines[:2] == ["Saving this game:", f"  {save.resolve()}"]

    finishing = RecordingTable(deals_to_finish=1)
    play_session(PlayOptions(resume_name=str(save)), finishing)
    assert finishing.lines[:2] == ["Resuming this game:", f"  {save.resolve()}"]
    assert load_log(save).game.is_over


def test_a_match_is_started_and_resumed(tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    play_session(options(save, deals=3), RecordingTable(deals_to_finish=1))
    assert len(load_match(index_path(save), allow_incomplete=True).games) == 2

    resumed = RecordingTable(deals_to_finish=2)
    play_session(PlayOptions(resume_name=str(save)), resumed)
    assert resumed.lines[:2] == ["Resuming the match at deal 2:",
                                 f"  {index_path(save).resolve()}"]
    match = load_match(index_path(save))
    assert len(match.games) == 3 and all(game.is_over for game in match.games)
    audit = resumed.lines[resumed.lines.index("Its score sheet:") + 1]
    assert audit.endswith(f" audit {index_path(save).resolve()}")


def test_a_special_file_is_refused_as_a_tarot_error(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(NotARegularFile) as caught:
        play_session(options(fifo), RecordingTable(deals_to_finish=1))
    assert isinstance(caught.value, TarotError) and caught.value.code == "not_a_regular_file"
    assert fifo.exists() and not fifo.is_file()


def test_a_resume_that_contradicts_the_save_is_refused_by_name(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    play_session(options(save), RecordingTable(deals_to_finish=0))
    before = save.read_bytes()
    with pytest.raises(SessionError) as caught:
        play_session(PlayOptions(resume_name=str(save), seed=5, given={"seed"}),
                     RecordingTable(deals_to_finish=1))
    assert caught.value.code == "resume_contradicts"
    assert "--seed 5 (not the seed the game was started with)" in str(caught.value)
    assert " 4" not in str(caught.value)  # the real seed would give the hidden cards away
    assert save.read_bytes() == before


def test_an_existing_save_is_refused_without_force(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    save.write_text("mine", encoding="utf-8")
    with pytest.raises(SessionError) as caught:
        play_session(options(save), RecordingTable(deals_to_finish=1))
    assert caught.value.code == "save_exists"
    assert save.read_text(encoding="utf-8") == "mine"


def test_a_game_of_one_deal_stopped_and_resumed_asks_for_no_other(tmp_path: Path) -> None:
    """`play --deals 1`, left in the middle, then `--resume` without --deals: the deal is
    finished and no other deal is asked for (the stopped game is kept as a match of one
    deal, its log unchanged)."""

    class Asked(RecordingTable):
        asked = 0

        def another_deal(self) -> bool:
            self.asked += 1
            return False

    save = tmp_path / "one.jsonl"
    play_session(options(save, deals=1), Asked(deals_to_finish=0))
    assert '"match_deals"' not in save.read_text(encoding="utf-8")
    resumed = Asked(deals_to_finish=1)
    play_session(PlayOptions(resume_name=str(save)), resumed)
    assert load_log(save).game.is_over and resumed.asked == 0
    # Played to its end without stopping, `--deals 1` leaves one file, as before.
    whole = tmp_path / "whole.jsonl"
    play_session(options(whole, deals=1), Asked(deals_to_finish=1))
    assert sorted(p.name for p in tmp_path.glob("whole*")) == ["whole.jsonl"]


class AnotherDeal(RecordingTable):
    """Plays every deal of the match to its end, saying yes to each next one."""

    def another_deal(self) -> bool:
        return True


def logs_loaded_in_a_match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                           deals: int) -> int:
    """How many deal logs a match of ``deals`` deals reads while it is played: the work of
    its score sheets, counted rather than timed."""
    import tarot.log
    import tarot.ui.session
    loads = 0

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal loads
        loads += 1
        return load_log(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tarot.log, "load_log", counted)
    monkeypatch.setattr(tarot.ui.session, "load_log", counted)
    save = tmp_path / f"match-{deals}.jsonl"
    table = AnotherDeal(deals_to_finish=deals)
    play_session(options(save, deals=deals), table)
    assert len(load_match(index_path(save)).games) == deals
    assert any(line.startswith("Score sheet") for line in table.lines)
    return loads


def test_a_match_reads_its_earlier_deals_once_not_after_every_deal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The score sheet keeps its rows from deal to deal: three times the deals, at most
    three times the logs read (every earlier deal read again after each deal was nine)."""
    short, long = (logs_loaded_in_a_match(tmp_path, monkeypatch, deals) for deals in (4, 12))
    assert long <= 3 * short, (short, long)
