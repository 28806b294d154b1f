"""Rule sets: every number and switch of the rule book, as a validated model.

A rule file loads into a frozen, validated :class:`RuleSet`. A typo in a key, a
missing key or a wrong type is a :class:`RulesError` naming the file and the key, and
so is a rule set that cannot be played to its end: a deal whose discard can be
impossible, a poignée no hand can show, a target no taker can reach or miss, a number
so large that the scores stop being numbers a log can hold.

This module reads no file: finding and reading rule files is
:mod:`tarot.engine.rule_files`' job.

The engine reads every number from here; the tables it needs in its inner loop
(card points by card, contract multipliers) are computed once per rule set.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Iterator
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
    model_validator,
)

from tarot.engine.cards import (
    ALL_CARDS,
    BOUT_MASK,
    BOUTS,
    EXCUSE,
    JACK,
    KING,
    KING_MASK,
    KNIGHT,
    QUEEN,
    TRUMP_MASK,
    is_trump,
    rank_of,
)
from tarot.engine.typed_words import read_words
from tarot.errors import TarotError
from tarot.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from tarot.engine.kernel import RuleTable


# Bounds on the numbers of a rule file, far beyond any real one, that keep every score
# an integer a log line and a report's float hold: with them a deal's score stays below
# 10^10, where unbounded ones (TOML integers have no limit here) made scores of
# thousands of digits, which JSON cannot read back.
MAX_CARD_HALF_POINTS = 1000
MAX_MULTIPLIER = 1000
MAX_BONUS = 1_000_000
CardHalfPoints = Annotated[int, Field(ge=0, le=MAX_CARD_HALF_POINTS)]
Bonus = Annotated[int, Field(ge=-MAX_BONUS, le=MAX_BONUS)]
# The taker keeps, after his discard, every king and bout he held: the discard is
# possible from any hand and chien only when a hand holds at least this many cards.
KEPT_IN_ANY_DISCARD = (KING_MASK | BOUT_MASK).bit_count()
# A poignée shows trumps, the Excuse filling the last place at most (R8).
MOST_POIGNEE_CARDS = TRUMP_MASK.bit_count() + 1


class RulesError(TarotError, ValueError):
    """A rule file that cannot be read or does not describe a valid rule set."""

    code = "bad_rules"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class DealRules(_Frozen):
    hand_size: int = Field(gt=0)
    chien_size: int = Field(ge=0)


class CardPoints(_Frozen):
    """Half-points of each kind of card."""

    bout: CardHalfPoints
    king: CardHalfPoints
    queen: CardHalfPoints
    knight: CardHalfPoints
    jack: CardHalfPoints
    other: CardHalfPoints


class ScoringRules(_Frozen):
    target_half_points: tuple[int, int, int, int]
    base_points: Bonus
    petit_au_bout_per_multiplier: Bonus
    excuse_compensation_half_points: CardHalfPoints


ChienFate = Literal["shown", "taker", "defence"]


# The names the shipped rule files give, for the catalogue: a name is shown in the person's
# language when the catalogue has it (``label``), and as the rule file writes it otherwise.
SHIPPED_NAMES = (N_("Prise"), N_("Garde"), N_("Garde sans"), N_("Garde contre"),
                 N_("Simple poignée"), N_("Double poignée"), N_("Triple poignée"),
                 N_("French Tarot, the project's rules card (RULES.md)"),
                 N_("French Tarot, with the FFT readings of RULES.md section 2"),
                 N_("French Tarot for three, the project's rules card (RULES.md, RULES-3-5.md)"),
                 N_("French Tarot for five, the project's rules card (RULES.md, RULES-3-5.md)"))


class Contract(_Frozen):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    multiplier: int = Field(gt=0, le=MAX_MULTIPLIER)
    chien: ChienFate

    @property
    def label(self) -> str:
        """The contract's name for a person, in the current language."""
        return _(self.name)


class PoigneeLevel(_Frozen):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    trumps: int = Field(gt=0)
    bonus: int = Field(ge=0, le=MAX_BONUS)

    @property
    def label(self) -> str:
        """The poignée's name for a person, in the current language."""
        return _(self.name)


class PoigneeRules(_Frozen):
    four_kings_level: str


