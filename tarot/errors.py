"""Errors a player or a file can cause, each with a stable code."""

from __future__ import annotations

# Every code an IllegalAction can carry, with what it means. The README's error
# table is checked against this mapping by the tests.
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


class IllegalAction(ValueError):
    """An action the rules refuse; the game state is left exactly as it was.

    ``code`` is one of :data:`ILLEGAL_ACTION_CODES`; the message is a sentence
    naming the seat, the card and the rule.
    """

    def __init__(self, code: str, message: str) -> None:
        assert code in ILLEGAL_ACTION_CODES, code
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


def seat_name(seat: int) -> str:
    return f"P{seat}"
