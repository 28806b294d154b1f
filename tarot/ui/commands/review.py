"""``tarot review``: a seat's decisions in a saved deal set beside the hint player's, from
the seat's own view at each moment (the analysis is :mod:`tarot.bots.review`, its words
:mod:`tarot.explain.verdicts`'s)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from tarot.bots.review import DealReview, OtherReview, Reviewer
from tarot.engine.game import Game
from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, wrap
from tarot.explain.verdicts import decision_line, review_document, review_summary
from tarot.i18n import N_, _, in_language, ngettext
from tarot.storage.match_file import is_match_file, load_match
from tarot.ui.branching import person_seat
from tarot.ui.commands.common import (
    SeatType,
    echo_wrapped,
    load_game,
    output_width,
    seat_at,
    seat_names,
)
from tarot.ui.language import TranslatedCommand


class _SeatOrAll(SeatType):
    """A seat (as ``tarot replay --as-seat`` reads it), or ``all``."""

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int | str:
        if str(value).strip().lower() in {"all", "tous", "toutes"}:
            return "all"
        return super().convert(value, param, ctx)


@click.command(cls=TranslatedCommand, help=N_(
    "Review a saved deal: each decision of a seat beside the one the strong player would "
    "have made from that seat's view at that moment, with the points it cost.\n\n"
    "A card is marked ? when it loses at least 10 points of score on average against the "
    "best card, ?? at 25. For a match's index, each deal and the match in all."))
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", type=_SeatOrAll(), default=None, metavar="SEAT|all",
              help=N_("The seat to review (south, east, north, west; at five north-east "
                      "and north-west), or all; by default the person's seat (South when "
                      "computer players played every seat)."))
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help=N_("The seed of the sampled deals: the same log and seed give the same "
                      "review."))
@click.option("--samples", type=click.IntRange(min=1, max=10000), default=None,
              help=N_("Deals sampled a decision (default: the strong player's 100)."))
@click.option("--json", "as_json", is_flag=True,
              help=N_("Print the review as one JSON object (for scripts) instead of text."))
@click.option("--allow-incomplete", is_flag=True,
              help=N_("Review a game still in progress, as far as it goes."))
def review(file: str, seat: int | str | None, seed: int, samples: int | None,
           as_json: bool, allow_incomplete: bool) -> None:
    path = Path(file)
    games = (list(load_match(path, allow_incomplete=allow_incomplete).games)
             if is_match_file(path) else [load_game(file, allow_incomplete=allow_incomplete)])
    if not games:
        raise click.ClickException(_("{file}: no deal to review").format(file=file))
    players = games[0].rules.players
    seats = _seats(seat, games[0], players)
    reviewer = Reviewer(games[0], seed, samples)
    deals = [[reviewer.review(game, s) for s in seats] for game in games]
    if as_json:
        with in_language("en"):
            click.echo(json.dumps(review_document(reviewer, deals, seats), indent=2,
                                  ensure_ascii=False))
        return
    names = seat_names(players)
    for number, (game, reviews) in enumerate(zip(games, deals, strict=True), start=1):
        if len(games) > 1:
            click.echo(_("Deal {number}").format(number=number))
        for one in reviews:
            _print_review(game, one, names[one.seat], reviewer)
    if len(games) > 1:
        for index, s in enumerate(seats):
            reviews = [deal[index] for deal in deals]
            echo_wrapped(review_summary(_("{seat}, the match in all").format(seat=names[s]),
                                  reviews))


def _seats(seat: int | str | None, game: Game, players: int) -> list[int]:
    """The seats to review: the one named, every seat for ``all``, else the person's seat
    in the log's header (South when no person played)."""
    if seat == "all":
        return list(range(players))
    if seat is None:
        return [person_seat(game)]
    found = seat_at(seat, players, "--seat")
    assert found is not None
    return [found]


# The space between two cards of a suit (``1♦ 4♦``): a discard's cards go on a line
# together, never one left alone under the others.
BETWEEN_CARDS = r"(?<=[♠♥♦♣]) (?=\S+[♠♥♦♣])"


def _print_review(game: Game, one: DealReview, name: str, reviewer: Reviewer) -> None:
    rules = game.rules
    samples = reviewer.player.settings.samples
    echo_wrapped(ngettext(
        "{seat}'s decisions, each beside the strong player's from {seat}'s view at that "
        "moment (up to {samples} sampled deal a card, seed {seed}):",
        "{seat}'s decisions, each beside the strong player's from {seat}'s view at that "
        "moment (up to {samples} sampled deals a card, seed {seed}):", samples).format(
        seat=name, samples=samples, seed=reviewer.seed))
    if not one.decisions:
        click.echo(_("  no decision with a choice"))
    width = len(str(max((d.seq for d in one.decisions), default=0)))
    for decision in one.decisions:
        head = f"  {decision.seq:>{width}}  "
        # A long line (a discard beside the advised one) goes on under itself, further in
        # than the reasons below it.
        for line in wrap(head + decision_line(decision, rules), output_width(),
                         FRENCH_TYPOGRAPHY, BETWEEN_CARDS,
                         subsequent_indent=" " * (len(head) + 4),
                         break_long_words=False, break_on_hyphens=False):
            click.echo(line)
        if isinstance(decision, OtherReview):
            continue
        if decision.mark:
            indent = " " * (len(head) + 2)
            for reason in decision.reasons():
                for line in wrap(reason[0].upper() + reason[1:] + ".", output_width(),
                                 FRENCH_TYPOGRAPHY, initial_indent=indent,
                                 subsequent_indent=indent + "  ", break_long_words=False,
                                 break_on_hyphens=False):
                    click.echo(line)
    echo_wrapped(review_summary(name, [one]))
