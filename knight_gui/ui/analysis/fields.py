"""A spin box and a combo box for a panel that scrolls: the wheel turns them only once they have focus.

The Analysis panel scrolls on a low screen.  A plain spin box or combo box
takes every wheel turn that passes over it, so scrolling the panel changed
the budget under the pointer (a reviewer's three notches: 100,000 to 70,000).
These take the wheel only once clicked or tabbed into; until then the panel
scrolls under them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QComboBox, QSpinBox, QWidget


class PanelSpinBox(QSpinBox):
    """A spin box that the wheel changes only while it has focus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # (not WheelFocus: a wheel turn does not take it)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt override
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()  # to the panel, which scrolls


class PanelComboBox(QComboBox):
    """A combo box that the wheel changes only while it has focus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt override
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()
