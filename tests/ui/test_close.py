"""Closing the window in every state: it goes at once, leaves nothing running and raises nothing.

Each test brings the window into one state (idle, playing, finishing, a
batch or a count in a worker thread, a tour being saved or opened, a dialog
open, ...), closes it as a user would and checks:

* no exception and no Qt warning (pytest-qt fails the test on either);
* no timer of ours active and no thread running, also once the event loop
  has delivered what was queued before the close (``settled_leftovers``);
* the board does not move after the close;
* files being written are whole or untouched, never truncated.

The last test runs the real application in a subprocess and closes it while
it plays and solves from every square: the process must exit with 0 and
print nothing on stderr (no "QThread: Destroyed while thread is still
running", no traceback).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from knight_gui.ui import file_dialogs
from knight_gui.ui.player import MAX_SPEED, SPEEDS
from tests.ui.conftest import leftovers

ROOT = Path(__file__).resolve().parents[2]
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def click_square(qtbot, win, square: int) -> None:
    widget = win.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(square).center().toPoint())


def press(qtbot, win, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(win.board_widget, key, modifier)


def settled_leftovers() -> list[str]:
    """What runs once the event loop has delivered everything queued before the close."""
    QCoreApplication.sendPostedEvents()
    return leftovers()


def close_and_check(qtbot, win, how: str = "close") -> None:
    """Close ``win`` (the window's close, Ctrl+Q, or closing every window) and check it is all over."""
    if how == "ctrl+q":
        press(qtbot, win, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    elif how == "all":
        QApplication.closeAllWindows()
    else:
        win.close()
    assert not win.isVisible()
    assert settled_leftovers() == []
    assert not win.player.running
    with qtbot.assertNotEmitted(win.player.changed, wait=60):  # the board stays still
        pass
    assert settled_leftovers() == []


def long_search(win) -> None:
    """A search that runs for a long time: plain backtracking on 8x8."""
    win.apply_settings(8, 8, "backtracking")


# -- the player --------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["close", "ctrl+q", "all"])
def test_close_idle(qtbot, window, how):
    close_and_check(qtbot, window, how)


def test_close_with_the_knight_placed_and_paused(qtbot, window):
    click_square(qtbot, window, 0)
    for _ in range(5):
        press(qtbot, window, Qt.Key.Key_Right)
    close_and_check(qtbot, window)


@pytest.mark.parametrize("how", ["close", "ctrl+q", "all"])
def test_close_while_playing(qtbot, window, how):
    long_search(window)
    click_square(qtbot, window, 0)
    window.speed_slider.setValue(SPEEDS.index(1000))
    press(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.player.pos > 20)
    assert window.player.running
    close_and_check(qtbot, window, how)


def test_close_while_finishing_at_full_speed(qtbot, window):
    long_search(window)
    click_square(qtbot, window, 0)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    press(qtbot, window, Qt.Key.Key_End)
    qtbot.waitUntil(lambda: window.player.pos > 5000)
    assert window.player.running
    close_and_check(qtbot, window)


@pytest.mark.parametrize("keys", [(Qt.Key.Key_B, "run to next backtrack"), (Qt.Key.Key_G, "go to move")])
def test_close_during_a_run_to(qtbot, window, monkeypatch, keys):
    from PySide6.QtWidgets import QInputDialog

    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: (64, True))
    long_search(window)
    click_square(qtbot, window, 0)
    press(qtbot, window, keys[0], Qt.KeyboardModifier.ControlModifier)
    close_and_check(qtbot, window)


def test_close_while_a_backtracked_square_glows(qtbot, window):
    long_search(window)
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 0)
    while not window.board_widget._flash_timer.isActive():
        press(qtbot, window, Qt.Key.Key_Right)
    close_and_check(qtbot, window)


def test_close_after_stepping_back_into_the_history(qtbot, window):
    click_square(qtbot, window, 0)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    with qtbot.waitSignal(window.player.finished, timeout=10000):
        press(qtbot, window, Qt.Key.Key_End)
    press(qtbot, window, Qt.Key.Key_Home)
    press(qtbot, window, Qt.Key.Key_Space)  # playing again, from the first event, through the history
    close_and_check(qtbot, window)


