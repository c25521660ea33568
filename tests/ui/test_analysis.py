"""Analysis: every start square, algorithms compared, next tour, counting, SVG, big boards."""

from __future__ import annotations

import csv
import io
import json
import re
import time
import xml.etree.ElementTree as ElementTree
from contextlib import redirect_stdout

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QFileDialog

from knight_gui import cli
from knight_gui.tour import Board, Outcome, Search
from knight_gui.tour.count import PROGRESS_EVERY, count_tours
from knight_gui.tour.validate import is_tour
from knight_gui.ui.analysis import OUTCOME_COLOURS, StartResult, solve_start
from knight_gui.ui.compare import compare_configs
from knight_gui.ui.i18n import tie_break_name
from knight_gui.ui.player import MAX_SPEED, SPEEDS, SearchConfig


def click_square(qtbot, win, square: int) -> None:
    widget = win.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(square).center().toPoint())


def ctrl(qtbot, win, key, shift: bool = False) -> None:
    modifiers = Qt.KeyboardModifier.ControlModifier
    if shift:
        modifiers |= Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(win.board_widget, key, modifiers)


def engine(board: Board, start: int, algorithm: str = "warnsdorff", tie: str | None = None,
           closed: bool = False, budget: int | None = None) -> tuple[str, int, int]:
    """Outcome kind, pushes and pops of the engine called directly, as the CLI does."""
    search = Search(board, start, algorithm, tie, closed, max_nodes=budget)
    for event in search:
        if event.__class__ is Outcome:
            return event.kind, search.pushes, search.pops
    raise AssertionError("no outcome")


def colour_near(image: QImage, point: QPointF, colour: QColor, tolerance: int = 40) -> bool:
    ratio = image.devicePixelRatio()
    c = image.pixelColor(int(point.x() * ratio), int(point.y() * ratio))
    return (abs(c.red() - colour.red()) + abs(c.green() - colour.green())
            + abs(c.blue() - colour.blue())) <= tolerance


def double_click(qtbot, widget, pos) -> None:
    """Press, release, then the double click, as a real mouse sends them (QTest sends only the last)."""
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton, pos=pos)


def run_all_starts(qtbot, window, timeout: int = 30000) -> None:
    panel = window.analysis_panel
    with qtbot.waitSignal(panel.run_finished, timeout=timeout):
        ctrl(qtbot, window, Qt.Key.Key_A)


def test_all_starts_on_6x6_give_the_engines_outcomes_with_a_heatmap_and_legend(qtbot, window):
    window.apply_settings(6, 6, "classic")
    run_all_starts(qtbot, window)
    panel = window.analysis_panel
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
    run_all_starts(qtbot, window)
    widget = window.board_widget
    assert widget.heat is window.analysis_panel.heat
    window.algorithm_combo.setCurrentIndex(window.algorithm_combo.findData("classic"))
    assert widget.heat is None  # the colours would tell about another algorithm
    window.algorithm_combo.setCurrentIndex(window.algorithm_combo.findData("warnsdorff"))
    assert widget.heat is window.analysis_panel.heat
    qtbot.mouseClick(window.analysis_panel.heat_button, Qt.MouseButton.LeftButton)
    assert widget.heat is None and window.analysis_panel.heat_button.text() == "Show heatmap"
    window.apply_settings(6, 6)
    qtbot.mouseClick(window.analysis_panel.heat_button, Qt.MouseButton.LeftButton)
    assert widget.heat is None  # another board


def test_the_table_sorts_by_number_and_a_row_outlines_its_square(qtbot, window):
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    panel = window.analysis_panel
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
    panel = window.analysis_panel
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


def test_plain_backtracking_obeys_the_budget_and_marks_starts_that_ran_out(qtbot, window):
    window.apply_settings(6, 6, "backtracking")
    panel = window.analysis_panel
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
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    qtbot.mouseClick(window.analysis_panel.csv_button, Qt.MouseButton.LeftButton)
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


def test_next_tour_gives_a_different_valid_tour_each_time_up_to_the_exact_count(qtbot, window):
    window.apply_settings(3, 7, "warnsdorff")
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    board = Board(3, 7)
    start = 0
    click_square(qtbot, window, start)
    assert not window.next_tour_action.isEnabled()
    with qtbot.waitSignal(window.player.finished, timeout=30000):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_End)
    seen = []
    while True:
        outcome = window.player.state.outcome
        if outcome.kind != "tour":
            break
        path = list(window.board_widget.view.path)
        assert is_tour(board, path) and path[0] == start
        assert path not in seen
        seen.append(path)
        k = len(seen)
        text = window.message_label.text()
        assert text.startswith("Tour complete"), text
        if k > 1:
            assert f"tour #{k}" in text, text
        assert window.next_tour_action.isEnabled()
        with qtbot.waitSignal(window.player.finished, timeout=30000):
            ctrl(qtbot, window, Qt.Key.Key_N)
        assert not window.player.running
    exact = count_tours(board, start)
    assert len(seen) == exact == 8
    assert window.message_label.text() == f"All tours found from a3: {exact}"
    assert not window.next_tour_action.isEnabled()


