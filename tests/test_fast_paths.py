"""The replay's fast paths, and the walker over a game's steps.

``tarot.log.fast_paths`` takes a line without pydantic's parse when its bytes are the
writer's: those bytes are held here to what pydantic's serialiser writes for the same
event (its model's ``model_dump``, written by ``json.dumps`` as the log writes JSON), and
to what pydantic reads back from them, over many random games' events.

``tarot.engine.walk`` is held to a fresh replay at every step: the steps' seqs, the game
after each, the game the ``before`` hook sees, and the seq of a refused event.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import play_out, random_game

from tarot.bots.random_player import random_action
from tarot.engine import phases
from tarot.engine.events import DERIVED_TYPES, Bid, Chelem, Deal, Event, Play, Poignee
from tarot.engine.game import Game
from tarot.engine.rule_files import known_rule_sets, load_rules
from tarot.engine.state import DealState
from tarot.engine.walk import Step, walk
from tarot.errors import IllegalAction
from tarot.explain.audit import replay_decisions
from tarot.log import LINE_MODELS, LogError, event_from_line, read_events, write_log
from tarot.log import walk as walk_log
from tarot.log.codec import validate_line
from tarot.log.fast_paths import decision_tails, due_as_written
from tarot.storage.named_deals import Script, load_named_deal, named_deals

# Every rule set, at every table size (three, four, five).
RULE_SETS = known_rule_sets()
REPLAYS = Path(__file__).resolve().parents[1] / "replays"


def pydantic_line(seq: int, event: Event) -> str:
    """The line pydantic's serialiser writes for ``event`` at ``seq``."""
    model = LINE_MODELS[type(event)]
    line = model(seq=seq, **{f.name: getattr(event, f.name) for f in dataclasses.fields(event)})
    return json.dumps(line.model_dump(mode="json"), ensure_ascii=False)


def random_games(rules: str, count: int) -> list[Game]:
    """``count`` random games, and as many again that begin with every seat passing (a
    redeal, which random bidding rarely gives)."""
    rng = random.Random(f"fast paths {rules}")
    games = [play_out(Game.new(seed, rules=rules), rng) for seed in range(count)]
    for seed in range(count):
        game = Game.new(seed, rules=rules)
        for _ in range(game.rules.players):
            game.play(Bid(seat=game.turn, contract=None))  # type: ignore[arg-type]
        games.append(play_out(game, rng))
    return games


# -- the fast paths --------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_decision_tail_is_the_line_pydantic_writes_and_reads(rules: str) -> None:
    """Each of the few hundred lines the replay takes by its bytes (every card by every
    seat at the table, every bid and chelem call), after its seq, is pydantic's own line
    for the event it is taken as, and pydantic reads that line back as the same event."""
    ruleset = load_rules(rules)
    tails = decision_tails(ruleset)
    seats = ruleset.players
    assert len(tails) == seats * 78 + seats * (1 + len(ruleset.contracts)) + seats * 2
    assert {event.seat for event in tails.values()} == set(range(seats))  # type: ignore[attr-defined]
    for seq in (0, 7, 123):
        for tail, event in tails.items():
            line = f'{{"seq": {seq}, {tail}'
            assert line == pydantic_line(seq, event)
            assert event_from_line(validate_line(line)) == event


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_fast_paths_take_every_decision_and_due_event_of_random_games(rules: str) -> None:
    """Over many random games, every card, bid and chelem call as pydantic writes it is a
    decision tail for that very event; every derived event and every deal from the seed
    as pydantic writes it is the event due there; and the other decisions (a discard, a
    poignée, a call) are left to the parse."""
    ruleset = load_rules(rules)
    tails = decision_tails(ruleset)
    taken: set[str] = set()

    def check_line(seq: int, event: Event, game: Game) -> None:
        line = pydantic_line(seq, event)
        prefix = f'{{"seq": {seq}, '
        assert line.startswith(prefix)
        if isinstance(event, (Play, Bid, Chelem)):
            assert tails[line[len(prefix):]] == event
            taken.add(event.type)
        elif type(event) in DERIVED_TYPES or (isinstance(event, Deal)
                                              and game.can_deal_from_seed()):
            assert due_as_written(game, seq, line) == event
            taken.add(event.type)
        else:
            assert line[len(prefix):] not in tails
            assert due_as_written(game, seq, line) is None

    for game in random_games(rules, 100):
        walk(game, before=check_line).finish()
    expected = {"deal", "bid", "chien_shown", "chelem", "play", "trick", "redeal",
                "settlement"}
    if ruleset.players == 5:
        expected.add("partner_revealed")
    assert taken == expected, taken


def test_a_line_written_otherwise_is_not_taken_by_its_bytes() -> None:
    """The same event with other spacing or key order is pydantic's to read, not a fast
    path's: the bytes recognised are exactly the writer's."""
    game = random_game(3, 3)
    tails = decision_tails(game.rules)
    play = next(e for e in game.events if isinstance(e, Play))
    tail = pydantic_line(0, play).removeprefix('{"seq": 0, ')
    assert tail in tails
    assert tail.replace(", ", ",") not in tails
    data: dict[str, Any] = json.loads("{" + tail)
    assert json.dumps(dict(reversed(data.items())))[1:] not in tails