# -- worker threads ------------------------------------------------------------------------------


def test_close_mid_batch(qtbot, window):
    """Solve from every square with plain backtracking: minutes of work, cancelled by the close."""
    long_search(window)
    press(qtbot, window, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    panel = window.analysis_panel.every_square
    assert panel.running
    qtbot.waitUntil(lambda: bool(panel.results), timeout=20000)  # well under way
    close_and_check(qtbot, window)
    assert not panel.running


def test_close_just_as_the_batch_ends(qtbot, window):
    """The worker is done, its last results still queued, when the window closes."""
    press(qtbot, window, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    job = window.analysis_panel.every_square.runner.worker
    done = threading.Event()
    job.finished.connect(done.set, Qt.ConnectionType.DirectConnection)
    assert job.seconds or done.wait(30)
    close_and_check(qtbot, window)


def test_close_mid_count(qtbot, window):
    """Count every tour from a corner of 6x6 (minutes): the close stops the count."""
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    assert window.count_action.isEnabled()
    press(qtbot, window, Qt.Key.Key_N, CTRL_SHIFT)
    panel = window.analysis_panel.counting
    assert panel.counting
    close_and_check(qtbot, window)
    assert not panel.counting


def test_close_mid_compare(qtbot, window):
    long_search(window)
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_A, CTRL_SHIFT)
    compare = window.analysis_panel.compare
    assert compare is not None and compare.runner.running
    close_and_check(qtbot, window)
    assert not compare.runner.running


def test_close_with_every_worker_busy_at_once(qtbot, window):
    window.apply_settings(6, 6, "backtracking")
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_Space)
    for key, modifiers in ((Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier),
                           (Qt.Key.Key_N, CTRL_SHIFT),
                           (Qt.Key.Key_A, CTRL_SHIFT)):
        press(qtbot, window, key, modifiers)
    panel = window.analysis_panel
    assert panel.every_square.running and panel.counting.counting and window.player.running
    close_and_check(qtbot, window)


# -- files -----------------------------------------------------------------------------------------


def big_history(qtbot, window, events: int = 300_000) -> None:
    """A long search history to save (with its trace) or reopen: slow enough to close mid-way."""
    long_search(window)
    click_square(qtbot, window, 0)
    window.player.advance(events)
    window.player.seek(window.player.pos)


def test_close_mid_save_keeps_the_old_file_or_writes_a_whole_one(qtbot, window, tmp_path):
    from knight_gui.tour.text import load_tour

    big_history(qtbot, window)
    target = tmp_path / "tour.json"
    target.write_text("an older file")
    files = window.tour_files
    files.save_file(str(target), trace=True)
    assert files.busy
    close_and_check(qtbot, window)
    assert not files.busy
    if target.read_text() != "an older file":  # it finished before the close: then it is whole
        assert load_tour(target).start == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tour.json"]  # no temporary file left


def test_close_mid_open_and_mid_replay(qtbot, window, tmp_path):
    big_history(qtbot, window)
    target = tmp_path / "tour.json"
    files = window.tour_files
    with qtbot.waitSignal(files.saved, timeout=60000):
        files.save_file(str(target), trace=False)
    window.apply_settings(5, 5)
    files.open_file(str(target))
    assert files.busy
    close_and_check(qtbot, window)
    assert not files.busy


def test_close_while_the_replay_of_an_opened_file_runs(qtbot, window, tmp_path):
    big_history(qtbot, window)
    target = tmp_path / "tour.json"
    files = window.tour_files
    with qtbot.waitSignal(files.saved, timeout=60000):
        files.save_file(str(target), trace=False)
    window.apply_settings(5, 5)
    files.open_file(str(target))
    qtbot.waitUntil(lambda: files._driver.isActive() or not files.busy, timeout=60000)
    close_and_check(qtbot, window)


def test_close_with_the_progress_dialog_of_a_save_showing(qtbot, window, tmp_path, monkeypatch):
    from knight_gui.ui import files as files_module

    monkeypatch.setattr(files_module, "PROGRESS_AFTER", 0.0)
    big_history(qtbot, window)
    files = window.tour_files
    files.save_file(str(tmp_path / "tour.json"), trace=True)
    qtbot.waitUntil(lambda: files._progress is not None or not files.busy, timeout=30000)
    close_and_check(qtbot, window)
    assert [w for w in QApplication.topLevelWidgets() if w.isVisible()] == []


