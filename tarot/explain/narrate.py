"""Events told as a person reads them, optionally from one seat's point of view.

Used by ``tarot play`` and ``tarot replay``. With ``as_seat``, a line never
shows what that seat could not see at that moment: other hands, a hidden
chien, the non-trump cards of someone else's discard.
"""

from __future__ import annotations

from tarot.engine.cards import CARD_BY_CODE, display, is_trump
from tarot.engine.events import (
    Bid,
    Chelem,
    ChienShown,
    Deal,
    Discard,
    Event,
    Play,
    Poignee,
    Redeal,
    Settlement,
    TrickTaken,
)
from tarot.engine.rules import RuleSet
from tarot.engine.scoring import points_text


def cards_text(codes: tuple[str, ...] | list[str]) -> str:
    return " ".join(display(CARD_BY_CODE[c]) for c in codes)


def poignee_name(rules: RuleSet, size: int) -> str:
    """A poignée of ``size`` cards by its name in the rule set (a size the rules do not
    name, as in a refused or tampered log, by its count)."""
    level = rules.poignee_by_size.get(size)
    return level.name if level else f"{size} cards"


class Narrator:
    """Turns events into lines; ``names`` are the seats' names as people see them."""

    def __init__(self, rules: RuleSet, names: tuple[str, ...] = ("P0", "P1", "P2", "P3"),
                 as_seat: int | None = None) -> None:
        self.rules = rules
        self.names = names
        self.as_seat = as_seat
        self.contract_names = {c.id: c.name for c in rules.contracts}

    def name(self, seat: int) -> str:
        return self.names[seat]

    def does(self, seat: int, verb: str) -> str:
        """``"East discards"``, but ``"You discard"`` for the person at the table."""
        name = self.names[seat]
        if name == "You":
            verb = {"has": "have", "is": "are"}.get(verb, verb.removesuffix("s"))
        return f"{name} {verb}"

    def lines(self, event: Event) -> list[str]:
        return getattr(self, _TELLERS[type(event)])(event)  # type: ignore[no-any-return]

    def _deal(self, event: Deal) -> list[str]:
        # "Deal N" would clash with the deal's number in a match: a redeal is counted apart.
        again = f"Redeal {event.deal_number}: d" if event.deal_number else "D"
        lines = [f"{again}ealt by {self.name(event.dealer)}."]
        for seat, hand in enumerate(event.hands):
            if self.as_seat is None or seat == self.as_seat:
                lines.append(f"  {self.name(seat)}: {cards_text(hand)}")
        if self.as_seat is None:
            lines.append(f"  chien: {cards_text(event.chien)}")
        return lines

    def _bid(self, event: Bid) -> list[str]:
        word = self.contract_names.get(event.contract or "", "pass") if event.contract else "pass"
        return [f"{self.name(event.seat)}: {word}"]

    def _chienshown(self, event: ChienShown) -> list[str]:
        return [f"The chien, shown to all and taken by {self.name(event.taker)}: "
                f"{cards_text(event.cards)}"]

    def _discard(self, event: Discard) -> list[str]:
        if self.as_seat is None or self.as_seat == event.seat:
            return [f"{self.does(event.seat, 'discards')} {cards_text(event.cards)}"]
        trumps = [c for c in event.cards if is_trump(CARD_BY_CODE[c])]
        shown = f", showing the trumps {cards_text(trumps)}" if trumps else ""
        return [f"{self.does(event.seat, 'discards')} {len(event.cards)} cards{shown}"]

    def _chelem(self, event: Chelem) -> list[str]:
        if event.declared:
            return [f"{self.does(event.seat, 'declares')} a chelem and will lead."]
        return [f"{self.does(event.seat, 'declares')} no chelem."]

    def _poignee(self, event: Poignee) -> list[str]:
        label = poignee_name(self.rules, len(event.cards))
        return [f"{self.does(event.seat, 'shows')} a {label.lower()}: {cards_text(event.cards)}"]

    def _play(self, event: Play) -> list[str]:
        return [f"  {self.does(event.seat, 'plays')} {display(CARD_BY_CODE[event.card])}"]

    def _tricktaken(self, event: TrickTaken) -> list[str]:
        return [f"Trick {event.number} to {self.name(event.winner)}: {cards_text(event.cards)}"]

    def _redeal(self, event: Redeal) -> list[str]:
        why = ("everyone passed" if event.reason == "all_passed"
               else f"{self.does(event.seat or 0, 'has')} the petit sec")
        return [f"The deal is void ({why}); {self.does(event.next_dealer, 'deals')} again."]

    def _settlement(self, event: Settlement) -> list[str]:
        return settlement_summary(event, self.rules, self.names)


def settlement_summary(s: Settlement, rules: RuleSet,
                       names: tuple[str, ...] = ("P0", "P1", "P2", "P3")) -> list[str]:
    """The settlement in the style of the rules card's example (R22)."""
    contract = rules.contracts[rules.contract_index[s.contract]].name
    bouts = len(s.taker_bouts)
    base = abs(s.base)
    verb = "made" if s.contract_made else "failed"
    lines = [
        f"{contract} by {names[s.taker]}, {bouts} bout{'s' if bouts != 1 else ''}, target "
        f"{points_text(s.target_half_points)}, {points_text(s.taker_half_points)} points: "
        f"{verb} by {s.difference}; ({rules.scoring.base_points} + {s.difference}) × "
        f"{s.multiplier} = {base} per defender.",
    ]
    if s.petit_au_bout:
        lines.append(f"  Petit au bout to the {s.petit_au_bout}: {s.petit_au_bout_bonus:+d}")
    level_names = {level.id: level.name for level in rules.poignees}
    for p in s.poignees:
        lines.append(f"  {level_names.get(p.level, p.level)} shown by {names[p.seat]}: "
                     f"{p.bonus:+d} (to the side that wins the contract)")
    for c in s.chelem:
        lines.append(f"  Chelem, {c.kind.replace('_', ' ')}: {c.bonus:+d}")
    lines.append(f"  Each defender {-s.per_defender:+d}; taker {s.scores[s.taker]:+d}.")
    lines.append("  Scores: " + ", ".join(
        f"{names[seat]} {score:+d}" for seat, score in enumerate(s.scores)))
    return lines


# Each event type and the name of the method that tells it (looked up on the instance,
# so a subclass may tell an event its own way; a test checks every type has one).
_TELLERS: dict[type, str] = {
    Deal: "_deal",
    Bid: "_bid",
    ChienShown: "_chienshown",
    Discard: "_discard",
    Chelem: "_chelem",
    Poignee: "_poignee",
    Play: "_play",
    TrickTaken: "_tricktaken",
    Redeal: "_redeal",
    Settlement: "_settlement",
}
