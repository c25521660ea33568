"""BoardWidget: paints a BoardView and turns clicks and keys into signals.

The widget holds no tour logic.  It keeps the layout computed on resize (and
on zoom and pan) and a pixmap of the base layer (squares, heatmap, path,
numbers, coordinates) at the screen's device pixel ratio, so a repaint that
only moves the hover, cursor or a backtrack glow is one blit plus the marks.
The cached layers are keyed by everything they show (the view's path, board,
heatmap and coordinates, the layout, size, pixel ratio, theme and window
colour), so no change can leave them stale.

Zoom: the mouse wheel zooms around the cursor, dragging pans (left button
once zoomed in, middle button always), ``fit`` (Ctrl+0) shows the whole
board again.  Clicks map to squares through the same layout as the paint.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPointF, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QFocusEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QMoveEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from ..tour import Board
from ..tour.state import common_prefix
from .actions import set_action_texts
from .painting import (
    COORDS_CHESS,
    COORDS_NONE,
    KNIGHT_RING_RADIUS,
    LAYER_MARKS,
    LAYER_PATH,
    LAYER_SQUARES,
    LAYER_TEXT,
    LIGHT_THEME,
    MAX_OUTLINED_NUMBERS,
    BoardView,
    HeatMap,
    Layout,
    PaintCache,
    Theme,
    extend_path,
    layout_board,
    paint_board,
    text_scale,
)

#: The most squares the path layer stops short of the knight (``BoardWidget._follow_path``).
MAX_PATH_SLACK = 1024
#: A path that changed in at most this many squares since the base layer was painted has only
#: the box around them painted again (one push: a fraction of a millisecond on 100x100).
MAX_DIRTY_SQUARES = 64

#: How long a backtracked square glows red, in seconds.
FLASH_SECONDS = 0.45
MAX_FLASHES = 8
#: While new views come at least this often (seconds), they repaint the glows and the fade timer
#: does not: at maximum speed a repaint of its own between two frames with views cost as much as
#: the board's part of such a frame (the window is composed and flushed again).
FADE_COVERED = 0.06
#: Zooming in stops when a square is this many logical pixels wide (or at 1x, whatever is more).
MAX_SQUARE_PX = 160.0
#: Zoom factor of one wheel notch (120 eighths of a degree) and of Zoom in / Zoom out.
ZOOM_STEP = 1.25
#: The width of the ring round the board while the focus came to it by the keyboard (pixels).
FOCUS_RING = 3.0
#: The focus went to another window or to the menus and came back (Alt+Tab; Alt+V, then Esc): a ring
#: is as it was.
FOCUS_KEPT = (Qt.FocusReason.ActiveWindowFocusReason, Qt.FocusReason.PopupFocusReason,
              Qt.FocusReason.MenuBarFocusReason)


def paint_focus_ring(painter: QPainter, widget: QWidget) -> None:
    """The ring that says the keys came to ``widget`` by Tab: FOCUS_RING pixels of its highlight colour
    inside its edges (the board's own, and ``focus_ring.FocusRing``'s over a table or slider)."""
    half = FOCUS_RING / 2
    painter.setPen(QPen(widget.palette().color(QPalette.ColorRole.Highlight), FOCUS_RING))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(QRectF(widget.rect()).adjusted(half, half, -half, -half))


def _marks(view: BoardView) -> tuple[object, ...]:
    """What of a view's marks does not follow the knight (``BoardWidget.changed_region``)."""
    return (view.start, view.hover, view.cursor, view.selected, view.refused, view.show_candidates,
            view.show_degrees, view.mark_last, view.arrows)


