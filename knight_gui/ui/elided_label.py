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

    def shown_text(self) -> str:
        """What the label paints at its present width."""
        width = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, max(0, width))

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
        self.setToolTip(self.text() if self.shown_text() != self.text() else "")


class StatusBarMessage(ElidedLabel):
    """The status bar's message field, kept hidden while the bar shows a temporary message over it.

    ``QStatusBar`` hides its normal widgets under a temporary message (a button's status tip, a
    ``showMessage``), but shows them again whenever it lays itself out, as it does when the text
    size changes (presentation mode), and both texts were drawn over each other.  Shown again when
    the temporary message goes (the bar has none then).
    """

    def setVisible(self, visible: bool) -> None:  # noqa: N802 - Qt override
        bar = self.parentWidget()
        if visible and isinstance(bar, QStatusBar) and bar.currentMessage():
            return
        super().setVisible(visible)
