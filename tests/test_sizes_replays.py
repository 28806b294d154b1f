"""The golden replays at three and five seats (issue 27's cases), their audit and their page.

Each case of the issue is a named deal in seeds/ with its golden replay in replays/: the
test asserts that the case really happened in the replay (the partner led the Excuse to
the last trick, the called queen, the taker who called himself, the called king in the
chien of a Prise and of a Garde contre, two poignées at five, a three-player half point),
that the settlement shares ``D`` as RULES-3-5 V3-9 and V5-11 say, that the audit explains
it in English and in French, and that the replay page lays out the table's seats, shows
the call and names the partner only from the moment the page may know him.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tarot.engine.events import (
    Call,
    ChienShown,
    Deal,
    Play,
    Poignee,
    Settlement,
    TrickTaken,
)
from tarot.engine.game import Game
from tarot.explain.audit import audit, audit_lines
from tarot.log import read_log
from tarot.ui.language import use_language
from tarot.ui.replay_page import log_document

ROOT = Path(__file__).resolve().parents[1]
REPLAYS = ROOT / "replays"
SIZES = {"five-slam-partner-excuse": 5, "five-called-queen": 5, "five-calls-himself": 5,
         "five-king-chien-prise": 5, "five-king-chien-contre": 5,
         "five-two-poignees": 5, "three-half-point": 3}
NAMES = {3: ("P0", "P1", "P2"), 5: ("P0", "P1", "P2", "P3", "P4")}


def replay(name: str) -> Game:
    game = read_log(REPLAYS / f"{name}.jsonl")
    assert game.rules.players == SIZES[name]
    assert game.is_over and game.settlement is not None
    return game


def settled(game: Game) -> Settlement:
    assert game.settlement is not None
    return game.settlement


def call_of(game: Game) -> Call:
    return next(e for e in game.events if isinstance(e, Call))


def dealt(game: Game) -> Deal:
    return next(e for e in game.events if isinstance(e, Deal))


def player_of(game: Game, card: str) -> int | None:
    return next((e.seat for e in game.events if isinstance(e, Play) and e.card == card), None)


def shares_hold(game: Game, partner: int | None) -> None:
    """The settlement's scores are V3-9's or V5-11's shares of D."""
    s = settled(game)
    d = s.per_defender
    seats = game.rules.players
    expected = [-d] * seats
    if partner is not None:
        expected[partner] = d
    expected[s.taker] = (2 if seats == 3 or partner is not None else 4) * d
    assert list(s.scores) == expected and sum(s.scores) == 0


# -- the cases ----------------------------------------------------------------------


def test_an_attack_slam_with_the_partner_leading_the_excuse_last() -> None:
    game = replay("five-slam-partner-excuse")
    call = call_of(game)
    partner = player_of(game, call.card)
    assert partner is not None and partner != call.seat
    tricks = [e for e in game.events if isinstance(e, TrickTaken)]
    assert len(tricks) == 15
    # Every trick to the attack, the partner won the 14th and leads the Excuse to the 15th.
    assert {t.winner for t in tricks} <= {call.seat, partner}
    assert tricks[13].winner == partner
    assert tricks[14].leader == partner and tricks[14].cards[0] == "EXC"
    assert tricks[14].winner == partner  # the Excuse wins the last trick (A5, by camp)
    s = settled(game)
    assert [c.kind for c in s.chelem] == ["declared_made"]
    assert s.taker_half_points == 182
    shares_hold(game, partner)


def test_a_called_queen_with_four_kings() -> None:
    game = replay("five-called-queen")
    call = call_of(game)
    assert call.card == "QH"
    assert {"KS", "KH", "KD", "KC"} <= set(dealt(game).hands[call.seat])
    partner = player_of(game, "QH")
    assert partner is not None and partner != call.seat
    assert game.state.partner == partner
    shares_hold(game, partner)


def test_a_taker_who_calls_himself_plays_alone() -> None:
    game = replay("five-calls-himself")
    call = call_of(game)
    assert call.card in dealt(game).hands[call.seat]
    assert player_of(game, call.card) == call.seat
    assert game.state.call_case == "self"
    shares_hold(game, None)


def test_the_called_king_in_the_chien_of_a_prise_joins_the_takers_hand() -> None:
    game = replay("five-king-chien-prise")
    call = call_of(game)
    assert call.card in dealt(game).chien
    shown = next(e for e in game.events if isinstance(e, ChienShown))
    assert call.card in shown.cards
    assert player_of(game, call.card) == call.seat  # a king is never discarded (V5-5)
    shares_hold(game, None)


