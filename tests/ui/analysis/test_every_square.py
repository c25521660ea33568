"""Analysis ▸ Solve from every square: the worker, the table, the heatmap, CSV."""

from __future__ import annotations

import csv
import time

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMessageBox

from knight_gui.tour import Board
from knight_gui.ui import file_dialogs
from knight_gui.ui.analysis.results import OUTCOME_COLOURS, StartResult, solve_start
from knight_gui.ui.player import SearchConfig
from knight_gui.ui.workers import CancelToken
from tests.ui.analysis.common import (
    CJK,
    click_square,
    colour_near,
    ctrl,
    double_click,
    engine,
    run_all_starts,
)


def test_all_starts_on_6x6_give_the_engines_outcomes_with_a_heatmap_and_legend(qtbot, window):
    window.apply_settings(6, 6, "classic")
    run_all_starts(qtbot, window)
    panel = window.analysis_panel.every_square
    board = Board(6)
    assert window.analysis_dock.isVisible()
    assert len(panel.results) == 36 and panel.model.rowCount() == 36
    for r in panel.results:
        assert (r.outcome, r.pushes, r.pops) == engine(board, r.start, "classic"), board.name(r.start)
    assert panel.progress.value() == 36
    assert panel.summary_label.text().startswith("36 of 36 starts on 6×6, Classic (course): tour 36.")
    assert panel.legend.describe() == "tour: 36"
    # The board shows the heatmap: a tour's green on every square (away from the ✓ in the middle).
    image = window.board_widget.grab().toImage()
    green = QColor(OUTCOME_COLOURS["tour"])
    for square in (0, 7, 20, 35):
        rect = window.board_widget.square_rect(square)
        assert colour_near(image, rect.topLeft() + QPointF(rect.width() * 0.15, rect.height() * 0.15), green,
                           60), square
    # Colour by pushes: the legend turns into a ramp from the fewest to the most pushes.
    panel.metric_combo.setCurrentIndex(panel.metric_combo.findData("pushes"))
    low = min(r.pushes for r in panel.results)
    high = max(r.pushes for r in panel.results)
    assert panel.legend.describe() == f"Pushes: {low:,} – {high:,}"
    # Hovering a square tells its result.
    widget = window.board_widget
    qtbot.mouseMove(widget, widget.square_rect(14).center().toPoint())
    assert panel.hover_label.text().startswith("c4 (2,2): tour,")


def test_the_heatmap_shows_only_for_the_search_it_was_made_with(qtbot, window):
    window.apply_settings(5, 5, "warnsdorff")
    page = window.analysis_panel.every_square
    # Before a run there is no heatmap to hide: the button is greyed, as View ▸ Heatmap is (a review
    # found "Hide heatmap" offered there).
    assert not page.heat_button.isEnabled() and not window.heat_action.isEnabled()
    assert page.heat_button.text() == "Show heatmap"  # (not "Hide": there is nothing to hide)
    run_all_starts(qtbot, window)
    assert page.heat_button.isEnabled() and window.heat_action.isEnabled()
    assert page.heat_button.text() == "Hide heatmap"
    widget = window.board_widget
    assert widget.heat is window.analysis_panel.every_square.heat
    window.algorithm_combo.setCurrentIndex(window.algorithm_combo.findData("classic"))
    assert widget.heat is None  # the colours would tell about another algorithm
    window.algorithm_combo.setCurrentIndex(window.algorithm_combo.findData("warnsdorff"))
    assert widget.heat is window.analysis_panel.every_square.heat
    qtbot.mouseClick(window.analysis_panel.every_square.heat_button, Qt.MouseButton.LeftButton)
    assert widget.heat is None and window.analysis_panel.every_square.heat_button.text() == "Show heatmap"
    window.apply_settings(6, 6)
    qtbot.mouseClick(window.analysis_panel.every_square.heat_button, Qt.MouseButton.LeftButton)
    assert widget.heat is None  # another board


