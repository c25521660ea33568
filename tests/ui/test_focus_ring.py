"""The ring round a table or slider that Tab brings the keys to (``knight_gui.ui.focus_ring``)."""

from __future__ import annotations

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
