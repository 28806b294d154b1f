"""The API of one deal: start it, ask what is legal, play checked actions, read views.

>>> game = Game.new(seed=7)
>>> seat = game.turn
>>> events = game.play(game.legal_actions()[0])   # a pass, or a bid

``play`` checks the action (an :class:`~tarot.errors.IllegalAction` with a code
leaves the game as it was), applies it, then applies the derived events the
rules call for, and returns them all. A redeal deals the next hand from the
seed at once.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from tarot.engine import phases
from tarot.engine.cards import (
    CODES,
    card_list,
    cards_in,
    codes,
    codes_of_mask,
    parse_cards,
    sort_key,
)
from tarot.engine.deal import SHUFFLE_ALGORITHM, DealtCards, SeededShuffles
from tarot.engine.events import (
    DERIVED_TYPES,
    Action,
    Deal,
    Event,
    LogHeader,
    NamedDealRecord,
    Play,
    Settlement,
    Undo,
    differences,
)
from tarot.engine.evolve import APPLY, apply, check_deal, play_card, reveal_pending, trick_taken_due
from tarot.engine.legal import (
    canonical,
    discard_options,
    legal_card_played,
    legal_cards,
    poignee_options,
    poignee_window_open,
)
from tarot.engine.notation import NotationError, parse_action
from tarot.engine.phase_table import check, legal_actions, next_derived
from tarot.engine.rule_files import carried_rules, load_rules
from tarot.engine.rules import PoigneeLevel, RuleSet
from tarot.engine.state import NO_SEAT, DealState
from tarot.engine.take_backs import InForce, in_force, taken_back_at
from tarot.engine.views import PlayerView, view_for
from tarot.errors import IllegalAction
from tarot.i18n import N_

DEFAULT_SEATS = ("P0", "P1", "P2", "P3")


@cache  # made once a table size: every game's header names them
def default_seats(players: int) -> tuple[str, ...]:
    """The seats' names at a table of ``players``: P0, P1, …"""
    return tuple(f"P{seat}" for seat in range(players))


def _rules(rules: RuleSet | str) -> RuleSet:
    return rules if isinstance(rules, RuleSet) else load_rules(rules)


def deal_event(dealt: DealtCards, deal_number: int) -> Deal:
    return Deal(
        deal_number=deal_number,
        dealer=dealt.dealer,
        hands=tuple(codes(h) for h in dealt.hands),  # type: ignore[arg-type]
        chien=codes(dealt.chien),
    )


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """Every legal discard: ``size`` cards from ``ordinary`` (suit cards other than kings)
    and, when there are too few of those, exactly ``trumps_required`` from ``trumps``
    (trumps other than the Petit and the 21); card codes, lowest first."""

    size: int
    ordinary: tuple[str, ...]
    trumps: tuple[str, ...]
    trumps_required: int


@dataclass(frozen=True, slots=True)
class PoigneeChoice:
    """One poignée level a seat may show now: ``level.trumps`` cards chosen from
    ``cards``; ``shown`` is the one to offer (the lowest trumps, or every trump and the
    Excuse when the Excuse fills the last card)."""

    level: PoigneeLevel
    cards: tuple[str, ...]
    shown: tuple[str, ...]


