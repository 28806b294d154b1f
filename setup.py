"""The one thing pyproject.toml cannot say: the optional compiled search core.

``tarot.bots._search_core`` (tarot/bots/_search_core.c) is an accelerated copy of the
playouts and the exact search of tarot/bots/playout.py. ``optional=True``: where no C
compiler (or no Python headers) is found, setuptools warns and installs the package
without it, and the players use the Python code (tarot/bots/search_core.py).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("tarot.bots._search_core", ["tarot/bots/_search_core.c"],
                             optional=True)])
