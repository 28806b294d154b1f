"""``python -m tarot``: the ``tarot`` command."""

from tarot.cli import main

main(prog_name="tarot")
