"""The log: JSON Lines, a header then one event per line, and its validation.

A line is an event's fields plus ``seq``, its index among the events (the
header is not counted)::

    {"format": "tarot-log", "version": 1, "rules_id": "standard", ...}
    {"seq": 0, "type": "deal", "deal_number": 0, "dealer": 3, "hands": [...], ...}
    {"seq": 1, "type": "bid", "seat": 0, "contract": "garde"}

pydantic checks every line against the schema (one discriminated union on
``type``, built once at import); the events then go through
``Game.record``, which checks each decision against the rules and recomputes
each derived event. :func:`read_log` stops at the first problem and names it
as ``FILE:LINE: event #SEQ (TYPE): CODE: message``.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Annotated, Any, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from tarot.deal import SHUFFLE_ALGORITHM, seeded_deal
from tarot.errors import IllegalAction
from tarot.events import EVENT_TYPES, Deal, Event, LogHeader, Settlement
from tarot.game import Game, deal_event
from tarot.rules import RulesError, RuleSet, load_rules

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


LINE_MODELS: dict[type, type[BaseModel]] = {t: _line_model(t) for t in EVENT_TYPES}
_EVENT_OF_LINE = {model: event for event, model in LINE_MODELS.items()}
EventLine = Annotated[Union[tuple(LINE_MODELS.values())], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007
LINE_ADAPTER: TypeAdapter[Any] = TypeAdapter(EventLine)
HEADER_ADAPTER: TypeAdapter[LogHeader] = TypeAdapter(LogHeader)
EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(Event)
_EVENT_FIELDS = {t: tuple(f.name for f in dataclasses.fields(t)) for t in EVENT_TYPES}
_NESTED_TYPES = frozenset({Settlement})


def event_from_line(line: BaseModel) -> Event:
    event_type = _EVENT_OF_LINE[type(line)]
    return event_type(**{name: getattr(line, name) for name in _EVENT_FIELDS[event_type]})


def log_schema() -> dict[str, Any]:
    """The JSON Schema of a log: the header line, then any number of event lines."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "tarot log (JSON Lines)",
        "description": "The first line is `header`; every other line is one `event`.",
        "header": HEADER_ADAPTER.json_schema(),
        "event": LINE_ADAPTER.json_schema(),
    }


# -- writing -----------------------------------------------------------------


def header_line(header: LogHeader) -> str:
    return json.dumps(HEADER_ADAPTER.dump_python(header, mode="json"), ensure_ascii=False)


def event_line(seq: int, event: Event) -> str:
    # Events hold only str, int, bool, None and tuples of them, which json writes
    # as they are; pydantic's serialiser gives the same line at four times the cost
    # (the round-trip tests hold the two to each other).
    event_type = type(event)
    if event_type in _NESTED_TYPES:
        fields = dataclasses.asdict(event)  # type: ignore[arg-type]
    else:
        fields = {name: getattr(event, name) for name in _EVENT_FIELDS[event_type]}
    return json.dumps({"seq": seq, **fields}, ensure_ascii=False)


def log_lines(header: LogHeader, events: Iterable[Event]) -> Iterator[str]:
    yield header_line(header)
    for seq, event in enumerate(events):
        yield event_line(seq, event)


def dumps_log(header: LogHeader, events: Iterable[Event]) -> str:
    return "".join(line + "\n" for line in log_lines(header, events))


class LogWriter:
    """Appends a game's events to an open file, one flushed line per event.

    A new log starts with the header; ``already_written`` > 0 continues a log
    that holds the header and that many events (a resumed game).
    """

    def __init__(self, stream: IO[str], header: LogHeader, *, already_written: int = 0) -> None:
        self.stream = stream
        self.written = already_written
        if not already_written:
            stream.write(header_line(header) + "\n")
            stream.flush()

    def write(self, events: Iterable[Event]) -> None:
        for event in events:
            self.stream.write(event_line(self.written, event) + "\n")
            self.written += 1
        self.stream.flush()


# -- reading and validating --------------------------------------------------


@dataclass(frozen=True)
class LogProblem:
    """The first thing wrong with a log, located."""

    file: str
    line: int  # 1-based line number in the file
    code: str
    message: str
    seq: int | None = None
    event_type: str | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}: "
        if self.seq is not None:
            where += f"event #{self.seq} ({self.event_type or '?'}): "
        elif self.line == 1:
            where += "header: "
        return f"{where}{self.code}: {self.message}"


class LogError(ValueError):
    def __init__(self, problem: LogProblem) -> None:
        super().__init__(str(problem))
        self.problem = problem


LOG_ERROR_CODES: dict[str, str] = {
    "unreadable": "the file cannot be opened or read",
    "empty_log": "the file holds no header line",
    "not_json": "a line that is not one JSON value (or not UTF-8 text)",
    "bad_header": "the first line is not a valid log header",
    "unknown_rules": "the header names a rule set this program does not know",
    "rules_hash_mismatch": "the header's rules hash differs from the rule set's content",
    "unknown_shuffle": "the header names a shuffle this program does not know",
    "bad_event": "a line that is not a valid event (the schema)",
    "bad_seq": "an event whose seq is not its position in the log",
    "incomplete": "the log ends before the deal is settled",
}


def _describe(error: ValidationError) -> str:
    parts = []
    for item in error.errors()[:3]:
        where = ".".join(str(p) for p in item["loc"])
        message = item["msg"]
        if item["type"] == "literal_error" and len(message) > 80:
            message = f"{item['input']!r} is not a card code (KH, 10D, T21, EXC…)"
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts)


