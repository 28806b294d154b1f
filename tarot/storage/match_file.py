"""A match: deals played in a row at one table, with a running score sheet.

Each deal is an ordinary deal log, which ``tarot validate``, ``replay`` and ``audit``
read as ever. The match adds an index beside the first deal's log: for the save
``game.jsonl`` it is ``game.match.jsonl``, and deal ``k`` (from 2) is logged in
``game.deal-k.jsonl``. The index is JSON Lines like a log: a header, then one line
per deal, appended (and flushed) before that deal's log is made, so a match killed at
any moment is found whole enough to resume: a deal line without its log gets its log
made; a torn last line is dropped.

A single deal makes no index: the index appears with the second deal (or at the
start, for ``--deals N`` with N > 1).

Deal 1 is dealt from the match's seed, so a shared seed replays it as
``tarot play --seed N`` would; deal ``k`` from :func:`deal_seed`. The deal passes to
the right (R3): each deal is dealt by the seat to the right of the one who dealt the
previous deal's last shuffle (a redeal inside a deal already passed it on).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from annotated_types import Len
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tarot.engine.game import Game
from tarot.errors import TarotError
from tarot.i18n import N_, _
from tarot.said import grouped

# The sheet is score_sheet's; its names stay importable from here, where they were.
from tarot.storage.score_sheet import SheetRow as SheetRow
from tarot.storage.score_sheet import dealer_text as dealer_text
from tarot.storage.score_sheet import redeal_notes as redeal_notes
from tarot.storage.score_sheet import result_text as result_text
from tarot.storage.score_sheet import sheet_lines as sheet_lines
from tarot.storage.score_sheet import sheet_name as sheet_name
from tarot.storage.score_sheet import totals as totals


class MatchError(TarotError, ValueError):
    """A match index that cannot be read, named with its line."""

    code = "bad_match"


class MatchHeader(BaseModel):
    """The first line of a match index."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    format: Literal["tarot-match"] = "tarot-match"
    version: Literal[1] = 1
    seed: int = Field(ge=0)  # deal 1's seed; the others' come from it (deal_seed)
    rules_id: str
    rules_hash: str
    # "person" or a computer player's name, by seat: three, four or five seats.
    players: Annotated[tuple[str, ...], Len(3, 5)]
    deals: int | None = Field(default=None, ge=1)  # the number asked for, None: until stopped


class MatchDeal(BaseModel):
    """One deal of the match: its number, its log (a file name beside the index), the
    seed and the dealer it was dealt from."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    deal: int = Field(ge=1)
    # A file name beside the index, without a folder (a save may be named anything).
    log: str = Field(pattern=r"^[^/\\\x00]+$")
    seed: int = Field(ge=0)
    dealer: int = Field(ge=0, le=4)  # a seat of the match's table (checked against it)

    @field_validator("log")
    @classmethod
    def _a_file_name(cls, name: str) -> str:
        if name in {".", ".."}:
            raise ValueError("a file name, not . or ..")
        return name


def index_path(first_log: Path) -> Path:
    """The match index beside a match's first deal log."""
    return first_log.with_name(first_log.name.removesuffix(".jsonl") + ".match.jsonl")


def deal_log_name(first_log: Path, deal: int) -> str:
    stem = first_log.name.removesuffix(".jsonl")
    return first_log.name if deal == 1 else f"{stem}.deal-{deal}.jsonl"


