"""Painting the board: one function for the widget and for exported images.

``paint_board`` draws a ``BoardView`` (what to show) into a rectangle with a
``Theme`` (how it looks).  It never computes tours and keeps no state, so the
window, PNG and SVG export and tests all see exactly the same picture.

Big boards (100x100 and more) stay fast: on raster devices the squares, the
visited tint and a heatmap are each one tiny image of one pixel per square,
scaled up without smoothing; the path is drawn in square units under a
transform from centres cached per board, zoomed in only the runs of segments
that reach the view (what is drawn in view is the same as on the whole
board); numbers, labels and marks are drawn only for the squares in view.
Vector devices (SVG) get real rectangles and the whole board.
Where numbers would be too small to read, the path is coloured by move
order instead, so a big tour still reads from start to end.

Importing this module changes nothing: what painting keeps between paints
(laid-out numbers, the knight image, square centres) lives in a ``PaintCache``
owned by whoever paints again and again, the board widget; an export paints
with a fresh one.  Figures behind these choices are in ``benchmarks/README.md``.
"""

from __future__ import annotations

import math
import re
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar, cast

from PySide6.QtCore import QByteArray, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QStaticText,
    QTransform,
)

from .. import resources
from ..tour import Board
from ..tour.state import common_prefix

if TYPE_CHECKING:  # QtSvg is loaded when the knight is first drawn, not at start-up
    from PySide6.QtSvg import QSvgRenderer

COORDS_CHESS = "chess"  # file letters and rank numbers, a..h / 8..1
COORDS_INDEX = "index"  # 0-based row and column indices, as the course programs print
COORDS_NONE = "none"

#: Below this many pixels per square the numbers are hidden: lines and colours stay.
MIN_NUMBER_SQUARE = 14.0
#: Numbers smaller than this many pixels are not drawn either (long numbers on big boards).
MIN_NUMBER_PX = 7

#: Layers of ``paint_board``, bottom to top.  The window caches the base (squares, path
#: and text) and the path on its own, and repaints only the marks on a hover.
LAYER_SQUARES = 1  #: squares, heatmap, visited tint, frame
LAYER_PATH = 2  #: the path and the closing line
LAYER_TEXT = 4  #: numbers, heatmap labels, coordinates
LAYER_MARKS = 8  #: backtrack glow, start, selection, hover, cursor, candidates, knight
LAYER_BASE = LAYER_SQUARES | LAYER_PATH | LAYER_TEXT
LAYERS_ALL = LAYER_BASE | LAYER_MARKS

#: How much darker dark squares are under a heatmap (raster: a black overlay of this alpha).
HEAT_CHECKER_ALPHA = 14
HEAT_CHECKER_DARKER = 106

#: Segments of one colour when a path is coloured by move order.
ORDER_BANDS = 48
#: Longest path whose squares get dots where numbers are hidden (more would only blur).
MAX_DOTS = 1024
#: Most numbers drawn with a halo (a stroked outline); more are drawn plain, to stay fast.
MAX_OUTLINED_NUMBERS = 160


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
    hover: QColor = field(default_factory=lambda: QColor("#37474f"))  #: an outline, not a wash
    cursor: QColor = field(default_factory=lambda: QColor("#1565c0"))
    candidate: QColor = field(default_factory=lambda: QColor("#ef6c00"))
    candidate_next: QColor = field(default_factory=lambda: QColor("#d84315"))
    #: Candidates tried and backtracked: grey, as the stack panel shows them (reads on light and dark).
    candidate_tried: QColor = field(default_factory=lambda: QColor("#8c8c8c"))
    backtrack: QColor = field(default_factory=lambda: QColor("#d32f2f"))
    selected: QColor = field(default_factory=lambda: QColor("#6a1b9a"))
    #: The frame of the last square of an exported path (the start's is ``start``).
    end: QColor = field(default_factory=lambda: QColor("#c62828"))
    #: Path colours from the first move to the last, where numbers are too small to show.
    order: tuple[QColor, ...] = field(default_factory=lambda: (
        QColor("#1a237e"), QColor("#6a1b9a"), QColor("#c2185b"), QColor("#ef6c00")))
    heat_label: QColor = field(default_factory=lambda: QColor("#5d4632"))  #: not the numbers' colour


LIGHT_THEME = Theme()


class HeatMap:
    """A colour per square (or none), drawn under the path: analysis results.

    ``levels`` holds one byte per square: 0 for no colour (the checkerboard
    shows), else an index into ``palette`` (QRgb values; index 0 is unused).
    ``labels`` optionally gives a short text per square, shown where squares
    are large enough.  The image of one pixel per square is made once.
    """

    __slots__ = ("rows", "cols", "levels", "palette", "labels", "longest_label", "_image", "_shade", "_over")

    def __init__(self, board: Board, levels: bytes | bytearray, palette: Sequence[int],
                 labels: Sequence[str] = ()) -> None:
        if len(levels) != board.size:
            raise ValueError(f"a heatmap of {board.dims} needs {board.size} levels, not {len(levels)}")
        if len(palette) > 256:
            raise ValueError("a heatmap palette has at most 256 colours")
        self.rows = board.rows
        self.cols = board.cols
        self.levels = bytes(levels)
        self.palette = [0, *list(palette)[1:]] if palette else [0]
        while len(self.palette) < 256:
            self.palette.append(0)
        self.labels = tuple(labels)
        self.longest_label = max((len(t) for t in self.labels), default=0)
        self._image: QImage | None = None
        self._shade: QImage | None = None
        self._over: tuple[tuple[int, int], QImage] | None = None

    def fits(self, board: Board) -> bool:
        """Whether the heatmap is of a board of this size."""
        return (self.rows, self.cols) == (board.rows, board.cols)

    def image(self) -> QImage:
        """One pixel per square, transparent where there is no colour."""
        if self._image is None:
            image = QImage(self.levels, self.cols, self.rows, self.cols, QImage.Format.Format_Indexed8)
            image.setColorTable(self.palette)
            self._image = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        return self._image

    def shade_image(self) -> QImage:
        """Dark squares that have a colour, in a faint translucent black: the checkerboard under the heat."""
        if self._shade is None:
            checker = checker_levels(self.rows, self.cols)
            levels = bytes(c if h else 0 for c, h in zip(checker, self.levels, strict=True))
            image = QImage(levels, self.cols, self.rows, self.cols, QImage.Format.Format_Indexed8)
            image.setColorTable([0, QColor(0, 0, 0, HEAT_CHECKER_ALPHA).rgba()])
            self._shade = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        return self._shade

    def over_checker(self, light: QColor, dark: QColor) -> QImage:
        """The heatmap over a checkerboard of ``light`` and ``dark``, one pixel per square (cached)."""
        key = (light.rgba(), dark.rgba())
        if self._over is None or self._over[0] != key:
            checker = QImage(checker_levels(self.rows, self.cols), self.cols, self.rows, self.cols,
                             QImage.Format.Format_Indexed8)
            checker.setColorTable([light.rgba(), dark.rgba()])
            image = checker.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
            with QPainter(image) as painter:
                painter.drawImage(0, 0, self.image())
                painter.drawImage(0, 0, self.shade_image())
            self._over = (key, image)
        return self._over[1]

    def colour_of(self, square: int) -> QColor | None:
        """The colour of one square, or None."""
        level = self.levels[square]
        return QColor.fromRgba(self.palette[level]) if level else None


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
    #: How many candidates, the first in try order, were tried and backtracked (None: all before
    #: ``next_candidate``, as in the top frame); in a lower frame the one after them is on the stack.
    tried_candidates: int | None = None
    show_candidates: bool = False
    show_degrees: bool = True  #: badge each candidate with its degree (Play Yourself: only with Ctrl+D)
    flashes: Sequence[tuple[int, float]] = ()  #: backtracked squares with strength 0..1
    selected: int | None = None  #: a square picked in a panel
    #: The square an illegal event of a student's solver named: a red frame, and a cross if it is empty.
    refused: int | None = None
    coords: str = COORDS_CHESS
    show_knight: bool = True
    heat: HeatMap | None = None  #: colours per square under the path (analysis)
    #: Exported images (slides): arrowheads along the path, and a frame on its last square.
    arrows: bool = False
    mark_last: bool = False
    _path_tuple: tuple[int, ...] | None = field(default=None, init=False, repr=False, compare=False)

    def path_tuple(self) -> tuple[int, ...]:
        """``path`` as a tuple, made once per view: a big board's path is long, and a paint compares
        it with the last one painted several times (views are made anew, never changed in place)."""
        if self._path_tuple is None or len(self._path_tuple) != len(self.path):
            self._path_tuple = tuple(self.path)
        return self._path_tuple

    def base_key(self) -> tuple[object, ...]:
        """What the base layers depend on (see ``LAYER_BASE``), for caching them."""
        return (self.board, self.path_tuple(), self.closed, self.coords, self.show_knight, self.heat,
                self.arrows)


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


