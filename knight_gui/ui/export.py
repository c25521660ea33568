"""Export a board as an image file (PNG or SVG), with the same painting as the window.

One path for both: ``save_view`` takes the ``BoardView`` to export (path,
numbers, coordinates, heatmap: the same layers whatever the format) and
writes PNG through ``render_image`` (a QImage) or SVG through
``render_svg`` (QtSvg's QSvgGenerator, where the painting draws real
rectangles and lines, so slides and print stay sharp at any size).  Both
are encoded in memory and written by ``ui.savefile`` (``QSaveFile`` after the
model's check): a FIFO, a device or a folder is refused before anything is
written, a symbolic link is written through, a new file gets the umask's
permissions and an existing one keeps its own, and a failed export never
leaves half a file.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QImage, QPainter

from ..tour import Board
from ..tour.fileio import FileProblem, writable_target
from ..tour.messages import Message, MessageError
from .i18n import QT_TRANSLATE_NOOP
from .painting import (
    COORDS_CHESS,
    COORDS_NONE,
    LIGHT_THEME,
    BoardView,
    HeatMap,
    Theme,
    layout_board,
    paint_board,
)
from .savefile import save_bytes

if TYPE_CHECKING:
    from .analysis.heatmap import Legend

DEFAULT_EXPORT_PX = 2048
#: Pixels an inch, as CSS and SVG readers count them: an SVG's declared size in millimetres.
CSS_DPI = 96
#: The caption band under the board, as a share of the image's width (at least ``MIN_BAND`` pixels).
CAPTION_BAND = 0.06
MIN_BAND = 18
#: A caption too long for the width shrinks down to this many pixels, then is cut short (…).
MIN_CAPTION_PX = 8
#: The caption's words, as ``animation.caption_head`` and ``caption_text`` say them (context
#: "Animation"), marked here so that lupdate collects them for the translators.
CAPTION_TEXTS = (QT_TRANSLATE_NOOP("Animation", "%1 · start %2 · %3"),
                 QT_TRANSLATE_NOOP("Animation", " · pushes %1 · pops %2"),
                 QT_TRANSLATE_NOOP("Animation", "moves 1–%1 by hand, then %2"),
                 QT_TRANSLATE_NOOP("Animation", " · a frame every %1 events"))


#: An exported picture's title when the caller gives none (the command line's; the window gives its own).
DEFAULT_TITLE = "Knight's tour"


class ExportError(MessageError, OSError):
    """The image could not be written; the message says why.

    ``str()`` is that line in English; ``message`` is the same as a ``Message`` (the window words
    it in its language: ``i18n.error_text``).
    """

def _page(view: BoardView, px: int) -> tuple[int, int, float]:
    """Width, height and coordinate margin of an export whose longer side is ``px``."""
    board = view.board
    px = max(16, int(px))
    # Half a square of margin for the coordinates on every side.
    margin_squares = 0.0 if view.coords == COORDS_NONE else 1.0
    square = px / (max(board.rows, board.cols) + margin_squares)
    margin = square * margin_squares / 2
    return round(square * board.cols + 2 * margin), round(square * board.rows + 2 * margin), margin


def band_height(width: int) -> int:
    """The height of a band of text under a board ``width`` pixels wide (the caption's, the key's lines
    are sized from it)."""
    return max(MIN_BAND, round(width * CAPTION_BAND))


def caption_band(width: int, caption: str) -> int:
    """The height of the caption's band under a board ``width`` pixels wide (0: no caption)."""
    return band_height(width) if caption else 0


def caption_font(band: float, widest: str, room: float) -> QFont:
    """The caption's font for a band ``band`` pixels high: half of it, smaller if ``widest`` would
    not fit in ``room`` pixels (an animation fits its widest caption once, so the text keeps one size)."""
    font = QFont("DejaVu Sans")
    size = max(MIN_CAPTION_PX, round(band * 0.5))
    font.setPixelSize(size)
    width = QFontMetricsF(font).horizontalAdvance(widest)
    if width > room > 0:
        font.setPixelSize(max(MIN_CAPTION_PX, int(size * room / width)))
    return font


