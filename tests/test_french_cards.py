"""Cards shown and read in French (docs/translating.md, "French card notation"): the French
display, the French codes and words read with French on, the one clash (a number and C)
refused naming both readings, every English code still read, and English mode unchanged."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from test_notation import game_at

from tarot.bots.random_player import random_action
from tarot.engine import phases
from tarot.engine.card_notation import FRENCH
from tarot.engine.cards import (
    ALL_CARDS,
    CODES,
    EXCUSE,
    RANK_CODES,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    CardError,
    card_words,
    display,
    parse_card,
    spoken,
)
from tarot.engine.events import Bid, Chelem, Discard, Play, Poignee
from tarot.engine.game import Game
from tarot.engine.notation import NotationError, card_code, parse_script_entry
from tarot.ui.language import use_language


@pytest.fixture
def french() -> Iterator[None]:
    use_language("fr")
    yield


SUITS_FR = (("P", "♠", "pique", "S"), ("C", "♥", "cœur", "H"), ("K", "♦", "carreau", "D"),
            ("T", "♣", "trèfle", "C"))
RANKS_FR = (("R", "roi", "K"), ("D", "dame", "Q"), ("C", "cavalier", "N"), ("V", "valet", "J"),
            *((str(n), str(n), str(n)) for n in range(10, 1, -1)), ("1", "as", "1"))


def _french_suit_cards() -> Iterator[tuple[str, str]]:
    """Every suit card in every French spelling: its letters (three cases), its symbol, its
    name with and without "de" and accents."""
    for letter, symbol, name, english_suit in SUITS_FR:
        for rank_letter, rank_name, english_rank in RANKS_FR:
            code = english_rank + english_suit
            bare = name.replace("œ", "oe").replace("è", "e")
            yield f"{rank_name} de {name}", code
            yield f"{rank_name} de {bare}", code
            yield f"{rank_name} {name}", code
            yield f"{rank_name.upper()} DE {name.upper()}", code
            yield rank_letter + symbol, code
            yield (rank_letter + symbol).lower(), code
            if not (rank_letter[0].isdigit() and letter == "C"):  # the clash: below
                yield rank_letter + letter, code
                yield (rank_letter + letter).lower(), code
                yield rank_letter.lower() + letter, code


FRENCH_WORDS = [
    ("RP", "KS"), ("V♣", "JC"), ("dc", "QH"), ("10K", "10D"), ("1T", "1C"), ("CC", "NH"),
    ("ck", "ND"), ("AP", "1S"), ("at", "1C"), ("A♥", "1H"), ("R♥️", "KH"),
    ("A1", "T1"), ("a7", "T7"), ("A21", "T21"),
    ("roi de pique", "KS"), ("dame de cœur", "QH"), ("dame de coeur", "QH"),
    ("Dame de Cœur", "QH"), ("cavalier de carreau", "ND"), ("valet de trèfle", "JC"),
    ("valet de trefle", "JC"), ("as de pique", "1S"), ("l'as de pique", "1S"),
    ("10 de carreau", "10D"), ("7 coeur", "7H"), ("la dame de pique", "QS"),
    ("le roi de trèfle", "KC"),
    ("petit", "T1"), ("le petit", "T1"), ("Le Petit", "T1"), ("excuse", "EXC"),
    ("l'excuse", "EXC"), ("L’Excuse", "EXC"), ("l' excuse", "EXC"), ("le 21", "T21"),
    ("atout 7", "T7"), ("l'atout 7", "T7"), ("Atout 21", "T21"),
    # The English codes, with French on.
    ("KH", "KH"), ("T21", "T21"), ("EXC", "EXC"), ("10♦", "10D"), ("NS", "NS"), ("kc", "KC"),
]


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize(("text", "code"), [*FRENCH_WORDS, *_french_suit_cards()])
def test_french_inputs_read_as_their_card(text: str, code: str) -> None:
    assert card_code(text, []) == code


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize("number", range(1, 11))
def test_a_number_and_c_is_refused_naming_both_readings(number: int) -> None:
    for text in (f"{number}C", f"{number}c"):
        with pytest.raises(NotationError) as raised:
            card_code(text, [])
        message = str(raised.value)
        assert raised.value.card
        rank = "as" if number == 1 else str(number)
        assert f"« {text} » désigne deux cartes" in message
        assert f"{rank} de cœur en notation française" in message
        assert f"{rank} de trèfle en notation anglaise" in message
        assert f"{number}♥ ou « {rank} de cœur »" in message
        assert f"{number}♣ ou {number}T" in message
        # Both ways the message gives read back as the card they name.
        assert card_code(f"{number}♥", []) == card_code(f"{rank} de cœur", []) == f"{number}H"
        assert card_code(f"{number}♣", []) == card_code(f"{number}T", []) == f"{number}C"


@pytest.mark.usefixtures("french")
def test_the_ace_s_letter_clashes_too() -> None:
    """English reads A as the ace (AS, AC), French too (AP, AT): AC is two cards."""
    with pytest.raises(NotationError, match="« AC » désigne deux cartes : as de cœur"):
        card_code("AC", [])


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize("code", CODES)
def test_every_english_code_is_read_with_french_on(code: str) -> None:
    expected = code
    if code[:-1].isdecimal() and code.endswith("C"):
        # The clash: these name the clubs with the symbol or the French letter T.
        code = code[:-1] + "♣"
    if code.startswith("T") and int(code[1:]) <= 10:
        code = "A" + code[1:]  # T1 … T10 are two cards in French (below): A1 … A10
    assert card_code(code, []) == expected
    assert card_code(code.lower(), []) == expected


def test_every_french_display_reads_back_as_its_card(french: None) -> None:
    shown = [display(card) for card in ALL_CARDS]
    assert len(set(shown)) == len(ALL_CARDS)
    for card, text in zip(ALL_CARDS, shown, strict=True):
        assert parse_card(text, notation=FRENCH) == card, text
        assert card_code(text, []) == CODES[card]
        # The words a screen reader says read back too (the Petit's without ", le Petit").
        assert card_code(spoken(card).split(",")[0], []) == CODES[card], spoken(card)


def test_the_french_display(french: None) -> None:
    shown = " ".join(display(card) for card in ALL_CARDS)
    assert shown.startswith("1♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ V♠ C♠ D♠ R♠ 1♥ ")
    assert " V♣ C♣ D♣ R♣ A1 A2 " in shown
    assert shown.endswith(" A20 A21 EXC")
    assert [spoken(c) for c in (13, 25, 28, 42, 56, 76, EXCUSE)] == [
        "roi de pique", "cavalier de cœur", "as de carreau", "as de trèfle",
        "atout 1, le Petit", "atout 21", "l'Excuse"]


def test_the_english_display_is_unchanged() -> None:
    expected = ([rank + symbol for symbol in SUIT_SYMBOLS for rank in RANK_CODES]
                + [f"T{n}" for n in range(1, 22)] + ["EXC"])
    assert [display(card) for card in ALL_CARDS] == expected
    assert [display(card, symbols=False) for card in ALL_CARDS] == list(CODES)
    assert spoken(TRUMP_BASE + 1) == "trump 1, the Petit"
    assert spoken(13) == "king of spades" and spoken(EXCUSE) == "Excuse"


def _french_only() -> list[str]:
    """French codes and words that are no English code."""
    texts = [f"A{n}" for n in range(1, 22)]
    for letter, _symbol, name, _suit in SUITS_FR:
        for rank_letter, rank_name, _rank in RANKS_FR:
            texts.append(f"{rank_name} de {name}")
            if not rank_letter[0].isdigit() and not (rank_letter == "C" and letter == "C"):
                texts += [rank_letter + letter, rank_letter + _symbol]
            elif letter != "C":
                texts.append(rank_letter + letter)
    return [*texts, "petit", "le petit", "l'excuse", "le 21", "atout 7", "AP", "AT"]


@pytest.mark.parametrize("text", _french_only())
def test_no_french_code_is_read_in_english(text: str) -> None:
    with pytest.raises(NotationError) as raised:
        card_code(text, [])
    assert str(raised.value) == (
        f"{text!r} is not a card: write a rank and a suit (KH, 10♦, NS, 1C), a trump "
        "T1…T21, or EXC")


def test_in_english_a_number_and_c_are_the_clubs() -> None:
    assert [card_code(f"{n}C", []) for n in range(1, 11)] == [f"{n}C" for n in range(1, 11)]
    assert card_code("AC", []) == "1C"


def test_an_unknown_card_in_french_suggests_the_french_codes(french: None) -> None:
    with pytest.raises(NotationError) as raised:
        card_code("ZZ", [])
    assert str(raised.value) == (
        "« ZZ » n'est pas une carte : écrivez une valeur et une couleur (RC, 10♦, DP, 1T), un "
        "atout A1…A21, EXC, ou le nom de la carte (roi de cœur, le petit, l'excuse)")
    assert raised.value.card


def test_a_bare_21(french: None) -> None:
    """21 is the card's number in a hand that has 21 cards, else the 21 of trumps (French
    on); in English a number beyond the hand is refused, as before."""
    short, long = list(CODES[:10]), list(CODES[30:54])
    with pytest.raises(NotationError) as raised:
        card_code("21", long)  # three players: 24 cards
    assert str(raised.value) == (
        "21 désigne deux cartes : la 21e carte de votre main, 9 de trèfle, ou le 21 d'atout. "
        "Écrivez 9♣ pour la première, A21 ou « atout 21 » pour la seconde.")
    assert raised.value.card
    assert card_code("21", short) == "T21"
    assert card_code("21", [*long[:20], "T21"]) == "T21"  # the 21st card is the 21: one card
    with pytest.raises(NotationError,
                       match=r"^22 n'est pas un numéro de carte : vous avez 10 cartes en main$"):
        card_code("22", short)
    use_language("en")
    with pytest.raises(NotationError, match=r"^21 is not a card number: your hand has 10 cards"):
        card_code("21", short)


def test_words_of_one_card_stay_together() -> None:
    text = "roi de pique, 10 de carreau 3 le 21 l'atout 7 l' excuse la dame coeur 4 atout"
    assert card_words(text, notation=FRENCH) == [
        "roi de pique", "10 de carreau", "3", "le 21", "l'atout 7", "l' excuse",
        "la dame coeur", "4", "atout"]
    assert card_words("KH 10 de", notation=FRENCH) == ["KH", "10", "de"]
    assert card_words("roi de pique") == ["roi", "de", "pique"]  # English: codes only


def test_a_discard_and_a_poignee_in_french_words(french: None) -> None:
    game = game_at(phases.CHIEN)
    seat = game.turn
    assert seat is not None
    hand = game.hand(seat)
    six = tuple(hand[:6])
    words = [spoken(parse_card(code)) for code in six]
    assert game.parse(", ".join(words)) == Discard(seat=seat, cards=six)
    assert game.parse(" ".join(display(parse_card(c)) for c in six)) == Discard(seat=seat,
                                                                               cards=six)
    assert game.parse("1 2 3 " + " ".join(words[3:])) == Discard(seat=seat, cards=six)
    assert game.parse("poignée A2 l'atout 3 le 21 excuse") == Poignee(
        seat=seat, cards=("T2", "T3", "T21", "EXC"))


def test_a_card_in_french_words_at_the_trick(french: None) -> None:
    game = game_at(phases.TRICKS)
    seat = game.turn
    assert seat is not None
    card = game.hand(seat)[-1]
    assert game.parse(spoken(parse_card(card))) == Play(seat=seat, card=card)
    assert game.parse(f"play {display(parse_card(card))}") == Play(seat=seat, card=card)
    with pytest.raises(NotationError, match=r"^Nommez une carte : son code "):
        game.parse("")


def test_scripts_stay_in_the_english_codes(french: None) -> None:
    """A named deal's script is language-neutral: 7C is the 7 of clubs there, RP no card."""
    assert parse_script_entry("P0 play 7C") == Play(seat=0, card="7C")
    with pytest.raises(NotationError, match="n'est pas une carte : écrivez son code anglais"):
        parse_script_entry("P0 play RP")
    with pytest.raises(CardError):
        parse_card("RP")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("text", "contract"), [
    ("passe", None), ("je passe", None), ("Je passe", None), ("pass", None),
    ("garde sans le chien", "garde_sans"), ("Garde contre le chien", "garde_contre"),
    ("garde-sans-le-chien", "garde_sans"), ("garde sans", "garde_sans"), ("prise", "prise"),
    ("garde sans chien", "garde_sans"), ("Garde contre chien", "garde_contre"),
])
def test_french_bids_in_both_languages(language: str, text: str, contract: str | None) -> None:
    use_language(language)
    assert Game.new(7).parse(text) == Bid(seat=0, contract=contract)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_chelem_oui_non_in_both_languages(language: str) -> None:
    use_language(language)
    game = Game.new(7)
    for word in ("garde_sans", "pass", "pass", "pass"):
        game.play(word)
    for text, declared in (("oui", True), ("non", False), ("chelem oui", True),
                           ("chelem non", False), ("o", True), ("n", False)):
        assert game.parse(text) == Chelem(seat=0, declared=declared)


