"""A seat's reviewed decisions (:mod:`tarot.bots.review`) in words and as data: each
decision's line, a seat's summary and the review's JSON document, for ``tarot review``, the
replay page's verdicts and the honesty check's lines, none of which prints here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
from tarot.engine.rules import RuleSet
from tarot.explain.narrate import cards_text, poignee_name
from tarot.i18n import _, ngettext, pgettext


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


def review_summary(name: str, reviews: Sequence[DealReview]) -> str:
    """A seat's reviews summed up in a sentence: its accuracy, the points it left, its marks."""
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


def review_document(reviewer: Reviewer, deals: list[list[DealReview]], seats: list[int]
                    ) -> dict[str, Any]:
    """The review as the JSON document ``tarot review --json`` prints: language-neutral."""
    settings = reviewer.player.settings
    return {
        "level": reviewer.player.name, "seed": reviewer.seed, "samples": settings.samples,
        "thresholds": {"?": DUBIOUS, "??": BLUNDER},
        "deals": [{"deal": number, "seats": [seat_document(one) for one in reviews]}
                  for number, reviews in enumerate(deals, start=1)],
        "in_all": [{"seat": s, "accuracy": accuracy(deal[i] for deal in deals),
                    "loss": sum(deal[i].loss for deal in deals),
                    "spread": sum(deal[i].spread for deal in deals)}
                   for i, s in enumerate(seats)],
    }


def seat_document(one: DealReview) -> dict[str, Any]:
    """One seat's review in one deal, as the JSON document holds it."""
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
