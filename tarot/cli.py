"""The ``tarot`` command: the only module that prints."""

from __future__ import annotations

from pathlib import Path
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


def default_save_path() -> Path:
    """A new file under the user's data directory (XDG_DATA_HOME, else ~/.local/share)."""
    import os
    from datetime import datetime

    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "tarot" / "games"
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"game-{stamp}.jsonl"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"game-{stamp}-{number}.jsonl"
    return path


@main.command()
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Deal from this seed (a reproducible deal).")
@click.option("--deal", "deal_name", default=None, metavar="NAME|PATH",
              help="Play a named deal from seeds/ (e.g. slam-made, or seeds/garde.toml).")
@click.option("--rules", "rules_name", default="standard", show_default=True,
              help="A rule set name (standard, fft) or a path to a .toml file.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Where to save the game (default: a new file under "
              "~/.local/share/tarot/games).")
@click.option("--level", default="rules", show_default=True,
              type=click.Choice(["random", "rules"]), help="The computer players' level.")
@click.option("--auto", is_flag=True, help="The computer plays all four seats.")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, exists=True,
              path_type=Path), default=None, help="Continue an unfinished saved game.")
def play(seed: int | None, deal_name: str | None, rules_name: str, save_path: Path | None,
         level: str, auto: bool, resume_path: Path | None) -> None:
    """Play one deal of French Tarot: you (South) against three computer players."""
    import random

    from tarot.bots.registry import make_player
    from tarot.rules import RulesError
    from tarot.seeds import Script, SeedError, load_named_deal
    from tarot.terminal import QuitGame, TerminalGame, names_for

    human = None if auto else 0
    script = None
    seats = tuple(f"{name} ({'person' if seat == human else level})"
                  for seat, name in enumerate(names_for(None)))
    if resume_path is not None:
        game = _load_game(str(resume_path), allow_incomplete=True)
        if game.is_over:
            raise click.ClickException(f"{resume_path}: this game is over; nothing to resume")
        path = resume_path
    else:
        try:
            if deal_name is not None:
                named = load_named_deal(deal_name)
                game = named.start(rules=rules_name, seats=seats)
                script = Script(named.script)
            else:
                if seed is None:
                    seed = random.SystemRandom().randrange(2**31)
                from tarot.game import Game

                game = Game.new(seed=seed, rules=rules_name, seats=seats)
        except (RulesError, SeedError) as error:
            raise click.ClickException(str(error)) from None
        path = save_path or default_save_path()
        if path.exists():
            raise click.ClickException(f"{path} exists already; choose another --save path")
        path.parent.mkdir(parents=True, exist_ok=True)
    click.echo(f"{'Resuming' if resume_path else 'Saving'} this game: {path}")
    players = [make_player(level) for _ in range(4)]
    with path.open("a" if resume_path else "x", encoding="utf-8") as save:
        terminal = TerminalGame(game, players, human, save, new_file=resume_path is None,
                                script=script)
        try:
            terminal.run()
        except (QuitGame, click.Abort, KeyboardInterrupt):
            click.echo("\nGame saved; continue it with: tarot play --resume " + str(path))
            return
    click.echo(f"Game saved: {path}")


if __name__ == "__main__":
    main()
