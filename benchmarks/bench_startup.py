"""Start-up: from process start to the first painted window, against a bare PySide6 window; one JSON line.

Run from the repository root (offscreen unless QT_QPA_PLATFORM is set):

    python benchmarks/bench_startup.py            # 7 runs of each, alternated
    python benchmarks/bench_startup.py --runs 11

Each run is a fresh interpreter.  ``bare``: ``QApplication``, a ``QMainWindow``
shown, until it has painted.  ``window``: what ``knight-tour`` does to open its
window (``knight_gui.ui.app``: the application, settings, translator, the main
window restored and shown), until it has painted.  Wall seconds from just before the
process is started to its first paint (``time.time()`` on both sides), best and
median; the ratio of the medians (issue 11: at most 1.5).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_PAINTED = r'''
class _FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and obj is window:
            print(time.time(), flush=True)
            app.exit(0)
        return False
'''

_BARE = r'''
import time
from PySide6.QtCore import QEvent, QObject
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
from PySide6.QtCore import QEvent, QObject
from knight_gui.ui import app as ui_app
from knight_gui.ui import i18n, settings as app_settings
from knight_gui.ui.main_window import MainWindow
app = ui_app.make_application()
settings = app_settings.open_settings()
i18n.install_translator(i18n.resolve(app_settings.read(settings).language))
window = MainWindow(settings=settings)
''' + _PAINTED + r'''
watcher = _FirstPaint()
window.installEventFilter(watcher)
window.show()
app.exec()
'''


def once(code: str, env: dict[str, str]) -> float:
    began = time.time()
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                         text=True).stdout
    return float(out.split()[0]) - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CONFIG_HOME=home, HOME=home)
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        once(_BARE, env), once(_WINDOW, env)  # warm the disk caches
        load = os.getloadavg()[0]
        bare, window = [], []
        for _ in range(args.runs):
            bare.append(once(_BARE, env))
            window.append(once(_WINDOW, env))
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
