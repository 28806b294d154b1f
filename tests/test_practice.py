"""Practice with take-backs (``tarot play --practice``): ``undo`` at the person's prompts,
the ``undo`` event and the practice header in the log, and every reader of a log with
take-backs in it (validate, resume, replay, review, audit, the replay page, saves)."""

from __future__ import annotations

import dataclasses
import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from plain_person import first_legal_card, plain_answer, tables_made
from rich.console import Console

from tarot.engine import phases
from tarot.engine.events import Deal, Event, Play, TrickTaken, Undo
from tarot.engine.game import Game, in_force
from tarot.engine.walk import walk
from tarot.errors import IllegalAction
from tarot.log import LogError, dumps_log, load_log, read_events, read_log, replay_lines
from tarot.ui.cli import main
from tarot.ui.commands.play import TerminalTable
from tarot.ui.language import use_language
from tarot.ui.session import PlayOptions, SessionError, play_session
from tarot.ui.terminal import TerminalGame

ROOT = Path(__file__).resolve().parents[1]
PEOPLE = ("person", "rules", "rules", "rules")


class Person:
    """Answers plainly (a Garde, the automatic discard, no chelem, the first legal card),
    but types the words given for the card prompts by their number (1 the first: each time
    the card is asked, a refusal asking it again included), and
    ``undo`` at the first bid; keeps every prompt and stops with ``quit`` at ``stop``."""

    def __init__(self, tables: list[TerminalGame], at_card: dict[int, str],
                 first_bid: str = "undo", stop: int | None = None) -> None:
        self.tables = tables
        self.at_card = at_card
        self.first_bid: str | None = first_bid
        self.cards = 0
        self.stop = stop

    def __call__(self, prompt: str) -> str:
        if prompt.startswith("Your bid") and self.first_bid is not None:
            said, self.first_bid = self.first_bid, None
            return said
        if prompt.startswith("Another deal"):
            return "n"
        plain = plain_answer(prompt, "garde")
        if plain is not None:
            return plain
        if prompt.startswith("Which one"):
            return ""
        self.cards += 1
        if self.cards == self.stop:
            return "quit"
        typed = self.at_card.get(self.cards)
        if typed is not None:
            return typed
        return first_legal_card(self.tables[-1].game)


def other_legal_card(game: Game) -> str:
    """The number in the person's hand of a legal card other than the first one, if any."""
    legal = game.legal_cards()
    card = legal[-1] if len(legal) > 1 else legal[0]
    return str(game.hand(0).index(card) + 1)


def play(options: PlayOptions, person: Callable[[list[TerminalGame]], Person],
         monkeypatch: pytest.MonkeyPatch) -> str:
    """The game ``options`` asks for, played in line mode by ``person``: what it shows."""
    use_language("en")
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, highlight=False)
    tables = tables_made(monkeypatch.setattr)
    play_session(options, TerminalTable(0, console=console, ask_line=person(tables)))
    return out.getvalue()


class Undoer(Person):
    """Plays a card, then at the next card prompt types ``undo`` and plays another card
    than the one taken back."""

    def __call__(self, prompt: str) -> str:
        said = super().__call__(prompt)
        if said == "other":
            return other_legal_card(self.tables[-1].game)
        return said


