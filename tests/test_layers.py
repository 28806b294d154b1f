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

# Each layer, lowest first, with the layers it may import (besides itself). The lowest,
# i18n, is the language a person reads: every layer may translate the messages it writes.
MAY_IMPORT: dict[str, frozenset[str]] = {
    "i18n": frozenset(),
    "errors": frozenset({"i18n"}),
    "files": frozenset({"i18n", "errors"}),
    "engine": frozenset({"i18n", "errors", "files"}),
    "bots": frozenset({"i18n", "errors", "engine"}),
    "log": frozenset({"i18n", "errors", "files", "engine"}),
    "storage": frozenset({"i18n", "errors", "files", "engine", "log"}),
    "explain": frozenset({"i18n", "errors", "files", "engine", "log", "storage"}),
    # The seats and the one deal loop: above the players and the log it writes, below every
    # game that is played (matches and front ends).
    "table": frozenset({"i18n", "errors", "files", "engine", "bots", "log", "storage"}),
    "duplicate": frozenset({"i18n", "errors", "files", "engine", "log", "storage", "explain",
                            "bots", "table"}),
    "ui": frozenset({"i18n", "errors", "files", "engine", "log", "storage", "explain", "bots",
                     "table", "duplicate"}),
    # `python -m tarot` starts the command line; `tarot/__init__.py` is the public API: it
    # names its modules as strings (PEP 562), so that importing the package imports none, and
    # imports them only for type checkers. It may name any layer but the interface.
    "__main__": frozenset({"ui"}),
    "__init__": frozenset({"i18n", "errors", "files", "engine", "log", "storage", "explain",
                           "bots", "duplicate"}),
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


def imported_modules(module: str, source: str,
                     public: Mapping[str, str] | None = None) -> Iterator[tuple[int, str]]:
    """(line, module imported) for every import in ``source``, relative ones resolved: import
    statements, ``importlib.import_module("...")`` and ``__import__("...")`` with a constant,
    a name of the public API (``from tarot import read_log`` imports ``tarot.log``, by
    ``public``), and, for the public API itself, every module its table names."""
    is_package = module in PACKAGES
    public = public or {}
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
                and ((isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                     or (isinstance(node.func, ast.Name) and node.func.id == "__import__"))):
            yield node.lineno, node.args[0].value
        if module == "tarot" and isinstance(node, ast.Dict):
            for value in node.values:
                if isinstance(value, ast.Constant) and isinstance(value.value, str) \
                        and value.value.startswith("tarot."):
                    yield value.lineno, value.value
        if module == "tarot" and isinstance(node, ast.Assign) \
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str) \
                and node.value.value.startswith("tarot."):
            yield node.lineno, node.value.value
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
                if target == "tarot" and alias.name in public:
                    yield node.lineno, public[alias.name]


PACKAGES = {module_name(path) for path in PACKAGE.rglob("__init__.py")}


def public_api(source: str) -> dict[str, str]:
    """The public API's table, each name and its module (``tarot/__init__.py``'s
    ``_MODULE_OF``), read from its source."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "_MODULE_OF"
                for target in node.targets):
            table = ast.literal_eval(node.value)
            assert isinstance(table, dict)
            return table
    return {}


def layer_problems(sources: Mapping[str, str]) -> list[str]:
    """Every import of a module in ``sources`` that goes up or sideways, as a line to read."""
    known = set(sources)
    public = public_api(sources["tarot"])
    problems = []
    for module, source in sources.items():
        layer = layer_of(module)
        told: set[int] = set()  # one problem a line: `from tarot import ui` names two modules
        for line, target in imported_modules(module, source, public):
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


# What prints, besides print(): the terminal libraries and the standard streams.
PRINTING_MODULES = ("click", "rich")
STREAMS = frozenset({"stdout", "stderr", "stdin"})
# A developer's command, `python -m tarot.duplicate.golden`, that says which golden replays
# it wrote on stderr; no person's game runs it.
MAY_WRITE_STREAMS = frozenset({"tarot.duplicate.golden", "tarot.__main__"})


def io_problems(sources: Mapping[str, str]) -> list[str]:
    problems = []
    for module, source in sources.items():
        tree = ast.parse(source)
        below_ui = layer_of(module) != "ui"
        if below_ui and module not in MAY_WRITE_STREAMS:
            for line, target in imported_modules(module, source):
                if target.split(".")[0] in PRINTING_MODULES:
                    problems.append(f"{module}:{line}: {target} below the user interface")
            for node in ast.walk(tree):
                if (isinstance(node, ast.Attribute) and node.attr in STREAMS
                        and isinstance(node.value, ast.Name) and node.value.id == "sys"):
                    problems.append(f"{module}:{node.lineno}: sys.{node.attr} below the "
                                    "user interface")
        for node in ast.walk(tree):
            if (below_ui and isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name) and node.func.id == "print"):
                problems.append(f"{module}:{node.lineno}: print outside the user interface")
            if layer_of(module) != "engine" or module == ENGINE_READS_FILES_IN:
                continue
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "open":
                problems.append(f"{module}:{node.lineno}: the engine opens a file")
        if layer_of(module) == "engine" and module != ENGINE_READS_FILES_IN:
            io_lines = set()
            for line, target in imported_modules(module, source):
                if line not in io_lines and (target in IO_MODULES
                                             or target.split(".")[0] in {"os", "io", "builtins"}):
                    problems.append(f"{module}:{line}: the engine imports {target}")
                    io_lines.add(line)
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
    ("tarot.bots.easy_player", "from tarot import read_log", "bots imports tarot.log"),
    ("tarot.engine.game", "importlib.import_module('tarot.duplicate.match')",
     "engine imports tarot.duplicate.match"),
    ("tarot.storage.locks", "__import__('tarot.ui.cli')", "storage imports tarot.ui.cli"),
    ("tarot.engine.kernel", "from tarot.files.reading import read_regular_text",
     "only tarot.engine.rule_files of the engine reads files"),
    ("tarot.bots.blunders", "from tarot.table.loop import play_out",
     "bots imports tarot.table.loop"),
    ("tarot.table.loop", "from tarot.duplicate.match import play_game",
     "table imports tarot.duplicate.match"),
    ("tarot.table.seats", "from tarot.ui.terminal import TerminalGame",
     "table imports tarot.ui.terminal"),
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
    sources["tarot.explain.audit"] += "\nimport rich.console\n"
    sources["tarot.log.writer"] += "\ndef _h() -> None:\n    sys.stderr.write('x')\n"
    sources["tarot.engine.views"] += "\nfrom os.path import exists\n"
    problems = io_problems(sources)
    assert len(problems) == 6, problems
    assert any("rich.console below" in p for p in problems)
    assert any("sys.stderr below" in p for p in problems)
    assert any("engine imports os.path" in p for p in problems)
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


def test_a_public_name_from_the_interface_is_found() -> None:
    sources = package_sources()
    sources["tarot"] = sources["tarot"].replace(
        '_MODULE_OF = {\n', '_MODULE_OF = {\n    "Session": "tarot.ui.session",\n', 1)
    problems = layer_problems(sources)
    assert len(problems) == 1 and "__init__ imports tarot.ui.session" in problems[0], problems