def _path_box(board: Board, before: tuple[int, ...], after: tuple[int, ...], layout: Layout,
              ratio: float | None, common: int) -> QRect | None:
    """The box of the board that changes when its path goes from ``before`` to ``after`` (which
    share their first ``common`` squares), if only a few changed; an empty box if none did; None:
    all of it may change.

    With a device pixel ``ratio``, a box to paint on its own: None also where it could not be
    painted exactly as the whole board is there (fractional device pixels, the board's frame).
    """
    if max(len(before), len(after)) >= board.size:
        return None  # (a whole tour: the closing line, no heatmap labels, the ends marked)
    if len(before) > MAX_OUTLINED_NUMBERS - 2 or len(after) > MAX_OUTLINED_NUMBERS - 2:
        if layout.square >= 14:  # numbers in view may switch between outlined and plain
            return None
    changed = before[max(0, common - 1):] + after[max(0, common - 1):]
    if len(changed) > MAX_DIRTY_SQUARES or not changed:
        return None if changed else QRect()
    box = QRectF()
    for square in changed:
        box = box.united(layout.square_rect(square))
    if ratio is not None and (ratio != 1.0 or not layout.board_rect.contains(box.adjusted(-3, -3, 3, 3))):
        return None  # (whole device pixels below, so the box is painted exactly as the board is there;
        # the frame and the margins' labels are not in it)
    return QRect(math.floor(box.left()) - 2, math.floor(box.top()) - 2, math.ceil(box.width()) + 5,
                 math.ceil(box.height()) + 5)


