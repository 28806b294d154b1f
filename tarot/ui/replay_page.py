"""The data of a replay page (``tarot replay FILE --html OUT.html``), as one JSON document.

Every figure the page shows is computed here, from the same code the terminal uses:
each event's lines come from the :class:`~tarot.explain.narrate.Narrator`, what a seat may
see from its :class:`~tarot.engine.views.PlayerView`, the card points so far from
:func:`tarot.ui.table_view.score_so_far`, the settlement's explanation from
:mod:`tarot.explain.audit`. The page's script only lays the document out; it knows no rule.

The document has one entry a step (an event of a log, in order; a match's deals one
after another), each holding what is on the table after that event, less what is as it
was at the step before (:func:`changes_only`); the tricks and the audit, which do not
change from step to step, are kept once a deal.

A table of three or five seats has as many seats in every list by seat (hands, a trick's
cards, scores). At five players a step also holds the card called (public from the call)
and the attack's seats once the page may name them (RULES-3-5 V5-6, V5-17): on the
public page from the moment the whole table knows (the called card played, or shown in
the chien, or the deal over), on a seat's page when that seat knows. A four-player step
holds neither key, so its document is as it was.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tarot.engine import kernel, phases
from tarot.engine.cards import (
    CARD_BY_CODE,
    CODES,
    EXCUSE,
    SUITS,
    display,
    is_trump,
    spoken,
    suit_of,
)
from tarot.engine.events import Deal, TrickTaken
from tarot.engine.game import Game
from tarot.engine.rules import RuleSet
from tarot.engine.scoring import points_text
from tarot.engine.state import DealState
from tarot.engine.views import PlayerView, view_for
from tarot.engine.walk import walk
from tarot.explain.audit import audit, audit_lines
from tarot.explain.narrate import Narrator, poignee_name
from tarot.i18n import _
from tarot.storage.match_file import LoadedMatch, dealer_text, result_text, totals
from tarot.ui.table_view import score_so_far

if TYPE_CHECKING:  # the review's players are imported only for a reviewed page
    from tarot.bots.review import Reviewer

# The document is plain JSON: nested dicts, lists, strings, ints, bools and None.
Json = dict[str, Any]

PAGE_FORMAT = 1


def card_table() -> dict[str, list[str]]:
    """Each card's code → its face as the terminal writes it, its name in words (for a
    screen reader) and a colour class (the suit's letter, ``t`` for trumps and the
    Excuse)."""
    table = {}
    for card, code in enumerate(CODES):
        colour = "t" if card == EXCUSE or is_trump(card) else SUITS[suit_of(card)].lower()
        table[code] = [display(card), spoken(card), colour]
    return table


def deal_document(game: Game, names: Sequence[str], as_seat: int | None, *,
                  title: str, deal_index: int = 0, first_step: int = 0,
                  review: Mapping[int, list[Json]] | None = None
                  ) -> tuple[Json, list[Json]]:
    """One deal's part of the document, and its steps (numbered from ``first_step``);
    with ``review`` (:func:`review_verdicts`), each decision's verdicts at its step."""
    rules = game.rules
    narrator = Narrator(rules, tuple(names), as_seat=as_seat)
    narrator.events = game.events  # a take-back names the decision it takes back
    dealt: Deal | None = None
    steps: list[Json] = []
    for seq, event, replay in walk(game):
        state = replay.state
        if isinstance(event, Deal):
            dealt = event
        assert dealt is not None, "a log starts with a deal"
        step = {"deal": deal_index, "seq": seq, "type": event.type,
                "say": narrator.lines(event), **_step(state, dealt, as_seat, rules)}
        if review is not None:
            step["review"] = review.get(seq, [])
        if isinstance(event, TrickTaken):
            # The trick just taken stays on the table for this step, its winner marked.
            step["trick"] = _trick_json(event.number, event.leader,
                                        _by_seat(event.leader, event.cards, state.seats),
                                        event.winner, done=True)
        steps.append(step)
    over = game.settlement is not None
    document: Json = {
        "title": title,
        "rules": rules.id,
        "players": list(game.header.players) if game.header.players else None,
        "tricks": [_trick_json(number, trick.leader,
                               _by_seat(trick.leader, [CODES[c] for c in trick.cards],
                                        game.state.seats),
                               trick.winner, done=True)
                   for number, trick in enumerate(game.state.tricks, start=1)],
        "audit": audit_lines(audit(game), tuple(names)) if over else None,
        "scores": list(game.settlement.scores) if game.settlement is not None else None,
        "settled_at": first_step + len(steps) - 1 if over else None,
    }
    if over and game.state.seats != 4:
        # Each seat's camp, by the settlement's shares (V3-9, V5-11), over its score.
        attack = game.state.attack
        document["camps"] = ["taker" if seat == game.state.taker else
                             "partner" if attack >> seat & 1 else "defence"
                             for seat in range(game.state.seats)]
    return document, steps


