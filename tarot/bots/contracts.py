"""The contract evaluator: a dealt hand's expected score as taker, contract by contract.

A small linear model, learned offline by playing many forced contracts out
(:mod:`tarot.duplicate.contract_training`): from the hand's features (:func:`hand_features`:
trumps, bouts, honours, long suits, voids, the seat's place at the table) to the
taker's own score under each contract (its mean), and to the square of its deviation
(its variance). The fitted numbers ship as one JSON file a rule set
(``tarot/bots/contract_models/standard.json``, ``standard-3.json``, ``standard-5.json``),
with the command, seeds and data size that made them; loading one costs a millisecond,
predicting a few dozen multiplications.

The players that bid by it (:class:`ContractBidder`) take a contract when its mean
beats a margin, and choose among those by *utility*, the mean less a price for risk:
``mean - risk * variance`` (:class:`BidTerms`, per table size). A Garde scores every
deal twice what a Prise scores, so by the mean alone a hand worth taking is always
worth a Garde; the variance grows with the square of the multiplier, so a price of
risk makes a Prise of a hand whose Garde is likely but not sure (docs/decisions.md).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tarot.bots.rules_player import is_thin
from tarot.engine.cards import (
    BOUT_MASK,
    EXCUSE_BIT,
    KING,
    KNIGHT,
    PETIT,
    QUEEN,
    SUIT_MASKS,
    TRUMP_MASK,
    TRUMPS_ABOVE,
    TWENTY_ONE,
    mask_of_codes,
)
from tarot.engine.events import Bid
from tarot.engine.views import PlayerView

FORMAT = "tarot-contract-model"
VERSION = 1
MODEL_FOLDER = Path(__file__).with_name("contract_models")

# The features of a hand, in the order of the fitted coefficients.
FEATURES = (
    "one", "trumps", "high_trumps", "petit", "petit_guard", "twenty_one", "excuse",
    "bouts_x_trumps", "kings", "queens", "knights", "marriages", "long", "voids",
    "singletons", "leads", "speaks_last",
)


def hand_features(hand: int, seats: int, position: int) -> tuple[int, ...]:
    """The features of a dealt hand (a card mask) held by the seat ``position`` places
    after the first to speak (who leads the first trick), at a table of ``seats``."""
    trumps = hand & TRUMP_MASK
    count = trumps.bit_count()
    petit = hand >> PETIT & 1
    kings = queens = knights = marriages = long = voids = singletons = 0
    for suit in range(4):
        cards = hand & SUIT_MASKS[suit]
        length = cards.bit_count()
        base = suit * 14 - 1
        king = cards >> (base + KING) & 1
        queen = cards >> (base + QUEEN) & 1
        kings += king
        queens += queen
        knights += cards >> (base + KNIGHT) & 1
        marriages += king & queen
        long += max(0, length - 4)
        voids += length == 0
        singletons += length == 1 and not king
    return (
        1, count, (trumps & TRUMPS_ABOVE[15] & ~(1 << TWENTY_ONE)).bit_count(), petit,
        petit * max(0, count - 4), hand >> TWENTY_ONE & 1, int(bool(hand & EXCUSE_BIT)),
        (hand & BOUT_MASK).bit_count() * count, kings, queens, knights, marriages, long,
        voids, singletons, int(position == 0), int(position == seats - 1),
    )


@dataclass(frozen=True, slots=True)
class ContractEstimate:
    """One contract's predicted score for the taker: its mean and variance."""

    contract: str
    mean: float
    variance: float

    def utility(self, risk: float) -> float:
        return self.mean - risk * self.variance


@dataclass(frozen=True, slots=True)
class ContractModel:
    """The fitted coefficients of one table size: per contract, the mean and the
    variance of the taker's own score as linear functions of :data:`FEATURES`."""

    rules_id: str
    seats: int
    multipliers: dict[str, int]
    mean: dict[str, tuple[float, ...]]
    variance: dict[str, tuple[float, ...]]
    # Added to every mean, per player that plays the contract out (a sampling taker
    # makes more of a hand than the rules player the model was trained with).
    offsets: dict[str, float]
    made_by: dict[str, object]

    def estimates(self, hand: int, position: int, contracts: Sequence[str],
                  player: str = "rules") -> list[ContractEstimate]:
        features = hand_features(hand, self.seats, position)
        offset = self.offsets.get(player, 0.0)
        result = []
        for contract in contracts:
            mean = _dot(self.mean[contract], features)
            variance = max(_dot(self.variance[contract], features), MIN_VARIANCE)
            multiplier = self.multipliers[contract]
            result.append(ContractEstimate(contract, mean + offset * multiplier, variance))
        return result

    @property
    def lowest(self) -> str:
        """The contract of the smallest multiplier (the Prise)."""
        return min(self.multipliers, key=lambda c: self.multipliers[c])

    def to_json(self) -> str:
        return json.dumps({
            "format": FORMAT, "version": VERSION, "rules": self.rules_id, "seats": self.seats,
            "features": list(FEATURES), "multipliers": self.multipliers,
            "mean": {c: [round(x, 4) for x in v] for c, v in self.mean.items()},
            "variance": {c: [round(x, 2) for x in v] for c, v in self.variance.items()},
            "offsets": self.offsets, "made_by": self.made_by,
        }, indent=1, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str, source: str) -> ContractModel:
        data = json.loads(text)
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"{source}: not a {FORMAT} file of version {VERSION}")
        if data["features"] != list(FEATURES):
            raise ValueError(f"{source}: fitted to other features than this program's")
        return cls(data["rules"], data["seats"], dict(data["multipliers"]),
                   {c: tuple(v) for c, v in data["mean"].items()},
                   {c: tuple(v) for c, v in data["variance"].items()},
                   dict(data["offsets"]), dict(data["made_by"]))


