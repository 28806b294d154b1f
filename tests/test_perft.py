"""Perft: golden counts of legal card-play sequences from fixed positions.

Each position is reached from ``Game.new(seed)`` by a fixed script (the calls of
the auction, at five players the called card, the cheapest discard, the chelem
decision, then cards drawn by a seeded generator, then optionally scripted cards),
at four players and, under ``rules/standard-3.toml`` and ``rules/standard-5.toml``,
at three and five (a spec's ``rules``; absent: the four-player standard rules). From
there we count the sequences of legal cards to depth 1–4, cards played across trick boundaries
(trick completion is applied by the engine). Poignée actions are not cards and
are left out.

The numbers live in ``tests/data/perft.json``, with the position they were
computed from, so that a changed deal and a changed move generator are told
apart. They were first computed with the engine (``python tests/test_perft.py``
rewrites the file), then checked against an independent brute-force
transcription of the rule book 3.3 (legal cards) and 3.4 (trick winner) on card
codes, with the opening lead of RULES-3-5.md V5-16 at five players, which shares no
code with the engine: that check runs in this file too.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import reference as ref

from tarot.engine import phases
from tarot.engine.cards import CODES
from tarot.engine.events import Bid, Call, Chelem, Play
from tarot.engine.game import Game

DATA = Path(__file__).parent / "data" / "perft.json"
MAX_DEPTH = 4
REF_DEPTH = 3  # the independent count is compared at depths 1..REF_DEPTH (and 4 where cheap)

# name -> how to reach the position
POSITIONS: dict[str, dict[str, Any]] = {
    "trick1_prise_P0_leads": {
        "seed": 11, "bids": ["prise", None, None, None], "chelem": False,
        "tricks": 0, "cards": 0, "play_seed": 0, "then": [],
    },
    "trick1_garde_sans_chelem_P2_leads": {
        "seed": 13, "bids": [None, None, "garde_sans", None], "chelem": True,
        "tricks": 0, "cards": 0, "play_seed": 0, "then": [],
    },
    "trick1_excuse_led": {
        "seed": 5, "bids": ["garde_sans", None, None, None], "chelem": False,
        "tricks": 0, "cards": 0, "play_seed": 0, "then": ["EXC"],
    },
    "trick10_garde_contre": {
        "seed": 21, "bids": ["garde_contre", None, None, None], "chelem": False,
        "tricks": 9, "cards": 0, "play_seed": 1, "then": [],
    },
    "trick10_after_2_cards": {
        "seed": 21, "bids": ["garde_contre", None, None, None], "chelem": False,
        "tricks": 9, "cards": 2, "play_seed": 1, "then": [],
    },
    "trick15_garde": {
        "seed": 7, "bids": [None, "garde", None, None], "chelem": False,
        "tricks": 14, "cards": 0, "play_seed": 2, "then": [],
    },
    "trick15_after_3_cards": {
        "seed": 7, "bids": [None, "garde", None, None], "chelem": False,
        "tricks": 14, "cards": 3, "play_seed": 2, "then": [],
    },
    # Three players (V3-1: 24 tricks of 3 cards).
    "three_trick1_prise_P0_leads": {
        "rules": "standard-3", "seed": 11, "bids": ["prise", None, None], "chelem": False,
        "tricks": 0, "cards": 0, "play_seed": 0, "then": [],
    },
    "three_trick12_garde_contre_after_1_card": {
        "rules": "standard-3", "seed": 4, "bids": [None, "garde_contre", None],
        "chelem": False, "tricks": 11, "cards": 1, "play_seed": 3, "then": [],
    },
    "three_trick22_garde": {
        "rules": "standard-3", "seed": 8, "bids": [None, None, "garde"], "chelem": False,
        "tricks": 21, "cards": 0, "play_seed": 4, "then": [],
    },
    # Five players (V5-1: 15 tricks of 5 cards); the opening lead barred from the called
    # card's suit (V5-16): P0 holds clubs and leads after calling KC, hearts after KH.
    "five_trick1_called_suit_barred": {
        "rules": "standard-5", "seed": 0, "bids": ["prise", None, None, None, None],
        "call": "KC", "chelem": False, "tricks": 0, "cards": 0, "play_seed": 0, "then": [],
    },
    "five_trick1_garde_sans_excuse_in_hand": {
        "rules": "standard-5", "seed": 5, "bids": ["garde_sans", None, None, None, None],
        "call": "KH", "chelem": False, "tricks": 0, "cards": 0, "play_seed": 0, "then": [],
    },
    "five_trick7_after_3_cards": {
        "rules": "standard-5", "seed": 2, "bids": [None, "garde", None, None, None],
        "call": "KH", "chelem": False, "tricks": 6, "cards": 3, "play_seed": 5, "then": [],
    },
    "five_trick12_garde_contre": {
        "rules": "standard-5", "seed": 3, "bids": [None, None, None, "garde_contre", None],
        "call": "KS", "chelem": False, "tricks": 11, "cards": 0, "play_seed": 6, "then": [],
    },
}


def reach(spec: dict[str, Any]) -> Game:
    """The position a spec describes; fails if the seed's deal is void."""
    game = Game.new(spec["seed"], rules=spec.get("rules", "standard"))
    for contract in spec["bids"]:
        assert game.phase == phases.AUCTION and game.state.deal_number == 0
        game.play(Bid(seat=game.turn, contract=contract))  # type: ignore[arg-type]
    if "call" in spec:
        game.play(Call(seat=game.turn, card=spec["call"]))  # type: ignore[arg-type]
    if game.phase == phases.CHIEN:
        game.play(game.legal_actions()[0])  # the cheapest discard
    game.play(Chelem(seat=game.turn, declared=spec["chelem"]))  # type: ignore[arg-type]
    rng = random.Random(spec["play_seed"])
    state = game.state
    while len(state.tricks) < spec["tricks"] or (
            len(state.tricks) == spec["tricks"] and len(state.trick) < spec["cards"]):
        game.play(Play(seat=game.turn, card=rng.choice(game.legal_cards())))  # type: ignore[arg-type]
    for card in spec["then"]:
        game.play(Play(seat=game.turn, card=card))  # type: ignore[arg-type]
    assert game.phase == phases.TRICKS
    return game


