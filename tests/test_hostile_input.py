"""Hostile input at every prompt of ``tarot play``: it never crashes, and junk changes nothing.

Each case reaches one prompt (the bid; the discard, with ``--deal four-kings-triple``
and a Garde; the chelem; the card; the poignée choice after ``p``), then answers
it with one to eight lines of junk drawn by hypothesis (any text, control
characters, lines of up to 100,000 characters, near misses such as ``garde!`` or
seven cards for a discard), then ends the input. No junk line is a legal answer
there (an oracle written here, from the prompt's rules, filters those out), so:
the exit code is 0, there is no traceback, and the save file is byte for byte
the one that ending the input at that prompt gives.

The slow test runs 300 cases per prompt and answers 6,355 prompts with junk in
all, the end of input after each case included (bid 1,383, card 1,350, chelem
1,219, discard 1,353, poignée choice 1,050, as last run); each prompt's count is
asserted (at least two per case) and kept in ``ANSWERED``. Numbers that
``int()`` cannot read (², ①, thousands of digits) are in the fuzzing too, and
``test_a_number_int_cannot_read`` holds one of each.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarot.engine.cards import CardError, parse_card
from tarot.engine.rule_files import load_rules
from tarot.ui.cli import main

CONTRACTS = load_rules("standard").contracts
BID_WORDS = {"pass", "p", "passe"} | {c.id for c in CONTRACTS} | {
    c.name.lower().replace(" ", "_").replace("-", "_") for c in CONTRACTS}
QUIT_WORDS = {"quit", "exit", "q"}
CHELEM_WORDS = {"", "y", "yes", "n", "no", "o", "oui", "non"}
POIGNEE_WORDS = {"p", "poignee", "poignée"}
ANSWERED: dict[str, int] = {}  # prompts answered with junk, by prompt (for the record)
CASES_PER_PROMPT = 300


def is_card(token: str) -> bool:
    try:
        parse_card(token)
    except CardError:
        return False
    return True


def possibly_legal(prompt: str, line: str) -> bool:
    """Whether ``line`` could be a legal answer (or a quit) at ``prompt``: kept out of the junk."""
    answer = line.strip()
    word = answer.lower()
    if word in QUIT_WORDS:
        return True
    if prompt == "bid":
        return word.replace(" ", "_").replace("-", "_") in BID_WORDS
    if prompt == "discard":
        tokens = answer.replace(",", " ").split()
        return word == "auto" or (len(tokens) == 6 and all(
            t.isdigit() or is_card(t) for t in tokens))
    if prompt == "chelem":
        return word in CHELEM_WORDS
    if prompt == "card":
        return word in POIGNEE_WORDS or answer.isdigit() or is_card(answer)
    assert prompt == "poignee"
    # A number, "none", or several tokens (taken as the cards to show) may be legal.
    return answer.isdigit() or word in {"", "n", "no", "none", "non"} or \
        len(answer.replace(",", " ").split()) > 1


@dataclass(frozen=True)
class Prompt:
    args: tuple[str, ...]
    prefix: str  # the answers that reach the prompt
    text: str  # how the prompt begins


PROMPTS = {
    "bid": Prompt(("--seed", "5"), "", "Your bid ("),
    "discard": Prompt(("--deal", "four-kings-triple"), "garde\n", "Discard 6 cards"),
    "chelem": Prompt(("--seed", "5"), "garde\nauto\n", "Declare a chelem"),
    "card": Prompt(("--seed", "5"), "garde\nauto\nn\n", "Your card ("),
    # The poignée choice asks again itself: every junk line answers it.
    "poignee": Prompt(("--deal", "four-kings-triple"), "garde\nauto\nn\np\n", "Which one ("),
}

NO_NEWLINE = "\n\r"
ANY_CHAR = st.characters(codec="utf-8", exclude_characters=NO_NEWLINE)  # no surrogate
CONTROL = st.characters(max_codepoint=0x9F, exclude_characters=NO_NEWLINE).filter(
    lambda c: not c.isprintable())
NEAR_MISSES = st.sampled_from([
    "garde!", "garde sans sans", "prise prise", "pas", "PASSS", "0", "-1", "25", "99", "1.5",
    "1e3", "0x1", "1 2 3 4 5", "1 2 3 4 5 6 7", "1 1 1 1 1 1", "KS 2S 3H 4D 5C T6 T7",
    "T22", "EXC EXC", "kh kh", "yes no", "oui!", "nn", "\x1b[A", "\x1b[3~", "\x03", "\x04",
    "\x00", "\t", "\x7f", "\x08\x08\x08", "﻿", "\u200b", "ｇａｒｄｅ", "١٢", "🂡", "%s%n",
    "{}", "[bold]x[/]", "[/]", "'; DROP TABLE", "\\", "\"", "p p", "last last", "?help",
])
JUNK = st.one_of(
    st.text(ANY_CHAR, max_size=40),
    st.text(CONTROL, min_size=1, max_size=8),
    NEAR_MISSES,
    st.builds(lambda unit, size: (unit * size)[:size], st.text(ANY_CHAR, min_size=1, max_size=6),
              st.integers(1_000, 100_000)),
)


def play(args: tuple[str, ...], save: Path, stdin: str) -> tuple[int, str, bytes]:
    result = CliRunner().invoke(main, ["play", *args, "--save", str(save), "--force"],
                                input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception))
    assert "Traceback" not in result.output
    return result.exit_code, result.output, save.read_bytes()


@pytest.mark.parametrize("name", sorted(PROMPTS))
def test_end_of_input_at_each_prompt(tmp_path: Path, name: str) -> None:
    prompt = PROMPTS[name]
    code, out, _ = play(prompt.args, tmp_path / "g.jsonl", prompt.prefix)
    assert code == 0 and "continue it with:\n  tarot play --resume" in out


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PROMPTS))
def test_junk_at_a_prompt_changes_nothing(tmp_path: Path, name: str) -> None:
    """300 cases of one to eight junk lines, then the end of input; junk that is not a
    legal answer leaves the save file as it was."""
    prompt = PROMPTS[name]
    save = tmp_path / "g.jsonl"
    _, _, expected = play(prompt.args, save, prompt.prefix)
    answered = 0

    @settings(max_examples=CASES_PER_PROMPT, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(lines=st.lists(JUNK.filter(lambda line: not possibly_legal(name, line)),
                          min_size=1, max_size=8))
    def run(lines: list[str]) -> None:
        nonlocal answered
        stdin = prompt.prefix + "".join(line + "\n" for line in lines)
        code, out, saved = play(prompt.args, save, stdin)
        assert code == 0, out[-2000:]
        assert saved == expected, f"junk changed the game: {lines!r}"
        # Every junk line was an answer to this prompt, and the end of input too.
        asked = len(lines) + 1
        assert out.count(prompt.text) == asked, (lines, out[-3000:])
        answered += asked

    run()
    assert answered >= CASES_PER_PROMPT * 2
    ANSWERED[name] = answered


def test_a_legal_answer_after_junk_is_taken(tmp_path: Path) -> None:
    """For contrast: junk, then a legal bid, and the bid is in the save file."""
    save = tmp_path / "g.jsonl"
    _, _, saved = play(("--seed", "5"), save, "\x00\x1b[A\n" + "x" * 50_000 + "\n garde \n")
    assert b'"type": "bid", "seat": 0, "contract": "garde"' in saved


@pytest.mark.parametrize(("name", "junk"), [
    ("discard", "1 2 3 4 5 ²"), ("card", "²"), ("poignee", "①"), ("card", "0" * 4301),
    ("poignee", "1" * 5000)])
def test_a_number_int_cannot_read(tmp_path: Path, name: str, junk: str) -> None:
    prompt = PROMPTS[name]
    code, _, _ = play(prompt.args, tmp_path / "g.jsonl", prompt.prefix + junk + "\n")
    assert code == 0


def test_bytes_that_are_not_text_at_a_prompt(tmp_path: Path) -> None:
    """Not UTF-8 on stdin, with a strict decoder (as under en_US.UTF-8): refused, not a crash."""
    save = tmp_path / "g.jsonl"
    result = CliRunner().invoke(main, ["play", "--seed", "5", "--save", str(save)],
                                input=b"\xff\xfe\n\xc3\n" + b"garde\n")
    assert result.exit_code == 0 and result.exception is None, repr(result.exception)
    assert b'"contract": "garde"' in save.read_bytes()


def test_bytes_that_are_not_text_through_the_installed_command(tmp_path: Path) -> None:
    exe = shutil.which("tarot", path=str(Path(sys.executable).parent)) or shutil.which("tarot")
    assert exe is not None
    save = tmp_path / "g.jsonl"
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"}
    result = subprocess.run([exe, "play", "--seed", "5", "--save", str(save)],
                            input=b"garde\n\xff\xfe junk\n", capture_output=True, env=env,
                            timeout=600, check=False)  # a hang, not a slow machine
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in result.stderr
    assert b"is not a card" in result.stdout
