"""The analysis figures against the targets of issue 5; one JSON line.

Run from the repository root (offscreen, no screen needed):

    .venv/bin/python benchmarks/bench_analysis.py              # everything, about 15 seconds
    .venv/bin/python benchmarks/bench_analysis.py --repaint    # the repaints only

Measured in one run (wall-clock, best of a few runs, unless marked CPU or worst):

* ``engine_loop_ms`` (best of 5), ``cli_process_ms`` (best of 3) and
  ``gui_all_starts_ms`` (best of 5): all 64 starts of 8x8, the engine loop called
  directly, ``knight-tour solve --size 8 --all`` as a whole process (``cli_reports``:
  its summary line), and the GUI action (Ctrl+A: a worker thread, results back by
  signal, heatmap and table filled) to the last result shown; ``gui_to_cli_ratio``
  and ``gui_to_engine_ratio``; target ``gui_to_cli_target`` (GUI <= 2x CLI),
  ``gui_to_cli_met``;
* ``cancel_all_starts_ms`` and ``cancel_count_ms``: cancellation latency of an
  all-starts run and of a 6x6 count, worst of 3; target ``cancel_target_ms`` (100),
  ``cancel_all_starts_met``, ``cancel_count_met``;
* ``tick_gaps_idle`` and ``tick_gaps_during_run``: the gaps between two 5 ms timer
  ticks of the GUI thread (``median_ms``, ``p99_ms``, ``longest_ms``), the window
  idle and during a plain-backtracking all-starts run (how responsive it stays);
* ``repaint``: a 100x100 board with a complete tour and a heatmap, at ``zoom_1``
  (fit) and ``zoom_4``: ``full`` (every layer painted again, as after a backtrack,
  a wheel zoom or a resize), ``pan`` (zoom 4 only: the view dragged by a few
  pixels), ``new_heatmap`` (as while results come in: the cached path is kept),
  ``push`` (the path one square longer while playing: only the new segment is
  drawn) and ``hover`` (the cached base blitted); each ``wall_ms`` and
  ``longest_wall_ms`` (median and longest of 15) and ``cpu_ms`` (median of the
  thread's CPU time); target ``repaint_target_ms`` (16): ``repaint_met`` when every
  median wall time is within it, ``repaint_cpu_met`` every median CPU time.
  ``--repaint`` prints only these.

Also ``cpus`` and ``load_average`` (before and after the run).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")  # as knight_gui.app.prepare_qt_environment

from PySide6.QtCore import QEventLoop, QPointF, QSettings, QTimer  # noqa: E402
from PySide6.QtGui import QImage  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from knight_gui.tour import Board, Outcome, Search  # noqa: E402
from knight_gui.ui.analysis.heatmap import build_heat  # noqa: E402
from knight_gui.ui.analysis.results import StartResult  # noqa: E402
from knight_gui.ui.board_widget import BoardWidget  # noqa: E402
from knight_gui.ui.main_window import MainWindow  # noqa: E402
from knight_gui.ui.painting import BoardView  # noqa: E402

RUNS = 5


def engine_loop(n: int = 8, algorithm: str = "warnsdorff") -> float:
    """Seconds for every start of n x n, the engine called directly as the CLI does."""
    board = Board(n)
    began = time.perf_counter()
    for start in range(board.size):
        search = Search(board, start, algorithm)
        for event in search:
            if event.__class__ is Outcome:
                break
    return time.perf_counter() - began


def cli_all(n: int = 8) -> tuple[float, str]:
    """Wall seconds of ``knight-tour solve --size n --all`` as a process, and its summary line."""
    began = time.perf_counter()
    program = shutil.which("knight-tour")
    command = [program] if program else [sys.executable, "-c", "import sys; from knight_gui.cli import main; "
                                                               "sys.exit(main())"]
    out = subprocess.run([*command, "solve", "--size", str(n), "--all"], capture_output=True, text=True,
                         check=False)
    took = time.perf_counter() - began
    lines = out.stdout.strip().splitlines()
    return took, lines[-1] if lines else out.stderr.strip()


def wait(signal, timeout_ms: int = 120_000) -> None:
    loop = QEventLoop()
    signal.connect(loop.quit)
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()
    signal.disconnect(loop.quit)


def gui_all(window: MainWindow) -> float:
    """Seconds from Ctrl+A to the run's end with every result shown."""
    panel = window.analysis_panel.every_square
    began = time.perf_counter()
    window.solve_all_action.trigger()
    wait(panel.run_finished)
    took = time.perf_counter() - began
    assert len(panel.results) == 64, len(panel.results)
    return took


