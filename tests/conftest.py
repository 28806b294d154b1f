"""Shared fixtures: rule sets; and the reports that long tests print at the end of a run."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest

from tarot.engine.rule_files import load_rules
from tarot.engine.rules import RuleSet
from tarot.ui.language import speaking


def pytest_configure(config: pytest.Config) -> None:
    """`tarot play` without --level seats the quick rules player in tests (and in every
    `tarot` they start, which inherits the environment): the many tests of saves, logs
    and the table are about those, not the players, and the default level (strong)
    would make them several times slower. Tests of the default itself unset it; tests of
    a level name it."""
    os.environ["TAROT_LEVEL"] = "rules"
    # English, whatever the machine's locale: the tests read the source messages. Tests of
    # the French name it (--lang fr, TAROT_LANG=fr); tests of the choice clear this.
    os.environ["TAROT_LANG"] = "en"
    # A suite started in the background by a non-interactive shell (nohup, `cmd &`)
    # inherits SIGINT ignored, and so would every `tarot` it starts: the tests of Ctrl-C
    # would then see no interrupt. A handler, unlike "ignored", is not inherited through
    # exec, so the children get the default again.
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def _english_in_each_test() -> Iterator[None]:
    """Each test starts in English, and a test that switched to French (use_language) leaves
    the process as it found it: the language, gettext's domain, LANGUAGE."""
    with speaking("en"):
        yield


@pytest.fixture(scope="session")
def standard() -> RuleSet:
    return load_rules("standard")


@pytest.fixture(scope="session")
def fft() -> RuleSet:
    return load_rules("fft")


# What the campaigns counted (trials, outcomes), printed after the test summary so
# that a CI log shows the figures, not just a dot.
_REPORTS: list[tuple[str, list[str]]] = []


def report(title: str, lines: list[str]) -> None:
    _REPORTS.append((title, lines))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for title, lines in _REPORTS:
        terminalreporter.section(title)
        for line in lines:
            terminalreporter.write_line(line)
