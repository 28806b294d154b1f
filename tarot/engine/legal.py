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
    TRUMP_BASE,
    TRUMP_MASK,
    TRUMPS_ABOVE,
    CardError,
    card_list,
    cards_in,
    display,
    mask_of,
    parse_card,
)
from tarot.engine.events import Action, Bid, Call, Chelem, Discard, Event, Play, Poignee
from tarot.engine.kernel import (
    callable_mask,
    excuse_exception,
    highest_trump_in,
    led_card,
    legal_given_winner,
    opening_lead_mask,
)
from tarot.engine.rules import PoigneeLevel, RuleSet
from tarot.engine.state import DealState
from tarot.errors import Field, IllegalAction
from tarot.i18n import N_, SOURCE_LANGUAGE, language, ngettext, pgettext

# ---------------------------------------------------------------------------
# Tricks

# The most seats at a table (five: the rule book's section 5).
MOST_SEATS = 5
# Events are immutable, so the 5 × 78 possible Play actions are made once and shared.
PLAY_ACTIONS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(seat=seat, card=code) for code in CODES) for seat in range(MOST_SEATS))

# The rules of three and five players that give a four-player rule other numbers (rule book
# section 5): a refusal of those numbers cites them, as a four-player refusal cites R6 or R8.
_RULE_AT_SIZE: dict[tuple[str, int], str] = {
    ("R6", 3): "V3-4", ("R6", 5): "V5-7",  # the discard: 6 of 30 cards, 3 of 18
    ("R8", 3): "V3-6", ("R8", 5): "V5-9",  # the poignée: 13/15/18 trumps, 8/10/13
}


def rule_at_size(rule: str, players: int) -> str:
    """The rule a refusal about the numbers of ``rule`` cites at a table of ``players``."""
    return _RULE_AT_SIZE.get((rule, players), rule)


def excuse_exception_applies(state: DealState) -> bool:
    """The last trick, the Excuse led, and the leader's camp won every earlier trick (A5,
    V5-8)."""
    if len(state.tricks) != state.rules.deal.hand_size - 1 or not state.trick:
        return False
    if state.trick[0] != EXCUSE:
        return False
    attack = state.attack
    taker_tricks = (state.attack_tricks if state.totals_hold
                    else sum(attack >> t.winner & 1 for t in state.tricks))
    return excuse_exception(bool(attack >> state.leader & 1), taker_tricks,
                            len(state.tricks) - taker_tricks)


_TRICKS = phases.TRICKS


def legal_cards(state: DealState) -> int:
    """Legal cards of the seat to play, cached until the next card."""
    cached = state.legal_cache
    if cached < 0:
        hand = state.hands[state.turn]
        if state.called >= 0 and not state.tricks and not state.trick:
            cached = opening_lead_mask(hand, state.called)  # V5-16
        else:
            cached = legal_given_winner(hand, state.trick, state.trick_best)
        state.legal_cache = cached
    return cached


# ---------------------------------------------------------------------------
# Auction


def biddable_contracts(state: DealState) -> list[int]:
    """Contract indices above the highest bid so far."""
    return list(range(state.best_bid + 1, len(state.rules.contracts)))


# ---------------------------------------------------------------------------
# The call (five players)


def callable_cards(state: DealState) -> int:
    """The cards the taker may call now, judged on his dealt cards (V5-3)."""
    return callable_mask(state.hands[state.taker], state.rules.flags.four_kings_may_call_king)


def call_not_due(seat: int) -> IllegalAction:
    """The refusal of a call where none is due: at a table of three or four players, or at
    five anywhere but right after the auction (V5-2). One code, ``call_not_now``, whatever
    the phase, so that a log's call is refused with the code its table documents."""
    return IllegalAction(
        "call_not_now",
        N_("{seat} {cannot} call a card: a card is called only at five players, by the "
           "taker once the auction is over (V5-2)"), seat=seat, rule="V5-2")


