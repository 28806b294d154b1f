"""Rule files and named deals given to a command (issue 23, faults 4 and 9).

- A rule set (or a named deal) is named by its id, or given as a path (an argument with
  a ``/``, or ending in ``.toml``): a file, folder or FIFO of the current folder called
  ``standard`` never stands in for the rule set.
- A rule file or named deal is read bounded: a regular file of at most 1 MiB; a FIFO or a
  device is refused at once, in one line. ``tarot simulate`` allocates nothing in
  proportion to a deal count it is given (its option or a results file's header)
  beyond a fixed maximum.

The commands that could block are run in a child process with a timeout that only
catches a hang, and a cap on its memory that only catches a blow-up.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tarot.cli import main
from tarot.log import read_log
from tarot.rules import (
    RULE_FILE_LIMIT,
    RULES_DIR,
    RulesError,
    load_rules,
)
from tarot.seeds import SeedError, load_named_deal
from tarot.simulate import MAX_DEAL_SEEDS

ROOT = Path(__file__).resolve().parents[1]
STANDARD_TEXT = (RULES_DIR / "standard.toml").read_text(encoding="utf-8")
# A child that reads without end is stopped by this cap on its memory, not the machine's.
MEMORY_CAP = 2 << 30
# Far longer than any of these commands takes: a run that reaches it has hung.
HANG = 120


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_tarot(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("tarot", path=str(Path(sys.executable).parent)) or "tarot"
    env = {**os.environ, "TAROT_LEVEL": "random"}
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=HANG,
                          stdin=subprocess.DEVNULL, cwd=cwd, env=env, check=False,
                          preexec_fn=_cap_memory)


def one_line_refusal(done: subprocess.CompletedProcess[str] | Any, *expected: str) -> None:
    """Exit 1, one line on standard error holding each of ``expected``, no traceback."""
    err = done.stderr
    assert done.returncode == 1, (done.stdout, err)
    assert "Traceback" not in err + done.stdout
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    for text in expected:
        assert text in lines[0], lines[0]


# ---------------------------------------------------------------------------
# Fault 4: the current folder does not shadow the rule sets or the named deals


def test_a_folder_named_standard_is_not_the_rule_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`mkdir standard && tarot play --auto` failed: "Is a directory"."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "standard").mkdir()
    (tmp_path / "slam-made").mkdir()
    result = CliRunner().invoke(main, ["play", "--auto", "--level", "random", "--seed", "3",
                                       "--save", "g.jsonl"])
    assert result.exit_code == 0, result.output
    assert read_log(tmp_path / "g.jsonl").header.rules_hash == \
        load_rules("standard").content_hash
    named = CliRunner().invoke(main, ["play", "--auto", "--level", "random", "--deal",
                                      "slam-made", "--save", "n.jsonl"])
    assert named.exit_code == 0, named.output
    named_deal = read_log(tmp_path / "n.jsonl").header.named_deal
    assert named_deal is not None and named_deal.name == "slam-made"


def test_a_file_named_standard_is_not_read_in_place_of_the_rule_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file `standard` of other rules was used silently, and the game logged under the
    other rules' id; it is read only when given as a path (./standard)."""
    other = (RULES_DIR / "fft.toml").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "standard").write_text(other, encoding="utf-8")
    shown = CliRunner().invoke(main, ["rules", "--json"])
    assert shown.exit_code == 0 and json.loads(shown.output)["id"] == "standard"
    played = CliRunner().invoke(main, ["play", "--auto", "--level", "random", "--seed", "3",
                                       "--save", "g.jsonl"])
    assert played.exit_code == 0, played.output
    header = read_log(tmp_path / "g.jsonl").header
    assert (header.rules_id, header.rules_hash) == \
        ("standard", load_rules("standard").content_hash)
    # Given as a path, the file is read.
    as_path = CliRunner().invoke(main, ["rules", "--json", "--rules", "./standard"])
    assert as_path.exit_code == 0 and json.loads(as_path.output)["id"] == "fft"


def test_a_name_that_is_no_rule_set_says_how_to_give_a_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").write_text(STANDARD_TEXT, encoding="utf-8")
    result = CliRunner().invoke(main, ["rules", "--rules", "mine"])
    assert result.exit_code == 1
    assert "mine: no such rule set (known rule sets: fft, standard" in result.output
    assert "write ./mine" in result.output
    with pytest.raises(SeedError, match="no such named deal"):
        load_named_deal("no-such-deal")


def test_names_and_paths_of_the_api() -> None:
    standard = load_rules("standard")
    assert load_rules(RULES_DIR / "standard.toml") is standard  # a Path is a path
    assert load_rules(str(RULES_DIR / "fft.toml")) is load_rules("fft")
    with pytest.raises(RulesError, match="no such rule set"):
        load_rules("standard\0")
    with pytest.raises(RulesError, match="NUL"):
        load_rules("./standard\0.toml")
    assert load_named_deal(str(ROOT / "seeds" / "garde.toml")) == load_named_deal("garde")


@pytest.mark.parametrize("args", [
    ["rules"],
    ["play", "--auto", "--seed", "3", "--save", "g.jsonl"],
    ["simulate", "--deals", "1", "--workers", "1", "--quiet"],
    ["play", "--auto", "--deal", "garde", "--save", "n.jsonl"],
], ids=["rules", "play", "simulate", "named-deal"])
def test_a_fifo_named_standard_does_not_block(tmp_path: Path, args: list[str]) -> None:
    """A FIFO `standard` (or `garde`) in the current folder made these wait for ever."""
    os.mkfifo(tmp_path / "standard")
    os.mkfifo(tmp_path / "garde")
    done = run_tarot(*args, cwd=tmp_path)
    assert done.returncode == 0, (done.stdout, done.stderr)


