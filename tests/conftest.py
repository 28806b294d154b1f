"""Shared fixtures: rule sets and helpers to build positions from card codes."""

from __future__ import annotations

import pytest

from tarot.rules import RuleSet, load_rules


@pytest.fixture(scope="session")
def standard() -> RuleSet:
    return load_rules("standard")


@pytest.fixture(scope="session")
def fft() -> RuleSet:
    return load_rules("fft")
