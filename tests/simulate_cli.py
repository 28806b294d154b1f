"""``tarot simulate`` run through click's test runner, for the tests of its options."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner, Result

from tarot.ui.commands.simulate import simulate


def invoke(args: list[str]) -> Result:
    # --quiet is redundant under CliRunner (stderr is no terminal) but says what is meant.
    return CliRunner().invoke(simulate, [*args, "--quiet"])


def run_json(args: list[str]) -> dict[str, Any]:
    result = invoke([*args, "--json"])
    assert result.exit_code == 0, result.output
    # The whole of stdout is one JSON document: json.loads refuses anything around it.
    data: dict[str, Any] = json.loads(result.stdout)
    return data
