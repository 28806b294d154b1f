"""Shared fixtures: rule sets; and the reports that long tests print at the end of a run."""

from __future__ import annotations

import pytest

from tarot.rules import RuleSet, load_rules


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
