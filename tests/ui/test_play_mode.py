"""Play Yourself as a student plays it: clicking squares, taking back, hints, help when stuck."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QStatusTipEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from knight_gui.tour import Board, Pop, Push, Search
from knight_gui.tour.play import PlayGame
from knight_gui.tour.text import load_tour
from knight_gui.tour.validate import is_tour
from knight_gui.ui import file_dialogs


def click_square(qtbot, win, square: int) -> None:
    widget = win.board_widget
    centre = widget.square_rect(square).center().toPoint()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=centre)


def play(qtbot, win, squares) -> None:
    for square in squares:
        click_square(qtbot, win, square)


def start_playing(window) -> None:
    window.play_mode.toggle_action.trigger()  # Run ▸ Play Yourself, as a user picks it
    assert window.play_mode.active


def searched_pushes(board: Board, start: int) -> list[int]:
    """The squares the window's default search pushes before its first pop (a whole tour on 8×8)."""
    squares = []
    for event in Search(board, start):
        if not isinstance(event, Push):
            break
        squares.append(event.square)
    return squares


def stuck_path(board: Board, start: int) -> list[int]:
    """A path a careless student clicks: always the legal square with the MOST onward squares."""
    game = PlayGame(board)
    game.move(start)
    while moves := game.legal_moves():
        game.move(max(moves, key=lambda m: (m[1], m[0]))[0])
    assert game.stuck
    return list(game.path)


def test_clicking_a_legal_sequence_builds_the_tour(qtbot, window):
    board = window.player.config.board
    start_playing(window)
    tour = searched_pushes(board, 0)
    assert is_tour(board, tour)
    play(qtbot, window, tour[:10])
    assert window.play_mode.game.path == tour[:10]
    assert window.board_widget.view.path == tour[:10]  # the numbered path grows as in the animation
    legal = {square for square, _ in window.board_widget.view.candidates}
    assert legal == {n for n in board.neighbours(tour[9]) if n not in tour[:10]}
    view = window.board_widget.view
    assert view.show_candidates and not view.show_degrees  # outlined; degrees only with Ctrl+D
    image = window.board_widget.grab().toImage()
    outline = QColor("#ef6c00")  # the candidates' orange, along each legal square's edge
    for square in legal:
        rect = window.board_widget.square_rect(square)
        ratio = image.devicePixelRatio()
        edge = [image.pixelColor(int((rect.left() + rect.width() * f) * ratio), int((rect.top() + 4) * ratio))
                for f in (0.3, 0.5, 0.7)]
        assert any(abs(c.red() - outline.red()) + abs(c.green() - outline.green())
                   + abs(c.blue() - outline.blue()) < 90 for c in edge), board.name(square)
    qtbot.keyClick(window.board_widget, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert window.board_widget.view.show_degrees
    assert window.player.start is None  # the search is put aside
    play(qtbot, window, tour[10:])
    assert window.play_mode.game.complete
    assert window.board_widget.view.path == tour
    text = window.message_label.text()
    assert "complete" in text and "64" in text
    assert ("closed" in text) == board.is_knight_move(tour[-1], tour[0])
    assert window.moves_label.text() == "Move 64 of 64"


def test_the_dashed_outlines_have_a_light_halo_on_dark_squares(qtbot, window):
    """Projected, orange dashes on a dark square faded into it: the gaps between the dashes are
    light now (a halo), along the whole edge of every legal square."""
    start_playing(window)
    click_square(qtbot, window, 27)  # d5, a light square: the legal squares are all dark
    board_widget = window.board_widget
    legal = [square for square, _ in board_widget.view.candidates]
    assert len(legal) == 8
    image = board_widget.grab().toImage()
    ratio = image.devicePixelRatio()
    dark = window.board_widget.theme.dark
    for square in legal:
        rect = board_widget.square_rect(square)
        s = rect.width()
        x = rect.left() + s * 0.04 + s * 0.05 / 2  # the middle of the left edge's line
        along = [image.pixelColor(int(x * ratio), int((rect.top() + s * (0.15 + 0.7 * i / 40)) * ratio))
                 for i in range(41)]
        near_dark = [c.name() for c in along if abs(c.red() - dark.red()) + abs(c.green() - dark.green())
                     + abs(c.blue() - dark.blue()) < 60]  # the square showing through a gap
        assert not near_dark, board_widget.view.board.name(square)


def test_the_keyboard_plays_too(qtbot, window):
    start_playing(window)
    widget = window.board_widget
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_Return)  # an empty board: the cursor shows on a8, Enter starts there
    assert window.play_mode.game.path == [0]
    assert widget.view.cursor == 0  # the cursor stays on, on the knight: the arrows move it
    qtbot.keyClick(widget, Qt.Key.Key_Down)
    qtbot.keyClick(widget, Qt.Key.Key_Right)
    qtbot.keyClick(widget, Qt.Key.Key_Right)  # c7: a knight's move from a8
    qtbot.keyClick(widget, Qt.Key.Key_Return)
    board = window.player.config.board
    assert window.play_mode.game.path == [0, board.square(1, 2)]


