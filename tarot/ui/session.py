"""The save and match lifecycle of ``tarot play``: a new game or match saved, a saved one
resumed, the match index kept, the next deal made.

Nothing here prints or reads a key, and nothing imports click: what a person is to read
or answer goes through the :class:`Table` the caller gives (the terminal's, or a test's),
and what is refused is a :class:`SessionError` (a :class:`~tarot.errors.TarotError`,
which the command line prints as one line and exit status 1).
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from tarot.bots.registry import DEFAULT_LEVEL
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.files import atomic
from tarot.files.atomic import (
    NotARegularFile,
    remove_leftover_temporaries,
)
from tarot.i18n import _
from tarot.log import (
    LogError,
    check_regular_file,
    dumps_log,
    load_log,
)
from tarot.said import grouped
from tarot.storage import match_file
from tarot.storage.locks import hold_save, real_path
from tarot.storage.match_file import MAX_INDEX_DEALS as MAX_MATCH_DEALS
from tarot.storage.match_file import (
    MatchDeal,
    MatchHeader,
    MatchIndex,
    SheetRow,
    deal_log_name,
    deal_seed,
    index_path,
    is_match_file,
    load_match,
    read_index,
    sheet_rows_so_far,
    totals,
)
from tarot.storage.named_deals import Script, SeedError, load_named_deal
from tarot.storage.save_choices import forget_choices, remember_language
from tarot.storage.save_folder import new_save_path
from tarot.ui.branching import BranchPoint, branched_game

# The banner and the match's line, importable from here as before.
from tarot.ui.deal_banner import HEADER_WIDTH as HEADER_WIDTH
from tarot.ui.deal_banner import announcement
from tarot.ui.deal_banner import match_line as _match_line
from tarot.ui.resume_checks import (
    SessionError,
    find_save_named,
    players_of,
    refuse_contradictions,
    repair,
)
from tarot.ui.save_target import refuse_save_target
from tarot.ui.shown_paths import shown_path, typed_command
from tarot.ui.table_view import SEAT_NAMES_BY_SIZE

if TYPE_CHECKING:
    from tarot.engine.events import LogHeader

__all__ = ["MAX_MATCH_DEALS", "PlayOptions", "SessionError", "Table", "WholeLine",
           "play_session"]


class WholeLine(str):
    """A line the table shows whole, never broken at the terminal's width: a path or a
    command, which copied from the screen must come whole."""

    __slots__ = ()


def show_whole(table: Table, heading: str, whole: str | Path) -> None:
    """``heading``, then a path or command on a line of its own (indented), whole."""
    table.show(heading)
    table.show(WholeLine(f"  {whole}"))


# The seats' names a new game's header gives them (with the player: "South (person)"), in
# every language: by table size, as the table names them (in English).
HEADER_SEAT_NAMES = SEAT_NAMES_BY_SIZE[4]


class Table(Protocol):
    """Where the game is played and the person is told things: the terminal, or a test's."""

    def seat_names(self, person: int | None, players: int = 4) -> tuple[str, ...]:
        """The seats' names at this table of ``players``, the person's seat (if any)
        "You"."""

    def show(self, line: str) -> None:
        """Tell the person a line."""

    def play(self, game: Game, players: tuple[str, ...], script: Script | None, path: Path,
             resume_with: Path | None, match_line: str | None) -> bool:
        """Play the game, each event appended to ``path`` as it happens; whether it was
        played to its end (False: the person left, and it is saved). ``resume_with``: the
        file that resumes it; ``match_line``: the running score of its match."""

    def another_deal(self) -> bool:
        """Ask the person whether to deal again."""

    def show_sheet(self, rows: Sequence[SheetRow], names: tuple[str, ...],
                   contracts: Mapping[str, str]) -> None:
        """Show the score sheet, a row a deal (the line mode prints ``sheet_lines``; the
        full screen puts it under the deal's result)."""


@dataclass(frozen=True)
class PlayOptions:
    """What ``tarot play`` was asked; ``given`` the options given on the command line
    (by parameter name), which a resumed game refuses when they say otherwise."""

    seed: int | None = None
    deal_name: str | None = None
    rules_name: str = "standard"
    save_path: Path | None = None
    level: str = DEFAULT_LEVEL
    auto: bool = False
    resume_name: str | None = None
    force: bool = False
    deals: int | None = None
    # The table's size (--players); None: the rule set's (four with the standard rules).
    players: int | None = None
    given: Collection[str] = field(default_factory=frozenset)
    # --from LOG --at SEQ: the game is that log's, played on from that moment.
    branch: BranchPoint | None = None
    # A practice game (--practice): the person may take decisions back (``undo``).
    practice: bool = False
    # The language to remember beside the save (an explicit --lang, or the language of the
    # log played on from); None: none chosen, and the save keeps what it had.
    language: str | None = None


