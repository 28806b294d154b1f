"""Random deals at three, four and five players: the invariants of RULES-3-5.md §4.7.

Each deal is played to its end with random legal actions, biased towards the rare cases
§4.7 names, by the kind of deal (``seed % KINDS``): a seat with many trumps, a seat with
the four kings, a seat that holds enough top trumps to win every trick (a slam of the
attack when it takes, of the defence when it does not), players who keep the Excuse and
the Petit for the last trick, a petit sec (a void deal, then a redeal), and at five a
taker who calls the king lying in the chien (or one of his own). Then each deal is
checked, not by asking the engine again but by the rules written out here: the 78 cards
conserved, the turn order of every auction and every trick, the void deals and the next
dealer, every card legal (following, trumping, overtrumping, the opening lead at five),
every trick's winner, the partner as the holder of the called card, the attack's card
points by the Excuse ledger (182 half-points in all), the A10 rounding, ``D`` as the sum
of its terms, and zero-sum scores with the shares of V3-9 and V5-11. At five players no
seat's view names the camps before that seat may know them (V5-17), checked at every
decision of every deal; and the view of every other seat is the same when the partner's
called card is swapped with a card of a defender's. A coverage test checks that the
rare cases were reached at each size.
"""

from __future__ import annotations

import random

import pytest
from conftest import report
from helpers import build_deal

from tarot.bots.random_player import random_action
from tarot.engine import phases
from tarot.engine.cards import (
    CARD_BY_CODE,
    EXCUSE,
    FULL_DECK_MASK,
    PETIT,
    TRUMP_BASE,
    TRUMP_MASK,
    mask_of_codes,
)
from tarot.engine.cards import CODES as CARD_BY_CODE_INV
from tarot.engine.events import (
    Action,
    Bid,
    Call,
    Chelem,
    ChienShown,
    Deal,
    Discard,
    Play,
    Redeal,
)
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.engine.state import NO_SEAT, DealState
from tarot.engine.views import view_for

SIZES = ("standard-3", "standard", "standard-5")
DEALS = 320  # a size; the slow tier plays more (test_many_random_deals)
KINDS = 8
MANY_TRUMPS = " ".join(f"T{n}" for n in range(5, 22)) + " EXC"
FOUR_KINGS = "KS KH KD KC T2 T3 T4 T5 T6 T7 T8"
SIMPLE_POIGNEE = {3: 13, 4: 10, 5: 8}  # R8, V3-6, V5-9
KEPT = ("EXC", "T1")  # what the "keep" kind holds back for the last trick


def is_trump(card: int) -> bool:
    return TRUMP_BASE < card < EXCUSE


def beats(card: int, best: int, led_suit: int) -> bool:
    """Written out again (rule book 3.4): a trump beats a lower trump and any suit card; a
    suit card beats only a lower card of the suit led."""
    if card == EXCUSE:
        return False
    if best < 0:
        return True
    if is_trump(card):
        return not is_trump(best) or card > best
    return not is_trump(best) and card // 14 == led_suit and card > best


def top_trumps(count: int) -> list[str]:
    return [f"T{n}" for n in range(21, 21 - count, -1)]


