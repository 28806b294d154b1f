"""``tarot review``'s cost and its marks' noise: figures, not a test.

    python benchmarks/bench_review.py [--deals 10] [--levels strong,rules] [--seed 0]

For each level, deals 1..N are played with the level at South and ``strong`` at the other
seats (``tarot.duplicate.match.play_deal``), and South's decisions are reviewed
(:mod:`tarot.bots.review`, seed ``--seed``). It prints the time per decision reviewed
(the deal's walk included) and, over the card decisions with a choice, how many the review
marks ``?`` (loss ≥ DUBIOUS) and ``??`` (≥ BLUNDER), the mean loss and the accuracy.

The `strong` row measures the marks' noise: the review asks the same player with other
sampled deals (another generator), so every mark it puts on strong's own cards is the
samples disagreeing with themselves, not a mistake. The thresholds are set so that this is
rare (docs/decisions.md).
"""

from __future__ import annotations

import argparse
import time

from tarot.bots.review import BLUNDER, DUBIOUS, CardReview, Reviewer, accuracy
from tarot.duplicate.match import play_deal

# Losses (points of score a deal) the table counts the cards at, to choose the thresholds.
STEPS = (5, 10, 15, 20, 25, 40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--levels", default="strong,rules")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{args.deals} deals a level at South, strong at the other seats; review seed "
          f"{args.seed}")
    print(f"{'level':<10}{'decisions':>10}{'cards':>7}{'ms/decision':>13}{'?':>6}{'??':>6}"
          f"{'mean loss':>11}{'accuracy':>10}   cards losing at least " +
          " ".join(f"{t:>3}" for t in STEPS))
    for level in args.levels.split(","):
        reviews = []
        decisions = 0
        spent = 0.0
        for deal in range(1, args.deals + 1):
            game = play_deal(deal, [level, "strong", "strong", "strong"])
            start = time.perf_counter()
            review = Reviewer(game, args.seed).review(game, 0)
            spent += time.perf_counter() - start
            decisions += len(review.decisions)
            reviews.append(review)
        cards: list[CardReview] = [card for review in reviews for card in review.cards]
        dubious = sum(DUBIOUS <= card.loss < BLUNDER for card in cards)
        blunders = sum(card.loss >= BLUNDER for card in cards)
        mean = sum(card.loss for card in cards) / max(1, len(cards))
        print(f"{level:<10}{decisions:>10}{len(cards):>7}"
              f"{1000 * spent / max(1, decisions):>13.1f}{dubious:>6}{blunders:>6}"
              f"{mean:>11.1f}{accuracy(reviews):>9}%                         " +
              " ".join(f"{sum(card.loss >= t for card in cards):>3}" for t in STEPS))


if __name__ == "__main__":
    main()
