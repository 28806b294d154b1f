"""A third language, ``xx`` (tests/pseudo_language.py), added with a catalogue, a notation,
a row of words and a rule book alone: a whole deal played in it in line mode through the
command line with piped input and on the full screen with Textual's pilot, the commands
that print cards (replay, review, rules) run under it, and its logs the same as any."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from pseudo_language import LANGUAGE, NOTATION, WORDS, add_pseudo_language, pseudo
from screen_driver import ask_settled, type_answer, until
from textual.pilot import Pilot

from tarot import i18n
from tarot.engine import card_notation, typed_words
from tarot.engine.cards import (
    ALL_CARDS,
    CARD_BY_CODE,
    CODES,
    EXCUSE,
    KING,
    PETIT,
    code_in,
    display,
    is_trump,
    parse_card,
    rank_of,
)
from tarot.engine.events import Bid, Deal, Discard, Play
from tarot.engine.game import Game
from tarot.engine.notation import card_code
from tarot.explain import rulebook
from tarot.log import load_log, read_log
from tarot.ui.cli import main
from tarot.ui.language import use_language
from tarot.ui.screen.app import TableApp
from tarot.ui.screen.game import Kind
from tarot.ui.session import PlayOptions


@pytest.fixture
def xx(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``xx`` spoken for one test: each table a language adds to is a copy the test drops."""
    monkeypatch.setattr(i18n, "_ADDED", {})
    monkeypatch.setattr(card_notation, "NOTATIONS", dict(card_notation.NOTATIONS))
    monkeypatch.setattr(typed_words, "WORDS", dict(typed_words.WORDS))
    monkeypatch.setattr(rulebook, "BOOKS", dict(rulebook.BOOKS))
    monkeypatch.delenv("LANGUAGE", raising=False)  # use_language writes it: put back after
    add_pseudo_language(tmp_path / "locale")
    yield
    use_language("en")


