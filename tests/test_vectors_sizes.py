"""The rules for three and five players (RULES-3-5.md, section 4): every worked vector,
table-driven, on the engine at those sizes.

The vectors are transcribed here from RULES-3-5.md (§4.1–§4.6), which lives beside the
rule book: the JSON lines of §4.3 and §4.6 as they are written there, the rule vectors
as one test each, named by their ids. When the rule book the program ships holds them
(its section 5, "Three and five players"), the scoring vectors are read from it, as the
four-player ones are, and must be the transcription's. The random-deal invariants of
§4.7 are in ``tests/test_sizes_random.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import reference as ref
from helpers import auction, build_deal

from tarot.engine import kernel
from tarot.engine.cards import CARD_BY_CODE, CODES, KING_MASK, mask_of_codes
from tarot.engine.events import Bid, Call, Chelem, Discard, Play, Poignee, Redeal
from tarot.engine.game import Game
from tarot.engine.legal import poignee_options_for
from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet
from tarot.engine.scoring import score
from tarot.errors import IllegalAction
from tarot.explain.rulebook import book_text

THREE = load_rules("standard-3")
FIVE = load_rules("standard-5")

# RULES-3-5.md §4.3 and §4.6, verbatim.
SCORING_JSONL = """
{"id": "V3-S01", "players": 3, "contract": "Prise", "taker_points": 58.0, "taker_bouts": 0, "petit_au_bout": null, "poignees": [], "slam_declared": false, "all_tricks_by": null, "alone": true, "expect": {"contract_won": true, "counted_difference": 2, "D": 27, "taker": 54, "each_defender": -27}}
{"id": "V3-S02", "players": 3, "contract": "Garde", "taker_points": 40.5, "taker_bouts": 2, "petit_au_bout": null, "poignees": [], "slam_declared": false, "all_tricks_by": null, "alone": true, "expect": {"contract_won": false, "counted_difference": 1, "D": -52, "taker": -104, "each_defender": 52}}
{"id": "V3-S03", "players": 3, "contract": "Garde", "taker_points": 41.5, "taker_bouts": 2, "petit_au_bout": null, "poignees": [], "slam_declared": false, "all_tricks_by": null, "alone": true, "expect": {"contract_won": true, "counted_difference": 1, "D": 52, "taker": 104, "each_defender": -52}}
{"id": "V3-S05", "players": 3, "contract": "Garde", "taker_points": 47.0, "taker_bouts": 2, "petit_au_bout": null, "poignees": ["simple"], "slam_declared": false, "all_tricks_by": null, "alone": true, "expect": {"contract_won": true, "counted_difference": 6, "D": 82, "taker": 164, "each_defender": -82}}
{"id": "V3-S06", "players": 3, "contract": "Garde contre", "taker_points": 50.0, "taker_bouts": 1, "petit_au_bout": null, "poignees": ["triple"], "slam_declared": false, "all_tricks_by": null, "alone": true, "expect": {"contract_won": false, "counted_difference": 1, "D": -196, "taker": -392, "each_defender": 196}}
{"id": "V3-S07", "players": 3, "contract": "Prise", "taker_points": 91.0, "taker_bouts": 3, "petit_au_bout": null, "poignees": [], "slam_declared": true, "all_tricks_by": "taker", "alone": true, "expect": {"contract_won": true, "counted_difference": 55, "D": 480, "taker": 960, "each_defender": -480}}
{"id": "V3-S09", "players": 3, "contract": "Garde", "taker_points": 40.5, "taker_bouts": 2, "petit_au_bout": "defence", "poignees": [], "slam_declared": false, "all_tricks_by": null, "alone": true, "expect": {"contract_won": false, "counted_difference": 1, "D": -72, "taker": -144, "each_defender": 72}}
{"id": "V5-S01", "players": 5, "contract": "Prise", "taker_points": 58.0, "taker_bouts": 0, "petit_au_bout": null, "poignees": [], "slam_declared": false, "all_tricks_by": null, "alone": false, "expect": {"contract_won": true, "counted_difference": 2, "D": 27, "taker": 54, "partner": 27, "each_defender": -27}}
{"id": "V5-S02", "players": 5, "contract": "Prise", "taker_points": 58.0, "taker_bouts": 0, "petit_au_bout": null, "poignees": [], "slam_declared": false, "all_tricks_by": null, "alone": true, "expect": {"contract_won": true, "counted_difference": 2, "D": 27, "taker": 108, "each_defender": -27}}
{"id": "V5-S03", "players": 5, "contract": "Garde", "taker_points": 45.0, "taker_bouts": 2, "petit_au_bout": null, "poignees": [], "slam_declared": false, "all_tricks_by": null, "alone": false, "expect": {"contract_won": true, "counted_difference": 4, "D": 58, "taker": 116, "partner": 58, "each_defender": -58}}
{"id": "V5-S04", "players": 5, "contract": "Garde", "taker_points": 40.5, "taker_bouts": 2, "petit_au_bout": null, "poignees": [], "slam_declared": false, "all_tricks_by": null, "alone": false, "expect": {"contract_won": false, "counted_difference": 1, "D": -52, "taker": -104, "partner": -52, "each_defender": 52}}
{"id": "V5-S05", "players": 5, "contract": "Garde sans", "taker_points": 50.0, "taker_bouts": 1, "petit_au_bout": null, "poignees": [], "slam_declared": false, "all_tricks_by": null, "alone": true, "expect": {"contract_won": false, "counted_difference": 1, "D": -104, "taker": -416, "each_defender": 104}}
{"id": "V5-S07", "players": 5, "contract": "Garde", "taker_points": 47.0, "taker_bouts": 2, "petit_au_bout": null, "poignees": ["simple"], "slam_declared": false, "all_tricks_by": null, "alone": false, "expect": {"contract_won": true, "counted_difference": 6, "D": 82, "taker": 164, "partner": 82, "each_defender": -82}}
{"id": "V5-S08", "players": 5, "contract": "Garde", "taker_points": 39.0, "taker_bouts": 2, "petit_au_bout": null, "poignees": ["triple"], "slam_declared": false, "all_tricks_by": null, "alone": false, "expect": {"contract_won": false, "counted_difference": 2, "D": -94, "taker": -188, "partner": -94, "each_defender": 94}}
{"id": "V5-S09", "players": 5, "contract": "Prise", "taker_points": 91.0, "taker_bouts": 3, "petit_au_bout": null, "poignees": [], "slam_declared": true, "all_tricks_by": "taker", "alone": false, "expect": {"contract_won": true, "counted_difference": 55, "D": 480, "taker": 960, "partner": 480, "each_defender": -480}}
"""  # noqa: E501
TRANSCRIBED = [json.loads(line) for line in SCORING_JSONL.splitlines() if line.strip()]


def book_vectors(text: str) -> list[dict[str, Any]] | None:
    """The JSON lines of the ```jsonl blocks of the rule book's section 5 (three and five
    players), or None when the book has no such section."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("## 5.")), None)
    if start is None:
        return None
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    found, inside = [], False
    for line in lines[start:end]:
        if line.strip() in ("```jsonl", "```"):
            inside = line.strip() == "```jsonl"
        elif inside and line.strip():
            found.append(json.loads(line))
    return found


