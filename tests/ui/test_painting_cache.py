"""The board widget's cached layers never show a stale board, and culled painting misses nothing.

The widget keeps pixmaps of the squares, the path and the text and repaints
only the marks over them; zoomed in, the painting draws only what is in
view.  Each test changes one thing (a push, a pop, a heatmap, zoom, pan, the
theme ...) after the caches were filled and compares the widget's pixels with
the same state painted from scratch by ``paint_board`` into an image.
"""

from __future__ import annotations

import math
from array import array
from functools import lru_cache

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPalette

from knight_gui.tour import Board, Outcome, Pop, Push, Search
from knight_gui.ui.analysis.heatmap import build_heat
from knight_gui.ui.analysis.results import StartResult
from knight_gui.ui.board_widget import BoardWidget
from knight_gui.ui.export import render_svg
from knight_gui.ui.painting import (
    COORDS_NONE,
    LIGHT_THEME,
    BoardView,
    Layout,
    between_bands,
    numbers_shown,
    paint_board,
)
from knight_gui.ui.themes import DARK_THEME

#: A channel may differ this much between the layered widget and one painter (rounding of
#: translucent layers composed in premultiplied alpha); a stale layer differs far more.
TOLERANCE = 12


@lru_cache(maxsize=4)
def tour(n: int, start: int = 0) -> tuple[int, ...]:
    search = Search(Board(n), start)
    for event in search:
        if event.__class__ is Outcome:
            break
    return tuple(search.path())


def heat(board: Board, metric: str = "pushes"):
    results = [StartResult(sq, "tour", "tour", (1,), 1000 + (sq * 7919) % 5000, (sq * 31) % 90, 0, 100, 0.01)
               for sq in range(board.size)]
    return build_heat(board, results, metric)[0]


def grab(widget: BoardWidget) -> QImage:
    return widget.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)


