"""Knight's Tour: watch a stack-based search walk the knight over every square."""

from __future__ import annotations

#: The distribution's name on PyPI and in the installed metadata.
DISTRIBUTION = "knight-tour"


def __getattr__(name: str) -> str:
    """``__version__``: the one version string, pyproject.toml's, read from the installed metadata.

    Read when first asked for, not at import: ``importlib.metadata`` costs about 20 ms of every
    command's start-up, and only ``--version``, About and the menu entry need it.
    """
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version(DISTRIBUTION)
    except PackageNotFoundError:  # a source checkout that was never installed
        found = "0+unknown"
    globals()["__version__"] = found
    return found
