"""A hand judged on its own, pure functions of its cards: its strength for the bid, whether
its trumps are thin at the table's size, the discard, the king to call, a sure slam. The
rules player decides with them; the contract evaluator and the tests use them too."""

from __future__ import annotations

from tarot.engine.cards import (
    EXCUSE_BIT,
    JACK,
    KING,
    KING_MASK,
    KNIGHT,
    PETIT,
    QUEEN,
    SUIT_MASKS,
    TRUMP_BASE,
    TRUMP_MASK,
    TRUMPS_ABOVE,
    TWENTY_ONE,
    card_list,
    rank_of,
)
from tarot.engine.legal import DiscardOptions, discard_options_for


def thin_trumps_at(trumps: int, seats: int) -> int:
    """The thin-hand cap ``trumps`` (at four players; -1: none) at a table of ``seats``.
    Thin at four is five trumps or fewer; a hand of 24 cards (three players) holds one
    more on average, one of 15 (five) one fewer."""
    return trumps + {3: 1, 5: -1}.get(seats, 0) if trumps >= 0 else -1


def is_thin(hand: int, trumps: int = 5) -> bool:
    """A hand thin for a Garde: at most ``trumps`` trumps and at most one king."""
    return (hand & TRUMP_MASK).bit_count() <= trumps and (hand & KING_MASK).bit_count() <= 1


def hand_strength(hand: int) -> int:
    """A point count of a dealt hand; about 61 breaks even in a Garde.

    The weights were fitted to this player's own results as a forced Garde
    taker against its own defence (12,000 deals): trumps and bouts carry a
    hand, kings count but far less than in the usual club counts, and length
    and shortness in the suits add little once trumps are counted.
    """
    trumps = hand & TRUMP_MASK
    count = trumps.bit_count()
    score = 4 * count + 2 * (trumps & TRUMPS_ABOVE[15] & ~(1 << TWENTY_ONE)).bit_count()
    if hand >> TWENTY_ONE & 1:
        score += 20
    if hand & EXCUSE_BIT:
        score += 16
    if hand >> PETIT & 1:
        # The Petit is a bout only if it comes home: each trump guarding it helps.
        score += 14 + max(0, count - 4)
    for suit in range(4):
        cards = hand & SUIT_MASKS[suit]
        length = cards.bit_count()
        king = cards >> (suit * 14 + KING - 1) & 1
        queen = cards >> (suit * 14 + QUEEN - 1) & 1
        knight = cards >> (suit * 14 + KNIGHT - 1) & 1
        score += 7 * king + 2 * queen + knight - (king & queen)
        score += max(0, length - 4)
        if length == 0 or (length == 1 and not king):
            score += 2
    return score


def choose_discard(hand: int, size: int, points: tuple[int, ...], keep: int = 0) -> int:
    """The taker's discard as a mask: voids first, then the cards he would lose anyway.

    Discarded points count for the taker, so a queen or a knight that a
    defender's king would capture is better discarded than a small card. The cards of
    ``keep`` (at five players, the called suit) stay in hand when the others suffice.
    """
    options = discard_options_for(hand, size)
    if keep and not options.trumps_required and (options.ordinary & ~keep).bit_count() >= size:
        options = DiscardOptions(size, options.ordinary & ~keep, options.trumps, 0)
    if options.trumps_required:
        trumps = card_list(options.trumps)[: options.trumps_required]
        return options.ordinary | sum(1 << c for c in trumps)
    chosen = 0
    budget = size
    suits = []
    for suit in range(4):
        cards = options.ordinary & SUIT_MASKS[suit]
        if cards:
            king = hand >> (suit * 14 + KING - 1) & 1
            suits.append((king, cards.bit_count(), -sum(points[c] for c in card_list(cards)),
                          suit, cards))
    # Shortest suits without their king first: each void lets the taker trump.
    for king, length, _, _, cards in sorted(suits):
        if length <= budget and (not king or length <= 2):
            chosen |= cards
            budget -= length
    if budget:
        rest = options.ordinary & ~chosen
        lengths = {s: (rest & SUIT_MASKS[s]).bit_count() for s in range(4)}

        def keep_order(card: int) -> tuple[int, int, int]:
            suit = card // 14
            has_king = hand >> (suit * 14 + KING - 1) & 1
            # Honours without their king are lost to a defender's king: bank them.
            bank = points[card] if not has_king else -points[card]
            return (lengths[suit], -bank, rank_of(card))

        for card in sorted(card_list(rest), key=keep_order)[:budget]:
            chosen |= 1 << card
    return chosen


def choose_call(hand: int, callable_cards: int, alone: bool = False) -> int:
    """The card a taker at five players calls (V5-3), from his dealt ``hand`` and the
    ``callable_cards`` (a mask, the kings, and more with four kings).

    A king he does not hold, of the suit where his own cards help it most: the queen
    (master once the king has fallen), the knight, then length (cards to lead, to find
    the partner). With the four kings, a queen the same way (or, the flag allowing, a
    king: calling himself). ``alone``, for a hand strong enough to play one against four
    (about a Garde contre's), he calls his own king of his longest suit, a rare case.
    """
    def worth(card: int) -> tuple[int, int]:
        suit = card // 14
        cards = hand & SUIT_MASKS[suit]
        above = cards & ~((1 << card) - 1)  # what he holds of the suit from the card up
        below = [bool(cards >> (suit * 14 + r - 1) & 1) for r in (QUEEN, KNIGHT, JACK)]
        score = 6 * below[0] + 3 * below[1] + below[2] + 2 * cards.bit_count()
        return (score - 4 * above.bit_count(), -card)

    own = callable_cards & hand
    if alone and own & KING_MASK:
        kings = card_list(own & KING_MASK)
        return max(kings, key=lambda c: ((hand & SUIT_MASKS[c // 14]).bit_count(), -c))
    others = callable_cards & ~hand
    if others & KING_MASK:
        return max(card_list(others & KING_MASK), key=worth)
    if others:  # the four kings held: a queen (or lower), the same way
        top_rank = max(rank_of(c) for c in card_list(others))
        ranked = [c for c in card_list(others) if rank_of(c) == top_rank]
        return max(ranked, key=worth)
    return max(card_list(callable_cards), key=lambda c: (-rank_of(c), -c))


def sure_slam(hand: int) -> bool:
    """Declare a chelem only when it cannot reasonably fail.

    Every suit card must be a king (masters once trumps are drawn), and the top
    trumps must outnumber the trumps the defenders can hold, so that leading
    them from the top draws every defender trump.
    """
    if hand & ~(TRUMP_MASK | KING_MASK | EXCUSE_BIT):
        return False
    trumps = hand & TRUMP_MASK
    theirs = 21 - trumps.bit_count()
    top_run = 0
    for number in range(21, 0, -1):
        if not trumps >> (TRUMP_BASE + number) & 1:
            break
        top_run += 1
    return trumps.bit_count() >= 13 and top_run >= theirs
