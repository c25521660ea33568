"""paint_board draws what the view says: squares, visited tint, heatmap, path, knight; no import side effects.

Pixels are read at chosen points of an image painted by ``paint_board``
(never compared byte for byte with a golden image: fonts and antialiasing
vary).  ``test_painting_cache.py`` checks the board widget's cached layers
against the same painting.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from knight_gui import resources
from knight_gui.tour import Board
from knight_gui.ui.painting import (
    COORDS_NONE,
    LAYER_SQUARES,
    LIGHT_THEME,
    BoardView,
    HeatMap,
    Layout,
    PaintCache,
    knight_renderer,
    layout_board,
    mix,
    paint_board,
)
from knight_gui.ui.themes import DARK_THEME

SIDE = 400


def paint(view: BoardView, theme=LIGHT_THEME, cache: PaintCache | None = None,
          layers: int | None = None) -> tuple[QImage, Layout]:
    """``view`` painted into a SIDE×SIDE image (white background), and where its squares are."""
    image = QImage(SIDE, SIDE, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    layout = layout_board(QRectF(0, 0, SIDE, SIDE), view.board, view.coords)
    with QPainter(image) as painter:
        if layers is None:
            paint_board(painter, layout, view, theme, cache=cache)
        else:
            paint_board(painter, layout, view, theme, layers=layers, cache=cache)
    return image, layout


def colour_at(image: QImage, point: QPointF) -> QColor:
    return image.pixelColor(round(point.x()), round(point.y()))


def corner_of(layout: Layout, square: int) -> QPointF:
    """A point inside ``square`` near its top-left corner: away from the centre's line, number and marks."""
    rect = layout.square_rect(square)
    return QPointF(rect.left() + rect.width() * 0.15, rect.top() + rect.height() * 0.15)


