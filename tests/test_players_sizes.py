"""The computer players at three and five players (RULES-3-5): legal play at every level,
honesty (a decision depends on the seat's view alone, the partner's identity included),
the sampler's deals consistent with the call, and the rules player's call.

At five players the called card is public and its holder is not (V5-6, V5-17): a seat
that is neither the taker's partner nor told by a played called card must decide the
same whichever other seat holds it. The honesty tests move hidden cards between other
hands in ways the view cannot tell (same-suit cards, so voids and legality stay), the
called card among them, and ask the same player the same question on both deals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from helpers import build_deal

from tarot.bots.advice import advise, seat_score
from tarot.bots.base import Player, ask
from tarot.bots.blunders import blunders
from tarot.bots.knowledge import HIDDEN
from tarot.bots.playout import Position, Scoring, play
from tarot.bots.registry import MEASURING_PLAYERS, PLAYERS, make_player
from tarot.bots.rules_player import ALONE_MARGIN, RulesPlayer, choose_call, hand_strength
from tarot.bots.sampling import Knowledge, SamplingPlayer, Settings
from tarot.engine.cards import CARD_BY_CODE, CODES, SUIT_MASKS, mask_of_codes, parse_cards
from tarot.engine.events import Call, Deal, Play
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules

SIZES = ("standard-3", "standard-5")
# The sampling levels' code at a fraction of their thinking, so that 20 deals a size
# stay fast; the levels themselves play in the slow tier's test below.
QUICK = Settings(samples=4, max_playouts=16, exact_cards=2)
CHEAP_LEVELS = ("random", "easy", "rules", "rules-2026-11")


def cards(text: str) -> int:
    return sum(1 << c for c in parse_cards(text))


def play_out(game: Game, players: list[Player], seed: int) -> Game:
    """The game to its end, each action checked legal by Game.play (which refuses any
    other); a discard or poignée of the player's own making is checked there too."""
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(players))]
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        game.play(ask(players[seat], game, rngs[seat]))
    return game


@pytest.mark.parametrize("rules_name", SIZES)
@pytest.mark.parametrize("level", [*CHEAP_LEVELS, "sampling"])
def test_every_level_plays_twenty_deals_to_the_end(rules_name: str, level: str) -> None:
    rules = load_rules(rules_name)
    calls = 0
    for seed in range(1, 21):
        if level == "sampling":
            # One seat sampling, the others the rules player: the sampler's deals at
            # every seat over the 20 deals, against a taker who calls.
            players: list[Player] = [make_player("rules", rules) for _ in range(rules.players)]
            players[seed % rules.players] = SamplingPlayer(QUICK, rules=rules)
        else:
            players = [make_player(level, rules) for _ in range(rules.players)]
        game = play_out(Game.new(seed=seed, rules=rules), players, seed)
        settlement = game.settlement
        assert settlement is not None and sum(settlement.scores) == 0
        assert len(settlement.scores) == rules.players
        calls += any(isinstance(e, Call) for e in game.events)
    assert (calls > 0) == (rules.players == 5)


@pytest.mark.slow
@pytest.mark.parametrize("rules_name", SIZES)
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_sampling_levels_play_twenty_deals(rules_name: str, level: str) -> None:
    rules = load_rules(rules_name)
    for seed in range(1, 21):
        players: list[Player] = [make_player("rules", rules) for _ in range(rules.players)]
        players[seed % rules.players] = make_player(level, rules)
        assert play_out(Game.new(seed=seed, rules=rules), players, seed).settlement


# ---------------------------------------------------------------------------
# Honesty


def _games_in_play(rules_name: str, seeds: range) -> Iterator[Game]:
    """Games of rules players stopped at a card decision in tricks 2..6 (a different
    point for each seed)."""
    rules = load_rules(rules_name)
    player = RulesPlayer(rules=rules)
    for seed in seeds:
        game = Game.new(seed=seed, rules=rules)
        rng = random.Random(seed)
        stop = rules.players * (1 + seed % 5) + seed % rules.players
        while not game.is_over and game.state.deal_number == 0:
            if game.phase == "tricks" and game.state.played.bit_count() >= stop:
                yield game
                break
            game.play(ask(player, game, rng))