def test_illegal_clicks_change_nothing(qtbot, window):
    board = window.player.config.board
    start_playing(window)
    play(qtbot, window, [0, board.square(2, 1)])
    before = list(window.play_mode.game.path)
    view_before = list(window.board_widget.view.path)
    for square, words in ((board.square(2, 1), "already on your path"),  # the knight's own square
                          (board.square(5, 5), "not a knight's move"),
                          (0, "already on your path")):
        click_square(qtbot, window, square)
        assert window.play_mode.game.path == before
        assert window.board_widget.view.path == view_before
        assert words in window.statusBar().currentMessage()
    assert window.play_mode.game.take_backs == 0 and not window.play_mode.game.can_redo


def test_the_status_counts_the_students_moves_as_the_stack_does(qtbot, window):
    """Playing yourself, the path is the stack: each move a push, each move taken back a pop."""
    board = window.player.config.board
    start_playing(window)
    play(qtbot, window, searched_pushes(board, 0)[:5])
    assert (window.counts_label.text(), window.depth_label.text()) == ("Pushes 5 · Pops 0", "Depth 5 (max 5)")
    undo = (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window.board_widget, *undo)
    qtbot.keyClick(window.board_widget, *undo)
    assert (window.counts_label.text(), window.depth_label.text()) == ("Pushes 5 · Pops 2", "Depth 3 (max 5)")
    assert window.moves_label.text() == "Move 3 of 64"
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)  # a move again
    assert (window.counts_label.text(), window.depth_label.text()) == ("Pushes 6 · Pops 2", "Depth 4 (max 5)")
    # The stack panel's counters and legend are the search's (it said "Pushes 0 · Pops 0 · Depth 0"
    # beside these): hidden with its table while the student plays, shown again after.
    panel = window.teaching.stack_panel
    assert not panel.counters.isVisible() and not panel.legend.isVisible()
    window.play_mode.toggle_action.trigger()  # Run ▸ Play Yourself, off
    assert panel.counters.isVisible() and panel.legend.isVisible() and panel.table.isVisible()


def test_undo_and_redo_are_exact(qtbot, window):
    board = window.player.config.board
    start_playing(window)
    tour = searched_pushes(board, board.square(3, 3))
    play(qtbot, window, tour[:12])
    states = []
    for _ in range(12):  # Ctrl+Z back to the empty board
        states.append(list(window.board_widget.view.path))
        qtbot.keyClick(window.board_widget, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.play_mode.game.path == [] and window.board_widget.view.path == []
    assert not window.play_mode.undo_action.isEnabled()
    for expected in reversed(states):  # Ctrl+Shift+Z all the way forward again
        qtbot.keyClick(window.board_widget, Qt.Key.Key_Z,
                       Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
        assert window.board_widget.view.path == expected
    assert window.play_mode.game.path == tour[:12]
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Left)  # ← and → as in the player
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Left)
    assert window.play_mode.game.path == tour[:10]
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Right)
    assert window.play_mode.game.path == tour[:11]
    other = next(n for n in board.neighbours(tour[10]) if n not in tour[:12])
    click_square(qtbot, window, other)  # a new move: the rest can no longer be redone
    assert window.play_mode.game.path == [*tour[:11], other]
    assert not window.play_mode.redo_action.isEnabled() and not window.step_action.isEnabled()


