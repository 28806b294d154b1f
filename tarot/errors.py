"""Errors a player or a file can cause, each with a stable code."""

from __future__ import annotations


class TarotError(Exception):
    """The base of every error the program reports to a person: a bad file, bad data, a
    refused action. ``code`` is stable and language-neutral (a log, ``--json`` and the
    tests read it); ``str(error)`` is the one line a person reads. The command line
    renders any TarotError once, at its edge, as that line and exit status 1."""

    code: str = "error"

# Every code an IllegalAction can carry, with what it means. The error table of
# docs/log-format.md is checked against this mapping by the tests.
ILLEGAL_ACTION_CODES: dict[str, str] = {
    "invalid_deal": "a deal that does not give each seat its cards and the chien the rest",
    "wrong_phase": "the action does not belong to the current phase of the deal",
    "not_your_turn": "another seat is to act",
    "unknown_card": "a card code that names no card",
    "not_in_hand": "the card is not in the seat's hand",
    "duplicate_card": "the same card is given twice",
    "unknown_contract": "a contract the rule set does not have",
    "bid_too_low": "a bid not above the current highest bid",
    "discard_size": "a discard that is not exactly the chien's size",
    "forbidden_discard": "a king or a bout in the discard",
    "unforced_trump_discard": "a trump discarded while ordinary cards remain",
    "chelem_taker_only": "only the taker may declare a chelem",
    "poignee_not_now": "a poignée is shown just before the seat's first card, once",
    "poignee_size": "a poignée must show exactly the number of cards of a level",
    "poignee_not_trumps": "a poignée shows only trumps (and the Excuse)",
    "poignee_excuse_not_allowed": "the Excuse may fill a poignée only when every trump is shown",
    "poignee_discard_not_allowed": "discarded trumps count only in the four-kings exception",
    "must_follow_suit": "the seat holds the suit led and must play it",
    "must_trump": "the seat cannot follow and holds a trump, so must play one",
    "must_overtrump": "the seat holds a higher trump than the best in the trick and must play it",
    "deal_mismatch": "a logged deal that is not the one the header's seed gives",
    "derived_mismatch": "a logged derived event that differs from what the rules derive",
    "unexpected_derived": "a logged derived event where the rules call for none",
}


# A refusal's template names seats with placeholders, and the verbs that agree with
# the acting seat likewise, so that one refusal reads "P0 holds hearts" in a log and
# "You hold hearts" to the person at the table (IllegalAction.render).
_VERBS = {"holds": "hold", "has": "have", "gives": "give", "bids": "bid", "is": "are"}
LOG_NAMES = ("P0", "P1", "P2", "P3")


class IllegalAction(TarotError, ValueError):
    """An action the rules refuse; the game state is left exactly as it was.

    ``code`` is one of :data:`ILLEGAL_ACTION_CODES`. ``seat`` is the seat that acted
    (None when the refusal is about no seat: a log's deal, a derived event),
    ``cards`` the card codes the refusal is about, ``rule`` the rule book's number
    it cites (``R11``), ``others`` the other seats it names, by placeholder
    (``{"taker": 2}``). The template says ``{seat}`` for the acting seat, the
    placeholders of ``others`` for those, and ``{holds}``, ``{has}``, ``{gives}``,
    ``{bids}``, ``{is}`` for verbs that agree with the acting seat; ``message`` is
    it rendered with the log's seat names (P0…P3), :meth:`render` with a table's.
    """

    def __init__(self, code: str, template: str, *, seat: int | None = None,
                 cards: tuple[str, ...] = (), rule: str | None = None,
                 others: dict[str, int] | None = None) -> None:
        assert code in ILLEGAL_ACTION_CODES, code
        self.code = code
        self.template = template
        self.seat = seat if seat is not None and 0 <= seat < 4 else None
        self.cards = cards
        self.rule = rule
        self.others = dict(others or {})
        self.message = self.render()
        super().__init__(self.message)

    def render(self, names: tuple[str, ...] | list[str] = LOG_NAMES,
               person: int | None = None) -> str:
        """The refusal with ``names`` for the seats, addressed to ``person`` (a seat, who is
        "you"), or about the seats when ``person`` is None."""
        text = self.template
        seats = {"seat": self.seat, **self.others}
        for key, seat in seats.items():
            if seat is not None:
                text = text.replace("{" + key + "}", "you" if seat == person else names[seat])
        second = self.seat is not None and self.seat == person
        for third, second_form in _VERBS.items():
            text = text.replace("{" + third + "}", second_form if second else third)
        if person is not None:
            text = text[:1].upper() + text[1:]
        return text

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"
