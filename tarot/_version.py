"""The version of the installed program, in a module of its own: the package's modules that
report it (``tarot --version``, the replay page, a match's results file, the Dask workers'
check) import it from here, never from the package's root, which nothing inside the package
imports; ``tarot.__version__`` is this one."""


def _installed_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tarot")  # one version, written in pyproject.toml
    except PackageNotFoundError:  # imported from a checkout that was never installed
        return "0+unknown"


__version__ = _installed_version()
