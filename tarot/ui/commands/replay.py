"""``tarot replay``: a saved game printed as it happened, or written as a web page."""

from __future__ import annotations

from pathlib import Path

import click
from click.shell_completion import CompletionItem

from tarot.engine.walk import walk
from tarot.explain.narrate import Narrator
from tarot.files.atomic import refuse_unless_regular_or_new, write_text_atomic
from tarot.storage.match_file import is_match_file, load_match, read_index
from tarot.ui.commands.common import load_game
from tarot.ui.page_html import render_page
from tarot.ui.replay_page import log_document, match_document
from tarot.ui.terminal import SEAT_NAMES


class _SeatType(click.ParamType):
    """A seat by its name (south, east, north, west) or its number (0-3)."""

    name = "seat"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
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
        return [CompletionItem(name) for name in ("south", "east", "north", "west")
                if name.startswith(incomplete.lower())]


@click.command()
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
    if html_path is None and force:
        raise click.UsageError("--force goes with --html (it replaces the page)")
    if html_path is not None:
        if step or to_seq is not None:
            raise click.UsageError("--html writes the whole deal; open the page at an event "
                                   "with the address's #seq=N instead of --to or --step")
        _write_replay_page(Path(file), html_path, as_seat, allow_incomplete, force)
        return
    if is_match_file(Path(file)):
        logs = [entry.log for entry in read_index(Path(file)).deals]
        raise click.ClickException(
            f"{file} is a match's index, not a deal: replay one of its deals, "
            f"{', '.join(str(Path(file).with_name(log)) for log in logs)}")
    game = load_game(file, allow_incomplete=allow_incomplete)
    narrator = Narrator(game.rules, SEAT_NAMES, as_seat=as_seat)
    if as_seat is not None:
        click.echo(f"Seen from {SEAT_NAMES[as_seat]}'s seat (P{as_seat}): other hands and "
                   "hidden cards stay hidden.")
    if step:
        click.echo("Press Enter for the next event, q then Enter to stop.")
    # Each event is numbered by its place in the whole log: its seq in the file as tarot
    # play writes it (a log that leaves derived lines out is numbered as if it had them).
    width = len(str(len(game.events) - 1))
    for seq, event, _ in walk(game):
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
    refuse_unless_regular_or_new(out)  # before the work: --force replaces files only
    if out.exists() and not force:
        raise click.ClickException(f"{out} exists: add --force to replace it")
    if is_match_file(source):
        match = load_match(source, allow_incomplete=allow_incomplete)
        document = match_document(source, match, SEAT_NAMES, as_seat)
    else:
        game = load_game(str(source), allow_incomplete=allow_incomplete)
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