IN_THE_BOOK = book_vectors(book_text("en"))
SCORING = IN_THE_BOOK if IN_THE_BOOK is not None else TRANSCRIBED


@pytest.mark.skipif(IN_THE_BOOK is None, reason="the rule book has no section 5 here yet")
def test_the_book_s_vectors_are_the_transcription() -> None:
    assert IN_THE_BOOK == TRANSCRIBED
BOUT_CODES = ("T1", "T21", "EXC")


def rules_for(players: int) -> RuleSet:
    return {3: THREE, 5: FIVE}[players]


@pytest.mark.parametrize("vector", SCORING, ids=[v["id"] for v in SCORING])
def test_scoring_vector(vector: dict[str, Any]) -> None:
    """V3-S*, V5-S*: the settlement, and each seat's share of D (V3-9, V5-11)."""
    rules = rules_for(vector["players"])
    seats = rules.players
    contract = next(i for i, c in enumerate(rules.contracts) if c.name == vector["contract"])
    half_points = int(vector["taker_points"] * 2)
    assert half_points == vector["taker_points"] * 2
    candidates = [b for b in BOUT_CODES
                  if not (b == "T1" and vector["petit_au_bout"] == "defence")]
    taker = int(vector["id"][-2:]) % seats  # the seats take in turn: scores are by seat
    partner = None if vector["alone"] else (taker + 2) % seats
    defenders = [s for s in range(seats) if s not in (taker, partner)]
    sizes = {level.id: level.trumps for level in rules.poignees}
    showing = [partner if partner is not None else taker, *defenders]
    result = score(rules, contract=contract, taker=taker, taker_half_points=half_points,
                   taker_bouts=tuple(candidates[:vector["taker_bouts"]]),
                   petit_au_bout=vector["petit_au_bout"],
                   poignees=[(showing[i], sizes[level])
                             for i, level in enumerate(vector["poignees"])],
                   chelem_declared=vector["slam_declared"],
                   all_tricks=vector["all_tricks_by"], partner=partner)
    expect = vector["expect"]
    assert result.contract_made == expect["contract_won"]
    assert result.difference == expect["counted_difference"]
    assert result.per_defender == expect["D"]
    assert len(result.scores) == seats and sum(result.scores) == 0
    assert result.scores[taker] == expect["taker"]
    if partner is not None:
        assert result.scores[partner] == expect["partner"]
    assert [result.scores[s] for s in defenders] == [expect["each_defender"]] * len(defenders)
    assert len(defenders) == (4 if vector["alone"] and seats == 5 else 2 if seats == 3 else 3)


