"""Rule sets: every number and switch of the rule book, loaded from ``rules/*.toml``.

A rule file loads into a frozen, validated :class:`RuleSet`. A typo in a key, a
missing key or a wrong type is a :class:`RulesError` naming the file and the key.

A rule set is named by its id (``standard``, ``fft``: the rule sets that come with the
program) or given as a path (an argument holding a ``/`` or ending in ``.toml``); a
file in the current folder that happens to be called ``standard`` is never read in
place of the rule set. A rule file is read through :mod:`tarot.reading`: a regular
file of at most :data:`RULE_FILE_LIMIT` bytes, never a FIFO or a device.
The engine reads every number from here; the tables it needs in its inner loop
(card points by card, contract multipliers) are computed once per rule set.
"""

from __future__ import annotations

import hashlib
import json
import os
import tomllib
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tarot.cards import (
    ALL_CARDS,
    BOUTS,
    EXCUSE,
    JACK,
    KING,
    KNIGHT,
    QUEEN,
    is_trump,
    rank_of,
)
from tarot.reading import ReadError, read_regular_text
from tarot.resources import data_dir

if TYPE_CHECKING:
    from tarot.kernel import RuleTable


RULES_DIR = data_dir("rulesets")
DEFAULT_RULES = "standard"
# Far above any rule file (the packaged ones are about 3 KB), low enough that a file of
# junk is refused before it fills the memory.
RULE_FILE_LIMIT = 1 << 20


class RulesError(ValueError):
    """A rule file that cannot be read or does not describe a valid rule set."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class DealRules(_Frozen):
    hand_size: int = Field(gt=0)
    chien_size: int = Field(ge=0)


class CardPoints(_Frozen):
    """Half-points of each kind of card."""

    bout: int = Field(ge=0)
    king: int = Field(ge=0)
    queen: int = Field(ge=0)
    knight: int = Field(ge=0)
    jack: int = Field(ge=0)
    other: int = Field(ge=0)


class ScoringRules(_Frozen):
    target_half_points: tuple[int, int, int, int]
    base_points: int
    petit_au_bout_per_multiplier: int
    excuse_compensation_half_points: int = Field(ge=0)


ChienFate = Literal["shown", "taker", "defence"]


class Contract(_Frozen):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    multiplier: int = Field(gt=0)
    chien: ChienFate


class PoigneeLevel(_Frozen):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    trumps: int = Field(gt=0)
    bonus: int = Field(ge=0)


class PoigneeRules(_Frozen):
    four_kings_level: str


class ChelemRules(_Frozen):
    declared_made: int
    declared_failed: int
    undeclared_made: int
    defence_made: int


class Flags(_Frozen):
    excuse_kept_in_any_slam: bool
    four_kings_excuse_fill: bool
    petit_au_bout_slam_counts_last_trick: bool


class RuleSet(_Frozen):
    id: str = Field(pattern=r"^[a-z0-9_-]+$")
    name: str
    deal: DealRules
    card_points: CardPoints
    scoring: ScoringRules
    contracts: tuple[Contract, ...] = Field(min_length=1)
    poignees: tuple[PoigneeLevel, ...]
    poignee_rules: PoigneeRules
    chelem: ChelemRules
    flags: Flags

    @model_validator(mode="after")
    def _consistent(self) -> RuleSet:
        if 4 * self.deal.hand_size + self.deal.chien_size != len(ALL_CARDS):
            raise ValueError(
                f"deal: 4 hands of {self.deal.hand_size} and a chien of "
                f"{self.deal.chien_size} do not make the {len(ALL_CARDS)} cards"
            )
        ids = [c.id for c in self.contracts]
        if len(set(ids)) != len(ids):
            raise ValueError("contracts: two contracts share an id")
        sizes = [p.trumps for p in self.poignees]
        if sizes != sorted(set(sizes)):
            raise ValueError("poignees: levels must be listed from fewest trumps up, each once")
        if self.poignee_rules.four_kings_level not in {p.id for p in self.poignees}:
            raise ValueError(
                f"poignee_rules.four_kings_level: {self.poignee_rules.four_kings_level!r} "
                "is not one of the poignee ids"
            )
        return self

    # Tables for the engine's inner loop, computed once per rule set.

    @cached_property
    def points_table(self) -> tuple[int, ...]:
        """Half-points of each card, indexed by card int."""
        return tuple(self._card_half_points(card) for card in ALL_CARDS)

    @cached_property
    def total_half_points(self) -> int:
        return sum(self.points_table)

    @cached_property
    def contract_index(self) -> dict[str, int]:
        return {c.id: i for i, c in enumerate(self.contracts)}

    @cached_property
    def poignee_by_size(self) -> dict[int, PoigneeLevel]:
        return {p.trumps: p for p in self.poignees}

    @cached_property
    def table(self) -> RuleTable:
        """The numbers and switches the rules kernel reads, as a plain frozen object."""
        from tarot.kernel import RuleTable

        return RuleTable.of(self)

    @cached_property
    def content_hash(self) -> str:
        """A hash of what the rules say, not of how the file is written."""
        canonical = json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()

    def _card_half_points(self, card: int) -> int:
        points = self.card_points
        if card in BOUTS:
            return points.bout
        if card == EXCUSE or is_trump(card):
            return points.other
        by_rank = {KING: points.king, QUEEN: points.queen, KNIGHT: points.knight,
                   JACK: points.jack}
        return by_rank.get(rank_of(card), points.other)


def _describe_validation_error(error: ValidationError) -> str:
    lines = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"]) or "(top level)"
        message = item["msg"]
        if item["type"] == "extra_forbidden":
            message = "unknown key (a typo?)"
        elif item["type"] == "missing":
            message = "missing key"
        elif not isinstance(item.get("input"), dict | list):
            message = f"{message} (got {item.get('input')!r})"
        lines.append(f"{where}: {message}")
    return "; ".join(lines)


def rules_from_toml(text: str, source: str) -> RuleSet:
    """Parse and validate a rule set; errors name ``source`` and the key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{source}: not valid TOML: {error}") from None
    try:
        # Through JSON so that strict typing accepts TOML arrays for tuples.
        return RuleSet.model_validate_json(json.dumps(data))
    except TypeError as error:
        raise RulesError(f"{source}: a value of a type rule files do not use: {error}") from None
    except ValidationError as error:
        raise RulesError(f"{source}: {_describe_validation_error(error)}") from None


