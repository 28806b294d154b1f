"""A match at the table: deals in a row, the score sheet, a match file that validate and
audit read, and a match that survives being killed at any moment."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import kill_points
import pytest
from click.testing import CliRunner
from conftest import report
from plain_person import first_legal_card, plain_answer, tables_made

from tarot.log import read_log
from tarot.storage.match_file import (
    SheetRow,
    deal_seed,
    dealer_text,
    index_path,
    load_match,
    read_index,
    sheet_lines,
)
from tarot.ui.cli import main

DEALS = 5
HANG = 600  # seconds: a command still running then is a hang, not a slow machine


def tarot_exe() -> str:
    exe = shutil.which("tarot", path=str(Path(sys.executable).parent)) or shutil.which("tarot")
    assert exe is not None
    return exe


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin, catch_exceptions=False)
    return result.exit_code, result.output


def auto_match(folder: Path, seed: int, deals: int = DEALS) -> Path:
    save = folder / f"m{seed}.jsonl"
    code, out = run(["play", "--seed", str(seed), "--auto", "--deals", str(deals),
                     "--save", str(save)])
    assert code == 0, out
    return save


def files_of(save: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(save.parent.glob(save.stem + "*"))
            if not p.name.startswith(".")}


def check_sheet(save: Path, deals: int) -> None:
    match = load_match(index_path(save))
    assert len(match.games) == deals and all(game.is_over for game in match.games)
    rows = match.sheet_rows()
    assert [row.deal for row in rows] == list(range(1, deals + 1))
    for row in rows:
        assert sum(row.settlement.scores) == 0
    assert sum(sum(row.settlement.scores) for row in rows) == 0
    # Deal 1 is the match's own seed; each deal passes to the right of the last dealer.
    entries = match.index.deals
    assert entries[0].seed == match.index.header.seed
    for before, entry, game in zip(entries, entries[1:], match.games, strict=False):
        assert entry.seed == deal_seed(match.index.header.seed, entry.deal)
        assert entry.dealer == (game.state.dealer + 1) % 4, (before, entry)


def test_an_auto_match_plays_its_deals_with_a_score_sheet(tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    code, out = run(["play", "--seed", "11", "--auto", "--deals", "3", "--save", str(save)])
    assert code == 0
    assert out.count("Score sheet") == 3
    assert "Deal 1 · seed 11 · rules standard" in out
    last = out[out.rindex("Score sheet"):].splitlines()
    assert [line.split()[0] for line in last[3:6]] == ["1", "2", "3"]
    assert last[7].split()[0] == "Total"
    totals = [int(v) for v in last[7].split()[1:]]
    assert sum(totals) == 0
    check_sheet(save, 3)
    # Each deal is an ordinary log; the match file is read by validate and audit.
    for entry in read_index(index_path(save)).deals:
        assert read_log(save.with_name(entry.log)).is_over
    code, out = run(["validate", str(index_path(save))])
    assert code == 0 and "a match of 3 deals (3 over)" in out
    code, out = run(["audit", str(index_path(save))])
    total = next(line for line in out.splitlines() if line.split()[:1] == ["Total"])
    assert code == 0 and total.split()[1:] == last[7].split()[1:]
    code, out = run(["audit", str(index_path(save)), "--json"])
    assert json.loads(out)["totals"] == totals


def test_an_auto_match_is_the_same_from_the_same_seed(tmp_path: Path) -> None:
    one, two = tmp_path / "a", tmp_path / "b"
    one.mkdir()
    two.mkdir()
    first = files_of(auto_match(one, 5, 3))
    second = files_of(auto_match(two, 5, 3))
    assert first.keys() == second.keys() and len(first) == 4
    for name in first:
        if name.endswith(".match.jsonl"):
            assert first[name] == second[name]
        else:  # the logs differ only in nothing: same seeds, same players
            assert first[name] == second[name], name


def test_one_deal_makes_no_match_file_and_another_deal_is_asked(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    code, out = run(["play", "--seed", "4", "--auto", "--save", str(save)])
    assert code == 0 and "Score sheet" in out and "Another deal?" not in out
    assert not index_path(save).exists()
    # A person is asked; the end of the input is a no.
    person = tmp_path / "p.jsonl"
    code, out = run(["play", "--resume", str(save)])
    assert code == 1 and "over" in out  # a finished single deal: nothing to resume
    assert not person.exists()


def test_a_tampered_match_file_is_refused_with_its_line(tmp_path: Path) -> None:
    save = auto_match(tmp_path, 3, 3)
    index = index_path(save)
    lines = index.read_text(encoding="utf-8").splitlines()
    entry = json.loads(lines[2])
    for change, expected in ((("dealer", (entry["dealer"] + 1) % 4), "dealer"),
                             (("seed", entry["seed"] + 1), "seed")):
        edited = dict(entry)
        edited[change[0]] = change[1]
        index.write_text("\n".join([lines[0], lines[1], json.dumps(edited), *lines[3:]])
                         + "\n", encoding="utf-8")
        code, out = run(["validate", str(index)])
        assert code == 1 and expected in out, out
    index.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run(["validate", str(index)])[0] == 0


@pytest.mark.slow
def test_two_hundred_matches_sum_to_zero(tmp_path: Path) -> None:
    for seed in range(200):
        folder = tmp_path / str(seed)
        folder.mkdir()
        check_sheet(auto_match(folder, seed), DEALS)


class MatchLost(AssertionError):
    """A kill left deal 1's log without the match index: resumed, it is a single game."""


