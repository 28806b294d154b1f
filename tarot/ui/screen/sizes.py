"""The full screen's smallest terminal, and what it says in place of the table below it."""

from __future__ import annotations

from tarot.i18n import _

# The smallest terminal the table is drawn in (table.tcss lays it out for 80x24): below it,
# a notice covers the table, saying the size needed, and goes when the terminal grows.
MIN_SIZE = (80, 24)


def too_small_text(width: int, height: int) -> str:
    """What the screen says in place of the table when the terminal is too small."""
    return "\n\n".join([
        _("This terminal is {width}×{height}: the table needs at least "
          "{min_width}×{min_height}.").format(width=width, height=height,
                                             min_width=MIN_SIZE[0], min_height=MIN_SIZE[1]),
        _("Make the window bigger and the table comes back. The game goes on meanwhile: "
          "what you type is still read."),
        _("Or leave with Ctrl-Q (the game is saved) and go on in line mode, which fits any "
          "terminal: add --plain to the command that resumes it."),
    ])
