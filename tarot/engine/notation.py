"""The text notation of actions: the one module that reads and writes actions as words.

Two forms. A person's words, for the seat to act, read against the game's phase:
``"garde"``, ``"pass"`` (or ``"passe"``, ``"p"``), ``"KH"`` (or its number in the
hand, ``"3"``), ``"5S 8S 4D 1C 2C 4C"`` at the discard, ``"y"``/``"n"`` (or
``"chelem"``/``"no chelem"``) at the chelem question; and the same with its kind,
``"bid garde"``, ``"play KH"``, ``"discard 5S 8S 4D 1C 2C 4C"``,
``"poignee T2 T3 …"``, ``"chelem yes"``; at five players, once the auction is over, the
card the taker calls, ``"KH"`` or ``"call KH"`` (in French ``"appelle RC"``, ``"roi de
cœur"``). And the seat-prefixed form a named deal's script writes: ``"P1 bid garde"``,
``"P4 call KH"``, ``"P0 discard 5S 8S 4D 1C 2C 4C"``, ``"P2 play KH"``,
``"P3 poignee T21 T20 …"``, ``"P0 chelem yes"``; the seats P0 to P4 (a table of five).

:func:`parse_action` reads both (the game gives the phase, the seat to act, its hand
and the rule set's contracts); :func:`parse_script_entry` reads the seat-prefixed
form alone; :func:`format_action` writes either. The words are only read here: an
action that reads well may still be refused by the rules (``Game.play`` checks it).
"""

from __future__ import annotations

import re
from typing import Protocol

from tarot.engine import phases
from tarot.engine.card_notation import Notation, current_notation
from tarot.engine.cards import (
    CARD_BY_CODE,
    CODES,
    TWENTY_ONE,
    CardError,
    card_list,
    card_words,
    codes,
    display,
    parse_card,
    plain,
    quoted,
    sort_key,
    spoken,
)
from tarot.engine.events import Action, Bid, Call, Chelem, Discard, Poignee
from tarot.engine.events import Play as PlayAction
from tarot.engine.phase_table import legal_actions
from tarot.engine.state import NO_SEAT, DealState
from tarot.engine.typed_words import contract_names, current_words, read_words, shown_word
from tarot.errors import TarotError
from tarot.i18n import _, ngettext


class Table(Protocol):
    """What the notation reads a person's words against: a deal in progress (a ``Game``;
    the notation knows it by this shape alone, so that the game may read its words here
    without the two modules importing each other)."""

    @property
    def state(self) -> DealState: ...


def _hand(state: DealState, seat: int) -> list[str]:
    """A seat's hand in display order, as the table numbers its cards (``Game.hand``)."""
    return list(codes(sorted(card_list(state.hands[seat]), key=sort_key)))


class NotationError(TarotError, ValueError):
    """Text that names no action; the message quotes it and says what to write.

    ``card`` is true when the fault is a card the text names (an unknown code, a number
    beyond the hand), false when it is the words themselves."""

    code = "bad_notation"

    def __init__(self, message: str, *, card: bool = False) -> None:
        super().__init__(message)
        self.card = card


_SEAT_WORD = re.compile(r"[Pp][0-4]")  # a table of five at most; the rules check the table's
# The notation's own words for the kinds of action, the same in every language (a named
# deal's script writes them), compared without accents ("poignée" is poignee); the call's
# are a language's words too ("appelle RC": tarot.engine.typed_words).
_KINDS = frozenset({"bid", "discard", "chelem", "poignee", "play", "call"})
# Besides a language's yes and no: the notation's own answers at the chelem question,
# as format_action writes them ("chelem", "no chelem"), and Enter for no.
_CHELEM_SAID = frozenset({"chelem"})
_NO_CHELEM_SAID = frozenset({"", "no chelem", "no_chelem"})
# After "chelem" (``chelem yes``, ``chelem oui``): a language's yes or no, or a script's.
_CHELEM_TRUE = frozenset({"true"})
_CHELEM_FALSE = frozenset({"false"})


def is_kind_word(word: str) -> bool:
    """Whether ``word`` names a kind of action (``bid``, ``play``, ``appelle``…)."""
    return plain(word) in _KINDS or word.lower() in read_words("call")


def parse_script_entry(entry: str) -> Action:
    """``"P1 bid garde"`` → ``Bid(seat=1, contract="garde")``."""
    words = entry.split()
    if len(words) < 2 or not _SEAT_WORD.fullmatch(words[0]):
        raise NotationError(_("script entry {entry}: write 'P<seat> <kind> <argument>', "
                              "the seat 0 to 4").format(entry=quoted(entry)))
    seat = int(words[0][1])
    kind, args = words[1].lower(), words[2:]
    if kind == "bid":
        return Bid(seat=seat, contract=None if args in ([], ["pass"]) else args[0])
    if kind == "chelem":
        return Chelem(seat=seat, declared=bool(args) and args[0].lower() in {"yes", "true"})
    try:
        codes = tuple(CODES[parse_card(a)] for a in args)
    except CardError as error:
        raise NotationError(_("script entry {entry}: {error}").format(
            entry=quoted(entry), error=error), card=True) from None
    if kind == "discard":
        return Discard(seat=seat, cards=codes)
    if kind == "poignee":
        return Poignee(seat=seat, cards=codes)
    if kind == "play" and len(codes) == 1:
        return PlayAction(seat=seat, card=codes[0])
    if kind == "call" and len(codes) == 1:
        return Call(seat=seat, card=codes[0])
    raise NotationError(_("script entry {entry}: unknown kind {kind}").format(
        entry=quoted(entry), kind=quoted(kind)))