def practice_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                  stop: int | None = 5) -> tuple[Path, str]:
    save = tmp_path / "practice.jsonl"
    shown = play(PlayOptions(seed=3, level="rules", save_path=save, practice=True),
                 lambda tables: Undoer(tables, {2: "undo", 3: "other"}, stop=stop),
                 monkeypatch)
    return save, shown


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_practice_game_takes_back_a_card_and_saves_the_undo(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save, shown = practice_game(tmp_path, monkeypatch)
    assert "✗ Nothing to take back: you have made no decision yet in this deal." in shown
    header, *events = lines_of(save)
    assert header["practice"] is True
    assert list(header)[-1] == "practice"
    undos = [e for e in events if e["type"] == "undo"]
    assert len(undos) == 1
    undo = undos[0]
    taken = events[undo["to"]]
    assert taken["type"] == "play" and taken["seat"] == 0
    # The person's first card is the one taken back, and the card played after it is another.
    person_cards = [e for e in events if e["type"] == "play" and e["seat"] == 0]
    assert person_cards[0] is taken
    after = [e for e in events[undo["seq"]:] if e["type"] == "play"]
    assert after[0]["seat"] == 0 and after[0]["card"] != taken["card"]
    assert f"You take back: You play {shown_card(taken['card'])}" in shown
    # The log reads back: the state is the one after the events in force.
    game = read_log(save, allow_incomplete=True)
    assert isinstance(game.events[undo["to"]], Play)
    assert undo["to"] not in in_force(game.events)
    assert game.phase == phases.TRICKS
    result = CliRunner().invoke(main, ["validate", "--allow-incomplete", str(save)])
    assert result.exit_code == 0, result.output
    # The file is the writer's bytes: written back whole, byte for byte.
    assert dumps_log(game.header, game.events) == save.read_text(encoding="utf-8")


def shown_card(code: str) -> str:
    from tarot.engine.cards import CARD_BY_CODE, display
    return display(CARD_BY_CODE[code])


def test_a_practice_game_resumes_after_its_undo_and_every_reader_takes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save, _shown = practice_game(tmp_path, monkeypatch)
    stopped = read_log(save, allow_incomplete=True)
    # Resumed: the state is rebuilt past the undo, and the person may take back again.
    shown = play(PlayOptions(resume_name=str(save)),
                 lambda tables: Undoer(tables, {1: "undo", 2: "other"}, first_bid=""),
                 monkeypatch)
    assert "You take back: You play" in shown
    game = read_log(save)
    assert game.is_over and game.header.practice is True
    assert game.events[:len(stopped.events)] == stopped.events
    assert sum(isinstance(e, Undo) for e in game.events) == 2
    runner = CliRunner()
    result = runner.invoke(main, ["validate", str(save)])
    assert result.exit_code == 0, result.output
    # The replay tells each take-back at its place, the decision taken back named.
    result = runner.invoke(main, ["replay", str(save)])
    assert result.exit_code == 0, result.output
    takes = [line for line in result.output.splitlines() if "takes back" in line]
    assert len(takes) == 2 and all("South takes back: South plays" in t for t in takes), takes
    result = runner.invoke(main, ["--lang", "fr", "replay", str(save)])
    assert result.output.count("Sud reprend : Sud joue") == 2, result.output
    # The audit, the replay page and the review read it too.
    result = runner.invoke(main, ["audit", str(save)])
    assert result.exit_code == 0, result.output
    page = tmp_path / "practice.html"
    result = runner.invoke(main, ["replay", str(save), "--html", str(page)])
    assert result.exit_code == 0 and page.stat().st_size > 0, result.output
    result = runner.invoke(main, ["review", str(save)])
    assert result.exit_code == 0, result.output
    void = set(range(len(game.events))) - set(in_force(game.events))
    reviewed = {int(line.split()[0]) for line in result.output.splitlines()
                if line[:4].strip().isdigit()}
    assert reviewed and not reviewed & void, (reviewed, void)


def test_saves_marks_a_practice_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "data" / "tarot" / "games"
    folder.mkdir(parents=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    save, _shown = practice_game(tmp_path, monkeypatch)
    (folder / "practice.jsonl").write_bytes(save.read_bytes())
    (folder / "plain.jsonl").write_bytes((ROOT / "replays" / "garde.jsonl").read_bytes())
    result = CliRunner().invoke(main, ["saves"])
    assert result.exit_code == 0, result.output
    practice = [line for line in result.output.splitlines() if line.startswith("practice ")]
    plain = [line for line in result.output.splitlines() if line.startswith("plain ")]
    assert "practice, in progress" in practice[0], result.output
    assert "practice" not in plain[0], result.output


def test_undo_without_practice_says_where_it_works(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "plain.jsonl"
    shown = play(PlayOptions(seed=3, level="rules", save_path=save),
                 lambda tables: Person(tables, {2: "undo", 3: "zz"}, stop=4), monkeypatch)
    refusals = [line for line in shown.splitlines() if "✗" in line]
    # At the bid and at the card: where undo works, not the list of bids or "not a card";
    # a word that names nothing is still refused as before. Nothing taken back.
    assert len(refusals) == 3, refusals
    where = "✗ undo works only in a practice game (tarot play --practice)"
    assert refusals[0].endswith(where) and refusals[1].endswith(where), refusals
    assert "practice" not in refusals[2] and "zz" in refusals[2], refusals
    assert "take back" not in shown
    header, *events = lines_of(save)
    assert "practice" not in header
    assert all(e["type"] != "undo" for e in events)


def test_practice_is_refused_with_auto_and_on_a_game_that_was_not_practice(
        tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["play", "--practice", "--auto", "--save",
                                  str(tmp_path / "a.jsonl")])
    assert result.exit_code == 1 and "--practice and --auto" in result.output, result.output
    assert not (tmp_path / "a.jsonl").exists()
    stopped = tmp_path / "stopped.jsonl"
    stopped.write_text("".join(line + "\n" for line in
                               (ROOT / "replays" / "garde.jsonl").read_text().splitlines()[:20]))
    before = stopped.read_bytes()
    result = runner.invoke(main, ["play", "--resume", str(stopped), "--practice", "--plain"],
                           input="quit\n")
    assert result.exit_code == 1, result.output
    assert "--practice (the game was not started as a practice game)" in result.output
    assert stopped.read_bytes() == before
    with pytest.raises(SessionError):
        from tarot.ui.session import new_game
        new_game(PlayOptions(auto=True, practice=True))


# -- the engine and the reader -----------------------------------------------------


def practice(game: Game) -> Game:
    game.header = dataclasses.replace(game.header, practice=True)
    return game


def played_to(game: Game, rng: random.Random, person_cards: int) -> Game:
    """``game`` played at random until the person (P0) has played ``person_cards`` cards."""
    while sum(isinstance(e, Play) and e.seat == 0 for e in game.events) < person_cards:
        game.play(rng.choice(game.legal_actions()))
    return game


def test_an_undo_returns_to_the_state_just_before_the_decision() -> None:
    rng = random.Random(5)
    game = practice(Game.new(seed=7, players=PEOPLE))
    played_to(game, rng, 3)
    while game.turn != 0:  # the moment before the person's fourth card
        game.play(rng.choice(game.legal_actions()))
    before, seq = game.state.clone(), len(game.events)
    game.play(rng.choice(game.legal_actions()))
    for _ in range(6):  # the computer players answer, a trick is taken
        if game.turn == 0:
            break
        game.play(rng.choice(game.legal_actions()))
    assert game.undo_target() == seq
    assert game.undo() == [Undo(to=seq)]
    assert game.state == before
    assert game.turn == 0
    # Taken back again: the person's third card, an earlier trick.
    third = game.undo_target()
    assert third is not None and third < seq
    game.undo()
    assert game.events[-2:] == [Undo(to=seq), Undo(to=third)]
    assert max(in_force(game.events)) < third


def test_an_undo_is_refused_without_practice_or_with_nothing_to_take_back() -> None:
    plain = Game.new(seed=7, players=PEOPLE)
    with pytest.raises(IllegalAction) as raised:
        plain.undo()
    assert raised.value.code == "undo_not_practice"
    game = practice(Game.new(seed=7, players=PEOPLE))
    assert game.undo_target() is None
    with pytest.raises(IllegalAction) as raised:
        game.undo()
    assert raised.value.code == "bad_undo"
    events = list(game.events)
    assert game.events == events  # nothing written


def test_the_reader_refuses_a_forged_undo(tmp_path: Path) -> None:
    rng = random.Random(2)
    game = played_to(practice(Game.new(seed=7, players=PEOPLE)), rng, 2)
    lines = dumps_log(game.header, game.events).splitlines()
    mine = next(seq for seq, e in enumerate(game.events) if isinstance(e, Play) and e.seat == 0)
    theirs = next(seq for seq, e in enumerate(game.events) if isinstance(e, Play) and e.seat == 1)

    def code(header: dict[str, object], to: int, extra: tuple[str, ...] = ()) -> str:
        forged = [json.dumps(header), *lines[1:], *extra,
                  json.dumps({"seq": len(lines) - 1 + len(extra), "type": "undo", "to": to})]
        with pytest.raises(LogError) as raised:
            replay_lines(forged, allow_incomplete=True)
        return raised.value.problem.code

    header = json.loads(lines[0])
    plain = {k: v for k, v in header.items() if k != "practice"}
    assert code(plain, mine) == "undo_not_practice"
    assert code(header, theirs) == "bad_undo"  # a computer's card
    assert code(header, len(lines) + 5) == "bad_undo"  # not an earlier event
    assert code(header, 0) == "bad_undo"  # the deal itself
    trick = next(seq for seq, e in enumerate(game.events) if e.type == "trick")
    assert code(header, trick) == "bad_undo"  # a derived event
    # A decision already taken back is not in force: it cannot be taken back twice.
    undone = json.dumps({"seq": len(lines) - 1, "type": "undo", "to": mine})
    assert code(header, mine, (undone,)) == "bad_undo"
    # The message names the line.
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join([json.dumps(plain), *lines[1:], json.dumps(
        {"seq": len(lines) - 1, "type": "undo", "to": mine})]) + "\n")
    result = CliRunner().invoke(main, ["validate", "--allow-incomplete", str(forged)])
    assert result.exit_code == 1
    assert f"event #{len(lines) - 1} (undo): undo_not_practice" in result.output


def test_an_undo_never_goes_back_past_a_redeal() -> None:
    game = practice(Game.new(seed=11, players=PEOPLE))
    bid = len(game.events)
    while game.deal_number == 0:  # seed 11: everyone passes, and the deal is void
        game.play(game.legal_actions()[0])
    assert isinstance(game.events[-1], Deal) and game.deal_number == 1
    assert game.undo_target() is None  # the person has not bid in this deal yet
    with pytest.raises(IllegalAction) as raised:
        game.undo(bid)
    assert raised.value.code == "bad_undo"


def test_a_finished_practice_game_is_walked_and_rescored_from_its_decisions() -> None:
    """The walk's steps after an undo are the rebuilt game's; a walk of the decisions alone
    (the re-scoring under other rules) finds each undo's target at its new place."""
    rng = random.Random(4)
    game = played_to(practice(Game.new(seed=7, players=PEOPLE)), rng, 5)
    game.undo()
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    steps = list(walk(game))
    undo_step = next(step for step in steps if isinstance(step.event, Undo))
    assert undo_step.seq == next(seq for seq, e in enumerate(game.events)
                                 if isinstance(e, Undo))
    assert walk(game).finish().settlement == game.settlement
    assert walk(game, decisions_only=True).finish().settlement == game.settlement
    from tarot.explain.audit import audit
    assert audit(game) is not None


def test_old_logs_read_and_write_back_byte_for_byte() -> None:
    for path in sorted((ROOT / "replays").glob("*.jsonl")):
        header, events = read_events(path)
        assert header.practice is None
        assert dumps_log(header, events) == path.read_text(encoding="utf-8"), path
        assert '"practice"' not in path.read_text(encoding="utf-8").splitlines()[0]


def test_a_practice_log_loads_with_its_event_count() -> None:
    rng = random.Random(9)
    game = played_to(practice(Game.new(seed=7, players=PEOPLE)), rng, 2)
    game.undo()
    text = dumps_log(game.header, game.events)
    again = replay_lines(text.splitlines(), allow_incomplete=True)
    assert again.events == game.events and again.state == game.state


def test_load_log_counts_the_undo_line(tmp_path: Path) -> None:
    rng = random.Random(9)
    game = played_to(practice(Game.new(seed=7, players=PEOPLE)), rng, 2)
    game.undo()
    path = tmp_path / "p.jsonl"
    path.write_text(dumps_log(game.header, game.events), encoding="utf-8")
    loaded = load_log(path, allow_incomplete=True)
    assert loaded.event_lines == len(game.events) and loaded.lines_are_prefix


def test_undo_typed_on_the_full_screen_takes_back_the_card(tmp_path: Path) -> None:
    """The full screen has the line mode's answer line: ``undo`` typed there is the same
    take-back, told in the story and saved."""
    import asyncio

    from screen_driver import ask_settled, type_answer, until
    from test_screen import garde_to_the_first_card
    from textual.pilot import Pilot

    from tarot.ui.screen.app import TableApp
    from tarot.ui.screen.game import Kind

    use_language("en")
    save = tmp_path / "screen.jsonl"
    app = TableApp(PlayOptions(seed=3, save_path=save, level="rules", practice=True))

    async def keys(pilot: Pilot[None]) -> None:
        await garde_to_the_first_card(pilot)
        await pilot.press("enter")  # the card under the cursor
        while (await ask_settled(pilot)).snapshot.kind is Kind.PAUSE:
            await pilot.press("enter")  # the trick read
        await type_answer(pilot, "undo")
        await ask_settled(pilot, Kind.CARD)
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "the screen left")

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await keys(pilot)

    asyncio.run(run())
    game = read_log(save, allow_incomplete=True)
    undos = [e for e in game.events if isinstance(e, Undo)]
    assert len(undos) == 1
    taken = game.events[undos[0].to]
    assert isinstance(taken, Play) and taken.seat == 0
    assert game.turn == 0 and game.state.hands[0].bit_count() == 18


def test_each_deal_of_a_practice_match_is_a_practice_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "match.jsonl"
    play(PlayOptions(seed=3, level="rules", save_path=save, deals=2, practice=True),
         lambda tables: Person(tables, {}, first_bid="garde"), monkeypatch)
    for log in (save, tmp_path / "match.deal-2.jsonl"):
        game = read_log(log)
        assert game.is_over and game.header.practice is True, log
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "match.match.jsonl")])
    assert result.exit_code == 0, result.output


