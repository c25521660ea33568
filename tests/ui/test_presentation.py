"""For the classroom: the first size fits the screen, one text size for every panel, presentation mode."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QRect, QSettings, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetricsF, QHelpEvent, QImage, QPainter
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QMenu, QToolTip, QWidget

from knight_gui.ui.presentation import TEXT_SCALES, capitals, first_geometry
from knight_gui.ui.stack_panel import COL_CANDIDATES
from tests.ui.test_window import click_square, press


def settle(qtbot, window) -> None:
    """Let the layout follow a change of size or font, and the docks be fitted again."""
    QApplication.sendPostedEvents()  # the layout requests the change posted
    window.teaching.fit_docks()
    QApplication.sendPostedEvents()


def panels(window) -> dict[str, QWidget]:
    """Where a teacher reads text: every panel, the banner, the tables, the status bar and tool bar."""
    t = window.teaching
    return {"stack table": t.stack_panel.table, "banner": t.stack_panel.banner,
            "pseudocode": t.pseudocode.code, "event log": t.event_log,
            "status": window.message_label, "counts": window.counts_label,
            "tool bar": window.run_toolbar, "speed": window.speed_label,
            "analysis tables": window.analysis_panel.compare.table}


def stack_rows(window) -> float:
    table = window.teaching.stack_panel.table
    return table.viewport().height() / table.verticalHeader().defaultSectionSize()


def pseudocode_whole(window) -> list[int]:
    """The pseudocode lines that are not shown whole (cut at the bottom or the right), 1-based."""
    code = window.teaching.pseudocode.code
    shown = code.viewport().rect()
    cut = []
    for row in range(code.count()):
        line = code.visualItemRect(code.item(row))
        if not (shown.top() <= line.top() and line.bottom() <= shown.bottom()
                and line.right() <= shown.right()):
            cut.append(row + 1)
    return cut


def lecture(qtbot, window) -> None:
    """Plain backtracking on 6×6, closed (the longest pseudocode), run to a backtrack."""
    window.apply_settings(6, 6, "backtracking", closed=True)
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.player.running, timeout=5000)


# -- the first size ---------------------------------------------------------------------------


@pytest.mark.parametrize(("available", "expected"), [
    (QRect(0, 0, 1920, 1040), (1280, 860)),
    (QRect(0, 0, 1024, 740), (1008, 700)),
    (QRect(0, 28, 1280, 692), (1264, 652)),
    (QRect(1920, 0, 1366, 768), (1280, 728)),
])
def test_the_first_size_comes_from_the_available_screen(available, expected):
    rect = first_geometry(available)
    assert rect.size().toTuple() == expected
    assert available.contains(rect)  # nothing starts off-screen (the frame has room above)


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1280, 720)])
def test_on_a_small_screen_everything_fits_and_reads(qtbot, window, width, height):
    screen = QRect(0, 0, width, height)
    window.fit_screen(screen)
    qtbot.waitUntil(lambda: screen.contains(window.frameGeometry()))
    lecture(qtbot, window)
    settle(qtbot, window)
    for widget in (window.teaching.stack_dock, window.teaching.pseudocode_dock, window.statusBar(),
                   window.teaching.timeline, window.run_toolbar, window.board_toolbar):
        top_left = widget.mapTo(window, widget.rect().topLeft())
        assert window.rect().contains(QRect(top_left, widget.size())), widget.objectName()
    code = window.teaching.pseudocode.code
    assert code.horizontalScrollBar().maximum() == 0  # nothing to scroll sideways: the lines wrap
    viewport = code.viewport().width()
    assert all(code.visualItemRect(code.item(row)).width() <= viewport for row in range(code.count()))
    assert stack_rows(window) >= 6


# -- text size --------------------------------------------------------------------------------


def test_one_text_size_scales_every_panel_and_the_stack_rows(qtbot, window):
    lecture(qtbot, window)
    before = {name: capitals(widget.font()) for name, widget in panels(window).items()}
    row = window.teaching.stack_panel.table.verticalHeader().defaultSectionSize()
    compare_row = window.analysis_panel.compare.table.verticalHeader().defaultSectionSize()
    for _ in TEXT_SCALES:
        window.presentation.bigger_action.trigger()
    assert window.presentation.scale == TEXT_SCALES[-1] >= 250
    assert not window.presentation.bigger_action.isEnabled()
    window.presentation.scale_actions[250].trigger()
    after = {name: capitals(widget.font()) for name, widget in panels(window).items()}
    for name in before:
        assert after[name] >= 2.3 * before[name], name
    tables = ((window.teaching.stack_panel.table, row), (window.analysis_panel.compare.table, compare_row))
    for table, least in tables:
        height = table.verticalHeader().defaultSectionSize()  # the rows grow with their text
        assert height >= table.fontMetrics().height() + 4 and height >= 1.6 * least, table.objectName()
    assert window.board_widget.zoom == 1.0  # the board has its own zoom
    window.presentation.normal_action.trigger()
    assert {name: capitals(widget.font()) for name, widget in panels(window).items()} == before


@pytest.mark.parametrize("scale", [175, 200])
def test_large_text_on_a_small_screen_keeps_the_board_large_and_no_status_field_over_another(
        qtbot, window, scale):
    """At 175% on a 1024×768 projector the stack dock took the width its columns needed (725 px) and
    left the board 210; after a run, the status bar's fields were drawn over each other ("search
    0.Dead ends 0 (CPU)").  Now the board keeps at least 45% of the width (the candidates column
    narrows), and the fields that do not fit are hidden, the move number last."""
    screen = QRect(0, 0, 1024, 768)
    window.fit_screen(screen)
    lecture(qtbot, window)
    window.presentation.set_scale(scale)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: window.board_widget.width() >= 0.4 * window.width())
    assert window.teaching.stack_dock.width() <= 0.56 * window.width()
    QApplication.processEvents()
    if window.presentation.cramped():  # (the stack a row or two under the pop's banner: the window points
        # to presentation mode, said once; the fields gave way to it, and come back once it is gone)
        assert window.statusBar().currentMessage().startswith(f"At {scale}% the window needs more room")
        window.statusBar().clearMessage()
    t = window.teaching
    header = t.stack_panel.table.horizontalHeader()
    assert header.sectionSize(COL_CANDIDATES) > 0  # (narrower, still there)
    assert "wall" in window.time_label.text()  # the run's longest time text
    bar = window.statusBar()

    def shown() -> list[QRect]:
        return [field.geometry() for field in window.status_fields.fields if field.isVisible()]

    qtbot.waitUntil(lambda: window.moves_label.isVisible() and window.message_label.geometry().right() < min(
        rect.left() for rect in shown()))
    fields = sorted(shown(), key=QRect.left)
    for before, after in zip(fields, fields[1:], strict=False):
        assert before.right() < after.left(), (before, after)
    assert not window.depth_label.isVisible()  # (what the test is about: not all fit; the depth first)
    assert window.counts_label.isVisible()
    assert fields[-1].right() <= bar.contentsRect().right()
    assert window.message_label.width() >= 10 * window.message_label.fontMetrics().horizontalAdvance("m")
    window.presentation.normal_action.trigger()  # room again: every field shows
    qtbot.waitUntil(lambda: all(field.isVisible() for field in window.status_fields.fields))
    fields = sorted(shown(), key=QRect.left)
    assert all(before.right() < after.left() for before, after in zip(fields, fields[1:], strict=False))
    for field in window.status_fields.fields:  # room before each: not one run of words
        assert field.contentsRect().left() >= 0.6 * field.fontMetrics().horizontalAdvance("m")


def test_ctrl_shift_up_and_down_change_the_text_size_not_the_board_zoom(qtbot, window):
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    press(qtbot, window, Qt.Key.Key_Up, ctrl_shift)
    press(qtbot, window, Qt.Key.Key_Up, ctrl_shift)
    assert window.presentation.scale == 150 and window.board_widget.zoom == 1.0
    press(qtbot, window, Qt.Key.Key_Down, ctrl_shift)
    assert window.presentation.scale == 125


def test_the_text_size_is_remembered(qtbot, tmp_path):
    from knight_gui.ui.main_window import MainWindow

    settings = QSettings(str(tmp_path / "kt.ini"), QSettings.Format.IniFormat)
    first = MainWindow(settings=settings)
    qtbot.addWidget(first)
    first.presentation.set_scale(200)
    first.close()
    second = MainWindow(settings=QSettings(str(tmp_path / "kt.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    assert second.presentation.scale == 200
    base = QApplication.font().pointSizeF()
    assert second.teaching.stack_panel.table.font().pointSizeF() == pytest.approx(2 * base)


# -- presentation mode ----------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height", "least_capitals", "least_board", "least_rows"), [
    (1920, 1080, 20, 800, 8),
    (1024, 768, 13, 400, 8),
])
def test_presentation_mode_is_readable_from_the_back_row(qtbot, window, width, height, least_capitals,
                                                         least_board, least_rows):
    lecture(qtbot, window)
    window.presentation.screen_rect = lambda: QRect(0, 0, width, height)
    press(qtbot, window, Qt.Key.Key_F5)
    assert window.presentation.presenting
    qtbot.waitUntil(lambda: window.size().toTuple() == (width, height))
    settle(qtbot, window)
    for name, widget in panels(window).items():
        if name != "analysis tables":
            assert capitals(widget.font()) >= least_capitals, name
    assert min(window.board_widget.width(), window.board_widget.height()) >= least_board
    assert stack_rows(window) >= least_rows
    if width >= 1920:
        assert pseudocode_whole(window) == []
    # what a lecture does not need is hidden; the controls stay
    t = window.teaching
    assert not window.menuBar().isVisible() and not t.log_dock.isVisible() and not t.timeline.isVisible()
    assert not t.stack_panel.trail.isVisible()  # (the banner tells each pop; its chips were cut at 768)
    assert window.run_toolbar.isVisible() and t.stack_dock.isVisible() and t.pseudocode_dock.isVisible()
    # shortcuts work without the menu bar: Space plays, Esc first stops the run ...
    press(qtbot, window, Qt.Key.Key_Space)
    assert window.player.running
    press(qtbot, window, Qt.Key.Key_Escape)
    assert not window.player.running and window.presentation.presenting
    # ... then leaves presentation mode, and the window is as it was
    press(qtbot, window, Qt.Key.Key_Escape)
    assert not window.presentation.presenting and window.player.pos > 1
    qtbot.waitUntil(lambda: window.menuBar().isVisible() and t.timeline.isVisible()
                    and t.stack_panel.trail.isVisible())
    assert capitals(t.stack_panel.table.font()) < least_capitals or least_capitals <= 13
    assert window.presentation.scale == 100


@pytest.mark.parametrize(("width", "height", "percent"), [(1280, 720, 300), (1024, 768, 250)])
def test_presentation_mode_from_a_large_text_keeps_the_stacks_chips_and_the_pseudocode(
        qtbot, window, width, height, percent):
    """Seen in review: told at 300% that the window needs more room and that presentation mode is the
    answer, a teacher pressed F5 on 1280×720: the candidates column was "C…", every row "…", one line
    of pseudocode showed, the status bar still said "At 300%…", and Ctrl+Shift+↓ changed nothing."""
    lecture(qtbot, window)
    presentation = window.presentation
    presentation.screen_rect = lambda: QRect(0, 0, width, height)
    presentation.choose(percent)
    press(qtbot, window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: window.size().toTuple() == (width, height))
    settle(qtbot, window)
    t = window.teaching
    shown = presentation.shown_scale
    assert shown < percent and presentation.scale == percent  # (the choice is kept for after)
    assert not window.statusBar().currentMessage().startswith(f"At {percent}%")

    def chips_and_lines() -> tuple[list[tuple[int, int]], int]:
        delegate = t.stack_panel.delegate
        delegate.drawn.clear()
        t.stack_panel.table.viewport().repaint()
        code = t.pseudocode.code
        lines = code.viewport().height() // QFontMetricsF(code.font()).lineSpacing()
        return [(drawn, total) for drawn, total, _, _ in delegate.drawn.values()], lines

    rows, lines = chips_and_lines()
    assert len(rows) >= 6 and all(drawn >= min(total, 3) for drawn, total in rows), rows
    assert lines >= 3
    assert stack_rows(window) >= 8
    # the text size keys work in presentation mode: smaller, then larger up to what the screen holds
    table_font = t.stack_panel.table.font().pointSizeF()
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    press(qtbot, window, Qt.Key.Key_Down, ctrl_shift)
    settle(qtbot, window)
    assert presentation.shown_scale < shown and t.stack_panel.table.font().pointSizeF() < table_font
    for _ in range(3):
        press(qtbot, window, Qt.Key.Key_Up, ctrl_shift)
    settle(qtbot, window)
    assert presentation.shown_scale == shown  # (no larger than the screen holds, and it says so)
    assert window.statusBar().currentMessage() == (
        f"Presentation mode has no room for a larger text on this screen: {shown}% is the largest")
    rows, lines = chips_and_lines()
    assert all(drawn >= min(total, 3) for drawn, total in rows) and lines >= 3
    press(qtbot, window, Qt.Key.Key_F5)
    assert not presentation.presenting


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # (the tooltip, offscreen)
def test_f5_enters_and_leaves_presentation_mode(qtbot, window):
    from PySide6.QtWidgets import QToolTip

    button = window.run_toolbar.widgetForAction(window.reset_action)
    QToolTip.showText(button.mapToGlobal(button.rect().center()), "Reset", button)
    assert QToolTip.isVisible()
    press(qtbot, window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not QToolTip.isVisible())  # (it stayed where its button no longer was)
    assert window.presentation.presenting and window.presentation.presentation_action.isChecked()
    assert window.isFullScreen()
    press(qtbot, window, Qt.Key.Key_F5)
    assert not window.presentation.presenting and not window.isFullScreen()
    assert window.teaching.stack_dock.titleBarWidget() is None


def test_closing_in_presentation_mode_remembers_the_window_as_it_was(qtbot, tmp_path):
    from knight_gui.ui.main_window import MainWindow

    path = str(tmp_path / "kt.ini")
    first = MainWindow(settings=QSettings(path, QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    first.show()
    first.presentation.enter()
    first.speed_slider.setValue(first.speed_slider.value() + 1)  # a change saved while presenting
    first.close()
    second = MainWindow(settings=QSettings(path, QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    assert not second.isFullScreen() and not second.presentation.presenting
    assert second.board_toolbar.isVisible() and second.teaching.timeline.isVisible()
    assert second.menuBar().isVisible()


def test_every_pseudocode_line_takes_the_new_text_size_also_one_marked_before(qtbot, window):
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_Right)  # line 9 marked, then another
    code = window.teaching.pseudocode
    window.presentation.set_scale(200)
    press(qtbot, window, Qt.Key.Key_Right)
    height = code.code.fontMetrics().height()  # (a row at the new size: the line marked before too)
    qtbot.waitUntil(lambda: all(code.code.visualItemRect(code.code.item(row)).height() >= height
                                for row in range(code.code.count())))


def test_a_status_tip_is_not_drawn_over_the_status_message_in_presentation_mode(qtbot, window):
    """A button's status tip (the mouse left over Reset) is the status bar's temporary message: it
    shows in the message field, in place of the field's own text.  (Qt drew it itself, and showed
    the field again when it laid itself out for presentation mode's text size: both texts were drawn
    over each other.)"""
    from PySide6.QtGui import QStatusTipEvent

    field = window.message_label
    click_square(qtbot, window, 12)
    tip = "Back to the start square with a fresh search"
    QApplication.sendEvent(window, QStatusTipEvent(tip))
    assert field.isVisible() and field.shown_text() == tip
    press(qtbot, window, Qt.Key.Key_F5)
    press(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.player.pos > 3)
    press(qtbot, window, Qt.Key.Key_Space)
    QApplication.processEvents()  # (the status bar lays itself out on a later turn of the event loop)
    assert field.whole_text() == tip and field.shown_text() in (tip, field.fontMetrics().elidedText(
        tip, Qt.TextElideMode.ElideRight, field.contentsRect().width()))
    image = window.statusBar().grab()  # nothing else drawn: left of the field, the bar is plain
    assert all(image.toImage().pixelColor(x, image.height() // 2) == image.toImage().pixelColor(0, 1)
               for x in range(0, max(1, field.x())))
    QApplication.sendEvent(window, QStatusTipEvent(""))  # the mouse moves off: the message again
    assert field.shown_text() == field.text() == window.status_message()


def test_a_long_temporary_message_ends_in_an_ellipsis_before_the_fields(qtbot, window):
    """It ran on into "Move 1 of 72" (a reviewer's Chinese hint at 1024 px); now it is cut with "…"
    where the fields begin, and whole in the field's tooltip."""
    click_square(qtbot, window, 0)
    long = "Hint: push c8 as move 2: " + "degree 5, the lowest of c8:5 b7:5; " * 8
    window.statusBar().showMessage(long)
    field, moves = window.message_label, window.moves_label
    assert field.shown_text().endswith("…") and field.toolTip() == long
    assert field.geometry().right() < moves.geometry().left()


def test_beside_the_analysis_panel_on_a_small_screen_the_stack_panel_is_whole(qtbot, window):
    """1024×768, the Analysis panel open under the stack, the counters of a long search (two lines
    at this width): the counters and the legend are whole, and the table keeps its rows."""
    screen = QRect(0, 0, 1024, 768)
    window.fit_screen(screen)
    qtbot.waitUntil(lambda: screen.contains(window.frameGeometry()))
    window.apply_settings(8, 8, "backtracking")
    click_square(qtbot, window, 0)
    window.analysis_dock.toggleViewAction().trigger()  # Analysis ▸ Analysis panel
    qtbot.waitUntil(window.analysis_dock.isVisible)
    panel = window.teaching.stack_panel
    panel.counters.setText("Pushes 3,242,065 · Pops 3,242,001 · Depth 64 (max 64) · Dead ends 1,118,948")
    panel.counters_box.fit()  # (as after a frame of the search)
    settle(qtbot, window)
    counters, legend = panel.counters, panel.legend
    assert counters.heightForWidth(counters.width()) >= 2 * counters.fontMetrics().height()  # (two lines)
    assert counters.height() >= counters.heightForWidth(counters.width())
    assert legend.height() >= legend.heightForWidth(legend.width())
    below = legend.mapTo(panel, legend.rect().topLeft()).y()
    assert below > panel.table.geometry().bottom()  # (squeezed, it was drawn over the table's last row)
    assert stack_rows(window) >= 6


def test_how_it_works_takes_the_text_size_and_presentation_modes_text(qtbot, window):
    """F1 in presentation mode opened the page in the desktop's small text, unreadable on a projector:
    the page follows the window's text, opened before or after."""
    from PySide6.QtGui import QFontMetricsF

    def height(widget) -> float:
        return QFontMetricsF(widget.font()).height()

    press(qtbot, window, Qt.Key.Key_F1)
    page = window.help_pages.dialog
    qtbot.waitUntil(page.isVisible)
    desktop = height(page.browser)
    assert desktop == height(window.board_widget)
    press(qtbot, window, Qt.Key.Key_F5)  # presentation mode: the page's text grows with the window's
    assert window.presentation.presenting
    qtbot.waitUntil(lambda: height(page.browser) == height(window.board_widget))
    assert height(page.browser) > 1.3 * desktop
    assert page.width() > 640  # and the page with it
    press(qtbot, window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: height(page.browser) == desktop)
    page.close()


def test_a_larger_text_keeps_the_window_on_its_screen_and_the_normal_one_brings_it_back(qtbot, window):
    """At 1024×768 a larger text made the window taller than the screen (the status bar and the
    timeline below its edge), and it stayed so at 100% again: the window now keeps within the
    screen's free area as far as its least size allows, and comes back within it."""
    from knight_gui.ui.presentation import FRAME_ROOM

    room = window.screen().availableGeometry().height() - FRAME_ROOM[1]
    assert window.analysis_panel is not None  # (built and open too: the tallest column of panels)
    window.analysis_dock.show()
    window.resize(window.width(), room)
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    for _ in range(6):  # (the test's screen is 1080 lines high: the largest text outgrows it)
        press(qtbot, window, Qt.Key.Key_Up, ctrl_shift)
    assert window.presentation.scale == 300
    least = window.minimumSizeHint().height()
    assert least > room  # (what the test is about)
    assert window.height() == least  # no taller than it must be
    window.presentation.normal_action.trigger()
    qtbot.waitUntil(lambda: window.height() <= room)
    assert window.statusBar().geometry().bottom() < window.height()


def test_the_boards_coordinates_grow_with_presentation_modes_text(qtbot, window):
    """In presentation mode the board's a–e and 1–5 stayed as small as in the window (13 px) while all
    the other text grew: the labels' margin, and so the labels, now grow with the text."""
    window.apply_settings(5, 5)

    def label_ink_height() -> int:
        """Rows of dark ink in the band above the board: the height of the letters a–e as drawn."""
        layout = window.board_widget.board_layout()
        image = window.board_widget.grab().toImage()
        top, bottom = int(layout.board_rect.top() - layout.margin), int(layout.board_rect.top())
        left, right = int(layout.board_rect.left()), int(layout.board_rect.right())
        return sum(any(image.pixelColor(x, y).lightness() < 128 for x in range(left, right))
                   for y in range(max(0, top), bottom))

    before = label_ink_height()
    press(qtbot, window, Qt.Key.Key_F5)
    assert window.presentation.presenting
    QApplication.processEvents()
    assert label_ink_height() >= 1.3 * before > 0
    press(qtbot, window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: label_ink_height() == before)


def test_dialogs_take_the_text_size_and_give_it_back_when_the_window_closes(qtbot, window):
    """At 200% the Go to Move dialog was at 100%: Qt gives windows of their own (dialogs) the
    application's font, not the window's."""
    click_square(qtbot, window, 0)
    window.presentation.set_scale(200)
    panel = capitals(window.teaching.stack_panel.table.font())
    plain = capitals(QApplication.font())
    assert panel >= 1.8 * plain
    seen: list[float] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog is not None
        seen.extend(capitals(label.font()) for label in dialog.findChildren(QLabel))
        dialog.reject()

    QTimer.singleShot(0, look)
    press(qtbot, window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)  # Run ▸ Go to Move
    assert seen and min(seen) >= 0.95 * panel
    window.close()
    assert capitals(QDialog().font()) == plain  # (another window's dialogs: the desktop's size again)


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: a popup cannot grab the keyboard
def test_menus_and_tooltips_take_the_text_size_and_give_it_back_when_the_window_closes(qtbot, window):
    """At 200% the menus and the tooltips were at 100%: like dialogs, they are windows of their own,
    which Qt gives the application's font, not the window's."""
    plain = capitals(QApplication.font())
    file_menu = window.file_menu
    plain_row = file_menu.actionGeometry(file_menu.actions()[0]).height()
    window.presentation.set_scale(200)
    panel = capitals(window.teaching.stack_panel.table.font())
    assert panel >= 1.8 * plain

    # The File menu as the user opens it (Alt+F), and the Text Size submenu in View.
    press(qtbot, window, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is file_menu)
    assert capitals(file_menu.font()) >= 0.95 * panel
    assert file_menu.actionGeometry(file_menu.actions()[0]).height() >= 1.6 * plain_row
    qtbot.keyClick(file_menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    # View's widest item has a shortcut: "Row and column numbers  Ctrl+I", with room between the two
    # (Fusion's fixed 12 pixels were gone at 200%: "numbersCtrl+I").
    view_menu = window.view_menu
    press(qtbot, window, Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is view_menu)
    row = view_menu.actionGeometry(view_menu.actions()[0])
    inked = inked_columns(view_menu.grab(row).toImage())
    gaps = [b - a - 1 for a, b in zip(inked, inked[1:], strict=False)]
    em = QFontMetricsF(view_menu.font()).horizontalAdvance("M")
    assert max(gaps) >= 0.6 * em, (max(gaps), em)
    qtbot.keyClick(view_menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    assert capitals(window.presentation.size_menu.font()) >= 0.95 * panel
    # A right click on a panel's title or the tool bar: the window's menu of panels, made then.
    popup = window.createPopupMenu()
    assert popup is not None and capitals(popup.font()) >= 0.95 * panel

    # A tooltip, as the mouse resting on the tool bar's Play button shows it.
    button = window.run_toolbar.widgetForAction(window.play_action)
    centre = button.rect().center()
    QApplication.sendEvent(button, QHelpEvent(QEvent.Type.ToolTip, centre, button.mapToGlobal(centre)))
    qtbot.waitUntil(lambda: QToolTip.isVisible())
    tips = [w for w in QApplication.topLevelWidgets() if w.metaObject().className() == "QTipLabel"
            and w.isVisible()]
    assert tips and capitals(tips[0].font()) >= 0.95 * panel
    QToolTip.hideText()

    window.close()
    assert capitals(QMenu().font()) == plain  # (another window's menus and tooltips: the desktop's size)
    assert capitals(QToolTip.font()) == plain


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # (a tooltip, offscreen: see below)
def test_beside_the_analysis_panel_a_large_text_keeps_the_window_on_its_screen(qtbot, window):
    """At 150% text on 1024×768, and 250% on 1920×1080, opening the Analysis panel made the window
    taller than the screen: the status bar went below its edge.  The stack gives up rows first."""
    window.fit_screen()
    free = window.screen().availableGeometry()
    click_square(qtbot, window, 0)
    window.presentation.set_scale(250)
    # (opened in the same turn of the event loop as the new size, before the stack gave up its rows:
    # the window may first say it is too large for the screen, Presentation._point_to_presentation)
    window.analysis_dock.toggleViewAction().trigger()  # Analysis ▸ Analysis panel
    qtbot.waitUntil(window.analysis_dock.isVisible)
    qtbot.waitUntil(lambda: free.contains(window.frameGeometry()))
    settle(qtbot, window)
    assert free.contains(window.frameGeometry())
    bar = window.statusBar()
    assert window.rect().contains(QRect(bar.mapTo(window, bar.rect().topLeft()), bar.size()))
    assert stack_rows(window) >= 2
    window.presentation.set_scale(100)  # room again: the rows come back
    qtbot.waitUntil(lambda: stack_rows(window) >= 6)


def inked_columns(image) -> list[int]:
    """The columns of ``image`` with ink on them: a pixel well apart from the background at the right."""
    background = image.pixelColor(image.width() - 2, image.height() // 2).lightness()
    return [x for x in range(image.width())
            if any(abs(image.pixelColor(x, y).lightness() - background) > 60 for y in range(image.height()))]


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: a popup cannot grab the keyboard
@pytest.mark.parametrize("percent", [175, 200])
def test_a_menu_item_at_a_large_text_is_whole(qtbot, chinese_window, percent):
    """From 175% the Chinese title of a tie-break lesson lost its middle to an ellipsis ("Ro…则"):
    Fusion moves the text right as the font grows, and the item was a little too narrow for it."""
    window = chinese_window
    window.presentation.set_scale(percent)
    menu = window.lessons.menu
    press(qtbot, window, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)  # 课程(L)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is menu)
    for action in menu.actions():
        if action.isSeparator():
            continue
        row = menu.actionGeometry(action).adjusted(4, 2, -4, -2)  # (not the menu's frame)
        inked = inked_columns(menu.grab(row).toImage())
        # The same text painted whole in the menu's font, on its own: as wide in ink.
        whole = QImage(row.width() * 2, row.height(), QImage.Format.Format_RGB32)
        whole.fill(QColor("white"))
        with QPainter(whole) as painter:
            painter.setFont(menu.font())
            painter.drawText(whole.rect(), Qt.TextFlag.TextShowMnemonic, action.text())
        whole_inked = inked_columns(whole)
        assert abs((inked[-1] - inked[0]) - (whole_inked[-1] - whole_inked[0])) <= 2, action.text()
    qtbot.keyClick(menu, Qt.Key.Key_Escape)


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: a popup cannot grab the keyboard
def test_a_menu_too_wide_for_the_screen_at_a_large_text_takes_a_smaller_one(qtbot, window, monkeypatch):
    """At 250% on 1024×768 the Lessons menu went past the screen's right edge (its longest title is
    wider than the screen): it takes the largest text that fits, and the window's again where it fits."""
    from PySide6.QtGui import QScreen

    free = QRect(0, 0, 1024, 768)
    monkeypatch.setattr(QScreen, "availableGeometry", lambda _screen: QRect(free))
    window.presentation.set_scale(250)
    panel = capitals(window.teaching.stack_panel.table.font())
    menu = window.lessons.menu
    press(qtbot, window, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is menu)
    assert menu.width() <= free.width()
    assert capitals(QApplication.font()) < capitals(menu.font()) < panel  # (smaller, but larger than 100%)
    qtbot.keyClick(menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    help_menu = window.help_menu  # (short: the window's text)
    press(qtbot, window, Qt.Key.Key_H, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is help_menu)
    assert capitals(help_menu.font()) >= 0.95 * panel
    qtbot.keyClick(help_menu, Qt.Key.Key_Escape)


def test_a_larger_text_grows_the_window_within_its_screen_and_a_smaller_one_brings_it_back(
        qtbot, window, monkeypatch):
    """At 200% on 1920×1080 the window stayed 1280×860 with a fifth of the screen free above and below,
    the stack showing a row and a half: it grows with the text, as far as the free area, and comes
    back to its size and place as the text comes back to 100%."""
    from PySide6.QtGui import QScreen

    from knight_gui.ui.on_screen import FRAME_ROOM
    from knight_gui.ui.stack_panel import LEAST_ROWS

    free = QRect(0, 0, 1920, 1080)
    monkeypatch.setattr(QScreen, "availableGeometry", lambda _screen: QRect(free))
    window.fit_screen(free)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1280, 860))
    place, size = window.pos(), window.size()
    lecture(qtbot, window)
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    for _ in range(4):  # 125, 150, 175, 200%
        press(qtbot, window, Qt.Key.Key_Up, ctrl_shift)
    assert window.presentation.scale == 200
    most = (free.width() - FRAME_ROOM[0], free.height() - FRAME_ROOM[1])
    assert window.size().toTuple() == most  # (twice 1280×860 is more than the screen has)
    assert free.contains(window.frameGeometry())
    settle(qtbot, window)
    table = window.teaching.stack_panel.table
    row = table.verticalHeader().defaultSectionSize()
    qtbot.waitUntil(lambda: table.viewport().height() >= LEAST_ROWS * row)
    press(qtbot, window, Qt.Key.Key_Down, ctrl_shift)  # 175%: still more than the screen has
    assert window.size().toTuple() == most
    window.presentation.normal_action.trigger()  # View ▸ Text Size ▸ Normal: back where it was
    assert window.presentation.scale == 100
    assert (window.pos(), window.size()) == (place, size)
    # A window the user maximized keeps the screen's size.
    window.showMaximized()
    qtbot.waitUntil(lambda: bool(window.windowState() & Qt.WindowState.WindowMaximized))
    maximized = window.geometry()
    press(qtbot, window, Qt.Key.Key_Up, ctrl_shift)
    assert window.presentation.scale == 125 and window.geometry() == maximized


def test_leaving_presentation_mode_at_a_large_text_keeps_the_window_on_its_screen(qtbot, window, monkeypatch):
    """Seen in review: leaving presentation mode at 200% on a 1366×768 screen, the window became 889
    pixels high, its timeline and status bar below the screen's edge."""
    from PySide6.QtGui import QScreen

    free = QRect(0, 0, 1366, 768)
    monkeypatch.setattr(QScreen, "availableGeometry", lambda _screen: QRect(free))
    window.fit_screen(free)
    lecture(qtbot, window)
    window.presentation.choose(200)
    settle(qtbot, window)
    assert free.contains(window.frameGeometry())
    window.presentation.screen_rect = lambda: QRect(free)
    press(qtbot, window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1366, 768))
    press(qtbot, window, Qt.Key.Key_F5)
    assert not window.presentation.presenting
    settle(qtbot, window)
    assert free.contains(window.frameGeometry()), window.frameGeometry()


def test_the_first_window_on_a_laptop_screen_shows_every_pseudocode_line(qtbot, monkeypatch):
    """Seen in review: at the first start on 1366×768 the empty stack took 230 px and the pseudocode
    showed 9½ of its 12 lines, until the window was laid out again (F5 and back showed them all): the
    docks were fitted before they had their first geometry."""
    from PySide6.QtGui import QScreen

    from knight_gui.ui.main_window import MainWindow
    from tests.ui.conftest import show_active

    monkeypatch.setattr(QScreen, "availableGeometry", lambda _screen: QRect(0, 0, 1366, 768))
    win = MainWindow()
    qtbot.addWidget(win)
    show_active(qtbot, win)
    assert win.size().toTuple() == (1280, 728)
    code = win.teaching.pseudocode
    qtbot.waitUntil(lambda: code.code.viewport().height() >= code.code_height() - 4)  # (a line's descent)
    assert stack_rows(win) >= 6