def text_scale(font: QFont) -> float:
    """How much larger ``font`` is than the desktop's (its line height over theirs): the window's text
    size (View ▸ Text Size, presentation mode) as seen by a widget with that font."""
    return QFontMetricsF(font).height() / QFontMetricsF(QGuiApplication.font()).height()


def layout_board(rect: QRectF, board: Board, coords: str = COORDS_CHESS,
                 margin: float | None = None, text_scale: float = 1.0) -> Layout:
    """Fit ``board`` centred into ``rect``, with squares as large as they fit.

    Coordinates take a ``margin`` on every side, so the board stays centred;
    by default about half a square, at least 14 and at most 28 pixels, times ``text_scale`` (the
    window's text size: presentation mode's coordinates are as large as its other text).
    """
    if margin is None:
        margin = 0.0
        if coords != COORDS_NONE:
            rough = min(rect.width(), rect.height()) / (max(board.rows, board.cols) + 1)
            margin = max(14.0 * text_scale, min(28.0 * text_scale, rough * 0.5))
            if coords == COORDS_INDEX and max(board.rows, board.cols) > 10:
                margin = max(margin, 20.0 * text_scale)
    width = max(1.0, rect.width() - 2 * margin)
    height = max(1.0, rect.height() - 2 * margin)
    square = min(width / board.cols, height / board.rows)
    x = rect.x() + (rect.width() - square * board.cols) / 2
    y = rect.y() + (rect.height() - square * board.rows) / 2
    return Layout(board, QPointF(x, y), square, margin)


def knight_renderer() -> QSvgRenderer | None:
    """The knight image, read from the package's resources; None if it is missing or invalid."""
    from PySide6.QtSvg import QSvgRenderer  # (about 20 ms of start-up when imported with this module)

    try:
        data = resources.read_bytes(resources.KNIGHT)
    except OSError:
        return None
    renderer = QSvgRenderer(QByteArray(data))
    return renderer if renderer.isValid() else None


#: ``PaintCache._squares``: board and palette, the path shown, the image, the palette's pixels in it.
_KeptSquares = tuple[tuple[int, int, tuple[int, ...]], tuple[int, ...], QImage, tuple[int, ...]]
_K = TypeVar("_K")
_V = TypeVar("_V")


def _kept(cache: OrderedDict[_K, _V], key: _K, make: Callable[[], _V | None], most: int) -> _V | None:
    """``cache[key]``, made by ``make`` the first time it is asked for (not kept if None); past
    ``most`` entries the one used longest ago goes."""
    found = cache.get(key)
    if found is None:
        found = make()
        if found is None:
            return None
        cache[key] = found
        if len(cache) > most:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return found


