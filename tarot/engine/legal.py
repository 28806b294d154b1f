"""What is legal: the checks of every action, and the legal actions of each phase.

Plain functions on the small-int core; the legal cards of a trick and its winner
are the rules kernel's (``tarot.engine.kernel``). :func:`check_action` refuses an
illegal action with an :class:`~tarot.errors.IllegalAction` (a stable code and a
sentence naming the seat, the card and the rule) and never changes the state. Which
phase takes which action, and which of these functions lists a phase's legal actions,
is ``tarot.engine.phase_table``'s: it holds one spec per phase, and its ``check`` and
``legal_actions`` are the ones to call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tarot.engine import phases
from tarot.engine.cards import (
    BOUT_MASK,
    CARD_BY_CODE,
    CODES,
    EXCUSE,
    EXCUSE_BIT,
    KING_MASK,
    ORDINARY_MASK,
    SUIT_MASKS,
    SUIT_NAMES,
    TRUMP_BASE,
    TRUMP_MASK,
    TRUMPS_ABOVE,
    CardError,
    card_list,
    cards_in,
    codes_of_mask,
    mask_of,
    parse_card,
    rank_of,
)
from tarot.engine.events import Action, Bid, Chelem, Discard, Event, Play, Poignee
from tarot.engine.kernel import excuse_exception, highest_trump_in, led_card, legal_given_winner
from tarot.engine.rules import PoigneeLevel, RuleSet
from tarot.engine.state import DealState
from tarot.errors import IllegalAction

# ---------------------------------------------------------------------------
# Tricks

# Events are immutable, so the 4 × 78 possible Play actions are made once and shared.
PLAY_ACTIONS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(seat=seat, card=code) for code in CODES) for seat in range(4))


def excuse_exception_applies(state: DealState) -> bool:
    """The last trick, the Excuse led, and the leader's side won every earlier trick (A5)."""
    if len(state.tricks) != state.rules.deal.hand_size - 1 or not state.trick:
        return False
    if state.trick[0] != EXCUSE:
        return False
    taker_tricks = sum(t.winner == state.taker for t in state.tricks)
    return excuse_exception(state.leader == state.taker, taker_tricks,
                            len(state.tricks) - taker_tricks)


def legal_cards(state: DealState) -> int:
    """Legal cards of the seat to play, cached until the next card."""
    cached = state.legal_cache
    if cached < 0:
        cached = state.legal_cache = legal_given_winner(
            state.hands[state.turn], state.trick, state.trick_best)
    return cached


# ---------------------------------------------------------------------------
# Auction


def biddable_contracts(state: DealState) -> list[int]:
    """Contract indices above the highest bid so far."""
    return list(range(state.best_bid + 1, len(state.rules.contracts)))


# ---------------------------------------------------------------------------
# Discard


@dataclass(frozen=True, slots=True)
class DiscardOptions:
    """What the taker may discard: all of ``size`` cards from ``ordinary`` and,
    when there are too few ordinary cards, exactly ``trumps_required`` from ``trumps``."""

    size: int
    ordinary: int  # mask: suit cards other than kings
    trumps: int  # mask: trumps other than the Petit and the 21
    trumps_required: int


def discard_options(state: DealState) -> DiscardOptions:
    return discard_options_for(state.hands[state.taker], state.rules.deal.chien_size)


def discard_options_for(hand: int, size: int) -> DiscardOptions:
    """The legal discards of ``size`` cards from a taker's ``hand`` (chien included)."""
    ordinary = hand & ORDINARY_MASK
    trumps = hand & TRUMP_MASK & ~BOUT_MASK
    return DiscardOptions(size, ordinary, trumps, max(0, size - ordinary.bit_count()))


