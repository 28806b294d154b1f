"""The ``tarot`` command: the only module that prints."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from tarot.audit import Rescore
    from tarot.game import Game


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


def _load_game(path: str, allow_incomplete: bool = False) -> Game:
    from tarot.log import LogError, read_log

    try:
        return read_log(path, allow_incomplete=allow_incomplete)
    except LogError as error:
        raise click.ClickException(str(error)) from None


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--allow-incomplete", is_flag=True, help="Accept a game still in progress.")
def validate(files: tuple[str, ...], allow_incomplete: bool) -> None:
    """Check saved game logs; exit 1 if any is not valid.

    Each bad file gets one line: FILE:LINE: event #SEQ (TYPE): CODE: message.
    """
    from tarot.log import LogError, read_log

    bad = 0
    for path in files:
        try:
            game = read_log(path, allow_incomplete=allow_incomplete)
        except LogError as error:
            bad += 1
            click.echo(str(error))
            continue
        state = "settled" if game.is_over else f"in progress ({game.phase})"
        click.echo(f"{path}: ok, {len(game.events)} events, {state}")
    if bad:
        raise SystemExit(1)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the audit as JSON.")
@click.option("--rules", "other_rules", default=None,
              help="Re-score the same deal under another rule set (a name or a .toml path).")
def audit(file: str, as_json: bool, other_rules: str | None) -> None:
    """Explain the settlement of a saved game, step by step."""
    import json

    from tarot.audit import audit as audit_game
    from tarot.audit import audit_lines, rescore
    from tarot.rules import RulesError, load_rules

    game = _load_game(file)
    result = audit_game(game)
    other = None
    if other_rules is not None:
        try:
            other = rescore(game, load_rules(other_rules))
        except RulesError as error:
            raise click.ClickException(str(error)) from None
    if as_json:
        document = result.as_json()
        if other is not None:
            document["rescored"] = _rescore_json(other, game)
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
        return
    for line in audit_lines(result):
        click.echo(line)
    if other is not None:
        click.echo("")
        for line in _rescore_lines(other, game):
            click.echo(line)


def _rescore_json(other: Rescore, game: Game) -> dict[str, object]:
    import dataclasses

    if other.settlement is None:
        assert other.refused is not None
        return {"rules_id": other.rules_id, "refused_seq": other.refused_seq,
                "code": other.refused.code, "message": other.refused.message}
    before = dataclasses.asdict(game.settlement)  # type: ignore[arg-type]
    after = dataclasses.asdict(other.settlement)
    return {"rules_id": other.rules_id,
            "changes": {k: {"from": before[k], "to": after[k]}
                        for k in before if before[k] != after[k]}}


def _rescore_lines(other: Rescore, game: Game) -> list[str]:
    document = _rescore_json(other, game)
    if "code" in document:
        return [f"Under rules {other.rules_id!r} the deal is not legal: event "
                f"#{document['refused_seq']}: {document['code']}: {document['message']}"]
    changes = document["changes"]
    assert isinstance(changes, dict)
    if not changes:
        return [f"Under rules {other.rules_id!r}: the same settlement."]
    lines = [f"Under rules {other.rules_id!r}:"]
    for key, change in changes.items():
        lines.append(f"  {key}: {change['from']} → {change['to']}")
    return lines


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--as-seat", type=click.IntRange(0, 3), default=None,
              help="Show only what this seat could see at each moment.")
@click.option("--to", "to_seq", type=click.IntRange(min=0), default=None,
              help="Stop after the event with this seq.")
@click.option("--step", is_flag=True, help="Wait for Enter between events.")
@click.option("--allow-incomplete", is_flag=True, help="Replay a game still in progress.")
def replay(file: str, as_seat: int | None, to_seq: int | None, step: bool,
           allow_incomplete: bool) -> None:
    """Print a saved game as it happened, trick by trick."""
    from tarot.narrate import Narrator

    game = _load_game(file, allow_incomplete=allow_incomplete)
    narrator = Narrator(game.rules, as_seat=as_seat)
    for seq, event in enumerate(game.events):
        for line in narrator.lines(event):
            click.echo(line)
        if to_seq is not None and seq >= to_seq:
            break
        if step:
            click.prompt("", default="", show_default=False, prompt_suffix="")


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
