"""How much probability the sampled deals give the true hidden cards, with and without the
auction as evidence (tarot.bots.bid_inference).

    python benchmarks/bench_inference.py [--rules standard] [--deals 100] [--seed 81001]
        [--level normal] [--tricks 1-12] [--temperature 50]

Four ``--level`` players play deals seed..seed+N-1 (their bids are the evidence). At the
start of each trick of ``--tricks`` the seat to lead samples 120 deals consistent with
its view (the sampling levels' sampler, the taker bias included) and keeps 40: the
first 40 (without inference), or 40 drawn in proportion to the likelihood of the
others' bids (with). For each unseen card, the share of kept deals that put it where it
really is (a seat's hand or the hidden pile) is the probability the sampler gives the
truth; printed: its mean over the unseen cards of all positions, for all cards and for
the bouts, kings and trumps from 15 up (the cards a bid is made of), with the number of
positions and a 95% interval over deals. Figures, no asserts.
"""

from __future__ import annotations

import argparse
import random
from statistics import fmean

from tarot.bots.base import ask
from tarot.bots.bid_inference import BidEvidence
from tarot.bots.contracts import ContractBidder, load_model
from tarot.bots.evidence import resample
from tarot.bots.knowledge import HIDDEN, SLOTS
from tarot.bots.registry import make_player
from tarot.bots.sampling import SAMPLING_CALIBRATION, TAKER_BIAS, Knowledge
from tarot.duplicate.match import mean_ci, player_rng
from tarot.engine import phases
from tarot.engine.cards import BOUT_MASK, KING_MASK, TRUMPS_ABOVE, mask_of_codes
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules

CANDIDATES, KEPT = 120, 40


def truth_slots(game: Game, seats: int, unknown: int) -> list[int]:
    """Where each unseen card really is: SLOTS masks, the hidden pile last."""
    slots = [0] * SLOTS
    placed = 0
    for seat in range(seats):
        slots[seat] = mask_of_codes(game.hand(seat)) & unknown
        placed |= slots[seat]
    slots[HIDDEN] = unknown & ~placed
    return slots


def share_right(deals: list[list[int]], truth: list[int], cards: int) -> tuple[int, int]:
    """Cards of ``cards`` placed right, summed over the deals; and the cards counted."""
    right = 0
    for hands in deals:
        for slot in range(SLOTS):
            right += (hands[slot] & truth[slot] & cards).bit_count()
    return right, cards.bit_count() * len(deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=81001)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--tricks", default="1-12")
    parser.add_argument("--temperature", type=float, default=50.0)
    args = parser.parse_args()
    rules = load_rules(args.rules)
    seats = rules.players
    model = load_model(rules.id)
    if model is None:
        parser.error(f"no contract model for {rules.id}")
    bidder = ContractBidder(model, SAMPLING_CALIBRATION)
    first, last = (int(x) for x in args.tricks.split("-"))
    contracts = [c.id for c in rules.contracts]
    key = BOUT_MASK | KING_MASK | TRUMPS_ABOVE[14]
    # per deal: [right, counted] for (without, with) x (all, key cards)
    per_deal: list[tuple[float, float, float, float]] = []
    positions = 0
    for deal_seed in range(args.seed, args.seed + args.deals):
        players = [make_player(args.level, rules) for _ in range(seats)]
        rngs = [player_rng(1, deal_seed, 0, s) for s in range(seats)]
        game = Game.new(seed=deal_seed, rules=rules)
        tallies = [[0, 0] for _ in range(4)]
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            if (view.phase == phases.TRICKS and not view.trick
                    and first <= len(view.tricks) + 1 <= last):
                know = Knowledge(view, rules.table.chien_size,
                                 TAKER_BIAS if seat != view.taker else None, seats)
                evidence = BidEvidence(view, bidder, contracts, know.plays, args.temperature)
                if evidence.bids:
                    positions += 1
                    truth = truth_slots(game, seats, know.unknown)
                    rng = random.Random(deal_seed * 100 + len(view.tricks))
                    pool = [know.sample(rng) for _ in range(CANDIDATES)]
                    weighted = resample(pool, [evidence.weight(h) for h in pool], KEPT, rng)
                    for i, (deals, cards) in enumerate(
                            ((pool[:KEPT], know.unknown), (weighted, know.unknown),
                             (pool[:KEPT], know.unknown & key), (weighted, know.unknown & key))):
                        right, counted = share_right(deals, truth, cards)
                        tallies[i][0] += right
                        tallies[i][1] += counted
            game.play(ask(players[seat], game, rngs[seat]))
        if tallies[0][1] and tallies[2][1]:
            per_deal.append(tuple(100 * r / max(c, 1) for r, c in tallies))  # type: ignore[arg-type]
    print(f"{rules.id}: deals {args.seed}-{args.seed + args.deals - 1}, four {args.level} "
          f"players, {positions} positions (tricks {first}-{last}, the leader's view), "
          f"{KEPT} of {CANDIDATES} sampled deals kept, temperature {args.temperature:g}")
    print("probability the sampled deals give the true place of an unseen card (%):")
    for label, without, with_ in (("all cards", 0, 1), ("bouts, kings, trumps 15+", 2, 3)):
        a = [d[without] for d in per_deal]
        b = [d[with_] for d in per_deal]
        gain = mean_ci([y - x for x, y in zip(a, b, strict=True)])
        print(f"  {label:<26} without {fmean(a):5.2f}  with {fmean(b):5.2f}  "
              f"gain {gain[0]:+.2f} ± {gain[1]:.2f} (paired by deal)")


if __name__ == "__main__":
    main()
