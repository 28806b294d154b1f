"""``tarot rules``: the rules card of a rule set, a rule of the rule book, the phase diagram."""

from __future__ import annotations

import click

from tarot.engine.phases import mermaid_diagram
from tarot.engine.rule_files import load_rules
from tarot.explain.markdown_text import render
from tarot.explain.rulebook import lookup
from tarot.explain.rules_card import rules_card
from tarot.i18n import N_, _
from tarot.ui.commands.common import output_width
from tarot.ui.language import TranslatedCommand


@click.command(cls=TranslatedCommand, help=N_(
    "Show the rules card of a rule set, or one rule of the rule book (R11, A5, 3.6, S01).\n\n"
    "Every refusal names the rule it applies; `tarot rules R11` prints that rule."))
@click.argument("rule_id", required=False, metavar="[RULE]")
@click.option("--json", "as_json", is_flag=True, help=N_("Print the rule set as JSON data."))
@click.option("--diagram", is_flag=True,
              help=N_("Print the phase machine as a Mermaid diagram."))
@click.option("--rules", "rules_name", default="standard", show_default=True,
              help=N_("A rule set name (standard, fft; standard-3, standard-5 for three "
                      "and five players) or a path to a .toml file."))
def rules(rule_id: str | None, as_json: bool, diagram: bool, rules_name: str) -> None:
    if sum([rule_id is not None, as_json, diagram]) > 1:
        raise click.UsageError(_("give one of RULE, --json and --diagram"))
    if rule_id is not None and click.get_current_context().get_parameter_source(
            "rules_name") == click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError(_("a rule of the rule book is the same under every rule set: "
                                 "--rules goes with the rules card or --json"))
    if diagram:
        click.echo(mermaid_diagram())
        return
    if rule_id is not None:
        # The book's Markdown as text: wrapped to the screen, tables drawn as columns.
        click.echo("\n".join(render(lookup(rule_id).text, output_width())))
        return

    ruleset = load_rules(rules_name)
    if as_json:
        click.echo(ruleset.model_dump_json(indent=2))
        return

    click.echo("\n".join(rules_card(ruleset, output_width())))

