"""The Qt binding itself must be sound: PySide6 6.12.0 on Python 3.11 was not."""

from __future__ import annotations

import sys

from PySide6.QtGui import QAction


def test_void_calls_keep_none_alive(qtbot):
    # PySide6-Essentials 6.12.0 dropped one reference to None per void call,
    # which aborted the window ("none_dealloc") after a few thousand timer ticks.
    action = QAction("x")
    before = sys.getrefcount(None)
    for _ in range(2000):
        action.setEnabled(True)
        action.setText("x")
    assert sys.getrefcount(None) - before > -100
