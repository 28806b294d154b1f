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

import codecs
import dataclasses
import json
import re
import typing
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Annotated, Any, BinaryIO, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from tarot.engine import phases
from tarot.engine.cards import CARD_BY_CODE
from tarot.engine.deal import SHUFFLE_ALGORITHM
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
from tarot.engine.game import Game
from tarot.engine.legal import PLAY_ACTIONS
from tarot.engine.notation import NotationError, parse_script_entry
from tarot.engine.phase_table import next_derived
from tarot.engine.rule_files import RULES_DIR, known_rule_sets, load_rules
from tarot.engine.rules import RulesError, RuleSet, rules_from_data
from tarot.errors import IllegalAction, TarotError
from tarot.files.atomic import write_text_atomic
from tarot.files.reading import ReadError, check_regular, open_regular

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
# The union is built at run time from the event types, which mypy cannot follow.
LINE_ADAPTER: TypeAdapter[Any] = TypeAdapter(EventLine)  # type: ignore[arg-type]
# The adapter's core validator, called directly in the replay loop (the adapter's own
# method adds a wrapper's cost to each of a log's hundred lines).
_validate_line = LINE_ADAPTER.validator.validate_json
HEADER_ADAPTER: TypeAdapter[LogHeader] = TypeAdapter(LogHeader)
_EVENT_FIELDS = {t: tuple(f.name for f in dataclasses.fields(t)) for t in EVENT_TYPES}
_NESTED_FIELDS = ("poignees", "chelem")  # the settlement's fields that hold dataclasses
_FIELDS_OF = {t: tuple(f.name for f in dataclasses.fields(t)) for t in (PoigneeScore,
                                                                        ChelemScore)}


_PLAY_LINE = LINE_MODELS[Play]


def event_from_line(line: BaseModel) -> Event:
    if type(line) is _PLAY_LINE:  # most lines: the shared Play action, not a new one
        return PLAY_ACTIONS[line.seat][CARD_BY_CODE[line.card]]  # type: ignore[attr-defined]
    event_type = _EVENT_OF_LINE[type(line)]
    fields = dict(line.__dict__)  # a model's field values, read once rather than by getattr
    del fields["seq"]
    return event_type(**fields)


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
                        {"header": HEADER_ADAPTER, "event": LINE_ADAPTER})


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


# -- writing -----------------------------------------------------------------


# One encoder for every line: json.dumps builds a new one per call unless every option
# is its default, and ensure_ascii=False is not (a seat name stays readable).
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


def header_line(header: LogHeader) -> str:
    # The optional fields are absent when unknown, as in the logs written before them.
    return _ENCODE(HEADER_ADAPTER.dump_python(header, mode="json", exclude_none=True))


def _fields(event: Event) -> dict[str, Any]:
    """An event's fields as JSON values: events hold only str, int, bool, None and tuples
    of them, which json writes as they are, and the settlement's nested scores."""
    fields = {name: getattr(event, name) for name in _EVENT_FIELDS[type(event)]}
    if isinstance(event, Settlement):
        for name in _NESTED_FIELDS:
            fields[name] = [{f: getattr(item, f) for f in _FIELDS_OF[type(item)]}
                            for item in fields[name]]
    return fields


# The 312 possible plays are shared objects (tarot.engine.legal.PLAY_ACTIONS), alive as long as
# the program: each one's line after its seq is made once, found by the object's id (a
# Play's own hash would hash its fields at every card). Another Play is encoded anew.
_PLAY_TAILS: dict[int, str] = {id(play): _ENCODE(_fields(play))[1:]
                               for seat in PLAY_ACTIONS for play in seat}
_PLAY_BY_TAIL: dict[str, Event] = {_PLAY_TAILS[id(play)]: play
                                   for seat in PLAY_ACTIONS for play in seat}
_DECISION_TAILS: dict[tuple[str, ...], dict[str, Event]] = {}


def _decision_tails(rules: RuleSet) -> dict[str, Event]:
    """Every card play, bid and chelem call under ``rules``, by its line after the seq."""
    contracts = tuple(contract.id for contract in rules.contracts)
    tails = _DECISION_TAILS.get(contracts)
    if tails is None:
        tails = dict(_PLAY_BY_TAIL)
        small: list[Bid | Chelem] = [Bid(seat=seat, contract=contract)  # type: ignore[arg-type]
                                     for seat in range(4) for contract in (None, *contracts)]
        small += [Chelem(seat=seat, declared=declared)  # type: ignore[arg-type]
                  for seat in range(4) for declared in (False, True)]
        for event in small:
            tails[_ENCODE(_fields(event))[1:]] = event
        tails = _DECISION_TAILS[contracts] = tails
    return tails


