"""Replaying a log: every line checked against the schema, then by the rules.

The events go through ``Game.record``, which checks each decision against the rules
and recomputes each derived event. :func:`read_log` stops at the first problem and
names it as ``FILE:LINE: event #SEQ (TYPE): CODE: message``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tarot.engine.deal import SHUFFLE_ALGORITHM
from tarot.engine.events import Deal, Event, LogHeader, Undo
from tarot.engine.evolve import check_deal
from tarot.engine.game import Game
from tarot.engine.notation import NotationError, parse_script_entry
from tarot.engine.phase_table import phase_said
from tarot.engine.rule_files import known_rule_sets, load_packaged_rules
from tarot.engine.rules import RulesError, RuleSet, rules_from_data
from tarot.engine.walk import Before, Walk
from tarot.engine.walk import walk as walk_game
from tarot.errors import IllegalAction
from tarot.i18n import N_, _, pgettext
from tarot.log.codec import event_from_line, header_adapter, line_adapter, validate_line
from tarot.log.fast_paths import decision_tails, due_as_written
from tarot.log.files import FileLines
from tarot.log.problems import LogError, LogProblem
from tarot.said import Said, in_english

# pydantic's most common words about a line, in the person's language (pydantic speaks
# English only); the English stays pydantic's own, for --json.
_PYDANTIC_WORDS = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer"),
    "string_type": N_("Input should be a valid string"),
    "bool_type": N_("Input should be a valid boolean"),
    "list_type": N_("Input should be a valid list"),
    "model_type": N_("Input should be an object"),
    "dict_type": N_("Input should be an object"),
}


def _pydantic_shown(item: Any) -> str:
    """pydantic's message about one thing wrong, in the person's language when it is one
    of its common ones, else as pydantic says it."""
    kind, ctx, english = item["type"], item.get("ctx") or {}, item["msg"]
    if kind in _PYDANTIC_WORDS and english == _PYDANTIC_WORDS[kind]:
        return _(_PYDANTIC_WORDS[kind])
    if kind == "json_invalid" and "error" in ctx:
        return _("Invalid JSON: {error}").format(error=ctx["error"])
    if kind == "less_than_equal" and "le" in ctx:
        return _("Input should be less than or equal to {le}").format(le=ctx["le"])
    if kind == "greater_than_equal" and "ge" in ctx:
        return _("Input should be greater than or equal to {ge}").format(ge=ctx["ge"])
    if kind == "union_tag_invalid" and {"tag", "discriminator", "expected_tags"} <= set(ctx):
        return _("Input tag {tag} found using {discriminator} does not match any of the "
                 "expected tags: {expected_tags}").format(
            tag=repr(ctx["tag"]), discriminator=ctx["discriminator"],
            expected_tags=ctx["expected_tags"])
    return str(english)


def _describe(error: ValidationError) -> Said:
    """pydantic's own words for what is wrong (as it says them), but for ours."""
    parts: list[Said] = []
    for item in error.errors()[:3]:
        where = ".".join(str(p) for p in item["loc"])
        message = Said.pair(item["msg"], _pydantic_shown(item))
        if item["type"] == "literal_error" and len(message) > 80:
            shown = repr(item["input"])
            shown = shown if len(shown) <= 40 else shown[:36] + "…"
            message = Said(N_("{value} is not a card code (KH, 10D, T21, EXC…)"), value=shown)
        parts.append(Said.pair(f"{where}: {message}",
                               _("{field}: {problem}").format(field=where,
                                                              problem=message.shown))
                     if where else message)
    separator = pgettext("between the problems of one line", "; ")
    return Said.pair("; ".join(parts), separator.join(part.shown for part in parts))


def _undo_placed(undo: Undo, placed: Sequence[int], seq: int) -> Undo:
    """``undo`` naming the game's event that its ``to``, an earlier line's seq, is; a ``to``
    that is no earlier line is refused as the game refuses a bad target."""
    if not 0 <= undo.to < seq:
        raise IllegalAction("bad_undo", N_("event #{to} is not a decision in force in the "
                                           "deal in progress"), fields={"to": undo.to})
    return Undo(to=placed[undo.to])


