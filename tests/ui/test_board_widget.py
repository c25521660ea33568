"""The board widget: clicks and keys name squares, and what it shows is the view, in its theme."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QSize, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QWidget

from knight_gui.tour import Board
from knight_gui.ui.board_widget import BoardArea, BoardWidget
from knight_gui.ui.painting import COORDS_NONE, LIGHT_THEME, BoardView
from knight_gui.ui.themes import DARK_THEME


def make_widget(qtbot, board: Board | None = None) -> BoardWidget:
    widget = BoardWidget()
    qtbot.addWidget(widget)
    widget.resize(400, 400)
    widget.set_view(BoardView(board or Board(5), coords=COORDS_NONE, show_knight=False))
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def pixel(widget: BoardWidget, point: QPointF) -> QColor:
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)
    ratio = widget.devicePixelRatioF()
    return image.pixelColor(round(point.x() * ratio), round(point.y() * ratio))


def corner(widget: BoardWidget, square: int) -> QPointF:
    rect = widget.square_rect(square)
    return QPointF(rect.left() + rect.width() * 0.15, rect.top() + rect.height() * 0.15)


def close(a: QColor, b: QColor, tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def test_a_click_names_the_square_under_the_mouse(qtbot):
    widget = make_widget(qtbot)
    for square in (0, 12, 24):
        centre = widget.square_rect(square).center().toPoint()
        with qtbot.waitSignal(widget.square_clicked) as clicked:
            qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=centre)
        assert clicked.args == [square]


def test_a_click_beside_the_board_names_no_square(qtbot):
    widget = make_widget(qtbot)
    widget.resize(600, 400)  # the board is centred: a band beside it on the left and right
    assert widget.board_layout().board_rect.left() > 50
    with qtbot.assertNotEmitted(widget.square_clicked):
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(10, 200))


def test_hovering_names_the_square_and_highlights_it(qtbot):
    widget = make_widget(qtbot)
    rect = widget.square_rect(6)
    inside = QPointF(rect.left() + rect.width() * 0.25, rect.top() + rect.height() * 0.25)
    before = pixel(widget, inside)
    with qtbot.waitSignal(widget.hovered) as hovered:
        qtbot.mouseMove(widget, widget.square_rect(6).center().toPoint())
    assert hovered.args == [6]
    assert widget.view.hover == 6
    assert close(pixel(widget, inside), before)  # no veil over the square (issue 12)
    edge = QPointF(rect.left() + rect.width() * 0.08 + 3, rect.center().y())  # an outline inside instead
    assert pixel(widget, edge).lightness() < before.lightness() - 60


def test_arrows_move_the_keyboard_cursor_and_enter_places_the_knight_there(qtbot):
    widget = make_widget(qtbot)
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_Right)  # the first press shows the cursor, on a8
    assert widget.keyboard_cursor and widget.view.cursor == 0
    qtbot.keyClick(widget, Qt.Key.Key_Right)
    qtbot.keyClick(widget, Qt.Key.Key_Down)
    assert widget.view.cursor == 6
    with qtbot.waitSignal(widget.square_clicked) as clicked:
        qtbot.keyClick(widget, Qt.Key.Key_Return)
    assert clicked.args == [6]


def test_the_widget_shows_the_view_it_is_given(qtbot):
    widget = make_widget(qtbot)
    assert close(pixel(widget, corner(widget, 0)), LIGHT_THEME.light)
    assert close(pixel(widget, corner(widget, 1)), LIGHT_THEME.dark)
    widget.set_view(BoardView(Board(5), path=[0, 7], coords=COORDS_NONE, show_knight=False))
    assert close(pixel(widget, corner(widget, 0)), LIGHT_THEME.visited_light)
    assert close(pixel(widget, corner(widget, 7)), LIGHT_THEME.visited_dark)


def test_a_new_theme_repaints_the_squares(qtbot):
    widget = make_widget(qtbot)
    widget.set_theme(DARK_THEME)
    assert widget.theme is DARK_THEME
    assert close(pixel(widget, corner(widget, 0)), DARK_THEME.light)
    assert close(pixel(widget, corner(widget, 1)), DARK_THEME.dark)


def test_a_backtracked_square_glows_red_then_stops(qtbot):
    widget = make_widget(qtbot)
    widget.flash([12])
    glow = pixel(widget, corner(widget, 12))
    assert glow.red() > glow.green() + 40
    widget.clear_flashes()
    assert close(pixel(widget, corner(widget, 12)), LIGHT_THEME.light)


def test_the_hover_follows_a_still_pointer_when_the_board_moves(qtbot, window):
    """The pointer stays put while a panel above the board comes (View ▸ Panels ▸ Lesson note): the outlined
    square is the one now under it, not the one under where it was on the board."""
    from PySide6.QtCore import QPointF

    widget = window.board_widget
    window.apply_settings(8, 8)
    rect = widget.square_rect(27)
    point = (rect.topLeft() + QPointF(rect.width() / 2, 3)).toPoint()  # just inside its top edge
    qtbot.mouseMove(widget, point)
    assert widget.view.hover == 27
    on_screen = widget.mapToGlobal(point)
    top = widget.mapToGlobal(widget.rect().topLeft()).y()
    window.lessons.dock.toggleViewAction().trigger()  # the note above the board
    qtbot.waitUntil(lambda: widget.mapToGlobal(widget.rect().topLeft()).y() > top + 10)
    assert widget.view.hover == widget.square_at(QPointF(widget.mapFromGlobal(on_screen)))
    assert widget.view.hover != 27


def test_the_hover_follows_a_still_pointer_when_the_window_moves(qtbot, window):
    """Found by the nightly fuzz: after Play Yourself laid the panels out anew the window grew and was
    moved back within its screen, under a still pointer; the board heard nothing of it (a window's move
    is no move of its children) and kept the square that had been under the pointer outlined."""
    from PySide6.QtCore import QPointF

    widget = window.board_widget
    window.apply_settings(8, 8)
    rect = widget.square_rect(27)
    point = (rect.topLeft() + QPointF(rect.width() / 2, 3)).toPoint()  # just inside its top edge
    qtbot.mouseMove(widget, point + QPoint(1, 1))  # (from beside it: Qt drops a move to where it
    qtbot.mouseMove(widget, point)  # thinks the pointer is, and an earlier test may have left it there)
    assert widget.view.hover == 27
    on_screen = widget.mapToGlobal(point)
    top = widget.mapToGlobal(widget.rect().topLeft()).y()
    window.move(window.pos() + QPoint(0, 40))
    qtbot.waitUntil(lambda: widget.mapToGlobal(widget.rect().topLeft()).y() >= top + 40)
    assert widget.view.hover == widget.square_at(QPointF(widget.mapFromGlobal(on_screen)))
    assert widget.view.hover != 27



class Key(QWidget):
    """A stand-in for the heatmap's key in ``BoardArea``: ``hint`` wide at most, ``least`` at least,
    ``area`` pixels of swatches wrapped to the width it is given (0: one line)."""

    def __init__(self, hint: int, least: int = 0, area: int = 0) -> None:
        super().__init__()
        self.hint, self.least, self.area = hint, least, area

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(self.hint, 30)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(self.least, 30)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return bool(self.area)

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self.area // width


def area_with_key(qtbot, board: Board, key: Key) -> tuple[BoardArea, BoardWidget]:
    """A ``BoardArea`` holding a widget of ``board`` and ``key``, shown."""
    widget = BoardWidget()
    widget.set_view(BoardView(board, show_knight=False))
    area = BoardArea(widget)
    qtbot.addWidget(area)
    area.set_key(key)
    area.show()
    return area, widget


def test_the_area_puts_a_key_under_a_wide_boards_few_rows_not_over_them(qtbot):
    """``BoardArea``: a board of 2 rows and 12 columns needs less height than the board widget's least
    (160 px); the key goes under the widget, never over its rows."""
    key = Key(200)
    area, board = area_with_key(qtbot, Board(2, 12), key)
    area.resize(700, 400)
    qtbot.waitExposed(area)
    assert board.height() >= 160 and key.isVisible()
    assert key.geometry().top() >= board.geometry().bottom()
    assert area.rect().contains(key.geometry())
    key.hide()
    assert board.geometry() == area.rect()  # no key: the board has it all


def test_the_area_gives_a_narrow_boards_key_the_width_it_must_have(qtbot):
    """Found in review: under a board of 3 columns the key was as narrow as the squares, 166 px, and
    its ramp's ends ran into its name ("24Pushes · log s58,005").  It has its least width."""
    key = Key(500, least=320)
    area, board = area_with_key(qtbot, Board(8, 3), key)
    area.resize(700, 500)
    qtbot.waitExposed(area)
    assert board.board_size(700, 460)[0] < 320  # (the squares are narrower than that)
    assert key.width() == 320 and abs(key.geometry().center().x() - area.width() // 2) <= 1


def test_the_areas_least_height_holds_the_key_as_high_as_it_is_at_that_width(qtbot):
    """Found in review: the area asked for the key's least height (about two lines) where its swatches
    wrapped to more; in a window made as small as it goes the last row went under the tool bar."""
    key = Key(400, least=100, area=12000)  # (rows of swatches: the narrower, the more)
    area, board = area_with_key(qtbot, Board(5), key)
    least = area.minimumSizeHint()
    assert least.height() >= 160 + key.heightForWidth(least.width()) + BoardArea.GAP
    area.resize(least)
    qtbot.waitUntil(lambda: area.size() == least)
    assert area.rect().contains(key.geometry()) and key.geometry().top() >= board.geometry().bottom()
