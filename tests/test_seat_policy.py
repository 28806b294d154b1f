"""The blind playout policy (tarot.bots.seat_policy): legal, scored like the engine,
deterministic, and deciding from the playing seat's knowledge alone."""

from __future__ import annotations

import dataclasses
import random

from tarot.bots.base import ask
from tarot.bots.knowledge import SLOTS, revealed_absent
from tarot.bots.playout import Position, Scoring, aware_card, play
from tarot.bots.rules_player import RulesPlayer
from tarot.bots.sampling import SamplingPlayer, Settings
from tarot.bots.seat_policy import EVERY_SEAT, ROOT, BlindPlayouts, SeatState, blind_card
from tarot.engine import phases
from tarot.engine.cards import CARD_BY_CODE, CODES, card_list
from tarot.engine.events import Play
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules

RULES = load_rules("standard")
BLIND = Settings(samples=4, max_playouts=12, exact_cards=2, blind=EVERY_SEAT)


def _card_play_start(seed: int) -> Game | None:
    """A game by rules players up to its first card (None: every seat passed, or a
    poignée or chelem would change the scoring the test builds)."""
    game = Game.new(seed=seed)
    rules = RulesPlayer()
    rng = random.Random(seed)
    while not game.is_over and game.phase != phases.TRICKS:
        game.play(ask(rules, game, rng))
    if game.is_over or game.state.chelem_declared:
        return None
    return game


def _position(game: Game) -> tuple[Position, Scoring, list[int]]:
    state = game.state
    sc = Scoring.of(RULES, state.contract_id or "", [], False)
    fate = state.chien_fate
    hidden = state.discard if fate == "shown" else state.chien
    pile = hidden if fate in ("shown", "taker") else 0
    pos = Position(list(state.hands), [], state.leader, state.taker, 0, pile, 0, 0, 0, 0)
    return pos, sc, [*state.hands, *[0] * (SLOTS - 1 - 4), hidden]


def test_blind_playouts_play_legal_cards_and_score_like_the_engine() -> None:
    """Every seat blind, from the first card: each card replayed in the real Game (which
    refuses an illegal one), and the playout's score is the settlement's."""
    compared = 0
    for seed in range(60, 76):
        game = _card_play_start(seed)
        if game is None:
            continue
        pos, sc, hands = _position(game)
        seat = pos.turn
        view = game.view(seat)
        legal = [a for a in game.legal_actions() if isinstance(a, Play)]
        if len(legal) < len(game.legal_actions()):
            continue  # a poignée may be declared: not this test's scoring
        first = RulesPlayer().choose(view, legal, random.Random(seed))
        assert isinstance(first, Play)
        fate = game.state.chien_fate or ""
        blind = BlindPlayouts(view, RULES.table.chien_size, 4, EVERY_SEAT, fate)
        # Record the cards the playout chooses by replaying them afterwards: a copy
        # of the position is played out, then its card sequence is read off the tricks.
        copy = pos.copy()
        result = blind.play_out(copy, CARD_BY_CODE[first.card], sc, hands)
        cards = _replay_cards(pos, CARD_BY_CODE[first.card], sc, hands, blind)
        for card in cards:
            turn = game.turn
            assert turn is not None
            game.play(Play(seat=turn, card=CODES[card]))
        assert game.settlement is not None
        assert game.settlement.per_defender == result
        compared += 1
    assert compared >= 6


def _replay_cards(pos: Position, card: int, sc: Scoring, hands: list[int],
                  blind: BlindPlayouts) -> list[int]:
    """The cards BlindPlayouts.play_out plays from ``pos`` after ``card``, found by
    running its loop again card by card (the policy is deterministic)."""
    pos = pos.copy()
    state = blind.state.copy()
    state.taker_aside = hands[-1] if blind.fate == "shown" else 0
    cards = []
    while True:
        cards.append(card)
        seat = pos.turn
        state.absent[seat] |= revealed_absent(pos.trick, card)
        if play(pos, card, sc) is not None:
            return cards
        card = blind_card(pos, sc, state, hands[-1])


def test_blind_card_ignores_how_the_unseen_cards_lie() -> None:
    """Moving cards between two other hands changes what aware_card plays now and then,
    never what blind_card plays: it decides from the seat's own knowledge."""
    rng = random.Random(5)
    aware_changed = 0
    checked = 0
    for seed in range(80, 100):
        game = _card_play_start(seed)
        if game is None:
            continue
        pos, sc, hands = _position(game)
        state = SeatState([0] * SLOTS, hands[-1] if game.state.chien_fate == "shown" else 0)
        while True:
            seat = pos.turn
            others = [s for s in range(4) if s != seat]
            x, y = rng.sample(others, 2)
            # Trade one card each way, same count: the union of the unseen cards stays.
            moved = pos.copy()
            if moved.hands[x] and moved.hands[y]:
                a = rng.choice(card_list(moved.hands[x]))
                b = rng.choice(card_list(moved.hands[y]))
                moved.hands[x] ^= 1 << a | 1 << b
                moved.hands[y] ^= 1 << a | 1 << b
            card = blind_card(pos, sc, state, hands[-1])
            assert blind_card(moved, sc, state, hands[-1]) == card
            assert pos.legal(pos.hands[seat]) >> card & 1
            aware_changed += aware_card(pos, sc) != aware_card(moved, sc)
            checked += 1
            state.absent[seat] |= revealed_absent(pos.trick, card)
            if play(pos, card, sc) is not None:
                break
    assert checked > 500
    assert aware_changed > 0  # the test can tell a policy that looks at the hands


def test_a_blind_sampling_player_is_deterministic_per_seed() -> None:
    for seed in (3, 4):
        runs = []
        for _ in range(2):
            game = Game.new(seed=seed)
            players = [SamplingPlayer(BLIND), RulesPlayer(),
                       SamplingPlayer(dataclasses.replace(BLIND, blind=ROOT)), RulesPlayer()]
            rngs = [random.Random(f"{seed}:{i}") for i in range(4)]
            while not game.is_over:
                s = game.turn
                assert s is not None
                game.play(ask(players[s], game, rngs[s]))  # Game.play refuses illegal ones
            runs.append(game.events)
        assert runs[0] == runs[1]
