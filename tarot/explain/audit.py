"""The audit of a finished deal: its settlement explained step by step, as data.

Each figure of the settlement is traced back to the cards: the points the taker
won in tricks, the chien or discard and whom it counts for, the Excuse
compensations and the Excuse's fate (who played it, which side keeps it and by which
rule), the bouts and where they came from, then the arithmetic of the rule book 3.6.
:func:`rescore` replays the same decisions under another rule set.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
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
from tarot.engine.rules import RuleSet
from tarot.engine.scoring import Side, TrickShare, points_text, trick_shares
from tarot.engine.state import DealState
from tarot.engine.walk import walk
from tarot.errors import LOG_NAMES, IllegalAction


@dataclass(frozen=True)
class BoutSource:
    card: str
    # "trick 7", "discard", "chien"; for the Excuse won in a trick, who played it and
    # why the taker ends with it (excuse_text, with the log's seat names P0…P3).
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

    def as_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


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
    bouts: list[BoutSource] = []
    for bout in BOUTS:
        bit = 1 << bout
        if chien_for == "taker" and chien_mask & bit:
            bouts.append(BoutSource(CODES[bout], chien_label))
        for number, pile in enumerate(piles, start=1):
            if pile & bit:
                where = f"trick {number}"
                if bit == EXCUSE_BIT and excuse is not None:
                    where = excuse_text(excuse, LOG_NAMES)
                bouts.append(BoutSource(CODES[bout], where))
    trick_half = sum(kernel.half_points(rules.table, pile) for pile in piles)
    chien_half = kernel.half_points(rules.table, chien_mask)
    contract = rules.contracts[state.contract]
    return Audit(
        contract=contract.id,
        contract_name=contract.name,
        taker=state.taker,
        multiplier=settlement.multiplier,
        tricks_won_by_taker=sum(1 for t in state.tricks if t.winner == state.taker),
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
    )


def excuse_fate(state: DealState, shares: Sequence[TrickShare]) -> ExcuseFate | None:
    """The Excuse's fate in a finished deal, read from the ledger's shares of the tricks
    (:func:`tarot.engine.scoring.trick_shares`), so that it says what the count did."""
    last = state.rules.deal.hand_size
    for number, (trick, share) in enumerate(zip(state.tricks, shares, strict=True), start=1):
        if EXCUSE not in trick.cards:
            continue
        index = trick.cards.index(EXCUSE)
        seat = trick.seat_of(index)
        played_by: Side = "taker" if seat == state.taker else "defence"
        won_by: Side = "taker" if trick.winner == state.taker else "defence"
        kept_by: Side = "taker" if share.taker_cards & EXCUSE_BIT else "defence"
        compensation = abs(share.taker_adjustment)
        if number < last:
            why, rule = "stays", "R15, A1" if compensation else "R15"
        elif trick.excuse_exception:
            why, rule = "exception", "R16, A5"
        elif kept_by == played_by:
            why, rule = "slam", "A4"
        elif all((t.winner == state.taker) == (played_by == "taker")
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


def excuse_text(fate: ExcuseFate, names: Sequence[str]) -> str:
    """Who played the Excuse, and which side keeps it and by which rule, with ``names``
    for the seats: "trick 18, played by West, a defender; on the last trick the Excuse
    changes side: the taker gets it (R16, A3)"."""
    kept = fate.kept_by
    if fate.trick is None:
        return f"in the chien, which counts for the {kept} ({fate.rule})"
    played = _played_by(fate, names)
    if fate.why == "stays":
        consequence = f"the {kept} keeps it"
        if fate.compensation_half_points:
            winners = "the taker, who" if fate.won_by_side == "taker" else "the defence, which"
            consequence += (f" and gives {points_text(fate.compensation_half_points)} point "
                            f"to {winners} won the trick")
    elif fate.why == "exception":
        played += f", after the {kept} won every trick before"
        consequence = f"it wins the last trick, and the {kept} keeps it"
    elif fate.why == "slam":
        played += f", in the {kept}'s slam"
        consequence = f"the {kept} keeps it"
    else:
        consequence = f"on the last trick the Excuse changes side: the {kept} gets it"
    return f"{played}; {consequence} ({fate.rule})"


