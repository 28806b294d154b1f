"""The line mode of ``tarot play`` at a terminal 80 columns wide: every message class within
80 columns (the banner, the prompts of every phase and their help, the menus, the paths,
the refusals, the table, the hint, the settlement and the sheet), in English and in French;
and what the line mode shows a player: the settlement last, just above the sheet, the
announcements with the table, the redraw commands, the petit sec's hand, the legend once,
the last card played by itself."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from plain_person import first_legal_card, plain_answer, tables_made
from rich.console import Console

from tarot.engine import phases
from tarot.engine.events import Poignee
from tarot.ui.commands.play import TerminalTable
from tarot.ui.language import use_language
from tarot.ui.session import PlayOptions, play_session
from tarot.ui.terminal import TerminalGame

LANGUAGES = ["en", "fr"]
WIDTH = 80
# A prompt leaves room on its line for the answer typed after it.
PROMPT_ROOM = 10

# What a curious person types at a prompt before answering it, once per kind of prompt:
# the help, something refused, the redraw commands, and at the card prompt the hint.
CURIOUS = {"en": ["?", "zz", "t", "chien", "hand", "last"],
           "fr": ["?", "zz", "t", "chien", "main", "dernier"]}


class CuriousPerson:
    """Answers every prompt of a deal, after trying every side answer once at each kind of
    prompt; keeps the prompts it was asked."""

    def __init__(self, language: str, tables: list[TerminalGame], bid: str,
                 answers: dict[str, list[str]] | None = None) -> None:
        self.language = language
        self.tables = tables
        self.bid = bid
        self.asked: list[str] = []
        self.pending: list[str] = []
        self.tried: set[str] = set()
        # Answers for prompts starting with a key, used in order before the plain ones.
        self.answers = answers or {}

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        kind = prompt[:10]
        if kind not in self.tried:
            self.tried.add(kind)
            self.pending = [*CURIOUS[self.language]]
            if self.tables and self.tables[-1].game.phase == phases.TRICKS and \
                    not prompt.startswith(("(", "Which", "Laquelle", "Another", "Une autre")):
                self.pending.append("hint" if self.language == "en" else "conseil")
            if prompt.startswith(("(Enter", "(Entrée", "Another", "Une autre")):
                self.pending = []  # an empty line, or a refusal, is an answer there
        if self.pending:
            return self.pending.pop(0)
        for start, said in self.answers.items():
            if prompt.startswith(start) and said:
                return said.pop(0)
        plain = plain_answer(prompt, self.bid)
        if plain is not None:
            return plain
        if prompt.startswith(("Which one", "Laquelle")):
            return ""  # no poignée
        game = self.tables[-1].game
        wanted = self.answers.get("Which one" if self.language == "en" else "Laquelle")
        if wanted and any(isinstance(a, Poignee) for a in game.legal_actions()):
            return "p"
        return first_legal_card(game)


def play_at_80(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str,
               options: PlayOptions, bid: str,
               answers: dict[str, list[str]] | None = None) -> tuple[list[str], list[str]]:
    """The game ``options`` asks for, played at a terminal of 80 columns: the lines shown
    and the prompts asked."""
    use_language(language)
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, force_terminal=True, color_system=None,
                      highlight=False)
    tables = tables_made(monkeypatch.setattr)
    person = CuriousPerson(language, tables, bid, answers)
    play_session(options, TerminalTable(0, console=console, ask_line=person))
    return out.getvalue().splitlines(), person.asked


def too_wide(lines: list[str], width: int = WIDTH) -> list[str]:
    """The lines wider than ``width``, but for a path or a command on its own line (a
    test's folder is long): those are shown whole, never broken."""
    return [line for line in lines if len(line.rstrip()) > width
            and not line.startswith(("  /", "  tarot "))]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_match_with_a_triple_poignee_fits_80_columns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """Two deals: the four kings and a discard that must hold trumps (the long prompt),
    the triple poignée menu, then a second deal; every side answer tried at every prompt:
    no line over 80 columns, and each prompt leaves room for the answer."""
    save = tmp_path / "match.jsonl"
    discard = "2S 3H 4D 5C T6 T7" if language == "en" else "2P 3C 4K 5T A6 A7"
    lines, asked = play_at_80(
        tmp_path, monkeypatch, language,
        PlayOptions(deal_name="four-kings-triple", save_path=save, level="rules", deals=2),
        "garde", {"Discard": [discard], "Écartez": [discard],
                  "Which one": ["", "3"], "Laquelle": ["", "3"]})
    assert not too_wide(lines), "\n".join(too_wide(lines))
    assert not too_wide(asked, WIDTH - PROMPT_ROOM), too_wide(asked, WIDTH - PROMPT_ROOM)
    text = "\n".join(lines)
    said = {"en": ["Saving this game:", "Saving deal 2 in:", "Score sheet", "✗", "Hint: ",
                   "triple poignée", "At the card prompt:", "At the discard prompt:",
                   "Too few cards other than trumps", "Game saved:", "Replay it with:",
                   "This match again:", "Its score sheet:", "The deal is over."],
            "fr": ["Partie enregistrée dans :", "Donne 2 enregistrée dans :",
                   "Feuille de marque", "✗", "Conseil : ", "poignée triple",
                   "Quand on vous demande une carte :", "Trop peu de cartes autres",
                   "Partie enregistrée :", "Pour la revoir :", "Rejouer ce match :",
                   "Sa feuille de marque :", "La donne est terminée."]}[language]
    assert [word for word in said if word not in text] == []
    # The forced discard's prompt is short; the line before it says why.
    assert any(prompt.startswith(("Discard 6 cards (2 trumps among them)",
                                  "Écartez 6 cartes (dont 2 atouts)")) for prompt in asked)
    # Every path on a line of its own, whole.
    assert f"  {save.resolve()}" in lines


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_settlement_is_last_just_above_the_sheet(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """The tricks, the discard, where the game is saved, then the settlement, then the
    sheet: nothing between the settlement and the sheet; the sheet names the poignée."""
    save = tmp_path / "one.jsonl"
    discard = "2S 3H 4D 5C T6 T7" if language == "en" else "2P 3C 4K 5T A6 A7"
    lines, _ = play_at_80(
        tmp_path, monkeypatch, language,
        PlayOptions(deal_name="four-kings-triple", save_path=save, level="rules", deals=1),
        "garde", {"Discard": [discard], "Écartez": [discard], "Which one": ["3"],
                  "Laquelle": ["3"]})
    over = max(i for i, line in enumerate(lines)
               if line in ("The deal is over.", "La donne est terminée."))
    sheet = lines.index("Score sheet" if language == "en" else "Feuille de marque")
    settlement = lines[over + 1:sheet]
    assert settlement[0].startswith("Garde"), settlement
    assert all(line.startswith("  ") or not line for line in settlement[1:]), settlement
    assert any("triple" in line.lower() for line in settlement), "\n".join(lines)
    saved = lines.index("Game saved:" if language == "en" else "Partie enregistrée :")
    tricks = max(i for i, line in enumerate(lines) if line.startswith("  18. "))
    assert tricks < saved < over
    row = lines[sheet + 3]
    assert row.split()[0] == "1"
    assert "triple" in lines[sheet + 4]  # under the result: the bonus
    assert not too_wide(lines)


def test_the_sheet_names_each_bonus_within_80_columns() -> None:
    from tarot.engine.events import ChelemScore, PoigneeScore, Settlement
    from tarot.storage.match_file import SheetRow, sheet_lines

    for language in LANGUAGES:
        use_language(language)
        settlement = Settlement(
            contract="garde_contre", taker=0, multiplier=6, taker_half_points=182,
            defence_half_points=0, taker_bouts=("T1", "T21", "EXC"), target_half_points=72,
            contract_made=True, difference=55, base=80, petit_au_bout="defence",
            petit_au_bout_bonus=-60,
            poignees=(PoigneeScore(seat=1, level="triple", bonus=40),
                      PoigneeScore(seat=0, level="double", bonus=30)),
            chelem=(ChelemScore(kind="declared_made", bonus=400),), per_defender=950,
            scores=(2850, -950, -950, -950))
        names = ("Ouest", "Ouest", "Ouest", "Ouest")  # the longest seat name
        lines = sheet_lines([SheetRow(10, 3, settlement, 3, ())], names,
                            {"garde_contre": "Garde contre"})
        assert not too_wide(lines), "\n".join(lines)
        bonuses = " ".join(line.strip() for line in lines[4:-2])
        words = {"en": ["chelem", "triple poignée", "double poignée",
                        "petit au bout (defence)"],
                 "fr": ["chelem", "poignée triple", "poignée double",
                        "petit au bout (défense)"]}[language]
        assert [word for word in words if word not in bonuses] == [], lines


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_petit_sec_hand_is_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     language: str) -> None:
    """The deal void for a petit sec shows the hand that held it; the legend is shown
    once in a run, not at every deal."""
    lines, _ = play_at_80(tmp_path, monkeypatch, language,
                          PlayOptions(deal_name="petit-sec", save_path=tmp_path / "p.jsonl",
                                      level="rules", deals=2), "pass")
    title = {"en": "Your hand, with the petit sec:",
             "fr": "Votre main, avec le petit sec :"}[language]
    at = lines.index(title)
    trumps = {"en": "trumps", "fr": "atouts"}[language]
    row = next(line for line in lines[at + 1:at + 6] if line.split()[0] == trumps)
    assert row.split()[-1] == ("18:T1" if language == "en" else "18:A1")
    legend = {"en": "Cards: K king", "fr": "Cartes : R roi"}[language]
    assert sum(line.startswith(legend) for line in lines) == 1
    assert not too_wide(lines)


def _table_at(seed: int, until: Callable[[TerminalGame], bool]) -> tuple[TerminalGame,
                                                                         io.StringIO]:
    """A table at a terminal of 80 columns, the game played by the quick player at every
    seat until ``until`` holds."""
    import random

    from tarot.bots.registry import make_player
    from tarot.engine.game import Game

    game = Game.new(seed)
    players = [make_player("rules", game.rules) for _ in range(4)]
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, force_terminal=True, color_system=None)
    terminal = TerminalGame(game, players, 0, io.StringIO(), console=console,
                            ask_line=lambda _: "", interactive=False, pace=0)
    rng = random.Random(seed)
    while not game.is_over and not until(terminal):
        seat = game.turn
        assert seat is not None
        game.play(players[seat].choose(game.view(seat), game.legal_actions(), rng))
    return terminal, out


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_header_repeats_the_chien_and_counts_the_takers_own_discard(
        language: str) -> None:
    """A computer took: its chien stays with the table. The person took: the header's
    points count the person's own discard, said on the line under it."""
    from tarot.engine.scoring import points_text
    from tarot.i18n import decimal
    from tarot.ui.table_view import header_lines, own_discard_half_points, score_so_far

    use_language(language)
    met = set()
    for seed in range(80):
        terminal, out = _table_at(seed, lambda t: t.game.phase == phases.TRICKS
                                  and t.game.turn == 0)
        game = terminal.game
        if game.is_over or game.state.chien_fate != "shown":
            continue
        terminal.show_table()
        shown = out.getvalue()
        view = game.view(0)
        header = header_lines(view, game.rules, terminal.names)[1].plain
        assert not too_wide(shown.splitlines())
        if game.taker == 0:
            mine = {"en": "Your discard (counted in your points):",
                    "fr": "Votre écart (compté dans vos points) :"}[language]
            assert mine in shown
            own = own_discard_half_points(view, game.rules)
            assert own > 0
            taken = score_so_far(view, game.rules)[0] + own
            said = re.search(r"(?:taker|preneur) (\S+) ", header)
            assert said and said[1] == decimal(points_text(taken)), header
        else:
            took = {"en": "The chien {seat} took:",
                    "fr": "Le chien pris par {seat} :"}[language]
            assert took.format(seat=terminal.names[game.taker or 0]) in shown
            mine_by_others = {"en": "Your discard", "fr": "Votre écart"}[language]
            assert mine_by_others not in shown
        met.add(game.taker == 0)
        if met == {True, False}:
            return
    raise AssertionError(f"seeds 0-79 meet only {met} (the person took?)")


