"""Learn the contract evaluator (:mod:`tarot.bots.contracts`) by playing forced contracts out.

    python -m tarot.bots.contract_training [--rules standard] [--deals 50000]
        [--seed 1000001] [--workers 2] [--out PATH]
    python -m tarot.bots.contract_training --calibrate normal [--rules standard]
        [--deals 600] [--seed 2000001] [--workers 2]

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

``--calibrate LEVEL``: the same forced contracts played by ``LEVEL`` in every seat on
other seeds; the mean of (real - predicted) per unit of multiplier is written into the
model file as that level's offset (a sampling taker makes more of a hand than ``rules``).

The same command, seeds and rule set give the same file, byte for byte, whatever the
number of workers (each deal depends on its seed alone, and the fit sums in seed order).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tarot.bots.base import ask
from tarot.bots.contracts import (
    FEATURES,
    ContractModel,
    hand_features,
    load_model,
    model_path,
)
from tarot.bots.registry import make_player
from tarot.engine.cards import mask_of_codes
from tarot.engine.events import Action, Bid
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet

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
        rng = random.Random(seed)
        actions: list[Action] = []
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            if game.state.phase == "auction" and not game.state.call_due:
                action: Action = Bid(seat=seat, contract=group[0] if seat == taker else None)
            else:
                action = ask(player if seat == taker else others, game, rng)
            game.play(action)
            actions.append(action)
            if game.state.deal_number > 0:
                return None
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
               progress: bool = False, defenders_name: str | None = None) -> list[Outcome]:
    """The forced deals of ``seeds``, in seed order, on ``workers`` processes."""
    size = 50
    chunks = [(rules, player_name, defenders_name, seeds[i:i + size])
              for i in range(0, len(seeds), size)]
    outcomes: list[Outcome] = []
    if workers <= 1:
        results = map(_chunk, chunks)
        for done, result in enumerate(results, 1):
            outcomes.extend(result)
            _progress(progress, done, len(chunks))
        return outcomes
    with ProcessPoolExecutor(workers) as pool:
        for done, result in enumerate(pool.map(_chunk, chunks), 1):
            outcomes.extend(result)
            _progress(progress, done, len(chunks))
    return outcomes


def _progress(shown: bool, done: int, total: int) -> None:
    if shown:
        sys.stderr.write(f"\r{done}/{total} chunks")
        if done == total:
            sys.stderr.write("\n")


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
    made_by = {**made_by, "multipliers": {c.id: c.multiplier for c in rules.contracts}}
    return ContractModel(rules.id, rules.players, mean, variance, {}, made_by)


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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--deals", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1_000_001)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--calibrate", metavar="LEVEL")
    parser.add_argument("--defenders", metavar="LEVEL",
                        help="with --calibrate: who plays the other seats (default LEVEL)")
    parser.add_argument("--out", type=Path, help="the model file (default: the package's)")
    args = parser.parse_args(argv)
    rules = load_rules(args.rules)
    out = args.out or model_path(rules.id)
    seeds = range(args.seed, args.seed + args.deals)
    player = args.calibrate or "rules"
    outcomes = play_deals(rules, player, seeds, args.workers, progress=True,
                          defenders_name=args.defenders)
    # What made the file, without what does not change it (the workers, the path).
    command = (f"python -m tarot.bots.contract_training --rules {args.rules} "
               f"--deals {args.deals} --seed {args.seed}"
               + (f" --calibrate {args.calibrate}" if args.calibrate else "")
               + (f" --defenders {args.defenders}" if args.defenders else ""))
    if args.calibrate:
        load_model.cache_clear()
        model = load_model(rules.id) if args.out is None else ContractModel.from_json(
            out.read_text(encoding="utf-8"), str(out))
        if model is None:
            parser.error(f"no model for {rules.id} to calibrate: train one first")
        offset = round(calibrate(model, rules, outcomes), 2)
        offsets = {**model.offsets, args.calibrate: offset}
        calibrations = dict(model.made_by.get("calibrations", {}))  # type: ignore[call-overload]
        calibrations[args.calibrate] = {"command": command, "deals": len(outcomes)}
        model = ContractModel(model.rules_id, model.seats, model.mean, model.variance,
                              offsets, {**model.made_by, "calibrations": calibrations})
        print(f"{args.calibrate}: offset {offset:+.2f} a unit of multiplier "
              f"over {len(outcomes)} deals")
    else:
        model = fit(rules, outcomes, {"command": command, "deals": len(outcomes),
                                      "seeds": [args.seed, args.seed + args.deals - 1],
                                      "player": player})
        print(f"{rules.id}: fitted on {len(outcomes)} deals")
        print(json.dumps(model.mean, indent=None)[:2000])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(model.to_json(), encoding="utf-8")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