def _played_by(fate: ExcuseFate, names: Sequence[str]) -> str:
    """"trick 7, played by East, a defender" (or "led by")."""
    assert fate.played_by is not None
    role = "the taker" if fate.played_by_side == "taker" else "a defender"
    return (f"trick {fate.trick}, {'led' if fate.led else 'played'} by "
            f"{names[fate.played_by]}, {role}")


def audit_lines(result: Audit, names: tuple[str, ...] = ("P0", "P1", "P2", "P3")) -> list[str]:
    """The audit as a person would check it, one step a line.

    Amounts are those of the rule book 3.6: signed in the taker's favour, per
    defender. Each defender scores the opposite of the total; the taker three
    times the total.
    """
    r = result
    taker = names[r.taker]
    sign = "+" if r.excuse_adjustment_half_points >= 0 else "-"
    made = "made" if r.contract_made else "failed"
    lines = [
        f"{r.contract_name} by {taker} (multiplier {r.multiplier}).",
        f"Card points: {taker} won {r.tricks_won_by_taker} "
        f"trick{'' if r.tricks_won_by_taker == 1 else 's'} worth "
        f"{points_text(r.taker_trick_half_points)} points; the {r.chien_label}, worth "
        f"{points_text(r.chien_half_points)} points, counts for the {r.chien_counts_for}; "
        f"Excuse compensation {sign}{points_text(abs(r.excuse_adjustment_half_points))} points.",
        *([] if r.excuse is None else [f"Excuse: {excuse_text(r.excuse, names)}."]),
        f"Taker {points_text(r.taker_half_points)} points, defence "
        f"{points_text(r.defence_half_points)} points "
        f"(total {points_text(r.taker_half_points + r.defence_half_points)}).",
        f"Bouts: {len(r.bouts)}"
        + (": " + ", ".join(f"{b.card} ({_where(b, r, names)})" for b in r.bouts)
           if r.bouts else "")
        + f" → target {points_text(r.target_half_points)} points.",
        f"Contract {made}: {points_text(r.taker_half_points)} points against "
        f"{points_text(r.target_half_points)}, counted difference {r.difference} points"
        + (" (the half point rounded up, for the side that won)"
           if (r.taker_half_points - r.target_half_points) % 2 else "") + ".",
        f"Base, in the taker's favour: {'+' if r.base >= 0 else '-'}({r.base_points} + "
        f"{r.difference}) × {r.multiplier} = {r.base:+d}.",
    ]
    if r.petit_au_bout:
        lines.append(f"Petit au bout to the {r.petit_au_bout}: {r.petit_au_bout_bonus:+d}.")
    for poignee in r.poignees:
        lines.append(f"Poignée ({poignee.level}) shown by {names[poignee.seat]}: "
                     f"{poignee.bonus:+d} (it goes to the side that wins the contract).")
    for chelem in r.chelem:
        lines.append(f"Chelem, {chelem.kind.replace('_', ' ')}: {chelem.bonus:+d}.")
    d = r.per_defender
    lines.append(f"Total in the taker's favour: {d:+d}. Each defender scores {-d:+d}; "
                 f"the taker {kernel.DEFENDERS} × {d:+d} = {kernel.DEFENDERS * d:+d}.")
    lines.append("Scores: " + ", ".join(f"{names[s]} {v:+d}" for s, v in enumerate(r.scores))
                 + f" (sum {sum(r.scores)}).")
    return lines


def _where(bout: BoutSource, result: Audit, names: Sequence[str]) -> str:
    """Where a bout came from; for the Excuse won in a trick, who played it (why the taker
    has it is the Excuse's own line)."""
    excuse = result.excuse
    if bout.card == CODES[EXCUSE] and excuse is not None and excuse.trick is not None:
        return _played_by(excuse, names)
    return bout.where


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
    """Replay the decision events of a log under ``rules``; derived events are recomputed."""
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
