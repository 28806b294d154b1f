"""Duplicate matches between computer players.

Card luck dominates a single deal of tarot, so comparing two players on
different deals needs many thousands of games. A duplicate match removes most
of it: every deal seed is played once per seat (four times at four players, three or
five at three or five), the players moved round the table one seat each time, so each
player holds every hand of the deal once. The
per-seed totals are then comparable, and the confidence interval is taken over
them rather than over single games (whose scores are not independent within a
seed).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tarot.bots.base import Player
from tarot.bots.registry import make_player
from tarot.duplicate.tally import Z95, MatchTally
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet
from tarot.i18n import _
from tarot.table.loop import NoContract, play_out
from tarot.table.seats import computer_seats

SEATS = 4  # the players of a match by default; a rule set of three or five has its own


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


@dataclass(slots=True)
class SeedRecord:
    """What the games of one deal seed (one per seat) give, by player index.

    ``tarot simulate``'s workers send back these and nothing else: its report is
    computed from the records alone, in deal-seed order.
    """

    deal_seed: int
    totals: list[int] = field(default_factory=lambda: [0] * SEATS)  # over the 4 rotations
    taken: list[int] = field(default_factory=lambda: [0] * SEATS)
    made: list[int] = field(default_factory=lambda: [0] * SEATS)
    # Slams, from the settlements' chelem items: the first three count games this player
    # took; ``slams_against`` counts games it defended and the defence took every trick.
    slams_declared: list[int] = field(default_factory=lambda: [0] * SEATS)
    slams_declared_made: list[int] = field(default_factory=lambda: [0] * SEATS)
    slams_undeclared_made: list[int] = field(default_factory=lambda: [0] * SEATS)
    slams_defence_made: list[int] = field(default_factory=lambda: [0] * SEATS)
    # Every ``choose`` call's duration, in nanoseconds: raw, because a 95th percentile
    # cannot be merged from the workers' summaries (80 000 ints a player for 1000 seeds).
    times_ns: list[list[int]] = field(default_factory=lambda: [[] for _ in range(SEATS)])

    @classmethod
    def empty(cls, deal_seed: int, seats: int) -> SeedRecord:
        """A record with nothing counted yet, for a table of ``seats`` players."""
        return cls(deal_seed, [0] * seats, [0] * seats, [0] * seats, [0] * seats,
                   [0] * seats, [0] * seats, [0] * seats, [[] for _ in range(seats)])


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean of independent values and the half-width of its 95% interval (inf for one)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, math.inf)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, Z95 * math.sqrt(variance / n))


def paired_difference(first: Sequence[float], second: Sequence[float]) -> tuple[float, float]:
    """The mean of ``first - second`` paired by position (the same deal seeds), and the
    half-width of its 95% interval: far narrower than the two means' intervals suggest,
    since the luck of the cards they share cancels."""
    return mean_ci([a - b for a, b in zip(first, second, strict=True)])


def player_rng(seed: int, deal_seed: int, rotation: int, index: int) -> random.Random:
    """The generator of player ``index`` for one game of a match.

    Seeded from a string: Python hashes a string seed with SHA-512, the same on
    every run and platform, unlike ``hash()`` of a tuple.
    """
    return random.Random(f"tarot-match:{seed}:{deal_seed}:{rotation}:{index}")


# Deals (the first and its redeals) a game of computer players alone may take before it
# is given up as one in which no one will ever bid: a game of the rules that come with
# the program redeals a handful of times at most.
MAX_DEALS_WITHOUT_CONTRACT = 1000


def play_game(players: Sequence[Player], deal_seed: int, rotation: int, seed: int, *,
              rules: RuleSet | str = "standard",
              max_deals: int = MAX_DEALS_WITHOUT_CONTRACT) -> Game:
    """One game of the match: ``players[i]`` sits at seat ``(i + rotation) % n``, ``n`` the
    number of players (the rule set's).

    A game whose deals are all passed out would never end; ``max_deals`` turns
    that (a bug in a player, or a rule set its players never bid under) into a
    :class:`NoContract` rather than a hang.
    """
    seats = len(players)
    game = Game.new(seed=deal_seed, rules=rules)
    # Player i sits at seat (i + rotation) % n, with its own generator.
    order = [(seat - rotation) % seats for seat in range(seats)]
    at_table = computer_seats([players[i] for i in order],
                              [player_rng(seed, deal_seed, rotation, i) for i in order])
    try:
        return play_out(game, at_table, max_deals=max_deals)
    except NoContract:
        raise NoContract(_("deal seed {seed}: no contract after {deals} deals").format(
            seed=deal_seed, deals=max_deals)) from None


def play_deal(seed: int, players: Sequence[Player | str], *,
              rules: RuleSet | str = "standard",
              max_deals: int = MAX_DEALS_WITHOUT_CONTRACT) -> Game:
    """One deal from ``seed`` (with its redeals) played to the end by computer players, one
    a seat of the rule set's table, ``players[i]`` at seat ``i``: each a
    :class:`~tarot.bots.base.Player` or a level's name (``"strong"``, ``"rules"``…,
    :func:`tarot.bots.registry.make_player`).
    The names go in the log's header. The same arguments give the same game: each
    player's generator comes from the seed and its seat (:func:`player_rng`)."""
    ruleset = rules if isinstance(rules, RuleSet) else load_rules(rules)
    if len(players) != ruleset.players:
        raise ValueError(f"a deal needs {ruleset.players} players, not {len(players)}")
    seated = [make_player(p, ruleset) if isinstance(p, str) else p for p in players]
    names = tuple(p.name for p in seated)
    game = Game.new(seed=seed, rules=ruleset, players=names)
    rngs = [player_rng(seed, seed, 0, i) for i in range(ruleset.players)]
    return play_out(game, computer_seats(seated, rngs), max_deals=max_deals)


