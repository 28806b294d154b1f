"""A duplicate match's results on disk: ``tarot simulate --out FILE``, read back by
``--resume FILE`` and ``--report FILE``.

JSON Lines, made to be read by a notebook as well as by this program: a header (the
format and its version, the program's version, the players, the first deal seed,
the number of deal seeds, the rule set and its hash), then one line per finished
deal seed, each :class:`tarot.duplicate.match.SeedRecord`'s fields under their own names. The
lines come in the order the deal seeds finished, which depends on the workers; the
report does not depend on the order (:mod:`tarot.duplicate.tally`), and
:func:`read_results` sorts them by deal seed.

Written as a save is: the header appears whole or not at all (through a rename),
then each record is appended with one ``write`` and no buffer in between, so a
process killed at any moment leaves whole lines, and at worst a last line without
its end of line. Reading drops such a torn line (its deal seed is played again by
``--resume``, which cuts it off first). The decision times are integers
(nanoseconds), so every number in the file reads back exactly as it was written.
"""

from __future__ import annotations

import dataclasses
import json
import os
from array import array
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from annotated_types import Len
from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, ValidationError

from tarot.duplicate.match import SeedRecord
from tarot.errors import TarotError
from tarot.files.reading import LineError, ReadError, bounded_lines, open_regular
from tarot.i18n import N_, _
from tarot.said import shown

# A match is played at three, four or five seats (the rule set's); every list of a record
# has one entry a player, as many as the header names.
MIN_SEATS, MAX_SEATS = 3, 5
# Far above any record (a strong player's deal seed is about 30 KB of decision times),
# low enough that a file of junk is refused before it fills the memory.
MAX_LINE_BYTES = 1 << 22
# The most deal seeds a match holds: the deal seeds left to play are listed before the
# first is played, and a reader keeps a flag and a line number a deal seed (the records
# themselves are folded into the report and let go: some 3 GB of them at this size).
MAX_DEAL_SEEDS = 100_000


class ResultsError(TarotError, ValueError):
    """A results file that cannot be read or continued; the message names the file
    (and the line, where one is at fault)."""

    code = "bad_results"


class ResultsHeader(BaseModel):
    """The first line of a results file: what the match is, so that a resumed run is
    the same match and a report needs nothing else."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    format: Literal["tarot-simulate-results"] = "tarot-simulate-results"
    version: Literal[1] = 1
    program: str  # tarot's version: another version's players may decide otherwise
    players: Annotated[tuple[str, ...], Len(MIN_SEATS, MAX_SEATS)]  # one a seat: 3, 4 or 5
    seed: int = Field(ge=0)  # the first deal seed
    deals: int = Field(ge=1, le=MAX_DEAL_SEEDS)  # bounded: the seeds left are listed
    rules: str  # the --rules argument, a name or a path, to load the rule set on resume
    rules_id: str
    rules_hash: str


Counts = Annotated[list[NonNegativeInt], Len(MIN_SEATS, MAX_SEATS)]


class SeedLine(BaseModel):
    """One deal seed's line: :class:`tarot.duplicate.match.SeedRecord`, field for field (a test
    keeps the two alike)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    deal_seed: int = Field(ge=0)
    totals: Annotated[list[int], Len(MIN_SEATS, MAX_SEATS)]
    taken: Counts
    made: Counts
    slams_declared: Counts
    slams_declared_made: Counts
    slams_undeclared_made: Counts
    slams_defence_made: Counts
    times_ns: Annotated[list[list[NonNegativeInt]], Len(MIN_SEATS, MAX_SEATS)]


def header_line(header: ResultsHeader) -> str:
    return json.dumps(header.model_dump(mode="json"), ensure_ascii=False)


def record_line(record: SeedRecord) -> str:
    return json.dumps(dataclasses.asdict(record), separators=(",", ":"))


class DealSeeds:
    """Which deal seeds of a match are recorded: one flag a deal seed (a byte each, at most
    MAX_DEAL_SEEDS of them), not a set of records."""

    __slots__ = ("count", "first", "flags")

    def __init__(self, first: int, deals: int) -> None:
        self.first = first
        self.flags = bytearray(deals)
        self.count = 0

    def __contains__(self, deal_seed: object) -> bool:
        if not isinstance(deal_seed, int):
            return False
        index = deal_seed - self.first
        return 0 <= index < len(self.flags) and bool(self.flags[index])

    def add(self, deal_seed: int) -> None:
        index = deal_seed - self.first
        if not 0 <= index < len(self.flags):
            raise ValueError(f"deal seed {deal_seed} is not one of the match's")
        if not self.flags[index]:
            self.flags[index] = 1
            self.count += 1

    def __len__(self) -> int:
        return self.count


