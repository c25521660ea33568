"""The leftover fixture of tests/ui/conftest.py really catches timers and threads left running.

Each case starts something, checks that ``leftovers`` reports it, then stops
it so that the autouse fixture passes this test itself.  The last test runs
pytest on a small test file in a subprocess and checks that the fixture
fails a test that leaves the window's timer running.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

from PySide6.QtCore import QMetaObject, QObject, Qt, QThread, QTimer
from PySide6.QtWidgets import QWidget

from tests.ui import conftest
from tests.ui.conftest import close_all_windows, leftovers

ROOT = Path(__file__).resolve().parents[2]


def test_an_active_timer_is_reported_until_it_stops(qtbot):
    timer = QTimer()
    timer.setObjectName("ticker")
    timer.start(1000)
    found = leftovers()
    assert any("QTimer 'ticker'" in item for item in found), found
    timer.stop()
    assert leftovers() == []


class Panel(QWidget):
    """A widget of ours, as a feature module would define one."""


def test_a_timer_started_from_cpp_under_a_window_is_reported(qtbot):
    widget = Panel()
    qtbot.addWidget(widget)
    timer = QTimer(widget)
    # invokeMethod goes through the meta-object, not the wrapped Python QTimer.start
    QMetaObject.invokeMethod(timer, "start", Qt.ConnectionType.DirectConnection)
    assert timer.isActive()
    assert conftest._started == [] or all(ref() is not timer for ref in conftest._started)
    assert any("QTimer of Panel" in item for item in leftovers())
    timer.stop()
    assert leftovers() == []


def test_private_timers_of_qt_widgets_are_not_ours(qtbot, window):
    window.statusBar().showMessage("Saved", 5000)  # QStatusBar's own timeout timer
    close_all_windows()
    assert leftovers() == []


def test_a_timer_whose_python_reference_is_gone_is_still_reported(qtbot):
    owner = QObject()
    QTimer(owner).start(1000)  # no Python reference kept: the parent owns it (tracked when started)
    assert any("QTimer of QObject" in item for item in leftovers())
    for timer in owner.findChildren(QTimer):
        timer.stop()
    assert leftovers() == []


def test_a_running_qthread_is_reported(qtbot):
    thread = QThread()
    thread.start()
    qtbot.waitUntil(thread.isRunning)
    assert any(item.startswith("QThread") for item in leftovers())
    thread.quit()
    thread.wait()
    assert leftovers() == []


def test_a_python_thread_is_reported(qtbot):
    before = set(threading.enumerate())
    release = threading.Event()
    worker = threading.Thread(target=release.wait, name="leaky-worker", daemon=True)
    worker.start()
    assert "Python thread 'leaky-worker'" in leftovers(threads_before=before)
    release.set()
    worker.join()
    assert leftovers(threads_before=before) == []


def test_a_window_whose_close_forgets_the_player_timer_is_caught(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QMainWindow

    from knight_gui.ui.main_window import MainWindow

    monkeypatch.setattr(MainWindow, "closeEvent", lambda self, event: QMainWindow.closeEvent(self, event))
    window.player.place(0)
    window.player.play()
    close_all_windows()
    assert any("QTimer of TourPlayer" in item for item in leftovers())
    window.player.pause()
    assert leftovers() == []


def test_the_real_close_leaves_nothing(qtbot, window):
    window.player.place(0)
    window.player.play()
    window.board_widget.flash([1, 2])
    close_all_windows()
    assert leftovers() == []


def test_the_fixture_fails_a_test_that_leaves_a_timer_running(tmp_path):
    """End to end: pytest itself reports the leftover as an error of the leaky test."""
    (tmp_path / "conftest.py").write_text("from tests.ui.conftest import *  # noqa: F403\n")
    (tmp_path / "test_leaky.py").write_text(textwrap.dedent("""
        from PySide6.QtCore import QThread, QTimer

        KEEP = []

        def test_leaves_a_timer(qtbot):
            timer = QTimer()
            timer.start(1000)
            KEEP.append(timer)

        def test_leaves_a_thread(qtbot):
            thread = QThread()
            thread.start()
            KEEP.append(thread)

        def test_leaves_the_player_playing(qtbot, window, monkeypatch):
            from PySide6.QtWidgets import QMainWindow
            from knight_gui.ui.main_window import MainWindow
            monkeypatch.setattr(MainWindow, "closeEvent", lambda s, e: QMainWindow.closeEvent(s, e))
            window.player.place(0)
            window.player.play()
            KEEP.append(window)

        def test_clean(qtbot, window):
            window.player.place(0)
            window.player.play()
    """))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-p", "no:randomly",
         f"--rootdir={ROOT}", "-c", str(ROOT / "pyproject.toml"), str(tmp_path / "test_leaky.py")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    assert "ERROR" in out and "left running after the windows closed" in out, out
    for name in ("test_leaves_a_timer", "test_leaves_a_thread", "test_leaves_the_player_playing"):
        assert f"ERROR test_leaky.py::{name}" in out or f"ERROR ../{tmp_path.name}" in out or name in out, out
    assert "4 passed, 3 errors" in out, out  # test_clean is not blamed for the others
