"""The French catalogue, kept with Babel: extract the messages, update the .po, compile the .mo,
and check that every message is translated (docs/translating.md).

    python tests/catalogue.py update    # extract + update fr/tarot.po + compile tarot.mo
    python tests/catalogue.py check     # what is untranslated, fuzzy, or malformed; exit 1 if any
    python tests/catalogue.py fill F.json   # {"English": "French", ...} into fr/tarot.po
    python tests/catalogue.py absorb OTHER.po   # the translations of another copy (a merge)

The same functions are the catalogue tests (tests/test_catalogue.py), so what a developer
runs and what CI checks cannot differ. Babel is a tool of the developers (the test extra):
the installed program reads the compiled .mo with the standard library's gettext.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "tarot" / "locale"
TEMPLATE = LOCALE / "tarot.pot"
LANGUAGES = ("fr",)
# Both kinds of placeholder a message may carry: str.format's and %-formatting's.
_FIELD = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sd]|%[sd]")


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "tarot.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def extracted(package: Path = ROOT / "tarot") -> dict[tuple[str, str | None], str]:
    """Every message marked in ``package``'s modules: (msgid, context) → the first module
    that marks it (its path relative to ``package``'s parent)."""
    found: dict[tuple[str, str | None], str] = {}
    for filename, _lineno, message, _comments, context in extract_from_dir(str(package)):
        msgid = message[0] if isinstance(message, tuple) else message
        found.setdefault((msgid, context), f"{package.name}/{filename}")
    return found


def read_catalogue(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


@dataclass(frozen=True)
class Problem:
    msgid: str
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.msgid!r}: {self.what}"


def problems(package: Path, catalogue: Catalog) -> list[Problem]:
    """What keeps ``catalogue`` from translating every message of ``package``: a message
    missing or untranslated, a fuzzy one (Babel's guess, never read by a person), a
    translation that drops or adds a placeholder."""
    found: list[Problem] = []
    for (msgid, context), where in extracted(package).items():
        message = catalogue.get(msgid, context=context)
        if message is None:
            found.append(Problem(msgid, where, "not in the catalogue"))
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            found.append(Problem(msgid, where, "untranslated"))
        elif message.fuzzy:
            found.append(Problem(msgid, where, "fuzzy (a guess nobody checked)"))
        else:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            wanted = sorted(set(_FIELD.findall(" ".join(ids))))
            # A plural's forms may each leave out a field the English forms do not share
            # (click's "Did you mean {possibility}?" / "{possibilities}"): together they
            # carry every field, and none carries another.
            given = [set(_FIELD.findall(string)) for string in strings]
            if sorted(set().union(*given)) != wanted or any(not g <= set(wanted)
                                                            for g in given):
                found.append(Problem(msgid, where, f"placeholders {wanted} in the English, "
                                     f"{sorted(set().union(*given))} in the translation"))
    return found


def compiled(catalogue: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def update() -> None:
    """Extract the messages into the template, merge them into each catalogue, compile."""
    def pybabel(*args: str) -> None:
        subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True,
                       cwd=ROOT)
    pybabel("extract", "-F", "babel.cfg", "--add-location=file", "--sort-by-file",
            "--project=tarot", "--copyright-holder=The tarot developers", "-o",
            str(TEMPLATE.relative_to(ROOT)), ".")
    for language in LANGUAGES:
        # --ignore-pot-creation-date: an update that changes no message changes no file.
        pybabel("update", "-i", str(TEMPLATE.relative_to(ROOT)), "-d", "tarot/locale",
                "-D", "tarot", "-l", language, "--no-fuzzy-matching", "--ignore-obsolete",
                "--ignore-pot-creation-date")
        # Compiled by Babel's writer without `pybabel compile`'s checks: they take "95% i"
        # for a %-format (the program formats with str.format only, which `check` checks).
        recompile(language)


def write_catalogue(catalogue: Catalog, path: Path) -> None:
    with path.open("wb") as file:
        write_po(file, catalogue, include_previous=False, sort_by_file=True)


def fill(translations: dict[str, str | list[str]], language: str = "fr") -> list[str]:
    """Each English message's translation written into the catalogue (a list for a plural,
    a key ``"context\x04message"`` for a message with a context), then compiled; the keys
    the catalogue does not have (run ``update`` first) are returned."""
    catalogue = read_catalogue(po_path(language))
    missing = []
    for key, string in translations.items():
        context, _sep, msgid = key.rpartition("\x04")
        message = catalogue.get(msgid, context=context or None)
        if message is None:
            missing.append(key)
            continue
        message.string = tuple(string) if isinstance(string, list) else string
        message.flags.discard("fuzzy")
    write_catalogue(catalogue, po_path(language))
    recompile(language)
    return missing


def absorb(other: Path, language: str = "fr") -> int:
    """The translations ``other`` (another copy of the catalogue: the other side of a merge)
    has and this one lacks, copied in; how many."""
    catalogue = read_catalogue(po_path(language))
    count = 0
    for message in read_catalogue(other):
        if not message.id or not message.string:
            continue
        mine = catalogue.get(message.id, context=message.context)
        if mine is None:
            catalogue[message.id] = message
            catalogue.get(message.id, context=message.context)
            count += 1
        elif not (mine.string if isinstance(mine.string, str) else all(mine.string)):
            mine.string = message.string
            count += 1
    write_catalogue(catalogue, po_path(language))
    recompile(language)
    return count


def recompile(language: str = "fr") -> None:
    mo_path(language).write_bytes(compiled(read_catalogue(po_path(language))))


def check() -> int:
    count = 0
    for language in LANGUAGES:
        for problem in problems(ROOT / "tarot", read_catalogue(po_path(language))):
            print(f"{language}: {problem}")
            count += 1
    return 1 if count else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["update"]:
        update()
    elif sys.argv[1:] == ["check"]:
        raise SystemExit(check())
    elif len(sys.argv) == 3 and sys.argv[1] == "fill":
        import json
        left = fill(json.loads(Path(sys.argv[2]).read_text(encoding="utf-8")))
        print("\n".join(f"not in the catalogue (run update first): {key!r}" for key in left))
    elif len(sys.argv) == 3 and sys.argv[1] == "absorb":
        print(f"{absorb(Path(sys.argv[2]))} translations taken from {sys.argv[2]}")
    else:
        raise SystemExit("usage: python tests/catalogue.py update | check | fill F.json "
                         "| absorb F.po")
