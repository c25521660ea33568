"""The showcase: plain backtracking on 8x8 from a8 played to its first tour with End; one JSON line.

Run from the repository root (offscreen, no screen needed; about half a minute on a quiet machine):

    python benchmarks/bench_showcase.py

Measured side by side in one run, each in a fresh interpreter:

* ``cli_seconds``: ``knight-tour solve --size 8 --start a8 -a backtracking`` as a whole process
  (wall time), the same search the window plays;
* ``window_seconds``: the window (every panel shown, offscreen) from pressing End on the
  placed knight until the tour is shown: the search run, recorded and brought to the views
  frame by frame; ``events`` is how many events that took and ``peak_mb`` the window
  process's peak resident memory (``ru_maxrss``);
* ``ratio``: window_seconds / cli_seconds (issue 11: at most 2), and the CPU seconds of each.

With ``--rounds N`` the command line and the window alternate N times and the medians are shown.
With ``--platform xcb`` the window is a real one on the X server in ``DISPLAY``, for example a
virtual screen: ``xvfb-run -s "-screen 0 1024x768x24" python benchmarks/bench_showcase.py
--platform xcb`` (painting then goes through the X server, as on a desktop).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_WINDOW = r'''
import json, os, resource, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from knight_gui.app import prepare_qt_environment
prepare_qt_environment()
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from knight_gui.ui.main_window import MainWindow
store = QSettings(sys.argv[1], QSettings.Format.IniFormat)
store.clear()
window = MainWindow(settings=store)
window.show()
window.apply_settings(8, 8, "backtracking")
window.player.place(0)  # a8
app.processEvents()
done = []
def finished(outcome):
    done.append((time.perf_counter(), time.process_time(), outcome.kind))
    QTimer.singleShot(0, app.quit)
window.player.finished.connect(finished)
began, cpu = time.perf_counter(), time.process_time()
window.finish_action.trigger()  # End
app.exec()
print(json.dumps({"seconds": done[0][0] - began, "cpu": done[0][1] - cpu, "kind": done[0][2],
                  "events": window.player.pos,
                  "status": window.message_label.text(), "time": window.time_label.text(),
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
'''


def run_cli() -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    before = os.times()
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "knight_gui", "solve", "--size", "8", "--start", "a8",
                    "-a", "backtracking", "-q"], check=True, env=env, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - began
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return seconds, cpu


def run_window(platform: str) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM=platform)
    settings = Path("/tmp/knight-bench-showcase.ini")
    out = subprocess.run([sys.executable, "-c", _WINDOW, str(settings)], check=True, env=env,
                         capture_output=True, text=True).stdout
    settings.unlink(missing_ok=True)
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--platform", default="offscreen",
                        help="Qt's platform for the window (default offscreen)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    cli, window = [], []
    for _ in range(args.rounds):
        cli.append(run_cli())
        window.append(run_window(args.platform))
    cli_seconds = statistics.median(c[0] for c in cli)
    window_seconds = statistics.median(float(w["seconds"]) for w in window)  # type: ignore[arg-type]
    last = window[-1]
    print(json.dumps({
        "events": last["events"],
        "window_seconds": round(window_seconds, 2),
        "cli_seconds": round(cli_seconds, 2),
        "ratio": round(window_seconds / cli_seconds, 2),
        "peak_mb": round(max(float(w["peak_mb"]) for w in window), 1),  # type: ignore[arg-type]
        "window_cpu_seconds": round(statistics.median(float(w["cpu"]) for w in window), 2),  # type: ignore[arg-type]
        "cli_cpu_seconds": round(statistics.median(c[1] for c in cli), 2),
        "outcome": last["kind"], "status": last["status"], "time_label": last["time"],
        "rounds": args.rounds, "platform": args.platform,
        "load_average": [round(load, 2), round(os.getloadavg()[0], 2)],
    }, ensure_ascii=False))


if __name__ == "__main__":
    main()
