"""The compiled search core agrees with the Python code it copies, position by position.

``tarot.bots._search_core`` (``_search_core.c``) is an accelerated copy of
:mod:`tarot.bots.playout`, never a second authority: the Python code, on the rules kernel,
is the reference. Over thousands of positions at three, four and five seats, under every
shipped rule set and test-only ones with other numbers (``tests/data/oddball*.toml``:
other card points, targets, multipliers, bonuses, Excuse and petit au bout switches), the
two give the same card from the policy (``aware_card``, ``greedy_card``), the same
playout (score and the position it leaves), the same exact value (``solve``) and the same
per-card results (``card_results``, the sampling player's inner loop).

The positions are of two kinds: every card decision of deals played by the rules player
(the positions the sampling player meets), and made-up ones — random hands, a random
trick, pile, trick counts and Excuse ledger — that reach what real play rarely does (a
side with every trick so far, the Excuse led to the last trick, the Petit in the last
two tricks), under a random contract, poignées and chelem declaration.

Skipped, saying why, where the core is not built (no compiler) or is switched off
(``TAROT_PURE_PYTHON``): the Python code is then the only one that runs.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tarot.bots import playout as py
from tarot.bots import search_core
from tarot.bots.base import ask
from tarot.bots.rules_player import RulesPlayer
from tarot.engine import kernel
from tarot.engine.cards import DECK_SIZE
from tarot.engine.game import Game
from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet
from tarot.engine.state import DealState

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
RULE_SETS = sorted(path.stem for path in (ROOT / "rules").glob("*.toml")) + [
    str(DATA / name) for name in ("oddball.toml", "oddball-3.toml", "oddball-5.toml")]

CORE = search_core.CORE
needs_core = pytest.mark.skipif(
    CORE is None, reason="the compiled search core is not built here (no C compiler when "
    "the package was installed) or TAROT_PURE_PYTHON is set: the Python code alone runs")


def _random_scoring(rules: RuleSet, rng: random.Random) -> py.Scoring:
    """A Scoring under a random contract, poignées and chelem declaration."""
    contract = rng.choice(rules.contracts).id
    sizes = sorted(rules.poignee_by_size)
    poignees = [rng.choice(sizes) for _ in range(rng.choice((0, 0, 0, 1, 2)))]
    return py.Scoring.of(rules, contract, poignees, rng.random() < 0.15)


def _from_game(state: DealState) -> py.Position:
    """The position of a deal in play, every hand known, as the sampling player builds it."""
    rules = state.rules
    attack = state.attack
    tricks = [(t.cards, t.leader, t.winner) for t in state.tricks]
    taken = kernel.take_tricks(rules.table, tricks, attack)
    petit_prev = (kernel.petit_side(tricks[-1][0], bool(attack >> tricks[-1][2] & 1))
                  if tricks else 0)
    fate = rules.contracts[state.contract].chien
    extra = state.discard if fate == "shown" else state.chien if fate == "taker" else 0
    return py.Position(list(state.hands), list(state.trick), state.leader, state.taker,
                       len(state.tricks), taken.pile | extra, taken.adjust, taken.taker_tricks,
                       taken.defence_tricks, petit_prev, kernel.trick_winner_index(state.trick),
                       attack, rules.players)


def game_positions(rules: RuleSet, seeds: range) -> Iterator[py.Position]:
    """Every card decision of deals the rules player plays."""
    player = RulesPlayer(rules=rules)
    for seed in seeds:
        game = Game.new(seed=seed, rules=rules)
        rng = random.Random(seed)
        while not game.is_over and game.state.deal_number == 0:
            if game.phase == "tricks":
                yield _from_game(game.state)
            game.play(ask(player, game, rng))


def made_up_position(rules: RuleSet, rng: random.Random) -> py.Position:
    """Random hands of ``k`` cards (fewer for the seats that already played to the trick),
    a trick of random legal cards, and a random past: pile, trick counts (often one side
    with all of them), Excuse ledger, the Petit's side in the trick before."""
    seats = rules.players
    hand_size = rules.deal.hand_size
    k = rng.choice([1, 1, 2, 2, 3, 4, 5, rng.randint(1, hand_size)])
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[s * k:(s + 1) * k]) for s in range(seats)]
    rest = deck[seats * k:]
    leader = rng.randrange(seats)
    trick: list[int] = []
    for step in range(rng.randrange(seats)):
        seat = (leader + step) % seats
        legal = kernel.legal_play_mask(hands[seat], trick)
        card = rng.choice([c for c in range(DECK_SIZE) if legal >> c & 1])
        hands[seat] &= ~(1 << card)
        trick.append(card)
    taker = rng.randrange(seats)
    attack = 1 << taker
    if seats == 5 and rng.random() < 0.7:
        attack |= 1 << rng.randrange(seats)
    done = hand_size - k
    split = rng.choice([0, done, rng.randint(0, done)])
    taker_tricks = split if rng.random() < 0.5 else done - split
    pile = sum(1 << c for c in rest if rng.random() < 0.5)
    compensation = rules.table.compensation
    return py.Position(hands, trick, leader, taker, done, pile,
                       rng.choice([0, 0, compensation, -compensation]), taker_tricks,
                       done - taker_tricks, rng.choice([0, 0, 1, -1]),
                       kernel.trick_winner_index(trick), attack, seats)


