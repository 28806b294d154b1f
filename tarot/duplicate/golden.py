"""Golden replays: a complete log for every named deal in ``seeds/``, kept in ``replays/``.

    python -m tarot.duplicate.golden            # write replays/NAME.jsonl for every named deal
    python -m tarot.duplicate.golden --check    # only say which replays are missing or out of date

Each named deal is played with its script and, for every other decision, the
computer players. A deal whose ``expect`` needs luck (petit au bout won by the
defence, say) is played again with the players' generators drawn afresh, up to
a bound, until the replay shows what the named deal exists for.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from tarot.bots.base import Player
from tarot.engine.events import Action, Event
from tarot.engine.game import Game
from tarot.engine.views import PlayerView
from tarot.files.atomic import write_text_atomic
from tarot.files.resources import data_dir
from tarot.log import dumps_log
from tarot.storage.named_deals import (
    NamedDeal,
    Script,
    load_named_deal,
    named_deals,
    unmet_expectations,
)
from tarot.table.loop import play_out
from tarot.table.seats import ComputerSeat, Decision, TakeBack, computer_seats

REPLAYS_DIR = data_dir("golden_replays")
MAX_ATTEMPTS = 500


def players_for(named: NamedDeal) -> list[Player]:
    from tarot.bots.random_player import RandomPlayer
    from tarot.bots.rules_player import YARDSTICK_STYLE, RulesPlayer

    seats = named.table_size
    if named.players == "random":
        return [RandomPlayer() for _ in range(seats)]
    # The rules player as the replays were made with it (the yardstick's style, under
    # its name then, "rules"): a golden replay shows the rules, and must not change
    # when a player gets better.
    return [RulesPlayer(YARDSTICK_STYLE) for _ in range(seats)]


class ScriptedSeat:
    """A seat of a named deal: the script's entry when it is this seat's and due, else the
    computer's decision."""

    def __init__(self, game: Game, script: Script, computer: ComputerSeat) -> None:
        self.game = game  # read by the script alone, to know whether its entry is due
        self.script = script
        self.computer = computer

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        return self.script.next_for(self.game) or self.computer.decide(view, legal)

    def tell(self, event: Event) -> TakeBack | None:
        return None


def play_named_deal(named: NamedDeal, players: Sequence[Player], attempt: int) -> Game:
    """One playing of the named deal: its script first, the players for the rest."""
    game = named.start(seats=tuple(f"P{seat} ({p.name})" for seat, p in enumerate(players)))
    script = Script(named.script)
    rng = random.Random(f"{named.name}:{attempt}")  # one for the whole table
    seats = [ScriptedSeat(game, script, seat)
             for seat in computer_seats(players, [rng] * len(players))]
    play_out(game, seats)
    if script.pending:
        raise ValueError(f"{named.name}: script entries never used: {script.pending}")
    return game


def golden_game(named: NamedDeal, players: Sequence[Player]) -> Game:
    problems: list[str] = []
    for attempt in range(MAX_ATTEMPTS):
        game = play_named_deal(named, players, attempt)
        problems = unmet_expectations(game, named.expect)
        if not problems:
            return game
    raise ValueError(f"{named.name}: no playing in {MAX_ATTEMPTS} shows what it must: "
                     + "; ".join(problems))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write or check the golden replays.")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a replay is missing or differs")
    parser.add_argument("names", nargs="*", help="named deals (default: all)")
    args = parser.parse_args(argv)
    stale = 0
    for name in args.names or named_deals():
        named = load_named_deal(name)
        game = golden_game(named, players_for(named))
        text = dumps_log(game.header, game.events)
        path = REPLAYS_DIR / f"{named.name}.jsonl"
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale += 1
        if args.check:
            sys.stderr.write(f"{path}: {'out of date' if current else 'missing'}\n")
        else:
            write_text_atomic(path, text, overwrite=True)
            sys.stderr.write(f"wrote {path}\n")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
