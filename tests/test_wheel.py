"""The package stands on its own: built as a wheel, installed into a fresh virtual
environment (what `pip install tarot` or `pipx install` does), every feature works
without the repository beside it: named deals, golden replays, the rule book, the
rule sets, `python -m tarot`, the version.

Slow tier: it builds the wheel and installs it with its dependencies (from pip's
cache or the package index, as the README's install command does). Only the rule books
of docs/ travel in the package.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def build_and_install(work: Path, env: dict[str, str] | None = None) -> Path:
    """The wheel built from a copy of this checkout, installed into a fresh virtual
    environment under ``work``; its bin/. ``env``: the build's environment (its compiler)."""
    # Built from a copy: a build leaves build/ and *.egg-info behind, which must neither
    # land in the checkout nor leak an older build's files into this wheel (nor the
    # compiled search core built in place, tarot/bots/*.so).
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis",
        ".pytest_cache", ".ruff_cache", ".mypy_cache", "*.so", "*.pyd"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                    str(work / "dist"), str(source)], check=True, capture_output=True,
                   env=env)
    wheels = list((work / "dist").glob("tarot-*.whl"))
    assert len(wheels) == 1, wheels
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", str(wheels[0])], check=True,
                   capture_output=True)
    return venv / "bin"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel built from this checkout; its bin/."""
    return build_and_install(tmp_path_factory.mktemp("wheel"))


def run(bin_dir: Path, args: list[str], cwd: Path, stdin: str = "") -> str:
    """A command of the installed copy, run away from the checkout; its stdout."""
    env = {**os.environ, "NO_COLOR": "1", "XDG_DATA_HOME": str(cwd / "data"),
           "HOME": str(cwd)}
    env.pop("PYTHONPATH", None)
    done = subprocess.run([str(bin_dir / args[0]), *args[1:]], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=600)  # a hang
    assert done.returncode == 0, (args, done.stdout[-2000:], done.stderr[-2000:])
    return done.stdout


def test_the_wheel_carries_the_package_and_its_data(installed: Path, tmp_path: Path) -> None:
    out = run(installed, ["python", "-c", "import tarot, tarot.files.resources as r; "
                          "print(tarot.__file__); print(r.source_root()); "
                          "print(sorted(p.name for p in r.data_dir('named_deals').glob('*')))"],
              tmp_path)
    location, root, deals = out.splitlines()
    assert "site-packages" in location and str(ROOT) not in location
    assert root == "None"  # the installed copy, not the checkout
    assert "'slam-made.toml'" in deals


def test_the_wheel_carries_the_rule_book_and_no_other_page(installed: Path,
                                                           tmp_path: Path) -> None:
    """docs/ is the rule book's folder in the package, and the pages for readers of the
    repository (playing, the log format, ...) stay out of it."""
    out = run(installed, ["python", "-c", "import tarot.files.resources as r; print(*sorted("
                          "p.name for p in r.data_dir('rule_book').iterdir()), sep='\\n')"],
              tmp_path)
    shipped = out.splitlines()
    books = sorted([page.name for page in (ROOT / "docs").glob("rules*.md")] + ["regles.md"])
    assert books and shipped == books, shipped
    assert (ROOT / "docs" / "playing.md").is_file()  # a page that must not travel


def test_python_m_tarot_and_one_version(installed: Path, tmp_path: Path) -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert run(installed, ["python", "-m", "tarot", "--version"], tmp_path).strip() == \
        f"tarot, version {version}"
    assert run(installed, ["tarot", "--version"], tmp_path).strip() == f"tarot, version {version}"
    out = run(installed, ["python", "-c", "import tarot; print(tarot.__version__)"], tmp_path)
    assert out.strip() == version


def test_the_documented_commands_work_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    save = tmp_path / "slam.jsonl"
    out = run(installed, ["tarot", "play", "--deal", "slam-made", "--auto", "--save",
                          str(save)], tmp_path)
    assert "Game saved" in out and save.is_file()
    golden = run(installed, ["python", "-c", "import tarot.files.resources as r; "
                             "print(r.data_file('golden_replays', 'prise.jsonl'))"],
                 tmp_path).strip()
    assert "ok, 100 events, settled" in run(installed, ["tarot", "validate", golden], tmp_path)
    assert "ok" in run(installed, ["tarot", "validate", str(save)], tmp_path)
    assert "Contract" in run(installed, ["tarot", "audit", str(save)], tmp_path)
    assert "plays" in run(installed, ["tarot", "replay", str(save), "--as-seat", "north"],
                          tmp_path)
    # The replay page's template, style and script travel inside the package.
    assert "Wrote slam.html" in run(installed, ["tarot", "replay", str(save), "--html",
                                                "slam.html"], tmp_path)
    page = (tmp_path / "slam.html").read_text(encoding="utf-8")
    assert "prefers-color-scheme" in page and 'id="replay-data"' in page
    assert "suit led" in run(installed, ["tarot", "rules", "R11"], tmp_path)
    # The contract evaluator's models travel too: the sampling levels bid by them.
    loaded = run(installed, ["python", "-c", "from tarot.bots.contracts import load_model; "
                             "print(*[load_model(r).seats for r in ('standard', 'standard-3', "
                             "'standard-5')])"], tmp_path)
    assert loaded.strip() == "4 3 5"


def test_the_installed_copy_speaks_french(installed: Path, tmp_path: Path) -> None:
    """The compiled catalogue and the French rule book travel in the wheel."""
    assert "Commandes" in run(installed, ["tarot", "--lang", "fr", "--help"], tmp_path)
    assert "autre camp" in run(installed, ["tarot", "rules", "R16", "--lang", "fr"], tmp_path)
    assert "0 bouts: 56" in run(installed, ["tarot", "rules", "--rules", "fft"], tmp_path)
    assert '"$defs"' in run(installed, ["tarot", "schema"], tmp_path)
    # A game saved to the default folder, then found by its name.
    out = run(installed, ["tarot", "play", "--seed", "3", "--auto"], tmp_path)
    assert "Game saved" in out
    listed = run(installed, ["tarot", "saves"], tmp_path)
    assert "over" in listed and str(tmp_path / "data" / "tarot" / "games") in listed
    simulated = run(installed, ["tarot", "simulate", "--deals", "2", "--seed", "1",
                                "--players", "rules,rules,rules,rules", "--workers", "1"],
                    tmp_path)
    assert "rules" in simulated


def test_the_wheel_carries_the_full_screens_stylesheet(installed: Path, tmp_path: Path) -> None:
    """The full screen's layout is a .tcss file beside its module: without it the app would
    not start."""
    out = run(installed, ["python", "-c", "import pathlib, tarot.ui.screen.app as a; "
                          "print((pathlib.Path(a.__file__).parent / a.TableApp.CSS_PATH)"
                          ".is_file())"], tmp_path)
    assert out.strip() == "True"


# Whether the installed copy runs the compiled search core (tarot.bots.search_core).
CORE_CHECK = ["python", "-c", "import tarot.bots.search_core as s; print(s.CORE is not None)"]


def test_the_wheel_carries_the_compiled_search_core_where_a_compiler_exists(
        installed: Path, tmp_path: Path) -> None:
    if not (shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")):
        pytest.skip("no C compiler here: the wheel is built without the compiled core")
    assert run(installed, CORE_CHECK, tmp_path).strip() == "True"


def test_without_a_compiler_the_package_installs_and_plays(tmp_path_factory: pytest.TempPathFactory,
                                                           tmp_path: Path) -> None:
    """The README's install works on a machine with no C compiler: the compiled search core
    is optional (setup.py), so a build whose compiler fails (CC=false) still installs, and
    the sampling players play on the Python code."""
    work = tmp_path_factory.mktemp("no-compiler")
    bin_dir = build_and_install(work, env={**os.environ, "CC": "false", "CXX": "false"})
    assert run(bin_dir, CORE_CHECK, tmp_path).strip() == "False"
    simulated = run(bin_dir, ["tarot", "simulate", "--deals", "1", "--seed", "5",
                              "--players", "normal,rules,rules,rules", "--workers", "1"],
                    tmp_path)
    assert "normal" in simulated