def cancel_latency(window: MainWindow, after_ms: int = 300) -> float:
    """Seconds from Cancel to the run's end, plain backtracking with a huge budget."""
    panel = window.analysis_panel.every_square
    window.apply_settings(8, 8, "backtracking")
    panel.budget_spin.setValue(2_000_000_000)
    window.solve_all_action.trigger()
    loop = QEventLoop()
    QTimer.singleShot(after_ms, loop.quit)
    loop.exec()
    began = time.perf_counter()
    panel.cancel_run()
    wait(panel.run_finished)
    return time.perf_counter() - began


def responsiveness(window: MainWindow, run: bool, seconds: float = 3.0) -> tuple[float, float, float]:
    """Median, 99th percentile and longest gap (ms) between 5 ms GUI timer ticks.

    With ``run`` during a plain-backtracking all-starts run (measured from
    0.3 s after Ctrl+A on), else with the window idle, for comparison.
    """
    panel = window.analysis_panel.every_square
    window.apply_settings(8, 8, "backtracking")
    panel.budget_spin.setValue(2_000_000_000)
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    if run:
        window.solve_all_action.trigger()
    loop = QEventLoop()
    QTimer.singleShot(300, loop.quit)
    loop.exec()
    timer.start()
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()
    timer.stop()
    if run:
        panel.cancel_run()
        wait(panel.run_finished)
    gaps = sorted((b - a) * 1000 for a, b in zip(ticks, ticks[1:], strict=False))
    return statistics.median(gaps), gaps[int(len(gaps) * 0.99)], gaps[-1]


def count_cancel_latency(window: MainWindow, after_ms: int = 500) -> float:
    """Seconds from Cancel to the end of a 6x6 count (about a minute of work)."""
    panel = window.analysis_panel.counting
    window.apply_settings(6, 6, "warnsdorff")
    window.player.place(0)
    window.count_action.trigger()
    loop = QEventLoop()
    QTimer.singleShot(after_ms, loop.quit)
    loop.exec()
    began = time.perf_counter()
    panel.cancel_count()
    wait(panel.count_finished)
    return time.perf_counter() - began


def repaint_100(zoom: float = 1.0) -> dict[str, dict[str, float]]:
    """Median wall ms, longest wall ms and median CPU ms of repainting a 100x100 tour with a
    heatmap in an 800x760 widget, 15 times each."""
    board = Board(100)
    search = Search(board, 0)
    for event in search:
        if event.__class__ is Outcome:
            break
    path = search.path()
    results = [StartResult(sq, "tour", "tour", (1,), 10_000 + (sq * 7919) % 5000, (sq * 31) % 900, 0,
                           10_000, 0.01) for sq in range(board.size)]
    heats = [build_heat(board, results, metric)[0] for metric in ("pushes", "pops")]
    widget = BoardWidget()
    widget.resize(800, 760)
    widget.show()
    widget.set_view(BoardView(board, path=path, start=0, show_knight=False))
    widget.set_heat(heats[0])
    if zoom != 1.0:
        widget.set_zoom(zoom, QPointF(400, 380))
    image = QImage(widget.size(), QImage.Format.Format_ARGB32_Premultiplied)
    widget.render(image)
    figures = {}
    labels = ("full", "pan", "new_heatmap", "push", "hover") if zoom != 1.0 else \
        ("full", "new_heatmap", "push", "hover")
    for label in labels:
        walls, cpus = [], []
        for i in range(15):
            if label == "full":  # as after a backtrack, zoom or resize: every layer painted again
                widget._base = None
                widget._path_layer = None
            elif label == "pan":  # a drag: the view moved by a few pixels, back and forth
                widget.pan_by(7 if i % 4 < 2 else -7, -5 if i % 4 < 2 else 5)
            elif label == "new_heatmap":  # results came in: squares and text again, the path kept
                widget.set_heat(heats[i % 2])
            elif label == "push":  # playing: the path one square longer, only its new segment drawn
                widget.set_view(BoardView(board, path=path[:5000 + i], start=0))
            else:
                widget.view.hover = i % board.size
            wall, cpu = time.perf_counter(), time.thread_time()
            widget.render(image)
            walls.append((time.perf_counter() - wall) * 1000)
            cpus.append((time.thread_time() - cpu) * 1000)
        figures[label] = {"wall_ms": round(statistics.median(walls), 1),
                          "longest_wall_ms": round(max(walls), 1),
                          "cpu_ms": round(statistics.median(cpus), 1)}
    widget.close()
    return figures


