"""Computer players by name, as ``tarot play --level`` and the match runner name them."""

from __future__ import annotations

from collections.abc import Callable

from tarot.bots.base import Player


def _random() -> Player:
    from tarot.bots.random_player import RandomPlayer

    return RandomPlayer()


def _rules() -> Player:
    from tarot.bots.rules_player import RulesPlayer

    return RulesPlayer()


def _sampling(name: str, samples: int, max_playouts: int, exact_cards: int) -> Player:
    from tarot.bots.sampling import SamplingPlayer, Settings

    return SamplingPlayer(Settings(samples, max_playouts, exact_cards), name=name)


PLAYERS: dict[str, Callable[[], Player]] = {
    "random": _random,
    "rules": _rules,
    # "normal" beat "rules" with the interval above zero: +15.5 ± 13.6 per game over 100
    # duplicate deals (tarot simulate --deals 100 --seed 1, 153 ms a decision on average).
    "normal": lambda: _sampling("normal", 40, 400, 4),
    # Not yet "strong": no match of 1,000 duplicate deals has measured it.
    "sampling-strong": lambda: _sampling("sampling-strong", 100, 1500, 4),
}
DEFAULT_LEVEL = "rules"


def make_player(name: str) -> Player:
    try:
        return PLAYERS[name]()
    except KeyError:
        raise ValueError(f"no computer player is called {name!r}; "
                         f"choose from {', '.join(PLAYERS)}") from None
