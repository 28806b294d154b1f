"""What starting the program for one file does not import or build: counted in fresh
processes (``sys.modules``, the line models made), never timed
(``benchmarks/bench_startup.py`` prints the times)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import tarot._version

ROOT = Path(__file__).resolve().parents[1]


def fresh(code: str) -> dict[str, object]:
    """What ``code`` leaves in ``seen`` (a dict), run in a fresh interpreter at the root."""
    done = subprocess.run([sys.executable, "-c", f"seen = {{}}\n{code}\nimport json\n"
                           "print(json.dumps(seen))"], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    seen: dict[str, object] = json.loads(done.stdout)
    return seen


def test_the_version_is_a_literal_and_pyproject_s() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert tarot._version.__version__ == pyproject["project"]["version"]
    seen = fresh("import sys, tarot, tarot._version\n"
                 "seen['metadata'] = 'importlib.metadata' in sys.modules")
    assert seen == {"metadata": False}


def test_the_validate_command_imports_its_work_when_run() -> None:
    seen = fresh("import sys\nimport tarot.ui.commands.validate\n"
                 "seen['loaded'] = sorted(m for m in ('tarot.log', 'tarot.engine.game', "
                 "'tarot.storage.match_file', 'pydantic') if m in sys.modules)")
    assert seen == {"loaded": []}


def test_a_written_log_is_validated_without_the_union_of_line_models(tmp_path: Path) -> None:
    """A log as the program writes it goes through the replay's fast paths: the union of
    every line model is never built, and of the line models only those of the lines the
    fast paths do not know (here a discard) are."""
    path = tmp_path / "deal.jsonl"
    subprocess.run([sys.executable, "-m", "tarot", "play", "--auto", "--level", "rules",
                    "--seed", "4", "--deals", "1", "--save", str(path)], cwd=ROOT,
                   capture_output=True, check=True)
    seen = fresh("from tarot.log import codec, load_log\n"
                 "seen['before'] = len(codec._LINE_MODEL_OF)\n"
                 f"loaded = load_log({str(path)!r})\n"
                 "seen['over'] = loaded.game.is_over\n"
                 "seen['models'] = sorted(t.__name__ for t in codec._LINE_MODEL_OF)\n"
                 "seen['union'] = codec.line_adapter.cache_info().currsize\n"
                 "seen['types'] = sorted({e.type for e in loaded.game.events})")
    assert seen["before"] == 0 and seen["over"] is True and seen["union"] == 0
    assert "discard" in str(seen["types"])  # a line outside the fast paths was read
    assert seen["models"] == ["Discard"]


def test_a_bad_line_is_said_as_the_union_says_it() -> None:
    from pydantic import ValidationError

    from tarot.log.codec import line_adapter, validate_line

    lines = ['{"seq": 3, "type": "discard", "seat": 0, "cards": ["T1", 7]}',
             '{"seq": 3, "type": "discard", "seat": "0", "cards": []}',
             '{"seq": 3, "type": "bid", "seat": 0}',
             '{"seq": 3, "type": "nothing", "seat": 0}',
             '{"seq": 3, "type": "bid", "type": "discard", "seat": 0, "contract": null}']
    for line in lines:
        errors = []
        for check in (validate_line, line_adapter().validator.validate_json):
            try:
                check(line)
            except ValidationError as error:
                errors.append(error.errors(include_url=False))
        assert len(errors) == 2 and errors[0] == errors[1], line