def _refusal(error: IllegalAction) -> Said:
    """A refusal of the rules: its message as the log names the seats (P0…P3), in English
    for ``--json`` and as the rules render it for a person."""
    return Said.pair(in_english(error.render), error.render())


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
            return "unknown_rules", Said(N_("the header's rule set is {id!r}, its rules_id "
                                            "{rules_id!r}"), id=rules.id,
                                         rules_id=header.rules_id)
    if rules is None:
        name = header.rules_id
        if not _RULES_NAME.fullmatch(name) or name not in known_rule_sets():
            if not known_rule_sets():
                return "unknown_rules", Said(N_("no rule set is called {name!r} (known: none)"),
                                             name=name)
            return "unknown_rules", Said(N_("no rule set is called {name!r} (known: {known})"),
                                         name=name, known=", ".join(known_rule_sets()))
        try:
            rules = load_packaged_rules(name)  # by id: never a file in the cwd
        except RulesError as error:
            return "unknown_rules", str(error)
    if rules.content_hash != header.rules_hash:
        return "rules_hash_mismatch", Said(N_(
            "the log was played under rules {rules_id!r} with hash {log_hash}; the rule set "
            "{id!r} here has hash {hash}"), rules_id=header.rules_id, log_hash=header.rules_hash,
            id=rules.id, hash=rules.content_hash)
    return rules


def header_misfit(header: LogHeader) -> Said | None:
    """What in the header does not fit its table size (``table_size``, four when left out):
    the seats' names, the players, the first dealer; None when all fit."""
    size = header.size
    for name, value in (("seats", header.seats), ("players", header.players)):
        if value is not None and len(value) != size:
            return Said(N_("{field} names {count} seats; the table has {size} (table_size, "
                           "left out at 4)"), field=name, count=len(value), size=size)
    if header.first_dealer >= size:
        return Said(N_("first_dealer is {seat}; the seats of a table of {size} are 0 to "
                       "{last}"), seat=header.first_dealer, size=size, last=size - 1)
    return None


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
        raise fail(1, "empty_log",
                   Said(N_("the log is empty: the first line must be the header")))
    try:
        header = header_adapter().validate_json(first[1])
    except ValidationError as error:
        code = "not_json" if error.errors()[0]["type"] == "json_invalid" else "bad_header"
        raise fail(1, code, _describe(error)) from None
    misfit = header_misfit(header)
    if misfit is not None:
        raise fail(1, "bad_header", misfit)
    ruleset = _rules_for(header, rules)
    if isinstance(ruleset, tuple):
        raise fail(1, *ruleset)
    if ruleset.players != header.size:
        raise fail(1, "table_size_mismatch", Said(N_(
            "the header says a table of {size} (table_size, left out at 4); the rule set "
            "{id!r} is for {players} players"), size=header.size, id=ruleset.id,
            players=ruleset.players))
    if header.shuffle != SHUFFLE_ALGORITHM:
        raise fail(1, "unknown_shuffle", Said(N_("shuffle {shuffle!r} is not {known!r}"),
                                              shuffle=header.shuffle, known=SHUFFLE_ALGORITHM))
    if header.named_deal is not None:
        for entry in header.named_deal.script:
            try:
                parse_script_entry(entry)
            except NotationError as error:
                raise fail(1, "bad_header", Said.pair(f"named_deal: {error}",
                                                      f"named_deal: {error}")) from None
    game = Game(header, ruleset)
    tails = decision_tails(ruleset)
    last_line = 1
    # Each line's place among the game's events: its seq, unless the log leaves out derived
    # events (the game adds them), where an undo's ``to`` (a line's seq) is placed by it.
    placed: list[int] = []
    for seq, (number, text) in enumerate(iterator):
        last_line = number
        placed.append(len(game.events))  # the line's event is the last once recorded
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
                    raise fail(number, error.code, _refusal(error), seq, known.type) from None
                placed[seq] = len(game.events) - 1
                continue
            due = due_as_written(game, seq, text)
            if due is not None:
                game.record_due(due)
                placed[seq] = len(game.events) - 1
                continue
        if not text.strip():
            raise fail(number, "bad_event",
                       Said(N_("an empty line where an event should be")), seq)
        try:
            line = validate_line(text)
        except ValidationError as error:
            kind = error.errors()[0]["type"]
            code = "not_json" if kind == "json_invalid" else "bad_event"
            found = _first_seq(text)
            raise fail(number, code, _describe(error), seq if found is None or found < 0 else found,
                       _first_type(text)) from None
        event_type = line.type
        if line.seq != seq:
            raise fail(number, "bad_seq",
                       Said(N_("seq is {found}; this is event #{seq}"), found=line.seq, seq=seq),
                       line.seq, event_type)
        event = event_from_line(line)
        logged = event
        try:
            if isinstance(event, Undo):
                event = _undo_placed(event, placed, seq)
            if isinstance(event, Deal):
                game.apply_pending_derived()  # a redeal the log leaves out comes first
                # A deal that does not fit the table (its hands, its cards) is said so before
                # it is compared with the seed's.
                check_deal(game.state, event)
                _check_seeded_deal(game, event)
            game.record(event)
        except IllegalAction as error:
            if isinstance(logged, Undo) and "to" in error.fields:  # named as the log names it
                error.fields["to"] = logged.to
            raise fail(number, error.code, _refusal(error), seq, event_type) from None
        placed[seq] = len(game.events) - 1  # after the derived events record() added
    written = len(game.events)
    game.apply_pending_derived()
    if not allow_incomplete and not game.is_over:
        raise fail(last_line, "incomplete",
                   Said(N_("the log ends in the {phase} phase, before the settlement"),
                        phase=phase_said(game.phase)))
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
            "deal_mismatch", N_("deal number {number} is not the one seed {seed} gives with "
                                "{shuffle}"),
            fields={"number": event.deal_number, "seed": header.seed,
                    "shuffle": header.shuffle})