@dataclass(frozen=True)
class Results:
    """A results file as read: its header, its records sorted by deal seed, the bytes up
    to the end of its last whole line, and the line number of a torn last line, if any
    (dropped). Every record held: for a notebook or a test; ``tarot simulate`` reads with
    :class:`ResultsReader`, which holds none."""

    path: Path
    header: ResultsHeader
    records: tuple[SeedRecord, ...]
    whole_bytes: int
    torn_line: int | None

    @property
    def missing(self) -> int:
        return self.header.deals - len(self.records)


def read_results(path: Path) -> Results:
    """A results file, checked line by line, its records kept; ResultsError names the
    first fault."""
    with ResultsReader(path) as reader:
        records = sorted(reader.records(), key=lambda record: record.deal_seed)
    return Results(path, reader.header, tuple(records), reader.whole_bytes, reader.torn_line)


class ResultsReader:
    """A results file read as a stream: :attr:`header` on opening, then :meth:`records`
    yields each record in the file's order, checked, and keeps none of them; once they
    are all read, :attr:`done` (the deal seeds recorded), :attr:`whole_bytes` and
    :attr:`torn_line` tell the rest. ResultsError names the first fault."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.whole_bytes = 0
        self.torn_line: int | None = None
        self._lines = _lines(path)
        try:
            first = next(self._lines, None)
            if first is None:
                raise ResultsError(_("{path}:1: an empty file: a results file starts with "
                                     "its header").format(path=path))
            line = first[1]
            assert line is not None  # a torn header is refused by _lines
            self.whole_bytes = len(line)
            self.header = _parse_header(path, line)
        except BaseException:
            self._lines.close()
            raise
        self.done = DealSeeds(self.header.seed, self.header.deals)
        # The line of each deal seed's record (0: none yet), to name the first when a
        # deal seed comes again: an unsigned int (four bytes) a deal seed of the match.
        self._line_of = array("I", [0]) * self.header.deals

    def records(self) -> Iterator[SeedRecord]:
        for number, line in self._lines:
            if line is None:
                self.torn_line = number
                return
            self.whole_bytes += len(line)
            record = _parse_record(self.path, number, line, self.header)
            index = record.deal_seed - self.header.seed
            if self._line_of[index]:
                raise ResultsError(_("{path}:{line}: deal seed {seed} again (its record is "
                                     "on line {first} already)").format(
                    path=self.path, line=number, seed=record.deal_seed,
                    first=self._line_of[index]))
            self._line_of[index] = number
            self.done.add(record.deal_seed)
            yield record

    @property
    def missing(self) -> int:
        return self.header.deals - len(self.done)

    def close(self) -> None:
        self._lines.close()

    def __enter__(self) -> ResultsReader:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _lines(path: Path) -> Generator[tuple[int, bytes | None], None, None]:
    """Each whole line (with its end of line) and its number; None for a torn last line
    (one without its end of line: a write cut short)."""
    try:
        stream = open_regular(path, N_("a results file"))
    except ReadError as error:
        raise ResultsError(str(error)) from None
    with stream:
        try:
            for number, chunk in bounded_lines(stream, str(path), MAX_LINE_BYTES):
                if not chunk.endswith(b"\n"):
                    if number == 1:
                        raise ResultsError(_("{path}:1: the header is cut short (no end of "
                                             "line)").format(path=path))
                    yield number, None
                    return
                yield number, chunk
        except LineError as error:
            message = (_("{problem}: not a results file").format(problem=shown(error.message))
                       if error.code == "line_too_long" else shown(error.message))
            raise ResultsError(f"{path}:{error.line}: {message}") from None


def _parse_header(path: Path, line: bytes) -> ResultsHeader:
    try:
        return ResultsHeader.model_validate_json(line)
    except ValidationError as error:
        raise ResultsError(_("{path}:1: not the header of a tarot simulate results file: "
                             "{problem}").format(path=path, problem=_first(error))) from None


def _parse_record(path: Path, number: int, line: bytes, header: ResultsHeader) -> SeedRecord:
    try:
        parsed = SeedLine.model_validate_json(line)
    except ValidationError as error:
        raise ResultsError(_("{path}:{line}: not a deal seed's record: {problem}").format(
            path=path, line=number, problem=_first(error))) from None
    seats = len(header.players)
    for name, value in parsed:
        if isinstance(value, list) and len(value) != seats:
            # One entry a player: the schema allows any table's size, the header says which.
            raise ResultsError(_("{path}:{line}: not a deal seed's record: {problem}").format(
                path=path, line=number, problem=_("{field}: {count} entries where the match "
                                                  "has {seats} players").format(
                    field=name, count=len(value), seats=seats)))
    last = header.seed + header.deals - 1
    problem = None
    if not header.seed <= parsed.deal_seed <= last:
        problem = _("deal seed {seed} is not one of this match's ({first} to {last})").format(
            seed=parsed.deal_seed, first=header.seed, last=last)
    elif sum(parsed.totals) != 0:
        problem = _("the totals sum to {sum}; every game's scores sum to 0").format(
            sum=sum(parsed.totals))
    elif sum(parsed.taken) != seats:
        problem = _("{taken} contracts taken; a deal seed is {games} games, each with one "
                    "taker").format(taken=sum(parsed.taken), games=seats)
    elif any(made > taken for made, taken in zip(parsed.made, parsed.taken, strict=True)):
        problem = _("more contracts made than taken")
    if problem is not None:
        raise ResultsError(f"{path}:{number}: {problem}")
    return SeedRecord(**parsed.model_dump())


def _first(error: ValidationError) -> str:
    problem = error.errors()[0]
    where = ".".join(str(p) for p in problem["loc"])
    return f"{where}: {problem['msg']}" if where else problem["msg"]


def differences(recorded: ResultsHeader, wanted: ResultsHeader) -> list[str]:
    """What a run that wants ``wanted`` would change of the match ``recorded`` describes,
    one phrase a setting; empty when it is the same match."""
    said = []
    if recorded.players != wanted.players:
        said.append(_("--players {wanted} (the file's: {recorded})").format(
            wanted=",".join(wanted.players), recorded=",".join(recorded.players)))
    if recorded.seed != wanted.seed:
        said.append(_("--seed {wanted} (the file's: {recorded})").format(
            wanted=wanted.seed, recorded=recorded.seed))
    if recorded.deals != wanted.deals:
        said.append(_("--deals {wanted} (the file's: {recorded})").format(
            wanted=wanted.deals, recorded=recorded.deals))
    if recorded.rules_hash != wanted.rules_hash:
        said.append(_("the rules {wanted!r}, {wanted_hash} (the file's: {recorded!r}, "
                      "{recorded_hash})").format(
            wanted=wanted.rules_id, wanted_hash=wanted.rules_hash,
            recorded=recorded.rules_id, recorded_hash=recorded.rules_hash))
    if recorded.program != wanted.program:
        said.append(_("tarot {wanted} (the file was written by tarot {recorded}, whose "
                      "players may decide otherwise)").format(
            wanted=wanted.program, recorded=recorded.program))
    return said


def start_results(path: Path, header: ResultsHeader) -> None:
    """A new results file holding its header, made whole or not at all; FileExistsError if
    ``path`` exists (it is left untouched)."""
    from tarot.files.atomic import write_text_atomic

    write_text_atomic(path, header_line(header) + "\n")


class ResultsWriter:
    """Appends records to a results file: one unbuffered ``write`` a line, so that a kill
    leaves at worst a torn last line. No ``fsync`` a line (that guards only against a
    power cut, and a lost line is only a deal seed played again); one at :meth:`close`.
    """

    def __init__(self, path: Path, whole_bytes: int) -> None:
        self.path = path
        self.fd = os.open(path, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
        try:
            # A torn last line goes first, in one truncation: the file is as it was or
            # repaired, whenever the process dies.
            os.truncate(self.fd, whole_bytes)
            os.lseek(self.fd, 0, os.SEEK_END)
        except BaseException:
            os.close(self.fd)
            raise

    def write(self, records: list[SeedRecord]) -> None:
        for record in records:
            data = (record_line(record) + "\n").encode()
            while data:
                data = data[os.write(self.fd, data):]

    def close(self) -> None:
        try:
            os.fsync(self.fd)
        finally:
            os.close(self.fd)

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
