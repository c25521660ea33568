"""A one-line label that ends in "…" when its text does not fit, with the whole text as its tooltip;
the status bar's message, and its fields beside it shown as far as they fit."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QSizeGrip, QSizePolicy, QStatusBar, QStyle, QStyleOption, QWidget

from .steady import SteadyLabel

#: The status bar's message keeps at least this many ems beside the fields (``StatusFields``).
MESSAGE_LEAST_EMS = 10
#: A temporary message (a hint, a reason, a menu item's tip) is said once: the fields give way to
#: it, as far as this share of the bar, so that it reads whole (``StatusFields``).
TEMPORARY_SHARE = 0.7


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

    def drop(self, message: str) -> None:
        """The bar's temporary message goes if it is ``message`` (a hint that no longer holds)."""
        if self._bar.currentMessage() == message:
            self._bar.clearMessage()

    def _on_message_changed(self, _message: str) -> None:
        self._update_tooltip()
        self.update()


class StatusFields(QObject):
    """The status bar's fields beside its message: as many as fit, the others hidden until there is room.

    The fields are steady labels of fixed size (steady).  Where together they needed more than the
    bar has (large text on a small screen: 175% at 1024 px, after a run whose time reads "Run 4.0 s
    (wall) · search 0.002 s (CPU)"), Qt's layout placed them as if they could shrink, and each was
    drawn over the next.  Now the message keeps at least ``MESSAGE_LEAST_EMS`` ems, and the fields
    take the rest in the order of ``keep``: the first ones in it are the last hidden.  They are put
    in the bar (after the message) in their own order.  ``fit`` runs when the bar or a field changes
    size, and when a temporary message comes or goes: the fields give way to one (up to
    ``TEMPORARY_SHARE`` of the bar), as Qt's bar hides its normal widgets under it, since it is said
    once ("That tour needed no backtracking. To watch t…" at 1024 px); the message of the state
    (an outcome, "Searching…") is said again in the stack's banner and stays in its tooltip.
    """

    def __init__(self, bar: QStatusBar, message: QWidget, fields: Sequence[SteadyLabel],
                 keep: Sequence[SteadyLabel]) -> None:
        super().__init__(bar)
        assert sorted(map(id, keep)) == sorted(map(id, fields))  # (every field, once)
        self._bar, self._message, self.fields, self._keep = bar, message, tuple(fields), tuple(keep)
        bar.installEventFilter(self)
        bar.messageChanged.connect(self._on_message_changed)
        for field in self.fields:
            bar.addPermanentWidget(field)
            field.installEventFilter(self)
            self._space(field)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Resize:
            self.fit()
        elif event.type() == QEvent.Type.FontChange and watched in self.fields:
            assert isinstance(watched, QWidget)
            self._space(watched)  # (before the field measures its text again for the new font)
        return False

    def _on_message_changed(self, _message: str) -> None:
        self.fit()

    @staticmethod
    def _space(field: QWidget) -> None:
        """Room before a field, three quarters of an em at its text size: side by side, "Move 52 of 64
        Pushes 54 · Pops 2 Depth 52" read as one run of words."""
        field.setContentsMargins(round(0.75 * field.fontMetrics().horizontalAdvance("m")), 0, 0, 0)

    def spacing(self) -> int:
        """The room the bar leaves between two of its widgets (at least Qt's 6 pixels)."""
        return max(6, self._bar.style().pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing))

    def room(self) -> int:
        """The width the fields may take: the bar's, less the message's least and the bar's own spacing."""
        bar, spacing = self._bar, self.spacing()
        grip = bar.findChild(QSizeGrip)
        taken = grip.sizeHint().width() + spacing if grip is not None and bar.isSizeGripEnabled() else 0
        metrics = self._message.fontMetrics()
        least = metrics.horizontalAdvance("m") * MESSAGE_LEAST_EMS
        temporary = bar.currentMessage()
        if temporary:
            whole = metrics.horizontalAdvance(temporary) + self._message.contentsMargins().left() \
                + self._message.contentsMargins().right() + 2
            least = max(least, min(whole, int(bar.contentsRect().width() * TEMPORARY_SHARE)))
        return bar.contentsRect().width() - taken - least - 3 * spacing

    def fit(self) -> None:
        """Show the fields that fit, in ``keep`` order, and hide the rest."""
        spacing = self.spacing()
        left = self.room()
        shown = set()
        for field in self._keep:
            left -= field.width() + spacing  # (a steady label's size is fixed, shown or not)
            if left < 0:
                break
            shown.add(field)
        for field in self.fields:
            if field.isHidden() == (field in shown):
                field.setVisible(field in shown)
