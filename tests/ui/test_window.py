"""The window as a user drives it: clicks, keys, play, step, export."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QMessageBox

from knight_gui.tour import Board, Pop
from knight_gui.tour.validate import is_tour
from knight_gui.ui import file_dialogs
from knight_gui.ui.player import MAX_SPEED, SPEEDS


def click_square(qtbot, win, square: int) -> None:
    widget = win.board_widget
    centre = widget.square_rect(square).center().toPoint()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=centre)


def press(qtbot, win, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(win.board_widget, key, modifier)


def set_max_speed(win) -> None:
    win.speed_slider.setValue(SPEEDS.index(MAX_SPEED))


def ink_fraction(image: QImage, rect, colour: QColor, tolerance: int = 40) -> float:
    """The fraction of pixels in rect (logical coords) close to colour."""
    ratio = image.devicePixelRatio()
    x0, y0 = int(rect.left() * ratio) + 2, int(rect.top() * ratio) + 2
    x1, y1 = int(rect.right() * ratio) - 2, int(rect.bottom() * ratio) - 2
    hits = total = 0
    for y in range(y0, y1, 2):
        for x in range(x0, x1, 2):
            c = image.pixelColor(x, y)
            total += 1
            if (abs(c.red() - colour.red()) + abs(c.green() - colour.green())
                    + abs(c.blue() - colour.blue())) <= tolerance:
                hits += 1
    return hits / max(1, total)


def test_clicking_a_square_places_the_knight_there(qtbot, window):
    board = window.player.config.board
    square = board.square(2, 3)
    click_square(qtbot, window, square)
    assert window.player.start == square
    assert window.board_widget.view.path == [square]
    assert "d6" in window.message_label.text()
    image = window.board_widget.grab().toImage()
    # The knight is drawn there: dark pixels in the square's middle.
    assert ink_fraction(image, window.board_widget.square_rect(square), QColor("#1b1b1b"), 90) > 0.05
    elsewhere = window.board_widget.square_rect(board.square(5, 5))
    assert ink_fraction(image, elsewhere, QColor("#1b1b1b"), 90) == 0


def test_play_runs_to_a_complete_tour_with_numbers_on_every_square(qtbot, window):
    click_square(qtbot, window, 0)
    set_max_speed(window)
    with qtbot.waitSignal(window.player.finished, timeout=10000) as blocker:
        press(qtbot, window, Qt.Key.Key_Space)
    assert blocker.args[0].kind == "tour"
    board = Board(8)
    path = window.board_widget.view.path
    assert is_tour(board, path) and path[0] == 0
    assert window.message_label.text() == "Tour complete: 64 squares, 0 backtracks"
    assert not window.player.running
    image = window.board_widget.grab().toImage()
    number = window.board_widget.theme.number
    for square in range(64):  # every square carries a number (the knight is gone at the end)
        assert ink_fraction(image, window.board_widget.square_rect(square), number, 60) > 0.02, square


def test_pause_stops_the_search(qtbot, window):
    click_square(qtbot, window, 0)
    window.speed_slider.setValue(SPEEDS.index(1000))
    press(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.player.pos > 5)
    press(qtbot, window, Qt.Key.Key_Space)
    assert not window.player.running
    pos = window.player.pos
    with qtbot.assertNotEmitted(window.player.changed, wait=150):
        pass
    assert window.player.pos == pos
    assert window.message_label.text() == "Paused."


def test_step_and_step_back_move_exactly_one_event(qtbot, window):
    click_square(qtbot, window, 0)
    for expected in range(2, 7):
        press(qtbot, window, Qt.Key.Key_Right)
        assert len(window.board_widget.view.path) == expected
        assert window.moves_label.text() == f"Move {expected} of 64"
    press(qtbot, window, Qt.Key.Key_Left)
    assert len(window.board_widget.view.path) == 5
    for _ in range(10):  # all the way back, and no further than the start square
        press(qtbot, window, Qt.Key.Key_Left)
    assert window.board_widget.view.path == [0]
    assert not window.back_action.isEnabled()
    assert window.counts_label.text() == "Pushes 1 · Pops 0"


def test_a_backtrack_removes_its_square_and_flashes_red(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 0)
    player = window.player
    while True:
        before = list(window.board_widget.view.path)
        press(qtbot, window, Qt.Key.Key_Right)
        event = player.last_event()
        if isinstance(event, Pop):
            break
    assert window.board_widget.view.path == before[:-1]
    popped = before[-1]
    image = window.board_widget.grab().toImage()
    red = window.board_widget.theme.backtrack
    assert ink_fraction(image, window.board_widget.square_rect(popped), red, 140) > 0.3
    # and stepping back over the pop restores the square
    press(qtbot, window, Qt.Key.Key_Left)
    assert window.board_widget.view.path == before


def test_speed_changes_while_running(qtbot, window):
    click_square(qtbot, window, 0)
    window.speed_slider.setValue(SPEEDS.index(20))
    press(qtbot, window, Qt.Key.Key_Space)
    assert window.player._timer.interval() == 50
    press(qtbot, window, Qt.Key.Key_Plus)
    assert window.speed_label.text() == "30/s"
    assert window.player._timer.interval() == 33
    press(qtbot, window, Qt.Key.Key_Minus)
    press(qtbot, window, Qt.Key.Key_Minus)
    assert window.speed_label.text() == "12/s" and window.player.running
    qtbot.waitUntil(lambda: window.player.pos > 3)
    press(qtbot, window, Qt.Key.Key_Escape)


def test_changing_board_size_resets(qtbot, window):
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_Right)
    window.rows_spin.setValue(6)
    window.cols_spin.setValue(7)
    assert window.player.start is None
    assert window.board_widget.view.path == []
    assert window.board_widget.view.board == Board(6, 7)
    assert window.windowTitle() == "Knight's Tour — 6×7"
    assert window.moves_label.text() == "Move 0 of 42"
    click_square(qtbot, window, 41)
    assert window.board_widget.view.path == [41]


def test_changing_algorithm_restarts_from_the_same_square(qtbot, window):
    click_square(qtbot, window, 9)
    press(qtbot, window, Qt.Key.Key_Right)
    window.algorithm_combo.setCurrentIndex(window.algorithm_combo.findData("classic"))
    assert window.player.config.algorithm == "classic"
    assert window.board_widget.view.path == [9]
    assert not window.tie_combo.isEnabled()


def test_clicking_while_running_starts_over_from_the_clicked_square(qtbot, window):
    click_square(qtbot, window, 0)
    window.speed_slider.setValue(SPEEDS.index(1000))
    press(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.player.pos > 10)
    click_square(qtbot, window, 27)
    assert window.board_widget.view.path[0] == 27
    assert window.player.running
    press(qtbot, window, Qt.Key.Key_Space)


def test_impossible_start_is_explained(qtbot, window):
    window.apply_settings(5, 5)
    click_square(qtbot, window, 1)
    text = window.message_label.text()
    assert text.startswith("No tour from b5 on 5×5:") and "colour" in text
    assert not window.play_action.isEnabled() and not window.step_action.isEnabled()


def test_finish_runs_to_the_end(qtbot, window):
    window.apply_settings(6, 6, "classic")
    click_square(qtbot, window, 0)
    with qtbot.waitSignal(window.player.finished, timeout=10000):
        press(qtbot, window, Qt.Key.Key_End)
    assert is_tour(Board(6), window.board_widget.view.path)


def _pixels_of(image: QImage, colour: QColor, tolerance: int = 30) -> int:
    count = 0
    for y in range(0, image.height(), 4):
        for x in range(0, image.width(), 4):
            c = image.pixelColor(x, y)
            distance = (abs(c.red() - colour.red()) + abs(c.green() - colour.green())
                        + abs(c.blue() - colour.blue()))
            if distance <= tolerance:
                count += 1
    return count


def test_export_writes_a_png_showing_squares_and_path(qtbot, window, tmp_path, monkeypatch):
    click_square(qtbot, window, 0)
    for _ in range(10):
        press(qtbot, window, Qt.Key.Key_Right)
    target = tmp_path / "board.png"
    seen = {}

    def fake_dialog(parent, caption, suggested, filters):
        seen["suggested"] = suggested
        return str(target), filters

    monkeypatch.setattr(file_dialogs, "save_file_name", fake_dialog)
    window.export_px = 512
    press(qtbot, window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert Path(seen["suggested"]).name == "tour-8x8-a8.png"
    image = QImage(str(target))
    assert image.width() == 512 and image.height() == 512
    theme = window.board_widget.theme
    assert _pixels_of(image, theme.dark) > 500           # unvisited dark squares
    assert _pixels_of(image, theme.light) > 500          # unvisited light squares
    assert _pixels_of(image, theme.visited_light) > 300  # the path's squares
    line = QColor(theme.line)
    assert _pixels_of(image, QColor(line.red(), line.green(), line.blue()), 120) > 20


def test_failed_export_shows_the_error_and_keeps_the_board(qtbot, window, tmp_path, monkeypatch):
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_Right)
    path_before = list(window.board_widget.view.path)
    bad = tmp_path / "missing-folder" / "x.png"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a: (str(bad), ""))
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append((title, text)))
    window.export_action.trigger()
    assert errors and errors[0][0] == "Export failed" and "missing-folder" in errors[0][1]
    assert window.board_widget.view.path == path_before
    assert not bad.exists()


def test_why_an_export_failed_is_said_in_the_windows_language(qtbot, chinese_window, tmp_path, monkeypatch):
    """Seen in review: the reason stayed English ("cannot write …: it is a folder, not a regular file")."""
    click_square(qtbot, chinese_window, 0)
    folder = tmp_path / "picture.png"
    folder.mkdir()
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a: (str(folder), ""))
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append((title, text)))
    chinese_window.export_action.trigger()
    assert errors == [("导出失败", f"无法写入 {folder}：它是文件夹，不是普通文件")], errors


def test_export_over_an_existing_file_that_fails_keeps_the_old_file(qtbot, window, tmp_path, monkeypatch):
    from knight_gui.ui import export

    click_square(qtbot, window, 0)
    target = tmp_path / "keep.png"
    target.write_bytes(b"old good file")
    monkeypatch.setattr(export.QImage, "save", lambda self, *a: False)
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append(text))
    assert not window.export_png(str(target))
    assert target.read_bytes() == b"old good file"
    assert errors and list(tmp_path.iterdir()) == [target]


@pytest.mark.parametrize("key, modifier, action", [
    (Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier, "play_action"),
    (Qt.Key.Key_Right, Qt.KeyboardModifier.NoModifier, "step_action"),
    (Qt.Key.Key_Left, Qt.KeyboardModifier.NoModifier, "back_action"),
    (Qt.Key.Key_End, Qt.KeyboardModifier.NoModifier, "finish_action"),
    (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier, "escape_action"),  # idle: reset (undoable)
    (Qt.Key.Key_Plus, Qt.KeyboardModifier.NoModifier, "faster_action"),
    (Qt.Key.Key_Minus, Qt.KeyboardModifier.NoModifier, "slower_action"),
    (Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier, "export_action"),
    (Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier, "quit_action"),
    (Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier, "coords_action"),
    (Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier, "candidates_action"),
])
def test_every_shortcut_triggers_its_action(qtbot, window, key, modifier, action, monkeypatch):
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a: ("", ""))
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_Right)  # so that step back and reset are enabled
    press(qtbot, window, Qt.Key.Key_Right)
    with qtbot.waitSignal(getattr(window, action).triggered, timeout=1000):
        press(qtbot, window, key, modifier)
    window.player.pause()


def test_coordinates_toggle_to_row_and_column_indices(qtbot, window):
    from knight_gui.ui.painting import COORDS_INDEX

    press(qtbot, window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert window.board_widget.view.coords == COORDS_INDEX


def test_candidates_are_outlined_with_their_degrees(qtbot, window):
    click_square(qtbot, window, 0)
    window.candidates_action.trigger()
    view = window.board_widget.view
    board = Board(8)
    assert {sq for sq, _ in view.candidates} == {board.square(1, 2), board.square(2, 1)}
    image = window.board_widget.grab().toImage()
    colour = window.board_widget.theme.candidate_next
    first = view.candidates[view.next_candidate][0]
    assert ink_fraction(image, window.board_widget.square_rect(first), colour, 60) > 0.03


def test_candidates_tried_and_backtracked_are_grey_as_in_the_stack_panel(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 2)  # c5
    for _ in range(50):  # on to a top frame with two candidates tried and backtracked
        press(qtbot, window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: not window.player.running, timeout=5000)
        if window.player.stack().frame(-1).next >= 2:
            break
    window.candidates_action.trigger()
    widget = window.board_widget
    widget.clear_flashes()  # (the square just popped glows red for a moment)
    view, theme = widget.view, widget.theme
    frame = window.player.stack().frame(-1)
    assert list(view.candidates) == list(frame.candidates) and frame.next >= 2
    image = widget.grab().toImage()
    for square, _degree in frame.candidates[:frame.next]:  # tried: grey, no orange
        rect = widget.square_rect(square)
        assert ink_fraction(image, rect, theme.candidate, 60) < 0.005
        assert ink_fraction(image, rect, theme.candidate_next, 60) < 0.005
        assert ink_fraction(image, rect, theme.candidate_tried, 24) > 0.02
    for square, _degree in frame.candidates[frame.next:]:  # still to try: orange as before
        assert ink_fraction(image, widget.square_rect(square), theme.candidate, 60) > 0.02 or \
            ink_fraction(image, widget.square_rect(square), theme.candidate_next, 60) > 0.02


def test_closing_the_window_mid_animation_stops_the_timer(qtbot, window):
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_Space)
    assert window.player.running
    window.close()
    assert not window.player.running


def test_hover_highlights_the_square_under_the_mouse(qtbot, window):
    widget = window.board_widget
    qtbot.mouseMove(widget, widget.square_rect(10).center().toPoint())
    qtbot.waitUntil(lambda: widget.view.hover == 10)
    qtbot.mouseMove(widget, QPoint(2, 2))
    qtbot.waitUntil(lambda: widget.view.hover is None)


def test_board_stays_square_and_centred_when_resized(qtbot, window):
    window.resize(1200, 700)
    qtbot.waitUntil(lambda: window.board_widget.height() < 600)  # laid out anew (panels take the side)
    rect = window.board_widget.board_layout().board_rect
    assert abs(rect.width() - rect.height()) < 1
    centre = window.board_widget.rect().center()
    assert abs(rect.center().x() - centre.x()) <= 1.5


def test_a_long_status_ends_in_an_ellipsis_with_the_whole_text_in_its_tooltip(qtbot, window):
    """5×5 from b5: the theorem's reason is long; cut, it says so ("…") and the tooltip has it all."""
    window.apply_settings(5, 5)
    click_square(qtbot, window, 1)
    press(qtbot, window, Qt.Key.Key_End)
    label = window.message_label
    qtbot.waitUntil(lambda: "corners" in label.text())
    window.resize(700, window.height())
    qtbot.waitUntil(lambda: label.shown_text() != label.text())
    assert label.shown_text().endswith("…") and label.text().startswith(label.shown_text()[:-1])
    assert label.toolTip() == label.text()
    window.resize(1900, window.height())
    qtbot.waitUntil(lambda: label.shown_text() == label.text())
    assert label.toolTip() == ""


