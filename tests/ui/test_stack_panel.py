"""ui/stack_panel.py: the search's stack, top first, alive: rows, chips, banner, counters, selection."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication

from knight_gui.tour import Board, Pop, Push
from knight_gui.ui.painting import LIGHT_THEME, BoardView, layout_board, paint_board
from knight_gui.ui.player import SearchConfig, TourPlayer
from knight_gui.ui.stack_panel import COL_CANDIDATES, COL_MOVE, COL_NEXT, COL_SQUARE, StackPanel
from knight_gui.ui.themes import mix

BOARD = Board(5)


@pytest.fixture
def panel(qtbot):
    """The panel beside plain backtracking on 5×5 from c5: it pops first at move 19 (b4, a dead end)."""
    player = TourPlayer()
    player.configure(SearchConfig(BOARD, "backtracking"))
    player.place(2)
    panel = StackPanel(player)
    qtbot.addWidget(panel)
    panel.resize(720, 640)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def cell(panel: StackPanel, row: int, column: int) -> str:
    return panel.model.data(panel.model.index(row, column))


def step_to(panel: StackPanel, kind: type) -> None:
    player = panel.player
    player.step()
    while not isinstance(player.last_event(), kind):
        player.step()


def near(colour: QColor, other: QColor, tolerance: int) -> bool:
    return (abs(colour.red() - other.red()) + abs(colour.green() - other.green())
            + abs(colour.blue() - other.blue())) <= tolerance


def chip_pixels(panel: StackPanel, row: int, colour: QColor) -> int:
    """Pixels of ``colour`` in the candidates cell of ``row``, as painted."""
    image = panel.table.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    rect = panel.table.visualRect(panel.model.index(row, COL_CANDIDATES))
    return sum(near(image.pixelColor(int(x * ratio), int(y * ratio)), colour, 6)
               for x in range(rect.left(), rect.right()) for y in range(rect.top(), rect.bottom()))


def test_rows_are_the_stack_top_first(panel):
    for _ in range(5):
        panel.player.step()
    path = panel.player.state.path
    model = panel.model
    assert model.rowCount() == len(path) == 6
    assert [cell(panel, row, COL_MOVE) for row in range(6)] == ["6", "5", "4", "3", "2", "1"]
    assert [cell(panel, row, COL_SQUARE) for row in range(6)] == [BOARD.label(s) for s in reversed(path)]
    assert cell(panel, 5, COL_SQUARE) == "c5 (0,2)"
    # the top frame's candidates, the next marked →; a lower one: the square above it on the stack ↑
    assert cell(panel, 0, COL_CANDIDATES).startswith("→")
    assert cell(panel, 1, COL_CANDIDATES).startswith(f"↑{BOARD.name(path[-1])}:")
    assert cell(panel, 0, COL_NEXT) == cell(panel, 0, COL_CANDIDATES)[1:3]


def test_a_pop_removes_the_top_row_and_greys_the_candidate_tried(panel):
    tried_face = mix(panel.table.palette().color(QPalette.ColorRole.Base),
                     panel.table.palette().color(QPalette.ColorRole.Text), 0.06)
    step_to(panel, Push)
    assert chip_pixels(panel, 0, tried_face) < 100  # nothing tried yet on top
    step_to(panel, Pop)
    pop = panel.player.last_event()
    assert pop == Pop(BOARD.parse("b4"), 19, pop.reason, 0)
    assert panel.model.rowCount() == 18
    assert cell(panel, 0, COL_CANDIDATES) == "×b4:0"  # the square popped, tried and crossed out
    assert cell(panel, 0, COL_NEXT) == "none"  # every candidate tried: this frame pops next
    assert chip_pixels(panel, 0, tried_face) > 200  # painted as a grey chip


def test_a_tried_candidate_is_crossed_out_in_the_window_as_shown(qtbot, window):
    """The line through a tried name showed in a grab of the table, not in the window: a static
    text's strike-out was lost painting the main window.  What the screen shows is checked here:
    plain backtracking on 8×8 from a8 run to its second backtrack, b7 tried and popped."""
    from tests.ui.test_window import click_square, press

    window.apply_settings(8, 8, "backtracking")
    click_square(qtbot, window, 0)
    for _ in range(2):
        press(qtbot, window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: not window.player.running, timeout=5000)
    panel = window.teaching.stack_panel
    assert cell(panel, 0, COL_CANDIDATES) == "×b7:0"
    table = panel.table
    qtbot.waitUntil(lambda: table.viewport().isVisible())
    window.repaint()
    shown = window.screen().grabWindow(window.winId()).toImage()
    ratio = shown.devicePixelRatio()
    rect = table.visualRect(panel.model.index(0, COL_CANDIDATES))
    rect.moveTopLeft(table.viewport().mapTo(window, rect.topLeft()))
    face = mix(table.palette().color(QPalette.ColorRole.Base), table.palette().color(QPalette.ColorRole.Text),
               0.06)
    ink = panel.delegate.colours.tried
    darker = (face.lightness() + ink.lightness()) / 2

    def longest_run(y: int) -> int:  # of pixels darker than the chip's face
        run = best = 0
        for x in range(rect.left(), rect.right()):
            run = run + 1 if shown.pixelColor(int(x * ratio), int(y * ratio)).lightness() < darker else 0
            best = max(best, run)
        return best

    name = table.fontMetrics().horizontalAdvance("b7")
    assert max(longest_run(y) for y in range(rect.top(), rect.bottom())) >= 0.8 * name


def test_the_banner_and_counters_say_what_happened(panel):
    assert panel.banner.text() == "Push c5 as move 1: the start square"
    step_to(panel, Pop)
    assert panel.banner.text().startswith("Pop b4 (move 19): b4 has no unvisited ")
    assert panel.banner.palette().color(QPalette.ColorRole.Window) == panel.colours.banner["pop"][0]
    assert panel.counters.text() == "Pushes 19 · Pops 1 · Depth 18 (max 19) · Dead ends 1"
    panel.player.step_back()
    assert panel.model.rowCount() == 19
    assert panel.counters.text() == "Pushes 19 · Pops 0 · Depth 19 (max 19) · Dead ends 0"


def test_clicking_a_row_selects_its_frame_and_outlines_its_square_on_the_board(qtbot, panel):
    for _ in range(6):
        panel.player.step()
    table = panel.table
    row = 3
    square = panel.player.state.path[-1 - row]
    rect = table.visualRect(panel.model.index(row, COL_SQUARE))
    with qtbot.waitSignal(panel.frame_selected) as selected:
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert selected.args == [square]
    frame = panel.selected_frame()
    assert frame is not None and frame.square == square and frame.step == 4

    view = BoardView(BOARD, path=list(panel.player.state.path), start=2)
    panel.decorate(view)
    assert view.selected == square and list(view.candidates) == list(frame.candidates)
    assert view.show_candidates and view.tried_candidates == frame.next - 1  # below the top: ↑ not tried
    image = QImage(300, 300, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    layout = layout_board(QRectF(0, 0, 300, 300), BOARD)
    with QPainter(image) as painter:
        paint_board(painter, layout, view, LIGHT_THEME)
    edge = layout.square_rect(square)
    inside_edge = QPointF(edge.center().x(), edge.top() + 1.5)
    assert near(image.pixelColor(inside_edge.toPoint()), LIGHT_THEME.selected, 60)

    with qtbot.waitSignal(panel.frame_selected) as cleared:
        table.clearSelection()
    assert cleared.args == [None]


def test_a_new_search_starts_the_table_afresh(panel):
    for _ in range(4):
        panel.player.step()
    panel.table.selectRow(2)
    panel.player.configure(SearchConfig(Board(6), "warnsdorff"))
    assert panel.model.rowCount() == 0 and panel.selected_frame() is None
    panel.player.place(0)
    assert panel.model.rowCount() == 1 and cell(panel, 0, COL_SQUARE) == "a6 (0,0)"


def test_rows_pushed_are_laid_out_in_the_frame_that_pushed_them(qtbot, panel):
    """The table's layout (its scroll bar's range) follows each change at once.  Left to the view's
    own timer it came a frame later, and the table was painted again then: at the highest speeds on a
    big board that frame is already a whole frame of search, and went over 16 ms."""
    panel.resize(720, 260)
    qtbot.waitUntil(lambda: panel.table.viewport().height() < 200)
    bar = panel.table.verticalScrollBar()
    ranges = []
    for _ in range(17):  # pushes only: 18 rows, more than the table shows
        panel.player.step()
        shown = bar.maximum()
        QApplication.processEvents()  # (what the event loop does next: any layout left to a timer)
        assert bar.maximum() == shown, "the table laid its new rows out only after the frame"
        ranges.append(shown)
    assert ranges[-1] > ranges[0] >= 0 and panel.model.rowCount() == 18


def test_the_chips_keep_their_column_when_the_stack_outgrows_the_table(qtbot, panel):
    """The scroll bar is there before the table needs it: when the stack outgrows the table the
    chips' column keeps its width, and nothing is laid out again.  The bar appearing narrowed the
    column at every search, and at maximum speed on a big board the table was laid out and
    painted again in the next frame."""
    panel.resize(720, 260)
    qtbot.waitUntil(lambda: panel.table.viewport().height() < 200)
    table = panel.table
    bar = table.verticalScrollBar()
    assert bar.maximum() == 0 and bar.isVisible()  # nothing to scroll yet, and the bar is there
    width = table.viewport().width()
    column = table.columnWidth(COL_CANDIDATES)
    for _ in range(17):  # pushes only: 18 rows, more than the table shows
        panel.player.step()
        QApplication.processEvents()
    assert bar.maximum() > 0 and bar.isVisible()
    assert table.viewport().width() == width
    assert table.columnWidth(COL_CANDIDATES) == column


def test_a_panel_too_low_for_everything_shrinks_the_table_not_the_pop_explained(qtbot, panel):
    """Presentation mode at 1024×768 (a real window): the banner explaining a pop takes three lines,
    and it was squeezed to its least two, the third cut in half, while the table had rows to spare."""
    panel.resize(300, 200)
    step_to(panel, Pop)
    QApplication.sendPostedEvents()
    banner = panel.banner
    text = banner.heightForWidth(banner.width())
    two_lines = banner.fontMetrics().lineSpacing() * 2 + 2 * banner.margin() + 2
    assert text > two_lines  # (the case: three lines or more at this width)
    assert banner.height() >= text  # every line whole
    assert panel.table.viewport().height() >= 1.5 * panel.table.verticalHeader().defaultSectionSize()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_legend_breaks_between_its_items_not_within_one(panel, language):
    """Seen at 1024×768: "small / number: degree" and "tried, / backtracked" broke across lines."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QFontMetricsF, QTextDocument

    from knight_gui.ui import i18n

    i18n.install_translator(i18n.CHINESE if language == "zh_CN" else i18n.ENGLISH)
    try:
        panel.changeEvent(QEvent(QEvent.Type.LanguageChange))
        tr = panel.tr
        items = [tr("next to try"), tr("on the stack above"), tr("tried, backtracked"),
                 tr("dashed frame: not tried yet")]  # (every kind of chip)
        legend = panel.legend
        widest = max(QFontMetricsF(legend.font()).horizontalAdvance(item) for item in items) * 1.3
        for width in range(int(widest), 700, 7):
            document = QTextDocument()
            document.setDefaultFont(legend.font())
            document.setHtml(legend.text())
            document.setTextWidth(width)
            document.size()  # (laid out)
            block = document.firstBlock()
            layout = block.layout()
            lines = [block.text()[layout.lineAt(n).textStart():][:layout.lineAt(n).textLength()]
                     .replace("\xa0", " ").replace("\u2060", "") for n in range(layout.lineCount())]
            for item in items:
                assert any(item in line for line in lines), (width, item, lines)
    finally:
        i18n.install_translator(i18n.ENGLISH)


@pytest.mark.parametrize("width", [12, 24, 40, 60])
def test_a_candidates_cell_narrower_than_a_chip_cuts_neither_a_chip_nor_its_ellipsis(panel, width):
    """Seen in review at 200% on 1024×768: the column narrower than one chip showed the first chip cut
    and a "." of the "…" at its edge.  What is drawn ends inside the cell, whatever its width."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QStyleOptionViewItem

    for _ in range(5):
        panel.player.step()
    table, delegate = panel.table, panel.delegate
    image = QImage(200, 60, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    for row in range(panel.model.rowCount()):
        option = QStyleOptionViewItem()
        option.initFrom(table.viewport())
        option.widget = table
        option.rect = QRect(10, 10, width, 30)
        option.font = table.font()
        with QPainter(image) as painter:
            delegate.paint(painter, option, panel.model.index(row, COL_CANDIDATES))
        drawn, total, end, room = delegate.drawn[row]
        assert end <= room + 0.5, (row, drawn, total, end, room)
    assert any(drawn < total for drawn, total, _, _ in delegate.drawn.values())