def test_a_match_index_naming_a_hostile_rule_set_does_not_block(tmp_path: Path) -> None:
    """A match whose last deal's log is missing made its deal under the rule set its index
    names, by `load_rules(rules_id)`: an id that is a FIFO's path blocked for ever. The
    deal is made under the first deal's rules, which its log's hash vouches for."""
    made = run_tarot("play", "--auto", "--seed", "3", "--deals", "2", "--save", "g.jsonl",
                     cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "g.deal-2.jsonl").unlink()
    os.mkfifo(tmp_path / "pipe")
    index = tmp_path / "g.match.jsonl"
    header, *deals = index.read_text(encoding="utf-8").splitlines()
    hostile = {**json.loads(header), "rules_id": str(tmp_path / "pipe")}
    index.write_text("\n".join([json.dumps(hostile), *deals]) + "\n", encoding="utf-8")
    done = run_tarot("play", "--resume", str(index), "--auto", cwd=tmp_path)
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert read_log(tmp_path / "g.deal-2.jsonl").header.rules_hash == \
        load_rules("standard").content_hash


# ---------------------------------------------------------------------------
# Fault 9: reads bounded


@pytest.mark.parametrize("args", [
    ["rules", "--rules", "{file}"],
    ["play", "--auto", "--rules", "{file}", "--save", "g.jsonl"],
    ["simulate", "--deals", "1", "--workers", "1", "--quiet", "--rules", "{file}"],
    ["audit", str(ROOT / "replays" / "garde.jsonl"), "--rules", "{file}"],
    ["play", "--auto", "--deal", "{file}", "--save", "n.jsonl"],
], ids=["rules", "play", "simulate", "audit", "named-deal"])
@pytest.mark.parametrize("kind", ["fifo", "device", "folder", "huge"])
def test_a_rule_file_or_named_deal_that_is_no_regular_file_is_refused(
        tmp_path: Path, args: list[str], kind: str) -> None:
    """`--rules FIFO` and `--deal FIFO` blocked for ever, `--rules /dev/zero` filled the
    memory: each is one line and exit 1, as is a rule file over the limit."""
    if kind == "fifo":
        file = tmp_path / "pipe.toml"
        os.mkfifo(file)
        cause = "a named pipe (FIFO), not a regular file"
    elif kind == "device":
        file = Path("/dev/zero")
        cause = "a character device, not a regular file"
    elif kind == "folder":
        file = tmp_path / "rules.toml"
        file.mkdir()
        cause = "a directory, not a regular file"
    else:
        file = tmp_path / "huge.toml"
        with file.open("wb") as stream:
            stream.truncate(RULE_FILE_LIMIT + 1)  # sparse: no disk spent
        cause = f"more than {RULE_FILE_LIMIT:,} bytes"
    done = run_tarot(*(a.replace("{file}", str(file)) for a in args), cwd=tmp_path)
    one_line_refusal(done, str(file), cause)
    assert not (tmp_path / "g.jsonl").exists() and not (tmp_path / "n.jsonl").exists()


def _results_file(tmp_path: Path) -> tuple[Path, dict[str, Any], list[str]]:
    """A finished results file of one deal seed, played under a rule file given by path."""
    rules = tmp_path / "mine.toml"
    rules.write_text(STANDARD_TEXT, encoding="utf-8")
    out = tmp_path / "results.jsonl"
    result = CliRunner().invoke(main, ["simulate", "--deals", "1", "--workers", "1",
                                       "--quiet", "--players", "random,random,random,random",
                                       "--rules", str(rules), "--out", str(out)])
    assert result.exit_code == 0, result.output
    first, *rest = out.read_text(encoding="utf-8").splitlines()
    header = json.loads(first)
    assert header["rules"] == str(rules.resolve())
    return out, header, rest


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_results_file_naming_a_hostile_rule_file_is_refused(tmp_path: Path,
                                                              kind: str) -> None:
    """A results file names its rules by path: naming a FIFO made `simulate --resume` hang,
    naming /dev/zero filled the memory."""
    out, header, _ = _results_file(tmp_path)
    if kind == "fifo":
        hostile = tmp_path / "pipe.toml"
        os.mkfifo(hostile)
    else:
        hostile = Path("/dev/zero")
    header["rules"], header["deals"] = str(hostile), 2
    out.write_text(json.dumps(header) + "\n", encoding="utf-8")
    done = run_tarot("simulate", "--resume", str(out), "--workers", "1", "--quiet",
                     cwd=tmp_path)
    one_line_refusal(done, "the match's rules cannot be loaded", str(hostile),
                     "not a regular file")


def test_simulate_refuses_a_deal_count_beyond_its_maximum(tmp_path: Path) -> None:
    """`simulate --deals 1000000000000` listed the deal seeds first, and filled the
    memory; so did a results file whose header says so, on --resume."""
    done = run_tarot("simulate", "--deals", "1000000000000", "--workers", "1", "--quiet",
                     cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"1<=x<={MAX_DEAL_SEEDS}" in done.stderr
    out, header, records = _results_file(tmp_path)
    header["deals"] = 1_000_000_000_000
    out.write_text("\n".join([json.dumps(header), *records]) + "\n", encoding="utf-8")
    resumed = run_tarot("simulate", "--resume", str(out), "--workers", "1", "--quiet",
                        cwd=tmp_path)
    one_line_refusal(resumed, f"{out}:1: not the header", "deals",
                     f"less than or equal to {MAX_DEAL_SEEDS}")
