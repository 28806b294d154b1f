"""Fingerprints of the computer players' decisions: prints a hash per level.

    python benchmarks/decision_fingerprint.py [--games 12] [--levels rules,normal,strong]
        [--opponents rules]

Each level plays ``--games`` games (deal seeds 1, 2, …; the level at seat 0
against ``--opponents`` players, ``rules`` unless said, rotation 0, match seed 1, as
``tarot.duplicate.match.play_game`` plays them) and the SHA-256 of every game's events as
JSON lines is printed. ``--opponents same`` seats the level at every seat: the way to
show that the yardstick (``rules-2026-11``) is unchanged while ``rules`` changes.
A change that must not change any decision (moving the
rules into a shared kernel, a faster playout) leaves every hash as it was:
compare the output before and after.
"""

from __future__ import annotations

import argparse
import hashlib

from tarot.bots.registry import make_player
from tarot.duplicate.match import play_game
from tarot.engine.rule_files import load_rules
from tarot.log import dumps_log


def fingerprint(level: str, games: int, rules_name: str, opponents: str = "rules") -> str:
    rules = load_rules(rules_name)
    others = level if opponents == "same" else opponents
    players = [make_player(level, rules)] + [make_player(others, rules)
                                             for _ in range(rules.players - 1)]
    digest = hashlib.sha256()
    for deal_seed in range(1, games + 1):
        game = play_game(players, deal_seed, 0, 1, rules=rules)
        digest.update(dumps_log(game.header, game.events).encode())
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--levels", default="random,easy,rules,normal,strong")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--opponents", default="rules",
                        help="the other seats' level, or 'same' for the level itself")
    args = parser.parse_args()
    for level in args.levels.split(","):
        digest = fingerprint(level, args.games, args.rules, args.opponents)
        print(f"{level:<8} {digest}", flush=True)


if __name__ == "__main__":
    main()
