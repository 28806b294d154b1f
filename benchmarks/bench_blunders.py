"""Beginner's mistakes per level (tarot/bots/blunders.py): figures, not a test.

    python benchmarks/bench_blunders.py [--deals 200]
                                        [--levels rules-2026-11,easy,rules,normal,strong]
                                        [--rules standard-5]

The level sits at one seat (a different one each deal) against ``rules`` players at
the other seats (three, four or five in all, by ``--rules``), on deals 1..N; its card
decisions with a choice are counted, and each kind of mistake (the Petit lost with
another card legal, an honour wasted second or third before the taker, the Excuse kept
to the last trick; issue 28's king lost after a lower card took a trick it would have
taken, honour led into the taker's known void, trump led beside it, Garde on a thin
hand) per 100 seat-games (deals) and per 1,000 decisions.
"""

from __future__ import annotations

import argparse

from tarot.duplicate.blunder_rates import measure_level

KINDS = ("petit_lost", "honour_wasted", "excuse_kept", "king_lost", "honour_into_void",
         "trump_lead_void", "thin_garde")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--levels", default="rules-2026-11,easy,rules,normal,strong")
    parser.add_argument("--rules", default="standard")
    args = parser.parse_args()
    print(f"{args.deals} deals a level, rules {args.rules!r}, one seat against rules players")
    print(f"{'kind':<18}" + "".join(f"{level:>22}" for level in args.levels.split(","))
          + "   (count, per 100 seat-games, per 1,000 decisions)")
    results = [measure_level(level, args.deals, args.rules)
               for level in args.levels.split(",")]
    print(f"{'decisions':<18}" + "".join(f"{d:>22}" for _, d in results))
    for k in KINDS:
        print(f"{k:<18}" + "".join(
            f"{found[k]:>8} {100 * found[k] / args.deals:>6.1f} "
            f"{1000 * found[k] / max(d, 1):>6.1f}" for found, d in results))


if __name__ == "__main__":
    main()
