"""A review of a played deal: each decision of a seat set beside the one the hint player
(``strong``) would have made from that seat's view at that moment, as a chess engine
annotates a game.

The deal is rebuilt from its events (:func:`tarot.engine.walk.walk`); just before each of
the seat's decisions the reviewer takes ``game.view(seat)`` (what the seat could know
then, never the hidden hands the log holds) and the legal actions, and asks the hint
player. A card with a choice is valued once, by the hint's own function
(:func:`~tarot.bots.advice.advise`): every legal card over the same sampled deals, so the
card played and the best are compared on equal terms, and the same position gets the same
values and best card here as from the hint at the table. The best is the card the hint
player would play: the best value among the cards its guards leave (the Petit and honours
not thrown away), the guarded-out ones valued too, since a seat may have played one. The
expected loss is the difference of the two cards' mean scores for the seat
(:func:`~tarot.bots.advice.seat_score`), in points of score a deal.

Bids, the call, the discard, the chelem and the poignée are decided by the hint player
from the rules player's count, which gives no expected score: the review says what it
would have done and whether the seat agreed, with no loss (docs/decisions.md).

A card decision's generator is seeded from the position and the review's seed
(:func:`~tarot.bots.advice.position_rng`; seed 0 is the hint's), another decision's from
the seed and the event's seq, so a review is the same for the same log and seed, whichever
decisions are reviewed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from tarot.bots.advice import Advice, advise, reasons, seat_score
from tarot.bots.registry import HINT_LEVEL, make_player
from tarot.bots.sampling import SamplingPlayer
from tarot.engine.cards import CARD_BY_CODE, mask_of_codes
from tarot.engine.events import (
    ACTION_TYPES,
    Action,
    Bid,
    Call,
    Chelem,
    Discard,
    Event,
    Play,
    Poignee,
)
from tarot.engine.game import Game, in_force
from tarot.engine.walk import walk

# The marks of a card decision, by its expected loss in points of score a deal for the
# seat (docs/decisions.md says why these two): at least DUBIOUS a mistake `?`, at least
# BLUNDER a blunder `??`.
DUBIOUS = 10
BLUNDER = 25


def mark(loss: int) -> str:
    """The chess engine's mark of a card decision losing ``loss`` points on average."""
    return "??" if loss >= BLUNDER else "?" if loss >= DUBIOUS else ""


@dataclass(frozen=True, slots=True)
class CardReview:
    """A card played where the seat had a choice, and what the hint player made of it.

    ``advice`` holds every legal card's outcome over the same sampled deals (equivalent
    cards by the lowest of their run); ``played`` is the card played's representative
    among them (``card`` the card itself). ``best``: the hint player's card. ``worst``:
    the lowest-valued legal card, for the accuracy's range."""

    seq: int
    trick: int  # 1.. the trick the card went to
    card: int
    played: int
    best: int
    worst: int
    advice: Advice

    @property
    def score(self) -> int:
        """The card played's mean score for the seat, in whole points."""
        return seat_score(self.advice, self.played)

    @property
    def best_score(self) -> int:
        return seat_score(self.advice, self.best)

    @property
    def worst_score(self) -> int:
        return seat_score(self.advice, self.worst)

    @property
    def loss(self) -> int:
        """Points of score a deal the card gave up against the best, on average (0 or more:
        a guarded-out card may be valued above the best, and counts as no loss)."""
        return max(0, self.best_score - self.score)

    @property
    def mark(self) -> str:
        return mark(self.loss)

    @property
    def deals(self) -> int:
        return self.advice.outcomes[self.best].deals

    def reasons(self) -> list[str]:
        """Why the best card rather than the one played, in the current language (the
        hint's reasons, set against the card played); none when the card was the best."""
        if self.played == self.best:
            return []
        # The card played named as itself, not as the lowest of its run.
        outcomes = {self.best: self.advice.outcomes[self.best],
                    self.card: self.advice.outcomes[self.played]}
        left_out = (self.card,) if self.played in self.advice.left_out else ()
        return reasons(replace(self.advice, ranked=(self.best, self.card), outcomes=outcomes,
                               left_out=left_out))


@dataclass(frozen=True, slots=True)
class OtherReview:
    """A decision other than a card (a bid, the call, the discard, the chelem, the poignée):
    what the seat did and what the hint player would have done (by its count: no score)."""

    seq: int
    kind: str  # "bid", "call", "discard", "chelem", "poignee"
    made: Action
    advised: Action

    @property
    def agrees(self) -> bool:
        return same_decision(self.made, self.advised)


Decision = CardReview | OtherReview


@dataclass(frozen=True, slots=True)
class DealReview:
    """One seat's decisions in one deal, in the order they were made."""

    seat: int
    decisions: tuple[Decision, ...]

    @property
    def cards(self) -> list[CardReview]:
        return [d for d in self.decisions if isinstance(d, CardReview)]

    @property
    def loss(self) -> int:
        """The points of score the seat left on the table: the sum of its cards' losses."""
        return sum(d.loss for d in self.cards)

    @property
    def spread(self) -> int:
        """The points at stake in the seat's card choices: the sum, over its cards, of the
        best legal card's mean score less the worst's."""
        return sum(max(0, d.best_score - d.worst_score) for d in self.cards)


