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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from annotated_types import Len
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tarot.engine.events import Redeal, Settlement
from tarot.engine.game import Game
from tarot.errors import TarotError
from tarot.i18n import N_, _, ngettext, pgettext
from tarot.said import grouped


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


# -- the score sheet ---------------------------------------------------------


@dataclass(frozen=True)
class SheetRow:
    deal: int
    dealer: int  # the seat that dealt first (the index's), before any redeal
    settlement: Settlement
    dealt_by: int  # the seat that dealt the deal played: a redeal passes it to the right
    redeals: tuple[str, ...] = ()  # each redeal's reason, in order ("all_passed", "petit_sec")

    @classmethod
    def of(cls, deal: int, dealer: int, game: Game) -> SheetRow:
        """The row of a settled deal ``game``, first dealt by ``dealer``."""
        assert game.settlement is not None, "only a settled deal has a row"
        return cls(deal, dealer, game.settlement, game.state.dealer,
                   tuple(e.reason for e in game.events if isinstance(e, Redeal)))


def totals(rows: Iterable[SheetRow], seats: int | None = None) -> list[int]:
    """Each seat's score over the rows (they sum to zero), at a table of ``seats`` (by
    default the rows', four when there is none)."""
    rows = list(rows)
    sums = [0] * (seats or (len(rows[0].settlement.scores) if rows else 4))
    for row in rows:
        for seat, score in enumerate(row.settlement.scores):
            sums[seat] += score
    return sums


def result_text(settlement: Settlement) -> str:
    """A deal's result on the score sheet: ``made by 12``, ``failed by 3`` (in French
    ``fait de 12``, ``chuté de 3``)."""
    return _difference_text(settlement.contract_made, settlement.difference)


def bonus_words(settlement: Settlement) -> list[str]:
    """The bonuses a deal scored, in short words for the sheet's Result column: ``chelem``,
    ``double poignée``, ``petit au bout (defence)``; none for most deals."""
    chelems = {"declared_made": pgettext("sheet", "chelem"),
               "undeclared_made": pgettext("sheet", "chelem"),
               "declared_failed": pgettext("sheet", "chelem failed"),
               "defence_made": pgettext("sheet", "defence chelem")}
    poignees = {"simple": pgettext("sheet", "simple poignée"),
                "double": pgettext("sheet", "double poignée"),
                "triple": pgettext("sheet", "triple poignée")}
    words = [chelems.get(c.kind, pgettext("sheet", "chelem")) for c in settlement.chelem]
    words += [poignees.get(p.level, pgettext("sheet", "poignée")) for p in settlement.poignees]
    if settlement.petit_au_bout == "taker":
        words.append(pgettext("sheet", "petit au bout"))
    elif settlement.petit_au_bout == "defence":
        words.append(pgettext("sheet", "petit au bout (defence)"))
    return words


SHEET_WIDTH = 80  # the sheet fits a terminal of 80 columns


def _joined(words: list[str], width: int) -> list[str]:
    """``words`` joined by commas into lines of at most ``width`` columns, each item whole
    (a line longer only for an item longer than ``width``)."""
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 2 + len(word) <= width - 1:
            lines[-1] += f", {word}"
        else:
            if lines:
                lines[-1] += ","
            lines.append(word)
    return lines


def _difference_text(made: bool, difference: int) -> str:
    return (_("made by {difference}") if made else
            _("failed by {difference}")).format(difference=difference)


# Each redeal's reason, and the note under the sheet that says it.
_REDEAL_NOTES = {
    "all_passed": N_("* Deal {deal}: {dealer} dealt, all passed; the deal passed to {next}."),
    "petit_sec": N_("* Deal {deal}: {dealer} dealt, a petit sec; the deal passed to {next}."),
}


def dealer_text(row: SheetRow, names: Sequence[str]) -> str:
    """Who dealt the deal played, from the first dealer when redeals moved it on:
    ``West``, or ``South→West``."""
    if not row.redeals:
        return names[row.dealt_by]
    return "→".join(names[(row.dealer + step) % len(names)]
                    for step in range(len(row.redeals) + 1))


def redeal_notes(row: SheetRow, names: Sequence[str]) -> list[str]:
    """A line a redeal of the row's deal: who dealt, why it was dealt again, to whom the
    deal passed (R5, A17: the deal passes to the right); redeals in a row for the same
    reason in one line, which names the dealers in turn (a table of strong players may
    pass four times: four lines a deal would push the result off a screen of 24)."""
    # The person's seat is "You" on the sheet's head, and inside a sentence as a person
    # writes it there ("vous" in French; "You" in English, as before).
    inside = {pgettext("seat", "You"): pgettext("seat inside a sentence", "You")}

    def name(seat: int) -> str:
        return inside.get(names[seat % len(names)], names[seat % len(names)])

    notes = []
    step = 0
    while step < len(row.redeals):
        reason = row.redeals[step]
        run = 1
        while step + run < len(row.redeals) and row.redeals[step + run] == reason:
            run += 1
        first = row.dealer + step
        if run == 1:
            notes.append(_(_REDEAL_NOTES[reason]).format(
                deal=row.deal, dealer=name(first), next=name(first + 1)))
        else:
            dealers = "→".join(name(first + turn) for turn in range(run + 1))
            said = (ngettext("* Deal {deal}: all passed {count} time, dealt by {dealers}.",
                             "* Deal {deal}: all passed {count} times, dealt by {dealers}.",
                             run) if reason == "all_passed" else
                    ngettext("* Deal {deal}: a petit sec {count} time, dealt by {dealers}.",
                             "* Deal {deal}: a petit sec {count} times, dealt by {dealers}.",
                             run))
            notes.append(said.format(deal=row.deal, count=run, dealers=dealers))
        step += run
    return notes