def test_one_square_and_an_exhausted_search_read_as_english(qtbot, window):
    window.apply_settings(1, 1)
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_End)
    qtbot.waitUntil(lambda: window.player.state.outcome is not None)
    assert window.message_label.text() == "Tour complete: 1 square, 0 backtracks"
    window.apply_settings(3, 7)
    click_square(qtbot, window, 10)  # d2: no theorem rules it out, but no tour starts there
    press(qtbot, window, Qt.Key.Key_End)
    qtbot.waitUntil(lambda: window.player.state.outcome is not None, timeout=20_000)
    pops = window.player.state.pops
    assert pops > 1
    deepest = window.player.state.max_depth
    assert 1 < deepest < 21
    assert window.message_label.text() == (f"No tour from d2 on 3×7: every way was tried, {pops:,} "
                                           f"backtracks; the longest path covered {deepest} of 21 squares")
    assert window.moves_label.text() == "Move 0 of 21"
    window.apply_settings(100, 100)
    click_square(qtbot, window, 0)
    assert window.moves_label.text() == "Move 1 of 10,000"
    assert window.depth_label.text() == "Depth 1 (max 1)"
    window.player.advance(1500)
    window.player.seek(window.player.pos)
    assert window.depth_label.text() == "Depth 1,501 (max 1,501)"
    assert "Depth 1,501 (max 1,501)" in window.teaching.stack_panel.counters.text()


