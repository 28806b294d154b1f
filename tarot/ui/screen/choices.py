"""The answers a question on the screen offers as a row of choices after it: the bids,
the cards the taker may call at five, no and yes for a chelem. Each is a legal action,
sent as it is when taken (←/→ and Enter, or a click): nothing is parsed again."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.text import Text

from tarot.engine.events import Action, Bid, Call, Chelem
from tarot.i18n import pgettext
from tarot.ui.phase_help import bid_word
from tarot.ui.table_view import card_text


@dataclass(frozen=True)
class Choice:
    """One answer offered after the prompt: what it shows, and the legal action it sends
    when taken."""

    label: Text
    action: Action


def label(action: Bid | Call | Chelem) -> Text:
    """A choice as the row shows it: a bid by the word a person types for it, a card as
    the table shows it, a chelem's answer by its word."""
    if isinstance(action, Bid):
        return Text(bid_word(action.contract))
    if isinstance(action, Call):
        return card_text(action.card)
    return Text(pgettext("answer", "yes") if action.declared else pgettext("answer", "no"))


def cautious(action: Action, hand: Collection[str]) -> bool:
    """Whether the row may start on ``action``: passing, no chelem, a card to call that is
    not in the ``hand`` (a stray Enter never takes a contract, nor makes the taker play
    alone)."""
    return ((isinstance(action, Bid) and action.contract is None)
            or (isinstance(action, Chelem) and not action.declared)
            or (isinstance(action, Call) and action.card not in hand))


def offered(legal: Sequence[Action], kind: type[Bid | Call | Chelem] | None,
            hand: Collection[str] = ()) -> tuple[Choice, ...]:
    """The ``legal`` actions of ``kind`` as a row of choices, the first cautious one first
    (``hand`` the person's); none for a question the screen offers no row for (``kind``
    None)."""
    if kind is None:
        return ()
    choices = [Choice(label(action), action) for action in legal if isinstance(action, kind)]
    return tuple(sorted(choices, key=lambda choice: not cautious(choice.action, hand)))
