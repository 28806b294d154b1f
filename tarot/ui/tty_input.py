"""The person's typed lines at the terminal: the prompt, standard input read so that a
signal ends the wait whenever it comes, and the echo kept off while the computer plays.
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import os
import select
import signal
import sys
import threading
from collections.abc import Iterator

import click


class QuitGame(Exception):
    """The person asked to stop; the game so far is saved."""


@contextlib.contextmanager
def _no_echo() -> Iterator[None]:
    """The terminal's echo off while the computer plays: keys typed ahead wait, unseen,
    for the next prompt (where they are read and shown as usual)."""
    try:
        import termios
    except ImportError:  # no termios (Windows)
        yield
        return
    try:
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
    except (OSError, ValueError, termios.error):  # not a terminal (termios.error: a pipe)
        yield
        return
    quiet = list(saved)
    quiet[3] &= ~termios.ECHO
    termios.tcsetattr(fd, termios.TCSANOW, quiet)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)


def _prompt(text: str) -> str:
    """A line typed at the prompt. The end of the input stops the game like ``quit``;
    Ctrl-C (SIGINT) is a ``click.Abort``, for the caller to save and exit 130."""
    reader = _stdin_lines()
    if reader is None:
        return _click_prompt(text)
    try:
        line = reader.read_line(f"{text} ")
    except KeyboardInterrupt:
        raise click.Abort from None
    if line is None:
        raise QuitGame("the end of the input")
    return line


def _click_prompt(text: str) -> str:
    """click's prompt, where standard input is not a file of this process's (a test's
    input) or cannot be waited on with a signal (Windows)."""
    try:
        return str(click.prompt(text, default="", show_default=False, prompt_suffix=" "))
    except click.Abort as abort:
        # click turns both Ctrl-C and the end of the input into Abort; the first stays
        # an Abort (saved, exit 130), the second stops like `quit` (saved, exit 0).
        if isinstance(abort.__context__, EOFError):
            raise QuitGame("the end of the input") from None
        raise


class StdinLines:
    """The lines of standard input, read so that a signal ends the wait for one whenever
    it comes.

    ``input()`` (which click's prompt calls) writes the prompt and then reads, with no
    Python instruction in between: a SIGINT that comes between the two has its handler
    (the KeyboardInterrupt) put off until the read returns, that is until a line comes or
    the input ends, which a pipe or a FIFO may never do; and then the game stopped as at
    the end of the input (exit 0) as often as it was interrupted (exit 130). Here the
    signal's arrival is written down by the interpreter (``signal.set_wakeup_fd``) into
    a pipe that the wait watches as well as the input, from before the prompt is shown:
    the wait ends, and the handler runs, whenever the signal came.

    The game reads standard input through here alone, so that the lines read ahead (a
    pipe may bring several at once) wait here for the next prompt.
    """

    def __init__(self, fd: int, encoding: str) -> None:
        self.fd = fd
        # Bytes that are not text become U+FFFD, as the game's stdin is set to do.
        self.decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        self.pending = ""
        self.ended = False

    def read_line(self, prompt: str) -> str | None:
        """The next line, without its end of line, once ``prompt`` is shown; None at the
        end of the input. KeyboardInterrupt on Ctrl-C, whenever it comes."""
        wake_read, wake_write = os.pipe()
        try:
            os.set_blocking(wake_write, False)
            previous = signal.set_wakeup_fd(wake_write, warn_on_full_buffer=False)
            try:
                click.echo(prompt, nl=False)
                while "\n" not in self.pending and not self.ended:
                    if self._wait(wake_read):
                        data = os.read(self.fd, 65536)
                        self.pending += self.decoder.decode(data, final=not data)
                        self.ended = not data
            finally:
                signal.set_wakeup_fd(previous)
        finally:
            os.close(wake_read)
            os.close(wake_write)
        line, newline, self.pending = self.pending.partition("\n")
        if not newline and not line:
            return None
        return line.removesuffix("\r")

    def _wait(self, wake: int) -> bool:
        """Whether the input is readable; False after a signal came (whose handler runs as
        this returns: a KeyboardInterrupt goes up from here)."""
        ready, _, _ = select.select([self.fd, wake], [], [])
        if wake in ready:
            os.read(wake, 512)
            return False
        return True


@functools.cache
def _lines_of(fd: int, encoding: str) -> StdinLines:
    return StdinLines(fd, encoding)


def _stdin_lines() -> StdinLines | None:
    """The reader of this process's standard input; None where click's prompt reads it:
    an input that is not a file of the process (a test runner's), a thread that signals
    do not reach, or no ``select`` on it (Windows)."""
    if os.name != "posix" or threading.current_thread() is not threading.main_thread():
        return None
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both
        return None
    return _lines_of(fd, getattr(sys.stdin, "encoding", None) or "utf-8")
