"""The terminal's help at the bid, discard and chelem prompts takes every number from the
game's rule set: the standard rules' text as it always was, another rule set's numbers."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tarot.engine import phases
from tarot.engine.rule_files import load_rules
from tarot.ui.cli import main
from tarot.ui.phase_help import PHASE_HELP

ODDBALL = Path(__file__).parent / "data" / "oddball.toml"

# The help as the terminal wrote it out before it was made from the rules, with the
# words that redraw the table and the chien, and the other language's words.
STANDARD_HELP = {
    phases.AUCTION: (
        'At the bid prompt:\n'
        '  pass, prise, garde, garde_sans, garde_contre: each bid above the current one\n'
        '  Prise ×1 and Garde ×2: you take the chien and discard six cards.\n'
        '  Garde sans ×4: the chien counts for you, unseen. Garde contre ×6: it counts\n'
        '  for the defence.\n'
        '  You need 56 card points with no bout, 51 with one, 41 with two, 36 with three\n'
        '  (the bouts: T1, T21, EXC).\n'
        '  t            the table again (your hand, and the chien when it is yours)\n'
        '  chien        the auction and the chien again (when it was shown)\n'
        '  announcements every announcement so far: bids, call, chien, poignées, chelem\n'
        '  quit         save and leave\n'
        '  French words work too: passe, aide, quitter.'
    ),
    phases.CHIEN: (
        'At the discard prompt:\n'
        '  six cards, by code or number, separated by spaces; or auto (it makes voids)\n'
        '  no king and no bout (T1, T21, EXC); a trump only when fewer than six other\n'
        '  cards remain, and then it is shown to all. The discard counts for you.\n'
        '  t            the table again (your hand, and the chien when it is yours)\n'
        '  chien        the auction and the chien again (when it was shown)\n'
        '  announcements every announcement so far: bids, call, chien, poignées, chelem\n'
        '  quit         save and leave\n'
        '  French words work too: aide, quitter.'
    ),
    phases.DECLARATIONS: (
        'At the chelem prompt:\n'
        '  y or n       a declared chelem (all the tricks) scores +400 if made, -200 if\n'
        '               not; you then lead the first trick\n'
        '  t            the table again (your hand, and the chien when it is yours)\n'
        '  chien        the auction and the chien again (when it was shown)\n'
        '  announcements every announcement so far: bids, call, chien, poignées, chelem\n'
        '  quit         save and leave\n'
        '  French words work too: oui or o, non, aide, quitter.'
    ),}


@pytest.mark.parametrize("phase", sorted(STANDARD_HELP))
def test_the_standard_rules_give_the_help_as_it_was(phase: str) -> None:
    assert PHASE_HELP[phase](load_rules("standard")) == STANDARD_HELP[phase]


def test_a_rule_set_with_other_numbers_shows_its_own() -> None:
    rules = load_rules(str(ODDBALL))
    bid = PHASE_HELP[phases.AUCTION](rules)
    assert "Prise ×2 and Garde ×3: you take the chien" in bid
    assert "Garde sans ×5: the chien counts for you" in bid
    assert "Garde contre ×7: it counts" in bid
    assert "You need 60 card points with no bout, 49 with one, 40 with two, 30 with three" \
        in bid
    assert "+300 if made, -150 if" in PHASE_HELP[phases.DECLARATIONS](rules)


def test_a_rule_set_built_in_python_shows_its_numbers() -> None:
    standard = load_rules("standard")
    rules = standard.model_copy(update={
        "deal": standard.deal.model_copy(update={"hand_size": 19, "chien_size": 2}),
        "scoring": standard.scoring.model_copy(update={"target_half_points": (113, 101, 82, 72)}),
        "contracts": (standard.contracts[0].model_copy(update={"multiplier": 3}),
                      standard.contracts[3]),
        "chelem": standard.chelem.model_copy(update={"declared_made": 500}),
    })
    bid = PHASE_HELP[phases.AUCTION](rules)
    assert "pass, prise, garde_contre: each bid above the current one" in bid
    assert "Prise ×3: you take the chien and discard two cards." in bid
    assert "Garde contre ×6: the chien counts for the defence, unseen." in bid
    assert "Garde sans" not in bid and "Garde ×" not in bid
    assert "You need 56.5 card points with no bout, 50.5 with one" in bid
    discard = PHASE_HELP[phases.CHIEN](rules)
    assert discard.splitlines()[1].startswith("  two cards, by code or number")
    assert "fewer than two other" in discard and "six" not in discard
    assert "+500 if made, -200 if" in PHASE_HELP[phases.DECLARATIONS](rules)


def test_the_terminal_shows_the_rule_files_numbers(tmp_path: Path) -> None:
    """Through the command: a garde contre goes straight to the chelem prompt."""
    result = CliRunner().invoke(
        main, ["play", "--seed", "5", "--rules", str(ODDBALL), "--save",
               str(tmp_path / "g.jsonl")], input="?\ngarde_contre\n?\nquit\n",
        catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "Prise ×2 and Garde ×3" in result.output
    assert "You need 60 card points with no bout" in result.output
    assert "56 card points" not in result.output
    assert "+300 if made, -150 if" in result.output and "+400" not in result.output


FRENCH_HELP = {
    phases.AUCTION: (
        "Quand on vous demande une enchère :\n"
        "  passe, prise, garde, garde sans, garde contre : chaque enchère doit être plus\n"
        "  forte que la précédente\n"
        "  Prise ×1 et Garde ×2 : vous prenez le chien et écartez six cartes.\n"
        "  Garde sans le chien ×4 : le chien compte pour vous, sans être vu. Garde contre\n"
        "  le chien ×6 : il compte pour la défense.\n"
        "  Il vous faut 56 points sans bout, 51 avec un, 41 avec deux, 36 avec trois (les\n"
        "  bouts : "),
    phases.CHIEN: (
        "Quand on vous demande votre écart :\n"
        "  six cartes, par code ou numéro, séparées par des espaces ; ou auto (pour vous\n"
        "  faire des coupes)\n"
        "  ni roi ni bout ("),
    phases.DECLARATIONS: (
        "Quand on vous demande le chelem :\n"
        "  o ou n       un chelem annoncé (tous les plis) rapporte +400 s'il est réalisé,\n"
        "               -200 sinon ; vous entamez alors le premier pli\n"
        "  t            la table à nouveau (votre main, et le chien quand il est à vous)\n"
        "  chien        les enchères et le chien à nouveau (s'il a été montré)\n"
        "  annonces     toutes les annonces\u00a0: enchères, appel, chien, poignées, chelem\n"
        "  quitter      enregistrer et partir\n"
        "  Les mots anglais marchent aussi : yes ou y, no, help, quit."),
}


@pytest.mark.parametrize("phase", sorted(FRENCH_HELP))
def test_the_help_in_french(phase: str) -> None:
    """The same help in French, with the words a French player types (passe, garde sans,
    o, quitter: the notation reads them); the bouts as the cards are written in French."""
    from tarot.ui.language import use_language

    use_language("fr")
    assert PHASE_HELP[phase](load_rules("standard")).startswith(FRENCH_HELP[phase])


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("rules_name", ["standard", "fft", str(ODDBALL)])
def test_every_help_and_the_legend_fit_80_columns(language: str, rules_name: str) -> None:
    from tarot.i18n import _
    from tarot.ui.language import use_language
    from tarot.ui.terminal import CARD_HELP, LEGEND

    use_language(language)
    rules = load_rules(rules_name)
    texts = [help_of(rules) for help_of in PHASE_HELP.values()] + [_(CARD_HELP), _(LEGEND)]
    for text in texts:
        assert all(len(line) <= 80 for line in text.splitlines()), text
    if language == "fr":
        assert "quitter" in texts[-2] and "conseil" in texts[-2] and "dernier" in texts[-2]
        assert "Cartes : R roi, D dame, C cavalier, V valet" in texts[-1]
