"""The events of a deal: everything that happens is one of these.

Decision events are what someone chose: the deal (the shuffle's choice), each
bid, the discard, the chelem and poignée declarations, each card played. The
decisions a player makes are also the actions given to ``Game.play``.
Derived events follow from the rules: the chien shown, each trick taken, a
redeal, the settlement. A log of decisions alone rebuilds the whole deal;
derived events, when present, are recomputed and compared.

These are plain frozen dataclasses with card codes as strings, so that the
engine creates them cheaply in its inner loop (a pydantic ``BaseModel`` costs
about twice as much to build); pydantic validates and serialises them at the
edges through one ``TypeAdapter`` (``tarot.log``), with ``extra="forbid"``
given here by ``__pydantic_config__``. Their position in the log, ``seq``, is
part of the log line, not of the event.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Annotated, ClassVar, Final, Literal

from annotated_types import Ge, Le, Len

from tarot.engine.cards import CODES
from tarot.engine.frozen import quick_init
from tarot.i18n import _

_STRICT: dict[str, object] = {"extra": "forbid", "strict": True}

# Constraints read by pydantic at the edges (validation and the JSON Schema);
# plain ints and strings to the engine.
# A table seats three, four or five (RULES-3-5): the schema takes any of those sizes, and
# the reader refuses a seat, a hand or a score that does not fit the table of the log's
# header (``tarot.log.replay``; a deal's hands and a trick's cards by the rules).
Seat = Annotated[int, Ge(0), Le(4)]
CardCode = Literal[CODES]  # type: ignore[valid-type]  # one of the 78 canonical codes
Cards = tuple[CardCode, ...]
TABLE_SIZES: Final = (3, 4, 5)
# One item a seat (a hand, a score, a seat's name) or a card a seat (a trick).
BySeat = Len(min(TABLE_SIZES), max(TABLE_SIZES))


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """Decision: the cards dealt for deal number ``deal_number`` (0, then 1 after a redeal…)."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["deal"] = "deal"
    deal_number: int
    dealer: Seat
    hands: Annotated[tuple[Cards, ...], BySeat]  # by seat
    chien: Cards


@dataclass(frozen=True, slots=True, kw_only=True)
class Bid:
    """Decision: one call of the auction; ``contract`` is a contract id, or None for a pass."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["bid"] = "bid"
    seat: Seat
    contract: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Call:
    """Decision (five players, V5-2): the card the taker calls, after the auction
    and before the chien; its holder is his partner. Public from the call; who holds it is
    not (V5-6): that is :class:`PartnerRevealed`, when the table learns it."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["call"] = "call"
    seat: Seat
    card: CardCode


@dataclass(frozen=True, slots=True, kw_only=True)
class ChienShown:
    """Derived: the chien turned face up for all (Prise, Garde) and given to the taker."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["chien_shown"] = "chien_shown"
    taker: Seat
    cards: Cards


@dataclass(frozen=True, slots=True, kw_only=True)
class Discard:
    """Decision: the taker's six discarded cards; only the trumps among them are public."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["discard"] = "discard"
    seat: Seat
    cards: Cards


@dataclass(frozen=True, slots=True, kw_only=True)
class Chelem:
    """Decision: whether the taker declares a chelem (slam) before the first card."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["chelem"] = "chelem"
    seat: Seat
    declared: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Poignee:
    """Decision: a poignée shown just before the seat's first card; the level is its size."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["poignee"] = "poignee"
    seat: Seat
    cards: Cards


@dataclass(frozen=True, slots=True, kw_only=True)
class Play:
    """Decision: one card played to the current trick."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["play"] = "play"
    seat: Seat
    card: CardCode


@dataclass(frozen=True, slots=True, kw_only=True)
class PartnerRevealed:
    """Derived (five players, RULES-3-5 V5-4, V5-6, V5-17): the table learns who holds the
    called card. It comes right after the event that shows it: the Play of the called card
    (``trick`` its trick's number, 1..15; ``seat`` the partner, or None when the taker
    played it himself: he called his own card and plays alone), or the chien shown
    holding it in a Prise or a Garde (``trick`` 0, before the first trick; ``seat`` None:
    the taker plays alone). Once in a deal at most: a called card never seen before the
    end (left in the chien of a Garde sans or contre, or a called queen the taker
    discards) is revealed by the settlement alone, and no event says it earlier."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["partner_revealed"] = "partner_revealed"
    trick: Annotated[int, Ge(0)]
    seat: Seat | None


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickTaken:
    """Derived: trick ``number`` (1..18 at four players) is complete; ``cards`` in the
    order played, one a seat."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["trick"] = "trick"
    number: int
    leader: Seat
    cards: Annotated[tuple[CardCode, ...], BySeat]
    winner: Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class Redeal:
    """Derived: the deal is void (four passes, or a petit sec) and passes to the right."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["redeal"] = "redeal"
    reason: Literal["all_passed", "petit_sec"]
    seat: Seat | None = None  # the seat holding the petit sec
    next_dealer: Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class PoigneeScore:
    __pydantic_config__: ClassVar = _STRICT
    seat: Seat
    level: str
    bonus: int  # per defender, signed in the taker's favour


