"""One rules kernel for the engine and the players, with the rule set's numbers.

The sampling players' playouts settle a deal with :mod:`tarot.engine.kernel` as the
engine does. Here random deals are played to the end under three rule sets, the
standard one, the FFT one and a test-only one whose every number differs
(``tests/data/oddball.toml``: card points, targets, multipliers, petit au bout,
poignée and chelem bonuses, the Excuse's compensation, both scoring flags), and
the playout's own settlement of each deal, replayed card by card from the first
trick, must equal the engine's; so must that of every golden replay's decisions
under each rule set (the slams random play rarely reaches).

Both sides call the same kernel, so this checks what is each side's own: that
the players reach the kernel with the inputs the engine gives it (the pile, the
Excuse ledger, the trick counts, the Petit's trick, the contract, the poignées,
the rule set's numbers). Whether the kernel's rules are right is the rule book's
worked examples' job (``tests/test_vectors_*.py``). Not reached here: a Petit in
trick 17 of a deal whose last trick the Excuse wins by the exception (the
vectors cover it).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tarot.bots.playout import Position, Scoring, play
from tarot.bots.random_player import random_action
from tarot.engine import phases
from tarot.engine.cards import CARD_BY_CODE, EXCUSE, PETIT, TRUMP_MASK, card_list
from tarot.engine.events import Action, Play
from tarot.engine.game import Game
from tarot.engine.kernel import (
    BEATERS,
    beats,
    half_points,
    legal_play_mask,
    strongest_answer,
    trick_winner_index,
)
from tarot.engine.legal import legal_cards
from tarot.engine.rule_files import load_rules
from tarot.explain.audit import rescore
from tarot.log import read_log

ROOT = Path(__file__).resolve().parents[1]
RULE_FILES = ["standard", "fft", str(ROOT / "tests" / "data" / "oddball.toml")]
DEALS = 300


def playout_settlement(game: Game) -> int:
    """The per-defender score the playout code gives the finished ``game``'s card play."""
    replay = Game(game.header, game.rules)
    events = game.events
    first = next(i for i, e in enumerate(events) if isinstance(e, Play))
    for event in events[:first]:
        replay.record(event)
    state = replay.state
    end = game.state
    fate = state.chien_fate
    pile = state.discard if fate == "shown" else state.chien if fate == "taker" else 0
    pos = Position(list(state.hands), [], state.leader, state.taker, 0, pile, 0, 0, 0, 0)
    sc = Scoring.of(game.rules, state.contract_id or "",
                    [cards.bit_count() for _, cards in end.poignees], end.chelem_declared)
    result = None
    for event in events[first:]:
        if isinstance(event, Play):
            assert result is None
            result = play(pos, CARD_BY_CODE[event.card], sc)
    assert result is not None
    return result


def keeping_the_excuse(game: Game, rng: random.Random) -> Action:
    """A random legal action, but the Excuse only when nothing else is legal: so that it
    reaches the last trick, where the ledger's exceptions lie."""
    action = random_action(game.state, rng)
    if isinstance(action, Play) and action.card == "EXC":
        others = [c for c in game.legal_cards() if c != "EXC"]
        if others:
            return Play(seat=action.seat, card=rng.choice(others))
    return action


@pytest.mark.parametrize("rules_name", RULE_FILES)
def test_the_playouts_settle_every_deal_as_the_engine_does(rules_name: str) -> None:
    rules = load_rules(rules_name)
    # Seeded by the file's name, not its path: the same games wherever the checkout is.
    rng = random.Random(Path(rules_name).name)
    seen = {"contracts": set(), "poignees": 0, "petit_au_bout": 0, "chelem": 0,
            "excuse_in_last_trick": 0}
    for seed in range(DEALS):
        game = Game.new(seed, rules=rules)
        while not game.is_over:
            game.play(keeping_the_excuse(game, rng) if seed % 2 else
                      random_action(game.state, rng))
        settlement = game.settlement
        assert settlement is not None
        assert playout_settlement(game) == settlement.per_defender, (rules_name, seed)
        seen["contracts"].add(settlement.contract)  # type: ignore[attr-defined]
        seen["poignees"] += bool(settlement.poignees)
        seen["petit_au_bout"] += settlement.petit_au_bout is not None
        seen["chelem"] += bool(settlement.chelem)
        seen["excuse_in_last_trick"] += EXCUSE in game.state.tricks[-1].cards
    # The comparisons reached every contract and every bonus the kernel scores.
    assert len(seen["contracts"]) == 4, seen  # type: ignore[arg-type]
    assert min(seen["poignees"], seen["petit_au_bout"], seen["chelem"],  # type: ignore[type-var]
               seen["excuse_in_last_trick"]) > 0, seen


