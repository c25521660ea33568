"""Labels whose text changes many times a second without moving what is around them.

A ``QLabel`` asks its layout again at every ``setText`` (``updateGeometry``).  At
maximum speed the counters, the status fields and the last event's banner get a
new text with every frame; each one set off a chain of layouts (the panel, its
dock, the main window, one per pass of the event loop), repainted the docks and
the status bar whole, and, where the banner's wrapped text took a line more or
less, moved the stack table up and down a line from frame to frame (issue 11:
the window at the speed of the search).

Both kinds here keep the largest room their texts needed and ask the layout
again only when a text needs more; ``relax`` lets them shrink to their present
text (a new search, the end of a run).  Qt skips ``updateGeometry`` for a widget
of fixed size, which ``SteadyLabel`` is; ``SteadyBox`` holds a wrapped label
that must follow its panel's width in a widget with no layout, where the label's
``updateGeometry`` goes no further.

``Relaxing`` calls ``relax`` once the runs have stopped for a moment
(``RELAX_AFTER_MS``), not at every start and stop: a label that changes size
lays the whole window out again (its panel or status bar, then the docks and
the tool bars), 3-4 ms on a big board, and runs that start and stop in quick
succession (Ctrl+B again and again, Space, a search placed anew as one ends)
would do it at every one, the fields shrinking and growing each time.

``SteadyButton`` keeps a tool button whose text changes (Play / Pause) at the
size of its widest text, for the same reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt, QTimer, SignalInstance, Slot
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolButton, QWidget

#: How long the runs must have stopped before the labels give back the room they kept.
RELAX_AFTER_MS = 500
#: Events after which a text's room is measured afresh.
_MEASURE_AGAIN = (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.LanguageChange)


class SteadyLabel(QLabel):
    """A one-line label of fixed size: as large as the largest text it showed since ``relax``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.least_text = ""  #: the label is never narrower than this text (the longest expected)
        self.relax()

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        """Show ``text``; the label grows if it needs more room, and never shrinks for it."""
        super().setText(text)  # (its updateGeometry stops here: the label's size is fixed)
        needed = self.needed()
        if needed.width() > self.minimumWidth() or needed.height() > self.minimumHeight():
            self.setFixedSize(needed.expandedTo(self.minimumSize()))

    def needed(self) -> QSize:
        """The size the text needs (a label's own size hint is never below its minimum size)."""
        metrics = self.fontMetrics()
        text = self.text() or " "
        box = metrics.boundingRect(QRect(0, 0, 1 << 20, 1 << 20), int(Qt.AlignmentFlag.AlignLeft), text)
        margins = self.contentsMargins()
        sides = margins.left() + margins.right() + 2 * self.margin()
        width = box.width() + sides
        height = max(box.height(), metrics.height()) + margins.top() + margins.bottom() + 2 * self.margin()
        # (with the margins too: without, a text as wide as the least text touched the slider beside the
        # timeline's label, in Chinese)
        least = metrics.horizontalAdvance(self.least_text) + sides if self.least_text else 0
        return QSize(max(width, least), height)

    def relax(self) -> None:
        """Fit the present text (the room kept for longer ones is given back)."""
        self.setFixedSize(self.needed())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in _MEASURE_AGAIN:
            self.relax()


