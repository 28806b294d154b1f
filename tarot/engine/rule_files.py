"""Rule files: the rule sets that come with the program (``rules/*.toml``) and any other
rule file, found and read into a :class:`~tarot.engine.rules.RuleSet`.

A rule set is named by its id (``standard``, ``fft``: the rule sets that come with the
program) or given as a path (an argument holding a ``/`` or ending in ``.toml``); a
file in the current folder that happens to be called ``standard`` is never read in
place of the rule set. A rule file is read through :mod:`tarot.files.reading`: a regular
file of at most :data:`RULE_FILE_LIMIT` bytes, never a FIFO or a device.

This is the one module of the engine that touches a file, and only through the
foundation's bounded reader: a game named by its rule set (``Game.new(seed=7)`` plays
the standard rules) must find the rule set, and the rest of the engine stays free of I/O.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from tarot.engine.rules import RulesError, RuleSet, rules_data, rules_from_toml
from tarot.files.reading import ReadError, read_regular_text
from tarot.files.resources import data_dir
from tarot.i18n import N_, _, pgettext
from tarot.said import shown

RULES_DIR = data_dir("rulesets")
DEFAULT_RULES = "standard"
# Far above any rule file (the packaged ones are about 3 KB), low enough that a file of
# junk is refused before it fills the memory.
RULE_FILE_LIMIT = 1 << 20


_SEPARATORS = tuple(sep for sep in ("/", os.sep, os.altsep) if sep)


def names_a_file(argument: str | Path) -> bool:
    """Whether a ``--rules`` or ``--deal`` argument is a path to a file (it holds a ``/``,
    like ``./standard``, or ends in ``.toml``; a :class:`~pathlib.Path` always is) rather
    than the name of one that comes with the program. Never decided by what the current
    folder holds: a file there called ``standard`` must not stand in for a rule set."""
    if isinstance(argument, Path):
        return True
    return argument.endswith(".toml") or any(sep in argument for sep in _SEPARATORS)


def read_rule_file(path: Path, source: str) -> RuleSet:
    """The rule set of the file ``path`` (a regular file, bounded); ``source`` names it in
    errors."""
    try:
        text = read_regular_text(path, limit=RULE_FILE_LIMIT, what=N_("a rule file"))
    except ReadError as error:
        cause = shown(error.cause(N_("the rule file")))
        raise RulesError(f"{source}: {cause}") from None
    return rules_from_toml(text, source)


_loaded: dict[Path, RuleSet] = {}
_loaded_by_name: dict[str | Path, RuleSet] = {}


def load_rules(name_or_path: str | Path = DEFAULT_RULES) -> RuleSet:
    """Load a rule set by name or path (:func:`names_a_file`); each file is read once per
    process."""
    cached = _loaded_by_name.get(name_or_path)
    if cached is not None:
        return cached
    if not names_a_file(name_or_path):
        return load_packaged_rules(str(name_or_path))
    if "\0" in str(name_or_path):
        raise RulesError(_("{path!r}: not a path (it holds a NUL character)")
                         .format(path=str(name_or_path)))
    path = Path(name_or_path).resolve()
    cached = _loaded.get(path)
    if cached is None:
        cached = _loaded[path] = read_rule_file(path, str(path))
    _loaded_by_name[name_or_path] = cached
    return cached


def load_packaged_rules(rule_id: str) -> RuleSet:
    """A rule set that comes with the program, by its id; RulesError for any other name
    (never a path: for an id read from a file, which could point anywhere)."""
    cached = _loaded_by_name.get(rule_id)
    if cached is not None:
        return cached
    if rule_id not in known_rule_sets():
        known = ", ".join(known_rule_sets()) or pgettext("rule sets", "none")
        name = rule_id if rule_id.isprintable() else repr(rule_id)
        if "\0" not in rule_id and os.path.lexists(rule_id):
            said = _("{name}: no such rule set (known rule sets: {known}; or give a rule "
                     "file's path, such as ./my-rules.toml; to read the file {name} in this "
                     "folder, write ./{name})")
        else:
            said = _("{name}: no such rule set (known rule sets: {known}; or give a rule "
                     "file's path, such as ./my-rules.toml)")
        raise RulesError(said.format(name=name, known=known))
    path = (RULES_DIR / f"{rule_id}.toml").resolve()
    cached = _loaded.get(path)
    if cached is None:
        cached = _loaded[path] = read_rule_file(path, str(path))
    _loaded_by_name[rule_id] = cached
    return cached


@cache
def _rule_set_names() -> tuple[str, ...]:
    # Listed once per process: the rule sets that come with the program do not change
    # while it runs, and validating many logs listed the folder again for each.
    return tuple(sorted(p.stem for p in RULES_DIR.glob("*.toml")))


def known_rule_sets() -> list[str]:
    return list(_rule_set_names())


def is_packaged(rules: RuleSet) -> bool:
    """Whether ``rules`` is, to the letter, a rule set that comes with the program (a log
    then names it by id alone; any other carries its content)."""
    if rules.id not in _rule_set_names():
        return False
    try:
        # By id, not by a path built here: every game's header asks (a Path made and
        # hashed per deal was a measurable part of a deal's cost).
        packaged = load_packaged_rules(rules.id)
    except RulesError:
        return False
    return packaged.content_hash == rules.content_hash


def carried_rules(rules: RuleSet) -> dict[str, object] | None:
    """What a log's header carries of ``rules`` (its ``rules`` field): nothing for a rule
    set that comes with the program, the whole rule set for any other."""
    return None if is_packaged(rules) else rules_data(rules)
