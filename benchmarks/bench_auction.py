"""The auction per level: the contract mix, each contract's success, thin Gardes; and the
calibration of the simulated bids.

    python benchmarks/bench_auction.py [--rules standard] [--deals 2000] [--played 300]
        [--levels rules-2026-11,rules,normal,strong] [--seed 1]
    python benchmarks/bench_auction.py --calibrate [--deals 300] [--samples 60]
        [--taker normal] [--defenders rules]
    python benchmarks/bench_auction.py --paired normal --base bid_samples=40
        [--vary bid_samples=0] [--against rules-2026-11] [--deals 100] [--seed 73001]

The mix: on deals seed..seed+N-1 every seat is the level, and only the auction is played
(the bids and, at five players, the call): the contract taken, or none (every seat
passed). A Garde is *thin* when the taker's dealt hand holds at most five trumps and at
most one king (the issue's "four or five trumps and one king"; six and four at three and
five players); ``<=5 trumps`` is the share with that few trumps whatever the kings. The
success rates: the first ``--played`` of those deals played to the end with the level in
every seat (a redeal after four passes is not played on).

``--calibrate``: on each deal the first seat to speak values Prise/Garde by simulation
(:class:`tarot.bots.bidding.SimulatedBidder`, uncorrected) and is then made to bid Garde
(the others pass); ``--taker`` plays that seat, ``--defenders`` the others. Printed: the
simulated and real mean score per defender and success, over all deals and by band of
the simulated score, and the least-squares line real = a + b * simulated, from which
``CALIBRATION`` is read (scale b, offset -a / 2 for a Garde's multiplier of 2).

``--paired LEVEL``: what the level's bids are worth, on duplicate deals as ``tarot simulate
--players LEVEL,AGAINST,AGAINST,AGAINST`` plays them (the same seeds and generators), the
level (with ``--base``'s settings, e.g. ``bid_samples=40``: bids by simulation) against
itself with one setting changed (``--vary FIELD=VALUE``, a field of
:class:`tarot.bots.sampling.Settings`; ``bid_samples=0`` bids by the count). Each game's
auction is played both ways; only the games whose auctions differ are played out, both
ways, and the others count a difference of 0 (the card play is the same player's: its
expected difference is 0, and leaving out its noise narrows the interval). Printed: the
games changed and the change in ``LEVEL - AGAINST`` per game (4/3 of the level's score,
as ``tarot simulate`` pools it), with its 95% interval over deal seeds.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from collections import Counter, defaultdict

from tarot.bots.base import ask
from tarot.bots.bidding import Calibration, SimulatedBidder
from tarot.bots.registry import make_player
from tarot.bots.rules_player import YARDSTICK_STYLE, RulesPlayer, is_thin
from tarot.bots.sampling import SamplingPlayer
from tarot.duplicate.match import mean_ci, player_rng
from tarot.engine import phases
from tarot.engine.cards import TRUMP_MASK, mask_of_codes
from tarot.engine.events import Bid
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules

CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")


def thin(hand: int, seats: int = 4) -> bool:
    """Thin for a Garde: five trumps or fewer (six at three players, four at five) and
    one king or none, as the rules player counts it (``Style.thin_trumps``)."""
    return is_thin(hand, 5 + {3: 1, 5: -1}.get(seats, 0))


def run_level(rules_name: str, level: str, deals: int, played: int, seed: int) -> None:
    rules = load_rules(rules_name)
    players = [make_player(level, rules) for _ in range(rules.players)]
    mix: Counter[str] = Counter()
    few = 5 + {3: 1, 5: -1}.get(rules.players, 0)
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
            thin_gardes += thin(hand, rules.players)
            few_trumps += (hand & TRUMP_MASK).bit_count() <= few
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
                     settlement.contract_made, thin(hand, rules.players)))
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


def _game(players: list, deal_seed: int, rotation: int, seed: int, rules_name: str,
          auction_only: bool) -> tuple[list[tuple[int, str | None]], int]:
    """One game as ``play_game`` plays it (the same generators); the auction's bids and
    the score of ``players[0]`` (0 when only the auction is played)."""
    seats = len(players)
    rngs = [player_rng(seed, deal_seed, rotation, i) for i in range(seats)]
    game = Game.new(seed=deal_seed, rules=rules_name)
    bids: list[tuple[int, str | None]] = []
    while not game.is_over:
        if auction_only and game.phase != phases.AUCTION:
            break
        seat = game.turn
        assert seat is not None
        index = (seat - rotation) % seats
        action = ask(players[index], game, rngs[index])
        if isinstance(action, Bid):
            bids.append((game.deal_number, action.contract))
        game.play(action)
    if auction_only or game.settlement is None:
        return bids, 0
    return bids, game.settlement.scores[rotation]


def paired(level: str, vary: str, against: str, deals: int, seed: int,
           rules_name: str, base_change: str = "") -> None:
    rules = load_rules(rules_name)
    base = make_player(level, rules)
    assert isinstance(base, SamplingPlayer)
    if base_change:  # FIELD=VALUE[,FIELD=VALUE...]: the level's own settings changed
        changes: dict[str, object] = {}
        for item in base_change.split(","):
            name, _, value = item.partition("=")
            current = getattr(base.settings, name)
            changes[name] = float(value) if current is None else type(current)(value)
        base = SamplingPlayer(dataclasses.replace(base.settings, **changes), name=level,
                              rules=rules, style=base.fallback.style)
    field, _, text = vary.partition("=")
    kind = type(getattr(base.settings, field))
    # Bidding by the count, it counts as before issue 28 (the yardstick's thresholds, no
    # cap on thin hands): the sampling levels' bids as they were.
    old = YARDSTICK_STYLE
    style = dataclasses.replace(base.fallback.style, bid_thresholds=old.bid_thresholds,
                                bid_thresholds_3=old.bid_thresholds_3,
                                bid_thresholds_5=old.bid_thresholds_5,
                                thin_trumps=old.thin_trumps)
    other = SamplingPlayer(dataclasses.replace(base.settings, **{field: kind(text)}),
                           name=level, rules=rules, style=style)
    seats = rules.players
    pooled = seats / (seats - 1)
    diffs: list[float] = []
    changed = games = 0
    start = time.perf_counter()
    for deal_seed in range(seed, seed + deals):
        total = 0.0
        for rotation in range(seats):
            games += 1
            opponents = [make_player(against, rules) for _ in range(seats - 1)]
            one, _ = _game([base, *opponents], deal_seed, rotation, seed, rules_name, True)
            two, _ = _game([other, *opponents], deal_seed, rotation, seed, rules_name, True)
            if one == two:
                continue
            changed += 1
            _, a = _game([base, *opponents], deal_seed, rotation, seed, rules_name, False)
            _, b = _game([other, *opponents], deal_seed, rotation, seed, rules_name, False)
            total += a - b
        diffs.append(total / seats * pooled)
        if len(diffs) % 10 == 0 or deal_seed == seed + deals - 1:
            mean, half = mean_ci(diffs)
            print(f"{len(diffs)} deals, {changed}/{games} games with another auction: "
                  f"{level} - {against} moves by {mean:+.2f} ± {half:.2f} a game with "
                  f"{level}'s own bids against {vary}  [{time.perf_counter() - start:.0f} s]",
                  flush=True)


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
    parser.add_argument("--paired", default="")
    parser.add_argument("--vary", default="bid_samples=0")
    parser.add_argument("--against", default="rules-2026-11")
    parser.add_argument("--base", default="", help="FIELD=VALUE: the level's own setting")
    args = parser.parse_args()
    if args.paired:
        paired(args.paired, args.vary, args.against, args.deals, args.seed, args.rules,
               args.base)
        return
    if args.calibrate:
        calibrate(args.rules, args.deals, args.seed, args.samples, args.taker, args.defenders)
        return
    for level in args.levels.split(","):
        run_level(args.rules, level, args.deals, args.played, args.seed)


if __name__ == "__main__":
    main()
