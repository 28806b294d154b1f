"""Duplicate matches between computer players.

Card luck dominates a single deal of tarot, so comparing two players on
different deals needs many thousands of games. A duplicate match removes most
of it: every deal seed is played four times, the players moved round the table
one seat each time, so each player holds every hand of the deal once. The
per-seed totals are then comparable, and the confidence interval is taken over
them rather than over single games (whose scores are not independent within a
seed).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from tarot.bots.base import Player, ask
from tarot.game import Game
from tarot.rules import RuleSet

SEATS = 4
_Z95 = 1.959964  # two-sided 95% quantile of the normal distribution


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's figures over a match; scores are per game (one deal played once)."""

    name: str
    games: int
    mean: float  # total score / games
    ci95: float  # half-width of the 95% interval of ``mean``
    taken: int  # contracts this player won the auction for
    made: int  # of which made

    @property
    def interval(self) -> tuple[float, float]:
        return (self.mean - self.ci95, self.mean + self.ci95)


@dataclass(frozen=True, slots=True)
class MatchResult:
    seed: int
    deals: int
    players: tuple[PlayerResult, ...]
    # per_seed[k][i]: player i's mean score over the four rotations of deal seed seed + k.
    per_seed: tuple[tuple[float, ...], ...]

    def difference(self, first: int, second: int) -> tuple[float, float]:
        """Mean per-game score of player ``first`` minus ``second``, and its 95% half-width.

        Paired over deal seeds: both players held the same hands, so the
        difference is far less noisy than the two means' intervals suggest.
        """
        return mean_ci([row[first] - row[second] for row in self.per_seed])


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean of independent values and the half-width of its 95% interval (inf for one)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, math.inf)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, _Z95 * math.sqrt(variance / n))


def player_rng(seed: int, deal_seed: int, rotation: int, index: int) -> random.Random:
    """The generator of player ``index`` for one game of a match.

    Seeded from a string: Python hashes a string seed with SHA-512, the same on
    every run and platform, unlike ``hash()`` of a tuple.
    """
    return random.Random(f"tarot-match:{seed}:{deal_seed}:{rotation}:{index}")


def play_game(players: Sequence[Player], deal_seed: int, rotation: int, seed: int, *,
              rules: RuleSet | str = "standard", max_deals: int = 1000) -> Game:
    """One game of the match: ``players[i]`` sits at seat ``(i + rotation) % 4``.

    A game whose deals are all passed out would never end; ``max_deals`` turns
    that (a bug in a player, most likely) into an error rather than a hang.
    """
    rngs = [player_rng(seed, deal_seed, rotation, i) for i in range(SEATS)]
    game = Game.new(seed=deal_seed, rules=rules)
    while not game.is_over:
        if game.state.deal_number >= max_deals:
            raise RuntimeError(f"deal seed {deal_seed}: no contract after {max_deals} deals")
        seat = game.turn
        assert seat is not None
        index = (seat - rotation) % SEATS
        game.play(ask(players[index], game, rngs[index]))
    return game


def run_match(players: Sequence[Player], deals: int, seed: int, *,
              rules: RuleSet | str = "standard") -> MatchResult:
    """Play deal seeds ``seed .. seed + deals - 1``, each four times with the players rotated."""
    if len(players) != SEATS:
        raise ValueError(f"a match needs {SEATS} players, not {len(players)}")
    if deals < 1:
        raise ValueError("a match needs at least one deal")
    totals = [0] * SEATS
    taken = [0] * SEATS
    made = [0] * SEATS
    per_seed: list[tuple[float, ...]] = []
    for deal_seed in range(seed, seed + deals):
        seed_totals = [0] * SEATS
        for rotation in range(SEATS):
            game = play_game(players, deal_seed, rotation, seed, rules=rules)
            settlement = game.settlement
            assert settlement is not None
            for seat, score in enumerate(settlement.scores):
                seed_totals[(seat - rotation) % SEATS] += score
            taker = (settlement.taker - rotation) % SEATS
            taken[taker] += 1
            made[taker] += settlement.contract_made
        for i in range(SEATS):
            totals[i] += seed_totals[i]
        per_seed.append(tuple(t / SEATS for t in seed_totals))
    games = deals * SEATS
    results = []
    for i, player in enumerate(players):
        _, half = mean_ci([row[i] for row in per_seed])
        results.append(PlayerResult(name=player.name, games=games, mean=totals[i] / games,
                                    ci95=half, taken=taken[i], made=made[i]))
    return MatchResult(seed=seed, deals=deals, players=tuple(results), per_seed=tuple(per_seed))
