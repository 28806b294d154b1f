"""``tarot schema``: the JSON Schema of a log line or of a match index."""

from __future__ import annotations

import json

import click

from tarot.i18n import N_
from tarot.log import log_schema
from tarot.storage.match_file import match_schema
from tarot.ui.language import TranslatedCommand


@click.command(cls=TranslatedCommand,
               help=N_("Print the JSON Schema of a line of the game log (or of a match "
                       "index)."))
@click.option("--match", "of_match", is_flag=True,
              help=N_("The schema of a match index (NAME.match.jsonl) instead."))
def schema(of_match: bool) -> None:
    if of_match:
        click.echo(json.dumps(match_schema(), indent=2, ensure_ascii=False))
        return

    click.echo(json.dumps(log_schema(), indent=2, ensure_ascii=False))

