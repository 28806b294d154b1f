"""Section 5 of the rule book (three and five players) held to the code: every rule,
decision and example of the section is named by a test; a refusal at those sizes cites
the section's rule in its ``rule`` field, as a four-player refusal cites R6 or R8, and
that rule can be looked up in both languages. The section's rules that the vectors
(tests/test_vectors_sizes.py) and the random deals (tests/test_sizes_random.py) do not
name have their test here."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import auction, build_deal
from test_error_codes import CASES, five_at_first_lead, five_called

from tarot.engine import kernel
from tarot.engine.card_notation import notation_of
from tarot.engine.cards import (
    CODES,
    JACK,
    KING,
    KNIGHT,
    QUEEN,
    mask_of_codes,
    parse_card,
    parse_cards,
)
from tarot.engine.events import Bid, Call, Chelem, Discard, Play, Poignee, Redeal
from tarot.engine.game import Game
from tarot.engine.legal import poignee_options_for
from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet
from tarot.errors import IllegalAction
from tarot.explain.rulebook import entries, lookup
from tarot.ui.cli import main
from tarot.ui.language import use_language

TESTS = Path(__file__).resolve().parent
FOUR, THREE, FIVE = load_rules("standard"), load_rules("standard-3"), load_rules("standard-5")

# A test names an id as the book writes it (V5-3, VD2, V5-C01) or in its function's name
# (test_v5_c01_…, test_vd2_…).
WRITTEN = re.compile(r"(?<![\w-])(V[35]-(?:[0-9]{1,2}|[A-Z][0-9]{2})|VD[0-9]{1,2})(?![\w]|-[0-9])")
IN_A_NAME = re.compile(r"(?<![a-z0-9])(v[35]_(?:[a-z][0-9]{2}|[0-9]{1,2})|vd[0-9]{1,2})(?=_|\b)")


def named_by_tests() -> set[str]:
    text = "\n".join(path.read_text(encoding="utf-8") for path in sorted(TESTS.glob("*.py")))
    return set(WRITTEN.findall(text)) | {name.upper().replace("_", "-")
                                         for name in IN_A_NAME.findall(text)}


def test_every_rule_decision_and_example_of_section_5_is_named_by_a_test() -> None:
    sized = {key for key in entries("en") if key.startswith("V")}
    assert len(sized) == 13 + 17 + 11 + 35  # V3-k, V5-k, VD-k, the examples' rows
    assert sorted(sized - named_by_tests()) == []


def test_the_names_are_seen() -> None:
    assert WRITTEN.findall("V5-3. (VD2) V5-C01, 'V3-H01-12' V3-10") == \
        ["V5-3", "VD2", "V5-C01", "V3-10"]
    assert IN_A_NAME.findall("def test_v5_c01_kings, test_v3_10_x, test_vd4_y, xv5_3") == \
        ["v5_c01", "v3_10", "vd4"]


# ---------------------------------------------------------------------------
# Refusals: the rule of the section in the `rule` field and in the sentence.


def three_taken(fixed: dict[int, str], chien: str = "", contract: str = "garde") -> Game:
    hands, rest = build_deal(fixed, chien=chien, seats=3)
    return auction(Game.from_deal(hands, rest, rules=THREE), contract, None, None)


def five_discarding() -> Game:
    game = five_called()
    game.play(Call(seat=0, card="KS"))
    return game


def at_first_card(game: Game, discard: tuple[str, ...]) -> Game:
    game.play(Discard(seat=0, cards=discard))
    game.play(Chelem(seat=0, declared=False))
    return game


V3_D01 = ["KS", "KH", "KD", "KC", *(f"T{n}" for n in range(1, 22)), "2H", "3H", "4S", "5D", "6C"]


def v3_d01() -> Game:
    """P0 takes a Garde at three with V3-D01's 30 cards (the chien holds the last six)."""
    return three_taken({0: " ".join(V3_D01[:24])}, chien=" ".join(V3_D01[24:]))