CONTRACT_IDS = {"Prise": "prise", "Garde": "garde", "Garde sans": "garde_sans",
                "Garde contre": "garde_contre"}
LEVELS = ("simple", "double", "triple")


def test_the_scoring_vectors_are_every_one_of_the_book() -> None:
    """§4.3 and §4.6 hold these ids, in this order (the book has no V3-S04, V3-S08 or
    V5-S06)."""
    assert [v["id"] for v in SCORING] == [
        "V3-S01", "V3-S02", "V3-S03", "V3-S05", "V3-S06", "V3-S07", "V3-S09",
        "V5-S01", "V5-S02", "V5-S03", "V5-S04", "V5-S05", "V5-S07", "V5-S08", "V5-S09"]


@pytest.mark.parametrize("vector", SCORING, ids=[v["id"] for v in SCORING])
def test_the_reference_agrees_with_the_scoring_vector(vector: dict[str, Any]) -> None:
    """The tests' own transcription (``tests/reference.py``), which the property tests
    trust, on the same vectors: the reference is itself checked against the book."""
    players = vector["players"]
    sizes = ref.SIZES[players].poignees
    made, difference, d = ref.per_defender(
        contract=CONTRACT_IDS[vector["contract"]], half=int(vector["taker_points"] * 2),
        bouts=vector["taker_bouts"], petit_au_bout=vector["petit_au_bout"],
        poignee_sizes=[sizes[LEVELS.index(level)] for level in vector["poignees"]],
        declared=vector["slam_declared"], all_tricks=vector["all_tricks_by"], players=players)
    expect = vector["expect"]
    assert (made, difference, d) == (expect["contract_won"], expect["counted_difference"],
                                     expect["D"])
    partner = None if vector["alone"] else 1
    got = ref.scores(d, players=players, taker=0, partner=partner)
    assert got[0] == expect["taker"] and sum(got) == 0
    if partner is not None:
        assert got[partner] == expect["partner"]
    assert {got[s] for s in range(players) if s not in (0, partner)} == {expect["each_defender"]}


# ---------------------------------------------------------------------------
# 3 players (§4.1)


