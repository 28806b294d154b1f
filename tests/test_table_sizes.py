"""``tarot play`` at three and five players: the rule set the table's size picks, the table
drawn by seat at 80 columns in English and French, the call offered to a person who takes
at five (a refused call asked again, never a traceback), the called card shown to all from
the call and the partner to nobody but himself until the card is played (V5-17), the
partner's share in the settlement, the score sheet's columns, a match at five resumed.

The computer players are ``random`` here: the table is under test, not their play (and
it is the level that calls a card at five whatever the others' progress)."""

from __future__ import annotations

import dataclasses
import io
import random
import re
from pathlib import Path

import pytest
from plain_person import first_legal_card, plain_answer, tables_made
from rich.console import Console
from test_line_mode import WIDTH, play_at_80, too_wide

from tarot.bots.base import ask
from tarot.bots.registry import make_player
from tarot.engine import phases
from tarot.engine.cards import CARD_BY_CODE, display
from tarot.engine.events import Call
from tarot.engine.game import Game
from tarot.log import load_log
from tarot.storage.match_file import SheetRow, index_path, read_index, sheet_lines
from tarot.ui.commands.play import TerminalTable
from tarot.ui.language import use_language
from tarot.ui.session import PlayOptions, SessionError, play_session, table_rules
from tarot.ui.table_view import call_line, trick_lines
from tarot.ui.terminal import TerminalGame, names_for

LANGUAGES = ["en", "fr"]
CALL_PROMPTS = ("The card you call", "La carte que vous appelez")


@pytest.fixture(autouse=True)
def _no_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    """The curious person of the line-mode tests asks for a hint at every card prompt;
    the hint at three and five players is the computer players' part of issue 27 (its own
    tests), so here it is a line that says it was asked."""
    monkeypatch.setattr(TerminalGame, "show_hint", lambda self: self.say("(hint asked)"))


def rendered(lines: list, width: int = WIDTH) -> list[str]:  # type: ignore[type-arg]
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    for line in lines:
        console.print(line, soft_wrap=True)
    return out.getvalue().splitlines()


# -- the rule set and the seats -------------------------------------------------------


def test_players_picks_the_standard_rules_of_that_size() -> None:
    assert table_rules(PlayOptions(players=5)) == "standard-5"
    assert table_rules(PlayOptions(players=3)) == "standard-3"
    assert table_rules(PlayOptions(players=4)) == "standard"
    assert table_rules(PlayOptions()) == "standard"
    # A rule file of its own size: --players may say the same, or nothing.
    assert table_rules(PlayOptions(rules_name="standard-5", given={"rules_name"})) == \
        "standard-5"
    assert table_rules(PlayOptions(rules_name="standard-3", players=3,
                                   given={"rules_name", "players"})) == "standard-3"


@pytest.mark.parametrize(("rules", "players"), [("standard", 5), ("standard-5", 3),
                                                ("fft", 3)])
def test_players_disagreeing_with_rules_is_refused(rules: str, players: int) -> None:
    with pytest.raises(SessionError) as refused:
        table_rules(PlayOptions(rules_name=rules, players=players,
                                given={"rules_name", "players"}))
    assert refused.value.code == "players_contradict_rules"
    message = str(refused.value)
    assert f"--players {players}" in message and rules in message


def test_the_seats_are_named_by_table_size() -> None:
    use_language("en")
    assert names_for(0, 3) == ("You", "East", "West")
    assert names_for(None, 5) == ("South", "East", "North-East", "North-West", "West")
    use_language("fr")
    assert names_for(0, 5) == ("Vous", "Est", "Nord-Est", "Nord-Ouest", "Ouest")
    assert names_for(None, 3) == ("Sud", "Est", "Ouest")


# -- the table by seat ------------------------------------------------------------------


