"""Playouts and an exact endgame search for the sampling player, on the rules kernel.

A sampling player plays thousands of card sequences per decision, so this
module works on plain ints and bit masks only: a hand mask per seat (three, four or
five), the trick in progress, the leader, the taker and the attack's seats (at five
players the taker and the holder of the called card in the deal played out), the
attack's pile so far and the Excuse ledger.
No Game, no events, no validation: the hands given here come from a
determinization (a guess at the hidden cards consistent with the player's
view). Every rule it plays by is the engine's own, from :mod:`tarot.engine.kernel`:
the legal cards, the trick's winner, the trick's share under the Excuse
ledger, petit au bout and the score, with the rule set's numbers
(``RuleSet.table``). What is this module's own is the playout *policy*: which
legal card a player picks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tarot.bots import search_core
from tarot.bots.base import petit_worth
from tarot.engine import kernel
from tarot.engine.cards import (
    DECK_SIZE,
    EXCUSE,
    EXCUSE_BIT,
    FULL_DECK_MASK,
    PETIT,
    SUIT_MASKS,
    TRUMP_BASE,
    TRUMP_MASK,
    TWENTY_ONE,
    card_list,
)
from tarot.engine.kernel import BEATERS, beats, led_card, legal_given_winner, strongest_answer
from tarot.engine.rules import RuleSet
from tarot.engine.views import PlayerView

# The Excuse is never lost, but played early it wastes a free escape: the policy
# plays it rather than a card worth more than this (a jack is 3, a knight 5).
EXCUSE_COST = 4


@dataclass(frozen=True, slots=True)
class Scoring:
    """What the score of one deal depends on once the contract and poignées are known."""

    table: kernel.RuleTable
    contract: int  # index into the rule set's contracts
    poignee_sizes: tuple[int, ...]  # the cards shown in each poignée
    chelem_declared: bool
    points: tuple[int, ...]  # half-points by card (the table's, at hand for the policy)
    costs: tuple[int, ...]  # what the policy counts a card given away as (_costs)
    lowest: int  # the fewest half-points a card is worth
    last_trick: int  # index of the last trick (hand size - 1)
    multiplier: int
    # The policy's orders of cards as one int a card, so that min() and max() compare ints
    # instead of building a tuple a card (a card's int, below 128, breaks every tie,
    # and a suit card's int is below every trump's, so "suit cards first" is "lowest
    # first"): ``cheapest``, by cost then lowest (for min); ``richest``, by points then
    # lowest (for max); ``charge``, what to throw on a partner's trick at the end (for
    # max: by points, the Excuse as nothing, then lowest); ``charge_safe``, what to
    # throw on a partner's trick that will hold (for max: the Petit first, then by
    # points, the Excuse and the 21 as nothing, then lowest).
    cheapest: tuple[int, ...]
    richest: tuple[int, ...]
    charge: tuple[int, ...]
    charge_safe: tuple[int, ...]
    poorest: tuple[int, ...]  # by points then lowest (for min)
    valuable: int  # the mask of the cards worth more than the least, the Excuse aside

    @classmethod
    def of(cls, rules: RuleSet, contract: str, poignee_sizes: list[int],
           chelem_declared: bool) -> Scoring:
        table = rules.table
        index = rules.contract_index[contract]
        points = table.points
        costs = _costs(table)
        cards = range(len(points))
        charge = [(points[c] + 1 if c != EXCUSE else 0) * 128 + 127 - c for c in cards]
        safe = [(points[c] + 1 if c not in (EXCUSE, TWENTY_ONE) else 0) * 128 + 127 - c
                for c in cards]
        safe[PETIT] += (max(points) + 2) * 128
        return cls(table, index, tuple(poignee_sizes), chelem_declared, points, costs,
                   min(points), table.hand_size - 1, table.multipliers[index],
                   tuple(costs[c] * 128 + c for c in cards),
                   tuple(points[c] * 128 + 127 - c for c in cards), tuple(charge), tuple(safe),
                   tuple(points[c] * 128 + c for c in cards),
                   sum(1 << c for c in cards if c != EXCUSE and points[c] > min(points)))

    @classmethod
    def from_view(cls, rules: RuleSet, view: PlayerView) -> Scoring:
        """The scoring of the deal a seat sees in the card play (its contract, the
        poignées shown, the chelem declared)."""
        assert view.contract is not None, "a view of the card play has a contract"
        return cls.of(rules, view.contract, [len(shown) for _, shown in view.poignees],
                      view.chelem_declared)

    def per_defender(self, pile: int, adjust: int, petit_side: int, taker_tricks: int,
                     defence_tricks: int) -> int:
        """``Settlement.per_defender`` (the taker scores 3×, each defender −1×).

        ``petit_side``: +1 petit au bout by the taker, −1 by the defence, 0 none.
        """
        return kernel.per_defender(self.table, self.contract, pile, adjust, petit_side,
                                   self.poignee_sizes, self.chelem_declared, taker_tricks,
                                   defence_tricks)


@dataclass(slots=True)
class Position:
    """A deal in the middle of the card play, with every hand known (a determinization)."""

    hands: list[int]
    trick: list[int]
    leader: int
    taker: int
    tricks_done: int
    pile: int  # cards already the taker's (won tricks, Excuse ledger, discard or chien)
    adjust: int  # Excuse compensation so far, half-points to the taker
    taker_tricks: int
    defence_tricks: int
    petit_prev: int  # petit au bout side if the Petit fell in the trick just completed
    # The index in ``trick`` of its winning card so far (-1: none yet), kept as cards are
    # played: ``kernel.trick_winner_index(trick)`` for a trick given whole.
    best: int = -1
    # The attack's seats, a mask (0: the taker alone, ``1 << taker``), and the number of
    # seats. "taker" in the counts above means the attack (RULES-3-5 §0: camps).
    attack: int = 0
    seats: int = 4

    def __post_init__(self) -> None:
        if not self.attack:
            self.attack = 1 << self.taker

    def copy(self) -> Position:
        return Position(self.hands.copy(), self.trick.copy(), self.leader, self.taker,
                        self.tricks_done, self.pile, self.adjust, self.taker_tricks,
                        self.defence_tricks, self.petit_prev, self.best, self.attack,
                        self.seats)

    def top(self) -> int:
        """The winning card of the trick so far (-1: none yet)."""
        return self.trick[self.best] if self.best >= 0 else -1

    def legal(self, hand: int) -> int:
        """The legal cards of ``hand`` for the seat to play (``kernel.legal_given_winner``)."""
        return legal_given_winner(hand, self.trick, self.best)

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.seats


# The Excuse ledger's bound, in half-points: far above any real one (a compensation a
# trick), low enough that the compiled core's 64-bit sums cannot overflow.
ADJUST_LIMIT = 1 << 40


def check_position(pos: Position, sc: Scoring) -> None:
    """Refuse, with ``ValueError``, a position the search cannot play to its end.

    The compiled core makes the same checks in the same order with the same words
    (``check_pos`` in ``_search_core.c``), so that a position refused by one path is
    refused by the other (``tests/test_search_core.py``): a bad position from a future
    bug or a plug-in player is an error, never a crash or a loop that cannot stop.
    """
    seats = pos.seats
    if not 3 <= seats <= 5:
        raise ValueError("a position of 3 to 5 seats")
    if len(pos.hands) != seats:
        raise ValueError("a hand for every seat")
    held = 0
    for hand in pos.hands:
        _check_mask(hand)
        if held & hand:
            raise ValueError("a card in two hands")
        held |= hand
    if len(pos.trick) >= seats:
        raise ValueError("a trick in progress has fewer cards than seats")
    on_table = 0
    for card in pos.trick:
        if not 0 <= card < DECK_SIZE:
            raise ValueError("a card of the trick outside the deck")
        if (held | on_table) >> card & 1:
            raise ValueError("a card of the trick played twice or still in a hand")
        on_table |= 1 << card
    _check_mask(pos.pile)
    # -1: no winning card yet (an empty trick, or the Excuse alone).
    if not -1 <= pos.best < len(pos.trick):
        raise ValueError("the trick's winning card is not one of its cards")
    if not 0 <= pos.leader < seats:
        raise ValueError("the leader is not a seat")
    if not 0 <= pos.taker < seats:
        raise ValueError("the taker is not a seat")
    if not 0 < pos.attack < 1 << seats or not pos.attack >> pos.taker & 1:
        raise ValueError("the attack is not a set of seats with the taker in it")
    if not 0 <= pos.tricks_done <= sc.last_trick:
        raise ValueError("the tricks done are not those of a deal in play")
    if (pos.taker_tricks < 0 or pos.defence_tricks < 0
            or pos.taker_tricks + pos.defence_tricks != pos.tricks_done):
        raise ValueError("the two sides' tricks do not add up to the tricks done")
    if pos.petit_prev not in (-1, 0, 1):
        raise ValueError("the Petit's side is -1, 0 or 1")
    if not -ADJUST_LIMIT <= pos.adjust <= ADJUST_LIMIT:
        raise ValueError("the Excuse's ledger is out of range")
    left = sc.last_trick + 1 - pos.tricks_done
    for seat, hand in enumerate(pos.hands):
        played = (seat - pos.leader) % seats < len(pos.trick)
        if hand.bit_count() != left - played:
            raise ValueError("a hand of the wrong size for the tricks left")


def check_cards_to_play(pos: Position, cards: Sequence[int]) -> None:
    """Refuse cards that are not in the hand of the seat to play (as the compiled core)."""
    hand = pos.hands[pos.turn]
    if len(cards) > DECK_SIZE:
        raise ValueError("too many cards")
    for card in cards:
        if not 0 <= card < DECK_SIZE or not hand >> card & 1:
            raise ValueError("a card not in the hand of the seat to play")


def _check_mask(mask: int) -> None:
    if not 0 <= mask < FULL_DECK_MASK + 1:
        raise ValueError("a card mask has bits outside the deck")


def play(pos: Position, card: int, sc: Scoring) -> int | None:
    """Play ``card`` for the seat to play; the per-defender score once the deal ends, else None."""
    trick = pos.trick
    seats = pos.seats
    seat = (pos.leader + len(trick)) % seats
    pos.hands[seat] &= ~(1 << card)
    best = pos.best
    if BEATERS[trick[best] if best >= 0 else -1] >> card & 1:
        pos.best = len(trick)
    trick.append(card)
    if len(trick) < seats:
        return None
    attack = pos.attack
    leader = pos.leader
    last = pos.tricks_done == sc.last_trick
    exception = last and trick[0] == EXCUSE and kernel.excuse_exception(
        bool(attack >> leader & 1), pos.taker_tricks, pos.defence_tricks)
    winner = (leader + (0 if exception else pos.best)) % seats
    winner_is_taker = bool(attack >> winner & 1)
    to_taker, adjustment = kernel.take_trick(sc.table, trick, leader, winner, attack, last,
                                             exception, pos.taker_tricks, pos.defence_tricks)
    pos.pile |= to_taker
    pos.adjust += adjustment
    if winner_is_taker:
        pos.taker_tricks += 1
    else:
        pos.defence_tricks += 1
    petit_here = kernel.petit_side(trick, winner_is_taker)
    pos.trick = []
    pos.best = -1
    pos.leader = winner
    pos.tricks_done += 1
    if not last:
        pos.petit_prev = petit_here
        return None
    petit = kernel.petit_au_bout(sc.table, petit_here, pos.petit_prev, exception)
    return sc.per_defender(pos.pile, pos.adjust, petit, pos.taker_tricks, pos.defence_tricks)


def _costs(table: kernel.RuleTable) -> tuple[int, ...]:
    """What the policy counts each card given away as: its points; the Petit, a bout whose
    loss moves the taker's target, more (``petit_worth``); the Excuse, never lost but a
    free escape wasted when played early, ``EXCUSE_COST``."""
    costs = list(table.points)
    costs[PETIT] = petit_worth(table)
    costs[EXCUSE] = EXCUSE_COST
    return tuple(costs)


def _obvious_card(hand: int, legal: int) -> int | None:
    """The only legal card; or the Excuse with two cards left, before the last trick
    (where it would change side)."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    if legal & EXCUSE_BIT and hand.bit_count() <= 2:
        return EXCUSE
    return None


