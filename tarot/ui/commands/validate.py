"""``tarot validate``: saved game logs and match files checked."""

from __future__ import annotations

import json
from pathlib import Path

import click

import tarot.log
from tarot.log import LogError
from tarot.storage.match_file import MatchError, is_match_file, load_match


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--allow-incomplete", is_flag=True, help="Accept a game still in progress.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object a file (for scripts) instead of text.")
def validate(files: tuple[str, ...], allow_incomplete: bool, as_json: bool) -> None:
    """Check saved game logs (and match files); exit 1 if any is not valid.

    A valid file gets one line on stdout; a bad one gets one line on stderr:
    FILE:LINE: event #SEQ (TYPE): CODE: message. With --json, a JSON array on
    stdout: for each file its "file", "valid", and either "events", "state"
    (settled or in_progress), "phase" and "torn_line_ignored", or the fault's
    "line" (null for the file as a whole), "seq", "type", "code" and "message".
    """


    bad = 0
    report: list[dict[str, object]] = []
    for path in files:
        if is_match_file(Path(path)):
            try:
                match = load_match(Path(path), allow_incomplete=allow_incomplete)
            except (MatchError, LogError) as error:
                bad += 1
                report.append({"file": path, "valid": False, "match": True,
                               "message": str(error)})
                if not as_json:
                    click.echo(f"{path}: match: {error}", err=True)
                continue
            over = sum(game.is_over for game in match.games)
            report.append({"file": path, "valid": True, "match": True,
                           "deals": len(match.index.deals), "deals_over": over})
            if not as_json:
                click.echo(f"{path}: ok, a match of {len(match.index.deals)} deal"
                           f"{'s' if len(match.index.deals) != 1 else ''} ({over} over), "
                           "each deal's log valid")
            continue
        try:
            loaded = tarot.log.load_log(path, allow_incomplete=allow_incomplete,
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
        state = "settled" if game.is_over else f"in progress ({game.phase})"
        report.append({"file": path, "valid": True, "events": len(game.events),
                       "state": "settled" if game.is_over else "in_progress",
                       "phase": game.phase,
                       "torn_line_ignored": loaded.torn is not None})
        if as_json:
            continue
        if loaded.torn is not None:
            # A game in progress whose last write was cut short: what precedes is whole.
            click.echo(f"{loaded.torn} (warning: the torn line is ignored)", err=True)
        click.echo(f"{path}: ok, {len(game.events)} events, {state}")
    if as_json:
        click.echo(json.dumps(report, indent=2, ensure_ascii=False))
    if bad:
        raise SystemExit(1)

