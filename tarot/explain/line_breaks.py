"""Where a line a person reads is never broken when it is wrapped to the screen's width: the
spaces French typography puts before « : ; ? ! » and inside « » (a line never begins with
"; (25 + 20) × 2"), the inside of a sum ("(25 + 11) × 2 = 72", "3 × -70 = -210"), and a
number and its points. The rules card, the audit and the table all wrap through here."""

from __future__ import annotations

import re
import textwrap
from typing import Any

FRENCH_TYPOGRAPHY = r" (?=[:;?!»])|(?<=«) "
SUM = r"(?<=[\d)]) (?=[×=+] )|(?<=[×=+]) (?=[-+(\d])"
NUMBER_OF_POINTS = r"(?<=\d) (?=points?\b)"
# textwrap breaks only at ASCII white space: a character that is none holds the words together
# while a line is wrapped, and is a space again after. The no-break spaces the French
# catalogue writes (before « : ; ? ! » and inside « ») hold by themselves, and are printed
# as they are.
HELD = "\ue000"  # a private-use character: never in a message
NO_BREAK_SPACES = "\u00a0\u202f"


def held(text: str, *where: str, mark: str = HELD) -> str:
    """``text`` with the spaces ``where`` names (patterns of this module) made ``mark``."""
    return re.sub("|".join(where), mark, text)


def wrap(line: str, width: int, *where: str, **options: Any) -> list[str]:
    """``line`` wrapped within ``width`` columns (``textwrap.wrap``'s ``options``), never
    broken at the spaces ``where`` names."""
    return [part.replace(HELD, " ")
            for part in textwrap.wrap(held(line, *where), width, **options)]
