"""French Tarot: one deal, its rules as data, and a replayable event log.

The package is light to import; import what you need from its modules:
``tarot.engine.game.Game`` (the API), ``tarot.engine.rules.load_rules``, ``tarot.log`` (the
log file), ``tarot.engine.cards`` (card codes).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("tarot")  # one version, written in pyproject.toml
except PackageNotFoundError:  # imported from a checkout that was never installed
    __version__ = "0+unknown"