@pytest.mark.slow
def test_a_match_killed_at_write_points_ends_as_the_uninterrupted_one(
        tmp_path: Path) -> None:
    """Kill `tarot play --auto --deals 4` (SIGKILL) three times a trial over twelve trials,
    each time resuming it with --resume, then resume it to the end: every file ends byte
    for byte as the uninterrupted match's.

    The kills fall at write points (kill_points): at every seam of the match (deal 1's
    log, the match index, each deal's line in it, the next deal's log: before, after, in
    the middle), one of them between deal 1's log and the index, and at write points drawn
    at random, so the same kills happen on any machine, however busy. A kill that loses
    the match (fault 2, before issue 23: the index was written after deal 1's log) fails
    the test with MatchLost once the other trials have run."""
    reference = tmp_path / "reference"
    reference.mkdir()
    save = reference / "m21.jsonl"
    start = [tarot_exe(), "play", "--seed", "21", "--auto", "--deals", "4", "--save"]
    trace = tmp_path / "trace"
    traced = subprocess.run([*start, str(save)], capture_output=True, text=True,
                            env=kill_points.child_environment(
                                kill_points.Plan(save=str(save), trace=str(trace))),
                            timeout=HANG)
    assert traced.returncode == 0, traced.stderr
    expected = files_of(save)
    assert expected == files_of(auto_match(tmp_path, 21, 4)), "the hook changed nothing"
    points = kill_points.read_trace(trace)
    seams = [(point.lines, how) for point in points if point.kind != "append"
             for how in point.hows()]
    assert (2, "before") in seams  # between deal 1's log (2 lines) and the match index
    rng = random.Random(21)
    drawn = [(point.lines, rng.choice(point.hows()))
             for point in rng.sample(points, 12 * 3 - len(seams))]
    kills = [*seams, *drawn]
    rng.shuffle(kills)
    trials = [sorted(kills[i:i + 3]) for i in range(0, len(kills), 3)]
    killed = 0
    lost: list[str] = []
    for trial, plans in enumerate(trials):
        folder = tmp_path / f"t{trial}"
        folder.mkdir()
        save = folder / "m21.jsonl"
        args = [*start, str(save)]
        for lines, how in plans:
            plan = kill_points.Plan(save=str(save), lines=lines, how=how)
            done = subprocess.run(args, capture_output=True, text=True, timeout=HANG,
                                  env=kill_points.child_environment(plan) | {"NO_COLOR": "1"})
            if done.returncode != -signal.SIGKILL:
                # Played to its end: a match lost at an earlier kill, which has no later
                # write point to die at.
                assert done.returncode == 0, (trial, plan, done.stderr)
                break
            killed += 1
            made = [path for path in (index_path(save), save) if path.exists()]
            if made:  # else killed before anything was saved: start again
                args = [tarot_exe(), "play", "--resume", str(made[0])]
        else:
            done = subprocess.run(args, capture_output=True, text=True, timeout=HANG,
                                  env={**os.environ, "NO_COLOR": "1"})
            # Killed after its last line, the match is over: the resume says so.
            assert done.returncode == 0 or (done.returncode == 1 and "over" in done.stderr), \
                (trial, plans, done.stdout[-500:], done.stderr)
        if not index_path(save).exists():
            lost.append(f"trial {trial}, kills {plans}: no match index, {sorted(files_of(save))}")
            continue
        assert files_of(save) == expected, (trial, plans)
    report("match kill campaign", [
        f"{len(trials)} trials, {len(kills)} kills planned at write points ({len(seams)} at "
        f"the seams of the match, {len(drawn)} drawn at random), {killed} SIGKILLed, every "
        f"match resumed to the uninterrupted one's bytes but {len(lost)} lost"])
    if lost:
        raise MatchLost("; ".join(lost))
    assert killed == len(kills)