def test_undo_at_the_poignee_question_takes_back_the_decision_before_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``undo`` at the poignée's own question (inside the card prompt) takes back the
    person's previous decision, the chelem here; a bid taken back is told as a bid."""
    save = tmp_path / "poignee.jsonl"

    class Showing(Person):
        def __call__(self, prompt: str) -> str:
            if prompt.startswith("Discard"):
                return "2S 3H 4D 5C T6 T7"
            if prompt.startswith("Which one"):
                self.at_card.clear()
                return "undo"
            return super().__call__(prompt)

    shown = play(PlayOptions(deal_name="four-kings-triple", save_path=save, level="rules",
                             practice=True),
                 lambda tables: Showing(tables, {1: "p"}, first_bid="garde", stop=3),
                 monkeypatch)
    assert "You take back: You declare no chelem; the deal goes back" in shown
    game = read_log(save, allow_incomplete=True)
    undo = next(e for e in game.events if isinstance(e, Undo))
    assert game.events[undo.to].type == "chelem"
    # Taken back further, to the bid: told as a bid.
    while game.events[game.undo()[0].to].type != "bid":  # type: ignore[union-attr]
        pass
    from tarot.explain.narrate import Narrator
    narrator = Narrator(game.rules, ("South", "East", "North", "West"))
    narrator.events = game.events
    assert narrator.lines(game.events[-1]) == [
        "South takes back: the bid Garde; the deal goes back to just before it."]


