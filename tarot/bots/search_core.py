"""Which search core the sampling players run on: the compiled copy or the Python code.

:mod:`tarot.bots.playout` is the reference: the playout policy and the exact search,
written on the rules kernel (:mod:`tarot.engine.kernel`), the one definition of every rule.
``tarot.bots._search_core`` (``_search_core.c``, built by ``pip install`` where a C
compiler exists) is an accelerated copy of its hot paths, as CPython's ``_heapq`` is of
``heapq``: never a second authority, held equal to the Python code position by position
by ``tests/test_search_core.py``. ``CORE`` is the compiled module, or None where it was
not built or where the environment variable ``TAROT_PURE_PYTHON`` is set (to anything
but ``0``), which forces the Python code (CI runs the player tests a second time so).
"""

from __future__ import annotations

import os
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tarot.bots.playout import Scoring

# Set to force the Python code, where the compiled core is built.
PURE_PYTHON_VARIABLE = "TAROT_PURE_PYTHON"


def _load() -> ModuleType | None:
    if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
        return None
    try:
        from tarot.bots import _search_core
    except ImportError:  # not built: no compiler where the package was installed
        return None
    return _search_core


CORE: ModuleType | None = _load()

# The compiled tables of the Scorings in use, by id (a Scoring holds a dict, so it cannot be
# a key itself), each beside its Scoring so that an id reused by a newer object is seen.
# A cache, not state: a table is a pure function of its Scoring.
_TABLES: dict[int, tuple[Scoring, object]] = {}
_TABLES_KEPT = 64


def table_of(sc: Scoring) -> object:
    """``sc``'s numbers as the compiled core reads them (built once per Scoring)."""
    entry = _TABLES.get(id(sc))
    if entry is not None and entry[0] is sc:
        return entry[1]
    assert CORE is not None
    table = sc.table
    built = CORE.table(
        sc.points, sc.cheapest, sc.richest, sc.charge, sc.charge_safe, sc.poorest,
        sc.valuable, sc.last_trick, table.targets, table.base_points, sc.multiplier,
        table.petit_per_multiplier,
        sum(table.poignee_bonus[size] for size in sc.poignee_sizes), sc.chelem_declared,
        table.declared_made, table.declared_failed, table.undeclared_made,
        table.defence_made, table.compensation, table.excuse_kept_in_any_slam,
        table.petit_slam_counts_last)
    if len(_TABLES) >= _TABLES_KEPT:
        _TABLES.clear()
    _TABLES[id(sc)] = (sc, built)
    return built