# A floor on the predicted variance (the linear fit of squared deviations can dip low at
# the edges of the data): (10 points)² of the taker's score.
MIN_VARIANCE = 400.0


def _dot(coefficients: Sequence[float], features: Sequence[int]) -> float:
    return sum(c * f for c, f in zip(coefficients, features, strict=True))


def model_path(rules_id: str) -> Path:
    return MODEL_FOLDER / f"{rules_id}.json"


@cache
def load_model(rules_id: str) -> ContractModel | None:
    """The model fitted under the rule set ``rules_id`` (``standard``, ``standard-3``…),
    or None where none was fitted (a rule set of the user's own)."""
    path = model_path(rules_id)
    if not path.is_file():
        return None
    return ContractModel.from_json(path.read_text(encoding="utf-8"), str(path))


@dataclass(frozen=True, slots=True)
class BidTerms:
    """How a bidder turns the evaluator's estimates into a bid at one table size.

    ``margin``: what a contract's mean must beat to be bid, in points of the bidder's own
    score (0: a pass's worth, the redeal it may bring). ``risk``: the price of risk in the
    utility ``mean - risk * variance`` that chooses among the contracts worth taking.
    """

    margin: float
    risk: float


# Chosen on the deals 70001-72000 (the auction alone, four players of the level) and the
# paired duplicate deals 73001-73600 (benchmarks/bench_auction.py --paired), as
# docs/decisions.md ("The contract evaluator") tells:
# - four players: a mean above -35 is taken. A pass by the count of a fair expectation
#   (0) passed out 39% of deals; -35 passes out one in nine, for no measurable change in
#   strength against the yardstick. With the margin below zero, a hand between -35 and 0
#   is worth a Prise (a Garde's mean is twice as negative), so the Prise is common
#   without a price of risk, which cost points (-5.3 +- 2.8 a game at 0.001).
# - three players: the fair expectation already passes out 13%; a small price of risk
#   makes a Prise of a hand that is likely but not sure (28% of contracts).
# - five players: none. With a partner nearly every hand is worth taking (1% passed out
#   at a margin of 0), and every margin and price of risk tried bid worse than the
#   yardstick's count against the yardstick (-3.3 to -7.8 a game, 300 paired deals
#   each), so at five the levels keep the count (a table size missing here).
BID_TERMS: dict[int, BidTerms] = {
    3: BidTerms(margin=0.0, risk=0.002),
    4: BidTerms(margin=-35.0, risk=0.0),
}
PASS_UTILITY = 0.0


def speaking_position(seat: int, dealer: int, seats: int) -> int:
    """The seat's place in the auction's order of speaking: 0 for the dealer's right, the
    first to speak (the position feature of :func:`hand_features`)."""
    return (seat - dealer - 1) % seats


class ContractBidder:
    """Bids the contract of highest utility under ``model`` among those whose mean beats a
    pass (:class:`BidTerms`, by default the table size's :data:`BID_TERMS`); passes when
    none does. ``player`` names whose card play the means are corrected for.
    ``thin_trumps``: a hand with at most that many trumps and at most one king bids the
    lowest contract at most (-1: no cap), as a club player does (docs/decisions.md)."""

    def __init__(self, model: ContractModel, player: str, terms: BidTerms | None = None,
                 thin_trumps: int = -1) -> None:
        self.model = model
        self.player = player
        terms = terms or BID_TERMS.get(model.seats, BidTerms(0.0, 0.0))
        self.risk = terms.risk
        self.margin = terms.margin
        self.thin_trumps = thin_trumps

    def choose(self, view: PlayerView, bids: Sequence[Bid]) -> Bid:
        """A contract is bid when its mean beats a pass (by ``margin``); of those, the one
        of highest utility (the price of risk chooses the contract, not whether to take)."""
        passing = next(b for b in bids if b.contract is None)
        offered = [b for b in bids if b.contract is not None]
        if not offered:
            return passing
        if self.thin_trumps >= 0 and is_thin(mask_of_codes(view.hand), self.thin_trumps):
            offered = [b for b in offered if b.contract == self.model.lowest]
        estimates = self.estimates(view, [b.contract for b in offered])
        worth = [(e.utility(self.risk), bid) for bid, e in zip(offered, estimates, strict=True)
                 if e.mean > PASS_UTILITY + self.margin]
        if not worth:
            return passing
        return max(worth, key=lambda pair: pair[0])[1]

    def estimates(self, view: PlayerView, contracts: Sequence[str | None]
                  ) -> list[ContractEstimate]:
        position = speaking_position(view.seat, view.dealer, self.model.seats)
        return self.model.estimates(mask_of_codes(view.hand), position,
                                    [c for c in contracts if c is not None], self.player)
