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
from tarot.engine.cards import BOUTS, CARD_BY_CODE, CODES, EXCUSE, EXCUSE_BIT, display
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
from tarot.explain.line_breaks import NUMBER_OF_POINTS, SUM, wrap
from tarot.explain.narrate import chelem_words, points_words
from tarot.i18n import N_, _, ngettext, pgettext
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


# The Excuse's line, by its fate: each a whole sentence of the catalogue, whose
# ``{played}`` is who played it (_played_by) and ``{rule}`` the rules that decide. The
# camp that is the taker's is "the taker" where he is alone (three and four players, or
# alone at five) and "the attack" where he has a partner (five players, V5-4, V5-8).
_EXCUSE_IN_CHIEN = {
    "taker": N_("in the chien, which counts for the taker ({rule})"),
    "attack": N_("in the chien, which counts for the attack ({rule})"),
    "defence": N_("in the chien, which counts for the defence ({rule})"),
}
_EXCUSE_STAYS = {
    "taker": N_("{played}; the taker keeps it ({rule})"),
    "attack": N_("{played}; the attack keeps it ({rule})"),
    "defence": N_("{played}; the defence keeps it ({rule})"),
}
# (the side that keeps it, the side that won the trick): it gives half a point to the winners.
_EXCUSE_STAYS_AND_GIVES = {
    ("taker", "taker"): N_("{played}; the taker keeps it and gives {points} point to the "
                           "taker, who won the trick ({rule})"),
    ("taker", "defence"): N_("{played}; the taker keeps it and gives {points} point to the "
                             "defence, which won the trick ({rule})"),
    ("defence", "taker"): N_("{played}; the defence keeps it and gives {points} point to the "
                             "taker, who won the trick ({rule})"),
    ("defence", "defence"): N_("{played}; the defence keeps it and gives {points} point to "
                               "the defence, which won the trick ({rule})"),
    ("attack", "defence"): N_("{played}; the attack keeps it and gives {points} point to the "
                              "defence, which won the trick ({rule})"),
    ("defence", "attack"): N_("{played}; the defence keeps it and gives {points} point to the "
                              "attack, which won the trick ({rule})"),
}
_EXCUSE_EXCEPTION = {
    "taker": N_("{played}, after the taker won every trick before; it wins the last trick, "
                "and the taker keeps it ({rule})"),
    "attack": N_("{played}, after the attack won every trick before; it wins the last trick, "
                 "and the attack keeps it ({rule})"),
    "defence": N_("{played}, after the defence won every trick before; it wins the last "
                  "trick, and the defence keeps it ({rule})"),
}
_EXCUSE_SLAM = {
    "taker": N_("{played}, in the taker's slam; the taker keeps it ({rule})"),
    "attack": N_("{played}, in the attack's slam; the attack keeps it ({rule})"),
    "defence": N_("{played}, in the defence's slam; the defence keeps it ({rule})"),
}
_EXCUSE_CHANGES_SIDE = {
    "taker": N_("{played}; on the last trick the Excuse changes side: the taker gets it "
                "({rule})"),
    "attack": N_("{played}; on the last trick the Excuse changes side: the attack gets it "
                 "({rule})"),
    "defence": N_("{played}; on the last trick the Excuse changes side: the defence gets it "
                  "({rule})"),
}


def excuse_text(fate: ExcuseFate, names: Sequence[str], partner: int | None = None) -> str:
    """Who played the Excuse, and which side keeps it and by which rule, with ``names``
    for the seats, in the current language: "trick 18, played by West, a defender; on
    the last trick the Excuse changes side: the taker gets it (R16, A3)". ``partner``: the
    taker's partner at five players (the taker's camp is then "the attack")."""
    def camp(side: Side) -> str:
        return "attack" if side == "taker" and partner is not None else side

    kept = camp(fate.kept_by)
    if fate.trick is None:
        return _(_EXCUSE_IN_CHIEN[kept]).format(rule=fate.rule)
    played = _played_by(fate, names, partner)
    if fate.why == "stays":
        if fate.compensation_half_points:
            won = camp(fate.won_by_side or "taker")
            return _(_EXCUSE_STAYS_AND_GIVES[kept, won]).format(
                played=played, points=points_words(fate.compensation_half_points),
                rule=fate.rule)
        template = _EXCUSE_STAYS[kept]
    elif fate.why == "exception":
        template = _EXCUSE_EXCEPTION[kept]
    elif fate.why == "slam":
        template = _EXCUSE_SLAM[kept]
    else:
        template = _EXCUSE_CHANGES_SIDE[kept]
    return _(template).format(played=played, rule=fate.rule)


