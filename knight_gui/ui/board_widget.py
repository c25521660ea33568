"""BoardWidget: paints a BoardView and turns clicks and keys into signals.

The widget holds no tour logic.  It keeps the layout computed on resize and
a pixmap of the empty checkerboard at the screen's device pixel ratio, so a
paint is the cached squares plus the path.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..tour import Board
from .painting import COORDS_CHESS, LIGHT_THEME, BoardView, Layout, Theme, layout_board, paint_board, \
    paint_squares

#: How long a backtracked square glows red, in seconds.
FLASH_SECONDS = 0.45
MAX_FLASHES = 8


class BoardWidget(QWidget):
    """The chessboard: click a square to place the knight."""

    square_clicked = Signal(int)  #: a square was clicked or chosen with the keyboard
    hovered = Signal(object)  #: the square under the mouse, or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(160, 160)
        self.setAccessibleName(self.tr("Chessboard"))
        self.theme: Theme = LIGHT_THEME
        self.view = BoardView(Board(8), coords=COORDS_CHESS)
        self._layout: Layout | None = None
        self._background: QPixmap | None = None
        self._flashes: dict[int, float] = {}
        self._flash_timer = QTimer(self)
        self._flash_timer.setInterval(30)
        self._flash_timer.timeout.connect(self._fade)
        self.keyboard_cursor = False  #: show the cursor (after arrow keys)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(640, 640)

    # -- what to show ----------------------------------------------------------

    def set_view(self, view: BoardView) -> None:
        """Show ``view``; keeps hover, cursor and flashes that are the widget's own."""
        if view.board != self.view.board or view.coords != self.view.coords:
            self._flashes.clear()
            self._invalidate()
        view.hover = self.view.hover if view.board == self.view.board else None
        view.cursor = self.view.cursor if view.board == self.view.board and self.keyboard_cursor else None
        self.view = view
        self.update()

    def flash(self, squares: list[int]) -> None:
        """Let backtracked squares glow red for a moment."""
        now = time.monotonic()
        for sq in squares[-MAX_FLASHES:]:
            self._flashes[sq] = now
        while len(self._flashes) > MAX_FLASHES:
            self._flashes.pop(next(iter(self._flashes)))
        if not self._flash_timer.isActive():
            self._flash_timer.start()
        self.update()

    def clear_flashes(self) -> None:
        """Stop all glows at once (on reset)."""
        self._flashes.clear()
        self._flash_timer.stop()
        self.update()

    def _fade(self) -> None:
        now = time.monotonic()
        for sq, t in list(self._flashes.items()):
            if now - t > FLASH_SECONDS:
                del self._flashes[sq]
        if not self._flashes:
            self._flash_timer.stop()
        self.update()

    def _current_flashes(self) -> list[tuple[int, float]]:
        now = time.monotonic()
        path = set(self.view.path[-1:]) if self.view.path else set()
        return [(sq, 1.0 - (now - t) / FLASH_SECONDS) for sq, t in self._flashes.items()
                if now - t < FLASH_SECONDS and sq not in path]

    # -- geometry --------------------------------------------------------------

    def board_layout(self) -> Layout:
        """Where the squares are now (computed on resize, cached)."""
        if self._layout is None:
            self._layout = layout_board(QRectF(self.rect()), self.view.board, self.view.coords)
        return self._layout

    def square_rect(self, square: int) -> QRectF:
        """The rectangle of ``square`` in widget coordinates."""
        return self.board_layout().square_rect(square)

    def square_at(self, point: QPointF) -> int | None:
        """The square under a point in widget coordinates."""
        return self.board_layout().square_at(point)

    def _invalidate(self) -> None:
        self._layout = None
        self._background = None

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        self._invalidate()
        super().resizeEvent(event)

    def _background_pixmap(self, layout: Layout) -> QPixmap:
        if self._background is None:
            ratio = self.devicePixelRatioF()
            rect = layout.board_rect
            pixmap = QPixmap(max(1, round(rect.width() * ratio)), max(1, round(rect.height() * ratio)))
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(QColor(0, 0, 0, 0))
            with QPainter(pixmap) as painter:
                local = Layout(layout.board, QPointF(0, 0), layout.square, 0)
                paint_squares(painter, local, self.theme)
            self._background = pixmap
        return self._background

    # -- painting --------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        layout = self.board_layout()
        view = self.view
        view.flashes = self._current_flashes()
        with QPainter(self) as painter:
            painter.fillRect(self.rect(), self.palette().window())
            paint_board(painter, layout, view, self.theme, self._background_pixmap(layout))

    # -- input -----------------------------------------------------------------

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        square = self.square_at(event.position())
        if square != self.view.hover:
            self.view.hover = square
            self.hovered.emit(square)
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802 - Qt override
        if self.view.hover is not None:
            self.view.hover = None
            self.hovered.emit(None)
            self.update()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.MouseButton.LeftButton:
            square = self.square_at(event.position())
            if square is not None:
                self.square_clicked.emit(square)
                event.accept()
                return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        board = self.view.board
        moves = {Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0),
                 Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1)}
        key = event.key()
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        no_knight = not self.view.path
        # Shift+arrows always move the cursor; plain arrows too while it shows or no knight is on the
        # board (with a knight, plain Left/Right are step and step back).
        arrows = modifiers == Qt.KeyboardModifier.ShiftModifier or (
            modifiers == Qt.KeyboardModifier.NoModifier and (self.keyboard_cursor or no_knight))
        if key in moves and arrows and not self.keyboard_cursor:
            self.set_keyboard_cursor(True)  # the first press shows the cursor (on the knight, or a8)
            event.accept()
            return
        if key in moves and arrows:
            row, col = board.row_col(self.view.cursor if self.view.cursor is not None else 0)
            dr, dc = moves[Qt.Key(key)]
            row = min(board.rows - 1, max(0, row + dr))
            col = min(board.cols - 1, max(0, col + dc))
            self.view.cursor = board.square(row, col)
            self.update()
            event.accept()
            return
        enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) or (
            key == Qt.Key.Key_Space and no_knight and modifiers == Qt.KeyboardModifier.NoModifier)
        if enter and no_knight and not self.keyboard_cursor:
            self.set_keyboard_cursor(True)  # Enter or Space on an empty board: the knight goes to a8
        if enter and self.keyboard_cursor and self.view.cursor is not None:
            self.square_clicked.emit(self.view.cursor)
            event.accept()
            return
        super().keyPressEvent(event)

    def set_keyboard_cursor(self, on: bool) -> None:
        """Show or hide the keyboard cursor (arrow keys then move it, Enter places the knight)."""
        self.keyboard_cursor = on
        if on and self.view.cursor is None:
            self.view.cursor = self.view.path[-1] if self.view.path else 0
        if not on:
            self.view.cursor = None
        self.update()
