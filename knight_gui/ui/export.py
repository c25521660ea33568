"""Export a board as an image file (PNG or SVG), with the same painting as the window.

One path for both: ``save_view`` takes the ``BoardView`` to export (path,
numbers, coordinates, heatmap: the same layers whatever the format) and
writes PNG through ``render_image`` (a QImage) or SVG through
``render_svg`` (QtSvg's QSvgGenerator, where the painting draws real
rectangles and lines, so slides and print stay sharp at any size).  Both
are written to a temporary file in the target folder and renamed, so a
failed export never leaves half a file.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, QRectF, QSize
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgGenerator

from ..tour import Board
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

DEFAULT_EXPORT_PX = 2048


class ExportError(OSError):
    """The image could not be written; the message says why."""


def _page(view: BoardView, px: int) -> tuple[int, int, float]:
    """Width, height and coordinate margin of an export whose longer side is ``px``."""
    board = view.board
    px = max(16, int(px))
    # Half a square of margin for the coordinates on every side.
    margin_squares = 0.0 if view.coords == COORDS_NONE else 1.0
    square = px / (max(board.rows, board.cols) + margin_squares)
    margin = square * margin_squares / 2
    return round(square * board.cols + 2 * margin), round(square * board.rows + 2 * margin), margin


def render_image(view: BoardView, px: int = DEFAULT_EXPORT_PX, theme: Theme = LIGHT_THEME) -> QImage:
    """``view`` rendered to an image whose longer side is ``px`` pixels."""
    width, height, margin = _page(view, px)
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(theme.background)
    with QPainter(image) as painter:
        layout = layout_board(QRectF(0, 0, width, height), view.board, view.coords, margin=margin)
        paint_board(painter, layout, view, theme)
    return image


def render_svg(view: BoardView, px: int = DEFAULT_EXPORT_PX, theme: Theme = LIGHT_THEME,
               title: str = "Knight's tour") -> bytes:
    """``view`` as an SVG document whose longer side is ``px`` user units (pixels)."""
    width, height, margin = _page(view, px)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(width, height))
    generator.setViewBox(QRect(0, 0, width, height))
    generator.setTitle(title)
    generator.setDescription(f"{view.board.dims}, {len(view.path)} squares")
    with QPainter(generator) as painter:
        painter.fillRect(QRectF(0, 0, width, height), theme.background)
        layout = layout_board(QRectF(0, 0, width, height), view.board, view.coords, margin=margin)
        paint_board(painter, layout, view, theme)
    buffer.close()
    return bytes(data.data())


def save_svg(view: BoardView, filename: str | os.PathLike[str], px: int = DEFAULT_EXPORT_PX,
             theme: Theme = LIGHT_THEME, title: str = "Knight's tour") -> None:
    """Write ``view`` as an SVG file atomically; ExportError says why if that fails."""
    document = render_svg(view, px, theme, title)
    target = Path(filename)
    folder = target.parent if str(target.parent) else Path(".")
    if os.path.isdir(target):
        raise ExportError(f"cannot write {target}: it is a folder")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ExportError(f"cannot write {target}: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(document)
        os.replace(tmp, target)
    except OSError as exc:
        raise ExportError(f"cannot write {target}: {exc.strerror or exc}") from exc
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def tour_view(board: Board, path: Sequence[int], closed: bool = False, coords: str = COORDS_CHESS,
              heat: HeatMap | None = None) -> BoardView:
    """The view of a finished (or partial) path, as exported, with ``heat`` under it if given."""
    complete = len(path) == board.size
    view = BoardView(board, path=list(path), closed=closed, start=path[0] if path else None,
                     coords=coords, show_knight=bool(path) and not complete)
    view.heat = heat
    return view


def save_view(view: BoardView, filename: str | os.PathLike[str], px: int = DEFAULT_EXPORT_PX,
              fmt: str | None = None, theme: Theme = LIGHT_THEME, title: str = "Knight's tour") -> None:
    """Write ``view`` as ``fmt`` ("PNG" or "SVG"; default: SVG when ``filename`` ends in .svg, else PNG).

    ``title`` names the picture: the SVG's title, the PNG's "Title" text.

    The one export path of the window and the command line: both formats
    paint the same ``view`` with ``paint_board``.  ExportError says why a
    write failed.
    """
    if fmt is None:
        fmt = "SVG" if os.fspath(filename).lower().endswith(".svg") else "PNG"
    if fmt.upper() == "SVG":
        save_svg(view, filename, px, theme, title)
    else:
        image = render_image(view, px, theme)
        image.setText("Title", title)
        save_image(image, filename, fmt)


def save_image(image: QImage, filename: str | os.PathLike[str], fmt: str = "PNG") -> None:
    """Write ``image`` atomically: a temporary file in the same folder, then a rename.

    A failed write raises ExportError and leaves any existing file untouched.
    """
    target = Path(filename)
    folder = target.parent if str(target.parent) else Path(".")
    if os.path.isdir(target):  # not Path.is_dir(): it raises on a name that is too long
        raise ExportError(f"cannot write {target}: it is a folder")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ExportError(f"cannot write {target}: {exc.strerror or exc}") from exc
    os.close(fd)
    try:
        if not image.save(tmp, fmt):  # type: ignore[call-overload]  # (takes a str; the stub says bytes)
            raise ExportError(f"cannot write {target}: the {fmt} encoder failed")
        os.replace(tmp, target)
    except OSError as exc:
        if isinstance(exc, ExportError):
            raise
        raise ExportError(f"cannot write {target}: {exc.strerror or exc}") from exc
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def export_tour(board: Board, path: Sequence[int], closed: bool, filename: str | os.PathLike[str],
                px: int = DEFAULT_EXPORT_PX, coords: str = COORDS_CHESS) -> None:
    """Render a path as a PNG file, or SVG when ``filename`` ends in .svg (works headless).

    Needs a QGuiApplication; creates one if there is none.
    """
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        export_tour.app = QGuiApplication([])  # type: ignore[attr-defined]
    save_view(tour_view(board, path, closed, coords), filename, px)


__all__ = ["DEFAULT_EXPORT_PX", "ExportError", "export_tour", "render_image", "render_svg", "save_image",
           "save_svg", "save_view", "tour_view"]
