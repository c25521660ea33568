"""Results tables of the Analysis panel: sortable, sized to their columns, and the dock fitted to them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PySide6.QtCore import QAbstractTableModel, QObject, QPoint, QSize, QSortFilterProxyModel, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QMainWindow,
    QScrollArea,
    QTableView,
    QWidget,
)

#: Rows a results table shows at least.
VISIBLE_ROWS = 6


def sortable(model: QAbstractTableModel, parent: QObject) -> QSortFilterProxyModel:
    """A proxy that sorts ``model`` by its UserRole values."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(Qt.ItemDataRole.UserRole)
    return proxy


#: The most of the window's width a results table asks for (beyond it: a horizontal scroll bar).
TABLE_SHARE = 0.45
#: Rows a results table keeps at least, whatever the window's height (it prefers VISIBLE_ROWS).
LEAST_ROWS = 2


class ResultsTable(QTableView):
    """A table that prefers room for its columns and VISIBLE_ROWS rows but needs little.

    A minimum size of six rows and every column would add to the Stack's minimum
    above it and push a 1280×720 window past the screen; the preferred size is
    what the dock asks for when there is room.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.preferred = QSize(0, 0)  #: set by fit_columns and fit_to_contents

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().sizeHint()
        return QSize(max(hint.width(), self.preferred.width()), max(hint.height(), self.preferred.height()))


def results_table(parent: QWidget) -> ResultsTable:
    """A read-only, sortable table view with our defaults (columns sized once: see ``fit_columns``).

    Its accessible name and tooltip are the page's to set (in its ``_retranslate_ui``).
    """
    table = ResultsTable(parent)
    table.setSortingEnabled(True)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)  # sized once a run ends, not per row
    header.setResizeContentsPrecision(200)
    header.setStretchLastSection(True)
    return table


def fit_columns(table: ResultsTable, samples: Sequence[str | Sequence[str]], swatch_column: int = -1,
                rows: int = VISIBLE_ROWS) -> None:
    """Size each column to its header or its widest sample text, whichever is wider (once).

    ``swatch_column`` shows a colour swatch before its text (the outcome).  The
    table prefers room for ``rows`` rows and every header whole, and needs
    LEAST_ROWS rows; ``fit_to_contents`` sizes the columns to the results.
    """
    metrics = table.fontMetrics()
    header = table.horizontalHeader()
    titles = 0
    for column, sample in enumerate(samples):
        title = _title_width(table, column)
        texts = [sample] if isinstance(sample, str) else list(sample)
        extra = metrics.height() + 8 if column == swatch_column else 0
        widest = max(metrics.horizontalAdvance(t) for t in texts)
        header.resizeSection(column, max(title, widest + 14 + extra))
        titles += title
    frame = 2 * table.frameWidth()
    header_height = max(header.sizeHint().height(), metrics.height() + 8)
    row = table.verticalHeader().defaultSectionSize()
    table.setMinimumHeight(header_height + LEAST_ROWS * row + frame)
    table.preferred = QSize(titles + table.verticalScrollBar().sizeHint().width() + frame,
                            header_height + rows * row + frame)


def _title_width(table: QTableView, column: int) -> int:
    """A header's width with its text, margins and sort arrow whole."""
    header = table.horizontalHeader()
    title = str(table.model().headerData(column, Qt.Orientation.Horizontal) or "")
    metrics = header.fontMetrics()
    return max(header.sectionSizeHint(column), metrics.horizontalAdvance(title) + 2 * metrics.height() + 8)