def test_t_redraws_the_table_and_chien_shows_the_auction_again() -> None:
    """At the card prompt, t (or an empty line) draws the table again, chien the auction
    and the chien; neither is refused as a card."""
    terminal, out = _table_at(5, lambda t: t.game.phase == phases.TRICKS
                              and t.game.turn == 0 and len(t.game.hand(0)) == 15)
    answers = iter(["t", "", "chien", "pli", "quit"])
    terminal.ask_line = lambda _: next(answers)
    from tarot.ui.terminal import QuitGame

    with pytest.raises(QuitGame):
        terminal.human_turn()
    text = out.getvalue()
    assert "✗" not in text
    assert text.count(" · trick ") == 4  # the table, then t, Enter and pli again
    assert "The chien, shown to all and taken by" in text or "The chien was not shown." in text
    assert ": pass" in text or ": Prise" in text or ": Garde" in text


def test_the_last_card_is_played_without_asking() -> None:
    terminal, out = _table_at(7, lambda t: t.game.phase == phases.TRICKS
                              and t.game.turn == 0 and len(t.game.hand(0)) == 1)
    asked: list[str] = []
    terminal.ask_line = lambda prompt: asked.append(prompt) or ""
    card = terminal.game.hand(0)[0]
    events = terminal.human_turn()
    assert not asked
    assert events[0].card == card  # type: ignore[union-attr]
    assert "You play your last card, " in out.getvalue()


