"""The named deals in seeds/ and their golden replays in replays/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tarot.engine.notation import NotationError, parse_script_entry
from tarot.log import read_log
from tarot.storage.named_deals import (
    SEEDS_DIR,
    SeedError,
    load_named_deal,
    named_deals,
    unmet_expectations,
)

REPLAYS = Path(__file__).resolve().parents[1] / "replays"
REPLAY_FILES = sorted(REPLAYS.glob("*.jsonl"))

REQUIRED = {
    "four-passes", "petit-sec", "prise", "garde", "garde-sans", "garde-contre",
    "four-kings-triple", "excuse-poignee", "slam-made", "slam-failed", "defence-slam",
    "petit-au-bout-defence", "excuse-last-trick",
}


def test_every_required_situation_has_a_named_deal() -> None:
    assert set(named_deals()) >= REQUIRED


@pytest.mark.parametrize("name", named_deals())
def test_named_deal_loads_and_starts(name: str) -> None:
    named = load_named_deal(name)
    assert named.name == name, "the file name and the deal's name must agree"
    assert named.reason.strip()
    game = named.start()
    assert game.events, "starting a named deal deals its cards"


@pytest.mark.parametrize("name", named_deals())
def test_every_named_deal_has_a_golden_replay(name: str) -> None:
    assert (REPLAYS / f"{name}.jsonl").exists(), "run: python -m tarot.duplicate.golden"


@pytest.mark.parametrize("path", REPLAY_FILES, ids=[p.stem for p in REPLAY_FILES])
def test_replay_validates_and_shows_its_situation(path: Path) -> None:
    # After a reviewed rule change, re-record the replays: python -m tarot.duplicate.golden
    game = read_log(path)
    assert game.is_over
    named = load_named_deal(path.stem)
    assert unmet_expectations(game, named.expect) == []
    first_deal = game.events[0]
    if named.hands is not None:
        assert game.header.first_deal == "explicit"
        assert [" ".join(h) for h in first_deal.hands] == [  # type: ignore[union-attr]
            " ".join(h.split()) for h in named.hands]
    else:
        assert game.header.seed == named.seed


def test_expectations_can_fail() -> None:
    game = read_log(REPLAYS / "garde.jsonl")
    prise = load_named_deal("prise")
    assert unmet_expectations(game, prise.expect) == ["contract garde, expected prise"]


@pytest.mark.parametrize("entry", ["bid garde", "Px bid garde", "P0 dance", "P0 play ZZ"])
def test_bad_script_entries_are_named(entry: str) -> None:
    with pytest.raises(NotationError, match="script entry"):
        parse_script_entry(entry)


def test_unknown_named_deal_lists_the_known_ones() -> None:
    with pytest.raises(SeedError, match="four-passes"):
        load_named_deal("no-such-deal")


def test_seeds_dir_is_the_repository_folder() -> None:
    assert SEEDS_DIR.name == "seeds" and SEEDS_DIR.is_dir()


def test_the_narrator_tells_every_event_type() -> None:
    """Each event type has its own teller (dispatched by type, not by its name)."""
    from tarot.engine.events import EVENT_TYPES
    from tarot.explain.narrate import _TELLERS

    assert set(_TELLERS) == set(EVENT_TYPES)
