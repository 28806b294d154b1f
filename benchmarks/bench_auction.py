"""The auction per level: the contract mix, each contract's success, thin Gardes; and the
calibration of the simulated bids.

    python benchmarks/bench_auction.py [--rules standard] [--deals 2000] [--played 300]
        [--levels rules-2026-11,rules,normal,strong] [--seed 1]
    python benchmarks/bench_auction.py --calibrate [--deals 300] [--samples 60]
        [--taker normal] [--defenders rules]

The mix: on deals seed..seed+N-1 every seat is the level, and only the auction is played
(the bids and, at five players, the call): the contract taken, or none (every seat
passed). A Garde is *thin* when the taker's dealt hand holds at most five trumps and at
most one king (the issue's "four or five trumps and one king"); ``<=5 trumps`` is the
share with five trumps or fewer whatever the kings. The success rates: the first
``--played`` of those deals played to the end with the level in every seat (a redeal
after four passes is not played on).

``--calibrate``: on each deal the first seat to speak values Prise/Garde by simulation
(:class:`tarot.bots.bidding.SimulatedBidder`, uncorrected) and is then made to bid Garde
(the others pass); ``--taker`` plays that seat, ``--defenders`` the others. Printed: the
simulated and real mean score per defender and success, over all deals and by band of
the simulated score, and the least-squares line real = a + b * simulated, from which
``CALIBRATION`` is read (scale b, offset -a / 2 for a Garde's multiplier of 2).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter, defaultdict

from tarot.bots.base import ask
from tarot.bots.bidding import Calibration, SimulatedBidder
from tarot.bots.registry import make_player
from tarot.bots.rules_player import RulesPlayer
from tarot.engine import phases
from tarot.engine.cards import KING_MASK, TRUMP_MASK, mask_of_codes
from tarot.engine.events import Bid
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules

CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")


def thin(hand: int) -> bool:
    return (hand & TRUMP_MASK).bit_count() <= 5 and (hand & KING_MASK).bit_count() <= 1


def run_level(rules_name: str, level: str, deals: int, played: int, seed: int) -> None:
    rules = load_rules(rules_name)
    players = [make_player(level, rules) for _ in range(rules.players)]
    mix: Counter[str] = Counter()
    thin_gardes = few_trumps = gardes = 0
    made: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    start = time.perf_counter()
    for n in range(deals):
        game = Game.new(seed=seed + n, rules=rules)
        rng = random.Random(seed + n)
        dealt = [mask_of_codes(game.view(s).hand) for s in range(rules.players)]
        while not game.is_over and game.phase == phases.AUCTION and game.deal_number == 0:
            seat = game.turn
            assert seat is not None
            game.play(ask(players[seat], game, rng))
        state = game.state
        if game.deal_number > 0 or state.contract < 0:
            mix["pass"] += 1
            continue
        contract = rules.contracts[state.contract].id
        mix[contract] += 1
        if contract == "garde":
            gardes += 1
            hand = dealt[state.taker]
            thin_gardes += thin(hand)
            few_trumps += (hand & TRUMP_MASK).bit_count() <= 5
        if n < played:
            while not game.is_over and game.deal_number == 0:
                seat = game.turn
                assert seat is not None
                game.play(ask(players[seat], game, rng))
            settlement = game.settlement
            if settlement is not None and game.deal_number == 0:
                taken[contract] += 1
                made[contract] += settlement.contract_made
    elapsed = time.perf_counter() - start
    total = sum(mix.values())
    shares = "  ".join(f"{c} {100 * mix[c] / total:5.1f}%" for c in ("pass", *CONTRACTS))
    success = "  ".join(f"{c} {made[c]}/{taken[c]}" + (f" ({100 * made[c] / taken[c]:.0f}%)"
                                                       if taken[c] else "")
                        for c in CONTRACTS)
    all_made, all_taken = sum(made.values()), sum(taken.values())
    print(f"{level:<14} {total} deals: {shares}")
    print(f"{'':<14} thin Gardes {thin_gardes}/{gardes}"
          + (f" ({100 * thin_gardes / gardes:.1f}%)" if gardes else "")
          + f", <=5 trumps {few_trumps}/{gardes}"
          + f"; made ({min(played, deals)} played): {success}; all "
          + (f"{all_made}/{all_taken} ({100 * all_made / all_taken:.0f}%)" if all_taken else "-")
          + f"  [{elapsed:.0f} s]")


def calibrate(rules_name: str, deals: int, seed: int, samples: int, taker_level: str,
              defender_level: str) -> None:
    rules = load_rules(rules_name)
    bidder = SimulatedBidder(rules, RulesPlayer(rules=rules), samples, Calibration())
    taker_player = make_player(taker_level, rules)
    defender = make_player(defender_level, rules)
    rows = []
    for n in range(deals):
        game = Game.new(seed=seed + n, rules=rules)
        first = game.turn
        assert first is not None
        view = game.view(first)
        hand = mask_of_codes(view.hand)
        sim = bidder.values(view, ["garde"], random.Random(seed + n))["garde"]
        rng = random.Random(seed + n)
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            if game.phase == phases.AUCTION and not game.state.call_due:
                game.play(Bid(seat=seat, contract="garde" if seat == first else None))
            else:
                game.play(ask(taker_player if seat == first else defender, game, rng))
            if game.deal_number > 0:
                break
        settlement = game.settlement
        if settlement is None or game.deal_number > 0:
            continue
        rows.append((sim.per_defender, sim.made / sim.deals, settlement.per_defender,
                     settlement.contract_made, thin(hand)))
    n = len(rows)
    print(f"{rules_name}: {n} forced Gardes, taker {taker_level}, defenders {defender_level}, "
          f"{samples} samples a bid")
    sim_mean = sum(r[0] for r in rows) / n
    real_mean = sum(r[2] for r in rows) / n
    print(f"  mean per defender: simulated {sim_mean:+.1f}, real {real_mean:+.1f}; "
          f"made: simulated {100 * sum(r[1] for r in rows) / n:.1f}%, "
          f"real {100 * sum(r[3] for r in rows) / n:.1f}%")
    bands: dict[int, list[tuple[float, float, int, bool, bool]]] = defaultdict(list)
    for row in rows:
        bands[int(row[0] // 40) * 40].append(row)
    for band in sorted(bands):
        values = bands[band]
        k = len(values)
        print(f"  sim {band:+5d}..{band + 39:+5d} {k:>5} deals"
              f"  sim D {sum(r[0] for r in values) / k:+7.1f}"
              f"  real D {sum(r[2] for r in values) / k:+7.1f}"
              f"  sim made {100 * sum(r[1] for r in values) / k:5.1f}%"
              f"  real made {100 * sum(r[3] for r in values) / k:5.1f}%")
    # Fit near the decision (the sign of the corrected value): simulated within +-120.
    near = [r for r in rows if -120 <= r[0] <= 120]
    k = len(near)
    mx = sum(r[0] for r in near) / k
    my = sum(r[2] for r in near) / k
    b = sum((r[0] - mx) * (r[2] - my) for r in near) / sum((r[0] - mx) ** 2 for r in near)
    a = my - b * mx
    print(f"  fit over {k} deals with simulated D in [-120, 120]: real = {a:+.1f} + {b:.2f} x "
          f"simulated; break-even at simulated {-a / b:+.1f}; Calibration(scale={b:.2f}, "
          f"offset={-a / 2:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--played", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="rules-2026-11,rules,normal,strong")
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--taker", default="normal")
    parser.add_argument("--defenders", default="rules")
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.rules, args.deals, args.seed, args.samples, args.taker, args.defenders)
        return
    for level in args.levels.split(","):
        run_level(args.rules, level, args.deals, args.played, args.seed)


if __name__ == "__main__":
    main()