def test_a_hint_is_the_searchs_next_push(qtbot, window):
    board = Board(6, 7)
    window.apply_settings(6, 7, "warnsdorff", "roth")
    start_playing(window)
    start = board.square(2, 3)
    click_square(qtbot, window, start)
    search = Search(board, start, "warnsdorff", "roth")
    next(iter(search))  # the start
    hints = 0
    for event in search:
        if not isinstance(event, Push):
            break
        qtbot.keyClick(window.board_widget, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
        hints += 1
        assert window.play_mode.hint_square == event.square
        view = window.board_widget.view
        assert view.candidates[view.next_candidate][0] == event.square  # outlined as the one to take
        assert view.tried_candidates == -1  # (the others are not greyed as tried)
        assert board.name(event.square) in window.statusBar().currentMessage()
        click_square(qtbot, window, event.square)
    assert window.play_mode.game.hints == hints > 5
    assert f"Hints: {hints}," in window.message_label.text()


@pytest.mark.parametrize(("algorithm", "said"), [
    ("backtracking", "Hint, by Warnsdorff's rule (not Backtracking's): Push "),
    ("construct", "Hint, by Warnsdorff's rule (not Construction's): Push "),
    ("warnsdorff", "Hint: Push ")])
def test_a_hint_names_the_rule_it_follows_where_it_is_not_the_algorithms(qtbot, window, algorithm, said):
    """With Backtracking chosen, the hint followed Warnsdorff's rule and its tie-break, and said so nowhere
    ("the fixed move order breaks the tie", beside an Algorithm box saying Backtracking: a review)."""
    window.apply_settings(5, 5, algorithm)
    start_playing(window)
    board = Board(5)
    click_square(qtbot, window, board.square(2, 2))  # c3
    qtbot.keyClick(window.board_widget, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    hint = window.play_mode.hint_square
    assert hint is not None
    message = window.statusBar().currentMessage()
    assert message.startswith(said) and board.name(hint) in message, message


def test_a_hint_goes_with_the_next_move_and_never_hides_that_the_knight_is_stuck(qtbot, window):
    """A hint stayed 12 s in the status bar over the next moves: a student stuck in that time never
    saw "Stuck on …", only the old hint."""
    board = window.player.config.board
    start_playing(window)
    path = stuck_path(board, 0)
    play(qtbot, window, path[:-1])
    qtbot.keyClick(window.board_widget, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    said = window.statusBar().currentMessage()
    assert said.startswith(("Hint", "No hint")) and window.message_label.whole_text() == said
    click_square(qtbot, window, path[-1])
    assert window.play_mode.game.stuck
    assert window.statusBar().currentMessage() == ""
    shown = window.message_label.whole_text()
    assert shown.startswith("Stuck") and f"{len(path)} of 64" in shown
    # A refusal (a square not a knight's move away) goes with the next move too: a take-back here.
    click_square(qtbot, window, path[0])
    assert "already on your path" in window.statusBar().currentMessage()
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Left)
    assert window.statusBar().currentMessage() == ""
    assert window.message_label.whole_text().startswith(f"Move {len(path) - 1} on ")


def test_when_stuck_where_it_went_wrong_points_to_a_move_with_a_tour(qtbot, window):
    board = window.player.config.board
    start_playing(window)
    path = stuck_path(board, 0)
    play(qtbot, window, path)
    text = window.message_label.text()
    assert "Stuck" in text and f"{len(path)} of 64" in text
    play_mode = window.play_mode
    assert play_mode.wrong_action.isEnabled() and play_mode.finish_action.isEnabled()
    with qtbot.waitSignal(play_mode.runner.done, timeout=30000):
        play_mode.wrong_action.trigger()
    rescue = play_mode.rescue
    assert rescue is not None and 1 <= rescue.move < len(path)
    assert list(rescue.tour[:rescue.move]) == path[:rescue.move]  # the tour follows the student's moves
    assert is_tour(board, rescue.tour)
    assert f"move {rescue.move} on {board.name(path[rescue.move - 1])} the search still finds a tour" \
        in window.statusBar().currentMessage()
    assert window.board_widget.view.selected == path[rescue.move - 1]
    play_mode.back_to_rescue_action.trigger()
    assert play_mode.game.path == path[:rescue.move]


def test_the_answer_to_where_it_went_wrong_stays_when_the_mouse_passes_over_a_button(qtbot, window):
    """The answer was gone as soon as the mouse left the button it had passed over (its status tip
    took the message's place, and Qt cleared both): the stuck message alone was left, and the outline
    on the board had nothing to explain it."""
    from PySide6.QtGui import QStatusTipEvent
    from PySide6.QtWidgets import QApplication

    board = window.player.config.board
    start_playing(window)
    play(qtbot, window, stuck_path(board, 0))
    play_mode = window.play_mode
    with qtbot.waitSignal(play_mode.runner.done, timeout=30000):
        play_mode.wrong_action.trigger()
    answer = window.statusBar().currentMessage()
    assert "the search still finds a tour" in answer
    # The mouse over Reset: its status tip in the message's place (the event Qt sends) ...
    QApplication.sendEvent(window, QStatusTipEvent(window.reset_action.statusTip()))
    assert window.statusBar().currentMessage() == window.reset_action.statusTip()
    QApplication.sendEvent(window, QStatusTipEvent(""))  # ... and off it: the answer again
    assert window.statusBar().currentMessage() == answer
    assert window.message_label.shown_text().startswith(answer[:20])
    window.statusBar().showMessage("Saved tour.png", 5000)  # a message shown over a tip stays
    QApplication.sendEvent(window, QStatusTipEvent("a tip"))
    window.statusBar().showMessage("Saved again.png", 5000)
    QApplication.sendEvent(window, QStatusTipEvent(""))
    assert window.statusBar().currentMessage() == "Saved again.png"


def test_the_stack_panel_says_where_the_students_moves_are(qtbot, window):
    """While the student played, the Stack panel said "Click a square to place the knight", as if
    nothing were going on: it now says the moves are on the board, not on the search's stack."""
    board = window.player.config.board
    banner = window.teaching.stack_panel.banner
    start_playing(window)
    play(qtbot, window, stuck_path(board, 0)[:3])
    assert "Play Yourself: your moves are on the board" in banner.text()  # (under the status, said whole)
    window.play_mode.toggle_action.trigger()  # left: the stack panel's own words again
    assert banner.text().startswith("Click a square to place the knight")


def test_where_it_went_wrong_asked_under_other_rules_is_not_shown(qtbot, window):
    """Asked for, then Closed ticked before the answer came: it showed an open tour as the rescue."""
    from PySide6.QtCore import QPoint

    board = window.player.config.board
    start_playing(window)
    path = stuck_path(board, 0)
    play(qtbot, window, path)
    play_mode = window.play_mode
    with qtbot.waitSignal(play_mode.runner.done, timeout=30000):
        play_mode.wrong_action.trigger()
        qtbot.mouseClick(window.closed_check, Qt.MouseButton.LeftButton,
                         pos=QPoint(6, window.closed_check.height() // 2))
        assert play_mode.game.closed
    assert play_mode.rescue is None and window.board_widget.view.selected is None
    assert "the search still finds a tour" not in window.statusBar().currentMessage()


def test_letting_the_search_finish_continues_from_the_students_path(qtbot, window):
    board = window.player.config.board
    start_playing(window)
    path = stuck_path(board, board.square(7, 7))
    play(qtbot, window, path)
    window.play_mode.finish_action.trigger()
    assert not window.play_mode.active
    player = window.player
    assert player.state.path == path and player.start == path[0]
    assert window.board_widget.view.path == path
    assert player.search is not None and player.search.path() == path
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Right)  # → steps the search: stuck, so it pops
    event = player.last_event()
    assert isinstance(event, Pop) and event.square == path[-1] and event.step == len(path)
    assert "Backtrack" in window.message_label.text()  # the panels explain it
    while player.can_advance and player.state.depth >= len(path) - 3:
        player.step()
    assert player.state.path[:len(path) - 4] == path[:len(path) - 4]  # it went on from the student's path


def test_the_caption_of_a_handed_over_path_says_which_moves_were_made_by_hand(qtbot, window, tmp_path):
    """An exported image of the search that went on from the student's path does not credit the
    algorithm with the student's moves (its caption named the algorithm alone)."""
    import xml.etree.ElementTree as ElementTree

    from tests.ui.test_export_slides import svg_lines

    board = window.player.config.board
    start_playing(window)
    path = stuck_path(board, board.square(7, 7))
    play(qtbot, window, path)
    window.play_mode.finish_action.trigger()
    window.caption_action.setChecked(True)
    window.export_px = 400
    assert window.export_svg(str(tmp_path / "handed.svg"))
    lines = svg_lines(ElementTree.parse(tmp_path / "handed.svg").getroot())
    by_hand = f"moves 1–{len(path)} by hand, then Warnsdorff"
    assert any(by_hand in line for line in lines), lines
    click_square(qtbot, window, 0)  # the algorithm's own search from a8: its name alone
    assert "by hand" not in window.export_caption() and "Warnsdorff" in window.export_caption()


def test_a_complete_tour_is_saved_exported_and_compared(qtbot, window, tmp_path, monkeypatch):
    board = window.player.config.board
    start_playing(window)
    tour = searched_pushes(board, 0)
    play(qtbot, window, tour)
    play_mode = window.play_mode
    saved = tmp_path / "mine.json"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: (str(saved), ""))
    play_mode.save_action.trigger()
    record = load_tour(saved)
    assert list(record.path) == tour and record.outcome == "tour"
    svg = tmp_path / "mine.svg"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: (str(svg), ""))
    play_mode.export_svg_action.trigger()
    assert "My knight's tour of 8×8 from a8" in svg.read_text(encoding="utf-8")
    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda _parent, _title, text: shown.append(text))
    with qtbot.waitSignal(play_mode.runner.done, timeout=30000):
        play_mode.compare_action.trigger()
    assert shown and "The two tours are the same." in shown[0]
    assert "The program's tour by Warnsdorff (ties: Look-ahead) from a8: 64 pushes, 0 pops." in shown[0]
    assert "))" not in shown[0]  # (it read "tour (Warnsdorff (ties: Look-ahead)) from a8")