def three_deal(fixed: dict[int, str], chien: str = "") -> Game:
    hands, rest = build_deal(fixed, chien=chien, seats=3)
    return Game.from_deal(hands, rest, rules=THREE)


V3_D01_CARDS = "KS KH KD KC " + " ".join(f"T{n}" for n in range(1, 22)) + " 2H 3H 4S 5D 6C"


def v3_d01() -> Game:
    """P0 takes a Garde with the 4 kings, T1–T21 and 2H 3H 4S 5D 6C among his 30 cards."""
    cards = V3_D01_CARDS.split()
    game = three_deal({0: " ".join(cards[:24])}, chien=" ".join(cards[24:]))
    auction(game, "garde", None, None)
    assert game.phase == "chien" and len(game.hand(0)) == 30
    return game


@pytest.mark.parametrize(("discard", "legal"), [
    ("2H 3H 4S 5D 6C T2", True), ("2H 3H 4S 5D T2 T3", False), ("2H 3H 4S 5D 6C T21", False)])
def test_v3_d01_the_discard(discard: str, legal: bool) -> None:
    game = v3_d01()
    assert game.discard_options().trumps_required == 1
    action = Discard(seat=0, cards=tuple(discard.split()))  # type: ignore[arg-type]
    assert game.is_legal(action) == legal


def test_v3_d01_after_the_discard_every_level_is_open() -> None:
    game = v3_d01()
    game.play(Discard(seat=0, cards=("2H", "3H", "4S", "5D", "6C", "T2")))
    game.play(Chelem(seat=0, declared=False))
    assert len(game.hand(0)) == 24 and game.turn == 0
    assert [c.level.id for c in game.poignee_options(0)] == ["simple", "double", "triple"]


def test_v3_b01_all_pass() -> None:
    game = three_deal({0: "T1 T2 KS"})
    events = game.play(Bid(seat=0, contract=None)) + game.play(Bid(seat=1, contract=None))
    events += game.play(Bid(seat=2, contract=None))
    redeal = next(e for e in events if isinstance(e, Redeal))
    assert redeal.reason == "all_passed" and redeal.next_dealer == 0
    assert game.state.dealer == 0 and game.turn == 1 and game.settlement is None


def test_v3_b02_three_calls() -> None:
    game = three_deal({0: "T1 T2 KS"})
    auction(game, "prise", None, "garde")
    assert game.taker == 2 and game.state.contract_id == "garde"
    assert game.phase == "chien" and len(game.hand(2)) == 30
    with pytest.raises(IllegalAction) as raised:
        game.play(Bid(seat=0, contract="garde_sans"))
    assert raised.value.code == "wrong_phase"


def test_v3_b03_petit_sec() -> None:
    ranks = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"]
    reds = [f"{rank}{suit}" for suit in "HD" for rank in ranks][:23]
    hands, chien = build_deal({0: "T1 " + " ".join(reds)}, seats=3)
    game = Game.from_deal(hands, chien, rules=THREE, seed=5)
    redeal = next(e for e in game.events if isinstance(e, Redeal))
    assert redeal.reason == "petit_sec" and redeal.seat == 0 and redeal.next_dealer == 0


def test_v3_b04_no_call_at_three() -> None:
    game = three_deal({0: "T1 T2 KS"})
    auction(game, "prise", None, None)
    for seat in range(3):  # after the auction, whoever calls: no call is due at three
        with pytest.raises(IllegalAction) as raised:
            game.play(Call(seat=seat, card="KH"))
        assert raised.value.code == "call_not_now"
    game = three_deal({0: "T1 T2 KS"})
    with pytest.raises(IllegalAction) as raised:
        game.play(Call(seat=0, card="KH"))
    assert raised.value.code == "call_not_now"


def trumps(count: int, excuse: bool = False) -> int:
    return mask_of_codes([f"T{n}" for n in range(1, count + 1)] + (["EXC"] if excuse else []))