def greedy_card(pos: Position, sc: Scoring) -> int:
    """The first playout policy, blind to the other hands: cheap, deterministic.

    :func:`aware_card` replaced it in playouts; it still orders the exact
    search's moves and gives ``aware_card`` its ordinary leads. It wins the
    trick cheaply when the opponents hold it (with the richest winning card
    when playing last, since that card comes back), throws points to a partner
    who holds it when playing last, and otherwise plays the cheapest card.
    Leads are a low card of the shortest side suit. The Excuse goes before the
    last trick, where it would change side.
    """
    points = sc.points
    seat = (pos.leader + len(pos.trick)) % pos.seats
    hand = pos.hands[seat]
    trick = pos.trick
    legal = pos.legal(hand)
    obvious = _obvious_card(hand, legal)
    if obvious is not None:
        return obvious
    cards = card_list(legal)
    if not trick:
        side = [c for c in cards if c < PETIT]
        if side:
            def lead_key(c: int) -> tuple[int, int, int]:
                suit = c // 14
                return (points[c], (hand >> (suit * 14) & 0x3FFF).bit_count(), c)
            return min(side, key=lead_key)
        trumps = [c for c in cards if TRUMP_BASE < c < EXCUSE and c != PETIT]
        return trumps[0] if trumps else cards[0]
    n = len(trick)
    attack = pos.attack
    best = pos.best
    friend_winning = best >= 0 and ((attack >> (pos.leader + best) % pos.seats & 1)
                                    == (attack >> seat & 1))
    last = n == pos.seats - 1
    if friend_winning:
        if last:
            return max(cards, key=sc.charge.__getitem__)
        return min(cards, key=sc.cheapest.__getitem__)
    top = trick[best] if best >= 0 else -1
    winners = [c for c in cards if beats(c, top)]
    if winners:
        if last:
            return max(winners, key=sc.richest.__getitem__)
        trump_winners = [c for c in winners if c > TRUMP_BASE and c != PETIT]
        if trump_winners:
            return trump_winners[0]
        suit_winners = [c for c in winners if c < PETIT]
        if suit_winners:
            return suit_winners[-1]  # the highest: the likeliest to hold the trick
        if len(cards) == len(winners):
            return winners[0]
    return min(cards, key=sc.cheapest.__getitem__)


