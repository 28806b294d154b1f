"""``tarot saves``: the saved games, the most recent first."""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path

import click

from tarot.files.said import phase_said
from tarot.i18n import N_, _, ngettext, pgettext
from tarot.log import LogError, load_log
from tarot.storage.match_file import MatchError, is_match_file, load_match, read_index
from tarot.storage.save_folder import save_folders, saved_games
from tarot.ui.language import TranslatedCommand


@click.command(cls=TranslatedCommand,
               help=N_("List the saved games, the most recent first (continue one with "
                       "play --resume NAME)."))
def saves() -> None:
    games = saved_games()
    if not games:
        folders = save_folders()
        if len(folders) == 1:
            click.echo(_("No saved games in {folder}.").format(folder=folders[0]))
        else:
            click.echo(_("No saved games in {first} or {second}.")
                       .format(first=folders[0], second=" or ".join(map(str, folders[1:]))))
        return
    in_matches: set[Path] = set()
    for path, _modified in games:
        if is_match_file(path):
            with contextlib.suppress(MatchError):
                index = read_index(path)
                in_matches |= {index.log_path(entry) for entry in index.deals}
    for path, modified in games:
        if path in in_matches:
            continue  # a deal of a match: the match's line stands for it
        try:
            if is_match_file(path):
                match = load_match(path, allow_incomplete=True)
                played = len(match.games)
                over = match.index.header.deals is not None and played >= \
                    match.index.header.deals and all(g.is_over for g in match.games)
                if over:
                    state = ngettext("a match, {count} deal, over",
                                     "a match, {count} deals, over", played)
                elif not match.games[-1].is_over:
                    state = ngettext("a match, {count} deal, in progress",
                                     "a match, {count} deals, in progress", played)
                else:
                    state = ngettext("a match, {count} deal, between deals",
                                     "a match, {count} deals, between deals", played)
                state = state.format(count=played)
            else:
                loaded = load_log(path, allow_incomplete=True, drop_torn=True)
                phase = phase_said(loaded.game.phase).shown
                if loaded.game.header.match_deals is not None:
                    # Killed before its index was made: --resume goes on with the match.
                    state = (_("a match, 1 deal, between deals") if loaded.game.is_over
                             else _("a match, 1 deal, in progress ({phase})")
                             .format(phase=phase))
                else:
                    state = (pgettext("saved game", "over") if loaded.game.is_over
                             else _("in progress ({phase})").format(phase=phase))
        except MatchError as error:
            state = _("not a match: {why}").format(
                why=str(error).removeprefix(f"{path}:"))[:60]
        except LogError as error:
            state = _("not a game: {why}").format(why=error.problem.shown)[:60]
        when = datetime.fromtimestamp(modified).strftime("%Y-%m-%d %H:%M")
        click.echo(f"{path.stem:<28} {when}  {state}")
    click.echo(_("(in {folders})").format(folders=", ".join(map(str, save_folders()))))