def play_session(options: PlayOptions, table: Table) -> None:
    """Start or resume the game (or match) ``options`` asks for and play it at ``table``,
    deal after deal, each saved as it is played."""
    resume_path = None if options.resume_name is None else find_save_named(options.resume_name)
    index = None
    if resume_path is not None:
        # A FIFO or a device is refused before a lock is taken beside it.
        check_regular_file(resume_path)
        # A match's files lie beside the real file, whatever link names it: one match.
        resume_path = path = real_path(resume_path)
        # A match is resumed through its index or its first deal's log (beside the index).
        found = resume_path if is_match_file(resume_path) else index_path(resume_path)
        if found.is_file():
            index = read_index(found)
            path = index.log_path(index.deals[0])
    else:
        # The header's names, not the table's: a log is language-neutral (a game played in
        # French saves the bytes it saves in English).
        game, seat_players, script = new_game(options)
        # Through any link: the lock, the index and the deal logs beside the real file.
        path = real_path(options.save_path or new_save_path())
        stale_index = refuse_save_target(path, force=options.force)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise SessionError("cannot_write", _("{path}: cannot make the folder: {error}")
                               .format(path=path.parent, error=error.strerror or error)
                               ) from None
    with contextlib.ExitStack() as held:
        # One writer per save: a second `tarot play` on this file is refused.
        try:
            held.enter_context(hold_save(path))
        except OSError as error:
            raise SessionError("cannot_lock", _("{path}: cannot lock the save file: {error}")
                               .format(path=path, error=error.strerror or error)) from None
        # The first deal's lock guards its match: the index's leftovers are ours to sweep.
        remove_leftover_temporaries(index_path(path))
        _keep_language(path, options.language, new=resume_path is None)
        if index is None and resume_path is not None:
            index = _match_of_first_deal(path)
        if index is not None:
            _resume_match(options, index, table)
            return
        deals = options.deals
        if resume_path is not None:
            game, seat_players, script = resume(path, options, table)
        else:
            if deals is not None and deals > 1:
                # A match from the start: its first log says so before the index exists,
                # so that a kill between the two still resumes as the match.
                game.start_match(deals)
            if stale_index is not None:  # before the save: a kill between leaves the old game
                stale_index.unlink(missing_ok=True)
            create_save(path, game, options.force)
            if deals is not None and deals > 1:
                index = start_match(path, game.header, seat_players, deals)
        show_whole(table, _("Resuming this game:") if resume_path else _("Saving this game:"),
                   shown_path(path))
        table.show(announcement(game, seat_players, 1,
                                table.seat_names(None, len(seat_players))))
        branched = game.header.branched_from
        if branched is not None:
            show_whole(table, _("Played on from event {seq} of:").format(seq=branched.seq),
                       shown_path(branched.log))
        # A game of `--deals 1` stopped before its end is remembered as a match of one
        # deal, so that `--resume` does not ask for another deal (its log has no room to
        # say so: a log's match_deals is for two deals or more).
        one_deal = deals == 1 and index is None and resume_path is None
        try:
            finished = table.play(game, seat_players, script, path,
                                  None if index is None else index.path, None)
        except SystemExit:
            if one_deal:
                start_match(path, game.header, seat_players, 1)
            raise
        if finished:
            _run_match(path, index, game, seat_players, options, table)
        elif one_deal:
            start_match(path, game.header, seat_players, 1)


def _keep_language(first_log: Path, language: str | None, *, new: bool) -> None:
    """Remember the language chosen for the game (or match) saved at ``first_log``; a new
    game without a choice forgets what an earlier game at that path left. Never a reason
    to refuse the game: a folder that takes the log but not this file loses the choice."""
    with contextlib.suppress(OSError):
        if language is not None:
            remember_language(first_log, language)
        elif new:
            forget_choices(first_log)


def rules_given(options: PlayOptions) -> bool:
    """Whether a rule set was asked for (``--rules``, or a caller's own rule set)."""
    return "rules_name" in options.given or options.rules_name != "standard"


