"""Errors a player or a file can cause, each with a stable code."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from tarot.i18n import _, pgettext


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
    "call_due": "at five players, the taker must call a card once the auction is over",
    "call_not_now": "a card is called only at five players, by the taker after the auction",
    "call_not_allowed": "a card the taker may not call (V5-3)",
    "called_suit_lead": "the deal's first lead in the called card's suit, other than that card",
    "deal_mismatch": "a logged deal that is not the one the header's seed gives",
    "derived_mismatch": "a logged derived event that differs from what the rules derive",
    "unexpected_derived": "a logged derived event where the rules call for none",
    "undo_not_practice": "an undo in a game whose header is not a practice game's "
                         "(`practice: true`)",
    "bad_undo": "an undo whose target is not a decision of a person's seat still in force "
                "in the deal in progress (or nothing to take back)",
}


# A refusal's template names seats with placeholders, and the verbs that agree with
# the acting seat likewise, so that one refusal reads "P0 holds hearts" in a log and
# "You hold hearts" to the person at the table (IllegalAction.render). English needs
# few of them; French makes every verb agree ("Vous avez du cœur", "Est a du cœur"),
# so "cannot", "must", "may" and "can" are placeholders too (the same word either way
# in English). Each is the verb in the current language, for the third or the second
# person: the catalogue gives it (context "verb, third person" / "verb, second person").
VERB_PLACEHOLDERS = ("holds", "has", "gives", "bids", "is", "cannot", "must", "may", "can")


def _verb_forms(second: bool) -> dict[str, str]:
    """Each verb placeholder as the current language says it of the acting seat: of the
    person addressed (``second``), or of a seat named."""
    if second:
        return {
            "holds": pgettext("verb, second person", "hold"),
            "has": pgettext("verb, second person", "have"),
            "gives": pgettext("verb, second person", "give"),
            "bids": pgettext("verb, second person", "bid"),
            "is": pgettext("verb, second person", "are"),
            "cannot": pgettext("verb, second person", "cannot"),
            "must": pgettext("verb, second person", "must"),
            "may": pgettext("verb, second person", "may"),
            "can": pgettext("verb, second person", "can"),
        }
    return {
        "holds": pgettext("verb, third person", "holds"),
        "has": pgettext("verb, third person", "has"),
        "gives": pgettext("verb, third person", "gives"),
        "bids": pgettext("verb, third person", "bids"),
        "is": pgettext("verb, third person", "is"),
        "cannot": pgettext("verb, third person", "cannot"),
        "must": pgettext("verb, third person", "must"),
        "may": pgettext("verb, third person", "may"),
        "can": pgettext("verb, third person", "can"),
    }


# The seats as a log names them, for a table of three, four or five (P0 … P4).
LOG_NAMES = ("P0", "P1", "P2", "P3", "P4")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
# A field's value: text, a number, or a function giving the text when the refusal is read
# (cards, a suit, a contract's name: in the language of that moment).
Field = str | int | Callable[[], str]
# A template: an English message of the catalogue (marked with N_ where it is written),
# translated when the refusal is read; or, for a message with a plural, a function that
# gives it in the current language (``lambda: ngettext(singular, plural, n)``).
Template = str | Callable[[], str]


class IllegalAction(TarotError, ValueError):
    """An action the rules refuse; the game state is left exactly as it was.

    ``code`` is one of :data:`ILLEGAL_ACTION_CODES`, language-neutral. ``seat`` is the
    seat that acted (None when the refusal is about no seat: a log's deal, a derived
    event), ``cards`` the card codes the refusal is about, ``rule`` the rule book's
    number it cites (``R11``), ``others`` the other seats it names, by placeholder
    (``{"taker": 2}``), ``fields`` the template's other values.

    ``template`` is an English message of the catalogue (marked with ``N_`` where it is
    written), or a function giving a message with a plural (:data:`Template`). It says
    ``{seat}`` for the acting seat, the placeholders of ``others`` for those, those of
    ``fields``, and :data:`VERB_PLACEHOLDERS` (``{holds}``, ``{cannot}`` …) for verbs that
    agree with the acting seat. It is translated when it is read: ``message`` (and
    ``str(error)``) is it in the current language with the log's seat names (P0…P4),
    :meth:`render` with a table's.
    """

    def __init__(self, code: str, template: Template, *, seat: int | None = None,
                 cards: tuple[str, ...] = (), rule: str | None = None,
                 others: dict[str, int] | None = None,
                 fields: Mapping[str, Field] | None = None) -> None:
        assert code in ILLEGAL_ACTION_CODES, code
        self.code = code
        self.template = template
        self.seat = seat if seat is not None and 0 <= seat < len(LOG_NAMES) else None
        self.cards = cards
        self.rule = rule
        self.others = dict(others or {})
        self.fields = dict(fields or {})
        super().__init__(self.render())

    @property
    def message(self) -> str:
        """The refusal in the current language, about the seats by the log's names."""
        return self.render()

    def render(self, names: tuple[str, ...] | list[str] = LOG_NAMES,
               person: int | None = None) -> str:
        """The refusal in the current language with ``names`` for the seats, addressed to
        ``person`` (a seat, who is "you"), or about the seats when ``person`` is None."""
        values = {key: str(value() if callable(value) else value)
                  for key, value in self.fields.items()}
        for key, seat in {"seat": self.seat, **self.others}.items():
            if seat is not None:
                values[key] = (pgettext("the person at the table, inside a sentence", "you")
                               if seat == person else names[seat])
        values.update(_verb_forms(self.seat is not None and self.seat == person))
        template = self.template() if callable(self.template) else _(self.template)
        text = _PLACEHOLDER.sub(lambda m: values.get(m[1], m[0]), template)
        if person is not None:
            text = text[:1].upper() + text[1:]
        return text

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"