def _mid_trick(players: int, seed: int, cards: int) -> Game:
    """A deal at ``players`` seats played by taking the first legal action, until
    ``cards`` cards of the first trick are down."""
    game = Game.new(seed, rules=f"standard-{players}")
    while game.phase != phases.TRICKS or len(game.state.trick) < cards:
        game.play(game.legal_actions()[-1 if game.phase == phases.AUCTION
                                        and game.turn == 0 else 0])
    return game


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [3, 5])
def test_the_trick_is_laid_out_by_seat(language: str, players: int) -> None:
    """Every seat on the drawing once, South last and alone, the others above it in
    pairs; the leader, the winning card and the seat to play marked; within 80
    columns."""
    use_language(language)
    game = _mid_trick(players, 4, 2)
    seat = game.turn
    assert seat is not None
    names = names_for(seat, players)
    view = game.view(seat)
    lines = rendered(trick_lines(view, names, WIDTH))
    assert all(len(line) <= WIDTH for line in lines), lines
    assert len(lines) == (2 if players == 3 else 3)
    you = names[seat]
    assert lines[-1].strip().startswith(f"{names[0]} ")
    text = "\n".join(lines)
    for name in names:
        assert re.search(rf"(^|\s){re.escape(name)} ", text), (name, text)
    led, winning, to_play = {"en": ("led", "winning", "to play"),
                             "fr": ("entame", "maître", "à jouer")}[language]
    assert f"{you} ? ({to_play})" in text
    assert led in text and winning in text


@pytest.mark.parametrize("players", [3, 5])
def test_a_long_hand_and_the_chien_fit(players: int) -> None:
    """The hand at the discard (30 cards at three, 18 at five) wraps within 80 columns."""
    from tarot.ui.table_view import hand_lines

    game = Game.new(9, rules=f"standard-{players}")
    game.play("garde")
    while game.phase == phases.AUCTION:
        game.play(game.legal_actions()[0])
    assert game.phase == phases.CHIEN and game.taker == 0
    hand = game.hand(0)
    assert len(hand) == {3: 30, 5: 18}[players]
    lines = rendered(hand_lines(hand, set(hand), WIDTH))
    assert all(len(line) <= WIDTH for line in lines)
    assert sum(len(re.findall(r"\d+:", line)) for line in lines) == len(hand)


# -- the call and the partner, from the view only ------------------------------------------


def _called_game(seed: int) -> Game:
    """A five-player deal where seat 0 takes and calls a king another seat holds."""
    game = Game.new(seed, rules="standard-5")
    game.play("garde")
    while game.phase == phases.AUCTION and game.called is None:
        legal = game.legal_actions()
        calls = [a for a in legal if isinstance(a, Call) and a.card not in game.hand(0)]
        game.play(calls[0] if calls else legal[0])
    return game


def test_nobody_but_the_partner_knows_him_until_the_called_card_is_played() -> None:
    use_language("en")
    game = _called_game(1)
    partner = game.partner
    assert partner is not None and partner != 0
    card = game.called
    names = names_for(None, 5)
    while True:
        played = any(card in t.cards for t in game.view(0).tricks) or \
            card in game.view(0).trick
        for seat in range(5):
            line = call_line(game.view(seat), names)
            assert line is not None
            said = line.plain
            if seat == partner:
                assert "you are South's partner" in said, said
            elif not played:
                assert "not known until it is played" in said, (seat, said)
                assert names[partner] not in said.partition(":")[2], said
            else:
                who = "your partner" if seat == 0 else "South's partner"
                assert f"{names[partner]} is {who}" in said, said
        if played or game.is_over:
            break
        game.play(game.legal_actions()[0])
    assert played, "the called card was never played"


def test_the_partner_is_marked_at_its_seat_once_known() -> None:
    use_language("en")
    game = _called_game(1)
    partner = game.partner
    assert partner is not None
    names = names_for(0, 5)
    mark = "partner"
    # Before the called card is played: marked in the partner's own view only.
    while game.phase != phases.TRICKS:
        game.play(game.legal_actions()[0])
    assert mark not in "\n".join(rendered(trick_lines(game.view(0), names, WIDTH)))
    own = "\n".join(rendered(trick_lines(game.view(partner), names_for(partner, 5), WIDTH)))
    assert f"You · ({mark}" in own or re.search(rf"You \S+ \({mark}", own), own
    while not any(game.called in t.cards for t in game.view(0).tricks):
        game.play(game.legal_actions()[0])
    drawn = "\n".join(rendered(trick_lines(game.view(0), names, WIDTH)))
    assert re.search(rf"{re.escape(names[partner])} \S+ \({mark}", drawn), drawn