def test_the_called_king_in_the_chien_of_a_garde_contre_goes_to_the_defence() -> None:
    """V5-5, V5-6: in a Garde contre the chien, the called king with it, goes unseen to the
    defence; nobody plays the king, and the taker plays alone, which the table learns only
    at the end."""
    game = replay("five-king-chien-contre")
    call = call_of(game)
    assert settled(game).contract == "garde_contre"
    assert call.card in dealt(game).chien
    assert player_of(game, call.card) is None
    assert not any(isinstance(e, ChienShown) for e in game.events)
    result = audit(game)
    assert result.chien_counts_for == "defence" and result.call_case == "in_chien"
    assert result.chien_half_points >= 9  # the king's 4.5 points counted for the defence
    shares_hold(game, None)


def test_two_poignees_at_five() -> None:
    game = replay("five-two-poignees")
    shown = [e for e in game.events if isinstance(e, Poignee)]
    assert len({p.seat for p in shown}) == 2
    s = settled(game)
    assert sorted(p.level for p in s.poignees) == ["double", "simple"]
    # Both bonuses go to the camp that wins the contract (R19), whoever showed them.
    assert len({p.bonus > 0 for p in s.poignees}) == 1
    assert all((p.bonus > 0) == s.contract_made for p in s.poignees)
    shares_hold(game, game.state.partner if game.state.partner >= 0 else None)


def test_a_three_player_deal_with_the_half_point() -> None:
    game = replay("three-half-point")
    s = settled(game)
    assert s.taker_half_points % 2 == 1  # a half point in the taker's points
    # A10: the difference rounded up to the winning camp.
    exact = abs(s.taker_half_points - s.target_half_points)
    assert s.difference * 2 == exact + 1
    contract = next(line for line in audit_lines(audit(game)) if line.startswith("Contract "))
    assert contract.endswith("(the half point rounded up, for the side that won).")
    shares_hold(game, None)


# -- the audit ----------------------------------------------------------------------


@pytest.mark.parametrize("name", SIZES)
def test_the_audit_names_the_call_the_partner_and_the_shares(name: str) -> None:
    game = replay(name)
    result = audit(game)
    lines = audit_lines(result)
    seats = SIZES[name]
    document = result.as_json()
    assert document["players"] == seats
    # Each seat's score is its share of D (V3-9, V5-11).
    assert [share * result.per_defender for share in document["shares"]] == \
        list(result.scores)
    if seats == 3:
        assert document["called"] is None
        assert "Shares (V3-9): each of the two defenders" in lines[-2]
        return
    call = call_of(game)
    assert document["called"] == call.card
    assert lines[1].startswith(f"P{call.seat} called ")
    partner = game.state.partner
    if partner >= 0:
        revealed = next(e.number for e in game.events if isinstance(e, TrickTaken)
                        and call.card in e.cards)
        assert lines[1].endswith(f"P{partner} held it and is the taker's partner (V5-4), "
                                 f"revealed at trick {revealed}.")
        assert f"the partner P{partner} scores" in lines[-2]
        assert lines[2].startswith(f"Card points: the attack, P{call.seat} and P{partner}, "
                                   f"won {result.tricks_won_by_taker} trick")
        attack = {call.seat, partner}
        assert result.tricks_won_by_taker == sum(
            1 for e in game.events if isinstance(e, TrickTaken) and e.winner in attack)
    else:
        assert "he plays alone against four" in lines[1]
        assert "Shares (V5-11): each of the four defenders" in lines[-2]
        assert "the taker, alone, 4 ×" in lines[-2]


def test_the_audit_of_the_partner_s_excuse_says_the_attack_keeps_it() -> None:
    lines = audit_lines(audit(replay("five-slam-partner-excuse")))
    excuse = next(line for line in lines if line.startswith("Excuse: "))
    assert "led by P2, the taker's partner" in excuse
    assert "the attack keeps it (R16, A5)" in excuse


def test_a_four_player_audit_has_no_key_of_the_other_sizes() -> None:
    document = audit(read_log(REPLAYS / "garde.jsonl")).as_json()
    assert not {"players", "called", "partner", "shares", "call_case"} & set(document)


ENGLISH = re.compile(r"\b(by|tricks?|taker|defen[cd]er?s?|worth|counts?|won|keeps?|gives?|"
                     r"played|led|target|against|counted|difference|favour|each|scores?|"
                     r"sum|shown|made|failed|the|discard|changes|side|called|partner|held|"
                     r"alone|attack)\b", re.IGNORECASE)


