"""The commands other than play and rules in French: click's own messages, validate's
problems (the file, the line and the code kept), simulate's report, replay's header and page,
within 80 columns; and what stays language-neutral (--json, schemas, logs) the same bytes in
both languages."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tarot.i18n import ngettext
from tarot.log import read_log
from tarot.ui import click_messages
from tarot.ui.cli import main
from tarot.ui.language import use_language
from tarot.ui.page_html import PAGE_LABELS, script_labels

REPLAYS = Path(__file__).resolve().parents[1] / "replays"
GOLDEN = REPLAYS / "slam-made.jsonl"
MIXED = "rules,random,random,random"


def run(args: list[str], language: str = "fr") -> Result:
    return CliRunner().invoke(main, ["--lang", language, *args], prog_name="tarot")


def widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


def bad_log(folder: Path) -> Path:
    """The golden slam, its fifth line (event #3) given another seq."""
    lines = GOLDEN.read_text(encoding="utf-8").splitlines(keepends=True)
    event = json.loads(lines[4])
    event["seq"] = 99
    lines[4] = json.dumps(event) + "\n"
    path = folder / "mauvais.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path


# -- click's own messages ------------------------------------------------------------------


def test_a_missing_argument_is_said_in_french() -> None:
    result = run(["validate"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "Usage : tarot validate [OPTIONS] FICHIERS...",
        "Essayez « tarot validate --help » pour l'aide.",
        "",
        "Erreur : Argument manquant « FICHIERS... »."]


def test_a_bad_option_is_said_in_french_and_in_english() -> None:
    french = run(["validate", "--bogus", str(GOLDEN)])
    assert french.exit_code == 2
    assert "Erreur : Option inconnue : '--bogus'." in french.stderr
    english = run(["validate", "--bogus", str(GOLDEN)], "en")
    assert "Error: No such option: --bogus" in english.stderr or \
        "Error: No such option '--bogus'." in english.stderr
    assert "Erreur" not in english.stderr


def test_a_bad_value_and_a_missing_file_are_said_in_french(tmp_path: Path) -> None:
    result = run(["replay", str(GOLDEN), "--as-seat", "nulle-part"])
    assert result.exit_code == 2
    assert ("Erreur : Valeur invalide pour « --as-seat » : 'nulle-part' n'est pas une place"
            in result.stderr)
    result = run(["simulate", "--deals", "0"])
    assert "n'est pas dans l'intervalle" in result.stderr
    result = run(["validate", str(tmp_path)])
    # click names the kind of path ("Fichier") in the language of the process when the
    # command was imported: in one process running both languages, either word.
    assert f"'{tmp_path}' : c'est un répertoire." in result.stderr


def test_the_help_is_in_french() -> None:
    result = run(["validate", "--help"])
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage : tarot validate [OPTIONS] FICHIERS...")
    assert "Afficher ce message et quitter." in result.stdout
    assert "Accepter une partie encore en cours." in result.stdout
    assert "Show this message" not in result.stdout
    assert widest(result.stdout) <= 80


def _click_source() -> str:
    import click

    folder = Path(click.__file__).parent
    return "".join(path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.py")))


def test_every_click_message_is_one_click_writes() -> None:
    """A msgid that differs from click's by one character would never be looked up: each
    of click_messages' is in the installed click's source, as a string literal."""
    source = _click_source()
    literals = {node.value for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    tree = ast.parse(Path(click_messages.__file__).read_text(encoding="utf-8"))
    marked = [arg.value for node in ast.walk(tree) if isinstance(node, ast.Call)
              and getattr(node.func, "id", None) in ("N_", "ngettext")
              for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    assert len(marked) > 50
    assert [message for message in marked if message not in literals] == []


def test_the_plural_click_messages_agree_in_french() -> None:
    use_language("fr")
    assert ngettext("Got unexpected extra argument ({args})",
                    "Got unexpected extra arguments ({args})", 2).format(args="a b") == \
        "Arguments en trop : a b"


# -- validate --------------------------------------------------------------------------


def test_clicks_punctuation_in_the_french_help_and_not_in_the_english() -> None:
    french = run(["simulate", "--help"]).stdout
    assert "\nOptions :\n" in french
    assert "[par défaut : 0 ;" in french and "; x>=0" not in french
    english = run(["simulate", "--help"], "en").stdout
    assert "\nOptions:\n" in english and "[default: 0; x>=0]" in english
    assert "\nCommandes :\n" in run(["--help"]).stdout


def test_an_environment_variable_and_a_metavar_are_named_in_french() -> None:
    french = run(["play", "--level", "hard"])
    assert french.exit_code == 2
    assert "(variable d'environnement « TAROT_LEVEL ») : 'hard' n'est pas une valeur possible" \
        in french.stderr
    english = run(["play", "--level", "hard"], "en")
    assert "Invalid value for '--level' (env var: 'TAROT_LEVEL'): 'hard' is not one of" \
        in english.stderr
    assert "--pace SECONDES" in run(["play", "--help"]).stdout
    assert "--pace SECONDS" in run(["play", "--help"], "en").stdout


def test_a_refusal_of_the_rules_is_english_in_validate_json(tmp_path: Path) -> None:
    """--json is language-neutral: a rules refusal (a card not in hand) is reported in
    English in both languages, and in French on the line for a person."""
    lines = GOLDEN.read_text(encoding="utf-8").splitlines(keepends=True)
    index, event = next((i, json.loads(line)) for i, line in enumerate(lines)
                        if json.loads(line).get("type") == "play")
    hand = json.loads(lines[index]).get("card")
    event["card"] = next(code for code in ("KS", "KH", "KD", "KC") if code != hand)
    lines[index] = json.dumps(event) + "\n"
    path = tmp_path / "carte.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    french, english = (run(["validate", "--json", str(path)], language)
                       for language in ("fr", "en"))
    assert french.exit_code == english.exit_code == 1
    assert french.stdout == english.stdout
    message = json.loads(french.stdout)[0]["message"]
    assert message.isascii() and "cannot" in message, message
    line = run(["validate", str(path)]).stderr
    assert "ne peut pas" in line and "cannot" not in line


def test_the_audit_json_is_the_same_bytes_in_both_languages() -> None:
    for log in sorted(REPLAYS.glob("*.jsonl"))[:6]:
        if log.name.endswith(".match.jsonl"):
            continue
        french, english = (run(["audit", "--json", str(log)], language)
                           for language in ("fr", "en"))
        assert french.stdout == english.stdout, log


def test_a_game_in_progress_names_its_phase_in_french(tmp_path: Path) -> None:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines(keepends=True)
    path = tmp_path / "en-cours.jsonl"
    path.write_text("".join(lines[:-12]), encoding="utf-8")
    refused = run(["validate", str(path)])
    assert refused.exit_code == 1
    assert "le journal s'arrête en cours de partie (jeu de la carte), avant le décompte" in \
        refused.stderr
    accepted = run(["validate", "--allow-incomplete", str(path)])
    assert "en cours (jeu de la carte)" in accepted.stdout, accepted.stdout
    assert "(tricks)" in run(["validate", "--allow-incomplete", str(path)], "en").stdout
    as_json = run(["validate", "--json", "--allow-incomplete", str(path)]).stdout
    assert json.loads(as_json)[0]["phase"] == "tricks"


def test_a_missing_file_is_said_in_french(tmp_path: Path) -> None:
    missing = tmp_path / "absent.jsonl"
    french = run(["validate", str(missing)])
    assert french.stderr.strip() == f"{missing}: unreadable: fichier ou répertoire introuvable"
    english = run(["validate", str(missing)], "en")
    assert english.stderr.strip() == f"{missing}: unreadable: No such file or directory"
    assert run(["replay", str(missing)]).stderr.strip().endswith("introuvable")


def test_validate_names_the_file_the_line_and_the_code_in_french(tmp_path: Path) -> None:
    path = bad_log(tmp_path)
    result = run(["validate", str(GOLDEN), str(path)])
    assert result.exit_code == 1
    assert result.stdout == f"{GOLDEN} : valide, 97 événements, donne terminée\n"
    assert result.stderr == (f"{path}:5: événement #99 (bid): bad_seq: seq vaut 99, "
                             "alors que c'est l'événement #3\n")
    english = run(["validate", str(path)], "en")
    assert english.stderr == f"{path}:5: event #99 (bid): bad_seq: seq is 99; this is event #3\n"


def test_an_empty_and_a_torn_log_in_french(tmp_path: Path) -> None:
    empty = tmp_path / "vide.jsonl"
    empty.write_text("\n")
    torn = tmp_path / "coupe.jsonl"
    torn.write_bytes(b'{"format": "tarot-log"')
    result = run(["validate", str(empty), str(torn)])
    assert result.exit_code == 1
    assert (f"{empty}:1: en-tête: empty_log: le journal est vide : sa première ligne doit "
            "être l'en-tête") in result.stderr
    assert f"{torn}:1: en-tête: torn_line: la seule ligne, l'en-tête, est tronquée" \
        in result.stderr


def test_validate_json_is_the_same_bytes_in_both_languages(tmp_path: Path) -> None:
    empty = tmp_path / "vide.jsonl"
    empty.write_text("")
    files = [str(GOLDEN), str(bad_log(tmp_path)), str(empty), str(tmp_path / "absent.jsonl")]
    english = run(["validate", "--json", *files], "en")
    french = run(["validate", "--json", *files])
    assert english.exit_code == french.exit_code == 1
    assert french.stdout == english.stdout
    report = json.loads(english.stdout)
    assert report[1]["message"] == "seq is 99; this is event #3"


@pytest.mark.parametrize("args", [["schema"], ["schema", "--match"]])
def test_a_schema_is_the_same_bytes_in_both_languages(args: list[str]) -> None:
    english = run(args, "en")
    assert english.exit_code == 0
    assert run(args).stdout == english.stdout


def test_a_game_played_in_french_is_the_log_played_in_english(tmp_path: Path) -> None:
    saves = {}
    for language in ("fr", "en"):
        saves[language] = tmp_path / f"partie-{language}.jsonl"
        result = run(["play", "--auto", "--level", "random", "--seed", "5",
                      "--save", str(saves[language])], language)
        assert result.exit_code == 0, result.output
    assert saves["fr"].read_bytes() == saves["en"].read_bytes()
    checked = run(["validate", str(saves["fr"])], "en")
    assert checked.exit_code == 0 and checked.stdout.endswith("events, settled\n")


# -- simulate --------------------------------------------------------------------------


def test_simulates_report_in_french_within_80_columns() -> None:
    result = run(["simulate", "--deals", "3", "--seed", "1", "--players", MIXED,
                  "--workers", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Match en duplicate, règles 'standard' : 3 graines de donne "
                          "(1 à 3),\n")
    assert "12 parties par joueur" in out and "faits/pris" in out and "chelems" in out
    assert "Temps de décision de chaque joueur" in out and "Durée" in out
    assert "0 rules - 1 random : " in out  # the players keep their registry names
    # French numbers: a decimal comma, a space before % and before the colon.
    assert re.search(r"^ 1  random +-\d+,\d  \[", out, re.MULTILINE), out
    assert re.search(r"\d,\d %", out) and not re.search(r"\d\.\d", out), out
    for english in ("deal seed", "games per player", "Decision times", "Wall time",
                    "Paired differences", "By player", "made/taken", "95% interval"):
        assert english not in out
    assert widest(out) <= 80
    # The columns stay aligned under their (longer) French titles.
    lines = out.splitlines()
    head = next(line for line in lines if line.startswith(" #  joueur"))
    row = next(line for line in lines if line.startswith(" 0  rules"))
    assert len(row) == len(head)


def test_simulates_refusals_in_french(tmp_path: Path) -> None:
    result = run(["simulate", "--players", "rules,random"])
    assert result.exit_code == 2
    assert "donnez 3, 4 ou 5 joueurs, un par place" in result.stderr
    result = run(["simulate", "--players", "rules,random,random", "--rules", "standard-5"])
    assert result.exit_code == 2
    assert "--rules standard-5 est pour 5 joueurs : donnez 5 joueurs" in result.stderr
    result = run(["simulate", "--report", str(tmp_path / "absent.jsonl")])
    assert result.exit_code != 0


# -- replay ----------------------------------------------------------------------------


@pytest.mark.parametrize(("seat", "number", "name"), [
    ("sud", 0, "Sud"), ("est", 1, "Est"), ("nord", 2, "Nord"), ("ouest", 3, "Ouest"),
    ("south", 0, "Sud"), ("P3", 3, "Ouest")])
def test_replay_as_a_seat_named_in_french(seat: str, number: int, name: str) -> None:
    result = run(["replay", str(GOLDEN), "--as-seat", seat, "--to", "3"])
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first == (f"Vu par {name} (P{number}) : les autres mains et les cartes cachées "
                     "restent invisibles.")
    assert widest(result.stdout) <= 80


def test_replay_accepts_french_seat_names_in_english_too() -> None:
    result = run(["replay", str(GOLDEN), "--as-seat", "ouest", "--to", "1"], "en")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0].startswith("Seen from West's seat (P3)")


def test_the_replay_page_in_french(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    result = run(["replay", str(GOLDEN), "--html", str(out), "--as-seat", "est"])
    assert result.exit_code == 0, result.output
    said = result.stdout.replace("\n  ", " ")  # wrapped within 80 columns
    assert "écrit (" in said and "vus par Est" in said
    page = out.read_text(encoding="utf-8")
    assert '<html lang="fr">' in page
    assert "<h2 id=\"auction-title\">Enchères</h2>" in page
    assert "Feuille de marque" in page and "Chien et écart" in page
    labels = json.loads(re.search(r'id="replay-labels">(.*?)</script>', page, re.S)[1])
    assert labels["language"] == "fr" and labels["no_bid"] == "Pas encore d'enchère."
    # No English label is left on the French page: the template's or the script's.
    use_language("en")
    english = {text for text in PAGE_LABELS.values()} | {
        text for value in script_labels().values() if value != "en"
        for text in _label_texts(value)}
    french = {text for value in labels.values() for text in _label_texts(value)}
    template = page.split('<script type="application/json"')[0]
    same = {"Chien", "Total", "Camp", "{seat}: {bid}", "{contract} by {seat}", "Trick {number}",
            "chelem", "normal",  # an event type and a level named alike in both
            "settlement", "trick"}  # in English an event type is its code, an id of the template
    left = [text for text in english if len(text) > 3 and text not in same
            and (f">{text}<" in template or f'"{text}"' in template or text in french)]
    assert left == []


def _label_texts(value: object) -> list[str]:
    """The texts of one of the script's labels: a text, a plural's forms, or a table's
    names (the event types', the levels')."""
    if isinstance(value, dict):
        return [str(text) for text in value.values()]
    return [str(text) for text in value] if isinstance(value, list) else [str(value)]


def test_the_replay_page_in_english_keeps_its_words(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    assert run(["replay", str(GOLDEN), "--html", str(out)], "en").exit_code == 0
    page = out.read_text(encoding="utf-8")
    assert '<html lang="en">' in page
    assert '<h2 id="auction-title">Auction</h2>' in page
    assert "Settlement, as tarot audit explains it" in page
    assert "Made by <code>tarot replay --html</code> from a log that validated." in page


# -- saves, audit ----------------------------------------------------------------------


def test_saves_and_audit_in_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = run(["saves"])
    assert result.exit_code == 0
    assert result.stdout.startswith("Aucune partie enregistrée dans ")
    result = run(["audit", str(GOLDEN), "--rules", "fft"])
    assert result.exit_code == 0
    assert "Sous les règles 'fft'" in result.stdout


def test_a_results_file_report_and_resume_in_french(tmp_path: Path) -> None:
    out = tmp_path / "resultats.jsonl"
    match = ["simulate", "--deals", "3", "--seed", "1", "--players", MIXED, "--workers", "1",
             "--quiet"]
    assert run([*match, "--out", str(out)]).exit_code == 0
    report = run(["simulate", "--report", str(out), "--quiet"])
    assert report.exit_code == 0, report.output
    assert "Pas de durée : ce rapport vient d'un fichier de résultats" in report.stdout
    assert widest(report.stdout) <= 80
    cut = tmp_path / "coupe.jsonl"
    cut.write_bytes(b"".join(out.read_bytes().splitlines(keepends=True)[:2]))
    resumed = run(["simulate", "--resume", str(cut), "--quiet"])
    assert resumed.exit_code == 0, resumed.output
    assert "2 graines sur 3 jouées ici, les autres lues dans le fichier" in resumed.stdout
    assert widest(resumed.stdout) <= 80
    again = run([*match, "--out", str(out)])
    assert again.exit_code == 1
    assert f"{out} existe déjà : --resume {out} finit son match" in again.stderr


def test_validate_json_of_a_match_is_the_same_bytes_in_both_languages(tmp_path: Path) -> None:
    save = tmp_path / "match.jsonl"
    result = run(["play", "--auto", "--level", "random", "--seed", "3", "--deals", "2",
                  "--save", str(save)], "en")
    assert result.exit_code == 0, result.output
    index = tmp_path / "match.match.jsonl"
    second = tmp_path / "match.deal-2.jsonl"
    lines = second.read_text(encoding="utf-8").splitlines(keepends=True)
    second.write_text("".join(lines[:3]) + "\n" + "".join(lines[4:]), encoding="utf-8")
    english = run(["validate", "--json", str(index)], "en")
    french = run(["validate", "--json", str(index)])
    assert english.exit_code == french.exit_code == 1
    assert french.stdout == english.stdout
    assert "an empty line where an event should be" in english.stdout
    text = run(["validate", str(index)])
    assert "match : " in text.stderr and "une ligne vide à la place d'un événement" in text.stderr


def test_a_refused_decision_is_reported_in_english_by_validate_json(tmp_path: Path) -> None:
    """A refusal of the rules inside a log (a card played against R11) is the refusal the
    person reads in French, and in --json the same English line in both languages."""
    garde = REPLAYS / "garde.jsonl"
    lines = garde.read_text(encoding="utf-8").splitlines(keepends=True)
    events = [json.loads(line) for line in lines[1:]]
    # Trick 8's second card, replaced by a card its seat plays later: a suit it must follow.
    first = next(i for i, e in enumerate(events) if e["type"] == "play" and i >= 40)
    seat = events[first]["seat"]
    later = next(e["card"] for e in events[first + 1:]
                 if e["type"] == "play" and e["seat"] == seat)
    events[first]["card"] = later
    bad = tmp_path / "refus.jsonl"
    bad.write_text(lines[0] + "".join(json.dumps(e, separators=(",", ":")) + "\n"
                                      for e in events), encoding="utf-8")
    english = run(["validate", "--json", str(bad)], "en")
    french = run(["validate", "--json", str(bad)])
    assert english.exit_code == french.exit_code == 1
    assert french.stdout == english.stdout
    [report] = json.loads(english.stdout)
    assert report["code"].startswith("must_") and "cannot play" in report["message"]
    shown = run(["validate", str(bad)])
    assert "ne peut pas jouer" in shown.stdout + shown.stderr


@pytest.mark.parametrize("replay", sorted(p.name for p in REPLAYS.glob("*.jsonl")))
def test_audit_json_is_the_same_bytes_in_both_languages(replay: str) -> None:
    # Re-scored under the FFT's rules at four players, under standard-5 at five (the same
    # size; rules/fft.toml is for four), not at all at three.
    players = read_log(REPLAYS / replay).rules.players
    other = {4: ["--rules", "fft"], 5: ["--rules", "standard-5"]}.get(players)
    for extra in ([], *([other] if other else [])):
        english = run(["audit", "--json", str(REPLAYS / replay), *extra], "en")
        assert english.exit_code == 0, english.output
        assert run(["audit", "--json", str(REPLAYS / replay), *extra]).stdout == english.stdout


def test_a_file_too_large_groups_its_digits_in_french(tmp_path: Path) -> None:
    from tarot.files.reading import ReadError, read_regular_text

    path = tmp_path / "gros.toml"
    path.write_text("#" * 2000, encoding="utf-8")
    use_language("fr")
    with pytest.raises(ReadError) as french:
        read_regular_text(path, limit=1500, what="a rule file")
    assert str(french.value) == f"{path} : plus de 1\u202f500 octets, bien plus que n'en occupe " \
                                "un fichier de règles"
    assert french.value.message == "more than 1,500 bytes, far more than a rule file takes"
    use_language("en")
    with pytest.raises(ReadError) as english:
        read_regular_text(path, limit=1500, what="a rule file")
    assert str(english.value) == f"{path}: more than 1,500 bytes, far more than a rule file takes"


@pytest.mark.parametrize(("line", "french", "english"), [
    ('{"seq": 3, "type": "bid", "seat": 1}', "bid.contract : champ obligatoire",
     "bid.contract: Field required"),
    ('{"seq": 3, "type": "bid", "seat": 9, "bid": "pass"}',
     "la valeur doit être inférieure ou égale à 4", "Input should be less than or equal to 4"),
    ('{"seq": 3, "type": "bid"', "JSON invalide : EOF while parsing",
     "Invalid JSON: EOF while parsing"),
])
def test_pydantics_common_words_are_said_in_french(tmp_path: Path, line: str, french: str,
                                                   english: str) -> None:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[4] = line + "\n"
    path = tmp_path / "ligne.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    assert french in run(["validate", str(path)]).stderr
    assert english in run(["validate", str(path)], "en").stderr
    assert run(["validate", "--json", str(path)]).stdout == \
        run(["validate", "--json", str(path)], "en").stdout