# -- the walker ------------------------------------------------------------------


def comparable(state: DealState) -> dict[str, Any]:
    """A state's fields but its cache of legal cards (filled when first asked)."""
    return {name: getattr(state, name) for name in DealState.__slots__
            if name != "legal_cache"}


def replayed(game: Game, count: int) -> Game:
    """A fresh game with the first ``count`` events of ``game`` recorded."""
    fresh = Game(game.header, game.rules)
    for event in game.events[:count]:
        fresh.record(event)
    return fresh


@pytest.mark.parametrize("seed", range(12))
def test_each_step_is_the_game_a_fresh_replay_gives(seed: int) -> None:
    game = random_game(seed, seed, rules=RULE_SETS[seed % len(RULE_SETS)])
    seqs = []
    for step in walk(game):
        assert isinstance(step, Step)
        seqs.append(step.seq)
        assert step.event is game.events[step.seq]
        fresh = replayed(game, step.seq + 1)
        assert step.game.events == fresh.events
        assert comparable(step.game.state) == comparable(fresh.state)
    assert seqs == list(range(len(game.events)))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("rules", ["standard", "standard-3", "standard-5"])
def test_the_before_hook_sees_the_game_before_each_event(seed: int, rules: str) -> None:
    game = random_game(seed, seed, rules=rules)
    seen: list[int] = []

    def before(seq: int, event: Event, walked: Game) -> None:
        assert event is game.events[seq]
        fresh = replayed(game, seq)
        assert walked.events == fresh.events
        assert comparable(walked.state) == comparable(fresh.state)
        seen.append(seq)

    steps = walk(game, before=before)
    for step in steps:
        assert seen[-1] == step.seq  # called for this event, before its step
    assert seen == list(range(len(game.events)))


def test_the_walk_ends_at_the_games_end() -> None:
    game = random_game(4, 4)
    walked = walk(game)
    assert walked.game.events == []  # the walk's game is there before the first step
    end = walked.finish()
    assert end is walked.game
    assert end.events == game.events and end.settlement == game.settlement


def test_a_walk_stops_where_its_reader_stops() -> None:
    game = random_game(5, 5)
    walked = walk(game)
    for seq, _event, step_game in walked:
        assert step_game is walked.game
        if seq == 10:
            break
    assert len(walked.game.events) == 11


def refused_at(game: Game, seq: int) -> list[Event]:
    """The events of ``game`` with the card at ``seq`` replaced by another the rules
    refuse there (one its seat does not hold)."""
    events = list(game.events)
    played = events[seq]
    assert isinstance(played, Play)
    held_elsewhere = next(e.card for e in events[seq + 1:]
                          if isinstance(e, Play) and e.seat != played.seat)
    events[seq] = Play(seat=played.seat, card=held_elsewhere)
    return events


def test_a_refused_event_is_named_by_its_seq() -> None:
    game = random_game(6, 6)
    seq = next(i for i, e in enumerate(game.events) if isinstance(e, Play)) + 5
    events = refused_at(game, seq)
    walked = walk(game.header, events, rules=game.rules)
    assert walked.refused_seq is None
    steps = []
    with pytest.raises(IllegalAction) as refused:
        for step in walked:
            steps.append(step.seq)
    assert walked.refused_seq == seq and refused.value.code == "not_in_hand"
    assert refused.value.cards == (events[seq].card,)  # type: ignore[union-attr]
    assert steps == list(range(seq))
    assert walked.game.events == game.events[:seq]  # as it was before the refused event


def test_a_refused_derived_event_is_named_by_its_seq() -> None:
    game = random_game(7, 7)
    seq, trick = next((i, e) for i, e in enumerate(game.events) if e.type == "trick")
    events = list(game.events)
    events[seq] = dataclasses.replace(trick, winner=(trick.winner + 1) % 4)  # type: ignore[type-var]
    walked = walk(game.header, events, rules=game.rules)
    with pytest.raises(IllegalAction) as refused:
        walked.finish()
    assert walked.refused_seq == seq and refused.value.code == "derived_mismatch"


@pytest.mark.parametrize("rules", ["standard", "standard-3", "standard-5"])
def test_decisions_only_recomputes_the_derived_events(rules: str) -> None:
    """Derived events given are skipped and applied where they fall due, before the next
    decision (so the hook sees the game as that decision found it) and at the end; a
    refused decision is named by its seq among the events given."""
    game = random_game(8, 8, rules=rules)
    seen: list[tuple[int, str]] = []

    def before(seq: int, event: Event, walked: Game) -> None:
        assert type(event) not in DERIVED_TYPES
        assert walked.events == game.events[:seq]
        seen.append((seq, event.type))

    walked = walk(game, before=before, decisions_only=True)
    steps = [(step.seq, step.event.type) for step in walked]
    decisions = [(i, e.type) for i, e in enumerate(game.events) if type(e) not in DERIVED_TYPES]
    assert steps == seen == decisions
    assert walked.game.events == game.events and walked.game.phase == phases.DONE

    seq = next(i for i, e in enumerate(game.events) if isinstance(e, Play)) + 6
    walked = walk(game.header, refused_at(game, seq), rules=game.rules, decisions_only=True)
    with pytest.raises(IllegalAction):
        walked.finish()
    assert walked.refused_seq == seq


