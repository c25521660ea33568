"""A ring round the table or slider that the keys came to by Tab, as the board shows its own.

Fusion shows that a table or a slider has the keys by a faint tint of one cell, or a slightly bluer
handle: on a projector, nothing at all (a review, keyboard only: the Stack table, the timeline's
slider and the Analysis tables).  ``FocusRing`` draws the board's ring
(``board_widget.paint_focus_ring``) round such a control while the focus came to it by Tab or
Shift+Tab, and takes it away at a click, as the board does (the user looks where they clicked).

It is a widget of its own laid over the control (transparent to the mouse), not a style: a style
written in Python would answer the Stack table's thousands of style calls a frame in Python.  It
follows the control where it moves (its panel resized or scrolled, in the window or floating), hides
while the keys are in another window or the menus, and is back with them; the keys gone elsewhere in
the control's window (seen by the application's ``focusChanged``, which tells of moves the control
itself is not told of), or the control deleted, it goes.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt, Slot
from PySide6.QtGui import QFocusEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QComboBox, QMenuBar, QSlider, QWidget
from shiboken6 import isValid

from .board_widget import FOCUS_KEPT, paint_focus_ring

#: The controls that get the ring: Fusion's own sign of their focus is too faint to see projected.
RINGED = (QAbstractItemView, QSlider)
_KEYBOARD = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)


def _in_combo_box(widget: QWidget) -> bool:
    """Whether ``widget`` is part of a combo box (its list of choices)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QComboBox):
            return True
        parent = parent.parentWidget()
    return False


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
        self._clicks: QWidget | None = None  # a ringed table's viewport, where its clicks go
        # The keys may move on without a focus event to the control (they moved in a window in the
        # background, and come with it to the front): the application says where they went.
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._on_focus_changed)

    def watch(self, root: QWidget) -> None:
        """Ring the controls under ``root`` that Tab reaches (each once; call again for parts made later)."""
        for control in root.findChildren(QSlider):
            if control.focusPolicy() & Qt.FocusPolicy.TabFocus:
                self._filter(control)
        for view in root.findChildren(QAbstractItemView):
            # (not a combo box's list, in a popup of its own: no Tab reaches it)
            if view.focusPolicy() & Qt.FocusPolicy.TabFocus and not _in_combo_box(view):
                self._filter(view)

    def _filter(self, part: QWidget) -> None:
        part.removeEventFilter(self)
        part.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        kind = event.type()
        if kind == QEvent.Type.FocusIn and isinstance(event, QFocusEvent) and isinstance(watched, RINGED):
            reason = event.reason()
            if reason in _KEYBOARD:
                self._ring(watched)
            elif reason not in FOCUS_KEPT:
                self._drop()
            elif watched is self.target:  # (back from another window or a menu: as it was)
                self._place()
        elif kind == QEvent.Type.FocusOut and isinstance(event, QFocusEvent) and watched is self.target:
            if event.reason() not in FOCUS_KEPT:
                self._drop()
        elif kind == QEvent.Type.MouseButtonPress and self.target is not None \
                and (watched is self.target or watched is self._clicks):
            self._drop()  # the mouse now: the ring has said where the keys go
        elif watched in self._followed and kind in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show):
            self._place()
        elif watched in self._followed and kind == QEvent.Type.Hide:
            self.hide()
        return False

    def _ring(self, control: QWidget) -> None:
        self._drop()
        self.target = control
        chain: list[QWidget] = []
        widget: QWidget | None = control
        while widget is not None and not widget.isWindow():
            chain.append(widget)
            widget = widget.parentWidget()
        self._followed = chain
        for part in chain[1:]:  # (the control's own events come already)
            part.installEventFilter(self)
        if isinstance(control, QAbstractItemView):
            # A table's clicks go to its viewport: filtered while ringed only (asked for when ringed,
            # not in ``watch``: PySide makes some 30 enums of the scroll area's classes when a viewport
            # is first asked for, 13 ms of the window's start-up).
            self._clicks = control.viewport()
            self._clicks.installEventFilter(self)
        for part in chain:
            part.destroyed.connect(self._on_destroyed)
        self._place()

    def _drop(self, gone: QObject | None = None) -> None:
        """No control ringed (``gone``: one of those followed, being deleted: left alone)."""
        for index, part in enumerate(self._followed):
            if part is gone or not isValid(part):
                continue
            part.destroyed.disconnect(self._on_destroyed)
            if index:
                part.removeEventFilter(self)
        if self._clicks is not None and gone is None and isValid(self._clicks):
            self._clicks.removeEventFilter(self)
        self._clicks = None
        self._followed = []
        self.target = None
        self.hide()
        if gone is None and self.parentWidget() is not self._home:  # (a floating dock's: back home)
            self.setParent(self._home)

    @Slot(QWidget, QWidget)
    def _on_focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        """The keys went to ``new``: elsewhere in the control's window, the ring goes; to the menus or
        another window (or none: another program's), it waits hidden for them to come back, as the
        board's does."""
        target = self.target
        if target is None or new is target:
            return
        if new is not None and new.window() is target.window() and not isinstance(new, QMenuBar):
            self._drop()
        else:  # (the menu bar by Alt, a menu, another window: back by Esc or Alt+Tab, the ring is as it was)
            self.hide()

    @Slot(QObject)
    def _on_destroyed(self, gone: QObject) -> None:
        """The control, or a widget it lies in, is being deleted: the ring forgets them (and touches
        nothing of what is going)."""
        self._drop(gone)

    def _place(self) -> None:
        """Over the part of the control in sight (a scrolled panel may hide some of it), while it has the
        keys: the focus may have moved on without a word to it (its panel docked again after the user
        clicked the board, or moved in a window in the background)."""
        control = self.target
        if control is None or not control.isVisible() or not control.hasFocus():
            self.hide()
            return
        window = control.window()
        if self.parentWidget() is not window:  # (its panel floated or docked again)
            self.setParent(window)
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
        if control is None or not control.hasFocus():
            return
        with QPainter(self) as painter:
            paint_focus_ring(painter, self)
