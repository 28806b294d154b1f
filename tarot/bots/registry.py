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


PLAYERS: dict[str, Callable[[], Player]] = {"random": _random, "rules": _rules}
DEFAULT_LEVEL = "rules"


def make_player(name: str) -> Player:
    try:
        return PLAYERS[name]()
    except KeyError:
        raise ValueError(f"no computer player is called {name!r}; "
                         f"choose from {', '.join(PLAYERS)}") from None