def paint_caption(painter: QPainter, rect: QRectF, caption: str, theme: Theme, pad: float,
                  font: QFont | None = None) -> None:
    """``caption`` in one line in ``rect`` (the band under the board), shrunk (or in ``font``) and
    cut short to fit."""
    room = rect.adjusted(pad, 0, -pad, 0)
    if font is None:
        font = caption_font(rect.height(), caption, room.width())
    text = QFontMetricsF(font).elidedText(caption, Qt.TextElideMode.ElideRight, room.width())
    painter.save()
    painter.setFont(font)
    painter.setPen(theme.coords)
    painter.drawText(room, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), text)
    painter.restore()


def key_font(width: int) -> QFont:
    """The heatmap key's font in an export ``width`` pixels wide: the caption's size at most."""
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(MIN_CAPTION_PX, round(band_height(width) * 0.4)))
    return font


def _key_side(width: int, margin: float) -> float:
    """The room left and right of the key: the board's coordinate margin, or as the caption's."""
    return max(4.0, margin, band_height(width) * 0.4)


def key_band(width: int, margin: float, key: Legend | None) -> int:
    """The height of the heatmap key's band under a board ``width`` pixels wide (0: no key)."""
    if key is None:
        return 0
    from .analysis.heatmap import legend_height  # (the Analysis panel made the key: already loaded)

    return math.ceil(legend_height(key, key_font(width), width - 2 * _key_side(width, margin), named=True))


def _paint_page(painter: QPainter, view: BoardView, width: int, height: int, margin: float, theme: Theme,
                caption: str, key: Legend | None = None) -> None:
    """The board in the top ``height`` pixels, then the heatmap's key and the caption, if any, in bands
    below."""
    layout = layout_board(QRectF(0, 0, width, height), view.board, view.coords, margin=margin)
    paint_board(painter, layout, view, theme)
    keyed = key_band(width, margin, key)
    if key is not None:
        from .analysis.heatmap import paint_legend

        side = _key_side(width, margin)
        paint_legend(painter, QRectF(side, height, width - 2 * side, keyed), key, key_font(width),
                     theme.coords, named=True)
    band = caption_band(width, caption)
    if band:
        paint_caption(painter, QRectF(0, height + keyed, width, band), caption, theme,
                      max(4.0, layout.origin.x(), band * 0.4))


def render_image(view: BoardView, px: int = DEFAULT_EXPORT_PX, theme: Theme = LIGHT_THEME,
                 caption: str = "", key: Legend | None = None) -> QImage:
    """``view`` rendered to an image whose board's longer side is ``px`` pixels; the heatmap's ``key``
    and ``caption`` in bands below."""
    width, height, margin = _page(view, px)
    below = key_band(width, margin, key) + caption_band(width, caption)
    image = QImage(width, height + below, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(theme.background)
    with QPainter(image) as painter:
        _paint_page(painter, view, width, height, margin, theme, caption, key)
    return image


def render_svg(view: BoardView, px: int = DEFAULT_EXPORT_PX, theme: Theme = LIGHT_THEME,
               title: str = DEFAULT_TITLE, caption: str = "", key: Legend | None = None) -> bytes:
    """``view`` as an SVG document whose board's longer side is ``px`` user units (pixels); the
    heatmap's ``key`` and ``caption`` below.  Its description is the caption, else the title the
    caller gave (the window's, in its language), else the board's size and the path's length."""
    width, board_height, margin = _page(view, px)
    height = board_height + key_band(width, margin, key) + caption_band(width, caption)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    from PySide6.QtSvg import QSvgGenerator  # (QtSvg is loaded when first used, not at start-up)

    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(width, height))
    # Its declared size in millimetres at CSS's 96 pixels an inch, as every SVG reader takes a pixel:
    # an export of 1200 px opens 1200 px wide (at Qt's default of 72 dpi it said 423 mm, 1600 px).
    generator.setResolution(CSS_DPI)
    generator.setViewBox(QRect(0, 0, width, height))
    generator.setTitle(title)
    generator.setDescription(caption or (title if title != DEFAULT_TITLE
                                         else f"{view.board.dims}, {len(view.path)} squares"))
    with QPainter(generator) as painter:
        painter.fillRect(QRectF(0, 0, width, height), theme.background)
        _paint_page(painter, view, width, board_height, margin, theme, caption, key)
    buffer.close()
    return bytes(data.data())