def _state(pos: py.Position) -> tuple[object, ...]:
    return (pos.hands, pos.trick, pos.leader, pos.tricks_done, pos.pile, pos.adjust,
            pos.taker_tricks, pos.defence_tricks, pos.petit_prev, pos.best)


def check(pos: py.Position, sc: py.Scoring, exact_cards: int) -> bool:
    """The two cores on ``pos``: policy, playout, card results, and (with this many cards
    in hand or fewer) the exact search. Whether the exact search was compared."""
    assert CORE is not None
    table = search_core.table_of(sc)
    context = (pos, sc.contract, sc.poignee_sizes, sc.chelem_declared)
    assert CORE.aware_card(pos, table) == py.aware_card(pos, sc), context
    assert CORE.greedy_card(pos, table) == py.greedy_card(pos, sc), context
    ours, theirs = pos.copy(), pos.copy()
    assert CORE.playout(ours, table) == py.python_playout(theirs, sc), context
    assert _state(ours) == _state(theirs), context
    seat = pos.turn
    legal = pos.legal(pos.hands[seat])
    cards = [c for c in range(DECK_SIZE) if legal >> c & 1]
    before = _state(pos)
    assert (CORE.card_results(pos, table, cards, False)
            == py.python_card_results(pos, cards, sc, False)), context
    assert _state(pos) == before, "card_results leaves the position as it is"
    if pos.hands[seat].bit_count() > exact_cards:
        return False
    assert CORE.solve(pos, table, -1e9, 1e9) == py.python_solve(pos, sc), context
    assert (CORE.card_results(pos, table, cards, True)
            == py.python_card_results(pos, cards, sc, True)), context
    return True


@needs_core
@pytest.mark.parametrize("rules_name", RULE_SETS)
def test_the_compiled_core_plays_and_scores_as_the_python_code(rules_name: str) -> None:
    rules = load_rules(rules_name)
    rng = random.Random(rules_name)
    seen = solved = 0
    # Deals of the rules player: every card decision, under the deal's own scoring and a
    # random one.
    for index, pos in enumerate(game_positions(rules, range(1, 4))):
        sc = _random_scoring(rules, rng)
        if index % 2 == 0:
            sc = py.Scoring.of(rules, rng.choice(rules.contracts).id, [], False)
        solved += check(pos, sc, exact_cards=3 if rules.players == 5 else 4)
        seen += 1
    # Made-up positions: the rare ends of deals.
    for _ in range(300):
        pos = made_up_position(rules, rng)
        solved += check(pos, _random_scoring(rules, rng), exact_cards=3)
        seen += 1
    assert seen >= 400 and solved >= 100, (seen, solved)


@needs_core
def test_playout_and_solve_take_the_compiled_path() -> None:
    """``playout``, ``solve`` and ``card_results`` (what the players call) go to the
    compiled core where it is built; the results are the reference's."""
    rules = load_rules("standard")
    pos = next(p for p in game_positions(rules, range(5, 6)) if p.hands[p.turn].bit_count() == 3)
    sc = py.Scoring.of(rules, "garde", [], False)
    assert py.playout(pos.copy(), sc) == py.python_playout(pos.copy(), sc)
    assert py.solve(pos, sc) == py.python_solve(pos, sc)
    assert search_core.table_of(sc) is search_core.table_of(sc)  # built once