class ChelemRules(_Frozen):
    declared_made: Bonus
    declared_failed: Bonus
    undeclared_made: Bonus
    defence_made: Bonus


class Flags(_Frozen):
    excuse_kept_in_any_slam: bool
    four_kings_excuse_fill: bool
    petit_au_bout_slam_counts_last_trick: bool
    # V5-3, VD2 (5 players): holding the four kings, the taker may still call one.
    four_kings_may_call_king: bool = True


# The table sizes French Tarot is played at (rule book section 5); a rule file without
# ``players`` is for four.
TABLE_SIZES = (3, 4, 5)
# Keys added to the rule files after four-player rule sets were hashed and logged: left out
# of a rule set's data at these values (their defaults), so that every rule set written
# before them keeps its content hash and its log header's bytes (docs/decisions.md).
_LATER_KEYS_AT_DEFAULT: tuple[tuple[tuple[str, ...], object], ...] = (
    (("players",), 4),
    (("flags", "four_kings_may_call_king"), True),
)


class RuleSet(_Frozen):
    id: str = Field(pattern=r"^[a-z0-9_-]+$")
    name: str
    players: int = Field(default=4, ge=min(TABLE_SIZES), le=max(TABLE_SIZES))
    deal: DealRules
    card_points: CardPoints
    scoring: ScoringRules
    contracts: tuple[Contract, ...] = Field(min_length=1)
    poignees: tuple[PoigneeLevel, ...]
    poignee_rules: PoigneeRules
    chelem: ChelemRules
    flags: Flags

    @model_serializer(mode="wrap")
    def _without_later_keys_at_default(self, handler: SerializerFunctionWrapHandler
                                       ) -> dict[str, object]:
        """The rule set's data, the keys of ``_LATER_KEYS_AT_DEFAULT`` left out at their
        defaults: a four-player rule set dumps, hashes and is carried by a log as before."""
        data: dict[str, object] = handler(self)
        for path, default in _LATER_KEYS_AT_DEFAULT:
            holder = data
            for key in path[:-1]:
                inner = holder.get(key)
                if not isinstance(inner, dict):
                    break
                holder = inner
            else:
                if path[-1] in holder and holder[path[-1]] == default:
                    del holder[path[-1]]
        return data

    @model_validator(mode="after")
    def _playable(self) -> RuleSet:
        problems = list(playability_problems(self))
        if problems:
            raise ValueError("; ".join(problems))
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
        from tarot.engine.kernel import RuleTable

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


