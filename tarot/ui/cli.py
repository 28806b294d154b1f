"""The ``tarot`` command: the only module that prints."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import click

from tarot import __version__

if TYPE_CHECKING:
    from tarot.engine.events import LogHeader
    from tarot.engine.game import Game
    from tarot.explain.audit import Rescore
    from tarot.log import LoadedLog
    from tarot.storage.match_file import MatchDeal, MatchIndex, SheetRow
    from tarot.storage.named_deals import Script

# The names of tarot.bots.registry.PLAYERS, written out so that `tarot --help` need not
# import the players (a test keeps the two lists equal).
LEVELS = ("random", "easy", "rules", "normal", "strong")
DEFAULT_LEVEL = "strong"  # tarot.bots.registry.DEFAULT_LEVEL, which says why
# tarot.storage.match_file.MAX_INDEX_DEALS, the most deals a match index holds (a test keeps them
# equal; written out for the same reason as LEVELS).
MAX_MATCH_DEALS = 100_000


class _Tarot(click.Group):
    """The command group, turning what the machine refuses (memory, a file system's
    error) into a one-line message and exit 1, whichever command met it."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except MemoryError:
            raise click.ClickException("out of memory") from None
        except BrokenPipeError:
            # The reader went away (`tarot replay FILE | head`): stop quietly, as cat does.
            import os
            import sys

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise SystemExit(141) from None
        except OSError as error:
            where = f"{error.filename}: " if error.filename else ""
            raise click.ClickException(f"{where}{error.strerror or error}") from None


@click.group(cls=_Tarot)
@click.version_option(version=__version__, prog_name="tarot")
def main() -> None:
    """French Tarot: play a deal against three computer players, replay and check saved games."""


@main.command()
@click.argument("rule_id", required=False, metavar="[RULE]")
@click.option("--json", "as_json", is_flag=True, help="Print the rule set as JSON data.")
@click.option("--diagram", is_flag=True, help="Print the phase machine as a Mermaid diagram.")
@click.option("--rules", "rules_name", default="standard", show_default=True,
              help="A rule set name (standard, fft) or a path to a .toml file.")
def rules(rule_id: str | None, as_json: bool, diagram: bool, rules_name: str) -> None:
    """Show the rules card of a rule set, or one rule of the rule book (R11, A5, 3.6, S01).

    Every refusal names the rule it applies; `tarot rules R11` prints that rule.
    """
    if sum([rule_id is not None, as_json, diagram]) > 1:
        raise click.UsageError("give one of RULE, --json and --diagram")
    if rule_id is not None and click.get_current_context().get_parameter_source(
            "rules_name") == click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("a rule of the rule book is the same under every rule set: "
                               "--rules goes with the rules card or --json")
    if diagram:
        from tarot.engine.phases import mermaid_diagram

        click.echo(mermaid_diagram())
        return
    if rule_id is not None:
        from tarot.explain.rulebook import RuleBookError, lookup

        try:
            # Printed as text: the book's Markdown emphasis and code marks left out.
            click.echo(_plain(lookup(rule_id).text))
        except RuleBookError as error:
            raise click.ClickException(str(error)) from None
        return
    from tarot.engine.rule_files import load_rules
    from tarot.engine.rules import RulesError

    try:
        ruleset = load_rules(rules_name)
    except RulesError as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        click.echo(ruleset.model_dump_json(indent=2))
        return
    from tarot.explain.rules_card import rules_card

    click.echo("\n".join(rules_card(ruleset)))


def _plain(markdown: str) -> str:
    """The rule book's Markdown as plain text for a terminal: no emphasis, code or fence
    marks."""
    import re

    lines = [line for line in markdown.splitlines() if not line.startswith("```")]
    text = "\n".join(lines).replace("**", "").replace("`", "")
    return re.sub(r"(?<![\w*])\*(\S[^*\n]*?)\*(?![\w*])", r"\1", text)


def _load(path: str, allow_incomplete: bool = False, warn: bool = True) -> LoadedLog:
    """A log replayed; a game in progress may end in a torn line (a write cut short),
    which is dropped with a warning on stderr."""
    from tarot.log import LogError, load_log

    try:
        loaded = load_log(path, allow_incomplete=allow_incomplete, drop_torn=allow_incomplete)
    except LogError as error:
        raise click.ClickException(str(error)) from None
    if loaded.torn is not None and warn:
        click.echo(f"warning: {loaded.torn}", err=True)
    return loaded


def _load_game(path: str, allow_incomplete: bool = False) -> Game:
    return _load(path, allow_incomplete).game