class SteadyBox(QWidget):
    """Holds a word-wrapped ``label`` at the width its layout gives, as high as the highest text
    it showed at that width since ``relax`` (and at least the label's minimum height).

    Call ``fit`` after setting the label's text.  Hiding or showing the label hides or shows
    the box (presentation mode hides the counters).
    """

    def __init__(self, label: QLabel, parent: QWidget | None = None, whole: bool = False,
                 least_lines: int = 0) -> None:
        super().__init__(parent)
        label.setParent(self)
        self.label = label
        #: Never lower than its present text needs (a few short lines: the counters, a legend); else
        #: a window too low for everything squeezes it down to the label's own minimum (the banner,
        #: whose long reasons would make the window's least height grow with them) ...
        self.whole = whole
        #: ... but not below what its texts since ``relax`` needed, up to this many lines (0: none):
        #: the banner's pop explained in three lines was cut to two in presentation mode at 1024×768,
        #: where the table under it had rows to spare.
        self.least_lines = least_lines
        self._height = 0  # the height kept: the highest its texts needed since ``relax``
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        label.installEventFilter(self)
        self.relax()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.label and event.type() in (QEvent.Type.HideToParent, QEvent.Type.ShowToParent):
            self.setVisible(event.type() == QEvent.Type.ShowToParent)
        return False

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(self.label.sizeHint().width(), self._height)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        # The room kept for longer texts may be squeezed (a window too low for all of it); a ``whole``
        # box's present text may not: lower than that, its lines were cut in half, and the dock above
        # the Analysis panel was squeezed to it (the counters at 1024×768).
        label = self.label
        least = min(self._height, max(label.minimumHeight(), label.minimumSizeHint().height()))
        if self.whole:
            least = max(least, self.needed())
        elif self.least_lines:  # (the height kept, as far as that many lines)
            lines = label.fontMetrics().lineSpacing() * self.least_lines + 2 * label.margin() + 2
            least = max(least, min(self._height, lines))
        return QSize(label.minimumSizeHint().width(), least)

    def needed(self) -> int:
        """The height the label's present text needs at the box's width."""
        label = self.label
        width = self.width()
        height = label.heightForWidth(width) if label.wordWrap() and width > 0 else -1
        return max(height if height > 0 else label.sizeHint().height(), label.minimumHeight())

    def fit(self) -> None:
        """Grow if the label's text needs more height than the box has kept."""
        needed = self.needed()
        if needed > self._height:
            self._height = needed
            self.updateGeometry()

    def relax(self) -> None:
        """Be as high as the present text needs (the room kept for higher ones is given back)."""
        needed = self.needed()
        if needed != self._height:
            self._height = needed
            self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.label.setGeometry(self.rect())
        if event.oldSize().width() != event.size().width():
            self.relax()  # (wrapped at another width: the texts seen before would take other heights)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in _MEASURE_AGAIN:
            self.relax()


class Runs(Protocol):
    """What ``Relaxing`` follows (a ``TourPlayer``)."""

    running_changed: SignalInstance
    reconfigured: SignalInstance

    @property
    def running(self) -> bool: ...  # noqa: D102


class Relaxing(QObject):
    """Calls ``relax`` once ``runs`` have stopped, or a new search is shown, for ``RELAX_AFTER_MS``;
    a run that starts before then keeps the room (see the module's text)."""

    def __init__(self, runs: Runs, relax: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runs = runs
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RELAX_AFTER_MS)
        self._timer.timeout.connect(relax)
        runs.running_changed.connect(self._on_running_changed)
        runs.reconfigured.connect(self._on_reconfigured)
        if isinstance(parent, QWidget):  # (hidden, a window closed: nothing to lay out)
            parent.installEventFilter(self)

    @property
    def pending(self) -> bool:
        """Whether a relax is due."""
        return self._timer.isActive()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Hide:
            self._timer.stop()
        return False

    @Slot(bool)
    def _on_running_changed(self, running: bool) -> None:
        if running:
            self._timer.stop()
        else:
            self._later()

    @Slot()
    def _on_reconfigured(self) -> None:
        if not self._runs.running:
            self._later()

    def _later(self) -> None:
        parent = self.parent()
        if isinstance(parent, QWidget) and not parent.isVisible():  # (see eventFilter)
            return
        self._timer.start()


class SteadyButton(QObject):
    """Keeps ``button`` at the size of the widest of ``texts()`` (its action's texts, as shown): the
    buttons beside it stay put when its text changes ("Pause" is 11 px wider than "Play"), and, its
    size fixed, a new text does not lay its tool bar and the window out again.  Measured again when
    its action changes (texts, a language) and when its font, style or icon size do."""

    def __init__(self, button: QToolButton, texts: Callable[[], Sequence[str]]) -> None:
        super().__init__(button)
        self._button, self._texts = button, texts
        button.installEventFilter(self)
        if button.defaultAction() is not None:
            button.defaultAction().changed.connect(self.fit)
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit()
        return False

    @Slot()
    def fit(self) -> None:
        """Fix the button's size at its widest text's (each text tried on it: its size fixed, nothing is
        laid out again)."""
        button = self._button
        shown = button.text()
        width = height = 0
        for text in self._texts():
            button.setText(text)
            hint = button.sizeHint()
            width, height = max(width, hint.width()), max(height, hint.height())
        button.setText(shown)
        button.setFixedSize(width, height)
