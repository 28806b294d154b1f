"""``tarot simulate``: duplicate matches between computer players, on every core.

The match itself is :mod:`tarot.duplicate.match`'s: deal seeds ``seed .. seed + deals - 1``,
each played four times with the players moved round the table one seat each
time, so that every player holds every hand of every deal once and the luck of
the cards cancels. This module adds what a long run needs: worker processes or a
Dask cluster (:mod:`tarot.duplicate.backends`), per-decision timings, slam counts, a progress
bar, the results written down as they come (:mod:`tarot.duplicate.results_file`) so that a
stopped run can be resumed, and a table or JSON report.

The figures do not depend on the backend or the number of workers. Each game is a
pure function of (player names, deal seed, rotation, match seed, rule set): its
players are built afresh for it (so no player can carry anything from one game
to the next, whichever worker played that game), their generators come from
:func:`tarot.duplicate.match.player_rng`, and the main process sums the per-seed records
in deal-seed order, whatever order the workers finished in (or a resumed run
read them from its file). Only the timings, which are measured, differ from run
to run: they are the report's ``timing`` section, which ``--no-timing`` leaves out.

This module is the command (its options, the progress bar, the table or the JSON);
the match and its report as data are :mod:`tarot.duplicate.simulate`'s.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from tarot.duplicate.results_file import MAX_DEAL_SEEDS
from tarot.duplicate.simulate import (
    Run,
    default_workers,
    report,
    run_simulation,
)
from tarot.i18n import N_, _, decimal, ngettext, pgettext
from tarot.said import os_error_said
from tarot.ui.language import TranslatedCommand

if TYPE_CHECKING:
    from tarot.duplicate.backends import Backend
    from tarot.duplicate.match import SeedRecord
    from tarot.duplicate.results_file import Results, ResultsHeader, ResultsWriter
    from tarot.engine.rules import RuleSet


# -- the match, on a backend -----------------------------------------------------------






# -- the report ------------------------------------------------------------------------
















def _signed(value: float | None, digits: int = 1) -> str:
    return pgettext("no figure", "n/a") if value is None else decimal(f"{value:+.{digits}f}")


def _percent(value: float) -> str:
    return _("{percent}%").format(percent=decimal(f"{value:.1f}"))


def _column(title: str, width: int) -> int:
    """A column's width: ``width``, or its title's if longer (a translated title)."""
    return max(width, len(title))


def table(data: dict[str, Any]) -> list[str]:
    """The report as text lines, for a terminal or a pipe (no colour, fixed columns)."""
    first, last = data["deal_seeds"]
    lines = [
        ngettext("Duplicate match, rules {rules!r}: {deals} deal seed ({first} to {last}),",
                 "Duplicate match, rules {rules!r}: {deals} deal seeds ({first} to {last}),",
                 data["deals"]).format(rules=data["rules"]["id"], deals=data["deals"],
                                       first=first, last=last),
        _("each played {rotations} times with the players rotated: {games} games per "
          "player.").format(rotations=data["rotations"], games=data["games_per_player"]),
        _("Scores are points per game (one deal played once at one seat, redeals included);"),
        _("95% intervals are over deal seeds; made/taken: contracts; slams: declared slams"),
        _("made/declared."),
        "",
    ]
    timing = data.get("timing")
    player = pgettext("simulate column", "player")
    mean, interval, contracts, slams = (
        pgettext("simulate column", "mean/game"), pgettext("simulate column", "95% interval"),
        pgettext("simulate column", "made/taken"), pgettext("simulate column", "slams"))
    width = max(6, len(player), *(len(p["name"]) for p in data["players"]))
    # A semicolon in French, where the comma is the decimal mark: [+333,3 ; +435,2]; the
    # column as wide as "[+333.3, +435.2]" is in English, and as the language's marks add.
    between = pgettext("an interval", "[{low}, {high}]")
    widths = (_column(mean, 9), _column(interval, 16 + len(between) - len("[{low}, {high}]")),
              _column(contracts, 10),
              _column(slams, 5))
    percent = max(6, len(_percent(100.0)))
    lines.append(f" #  {player:<{width}}  {mean:>{widths[0]}}  {interval:<{widths[1]}}"
                 f"  {contracts:>{widths[2]}} {'':>{percent}}  {slams:>{widths[3]}}")
    for entry in data["players"]:
        low, high = entry["interval"]
        shown = between.format(low=_signed(low), high=_signed(high))
        made_percent = (pgettext("no figure", "n/a") if entry["made_percent"] is None
                        else _percent(entry["made_percent"]))
        made_slams = f"{entry['slams']['made']}/{entry['slams']['declared']}"
        made = f"{entry['made']}/{entry['taken']}"
        lines.append(f"{entry['index']:>2}  {entry['name']:<{width}}  "
                     f"{_signed(entry['mean']):>{widths[0]}}  {shown:<{widths[1]}}  "
                     f"{made:>{widths[2]}} {made_percent:>{percent}}  {made_slams:>{widths[3]}}")
    if timing:
        # Apart from the scores, so that each table fits 80 columns.
        mean_ms = pgettext("simulate column", "mean")
        lines += ["", _("Decision times of each player, milliseconds a decision:"),
                  f" #  {player:<{width}}  {mean_ms:>9}  {'p95':>9}"]
        for entry in data["players"]:
            decisions = timing["decision_ms"][entry["index"]]
            mean_text, p95_text = (decimal(f"{decisions[key]:.3f}") for key in ("mean", "p95"))
            lines.append(f"{entry['index']:>2}  {entry['name']:<{width}}  "
                         f"{mean_text:>9}  {p95_text:>9}")
    lines += ["", _("Paired differences (the same hands; points per game, 95% interval):")]
    compared = [p for p in data["players"] if p["vs"] is not None]
    # Seat 1 compared with seat 0 is seat 0 compared with seat 1, the sign turned: each
    # pair once, as it first comes (--json keeps every seat's comparison).
    pairs: set[frozenset[int]] = set()
    for entry in compared:
        vs = entry["vs"]
        pair = frozenset((entry["index"], vs["index"]))
        if pair in pairs:
            continue
        pairs.add(pair)
        half = (pgettext("no figure", "n/a") if vs["ci95"] is None
                else decimal(f"{vs['ci95']:.1f}"))
        lines.append(_("  {index} {name} - {other_index} {other_name}: {difference} ± {half}")
                     .format(index=entry["index"], name=entry["name"], other_index=vs["index"],
                             other_name=vs["name"], difference=_signed(vs["difference"]),
                             half=half))
    if not compared:
        lines.append(_("  none: every seat has the same player."))
    differences = data["by_name"]["differences"]
    if differences:
        lines += ["", _("By player, its seats pooled (points per game, 95% interval):")]
        for difference in differences:
            half = (pgettext("no figure", "n/a") if difference["ci95"] is None
                    else decimal(f"{difference['ci95']:.1f}"))
            lines.append(_("  {first} - {second}: {difference} ± {half}").format(
                first=difference["first"], second=difference["second"],
                difference=_signed(difference["difference"]), half=half))
    if timing:
        lines += ["", *_wall_time(timing, data["deals"])]
    return lines


def _wall_time(timing: dict[str, Any], deals: int) -> list[str]:
    if timing["wall_seconds"] is None:
        return [_("No wall time: this report was made from a results file, which keeps none.")]
    fields = {"seconds": decimal(f"{timing['wall_seconds']:.1f}"), "workers": timing["workers"],
              "scheduler": timing["scheduler"]}
    if timing["scheduler"] is None:
        said = _("Wall time {seconds} s with --workers {workers}.")
    else:
        said = ngettext("Wall time {seconds} s on Dask, --scheduler {scheduler} ({workers} "
                        "worker).",
                        "Wall time {seconds} s on Dask, --scheduler {scheduler} ({workers} "
                        "workers).", timing["workers"])
    played = timing["deal_seeds_played"]
    lines = [said.format(**fields)]
    if played != deals:
        lines.append(_("It played {played} of the {deals} deal seeds, the others read from "
                       "the results file.").format(played=played, deals=deals))
    return lines


# -- the command -----------------------------------------------------------------------




# The rule set of each table size when --rules is not given, as `tarot play --players`
# picks it: the size is told by --players (a number, or as many names).
RULES_FOR_SEATS = {3: "standard-3", 4: "standard", 5: "standard-5"}


def lineup(seats: int) -> tuple[str, ...]:
    """The players when --players gives only the table size: rules against random ones."""
    return ("rules",) + ("random",) * (seats - 1)


def _players_problem(names: Sequence[str], seats: int | None = None) -> str | None:
    """Why these are not computer players for the table (``seats`` of them; None: any size
    the game is played at), or None if they are."""
    from tarot.bots.registry import MEASURING_PLAYERS, PLAYERS

    everyone = [*PLAYERS, *MEASURING_PLAYERS]  # the yardstick too: simulate measures
    unknown = list(dict.fromkeys(name for name in names if name not in everyone))
    if unknown:
        return _("no computer player is called {names}; the players are: {players}").format(
            names=", ".join(repr(n) for n in unknown), players=", ".join(everyone))
    if seats is not None and len(names) != seats:
        return _("give {seats} players, one per seat, separated by commas (got {count}); "
                 "e.g. {example}").format(seats=seats, count=len(names),
                                          example=",".join(lineup(seats)))
    if len(names) not in RULES_FOR_SEATS:
        return _("give 3, 4 or 5 players, one per seat, separated by commas (got {count}); "
                 "e.g. rules,random,random,random").format(count=len(names))
    return None


def _parse_players(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    if value.strip().isdigit():
        seats = int(value)
        if seats not in RULES_FOR_SEATS:
            raise click.BadParameter(_("a table is of 3, 4 or 5 players, not {count}")
                                     .format(count=seats), ctx, param)
        return lineup(seats)
    names = tuple(name.strip() for name in value.split(","))
    problem = _players_problem(names)
    if problem is not None:
        raise click.BadParameter(problem, ctx, param)
    return names


class ChosenRules(NamedTuple):
    argument: str  # a rule set's name, or its file's absolute path: loadable on resume
    rules: RuleSet


def _choose_rules(value: str) -> ChosenRules:
    """RulesError if ``value`` names no rule set."""
    from tarot.engine.rule_files import load_rules, names_a_file

    rules = load_rules(value)
    return ChosenRules(str(Path(value).resolve()) if names_a_file(value) else value, rules)


def _load_rules(ctx: click.Context, param: click.Parameter, value: str | None
                ) -> ChosenRules | None:
    from tarot.engine.rule_files import names_a_file
    from tarot.engine.rules import RulesError

    if value is None:
        return None  # the table's size decides: _table
    try:
        return _choose_rules(value)
    except RulesError as error:
        if names_a_file(value):
            # The file is at fault, not the command line: one line, as for any bad file.
            raise click.ClickException(str(error)) from None
        raise click.BadParameter(str(error), ctx, param) from None


@click.command(cls=TranslatedCommand, help=N_(
    "Duplicate matches between computer players.\n\n"
    "Every deal seed is played once per seat (four times at four players), the\n"
    "players moved one seat round the table each time, so that each holds every\n"
    "hand and the luck of the cards cancels. Reported per player: the mean score\n"
    "per game (one deal played once) with its 95% interval, contracts taken and\n"
    "made, slams, the time of its decisions, and the paired difference with the\n"
    "next different player. Three or five players: --players 3 or 5 (or as many\n"
    "names), or a rule set for that many (--rules standard-5).\n\n"
    "\b\n"
    "Example: tarot simulate --deals 1000 --players rules,random,random,random\n"
    "Five players: tarot simulate --players normal,rules,rules,rules,rules\n"
    "Resumable: tarot simulate ... --out results.jsonl, then --resume results.jsonl"))
@click.option("--deals", type=click.IntRange(min=1, max=MAX_DEAL_SEEDS), default=1000,
              show_default=True,
              help=N_("How many deal seeds (at most 100,000); each is played once per seat, "
                      "so every player plays 3, 4 or 5 × DEALS games."))
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help=N_("The first deal seed (the deal seeds are SEED .. SEED + DEALS - 1); "
                      "the same arguments give the same figures."))
@click.option("--players", "names", default="rules,random,random,random", show_default=True,
              callback=_parse_players, metavar="A,B,C,D|3|5",
              help=N_("The computer players, one per seat (three, four or five), "
                      "comma-separated, by their registry names (a wrong name lists them; a "
                      "name may repeat); they are reported by their index in this list. A "
                      "number instead (3, 4 or 5): that many seats, rules against random "
                      "players. Without --rules the number of players picks the rule set "
                      "(standard-3, standard, standard-5)."))
@click.option("--rules", "chosen_rules", default=None,
              callback=_load_rules, metavar="NAME|PATH",
              help=N_("A rule set name (standard, fft, standard-3, standard-5) or a path to "
                      "a .toml file; its number of players must be the number of --players "
                      "[default: standard, or standard-3 or standard-5 for 3 or 5 players]."))
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help=N_("Worker processes [default: the CPUs this process may use]; with "
                      "--scheduler local, the LocalCluster's workers. The figures are the "
                      "same for any number."))
@click.option("--scheduler", metavar="ADDRESS|local", default=None,
              help=N_("Play on a Dask cluster (pip install 'tarot[cluster]'): the address "
                      "of a running scheduler (tcp://HOST:8786), whose workers have this "
                      "version of tarot installed, or 'local' to start a LocalCluster of "
                      "--workers processes here. The figures are the same as without."))
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help=N_("Write each deal seed's results to this new file (JSON Lines) as it "
                      "finishes, to --resume after a stop or make the --report from."))
@click.option("--resume", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=N_("Finish the match of a results file (written by --out), with the "
                      "settings it records; the deal seeds it holds are not played again."))
@click.option("--report", "report_from", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help=N_("Print the report of a finished results file, from "
                                    "the file alone (no game is played)."))
@click.option("--json", "as_json", is_flag=True,
              help=N_("Print the results as one JSON document on standard output."))
@click.option("--no-timing", is_flag=True,
              help=N_("Leave out the times (decisions, wall time, workers): what is left "
                      "depends on the arguments alone, byte for byte."))
@click.option("--quiet", is_flag=True, help=N_("No progress bar."))
@click.pass_context
def simulate(ctx: click.Context, deals: int, seed: int, names: tuple[str, ...],
             chosen_rules: ChosenRules | None, workers: int | None, scheduler: str | None,
             out: Path | None, resume: Path | None, report_from: Path | None,
             as_json: bool, no_timing: bool, quiet: bool) -> None:
    if report_from is not None:
        _refuse_options(ctx, _("--report makes the report from the file alone"),
                        ["deals", "seed", "names", "chosen_rules", "workers", "scheduler",
                         "out", "resume"])
        results = _read(report_from)
        if results.missing:
            fields = {"path": report_from, "done": len(results.records),
                      "deals": results.header.deals, "line": results.torn_line}
            raise click.ClickException(
                (_("{path}: {done} of the match's {deals} deal seeds: finish it with tarot "
                   "simulate --resume {path}") if results.torn_line is None else
                 _("{path}: {done} of the match's {deals} deal seeds (line {line} is cut "
                   "short and does not count): finish it with tarot simulate --resume {path}"))
                .format(**fields))
        _print(report(results.header, results.records, None, timing=not no_timing), as_json)
        return
    if out is not None and resume is not None:
        raise click.UsageError(_("--out starts a new results file and --resume finishes "
                                 "one: give one of them"))
    if resume is None:
        names, chosen_rules = _table(ctx, names, chosen_rules)
    from tarot.duplicate.backends import BackendError, open_backend
    from tarot.duplicate.match import NoContract
    from tarot.duplicate.results_file import ResultsWriter

    path = out or resume
    start = time.perf_counter()
    try:
        with _stopped_by_signals(path), contextlib.ExitStack() as stack:
            # The file is checked before a cluster is started or reached (that takes
            # seconds), and made only once the backend is there: a run refused for want
            # of Dask leaves no file in the way of the same command run again.
            if path is not None:
                _hold(stack, path)
            done: Sequence[SeedRecord] = ()
            if resume is not None:
                results = _read(resume)
                match, rules = _resumed_match(ctx, results, names, seed, deals, chosen_rules)
                done = results.records
            else:
                assert chosen_rules is not None  # _table chose them
                match, rules = _header(names, seed, deals, chosen_rules), chosen_rules.rules
                if out is not None and out.exists():
                    raise _exists(out)
            backend = stack.enter_context(open_backend(workers or default_workers(),
                                                       scheduler))
            if backend.workers == 0:
                click.echo(_("The Dask scheduler at {scheduler} has no workers yet: the "
                             "match starts when they join (dask worker ADDRESS).")
                           .format(scheduler=scheduler), err=True)
            writer = None
            if resume is not None:
                writer = stack.enter_context(ResultsWriter(resume, results.whole_bytes))
            elif out is not None:
                writer = stack.enter_context(ResultsWriter(out, _start(out, match)))
            records = _play(match, rules, done, backend, writer,
                            show=not quiet and sys.stderr.isatty())
            run = Run(backend.workers, backend.scheduler, time.perf_counter() - start,
                      match.deals - len(done))
    except BackendError as error:
        raise click.ClickException(str(error)) from None
    except NoContract as error:
        raise click.ClickException(_("{error}: the players do not bid under these rules")
                                   .format(error=error)) from None
    _print(report(match, records, run, timing=not no_timing), as_json)


def _table(ctx: click.Context, names: tuple[str, ...], chosen: ChosenRules | None
           ) -> tuple[tuple[str, ...], ChosenRules]:
    """The players and the rule set of a new match, agreeing on the table's size: the rule
    set of --rules, with --players' names (as many as its seats) or, --players left out,
    rules against random players; without --rules, the size of --players picks it."""
    if chosen is None:
        return names, _choose_rules(RULES_FOR_SEATS[len(names)])
    seats = chosen.rules.players
    if not _given(ctx, "names"):
        return lineup(seats), chosen
    problem = _players_problem(names, seats)
    if problem is not None:
        raise click.UsageError(_("--rules {rules} is for {seats} players: {problem}").format(
            rules=chosen.rules.id, seats=seats, problem=problem), ctx)
    return names, chosen


class _Terminated(Exception):
    """SIGTERM, raised where the run is, as Ctrl-C raises KeyboardInterrupt."""


@contextlib.contextmanager
def _stopped_by_signals(path: Path | None) -> Iterator[None]:
    """A run stopped by Ctrl-C (SIGINT) or SIGTERM ends as any other way out of it does:
    its workers are ended (quietly: ``tarot.duplicate.backends``), its results file closed with
    whole lines; then one line says where the results are, and the exit status is
    128 + the signal's number. (Without a handler SIGTERM would end this process at
    once and leave the workers to find out.)"""
    import signal

    def terminate(signum: int, frame: object) -> None:
        raise _Terminated

    try:
        previous = signal.signal(signal.SIGTERM, terminate)
        installed = True
    except ValueError:  # not the main thread: signals are not ours to handle
        installed = False
    try:
        yield
    except (KeyboardInterrupt, _Terminated) as stop:
        number = signal.SIGINT if isinstance(stop, KeyboardInterrupt) else signal.SIGTERM
        if path is not None and path.exists():
            said = _("Stopped by {signal}; the deal seeds played so far are in {path}: "
                     "tarot simulate --resume {path} plays the rest")
        else:
            said = _("Stopped by {signal}; nothing was written")
        click.echo("\n" + said.format(signal=signal.Signals(number).name, path=path),
                   err=True)
        raise SystemExit(128 + number) from None
    finally:
        if installed:
            signal.signal(signal.SIGTERM, previous)


def _hold(stack: contextlib.ExitStack, path: Path) -> None:
    """The results file's lock, held until ``stack`` closes: one run at a time writes it."""
    from tarot.storage.locks import SaveInUse, hold_save

    try:
        stack.enter_context(hold_save(path, writer="tarot simulate"))
    except SaveInUse as error:
        raise click.ClickException(str(error)) from None
    except OSError as error:
        raise click.ClickException(_("{path}: cannot lock the results file: {error}").format(
            path=path, error=os_error_said(error).shown)) from None


