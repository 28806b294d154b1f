"""Events told as a person reads them, optionally from one seat's point of view.

Used by ``tarot play`` and ``tarot replay``. With ``as_seat``, a line never
shows what that seat could not see at that moment: other hands, a hidden
chien, the non-trump cards of someone else's discard.
"""

from __future__ import annotations

from collections.abc import Sequence

from tarot.engine.cards import CARD_BY_CODE, display, is_trump
from tarot.engine.events import (
    Bid,
    Call,
    Chelem,
    ChienShown,
    Deal,
    Discard,
    Event,
    PartnerRevealed,
    Play,
    Poignee,
    Redeal,
    Settlement,
    TrickTaken,
    Undo,
)
from tarot.engine.rules import RuleSet
from tarot.engine.scoring import points_text
from tarot.i18n import _, decimal, ngettext, pgettext

LOG_NAMES = ("P0", "P1", "P2", "P3", "P4")  # a table of three or four uses the first


def cards_text(codes: tuple[str, ...] | list[str]) -> str:
    return " ".join(display(CARD_BY_CODE[c]) for c in codes)


def points_words(half_points: int) -> str:
    """Half-points as points, as the current language writes them: 9 → "4.5" (in French
    "4,5"), 112 → "56", -9 → "-4.5" (``tarot.engine.scoring.points_text`` in English)."""
    return decimal(points_text(half_points))


def poignee_name(rules: RuleSet, size: int) -> str:
    """A poignée of ``size`` cards by its name in the rule set, in the current language
    (a size the rules do not name, as in a refused or tampered log, by its count)."""
    level = rules.poignee_by_size.get(size)
    return level.label if level else ngettext("{count} card", "{count} cards",
                                              size).format(count=size)


def chelem_words(kind: str) -> str:
    """A chelem line's kind (``ChelemScore.kind``) in words: "declared made"."""
    words = {"declared_made": pgettext("chelem", "declared made"),
             "declared_failed": pgettext("chelem", "declared failed"),
             "undeclared_made": pgettext("chelem", "undeclared made"),
             "defence_made": pgettext("chelem", "defence made")}
    return words.get(kind, kind.replace("_", " "))


def person_of(names: tuple[str, ...] | list[str]) -> int | None:
    """The seat the table calls "You" (in English or in the current language), if any."""
    you = ("You", _("You"))
    return next((seat for seat, name in enumerate(names) if name in you), None)