def fit_to_contents(table: ResultsTable) -> None:
    """Size the columns to the results shown and their headers (once a run ends, not per row).

    The table then asks for the width of every column (up to TABLE_SHARE of
    the window): the dock around it widens, and in a window wide enough no
    column hides behind a horizontal scroll bar.
    """
    header = table.horizontalHeader()
    count = header.count()
    wanted = 0
    for column in range(count):
        width = max(table.sizeHintForColumn(column), _title_width(table, column))
        if column < count - 1:  # the last one stretches to the table's edge
            header.resizeSection(column, width)
        wanted += width
    wanted += table.verticalScrollBar().sizeHint().width() + 2 * table.frameWidth() + 2
    table.preferred = QSize(wanted, table.preferred.height())
    # Once the dock is laid out (it may have just been shown): see _fit_dock.
    QTimer.singleShot(0, table, partial(_fit_dock, table, wanted))


def _fit_dock(table: QTableView, wanted: int) -> None:
    """Ask the dock around ``table`` for ``wanted`` pixels of width and VISIBLE_ROWS rows.

    Asked for, not required: the dock widens up to TABLE_SHARE of the window; in
    a narrower window the board keeps its room and the table scrolls sideways.
    """
    window = table.window()
    dock = table.parentWidget()
    while dock is not None and not isinstance(dock, QDockWidget):
        dock = dock.parentWidget()
    if isinstance(window, QMainWindow) and dock is not None and dock.isVisible() and not dock.isFloating():
        around = dock.width() - table.width()  # the dock's and the panel's margins
        width = min(wanted + around, int(window.width() * TABLE_SHARE))
        if width > dock.width():
            if width > 0:
                window.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
        # And the height for VISIBLE_ROWS rows, taken from the Stack above, up to 60% of the window.
        take_height(window, dock, dock.height() + max(0, table.sizeHint().height() - table.height()))
    QTimer.singleShot(0, table, partial(show_rows, table))  # (once the docks' new sizes are laid out)


def show_rows(table: QTableView) -> None:
    """Scroll the panel around ``table`` (a scroll area) to show as many of its rows as it can.

    A run's results are what the user asked for; where the dock is low (the Stack above keeps its
    rows: 1366×768), the page's text, buttons and progress above the table took the room, and Compare's
    table showed 4 of its 11 rows, the rest below the fold.  The table comes into sight, whole if it
    fits, else from its header down; what is above it is a scroll away.
    """
    if not table.isVisible():  # (another tab in front, or the dock closed: the panel stays where it is)
        return
    area = table.parentWidget()
    while area is not None and not isinstance(area, QScrollArea):
        area = area.parentWidget()
    contents = area.widget() if area is not None else None
    if area is None or contents is None:
        return
    top = table.mapTo(contents, QPoint(0, 0)).y()
    bottom = top + table.height()
    bar, seen = area.verticalScrollBar(), area.viewport().height()
    if top >= bar.value() and bottom <= bar.value() + seen:
        return  # (in sight already: nothing moves)
    bar.setValue(bottom - seen if table.height() <= seen else top)


def take_height(window: QMainWindow, dock: QDockWidget, height: int) -> None:
    """Make ``dock`` ``height`` tall (at most 60% of the window), from the docks above or below it.

    (``resizeDocks`` with the one dock shares the change out among its neighbours in
    proportion and gives it a part; naming the neighbours too gives it all.)
    """
    height = min(height, int(window.height() * 0.6))
    if height <= dock.height():
        return
    area = window.dockWidgetArea(dock)
    tabbed = window.tabifiedDockWidgets(dock)
    others = [o for o in window.findChildren(QDockWidget)
              if o is not dock and o not in tabbed and o.isVisible() and not o.isFloating()
              and window.dockWidgetArea(o) == area and not o.visibleRegion().isEmpty()]
    spare = sum(max(0, o.height() - o.minimumSizeHint().height()) for o in others)
    height = min(height, dock.height() + spare)
    give = height - dock.height()
    sizes = []
    for other in others:
        part = min(give, max(0, other.height() - other.minimumSizeHint().height()))
        sizes.append(other.height() - part)
        give -= part
    if height > 0 and all(size > 0 for size in sizes):  # (Qt warns of any size of 0: a tiny window)
        window.resizeDocks([dock, *others], [height, *sizes], Qt.Orientation.Vertical)
