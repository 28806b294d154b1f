"""``tarot validate``: saved game logs and match files checked."""

from __future__ import annotations

import json
from pathlib import Path

import click

from tarot.i18n import N_, _, ngettext
from tarot.ui.exit_status import ExitStatus
from tarot.ui.language import TranslatedCommand


@click.command(cls=TranslatedCommand, help=N_(
    "Check saved game logs (and match files); exit 1 if any is not valid.\n\n"
    "A valid file gets one line on stdout; a bad one gets one line on stderr:\n"
    "FILE:LINE: event #SEQ (TYPE): CODE: message. With --json, a JSON array on\n"
    "stdout: for each file its \"file\", \"valid\", and either \"events\", \"state\"\n"
    "(settled or in_progress), \"phase\" and \"torn_line_ignored\", or the fault's\n"
    "\"line\" (null for the file as a whole), \"seq\", \"type\", \"code\" and \"message\"."))
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--allow-incomplete", is_flag=True, help=N_("Accept a game still in progress."))
@click.option("--json", "as_json", is_flag=True,
              help=N_("Print one JSON object a file (for scripts) instead of text."))
def validate(files: tuple[str, ...], allow_incomplete: bool, as_json: bool) -> None:
    # Imported here, not with the module: `tarot validate --help` needs none of them.
    from tarot import log
    from tarot.engine.phase_table import phase_said
    from tarot.log import LogError
    from tarot.storage.match_file import MatchError, is_match_file, load_match

    bad = 0
    report: list[dict[str, object]] = []
    for path in files:
        if is_match_file(Path(path)):
            try:
                match = load_match(Path(path), allow_incomplete=allow_incomplete)
            except (MatchError, LogError) as error:
                bad += 1
                # In English, as every --json: a deal's log problem by its English line.
                report.append({"file": path, "valid": False, "match": True,
                               "message": error.problem.in_english()
                               if isinstance(error, LogError) else str(error)})
                if not as_json:
                    click.echo(_("{path}: match: {error}").format(path=path, error=error), err=True)
                continue
            over = sum(game.is_over for game in match.games)
            report.append({"file": path, "valid": True, "match": True,
                           "deals": len(match.index.deals), "deals_over": over})
            if not as_json:
                deals = len(match.index.deals)
                click.echo(ngettext("{path}: ok, a match of {deals} deal ({over} over), each "
                                    "deal's log valid",
                                    "{path}: ok, a match of {deals} deals ({over} over), each "
                                    "deal's log valid", deals)
                           .format(path=path, deals=deals, over=over))
            continue
        try:
            loaded = log.load_log(path, allow_incomplete=allow_incomplete,
                                  drop_torn=allow_incomplete)
        except LogError as error:
            bad += 1
            problem = error.problem
            report.append({"file": path, "valid": False, "line": problem.line or None,
                           "seq": problem.seq, "type": problem.event_type,
                           "code": problem.code, "message": problem.message})
            if not as_json:
                click.echo(str(error), err=True)
            continue
        game = loaded.game
        report.append({"file": path, "valid": True, "events": len(game.events),
                       "state": "settled" if game.is_over else "in_progress",
                       "phase": game.phase,
                       "torn_line_ignored": loaded.torn is not None})
        if as_json:
            continue
        if loaded.torn is not None:
            # A game in progress whose last write was cut short: what precedes is whole.
            click.echo(_("{problem} (warning: the torn line is ignored)")
                       .format(problem=loaded.torn), err=True)
        events = len(game.events)
        if game.is_over:
            said = ngettext("{path}: ok, {events} event, settled",
                            "{path}: ok, {events} events, settled", events)
        else:
            said = ngettext("{path}: ok, {events} event, in progress ({phase})",
                            "{path}: ok, {events} events, in progress ({phase})", events)
        click.echo(said.format(path=path, events=events, phase=phase_said(game.phase).shown))
    if as_json:
        click.echo(json.dumps(report, indent=2, ensure_ascii=False))
    if bad:
        raise SystemExit(ExitStatus.FAILED)

