"""``tarot replay LOG --swap-hidden SEAT``: the honesty check offered to a doubting player.

Each decision the seat made is asked again of a computer player from the seat's view in the
real deal and in a deal where the cards the seat could not see are moved
(:mod:`tarot.bots.honesty`); one line a decision, then a summary, and exit status 1 when a
decision differs.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import click

from tarot.bots import honesty
from tarot.bots.honesty import CHIEN, DecisionCheck, HonestyReport
from tarot.bots.registry import HINT_LEVEL, MEASURING_PLAYERS, PLAYERS
from tarot.engine.cards import CARD_BY_CODE, display
from tarot.engine.events import Action, LogHeader, Play, Poignee
from tarot.engine.rules import RuleSet
from tarot.explain.line_breaks import FRENCH_TYPOGRAPHY, wrap
from tarot.explain.verdicts import action_words, kind_words
from tarot.i18n import _, ngettext
from tarot.storage.match_file import is_match_file
from tarot.ui.commands.common import load_game, output_width, seat_at, seat_names
from tarot.ui.exit_status import ExitStatus

# The options of ``tarot replay`` that print or write the deal itself: none goes with the
# check (the check prints its own lines).
_REPLAY_OPTIONS = (("as_seat", "--as-seat"), ("to_seq", "--to"), ("step", "--step"),
                   ("html_path", "--html"), ("force", "--force"), ("review", "--review"))


def run(params: Mapping[str, object]) -> None:
    """``tarot replay`` with ``--swap-hidden`` (or with ``--level``/``--seed``, refused
    without it): ``params`` are the command's."""
    seat_word = params["swap_hidden"]
    if seat_word is None:
        raise click.UsageError(_("--level and --seed go with --swap-hidden SEAT"))
    given = [name for key, name in _REPLAY_OPTIONS if params.get(key) not in (None, False)]
    if given:
        raise click.UsageError(_("--swap-hidden prints its own check: leave out {options}")
                               .format(options=", ".join(given)))
    file = str(params["file"])
    if is_match_file(Path(file)):
        raise click.ClickException(_("{file} is a match's index, not a deal: check one of "
                                     "its deals").format(file=file))
    game = load_game(file, allow_incomplete=bool(params["allow_incomplete"]))
    players = game.rules.players
    seat = _seat(seat_word, players)
    level = params["level"]
    name = str(level) if level is not None else default_level(game.header, seat)
    seed = params["seed"] if isinstance(params["seed"], int) else 0
    report = honesty.check_seat(game, seat,
                                lambda: honesty.player_chooser(name, game.rules), seed)
    names = seat_names(players)
    _print(report, names, name, game.rules)
    if not report.all_same:
        click.get_current_context().exit(ExitStatus.FAILED)


def default_level(header: LogHeader, seat: int) -> str:
    """The computer player that sat at ``seat`` by the log's header, else the strong one (a
    person sat there, or the log does not say)."""
    who = header.players[seat] if header.players is not None else None
    if who is not None and (who in PLAYERS or who in MEASURING_PLAYERS):
        return who
    return HINT_LEVEL


def _seat(word: object, players: int) -> int:
    """The seat --swap-hidden names at this table (as --as-seat reads it): ``word`` is
    what SeatType made of the option, a seat's number or name."""
    assert isinstance(word, int | str)
    found = seat_at(word, players, "--swap-hidden")
    assert found is not None
    return found


def _print(report: HonestyReport, names: tuple[str, ...], level: str, rules: RuleSet) -> None:
    seat = names[report.seat]
    count = len(report.checks)
    _echo(ngettext(
        "{seat}'s {count} decision, asked of the {level} player (seed {seed}) from {seat}'s "
        "view in the real deal and in a deal where the cards {seat} could not see at that "
        "moment are moved:",
        "{seat}'s {count} decisions, each asked of the {level} player (seed {seed}) from "
        "{seat}'s view in the real deal and in a deal where the cards {seat} could not see at "
        "that moment are moved:", count).format(seat=seat, count=count, level=level,
                                                 seed=report.seed), "")
    if any(c.made != c.real for c in report.checks):
        _echo(_("Asked afresh, the player may choose otherwise than the log shows (another "
                "player sat there, or the same one drew other deals): what counts is that "
                "its choice is the same in both deals."), "")
    width = len(str(max((c.seq for c in report.checks), default=0)))
    for check in report.checks:
        head = f"  {check.seq:>{width}}  "
        _echo(head + decision_line(check, names, rules), " " * (len(head) + 2))
    if report.all_same:
        _echo(ngettext("{count} decision checked, all the same.",
                       "{count} decisions checked, all the same.", count).format(count=count),
              "")
        return
    differing = report.differing
    _echo(ngettext(
        "{differ} of {count} decisions differed (event {seqs}): the {level} player's decision "
        "depends on cards {seat} could not see. That is a bug.",
        "{differ} of {count} decisions differed (events {seqs}): the {level} player's "
        "decisions depend on cards {seat} could not see. That is a bug.",
        len(differing)).format(differ=len(differing), count=count, level=level, seat=seat,
                               seqs=", ".join(str(c.seq) for c in differing)), "")


def decision_line(check: DecisionCheck, names: tuple[str, ...], rules: RuleSet) -> str:
    """One decision checked: its kind, what moved, the decision in both deals, the verdict."""
    kind = (_("trick {trick}").format(trick=len(check.moved.game.view(check.moved.seat).tricks)
                                      + 1)
            if check.kind == "card" else kind_words(check.kind))
    real, other = (_decision(a, rules, check.kind) for a in (check.real, check.other))
    if check.same:
        verdict = _("the player: {real} in the real deal, {other} in the moved deal: same")
    elif not check.same_view:
        verdict = _("the player: {real} in the real deal, {other} in the moved deal: "
                    "DIFFERENT (the seat's views differ)")
    else:
        verdict = _("the player: {real} in the real deal, {other} in the moved deal: "
                    "DIFFERENT")
    said = verdict.format(real=real, other=other)
    if check.made != check.real:
        # Asked afresh, the player may choose otherwise than the log's seat did (another
        # player, or the same with other samples): said, so that the line is not misread.
        said = _("{verdict} (the log: {made})").format(
            verdict=said, made=_decision(check.made, rules, check.kind))
    return _("{kind}: {moved}; {verdict}").format(
        kind=kind, moved=moved_words(check, names), verdict=said)


def moved_words(check: DecisionCheck, names: tuple[str, ...]) -> str:
    """What moved, in a few words: how many hidden cards, between which places."""
    moved = check.moved
    if not moved.moves:
        return (_("no card was hidden from this seat") if moved.hidden == 0
                else _("no hidden card could move"))
    places = [_("the chien") if p == CHIEN else names[p] for p in moved.places]
    between = _("{places} and {last}").format(places=", ".join(places[:-1]), last=places[-1])
    return ngettext("{count} hidden card moved between {between}",
                    "{count} hidden cards moved between {between}", len(moved.moves)).format(
        count=len(moved.moves), between=between)


def _decision(action: Action, rules: RuleSet, kind: str) -> str:
    if isinstance(action, Play):
        card = display(CARD_BY_CODE[action.card])
        return _("none, then {card}").format(card=card) if kind == "poignee" else card
    if isinstance(action, Poignee):
        return _("{poignee} shown").format(poignee=action_words(action, rules))
    return action_words(action, rules)


def _echo(text: str, indent: str) -> None:
    for line in wrap(text, output_width(), FRENCH_TYPOGRAPHY, subsequent_indent=indent + "  ",
                     break_long_words=False, break_on_hyphens=False):
        click.echo(line)
