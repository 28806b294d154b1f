"""Named deals (``seeds/*.toml``): a seed or explicit hands, the reason the deal exists,
the decisions some seats must take, and what its golden replay must show.

A named deal file::

    name = "garde-contre"
    reason = "The chien stays hidden and counts for the defence (R7)."
    rules = "standard"             # the rule set, and so the table's size (standard-5: five)
    seed = 12                      # or explicit hands:
    dealer = 3                     # by default the last seat
    hands = ["KS KH …", "…", "…", "…"]   # one a seat, by seat, 18 codes each at four
    chien = "…"
    script = ["P0 bid garde_contre", "P1 bid pass", …]   # optional
    [expect]                       # what the golden replay must show
    contract = "garde_contre"

A script entry is ``P<seat> <kind> <argument>``; kinds are ``bid`` (a contract
id or ``pass``), ``call`` (at five players, the card called), ``discard`` (the
codes put aside), ``chelem`` (``yes``/``no``), ``poignee`` (the codes shown) and
``play`` (a code). Entries are used in order, each when its seat is to act and the
decision is of its kind; every other decision is left to the computer players.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tarot.engine.cards import CODES, EXCUSE
from tarot.engine.events import (
    DERIVED_TYPES,
    Action,
    Discard,
    Event,
    NamedDealRecord,
    Poignee,
    Redeal,
    TrickTaken,
    Undo,
)
from tarot.engine.game import Game
from tarot.engine.legal import canonical
from tarot.engine.notation import NotationError, parse_script_entry
from tarot.engine.phase_table import check, phase_spec
from tarot.engine.rule_files import load_packaged_rules, load_rules, names_a_file
from tarot.engine.rules import RuleSet
from tarot.engine.walk import walk
from tarot.errors import IllegalAction, TarotError
from tarot.files.reading import ReadError, read_regular_text
from tarot.files.resources import data_dir
from tarot.i18n import N_, _, pgettext
from tarot.said import shown

SEEDS_DIR = data_dir("named_deals")
# Far above any named deal (the packaged ones are under 2 KB), low enough that a file of
# junk is refused before it fills the memory.
NAMED_DEAL_LIMIT = 1 << 20


class SeedError(TarotError, ValueError):
    """A named deal file that cannot be read or used."""

    code = "bad_named_deal"


class Expectations(BaseModel):
    """What the golden replay of a named deal must show."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    redeal: Literal["all_passed", "petit_sec"] | None = None
    contract: str | None = None
    poignee_levels: tuple[str, ...] | None = None
    poignee_with_excuse: bool | None = None
    poignee_with_discarded_trump: bool | None = None
    chelem: tuple[str, ...] | None = None
    petit_au_bout: Literal["taker", "defence"] | None = None
    excuse_in_last_trick: bool | None = None
    excuse_led_to_last_trick: bool | None = None
    # Who played the Excuse: "taker", "partner" (five players) or "defender".
    excuse_played_by: Literal["taker", "partner", "defender"] | None = None
    # Five players (RULES-3-5 V5-2 to V5-5): the card called, and where it was: another
    # seat's hand ("partner"), the taker's ("self") or the chien ("in_chien").
    called: str | None = None
    call_case: Literal["partner", "self", "in_chien"] | None = None
    # Who played the called card ("none": it lay in a chien that was never played).
    called_card_played_by: Literal["taker", "partner", "defender", "none"] | None = None
    # The attack's card points hold a half point (V3-13, V5-15).
    half_point: bool | None = None


