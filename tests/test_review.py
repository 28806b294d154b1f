"""``tarot review``: a seat's decisions beside the strong player's, from the seat's view.

The golden replays' reviews are snapshots (syrupy): a change to the strong player or to
the review shows as a diff; update after a reviewed change with ``pytest
--snapshot-update``. Each takes under half a second (the compiled search core), so all
are in the fast tier.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from syrupy.assertion import SnapshotAssertion

from tarot.bots.base import ask
from tarot.bots.review import BLUNDER, DUBIOUS, CardReview, DealReview, Reviewer, accuracy, mark
from tarot.bots.rules_player import RulesPlayer
from tarot.engine import phases
from tarot.engine.cards import CARD_BY_CODE, CODES, EXCUSE, PETIT, SUIT_MASKS, TRUMP_MASK
from tarot.engine.events import Action, Deal, Play
from tarot.engine.game import Game
from tarot.log import load_log
from tarot.ui.cli import main

ROOT = Path(__file__).resolve().parents[1]
REPLAY_FILES = sorted((ROOT / "replays").glob("*.jsonl"))
# A deal played badly on purpose by South, the taker in Garde contre (the other seats the
# rules player): at seq 22 the knight of hearts thrown under a trick already trumped,
# a low heart being legal; at seq 63 the Petit played under a higher trump, other trumps
# being legal; and the Excuse kept to the last trick (seq 89: the card played at trick 17
# instead of it).
BLUNDERS = ROOT / "tests" / "data" / "review-blunders.jsonl"


def run(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    return result.exit_code, result.output


@pytest.mark.parametrize("path", REPLAY_FILES, ids=[p.stem for p in REPLAY_FILES])
def test_review_of_golden_replay(path: Path, snapshot: SnapshotAssertion) -> None:
    code, output = run(["review", str(path), "--lang", "en"])
    assert code == 0, output
    assert output == snapshot


def _cards_by_seq(review: DealReview) -> dict[int, CardReview]:
    return {card.seq: card for card in review.cards}


def test_each_scripted_blunder_is_marked_with_the_better_card() -> None:
    game = load_log(BLUNDERS).game
    cards = _cards_by_seq(Reviewer(game).review(game, 0))
    honour, petit, excuse = cards[22], cards[63], cards[89]
    assert [honour.mark, petit.mark, excuse.mark] == ["??", "??", "??"]
    assert CODES[honour.card] == "NH"
    assert honour.best < honour.card and CODES[honour.best].endswith("H")  # a lower heart
    assert petit.card == PETIT and TRUMP_MASK >> petit.best & 1 and petit.best != PETIT
    assert excuse.trick == 17 and excuse.best == EXCUSE
    # The Excuse kept for the last trick: the rule that decides is the reason.
    assert excuse.reasons()[0] == ("play the Excuse now: kept for the last trick, it goes to "
                                   "the other side (R16)")
    # The reasons name the Petit's fate, as the hint says it.
    assert any("Petit" in reason for reason in petit.reasons())


def test_the_command_names_the_better_card_and_sums_up() -> None:
    code, output = run(["review", str(BLUNDERS), "--lang", "en"])
    assert code == 0, output
    # The knight's mistake: a lower heart was the better card (which one, the samples say).
    assert re.search(r"N♥\?\? .*; best ([2-9]|10|J)♥", output)
    assert "T1??" in output and "Not T1: the Petit would most likely be lost." in output
    assert "best EXC" in output
    summary = output.splitlines()[-2] + output.splitlines()[-1]
    assert summary.startswith("South: accuracy ")
    assert "??" in summary


def test_the_review_is_the_same_for_the_same_seed() -> None:
    first = run(["review", str(BLUNDERS), "--seed", "5", "--json", "--samples", "20"])
    second = run(["review", str(BLUNDERS), "--seed", "5", "--json", "--samples", "20"])
    assert first == second and first[0] == 0


def test_the_json_is_the_same_in_every_language() -> None:
    english = run(["review", str(BLUNDERS), "--json", "--samples", "20", "--lang", "en"])
    french = run(["review", str(BLUNDERS), "--json", "--samples", "20", "--lang", "fr"])
    assert english == french
    report = json.loads(english[1])
    seat = report["deals"][0]["seats"][0]
    assert seat["seat"] == 0  # the person's seat in the header
    assert {d["kind"] for d in seat["decisions"]} >= {"bid", "card"}
    assert report["thresholds"] == {"?": DUBIOUS, "??": BLUNDER}
    assert report["in_all"][0]["accuracy"] == seat["accuracy"]


def test_the_french_review_speaks_french() -> None:
    code, output = run(["review", str(BLUNDERS), "--samples", "20", "--lang", "fr"])
    assert code == 0
    assert "Sud" in output and "précision" in output


def test_every_seat() -> None:
    path = ROOT / "replays" / "prise.jsonl"
    code, output = run(["review", str(path), "--seat", "all", "--json", "--samples", "10"])
    assert code == 0
    assert [s["seat"] for s in json.loads(output)["deals"][0]["seats"]] == [0, 1, 2, 3]
    code, output = run(["review", str(path), "--seat", "east", "--samples", "10"])
    assert code == 0 and output.startswith("East's decisions")
    code, output = run(["review", str(path), "--seat", "4", "--lang", "en"])
    assert code == 2 and "--seat 4: this game's table has 4 seats" in output
    five = ROOT / "replays" / "five-called-queen.jsonl"
    code, output = run(["review", str(five), "--seat", "north", "--lang", "en"])
    assert code == 2 and "--seat north: this game's table of 5 has no such seat" in output


@pytest.mark.parametrize("content", [None, "not a log\n", ""])
def test_a_bad_log_is_one_clear_error(tmp_path: Path, content: str | None) -> None:
    path = tmp_path / "deal.jsonl"
    if content is not None:
        path.write_text(content)
    result = CliRunner().invoke(main, ["review", str(path), "--lang", "en"])
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.startswith("Error: ")
    assert len(result.output.strip().splitlines()) <= 2


def test_a_game_in_progress_is_reviewed_as_far_as_it_goes(tmp_path: Path) -> None:
    partial = tmp_path / "partial.jsonl"
    partial.write_text("".join(BLUNDERS.read_text().splitlines(keepends=True)[:40]))
    code, output = run(["review", str(partial), "--lang", "en"])
    assert code == 1 and "incomplete" in output
    code, output = run(["review", str(partial), "--allow-incomplete", "--json"])
    assert code == 0
    decisions = json.loads(output)["deals"][0]["seats"][0]["decisions"]
    assert decisions and max(d["seq"] for d in decisions) < 40


def test_marks_and_accuracy() -> None:
    assert [mark(loss) for loss in (0, DUBIOUS - 1, DUBIOUS, BLUNDER - 1, BLUNDER)] == \
        ["", "", "?", "?", "??"]
    assert accuracy([]) == 100


# ---------------------------------------------------------------------------
# Honesty: the review reads only the seat's view


def _mask(codes: tuple[str, ...] | list[str]) -> int:
    return sum(1 << CARD_BY_CODE[c] for c in codes)


def _stopped(seed: int, cards: int) -> tuple[Game, list[Action]]:
    """A deal played by the rules player up to ``cards`` cards of the card play."""
    game = Game.new(seed=seed)
    rules = RulesPlayer()
    rng = random.Random(seed)
    actions: list[Action] = []
    played = 0
    while not game.is_over and not (game.phase == phases.TRICKS and played == cards):
        action = ask(rules, game, rng)
        played += isinstance(action, Play)
        actions.append(action)
        game.play(action)
    return game, actions


def _review_key(review: DealReview) -> list[object]:
    out: list[object] = []
    for d in review.decisions:
        if isinstance(d, CardReview):
            out.append((d.seq, d.card, d.best, d.score, d.best_score,
                        sorted((c, o.value) for c, o in d.advice.outcomes.items()),
                        d.reasons()))
        else:
            out.append((d.seq, d.kind, d.made, d.advised))
    return out


def test_the_review_never_reads_hidden_cards() -> None:
    """Two unseen cards of a suit swapped between two other hands (dealt there, still held,
    never shown): the reviewed seat's view is the same, and so is its review."""
    compared = 0
    for seed in range(40, 52):
        game, actions = _stopped(seed, 30)
        if game.is_over or game.state.deal_number != 0:
            continue
        seat = (seed % 4)
        others = [s for s in range(4) if s != seat]
        dealt = game.events[0]
        assert isinstance(dealt, Deal)
        shown = 0
        for _, cards in game.state.poignees:
            shown |= cards
        x, y = others[0], others[1]
        swap = 0
        for suit in range(4):
            a = game.state.hands[x] & SUIT_MASKS[suit] & ~shown & _mask(dealt.hands[x])
            b = game.state.hands[y] & SUIT_MASKS[suit] & ~shown & _mask(dealt.hands[y])
            if a and b:
                swap = (a & -a) | (b & -b)
                break
        if not swap:
            continue
        hands = [set(h) for h in dealt.hands]
        for card in (CODES[c] for c in range(78) if swap >> c & 1):
            source = x if card in hands[x] else y
            hands[source].remove(card)
            hands[y if source == x else x].add(card)
        other = Game.from_deal([sorted(h) for h in hands], dealt.chien, seed=seed)
        for action in actions:
            other.play(action)
        assert other.state.hands != game.state.hands
        first = Reviewer(game, 3, samples=12).review(game, seat)
        second = Reviewer(other, 3, samples=12).review(other, seat)
        assert first.cards, "no card decision to compare"
        assert _review_key(first) == _review_key(second)
        compared += 1
        if compared == 3:
            break
    assert compared == 3