@pytest.mark.parametrize("rules", ["standard", "standard-3", "standard-5"])
def test_a_decisions_only_list_is_walked_whole(rules: str) -> None:
    """Events that leave the derived ones out (a decisions-only log's) are walked as they
    are: each step is one of them, and the derived events are applied where due."""
    game = random_game(9, 9, rules=rules)
    decisions = [e for e in game.events if type(e) not in DERIVED_TYPES]
    walked = walk(game.header, decisions, rules=game.rules)
    assert [step.event for step in walked] == decisions
    assert walked.game.events == game.events


def test_a_header_needs_its_events_and_rules() -> None:
    game = random_game(1, 1)
    with pytest.raises(TypeError, match="needs the events and the rules"):
        walk(game.header, game.events)


def test_a_log_file_is_walked_once_checked(tmp_path: Path) -> None:
    game = random_game(10, 10)
    path = tmp_path / "deal.jsonl"
    write_log(path, game)
    assert [(s.seq, s.event) for s in walk_log(path)] == list(enumerate(game.events))
    header, events = read_events(path)
    assert walk(header, events, rules=game.rules).finish().events == game.events

    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:31]), encoding="utf-8")  # the header and 30 events
    with pytest.raises(LogError, match="incomplete"):
        walk_log(cut)  # refused whole, before any step
    walked = walk_log(cut, allow_incomplete=True).finish().events
    assert len(walked) >= 30 and walked == game.events[:len(walked)]


# -- the walker's readers --------------------------------------------------------


Taken = tuple[list[Any], bool]  # a script's pending entries, and whether it is abandoned


def scripted_game(name: str, person: int | None) -> tuple[Game, dict[int, Taken]]:
    """A named deal played with its script (random choices where it leaves them open, and
    the highest bid for the person's seat, which can make the script moot), and the script
    as it stood after each action (by the game's count of events then)."""
    deal = load_named_deal(name)
    rng = random.Random(f"{name} {person}")
    game = deal.start()
    script = Script(deal.script, person=person)
    at = {len(game.events): (list(script.pending), script.abandoned)}
    while not game.is_over:
        if game.turn == person:
            action = (game.legal_actions()[-1] if game.phase == phases.AUCTION
                      else random_action(game.state, rng))
        else:
            action = script.take(game) or random_action(game.state, rng)
        game.play(action)
        at[len(game.events)] = (list(script.pending), script.abandoned)
    return game, at


def caught_up(name: str, person: int | None, game: Game, count: int) -> Taken:
    """The script of a game resumed after its first ``count`` events."""
    resumed = Script(load_named_deal(name).script, person=person)
    resumed.catch_up(replayed(game, count))
    return resumed.pending, resumed.abandoned


@pytest.mark.parametrize("name", named_deals())
@pytest.mark.parametrize("person", [None, 1])
def test_a_resumed_script_is_where_the_uninterrupted_one_was(name: str,
                                                             person: int | None) -> None:
    """``Script.catch_up`` (a walk with a ``before`` hook) leaves a named deal's script as
    taking it along the way did, at every point a game can be resumed from."""
    game, at = scripted_game(name, person)
    for count, expected in at.items():
        assert caught_up(name, person, game, count) == expected, count


def test_a_resumed_script_made_moot_is_abandoned_alike() -> None:
    """P0, a person, bids a garde contre before P2's scripted garde: the script is
    abandoned at P2's turn, and a game resumed after that point abandons it too."""
    game, at = scripted_game("excuse-poignee", 0)
    assert at[len(game.events)][1]
    assert [at[count][1] for count in sorted(at)] == [
        caught_up("excuse-poignee", 0, game, count)[1] for count in sorted(at)]
    assert {at[count][1] for count in at} == {False, True}


def test_the_same_decisions_under_other_rules_name_the_refused_ones_seq() -> None:
    """``replay_decisions`` (a decisions-only walk): under its own rules a log's decisions
    give its game again; under the FFT's, the poignée the Excuse fills is refused, named by
    its seq in the log."""
    header, events = read_events(REPLAYS / "four-kings-excuse-fill.jsonl")
    same = replay_decisions(header, events, load_rules("standard"))
    assert same.game is not None and same.game.events == events and same.refused is None
    other = replay_decisions(header, events, load_rules("fft"))
    assert other.game is None and other.refused is not None
    assert other.refused.code == "poignee_excuse_not_allowed"
    assert other.refused_seq == next(i for i, e in enumerate(events) if isinstance(e, Poignee))
