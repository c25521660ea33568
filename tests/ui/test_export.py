"""Export: PNG and SVG from one path, with the same layers (the heatmap included)."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from knight_gui import cli
from knight_gui.ui import file_dialogs
from knight_gui.ui.analysis.results import OUTCOME_COLOURS
from knight_gui.ui.player import MAX_SPEED, SPEEDS
from tests.ui.analysis.common import click_square, colour_near


def test_svg_export_draws_the_same_board(qtbot, window, tmp_path, monkeypatch):
    window.apply_settings(6, 6)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    click_square(qtbot, window, 0)
    with qtbot.waitSignal(window.player.finished, timeout=10000):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_End)
    target = tmp_path / "tour"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: (str(target), ""))
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
    # 900 px declared at 96 an inch, as SVG readers take a pixel: it opens 900 px wide, not 1,200
    root = ElementTree.parse(svg).getroot()
    assert root.get("viewBox") == "0 0 900 900"
    assert root.get("width") == root.get("height") == "238.125mm"  # 900 / 96 × 25.4


def _square_corner(px: int, side: int, row: int, col: int) -> QPointF:
    """A point just inside the top-left corner of a square of an export ``px`` wide (coordinates margin)."""
    square = px / (side + 1)
    return QPointF(square / 2 + col * square + 4, square / 2 + row * square + 4)


def test_png_and_svg_exports_both_show_the_heatmap(qtbot, window, tmp_path, monkeypatch):
    """One export path: the heatmap on the board is in the PNG as in the SVG (the PNG used to drop it)."""
    window.apply_settings(6, 6, "classic")
    with qtbot.waitSignal(window.analysis_panel.every_square.run_finished, timeout=30000):
        window.solve_all_action.trigger()
    assert window.board_widget.heat is not None  # every start of 6x6 has a classic tour: all green
    click_square(qtbot, window, 0)  # a new search hides the heatmap ...
    assert window.board_widget.heat is None
    window.heat_action.trigger()  # ... and View ▸ Heatmap shows it again
    window.export_px = 700
    chosen = iter([str(tmp_path / "heat"), str(tmp_path / "heat")])
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: (next(chosen), ""))
    window.export_action.trigger()
    window.export_svg_action.trigger()
    tour = QColor(OUTCOME_COLOURS["tour"])
    png = QImage(str(tmp_path / "heat.png"))
    assert not png.isNull() and png.width() == 700
    # The key under the board says what the colours mean: the outcome's swatch, with its name.
    assert png.height() > 700
    assert _colour_in_band(png, 700, tour), "no tour swatch under the board"
    # Light squares (the start, a8, has a frame of its own).
    for row, col in ((0, 2), (2, 0), (2, 2), (5, 5)):
        assert colour_near(png, _square_corner(700, 6, row, col), tour, 30), (row, col)
    svg = (tmp_path / "heat.svg").read_text(encoding="utf-8")
    fills = {element.get("fill", "").lower() for element in ElementTree.fromstring(svg).iter()}
    assert tour.name() in fills, sorted(fills)
    assert "tour 36" in _svg_text(svg)  # every start found a tour
    assert "Starts:" in _svg_text(svg)  # (what is counted: 36 starts, not a tour of 36 squares)
    rendered = QImage(700, 700, QImage.Format.Format_ARGB32)
    rendered.fill(QColor("white"))
    with QPainter(rendered) as painter:
        QSvgRenderer(str(tmp_path / "heat.svg")).render(painter)
    for row, col in ((0, 2), (2, 0), (2, 2), (5, 5)):
        assert colour_near(rendered, _square_corner(700, 6, row, col), tour, 30), (row, col)
    # Hidden on the board, hidden in both.
    window.analysis_panel.every_square.heat_button.click()
    assert window.board_widget.heat is None
    assert window.export_png(str(tmp_path / "plain.png"))
    plain = QImage(str(tmp_path / "plain.png"))
    assert not colour_near(plain, _square_corner(700, 6, 0, 2), tour, 30)
    assert plain.height() == 700  # and no key


def _svg_text(svg: str) -> str:
    """The words an SVG document draws, one text element after another."""
    return " ".join("".join(element.itertext()).strip() for element in ElementTree.fromstring(svg).iter()
                    if element.tag.endswith("text"))


def _colour_in_band(image: QImage, top: int, colour: QColor, tolerance: int = 12) -> bool:
    """Whether ``colour`` is somewhere in the rows of ``image`` from ``top`` down (every other pixel)."""
    for y in range(top, image.height(), 2):
        for x in range(0, image.width(), 2):
            if colour_near(image, QPointF(x, y), colour, tolerance):
                return True
    return False


def test_an_exported_heatmap_of_pushes_has_its_ramp_and_ends_under_the_board(qtbot, window, tmp_path):
    """A number per colour needs its scale: the ramp, what it measures and its two ends, as in the
    Every square tab (the PNG used to show the colours with no key)."""
    from knight_gui.ui.analysis.heatmap import RAMP

    window.apply_settings(5, 5, "warnsdorff")
    with qtbot.waitSignal(window.analysis_panel.every_square.run_finished, timeout=30000):
        window.solve_all_action.trigger()
    page = window.analysis_panel.every_square
    page.metric_combo.setCurrentIndex(page.metric_combo.findData("pushes"))
    legend = page.legend.legend
    assert legend is not None and legend.metric == "pushes" and legend.low < legend.high
    window.export_px = 600
    assert window.export_png(str(tmp_path / "pushes.png"))
    assert window.export_svg(str(tmp_path / "pushes.svg"))
    png = QImage(str(tmp_path / "pushes.png"))
    assert png.width() == 600 and png.height() > 600
    # The ramp's two ends, light and dark, in the band under the board.
    assert _colour_in_band(png, 600, QColor(RAMP[0]))
    assert _colour_in_band(png, 600, QColor(RAMP[-1]))
    words = _svg_text((tmp_path / "pushes.svg").read_text(encoding="utf-8"))
    assert "Pushes · log scale" in words
    assert f"{legend.low:,.0f}" in words and f"{legend.high:,.0f}" in words


def test_a_heatmap_is_exported_straight_after_the_run_with_no_knight_placed(qtbot, window, tmp_path,
                                                                             monkeypatch):
    """Export PNG and SVG were greyed out until a knight was placed, and placing one hides the heatmap:
    the heatmap of Every square could only be exported by turning it on again."""
    window.apply_settings(5, 5, "warnsdorff")
    assert not window.export_action.isEnabled()  # an empty board: nothing to export
    with qtbot.waitSignal(window.analysis_panel.every_square.run_finished, timeout=30000):
        window.solve_all_action.trigger()
    assert window.player.start is None and window.board_widget.heat is not None
    assert window.export_action.isEnabled() and window.export_svg_action.isEnabled()
    offered = []

    def choose(parent, title, suggested, filter_):
        offered.append(os.path.basename(suggested))
        return str(tmp_path / "heat"), ""

    monkeypatch.setattr(file_dialogs, "save_file_name", choose)
    window.export_px = 500
    qtbot.keyClick(window.board_widget, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # Export PNG
    assert offered == ["heatmap-5x5.png"]
    png = QImage(str(tmp_path / "heat.png"))
    assert png.width() == 500 and png.height() > 500  # the board and its key
    assert colour_near(png, _square_corner(500, 5, 0, 0), QColor(OUTCOME_COLOURS["tour"]), 30)
    window.analysis_panel.every_square.heat_button.click()  # the heatmap hidden: nothing to export again
    assert not window.export_action.isEnabled() and not window.export_svg_action.isEnabled()


def test_the_start_frame_stands_out_on_a_heatmap(qtbot, window, tmp_path):
    """On the Outcome heatmap the start square's dark green frame sat on the tour's green and could
    hardly be seen: a white line inside it now sets it off, in the window and in exports."""
    window.apply_settings(6, 6, "classic")
    with qtbot.waitSignal(window.analysis_panel.every_square.run_finished, timeout=30000):
        window.solve_all_action.trigger()
    click_square(qtbot, window, 14)
    window.heat_action.trigger()
    assert window.board_widget.heat is not None and window.player.start == 14
    rect = window.board_widget.square_rect(14)
    frame = max(1.5, rect.width() * 0.08)
    image = window.board_widget.grab().toImage()
    inside = QPointF(rect.left() + frame + frame * 0.2 + 0.5, rect.center().y())
    assert colour_near(image, inside, QColor("white"), 40)
    window.heat_action.trigger()  # no heatmap: the frame alone, as always
    image = window.board_widget.grab().toImage()
    assert not colour_near(image, inside, QColor("white"), 40)


def test_an_exported_picture_is_titled_in_the_windows_language(qtbot, chinese_window, tmp_path):
    """Found by a helper: the Chinese window's SVG was titled "Knight's tour" and described as "6×6,
    36 squares" with the caption off, and the PNG's "Title" text was "Knight's tour" too: they are
    the caption's words now, as Play Yourself's export has them."""
    window = chinese_window
    window.apply_settings(6, 6)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    click_square(qtbot, window, 0)
    with qtbot.waitSignal(window.player.finished, timeout=10000):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_End)
    said = window.export_caption()
    assert any("\u4e00" <= ch <= "\u9fff" for ch in said), said  # (board, start, algorithm, pushes, pops)
    if window.caption_action.isChecked():
        window.caption_action.trigger()  # the caption band off: the title still says what it is
    assert window.export_svg(str(tmp_path / "t.svg"))
    root = ElementTree.parse(tmp_path / "t.svg").getroot()
    texts = {child.tag.rsplit("}", 1)[-1]: child.text for child in root}
    assert texts["title"] == texts["desc"] == said, texts
    assert window.export_png(str(tmp_path / "t.png"))
    assert QImage(str(tmp_path / "t.png")).text("Title") == said
