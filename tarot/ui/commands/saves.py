"""``tarot saves``: the saved games, the most recent first (the list is
:mod:`tarot.storage.saves_list`'s)."""

from __future__ import annotations

from datetime import datetime

import click

from tarot.engine import phases
from tarot.engine.phase_table import phase_said
from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, HELD, wrap
from tarot.i18n import N_, _, ngettext, pgettext
from tarot.storage.save_folder import save_folders
from tarot.storage.saves_list import Reached, listed_saves
from tarot.storage.score_sheet import sheet_name
from tarot.ui.commands.common import output_width
from tarot.ui.dialogue import names_for
from tarot.ui.language import TranslatedCommand

# The line that tells one save from another, under its name.
DETAILS_INDENT = 4


def reached_text(reached: Reached) -> str:
    """A save's table, the point its game reached, its contract and its score, in words:
    ``4 players · deal 2, trick 7 · Garde by East · You +120``."""
    names = names_for(reached.person, reached.players)
    parts = [ngettext("{count} player", "{count} players", reached.players)
             .format(count=reached.players), _point_reached(reached)]
    # The contract of the deal in progress, or of a single deal; a match's last deal once
    # it is over is history, which its score tells.
    if reached.taker is not None and reached.contract is not None and not (
            reached.deal is not None and reached.phase == phases.DONE):
        parts.append(_("{contract} by {taker}").format(contract=reached.contract,
                                                       taker=names[reached.taker]))
    if reached.scores is not None:
        # The person's score; every seat's when the computer played them all. A seat's
        # name and its score are never parted at the end of a line.
        seats = (range(len(reached.scores)) if reached.person is None else (reached.person,))
        parts.append(", ".join(f"{sheet_name(names[seat])}{HELD}{reached.scores[seat]:+d}"
                               for seat in seats))
    return " · ".join(parts)


def _point_reached(reached: Reached) -> str:
    """``finished``; in a match ``deal 3, trick 7`` (or the phase, or ``deal 3 finished``);
    in a single deal ``trick 7`` or the phase."""
    if reached.over:
        return pgettext("a saved game", "finished")
    where = (None if reached.phase == phases.DONE else
             _("trick {trick}").format(trick=reached.trick) if reached.trick is not None
             else phase_said(reached.phase).shown)
    if reached.deal is None:
        return where or pgettext("a saved game", "finished")
    if where is None:
        return _("deal {deal} finished").format(deal=reached.deal)
    return _("deal {deal}, {where}").format(deal=reached.deal, where=where)


@click.command(cls=TranslatedCommand,
               help=N_("List the saved games, the most recent first (continue one with "
                       "play --resume NAME)."))
def saves() -> None:
    listed = listed_saves()
    if not listed:
        folders = save_folders()
        if len(folders) == 1:
            click.echo(_("No saved games in {folder}.").format(folder=folders[0]))
        else:
            click.echo(_("No saved games in {first} or {second}.")
                       .format(first=folders[0], second=" or ".join(map(str, folders[1:]))))
        return
    width = output_width()
    for save in listed:
        when = datetime.fromtimestamp(save.modified).strftime("%Y-%m-%d %H:%M")
        line = f"{save.path.stem:<28} {when}  "
        # The state goes on under itself when the line is longer than the screen (under
        # the name when the screen leaves it too little room).
        hang = len(line) if width - len(line) >= 24 else 4
        for part in wrap(line.replace(" ", HELD) + save.state, width, FRENCH_TYPOGRAPHY,
                         subsequent_indent=" " * hang, break_long_words=False,
                         break_on_hyphens=False):
            click.echo(part)
        if save.reached is not None:
            # Which game it is, on a line of its own under it.
            for part in wrap(reached_text(save.reached), width, FRENCH_TYPOGRAPHY,
                             initial_indent=" " * DETAILS_INDENT,
                             subsequent_indent=" " * (DETAILS_INDENT + 2),
                             break_long_words=False, break_on_hyphens=False):
                click.echo(part)
    folders = save_folders()
    footer = _("(in {folders})").format(folders=", ".join(map(str, folders)))
    if len(footer) <= width:
        click.echo(footer)
        return
    # A path is never cut (it is copied whole): each on a line of its own.
    click.echo(_("The saves are in:"))
    for folder in folders:
        click.echo(f"  {folder}")