def test_the_excuse_warning_is_shown_with_the_table() -> None:
    for seed in range(200):
        terminal, out = _table_at(seed, lambda t: t.game.phase == phases.TRICKS
                                  and t.game.turn == 0 and len(t.game.hand(0)) == 2)
        game = terminal.game
        if game.is_over or "EXC" not in game.hand(0):
            continue
        terminal.show_table()
        from tarot.ui.table_view import excuse_warning

        warning = excuse_warning(game.view(0))
        if warning is None:
            continue
        assert "Play the Excuse now" in out.getvalue()
        return
    raise AssertionError("no seed of 0-199 keeps the Excuse to the last two cards")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_match_waits_with_the_result_on_screen_before_its_next_deal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """With --deals at a terminal, the next deal waits for Enter: the deal's end, the
    settlement and the sheet are still on the 24 lines of the screen when it asks; "q"
    there leaves, saved, with the command that resumes the match."""
    use_language(language)
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, force_terminal=True, color_system=None,
                      highlight=False)
    tables = tables_made(monkeypatch.setattr)
    screens: list[list[str]] = []

    def person(prompt: str) -> str:
        if prompt.startswith(("(Enter", "(Entrée")) and tables and tables[-1].game.is_over:
            screens.append(out.getvalue().splitlines()[-23:])
            return "q" if len(screens) == 2 else ""
        said = plain_answer(prompt, "pass")
        return said if said is not None else first_legal_card(tables[-1].game)

    save = tmp_path / "m.jsonl"
    play_session(PlayOptions(seed=7, save_path=save, level="rules", deals=3),
                 TerminalTable(None, console=console, ask_line=person, interactive=True))
    assert len(screens) == 2, screens
    over, sheet = {"en": ("The deal is over.", "Score sheet"),
                   "fr": ("La donne est terminée.", "Feuille de marque")}[language]
    for screen in screens:
        assert over in screen and sheet in screen, "\n".join(screen)
    text = out.getvalue()
    assert re.search(r"play --resume \S*m\S*\.json\S*\n?$", text), text[-400:]
    assert len(tables) == 2  # the third deal was never played
    # --resume plays the third deal (saved with its header only), and the match ends.
    resume = re.findall(r"play --resume (\S+)", text)[-1]
    play_session(PlayOptions(resume_name=resume),
                 TerminalTable(None, console=console, ask_line=person, interactive=True))
    assert len(tables) == 3 and tables[-1].game.is_over


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_card_help_indents_every_line_under_its_heading(language: str) -> None:
    """The words of the other language are listed under the card prompt's heading, as the
    other prompts' help does, not back at column 0 with its wrapped tail."""
    from tarot.i18n import _
    from tarot.ui.terminal import CARD_HELP

    use_language(language)
    _heading, *rest = _(CARD_HELP).splitlines()
    assert [line for line in rest if not line.startswith("  ")] == []
    assert "quitter" in rest[-1] or "quit" in rest[-1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_redeals_in_a_row_make_one_note_under_the_sheet(language: str) -> None:
    """Four deals in a row all passed (strong players pass often): one note naming the
    dealers in turn, not four lines that push the deal's result off the screen; a run of
    another reason after it, its own note."""
    from tarot.engine.events import Settlement
    from tarot.storage.match_file import SheetRow, sheet_lines

    use_language(language)
    settlement = Settlement(contract="prise", taker=0, multiplier=1, taker_half_points=60,
                            defence_half_points=122, taker_bouts=(), target_half_points=112,
                            contract_made=False, difference=26, base=51,
                            petit_au_bout=None, petit_au_bout_bonus=0, poignees=(),
                            chelem=(), per_defender=51, scores=(-153, 51, 51, 51))
    redeals = ("all_passed",) * 4 + ("petit_sec",)
    row = SheetRow(2, 0, settlement, 1, redeals)
    names = {"en": ("You", "East", "North", "West"),
             "fr": ("Vous", "Est", "Nord", "Ouest")}[language]
    lines = sheet_lines([row], names, {"prise": "Prise"})
    notes = [line for line in lines if line.startswith("*")]
    assert len(notes) == 2, notes
    you = {"en": "You", "fr": "vous"}[language]
    assert notes[0].endswith(f"{you}→East→North→West→{you}.".replace(
        "East→North→West", "Est→Nord→Ouest" if language == "fr" else "East→North→West"))
    assert " 4 " in notes[0]
    assert all(len(line) <= WIDTH for line in lines)