def from_scratch(widget: BoardWidget) -> QImage:
    """The widget's state painted in one go, no cache: what its pixels must show."""
    ratio = widget.devicePixelRatioF()
    image = QImage(round(widget.width() * ratio), round(widget.height() * ratio),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(widget.palette().window().color())
    with QPainter(image) as painter:
        paint_board(painter, widget.board_layout(), widget.view, widget.theme)
    return image


def differing(a: QImage, b: QImage, tolerance: int = TOLERANCE) -> int:
    """How many pixels differ by more than ``tolerance`` in some channel."""
    assert (a.width(), a.height()) == (b.width(), b.height())
    a, b = a.convertToFormat(QImage.Format.Format_ARGB32), b.convertToFormat(QImage.Format.Format_ARGB32)
    pa, pb = array("I", bytes(a.constBits())), array("I", bytes(b.constBits()))  # (the images kept alive)
    if pa == pb:
        return 0
    return sum(1 for x, y in zip(pa, pb, strict=True)
               if x != y and max(abs((x >> k & 255) - (y >> k & 255)) for k in (0, 8, 16, 24)) > tolerance)


def assert_current(widget: BoardWidget, before: QImage | None = None) -> QImage:
    """The widget shows its state now (and, given the picture before the change, it changed)."""
    shown = grab(widget)
    assert differing(shown, from_scratch(widget)) == 0
    if before is not None:
        assert differing(shown, before) > 0, "the change did not show at all"
    return shown


@pytest.fixture
def board_widget(qtbot):
    widget = BoardWidget()
    qtbot.addWidget(widget)
    widget.resize(480, 440)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def big(board_widget):
    """A 40x40 board with half a tour on it, zoomed in so numbers show, heatmap on."""
    board = Board(40)
    path = tour(40)
    board_widget.set_view(BoardView(board, path=path[:900], start=path[0]))
    board_widget.set_heat(heat(board))
    board_widget.set_zoom(3.0, QPointF(200, 180))
    assert numbers_shown(board_widget.board_layout(), board)
    return board_widget


def test_a_push_and_a_pop_show_at_once(big):
    board, path = big.view.board, tour(40)
    # the squares of the next push and of the pops in view (not under the coordinates' bands, which
    # cover the knight too)
    big.ensure_visible(path[899])
    big.ensure_visible(path[900])
    inner = between_bands(big.board_layout(), big.view.coords, QRectF(big.rect()))
    assert all(inner.contains(big.square_rect(path[i])) for i in (899, 900))
    before = assert_current(big)
    big.set_view(BoardView(board, path=path[:901], start=path[0]))
    after_push = assert_current(big, before)
    big.set_view(BoardView(board, path=path[:900], start=path[0]))  # the pop: the path is as before
    assert differing(assert_current(big, after_push), before, 0) == 0
    big.set_view(BoardView(board, path=path[:899], start=path[0]))  # another pop
    assert_current(big, before)


def test_pushes_while_zoomed_and_panned_draw_only_new_segments_correctly(big):
    board, path = big.view.board, tour(40)
    for length in range(901, 960, 7):
        big.ensure_visible(path[length - 1])
        big.set_view(BoardView(board, path=path[:length], start=path[0]))
        assert_current(big)


def test_a_new_heatmap_and_a_hidden_one_show_at_once(big):
    board = big.view.board
    before = assert_current(big)
    big.set_heat(heat(board, "pops"))
    recoloured = assert_current(big, before)
    big.set_heat(None)  # hidden, with no new view from the window: the checkerboard again
    plain = assert_current(big, recoloured)
    assert big.view.heat is None
    big.set_heat(heat(board))
    assert_current(big, plain)


def test_a_heatmaps_labels_are_laid_out_once_and_painted_as_before(big):
    """Zoomed in, every push of a long path repaints the board whole, and drawText laid out each
    label in view again (100×100 at 4×: 11-15 ms a push).  Each is laid out once now, kept with the
    move numbers' texts, and the pixels are those of drawText's (an image painted label by label)."""
    view = big.view
    assert view.heat is not None and view.heat.longest_label
    grab(big)  # (painted once)
    texts = big._paint_cache.static_texts
    labels = {key for key in texts if isinstance(key[0], str)}
    off_path = {view.heat.labels[sq] for sq in range(view.board.size) if sq not in view.path}
    assert labels and {key[0] for key in labels} <= off_path
    kept = dict(texts)
    grab(big)  # the same labels again: none laid out anew
    assert all(texts[key] is kept[key] for key in labels)
    assert_current(big)
    # Where a kept label goes is where drawText centred it in its square: the same pixels.
    layout = big.board_layout()
    square = next(sq for sq in range(view.board.size) if sq not in view.path and view.heat.labels[sq])
    text, rect = view.heat.labels[square], layout.square_rect(square)
    px = next(key[1] for key in labels)
    font = QFont("DejaVu Sans")
    font.setPixelSize(px)
    images = []
    for kept_text in (False, True):
        image = QImage(big.width(), big.height(), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("white"))
        with QPainter(image) as painter:
            painter.setFont(font)
            painter.setPen(QColor("black"))
            if kept_text:
                static, half_width, half_height = big._paint_cache.static_text(text, font)
                centre = rect.center()
                painter.drawStaticText(QPointF(centre.x() - half_width, centre.y() - half_height), static)
            else:
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        images.append(image)
    assert differing(*images, tolerance=0) == 0


def test_a_cleared_selection_leaves_no_outline(big):
    square = big.view.path[10]
    big.set_selection(square)
    selected = assert_current(big)
    big.set_selection(None)
    assert_current(big, selected)
    assert big.view.selected is None


def test_zoom_and_pan_repaint_what_comes_into_view(big):
    before = assert_current(big)
    big.set_zoom(4.1, QPointF(100, 300))
    zoomed = assert_current(big, before)
    big.pan_by(37, -23)
    panned = assert_current(big, zoomed)
    big.pan_by(-200, 0)
    assert_current(big, panned)
    big.fit()
    assert_current(big, panned)


def test_theme_palette_and_size_changes_repaint_the_cached_layers(big):
    before = assert_current(big)
    big.theme = DARK_THEME  # even set without dropping the caches by hand
    big.update()
    dark = assert_current(big, before)
    big.fit()  # the window's colour shows around the board
    dark = assert_current(big, dark)
    palette = big.palette()
    palette.setColor(QPalette.ColorRole.Window, QColor("#203040"))
    big.setPalette(palette)
    assert_current(big, dark)
    big.theme = LIGHT_THEME
    big.resize(520, 400)
    assert_current(big)


def test_coordinates_change_repaints_the_margins(big):
    before = assert_current(big)
    view = big.view
    big.set_view(BoardView(view.board, path=list(view.path), start=view.start, coords="index"))
    assert_current(big, before)


def _whole_board(layout: Layout, view: BoardView, only: QRect | None = None,
                 pad: int = 2) -> tuple[QImage, QPoint]:
    """The whole board painted at ``layout``'s scale into one image, and the whole pixels by which
    it lies shifted from ``layout``.  Given ``only`` (in ``layout``'s coordinates), the painter's
    window is that part, so the painting culls as for a view of it; nothing is clipped (Qt steps
    a line cut at a clip from the cut, a pixel aside from where it runs uncut)."""
    board = layout.board
    s = layout.square
    shift = QPoint(pad - math.floor(layout.origin.x()), pad - math.floor(layout.origin.y()))
    image = QImage(math.ceil(board.cols * s) + 2 * pad + 1, math.ceil(board.rows * s) + 2 * pad + 1,
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    whole = Layout(board, layout.origin + QPointF(shift), s, layout.margin)
    with QPainter(image) as painter:
        if only is not None:
            painter.setViewport(only.translated(shift))  # the same window: coordinates unchanged
            painter.setWindow(only.translated(shift))
        paint_board(painter, whole, view, LIGHT_THEME)
    return image, shift


@pytest.mark.parametrize(("zoom", "pan", "length"), [
    (1.3, (0, 0), 1600),  # numbers hidden, thin lines
    (1.8, (31, -17), 1500),  # thin lines, the polyline cut into the runs in view
    (2.6, (-90, 40), 1500),  # numbers shown, plain
    (4.4, (12, 55), 150),  # numbers with a halo (at most MAX_OUTLINED_NUMBERS on the whole board)
    # (Not lines of 1 to 1.25 pixels: the whole path is round-joined there, zoomed in not.)
    (9.0, (-20, -10), 150),  # joints on thick lines, numbers with a halo
])
def test_zoomed_painting_equals_that_part_of_the_whole_board_painted_at_its_scale(board_widget, zoom, pan,
                                                                                 length):
    board = Board(40)
    path = tour(40, start=5)
    view = BoardView(board, path=path[:length], start=path[0], coords=COORDS_NONE, show_knight=False)
    board_widget.set_view(view)
    board_widget.set_heat(heat(board))
    board_widget.set_zoom(zoom, QPointF(150, 260))
    board_widget.ensure_visible(path[length // 2])
    board_widget.pan_by(*pan)
    shown = grab(board_widget)  # (the view takes the widget's heatmap)
    layout = board_widget.board_layout()
    region = QRectF(board_widget.rect()).intersected(layout.board_rect).toAlignedRect()
    assert region.width() > 100 and region.height() > 100
    # The painting culled to the view's part of the board (as zoomed in: only what is in view)
    # is pixel for pixel that part of the whole board painted with nothing left out ...
    whole, shift = _whole_board(layout, board_widget.view)
    part, _ = _whole_board(layout, board_widget.view, only=region)
    assert differing(part.copy(region.translated(shift)), whole.copy(region.translated(shift)), 0) == 0
    # ... and the widget shows what the painting draws into an image of its size.
    alone = QImage(board_widget.size(), QImage.Format.Format_ARGB32_Premultiplied)
    alone.fill(board_widget.palette().window().color())
    with QPainter(alone) as painter:
        paint_board(painter, layout, board_widget.view, LIGHT_THEME)
    assert differing(shown, alone) == 0


def test_svg_export_stays_whole_and_vector():
    board = Board(30)
    path = tour(30)
    view = BoardView(board, path=path, start=path[0], show_knight=False)
    view.heat = heat(board)
    svg = render_svg(view, 600).decode()
    assert "<image" not in svg  # squares as vector rectangles, no pixel images
    assert svg.count("<path") + svg.count("<polyline") + svg.count("<rect") > 50


def test_the_same_path_numbered_on_boards_of_two_sizes(qtbot):
    """Move numbers are looked up per square when zoomed in; the lookup is kept for the last path,
    which must not serve the same path on another board."""
    image = QImage(300, 300, QImage.Format.Format_ARGB32_Premultiplied)
    for n, square in ((5, 7), (20, 42)):  # 42 is beyond a 5x5 board
        board = Board(n)
        row, col = divmod(square, n)
        layout = Layout(board, QPointF(-400 * col, -400 * row), 400, 0)  # one square fills the view
        image.fill(QColor("white"))
        with QPainter(image) as painter:
            paint_board(painter, layout, BoardView(board, path=[0, 7], coords=COORDS_NONE, show_knight=False))


@pytest.mark.parametrize("side", [8, 12])
def test_a_path_that_changes_in_a_few_squares_repaints_their_box_exactly(board_widget, side):
    """Pushes, pops and a backtrack that changes the last squares: the box painted again on the
    kept base layer shows the same pixels as the whole board painted from scratch."""
    board = Board(side)
    search = Search(board, 0, "backtracking")
    paths = []
    for _ in range(4000 if side == 8 else 1200):
        next(search)
        paths.append(tuple(search.path()))
    board_widget.set_view(BoardView(board, path=paths[0], start=0))
    before = assert_current(board_widget)
    for k in range(1, len(paths), 97 if side == 8 else 41):
        for path in (paths[k], paths[k + 1] if k + 1 < len(paths) else paths[k]):
            board_widget.set_view(BoardView(board, path=path, start=0))
            assert_current(board_widget)
    assert differing(grab(board_widget), before) > 0


@pytest.mark.parametrize("palette", [(0xFFEEEEEE, 0xFF888888, 0xFFAADDAA, 0xFF448844),
                                     (0xFFEEEEEE, 0x80888888, 0x40AADDAA, 0xC0448844)],  # see-through too
                         ids=["opaque", "see-through"])
def test_the_kept_squares_image_equals_one_made_anew_after_pushes_pops_and_new_searches(palette):
    """``PaintCache.squares_image`` sets the pixels of the squares that changed (one push: one);
    whatever the path did meanwhile, it shows what an image made from scratch shows."""
    from itertools import islice

    from knight_gui.ui.painting import PaintCache

    board = Board(12, 10)
    kept = PaintCache()
    checked = 0
    for start in (0, 57):  # a second search: its path replaces the first
        path: list[int] = []
        for count, event in enumerate(islice(Search(board, start, "backtracking"), 3000)):
            if isinstance(event, Push):
                path.append(event.square)
            elif isinstance(event, Pop):
                path.pop()
            if count % 97 and count % 1000 != 999:  # (now and then a frame's worth of events at once)
                continue
            shown = tuple(path)
            image = kept.squares_image(board.rows, board.cols, shown, palette)
            fresh = PaintCache().squares_image(board.rows, board.cols, shown, palette)
            assert image == fresh, (start, count)
            checked += 1
    assert checked > 40
