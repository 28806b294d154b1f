"""The text notation of actions: one parser for what a named deal's script writes.

``"P1 bid garde"``, ``"P0 discard 5S 8S 4D 1C 2C 4C"``, ``"P2 play KH"``,
``"P3 poignee 21T 20T …"``, ``"P0 chelem yes"``.
"""

from __future__ import annotations

import re

from tarot.engine.cards import CODES, CardError, parse_card
from tarot.engine.events import Action, Bid, Chelem, Discard, Poignee
from tarot.engine.events import Play as PlayAction
from tarot.errors import TarotError


class NotationError(TarotError, ValueError):
    """Text that names no action; the message quotes it and says what to write."""

    code = "bad_notation"


def parse_script_entry(entry: str) -> Action:
    """``"P1 bid garde"`` → ``Bid(seat=1, contract="garde")``."""
    words = entry.split()
    if len(words) < 2 or not re.fullmatch(r"[Pp][0-3]", words[0]):
        raise NotationError(f"script entry {entry!r}: write 'P<seat> <kind> <argument>', "
                        "the seat 0 to 3")
    seat = int(words[0][1])
    kind, args = words[1].lower(), words[2:]
    if kind == "bid":
        return Bid(seat=seat, contract=None if args in ([], ["pass"]) else args[0])
    if kind == "chelem":
        return Chelem(seat=seat, declared=bool(args) and args[0].lower() in {"yes", "true"})
    try:
        codes = tuple(CODES[parse_card(a)] for a in args)
    except CardError as error:
        raise NotationError(f"script entry {entry!r}: {error}") from None
    if kind == "discard":
        return Discard(seat=seat, cards=codes)
    if kind == "poignee":
        return Poignee(seat=seat, cards=codes)
    if kind == "play" and len(codes) == 1:
        return PlayAction(seat=seat, card=codes[0])
    raise NotationError(f"script entry {entry!r}: unknown kind {kind!r}")