_SEPARATORS = tuple(sep for sep in ("/", os.sep, os.altsep) if sep)


def names_a_file(argument: str | Path) -> bool:
    """Whether a ``--rules`` or ``--deal`` argument is a path to a file (it holds a ``/``,
    like ``./standard``, or ends in ``.toml``; a :class:`~pathlib.Path` always is) rather
    than the name of one that comes with the program. Never decided by what the current
    folder holds: a file there called ``standard`` must not stand in for a rule set."""
    if isinstance(argument, Path):
        return True
    return argument.endswith(".toml") or any(sep in argument for sep in _SEPARATORS)


def resolve_rules_path(name_or_path: str | Path) -> Path:
    """A rule set's file from its name (``standard``, ``fft``) or a path to a TOML file
    (:func:`names_a_file`)."""
    if names_a_file(name_or_path):
        return Path(name_or_path)
    return RULES_DIR / f"{name_or_path}.toml"


def read_rule_file(path: Path, source: str) -> RuleSet:
    """The rule set of the file ``path`` (a regular file, bounded); ``source`` names it in
    errors."""
    try:
        text = read_regular_text(path, limit=RULE_FILE_LIMIT, what="a rule file")
    except ReadError as error:
        cause = error.message if error.code != "unreadable" else \
            f"cannot read the rule file: {error.message}"
        raise RulesError(f"{source}: {cause}") from None
    return rules_from_toml(text, source)


_loaded: dict[Path, RuleSet] = {}
_loaded_by_name: dict[str | Path, RuleSet] = {}


def load_rules(name_or_path: str | Path = DEFAULT_RULES) -> RuleSet:
    """Load a rule set by name or path (:func:`names_a_file`); each file is read once per
    process."""
    cached = _loaded_by_name.get(name_or_path)
    if cached is not None:
        return cached
    if not names_a_file(name_or_path):
        return load_packaged_rules(str(name_or_path))
    if "\0" in str(name_or_path):
        raise RulesError(f"{str(name_or_path)!r}: not a path (it holds a NUL character)")
    path = Path(name_or_path).resolve()
    cached = _loaded.get(path)
    if cached is None:
        cached = _loaded[path] = read_rule_file(path, str(path))
    _loaded_by_name[name_or_path] = cached
    return cached


def load_packaged_rules(rule_id: str) -> RuleSet:
    """A rule set that comes with the program, by its id; RulesError for any other name
    (never a path: for an id read from a file, which could point anywhere)."""
    cached = _loaded_by_name.get(rule_id)
    if cached is not None:
        return cached
    if rule_id not in known_rule_sets():
        known = ", ".join(known_rule_sets()) or "none"
        here = (f"; to read the file {rule_id} in this folder, write ./{rule_id}"
                if "\0" not in rule_id and os.path.lexists(rule_id) else "")
        name = rule_id if rule_id.isprintable() else repr(rule_id)
        raise RulesError(f"{name}: no such rule set (known rule sets: {known}; or give "
                         f"a rule file's path, such as ./my-rules.toml{here})")
    path = (RULES_DIR / f"{rule_id}.toml").resolve()
    cached = _loaded.get(path)
    if cached is None:
        cached = _loaded[path] = read_rule_file(path, str(path))
    _loaded_by_name[rule_id] = cached
    return cached


@cache
def _rule_set_names() -> tuple[str, ...]:
    # Listed once per process: the rule sets that come with the program do not change
    # while it runs, and validating many logs listed the folder again for each.
    return tuple(sorted(p.stem for p in RULES_DIR.glob("*.toml")))


def known_rule_sets() -> list[str]:
    return list(_rule_set_names())