def typed(card: int) -> str:
    """A card as a person of ``xx`` types it: a king by its name, the Petit and the Excuse
    by theirs, any other card by its code in the xx letters (``MV``, ``X7``)."""
    if card == PETIT:
        return "ze pety"
    if card == EXCUSE:
        return "skuse"
    if is_trump(card):
        return f"X{rank_of(card)}"
    if rank_of(card) == KING:
        suit = ("spadez", "hartz", "dymondz", "clubbz")[card // 14]
        return f"kyng ov {suit}"
    return code_in(card, NOTATION)


def xx_cli(args: list[str], answers: str = "") -> str:
    result = CliRunner().invoke(main, ["--lang", LANGUAGE, *args], input=answers,
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_every_card_reads_back_in_xx_and_no_code_reads_two_ways(xx: None) -> None:
    use_language(LANGUAGE)
    shown = [display(card) for card in ALL_CARDS]
    assert len(set(shown)) == len(ALL_CARDS)
    assert display(CARD_BY_CODE["KH"]) == "G♥" and display(CARD_BY_CODE["T21"]) == "X21"
    for card in ALL_CARDS:
        assert parse_card(shown[card], notation=NOTATION) == card
        assert card_code(typed(card), []) == CODES[card], typed(card)
        # The English codes keep working: xx's letters never meet them.
        assert card_code(CODES[card], []) == CODES[card]


@pytest.mark.parametrize(("typed_bid", "contract"), [
    ("pazz", None), ("garde-sans", "garde_sans"), ("garde sans ov ze chien", "garde_sans"),
    ("Garde-Contre-ov-ze-chien", "garde_contre"), ("passe", None), ("pass", None)])
def test_a_bid_is_read_in_xx_words_and_in_every_other_language_s(
        xx: None, typed_bid: str, contract: str | None) -> None:
    use_language(LANGUAGE)
    assert Game.new(seed=42).parse(typed_bid) == Bid(seat=0, contract=contract)


def test_a_whole_deal_in_line_mode_through_the_command_line(xx: None, tmp_path: Path) -> None:
    """Piped answers in xx's words and cards: a Garde, the automatic discard (``äütö``), no
    chelem (``nö``), then every card of the deck in turn until one is legal, until the input
    ends."""
    save = tmp_path / "g.jsonl"
    every_card = "".join(f"{typed(card)}\n" for card in ALL_CARDS) * 19
    out = xx_cli(["play", "--seed", "5", "--level", "rules", "--save", str(save)],
                 f"garde\n{WORDS.auto[0]}\n{WORDS.no[0]}\n" + every_card)
    game = read_log(save)
    assert game.is_over
    assert any(isinstance(e, Discard) and e.seat == 0 for e in game.events)  # äütö read
    # The prompts are the catalogue's, the bids as xx types them (its pass, its joiner).
    assert "pazz / prise / garde / garde-sans / garde-contre" in out
    assert pseudo("Your bid ({bids}):").split("{")[0] in out
    # The hand as the deal gave it, each card in xx's letters, none in English or French.
    dealt = next(e for e in game.events if isinstance(e, Deal)).hands[0]
    hand = [display(CARD_BY_CODE[code], notation=NOTATION) for code in dealt]
    assert all(f":{card}" in out for card in hand), hand
    faces = [display(CARD_BY_CODE[code], notation=NOTATION) for code in CODES
             if code[0] in "KQNJ"]
    assert any(face in out for face in faces)
    assert not any(f":{code[0]}{symbol}" in out for code in CODES for symbol in "♠♥♦♣"
                   if code[0] in "KQNJRDCV")
    assert "Your bid" not in out and "Votre enchère" not in out


def test_the_log_of_a_deal_in_xx_is_the_log_in_english(xx: None, tmp_path: Path) -> None:
    """A log is language-neutral: the same deal, the same cards typed in xx and in English,
    the same log, byte for byte (the seats' names in its header too)."""
    saves = {language: tmp_path / f"{language}.jsonl" for language in (LANGUAGE, "en")}
    xx_cli(["play", "--seed", "5", "--level", "rules", "--save", str(saves[LANGUAGE])],
           "garde\nauto\nnö\n" + "".join(f"{typed(c)}\n" for c in ALL_CARDS) * 19)
    played = [e for e in read_log(saves[LANGUAGE]).events if e.type == "play" and e.seat == 0]
    english = "garde\nauto\nn\n" + "".join(f"{e.card}\n" for e in played)
    result = CliRunner().invoke(main, ["--lang", "en", "play", "--seed", "5", "--level",
                                       "rules", "--save", str(saves["en"])], input=english)
    assert result.exit_code == 0, result.output
    assert read_log(saves["en"]).is_over
    assert saves["en"].read_bytes() == saves[LANGUAGE].read_bytes()


def test_quit_in_xx_saves_and_leaves(xx: None, tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    out = xx_cli(["play", "--seed", "5", "--save", str(save)], "hëlp\nqüït\n")
    assert pseudo("Game saved; continue it with:") in out
    assert "pazz" in out  # the help names xx's words
    assert not read_log(save, allow_incomplete=True).events[1:]


async def _play_in_xx(pilot: Pilot[None], app: TableApp) -> None:
    """Garde, the automatic discard, no chelem, each card typed in xx's words and letters,
    no other deal: a few hundred answers at most (a deal takes some forty)."""
    for _ in range(300):
        await ask_settled(pilot)
        kind = app.snapshot.kind
        if kind is Kind.BID:
            await type_answer(pilot, "garde")
        elif kind is Kind.DISCARD:
            await type_answer(pilot, WORDS.auto[0])
        elif kind is Kind.CHELEM:
            await type_answer(pilot, WORDS.no[0])
        elif kind is Kind.CARD:
            card = min(CARD_BY_CODE[code] for code in app.snapshot.legal)
            await type_answer(pilot, typed(card))
        elif kind is Kind.ANOTHER:
            await type_answer(pilot, WORDS.no[0])
            await until(pilot, lambda: not app.is_running, "the screen left")
            return
        else:
            await pilot.press("enter")
    raise AssertionError(f"the deal never ended: the screen asks {app.snapshot.prompt!r}")


def test_a_whole_deal_on_the_full_screen(xx: None, tmp_path: Path) -> None:
    use_language(LANGUAGE)
    save = tmp_path / "g.jsonl"
    app = TableApp(PlayOptions(deal_name="garde", save_path=save, level="rules"))
    prompts: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            original = app.snapshot
            await ask_settled(pilot)
            prompts.append(app.snapshot.prompt)
            assert app.snapshot is not original
            await _play_in_xx(pilot, app)

    asyncio.run(run())
    assert app.error is None and app.table.exit_status == 0
    assert load_log(save).game.is_over
    assert prompts[0].startswith(pseudo("Your bid:"))  # the bids follow as a row of choices


def test_replay_review_and_rules_print_cards_in_xx(xx: None, tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    CliRunner().invoke(main, ["play", "--auto", "--seed", "3", "--level", "rules", "--save",
                              str(save)], catch_exceptions=False)
    plays = [e for e in read_log(save).events if isinstance(e, Play)]
    replayed = xx_cli(["replay", str(save)])
    for play in plays:  # each card played, in xx's letters, in the catalogue's words
        assert f"{pseudo('plays')} {display(CARD_BY_CODE[play.card], notation=NOTATION)}" \
            in replayed, play
    reviewed = xx_cli(["review", str(save), "--samples", "2", "--seat", "south"])
    first = next(play.card for play in plays if play.seat == 0)
    assert f"{pseudo('trick')} 1: {display(CARD_BY_CODE[first], notation=NOTATION)}" \
        in reviewed
    ruled = xx_cli(["rules", "R11"])
    assert "R11. Every player adds one card to the trick." in ruled  # the English book


def test_the_other_commands_speak_xx_and_their_json_stays_english(xx: None,
                                                                   tmp_path: Path) -> None:
    """audit, validate, rules and --help in xx; what --json reports stays English."""
    save = tmp_path / "g.jsonl"
    CliRunner().invoke(main, ["play", "--auto", "--seed", "3", "--level", "rules", "--save",
                              str(save)], catch_exceptions=False)
    audited = xx_cli(["audit", str(save)])
    bouts = [display(card, notation=NOTATION) for card in (PETIT, CARD_BY_CODE["T21"])]
    assert any(bout in audited for bout in bouts) and "T21" not in audited
    assert xx_cli(["audit", str(save), "--json"]) == \
        CliRunner().invoke(main, ["--lang", "en", "audit", str(save), "--json"]).output
    started = tmp_path / "started.jsonl"
    xx_cli(["play", "--seed", "3", "--save", str(started)], f"{WORDS.quit[0]}\n")
    validated = xx_cli(["validate", "--allow-incomplete", str(started)])
    assert f"({pseudo('auction')})" in validated  # the phase's label, from the phase table
    helped = xx_cli(["play", "--help"])
    # click's own words too, from the same catalogue; --lang offers the language added.
    assert pseudo("Show this message and exit.") in helped and "[en|fr|xx]" in helped
    assert "R11" in xx_cli(["rules"])