def test_count_all_tours_matches_the_counter_and_the_cli(qtbot, window):
    window.apply_settings(4, 5)
    click_square(qtbot, window, 1)
    panel = window.analysis_panel
    with qtbot.waitSignal(panel.count_finished, timeout=20000):
        ctrl(qtbot, window, Qt.Key.Key_N, shift=True)
    out = io.StringIO()
    with redirect_stdout(out):
        cli.main(["count", "--rows", "4", "--cols", "5", "--start", "0", "1", "--format", "json"])
    expected = json.loads(out.getvalue())["tours"]
    assert panel.last_count.tours == expected == count_tours(Board(4, 5), 1)
    assert panel.count_label.text().startswith(f"{expected} tours from b4 (0,1) on 4×5")


def test_counting_is_cancelled_within_a_moment(qtbot, window):
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    panel = window.analysis_panel
    ctrl(qtbot, window, Qt.Key.Key_N, shift=True)  # about a minute of counting
    assert panel.count_cancel.isEnabled()
    qtbot.waitUntil(lambda: "s" in panel.count_label.text().rsplit("…", 1)[-1], timeout=3000)
    with qtbot.waitSignal(panel.count_finished, timeout=3000):
        began = time.perf_counter()
        qtbot.mouseClick(panel.count_cancel, Qt.MouseButton.LeftButton)
    assert time.perf_counter() - began < 1.0
    assert panel.last_count is None
    assert "cancelled" in panel.count_label.text()
    assert panel.count_button.isEnabled()


def test_the_count_label_shows_the_nodes_searched_and_the_time_while_counting(qtbot, window):
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    panel = window.analysis_panel
    figures = re.compile(r"^Counting the tours from a6 \(0,0\)… ([\d,]+) nodes searched, (\d+\.\d) s$")

    def shown() -> tuple[int, float] | None:
        match = figures.match(panel.count_label.text())
        return (int(match[1].replace(",", "")), float(match[2])) if match else None

    ctrl(qtbot, window, Qt.Key.Key_N, shift=True)  # about a minute of counting
    qtbot.waitUntil(lambda: shown() is not None and shown()[0] > 0, timeout=3000)
    first_text = panel.count_label.text()
    nodes, seconds = shown()
    assert nodes % PROGRESS_EVERY == 0
    qtbot.waitUntil(lambda: shown() is not None and shown()[0] > nodes and shown()[1] > seconds, timeout=3000)
    assert panel.count_label.text() != first_text
    assert panel.count_runner.running  # still counting: the figures are progress, not a result
    with qtbot.waitSignal(panel.count_finished, timeout=3000):
        qtbot.mouseClick(panel.count_cancel, Qt.MouseButton.LeftButton)
    assert panel.last_count is None


def test_counting_is_not_offered_on_big_boards(qtbot, window):
    click_square(qtbot, window, 0)
    assert not window.count_action.isEnabled()
    assert "at most 36 squares" in window.analysis_panel.count_intro.text()


def test_compare_reports_the_same_figures_as_the_cli(qtbot, window):
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    panel = window.analysis_panel.compare
    panel.budget_spin.setValue(20_000)
    with qtbot.waitSignal(panel.compare_finished, timeout=30000):
        ctrl(qtbot, window, Qt.Key.Key_A, shift=True)
    rows = panel.model.rows
    assert [(r.config.algorithm, r.config.tie_break) for r in rows] == [
        (c.algorithm, c.tie_break) for c in compare_configs(Board(6), False)]
    for row in rows:
        out = io.StringIO()
        with redirect_stdout(out):
            cli.main(["solve", "--size", "6", "--start", "a6", "-a", row.config.algorithm,
                      "-t", row.config.tie_break, "--budget", "20000", "--format", "json"])
        figures = json.loads(out.getvalue())
        assert (row.result.outcome, row.result.pushes, row.result.pops) == (
            figures["outcome"], figures["pushes"], figures["pops"]), row.config
    tours = [r for r in rows if r.result.outcome == "tour"]
    best = min(tours, key=lambda r: (r.result.pushes, r.result.pops))
    assert best.config.algorithm == "warnsdorff"  # Warnsdorff wins (ties go to the first listed)
    assert panel.summary_label.text().startswith(
        f"Fewest pushes to a tour: Warnsdorff (ties: {tie_break_name(best.config.tie_break)}) "
        f"with {best.result.pushes} pushes")
    # The table shows the figures as the CLI prints them.
    pushes = panel.model.COLUMNS.index("pushes")
    assert panel.proxy.index(0, pushes).data() == f"{rows[0].result.pushes:,}"
    # Double-click a row: watch that algorithm from the same square.
    last = panel.proxy.rowCount() - 1
    panel.table.scrollTo(panel.proxy.index(last, 0))
    double_click(qtbot, panel.table.viewport(), panel.table.visualRect(panel.proxy.index(last, 0)).center())
    assert window.player.config.algorithm == rows[last].config.algorithm
    assert window.player.start == 0