def test_every_line_of_a_match_index_fits_its_schema(tmp_path: Path) -> None:
    from jsonschema import Draft202012Validator

    from tarot.storage.match_file import match_schema

    schema = match_schema()
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    save = auto_match(tmp_path, 8, 3)
    lines = index_path(save).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    for line in lines:
        assert validator.is_valid(json.loads(line)), line
    bad = json.loads(lines[1]) | {"dealer": 5}  # no table seats six
    assert not validator.is_valid(bad) and not validator.is_valid({"anything": 1})


def test_the_match_score_so_far_is_shown_during_the_next_deal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A person plays deal 1 (the first legal card each time), says yes to another deal,
    and quits at deal 2's first card: the table showed deal 1's scores as the match's."""
    import tarot.ui.terminal as terminal_module

    tables = tables_made(monkeypatch.setattr)

    def answer(prompt: str) -> str:
        said = plain_answer(prompt, bid="pass")
        if said is not None:
            return said
        if len(tables) == 2:
            raise terminal_module.QuitGame("stop in deal 2")
        return first_legal_card(tables[-1].game)

    monkeypatch.setattr(terminal_module, "_prompt", answer)
    save = tmp_path / "m.jsonl"
    code, out = run(["play", "--seed", "11", "--save", str(save)])
    assert code == 0
    first = read_log(save).settlement
    assert first is not None
    names = ("You", "East", "North", "West")  # the person sits South
    sheet = out[out.index("Score sheet"):].splitlines()
    assert sheet[1].split()[-4:] == list(names)
    expected = "Match, deal 2 · so far: " + ", ".join(
        f"{name} {score:+d}" for name, score in zip(names, first.scores, strict=True))
    assert expected in out
    assert "Match, deal 1" not in out  # nothing to show during the first deal


# -- the Dealer column after a redeal ---------------------------------------------


def sheet_row(deal: int, dealer: int, redeals: tuple[str, ...], scores: tuple[int, ...]
              ) -> SheetRow:
    from tarot.engine.events import Settlement

    settlement = Settlement(contract="garde", taker=0, multiplier=2, taker_half_points=100,
                            defence_half_points=82, taker_bouts=("T21", "EXC"),
                            target_half_points=82, contract_made=True, difference=9,
                            base=68, petit_au_bout=None, petit_au_bout_bonus=0, poignees=(),
                            chelem=(), per_defender=scores[1] * -1,
                            scores=scores)  # type: ignore[arg-type]
    return SheetRow(deal, dealer, settlement, (dealer + len(redeals)) % 4, redeals)


