"""The stack panel: the search's stack of frames, alive, top of the stack at the top.

One row per frame: the move number, the square (name and (row, col)), its
candidate squares in the order they are tried, each with its Warnsdorff
degree, and the candidate that is tried next.  Above the table a banner says
what the last event was and why (a pop in red, a push in green); below it the
counters.

``StackModel`` follows the player incrementally: on every ``changed`` it
compares the path it shows with the state's, removes the frames popped and
inserts the frames pushed since (``beginRemoveRows`` / ``beginInsertRows`` at
the top), so a stack thousands of frames deep costs only what changed.  The
player emits ``changed`` at most once per timer tick; at the highest speeds
the views come every 35-70 ms, and the table waits for the next tick
(``changed_late``: see ``StackPanel.refresh``).  Cells read their frame from
``player.stack()`` when painted: only the visible rows are ever read.
"""

from __future__ import annotations

import html
import math
import time
from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QLineF,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QStaticText,
    QTransform,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..tour import Frame, Outcome, Pop, Push
from ..tour.state import common_prefix
from .explanations import READABLE_SPEED, explain_event
from .i18n import outcome_reason, tr_message
from .painting import BoardView
from .player import MAX_SPEED, TourPlayer
from .steady import Relaxing, SteadyBox
from .themes import LIGHT_PANELS, PALETTE_EVENTS, PanelColours, alternate_rows, mix, panel_colours
from .viewports import known_viewport

COL_MOVE, COL_SQUARE, COL_CANDIDATES, COL_NEXT = range(4)
#: Candidate chips the panel has room for at its narrowest (``StackPanel.columns_width``).
CHIPS_SHOWN = 4
#: Rows the stack table shows however much room a dock beside it asks for (``StackPanel.keep_rows``).
LEAST_ROWS = 6
#: Fewer rows kept where LEAST_ROWS would make the window taller than its screen
#: (``MainWindow._fit_stack_rows``).
FEWEST_ROWS = 2
#: The Next cell of a frame the search never comes back to (greedy, below the top).
NEVER = "—"
#: Data role of the candidates cell: (candidates, next index, is the top frame).
CANDIDATES_ROLE = Qt.ItemDataRole.UserRole + 1

# The panel's colours follow its palette: see ``themes.PanelColours``.

_ROLES = frozenset({
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole, Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.FontRole, Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.TextAlignmentRole, CANDIDATES_ROLE,
})
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
#: Static texts the chips keep (square names and degrees, per font) before they start afresh.
_MAX_STATIC_TEXTS = 4096
#: The chips' fonts, by their place in ``CandidatesDelegate._fonts_by_id``.
_PLAIN, _BOLD_FONT, _SMALL = range(3)
#: A chip's styles: tried and backtracked, on the stack above, tried next, not tried yet.
_TRIED, _ON_STACK, _UPCOMING, _PENDING = range(4)
#: Chips' frames kept drawn (``CandidatesDelegate._frame``): every width and style a table shows.
_MAX_FRAMES = 1024
#: Room around a chip's pixmap for its frame's pen (2 px wide for the chip tried next).
_CHIP_MARGIN = 2
_BOLD = QFont()
_BOLD.setBold(True)


def unbroken(text: str) -> str:
    """``text`` as rich text that a line never breaks within: its spaces no-break spaces, a word
    joiner between two characters outside ASCII (Chinese breaks between any two).  The legend
    breaks between its items, not within "small / number: degree" or "在 / 栈中上一层"."""
    joined: list[str] = []
    for before, char in zip(" " + text[:-1], text, strict=True):
        if joined and not before.isascii() and not char.isascii():
            joined.append("\u2060")
        joined.append(html.escape(char) if char != " " else "&nbsp;")
    return "".join(joined)


