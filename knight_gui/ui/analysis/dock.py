"""The Analysis panel: the widget of the Analysis dock, one tab per analysis.

Every square (``every_square``), Compare (``compare``) and Count (``count``)
are pages of their own; the panel holds them in tabs and stops their
workers when the window closes.  The window owns the dock around it, the
actions that show a tab and start its job, and the wiring.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from ..player import TourPlayer
from .compare import ComparePage
from .count import CountPage
from .every_square import EverySquarePage


class AnalysisPanel(QWidget):
    """The Analysis dock's widget: Every square, Compare and Count, in tabs."""

    def __init__(self, player: TourPlayer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.tabs = QTabWidget(self)
        # In a scroll area: on a low screen the panel scrolls rather than take the stack's rows
        # (the window keeps ``stack_panel.LEAST_ROWS`` of them while the dock shows).
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Not a stop of Tab's of its own, with nothing to show it has the focus (a review found Tab
        # stopping there unseen); Tab goes to its pages' controls, and it scrolls to them.
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # The tabs in a widget of their own with a layout: a scroll area asks a layout's widget for
        # its height at the width it has (a page's wrapped summary takes more lines when narrow), and
        # scrolls; given the tabs alone it gave them their least height, and the page's wrapped
        # lines, table and buttons were laid out over one another on a low screen.
        self.contents = QWidget(self)
        contents_layout = QVBoxLayout(self.contents)
        contents_layout.setContentsMargins(0, 0, 0, 0)
        contents_layout.addWidget(self.tabs)
        self.scroll_area.setWidget(self.contents)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.scroll_area)
        self.every_square = EverySquarePage(player, self)
        self.compare = ComparePage(player, self)
        self.counting = CountPage(player, self)
        for page in (self.every_square, self.compare, self.counting):
            self.tabs.addTab(page, "")
        # Another page from its top: it showed where the page before was scrolled to (Count all
        # tours after a scrolled Compare looked blank, its answer out of sight above).
        self.tabs.currentChanged.connect(lambda _index: self.scroll_area.verticalScrollBar().setValue(0))
        self._retranslate_ui()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The tabs' own (a scroll area would cut it to a few ems)."""
        hint = self.tabs.sizeHint()
        return QSize(hint.width() + 12, hint.height() + 8)  # (the layout's margins)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The tabs' own width; a low height (the panel scrolls)."""
        hint = self.tabs.minimumSizeHint()
        return QSize(hint.width() + 12, min(hint.height(), 6 * self.fontMetrics().height()))

    def _retranslate_ui(self) -> None:
        """The tabs' names in the installed language: when built, and after a language switch."""
        self.tabs.setAccessibleName(self.tr("Analysis views"))
        for page, name in ((self.every_square, self.tr("Every square")), (self.compare, self.tr("Compare")),
                           (self.counting, self.tr("Count"))):
            self.tabs.setTabText(self.tabs.indexOf(page), name)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate_ui()
        super().changeEvent(event)

    @property
    def busy(self) -> bool:
        """Whether any analysis is running."""
        return self.every_square.running or self.compare.runner.running or self.counting.counting

    def cancel(self) -> None:
        """Cancel whatever analysis runs, as its Cancel button does (Esc); what it found stays."""
        self.every_square.cancel_run()
        self.compare.runner.cancel()
        self.counting.cancel_count()

    def stop(self) -> None:
        """Cancel every job and wait for its thread (the window is closing)."""
        self.every_square.stop()
        self.compare.stop()
        self.counting.stop()
