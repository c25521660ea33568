"""The pseudocode panel: the non-recursive search in a dozen lines, the current line marked.

The lines and which line produced which event come from
``knight_gui.tour.explain`` (``pseudocode``, ``pseudocode_line``); the panel
shows them numbered, in the interface's language, and highlights the line
that produced the event shown, with the event in words beneath.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Slot
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from ..tour.explain import pseudocode, pseudocode_line
from .i18n import tr_message
from .player import TourPlayer
from .themes import PALETTE_EVENTS, panel_colours


class PseudocodePanel(QWidget):
    """Numbered pseudocode of the search; the line behind the last event is highlighted."""

    def __init__(self, player: TourPlayer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.code = QListWidget(self)
        self.code.setObjectName("pseudocode")
        self.code.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.code.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.code.setWordWrap(False)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.code.setFont(font)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.code, 1)
        layout.addWidget(self.note)
        self._variant: tuple[str, bool] | None = None  #: (algorithm, closed) of the lines shown
        self.current: int | None = None  #: the highlighted line (0-based), if any
        self._retranslate_static()
        self.code.viewport().installEventFilter(self)
        player.changed.connect(self.refresh)
        player.reconfigured.connect(self._rebuild)
        self._rebuild()

    def _retranslate_static(self) -> None:
        tr = self.tr
        self.setAccessibleName(tr("Pseudocode panel"))
        self.code.setAccessibleName(tr("Pseudocode of the search"))
        self.code.setToolTip(tr("The search without recursion: an explicit stack of frames. "
                                "The highlighted line made the last event."))
        self.note.setAccessibleName(tr("Current line"))

    def _retranslate_ui(self) -> None:
        """Texts again in the installed language (after a language switch)."""
        self._retranslate_static()
        self._variant = None
        self._rebuild()

    @Slot()
    def _rebuild(self) -> None:
        config = self.player.config
        variant = (config.algorithm, config.closed)
        if variant != self._variant:
            self._variant = variant
            self.code.clear()
            for number, line in enumerate(pseudocode(*variant), 1):
                item = QListWidgetItem(f"{number:>2}  {tr_message(line)}")
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                item.setToolTip(tr_message(line).strip())  # the whole line, where the panel is narrow
                self.code.addItem(item)
            self.current = None
            self.note.setText("")  # the old variant's line is gone: so is what the note said of it
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        """Highlight the line that produced the event shown."""
        line = pseudocode_line(self.player.last_event())
        if line == self.current:
            return
        self._mark(self.current, False)
        self._mark(line, True)
        self.current = line
        if line is not None:
            self.show_current()
            # The line in full: a narrow panel cuts the list's long lines at the right.
            self.note.setText(self.tr("Line %d made the last event: %s") % (
                line + 1, self.code.item(line).toolTip()))
        else:
            self.note.setText("")

    def code_height(self) -> int:
        """The height of the code list that shows all its lines (and its scroll bar, which may show)."""
        code = self.code
        rows = sum(code.sizeHintForRow(row) for row in range(code.count()))
        scroll_bar = code.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        return rows + 2 * code.frameWidth() + scroll_bar + 2

    def show_current(self) -> None:
        """Scroll the current line into view, whole (after a change of line or of the list's size)."""
        if self.current is None or not 0 <= self.current < self.code.count():
            return
        code = self.code
        item = code.item(self.current)
        line, shown = code.visualItemRect(item), code.viewport().rect()
        if line.top() < shown.top() or line.bottom() > shown.bottom():  # (lines may be wider than shown)
            code.scrollToItem(item, QAbstractItemView.ScrollHint.EnsureVisible)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.code.viewport() and event.type() == QEvent.Type.Resize:
            self.show_current()  # a smaller panel, or a scroll bar that came: the line stays in view
        return False

    def _mark(self, index: int | None, current: bool) -> None:
        """Highlight line ``index`` in the palette's current-line colours, or give it the list's own."""
        if index is None or not 0 <= index < self.code.count():
            return
        item = self.code.item(index)
        if current:
            colours = panel_colours(self.palette())
            item.setBackground(colours.current_line)
            item.setForeground(colours.current_text)
        else:  # no colours of its own: the list's, whatever its palette is later
            item.setData(Qt.ItemDataRole.BackgroundRole, None)
            item.setData(Qt.ItemDataRole.ForegroundRole, None)
        font = QFont(self.code.font())
        font.setBold(current)
        item.setFont(font)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in PALETTE_EVENTS:
            self._mark(self.current, True)
        elif event.type() == QEvent.Type.LanguageChange:
            self._retranslate_ui()