def accuracy(reviews: Iterable[DealReview]) -> int:
    """The seat's accuracy in whole percent (docs/decisions.md): 100 less the share of the
    points at stake in its card choices that it left on the table,
    ``100 * (1 - loss / spread)`` over the reviews together; 100 when nothing was at stake."""
    listed = list(reviews)
    loss = sum(r.loss for r in listed)
    spread = sum(r.spread for r in listed)
    if spread <= 0:
        return 100
    return max(0, round(100 * (spread - min(loss, spread)) / spread))


def same_decision(made: Action, advised: Action) -> bool:
    """Whether two decisions of the same kind are the same choice: the same bid, called
    card, discarded cards (in any order), chelem answer, or poignée level (how many trumps
    shown; which ones is not the hint player's concern), a declined poignée being a Play."""
    if isinstance(made, Discard) and isinstance(advised, Discard):
        return sorted(made.cards) == sorted(advised.cards)
    if isinstance(made, Poignee) or isinstance(advised, Poignee):
        shown = len(made.cards) if isinstance(made, Poignee) else 0
        return shown == (len(advised.cards) if isinstance(advised, Poignee) else 0)
    return made == advised


_KINDS: dict[type, str] = {Bid: "bid", Call: "call", Discard: "discard", Chelem: "chelem",
                           Poignee: "poignee"}


class Reviewer:
    """Reviews the decisions of seats in deals, with the hint player at ``samples`` deals a
    decision (None: the hint player's own), seeded by ``seed``."""

    def __init__(self, game: Game, seed: int = 0, samples: int | None = None) -> None:
        player = make_player(HINT_LEVEL, game.rules)
        assert isinstance(player, SamplingPlayer)
        if samples is not None:
            settings = replace(player.settings, samples=samples,
                               max_playouts=max(samples, player.settings.max_playouts
                                                * samples // player.settings.samples))
            player = SamplingPlayer(settings, name=player.name, rules=player.rules,
                                    style=player.fallback.style)
        self.player = player
        self.seed = seed

    def rng(self, seq: int) -> random.Random:
        """The generator of the decision other than a card at event ``seq``: the same whatever
        else is reviewed (a card's is the hint's, from its position)."""
        return random.Random(f"review:{self.seed}:{seq}")

    def review(self, game: Game, seat: int) -> DealReview:
        """``seat``'s decisions in ``game`` (its events as far as they go)."""
        found: list[Decision] = []
        # A practice game's decisions in force only: one taken back is not the deal's.
        kept = set(in_force(game.events))

        def before(seq: int, event: Event, replay: Game) -> None:
            # Decisions only (a derived event may name a seat too: the partner revealed).
            if not isinstance(event, ACTION_TYPES) or event.seat != seat or seq not in kept:
                return
            found.extend(self._judge(seq, event, replay, seat))

        walk(game, before=before).finish()
        return DealReview(seat, tuple(found))

    def _judge(self, seq: int, event: Event, game: Game, seat: int) -> list[Decision]:
        legal = game.legal_actions()
        view = game.view(seat)  # what the seat knew: the only input of the judgement
        player = self.player
        judged: list[Decision] = []
        if isinstance(event, (Play, Poignee)):
            if any(isinstance(a, Poignee) for a in legal):
                advised = player.fallback.choose(view, legal, self.rng(seq))
                judged.append(OtherReview(seq, "poignee", event, advised))
            if isinstance(event, Poignee):
                return judged
            plays = mask_of_codes(a.card for a in legal if isinstance(a, Play))
            if plays & (plays - 1):
                card = self._card(seq, event, game, seat, plays)
                if card is not None:
                    judged.append(card)
            return judged
        kind = _KINDS.get(type(event))
        if kind is None or (len(legal) < 2 and not isinstance(event, Discard)):
            return judged  # a forced decision: nothing to review
        advised = player.choose(view, legal, self.rng(seq))
        judged.append(OtherReview(seq, kind, event, advised))  # type: ignore[arg-type]
        return judged

    def _card(self, seq: int, event: Play, game: Game, seat: int,
              legal: int) -> CardReview | None:
        """The card decision valued as the hint values it (:func:`~tarot.bots.advice.advise`,
        seeded from the position and the review's seed); None when every legal card comes
        to the same (one run of equivalent cards: no choice in fact)."""
        view = game.view(seat)
        advice = advise(self.player, view, legal, self.seed)
        if len(advice.outcomes) < 2:
            return None
        card = CARD_BY_CODE[event.card]
        # The card's run of equivalent cards is represented by its lowest (distinct_cards).
        played = max(c for c in advice.outcomes if c <= card)
        return CardReview(seq, len(view.tricks) + 1, card, played, advice.best, advice.worst,
                          advice)


def review_deal(game: Game, seat: int, seed: int = 0, samples: int | None = None) -> DealReview:
    """``seat``'s decisions in ``game`` reviewed (:class:`Reviewer`)."""
    return Reviewer(game, seed, samples).review(game, seat)


__all__ = ["BLUNDER", "DUBIOUS", "CardReview", "DealReview", "Decision", "OtherReview",
           "Reviewer", "accuracy", "mark", "review_deal", "same_decision"]