def test_the_table_sorts_by_number_and_a_row_outlines_its_square(qtbot, window):
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    panel = window.analysis_panel.every_square
    # Odd squares of 5x5 are impossible starts (the colour rule), the others find tours.
    tally = {r.outcome for r in panel.results}
    assert tally == {"tour", "impossible"}
    column = panel.model.COLUMNS.index("pushes")
    panel.table.sortByColumn(column, Qt.SortOrder.DescendingOrder)
    shown = [panel.proxy.index(row, column).data(Qt.ItemDataRole.UserRole) for row in range(25)]
    assert shown == sorted(shown, reverse=True)
    panel.table.selectRow(0)
    top = max(panel.results, key=lambda r: (r.pushes, -r.start))
    selected = panel._result_at(panel.table.currentIndex())
    assert selected.pushes == top.pushes
    assert window.board_widget.selection == selected.start
    # Double-click: watch that start.
    index = panel.table.currentIndex()
    rect = panel.table.visualRect(index)
    double_click(qtbot, panel.table.viewport(), rect.center())
    assert window.player.start == selected.start


def test_cancel_stops_the_worker_quickly_and_leaves_no_thread(qtbot, window):
    window.apply_settings(8, 8, "backtracking")
    panel = window.analysis_panel.every_square
    panel.budget_spin.setValue(2_000_000_000)  # hours of plain backtracking from a8
    ctrl(qtbot, window, Qt.Key.Key_A)
    assert panel.running and panel.cancel_button.isEnabled()
    # The window stays responsive meanwhile: a click places the knight at once.
    click_square(qtbot, window, 9)
    assert window.player.start == 9
    with qtbot.waitSignal(panel.run_finished, timeout=3000):
        began = time.perf_counter()
        qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    took = time.perf_counter() - began
    assert took < 1.0, f"cancelling took {took:.3f} s"
    assert not panel.running
    assert panel.summary_label.text().endswith("Cancelled.")
    assert panel.run_button.isEnabled() and not panel.cancel_button.isEnabled()


def test_esc_cancels_every_square_as_its_button_does_and_leaves_the_search_shown(qtbot, window):
    window.apply_settings(8, 8, "backtracking")
    click_square(qtbot, window, 9)
    panel = window.analysis_panel.every_square
    panel.budget_spin.setValue(2_000_000_000)  # hours of plain backtracking from a8
    ctrl(qtbot, window, Qt.Key.Key_A)
    assert panel.running
    with qtbot.waitSignal(panel.run_finished, timeout=3000):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_Escape)
    assert not panel.running and panel.summary_label.text().endswith("Cancelled.")
    assert window.player.start == 9  # (Esc stopped the analysis, not the search shown)


def test_plain_backtracking_obeys_the_budget_and_marks_starts_that_ran_out(qtbot, window):
    window.apply_settings(6, 6, "backtracking")
    panel = window.analysis_panel.every_square
    panel.budget_spin.setValue(3000)
    run_all_starts(qtbot, window)
    board = Board(6)
    ran_out = [r for r in panel.results if r.ran_out]
    assert ran_out and len(panel.results) == 36
    for r in panel.results:
        assert (r.outcome, r.pushes, r.pops) == engine(board, r.start, "backtracking", budget=3000)
        assert r.pushes <= 3000
    assert f"{len(ran_out)} starts ran out of their budget of 3,000 pushes." in panel.summary_label.text()
    panel.metric_combo.setCurrentIndex(panel.metric_combo.findData("outcome"))
    assert "out of budget: " in panel.legend.describe()


def test_csv_has_one_row_per_start(qtbot, window, tmp_path, monkeypatch):
    window.apply_settings(5, 5, "warnsdorff", "pohl")
    run_all_starts(qtbot, window)
    target = tmp_path / "starts.csv"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: (str(target), ""))
    qtbot.mouseClick(window.analysis_panel.every_square.csv_button, Qt.MouseButton.LeftButton)
    rows = list(csv.DictReader(target.read_text(encoding="utf-8").splitlines()))
    board = Board(5, 5)
    assert [int(r["start"]) for r in rows] == list(range(25))
    for r in rows:
        start = int(r["start"])
        assert (int(r["row"]), int(r["col"])) == board.row_col(start)
        assert r["name"] == board.name(start)
        assert (r["algorithm"], r["tie_break"]) == ("warnsdorff", "pohl")
        assert (r["outcome"], int(r["pushes"]), int(r["pops"])) == engine(board, start, "warnsdorff", "pohl")
        assert r["ran_out"] == "0"