# code, the game, the refused action, the rule cited.
REFUSALS: list[tuple[str, Callable[[], Game], Callable[[Game], object], str]] = [
    ("call_due", five_called, lambda g: g.play(Bid(seat=0, contract=None)), "V5-2"),
    ("call_not_now", *CASES["call_not_now"], "V5-2"),  # at four players
    ("call_not_allowed", five_called, lambda g: g.play(Call(seat=0, card="QH")), "V5-3"),
    ("called_suit_lead", five_at_first_lead, lambda g: g.play(Play(seat=0, card="1S")), "V5-16"),
    # V5-D02: a discard of 4 cards at five.
    ("discard_size", five_discarding,
     lambda g: g.play(Discard(seat=0, cards=("7C", "8C", "9C", "2H"))), "V5-7"),
    ("unforced_trump_discard", five_discarding,
     lambda g: g.play(Discard(seat=0, cards=("7C", "8C", "T2"))), "V5-7"),
    ("discard_size", v3_d01,
     lambda g: g.play(Discard(seat=0, cards=("2H", "3H", "4S", "5D", "6C"))), "V3-4"),
    # V3-D01: two trumps where one must go.
    ("unforced_trump_discard", v3_d01,
     lambda g: g.play(Discard(seat=0, cards=("2H", "3H", "4S", "5D", "T2", "T3"))), "V3-4"),
    # V3-H01, V5-H01: 10 cards is no size at three, 9 none at five.
    ("poignee_size", lambda: at_first_card(v3_d01(),
                                           ("2H", "3H", "4S", "5D", "6C", "T2")),
     lambda g: g.play(Poignee(seat=0, cards=tuple(f"T{n}" for n in range(3, 13)))), "V3-6"),
    ("poignee_size", lambda: at_first_card(five_discarding(), ("7C", "8C", "9C")),
     lambda g: g.play(Poignee(seat=0, cards=(*(f"T{n}" for n in range(1, 7)), "EXC", "2H", "3H"))),
     "V5-9"),
]


def refused(make: Callable[[], Game], action: Callable[[Game], object]) -> IllegalAction:
    game = make()
    with pytest.raises(IllegalAction) as raised:
        action(game)
    return raised.value


@pytest.mark.parametrize(("code", "make", "action", "rule"), REFUSALS,
                         ids=[f"{code}-{rule}" for code, _m, _a, rule in REFUSALS])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_refusal_at_three_or_five_cites_the_rule_of_its_size(
        code: str, make: Callable[[], Game], action: Callable[[Game], object], rule: str,
        language: str) -> None:
    use_language(language)
    error = refused(make, action)
    assert (error.code, error.rule) == (code, rule), error.message
    assert error.message.endswith(f"({rule})"), error.message
    assert error.render(("Sud", "Est", "Nord", "Ouest", "Centre"), person=0).endswith(f"({rule})")
    assert lookup(rule).text.startswith(f"- **{rule}.**")


@pytest.mark.parametrize(("code", "action", "rule"), [
    ("discard_size", lambda g: g.play(Discard(seat=0, cards=("2S", "3S", "4S", "5S", "T6"))),
     "R6"),
    ("unforced_trump_discard",
     lambda g: g.play(Discard(seat=0, cards=("2S", "3S", "4S", "5S", "T6", "T7"))), "R6"),
])
def test_the_four_player_refusals_still_cite_r6(code: str, action: Callable[[Game], object],
                                                 rule: str) -> None:
    hands, chien = build_deal({0: "KS 2S 3S 4S 5S 6S 7S 3H 4H 5H 6H 7H 8H T6 T7 T8 T9 T10"},
                              chien="2H 9H 4D 5D 6D 7D")
    error = refused(lambda: auction(Game.from_deal(hands, chien), "garde", None, None, None),
                    action)
    assert (error.code, error.rule) == (code, rule) and error.message.endswith("(R6)")


def test_the_rule_of_each_size() -> None:
    """What the table's own refusals (the poignée prompt) cite at each size."""
    from tarot.engine.legal import rule_at_size

    assert [rule_at_size("R8", n) for n in (3, 4, 5)] == ["V3-6", "R8", "V5-9"]
    assert [rule_at_size("R6", n) for n in (3, 4, 5)] == ["V3-4", "R6", "V5-7"]
    assert [rule_at_size("R11", n) for n in (3, 4, 5)] == ["R11"] * 3


