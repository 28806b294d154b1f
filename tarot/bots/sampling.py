"""A sampling player: deals the unseen cards many ways, plays each legal card out, keeps the best.

At each card decision :class:`SamplingPlayer` builds what its seat knows from
the :class:`~tarot.engine.views.PlayerView` alone (:class:`Knowledge`), deals the
cards it cannot see in ways consistent with that knowledge
(:meth:`Knowledge.sample`), and for each deal plays every distinct legal card
followed by a fast playout (:func:`tarot.bots.playout.aware_card`), or, once
three cards or fewer are left, an exact alpha-beta search of the deal. It plays
the card with the best mean score for its side (``Settlement.per_defender``,
signed for its side).

What the samples know besides the rules of play:

- **the auction**: a defender deals the taker the strong hand his bid
  promised. Without it the sampled taker held 0.65 of the unseen bouts at the
  first trick, against 1.67 in real deals; ``TAKER_BIAS`` is calibrated on
  simulated deals so that the two agree (``benchmarks/bench_policy.py`` prints
  the table);
- **equivalent cards**: two cards with nothing left between them and the same
  points are one choice (:func:`~tarot.bots.playout.distinct_cards`), which
  pays for more samples and makes the endgame search affordable;
- **the Excuse kept**: its worth in hand, which the playouts miss, is counted
  against playing it before the last four cards (``EXCUSE_KEPT_UNTIL``).

The others' plays can weigh the samples too (``Settings.evidence``,
:mod:`tarot.bots.evidence`); every level leaves that off, because it did not
play better (docs/players.md has the figures).

The levels bid by the contract evaluator learned by simulation
(:mod:`tarot.bots.contracts`, ``Settings.bid_by_model``); without a model for the rule
set, by the rules player's count in ``SAMPLING_STYLE`` (the yardstick's). The chelem,
the poignée and the discard are the rules player's. With ``Settings.bid_samples`` the
bids are valued by simulation at the table instead (:mod:`tarot.bots.bidding`); no
level does so, since it did not measurably pay (docs/players.md). The bids and passes
can weigh the samples (``Settings.bid_inference``, :mod:`tarot.bots.bid_inference`).

The playouts can play from each seat's knowledge rather than the sampled deal
(``Settings.blind``, :mod:`tarot.bots.seat_policy`), against the bias of
clairvoyant playouts; every level leaves that off too, for the same reason.

All randomness comes from the ``rng`` passed to :meth:`SamplingPlayer.choose`,
and the unseen cards are listed in card order, so the same view and the same
generator state give the same decision, whatever the hidden cards really are.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tarot.bots.bid_inference import BidEvidence
from tarot.bots.bidding import CALIBRATION, Calibration, SimulatedBidder
from tarot.bots.card_outcomes import CardOutcome, OutcomeTally
from tarot.bots.contracts import BID_TERMS, BidTerms, ContractBidder, load_model
from tarot.bots.deal_sampler import TAKER_BIAS, Knowledge, TakerBias
from tarot.bots.evidence import Evidence, resample
from tarot.bots.knowledge import HIDDEN
from tarot.bots.playout import (
    Position,
    Scoring,
    card_results,
    distinct_cards,
)
from tarot.bots.rules_player import RulesPlayer, Style, thin_trumps_at
from tarot.bots.seat_policy import BlindPlayouts
from tarot.engine import kernel, phases
from tarot.engine.cards import (
    CARD_BY_CODE,
    CODES,
    EXCUSE,
    FULL_DECK_MASK,
    PETIT,
    mask_of_codes,
)
from tarot.engine.events import Action, Bid, Play
from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet
from tarot.engine.views import PlayerView

# The playouts spend the Excuse at the end, or in place of a card worth more
# than two points, so they hardly see what keeping it saves (a card one would
# rather not give, a trick one need not contest) and the root played it at the
# first three tricks almost every time. Counting it ``Settings.excuse_keep``
# card points (times the contract's multiplier) while the hand is longer than
# this moved `normal - rules` by +5.1 ± 3.7 per game on deals 1-200 (the best
# of 3, 6, 10 and 15 there, so flattered) and +3.0 ± 5.0 on deals 201-400
# (8 did less): ``benchmarks/bench_settings.py --against rules --vary excuse_keep=...``.
EXCUSE_KEPT_UNTIL = 4
# Whose card play the contract evaluator's means are corrected for, at every sampling
# level: ``normal``'s as taker against ``rules`` defenders (``python
# benchmarks/train_contracts.py --calibrate normal --defenders rules``); ``strong`` plays
# the cards a little better, which the bids leave as margin.
SAMPLING_CALIBRATION = "normal"




@dataclass(frozen=True, slots=True)
class Settings:
    """How hard the player thinks.

    ``samples``: deals sampled per decision; ``max_playouts`` caps samples × legal
    cards (so wide decisions early in the deal stay in budget); ``exact_cards``:
    with this many cards or fewer in hand, each sampled deal is solved exactly;
    ``excuse_keep``: card points the Excuse is worth kept, while the hand has
    more than ``EXCUSE_KEPT_UNTIL`` cards.
    """

    samples: int = 24
    max_playouts: int = 160
    exact_cards: int = 3
    taker_bias: TakerBias | None = TAKER_BIAS
    excuse_keep: int = 6
    # The rules player's guards against a beginner's mistakes (the Petit, a hopeless
    # honour before the taker) applied to the cards sampled: issue 12.
    guard: bool = True
    # The others' plays as evidence (tarot.bots.evidence): each sampled deal's weight is
    # multiplied by ``evidence`` for each play it does not explain, and the deals played
    # out are drawn so from ``candidates`` times as many. 1.0: every deal counts the same.
    evidence: float = 1.0
    candidates: int = 3
    # Bids valued by simulation (tarot.bots.bidding): deals sampled a bid; 0 bids by the
    # rules player's count.
    bid_samples: int = 0
    # Above the lowest contract offered, the share of those deals it must be made in.
    bid_sure: float = 0.0
    # The simulated values' correction (tarot.bots.bidding.Calibration.offset).
    bid_offset: float = CALIBRATION.offset
    # Bids by the contract evaluator learned by simulation (tarot.bots.contracts), its
    # means corrected for this player's card play, where the rule set has a model and
    # its table size bidding terms (BID_TERMS: three and four players); else as above.
    bid_by_model: bool = False
    # What a contract's mean must beat and the price of risk (tarot.bots.contracts.BidTerms;
    # None: the table size's, BID_TERMS), and the club's cap on a thin hand (at four
    # players, as rules_player.Style.thin_trumps; -1: none).
    bid_margin: float | None = None
    bid_risk: float | None = None
    bid_thin_trumps: int = 5
    # The bids and passes as evidence (tarot.bots.bid_inference): the deals played out are
    # drawn from ``candidates`` times as many, by how likely each makes the others' bids
    # under the contract evaluator (where the rule set has one).
    bid_inference: bool = False
    # Playouts that play from the seat's knowledge (tarot.bots.seat_policy): 0 off (every
    # seat sees the sampled deal), 1 the root seat plays blind, 2 every seat does. Off at
    # every level: it did not pay (docs/players.md). The hint's explained outcomes
    # (card_outcomes with explain) keep the aware playouts.
    blind: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.evidence <= 1:
            raise ValueError(f"evidence is a factor in (0, 1], not {self.evidence}")
        if self.candidates < 1:
            raise ValueError(f"candidates must be at least 1, not {self.candidates}")
        if self.blind not in (0, 1, 2):
            raise ValueError(f"blind is 0, 1 or 2, not {self.blind}")


def ranked_cards(values: dict[int, float], points: Sequence[int]) -> list[int]:
    """The cards of ``values`` from best to worst: by value, then the fewest card points,
    then the lowest card."""
    return sorted(values, key=lambda card: (-values[card], points[card], card))


class SamplingPlayer:
    """Determinized Monte-Carlo card play; RulesPlayer for everything else."""

    def __init__(self, settings: Settings | None = None, *, name: str = "sampling",
                 rules: RuleSet | str = "standard", style: Style | None = None) -> None:
        self.settings = settings or Settings()
        self.name = name
        # The view does not carry the rule set: the player is told it, like a person is.
        self.rules = rules if isinstance(rules, RuleSet) else load_rules(rules)
        # Bids, discard, poignée, chelem and the guards: the rules player's, in ``style``.
        self.fallback = RulesPlayer(style, rules=self.rules)
        settings = self.settings
        calibration = Calibration(CALIBRATION.scale, settings.bid_offset)
        self.bidder = (SimulatedBidder(self.rules, self.fallback, settings.bid_samples,
                                       calibration, sure=settings.bid_sure)
                       if settings.bid_samples > 0 else None)
        model = (load_model(self.rules.id)
                 if settings.bid_by_model or settings.bid_inference else None)
        self.contract_model = model
        # A table size without terms of its own (five players) bids by the count, unless
        # the settings give a margin.
        sized = self.rules.players in BID_TERMS or settings.bid_margin is not None
        self.contract_bidder = (
            ContractBidder(model, SAMPLING_CALIBRATION, self._bid_terms(),
                           thin_trumps_at(settings.bid_thin_trumps, self.rules.players))
            if model is not None and settings.bid_by_model and sized else None)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == phases.AUCTION and any(isinstance(a, Bid) for a in legal):
            if self.bidder is not None:
                return self.bidder.choose(view, legal, rng)
            if self.contract_bidder is not None:
                return self.contract_bidder.choose(view, [a for a in legal
                                                          if isinstance(a, Bid)])
        if view.phase != phases.TRICKS:
            return self.fallback.choose(view, legal, rng)
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) < len(legal):
            action = self.fallback.choose(view, legal, rng)  # a poignée, or not
            if not isinstance(action, Play):
                return action
        if len(plays) == 1:
            return plays[0]
        legal_mask = mask_of_codes(a.card for a in plays)
        if self.settings.guard:
            legal_mask = self.fallback.guarded(view, legal_mask)
            if not legal_mask & (legal_mask - 1):
                return Play(seat=view.seat, card=CODES[legal_mask.bit_length() - 1])
        card = self.best_card(view, legal_mask, rng)
        return Play(seat=view.seat, card=CODES[card])

    def best_card(self, view: PlayerView, legal: int, rng: random.Random) -> int:
        """The legal card with the best value (:meth:`card_values`) for the seat's side; of
        cards valued the same, the one worth fewest card points (the playouts often lose
        a knight and a small card alike, where a player keeps the knight), then the
        lowest."""
        return ranked_cards(self.card_values(view, legal, rng), self.rules.points_table)[0]

    def card_values(self, view: PlayerView, legal: int, rng: random.Random) -> dict[int, float]:
        """Each distinct legal card and its mean score per defender, signed for the seat's side.

        Equivalent cards (see :func:`~tarot.bots.playout.distinct_cards`) are
        represented by the lowest; a card that is the only choice is not searched.
        Before the exact search takes over, the Excuse's mean is lowered by what
        it is worth kept (``Settings.excuse_keep``).
        """
        return {card: outcome.value
                for card, outcome in self.card_outcomes(view, legal, rng, explain=False).items()}

    def card_outcomes(self, view: PlayerView, legal: int, rng: random.Random,
                      explain: bool = True) -> dict[int, CardOutcome]:
        """:meth:`card_values` with, when ``explain``, what each card came to in the
        sampled deals: how often our side took the trick in progress, made (or beat)
        the contract, and kept the Petit. The same samples and the same values either
        way (the playout policy is deterministic, so stopping at the trick's end to look
        changes nothing); counting costs a little, so card play does not."""
        rules = self.rules
        seats = rules.players
        know = Knowledge(view, rules.table.chien_size, self.settings.taker_bias, seats,
                         self.fallback.style.read_table)
        # Cards the seat knows are out of play cannot tell two of its cards apart.
        on_table = mask_of_codes(view.trick)
        cards = distinct_cards(legal, rules.points_table,
                               FULL_DECK_MASK & ~know.hand & ~know.played | on_table)
        if len(cards) == 1:
            return {cards[0]: CardOutcome(0.0, 0)}
        assert view.contract is not None and view.taker is not None
        sc = Scoring.from_view(rules, view)
        fate = rules.contracts[rules.contract_index[view.contract]].chien
        roots: dict[int, Position] = {}  # by the attack's seats (five players: per partner)
        # The seat knows its own camp: the taker's, the called card's holder's, or not.
        taker_side = bool(know.attack >> view.seat & 1)
        sign = 1 if taker_side else -1
        settings = self.settings
        exact = know.hand.bit_count() <= settings.exact_cards
        samples = settings.samples if exact else \
            max(1, min(settings.samples, settings.max_playouts // len(cards)))
        totals = [0] * len(cards)
        tally = OutcomeTally(len(cards), petit_live=not know.played >> PETIT & 1, exact=exact)
        blind = (BlindPlayouts(view, rules.table.chien_size, seats, settings.blind, fate)
                 if settings.blind and not exact and not explain else None)
        for hands in self._deals(view, know, sc, samples, rng):
            attack = know.attack_of(hands)
            root = roots.get(attack)
            if root is None:
                root = roots[attack] = _root(view, rules, attack)
            base = root.copy()
            base.hands = hands[:seats]
            if fate == "shown":
                # Discarded cards count for the taker (the sampled ones for a defender).
                base.pile |= hands[HIDDEN] | mask_of_codes(view.discard)
            elif fate == "taker":
                base.pile |= hands[HIDDEN]
            if explain:
                for i, card in enumerate(cards):
                    totals[i] += sign * tally.play_out(i, base.copy(), card, sc, taker_side)
                continue
            if blind is not None:
                for i, card in enumerate(cards):
                    totals[i] += sign * blind.play_out(base.copy(), card, sc, hands)
                continue
            # One call for every card of this deal (into the compiled core where it is built).
            for i, result in enumerate(card_results(base, cards, sc, exact)):
                totals[i] += sign * result
        values = [total / samples for total in totals]
        if EXCUSE in cards and self.discounts_excuse(know.hand.bit_count()):
            values[cards.index(EXCUSE)] -= settings.excuse_keep * sc.multiplier
        if not explain:
            return {card: CardOutcome(values[i], samples) for i, card in enumerate(cards)}
        return {card: tally.outcome(i, values[i], samples) for i, card in enumerate(cards)}

    def _deals(self, view: PlayerView, know: Knowledge, sc: Scoring, count: int,
               rng: random.Random) -> list[list[int]]:
        """``count`` deals consistent with the view; with ``Settings.evidence`` below 1, the
        ones that best explain the other seats' plays, drawn from more."""
        settings = self.settings
        evidence = (Evidence(view, sc, settings.evidence, know.seats)
                    if settings.evidence < 1.0 else None)
        if evidence is not None and not evidence.plays:
            evidence = None
        bids = self._bid_evidence(view, know)
        if evidence is None and bids is None:
            return [know.sample(rng) for _ in range(count)]
        pool = [know.sample(rng) for _ in range(count * settings.candidates)]
        weights = [1.0] * len(pool)
        for source in (evidence, bids):
            if source is not None:
                weights = [w * source.weight(hands) for w, hands in zip(weights, pool,
                                                                        strict=True)]
        if not any(weights):
            return pool[:count]
        return resample(pool, weights, count, rng)

    def _bid_evidence(self, view: PlayerView, know: Knowledge) -> BidEvidence | None:
        model = self.contract_model
        if model is None or not self.settings.bid_inference:
            return None
        bidder = ContractBidder(model, SAMPLING_CALIBRATION, self._bid_terms())
        evidence = BidEvidence(view, bidder, [c.id for c in self.rules.contracts], know.plays)
        return evidence if evidence.bids else None

    def _bid_terms(self) -> BidTerms:
        settings = self.settings
        terms = BID_TERMS.get(self.rules.players, BidTerms(0.0, 0.0))
        return BidTerms(terms.margin if settings.bid_margin is None else settings.bid_margin,
                        terms.risk if settings.bid_risk is None else settings.bid_risk)

    def discounts_excuse(self, cards_in_hand: int) -> bool:
        """Whether :meth:`card_values` counts the Excuse less its worth kept, at this hand size.

        Not under the exact search, which sees what the Excuse saves.
        """
        settings = self.settings
        return (settings.excuse_keep > 0 and cards_in_hand > EXCUSE_KEPT_UNTIL
                and cards_in_hand > settings.exact_cards)


def _root(view: PlayerView, rules: RuleSet, attack: int = 0) -> Position:
    """The card play so far as a Position (hands left empty: the sampler fills them), the
    completed tricks shared between the camps of ``attack`` (0: the taker alone)."""
    taker = view.taker if view.taker is not None else 0
    attack = attack or 1 << taker
    seats = rules.players
    tricks = [(tuple(CARD_BY_CODE[c] for c in t.cards), t.leader, t.winner) for t in view.tricks]
    taken = kernel.take_tricks(rules.table, tricks, attack)
    petit_prev = (kernel.petit_side(tricks[-1][0], bool(attack >> tricks[-1][2] & 1))
                  if tricks else 0)
    leader = view.leader if view.leader is not None else view.seat
    trick = [CARD_BY_CODE[c] for c in view.trick]
    return Position([0] * seats, trick, leader, taker, len(view.tricks), taken.pile,
                    taken.adjust, taken.taker_tricks, taken.defence_tricks, petit_prev,
                    kernel.trick_winner_index(trick), attack, seats)