def test_an_unknown_bid_in_french(french: None) -> None:
    game = Game.new(7)
    game.play("garde")
    with pytest.raises(NotationError) as raised:
        game.parse("bof")
    assert str(raised.value) == "Tapez l'un de ces mots : passe, garde sans, garde contre"


ANSWERS_AS_A_FRENCH_PLAYER_MEANS_THEM = [
    ("roi de ♥", "KH"), ("dame de ♠", "QS"), ("le valet de ♣", "JC"), ("7 de ♦", "7D"),
    ("dix de carreau", "10D"), ("deux de pique", "2S"), ("Neuf de Cœur", "9H"),
    ("sept trèfle", "7C"), ("12 d'atout", "T12"), ("le 12 d’atout", "T12"),
    ("1 d'atout", "T1"), ("21 d'atout", "T21"), ("T11", "T11"), ("T21", "T21"),
]


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize(("text", "code"), ANSWERS_AS_A_FRENCH_PLAYER_MEANS_THEM)
def test_answers_read_as_a_french_player_means_them(text: str, code: str) -> None:
    assert card_code(text, []) == code


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize("text", ["22 d'atout", "0 d'atout", "dix d'atout de pique"])
def test_a_trump_beyond_21_is_no_card(text: str) -> None:
    with pytest.raises(NotationError, match="n'est pas une carte"):
        card_code(text, [])


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize("number", range(1, 11))
def test_t_and_a_number_is_refused_naming_trump_and_trefle(number: int) -> None:
    """T is the French trèfle: T7 is the 7 of clubs said suit first, and English's trump 7."""
    for text in (f"T{number}", f"t{number}"):
        with pytest.raises(NotationError) as raised:
            card_code(text, [])
        message = str(raised.value)
        rank = "as" if number == 1 else str(number)
        assert message.startswith(f"« {text} » désigne deux cartes : {rank} de trèfle en "
                                  f"notation française, atout {number}")
        assert f"A{number} ou « atout {number}" in message
    assert card_code(f"A{number}", []) == card_code(f"atout {number}", []) == f"T{number}"