def test_why_the_csv_cannot_be_saved_is_said_in_the_windows_language(qtbot, chinese_window, tmp_path,
                                                                    monkeypatch):
    """Seen in review: the reason stayed English ("无法写入 …：permission denied")."""
    window = chinese_window
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    folder = tmp_path / "starts.csv"
    folder.mkdir()
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append((title, text)))
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: (str(folder), ""))
    qtbot.mouseClick(window.analysis_panel.every_square.csv_button, Qt.MouseButton.LeftButton)
    assert errors == [("保存失败", f"无法写入 {folder}：它是文件夹，不是普通文件")], errors


def test_solve_start_is_the_engine_loop():
    config = SearchConfig(Board(8), "backtracking")
    result = solve_start(config, 0, 50_000)
    assert isinstance(result, StartResult)
    assert (result.outcome, result.pushes, result.pops) == engine(Board(8), 0, "backtracking", budget=50_000)
    assert result.ran_out
    token = CancelToken()
    token.cancel()
    assert solve_start(config, 0, None, token) is None


@pytest.mark.parametrize("rows, cols", [(6, 6), (5, 5)])
def test_all_starts_with_closed_tours_match_the_engine(qtbot, window, rows, cols):
    window.apply_settings(rows, cols, "warnsdorff", closed=True)
    window.analysis_panel.every_square.budget_spin.setValue(200_000)
    run_all_starts(qtbot, window)
    board = Board(rows, cols)
    for r in window.analysis_panel.every_square.results:
        assert (r.outcome, r.pushes, r.pops) == engine(board, r.start, "warnsdorff", closed=True,
                                                        budget=200_000)


def test_closing_the_window_during_a_run_leaves_nothing_running(qtbot, window):
    window.apply_settings(8, 8, "backtracking")
    ctrl(qtbot, window, Qt.Key.Key_A)
    window.player.place(0)
    window.player.play()
    assert window.analysis_panel.every_square.running
    window.close()  # stops the worker and waits; batches still queued are dropped
    assert not window.analysis_panel.every_square.running
    qtbot.waitUntil(lambda: not window.analysis_panel.every_square._heat_timer.isActive(), timeout=1000)
    # The fixture fails the test if a timer or thread of ours is still running now.


def test_in_chinese_the_heatmap_table_and_summary_show_translated_names_and_reasons(qtbot, chinese_window):
    from knight_gui.ui import i18n

    window = chinese_window
    window.apply_settings(5, 5, "classic")
    run_all_starts(qtbot, window)
    panel = window.analysis_panel.every_square
    summary = panel.summary_label.text()
    assert i18n.algorithm_name("classic") in summary and CJK.search(i18n.algorithm_name("classic"))
    assert "classic" not in summary
    for row in range(panel.proxy.rowCount()):
        tip = panel.proxy.index(row, 1).data(Qt.ItemDataRole.ToolTipRole)
        result = panel._result_at(panel.proxy.index(row, 1))
        assert CJK.search(tip) and tip != result.reason, tip
        if result.outcome == "impossible":
            assert tip == i18n.outcome_reason(result.as_outcome())
    # Warnsdorff's summary names its tie-break rule in Chinese too.
    window.apply_settings(5, 5, "warnsdorff", "roth")
    run_all_starts(qtbot, window)
    summary = panel.summary_label.text()
    assert i18n.tie_break_name("roth") in summary and "warnsdorff/" not in summary


def test_the_budget_follows_the_algorithm_until_the_user_sets_one(qtbot, window):
    panel = window.analysis_panel.every_square
    assert panel.budget_spin.value() == 1_000_000
    window.apply_settings(6, 6, "backtracking")
    assert panel.budget_spin.value() == 100_000
    window.apply_settings(6, 6, "warnsdorff")
    assert panel.budget_spin.value() == 1_000_000
    window.apply_settings(6, 6, "backtracking")
    panel.budget_spin.setValue(5000)  # the user's own
    window.apply_settings(6, 6, "classic")
    assert panel.budget_spin.value() == 5000
    window.apply_settings(6, 6, "backtracking")
    assert panel.budget_spin.value() == 5000


