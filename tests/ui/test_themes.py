"""The board follows the light or dark palette; exported images stay light."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QFileDialog

from knight_gui.ui import themes
from knight_gui.ui.painting import LIGHT_THEME


@pytest.fixture
def dark_palette(qapp):
    before = QApplication.palette()
    palette = QPalette(before)
    for role, colour in ((QPalette.ColorRole.Window, "#262626"), (QPalette.ColorRole.WindowText, "#e8e8e8"),
                         (QPalette.ColorRole.Base, "#1c1c1c"), (QPalette.ColorRole.Text, "#e8e8e8"),
                         (QPalette.ColorRole.Button, "#333333"), (QPalette.ColorRole.ButtonText, "#e8e8e8")):
        palette.setColor(role, QColor(colour))
    yield palette
    QApplication.setPalette(before)


def close(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) <= tolerance


def test_a_light_palette_gives_the_light_board(window):
    assert not themes.is_dark(window.palette())
    assert window.board_widget.theme is LIGHT_THEME


def test_the_board_turns_dark_with_the_palette_and_stays_readable(qtbot, window, dark_palette):
    widget = window.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(0).center().toPoint())
    QApplication.setPalette(dark_palette)
    qtbot.waitUntil(lambda: widget.theme is themes.DARK_THEME)
    image = widget.grab().toImage()
    ratio = image.devicePixelRatio()
    # an unvisited dark square in the dark theme's colour
    centre = widget.square_rect(widget.view.board.square(7, 7)).center()
    assert close(image.pixelColor(int(centre.x() * ratio), int(centre.y() * ratio)), themes.DARK_THEME.light)
    # coordinates: light ink on the dark background, beside the board
    rect = widget.board_layout().board_rect
    left = widget.square_rect(0)
    margin = QColor(widget.palette().color(QPalette.ColorRole.Window))
    x0, x1 = int((rect.left() - widget.board_layout().margin) * ratio), int(rect.left() * ratio)
    inks = [image.pixelColor(x, y) for x in range(x0, x1) for y in range(int(left.top() * ratio),
                                                                          int(left.bottom() * ratio))]
    assert any(c.lightness() > 160 for c in inks), "no light label on the dark background"
    assert all(c.lightness() < 90 or c.lightness() > margin.lightness() for c in inks)
    # the move number on the knight's previous squares: dark ink with a light halo is drawn
    assert themes.DARK_THEME.number.lightness() < 60 and themes.DARK_THEME.coords.lightness() > 160
    QApplication.setPalette(QPalette())
    qtbot.waitUntil(lambda: widget.theme is LIGHT_THEME)


def test_export_uses_the_light_theme_under_a_dark_palette(qtbot, window, dark_palette, tmp_path, monkeypatch):
    QApplication.setPalette(dark_palette)
    widget = window.board_widget
    qtbot.waitUntil(lambda: widget.theme is themes.DARK_THEME)
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(0).center().toPoint())
    target = tmp_path / "light.png"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    window.export_px = 400
    window.export_action.trigger()
    image = QImage(str(target))
    light = dark = 0
    for y in range(0, image.height(), 5):
        for x in range(0, image.width(), 5):
            c = image.pixelColor(x, y)
            light += close(c, LIGHT_THEME.light, 12)
            dark += close(c, themes.DARK_THEME.light, 12)
    assert light > 500 and dark == 0