@pytest.mark.parametrize("name", SIZES)
def test_the_audit_in_french(name: str) -> None:
    game = replay(name)
    try:
        use_language("fr")
        lines = audit_lines(audit(game), width=80)
    finally:
        use_language("en")
    assert max(len(line) for line in lines) <= 80
    for line in lines:
        assert not ENGLISH.search(line), line
    text = " ".join(lines)
    if game.state.partner >= 0:
        assert "partenaire du preneur" in text and "chacun des trois défenseurs" in text
    elif SIZES[name] == 5:
        assert "il joue seul contre quatre" in text


# -- the replay page ----------------------------------------------------------------


def document_of(name: str, as_seat: int | None = None) -> dict[str, Any]:
    path = REPLAYS / f"{name}.jsonl"
    return log_document(path, read_log(path), NAMES[SIZES[name]], as_seat)


def full_steps(document: dict[str, Any]) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    for change in document["steps"]:
        steps.append({**(steps[-1] if steps else {}), **change})
    return steps


@pytest.mark.parametrize("name", SIZES)
def test_the_page_has_a_place_for_every_seat(name: str) -> None:
    game = replay(name)
    seats = SIZES[name]
    document = document_of(name)
    deal = document["deals"][0]
    assert len(document["seats"]) == seats
    assert deal["scores"] == list(settled(game).scores)
    assert len(deal["camps"]) == seats and deal["camps"][settled(game).taker] == "taker"
    assert all(len(trick["cards"]) == seats and None not in trick["cards"]
               for trick in deal["tricks"])
    for step, event in zip(full_steps(document), game.events, strict=True):
        assert len(step["hands"]) == seats
        if isinstance(event, TrickTaken):
            cards = step["trick"]["cards"]
            assert [cards[(event.leader + i) % seats] for i in range(seats)] == \
                list(event.cards)
        assert ("called" in step) == (seats == 5)


@pytest.mark.parametrize("name", [n for n, size in SIZES.items() if size == 5])
def test_the_public_page_names_the_partner_from_the_reveal_on(name: str) -> None:
    """Every hand is face up on the public page, but the partner (or the taker alone) is
    marked only once the whole table knows: the called card played, or turned up in the
    shown chien, or the deal over (V5-6)."""
    game = replay(name)
    call = call_of(game)
    state = game.state
    attack = sorted({state.taker} | ({state.partner} if state.partner >= 0 else set()))
    known = False
    for step, event in zip(full_steps(document_of(name)), game.events, strict=True):
        if isinstance(event, Call):
            assert step["called"] == call.card
        if isinstance(event, Play) and event.card == call.card:
            known = True
        if isinstance(event, ChienShown) and call.card in event.cards:
            known = True
        if isinstance(event, Settlement):
            known = True
        assert step["attack"] == (attack if known else None), (event, step["attack"])
        if step["called"] and step["points"]:
            # The points so far: the taker's own against the others' until the table knows
            # the partner, then the camps'.
            assert step["points"].get("partner_unknown", False) == (not known)
            assert step["points"].get("attack", False) == (known and len(attack) == 2)
    assert known


# -- named deal files at three and five ------------------------------------------------


def test_a_named_deal_says_its_table_size() -> None:
    from tarot.storage.named_deals import load_named_deal

    assert load_named_deal("five-called-queen").table_size == 5
    assert load_named_deal("three-half-point").table_size == 3
    assert load_named_deal("garde").table_size == 4


@pytest.mark.parametrize(("lines", "said"), [
    ('rules = "standard-5"\nhands = ["1S", "2S", "3S", "4S"]\nchien = "5S"',
     "4 hands for a table of 5 (standard-5)"),
    ('rules = "standard-3"\ndealer = 3', "dealer 3: the table has seats 0 to 2"),
    ('rules = "standard-7"', "standard-7: no such rule set"),
])
def test_a_named_deal_that_does_not_fit_its_table_is_refused_by_name(
        tmp_path: Path, lines: str, said: str) -> None:
    from tarot.storage.named_deals import SeedError, load_named_deal

    path = tmp_path / "bad.toml"
    path.write_text(f'name = "bad"\nreason = "x"\n{lines}\n', encoding="utf-8")
    with pytest.raises(SeedError, match=re.escape(said)):
        load_named_deal(path)


def test_a_named_deal_is_not_started_under_rules_of_another_size() -> None:
    from tarot.storage.named_deals import SeedError, load_named_deal

    with pytest.raises(SeedError, match="a deal for 5 players, and the rules standard are "
                                        "for 4"):
        load_named_deal("five-called-queen").start(rules="standard")
    assert load_named_deal("five-called-queen").start().rules.players == 5