def _played_by(fate: ExcuseFate, names: Sequence[str], partner: int | None = None) -> str:
    """"trick 7, played by East, a defender" (or "led by"; "the taker's partner" at five)."""
    assert fate.played_by is not None
    seat, trick = names[fate.played_by], fate.trick
    if fate.played_by is not None and fate.played_by == partner:
        template = (_("trick {trick}, led by {seat}, the taker's partner") if fate.led else
                    _("trick {trick}, played by {seat}, the taker's partner"))
        return template.format(trick=trick, seat=seat)
    taker = fate.played_by_side == "taker"
    if fate.led:
        template = (_("trick {trick}, led by {seat}, the taker") if taker else
                    _("trick {trick}, led by {seat}, a defender"))
    else:
        template = (_("trick {trick}, played by {seat}, the taker") if taker else
                    _("trick {trick}, played by {seat}, a defender"))
    return template.format(trick=trick, seat=seat)


def _card_points(r: Audit, names: Sequence[str]) -> str:
    """The card points step: the taker's tricks (at five players with a partner, the
    attack's: both seats' tricks count together, V5-4), the chien or discard and whom it
    counts for, the Excuse's compensations."""
    tricks = r.tricks_won_by_taker
    fields = {"taker": names[r.taker], "tricks": tricks,
              "points": points_words(r.taker_trick_half_points),
              "chien": points_words(r.chien_half_points),
              "compensation": ("+" if r.excuse_adjustment_half_points >= 0 else "-")
              + points_words(abs(r.excuse_adjustment_half_points))}
    if r.partner is not None:
        return _attack_card_points(r).format(partner=names[r.partner], **fields)
    if r.chien_label == "discard":
        template = ngettext(
            "Card points: {taker} won {tricks} trick worth {points} points; the discard, worth "
            "{chien} points, counts for the taker; Excuse compensation {compensation} points.",
            "Card points: {taker} won {tricks} tricks worth {points} points; the discard, worth "
            "{chien} points, counts for the taker; Excuse compensation {compensation} points.",
            tricks)
    elif r.chien_counts_for == "taker":
        template = ngettext(
            "Card points: {taker} won {tricks} trick worth {points} points; the chien, worth "
            "{chien} points, counts for the taker; Excuse compensation {compensation} points.",
            "Card points: {taker} won {tricks} tricks worth {points} points; the chien, worth "
            "{chien} points, counts for the taker; Excuse compensation {compensation} points.",
            tricks)
    else:
        template = ngettext(
            "Card points: {taker} won {tricks} trick worth {points} points; the chien, worth "
            "{chien} points, counts for the defence; Excuse compensation {compensation} "
            "points.",
            "Card points: {taker} won {tricks} tricks worth {points} points; the chien, worth "
            "{chien} points, counts for the defence; Excuse compensation {compensation} "
            "points.", tricks)
    return template.format(**fields)


