"""The language of a ``tarot`` command: ``--lang``, else ``TAROT_LANG``, else the system's locale.

The option is read from the arguments before click parses them, so that click's own messages
(its usage lines, its errors about an option) are in the chosen language too: click asks
gettext's global domain for them, which this module points at the program's one catalogue.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from tarot import i18n
from tarot.engine.card_notation import Notation, add_notation
from tarot.engine.typed_words import Words, add_words
from tarot.explain.rulebook import add_book
from tarot.i18n import (
    DOMAIN,
    N_,
    _,
    add_catalogue,
    catalogue_folder,
    language_from_environment,
    languages,
    pgettext,
    set_language,
)

OPTION = "--lang"


def language_in_arguments(args: Sequence[str]) -> str | None:
    """The value of the last ``--lang X`` (or ``--lang=X``) before a ``--``, if any."""
    found = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == OPTION and index + 1 < len(args):
            found = args[index + 1]
        elif arg.startswith(OPTION + "="):
            found = arg[len(OPTION) + 1:]
    return found


def choose_language(args: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language a command line asks for. A ``--lang`` click cannot take is left to
    click, which refuses it with its usage message (in the language of the environment)."""
    asked = language_in_arguments(args)
    if asked is not None and asked in languages():
        return asked
    return language_from_environment(environ)


def use_language(language: str) -> None:
    """Every message from now on in ``language``: the program's through :mod:`tarot.i18n`,
    click's through gettext's global domain, bound to the same catalogue. gettext finds the
    language of its global domain in the environment only (``LANGUAGE`` first), so the
    choice is written there; this process's children inherit it."""
    set_language(language)
    gettext.bindtextdomain(DOMAIN, str(catalogue_folder(language)))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = language


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """:func:`use_language` for one command: the language, gettext's global domain and
    ``LANGUAGE`` as they were before, afterwards (a process that runs several commands, a
    test, a program that embeds the command, gets its own settings back)."""
    before = (i18n.language(), gettext.textdomain(), os.environ.get("LANGUAGE"))
    use_language(language)
    try:
        yield
    finally:
        language_before, domain, variable = before
        set_language(language_before)
        gettext.textdomain(domain)
        if variable is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = variable


def add_language(language: str, catalogue: Path, notation: Notation, words: Words,
                 rule_book: str) -> None:
    """Speak ``language`` from now on: a language is exactly its catalogue (the folder that
    holds ``<language>/LC_MESSAGES/tarot.mo``), the notation of its cards, the row of the
    words its people type, and its rule book (docs/translating.md). The languages shipped
    are written into each table; this adds one at run time (the tests' pseudo-language)."""
    if notation.language != language or words.language != language:
        raise i18n.LanguageError(f"the notation and the words of {language!r} name "
                                 f"{notation.language!r} and {words.language!r}")
    add_catalogue(language, catalogue)
    add_notation(notation)
    add_words(words)
    add_book(language, rule_book)


class LanguageChoice(click.Choice[str]):
    """click's choice of the languages the program speaks when the option is read: one
    may be added after the commands are defined (:func:`add_language`)."""

    def __init__(self) -> None:
        super().__init__(languages())

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        self.choices = languages()
        return super().convert(value, param, ctx)

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        self.choices = languages()
        return super().get_metavar(param, ctx)


def lang_option() -> click.Option:
    """The ``--lang`` option every command takes (its value is applied before parsing)."""
    return click.Option([OPTION], type=LanguageChoice(), expose_value=False,
                        is_eager=True,
                        help=N_("The language of the messages (default: TAROT_LANG, else the "
                                "system's locale)."))


# The names of options' values in the help (``--deal NAME|PATH``), translated with it.
METAVARS = frozenset({N_("NAME|PATH"), N_("SEAT"), N_("SAVE"), N_("SECONDS"),
                      N_("ADDRESS|local"), N_("SEQ|'trick N'")})
# The words click makes of a value's type or an argument's name (``--seed INTEGER RANGE``,
# ``tarot replay [OPTIONS] FILE``), longest first: click writes them itself, in English.
_PLACEHOLDER_WORD = re.compile(r"\bINTEGER RANGE\b|\bFLOAT RANGE\b|\b[A-Z][A-Z_]*\b")


def placeholders() -> dict[str, str]:
    """Each word click writes for a value (its type's name, an argument's name) → the
    word in the current language."""
    return {
        "INTEGER RANGE": pgettext("value placeholder", "INTEGER RANGE"),
        "INTEGER": pgettext("value placeholder", "INTEGER"),
        "FLOAT RANGE": pgettext("value placeholder", "FLOAT RANGE"),
        "FLOAT": pgettext("value placeholder", "FLOAT"),
        "TEXT": pgettext("value placeholder", "TEXT"),
        "FILE": pgettext("value placeholder", "FILE"),
        "FILES": pgettext("value placeholder", "FILES"),
        "FILENAME": pgettext("value placeholder", "FILENAME"),
        "PATH": pgettext("value placeholder", "PATH"),
        "DIRECTORY": pgettext("value placeholder", "DIRECTORY"),
        "RULE": pgettext("value placeholder", "RULE"),
        "SEAT": pgettext("value placeholder", "SEAT"),
        "LOG": pgettext("value placeholder", "LOG"),
        "BOOLEAN": pgettext("value placeholder", "BOOLEAN"),
    }


def translated_placeholder(text: str) -> str:
    """``text`` (a metavar or a usage piece: ``INTEGER RANGE``, ``FILES...``,
    ``SEAT|all``) with click's English words in the current language."""
    words = placeholders()
    return _PLACEHOLDER_WORD.sub(lambda found: words.get(found[0], found[0]), text)