@pytest.mark.usefixtures("french")
@pytest.mark.parametrize("text", ["as", "As", "AS"])
def test_as_alone_is_refused_naming_both_readings(text: str) -> None:
    with pytest.raises(NotationError) as raised:
        card_code(text, [])
    message = str(raised.value)
    assert message.startswith(f"« {text} » désigne deux choses : as de pique en notation "
                              "anglaise, et une carte dont la couleur n'est pas dite")
    assert "1♠ ou « as de pique »" in message and "(as de cœur)" in message
    assert raised.value.card


def test_as_is_the_ace_of_spades_in_english() -> None:
    assert card_code("as", []) == card_code("AS", []) == "1S"


@pytest.mark.usefixtures("french")
def test_french_words_of_one_card_stay_together_in_a_list() -> None:
    assert card_words("12 d'atout roi de ♥ dix de carreau 4 atout", notation=FRENCH) == [
        "12 d'atout", "roi de ♥", "dix de carreau", "4", "atout"]


def test_petite_is_the_prise_at_the_bid() -> None:
    game = game_at(phases.AUCTION)
    seat = game.turn
    for language in ("fr", "en"):  # a contract's names are read in every language
        use_language(language)
        assert game.parse("petite") == Bid(seat=seat, contract="prise")
        assert game.parse("Petite") == Bid(seat=seat, contract="prise")


def test_a_bare_21_at_three_players_names_both_cards(french: None) -> None:
    """At three players the hand has 24 cards: 21 is the 21st of them and le 21."""
    for seed in range(50):
        game = Game.new(seed, rules="standard-3")
        rng = random.Random(seed)
        while not game.is_over and game.phase != phases.TRICKS:
            game.play(random_action(game.state, rng))
        seat = game.turn
        if game.phase == phases.TRICKS and seat is not None \
                and "T21" not in game.hand(seat)[20:21]:
            break
    else:
        raise AssertionError("no three-player game reaches its tricks")
    hand = game.hand(seat)
    assert len(hand) >= 21
    with pytest.raises(NotationError, match=r"^21 désigne deux cartes"):
        game.parse("21")
    assert game.parse("le 21") == Play(seat=seat, card="T21")
    assert game.parse(hand[20]) == Play(seat=seat, card=hand[20])