def test_the_table_tells_the_deal_as_it_stands_after_a_take_back(tmp_path: Path) -> None:
    """A take-back into a trick already taken: the end of the deal lists each trick once,
    and `last` shows the trick in force, not the one taken back."""
    from test_cli import ANY_CARD

    save = tmp_path / "practice.jsonl"
    # Seed 2026, rules players: everyone passes, then North takes a Garde after the
    # redeal; South plays the last card of trick 1 (3♠), and once trick 2 has begun takes
    # it back, the taken trick 1 with it, and plays 6♠ instead.
    result = CliRunner().invoke(main, [
        "--lang", "en", "play", "--practice", "--plain", "--seed", "2026", "--level",
        "rules", "--save", str(save)], input="pass\npass\n1\nundo\nlast\n2\n" + ANY_CARD)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You take back: You play 3♠" in out
    after_undo = out[out.index("You take back"):]
    assert "No trick has been played yet." in after_undo.split("You play 6♠")[0]
    ending = out[out.index("Tricks (the leader first"):].splitlines()
    numbers = [int(line.split(".")[0]) for line in ending[1:]
               if line.strip()[:1].isdigit() and ". " in line]
    assert numbers == list(range(1, 19)), ending
    assert "   1. East K♠  North T1 ✓  West 1♠  You 6♠" in ending
    # How to deal it again says it was a practice game.
    assert "  tarot play --seed 2026 --level rules --practice" in ending


