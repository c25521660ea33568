"""Knight's Tour: watch a stack-based search walk the knight over every square."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

#: The distribution's name on PyPI and in the installed metadata.
DISTRIBUTION = "knight-tour"

try:  # the one version string is pyproject.toml's, read from the installed metadata
    __version__ = version(DISTRIBUTION)
except PackageNotFoundError:  # a source checkout that was never installed
    __version__ = "0+unknown"
