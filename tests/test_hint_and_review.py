"""The hint at the table and ``tarot review`` afterwards value a card decision the same way:
the same player, the same number of samples and a generator seeded from the position
itself, so that for the same position they name the same best card with the same values."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from click.testing import CliRunner

from tarot.bots.advice import advise, position_rng, seat_score
from tarot.bots.base import ask
from tarot.bots.registry import HINT_LEVEL, make_player
from tarot.bots.review import CardReview, Reviewer
from tarot.bots.rules_player import RulesPlayer
from tarot.bots.sampling import SamplingPlayer
from tarot.engine import phases
from tarot.engine.cards import CARD_BY_CODE, CODES, mask_of_codes
from tarot.engine.events import Deal, Play
from tarot.engine.game import Game
from tarot.log import read_log
from tarot.ui.cli import main

# A Garde at seed 727199947: the hint said T16 (+239, next best T13 +236) and the review of
# the same position, once T16 was played, said T13 was best by 5 points.
REPRODUCER = ["play", "--seed", "727199947", "--level", "strong", "--lang", "en"]
ANSWERS = "garde\n4D JD 7C 1H 8H NC\nn\nhint\nT16\n"
HINT = re.compile(r"Hint: (\S+) \(card \d+\): ([+-]\d+) for you on average, over (\d+) trial "
                  r"deals .*; next best (\S+), ([+-]\d+)\.")


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin, catch_exceptions=False)
    return result.exit_code, result.output


def test_the_hint_and_the_review_name_the_same_card_with_the_same_values(
        tmp_path: Path) -> None:
    save = tmp_path / "x.jsonl"
    code, out = run([*REPRODUCER, "--save", str(save)], ANSWERS)
    assert code == 0, out
    hint = HINT.search(out)
    assert hint is not None, out
    card, score, deals, second, second_score = hint.groups()
    code, out = run(["review", str(save), "--allow-incomplete", "--json"])
    assert code == 0, out
    decisions = json.loads(out)["deals"][0]["seats"][0]["decisions"]
    first_card = next(d for d in decisions if d["kind"] == "card")
    assert first_card["played"] == "T16"
    assert (first_card["best"], first_card["best_score"], first_card["deals"]) == \
        (card, int(score), int(deals))
    # The runner-up too: the same advice, not only the same winner.
    game = read_log(save, allow_incomplete=True)
    reviewed = Reviewer(game).review(game, 0).cards[0]
    runner_up = reviewed.advice.ranked[1]
    assert (CODES[runner_up], seat_score(reviewed.advice, runner_up)) == \
        (second, int(second_score))


def _played(seed: int) -> tuple[Game, list[tuple[Game, int]]]:
    """A deal played by the rules player, and copies of it stopped at one card decision with
    a choice in four, each with the seq of the card then played."""
    game = Game.new(seed=seed)
    player, rng = RulesPlayer(), random.Random(seed)
    stopped: list[tuple[Game, int]] = []
    decisions = 0
    while not game.is_over:
        legal = [a for a in game.legal_actions() if isinstance(a, Play)]
        if game.phase == phases.TRICKS and len(legal) > 2:
            decisions += 1
            if decisions % 4 == 0:
                stopped.append((game.clone(), len(game.events)))
        game.play(ask(player, game, rng))
    return game, stopped


def test_the_review_values_each_card_as_the_hint_does() -> None:
    """At each position the review's advice is what the hint computes there (the hint
    player, its own samples, no seed of the review's): the same ranking and the same value
    for every legal card."""
    hint_player = make_player(HINT_LEVEL, "standard")
    assert isinstance(hint_player, SamplingPlayer)
    compared = 0
    for seed in (1, 2):
        game, stopped = _played(seed)
        reviewer = Reviewer(game)
        reviews: dict[int, dict[int, CardReview]] = {}
        for position, seq in stopped:
            seat = position.turn
            assert seat is not None
            if seat not in reviews:
                reviews[seat] = {c.seq: c for c in reviewer.review(game, seat).cards}
            if seq not in reviews[seat]:
                continue  # no choice in fact (one run of equivalent cards)
            reviewed = reviews[seat][seq].advice
            view = position.view(seat)
            hinted = advise(hint_player, view, mask_of_codes(view.legal_cards))
            assert hinted.ranked == reviewed.ranked
            assert {c: o.value for c, o in hinted.outcomes.items()} == \
                {c: o.value for c, o in reviewed.outcomes.items()}
            compared += 1
    assert compared >= 5


def test_the_advice_depends_on_the_position_not_on_the_log() -> None:
    """The same deal in logs of different seeds (so the same position after the same
    decisions, at another event count in the other's header): the same generator and the
    same hint. Another position, another generator."""
    game = Game.new(seed=21)
    dealt = game.events[0]
    assert isinstance(dealt, Deal)
    other = Game.from_deal([list(h) for h in dealt.hands], dealt.chien, seed=4242)
    rules, rng = RulesPlayer(), random.Random(0)
    while game.phase != phases.TRICKS or len(game.state.tricks) < 2:
        action = ask(rules, game, rng)
        game.play(action)
        other.play(action)
    seat = game.turn
    assert seat is not None and game.header.seed != other.header.seed
    view, other_view = game.view(seat), other.view(seat)
    assert position_rng(view).random() == position_rng(other_view).random()
    assert position_rng(view, 1).random() != position_rng(view).random()
    hint_player = make_player(HINT_LEVEL, "standard")
    assert isinstance(hint_player, SamplingPlayer)
    legal = mask_of_codes(view.legal_cards)
    first, second = advise(hint_player, view, legal), advise(hint_player, other_view, legal)
    assert first.ranked == second.ranked
    assert {c: o.value for c, o in first.outcomes.items()} == \
        {c: o.value for c, o in second.outcomes.items()}
    played = Play(seat=seat, card=CODES[first.best])
    game.play(played)
    later = game.turn
    assert later is not None
    assert position_rng(game.view(later)).random() != position_rng(view).random()
    assert CARD_BY_CODE[played.card] == first.best