def test_a_fast_run_says_searching_and_how_fast(qtbot, window):
    window.apply_settings(8, 8, "backtracking")
    click_square(qtbot, window, 0)
    assert window.speed_label.text() == "8/s"
    press(qtbot, window, Qt.Key.Key_End)
    assert window.player.running
    # (the speed slider keeps Play's speed: the label and the status say this run's)
    finishing = "Searching at full speed to the end… Esc stops."
    qtbot.waitUntil(lambda: window.message_label.text() == finishing)
    assert window.speed_label.text() == "maximum" and "End" in window.speed_label.toolTip()
    qtbot.waitUntil(lambda: "events/s" in window.time_label.text())
    press(qtbot, window, Qt.Key.Key_Space)
    assert not window.player.running and window.message_label.text() != finishing
    assert "(wall)" in window.time_label.text()
    assert window.speed_label.text() == "8/s"  # (the slider's speed again)
    press(qtbot, window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)  # Run to next backtrack
    assert window.player.running  # (until its first tick: the key's answer, before any event)
    assert window.message_label.text() == "Searching at full speed to the next backtrack… Esc stops."
    press(qtbot, window, Qt.Key.Key_Escape)
    assert not window.player.running


def test_on_tiny_squares_a_ring_shows_where_the_knight_is(qtbot, window):
    from knight_gui.ui.painting import KNIGHT_RING_RADIUS

    window.apply_settings(100, 100)
    window.player.place(5050)
    widget = window.board_widget
    rect = widget.square_rect(5050)
    assert rect.width() < 18
    image = widget.grab().toImage()
    ratio = image.devicePixelRatio()
    radius = max(KNIGHT_RING_RADIUS, rect.width())
    dark = 0
    for dx, dy in ((radius, 0), (-radius, 0), (0, radius), (0, -radius)):
        c = image.pixelColor(round((rect.center().x() + dx) * ratio), round((rect.center().y() + dy) * ratio))
        dark += c.lightness() < 80
    assert dark >= 3  # the ring's dark line, on all sides (anti-aliasing may soften one)