def test_a_practice_log_of_decisions_alone_reads_its_undos_by_its_own_numbers(
        tmp_path: Path) -> None:
    """A log may leave out the derived events: its lines are numbered without them, and an
    undo's ``to`` names a line of that log, which the reader places among the game's."""
    rng = random.Random(4)
    game = practice(Game.new(seed=9, players=PEOPLE))
    played_to(game, rng, 4)
    while game.turn != 0:
        game.play(rng.choice(game.legal_actions()))
    game.undo()
    played_to(game, rng, 6)
    full = dumps_log(game.header, game.events).splitlines()
    renumbered: dict[int, int] = {}
    alone = [full[0]]
    for line in full[1:]:
        data = json.loads(line)
        if data["type"] in {"chien_shown", "trick", "redeal", "settlement",
                            "partner_revealed"}:
            continue
        renumbered[data["seq"]] = len(alone) - 1
        data["seq"] = len(alone) - 1
        if data["type"] == "undo":
            data["to"] = renumbered[data["to"]]
        alone.append(json.dumps(data))
    assert len(alone) < len(full)
    path = tmp_path / "alone.jsonl"
    path.write_text("\n".join(alone) + "\n", encoding="utf-8")
    loaded = load_log(path, allow_incomplete=True).game
    assert loaded.events == game.events
    assert loaded.state == game.state
    # A bad `to` is named as the log numbers it: here a computer's card shortly before the
    # undo (a line's seq is its index less one: the header comes first).
    undo_line = next(i for i, line in enumerate(alone) if '"undo"' in line)
    computer = next(json.loads(line)["seq"] for line in reversed(alone[1:undo_line])
                    if json.loads(line).get("seat", 0) != 0)
    data = json.loads(alone[undo_line])
    data["to"] = computer
    path.write_text("\n".join([*alone[:undo_line], json.dumps(data), *alone[undo_line + 1:]])
                    + "\n", encoding="utf-8")
    with pytest.raises(LogError) as raised:
        load_log(path, allow_incomplete=True)
    assert raised.value.problem.code == "bad_undo"
    assert f"event #{computer} is not a decision of a person's seat" in str(raised.value)


