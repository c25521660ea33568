"""Helpers of the analysis tests: clicks, keys, the engine called as the CLI does, pixels."""

from __future__ import annotations

import re

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage

from knight_gui.tour import Board, Outcome, Search


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
    panel = window.analysis_panel.every_square
    with qtbot.waitSignal(panel.run_finished, timeout=timeout):
        ctrl(qtbot, window, Qt.Key.Key_A)


CJK = re.compile(r"[\u4e00-\u9fff]")