def page_document(games: Sequence[tuple[str, Game]], names: Sequence[str],
                  as_seat: int | None, *, title: str, match: LoadedMatch | None = None,
                  review: Reviewer | None = None) -> Json:
    """The whole document: one deal's log, or every deal of a match (its score sheet
    too); with a ``review``, the reviewed seats' verdicts beside their decisions."""
    deals: list[Json] = []
    steps: list[Json] = []
    for index, (deal_title, game) in enumerate(games):
        verdicts = (review_verdicts(review, game, names, as_seat) if review is not None
                    else None)
        deal, deal_steps = deal_document(game, names, as_seat, title=deal_title,
                                         deal_index=index, first_step=len(steps),
                                         review=verdicts)
        deals.append(deal)
        steps += changes_only(deal_steps)
    document: Json = {
        "format": PAGE_FORMAT,
        "title": title,
        "seats": list(names),
        "as_seat": as_seat,
        "cards": card_table(),
        "deals": deals,
        "steps": steps,
        "sheet": _sheet(match, games, names, deals) if match is not None else None,
    }
    return document


def changes_only(steps: Sequence[Json]) -> list[Json]:
    """The steps of one deal, each but the first without the entries that are as they were
    at the step before (the page fills them in as it reads the document): what stays on
    the table is written once, which halves the page."""
    kept: list[Json] = []
    previous: Json = {}
    for step in steps:
        kept.append({key: value for key, value in step.items()
                     if key in _ALWAYS_WRITTEN or previous.get(key, _ABSENT) != value})
        previous = step
    return kept


# Written at every step, changed or not, so that each step reads on its own in the
# document: which event it is (and, on a reviewed page, its verdicts: none is a step's
# own, never the step before's).
_ALWAYS_WRITTEN = frozenset({"deal", "seq", "type", "say", "review"})
_ABSENT = object()


def log_document(path: Path, game: Game, names: Sequence[str], as_seat: int | None,
                 review: Reviewer | None = None) -> Json:
    return page_document([(path.name, game)], names, as_seat, title=path.name,
                         review=review)


def match_document(path: Path, match: LoadedMatch, names: Sequence[str],
                   as_seat: int | None, review: Reviewer | None = None) -> Json:
    games = [(_("Deal {deal} ({log})").format(deal=entry.deal, log=entry.log), game)
             for entry, game in zip(match.index.deals, match.games, strict=False)]
    return page_document(games, names, as_seat, title=path.name, match=match, review=review)