def _play(match: ResultsHeader, rules: RuleSet, done: Sequence[SeedRecord], backend: Backend,
          writer: ResultsWriter | None, *, show: bool) -> list[SeedRecord]:
    """Play the deal seeds of ``match`` that ``done`` lacks, writing each task's records
    down as it finishes, under a progress bar."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    # The bar is for a person watching: never in a pipe or a log file, where its
    # redraws would be noise; stdout stays clean for the table or the JSON either way.
    progress = Progress(TextColumn(_("deal seeds")), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(),
                        console=Console(stderr=True), transient=True, disable=not show)

    def finished(records: list[SeedRecord]) -> None:
        if writer is not None:
            writer.write(records)
        progress.advance(bar, len(records))

    with progress:
        bar = progress.add_task("simulate", total=match.deals, completed=len(done))
        return run_simulation(match.players, match.deals, match.seed, rules, backend,
                              done=done, on_records=finished)


def _refuse_options(ctx: click.Context, why: str, parameters: list[str]) -> None:
    """A usage error naming the options of ``parameters`` given on the command line."""
    given = [_option_name(ctx, name) for name in parameters if _given(ctx, name)]
    if given:
        raise click.UsageError(ngettext("{why}: {options} cannot go with it",
                                        "{why}: {options} cannot go with it", len(given))
                               .format(why=why, options=", ".join(given)), ctx)


def _given(ctx: click.Context, parameter: str) -> bool:
    source = ctx.get_parameter_source(parameter)
    return source is not None and source is not click.core.ParameterSource.DEFAULT


def _option_name(ctx: click.Context, parameter: str) -> str:
    option = next(p for p in ctx.command.params if p.name == parameter)
    return option.opts[0]


def _header(names: Sequence[str], seed: int, deals: int, chosen: ChosenRules) -> ResultsHeader:
    from tarot import __version__
    from tarot.duplicate.results_file import ResultsHeader

    return ResultsHeader(program=__version__, players=tuple(names),
                         seed=seed, deals=deals, rules=chosen.argument,
                         rules_id=chosen.rules.id, rules_hash=chosen.rules.content_hash)


def _resumed_match(ctx: click.Context, results: Results, names: tuple[str, ...], seed: int,
                   deals: int, chosen: ChosenRules | None) -> tuple[ResultsHeader, RuleSet]:
    """The match of the file and its rule set, the options left out taken from the file;
    refused, each setting named, if an option given differs from it."""
    from tarot.duplicate.results_file import differences
    from tarot.engine.rules import RulesError

    recorded = results.header
    if chosen is None:
        try:
            chosen = _choose_rules(recorded.rules)
        except RulesError as error:
            raise click.ClickException(_("{path}: the match's rules cannot be loaded "
                                         "({error}); give them with --rules")
                                       .format(path=results.path, error=error)) from None
    if not _given(ctx, "names"):
        names = recorded.players
        problem = _players_problem(names, chosen.rules.players)
        if problem is not None:
            raise click.ClickException(f"{results.path}:1: {problem}")
    wanted = _header(names, seed if _given(ctx, "seed") else recorded.seed,
                     deals if _given(ctx, "deals") else recorded.deals, chosen)
    said = differences(recorded, wanted)
    if said:
        raise click.ClickException(
            _("{path} holds another match: this run would change {changes}. Resume with the "
              "file's settings (leave those options out), or start a new file with --out")
            .format(path=results.path, changes="; ".join(said)))
    if results.torn_line is not None:
        click.echo(_("{path}:{line}: the last line was cut short (a run killed while "
                     "writing it): it is removed and its deal seed played again")
                   .format(path=results.path, line=results.torn_line), err=True)
    return wanted, chosen.rules


def _read(path: Path) -> Results:
    from tarot.duplicate.results_file import ResultsError, read_results

    try:
        return read_results(path)
    except ResultsError as error:
        raise click.ClickException(str(error)) from None


def _start(path: Path, match: ResultsHeader) -> int:
    """A new results file holding the header; the bytes it holds."""
    from tarot.duplicate.results_file import header_line, start_results

    try:
        start_results(path, match)
    except FileExistsError:
        raise _exists(path) from None
    return len(header_line(match).encode()) + 1


def _exists(path: Path) -> click.ClickException:
    from tarot.files.atomic import NotARegularFile, refuse_unless_regular_or_new

    try:
        refuse_unless_regular_or_new(path)
    except NotARegularFile as error:
        return click.ClickException(str(error))
    return click.ClickException(_("{path} exists: --resume {path} finishes its match; --out "
                                  "makes a new file").format(path=path))


def _print(data: dict[str, Any], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(data, indent=2, allow_nan=False))
    else:
        for line in table(data):
            click.echo(line)