@pytest.mark.parametrize(("rules", "count", "excuse", "levels"), [
    (THREE, 12, False, []), (THREE, 12, True, ["simple"]), (THREE, 13, False, ["simple"]),
    (THREE, 14, True, ["simple", "double"]), (THREE, 17, True, ["simple", "double", "triple"]),
    (THREE, 18, False, ["simple", "double", "triple"]),
    (FIVE, 7, False, []), (FIVE, 7, True, ["simple"]), (FIVE, 9, True, ["simple", "double"]),
    (FIVE, 12, True, ["simple", "double", "triple"])],
    ids=["V3-H01-12", "V3-H01-12E", "V3-H01-13", "V3-H01-14E", "V3-H01-17E", "V3-H01-18",
         "V5-H01-7", "V5-H01-7E", "V5-H01-9E", "V5-H01-12E"])
def test_poignee_levels(rules: RuleSet, count: int, excuse: bool, levels: list[str]) -> None:
    """V3-H01, V5-H01: the levels a hand may show."""
    found = poignee_options_for(rules, trumps(count, excuse), 0)
    assert [level.id for level, _, _ in found] == levels


def garde_sans_lead(rules: RuleSet, hand: str) -> Game:
    """P0 holds ``hand``, takes a Garde sans alone, declares no chelem, and leads."""
    hands, chien = build_deal({0: hand}, seats=rules.players)
    game = Game.from_deal(hands, chien, rules=rules)
    auction(game, "garde_sans", *[None] * (rules.players - 1))
    if game.state.call_due:
        game.play(Call(seat=0, card="KS"))
    game.play(Chelem(seat=0, declared=False))
    assert game.turn == 0 and game.poignee_window_open(0)
    return game


def test_v3_h01_the_shown_cards() -> None:
    game = garde_sans_lead(THREE, " ".join(f"T{n}" for n in range(1, 15)) + " EXC")
    twelve_and_excuse = (*(f"T{n}" for n in range(1, 13)), "EXC")
    with pytest.raises(IllegalAction) as raised:
        game.play(Poignee(seat=0, cards=twelve_and_excuse))  # type: ignore[arg-type]
    assert raised.value.code == "poignee_excuse_not_allowed"
    with pytest.raises(IllegalAction) as raised:
        game.play(Poignee(seat=0, cards=tuple(f"T{n}" for n in range(1, 11))))  # type: ignore[arg-type]
    assert raised.value.code == "poignee_size"


def test_v5_h01_a_nine_card_poignee_is_no_size() -> None:
    game = garde_sans_lead(FIVE, " ".join(f"T{n}" for n in range(1, 10)) + " EXC")
    with pytest.raises(IllegalAction) as raised:
        game.play(Poignee(seat=0, cards=tuple(f"T{n}" for n in range(1, 10))))  # type: ignore[arg-type]
    assert raised.value.code == "poignee_size"


def cards(text: str) -> list[int]:
    return [CARD_BY_CODE[c] for c in text.split()]


def half(points: int) -> str:
    return f"{points / 2:.1f}"


@pytest.mark.parametrize(("vector", "trick", "attack", "taker_gets", "defence_gets"), [
    ("V3-X01", "KH EXC QH", 0b1, "8.5", "4.0"),
    ("V5-X01", "KH 3H EXC 7H 9H", 0b101, "10.5", "0.0")])
def test_excuse_by_camp(vector: str, trick: str, attack: int, taker_gets: str,
                        defence_gets: str) -> None:
    """V3-X01, V5-X01: the Excuse in a trick the attack wins (P0 leads), not the last."""
    played = cards(trick)
    winner = kernel.trick_winner_index(played)
    assert winner == 0
    table = (THREE if len(played) == 3 else FIVE).table
    to_attack, moved = kernel.take_trick(table, played, 0, winner, attack, False, False, 4, 0)
    everything = mask_of_codes(trick.split())
    assert half(kernel.half_points(table, to_attack, moved)) == taker_gets
    assert half(kernel.half_points(table, everything & ~to_attack, -moved)) == defence_gets


