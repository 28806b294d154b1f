"""Fingerprints of the computer players' decisions: prints a hash per level.

    python benchmarks/decision_fingerprint.py [--games 12] [--levels rules,normal,strong]

Each level plays ``--games`` games (deal seeds 1, 2, …; the level at seat 0
against three ``rules`` players, rotation 0, match seed 1, as
``tarot.duplicate.match.play_game`` plays them) and the SHA-256 of every game's events as
JSON lines is printed. A change that must not change any decision (moving the
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


def fingerprint(level: str, games: int, rules_name: str) -> str:
    rules = load_rules(rules_name)
    players = [make_player(level, rules)] + [make_player("rules", rules) for _ in range(3)]
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
    args = parser.parse_args()
    for level in args.levels.split(","):
        print(f"{level:<8} {fingerprint(level, args.games, args.rules)}", flush=True)


if __name__ == "__main__":
    main()