def check_discard(state: DealState, seat: int, cards: list[int]) -> int:
    """The discard as a mask, or an IllegalAction naming the first rule it breaks (R6, A15)."""
    size = state.rules.deal.chien_size
    mask = _distinct_mask(seat, cards)
    if len(cards) != size:
        raise IllegalAction("discard_size",
                            f"{{seat}} must discard exactly {size} cards, not {len(cards)} (R6)",
                            seat=seat, cards=_codes(mask), rule="R6")
    hand = state.hands[seat]
    missing = mask & ~hand
    if missing:
        raise IllegalAction("not_in_hand",
                            f"{{seat}} cannot discard {_names(missing)}: not in hand",
                            seat=seat, cards=_codes(missing))
    forbidden = mask & (KING_MASK | BOUT_MASK)
    if forbidden:
        what = "a king" if forbidden & KING_MASK else "a bout"
        raise IllegalAction(
            "forbidden_discard",
            f"{{seat}} cannot discard {_names(forbidden)}: {what} may never be discarded (R6)",
            seat=seat, cards=_codes(forbidden), rule="R6")
    options = discard_options(state)
    trumps = mask & TRUMP_MASK
    if trumps.bit_count() > options.trumps_required:
        left = (options.ordinary & ~mask).bit_count()
        raise IllegalAction(
            "unforced_trump_discard",
            f"{{seat}} cannot discard {_names(trumps)}: trumps may be discarded only when "
            f"fewer than {size} ordinary cards are available, and "
            f"{_names(options.ordinary & ~mask)} ({left} ordinary card{'s' if left != 1 else ''})"
            " would stay in hand (R6)", seat=seat, cards=_codes(trumps), rule="R6")
    return mask


# ---------------------------------------------------------------------------
# Poignée


def _four_kings_pool(state: DealState, seat: int) -> int:
    return four_kings_pool(state.hands[seat], state.discard,
                           seat == state.taker and state.chien_taken)


def four_kings_pool(hand: int, discard: int, took_chien: bool) -> int:
    """Discarded trumps a taker may add to the four-kings level (R9, A14), else 0."""
    if not took_chien or hand & KING_MASK != KING_MASK:
        return 0
    return discard & TRUMP_MASK


def poignee_window_open(state: DealState, seat: int) -> bool:
    """A seat shows a poignée just before its own first card, once (A12)."""
    return (
        state.phase == phases.TRICKS
        and not state.tricks
        and state.turn == seat
        and all(s != seat for s, _ in state.poignees)
    )


def poignee_options(state: DealState, seat: int) -> list[tuple[PoigneeLevel, int, int]]:
    """Each level the seat may show now: (level, trumps it may choose from, a canonical subset).

    The canonical subset is the one to offer: the lowest trumps (which keeps
    the high ones hidden), discarded trumps first under the four-kings exception
    since those are public already, or every trump plus the Excuse when the
    Excuse fills the last card.
    """
    return poignee_options_for(state.rules, state.hands[seat], _four_kings_pool(state, seat))


def poignee_options_for(rules: RuleSet, hand: int,
                        exception_pool: int) -> list[tuple[PoigneeLevel, int, int]]:
    """:func:`poignee_options` from a hand and the discarded trumps of the four-kings exception."""
    result = []
    for level in rules.poignees:
        pool = hand & TRUMP_MASK
        extra = exception_pool if level.id == rules.poignee_rules.four_kings_level else 0
        combined = pool | extra
        excuse_fill_pool = combined if rules.flags.four_kings_excuse_fill else pool
        if combined.bit_count() >= level.trumps:
            chosen = card_list(extra)[: level.trumps]
            chosen += card_list(pool)[: level.trumps - len(chosen)]
            result.append((level, combined, mask_of(chosen)))
        elif hand & EXCUSE_BIT and excuse_fill_pool.bit_count() == level.trumps - 1:
            result.append((level, excuse_fill_pool, excuse_fill_pool | EXCUSE_BIT))
    return result


