"""Start-up: from process start to the first painted window, against a bare PySide6 window; one JSON line.

Run from the repository root (offscreen unless QT_QPA_PLATFORM is set):

    python benchmarks/bench_startup.py            # 7 runs of each, alternated
    python benchmarks/bench_startup.py --runs 11

Each run is a fresh interpreter.  ``bare``: ``QApplication``, a ``QMainWindow``
shown, until it has painted.  ``window``: what ``knight-tour`` does to open its
window (``knight_gui.ui.app``: ``make_application`` and ``main_window``, the settings, translator, the main
window restored and shown), until it has painted.  Wall seconds from just before the
process is started to the end of its first paint, the window and every child shown in it
(``time.time()`` on both sides), best and median; the ratio of the medians (issue 11: at most 1.5).

Both sides run from compiled bytecode, as an installed program does (pip compiles
what it installs; a first run writes the caches): the package is copied to a
temporary directory and compiled there first, so the figures never include
compiling its sources, whatever ``PYTHONDONTWRITEBYTECODE`` says.
"""

from __future__ import annotations

import argparse
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
from knight_gui.app import prepare_qt_environment
prepare_qt_environment()
from PySide6.QtCore import QEvent, QObject, QTimer
from knight_gui.ui import app as ui_app
app = ui_app.make_application()
window = ui_app.main_window()
''' + _PAINTED + r'''
watcher = _FirstPaint()
window.installEventFilter(watcher)
window.show()
app.exec()
'''


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
        once(_BARE, env, home), once(_WINDOW, env, home)  # warm the disk caches
        load = os.getloadavg()[0]
        bare, window = [], []
        for _ in range(args.runs):
            bare.append(once(_BARE, env, home))
            window.append(once(_WINDOW, env, home))
    print(json.dumps({
        "bare_seconds_best": round(min(bare), 3), "bare_seconds_median": round(statistics.median(bare), 3),
        "window_seconds_best": round(min(window), 3),
        "window_seconds_median": round(statistics.median(window), 3),
        "ratio_median": round(statistics.median(window) / statistics.median(bare), 2),
        "ratio_best": round(min(window) / min(bare), 2),
        "runs": args.runs, "platform": env["QT_QPA_PLATFORM"],
        "load_average": [round(load, 2), round(os.getloadavg()[0], 2)],
    }))


if __name__ == "__main__":
    main()
