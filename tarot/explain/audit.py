"""The audit of a finished deal: its settlement explained step by step, as data.

Each figure of the settlement is traced back to the cards: the points the taker
won in tricks, the chien or discard and whom it counts for, the Excuse
compensations and the Excuse's fate (who played it, which side keeps it and by which
rule), the bouts and where they came from, then the arithmetic of the rule book 3.6.
:func:`rescore` replays the same decisions under another rule set.

At three and five players (RULES-3-5) "the taker" of these figures is the attack, his
camp: at five the taker and the holder of the called card, whose tricks count together.
The audit names the call and the partner, and says how ``D`` is shared between the
seats (V3-9, V5-11).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from tarot.engine import kernel
from tarot.engine.cards import BOUTS, CODES, EXCUSE, EXCUSE_BIT
from tarot.engine.events import (
    ChelemScore,
    Event,
    LogHeader,
    PoigneeScore,
    Settlement,
)
from tarot.engine.game import Game
from tarot.engine.rule_files import carried_rules
from tarot.engine.rules import RulesError, RuleSet
from tarot.engine.scoring import Side, TrickShare, trick_shares
from tarot.engine.state import NO_SEAT, DealState
from tarot.engine.walk import walk
from tarot.errors import IllegalAction

# The audit in words is audit_text's; its names stay importable from here, where they were.
from tarot.explain.audit_text import audit_lines as audit_lines
from tarot.explain.audit_text import excuse_text
from tarot.i18n import _
from tarot.said import in_english


@dataclass(frozen=True)
class BoutSource:
    card: str
    # "trick 7", "discard", "chien"; for the Excuse won in a trick, who played it and
    # why the taker ends with it (excuse_text, with the log's seat names P0, P1…).
    where: str


@dataclass(frozen=True)
class ExcuseFate:
    """Where the Excuse went: the trick it was played to (None: it lay in the chien), by
    whom, and the side that keeps it, by the rule that decides (rule book 3.5)."""

    trick: int | None
    played_by: int | None  # the seat
    played_by_side: Side | None
    led: bool
    won_by_side: Side | None  # the side that won the trick it was played to
    kept_by: Side
    # "stays" (R15, before the last trick), "changes_side" (R16, A3: the last trick),
    # "exception" (R16, A5: led to the last trick by a side that won the 17 before),
    # "slam" (A4 under the flag excuse_kept_in_any_slam), "chien" (A16)
    why: str
    rule: str
    compensation_half_points: int  # paid by the keeping side to the trick's winners


@dataclass(frozen=True)
class Audit:
    contract: str
    contract_name: str
    taker: int
    multiplier: int
    tricks_won_by_taker: int
    taker_trick_half_points: int  # the taker's cards from tricks, by the Excuse ledger
    chien_half_points: int  # the discard (Prise, Garde) or the chien (Garde sans, Garde contre)
    chien_counts_for: str  # "taker" or "defence"
    chien_label: str  # "discard" or "chien"
    excuse_adjustment_half_points: int  # the 0.5-point compensations, to (+) or from (-) the taker
    taker_half_points: int
    defence_half_points: int
    bouts: tuple[BoutSource, ...]
    excuse: ExcuseFate | None  # None: the Excuse was neither played nor in the chien
    target_half_points: int
    contract_made: bool
    difference: int
    base_points: int
    base: int
    petit_au_bout: str | None
    petit_au_bout_bonus: int
    poignees: tuple[PoigneeScore, ...]  # seat, level, bonus per defender (signed)
    chelem: tuple[ChelemScore, ...]  # kind, bonus per defender (signed)
    per_defender: int
    scores: tuple[int, ...]
    # The table's size and, at five players, the call (RULES-3-5 V5-2 to V5-5): the card
    # called, whether another seat held it ("partner"), the taker ("self") or the chien
    # ("in_chien"), the partner's seat and the trick where the called card was played
    # (the partner revealed). Left out of as_json at four players, whose audits read as
    # they always did.
    players: int = 4
    called: str | None = None
    call_case: str | None = None
    partner: int | None = None
    partner_revealed_trick: int | None = None
    # What each seat scores for one point of ``per_defender`` (V3-9, V5-11): -1 for a
    # defender, 1 for the partner, 2, 3 or 4 for the taker.
    shares: tuple[int, ...] = ()

    def as_json(self) -> dict[str, Any]:
        document = dataclasses.asdict(self)
        if self.players == 4:
            for key in _SIZE_KEYS:
                del document[key]
        return document


_SIZE_KEYS = ("players", "called", "call_case", "partner", "partner_revealed_trick", "shares")


def audit(game: Game) -> Audit:
    """Explain the settlement of a finished game."""
    return audit_state(game.state)


def audit_state(state: DealState) -> Audit:
    """Explain the settlement of a finished deal's state."""
    settlement = state.settlement
    if settlement is None:
        raise ValueError("the deal is not settled yet: nothing to audit")
    rules = state.rules
    shares = trick_shares(state)
    piles = [share.taker_cards for share in shares]
    adjustment = sum(share.taker_adjustment for share in shares)
    fate = state.chien_fate
    chien_mask = state.discard if fate == "shown" else state.chien
    chien_label = "discard" if fate == "shown" else "chien"
    chien_for = "defence" if fate == "defence" else "taker"
    excuse = excuse_fate(state, shares)
    partner = None if state.partner == NO_SEAT else state.partner
    log_names = tuple(f"P{seat}" for seat in range(rules.players))
    bouts: list[BoutSource] = []
    for bout in BOUTS:
        bit = 1 << bout
        if chien_for == "taker" and chien_mask & bit:
            bouts.append(BoutSource(CODES[bout], chien_label))
        for number, pile in enumerate(piles, start=1):
            if pile & bit:
                where = f"trick {number}"
                if bit == EXCUSE_BIT and excuse is not None:
                    # English, as --json reports it; _where says it to a person.
                    where = in_english(partial(excuse_text, excuse, log_names, partner))
                bouts.append(BoutSource(CODES[bout], where))
    trick_half = sum(kernel.half_points(rules.table, pile) for pile in piles)
    chien_half = kernel.half_points(rules.table, chien_mask)
    contract = rules.contracts[state.contract]
    attack = state.attack
    return Audit(
        contract=contract.id,
        contract_name=contract.name,
        taker=state.taker,
        multiplier=settlement.multiplier,
        tricks_won_by_taker=sum(1 for t in state.tricks if attack >> t.winner & 1),
        taker_trick_half_points=trick_half,
        chien_half_points=chien_half,
        chien_counts_for=chien_for,
        chien_label=chien_label,
        excuse_adjustment_half_points=adjustment,
        taker_half_points=settlement.taker_half_points,
        defence_half_points=settlement.defence_half_points,
        bouts=tuple(bouts),
        excuse=excuse,
        target_half_points=settlement.target_half_points,
        contract_made=settlement.contract_made,
        difference=settlement.difference,
        base_points=rules.scoring.base_points,
        base=settlement.base,
        petit_au_bout=settlement.petit_au_bout,
        petit_au_bout_bonus=settlement.petit_au_bout_bonus,
        poignees=settlement.poignees,
        chelem=settlement.chelem,
        per_defender=settlement.per_defender,
        scores=settlement.scores,
        players=rules.players,
        called=CODES[state.called] if state.called >= 0 else None,
        call_case=state.call_case,
        partner=partner,
        partner_revealed_trick=_trick_of(state, state.called) if partner is not None else None,
        # The kernel's own shares: one point of D, settled as the deal was.
        shares=tuple(kernel.seat_scores(1, rules.players, state.taker, partner)),
    )