def _due_as_written(game: Game, seq: int, text: str) -> Event | None:
    """The event due now (a derived event, or the next deal from the seed) when ``text`` is
    exactly the line the writer makes of it; else None."""
    state = game.state
    expected = next_derived(state)
    if expected is None and state.phase == phases.DEAL and game.can_deal_from_seed():
        expected = game.seeded_deal(state.deal_number, state.dealer)
    if expected is not None and event_line(seq, expected) == text:
        return expected
    return None


def event_line(seq: int, event: Event) -> str:
    """An event's line, without its newline. pydantic's serialiser gives the same line at
    four times the cost (``tests/test_log.py`` holds the two to each other)."""
    tail = _PLAY_TAILS.get(id(event))
    if tail is not None:
        return f'{{"seq": {seq}, {tail}'
    if isinstance(event, TrickTaken):  # a fifth of the lines: written out as json would
        return _trick_line(seq, event)
    if isinstance(event, Deal):  # the longest line, and one a redeal
        return _deal_line(seq, event)
    if isinstance(event, (Bid, Chelem, Redeal)):  # few values (seats and a call): encoded once
        tail = _SMALL_TAILS.get(event)
        if tail is None:
            tail = _SMALL_TAILS[event] = _ENCODE(_fields(event))[1:]
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
    a, b, c, d = trick.cards
    return (f'{{"seq": {seq}, "type": "{trick.type}", "number": {trick.number}, '
            f'"leader": {trick.leader}, "cards": ["{a}", "{b}", "{c}", "{d}"], '
            f'"winner": {trick.winner}}}')


def log_lines(header: LogHeader, events: Iterable[Event]) -> Iterator[str]:
    yield header_line(header)
    for seq, event in enumerate(events):
        yield event_line(seq, event)


def dumps_log(header: LogHeader, events: Iterable[Event]) -> str:
    return "".join(line + "\n" for line in log_lines(header, events))


class LogWriter:
    """Appends a game's events to an open file, one flushed line per event.

    A new log starts with the header; ``already_written`` (an int, 0 included)
    continues a log that holds the header and that many events (a resumed game).

    Each :meth:`write` (the events one action caused) ends with ``flush()``: the
    lines are then the kernel's, and survive the death of the process, SIGKILL
    included, so a killed game always leaves whole lines to resume from (at
    worst a torn last line, which the reader names ``torn_line`` and a resume
    drops). There is no ``os.fsync`` per event: it guards only against a power
    cut or a crash of the system, where losing the last few moves is harmless (the
    resumed game asks for them again and the computer players decide them alike),
    and it would cost a disk flush for every card; ``tarot play`` syncs once,
    when the game ends or is left.
    """

    def __init__(self, stream: IO[str], header: LogHeader, *,
                 already_written: int | None = None) -> None:
        self.stream = stream
        self.written = already_written or 0
        if already_written is None:
            stream.write(header_line(header) + "\n")
            stream.flush()

    def write(self, events: Sequence[Event]) -> None:
        seq = self.written
        if len(events) == 1:  # most actions: one card, one line
            event = events[0]
            tail = _PLAY_TAILS.get(id(event))
            text = (f'{{"seq": {seq}, {tail}\n' if tail is not None
                    else event_line(seq, event) + "\n")
        else:
            text = "".join([event_line(seq + i, event) + "\n" for i, event in enumerate(events)])
        self.written = seq + len(events)
        self.stream.write(text)
        self.stream.flush()


# -- reading and validating --------------------------------------------------


@dataclass(frozen=True)
class LogProblem:
    """The first thing wrong with a log, located."""

    file: str
    line: int  # 1-based line number in the file; 0: the file as a whole (it cannot be read)
    code: str
    message: str
    seq: int | None = None
    event_type: str | None = None

    def __post_init__(self) -> None:
        # A message may quote the file (a key, a value): one printable line, and short,
        # whatever the file holds (a newline, a NUL, a lone surrogate, ten megabytes).
        object.__setattr__(self, "message", printable(self.message, MESSAGE_LIMIT))
        if self.event_type is not None:
            object.__setattr__(self, "event_type", printable(self.event_type, 40))

    def __str__(self) -> str:
        # A file that cannot be read has no line to name (`FILE: unreadable: …`).
        where = f"{self.file}:{self.line}: " if self.line else f"{self.file}: "
        if self.seq is not None:
            where += f"event #{self.seq} ({self.event_type or '?'}): "
        elif self.line == 1:
            where += "header: "
        return f"{where}{self.code}: {self.message}"


