"""Valid logs that are big on purpose: many redeals, or lines padded with spaces.

For the tests and ``benchmarks/bench_validate.py``: reading them must take time and
memory linear in their size (each redeal one shuffle, each line read on its own).
"""

from __future__ import annotations

from helpers import play_out

from tarot.engine.events import Bid
from tarot.engine.game import Game
from tarot.log import dumps_log


def redeal_game(redeals: int, seed: int = 7) -> Game:
    """A settled game whose first ``redeals`` deals (at least) are void (all pass, petit sec)."""
    game = Game.new(seed)
    while game.state.deal_number < redeals:  # the deal number counts the redeals so far
        seat = game.turn
        assert seat is not None
        game.play(Bid(seat=seat, contract=None))
    return play_out(game, seed)


def redeal_log(redeals: int, seed: int = 7) -> str:
    game = redeal_game(redeals, seed)
    return dumps_log(game.header, game.events)


def padded(text: str, line_bytes: int) -> str:
    """The same log with every event line padded with spaces (inside its JSON object)
    to about ``line_bytes`` bytes."""
    lines = text.splitlines()
    out = [lines[0]]
    for line in lines[1:]:
        out.append("{" + " " * max(0, line_bytes - len(line)) + line[1:])
    return "".join(line + "\n" for line in out)