def test_the_last_card_is_asked_so_that_the_one_before_it_can_be_taken_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "practice.jsonl"
    # The 18th card prompt is the last card's (a Garde is South's: no refusal asks again):
    # there the 17th card is taken back, and played again.
    shown = play(PlayOptions(seed=3, level="rules", save_path=save, practice=True),
                 lambda tables: Person(tables, {18: "undo"}), monkeypatch)
    assert "You play your last card" not in shown
    events = read_log(save).events
    undos = [e for e in events if isinstance(e, Undo)]
    assert len(undos) == 1  # (the undo typed at the first bid had nothing to take back)
    taken = events[undos[0].to]
    assert isinstance(taken, Play) and taken.seat == 0
    assert sum(isinstance(e, Play) and e.seat == 0 for e in events[:undos[0].to]) == 16
    standing = [events[seq] for seq in in_force(events)]
    assert sum(isinstance(e, Play) and e.seat == 0 for e in standing) == 18


class PauseUndoer(Person):
    """Plays plainly, and types ``undo`` at the pause after the second trick."""

    def __init__(self, tables: list[TerminalGame]) -> None:
        super().__init__(tables, {}, first_bid="garde")
        self.pauses = 0

    def __call__(self, prompt: str) -> str:
        if prompt.startswith("(Enter to go on)"):
            self.pauses += 1
            return "undo" if self.pauses == 2 else ""
        return super().__call__(prompt)