def describe(game: Game) -> dict[str, Any]:
    state = game.state
    described = {
        "trick_number": len(state.tricks) + 1,
        "leader": state.leader,
        "turn": state.turn,
        "trick": [CODES[c] for c in state.trick],
        "hands": [game.hand(seat) for seat in range(state.seats)],
    }
    if game.called is not None:
        described["called"] = game.called
    return described


def engine_perft(game: Game, depth: int) -> int:
    if depth == 0:
        return 1
    plays = [a for a in game.legal_actions() if isinstance(a, Play)]
    if depth == 1:
        return len(plays)
    total = 0
    for action in plays:
        child = game.clone()
        child.play(action)
        total += engine_perft(child, depth - 1)
    return total


# ---------------------------------------------------------------------------
# The independent reference: the rule book 3.3 and 3.4 on card codes (tests/reference.py).

@dataclass(frozen=True)
class RefPosition:
    hands: tuple[frozenset[str], ...]
    leader: int
    trick: tuple[str, ...]
    tricks_done: int
    called: str | None = None  # five players: the called card (V5-16 on the opening lead)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def legal(self) -> set[str]:
        opening = self.called if self.tricks_done == 0 else None
        return ref.legal(self.hands[self.turn], self.trick, opening)

    def after(self, card: str) -> RefPosition:
        seat = self.turn
        hands = tuple(h - {card} if s == seat else h for s, h in enumerate(self.hands))
        trick = (*self.trick, card)
        if len(trick) < self.players:
            return RefPosition(hands, self.leader, trick, self.tricks_done, self.called)
        last = ref.SIZES[self.players].hand
        assert self.tricks_done < last - 1, "the reference does not handle the last trick"
        winner = (self.leader + ref.winner_index(trick)) % self.players
        return RefPosition(hands, winner, (), self.tricks_done + 1, self.called)


def ref_position(description: dict[str, Any]) -> RefPosition:
    return RefPosition(tuple(frozenset(h) for h in description["hands"]),
                       description["leader"], tuple(description["trick"]),
                       description["trick_number"] - 1, description.get("called"))


def ref_perft(position: RefPosition, depth: int) -> int:
    if depth == 0:
        return 1
    cards = position.legal()
    if depth == 1:
        return len(cards)
    return sum(ref_perft(position.after(card), depth - 1) for card in cards)


