"""How well a sampled deal explains the auction: the bids and passes as evidence.

A seat that passed seldom holds a hand worth a Garde; a seat that bid a Prise and was
outbid holds one worth a Prise. The sampler (:class:`~tarot.bots.sampling.Knowledge`)
deals the unseen cards as the rules allow; this module weighs each deal by how likely
the contract evaluator (:mod:`tarot.bots.contracts`) makes the bids of the seats it
deals for, so that the player keeps the deals that explain the auction best
(sampling importance resampling, as :mod:`tarot.bots.evidence` does for the card play).

The model of a seat's bid is the bidder's own rule made soft: a pass has likelihood
``sigmoid(-best / T)``, where ``best`` is the highest mean the evaluator gives the
seat's dealt hand among the contracts open to it then, less the bidder's margin, and a
bid of a contract ``sigmoid((mean - margin) / T)``, with ``T`` = :data:`TEMPERATURE`.
The others may bid otherwise than the evaluator (a person, a weaker level), so no bid
makes a deal impossible.

The taker's own bid is left to the sampler's taker bias: his dealt hand is not what he
holds after the chien. Only the view is read: the bids, the cards each seat played.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tarot.bots.contracts import ContractBidder, speaking_position
from tarot.engine.views import PlayerView

# In points of the bidder's own score: a hand whose mean is 100 points above the margin
# is about 7 times likelier to be bid than passed (sigmoid(100 / 50) = 0.88).
TEMPERATURE = 50.0


@dataclass(frozen=True, slots=True)
class SeenBid:
    """One seat's bid decision: the contract bid (None: a pass), the contracts then open."""

    seat: int
    position: int
    contract: str | None
    open_contracts: tuple[str, ...]


def seen_bids(view: PlayerView, contracts: Sequence[str], seats: int) -> list[SeenBid]:
    """The bid decisions of the seats other than the viewer and the taker; ``contracts``
    from the lowest to the highest."""
    result = []
    highest = -1
    for seat, contract in view.bids:
        open_contracts = tuple(contracts[highest + 1:])
        if seat not in (view.seat, view.taker) and open_contracts:
            position = speaking_position(seat, view.dealer, seats)
            result.append(SeenBid(seat, position, contract, open_contracts))
        if contract is not None:
            highest = contracts.index(contract)
    return result


class BidEvidence:
    """Weighs sampled deals by the likelihood of the bids seen (see the module's text)."""

    def __init__(self, view: PlayerView, bidder: ContractBidder, contracts: Sequence[str],
                 plays: Sequence[int], temperature: float = TEMPERATURE) -> None:
        self.bidder = bidder
        self.plays = plays
        self.temperature = temperature
        self.bids = seen_bids(view, contracts, bidder.model.seats)

    def weight(self, hands: Sequence[int]) -> float:
        """The likelihood of the seen bids in the deal ``hands`` (each seat's cards now;
        the cards it played are added back for its dealt hand)."""
        weight = 1.0
        bidder = self.bidder
        for bid in self.bids:
            dealt = hands[bid.seat] | self.plays[bid.seat]
            estimates = bidder.model.estimates(dealt, bid.position, bid.open_contracts,
                                               bidder.player)
            if bid.contract is None:
                best = max(e.mean for e in estimates) - bidder.margin
                weight *= _sigmoid(-best / self.temperature)
            else:
                chosen = next(e for e in estimates if e.contract == bid.contract)
                weight *= _sigmoid((chosen.mean - bidder.margin) / self.temperature)
        return weight


def _sigmoid(x: float) -> float:
    if x < -30:
        return math.exp(x)
    return 1.0 / (1.0 + math.exp(-x))
