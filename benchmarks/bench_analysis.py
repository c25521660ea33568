"""Print the analysis figures against the targets of issue 5.

Run from the repository root (headless):

    python benchmarks/bench_analysis.py

* all 64 starts of 8x8 through the GUI action (Ctrl+A: a worker thread,
  results back by signal, heatmap and table filled) against the engine loop
  called directly and against ``knight-tour solve --size 8 --all``: target
  GUI <= 2x CLI;
* cancellation latency of an all-starts run and of a count: target <= 100 ms;
* the longest gap between two 5 ms timer ticks of the GUI thread during a
  plain-backtracking all-starts run (how responsive the window stays);
* repaint of a 100x100 board with a complete tour and a heatmap, at fit and
  zoomed in 4x: full (every layer painted again, as after a backtrack, a
  wheel zoom or a resize), a pan (zoomed: the view dragged by a few pixels),
  a new heatmap (as while results come in: the cached path is kept), a push
  (the path one square longer while playing: only the new segment is drawn)
  and a hover (the cached base blitted); median and longest of 15 in wall
  time, and the median in the thread's CPU time: target <= 16 ms.
  ``--repaint`` prints only these.

Times are wall-clock on this machine (best of a few runs) unless marked CPU.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
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


def repaint_100(zoom: float = 1.0) -> dict[str, tuple[float, float, float]]:
    """(median wall ms, longest wall ms, median CPU ms) of repainting a 100x100 tour with a
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
    labels = ("full", "pan", "new heatmap", "a push", "hover") if zoom != 1.0 else \
        ("full", "new heatmap", "a push", "hover")
    for label in labels:
        walls, cpus = [], []
        for i in range(15):
            if label == "full":  # as after a backtrack, zoom or resize: every layer painted again
                widget._base = None
                widget._path_layer = None
            elif label == "pan":  # a drag: the view moved by a few pixels, back and forth
                widget.pan_by(7 if i % 4 < 2 else -7, -5 if i % 4 < 2 else 5)
            elif label == "new heatmap":  # results came in: squares and text again, the path kept
                widget.set_heat(heats[i % 2])
            elif label == "a push":  # playing: the path one square longer, only its new segment drawn
                widget.set_view(BoardView(board, path=path[:5000 + i], start=0))
            else:
                widget.view.hover = i % board.size
            wall, cpu = time.perf_counter(), time.thread_time()
            widget.render(image)
            walls.append((time.perf_counter() - wall) * 1000)
            cpus.append((time.thread_time() - cpu) * 1000)
        figures[label] = (statistics.median(walls), max(walls), statistics.median(cpus))
    widget.close()
    return figures


def print_repaints() -> None:
    for zoom in (1.0, 4.0):
        figures = repaint_100(zoom)
        for label, (wall, longest, cpu) in figures.items():
            print(f"repaint 100x100 tour + heatmap, zoom {zoom:g}, {label}: {wall:.1f} ms wall "
                  f"(longest {longest:.1f}), {cpu:.1f} ms CPU (median of 15; target <= 16 ms)")


def main() -> None:
    app = QApplication.instance() or QApplication([])
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    if "--repaint" in sys.argv[1:]:
        print_repaints()
        return
    engine = min(engine_loop() for _ in range(RUNS))
    print(f"engine loop, 64 starts of 8x8 warnsdorff: {engine * 1000:.1f} ms (best of {RUNS})")
    cli_runs = [cli_all() for _ in range(3)]
    cli = min(t for t, _ in cli_runs)
    print(f"CLI knight-tour solve --size 8 --all, whole process: {cli * 1000:.0f} ms (best of 3); "
          f"it reports: {cli_runs[0][1]}")
    window = MainWindow(settings=QSettings(os.devnull, QSettings.Format.IniFormat))
    window.resize(1280, 860)
    window.show()
    gui_all(window)  # warm up (imports, first paint)
    gui = min(gui_all(window) for _ in range(RUNS))
    print(f"GUI Ctrl+A, 64 starts of 8x8 to the last result shown: {gui * 1000:.1f} ms (best of {RUNS}); "
          f"{gui / cli:.2f}x the CLI process, {gui / engine:.2f}x the bare engine loop (target <= 2x CLI)")
    latencies = [cancel_latency(window) * 1000 for _ in range(3)]
    print(f"cancel an all-starts run (backtracking): {max(latencies):.1f} ms worst of 3 (target <= 100 ms)")
    for run in (False, True):
        median, p99, worst = responsiveness(window, run)
        what = "during a backtracking all-starts run" if run else "idle window (baseline)"
        print(f"GUI thread, 5 ms timer, {what}: gaps median {median:.1f} ms, 99th percentile "
              f"{p99:.1f} ms, longest {worst:.1f} ms")
    latencies = [count_cancel_latency(window) * 1000 for _ in range(3)]
    print(f"cancel a 6x6 count: {max(latencies):.1f} ms worst of 3 (target <= 100 ms)")
    window.close()
    print_repaints()
    app.quit()


if __name__ == "__main__":
    main()
