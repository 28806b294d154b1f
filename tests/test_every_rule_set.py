"""Every rule file of rules/ plays a deal and keeps it: the quick computer player at every
seat plays one deal to its settlement, the log is written, read back byte for byte and
replayed to the same scores. The smoke tier's check that no rule set is broken (the
thorough tests of each size and reading are in test_log.py, test_log_sizes.py and the
random-play invariants); a new rule file is covered by being in the folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import play_out_with

from tarot.bots.registry import make_player
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.log import dumps_log, read_log, write_log

RULE_FILES = sorted(path.stem for path in (Path(__file__).parents[1] / "rules").glob("*.toml"))


def test_the_rule_sets_are_found() -> None:
    """The four rule sets the package ships (a glob that found none would test nothing)."""
    assert {"standard", "fft", "standard-3", "standard-5"} <= set(RULE_FILES)


@pytest.mark.parametrize("name", RULE_FILES)
def test_a_deal_is_played_logged_and_read_back(name: str, tmp_path: Path) -> None:
    rules = load_rules(name)
    game = play_out_with(Game.new(3, rules=rules), make_player("rules", rules), 3)
    settlement = game.settlement
    assert game.is_over and settlement is not None
    assert len(settlement.scores) == rules.players
    assert sum(settlement.scores) == 0
    path = tmp_path / "deal.jsonl"
    write_log(path, game)
    text = path.read_text(encoding="utf-8")
    assert text == dumps_log(game.header, game.events)
    read = read_log(path)
    assert dumps_log(read.header, read.events) == text
    assert read.settlement == settlement