def close(a: QColor, b: QColor, tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def near_white(image: QImage, rect: QRectF) -> int:
    """How many pixels in ``rect`` are almost white (the knight image's light outline)."""
    return sum(1 for y in range(round(rect.top()), round(rect.bottom()))
               for x in range(round(rect.left()), round(rect.right()))
               if min(image.pixelColor(x, y).getRgb()[:3]) > 235)


def test_importing_painting_changes_nothing_in_the_process():
    code = ("import os; import knight_gui.ui.painting as p; "
            "print(os.environ.get('QT_NO_GUI_THREADPOOL')); "
            "print(sorted(n for n, v in vars(p).items() if not n.startswith('__') and "
            "(isinstance(v, (dict, list, set)) or hasattr(v, 'cache_info'))))")
    env = {k: v for k, v in os.environ.items() if k != "QT_NO_GUI_THREADPOOL"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    env_line, stores = done.stdout.splitlines()
    assert env_line == "None"  # the program sets it at start-up (knight_gui.app), not on import
    assert stores == "[]"  # no module-level stores or lru_caches: a PaintCache holds them


@pytest.mark.parametrize("theme", [LIGHT_THEME, DARK_THEME], ids=["light", "dark"])
def test_an_empty_board_is_a_checkerboard_in_the_theme(qapp, theme):
    view = BoardView(Board(4), coords=COORDS_NONE, show_knight=False)
    image, layout = paint(view, theme)
    for square in range(16):
        row, col = divmod(square, 4)
        expected = theme.dark if (row + col) % 2 else theme.light
        assert close(colour_at(image, layout.centre(square)), expected), square


def test_visited_squares_are_tinted_and_the_others_are_not(qapp):
    board = Board(5)
    path = [0, 7, 14]  # a1-ish corner, then two knight moves: (0,0) (1,2) (2,4)
    image, layout = paint(BoardView(board, path=path, coords=COORDS_NONE, show_knight=False))
    assert close(colour_at(image, corner_of(layout, 0)), LIGHT_THEME.visited_light)
    assert close(colour_at(image, corner_of(layout, 7)), LIGHT_THEME.visited_dark)
    assert close(colour_at(image, corner_of(layout, 14)), LIGHT_THEME.visited_light)
    assert close(colour_at(image, corner_of(layout, 24)), LIGHT_THEME.light)  # not visited
    assert close(colour_at(image, corner_of(layout, 1)), LIGHT_THEME.dark)


def test_the_path_runs_through_the_square_centres(qapp):
    board = Board(5)
    image, layout = paint(BoardView(board, path=[0, 7], coords=COORDS_NONE, show_knight=False),
                          layers=LAYER_SQUARES | 2)
    middle = (layout.centre(0) + layout.centre(7)) / 2
    line = colour_at(image, middle)
    tinted = colour_at(image, corner_of(layout, 0))
    # The line's translucent blue over the tint: bluer and darker than the tint alone.
    assert line.lightness() < tinted.lightness() - 20
    assert line.blue() > line.red()


def test_the_knight_image_comes_from_the_package(qapp, monkeypatch):
    renderer = knight_renderer()
    assert renderer is not None and renderer.isValid()
    board = Board(5)
    image, layout = paint(BoardView(board, path=[0, 7], coords=COORDS_NONE))
    knight_square = layout.square_rect(7)
    # The knight's light outline shows (a broken install would draw a plain black disc instead).
    assert near_white(image, knight_square) > 20
    dark = sum(1 for y in range(round(knight_square.top()), round(knight_square.bottom()))
               for x in range(round(knight_square.left()), round(knight_square.right()))
               if image.pixelColor(x, y).lightness() < 70)
    assert dark > knight_square.width() * knight_square.height() * 0.1
    # Without the file (a broken install), the knight is a plain dark disc: no light outline.
    monkeypatch.setattr(resources, "read_bytes", lambda name: (_ for _ in ()).throw(FileNotFoundError(name)))
    assert knight_renderer() is None
    broken, _ = paint(BoardView(board, path=[0, 7], coords=COORDS_NONE))
    assert near_white(broken, knight_square) == 0


def test_a_heatmap_colours_its_squares_and_leaves_the_others(qapp):
    board = Board(4)
    red = QColor("#d32f2f")
    levels = bytes([1] + [0] * 15)
    heat = HeatMap(board, levels, [0, red.rgba()])
    image, layout = paint(BoardView(board, coords=COORDS_NONE, show_knight=False, heat=heat))
    assert close(colour_at(image, layout.centre(0)), red)
    assert close(colour_at(image, layout.centre(1)), LIGHT_THEME.dark)
    assert close(colour_at(image, layout.centre(2)), LIGHT_THEME.light)


def test_a_paint_cache_changes_no_pixel_and_stays_bounded(qapp):
    board = Board(8)
    path = [0, 10, 4, 14, 31, 46, 63, 53]
    view = BoardView(board, path=path, closed=False)
    fresh, _ = paint(view)
    cache = PaintCache()
    first, _ = paint(view, cache=cache)
    again, _ = paint(view, cache=cache)
    assert fresh == first == again
    assert cache.knight() is not None
    for n in range(PaintCache.MAX_POLYGONS + 50):
        cache.unit_polygon((n % 64, (n + 10) % 64), 8, 8)
    assert cache.sizes()["polygons"] <= PaintCache.MAX_POLYGONS


def test_mix_goes_from_one_colour_to_the_other(qapp):
    a, b = QColor(0, 0, 0), QColor(200, 100, 50)
    assert mix(a, b, 0.0) == a
    assert mix(a, b, 1.0) == b
    assert mix(a, b, 0.5).getRgb()[:3] == (100, 50, 25)


@pytest.mark.parametrize("ratio", [1.0, 2.0])
def test_the_knight_is_drawn_from_an_image_kept_per_size_as_the_svg_draws_it(qapp, ratio):
    board = Board(5)
    view = BoardView(board, path=[0, 7], coords=COORDS_NONE)
    layout = layout_board(QRectF(0, 0, SIDE, SIDE), board, view.coords)

    def painted(cache: PaintCache, svg_each_time: bool) -> QImage:
        image = QImage(round(SIDE * ratio), round(SIDE * ratio), QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(ratio)
        image.fill(QColor("white"))
        with QPainter(image) as painter:
            if svg_each_time:  # a scaled painter: the SVG itself, as before the image was kept
                painter.scale(1.0, 1.0000001)
            paint_board(painter, layout, view, LIGHT_THEME, cache=cache)
        return image

    cache = PaintCache()
    first = painted(cache, svg_each_time=False)
    renders = []
    renderer = cache.knight()
    original = renderer.render
    renderer.render = lambda *args: (renders.append(args), original(*args))  # type: ignore[method-assign]
    again = painted(cache, svg_each_time=False)
    assert renders == []  # the second paint of this size drew the kept image
    assert again == first
    svg = painted(cache, svg_each_time=True)
    assert len(renders) == 1
    square = layout.square_rect(7)
    def rgb(image: QImage, x: int, y: int) -> tuple[int, ...]:
        return tuple(image.pixelColor(x, y).getRgb())

    differences = [max(abs(a - b) for a, b in zip(rgb(first, x, y), rgb(svg, x, y), strict=True))
                   for y in range(round(square.top() * ratio), round(square.bottom() * ratio))
                   for x in range(round(square.left() * ratio), round(square.right() * ratio))]
    # Edge pixels round a little differently (measured: mean 3.5 of 255, 1.8% over 60); a knight
    # one or two pixels off differs far more (mean 19, 12% over 60).
    assert sum(differences) / len(differences) < 7
    assert sum(d > 60 for d in differences) / len(differences) < 0.04


def test_zoomed_in_the_corners_of_the_coordinate_bands_hold_no_label():
    """Zoomed in, the labels stay on bands at the view's edges; a column's letter passed under the
    left band and a row's number over the top one, "a" drawn over "8" in the corner (seen in review
    after Ctrl++ twice and Ctrl+−)."""
    board = Board(8)
    view = BoardView(board, coords="chess")
    layout = layout_board(QRectF(0, 0, 1600, 1600), board, view.coords)
    s, margin = layout.square, layout.margin
    rect = layout.board_rect
    image = QImage(SIDE, SIDE, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    into = s / 2 - margin / 2  # (the view starts where a8's letter and number centre in the corner)
    with QPainter(image) as painter:
        painter.translate(-(rect.left() + into), -(rect.top() + into))
        paint_board(painter, layout, view, LIGHT_THEME)
    ink = LIGHT_THEME.coords

    def inked(x0: float, y0: float, x1: float, y1: float) -> int:
        return sum(1 for x in range(int(x0), int(x1)) for y in range(int(y0), int(y1))
                   if max(abs(image.pixelColor(x, y).red() - ink.red()),
                          abs(image.pixelColor(x, y).green() - ink.green()),
                          abs(image.pixelColor(x, y).blue() - ink.blue())) < 40)

    assert inked(0, 0, margin - 1, margin - 1) == 0  # the top-left corner: no label in it
    assert inked(margin, 0, SIDE, margin) > 0  # the letters on the top band
    assert inked(0, margin, margin, SIDE) > 0  # the numbers on the left band
