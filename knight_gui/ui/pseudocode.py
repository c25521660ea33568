"""The pseudocode panel: the non-recursive search in a dozen lines, the current line marked.

The lines and which line produced which event come from
``knight_gui.tour.explain`` (``pseudocode``, ``pseudocode_line``); the panel
shows them numbered, in the interface's language, and highlights the line
that produced the event shown, with the event in words beneath.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QRectF, QSize, Qt, Slot
from PySide6.QtGui import QBrush, QFont, QFontDatabase, QFontMetricsF, QPainter, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from ..tour.explain import SOLVER, pseudocode, pseudocode_line
from .explanations import algorithm_shown
from .i18n import tr_message
from .player import TourPlayer
from .themes import LIGHT_PANELS, PALETTE_EVENTS, PanelColours, panel_colours
from .viewports import known_viewport

#: Punctuation a line never starts with (it stays with the character before it).
_CLOSING = frozenset("）)」』】〉》，。、：；！？…")
#: Chinese and Japanese characters (and their full-width punctuation), as ranges of code points: a
#: line may break between any two.  (Not a regular expression: compiling one of these ranges took
#: 3 ms of the window's start-up.)
_CJK_RANGES = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF))


def _is_cjk(char: str) -> bool:
    """Whether ``char`` is in ``_CJK_RANGES``."""
    code = ord(char)
    return any(low <= code <= high for low, high in _CJK_RANGES)


def _pieces(text: str) -> list[tuple[str, str]]:
    """``text`` as the pieces a line may break between, each with what joins it to the line before:
    each word its space (" "), and each Chinese character after the first of a run none (""), as
    Chinese is set."""
    pieces: list[tuple[str, str]] = []
    for word in text.split(" "):
        joint, run = " ", ""
        for char in word:
            if char in _CLOSING and (run or pieces):  # never at the start of a line: with the one before
                if run:
                    run += char
                else:
                    pieces[-1] = (pieces[-1][0], pieces[-1][1] + char)
            elif _is_cjk(char):
                if run:
                    pieces.append((joint, run))
                    joint, run = "", ""
                pieces.append((joint, char))
                joint = ""
            else:
                run += char
        if run or not word:
            pieces.append((joint, run))
    return pieces


class HangingIndentDelegate(QStyledItemDelegate):
    """Paints a pseudocode line wrapped to the list's width, its continuation under the code, not the number.

    ``" 8      mark c tried (the frame's next"`` goes on as
    ``"        candidate moves on)"``: the indentation of the code stays readable however narrow
    the panel or large the text.
    """

    #: Wrapped lines kept (text, font and width as the key): the list asks for every line's size
    #: whenever one line changes, on every frame of a fast run.
    MAX_KEPT = 256

    def __init__(self, view: QListWidget) -> None:
        super().__init__(view)
        self.view = view
        self._kept: dict[tuple[str, str, float], tuple[list[str], float]] = {}
        #: The row painted as the current line: bold, in ``colours``' current-line colours.  (Painted
        #: here rather than set on the item: a change to any item's data made the list lay out and
        #: paint every line again, 1.7 ms on most frames of a fast run.)
        self.current: int | None = None
        self.colours: PanelColours = LIGHT_PANELS

    def lines(self, text: str, font: QFont) -> tuple[list[str], float]:
        """``text`` as the lines it is drawn in, and the indent (pixels) of every line after the first."""
        width = max(1.0, self.view.viewport().width() - 2 * _MARGIN)
        key = (text, font.key(), width)
        kept = self._kept.get(key)
        if kept is None:
            if len(self._kept) >= self.MAX_KEPT:
                self._kept.clear()
            kept = self._kept[key] = self._wrap(text, font, width)
        return list(kept[0]), kept[1]

    @staticmethod
    def _wrap(text: str, font: QFont, width: float) -> tuple[list[str], float]:
        metrics = QFontMetricsF(font)
        stripped = text.lstrip()
        number, _, rest = stripped.partition(" ")
        lead = text[:len(text) - len(stripped)] + number + " " * (len(rest) - len(rest.lstrip()) + 1)
        indent = metrics.horizontalAdvance(lead)
        if indent > width / 2:  # (a very narrow panel: no room for the indent)
            indent = 0.0
        lines: list[str] = []
        line, words = lead[:-1], 0
        for joint, word in _pieces(text[len(lead):]):
            room = width - (indent if lines else 0.0)
            if words and metrics.horizontalAdvance(line + joint + word) > room:
                lines.append(line)
                line, words = word, 1
            else:
                line, words = line + joint + word, words + 1
            while len(line) > 1:  # a word wider than a whole line: broken where it reaches the edge
                room = width - (indent if lines else 0.0)
                if metrics.horizontalAdvance(line) <= room:
                    break
                cut = len(line) - 1
                while cut > 1 and metrics.horizontalAdvance(line[:cut]) > room:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
        return lines, indent

    def font(self, row: int, font: QFont) -> QFont:
        """Row ``row``'s font, the list's ``font``: bold for the current line."""
        font = QFont(font)
        if row == self.current:
            font.setBold(True)
        return font

    def height(self, row: int) -> int:
        """The height of row ``row`` wrapped to the list's width, in its font (as ``sizeHint``)."""
        font = self.font(row, self.view.font())
        lines, _ = self.lines(self.view.item(row).text(), font)
        return int(QFontMetricsF(font).height() * len(lines) + 0.999)

    def sizeHint(self, option: QStyleOptionViewItem,  # noqa: N802 - Qt override
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        font = self.font(index.row(), option.font)
        lines, _ = self.lines(str(index.data(Qt.ItemDataRole.DisplayRole) or ""), font)
        height = QFontMetricsF(font).height() * len(lines)
        return QSize(max(1, self.view.viewport().width()), int(height + 0.999))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,  # noqa: D102
              index: QModelIndex | QPersistentModelIndex) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text = opt.text
        opt.text = ""
        current = index.row() == self.current
        if current:
            opt.backgroundBrush = QBrush(self.colours.current_line)
        style = opt.widget.style() if opt.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)  # background
        font = self.font(index.row(), option.font)
        lines, indent = self.lines(text, font)
        painter.save()
        painter.setFont(font)
        painter.setPen(self.colours.current_text if current else opt.palette.color(QPalette.ColorRole.Text))
        spacing = QFontMetricsF(font).height()
        rect = QRectF(opt.rect)
        for i, line in enumerate(lines):
            left = rect.left() + _MARGIN + (indent if i else 0.0)
            painter.drawText(QRectF(left, rect.top() + i * spacing, rect.right() - left, spacing),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             line if i == 0 else line.lstrip())
        painter.restore()


