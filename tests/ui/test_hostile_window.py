"""Issue 14, window side: special files, plain-text dialogs, signals, settings without HOME, writes.

Special files are made inside tmp_path (mkfifo); every write goes to tmp_path.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QDialog, QMessageBox

from knight_gui.tour import Board
from knight_gui.ui import files
from knight_gui.ui.player import MAX_SPEED, SearchConfig, TourPlayer
from tests.test_bad_input import GOOD, _with

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def dialogs(monkeypatch):
    """Error boxes, recorded instead of shown: (title, text, text format)."""
    shown: list[tuple[str, str, object]] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda parent, title, text, *a: shown.append((title, text, Qt.TextFormat.AutoText)))

    def exec_(box, *args):
        if isinstance(box, QMessageBox):
            shown.append((box.windowTitle(), box.text(), box.textFormat()))
        return 0

    monkeypatch.setattr(QDialog, "exec", exec_)
    return shown


# -- item 2: a FIFO never hangs the window ------------------------------------------------------


def test_opening_a_fifo_is_refused_at_once_and_the_window_closes(qtbot, window, tmp_path, dialogs):
    fifo = tmp_path / "f.json"
    os.mkfifo(fifo)
    tour_files = window.tour_files
    with qtbot.waitSignal(tour_files.failed, timeout=5000):
        tour_files.open_file(str(fifo))
    assert tour_files.open_action.isEnabled() and not tour_files.busy
    assert dialogs and "named pipe (FIFO)" in dialogs[-1][1]
    assert os.path.exists(fifo) and not os.path.isfile(fifo)
    window.close()  # nothing to wait for


def test_closing_waits_for_a_stuck_job_only_so_long(qtbot, window, monkeypatch):
    """A job that never checks its cancel token: the close returns after the stop timeout."""
    import threading

    from knight_gui.ui import workers

    release = threading.Event()
    started = threading.Event()

    def stuck(job):
        started.set()
        release.wait(30)

    window.tour_files._start_job(stuck, lambda _r: None, "stuck")
    assert started.wait(10)
    monkeypatch.setattr(workers, "STOP_TIMEOUT_MS", 200)
    window.tour_files.runner.stop(200)
    assert window.tour_files.job is None
    release.set()  # the straggler ends
    for thread, _worker in list(workers._stragglers):
        assert thread.wait(10000)
        workers._stragglers.remove((thread, _worker))


# -- item 11: dialogs show a file's text as plain text --------------------------------------------


def test_a_file_holding_html_is_shown_as_plain_text(qtbot, window, tmp_path, dialogs):
    target = tmp_path / "html.json"
    target.write_text(json.dumps(_with(algorithm="<b>bold</b><img src=x>")), encoding="utf-8")
    with qtbot.waitSignal(window.tour_files.failed, timeout=5000):
        window.tour_files.open_file(str(target))
    title, text, fmt = dialogs[-1]
    assert "<b>bold</b><img src=x>" in text
    assert fmt == Qt.TextFormat.PlainText


# -- item 7: a replay that ends with the knight nowhere -----------------------------------------


def test_a_file_the_search_does_not_reproduce_with_an_empty_path_opens_without_errors(qtbot, window,
                                                                                     tmp_path, dialogs):
    target = tmp_path / "odd.json"
    target.write_text(json.dumps(_with(outcome="budget", path=[], pushes=3, pops=3, code=KeyError,
                                       args=KeyError, reason="stopped")), encoding="utf-8")
    with qtbot.waitSignal(window.tour_files.opened, timeout=10000):
        window.tour_files.open_file(str(target))
    assert dialogs == []
    search = window.player.search
    assert isinstance(search, files.ReplaySearch)
    assert (search.algorithm, search.tie_break) == (GOOD["algorithm"], GOOD["tie_break"])
    window.grab()  # every view paints what it shows: an AttributeError in a slot fails the test
    window.player.step_back() if hasattr(window.player, "step_back") else None
    window.grab()


def test_a_stuck_file_with_an_empty_path_is_refused(qtbot, window, tmp_path, dialogs):
    target = tmp_path / "stuck.json"
    target.write_text(json.dumps(_with(outcome="stuck", path=[])), encoding="utf-8")
    with qtbot.waitSignal(window.tour_files.failed, timeout=5000):
        window.tour_files.open_file(str(target))
    assert "a stuck file must hold the path" in dialogs[-1][1]


# -- items 1, 8, 12: every window format through the helpers ----------------------------------------


def _write(window, fmt: str, target: Path, qtbot) -> None:
    if fmt in ("PNG", "SVG"):
        assert window.export(str(target), fmt)
    elif fmt == "CSV":
        from knight_gui.ui.analysis.every_square import write_csv
        write_csv(target, SearchConfig(Board(5)), None, [])
    else:
        tour_files = window.tour_files
        with qtbot.waitSignal(tour_files.saved, timeout=10000):
            tour_files.save_file(str(target))


FORMATS = ["PNG", "SVG", "CSV", "JSON"]


@pytest.fixture
def placed(window):
    window.apply_settings(5, 5)
    window.player.place(0)
    return window


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_format_writes_through_a_symlink(qtbot, placed, tmp_path, fmt, dialogs):
    real = tmp_path / f"real.{fmt.lower()}"
    real.write_bytes(b"old")
    link = tmp_path / f"link.{fmt.lower()}"
    os.symlink(real, link)
    _write(placed, fmt, link, qtbot)
    assert os.path.islink(link) and real.read_bytes() != b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([real.name, link.name])
    assert dialogs == []


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_format_follows_the_umask_and_keeps_an_existing_mode(qtbot, placed, tmp_path, fmt, dialogs):
    new = tmp_path / f"new.{fmt.lower()}"
    old_mask = os.umask(0o022)
    try:
        _write(placed, fmt, new, qtbot)
    finally:
        os.umask(old_mask)
    assert oct(os.stat(new).st_mode & 0o777) == oct(0o644)  # was 0600 for PNG, SVG and CSV
    os.chmod(new, 0o664)
    _write(placed, fmt, new, qtbot)
    assert oct(os.stat(new).st_mode & 0o777) == oct(0o664)


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_format_refuses_a_fifo_before_writing(qtbot, placed, tmp_path, fmt, dialogs, monkeypatch):
    fifo = tmp_path / f"fifo.{fmt.lower()}"
    os.mkfifo(fifo)
    if fmt in ("PNG", "SVG"):
        assert not placed.export(str(fifo), fmt)
        assert "named pipe (FIFO)" in dialogs[-1][1]
    elif fmt == "CSV":
        from knight_gui.ui.analysis.every_square import CsvError, write_csv
        with pytest.raises(CsvError, match=r"named pipe \(FIFO\)"):
            write_csv(fifo, SearchConfig(Board(5)), None, [])
    else:
        with qtbot.waitSignal(placed.tour_files.failed, timeout=10000):
            placed.tour_files.save_file(str(fifo))
        assert "named pipe (FIFO)" in dialogs[-1][1]
    assert not os.path.isfile(fifo) and os.path.exists(fifo)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_long_valid_file_name_works(qtbot, placed, tmp_path, fmt, dialogs):
    target = tmp_path / ("n" * (255 - 1 - len(fmt)) + "." + fmt.lower())
    assert len(target.name) == 255
    _write(placed, fmt, target, qtbot)
    assert target.stat().st_size > 0 and os.listdir(tmp_path) == [target.name]
    assert dialogs == []


# -- item 4 and 15: Ctrl+C and SIGTERM close the window as Quit does -------------------------------


@pytest.mark.parametrize("signum, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_closes_the_window_saving_the_settings(qtbot, tmp_path, monkeypatch, signum, code):
    from knight_gui.ui import app as window_app
    from knight_gui.ui import settings as app_settings

    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    monkeypatch.setattr(app_settings, "open_settings", lambda: store)
    shown = []
    real_show = window_app.MainWindow.show

    def show_then_signal(self):
        real_show(self)
        shown.append(self)
        QTimer.singleShot(0, lambda: os.kill(os.getpid(), signum))  # as the user presses Ctrl+C

    monkeypatch.setattr(window_app.MainWindow, "show", show_then_signal)
    handler_before = signal.getsignal(signum)
    assert window_app.run_window(rows=6, cols=7) == code
    window = shown[0]
    assert not window.isVisible()
    assert "7" in (tmp_path / "settings.ini").read_text()  # saved, and synced to the file, on the close
    assert signal.getsignal(signum) is handler_before  # put back
    monkeypatch.undo()
    from PySide6.QtWidgets import QWidget

    from tests.ui.conftest import show_active

    after = QWidget()  # the application goes on: another window still becomes active
    qtbot.addWidget(after)
    show_active(qtbot, after)


def test_ctrl_c_in_a_terminal_ends_the_window_process_without_a_traceback(tmp_path):
    script = textwrap.dedent(f"""
        import os, signal, sys
        sys.path.insert(0, {str(ROOT)!r})
        from PySide6.QtCore import QTimer
        from knight_gui.ui import app
        real_show = app.MainWindow.show
        def show(self):
            real_show(self)
            self.player.set_speed(0)
            self.player.place(0)
            self.player.play()           # busy painting when the signal comes
            QTimer.singleShot(200, lambda: os.kill(os.getpid(), signal.SIGINT))
        app.MainWindow.show = show
        from knight_gui.app import main
        sys.argv = ["knight-tour", "--size", "30"]
        sys.exit(main())
    """)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, timeout=120)
    assert done.returncode == 130, done.stderr.decode()
    assert b"Traceback" not in done.stderr and b"KeyboardInterrupt" not in done.stderr
    saved = list(tmp_path.rglob("*.ini"))
    assert saved and "30" in saved[0].read_text()  # the settings were saved as Quit saves them


# -- item 15: settings with HOME unset -----------------------------------------------------------------


def test_settings_without_home_go_to_the_users_home_not_the_root(monkeypatch):
    import pwd

    from knight_gui.ui import settings as app_settings

    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    home = pwd.getpwuid(os.getuid()).pw_dir
    folder = app_settings.config_folder()
    store = app_settings.open_settings()
    assert not store.fileName().startswith("/.config")
    if home and home != "/" and os.path.isdir(home):
        assert folder == os.path.join(home, ".config")
        assert store.fileName() == os.path.join(home, ".config", "KnightTour", "knight-tour.ini")
    assert app_settings.config_folder({"HOME": "/home/x"}) is None  # Qt's own choice is right then
    assert app_settings.config_folder({"HOME": "", "XDG_CONFIG_HOME": "/cfg"}) is None


# -- item 14: the player's clock --------------------------------------------------------------------


def test_a_fake_clock_makes_every_tick_apply_the_same_events(qtbot):
    from tests.ui.test_fuzz import FakeClock, ManualTimer

    def run() -> list[tuple[int, int]]:
        player = TourPlayer()
        player.configure(SearchConfig(Board(8), "backtracking"))  # millions of events: ticks never run out
        player.clock = FakeClock()
        manual = ManualTimer(player)
        player._timer.timeout.disconnect()
        manual.timeout.connect(player._tick)
        player._timer = manual
        player.set_speed(MAX_SPEED)
        player.place(0)
        player.play()
        positions = []
        for _ in range(3):
            manual.timeout.emit()
            # what the views show, and what the search has recorded (a tick without views only records)
            positions.append((player.pos, len(player.history)))
        return positions

    first, second = run(), run()
    assert first == second
    recorded = [events for _, events in first]
    assert recorded[0] > 1 and recorded[1] > recorded[0]  # every tick did real work, bounded by its budget