def table_rules(options: PlayOptions) -> str:
    """The rule set a new game is played under: ``--rules`` as given, or with
    ``--players 3`` or ``5`` alone the standard rules for that table (standard-3,
    standard-5); a SessionError when ``--players`` says another size than ``--rules``."""
    given = rules_given(options)
    if options.players is None or (options.players == 4 and not given):
        return options.rules_name
    if not given:
        return f"standard-{options.players}"
    size = load_rules(options.rules_name).players
    if size != options.players:
        raise SessionError("players_contradict_rules",
                           _("--players {players} and --rules {rules} disagree: that rule set "
                             "is for {size} players (leave out one of them)").format(
                               players=options.players, rules=options.rules_name, size=size))
    return options.rules_name


def new_game(options: PlayOptions, seat_names: tuple[str, ...] | None = None
             ) -> tuple[Game, tuple[str, ...], Script | None]:
    """A new game (from a seed, drawn if not given, or a named deal), who sits where
    ("person" or a computer player's name), and the named deal's script; ``seat_names``
    the header's (by default the table's, in English)."""
    if options.practice and options.auto:
        raise SessionError("practice_without_person",
                           _("--practice and --auto do not go together: a practice game is "
                             "one where you take decisions back"))
    if options.branch is not None:
        return branched_game(options.branch, options.level, options.practice)
    rules_name = table_rules(options)
    named = None if options.deal_name is None else load_named_deal(options.deal_name)
    if named is not None:
        # A named deal is dealt for one table: its own rule set unless --rules or
        # --players says otherwise, and then the same size or a clear refusal.
        own = str(getattr(named, "rules", "standard"))
        if not rules_given(options) and options.players is None:
            rules_name = own
        deal_size, size = load_rules(own).players, load_rules(rules_name).players
        if deal_size != size:
            raise SessionError("players_contradict_deal",
                               _("--deal {deal} is a deal for {deal_size} players, and the "
                                 "table has {size}").format(deal=options.deal_name,
                                                            deal_size=deal_size, size=size))
    size = load_rules(rules_name).players
    seat_names = seat_names or SEAT_NAMES_BY_SIZE[size]
    human = None if options.auto else 0
    players = tuple("person" if seat == human else options.level for seat in range(size))
    seats = tuple(f"{name} ({kind})" for name, kind in zip(seat_names, players, strict=True))
    if named is not None:
        game = named.start(rules=rules_name, seats=seats,  # type: ignore[arg-type]
                           players=players, recorded=True)  # type: ignore[arg-type]
        return practised(game, options.practice), players, Script(named.script, person=human)
    seed = options.seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    return (practised(Game.new(seed=seed, rules=rules_name, seats=seats, players=players),
                      options.practice), players, None)


def practised(game: Game, practice: bool | None) -> Game:
    """``game`` marked a practice game in its header when ``practice`` (before its log is
    written: a header is written once); each deal of a practice match is one."""
    if practice:
        game.header = dataclasses.replace(game.header, practice=True)
    return game


def create_save(path: Path, game: Game, force: bool) -> None:
    """The save file, made whole with the header and the deal, or not at all; an existing
    file is replaced only with ``force``."""
    try:
        # Through the real path: --force on a symbolic link replaces its target, not the
        # link (whose lock, beside the target, is the one held).
        # Through the module: the crash tests replace its steps to stop the process there.
        atomic.write_text_atomic(real_path(path), dumps_log(game.header, game.events),
                          overwrite=force)
    except FileExistsError:
        raise SessionError("save_exists", _("{path} exists already; choose another --save "
                                            "path (or --force to replace it)")
                           .format(path=path)) from None
    except NotARegularFile:
        raise
    except OSError as error:
        raise SessionError("cannot_write", _("{path}: cannot write: {error}")
                           .format(path=path, error=error.strerror or error)) from None


def resume(path: Path, options: PlayOptions, table: Table
           ) -> tuple[Game, tuple[str, ...], Script | None]:
    """The saved game, its file repaired to hold exactly the game's events, who sits where,
    and the named deal's script where the game had got to."""
    loaded = load_log(path, allow_incomplete=True, drop_torn=True)
    game = loaded.game
    players = players_of(path, game)
    refuse_contradictions(options, path, game, players)  # before the file is touched
    # A file that stops after a redeal (a full disk, say) gets the next deal from the seed.
    game.advance()
    try:
        repair(path, loaded)
    except OSError as error:
        raise SessionError("cannot_write", _("{path}: cannot repair: {error}")
                           .format(path=path, error=error.strerror or error)) from None
    if loaded.torn is not None:
        table.show(_("{path}: line {line} was cut short (a write interrupted) and is "
                     "dropped; the game goes on from the line before.")
                   .format(path=path, line=loaded.torn.line))
    if game.is_over:
        raise SessionError("game_over", _("{path}: this game is over; nothing to resume")
                           .format(path=path))
    if game.turn is None:
        raise SessionError("no_first_deal",
                           _("{path}: the log stops before its first deal, which was "
                             "given, not drawn from the seed; nothing to resume")
                           .format(path=path))
    # The same players as when the game began (the header names them), so that it ends
    # as it would have without the interruption; --auto hands the person's seat to the
    # computer.
    person = players.index("person") if "person" in players else None
    script = None
    named = game.header.named_deal
    if named is not None:
        try:
            script = Script(named.script, person=person)
        except SeedError as error:
            raise SessionError("bad_named_deal",
                               _("{path}: the header's named deal: {error}")
                               .format(path=path, error=error)) from None
        script.catch_up(game)
    if options.auto and person is not None:
        computer = next(name for name in players if name != "person")
        players = tuple(computer if name == "person" else name for name in players)
    return game, players, script


