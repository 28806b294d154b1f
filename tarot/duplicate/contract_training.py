"""Learn the contract evaluator (:mod:`tarot.bots.contracts`) by playing forced contracts out.

The command is ``benchmarks/train_contracts.py``; this module is what it runs.

Training: on each deal seed ``s`` of ``seed .. seed+deals-1`` the seat ``s mod seats``
places after the first to speak is the taker, and every other seat passes. Each
contract is played out with the ``rules`` player in every seat (the discard, the call at
five, the poignées and the cards are its own): once for the contracts whose chien is
shown (Prise, Garde) and once for those whose chien is hidden (Garde sans, Garde
contre). The player does not look at the contract to choose a card, so the others of
each group are the same decisions replayed through the kernel under that contract,
which scores them. A deal redealt (petit sec) is left out. A least-squares fit (with a
small ridge) of the taker's own score on :func:`~tarot.bots.contracts.hand_features`
gives each contract's mean; a second fit, of the squared deviations, its variance.

Calibration (:func:`recalibrate`): the same forced contracts played with a level as the
taker, on other seeds; the mean of (real - predicted) per unit of multiplier is that
level's offset in the model file (a sampling taker makes more of a hand than ``rules``).
The level's decisions are replayed under the other contract of each group as the rules
player's are: an approximation for a level whose card play weighs the multiplier.

The same command, seeds and rule set give the same file, byte for byte, whatever the
number of workers (each deal depends on its seed alone, and the fit sums in seed order).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from tarot.bots.contracts import FEATURES, ContractModel, hand_features
from tarot.bots.registry import make_player
from tarot.engine.cards import mask_of_codes
from tarot.engine.events import ACTION_TYPES, Action, Bid, Event
from tarot.engine.game import Game
from tarot.engine.rules import RuleSet
from tarot.engine.views import PlayerView
from tarot.table.loop import NoContract, play_out
from tarot.table.seats import ComputerSeat, Decision, TakeBack, computer_seats

# Added to the diagonal of the normal equations: keeps the rarely-seen features (a hand
# with four marriages) from fitting noise, and costs nothing measurable elsewhere.
RIDGE = 1.0


@dataclass(frozen=True, slots=True)
class Outcome:
    """One forced deal: the taker's place, the dealt hand's features, and the taker's own
    score under each contract."""

    seed: int
    position: int
    features: tuple[int, ...]
    scores: dict[str, int]


def contract_groups(rules: RuleSet) -> list[list[str]]:
    """The contracts in groups the same decisions serve: chien shown, chien hidden."""
    shown = [c.id for c in rules.contracts if c.chien == "shown"]
    hidden = [c.id for c in rules.contracts if c.chien != "shown"]
    return [group for group in (shown, hidden) if group]


class ForcedBid:
    """A seat of a forced deal: at the auction the contract forced on it (None: a pass),
    then its computer player's decisions."""

    def __init__(self, contract: str | None, computer: ComputerSeat) -> None:
        self.contract = contract
        self.computer = computer

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        if any(isinstance(action, Bid) for action in legal):  # the auction (not the call)
            return Bid(seat=view.seat, contract=self.contract)
        return self.computer.decide(view, legal)

    def tell(self, event: Event) -> TakeBack | None:
        return None


def forced_deal(rules: RuleSet, player_name: str, seed: int,
                defenders_name: str | None = None) -> Outcome | None:
    """Deal ``seed`` played out under every contract by the seat ``seed mod seats`` places
    after the first to speak; None when the deal is redealt (petit sec). ``player_name``
    plays every seat, or the taker's alone when ``defenders_name`` plays the others."""
    seats = rules.players
    position = seed % seats
    player = make_player(player_name, rules)
    others = make_player(defenders_name, rules) if defenders_name else player
    scores: dict[str, int] = {}
    features: tuple[int, ...] = ()
    for group in contract_groups(rules):
        game = Game.new(seed=seed, rules=rules)
        leader = game.turn
        assert leader is not None
        taker = (leader + position) % seats
        features = hand_features(mask_of_codes(game.hand(taker)), seats, position)
        rng = random.Random(seed)  # one for the whole table
        computers = computer_seats([player if seat == taker else others
                                    for seat in range(seats)], [rng] * seats)
        try:
            play_out(game, [ForcedBid(group[0] if seat == taker else None, computer)
                            for seat, computer in enumerate(computers)], max_deals=1)
        except NoContract:
            return None  # redealt (a petit sec)
        actions = [event for event in game.events if isinstance(event, ACTION_TYPES)]
        assert game.settlement is not None
        scores[group[0]] = game.settlement.scores[taker]
        for contract in group[1:]:
            scores[contract] = _replayed_score(rules, seed, taker, contract, actions)
    return Outcome(seed, position, features, scores)


def _replayed_score(rules: RuleSet, seed: int, taker: int, contract: str,
                    actions: Sequence[Action]) -> int:
    game = Game.new(seed=seed, rules=rules)
    for action in actions:
        if isinstance(action, Bid) and action.seat == taker and action.contract is not None:
            action = Bid(seat=taker, contract=contract)
        game.play(action)
    assert game.settlement is not None
    return game.settlement.scores[taker]


def _chunk(args: tuple[RuleSet, str, str | None, Sequence[int]]) -> list[Outcome]:
    rules, player_name, defenders_name, seeds = args
    return [o for o in (forced_deal(rules, player_name, s, defenders_name) for s in seeds)
            if o is not None]


