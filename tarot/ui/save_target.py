"""Where a new game may be saved: a regular file or a new one, and not the first deal of a
match whose other files are beside it, but for a one-deal game's own index, which
``--force`` replaces with the game."""

from __future__ import annotations

import glob
import re
from pathlib import Path

from tarot.files.atomic import refuse_unless_regular_or_new
from tarot.i18n import _
from tarot.storage.match_file import MatchError, index_path, read_index
from tarot.ui.resume_checks import SessionError


def refuse_save_target(path: Path, *, force: bool = False) -> Path | None:
    """Refuse, before anything is locked or written, a new game's save path that is not a
    regular file (``--force`` never replaces a device), or that is the first deal of a
    match whose other files are still there (``--force`` replaces one file, not a match).

    A game of ``--deals 1`` left unfinished has an index of its own, a match of that one
    deal (so that ``--resume`` does not ask for another); with ``force`` it goes with the
    game it belongs to: returned, for the caller to remove once it holds the save's lock."""
    refuse_unless_regular_or_new(path)
    stem = path.name.removesuffix(".jsonl")
    deal_log = re.compile(rf"{re.escape(stem)}\.deal-[0-9]+\.jsonl")
    others = sorted({*path.parent.glob(glob.escape(index_path(path).name)),
                     *(other for other in path.parent.glob(f"{glob.escape(stem)}.deal-*.jsonl")
                       if deal_log.fullmatch(other.name))})
    if others == [index_path(path)] and path.is_file() and _is_own_one_deal_index(path):
        # The game's own: without force the game itself is refused (it exists already).
        return others[0] if force else None
    if others:
        listed = ", ".join(other.name for other in others[:3]) + (", …" if others[3:] else "")
        raise SessionError(
            "match_files_beside",
            _("{path}: the files of a match are beside it ({files}); a new game here would "
              "be mixed with that match: choose another --save path, or remove them first")
            .format(path=path, files=listed))
    return None


def _is_own_one_deal_index(path: Path) -> bool:
    """Whether the index beside ``path`` is a match of one deal whose deal is ``path``."""
    try:
        index = read_index(index_path(path))
    except (MatchError, OSError):
        return False  # not ours to judge: refused as any match's files
    return (index.header.deals == 1 and len(index.deals) == 1
            and index.log_path(index.deals[0]) == path)