def test_why_the_students_path_cannot_be_saved_or_exported_is_said_in_chinese(qtbot, chinese_window, tmp_path,
                                                                              monkeypatch):
    start_playing(chinese_window)
    play(qtbot, chinese_window, [0, 10])
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append((title, text)))
    folder = tmp_path / "mine.json"
    folder.mkdir()
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: (str(folder), ""))
    chinese_window.play_mode.save_action.trigger()
    png = tmp_path / "gone" / "mine.png"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: (str(png), ""))
    chinese_window.play_mode.export_png_action.trigger()
    assert errors == [("保存失败", f"无法写入 {folder}：它是文件夹，不是普通文件"),
                      ("导出失败", f"无法写入 {png}：文件夹 {png.parent} 不存在")], errors


def test_the_mode_is_remembered(qtbot, tmp_path):
    from knight_gui.ui.main_window import MainWindow

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    first = MainWindow(settings=settings)
    qtbot.addWidget(first)
    first.play_mode.toggle_action.trigger()
    first.close()
    second = MainWindow(settings=settings)
    qtbot.addWidget(second)
    assert second.play_mode.active and second.play_mode.toggle_action.isChecked()


def test_chinese(qtbot, chinese_window):
    chinese_window.play_mode.toggle_action.trigger()
    click_square(qtbot, chinese_window, 0)
    click_square(qtbot, chinese_window, 1)  # not a knight's move
    assert "a8" not in chinese_window.play_mode.toggle_action.text()
    assert not chinese_window.statusBar().currentMessage().isascii()
    assert not chinese_window.message_label.text().isascii()


