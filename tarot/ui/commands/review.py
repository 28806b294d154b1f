"""``tarot review``: a seat's decisions in a saved deal set beside the hint player's, from
the seat's own view at each moment (the analysis is :mod:`tarot.bots.review`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from tarot.bots.review import (
    BLUNDER,
    DUBIOUS,
    CardReview,
    DealReview,
    OtherReview,
    Reviewer,
    accuracy,
)
from tarot.engine.cards import CARD_BY_CODE, display
from tarot.engine.events import Action, Bid, Call, Chelem, Discard, Poignee
from tarot.engine.game import Game
from tarot.engine.rules import RuleSet
from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, wrap
from tarot.explain.narrate import cards_text, poignee_name
from tarot.i18n import N_, _, in_language, ngettext, pgettext
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
            click.echo(json.dumps(_json(reviewer, games, deals, seats), indent=2,
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
            echo_wrapped(_summary(_("{seat}, the match in all").format(seat=names[s]),
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
        click.echo(head + decision_line(decision, rules))
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
    echo_wrapped(_summary(name, [one]))


def decision_line(decision: CardReview | OtherReview, rules: RuleSet) -> str:
    """One decision reviewed, in a line of words (the card's line, or what the seat chose
    and what the strong player would have)."""
    if isinstance(decision, CardReview):
        return card_line(decision)
    made = action_words(decision.made, rules)
    return (_("{kind}: {made}; the strong player agrees") if decision.agrees else
            _("{kind}: {made}; the strong player would choose {advised}")).format(
        kind=kind_words(decision.kind), made=made, advised=action_words(decision.advised, rules))


def card_line(decision: CardReview) -> str:
    """One card decision in words: the card, its mark, its mean score and the best's."""
    card = display(decision.card)
    if decision.played == decision.best:
        return _("trick {trick}: {card}, the best ({score:+d} on average)").format(
            trick=decision.trick, card=card, score=decision.score)
    if decision.loss == 0:  # within a point of the best, or a card its guards leave out
        return _("trick {trick}: {card} ({score:+d} on average), as good as the best, {best} "
                 "({best_score:+d})").format(trick=decision.trick, card=card,
                                             score=decision.score, best=display(decision.best),
                                             best_score=decision.best_score)
    return ngettext("trick {trick}: {card}{mark} ({score:+d} on average); best {best} "
                    "({best_score:+d}): {loss} point lost",
                    "trick {trick}: {card}{mark} ({score:+d} on average); best {best} "
                    "({best_score:+d}): {loss} points lost", decision.loss).format(
        trick=decision.trick, card=card, mark=decision.mark, score=decision.score,
        best=display(decision.best), best_score=decision.best_score, loss=decision.loss)


def _summary(name: str, reviews: Sequence[DealReview]) -> str:
    loss = sum(r.loss for r in reviews)
    spread = sum(r.spread for r in reviews)
    cards = [card for r in reviews for card in r.cards]
    blunders = sum(card.loss >= BLUNDER for card in cards)
    dubious = sum(DUBIOUS <= card.loss < BLUNDER for card in cards)
    return _("{seat}: accuracy {accuracy}%: {loss} points of score left on the table of "
             "{spread} at stake in the card choices ({blunders} ??, {dubious} ?).").format(
        seat=name, accuracy=accuracy(reviews), loss=loss, spread=spread, blunders=blunders,
        dubious=dubious)


def kind_words(kind: str) -> str:
    """A decision's kind, as a line of the review begins."""
    words = {"bid": pgettext("a decision reviewed", "bid"),
             "call": pgettext("a decision reviewed", "call"),
             "discard": pgettext("a decision reviewed", "discard"),
             "chelem": pgettext("a decision reviewed", "chelem"),
             "poignee": pgettext("a decision reviewed", "poignée")}
    return words[kind]


def action_words(action: Action, rules: RuleSet) -> str:
    """A decision other than a card, in a few words (a declined poignée is a card played)."""
    if isinstance(action, Bid):
        index = rules.contract_index.get(action.contract or "")
        return pgettext("a bid", "pass") if index is None else rules.contracts[index].label
    if isinstance(action, Call):
        return display(CARD_BY_CODE[action.card])
    if isinstance(action, Discard):
        return cards_text(action.cards)
    if isinstance(action, Chelem):
        return _("declared") if action.declared else _("not declared")
    if isinstance(action, Poignee):
        return poignee_name(rules, len(action.cards))
    return _("none")


def action_json(action: Action) -> Any:
    """A decision other than a card, language-neutral: the contract (null: a pass), the
    card called, the cards discarded, the chelem declared, the poignée's trumps (0: none)."""
    if isinstance(action, Bid):
        return action.contract
    if isinstance(action, Call):
        return action.card
    if isinstance(action, Discard):
        return sorted(action.cards)
    if isinstance(action, Chelem):
        return action.declared
    if isinstance(action, Poignee):
        return len(action.cards)
    return 0


def _json(reviewer: Reviewer, games: list[Game], deals: list[list[DealReview]],
          seats: list[int]) -> dict[str, Any]:
    settings = reviewer.player.settings
    return {
        "level": reviewer.player.name, "seed": reviewer.seed, "samples": settings.samples,
        "thresholds": {"?": DUBIOUS, "??": BLUNDER},
        "deals": [{"deal": number, "seats": [_seat_json(one) for one in reviews]}
                  for number, reviews in enumerate(deals, start=1)],
        "in_all": [{"seat": s, "accuracy": accuracy(deal[i] for deal in deals),
                    "loss": sum(deal[i].loss for deal in deals),
                    "spread": sum(deal[i].spread for deal in deals)}
                   for i, s in enumerate(seats)],
    }


def _seat_json(one: DealReview) -> dict[str, Any]:
    decisions: list[dict[str, Any]] = []
    for d in one.decisions:
        if isinstance(d, OtherReview):
            decisions.append({"seq": d.seq, "kind": d.kind, "made": action_json(d.made),
                              "advised": action_json(d.advised), "agrees": d.agrees})
        else:
            decisions.append({"seq": d.seq, "kind": "card", "trick": d.trick,
                              "played": display(d.card, symbols=False),
                              "best": display(d.best, symbols=False), "score": d.score,
                              "best_score": d.best_score, "loss": d.loss, "mark": d.mark,
                              "deals": d.deals, "reasons": d.reasons()})
    return {"seat": one.seat, "accuracy": accuracy([one]), "loss": one.loss,
            "spread": one.spread, "decisions": decisions}