def test_the_window_and_its_parts_retranslate_themselves_on_a_language_change(qtbot, window):
    """Qt's way: installing a translator sends LanguageChange, and each part sets its own texts again
    in its changeEvent (``_retranslate_ui``), without any widget walk."""
    from knight_gui.ui import i18n

    analysis = window.analysis_panel

    def texts() -> list[str]:
        return [window.file_menu.title(), window.play_action.toolTip(), window.algorithm_combo.currentText(),
                window.tour_files.open_action.text(), window.help_pages.how_action.text(),
                window.settings_keeper.restore_defaults_action.text(), window.board_widget.fit_action.text(),
                window.teaching.stack_dock.windowTitle(), window.teaching.first_action.text(),
                analysis.tabs.tabText(0), analysis.every_square.run_button.text(),
                analysis.compare.run_button.text(), analysis.counting.count_button.text(),
                window.message_label.text()]

    english = texts()
    try:
        i18n.install_translator(i18n.CHINESE)
        qtbot.waitUntil(lambda: window.file_menu.title() == "文件(&F)", timeout=2000)
        chinese = texts()
        unchanged = [e for e, c in zip(english, chinese, strict=True) if e == c]
        assert not unchanged, unchanged
        assert chinese[1] == "播放或暂停搜索 (空格)" and chinese[2] == "Warnsdorff 规则"
    finally:
        i18n.install_translator(i18n.ENGLISH)
    qtbot.waitUntil(lambda: window.file_menu.title() == "&File", timeout=2000)
    assert texts() == english


