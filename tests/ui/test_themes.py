"""The board and the teaching panels follow the light or dark palette; exported images stay light."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from knight_gui.ui import file_dialogs, themes
from knight_gui.ui.painting import LIGHT_THEME
from knight_gui.ui.stack_panel import COL_CANDIDATES, COL_MOVE, COL_SQUARE


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
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a: (str(target), ""))
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


# -- the teaching panels ---------------------------------------------------------------------

#: WCAG's least contrast for body text; a student at the back of a classroom needs no less.
READABLE = 4.5


def luminance(c: QColor) -> float:
    """Relative luminance (WCAG 2)."""
    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """Contrast ratio of two colours, 1 (none) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def grab(widget: QWidget) -> QImage:
    return widget.grab().toImage()


def pixels(image: QImage, rect: QRect) -> list[QColor]:
    """The pixels of ``rect`` (widget coordinates) in a grabbed image."""
    ratio = image.devicePixelRatio()
    x0, y0 = int(rect.left() * ratio), int(rect.top() * ratio)
    x1 = min(int(rect.right() * ratio), image.width() - 1)
    y1 = min(int(rect.bottom() * ratio), image.height() - 1)
    return [image.pixelColor(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]


def background(image: QImage, rect: QRect) -> QColor:
    """The commonest colour in ``rect``: the background behind any text."""
    return QColor.fromRgba(Counter(c.rgba() for c in pixels(image, rect)).most_common(1)[0][0])


def ink_contrast(image: QImage, rect: QRect) -> float:
    """Contrast of the text in ``rect`` against its background (the most contrasting pixel: the ink)."""
    ground = background(image, rect)
    return max(contrast(c, ground) for c in pixels(image, rect))


def box_of(image: QImage, colour: QColor, within: QRect | None = None) -> QRect:
    """The bounding box (widget coordinates) of the pixels of ``colour``, e.g. a chip's face."""
    ratio = image.devicePixelRatio()
    within = within or QRect(0, 0, int(image.width() / ratio), int(image.height() / ratio))
    found = [(x, y) for y in range(within.top(), within.bottom() + 1)
             for x in range(within.left(), within.right() + 1)
             if close(image.pixelColor(int(x * ratio), int(y * ratio)), colour, 6)]
    assert found, f"no {colour.name()} in {within}"
    xs, ys = [x for x, _ in found], [y for _, y in found]
    return QRect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def mid_search(qtbot, window) -> None:
    """Plain backtracking on 5x5 from c5 up to its third backtrack: pops in the log, frames on the stack."""
    window.apply_settings(5, 5, "backtracking")
    widget = window.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(2).center().toPoint())
    for _ in range(3):
        qtbot.keyClick(widget, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: not window.player.running, timeout=5000)
    assert type(window.player.last_event()).__name__ == "Pop" and window.player.state.depth >= 3


def stack_cells(window) -> tuple[QImage, list[QRect], QRect, QRect]:
    """The stack table's viewport, its visible rows' Move-and-Square cells, the top row's and row 1's
    candidates cells."""
    panel = window.teaching.stack_panel
    model, table = panel.model, panel.table
    rows = []
    for row in range(model.rowCount()):
        rect = table.visualRect(model.index(row, COL_MOVE))
        rect = rect.united(table.visualRect(model.index(row, COL_SQUARE)))
        if table.viewport().rect().contains(rect):
            rows.append(rect)
    return (grab(table.viewport()), rows, table.visualRect(model.index(0, COL_CANDIDATES)),
            table.visualRect(model.index(1, COL_CANDIDATES)))


