"""``tarot saves``: the saved games, the most recent first (the list is
:mod:`tarot.storage.saves_list`'s)."""

from __future__ import annotations

from datetime import datetime

import click

from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, HELD, wrap
from tarot.i18n import N_, _
from tarot.storage.save_folder import save_folders
from tarot.storage.saves_list import listed_saves
from tarot.ui.commands.common import output_width
from tarot.ui.language import TranslatedCommand


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
    folders = save_folders()
    footer = _("(in {folders})").format(folders=", ".join(map(str, folders)))
    if len(footer) <= width:
        click.echo(footer)
        return
    # A path is never cut (it is copied whole): each on a line of its own.
    click.echo(_("The saves are in:"))
    for folder in folders:
        click.echo(f"  {folder}")
