"""The lazy command table of the ``tarot`` group."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tarot.ui.cli import COMMANDS, load_command


def test_help_imports_no_command_module() -> None:
    code = ("import sys; from tarot.ui.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('tarot.ui.commands.')"
            " or m in ('pydantic', 'tarot.ui.session', 'tarot.ui.terminal')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.splitlines()[-1] == "[]"
    for name in COMMANDS:
        assert f"  {name} " in out


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("limit", [20, 45, 74, 200])
def test_each_summary_is_its_commands_first_paragraph(name: str, limit: int) -> None:
    import click

    command = load_command(name)
    assert command.name == name
    summary = click.Command(name, help=COMMANDS[name].summary)
    assert summary.get_short_help_str(limit) == command.get_short_help_str(limit)
