"""Rule sets: every number and switch of the rule book, loaded from ``rules/*.toml``.

A rule file loads into a frozen, validated :class:`RuleSet`. A typo in a key, a
missing key or a wrong type is a :class:`RulesError` naming the file and the key.
The engine reads every number from here; the tables it needs in its inner loop
(card points by card, contract multipliers) are computed once per rule set.
"""

from __future__ import annotations

import hashlib
import json
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
from tarot.resources import data_dir

if TYPE_CHECKING:
    from tarot.kernel import RuleTable


RULES_DIR = data_dir("rulesets")
DEFAULT_RULES = "standard"


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


def resolve_rules_path(name_or_path: str | Path) -> Path:
    """A rule set's file from its name (``standard``, ``fft``) or a path to a TOML file."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".toml" or candidate.exists():
        return candidate
    return RULES_DIR / f"{name_or_path}.toml"


_loaded: dict[Path, RuleSet] = {}
_loaded_by_name: dict[str | Path, RuleSet] = {}


def load_rules(name_or_path: str | Path = DEFAULT_RULES) -> RuleSet:
    """Load a rule set by name or path; each file is read once per process."""
    cached = _loaded_by_name.get(name_or_path)
    if cached is not None:
        return cached
    path = resolve_rules_path(name_or_path).resolve()
    cached = _loaded.get(path)
    if cached is not None:
        _loaded_by_name[name_or_path] = cached
        return cached
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        known = ", ".join(known_rule_sets()) or "none"
        raise RulesError(
            f"{name_or_path}: no such rule set (known rule sets: {known}; or give a .toml path)"
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise RulesError(f"{path}: cannot read the rule file: {error}") from None
    rules = rules_from_toml(text, str(path))
    _loaded[path] = rules
    _loaded_by_name[name_or_path] = rules
    return rules


@cache
def _rule_set_names() -> tuple[str, ...]:
    # Listed once per process: the rule sets that come with the program do not change
    # while it runs, and validating many logs listed the folder again for each.
    return tuple(sorted(p.stem for p in RULES_DIR.glob("*.toml")))


def known_rule_sets() -> list[str]:
    return list(_rule_set_names())


def is_packaged(rules: RuleSet) -> bool:
    """Whether ``rules`` is, to the letter, a rule set that comes with the program (a log
    then names it by id alone; any other carries its content)."""
    if rules.id not in known_rule_sets():
        return False
    try:
        packaged = load_rules(RULES_DIR / f"{rules.id}.toml")
    except RulesError:
        return False
    return packaged.content_hash == rules.content_hash


def rules_data(rules: RuleSet) -> dict[str, object]:
    """A rule set as JSON data, as a log's header carries it (``rules_from_data`` reads it)."""
    return rules.model_dump(mode="json")


def rules_from_data(data: object, source: str) -> RuleSet:
    """A rule set from JSON data (a log header's ``rules``), validated as a rule file is."""
    try:
        # Through JSON so that strict typing accepts arrays for tuples, as for TOML.
        return RuleSet.model_validate_json(json.dumps(data))
    except (TypeError, ValueError) as error:
        if isinstance(error, ValidationError):
            raise RulesError(f"{source}: {_describe_validation_error(error)}") from None
        raise RulesError(f"{source}: not a rule set: {error}") from None