@pytest.mark.parametrize(("vector", "trick", "leader", "attack", "side"), [
    ("V3-P01a", "T1 5D 6D", 0, 0b1, kernel.TAKER),
    ("V3-P01b", "T5 T1 6D", 1, 0b1, kernel.DEFENCE),
    ("V5-P01", "T3 T1 T2 5D 6D", 2, 0b101, kernel.TAKER)])
def test_petit_au_bout_by_camp(vector: str, trick: str, leader: int, attack: int,
                               side: int) -> None:
    """V3-P01, V5-P01: the last trick holds the Petit; its camp wins petit au bout."""
    played = cards(trick)
    winner = (leader + kernel.trick_winner_index(played)) % len(played)
    table = (THREE if len(played) == 3 else FIVE).table
    got = kernel.petit_au_bout(table, kernel.petit_side(played, bool(attack >> winner & 1)),
                               kernel.NEITHER, False)
    assert got == side


def test_v5_x03_the_partner_leads_the_excuse_to_the_last_trick() -> None:
    """The attack (P0, partner P2) won tricks 1–14; P2 leads the Excuse to trick 15: it
    wins it (A5 by camp), and the attack has every trick."""
    attack = 0b101
    assert kernel.excuse_exception(True, 14, 0)
    deck = [c for c in range(78) if c != CARD_BY_CODE["EXC"]]
    tricks = [(tuple(deck[5 * i:5 * i + 5]), 0, 2 if i % 2 else 0) for i in range(14)]
    last = (CARD_BY_CODE["EXC"], *deck[70:74])
    taken = kernel.take_tricks(FIVE.table, [*tricks, (last, 2, 2)], attack)
    assert taken.defence_tricks == 0 and taken.taker_tricks == 15
    assert taken.pile >> CARD_BY_CODE["EXC"] & 1


# ---------------------------------------------------------------------------
# 5 players: the call (§4.4)


def five_deal(fixed: dict[int, str], chien: str = "") -> Game:
    hands, rest = build_deal(fixed, chien=chien, seats=5)
    return Game.from_deal(hands, rest, rules=FIVE)


def five_taken(fixed: dict[int, str], chien: str = "", contract: str = "prise",
               rules: RuleSet = FIVE) -> Game:
    hands, rest = build_deal(fixed, chien=chien, seats=5)
    game = Game.from_deal(hands, rest, rules=rules)
    auction(game, contract, None, None, None, None)
    assert game.state.call_due and game.turn == 0
    return game


def called_options(game: Game) -> set[str]:
    return {a.card for a in game.legal_actions() if isinstance(a, Call)}


def test_v5_c01_kings() -> None:
    game = five_taken({0: "KH KS T1 T2"})
    assert called_options(game) == {"KS", "KH", "KD", "KC"}
    assert kernel.callable_mask(mask_of_codes(["KH", "KS"]), True) == KING_MASK


def test_v5_c02_four_kings() -> None:
    hand = "KS KH KD KC QH T1 T2"
    queens = {"QS", "QH", "QD", "QC"}
    assert called_options(five_taken({0: hand})) == {"KS", "KH", "KD", "KC"} | queens
    strict = FIVE.model_copy(update={"flags": FIVE.flags.model_copy(
        update={"four_kings_may_call_king": False})})
    assert called_options(five_taken({0: hand}, rules=strict)) == queens


def test_v5_c04_a_queen_without_the_four_kings() -> None:
    game = five_taken({0: "KH KS QH T1 T2"})
    with pytest.raises(IllegalAction) as raised:
        game.play(Call(seat=0, card="QH"))
    assert raised.value.code == "call_not_allowed"


def test_v5_c05_partner_self_chien() -> None:
    game = five_taken({0: "KS T1 T2", 3: "KH"})
    game.play(Call(seat=0, card="KH"))
    assert game.partner == 3 and game.state.attack == 0b1001
    assert game.state.call_case == "partner"
    game = five_taken({0: "KS T1 T2", 3: "KH"})
    game.play(Call(seat=0, card="KS"))
    assert game.partner is None and game.state.attack == 0b1
    assert game.state.call_case == "self"
    game = five_taken({0: "KS T1 T2"}, chien="KH 2C 3C")
    game.play(Call(seat=0, card="KH"))
    assert game.partner is None and game.state.call_case == "in_chien"
    assert game.phase == "chien" and "KH" in game.hand(0) and len(game.hand(0)) == 18