class PaintCache:
    """What painting keeps between paints of one view, so that a repaint costs less.

    Owned by whoever paints again and again (the board widget keeps one);
    ``paint_board`` without one paints with a fresh cache.  Each store is
    bounded: a long session on changing boards does not grow it.
    """

    #: Most images of outlined numbers and laid-out numbers kept.
    MAX_OUTLINED = 4096
    MAX_STATIC_TEXTS = 50_000
    #: Path chunks kept as polygons in square units.
    MAX_POLYGONS = 256
    #: Sizes of the knight (and of its ring) kept as images.
    MAX_KNIGHT_IMAGES = 8

    def __init__(self) -> None:
        self._knight: QSvgRenderer | None = None
        self._knight_loaded = False
        self._knight_images: OrderedDict[tuple[int, int], QImage] = OrderedDict()
        self._rings: OrderedDict[tuple[float, float], QImage] = OrderedDict()  # (radius, ratio) -> ring
        self._checker: tuple[tuple[int, int], bytes] | None = None
        self._visited: tuple[tuple[int, int], tuple[int, ...], bytearray] | None = None
        self._squares: _KeptSquares | None = None
        self._centres: tuple[tuple[int, int], list[QPointF]] | None = None
        self._polygons: OrderedDict[tuple[int, int, tuple[int, ...]], QPolygonF] = OrderedDict()
        self._outlined: dict[tuple[object, ...], tuple[QImage, QPointF]] = {}
        self.static_texts: dict[tuple[int | str, int, bool], tuple[QStaticText, float, float]] = {}
        self._numbers: tuple[tuple[int, tuple[int, ...]], list[int]] | None = None

    def knight(self) -> QSvgRenderer | None:
        """The knight image (see ``knight_renderer``), read once."""
        if not self._knight_loaded:
            self._knight = knight_renderer()
            self._knight_loaded = True
        return self._knight

    def knight_image(self, width: int, height: int) -> QImage | None:
        """The knight drawn into an image of ``width`` × ``height`` device pixels, kept per size.

        Drawing the SVG costs about 0.25 ms a paint; the image, a few µs (issue 11: one more push
        ≤ 1 ms).  None without the image (a broken install).
        """
        def draw() -> QImage | None:
            renderer = self.knight()
            if renderer is None:
                return None
            image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(0)
            with QPainter(image) as painter:
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
                renderer.render(painter, QRectF(0, 0, width, height))
            return image

        return _kept(self._knight_images, (width, height), draw, self.MAX_KNIGHT_IMAGES)

    def ring_image(self, radius: float, ratio: float) -> QImage:
        """``paint_ring`` of ``radius`` at the centre of an image for ``ratio`` device pixels a pixel,
        kept per radius (the squares' size) and ratio."""
        def draw() -> QImage:
            side = math.ceil((2 * radius + RING_HALO + 2) * ratio)
            image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
            image.setDevicePixelRatio(ratio)
            image.fill(0)
            with QPainter(image) as painter:
                centre = side / ratio / 2
                paint_ring(painter, QPointF(centre, centre), radius)
            return image

        image = _kept(self._rings, (radius, ratio), draw, self.MAX_KNIGHT_IMAGES)
        assert image is not None
        return image

    def checker_levels(self, rows: int, cols: int) -> bytes:
        """``checker_levels(rows, cols)``, kept for the last board."""
        if self._checker is None or self._checker[0] != (rows, cols):
            self._checker = ((rows, cols), checker_levels(rows, cols))
        return self._checker[1]

    def visited_levels(self, rows: int, cols: int, path: tuple[int, ...]) -> bytes:
        """``checker_levels`` with 2 added on every square of ``path`` (a visited square's tint).

        Kept for the last path, and brought from it to the next by the squares that differ
        (one push: one square), not rebuilt: on 100×100 a rebuild walks 10,000 squares a frame.
        """
        kept = self._visited
        if kept is None or kept[0] != (rows, cols):
            levels = bytearray(self.checker_levels(rows, cols))
            old: tuple[int, ...] = ()
        else:
            _, old, levels = kept
            if old is path:  # (the same view painted again)
                return bytes(levels)
        common = common_prefix(old, path)
        for sq in old[common:]:
            levels[sq] &= ~2
        for sq in path[common:]:
            levels[sq] |= 2
        self._visited = ((rows, cols), path, levels)
        return bytes(levels)

    #: More squares changed than this, and ``squares_image`` is made anew from the levels.
    MAX_PIXELS_SET = 256

    def squares_image(self, rows: int, cols: int, path: tuple[int, ...], palette: tuple[int, ...]) -> QImage:
        """The squares one pixel each, in ``palette`` (light, dark, visited light, visited dark),
        ready to be scaled onto the board (ARGB32 premultiplied).

        Kept for the last board and palette, and brought from the last path to the next by the
        pixels of the squares that differ (one push: one pixel), not made anew from the levels
        (see ``visited_levels``) and converted at every push; many squares changed, it is.
        """
        key = (rows, cols, palette)
        kept = self._squares
        common = 0
        if kept is not None and kept[0] == key:
            if kept[1] is path:
                return kept[2]
            common = common_prefix(kept[1], path)
        changed = len(kept[1]) + len(path) - 2 * common if kept is not None else 0
        if kept is not None and kept[0] == key and changed <= self.MAX_PIXELS_SET:
            _, old, image, pixels = kept
            checker = self.checker_levels(rows, cols)
            for sq in old[common:]:
                image.setPixel(sq % cols, sq // cols, pixels[checker[sq]])
            for sq in path[common:]:
                image.setPixel(sq % cols, sq // cols, pixels[checker[sq] | 2])
        else:  # (a new board, or many squares changed: a pixel set costs more than a level)
            levels = self.visited_levels(rows, cols, path)
            image = _premultiplied(QImage(levels, cols, rows, cols, QImage.Format.Format_Indexed8), palette)
            # the palette's four pixels as the image holds them (setPixel takes them premultiplied)
            swatch = _premultiplied(QImage(bytes(range(4)), 4, 1, 4, QImage.Format.Format_Indexed8), palette)
            pixels = tuple(array("I", bytes(swatch.constBits())[:16]))
        self._squares = (key, path, image, pixels)
        return image

    def unit_centres(self, rows: int, cols: int) -> list[QPointF]:
        """The centre of every square in square units: (col + 0.5, row + 0.5), kept for the last board."""
        if self._centres is None or self._centres[0] != (rows, cols):
            centres = [QPointF(c + 0.5, r + 0.5) for r in range(rows) for c in range(cols)]
            self._centres = ((rows, cols), centres)
        return self._centres[1]

    def unit_polygon(self, squares: tuple[int, ...], rows: int, cols: int) -> QPolygonF:
        """The centres of ``squares`` in square units (kept: making the polygon costs more than mapping
        it, and a repaint after a resize or a pop draws the same chunks of a path again)."""
        def make() -> QPolygonF:
            centres = self.unit_centres(rows, cols)
            return QPolygonF([centres[sq] for sq in squares])

        polygon = _kept(self._polygons, (rows, cols, squares), make, self.MAX_POLYGONS)
        assert polygon is not None
        return polygon

    def move_numbers(self, path: Sequence[int], size: int) -> list[int]:
        """The move number of each of ``size`` squares on ``path`` (1 for its first), 0 off it;
        kept for the last path asked about, as repaints of one path come in runs."""
        key = (size, tuple(path))
        if self._numbers is None or self._numbers[0] != key:
            numbers = [0] * size
            for k, sq in enumerate(path, 1):
                numbers[sq] = k
            self._numbers = (key, numbers)
        return self._numbers[1]

    def outlined_number(self, text: str, font: QFont, outline: QPen, fill: QColor,
                        ratio: float) -> tuple[QImage, QPointF]:
        """``text`` with its halo as an image, and where its corner lies from the text's baseline start."""
        key = (text, font.pixelSize(), outline.widthF(), outline.color().rgba(), fill.rgba(), ratio)
        found = self._outlined.get(key)
        if found is None:
            if len(self._outlined) > self.MAX_OUTLINED:
                self._outlined.clear()
            glyphs = QPainterPath()
            glyphs.addText(QPointF(0, 0), font, text)
            pad = outline.widthF() / 2 + 1
            bounds = glyphs.boundingRect().adjusted(-pad, -pad, pad, pad)
            image = QImage(max(1, round(bounds.width() * ratio)), max(1, round(bounds.height() * ratio)),
                           QImage.Format.Format_ARGB32_Premultiplied)
            image.setDevicePixelRatio(ratio)
            image.fill(0)
            with QPainter(image) as painter:
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                painter.translate(-bounds.topLeft())
                painter.strokePath(glyphs, outline)
                painter.fillPath(glyphs, fill)
            found = (image, bounds.topLeft())
            self._outlined[key] = found
        return found

    def static_text(self, number: int | str, font: QFont) -> tuple[QStaticText, float, float]:
        """``number`` (a move number, or a heatmap's label) laid out once in ``font`` (drawing it again
        is much cheaper than drawText), with half its width and height.  ``static_texts`` holds them
        by (number, pixel size, bold)."""
        key = (number, font.pixelSize(), font.bold())
        found = self.static_texts.get(key)
        if found is None:
            if len(self.static_texts) > self.MAX_STATIC_TEXTS:
                self.static_texts.clear()
            static = QStaticText(str(number))
            static.setTextFormat(Qt.TextFormat.PlainText)
            static.prepare(font=font)
            size = static.size()
            found = (static, size.width() / 2, size.height() / 2)
            self.static_texts[key] = found
        return found

    def sizes(self) -> dict[str, int]:
        """How many entries each store holds (for the memory benchmark)."""
        return {"outlined": len(self._outlined), "static_texts": len(self.static_texts),
                "polygons": len(self._polygons)}


def number_font(square: float, digits: int) -> QFont:
    """A font for move numbers that fits ``digits`` digits into a square."""
    font = QFont("DejaVu Sans")
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setBold(True)
    font.setPixelSize(number_px(square, digits))
    return font


def number_px(square: float, digits: int) -> int:
    """The pixel size of ``number_font``: at most 0.38 of the square, and (bold digits being about
    0.7 of the size wide) a number of ``digits`` digits at most 0.72 of its width, so that
    neighbours' numbers never run into each other."""
    return max(1, round(min(square * 0.38, square * 0.72 / (0.7 * max(2, digits)))))


def paint_board(painter: QPainter, layout: Layout, view: BoardView, theme: Theme = LIGHT_THEME,
                layers: int = LAYERS_ALL, cache: PaintCache | None = None) -> None:
    """Draw ``view`` at ``layout``.

    ``layers``: which of the LAYER_* to draw (the window caches the lower ones).  ``cache``: what
    to keep for the next paint of this view (default: nothing kept).
    Only what lies in the painter's window is drawn, so a zoomed-in big board
    costs what is in view.
    """
    if cache is None:
        cache = PaintCache()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    board = view.board
    visible = visible_rect(painter)
    if layers & LAYER_SQUARES:
        _paint_square_colours(painter, layout, view, theme, cache)
        _paint_frame(painter, layout, theme)
    if layers & LAYER_PATH:
        _paint_path(painter, layout, view, theme, visible, cache)
        if view.arrows:
            _paint_arrows(painter, layout, view, theme)
    if layers & LAYER_TEXT:
        if numbers_shown(layout, board):
            _paint_numbers(painter, layout, view, theme, visible, cache)
        if view.heat is not None and view.heat.labels:
            _paint_heat_labels(painter, layout, view, theme, visible, cache)
        if view.coords != COORDS_NONE:
            _paint_coords(painter, layout, board, view.coords, theme, visible)
    if layers & LAYER_MARKS:
        # Zoomed in, the coordinates' bands lie over the board: the marks go under them too, as the
        # squares and numbers do (a candidate's outline and the start's frame were drawn round a label)
        inner = between_bands(layout, view.coords, visible_rect(painter, clipped=False))
        if inner is not None:
            painter.setClipRect(inner, Qt.ClipOperation.IntersectClip)
        _paint_flashes(painter, layout, view, theme)
        _paint_marks(painter, layout, view, theme)
        if view.mark_last and len(view.path) > 1 and not view.show_knight:
            _paint_last_mark(painter, layout, view.path[-1], theme)
        if view.show_candidates and view.candidates:
            _paint_candidates(painter, layout, view, theme)
        if view.show_knight and view.path:
            _paint_knight(painter, layout, view.path[-1], cache)
    painter.restore()


def visible_rect(painter: QPainter, clipped: bool = True) -> QRectF:
    """The part of the painter's logical coordinates that reaches the device (``clipped``: within
    its clip too, such as the region a widget repaints)."""
    window = QRectF(painter.window())
    inverse, invertible = painter.worldTransform().inverted()
    rect = inverse.mapRect(window) if invertible else window
    if clipped and painter.hasClipping():
        rect = rect.intersected(painter.clipBoundingRect())
    return rect


def is_vector(painter: QPainter) -> bool:
    """Whether the painter draws to a vector format (SVG, PDF): no scaled pixel images there."""
    engine = painter.paintEngine()
    if engine is None:
        return False
    return engine.type() in (QPaintEngine.Type.SVG, QPaintEngine.Type.Pdf, QPaintEngine.Type.Picture)


def numbers_shown(layout: Layout, board: Board) -> bool:
    """Whether move numbers are large enough to draw at this layout."""
    s = layout.square
    return s >= MIN_NUMBER_SQUARE and number_px(s, len(str(board.size))) >= MIN_NUMBER_PX


def _square_range(layout: Layout, visible: QRectF, extra: int = 0) -> tuple[int, int, int, int]:
    """Rows r0..r1 and columns c0..c1 (exclusive ends) of the squares in ``visible``."""
    board = layout.board
    s = layout.square
    if s <= 0:
        return 0, 0, 0, 0
    ox, oy = layout.origin.x(), layout.origin.y()
    c0 = max(0, int((visible.left() - ox) // s) - extra)
    c1 = min(board.cols, int((visible.right() - ox) // s) + 1 + extra)
    r0 = max(0, int((visible.top() - oy) // s) - extra)
    r1 = min(board.rows, int((visible.bottom() - oy) // s) + 1 + extra)
    return r0, max(r0, r1), c0, max(c0, c1)


def checker_levels(rows: int, cols: int) -> bytes:
    """0 for light squares, 1 for dark, one byte per square."""
    row0 = bytes(c & 1 for c in range(cols))
    row1 = bytes(1 - (c & 1) for c in range(cols))
    return b"".join(row1 if r & 1 else row0 for r in range(rows))


def _premultiplied(indexed: QImage, palette: Sequence[int]) -> QImage:
    """``indexed`` (one byte per pixel) in the colours of ``palette``, converted to ARGB32
    premultiplied: scaled, an indexed image costs ten times what one converted first does (1.7 ms
    at 100×100)."""
    indexed.setColorTable(list(palette))
    return indexed.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)


def _paint_square_colours(painter: QPainter, layout: Layout, view: BoardView, theme: Theme,
                          cache: PaintCache) -> None:
    """The checkerboard, with visited squares tinted, or the heatmap where it has colours."""
    board = view.board
    heat = view.heat if view.heat is not None and view.heat.fits(board) else None
    palette = [theme.light.rgba(), theme.dark.rgba(), theme.visited_light.rgba(), theme.visited_dark.rgba()]
    if not numbers_shown(layout, board):  # tiny squares: a quiet checkerboard lets the path read
        palette[1] = mix(theme.light, theme.dark, 0.4).rgba()
        palette[3] = mix(theme.visited_light, theme.visited_dark, 0.4).rgba()
    if is_vector(painter):
        levels = cache.visited_levels(board.rows, board.cols, view.path_tuple()) if heat is None \
            else cache.checker_levels(board.rows, board.cols)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        groups: dict[int, list[QRectF]] = {}
        for sq, level in enumerate(levels):
            if heat is not None and heat.levels[sq]:
                colour = heat.palette[heat.levels[sq]]
                if level & 1:  # the checkerboard shows through a heatmap, faintly
                    colour = QColor.fromRgba(colour).darker(HEAT_CHECKER_DARKER).rgba()
            else:
                colour = palette[level]
            groups.setdefault(colour, []).append(layout.square_rect(sq))
        for colour, rects in groups.items():
            painter.setBrush(QColor.fromRgba(colour))
            painter.drawRects(rects)
        painter.restore()
        return
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
    if heat is not None:  # the checkerboard shows through the heatmap, faintly
        painter.drawImage(layout.board_rect, heat.over_checker(QColor.fromRgba(palette[0]),
                                                               QColor.fromRgba(palette[1])))
    else:
        painter.drawImage(layout.board_rect, cache.squares_image(board.rows, board.cols, view.path_tuple(),
                                                                 tuple(palette)))
    painter.restore()


def _paint_frame(painter: QPainter, layout: Layout, theme: Theme) -> None:
    pen = QPen(theme.frame, max(1.0, min(layout.square * 0.03, 3.0)))
    painter.save()
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(layout.board_rect)
    painter.restore()


def _paint_flashes(painter: QPainter, layout: Layout, view: BoardView, theme: Theme) -> None:
    """Backtracked squares glow red, fading out: only while they are unvisited (a square pushed
    again is on the path and shows as such, never as popped)."""
    if not view.flashes:
        return
    on_path = set(view.path)
    for sq, strength in view.flashes:
        if sq in on_path:
            continue
        colour = QColor(theme.backtrack)
        colour.setAlphaF(max(0.0, min(1.0, strength)) * 0.75)
        painter.fillRect(layout.square_rect(sq), colour)


def mix(a: QColor, b: QColor, t: float) -> QColor:
    """The colour ``t`` of the way from ``a`` to ``b`` (0: ``a``, 1: ``b``)."""
    def between(x: float, y: float) -> float:
        return x + (y - x) * t

    return QColor.fromRgbF(between(a.redF(), b.redF()), between(a.greenF(), b.greenF()),
                           between(a.blueF(), b.blueF()), between(a.alphaF(), b.alphaF()))


def order_colour(theme: Theme, t: float) -> QColor:
    """The path colour at fraction ``t`` (0 = first move, 1 = last) of the tour."""
    stops = theme.order
    t = max(0.0, min(1.0, t)) * (len(stops) - 1)
    i = min(int(t), len(stops) - 2)
    return mix(stops[i], stops[i + 1], t - i)


def _paint_path(painter: QPainter, layout: Layout, view: BoardView, theme: Theme, visible: QRectF,
                cache: PaintCache, start: int = 0) -> None:
    """The knight's path through the square centres, and the closing line of a closed tour.

    The centres come from a list cached per board (in square units), mapped
    to the device in one call.  Where numbers are hidden the path is coloured
    by move number (move k of a board of n squares always has the colour at
    k / n, so a growing path keeps its colours); zoomed in, only segments near
    the visible squares are drawn.  ``start`` > 0 draws only the segments
    from ``path[start]`` on, over a path drawn before (see ``extend_path``).
    """
    path = view.path
    n = len(path)
    if n < 2 or start >= n - 1:
        return
    board = view.board
    s = layout.square
    if s <= 0:
        return
    centres = cache.unit_centres(board.rows, board.cols)
    to_device = QTransform(s, 0, 0, s, layout.origin.x(), layout.origin.y())

    def points(squares: Sequence[int]) -> QPolygonF:
        if culled:  # parts in view: they change with every pan
            return to_device.map(QPolygonF([centres[sq] for sq in squares]))
        return to_device.map(cache.unit_polygon(tuple(squares), board.rows, board.cols))

    width = max(1.0, s * 0.045)
    by_order = not numbers_shown(layout, board)
    r0, r1, c0, c1 = _square_range(layout, visible, extra=2)
    culled = (r1 - r0) * (c1 - c0) < board.size
    codes = _outcodes(layout, visible, width) if culled else b""
    # Lines of at most one device pixel have a fast path in Qt, as one polyline (which blends
    # each pixel once, also where segments meet), zoomed in or not.  Wider, separate lines are
    # much faster than a round-joined polyline; only a whole path up to 1.25 pixels wide is
    # drawn round-joined, as it always was (zoomed in, such lines are separate).
    polyline = width * abs(painter.deviceTransform().m11()) <= 1.0 or (not culled and width <= 1.25)
    painter.save()
    pen = QPen(theme.line, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    flat = QPen(pen)
    flat.setCapStyle(Qt.PenCapStyle.FlatCap)  # round caps cost far more with antialiasing
    painter.setBrush(Qt.BrushStyle.NoBrush)
    chunk = max(2, -(-board.size // ORDER_BANDS)) if by_order else 1024
    dot = max(1.5, s * 0.08)
    for first in range(start - start % chunk, n - 1, chunk):
        lo = max(first, start)
        hi = min(n, first + chunk + 1)  # one shared point joins the chunks
        if by_order:
            colour = order_colour(theme, (first + chunk / 2) / max(1, board.size - 1))
            pen.setColor(colour)
            flat.setColor(colour)
        squares = path[lo:hi]
        runs = _runs(squares, codes) if culled else [(0, len(squares))]  # zoomed in: parts in view
        if polyline:
            painter.setPen(pen)
            for i, j in runs:  # with a segment more at each end: Qt draws a polyline's first
                painter.drawPolyline(points(squares[max(0, i - 1):j + 1]))  # segment otherwise
        else:
            # Separate flat-capped lines and a round joint on each inner square: stroking a
            # self-crossing polyline with round joins costs far more (benchmarks/README.md).
            pairs = [sq for i, j in runs for k in range(i, j - 1) for sq in (squares[k], squares[k + 1])]
            if pairs:
                painter.setPen(flat)
                painter.drawLines(points(pairs))  # type: ignore[call-overload]  # a QPolygonF is a QList<QPointF>
            if pairs and width >= 2:  # thinner, the notch of a flat cap is not a pixel
                painter.save()
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(pen.color())
                inner = set(pairs).difference((path[0], path[-1]))
                for point in _each(points(sorted(inner))):
                    painter.drawEllipse(point, width / 2, width / 2)
                painter.restore()
        if by_order and s >= 6 and board.size <= MAX_DOTS:  # numbers hidden: dots mark the squares
            painter.save()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(pen.color())
            for point in _each(points(squares[1:] if lo else squares)):
                painter.drawEllipse(point, dot, dot)
            painter.restore()
    if by_order and not view.show_knight:  # a finished path: a dot at each end, in its colour
        painter.setPen(Qt.PenStyle.NoPen)
        radius = max(3.0, s * 0.2)
        ends = (order_colour(theme, 0.0), order_colour(theme, (n - 1) / max(1, board.size - 1)))
        for point, colour in zip(_each(points((path[0], path[-1]))), ends, strict=True):
            painter.setBrush(colour)
            painter.drawEllipse(point, radius, radius)
    if view.closed and n == board.size and board.is_knight_move(path[-1], path[0]):
        pen.setColor(theme.closing_line)
        pen.setWidthF(max(1.5, s * 0.06))
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        ends_ = points((path[-1], path[0]))
        painter.drawLine(ends_.at(0), ends_.at(1))
    painter.restore()


def _each(polygon: QPolygonF) -> Iterable[QPointF]:
    """The points of ``polygon``: iterable at run time, though PySide6's stubs do not say so."""
    return cast("Iterable[QPointF]", polygon)


def extend_path(painter: QPainter, layout: Layout, view: BoardView, theme: Theme, drawn: int,
                cache: PaintCache | None = None) -> None:
    """Draw the segments of ``view.path`` after its first ``drawn`` squares, over a path layer
    that already shows them (the window adds a push without drawing the whole path again)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    _paint_path(painter, layout, view, theme, visible_rect(painter),
                cache if cache is not None else PaintCache(), start=max(0, drawn - 1))
    painter.restore()


def _outcodes(layout: Layout, visible: QRectF, width: float) -> bytes:
    """Where each square's centre lies from ``visible`` grown by a pen of ``width``: 0 inside,
    else bits for left (1), right (2), above (4) and below (8).  A segment whose two ends share
    a bit misses the view (its bounding box does), so it need not be drawn."""
    board = layout.board
    s = layout.square
    pad = width / 2 + 2  # half the pen and its antialiased edge, in pixels
    x0 = (visible.left() - pad - layout.origin.x()) / s - 0.5
    x1 = (visible.right() + pad - layout.origin.x()) / s - 0.5
    y0 = (visible.top() - pad - layout.origin.y()) / s - 0.5
    y1 = (visible.bottom() + pad - layout.origin.y()) / s - 0.5
    row = bytes((c < x0) | (c > x1) << 1 for c in range(board.cols))
    above, below = row.translate(_OR_4), row.translate(_OR_8)
    return b"".join(above if r < y0 else below if r > y1 else row for r in range(board.rows))


_OR_4 = bytes(i | 4 for i in range(256))
_OR_8 = bytes(i | 8 for i in range(256))


def _runs(squares: Sequence[int], codes: bytes) -> list[tuple[int, int]]:
    """The runs of ``squares`` whose segments may reach the view (see ``_outcodes``), as slices."""
    n = len(squares)
    if n < 2:
        return []
    ends = bytes(map(codes.__getitem__, squares))
    # A segment is out of view when its ends share a bit: AND the codes of each pair at once.
    shared = int.from_bytes(ends[:-1], "little") & int.from_bytes(ends[1:], "little")
    return [(m.start(), m.end() + 1) for m in re.finditer(b"\x00+", shared.to_bytes(n - 1, "little"))]


def _paint_numbers(painter: QPainter, layout: Layout, view: BoardView, theme: Theme,
                   visible: QRectF, cache: PaintCache) -> None:
    path = view.path
    if not path:
        return
    s = layout.square
    digits = len(str(view.board.size))
    font = number_font(s, digits)
    halo = s >= 28  # an outline keeps numbers legible where lines cross them
    cols = view.board.cols
    r0, r1, c0, c1 = _square_range(layout, visible)
    painter.save()
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    outline = QPen(theme.number_halo, max(1.0, font.pixelSize() * 0.16))
    outline.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    knight = path[-1] if view.show_knight else -1  # its number shows once it moves on
    if (r1 - r0) * (c1 - c0) < len(path) - (knight >= 0):  # zoomed in: look up the squares in view
        numbers = cache.move_numbers(path, view.board.size)
        shown = [(k, sq) for row in range(r0, r1) for sq in range(row * cols + c0, row * cols + c1)
                 if (k := numbers[sq]) and sq != knight]
    else:
        shown = [(k, sq) for k, sq in enumerate(path, 1)
                 if r0 <= sq // cols < r1 and c0 <= sq % cols < c1 and sq != knight]
    outlined = halo and len(shown) <= MAX_OUTLINED_NUMBERS
    raster = not is_vector(painter)
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    painter.setPen(theme.number)
    ox, oy = layout.origin.x() + s / 2, layout.origin.y() + s / 2
    if not outlined:  # many numbers: plain, each laid out once
        px, bold = font.pixelSize(), font.bold()
        texts = cache.static_texts  # looked up inline: this loop runs for every number in view
        for k, sq in shown:
            row, col = divmod(sq, cols)
            static, half_width, half_height = texts.get((k, px, bold)) or cache.static_text(k, font)
            painter.drawStaticText(QPointF(ox + col * s - half_width, oy + row * s - half_height), static)
        painter.restore()
        return
    for k, sq in shown:  # few numbers: each with a halo
        text = str(k)
        row, col = divmod(sq, cols)
        cx, cy = ox + col * s, oy + row * s
        width = metrics.horizontalAdvance(text)
        base = QPointF(cx - width / 2, cy + (metrics.ascent() - metrics.descent()) / 2)
        if raster:  # a stroked outline is slow: each number's image is made once
            image, offset = cache.outlined_number(text, font, outline, theme.number, ratio)
            painter.drawImage(base + offset, image)
            continue
        glyphs = QPainterPath()
        glyphs.addText(base, font, text)
        painter.strokePath(glyphs, outline)
        painter.fillPath(glyphs, theme.number)
    painter.restore()


def _paint_heat_labels(painter: QPainter, layout: Layout, view: BoardView, theme: Theme,
                       visible: QRectF, cache: PaintCache) -> None:
    """The heatmap's text per square (e.g. pushes), on squares off the path, where it fits."""
    heat = view.heat
    if heat is None or not heat.fits(view.board) or len(heat.labels) != view.board.size:
        return
    s = layout.square
    longest = heat.longest_label
    if longest == 0:
        return
    size = min(s * 0.3, s * 0.9 / (0.62 * longest))
    if size < MIN_NUMBER_PX:
        return
    if len(view.path) >= view.board.size:  # a whole tour: no square off the path
        return
    font = QFont("DejaVu Sans")
    font.setPixelSize(round(size))
    on_path = cache.move_numbers(view.path, view.board.size)  # 0 off the path
    cols = view.board.cols
    r0, r1, c0, c1 = _square_range(layout, visible)
    painter.save()
    painter.setFont(font)
    # Each label laid out once (``static_text``): zoomed in on 100×100, drawText laid out some 700
    # labels again at every push, 11-15 ms of a frame (benchmarks/bench_analysis.py, 4×, "push").
    white, ink = QColor("white"), theme.heat_label
    px, bold = font.pixelSize(), font.bold()
    texts = cache.static_texts
    ox, oy = layout.origin.x() + s / 2, layout.origin.y() + s / 2
    pen = None
    for row in range(r0, r1):
        for col in range(c0, c1):
            sq = row * cols + col
            text = heat.labels[sq]
            if not text or on_path[sq]:
                continue
            colour = heat.colour_of(sq)
            wanted = white if colour is not None and colour.lightnessF() < 0.5 else ink
            if wanted is not pen:
                painter.setPen(wanted)
                pen = wanted
            static, half_width, half_height = texts.get((text, px, bold)) or cache.static_text(text, font)
            painter.drawStaticText(QPointF(ox + col * s - half_width, oy + row * s - half_height), static)
    painter.restore()


def _paint_refused(painter: QPainter, layout: Layout, view: BoardView, theme: Theme) -> None:
    """The square a student's illegal event named: a red frame over a light halo (it reads on light
    and dark squares, and on the start's green); a cross too where no number would sit under it."""
    assert view.refused is not None
    s = layout.square
    width = max(2.0, s * 0.09)
    rect = layout.square_rect(view.refused)
    frame = rect.adjusted(width, width, -width, -width)  # (the halo's outer half inside the square too)
    cross = None if view.refused in view.path_tuple() else rect.adjusted(s * 0.3, s * 0.3, -s * 0.3, -s * 0.3)
    for colour, pen_width in ((QColor(255, 255, 255, 220), width * 1.8), (theme.backtrack, width)):
        pen = QPen(colour, pen_width)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawRect(frame)
        if cross is not None:
            painter.drawLine(cross.topLeft(), cross.bottomRight())
            painter.drawLine(cross.topRight(), cross.bottomLeft())


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
        if view.heat is not None and view.heat.fits(view.board):
            # A white line inside the frame: its green was lost on a heatmap's green ("tour").
            halo = QPen(QColor("white"), max(1.0, pen.widthF() * 0.4))
            halo.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(halo)
            inner = pen.widthF() + halo.widthF() / 2
            painter.drawRect(layout.square_rect(view.start).adjusted(inner, inner, -inner, -inner))
    if view.selected is not None:
        pen = QPen(theme.selected, max(1.5, s * 0.09))
        painter.setPen(pen)
        inset = pen.widthF() / 2
        painter.drawRect(layout.square_rect(view.selected).adjusted(inset, inset, -inset, -inset))
    if view.refused is not None:
        _paint_refused(painter, layout, view, theme)
    # Hover and the keyboard cursor are outlines at the square's edge, never a wash over it: the
    # number stays as dark as it is.  A light halo under a dark line reads on light and dark squares.
    # Both sit just inside the start's frame, which stays in sight under them.
    frame = max(1.5, s * 0.08)
    if view.hover is not None:
        rect = layout.square_rect(view.hover).adjusted(frame, frame, -frame, -frame)
        _outline_square(painter, rect, theme.hover, max(1.5, s * 0.05))
    if view.cursor is not None:
        rect = layout.square_rect(view.cursor).adjusted(frame, frame, -frame, -frame)
        _outline_square(painter, rect, theme.cursor, max(2.0, s * 0.07))
    painter.restore()


def _paint_last_mark(painter: QPainter, layout: Layout, square: int, theme: Theme) -> None:
    """A frame on the path's last square, as the start has one (its colour ``theme.end``)."""
    s = layout.square
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    pen = QPen(theme.end, max(2.0, s * 0.09))
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    inset = pen.widthF() / 2
    painter.drawRect(layout.square_rect(square).adjusted(inset, inset, -inset, -inset))
    painter.restore()


#: Where along each move its arrowhead sits (0: the square it leaves, 1: the one it reaches).
ARROW_AT = 0.62


def arrow_tip(layout: Layout, a: int, b: int) -> QPointF:
    """The tip of the arrowhead of the move from ``a`` to ``b``."""
    pa, pb = layout.centre(a), layout.centre(b)
    return pa + (pb - pa) * ARROW_AT


def _paint_arrows(painter: QPainter, layout: Layout, view: BoardView, theme: Theme) -> None:
    """An arrowhead on every move of the path, pointing the way the knight went.

    Only where numbers are shown: smaller, the path is coloured by move order,
    which shows the direction already.
    """
    path = view.path
    board = view.board
    if len(path) < 2 or not numbers_shown(layout, board):
        return
    s = layout.square
    length, half = s * 0.2, s * 0.1
    colour = QColor(theme.line)
    colour.setAlpha(235)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    for a, b in zip(path, path[1:], strict=False):
        pa, pb = layout.centre(a), layout.centre(b)
        dx, dy = pb.x() - pa.x(), pb.y() - pa.y()
        norm = (dx * dx + dy * dy) ** 0.5 or 1.0
        ux, uy = dx / norm, dy / norm
        tip = arrow_tip(layout, a, b)
        base = QPointF(tip.x() - ux * length, tip.y() - uy * length)
        painter.drawPolygon(QPolygonF([tip, QPointF(base.x() - uy * half, base.y() + ux * half),
                                       QPointF(base.x() + uy * half, base.y() - ux * half)]))
    painter.restore()


def _outline_square(painter: QPainter, rect: QRectF, colour: QColor, width: float) -> None:
    """A line of ``colour`` just inside ``rect``'s edge, on a white halo (hover, keyboard cursor)."""
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    halo = QPen(QColor(255, 255, 255, 230), width + 2.0)
    halo.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    inset = (width + 2.0) / 2
    painter.setPen(halo)
    painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))
    pen = QPen(colour, width)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))
    painter.restore()


def _paint_candidates(painter: QPainter, layout: Layout, view: BoardView, theme: Theme) -> None:
    """Outline the candidates of the current move; show each one's degree.

    The one tried next is bold, those still to try dashed; those tried and
    backtracked are grey and thin, their degree struck through (as in the
    stack panel), and one on the stack above (a lower frame's) is outlined
    in the path's colour.
    """
    s = layout.square
    painter.save()
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(s * 0.24)))
    font.setBold(True)
    struck = QFont(font)
    struck.setStrikeOut(True)
    tried_count = view.next_candidate if view.tried_candidates is None else view.tried_candidates
    for index, (sq, degree) in enumerate(view.candidates):
        r = layout.square_rect(sq)
        upcoming = index == view.next_candidate
        tried = index < tried_count
        on_stack = index == view.tried_candidates and not upcoming  # (a lower frame's, selected)
        if tried:
            colour = QColor(theme.candidate_tried)
        elif on_stack:
            colour = QColor(theme.line)
            colour.setAlpha(255)
        else:
            colour = QColor(theme.candidate_next if upcoming else theme.candidate)
        pen = QPen(colour, max(1.0, s * (0.1 if upcoming else 0.03 if tried else 0.05)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = pen.widthF() / 2 + s * 0.04
        if not upcoming and not on_stack:
            pen.setStyle(Qt.PenStyle.DashLine)
            if not tried:  # a light halo under the dashes: orange alone faded on a dark square (projected)
                halo = QPen(theme.number_halo, pen.widthF() * 1.8)
                painter.setPen(halo)
                painter.drawRect(r.adjusted(inset, inset, -inset, -inset))
        painter.setPen(pen)
        painter.drawRect(r.adjusted(inset, inset, -inset, -inset))
        if s >= MIN_NUMBER_SQUARE and view.show_degrees:
            badge = QRectF(r.right() - s * 0.36, r.top() + s * 0.04, s * 0.32, s * 0.3)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(badge, s * 0.06, s * 0.06)
            painter.setPen(QColor("white"))
            painter.setFont(struck if tried else font)
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(degree))
    painter.restore()


#: Below this square size (logical pixels) a ring marks the knight: the image alone is a speck.
KNIGHT_RING_BELOW = 18.0
KNIGHT_RING_RADIUS = 10.0
#: The width of the ring's light halo (its dark line is 2.5 wide, on it).
RING_HALO = 5.0


def _paint_knight(painter: QPainter, layout: Layout, square: int, cache: PaintCache) -> None:
    r = layout.square_rect(square)
    if r.width() < KNIGHT_RING_BELOW:  # 100×100 in a window: a ring a projector still shows
        radius = max(KNIGHT_RING_RADIUS, r.width())
        if is_vector(painter) or not _draw_ring_image(painter, r.center(), radius, cache):
            paint_ring(painter, r.center(), radius)
    inset = r.width() * 0.08
    target = r.adjusted(inset, inset, -inset, -inset)
    if not is_vector(painter) and _draw_knight_image(painter, target, cache):
        return
    renderer = cache.knight()
    if renderer is not None:  # a drawing (SVG export) or a zoomed painter: the knight as lines
        renderer.render(painter, target)
        return
    # Without the image (a broken install), a plain disc still shows where it is.
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#1b1b1b"))
    painter.drawEllipse(target)
    painter.restore()


def paint_ring(painter: QPainter, centre: QPointF, radius: float) -> None:
    """The ring around the knight on tiny squares: dark on a light halo, seen on any square."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for colour, width in ((QColor(255, 255, 255, 230), RING_HALO), (QColor("#1b1b1b"), 2.5)):
        painter.setPen(QPen(colour, width))
        painter.drawEllipse(centre, radius, radius)
    painter.restore()


def _draw_ring_image(painter: QPainter, centre: QPointF, radius: float, cache: PaintCache) -> bool:
    """The ring on pixels, drawn into an image once for its radius (stroking two antialiased circles
    cost about a tenth of a millisecond, on every push at 100×100).  False where it cannot be
    (a scaled or rotated painter)."""
    transform = painter.transform()
    if transform.isScaling() or transform.isRotating():
        return False
    ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    image = cache.ring_image(radius, ratio)
    half = image.width() / ratio / 2
    device = transform.map(centre)
    painter.save()
    painter.resetTransform()
    painter.drawImage(QPointF(round((device.x() - half) * ratio) / ratio,
                              round((device.y() - half) * ratio) / ratio), image)
    painter.restore()
    return True


def _draw_knight_image(painter: QPainter, target: QRectF, cache: PaintCache) -> bool:
    """The knight on pixels: drawn into an image once for its size, then put down pixel for pixel.

    No resampling: as sharp as the SVG drawn each time, on HiDPI screens too.  False where that
    cannot be (a scaled or rotated painter, or no image).
    """
    transform = painter.transform()
    if transform.isScaling() or transform.isRotating():
        return False
    device = transform.mapRect(target)
    ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    left, top = round(device.left() * ratio), round(device.top() * ratio)
    width = max(1, round(device.right() * ratio) - left)
    height = max(1, round(device.bottom() * ratio) - top)
    image = cache.knight_image(width, height)
    if image is None:
        return False
    image.setDevicePixelRatio(ratio)
    painter.save()
    painter.resetTransform()
    painter.drawImage(QPointF(left / ratio, top / ratio), image)
    painter.restore()
    return True


def coordinate_labels(board: Board, coords: str) -> tuple[list[str], list[str]]:
    """Labels for the columns (left to right) and rows (top to bottom)."""
    if coords == COORDS_CHESS and board.has_names:
        return ([chr(ord("a") + c) for c in range(board.cols)],
                [str(board.rows - r) for r in range(board.rows)])
    return [str(c) for c in range(board.cols)], [str(r) for r in range(board.rows)]


def _label_size(layout: Layout) -> float:
    """The coordinates' letters' size (pixels); below 6 they are not drawn."""
    return min(layout.margin * 0.6, layout.square * 0.45)


def _band_edges(layout: Layout, view: QRectF) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the coordinates' bands lie in ``view``: the tops of the upper and lower ones and the
    lefts of the left and right ones (in the margins around the board, or at the edges of the view
    where the board goes past them, zoomed in)."""
    rect, margin = layout.board_rect, layout.margin
    tops = (max(rect.top() - margin, view.top()), min(rect.bottom(), view.bottom() - margin))
    lefts = (max(rect.left() - margin, view.left()), min(rect.right(), view.right() - margin))
    return tops, lefts


#: How far (pixels) the view may cut into the margins before the coordinates get a band: a board that
#: fills its widget's height has its margin flush with the edge, and the two sums differ in their last
#: bits (a light band lay behind the top letters in a third of the widget's sizes).
_BAND_TOLERANCE = 0.5


def _bands(layout: Layout, view: QRectF) -> tuple[bool, bool, bool, bool]:
    """Which bands lie over the board, zoomed in: top, bottom, left, right (the view cuts into the margin
    on that side)."""
    rect, margin = layout.board_rect, layout.margin
    (top, bottom), (left, right) = _band_edges(layout, view)
    return (top > rect.top() - margin + _BAND_TOLERANCE, bottom < rect.bottom() - _BAND_TOLERANCE,
            left > rect.left() - margin + _BAND_TOLERANCE, right < rect.right() - _BAND_TOLERANCE)


def between_bands(layout: Layout, coords: str, view: QRectF) -> QRectF | None:
    """Zoomed in, the part of ``view`` the coordinates' bands leave open (None: no band lies over the
    board)."""
    if coords == COORDS_NONE or layout.margin <= 0 or _label_size(layout) < 6:
        return None
    margin = layout.margin
    (top, bottom), (left, right) = _band_edges(layout, view)
    over_top, over_bottom, over_left, over_right = _bands(layout, view)
    inner = QRectF(view)
    if over_top:
        inner.setTop(top + margin)
    if over_bottom:
        inner.setBottom(bottom)
    if over_left:
        inner.setLeft(left + margin)
    if over_right:
        inner.setRight(right)
    return None if inner == view else inner


def _paint_coords(painter: QPainter, layout: Layout, board: Board, coords: str, theme: Theme,
                  visible: QRectF | None = None) -> None:
    """Labels around the board; zoomed in, they stay at the edges of the view on a band."""
    s = layout.square
    margin = layout.margin
    if margin <= 0:
        return
    col_labels, row_labels = coordinate_labels(board, coords)
    size = _label_size(layout)
    if size < 6:
        return
    longest = max(len(x) for x in col_labels + row_labels)
    step = 1
    while s * step < size * 0.7 * longest + 2:
        step += 1  # too many labels to fit: label every step-th line
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(size)))
    rect = layout.board_rect
    view = visible if visible is not None else rect.adjusted(-margin, -margin, margin, margin)
    tops, lefts = _band_edges(layout, view)
    painter.save()
    band = QColor(theme.background)
    band.setAlpha(215)
    over_top, over_bottom, over_left, over_right = _bands(layout, view)
    if over_top:
        painter.fillRect(QRectF(view.left(), tops[0], view.width(), margin), band)
    if over_bottom:
        painter.fillRect(QRectF(view.left(), tops[1], view.width(), margin), band)
    if over_left:
        painter.fillRect(QRectF(lefts[0], view.top(), margin, view.height()), band)
    if over_right:
        painter.fillRect(QRectF(lefts[1], view.top(), margin, view.height()), band)
    painter.setFont(font)
    painter.setPen(theme.coords)
    r0, r1, c0, c1 = _square_range(layout, view)
    # Each kind of label between the other kind's bands: zoomed in, a column's letter passed under
    # the left band and a row's number over the top one, both drawn in the corner ("a" over "8").
    painter.save()
    painter.setClipRect(QRectF(lefts[0] + margin, view.top(), lefts[1] - lefts[0] - margin, view.height()),
                        Qt.ClipOperation.IntersectClip)
    for c in range(c0 - c0 % step, c1, step):
        x = rect.left() + c * s
        for top in tops:
            painter.drawText(QRectF(x, top, s, margin), Qt.AlignmentFlag.AlignCenter, col_labels[c])
    painter.restore()
    painter.setClipRect(QRectF(view.left(), tops[0] + margin, view.width(), tops[1] - tops[0] - margin),
                        Qt.ClipOperation.IntersectClip)
    for r in range(r0 - r0 % step, r1, step):
        y = rect.top() + r * s
        for left in lefts:
            painter.drawText(QRectF(left, y, margin, s), Qt.AlignmentFlag.AlignCenter, row_labels[r])
    painter.restore()
