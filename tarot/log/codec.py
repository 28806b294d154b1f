"""The log's lines: their models and JSON Schema, and the byte-level encoder.

A line is an event's fields plus ``seq``, its index among the events (the
header is not counted)::

    {"format": "tarot-log", "version": 1, "rules_id": "standard", ...}
    {"seq": 0, "type": "deal", "deal_number": 0, "dealer": 3, "hands": [...], ...}
    {"seq": 1, "type": "bid", "seat": 0, "contract": "garde"}

pydantic checks every line against the schema (one discriminated union on
``type``; each model built when first needed). The writer does not go through pydantic: its
encoder writes the same bytes pydantic's serialiser would, at a quarter of the
cost (``tests/test_log.py`` holds the two to each other).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import re
import typing
from typing import Annotated, Any, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from tarot.engine.cards import CARD_BY_CODE
from tarot.engine.events import (
    EVENT_TYPES,
    Bid,
    Chelem,
    ChelemScore,
    Deal,
    Event,
    LogHeader,
    Play,
    PoigneeScore,
    Redeal,
    Settlement,
    TrickTaken,
)
from tarot.engine.legal import PLAY_ACTIONS

# -- the line models ---------------------------------------------------------
#
# Events do not carry their position; a line does. Each event type gets a
# pydantic model with the event's own fields plus ``seq``, generated from the
# dataclass so that the two cannot drift apart.

_LINE_CONFIG = ConfigDict(extra="forbid", strict=True, frozen=True)


def _line_model(event_type: type) -> type[BaseModel]:
    hints = typing.get_type_hints(event_type, include_extras=True)
    fields: dict[str, Any] = {"seq": (int, Field(ge=0))}
    for f in dataclasses.fields(event_type):
        # The type tag is required in a line, though the dataclass fills it in.
        default = f.default if f.default is not dataclasses.MISSING and f.name != "type" else ...
        if f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        fields[f.name] = (hints[f.name], default)
    return create_model(f"{event_type.__name__}Line", __config__=_LINE_CONFIG,
                        __doc__=event_type.__doc__, **fields)


# The models are built when first needed, not at import: a log the program wrote is read
# almost whole through the replay's fast paths (tarot.log.fast_paths), and building every
# line model and their union costs more than validating a one-deal log. A line is checked
# by its own type's model (found by its "type"), which accepts exactly what the union
# accepts for that type; a line it refuses goes to the union, whose error is the one said.
_LINE_MODEL_OF: dict[type, type[BaseModel]] = {}
_EVENT_OF_LINE: dict[type[BaseModel], type] = {}
# Each event type by its tag, the default of its ``type`` field.
_EVENT_OF_TAG: dict[str, type] = {field.default: t for t in EVENT_TYPES
                                  for field in dataclasses.fields(t)
                                  if field.name == "type" and isinstance(field.default, str)}
_TAG = re.compile(r'"type": ?"([a-z_]{1,20})"')


def line_model(event_type: type) -> type[BaseModel]:
    """The model of a line holding an event of ``event_type``, built on first use."""
    model = _LINE_MODEL_OF.get(event_type)
    if model is None:
        model = _LINE_MODEL_OF[event_type] = _line_model(event_type)
        _EVENT_OF_LINE[model] = event_type
    return model


@functools.cache
def line_models() -> dict[type, type[BaseModel]]:
    """Every event type's line model, in the order of EVENT_TYPES."""
    return {t: line_model(t) for t in EVENT_TYPES}


@functools.cache
def line_adapter() -> TypeAdapter[Any]:
    """A line of any event type: one discriminated union on ``type``."""
    event_line_type = Annotated[Union[tuple(line_models().values())],  # type: ignore[valid-type]  # noqa: UP007
                                Field(discriminator="type")]
    # The union is built at run time from the event types, which mypy cannot follow.
    return TypeAdapter(event_line_type)  # type: ignore[arg-type]