def _speaking_params(params: Iterable[click.Parameter]) -> None:
    """Each parameter's value placeholder (``INTEGER RANGE``) and the name an error gives
    it (``'FILES...'``) in the language current when they are shown: methods of the
    instances over their classes', since click builds the parameters (``@click.argument``
    takes no class of ours)."""
    for param in params:
        param.make_metavar = _translating_metavar(param)  # type: ignore[method-assign,assignment]
        if not isinstance(param, TranslatedOption):  # it quotes its own hint
            param.get_error_hint = _quoting_hint(param)  # type: ignore[method-assign,assignment]


def _translating_metavar(param: click.Parameter) -> Callable[[click.Context], str]:
    """``param.make_metavar`` whose words are in the current language."""
    english = type(param).make_metavar

    def make_metavar(ctx: click.Context) -> str:
        return translated_placeholder(english(param, ctx))

    return make_metavar


def _quoting_hint(param: click.Parameter) -> Callable[[click.Context | None], str]:
    """``param.get_error_hint`` quoted as the current language quotes (click writes
    ``'--seed'``; French « --seed »)."""
    english = type(param).get_error_hint

    def get_error_hint(ctx: click.Context | None) -> str:
        return _quoted_names(english(param, ctx))  # type: ignore[arg-type]

    return get_error_hint


def _quoted_names(hint: str) -> str:
    """click's hint (``'--seed' / '-s'``: names alone, each in straight quotes) with each
    name quoted as the current language quotes."""
    quote = pgettext("quoted text", "'{text}'")
    return re.sub(r"'([^'\n]*)'", lambda found: quote.format(text=found[1]), hint)


@contextmanager
def _translated_help(command: click.Command, ctx: click.Context) -> Iterator[None]:
    """The command's help and its options' helps in the current language while it is
    formatted. They are written in English, marked with ``N_``, when the command is
    defined (at import, before any language is chosen), and stay so: one process may run
    commands in both languages (the tests do)."""
    texts: list[tuple[object, str, str | None]] = [(command, "help", command.help),
                                                    (command, "short_help", command.short_help)]
    texts += [(param, "help", param.help) for param in command.get_params(ctx)
              if isinstance(param, click.Option)]
    texts += [(param, "metavar", param.metavar) for param in command.get_params(ctx)
              if isinstance(param, click.Option) and param.metavar in METAVARS]
    for owner, attribute, text in texts:
        if text:
            setattr(owner, attribute, _(text))
    try:
        yield
    finally:
        for owner, attribute, text in texts:
            setattr(owner, attribute, text)


class TranslatedFormatter(click.HelpFormatter):
    """click's help formatter, with the punctuation click writes itself in the current
    language: a heading's colon (French: « Options : ») and the separator of the notes
    after an option's help (« [par défaut : 0 ; x>=0] »)."""

    def write_heading(self, heading: str) -> None:
        line = _("{heading}:").format(heading=heading)
        self.write(f"{'':>{self.current_indent}}{line}\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        separator = pgettext("between the notes in brackets after an option's help: "
                             "[default: 0; x>=0]", "; ")
        if separator != "; ":
            rows = [(term, _notes_separated(text, separator)) for term, text in rows]
        super().write_dl(rows, col_max, col_spacing)


def _notes_separated(text: str, separator: str) -> str:
    """An option's help with the notes click adds in brackets (``  [default: 0; x>=0]``)
    separated by ``separator``."""
    head, bracket, notes = text.rpartition("  [")
    if not bracket or not notes.endswith("]"):
        return text
    return head + bracket + notes.replace("; ", separator)


class TranslatedOption(click.Option):
    """An option whose error hint names its environment variable in the current language
    (click writes ``(env var: 'X')`` in English whatever the language)."""

    def get_error_hint(self, ctx: click.Context | None) -> str:
        hint = _quoted_names(click.Parameter.get_error_hint(self, ctx))
        if not (self.show_envvar and self.envvar):
            return hint
        envvars = [self.envvar] if isinstance(self.envvar, str) else self.envvar
        quote = pgettext("quoted text", "'{text}'")
        return _("{hint} (env var: {variables})").format(
            hint=hint, variables=", ".join(quote.format(text=var) for var in envvars))


class TranslatedContext(click.Context):
    formatter_class = TranslatedFormatter


class TranslatedCommand(click.Command):
    """A click command whose help (``help=N_(...)``, not a docstring: gettext's extraction
    does not read docstrings) and options' helps are shown in the current language."""

    context_class = TranslatedContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _speaking_params(self.params)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _translated_help(self, ctx):
            super().format_help(ctx, formatter)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        # The usage line of an error too (``Usage: tarot replay [OPTIONS] FILE``).
        return [translated_placeholder(piece) for piece in super().collect_usage_pieces(ctx)]

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # click keeps the --help option it builds, its help in the language of the first
        # command run: built again, it speaks the language of this one.
        self._help_option = None
        return super().get_help_option(ctx)


class TranslatedGroup(click.Group):
    """As :class:`TranslatedCommand`, for a group."""

    context_class = TranslatedContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _speaking_params(self.params)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _translated_help(self, ctx):
            super().format_help(ctx, formatter)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        # The usage line of an error too (``Usage: tarot replay [OPTIONS] FILE``).
        return [translated_placeholder(piece) for piece in super().collect_usage_pieces(ctx)]

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # click keeps the --help option it builds, its help in the language of the first
        # command run: built again, it speaks the language of this one.
        self._help_option = None
        return super().get_help_option(ctx)