class StackModel(QAbstractTableModel):
    """The frames of ``player.stack()`` as rows, the top frame in row 0."""

    def __init__(self, player: TourPlayer, parent=None) -> None:
        super().__init__(parent)
        self.player = player
        self._path: list[int] = []
        self._frames: dict[int, Frame] = {}
        self._seen: tuple[object, int, int] | None = None  # (history, pos, length) shown
        self.rows_moved = False  #: rows were inserted or removed since the panel last laid them out
        self._headers: tuple[tuple[str, str], ...] = ()
        self.colours: PanelColours = LIGHT_PANELS  #: set by the panel from its palette
        self.retranslate()

    def set_colours(self, colours: PanelColours) -> None:
        """Paint the rows in ``colours`` (the panel's palette changed)."""
        if colours is self.colours:
            return
        self.colours = colours
        if self._path:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._path) - 1, COL_NEXT))

    def retranslate(self) -> None:
        """Header texts in the installed language."""
        tr = self.tr
        self._headers = (
            (tr("Move"), tr("Move number: the frame's depth on the stack")),
            (tr("Square"), tr("The square of the frame: name and (row, column)")),
            (tr("Candidates (degree)"),
             tr("The frame's candidate squares in the order they are tried, each with its degree "
                "(its unvisited onward squares): grey ones were tried and backtracked, the blue one "
                "is on the stack above, the orange one is tried next")),
            (tr("Next"), tr("The candidate tried next; none: the frame is popped next; "
                            "—: never (greedy does not backtrack)")),
        )
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._headers) - 1)
        if self._path:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._path) - 1, COL_NEXT))

    # -- following the player ------------------------------------------------------

    def refresh(self) -> None:
        """Catch up with the player: remove popped frames, insert pushed ones, update the rest."""
        player = self.player
        seen = (player.history, player.pos, len(player.history))
        if self._seen is not None and seen[0] is self._seen[0] and seen[1:] == self._seen[1:]:
            return  # already caught up (the board asked first)
        self._seen = seen
        new = list(player.state.path)
        old = self._path
        self._frames.clear()
        common = common_prefix(old, new)
        removed = len(old) - common
        self.rows_moved |= bool(removed or len(new) - common)
        if removed:
            self.beginRemoveRows(QModelIndex(), 0, removed - 1)
            del old[common:]
            self.endRemoveRows()
        added = len(new) - common
        if added:
            self.beginInsertRows(QModelIndex(), 0, added - 1)
            old.extend(new[common:])
            self.endInsertRows()
        # The frame below the new ones tried a candidate since; the top row is painted differently.
        rows = {0, added} if common else {0}
        for row in rows:
            if row < len(old):
                self.dataChanged.emit(self.index(row, 0), self.index(row, COL_NEXT))

    def reset(self) -> None:
        """Show the player's stack from scratch (after a new search)."""
        self.beginResetModel()
        self._path = list(self.player.state.path)
        self._seen = (self.player.history, self.player.pos, len(self.player.history))
        self._frames.clear()
        self.rows_moved = True
        self.endResetModel()

    def prefetch(self, rows: range) -> None:
        """Read the frames of ``rows`` now, while the player's stack is its live search.

        In a fast run the player records the next events before the views show
        them; a frame read then would need a search resumed from the state shown
        (milliseconds on a big board).  The rows in view are read at once instead.
        """
        if self.player.at_head:
            for row in rows:
                self.frame_at(row)

    def frame_at(self, row: int) -> Frame | None:
        """The frame shown in ``row`` (row 0 is the top of the stack)."""
        depth = len(self._path)
        if not 0 <= row < depth:
            return None
        index = depth - 1 - row
        frame = self._frames.get(index)
        if frame is None:
            stack = self.player.stack()
            if stack is None or stack.depth != depth:
                return None
            frame = self._frames[index] = stack.frame(index)
        return frame

    # -- the model -----------------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._path)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else 4

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self._headers):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._headers[section][0]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._headers[section][1]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role not in _ROLES or not index.isValid():
            return None
        row, column = index.row(), index.column()
        top = row == 0
        if role == Qt.ItemDataRole.BackgroundRole:
            return self.colours.top_row if top else None
        if role == Qt.ItemDataRole.FontRole:
            return _BOLD if top else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if column == COL_MOVE else None
        frame = self.frame_at(row)
        if frame is None:
            return None
        if role == CANDIDATES_ROLE:
            return (frame.candidates, frame.next, top) if column == COL_CANDIDATES else None
        if role == Qt.ItemDataRole.ForegroundRole:
            if column == COL_NEXT and (frame.next >= len(frame.candidates) or self.never_back(top)):
                # the top frame is popped next; a lower one once it is on top (greedy: never)
                return self.colours.next if top else self.colours.tried
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.frame_tip(frame, top)
        board = self.player.config.board  # the display and accessible texts
        if column == COL_MOVE:
            return str(frame.step)
        if column == COL_SQUARE:
            return board.label(frame.square)
        if column == COL_CANDIDATES:
            return self.candidates_text(frame, top)
        if self.never_back(top):
            if role == Qt.ItemDataRole.AccessibleTextRole:
                return self.tr("never: greedy does not backtrack")
            return NEVER
        return self.next_text(frame)

    def never_back(self, top: bool) -> bool:
        """Whether the search never returns to a frame: below the top, when greedy (it never backtracks)."""
        return not top and self.player.config.algorithm == "greedy"

    def candidates_text(self, frame: Frame, top: bool) -> str:
        """The candidates cell as plain text: ``×b5:4 ↑d6:3 →e4:2 f5:3``."""
        board = self.player.config.board
        parts = []
        for i, (square, degree) in enumerate(frame.candidates):
            mark = ""
            if i < frame.next - (0 if top else 1):
                mark = "×"
            elif i == frame.next - 1 and not top:
                mark = "↑"
            elif i == frame.next and not self.never_back(top):
                mark = "→"
            parts.append(f"{mark}{board.name(square)}:{degree}")
        return " ".join(parts) if parts else self.tr("none")

    def next_text(self, frame: Frame) -> str:
        """The next candidate's name, or "none" (the frame is popped next)."""
        if frame.next < len(frame.candidates):
            return self.player.config.board.name(frame.candidates[frame.next][0])
        return self.tr("none")

    def frame_tip(self, frame: Frame, top: bool) -> str:
        """One frame in words, for its tooltip."""
        tr = self.tr
        board = self.player.config.board
        count = len(frame.candidates)
        lines = [tr("Move %d on %s") % (frame.step, board.label(frame.square))]
        if not count:
            lines.append(tr("No candidates: no unvisited square is a knight's move away."))
        else:
            lines.append(tr("%d candidates; %d tried so far.") % (count, frame.next))
            if self.never_back(top):
                lines.append(tr("Greedy does not backtrack: it never comes back to this frame."))
            elif frame.next < count:
                square, degree = frame.candidates[frame.next]
                lines.append(tr("Next: %s (degree %d).") % (board.name(square), degree))
            else:
                lines.append(tr("All tried: this frame is popped when it is on top."))
        if not top and frame.next:
            lines.append(tr("On the stack above: %s.") % board.name(frame.candidates[frame.next - 1][0]))
        return "\n".join(lines)