def playout(pos: Position, sc: Scoring) -> int:
    """Play to the end with :func:`aware_card`; the per-defender score. Mutates ``pos``.

    On the compiled core where it is built (:mod:`tarot.bots.search_core`), else
    :func:`python_playout`, the reference."""
    core = search_core.CORE
    if core is not None:
        result: int = core.playout(pos, search_core.table_of(sc))
        return result
    check_position(pos, sc)
    return python_playout(pos, sc)


def python_playout(pos: Position, sc: Scoring) -> int:
    """:func:`playout` in Python: the reference the compiled core is checked against."""
    while True:
        result = play(pos, aware_card(pos, sc), sc)
        if result is not None:
            return result


def card_results(base: Position, cards: Sequence[int], sc: Scoring, exact: bool) -> list[int]:
    """For each of ``cards`` (in the hand of the seat to play), the per-defender score of the
    deal played on from ``base`` with it: by :func:`solve` when ``exact``, else by
    :func:`playout`. ``base`` is left as it is. The sampling player's inner loop, one call
    per sampled deal: on the compiled core, one call into C for all the cards."""
    core = search_core.CORE
    if core is not None:
        results: list[int] = core.card_results(base, search_core.table_of(sc), cards, exact)
        return results
    check_position(base, sc)
    check_cards_to_play(base, cards)
    return python_card_results(base, cards, sc, exact)


