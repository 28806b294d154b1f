"""Every error a file or data can cause is a TarotError with a stable code, and keeps the
base class that callers already catch (``except ValueError``, ``except OSError``)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import tarot
from tarot.errors import TarotError

# Each error class, the base it had before TarotError (still caught by it), and its code.
ERRORS = [
    ("tarot.log", "LogError", ValueError, None),  # the code is its problem's
    ("tarot.engine.notation", "NotationError", ValueError, "bad_notation"),
    ("tarot.engine.cards", "CardError", ValueError, "unknown_card"),
    ("tarot.engine.rules", "RulesError", ValueError, "bad_rules"),
    ("tarot.explain.rulebook", "RuleBookError", LookupError, "unknown_rule"),
    ("tarot.duplicate.match", "NoContract", RuntimeError, "no_contract"),
    ("tarot.duplicate.results_file", "ResultsError", ValueError, "bad_results"),
    ("tarot.duplicate.backends", "BackendError", Exception, "backend"),
    ("tarot.duplicate.backends", "WrongProgram", RuntimeError, "wrong_program"),
    ("tarot.files.atomic", "NotARegularFile", OSError, "not_a_regular_file"),
    ("tarot.files.reading", "ReadError", ValueError, None),  # a code per instance
    ("tarot.files.reading", "LineError", ValueError, None),  # a ReadError with its line
    ("tarot.storage.locks", "SaveInUse", Exception, "save_in_use"),
    ("tarot.storage.locks", "LockFileRefused", OSError, "lock_file_refused"),
    ("tarot.storage.match_file", "MatchError", ValueError, "bad_match"),
    ("tarot.storage.named_deals", "SeedError", ValueError, "bad_named_deal"),
    ("tarot.ui.session", "SessionError", Exception, None),  # a code per refusal
    ("tarot.ui.branching", "BranchError", Exception, None),  # a code per refusal
]


@pytest.mark.parametrize(("module", "name", "base", "code"), ERRORS,
                         ids=[name for _, name, _, _ in ERRORS])
def test_each_file_and_data_error_is_a_tarot_error_with_its_old_base(
        module: str, name: str, base: type[Exception], code: str | None) -> None:
    error = getattr(importlib.import_module(module), name)
    assert issubclass(error, TarotError) and issubclass(error, base)
    if code is not None:
        assert error.code == code


def test_no_error_class_of_the_package_is_left_out() -> None:
    """Every exception class the package defines is listed above, or is one that never
    reaches a person (a signal to stop or to take a decision back, a refused move that is
    TarotError already), or the
    one that is a usage error: a language without a catalogue (TAROT_LANG=de), met before
    click parses the command line and said there, exit 2 (tests/test_catalogue.py); it
    cannot be a TarotError, whose module translates its own messages through tarot.i18n."""
    internal = {"QuitGame", "TakeBack", "_Terminated", "TarotError", "IllegalAction",
                "LanguageError"}
    listed = {name for _, name, _, _ in ERRORS}
    found = set()
    for info in pkgutil.walk_packages(tarot.__path__, "tarot."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (inspect.isclass(value) and issubclass(value, BaseException)
                    and value.__module__ == info.name):
                found.add(name)
    assert found - internal == listed


def test_the_codes_are_distinct() -> None:
    codes = [code for _, _, _, code in ERRORS if code is not None]
    assert len(codes) == len(set(codes))