def test_a_closed_tour_is_drawn_with_its_closing_line_and_said_closed(qtbot, window):
    window.apply_settings(6, 6, "warnsdorff", closed=True)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    click_square(qtbot, window, 0)
    with qtbot.waitSignal(window.player.finished, timeout=10000):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_End)
    path = window.board_widget.view.path
    assert is_tour(Board(6), path, closed=True)
    assert window.message_label.text().startswith("Closed tour complete")
    widget = window.board_widget
    image = widget.grab().toImage()
    a, b = widget.square_rect(path[-1]).center(), widget.square_rect(path[0]).center()
    green = widget.theme.closing_line
    hits = sum(colour_near(image, a + (b - a) * (i / 40), green, 90) for i in range(8, 33))
    assert hits >= 6  # a dashed green line from the last square back to the first


def test_svg_export_draws_the_same_board(qtbot, window, tmp_path, monkeypatch):
    window.apply_settings(6, 6)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    click_square(qtbot, window, 0)
    with qtbot.waitSignal(window.player.finished, timeout=10000):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_End)
    target = tmp_path / "tour"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    qtbot.keyClick(window.board_widget, Qt.Key.Key_E,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    svg = tmp_path / "tour.svg"
    root = ElementTree.parse(svg).getroot()
    assert root.tag.endswith("svg")
    text = svg.read_text(encoding="utf-8")
    assert "<image" not in text  # vector squares, not a scaled bitmap
    renderer = QSvgRenderer(str(svg))
    assert renderer.isValid()
    image = QImage(600, 600, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    with QPainter(image) as painter:
        renderer.render(painter)
    theme = window.board_widget.theme
    # Square (5, 5) is light and visited: its corner has the visited tint.
    square = 600 / 7
    corner = QPointF(square / 2 + 5 * square + 4, square / 2 + 5 * square + 4)
    assert colour_near(image, corner, theme.visited_light, 30)
    assert "Saved" in window.statusBar().currentMessage()


def test_the_cli_exports_200x200_as_png_and_svg(tmp_path):
    png = tmp_path / "big.png"
    assert cli.main(["export", "--size", "200", "--start", "0", "0", "-o", str(png)]) == 0
    image = QImage(str(png))
    assert image.width() == image.height() == 2048
    svg = tmp_path / "big.svg"
    assert cli.main(["export", "--size", "30", "--start", "0", "0", "-o", str(svg), "--px", "900"]) == 0
    assert QSvgRenderer(str(svg)).isValid()


def test_solve_start_is_the_engine_loop():
    config = SearchConfig(Board(8), "backtracking")
    result = solve_start(config, 0, 50_000)
    assert isinstance(result, StartResult)
    assert (result.outcome, result.pushes, result.pops) == engine(Board(8), 0, "backtracking", budget=50_000)
    assert result.ran_out
    assert solve_start(config, 0, None, cancelled=lambda: True) is None


@pytest.mark.parametrize("rows, cols", [(6, 6), (5, 5)])
def test_all_starts_with_closed_tours_match_the_engine(qtbot, window, rows, cols):
    window.apply_settings(rows, cols, "warnsdorff", closed=True)
    window.analysis_panel.budget_spin.setValue(200_000)
    run_all_starts(qtbot, window)
    board = Board(rows, cols)
    for r in window.analysis_panel.results:
        assert (r.outcome, r.pushes, r.pops) == engine(board, r.start, "warnsdorff", closed=True,
                                                        budget=200_000)


def test_closing_the_window_during_a_run_leaves_nothing_running(qtbot, window):
    window.apply_settings(8, 8, "backtracking")
    ctrl(qtbot, window, Qt.Key.Key_A)
    window.player.place(0)
    window.player.play()
    assert window.analysis_panel.running
    window.close()  # stops the worker and waits; batches still queued are dropped
    assert not window.analysis_panel.running
    qtbot.waitUntil(lambda: not window.analysis_panel._heat_timer.isActive(), timeout=1000)
    # The fixture fails the test if a timer or thread of ours is still running now.


def test_closing_the_window_while_counting_or_comparing_leaves_nothing_running(qtbot, window):
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    ctrl(qtbot, window, Qt.Key.Key_N, shift=True)
    ctrl(qtbot, window, Qt.Key.Key_A, shift=True)
    assert window.analysis_panel.count_runner.running
    window.close()
    assert not window.analysis_panel.count_runner.running
    assert not window.analysis_panel.compare.runner.running


# -- the review of the Analysis dock: Chinese, placement and size, budgets, counting, numbers ------------

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_in_chinese_the_heatmap_table_and_summary_show_translated_names_and_reasons(qtbot, chinese_window):
    from knight_gui.ui import i18n

    window = chinese_window
    window.apply_settings(5, 5, "classic")
    run_all_starts(qtbot, window)
    panel = window.analysis_panel
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


def test_in_chinese_the_count_of_an_impossible_board_gives_the_theorem_in_chinese(qtbot, chinese_window):
    from knight_gui.ui import i18n

    window = chinese_window
    window.apply_settings(4, 4)
    click_square(qtbot, window, 0)
    panel = window.analysis_panel
    with qtbot.waitSignal(panel.count_finished, timeout=20000):
        ctrl(qtbot, window, Qt.Key.Key_N, shift=True)
    text = panel.count_label.text()
    reason = i18n.outcome_reason(Outcome("impossible", "open-small", ("4×4",), 0))
    assert CJK.search(reason) and reason in text, text
    assert "knight's tour" not in text


def test_the_dock_is_a_tab_beside_the_pseudocode_and_shows_its_table_whole(qtbot, window):
    from PySide6.QtWidgets import QDockWidget

    window.resize(1400, 900)
    qtbot.waitUntil(lambda: window.width() == 1400)
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    dock = window.analysis_dock
    stack = window.findChild(QDockWidget, "stack_dock")
    pseudocode = window.findChild(QDockWidget, "pseudocode_dock")
    assert pseudocode in window.tabifiedDockWidgets(dock)
    assert stack not in window.tabifiedDockWidgets(dock)
    panel = window.analysis_panel
    table = panel.table
    qtbot.waitUntil(lambda: not stack.visibleRegion().isEmpty() and not table.visibleRegion().isEmpty())
    # At least six rows show, every column whole, and no horizontal scroll bar (once the dock,
    # just shown, has been laid out and asked for the room).
    qtbot.waitUntil(lambda: table.viewport().height() >= 6 * table.rowHeight(0))
    qtbot.waitUntil(lambda: not table.horizontalScrollBar().isVisible())
    header = table.horizontalHeader()
    for column in range(panel.model.columnCount()):
        title = panel.model.headerData(column, Qt.Orientation.Horizontal)
        assert header.sectionViewportPosition(column) + header.sectionSize(column) <= table.viewport().width()
        assert header.fontMetrics().horizontalAdvance(title) < header.sectionSize(column), title
        text = panel.proxy.index(0, column).data()
        assert table.fontMetrics().horizontalAdvance(text) < header.sectionSize(column), text
    # The hover line takes room only while it says something.
    assert not panel.hover_label.isVisible()
    widget = window.board_widget
    qtbot.mouseMove(widget, widget.square_rect(0).center().toPoint())
    qtbot.waitUntil(panel.hover_label.isVisible)
    assert panel.hover_label.text().startswith("a5 (0,0): tour,")
    panel.show_hovered(None)
    assert not panel.hover_label.isVisible()
    # Closed and opened again from the menu (View's toggle): the same place.
    window.removeDockWidget(dock)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.hide()
    dock.toggleViewAction().trigger()
    assert dock.isVisible() and pseudocode in window.tabifiedDockWidgets(dock)


def test_the_budget_follows_the_algorithm_until_the_user_sets_one(qtbot, window):
    panel = window.analysis_panel
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


def test_the_count_tab_says_what_is_counted_once_and_drops_a_count_of_another_board(qtbot, window):
    panel = window.analysis_panel
    window.apply_settings(4, 5)
    click_square(qtbot, window, 1)
    assert "reverse count twice" not in panel.count_intro.text()
    assert "each tour once" in panel.count_intro.text()
    window.apply_settings(6, 6, closed=True)
    click_square(qtbot, window, 0)
    assert "twice, once per direction" in panel.count_intro.text()
    window.apply_settings(4, 4, closed=False)
    click_square(qtbot, window, 0)
    with qtbot.waitSignal(panel.count_finished, timeout=20000):
        ctrl(qtbot, window, Qt.Key.Key_N, shift=True)
    assert panel.count_label.text().startswith("0 tours from a4 (0,0) on 4×4")
    assert panel.count_label.text().endswith(
        "No tour can exist: 4×4 has no knight's tour from any square (Cull and De Curtins; Conrad et al.).")
    assert not panel.count_progress.isVisible()  # no empty bar under a result
    window.apply_settings(3, 4)
    assert panel.count_label.text() == "" and panel.last_count is None
    # On 8x8 counting is not offered: the reason shows once, with no empty progress bar.
    window.apply_settings(8, 8)
    click_square(qtbot, window, 0)
    panel.count_tours()
    assert "at most 36 squares" in panel.count_intro.text()
    window.analysis_dock.show()
    panel.tabs.setCurrentWidget(panel.count_page)
    qtbot.waitUntil(panel.count_page.isVisible)
    assert "at most 36 squares" not in panel.count_label.text()
    assert not panel.count_progress.isVisible()


def test_one_start_out_of_budget_is_said_in_the_singular(qtbot, window):
    window.apply_settings(6, 6, "classic")
    panel = window.analysis_panel
    panel.budget_spin.setValue(50)  # only c3 of 6x6 needs more (63 pushes)
    run_all_starts(qtbot, window)
    assert sum(r.ran_out for r in panel.results) == 1
    assert "1 start ran out of its budget of 50 pushes." in panel.summary_label.text()


@pytest.mark.parametrize("n, shown", [
    (0, "0"), (999, "999"), (999.4, "999"), (999.5, "1.0k"), (4096, "4.1k"), (9_949, "9.9k"), (9_999, "10k"),
    (99_949, "100k"), (999_499, "999k"), (999_500, "1.0M"), (999_961, "1.0M"), (1_000_000, "1.0M"),
    (9_999_999, "10M"), (999_499_999, "999M"), (999_961_000, "1.0G"), (2_000_000_000, "2.0G"),
])
def test_compact_numbers_round_into_the_next_unit(n, shown):
    from knight_gui.ui.analysis import compact_number

    assert compact_number(n) == shown


@pytest.mark.parametrize("metric", ["pushes", "pops", "time"])
def test_impossible_starts_look_impossible_in_every_numeric_view(qtbot, window, metric):
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    panel = window.analysis_panel
    panel.metric_combo.setCurrentIndex(panel.metric_combo.findData(metric))
    heat = window.board_widget.heat
    impossible_colour = QColor(OUTCOME_COLOURS["impossible"]).rgba()
    for r in panel.results:
        if r.outcome == "impossible":
            assert heat.labels[r.start] == "—"
            assert heat.palette[heat.levels[r.start]] == impossible_colour
        else:
            assert heat.labels[r.start] not in ("—", "")
            assert heat.palette[heat.levels[r.start]] != impossible_colour
    # The ramp's ends are of the searched starts only.
    searched = [r.value(metric) for r in panel.results if r.outcome != "impossible"]
    assert (panel.legend.legend.low, panel.legend.legend.high) == (min(searched), max(searched))
    # On the board: the impossible colour on b5, as in the outcome view.
    image = window.board_widget.grab().toImage()
    rect = window.board_widget.square_rect(1)
    assert colour_near(image, rect.topLeft() + QPointF(rect.width() * 0.15, rect.height() * 0.15),
                       QColor(OUTCOME_COLOURS["impossible"]), 60)


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1024, 768)])
def test_the_analysis_dock_fits_a_projector_screen(qtbot, window, width, height):
    """Opening Analysis (every square, Compare, Count) keeps the window on a 1280×720 or 1024×768
    screen: its minimum size stays below the screen, the board keeps most of the width."""
    window.resize(width, height)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height))
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    click_square(qtbot, window, 0)
    compare = window.analysis_panel.compare
    compare.budget_spin.setValue(20_000)
    with qtbot.waitSignal(compare.compare_finished, timeout=30000):
        ctrl(qtbot, window, Qt.Key.Key_A, shift=True)
    dock = window.analysis_dock
    qtbot.waitUntil(lambda: not compare.table.horizontalScrollBar().isVisible()
                    or dock.width() >= 0.45 * width - 2)  # the dock has asked for its room
    hint = window.minimumSizeHint()
    assert hint.height() <= height and hint.width() <= width, hint
    assert (window.width(), window.height()) == (width, height)
    assert window.analysis_dock.width() <= 0.45 * width + 1
    assert window.board_widget.width() >= 0.5 * width
