"""Frames at maximum speed: the GUI thread's time per frame and events per second; one JSON line.

Run from the repository root (offscreen, no screen needed):

    python benchmarks/bench_frames.py            # 4 s per case
    python benchmarks/bench_frames.py --seconds 2

Measured side by side in one run:

* ``generator``: the bare search (8x8 plain backtracking from a8), events per
  wall second and per CPU second, read by a ``for`` loop for as long as a case runs,
  right before and right after each 8x8 case: that case's ratio is to the mean of the
  two, so that the machine's drift (its speed changes by 10-15% from one few seconds to
  the next on a shared host) weighs on both sides alike;
* for 8x8 plain backtracking from a8, 100x100 Warnsdorff from a corner (started
  again whenever it finds its tour, about every 60 ms) and 100x100 plain
  backtracking from a corner (one long search, thousands of squares deep, pushing
  and popping), with every panel shown and without the teaching panels: the
  window at maximum speed in the real event loop, the GUI thread's time per frame
  (from one tick of the player to the next: the run, the views brought up to date,
  the paint), CPU time and wall time, 50% / 95% /
  max in ms, the share of frames within 16 ms, and events per wall second and per
  CPU second, with their ratio to the generator's.  Frames in which the search
  ended and the benchmark placed the knight again, and the first frame of the
  new search (the whole window repaints for it, as for a user's click), are left
  out of the percentiles (their median is shown apart);
* repaints of the board alone at 100x100 (a complete tour shown): a full
  repaint (every cache dropped), and after one more push the repaint of what the
  widget asks to repaint (``BoardWidget.changed_region``) and of the whole
  widget, median in ms (CPU), the rest of the window painted first (a repaint
  makes Qt paint every widget waiting to be painted: the stack table's new row).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from itertools import islice
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")  # as knight_gui.app.prepare_qt_environment
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_panels  # noqa: E402  (benchmarks/: its window, with or without the teaching views)
from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from knight_gui.tour import Board, Search  # noqa: E402
from knight_gui.ui.player import MAX_SPEED, SPEEDS  # noqa: E402

_SETTINGS = Path("/tmp/knight-bench-frames.ini")


def make_window(with_panels: bool):
    """A shown 1200×800 main window with fresh settings; without panels the teaching views are
    hidden and disconnected from the player, as if the window had none (``bench_panels``)."""
    return bench_panels.make_window(with_panels, size=(1200, 800), settings=_SETTINGS)


def generator(seconds: float) -> tuple[float, float]:
    """The bare search: events per wall second and per CPU second."""
    board = Board(8)
    events = 0
    wall, cpu = time.perf_counter(), time.process_time()
    deadline = wall + seconds
    while time.perf_counter() < deadline:
        for _ in islice(Search(board, 0, "backtracking"), 200_000):
            pass
        events += 200_000
    return events / (time.perf_counter() - wall), events / (time.process_time() - cpu)


def run_case(side: int, algorithm: str, with_panels: bool, seconds: float) -> dict[str, float]:
    window = make_window(with_panels)
    window.apply_settings(side, side, algorithm)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    player = window.player
    app = QApplication.instance()
    assert app is not None
    marks: list[tuple[float, float, int]] = []  # (CPU of this thread, wall, restarts) at every tick
    tick = player._tick
    restarts = [0]

    def timed_tick() -> None:
        marks.append((time.thread_time(), time.perf_counter(), restarts[0]))
        tick()

    player._timer.timeout.disconnect()
    player._timer.timeout.connect(timed_tick)
    counted = [0]
    done: list[tuple[float, float]] = []

    def again(_outcome: object = None) -> None:
        if not done:
            counted[0] += player.pos - 1
            restarts[0] += 1
            QTimer.singleShot(0, lambda: (player.place(0), player.play()))

    def stop() -> None:
        done.append((time.perf_counter(), time.process_time()))
        player.pause()
        app.quit()

    player.finished.connect(again)
    player.place(0)
    QApplication.processEvents()
    wall, cpu = time.perf_counter(), time.process_time()
    player.play()
    QTimer.singleShot(int(seconds * 1000), stop)
    app.exec()
    events = counted[0] + player.pos - 1
    # Frames of the run itself: not those in which the search ended and was started again.
    # (a frame is left out when the search ended in it, or when it is the first of the search
    # placed again: the whole window repaints for a new search, as when a user clicks a square)
    pairs = [(a, b) for i, (a, b) in enumerate(zip(marks, marks[1:], strict=False))
             if a[2] == b[2] and (i == 0 or marks[i - 1][2] == a[2])]
    frames_cpu = sorted(b[0] - a[0] for a, b in pairs)
    frames_wall = sorted(b[1] - a[1] for a, b in pairs)
    restart_frames = sorted(b[0] - a[0] for i, (a, b) in enumerate(zip(marks, marks[1:], strict=False))
                            if a[2] != b[2] or (i > 0 and marks[i - 1][2] != a[2]))
    window.close()
    window.deleteLater()
    QApplication.processEvents()

    def pct(values: list[float], p: float) -> float:
        return round(values[min(len(values) - 1, int(len(values) * p))] * 1e3, 2) if values else 0.0

    return {"frames": len(frames_cpu), "restarts": restarts[0],
            "restart_frame_cpu_ms_50": pct(restart_frames, 0.5),
            "cpu_ms_50": pct(frames_cpu, 0.5), "cpu_ms_95": pct(frames_cpu, 0.95),
            "cpu_ms_max": pct(frames_cpu, 1.0),
            "wall_ms_50": pct(frames_wall, 0.5), "wall_ms_95": pct(frames_wall, 0.95),
            "within_16ms_cpu": round(sum(f <= 0.016 for f in frames_cpu) / max(1, len(frames_cpu)), 3),
            "within_16ms_wall": round(sum(f <= 0.016 for f in frames_wall) / max(1, len(frames_wall)), 3),
            "events_per_s": round(events / (done[0][0] - wall)),
            "events_per_cpu_s": round(events / (done[0][1] - cpu))}


def repaints(count: int) -> dict[str, float]:
    """The board alone at 100x100 with a complete tour: full repaint, and one more push (CPU ms)."""
    window = make_window(True)
    window.apply_settings(100, 100, "warnsdorff")
    player = window.player
    player.place(0)
    player.advance(9_000)
    player.changed.emit()
    widget = window.board_widget
    QApplication.processEvents()
    full: list[float] = []
    push: list[float] = []
    push_whole: list[float] = []
    for _ in range(count):
        widget._invalidate()
        widget._path_layer = None
        t = time.thread_time()
        widget.repaint()
        full.append(time.thread_time() - t)
        for times, whole in ((push, False), (push_whole, True)):
            shown = widget.view
            player.advance(1)
            view = window.board_view()  # what the window's refresh shows, for the board only
            QApplication.processEvents()
            window.repaint()  # (all else painted first, the stack table's new row too: the board alone)
            widget.set_view(view)
            # What the widget asks to repaint after a push (``changed_region``); or all of it.
            region = None if whole else widget.changed_region(shown, widget.view)
            t = time.thread_time()
            widget.repaint(widget.rect() if region is None else region)
            times.append(time.thread_time() - t)
    window.close()
    return {"full_repaint_100_ms": round(statistics.median(full) * 1e3, 2),
            "one_push_100_ms": round(statistics.median(push) * 1e3, 2),
            "one_push_100_whole_widget_ms": round(statistics.median(push_whole) * 1e3, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0)
    args = parser.parse_args()
    QApplication.instance() or QApplication([])
    result: dict[str, object] = {"load_average": round(os.getloadavg()[0], 2)}
    generators = [generator(args.seconds)]  # (wall, CPU): before the first 8x8 case, then after each
    for name, side, algorithm in (("8x8", 8, "backtracking"), ("100x100", 100, "warnsdorff"),
                                  ("100x100_backtracking", 100, "backtracking")):
        for panels in (True, False):
            case = run_case(side, algorithm, panels, args.seconds)
            if side == 8:  # the generator again, right after: the ratio is to the two around the case
                generators.append(generator(args.seconds))
                (wall_before, cpu_before), (wall_after, cpu_after) = generators[-2:]
                case["generator_before_events_per_cpu_s"] = round(cpu_before)
                case["generator_after_events_per_cpu_s"] = round(cpu_after)
                gen_wall, gen_cpu = (wall_before + wall_after) / 2, (cpu_before + cpu_after) / 2
                case["ratio_to_generator_wall"] = round(case["events_per_s"] / gen_wall, 3)
                case["ratio_to_generator_cpu"] = round(case["events_per_cpu_s"] / gen_cpu, 3)
            result[f"{name}_{'panels' if panels else 'bare'}"] = case
    result["generator_events_per_s"] = round(statistics.median(wall for wall, _ in generators))
    result["generator_events_per_cpu_s"] = round(statistics.median(cpu for _, cpu in generators))
    result.update(repaints(15))
    result["load_average_after"] = round(os.getloadavg()[0], 2)
    print(json.dumps(result))
    _SETTINGS.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
