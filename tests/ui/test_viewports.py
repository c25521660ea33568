"""``known_viewport``: a viewport made in Python that looks and behaves as Qt's own."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QTableView

from knight_gui.ui.viewports import known_viewport


class _Numbers(QAbstractTableModel):
    def rowCount(self, parent=QModelIndex()):  # noqa: N802, B008 - Qt override
        return 0 if parent.isValid() else 12

    def columnCount(self, parent=QModelIndex()):  # noqa: N802, B008 - Qt override
        return 0 if parent.isValid() else 3

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        return f"{index.row()}·{index.column()}" if role == Qt.ItemDataRole.DisplayRole else None


def shown(view: QTableView) -> QImage:
    view.resize(300, 240)
    view.show()
    return view.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)


def test_it_is_set_up_as_qts_own_and_paints_the_same(qtbot):
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Base, QColor("#fdf6e3"))
    palette.setColor(QPalette.ColorRole.AlternateBase, QColor("#eee8d5"))
    views = []
    for ours in (False, True):
        view = QTableView()
        qtbot.addWidget(view)
        view.setAlternatingRowColors(True)
        view.setPalette(palette)
        model = _Numbers(view)
        view.setModel(model)
        if ours:
            assert known_viewport(view) is view.viewport()
        views.append(view)
    qt_own, made = (view.viewport() for view in views)
    assert shiboken6.createdByPython(made) and not shiboken6.createdByPython(qt_own)
    assert made.backgroundRole() == qt_own.backgroundRole() == QPalette.ColorRole.Base
    assert made.autoFillBackground() and qt_own.autoFillBackground()
    assert [a for a in Qt.WidgetAttribute if made.testAttribute(a)] == \
        [a for a in Qt.WidgetAttribute if qt_own.testAttribute(a)]
    assert shown(views[0]) == shown(views[1])


def test_the_stack_table_and_the_pseudocode_have_one(window):
    """The two views whose viewport the window asks for as it opens (see the module)."""
    assert shiboken6.createdByPython(window.teaching.stack_panel.table.viewport())
    assert shiboken6.createdByPython(window.teaching.pseudocode.code.viewport())
