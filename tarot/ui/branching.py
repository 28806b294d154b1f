"""``tarot play --from LOG --at SEQ``: a new game whose deal and events up to a moment are
another log's, played on from there with the person in a seat of their choice.

The moment is an event's number (its ``seq``, as ``tarot replay`` prints it) or the start
of a trick (``trick N``, ``pli N``); it must be a seat's decision, so that the copy stops
where somebody is to choose. The new game's header is the log's (the rules, the seed and
its shuffle, the first deal, a named deal's record) with who sits where now and
``branched_from``; :mod:`tarot.ui.session` saves it and plays it as a new game. Nothing
here prints, reads a key or imports click: a refusal is a :class:`BranchError`.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path

from tarot.engine.events import (
    ACTION_TYPES,
    BranchRecord,
    Event,
    Play,
    Poignee,
    Redeal,
    TrickTaken,
)
from tarot.engine.game import Game, in_force
from tarot.errors import TarotError
from tarot.i18n import N_, _, ngettext
from tarot.log import load_log
from tarot.storage.match_file import is_match_file, read_index
from tarot.storage.named_deals import Script, SeedError
from tarot.ui.table_view import SEAT_NAMES_BY_SIZE

_TRICK = re.compile(r"(?:trick|pli)\s*([0-9]+)", re.IGNORECASE)


class BranchError(TarotError):
    """A moment that cannot be played on from; ``code`` says why (``at_not_a_moment``,
    ``at_beyond_end``, ``at_not_a_decision``, ``at_no_such_trick``, ``from_match``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class TrickStart:
    """``--at trick N``: the moment trick ``number`` (from 1) begins."""

    number: int


@dataclass(frozen=True)
class BranchPoint:
    """Where to play on from: the log (its real path) replayed, the number of its first
    event not copied, and the person's seat from there (None: computer players only)."""

    source: Path
    game: Game
    seq: int
    person: int | None = None


def parse_at(text: str) -> int | TrickStart:
    """``--at``'s value: an event's number, or ``trick N`` (``pli N``) with N from 1."""
    words = text.strip()
    if re.fullmatch(r"[0-9]+", words):  # ASCII digits (str.isdigit takes "²" too)
        return int(words)
    trick = _TRICK.fullmatch(words)
    if trick is not None and int(trick[1]) >= 1:
        return TrickStart(int(trick[1]))
    raise BranchError("at_not_a_moment", _(
        "--at {at}: not a moment of the deal; give an event's number (as tarot replay "
        "numbers them) or trick N (pli N), N from 1").format(at=text))


def branch_point(path: Path, at: str) -> BranchPoint:
    """The log ``path`` replayed (a game in progress too) and the moment ``at`` names in it,
    checked: a seat's decision, within the log."""
    if is_match_file(path):
        deals = ", ".join(entry.log for entry in read_index(path).deals)
        raise BranchError("from_match", _(
            "--from {path}: a match's index, not a deal; play on from one of its deals' "
            "logs: {logs}").format(path=path, logs=deals))
    # A torn last line (a write cut short) is dropped: the log up to it is whole.
    game = load_log(path, allow_incomplete=True, drop_torn=True).game
    moment = parse_at(at)
    seq = moment if isinstance(moment, int) else trick_start(game, moment.number, at)
    check_decision(game, seq, at)
    return BranchPoint(source=path.resolve(), game=game, seq=seq)


def trick_start(game: Game, number: int, at: str) -> int:
    """The number of trick ``number``'s first event: its leader's first card, or a poignée
    shown just before it (the first trick: the leader's poignée is part of it)."""
    tricks = game.rules.deal.hand_size
    if number > tricks:
        raise BranchError("at_no_such_trick", _(
            "--at {at}: a deal of this table has {tricks} tricks").format(at=at, tricks=tricks))
    taken = 0
    # A practice log's take-backs void events: the trick begins in the history as it stands.
    for seq in in_force(game.events):
        event = game.events[seq]
        if isinstance(event, Redeal):
            taken = 0
        elif isinstance(event, TrickTaken):
            taken += 1
        elif isinstance(event, (Play, Poignee)) and taken == number - 1:
            return seq
    if game.turn is not None and taken == number - 1 and _card_due(game):
        return len(game.events)  # a game in progress that stops as that trick begins
    raise BranchError("at_no_such_trick", ngettext(
        "--at {at}: the log stops before that trick (it has {taken} trick taken)",
        "--at {at}: the log stops before that trick (it has {taken} tricks taken)", taken)
        .format(at=at, taken=taken))


def _card_due(game: Game) -> bool:
    return any(isinstance(action, (Play, Poignee)) for action in game.legal_actions())


def check_decision(game: Game, seq: int, at: str) -> None:
    """Refuse a moment that is not a seat's decision in ``game``: past the log's end, a
    settled deal's end, or an event that follows from others (a deal, a trick taken)."""
    events = game.events
    if seq > len(events) or (seq == len(events) and game.turn is None):
        if game.is_over:
            raise BranchError("at_beyond_end", _(
                "--at {at}: the deal is over at event {last} (its settlement); play on from "
                "a decision before it").format(at=at, last=len(events) - 1))
        raise BranchError("at_beyond_end", _(
            "--at {at}: the log stops at event {last}").format(at=at, last=len(events) - 1))
    # A branch starts where a seat is to choose (ACTION_TYPES): a deal is the seed's or the
    # log's, and a derived event follows from what came before.
    if seq < len(events) and not isinstance(events[seq], ACTION_TYPES):
        nearest = _next_decision(events, seq)
        said = (_("--at {at}: event {seq} is {what}, not a seat's decision; the next "
                  "decision is event {next}") if nearest is not None else
                _("--at {at}: event {seq} is {what}, not a seat's decision, and no "
                  "decision follows it"))
        kind = events[seq].type
        what = _(EVENT_WORDS[kind]) if kind in EVENT_WORDS else kind
        raise BranchError("at_not_a_decision", said.format(
            at=at, seq=seq, what=what, next=nearest))


# The events that are no seat's decision, as --at's refusal names them.
EVENT_WORDS = {
    "deal": N_("the deal (the cards dealt)"),
    "chien_shown": N_("the chien shown"),
    "partner_revealed": N_("the partner revealed"),
    "trick": N_("a trick taken"),
    "redeal": N_("a redeal"),
    "settlement": N_("the settlement"),
    "undo": N_("a take-back"),
}


def _next_decision(events: list[Event], seq: int) -> int | None:
    return next((index for index in range(seq, len(events))
                 if isinstance(events[index], ACTION_TYPES)), None)


def person_seat(game: Game) -> int:
    """The seat a person takes in a branch unless told, and the one `tarot review` reviews:
    the log's person's, else South."""
    return min(game.person_seats(), default=0)


def branched_game(point: BranchPoint, level: str, practice: bool = False
                  ) -> tuple[Game, tuple[str, ...], Script | None]:
    """The new game: the log's header with who sits where now and where it branched from,
    and the log's events before ``point.seq``, each checked again as a log's are; who sits
    where; and a named deal's script caught up, as a resumed game's is. A practice game
    when ``practice`` (--practice). Of a practice log only the events still in force at
    that moment are copied: the history as it stood, without the take-backs (an undo names
    the person's seat of the log, which may be a computer player's in the branch)."""
    source = point.game
    size = source.rules.players
    players = tuple("person" if seat == point.person else level for seat in range(size))
    # The header's seat names say who sits there, as a new game's do (in English: a log
    # is language-neutral); the log's said who sat there then.
    seats = tuple(f"{name} ({kind})"
                  for name, kind in zip(SEAT_NAMES_BY_SIZE[size], players, strict=True))
    header = dataclasses.replace(
        source.header, seats=seats, players=players,
        # One deal: the log may be deal 1 of a match, the branch is not a match.
        match_deals=None,
        branched_from=BranchRecord(log=str(point.source), seq=point.seq),
        practice=True if practice else None)
    game = Game(header, source.rules)
    before = source.events[:point.seq]
    for seq in in_force(before):
        game.record(before[seq])
    # Cut before a decision, so every event that follows from the ones copied is copied.
    assert game.turn is not None
    script = None
    named = header.named_deal
    if named is not None:
        try:
            script = Script(named.script, person=point.person)
        except SeedError as error:  # the log was read: its script parses
            raise BranchError("bad_named_deal", str(error)) from None
        script.catch_up(game)
    return game, players, script
