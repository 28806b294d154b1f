"""The refusals in French: each code of the engine, addressed to the person ("vous") and
about a seat named, with the verbs agreeing ("Vous avez du cœur", "Est a du cœur"), the
rule still cited, and no English left; the English stays as the tests of the codes pin it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_error_codes import CASES, LOGS

from tarot.errors import IllegalAction
from tarot.ui.language import use_language

# French seat names as the table gives them; the refusing seat is renamed "Est" in the
# tests about a third seat, whichever seat it is.
FRENCH_NAMES = ("Sud", "Est", "Nord", "Ouest")
ENGLISH_WORDS = re.compile(r"\b(cannot|can|must|may|hold|holds|has|have|you|the|trick|"
                           r"trumps?|discard|show|play|bid|not|only|led|was|and|so)\b")


def refusal(code: str) -> IllegalAction:
    make, action = CASES[code]
    game = make()
    with pytest.raises(IllegalAction) as raised:
        action(game)
    assert raised.value.code == code
    return raised.value


def about_east(error: IllegalAction) -> tuple[str, ...]:
    """Names that call the refusing seat "Est" (and the others by the other names)."""
    assert error.seat is not None
    others = iter(n for n in FRENCH_NAMES if n != "Est")
    return tuple("Est" if seat == error.seat else next(others) for seat in range(4))


# How each refusal opens, to "vous" and about "Est": the verb agrees with the seat.
OPENINGS: dict[str, tuple[str, str]] = {
    "wrong_phase": ("Vous ne pouvez pas jouer une carte", "Est ne peut pas jouer une carte"),
    "not_your_turn": ("Vous ne pouvez pas jouer maintenant", "Est ne peut pas jouer"),
    "unknown_card": ("Vous : ", "Est : "),
    "not_in_hand": ("Vous ne pouvez pas jouer ", "Est ne peut pas jouer "),
    "duplicate_card": ("Vous donnez ", "Est donne "),
    "unknown_contract": ("Vous annoncez 'grand_chelem'", "Est annonce 'grand_chelem'"),
    "bid_too_low": ("Vous ne pouvez pas annoncer Prise", "Est ne peut pas annoncer Prise"),
    "discard_size": ("Vous devez écarter exactement 6 cartes", "Est doit écarter exactement"),
    "forbidden_discard": ("Vous ne pouvez pas écarter ", "Est ne peut pas écarter "),
    "unforced_trump_discard": ("Vous ne pouvez pas écarter ", "Est ne peut pas écarter "),
    "chelem_taker_only": ("Vous ne pouvez pas annoncer de chelem",
                          "Est ne peut pas annoncer de chelem"),
    "poignee_not_now": ("Vous avez déjà montré une poignée", "Est a déjà montré une poignée"),
    "call_due": ("Vous devez appeler une carte", "Est doit appeler une carte"),
    "call_not_now": ("Vous ne pouvez pas appeler de carte", "Est ne peut pas appeler de carte"),
    "call_not_allowed": ("Vous ne pouvez pas appeler ", "Est ne peut pas appeler "),
    "called_suit_lead": ("Vous ne pouvez pas entamer ", "Est ne peut pas entamer "),
    "poignee_size": ("Vous devez montrer exactement 10/13/15 cartes",
                     "Est doit montrer exactement 10/13/15 cartes"),
    "poignee_not_trumps": ("Vous ne pouvez pas montrer ", "Est ne peut pas montrer "),
    "poignee_excuse_not_allowed": ("Vous ne pouvez montrer l'Excuse qu'en dernière carte",
                                   "Est ne peut montrer l'Excuse qu'en dernière carte"),
    "poignee_discard_not_allowed": ("Vous ne pouvez pas montrer ", "Est ne peut pas montrer "),
    "must_follow_suit": ("Vous ne pouvez pas jouer ", "Est ne peut pas jouer "),
    "must_trump": ("Vous ne pouvez pas jouer ", "Est ne peut pas jouer "),
    "must_overtrump": ("Vous ne pouvez pas jouer ", "Est ne peut pas jouer "),
}
# Inside the sentence, the seat again, and its verb.
INSIDE: dict[str, tuple[str, str]] = {
    "bid_too_low": ("; vous pouvez passer, ou annoncer Garde sans le chien ou Garde contre "
                    "le chien (R4)", "; Est peut passer, ou annoncer Garde sans le chien"),
    "must_follow_suit": ("et vous avez du cœur (", "et Est a du cœur ("),
    "must_trump": ("vous n'avez pas de pique et vous avez de l'atout",
                   "Est n'a pas de pique et Est a de l'atout"),
    "must_overtrump": ("et vous pouvez monter avec ", "et Est peut monter avec "),
}


def test_every_code_of_the_engine_with_a_seat_has_its_french_opening() -> None:
    seated = {code for code in CASES if code != "invalid_deal"}
    assert set(OPENINGS) == seated


@pytest.mark.parametrize("code", sorted(OPENINGS))
def test_a_refusal_in_french_addressed_to_you_and_about_east(code: str) -> None:
    use_language("fr")
    error = refusal(code)
    names = about_east(error)
    to_you = error.render(names, person=error.seat)
    about = error.render(names, person=(error.seat + 1) % 4)  # type: ignore[operator]
    you_open, east_open = OPENINGS[code]
    assert to_you.startswith(you_open), to_you
    assert about.startswith(east_open), about
    if code in INSIDE:
        you_inside, east_inside = INSIDE[code]
        assert you_inside in to_you, to_you
        assert east_inside in about, about
    for text in (to_you, about, error.message):
        assert "{" not in text and "}" not in text, text
        if error.rule is not None:
            assert f"({error.rule}" in text, text
        if code != "unknown_card":  # the card notation's own message: tests/test_notation.py
            assert not ENGLISH_WORDS.findall(text), (ENGLISH_WORDS.findall(text), text)
    assert str(error) == f"{code}: {error.message}"
    assert error.message.startswith(east_open.replace("Est", f"P{error.seat}"))


def test_the_brief_s_example_reads_as_a_french_player_says_it() -> None:
    use_language("fr")
    text = refusal("must_follow_suit").render(("Sud", "Vous", "Nord", "Ouest"), person=1)
    assert re.fullmatch(r"Vous ne pouvez pas jouer \S+ : l'entame est \S+ et vous avez du cœur "
                        r"\([^)]+\) : vous devez fournir \(R11\)", text), text


def test_a_refusal_is_in_the_language_of_the_moment_it_is_read() -> None:
    error = refusal("must_follow_suit")  # made in English
    english = error.message
    use_language("fr")
    assert error.message.startswith("P1 ne peut pas jouer")
    use_language("en")
    assert error.message == english and english.startswith("P1 cannot play T10: 1H was led")


def test_the_plural_agrees_with_the_cards_left_hidden() -> None:
    use_language("fr")
    text = refusal("poignee_excuse_not_allowed").message
    assert text.endswith("resteraient cachés (R8)"), text
    one = refusal("unforced_trump_discard").message
    assert "(1 carte) resterait en main (R6)" in one, one


# The refusals of a log's replay, each with the French it opens with.
LOG_REFUSALS = {
    "deal_mismatch": "la donne numéro 0 n'est pas celle que donne la graine ",
    "derived_mismatch": "settlement.scores : le journal dit ",
    "unexpected_derived": "aucun événement trick n'est attendu ici (tricks)",
}


def test_a_deal_of_three_hands_in_french() -> None:
    use_language("fr")
    assert refusal("invalid_deal").message == "une donne compte 4 mains, et non 3"


@pytest.mark.parametrize("code", sorted(LOG_REFUSALS))
def test_a_log_refused_in_french(tmp_path: Path, code: str) -> None:
    from tarot.log import LogError, read_log

    use_language("fr")
    path = tmp_path / "game.jsonl"
    path.write_bytes(LOGS[code]())  # type: ignore[arg-type]
    with pytest.raises(LogError) as raised:
        read_log(path)
    assert raised.value.problem.code == code
    # Said to a person in French; in English for --json, whatever the language.
    assert LOG_REFUSALS[code] in raised.value.problem.shown, raised.value.problem.shown
    assert raised.value.problem.message.isascii(), raised.value.problem.message


def test_the_english_stays_as_it_was() -> None:
    error = refusal("must_trump")
    assert error.message == ("P1 cannot play 6H: P1 has no spades and P1 holds trumps "
                             "(T3 T4 T6 T7 T10), so must play one (R11)")
    assert error.render(("You", "East", "North", "West"), person=1) == (
        "You cannot play 6H: you have no spades and you hold trumps (T3 T4 T6 T7 T10), so "
        "must play one (R11)")
    assert refusal("bid_too_low").render(FRENCH_NAMES) == (
        "Est cannot bid Prise: the bid is already Garde, and each bid must be higher; Est may "
        "pass, or bid Garde sans or Garde contre (R4)")
