"""Fixtures for window tests: a main window, and no timer or thread left behind."""

from __future__ import annotations

import threading
import weakref

import pytest
from PySide6.QtCore import QObject, QThread, QThreadPool, QTimer
from PySide6.QtWidgets import QApplication

_started: list[weakref.ref] = []
_original_timer_start = QTimer.start
_original_thread_start = QThread.start


def _timer_start(self, *args, **kwargs):
    _started.append(weakref.ref(self))
    return _original_timer_start(self, *args, **kwargs)


def _thread_start(self, *args, **kwargs):
    _started.append(weakref.ref(self))
    return _original_thread_start(self, *args, **kwargs)


def _describe(obj: QObject) -> str:
    parent = obj.parent()
    owner = type(parent).__name__ if parent is not None else "no parent"
    name = f" {obj.objectName()!r}" if obj.objectName() else ""
    return f"{type(obj).__name__}{name} of {owner}"


def _ours(parent: QObject | None) -> bool:
    """Whether ``parent`` is an instance of a class defined in Python (not a bare Qt class)."""
    return parent is not None and not type(parent).__module__.startswith(("PySide6", "shiboken6"))


def running_objects(tracked: list[weakref.ref] | None = None) -> list[QObject]:
    """Started QTimers/QThreads still active, and active timers under top-level widgets.

    ``tracked`` are weak references to every QTimer and QThread started from
    Python during the test (``QTimer.start``/``QThread.start`` are wrapped).
    Timers owned by one of our classes under a top-level widget are found
    too, also those started from C++ (a signal connected to ``QTimer.start``).
    """
    found: list[QObject] = []
    seen: set[int] = set()
    candidates: list[QObject] = []
    for ref in tracked if tracked is not None else _started:
        obj = ref()
        if obj is not None:
            candidates.append(obj)
    for widget in QApplication.topLevelWidgets():
        try:
            children = widget.findChildren(QTimer) + widget.findChildren(QThread)
        except RuntimeError:
            continue
        # Only ours: Qt's own widgets keep private timers (QStatusBar's message timeout).
        candidates.extend(obj for obj in children if _ours(obj.parent()))
    for obj in candidates:
        try:
            key = id(obj)
            if key in seen:
                continue
            seen.add(key)
            if obj.isActive() if isinstance(obj, QTimer) else obj.isRunning():
                found.append(obj)
        except RuntimeError:  # the C++ object is already deleted
            continue
    return found


def leftovers(tracked: list[weakref.ref] | None = None,
              threads_before: set[threading.Thread] | None = None) -> list[str]:
    """What is still running, in words: see ``running_objects``; also threads.

    ``threads_before`` are the Python threads alive when the test began: any
    other one still alive is a leftover, as is a busy thread of the global
    QThreadPool.
    """
    found = [_describe(obj) for obj in running_objects(tracked)]
    if threads_before is not None:
        for thread in threading.enumerate():
            if thread not in threads_before and thread.is_alive():
                found.append(f"Python thread {thread.name!r}")
    busy = QThreadPool.globalInstance().activeThreadCount()
    if busy:
        found.append(f"{busy} busy thread(s) of the global QThreadPool")
    return found


def stop_leftovers(tracked: list[weakref.ref] | None = None) -> None:
    """Stop what a failed test left running, so that it does not spill into the next tests."""
    for obj in running_objects(tracked):
        try:
            if isinstance(obj, QTimer):
                obj.stop()
            else:
                obj.requestInterruption()
                obj.quit()
                if not obj.wait(2000):
                    obj.terminate()
                    obj.wait()
        except RuntimeError:
            continue


def close_all_windows() -> None:
    """Close every top-level widget, as the user closing the windows would."""
    for widget in QApplication.topLevelWidgets():
        try:
            widget.close()
        except RuntimeError:
            continue


@pytest.fixture(autouse=True)
def no_leftover_timers_or_threads(qapp):
    """Fail a test that leaves a QTimer active or a thread running once its windows are closed."""
    QTimer.start = _timer_start
    QThread.start = _thread_start
    _started.clear()
    threads_before = set(threading.enumerate())
    yield
    try:
        close_all_windows()
        found = leftovers(_started, threads_before)
        if found:
            stop_leftovers(_started)
        assert not found, f"left running after the windows closed: {found}"
    finally:
        QTimer.start = _original_timer_start
        QThread.start = _original_thread_start
        _started.clear()


@pytest.fixture
def window(qtbot):
    """A shown, active main window, 8x8, no knight yet."""
    from knight_gui.ui.main_window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    show_active(qtbot, win)
    return win


@pytest.fixture
def chinese_window(qtbot):
    """A window opened in Chinese, as a user whose language is Chinese sees it; English afterwards."""
    from knight_gui.ui import i18n
    from knight_gui.ui.main_window import MainWindow

    i18n.install_translator(i18n.CHINESE)
    try:
        win = MainWindow()
        qtbot.addWidget(win)
        show_active(qtbot, win)
        yield win
    finally:
        i18n.install_translator(i18n.ENGLISH)


def show_active(qtbot, win) -> None:
    """Show ``win`` and wait until it is the active window, as it is when a user types.

    The offscreen platform activates only the first window of the process on
    its own; without this, window shortcuts (Space, arrows, +/-) of a later
    test reach no action.
    """
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=2000)