def play_deal_seed(deal_seed: int, seed: int, rules: RuleSet | str,
                   players_for: Callable[[SeedRecord], Sequence[Player]]) -> SeedRecord:
    """The games of one deal seed, one per seat, the players rotated one seat each time:
    ``players_for(record)`` gives the players of each game (fresh ones, or the same)."""
    seats = (rules if isinstance(rules, RuleSet) else load_rules(rules)).players
    record = SeedRecord.empty(deal_seed, seats)
    for rotation in range(seats):
        game = play_game(players_for(record), deal_seed, rotation, seed, rules=rules)
        settlement = game.settlement
        assert settlement is not None  # play_game returns only finished games
        for seat, score in enumerate(settlement.scores):
            record.totals[(seat - rotation) % seats] += score
        taker = (settlement.taker - rotation) % seats
        record.taken[taker] += 1
        record.made[taker] += settlement.contract_made
        for chelem in settlement.chelem:
            if chelem.kind in ("declared_made", "declared_failed"):
                record.slams_declared[taker] += 1
            if chelem.kind == "declared_made":
                record.slams_declared_made[taker] += 1
            elif chelem.kind == "undeclared_made":
                record.slams_undeclared_made[taker] += 1
            elif chelem.kind == "defence_made":
                partner = None if game.partner is None else (game.partner - rotation) % seats
                for i in range(seats):
                    record.slams_defence_made[i] += i not in (taker, partner)
    return record


def run_match(players: Sequence[Player], deals: int, seed: int, *,
              rules: RuleSet | str = "standard") -> MatchResult:
    """Play deal seeds ``seed .. seed + deals - 1``, each once per seat with the players
    rotated (in this process, with these players; ``tarot simulate`` plays the same match
    on every core, with fresh players for each game)."""
    seats = (rules if isinstance(rules, RuleSet) else load_rules(rules)).players
    if len(players) != seats:
        raise ValueError(f"a match needs {seats} players, not {len(players)}")
    if deals < 1:
        raise ValueError("a match needs at least one deal")
    records = [play_deal_seed(deal_seed, seed, rules, lambda _: players)
               for deal_seed in range(seed, seed + deals)]
    return match_result([p.name for p in players], records, seed)


def match_result(names: Sequence[str], records: Sequence[SeedRecord], seed: int) -> MatchResult:
    """The records as :class:`tarot.duplicate.match.MatchResult`, for its means, intervals and
    paired differences (the figures ``run_match`` gives for the same match)."""
    tally = MatchTally(names)
    tally.add_all(records)
    per_seed = tuple(tuple(total / len(names) for total in r.totals) for r in records)
    return MatchResult(seed=seed, deals=len(records), players=player_results(tally),
                       per_seed=per_seed)


def player_results(tally: MatchTally) -> tuple[PlayerResult, ...]:
    """Each player's figures from a match's records folded (the same as from the list)."""
    games = tally.deals * len(tally.names)
    return tuple(PlayerResult(name=name, games=games, mean=tally.totals[i] / games,
                              ci95=tally.per_seat[i].mean_ci()[1], taken=tally.taken[i],
                              made=tally.made[i])
                 for i, name in enumerate(tally.names))