def test_the_game_follows_the_board_and_gives_way_to_a_placed_knight(qtbot, window):
    start_playing(window)
    play(qtbot, window, [0, 10])
    window.rows_spin.setValue(5)  # a new board: a new game on it
    window.cols_spin.setValue(6)
    assert window.play_mode.active and window.play_mode.game.board == Board(5, 6)
    assert window.play_mode.game.path == [] and window.board_widget.view.board == Board(5, 6)
    click_square(qtbot, window, 0)
    assert window.play_mode.game.path == [0] and window.player.start is None
    window.algorithm_combo.setCurrentIndex(window.algorithm_combo.findData("classic"))  # same board: kept
    assert window.play_mode.game.path == [0] and window.play_mode.game.tie_break == "fixed"
    window.player.place(7)  # the window places a knight (a tour opened, a Compare row watched)
    assert not window.play_mode.active and not window.play_mode.toggle_action.isChecked()
    assert window.board_widget.view.path == [7] and window.play_action.isEnabled()


def test_a_handed_over_search_shows_the_same_frames_stepped_back_to(qtbot, window):
    """Found in review: after Let the Search Finish the head showed the student's frames with the
    candidates before each of their moves tried (as the search that goes on has them), one step back
    only their own moves: the greyed candidates of frames far below changed with every ← and →."""
    from tests.ui.test_files import shown_frames
    from tests.ui.test_fuzz_found import handed_over

    window.apply_settings(5, 5)
    handed_over(qtbot, window)
    seen = []
    for _ in range(8):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_Right)
        seen.append(shown_frames(window))
    # The student's frames tried their own move first (the search tries the others going back).
    bottom_first = sorted(seen[0], key=lambda frame: frame.step)  # (the panel's are top first)
    student = bottom_first[:2]  # a5 and b3: d4, the last square by hand, tries the search's own order
    assert all(frame.candidates[0][0] == above.square and frame.next == 1
               for frame, above in zip(student, bottom_first[1:], strict=False))
    for frames in reversed(seen[:-1]):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_Left)
        assert shown_frames(window) == frames


