"""The rules kernel: card play and scoring on small ints and bit masks.

The engine (``evolve``, ``scoring``, ``legal`` of :mod:`tarot.engine`) and the computer
players (the playouts and the exact search of ``tarot.bots.playout``, the rules
player) all compute the rules here, so a rule test checks what the players
play by, and a rule file reaches the players exactly as it reaches the audit:

- the legal cards of a trick and its winner (rule book 3.3, 3.4);
- a completed trick's share between the camps under the Excuse ledger, with the
  last-trick exception (3.5, R15, R16, A1–A5);
- at five players, the cards the taker may call and the opening lead (V5-3,
  V5-16), and at every size each seat's share of the score (V3-9, V5-11);
- petit au bout (R18, A19);
- the card-point count, and the score per defender, itemised (3.6).

No pydantic, no ``transitions``, no I/O. Rule numbers come from a
:class:`RuleTable`, a plain frozen object built once from a ``RuleSet``
(``RuleSet.table``).

Camps (rule book §5.0): the attack is the taker and, at five players, the holder of the
called card; the defence is every other seat. The functions that split a trick between
the camps take the attack as a mask of seats (``1 << taker`` at three and four players):
the number of seats of a completed trick is its number of cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tarot.engine.cards import (
    BOUT_MASK,
    DECK_SIZE,
    EXCUSE,
    EXCUSE_BIT,
    JACK,
    KING,
    KNIGHT,
    PETIT,
    QUEEN,
    SUIT_MASKS,
    TRUMP_BASE,
    TRUMP_MASK,
    TRUMPS_ABOVE,
)
from tarot.engine.frozen import quick_init

if TYPE_CHECKING:
    from tarot.engine.rules import RuleSet

# Sides, as the kernel counts them: the taker's, the defence's, or neither.
TAKER = 1
DEFENCE = -1
NEITHER = 0
# The taker plays alone against three defenders: each pays him the per-defender score
# (R24), so he scores it this many times (at four players; :func:`seat_scores` for any).
DEFENDERS = 3
# The ranks a taker at five players may call, in the order they open (V5-3): kings; queens
# to one who holds the four kings; knights to one who also holds the four queens; jacks.
CALL_RANKS = (KING, QUEEN, KNIGHT, JACK)
RANK_MASKS: dict[int, int] = {
    rank: sum(1 << (14 * suit + rank - 1) for suit in range(4)) for rank in CALL_RANKS}


@dataclass(frozen=True, slots=True)
class RuleTable:
    """Every number and switch of a rule set that card play and scoring read."""

    points: tuple[int, ...]  # half-points by card
    total_half_points: int
    targets: tuple[int, ...]  # the taker's target in half-points, by number of bouts
    base_points: int
    multipliers: tuple[int, ...]  # by contract index
    petit_per_multiplier: int
    # By number of cards shown. A plain dict: the table is pickled with its RuleSet to
    # tarot simulate's workers, which a read-only mapping proxy cannot be; never mutated.
    poignee_bonus: dict[int, int]
    declared_made: int
    declared_failed: int
    undeclared_made: int
    defence_made: int
    compensation: int  # the Excuse's compensation, half-points
    hand_size: int
    chien_size: int
    excuse_kept_in_any_slam: bool
    petit_slam_counts_last: bool
    # The points of each of the 256 sets of eight cards, for each byte of a mask: a pile
    # is counted in ten lookups (``half_points``), at the end of every playout.
    points_by_byte: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, rules: RuleSet) -> RuleTable:
        scoring, chelem = rules.scoring, rules.chelem
        return cls(
            points=rules.points_table, total_half_points=rules.total_half_points,
            targets=tuple(scoring.target_half_points), base_points=scoring.base_points,
            multipliers=tuple(c.multiplier for c in rules.contracts),
            petit_per_multiplier=scoring.petit_au_bout_per_multiplier,
            poignee_bonus={size: level.bonus for size, level in rules.poignee_by_size.items()},
            declared_made=chelem.declared_made, declared_failed=chelem.declared_failed,
            undeclared_made=chelem.undeclared_made, defence_made=chelem.defence_made,
            compensation=scoring.excuse_compensation_half_points,
            hand_size=rules.deal.hand_size, chien_size=rules.deal.chien_size,
            excuse_kept_in_any_slam=rules.flags.excuse_kept_in_any_slam,
            petit_slam_counts_last=rules.flags.petit_au_bout_slam_counts_last_trick,
            points_by_byte=_points_by_byte(rules.points_table))


def _points_by_byte(points: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    if len(points) > 80:
        raise ValueError(f"a deck of {len(points)} cards does not fit the ten-byte count")
    padded = list(points) + [0] * (80 - len(points))
    return tuple(
        tuple(sum(padded[8 * byte + bit] for bit in range(8) if subset >> bit & 1)
              for subset in range(256))
        for byte in range(10))


# ---------------------------------------------------------------------------
# Card play


def led_card(trick: Sequence[int]) -> int:
    """The card that sets the suit: the first that is not the Excuse (-1 if none yet)."""
    for card in trick:
        if card != EXCUSE:
            return card
    return -1


def highest_trump_in(trick: Sequence[int]) -> int:
    """The number (1–21) of the highest trump in ``trick``, 0 if none."""
    best = TRUMP_BASE
    for card in trick:
        if best < card < EXCUSE:
            best = card
    return best - TRUMP_BASE


def legal_play_mask(hand: int, trick: Sequence[int]) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (rule book 3.3)."""
    best = trick_winner_index(trick)
    return legal_mask(hand, led_card(trick), trick[best] if best >= 0 else -1)