class BoardWidget(QWidget):
    """The chessboard: click a square to place the knight."""

    square_clicked = Signal(int)  #: a square was clicked or chosen with the keyboard
    hovered = Signal(object)  #: the square under the mouse, or None
    zoom_changed = Signal(float)  #: the zoom factor, 1.0 = the whole board fits

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(160, 160)
        # Every pixel is painted (the base layer is filled with the window's colour first): Qt need
        # not paint what lies behind the widget before each repaint.
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.theme: Theme = LIGHT_THEME
        self.view = BoardView(Board(8), coords=COORDS_CHESS)
        self._paint_cache = PaintCache()  # laid-out numbers, the knight, centres: kept between paints
        self._layout: Layout | None = None
        self._fit: Layout | None = None
        self._base: QPixmap | None = None  # squares, path and text: everything under the marks
        self._base_key: tuple | None = None
        self._path_layer: QPixmap | None = None  # the path alone: a new heatmap keeps it
        self._path_key: tuple | None = None
        self._path_drawn: tuple[int, ...] = ()  # the path the path layer shows (pushes extend it)
        self._path_slack = 0  # squares the path layer stops short of the knight: see _follow_path
        self._zoom = 1.0
        self._centre: QPointF | None = None  # the board point (in squares) at the widget's centre
        self._press: QPointF | None = None  # where a button went down, while it is held
        self._press_button = Qt.MouseButton.NoButton
        self._panning = False
        #: The mouse, while it is over the widget, on the screen: where it is on the board after the
        #: board moved or changed size under it (a tool bar or dock above came or went)
        self._pointer: QPointF | None = None
        self.heat: HeatMap | None = None  #: a heatmap shown under the path (analysis)
        self.selection: int | None = None  #: a square picked in a panel, outlined
        self._view_heat: HeatMap | None = None  # what the view came with, shown when the widget has none
        self._view_selected: int | None = None
        self._flashes: dict[int, float] = {}
        self._flash_timer = QTimer(self)
        self._flash_timer.setInterval(30)
        self._flash_timer.timeout.connect(self._fade)
        self._faded: set[int] = set()  # squares whose glow changed since they were last repainted
        self._view_at = -math.inf  # (time.monotonic) when the last view came
        self.keyboard_cursor = False  #: show the cursor (after arrow keys)
        #: the focus came by Tab or Shift+Tab: a ring round the widget shows where the keys go
        self.focus_ring = False
        self._create_zoom_actions()

    def _create_zoom_actions(self) -> None:
        """View ▸ Zoom in, Zoom out, Fit board: the window adds them to its menu and shortcuts."""
        self.zoom_in_action = self._action(["Ctrl++", "Ctrl+="], lambda: self.zoom_by(1.25))
        self.zoom_out_action = self._action(["Ctrl+-"], lambda: self.zoom_by(1 / 1.25))
        self.fit_action = self._action(["Ctrl+0"], self.fit)
        self.zoom_changed.connect(self._refresh_zoom_actions)
        self._refresh_zoom_actions(self._zoom)
        self._retranslate_ui()

    def _action(self, shortcuts: list[str], slot: Callable[[], object]) -> QAction:
        action = QAction(self)
        action.setShortcuts([QKeySequence(s) for s in shortcuts])
        action.triggered.connect(slot)
        return action

    def _retranslate_ui(self) -> None:
        """The board's name and the zoom actions' texts in the installed language (also after a switch)."""
        tr = self.tr
        self.setAccessibleName(tr("Chessboard"))
        set_action_texts(self.zoom_in_action, tr("Zoom &in"),
                         tr("Enlarge the board (the mouse wheel zooms too)"))
        set_action_texts(self.zoom_out_action, tr("Zoom &out"), tr("Shrink the board"))
        set_action_texts(self.fit_action, tr("&Fit board"),
                         tr("Show the whole board (after zooming with the wheel or dragging)"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate_ui()
        elif event.type() == QEvent.Type.FontChange:  # a new text size: the coordinates' margin
            self._invalidate()
            self.update()
        super().changeEvent(event)

    def _refresh_zoom_actions(self, zoom: float) -> None:
        self.fit_action.setEnabled(zoom > 1.0)
        self.zoom_out_action.setEnabled(zoom > 1.0)
        self.zoom_in_action.setEnabled(zoom < self.max_zoom())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(640, 640)

    # -- what to show ----------------------------------------------------------

    def set_view(self, view: BoardView) -> None:
        """Show ``view``; keeps hover, cursor and flashes that are the widget's own."""
        if view.board != self.view.board:
            if self._zoom != 1.0:
                self._zoom = 1.0
                self.zoom_changed.emit(1.0)
            self._centre = None
            if self.heat is not None and not self.heat.fits(view.board):
                self.heat = None
            self.selection = None
        if view.board != self.view.board or view.coords != self.view.coords:
            self._flashes.clear()
            self._invalidate()
        view.hover = self.view.hover if view.board == self.view.board else None
        view.cursor = self.view.cursor if view.board == self.view.board and self.keyboard_cursor else None
        self._view_heat, self._view_selected = view.heat, view.selected  # the view's own, under the widget's
        board_changed = view.board != self.view.board
        old, self.view = self.view, view
        if board_changed:
            self.rehover()
        region = self.changed_region(old, view)
        if region is not None and (self._flashes or self._faded):  # the glows as they are now
            for square in itertools.chain(self._flashes, self._faded):
                region = region.united(self.square_rect(square).toAlignedRect().adjusted(-1, -1, 1, 1))
        self._faded.clear()
        self._view_at = time.monotonic()
        if region is None:
            self.update()
        elif not region.isEmpty():
            self.update(region)

    def changed_region(self, old: BoardView, new: BoardView) -> QRect | None:
        """The part of the widget a change of view from ``old`` to ``new`` repaints, where the path
        only moved on by a few squares: the box around them, the knight's old and new
        neighbourhoods (its ring, its candidates) and the candidates shown.  None: all of it.

        At maximum speed on a big board this is most of a frame's paint: the rest of the window
        is not blitted again (issue 11: one more push ≤ 1 ms).
        """
        if self._base is None or old.board != new.board or _marks(old) != _marks(new) \
                or old.base_key()[2:] != new.base_key()[2:]:
            return None
        before, after = old.path_tuple(), new.path_tuple()
        common = common_prefix(before, after)
        if common < len(before):
            return None  # (a path taken back is drawn again whole: its lines may blend a little differently)
        layout = self.board_layout()
        box = _path_box(old.board, before, after, layout, None, common)
        if box is None:
            return None
        area = QRectF(box)
        knight_pad = max(2 * layout.square, KNIGHT_RING_RADIUS + 4.0) + 2.0  # ring, candidates around it
        for view in (old, new):
            if view.show_knight and view.path:
                area = area.united(self.square_rect(view.path[-1]).adjusted(-knight_pad, -knight_pad,
                                                                             knight_pad, knight_pad))
            for square, _ in view.candidates:
                area = area.united(self.square_rect(square).adjusted(-3, -3, 3, 3))
        return area.toAlignedRect().adjusted(-1, -1, 1, 1).intersected(self.rect())

    def flash(self, squares: list[int]) -> None:
        """Let backtracked squares glow red for a moment."""
        now = time.monotonic()
        changed = list(squares[-MAX_FLASHES:])
        for sq in changed:
            self._flashes[sq] = now
        while len(self._flashes) > MAX_FLASHES:
            changed.append(next(iter(self._flashes)))
            self._flashes.pop(changed[-1])
        if not self._flash_timer.isActive():
            self._flash_timer.start()
        self._update_squares(changed)

    def _update_squares(self, squares: list[int]) -> None:
        """Repaint only ``squares`` (a glow is a wash over its square): at maximum speed on a
        backtracking search glows come and fade every frame."""
        region = QRect()
        for sq in squares:
            region = region.united(self.square_rect(sq).toAlignedRect().adjusted(-1, -1, 1, 1))
        if not region.isEmpty():
            self.update(region)

    def set_theme(self, theme: Theme) -> None:
        """Paint with ``theme`` from now on (repaints when it changes)."""
        if theme is not self.theme:
            self.theme = theme
            self._invalidate()
            self.update()

    def set_heat(self, heat: HeatMap | None) -> None:
        """Show a heatmap under the path (None hides it)."""
        self.heat = heat if heat is None or heat.fits(self.view.board) else None
        self.update()

    def set_selection(self, square: int | None) -> None:
        """Outline a square picked elsewhere (a table row), or none."""
        self.selection = square
        if square is not None:
            self.ensure_visible(square)
        self.update()

    def clear_flashes(self) -> None:
        """Stop all glows at once (on reset)."""
        self._flashes.clear()
        self._faded.clear()
        self._flash_timer.stop()
        self.update()

    def _fade(self) -> None:
        """A step of the glows' fading: their squares repainted, unless views come often enough to
        do it (FADE_COVERED): then the next view repaints them with the rest."""
        now = time.monotonic()
        self._faded.update(self._flashes)
        for sq, t in list(self._flashes.items()):
            if now - t > FLASH_SECONDS:
                del self._flashes[sq]
        if now - self._view_at < FADE_COVERED:
            if not self._flashes and not self._faded:
                self._flash_timer.stop()
            return
        if not self._flashes:
            self._flash_timer.stop()
        self._update_squares(list(self._faded))  # (their squares only: Qt joins it to any other repaint)
        self._faded.clear()

    def _current_flashes(self) -> list[tuple[int, float]]:
        now = time.monotonic()
        path = set(self.view.path[-1:]) if self.view.path else set()
        return [(sq, 1.0 - (now - t) / FLASH_SECONDS) for sq, t in self._flashes.items()
                if now - t < FLASH_SECONDS and sq not in path]

    # -- geometry --------------------------------------------------------------

    def board_layout(self) -> Layout:
        """Where the squares are now (computed on resize, zoom and pan, cached)."""
        if self._layout is None:
            fit = self._fit_layout()
            if self._zoom == 1.0:
                self._layout = fit
            else:
                s = fit.square * self._zoom
                centre = self._clamped_centre(self._centre or self._board_centre(), s, fit.margin)
                self._centre = centre
                middle = QRectF(self.rect()).center()
                origin = QPointF(middle.x() - centre.x() * s, middle.y() - centre.y() * s)
                self._layout = Layout(fit.board, origin, s, fit.margin)
        return self._layout

    def _fit_layout(self) -> Layout:
        if self._fit is None:
            self._fit = self._fit_in(QRectF(self.rect()))
        return self._fit

    def _fit_in(self, rect: QRectF) -> Layout:
        """The board fitted whole into ``rect`` (zoom 1); the coordinates grow with the window's text
        (View ▸ Text Size, presentation mode)."""
        view = self.view
        return layout_board(rect, view.board, view.coords, text_scale=max(1.0, text_scale(self.font())))

    def board_size(self, width: int, height: int) -> tuple[int, int]:
        """The width of the squares, and the height of the squares with their coordinates, in a widget
        ``width`` wide and at most ``height`` high, at zoom 1 (``BoardArea`` puts a key under them)."""
        board, fit = self.view.board, self._fit_in(QRectF(0, 0, width, height))
        return int(fit.square * board.cols), min(height, math.ceil(fit.square * board.rows + 2 * fit.margin))

    def _board_centre(self) -> QPointF:
        board = self.view.board
        return QPointF(board.cols / 2, board.rows / 2)

    def _clamped_centre(self, centre: QPointF, square: float, margin: float) -> QPointF:
        """Keep the board (and its coordinates) covering the view where it is big enough."""
        board = self.view.board
        rect = QRectF(self.rect())

        def clamp(value: float, extent: int, view: float) -> float:
            half = view / 2 / square
            lo, hi = half - margin / square, extent - half + margin / square
            return extent / 2 if lo > hi else min(max(value, lo), hi)

        return QPointF(clamp(centre.x(), board.cols, rect.width()),
                       clamp(centre.y(), board.rows, rect.height()))

    def square_rect(self, square: int) -> QRectF:
        """The rectangle of ``square`` in widget coordinates."""
        return self.board_layout().square_rect(square)

    def square_at(self, point: QPointF) -> int | None:
        """The square under a point in widget coordinates."""
        if not QRectF(self.rect()).contains(point):
            return None
        return self.board_layout().square_at(point)

    def _invalidate(self) -> None:
        self._layout = None
        self._fit = None
        self._base = None
        self._path_layer = None

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        self._invalidate()
        super().resizeEvent(event)
        self.rehover()

    def moveEvent(self, event: QMoveEvent) -> None:  # noqa: N802 - Qt override
        super().moveEvent(event)
        self.rehover()

    # -- zoom and pan ------------------------------------------------------------

    @property
    def zoom(self) -> float:
        """The zoom factor: 1.0 when the whole board fits."""
        return self._zoom

    def max_zoom(self) -> float:
        """The largest zoom: squares of MAX_SQUARE_PX (at least 1.0)."""
        return max(1.0, MAX_SQUARE_PX / max(1e-6, self._fit_layout().square))

    def set_zoom(self, zoom: float, anchor: QPointF | None = None) -> None:
        """Zoom to ``zoom`` (clamped to 1 .. max_zoom) keeping the board point under ``anchor`` still."""
        zoom = min(max(1.0, zoom), self.max_zoom())
        if abs(zoom - self._zoom) < 1e-9:
            return
        old = self.board_layout()
        middle = QRectF(self.rect()).center()
        anchor = middle if anchor is None else anchor
        # The board point under the anchor, in squares, stays under it.
        bx = (anchor.x() - old.origin.x()) / old.square
        by = (anchor.y() - old.origin.y()) / old.square
        s = self._fit_layout().square * zoom
        self._zoom = zoom
        if zoom == 1.0:
            self._centre = None
        else:
            self._centre = QPointF(bx + (middle.x() - anchor.x()) / s, by + (middle.y() - anchor.y()) / s)
        self._layout = None
        self._base = None
        self._path_layer = None
        self.zoom_changed.emit(self._zoom)
        self.rehover()
        self.update()

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Multiply the zoom by ``factor`` around ``anchor`` (default: the middle of the view)."""
        self.set_zoom(self._zoom * factor, anchor)

    def fit(self) -> None:
        """Show the whole board again."""
        self.set_zoom(1.0)

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the board by (dx, dy) logical pixels (no effect when it fits)."""
        if self._zoom == 1.0:
            return
        layout = self.board_layout()
        centre = self._centre or self._board_centre()
        self._centre = QPointF(centre.x() - dx / layout.square, centre.y() - dy / layout.square)
        self._layout = None
        self._base = None
        self._path_layer = None
        self.rehover()
        self.update()

    def ensure_visible(self, square: int) -> None:
        """Pan so that ``square`` is in view (zoomed in only)."""
        if self._zoom == 1.0:
            return
        rect = self.square_rect(square)
        view = QRectF(self.rect()).adjusted(self._fit_layout().margin, self._fit_layout().margin,
                                            -self._fit_layout().margin, -self._fit_layout().margin)
        if view.contains(rect):
            return
        dx = dy = 0.0
        if rect.left() < view.left():
            dx = view.left() - rect.left()
        elif rect.right() > view.right():
            dx = view.right() - rect.right()
        if rect.top() < view.top():
            dy = view.top() - rect.top()
        elif rect.bottom() > view.bottom():
            dy = view.bottom() - rect.bottom()
        self.pan_by(dx, dy)

    # -- painting --------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        layout = self.board_layout()
        view = self.view
        view.flashes = self._current_flashes()
        # Set every time: a heatmap hidden or a selection cleared must not linger in the view.
        view.heat = self.heat if self.heat is not None else self._view_heat
        view.selected = self._view_selected if self._view_selected is not None else self.selection
        ratio = self.devicePixelRatioF()
        fill = self.palette().window().color()
        # Everything the cached layers show depends on, so no change can leave them stale.
        geometry = (self.width(), self.height(), ratio, layout.origin.x(), layout.origin.y(), layout.square,
                    layout.margin, self.theme)
        key = (view.base_key(), geometry, fill.rgba())
        if self._base is None or self._base_key != key:
            path = view.path_tuple()
            path_key = (view.board, view.closed, view.show_knight, geometry)
            before = self._base_key[0][1] if self._base_key is not None else ()  # the path painted last
            layer = self._path_drawn
            common = self._follow_path(view, path, layout, ratio, path_key)
            if layer is not before:  # (the layer stops short of the knight: compare the paths again)
                common = common_prefix(before, path)
            # Painted again in place: a new pixmap each frame (memory to clear) costs about what
            # its drawing does; where only a few squares of the path changed, only their box.
            dirty = self._dirty_rect(key, layout, ratio, common)
            pixmap = self._reused(self._base, ratio)
            if dirty is None:
                pixmap.fill(fill)
                with QPainter(pixmap) as painter:
                    self._paint_base(painter, layout, view)
            elif not dirty.isEmpty():  # the box painted on its own, then put in place
                part = QPixmap(dirty.size() * ratio)
                part.setDevicePixelRatio(ratio)
                part.fill(fill)
                with QPainter(part) as painter:
                    painter.translate(-QPointF(dirty.topLeft()))
                    # (the coordinates lie in the margins, outside the box; painted in a part they
                    # would take it for a zoomed-in view and keep their labels in it)
                    boxed = dataclasses.replace(view, coords=COORDS_NONE, path=path)  # (path: its tuple)
                    self._paint_base(painter, layout, boxed)
                with QPainter(pixmap) as painter:
                    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
                    painter.drawPixmap(dirty.topLeft(), part)
            self._base = pixmap
            self._base_key = key
        with QPainter(self) as painter:
            painter.drawPixmap(0, 0, self._base)
            paint_board(painter, layout, view, self.theme, layers=LAYER_MARKS, cache=self._paint_cache)
            if self.focus_ring and self.hasFocus():
                paint_focus_ring(painter, self)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        # Reached by the keyboard, the board shows it, as Qt's own widgets show their focus frame; a
        # click needs no ring (the user looks where they clicked), nor does the focus given back
        # to the board when a panel goes out of sight.
        # Back in the window from another (Alt+Tab), the ring is as it was.
        reason = event.reason()
        if reason not in FOCUS_KEPT:
            self.focus_ring = reason in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        if event.reason() not in FOCUS_KEPT:  # (another window, the menus: kept for the return)
            self.focus_ring = False
        self.update()
        super().focusOutEvent(event)

    def _follow_path(self, view: BoardView, path: tuple[int, ...], layout: Layout, ratio: float,
                     path_key: tuple) -> int:
        """Bring the path layer to ``path``: extended by the new segments after pushes, drawn
        again only when the path went back below what it shows.

        A search that backtracks takes back squares every frame, and drawing a long path again
        costs milliseconds (100×100: about 5 ms).  So the layer learns how far back the search
        goes and stops that many squares short of the knight (``_path_slack``, doubled whenever
        a pop reaches below it; a path taken back farther than MAX_PATH_SLACK is a new search or
        a jump back in time, not the search's reach); the last squares are drawn over it with
        each base (``_paint_base``).
        A search that only pushes keeps the whole path in the layer.  A whole or finished path
        (its ends marked, its closing line) is all in the layer.  Returns how many squares the
        path shares with what the layer showed.
        """
        layer = self._path_drawn
        common = common_prefix(layer, path)
        trails = view.show_knight and len(path) < view.board.size
        if self._path_layer is not None and self._path_key == path_key and common == len(layer):
            end = max(len(layer), len(path) - self._path_slack) if trails else len(path)
            if end > len(layer):  # pushes since: only the new segments
                shown = view if end == len(path) else dataclasses.replace(view, path=path[:end])
                with QPainter(self._path_layer) as painter:
                    extend_path(painter, layout, shown, self.theme, len(layer), self._paint_cache)
        else:
            reach = len(layer) - common  # (farther than MAX_PATH_SLACK: a new search or a jump back in time)
            if self._path_layer is not None and self._path_key == path_key and trails \
                    and reach <= MAX_PATH_SLACK:  # a pop below it
                self._path_slack = min(MAX_PATH_SLACK, max(2 * self._path_slack, 2 * reach + 16))
            end = max(0, len(path) - self._path_slack) if trails else len(path)
            shown = view if end == len(path) else dataclasses.replace(view, path=path[:end])
            self._path_layer = self._layer(ratio, QColor(0, 0, 0, 0), layout, LAYER_PATH, self._path_layer,
                                           shown)
            self._path_key = path_key
        self._path_drawn = path[:end]  # (the path itself when it is all in the layer)
        return common

    def _paint_base(self, painter: QPainter, layout: Layout, view: BoardView) -> None:
        """The squares, the path layer and the text: what the marks are painted over."""
        assert self._path_layer is not None
        paint_board(painter, layout, view, self.theme, layers=LAYER_SQUARES, cache=self._paint_cache)
        painter.drawPixmap(0, 0, self._path_layer)
        if len(self._path_drawn) < len(view.path):  # the squares the layer stops short of
            extend_path(painter, layout, view, self.theme, len(self._path_drawn), self._paint_cache)
        paint_board(painter, layout, view, self.theme, layers=LAYER_TEXT, cache=self._paint_cache)

    def _dirty_rect(self, key: tuple, layout: Layout, ratio: float, common: int) -> QRect | None:
        """The box of the base layer that changes from the one painted to ``key``, if only a few
        squares of the path changed and nothing else did; None: paint it all.  ``common``: how many
        squares the two paths share from their start."""
        old = self._base_key
        if self._base is None or old is None or old[1:] != key[1:]:
            return None
        (board, before, *rest), (_, after, *rest_now) = old[0], key[0]
        if rest != rest_now or board != key[0][0]:
            return None
        box = _path_box(board, before, after, layout, ratio, common)
        return None if box is None else box.intersected(self.rect())

    def _reused(self, pixmap: QPixmap | None, ratio: float) -> QPixmap:
        """``pixmap`` if it has the widget's size in device pixels, else a new one."""
        size = QSize(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)))
        if pixmap is None or pixmap.size() != size or pixmap.devicePixelRatio() != ratio:
            pixmap = QPixmap(size)
            pixmap.setDevicePixelRatio(ratio)
        return pixmap

    def _layer(self, ratio: float, fill: QColor, layout: Layout, layers: int,
               reuse: QPixmap | None = None, view: BoardView | None = None) -> QPixmap:
        """A pixmap of the widget's size (``reuse`` if it fits): ``layers`` of ``view`` (default: the
        view shown) on ``fill``."""
        pixmap = self._reused(reuse, ratio)
        pixmap.fill(fill)
        with QPainter(pixmap) as painter:
            paint_board(painter, layout, self.view if view is None else view, self.theme, layers=layers,
                        cache=self._paint_cache)
        return pixmap

    # -- input -----------------------------------------------------------------

    def rehover(self) -> None:
        """The squares moved under a still mouse (zoom, pan, resize, the board or its window moved, a
        new board): hover the one now there.

        (No mouse move comes: Qt sends none while the pointer stays put.  Nor does the board hear of
        its window moving: ``MainWindow.moveEvent`` calls this.)
        """
        if self._pointer is None:
            return
        square = self.square_at(self.mapFromGlobal(self._pointer))
        if square != self.view.hover:
            self.view.hover = square
            self.hovered.emit(square)
            self.update()

    def leaveEvent(self, event) -> None:  # noqa: N802 - Qt override
        self._pointer = None
        if self.view.hover is not None:
            self.view.hover = None
            self.hovered.emit(None)
            self.update()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self._pointer = event.globalPosition()
        if self.focus_ring:  # the mouse now: the ring has said where the keys go
            self.focus_ring = False
            self.update()
        button = event.button()
        if button == Qt.MouseButton.LeftButton and self._zoom == 1.0:
            square = self.square_at(event.position())  # nothing to pan: a press is a click
            if square is not None:
                self.square_clicked.emit(square)
                event.accept()
                return
        left = button == Qt.MouseButton.LeftButton
        if button == Qt.MouseButton.MiddleButton or (left and self._zoom > 1.0):
            self._press = event.position()
            self._press_button = button
            self._panning = False
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self._pointer = event.globalPosition()
        if self._press is not None:
            delta = event.position() - self._press
            if not self._panning and delta.manhattanLength() >= QApplication.startDragDistance():
                self._panning = True
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
            if self._panning:
                self._press = event.position()
                self.pan_by(delta.x(), delta.y())
                event.accept()
                return
        square = self.square_at(event.position())
        if square != self.view.hover:
            self.view.hover = square
            self.hovered.emit(square)
            self.update()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._press is not None and event.button() == self._press_button:
            was_panning = self._panning
            self._press = None
            self._panning = False
            self.unsetCursor()
            if not was_panning and event.button() == Qt.MouseButton.LeftButton:
                square = self.square_at(event.position())
                if square is not None:
                    self.square_clicked.emit(square)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt override
        steps = event.angleDelta().y() / 120
        if not steps:
            steps = event.pixelDelta().y() / 60
        if steps:
            self.zoom_by(ZOOM_STEP ** steps, event.position())
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        board = self.view.board
        moves = {Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0),
                 Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1)}
        key = event.key()
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        no_path = not self.view.path
        # No knight placed: nor an impossible start, whose square is framed and has no path (Space there
        # placed a knight on a8 and started a search the user never chose; a lesson's went).
        no_knight = no_path and self.view.start is None
        # Shift+arrows always move the cursor; plain arrows too while it shows or no knight is on the
        # board (with a knight, plain Left/Right are step and step back).
        arrows = modifiers == Qt.KeyboardModifier.ShiftModifier or (
            modifiers == Qt.KeyboardModifier.NoModifier and (self.keyboard_cursor or no_path))
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
            self.ensure_visible(self.view.cursor)
            self.update()
            event.accept()
            return
        enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) or (
            key == Qt.Key.Key_Space and no_knight and modifiers == Qt.KeyboardModifier.NoModifier)
        if enter and no_knight and (not self.keyboard_cursor or self.view.cursor is None):
            # Enter or Space on an empty board: the knight goes to a8 (also when a new board
            # dropped the cursor while it was on)
            self.set_keyboard_cursor(True)
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