# -- a whole deal at the terminal -----------------------------------------------------------


def _five_taking(language: str) -> dict[str, list[str]]:
    """The person's answers at the call: a number, a queen (refused: V5-3), then a
    king by its French name or code."""
    king = {"en": "KS", "fr": "roi de pique"}[language]
    return {prompt: ["3", "QH", king] for prompt in CALL_PROMPTS}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_person_who_takes_at_five_is_offered_the_call(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """The callable cards listed, a number and a queen refused (citing V5-3) and asked
    again, the king called and told to all, the call kept in the table's header; the
    settlement gives the partner's share; every line within 80 columns; the save
    validates."""
    save = tmp_path / "five.jsonl"
    lines, asked = play_at_80(tmp_path, monkeypatch, language,
                              PlayOptions(seed=3, save_path=save, level="random",
                                          players=5, deals=1),
                              "garde_contre", _five_taking(language))
    assert not too_wide(lines), "\n".join(too_wide(lines))
    text = "\n".join(lines)
    assert sum(prompt.startswith(CALL_PROMPTS) for prompt in asked) >= 3
    said = {"en": ["You may call: K♠ K♥ K♦ K♣", "not a number", "(V5-3)", "You call K♠.",
                   "You called K♠:", "At the call prompt:"],
            "fr": ["Vous pouvez appeler : R♠ R♥ R♦ R♣", "numéro", "(V5-3)",
                   "Vous appelez R♠.", "Vous avez appelé R♠ :",
                   "Quand on vous demande la carte appelée :"]}[language]
    missing = [word for word in said if word not in text]
    assert missing == [], (missing, text[:3000])
    game = load_log(save).game
    assert game.called == "KS" and game.taker == 0 and game.is_over
    settlement = game.settlement
    assert settlement is not None
    share = {"en": "; the partner, {seat}, ", "fr": "; le partenaire, {seat}, "}[language]
    if game.partner is not None:
        assert settlement.scores[game.partner] == settlement.per_defender
        partner = names_for(0, 5)[game.partner]
        assert any(share.format(seat=partner) in line for line in lines), text[-2000:]
    # The sheet at five: five score columns within 80.
    heading = {"en": "Score sheet", "fr": "Feuille de marque"}[language]
    sheet = lines[lines.index(heading):]
    assert sheet[1].split()[-2:] == (["NE", "NW"] if language == "en" else ["NE", "NO"]) \
        or sheet[1].split()[-3:-1] == (["NE", "NW"] if language == "en" else ["NE", "NO"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_called_partner_is_told_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       language: str) -> None:
    """A computer takes and calls a king the person holds: the person's table says it is
    the partner (holding the card), and nobody's line names another partner."""
    use_language(language)
    for seed in range(200):
        game = Game.new(seed, rules="standard-5", players=("person",) + ("random",) * 4)
        players = [make_player("random", game.rules) for _ in range(5)]
        while game.phase == phases.AUCTION and game.called is None:
            seat = game.turn
            assert seat is not None
            if seat == 0:
                game.play(game.legal_actions()[0])  # the person passes
            else:
                game.play(ask(players[seat], game, random.Random(f"{seed}:{len(game.events)}")))
        if game.called is not None and game.partner == 0:
            break
    else:
        raise AssertionError("no seed of 0-199 calls a king the person holds")
    names = names_for(0, 5)
    line = call_line(game.view(0), names)
    assert line is not None
    expected = {"en": "you are {taker}'s partner (you hold it).",
                "fr": "vous êtes son partenaire (vous l'avez)."}[language]
    assert line.plain.endswith(expected.format(taker=names[game.taker or 0])), line.plain


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_three_player_deal_fits_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             language: str) -> None:
    """A whole deal at three (24 cards, a chien of 6, the discard by 'auto'): every line
    within 80 columns, 24 tricks of three cards, the taker's share twice D, a sheet of
    three score columns."""
    save = tmp_path / "three.jsonl"
    lines, _ = play_at_80(tmp_path, monkeypatch, language,
                          PlayOptions(seed=11, save_path=save, level="random", players=3,
                                      deals=1), "garde")
    assert not too_wide(lines), "\n".join(too_wide(lines))
    game = load_log(save).game
    assert game.is_over and game.rules.players == 3
    settlement = game.settlement
    assert settlement is not None and settlement.taker == 0
    assert settlement.scores == (2 * settlement.per_defender, -settlement.per_defender,
                                 -settlement.per_defender)
    assert any(line.startswith("  24. ") for line in lines)
    assert not any(line.startswith("  25. ") for line in lines)
    heading = {"en": "Score sheet", "fr": "Feuille de marque"}[language]
    sheet = lines[lines.index(heading):]
    assert sheet[1].split()[-3:] == list(names_for(0, 3))


def test_the_sheet_at_five_fits_80_columns() -> None:
    """The widest five-seat sheet (a five-figure total, a long contract, a failed result
    of two figures): within 80 columns, the seats by their short names; the four-seat
    sheet keeps its Dealer column."""
    from tarot.engine.events import Settlement

    for language in LANGUAGES:
        use_language(language)
        settlement = Settlement(
            contract="garde_contre", taker=2, multiplier=6, taker_half_points=10,
            defence_half_points=172, taker_bouts=(), target_half_points=112,
            contract_made=False, difference=51, base=-456, petit_au_bout=None,
            petit_au_bout_bonus=0, per_defender=-4560,
            scores=(4560, 4560, -9120, -4560, 4560))
        names = names_for(0, 5)
        rows = [SheetRow(deal, 0, settlement, deal % 5, ("all_passed",) if deal == 2 else ())
                for deal in range(1, 11)]
        lines = sheet_lines(rows, names, {"garde_contre": "Garde contre"})
        assert all(len(line) <= WIDTH for line in lines), "\n".join(lines)
        assert lines[-1].startswith("*")  # the redeal's note names the dealers in full
        assert names[1] in lines[-1] or names[2] in lines[-1] or names[0] in lines[-1]
        total = lines[-2].split()
        assert total[-5:] == ["+45600", "+45600", "-91200", "-45600", "+45600"]


def test_a_match_at_five_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A match of two deals at five, left at deal 2's first question, resumed with
    --resume: the index names five players, the deal passes to the next of five seats,
    and the match ends with its sheet."""
    use_language("en")
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, force_terminal=True, color_system=None)
    tables = tables_made(monkeypatch.setattr)
    state = {"quit": True}

    def person(prompt: str) -> str:
        if prompt.startswith(CALL_PROMPTS):
            game = tables[-1].game
            return next(a.card for a in game.legal_actions() if isinstance(a, Call))
        if len(tables) == 2 and state["quit"] and prompt.startswith("Your bid"):
            state["quit"] = False
            return "quit"
        if prompt.startswith("Your bid"):  # the highest bid offered: never refused
            return prompt.partition("(")[2].rstrip("):").split(" / ")[-1]
        said = plain_answer(prompt, "pass")
        return said if said is not None else first_legal_card(tables[-1].game)

    save = tmp_path / "m5.jsonl"
    play_session(PlayOptions(seed=5, save_path=save, level="random", players=5, deals=2),
                 TerminalTable(0, console=console, ask_line=person))
    index = read_index(index_path(save))
    assert len(index.header.players) == 5 and index.header.players[0] == "person"
    assert len(index.deals) == 2
    first = load_log(save).game
    assert index.deals[1].dealer == (first.state.dealer + 1) % 5
    resume = re.findall(r"play --resume (\S+)", out.getvalue())[-1]
    play_session(PlayOptions(resume_name=resume),
                 TerminalTable(0, console=console, ask_line=person))
    assert tables[-1].game.is_over and tables[-1].game.rules.players == 5
    text = out.getvalue()
    assert "This match again:" in text and "--players 5 --level random --deals 2" in text
    # Its score sheet, as `tarot audit` prints it: the five seats by their short names.
    from click.testing import CliRunner

    from tarot.ui.cli import main

    sheet = CliRunner().invoke(main, ["audit", str(index_path(save))])
    assert sheet.exit_code == 0, sheet.output
    head = sheet.output.splitlines()[1].split()
    assert head[-5:] == ["South", "East", "NE", "NW", "West"], sheet.output


def test_players_contradicting_a_resumed_game_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "three.jsonl"
    game = Game.new(1, rules="standard-3", players=("person", "random", "random"))
    from tarot.log import write_log

    write_log(save, game)
    with pytest.raises(SessionError) as refused:
        play_session(PlayOptions(resume_name=str(save), players=5, given={"players"}),
                     TerminalTable(0, console=Console(file=io.StringIO())))
    assert refused.value.code == "resume_contradicts"
    assert "--players 5 (the game is for 3 players)" in str(refused.value)


def test_the_view_drives_the_call_line_alone() -> None:
    """call_line reads the view: the same deal, the view told the attack, names it."""
    use_language("en")
    game = _called_game(1)
    view = game.view(3 if game.partner != 3 else 4)
    untold = call_line(view, names_for(None, 5))
    assert untold is not None and "not known" in untold.plain
    assert game.partner is not None
    told = dataclasses.replace(view, attack=(0, game.partner))
    line = call_line(told, names_for(None, 5))
    assert line is not None and "is South's partner" in line.plain


def test_a_named_deal_is_played_at_its_own_table_size(tmp_path: Path) -> None:
    """A four-player named deal asked for at five is refused in one line, before anything
    is written."""
    save = tmp_path / "named.jsonl"
    with pytest.raises(SessionError) as refused:
        play_session(PlayOptions(deal_name="garde", players=5, save_path=save,
                                 given={"players", "deal_name"}),
                     TerminalTable(0, console=Console(file=io.StringIO())))
    assert refused.value.code == "players_contradict_deal"
    assert "--deal garde is a deal for 4 players" in str(refused.value)
    assert not save.exists()


def test_chien_tells_the_call_with_the_auction() -> None:
    """At the card prompt, ``chien`` tells the auction again, and at five the call."""
    use_language("en")
    game = _called_game(1)
    while game.phase != phases.TRICKS:
        game.play(game.legal_actions()[0])
    out = io.StringIO()
    players = [make_player("random", game.rules) for _ in range(5)]
    terminal = TerminalGame(game, players, 0, io.StringIO(),
                            console=Console(file=out, width=WIDTH, color_system=None),
                            ask_line=lambda _: "", interactive=False, pace=0)
    terminal.show_auction()
    assert game.called is not None
    assert f"You call {display(CARD_BY_CODE[game.called])}." in out.getvalue()
    assert "You: Garde" in out.getvalue()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_screen_names_the_attack_points_once_the_partner_is_known(language: str) -> None:
    """The full screen's Contract panel: the taker's points while this seat may not know
    the partner, then the attack's (the partner's tricks in them), named so as the line
    mode names them, for the partner from the start; never under the taker's name."""
    from tarot.ui.screen.game import info_lines

    use_language(language)
    game = _called_game(1)
    partner = game.partner
    assert partner is not None
    attack = "Attack" if language == "en" else "Attaque"

    def panel(seat: int) -> str:
        return "\n".join(line.plain for line in
                         info_lines(game.view(seat), game.rules, names_for(seat, 5)))

    while game.phase != phases.TRICKS:
        game.play(game.legal_actions()[0])
    assert attack not in panel(0), panel(0)
    assert attack in panel(partner), panel(partner)
    while not any(game.called in t.cards for t in game.view(0).tricks):
        game.play(game.legal_actions()[0])
    for seat in range(5):
        shown = panel(seat)
        assert attack in shown, (seat, shown)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_match_line_at_five_fits_the_screen_header(language: str) -> None:
    """The running score of a match heads the full screen on one line of 78 columns (80
    less its padding): at five, with four-figure scores, every seat's score on it."""
    from tarot.ui.session import _match_line

    use_language(language)
    names = names_for(0, 5)
    line = _match_line([1156, -1078, 2278, -1178, -1178], 12, names)
    assert len(line) <= 78, line
    for score in ("+1156", "-1078", "+2278"):
        assert score in line, line
    assert line.endswith("-1178"), line


