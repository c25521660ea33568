"""Exported images for slides: a caption, a mark on the last square, arrowheads (issue 12)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from PySide6.QtCore import QPointF, QSettings
from PySide6.QtGui import QImage

from knight_gui import cli
from knight_gui.tour import Board, Outcome, Search
from knight_gui.ui import i18n
from knight_gui.ui.export import caption_band, render_image, render_svg, tour_view
from knight_gui.ui.painting import LIGHT_THEME, arrow_tip, layout_board

PX = 800


def classic_e3() -> tuple[Board, list[int], int, int]:
    board = Board(8)
    search = Search(board, board.parse("e3"), "classic")
    for event in search:
        if isinstance(event, Outcome):
            return board, search.path(), search.pushes, search.pops
    raise AssertionError


def ink_in(image: QImage, top: int, bottom: int) -> int:
    """Dark pixels (text) in the rows top..bottom."""
    return sum(1 for y in range(top, bottom, 2) for x in range(0, image.width(), 2)
               if image.pixelColor(x, y).lightness() < 120)


def svg_lines(root: ET.Element) -> list[str]:
    """The SVG's texts, joined into lines by their baseline (Qt writes a run per script: 起点 apart)."""
    lines: dict[str, str] = {}
    for t in root.iter("{http://www.w3.org/2000/svg}text"):
        y = t.get("y", "")
        lines[y] = lines.get(y, "") + "".join(t.itertext())
    return [line.strip() for line in lines.values()]


def board_layout(board: Board, view, image: QImage):
    from knight_gui.ui.export import _page
    width, height, margin = _page(view, PX)
    from PySide6.QtCore import QRectF
    return layout_board(QRectF(0, 0, width, height), board, view.coords, margin=margin)


def test_a_caption_adds_a_band_of_text_under_the_board():
    board, path, pushes, pops = classic_e3()
    view = tour_view(board, path)
    plain = render_image(view, PX)
    caption = f"8×8 · start e3 · Classic (course) · pushes {pushes} · pops {pops}"
    captioned = render_image(view, PX, caption=caption)
    assert plain.height() == plain.width() == captioned.width()
    band = caption_band(captioned.width(), "x")
    assert captioned.height() == plain.height() + band
    assert ink_in(captioned, plain.height(), captioned.height()) > 100  # the caption's letters


def test_the_svg_caption_is_text_a_slide_keeps():
    board, path, pushes, pops = classic_e3()
    caption = f"8×8 · start e3 · Classic (course) · pushes {pushes} · pops {pops}"
    root = ET.fromstring(render_svg(tour_view(board, path), PX, caption=caption))
    assert caption in svg_lines(root)


def test_the_last_square_is_framed_and_arrowheads_show_the_way():
    board, path, _, _ = classic_e3()
    view = tour_view(board, path)
    image = render_image(view, PX).convertToFormat(QImage.Format.Format_ARGB32)
    layout = board_layout(board, view, image)
    last = layout.square_rect(path[-1])
    edge = image.pixelColor(round(last.left() + 3), round(last.center().y()))
    assert abs(edge.red() - LIGHT_THEME.end.red()) < 30 and edge.green() < 80  # the end's red frame
    first = layout.square_rect(path[0])
    start_edge = image.pixelColor(round(first.left() + 3), round(first.center().y()))
    assert start_edge.green() > start_edge.red() + 40  # the start keeps its green frame
    # inside the arrowhead of the first move, beside the line: blue with arrows, not without
    a, b = layout.centre(path[0]), layout.centre(path[1])
    direction = b - a
    norm = (direction.x() ** 2 + direction.y() ** 2) ** 0.5
    ux, uy = direction.x() / norm, direction.y() / norm
    tip = arrow_tip(layout, path[0], path[1])
    s = layout.square
    point = QPointF(tip.x() - ux * s * 0.15 - uy * s * 0.05, tip.y() - uy * s * 0.15 + ux * s * 0.05)
    with_arrows = image.pixelColor(round(point.x()), round(point.y()))
    view.arrows = False
    bare = render_image(view, PX).convertToFormat(QImage.Format.Format_ARGB32)
    without = bare.pixelColor(round(point.x()), round(point.y()))
    assert with_arrows.blue() > with_arrows.red() + 50 and with_arrows.lightness() < 120
    assert without.lightness() > with_arrows.lightness() + 40


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_captions_still_images_too(qapp, capsys, tmp_path):
    png, svg = tmp_path / "tour.png", tmp_path / "tour.svg"
    for target in (png, svg):
        code, out, err = run(capsys, "export", "--size", "8", "--start", "e3", "--algorithm", "classic",
                             "--px", str(PX), "--caption", "-o", str(target))
        assert code == 0, err
    image = QImage(str(png))
    assert image.height() == image.width() + caption_band(image.width(), "x")
    assert ink_in(image, image.width(), image.height()) > 100
    root = ET.parse(svg).getroot()
    assert "8×8 · start e3 · Classic (course) · pushes 110 · pops 46" in svg_lines(root)
    code, _, _ = run(capsys, "export", "--size", "5", "--start", "a5", "-o", str(tmp_path / "plain.png"))
    assert code == 0
    plain = QImage(str(tmp_path / "plain.png"))
    assert plain.height() == plain.width()  # no caption unless asked


def test_the_window_exports_a_caption_in_its_language_and_remembers_the_choice(qtbot, tmp_path):
    from knight_gui.ui.main_window import MainWindow

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    i18n.install_translator(i18n.CHINESE)
    try:
        win = MainWindow(settings=settings)
        qtbot.addWidget(win)
        i18n.install_translator(i18n.CHINESE)  # (the new settings file says: the system's language)
        win.apply_settings(8, 8, "classic")
        win.player.place(Board(8).parse("e3"))
        with qtbot.waitSignal(win.player.finished, timeout=20000):
            win.finish_action.trigger()
        assert not win.caption_action.isChecked()
        win.caption_action.trigger()
        assert win.export(str(tmp_path / "tour.svg"))
        root = ET.parse(tmp_path / "tour.svg").getroot()
        caption = win.export_caption()
        assert caption in svg_lines(root) and "110" in caption and "46" in caption
        assert any("\u4e00" <= ch <= "\u9fff" for ch in caption), caption  # in Chinese
        assert win.export(str(tmp_path / "tour.png"))
        image = QImage(str(tmp_path / "tour.png"))
        assert image.height() > image.width()
        win.close()
    finally:
        i18n.install_translator(i18n.ENGLISH)
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.caption_action.isChecked()  # remembered
    assert "pushes 0" not in again.export_caption() and again.export_caption() == ""  # no knight: none
    again.settings_keeper.restore_defaults_action.trigger()  # View ▸ Restore Defaults: the menu too
    assert not again.caption_action.isChecked()
    third = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(third)
    assert not third.caption_action.isChecked()


