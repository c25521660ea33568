"""Export: PNG and SVG from one path, with the same layers (the heatmap included)."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QFileDialog

from knight_gui import cli
from knight_gui.ui.player import MAX_SPEED, SPEEDS
from tests.ui.analysis.common import click_square, colour_near


def test_svg_export_draws_the_same_board(qtbot, window, tmp_path, monkeypatch):
    window.apply_settings(6, 6)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    click_square(qtbot, window, 0)
    with qtbot.waitSignal(window.player.finished, timeout=10000):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_End)
    target = tmp_path / "tour"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    qtbot.keyClick(window.board_widget, Qt.Key.Key_E,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    svg = tmp_path / "tour.svg"
    root = ElementTree.parse(svg).getroot()
    assert root.tag.endswith("svg")
    text = svg.read_text(encoding="utf-8")
    assert "<image" not in text  # vector squares, not a scaled bitmap
    renderer = QSvgRenderer(str(svg))
    assert renderer.isValid()
    image = QImage(600, 600, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    with QPainter(image) as painter:
        renderer.render(painter)
    theme = window.board_widget.theme
    # Square (5, 5) is light and visited: its corner has the visited tint.
    square = 600 / 7
    corner = QPointF(square / 2 + 5 * square + 4, square / 2 + 5 * square + 4)
    assert colour_near(image, corner, theme.visited_light, 30)
    assert "Saved" in window.statusBar().currentMessage()


def test_the_cli_exports_200x200_as_png_and_svg(tmp_path):
    png = tmp_path / "big.png"
    assert cli.main(["export", "--size", "200", "--start", "0", "0", "-o", str(png)]) == 0
    image = QImage(str(png))
    assert image.width() == image.height() == 2048
    svg = tmp_path / "big.svg"
    assert cli.main(["export", "--size", "30", "--start", "0", "0", "-o", str(svg), "--px", "900"]) == 0
    assert QSvgRenderer(str(svg)).isValid()