@pytest.mark.parametrize("language", ["en", "fr"])
def test_who_wins_the_trick_is_never_cut_off_at_five(language: str) -> None:
    """The full screen's table is 38 columns at 80×24: at five, the partner at a far seat
    who led and wins ("Nord-Est R♣ (partenaire, entame, maître)", "North-East 10♣
    (partner, led, takes the trick)") is too wide for it; the partner's mark (the
    Contract panel names him) gives way, never the winner's, which was cut to "maît…"."""
    from tarot.ui.screen.app import seat_lines

    use_language(language)
    game = _called_game(1)
    partner = game.partner
    assert partner in (2, 3)  # a far seat, North-East or North-West: the longest names
    while not any(game.called in t.cards for t in game.view(0).tricks):
        game.play(game.legal_actions()[0])
    names = names_for(0, 5)
    winner = {"en": "takes the trick", "fr": "remporte le pli"}[language]
    led_winning = {"en": "winning", "fr": "maître"}[language]
    # The partner led the 10 of clubs and wins the trick: as it is read once complete
    # (nobody to play), then with one card played after his.
    order = [(partner + index) % 5 for index in range(5)]
    complete = dataclasses.replace(game.view(0), leader=partner, turn=None,
                                   trick=("10C", "8C", "1C", "2C", "3C"))
    going = dataclasses.replace(game.view(0), leader=partner, turn=order[2],
                                trick=("10C", "8C"))
    for view, marks in ((complete, winner), (going, led_winning)):
        lines = seat_lines(view, names, 38)
        shown = "\n".join(line.plain for line in lines)
        assert all(line.cell_len <= 38 for line in lines), shown
        assert "…" not in shown, shown
        assert re.search(rf"{names[partner]} 10♣ \([^)]*{marks}\)", shown), shown