def check_call(state: DealState, seat: int, card: int) -> int:
    """The called card as a mask, or an IllegalAction (V5-2, V5-3)."""
    if not state.call_due:
        raise call_not_due(seat)
    allowed = callable_cards(state)
    if not allowed >> card & 1:
        raise IllegalAction(
            "call_not_allowed", N_("{seat} {cannot} call {card}; {seat} {may} call {callable} "
                                   "(V5-3)"),
            seat=seat, cards=(CODES[card],), rule="V5-3",
            fields={"card": _names(1 << card), "callable": _names(allowed)})
    return 1 << card


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
    rule = rule_at_size("R6", state.rules.players)
    if len(cards) != size:
        raise IllegalAction("discard_size",
                            N_("{seat} {must} discard exactly {size} cards, not {count} ({rule})"),
                            seat=seat, cards=_codes(mask), rule=rule,
                            fields={"size": size, "count": len(cards), "rule": rule})
    hand = state.hands[seat]
    missing = mask & ~hand
    if missing:
        raise IllegalAction("not_in_hand", N_("{seat} {cannot} discard {cards}: not in hand"),
                            seat=seat, cards=_codes(missing), fields={"cards": _names(missing)})
    forbidden = mask & (KING_MASK | BOUT_MASK)
    if forbidden:
        raise IllegalAction(
            "forbidden_discard",
            N_("{seat} {cannot} discard {cards}: a king may never be discarded (R6)")
            if forbidden & KING_MASK else
            N_("{seat} {cannot} discard {cards}: a bout may never be discarded (R6)"),
            seat=seat, cards=_codes(forbidden), rule="R6", fields={"cards": _names(forbidden)})
    options = discard_options(state)
    trumps = mask & TRUMP_MASK
    if trumps.bit_count() > options.trumps_required:
        left = (options.ordinary & ~mask).bit_count()
        raise IllegalAction(
            "unforced_trump_discard",
            lambda: ngettext(
                "{seat} {cannot} discard {trumps}: trumps may be discarded only when fewer "
                "than {size} ordinary cards are available, and {ordinary} ({left} ordinary "
                "card) would stay in hand ({rule})",
                "{seat} {cannot} discard {trumps}: trumps may be discarded only when fewer "
                "than {size} ordinary cards are available, and {ordinary} ({left} ordinary "
                "cards) would stay in hand ({rule})", left),
            seat=seat, cards=_codes(trumps), rule=rule,
            fields={"trumps": _names(trumps), "size": size, "left": left, "rule": rule,
                    "ordinary": _names(options.ordinary & ~mask)})
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
            template = N_("{seat} {has} already shown a poignée (A12)")
        elif state.phase != phases.TRICKS:
            template = N_("{seat} {can} show a poignée only once the cards are being played "
                          "(A12)")
        else:
            template = N_("{seat} {can} show a poignée only just before playing its first card "
                          "(A12)")
        raise IllegalAction("poignee_not_now", template, seat=seat, rule="A12")
    mask = _distinct_mask(seat, cards)
    rules = state.rules
    level = rules.poignee_by_size.get(len(cards))
    if level is None:
        sizes = "/".join(str(p.trumps) for p in rules.poignees)
        rule = rule_at_size("R8", rules.players)
        raise IllegalAction("poignee_size",
                            N_("{seat} {must} show exactly {sizes} cards for a poignée, "
                               "not {count} ({rule})"), seat=seat, cards=_codes(mask), rule=rule,
                            fields={"sizes": sizes, "count": len(cards), "rule": rule})
    not_trumps = mask & ~(TRUMP_MASK | EXCUSE_BIT)
    if not_trumps:
        raise IllegalAction("poignee_not_trumps",
                            N_("{seat} {cannot} show {cards} in a poignée: only trumps and the "
                               "Excuse (R8)"), seat=seat, cards=_codes(not_trumps), rule="R8",
                            fields={"cards": _names(not_trumps)})
    hand = state.hands[seat]
    extra = _four_kings_pool(state, seat) if level.id == rules.poignee_rules.four_kings_level \
        else 0
    trumps = mask & TRUMP_MASK
    outside = trumps & ~(hand | extra)
    if outside:
        if outside & state.discard:
            raise IllegalAction(
                "poignee_discard_not_allowed",
                N_("{seat} {cannot} show the discarded {cards}: discarded trumps count only for "
                   "a {level} of a taker holding the four kings (R9)"),
                seat=seat, cards=_codes(outside), rule="R9",
                fields={"cards": _names(outside), "level": lambda: level.label.lower()})
        raise IllegalAction("not_in_hand", N_("{seat} {cannot} show {cards}: not in hand"),
                            seat=seat, cards=_codes(outside), fields={"cards": _names(outside)})
    if mask & EXCUSE_BIT:
        if not hand & EXCUSE_BIT:
            raise IllegalAction("not_in_hand", N_("{seat} {cannot} show {cards}: not in hand"),
                                seat=seat, cards=("EXC",), fields={"cards": _names(EXCUSE_BIT)})
        fill_pool = (hand & TRUMP_MASK) | (extra if rules.flags.four_kings_excuse_fill else 0)
        hidden = fill_pool & ~trumps
        if hidden & hand:
            raise IllegalAction(
                "poignee_excuse_not_allowed",
                lambda: ngettext(
                    "{seat} {may} show the Excuse only as the last card of a poignée that "
                    "shows every trump held; {hidden} would stay hidden (R8)",
                    "{seat} {may} show the Excuse only as the last card of a poignée that "
                    "shows every trump held; {hidden} would stay hidden (R8)",
                    hidden.bit_count()),
                seat=seat, cards=("EXC",), rule="R8",
                fields={"hidden": _names(hidden)})
        # What remains is the four-kings exception's, and A14 decides it under either
        # reading of its flag, not R8: with four_kings_excuse_fill the Excuse fills the
        # hand and the discarded trumps together, so those must all be shown; without it,
        # no Excuse fills a poignée that counts discarded trumps.
        if hidden:
            raise IllegalAction(
                "poignee_excuse_not_allowed",
                lambda: ngettext(
                    "{seat} {may} show the Excuse only as the last card of a poignée that "
                    "shows every trump it may count, the discarded ones too; {hidden} would "
                    "stay hidden (A14)",
                    "{seat} {may} show the Excuse only as the last card of a poignée that "
                    "shows every trump it may count, the discarded ones too; {hidden} would "
                    "stay hidden (A14)", hidden.bit_count()),
                seat=seat, cards=("EXC",), rule="A14",
                fields={"hidden": _names(hidden)})
        if trumps & ~fill_pool:
            raise IllegalAction(
                "poignee_excuse_not_allowed",
                N_("{seat} {may} show the Excuse only as the last card of a poignée that shows "
                   "every trump held; under these rules the Excuse cannot fill a poignée that "
                   "counts discarded trumps (A14)"), seat=seat, cards=("EXC",), rule="A14")
    return mask


