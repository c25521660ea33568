"""Print the teaching views' figures against the targets of issue 4.

Run from the repository root (offscreen, no screen needed):

    python benchmarks/bench_panels.py            # everything (a few minutes: 10^6 events are made first)
    python benchmarks/bench_panels.py --quick    # 2*10^5 events, shorter speed runs

1. Jumps: after 10^6 events of plain backtracking on 8x8, random jumps on
   the timeline (slider position -> player.seek -> every view updated, as
   when dragging).  Target: <= 16 ms each.  Shown: the player's seek alone,
   the whole jump with every view brought up to date (the synchronous work
   of a drag step), and one full repaint of the window for scale.
2. Speed: events per second at maximum speed in the real event loop, the
   window without the teaching views, with them shown and with their docks
   hidden; 8x8 plain backtracking (a stack that moves at the top) and 50x50
   Warnsdorff (a stack 2,500 frames deep).  Target: with the panels, at
   least half the speed without them.  The configurations alternate, a few
   rounds each, and the median is shown, since the machine may be busy.
"""

from __future__ import annotations

import argparse
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


def jumps(events: int, count: int) -> None:
    print(f"-- jumps on the timeline after {events:,} events (8x8 plain backtracking from a8)")
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
    print(f"   {len(player.history):,} events made in {made:.1f} s; history with its "
          f"{player.history.checkpoints} checkpoints {history_mb:.1f} MB")
    rng = random.Random(1)
    total = len(player.history)
    measures: dict[str, list[tuple[float, float]]] = {"seek alone": [], "jump, every view updated": []}
    slider = window.teaching.timeline.slider
    for _ in range(count):
        target = rng.randint(1, total)
        player.blockSignals(True)  # the seek alone: no view hears of it
        start, cpu = time.perf_counter(), time.process_time()
        player.seek(target)
        measures["seek alone"].append((time.perf_counter() - start, time.process_time() - cpu))
        player.blockSignals(False)
        player.seek(rng.randint(1, total))  # somewhere else again, for the next measure
        target = rng.randint(1, total)
        start, cpu = time.perf_counter(), time.process_time()
        slider.setSliderPosition(target)  # as a drag does: seek, then every view follows
        measures["jump, every view updated"].append((time.perf_counter() - start, time.process_time() - cpu))
        assert player.pos == target
    start = time.perf_counter()
    window.grab()
    paint = time.perf_counter() - start
    for name, values in measures.items():
        for what, column in (("wall", 0), ("CPU", 1)):
            v = sorted(x[column] for x in values)
            print(f"   {name:25} {what:4} median {statistics.median(v) * 1e3:6.2f} ms   "
                  f"95% {v[int(len(v) * 0.95)] * 1e3:6.2f} ms   max {v[-1] * 1e3:6.2f} ms   ({count} jumps)")
    print(f"   one full repaint of the window (grab): {paint * 1e3:.1f} ms")
    window.close()


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


def speeds(seconds: float, rounds: int) -> None:
    cases = (("8x8 backtracking", 8, "backtracking", 0), ("50x50 Warnsdorff", 50, "warnsdorff", 0))
    configs = (("no teaching views", False, False), ("panels shown", True, False),
               ("panels' docks hidden", True, True))
    # The board is painted every frame and costs more than anything else: give it the same size
    # in every configuration (the size it has beside the panels), so only the panels differ.
    reference = make_window(True, False)
    board_size = reference.board_widget.size()
    reference.close()
    print(f"   (board widget {board_size.width()}x{board_size.height()} in every configuration)")
    for title, side, algorithm, start in cases:
        print(f"-- maximum speed, {title}, {seconds:g} s x {rounds} rounds: events per second "
              "(wall clock; per CPU second of this process), median")
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
        base_wall = statistics.median(v[0] for v in results["no teaching views"])
        base_cpu = statistics.median(v[1] for v in results["no teaching views"])
        for name, values in results.items():
            wall = statistics.median(v[0] for v in values)
            cpu = statistics.median(v[1] for v in values)
            print(f"   {name:22} {wall:10,.0f} /s ({wall / base_wall:4.0%})   {cpu:10,.0f} /CPU s "
                  f"({cpu / base_cpu:4.0%})   wall runs: {', '.join(f'{v[0]:,.0f}' for v in values)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer events and shorter runs")
    parser.add_argument("--speed-only", action="store_true", help="only the maximum-speed runs")
    args = parser.parse_args()
    QApplication.instance() or QApplication([])
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    if not args.speed_only:
        jumps(200_000 if args.quick else 1_000_000, 100 if args.quick else 300)
    speeds(2.0 if args.quick else 4.0, 2 if args.quick else 3)
    _SETTINGS.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