@pytest.mark.parametrize("rules_name", RULE_FILES)
def test_the_playouts_settle_the_golden_replays_as_the_engine_does(rules_name: str) -> None:
    """The named deals hold what random play rarely reaches (slams by either side, the
    Excuse led to the last trick, petit au bout in a slam): each golden replay's
    decisions, under each rule set, settled by the playout code and by the engine."""
    rules = load_rules(rules_name)
    slams = 0
    for path in sorted((ROOT / "replays").glob("*.jsonl")):
        logged = read_log(path)
        if logged.rules.players != rules.players:
            continue  # a deal of another table size: these rules cannot score it
        game = rescore(logged, rules).game
        if game is None or game.settlement is None:
            continue  # a decision the other rules refuse (a poignée size, say)
        assert playout_settlement(game) == game.settlement.per_defender, (rules_name, path)
        slams += any(c.kind != "declared_failed" for c in game.settlement.chelem)
    assert slams >= 3


def test_the_test_rule_set_differs_in_every_number_the_players_read() -> None:
    """Every card's points, every target, multiplier and bonus, and both flags differ from
    the standard set's (only the deal's geometry, 18 cards a hand, is the same)."""
    standard = load_rules("standard").table
    odd = load_rules(RULE_FILES[2]).table
    for field in ("points", "targets", "multipliers"):
        pairs = zip(getattr(standard, field), getattr(odd, field), strict=True)
        assert all(a != b for a, b in pairs), field
    assert all(standard.poignee_bonus[n] != odd.poignee_bonus[n] for n in standard.poignee_bonus)
    for field in ("base_points", "petit_per_multiplier", "declared_made", "declared_failed",
                  "undeclared_made", "defence_made", "compensation", "excuse_kept_in_any_slam",
                  "petit_slam_counts_last"):
        assert getattr(standard, field) != getattr(odd, field), field


@pytest.mark.parametrize("level", ["easy", "rules", "normal", "strong"])
def test_every_player_plays_by_the_game_rule_set(level: str) -> None:
    """The registry hands each player the game's rule set, and the rules player (alone,
    inside easy, and for the sampling players' bids and discards) weighs cards by its
    points and the Petit by its targets."""
    from tarot.bots.base import petit_worth
    from tarot.bots.registry import make_player
    from tarot.bots.rules_player import RulesPlayer

    odd = load_rules(RULE_FILES[2])
    player = make_player(level, odd)
    inner = getattr(player, "rules_player", None) or getattr(player, "fallback", player)
    assert isinstance(inner, RulesPlayer)
    assert inner.rules is odd and inner.points == odd.table.points
    assert inner.petit_worth == petit_worth(odd.table) != petit_worth(load_rules().table)
    if level in ("normal", "strong"):
        assert player.rules is odd  # type: ignore[attr-defined]


def test_a_rule_set_with_its_table_travels_to_a_worker_process() -> None:
    """tarot simulate pickles the rule set for its workers: the cached table with it."""
    import pickle

    rules = load_rules(RULE_FILES[2])
    assert rules.table.poignee_bonus  # cached on the instance
    again = pickle.loads(pickle.dumps(rules))
    assert again.table == rules.table and again.content_hash == rules.content_hash


@pytest.mark.parametrize("rules_name", RULE_FILES)
def test_a_pile_is_counted_by_bytes_as_card_by_card(rules_name: str) -> None:
    table = load_rules(rules_name).table
    rng = random.Random(Path(rules_name).name)
    masks = [0, (1 << 78) - 1, 1 << 77, 1 << 0, 0xFF << 56, 0xFF << 64]
    masks += [rng.getrandbits(78) for _ in range(500)]
    for mask in masks:
        by_card = sum(table.points[card] for card in range(78) if mask >> card & 1)
        assert half_points(table, mask, -3) == by_card - 3, hex(mask)


