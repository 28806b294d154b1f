"""The language a person reads: every message goes through gettext, with one domain, ``tarot``.

English is the source language: a message is written in English in the code, marked with
:func:`_` (translated now) or :func:`N_` (marked for the catalogue, translated where it is
shown), and the French catalogue (``tarot/locale/fr/LC_MESSAGES/tarot.po``, compiled to
``tarot.mo`` beside it) gives its French. Codes, logs, schemas and ``--json`` never go
through here: they stay language-neutral, so a log written in French reads anywhere.

The language is chosen once for a process by the command line (``--lang``, else
``TAROT_LANG``, else the system's locale: :func:`language_from_environment`) and read by every
layer through :func:`_`; it is a setting like the terminal's width, not a random state.
This module sits at the foundation, beside :mod:`tarot.errors`, so that the engine's
refusals and the explanations can be translated where they are written.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "tarot"
SOURCE_LANGUAGE = "en"
LANGUAGES = ("en", "fr")  # every language shipped with a complete catalogue, the source first
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
# Languages added at run time (tarot.ui.language.add_language), each with the folder that
# holds its catalogue (``<folder>/<language>/LC_MESSAGES/tarot.mo``): a test's language.
_ADDED: dict[str, Path] = {}
# Where the system's locale is read, in the order POSIX gives them precedence.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


class LanguageError(ValueError):
    """A language the program has no catalogue for, named where it was asked for."""


class _Current:
    """The process's language and its catalogue (one object, so that both change together)."""

    language: str = SOURCE_LANGUAGE
    translations: _gettext.NullTranslations = _gettext.NullTranslations()


def languages() -> tuple[str, ...]:
    """Every language the program speaks now: those shipped, then those added."""
    return LANGUAGES + tuple(_ADDED)


def catalogue_folder(language: str) -> Path:
    """The folder that holds ``language``'s catalogue (gettext's ``localedir``)."""
    return _ADDED.get(language, LOCALE_DIR)


def add_catalogue(language: str, folder: Path) -> None:
    """Speak ``language`` too, its catalogue in ``folder`` (``<language>/LC_MESSAGES/
    tarot.mo`` under it). One part of a language: tarot.ui.language.add_language adds the
    others."""
    if language in LANGUAGES:
        raise LanguageError(f"{language!r} is a language of this program already")
    _ADDED[language] = folder


def _catalogue(language: str) -> _gettext.NullTranslations:
    if language == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    # fallback=False: a language of LANGUAGES whose .mo is missing is a broken install, and
    # must say so rather than quietly print English.
    folder = catalogue_folder(language)
    try:
        return _gettext.translation(DOMAIN, folder, languages=[language])
    except OSError as error:
        raise LanguageError(f"the catalogue of {language!r} cannot be read "
                            f"({folder / language / 'LC_MESSAGES' / (DOMAIN + '.mo')}: "
                            f"{error.strerror or error}): reinstall tarot, or choose "
                            "--lang en") from None


def set_language(language: str) -> None:
    """Make ``language`` (one of :func:`languages`) the one every message is given in."""
    if language not in languages():
        raise LanguageError(f"{language!r} is not a language of this program "
                            f"(one of: {', '.join(languages())})")
    _Current.translations = _catalogue(language)
    _Current.language = language


@contextmanager
def in_language(language: str) -> Iterator[None]:
    """Messages in ``language`` for a while, then in the language before: a message that a
    person reads and that ``--json`` reports in English is rendered twice."""
    before = _Current.language
    set_language(language)
    try:
        yield
    finally:
        set_language(before)


def language() -> str:
    """The language messages are given in now (``"en"``, ``"fr"``)."""
    return _Current.language


def language_of_locale(value: str) -> str | None:
    """``"fr_FR.UTF-8"`` → ``"fr"``; ``"C"``, ``"POSIX"``, ``""`` → None (no language said);
    a language without a catalogue (``"de_DE"``) → the source language, English."""
    name = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()
    if name in ("", "c", "posix"):
        return None
    return name if name in languages() else SOURCE_LANGUAGE


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language ``environ`` asks for: ``TAROT_LANG`` (``en`` or ``fr``; anything else is
    a LanguageError), else the system's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the
    first one set), else English."""
    asked = environ.get("TAROT_LANG", "").strip()
    if asked:
        if asked.lower() not in languages():
            raise LanguageError(f"TAROT_LANG={asked}: the languages are "
                                f"{', '.join(languages())}")
        return asked.lower()
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            return language_of_locale(value) or SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def _(message: str) -> str:
    """``message`` (English, the catalogue's msgid) in the current language."""
    return _Current.translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that agrees with ``count``, in the current language."""
    return _Current.translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where the same English word needs two
    translations (a context tells them apart: ``pgettext("card rank", "K")``)."""
    return _Current.translations.pgettext(context, message)


def decimal(number: str) -> str:
    """A number written in English (``"4.5"``, ``"+394.8"``) with the current language's decimal
    mark (French: ``"4,5"``): every decimal a person reads is written through here."""
    return number.replace(".", pgettext("decimal separator", "."))


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now: it is kept in English
    (in a table, a template) and translated with :func:`_` where a person reads it."""
    return message
