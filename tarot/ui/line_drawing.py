"""Text laid out for the line mode: a message with coloured cards in it, lines wrapped
between words under their first, card codes shown with their suits' symbols."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich.console import Console, ConsoleOptions
from rich.segment import Segment
from rich.text import Text

from tarot.engine.cards import CARD_BY_CODE, display, sort_key
from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, NO_BREAK_SPACES, SUM, held

# What stands for a space a line must not break at (tarot.explain.line_breaks) while rich
# wraps it: a character of one column that is not a space to rich.
_KEPT_SPACE = "\ue000"


def styled(template: str, **fields: str | Text) -> Text:
    """``template`` (a translated message) with its ``{fields}`` filled: a Text field
    (a card in colour) keeps its style, a string is filled as ``str.format`` would."""
    plain = {name: value for name, value in fields.items() if isinstance(value, str)}
    line = Text()
    for piece in re.split(r"(\{[a-z_]+\})", template):
        name = piece[1:-1] if piece.startswith("{") and piece.endswith("}") else None
        value = fields.get(name) if name is not None else None
        if isinstance(value, Text):
            line.append_text(value)
        else:
            line.append(piece.format(**plain) if name is not None else piece)
    return line


def sorted_codes(codes: Sequence[str]) -> list[str]:
    """Cards in the order a hand shows them."""
    return sorted(codes, key=lambda code: sort_key(CARD_BY_CODE[code]))


def say_wrapped(console: Console, text: Text, indent: int) -> None:
    """``text`` wrapped between words to the terminal's width, its following lines indented
    by ``indent`` columns (never cut inside a word). Piped output (``soft_wrap``) keeps each
    line whole: a script reads one message a line, and a pipe has no width."""
    if console.soft_wrap:
        console.print(text, markup=False)
        return
    for line in wrapped_lines(text, console.width if console.is_terminal else 80, indent):
        console.print(line, markup=False, soft_wrap=True)


def wrapped_lines(text: Text, width: int, indent: int) -> list[Text]:
    """``text`` broken between words into lines of ``width`` columns, the lines after the
    first indented by ``indent`` (a word longer than a line stays whole)."""
    # French puts a space before « ; : ? ! » and inside « »: that space must not
    # break, or a line would begin with "; (25 + 20) × 2". Wrapped as one word, then
    # given back.
    kept = text.copy()
    kept.plain = held(text.plain, FRENCH_TYPOGRAPHY, SUM, mark=_KEPT_SPACE)
    lines: list[Text] = []
    for paragraph in kept.split("\n", allow_blank=True):
        for line in paragraph.divide(_breaks(paragraph.plain, width, indent)):
            line.rstrip()
            line.plain = line.plain.replace(_KEPT_SPACE, " ")
            lines.append(Text(" " * indent) + line if lines else line)
    return lines


class HangingText(Text):
    """A Text that wraps at words to the width it is drawn in, its following lines
    indented by ``indent``, as :func:`say_wrapped` prints it: the full screen's story
    panel draws the session's lines (the deal's banner) so, where a plain Text goes on
    at the panel's left edge. A Text still, so that whatever takes one takes it (a copy
    is one too: the story copies what it is given before it knows its width)."""

    def __init__(self, text: Text, indent: int) -> None:
        super().__init__()
        self.append_text(text)
        self.indent = indent

    def copy(self) -> HangingText:
        return HangingText(Text.copy(self), self.indent)

    def __rich_console__(self, console: Console, options: ConsoleOptions
                         ) -> Iterable[Segment]:
        lines = wrapped_lines(Text.copy(self), options.max_width, self.indent)
        yield from Text("\n").join(lines).__rich_console__(console, options)


# A word, as the line is broken: a no-break space (the French catalogue's, before « : » and
# inside « ») joins the words on either side, though Python counts it white space.
_WORD = re.compile(rf"(?:[^\s]|[{NO_BREAK_SPACES}])+")


def _breaks(plain: str, width: int, indent: int) -> list[int]:
    """Where to break ``plain`` into lines of at most ``width`` columns, the lines after
    the first indented by ``indent``, between words only: a word longer than the line (a
    path) stays whole rather than cut."""
    breaks: list[int] = []
    start = 0
    for word in re.finditer(_WORD, plain):
        room = width - (indent if breaks else 0)
        if word.end() - start > room and word.start() > start and \
                plain[start:word.start()].strip():
            breaks.append(word.start())
            start = word.start()
    return breaks


_CODE = re.compile(r"\b(10|[1-9JNQK])([SHDC])\b")


def with_symbols(message: str) -> str:
    """Card codes in a message as the table shows them (``KH`` → ``K♥``)."""
    return _CODE.sub(lambda m: display(CARD_BY_CODE[m.group(0)]), message)
