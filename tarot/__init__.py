"""French Tarot: one deal, its rules as data, and a replayable event log.

``import tarot`` is the public API (docs/python-api.md)::

    import tarot
    game = tarot.play_deal(seed=7, players=["strong", "rules", "rules", "rules"])
    tarot.write_log("deal.jsonl", game)

Each name is imported from its module when first used (PEP 562), so that ``import
tarot`` (and ``tarot --help``) stays light; everything not in ``__all__`` is internal.
"""

# Only underscored names here besides the public ones: ``dir(tarot)`` shows the API.
import importlib as _importlib
import typing as _typing

# Eager, as it was: a module of one function (its own, so that the package's modules read the
# version without importing the package's root).
from tarot._version import __version__

# Each public name and the module that defines it.
_MODULE_OF = {
    # the game and its text notation
    "Game": "tarot.engine.game",
    "DiscardChoice": "tarot.engine.game",
    "PoigneeChoice": "tarot.engine.game",
    "NotationError": "tarot.engine.notation",
    "format_action": "tarot.engine.notation",
    "parse_action": "tarot.engine.notation",
    # the actions and events
    "Action": "tarot.engine.events",
    "Event": "tarot.engine.events",
    "Deal": "tarot.engine.events",
    "Bid": "tarot.engine.events",
    "ChienShown": "tarot.engine.events",
    "Discard": "tarot.engine.events",
    "Chelem": "tarot.engine.events",
    "Poignee": "tarot.engine.events",
    "Play": "tarot.engine.events",
    "TrickTaken": "tarot.engine.events",
    "Redeal": "tarot.engine.events",
    "Settlement": "tarot.engine.events",
    "PoigneeScore": "tarot.engine.events",
    "ChelemScore": "tarot.engine.events",
    "LogHeader": "tarot.engine.events",
    # refusals and errors
    "TarotError": "tarot.errors",
    "IllegalAction": "tarot.errors",
    # rules and views
    "RuleSet": "tarot.engine.rules",
    "load_rules": "tarot.engine.rule_files",
    "PlayerView": "tarot.engine.views",
    # the log
    "read_log": "tarot.log",
    "write_log": "tarot.log",
    "LogError": "tarot.log",
    # computer players
    "Player": "tarot.bots.base",
    "make_player": "tarot.bots.registry",
    "play_deal": "tarot.duplicate.match",
}

__all__ = [
    "Action", "Bid", "Chelem", "ChelemScore", "ChienShown", "Deal", "Discard",
    "DiscardChoice", "Event", "Game", "IllegalAction", "LogError", "LogHeader",
    "NotationError", "Play", "Player", "PlayerView", "Poignee", "PoigneeChoice",
    "PoigneeScore", "Redeal", "RuleSet", "Settlement", "TarotError", "TrickTaken",
    "__version__", "format_action", "load_rules", "make_player", "parse_action",
    "play_deal", "read_log", "write_log",
]


def __getattr__(name: str) -> _typing.Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'tarot' has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value  # asked once: the next look-up is an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


if _typing.TYPE_CHECKING:  # what the names are, for type checkers and editors
    from tarot.bots.base import Player
    from tarot.bots.registry import make_player
    from tarot.duplicate.match import play_deal
    from tarot.engine.events import (
        Action,
        Bid,
        Chelem,
        ChelemScore,
        ChienShown,
        Deal,
        Discard,
        Event,
        LogHeader,
        Play,
        Poignee,
        PoigneeScore,
        Redeal,
        Settlement,
        TrickTaken,
    )
    from tarot.engine.game import DiscardChoice, Game, PoigneeChoice
    from tarot.engine.notation import NotationError, format_action, parse_action
    from tarot.engine.rule_files import load_rules
    from tarot.engine.rules import RuleSet
    from tarot.engine.views import PlayerView
    from tarot.errors import IllegalAction, TarotError
    from tarot.log import LogError, read_log, write_log
