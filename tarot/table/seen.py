"""What a seat may see of an event (rule book A30), as :class:`~tarot.engine.views.PlayerView`
says what it may know: the events a seat is told carry no card hidden from it.

Only two events hold hidden cards: the deal (every hand and the chien) and the taker's
discard (the others see its trumps only, R6). At five players the partner's name is in no
event before the called card shows it (``PartnerRevealed``), but in the deal's hands: hiding
the other hands hides the partner too.
"""

from __future__ import annotations

import dataclasses

from tarot.engine.cards import CARD_BY_CODE, TRUMP_MASK
from tarot.engine.events import Deal, Discard, Event


def seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may see it when it happens."""
    if isinstance(event, Deal):
        hands = tuple(hand if index == seat else () for index, hand in enumerate(event.hands))
        return dataclasses.replace(event, hands=hands, chien=())
    if isinstance(event, Discard) and event.seat != seat:
        return dataclasses.replace(event, cards=tuple(
            code for code in event.cards if _is_trump(code)))
    return event


def _is_trump(code: str) -> bool:
    return bool(TRUMP_MASK >> CARD_BY_CODE[code] & 1)
