"""The session's table on the full screen (:class:`tarot.ui.session.Table`): the session
runs unchanged in the app's worker thread, and plays each deal with a
:class:`~tarot.ui.screen.game.ScreenGame`. Nothing here touches the screen but through the
channel."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import click
from rich.text import Text

from tarot.engine.game import Game
from tarot.engine.typed_words import read_words
from tarot.i18n import _
from tarot.said import os_error_said
from tarot.storage.match_file import SheetRow, sheet_lines
from tarot.storage.named_deals import Script
from tarot.storage.score_sheet import SHEET_LAST_DEALS
from tarot.ui.deal_banner import practice_marked
from tarot.ui.dialogue import names_for
from tarot.ui.line_drawing import HangingText
from tarot.ui.person_table import open_save, seated_players, sync_save
from tarot.ui.screen.game import Channel, Kind, ScreenGame, Snapshot
from tarot.ui.session import (
    WholeLine,
    show_whole,
)
from tarot.ui.shown_paths import replay_command, resume_command, shown_path
from tarot.ui.tty_input import QuitGame


class ScreenTable:
    """Plays the session's deals on the screen; ``after`` the lines to print once the
    screen is left (the last result and how to continue or replay), ``exit_status`` 130
    after Ctrl-C."""

    def __init__(self, channel: Channel, pace: float | None) -> None:
        self.channel = channel
        self.pace = pace
        self.names: tuple[str, ...] = names_for(0)
        self.result: list[Text] = []  # the last deal's box, until the person goes on
        self.sheet: list[Text] = []  # the match's score sheet, under the result
        self.box_open = False
        self.after: list[str] = []
        self.exit_status = 0

    def seat_names(self, person: int | None, players: int = 4) -> tuple[str, ...]:
        return names_for(person, players)

    def show(self, line: str) -> None:
        # As line mode says it: a long line (the deal's banner) goes on further in.
        indent = len(line) - len(line.lstrip(" "))
        self.channel.log(Text(line) if isinstance(line, WholeLine)
                         else HangingText(Text(line), indent + 2))
        if line:
            self.after.append(line)

    def show_sheet(self, rows: Sequence[SheetRow], names: tuple[str, ...],
                   contracts: Mapping[str, str]) -> None:
        self.sheet = [Text(line) for line in sheet_lines(list(rows), names, dict(contracts),
                                                          last=SHEET_LAST_DEALS)]
        self.post_box(None, "")

    def another_deal(self) -> bool:
        while True:
            self.post_box(Kind.ANOTHER, _("Another deal? [Y/n]"))
            try:
                answer = self.channel.words().strip().lower()
            except QuitGame:
                return False
            except click.Abort:
                self.exit_status = 130
                return False
            if not answer or answer in read_words("yes"):
                self.box_open = False
                return True
            if answer in read_words("no") | read_words("quit"):
                return False

    def post_box(self, kind: Kind | None, prompt: str) -> None:
        self.channel.post(Snapshot(names=self.names, kind=kind, prompt=prompt,
                                   result=tuple(self.result), sheet=tuple(self.sheet)))

    def play(self, game: Game, players: tuple[str, ...], script: Script | None, path: Path,
             resume_with: Path | None, match_line: str | None) -> bool:
        if self.box_open:
            # The last deal's result stays until the person goes on.
            self.post_box(Kind.NEXT, _("(Enter to go on)"))
            try:
                self.channel.words()
            except (QuitGame, click.Abort) as stop:
                self.exit_status = 130 if isinstance(stop, click.Abort) else 0
                self.after += [_("Game saved; continue it with:"),
                               WholeLine(f"  {resume_command(resume_with or path)}")]
                return False
        self.box_open = False
        self.after = []
        human, seats = seated_players(players, game.rules)
        self.names = names_for(human, game.rules.players)
        # The session names the deal of a match from the second on (``match_line``).
        top = match_line or practice_marked(_("Deal {number}").format(number=1),
                                            game.header.practice)
        save = open_save(path)
        try:
            with save:
                screen = ScreenGame(game, seats, human, save, self.channel, script=script,
                                    pace=self.pace, top=top)
                try:
                    screen.run()
                except (QuitGame, click.Abort) as stop:
                    sync_save(save)
                    show_whole(self, _("Game saved; continue it with:"),
                               resume_command(resume_with or path))
                    if isinstance(stop, click.Abort):
                        self.exit_status = 130
                    return False
                sync_save(save)
        except OSError as error:
            raise click.ClickException(
                _("{path}: cannot save the game: {error}; what was saved can be continued "
                  "with: {command}").format(path=shown_path(path),
                                            error=os_error_said(error).shown,
                                            command=resume_command(resume_with or path))
            ) from None
        self.result = list(screen.result or ())
        self.sheet = []
        self.box_open = True
        self.post_box(None, "")
        show_whole(self, _("Game saved:"), shown_path(path))
        show_whole(self, _("Replay it with:"), replay_command(path))
        return True