def check_poignee(state: DealState, seat: int, cards: list[int]) -> int:
    """The shown cards as a mask, or an IllegalAction (R8, R9, A12–A14)."""
    if not poignee_window_open(state, seat):
        if any(s == seat for s, _ in state.poignees):
            reason = "{has} already shown a poignée"
        elif state.phase != phases.TRICKS:
            reason = "can show a poignée only once the cards are being played"
        else:
            reason = "can show a poignée only just before playing its first card"
        raise IllegalAction("poignee_not_now", f"{{seat}} {reason} (A12)", seat=seat, rule="A12")
    mask = _distinct_mask(seat, cards)
    rules = state.rules
    level = rules.poignee_by_size.get(len(cards))
    if level is None:
        sizes = "/".join(str(p.trumps) for p in rules.poignees)
        raise IllegalAction("poignee_size",
                            f"{{seat}} must show exactly {sizes} cards for a poignée, "
                            f"not {len(cards)} (R8)", seat=seat, cards=_codes(mask), rule="R8")
    not_trumps = mask & ~(TRUMP_MASK | EXCUSE_BIT)
    if not_trumps:
        raise IllegalAction("poignee_not_trumps",
                            f"{{seat}} cannot show {_names(not_trumps)} in a poignée: only "
                            "trumps and the Excuse (R8)", seat=seat, cards=_codes(not_trumps),
                            rule="R8")
    hand = state.hands[seat]
    extra = _four_kings_pool(state, seat) if level.id == rules.poignee_rules.four_kings_level \
        else 0
    trumps = mask & TRUMP_MASK
    outside = trumps & ~(hand | extra)
    if outside:
        if outside & state.discard:
            raise IllegalAction(
                "poignee_discard_not_allowed",
                f"{{seat}} cannot show the discarded {_names(outside)}: discarded trumps count "
                f"only for a {level.name.lower()} of a taker holding the four kings (R9)",
                seat=seat, cards=_codes(outside), rule="R9")
        raise IllegalAction("not_in_hand", f"{{seat}} cannot show {_names(outside)}: not in hand",
                            seat=seat, cards=_codes(outside))
    if mask & EXCUSE_BIT:
        if not hand & EXCUSE_BIT:
            raise IllegalAction("not_in_hand", "{seat} cannot show EXC: not in hand", seat=seat,
                                cards=("EXC",))
        fill_pool = (hand & TRUMP_MASK) | (extra if rules.flags.four_kings_excuse_fill else 0)
        hidden = fill_pool & ~trumps
        if hidden & hand:
            raise IllegalAction(
                "poignee_excuse_not_allowed",
                f"{{seat}} may show the Excuse only as the last card of a poignée that shows "
                f"every trump held; {_names(hidden)} would stay hidden (R8)", seat=seat,
                cards=("EXC",), rule="R8")
        # What remains is the four-kings exception's, and A14 decides it under either
        # reading of its flag, not R8: with four_kings_excuse_fill the Excuse fills the
        # hand and the discarded trumps together, so those must all be shown; without it,
        # no Excuse fills a poignée that counts discarded trumps.
        if hidden:
            raise IllegalAction(
                "poignee_excuse_not_allowed",
                f"{{seat}} may show the Excuse only as the last card of a poignée that shows "
                f"every trump it may count, the discarded ones too; {_names(hidden)} would "
                "stay hidden (A14)", seat=seat, cards=("EXC",), rule="A14")
        if trumps & ~fill_pool:
            raise IllegalAction(
                "poignee_excuse_not_allowed",
                "{seat} may show the Excuse only as the last card of a poignée that shows "
                "every trump held; under these rules the Excuse cannot fill a poignée that "
                "counts discarded trumps (A14)", seat=seat, cards=("EXC",), rule="A14")
    return mask


# ---------------------------------------------------------------------------
# Every action


def _names(mask: int) -> str:
    return " ".join(CODES[c] for c in cards_in(mask))


def _codes(mask: int) -> tuple[str, ...]:
    return tuple(CODES[c] for c in cards_in(mask))