# -- dialogs ------------------------------------------------------------------------------------------


def test_close_with_the_help_window_open(qtbot, window):
    press(qtbot, window, Qt.Key.Key_F1)
    dialog = window.findChild(QDialog)
    assert dialog is not None and dialog.isVisible()
    close_and_check(qtbot, window)


def test_window_closed_while_its_export_dialog_is_open(qtbot, window, tmp_path, monkeypatch):
    """The session ends while the file dialog is up: the export still finishes or fails cleanly."""
    click_square(qtbot, window, 0)

    def dialog_then_close(parent, *args, **kwargs):
        window.close()
        return str(tmp_path / "late.png"), ""

    monkeypatch.setattr(file_dialogs, "save_file_name", dialog_then_close)
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a: errors.append(a))
    window.export_px = 64
    window.export_action.trigger()
    assert settled_leftovers() == []
    assert errors == []
    assert [p.name for p in tmp_path.iterdir()] == ["late.png"]


def test_window_closed_while_its_save_tour_dialog_is_open(qtbot, window, tmp_path, monkeypatch):
    """Save Tour's dialog is up when the window closes: no worker may outlive the window."""
    click_square(qtbot, window, 0)

    def dialog_then_close(parent, *args, **kwargs):
        window.close()
        return str(tmp_path / "late.json"), ""

    monkeypatch.setattr(file_dialogs, "save_file_name", dialog_then_close)
    window.tour_files.save_action.trigger()
    qtbot.waitUntil(lambda: not window.tour_files.busy, timeout=10000)
    assert settled_leftovers() == []
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_window_closed_while_an_error_box_is_open(qtbot, window, tmp_path, monkeypatch):
    click_square(qtbot, window, 0)

    def box_then_close(parent, title, text, *args):
        window.close()
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "critical", box_then_close)
    assert not window.export_png(str(tmp_path / "missing" / "x.png"))
    assert settled_leftovers() == []


def test_window_modal_message_box_open_when_the_window_closes(qtbot, window):
    """A real (non-blocking, window-modal) message box is up: closing the window takes it along."""
    box = QMessageBox(QMessageBox.Icon.Information, "Knight's Tour", "A message", parent=window)
    box.open()
    qtbot.waitExposed(box)
    close_and_check(qtbot, window)
    box.close()
    assert settled_leftovers() == []


# -- the real application, in its own process --------------------------------------------------------------


def test_the_application_exits_cleanly_when_closed_mid_work():
    """Play, solve from every square and count at once, then close: exit code 0, nothing on stderr."""
    script = textwrap.dedent("""
        import sys
        from PySide6.QtCore import QTimer
        from knight_gui.ui.app import make_application
        from knight_gui.ui.main_window import MainWindow

        app = make_application()
        window = MainWindow()
        window.apply_settings(6, 6, "backtracking")
        window.show()
        window.player.place(0)
        window.player.play()
        window.solve_all_action.trigger()
        window.count_action.trigger()
        assert window.player.running and window.analysis_panel.busy
        QTimer.singleShot(400, window.close)
        code = app.exec()
        print("exit", code, "running", window.player.running, window.analysis_panel.busy)
        sys.exit(code)
    """)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT), PYTHONFAULTHANDLER="1")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=120)
    stderr = "\n".join(line for line in result.stderr.splitlines()
                       if "propagateSizeHints" not in line)  # the offscreen plugin's own note
    assert result.returncode == 0, result.stdout + result.stderr
    assert "exit 0 running False False" in result.stdout
    assert stderr == "", stderr


def test_closing_stops_nothing_it_should_not(qtbot, window):
    """Reopening after a close works: the window plays again (the close paused, it did not break)."""
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_Space)
    close_and_check(qtbot, window)
    window.show()
    qtbot.waitExposed(window)
    window.player.play()
    with qtbot.waitSignal(window.player.changed, timeout=5000):
        pass
    window.close()
    assert settled_leftovers() == []
