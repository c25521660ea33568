"""Windows within their screen: dialogs as they show, the main window after a larger text."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, QTimer
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QDialog, QWidget

from knight_gui.ui.on_screen import FRAME_ROOM, dialogs_on_screen, fit_on_screen

FREE = QRect(0, 0, 1024, 768)


def small_screen(monkeypatch) -> None:
    """Every screen's free area is 1024×768 (the offscreen platform's one screen is larger)."""
    monkeypatch.setattr(QScreen, "availableGeometry", lambda _screen: QRect(FREE))


def test_a_window_larger_than_the_screen_is_made_smaller_and_moved_within_it(qtbot, monkeypatch):
    small_screen(monkeypatch)
    dialog = QDialog()
    qtbot.addWidget(dialog)
    dialog.setGeometry(300, 200, 1100, 900)
    fit_on_screen(dialog)
    room = FREE.size() - QSize(*FRAME_ROOM)
    assert dialog.size() == room
    assert FREE.contains(QRect(dialog.pos(), dialog.size()))


def test_a_window_keeps_its_least_size_however_small_the_screen(qtbot, monkeypatch):
    small_screen(monkeypatch)
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.setMinimumSize(1200, 500)
    widget.setGeometry(0, 0, 1300, 600)
    fit_on_screen(widget)
    assert widget.size().toTuple() == (1200, 600)


def test_dialogs_shown_in_the_call_fit_and_those_after_it_do_not_change(qtbot, monkeypatch):
    small_screen(monkeypatch)
    sizes: list[QSize] = []

    def show_one() -> None:
        dialog = QDialog()
        dialog.resize(1500, 1000)
        QTimer.singleShot(0, lambda: (sizes.append(dialog.size()), dialog.reject()))
        dialog.exec()

    with dialogs_on_screen():
        show_one()
    show_one()  # (the filter is gone: a dialog shown later keeps its size)
    assert sizes[0].width() <= FREE.width() and sizes[0].height() <= FREE.height()
    assert sizes[1].toTuple() == (1500, 1000)