class NamedDeal(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z0-9-]+$")
    reason: str
    # The rule set the deal is played under (one that comes with the program), and so the
    # table's size: "standard-3" and "standard-5" for three and five players.
    rules: str = "standard"
    seed: int = 0
    dealer: int | None = Field(default=None, ge=0, le=4)  # None: the last seat
    hands: tuple[str, ...] | None = None
    chien: str | None = None
    script: tuple[str, ...] = ()
    # Who makes the decisions the script leaves open in the golden replay: the
    # strongest computer player, or the random one where the situation needs a
    # move no sensible player makes (keeping the Excuse to the last trick, say).
    players: Literal["computer", "random"] = "computer"
    expect: Expectations = Expectations()

    @model_validator(mode="after")
    def _fits_its_table(self) -> NamedDeal:
        """The rule set is one that comes with the program; the dealer and the hands fit
        its table."""
        try:
            seats = load_packaged_rules(self.rules).players
        except TarotError as error:
            raise ValueError(str(error)) from None
        if self.dealer is not None and self.dealer >= seats:
            raise ValueError(f"dealer {self.dealer}: the table has seats 0 to {seats - 1}")
        if self.hands is not None and len(self.hands) != seats:
            raise ValueError(f"{len(self.hands)} hands for a table of {seats} ({self.rules})")
        return self

    @property
    def table_size(self) -> int:
        """The number of seats: its rule set's."""
        return load_packaged_rules(self.rules).players

    def start(self, rules: RuleSet | str | None = None, seats: Sequence[str] | None = None,
              *, players: Sequence[str] | None = None, recorded: bool = False) -> Game:
        """The deal's game, under its own rule set unless ``rules`` is given (for a table
        of the same size); ``recorded``: its name and script go in the log's header (for a
        game that may be resumed), ``players`` too."""
        named = NamedDealRecord(name=self.name, script=self.script) if recorded else None
        ruleset = load_packaged_rules(self.rules) if rules is None else (
            load_rules(rules) if isinstance(rules, str) else rules)
        if ruleset.players != self.table_size:
            raise SeedError(_("{name}: a deal for {deal} players, and the rules {rules} are for "
                              "{players}").format(name=self.name, deal=self.table_size,
                                                  rules=ruleset.id, players=ruleset.players))
        if self.hands is not None:
            if self.chien is None:
                raise SeedError(_("{name}: explicit hands need a chien").format(name=self.name))
            return Game.from_deal(list(self.hands), self.chien, dealer=self.dealer,
                                  seed=self.seed, rules=ruleset, seats=seats, players=players,
                                  named_deal=named)
        return Game.new(seed=self.seed, rules=ruleset, dealer=self.dealer, seats=seats,
                        players=players, named_deal=named)


def resolve_seed_path(name_or_path: str | Path) -> Path:
    """A named deal's file from its name (``slam-made``) or a path to a TOML file: a path
    only when the argument is one (:func:`tarot.engine.rule_files.names_a_file`), never because the
    current folder holds a file of that name."""
    if names_a_file(name_or_path):
        return Path(name_or_path)
    return SEEDS_DIR / f"{name_or_path}.toml"


def load_named_deal(name_or_path: str | Path) -> NamedDeal:
    if not names_a_file(name_or_path) and str(name_or_path) not in named_deals():
        known = ", ".join(named_deals()) or pgettext("named deals", "none")
        name = str(name_or_path)
        printed = name if name.isprintable() else repr(name)
        raise SeedError(_("{name}: no such named deal (known: {known}; or give a named deal "
                          "file's path, such as ./my-deal.toml)").format(name=printed,
                                                                         known=known))
    path = resolve_seed_path(name_or_path)
    if "\0" in str(path):
        raise SeedError(_("{path!r}: not a path (it holds a NUL character)")
                        .format(path=str(path)))
    try:
        text = read_regular_text(path, limit=NAMED_DEAL_LIMIT, what=N_("a named deal file"))
    except ReadError as error:
        cause = shown(error.cause(N_("the named deal")))
        raise SeedError(f"{path}: {cause}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SeedError(_("{source}: not valid TOML: {error}").format(source=path,
                                                                      error=error)) from None
    try:
        return NamedDeal.model_validate(data)
    except ValidationError as error:
        details = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}"
                            for e in error.errors())
        raise SeedError(f"{path}: {details}") from None


def named_deals() -> list[str]:
    return sorted(p.stem for p in SEEDS_DIR.glob("*.toml"))


# -- scripts -----------------------------------------------------------------


class Script:
    """The scripted decisions of a named deal, handed out in order.

    ``person``: the seat a person plays, whose entries are left out (the person
    always decides for himself).
    """

    def __init__(self, entries: tuple[str, ...], *, person: int | None = None) -> None:
        try:
            actions = [parse_script_entry(entry) for entry in entries]
        except NotationError as error:
            raise SeedError(str(error)) from None
        self.pending = [a for a in actions if a.seat != person]
        self.abandoned = False

    def next_for(self, game: Game) -> Action | None:
        """The next entry, if it is the seat to act's and of the decision awaited."""
        if not self.pending:
            return None
        action = self.pending[0]
        if action.seat != game.turn or not phase_spec(game.phase).takes_action(action):
            return None
        return self.pending.pop(0)

    def take(self, game: Game) -> Action | None:
        """Like :meth:`next_for`, but an entry that is due and illegal (the person's own
        choices made the script moot: a higher bid, say) abandons the script: the
        computer players decide from there on."""
        if not self.pending:
            return None
        action = self.pending[0]
        if action.seat != game.turn or not phase_spec(game.phase).takes_action(action):
            return None
        try:
            check(game.state, canonical(action))
        except IllegalAction:
            self.pending = []
            self.abandoned = True
            return None
        return self.pending.pop(0)

    def abandon(self) -> None:
        """Leave the script: the computer players decide from here on (a practice game's
        take-back: the deal is no longer the script's)."""
        self.pending = []
        self.abandoned = True

    def catch_up(self, game: Game) -> None:
        """Advance past the decisions ``game`` has already made (a resumed game), as
        :meth:`take` was called before each of them when they were made, and
        :meth:`abandon` at a take-back."""
        def take_before(seq: int, event: Event, replay: Game) -> None:
            if isinstance(event, Undo):
                self.abandon()
            elif replay.turn is not None and not isinstance(event, DERIVED_TYPES):
                self.take(replay)

        walk(game, before=take_before).finish()