def lockstep(game: Game, position: RefPosition, depth: int) -> None:
    """The engine's and the reference's legal cards agree at every node to ``depth``."""
    if depth == 0:
        return
    assert game.turn == position.turn
    assert game.state.leader == position.leader
    mine = {a.card for a in game.legal_actions() if isinstance(a, Play)}
    theirs = position.legal()
    assert mine == theirs, (position.trick, sorted(position.hands[position.turn]))
    for card in sorted(theirs):
        child = game.clone()
        child.play(Play(seat=position.turn, card=card))
        lockstep(child, position.after(card), depth - 1)


# ---------------------------------------------------------------------------
# The tests


def load_golden() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return load_golden()


def test_the_golden_file_covers_every_position(golden: dict[str, Any]) -> None:
    assert set(golden["positions"]) == set(POSITIONS)
    for name, entry in golden["positions"].items():
        assert entry["spec"] == POSITIONS[name], name
        counts = entry["counts"]
        assert len(counts) == MAX_DEPTH and all(c > 0 for c in counts), name
        # a count never shrinks with depth before the end of the deal
        assert counts == sorted(counts), name


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_position_is_the_one_the_numbers_were_computed_from(
        name: str, golden: dict[str, Any]) -> None:
    assert describe(reach(POSITIONS[name])) == golden["positions"][name]["position"]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_engine_perft_matches_the_golden_numbers(name: str, golden: dict[str, Any]) -> None:
    game = reach(POSITIONS[name])
    expected = golden["positions"][name]["counts"]
    got = [engine_perft(game, depth) for depth in range(1, MAX_DEPTH + 1)]
    assert got == expected


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_golden_numbers_agree_with_rules_md(name: str, golden: dict[str, Any]) -> None:
    """Independent of the engine: brute force from the rule book 3.3/3.4 on the stored position."""
    entry = golden["positions"][name]
    position = ref_position(entry["position"])
    got = [ref_perft(position, depth) for depth in range(1, MAX_DEPTH + 1)]
    assert got[:REF_DEPTH] == entry["counts"][:REF_DEPTH]
    assert got == entry["counts"]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_legal_cards_agree_with_rules_md_at_every_node(name: str) -> None:
    game = reach(POSITIONS[name])
    lockstep(game, ref_position(describe(game)), REF_DEPTH)


def test_the_positions_exercise_what_they_claim(golden: dict[str, Any]) -> None:
    positions = golden["positions"]
    assert positions["trick1_garde_sans_chelem_P2_leads"]["position"]["leader"] == 2
    assert positions["trick1_prise_P0_leads"]["position"]["leader"] == 0
    assert positions["trick1_excuse_led"]["position"]["trick"] == ["EXC"]
    assert "EXC" in positions["trick1_prise_P0_leads"]["position"]["hands"][0]
    assert len(positions["trick15_after_3_cards"]["position"]["trick"]) == 3
    assert all(len(h) == 4 for h in positions["trick15_garde"]["position"]["hands"])
    # three and five seats, hands of their sizes; at five, trick 1 led under V5-16
    three = positions["three_trick1_prise_P0_leads"]["position"]
    assert [len(h) for h in three["hands"]] == [24, 24, 24]
    assert [len(h) for h in positions["three_trick22_garde"]["position"]["hands"]] == [3] * 3
    for name in ("five_trick1_called_suit_barred", "five_trick1_garde_sans_excuse_in_hand"):
        five = positions[name]["position"]
        assert [len(h) for h in five["hands"]] == [15] * 5 and five["trick"] == []
        lead = set(five["hands"][five["leader"]])
        called = five["called"]
        barred = {c for c in lead if c[-1] == called[-1] and c != called and c[0] not in "TE"}
        assert barred and positions[name]["counts"][0] == len(lead) - len(barred), name
    assert positions["five_trick12_garde_contre"]["position"]["called"] == "KS"


def regenerate() -> None:  # pragma: no cover - run by hand after a reviewed change
    positions = {}
    for name, spec in POSITIONS.items():
        game = reach(spec)
        positions[name] = {
            "spec": spec,
            "position": describe(game),
            "counts": [engine_perft(game, d) for d in range(1, MAX_DEPTH + 1)],
        }
    data = {
        "about": "Legal card-play sequences (perft) by depth 1..4 from fixed positions; "
                 "see tests/test_perft.py. Checked against the rule book 3.3/3.4 by brute force.",
        "positions": positions,
    }
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    regenerate()
    sys.exit(0)
