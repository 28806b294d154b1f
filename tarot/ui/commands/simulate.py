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

This module is the command: its options, the progress bar, and the report printed. The
match and its report as data are :mod:`tarot.duplicate.simulate`'s, the report as text
:mod:`tarot.duplicate.report_table`'s, the match's setting up and resuming
:mod:`tarot.duplicate.match_setup`'s, and the signals that stop it
:mod:`tarot.duplicate.stopping`'s.
"""

from __future__ import annotations

import contextlib
import json
import signal
import sys
import time
from collections.abc import Container, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from tarot.duplicate.match_setup import (
    RULES_FOR_SEATS,
    ChosenRules,
    choose_rules,
    hold_results,
    lineup,
    match_header,
    players_problem,
    results_file_exists,
    resumed_match,
    start_results_file,
)
from tarot.duplicate.report_table import table
from tarot.duplicate.results_file import MAX_DEAL_SEEDS
from tarot.duplicate.simulate import Run, default_workers, play_match, report
from tarot.duplicate.stopping import stopped_by_signals
from tarot.duplicate.tally import MatchTally
from tarot.errors import TarotError
from tarot.i18n import N_, _, ngettext
from tarot.ui.exit_status import ExitStatus
from tarot.ui.language import TranslatedCommand

if TYPE_CHECKING:
    from tarot.duplicate.backends import Backend
    from tarot.duplicate.match import SeedRecord
    from tarot.duplicate.results_file import ResultsHeader, ResultsReader, ResultsWriter
    from tarot.engine.rules import RuleSet


def _parse_players(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    if value.strip().isdigit():
        seats = int(value)
        if seats not in RULES_FOR_SEATS:
            raise click.BadParameter(_("a table is of 3, 4 or 5 players, not {count}")
                                     .format(count=seats), ctx, param)
        return lineup(seats)
    names = tuple(name.strip() for name in value.split(","))
    problem = players_problem(names)
    if problem is not None:
        raise click.BadParameter(problem, ctx, param)
    return names


def _load_rules(ctx: click.Context, param: click.Parameter, value: str | None
                ) -> ChosenRules | None:
    from tarot.engine.rule_files import names_a_file
    from tarot.engine.rules import RulesError

    if value is None:
        return None  # the table's size decides: _table
    try:
        return choose_rules(value)
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
        with _reading(report_from) as reader:
            tally = MatchTally(reader.header.players)
            for record in reader.records():
                tally.add(record)
        if reader.missing:
            fields = {"path": report_from, "done": len(reader.done),
                      "deals": reader.header.deals, "line": reader.torn_line}
            raise click.ClickException(
                (_("{path}: {done} of the match's {deals} deal seeds: finish it with tarot "
                   "simulate --resume {path}") if reader.torn_line is None else
                 _("{path}: {done} of the match's {deals} deal seeds (line {line} is cut "
                   "short and does not count): finish it with tarot simulate --resume {path}"))
                .format(**fields))
        _print(report(reader.header, tally, None, timing=not no_timing), as_json)
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
        with stopped_by_signals(partial(_stopped, path)), contextlib.ExitStack() as stack:
            # The file is checked before a cluster is started or reached (that takes
            # seconds), and made only once the backend is there: a run refused for want
            # of Dask leaves no file in the way of the same command run again.
            if path is not None:
                hold_results(stack, path)
            done: Container[int] = frozenset()
            if resume is not None:
                # The file's records folded into the report as they are read, then let go.
                with _reading(resume) as reader:
                    tally = MatchTally(reader.header.players)
                    for record in reader.records():
                        tally.add(record)
                # The same players, or the match is refused: the tally is the match's.
                match, rules = _resumed(ctx, reader, names, seed, deals, chosen_rules)
                _said_torn(reader)
                done = reader.done
            else:
                assert chosen_rules is not None  # _table chose them
                match, rules = match_header(names, seed, deals, chosen_rules), chosen_rules.rules
                tally = MatchTally(match.players)
                if out is not None and out.exists():
                    raise results_file_exists(out)
            backend = stack.enter_context(open_backend(workers or default_workers(),
                                                       scheduler))
            if backend.workers == 0:
                click.echo(_("The Dask scheduler at {scheduler} has no workers yet: the "
                             "match starts when they join (dask worker ADDRESS).")
                           .format(scheduler=scheduler), err=True)
            writer = None
            if resume is not None:
                writer = stack.enter_context(ResultsWriter(resume, reader.whole_bytes))
            elif out is not None:
                writer = stack.enter_context(ResultsWriter(out,
                                                           start_results_file(out, match)))
            played = _play(match, rules, done, tally, backend, writer,
                           show=not quiet and sys.stderr.isatty())
            run = Run(backend.workers, backend.scheduler, time.perf_counter() - start, played)
    except NoContract as error:
        raise click.ClickException(_("{error}: the players do not bid under these rules")
                                   .format(error=error)) from None
    except (BackendError, TarotError) as error:
        # A cluster out of reach; the results file locked, another match's, already there.
        raise click.ClickException(str(error)) from None
    _print(report(match, tally, run, timing=not no_timing), as_json)


def _table(ctx: click.Context, names: tuple[str, ...], chosen: ChosenRules | None
           ) -> tuple[tuple[str, ...], ChosenRules]:
    """The players and the rule set of a new match, agreeing on the table's size: the rule
    set of --rules, with --players' names (as many as its seats) or, --players left out,
    rules against random players; without --rules, the size of --players picks it."""
    if chosen is None:
        return names, choose_rules(RULES_FOR_SEATS[len(names)])
    seats = chosen.rules.players
    if not _given(ctx, "names"):
        return lineup(seats), chosen
    problem = players_problem(names, seats)
    if problem is not None:
        raise click.UsageError(_("--rules {rules} is for {seats} players: {problem}").format(
            rules=chosen.rules.id, seats=seats, problem=problem), ctx)
    return names, chosen


def _play(match: ResultsHeader, rules: RuleSet, done: Container[int], tally: MatchTally,
          backend: Backend, writer: ResultsWriter | None, *, show: bool) -> int:
    """Play the deal seeds of ``match`` that ``done`` lacks, each task's records folded
    into ``tally`` and written down as it finishes (then let go), under a progress bar;
    the deal seeds played."""
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
        tally.add_all(records)
        if writer is not None:
            writer.write(records)
        progress.advance(bar, len(records))

    with progress:
        bar = progress.add_task("simulate", total=match.deals, completed=tally.deals)
        return play_match(match.players, match.deals, match.seed, rules, backend, finished,
                          done=done)


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


def _resumed(ctx: click.Context, reader: ResultsReader, names: tuple[str, ...], seed: int,
             deals: int, chosen: ChosenRules | None) -> tuple[ResultsHeader, RuleSet]:
    """The match of the file, with the options given on the command line checked against
    it."""
    return resumed_match(reader.path, reader.header,
                         names if _given(ctx, "names") else None,
                         seed if _given(ctx, "seed") else None,
                         deals if _given(ctx, "deals") else None, chosen)


def _said_torn(reader: ResultsReader) -> None:
    """A torn last line said on stderr, once the file is read."""
    if reader.torn_line is not None:
        click.echo(_("{path}:{line}: the last line was cut short (a run killed while "
                     "writing it): it is removed and its deal seed played again")
                   .format(path=reader.path, line=reader.torn_line), err=True)


def _stopped(path: Path | None, stopped_by: signal.Signals) -> NoReturn:
    """Where the results are, once a signal stopped the run; the signal's exit status."""
    if path is not None and path.exists():
        said = _("Stopped by {signal}; the deal seeds played so far are in {path}: "
                 "tarot simulate --resume {path} plays the rest")
    else:
        said = _("Stopped by {signal}; nothing was written")
    click.echo("\n" + said.format(signal=stopped_by.name, path=path), err=True)
    raise SystemExit(ExitStatus.stopped_by(stopped_by))


@contextlib.contextmanager
def _reading(path: Path) -> Iterator[ResultsReader]:
    """The results file read as a stream; a fault in it, one line to print."""
    from tarot.duplicate.results_file import ResultsError, ResultsReader

    try:
        with ResultsReader(path) as reader:
            yield reader
    except ResultsError as error:
        raise click.ClickException(str(error)) from None


def _print(data: dict[str, Any], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(data, indent=2, allow_nan=False))
    else:
        for line in table(data):
            click.echo(line)
