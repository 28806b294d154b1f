"""Shared fixtures: rule sets; the tiers (which tests a run selects); and the reports that
long tests print at the end of a run."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest
from tiers import in_smoke_tier

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
    _choose_the_tier(config)


def _choose_the_tier(config: pytest.Config) -> None:
    """A plain `pytest` (no test named, no -m, no -k) runs the smoke tier; naming tests
    (a file, -k) runs their fast ones, as `-m fast` does; -m chooses for itself
    (docs/testing.md, "The tiers"). `--snapshot-update` alone takes the fast tier, so
    that it records every snapshot of that tier, as it always has."""
    if config.option.markexpr:
        return
    plain = (config.args_source is pytest.Config.ArgsSource.TESTPATHS
             and not config.option.keyword
             and not config.getoption("--snapshot-update", default=False))
    config.option.markexpr = "smoke" if plain else "fast"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tiers before -m selects by them: every test not `slow` is `fast`, and the
    fast tests named in tests/tiers.py are `smoke` too. In a worker of pytest-xdist, the
    slow tests first: handed out one at a time (`--maxschedchunk 1`), the long ones then
    start at once on both workers and the short ones fill in around them, instead of a
    campaign starting last on one core while the other has nothing left (every worker
    sorts alike, as xdist requires)."""
    for item in items:
        if item.get_closest_marker("slow") is not None:
            continue
        item.add_marker(pytest.mark.fast)
        if in_smoke_tier(item.path.name, item.name):
            item.add_marker(pytest.mark.smoke)
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)


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


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In a worker of pytest-xdist (`-n 2`), the reports go to the controller, which prints
    them with its summary (pytest_testnodedown)."""
    worker_output = getattr(session.config, "workeroutput", None)
    if worker_output is not None:
        worker_output["tarot_reports"] = [[title, lines] for title, lines in _REPORTS]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    for title, lines in getattr(node, "workeroutput", {}).get("tarot_reports", []):
        _REPORTS.append((title, list(lines)))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for title, lines in _REPORTS:
        terminalreporter.section(title)
        for line in lines:
            terminalreporter.write_line(line)