def sheet_name(name: str) -> str:
    """A seat's name in a narrow column of the sheet: a compound name by its initials
    (North-East ``NE``, Nord-Ouest ``NO``), another whole."""
    parts = name.split("-")
    return "".join(part[:1] for part in parts) if len(parts) > 1 else name


def sheet_lines(rows: list[SheetRow], names: tuple[str, ...],
                contract_names: dict[str, str]) -> list[str]:
    """The score sheet: a row a deal, then the running totals (which sum to zero). The
    Dealer column names the seat that dealt the deal played, starred when a redeal moved
    the deal on, with a note under the sheet for each redeal. At five seats, where the
    columns would not fit 80, the seats go by their short names (``NE``) and the Dealer
    column is left out (the notes still name who dealt when a redeal moved the deal)."""
    full_names = names
    lines = _sheet_lines(rows, names, contract_names, dealer_column=True)
    if len(lines[1]) > SHEET_WIDTH and len(names) > 4:
        names = tuple(sheet_name(name) for name in names)
        lines = _sheet_lines(rows, names, contract_names, dealer_column=False)
    notes: list[str] = []
    for row in rows:
        notes += redeal_notes(row, full_names)
    return lines + notes


def _sheet_lines(rows: list[SheetRow], names: tuple[str, ...],
                 contract_names: dict[str, str], *, dealer_column: bool) -> list[str]:
    """The sheet's head, rows and totals (no notes), with or without the Dealer column."""
    star = 1 if any(row.redeals for row in rows) and dealer_column else 0
    width = max(6, *(len(n) + star for n in names))  # a seat's score
    words = {"deal": pgettext("score sheet column", "Deal"),
             "dealer": pgettext("score sheet column", "Dealer"),
             "taker": pgettext("score sheet column", "Taker"),
             "contract": pgettext("score sheet column", "Contract"),
             "result": pgettext("score sheet column", "Result"),
             "total": pgettext("score sheet row", "Total")}
    # Each column as wide as its heading and its widest entry: a deal's number, a seat's
    # name, the rule file's contract names (short: "Garde sans"), a result of two digits.
    deal_width = max(len(words["deal"]), *(len(str(row.deal)) for row in rows), 2) \
        if rows else max(len(words["deal"]), 2)
    seat_width = max(width, *([len(words["dealer"])] if dealer_column else []),
                     len(words["taker"]), len(words["total"]))
    contract_width = max(12, len(words["contract"]),
                         *(len(contract_names.get(row.settlement.contract,
                                                  row.settlement.contract)) for row in rows)) \
        if rows else max(12, len(words["contract"]))
    result_width = max(len(words["result"]), len(_difference_text(False, 99)))

    def dealer_cell(text: str) -> str:
        return f"{text:<{seat_width}}  " if dealer_column else ""

    head = (f"{words['deal']:>{deal_width}}  {dealer_cell(words['dealer'])}"
            f"{words['taker']:<{seat_width}}  {words['contract']:<{contract_width}}  "
            f"{words['result']:<{result_width}}" + "".join(f"  {n:>{width}}" for n in names))
    lines = [_("Score sheet"), head, "-" * len(head)]
    # The bonuses go on under a deal's result, where the seats' scores leave room.
    result_column = (deal_width + (2 if dealer_column else 1) * seat_width + contract_width
                     + (8 if dealer_column else 6))
    for row in rows:
        s = row.settlement
        taker = names[s.taker]
        contract = contract_names.get(s.contract, s.contract)
        result = result_text(s)
        dealer = names[row.dealt_by] + ("*" if row.redeals else "")
        lines.append(f"{row.deal:>{deal_width}}  {dealer_cell(dealer)}{taker:<{seat_width}}  "
                     f"{contract:<{contract_width}}  {result:<{result_width}}"
                     + "".join(f"  {score:>+{width}}" for score in s.scores))
        lines += [" " * result_column + words
                  for words in _joined(bonus_words(s), SHEET_WIDTH - result_column)]
    lines.append("-" * len(head))
    lines.append(f"{'':>{deal_width}}  {dealer_cell(words['total'])}"
                 f"{'' if dealer_column else words['total']:<{seat_width}}  "
                 f"{'':<{contract_width}}  {'':<{result_width}}"
                 + "".join(f"  {total:>+{width}}" for total in totals(rows, len(names))))
    return lines


@dataclass(frozen=True)
class LoadedMatch:
    index: MatchIndex
    games: tuple[Game, ...]  # by deal; the last may be in progress

    def sheet_rows(self) -> list[SheetRow]:
        return [SheetRow.of(entry.deal, entry.dealer, game)
                for entry, game in zip(self.index.deals, self.games, strict=True)
                if game.settlement is not None]


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