def test_the_variable_forces_the_python_code() -> None:
    """``TAROT_PURE_PYTHON=1`` leaves the compiled core unused, built or not."""
    code = "import tarot.bots.search_core as s; print(s.CORE is None)"
    env = {**os.environ, search_core.PURE_PYTHON_VARIABLE: "1"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == "True"


# What a hostile position may get wrong, one field at a time: each turns a position the
# search can play into one it must refuse (or, by chance, into another valid one).
HUGE = 1 << 70


def _spoil(pos: py.Position, rng: random.Random) -> str:
    """Change one field of ``pos`` to something out of range or inconsistent; its name."""
    seats = pos.seats
    field = rng.choice(["seats", "hands", "hand", "hand_size", "trick", "trick_card",
                        "trick_twice", "pile", "best", "leader", "taker", "attack",
                        "tricks_done", "taker_tricks", "petit_prev", "adjust"])
    nasty = rng.choice([-1, -2, 5, 6, 79, 1 << 31, -(1 << 31) - 1, 1 << 63, -HUGE, HUGE])
    if field == "seats":
        pos.seats = rng.choice([0, 1, 2, 6, 9, nasty])
    elif field == "hands":
        pos.hands = pos.hands[:rng.randrange(seats)] if rng.random() < 0.5 else \
            [*pos.hands, 0]
    elif field == "hand":
        pos.hands[rng.randrange(seats)] = rng.choice([-1, 1 << DECK_SIZE, HUGE, -HUGE])
    elif field == "hand_size":
        seat = rng.randrange(seats)
        others = 0
        for s, hand in enumerate(pos.hands):
            if s != seat:
                others |= hand
        spare = [c for c in range(DECK_SIZE)
                 if not (others | pos.hands[seat]) >> c & 1 and c not in pos.trick]
        if pos.hands[seat] and rng.random() < 0.5:
            pos.hands[seat] &= pos.hands[seat] - 1  # one card fewer
        elif spare:
            pos.hands[seat] |= 1 << rng.choice(spare)  # one card more
    elif field == "trick":
        pos.trick = pos.trick + [c for c in range(DECK_SIZE)
                                 if not any(h >> c & 1 for h in pos.hands)][:seats]
    elif field == "trick_card" and pos.trick:
        pos.trick[rng.randrange(len(pos.trick))] = rng.choice([-1, DECK_SIZE, 200, nasty])
    elif field == "trick_twice":
        holder = next((h for h in pos.hands if h), 0)
        if holder and len(pos.trick) < seats - 1:
            pos.trick = [*pos.trick, holder.bit_length() - 1]
        elif pos.trick:
            pos.trick = [*pos.trick, pos.trick[0]]
    elif field == "pile":
        pos.pile = rng.choice([-1, 1 << DECK_SIZE, HUGE])
    elif field == "best":
        pos.best = rng.choice([-2, len(pos.trick), len(pos.trick) + 3, 500, nasty])
    elif field == "leader":
        pos.leader = rng.choice([-1, seats, nasty])
    elif field == "taker":
        pos.taker = rng.choice([-1, seats, nasty])
    elif field == "attack":
        pos.attack = rng.choice([0, -1, 1 << seats, (1 << seats) - 1 & ~(1 << pos.taker),
                                 nasty])
    elif field == "tricks_done":
        pos.tricks_done = rng.choice([-1, 79, pos.tricks_done + 1, nasty])
    elif field == "taker_tricks":
        pos.taker_tricks = rng.choice([-1, pos.taker_tricks + 1, nasty])
    elif field == "petit_prev":
        pos.petit_prev = rng.choice([-2, 2, nasty])
    else:
        pos.adjust = rng.choice([HUGE, -HUGE, 1 << 63, (1 << 40) + 1])
    return field


def _outcomes(pos: py.Position, sc: py.Scoring, cards: list[int]) -> dict[str, tuple[str, object]]:
    """What each entry point of the search made of ``pos``: its result, or the words it
    was refused with (the exact search only where it is small enough to run in Python)."""
    calls: dict[str, Callable[[], object]] = {
        "playout": lambda: py.playout(pos.copy(), sc),
        "card_results": lambda: py.card_results(pos.copy(), cards, sc, False),
    }
    if sum(h.bit_count() for h in pos.hands if isinstance(h, int) and h >= 0) <= 12:
        calls["solve"] = lambda: py.solve(pos.copy(), sc)
    outcomes: dict[str, tuple[str, object]] = {}
    for name, call in calls.items():
        try:
            outcomes[name] = ("result", call())
        except ValueError as refused:
            outcomes[name] = ("refused", str(refused))
    return outcomes


@needs_core
@pytest.mark.parametrize("rules_name", ["standard", "standard-3", "standard-5"])
def test_both_paths_refuse_the_same_hostile_positions(rules_name: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Thousands of positions with one field spoiled: the compiled core refuses each that
    the Python path refuses, with the same words, and plays the rest the same; no crash
    and no loop that never ends (``tricks_done = 79`` once span where Ctrl-C could not
    stop it; a ``best`` far out of range crashed the process)."""
    rules = load_rules(rules_name)
    rng = random.Random(f"hostile {rules_name}")
    assert CORE is not None
    refused: set[str] = set()
    for _ in range(1_000):
        sc = _random_scoring(rules, rng)
        pos = made_up_position(rules, rng)
        hand = pos.hands[pos.turn]
        cards = [c for c in range(DECK_SIZE) if hand >> c & 1][:3]
        if rng.random() < 0.2:
            cards.append(rng.choice([-1, DECK_SIZE, HUGE, 0]))
        field = _spoil(pos, rng)
        compiled = _outcomes(pos, sc, cards)
        with monkeypatch.context() as patch:
            patch.setattr(search_core, "CORE", None)
            python = _outcomes(pos, sc, cards)
        assert compiled == python, (field, pos)
        for kind, value in compiled.values():
            if kind == "refused":
                refused.add(str(value))
        # The policy's entry points refuse what the search refuses.
        if compiled["playout"][0] == "refused":
            table = search_core.table_of(sc)
            for policy in (CORE.aware_card, CORE.greedy_card):
                with pytest.raises(ValueError, match=re.escape(str(compiled["playout"][1]))):
                    policy(pos, table)
    # Every kind of refusal was met, not a few easy ones.
    assert len(refused) >= 17, sorted(refused)
