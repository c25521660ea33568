"""The ring round a table or slider that Tab brings the keys to (``knight_gui.ui.focus_ring``)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication


def highlighted_edges(window, control) -> int:
    """How many of four points on the edges of ``control`` show the highlight colour in a grab of the
    whole window (the ring is a widget of its own over the control); on the edges' ends and the top,
    where a selected row's own highlight never reaches."""
    QApplication.processEvents()
    highlight = control.palette().color(QPalette.ColorRole.Highlight)
    image = window.grab().toImage()
    ratio = image.devicePixelRatio()
    w, h = control.width(), control.height()
    points = [QPoint(1, 1), QPoint(w // 2, 1), QPoint(w - 2, 1), QPoint(w - 2, h - 2)]
    corners = [control.mapTo(window, point) for point in points]
    return sum(image.pixelColor(round(p.x() * ratio), round(p.y() * ratio)) == highlight for p in corners)


def test_a_ring_shows_the_table_or_slider_that_tab_brings_the_keys_to(qtbot, window):
    """Fusion shows a focused table by a faint tint of one cell and a focused slider by a bluer handle:
    projected, nothing (a review, keyboard only).  Reached by Tab they get the board's ring, which a
    click takes away and which follows them when the window changes size."""
    window.apply_settings(8, 8, "warnsdorff")
    qtbot.mouseClick(window.board_widget, Qt.MouseButton.LeftButton)  # a knight: the stack has rows
    for _ in range(5):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_Right)  # and the timeline some events
    table = window.teaching.stack_panel.table
    slider = window.teaching.timeline.slider
    reached = []
    for _ in range(30):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        reached.append(focus)
        if focus is table:
            assert window.focus_ring.target is table and highlighted_edges(window, table) == 4
            window.resize(window.width() - 90, window.height() - 40)  # the dock moves and shrinks
            qtbot.waitUntil(lambda: highlighted_edges(window, table) == 4)
        if focus is slider:
            assert window.focus_ring.target is slider and highlighted_edges(window, slider) == 4
            assert highlighted_edges(window, table) == 0  # (the table's went with its focus)
        if focus is window.board_widget:
            break
    assert table in reached and slider in reached
    table.setFocus(Qt.FocusReason.TabFocusReason)
    assert highlighted_edges(window, table) == 4
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton)  # the mouse now: no ring
    assert QApplication.focusWidget() is table and highlighted_edges(window, table) == 0
    assert not window.focus_ring.isVisible()


def test_the_ring_goes_with_its_table_into_a_floating_panel_and_comes_home(qtbot, window):
    """A panel floated is a window of its own: the ring is drawn there, round the table, and belongs to
    the main window again once it goes (a click)."""
    dock = window.teaching.stack_dock
    table = window.teaching.stack_panel.table
    dock.setFloating(True)
    qtbot.waitUntil(lambda: dock.isFloating() and dock.isVisible())
    dock.activateWindow()
    qtbot.waitUntil(dock.isActiveWindow)
    table.clearFocus()  # (the panel's window may have given it the keys on coming to the front)
    table.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table)
    ring = window.focus_ring
    assert ring.target is table and ring.isVisible() and ring.window() is dock
    assert highlighted_edges(dock, table) == 4
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton)  # the mouse now: the ring goes home
    assert ring.target is None and not ring.isVisible() and ring.parentWidget() is window


def test_keys_moved_in_a_window_in_the_background_take_the_ring_away(qtbot, window):
    """Moved while the window is in the background, the focus tells the control nothing: the ring stayed
    round the table when the window came back with the board holding the keys (a review)."""
    from PySide6.QtWidgets import QWidget

    table = window.teaching.stack_panel.table
    table.setFocus(Qt.FocusReason.TabFocusReason)
    ring = window.focus_ring
    assert ring.target is table and ring.isVisible()
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(other.isActiveWindow)
    assert not ring.isVisible()  # (another window has the keys: the ring waits, hidden)
    window.board_widget.setFocus(Qt.FocusReason.OtherFocusReason)  # (as a panel gone out of sight does)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert QApplication.focusWidget() is window.board_widget
    assert ring.target is None and not ring.isVisible() and highlighted_edges(window, table) == 0


@pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")  # (offscreen)
def test_the_ring_is_as_it_was_after_a_menu_opened_and_closed_by_keys(qtbot, window):
    """Alt+V, then Esc twice: the keys are back on the table, and so is its ring (it went with the
    menu); the board's ring too."""
    table = window.teaching.stack_panel.table
    for control, ring_shown in ((table, lambda: window.focus_ring.isVisible()),
                                (window.board_widget, lambda: window.board_widget.focus_ring)):
        control.setFocus(Qt.FocusReason.TabFocusReason)
        assert ring_shown()
        qtbot.keyClick(control, Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)  # the View menu by its letter
        qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
        qtbot.keyClick(QApplication.activePopupWidget(), Qt.Key.Key_Escape)
        if QApplication.focusWidget() is not control:  # (Esc once more leaves the menu bar)
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda control=control: QApplication.focusWidget() is control)
        assert ring_shown()


def test_a_ringed_control_deleted_is_forgotten(qtbot, window):
    """A table deleted while ringed left the ring pointing at it, and the next resize of the window
    crashed the program (a review, with a table added for the test: none is deleted in use today)."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QTableView

    panel = window.teaching.stack_panel
    extra = QTableView(panel)
    panel.layout().addWidget(extra)
    QApplication.processEvents()  # (shown)
    window.focus_ring.watch(panel)
    extra.setFocus(Qt.FocusReason.TabFocusReason)
    assert window.focus_ring.target is extra
    extra.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.focus_ring.target is None and not window.focus_ring.isVisible()
    window.resize(window.width() - 50, window.height() - 30)
    QApplication.processEvents()
    assert not window.focus_ring.isVisible()