def _match_of_first_deal(first_log: Path) -> MatchIndex | None:
    """The match whose first deal ``first_log`` is, when its header says it is one and its
    index is missing (killed before the index was written): the index made now. None for
    a single deal."""
    try:
        # The whole log, not its header alone: no index is made for a log that is refused.
        header = load_log(first_log, allow_incomplete=True, drop_torn=True).game.header
    except LogError:
        return None  # resumed as a game, and refused with the log's fault
    if header.match_deals is None or header.players is None:
        return None
    return start_match(first_log, header, header.players, header.match_deals)


def start_match(first_log: Path, header: LogHeader, seat_players: tuple[str, ...],
                deals: int | None) -> MatchIndex:
    """The match's index beside its first deal's log, holding that deal."""
    return match_file.start_index(index_path(first_log), MatchHeader(
        seed=header.seed, rules_id=header.rules_id, rules_hash=header.rules_hash,
        players=seat_players, deals=deals),  # type: ignore[arg-type]
        _first_deal_entry(first_log, header))


def _share_match(first: Game, index: MatchIndex | None, deals: int) -> list[str]:
    """Once the match is over: how to deal it again (its seed, which deals every hand of
    it, is shown only now) and how to audit it."""
    header = first.header
    again = (f"tarot play --deal {header.named_deal.name}" if header.named_deal
             else f"tarot play --seed {header.seed}" if header.first_deal == "shuffled"
             else None)
    if again and header.rules is not None:
        # A rule file of the player's: the log holds its content, not where it was.
        again += " --rules FILE.toml"
    elif again and header.rules_id == f"standard-{first.rules.players}":
        again += f" --players {first.rules.players}"  # the standard rules for that table
    elif again and header.rules_id != "standard":
        again += f" --rules {header.rules_id}"
    branched = header.branched_from
    if branched is not None:  # the log played on from holds the deal and its rules
        # Quoted for the shell: a path with a space is pasted whole.
        again = (f"tarot play --from {shown_path(branched.log, in_command=True)} "
                 f"--at {branched.seq}")
        if "person" in (header.players or ()):
            again += f" --as-seat P{(header.players or ()).index('person')}"
    levels = {p for p in header.players or () if p != "person"}
    if again and len(levels) == 1 and (level := levels.pop()) != DEFAULT_LEVEL:
        again += f" --level {level}"  # the same players, or it is another match
    if again and deals > 1:
        again += f" --deals {deals}"
    if again and header.practice:
        again += " --practice"
    audit = (f"{typed_command()} audit {shown_path(index.path, in_command=True)}"
             if index is not None else None)
    lines = []
    if again:
        lines += [_("This match again:") if deals > 1 else _("This deal again:"),
                  WholeLine(f"  {again}")]
        if header.rules is not None and branched is None:
            lines.append(_("  (FILE.toml: your rule file of id {id!r})")
                         .format(id=header.rules_id))
    if audit:
        lines += [_("Its score sheet:"), WholeLine(f"  {audit}")]
    return lines