def test_v5_c06_the_call_is_due_at_five_only() -> None:
    game = five_taken({0: "KS T1 T2"})
    for action in (Discard(seat=0, cards=("2C", "3C", "4C")), Bid(seat=0, contract=None),
                   Chelem(seat=0, declared=False)):
        with pytest.raises(IllegalAction) as raised:
            game.play(action)
        assert raised.value.code in {"wrong_phase", "call_due"}
    four = Game.new(3)
    assert four.phase == "auction"
    with pytest.raises(IllegalAction) as raised:
        four.play(Call(seat=four.turn, card="KH"))  # type: ignore[arg-type]
    assert raised.value.code == "call_not_now"



def four_player_game_at(phase: str) -> Game:
    """A four-player deal, P0 taking a Garde, brought to ``phase`` (a phase with a seat
    to act)."""
    hands, chien = build_deal({0: "KS 2S 3S 4S 5S 6S 7S 3H 4H 5H 6H 7H 8H T6 T7 T8 T9 T10"},
                              chien="2H 9H 4D 5D 6D 7D")
    game = Game.from_deal(hands, chien)
    steps = iter((lambda: auction(game, "garde", None, None, None),
                  lambda: game.play(Discard(seat=0, cards=("2S", "3S", "4S", "5S", "6S", "7S"))),
                  lambda: game.play(Chelem(seat=0, declared=False))))
    while game.phase != phase:
        next(steps)()
    return game


@pytest.mark.parametrize("phase", ["auction", "chien", "declarations", "tricks"])
@pytest.mark.parametrize("to_act", [True, False], ids=["the seat to act", "another seat"])
def test_v5_c06_a_call_at_four_is_refused_as_none_due_in_every_phase(phase: str,
                                                                     to_act: bool) -> None:
    """Not as an action of another phase, nor as another seat's turn: ``call_not_now``,
    the code docs/log-format.md gives a call at a table that has none."""
    game = four_player_game_at(phase)
    assert game.phase == phase and game.turn is not None
    seat = game.turn if to_act else (game.turn + 1) % 4
    with pytest.raises(IllegalAction) as raised:
        game.play(Call(seat=seat, card="KH"))  # type: ignore[arg-type]
    assert (raised.value.code, raised.value.rule) == ("call_not_now", "V5-2")


def test_v5_c06_at_five_a_second_call_is_none_due_and_the_call_is_the_taker_s() -> None:
    game = five_taken({0: "KS T1 T2"})
    with pytest.raises(IllegalAction) as raised:
        game.play(Call(seat=1, card="KH"))  # the call is due, but from the taker
    assert raised.value.code == "not_your_turn"
    game.play(Call(seat=0, card="KH"))
    for seat in (0, 1):
        with pytest.raises(IllegalAction) as raised:
            game.play(Call(seat=seat, card="KD"))
        assert raised.value.code == "call_not_now"


def v5_d01() -> Game:
    game = five_taken({0: "KS KH KD KC T1 " + " ".join(f"T{n}" for n in range(4, 14))},
                      chien="2H T2 T3", contract="garde")
    game.play(Call(seat=0, card="KS"))
    assert game.phase == "chien" and len(game.hand(0)) == 18
    return game


@pytest.mark.parametrize(("discard", "code"), [
    ("2H T2 T3", None), ("T2 T3 T4", "unforced_trump_discard"), ("2H T1 T3", "forbidden_discard"),
    ("2H T2 T3 T4 T5 T6", "discard_size"), ("2H T2 T3 T4", "discard_size")],
    ids=["legal", "three-trumps", "bout", "six", "V5-D02-four"])