@dataclass(frozen=True, slots=True, kw_only=True)
class ChelemScore:
    __pydantic_config__: ClassVar = _STRICT
    kind: Literal["declared_made", "declared_failed", "undeclared_made", "defence_made"]
    bonus: int  # per defender, signed in the taker's favour


@dataclass(frozen=True, slots=True, kw_only=True)
class Settlement:
    """Derived: the itemised score of the deal (rule book section 3.6).

    Amounts are per defender and signed in the taker's favour; each defender scores
    the opposite of ``per_defender``, the partner (five players) ``per_defender``, and the
    taker the rest (three times it at four players; RULES-3-5 V3-9, V5-11). ``scores``
    holds one score a seat.
    """

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["settlement"] = "settlement"
    contract: str
    taker: Seat
    multiplier: int
    taker_half_points: int
    defence_half_points: int
    taker_bouts: Cards
    target_half_points: int
    contract_made: bool
    difference: int
    base: int
    petit_au_bout: Literal["taker", "defence"] | None
    petit_au_bout_bonus: int
    poignees: tuple[PoigneeScore, ...] = field(default=())
    chelem: tuple[ChelemScore, ...] = field(default=())
    per_defender: int
    scores: Annotated[tuple[int, ...], BySeat]


@dataclass(frozen=True, slots=True, kw_only=True)
class Undo:
    """Practice (``play --practice``, a header with ``practice: true``): the person takes
    back a decision of the current deal. ``to`` is the seq of the person's decision taken
    back: every event from ``to`` up to this one is void, and the deal goes on from the
    state just before ``to``, the person to decide again. Neither a decision of the deal nor
    derived from one: an event of its own, so that a take-back is never hidden."""

    __pydantic_config__: ClassVar = _STRICT
    type: Literal["undo"] = "undo"
    to: Annotated[int, Ge(0)]


Action = Bid | Call | Discard | Chelem | Poignee | Play
Event = (Deal | Bid | Call | ChienShown | Discard | Chelem | Poignee | Play | PartnerRevealed
         | TrickTaken | Redeal | Settlement | Undo)

# The decisions a seat makes (the actions given to ``Game.play``), for isinstance.
ACTION_TYPES = (Bid, Call, Discard, Chelem, Poignee, Play)
# The event types a log holds (the call and the partner's reveal only at five players; the
# undo only in a practice log).
DECISION_TYPES: tuple[type, ...] = (Deal, *ACTION_TYPES)
DERIVED_TYPES: tuple[type, ...] = (ChienShown, PartnerRevealed, TrickTaken, Redeal, Settlement)
EVENT_TYPES: tuple[type, ...] = DECISION_TYPES + DERIVED_TYPES + (Undo,)


LOG_FORMAT: Final = "tarot-log"
LOG_FORMAT_VERSION: Final = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class NamedDealRecord:
    """The named deal a game was started from (``seeds/NAME.toml``): its name, and the
    script of decisions it makes for the computer seats, so that a resumed game keeps
    to the script without needing the deal's file."""

    __pydantic_config__: ClassVar = _STRICT
    name: str
    script: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BranchRecord:
    """Where a game branched from (``tarot play --from LOG --at SEQ``): the log it was
    cut from, as given then (its absolute path), and ``seq``, the first event of that log
    not copied (the moment play went on). Said, not checked: the log may be gone."""

    __pydantic_config__: ClassVar = _STRICT
    log: str
    seq: Annotated[int, Ge(0)]


