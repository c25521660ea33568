"""The Analysis dock and its actions: where it shows, next tour, closing with jobs running."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from knight_gui.tour import Board
from knight_gui.tour.count import count_tours
from knight_gui.tour.validate import is_tour
from knight_gui.ui.player import MAX_SPEED, SPEEDS
from tests.ui.analysis.common import click_square, colour_near, ctrl, run_all_starts


@pytest.mark.parametrize(("algorithm", "name"), [("construct", "Construction"), ("greedy", "Greedy")])
def test_a_search_that_stops_at_its_tour_offers_no_next_tour_and_says_why(qtbot, window, algorithm, name):
    """Found by a helper: Ctrl+N after the construction's tour raised StopIteration (its generator
    ends at its tour, as greedy's does; only greedy was kept out).  The action stays enabled, as
    Count all tours does, so that its key says why (a greyed menu item cannot)."""
    window.apply_settings(6, 6, algorithm)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    click_square(qtbot, window, 0)
    with qtbot.waitSignal(window.player.finished, timeout=30000):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_End)
    assert window.player.state.outcome.kind == "tour"
    pos = window.player.pos
    ctrl(qtbot, window, Qt.Key.Key_N)  # nothing runs, and nothing is raised: the status bar says why
    assert window.player.pos == pos and window.player.state.outcome.kind == "tour"
    assert not window.player.running
    assert window.statusBar().currentMessage() == (
        f"{name} stops at its tour: it does not search on, so there is no next tour")
    window.player.next_tour()  # (its slot, called directly: no event pulled from the ended search)
    assert window.player.pos == pos


def test_next_tour_before_a_tour_says_what_it_needs(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    ctrl(qtbot, window, Qt.Key.Key_N)
    assert window.statusBar().currentMessage() == (
        "Place the knight first: click a square, then End runs to its first tour")
    click_square(qtbot, window, 0)
    ctrl(qtbot, window, Qt.Key.Key_N)
    assert window.player.pos == 1 and not window.player.running
    assert window.statusBar().currentMessage() == (
        "Next tour goes on from a tour: none is shown yet (End runs to the first)")


def test_next_tour_gives_a_different_valid_tour_each_time_up_to_the_exact_count(qtbot, window):
    window.apply_settings(3, 7, "warnsdorff")
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    board = Board(3, 7)
    start = 0
    click_square(qtbot, window, start)
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
        with qtbot.waitSignal(window.player.finished, timeout=30000):
            ctrl(qtbot, window, Qt.Key.Key_N)
        assert not window.player.running
    exact = count_tours(board, start)
    assert len(seen) == exact == 8
    assert window.message_label.text() == f"All tours found from a3: {exact}"
    pos = window.player.pos
    ctrl(qtbot, window, Qt.Key.Key_N)  # none left: it says so, and nothing runs
    assert window.player.pos == pos and not window.player.running
    assert window.statusBar().currentMessage() == "The search is over: there is no next tour to go on to"


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


def test_closing_the_window_while_counting_or_comparing_leaves_nothing_running(qtbot, window):
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    ctrl(qtbot, window, Qt.Key.Key_N, shift=True)
    ctrl(qtbot, window, Qt.Key.Key_A, shift=True)
    assert window.analysis_panel.counting.runner.running
    window.close()
    assert not window.analysis_panel.counting.runner.running
    assert not window.analysis_panel.compare.runner.running


# -- the review of the Analysis dock: Chinese, placement and size, budgets, counting, numbers ------------



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
    panel = window.analysis_panel.every_square
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


def test_on_a_low_screen_the_pages_scroll_rather_than_lay_their_parts_over_one_another(qtbot, window):
    """1024×768 with a lesson's note above: the dock is low.  Every page gets the height its wrapped
    lines need at its width, and scrolls; the summary, the table and the buttons under it were laid
    over one another (the scroll area gave the tabs their least height, blind to wrapped lines)."""
    from knight_gui.ui.lessons import lesson

    window.resize(1024, 768)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 768))
    window.lessons.start(lesson("backtracking-5x5"))
    run_all_starts(qtbot, window)
    panel = window.analysis_panel
    page = panel.every_square
    qtbot.waitUntil(lambda: page.summary_label.text() != "" and page.isVisible())
    scroll = panel.scroll_area
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() > 0)  # the dock is lower than the page
    for tab in (page, panel.compare, panel.counting):
        panel.tabs.setCurrentWidget(tab)
        qtbot.waitUntil(lambda tab=tab: tab.height() >= tab.layout().heightForWidth(tab.width()))
        parts = [tab.layout().itemAt(i) for i in range(tab.layout().count())]
        shown = [item.geometry() for item in parts if item.widget() is None or item.widget().isVisible()]
        shown = [rect for rect in shown if rect.height() > 0]
        for upper, lower in zip(shown, shown[1:], strict=False):
            assert upper.bottom() < lower.top(), (tab, upper, lower)
    label = page.summary_label
    assert label.height() >= label.heightForWidth(label.width())
    assert page.table.geometry().bottom() < page.csv_button.geometry().top()


def test_another_page_shows_from_its_top_and_tab_makes_no_unseen_stop(qtbot, window):
    """Seen in review: Count all tours after a Compare scrolled down showed a blank page (the count
    above, out of sight), and one stop of Tab's showed nothing (the panel's scroll area)."""
    from PySide6.QtWidgets import QApplication

    window.resize(1024, 600)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 600))
    window.apply_settings(5, 5, "warnsdorff")
    click_square(qtbot, window, 12)
    panel = window.analysis_panel
    window._show_analysis(panel.compare)
    bar = panel.scroll_area.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)  # the dock is lower than the page
    bar.setValue(bar.maximum())
    ctrl(qtbot, window, Qt.Key.Key_N, shift=True)  # Count all tours: its tab, from its top
    assert panel.tabs.currentWidget() is panel.counting and bar.value() == 0
    qtbot.waitUntil(lambda: not panel.counting.counting, timeout=30000)
    window.board_widget.setFocus()
    stops = []
    for _ in range(40):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        if QApplication.focusWidget() is window.board_widget:
            break
        stops.append(QApplication.focusWidget())
    assert any(panel.counting.isAncestorOf(stop) for stop in stops)  # Tab reaches the page's controls ...
    assert panel.scroll_area not in stops  # ... and stops nowhere unseen


def rows_in_sight(panel, table) -> int:
    """The table's rows a user sees whole: inside the table's viewport and the panel's scroll area."""
    area = panel.scroll_area.viewport()
    seen = area.rect()
    count = 0
    for row in range(table.model().rowCount()):
        rect = table.visualRect(table.model().index(row, 0))
        top = table.viewport().mapTo(area, rect.topLeft())
        bottom = table.viewport().mapTo(area, rect.bottomLeft())
        if table.viewport().rect().contains(rect) and seen.contains(top) and seen.contains(bottom):
            count += 1
    return count


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1024, 768)])
def test_compares_results_come_into_sight_in_a_low_dock(qtbot, window, width, height):
    """At 1366×768 the page's text, buttons and progress above the table took the low dock's room (the
    Stack above keeps its rows), and Compare showed 4 of its 11 rows, the rest below the fold.  When the
    run ends the panel scrolls to the table: all 11 rows, or as many as the dock holds."""
    from PySide6.QtCore import QRect

    window.fit_screen(QRect(0, 0, width, height - 40))
    window.apply_settings(8, 8, "warnsdorff")
    click_square(qtbot, window, 0)
    panel = window.analysis_panel
    compare = panel.compare
    compare.budget_spin.setValue(20_000)
    with qtbot.waitSignal(compare.compare_finished, timeout=30000):
        ctrl(qtbot, window, Qt.Key.Key_A, shift=True)
    table = compare.table
    rows = table.model().rowCount()
    assert rows == 11
    room = panel.scroll_area.viewport().height()
    header = table.horizontalHeader().height()
    fits = min(rows, (room - header - 2 * table.frameWidth()) // table.rowHeight(0))
    assert fits >= 6  # (the dock holds that many: the test would mean little below it)
    qtbot.waitUntil(lambda: rows_in_sight(panel, table) >= fits, timeout=3000)
    header = table.horizontalHeader()  # the columns' names show too
    area = panel.scroll_area.viewport()
    assert area.rect().contains(header.mapTo(area, header.rect().topLeft()))


def test_results_that_end_behind_another_tab_leave_the_panel_where_it_is(qtbot, window):
    """The pages share the panel's scroll area: Compare ending while the user read the Count tab scrolled
    Count's question, button and answer out of sight, and the page looked blank (a review)."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication

    window.fit_screen(QRect(0, 0, 1366, 728))
    window.apply_settings(8, 8, "warnsdorff")
    click_square(qtbot, window, 0)
    panel = window.analysis_panel
    compare = panel.compare
    compare.budget_spin.setValue(200_000)
    bar = panel.scroll_area.verticalScrollBar()
    with qtbot.waitSignal(compare.compare_finished, timeout=60000):
        ctrl(qtbot, window, Qt.Key.Key_A, shift=True)
        panel.tabs.setCurrentWidget(panel.counting)  # the user reads Count meanwhile
    for _ in range(5):
        QApplication.processEvents()  # (the results' own scroll comes a turn of the loop later)
    assert panel.tabs.currentWidget() is panel.counting and bar.value() == 0