@main.command()
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
    import json

    from tarot.log import LogError, load_log
    from tarot.storage.match_file import MatchError, is_match_file, load_match

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
            loaded = load_log(path, allow_incomplete=allow_incomplete,
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


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the audit as JSON.")
@click.option("--rules", "other_rules", default=None,
              help="Re-score the same deal under another rule set (a name or a .toml path).")
def audit(file: str, as_json: bool, other_rules: str | None) -> None:
    """Explain the settlement of a saved game, step by step."""
    import json

    from tarot.engine.rule_files import load_rules
    from tarot.engine.rules import RulesError
    from tarot.explain.audit import audit as audit_game
    from tarot.explain.audit import audit_lines, rescore
    from tarot.storage.match_file import MatchError, is_match_file, load_match

    if is_match_file(Path(file)):
        # A match: its score sheet (each deal's own audit is `tarot audit DEAL-LOG`).
        from tarot.log import LogError
        from tarot.storage.match_file import sheet_lines, totals
        from tarot.ui.terminal import SEAT_NAMES

        try:
            match = load_match(Path(file))
        except (MatchError, LogError) as error:
            raise click.ClickException(str(error)) from None
        rows = match.sheet_rows()
        if as_json:
            click.echo(json.dumps({"deals": [
                {"deal": row.deal, "dealer": row.dealer, "dealt_by": row.dealt_by,
                 "redeals": list(row.redeals),
                 "log": match.index.deals[row.deal - 1].log,
                 "contract": row.settlement.contract, "taker": row.settlement.taker,
                 "contract_made": row.settlement.contract_made,
                 "difference": row.settlement.difference,
                 "scores": list(row.settlement.scores)}
                for row in rows],
                "totals": totals(rows)}, indent=2))
            return
        contracts = {c.id: c.name for c in match.games[0].rules.contracts}
        for line in sheet_lines(rows, SEAT_NAMES, contracts):
            click.echo(line)
        return
    game = _load_game(file)
    result = audit_game(game)
    other = None
    if other_rules is not None:
        try:
            other = rescore(game, load_rules(other_rules))
        except RulesError as error:
            raise click.ClickException(str(error)) from None
    if as_json:
        document = result.as_json()
        if other is not None:
            document["rescored"] = _rescore_json(other, game)
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
        return
    from tarot.ui.terminal import SEAT_NAMES

    # The seats by the names `replay` gives them (South is seat 0), not P0..P3.
    for line in audit_lines(result, SEAT_NAMES):
        click.echo(line)
    if other is not None:
        click.echo("")
        for line in _rescore_lines(other, game):
            click.echo(line)


def _rescore_json(other: Rescore, game: Game) -> dict[str, object]:
    import dataclasses

    if other.settlement is None:
        assert other.refused is not None
        return {"rules_id": other.rules_id, "refused_seq": other.refused_seq,
                "code": other.refused.code, "message": other.refused.message}
    before = dataclasses.asdict(game.settlement)  # type: ignore[arg-type]
    after = dataclasses.asdict(other.settlement)
    return {"rules_id": other.rules_id,
            "changes": {k: {"from": before[k], "to": after[k]}
                        for k in before if before[k] != after[k]}}


def _rescore_lines(other: Rescore, game: Game) -> list[str]:
    document = _rescore_json(other, game)
    if "code" in document:
        return [f"Under rules {other.rules_id!r} the deal is not legal: event "
                f"#{document['refused_seq']}: {document['code']}: {document['message']}"]
    changes = document["changes"]
    assert isinstance(changes, dict)
    if not changes:
        return [f"Under rules {other.rules_id!r}: the same settlement."]
    lines = [f"Under rules {other.rules_id!r}:"]
    for key, change in changes.items():
        lines.append(f"  {key}: {change['from']} → {change['to']}")
    return lines


class _SeatType(click.ParamType):
    """A seat by its name (south, east, north, west) or its number (0-3)."""

    name = "seat"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        from tarot.ui.terminal import SEAT_NAMES

        text = str(value).strip().lower()
        names = [name.lower() for name in SEAT_NAMES]
        if text in names:
            return names.index(text)
        if text.removeprefix("p") in {"0", "1", "2", "3"}:
            return int(text.removeprefix("p"))
        self.fail(f"{value!r} is not a seat: south, east, north, west (or 0-3, P0-P3)",
                  param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[click.shell_completion.CompletionItem]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(name) for name in ("south", "east", "north", "west")
                if name.startswith(incomplete.lower())]


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--as-seat", type=_SeatType(), default=None, metavar="SEAT",
              help="Show only what this seat (south, east, north, west) could see at "
              "each moment.")
@click.option("--to", "to_seq", type=click.IntRange(min=0), default=None,
              help="Stop after the event with this number (the numbers replay prints: the "
              "seq of each line, as tarot play writes a log).")
@click.option("--step", is_flag=True, help="Wait for Enter between events.")
@click.option("--allow-incomplete", is_flag=True, help="Replay a game still in progress.")
@click.option("--html", "html_path", type=click.Path(path_type=Path),
              default=None, metavar="OUT.html",
              help="Write the replay as one web page instead (self-contained: it opens "
              "offline); for a match index, one page for the whole match.")
@click.option("--force", is_flag=True, help="Replace the --html file if it exists.")
def replay(file: str, as_seat: int | None, to_seq: int | None, step: bool,
           allow_incomplete: bool, html_path: Path | None, force: bool) -> None:
    """Print a saved game as it happened, trick by trick (or write it as a web page)."""
    from tarot.explain.narrate import Narrator
    from tarot.storage.match_file import MatchError, is_match_file, read_index
    from tarot.ui.terminal import SEAT_NAMES

    if html_path is None and force:
        raise click.UsageError("--force goes with --html (it replaces the page)")
    if html_path is not None:
        if step or to_seq is not None:
            raise click.UsageError("--html writes the whole deal; open the page at an event "
                                   "with the address's #seq=N instead of --to or --step")
        _write_replay_page(Path(file), html_path, as_seat, allow_incomplete, force)
        return
    if is_match_file(Path(file)):
        try:
            logs = [entry.log for entry in read_index(Path(file)).deals]
        except MatchError as error:
            raise click.ClickException(str(error)) from None
        raise click.ClickException(
            f"{file} is a match's index, not a deal: replay one of its deals, "
            f"{', '.join(str(Path(file).with_name(log)) for log in logs)}")
    game = _load_game(file, allow_incomplete=allow_incomplete)
    narrator = Narrator(game.rules, SEAT_NAMES, as_seat=as_seat)
    if as_seat is not None:
        click.echo(f"Seen from {SEAT_NAMES[as_seat]}'s seat (P{as_seat}): other hands and "
                   "hidden cards stay hidden.")
    if step:
        click.echo("Press Enter for the next event, q then Enter to stop.")
    # Each event is numbered by its place in the whole log: its seq in the file as tarot
    # play writes it (a log that leaves derived lines out is numbered as if it had them).
    width = len(str(len(game.events) - 1))
    for seq, event in enumerate(game.events):
        for index, line in enumerate(narrator.lines(event)):
            click.echo(f"{seq if index == 0 else '':>{width}}  {line}")
        if to_seq is not None and seq >= to_seq:
            break
        if step:
            try:
                answer = click.prompt("", default="", show_default=False, prompt_suffix="")
            except click.Abort:
                return
            if answer.strip().lower() in {"q", "quit"}:
                return


