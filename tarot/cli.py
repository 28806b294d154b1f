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


@main.command()
def schema() -> None:
    """Print the JSON Schema of the game log."""
    import json

    from tarot.log import log_schema

    click.echo(json.dumps(log_schema(), indent=2, ensure_ascii=False))


@main.command()
@click.option("--seed", type=int, default=None, help="Deal from this seed (a reproducible deal).")
@click.option("--rules", "rules_name", default="standard", show_default=True,
              help="A rule set name (standard, fft) or a path to a .toml file.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Where to save the game log (default: a new file in the current directory).")
def play(seed: int | None, rules_name: str, save_path: str | None) -> None:
    """Play one deal of French Tarot against three computer players."""
    import random
    from datetime import datetime
    from pathlib import Path

    from tarot.game import Game
    from tarot.rules import RulesError
    from tarot.terminal import QuitGame, TerminalGame

    entropy = random.SystemRandom()
    if seed is None:
        seed = entropy.randrange(2**31)
    try:
        game = Game.new(seed=seed, rules=rules_name, seats=("You", "P1", "P2", "P3"))
    except RulesError as error:
        raise click.ClickException(str(error)) from None
    path = Path(save_path) if save_path else Path(
        f"tarot-{datetime.now().strftime('%Y%m%d-%H%M%S')}.jsonl")
    if path.exists():
        raise click.ClickException(f"{path} exists already; choose another --save path")
    click.echo(f"Saving this game to {path}")
    with path.open("w", encoding="utf-8") as save:
        terminal = TerminalGame(game, human=0, rng=random.Random(entropy.random()), save=save)
        try:
            terminal.run()
        except (QuitGame, click.Abort, EOFError):
            click.echo("\nGame stopped.")
    click.echo(f"Game saved to {path}")


if __name__ == "__main__":
    main()
