"""What a person chose for a saved game that its log does not hold: the language it is
played in.

A log is language-neutral (the same bytes in English and in French), so the language a
game was played in is kept beside it, in a small file of the person's choices:
``game.choices.json`` beside ``game.jsonl``, one for a whole match (its first deal's name;
its index ``game.match.jsonl`` and its deals ``game.deal-k.jsonl`` share it). It is written
only when the person chose a language for the game (``--lang``, or the one a game played
on from was played in): a game played in the environment's language is one file, as
before. Reading it never fails: a missing, unreadable or foreign file is no choice.
"""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

from tarot.files import atomic
from tarot.files.reading import ReadError, read_regular_text

SUFFIX = ".choices.json"
# A file of a few fields: what is longer is not ours, and is not read.
MAX_BYTES = 4096
_DEAL_LOG = re.compile(r"^(?P<first>.+)\.deal-[0-9]+\.jsonl$")


def choices_path(save: Path) -> Path:
    """The choices file of ``save``, a game's log or a match's index (its first deal's)."""
    name = save.name
    stem = (name.removesuffix(".match.jsonl") if name.endswith(".match.jsonl")
            else name.removesuffix(".jsonl"))
    return save.with_name(stem + SUFFIX)


def remembered_language(save: Path) -> str | None:
    """The language ``save``'s game was played in, if the person chose one; a deal of a
    match (``game.deal-3.jsonl``) answers for its match when it has no file of its own."""
    candidates = [choices_path(save)]
    deal = _DEAL_LOG.match(save.name)
    if deal is not None:
        candidates.append(save.with_name(deal["first"] + SUFFIX))
    for path in candidates:
        language = _read(path).get("language")
        if isinstance(language, str):
            return language
    return None


def remember_language(save: Path, language: str) -> None:
    """Keep ``language`` as the one ``save``'s game (or match) is played in."""
    path = choices_path(save)
    choices = {**_read(path), "language": language}
    atomic.write_text_atomic(path, json.dumps(choices, ensure_ascii=False) + "\n",
                             overwrite=True)


def forget_choices(save: Path) -> None:
    """Remove what an earlier game saved at this path left (a new game replaces it)."""
    with contextlib.suppress(FileNotFoundError):
        choices_path(save).unlink()


def _read(path: Path) -> dict[str, object]:
    try:
        read = json.loads(read_regular_text(path, limit=MAX_BYTES))
    except (ReadError, OSError, ValueError):
        return {}
    return read if isinstance(read, dict) else {}
