"""Random deals at three, four and five players: the invariants of RULES-3-5.md §4.7.

Each deal is played to its end with random legal actions (a quarter of them from a deal
where the first seat holds many trumps, a quarter where it holds the four kings, so that
the rare cases come up: poignées, forced trump discards, a taker who calls himself);
then checked, not by asking the engine again but by the rules written out here: the 78
cards conserved, the turn order, every card legal (following, trumping, overtrumping,
the opening lead at five), every trick's winner, the partner as the holder of the called
card, the attack's card points by the Excuse ledger (182 half-points in all), the A10
rounding, ``D`` as the sum of its terms, and zero-sum scores with the shares of V3-9 and
V5-11. At five players no seat's view depends on who holds the called card until it is
played (V5-17): the view of every other seat is the same when the partner's called card
is swapped with a card of a defender's.
"""

from __future__ import annotations

import random

import pytest
from helpers import build_deal

from tarot.bots.random_player import random_action
from tarot.engine import phases
from tarot.engine.cards import (
    CARD_BY_CODE,
    EXCUSE,
    FULL_DECK_MASK,
    PETIT,
    TRUMP_BASE,
    mask_of_codes,
)
from tarot.engine.events import Call, Chelem, Deal, Discard, Play
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.engine.state import NO_SEAT, DealState
from tarot.engine.views import view_for

SIZES = ("standard-3", "standard", "standard-5")
DEALS = 240  # a size; the slow tier plays more (test_many_random_deals)
MANY_TRUMPS = " ".join(f"T{n}" for n in range(5, 22)) + " EXC"
FOUR_KINGS = "KS KH KD KC T2 T3 T4 T5 T6 T7 T8"


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


def a_game(rules_name: str, seed: int) -> Game:
    rules = load_rules(rules_name)
    kind = seed % 4
    if kind in (1, 2):
        fixed = MANY_TRUMPS.split()[-rules.deal.hand_size + 2:] if kind == 1 else FOUR_KINGS
        hands, chien = build_deal({0: fixed}, seats=rules.players)
        order = random.Random(seed).sample(range(len(hands)), len(hands))
        game = Game.from_deal([hands[i] for i in order], chien, rules=rules, seed=seed)
    else:
        game = Game.new(seed, rules=rules)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(random_action(game.state, rng))
    return game


def check_deal(game: Game) -> None:
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


@pytest.mark.parametrize("rules", SIZES)
def test_random_deals_keep_the_invariants(rules: str) -> None:
    cases = {"call_self": 0, "call_partner": 0, "call_in_chien": 0, "poignee": 0}
    for seed in range(DEALS):
        game = a_game(rules, seed)
        check_deal(game)
        case = game.state.call_case
        if case is not None:
            cases[f"call_{case}"] += 1
        cases["poignee"] += bool(game.state.poignees)
    assert cases["poignee"] > 10
    if rules == "standard-5":
        assert cases["call_self"] > 5 and cases["call_partner"] > 50
    else:
        assert cases["call_self"] == cases["call_partner"] == cases["call_in_chien"] == 0


@pytest.mark.slow
@pytest.mark.parametrize("rules", SIZES)
def test_many_random_deals(rules: str) -> None:
    for seed in range(DEALS, 3000):
        check_deal(a_game(rules, seed))


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