def card_code(token: str, hand: list[str], *, notation: Notation | None = None) -> str:
    """The canonical code of a card named by its code (any case, ``♠♥♦♣`` or ``S H D C``)
    or by its number in ``hand`` (1 for the first card, as the table shows it).

    ``notation`` (by default the current language's) is read too (French: ``RP``, ``D♥``,
    ``A21``, ``roi de pique``, ``le 21``: docs/translating.md), and where it says so a
    bare ``21`` beyond the hand is the 21 of trumps."""
    if notation is None:
        notation = current_notation()
    token = token.strip()
    twenty_one = CODES[TWENTY_ONE]
    if notation.twenty_one_alone and token == "21" and len(hand) >= 21 \
            and hand[20] != twenty_one:
        # A French player's "21" is le 21; in a hand of 21 cards or more it is also the
        # 21st card: two cards, and neither is guessed.
        raise NotationError(_(
            "21 names two cards: the 21st card of your hand, {card}, or the 21 of trumps. "
            "Write {card_shown} for the first, {trump_shown} or {trump_words} for the second."
        ).format(card=spoken(CARD_BY_CODE[hand[20]]),
                 card_shown=display(CARD_BY_CODE[hand[20]], notation=notation),
                 trump_shown=display(TWENTY_ONE, notation=notation),
                 trump_words=quoted(spoken(TWENTY_ONE))), card=True)
    # isdecimal, not isdigit: int() refuses "²"; three digits bound int()'s work.
    if token.isdecimal() and len(token) <= 3 and 1 <= int(token) <= len(hand):
        return hand[int(token) - 1]
    if token.isdecimal():
        if notation.twenty_one_alone and len(token) <= 3 and int(token) == 21:
            return twenty_one
        raise NotationError(ngettext("{number} is not a card number: your hand has {count} card",
                                     "{number} is not a card number: your hand has {count} "
                                     "cards", len(hand)).format(number=token, count=len(hand)),
                            card=True)
    try:
        return CODES[parse_card(token, notation=notation)]
    except CardError as error:
        raise NotationError(str(error), card=True) from None


def _card_codes(text: str, hand: list[str]) -> tuple[str, ...]:
    notation = current_notation()
    return tuple(card_code(words, hand, notation=notation)
                 for words in card_words(text, notation=notation))


def bid_words(game: Table) -> list[str]:
    """What the seat to act may say at the auction now: ``pass`` (``passe`` in French) and
    each legal contract."""
    return [shown_word("pass_")] + [a.contract for a in legal_actions(game.state)
                                        if isinstance(a, Bid) and a.contract]


def parse_action(text: str, game: Table) -> Action:
    """The action ``text`` names, for the seat to act in ``game`` (or the seat it names,
    ``"P1 bid garde"``); NotationError when it names none."""
    state = game.state
    words = text.split()
    if len(words) >= 2 and _SEAT_WORD.fullmatch(words[0]) and is_kind_word(words[1]):
        # The script's form, read with the same words as the person's own (so "P0 bid garde
        # sans" is a Garde sans and "P0 chelem maybe" is refused): only the seat is its own.
        named = int(words[0][1])
        if named >= state.seats:
            raise NotationError(_("{seat} is not a seat of this table: P0 to P{last}").format(
                seat=words[0].upper(), last=state.seats - 1))
        if len(words) == 2 and words[1].lower() == "bid":
            return Bid(seat=named, contract=None)
        rest = text.strip()[len(words[0]):].strip()[len(words[1]):]
        return _parse_kind(_kind(words[1]), rest, named, _hand(state, named), game)
    seat = state.turn
    if seat == NO_SEAT:
        raise NotationError(_("{text}: no seat is to act now").format(text=quoted(text.strip())))
    hand = _hand(state, seat)
    if words and is_kind_word(words[0]) and len(words) > 1:
        rest = text.strip()[len(words[0]):]
        return _parse_kind(_kind(words[0]), rest, seat, hand, game)
    return _parse_word(text.strip(), state.phase, seat, hand, game)


def _kind(word: str) -> str:
    """The notation's kind a kind word names: ``appelle`` is ``call``, ``poignée`` is
    ``poignee``."""
    return "call" if word.lower() in read_words("call") else plain(word)