def test_v5_d01_d02_the_discard(discard: str, code: str | None) -> None:
    game = v5_d01()
    assert game.discard_options().trumps_required == 2
    action = Discard(seat=0, cards=tuple(discard.split()))  # type: ignore[arg-type]
    if code is None:
        game.check(action)
    else:
        with pytest.raises(IllegalAction) as raised:
            game.check(action)
        assert raised.value.code == code


def test_v5_d01_the_four_kings_triple() -> None:
    game = v5_d01()
    game.play(Discard(seat=0, cards=("2H", "T2", "T3")))
    game.play(Chelem(seat=0, declared=False))
    options = {c.level.id: c for c in game.poignee_options(0)}
    assert set(options) == {"simple", "double", "triple"}
    expected = {"T1", *(f"T{n}" for n in range(4, 14)), "T2", "T3"}
    assert set(options["triple"].shown) == expected
    game.play(Poignee(seat=0, cards=tuple(sorted(expected))))  # type: ignore[arg-type]


def test_v5_16_the_opening_lead() -> None:
    """V5-16, VD7: no lead of the called suit at trick 1 but the called card; the
    restriction falls when the leader holds nothing else; later leads are free."""
    game = five_taken({0: "KS 1S 2S T1 T2 T3 2H 3H 4H 5H 6H 7H 8H 9H 10H", 2: "KH"})
    game.play(Call(seat=0, card="KH"))
    game.play(Discard(seat=0, cards=("3H", "4H", "5H")))
    game.play(Chelem(seat=0, declared=False))
    legal = set(game.legal_cards())
    assert not legal & {"2H", "6H", "9H", "10H"} and {"KS", "1S", "T1"} <= legal
    with pytest.raises(IllegalAction) as raised:
        game.play(Play(seat=0, card="9H"))
    assert raised.value.code == "called_suit_lead"
    assert kernel.opening_lead_mask(mask_of_codes(["2H", "3H"]), CARD_BY_CODE["KH"]) == \
        mask_of_codes(["2H", "3H"])
    assert kernel.opening_lead_mask(mask_of_codes(["2H", "KH", "T4"]), CARD_BY_CODE["KH"]) == \
        mask_of_codes(["KH", "T4"])


def test_v5_r01_the_partner_and_the_shares() -> None:
    """V5-R01: over random deals with a partner, the partner is revealed on the trick the
    called card is played in, and the scores are 2D, D, -D ×3."""
    from helpers import play_out

    seen = 0
    for seed in range(60):
        game = play_out(Game.new(seed, rules=FIVE), seed)
        partner = game.partner
        settlement = game.settlement
        assert settlement is not None
        if partner is None:
            continue
        seen += 1
        called = game.called
        trick = next(i for i, t in enumerate(game.state.tricks)
                     if called in [CODES[c] for c in t.cards])
        assert game.state.tricks[trick].seat_of(
            [CODES[c] for c in game.state.tricks[trick].cards].index(called)) == partner
        d = settlement.per_defender
        scores = list(settlement.scores)
        assert scores[settlement.taker] == 2 * d and scores[partner] == d
        assert sorted(s for i, s in enumerate(scores) if i not in (settlement.taker, partner)) \
            == [-d] * 3
        assert revealed_at(game) == trick + 1
    assert seen >= 20


def revealed_at(game: Game) -> int:
    """The trick (1..15) during which the defenders' views first show the camps (the
    reveal, V5-4): replayed event by event; and the partner's view knew it from the deal."""
    replay = Game(game.header, game.rules)
    defenders = [s for s in range(5) if s not in (game.taker, game.partner)]
    for event in game.events:
        replay.record(event)
        if replay.state.called < 0 or replay.is_over:
            continue
        assert game.partner is not None
        assert replay.view(game.partner).attack is not None
        known = [replay.view(s).attack is not None for s in defenders]
        if any(known):
            assert all(known) and isinstance(event, Play) and event.card == game.called
            return replay.state.trick_number
    raise AssertionError("the camps were never shown before the end")