def test_where_it_went_wrong_from_a_start_no_tour_begins_on_says_the_start(qtbot, window):
    """Found in review: from b3 of 4×5 (a middle line: a theorem rules it out) the search was run
    from every move and said it found no tour within its budget."""
    window.apply_settings(4, 5)
    start_playing(window)
    board = window.player.config.board
    b3 = board.parse("b3")
    play(qtbot, window, [b3, board.parse("d4")])
    play_mode = window.play_mode
    play_mode.wrong_action.trigger()
    assert not play_mode.runner.running and play_mode.rescue is None
    message = window.statusBar().currentMessage()
    assert message.startswith("No tour starts on b3, so none goes on from any of your moves (")
    assert "middle line" in message and message == play_mode.rescue_text()
    field = window.message_label  # (the status bar's message, where a temporary one shows too)
    assert field.shown_text().endswith("…") and field.toolTip() == message  # cut, and whole in its tooltip
    window.statusBar().showMessage("Saved")  # (a short message, shown another way: no tooltip left)
    assert field.shown_text() == "Saved" and field.toolTip() == ""
    window.statusBar().showMessage(message)
    assert field.toolTip() == message
    window.statusBar().clearMessage()
    assert field.shown_text() == field.text() == window.status_message()
    assert field.toolTip() in ("", field.text())  # (its own text's, if that is cut)
    qtbot.keyClick(window.board_widget, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert window.statusBar().currentMessage().startswith("No hint: no tour starts here")
    assert field.toolTip() == window.statusBar().currentMessage()


def test_at_1024_px_the_modes_buttons_all_show(qtbot, window):
    """Its tool bar has a row of its own: beside the Run tool bar both went into "»" menus at
    1024×768, Play Yourself's own button too."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication

    screen = QRect(0, 0, 1024, 768)
    window.fit_screen(screen)
    qtbot.waitUntil(lambda: screen.contains(window.frameGeometry()))
    window.play_mode.toggle_action.trigger()
    assert window.play_mode.active
    QApplication.sendPostedEvents()  # (the tool bars' layout)
    for bar in (window.run_toolbar, window.play_mode.tool_bar):
        for action in bar.actions():
            if action.isVisible() and not action.isSeparator():
                button = bar.widgetForAction(action)
                assert button is not None and button.isVisible(), action.text()
                assert bar.rect().contains(button.geometry()), action.text()


def test_leaving_says_how_to_bring_back_the_search_put_aside(qtbot, window):
    """The board is empty once the mode is left: a user who only looked in thought the search lost
    (a reviewer did). The status bar says Edit ▸ Undo brings it back, and it does."""
    window.apply_settings(5, 5)
    start_playing(window)  # (nothing shown, nothing put aside: nothing said)
    window.play_mode.toggle_action.trigger()
    assert window.statusBar().currentMessage() == ""
    click_square(qtbot, window, 0)
    window.player.advance(10)
    start_playing(window)
    window.play_mode.toggle_action.trigger()  # off again
    assert window.player.start is None
    assert window.statusBar().currentMessage() == (
        "Play Yourself is off. Edit ▸ Undo (Ctrl+Z) brings back the search it put aside.")
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.player.start == 0 and window.player.pos == 11
    assert window.statusBar().currentMessage() == ""  # (done: the hint goes)


def test_leaving_keeps_the_students_path_for_when_the_mode_is_turned_on_again(qtbot, window):
    """Found in review: Ctrl+Shift+P by mistake, and a student's path was gone for good (Undo brings
    back the search put aside, not the path).  The mode keeps it; turned on again on the same board it
    is back, moves, take-backs and all; on another board a new game begins."""
    window.apply_settings(5, 5)
    click_square(qtbot, window, 0)
    window.player.advance(5)
    start_playing(window)
    board = window.player.config.board
    path = [board.parse(name) for name in ("a5", "b3", "c1", "d3")]
    play(qtbot, window, path)
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Left)  # one taken back: d3 can be made again
    qtbot.keyClick(window.board_widget, Qt.Key.Key_P,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)  # off
    assert not window.play_mode.active and list(window.board_widget.view.path) == []
    assert window.statusBar().currentMessage() == (
        "Play Yourself is off. Your path is kept: Play Yourself (Ctrl+Shift+P) takes it up again. "
        "Edit ▸ Undo (Ctrl+Z) brings back the search it put aside.")
    qtbot.keyClick(window.board_widget, Qt.Key.Key_P,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)  # on again
    assert window.play_mode.active and list(window.board_widget.view.path) == path[:3]
    assert window.statusBar().currentMessage() == "Your path is back as you left it (←: take moves back)."
    assert window.play_mode.status_text().startswith("Move 3 on c1") and "moves taken back: 1" in \
        window.play_mode.status_text()
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Right)  # the move taken back, made again
    assert list(window.board_widget.view.path) == path
    assert window.statusBar().currentMessage() == ""  # (the message went with the move)
    window.play_mode.toggle_action.trigger()  # off, the path kept ...
    assert window.statusBar().currentMessage().startswith("Play Yourself is off. Your path is kept")
    window.apply_settings(6, 6)  # ... for the 5×5 board only
    start_playing(window)
    assert window.play_mode.game.path == [] and window.play_mode.kept_game is None
    window.play_mode.toggle_action.trigger()  # off with no move: nothing kept, nothing to say
    assert window.play_mode.kept_game is None


def test_the_stack_panel_says_whole_what_the_status_bar_cuts(qtbot, window):
    """Found in review: playing yourself, the verdicts are said only in the status bar, which cut
    them on a projector ("Stuck on e4: … You re…").  The Stack panel's banner, empty of frames
    then, says them whole, and nothing of a button's status tip."""
    window.apply_settings(4, 5)
    start_playing(window)
    board = window.player.config.board
    banner = window.teaching.stack_panel.banner
    assert banner.text().startswith(window.play_mode.status_text())
    play(qtbot, window, [board.parse("b3"), board.parse("d4")])
    window.play_mode.wrong_action.trigger()
    message = window.statusBar().currentMessage()
    assert message.startswith("No tour starts on b3") and window.message_label.shown_text().endswith("…")
    assert banner.text().startswith(message + "\n")  # whole, above the note on where the moves are
    qtbot.waitUntil(lambda: banner.height() >= banner.heightForWidth(banner.width()))  # none of it cut
    # The mouse over a button: its status tip covers the message for a while; the banner keeps it.
    QApplication.sendEvent(window, QStatusTipEvent("a button's status tip"))
    assert window.statusBar().currentMessage() == "a button's status tip"
    assert banner.text().startswith(message + "\n")
    click_square(qtbot, window, board.parse("a1"))  # not a knight's move from d4
    refusal = window.statusBar().currentMessage()
    assert "not a knight's move" in refusal and banner.text().startswith(refusal + "\n")
    window.play_mode.toggle_action.trigger()  # Play Yourself over: the banner is the stack's again
    assert not banner.text().startswith(refusal)


