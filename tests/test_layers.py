"""The layers of the package are its folders, and every import goes down (docs/architecture.md).

Every module's imports are read from its source (``ast``: imports inside functions and under
``TYPE_CHECKING`` count as much as the others), and each must point to the module's own layer
or to one it may use. The same walk also holds two promises of the engine: it does no I/O but
read a rule file (in one module), and nothing below the user interface prints.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tarot"

# Each layer, lowest first, with the layers it may import (besides itself).
MAY_IMPORT: dict[str, frozenset[str]] = {
    "errors": frozenset(),
    "files": frozenset({"errors"}),
    "engine": frozenset({"errors", "files"}),
    "bots": frozenset({"errors", "engine"}),
    "log": frozenset({"errors", "files", "engine"}),
    "storage": frozenset({"errors", "files", "engine", "log"}),
    "explain": frozenset({"errors", "files", "engine", "log", "storage"}),
    "duplicate": frozenset({"errors", "files", "engine", "log", "storage", "explain", "bots"}),
    "ui": frozenset({"errors", "files", "engine", "log", "storage", "explain", "bots",
                     "duplicate"}),
    # `python -m tarot` starts the command line; `tarot/__init__.py` is the public API: it
    # names its modules as strings (PEP 562), so that importing the package imports none, and
    # imports them only for type checkers. It may name any layer but the interface.
    "__main__": frozenset({"ui"}),
    "__init__": frozenset({"errors", "files", "engine", "log", "storage", "explain", "bots",
                           "duplicate"}),
}
# The one engine module that may touch the foundation's files: it finds and reads rule files.
ENGINE_READS_FILES_IN = "tarot.engine.rule_files"
# Standard modules that reach outside the process; the engine leaves them to rule_files.
IO_MODULES = frozenset({"os", "pathlib", "sys", "io", "shutil", "subprocess", "socket",
                        "tempfile", "fcntl", "signal", "platformdirs", "importlib.resources"})


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> str:
    """``tarot.engine.game`` → ``engine``; ``tarot.errors`` → ``errors``; ``tarot`` → __init__."""
    parts = module.split(".")
    if parts == ["tarot"]:
        return "__init__"
    return parts[1]


def package_sources() -> dict[str, str]:
    return {module_name(path): path.read_text(encoding="utf-8")
            for path in sorted(PACKAGE.rglob("*.py"))}


def imported_modules(module: str, source: str) -> Iterator[tuple[int, str]]:
    """(line, module imported) for every import in ``source``, relative ones resolved."""
    is_package = module in PACKAGES
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            yield node.lineno, target
            # `from tarot import engine` imports the module tarot.engine.
            for alias in node.names:
                yield node.lineno, f"{target}.{alias.name}"


PACKAGES = {module_name(path) for path in PACKAGE.rglob("__init__.py")}


def layer_problems(sources: Mapping[str, str]) -> list[str]:
    """Every import of a module in ``sources`` that goes up or sideways, as a line to read."""
    known = set(sources)
    problems = []
    for module, source in sources.items():
        layer = layer_of(module)
        told: set[int] = set()  # one problem a line: `from tarot import ui` names two modules
        for line, target in imported_modules(module, source):
            if target not in known or target == "tarot" or line in told:
                # A name imported from a module (`from tarot.engine.game import Game`), a
                # package outside ours, or the package's root for its __version__.
                continue
            target_layer = layer_of(target)
            if target_layer != layer and target_layer not in MAY_IMPORT[layer]:
                problems.append(f"{module}:{line}: {layer} imports {target} ({target_layer})")
                told.add(line)
            elif (layer == "engine" and target_layer == "files"
                    and module != ENGINE_READS_FILES_IN):
                problems.append(f"{module}:{line}: only {ENGINE_READS_FILES_IN} of the engine "
                                f"reads files, not {module} ({target})")
                told.add(line)
    return problems


def io_problems(sources: Mapping[str, str]) -> list[str]:
    problems = []
    for module, source in sources.items():
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if (layer_of(module) != "ui" and isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name) and node.func.id == "print"):
                problems.append(f"{module}:{node.lineno}: print outside the user interface")
            if layer_of(module) != "engine" or module == ENGINE_READS_FILES_IN:
                continue
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "open":
                problems.append(f"{module}:{node.lineno}: the engine opens a file")
        if layer_of(module) == "engine" and module != ENGINE_READS_FILES_IN:
            for line, target in imported_modules(module, source):
                if target in IO_MODULES:
                    problems.append(f"{module}:{line}: the engine imports {target}")
    return problems


def test_every_module_has_a_layer() -> None:
    layers = {layer_of(module) for module in package_sources()}
    assert layers <= set(MAY_IMPORT), layers - set(MAY_IMPORT)


def test_every_import_goes_down() -> None:
    assert layer_problems(package_sources()) == []


def test_the_engine_does_no_io_and_nothing_below_the_interface_prints() -> None:
    assert io_problems(package_sources()) == []


@pytest.mark.parametrize(("module", "planted", "found"), [
    ("tarot.engine.cards", "import tarot.ui.cli", "engine imports tarot.ui.cli"),
    ("tarot.engine.game", "from tarot.log import read_log", "engine imports tarot.log"),
    ("tarot.bots.easy_player", "from ..storage import locks", "bots imports tarot.storage"),
    ("tarot.log", "from tarot.storage.match_file import x",
     "log imports tarot.storage.match_file"),
    ("tarot.storage.match_file", "from tarot import ui", "storage imports tarot.ui"),
    ("tarot", "from tarot.ui.session import Session", "__init__ imports tarot.ui.session"),
    ("tarot.engine.kernel", "from tarot.files.reading import read_regular_text",
     "only tarot.engine.rule_files of the engine reads files"),
])
def test_a_planted_upward_import_is_found(module: str, planted: str, found: str) -> None:
    sources = package_sources()
    assert layer_problems(sources) == []
    sources[module] = sources[module] + "\n" + f"def _planted() -> None:\n    {planted}\n"
    problems = layer_problems(sources)
    assert len(problems) == 1 and found in problems[0], problems


def test_planted_io_in_the_engine_and_a_planted_print_are_found() -> None:
    sources = package_sources()
    sources["tarot.engine.legal"] += "\nimport os\n"
    sources["tarot.engine.scoring"] += "\ndef _f() -> None:\n    open('x')\n"
    sources["tarot.storage.locks"] += "\ndef _g() -> None:\n    print('x')\n"
    problems = io_problems(sources)
    assert len(problems) == 3, problems
    assert any("engine imports os" in p for p in problems)
    assert any("opens a file" in p for p in problems)
    assert any("print outside" in p for p in problems)


def documented_modules() -> list[str]:
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("<!-- modules -->", 1)[1].split("<!-- /modules -->", 1)[0]
    return re.findall(r"^\| `(tarot[\w.]*)` \|", table, flags=re.M)


def test_architecture_names_every_module_once() -> None:
    documented = documented_modules()
    assert sorted(documented) == sorted(set(documented)), "a module is listed twice"
    assert set(documented) == set(package_sources()), (
        f"not in docs/architecture.md: {sorted(set(package_sources()) - set(documented))}; "
        f"no such module: {sorted(set(documented) - set(package_sources()))}")


def test_the_wheel_lists_every_package() -> None:
    """pyproject.toml names the packages one by one (the data folders are packages too):
    a folder of modules left out would be missing from an installed copy."""
    import tomllib

    project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(project["tool"]["setuptools"]["packages"])
    assert listed >= PACKAGES, sorted(PACKAGES - listed)
