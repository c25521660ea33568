"""Painting the board: one function for the widget and for exported images.

``paint_board`` draws a ``BoardView`` (what to show) into a rectangle with a
``Theme`` (how it looks).  It never computes tours and keeps no state, so the
window, PNG export and tests all see exactly the same picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtSvg import QSvgRenderer

from ..tour import Board

RESOURCES = Path(__file__).resolve().parents[2] / "resources"

COORDS_CHESS = "chess"  # file letters and rank numbers, a..h / 8..1
COORDS_INDEX = "index"  # 0-based row and column indices, as the course programs print
COORDS_NONE = "none"

#: Below this many pixels per square the numbers are hidden: lines and colours stay.
MIN_NUMBER_SQUARE = 14.0


@dataclass(frozen=True)
class Theme:
    """Colours of the board; the default is light, warm and print-friendly."""

    light: QColor = field(default_factory=lambda: QColor("#f0d9b5"))
    dark: QColor = field(default_factory=lambda: QColor("#b58863"))
    background: QColor = field(default_factory=lambda: QColor("#fbf8f3"))
    frame: QColor = field(default_factory=lambda: QColor("#5d4632"))
    coords: QColor = field(default_factory=lambda: QColor("#5d4632"))
    number: QColor = field(default_factory=lambda: QColor("#1d1d1f"))
    number_halo: QColor = field(default_factory=lambda: QColor(255, 255, 255, 210))
    visited_light: QColor = field(default_factory=lambda: QColor("#c9dcef"))
    visited_dark: QColor = field(default_factory=lambda: QColor("#93b3d3"))
    line: QColor = field(default_factory=lambda: QColor(25, 70, 130, 170))
    closing_line: QColor = field(default_factory=lambda: QColor(28, 120, 60, 200))
    start: QColor = field(default_factory=lambda: QColor("#2e7d32"))
    hover: QColor = field(default_factory=lambda: QColor(255, 255, 255, 90))
    cursor: QColor = field(default_factory=lambda: QColor("#1565c0"))
    candidate: QColor = field(default_factory=lambda: QColor("#ef6c00"))
    candidate_next: QColor = field(default_factory=lambda: QColor("#d84315"))
    backtrack: QColor = field(default_factory=lambda: QColor("#d32f2f"))
    selected: QColor = field(default_factory=lambda: QColor("#6a1b9a"))


LIGHT_THEME = Theme()


@dataclass
class BoardView:
    """What to paint: the board, the numbered path and the highlights."""

    board: Board
    path: Sequence[int] = ()
    closed: bool = False  #: draw the closing line when the path is a complete tour
    start: int | None = None
    hover: int | None = None
    cursor: int | None = None  #: keyboard cursor
    candidates: Sequence[tuple[int, int]] = ()  #: (square, degree) in try order
    next_candidate: int = 0  #: index into candidates of the one tried next
    show_candidates: bool = False
    flashes: Sequence[tuple[int, float]] = ()  #: backtracked squares with strength 0..1
    selected: int | None = None  #: a square picked in a panel
    coords: str = COORDS_CHESS
    show_knight: bool = True


@dataclass(frozen=True)
class Layout:
    """Where the board sits inside a rectangle: square size and origin."""

    board: Board
    origin: QPointF  #: top-left corner of square (0, 0)
    square: float  #: side of one square, in logical pixels
    margin: float  #: room for coordinates around the board

    @property
    def board_rect(self) -> QRectF:
        """The squares' rectangle, without the coordinates."""
        return QRectF(self.origin.x(), self.origin.y(),
                      self.square * self.board.cols, self.square * self.board.rows)

    def square_rect(self, square: int) -> QRectF:
        """The rectangle of one square."""
        row, col = divmod(square, self.board.cols)
        s = self.square
        return QRectF(self.origin.x() + col * s, self.origin.y() + row * s, s, s)

    def centre(self, square: int) -> QPointF:
        """The centre of one square."""
        row, col = divmod(square, self.board.cols)
        s = self.square
        return QPointF(self.origin.x() + (col + 0.5) * s, self.origin.y() + (row + 0.5) * s)

    def square_at(self, point: QPointF) -> int | None:
        """The square under ``point``, or None outside the board."""
        s = self.square
        if s <= 0:
            return None
        col = (point.x() - self.origin.x()) / s
        row = (point.y() - self.origin.y()) / s
        if 0 <= row < self.board.rows and 0 <= col < self.board.cols:
            return int(row) * self.board.cols + int(col)
        return None


