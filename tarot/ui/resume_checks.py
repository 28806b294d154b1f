"""A saved game checked before ``tarot play --resume`` goes on with it: the options given
against the save (each one that says otherwise named), who sits where by its header, and
its file repaired to hold exactly the game's events; and the error a session refuses with."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from tarot.bots.registry import PLAYERS
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RulesError
from tarot.errors import TarotError
from tarot.i18n import _, pgettext
from tarot.log import LoadedLog, LogWriter, write_log
from tarot.storage.locks import real_path
from tarot.storage.save_folder import find_save, save_folders

if TYPE_CHECKING:
    from tarot.engine.events import LogHeader
    from tarot.ui.session import PlayOptions


class SessionError(TarotError):
    """A game or match that cannot be started or resumed as asked; ``code`` says which
    refusal (``save_exists``, ``resume_contradicts``, ``game_over``, ...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def find_save_named(name: str) -> Path:
    """The save ``--resume NAME`` means: a file, or a save of that name in the save folders."""
    found = find_save(name)
    if found is None:
        raise SessionError(
            "no_such_save",
            _("{name}: no such file, nor a save of that name in {folders} (tarot saves "
              "lists them)").format(name=name,
                                    folders=pgettext("save folders", " or ").join(
                                        map(str, save_folders()))))
    return found


def refuse_contradictions(options: PlayOptions, path: Path, game: Game,
                           players: tuple[str, ...]) -> None:
    """Options given with --resume that say otherwise than the saved game are refused,
    each named: the game goes on as it was saved (its deal, rules and players)."""

    def given(name: str) -> bool:
        return name in options.given

    header = game.header
    wrong = []
    if given("seed") and options.seed != header.seed:
        # Not the game's own seed: it gives the hidden cards away while the game goes on.
        wrong.append(_("--seed {seed} (not the seed the game was started with)")
                     .format(seed=options.seed))
    if given("players") and options.players != game.rules.players:
        wrong.append(_("--players {players} (the game is for {size} players)").format(
            players=options.players, size=game.rules.players))
    if given("rules_name"):
        different = _rules_differ(options.rules_name, header)
        if different:
            wrong.append(_("--rules {rules} ({why})").format(rules=options.rules_name,
                                                              why=different))
    if given("deal_name"):
        named = header.named_deal.name if header.named_deal else None
        if options.deal_name != named:
            wrong.append((_("--deal {deal} (the game is the named deal {named!r})") if named
                          else _("--deal {deal} (the game is not a named deal)"))
                         .format(deal=options.deal_name, named=named))
    computers = sorted({p for p in players if p != "person"})
    if given("level") and computers != [options.level]:
        wrong.append(_("--level {level} (the computer players are {players})")
                     .format(level=options.level, players=", ".join(computers)))
    if (given("save_path") and options.save_path is not None
            and options.save_path.resolve() != path.resolve()):
        wrong.append(_("--save {save} (the game is saved in {path})")
                     .format(save=options.save_path, path=path))
    if given("force"):
        wrong.append(_("--force (a resumed game is continued, never replaced)"))
    if given("practice") and options.practice and not header.practice:
        wrong.append(_("--practice (the game was not started as a practice game)"))
    if wrong:
        raise SessionError("resume_contradicts",
                           _("{path}: --resume continues the game as it was saved; these "
                             "options say otherwise: {options}")
                           .format(path=path, options="; ".join(wrong)))


def _rules_differ(rules_name: str, header: LogHeader) -> str | None:
    """Why ``--rules NAME|PATH`` is not the rule set a log was played under (None if it
    is): a rule file of one's own is known by its content, whatever its path."""
    try:
        rules = load_rules(rules_name)
    except RulesError as error:
        return _("which cannot be read: {error}").format(error=error)
    if rules.content_hash == header.rules_hash:
        return None
    return _("the game is played under {rules!r}").format(rules=header.rules_id)


def repair(path: Path, loaded: LoadedLog) -> None:
    """Make the file hold the game's events and nothing else before more are appended.

    A torn last line is cut off (one truncation: the file is either as it was or
    repaired, whenever the process dies, and a symbolic link stays one); derived events
    the file's end lacks are appended as the game would have written them (a process
    killed meanwhile leaves a torn line, repaired the same way next time). A file that
    leaves out events before its end (a decisions-only log) is written again whole,
    through a rename.
    """
    game = loaded.game
    if not loaded.lines_are_prefix:
        write_log(real_path(path), game, overwrite=True)
        return
    if loaded.torn is not None:
        os.truncate(path, loaded.whole_bytes)
    missing = game.events[loaded.event_lines:]
    if missing:
        with path.open("a", encoding="utf-8") as stream:
            LogWriter(stream, game.header, already_written=loaded.event_lines).write(missing)


def players_of(path: Path, game: Game) -> tuple[str, ...]:
    """Who sits at each seat, "person" or a computer player's name, from the header."""
    recorded = game.header.players
    # A log from before the header named them says it in the seats' names.
    players = recorded or players_from_seat_names(game.header.seats)
    for seat, name in enumerate(players):
        if name != "person" and name not in PLAYERS:
            raise SessionError(
                "unknown_player",
                _("{path}: the header seats {name!r} at seat {seat}, a player this program "
                  "does not have (it has: person, {players})")
                .format(path=path, name=name, seat=seat, players=", ".join(PLAYERS)))
    if players.count("person") > 1:
        raise SessionError("two_persons", _("{path}: the header seats more than one "
                                            "person; tarot play has one").format(path=path))
    return tuple(players)


def players_from_seat_names(seats: tuple[str, ...]) -> tuple[str, ...]:
    """Players from seat names such as 'East (rules)', as logs before ``players`` wrote
    them; South a person and the others ``rules`` when the names are not ours."""
    kinds = tuple(name.rpartition(" (")[2].removesuffix(")") if name.endswith(")") else ""
                  for name in seats)
    if all(kind == "person" or kind in PLAYERS for kind in kinds):
        return kinds
    return ("person", "rules", "rules", "rules")