def test_undo_at_the_pause_after_a_trick_takes_back_the_card_before_anyone_plays_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "practice.jsonl"
    use_language("en")
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, highlight=False)
    tables = tables_made(monkeypatch.setattr)
    person = PauseUndoer(tables)
    play_session(PlayOptions(seed=3, level="rules", save_path=save, practice=True),
                 TerminalTable(None, console=console, ask_line=person, interactive=True))
    events = read_log(save).events
    undos = [seq for seq, e in enumerate(events) if isinstance(e, Undo)]
    assert len(undos) == 1, out.getvalue()
    undo = events[undos[0]]
    assert isinstance(undo, Undo)
    taken = events[undo.to]
    assert isinstance(taken, Play) and taken.seat == 0
    # Right after the second trick: nobody played between the trick taken and the undo.
    assert isinstance(events[undos[0] - 1], TrickTaken) and events[undos[0] - 1].number == 2
    assert "You take back: You play" in out.getvalue()


def test_replay_marks_each_event_taken_back_with_the_undo_that_voided_it(
        tmp_path: Path) -> None:
    save = tmp_path / "practice.jsonl"
    # Seed 2026, rules players (as above): South's 3♠ ends trick 1, North and West play to
    # trick 2, then South takes the 3♠ back.
    CliRunner().invoke(main, ["--lang", "en", "play", "--practice", "--plain", "--seed",
                              "2026", "--level", "rules", "--save", str(save)],
                       input="pass\npass\n1\nundo\n2\nq\n")
    game = read_log(save, allow_incomplete=True)
    undo = next(seq for seq, e in enumerate(game.events) if isinstance(e, Undo))
    result = CliRunner().invoke(main, ["--lang", "en", "replay", "--allow-incomplete",
                                       str(save)])
    assert result.exit_code == 0, result.output
    marked = {int(line.split()[0]) for line in result.output.splitlines()
              if line.endswith(f"(taken back at {undo})")}
    taken_back = game.events[undo]
    assert isinstance(taken_back, Undo)
    assert marked == set(range(taken_back.to, undo))
    assert len(marked) == 4  # 3♠, trick 1, North's and West's cards


class CountedEvents(list[Event]):
    """A game's events that count how often they are read, one by one or all through: the
    work a take-back does, counted rather than timed."""

    reads = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        CountedEvents.reads += 1
        return super().__getitem__(index)

    def __iter__(self):  # type: ignore[no-untyped-def]
        for event in super().__iter__():
            CountedEvents.reads += 1
            yield event


def reads_to_load(cycles: int) -> int:
    """The event reads it takes to load a practice log of ``cycles`` bids each taken back."""
    game = practice(Game.new(seed=7, players=PEOPLE))
    while game.turn != 0:
        game.play(game.legal_actions()[0])
    for _ in range(cycles):
        game.play(game.legal_actions()[0])
        game.undo()
    loaded = Game(game.header, game.rules)
    loaded.events = CountedEvents()
    CountedEvents.reads = 0
    for event in game.events:
        loaded.record(event)
    assert loaded.state == game.state
    return CountedEvents.reads


def test_a_practice_log_loads_in_time_linear_in_its_undos() -> None:
    """Each take-back costs the events since the last, not the whole log: ten times the
    undos, about ten times the work (it was a hundred times: every undo read the log)."""
    small, large = reads_to_load(100), reads_to_load(1_000)
    assert large <= 12 * small, (small, large)
