"""A one-line label that ends in "…" when its text does not fit, with the whole text as its tooltip."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QStyleOption, QWidget


class ElidedLabel(QLabel):
    """``text()`` stays the whole text; the label paints as much as fits, cut at the end with "…".

    A status bar message can be long ("No tour from b5 on 5×5: …" with a
    theorem's reason); cut mid-word without a mark, the user cannot tell
    that there is more.  The tooltip shows all of it while it is cut.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        """Show ``text`` (cut with "…" where it does not fit)."""
        super().setText(text)
        self._update_tooltip()

    def whole_text(self) -> str:
        """What the label shows when it fits: its text."""
        return self.text()

    def shown_text(self) -> str:
        """What the label paints at its present width."""
        width = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.whole_text(), Qt.TextElideMode.ElideRight, max(0, width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().minimumSizeHint()
        return QSize(self.fontMetrics().horizontalAdvance("…") * 4, hint.height())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._update_tooltip()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        option = QStyleOption()
        option.initFrom(self)
        with QPainter(self) as painter:
            self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()), option.palette,
                                      self.isEnabled(), self.shown_text(), self.foregroundRole())

    def _update_tooltip(self) -> None:
        whole = self.whole_text()
        self.setToolTip(whole if self.shown_text() != whole else "")


class StatusBarMessage(ElidedLabel):
    """The status bar's message: the bar's temporary message while it has one (a button's status
    tip, a ``showMessage``), else its own text; both cut with "…" before the fields beside it.

    Put first among the bar's permanent widgets, with a stretch: ``QStatusBar`` then has no room of
    its own to draw a temporary message in, and never hides this field.  (A normal widget, it was
    hidden under the message, which ran unelided into the fields, and shown again over it when the
    bar laid itself out for a new text size: both texts drawn on top of each other.)
    """

    def __init__(self, bar: QStatusBar, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bar = bar
        bar.messageChanged.connect(self._on_message_changed)

    def whole_text(self) -> str:  # noqa: D102
        return self._bar.currentMessage() or self.text()

    def _on_message_changed(self, _message: str) -> None:
        self._update_tooltip()
        self.update()
