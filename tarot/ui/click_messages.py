"""click's own messages a person can meet, marked so that Babel extracts them into the one
catalogue (domain ``tarot``); :mod:`tarot.ui.language` points click's gettext at it, so they are
shown in French with French on.

Each msgid is copied exactly as the installed click (8.5) writes it in its ``_()`` and
``ngettext()`` calls (click/core.py, exceptions.py, parser.py, types.py, formatting.py,
termui.py, decorators.py): a msgid that differs by one character would never be looked up.
Nothing here runs: the module only holds the marks (``tests/test_click_messages.py`` checks
that click still writes each of them).
"""

from __future__ import annotations

from tarot.i18n import N_, ngettext

MESSAGES: tuple[str, ...] = (
    # formatting.py, core.py: the help and the usage line
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Positional arguments"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("%(prog)s, version %(version)s"),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    N_("deprecated"),
    # exceptions.py: errors and their hint
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Missing command."),
    N_("unknown error"),
    N_("Could not open file {filename!r}: {message}"),
    N_("Aborted!"),
    # parser.py
    N_("Invalid start character for option ({option})"),
    N_("Argument {name!r} takes {nargs} values."),
    N_("Option {name!r} does not take a value."),
    N_("Value must be an iterable."),
    # types.py: a value refused
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{value!r} is not a valid UUID."),
    N_("Choose from:\n\t{choices}"),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("{name} {filename!r} is not executable."),
    # termui.py: prompts
    N_("Repeat for confirmation"),
    N_("Error: The two entered values do not match."),
    N_("Error: invalid input"),
    N_("Press any key to continue..."),
    N_("Do you want to continue?"),
    N_("Confirm the action without prompting."),
)


def _plurals() -> None:
    """The messages click gives in two forms (never called: the calls are the marks)."""
    ngettext("Got unexpected extra argument ({args})",
             "Got unexpected extra arguments ({args})", 1)
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1)
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1)
    ngettext("Option {name!r} requires an argument.",
             "Option {name!r} requires {nargs} arguments.", 1)
    ngettext("Takes {nargs} values but 1 was given.",
             "Takes {nargs} values but {len} were given.", 1)
    ngettext("{value!r} does not match the format {format}.",
             "{value!r} does not match the formats {formats}.", 1)