def _write_replay_page(source: Path, out: Path, as_seat: int | None, allow_incomplete: bool,
                       force: bool) -> None:
    """The replay page of a log (or of a match), made only from a log that validates, and
    written whole or not at all."""
    from tarot.files.atomic import write_text_atomic
    from tarot.log import LogError
    from tarot.storage.match_file import MatchError, is_match_file, load_match
    from tarot.ui.page_html import render_page
    from tarot.ui.replay_page import log_document, match_document
    from tarot.ui.terminal import SEAT_NAMES

    _refuse_special_target(out)  # before the work: --force replaces files only
    if out.exists() and not force:
        raise click.ClickException(f"{out} exists: add --force to replace it")
    if is_match_file(source):
        try:
            match = load_match(source, allow_incomplete=allow_incomplete)
        except (MatchError, LogError) as error:
            raise click.ClickException(str(error)) from None
        document = match_document(source, match, SEAT_NAMES, as_seat)
    else:
        game = _load_game(str(source), allow_incomplete=allow_incomplete)
        document = log_document(source, game, SEAT_NAMES, as_seat)
    page = render_page(document)
    try:
        write_text_atomic(out, page, overwrite=force)
    except FileExistsError:
        raise click.ClickException(f"{out} exists: add --force to replace it") from None
    except OSError as error:
        raise click.ClickException(f"{out}: {error.strerror or error}") from None
    size = len(page.encode("utf-8"))
    click.echo(f"Wrote {out} ({(size + 1023) // 1024} KB, {len(document['steps'])} events"
               + (f", seen from {SEAT_NAMES[as_seat]}" if as_seat is not None else "")
               + "): open it in any browser, offline.")


@main.command()
@click.option("--match", "of_match", is_flag=True,
              help="The schema of a match index (NAME.match.jsonl) instead.")
def schema(of_match: bool) -> None:
    """Print the JSON Schema of a line of the game log (or of a match index)."""
    import json

    if of_match:
        from tarot.storage.match_file import match_schema

        click.echo(json.dumps(match_schema(), indent=2, ensure_ascii=False))
        return
    from tarot.log import log_schema

    click.echo(json.dumps(log_schema(), indent=2, ensure_ascii=False))


@main.command()
def saves() -> None:
    """List the saved games, the most recent first (continue one with play --resume NAME)."""
    import contextlib
    from datetime import datetime

    from tarot.log import LogError, load_log
    from tarot.storage.match_file import MatchError, is_match_file, load_match, read_index
    from tarot.storage.save_folder import save_folders, saved_games

    games = saved_games()
    if not games:
        click.echo(f"No saved games in {' or '.join(map(str, save_folders()))}.")
        return
    in_matches: set[Path] = set()
    for path, _ in games:
        if is_match_file(path):
            with contextlib.suppress(MatchError):
                index = read_index(path)
                in_matches |= {index.log_path(entry) for entry in index.deals}
    for path, modified in games:
        if path in in_matches:
            continue  # a deal of a match: the match's line stands for it
        try:
            if is_match_file(path):
                match = load_match(path, allow_incomplete=True)
                played = len(match.games)
                over = match.index.header.deals is not None and played >= \
                    match.index.header.deals and all(g.is_over for g in match.games)
                state = (f"a match, {played} deal{'s' if played != 1 else ''}, "
                         + ("over" if over else "in progress" if not match.games[-1].is_over
                            else "between deals"))
            else:
                loaded = load_log(path, allow_incomplete=True, drop_torn=True)
                state = "over" if loaded.game.is_over else f"in progress ({loaded.game.phase})"
                if loaded.game.header.match_deals is not None:
                    # Killed before its index was made: --resume goes on with the match.
                    state = ("a match, 1 deal, "
                             + ("between deals" if loaded.game.is_over else state))
        except MatchError as error:
            state = f"not a match: {str(error).removeprefix(f'{path}:')}"[:60]
        except LogError as error:
            state = f"not a game: {error.problem.message}"[:60]
        when = datetime.fromtimestamp(modified).strftime("%Y-%m-%d %H:%M")
        click.echo(f"{path.stem:<28} {when}  {state}")
    click.echo(f"(in {', '.join(map(str, save_folders()))})")


@main.command()
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Deal from this seed (a reproducible deal).")
@click.option("--deal", "deal_name", default=None, metavar="NAME|PATH",
              help="Play a named deal from seeds/ (e.g. slam-made, or seeds/garde.toml).")
@click.option("--rules", "rules_name", default="standard", show_default=True,
              help="A rule set name (standard, fft) or a path to a .toml file.")