def review_verdicts(reviewer: Reviewer, game: Game, names: Sequence[str],
                    as_seat: int | None) -> dict[int, list[Json]]:
    """Each reviewed decision's verdict by the seq of its event: on a seat's page that
    seat's decisions only (each judged from its own view: a verdict names only cards it
    held), on the public page, which shows every hand, every seat's. A verdict: the seat,
    its line (as ``tarot review`` prints it), the mark (``?``, ``??`` or empty), whether
    the strong player would have chosen otherwise, the card it would have played, and
    the reasons."""
    from tarot.bots.review import CardReview
    from tarot.explain.verdicts import decision_line

    seats = [as_seat] if as_seat is not None else range(game.rules.players)
    verdicts: dict[int, list[Json]] = {}
    for seat in seats:
        for decision in reviewer.review(game, seat).decisions:
            line = _("{seat}, reviewed: {verdict}").format(
                seat=names[seat], verdict=decision_line(decision, game.rules))
            verdict: Json = {"seat": seat, "line": line,
                             "mark": "", "differs": False, "best": None, "reasons": []}
            if isinstance(decision, CardReview):
                verdict |= {"mark": decision.mark, "differs": decision.played != decision.best,
                            "best": CODES[decision.best], "reasons": decision.reasons()}
            else:
                verdict["differs"] = not decision.agrees
            verdicts.setdefault(decision.seq, []).append(verdict)
    return verdicts


# -- one step ------------------------------------------------------------------


def _step(state: DealState, dealt: Deal, as_seat: int | None, rules: RuleSet) -> Json:
    """What the table shows after an event: the public page shows every hand face up (a
    deal replayed keeps nothing secret), the chien and the discard with the cards the
    table has been shown marked; ``as_seat`` shows that seat's view and nothing else."""
    seats = state.seats
    views = [view_for(state, seat) for seat in range(seats)]
    view = views[as_seat] if as_seat is not None else views[0]
    hands: list[list[str] | int] = []
    for seat in range(seats):
        if as_seat is None or seat == as_seat:
            hands.append(list(views[seat].hand))
        else:
            # How many cards a seat holds is public; which they are is not.
            hands.append(state.hands[seat].bit_count())
    chien_seen = list(view.chien) if view.chien is not None else []
    if as_seat is None:
        chien = _pile(list(dealt.chien), chien_seen, rules.deal.chien_size)
    else:
        chien = _pile(chien_seen, chien_seen, rules.deal.chien_size)
    discard = None
    if state.discard:
        # What every seat but the taker sees of the discard (its trumps; all at the end).
        table_sees = list(views[(state.taker + 1) % seats].discard)
        cards = list(views[state.taker].discard) if as_seat is None else list(view.discard)
        discard = _pile(cards, table_sees, rules.deal.chien_size)
    contracts = {c.id: c.label for c in rules.contracts}
    # What the whole table knows of the camps: a seat's own view, or on the public page
    # the view of a seat that is neither the taker nor the called card's holder, who knows
    # only what the table was shown (every hand is face up there, but the partner is
    # marked from the moment the table learns it, as the game told it).
    camps = views[as_seat] if as_seat is not None else views[_bystander(state)]
    step = {
        "phase": state.phase,
        "dealer": state.dealer,
        "turn": view.turn,
        "hands": hands,
        "bids": [[seat, contracts[bid] if bid else None] for seat, bid in view.bids],
        "taker": view.taker if view.contract is not None else None,
        "contract": contracts[view.contract] if view.contract is not None else None,
        "chelem": view.chelem_declared,
        "chien": chien,
        "discard": discard,
        "poignees": [[seat, poignee_name(rules, len(shown)), list(shown)]
                     for seat, shown in view.poignees],
        "trick": _current_trick(view, seats),
        "tricks_done": len(view.tricks),
        "points": _points(view, rules, camps),
        "over": state.phase == phases.DONE,
    }
    if seats == 5:
        step["called"] = view.called
        step["attack"] = _attack(camps)
    return step


def _bystander(state: DealState) -> int:
    """A seat that is neither the taker nor the holder of the called card (at five players
    there are three at least): its view knows of the camps what the whole table knows."""
    return next(seat for seat in range(state.seats)
                if seat != state.taker and seat != state.partner)


