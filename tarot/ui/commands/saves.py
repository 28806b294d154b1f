"""``tarot saves``: the saved games, the most recent first."""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path

import click

from tarot.log import LogError, load_log
from tarot.storage.match_file import MatchError, is_match_file, load_match, read_index
from tarot.storage.save_folder import save_folders, saved_games


@click.command()
def saves() -> None:
    """List the saved games, the most recent first (continue one with play --resume NAME)."""


    games = saved_games()
    if not games:
        click.echo(f"No saved games in {' or '.join(map(str, save_folders()))}.")
        return
    in_matches: set[Path] = set()
    for path, _ in games:
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
                state = (f"a match, {played} deal{'s' if played != 1 else ''}, "
                         + ("over" if over else "in progress" if not match.games[-1].is_over
                            else "between deals"))
            else:
                loaded = load_log(path, allow_incomplete=True, drop_torn=True)
                state = "over" if loaded.game.is_over else f"in progress ({loaded.game.phase})"
                if loaded.game.header.match_deals is not None:
                    # Killed before its index was made: --resume goes on with the match.
                    state = ("a match, 1 deal, "
                             + ("between deals" if loaded.game.is_over else state))
        except MatchError as error:
            state = f"not a match: {str(error).removeprefix(f'{path}:')}"[:60]
        except LogError as error:
            state = f"not a game: {error.problem.message}"[:60]
        when = datetime.fromtimestamp(modified).strftime("%Y-%m-%d %H:%M")
        click.echo(f"{path.stem:<28} {when}  {state}")
    click.echo(f"(in {', '.join(map(str, save_folders()))})")