def test_the_winner_kept_card_by_card_is_the_winner_of_the_whole_trick() -> None:
    """The engine's DealState and the playouts' Position keep the trick's winner as cards
    come; it must be the one ``trick_winner_index`` finds from the cards, and the legal
    cards worked out from it the ones ``legal_play_mask`` finds."""
    rng = random.Random(7)
    compared = 0
    for seed in range(200):
        game = Game.new(seed)
        pos: Position | None = None
        sc: Scoring | None = None
        while not game.is_over:
            state = game.state
            if state.phase == phases.TRICKS and state.turn >= 0:
                if pos is None:
                    pos = Position(list(state.hands), [], state.leader, state.taker, 0, 0, 0,
                                   0, 0, 0)
                    sc = Scoring.of(game.rules, state.contract_id or "", [], False)
                hand = state.hands[state.turn]
                assert state.trick_best == trick_winner_index(state.trick)
                assert pos.trick == state.trick and pos.best == state.trick_best
                assert legal_cards(state) == legal_play_mask(hand, state.trick)
                assert pos.legal(hand) == legal_play_mask(hand, state.trick)
                compared += 1
            action = random_action(state, rng)
            if isinstance(action, Play):
                assert pos is not None and sc is not None
                play(pos, CARD_BY_CODE[action.card], sc)
            game.play(action)
    assert compared > 10_000


def test_the_beaters_table_is_beats_for_every_card_and_winner() -> None:
    for top in range(-1, EXCUSE + 1):
        for card in range(EXCUSE + 1):
            assert bool(BEATERS[top] >> card & 1) == beats(card, top), (card, top)


def test_the_strongest_answer_says_which_winning_cards_a_hand_can_take() -> None:
    """``top < strongest_answer(hand, led)`` exactly when a legal card of ``hand`` beats
    ``top``, for every winning card a trick led with ``led`` can have."""
    rng = random.Random(11)
    checked = 0
    for _ in range(3000):
        hand = rng.getrandbits(78) & rng.getrandbits(78)  # about 20 cards
        led = rng.randrange(EXCUSE)
        led_suit_or_trumps = range(PETIT, EXCUSE) if led >= PETIT else \
            [*range(led // 14 * 14, led // 14 * 14 + 14), *range(PETIT, EXCUSE)]
        for top in led_suit_or_trumps:
            if top < led and (top >= PETIT) == (led >= PETIT):
                continue  # a winning card is never below the card led, in its suit
            trick = [led] if top == led else [led, top]
            legal = legal_play_mask(hand & ~(1 << led) & ~(1 << top), trick)
            can_take = any(legal >> c & 1 and beats(c, top) for c in range(78))
            answer = strongest_answer(hand & ~(1 << led) & ~(1 << top), led)
            assert (top < answer) == can_take, (hex(hand), led, top)
            checked += 1
    assert checked > 50_000


def test_a_mask_lists_its_cards_lowest_first() -> None:
    rng = random.Random(5)
    masks = [0, 1, 1 << 77, (1 << 78) - 1, 0xFF << 8, TRUMP_MASK]
    masks += [rng.getrandbits(78) & rng.getrandbits(78) for _ in range(3000)]
    for mask in masks:
        assert card_list(mask) == [card for card in range(78) if mask >> card & 1], hex(mask)


def test_a_called_card_says_which_cards_its_caller_holds() -> None:
    """V5-3: whoever may call a card holds every card of the ranks above it; a king says
    nothing. Checked against ``callable_mask`` over hands that just allow each rank."""
    from tarot.engine.cards import mask_of_codes
    from tarot.engine.kernel import RANK_MASKS, callable_mask, caller_holds_mask

    rng = random.Random(29)
    for _ in range(400):
        hand = 0
        # Whole ranks from the top down, at random, so that queens, knights and jacks
        # become callable now and then; then a few other cards.
        for rank in (14, 13, 12):
            if rng.random() < 0.5:
                break
            hand |= RANK_MASKS[rank]
        hand |= mask_of_codes(rng.sample(["1S", "5H", "9D", "3C", "T4", "T17", "EXC"], 3))
        for called in range(56):
            if callable_mask(hand, True) >> called & 1:
                assert caller_holds_mask(called) & ~hand == 0, called
    assert caller_holds_mask(mask_of_codes(["KH"]).bit_length() - 1) == 0
    queen = mask_of_codes(["QD"]).bit_length() - 1
    assert caller_holds_mask(queen) == RANK_MASKS[14]
    jack = mask_of_codes(["JC"]).bit_length() - 1
    assert caller_holds_mask(jack) == RANK_MASKS[14] | RANK_MASKS[13] | RANK_MASKS[12]