def _attack(view: PlayerView) -> list[int] | None:
    """The attack's seats once the card is called and ``view`` may know them (V5-17): the
    taker and his partner, or the taker alone; None before."""
    if view.called is None or view.attack is None:
        return None
    return list(view.attack)


def _pile(cards: list[str], table_sees: list[str], size: int) -> Json:
    """The chien or the discard: the cards this page may show, those of them the whole
    table has seen, and how many cards the pile holds."""
    return {"cards": cards, "public": table_sees, "count": size}


def _by_seat(leader: int, cards: Sequence[str], seats: int) -> list[str | None]:
    """A trick's cards by seat, South first (None: that seat has not played)."""
    played = {(leader + index) % seats: code for index, code in enumerate(cards)}
    return [played.get(seat) for seat in range(seats)]


def _trick_json(number: int, leader: int, cards: list[str | None], winner: int | None, *,
                done: bool) -> Json:
    return {"number": number, "leader": leader, "cards": cards, "winner": winner,
            "done": done}


def _current_trick(view: PlayerView, seats: int) -> Json | None:
    if view.phase != phases.TRICKS or view.leader is None:
        return None
    # As at the terminal's table: a card alone is led, not yet winning anything.
    winning = None
    if len(view.trick) > 1:
        best = kernel.trick_winner_index([CARD_BY_CODE[c] for c in view.trick])
        winning = (view.leader + best) % seats if best >= 0 else None
    return _trick_json(len(view.tricks) + 1, view.leader,
                       _by_seat(view.leader, view.trick, seats), winning, done=False)


def _points(view: PlayerView, rules: RuleSet, camps: PlayerView) -> Json | None:
    """The card points and bouts each side has won in the tricks so far (the discard or
    chien left out until the settlement), and the taker's target with those bouts. At
    five players the taker's side counts his partner's tricks from the moment the page
    may name the partner (``camps``: the view that says what the page knows of the
    camps); until then, the taker's own ("attack": true once the partner's count;
    "partner_unknown": true while the card is called and its holder not known)."""
    if view.contract is None or view.taker is None:
        return None
    attack = _attack(camps)
    # Only what the page may know of the camps counts (the public page's view is South's,
    # who may be the partner).
    counted = dataclasses.replace(view, attack=None if attack is None else tuple(attack))
    taker, defence, taker_bouts, defence_bouts = score_so_far(counted, rules)
    target = rules.scoring.target_half_points[len(taker_bouts)]
    points: Json = {"taker": points_text(taker), "defence": points_text(defence),
                    "taker_bouts": taker_bouts, "defence_bouts": defence_bouts,
                    "target": points_text(target)}
    if attack is not None and len(attack) > 1:
        points["attack"] = True
    elif view.called is not None and attack is None:
        # Five players, the partner not known yet: the taker's own tricks against the
        # others', which may hold the partner's.
        points["partner_unknown"] = True
    return points


# -- a match's score sheet -------------------------------------------------------


def _sheet(match: LoadedMatch, games: Sequence[tuple[str, Game]], names: Sequence[str],
           deals: Sequence[Json]) -> Json:
    """The match's score sheet, a row a settled deal, each row shown from the step its
    deal is settled; the totals of the rows so far come with each row."""
    rows = match.sheet_rows()
    contracts = {c.id: c.label for c in games[0][1].rules.contracts}
    settled = [deal for deal in deals if deal["settled_at"] is not None]
    lines = []
    for count, (row, deal) in enumerate(zip(rows, settled, strict=True), start=1):
        s = row.settlement
        lines.append({
            "deal": row.deal,
            "dealer": dealer_text(row, names),
            "taker": names[s.taker],
            "contract": contracts.get(s.contract, s.contract),
            "result": result_text(s),
            "scores": list(s.scores),
            "totals": totals(rows[:count]),
            "from_step": deal["settled_at"],
        })
    return {"rows": lines}