def test_only_the_window_gives_itself_attributes(qtbot, tmp_path, monkeypatch):
    """Composed, not patched: every attribute of the window is made by main_window.py itself."""
    import sys

    from PySide6.QtCore import QSettings

    from knight_gui.ui import main_window

    made_elsewhere = []
    original = main_window.MainWindow.__setattr__

    def recording(self, name, value):
        if name not in self.__dict__:
            where = sys._getframe(1).f_code.co_filename
            if Path(where).name != "main_window.py":
                made_elsewhere.append((name, where))
        original(self, name, value)

    monkeypatch.setattr(main_window.MainWindow, "__setattr__", recording)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("settings/rows", 6)
    win = main_window.MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.show()
    win.close()
    assert len(win.__dict__) > 40  # (the recording saw the window's own attributes)
    assert made_elsewhere == []


def test_the_speed_slider_at_max_keeps_clear_of_the_word(qtbot, window):
    """At maximum speed the slider's handle touched "max" (in presentation mode and at larger text too)."""
    from knight_gui.ui.main_window import SPEED_GAP

    for scale in (100, 175):
        window.presentation.set_scale(scale)
        window.speed_slider.setValue(window.speed_slider.maximum())
        qtbot.waitUntil(lambda: window.speed_label.text() == "max")
        slider, label = window.speed_slider, window.speed_label
        slider_end = slider.mapTo(window, slider.rect().topRight()).x()
        text_start = label.mapTo(window, label.contentsRect().topLeft()).x()
        assert text_start - slider_end >= SPEED_GAP, (scale, slider_end, text_start)
