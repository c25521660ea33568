"""Start PySide6 without its import hook reading the source of every module imported after it.

When ``PySide6.QtCore`` is first imported, shiboken replaces ``builtins.__import__``
with a hook, for PySide6's optional ``from __feature__ import snake_case,
true_property``.  From then on, the first time each module name is imported, the
hook reads that module's whole source (``inspect.getsource``) to note in
``pyside_feature_dict`` whether it mentions PySide6 (``0``: the module's Qt calls
follow its own feature selection) or not (``-1``: it leaves the selection as it
was).  Opening the window, that is about 110 modules read, split into lines and
kept: about 20 ms of a start-up of about 0.35 s (benchmarks/README.md; the same
cost was measured in other PySide6 programs, napari's issue 8584 among them).

This program selects no feature, so every module's Qt calls see the default
selection whatever its entry says; the entries only have to be there.
``spare_feature_scan`` writes them before the modules are imported: ``0`` for the
modules of ``knight_gui.ui`` (found by listing the package's folders; nothing is
imported), ``-1`` for every other module of the program, the standard library's
(``sys.stdlib_module_names``) and what is imported already.  A module imported
later that is none of these is still read, as before.  Where PySide6 keeps no such
table (another version), nothing is written and the hook reads sources as before.
"""

from __future__ import annotations

import os
import pkgutil
import sys
from collections.abc import Iterator

#: Where shiboken keeps its table (``shibokensupport.feature.pyside_feature_dict``).
FEATURE_MODULE = "shibokensupport.feature"
#: A module that uses PySide6, and one that does not, as the hook notes them.
USES_PYSIDE, NOT_PYSIDE = 0, -1


def package_modules(package: str, folder: str) -> Iterator[str]:
    """The dotted names of ``package`` and of every module and package under it, from ``folder``
    (the package's folder) without importing any of them."""
    yield package
    for info in pkgutil.iter_modules([folder], package + "."):
        if info.ispkg:
            yield from package_modules(info.name, os.path.join(folder, info.name.rpartition(".")[2]))
        else:
            yield info.name


def feature_table() -> dict[str, int] | None:
    """PySide6's table of modules and their feature selection, PySide6 started; None if there is
    no such table in this PySide6."""
    import PySide6.QtCore  # noqa: F401  (installs the hook and makes the table)

    table = getattr(sys.modules.get(FEATURE_MODULE), "pyside_feature_dict", None)
    return table if isinstance(table, dict) else None


def spare_feature_scan() -> bool:
    """Start PySide6 and note every module this program may import in its feature table, so that
    its import hook need not read their sources.  False if this PySide6 has no such table."""
    table = feature_table()
    if table is None:
        return False
    import knight_gui

    root = os.path.dirname(knight_gui.__file__)
    ui = __name__.rpartition(".")[0]
    for name in package_modules("knight_gui", root):
        table.setdefault(name, USES_PYSIDE if name == ui or name.startswith(ui + ".") else NOT_PYSIDE)
    for name in (*sys.stdlib_module_names, *list(sys.modules)):
        table.setdefault(name, NOT_PYSIDE)
    return True