class Narrator:
    """Turns events into lines; ``names`` are the seats' names as people see them, and
    ``person`` the seat the lines speak to ("You play"; by default the seat named "You")."""

    def __init__(self, rules: RuleSet, names: tuple[str, ...] = LOG_NAMES,
                 as_seat: int | None = None, person: int | None = None) -> None:
        self.rules = rules
        self.names = names
        self.as_seat = as_seat
        self.person = person if person is not None else person_of(names)
        self.call: Call | None = None  # the deal's call (five players), once told
        # The game's events, when the teller has them (a live list): an undo then names the
        # decision it takes back, which the undo itself gives only by its seq.
        self.events: Sequence[Event] = ()

    def name(self, seat: int) -> str:
        """The seat's name inside a sentence ("taken by You"; in French "pris par vous")."""
        if seat == self.person:
            return pgettext("the person at the table, inside a sentence", "You")
        return self.names[seat]

    def says(self, seat: int, to_you: str, about: str, **fields: object) -> str:
        """``to_you`` (already translated) when ``seat`` is the person's, else ``about`` with
        the seat's name as ``{seat}``; both filled with ``fields``."""
        if seat == self.person:
            return to_you.format(**fields)
        return about.format(seat=self.names[seat], **fields)

    def lines(self, event: Event) -> list[str]:
        return getattr(self, _TELLERS[type(event)])(event)  # type: ignore[no-any-return]

    def _deal(self, event: Deal) -> list[str]:
        self.call = None  # a new deal (a redeal, the next deal of a match): no call yet
        # "Deal N" would clash with the deal's number in a match: a redeal is counted apart.
        dealer = self.name(event.dealer)
        lines = [_("Redeal {number}: dealt by {dealer}.").format(number=event.deal_number,
                                                                 dealer=dealer)
                 if event.deal_number else _("Dealt by {dealer}.").format(dealer=dealer)]
        for seat, hand in enumerate(event.hands):
            if self.as_seat is None or seat == self.as_seat:
                lines.append(_("  {seat}: {cards}").format(seat=self.names[seat],
                                                           cards=cards_text(hand)))
        if self.as_seat is None:
            lines.append(_("  chien: {cards}").format(cards=cards_text(event.chien)))
        return lines

    def _bid(self, event: Bid) -> list[str]:
        seat = self.names[event.seat]
        contract = self.rules.contract_index.get(event.contract or "")
        if contract is None:
            return [_("{seat}: pass").format(seat=seat)]
        return [_("{seat}: {contract}").format(seat=seat,
                                              contract=self.rules.contracts[contract].label)]

    def _call(self, event: Call) -> list[str]:
        # Public from the call (V5-6); who holds the card is not.
        self.call = event
        return [self.says(event.seat, _("You call {card}."), _("{seat} calls {card}."),
                          card=display(CARD_BY_CODE[event.card]))]

    def _partnerrevealed(self, event: PartnerRevealed) -> list[str]:
        if event.seat is not None:  # right after the partner's play of the called card
            return [self.says(event.seat, _("  The called card reveals the partner: You."),
                              _("  The called card reveals the partner: {seat}."))]
        taker = self.call.seat if self.call is not None else None
        card = display(CARD_BY_CODE[self.call.card]) if self.call is not None else "?"
        if event.trick > 0:  # right after the taker's play of his own called card
            if taker is None:
                return [_("  The called card was the taker's own: the taker plays alone.")]
            return [self.says(taker, _("  The called card was your own: You play alone."),
                              _("  The called card was {seat}'s own: {seat} plays alone."))]
        if taker is None:  # the chien shown holds the called card
            return [_("The called card is in the chien: the taker plays alone.")]
        return [self.says(taker, _("The called card {card} is in the chien: You play alone."),
                          _("The called card {card} is in the chien: {seat} plays alone."),
                          card=card)]

    def _chienshown(self, event: ChienShown) -> list[str]:
        return [_("The chien, shown to all and taken by {taker}: {cards}").format(
            taker=self.name(event.taker), cards=cards_text(event.cards))]

    def _discard(self, event: Discard) -> list[str]:
        seat = event.seat
        if self.as_seat is None or self.as_seat == seat:
            return [self.says(seat, _("You discard {cards}"), _("{seat} discards {cards}"),
                              cards=cards_text(event.cards))]
        trumps = [c for c in event.cards if is_trump(CARD_BY_CODE[c])]
        count = len(event.cards)
        if trumps:
            return [self.says(
                seat,
                ngettext("You discard {count} card, showing the trumps {trumps}",
                         "You discard {count} cards, showing the trumps {trumps}", count),
                ngettext("{seat} discards {count} card, showing the trumps {trumps}",
                         "{seat} discards {count} cards, showing the trumps {trumps}", count),
                count=count, trumps=cards_text(trumps))]
        return [self.says(seat, ngettext("You discard {count} card", "You discard {count} cards",
                                         count),
                          ngettext("{seat} discards {count} card", "{seat} discards {count} cards",
                                   count), count=count)]

    def _chelem(self, event: Chelem) -> list[str]:
        if event.declared:
            return [self.says(event.seat, _("You declare a chelem and will lead."),
                              _("{seat} declares a chelem and will lead."))]
        return [self.says(event.seat, _("You declare no chelem."),
                          _("{seat} declares no chelem."))]

    def _poignee(self, event: Poignee) -> list[str]:
        label = poignee_name(self.rules, len(event.cards)).lower()
        return [self.says(event.seat, _("You show a {poignee}: {cards}"),
                          _("{seat} shows a {poignee}: {cards}"), poignee=label,
                          cards=cards_text(event.cards))]

    def _play(self, event: Play) -> list[str]:
        return [self.says(event.seat, _("  You play {card}"), _("  {seat} plays {card}"),
                          card=display(CARD_BY_CODE[event.card]))]

    def _tricktaken(self, event: TrickTaken) -> list[str]:
        return [_("Trick {number} to {winner}: {cards}").format(
            number=event.number, winner=self.name(event.winner), cards=cards_text(event.cards))]

    def _redeal(self, event: Redeal) -> list[str]:
        dealer = event.next_dealer
        if event.reason == "all_passed":
            return [self.says(dealer, _("The deal is void (everyone passed); You deal again."),
                              _("The deal is void (everyone passed); {seat} deals again."))]
        holder = event.seat or 0
        if holder == self.person:
            return [self.says(dealer,
                              _("The deal is void (You have the petit sec); You deal again."),
                              _("The deal is void (You have the petit sec); {seat} deals "
                                "again."))]
        return [self.says(dealer,
                          _("The deal is void ({holder} has the petit sec); You deal again."),
                          _("The deal is void ({holder} has the petit sec); {seat} deals "
                            "again."), holder=self.names[holder])]

    def _undo(self, event: Undo) -> list[str]:
        taken = self.events[event.to] if event.to < len(self.events) else None
        seat = getattr(taken, "seat", None)
        if taken is None or isinstance(taken, Undo) or not isinstance(seat, int):
            return [_("A decision is taken back (event #{seq}); the deal goes back to just "
                      "before it.").format(seq=event.to)]
        if isinstance(taken, Bid):  # "South: pass" would read as a second sentence
            contract = self.rules.contract_index.get(taken.contract or "")
            what = _("the bid {bid}").format(
                bid=pgettext("bid", "pass") if contract is None
                else self.rules.contracts[contract].label)
        else:
            what = " ".join(line.strip() for line in self.lines(taken)).rstrip(".")
        return [self.says(seat, _("You take back: {decision}; the deal goes back to just "
                                  "before it."),
                          _("{seat} takes back: {decision}; the deal goes back to just "
                            "before it."), decision=what)]

    def _settlement(self, event: Settlement) -> list[str]:
        return settlement_summary(event, self.rules, self.names, self.person)


