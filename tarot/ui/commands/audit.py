"""``tarot audit``: the settlement of a saved game explained (or a match's score sheet)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import click

from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.explain.audit import Rescore, audit_lines, rescore
from tarot.explain.audit import audit as audit_game
from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, wrap
from tarot.i18n import N_, _
from tarot.said import in_english
from tarot.storage.match_file import is_match_file, load_match, sheet_lines, totals
from tarot.ui.commands.common import load_game, output_width, seat_names
from tarot.ui.language import TranslatedCommand


@click.command(cls=TranslatedCommand,
               help=N_("Explain the settlement of a saved game, step by step."))
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help=N_("Print the audit as JSON."))
@click.option("--rules", "other_rules", default=None,
              help=N_("Re-score the same deal under another rule set (a name or a .toml "
                      "path)."))
def audit(file: str, as_json: bool, other_rules: str | None) -> None:
    if is_match_file(Path(file)):
        # A match: its score sheet (each deal's own audit is `tarot audit DEAL-LOG`).

        match = load_match(Path(file))
        rows = match.sheet_rows()
        if as_json:
            click.echo(json.dumps({"deals": [
                {"deal": row.deal, "dealer": row.dealer, "dealt_by": row.dealt_by,
                 "redeals": list(row.redeals),
                 "log": match.index.deals[row.deal - 1].log,
                 "contract": row.settlement.contract, "taker": row.settlement.taker,
                 "contract_made": row.settlement.contract_made,
                 "difference": row.settlement.difference,
                 "scores": list(row.settlement.scores)}
                for row in rows],
                "totals": totals(rows, match.games[0].rules.players)}, indent=2))
            return
        # The sheet's short names (12 columns): "Garde contre" is French as it is.
        contracts = {c.id: c.name for c in match.games[0].rules.contracts}
        for line in sheet_lines(rows, seat_names(match.games[0].rules.players), contracts):
            click.echo(line)
        return
    game = load_game(file)
    result = audit_game(game)
    other = None
    if other_rules is not None:
        other = rescore(game, load_rules(other_rules))
    if as_json:
        document = result.as_json()
        if other is not None:
            document["rescored"] = _rescore_json(other, game)
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
        return

    # The seats by the names `replay` gives them (South is seat 0), not P0..P3; at three
    # and five players the log's own (P0, P1…): the compass has no seat for them.
    width = output_width()
    for line in audit_lines(result, seat_names(game.rules.players), width):
        click.echo(line)
    if other is not None:
        click.echo("")
        for line in _rescore_lines(other, game):
            for part in wrap(line, width, FRENCH_TYPOGRAPHY, subsequent_indent="    ",
                             break_long_words=False, break_on_hyphens=False):
                click.echo(part)


def _rescore_json(other: Rescore, game: Game) -> dict[str, object]:
    if other.settlement is None:
        assert other.refused is not None
        return {"rules_id": other.rules_id, "refused_seq": other.refused_seq,
                # English, as every --json; _rescore_lines renders it for the person.
                "code": other.refused.code, "message": in_english(other.refused.render)}
    before = dataclasses.asdict(game.settlement)  # type: ignore[arg-type]
    after = dataclasses.asdict(other.settlement)
    return {"rules_id": other.rules_id,
            "changes": {k: {"from": before[k], "to": after[k]}
                        for k in before if before[k] != after[k]}}


def _rescore_lines(other: Rescore, game: Game) -> list[str]:
    document = _rescore_json(other, game)
    if "code" in document:
        assert other.refused is not None
        return [_("Under rules {rules!r} the deal is not legal: event #{seq}: {code}: "
                  "{message}").format(rules=other.rules_id, seq=document["refused_seq"],
                                      code=document["code"], message=other.refused.render())]
    changes = document["changes"]
    assert isinstance(changes, dict)
    if not changes:
        return [_("Under rules {rules!r}: the same settlement.").format(rules=other.rules_id)]
    lines = [_("Under rules {rules!r}:").format(rules=other.rules_id)]
    for key, change in changes.items():
        lines.append(f"  {key}: {change['from']} → {change['to']}")
    return lines