def _first_type(text: str) -> str | None:
    try:
        data = json.loads(text)
    except ValueError:
        return None
    value = data.get("type") if isinstance(data, dict) else None
    return value if isinstance(value, str) else None


def _first_seq(text: str) -> int | None:
    try:
        data = json.loads(text)
    except ValueError:
        return None
    value = data.get("seq") if isinstance(data, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _rules_for(header: LogHeader, rules: RuleSet | None) -> RuleSet:
    if rules is None:
        rules = load_rules(header.rules_id)
    if rules.content_hash != header.rules_hash:
        raise RulesError(
            f"the log was played under rules {header.rules_id!r} with hash {header.rules_hash}; "
            f"the rule set {rules.id!r} here has hash {rules.content_hash}")
    return rules


def replay_lines(lines: Iterable[str], source: str = "<log>", *,
                 rules: RuleSet | None = None, allow_incomplete: bool = False) -> Game:
    """Rebuild the game a log describes, checking every line; raise LogError at the first fault."""
    iterator = iter(enumerate(lines, start=1))

    def fail(line: int, code: str, message: str, seq: int | None = None,
             event_type: str | None = None) -> LogError:
        return LogError(LogProblem(source, line, code, message, seq, event_type))

    first = next(iterator, None)
    if first is None or not first[1].strip():
        raise fail(1, "empty_log", "the log is empty: the first line must be the header")
    try:
        header = HEADER_ADAPTER.validate_json(first[1])
    except ValidationError as error:
        code = "not_json" if error.errors()[0]["type"] == "json_invalid" else "bad_header"
        raise fail(1, code, _describe(error)) from None
    try:
        ruleset = _rules_for(header, rules)
    except RulesError as error:
        code = "rules_hash_mismatch" if "hash" in str(error) else "unknown_rules"
        raise fail(1, code, str(error)) from None
    if header.shuffle != SHUFFLE_ALGORITHM:
        raise fail(1, "unknown_shuffle",
                   f"shuffle {header.shuffle!r} is not {SHUFFLE_ALGORITHM!r}")
    game = Game(header, ruleset)
    last_line = 1
    for seq, (number, text) in enumerate(iterator):
        last_line = number
        if not text.strip():
            raise fail(number, "bad_event", "an empty line where an event should be", seq)
        try:
            line = LINE_ADAPTER.validate_json(text)
        except ValidationError as error:
            kind = error.errors()[0]["type"]
            code = "not_json" if kind == "json_invalid" else "bad_event"
            found = _first_seq(text)
            raise fail(number, code, _describe(error), seq if found is None else found,
                       _first_type(text)) from None
        event_type = line.type
        if line.seq != seq:
            raise fail(number, "bad_seq", f"seq is {line.seq}; this is event #{seq}",
                       line.seq, event_type)
        event = event_from_line(line)
        try:
            if isinstance(event, Deal):
                game.apply_pending_derived()  # a redeal the log leaves out comes first
                _check_seeded_deal(game, event)
            game.record(event)
        except IllegalAction as error:
            raise fail(number, error.code, error.message, seq, event_type) from None
    game.apply_pending_derived()
    if not allow_incomplete and not game.is_over:
        raise fail(last_line, "incomplete",
                   f"the log ends in the {game.phase} phase, before the settlement")
    return game


def _check_seeded_deal(game: Game, event: Deal) -> None:
    header = game.header
    state = game.state
    if header.first_deal == "explicit" and event.deal_number == 0:
        return
    if event.deal_number != state.deal_number or event.dealer != state.dealer:
        return  # not the deal due here at all: Game.record says so (invalid_deal)
    expected = deal_event(
        seeded_deal(header.seed, event.deal_number, event.dealer, game.rules.deal.hand_size),
        event.deal_number)
    if event != expected:
        raise IllegalAction(
            "deal_mismatch",
            f"deal number {event.deal_number} is not the one seed {header.seed} gives "
            f"with {header.shuffle}")


def read_events(path: str | Path) -> tuple[LogHeader, list[Event]]:
    """A log's header and events, checked against the schema only (not replayed).

    For re-scoring a log under rules that have changed since it was played;
    :func:`read_log` is the full check.
    """
    source = str(path)
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    if not lines:
        raise LogError(LogProblem(source, 1, "empty_log", "the log is empty"))
    try:
        header = HEADER_ADAPTER.validate_json(lines[0])
        events = [event_from_line(LINE_ADAPTER.validate_json(text)) for text in lines[1:]]
    except ValidationError as error:
        raise LogError(LogProblem(source, 1, "bad_event", _describe(error))) from None
    return header, events


def read_log(path: str | Path, *, rules: RuleSet | None = None,
             allow_incomplete: bool = False) -> Game:
    """Replay a log file, checking everything; raise LogError naming the first fault."""
    source = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise LogError(LogProblem(source, 0, "unreadable", error.strerror or str(error))) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise LogError(LogProblem(source, line, "not_json",
                                  "not UTF-8 text (a binary file?)")) from None
    return replay_lines(text.splitlines(), source, rules=rules, allow_incomplete=allow_incomplete)


def write_log(path: str | Path, game: Game) -> None:
    Path(path).write_text(dumps_log(game.header, game.events), encoding="utf-8")