def _moved(game: Game, seat: int, holders: list[int]) -> Game | None:
    """The deal of ``game`` with, for each pair of seats in ``holders`` (neither ``seat``),
    one unplayed same-suit card swapped between them (the lowest each holds of a suit
    both hold, preferring the called card's suit, the called card itself first), the
    same actions replayed: what ``seat`` sees is the same; the hands are not. None if no
    such swap exists or the actions do not replay."""
    deal = next(e for e in game.events if isinstance(e, Deal))
    state = game.state
    dealt = [mask_of_codes(h) for h in deal.hands]
    shown = 0
    for _, m in state.poignees:
        shown |= m
    called = state.called
    x, y = holders
    swap = 0
    suits = list(range(4))
    if 0 <= called < 56:
        suits.remove(called // 14)
        suits.insert(0, called // 14)
    for suit in suits:
        a = state.hands[x] & SUIT_MASKS[suit] & ~shown & dealt[x]
        b = state.hands[y] & SUIT_MASKS[suit] & ~shown & dealt[y]
        if a and b:
            pick_a = 1 << called if called >= 0 and a >> called & 1 else a & -a
            pick_b = 1 << called if called >= 0 and b >> called & 1 else b & -b
            swap = pick_a | pick_b
            break
    if not swap:
        return None
    hands = [list(h) for h in deal.hands]
    for card in (CODES[c] for c in range(78) if swap >> c & 1):
        src = x if card in hands[x] else y
        dst = y if src == x else x
        hands[src].remove(card)
        hands[dst].append(card)
    other = Game.from_deal(hands, list(deal.chien), rules=game.rules, dealer=deal.dealer)
    try:
        for event in game.events:
            if event.type in ("bid", "call", "discard", "chelem", "poignee", "play"):
                other.play(event)  # type: ignore[arg-type]
    except Exception:  # the swapped deal refused an action: not a deal the view allows
        return None
    return other


LEVELS = [*PLAYERS, *MEASURING_PLAYERS]


@pytest.mark.parametrize("rules_name", SIZES)
@pytest.mark.parametrize("level", LEVELS)
def test_decisions_ignore_where_the_hidden_cards_are(rules_name: str, level: str) -> None:
    """Every level decides the same on two deals its seat cannot tell apart; at five
    players the called card changes hands between two other seats (before it is
    played, the decider not its holder): the partner is another seat, or none."""
    rules = load_rules(rules_name)
    player = make_player(level, rules)
    compared = partner_moved = 0
    for game in _games_in_play(rules_name, range(1, 40)):
        seat = game.turn
        assert seat is not None
        state = game.state
        called = state.called
        if rules.players == 5:
            if called < 0 or state.played >> called & 1 or state.hands[seat] >> called & 1:
                continue  # the camps are public, or the seat is the partner
            holder = state.partner
            if holder < 0:
                continue  # the taker alone: the called card is his or in the chien
            others = [s for s in range(5) if s not in (seat, state.taker, holder)]
            holders = [holder, others[(state.played.bit_count()) % len(others)]]
        else:
            holders = [s for s in range(rules.players) if s != seat][:2]
        other = _moved(game, seat, holders)
        if other is None:
            continue
        assert other.state.hands != state.hands
        assert other.view(seat) == game.view(seat)
        if rules.players == 5 and other.partner != game.partner:
            partner_moved += 1
        assert ask(player, game, random.Random(99)) == ask(player, other, random.Random(99))
        compared += 1
        if compared >= (4 if level in ("normal", "strong") else 12):
            break
    assert compared >= 4
    if rules.players == 5:
        assert partner_moved >= 2, "the partner's identity moved in some of the deals"


# ---------------------------------------------------------------------------
# The sampler and the call


def _five_player_views(seeds: range) -> Iterator[tuple[Game, int]]:
    """Five-player games of rules players in the card play before the called card falls,
    with a partner, and a seat to look from: the taker or a defender."""
    for game in _games_in_play("standard-5", seeds):
        state = game.state
        seat = game.turn
        assert seat is not None
        if state.partner < 0 or state.played >> state.called & 1 or seat == state.partner:
            continue
        yield game, seat


def test_samples_at_five_respect_the_call() -> None:
    """The called card is never dealt to the taker (nor to the seat that looks), each
    sample's partner is its holder there, and a defender's samples do not all name the
    true partner: it does not know who holds the card."""
    rules = load_rules("standard-5")
    looked = defenders = 0
    for game, seat in _five_player_views(range(1, 60)):
        state = game.state
        view = game.view(seat)
        assert view.attack is None  # the seat does not know the camps
        know = Knowledge(view, rules.table.chien_size, None, seats=5)
        rng = random.Random(seat)
        holders = set()
        called = 1 << state.called
        for _ in range(60):
            hands = know.sample(rng)
            assert not hands[state.taker] & called or seat == state.taker
            assert sum(bool(h & called) for h in hands) == 1
            assert hands[seat] == mask_of_codes(view.hand) and not hands[seat] & called
            for s in range(5):
                if s != seat:
                    assert hands[s].bit_count() == state.hands[s].bit_count()
            assert hands[HIDDEN].bit_count() == know.capacity[HIDDEN] + know.located[
                HIDDEN].bit_count()
            holder = next((s for s in range(5) if hands[s] & called), None)
            attack = know.attack_of(hands)
            assert attack == (1 << state.taker | (1 << holder if holder is not None else 0))
            holders.add(holder)
        looked += 1
        places = [s for s in range(HIDDEN + 1) if s not in (seat, state.taker)
                  and know.capacity[s] > 0 and not know.forbidden[s] & called]
        if seat != state.taker and len(places) >= 2:
            defenders += 1
            assert len(holders) >= 2, "a defender's samples name more than one partner"
        if looked >= 15:
            break
    assert looked >= 10 and defenders >= 3


def test_samples_at_three_have_the_sizes_of_three() -> None:
    rules = load_rules("standard-3")
    for game in _games_in_play("standard-3", range(1, 8)):
        seat = game.turn
        assert seat is not None
        know = Knowledge(game.view(seat), rules.table.chien_size, None, seats=3)
        hands = know.sample(random.Random(1))
        assert [hands[s].bit_count() for s in range(3)] == [
            game.state.hands[s].bit_count() for s in range(3)]
        assert hands[3] == hands[4] == 0
        hidden = 6 - (game.state.discard.bit_count() if game.view(seat).chien else 0)
        assert hands[HIDDEN].bit_count() in (0, hidden, 6)


def test_playouts_count_the_partners_tricks_for_the_attack() -> None:
    """A trick the partner wins goes to the attack's pile (the camp of the sample)."""
    rules = load_rules("standard-5")
    sc = Scoring.of(rules, "garde", [], False)
    trick = [CARD_BY_CODE[c] for c in ("2H", "3H", "KH", "4H")]
    hands = [0, 0, 0, 0, cards("5H")]
    with_partner = Position(hands.copy(), trick.copy(), 0, 0, 3, 0, 0, 0, 0, 0, 2,
                            attack=1 << 0 | 1 << 2, seats=5)
    alone = Position(hands.copy(), trick.copy(), 0, 0, 3, 0, 0, 0, 0, 0, 2, attack=1 << 0,
                     seats=5)
    for pos in (with_partner, alone):
        assert play(pos, CARD_BY_CODE["5H"], sc) is None
        assert pos.leader == 2
    assert with_partner.pile == cards("2H 3H KH 4H 5H") and with_partner.taker_tricks == 1
    assert alone.pile == 0 and alone.defence_tricks == 1


# ---------------------------------------------------------------------------
# The rules player's call, bids and play at five


@pytest.mark.parametrize(("hand", "callable_cards", "alone", "expected"), [
    # The king of the suit where the taker holds the queen (and length).
    ("KS QH 2H 3H 4D T1 T2 T3", "KS KH KD KC", False, "KH"),
    # Knight and length beat a bare suit.
    ("KS NC 2C 3C 4C 4D T1", "KS KH KD KC", False, "KC"),
    # The four kings held: a queen, of the suit with the knight.
    ("KS KH KD KC NH 2H T1", "KS KH KD KC QS QH QD QC", False, "QH"),
    ("KS KH KD KC ND 2D T1", "QS QH QD QC", False, "QD"),
    # Strong enough to play alone: his own king, of his longest suit.
    ("KS 2S 3S 4S KH T1", "KS KH KD KC", True, "KS"),
])
def test_the_call(hand: str, callable_cards: str, alone: bool, expected: str) -> None:
    assert choose_call(cards(hand), cards(callable_cards), alone) == CARD_BY_CODE[expected]


def test_the_rules_player_calls_a_card_it_lacks_and_rarely_itself() -> None:
    """A king the taker lacks, or with the four kings a queen; his own king (alone) only
    with a hand far above a Garde contre's."""
    rules = load_rules("standard-5")
    player = RulesPlayer(rules=rules)
    cases = {"partner": 0, "self": 0, "in_chien": 0}
    kings = cards("KS KH KD KC")
    for seed in range(1, 120):
        game = Game.new(seed=seed, rules=rules)
        rng = random.Random(seed)
        while game.phase == "auction" and game.state.deal_number == 0:
            game.play(ask(player, game, rng))
        case = game.state.call_case
        if case is None:
            continue
        cases[case] += 1
        deal = game.events[0]
        assert isinstance(deal, Deal)
        taker_hand = mask_of_codes(deal.hands[game.state.taker])
        called = game.state.called
        if taker_hand & kings == kings:
            assert CODES[called][0] == "Q"
        else:
            assert CODES[called][0] == "K"
            assert case != "self" or hand_strength(taker_hand) >= 79 + ALONE_MARGIN
    assert cases["partner"] >= 100 and cases["self"] <= 1


def test_the_partner_plays_the_called_king_onto_the_takers_lead() -> None:
    """P0 takes, calls KH, wins trick 1 with the 21 and leads a small heart to trick 2; P1
    follows with its only heart, and P2, who holds KH, plays it: it takes the trick for
    the attack and shows itself."""
    rules = load_rules("standard-5")
    taker = "2H 3H T21 T20 T19 T18 T17 T16 T15 T14 T13 KS KD KC EXC"
    hands, chien = build_deal({0: taker, 1: "6H", 2: "KH 4H 5H"}, chien="2S 3S 4S",
                              avoid={1: "H"}, seats=5)
    game = Game.from_deal(hands, chien, rules=rules, dealer=4)
    player = RulesPlayer(rules=rules)
    rng = random.Random(0)
    game.play("garde")
    while game.turn != 0:
        game.play(game.legal_actions()[0])  # the others pass
    game.play(Call(seat=0, card="KH"))
    assert game.partner == 2
    while game.phase != "tricks" or game.turn != 0:
        game.play(ask(player, game, rng))
    game.play(Play(seat=0, card="T21"))
    while game.state.trick:
        game.play(ask(player, game, rng))
    assert game.state.tricks[0].winner == 0 and game.turn == 0
    game.play(Play(seat=0, card="2H"))
    game.play(ask(player, game, rng))
    assert game.state.trick[-1] == CARD_BY_CODE["6H"]
    assert ask(player, game, rng) == Play(seat=2, card="KH")


def test_blunders_at_three_and_five() -> None:
    """The mistakes are judged by camp at every size, with the tricks' numbers of the size."""
    for rules_name in SIZES:
        rules = load_rules(rules_name)
        players: list[Player] = [make_player("random", rules) for _ in range(rules.players)]
        for seed in range(1, 6):
            game = play_out(Game.new(seed=seed, rules=rules), players, seed)
            found, decisions = blunders(game, range(rules.players))
            assert decisions > 0
            # A card's trick, 1..the hand size; a bid's, 0 (the auction).
            assert all(1 <= b.trick <= rules.deal.hand_size
                       or (b.kind == "thin_garde" and b.trick == 0) for b in found)


def test_the_hint_at_five_counts_the_seats_share() -> None:
    """The hint's score for the seat: the taker scores 2·D with a partner, the partner
    D and sits on the attack's side (V5-11)."""
    rules = load_rules("standard-5")
    player = SamplingPlayer(QUICK, rules=rules)
    seen = set()
    for game in _games_in_play("standard-5", range(1, 40)):
        state = game.state
        seat = game.turn
        assert seat is not None
        if state.partner < 0 or state.played >> state.called & 1:
            continue
        role = "taker" if seat == state.taker else "partner" if seat == state.partner else None
        if role is None or role in seen:
            continue
        legal = mask_of_codes(a.card for a in game.legal_actions() if isinstance(a, Play))
        advice = advise(player, game.view(seat), legal)
        assert advice.taker_side and advice.share == (2 if role == "taker" else 1)
        card = advice.best
        assert seat_score(advice, card) == round(advice.share * advice.outcomes[card].value)
        seen.add(role)
    assert seen == {"taker", "partner"}


def test_the_camps_the_rules_player_counts_at_five() -> None:
    """Once the called card is played every seat counts the partner in the attack (a
    defender does not help it); before, the taker counts no seat a partner unless it more
    likely than not holds the called card, and a defender counts every seat but the taker
    on its side unless that seat likely holds it."""
    rules = load_rules("standard-5")
    player = RulesPlayer(rules=rules)
    after = before = 0
    for seed in range(1, 40):
        game = Game.new(seed=seed, rules=rules)
        rng = random.Random(seed)
        while not game.is_over and game.state.deal_number == 0:
            state = game.state
            seat = game.turn
            assert seat is not None
            if game.phase == "tricks" and state.partner >= 0 and seat != state.partner:
                table = player._table(game.view(seat))  # the player's own odds
                attack = {state.taker, state.partner}
                if state.played >> state.called & 1:
                    for other in range(5):
                        assert table.friend(other) == ((other in attack) == (seat in attack))
                    after += 1
                else:
                    for other in range(5):
                        if other == seat:
                            continue
                        likely = table.p_card(other, state.called) >= 0.5
                        if seat == state.taker:
                            mine = likely
                        else:
                            mine = other != state.taker and not likely
                        assert table.friend(other) == mine
                    before += 1
            game.play(ask(player, game, rng))
    assert after >= 50 and before >= 50