def test_a_match_is_reviewed_deal_by_deal_and_in_all(tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    code, output = run(["play", "--seed", "11", "--auto", "--deals", "2", "--level", "rules",
                        "--save", str(save)])
    assert code == 0, output
    index = tmp_path / "m.match.jsonl"
    code, output = run(["review", str(index), "--samples", "10", "--lang", "en"])
    assert code == 0, output
    assert "Deal 1" in output and "Deal 2" in output
    assert "South, the match in all: accuracy" in output
    code, output = run(["review", str(index), "--samples", "10", "--json"])
    report = json.loads(output)
    deals = [deal["seats"][0] for deal in report["deals"]]
    assert len(deals) == 2
    assert report["in_all"][0]["loss"] == sum(deal["loss"] for deal in deals)
    assert report["in_all"][0]["spread"] == sum(deal["spread"] for deal in deals)


# ---------------------------------------------------------------------------
# The review in the replay page (tarot replay LOG --html OUT --review)

# A card as the English page writes it: T21, EXC, 10♥, N♠...
SHOWN_CARD = re.compile(r"T\d+|EXC|(?:10|[1-9JNQK])[♠♥♦♣]")


def _page(tmp_path: Path, log: Path, *extra: str) -> dict[str, Any]:
    out = tmp_path / "page.html"
    code, output = run(["replay", str(log), "--html", str(out), "--review", "--lang", "en",
                        *extra])
    assert code == 0, output
    found = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>',
                      out.read_text(encoding="utf-8"), re.S)
    assert found
    document: dict[str, Any] = json.loads(found.group(1))
    return document


