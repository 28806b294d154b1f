"""The sampling player: honest determinizations, view-only decisions, the fast playout core."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from tarot.bots.advice import advise
from tarot.bots.base import Player, ask
from tarot.bots.playout import (
    Position,
    Scoring,
    aware_card,
    distinct_cards,
    greedy_card,
    play,
    solve,
)
from tarot.bots.registry import HINT_LEVEL, make_player
from tarot.bots.rules_player import RulesPlayer
from tarot.bots.sampling import (
    EXCUSE_KEPT_UNTIL,
    HIDDEN,
    TAKER_BIAS,
    Knowledge,
    SamplingPlayer,
    Settings,
    TakerBias,
)
from tarot.engine import phases
from tarot.engine.cards import (
    CARD_BY_CODE,
    CODES,
    EXCUSE_BIT,
    SUIT_MASKS,
    TRUMP_MASK,
    card_list,
    mask_of_codes,
    parse_card,
)
from tarot.engine.events import Action, Deal, Play
from tarot.engine.game import Game
from tarot.engine.kernel import legal_play_mask
from tarot.engine.rule_files import load_rules
from tarot.engine.views import PlayerView

RULES = load_rules("standard")
FAST = Settings(samples=4, max_playouts=12, exact_cards=2)


def _mask(codes: tuple[str, ...] | list[str]) -> int:
    return sum(1 << CARD_BY_CODE[c] for c in codes)


def _games_to_tricks(seeds: range, stop_at: int) -> list[tuple[Game, list[Action]]]:
    """Games played by RulesPlayer up to card number ``stop_at`` of the card play."""
    out = []
    rules = RulesPlayer()
    for seed in seeds:
        game = Game.new(seed=seed)
        actions: list[Action] = []
        cards = 0
        rng = random.Random(seed)
        while not game.is_over:
            if game.phase == phases.TRICKS and cards == stop_at:
                break
            action = ask(rules, game, rng)
            cards += isinstance(action, Play)
            actions.append(action)
            game.play(action)
        if not game.is_over:
            out.append((game, actions))
    return out


@pytest.mark.parametrize("bias", [None, TAKER_BIAS])
def test_determinizations_are_consistent_with_the_view(bias: TakerBias | None) -> None:
    rng = random.Random(5)
    checked = 0
    for stop in (0, 9, 30, 55):
        for game, _ in _games_to_tricks(range(12), stop):
            state = game.state
            for seat in range(4):
                view = game.view(seat)
                know = Knowledge(view, RULES.deal.chien_size, bias)
                truth = state.hands
                # The inferences are sound: the true deal obeys them.
                for s in range(4):
                    if s != seat:
                        assert truth[s] & know.forbidden[s] == 0
                        assert know.located[s] & ~truth[s] == 0
                seen = view.known_cards() - set(view.chien or ()) if seat != view.taker \
                    else view.known_cards()
                seen_mask = _mask(list(seen))
                voids = _voids(view)
                for _ in range(5):
                    hands = know.sample(rng)
                    assert hands[seat] == truth[seat]
                    for s in range(4):
                        assert hands[s].bit_count() == truth[s].bit_count()
                        if s != seat:
                            assert hands[s] & seen_mask & ~know.located[s] == 0
                            assert hands[s] & voids[s] == 0
                    every = hands[0] | hands[1] | hands[2] | hands[3] | hands[HIDDEN]
                    assert sum(h.bit_count() for h in hands) == every.bit_count()
                    hidden_size = 6 if view.chien is None else (
                        0 if seat == view.taker else 6 - _mask(view.discard).bit_count())
                    assert hands[HIDDEN].bit_count() == hidden_size
                    assert every | state.played | (state.discard if view.chien else 0) \
                        == (1 << 78) - 1
                    checked += 1
    assert checked > 500


def test_a_defender_deals_the_taker_the_strong_hand_his_bid_promised() -> None:
    """The taker's share of the unseen bouts and trumps: real, unbiased and biased samples."""
    real = unbiased = biased = 0
    rng = random.Random(8)
    for game, _ in _games_to_tricks(range(300, 360), 0):
        state = game.state
        for seat in range(4):
            if seat == state.taker:
                continue
            view = game.view(seat)
            plain = Knowledge(view, RULES.deal.chien_size)
            leaning = Knowledge(view, RULES.deal.chien_size, TAKER_BIAS)
            strong = (TRUMP_MASK | EXCUSE_BIT) & plain.unknown
            real += (state.hands[state.taker] & strong).bit_count()
            unbiased += (plain.sample(rng)[state.taker] & strong).bit_count()
            biased += (leaning.sample(rng)[state.taker] & strong).bit_count()
    # The bid says the taker is strong: unbiased sampling badly underrates him.
    assert unbiased < 0.85 * real
    assert abs(biased - real) < 0.1 * real