def _trick_of(state: DealState, card: int) -> int | None:
    """The number of the trick ``card`` was played to (None: it was not played)."""
    for number, trick in enumerate(state.tricks, start=1):
        if card in trick.cards:
            return number
    return None


def excuse_fate(state: DealState, shares: Sequence[TrickShare]) -> ExcuseFate | None:
    """The Excuse's fate in a finished deal, read from the ledger's shares of the tricks
    (:func:`tarot.engine.scoring.trick_shares`), so that it says what the count did."""
    last = state.rules.deal.hand_size
    for number, (trick, share) in enumerate(zip(state.tricks, shares, strict=True), start=1):
        if EXCUSE not in trick.cards:
            continue
        index = trick.cards.index(EXCUSE)
        seat = trick.seat_of(index)
        # By camp (V5-8): the partner's Excuse is the attack's.
        attack = state.attack
        played_by: Side = "taker" if attack >> seat & 1 else "defence"
        won_by: Side = "taker" if attack >> trick.winner & 1 else "defence"
        kept_by: Side = "taker" if share.taker_cards & EXCUSE_BIT else "defence"
        compensation = abs(share.taker_adjustment)
        if number < last:
            why, rule = "stays", "R15, A1" if compensation else "R15"
        elif trick.excuse_exception:
            why, rule = "exception", "R16, A5"
        elif kept_by == played_by:
            why, rule = "slam", "A4"
        elif all(bool(attack >> t.winner & 1) == (played_by == "taker")
                 for t in state.tricks[:-1]):
            # Its side won every trick before, yet it was not led (or that side lost the
            # last trick): A4 decides that the slam does not keep it.
            why, rule = "changes_side", "R16, A3, A4"
        else:
            why, rule = "changes_side", "R16, A3"
        return ExcuseFate(trick=number, played_by=seat, played_by_side=played_by,
                          led=index == 0, won_by_side=won_by, kept_by=kept_by, why=why,
                          rule=rule, compensation_half_points=compensation)
    fate = state.chien_fate
    chien = state.discard if fate == "shown" else state.chien
    if chien & EXCUSE_BIT:
        return ExcuseFate(trick=None, played_by=None, played_by_side=None, led=False,
                          won_by_side=None, kept_by="defence" if fate == "defence" else "taker",
                          why="chien", rule="R7, A16", compensation_half_points=0)
    return None


@dataclass(frozen=True)
class Rescore:
    """The same decisions under another rule set: the game, or the first refused event."""

    rules_id: str
    game: Game | None
    refused_seq: int | None = None
    refused: IllegalAction | None = None

    @property
    def settlement(self) -> Settlement | None:
        return self.game.settlement if self.game is not None else None


def replay_decisions(header: LogHeader, events: Sequence[Event], rules: RuleSet) -> Rescore:
    """Replay the decision events of a log under ``rules``; derived events are recomputed.
    RulesError when ``rules`` are for another table size than the log's."""
    if rules.players != header.size:
        raise RulesError(_("{rules}: a rule set for {players} players, and this deal was "
                           "played by {seats}").format(rules=rules.id, players=rules.players,
                                                       seats=header.size))
    header = dataclasses.replace(header, rules_id=rules.id, rules_hash=rules.content_hash,
                                 rules=carried_rules(rules))
    walked = walk(header, events, rules=rules, decisions_only=True)
    try:
        return Rescore(rules.id, walked.finish())
    except IllegalAction as refusal:
        return Rescore(rules.id, None, walked.refused_seq, refusal)


def rescore(game: Game, rules: RuleSet) -> Rescore:
    """The decisions of ``game`` under ``rules``."""
    return replay_decisions(game.header, game.events, rules)