def _attack_card_points(r: Audit) -> str:
    """The card points step's sentence for a taker with a partner (five players)."""
    tricks = r.tricks_won_by_taker
    if r.chien_label == "discard":
        return ngettext(
            "Card points: the attack, {taker} and {partner}, won {tricks} trick worth {points} "
            "points; the discard, worth {chien} points, counts for the attack; Excuse "
            "compensation {compensation} points.",
            "Card points: the attack, {taker} and {partner}, won {tricks} tricks worth {points} "
            "points; the discard, worth {chien} points, counts for the attack; Excuse "
            "compensation {compensation} points.", tricks)
    if r.chien_counts_for == "taker":
        return ngettext(
            "Card points: the attack, {taker} and {partner}, won {tricks} trick worth {points} "
            "points; the chien, worth {chien} points, counts for the attack; Excuse "
            "compensation {compensation} points.",
            "Card points: the attack, {taker} and {partner}, won {tricks} tricks worth {points} "
            "points; the chien, worth {chien} points, counts for the attack; Excuse "
            "compensation {compensation} points.", tricks)
    return ngettext(
        "Card points: the attack, {taker} and {partner}, won {tricks} trick worth {points} "
        "points; the chien, worth {chien} points, counts for the defence; Excuse "
        "compensation {compensation} points.",
        "Card points: the attack, {taker} and {partner}, won {tricks} tricks worth {points} "
        "points; the chien, worth {chien} points, counts for the defence; Excuse "
        "compensation {compensation} points.", tricks)


def _call_step(r: Audit, names: Sequence[str]) -> str | None:
    """At five players: the card called, and who held it (V5-2 to V5-5)."""
    if r.called is None:
        return None
    fields = {"taker": names[r.taker], "card": display(CARD_BY_CODE[r.called])}
    if r.partner is not None:
        return _("{taker} called {card}; {partner} held it and is the taker's partner "
                 "(V5-4), revealed at trick {trick}.").format(
                     partner=names[r.partner], trick=r.partner_revealed_trick, **fields)
    if r.call_case == "in_chien":
        return _("{taker} called {card}, which lay in the chien: he plays alone against four "
                 "(V5-5).").format(**fields)
    return _("{taker} called {card}, a card of his own: he plays alone against four "
             "(V5-5).").format(**fields)


def _shares_step(r: Audit, names: Sequence[str]) -> str:
    """The total per defender and what each seat scores of it: 3 × at four players (the
    rule book 3.6), 2 × at three (V3-9), 2 × and 1 × or 4 × alone at five (V5-11)."""
    d = r.per_defender
    factor = r.shares[r.taker] if r.shares else kernel.DEFENDERS
    fields = {"total": f"{d:+d}", "defender": f"{-d:+d}", "defenders": factor,
              "taker": f"{factor * d:+d}"}
    if r.players == 3:
        return _("Total in the taker's favour: {total}. Shares (V3-9): each of the two "
                 "defenders scores {defender}; the taker {defenders} × {total} = "
                 "{taker}.").format(**fields)
    if r.players == 5 and r.partner is not None:
        return _("Total in the taker's favour: {total}. Shares (V5-11): each of the three "
                 "defenders scores {defender}; the partner {partner} scores {total}; the "
                 "taker {defenders} × {total} = {taker}.").format(partner=names[r.partner],
                                                                 **fields)
    if r.players == 5:
        return _("Total in the taker's favour: {total}. Shares (V5-11): each of the four "
                 "defenders scores {defender}; the taker, alone, {defenders} × {total} = "
                 "{taker}.").format(**fields)
    return _("Total in the taker's favour: {total}. Each defender scores {defender}; "
             "the taker {defenders} × {total} = {taker}.").format(**fields)


def _contract_step(r: Audit) -> str:
    """Made or failed, by how much, and whether a half point was rounded."""
    rounded = (r.taker_half_points - r.target_half_points) % 2
    if r.contract_made:
        template = (_("Contract made: {points} points against {target}, counted difference "
                      "{difference} points (the half point rounded up, for the side that "
                      "won).") if rounded else
                    _("Contract made: {points} points against {target}, counted difference "
                      "{difference} points."))
    else:
        template = (_("Contract failed: {points} points against {target}, counted difference "
                      "{difference} points (the half point rounded up, for the side that "
                      "won).") if rounded else
                    _("Contract failed: {points} points against {target}, counted difference "
                      "{difference} points."))
    return template.format(points=points_words(r.taker_half_points),
                           target=points_words(r.target_half_points), difference=r.difference)


