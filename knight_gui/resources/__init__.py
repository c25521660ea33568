"""What the program loads, shipped inside the package: the knight, the icons, the compiled translations.

Read through ``importlib.resources``, so a wheel, an sdist install and a source
checkout all find them.  The sources they are made from that the program never
reads (the Qt Linguist ``.ts``) stay in the top-level ``resources/`` folder.
"""

from __future__ import annotations

import atexit
from contextlib import ExitStack
from functools import cache
from importlib.resources import as_file, files
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11 on

KNIGHT = "knight.svg"
ICON_SVG = "icon.svg"
#: The window's icon, best first (Qt picks the size it needs).  Pictures only: the SVG would
#: load Qt's SVG icon engine (QtSvg) at start-up for a few milliseconds; menu entries get the
#: SVG itself (``knight_gui.desktop``).
ICONS = ("icon-256.png", "icon-64.png")
TRANSLATIONS = "translations"

#: Files extracted from a zipped package, removed at exit (see ``path``).
_extracted = ExitStack()
atexit.register(_extracted.close)


def resource(name: str) -> Traversable:
    """The resource ``name`` (``"knight.svg"``, ``"translations"``, ...)."""
    return files(__name__).joinpath(name)


def read_bytes(name: str) -> bytes:
    """The contents of the resource file ``name``."""
    data: bytes = resource(name).read_bytes()
    return data


@cache
def path(name: str) -> Path:
    """A file system path of the resource ``name``, for Qt calls that take a file name.

    Installed as files (the usual case) this is the file itself; from a zipped
    package it is extracted once and removed when the process exits.
    """
    return Path(_extracted.enter_context(as_file(resource(name))))