def settlement_summary(s: Settlement, rules: RuleSet,
                       names: tuple[str, ...] = LOG_NAMES,
                       person: int | None = None) -> list[str]:
    """The settlement in the style of the rules card's example (R22), in the current
    language; ``person`` is the seat called "You" (by default the seat named so)."""
    person = person if person is not None else person_of(names)

    def name(seat: int) -> str:
        if seat == person:
            return pgettext("the person at the table, inside a sentence", "You")
        return names[seat]

    contract = rules.contracts[rules.contract_index[s.contract]].label
    bouts = len(s.taker_bouts)
    fields = {"contract": contract, "taker": name(s.taker), "bouts": bouts,
              "target": points_words(s.target_half_points),
              "points": points_words(s.taker_half_points), "difference": s.difference,
              "base": rules.scoring.base_points, "multiplier": s.multiplier,
              "total": abs(s.base)}
    if s.contract_made:
        first = ngettext(
            "{contract} by {taker}, {bouts} bout, target {target}, {points} points: made by "
            "{difference}; ({base} + {difference}) × {multiplier} = {total} per defender.",
            "{contract} by {taker}, {bouts} bouts, target {target}, {points} points: made by "
            "{difference}; ({base} + {difference}) × {multiplier} = {total} per defender.",
            bouts)
    else:
        first = ngettext(
            "{contract} by {taker}, {bouts} bout, target {target}, {points} points: failed by "
            "{difference}; ({base} + {difference}) × {multiplier} = {total} per defender.",
            "{contract} by {taker}, {bouts} bouts, target {target}, {points} points: failed "
            "by {difference}; ({base} + {difference}) × {multiplier} = {total} per defender.",
            bouts)
    lines = [first.format(**fields)]
    if s.petit_au_bout:
        bonus = f"{s.petit_au_bout_bonus:+d}"
        lines.append(_("  Petit au bout to the taker: {bonus}").format(bonus=bonus)
                     if s.petit_au_bout == "taker" else
                     _("  Petit au bout to the defence: {bonus}").format(bonus=bonus))
    level_names = {level.id: level.label for level in rules.poignees}
    for p in s.poignees:
        lines.append(_("  {poignee} shown by {seat}: {bonus} (to the side that wins the "
                       "contract)").format(poignee=level_names.get(p.level, p.level),
                                           seat=name(p.seat), bonus=f"{p.bonus:+d}"))
    for c in s.chelem:
        lines.append(_("  Chelem, {kind}: {bonus}").format(kind=chelem_words(c.kind),
                                                          bonus=f"{c.bonus:+d}"))
    # At five players the partner scores D, the defenders -D (V5-11): a seat other than the
    # taker's with D (and D not 0) is the partner.
    partners = [seat for seat, score in enumerate(s.scores)
                if seat != s.taker and score == s.per_defender != 0]
    if len(partners) == 1 and partners[0] == person:  # "the partner, You," reads badly
        lines.append(_("  Each defender {defender}; you, the partner, {share}; taker "
                       "{taker}.").format(defender=f"{-s.per_defender:+d}",
                                          share=f"{s.per_defender:+d}",
                                          taker=f"{s.scores[s.taker]:+d}"))
    elif len(partners) == 1:
        lines.append(_("  Each defender {defender}; the partner, {partner}, {share}; taker "
                       "{taker}.").format(defender=f"{-s.per_defender:+d}",
                                          partner=name(partners[0]),
                                          share=f"{s.per_defender:+d}",
                                          taker=f"{s.scores[s.taker]:+d}"))
    else:
        lines.append(_("  Each defender {defender}; taker {taker}.").format(
            defender=f"{-s.per_defender:+d}", taker=f"{s.scores[s.taker]:+d}"))
    lines.append(_("  Scores: {scores}").format(scores=", ".join(
        f"{names[seat]} {score:+d}" for seat, score in enumerate(s.scores))))
    return lines


# Each event type and the name of the method that tells it (looked up on the instance,
# so a subclass may tell an event its own way; a test checks every type has one).
_TELLERS: dict[type, str] = {
    Deal: "_deal",
    Bid: "_bid",
    Call: "_call",
    ChienShown: "_chienshown",
    Discard: "_discard",
    Chelem: "_chelem",
    Poignee: "_poignee",
    Play: "_play",
    PartnerRevealed: "_partnerrevealed",
    TrickTaken: "_tricktaken",
    Redeal: "_redeal",
    Settlement: "_settlement",
    Undo: "_undo",
}
