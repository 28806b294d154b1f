"""A rules-based player: common-sense tarot from its seat's view only.

:class:`RulesPlayer` bids from a point count of its hand, discards to make
voids, shows a poignée when its side is likely to win the contract, and plays
cards by a one-trick estimate: for each legal card, how likely its side is to
win the trick, how many points the trick carries, and what the card is still
worth if kept. The probabilities come from what the seat has seen (its hand,
the cards played, the shown chien and poignées, who failed to follow suit)
with the unseen cards spread evenly over the places they may be.

It never looks at a game or a deal state: the view is its only input, so it
plays exactly as well with the hidden cards shuffled.

At three and five players (RULES-3-5) it plays by the same estimate with the table's
seats and camps. At five, the taker calls a king (:func:`choose_call`); while a seat does
not know the partner it counts another seat on its side when that is the likelier
case (the taker: only a seat more likely than not to hold the called card; a defender:
every seat but the taker unless that seat more likely than not holds it); the partner
plays the called card onto its taker's trick in the called suit, and once the called
card is played everyone knows the camps.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tarot.bots.base import petit_worth
from tarot.bots.hand_judgement import (
    choose_call,
    choose_discard,
    hand_strength,
    is_thin,
    sure_slam,
    thin_trumps_at,
)
from tarot.bots.knowledge import SeatKnowledge
from tarot.bots.rules_style import (
    ALONE_MARGIN,
    Style,
)

# The style's names stay importable from here, where they were.
from tarot.bots.rules_style import BID_THRESHOLDS_BY_SEATS as BID_THRESHOLDS_BY_SEATS
from tarot.bots.rules_style import SAMPLING_STYLE as SAMPLING_STYLE
from tarot.bots.rules_style import YARDSTICK_STYLE as YARDSTICK_STYLE
from tarot.engine import phases
from tarot.engine.cards import (
    CARD_BY_CODE,
    EXCUSE,
    EXCUSE_BIT,
    HONOUR_MASK,
    JACK,
    ORDINARY_MASK,
    PETIT,
    QUEEN,
    SUIT_MASKS,
    TRUMP_BASE,
    TRUMP_MASK,
    TRUMP_SUIT,
    TRUMPS_ABOVE,
    TWENTY_ONE,
    card_list,
    codes,
    mask_of_codes,
    rank_of,
    sort_key,
    suit_of,
)
from tarot.engine.events import Action, Bid, Call, Chelem, Discard, Play, Poignee
from tarot.engine.kernel import RuleTable, led_card, trick_winner_index
from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet
from tarot.engine.views import PlayerView

# Contract ids by strength level; a rule set with other ids is bid by position.
_LEVEL_OF_CONTRACT = {"prise": 1, "garde": 2, "garde_sans": 3, "garde_contre": 4}


def _suit_mask(suit: int) -> int:
    return TRUMP_MASK if suit == TRUMP_SUIT else SUIT_MASKS[suit]




def _higher_in_suit(card: int) -> int:
    """The cards of ``card``'s suit that beat it (trumps: the higher trumps)."""
    if card > TRUMP_BASE:
        return TRUMPS_ABOVE[card - TRUMP_BASE]
    suit = SUIT_MASKS[card // 14]
    return suit & ~((1 << (card + 1)) - 1)


class _Table:
    """What the seat knows at a card decision, and the odds it derives from it."""

    def __init__(self, view: PlayerView, table: RuleTable, seats: int = 4,
                 read_table: bool = True) -> None:
        facts = SeatKnowledge.from_view(view, table.chien_size, seats, read_table)
        self.facts = facts
        self.seats = seats
        self.seat = facts.seat
        self.taker = facts.taker
        self.hand = facts.hand
        self.trick = [CARD_BY_CODE[c] for c in view.trick]
        self.leader = view.leader if view.leader is not None else view.seat
        self.tricks_won_by = [t.winner for t in view.tricks]
        self.tricks_done = len(view.tricks)
        self.played = facts.played
        self.left = facts.left
        self.located = facts.located
        self.unknown = facts.unknown
        # Unseen cards may also lie in a hidden chien, or (for a defender) among
        # the taker's discarded ordinary cards.
        self.hidden_chien = 0 if facts.hidden_ordinary_only else facts.hidden
        self.hidden_discard = facts.hidden if facts.hidden_ordinary_only else 0
        self.slots = [facts.free(s) for s in range(seats)]
        self._odds: dict[tuple[int, int], float] = {}
        self._friends: dict[int, bool] = {}

    # -- odds ------------------------------------------------------------------

    def _may_hold(self, who: int, card: int) -> bool:
        return not self.facts.absent[who] >> card & 1

    def p_card(self, who: int, card: int) -> float:
        """Probability that seat ``who`` holds the unseen ``card``."""
        if self.located[who] >> card & 1:
            return 1.0
        if not self.unknown >> card & 1 or not self._may_hold(who, card):
            return 0.0
        key = (who, card)
        cached = self._odds.get(key)
        if cached is not None:
            return cached
        total = float(self.hidden_chien)
        if self.hidden_discard and (1 << card) & ORDINARY_MASK:
            total += self.hidden_discard
        for other in range(self.seats):
            if other != self.seat and self._may_hold(other, card):
                total += self.slots[other]
        p = self.slots[who] / total if total else 0.0
        self._odds[key] = p
        return p

    def p_any(self, who: int, mask: int) -> float:
        """Probability that ``who`` holds at least one card of ``mask``."""
        if mask & self.located[who]:
            return 1.0
        none = 1.0
        rest = mask & self.unknown
        while rest:
            low = rest & -rest
            none *= 1.0 - self.p_card(who, low.bit_length() - 1)
            rest ^= low
        return 1.0 - none

    def p_void(self, who: int, suit: int) -> float:
        if self.facts.is_void(who, _suit_mask(suit)):
            return 1.0
        return 1.0 - self.p_any(who, _suit_mask(suit))

    def p_beats(self, who: int, best: int, led_suit: int) -> float:
        """Probability that ``who``, still to play, can beat ``best`` in this trick."""
        if best > TRUMP_BASE:
            higher = self.p_any(who, TRUMPS_ABOVE[best - TRUMP_BASE])
            return higher if led_suit == TRUMP_SUIT else higher * self.p_void(who, led_suit)
        follow_higher = self.p_any(who, _higher_in_suit(best))
        ruff = self.p_void(who, led_suit) * self.p_any(who, TRUMP_MASK)
        return min(1.0, follow_higher + ruff)

    # -- the table -------------------------------------------------------------

    def friend(self, who: int) -> bool:
        facts = self.facts
        if facts.attack_known:
            return facts.in_attack(who) == facts.in_attack(self.seat)
        # Five players, the partner unknown to this seat (the taker, or a defender): the
        # likelier case, from the chance that ``who`` holds the called card.
        if who == self.taker:
            return self.seat == self.taker
        known = self._friends.get(who)
        if known is None:
            partner = self.p_card(who, facts.called) >= 0.5
            known = self._friends[who] = partner == (self.seat == self.taker)
        return known

    def in_attack(self, who: int) -> bool:
        """Whether ``who`` is in the attack as this seat counts it (:meth:`friend`)."""
        return self.friend(who) == self.facts.in_attack(self.seat)

    def after_me(self) -> list[int]:
        return [(self.seat + j) % self.seats for j in range(1, self.seats - len(self.trick))]

    def outstanding(self, mask: int) -> int:
        """The cards of ``mask`` that another seat (or a hidden chien) may still hold."""
        located = self.unknown
        for mask_here in self.located:
            located |= mask_here
        return mask & located

    def is_master(self, card: int) -> bool:
        return not self.outstanding(_higher_in_suit(card))

    def opponents_may_trump(self) -> bool:
        trumps = self.outstanding(TRUMP_MASK)
        return any(self.p_any(o, trumps) > 0 for o in range(self.seats)
                   if o != self.seat and not self.friend(o))


class RulesPlayer:
    """Common-sense tarot from the seat's view, the legal actions and nothing else."""

    name = "rules"

    def __init__(self, style: Style | None = None, rules: RuleSet | None = None) -> None:
        self.style = style or Style()
        self.rules = rules or load_rules()
        table = self.rules.table
        self.seats = self.rules.players
        self.points = table.points  # the rule set's card points, half-points by card
        self.lowest = min(table.points)
        self.petit_worth = petit_worth(table)
        style = self.style
        thresholds = {3: style.bid_thresholds_3, 5: style.bid_thresholds_5}.get(
            self.seats, style.bid_thresholds)
        self.bid_thresholds = tuple(t + self.style.bid_shift for t in thresholds)
        self.thin_trumps = thin_trumps_at(style.thin_trumps, self.seats)
        # A defender shows a poignée from this many trumps: four's number (the simple
        # poignée there), the smallest poignée at the other sizes.
        self.defender_poignee_trumps = (self.style.defender_poignee_trumps if self.seats == 4
                                        else min(self.rules.poignee_by_size))

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        # The rng is unused: every choice is a deterministic function of the view,
        # which is what makes the player's games reproducible and its tests exact.
        phase = view.phase
        if phase == phases.AUCTION:
            if any(isinstance(a, Call) for a in legal):
                return self._call(view, legal)
            return self._bid(view, legal)
        if phase == phases.CHIEN:
            return self._discard(view, legal)
        if phase == phases.DECLARATIONS:
            return Chelem(seat=view.seat, declared=sure_slam(mask_of_codes(view.hand)))
        if phase == phases.TRICKS:
            poignees = [a for a in legal if isinstance(a, Poignee)]
            if poignees and self._wants_poignee(view):
                # The largest level pays most; the offered subsets keep high trumps hidden.
                return max(poignees, key=lambda a: len(a.cards))
            plays = [a for a in legal if isinstance(a, Play)]
            legal_mask = mask_of_codes([a.card for a in plays])
            card = self._play(self._table(view), legal_mask)
            return Play(seat=view.seat, card=codes([card])[0])
        return legal[0]

    # -- auction ---------------------------------------------------------------

    def _bid(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        bids = [a for a in legal if isinstance(a, Bid)]
        hand = mask_of_codes(view.hand)
        strength = hand_strength(hand)
        wanted = sum(strength >= t for t in self.bid_thresholds)
        if wanted > 1 and is_thin(hand, self.thin_trumps):
            wanted = 1
        for action in bids:
            if action.contract is not None and _level(action.contract, bids) == wanted:
                return action
        # The contract this hand is worth is already bid (or above): pass.
        return next(a for a in bids if a.contract is None)

    # -- the call (five players) ------------------------------------------------

    def _call(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        calls = [a for a in legal if isinstance(a, Call)]
        hand = mask_of_codes(view.hand)
        # Alone (4·D won or lost) only far above a Garde contre's strength with a partner:
        # one against four, the 60 other cards all against him.
        alone = hand_strength(hand) >= self.bid_thresholds[3] + ALONE_MARGIN
        card = choose_call(hand, mask_of_codes(a.card for a in calls), alone)
        return next(a for a in calls if CARD_BY_CODE[a.card] == card)

    # -- discard ---------------------------------------------------------------

    def _discard(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        offered = next(a for a in legal if isinstance(a, Discard))
        called = CARD_BY_CODE[view.called] if view.called is not None else -1
        # Five players: the called suit is kept, to lead it and find the partner.
        keep = SUIT_MASKS[called // 14] if 0 <= called < PETIT else 0
        chosen = choose_discard(mask_of_codes(view.hand), len(offered.cards), self.points, keep)
        return Discard(seat=view.seat, cards=codes(sorted(card_list(chosen), key=sort_key)))

    # -- poignée ---------------------------------------------------------------

    def _wants_poignee(self, view: PlayerView) -> bool:
        hand = mask_of_codes(view.hand)
        if view.seat == view.taker or (view.attack is not None and view.seat in view.attack):
            # A taker (or his partner) with a poignée has the stronger side: the bonus is his.
            return True
        return (hand & TRUMP_MASK).bit_count() >= self.defender_poignee_trumps

    # -- card play -------------------------------------------------------------

    def _table(self, view: PlayerView) -> _Table:
        return _Table(view, self.rules.table, self.seats, self.style.read_table)

    def _play(self, t: _Table, legal: int) -> int:
        cards = card_list(legal)
        if len(cards) == 1:
            return cards[0]
        if self.seats == 5:
            revealing = self._partner_reveals(t, legal)
            if revealing is not None:
                return revealing
        if legal & EXCUSE_BIT and t.hand.bit_count() <= 2 and not self._slam_excuse(t):
            # The Excuse changes side on the last trick: it must go now.
            return EXCUSE
        petit_safe = t.hand >> PETIT & 1 and not t.opponents_may_trump()
        if petit_safe and t.hand.bit_count() > 1 and legal & ~(1 << PETIT):
            # No opponent can take the Petit any more: keep it for the last trick.
            legal &= ~(1 << PETIT)
            cards = card_list(legal)
            if len(cards) == 1:
                return cards[0]
        legal = self._guarded(t, legal)
        cards = card_list(legal)
        if len(cards) == 1:
            return cards[0]
        if not t.trick or t.trick == [EXCUSE]:
            lead = self._lead(t, legal)
            if lead is not None:
                return lead
        return self._best_by_value(t, cards)

    def guarded(self, view: PlayerView, legal: int) -> int:
        """The legal cards (a mask) without the beginner's mistakes this player's style
        guards against, never none: for other players that share the guards."""
        return self._guarded(self._table(view), legal)

    def _guarded(self, t: _Table, legal: int) -> int:
        """The legal cards without the beginner's mistakes the style guards against,
        never leaving none."""
        style = self.style
        if (legal >> PETIT & 1 and legal & ~(1 << PETIT)
                and self._p_with(t, PETIT) < style.guard_petit):
            legal &= ~(1 << PETIT)  # keep it: it is lost if played here
        if style.guard_honours and not t.facts.in_attack(t.seat) \
                and 1 <= len(t.trick) <= t.seats - 2 and t.taker in t.after_me():
            led = led_card(t.trick)
            if 0 <= led < PETIT:
                suit = _suit_mask(led // 14)
                low = legal & suit & ~HONOUR_MASK
                for card in card_list(legal & suit & HONOUR_MASK):
                    hopeless = (not t.is_master(card) or t.p_void(t.taker, led // 14) >= 1.0
                                or any(c > card and c != EXCUSE for c in t.trick))
                    if hopeless and low and low & ((1 << card) - 1) \
                            and self._p_with(t, card) < style.honour_charge:
                        legal &= ~(1 << card)  # a low card of the suit does as well
        if style.guard_void_leads:
            legal = void_lead_guard(t.facts, legal, not t.trick or t.trick == [EXCUSE])
        return legal

    def _p_with(self, t: _Table, card: int) -> float:
        """The chance our side takes the trick when ``card`` is played to it."""
        trick = [*t.trick, card]
        index = trick_winner_index(trick)
        if index < 0:
            return 0.0
        return self._p_ours(t, (t.leader + index) % t.seats, trick[index], trick, t.after_me())

    def _slam_excuse(self, t: _Table) -> bool:
        """A taker who has won every trick keeps the Excuse to lead it to trick 18 (R16).

        Only the taker: the defender who would lead trick 18 is whoever wins
        trick 17, and an Excuse merely played to the last trick changes side.
        """
        return (t.seat == t.taker and bool(t.tricks_won_by)
                and all(t.in_attack(w) for w in t.tricks_won_by))

    def _keep_value(self, t: _Table, card: int) -> float:
        """What a card is still worth to its side if kept for later, in half-points."""
        style = self.style
        if card == EXCUSE:
            return style.excuse_keep if t.hand.bit_count() > 4 else 0.0
        if card == TWENTY_ONE:
            return self.points[card] + style.capture_later
        if card == PETIT:
            others = (t.hand & TRUMP_MASK).bit_count() - 1
            out = t.outstanding(TRUMP_MASK).bit_count()
            # Protected by many trumps the Petit will usually come home later;
            # against many, its chance only shrinks as they are played.
            later = style.petit_base + style.petit_per_trump * (others - out / 3)
            later = min(0.95, max(0.1, later))
            return self.petit_worth * (2 * later - 1)
        if card > TRUMP_BASE:
            return style.trump_keep_base + style.trump_keep_slope * (card - TRUMP_BASE)
        if t.is_master(card) and rank_of(card) >= QUEEN:
            return self.points[card] * 0.5 + style.capture_later * 0.5
        return 0.0

    def _best_by_value(self, t: _Table, cards: list[int]) -> int:
        """The card with the best expected trick outcome plus its kept worth given up."""
        best_card = cards[0]
        best_value = float("-inf")
        for card in cards:
            value = self._value(t, card)
            if value > best_value + 1e-9:
                best_card, best_value = card, value
        return best_card

    def _value(self, t: _Table, card: int) -> float:
        trick = [*t.trick, card]
        after = t.after_me()
        if card == EXCUSE:
            # The Excuse stays with its side, which pays half a point if it loses the trick.
            before = t.trick
            if not before or before == [EXCUSE]:
                return -self.style.excuse_keep - 2.0  # a lead of the Excuse gives the lead away
            winner = (t.leader + trick_winner_index(before)) % t.seats
            best = before[trick_winner_index(before)]
            p_ours = self._p_ours(t, winner, best, before, after)
            points = sum(self.points[c] for c in before if c != EXCUSE)
            won, lost = self._stakes(t, points, after)
            return p_ours * won - (1 - p_ours) * (lost + 1) - self._keep_value(t, card)
        index = trick_winner_index(trick)
        winner = (t.leader + index) % t.seats
        if (not after and t.tricks_done == self.rules.table.hand_size - 1
                and trick[0] == EXCUSE and self._slam_excuse(t)):
            winner = t.leader  # R16: the Excuse led to the last trick after 17 wins
        p_ours = self._p_ours(t, winner, trick[index], trick, after)
        points = sum(self.points[c] for c in t.trick if c != EXCUSE)
        own = self.petit_worth if card == PETIT else self.points[card]
        if card == TWENTY_ONE:
            own = 0  # the 21 is never lost: its points are ours whatever happens
        won, lost = self._stakes(t, points + own, after)
        return p_ours * won - (1 - p_ours) * lost - self._keep_value(t, card)

    def _stakes(self, t: _Table, points: float, after: list[int]) -> tuple[float, float]:
        """The trick's expected worth if our side takes it, and if the other side does."""
        friends = sum(1 for who in after if t.friend(who))
        others = len(after) - friends
        load, low = self.style.later_load, self.style.later_low
        return (points + friends * load + others * low, points + others * load + friends * low)

    def _p_ours(self, t: _Table, winner: int, best: int, trick: list[int],
                after: list[int]) -> float:
        """Probability that our side takes the trick, now won by ``winner`` with ``best``."""
        led = led_card(trick)
        led_suit = suit_of(led) if led >= 0 else suit_of(best)
        if t.friend(winner):
            keep = 1.0
            for who in after:
                if not t.friend(who):
                    keep *= 1.0 - t.p_beats(who, best, led_suit)
            return keep
        # An opponent is winning: only a partner still to play can take it back
        # (an opponent after that partner could beat him again; ignored).
        rescue = 0.0
        for who in after:
            if t.friend(who):
                rescue = max(rescue, t.p_beats(who, best, led_suit))
            else:
                break
        return rescue

    # -- leads -----------------------------------------------------------------

    def _lead(self, t: _Table, legal: int) -> int | None:
        if t.seat == t.taker:
            return self._taker_lead(t, legal)
        return self._defender_lead(t, legal)

    def _cashable(self, t: _Table, legal: int) -> list[int]:
        """Masters of a suit that the opponents are unlikely to trump."""
        result = []
        for card in card_list(legal & ~TRUMP_MASK & ~EXCUSE_BIT):
            if not t.is_master(card):
                continue
            suit = card // 14
            ruff = 1.0
            for who in range(t.seats):
                if who != t.seat and not t.friend(who):
                    ruff *= 1.0 - t.p_void(who, suit) * t.p_any(who, t.outstanding(TRUMP_MASK))
            if 1.0 - ruff < 0.3:
                result.append(card)
        return result

    def _partner_reveals(self, t: _Table, legal: int) -> int | None:
        """The partner's called king (or queen…) onto his taker's trick in the called suit,
        where no trump has fallen: it takes the trick for the attack, or, if a defender
        trumps it behind, at least brings its points nowhere worse than a later trick
        would; it also tells the taker who his partner is."""
        called = t.facts.called
        if (called < 0 or not legal >> called & 1 or t.seat == t.taker or not t.trick
                or t.trick == [EXCUSE]):
            return None
        led = led_card(t.trick)
        index = trick_winner_index(t.trick)
        winner = (t.leader + index) % t.seats
        if led // 14 != called // 14 or led >= PETIT or t.trick[index] >= PETIT:
            return None
        return called if winner == t.taker or t.trick[index] < called else None

    def _taker_lead(self, t: _Table, legal: int) -> int | None:
        called = t.facts.called
        if (called >= 0 and not t.facts.attack_known and called < PETIT
                and not t.hand >> called & 1):
            # Five players: lead the called suit, low, to find the partner (a small card,
            # so that the king takes it): unless the opponents are likely to trump it.
            suit = legal & SUIT_MASKS[called // 14] & ~HONOUR_MASK
            if suit and t.p_void(t.taker, called // 14) < 1.0:
                return (suit & -suit).bit_length() - 1
        mine = legal & TRUMP_MASK
        out = t.outstanding(TRUMP_MASK)
        if mine and t.opponents_may_trump():
            count = mine.bit_count() - (mine >> PETIT & 1)
            if count > 0 and mine.bit_count() >= out.bit_count() + self.style.draw_margin:
                top = mine.bit_length() - 1
                if top > out.bit_length() - 1:
                    return top  # a master trump draws three of theirs
                drawable = mine & ~(1 << PETIT) & ~(1 << TWENTY_ONE)
                if drawable:
                    return (drawable & -drawable).bit_length() - 1
        cash = self._cashable(t, legal)
        if cash:
            return max(cash, key=lambda c: (self.points[c], -c))
        return self._cheap_lead(t, legal)

    def _defender_lead(self, t: _Table, legal: int) -> int | None:
        cash = self._cashable(t, legal)
        if cash:
            return max(cash, key=lambda c: (self.points[c], -c))
        taker = t.taker
        if t.p_any(taker, t.outstanding(TRUMP_MASK)) > 0.5:
            # Make the taker trump: a suit he is void in, led low, costs us little
            # and shortens the trumps that guard his Petit and beat our kings.
            for suit in range(4):
                cards = legal & SUIT_MASKS[suit]
                if cards and t.facts.is_void(taker, _suit_mask(suit)):
                    low = (cards & -cards).bit_length() - 1
                    if self.points[low] <= self.lowest:
                        return low
        return self._cheap_lead(t, legal)

    def _cheap_lead(self, t: _Table, legal: int) -> int | None:
        """A low lead that gives little away: a small card of a short suit without honours."""
        best: int | None = None
        best_key: tuple[float, ...] = ()
        for suit in range(4):
            cards = legal & SUIT_MASKS[suit]
            if not cards:
                continue
            low = (cards & -cards).bit_length() - 1
            honours = (cards & t.hand & ~((1 << (suit * 14 + JACK - 1)) - 1)).bit_count()
            key = (self.points[low], honours, cards.bit_count())
            if best is None or key < best_key:
                best, best_key = low, key
        if best is not None and self.points[best] <= self.lowest:
            return best
        if legal & EXCUSE_BIT and t.hand.bit_count() > 2:
            return EXCUSE
        return None  # only honours or trumps: let the trick values decide


def void_lead_guard(facts: SeatKnowledge, legal: int, leading: bool) -> int:
    """The legal cards (a mask) without a defender's two leads into the taker's voids, never
    leaving none:

    - a king, queen or knight of a suit the taker is known to lack (he trumps it, and
      its points go to him) while a card of another suit is legal;
    - a trump while a small card of such a suit is legal: that lead makes the taker
      trump (shortening the trumps that guard his Petit and beat the defence's kings)
      where a trump lead spends the defence's own.
    """
    if not leading:
        return legal
    voids = facts.taker_voids()
    if not voids:
        return legal
    suits = legal & ~TRUMP_MASK & ~EXCUSE_BIT
    into_void = suits & voids & HONOUR_MASK
    if into_void and suits & ~into_void:
        legal &= ~into_void
    if legal & voids & ~HONOUR_MASK and legal & TRUMP_MASK:
        legal &= ~TRUMP_MASK
    return legal


# ---------------------------------------------------------------------------
# The bid's level (the hand's evaluation, discard, call and slam are hand_judgement's)


def _level(contract: str, bids: Sequence[Bid]) -> int:
    level = _LEVEL_OF_CONTRACT.get(contract)
    if level is not None:
        return level
    # An unknown rule set: the legal bids are in increasing order after the pass.
    higher = [b.contract for b in bids if b.contract is not None]
    return 4 - len(higher) + 1 + higher.index(contract)