@functools.cache
def header_adapter() -> TypeAdapter[LogHeader]:
    return TypeAdapter(LogHeader)


def validate_line(text: str | bytes) -> Any:
    """A line checked against the schema: its event type's model, or ValidationError as
    the union of every line model raises it (the same words, located the same way)."""
    found = _TAG.search(text if isinstance(text, str) else text.decode("utf-8", "replace"))
    event_type = None if found is None else _EVENT_OF_TAG.get(found[1])
    if event_type is not None:
        with contextlib.suppress(ValidationError):
            # Valid for its type's model: the union, reading the same "type" from the same
            # parse, picks that model and accepts it alike.
            return line_model(event_type).__pydantic_validator__.validate_json(text)
    return line_adapter().validator.validate_json(text)


_LAZY = {"LINE_MODELS": line_models, "LINE_ADAPTER": line_adapter,
         "HEADER_ADAPTER": header_adapter}


def __getattr__(name: str) -> Any:
    """The models of the module's earlier versions, by their names, built when asked for."""
    if name in _LAZY:
        return _LAZY[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_EVENT_FIELDS = {t: tuple(f.name for f in dataclasses.fields(t)) for t in EVENT_TYPES}
_NESTED_FIELDS = ("poignees", "chelem")  # the settlement's fields that hold dataclasses
_FIELDS_OF = {t: tuple(f.name for f in dataclasses.fields(t)) for t in (PoigneeScore,
                                                                        ChelemScore)}


def event_from_line(line: BaseModel) -> Event:
    event_type = _EVENT_OF_LINE[type(line)]
    if event_type is Play:  # most lines: the shared Play action, not a new one
        return PLAY_ACTIONS[line.seat][CARD_BY_CODE[line.card]]  # type: ignore[attr-defined]
    fields = dict(line.__dict__)  # a model's field values, read once rather than by getattr
    del fields["seq"]
    return event_type(**fields)  # type: ignore[no-any-return]


def log_schema() -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of one line of a log: the header or an event.

    Any JSON Schema tool checks a log line by line against it; ``#/$defs/header`` and
    ``#/$defs/event`` are the two kinds of line alone (a tool that knows the first
    line is the header may check it against ``header`` and the others against
    ``event``). The schema checks each line's shape; the rules (whose turn, which
    cards are legal, the seed's deal, the score) are ``tarot validate``'s.
    """
    return lines_schema("tarot log line", "One line of a tarot log (JSON Lines): the first "
                        "line is the header, every other line one event.",
                        {"header": header_adapter(), "event": line_adapter()})


def lines_schema(title: str, description: str, kinds: dict[str, TypeAdapter[Any]]
                 ) -> dict[str, Any]:
    """A JSON Schema for a line that is one of ``kinds`` (each also under ``#/$defs/KIND``),
    their models' definitions gathered under one ``$defs``."""
    keyed, definitions = TypeAdapter.json_schemas(
        [(kind, "validation", adapter) for kind, adapter in kinds.items()],
        ref_template="#/$defs/{model}")
    defs = dict(definitions["$defs"])
    for kind in kinds:
        defs[kind] = keyed[(kind, "validation")]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": title,
        "description": description,
        "oneOf": [{"$ref": f"#/$defs/{kind}"} for kind in kinds],
        "$defs": defs,
    }


# -- the encoder -------------------------------------------------------------


# One encoder for every line: json.dumps builds a new one per call unless every option
# is its default, and ensure_ascii=False is not (a seat name stays readable).
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


_HEADER_FIELDS = tuple(f.name for f in dataclasses.fields(LogHeader))