MESSAGE_LIMIT = 4000
_UNPRINTABLE = re.compile(r"[^\x20-\x7e]")


def printable(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` as one line of printable characters: others escaped, the whole cut at ``limit``."""
    if len(text) > limit:
        text = text[:limit] + f"… ({len(text) - limit} more characters)"
    if not _UNPRINTABLE.search(text):
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


class LogError(TarotError, ValueError):
    """A log that is not valid; ``code`` is its problem's (:data:`LOG_ERROR_CODES`)."""

    def __init__(self, problem: LogProblem) -> None:
        super().__init__(str(problem))
        self.problem = problem
        self.code = problem.code


# The longest line the reader accepts: a header with long seat names or a settlement
# takes about 1 KB; the limit bounds the memory a hostile file can make the reader take.
MAX_LINE_BYTES = 64 * 1024

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
    "torn_line": "the last line has no end of line (a write interrupted); "
                 "--allow-incomplete and play --resume drop it",
    "line_too_long": f"a line longer than {MAX_LINE_BYTES} bytes (far above any real event)",
    "not_a_regular_file": "a directory, FIFO, device or socket: only regular files are read",
}


def _describe(error: ValidationError) -> str:
    parts = []
    for item in error.errors()[:3]:
        where = ".".join(str(p) for p in item["loc"])
        message = item["msg"]
        if item["type"] == "literal_error" and len(message) > 80:
            shown = repr(item["input"])
            shown = shown if len(shown) <= 40 else shown[:36] + "…"
            message = f"{shown} is not a card code (KH, 10D, T21, EXC…)"
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts)


def _peek(text: str) -> dict[str, Any]:
    """The line as a JSON object, if it is one (to name its seq and type in a problem)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: [[[[…]]]] nested too deep
        return {}
    return data if isinstance(data, dict) else {}


def _first_type(text: str) -> str | None:
    value = _peek(text).get("type")
    return value if isinstance(value, str) else None


def _first_seq(text: str) -> int | None:
    value = _peek(text).get("seq")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


_RULES_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def _rules_for(header: LogHeader, rules: RuleSet | None) -> tuple[str, str] | RuleSet:
    """The rule set the header names, or the (code, message) of why there is none.

    A log names its rules by id; only the rule sets that come with the program
    are looked up (never a path a file could point anywhere, like /dev/zero). A game
    played under a rule file of its player's carries the rule set in its header
    (``rules``), which is read instead, checked like a rule file and by its hash.
    """
    if rules is None and header.rules is not None:
        try:
            rules = rules_from_data(header.rules, "the header's rule set")
        except RulesError as error:
            return "unknown_rules", str(error)
        if rules.id != header.rules_id:
            return "unknown_rules", (f"the header's rule set is {rules.id!r}, its rules_id "
                                     f"{header.rules_id!r}")
    if rules is None:
        name = header.rules_id
        if not _RULES_NAME.fullmatch(name) or name not in known_rule_sets():
            known = ", ".join(known_rule_sets()) or "none"
            return "unknown_rules", f"no rule set is called {name!r} (known: {known})"
        try:
            rules = load_rules(RULES_DIR / f"{name}.toml")  # by path: never a file in the cwd
        except RulesError as error:
            return "unknown_rules", str(error)
    if rules.content_hash != header.rules_hash:
        return "rules_hash_mismatch", (
            f"the log was played under rules {header.rules_id!r} with hash {header.rules_hash}; "
            f"the rule set {rules.id!r} here has hash {rules.content_hash}")
    return rules


def replay_lines(lines: Iterable[str], source: str = "<log>", *,
                 rules: RuleSet | None = None, allow_incomplete: bool = False) -> Game:
    """Rebuild the game a log describes, checking every line; raise LogError at the first fault."""
    return _replay(lines, source, rules, allow_incomplete)[0]


def _replay(lines: Iterable[str], source: str, rules: RuleSet | None,
            allow_incomplete: bool) -> tuple[Game, int]:
    """The game, and how many of its events precede the derived ones the log's end left out."""
    iterator = iter(enumerate(lines, start=1))

    def fail(line: int, code: str, message: str, seq: int | None = None,
             event_type: str | None = None) -> LogError:
        return LogError(LogProblem(source, line, code, message, seq, event_type))

    first = next(iterator, None)
    if first is not None and first[1].startswith("\ufeff"):
        first = (1, first[1][1:])  # a byte order mark (some editors add one) is not content
    if first is None or not first[1].strip():
        raise fail(1, "empty_log", "the log is empty: the first line must be the header")
    try:
        header = HEADER_ADAPTER.validate_json(first[1])
    except ValidationError as error:
        code = "not_json" if error.errors()[0]["type"] == "json_invalid" else "bad_header"
        raise fail(1, code, _describe(error)) from None
    ruleset = _rules_for(header, rules)
    if isinstance(ruleset, tuple):
        raise fail(1, *ruleset)
    if header.shuffle != SHUFFLE_ALGORITHM:
        raise fail(1, "unknown_shuffle",
                   f"shuffle {header.shuffle!r} is not {SHUFFLE_ALGORITHM!r}")
    if header.named_deal is not None:
        for entry in header.named_deal.script:
            try:
                parse_script_entry(entry)
            except NotationError as error:
                raise fail(1, "bad_header", f"named_deal: {error}") from None
    game = Game(header, ruleset)
    tails = _decision_tails(ruleset)
    last_line = 1
    for seq, (number, text) in enumerate(iterator):
        last_line = number
        # A line exactly as the writer writes it (most lines) is taken without the parse:
        # a card, a bid or a chelem call by its bytes, or the event due now (a derived
        # event, a deal from the seed) when the line is that event's. Such bytes are
        # what pydantic would accept; the event is then checked like any other.
        prefix = f'{{"seq": {seq}, '
        if text.startswith(prefix):
            known = tails.get(text[len(prefix):])
            if known is not None:
                try:
                    game.record(known)
                except IllegalAction as error:
                    raise fail(number, error.code, error.message, seq, known.type) from None
                continue
            due = _due_as_written(game, seq, text)
            if due is not None:
                game.record_due(due)
                continue
        if not text.strip():
            raise fail(number, "bad_event", "an empty line where an event should be", seq)
        try:
            line = _validate_line(text)
        except ValidationError as error:
            kind = error.errors()[0]["type"]
            code = "not_json" if kind == "json_invalid" else "bad_event"
            found = _first_seq(text)
            raise fail(number, code, _describe(error), seq if found is None or found < 0 else found,
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
    written = len(game.events)
    game.apply_pending_derived()
    if not allow_incomplete and not game.is_over:
        raise fail(last_line, "incomplete",
                   f"the log ends in the {game.phase} phase, before the settlement")
    return game, written


def _check_seeded_deal(game: Game, event: Deal) -> None:
    header = game.header
    state = game.state
    if header.first_deal == "explicit" and event.deal_number == 0:
        return
    if event.deal_number != state.deal_number or event.dealer != state.dealer:
        return  # not the deal due here at all: Game.record says so (invalid_deal)
    if event != game.seeded_deal(event.deal_number, event.dealer):
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
    header: LogHeader | None = None
    events: list[Event] = []
    for number, text in enumerate(_FileLines(path, source, drop_torn=False).lines, start=1):
        try:
            if header is None:
                header = HEADER_ADAPTER.validate_json(text)
            else:
                events.append(event_from_line(LINE_ADAPTER.validate_json(text)))
        except ValidationError as error:
            code = "not_json" if error.errors()[0]["type"] == "json_invalid" else (
                "bad_header" if header is None else "bad_event")
            raise LogError(LogProblem(source, number, code, _describe(error))) from None
    if header is None:
        raise LogError(LogProblem(source, 1, "empty_log", "the log is empty"))
    return header, events


class _FileLines:
    """The lines of a log file, read and decoded one at a time (so the first fault found
    is the first in the file, and memory does not grow with the file's size).

    Only a regular file is read: a FIFO or a device (``/dev/zero``) could block for
    ever or never end. A line longer than :data:`MAX_LINE_BYTES` is refused before it
    is held whole. The last line is torn when it has no end of line, whatever it
    holds: every line the program writes ends with one, so a line without it is a
    write cut short, even where the part written happens to parse (appending after
    it would glue two events on one line).
    """

    def __init__(self, path: str | Path, source: str, *, drop_torn: bool) -> None:
        self.path = path
        self.source = source
        self.drop_torn = drop_torn
        self.torn: LogProblem | None = None
        self.read = 0  # lines handed out so far
        self.whole_bytes = 0  # the bytes of the file up to the end of the last line handed out

    def _problem(self, line: int, code: str, message: str) -> LogError:
        return LogError(LogProblem(self.source, line, code, message))

    @property
    def lines(self) -> Iterator[str]:
        with _open_regular_file(self.path, self.source) as stream:
            number = 0
            while True:
                try:
                    chunk = stream.readline(MAX_LINE_BYTES + 1)
                except OSError as error:
                    raise self._problem(number + 1, "unreadable",
                                        error.strerror or str(error)) from None
                if not chunk:
                    break
                number += 1
                content = chunk[:-1] if chunk.endswith(b"\n") else chunk
                if len(content) > MAX_LINE_BYTES:
                    raise self._problem(
                        number, "line_too_long",
                        f"a line of more than {MAX_LINE_BYTES} bytes; no event is near as long")
                if content is chunk:
                    if number == 1:  # nothing precedes it: no game to keep
                        raise self._problem(1, "torn_line", "the only line, the header, is cut "
                                            f"short ({len(chunk)} bytes and no end of line)")
                    self.torn = LogProblem(
                        self.source, number, "torn_line",
                        f"the last line is cut short ({len(chunk)} bytes and no end of line): a "
                        "write was interrupted; --allow-incomplete ignores it and tarot play "
                        "--resume removes it", number - 2)
                    break
                if number == 1:
                    content = content.removeprefix(codecs.BOM_UTF8)
                try:
                    text = content.decode("utf-8")
                except UnicodeDecodeError:
                    raise self._problem(number, "not_json",
                                        "not UTF-8 text (a binary file?)") from None
                self.read = number
                self.whole_bytes += len(chunk)
                yield text
        if self.torn is not None and not self.drop_torn:
            raise LogError(self.torn)


def check_regular_file(path: str | Path) -> None:
    """LogError ``not_a_regular_file`` (or ``unreadable``) unless ``path`` is a regular file;
    without opening it."""
    try:
        check_regular(path, "a saved log")
    except ReadError as error:
        raise LogError(LogProblem(error.source, 0, error.code, error.message)) from None


def _open_regular_file(path: str | Path, source: str) -> BinaryIO:
    """``path`` opened for reading, if it is a regular file; else LogError."""
    try:
        return open_regular(path, "a saved log")
    except ReadError as error:
        raise LogError(LogProblem(source, 0, error.code, error.message)) from None


@dataclass(frozen=True)
class LoadedLog:
    """A replayed log file: the game; the torn last line dropped (if any); how many event
    lines the file holds and how many bytes they take (the header and those lines: the
    size to cut a torn file back to); and whether those lines are the game's first events
    (false when the file leaves out derived events before its last line, which the replay
    applies: a decisions-only log)."""

    game: Game
    torn: LogProblem | None
    event_lines: int
    whole_bytes: int
    lines_are_prefix: bool


def load_log(path: str | Path, *, rules: RuleSet | None = None, allow_incomplete: bool = False,
             drop_torn: bool = False) -> LoadedLog:
    """Replay a log file like :func:`read_log`; with ``drop_torn``, a torn last line (a write
    cut short) is dropped and returned instead of refused with ``torn_line``."""
    source = str(path)
    lines = _FileLines(path, source, drop_torn=drop_torn)
    game, written = _replay(lines.lines, source, rules, allow_incomplete)
    event_lines = max(lines.read - 1, 0)
    return LoadedLog(game, lines.torn, event_lines, lines.whole_bytes, written == event_lines)


def read_log(path: str | Path, *, rules: RuleSet | None = None,
             allow_incomplete: bool = False) -> Game:
    """Replay a log file, checking everything; raise LogError naming the first fault."""
    return load_log(path, rules=rules, allow_incomplete=allow_incomplete).game


def write_log(path: str | Path, game: Game, *, overwrite: bool = False) -> None:
    """Write a game's whole log through a temporary file and an atomic rename.

    Raises ``FileExistsError`` if ``path`` exists, unless ``overwrite``.
    """
    write_text_atomic(path, dumps_log(game.header, game.events), overwrite=overwrite)