# ---------------------------------------------------------------------------
# Every action


class CardText:
    """Cards a refusal names, written when it is read: by their codes in English, as the
    log writes them (the table shows them with their symbols: ``KH`` → ``K♥``), and as
    the table shows them in another language (``display``: ``R♥``, ``A8``)."""

    __slots__ = ("cards",)

    def __init__(self, mask: int) -> None:
        self.cards = tuple(cards_in(mask))

    def __call__(self) -> str:
        if language() == SOURCE_LANGUAGE:
            return " ".join(CODES[c] for c in self.cards)
        return " ".join(display(c) for c in self.cards)


def _names(mask: int) -> CardText:
    return CardText(mask)


def suit_held(suit: int) -> str:
    """A suit as a refusal names it ("you hold hearts"), in the current language."""
    return (pgettext("suit, as in: you hold hearts", "spades"),
            pgettext("suit, as in: you hold hearts", "hearts"),
            pgettext("suit, as in: you hold hearts", "diamonds"),
            pgettext("suit, as in: you hold hearts", "clubs"))[suit]


def action_words(kind: type[Action]) -> str:
    """What an action does, as a refusal says it ("you cannot bid now"), in the current
    language (``tarot.engine.phase_table``'s words are the English)."""
    words = {Bid: pgettext("refusal: you cannot … now", "bid"),
             Call: pgettext("refusal: you cannot … now", "call a card"),
             Discard: pgettext("refusal: you cannot … now", "discard"),
             Chelem: pgettext("refusal: you cannot … now", "declare a chelem"),
             Poignee: pgettext("refusal: you cannot … now", "show a poignée"),
             Play: pgettext("refusal: you cannot … now", "play a card")}
    return words[kind]


def _codes(mask: int) -> tuple[str, ...]:
    return tuple(CODES[c] for c in cards_in(mask))


def _distinct_mask(seat: int, cards: list[int]) -> int:
    mask = mask_of(cards)
    if mask.bit_count() != len(cards):
        seen: set[int] = set()
        twice = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise IllegalAction("duplicate_card", N_("{seat} {gives} {card} twice"),
                            seat=seat, cards=(CODES[twice],), fields={"card": _names(1 << twice)})
    return mask


def _parse(seat: int, text: str) -> int:
    try:
        return parse_card(text)
    except CardError as error:
        raise IllegalAction("unknown_card", N_("{seat}: {error}"), seat=seat,
                            fields={"error": error.__str__}) from None


def legal_card_played(state: DealState, action: Action | Event) -> int:
    """The card of ``action`` when it is the inner loop of every deal, a legal card by its
    canonical code played by the seat to play; else -1 (the general check decides).
    ``check``, ``Game.play`` and ``Game.record`` take such a card without dispatching."""
    if type(action) is Play and action.seat == state.turn and state.phase == _TRICKS:
        card = CARD_BY_CODE.get(action.card, -1)
        legal = state.legal_cache  # most often cached: the player asked for it first
        if legal < 0:
            legal = legal_cards(state)
        if card >= 0 and legal >> card & 1:
            return card
    return -1


