"""`tarot play` in a real terminal: tmux at 80×24 runs the installed command, which
chooses the full screen by itself; the screen is read with ``capture-pane``, keys are
sent with ``send-keys``, and ``q`` saves the game. Slow (a real process and terminal);
skipped, with the reason, where tmux is not installed (.ci/run installs it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tarot.log import load_log

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("tmux") is None,
                                 reason="tmux is not installed (apt-get install tmux)")]

# Reads of the screen before giving up; each waits a tenth of a second for the program,
# which is waited on, not timed: a slow machine takes more reads, never a wrong answer.
# The bound only catches a hang: ten minutes, as the save campaign gives a child.
READS = 6_000


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[list[str]]:
    """tmux on a server of this test's own (its own socket), ended after the test."""
    command = ["tmux", "-S", str(tmp_path / "tmux.socket")]
    yield command
    subprocess.run([*command, "kill-server"], capture_output=True, check=False)


def screen(tmux: list[str]) -> str:
    return subprocess.run([*tmux, "capture-pane", "-p", "-J", "-t", "play"],
                          capture_output=True, text=True, check=True).stdout


def wait_for(tmux: list[str], text: str) -> str:
    for _ in range(READS):
        shown = screen(tmux)
        if text in shown:
            return shown
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never shown; the screen:\n{screen(tmux)}")


def test_play_in_a_real_terminal_is_full_screen_and_q_saves(tmp_path: Path,
                                                           tmux: list[str]) -> None:
    save = tmp_path / "game.jsonl"
    tarot = Path(sys.executable).parent / "tarot"
    command = (f"{tarot} play --lang en --seed 3 --level rules --save {save}; "
               "echo EXIT=$?; sleep 600")
    environment = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    environment.pop("TAROT_LANG", None)
    subprocess.run([*tmux, "new-session", "-d", "-x", "80", "-y", "24", "-s", "play",
                    command], env=environment, check=True)
    shown = wait_for(tmux, "Your bid:")
    lines = shown.splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines), shown
    # The table by seat, the hand, the story and the keys: a screen, not a transcript.
    for text in ("Table", "North", "West", "East", "You", "Your hand", "What happened",
                 "q save and quit"):
        assert text in shown, (text, shown)
    subprocess.run([*tmux, "send-keys", "-t", "play", "garde", "Enter"], check=True)
    wait_for(tmux, "Discard 6 cards")
    subprocess.run([*tmux, "send-keys", "-t", "play", "q"], check=True)
    shown = wait_for(tmux, "EXIT=")
    assert "EXIT=0" in shown, shown
    # Printed once the screen is left, the command on a line of its own, whole (however
    # the terminal wraps it).
    assert "Game saved; continue it with:\n  " in shown and str(save) in shown, shown
    game = load_log(save, allow_incomplete=True).game
    assert game.taker == 0 and not game.is_over