def _full_steps(document: dict[str, Any]) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    for change in document["steps"]:
        steps.append({**(steps[-1] if steps else {}), **change})
    return steps


def test_the_page_puts_each_verdict_beside_its_decision(tmp_path: Path) -> None:
    document = _page(tmp_path, BLUNDERS, "--as-seat", "south")
    steps = _full_steps(document)
    by_seq = {step["seq"]: step["review"] for step in steps}
    honour, petit, excuse = by_seq[22], by_seq[63], by_seq[89]
    assert [v[0]["mark"] for v in (honour, petit, excuse)] == ["??", "??", "??"]
    assert excuse[0]["best"] == "EXC" and excuse[0]["differs"]
    assert re.search(r"; best ([2-9]|10|J)♥", honour[0]["line"])
    assert honour[0]["line"].startswith("South, reviewed")
    assert any("Petit" in reason for reason in petit[0]["reasons"])
    # Each verdict at its own decision's step, none carried to the next.
    game = load_log(BLUNDERS).game
    for step, event in zip(steps, game.events, strict=True):
        if step["review"]:
            assert getattr(event, "seat", None) == 0
    assert by_seq[23] == [] and by_seq[90] == []
    # The public page reviews every seat.
    public = _full_steps(_page(tmp_path, BLUNDERS, "--force"))
    assert {v["seat"] for step in public for v in step["review"]} == {0, 1, 2, 3}


def test_a_page_without_review_has_no_verdicts(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    code, _output = run(["replay", str(BLUNDERS), "--html", str(out)])
    assert code == 0
    assert '"review":' not in out.read_text(encoding="utf-8")
    code, output = run(["replay", str(BLUNDERS), "--review", "--lang", "en"])
    assert code == 2 and "--review goes with --html" in output


@pytest.mark.parametrize(("name", "seat"), [("prise", 1), ("five-called-queen", 3)])
def test_a_seats_reviewed_page_names_only_cards_it_held_or_saw(tmp_path: Path, name: str,
                                                              seat: int) -> None:
    from tarot.engine.cards import display
    from tarot.engine.evolve import apply
    from tarot.engine.state import DealState
    from tarot.engine.views import view_for

    log = ROOT / "replays" / f"{name}.jsonl"
    game = load_log(log).game
    document = _page(tmp_path, log, "--as-seat", str(seat))
    state = DealState(rules=game.rules, dealer=game.header.first_dealer)
    reviewed = 0
    for step, event in zip(_full_steps(document), game.events, strict=True):
        known = view_for(state, seat).known_cards()  # before the decision
        shown = {display(CARD_BY_CODE[code]) for code in known}
        for verdict in step["review"]:
            assert verdict["seat"] == seat
            words = " ".join([verdict["line"], *verdict["reasons"]])
            named = set(SHOWN_CARD.findall(words))
            assert named <= shown, (step["seq"], sorted(named - shown))
            assert verdict["best"] is None or verdict["best"] in known
            reviewed += 1
        apply(state, event)
    assert reviewed >= 10
