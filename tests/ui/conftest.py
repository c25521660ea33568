"""Fixtures for window tests: a main window, and no timer or thread left behind."""

from __future__ import annotations

import weakref

import pytest
from PySide6.QtCore import QThread, QTimer
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


@pytest.fixture(autouse=True)
def no_leftover_timers_or_threads(qapp):
    """Fail a test that leaves a QTimer active or a QThread running once its windows are closed."""
    QTimer.start = _timer_start
    QThread.start = _thread_start
    _started.clear()
    yield
    try:
        for widget in QApplication.topLevelWidgets():
            widget.close()
        leftovers = []
        for ref in _started:
            obj = ref()
            if obj is None:
                continue
            try:
                alive = obj.isActive() if isinstance(obj, QTimer) else obj.isRunning()
            except RuntimeError:  # the C++ object is already deleted
                continue
            if alive and obj.objectName() != "qtbot":
                leftovers.append(f"{type(obj).__name__} {obj.objectName() or ''} of {obj.parent()!r}")
        assert not leftovers, f"left running: {leftovers}"
    finally:
        QTimer.start = _original_timer_start
        QThread.start = _original_thread_start
        _started.clear()


@pytest.fixture
def window(qtbot):
    """A shown main window, 8x8, no knight yet."""
    from knight_gui.ui.main_window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win
