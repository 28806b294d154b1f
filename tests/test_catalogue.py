"""The French catalogue: every message the program marks has a checked French translation, the
compiled .mo says what the .po says, and the language is chosen as docs/translating.md says."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from catalogue import (
    LANGUAGES,
    compiled,
    mo_path,
    po_path,
    problems,
    read_catalogue,
)
from click.testing import CliRunner

from tarot import i18n
from tarot.i18n import LanguageError, language_from_environment, language_of_locale
from tarot.ui.cli import main
from tarot.ui.language import choose_language, language_in_arguments


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(language: str) -> None:
    found = problems(i18n.LOCALE_DIR.parent, read_catalogue(po_path(language)))
    assert not found, "\n".join(map(str, found)) + \
        "\n(python tests/catalogue.py update, then translate; docs/translating.md)"


def planted(tmp_path: Path, source: str) -> Path:
    """A package of one module, ``source``, to extract the messages of."""
    package = tmp_path / "tarot"
    package.mkdir()
    (package / "planted.py").write_text("from tarot.i18n import _\n" + source, encoding="utf-8")
    return package


def test_a_planted_untranslated_message_is_found(tmp_path: Path) -> None:
    package = planted(tmp_path, 'print(_("A planted message nobody translated"))\n')
    found = problems(package, read_catalogue(po_path("fr")))
    assert [(p.msgid, p.what) for p in found] == [
        ("A planted message nobody translated", "not in the catalogue")]


def test_a_translation_that_drops_a_placeholder_is_found(tmp_path: Path) -> None:
    package = planted(tmp_path, '_("{seat} wins the trick")\n_("{count} tricks")\n')
    catalogue = Catalog(locale="fr")
    catalogue.add("{seat} wins the trick", "{seat} remporte le pli")
    catalogue.add("{count} tricks", "des plis")
    assert [(p.msgid, p.what.split(" ")[0]) for p in problems(package, catalogue)] == [
        ("{count} tricks", "placeholders")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_is_the_po_compiled(language: str) -> None:
    # Compared as what gettext reads, not byte for byte: two Babel versions may order a .mo
    # differently and mean the same.
    with mo_path(language).open("rb") as file:
        shipped = gettext.GNUTranslations(file)
    fresh = gettext.GNUTranslations(io.BytesIO(compiled(read_catalogue(po_path(language)))))
    assert shipped._catalog == fresh._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize(("value", "language"), [
    ("fr_FR.UTF-8", "fr"), ("fr_CA", "fr"), ("fr", "fr"), ("en_GB.UTF-8", "en"),
    ("de_DE.UTF-8", "en"), ("C", None), ("POSIX", None), ("", None), ("C.UTF-8", None)])
def test_a_locale_names_its_language(value: str, language: str | None) -> None:
    assert language_of_locale(value) == language


@pytest.mark.parametrize(("environ", "language"), [
    ({}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "fr"),
    ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),  # C says English, as it does to gettext
    ({"TAROT_LANG": "fr", "LANG": "en_US.UTF-8"}, "fr"),
    ({"TAROT_LANG": "EN", "LANG": "fr_FR.UTF-8"}, "en"),
])
def test_the_environment_chooses_the_language(environ: dict[str, str], language: str) -> None:
    assert language_from_environment(environ) == language


def test_a_language_without_a_catalogue_is_refused_where_it_was_asked() -> None:
    with pytest.raises(LanguageError, match="TAROT_LANG=de"):
        language_from_environment({"TAROT_LANG": "de"})
    result = CliRunner().invoke(main, ["--help"], env={"TAROT_LANG": "de"})
    assert result.exit_code == 2
    assert "TAROT_LANG=de" in result.output
    assert "Traceback" not in result.output


def test_the_option_wins_over_the_environment() -> None:
    assert language_in_arguments(["rules", "R16", "--lang", "fr"]) == "fr"
    assert language_in_arguments(["--lang=en", "rules"]) == "en"
    assert language_in_arguments(["replay", "--", "--lang", "fr"]) is None
    assert choose_language(["--lang", "en"], {"TAROT_LANG": "fr"}) == "en"
    assert choose_language([], {"LANG": "fr_FR.UTF-8"}) == "fr"


def test_help_and_clicks_own_messages_follow_the_language() -> None:
    runner = CliRunner()
    french = runner.invoke(main, ["--lang", "fr", "--help"])
    assert "Commandes" in french.output and "Commands" not in french.output
    english = runner.invoke(main, ["--help"], env={"TAROT_LANG": "en"})
    assert "Commands" in english.output  # one process, both languages: nothing sticks
    by_locale = runner.invoke(main, ["--help"], env={"TAROT_LANG": "", "LC_ALL": "",
                                                     "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"})
    assert "Commandes" in by_locale.output


def test_every_command_takes_the_option() -> None:
    from tarot.ui.cli import COMMANDS
    for name in COMMANDS:
        result = CliRunner().invoke(main, [name, "--help", "--lang", "fr"])
        assert result.exit_code == 0, (name, result.output)
        assert "--lang" in result.output


def test_a_missing_catalogue_is_said_not_a_traceback(tmp_path, monkeypatch) -> None:
    """A broken install (the .mo left out) names the file and the way out, exit 2."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    with pytest.raises(LanguageError, match="reinstall tarot, or choose --lang en"):
        i18n.set_language("fr")
    assert i18n.language() == "en"  # the language before is kept
    result = CliRunner().invoke(main, ["--lang", "fr", "rules", "R16"])
    assert result.exit_code == 2
    assert "tarot.mo" in result.output and "Traceback" not in result.output


def test_a_command_leaves_the_process_as_it_found_it(monkeypatch) -> None:
    """One process may run several commands (the tests do; a program may embed one): the
    language, gettext's global domain and LANGUAGE are the command's own while it runs."""
    import os
    monkeypatch.delenv("LANGUAGE", raising=False)
    before = (i18n.language(), gettext.textdomain())
    seen = {}

    def spy(*args: object, **kwargs: object) -> None:
        seen.update(language=i18n.language(), variable=os.environ.get("LANGUAGE"))

    monkeypatch.setattr("tarot.ui.commands.schema.schema.callback", spy)
    assert CliRunner().invoke(main, ["--lang", "fr", "schema"]).exit_code == 0
    assert seen == {"language": "fr", "variable": "fr"}
    assert (i18n.language(), gettext.textdomain()) == before
    assert "LANGUAGE" not in os.environ


def test_the_help_option_speaks_the_language_of_each_command_run() -> None:
    """click keeps a command's --help option once built: in one process, a French help first
    must not leave the next command's English help with a French line."""
    runner = CliRunner()
    french = runner.invoke(main, ["play", "--help", "--lang", "fr"]).output
    english = runner.invoke(main, ["play", "--help", "--lang", "en"]).output
    assert "Afficher ce message et quitter." in french
    assert "Show this message and exit." in english and "Afficher" not in english