def read_events(path: str | Path) -> tuple[LogHeader, list[Event]]:
    """A log's header and events, checked against the schema only (not replayed).

    For re-scoring a log under rules that have changed since it was played;
    :func:`read_log` is the full check.
    """
    source = str(path)
    header: LogHeader | None = None
    events: list[Event] = []
    for number, text in enumerate(FileLines(path, source, drop_torn=False).lines, start=1):
        try:
            if header is None:
                header = header_adapter().validate_json(text)
                misfit = header_misfit(header)
                if misfit is not None:
                    raise LogError(LogProblem(source, number, "bad_header", misfit))
            else:
                events.append(event_from_line(line_adapter().validate_json(text)))
        except ValidationError as error:
            code = "not_json" if error.errors()[0]["type"] == "json_invalid" else (
                "bad_header" if header is None else "bad_event")
            raise LogError(LogProblem(source, number, code, _describe(error))) from None
    if header is None:
        raise LogError(LogProblem(source, 1, "empty_log", Said(N_("the log is empty"))))
    return header, events


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
    lines = FileLines(path, source, drop_torn=drop_torn)
    game, written = _replay(lines.lines, source, rules, allow_incomplete)
    event_lines = max(lines.read - 1, 0)
    return LoadedLog(game, lines.torn, event_lines, lines.whole_bytes, written == event_lines)


def read_log(path: str | Path, *, rules: RuleSet | None = None,
             allow_incomplete: bool = False) -> Game:
    """Replay a log file, checking everything; raise LogError naming the first fault."""
    return load_log(path, rules=rules, allow_incomplete=allow_incomplete).game


def walk(path: str | Path, *, rules: RuleSet | None = None, allow_incomplete: bool = False,
         before: Before | None = None) -> Walk:
    """The steps of a log file's game (:mod:`tarot.engine.walk`), once :func:`read_log` has
    checked it all: a log that fails raises LogError before the first step."""
    return walk_game(read_log(path, rules=rules, allow_incomplete=allow_incomplete),
                     before=before)