def check_action(state: DealState, action: Action) -> int:
    """The checks of the action itself, once the phase and the turn are known to be its
    (``tarot.engine.phase_table.check`` makes sure of both first): refuse an illegal one;
    for a legal one return its cards as a mask (0 if none)."""
    if isinstance(action, Play):
        return _check_play(state, action)
    if isinstance(action, Bid):
        if state.call_due:
            raise IllegalAction("call_due", N_("{seat} {must} call a card now: the auction is "
                                               "over (V5-2)"), seat=action.seat, rule="V5-2")
        _check_bid(state, action)
        return 0
    if isinstance(action, Call):
        return check_call(state, action.seat, _parse(action.seat, action.card))
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
            if 0 <= action.seat < MOST_SEATS else action
    if isinstance(action, Call):
        if action.card in CARD_BY_CODE:
            return action
        return Call(seat=action.seat, card=CODES[_parse(action.seat, action.card)])
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
                            N_("{seat} {bids} {contract}, which is not a contract ({known})"),
                            seat=seat, fields={"contract": repr(action.contract), "known": known})
    if index <= state.best_bid:
        contracts = state.rules.contracts
        current, asked = contracts[state.best_bid], contracts[index]
        higher = contracts[state.best_bid + 1:]
        fields: dict[str, Field] = {"contract": lambda: asked.label,
                                    "current": lambda: current.label}
        if higher:
            fields["higher"] = lambda: pgettext("between contracts: Garde or Garde sans",
                                                " or ").join(c.label for c in higher)
        raise IllegalAction(
            "bid_too_low",
            N_("{seat} {cannot} bid {contract}: the bid is already {current}, and each bid "
               "must be higher; {seat} {may} pass, or bid {higher} (R4)") if higher else
            N_("{seat} {cannot} bid {contract}: the bid is already {current}, and each bid "
               "must be higher; {seat} {may} only pass (R4)"),
            seat=seat, rule="R4", fields=fields)


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
        raise IllegalAction("not_in_hand", N_("{seat} {cannot} play {card}: not in hand"),
                            seat=seat, cards=(CODES[card],), fields={"card": _names(bit)})
    if state.called >= 0 and not state.tricks and not state.trick:
        raise IllegalAction(
            "called_suit_lead",
            N_("{seat} {cannot} lead {card}: the first card of the deal may not be of the "
               "called card's suit, unless it is the called card itself (V5-16)"),
            seat=seat, cards=(CODES[card],), rule="V5-16", fields={"card": _names(bit)})
    raise illegal_play_reason(hand, state.trick, card, seat)


def illegal_play_reason(hand: int, trick: Sequence[int], card: int, seat: int) -> IllegalAction:
    """Why ``card`` may not be played from ``hand`` to ``trick`` (it is known to be illegal)."""
    led = led_card(trick)
    name = CODES[card]
    fields: dict[str, Field] = {"card": _names(1 << card)}
    if led <= TRUMP_BASE and hand & SUIT_MASKS[led // 14]:
        suit = led // 14
        fields.update(led=_names(1 << led), suit=lambda: suit_held(suit),
                      held=_names(hand & SUIT_MASKS[suit]))
        return IllegalAction(
            "must_follow_suit",
            N_("{seat} {cannot} play {card}: {led} was led and {seat} {holds} {suit} ({held}), "
               "so {must} follow suit (R11)"),
            seat=seat, cards=(name,), rule="R11", fields=fields)
    high = highest_trump_in(trick)
    higher = hand & TRUMPS_ABOVE[high]
    if card > TRUMP_BASE and higher:
        fields.update(high=_names(1 << (TRUMP_BASE + high)), higher=_names(higher))
        return IllegalAction(
            "must_overtrump",
            N_("{seat} {cannot} play {card}: the trick holds {high} and {seat} {can} overtrump "
               "with {higher}, so {must} (R12)"), seat=seat, cards=(name,), rule="R12",
            fields=fields)
    fields.update(trumps=_names(hand & TRUMP_MASK), rules="R11, R12" if high else "R11")
    if led > TRUMP_BASE:
        template = (
            N_("{seat} {cannot} play {card}: trumps were led and {seat} {holds} trumps "
               "({trumps}), so {must} play one, even a lower one ({rules})") if high else
            N_("{seat} {cannot} play {card}: trumps were led and {seat} {holds} trumps "
               "({trumps}), so {must} play one ({rules})"))
    else:
        void = led // 14
        fields["suit"] = lambda: suit_held(void)
        template = (
            N_("{seat} {cannot} play {card}: {seat} {has} no {suit} and {seat} {holds} trumps "
               "({trumps}), so {must} play one, even a lower one ({rules})") if high else
            N_("{seat} {cannot} play {card}: {seat} {has} no {suit} and {seat} {holds} trumps "
               "({trumps}), so {must} play one ({rules})"))
    return IllegalAction("must_trump", template, seat=seat, cards=(name,), rule="R11",
                         fields=fields)


def no_actions(state: DealState) -> list[Action]:
    """A phase where nobody decides."""
    return []