@click.option("--save", "save_path", type=click.Path(path_type=Path),
              default=None, help="Where to save the game (default: a new file under "
              "the games folder that `tarot saves` shows).")
@click.option("--level", default=DEFAULT_LEVEL, show_default=True, envvar="TAROT_LEVEL",
              show_envvar=True, type=click.Choice(LEVELS),
              help="The computer players: random, easy (rules with lapses), rules (quick), "
              "normal (sampling, ~0.02 s a card), strong (sampling, ~0.05 s a card).")
@click.option("--auto", is_flag=True, help="The computer plays all four seats.")
@click.option("--resume", "resume_name", metavar="SAVE", default=None,
              help="Continue an unfinished saved game: a file, or a name `tarot saves` lists.")
@click.option("--force", is_flag=True, help="Replace the --save file if it exists.")
@click.option("--deals", type=click.IntRange(min=1, max=MAX_MATCH_DEALS), default=None,
              help="Play this many deals in a row (default: ask after each deal; "
              "one deal with --auto).")
@click.option("--pace", type=click.FloatRange(min=0, max=60), default=None, metavar="SECONDS",
              help="Wait this long after each trick (default: Enter to go on, at a "
              "terminal; no pause when the input is piped).")
@click.pass_context
def play(ctx: click.Context, seed: int | None, deal_name: str | None, rules_name: str,
         save_path: Path | None, level: str, auto: bool, resume_name: str | None,
         force: bool, deals: int | None, pace: float | None) -> None:
    """Play French Tarot: you (South) against three computer players, deal after deal,
    with a score sheet."""
    import contextlib

    from tarot.files.atomic import remove_leftover_temporaries
    from tarot.storage.locks import SaveInUse, hold_save, real_path
    from tarot.storage.match_file import MatchError, index_path, is_match_file, read_index

    _tolerate_undecodable_input()
    resume_path = None if resume_name is None else _find_save(resume_name)
    index = None
    if resume_path is not None:
        _refuse_unless_regular(resume_path)
        # A match's files lie beside the real file, whatever link names it: one match.
        resume_path = path = real_path(resume_path)
        # A match is resumed through its index or its first deal's log (beside the index).
        found = resume_path if is_match_file(resume_path) else index_path(resume_path)
        if found.is_file():
            try:
                index = read_index(found)
            except MatchError as error:
                raise click.ClickException(str(error)) from None
            path = index.log_path(index.deals[0])
    else:
        game, seat_players, script = _new_game(seed, deal_name, rules_name, level, auto)
        from tarot.storage.save_folder import new_save_path

        # Through any link: the lock, the index and the deal logs beside the real file.
        path = real_path(save_path or new_save_path())
        _refuse_save_target(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise click.ClickException(f"{path.parent}: cannot make the folder: "
                                       f"{error.strerror or error}") from None
    with contextlib.ExitStack() as held:
        # One writer per save: a second `tarot play` on this file is refused.
        try:
            held.enter_context(hold_save(path))
        except SaveInUse as error:
            raise click.ClickException(str(error)) from None
        except OSError as error:
            raise click.ClickException(f"{path}: cannot lock the save file: "
                                       f"{error.strerror or error}") from None
        # The first deal's lock guards its match: the index's leftovers are ours to sweep.
        remove_leftover_temporaries(index_path(path))
        if index is None and resume_path is not None:
            index = _match_of_first_deal(path)
        if index is not None:
            _resume_match(ctx, index, auto, deals, pace)
            return
        if resume_path is not None:
            game, seat_players, script = _resume(path, auto, ctx)
        else:
            if deals is not None and deals > 1:
                # A match from the start: its first log says so before the index exists,
                # so that a kill between the two still resumes as the match.
                game.start_match(deals)
            _create_save(path, game, force)
            if deals is not None and deals > 1:
                index = _start_match(path, game.header, seat_players, deals)
        click.echo(f"{'Resuming' if resume_path else 'Saving'} this game: {path.resolve()}")
        _announce(game, seat_players, 1)
        if _play_saved(game, seat_players, script, path, pace,
                       resume_with=None if index is None else index.path):
            _run_match(path, index, game, seat_players, deals, auto, pace)


def _refuse_save_target(path: Path) -> None:
    """Refuse, before anything is locked or written, a new game's save path that is not a
    regular file (``--force`` never replaces a device), or that is the first deal of a
    match whose other files are still there (``--force`` replaces one file, not a match)."""
    import glob
    import re

    from tarot.storage.match_file import index_path

    _refuse_special_target(path)
    stem = path.name.removesuffix(".jsonl")
    deal_log = re.compile(rf"{re.escape(stem)}\.deal-[0-9]+\.jsonl")
    others = sorted({*path.parent.glob(glob.escape(index_path(path).name)),
                     *(other for other in path.parent.glob(f"{glob.escape(stem)}.deal-*.jsonl")
                       if deal_log.fullmatch(other.name))})
    if others:
        listed = ", ".join(other.name for other in others[:3]) + (", …" if others[3:] else "")
        raise click.ClickException(
            f"{path}: the files of a match are beside it ({listed}); a new game here "
            "would be mixed with that match: choose another --save path, or remove them "
            "first")


def _refuse_special_target(path: Path) -> None:
    """One line, before any work, for a path to write that is a device, a FIFO, a socket or
    a directory (``tarot.files.atomic`` would refuse it too, once the work is done)."""
    from tarot.files.atomic import NotARegularFile, refuse_unless_regular_or_new

    try:
        refuse_unless_regular_or_new(path)
    except NotARegularFile as error:
        raise click.ClickException(str(error)) from None


def _match_of_first_deal(first_log: Path) -> MatchIndex | None:
    """The match whose first deal ``first_log`` is, when its header says it is one and its
    index is missing (killed before the index was written): the index made now. None for
    a single deal."""
    from tarot.log import LogError, load_log

    try:
        # The whole log, not its header alone: no index is made for a log that is refused.
        header = load_log(first_log, allow_incomplete=True, drop_torn=True).game.header
    except LogError:
        return None  # resumed as a game, and refused with the log's fault
    if header.match_deals is None or header.players is None:
        return None
    return _start_match(first_log, header, header.players, header.match_deals)


def _start_match(first_log: Path, header: LogHeader, seat_players: tuple[str, ...],
                 deals: int | None) -> MatchIndex:
    """The match's index beside its first deal's log, holding that deal."""
    from tarot.storage.match_file import MatchHeader, index_path, start_index

    return start_index(index_path(first_log), MatchHeader(
        seed=header.seed, rules_id=header.rules_id, rules_hash=header.rules_hash,
        players=seat_players, deals=deals),  # type: ignore[arg-type]
        _first_deal_entry(first_log, header))


def _announce(game: Game, seat_players: tuple[str, ...], deal_number: int) -> None:
    """What a player needs to share or replay the deal: its seed, its number in the match,
    the rule set, and who the computer players are."""
    from tarot.ui.terminal import SEAT_NAMES

    computers = ", ".join(f"{SEAT_NAMES[seat]} {name}" for seat, name in enumerate(seat_players)
                          if name != "person")
    named = f" · named deal {game.header.named_deal.name}" if game.header.named_deal else ""
    # The seed deals every hand: a person at the table sees it only once the deal is over.
    seed = "" if "person" in seat_players else f" · seed {game.header.seed}"
    click.echo(f"Deal {deal_number}{seed}{named} · rules {game.header.rules_id} · computer "
               f"players: {computers}")


def _share_match(first: Game, index: MatchIndex | None, deals: int) -> None:
    """Once the match is over: how to deal it again (its seed, which deals every hand of
    it, is shown only now) and how to audit it."""
    header = first.header
    again = (f"tarot play --deal {header.named_deal.name}" if header.named_deal
             else f"tarot play --seed {header.seed}" if header.first_deal == "shuffled"
             else None)
    if again and header.rules is not None:
        # A rule file of the player's: the log holds its content, not where it was.
        again += " --rules FILE.toml"
    elif again and header.rules_id != "standard":
        again += f" --rules {header.rules_id}"
    levels = {p for p in header.players or () if p != "person"}
    if again and len(levels) == 1 and (level := levels.pop()) != DEFAULT_LEVEL:
        again += f" --level {level}"  # the same players, or it is another match
    if again and deals > 1:
        again += f" --deals {deals}"
    audit = f"{_command()} audit {index.path.resolve()}" if index is not None else None
    if again:
        click.echo(f"{'This match' if deals > 1 else 'This deal'} again: {again}")
        if header.rules is not None:
            click.echo(f"  (FILE.toml: your rule file of id {header.rules_id!r})")
    if audit:
        click.echo(f"Its score sheet: {audit}")


def _run_match(first_log: Path, index: MatchIndex | None, game: Game,
               seat_players: tuple[str, ...], deals: int | None, auto: bool,
               pace: float | None) -> None:
    """After a deal played to its end: the score sheet, then the next deal, until the
    deals asked for are played or the person stops."""
    from tarot.engine.game import Game as NewGame
    from tarot.storage.locks import SaveInUse, hold_save
    from tarot.storage.match_file import (
        MatchDeal,
        append_deal,
        deal_log_name,
        deal_seed,
    )

    names = _seat_names(seat_players)
    while True:
        played = len(index.deals) if index is not None else 1
        totals = _print_sheet(first_log, index, game, names)
        wanted = deals if deals is not None else (1 if auto else None)
        if played >= MAX_MATCH_DEALS:
            click.echo(f"A match holds at most {MAX_MATCH_DEALS:,} deals: this one ends here.")
        if (played >= MAX_MATCH_DEALS or (wanted is not None and played >= wanted)
                or (wanted is None and not _another_deal())):
            from tarot.log import load_log

            _share_match(load_log(first_log).game, index, played)
            return
        number = played + 1
        header = game.header
        entry = MatchDeal(deal=number, log=deal_log_name(first_log, number),
                          seed=deal_seed(index.header.seed if index is not None
                                         else game.header.seed, number),
                          dealer=(game.state.dealer + 1) % 4)
        if index is None:
            index = _start_match(first_log, game.header, seat_players, deals)
        index = append_deal(index, entry)
        game = NewGame.new(entry.seed, rules=game.rules, dealer=entry.dealer,
                           seats=header.seats, players=seat_players)
        log = index.log_path(entry)
        try:
            with hold_save(log):
                _create_save(log, game, force=False)
                click.echo(f"\nSaving deal {number} in: {log.resolve()}")
                _announce(game, seat_players, number)
                if not _play_saved(game, seat_players, None, log, pace,
                                   resume_with=index.path,
                                   match_line=_match_line(totals, number, names)):
                    return
        except SaveInUse as error:
            raise click.ClickException(str(error)) from None


def _first_deal_entry(first_log: Path, header: LogHeader) -> MatchDeal:
    from tarot.storage.match_file import MatchDeal

    return MatchDeal(deal=1, log=first_log.name, seed=header.seed, dealer=header.first_dealer)


def _another_deal() -> bool:
    """Asks whether to deal again; the end of the input is a no."""
    from tarot.ui.terminal import QuitGame, _prompt

    while True:
        try:
            answer = _prompt("Another deal? [Y/n]").strip().lower()
        except QuitGame:
            return False
        except click.Abort:  # Ctrl-C: everything is saved already
            raise SystemExit(130) from None
        if answer in {"", "y", "yes", "o", "oui"}:
            return True
        if answer in {"n", "no", "non", "q", "quit"}:
            return False
        click.echo("  ✗ Answer y (another deal) or n (stop here).")


def _seat_names(seat_players: tuple[str, ...]) -> tuple[str, ...]:
    """The seats as the table names them: the person's is "You"."""
    from tarot.ui.terminal import names_for

    return names_for(seat_players.index("person") if "person" in seat_players else None)


def _match_line(totals: list[int], number: int, names: tuple[str, ...]) -> str:
    """The running score shown in the table's header during deal ``number`` of a match."""
    return (f"Match, deal {number} · so far: "
            + ", ".join(f"{names[seat]} {total:+d}" for seat, total in enumerate(totals)))


def _print_sheet(first_log: Path, index: MatchIndex | None, last: Game,
                 names: tuple[str, ...]) -> list[int]:
    """Print the score sheet, ``last`` the deal just played; the totals by seat."""
    from tarot.storage.match_file import sheet_lines, totals

    rows = _sheet_rows(first_log, index, last)
    contracts = {c.id: c.name for c in last.rules.contracts}
    click.echo("")
    for line in sheet_lines(rows, names, contracts):
        click.echo(line)
    return totals(rows)


def _sheet_rows(first_log: Path, index: MatchIndex | None, last: Game) -> list[SheetRow]:
    """The sheet's rows: the deals before the last read from their logs, the last given."""
    from tarot.log import load_log
    from tarot.storage.match_file import LoadedMatch, SheetRow

    if index is None:  # one deal so far, and no match file yet
        entry = _first_deal_entry(first_log, last.header)
        return [SheetRow.of(1, entry.dealer, last)] if last.settlement else []
    earlier = [load_log(index.log_path(entry)).game for entry in index.deals[:-1]]
    return LoadedMatch(index, (*earlier, last)).sheet_rows()


def _resume_match(ctx: click.Context, index: MatchIndex, auto: bool, deals: int | None,
                  pace: float | None) -> None:
    """Go on with a match where it stopped: its last deal resumed (or made, when the
    match stopped between its line and its log), then the deals after it."""
    import contextlib

    from tarot.engine.game import Game as NewGame
    from tarot.log import LogError, load_log
    from tarot.storage.locks import SaveInUse, hold_save
    from tarot.storage.match_file import MatchError, load_match, totals

    entry = index.deals[-1]
    log = index.log_path(entry)
    first_log = index.log_path(index.deals[0])
    players: tuple[str, ...] = index.header.players
    wanted = deals if deals is not None else index.header.deals
    click.echo(f"Resuming the match: {index.path.resolve()} (deal {entry.deal})")
    try:
        # Every deal's log checked against its line (seed, dealer, rules, players), as
        # validate checks a match: a stale index never carries on another game.
        first = load_match(index.path, allow_incomplete=True).games[0]
    except (LogError, MatchError) as error:
        raise click.ClickException(str(error)) from None
    try:
        # The deal's lock is held while it is played, and released once it is over.
        with hold_save(log) if log != first_log else contextlib.nullcontext():
            if not log.exists():
                # The rules, the seats from the first deal's log, which holds its rule set.
                game = NewGame.new(entry.seed, rules=first.rules, dealer=entry.dealer,
                                   players=players, seats=first.header.seats)
                _create_save(log, game, force=False)
                script = None
            else:
                try:
                    stopped = load_log(log, allow_incomplete=True, drop_torn=True).game
                except LogError as error:
                    raise click.ClickException(str(error)) from None
                game, script = stopped, None
                if not stopped.is_over:
                    game, players, script = _resume(log, auto, ctx)
            if not game.is_over:
                _announce(game, players, entry.deal)
                # The deals before this one, all over: the match's score so far.
                so_far = totals(_sheet_rows(first_log, index, game))
                if not _play_saved(game, players, script, log, pace, resume_with=index.path,
                                   match_line=_match_line(so_far, entry.deal,
                                                          _seat_names(players))):
                    return
    except SaveInUse as error:
        raise click.ClickException(str(error)) from None
    _run_match(first_log, index, game, players, wanted, auto, pace)


def _new_game(seed: int | None, deal_name: str | None, rules_name: str, level: str,
              auto: bool) -> tuple[Game, tuple[str, ...], Script | None]:
    """A new game (from a seed, drawn if not given, or a named deal), who sits where
    ("person" or a computer player's name), and the named deal's script."""
    import random

    from tarot.engine.rules import RulesError
    from tarot.storage.named_deals import Script, SeedError, load_named_deal
    from tarot.ui.terminal import names_for

    human = None if auto else 0
    players = tuple("person" if seat == human else level for seat in range(4))
    seats = tuple(f"{name} ({kind})" for name, kind in zip(names_for(None), players, strict=True))
    try:
        if deal_name is not None:
            named = load_named_deal(deal_name)
            game = named.start(rules=rules_name, seats=seats,  # type: ignore[arg-type]
                               players=players, recorded=True)  # type: ignore[arg-type]
            return game, players, Script(named.script, person=human)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        from tarot.engine.game import Game

        return Game.new(seed=seed, rules=rules_name, seats=seats, players=players), players, None
    except (RulesError, SeedError) as error:
        raise click.ClickException(str(error)) from None


def _create_save(path: Path, game: Game, force: bool) -> None:
    """The save file, made whole with the header and the deal, or not at all; an existing
    file is replaced only with ``force``."""
    from tarot.files.atomic import NotARegularFile, write_text_atomic
    from tarot.log import dumps_log
    from tarot.storage.locks import real_path

    try:
        # Through the real path: --force on a symbolic link replaces its target, not the
        # link (whose lock, beside the target, is the one held).
        write_text_atomic(real_path(path), dumps_log(game.header, game.events),
                          overwrite=force)
    except FileExistsError:
        raise click.ClickException(f"{path} exists already; choose another --save path "
                                   "(or --force to replace it)") from None
    except NotARegularFile as error:
        raise click.ClickException(str(error)) from None
    except OSError as error:
        raise click.ClickException(f"{path}: cannot write: {error.strerror or error}") from None


def _refuse_unless_regular(path: Path) -> None:
    """Refuse a FIFO or a device before taking a lock beside it (as reading it would)."""
    from tarot.log import LogError, check_regular_file

    try:
        check_regular_file(path)
    except LogError as error:
        raise click.ClickException(str(error)) from None


def _find_save(name: str) -> Path:
    """The save ``--resume NAME`` means: a file, or a save of that name in the save folders."""
    from tarot.storage.save_folder import find_save, save_folders

    found = find_save(name)
    if found is None:
        raise click.ClickException(
            f"{name}: no such file, nor a save of that name in "
            f"{' or '.join(map(str, save_folders()))} (tarot saves lists them)")
    return found


def _refuse_contradictions(ctx: click.Context, path: Path, game: Game,
                           players: tuple[str, ...]) -> None:
    """Options given with --resume that say otherwise than the saved game are refused,
    each named: the game goes on as it was saved (its deal, rules and players)."""
    from click.core import ParameterSource

    def given(name: str) -> bool:
        return ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE

    header = game.header
    params = ctx.params
    wrong = []
    if given("seed") and params["seed"] != header.seed:
        wrong.append(f"--seed {params['seed']} (the game's seed is {header.seed})")
    if given("rules_name"):
        different = _rules_differ(params["rules_name"], header)
        if different:
            wrong.append(f"--rules {params['rules_name']} ({different})")
    if given("deal_name"):
        named = header.named_deal.name if header.named_deal else None
        if params["deal_name"] != named:
            wrong.append(f"--deal {params['deal_name']} (the game is "
                         f"{'the named deal ' + repr(named) if named else 'not a named deal'})")
    computers = sorted({p for p in players if p != "person"})
    if given("level") and computers != [params["level"]]:
        wrong.append(f"--level {params['level']} (the computer players are "
                     f"{', '.join(computers)})")
    if given("save_path") and Path(params["save_path"]).resolve() != path.resolve():
        wrong.append(f"--save {params['save_path']} (the game is saved in {path})")
    if given("force"):
        wrong.append("--force (a resumed game is continued, never replaced)")
    if wrong:
        raise click.ClickException(f"{path}: --resume continues the game as it was saved; "
                                   f"these options say otherwise: {'; '.join(wrong)}")


def _rules_differ(rules_name: str, header: LogHeader) -> str | None:
    """Why ``--rules NAME|PATH`` is not the rule set a log was played under (None if it
    is): a rule file of one's own is known by its content, whatever its path."""
    from tarot.engine.rule_files import load_rules
    from tarot.engine.rules import RulesError

    try:
        rules = load_rules(rules_name)
    except RulesError as error:
        return f"which cannot be read: {error}"
    if rules.content_hash == header.rules_hash:
        return None
    return f"the game is played under {header.rules_id!r}"


def _resume(path: Path, auto: bool, ctx: click.Context
            ) -> tuple[Game, tuple[str, ...], Script | None]:
    """The saved game, its file repaired to hold exactly the game's events, who sits where,
    and the named deal's script where the game had got to."""
    loaded = _load(str(path), allow_incomplete=True, warn=False)
    game = loaded.game
    players = _players_of(path, game)
    _refuse_contradictions(ctx, path, game, players)  # before the file is touched
    # A file that stops after a redeal (a full disk, say) gets the next deal from the seed.
    game.advance()
    try:
        _repair(path, loaded)
    except OSError as error:
        raise click.ClickException(f"{path}: cannot repair: {error.strerror or error}") from None
    if loaded.torn is not None:
        click.echo(f"{path}: line {loaded.torn.line} was cut short (a write interrupted) and "
                   "is dropped; the game goes on from the line before.")
    if game.is_over:
        raise click.ClickException(f"{path}: this game is over; nothing to resume")
    if game.turn is None:
        raise click.ClickException(f"{path}: the log stops before its first deal, which was "
                                   "given, not drawn from the seed; nothing to resume")
    # The same players as when the game began (the header names them), so that it ends
    # as it would have without the interruption; --auto hands the person's seat to the
    # computer.
    person = players.index("person") if "person" in players else None
    script = None
    named = game.header.named_deal
    if named is not None:
        from tarot.storage.named_deals import Script, SeedError

        try:
            script = Script(named.script, person=person)
        except SeedError as error:
            raise click.ClickException(f"{path}: the header's named deal: {error}") from None
        script.catch_up(game)
    if auto and person is not None:
        computer = next(name for name in players if name != "person")
        players = tuple(computer if name == "person" else name for name in players)
    return game, players, script


def _repair(path: Path, loaded: LoadedLog) -> None:
    """Make the file hold the game's events and nothing else before more are appended.

    A torn last line is cut off (one truncation: the file is either as it was or
    repaired, whenever the process dies, and a symbolic link stays one); derived events
    the file's end lacks are appended as the game would have written them (a process
    killed meanwhile leaves a torn line, repaired the same way next time). A file that
    leaves out events before its end (a decisions-only log) is written again whole,
    through a rename.
    """
    import os

    from tarot.log import LogWriter, write_log
    from tarot.storage.locks import real_path

    game = loaded.game
    if not loaded.lines_are_prefix:
        write_log(real_path(path), game, overwrite=True)
        return
    if loaded.torn is not None:
        os.truncate(path, loaded.whole_bytes)
    missing = game.events[loaded.event_lines:]
    if missing:
        with path.open("a", encoding="utf-8") as stream:
            LogWriter(stream, game.header, already_written=loaded.event_lines).write(missing)


def _players_of(path: Path, game: Game) -> tuple[str, ...]:
    """Who sits at each seat, "person" or a computer player's name, from the header."""
    from tarot.bots.registry import PLAYERS

    recorded = game.header.players
    # A log from before the header named them says it in the seats' names.
    players = recorded or _players_from_seat_names(game.header.seats)
    for seat, name in enumerate(players):
        if name != "person" and name not in PLAYERS:
            raise click.ClickException(
                f"{path}: the header seats {name!r} at seat {seat}, a player this program "
                f"does not have (it has: person, {', '.join(PLAYERS)})")
    if players.count("person") > 1:
        raise click.ClickException(f"{path}: the header seats more than one person; "
                                   "tarot play has one")
    return tuple(players)


def _players_from_seat_names(seats: tuple[str, ...]) -> tuple[str, ...]:
    """Players from seat names such as 'East (rules)', as logs before ``players`` wrote
    them; South a person and the others ``rules`` when the names are not ours."""
    kinds = tuple(name.rpartition(" (")[2].removesuffix(")") if name.endswith(")") else ""
                  for name in seats)
    from tarot.bots.registry import PLAYERS

    if all(kind == "person" or kind in PLAYERS for kind in kinds):
        return kinds
    return ("person", "rules", "rules", "rules")


def _play_saved(game: Game, seat_players: tuple[str, ...], script: Script | None,
                path: Path, pace: float | None, resume_with: Path | None = None,
                match_line: str | None = None) -> bool:
    """Play the game at the terminal, appending each event to the save file; whether it
    was played to its end (False: the person left, and it is saved). ``resume_with``:
    the file that resumes it, when not the deal's own (a match's index)."""
    from tarot.bots.registry import make_player
    from tarot.ui.terminal import QuitGame, TerminalGame

    human = seat_players.index("person") if "person" in seat_players else None
    computer = next((name for name in seat_players if name != "person"), "rules")
    players = [make_player(computer if name == "person" else name, game.rules)
               for name in seat_players]
    try:
        save = path.open("a", encoding="utf-8")
    except OSError as error:
        raise click.ClickException(f"{path}: cannot write: {error.strerror or error}") from None
    try:
        with save:
            # Each event is written and flushed as it happens (LogWriter): once flushed it
            # is the kernel's, and survives the death of this process, SIGKILL included.
            terminal = TerminalGame(game, players, human, save, new_file=False, script=script,
                                    pace=pace, match_line=match_line)
            try:
                terminal.run()
            except (QuitGame, click.Abort, KeyboardInterrupt) as stop:
                _sync(save)
                click.echo(f"\nGame saved; continue it with: {_command()} play --resume "
                           f"{(resume_with or path).resolve()}")
                if isinstance(stop, QuitGame):
                    return False
                # Interrupted (Ctrl-C): saved all the same, and the exit status says so.
                raise SystemExit(130) from None
            _sync(save)
    except OSError as error:  # a full disk, say: the lines already in the file are whole
        raise click.ClickException(
            f"{path}: cannot save the game: {error.strerror or error}; what was saved can "
            f"be continued with: {_command()} play --resume "
            f"{(resume_with or path).resolve()}") from None
    # Two lines: a path and a command each fill much of a terminal's 80 columns.
    click.echo(f"Game saved: {path.resolve()}")
    click.echo(f"Replay it with: {_command()} replay {path.resolve()}")
    return True


def _command() -> str:
    """How to type this program again: ``tarot`` when that is on the PATH, else its path."""
    import shutil
    import sys

    typed = Path(sys.argv[0])
    found = shutil.which("tarot")
    if found and Path(found).resolve() == typed.resolve():
        return "tarot"
    if typed.name == "tarot":  # .venv/bin/tarot, say: the full path works from anywhere
        return str(typed.resolve())
    if typed.name == "__main__.py" and typed.parent.name == "tarot":  # python -m tarot
        return f"{sys.executable} -m tarot"
    return "tarot"


def _sync(save: TextIO) -> None:
    """Flush the save file to the disk when the game ends or is left (once, not per event:
    a flushed line already survives the process; this is for a power cut after it)."""
    import contextlib
    import os

    save.flush()
    with contextlib.suppress(OSError):
        os.fsync(save.fileno())


def _tolerate_undecodable_input() -> None:
    """Bytes that are not text on stdin become U+FFFD instead of a UnicodeDecodeError."""
    import contextlib
    import sys

    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):  # a stream already read from, or closed
            reconfigure(errors="replace")


def _register_simulate() -> None:
    from tarot.ui.simulate import simulate

    main.add_command(simulate)


_register_simulate()

if __name__ == "__main__":
    main()
