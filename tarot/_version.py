"""The version of the program, in a module of its own: the package's modules that report it
(``tarot --version``, the replay page, a match's results file, the Dask workers' check)
import it from here, never from the package's root, which nothing inside the package
imports; ``tarot.__version__`` is this one.

A literal, the same as pyproject.toml's (``tests/test_quick_start.py`` holds the two
together), rather than a look-up in the installed package's metadata: importing
``importlib.metadata`` and searching the path for the package is some 40 ms, a tenth of
``tarot validate``'s start on one file, on every command.
"""

__version__ = "0.3.0"