class CandidatesDelegate(QStyledItemDelegate):
    """Paints a frame's candidates as chips: tried (grey), on the stack (blue), next (orange).

    A chip is the square's name with its degree as a small raised number.
    Fonts, text widths and the texts themselves (laid out once, as static
    texts) are made once per font, since at full speed the whole visible table
    is painted every frame.
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._font_key: str | None = None
        self._plain = QFont()  # (the fonts of ``_font_key``: ``_fonts``)
        #: "name:degree" -> widths of the name (bold, as the widest chip), of the degree, and of the
        #: name in the plain font (a tried chip's line through it)
        self._widths: dict[str, tuple[float, float, float]] = {}
        self._strike_width = 1.0
        self._texts: dict[tuple[str, int], QStaticText] = {}  # (text, which font) -> laid out
        #: (style, width in quarter pixels, shift) -> a chip's frame drawn (``_frame``), for the face, ink,
        #: height and device pixel ratio of ``_frames_key`` and the colours set last
        self._frames: dict[tuple[int, int, int], QPixmap] = {}
        self._frames_key: tuple[object, ...] | None = None
        self._chip_face = self._tried_face = QColor()
        self._chip_height, self._chip_ratio = 0.0, 1.0
        self._inks: dict[int, tuple[int, QColor, QColor]] = {}  # style -> font, name's and degree's colours
        #: per row painted last: chips drawn, chips in all (fewer drawn end in "…"), the right
        #: edge of the last thing drawn and of the room for it
        self.drawn: dict[int, tuple[int, int, float, float]] = {}
        self.set_colours(LIGHT_PANELS)

    def set_colours(self, colours: PanelColours) -> None:
        """Paint the chips in ``colours``; their face and ink are the view's base and text."""
        self.colours = colours
        self._on_stack_pen = QPen(colours.on_stack_edge, 1.2)
        self._next_pen = QPen(colours.next, 2.0)
        self._pending_pen = QPen(colours.pending_edge, 1.0, Qt.PenStyle.DashLine)
        self._strike_pen = QPen(colours.tried, self._strike_width)
        self._frames_key = None  # (the frames drawn in the colours before)

    def _fonts(self, font: QFont) -> None:
        if self._font_key is not None and font == self._plain:  # (cheaper than its key, every row)
            return
        key = font.key()
        if key == self._font_key:
            return
        self._font_key = key
        self._plain = QFont(font)
        self._bold = QFont(font)
        self._bold.setBold(True)
        self._small = QFont(font)
        self._small.setPointSizeF(max(6.0, font.pointSizeF() * 0.8))
        self._small.setBold(True)
        self._metrics = QFontMetricsF(self._bold)
        self._small_metrics = QFontMetricsF(self._small)
        plain = self._plain_metrics = QFontMetricsF(self._plain)
        self._more = plain.horizontalAdvance("…") + 6  # room for "…": chips left out
        # A tried name's line through it, drawn here: a static text's own strike-out (its font's)
        # showed in a grab of the table but not in the window.
        self._strike_y = plain.ascent() - plain.strikeOutPos()
        self._strike_width = max(1.0, plain.lineWidth())
        self._strike_pen = QPen(self.colours.tried, self._strike_width)
        self._fonts_by_id = (self._plain, self._bold, self._small)
        self._widths.clear()
        self._texts.clear()

    def _static(self, text: str, font: int) -> QStaticText:
        """``text`` laid out once in font ``font`` (an index into ``_fonts_by_id``)."""
        key = (text, font)
        found = self._texts.get(key)
        if found is None:
            if len(self._texts) >= _MAX_STATIC_TEXTS:
                self._texts.clear()
            found = self._texts[key] = QStaticText(text)
            found.setTextFormat(Qt.TextFormat.PlainText)
            found.prepare(QTransform(), self._fonts_by_id[font])
        return found

    def _width(self, name: str, degree: str) -> tuple[float, float, float]:
        key = name + ":" + degree
        found = self._widths.get(key)
        if found is None:
            found = self._widths[key] = (self._metrics.horizontalAdvance(name),
                                         self._small_metrics.horizontalAdvance(degree),
                                         self._plain_metrics.horizontalAdvance(name))
        return found

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,  # noqa: D102
              index: QModelIndex | QPersistentModelIndex) -> None:
        value = index.data(CANDIDATES_ROLE)
        if not value:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        background = index.data(Qt.ItemDataRole.BackgroundRole)
        if background is not None:
            opt.backgroundBrush = QBrush(background)
        widget = opt.widget
        if widget is not None:  # the selection and row background, as for any cell
            widget.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, opt, painter, widget)
        candidates, nxt, top = value
        palette = opt.palette
        model = index.model()
        assert isinstance(model, StackModel)
        board = model.player.config.board
        self._fonts(opt.font)
        rect = QRectF(opt.rect).adjusted(3, 3, -3, -3)
        x = rect.left()
        right = rect.right()
        top_y, height = rect.top(), rect.height()
        ink = palette.color(QPalette.ColorRole.Text)
        ratio = painter.device().devicePixelRatioF()
        self._chips_for(palette.color(QPalette.ColorRole.Base), ink, height, ratio)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setClipRect(opt.rect)
        if not candidates:
            painter.setFont(self._plain)
            painter.setPen(self.colours.tried)
            none = QCoreApplication.translate("StackModel", "none")
            painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter, none)
        more = self._more
        drawn = len(candidates)
        name_y = top_y + (height - self._metrics.height()) / 2  # (a name centred in the row)
        degree_y = top_y + height * 0.62 - self._small_metrics.height()  # (a degree raised, its foot at 62%)
        for i, (square, degree) in enumerate(candidates):
            name = board.name(square)
            degree_text = str(degree)
            name_width, degree_width, plain_width = self._width(name, degree_text)
            width = name_width + degree_width + 12
            last = i == len(candidates) - 1
            if x + width > right - (0 if last else more) and (i > 0 or x + width > right):
                # No room: say so, never cut a chip; nor the "…" (a column narrower than one chip, at
                # 200% on 1024×768, left a "." of it at the cell's edge).
                drawn = i
                if x + more - 6 <= right + 0.5:
                    painter.setFont(self._plain)
                    painter.setPen(ink)
                    painter.drawText(QRectF(x, top_y, more, height), Qt.AlignmentFlag.AlignVCenter, "…")
                    x += more - 6 + 4  # (its ink's right edge: ``drawn``)
                break
            if not top and i == nxt - 1:  # on the stack, just above this frame
                style = _ON_STACK
            elif i == nxt and not model.never_back(top):
                style = _UPCOMING
            else:
                style = _TRIED if i < nxt - (0 if top else 1) else _PENDING
            left = math.floor(x)  # (the frame drawn once, in a pixmap: placed to a quarter pixel)
            shift = round((x - left) * 4)
            frame = self._frame(style, width, shift)
            painter.drawPixmap(QPointF(left - _CHIP_MARGIN, top_y - _CHIP_MARGIN), frame)
            font, colour, degree_colour = self._inks[style]
            painter.setFont(self._fonts_by_id[font])
            painter.setPen(colour)
            painter.drawStaticText(QPointF(x + 5, name_y), self._static(name, font))
            if style == _TRIED:  # a line through the name
                painter.setPen(self._strike_pen)
                strike_y = name_y + self._strike_y
                painter.drawLine(QLineF(x + 5, strike_y, x + 5 + plain_width, strike_y))
            painter.setFont(self._small)
            painter.setPen(degree_colour)
            painter.drawStaticText(QPointF(x + 7 + name_width, degree_y), self._static(degree_text, _SMALL))
            x += width + 4
        self.drawn[index.row()] = (drawn, len(candidates), x - 4, right)
        painter.restore()

    def _chips_for(self, face: QColor, ink: QColor, height: float, ratio: float) -> None:
        """Keep the chips' frames drawn so far if they were drawn with ``face`` and ``ink``, ``height``
        high for ``ratio`` device pixels a pixel; else forget them (new colours forget them too:
        ``set_colours``)."""
        key = (face.rgba(), ink.rgba(), height, ratio)
        if key != self._frames_key:
            self._frames_key = key
            self._frames.clear()
            self._chip_face, self._chip_height, self._chip_ratio = face, height, ratio
            colours = self.colours
            self._inks = {_ON_STACK: (_PLAIN, ink, colours.degree),
                          _UPCOMING: (_BOLD_FONT, colours.next, colours.next),
                          _TRIED: (_PLAIN, colours.tried, colours.tried),
                          _PENDING: (_PLAIN, ink, colours.degree)}
            self._tried_face = mix(face, ink, 0.06)

    def _frame(self, style: int, width: float, shift: int) -> QPixmap:
        """A chip's rounded frame in ``style``, ``width`` wide, ``shift`` quarters of a pixel right of
        the pixmap's edge (and its margin), drawn once.

        At full speed the whole visible table is painted every frame: drawing a chip's frame, an
        antialiased rounded rectangle, cost about six times what putting a drawn one in place does,
        and a table holds few widths (the widths of the squares' names and degrees).
        """
        key = (style, round(width * 4), shift)
        found = self._frames.get(key)
        if found is not None:
            return found
        height, ratio = self._chip_height, self._chip_ratio
        margin = _CHIP_MARGIN
        pixmap = QPixmap(math.ceil((width + 2 * margin + 1) * ratio),
                         math.ceil((height + 2 * margin) * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        with QPainter(pixmap) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            if style == _ON_STACK:
                painter.setPen(self._on_stack_pen)
                painter.setBrush(self.colours.on_stack)
            elif style == _UPCOMING:
                painter.setPen(self._next_pen)
                painter.setBrush(self._chip_face)
            elif style == _TRIED:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(self._tried_face)
            else:
                painter.setPen(self._pending_pen)
                painter.setBrush(self._chip_face)
            chip = QRectF(margin + shift / 4 + 0.5, margin + 0.5, width - 1, height - 1)
            painter.drawRoundedRect(chip, 4, 4)
        if len(self._frames) >= _MAX_FRAMES:
            self._frames.clear()
        self._frames[key] = pixmap
        return pixmap

    def sizeHint(self, option: QStyleOptionViewItem,  # noqa: N802, D102
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        size = super().sizeHint(option, index)
        value = index.data(CANDIDATES_ROLE)
        if value:
            metrics = QFontMetricsF(option.font)
            size.setWidth(int(sum(metrics.horizontalAdvance("e44") + 20 for _ in value[0])) + 6)
        return size


#: Seconds a popped frame stays in the trail above the table, fading out.
POP_FADE_SECONDS = 4.0
#: Popped frames the trail shows at most, newest first.
POP_TRAIL = 6


class PopTrail(QWidget):
    """The frames popped lately, as a row above the stack table that fades out.

    When a frame is popped its row leaves the table; here it stays for a few
    seconds (``POP_FADE_SECONDS``), newest first, so a chain of pops can be
    followed: ``↩ 52 a5 · 51 c6 · 50 b8``.  Each entry fades with its age;
    ``clock`` (seconds) can be replaced in tests.  The tooltip tells the
    latest pop whole.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pop_trail")
        self.clock: Callable[[], float] = time.monotonic
        self.entries: list[tuple[int, str, float]] = []  #: (move, square name, when), newest first
        self._timer = QTimer(self)
        self._timer.setObjectName("pop_trail_timer")
        self._timer.setInterval(80)
        self._timer.timeout.connect(self._fade)
        self.colours: PanelColours = LIGHT_PANELS
        # One row high, but it gives way (to nothing) before the table does in a low window.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.setMaximumHeight(self._row_height())

    def _row_height(self) -> int:
        """One row of chips in the widget's font, with room around them."""
        return self.fontMetrics().height() + 8

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(200, self._row_height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(0, 0)

    def add(self, move: int, name: str) -> None:
        """A frame was popped: show it first."""
        self.entries.insert(0, (move, name, self.clock()))
        del self.entries[POP_TRAIL:]
        if self.isVisible() and not self._timer.isActive():
            self._timer.start()
        self.update()

    def clear(self) -> None:
        """Forget every entry (a new search)."""
        self.entries.clear()
        self._timer.stop()
        self.setToolTip("")
        self.update()

    def strengths(self) -> list[float]:
        """How strongly each entry shows, 1 (just popped) to 0 (gone), newest first."""
        now = self.clock()
        return [max(0.0, 1.0 - (now - when) / POP_FADE_SECONDS) for _, _, when in self.entries]

    @Slot()
    def _fade(self) -> None:
        now = self.clock()
        self.entries = [e for e in self.entries if now - e[2] < POP_FADE_SECONDS]
        if not self.entries:
            self._timer.stop()
            self.setToolTip("")
        self.update()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if self.entries:
            self._timer.start()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # (a larger text: the row as high as its chips)
            self.setMaximumHeight(self._row_height())
            self.updateGeometry()

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().hideEvent(event)
        self._timer.stop()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        shown = [(e, a) for e, a in zip(self.entries, self.strengths(), strict=True) if a > 0]
        metrics = QFontMetricsF(self.font())
        if not shown or self.height() < metrics.height() + 4:  # (given way: no chips cut in half)
            return
        ink = self.colours.pop
        face = self.colours.banner["pop"][0]
        with QPainter(self) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            height = self.height()
            x = 4.0
            arrow = "↩ " + QCoreApplication.translate("StackPanel", "popped")
            painter.setPen(ink)
            painter.drawText(QRectF(x, 0, metrics.horizontalAdvance(arrow) + 4, height),
                             Qt.AlignmentFlag.AlignVCenter, arrow)
            x += metrics.horizontalAdvance(arrow) + 10
            for (move, name, _), strength in shown:
                text = f"{move} {name}"
                width = metrics.horizontalAdvance(text) + 12
                if x + width > self.width():
                    break
                background = QColor(face)
                background.setAlphaF(strength)
                edge = QColor(ink)
                edge.setAlphaF(0.25 + 0.75 * strength)
                painter.setPen(QPen(edge, 1.0))
                painter.setBrush(background)
                painter.drawRoundedRect(QRectF(x, 2.5, width, height - 5), 4, 4)
                painter.drawText(QRectF(x, 0, width, height), Qt.AlignmentFlag.AlignCenter, text)
                x += width + 4


class StackPanel(QWidget):
    """The stack table with the last event's banner above and the counters below."""

    frame_selected = Signal(object)  #: the square of the frame selected in the table, or None

    def __init__(self, player: TourPlayer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        #: Play Yourself is on: the student's moves are on the board, and no search's on this stack.
        self.playing_yourself = False
        self.play_message = ""  #: playing yourself: the status bar's message (``show_play_message``)
        self.model = StackModel(player, self)
        self.banner = QLabel(self)
        self.banner.setObjectName("stack_banner")
        self.banner.setWordWrap(True)
        self.banner.setMargin(6)
        self.banner.setAutoFillBackground(True)
        self.banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.banner.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.banner.setMinimumHeight(self.banner.fontMetrics().lineSpacing() * 2 + 14)
        self.trail = PopTrail(self)
        self._trail_seen = 0  # the history index after the last pop put in the trail
        self.table = QTableView(self)
        known_viewport(self.table)  # (wrapping Qt's own costs a search at start-up)
        self.table.setObjectName("stack_table")
        self.table.setModel(self.model)
        self.delegate = CandidatesDelegate(self.table)
        self.table.setItemDelegateForColumn(COL_CANDIDATES, self.delegate)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table, as everywhere else
        self.table.setWordWrap(False)
        self.table.setShowGrid(False)
        # The scroll bar always there: the chips' column keeps its width when the stack outgrows the
        # table.  At every search the bar appeared, the column narrowed by its width, and the table
        # was laid out and painted again in the next frame; at maximum speed on 100×100 Warnsdorff
        # those frames went over 16 ms (benchmarks/README.md).  (The panel's width counts it.)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.table.verticalHeader().hide()
        vertical = self.table.verticalHeader()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 12)  # (and again: _fit_font)
        header = self.table.horizontalHeader()
        header.setTextElideMode(Qt.TextElideMode.ElideRight)  # narrow: "Candidates (deg…", not clipped
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_CANDIDATES, QHeaderView.ResizeMode.Stretch)
        self._fit_columns()
        self.least_rows = 0  # (the window keeps LEAST_ROWS while the Analysis dock is beside the stack)
        self.legend = QLabel(self)
        self.legend.setWordWrap(True)
        # (in a box whose least height is its wrapped text's: a squeezed panel drew it over the table)
        self.legend_box = SteadyBox(self.legend, self, whole=True)
        self.counters = QLabel(self)
        self.counters.setObjectName("stack_counters")
        self.counters.setWordWrap(True)
        # The banner and the counters change with every frame of a run: in steady boxes the table
        # below keeps its place, and no text laid out the panel and the window again (steady).
        self.banner_box = SteadyBox(self.banner, self, least_lines=4)
        self.counters_box = SteadyBox(self.counters, self, whole=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        above = QVBoxLayout()  # the banner and the trail of pops, which may shrink to nothing
        above.setSpacing(0)
        above.addWidget(self.banner_box)
        above.addWidget(self.trail)
        layout.addLayout(above)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.legend_box)
        layout.addWidget(self.counters_box)
        self.colours: PanelColours = panel_colours(self.palette())
        self._retranslate_static()
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        player.changed.connect(self.refresh)
        player.changed_late.connect(self._refresh_late)
        player.reconfigured.connect(self._on_reconfigured)
        player.backtracked.connect(self._on_backtracked)
        self._late = False  # a refresh waits for the player's changed_late
        self.relaxing = Relaxing(player, self._relax, self)  # (once runs stop, or a new search: steady)
        self._selected: int | None = None  # depth index of the selected frame
        self._follow_palette()
        self.model.reset()
        self.refresh()

    def _retranslate_static(self) -> None:
        tr = self.tr
        self.setAccessibleName(tr("Stack panel"))
        self.table.setAccessibleName(tr("Stack of the search, top first"))
        self.table.setToolTip(tr("One row per frame of the search's stack, the top of the stack first. "
                                 "Select a row to see its square and candidates on the board."))
        self.banner.setAccessibleName(tr("Last event"))
        self.banner.setToolTip(tr("The last event and why it happened"))
        self.counters.setAccessibleName(tr("Counters"))
        self.counters.setToolTip(tr("Pushes, pops, depth of the stack, deepest so far and dead ends"))
        self.legend.setAccessibleName(tr("Legend"))
        self.legend.setToolTip(tr("How the candidates are marked; the small number beside a square is its "
                                  "degree: how many unvisited squares are a knight's move away from it"))
        self._legend_text()

    def _legend_text(self) -> None:
        tr = self.tr
        colours = self.colours
        ink = self.palette().color(QPalette.ColorRole.WindowText).name()
        upcoming, on_stack = tr("next to try"), tr("on the stack above")
        # (rich text draws no dashed frame: the chips not tried yet are named by theirs.  The small
        # number, the degree, is named by the column's header, "Candidates (degree)", and the legend's
        # tooltip: a fifth item took the legend a line more, and the Analysis tab below it under six
        # rows at 1400×900)
        tried, pending = tr("tried, backtracked"), tr("dashed frame: not tried yet")
        upcoming, on_stack, tried, pending = (unbroken(text) for text in (upcoming, on_stack, tried, pending))
        self.legend.setText(
            f"<span style='color:{colours.next.name()}; font-weight:bold'>{upcoming}</span> &nbsp; "
            f"<span style='background-color:{colours.on_stack.name()}; color:{ink}'>"
            f"&nbsp;{on_stack}&nbsp;</span> &nbsp; "
            f"<span style='color:{colours.tried.name()}; text-decoration:line-through'>{tried}</span>"
            f" &nbsp; <span style='color:{ink}'>{pending}</span>")
        self.legend_box.relax()

    def _follow_palette(self) -> None:
        """Take the colours of the palette: after construction and whenever the palette changes."""
        palette = self.palette()
        self.colours = panel_colours(palette)
        self.model.set_colours(self.colours)
        self.delegate.set_colours(self.colours)
        self.trail.colours = self.colours
        self.table.setPalette(alternate_rows(palette))
        self._legend_text()
        self._refresh_texts()
        self.table.viewport().update()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in PALETTE_EVENTS:
            self._follow_palette()
        elif event.type() == QEvent.Type.LanguageChange:
            self._retranslate_ui()
        elif event.type() == QEvent.Type.FontChange:
            self._fit_font()

    def _fit_font(self) -> None:
        """Rows, banner and columns for the panel's text size (View ▸ Text Size)."""
        text = self.fontMetrics().height()
        self.table.verticalHeader().setDefaultSectionSize(text + (12 if text < 24 else 8))  # (large: rows)
        self.banner.setMinimumHeight(self.banner.fontMetrics().lineSpacing() * 2 + 14)
        self._relax()
        self._fit_columns()
        self.keep_rows(self.least_rows)

    def keep_rows(self, rows: int) -> None:
        """Never let the table show fewer than ``rows`` rows (Analysis takes its room elsewhere), and
        never less than one, its top frame (at 175% on 1024×768 a lesson's note left it its header alone)."""
        self.least_rows = rows
        table = self.table
        table.setMinimumHeight(table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
                               + max(rows, 1) * table.verticalHeader().defaultSectionSize())

    def spare_height(self) -> int:
        """How much lower the panel can be and still show ``LEAST_ROWS`` rows (or ``keep_rows``'s)."""
        rows = max(self.least_rows, LEAST_ROWS)
        return self.table.viewport().height() - rows * self.table.verticalHeader().defaultSectionSize()

    def _retranslate_ui(self) -> None:
        """Texts again in the installed language (after a language switch)."""
        self._retranslate_static()
        self.model.retranslate()
        self.refresh()

    # -- following the player ---------------------------------------------------------

    @Slot(list)
    def _on_backtracked(self, squares: list[int]) -> None:
        """Frames were popped: put them in the trail, at a speed one can follow."""
        player = self.player
        fast = player.goal is not None or player.speed == MAX_SPEED or player.speed > READABLE_SPEED
        if player.running and fast:
            self._trail_seen = player.pos
            return
        board = player.config.board
        for index, event in player.recent_events(min(player.pos, 16)):
            if isinstance(event, Pop) and index >= self._trail_seen:
                self.trail.add(event.step, board.name(event.square))
        self._trail_seen = player.pos
        explained = explain_event(player)
        if isinstance(player.last_event(), Pop) and explained is not None:
            self.trail.setToolTip(tr_message(explained))

    @Slot()
    def _on_reconfigured(self) -> None:
        self.trail.clear()
        self._trail_seen = 0
        self.table.clearSelection()
        self.model.reset()
        self._fit_columns()
        self.refresh()

    def _fit_columns(self) -> None:
        """Widths that fit this board's longest move number, square and name (bold, as the top row)."""
        header = self.table.horizontalHeader()
        for column, width in self._column_widths(self.table.font()).items():
            header.resizeSection(column, width)

    def _column_widths(self, font: QFont) -> dict[int, int]:
        """The fixed columns' widths in ``font``: this board's longest move number, square and name
        (bold, as the top row), or the column's title if it is longer."""
        board = self.player.config.board
        font = QFont(font)
        font.setBold(True)
        metrics = QFontMetricsF(font)
        em = metrics.horizontalAdvance("m")
        last = board.size - 1
        widths = {}
        for column, sample, least in ((COL_MOVE, str(board.size), 3), (COL_SQUARE, board.label(last), 7),
                                      (COL_NEXT, board.name(last), 4)):
            title = str(self.model.headerData(column, Qt.Orientation.Horizontal))
            width = max(metrics.horizontalAdvance(sample), metrics.horizontalAdvance(title), em * least)
            widths[column] = int(width + em * 1.5)
        return widths

    def columns_width(self, font: QFont | None = None, chips: int = CHIPS_SHOWN) -> int:
        """The width the panel needs to show every column: the fixed ones and ``chips`` candidate chips,
        in the table's font or in ``font`` (a text size not shown yet: presentation mode's)."""
        if font is None:
            header = self.table.horizontalHeader()
            fixed = sum(header.sectionSize(column) for column in (COL_MOVE, COL_SQUARE, COL_NEXT))
            font = self.table.font()
        else:
            fixed = sum(self._column_widths(font).values())
        font = QFont(font)
        font.setBold(True)
        name = QFontMetricsF(font).horizontalAdvance(self.player.config.board.name(0))
        chip = name + QFontMetricsF(font).horizontalAdvance("8") * 0.8 + 16  # as the delegate paints it
        scroll_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        return int(fixed + chips * chip + scroll_bar + 2 * self.table.frameWidth() + margins.left()
                   + margins.right())

    @Slot()
    def refresh(self) -> None:
        """Catch up with the player (called once per timer tick at most).

        At maximum speed this waits for the player's next tick (``TourPlayer.views_late``,
        ``changed_late``): the table, its rows laid out and painted, costs about what the board
        does (8×8: 3-4 ms, on a slow machine 6-8 ms), and a frame that painted both and the rest of
        the window took 10-19 ms.  The state is the same then: the tick in between records events
        without applying them.
        """
        if self.player.views_late:
            self._late = True
            return
        self._late = False
        self.model.refresh()
        if not self.isVisible():
            return
        table = self.table
        if self.model.rows_moved:
            # Rows came or went: lay them out now, in the frame that changed them.  Left to the view,
            # that layout waits for a timer of its own, after this tick, and the table is painted
            # again in the next frame, which at the highest speeds is already a whole frame of search
            # (100×100 Warnsdorff: such frames went over 16 ms).
            self.model.rows_moved = False
            table.doItemsLayout()
        first = max(0, table.rowAt(0))
        last = table.rowAt(table.viewport().height() - 1)
        self.model.prefetch(range(first, (last if last >= 0 else first + 64) + 1))  # (painted later)
        self._refresh_texts()

    @Slot()
    def _refresh_late(self) -> None:
        if self._late:
            self.refresh()

    def _refresh_texts(self) -> None:
        tr = self.tr
        player = self.player
        state = player.state
        event = player.last_event()
        if event is None and self.playing_yourself:
            note = tr("Play Yourself: your moves are on the board, not on this stack. Let "
                      "the search finish from your path to see its stack go on from there.")
            # (the status bar's message in full, first: a projector's status bar cuts the verdicts)
            kind, words = "none", f"{self.play_message}\n\n{note}" if self.play_message else note
        elif event is None:
            kind, words = "none", tr("Click a square to place the knight: its frame is pushed first.")
        else:
            kind = "push" if isinstance(event, Push) else "pop" if isinstance(event, Pop) else "outcome"
            explained = explain_event(player, event)
            words = tr_message(explained) if explained is not None else ""
            if isinstance(event, Outcome) and event.kind == "impossible":
                reason = outcome_reason(event)
                words = tr("No search: %s") % reason
        background, foreground = self.colours.banner[kind]
        palette = self.banner.palette()
        palette.setColor(QPalette.ColorRole.Window, background)
        palette.setColor(QPalette.ColorRole.WindowText, foreground)
        self.banner.setPalette(palette)
        self.banner.setText(words)
        self.counters.setText(tr("Pushes %s · Pops %s · Depth %s (max %s) · Dead ends %s") % (
            f"{state.pushes:,}", f"{state.pops:,}", f"{state.depth:,}", f"{state.max_depth:,}",
            f"{state.dead_ends:,}"))
        self.banner_box.fit()
        self.counters_box.fit()

    @Slot(bool)
    def set_playing_yourself(self, on: bool) -> None:
        """Play Yourself started or ended: the banner says where the student's moves are.  The table,
        empty then, gives the banner its room (it kept its least rows, and cut the verdicts at 1024×768
        in presentation mode).  So do the legend and the counters, which are the search's: beside the
        student's path they read "Pushes 0 · Depth 0" where the status bar said "Pushes 6 · Depth 6"."""
        self.playing_yourself = on
        for part in (self.table, self.legend_box, self.counters_box):
            part.setVisible(not on)
        self.play_message = ""
        self._refresh_texts()

    def show_play_message(self, text: str) -> None:
        """Playing yourself: the status bar's message, shown whole above the note (it is the only
        place the verdicts are said: stuck, where it went wrong, a square refused)."""
        if text != self.play_message:
            self.play_message = text
            if self.playing_yourself:
                self._refresh_texts()

    @Slot()
    def _relax(self) -> None:
        """Runs stopped, a new search or a new text size: the banner and counters fit their texts now."""
        self.banner_box.relax()
        self.counters_box.relax()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self._refresh_texts()

    # -- selection: a frame on the board -------------------------------------------------

    @Slot()
    def _on_selection_changed(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        frame = self.model.frame_at(rows[0].row()) if rows else None
        self.frame_selected.emit(frame.square if frame is not None else None)

    def selected_frame(self) -> Frame | None:
        """The frame selected in the table, if any."""
        rows = self.table.selectionModel().selectedRows()
        return self.model.frame_at(rows[0].row()) if rows else None

    def select_move(self, move: int) -> None:
        """Select the frame of move ``move`` (1 = the bottom of the stack)."""
        row = self.model.rowCount() - move
        if 0 <= row < self.model.rowCount():
            self.table.selectRow(row)
            self.table.scrollTo(self.model.index(row, 0))

    def decorate(self, view: BoardView) -> None:
        """Mark the selected frame's square and its candidates on the board view."""
        if not self.table.selectionModel().hasSelection():
            return  # (the table is not caught up here: at maximum speed it waits, see ``refresh``)
        self.model.refresh()  # the board may ask before the panel heard of the change
        frame = self.selected_frame()
        if frame is None:
            return
        top = self.table.selectionModel().selectedRows()[0].row() == 0
        view.selected = frame.square
        view.candidates = frame.candidates
        # below the top, the candidate before next is on the stack above, not tried and backtracked
        view.tried_candidates = frame.next if top else max(0, frame.next - 1)
        view.next_candidate = -1 if self.model.never_back(top) else frame.next  # greedy: none comes next
        view.show_candidates = True
