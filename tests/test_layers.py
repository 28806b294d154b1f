"""The layers of the package are its folders, and every import goes down (docs/architecture.md).

Every module's imports are read from its source (``ast``: imports inside functions and under
``TYPE_CHECKING`` count as much as the others), and each must point to the module's own layer
or to one it may use. The same walk also holds two promises of the engine: it does no I/O but
read a rule file (in one module), and nothing below the user interface prints. Three more
rules below: nothing inside the package imports its root, only the command group imports a
command module, and no module is long without its written reason.
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
    # A message that stays English for --json and carries its translation (tarot/said.py).
    "said": frozenset({"i18n"}),
    "errors": frozenset({"i18n"}),
    "files": frozenset({"i18n", "said", "errors"}),
    "engine": frozenset({"i18n", "said", "errors", "files"}),
    "bots": frozenset({"i18n", "said", "errors", "engine"}),
    "log": frozenset({"i18n", "said", "errors", "files", "engine"}),
    "storage": frozenset({"i18n", "said", "errors", "files", "engine", "log"}),
    # explain/ tells the computer players' verdicts too (a review's lines), so it reads bots.
    "explain": frozenset({"i18n", "said", "errors", "files", "engine", "log", "storage",
                          "bots"}),
    # The seats and the one deal loop: above the players and the log it writes, below every
    # game that is played (matches and front ends).
    "table": frozenset({"i18n", "said", "errors", "files", "engine", "bots", "log", "storage"}),
    "duplicate": frozenset({"i18n", "said", "errors", "files", "engine", "log", "storage",
                            "explain", "bots", "table"}),
    "ui": frozenset({"i18n", "said", "errors", "files", "engine", "log", "storage", "explain",
                     "bots", "table", "duplicate"}),
    # `python -m tarot` starts the command line; `tarot/__init__.py` is the public API: it
    # names its modules as strings (PEP 562), so that importing the package imports none, and
    # imports them only for type checkers. It may name any layer but the interface.
    "__main__": frozenset({"ui"}),
    "__init__": frozenset({"i18n", "said", "errors", "files", "engine", "log", "storage",
                           "explain", "bots", "duplicate"}),
}
# The program's version, a module of its own below every layer (``tarot._version``): what
# reports the version (the public API, a match's results file and its workers' check, the
# command line, the replay page) reads it there, never from the package's root.
MAY_IMPORT["_version"] = frozenset()
for _layer in ("duplicate", "ui", "__init__"):
    MAY_IMPORT[_layer] |= {"_version"}
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
                # package outside ours, or the package's root (root_import_problems).
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


def root_import_problems(sources: Mapping[str, str]) -> list[str]:
    """Every module of the package that reaches the package's root: ``import tarot`` (or
    ``import tarot.engine.cards``, which binds the name ``tarot`` too), ``from tarot import``
    a name that is not a module (the public API's, ``__version__``), or the root imported by
    name. The root is the door for users: through it any module could reach every layer
    (``tarot.read_log``) past the layer rule, whose graph it is not in."""
    problems = []
    for module, source in sources.items():
        if module == "tarot":
            continue
        is_package = module in PACKAGES
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                problems += [f"{module}:{node.lineno}: import {alias.name} binds the package's "
                             "root" for alias in node.names
                             if alias.name.split(".")[0] == "tarot"
                             and (alias.asname is None or alias.name == "tarot")]
            elif isinstance(node, ast.ImportFrom):
                base = module.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                target = (".".join([*base, node.module] if node.module else base)
                          if node.level else node.module)
                if target == "tarot":
                    problems += [f"{module}:{node.lineno}: {alias.name} from the package's root"
                                 for alias in node.names if f"tarot.{alias.name}" not in sources]
            elif isinstance(node, ast.Call) and called_import(node) == "tarot":
                problems.append(f"{module}:{node.lineno}: the package's root imported by name")
    return problems


def called_import(node: ast.Call) -> str | None:
    """The module ``importlib.import_module("...")`` or ``__import__("...")`` imports."""
    function = node.func
    if (node.args and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and ((isinstance(function, ast.Attribute) and function.attr == "import_module")
                 or (isinstance(function, ast.Name) and function.id == "__import__"))):
        return node.args[0].value
    return None


def test_nothing_inside_the_package_imports_its_root() -> None:
    assert root_import_problems(package_sources()) == []


@pytest.mark.parametrize(("module", "planted", "found"), [
    ("tarot.bots.easy_player", "import tarot", "import tarot binds"),
    ("tarot.bots.easy_player", "import tarot.engine.cards", "import tarot.engine.cards binds"),
    ("tarot.explain.audit", "from tarot import read_log", "read_log from the package's root"),
    ("tarot.engine.game", "from .. import __version__", "__version__ from the package's root"),
    ("tarot.storage.locks", "importlib.import_module('tarot')", "root imported by name"),
])
def test_a_planted_import_of_the_root_is_found(module: str, planted: str, found: str) -> None:
    sources = package_sources()
    sources[module] += f"\ndef _planted() -> None:\n    {planted}\n"
    problems = root_import_problems(sources)
    assert len(problems) == 1 and found in problems[0], problems


def test_a_module_taken_from_the_root_is_no_import_of_it() -> None:
    sources = package_sources()
    sources["tarot.bots.easy_player"] += ("\ndef _planted() -> None:\n    from tarot import engine"
                                          "\n    import tarot.engine.cards as cards\n")
    assert root_import_problems(sources) == []


# The command group: the one module that imports a command's module (by its table, when
# the command is run), so that a command's work lives in the layers, where another front
# end finds it, and `tarot --help` imports no command.
COMMAND_GROUP = "tarot.ui.cli"


def command_modules(sources: Mapping[str, str]) -> set[str]:
    """The modules the group's command table (``COMMANDS``) names, read from its source."""
    for node in ast.walk(ast.parse(sources[COMMAND_GROUP])):
        if isinstance(node, ast.AnnAssign | ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "COMMANDS"
                for target in (node.targets if isinstance(node, ast.Assign) else [node.target])):
            return {constant.value for constant in ast.walk(node)
                    if isinstance(constant, ast.Constant) and isinstance(constant.value, str)
                    and constant.value.startswith("tarot.")}
    return set()


def command_import_problems(sources: Mapping[str, str]) -> list[str]:
    commands = command_modules(sources)
    problems = []
    for module, source in sources.items():
        if module == COMMAND_GROUP:
            continue
        told: set[int] = set()
        for line, target in imported_modules(module, source):
            if target in commands and line not in told:
                problems.append(f"{module}:{line}: imports the command module {target}")
                told.add(line)
    return problems


def test_only_the_group_imports_a_command() -> None:
    sources = package_sources()
    commands = command_modules(sources)
    assert "tarot.ui.commands.simulate" in commands and commands <= set(sources), commands
    assert command_import_problems(sources) == []


@pytest.mark.parametrize(("module", "planted", "found"), [
    ("tarot.ui.replay_page", "from tarot.ui.commands.review import decision_line",
     "tarot.ui.replay_page:"),
    ("tarot.ui.commands.audit", "from tarot.ui.commands import play",
     "the command module tarot.ui.commands.play"),
    ("tarot.ui.session", "importlib.import_module('tarot.ui.commands.saves')",
     "the command module tarot.ui.commands.saves"),
])
def test_a_planted_import_of_a_command_is_found(module: str, planted: str, found: str) -> None:
    sources = package_sources()
    sources[module] += f"\ndef _planted() -> None:\n    {planted}\n"
    problems = command_import_problems(sources)
    assert len(problems) == 1 and found in problems[0], problems


# A module is read whole by the next engineer: over SIZE_LIMIT lines only with its reason
# here (a handful at most), and none over SIZE_CAP. The table is held true both ways: a
# module it names must exist and still need its place.
SIZE_LIMIT = 400
SIZE_CAP = 600
# Today's count, which only goes down: each split takes a line out.
HANDFUL = 7
LONG_MODULES: dict[str, str] = {
    "tarot.ui.screen.app": "the Textual app: its panels, keys and the session's worker "
                           "thread, which hands the person's seat its answers",
    "tarot.engine.kernel": "the rules' hot path on small ints and bit masks, in one place for "
                           "the compiled search core's copy (bots/_search_core.c) to follow",
    "tarot.bots.playout": "the playout policy and exact search that bots/_search_core.c "
                          "copies function by function: kept whole beside its copy",
    "tarot.engine.game": "Game, the public class of a deal; the change that undoes the "
                         "game-notation cycle reshapes it next",
    "tarot.engine.legal": "the check of every action, each refusal with its code, seat, cards "
                          "and words in one place (the enumeration is legal_actions')",
    "tarot.bots.rules_player": "one player's decisions in every phase, sharing one table of "
                               "what the seat knows (its style and hand judgement apart)",
    "tarot.ui.session": "the save and match lifecycle of tarot play, which the one deal loop "
                        "reshapes next (its resume checks apart)",
}
# Over the cap while it is split: leaves with its entry above.
OVER_THE_CAP_WHILE_SPLIT: frozenset[str] = frozenset()


def size_problems(sources: Mapping[str, str]) -> list[str]:
    problems = []
    for module, source in sources.items():
        lines = len(source.splitlines())
        if lines > SIZE_CAP and module not in OVER_THE_CAP_WHILE_SPLIT:
            problems.append(f"{module}: {lines} lines, over {SIZE_CAP}: split it")
        elif lines > SIZE_LIMIT and module not in LONG_MODULES:
            problems.append(f"{module}: {lines} lines, over {SIZE_LIMIT}: split it, or give "
                            "its reason in LONG_MODULES")
    for module in LONG_MODULES:
        if module not in sources:
            problems.append(f"{module}: in LONG_MODULES, no such module")
        elif len(sources[module].splitlines()) <= SIZE_LIMIT:
            problems.append(f"{module}: in LONG_MODULES, but within {SIZE_LIMIT} lines now")
    return problems


def test_no_module_is_long_without_its_reason() -> None:
    assert len(LONG_MODULES) <= HANDFUL, "a handful at most: split one"
    assert all(reason.strip() for reason in LONG_MODULES.values())
    assert set(LONG_MODULES) >= OVER_THE_CAP_WHILE_SPLIT
    assert size_problems(package_sources()) == []


def test_a_long_module_without_its_reason_is_found() -> None:
    sources = package_sources()
    sources["tarot.engine.deal"] += "\n" * (SIZE_LIMIT + 1)
    sources["tarot.bots.base"] += "\n" * (SIZE_CAP + 1)
    shortened = next(iter(LONG_MODULES))
    sources[shortened] = "\n".join(sources[shortened].splitlines()[:SIZE_LIMIT])
    problems = size_problems(sources)
    assert len(problems) == 3, problems
    assert any(p.startswith("tarot.engine.deal:") and "LONG_MODULES" in p for p in problems)
    assert any(p.startswith("tarot.bots.base:") and f"over {SIZE_CAP}" in p for p in problems)
    assert any(p.startswith(f"{shortened}: in LONG_MODULES, but within") for p in problems)