def save_svg(view: BoardView, filename: str | os.PathLike[str], px: int = DEFAULT_EXPORT_PX,
             theme: Theme = LIGHT_THEME, caption: str = "", title: str = DEFAULT_TITLE,
             key: Legend | None = None) -> None:
    """Write ``view`` as an SVG file atomically; ExportError says why if that fails."""
    _save(filename, render_svg(view, px, theme, title, caption=caption, key=key))


def _save(filename: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` through the window's one writer (``ui.savefile``): regular files only, all or
    nothing, umask and an existing file's mode kept; FileProblem becomes ExportError."""
    try:
        save_bytes(filename, data)
    except FileProblem as error:
        raise ExportError(error.message) from None


def tour_view(board: Board, path: Sequence[int], closed: bool = False, coords: str = COORDS_CHESS,
              heat: HeatMap | None = None) -> BoardView:
    """The view of a finished (or partial) path, as exported, with ``heat`` under it if given:
    arrowheads show the way the knight went, and a frame marks the last square of a whole tour
    (on a partial path the knight stands there)."""
    complete = len(path) == board.size
    view = BoardView(board, path=list(path), closed=closed, start=path[0] if path else None,
                     coords=coords, show_knight=bool(path) and not complete, arrows=True, mark_last=True)
    view.heat = heat
    return view


def save_view(view: BoardView, filename: str | os.PathLike[str], px: int = DEFAULT_EXPORT_PX,
              fmt: str | None = None, theme: Theme = LIGHT_THEME, caption: str = "",
              title: str = DEFAULT_TITLE, key: Legend | None = None) -> None:
    """Write ``view`` as ``fmt`` ("PNG" or "SVG"; default: SVG when ``filename`` ends in .svg, else PNG).

    ``title`` names the picture: the SVG's title, the PNG's "Title" text.

    The one export path of the window and the command line: both formats
    paint the same ``view`` with ``paint_board``.  ExportError says why a
    write failed.  ``key`` (the legend of the heatmap the view shows, if any) and ``caption`` (a
    line of text; "" for none) go in bands under the board.
    """
    if fmt is None:
        fmt = "SVG" if os.fspath(filename).lower().endswith(".svg") else "PNG"
    if fmt.upper() == "SVG":
        save_svg(view, filename, px, theme, caption, title, key)
    else:
        image = render_image(view, px, theme, caption, key)
        image.setText("Title", title)
        save_image(image, filename, fmt)


def encode_image(image: QImage, fmt: str = "PNG") -> bytes:
    """``image`` encoded as ``fmt`` in memory; ExportError if the encoder fails."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    ok = image.save(buffer, fmt)  # type: ignore[call-overload]
    buffer.close()
    if not ok:
        raise ExportError(Message("file-image-encoder-failed", (fmt, image.width(), image.height())))
    return bytes(data.data())


def save_image(image: QImage, filename: str | os.PathLike[str], fmt: str = "PNG") -> None:
    """Write ``image`` atomically; a failed write raises ExportError and leaves any existing file untouched.

    The image is encoded in memory first and then written by ``ui.savefile``:
    the encoder never sees a failing disk (a full disk is reported as "the
    disk is full", not as an encoder error), and only a regular file (or a new
    one) is written.
    """
    name = os.fspath(filename)
    try:
        writable_target(name)  # a FIFO or a device is refused before the encoding costs anything
    except FileProblem as error:
        raise ExportError(error.message) from None
    try:
        data = encode_image(image, fmt)
    except ExportError as error:
        raise ExportError(Message("file-cannot-write", (name, error.message))) from None
    _save(name, data)


def export_tour(board: Board, path: Sequence[int], closed: bool, filename: str | os.PathLike[str],
                px: int = DEFAULT_EXPORT_PX, coords: str = COORDS_CHESS, caption: str = "") -> None:
    """Render a path as a PNG file, or SVG when ``filename`` ends in .svg (works headless).

    Needs a QGuiApplication; creates one if there is none.
    """
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        export_tour.app = QGuiApplication([])  # type: ignore[attr-defined]
    save_view(tour_view(board, path, closed, coords), filename, px, caption=caption)


__all__ = ["DEFAULT_EXPORT_PX", "ExportError", "band_height", "caption_band", "caption_font", "encode_image",
           "export_tour", "key_band", "key_font", "paint_caption", "render_image", "render_svg", "save_image",
           "save_svg", "save_view", "tour_view"]