def layout_board(rect: QRectF, board: Board, coords: str = COORDS_CHESS,
                 margin: float | None = None) -> Layout:
    """Fit ``board`` centred into ``rect``, with squares as large as they fit.

    Coordinates take a ``margin`` on every side, so the board stays centred;
    by default about half a square, at least 14 and at most 28 pixels.
    """
    if margin is None:
        margin = 0.0
        if coords != COORDS_NONE:
            rough = min(rect.width(), rect.height()) / (max(board.rows, board.cols) + 1)
            margin = max(14.0, min(28.0, rough * 0.5))
            if coords == COORDS_INDEX and max(board.rows, board.cols) > 10:
                margin = max(margin, 20.0)
    width = max(1.0, rect.width() - 2 * margin)
    height = max(1.0, rect.height() - 2 * margin)
    square = min(width / board.cols, height / board.rows)
    x = rect.x() + (rect.width() - square * board.cols) / 2
    y = rect.y() + (rect.height() - square * board.rows) / 2
    return Layout(board, QPointF(x, y), square, margin)


@lru_cache(maxsize=4)
def knight_renderer(path: str = str(RESOURCES / "knight.svg")) -> QSvgRenderer | None:
    """The knight image, shared; None if the file is missing or invalid."""
    renderer = QSvgRenderer(path)
    return renderer if renderer.isValid() else None


def number_font(square: float, digits: int) -> QFont:
    """A font for move numbers that fits ``digits`` digits into a square."""
    font = QFont("DejaVu Sans")
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setBold(True)
    size = min(square * 0.38, square * 0.84 / (0.64 * max(2, digits)))
    font.setPixelSize(max(1, round(size)))
    return font


def paint_board(painter: QPainter, layout: Layout, view: BoardView, theme: Theme = LIGHT_THEME,
                background: object | None = None) -> None:
    """Draw ``view`` at ``layout``.  ``background``: a pixmap of the empty board to reuse."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    board = view.board
    rect = layout.board_rect
    if background is not None:
        painter.drawPixmap(rect, background, QRectF(background.rect()))  # type: ignore[attr-defined]
    else:
        paint_squares(painter, layout, theme)
    _paint_visited(painter, layout, view, theme)
    _paint_flashes(painter, layout, view, theme)
    _paint_path(painter, layout, view, theme)
    if layout.square >= MIN_NUMBER_SQUARE:
        _paint_numbers(painter, layout, view, theme)
    _paint_marks(painter, layout, view, theme)
    if view.show_candidates and view.candidates:
        _paint_candidates(painter, layout, view, theme)
    if view.show_knight and view.path:
        _paint_knight(painter, layout, view.path[-1])
    if view.coords != COORDS_NONE:
        _paint_coords(painter, layout, board, view.coords, theme)
    painter.restore()


def paint_squares(painter: QPainter, layout: Layout, theme: Theme) -> None:
    """The empty checkerboard with a thin frame."""
    board = layout.board
    s = layout.square
    ox, oy = layout.origin.x(), layout.origin.y()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.fillRect(layout.board_rect, theme.light)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(theme.dark)
    for row in range(board.rows):
        y0 = oy + row * s
        for col in range(1 - row % 2, board.cols, 2):
            painter.drawRect(QRectF(ox + col * s, y0, s, s))
    painter.restore()
    pen = QPen(theme.frame, max(1.0, s * 0.03))
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(layout.board_rect)


def _paint_visited(painter: QPainter, layout: Layout, view: BoardView, theme: Theme) -> None:
    """Tint visited squares so the filled part of the board reads at a glance."""
    if not view.path:
        return
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    cols = view.board.cols
    light = QColor(theme.visited_light)
    dark = QColor(theme.visited_dark)
    for sq in view.path:
        row, col = divmod(sq, cols)
        painter.setBrush(dark if (row + col) & 1 else light)
        painter.drawRect(layout.square_rect(sq))
    painter.restore()


def _paint_flashes(painter: QPainter, layout: Layout, view: BoardView, theme: Theme) -> None:
    """Backtracked squares glow red, fading out."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    for sq, strength in view.flashes:
        colour = QColor(theme.backtrack)
        colour.setAlphaF(max(0.0, min(1.0, strength)) * 0.75)
        painter.setBrush(colour)
        painter.drawRect(layout.square_rect(sq))
    painter.restore()


def _paint_path(painter: QPainter, layout: Layout, view: BoardView, theme: Theme) -> None:
    path = view.path
    if len(path) < 2:
        return
    s = layout.square
    pen = QPen(theme.line, max(1.0, s * 0.045))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.save()
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    line = QPainterPath(layout.centre(path[0]))
    for sq in path[1:]:
        line.lineTo(layout.centre(sq))
    painter.drawPath(line)
    board = view.board
    if view.closed and len(path) == board.size and board.is_knight_move(path[-1], path[0]):
        pen.setColor(theme.closing_line)
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(layout.centre(path[-1]), layout.centre(path[0]))
    if 6 <= s < MIN_NUMBER_SQUARE:  # where numbers are hidden, dots mark the squares
        dot = max(1.5, s * 0.08)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.line)
        for sq in path:
            painter.drawEllipse(layout.centre(sq), dot, dot)
    painter.restore()


