"""The ``tarot`` command group: a table of its commands, each imported only when it is run
or asked for its help (pip's ``commands_dict``), so that ``tarot --help`` imports none of
them; and the one place where an error a person caused becomes one line and exit 1."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any, NamedTuple

import click
from click.formatting import HelpFormatter

from tarot._version import __version__
from tarot.errors import TarotError
from tarot.i18n import N_, LanguageError, _
from tarot.said import os_error_said
from tarot.ui.exit_status import ExitStatus
from tarot.ui.language import (
    OPTION,
    TranslatedGroup,
    choose_language,
    lang_option,
    speaking,
)


class CommandInfo(NamedTuple):
    module: str  # where the click command lives, under the command's own name
    summary: str  # the first paragraph of its help, for `tarot --help` (a test keeps it so)


COMMANDS: dict[str, CommandInfo] = {
    "audit": CommandInfo("tarot.ui.commands.audit",
                         N_("Explain the settlement of a saved game, step by step.")),
    "play": CommandInfo("tarot.ui.commands.play",
                        N_("Play French Tarot: you (South) against the computer players "
                           "(three, or two or four with --players), deal after deal, with "
                           "a score sheet.")),
    "replay": CommandInfo("tarot.ui.commands.replay",
                          N_("Print a saved game as it happened, trick by trick (or write it "
                             "as a web page).")),
    "review": CommandInfo("tarot.ui.commands.review",
                          N_("Review a saved deal: each decision of a seat beside the one "
                             "the strong player would have made from that seat's view at "
                             "that moment, with the points it cost.")),
    "rules": CommandInfo("tarot.ui.commands.rules",
                         N_("Show the rules card of a rule set, or one rule of the rule book "
                            "(R11, A5, 3.6, S01).")),
    "saves": CommandInfo("tarot.ui.commands.saves",
                         N_("List the saved games, the most recent first (continue one with "
                            "play --resume NAME).")),
    "schema": CommandInfo("tarot.ui.commands.schema",
                          N_("Print the JSON Schema of a line of the game log (or of a match "
                             "index).")),
    "simulate": CommandInfo("tarot.ui.commands.simulate",
                            N_("Duplicate matches between computer players.")),
    "validate": CommandInfo("tarot.ui.commands.validate",
                            N_("Check saved game logs (and match files); exit 1 if any is not "
                               "valid.")),
}


def load_command(name: str) -> click.Command:
    """The click command ``name``, its module imported now."""
    command = getattr(importlib.import_module(COMMANDS[name].module), name)
    assert isinstance(command, click.Command)
    return command


def one_line(error: TarotError) -> click.ClickException:
    """What the command line prints for an error a person (or a file) caused: its one line,
    and exit status 1."""
    return click.ClickException(str(error))


class _Tarot(TranslatedGroup):
    """The command group: the commands of :data:`COMMANDS`, loaded when asked for; and
    what a command refuses (a TarotError) or the machine does (memory, a file system's
    error) turned into a one-line message and exit 1, whichever command met it."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        # The language first, so that click's own messages (a usage error met while parsing)
        # are in it too; every run chooses anew, so one process may run several commands.
        arguments = list(sys.argv[1:] if args is None else args)
        # The language's settings are the command's own: restored when it ends.
        try:
            with speaking(choose_language(arguments, os.environ)):
                return super().main(arguments, *rest, **extra)
        except LanguageError as error:  # an unknown TAROT_LANG, a catalogue that cannot be read
            click.echo(_("Error: {message}").format(message=error), err=True)
            raise SystemExit(ExitStatus.USAGE) from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        command = load_command(cmd_name)
        # Every command takes --lang where a person writes it: `tarot rules R16 --lang fr`.
        if not any(OPTION in param.opts for param in command.params):
            command.params.append(lang_option())
        return command

    def format_commands(self, ctx: click.Context, formatter: HelpFormatter) -> None:
        # As click's own, but from the table's summaries: no command module is imported.
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        # Shortened as click shortens a command's help: a command of that help, unloaded.
        rows = [(name, click.Command(name, help=_(COMMANDS[name].summary))
                 .get_short_help_str(limit)) for name in names]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except TarotError as error:
            raise one_line(error) from None
        except MemoryError:
            raise click.ClickException(_("out of memory")) from None
        except BrokenPipeError:
            # The reader went away (`tarot replay FILE | head`): stop quietly, as cat does.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise SystemExit(ExitStatus.BROKEN_PIPE) from None
        except OSError as error:
            why = os_error_said(error).shown
            raise click.ClickException(_("{path}: {error}").format(path=error.filename, error=why)
                                       if error.filename else why) from None


@click.group(cls=_Tarot, params=[lang_option()],
             help=N_("French Tarot: play a deal against three computer players (or two, or "
                     "four), replay and check saved games."))
@click.version_option(version=__version__, prog_name="tarot")
def main() -> None:
    pass


if __name__ == "__main__":
    main()