def test_a_refusal_names_the_fifth_seat() -> None:
    """P4 refused at five players: named P4 in the log's words, "you" at the table."""
    game = auction(Game.new(2, rules=FIVE), "garde", None, None, None)
    with pytest.raises(IllegalAction) as raised:
        game.play(Bid(seat=4, contract="prise"))
    assert raised.value.seat == 4 and raised.value.message.startswith("P4 cannot bid Prise")
    assert raised.value.render(("S", "E", "N", "W", "C"), person=4).startswith("You cannot")


# ---------------------------------------------------------------------------
# The rules the vectors and the random deals do not name.


def test_v3_2_vd9_the_numbers_that_do_not_change() -> None:
    """V3-2 (and V5's): targets, card points, contracts, multipliers, the chelem's amounts
    and the flags of the four-player game (VD9) are those of every size."""
    for sized in (THREE, FIVE):
        for part in ("scoring", "card_points", "contracts", "chelem", "poignee_rules"):
            assert getattr(sized, part) == getattr(FOUR, part), (sized.id, part)
        assert sized.flags.model_dump(exclude={"four_kings_may_call_king"}) == \
            FOUR.flags.model_dump(exclude={"four_kings_may_call_king"})


@pytest.mark.parametrize(("rules", "rule", "hand", "chien", "levels"), [
    (THREE, "V3-6", 24, 6, [(13, 20), (15, 30), (18, 40)]),  # VD6: the triple at 18
    (FIVE, "V5-9", 15, 3, [(8, 20), (10, 30), (13, 40)]),  # VD1: 8/10/13
], ids=["V3-6", "V5-9"])
def test_v3_6_v5_9_vd1_vd6_the_sizes(rules: RuleSet, rule: str, hand: int, chien: int,
                                     levels: list[tuple[int, int]]) -> None:
    """V3-1, V3-4, V5-1, V5-7: the deal and the chien; V3-6, V5-9: the poignées, as the
    rule files give them and the book's entries say them."""
    assert (rules.deal.hand_size, rules.deal.chien_size) == (hand, chien)
    assert [(p.trumps, p.bonus) for p in rules.poignees] == levels
    text = lookup(rule).text
    assert all(f"**{trumps}**" in text for trumps, _bonus in levels)


def test_v3_3_the_auction_at_three() -> None:
    """Three calls end the auction; three passes give the deal to (dealer + 1) mod 3."""
    game = Game.new(4, rules=THREE)
    dealer = game.state.dealer
    events = [e for seat in (0, 1, 2) for e in game.play(Bid(seat=(dealer + 1 + seat) % 3,
                                                             contract=None))]
    redeal = next(e for e in events if isinstance(e, Redeal))
    assert redeal.reason == "all_passed" and redeal.next_dealer == (dealer + 1) % 3