def _run_match(first_log: Path, index: MatchIndex | None, game: Game,
               seat_players: tuple[str, ...], options: PlayOptions, table: Table) -> None:
    """After a deal played to its end: the score sheet, then the next deal, until the
    deals asked for are played or the person stops."""
    names = _seat_names(table, seat_players)
    deals = options.deals
    rows = sheet_rows(first_log, index, game)  # read once: each deal played adds its row
    while True:
        played = len(index.deals) if index is not None else 1
        so_far = _show_sheet(rows, game, names, table)
        wanted = deals if deals is not None else (1 if options.auto else None)
        if played >= MAX_MATCH_DEALS:
            table.show(_("A match holds at most {deals} deals: this one ends here.")
                       .format(deals=grouped(MAX_MATCH_DEALS).shown))
        if (played >= MAX_MATCH_DEALS or (wanted is not None and played >= wanted)
                or (wanted is None and not table.another_deal())):
            for line in _share_match(load_log(first_log).game, index, played):
                table.show(line)
            return
        number = played + 1
        header = game.header
        entry = MatchDeal(deal=number, log=deal_log_name(first_log, number),
                          seed=deal_seed(index.header.seed if index is not None
                                         else game.header.seed, number),
                          dealer=(game.state.dealer + 1) % game.rules.players)
        if index is None:
            index = start_match(first_log, game.header, seat_players, deals)
        index = match_file.append_deal(index, entry)
        game = practised(Game.new(entry.seed, rules=game.rules, dealer=entry.dealer,
                                  seats=header.seats, players=seat_players), header.practice)
        log = index.log_path(entry)
        with hold_save(log):
            create_save(log, game, force=False)
            table.show("")
            show_whole(table, _("Saving deal {number} in:").format(number=number),
                       shown_path(log))
            table.show(announcement(game, seat_players, number,
                                    table.seat_names(None, len(seat_players))))
            if not table.play(game, seat_players, None, log, index.path,
                              _match_line(so_far, number, names, header.practice)):
                return
        if game.settlement is not None:
            rows.append(SheetRow.of(number, entry.dealer, game))


def _first_deal_entry(first_log: Path, header: LogHeader) -> MatchDeal:
    return MatchDeal(deal=1, log=first_log.name, seed=header.seed, dealer=header.first_dealer)


def _seat_names(table: Table, seat_players: tuple[str, ...]) -> tuple[str, ...]:
    """The seats as the table names them: the person's is "You"."""
    return table.seat_names(seat_players.index("person") if "person" in seat_players
                            else None, len(seat_players))


def _show_sheet(rows: list[SheetRow], last: Game, names: tuple[str, ...],
                table: Table) -> list[int]:
    """Show the score sheet, ``last`` the deal just played; the totals by seat."""
    table.show_sheet(rows, names, {c.id: c.name for c in last.rules.contracts})
    return totals(rows, len(names))


def sheet_rows(first_log: Path, index: MatchIndex | None, last: Game) -> list[SheetRow]:
    """The sheet's rows: the deals before the last read from their logs, the last given."""
    if index is None:  # one deal so far, and no match file yet
        entry = _first_deal_entry(first_log, last.header)
        return [SheetRow.of(1, entry.dealer, last)] if last.settlement else []
    return sheet_rows_so_far(index, last)


def _resume_match(options: PlayOptions, index: MatchIndex, table: Table) -> None:
    """Go on with a match where it stopped: its last deal resumed (or made, when the
    match stopped between its line and its log), then the deals after it."""
    entry = index.deals[-1]
    log = index.log_path(entry)
    first_log = index.log_path(index.deals[0])
    players: tuple[str, ...] = index.header.players
    wanted = options.deals if options.deals is not None else index.header.deals
    show_whole(table, _("Resuming the match at deal {deal}:").format(deal=entry.deal),
               shown_path(index.path))
    # Every deal's log checked against its line (seed, dealer, rules, players), as
    # validate checks a match: a stale index never carries on another game.
    first = load_match(index.path, allow_incomplete=True).games[0]
    # The deal's lock is held while it is played, and released once it is over.
    with hold_save(log) if log != first_log else contextlib.nullcontext():
        if not log.exists():
            # The rules, the seats from the first deal's log, which holds its rule set.
            game = practised(Game.new(entry.seed, rules=first.rules, dealer=entry.dealer,
                                      players=players, seats=first.header.seats),
                             first.header.practice)
            create_save(log, game, force=False)
            script = None
        else:
            stopped = load_log(log, allow_incomplete=True, drop_torn=True).game
            game, script = stopped, None
            if not stopped.is_over:
                game, players, script = resume(log, options, table)
        if not game.is_over:
            table.show(announcement(game, players, entry.deal,
                                    table.seat_names(None, len(players))))
            # The deals before this one, all over: the match's score so far.
            so_far = totals(sheet_rows(first_log, index, game), len(players))
            if not table.play(game, players, script, log, index.path,
                              _match_line(so_far, entry.deal, _seat_names(table, players),
                                          game.header.practice)):
                return
    _run_match(first_log, index, game, players,
               PlayOptions(auto=options.auto, deals=wanted), table)