def _voids(view: PlayerView) -> list[int]:
    """Suits each seat showed it lacks (recomputed here, independently of the player)."""
    voids = [0, 0, 0, 0]
    for t in view.tricks:
        cards = [CARD_BY_CODE[c] for c in t.cards]
        led = next((c for c in cards if c != 77), None)
        if led is None:
            continue
        suit_mask = TRUMP_MASK if led > 55 else SUIT_MASKS[led // 14]
        for i, c in enumerate(cards):
            if c != 77 and not (1 << c) & suit_mask:
                voids[(t.leader + i) % 4] |= suit_mask
    return voids


@pytest.mark.parametrize("level", ["fast", "evidence", "blind", "random", "easy", "rules",
                                   "rules-2026-11", "normal", "strong", "hint"])
def test_decision_ignores_where_the_hidden_cards_really_are(level: str) -> None:
    """Every level, the yardstick and the hint (its card and its reasons) decide the same
    when hidden cards move between two other hands in ways the view cannot tell."""
    quick = {"fast": FAST, "evidence": dataclasses.replace(FAST, evidence=0.3),
             "blind": dataclasses.replace(FAST, blind=2)}
    player = SamplingPlayer(quick[level]) if level in quick else make_player(
        HINT_LEVEL if level == "hint" else level)
    compared = 0
    for game, actions in _games_to_tricks(range(20, 32), 22):
        state = game.state
        seat = game.turn
        assert seat is not None
        others = [s for s in range(4) if s != seat]
        shown = 0
        for _, m in state.poignees:
            shown |= m
        # Swap same-suit side cards still in hand between two other seats: every
        # void and trump cap stays true, so the seat's view cannot tell the deals apart.
        x, y = others[0], others[1]
        first = Game.new(seed=game.header.seed)
        dealt = first.events[0]
        assert isinstance(dealt, Deal)
        if game.state.deal_number != 0:
            continue
        # Only cards dealt to them (not picked up from the chien) are swapped.
        dealt_x = _mask(dealt.hands[x])
        dealt_y = _mask(dealt.hands[y])
        swap = 0
        for suit in range(4):
            a = state.hands[x] & SUIT_MASKS[suit] & ~shown & dealt_x
            b = state.hands[y] & SUIT_MASKS[suit] & ~shown & dealt_y
            if a and b:
                swap |= (a & -a) | (b & -b)
        if not swap:
            continue
        hands = [set(h) for h in dealt.hands]
        for card in (CODES[c] for c in range(78) if swap >> c & 1):
            src = x if card in hands[x] else y
            dst = y if src == x else x
            hands[src].remove(card)
            hands[dst].add(card)
        other = Game.from_deal([sorted(h) for h in hands], dealt.chien)
        for action in actions:
            other.play(action)
        assert other.state.hands != game.state.hands
        assert other.view(seat) == game.view(seat)
        if level == "hint":
            assert isinstance(player, SamplingPlayer)
            legal = mask_of_codes(a.card for a in game.legal_actions() if isinstance(a, Play))
            assert advise(player, game.view(seat), legal) == \
                advise(player, other.view(seat), legal)
        else:
            assert ask(player, game, random.Random(99)) == ask(player, other, random.Random(99))
        compared += 1
    assert compared >= 5


def test_plays_legal_cards_and_is_deterministic_per_seed() -> None:
    for seed in (1, 2):
        runs = []
        for _ in range(2):
            game = Game.new(seed=seed)
            players: list[Player] = [SamplingPlayer(FAST), RulesPlayer(), SamplingPlayer(FAST),
                                     RulesPlayer()]
            rngs = [random.Random(f"{seed}:{i}") for i in range(4)]
            while not game.is_over:
                s = game.turn
                assert s is not None
                action = ask(players[s], game, rngs[s])
                assert action in game.legal_actions() or not isinstance(action, Play)
                game.play(action)  # Game.play refuses any illegal action
            runs.append(game.events)
        assert runs[0] == runs[1]


def _sc(contract: str = "garde") -> Scoring:
    return Scoring.of(RULES, contract, [], False)


def test_exact_search_finds_the_winning_line_in_a_two_card_ending() -> None:
    # Taker (seat 0) leads with T21 and KS; seat 1 has no spade but a trump.
    # KS first is ruffed by T5; T21 first draws T5, then KS wins the last trick.
    hands = [_mask(["T21", "KS"]), _mask(["T5", "3H"]), _mask(["QS", "4H"]),
             _mask(["JS", "5H"])]
    sc = _sc()
    pos = Position(hands, [], 0, 0, 16, 0, 0, 5, 11, 0)
    values = {}
    for card in ("T21", "KS"):
        child = pos.copy()
        assert play(child, parse_card(card), sc) is None
        values[card] = solve(child, sc)
    assert values["T21"] > values["KS"]
    assert solve(pos.copy(), sc) == values["T21"]


@pytest.mark.parametrize("policy", [greedy_card, aware_card])
def test_playout_scores_like_the_engine(policy: Callable[[Position, Scoring], int]
                                        ) -> None:
    """The policy's cards replayed in the real Game (which refuses an illegal card) give the
    playout's own per-defender score."""
    compared = 0
    for game, _ in _games_to_tricks(range(40, 60), 0):
        state = game.state
        if state.poignees or state.chelem_declared:
            continue
        sc = Scoring.of(RULES, state.contract_id or "", [], False)
        fate = state.chien_fate
        pile = state.discard if fate == "shown" else state.chien if fate == "taker" else 0
        pos = Position(list(state.hands), [], state.leader, state.taker, 0, pile, 0, 0, 0, 0)
        result = None
        while result is None:
            seat = pos.turn
            card = policy(pos, sc)
            if game.turn == seat and game.phase == phases.TRICKS:
                legal = game.legal_actions()
                poignee = [a for a in legal if not isinstance(a, Play)]
                if poignee:
                    break
            game.play(Play(seat=seat, card=CODES[card]))
            result = play(pos, card, sc)
        else:
            assert game.settlement is not None
            assert game.settlement.per_defender == result
            compared += 1
    assert compared >= 8


def _minimax(pos: Position, sc: Scoring) -> int:
    """Every legal card at every node, no cut-offs: the reference for ``solve``."""
    seat = pos.turn
    values = []
    for card in card_list(legal_play_mask(pos.hands[seat], pos.trick)):
        child = pos.copy()
        result = play(child, card, sc)
        values.append(result if result is not None else _minimax(child, sc))
    return max(values) if seat == pos.taker else min(values)


def test_pruned_exact_search_agrees_with_plain_minimax() -> None:
    """Alpha-beta over one card of each equivalent run gives the full game-tree value."""
    checked = 0
    endings = [ending for stop_at in (57, 58, 59, 60)
               for ending in _games_to_tricks(range(200 + stop_at, 208 + stop_at), stop_at)]
    for game, _ in endings:
        state = game.state
        sc = Scoring.of(RULES, state.contract_id or "", [c.bit_count() for _, c in state.poignees],
                        state.chelem_declared)
        fate = state.chien_fate
        pile = state.discard if fate == "shown" else state.chien if fate == "taker" else 0
        for t in state.tricks:
            if t.winner == state.taker:
                pile |= sum(1 << c for c in t.cards)
        pos = Position(list(state.hands), list(state.trick), state.leader, state.taker,
                       len(state.tricks), pile, 0, 0, len(state.tricks), 0, state.trick_best)
        assert solve(pos.copy(), sc) == _minimax(pos, sc)
        checked += 1
    assert checked >= 20


def test_equivalent_cards_are_pruned_only_when_nothing_lies_between() -> None:
    points = RULES.points_table
    run = _mask(["T5", "T7", "2H", "4H", "JH", "KH"])
    # T6 and 3H out of play: T5-T7 and 2H-4H are runs; JH and KH differ in points.
    assert [CODES[c] for c in distinct_cards(run, points, 0)] == ["2H", "JH", "KH", "T5"]
    # T6 still out there (or on the table) keeps T5 and T7 apart.
    kept = distinct_cards(run, points, _mask(["T6"]))
    assert [CODES[c] for c in kept] == ["2H", "JH", "KH", "T5", "T7"]
    assert CODES[distinct_cards(_mask(["T1", "T2"]), points, 0)[1]] == "T2"  # the Petit is a bout
    # Nothing between the Petit and the 21, same points, yet the Petit may be kept back
    # for petit au bout: both stay.
    assert len(distinct_cards(_mask(["T1", "T21"]), points, 0)) == 2


def test_the_excuse_is_worth_keeping_until_the_last_four_cards() -> None:
    keep = Settings(samples=6, max_playouts=60, exact_cards=2, excuse_keep=6)
    spend = Settings(samples=6, max_playouts=60, exact_cards=2, excuse_keep=0)
    checked = {"early": 0, "late": 0}
    sizes: set[int] = set()
    # After one trick, and with 5, 4 and 3 cards left (each side of the threshold).
    for stop_at in (4, 52, 56, 60):
        for game, _ in _games_to_tricks(range(1, 60), stop_at):
            seat = game.turn
            assert seat is not None
            legal = sum(1 << parse_card(a.card) for a in game.legal_actions()
                        if isinstance(a, Play))
            if not legal & EXCUSE_BIT or legal == EXCUSE_BIT:
                continue
            view = game.view(seat)
            kept = SamplingPlayer(keep).card_values(view, legal, random.Random(5))
            spent = SamplingPlayer(spend).card_values(view, legal, random.Random(5))
            excuse = parse_card("EXC")
            multiplier = RULES.contracts[RULES.contract_index[view.contract or ""]].multiplier
            early = len(view.hand) > EXCUSE_KEPT_UNTIL
            # Same samples, so only the Excuse moves, and only while the hand is long.
            assert kept[excuse] == spent[excuse] - (6 * multiplier if early else 0)
            assert {c: v for c, v in kept.items() if c != excuse} == \
                {c: v for c, v in spent.items() if c != excuse}
            checked["early" if early else "late"] += 1
            sizes.add(len(view.hand))
    assert checked["early"] >= 6 and checked["late"] >= 6
    assert {5, 4} <= sizes