class Game:
    """One deal of French Tarot (with its redeals), as a state and the log of its events."""

    __slots__ = ("_dealt", "_in_force", "_shuffles", "events", "header", "rules", "state")

    def __init__(self, header: LogHeader, rules: RuleSet) -> None:
        if header.rules_hash != rules.content_hash:
            raise ValueError("the header's rules hash is not the rule set's")
        if header.size != rules.players:
            raise ValueError(f"the header's table of {header.size} is not the rule set's "
                             f"{rules.players} players")
        self.header = header
        self.rules = rules
        self.state = DealState(rules=rules, dealer=header.first_dealer)
        self.events: list[Event] = []
        self._shuffles: SeededShuffles | None = None  # made at the first seeded deal
        # What a take-back needs, kept as the deal goes so that it costs the deal's length,
        # not the log's (a practice log may hold thousands of undos): the events in force
        # and the seq of the last deal event (a take-back replays from it, on a new state).
        self._in_force = InForce()
        self._dealt: int | None = None

    # -- starting --------------------------------------------------------------

    @classmethod
    def new(cls, seed: int, *, rules: RuleSet | str = "standard", dealer: int | None = None,
            seats: Sequence[str] | None = None, players: Sequence[str] | None = None,
            named_deal: NamedDealRecord | None = None) -> Game:
        """A game whose deals all come from ``seed`` (a non-negative int), at the table size
        of its rule set (``rules="standard-5"``: five players).

        ``dealer`` is the last seat unless given (P3 at four players); ``players`` and
        ``named_deal`` are recorded in the header (see LogHeader).
        """
        ruleset = _rules(rules)
        dealer = ruleset.players - 1 if dealer is None else dealer
        seats = default_seats(ruleset.players) if seats is None else seats
        game = cls(_header(ruleset, seed, "shuffled", dealer, seats, players, named_deal),
                   ruleset)
        game._advance()
        return game

    @classmethod
    def from_deal(cls, hands: Sequence[Iterable[str] | str], chien: Iterable[str] | str, *,
                  dealer: int | None = None, seed: int = 0, rules: RuleSet | str = "standard",
                  seats: Sequence[str] | None = None, players: Sequence[str] | None = None,
                  named_deal: NamedDealRecord | None = None) -> Game:
        """A game from the hands (by seat: four, or as many as the rule set's ``players``)
        and a chien, as card codes; the dealer is the last seat unless given.

        Should this deal be void, the redeals come from ``seed``.
        """
        ruleset = _rules(rules)
        dealer = ruleset.players - 1 if dealer is None else dealer
        seats = default_seats(ruleset.players) if seats is None else seats
        game = cls(_header(ruleset, seed, "explicit", dealer, seats, players, named_deal),
                   ruleset)
        cards = [sorted(parse_cards(h), key=sort_key) for h in hands]
        if len(cards) != ruleset.players:
            raise IllegalAction("invalid_deal", N_("a deal has {seats} hands, not {count}"),
                                fields={"seats": ruleset.players, "count": len(cards)})
        deal = Deal(deal_number=0, dealer=dealer,
                    hands=tuple(codes(h) for h in cards),  # type: ignore[arg-type]
                    chien=codes(sorted(parse_cards(chien), key=sort_key)))
        game.record(deal)
        game._advance()
        return game

    # -- asking ----------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def turn(self) -> int | None:
        """The seat to act, or None when no decision is awaited (the deal is over)."""
        return None if self.state.turn == NO_SEAT else self.state.turn

    @property
    def is_over(self) -> bool:
        return self.state.phase == phases.DONE

    @property
    def settlement(self) -> Settlement | None:
        return self.state.settlement

    @property
    def deal_number(self) -> int:
        """0 for the first deal, 1 after a redeal, and so on."""
        return self.state.deal_number

    @property
    def taker(self) -> int | None:
        """The seat that won the auction, or None before (or without) a contract."""
        return None if self.state.taker == NO_SEAT else self.state.taker

    @property
    def called(self) -> str | None:
        """The card the taker called (five players), or None."""
        return CODES[self.state.called] if self.state.called >= 0 else None

    @property
    def partner(self) -> int | None:
        """The holder of the called card (the whole truth, as :meth:`hand`: a seat's view
        knows it only when V5-17 allows), or None: no call, or the taker alone."""
        return None if self.state.partner == NO_SEAT else self.state.partner

    @property
    def chien(self) -> tuple[str, ...]:
        """The chien as dealt (the whole truth, as :meth:`hand`)."""
        return codes_of_mask(self.state.chien)

    @property
    def discard(self) -> tuple[str, ...] | None:
        """The taker's discard, or None when the taker did not take the chien (Garde sans,
        Garde contre, or before the discard)."""
        made = self.state.chien_taken and self.state.phase != phases.CHIEN
        return codes_of_mask(self.state.discard) if made else None

    def __repr__(self) -> str:
        turn = "" if self.turn is None else f" turn=P{self.turn}"
        return (f"<Game seed={self.header.seed} deal {self.state.deal_number + 1} "
                f"phase={self.state.phase}{turn} events={len(self.events)}>")

    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to act (see ``phase_table.legal_actions`` for the discard)."""
        return legal_actions(self.state)

    def legal_cards(self) -> list[str]:
        """The codes of the cards the seat to play may play now (empty outside the tricks)."""
        if self.state.phase != phases.TRICKS or self.state.turn == NO_SEAT:
            return []
        return [CODES[c] for c in cards_in(legal_cards(self.state))]

    def parse(self, text: str) -> Action:
        """The action ``text`` names for the seat to act (``"garde"``, ``"KH"``,
        ``"discard 5S 8S 4D 1C 2C 4C"``) or for the seat it names (``"P1 bid garde"``):
        :mod:`tarot.engine.notation`. Raises NotationError when it names none; the rules
        are not asked (see :meth:`is_legal`)."""
        return parse_action(text, self)

    def check(self, action: Action | str) -> Action:
        """The action (parsed, if text) if the rules accept it now; else the IllegalAction
        (or NotationError) :meth:`play` would raise. Nothing changes."""
        if isinstance(action, str):
            action = self.parse(action)
        check(self.state, canonical(action))
        return action

    def is_legal(self, action: Action | str) -> bool:
        """Whether :meth:`play` would accept ``action`` now (text that names no action is
        not legal)."""
        try:
            self.check(action)
        except (IllegalAction, NotationError):
            return False
        return True

    def discard_options(self) -> DiscardChoice:
        """Every legal discard of the taker's, now (``legal_actions`` offers one of them)."""
        if self.state.phase != phases.CHIEN:
            raise IllegalAction("wrong_phase", N_("there is no discard to make now ({phase})"),
                                fields={"phase": self.state.phase})
        options = discard_options(self.state)
        return DiscardChoice(options.size, codes_of_mask(options.ordinary),
                             codes_of_mask(options.trumps), options.trumps_required)

    def poignee_options(self, seat: int | None = None) -> list[PoigneeChoice]:
        """Each poignée level ``seat`` (the seat to act by default) holds the trumps for;
        empty when it holds too few. Whether it may show one now is
        :meth:`poignee_window_open`."""
        if seat is None:
            seat = self.turn
        if seat is None:
            return []
        return [PoigneeChoice(level, codes_of_mask(pool), codes_of_mask(shown))
                for level, pool, shown in poignee_options(self.state, seat)]

    def poignee_window_open(self, seat: int) -> bool:
        """Whether ``seat`` may show a poignée now: just before its own first card, once
        (A12)."""
        return poignee_window_open(self.state, seat)

    def hand(self, seat: int) -> list[str]:
        """A seat's hand, in display order (the whole truth: for tests and the log, not bots)."""
        return list(codes(sorted(card_list(self.state.hands[seat]), key=sort_key)))

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know (rule book A30); a computer player's only window on the game."""
        return view_for(self.state, seat)

    # -- playing ---------------------------------------------------------------

    def play(self, action: Action | str) -> list[Event]:
        """Check and apply a decision, then every derived event it leads to; return them all.

        Text is read by :meth:`parse` first (``game.play("garde")``)."""
        if isinstance(action, str):
            action = self.parse(action)
        state = self.state
        card = legal_card_played(state, action)
        if card >= 0:  # the inner loop of every deal: the effect below, without dispatch
            play_card(state, state.turn, card)
            events = self.events
            events.append(action)
            if card == state.called:  # five players: the partner revealed (V5-4), and more
                start = len(events) - 1
                self.apply_pending_derived()
                return events[start:]
            if len(state.trick) < state.rules.players:
                return [action]
            taken = trick_taken_due(state)  # the trick, taken: no dispatch on the phase
            assert taken is not None
            self._record(taken)
            if state.phase == phases.TRICKS:
                return [action, taken]
            start = len(events) - 2
            self._advance()  # the last trick: the settlement follows
            return events[start:]
        action = canonical(action)
        check(state, action)
        events = self.events
        start = len(events)
        APPLY[type(action)](state, action)
        events.append(action)
        self._advance()
        return events[start:]

    def record(self, event: Event) -> list[Event]:
        """Apply one logged event, checked; return it and any derived events applied before it.

        For replaying a log: decisions are checked like :meth:`play`; deals are
        checked against the rules (and the seed, by ``tarot.log``); a derived
        event must be exactly the one the rules call for. Derived events a log
        leaves out are applied first, so a log of decisions alone rebuilds the deal.
        """
        state = self.state
        card = legal_card_played(state, event)
        if card >= 0 and (state.called < 0 or not reveal_pending(state)):
            # as in play(); the trick is not complete: nothing is due (but the partner's
            # reveal, right after the called card: a log of decisions alone leaves it out)
            play_card(state, state.turn, card)
            self.events.append(event)
            return [event]
        start = len(self.events)
        if isinstance(event, Undo):  # a practice game's take-back (undo)
            self.apply_pending_derived()  # as before a decision: the log's order
            self.undo(event.to)
            return self.events[start:]
        expected = next_derived(self.state)
        if type(event) in DERIVED_TYPES:
            if expected is None:
                raise IllegalAction("unexpected_derived",
                                    N_("no {event} event is due here ({phase})"),
                                    fields={"event": event.type, "phase": self.state.phase})
            if event != expected:
                logged = event  # the differences are said in the language they are read in
                raise IllegalAction("derived_mismatch", lambda: "; ".join(
                    differences(expected, logged, logged.type)))
            self._record(event)
            return self.events[start:]
        if expected is not None:
            self.apply_pending_derived()
        if isinstance(event, Deal):
            check_deal(self.state, event)
        else:
            check(self.state, event)  # type: ignore[arg-type]
        self._record(event)
        return self.events[start:]

    def record_due(self, event: Event) -> None:
        """Apply the event the rules call for now: the one
        :func:`tarot.engine.phase_table.next_derived` gives, or the deal :meth:`seeded_deal`
        gives when one is due (nothing to check: the engine made it)."""
        self._record(event)

    def start_match(self, deals: int) -> None:
        """Mark this game as deal 1 of a match of ``deals`` deals, in its header: before its
        log is written (a header is written once)."""
        self.header = dataclasses.replace(self.header, match_deals=deals)

    def clone(self) -> Game:
        copy = Game.__new__(Game)
        copy.header = self.header
        copy.rules = self.rules
        copy.state = self.state.clone()
        copy.events = self.events.copy()
        copy._in_force = InForce()
        copy._dealt = self._dealt
        # Shared: it gives deal k whoever asks, at worst starting its stream again.
        copy._shuffles = self._shuffles
        return copy

    # -- practice: a decision taken back -----------------------------------------

    def standing_events(self) -> list[Event]:
        """The events still in force, in order: every event but a practice game's undos and
        what they took back (:func:`in_force`). What a table tells of the deal so far."""
        return [self.events[seq] for seq in self._in_force.of(self.events)]

    def person_seats(self) -> frozenset[int]:
        """The seats the header gives a person (``players``); none when it names no players."""
        return frozenset(seat for seat, name in enumerate(self.header.players or ())
                         if name == "person")

    def undo_target(self) -> int | None:
        """The seq :meth:`undo` takes back by default: the last decision of a person's seat
        still in force in the current deal; None when there is none (or the deal is over)."""
        if self.is_over:
            return None
        people = self.person_seats()
        for seq in reversed(self._in_force.of(self.events)):
            event = self.events[seq]
            if isinstance(event, Deal):
                return None  # an undo never goes back past the deal in progress
            if getattr(event, "seat", None) in people and type(event) not in DERIVED_TYPES:
                return seq
        return None

    def undo(self, to: int | None = None) -> list[Event]:
        """Take back a person's decision (a practice game): the one at seq ``to``, by
        default the last (:meth:`undo_target`). The state returns to just before it and an
        :class:`~tarot.engine.events.Undo` is appended to the events; return it.

        Refused with ``undo_not_practice`` when the header is not a practice game's, and
        ``bad_undo`` when ``to`` is not a decision of a person's seat in force in the
        current deal (or the deal is over)."""
        if self.header.practice is not True:
            raise IllegalAction("undo_not_practice",
                                N_("an undo in a game that is not a practice game (its "
                                   "header has no practice: true)"))
        if to is None:
            to = self.undo_target()
            if to is None:
                raise IllegalAction("bad_undo", N_("nothing to take back in this deal"))
        kept = self._in_force.of(self.events)
        # The deal in progress: the events in force after its deal event (none before one).
        deal_at = next((at for at in range(len(kept) - 1, -1, -1)
                        if isinstance(self.events[kept[at]], Deal)), None)
        current = kept[deal_at + 1:] if deal_at is not None else []
        if to not in current:
            raise IllegalAction("bad_undo", N_("event #{to} is not a decision in force in "
                                               "the deal in progress"), fields={"to": to})
        event = self.events[to]
        seat = getattr(event, "seat", None)
        if type(event) in DERIVED_TYPES or seat not in self.person_seats():
            raise IllegalAction("bad_undo", N_("event #{to} is not a decision of a person's "
                                               "seat"), fields={"to": to})
        if self.is_over:
            raise IllegalAction("bad_undo", N_("the deal is over: nothing is taken back "
                                               "after the settlement"))
        assert deal_at is not None  # ``to`` is in the deal in progress
        replayed = kept[:bisect.bisect_left(kept, to)]
        state = DealState(rules=self.rules, dealer=self.header.first_dealer)
        if self._dealt == kept[deal_at]:  # from the deal on (it sets every field of the state)
            replayed = replayed[deal_at:]
        for seq in replayed:
            apply(state, self.events[seq])
        self.state = state
        undo = Undo(to=to)
        self.events.append(undo)
        return [undo]

    def seeded_deal(self, deal_number: int, dealer: int) -> Deal:
        """The deal event the header's seed gives for this deal number and dealer."""
        if self._shuffles is None:
            self._shuffles = SeededShuffles(self.header.seed)
        dealt = self._shuffles.deal(deal_number, dealer, self.rules.deal.hand_size,
                                    self.rules.players)
        return deal_event(dealt, deal_number)

    # -- internals -------------------------------------------------------------

    def _record(self, event: Event) -> None:
        APPLY[type(event)](self.state, event)
        self.events.append(event)
        if type(event) is Deal:
            self._dealt = len(self.events) - 1

    def apply_pending_derived(self) -> list[Event]:
        """Apply the derived events the rules call for now (the end of a decisions-only log)."""
        start = len(self.events)
        derived = next_derived(self.state)
        while derived is not None:
            self._record(derived)
            derived = next_derived(self.state)
        return self.events[start:]

    def can_deal_from_seed(self) -> bool:
        """Whether the deal due now (if any) comes from the seed: every deal but an explicit
        first deal."""
        return self.header.first_deal == "shuffled" or self.state.deal_number > 0

    def advance(self) -> list[Event]:
        """Apply the derived events due and deal again after a redeal, until a decision is
        awaited (a log that stops after a redeal, say); return the events applied."""
        start = len(self.events)
        if self.state.phase != phases.DEAL or self.can_deal_from_seed():
            self._advance()
        else:
            self.apply_pending_derived()
        return self.events[start:]

    def _advance(self) -> None:
        """Apply derived events, dealing again from the seed after a redeal, until a decision."""
        state = self.state
        if (state.phase == phases.TRICKS and len(state.trick) < state.rules.players
                and not reveal_pending(state)):
            # The common case, a card played mid-trick: nothing follows (the tricks'
            # spec in phase_table gives no derived event before a trick's last card, but
            # the partner's reveal right after the called card).
            return
        while True:
            derived = next_derived(state)
            if derived is not None:
                self._record(derived)
            elif state.phase == phases.DEAL:
                self._record(self.seeded_deal(state.deal_number, state.dealer))
            else:
                return




def _header(rules: RuleSet, seed: int, first_deal: str, dealer: int, seats: Sequence[str],
            players: Sequence[str] | None, named_deal: NamedDealRecord | None) -> LogHeader:
    if not 0 <= dealer < rules.players:
        raise ValueError(f"the dealer is a seat, 0 to {rules.players - 1}, not {dealer}")
    if seed < 0:
        # random.Random ignores the sign of an int seed: -5 would deal as 5.
        raise ValueError(f"a seed is a non-negative integer, not {seed}")
    return LogHeader(rules_id=rules.id, rules_hash=rules.content_hash, seed=seed,
                     shuffle=SHUFFLE_ALGORITHM, first_deal=first_deal,  # type: ignore[arg-type]
                     # Left out at four players, so that their logs stay as they were.
                     table_size=None if rules.players == 4 else rules.players,  # type: ignore[arg-type]
                     first_dealer=dealer, seats=tuple(seats),  # type: ignore[arg-type]
                     players=None if players is None else tuple(players),  # type: ignore[arg-type]
                     named_deal=named_deal,
                     rules=carried_rules(rules))


__all__ = ["DiscardChoice", "Game", "Play", "PoigneeChoice", "deal_event", "default_seats",
           "in_force", "taken_back_at"]
