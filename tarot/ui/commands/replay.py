"""``tarot replay``: a saved game printed as it happened, or written as a web page."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from tarot.bots.registry import PLAYERS
from tarot.engine.game import Game, taken_back_at
from tarot.engine.typed_words import read_words
from tarot.engine.walk import walk
from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, HELD, NUMBER_OF_POINTS, SUM, wrap
from tarot.explain.narrate import Narrator
from tarot.files.atomic import refuse_unless_regular_or_new, write_text_atomic
from tarot.i18n import N_, _
from tarot.said import os_error_said
from tarot.storage.match_file import is_match_file, load_match, read_index
from tarot.ui.commands.common import (
    SeatType,
    echo_wrapped,
    load_game,
    output_width,
    seat_at,
    seat_names,
)
from tarot.ui.language import TranslatedCommand
from tarot.ui.page_html import render_page
from tarot.ui.replay_page import log_document, match_document
from tarot.ui.table_view import SEAT_NAMES_BY_SIZE

if TYPE_CHECKING:
    from tarot.bots.review import Reviewer

@click.command(cls=TranslatedCommand,
               help=N_("Print a saved game as it happened, trick by trick (or write it as a "
                       "web page)."))
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--as-seat", type=SeatType(), default=None, metavar="SEAT",
              help=N_("Show only what this seat (south, east, north, west; at five "
                      "north-east and north-west) could see at each moment."))
@click.option("--to", "to_seq", type=click.IntRange(min=0), default=None,
              help=N_("Stop after the event with this number (the numbers replay prints: "
                      "the seq of each line, as tarot play writes a log)."))
@click.option("--step", is_flag=True, help=N_("Wait for Enter between events."))
@click.option("--allow-incomplete", is_flag=True, help=N_("Replay a game still in progress."))
@click.option("--html", "html_path", type=click.Path(path_type=Path),
              default=None, metavar="OUT.html",
              help=N_("Write the replay as one web page instead (self-contained: it opens "
                      "offline); for a match index, one page for the whole match."))
@click.option("--force", is_flag=True, help=N_("Replace the --html file if it exists."))
@click.option("--review", is_flag=True,
              help=N_("With --html: beside each decision, the strong player's verdict from "
                      "the seat's view (as tarot review gives it), for the --as-seat seat, "
                      "else for every seat."))
@click.option("--swap-hidden", type=SeatType(), default=None, metavar="SEAT",
              help=N_("Check the computer players: each decision of this seat asked again "
                      "from its view in the real deal and in a deal where the cards it could "
                      "not see are moved; exit status 1 if one differs."))
@click.option("--level", type=click.Choice(tuple(PLAYERS)), default=None,
              help=N_("With --swap-hidden: the computer player asked (default: the one that "
                      "sat at the seat, strong for a person)."))
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help=N_("With --swap-hidden: the seed of the moves and of the player's "
                      "generator (default 0)."))
def replay(file: str, as_seat: int | str | None, to_seq: int | None, step: bool,
           allow_incomplete: bool, html_path: Path | None, force: bool,
           review: bool, swap_hidden: int | str | None, level: str | None,
           seed: int | None) -> None:
    if swap_hidden is not None or level is not None or seed is not None:
        from tarot.ui import swap_hidden as check

        check.run(click.get_current_context().params)
        return
    if html_path is None and force:
        raise click.UsageError(_("--force goes with --html (it replaces the page)"))
    if html_path is None and review:
        raise click.UsageError(_("--review goes with --html (tarot review prints a review)"))
    if html_path is not None:
        if step or to_seq is not None:
            raise click.UsageError(_("--html writes the whole deal; open the page at an "
                                     "event with the address's #seq=N instead of --to or "
                                     "--step"))
        _write_replay_page(Path(file), html_path, as_seat, allow_incomplete, force, review)
        return
    if is_match_file(Path(file)):
        logs = [entry.log for entry in read_index(Path(file)).deals]
        # Each deal's path on a line of its own, to be copied whole; the sentence within
        # the width click's "Error: " leaves.
        said = _("{file} is a match's index, not a deal: replay one of its deals:").format(
            file=file.replace(" ", HELD))
        lines = wrap(said, output_width() - len("Error: "), FRENCH_TYPOGRAPHY,
                     break_long_words=False, break_on_hyphens=False)
        raise click.ClickException("\n".join(
            [*lines, *(f"  {Path(file).with_name(log)}" for log in logs)]))
    game = load_game(file, allow_incomplete=allow_incomplete)
    players = game.rules.players
    as_seat = seat_at(as_seat, players)
    narrator = Narrator(game.rules, seat_names(players), as_seat=as_seat)
    narrator.events = game.events  # a take-back names the decision it takes back
    if as_seat is not None:
        seat_name = SEAT_NAMES_BY_SIZE[players][as_seat]
        click.echo(_(SEEN_FROM[seat_name]).format(seat=as_seat))
    if step:
        click.echo(_("Press Enter for the next event, q then Enter to stop."))
    # Each event is numbered by its place in the whole log: its seq in the file as tarot
    # play writes it (a log that leaves derived lines out is numbered as if it had them).
    number_width = len(str(len(game.events) - 1))
    room = output_width() - number_width - 2
    voided = taken_back_at(game.events)  # a practice game's events taken back, marked
    for seq, event, _state in walk(game):
        told = narrator.lines(event)
        if seq in voided and told:
            told = [*told[:-1], _("{line} (taken back at {undo})").format(
                line=told[-1], undo=voided[seq])]
        lines = [part for line in told for part in _wrapped(line, room)]
        for index, line in enumerate(lines):
            click.echo(f"{seq if index == 0 else '':>{number_width}}  {line}".rstrip())
        if to_seq is not None and seq >= to_seq:
            break
        if step:
            try:
                answer = click.prompt("", default="", show_default=False, prompt_suffix="")
            except click.Abort:
                return
            if answer.strip().lower() in read_words("quit"):
                return


def _wrapped(line: str, width: int) -> list[str]:
    """A line of the story within ``width`` columns, going on four columns further in than
    it began; a settlement's sum and French typography's spaces are never broken."""
    text = line.lstrip()
    indent = line[:len(line) - len(text)]
    return wrap(text, width, FRENCH_TYPOGRAPHY, SUM, NUMBER_OF_POINTS, initial_indent=indent,
                subsequent_indent=indent + "    ", break_long_words=False,
                break_on_hyphens=False) or [""]


# A seat's name is a word of its sentence (French says "de Sud", "d'Est"): one message a
# seat, by its English name at any table size (table_view.SEAT_NAMES_BY_SIZE).
SEEN_FROM = {
    "South": N_("Seen from South's seat (P{seat}): other hands and hidden cards stay hidden."),
    "East": N_("Seen from East's seat (P{seat}): other hands and hidden cards stay hidden."),
    "North": N_("Seen from North's seat (P{seat}): other hands and hidden cards stay hidden."),
    "West": N_("Seen from West's seat (P{seat}): other hands and hidden cards stay hidden."),
    "North-East": N_("Seen from North-East's seat (P{seat}): other hands and hidden cards "
                     "stay hidden."),
    "North-West": N_("Seen from North-West's seat (P{seat}): other hands and hidden cards "
                     "stay hidden."),
}
WROTE_SEEN_FROM = {
    "South": N_("Wrote {path} ({size} KB, {events} events, seen from South): open it in any "
                "browser, offline."),
    "East": N_("Wrote {path} ({size} KB, {events} events, seen from East): open it in any "
               "browser, offline."),
    "North": N_("Wrote {path} ({size} KB, {events} events, seen from North): open it in any "
                "browser, offline."),
    "West": N_("Wrote {path} ({size} KB, {events} events, seen from West): open it in any "
               "browser, offline."),
    "North-East": N_("Wrote {path} ({size} KB, {events} events, seen from North-East): open "
                     "it in any browser, offline."),
    "North-West": N_("Wrote {path} ({size} KB, {events} events, seen from North-West): open "
                     "it in any browser, offline."),
}


def _write_replay_page(source: Path, out: Path, as_seat: int | str | None,
                       allow_incomplete: bool, force: bool, review: bool = False) -> None:
    """The replay page of a log (or of a match), made only from a log that validates, and
    written whole or not at all; with ``review``, each decision's verdict beside it."""
    refuse_unless_regular_or_new(out)  # before the work: --force replaces files only
    if out.exists() and not force:
        raise click.ClickException(_("{path} exists: add --force to replace it").format(path=out))
    if is_match_file(source):
        match = load_match(source, allow_incomplete=allow_incomplete)
        players = match.games[0].rules.players if match.games else 4
        as_seat = seat_at(as_seat, players)
        document = match_document(source, match, seat_names(players), as_seat,
                                  _reviewer(match.games[0]) if review and match.games
                                  else None)
    else:
        game = load_game(str(source), allow_incomplete=allow_incomplete)
        players = game.rules.players
        as_seat = seat_at(as_seat, players)
        document = log_document(source, game, seat_names(players), as_seat,
                                _reviewer(game) if review else None)
    page = render_page(document)
    try:
        write_text_atomic(out, page, overwrite=force)
    except FileExistsError:
        raise click.ClickException(_("{path} exists: add --force to replace it")
                                   .format(path=out)) from None
    except OSError as error:
        raise click.ClickException(_("{path}: {error}").format(
            path=out, error=os_error_said(error).shown)) from None
    size = len(page.encode("utf-8"))
    fields = {"path": out, "size": (size + 1023) // 1024, "events": len(document["steps"])}
    if as_seat is None:
        echo_wrapped(_("Wrote {path} ({size} KB, {events} events): open it in any browser, "
                       "offline.").format(**fields), out)
    else:
        seat_name = SEAT_NAMES_BY_SIZE[players][as_seat]
        echo_wrapped(_(WROTE_SEEN_FROM[seat_name]).format(**fields), out)


def _reviewer(game: Game) -> Reviewer:
    """The review's judge for a page: the strong player, seed 0 (``tarot review``'s
    default, so the page and the command agree)."""
    from tarot.bots.review import Reviewer

    return Reviewer(game)
