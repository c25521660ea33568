"""Start-up: from process start to the first painted window, against a bare PySide6 window; one JSON line.

Run from the repository root (offscreen unless QT_QPA_PLATFORM is set):

    python benchmarks/bench_startup.py            # 7 runs of each, alternated
    python benchmarks/bench_startup.py --runs 11

Each run is a fresh interpreter.  ``bare``: ``QApplication``, a ``QMainWindow``
shown, until it has painted.  ``window``: what ``knight-tour`` does to open its
window (its command line imported, then ``knight_gui.ui.app``: ``make_application`` and
``main_window``, the settings, translator, the main window restored and shown), until it has
painted.  Wall seconds from just before the process is started to the end of its first paint,
the window and every child shown in it
(``time.time()`` on both sides), best and median; the ratio of the medians (issue 11: at most 1.5).

``qt_types``: the bare window, having first made every Qt class that the window's
modules import (PySide6 builds a class, and a Python ``enum`` for each of its enums, when it is
first imported: the ``Qt`` namespace alone has about 100).  The window cannot start sooner than
this without leaving Qt classes out; ``qt_types_ratio_median`` is its median over the bare
window's, the part of the ratio that is PySide6's before any of the program's own code runs.

``first_frame``: the same, with only the Qt classes of what the first frame shows (``FIRST_FRAME``:
the ``Qt`` namespace, a menu bar of actions with shortcuts, tool bars with a slider, spin boxes, a
combo box and a check box, docks in tabs holding a table and a list, a status bar, and the painter's
classes for the board), none of the dialogs' or the panels' that start hidden.  A lower bound for any
window that shows these, before a widget is built or a line of the program runs:
``first_frame_ratio_median`` against the issue's 1.5.

Both sides run from compiled bytecode, as an installed program does (pip compiles
what it installs; a first run writes the caches): the package is copied to a
temporary directory and compiled there first, so the figures never include
compiling its sources, whatever ``PYTHONDONTWRITEBYTECODE`` says.
"""

from __future__ import annotations

import argparse
import ast
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_PAINTED = r'''
def _painted():
    print(time.time(), flush=True)
    app.exit(0)

class _FirstPaint(QObject):
    # The window's own Paint comes first in its first repaint, then its children's (the board,
    # the panels): the time is taken once that repaint is over, as the next turn of the loop.
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and obj is window:
            window.removeEventFilter(self)
            QTimer.singleShot(0, _painted)
        return False
'''

_BARE = r'''
import time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.resize(1000, 700)
''' + _PAINTED + r'''
watcher = _FirstPaint()
window.installEventFilter(watcher)
window.show()
app.exec()
'''

_WINDOW = r'''
import time
import knight_gui.cli  # what the knight-tour command imports first (knight_gui.app.main)
from knight_gui.app import prepare_qt_environment
prepare_qt_environment()
from knight_gui.ui import app as ui_app  # as the command does to open the window, before Qt
from PySide6.QtCore import QEvent, QObject, QTimer
app = ui_app.make_application()
window = ui_app.main_window()
''' + _PAINTED + r'''
watcher = _FirstPaint()
window.installEventFilter(watcher)
window.show()
app.exec()
'''


_WINDOW_MODULES = r'''
import json, sys
from knight_gui.ui import app as ui_app
app = ui_app.make_application()
window = ui_app.main_window()
print(json.dumps(sorted(name for name in sys.modules if name.startswith("knight_gui"))))
'''


#: The Qt classes of what the window's first frame shows (see the module's text).
FIRST_FRAME = {
    "PySide6.QtCore": ("Qt", "QAbstractTableModel", "QSettings", "QTranslator"),
    "PySide6.QtGui": ("QAction", "QKeySequence", "QPainter", "QColor", "QPen", "QBrush", "QFont",
                      "QFontMetricsF"),
    "PySide6.QtWidgets": ("QMenuBar", "QMenu", "QToolBar", "QToolButton", "QSlider", "QSpinBox", "QComboBox",
                          "QCheckBox", "QLabel", "QDockWidget", "QTabBar", "QTableView", "QHeaderView",
                          "QListWidget", "QStatusBar"),
}


def first_frame() -> str:
    """Code that makes the Qt classes in ``FIRST_FRAME``, then the bare window."""
    made = "".join(f"from {module} import {', '.join(names)}\n" for module, names in FIRST_FRAME.items())
    return made + _BARE


def qt_types(env: dict[str, str], cwd: str, code: str) -> str:
    """Code that makes every Qt class the opened window's modules import (``from PySide6.X import …``
    at the top of each module), then the bare window."""
    out = subprocess.run([sys.executable, "-c", _WINDOW_MODULES], env=env, cwd=cwd, check=True,
                         capture_output=True, text=True).stdout
    names: set[tuple[str, str]] = set()
    for module in json.loads(out.splitlines()[-1]):
        path = Path(code, *module.split("."))
        source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        for node in ast.parse(source.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("PySide6."):
                names.update((str(node.module), alias.name) for alias in node.names)
    made = "".join(f"{name} = importlib.import_module({module!r}).{name}\n" for module, name in sorted(names))
    return "import importlib\n" + made + _BARE


def once(code: str, env: dict[str, str], cwd: str) -> float:
    began = time.time()
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, check=True, capture_output=True,
                         text=True).stdout
    return float(out.split()[0]) - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        code = os.path.join(home, "code")
        shutil.copytree(ROOT / "knight_gui", os.path.join(code, "knight_gui"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        compileall.compile_dir(os.path.join(code, "knight_gui"), quiet=1)
        # (run in ``home``: ``-c`` puts the working directory first on the path, and the sources
        # there would be imported instead of the compiled copy)
        env = dict(os.environ, PYTHONPATH=code, XDG_CONFIG_HOME=home, HOME=home)
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        floor, frame = qt_types(env, home, code), first_frame()
        for warm in (_BARE, _WINDOW, floor, frame):  # warm the disk caches
            once(warm, env, home)
        load = os.getloadavg()[0]
        bare, window, types, shown = [], [], [], []
        for _ in range(args.runs):
            bare.append(once(_BARE, env, home))
            window.append(once(_WINDOW, env, home))
            types.append(once(floor, env, home))
            shown.append(once(frame, env, home))
    print(json.dumps({
        "bare_seconds_best": round(min(bare), 3), "bare_seconds_median": round(statistics.median(bare), 3),
        "window_seconds_best": round(min(window), 3),
        "window_seconds_median": round(statistics.median(window), 3),
        "ratio_median": round(statistics.median(window) / statistics.median(bare), 2),
        "ratio_best": round(min(window) / min(bare), 2),
        "qt_types_seconds_median": round(statistics.median(types), 3),
        "qt_types_ratio_median": round(statistics.median(types) / statistics.median(bare), 2),
        "first_frame_seconds_median": round(statistics.median(shown), 3),
        "first_frame_ratio_median": round(statistics.median(shown) / statistics.median(bare), 2),
        "runs": args.runs, "platform": env["QT_QPA_PLATFORM"],
        "load_average": [round(load, 2), round(os.getloadavg()[0], 2)],
    }))


if __name__ == "__main__":
    main()
