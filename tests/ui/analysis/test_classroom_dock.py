"""The Analysis dock in a classroom: it never squeezes the stack below 6 rows; its heatmap steps aside."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor
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


def key_colours(widget) -> set[tuple[int, int, int]]:
    """The colours a grab of ``widget`` shows (every 2nd pixel)."""
    image = widget.grab().toImage()
    return {image.pixelColor(x, y).getRgb()[:3] for x in range(0, image.width(), 2)
            for y in range(0, image.height(), 2)}


def shows(colours: set[tuple[int, int, int]], colour: str) -> bool:
    """Whether ``colour`` is among ``colours``, give or take a little (a gradient's steps)."""
    want = QColor(colour).getRgb()[:3]
    return any(sum(abs(a - b) for a, b in zip(c, want, strict=True)) <= 24 for c in colours)


def assert_right_under_the_board(window) -> None:
    """The key is under the board's squares and their coordinates, close, and no wider than the squares."""
    key, board = window.board_key, window.board_widget
    layout = board.board_layout()
    squares = board.view.board
    bottom = board.geometry().top() + layout.origin.y() + layout.square * squares.rows + layout.margin
    assert 0 <= key.geometry().top() - bottom <= 8  # (the gap, and a pixel's rounding)
    width = max(layout.square * squares.cols, key.minimumSizeHint().width())  # (or as wide as it must be)
    assert min(key.sizeHint().width(), width, board.width()) - 1 <= key.width() <= width + 1
    middle = board.geometry().left() + layout.origin.x() + layout.square * squares.cols / 2
    assert abs(key.geometry().center().x() - middle) <= 2  # centred under the squares


def test_in_presentation_mode_the_heatmaps_key_shows_under_the_board(qtbot, window):
    """Presentation mode hides the Analysis panel, and with it the key: the colours on the board
    meant nothing to the back row.  The key now shows under the board, saying what it measures."""
    from knight_gui.ui.analysis.heatmap import OUTCOME_COLOURS, RAMP

    window.apply_settings(6, 6, "warnsdorff")
    run_all_starts(qtbot, window)  # (Ctrl+A: the Analysis panel shows, with its key)
    page = window.analysis_panel.every_square
    key = window.board_key
    qtbot.waitUntil(page.legend.isVisible)
    assert not key.isVisible()  # (the panel's key is in sight: not twice)
    window.presentation.screen_rect = lambda: QRect(0, 0, 1024, 768)
    qtbot.keyClick(window.board_widget, Qt.Key.Key_F5)
    assert window.presentation.presenting and not window.analysis_dock.isVisible()
    qtbot.waitUntil(key.isVisible)
    QApplication.sendPostedEvents()
    assert_right_under_the_board(window)
    assert key.describe() == page.legend.describe() == "tour: 36"
    assert shows(key_colours(key), OUTCOME_COLOURS["tour"])  # the swatch the board's squares have
    # the key follows the tab's: coloured by pushes, it is the ramp, named
    page.metric_combo.setCurrentIndex(1)
    assert key.describe().startswith("Pushes:") and key.isVisible()
    QApplication.sendPostedEvents()  # (its new size asked for)
    assert_right_under_the_board(window)
    colours = key_colours(key)
    assert shows(colours, RAMP[0]) and shows(colours, RAMP[-1])
    qtbot.keyClick(window.board_widget, Qt.Key.Key_F5)  # leaving: the panel and its key are back
    qtbot.waitUntil(lambda: not window.presentation.presenting and page.legend.isVisible())
    qtbot.waitUntil(lambda: not key.isVisible())


def test_the_key_under_the_board_shows_while_the_colours_do_and_the_panels_key_is_out_of_sight(
        qtbot, window):
    window.fit_screen(QRect(0, 0, 1024, 768 + 40))
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    page, key = window.analysis_panel.every_square, window.board_key
    qtbot.waitUntil(page.legend.isVisible)
    assert not key.isVisible()
    window.analysis_dock.close()  # the panel closed: the colours stay, and so must their key
    assert window.board_widget.heat is not None and key.isVisible()
    window.heat_action.trigger()  # View ▸ Heatmap: the colours go, and the key
    assert window.board_widget.heat is None and not key.isVisible()
    window.heat_action.trigger()
    assert key.isVisible()
    click_square(qtbot, window, 12)  # a new search hides the colours
    assert window.board_widget.heat is None and not key.isVisible()
    window.heat_action.trigger()
    window.analysis_dock.show()  # the panel shown again, on its Every square tab
    qtbot.waitUntil(page.legend.isVisible)
    assert not key.isVisible()
    window.analysis_panel.tabs.setCurrentIndex(1)  # another tab: the panel's key is out of sight
    assert key.isVisible()
    assert_right_under_the_board(window)
    window.analysis_panel.tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: not key.isVisible())
    # Found in review: the panel behind another's tab (its dock is not hidden) and the panel scrolled
    # past its key both left the colours without one.
    window.teaching.pseudocode_dock.raise_()
    qtbot.waitUntil(key.isVisible)
    window.analysis_dock.raise_()
    qtbot.waitUntil(lambda: not key.isVisible())
    area = window.analysis_panel.scroll_area
    bar = area.verticalScrollBar()
    below = page.legend.mapTo(area.widget(), QPoint(0, page.legend.height())).y()
    assert bar.maximum() >= below  # (the panel scrolls past its key on this screen)
    bar.setValue(bar.maximum())
    qtbot.waitUntil(key.isVisible)
    bar.setValue(0)
    qtbot.waitUntil(lambda: not key.isVisible())


def test_the_board_and_its_key_stay_inside_the_windows_centre_however_small_the_window(qtbot, window):
    """Found by the fuzz: made as small as it goes, the window gave its centre 20 px while the board
    kept its least width, 160 px; the board spilled past the centre, and a pointer over a8 was over
    e3 to the board.  The centre asks for the board's least size, and the key's under it."""
    def inside() -> None:
        QApplication.sendPostedEvents()
        area = window.board_area.rect()
        board = window.board_widget.geometry()
        assert area.contains(board) and board.width() >= 160 and board.height() >= 160
        key = window.board_key
        if key is not None and key.isVisible():
            assert area.contains(key.geometry()) and key.geometry().top() >= board.bottom()

    window.resize(200, 150)
    inside()
    window.resize(1000, 700)
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    for dock in (window.analysis_dock, window.teaching.stack_dock, window.teaching.pseudocode_dock,
                 window.teaching.log_dock):  # (found in review: with no dock to keep the window high,
        dock.close()  # the key's second row went under the tool bar)
    window.analysis_panel.every_square.metric_combo.setCurrentIndex(1)  # the ramp and "impossible 12"
    assert window.board_key.isVisible() and "impossible" in window.board_key.describe()
    window.resize(200, 150)
    inside()