SHEET_NAMES = {"en": ("South", "East", "North", "West"), "fr": ("Sud", "Est", "Nord", "Ouest")}
SHEET_NOTES = {
    "en": ["* Deal 2: South dealt, all passed; the deal passed to East.",
           "* Deal 3: North dealt, all passed; the deal passed to West.",
           "* Deal 3: West dealt, a petit sec; the deal passed to South."],
    "fr": ["* Donne 2 : donneur Sud, tous ont passé ; la donne passe à Est.",
           "* Donne 3 : donneur Nord, tous ont passé ; la donne passe à Ouest.",
           "* Donne 3 : donneur Ouest, petit sec ; la donne passe à Sud."],
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_dealer_column_names_who_dealt_the_deal_played_and_marks_a_redeal(
        language: str) -> None:
    """Deal 1 dealt by West as dealt; deal 2 first dealt by South, all passed, so East
    dealt it; deal 3 first dealt by North, redealt twice (all passed, a petit sec), so
    South dealt it. The column says who dealt the deal played, starred, and a line under
    the sheet says each redeal; nothing wider than 80 columns, in either language."""
    from tarot.ui.language import use_language

    use_language(language)
    rows = [sheet_row(1, 3, (), (-204, 68, 68, 68)),
            sheet_row(2, 0, ("all_passed",), (204, -68, -68, -68)),
            sheet_row(3, 2, ("all_passed", "petit_sec"), (-204, 68, 68, 68))]
    names = SHEET_NAMES[language]
    # The longest contract name of the rule files, on the sheet as the rule file names it.
    lines = sheet_lines(rows, names, {"garde": "Garde contre"})
    assert lines[0] == {"en": "Score sheet", "fr": "Feuille de marque"}[language]
    assert [line.split()[1] for line in lines[3:6]] == [names[3], names[1] + "*",
                                                         names[0] + "*"]
    assert lines[-3:] == SHEET_NOTES[language]
    assert lines[7].split()[0] == "Total"
    assert max(len(line) for line in lines) <= 80, "\n".join(lines)
    # The columns stay aligned: every score ends where its seat's name does.
    ends = [lines[1].index(name) + len(name) for name in names]
    for line in lines[3:6]:
        assert [line[end - 1] for end in ends] == ["4", "8", "8", "8"]
    results = [line.split("Garde contre")[1].split()[:3] for line in lines[3:6]]
    assert results == [{"en": ["made", "by", "9"], "fr": ["fait", "de", "9"]}[language]] * 3
    # The page's sheet writes the first dealer and the one that dealt it.
    assert [dealer_text(row, names) for row in rows] == [
        names[3], f"{names[0]}→{names[1]}", f"{names[2]}→{names[3]}→{names[0]}"]


def test_the_english_sheet_keeps_its_columns() -> None:
    rows = [sheet_row(1, 3, (), (-204, 68, 68, 68))]
    lines = sheet_lines(rows, SHEET_NAMES["en"], {"garde": "Garde"})
    assert lines[1] == ("Deal  Dealer  Taker   Contract      Result         South    East   "
                        "North    West")
    assert lines[3] == ("   1  West    South   Garde         made by 9       -204     +68     "
                        "+68     +68")


def redealt_match(folder: Path) -> tuple[Path, int]:
    """The first auto match of two deals, seed 1 on, with a redeal in a deal: the save and
    the number of that deal."""
    for seed in range(1, 60):
        save = auto_match(folder, seed, 2)
        for entry in read_index(index_path(save)).deals:
            if '"redeal"' in save.with_name(entry.log).read_text(encoding="utf-8"):
                return save, entry.deal
    raise AssertionError("no auto match of seeds 1-59 redeals: widen the search")


def test_a_redealt_deal_shows_its_real_dealer_at_the_table_and_in_the_audit(
        tmp_path: Path) -> None:
    save, deal = redealt_match(tmp_path)
    match = load_match(index_path(save))
    entry = match.index.deals[deal - 1]
    game = match.games[deal - 1]
    played_by = game.state.dealer
    assert played_by != entry.dealer  # the redeal moved the deal on
    names = ("South", "East", "North", "West")
    code, out = run(["audit", str(index_path(save))])
    assert code == 0
    row = next(line for line in out.splitlines() if line.split()[:1] == [str(deal)])
    assert row.split()[1] == names[played_by] + "*"
    # One redeal: "South dealt, …"; several in a row: "… dealt by South→East→…".
    assert (f"* Deal {deal}: {names[entry.dealer]} dealt, " in out
            or f", dealt by {names[entry.dealer]}→" in out)
    assert max(len(line) for line in out.splitlines()) <= 80
    code, out = run(["audit", str(index_path(save)), "--json"])
    listed = json.loads(out)["deals"][deal - 1]
    assert (listed["dealer"], listed["dealt_by"]) == (entry.dealer, played_by)
    assert listed["redeals"] and set(listed["redeals"]) <= {"all_passed", "petit_sec"}
    # The replay page's sheet: from the first dealer to the one who dealt it.
    from tarot.ui.replay_page import match_document

    page_row = match_document(index_path(save), match, names, None)["sheet"]["rows"][deal - 1]
    dealers = [names[(entry.dealer + step) % 4] for step in range(len(listed["redeals"]) + 1)]
    assert page_row["dealer"] == "→".join(dealers) and dealers[-1] == names[played_by]
    # The sheet the table prints after the match's last deal says the same.
    seed = match.index.header.seed
    again = tmp_path / "again"
    again.mkdir()
    code, out = run(["play", "--seed", str(seed), "--auto", "--deals", "2", "--save",
                     str(again / "m.jsonl")])
    sheet = out[out.rindex("Score sheet"):].splitlines()
    assert next(line for line in sheet if line.split()[:1] == [str(deal)]).split()[1] == \
        names[played_by] + "*"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_long_match_sheet_shows_its_last_deals_and_the_totals_of_all(language: str) -> None:
    """Between deals the sheet shows the last deals only, after a line that says how many
    came before; the totals are every deal's (a match of 25 deals, the last 20 shown)."""
    from tarot.ui.language import use_language

    use_language(language)
    rows = [sheet_row(deal, deal % 4, (), (-204 + deal, 68, 68, 68 - deal))
            for deal in range(1, 26)]
    names = SHEET_NAMES[language]
    lines = sheet_lines(rows, names, {"garde": "Garde"}, last=20)
    shown = [int(line.split()[0]) for line in lines if line.split()[:1]
             and line.split()[0].isdigit()]
    assert shown == list(range(6, 26))
    assert lines[3] == {"en": "(5 deals before these: on the sheets above)",
                        "fr": "(5 donnes avant celles-ci\u00a0: sur les feuilles plus haut)"
                        }[language]
    total = next(line for line in lines if line.split()[:1] == ["Total"])
    assert total.split()[1:] == [f"{-204 * 25 + 325:+d}", "+1700", "+1700",
                                 f"{68 * 25 - 325:+d}"]
    assert sheet_lines(rows, names, {"garde": "Garde"}) == sheet_lines(
        rows, names, {"garde": "Garde"}, last=25)  # all of them: no line about earlier
