"""No message a person reads is written past the catalogue: a text given straight to the
screen (``click.echo``, the table's ``say``, click's errors) or to an error a person reads (a
``TarotError``) is a ``_()`` call, a ``Said``, or a value made elsewhere, never a literal.

The catalogue test (tests/test_catalogue.py) checks every message that is marked; this one
finds the message that was never marked, which that test cannot see. A literal that is a
code (``"save_exists"``: a SessionError's first argument) or has no word in it (``""``,
``"  "``, ``"{}"``) is not a message.
"""

from __future__ import annotations

import ast
import inspect
import pkgutil
import re
from pathlib import Path

import tarot
from tarot.errors import TarotError

PACKAGE = Path(tarot.__file__).resolve().parent
# Where the text goes to a person.
SINKS = frozenset({"echo", "secho", "say", "print", "UsageError", "ClickException",
                   "BadParameter", "BadOptionUsage", "FileError"})
WORD = re.compile(r"[A-Za-z]{2,}")
CODE = re.compile(r"[a-z][a-z0-9_]*")
# The developers' command that writes the golden replays speaks to developers only.
DEVELOPERS_ONLY = frozenset({"duplicate/golden.py"})


def error_classes() -> frozenset[str]:
    """The names of every TarotError the package defines."""
    import importlib
    names = set()
    for info in pkgutil.walk_packages(tarot.__path__, "tarot."):
        if info.name.endswith("__main__"):
            continue
        for name, value in vars(importlib.import_module(info.name)).items():
            if inspect.isclass(value) and issubclass(value, TarotError):
                names.add(name)
    return frozenset(names)


def literal_text(node: ast.expr) -> str | None:
    """The words of a literal (a string, an f-string, a sum of them), or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
        return text if WORD.search(text) and not CODE.fullmatch(text) else None
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values
                       if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return text if WORD.search(text) else None
    if isinstance(node, ast.BinOp):
        return literal_text(node.left) or literal_text(node.right)
    return None


def unmarked(source: str, errors: frozenset[str]) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name not in SINKS and name not in errors:
            continue
        for arg in [*node.args, *(k.value for k in node.keywords if k.arg == "message")]:
            text = literal_text(arg)
            if text is not None:
                found.append((node.lineno, f"{name}({text[:60]!r})"))
    return found


def test_no_message_bypasses_the_catalogue() -> None:
    errors = error_classes()
    found = [f"{path.relative_to(PACKAGE)}:{line}: {what}"
             for path in sorted(PACKAGE.rglob("*.py"))
             if str(path.relative_to(PACKAGE)) not in DEVELOPERS_ONLY
             for line, what in unmarked(path.read_text(encoding="utf-8"), errors)]
    assert not found, "messages not marked for the catalogue:\n" + "\n".join(found)


def test_a_planted_literal_is_found() -> None:
    errors = error_classes()
    planted = ('import click\nfrom tarot.errors import TarotError\n'
               'click.echo("Game saved")\nclick.echo(_("Game saved"))\n'
               'raise TarotError(f"bad {x} file")\nraise TarotError(_("bad file"))\n'
               'click.echo("")\n')
    assert [line for line, _what in unmarked(planted, errors)] == [3, 5]
