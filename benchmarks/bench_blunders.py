"""Beginner's mistakes per level (tarot/bots/blunders.py): figures, not a test.

    python benchmarks/bench_blunders.py [--deals 200] [--levels easy,rules,normal,strong]
                                        [--rules standard-5]

The level sits at one seat (a different one each deal) against ``rules`` players at
the other seats (three, four or five in all, by ``--rules``), on deals 1..N; its card
decisions with a choice are counted, and each kind of mistake (the Petit lost with
another card legal, an honour wasted second or third before the taker, the Excuse kept
to the last trick) per 1,000 of them.
"""

from __future__ import annotations

import argparse

from tarot.bots.blunders import measure_level

KINDS = ("petit_lost", "honour_wasted", "excuse_kept")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--levels", default="easy,rules,normal,strong")
    parser.add_argument("--rules", default="standard")
    args = parser.parse_args()
    print(f"{args.deals} deals a level, rules {args.rules!r}, one seat against rules players")
    print(f"{'level':<14}{'decisions':>10}" + "".join(f"{k:>16}" for k in KINDS)
          + "   (count, per 1,000 decisions)")
    for level in args.levels.split(","):
        found, decisions = measure_level(level, args.deals, args.rules)
        print(f"{level:<14}{decisions:>10}" + "".join(
            f"{found[k]:>7} {1000 * found[k] / max(decisions, 1):>7.1f} " for k in KINDS))


if __name__ == "__main__":
    main()