def _distinct_mask(seat: int, cards: list[int]) -> int:
    mask = mask_of(cards)
    if mask.bit_count() != len(cards):
        seen: set[int] = set()
        twice = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise IllegalAction("duplicate_card", f"{{seat}} {{gives}} {CODES[twice]} twice",
                            seat=seat, cards=(CODES[twice],))
    return mask


def _parse(seat: int, text: str) -> int:
    try:
        return parse_card(text)
    except CardError as error:
        raise IllegalAction("unknown_card", f"{{seat}}: {error}", seat=seat) from None


def legal_card_played(state: DealState, action: Action | Event) -> int:
    """The card of ``action`` when it is the inner loop of every deal, a legal card by its
    canonical code played by the seat to play; else -1 (the general check decides).
    ``check``, ``Game.play`` and ``Game.record`` take such a card without dispatching."""
    if type(action) is Play and action.seat == state.turn and state.phase == phases.TRICKS:
        card = CARD_BY_CODE.get(action.card, -1)
        if card >= 0 and legal_cards(state) >> card & 1:
            return card
    return -1


def check_action(state: DealState, action: Action) -> int:
    """The checks of the action itself, once the phase and the turn are known to be its
    (``tarot.engine.phase_table.check`` makes sure of both first): refuse an illegal one;
    for a legal one return its cards as a mask (0 if none)."""
    if isinstance(action, Play):
        return _check_play(state, action)
    if isinstance(action, Bid):
        _check_bid(state, action)
        return 0
    if isinstance(action, Discard):
        return check_discard(state, action.seat, [_parse(action.seat, c) for c in action.cards])
    if isinstance(action, Poignee):
        return check_poignee(state, action.seat, [_parse(action.seat, c) for c in action.cards])
    return 0


def canonical(action: Action) -> Action:
    """The action with its cards in canonical codes (``kh``, ``K♥`` → ``KH``).

    The log records canonical codes only; a spelling that names no card is
    refused with ``unknown_card``.
    """
    if isinstance(action, Play):
        if action.card in CARD_BY_CODE:
            return action
        return PLAY_ACTIONS[action.seat][_parse(action.seat, action.card)] \
            if 0 <= action.seat < 4 else action
    if isinstance(action, (Discard, Poignee)):
        if all(c in CARD_BY_CODE for c in action.cards):
            return action
        codes = tuple(CODES[_parse(action.seat, c)] for c in action.cards)
        return type(action)(seat=action.seat, cards=codes)
    return action


def _check_bid(state: DealState, action: Bid) -> None:
    if action.contract is None:
        return
    seat = action.seat
    index = state.rules.contract_index.get(action.contract)
    if index is None:
        known = ", ".join(c.id for c in state.rules.contracts)
        raise IllegalAction("unknown_contract",
                            f"{{seat}} {{bids}} {action.contract!r}, which is not a contract "
                            f"({known})", seat=seat)
    if index <= state.best_bid:
        current = state.rules.contracts[state.best_bid].name
        higher = [c.name for c in state.rules.contracts[state.best_bid + 1:]]
        allowed = "pass, or bid " + " or ".join(higher) if higher else "only pass"
        raise IllegalAction(
            "bid_too_low",
            f"{{seat}} cannot bid {state.rules.contracts[index].name}: the bid is already "
            f"{current}, and each bid must be higher; {{seat}} may {allowed} (R4)",
            seat=seat, rule="R4")


def _check_play(state: DealState, action: Play) -> int:
    card = CARD_BY_CODE.get(action.card)
    if card is not None and (1 << card) & legal_cards(state):
        return 1 << card
    seat = action.seat
    if card is None:
        card = _parse(seat, action.card)
    bit = 1 << card
    if bit & legal_cards(state):
        return bit
    hand = state.hands[seat]
    if not bit & hand:
        raise IllegalAction("not_in_hand", f"{{seat}} cannot play {CODES[card]}: not in hand",
                            seat=seat, cards=(CODES[card],))
    raise illegal_play_reason(hand, state.trick, card, seat)


