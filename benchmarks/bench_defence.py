"""A defence level against one taker level, the same deals and the same contracts. No asserts.

    python benchmarks/bench_defence.py [--deals 300] [--seed 1] [--taker rules]
        [--defences rules,normal,strong] [--workers 2]

Every deal is bid and discarded by ``rules`` at every seat, so each defence meets
the same taker with the same contract; then the taker plays his cards (and
declares his poignée and chelem) at ``--taker``'s level, and the three defenders at
the defence's. For each
defence it prints the contracts the taker made, the mean score of a defender
(``Settlement.per_defender`` signed for the defence), and what became of the Petit
when the taker held it at the first trick: captured by the defence, or kept, by
how many trumps he held then (issue 12 asks for a defence that hunts it). The
defender's score is also compared with the first defence's, paired by deal.
One game a deal (not four rotations as ``tarot simulate``), so a strong defence's
300 deals take about a tenth of an hour on two cores.
"""

from __future__ import annotations

import argparse
from collections import Counter
from multiprocessing import get_context

from tarot.bots.base import ask
from tarot.bots.registry import make_player
from tarot.duplicate.match import SEATS, mean_ci, paired_difference, player_rng
from tarot.engine import phases
from tarot.engine.cards import PETIT, TRUMP_MASK, mask_of_codes
from tarot.engine.game import Game

# The taker's trumps at the first trick, in these bands (upper bounds).
BANDS = ((5, "≤5"), (8, "6-8"), (11, "9-11"), (99, "12+"))


def _band(trumps: int) -> str:
    return next(label for top, label in BANDS if trumps <= top)


def _one_deal(task: tuple[int, int, str, str]) -> tuple[bool, int, str | None, bool]:
    """Whether the contract was made, a defender's score, the taker's trump band when he
    held the Petit at the first trick (None when he did not), and whether the defence
    captured it."""
    deal_seed, seed, taker_level, defence_level = task
    bidder = make_player("rules")
    taker_player = make_player(taker_level)
    defender = make_player(defence_level)
    rngs = [player_rng(seed, deal_seed, 0, s) for s in range(SEATS)]
    game = Game.new(seed=deal_seed)
    band: str | None = None
    looked = False  # at the taker's hand, once, at the first trick
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        if game.phase != phases.TRICKS:
            player = bidder
        else:
            taker = game.state.taker
            if not looked:
                looked = True
                hand = mask_of_codes(game.hand(taker))
                if hand >> PETIT & 1:
                    band = _band((hand & TRUMP_MASK).bit_count())
            player = taker_player if seat == taker else defender
        game.play(ask(player, game, rngs[seat]))
    settlement = game.settlement
    assert settlement is not None
    captured = band is not None and not any(
        PETIT in trick.cards for trick in game.state.tricks if trick.winner == settlement.taker)
    return settlement.contract_made, -settlement.per_defender, band, captured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--taker", default="rules")
    parser.add_argument("--defences", default="rules,normal,strong")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.deals)
    print(f"{args.taker} taker, deals {seeds.start}-{seeds.stop - 1}, the auction and "
          "the discard by rules; a defender's score per game with its 95% interval; the "
          "Petit when the taker held it at the first trick, captured/held by his trumps")
    defences = args.defences.split(",")
    print(f"{'defence':<14}{'made':>13}{'defender':>14}{'vs ' + defences[0]:>16}"
          "   Petit captured, by taker's trumps")
    first: list[int] = []
    with get_context("spawn").Pool(args.workers) as pool:
        for defence in defences:
            tasks = [(s, args.seed, args.taker, defence) for s in seeds]
            results = pool.map(_one_deal, tasks, chunksize=4)
            made = sum(r[0] for r in results)
            scores = [r[1] for r in results]
            mean, half = mean_ci(scores)
            change = ""
            if first:  # paired by deal: the same contract, only the defence's play differs
                d, d_half = paired_difference(scores, first)
                change = f"{d:+.1f} ± {d_half:.1f}"
            else:
                first = scores
            held: Counter[str] = Counter()
            captured: Counter[str] = Counter()
            for _, _, band, lost in results:
                if band is not None:
                    held[band] += 1
                    captured[band] += lost
            petit = "  ".join(f"{label} {captured[label]}/{held[label]}" for _, label in BANDS)
            print(f"{defence:<14}{made:>5} ({100 * made / len(results):4.1f}%)"
                  f"{mean:>+7.1f} ± {half:<4.1f}{change:>16}   {petit}")


if __name__ == "__main__":
    main()
