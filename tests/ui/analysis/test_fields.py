"""The Analysis panel's spin box and combo box: the wheel scrolls the panel until they have focus."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from knight_gui.ui.lessons import lesson
from tests.ui.analysis.common import run_all_starts


def wheel(widget, notches: int) -> bool:
    """Turn the wheel ``notches`` towards the user over the middle of ``widget``; whether it took the turn.

    (Qt passes an ignored wheel event on to the parents, which scroll, only where it came from the
    system: one sent here stops at ``widget``.  The real window was checked under Xvfb.)"""
    point = QPointF(widget.rect().center())
    event = QWheelEvent(point, QPointF(widget.mapToGlobal(point)), QPoint(0, 0), QPoint(0, -120 * notches),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                        False)
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def test_the_wheel_scrolls_the_panel_over_the_budget_and_changes_it_once_it_has_focus(qtbot, window):
    # (A reviewer scrolled the panel on 1024×768 and the budget under the pointer went from
    # 100,000 to 70,000.)
    window.resize(1024, 768)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 768))
    window.lessons.start(lesson("backtracking-5x5"))
    run_all_starts(qtbot, window)
    panel = window.analysis_panel
    qtbot.waitUntil(lambda: panel.scroll_area.verticalScrollBar().maximum() > 0)  # the panel scrolls
    page = panel.every_square
    for field in (page.budget_spin, page.metric_combo):
        value = field.value() if field is page.budget_spin else field.currentIndex()
        assert not wheel(field, 1), field  # left to the panel, which scrolls
        now = field.value() if field is page.budget_spin else field.currentIndex()
        assert now == value, field
    page.budget_spin.setFocus()
    qtbot.waitUntil(page.budget_spin.hasFocus)
    budget = page.budget_spin.value()
    assert wheel(page.budget_spin, 3)
    assert page.budget_spin.value() == budget - 3 * page.budget_spin.singleStep()
    page.metric_combo.setFocus()
    qtbot.waitUntil(page.metric_combo.hasFocus)
    assert wheel(page.metric_combo, 1) and page.metric_combo.currentIndex() == 1
    panel.tabs.setCurrentWidget(panel.compare)
    qtbot.waitUntil(panel.compare.isVisible)
    compare = panel.compare.budget_spin
    value = compare.value()
    assert not wheel(compare, 1) and compare.value() == value
