"""The tiers stay what docs/testing.md says: every name in tests/tiers.py names a test that
exists, and a plain `pytest` selects a few hundred tests."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from tiers import SMOKE_MODULES, SMOKE_TESTS

TESTS = Path(__file__).parent


def functions_of(module: str) -> set[str]:
    tree = ast.parse((TESTS / module).read_text(encoding="utf-8"))
    return {node.name for node in tree.body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name.startswith("test_")}


def test_every_smoke_module_exists() -> None:
    missing = [module for module in SMOKE_MODULES if not (TESTS / module).is_file()]
    assert not missing, f"tests/tiers.py names modules that are gone: {missing}"


def test_every_smoke_test_exists() -> None:
    missing = []
    for node in SMOKE_TESTS:
        module, test = node.split("::")
        if (not (TESTS / module).is_file()
                or test.split("[", 1)[0] not in functions_of(module)):
            missing.append(node)
    assert not missing, f"tests/tiers.py names tests that are gone: {missing}"


def test_plain_pytest_selects_the_smoke_tier() -> None:
    """What a plain `pytest` collects: a few hundred tests, each of them named in
    tests/tiers.py (a parametrised name that matched nothing would leave its module
    out)."""
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                           "-p", "no:cacheprovider"], cwd=TESTS.parent, capture_output=True,
                          text=True, timeout=600, check=False)  # a hang
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    counts = {line.rsplit(": ", 1)[0].removeprefix("tests/"): int(line.rsplit(": ", 1)[1])
              for line in done.stdout.splitlines() if line.startswith("tests/")}
    assert set(SMOKE_MODULES) <= set(counts), counts
    for node in SMOKE_TESTS:
        assert node.split("::")[0] in counts, (node, counts)
    assert 100 <= sum(counts.values()) <= 600, counts


def test_the_snapshot_modules_run_without_xdist_in_ci() -> None:
    """syrupy checks for snapshots no test asserts any more (a renamed test leaves one
    behind) only in a run without pytest-xdist: the README's test command runs the modules
    that own snapshots (tests/__snapshots__) in a pytest of their own, after leaving them
    out of the parallel one. A module that gains snapshots joins both lists."""
    readme = (TESTS.parent / "README.md").read_text(encoding="utf-8")
    command = re.search(r"<!-- test-command -->\n```sh\n(.+?)\n```", readme, re.DOTALL)
    assert command
    runs = [run for run in command[1].split(" && ") if " -m pytest " in run]
    parallel = next(run for run in runs if " -n 2 " in run)
    serial = next(run for run in runs if " -n " not in run and "TAROT_PURE_PYTHON" not in run)
    owners = {f"tests/{path.stem}.py" for path in (TESTS / "__snapshots__").iterdir()}
    assert set(re.findall(r"--ignore (\S+)", parallel)) == owners
    assert set(re.findall(r"(tests/\S+\.py)", serial)) == owners
    assert '-m "slow or not slow"' in parallel and '-m "slow or not slow"' in serial
