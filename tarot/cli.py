"""The ``tarot`` command: the only module that prints."""

from __future__ import annotations

import click


@click.group()
@click.version_option(package_name="tarot")
def main() -> None:
    """French Tarot: play a deal against three computer players, replay and check saved games."""


@main.command()
@click.option("--diagram", is_flag=True, help="Print the phase machine as a Mermaid diagram.")
@click.option("--rules", "rules_name", default="standard", show_default=True,
              help="A rule set name (standard, fft) or a path to a .toml file.")
def rules(diagram: bool, rules_name: str) -> None:
    """Show the active rule set, or the phase machine of a deal."""
    if diagram:
        from tarot.phases import mermaid_diagram

        click.echo(mermaid_diagram())
        return
    from tarot.rules import RulesError, load_rules

    try:
        ruleset = load_rules(rules_name)
    except RulesError as error:
        raise click.ClickException(str(error)) from None
    click.echo(ruleset.model_dump_json(indent=2))
