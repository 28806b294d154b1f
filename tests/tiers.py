"""Which tests make the smoke tier, the one a plain ``pytest`` runs (docs/testing.md, "The
tiers"): a few hundred quick tests that touch every layer, run before every commit. The
fast tier (``pytest -m fast``) and the slow one (``-m slow``) are marked as before: a test
is ``fast`` when it is not ``slow`` (tests/conftest.py marks it).

Named here, in one table, rather than marked in each file: the choice is the tier's, not
the module's, and tests/test_tiers.py checks that every name still names a test.
"""

from __future__ import annotations

# Whole modules, each with what it stands for in the smoke tier.
SMOKE_MODULES: dict[str, str] = {
    "test_layers.py": "the layers: no import crosses a floor, planted violations caught",
    "test_vectors_deal_auction.py": "the rule book's vectors: the deal and the auction",
    "test_vectors_discard_poignee.py": "the rule book's vectors: the discard and poignées",
    "test_vectors_play.py": "the rule book's vectors: the play of the cards",
    "test_vectors_scoring.py": "the rule book's vectors: the scoring",
    "test_vectors_ledger.py": "the rule book's vectors: the ledger of a deal",
    "test_vectors_sizes.py": "the vectors at three and five players",
    "test_every_rule_set.py": "one deal and one log round trip per rule set",
}

# Single tests (a node id without its parameters: every parametrisation is in, unless the
# id names one), each with why.
SMOKE_TESTS: dict[str, str] = {
    "test_screen.py::test_a_whole_deal_played_with_keys[en]":
        "one pilot of the full screen: a whole deal played with keys",
}


def in_smoke_tier(module: str, test_id: str) -> bool:
    """Whether the test ``module::test_id`` (``test_id`` with its parameters) is a smoke
    test."""
    if module in SMOKE_MODULES:
        return True
    node = f"{module}::{test_id}"
    return node in SMOKE_TESTS or node.split("[", 1)[0] in SMOKE_TESTS
