"""``python -m tarot``: the ``tarot`` command."""

from tarot.ui.cli import main

if __name__ == "__main__":
    main(prog_name="tarot")