def play_deals(rules: RuleSet, player_name: str, seeds: Sequence[int], workers: int,
               progress: Callable[[int, int], None] | None = None,
               defenders_name: str | None = None) -> list[Outcome]:
    """The forced deals of ``seeds``, in seed order, on ``workers`` processes;
    ``progress`` is told the chunks done and their number as each finishes."""
    size = 50
    chunks = [(rules, player_name, defenders_name, seeds[i:i + size])
              for i in range(0, len(seeds), size)]
    outcomes: list[Outcome] = []
    if workers <= 1:
        results = map(_chunk, chunks)
        for done, result in enumerate(results, 1):
            outcomes.extend(result)
            if progress is not None:
                progress(done, len(chunks))
        return outcomes
    with ProcessPoolExecutor(workers) as pool:
        for done, result in enumerate(pool.map(_chunk, chunks), 1):
            outcomes.extend(result)
            if progress is not None:
                progress(done, len(chunks))
    return outcomes


# -- least squares --------------------------------------------------------------------


def least_squares(rows: Sequence[Sequence[int]], targets: Sequence[float]) -> list[float]:
    """The coefficients minimising the squared error plus :data:`RIDGE` times their
    squares (the intercept, feature 0, unpenalised), by the normal equations."""
    n = len(rows[0])
    matrix = [[0.0] * n for _ in range(n)]
    vector = [0.0] * n
    for row, target in zip(rows, targets, strict=True):
        for i, x in enumerate(row):
            if x:
                vector[i] += x * target
                line = matrix[i]
                for j in range(i, n):
                    line[j] += x * row[j]
    for i in range(n):
        for j in range(i):
            matrix[i][j] = matrix[j][i]
        if i:
            matrix[i][i] += RIDGE
    return _solve(matrix, vector)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if a[col][col] == 0:
            raise ValueError(f"the features are degenerate (column {FEATURES[col]})")
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            if factor:
                for c in range(col, n + 1):
                    a[r][c] -= factor * a[col][c]
    solution = [0.0] * n
    for r in reversed(range(n)):
        solution[r] = (a[r][n] - sum(a[r][c] * solution[c] for c in range(r + 1, n))) / a[r][r]
    return solution


def fit(rules: RuleSet, outcomes: Sequence[Outcome], made_by: dict[str, object]
        ) -> ContractModel:
    """Each contract's mean and variance fitted on ``outcomes``."""
    rows = [o.features for o in outcomes]
    mean: dict[str, tuple[float, ...]] = {}
    variance: dict[str, tuple[float, ...]] = {}
    for contract in rules.contracts:
        targets = [o.scores[contract.id] for o in outcomes]
        coefficients = least_squares(rows, targets)
        squares = [(t - sum(c * x for c, x in zip(coefficients, row, strict=True))) ** 2
                   for row, t in zip(rows, targets, strict=True)]
        mean[contract.id] = tuple(coefficients)
        variance[contract.id] = tuple(least_squares(rows, squares))
    return ContractModel(rules.id, rules.players,
                         {c.id: c.multiplier for c in rules.contracts}, mean, variance, {},
                         made_by)


def calibrate(model: ContractModel, rules: RuleSet, outcomes: Sequence[Outcome]
              ) -> float:
    """The mean of (real - predicted) per unit of multiplier over ``outcomes``."""
    total, count = 0.0, 0
    for o in outcomes:
        for estimate in model.estimates(_hand_of(rules, o), o.position, list(o.scores)):
            multiplier = model.multipliers[estimate.contract]
            total += (o.scores[estimate.contract] - estimate.mean) / multiplier
            count += 1
    return total / count


def _hand_of(rules: RuleSet, outcome: Outcome) -> int:
    game = Game.new(seed=outcome.seed, rules=rules)
    assert game.turn is not None
    taker = (game.turn + outcome.position) % rules.players
    return mask_of_codes(game.hand(taker))


def command_line(rules_name: str, deals: int, seed: int, calibrate: str | None = None,
                 defenders: str | None = None) -> str:
    """The command that makes a model file (or its calibration), as the file records it:
    without what does not change it (the workers, the path)."""
    return (f"python benchmarks/train_contracts.py --rules {rules_name} --deals {deals} "
            f"--seed {seed}" + (f" --calibrate {calibrate}" if calibrate else "")
            + (f" --defenders {defenders}" if defenders else ""))


def train(rules: RuleSet, deals: int, seed: int, workers: int,
          progress: Callable[[int, int], None] | None = None) -> ContractModel:
    """A model fitted on the forced deals ``seed .. seed+deals-1`` played by ``rules``."""
    outcomes = play_deals(rules, "rules", range(seed, seed + deals), workers, progress)
    return fit(rules, outcomes, {"command": command_line(rules.id, deals, seed),
                                 "deals": len(outcomes), "seeds": [seed, seed + deals - 1],
                                 "player": "rules"})


def recalibrate(model: ContractModel, rules: RuleSet, level: str, deals: int, seed: int,
                workers: int, defenders: str | None = None,
                progress: Callable[[int, int], None] | None = None) -> ContractModel:
    """``model`` with ``level``'s offset measured on the forced deals ``seed ..
    seed+deals-1``, ``level`` the taker and ``defenders`` (else ``level``) the others."""
    outcomes = play_deals(rules, level, range(seed, seed + deals), workers, progress,
                          defenders)
    offset = round(calibrate(model, rules, outcomes), 2)
    calibrations = dict(model.made_by.get("calibrations", {}))  # type: ignore[call-overload]
    calibrations[level] = {"command": command_line(rules.id, deals, seed, level, defenders),
                           "deals": len(outcomes)}
    return ContractModel(model.rules_id, model.seats, model.multipliers, model.mean,
                         model.variance, {**model.offsets, level: offset},
                         {**model.made_by, "calibrations": calibrations})