def test_the_french_call_line_speaks_of_the_card() -> None:
    """In French "until it is played" is the card's ("tant que cette carte n'est pas
    jouée"): "tant qu'il n'est pas joué" read as the partner's, and is wrong for a queen."""
    use_language("fr")
    game = _called_game(1)
    seats = [seat for seat in range(5) if seat != game.partner]
    for seat in seats:
        line = call_line(game.view(seat), names_for(seat, 5))
        assert line is not None
        assert line.plain.endswith("tant que cette carte n'est pas jouée."), line.plain


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_result_speaks_to_the_person_who_was_the_partner(language: str) -> None:
    """The result at five, read by the partner: "you, the partner, -54", where it said
    "the partner, You, -54"; read by another seat, the partner by name."""
    from tarot.engine.events import Settlement
    from tarot.explain.narrate import settlement_summary

    use_language(language)
    game = _called_game(1)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    partner = game.partner
    assert partner is not None
    settlement = next(e for e in game.events if isinstance(e, Settlement))
    share = f"{settlement.per_defender:+d}"
    own = "\n".join(settlement_summary(settlement, game.rules, names_for(partner, 5)))
    said = {"en": f"; you, the partner, {share};", "fr": f" ; vous, le partenaire, {share} ;"}
    assert said[language] in own, own
    other = next(seat for seat in range(5) if seat not in (partner, game.taker))
    names = names_for(other, 5)
    theirs = "\n".join(settlement_summary(settlement, game.rules, names))
    named = {"en": f"; the partner, {names[partner]}, {share};",
             "fr": f" ; le partenaire, {names[partner]}, {share} ;"}
    assert named[language] in theirs, theirs


def test_the_program_help_tells_every_table_size() -> None:
    """`tarot --help` is the first thing a newcomer reads: it said three computer
    players only, where --players 3 and 5 play against two or four."""
    from click.testing import CliRunner

    from tarot.ui.cli import main

    for language, said in (("en", "(or two, or four)"), ("fr", "(ou deux, ou quatre)")):
        result = CliRunner().invoke(main, ["--lang", language, "--help"])
        assert result.exit_code == 0, result.output
        assert said in " ".join(result.output.split()), result.output