# -- expectations ------------------------------------------------------------


def unmet_expectations(game: Game, expect: Expectations) -> list[str]:
    """What the finished game fails to show of ``expect`` (empty when all is shown)."""
    problems: list[str] = []
    settlement = game.settlement
    events = game.events
    tricks = [e for e in events if isinstance(e, TrickTaken)]
    if expect.redeal is not None:
        reasons = [e.reason for e in events if isinstance(e, Redeal)]
        if expect.redeal not in reasons:
            problems.append(f"no redeal for {expect.redeal} (redeals: {reasons})")
    if settlement is None:
        return [*problems, "the deal is not settled"]
    if expect.contract is not None and settlement.contract != expect.contract:
        problems.append(f"contract {settlement.contract}, expected {expect.contract}")
    shown = [e for e in events if isinstance(e, Poignee)]
    if expect.poignee_levels is not None:
        levels = tuple(p.level for p in settlement.poignees)
        if sorted(levels) != sorted(expect.poignee_levels):
            problems.append(f"poignées {levels}, expected {expect.poignee_levels}")
    if expect.poignee_with_excuse is not None and \
            any("EXC" in p.cards for p in shown) != expect.poignee_with_excuse:
        problems.append("no poignée shows the Excuse" if expect.poignee_with_excuse
                        else "a poignée shows the Excuse")
    if expect.poignee_with_discarded_trump is not None:
        discards = {c for e in events if isinstance(e, Discard) for c in e.cards}
        uses = any(discards & set(p.cards) for p in shown)
        if uses != expect.poignee_with_discarded_trump:
            problems.append("no poignée uses a discarded trump" if not uses
                            else "a poignée uses a discarded trump")
    if expect.chelem is not None:
        kinds = tuple(c.kind for c in settlement.chelem)
        if kinds != expect.chelem:
            problems.append(f"chelem {kinds}, expected {expect.chelem}")
    if expect.petit_au_bout is not None and settlement.petit_au_bout != expect.petit_au_bout:
        problems.append(f"petit au bout {settlement.petit_au_bout}, "
                        f"expected {expect.petit_au_bout}")
    last: tuple[str, ...] = tricks[-1].cards if tricks else ()
    excuse = CODES[EXCUSE]
    if expect.excuse_in_last_trick is not None and (excuse in last) != expect.excuse_in_last_trick:
        problems.append(f"the last trick is {last}")
    if expect.excuse_led_to_last_trick is not None and \
            (bool(last) and last[0] == excuse) != expect.excuse_led_to_last_trick:
        problems.append(f"the last trick is {last}")
    state = game.state
    if expect.excuse_played_by is not None:
        who = _played_by(game, excuse)
        if who != expect.excuse_played_by:
            problems.append(f"the Excuse played by {who}, expected {expect.excuse_played_by}")
    called = CODES[state.called] if state.called >= 0 else None
    if expect.called is not None and called != expect.called:
        problems.append(f"called {called}, expected {expect.called}")
    if expect.call_case is not None and state.call_case != expect.call_case:
        problems.append(f"call case {state.call_case}, expected {expect.call_case}")
    if expect.called_card_played_by is not None:
        who = _played_by(game, called) if called is not None else "none"
        if who != expect.called_card_played_by:
            problems.append(f"the called card played by {who}, "
                            f"expected {expect.called_card_played_by}")
    if expect.half_point is not None and \
            bool(settlement.taker_half_points % 2) != expect.half_point:
        problems.append(f"the attack's half-points {settlement.taker_half_points}: "
                        + ("no half point" if expect.half_point else "a half point"))
    return problems


def _played_by(game: Game, card: str) -> str:
    """Who played ``card`` in the game's last deal: "taker", "partner", "defender", or
    "none" when it was not played."""
    state = game.state
    for trick in state.tricks:
        for index, played in enumerate(trick.cards):
            if CODES[played] == card:
                seat = trick.seat_of(index)
                if seat == state.taker:
                    return "taker"
                return "partner" if seat == state.partner else "defender"
    return "none"