def repaints() -> dict[str, object]:
    """The repaint figures at fit and zoomed in 4x, with the target."""
    log("repaints of a 100x100 tour with a heatmap")
    figures = {f"zoom_{zoom:g}": repaint_100(zoom) for zoom in (1.0, 4.0)}
    every = [f for zoom in figures.values() for f in zoom.values()]
    return {"repaint": figures, "repaint_target_ms": 16,
            "repaint_met": all(f["wall_ms"] <= 16 for f in every),
            "repaint_cpu_met": all(f["cpu_ms"] <= 16 for f in every)}


def gaps(figures: tuple[float, float, float]) -> dict[str, float]:
    return dict(zip(("median_ms", "p99_ms", "longest_ms"), (round(f, 1) for f in figures), strict=True))


def log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def gui_figures() -> dict[str, object]:
    """Every figure but the repaints."""
    log(f"engine loop, 64 starts of 8x8 warnsdorff, best of {RUNS}")
    engine = min(engine_loop() for _ in range(RUNS))
    log("CLI knight-tour solve --size 8 --all, whole process, best of 3")
    cli_runs = [cli_all() for _ in range(3)]
    cli = min(t for t, _ in cli_runs)
    # Settings of its own, in a folder thrown away after: never os.devnull.  QSettings writes its file
    # by renaming a new one into place, and run as root that replaced the device /dev/null with a
    # regular file (and the next program to write there filled it).
    settings_folder = tempfile.TemporaryDirectory(prefix="knight-bench-analysis-")
    window = MainWindow(settings=QSettings(os.path.join(settings_folder.name, "settings.ini"),
                                           QSettings.Format.IniFormat))
    window.resize(1280, 860)
    window.show()
    log(f"GUI Ctrl+A, 64 starts of 8x8 to the last result shown, best of {RUNS}")
    gui_all(window)  # warm up (imports, first paint)
    gui = min(gui_all(window) for _ in range(RUNS))
    log("cancel an all-starts run (backtracking), worst of 3")
    cancel_all = max(cancel_latency(window) * 1000 for _ in range(3))
    log("GUI thread, 5 ms timer: idle, then during a backtracking all-starts run")
    idle, busy = (responsiveness(window, run) for run in (False, True))
    log("cancel a 6x6 count, worst of 3")
    cancel_count = max(count_cancel_latency(window) * 1000 for _ in range(3))
    window.close()
    settings_folder.cleanup()
    return {"engine_loop_ms": round(engine * 1000, 1), "cli_process_ms": round(cli * 1000),
            "cli_reports": cli_runs[0][1], "gui_all_starts_ms": round(gui * 1000, 1),
            "gui_to_cli_ratio": round(gui / cli, 2), "gui_to_engine_ratio": round(gui / engine, 2),
            "gui_to_cli_target": 2, "gui_to_cli_met": gui <= 2 * cli,
            "cancel_all_starts_ms": round(cancel_all, 1), "cancel_count_ms": round(cancel_count, 1),
            "cancel_target_ms": 100, "cancel_all_starts_met": cancel_all <= 100,
            "cancel_count_met": cancel_count <= 100, "tick_gaps_idle": gaps(idle),
            "tick_gaps_during_run": gaps(busy)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repaint", action="store_true", help="only the repaints of a 100x100 board")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    load = round(os.getloadavg()[0], 2)
    figures = {} if args.repaint else gui_figures()
    figures.update(repaints())
    load_after = round(os.getloadavg()[0], 2)
    print(json.dumps({"cpus": os.cpu_count(), "load_average": [load, load_after], **figures}))
    app.quit()


if __name__ == "__main__":
    main()