def _parse_kind(kind: str, rest: str, seat: int, hand: list[str], game: Table) -> Action:
    """An action written with its kind (``bid garde``, ``play KH``) for ``seat``."""
    if kind == "bid":
        return _parse_bid(rest.strip(), seat, game)
    if kind == "chelem":
        answer = rest.strip().lower()
        yes, no = read_words("yes") | _CHELEM_TRUE, read_words("no") | _CHELEM_FALSE
        if answer not in yes | no:
            raise NotationError(_("Answer chelem yes or chelem no."))
        return Chelem(seat=seat, declared=answer in yes)
    if kind == "call":
        return _parse_call(rest, seat)
    cards = _card_codes(rest, hand)
    if kind == "discard":
        return Discard(seat=seat, cards=cards)
    if kind == "poignee":
        return Poignee(seat=seat, cards=cards)
    if len(cards) != 1:
        raise NotationError(_("play names one card: play KH"))
    return PlayAction(seat=seat, card=cards[0])


def _parse_call(text: str, seat: int) -> Call:
    """The card a taker calls (five players), by its code or in the language's notation
    (French: ``RC``, ``roi de cœur``); never by a number in the hand: the card called is
    often not in it."""
    notation = current_notation()
    words = card_words(text, notation=notation)
    if len(words) != 1 or words[0].strip().isdecimal():
        raise NotationError(_("call names one card by its code: call KH"))
    return Call(seat=seat, card=card_code(words[0], [], notation=notation))


def _parse_bid(answer: str, seat: int, game: Table) -> Bid:
    word = _bid_word(answer)
    if word in read_words("pass_"):
        return Bid(seat=seat, contract=None)
    contracts = {c.id: c for c in game.state.rules.contracts}
    by_name = {_bid_word(name): cid for cid, c in contracts.items()
               for name in (c.name, c.label)}
    by_name.update({_bid_word(name): cid for name, cid in contract_names().items()
                    if cid in contracts and _bid_word(name) not in by_name})
    contract = by_name.get(word, word)
    # A contract's name may say whose the chien is: "Garde sans le chien" is garde_sans (and
    # "garde sans chien", as a player says it quickly); the longest tail first.
    for suffix in sorted(read_words("chien_tails"), key=len, reverse=True):
        if contract not in contracts and word.endswith(suffix):
            # "garde sans le chien", "garde contre le chien": the FFT's names, in either
            # language.
            short = word.removesuffix(suffix)
            contract = by_name.get(short, short)
    if contract not in contracts:
        # Written as the prompt writes them: garde_sans in English, garde sans in French.
        words = ", ".join(word.replace("_", current_words().joiner)
                          for word in bid_words(game))
        raise NotationError(_("Type one of: {words}").format(words=words))
    return Bid(seat=seat, contract=contract)


def _bid_word(text: str) -> str:
    """A bid as compared: lower-case, accents dropped, words joined by ``_``."""
    return plain(text).replace(" ", "_").replace("-", "_")


def _parse_word(answer: str, phase: str, seat: int, hand: list[str], game: Table) -> Action:
    """A person's bare words, read as the decision ``phase`` awaits."""
    if phase == phases.AUCTION:
        if game.state.call_due:  # five players: the auction is over, the taker calls
            return _parse_call(answer, seat)
        return _parse_bid(answer, seat, game)
    if phase == phases.CHIEN:
        return Discard(seat=seat, cards=_card_codes(answer, hand))
    if phase == phases.DECLARATIONS:
        word = " ".join(answer.lower().split())
        yes, no = read_words("yes") | _CHELEM_SAID, read_words("no") | _NO_CHELEM_SAID
        if word not in yes | no:
            raise NotationError(_("Answer y (yes) or n (no)."))
        return Chelem(seat=seat, declared=word in yes)
    if phase == phases.TRICKS:
        if not answer:
            raise NotationError(_("Name a card: its code (KH, T21, EXC) or its number in "
                                  "the hand"))
        if answer.lower() in read_words("poignee"):
            raise NotationError(_("A poignée names the trumps it shows: poignee T2 T3 …"))
        return PlayAction(seat=seat, card=card_code(answer, hand))
    raise NotationError(_("{answer}: no decision is awaited now ({phase})").format(
        answer=quoted(answer), phase=phase))


def format_action(action: Action, *, seat: bool = False) -> str:
    """``action`` in the notation: the person's words for the seat to act (``"garde"``,
    ``"KH"``, ``"discard 5S …"``), or with ``seat`` the script's form (``"P1 bid garde"``).
    :func:`parse_action` (and :func:`parse_script_entry` for the second) read it back."""
    if isinstance(action, Bid):
        word = action.contract or "pass"
        return f"P{action.seat} bid {word}" if seat else word
    if isinstance(action, Chelem):
        if seat:
            return f"P{action.seat} chelem {'yes' if action.declared else 'no'}"
        return "chelem" if action.declared else "no chelem"
    if isinstance(action, PlayAction):
        return f"P{action.seat} play {action.card}" if seat else action.card
    if isinstance(action, Call):
        return f"P{action.seat} call {action.card}" if seat else f"call {action.card}"
    if isinstance(action, Discard | Poignee):
        text = f"{action.type} {' '.join(action.cards)}".rstrip()
        return f"P{action.seat} {text}" if seat else text
    raise TypeError(f"not an action: {action!r}")
