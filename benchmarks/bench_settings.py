"""A sampling level's setting at several values, on the same duplicate deals. No asserts.

    python benchmarks/bench_settings.py --vary evidence=1,0.3 [--level normal]
        [--deals 200] [--seed 1] [--against rules-2026-11] [--workers 2]

``--vary NAME=V1,V2,...`` names a field of :class:`tarot.bots.sampling.Settings`
(``excuse_keep``, ``evidence``, ``samples``...) and its values; the first is the base.
A true/false or number field of the rules player's :class:`tarot.bots.rules_player.Style`
(``read_table``, ``guard_void_leads``, ``honour_charge``...; not a name Settings has too)
may be varied too, and then ``--level`` may be ``rules``.
``bid_shift`` moves the four bid thresholds of the level's rules style (the bids it
makes) by that many points: the bids fitted against the defence they meet.
For each value this plays the level against three ``--against`` players on the
same duplicate deals as ``tarot simulate --players LEVEL,AGAINST,AGAINST,AGAINST``
(same deal seeds, same generators, so the level's own value reproduces that
command's figures), then prints each value's mean score per game, the pooled
``LEVEL - AGAINST`` difference as ``tarot simulate`` prints it, and how much that
moves from the first value, paired by deal seed: only the deals where a decision
changes differ, which keeps the interval narrower than two separate matches would.
"""

from __future__ import annotations

import argparse
import dataclasses
from multiprocessing import get_context
from typing import Any

from tarot.bots.base import Player
from tarot.bots.registry import YARDSTICK, make_player
from tarot.bots.rules_player import RulesPlayer, Style
from tarot.bots.sampling import SamplingPlayer, Settings
from tarot.duplicate.match import SEATS, mean_ci, paired_difference, play_game

BID_SHIFT = "bid_shift"
STYLE_FIELDS = {f.name: str(f.type) for f in dataclasses.fields(Style)
                if f.type in ("bool", "float")
                and f.name not in {g.name for g in dataclasses.fields(Settings)}}
POOLED = SEATS / (SEATS - 1)  # the level's mean → its difference from the other seats' mean


def _seed_mean(task: tuple[int, int, str, str, str, float | int | bool]) -> float:
    """The level's mean score per game on one deal seed, played at each seat in turn."""
    deal_seed, seed, level, against, field, value = task
    base = make_player(level)
    if isinstance(base, RulesPlayer):
        assert field in STYLE_FIELDS, f"{level} has no {field}"
        player: Player = RulesPlayer(dataclasses.replace(base.style, **{field: value}),
                                     rules=base.rules)
        player.name = level
        return _mean(player, level, against, deal_seed, seed)
    assert isinstance(base, SamplingPlayer), f"{level} is not a sampling player"
    settings, style = base.settings, base.fallback.style
    if field in STYLE_FIELDS:
        style = dataclasses.replace(style, **{field: value})
    elif field == BID_SHIFT:
        prise, garde, sans, contre = (t + int(value) for t in style.bid_thresholds)
        style = dataclasses.replace(style, bid_thresholds=(prise, garde, sans, contre))
    else:
        change: dict[str, Any] = {field: value}  # of the field's type: main() parsed it so
        settings = dataclasses.replace(settings, **change)
    return _mean(SamplingPlayer(settings, name=level, rules=base.rules, style=style), level,
                 against, deal_seed, seed)


def _mean(player: Player, level: str, against: str, deal_seed: int, seed: int) -> float:
    total = 0
    for rotation in range(SEATS):
        others = [make_player(against) for _ in range(SEATS - 1)]
        game = play_game([player, *others], deal_seed, rotation, seed)
        assert game.settlement is not None
        total += game.settlement.scores[rotation]
    return total / SEATS


def _value(text: str, kind: str, parser: argparse.ArgumentParser) -> float | int | bool:
    """One value of --vary, of its field's type (an int field refuses 2.5)."""
    try:
        if kind == "bool":
            if text not in ("0", "1", "true", "false"):
                raise ValueError(text)
            return text in ("1", "true")
        return int(text) if kind == "int" else float(text)
    except ValueError:
        parser.error(f"--vary: {text!r} is not a value of type {kind}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vary", required=True,
                        help="FIELD=V1,V2,...: the first value is the base")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--against", default=YARDSTICK)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    field, _, listed = args.vary.partition("=")
    kinds = {f.name: f.type for f in dataclasses.fields(Settings)
             if f.type in ("int", "float", "bool")}
    kinds[BID_SHIFT] = "int"
    kinds.update(STYLE_FIELDS)
    if field not in kinds or not listed:
        parser.error(f"--vary wants FIELD=V1,V2 with FIELD one of {', '.join(kinds)}")
    values = [_value(v, str(kinds[field]), parser) for v in listed.split(",")]
    seeds = range(args.seed, args.seed + args.deals)
    means: dict[float | int | bool, list[float]] = {}
    with get_context("spawn").Pool(args.workers) as pool:
        for value in values:
            tasks = [(s, args.seed, args.level, args.against, field, value) for s in seeds]
            means[value] = pool.map(_seed_mean, tasks, chunksize=4)
    print(f"{args.level} against three {args.against} players, {args.deals} duplicate deals "
          f"from seed {args.seed}, per game: its own mean; {args.level} - {args.against} with "
          f"their seats pooled (4/3 of its mean: the scores of a game sum to 0); and how much "
          f"that moves against the first value of {field}, paired by deal seed")
    difference = f"{args.level} - {args.against}"
    base_label = f"change vs {values[0]:g}"
    print(f"{field:>12} {'own mean':>9} {difference:>24} {base_label:>18}")
    for value in values:
        mean, half = mean_ci(means[value])
        pooled = f"{mean * POOLED:+.2f} ± {half * POOLED:.2f}"
        change = ""
        if value != values[0]:
            d, d_half = paired_difference(means[value], means[values[0]])
            change = f"{d * POOLED:+.2f} ± {d_half * POOLED:.2f}"
        print(f"{value:>12g} {mean:>+9.2f} {pooled:>24} {change:>18}")


if __name__ == "__main__":
    main()