def legal_given_winner(hand: int, trick: Sequence[int], best: int) -> int:
    """:func:`legal_play_mask` for a trick whose winning card's index ``best`` is kept
    as cards are added (-1: none yet, so nothing but perhaps the Excuse is led)."""
    if best < 0:
        return hand
    return legal_mask(hand, trick[0] if trick[0] != EXCUSE else trick[1], trick[best])


def legal_mask(hand: int, led: int, top: int) -> int:
    """:func:`legal_play_mask` from the two facts of the trick it depends on, for those
    who keep them as cards are added: ``led``, :func:`led_card`; ``top``, the winning card
    so far (:func:`winning_card`), which is the highest trump once a trump is in."""
    if led < 0:
        return hand
    if led > TRUMP_BASE:
        candidates = hand & TRUMP_MASK
    else:
        candidates = hand & SUIT_MASKS[led // 14] or hand & TRUMP_MASK
    if candidates & TRUMP_MASK and top > TRUMP_BASE:
        higher = candidates & TRUMPS_ABOVE[top - TRUMP_BASE]
        if higher:
            candidates = higher
    if not candidates:
        candidates = hand & ~EXCUSE_BIT
    return candidates | (hand & EXCUSE_BIT)


def strongest_answer(hand: int, led: int) -> int:
    """The highest card ``hand`` may play to a trick led with ``led`` (:func:`led_card`,
    not -1) that can win it; -1 if none. The trick's winning card so far, ``top`` (a card
    of the led suit or a trump, as a winning card always is), is taken by ``hand``
    exactly when ``top < strongest_answer(hand, led)``: a hand that holds the led suit
    must follow and wins only with a higher card of it; one that cannot follow (or must
    play a trump to a trump lead) wins only with a trump above ``top``, which it then
    must play (rule book 3.3, 3.4)."""
    if led < PETIT:
        follow = hand & SUIT_MASKS[led // 14]
        if follow:
            return follow.bit_length() - 1
    return (hand & TRUMP_MASK).bit_length() - 1


def beats(card: int, top: int) -> bool:
    """Whether ``card``, played to a trick whose winning card so far is ``top`` (-1 when
    only the Excuse has been played, or nothing), takes it (rule book 3.4): a trump beats
    any suit card and a lower trump; a suit card beats only a lower card of its suit,
    and no trump; the Excuse beats nothing."""
    if card == EXCUSE:
        return False
    if top < 0:
        return True
    if card > TRUMP_BASE:
        return card > top  # trumps are the ints above every suit card
    return top < PETIT and card // 14 == top // 14 and card > top


# The cards that take a trick from its winning card: ``BEATERS[top]`` is the mask of the
# cards ``c`` with ``beats(c, top)``; the last entry, ``BEATERS[-1]``, is for a trick
# with no winning card yet. For the engine and the playouts, which keep the winner as
# each card is added, a mask test instead of a call.
BEATERS: tuple[int, ...] = tuple(
    sum(1 << card for card in range(EXCUSE + 1) if beats(card, top))
    for top in [*range(EXCUSE + 1), -1])


def trick_winner_index(trick: Sequence[int], excuse_exception: bool = False) -> int:
    """The index in ``trick`` of the winning card (rule book 3.4); -1 for a trick of the
    Excuse alone.

    ``excuse_exception``: the trick is the last, the Excuse was led, and the
    leader's side won every earlier trick; the Excuse then wins (R16).
    """
    if excuse_exception:
        return 0
    best = -1
    top = -1
    for index, card in enumerate(trick):
        if beats(card, top):
            best, top = index, card
    return best


def winning_card(trick: Sequence[int]) -> int:
    """The card winning ``trick`` so far (-1 when none but the Excuse)."""
    best = trick_winner_index(trick)
    return trick[best] if best >= 0 else -1


def excuse_exception(led_by_taker: bool, taker_tricks: int, defence_tricks: int) -> bool:
    """R16, A5: the Excuse led to the last trick wins it when the leader's side won every
    earlier trick (``taker_tricks`` and ``defence_tricks`` count those)."""
    return defence_tricks == 0 if led_by_taker else taker_tricks == 0


# ---------------------------------------------------------------------------
# A completed trick


def share_trick(compensation: int, trick: Sequence[int], leader: int, winner: int,
                attack: int, last: bool, excuse_stays: bool) -> tuple[int, int]:
    """Where a completed trick's cards go under the Excuse ledger (rule book 3.5), by camp:
    the mask of cards the attack's pile gains, and the half-points moved to the attack
    (negative: from it). ``attack``: the attack's seats, a mask; ``compensation``: the
    Excuse's, in half-points; ``excuse_stays``: on the last trick,
    :func:`excuse_stays_on_last_trick`.
    """
    cards = 0
    for card in trick:
        cards |= 1 << card
    winner_is_taker = bool(attack >> winner & 1)
    to_taker = cards if winner_is_taker else 0
    if not cards & EXCUSE_BIT:
        return to_taker, 0
    owner_is_taker = bool(attack >> ((leader + list(trick).index(EXCUSE)) % len(trick)) & 1)
    adjustment = 0
    if not last:
        # Before the last trick the Excuse stays with its side, which pays 0.5 (R15, A1).
        excuse_to_taker = owner_is_taker
        if winner_is_taker != owner_is_taker:
            adjustment = compensation if winner_is_taker else -compensation
    elif excuse_stays:
        excuse_to_taker = owner_is_taker
    else:
        # On the last trick the Excuse goes to its owner's opponents (R16, A3).
        excuse_to_taker = not owner_is_taker
    return (to_taker & ~EXCUSE_BIT) | (EXCUSE_BIT if excuse_to_taker else 0), adjustment


def excuse_stays_on_last_trick(table: RuleTable, trick: Sequence[int], leader: int,
                               winner: int, attack: int, exception: bool, taker_tricks: int,
                               defence_tricks: int) -> bool:
    """Whether the Excuse in the last trick stays with its side: the exception of R16
    (``exception``: the trick was won that way), or, under the FFT reading (A4, flag
    ``excuse_kept_in_any_slam``), a side that wins all the tricks. ``taker_tricks`` and
    ``defence_tricks`` count the tricks before this one; ``attack``, the attack's seats."""
    if exception:
        return True
    if not table.excuse_kept_in_any_slam or EXCUSE not in trick:
        return False
    owner_is_taker = bool(attack >> ((leader + list(trick).index(EXCUSE)) % len(trick)) & 1)
    winner_is_taker = bool(attack >> winner & 1)
    if owner_is_taker:
        return defence_tricks == 0 and winner_is_taker
    return taker_tricks == 0 and not winner_is_taker


def take_trick(table: RuleTable, trick: Sequence[int], leader: int, winner: int, attack: int,
               last: bool, exception: bool, taker_tricks: int, defence_tricks: int
               ) -> tuple[int, int]:
    """:func:`share_trick` of a completed trick, the last trick's Excuse decided
    (:func:`excuse_stays_on_last_trick`): the mask of cards the taker's pile gains and the
    half-points moved to the taker. ``taker_tricks`` and ``defence_tricks`` count the
    tricks before this one; the engine's count and the playouts both take tricks here."""
    stays = last and excuse_stays_on_last_trick(table, trick, leader, winner, attack, exception,
                                                taker_tricks, defence_tricks)
    return share_trick(table.compensation, trick, leader, winner, attack, last, stays)


def won_by_led_excuse(trick: Sequence[int], leader: int, winner: int) -> bool:
    """Whether a completed trick went to the Excuse led to it: a led Excuse wins nothing
    but the last trick under R16's exception, so a leader who led it and won, won so."""
    return trick[0] == EXCUSE and winner == leader


@quick_init
@dataclass(frozen=True, slots=True)
class TakenTricks:
    """Completed tricks taken: the taker's pile, the Excuse half-points moved to him, and
    how many tricks each side won."""

    pile: int
    adjust: int
    taker_tricks: int
    defence_tricks: int


def take_tricks(table: RuleTable, tricks: Iterable[tuple[Sequence[int], int, int]],
                attack: int) -> TakenTricks:
    """:func:`take_trick` over the completed tricks in order, each ``(cards, leader,
    winner)``; the ``hand_size``-th is the last trick; ``attack``, the attack's seats."""
    pile = adjust = taker_tricks = defence_tricks = 0
    for index, (cards, leader, winner) in enumerate(tricks):
        last = index == table.hand_size - 1
        to_taker, moved = take_trick(table, cards, leader, winner, attack, last,
                                     last and won_by_led_excuse(cards, leader, winner),
                                     taker_tricks, defence_tricks)
        pile |= to_taker
        adjust += moved
        if attack >> winner & 1:
            taker_tricks += 1
        else:
            defence_tricks += 1
    return TakenTricks(pile, adjust, taker_tricks, defence_tricks)


def petit_side(trick: Sequence[int], winner_is_taker: bool) -> int:
    """TAKER or DEFENCE when the Petit is in ``trick``, as the side that won it; else 0."""
    if PETIT not in trick:
        return NEITHER
    return TAKER if winner_is_taker else DEFENCE


def petit_au_bout(table: RuleTable, last: int, before_last: int, exception: bool) -> int:
    """The side credited with petit au bout (R18, A19): ``last`` and ``before_last`` are
    :func:`petit_side` of the last trick and of the one before. A last trick won by the
    Excuse's exception leaves the Petit's chance to the trick before (and to the last
    one too, under the flag ``petit_au_bout_slam_counts_last_trick``)."""
    if not exception:
        return last
    return before_last or (last if table.petit_slam_counts_last else NEITHER)


# ---------------------------------------------------------------------------
# The score


def half_points(table: RuleTable, pile: int, adjustment: int = 0) -> int:
    """The card points of ``pile``, in half-points, plus ``adjustment``."""
    by_byte = table.points_by_byte
    return (adjustment + by_byte[0][pile & 255] + by_byte[1][pile >> 8 & 255]
            + by_byte[2][pile >> 16 & 255] + by_byte[3][pile >> 24 & 255]
            + by_byte[4][pile >> 32 & 255] + by_byte[5][pile >> 40 & 255]
            + by_byte[6][pile >> 48 & 255] + by_byte[7][pile >> 56 & 255]
            + by_byte[8][pile >> 64 & 255] + by_byte[9][pile >> 72 & 255])


def bouts_in(pile: int) -> int:
    return (pile & BOUT_MASK).bit_count()


@quick_init
@dataclass(frozen=True, slots=True)
class ContractScore:
    """The contract's part of the score, before bonuses (rule book 3.6)."""

    target: int  # half-points
    made: bool
    difference: int  # points, the half point rounded to the winner (A10)
    base: int  # signed, × the multiplier


def contract_score(table: RuleTable, contract: int, taker_half_points: int,
                   bouts: int) -> ContractScore:
    target = table.targets[bouts]
    made = taker_half_points >= target
    difference = (abs(taker_half_points - target) + 1) // 2  # half a point goes to the winner
    sign = 1 if made else -1
    return ContractScore(target, made, difference,
                         sign * (table.base_points + difference) * table.multipliers[contract])


def petit_bonus(table: RuleTable, contract: int, side: int) -> int:
    """Petit au bout's bonus per defender, signed for the taker."""
    return side * table.petit_per_multiplier * table.multipliers[contract]


def poignee_bonus(table: RuleTable, size: int, made: bool) -> int:
    """A poignée's bonus per defender, to the side that wins the contract (R8)."""
    return table.poignee_bonus[size] if made else -table.poignee_bonus[size]


def chelem_bonuses(table: RuleTable, declared: bool, taker_tricks: int,
                   defence_tricks: int) -> list[tuple[str, int]]:
    """The chelem lines of the score (R22–R24): (kind, bonus per defender)."""
    items = []
    if declared:
        if defence_tricks == 0:
            items.append(("declared_made", table.declared_made))
        else:
            items.append(("declared_failed", table.declared_failed))
    elif defence_tricks == 0:
        items.append(("undeclared_made", table.undeclared_made))
    if taker_tricks == 0:
        items.append(("defence_made", table.defence_made))
    return items


def per_defender(table: RuleTable, contract: int, pile: int, adjustment: int, petit: int,
                 poignee_sizes: Sequence[int], chelem_declared: bool, taker_tricks: int,
                 defence_tricks: int) -> int:
    """What each defender pays the taker (negative: is paid): the taker scores three times
    it. The sum of the itemised lines :mod:`tarot.engine.scoring` reports."""
    taker_half_points = half_points(table, pile, adjustment)
    contract_part = contract_score(table, contract, taker_half_points, bouts_in(pile))
    total = contract_part.base + petit_bonus(table, contract, petit)
    for size in poignee_sizes:
        total += poignee_bonus(table, size, contract_part.made)
    for _, bonus in chelem_bonuses(table, chelem_declared, taker_tricks, defence_tricks):
        total += bonus
    return total


def seat_scores(per_defender: int, seats: int, taker: int, partner: int | None
                ) -> list[int]:
    """Each seat's score (R24, V3-9, V5-11): each defender pays
    ``per_defender``, the partner (at five players, when not alone) scores it once, and
    the taker the rest, so that the scores sum to zero: 3·D at four players, 2·D at
    three, 2·D with a partner and 4·D alone at five."""
    scores = [-per_defender] * seats
    defenders = seats - 1
    if partner is not None:
        scores[partner] = per_defender
        defenders -= 2
    scores[taker] = defenders * per_defender
    return scores


# ---------------------------------------------------------------------------
# The call, at five players


def callable_mask(hand: int, king_with_four_kings: bool) -> int:
    """The cards a taker holding ``hand`` (his dealt cards) may call (V5-3): the four
    kings; the queens too if he holds the four kings; the knights too if he also holds
    the four queens; the jacks too if he also holds the four knights. Under
    ``king_with_four_kings = false`` (VD2) a rank he holds complete may not be called."""
    allowed = 0
    for rank in CALL_RANKS:
        rank_mask = RANK_MASKS[rank]
        complete = hand & rank_mask == rank_mask
        if king_with_four_kings or not complete:
            allowed |= rank_mask
        if not complete:
            break
    return allowed


def caller_holds_mask(called: int) -> int:
    """The cards a taker who called ``called`` holds, by the rule that let him call it
    (V5-3): every card of each rank above it (the four kings for a queen called, and the
    four queens too for a knight...); none for a king."""
    rank = called % 14 + 1
    return sum(RANK_MASKS[above] for above in CALL_RANKS if above > rank)


def opening_lead_mask(hand: int, called: int) -> int:
    """The cards ``hand`` may lead to the deal's first trick at five players (V5-16, VD7):
    no card of the called card's suit but the called card itself, unless the hand holds
    nothing else."""
    suit_mask = SUIT_MASKS[called // 14] if 0 <= called < DECK_SIZE and called < PETIT else 0
    kept = hand & ~(suit_mask & ~(1 << called))
    return kept or hand
