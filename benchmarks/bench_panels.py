"""The teaching views' figures against the targets of issue 4; one JSON line.

Run from the repository root (offscreen, no screen needed):

    .venv/bin/python benchmarks/bench_panels.py                # everything (a few minutes: 10^6 events first)
    .venv/bin/python benchmarks/bench_panels.py --quick        # 2*10^5 events, shorter speed runs
    .venv/bin/python benchmarks/bench_panels.py --speed-only   # only the maximum-speed runs

1. Jumps: after ``jump_events`` (10^6) events of plain backtracking on 8x8
   (made in ``events_made_s``; the history with its ``history_checkpoints``
   checkpoints takes ``history_mb``), ``jumps`` random jumps on the timeline
   (slider position -> player.seek -> every view updated, as when dragging).
   ``seek_alone``: the player's seek alone; ``jump_every_view_updated``: the
   whole jump with every view brought up to date (the synchronous work of a drag
   step); each ``wall_median_ms``, ``wall_p95_ms``, ``wall_max_ms`` and the same
   in the process's CPU time (``cpu_...``).  ``window_repaint_ms``: one full
   repaint of the window, for scale.  Target ``jump_target_ms`` (16 ms each):
   ``jump_met`` when the longest whole jump (wall) is within it.
2. Speed: events per second at maximum speed in the real event loop, the
   window without the teaching views (``no_teaching_views``), with them shown
   (``panels_shown``) and with their docks hidden (``panels_docks_hidden``);
   ``speed_8x8_backtracking`` (a stack that moves at the top) and
   ``speed_50x50_warnsdorff`` (a stack 2,500 frames deep).  Each configuration:
   ``events_per_s`` and ``events_per_cpu_s`` (per CPU second of this process),
   the median of ``speed_rounds`` runs of ``speed_run_s`` each (the configurations
   alternate, since the machine may be busy), ``ratio`` and ``cpu_ratio`` to the
   window without the views, and every run's ``runs_events_per_s``.  The board
   widget has the same size (``board_widget_px``) in every configuration.
   Target ``speed_target_ratio`` (with the panels, at least half the speed
   without them): ``met`` per case when ``panels_shown``'s ``ratio`` reaches it,
   ``speed_met`` for both.

Also ``cpus`` and ``load_average`` (before and after).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")  # as knight_gui.app.prepare_qt_environment
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QObject, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from knight_gui.ui import main_window as main_window_module  # noqa: E402
from knight_gui.ui.player import MAX_SPEED, SPEEDS  # noqa: E402

_SETTINGS = Path("/tmp/knight-bench-panels.ini")


def make_window(with_panels: bool = True, docks_hidden: bool = False, size: tuple[int, int] | None = None,
                settings: Path = _SETTINGS):
    """A shown main window with fresh settings (in ``settings``), of ``size`` if given; the teaching
    views kept or taken out (``bench_frames.py`` uses it too).

    Taken out: their docks and the timeline are hidden and every one of them
    is disconnected from the player, as if the window had none.
    """
    store = QSettings(str(settings), QSettings.Format.IniFormat)
    store.clear()
    window = main_window_module.MainWindow(settings=store)
    if size is not None:
        window.resize(*size)
    if not with_panels:
        views = window.teaching
        for dock in views.docks:
            dock.hide()
        views.timeline.hide()
        for view in (views, views.stack_panel, views.event_log, views.pseudocode, views.timeline,
                     *views.stack_panel.findChildren(QObject), *views.event_log.findChildren(QObject),
                     *views.pseudocode.findChildren(QObject), *views.timeline.findChildren(QObject)):
            window.player.disconnect(view)
    window.show()
    if with_panels and docks_hidden:
        for dock in window.teaching.docks:
            dock.hide()
    QApplication.processEvents()
    return window


def percentiles(values: list[float], prefix: str) -> dict[str, float]:
    """Median, 95th percentile and longest of ``values`` (seconds), in ms."""
    v = sorted(values)
    return {f"{prefix}_median_ms": round(statistics.median(v) * 1e3, 2),
            f"{prefix}_p95_ms": round(v[int(len(v) * 0.95)] * 1e3, 2),
            f"{prefix}_max_ms": round(v[-1] * 1e3, 2)}


def jumps(events: int, count: int) -> dict[str, object]:
    log(f"-- jumps on the timeline after {events:,} events (8x8 plain backtracking from a8)")
    window = make_window()
    window.apply_settings(8, 8, "backtracking")
    player = window.player
    player.place(0)
    t0 = time.perf_counter()
    player.advance(events - 1)
    made = time.perf_counter() - t0
    player.changed.emit()
    QApplication.processEvents()
    history_mb = player.history.nbytes() / 1e6
    figures: dict[str, object] = {"jump_events": len(player.history), "events_made_s": round(made, 1),
                                  "history_checkpoints": player.history.checkpoints,
                                  "history_mb": round(history_mb, 1), "jumps": count}
    rng = random.Random(1)
    total = len(player.history)
    measures: dict[str, list[tuple[float, float]]] = {"seek_alone": [], "jump_every_view_updated": []}
    slider = window.teaching.timeline.slider
    for _ in range(count):
        target = rng.randint(1, total)
        player.blockSignals(True)  # the seek alone: no view hears of it
        start, cpu = time.perf_counter(), time.process_time()
        player.seek(target)
        measures["seek_alone"].append((time.perf_counter() - start, time.process_time() - cpu))
        player.blockSignals(False)
        player.seek(rng.randint(1, total))  # somewhere else again, for the next measure
        target = rng.randint(1, total)
        start, cpu = time.perf_counter(), time.process_time()
        slider.setSliderPosition(target)  # as a drag does: seek, then every view follows
        measures["jump_every_view_updated"].append((time.perf_counter() - start, time.process_time() - cpu))
        assert player.pos == target
    start = time.perf_counter()
    window.grab()
    paint = time.perf_counter() - start
    for name, values in measures.items():
        walls, cpus = zip(*values, strict=True)
        figures[name] = {**percentiles(list(walls), "wall"), **percentiles(list(cpus), "cpu")}
    longest = max(x[0] for x in measures["jump_every_view_updated"])
    figures.update({"window_repaint_ms": round(paint * 1e3, 1), "jump_target_ms": 16,
                    "jump_met": longest * 1e3 <= 16})
    window.close()
    return figures


def speed_run(window, seconds: float, start_square: int) -> tuple[float, float]:
    """Events per wall-clock second and per CPU second of this process, at maximum speed.

    A search that ends (a tour) starts again from its square, so the run lasts ``seconds``.
    """
    player = window.player
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    app = QApplication.instance()
    assert app is not None
    done = []
    counted = [0]

    def stop():
        player.pause()
        done.append((time.perf_counter(), time.process_time()))
        app.quit()

    def again(_outcome=None):
        if not done:
            counted[0] += player.pos - 1
            QTimer.singleShot(0, lambda: (player.place(start_square), player.play()))

    player.finished.connect(again)
    player.place(start_square)
    player.play()
    start, cpu = time.perf_counter(), time.process_time()
    QTimer.singleShot(int(seconds * 1000), stop)
    app.exec()
    events = counted[0] + player.pos - 1
    return events / (done[0][0] - start), events / max(1e-9, done[0][1] - cpu)


def speeds(seconds: float, rounds: int) -> dict[str, object]:
    cases = (("8x8_backtracking", 8, "backtracking", 0), ("50x50_warnsdorff", 50, "warnsdorff", 0))
    configs = (("no_teaching_views", False, False), ("panels_shown", True, False),
               ("panels_docks_hidden", True, True))
    # The board is painted every frame and costs more than anything else: give it the same size
    # in every configuration (the size it has beside the panels), so only the panels differ.
    reference = make_window(True, False)
    board_size = reference.board_widget.size()
    reference.close()
    figures: dict[str, object] = {"speed_run_s": seconds, "speed_rounds": rounds,
                                  "board_widget_px": [board_size.width(), board_size.height()]}
    met = []
    for title, side, algorithm, start in cases:
        log(f"-- maximum speed, {title}, {seconds:g} s x {rounds} rounds")
        results: dict[str, list[tuple[float, float]]] = {name: [] for name, *_ in configs}
        for _ in range(rounds):
            for name, panels, hidden in configs:
                window = make_window(panels, hidden)
                extra = window.board_widget.size() - board_size
                window.resize(window.width() - extra.width(), window.height() - extra.height())
                QApplication.processEvents()
                assert window.board_widget.size() == board_size, (window.board_widget.size(), board_size)
                window.apply_settings(side, side, algorithm)
                results[name].append(speed_run(window, seconds, start))
                if panels:
                    assert window.teaching.stack_panel.model.rowCount() == window.player.state.depth
                window.close()
                window.deleteLater()
                QApplication.processEvents()
        base_wall = statistics.median(v[0] for v in results["no_teaching_views"])
        base_cpu = statistics.median(v[1] for v in results["no_teaching_views"])
        case: dict[str, object] = {}
        for name, values in results.items():
            wall = statistics.median(v[0] for v in values)
            cpu = statistics.median(v[1] for v in values)
            case[name] = {"events_per_s": round(wall), "events_per_cpu_s": round(cpu),
                          "ratio": round(wall / base_wall, 2), "cpu_ratio": round(cpu / base_cpu, 2),
                          "runs_events_per_s": [round(v[0]) for v in values]}
        case["met"] = statistics.median(v[0] for v in results["panels_shown"]) >= 0.5 * base_wall
        figures[f"speed_{title}"] = case
        met.append(case["met"])
    figures.update({"speed_target_ratio": 0.5, "speed_met": all(met)})
    return figures


def log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer events and shorter runs")
    parser.add_argument("--speed-only", action="store_true", help="only the maximum-speed runs")
    args = parser.parse_args()
    QApplication.instance() or QApplication([])
    load = round(os.getloadavg()[0], 2)
    events, count = (200_000, 100) if args.quick else (1_000_000, 300)
    figures = {} if args.speed_only else jumps(events, count)
    figures.update(speeds(2.0 if args.quick else 4.0, 2 if args.quick else 3))
    _SETTINGS.unlink(missing_ok=True)
    load_after = round(os.getloadavg()[0], 2)
    print(json.dumps({"cpus": os.cpu_count(), "load_average": [load, load_after], **figures}))


if __name__ == "__main__":
    main()