#: Room left and right of a pseudocode line.
_MARGIN = 3


class PseudocodePanel(QWidget):
    """Numbered pseudocode of the search; the line behind the last event is highlighted."""

    def __init__(self, player: TourPlayer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.code = QListWidget(self)
        known_viewport(self.code)  # (wrapping Qt's own costs a search at start-up)
        self.code.setObjectName("pseudocode")
        self.code.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.code.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # A long line wraps under its code (no sideways scrolling in a narrow panel or at a large text size).
        self.delegate = HangingIndentDelegate(self.code)
        self.delegate.colours = panel_colours(self.palette())
        self.code.setItemDelegate(self.delegate)
        self.code.setResizeMode(QListView.ResizeMode.Adjust)
        self.code.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._fit_font()
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        # (the lines wrap, so the current one shows whole; what the note says is the code list's
        # accessible description, for screen readers, which skip a hidden label)
        self.note.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.code, 1)
        layout.addWidget(self.note)
        self._variant: tuple[str, bool] | None = None  #: (algorithm, closed) of the lines shown
        self._retranslate_static()
        self._showing = False  # show_current is scrolling (the resizes it causes do not call it again)
        self.code.viewport().installEventFilter(self)
        player.changed.connect(self.refresh)
        player.reconfigured.connect(self._rebuild)
        self._rebuild()

    def _fit_font(self) -> None:
        """The code in the fixed-width font, at the panel's text size (View ▸ Text Size)."""
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSizeF(max(font.pointSizeF(), 1.0) * self.font().pointSizeF()
                           / max(QApplication.font().pointSizeF(), 1.0))
        self.code.setFont(font)  # (the current line too: the delegate makes it bold in the list's font)

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
        algorithm = algorithm_shown(self.player)
        variant = (algorithm, self.player.config.closed and algorithm != SOLVER)
        if variant != self._variant:
            self._variant = variant
            self.code.clear()
            for number, line in enumerate(pseudocode(*variant), 1):
                item = QListWidgetItem(f"{number:>2}  {tr_message(line)}")
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                item.setToolTip(tr_message(line).strip())  # the whole line, where the panel is narrow
                self.code.addItem(item)
            self.delegate.current = None
            self.note.setText("")  # the old variant's line is gone: so is what the note said of it
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        """Highlight the line that produced the event shown."""
        line = pseudocode_line(self.player.last_event())
        if line == self.current:
            return
        self._mark(line)
        if line is not None:
            self.show_current()
            # The line in full: a narrow panel cuts the list's long lines at the right.
            self.note.setText(self.tr("Line %d made the last event: %s") % (
                line + 1, self.code.item(line).toolTip()))
        else:
            self.note.setText("")
        self.code.setAccessibleDescription(self.note.text())

    @property
    def current(self) -> int | None:
        """The highlighted line (0-based), if any: the one the delegate paints so."""
        return self.delegate.current

    def code_height(self) -> int:
        """The height of the code list that shows all its lines (and its scroll bar, which may show)."""
        code = self.code
        # (as laid out: a wrapped line is taller than its size hint says)
        rows = sum(max(code.sizeHintForRow(row), code.visualItemRect(code.item(row)).height())
                   for row in range(code.count()))
        scroll_bar = code.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        return rows + 2 * code.frameWidth() + scroll_bar + 2

    def show_current(self) -> None:
        """Scroll the current line into view, whole (after a change of line or of the list's size)."""
        if self.current is None or not 0 <= self.current < self.code.count() or self._showing:
            return
        # Scrolling may make a scroll bar come or go, which resizes the viewport at once, whose filter
        # asks for the line again: at some sizes the bar came and went for ever, and the program died
        # of the recursion (a segmentation fault in the nightly fuzz).  Once is enough.
        self._showing = True
        try:
            self._scroll_to_current()
        finally:
            self._showing = False

    def _scroll_to_current(self) -> None:
        assert self.current is not None
        code = self.code
        item = code.item(self.current)
        line, shown = code.visualItemRect(item), code.viewport().rect()
        if self.current <= 1 and code.visualItemRect(code.item(0)).top() < shown.top():
            code.scrollToTop()  # the first lines: the comment above them in view too (Reset, a new board)
            if code.visualItemRect(item).bottom() <= shown.bottom():
                return
        if line.top() < shown.top() or line.bottom() > shown.bottom():  # (lines may be wider than shown)
            code.scrollToItem(item, QAbstractItemView.ScrollHint.EnsureVisible)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.code.viewport() and event.type() == QEvent.Type.Resize:
            assert isinstance(event, QResizeEvent)
            if event.size().width() != event.oldSize().width():
                # The lines wrap to the new width.  (A QListView whose width alone changed kept its
                # items as laid out for the old one until asked where one is: a panel widened at the
                # first start showed lines that fit in one row now at two rows' height, a blank row
                # under each.)
                self.code.scheduleDelayedItemsLayout()
            self.show_current()  # a smaller panel, or a scroll bar that came: the line stays in view
        return False

    def _mark(self, line: int | None) -> None:
        """Highlight ``line`` (none: no line), and no other: the rows whose look changes are painted
        again, and the list laid out again only where one of them takes another height in bold."""
        code, delegate = self.code, self.delegate
        before = delegate.current
        rows = [row for row in dict.fromkeys((before, line)) if row is not None and 0 <= row < code.count()]
        heights = [delegate.height(row) for row in rows]
        delegate.current = line
        if [delegate.height(row) for row in rows] != heights:
            code.scheduleDelayedItemsLayout()  # (it paints every line again)
            return
        viewport = code.viewport()
        for row in rows:
            viewport.update(code.visualItemRect(code.item(row)))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in PALETTE_EVENTS:
            self.delegate.colours = panel_colours(self.palette())
            self.code.viewport().update()
        elif event.type() == QEvent.Type.LanguageChange:
            self._retranslate_ui()
        elif event.type() == QEvent.Type.FontChange:
            self._fit_font()
