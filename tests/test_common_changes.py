"""docs/architecture.md's "Common changes" held true: each change it lists is there, every
path it names exists, and a name given beside a module (`tarot/bots/registry.py`
(`PLAYERS`)) is defined in that module and in no other module of the package, so that the
list fails here when a table it points to moves."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
CHANGES = ("Add a computer level", "Add a rule flag", "Add a language", "Add a command",
           "Add a seat kind")
# A path in backquotes: a folder or a file of the repository (`tarot/ui/cli.py`, `docs/fr/`).
PATH = re.compile(r"`((?:tarot|tests|docs|rules|benchmarks)/[\w./-]*|README\.md)`")
# A module and the name it defines: `tarot/ui/cli.py` (`COMMANDS`).
DEFINED = re.compile(r"`([\w/.-]+\.py)` \(`(\w+)`\)")


def common_changes(text: str) -> str:
    return text.split("<!-- common-changes -->", 1)[1].split("<!-- /common-changes -->", 1)[0]


def defined_names(path: Path) -> set[str]:
    """The names a module defines at its top level: classes, functions, assignments."""
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {target.id for target in node.targets if isinstance(target, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def problems(section: str, root: Path = ROOT) -> list[str]:
    found = []
    headings = re.findall(r"^### (.+)$", section, flags=re.M)
    if tuple(headings) != CHANGES:
        found.append(f"the changes listed are {headings}, not {list(CHANGES)}")
    for path in sorted(set(PATH.findall(section))):
        if not (root / path).exists():
            found.append(f"{path}: no such file or folder")
    package = sorted((root / "tarot").rglob("*.py"))
    for path, name in DEFINED.findall(section):
        module = root / path
        if not module.is_file():
            continue  # said above
        if name not in defined_names(module):
            found.append(f"{path} does not define {name}")
        elif module.is_relative_to(root / "tarot"):
            others = [str(other.relative_to(root)) for other in package
                      if other != module and name in defined_names(other)]
            if others:
                found.append(f"{name} is defined in {path} and in {', '.join(others)}")
    return found


def test_the_common_changes_are_true() -> None:
    section = common_changes(ARCHITECTURE.read_text(encoding="utf-8"))
    assert DEFINED.findall(section), "no module named with its table"
    assert problems(section) == []


def test_a_command_module_is_named_after_its_command() -> None:
    """What the list says of a command: its module in tarot/ui/commands/ bears its name."""
    from tarot.ui.cli import COMMANDS

    assert {name: info.module for name, info in COMMANDS.items()} == {
        name: f"tarot.ui.commands.{name}" for name in COMMANDS}


@pytest.mark.parametrize(("stale", "found"), [
    ("`tarot/bots/registry.py` (`PLAYERS`)", "tarot/bots/registry.py: no such file"),
    ("`tarot/ui/cli.py` (`COMMANDS`)", "tarot/ui/session.py does not define COMMANDS"),
    ("`tarot/ui/cli.py` (`COMMANDS`)", "COMMANDS is defined in tarot/ui/cli.py and in"),
    ("### Add a seat kind", "the changes listed are"),
])
def test_a_stale_list_is_found(tmp_path: Path, stale: str, found: str) -> None:
    """The list and the repository as they would be after a change that forgot the list:
    a module moved, a table moved to another module, a second table, a change dropped."""
    section = common_changes(ARCHITECTURE.read_text(encoding="utf-8"))
    assert stale in section
    for path in sorted(set(PATH.findall(section))):
        target = tmp_path / path
        source = ROOT / path
        if source.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
    for module in DEFINED.findall(section):
        (tmp_path / module[0]).write_bytes((ROOT / module[0]).read_bytes())
    if found.endswith("no such file"):
        (tmp_path / "tarot/bots/registry.py").unlink()
    elif "does not define" in found:
        section = section.replace(stale, "`tarot/ui/session.py` (`COMMANDS`)")
    elif "defined in" in found:
        (tmp_path / "tarot/ui/table_of_commands.py").write_text("COMMANDS = {}\n",
                                                               encoding="utf-8")
    else:
        section = section.replace(stale, "### Add a player kind")
    listed = problems(section, tmp_path)
    assert len(listed) == 1 and found in listed[0], listed