@pytest.mark.parametrize(("rules", "seats"), [(THREE, 3), (FIVE, 5)], ids=["V3-11", "V5-14"])
def test_v3_11_v5_14_petit_sec_redeals_to_the_right(rules: RuleSet, seats: int) -> None:
    suits = [f"{rank}{suit}" for suit in "HDSC" for rank in
             ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")]
    size = 24 if seats == 3 else 15
    hands, chien = build_deal({1: ["T1", *suits[:size - 1]]}, seats=seats)
    game = Game.from_deal(hands, chien, rules=rules, seed=5)
    redeal = next(e for e in game.events if isinstance(e, Redeal))
    # The dealer is the last seat (§5.0); the deal passes to its right, P0.
    assert (redeal.reason, redeal.seat, redeal.next_dealer) == ("petit_sec", 1, 0)


def test_v3_5_a_defender_overtrumps_a_fellow_defender() -> None:
    """V3-5 as A29: the rule knows no camp, so at three the second defender must beat the
    first one's trump as at four (L05)."""
    trick = parse_cards("KH T10")  # the taker leads, a defender trumps
    assert kernel.legal_play_mask(mask_of_codes(["2C", "T5", "T12"]), trick) == \
        mask_of_codes(["T12"])


@pytest.mark.parametrize(("rules", "pool"), [(THREE, ()), (THREE, ("T2",))], ids=["", "A14"])
def test_v3_7_the_four_kings_change_nothing_at_three(rules: RuleSet, pool: tuple[str, ...]
                                                     ) -> None:
    """After V3-D01's forced discard of T2 the hand offers the triple already; the
    discarded T2 added to it (A14) changes nothing."""
    hand = mask_of_codes(["KS", "KH", "KD", "KC", "T1", *(f"T{n}" for n in range(3, 22))])
    levels = [level.id for level, _c, _s in
              poignee_options_for(rules, hand, mask_of_codes(pool))]
    assert levels == ["simple", "double", "triple"]


def test_v5_10_the_four_kings_at_five() -> None:
    """V5-D01: after discarding T2 T3 (forced), 11 trumps: simple, double; the triple only
    with the discarded trumps counted."""
    hand = mask_of_codes(["KS", "KH", "KD", "KC", "T1", *(f"T{n}" for n in range(4, 14))])
    without = [level.id for level, _c, _s in poignee_options_for(FIVE, hand, 0)]
    with_extra = [level.id for level, _c, _s in
                  poignee_options_for(FIVE, hand, mask_of_codes(["T2", "T3"]))]
    assert without == ["simple", "double"] and with_extra == ["simple", "double", "triple"]


def last_trick_of(rules: RuleSet, trick: str, leader: int, attack: int,
                  before: int) -> kernel.TakenTricks:
    """The tricks of a deal: ``before`` tricks the attack won (P0 leading a 2-card pair of
    low cards stands for each), then ``trick``."""
    seats = len(trick.split())
    filler = parse_cards(" ".join(CODES[c] for c in range(seats)))  # low spades
    tricks = [(filler, 0, 0)] * before + [(parse_cards(trick), leader,
                                           (leader + kernel.trick_winner_index(
                                               parse_cards(trick))) % seats)]
    return kernel.take_tricks(rules.table, tricks, attack)


@pytest.mark.parametrize(("rules", "rule", "trick", "attack"), [
    (THREE, "V3-8", "KH EXC 2H", 0b001),  # P1, a defender, plays it; the taker wins
    (FIVE, "V5-8", "KH 3H EXC 7H 9H", 0b001),  # P2, a defender
], ids=["V3-8", "V5-8"])
def test_v3_8_v5_8_a_defender_s_excuse_in_the_last_trick_goes_to_the_attack(
        rules: RuleSet, rule: str, trick: str, attack: int) -> None:
    """The last trick is trick 24 at three, 15 at five (§5.0): a defender's Excuse played
    to it goes to the attack (A3) with no half point; one trick earlier it stays with the
    defence, which gives the half point."""
    size = rules.deal.hand_size
    last = last_trick_of(rules, trick, 0, attack, size - 1)
    earlier = last_trick_of(rules, trick, 0, attack, size - 2)
    excuse = mask_of_codes(["EXC"])
    assert last.pile & excuse and last.adjust == 0
    assert not earlier.pile & excuse and earlier.adjust == 1


@pytest.mark.parametrize(("rules", "seats"), [(THREE, 3), (FIVE, 5)], ids=["V3-10", "V5-12"])
def test_v3_10_v5_12_petit_au_bout_on_the_last_trick_of_the_size(rules: RuleSet,
                                                                  seats: int) -> None:
    """The Petit in trick 24 (three) or 15 (five), won by the attack, is au bout; the
    same trick one earlier is not the last, and nothing is au bout."""
    trick = " ".join(["T1", *(f"{n}D" for n in range(2, seats + 1))])
    size = rules.deal.hand_size
    for before, expected in ((size - 1, kernel.TAKER), (size - 2, kernel.NEITHER)):
        taken = last_trick_of(rules, trick, 0, 0b1, before)
        last_cards = parse_cards(trick) if before == size - 1 else []
        side = kernel.petit_side(last_cards, True) if last_cards else kernel.NEITHER
        assert kernel.petit_au_bout(rules.table, side, kernel.NEITHER, False) == expected
        assert taken.taker_tricks == before + 1


def test_v5_13_vd10_only_the_taker_declares_and_the_camp_makes_the_slam() -> None:
    """The partner may not declare a chelem (A20); a slam is the camp's: every trick won
    by the taker or his partner (V5-X03)."""
    game = five_called()
    game.play(Call(seat=0, card="KS"))
    game.play(Discard(seat=0, cards=("7C", "8C", "9C")))
    with pytest.raises(IllegalAction) as raised:
        game.play(Chelem(seat=2, declared=True))
    assert (raised.value.code, raised.value.rule) == ("chelem_taker_only", "R10")
    table = FIVE.table
    assert kernel.chelem_bonuses(table, False, 15, 0) == \
        kernel.chelem_bonuses(FOUR.table, False, 18, 0)


@pytest.mark.parametrize(("partner", "expected"), [
    (2, [116, -58, 58, -58, -58]),  # VD4: two thirds, one third
    (None, [232, -58, -58, -58, -58]),  # VD5: alone, the whole
], ids=["VD4", "VD5"])
def test_vd4_vd5_the_shares_at_five(partner: int | None, expected: list[int]) -> None:
    assert kernel.seat_scores(58, 5, 0, partner) == expected
    assert sum(expected) == 0


def test_v5_15_half_points_at_five() -> None:
    """A10 as it is: 40.5 with 2 bouts fails by 1 (V5-S04), 41.5 makes it by 1."""
    table = FIVE.table
    garde = FIVE.contract_index["garde"]
    short = kernel.contract_score(table, garde, 81, 2)
    over = kernel.contract_score(table, garde, 83, 2)
    assert (short.made, short.difference) == (False, 1)
    assert (over.made, over.difference) == (True, 1)


def test_vd8_five_play_and_none_sits_out() -> None:
    """No seat of five sits the deal out ("le mort"): each is dealt 15 cards and plays."""
    game = Game.new(7, rules=FIVE)
    assert [len(game.hand(seat)) for seat in range(5)] == [15] * 5


# ---------------------------------------------------------------------------
# The engine's own readings (docs/decisions.md, "Three and five players").


def test_the_opening_lead_is_restricted_with_the_called_king_in_a_hidden_chien() -> None:
    """V5-16 holds wherever the called card lies: here in the chien of a Garde sans,
    where nobody knows it (the taker plays alone, V5-5)."""
    hands, chien = build_deal({0: "2H 3H 1S 2S T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"},
                              chien="KH 4C 5C", seats=5)
    game = auction(Game.from_deal(hands, chien, rules=FIVE), "garde_sans", None, None, None,
                   None)
    game.play(Call(seat=0, card="KH"))
    assert game.state.call_case == "in_chien" and game.view(0).attack is None
    game.play(Chelem(seat=0, declared=False))
    assert not {"2H", "3H"} & set(game.legal_cards()) and "1S" in game.legal_cards()


def test_a_taker_who_called_his_own_queen_and_discarded_it_is_known_alone_at_the_end() -> None:
    from helpers import play_out

    hands, chien = build_deal({0: "KS KH KD KC QH T1 T2 T3 T4 T5 T6 2S 3S 4S 5S"},
                              chien="6C 7C 8C", seats=5)
    game = auction(Game.from_deal(hands, chien, rules=FIVE), "prise", None, None, None, None)
    game.play(Call(seat=0, card="QH"))
    assert game.state.call_case == "self" and game.view(0).attack == (0,)
    game.play(Discard(seat=0, cards=("QH", "2S", "3S")))
    game.play(Chelem(seat=0, declared=False))
    assert all(game.view(seat).attack is None for seat in range(1, 5))
    play_out(game, 3)
    assert all(game.view(seat).attack == (0,) for seat in range(5))


# ---------------------------------------------------------------------------
# The call as each book words it (V5-3, VD2, §5.4, V5-C02), held to the engine's
# callable cards (kernel.callable_mask) under both values of four_kings_may_call_king.

# The rank words of the books (a rank named in the plural: "the 4 queens", "les 4 Dames").
RANK_WORDS = {
    "en": {"kings": KING, "queens": QUEEN, "knights": KNIGHT, "jacks": JACK},
    "fr": {"Rois": KING, "Dames": QUEEN, "Cavaliers": KNIGHT, "Valets": JACK},
}
# The sentence that says which one rank the flag's `false` leaves to the taker, and the
# word in it that picks that rank among those he does not hold complete. Either word is
# read (highest or lowest, haute or basse) so that the test compares the book's choice
# with the engine's instead of only finding a sentence.
ONE_RANK_LEFT = {
    "en": re.compile(r"only the (?P<which>highest|lowest) rank he does not hold complete"),
    "fr": re.compile(r"(?:la hauteur la plus (?P<which>haute|basse)|"
                     r"la plus (?P<which_before>haute|basse) hauteur) "
                     r"qu'il ne tient pas en entier"),
}
PICK = {"highest": max, "haute": max, "lowest": min, "basse": min}
# Hands a taker at five may be dealt (15 cards), with nothing, one, two and three ranks
# complete: the only hands where the flag's reading can differ.
CALLER_HANDS = [
    "KS KH QH QD NS JC T1 T2 T3 T4 T5 T6 T7 2S 3S",
    "KS KH KD KC QH T1 T2 T3 T4 T5 T6 T7 T8 2S 3S",
    "KS KH KD KC QS QH QD QC NH T1 T2 T3 T4 T5 T6",
    "KS KH KD KC QS QH QD QC NS NH ND NC JD T1 T2",
]


def one_rank_left(text: str, language: str) -> Callable[[Iterable[int]], int]:
    """How ``text`` picks the one rank the flag's `false` leaves: max or min of ranks."""
    found = ONE_RANK_LEFT[language].search(" ".join(text.split()))  # across wrapped lines
    assert found is not None, f"no sentence naming the one rank left in {text!r}"
    return PICK[found["which"] or found["which_before"]]


def ranks_not_complete(hand: int) -> list[int]:
    return [rank for rank in kernel.CALL_RANKS
            if hand & kernel.RANK_MASKS[rank] != kernel.RANK_MASKS[rank]]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_v5_3_vd2_the_book_names_the_rank_the_engine_leaves_under_the_flag_false(
        language: str) -> None:
    """`tarot rules V5-3` and the algorithm of §5.4, in each language, name the one rank a
    taker may call under ``four_kings_may_call_king = false``: the engine's."""
    rule = CliRunner().invoke(main, ["--lang", language, "rules", "V5-3"])
    assert rule.exit_code == 0, rule.output
    for text in (rule.output, entries(language)["5.4"].text):
        pick = one_rank_left(text, language)
        for codes in CALLER_HANDS:
            hand = mask_of_codes(codes.split())
            assert kernel.callable_mask(hand, False) == \
                kernel.RANK_MASKS[pick(ranks_not_complete(hand))], (codes, text)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_v5_c02_the_book_s_example_under_both_flag_values(language: str) -> None:
    """V5-C02's row, read in each book: the hand its situation describes may call the ranks
    its answer names, with the flag `true` and then `false`."""
    row = entries(language)["V5-C02"].text.splitlines()[-1]
    situation, expected = (cell.strip() for cell in row.split("|")[2:4])
    words = RANK_WORDS[language]
    named = re.compile(r"\b4 (" + "|".join(words) + r")\b")
    hand = sum(kernel.RANK_MASKS[words[word]] for word in named.findall(situation))
    for card in re.findall(r"`([^`]+)`", situation):
        hand |= 1 << parse_card(card, notation=notation_of(language))
    with_flag, without_flag = expected.split("`four_kings_may_call_king = false`")
    for flag, answer in ((True, with_flag), (False, without_flag)):
        ranks = [words[word] for word in named.findall(answer)]
        assert ranks, answer
        assert kernel.callable_mask(hand, flag) == \
            sum(kernel.RANK_MASKS[rank] for rank in ranks), (flag, answer)