def playability_problems(rules: RuleSet) -> Iterator[str]:
    """Why ``rules`` cannot be played to the end of every deal, one sentence a fault, each
    starting with the key at fault (``deal.hand_size: …``); none for a playable rule set.

    Every deal must be dealt, bid on, discarded from and played out whatever the cards:
    what a number allows only for some hands (a discard that four kings and three bouts
    make impossible) refuses the rule set, since a taker stuck with such a hand could
    neither discard nor leave the deal.
    """
    deal = rules.deal
    hand, chien = deal.hand_size, deal.chien_size
    if rules.players * hand + chien != len(ALL_CARDS):
        yield _("deal: {players} hands of {hand} and a chien of {chien} do not make the "
                "{cards} cards").format(players=rules.players, hand=hand, chien=chien,
                                        cards=len(ALL_CARDS))
        return
    shown = [c.id for c in rules.contracts if c.chien == "shown"]
    kept = min(KEPT_IN_ANY_DISCARD, hand + chien)
    if shown and hand < kept:
        yield ngettext(
            "deal.hand_size: a taker of {contract!r} takes the chien of {chien} and discards "
            "{chien}, keeping every king and bout he holds (R6); with hands of {hand} card, "
            "one who holds more than {hand} of the 4 kings and 3 bouts cannot discard: deal "
            "at least {kept} cards a hand, or let only contracts whose chien stays hidden "
            "(chien = \"taker\" or \"defence\") be bid",
            "deal.hand_size: a taker of {contract!r} takes the chien of {chien} and discards "
            "{chien}, keeping every king and bout he holds (R6); with hands of {hand} cards, "
            "one who holds more than {hand} of the 4 kings and 3 bouts cannot discard: deal "
            "at least {kept} cards a hand, or let only contracts whose chien stays hidden "
            "(chien = \"taker\" or \"defence\") be bid", hand).format(
                contract=shown[0], chien=chien, hand=hand, kept=kept)
    ids = [c.id for c in rules.contracts]
    if len(set(ids)) != len(ids):
        yield _("contracts: two contracts share an id")
    for index, contract in enumerate(rules.contracts):
        # The words a person passes with (tarot.engine.typed_words, every language's, as
        # tarot.engine.notation compares them; a named deal's script says "pass" too): no
        # contract may be one.
        if contract.id in read_words("pass_"):
            yield _("contracts.{index}.id: {id!r} is the word for a pass, so no one could "
                    "bid this contract").format(index=index, id=contract.id)
    total = rules.total_half_points
    for bouts, target in enumerate(rules.scoring.target_half_points):
        if not 0 < target <= total:
            said = (_("scoring.target_half_points.{bouts}: {target} half-points, a target "
                      "every taker reaches: it must be above 0 and at most the deck's "
                      "{total} half-points") if target <= 0 else
                    _("scoring.target_half_points.{bouts}: {target} half-points, a target no "
                      "taker can reach: it must be above 0 and at most the deck's {total} "
                      "half-points"))
            yield said.format(bouts=bouts, target=target, total=total)
    sizes = [p.trumps for p in rules.poignees]
    if sizes != sorted(set(sizes)):
        yield _("poignees: levels must be listed from fewest trumps up, each once")
    level_ids = [p.id for p in rules.poignees]
    if len(set(level_ids)) != len(level_ids):
        yield _("poignees: two levels share an id")
    most = min(hand, MOST_POIGNEE_CARDS)
    for index, level in enumerate(rules.poignees):
        if level.trumps > most:
            yield ngettext(
                "poignees.{index}.trumps: a poignée of {trumps} cards, which no hand can "
                "show: it is shown from a hand of {hand} card, and holds only trumps, the "
                "Excuse filling its last place (R8): at most {most}",
                "poignees.{index}.trumps: a poignée of {trumps} cards, which no hand can "
                "show: it is shown from a hand of {hand} cards, and holds only trumps, the "
                "Excuse filling its last place (R8): at most {most}", hand).format(
                    index=index, trumps=level.trumps, hand=hand, most=most)
    if rules.poignee_rules.four_kings_level not in set(level_ids):
        yield _("poignee_rules.four_kings_level: {level!r} is not one of the poignee ids"
                ).format(level=rules.poignee_rules.four_kings_level)


def _shown(value: object, width: int = 60) -> str:
    """A value as an error message quotes it: its repr, cut short when long."""
    text = repr(value)
    return text if len(text) <= width else f"{text[:width - 5]}…({len(text):,} characters)"


def _describe_validation_error(error: ValidationError) -> str:
    lines = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"]) or "(top level)"
        message = item["msg"]
        if item["type"] == "extra_forbidden":
            message = _("unknown key (a typo?)")
        elif item["type"] == "missing":
            message = _("missing key")
        elif item["type"] == "value_error" and not item["loc"]:
            # A playability problem: its sentence starts with the key at fault.
            lines.append(str(item.get("ctx", {}).get("error", message)))
            continue
        elif not isinstance(item.get("input"), dict | list):
            message = _("{message} (got {value})").format(message=message,
                                                          value=_shown(item.get("input")))
        lines.append(f"{where}: {message}")
    return "; ".join(lines)


def rules_from_toml(text: str, source: str) -> RuleSet:
    """Parse and validate a rule set; errors name ``source`` and the key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(_("{source}: not valid TOML: {error}").format(source=source,
                                                                       error=error)) from None
    try:
        # Through JSON so that strict typing accepts TOML arrays for tuples.
        return RuleSet.model_validate_json(json.dumps(data))
    except TypeError as error:
        raise RulesError(_("{source}: a value of a type rule files do not use: {error}")
                         .format(source=source, error=error)) from None
    except ValidationError as error:
        raise RulesError(f"{source}: {_describe_validation_error(error)}") from None


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
        raise RulesError(_("{source}: not a rule set: {error}").format(source=source,
                                                                       error=error)) from None