def illegal_play_reason(hand: int, trick: Sequence[int], card: int, seat: int) -> IllegalAction:
    """Why ``card`` may not be played from ``hand`` to ``trick`` (it is known to be illegal)."""
    led = led_card(trick)
    name = CODES[card]
    if led <= TRUMP_BASE and hand & SUIT_MASKS[led // 14]:
        suit = SUIT_NAMES[led // 14]
        return IllegalAction(
            "must_follow_suit",
            f"{{seat}} cannot play {name}: {CODES[led]} was led and {{seat}} {{holds}} {suit} "
            f"({_names(hand & SUIT_MASKS[led // 14])}), so must follow suit (R11)",
            seat=seat, cards=(name,), rule="R11")
    high = highest_trump_in(trick)
    higher = hand & TRUMPS_ABOVE[high]
    if card > TRUMP_BASE and higher:
        return IllegalAction(
            "must_overtrump",
            f"{{seat}} cannot play {name}: the trick holds T{high} and {{seat}} can overtrump "
            f"with {_names(higher)}, so must (R12)", seat=seat, cards=(name,), rule="R12")
    reason = "trumps were led" if led > TRUMP_BASE else \
        f"{{seat}} {{has}} no {SUIT_NAMES[led // 14]}"
    lower = ", even a lower one" if high else ""
    rules = "R11, R12" if high else "R11"
    return IllegalAction(
        "must_trump",
        f"{{seat}} cannot play {name}: {reason} and {{seat}} {{holds}} trumps "
        f"({_names(hand & TRUMP_MASK)}), so must play one{lower} ({rules})",
        seat=seat, cards=(name,), rule="R11")


# ---------------------------------------------------------------------------
# Enumerating legal actions


# One function per phase that takes decisions, each the legal actions of the seat to act
# (``state.turn``, a seat: ``tarot.engine.phase_table.legal_actions`` makes sure). The
# discard and the cards of a poignée are choices of k among n; listing them all would
# cost thousands of actions. For the discard, the list holds the cheapest legal discard;
# for each poignée level, the canonical subset of :func:`poignee_options`. ``check``
# accepts every legal discard and subset; :func:`discard_options` and
# :func:`poignee_options` describe them all.


def auction_actions(state: DealState) -> list[Action]:
    """A pass, and a bid of each contract above the highest bid so far."""
    seat = state.turn
    bids: list[Action] = [Bid(seat=seat, contract=None)]
    return bids + [Bid(seat=seat, contract=state.rules.contracts[i].id)
                   for i in biddable_contracts(state)]


def chien_actions(state: DealState) -> list[Action]:
    """The cheapest legal discard, standing for them all."""
    return [Discard(seat=state.turn, cards=codes_of_mask(cheapest_discard(state)))]


def declaration_actions(state: DealState) -> list[Action]:
    """No chelem, or a chelem declared."""
    seat = state.turn
    return [Chelem(seat=seat, declared=False), Chelem(seat=seat, declared=True)]


def trick_actions(state: DealState) -> list[Action]:
    """The poignées the seat may show now (one per level), then its legal cards."""
    seat = state.turn
    actions: list[Action] = []
    if poignee_window_open(state, seat):
        actions += [Poignee(seat=seat, cards=codes_of_mask(shown))
                    for _, _, shown in poignee_options(state, seat)]
    plays = PLAY_ACTIONS[seat]
    actions += [plays[c] for c in cards_in(legal_cards(state))]
    return actions


def no_actions(state: DealState) -> list[Action]:
    """A phase where nobody decides."""
    return []


def cheapest_discard(state: DealState) -> int:
    """A legal discard: the lowest ordinary cards, then the lowest allowed trumps."""
    options = discard_options(state)
    points = state.rules.points_table
    ordinary = sorted(cards_in(options.ordinary), key=lambda c: (points[c], rank_of(c)))
    trumps = card_list(options.trumps)
    chosen = ordinary[: options.size - options.trumps_required] + trumps[: options.trumps_required]
    return mask_of(chosen)