def test_where_it_went_wrong_names_the_move_that_cut_a_square_off(qtbot, window):
    """c7 a6 b8 d7 b6 a8, stuck on a8: "It went wrong after move 1 on c7" blamed a6 (a tour begins c7
    a6 b8 d7) because the search's budget ran out below it; b6 had cut a8 off, which no search needs
    to show (a review, as a student)."""
    board = window.player.config.board
    start_playing(window)
    play(qtbot, window, [board.parse(name) for name in ("c7", "a6", "b8", "d7", "b6", "a8")])
    play_mode = window.play_mode
    assert play_mode.game.stuck
    with qtbot.waitSignal(play_mode.runner.done, timeout=30000):
        play_mode.wrong_action.trigger()
    said = window.statusBar().currentMessage()
    assert "your move 5 to b6: it cut off a8" in said
    assert not said.startswith("It went wrong after move 1")  # (not shown: the search could not tell)
    rescue = play_mode.rescue
    if not rescue.proved:
        assert "cannot say whether one exists" in said
    # Handing the path over says the search will first try every way on
    play_mode.back_to_rescue_action.trigger()
    play(qtbot, window, [board.parse(name) for name in ("a6", "b8", "d7", "b6")][rescue.move - 1:])
    play_mode.finish_action.trigger()
    assert "No tour can follow your move 5 to b6" in window.statusBar().currentMessage()