def test_one_start_out_of_budget_is_said_in_the_singular(qtbot, window):
    window.apply_settings(6, 6, "classic")
    panel = window.analysis_panel.every_square
    panel.budget_spin.setValue(50)  # only c3 of 6x6 needs more (63 pushes)
    run_all_starts(qtbot, window)
    assert sum(r.ran_out for r in panel.results) == 1
    assert "1 start ran out of its budget of 50 pushes." in panel.summary_label.text()


def test_the_heatmap_comes_back_with_the_board_it_was_made_on(qtbot, window):
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    assert window.board_widget.heat is not None
    window.apply_settings(6, 6, "warnsdorff")
    assert window.board_widget.heat is None
    window.apply_settings(5, 5, "warnsdorff")
    assert window.board_widget.heat is window.analysis_panel.every_square.heat is not None


def test_starts_the_default_search_leaves_out_of_budget_get_the_fallback_tour(qtbot, window):
    window.apply_settings(6, 6)
    panel = window.analysis_panel.every_square
    panel.budget_spin.setValue(50)
    run_all_starts(qtbot, window)
    assert len(panel.results) == 36 and all(r.outcome == "tour" for r in panel.results)
    fallback = [r for r in panel.results if r.code == "tour-fallback"]
    assert fallback and not any(r.ran_out for r in panel.results)
    assert f"Tours marked * ({len(fallback)}) were found by the fallback" in panel.summary_label.text()
    model = panel.table.model()
    column = panel.model.COLUMNS.index("outcome")
    marked = [model.index(row, column).data() for row in range(model.rowCount())]
    assert sum(1 for text in marked if text.endswith("*")) == len(fallback)


def test_before_a_run_the_progress_counts_the_boards_squares(qtbot, window):
    """"0 of 25 starts" on 5×5 before a run (it said the bar's own "0 of 100"), following the board."""
    window.apply_settings(5, 5)
    window.analysis_dock.toggleViewAction().trigger()  # Analysis ▸ Analysis panel
    progress = window.analysis_panel.every_square.progress
    assert progress.text() == "0 of 25 starts"
    window.apply_settings(6, 7)
    assert progress.text() == "0 of 42 starts"


def test_counts_of_starts_have_thousands_separators(qtbot, window):
    """"1,600", as the summary says it after the run: the bar said "18 of 1600 starts" and the summary
    "Solving from 1600 start squares…"."""
    window.apply_settings(40, 40, "backtracking")
    window.analysis_dock.toggleViewAction().trigger()
    panel = window.analysis_panel.every_square
    assert panel.progress.text() == "0 of 1,600 starts"
    panel.run_all_starts()
    try:
        assert panel.summary_label.text() == "Solving from 1,600 start squares…"
        qtbot.waitUntil(lambda: panel.progress.value() > 0, timeout=30_000)
        assert panel.progress.text() == f"{panel.progress.value():,} of 1,600 starts"
    finally:
        panel.cancel_button.click()
        qtbot.waitUntil(lambda: not panel.runner.running, timeout=10_000)


def test_a_long_run_says_about_how_long_the_rest_will_take(qtbot, window, monkeypatch):
    """40×40 of plain backtracking takes some 25 minutes, and nothing said so.  By the rate so far,
    after ESTIMATE_AFTER seconds (a fake clock: ten minutes gone when the first starts are in)."""
    from knight_gui.ui.analysis import every_square

    now = [0.0]
    monkeypatch.setattr(every_square, "clock", lambda: now[0])
    window.apply_settings(40, 40, "backtracking")
    window.analysis_dock.toggleViewAction().trigger()
    panel = window.analysis_panel.every_square
    panel.run_all_starts()
    try:
        assert panel.summary_label.text() == "Solving from 1,600 start squares…"
        now[0] = 600.0
        qtbot.waitUntil(lambda: "left." in panel.summary_label.text(), timeout=30_000)
        text, done = panel.summary_label.text(), panel.progress.value()  # (set together, by one signal)
        minutes = round(600.0 / done * (1600 - done) / 60)
        hours, rest = divmod(minutes, 60)
        said = f"About {minutes} min left." if minutes < 90 else f"About {hours} h {rest} min left."
        assert text == f"Solving from 1,600 start squares… {said}"
    finally:
        panel.cancel_button.click()
        qtbot.waitUntil(lambda: not panel.runner.running, timeout=10_000)
