"""Item views whose viewport PySide already knows: ``known_viewport``.

Qt makes an item view's viewport of a class of its own that PySide has no wrapper for. The
first time Python code asks for it (``view.viewport()``), PySide looks for the nearest class it
knows, and on the way makes the Python enum classes of every widget class it looks at: 31 of
them, about 10 ms of the window's start, for the stack table and the pseudocode list, whose
viewports are asked for as the window opens. A plain ``QWidget`` made here, set up as Qt sets
up its own, costs nothing to wrap.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractScrollArea, QWidget


def known_viewport(view: QAbstractScrollArea) -> QWidget:
    """Give ``view`` a viewport made in Python, as Qt's own (the base colour, filled, touch); returns it."""
    viewport = QWidget()
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    viewport.setAutoFillBackground(True)
    viewport.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents)
    view.setViewport(viewport)
    return viewport
