"""A ring round the table or slider that the keys came to by Tab, as the board shows its own.

Fusion shows that a table or a slider has the keys by a faint tint of one cell, or a slightly bluer
handle: on a projector, nothing at all (a review, keyboard only: the Stack table, the timeline's
slider and the Analysis tables).  ``FocusRing`` draws the board's ring (``board_widget.FOCUS_RING``
pixels of the highlight colour) round such a control while the focus came to it by Tab or Shift+Tab,
and takes it away at a click, as the board does (the user looks where they clicked).

It is a widget of its own laid over the control (transparent to the mouse), not a style: a style
written in Python would answer the Stack table's thousands of style calls a frame in Python.  It
follows the control wherever the control moves (its panel resized or scrolled, its dock floated).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QRectF, Qt
from PySide6.QtGui import QFocusEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QAbstractItemView, QSlider, QWidget

from .board_widget import FOCUS_RING

#: The controls that get the ring: Fusion's own sign of their focus is too faint to see projected.
RINGED = (QAbstractItemView, QSlider)
_KEYBOARD = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)


class FocusRing(QWidget):
    """The ring, shown round the ringed control that has the keys by Tab (``watch`` the windows' parts)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._home = window  # its parent while no control is ringed (another window's while ringed there)
        self.hide()
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.target: QWidget | None = None  #: the control the ring is round, while shown
        self._followed: list[QWidget] = []  # the target and the widgets it lies in: their moves move it

    def watch(self, root: QWidget) -> None:
        """Ring the controls under ``root`` that Tab reaches (each once; call again for parts made later)."""
        for control in (*root.findChildren(QAbstractItemView), *root.findChildren(QSlider)):
            if control.focusPolicy() & Qt.FocusPolicy.TabFocus:
                parts = [control, control.viewport()] if isinstance(control, QAbstractItemView) else [control]
                for part in parts:
                    part.removeEventFilter(self)
                    part.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        kind = event.type()
        if kind == QEvent.Type.FocusIn and isinstance(event, QFocusEvent) and isinstance(watched, RINGED):
            reason = event.reason()
            if reason in _KEYBOARD:
                self._ring(watched)
            elif reason != Qt.FocusReason.ActiveWindowFocusReason:  # (back from another window: as it was)
                self._drop()
        elif kind == QEvent.Type.FocusOut and isinstance(event, QFocusEvent) and watched is self.target:
            if event.reason() != Qt.FocusReason.ActiveWindowFocusReason:
                self._drop()
        elif kind == QEvent.Type.MouseButtonPress and self.target is not None \
                and (watched is self.target or watched.parent() is self.target):
            self._drop()  # the mouse now: the ring has said where the keys go
        elif watched in self._followed and kind in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show):
            self._place()
        elif watched in self._followed and kind == QEvent.Type.Hide:
            self.hide()
        return False

    def _ring(self, control: QWidget) -> None:
        self._drop()
        self.target = control
        if self.parentWidget() is not control.window():
            self.setParent(control.window())
        chain: list[QWidget] = []
        widget: QWidget | None = control
        while widget is not None and not widget.isWindow():
            chain.append(widget)
            widget = widget.parentWidget()
        self._followed = chain
        for part in chain[1:]:  # (the control's own events come already)
            part.installEventFilter(self)
        self._place()

    def _drop(self) -> None:
        for part in self._followed[1:]:
            part.removeEventFilter(self)
        self._followed = []
        self.target = None
        self.hide()
        if self.parentWidget() is not self._home:  # (a floating dock's: back to the window it belongs to)
            self.setParent(self._home)

    def _place(self) -> None:
        """Over the part of the control in sight (a scrolled panel may hide some of it)."""
        control, window = self.target, self.parentWidget()
        if control is None or window is None or not control.isVisible():
            self.hide()
            return
        seen = control.visibleRegion().boundingRect()
        if seen.isEmpty():
            self.hide()
            return
        self.setGeometry(QRect(control.mapTo(window, seen.topLeft()), seen.size()))
        self.show()
        self.raise_()
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        control = self.target
        if control is None:
            return
        half = FOCUS_RING / 2
        with QPainter(self) as painter:
            painter.setPen(QPen(control.palette().color(QPalette.ColorRole.Highlight), FOCUS_RING))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(half, half, -half, -half))
