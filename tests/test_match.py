"""The duplicate match runner: rotation, determinism, and the figures it reports."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tarot.bots.base import Player
from tarot.bots.random_player import RandomPlayer
from tarot.bots.rules_player import RulesPlayer
from tarot.duplicate.match import play_game, player_rng, run_match
from tarot.engine.events import Action
from tarot.engine.views import PlayerView


class SeatRecorder:
    """A random player that writes down every seat it is asked to play."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.seats: set[int] = set()
        self.inner = RandomPlayer()

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        self.seats.add(view.seat)
        return self.inner.choose(view, legal, rng)


def test_rotation_puts_player_i_at_seat_i_plus_r() -> None:
    for rotation in range(4):
        players = [SeatRecorder(f"p{i}") for i in range(4)]
        play_game(players, deal_seed=5, rotation=rotation, seed=0)
        for i, player in enumerate(players):
            assert player.seats == {(i + rotation) % 4}


def test_every_player_holds_every_seat_of_each_deal() -> None:
    players = [SeatRecorder(f"p{i}") for i in range(4)]
    run_match(players, deals=1, seed=3)
    for player in players:
        assert player.seats == {0, 1, 2, 3}


def test_run_match_is_deterministic() -> None:
    players: list[Player] = [RulesPlayer(), RandomPlayer(), RulesPlayer(), RandomPlayer()]
    first = run_match(players, deals=6, seed=11)
    second = run_match(players, deals=6, seed=11)
    assert first == second
    assert run_match(players, deals=6, seed=12) != first


def test_player_rngs_are_distinct_and_reproducible() -> None:
    draws = {player_rng(1, 2, r, i).random() for r in range(4) for i in range(4)}
    assert len(draws) == 16
    assert player_rng(1, 2, 3, 0).random() == player_rng(1, 2, 3, 0).random()


def test_figures_add_up() -> None:
    players = [RandomPlayer() for _ in range(4)]
    result = run_match(players, deals=8, seed=0)
    assert [p.games for p in result.players] == [32] * 4
    # Every game is zero-sum and every player plays every game.
    assert sum(p.mean for p in result.players) == pytest.approx(0.0, abs=1e-9)
    assert sum(p.taken for p in result.players) == 32
    assert all(0 <= p.made <= p.taken for p in result.players)
    assert len(result.per_seed) == 8
    for i, player in enumerate(result.players):
        mean = sum(row[i] for row in result.per_seed) / 8
        assert mean == pytest.approx(player.mean)
        low, high = player.interval
        assert low <= player.mean <= high
    difference, half = result.difference(0, 1)
    assert difference == pytest.approx(result.players[0].mean - result.players[1].mean)
    assert half >= 0


def test_rules_beats_random() -> None:
    # Fixed seeds make this exact, not statistical; the margin in a real
    # measurement is hundreds of points per game (see the match figures).
    rules = RulesPlayer()
    players: list[Player] = [rules, RandomPlayer(), rules, RandomPlayer()]
    result = run_match(players, deals=50, seed=2024)
    difference, _ = result.difference(0, 1)
    assert difference > 0
    assert min(result.players[0].mean, result.players[2].mean) > \
        max(result.players[1].mean, result.players[3].mean)


def test_a_match_needs_four_players_and_a_deal() -> None:
    with pytest.raises(ValueError):
        run_match([RandomPlayer()] * 3, deals=1, seed=0)
    with pytest.raises(ValueError):
        run_match([RandomPlayer()] * 4, deals=0, seed=0)
