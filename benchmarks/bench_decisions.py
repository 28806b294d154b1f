"""Are the rules player's bid and poignée thresholds where they should be? Figures, no asserts.

    python benchmarks/bench_decisions.py [--deals 4000] [--shift 4] [--level rules]
        [--only bids|poignee]

Every computer level bids and shows poignées as the rules player does, from
thresholds fitted on simulated deals. This checks them the same way: for every
seat of every deal where a changed threshold changes the decision, the deal is
played twice by four players of ``--level`` (rules, normal or strong: a bid meets
the defence of the level that bid it), once with the seat using the changed
threshold, and the seat's score difference is averaged. Only the decisions that
change are played, so a few thousand deals give a tight interval. A negative
difference both ways means the threshold sits at a local optimum.

- bids: the four thresholds (Prise, Garde, Garde sans, Garde contre) moved
  together, down and then up, by ``--shift`` points of ``hand_strength``;
- the defender's poignée: shown from one trump fewer, and one more, than
  ``Style.defender_poignee_trumps``.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable
from multiprocessing import Pool

from tarot.bots.base import Player
from tarot.bots.registry import SAMPLING_LEVELS
from tarot.bots.rules_player import RulesPlayer, Style, hand_strength
from tarot.bots.sampling import SamplingPlayer, Settings
from tarot.duplicate.match import mean_ci, play_game
from tarot.engine.cards import EXCUSE_BIT, TRUMP_MASK
from tarot.engine.game import Game

Variant = Callable[[Style], Style]


def _bids(shift: int) -> Variant:
    return lambda style: dataclasses.replace(
        style, bid_thresholds=tuple(t + shift for t in style.bid_thresholds))


def _poignee(change: int) -> Variant:
    return lambda style: dataclasses.replace(
        style, defender_poignee_trumps=style.defender_poignee_trumps + change)


def _may_change(hand: int, kind: str, style: Style) -> bool:
    default = Style()
    if kind == "bids":
        strength = hand_strength(hand)
        return (sum(strength >= t for t in style.bid_thresholds)
                != sum(strength >= t for t in default.bid_thresholds))
    trumps = (hand & (TRUMP_MASK | EXCUSE_BIT)).bit_count()
    return trumps >= min(style.defender_poignee_trumps, default.defender_poignee_trumps)


def _player(level: str, style: Style) -> Player:
    """A player of ``level`` whose bids and poignées follow ``style`` (every level bids as
    the rules player does; the sampling levels play the cards their own way)."""
    if level == "rules":
        return RulesPlayer(style)
    return SamplingPlayer(Settings(*SAMPLING_LEVELS[level]), name=level, style=style)


def _deal(task: tuple[int, int, str, int, str]) -> list[int]:
    """The seats' score differences (changed − default) on one deal seed, where they differ.

    Both games of a seat are played with the same rotation, so that every player draws
    from the same random generator in both and only the changed decision tells them
    apart."""
    deal_seed, seed, kind, amount, level = task
    variant = _bids(amount) if kind == "bids" else _poignee(amount)
    style = variant(Style())
    # Bids are the rules player's at every level: a redeal happens (or not) whatever plays
    # the cards, and the rules player finds it cheaply.
    redealt = play_game([RulesPlayer()] * 4, deal_seed, 0, seed).state.deal_number > 0
    differences = []
    hands = Game.new(seed=deal_seed).state.hands
    for seat in range(4):
        if not redealt and not _may_change(hands[seat], kind, style):
            continue  # the changed threshold cannot change this seat's decisions
        players = [_player(level, Style()) for _ in range(4)]
        # players[i] sits at seat (i + rotation) % 4: players[0] is the seat under test.
        default = play_game(players, deal_seed, seat, seed)
        players[0] = _player(level, style)
        game = play_game(players, deal_seed, seat, seed)
        if game.events != default.events:
            assert game.settlement is not None and default.settlement is not None
            differences.append(game.settlement.scores[seat] - default.settlement.scores[seat])
    return differences


def measure(kind: str, amount: int, deals: int, seed: int, workers: int, level: str) -> str:
    tasks = [(deal_seed, seed, kind, amount, level) for deal_seed in range(seed, seed + deals)]
    with Pool(workers) as pool:
        values = [d for ds in pool.map(_deal, tasks, chunksize=5) for d in ds]
    if len(values) < 2:
        return f"{len(values)} changed decisions"
    mean, half = mean_ci(values)
    per_game = sum(values) / (4 * deals)
    return (f"{len(values):5} changed games, {mean:+7.1f} ± {half:.1f} points each for the "
            f"seat ({per_game:+.2f} per game over all games)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shift", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--level", choices=["rules", *SAMPLING_LEVELS], default="rules",
                        help="who plays the cards, at every seat (the bid meets the defence "
                             "of its own level)")
    parser.add_argument("--only", choices=["bids", "poignee"], default=None)
    args = parser.parse_args()
    style = Style()
    first, last = args.seed, args.seed + args.deals - 1
    print(f"Four {args.level} players, deal seeds {first} to {last}:")
    if args.only != "poignee":
        for shift in (-args.shift, args.shift):
            print(f"  bid thresholds {style.bid_thresholds} moved {shift:+d}: "
                  + measure("bids", shift, args.deals, args.seed, args.workers, args.level),
                  flush=True)
    if args.only != "bids":
        for change in (-1, 1):
            print(f"  defender's poignée from {style.defender_poignee_trumps + change} trumps "
                  f"(not {style.defender_poignee_trumps}): "
                  + measure("poignee", change, args.deals, args.seed, args.workers,
                            args.level), flush=True)


if __name__ == "__main__":
    main()