def header_line(header: LogHeader) -> str:
    # The optional fields are absent when unknown, as in the logs written before them.
    if header.named_deal is None and header.branched_from is None and header.rules is None:
        # Plain values only (every game's header but a named deal's, a branch's or one under
        # a rule file of one's own): json writes them as pydantic's serialiser does, at a
        # tenth of the cost, once a game (``tests/test_log.py`` holds the two together).
        return _ENCODE({name: value for name in _HEADER_FIELDS
                        if (value := getattr(header, name)) is not None})
    return _ENCODE(header_adapter().dump_python(header, mode="json", exclude_none=True))


def _fields(event: Event) -> dict[str, Any]:
    """An event's fields as JSON values: events hold only str, int, bool, None and tuples
    of them, which json writes as they are, and the settlement's nested scores."""
    fields = {name: getattr(event, name) for name in _EVENT_FIELDS[type(event)]}
    if isinstance(event, Settlement):
        for name in _NESTED_FIELDS:
            fields[name] = [{f: getattr(item, f) for f in _FIELDS_OF[type(item)]}
                            for item in fields[name]]
    return fields


def event_tail(event: Event) -> str:
    """An event's line after ``{"seq": N, `` (from its type to the closing brace), as the
    writer writes it."""
    return _ENCODE(_fields(event))[1:]


# The 312 possible plays are shared objects (tarot.engine.legal.PLAY_ACTIONS), alive as long as
# the program: each one's line after its seq is made once, found by the object's id (a
# Play's own hash would hash its fields at every card). Another Play is encoded anew.
PLAY_TAILS: dict[int, str] = {id(play): event_tail(play)
                               for seat in PLAY_ACTIONS for play in seat}

def event_line(seq: int, event: Event) -> str:
    """An event's line, without its newline. pydantic's serialiser gives the same line at
    four times the cost (``tests/test_log.py`` holds the two to each other)."""
    tail = PLAY_TAILS.get(id(event))
    if tail is not None:
        return f'{{"seq": {seq}, {tail}'
    if isinstance(event, TrickTaken):  # a fifth of the lines: written out as json would
        return _trick_line(seq, event)
    if isinstance(event, Deal):  # the longest line, and one a redeal
        return _deal_line(seq, event)
    if isinstance(event, (Bid, Chelem, Redeal)):  # few values (seats and a call): encoded once
        tail = _SMALL_TAILS.get(event)
        if tail is None:
            tail = _SMALL_TAILS[event] = event_tail(event)
        return f'{{"seq": {seq}, {tail}'
    return _ENCODE({"seq": seq, **_fields(event)})


# A bid's, a chelem call's or a redeal's line after its seq, by the event's value: as
# many as there are seats times the calls of the rule sets in use.
_SMALL_TAILS: dict[Bid | Chelem | Redeal, str] = {}


if _EVENT_FIELDS[TrickTaken] != ("type", "number", "leader", "cards", "winner"):
    raise RuntimeError("TrickTaken's fields changed: change _trick_line with them")


if _EVENT_FIELDS[Deal] != ("type", "deal_number", "dealer", "hands", "chien"):
    raise RuntimeError("Deal's fields changed: change _deal_line with them")


def _deal_line(seq: int, deal: Deal) -> str:
    # As _trick_line: the codes need no escaping (CardCode is one of the 78).
    hands = ", ".join(['["' + '", "'.join(hand) + '"]' if hand else "[]"
                       for hand in deal.hands])
    chien = '["' + '", "'.join(deal.chien) + '"]' if deal.chien else "[]"
    return (f'{{"seq": {seq}, "type": "{deal.type}", "deal_number": {deal.deal_number}, '
            f'"dealer": {deal.dealer}, "hands": [{hands}], "chien": {chien}}}')


def _trick_line(seq: int, trick: TrickTaken) -> str:
    # Card codes are ASCII letters and digits: nothing in them for json to escape.
    cards = '", "'.join(trick.cards)
    return (f'{{"seq": {seq}, "type": "{trick.type}", "number": {trick.number}, '
            f'"leader": {trick.leader}, "cards": ["{cards}"], '
            f'"winner": {trick.winner}}}')