def python_card_results(base: Position, cards: Sequence[int], sc: Scoring, exact: bool
                        ) -> list[int]:
    """:func:`card_results` in Python: the reference the compiled core is checked against."""
    results = []
    for card in cards:
        pos = base.copy()
        result = play(pos, card, sc)
        if result is None:
            result = python_solve(pos, sc) if exact else python_playout(pos, sc)
        results.append(result)
    return results


def distinct_cards(legal: int, points: tuple[int, ...], separators: int) -> list[int]:
    """One card of each run of equivalent legal cards, the lowest.

    Two cards of the same suit (or two trumps) worth the same points are
    equivalent when every card ranked between them is the player's own or out
    of play: whichever is played, every trick goes the same way. ``separators``
    holds the cards that may still meet them (other hands, the trick on the
    table); pruning the rest is what makes the exact search and the sampling
    affordable, since runs of trumps and of small cards are common.
    """
    cards = card_list(legal)
    if len(cards) < 2:
        return cards
    kept = [cards[0]]
    prev = cards[0]
    for card in cards[1:]:
        # Never the Petit: worth a 21's points, but it may be kept back for the last trick.
        if (card != EXCUSE and prev != PETIT and points[card] == points[prev]
                and (card // 14 == prev // 14 if card < PETIT else prev >= PETIT)
                and not separators & ((1 << card) - (2 << prev))):
            prev = card
            continue
        kept.append(card)
        prev = card
    return kept


def solve(pos: Position, sc: Scoring, alpha: float = -1e9, beta: float = 1e9) -> int:
    """The exact per-defender score of ``pos`` with every hand known (alpha-beta minimax).

    The taker maximises, the defenders minimise. Meant for the last few tricks:
    with four cards per hand it visits at most a few thousand positions. On the compiled
    core where it is built, else :func:`python_solve`, the reference.
    """
    core = search_core.CORE
    if core is not None:
        result: int = core.solve(pos, search_core.table_of(sc), alpha, beta)
        return result
    check_position(pos, sc)
    return python_solve(pos, sc, alpha, beta)


def python_solve(pos: Position, sc: Scoring, alpha: float = -1e9, beta: float = 1e9) -> int:
    """:func:`solve` in Python: the reference the compiled core is checked against."""
    seat = (pos.leader + len(pos.trick)) % pos.seats
    hands = pos.hands
    legal = pos.legal(hands[seat])
    others = 0
    for s, hand in enumerate(hands):
        if s != seat:
            others |= hand
    for card in pos.trick:
        others |= 1 << card
    cards = distinct_cards(legal, sc.points, others)
    if len(cards) > 1:
        # The greedy card first: usually good, so the cut-offs come early.
        # (its run's representative, the highest one below it, if it was pruned)
        greedy = greedy_card(pos, sc)
        first = max(c for c in cards if c <= greedy)
        cards.remove(first)
        cards.insert(0, first)
    maximize = bool(pos.attack >> seat & 1)
    best = -1e9 if maximize else 1e9
    for card in cards:
        child = pos.copy()
        result = play(child, card, sc)
        value = result if result is not None else python_solve(child, sc, alpha, beta)
        if maximize:
            if value > best:
                best = value
            if best > alpha:
                alpha = best
        else:
            if value < best:
                best = value
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return int(best)


SUITS_AND_TRUMPS = (*SUIT_MASKS, TRUMP_MASK)


def _threat(pos: Position, led: int, first: int, count: int, side_is_taker: bool) -> int:
    """The strongest card the opponents of ``side_is_taker`` among the ``count`` seats
    from ``first`` could take a trick led with ``led`` with (``kernel.strongest_answer``):
    a winning card is sure to hold exactly when it is not below this."""
    threat = -1
    hands = pos.hands
    attack = pos.attack
    seats = pos.seats
    for step in range(count):
        seat = (first + step) % seats
        if bool(attack >> seat & 1) != side_is_taker:
            answer = strongest_answer(hands[seat], led)
            if answer > threat:
                threat = answer
    return threat


def _secure_winners(pos: Position, legal: int, first: int, count: int, taker_side: bool
                    ) -> int:
    """The mask of the ``legal`` cards that would take the trick in progress for good: no
    opponent among the ``count`` seats from ``first`` (those still to play) can beat them."""
    trick = pos.trick
    beaters = legal & BEATERS[pos.top()]
    led = led_card(trick)
    if led >= 0:
        return beaters & -1 << max(_threat(pos, led, first, count, taker_side), 0)
    winners = 0  # after a led Excuse alone, the card played sets the suit
    for c in card_list(beaters):
        if c >= _threat(pos, c, first, count, taker_side):
            winners |= 1 << c
    return winners


def _draw_trumps(pos: Position, seat: int, hand: int) -> int | None:
    """The attack's master trump, when it holds more trumps than any defender."""
    mine = hand & TRUMP_MASK & ~(1 << PETIT)
    if not mine:
        return None
    attack = pos.attack
    theirs = [pos.hands[s] & TRUMP_MASK for s in range(pos.seats)
              if s != seat and not attack >> s & 1]
    out = 0
    for trumps in theirs:
        out |= trumps
    top = mine.bit_length() - 1
    if out and not out >> top and mine.bit_count() > max(t.bit_count() for t in theirs):
        return top
    return None


def _force_taker(pos: Position, legal: int, sc: Scoring) -> int | None:
    """A defender's small card in a suit the taker has none of, to make him spend a trump."""
    taker_hand = pos.hands[pos.taker]
    if not taker_hand & TRUMP_MASK:
        return None
    voids = 0
    for suit in SUIT_MASKS:
        if not taker_hand & suit:
            voids |= legal & suit
    return min(card_list(voids), key=sc.poorest.__getitem__) if voids else None


def aware_card(pos: Position, sc: Scoring) -> int:
    """The playout policy: cheap and deterministic, and it sees the hands it is given.

    A determinization is a deal with every hand known, so the policy asks of the
    trick in progress what a player would ask of the cards still to come: will
    it hold? It wins a trick only when no opponent still to play can take it
    back (cheaply when not last, richly when last), charges points, the Petit
    first, onto a partner's trick that will hold, takes over a partner's trick
    that will not, and otherwise plays its cheapest card. Leading, it cashes a
    sure winner with points; the taker draws trumps with a master trump while
    he has more than any defender; a defender leads a suit the taker lacks, to
    make him trump. (Each of these
    was kept because it won points in double-dummy games of the policy
    against itself: ``benchmarks/bench_policy.py``.)
    """
    trick = pos.trick
    seats = pos.seats
    seat = (pos.leader + len(trick)) % seats
    hand = pos.hands[seat]
    best = pos.best
    # _obvious_card, inline: this runs for every card of every playout.
    legal = legal_given_winner(hand, trick, best)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    if legal & EXCUSE_BIT and hand.bit_count() <= 2:
        return EXCUSE
    attack = pos.attack
    taker_side = bool(attack >> seat & 1)
    after = (seat + 1) % seats
    others = seats - 1
    if not trick:
        sure = 0
        valuable = legal & sc.valuable
        if valuable:
            for suit in SUITS_AND_TRUMPS:
                in_suit = valuable & suit
                if in_suit:  # led with the lowest: the suit led is what counts
                    led = (in_suit & -in_suit).bit_length() - 1
                    sure |= in_suit & -1 << max(_threat(pos, led, after, others, taker_side),
                                                0)
        if sure:
            return max(card_list(sure), key=sc.richest.__getitem__)
        lead = _draw_trumps(pos, seat, hand) if taker_side else _force_taker(pos, legal, sc)
        return greedy_card(pos, sc) if lead is None else lead
    n = len(trick)
    friend_winning = best >= 0 and bool(attack >> (pos.leader + best) % seats & 1) == taker_side
    if friend_winning:
        if n == others or trick[best] >= _threat(pos, led_card(trick), after, others - n,
                                                 taker_side):
            return max(card_list(legal), key=sc.charge_safe.__getitem__)
        # The partner's trick may be taken back: take it over for good if we can.
        takeover = _secure_winners(pos, legal, after, others - n, taker_side)
        return min(card_list(takeover or legal), key=sc.cheapest.__getitem__)
    secure_winners = _secure_winners(pos, legal, after, others - n, taker_side)
    if secure_winners:
        if n == others:
            return max(card_list(secure_winners), key=sc.richest.__getitem__)
        if secure_winners >> PETIT & 1:
            return PETIT
        return min(card_list(secure_winners), key=sc.cheapest.__getitem__)
    return min(card_list(legal), key=sc.cheapest.__getitem__)