def _paint_numbers(painter: QPainter, layout: Layout, view: BoardView, theme: Theme) -> None:
    path = view.path
    if not path:
        return
    s = layout.square
    digits = len(str(view.board.size))
    font = number_font(s, digits)
    halo = s >= 28  # an outline keeps numbers legible where lines cross them
    painter.save()
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    last = len(path)
    outline = QPen(theme.number_halo, max(1.0, font.pixelSize() * 0.16))
    outline.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    for k, sq in enumerate(path, 1):
        if k == last and view.show_knight:
            continue  # the knight stands there; its number shows once it moves on
        r = layout.square_rect(sq)
        text = str(k)
        if halo:
            width = metrics.horizontalAdvance(text)
            base = QPointF(r.center().x() - width / 2,
                           r.center().y() + (metrics.ascent() - metrics.descent()) / 2)
            glyphs = QPainterPath()
            glyphs.addText(base, font, text)
            painter.strokePath(glyphs, outline)
            painter.fillPath(glyphs, theme.number)
        else:
            painter.setPen(theme.number)
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def _paint_marks(painter: QPainter, layout: Layout, view: BoardView, theme: Theme) -> None:
    s = layout.square
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if view.start is not None:
        pen = QPen(theme.start, max(1.5, s * 0.08))
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        inset = pen.widthF() / 2
        painter.drawRect(layout.square_rect(view.start).adjusted(inset, inset, -inset, -inset))
    if view.selected is not None:
        pen = QPen(theme.selected, max(1.5, s * 0.09))
        painter.setPen(pen)
        inset = pen.widthF() / 2
        painter.drawRect(layout.square_rect(view.selected).adjusted(inset, inset, -inset, -inset))
    if view.hover is not None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.hover)
        painter.drawRect(layout.square_rect(view.hover))
    if view.cursor is not None:
        pen = QPen(theme.cursor, max(1.5, s * 0.06), Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = s * 0.12
        painter.drawRect(layout.square_rect(view.cursor).adjusted(inset, inset, -inset, -inset))
    painter.restore()


def _paint_candidates(painter: QPainter, layout: Layout, view: BoardView, theme: Theme) -> None:
    """Outline the candidates of the current move; show each one's degree."""
    s = layout.square
    painter.save()
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(s * 0.24)))
    font.setBold(True)
    painter.setFont(font)
    for index, (sq, degree) in enumerate(view.candidates):
        r = layout.square_rect(sq)
        upcoming = index == view.next_candidate
        tried = index < view.next_candidate
        colour = QColor(theme.candidate_next if upcoming else theme.candidate)
        if tried:
            colour.setAlphaF(0.35)
        pen = QPen(colour, max(1.0, s * (0.1 if upcoming else 0.05)))
        if not upcoming:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = pen.widthF() / 2 + s * 0.04
        painter.drawRect(r.adjusted(inset, inset, -inset, -inset))
        if s >= MIN_NUMBER_SQUARE:
            badge = QRectF(r.right() - s * 0.36, r.top() + s * 0.04, s * 0.32, s * 0.3)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(badge, s * 0.06, s * 0.06)
            painter.setPen(QColor("white"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(degree))
    painter.restore()


def _paint_knight(painter: QPainter, layout: Layout, square: int) -> None:
    r = layout.square_rect(square)
    renderer = knight_renderer()
    inset = r.width() * 0.08
    target = r.adjusted(inset, inset, -inset, -inset)
    if renderer is not None:
        renderer.render(painter, target)
        return
    # Without the image (a broken install), a plain disc still shows where it is.
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#1b1b1b"))
    painter.drawEllipse(target)
    painter.restore()


def coordinate_labels(board: Board, coords: str) -> tuple[list[str], list[str]]:
    """Labels for the columns (left to right) and rows (top to bottom)."""
    if coords == COORDS_CHESS and board.has_names:
        return ([chr(ord("a") + c) for c in range(board.cols)],
                [str(board.rows - r) for r in range(board.rows)])
    return [str(c) for c in range(board.cols)], [str(r) for r in range(board.rows)]


def _paint_coords(painter: QPainter, layout: Layout, board: Board, coords: str, theme: Theme) -> None:
    s = layout.square
    margin = layout.margin
    if margin <= 0:
        return
    col_labels, row_labels = coordinate_labels(board, coords)
    size = min(margin * 0.6, s * 0.45)
    if size < 6:
        return
    longest = max(len(x) for x in col_labels + row_labels)
    step = 1
    while s * step < size * 0.7 * longest + 2:
        step += 1  # too many labels to fit: label every step-th line
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(size)))
    painter.save()
    painter.setFont(font)
    painter.setPen(theme.coords)
    rect = layout.board_rect
    for c in range(0, board.cols, step):
        x = rect.left() + c * s
        for top in (rect.top() - margin, rect.bottom()):
            painter.drawText(QRectF(x, top, s, margin), Qt.AlignmentFlag.AlignCenter, col_labels[c])
    for r in range(0, board.rows, step):
        y = rect.top() + r * s
        for left in (rect.left() - margin, rect.right()):
            painter.drawText(QRectF(left, y, margin, s), Qt.AlignmentFlag.AlignCenter, row_labels[r])
    painter.restore()