class BoardArea(QWidget):
    """The window's centre: the board, and right under it a ``key`` while one shows (the heatmap's:
    ``analysis.heatmap.BoardKey``), the two centred together.  Without a key the board has it all."""

    #: Room between the board's coordinates and the key, in pixels.
    GAP = 4

    def __init__(self, board: BoardWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = board
        board.setParent(self)
        self.key: QWidget | None = None
        self.setSizePolicy(board.sizePolicy())  # (the window is laid out round the board, as before)

    def set_key(self, key: QWidget) -> None:
        """Put ``key`` under the board whenever it is shown (it says when: Show and Hide events)."""
        self.key = key
        key.setParent(self)
        key.installEventFilter(self)
        self.place()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.key and event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            self.updateGeometry()  # (its least size is the board's and the key's)
            self.place()
        return False

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # (the key's size changed: ``updateGeometry``)
            self.updateGeometry()  # (the window's least size may change with it)
            self.place()
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.place()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self.board.sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The board's least size (its ``minimumSize``: a window never squeezes it below that)."""
        board, key = self.board, self.key
        least = board.minimumSize().expandedTo(board.minimumSizeHint())
        if key is not None and not key.isHidden():  # (and the key under it, as high as it is at that width)
            # (at the narrowest ``place`` may give it)
            width = max(1, min(key.sizeHint().width(), least.width(), key.minimumSizeHint().width()))
            high = key.heightForWidth(width) if key.hasHeightForWidth() else key.minimumSizeHint().height()
            least.setHeight(least.height() + high + self.GAP)
        return least

    def place(self) -> None:
        """The board over the key, both as wide as the area allows, the pair in the middle."""
        width, height = self.width(), self.height()
        key = self.key
        if key is None or key.isHidden():
            self.board.setGeometry(0, 0, width, height)
            return
        board = self.board
        hint = key.sizeHint()
        squares, _ = board.board_size(width, max(1, height - hint.height() - self.GAP))
        # (no wider than the squares, but as wide as it must be to be read)
        key_width = max(1, min(width, hint.width(), max(squares, key.minimumSizeHint().width())))
        key_height = key.heightForWidth(key_width) if key.hasHeightForWidth() else hint.height()
        room = max(1, height - key_height - self.GAP)
        _, board_height = board.board_size(width, room)
        board_height = max(board_height, board.minimumHeight())  # (a wide board's rows are few)
        top = max(0, (room - board_height) // 2)
        board.setGeometry(0, top, width, board_height)
        key.setGeometry((width - key_width) // 2, top + board_height + self.GAP, key_width, key_height)