def audit_lines(result: Audit, names: tuple[str, ...] | None = None,
                width: int | None = None) -> list[str]:
    """The audit as a person would check it, one step a line, in the current language
    (with a ``width``, a step longer than it goes on over lines indented by two spaces).
    ``names``: the seats' names (by default P0, P1…).

    Amounts are those of the rule book 3.6: signed in the taker's favour, per
    defender. Each defender scores the opposite of the total; the taker three
    times the total at four players (twice at three, V3-9; at five, twice with a
    partner who scores it once, four times alone, V5-11).
    """
    r = result
    if names is None:
        names = tuple(f"P{seat}" for seat in range(r.players))
    taker = names[r.taker]
    bouts = ", ".join(f"{display(CARD_BY_CODE[b.card])} ({_where(b, r, names)})"
                      for b in r.bouts)
    target = points_words(r.target_half_points)
    call = _call_step(r, names)
    totals = (_("Attack {taker} points, defence {defence} points (total {total}).")
              if r.partner is not None else
              _("Taker {taker} points, defence {defence} points (total {total})."))
    lines = [
        _("{contract} by {taker} (multiplier {multiplier}).").format(
            contract=_(r.contract_name), taker=taker, multiplier=r.multiplier),
        *([] if call is None else [call]),
        _card_points(r, names),
        *([] if r.excuse is None else
          [_("Excuse: {fate}.").format(fate=excuse_text(r.excuse, names, r.partner))]),
        totals.format(
            taker=points_words(r.taker_half_points), defence=points_words(r.defence_half_points),
            total=points_words(r.taker_half_points + r.defence_half_points)),
        (_("Bouts: {count}: {bouts} → target {target} points.") if r.bouts else
         _("Bouts: {count} → target {target} points.")).format(count=len(r.bouts), bouts=bouts,
                                                              target=target),
        _contract_step(r),
        _("Base, in the taker's favour: {sign}({base} + {difference}) × {multiplier} = "
          "{total}.").format(sign="+" if r.base >= 0 else "-", base=r.base_points,
                             difference=r.difference, multiplier=r.multiplier,
                             total=f"{r.base:+d}"),
    ]
    if r.petit_au_bout:
        lines.append((_("Petit au bout to the taker: {bonus}.") if r.petit_au_bout == "taker"
                      else _("Petit au bout to the defence: {bonus}.")).format(
                          bonus=f"{r.petit_au_bout_bonus:+d}"))
    for poignee in r.poignees:
        lines.append(_("Poignée ({level}) shown by {seat}: {bonus} (it goes to the side that "
                       "wins the contract).").format(level=poignee.level,
                                                     seat=names[poignee.seat],
                                                     bonus=f"{poignee.bonus:+d}"))
    for chelem in r.chelem:
        lines.append(_("Chelem, {kind}: {bonus}.").format(kind=chelem_words(chelem.kind),
                                                         bonus=f"{chelem.bonus:+d}"))
    lines.append(_shares_step(r, names))
    lines.append(_("Scores: {scores} (sum {sum}).").format(
        scores=", ".join(f"{names[s]} {v:+d}" for s, v in enumerate(r.scores)),
        sum=sum(r.scores)))
    if width is None:
        return lines
    # A number and its points, and a sum, are never broken ("3 × -70 = -210").
    return [part for line in lines
            for part in wrap(line, width, NUMBER_OF_POINTS, SUM, subsequent_indent="  ",
                             break_long_words=False, break_on_hyphens=False)]




def _where(bout: BoutSource, result: Audit, names: Sequence[str]) -> str:
    """Where a bout came from, in the current language; for the Excuse won in a trick,
    who played it (why the taker has it is the Excuse's own line)."""
    excuse = result.excuse
    if bout.card == CODES[EXCUSE] and excuse is not None and excuse.trick is not None:
        return _played_by(excuse, names, result.partner)
    number = bout.where.removeprefix("trick ")
    if number.isdigit():
        return _("trick {number}").format(number=number)
    if bout.where == "discard":
        return pgettext("where a bout came from", "discard")
    if bout.where == "chien":
        return pgettext("where a bout came from", "chien")
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