def test_a_tour_that_parts_at_once_from_the_programs_is_said_in_good_english(qtbot, window, monkeypatch):
    """The comparison said "share their first 1 squares", and the status line went on after a full stop
    with "hints 0, taken back 0"."""
    window.apply_settings(5, 5)
    board = window.player.config.board
    start_playing(window)
    program = searched_pushes(board, 0)
    assert len(program) == board.size
    mirrored = [board.square(*reversed(board.row_col(square))) for square in program]  # (a tour too)
    assert mirrored[1] != program[1]
    play(qtbot, window, mirrored)
    play_mode = window.play_mode
    assert play_mode.game.complete
    assert "). Hints: 0, moves taken back: 0." in play_mode.status_text()
    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda _parent, _title, text: shown.append(text))
    with qtbot.waitSignal(play_mode.runner.done, timeout=30000):
        play_mode.compare_action.trigger()
    assert shown, "no comparison shown"
    assert (f"The two tours part after their first square: yours goes to {board.name(mirrored[1])} where "
            f"the program's goes to {board.name(program[1])}.") in shown[0]


def log_rows(window) -> list[str]:
    """What the Event log tab lists, top to bottom."""
    view = window.teaching.event_log.view
    model = view.model()
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def test_the_event_log_lists_the_students_moves_take_backs_and_hints(qtbot, window):
    """Found in review: in Play Yourself the Event log tab was empty.  It lists what the student did,
    as the log lists the search's events: moves with their degree, moves taken back, hints."""
    window.apply_settings(5, 5, "warnsdorff")
    board = window.player.config.board
    window.teaching.log_dock.raise_()  # the Event log tab, in front of the Pseudocode
    click_square(qtbot, window, 0)  # a search of the window's: its events are listed
    window.player.step()
    assert log_rows(window)[0].startswith("1  ")
    start_playing(window)
    assert log_rows(window) == []  # a new game: nothing done yet
    play(qtbot, window, [0, board.square(1, 2)])  # a5, c4
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Left)  # c4 taken back
    qtbot.keyClick(window.board_widget, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)  # a hint
    hint = window.play_mode.hint_square
    onward = sum(1 for n in board.neighbours(hint) if n != 0)  # (only a5 is visited)
    assert log_rows(window) == ["1  Start on a5 (degree 2)", "2  Move 2 to c4 (degree 5)",
                                "3  Took back move 2, c4",
                                f"4  Hint for move 2: {board.name(hint)} (degree {onward})"]
    view = window.teaching.event_log.view
    assert view.model().index(3, 0).data(Qt.ItemDataRole.FontRole).bold()  # the newest, in bold
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Right)  # made again
    assert log_rows(window)[-1] == "5  Move 2 to c4 again (degree 5)"
    newest = view.model().index(4, 0)
    qtbot.waitUntil(lambda: view.viewport().rect().contains(view.visualRect(newest)))  # in sight
    assert "Play Yourself" in view.toolTip()
    window.play_mode.toggle_action.trigger()  # left: the search's events again (none: it was put aside)
    assert not window.play_mode.active and "Play Yourself" not in view.toolTip()
    assert all(not row.startswith(("Start on", "Move ")) for row in log_rows(window))
    window.play_mode.toggle_action.trigger()  # the path taken up again, and what was done with it
    assert log_rows(window)[-1] == "5  Move 2 to c4 again (degree 5)"


def test_turning_play_yourself_on_and_off_leaves_no_selection_models_behind(qtbot, window):
    """Found in review: the event log's view kept a selection model for every switch between the
    search's events and the student's moves, each still following its model (82 after 20 switches)."""
    from PySide6.QtCore import QItemSelectionModel

    view = window.teaching.event_log.view
    for _ in range(10):
        window.play_mode.toggle_action.trigger()
    qtbot.waitUntil(lambda: len(view.findChildren(QItemSelectionModel)) <= 2)  # (deleteLater's, in turn)