def deal_seed(match_seed: int, deal: int) -> int:
    """Deal ``deal``'s seed: the match's own for deal 1, then 63 bits of
    SHA-256("tarot-match/SEED/DEAL"), the same on every machine and Python."""
    if deal == 1:
        return match_seed
    digest = hashlib.sha256(f"tarot-match/{match_seed}/{deal}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class MatchIndex:
    path: Path
    header: MatchHeader
    deals: tuple[MatchDeal, ...]
    whole_bytes: int  # the bytes up to the end of the last whole line (a torn one after)

    def log_path(self, entry: MatchDeal) -> Path:
        return self.path.with_name(entry.log)


def header_line(header: MatchHeader) -> str:
    return json.dumps(header.model_dump(mode="json", exclude_none=True), ensure_ascii=False)


def deal_line(entry: MatchDeal) -> str:
    return json.dumps(entry.model_dump(mode="json"), ensure_ascii=False)


# The longest line an index holds is a deal's, about 100 bytes, or a header with long
# player names; the limits bound what a hostile index can make the reader hold.
MAX_INDEX_LINE_BYTES = 4096
MAX_INDEX_DEALS = 100_000


def read_index(path: Path) -> MatchIndex:
    """A match index, checked line by line as it is read (a regular file only, each line
    and the number of deals bounded): the header, then deals 1, 2, … in order, each log a
    file name of its own; at least one deal. A last line without its newline (a write cut
    short) is left out."""
    from tarot.files.reading import LineError, ReadError, bounded_lines, open_regular

    try:
        stream = open_regular(path, "a match index")
    except ReadError as error:
        raise MatchError(str(error)) from None
    header: MatchHeader | None = None
    deals: list[MatchDeal] = []
    whole = 0
    with stream:
        try:
            for number, chunk in bounded_lines(stream, str(path), MAX_INDEX_LINE_BYTES):
                if not chunk.endswith(b"\n"):
                    if header is None:
                        raise MatchError(_("{path}:1: the header line is cut short ({bytes} "
                                           "bytes and no end of line): no match to read").format(
                                               path=path, bytes=len(chunk)))
                    break  # a torn last line: left out
                line = chunk.decode("utf-8", errors="replace")
                if header is None:
                    try:
                        header = MatchHeader.model_validate_json(line)
                    except ValidationError as error:
                        raise MatchError(_("{path}:1: not a match header: {problem}").format(
                            path=path, problem=_first(error))) from None
                else:
                    deals.append(_deal_entry(path, number, line, header, deals))
                whole += len(chunk)
        except LineError as error:
            message = (_("{problem}; no line of a match index is near as long").format(
                problem=error.message) if error.code == "line_too_long" else error.message)
            raise MatchError(f"{path}:{error.line}: {message}") from None
    if header is None:
        raise MatchError(_("{path}:1: an empty match file: the first line must be its "
                           "header").format(path=path))
    if not deals:
        raise MatchError(_("{path}:2: a match index with no deal: its first deal's line is "
                           "missing (the program writes the header and deal 1 together)"
                           ).format(path=path))
    return MatchIndex(path, header, tuple(deals), whole)


def _deal_entry(path: Path, number: int, line: str, header: MatchHeader,
                deals: list[MatchDeal]) -> MatchDeal:
    """Line ``number`` of the index, the deal that follows ``deals``; MatchError if not."""
    if len(deals) >= MAX_INDEX_DEALS:
        raise MatchError(_("{path}:{line}: more than {most} deals; no match is near as "
                           "long").format(path=path, line=number,
                                          most=grouped(MAX_INDEX_DEALS).shown))
    try:
        entry = MatchDeal.model_validate_json(line)
    except ValidationError as error:
        raise MatchError(_("{path}:{line}: not a deal line: {problem}").format(
            path=path, line=number, problem=_first(error))) from None
    if entry.dealer >= len(header.players):
        raise MatchError(_("{path}:{line}: deal {deal} is dealt by seat {dealer}, and the "
                           "match's table has {count} seats").format(
                               path=path, line=number, deal=entry.deal, dealer=entry.dealer,
                               count=len(header.players)))
    if entry.deal != len(deals) + 1:
        raise MatchError(_("{path}:{line}: deal {deal} where deal {due} was due").format(
            path=path, line=number, deal=entry.deal, due=len(deals) + 1))
    if entry.seed != deal_seed(header.seed, entry.deal):
        raise MatchError(_("{path}:{line}: deal {deal}'s seed is {seed}, not the match's "
                           "{due}").format(path=path, line=number, deal=entry.deal,
                                           seed=entry.seed,
                                           due=deal_seed(header.seed, entry.deal)))
    if any(entry.log == other.log for other in deals) or entry.log == path.name:
        raise MatchError(_("{path}:{line}: the log {log} is named twice").format(
            path=path, line=number, log=entry.log))
    return entry


def _first(error: ValidationError) -> str:
    problem = error.errors()[0]
    where = ".".join(str(p) for p in problem["loc"])
    return f"{where}: {problem['msg']}" if where else problem["msg"]


def is_match_file(path: Path) -> bool:
    """Whether the file's first line is a match header (not a deal log's). Only a regular
    file is opened (a FIFO would block)."""
    from tarot.files.reading import ReadError, open_regular

    try:
        with open_regular(path, "a match index") as stream:
            first = stream.readline(MAX_INDEX_LINE_BYTES)
    except (ReadError, OSError):
        return False
    return b'"tarot-match"' in first


def start_index(path: Path, header: MatchHeader, first: MatchDeal) -> MatchIndex:
    """A new match index holding its header and its first deal, made whole or not at all;
    the index (not read back: it is what was written)."""
    from tarot.files.atomic import write_text_atomic

    text = header_line(header) + "\n" + deal_line(first) + "\n"
    write_text_atomic(path, text)
    return MatchIndex(path, header, (first,), len(text.encode()))


def append_deal(index: MatchIndex, entry: MatchDeal) -> MatchIndex:
    """Add a deal's line to the index (flushed and synced before its log is made); the
    index with it. MatchError, and nothing written, for a deal past MAX_INDEX_DEALS (the
    reader would refuse the index) or out of turn."""
    if len(index.deals) >= MAX_INDEX_DEALS:
        raise MatchError(_("{path}: a match holds at most {most} deals").format(
            path=index.path, most=grouped(MAX_INDEX_DEALS).shown))
    if entry.deal != len(index.deals) + 1:
        raise MatchError(_("{path}: deal {deal} where deal {due} is due").format(
            path=index.path, deal=entry.deal, due=len(index.deals) + 1))
    line = (deal_line(entry) + "\n").encode()
    fd = os.open(index.path, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        os.truncate(fd, index.whole_bytes)  # a torn last line goes first
        os.lseek(fd, 0, os.SEEK_END)
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)
    # Not read again: a long match would read its whole index at every deal.
    return MatchIndex(index.path, index.header, (*index.deals, entry),
                      index.whole_bytes + len(line))


@dataclass(frozen=True)
class LoadedMatch:
    index: MatchIndex
    games: tuple[Game, ...]  # by deal; the last may be in progress

    def sheet_rows(self) -> list[SheetRow]:
        return [SheetRow.of(entry.deal, entry.dealer, game)
                for entry, game in zip(self.index.deals, self.games, strict=True)
                if game.settlement is not None]


def sheet_rows_so_far(index: MatchIndex, last: Game) -> list[SheetRow]:
    """The sheet's rows of a match in progress: the deals before the last read from their
    logs (once: a match keeps its rows from deal to deal after that), the last given."""
    from tarot.log import load_log

    earlier = [load_log(index.log_path(entry)).game for entry in index.deals[:-1]]
    return LoadedMatch(index, (*earlier, last)).sheet_rows()


# What a deal's log and the match index may disagree on, and how the refusal says it.
_DISAGREEMENTS = {
    "seed": N_("{path}: the deal's seed is {log}, the match says {index} (deal {deal})"),
    "dealer": N_("{path}: the deal's dealer is {log}, the match says {index} (deal {deal})"),
    "rules": N_("{path}: the deal's rules is {log}, the match says {index} (deal {deal})"),
}


def load_match(path: Path, *, allow_incomplete: bool = False) -> LoadedMatch:
    """A match checked whole: its index, then each deal's log (validated as any log), each
    log's header agreeing with its line (seed, dealer, rules, players), the deal passing to
    the right from one deal to the next, and every deal but the last over (the last too,
    unless ``allow_incomplete``). A fault raises MatchError (or LogError, for a deal's log)."""
    from tarot.log import load_log

    index = read_index(path)
    games: list[Game] = []
    for position, entry in enumerate(index.deals):
        log = index.log_path(entry)
        last = position == len(index.deals) - 1
        if not log.exists() and last and position > 0:
            if allow_incomplete:
                break  # the match stopped between the deal's line and its log
            raise MatchError(_("{path}: deal {deal} has no log yet: the match stopped between "
                               "its line and its log (in progress: play --resume goes on, "
                               "--allow-incomplete accepts it)").format(path=log,
                                                                        deal=entry.deal))
        game = load_log(log, allow_incomplete=last and allow_incomplete,
                        drop_torn=last and allow_incomplete).game
        header = game.header
        said = {"seed": (header.seed, entry.seed),
                "dealer": (header.first_dealer, entry.dealer),
                "rules": (header.rules_hash, index.header.rules_hash)}
        for what, (log_says, index_says) in said.items():
            if log_says != index_says:
                raise MatchError(_(_DISAGREEMENTS[what]).format(
                    path=log, log=log_says, index=index_says, deal=entry.deal))
        if header.players is not None and header.players != index.header.players:
            raise MatchError(_("{path}: the deal's players {log} are not the match's "
                               "{index}").format(path=log, log=list(header.players),
                                                 index=list(index.header.players)))
        if games:
            due = (games[-1].state.dealer + 1) % games[-1].rules.players
            if entry.dealer != due:
                raise MatchError(_("{path}: deal {deal} is dealt by seat {dealer}; the deal "
                                   "passes to the right, to seat {due}").format(
                                       path=path, deal=entry.deal, dealer=entry.dealer, due=due))
        if not game.is_over and not (last and allow_incomplete):
            raise MatchError(_("{path}: deal {deal} is not over, and a later deal follows"
                               ).format(path=log, deal=entry.deal) if not last else
                             _("{path}: the match's last deal is not over").format(path=log))
        games.append(game)
    return LoadedMatch(index, tuple(games))


def match_schema() -> dict[str, object]:
    """The JSON Schema (Draft 2020-12) of one line of a match index: its header, or a
    deal's line."""
    from pydantic import TypeAdapter

    from tarot.log import lines_schema

    return lines_schema(
        "tarot match index line", "One line of a match index (NAME.match.jsonl, JSON "
        "Lines): the first line is the header, every other line one deal, whose log is the "
        "file it names beside the index.",
        {"header": TypeAdapter(MatchHeader), "deal": TypeAdapter(MatchDeal)})
