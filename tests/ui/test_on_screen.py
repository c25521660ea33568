"""Windows within their screen: dialogs as they show, the main window after a larger text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize, Qt, QTimer
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QApplication, QDialog, QToolTip, QWidget

from knight_gui.ui.on_screen import FRAME_ROOM, dialogs_on_screen, fit_on_screen, fits
from tests.ui.test_window import press

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


def test_a_window_fits_while_its_least_size_and_frame_are_within_the_free_area(qtbot, monkeypatch):
    """What the main window asks before it keeps fewer stack rows or points to presentation mode."""
    small_screen(monkeypatch)
    widget = QWidget()
    qtbot.addWidget(widget)
    room = FREE.size() - QSize(*FRAME_ROOM)
    widget.setMinimumSize(room)
    assert fits(widget)
    widget.setMinimumSize(room.width(), room.height() + 1)
    assert not fits(widget)
    widget.setMinimumSize(room.width() + 1, 100)
    assert not fits(widget)


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





def test_a_file_dialog_at_a_large_text_fits_a_small_screen(qtbot, window, monkeypatch):
    """At 200% text Qt's Open Tour dialog was 1092 pixels wide on a 1024×768 screen: its file name
    field and its Open and Cancel buttons were past the screen's edge."""
    small_screen(monkeypatch)
    window.presentation.set_scale(200)
    seen: list[QRect] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog is not None and dialog.metaObject().className() == "QFileDialog"
        seen.append(dialog.frameGeometry())
        dialog.reject()

    QTimer.singleShot(0, look)
    press(qtbot, window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)  # File ▸ Open Tour…
    assert seen and FREE.contains(seen[0]), seen


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # (the tooltip, offscreen)
def test_a_text_size_too_large_for_the_screen_points_to_presentation_mode(qtbot, window, monkeypatch):
    """At 300% on 1024×768 the window needs more lines than the screen has, and its status bar went
    below the edge with no word why: the status bar says that presentation mode fits this screen."""
    small_screen(monkeypatch)
    window.fit_screen(FREE)
    window.presentation.set_scale(150)  # (fits: nothing said)
    QApplication.processEvents()
    assert "Presentation Mode (F5)" not in window.statusBar().currentMessage()
    for _ in range(4):  # Ctrl+Shift+↑: 175%, 200%, 250%, then 300%
        press(qtbot, window, Qt.Key.Key_Up,
              Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.presentation.scale == 300
    qtbot.waitUntil(lambda: "Presentation Mode (F5)" in window.statusBar().currentMessage())
    assert window.statusBar().currentMessage().startswith("At 300% the window needs more room")
    # (the status bar itself may be below the screen's edge: said at the top of the window too)
    assert QToolTip.isVisible() and QToolTip.text() == window.statusBar().currentMessage()
    # Back to a size that fits: what was said of 300% goes (it stayed, "At 300%…" at 150%).
    for _ in range(4):
        press(qtbot, window, Qt.Key.Key_Down,
              Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.presentation.scale == 150
    qtbot.waitUntil(lambda: "Presentation Mode (F5)" not in window.statusBar().currentMessage())
    qtbot.waitUntil(lambda: not QToolTip.isVisible())


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # (the tooltip, offscreen)
def test_a_text_size_that_leaves_the_stack_a_row_or_two_points_to_presentation_mode(
        qtbot, window, monkeypatch):
    """Seen in review: at 200% on 1366×768 and 1280×720 the window fitted its screen, but the stack
    showed a row or two and the pseudocode two lines, and nothing was said (only 250% and more)."""
    small_screen(monkeypatch)
    window.fit_screen(FREE)
    window.apply_settings(8, 8, "warnsdorff")
    window.player.place(27)
    window.player.advance(7)
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    for _ in range(3):  # 125%, 150%, 175%: the stack keeps its rows (three or more), nothing said
        press(qtbot, window, Qt.Key.Key_Up, ctrl_shift)
    QApplication.processEvents()
    assert window.presentation.scale == 175 and not window.presentation.cramped()
    assert "Presentation Mode (F5)" not in window.statusBar().currentMessage()
    press(qtbot, window, Qt.Key.Key_Up, ctrl_shift)  # 200%
    qtbot.waitUntil(lambda: "Presentation Mode (F5)" in window.statusBar().currentMessage())
    assert window.statusBar().currentMessage().startswith("At 200% the window needs more room")
    assert fits(window)  # (it fits its screen: the stack's rows are what is missing)
    table = window.teaching.stack_panel.table
    assert table.viewport().height() < 3 * table.verticalHeader().defaultSectionSize()