@dataclass(frozen=True, slots=True, kw_only=True)
class LogHeader:
    """The first line of a log: what it is, under which rules, and where its deals come from.

    ``first_deal`` is ``"shuffled"`` when deal 0 is the seed's first shuffle, or
    ``"explicit"`` when it was given (a named deal, a test); redeals always come
    from the seed (deal ``k`` is the seed's ``k``-th shuffle, ``tarot.deal``).
    ``players`` says who sits at each seat (``"person"``, or a computer player's
    name from ``tarot.bots.registry``) and ``named_deal`` the named deal played,
    when the game was started with one, ``branched_from`` the log and moment it was
    played on from; these, ``rules`` and ``match_deals`` are left out of the line when
    unknown or not needed, so logs written before they existed read and write back byte
    for byte. ``table_size`` is the number of seats (3 or 5), left out at four (None):
    ``seats``, ``players`` and the seats named in the events must fit it, and so must the
    rule set's ``players`` (``tarot.log.replay``).
    """

    __pydantic_config__: ClassVar = _STRICT
    format: Literal["tarot-log"] = LOG_FORMAT
    version: Literal[1] = LOG_FORMAT_VERSION
    rules_id: str
    rules_hash: str
    seed: Annotated[int, Ge(0)]
    shuffle: str
    first_deal: Literal["shuffled", "explicit"] = "shuffled"
    table_size: Literal[3, 5] | None = None
    first_dealer: Seat = 3
    seats: Annotated[tuple[str, ...], BySeat] = ("P0", "P1", "P2", "P3")
    players: Annotated[tuple[str, ...], BySeat] | None = None
    named_deal: NamedDealRecord | None = None
    # The rule set itself (as ``tarot rules --json`` prints it) when it is not one that
    # comes with the program: a game played under a rule file of one's own reads back
    # anywhere, without the file, and ``rules_hash`` proves the content.
    # Left out of the header's hash (a dict has none); compared as any field is.
    rules: dict[str, object] | None = field(default=None, hash=False)
    # On deal 1 of a match (``play --deals N``): the number of deals, so that a match
    # killed before its index is written still resumes as the match.
    match_deals: Annotated[int, Ge(2)] | None = None
    # A game played on from a moment of another log (``play --from``): its events up to
    # that moment are the other log's.
    branched_from: BranchRecord | None = None
    # A practice game (``play --practice``): the person may take decisions back, each an
    # ``undo`` event. True or left out; a log without it holds no undo.
    practice: Literal[True] | None = None

    @property
    def size(self) -> int:
        """The number of seats at the table: ``table_size``, or four when it is left out."""
        return 4 if self.table_size is None else self.table_size


# The engine builds tens of these a deal (a trick taken, the settlement, the deal): each
# gets the quicker __init__ of tarot.engine.frozen (the same parameters, the same objects).
for _event_type in (*EVENT_TYPES, PoigneeScore, ChelemScore, NamedDealRecord, BranchRecord,
                    LogHeader):
    quick_init(_event_type)
del _event_type


def differences(expected: object, logged: object, path: str) -> list[str]:
    """Where a logged event differs from the one the rules derive, field by field:
    ``settlement.scores: the log says [-50, …], the rules give [-56, …]``; a nested
    item (a poignée's score) is named by its place, ``settlement.poignees[0].bonus``;
    an event of another type altogether is named as such."""
    if dataclasses.is_dataclass(expected) and type(expected) is type(logged):
        found = []
        for item in dataclasses.fields(expected):
            found += differences(getattr(expected, item.name), getattr(logged, item.name),
                                 f"{path}.{item.name}")
        return found
    if dataclasses.is_dataclass(expected) and dataclasses.is_dataclass(logged):
        return [_("the rules call for a {expected} event here, the log has a {logged}").format(
            expected=getattr(expected, "type", "?"), logged=getattr(logged, "type", "?"))]
    if (isinstance(expected, tuple) and isinstance(logged, tuple)
            and len(expected) == len(logged)
            and any(dataclasses.is_dataclass(item) for item in expected)):
        found = []
        for index, (given, said) in enumerate(zip(expected, logged, strict=True)):
            found += differences(given, said, f"{path}[{index}]")
        return found
    if expected == logged:
        return []
    return [_("{path}: the log says {logged}, the rules give {expected}").format(
        path=path, logged=_shown(logged), expected=_shown(expected))]


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return "{" + ", ".join(f"{f.name}: {_shown(getattr(value, f.name))}"
                               for f in dataclasses.fields(value)) + "}"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)
