"""ui/analysis/tables.py: results tables sort by value, fit their columns, and widen the dock they are in."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow

from knight_gui.ui.analysis.tables import (
    LEAST_ROWS,
    TABLE_SHARE,
    VISIBLE_ROWS,
    fit_columns,
    fit_to_contents,
    results_table,
    sortable,
)

HEADERS = ["Start", "Outcome", "Pushes"]
ROWS = [("a8", "tour", 64), ("b8", "out of budget", 1_000_000), ("c8", "tour", 9), ("d8", "no tour", 100)]


def model_of(rows=ROWS) -> QStandardItemModel:
    model = QStandardItemModel(len(rows), len(HEADERS))
    model.setHorizontalHeaderLabels(HEADERS)
    for r, values in enumerate(rows):
        for c, value in enumerate(values):
            item = QStandardItem(f"{value:,}" if isinstance(value, int) else value)
            item.setData(value, Qt.ItemDataRole.UserRole)  # what the column sorts by
            model.setItem(r, c, item)
    return model


@pytest.fixture
def window(qtbot):
    """A main window with a board-like centre and the table in a dock on the right."""
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("board"))
    dock = QDockWidget("Analysis", window)
    dock.setObjectName("analysis_dock")
    table = results_table(dock)
    dock.setWidget(table)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(1200, 700)
    window.show()
    qtbot.waitExposed(window)
    return window, dock, table


def column(table, c: int) -> list[str]:
    model = table.model()
    return [model.index(r, c).data() for r in range(model.rowCount())]


def test_clicking_a_header_sorts_by_value_not_by_text(qtbot, window):
    _, _, table = window
    source = model_of()
    table.setModel(sortable(source, table))
    header = table.horizontalHeader()
    pushes = QPoint(header.sectionViewportPosition(2) + header.sectionSize(2) // 2, header.height() // 2)
    numeric = ["9", "64", "100", "1,000,000"]  # (as text, "1,000,000" < "100" < "64" < "9")
    for _ in range(2):
        qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=pushes)
        ascending = header.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
        assert header.sortIndicatorSection() == 2
        assert column(table, 2) == (numeric if ascending else numeric[::-1])
        assert column(table, 0) == (["c8", "a8", "d8", "b8"] if ascending else ["b8", "d8", "a8", "c8"])


def test_the_table_is_read_only_one_row_at_a_time(qtbot, window):
    _, _, table = window
    table.setModel(sortable(model_of(), table))
    rect = table.visualRect(table.model().index(1, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert table.model().index(1, 1).data() == "out of budget" and table.state() != table.State.EditingState
    assert [i.row() for i in table.selectionModel().selectedRows()] == [1]


def test_columns_fit_the_header_or_the_widest_sample(window):
    _, _, table = window
    table.setModel(sortable(model_of(), table))
    fit_columns(table, ["h8", ["tour", "out of budget"], "1,000,000,000"])
    metrics = table.fontMetrics()
    header = table.horizontalHeader()
    for c, widest in enumerate(["h8", "out of budget", "1,000,000,000"]):
        assert header.sectionSize(c) >= metrics.horizontalAdvance(widest) + 14
        assert header.sectionSize(c) >= metrics.horizontalAdvance(HEADERS[c])
    row = table.verticalHeader().defaultSectionSize()
    assert table.minimumHeight() >= LEAST_ROWS * row and table.minimumHeight() < VISIBLE_ROWS * row
    assert table.sizeHint().height() >= VISIBLE_ROWS * row  # prefers six rows, needs two


def test_after_a_run_the_dock_widens_for_every_column_up_to_its_share(qtbot, window):
    main, dock, table = window
    wide = [(f"{chr(97 + i)}{j}", "out of budget, a long outcome to show in full", 10 ** 9) for i in range(3)
            for j in range(1, 3)]
    table.setModel(sortable(model_of(wide), table))
    main.resizeDocks([dock], [150], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: dock.width() < 200)
    fit_to_contents(table)
    wanted = table.preferred.width()
    assert wanted > 300
    qtbot.waitUntil(lambda: dock.width() >= min(wanted, int(main.width() * TABLE_SHARE)) - 4)
    assert dock.width() <= int(main.width() * TABLE_SHARE) + 4  # the board keeps the rest
