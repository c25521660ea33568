"""The Analysis dock in a classroom: it never squeezes the stack below 6 rows; its heatmap steps aside."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

from knight_gui.ui.stack_panel import LEAST_ROWS
from tests.ui.analysis.common import click_square, run_all_starts


def stack_rows(window) -> float:
    table = window.teaching.stack_panel.table
    return table.viewport().height() / table.verticalHeader().defaultSectionSize()


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1280, 720), (1280, 860)])
def test_opening_analysis_leaves_the_stack_six_rows(qtbot, window, width, height):
    window.fit_screen(QRect(0, 0, width, height + 40))
    window.apply_settings(5, 5, "warnsdorff")
    click_square(qtbot, window, 0)
    for _ in range(10):
        window.player.step()
    run_all_starts(qtbot, window)  # the dock opens, and asks for its height
    qtbot.waitUntil(lambda: window.analysis_dock.isVisible())
    QApplication.sendPostedEvents()  # the layout requests the dock's opening posted
    assert stack_rows(window) >= LEAST_ROWS
    window.analysis_dock.hide()
    assert window.teaching.stack_panel.least_rows == 0  # (the window may be lower again)


def test_the_heatmap_hides_for_a_new_search_and_view_shows_it_again(qtbot, window):
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    page = window.analysis_panel.every_square
    assert window.board_widget.heat is not None and window.heat_action.isChecked()
    click_square(qtbot, window, 12)  # a new search: its visited squares must stand out
    assert window.board_widget.heat is None and not window.heat_action.isChecked()
    assert window.heat_action.isEnabled()
    window.heat_action.trigger()  # View ▸ Heatmap
    assert window.board_widget.heat is not None and page.heat_button.isChecked()


def test_the_heatmap_hides_when_play_yourself_starts(qtbot, window):
    """The student's own path needs the board's colours (it was all grey "?" after an Every square run
    of plain backtracking); View ▸ Heatmap shows it again."""
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    assert window.board_widget.heat is not None and window.heat_action.isChecked()
    window.play_mode.toggle_action.trigger()  # Run ▸ Play Yourself
    assert window.play_mode.active
    assert window.board_widget.heat is None and not window.heat_action.isChecked()
    window.heat_action.trigger()  # View ▸ Heatmap
    assert window.board_widget.heat is not None


def test_every_square_says_why_plain_backtracking_shows_question_marks(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    page = window.analysis_panel.every_square
    page.budget_spin.setValue(50)  # too few pushes for most starts
    run_all_starts(qtbot, window)
    text = page.summary_label.text()
    assert "ran out of their budget of 50 pushes" in text
    assert "plain backtracking would need far more pushes" in text


def test_view_panels_lists_the_analysis_panel_too(qtbot, window):
    """View ▸ Panels listed every panel but Analysis (a reviewer looked for it there): it is there
    now, the same entry as Analysis ▸ Analysis panel, and it opens the panel, built."""
    entries = {action.text().replace("&", ""): action for action in window.teaching.panels_menu.actions()}
    toggle = entries["Analysis panel"]
    assert toggle is window.analysis_dock.toggleViewAction() and toggle in window.analysis_menu.actions()
    assert not window.analysis_dock.isVisible()
    toggle.trigger()
    qtbot.waitUntil(window.analysis_dock.isVisible)
    assert window.analysis_dock.widget() is window.analysis_panel
    assert window.analysis_panel.every_square.isVisible()
