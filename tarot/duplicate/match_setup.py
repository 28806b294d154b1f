"""The match a ``tarot simulate`` run plays: its table (players and a rule set agreeing on
its size), its header, its results file held, started or resumed.

A resumed match is the file's: an option left out is taken from it, one given must agree
with it (each setting that differs is named). Every refusal is a :class:`TarotError`, one
line for the command to print (a :class:`ResultsError` where the results file is at fault).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from tarot._version import __version__
from tarot.bots.registry import MEASURING_PLAYERS, PLAYERS
from tarot.duplicate.results_file import (
    ResultsError,
    ResultsHeader,
    differences,
    header_line,
    start_results,
)
from tarot.engine.rule_files import load_rules, names_a_file
from tarot.engine.rules import RulesError, RuleSet
from tarot.errors import TarotError
from tarot.files.atomic import refuse_unless_regular_or_new
from tarot.i18n import _
from tarot.said import os_error_said
from tarot.storage.locks import hold_save

# The rule set of each table size when --rules is not given, as `tarot play --players`
# picks it: the size is told by --players (a number, or as many names).
RULES_FOR_SEATS = {3: "standard-3", 4: "standard", 5: "standard-5"}


def lineup(seats: int) -> tuple[str, ...]:
    """The players when --players gives only the table size: rules against random ones."""
    return ("rules",) + ("random",) * (seats - 1)


def players_problem(names: Sequence[str], seats: int | None = None) -> str | None:
    """Why these are not computer players for the table (``seats`` of them; None: any size
    the game is played at), or None if they are."""
    everyone = [*PLAYERS, *MEASURING_PLAYERS]  # the yardstick too: simulate measures
    unknown = list(dict.fromkeys(name for name in names if name not in everyone))
    if unknown:
        return _("no computer player is called {names}; the players are: {players}").format(
            names=", ".join(repr(n) for n in unknown), players=", ".join(everyone))
    if seats is not None and len(names) != seats:
        return _("give {seats} players, one per seat, separated by commas (got {count}); "
                 "e.g. {example}").format(seats=seats, count=len(names),
                                          example=",".join(lineup(seats)))
    if len(names) not in RULES_FOR_SEATS:
        return _("give 3, 4 or 5 players, one per seat, separated by commas (got {count}); "
                 "e.g. rules,random,random,random").format(count=len(names))
    return None


class ChosenRules(NamedTuple):
    argument: str  # a rule set's name, or its file's absolute path: loadable on resume
    rules: RuleSet


def choose_rules(value: str) -> ChosenRules:
    """RulesError if ``value`` names no rule set."""
    rules = load_rules(value)
    return ChosenRules(str(Path(value).resolve()) if names_a_file(value) else value, rules)


def match_header(names: Sequence[str], seed: int, deals: int, chosen: ChosenRules
                 ) -> ResultsHeader:
    """The header of a match played by this version of the program."""
    return ResultsHeader(program=__version__, players=tuple(names),
                         seed=seed, deals=deals, rules=chosen.argument,
                         rules_id=chosen.rules.id, rules_hash=chosen.rules.content_hash)


def resumed_match(path: Path, recorded: ResultsHeader, names: tuple[str, ...] | None,
                  seed: int | None, deals: int | None, chosen: ChosenRules | None
                  ) -> tuple[ResultsHeader, RuleSet]:
    """The match of the file at ``path`` (its header ``recorded``) and its rule set, each
    option left out (None) taken from the file; refused, each setting named, if an option
    given differs from it."""
    if chosen is None:
        try:
            chosen = choose_rules(recorded.rules)
        except RulesError as error:
            raise ResultsError(_("{path}: the match's rules cannot be loaded ({error}); give "
                                 "them with --rules").format(path=path, error=error)
                               ) from None
    if names is None:
        names = recorded.players
        problem = players_problem(names, chosen.rules.players)
        if problem is not None:
            raise ResultsError(f"{path}:1: {problem}")
    wanted = match_header(names, recorded.seed if seed is None else seed,
                          recorded.deals if deals is None else deals, chosen)
    said = differences(recorded, wanted)
    if said:
        raise ResultsError(
            _("{path} holds another match: this run would change {changes}. Resume with the "
              "file's settings (leave those options out), or start a new file with --out")
            .format(path=path, changes="; ".join(said)))
    return wanted, chosen.rules


def hold_results(stack: contextlib.ExitStack, path: Path) -> None:
    """The results file's lock, held until ``stack`` closes: one run at a time writes it
    (SaveInUse when another holds it)."""
    try:
        stack.enter_context(hold_save(path, writer="tarot simulate"))
    except OSError as error:
        raise ResultsError(_("{path}: cannot lock the results file: {error}").format(
            path=path, error=os_error_said(error).shown)) from None


def start_results_file(path: Path, match: ResultsHeader) -> int:
    """A new results file holding the header; the bytes it holds."""
    try:
        start_results(path, match)
    except FileExistsError:
        raise results_file_exists(path) from None
    return len(header_line(match).encode()) + 1


def results_file_exists(path: Path) -> TarotError:
    """Why a new results file cannot be ``path``: a file is there (or something that is
    not a regular file)."""
    try:
        refuse_unless_regular_or_new(path)
    except TarotError as error:
        return error
    return ResultsError(_("{path} exists: --resume {path} finishes its match; --out makes a "
                          "new file").format(path=path))