def test_every_teaching_panel_reads_well_on_a_dark_palette(qtbot, window, dark_palette):
    mid_search(qtbot, window)
    QApplication.setPalette(dark_palette)
    qtbot.waitUntil(lambda: window.board_widget.theme is themes.DARK_THEME)
    teaching = window.teaching
    panel = teaching.stack_panel
    colours = themes.panel_colours(panel.palette())
    assert colours is themes.DARK_PANELS
    text = panel.table.palette().color(QPalette.ColorRole.Text)
    assert text.lightness() > 200
    # the stack: the top frame's highlight is dark behind the light text; every row reads
    image, rows, top_candidates, below_candidates = stack_cells(window)
    assert len(rows) >= 3
    assert contrast(background(image, rows[0]), text) >= READABLE
    for rect in rows:
        assert ink_contrast(image, rect) >= READABLE, f"stack row at y={rect.top()}"
    # the chips: the next candidate on the top frame, and the candidate on the stack above row 1
    chip = box_of(image, colours.on_stack, below_candidates)
    assert ink_contrast(image, chip.adjusted(2, 2, -2, -2)) >= READABLE
    assert contrast(colours.next, background(image, top_candidates)) >= READABLE
    # the banner (the last event, a pop) and the legend's "on the stack above"
    assert ink_contrast(grab(panel.banner), panel.banner.rect()) >= READABLE
    legend = grab(panel.legend)
    assert ink_contrast(legend, box_of(legend, colours.on_stack)) >= READABLE
    # the pseudocode: the current line's highlight is dark behind light text; every line reads
    code = teaching.pseudocode.code
    image = grab(code.viewport())
    current = code.visualItemRect(code.item(teaching.pseudocode.current))
    assert contrast(background(image, current), code.palette().color(QPalette.ColorRole.Text)) >= READABLE
    for line in range(code.count()):
        assert ink_contrast(image, code.visualItemRect(code.item(line))) >= READABLE, f"line {line + 1}"
    # the event log: pops and pushes alike
    teaching.log_dock.raise_()
    log = teaching.event_log
    qtbot.waitUntil(lambda: not log.visibleRegion().isEmpty() and log.model.rowCount() > 0)
    image = grab(log.view.viewport())
    shown = [log.view.visualRect(log.model.index(row)) for row in range(log.model.rowCount())]
    shown = [rect for rect in shown if log.view.viewport().rect().contains(rect)]
    assert any("Pop" in log.model.text(row) for row in range(log.model.rowCount())) and len(shown) >= 3
    for rect in shown:
        assert ink_contrast(image, rect) >= READABLE, f"log row at y={rect.top()}"


def test_the_teaching_panels_change_colours_with_the_palette(qtbot, window, dark_palette):
    mid_search(qtbot, window)
    light_palette = QApplication.palette()
    teaching = window.teaching
    panel, code = teaching.stack_panel, teaching.pseudocode.code
    teaching.log_dock.raise_()  # the log catches up, then gives the pseudocode its tab back
    qtbot.waitUntil(lambda: teaching.event_log.model.rowCount() > 0)
    teaching.pseudocode_dock.raise_()
    qtbot.waitUntil(lambda: not code.visibleRegion().isEmpty())

    def shown() -> tuple[QColor, QColor, QColor]:
        """The top frame's row, the banner and the current pseudocode line, as painted."""
        image, rows, _, _ = stack_cells(window)
        current = code.visualItemRect(code.item(teaching.pseudocode.current))
        return (background(image, rows[0]), background(grab(panel.banner), panel.banner.rect()),
                background(grab(code.viewport()), current))

    def painted(colours: themes.PanelColours) -> bool:
        top, banner, line = shown()
        return (close(top, colours.top_row, 6) and close(banner, colours.banner["pop"][0], 6)
                and close(line, colours.current_line, 6))

    assert painted(themes.LIGHT_PANELS)
    assert teaching.event_log.model.index(teaching.event_log.model.rowCount() - 1).data(
        Qt.ItemDataRole.ForegroundRole) == themes.LIGHT_PANELS.pop
    for palette, colours in ((dark_palette, themes.DARK_PANELS), (light_palette, themes.LIGHT_PANELS)):
        QApplication.setPalette(palette)
        qtbot.waitUntil(lambda colours=colours: painted(colours))
        last = teaching.event_log.model.index(teaching.event_log.model.rowCount() - 1)
        assert last.data(Qt.ItemDataRole.ForegroundRole) == colours.pop
        assert colours.on_stack.name() in panel.legend.text()


@pytest.mark.parametrize(("colours", "base", "text"), [(themes.LIGHT_PANELS, "#ffffff", "#000000"),
                                                       (themes.DARK_PANELS, "#1c1c1c", "#e8e8e8")])
def test_every_ink_of_the_panels_reads_at_four_and_a_half_to_one_where_it_is_drawn(colours, base, text):
    """WCAG's AA for text, on each ground the ink is drawn on: a projector washes out what reads on a
    screen (in presentation mode the tried candidates' grey, 2.4:1 on their chips, was hard to read
    from the back of a room)."""
    base, text = QColor(base), QColor(text)
    shaded = themes.mix(base, text, 0.06)  # a tried chip's face; alternate rows
    grounds = {
        "next": (base, colours.top_row),  # the next chip; "none" and the name in the top row's Next
        "tried": (base, shaded),  # a tried chip; "none" in a lower row's Next
        "degree": (base, colours.on_stack),  # on a pending chip, on the chip on the stack
        "pop": (base, shaded), "outcome": (base, shaded),  # the event log
        "current_text": (colours.current_line,),  # the pseudocode's current line
    }
    for ink, on in grounds.items():
        for ground in on:
            assert contrast(getattr(colours, ink), ground) >= READABLE, (ink, ground.name())
    for kind, (ground, ink) in colours.banner.items():
        assert contrast(ink, ground) >= READABLE, kind