def a_game(rules_name: str, seed: int) -> Game:
    """A deal of kind ``seed % KINDS`` played to its end (see the module's docstring)."""
    rules = load_rules(rules_name)
    seats, hand_size = rules.players, rules.deal.hand_size
    kind = seed % KINDS
    rng = random.Random(seed)
    fixed: str | list[str] | None = None
    second: list[str] = []
    chien = ""
    simple = SIMPLE_POIGNEE[seats]
    if kind == 1 and (seed // KINDS) % 2 and seats != 3:
        # two seats with a simple poignée each (not at three: 13 + 13 > 22)
        fixed, second = top_trumps(simple), [f"T{n}" for n in range(22 - 2 * simple, 22 - simple)]
    elif kind == 1:
        fixed = MANY_TRUMPS.split()[-hand_size + 2:]
    elif kind == 2 and (seed // KINDS) % 2:
        fixed = FOUR_KINGS
    elif kind == 2:
        # the four kings, the top trumps, one ordinary card, and a chien holding the two
        # lowest trumps: a discard of trumps is forced (A15, V3-4, V5-7)
        fixed = ["KS", "KH", "KD", "KC", *top_trumps(hand_size - 5), "1S"]
        chien = " ".join(["T1", "T2", *(["2S", "3S", "4S", "5S"][:rules.deal.chien_size - 2])])
    elif kind == 4:
        # the top trumps and the Excuse, the rest kings: every trick but the Excuse's
        fixed = [*top_trumps(min(21, hand_size - 1)), "EXC"]
        fixed += ["KS", "KH", "KD", "KC"][:hand_size - len(fixed)]
    elif kind == 6:
        # the Petit alone, no Excuse: a petit sec, the deal void (A17, V3-11, V5-14)
        plain = [f"{rank}{suit}" for suit in "HDCS" for rank in
                 ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q")]
        fixed = ["T1", *rng.sample(plain, hand_size - 1)]
    elif kind == 7 and seats == 5:
        chien = "KD 2C 3C"  # a king in the chien, for the taker to call (V5-5)
    if fixed is not None or chien:
        given = {0: fixed} if fixed is not None else {}
        if second:
            given[1] = second
        hands, rest = build_deal(given, chien=chien, seats=seats)
        order = rng.sample(range(seats), seats)
        game = Game.from_deal([hands[i] for i in order], rest, rules=rules, seed=seed)
        strong = order.index(0) if kind in (2, 4) else None
    else:
        game = Game.new(seed, rules=rules)
        strong = None
    camps = CampsSeen(seats)
    for event in game.events:
        camps.on(event)
    while not game.is_over:
        for event in game.play(biased_action(game, kind, strong, rng)):
            camps.on(event)
        if seats == 5:
            camps.check(game)
    return game


class CampsSeen:
    """What each seat may know of the camps, from the events (V5-4, V5-6, V5-17): the
    called card's holder from the deal, everyone once it is played or shown in the chien."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.dealt: tuple[tuple[str, ...], ...] = ()
        self.chien: tuple[str, ...] = ()
        self.called: str | None = None
        self.public = False

    def on(self, event: object) -> None:
        if isinstance(event, Deal):
            self.dealt, self.chien, self.called, self.public = event.hands, event.chien, None, False
        elif isinstance(event, Call):
            self.called = event.card
        elif isinstance(event, Play) and event.card == self.called:
            self.public = True  # the reveal (V5-4)
        elif isinstance(event, ChienShown) and self.called in event.cards:
            self.public = True  # alone, the called card in the shown chien (V5-5)

    def check(self, game: Game) -> None:
        if self.called is None or game.is_over or self.public:
            return
        for seat in range(self.seats):
            attack = game.view(seat).attack
            if self.called in self.dealt[seat]:
                assert attack is not None, f"P{seat} holds {self.called} and is not told"
            else:
                assert attack is None, f"V5-17: P{seat} is told the camps {attack}"


def check_auctions(game: Game) -> None:
    """Every deal of the game, void ones included: the speakers in turn from the dealer's
    right, one call each (A25, V3-3, V5-2); a petit sec voids the deal before any call
    (A17, V3-11, V5-14), as do all passes; the deal then passes to the right (A18)."""
    seats = game.rules.players
    dealer, bids, sec, next_dealer = -1, [], [], None
    for event in game.events:
        if isinstance(event, Deal):
            assert next_dealer is None or event.dealer == next_dealer
            dealer, bids, next_dealer = event.dealer, [], None
            sec = [seat for seat, hand in enumerate(event.hands)
                   if [c for c in hand if c.startswith("T")] == ["T1"] and "EXC" not in hand]
        elif isinstance(event, Bid):
            assert not sec and len(bids) < seats
            assert event.seat == (dealer + 1 + len(bids)) % seats, "the auction's turn"
            bids.append(event.contract)
        elif isinstance(event, Redeal):
            if event.reason == "petit_sec":
                assert sec and not bids and event.seat in sec
            else:
                assert not sec and bids == [None] * seats
            assert event.next_dealer == (dealer + 1) % seats
            next_dealer = event.next_dealer


def biased_action(game: Game, kind: int, strong: int | None, rng: random.Random) -> Action:
    """A random legal action, with the bias of the deal's kind."""
    state = game.state
    if state.phase == phases.AUCTION and not state.call_due and kind == 2 \
            and state.deal_number == 0 and rng.random() < 0.5:
        # the four kings take a Garde half the time: the chien shown, perhaps trumps to discard
        if state.turn == strong and state.best_bid < 1:
            return Bid(seat=state.turn, contract="garde")
        return Bid(seat=state.turn, contract=None)
    if state.phase == phases.AUCTION and not state.call_due and kind == 3 \
            and rng.random() < 0.7:
        return Bid(seat=state.turn, contract=None)  # shy: sometimes all pass (A18)
    if state.phase == phases.AUCTION and not state.call_due and kind == 4 \
            and state.deal_number == 0:
        # the strong seat takes (and declares, below) or lets the others take alone
        takes = rng.random() < 0.5 if state.turn == strong else False
        best = state.best_bid
        if state.turn == strong and takes and best < 2:
            return Bid(seat=strong, contract="garde_sans")
        if state.turn != strong and best < 0 and rng.random() < 0.5:
            return Bid(seat=state.turn, contract="prise")
        return Bid(seat=state.turn, contract=None)
    if state.phase == phases.AUCTION and state.call_due and kind == 7:
        calls = [a for a in game.legal_actions() if isinstance(a, Call)]
        in_chien = [a for a in calls if state.chien >> CARD_BY_CODE[a.card] & 1]
        own = [a for a in calls if state.hands[state.taker] >> CARD_BY_CODE[a.card] & 1]
        pick = in_chien or own
        if pick:
            return rng.choice(pick)
    if state.phase == phases.DECLARATIONS and kind == 4 and state.taker == strong:
        return Chelem(seat=state.taker, declared=rng.random() < 0.8)
    if state.phase == phases.TRICKS and kind in (4, 5):
        actions = [a for a in game.legal_actions() if isinstance(a, Play)]
        if kind == 4 and state.turn == strong:
            # win every trick: the highest trump, the Excuse last (led under A5)
            trumps = [a for a in actions if a.card not in ("EXC",)]
            if trumps:
                return max(trumps, key=lambda a: CARD_BY_CODE[a.card])
        kept = [a for a in actions if a.card not in KEPT]
        if kind == 5 and kept:
            return rng.choice(kept)
        if kind == 4 and kept:
            return rng.choice(kept)
    return random_action(state, rng)


def check_deal(game: Game) -> None:
    check_auctions(game)
    rules = game.rules
    seats, hand_size = rules.players, rules.deal.hand_size
    state = game.state
    deal = next(e for e in reversed(game.events) if isinstance(e, Deal))
    start = game.events.index(deal)
    events = game.events[start:]
    # 78 cards, dealt once each, in hands and a chien of the rule set's sizes.
    hands = [mask_of_codes(h) for h in deal.hands]
    chien = mask_of_codes(deal.chien)
    assert [h.bit_count() for h in hands] == [hand_size] * seats
    union = chien
    for hand in hands:
        assert not union & hand
        union |= hand
    assert union == FULL_DECK_MASK and chien.bit_count() == 78 - seats * hand_size
    taker = state.taker
    # The call, and the partner: the holder of the called card among the other seats.
    calls = [e for e in events if isinstance(e, Call)]
    if seats == 5:
        assert len(calls) == 1 and calls[0].seat == taker
        called = CARD_BY_CODE[calls[0].card]
        holder = next((s for s in range(seats) if s != taker and hands[s] >> called & 1), None)
        assert game.partner == holder
    else:
        assert not calls and game.partner is None
        called = -1
    attack = {taker} | ({game.partner} if game.partner is not None else set())
    # Replay the card play on hands of our own: turn order, legality, winners.
    held = hands.copy()
    discards = [e for e in events if isinstance(e, Discard)]
    discard = mask_of_codes(discards[0].cards) if discards else 0
    if discards:
        held[taker] = (held[taker] | chien) & ~discard
    declared = any(isinstance(e, Chelem) and e.declared for e in events)
    plays = [e for e in events if isinstance(e, Play)]
    assert len(plays) == seats * hand_size
    leader = taker if declared else (deal.dealer + 1) % seats
    pile = 0
    attack_tricks = 0
    excuse_move = 0
    for number in range(hand_size):
        trick = plays[number * seats:(number + 1) * seats]
        done = state.tricks[number]
        assert done.leader == leader
        cards = [CARD_BY_CODE[p.card] for p in trick]
        best, best_index, led_suit = -1, -1, -1
        for index, (play, card) in enumerate(zip(trick, cards, strict=True)):
            seat = (leader + index) % seats
            assert play.seat == seat
            hand = held[seat]
            assert hand >> card & 1
            if card != EXCUSE:
                if led_suit < 0:
                    led_suit = TRUMP_BASE if is_trump(card) else card // 14
                    if number == 0 and called >= 0 and index == 0 and not is_trump(card) \
                            and card != called and card // 14 == called // 14:
                        others = [c for c in range(78) if hand >> c & 1
                                  and (c // 14 != called // 14 or c == called or c > PETIT - 1)]
                        assert not others, "V5-16: the called suit led"
                else:
                    suit_cards = [c for c in range(78) if hand >> c & 1 and not is_trump(c)
                                  and c != EXCUSE and c // 14 == led_suit] \
                        if led_suit != TRUMP_BASE else []
                    trumps = [c for c in range(78) if hand >> c & 1 and is_trump(c)]
                    if suit_cards:
                        assert card // 14 == led_suit and not is_trump(card), "must follow"
                    elif trumps:
                        assert is_trump(card), "must trump"
                        top = max((c for c in cards[:index] if is_trump(c)), default=-1)
                        if any(t > top for t in trumps):
                            assert card > top, "must overtrump"
            if beats(card, best, led_suit):
                best, best_index = card, index
            held[seat] &= ~(1 << card)
        last = number == hand_size - 1
        won_by_excuse = last and cards[0] == EXCUSE and done.winner == leader
        if not won_by_excuse:
            assert done.winner == (leader + best_index) % seats
        else:
            camp = leader in attack
            assert all((t.winner in attack) == camp for t in state.tricks[:-1])
        winner_attack = done.winner in attack
        trick_mask = sum(1 << c for c in cards)
        if winner_attack:
            pile |= trick_mask
            attack_tricks += 1
        if EXCUSE in cards:
            owner_attack = (leader + cards.index(EXCUSE)) % seats in attack
            if not last:
                if owner_attack and not winner_attack:
                    pile |= 1 << EXCUSE
                    excuse_move -= 1
                elif winner_attack and not owner_attack:
                    pile &= ~(1 << EXCUSE)
                    excuse_move += 1
            elif not won_by_excuse and owner_attack == winner_attack:
                pile ^= 1 << EXCUSE  # to the owner's opponents (R16, A3)
        leader = done.winner
    assert all(h == 0 for h in held)
    # The cards end in the tricks and the discard or chien: 78 again.
    played = sum(1 << CARD_BY_CODE[p.card] for p in plays)
    fate = state.chien_fate
    rest = discard if fate == "shown" else chien
    assert played | rest == FULL_DECK_MASK and not played & rest
    if fate in ("shown", "taker"):
        pile |= rest
    points = rules.points_table
    attack_half_points = sum(points[c] for c in range(78) if pile >> c & 1) + excuse_move
    defence_half_points = sum(points[c] for c in range(78) if not pile >> c & 1) - excuse_move
    settlement = game.settlement
    assert settlement is not None
    assert attack_half_points + defence_half_points == 182
    assert settlement.taker_half_points == attack_half_points
    assert settlement.defence_half_points == defence_half_points
    # A10, D as the sum of its terms, the shares.
    bouts = sum(1 for b in ("T1", "T21", "EXC") if pile >> CARD_BY_CODE[b] & 1)
    target = rules.scoring.target_half_points[bouts]
    assert settlement.contract_made == (attack_half_points >= target)
    gap = abs(attack_half_points - target)
    assert settlement.difference == gap // 2 + gap % 2
    multiplier = rules.contracts[state.contract].multiplier
    sign = 1 if settlement.contract_made else -1
    assert settlement.base == sign * (rules.scoring.base_points + settlement.difference) \
        * multiplier
    d = settlement.per_defender
    assert d == settlement.base + settlement.petit_au_bout_bonus + sum(
        p.bonus for p in settlement.poignees) + sum(c.bonus for c in settlement.chelem)
    assert isinstance(d, int) and len(settlement.scores) == seats
    assert sum(settlement.scores) == 0
    defenders = [s for s in range(seats) if s not in attack]
    assert all(settlement.scores[s] == -d for s in defenders)
    if game.partner is not None:
        assert settlement.scores[game.partner] == d
    assert settlement.scores[taker] == (len(defenders) - len(attack) + 1) * d
    assert (attack_tricks == hand_size) == (settlement.chelem != () and any(
        c.kind in ("declared_made", "undeclared_made") for c in settlement.chelem))


def cases_of(game: Game) -> set[str]:
    """The rare cases of §4.7 this deal reached."""
    settlement = game.settlement
    assert settlement is not None
    state = game.state
    last = [CARD_BY_CODE_INV[c] for c in state.tricks[-1].cards]
    kinds = {c.kind for c in settlement.chelem}
    found = {
        "poignee": bool(state.poignees),
        "two_poignees": len(state.poignees) >= 2,
        "trump_discarded": bool(state.discard & TRUMP_MASK),
        "slam_attack": bool(kinds & {"declared_made", "undeclared_made"}),
        "slam_defence": "defence_made" in kinds,
        "slam_declared": state.chelem_declared,
        "excuse_last": "EXC" in last,
        "petit_last": "T1" in last,
        "petit_au_bout": settlement.petit_au_bout is not None,
        "petit_sec": any(isinstance(e, Redeal) and e.reason == "petit_sec" for e in game.events),
        "all_passed": any(isinstance(e, Redeal) and e.reason == "all_passed"
                          for e in game.events),
        f"call_{state.call_case}": state.call_case is not None,
        f"contract_{state.contract_id}": True,
    }
    return {case for case, reached in found.items() if reached}


RARE_CASES = {"poignee", "two_poignees", "trump_discarded", "slam_attack", "slam_defence",
              "slam_declared", "excuse_last", "petit_last", "petit_au_bout", "petit_sec",
              "all_passed", "contract_prise", "contract_garde", "contract_garde_sans",
              "contract_garde_contre"}
CALL_CASES = {"call_partner", "call_self", "call_in_chien"}


def impossible(rules: str) -> set[str]:
    """At three players two poignées cannot be: 13 + 13 trumps > 21 trumps and the Excuse."""
    return {"two_poignees"} if rules == "standard-3" else set()


def run_and_count(rules: str, seeds: range) -> dict[str, int]:
    counts: dict[str, int] = dict.fromkeys(RARE_CASES | CALL_CASES, 0)
    for seed in seeds:
        game = a_game(rules, seed)
        check_deal(game)
        for case in cases_of(game):
            counts[case] += 1
    return counts


@pytest.mark.parametrize("rules", SIZES)
def test_random_deals_keep_the_invariants(rules: str) -> None:
    counts = run_and_count(rules, range(DEALS))
    missing = {case for case in RARE_CASES - impossible(rules) if not counts[case]}
    assert not missing, f"{rules}: never reached {sorted(missing)} in {DEALS} deals"
    assert counts["poignee"] > 10
    if rules == "standard-5":
        assert counts["call_self"] > 5 and counts["call_partner"] > 50
        assert counts["call_in_chien"] > 5
    else:
        assert not any(counts[case] for case in CALL_CASES)


@pytest.mark.slow
@pytest.mark.parametrize("rules", SIZES)
def test_many_random_deals(rules: str) -> None:
    counts = run_and_count(rules, range(DEALS, 3000))
    report(f"random deals at {load_rules(rules).players} seats (seeds {DEALS}..2999)",
           [f"{case}: {count}" for case, count in sorted(counts.items())])
    assert all(counts[case] >= 5 for case in RARE_CASES - impossible(rules)), counts


def swapped(state: DealState, defender: int) -> DealState:
    """The state with the called card and a card of ``defender``'s swapped: the called
    card's holder is then ``defender``."""
    other = state.clone()
    called = 1 << state.called
    card = other.hands[defender] & -other.hands[defender]
    other.hands[state.partner] = other.hands[state.partner] & ~called | card
    other.hands[defender] = other.hands[defender] & ~card | called
    other.partner = defender
    other.legal_cache = -1
    return other


@pytest.mark.parametrize("seed", range(40))
def test_no_view_names_the_partner_before_the_called_card_is_played(seed: int) -> None:
    """V5-17: at every decision before the called card is played, the view of each seat
    but the partner is the same whichever defender holds the called card; and the partner
    alone sees the attack (and the taker, when he called himself)."""
    rng = random.Random(seed)
    game = Game.new(seed, rules="standard-5")
    checked = 0
    while not game.is_over:
        state = game.state
        if state.called >= 0 and not state.played >> state.called & 1 \
                and state.phase != phases.DONE:
            for seat in range(5):
                view = view_for(state, seat)
                if state.partner == NO_SEAT:
                    continue
                assert (view.attack is not None) == (seat == state.partner), seat
                if seat == state.partner:
                    continue
                for defender in range(5):
                    if defender in (seat, state.taker, state.partner) \
                            or not state.hands[defender]:
                        continue
                    assert view_for(swapped(state, defender), seat) == view, (seat, defender)
                    checked += 1
        game.play(random_action(state, rng))
    partner = game.partner
    if partner is not None:
        assert all(game.view(s).attack == tuple(sorted({game.taker, partner}))
                   for s in range(5))
        assert checked > 0
