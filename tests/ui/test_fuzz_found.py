"""Regressions: minimal tests for the bugs the window's fuzz test found once it entered the modes.

(tests/ui/test_fuzz.py: Lessons, Play Yourself, Practice, a student's solver, the animation export.)
Each test says what the user saw before the fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from knight_gui.tour import Board
from knight_gui.tour.text import load_tour
from knight_gui.ui import file_dialogs
from knight_gui.ui.player import SearchConfig

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
ILLEGAL = "def solve(rows, cols, start):\n    yield 'push', start\n    yield 'push', start\n"
#: Two legal pushes (the start, then a knight's move down and right), then the start again: illegal.
BACK = ("def solve(rows, cols, start):\n    yield 'push', start\n"
        "    yield 'push', (start[0] + 2, start[1] + 1)\n    yield 'push', start\n")


def click_square(qtbot, win, square: int) -> None:
    widget = win.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(square).center().toPoint())


def press(qtbot, win, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(win.board_widget, key, modifier)


def run_solver(qtbot, win, monkeypatch, path: Path) -> None:
    """File ▸ Open Solver… (Ctrl+Shift+O), waited for until the student's run is over."""
    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a, **k: (str(path), ""))
    press(qtbot, win, Qt.Key.Key_O, CTRL_SHIFT)
    solver = win.student_run.solver
    qtbot.waitUntil(lambda: not solver.running, timeout=30_000)


def to_the_end(qtbot, win) -> None:
    press(qtbot, win, Qt.Key.Key_End)
    qtbot.waitUntil(lambda: win.player.state.outcome is not None, timeout=30_000)


def assert_stack_is_the_board(win) -> None:
    """The engine's stack (what the Stack panel shows) is the path on the board."""
    path = list(win.board_widget.view.path)
    assert path == win.player.state.path
    if path:
        stack = win.player.stack()
        assert stack is not None and stack.depth == len(path) and stack.path() == path


def handed_over(qtbot, win) -> list[int]:
    """Play Yourself on 5×5: a5, b3, d4 by hand (not the search's way: a1 has fewer onward squares),
    then Let the Search Finish."""
    board = win.player.config.board
    win.play_mode.toggle_action.trigger()
    path = [board.parse(name) for name in ("a5", "b3", "d4")]
    for square in path:
        click_square(qtbot, win, square)
    assert win.play_mode.game.path == path
    win.play_mode.finish_action.trigger()
    assert not win.play_mode.active and win.player.state.path == path
    return path


def test_a_failed_animation_export_says_why(qtbot, tmp_path):
    """The export's reason (here: no such folder) was written in the dialog's note and wiped at once by
    the check of the file's name: the progress bar went away and nothing was said."""
    from knight_gui.ui.animation_dialog import AnimationDialog

    dialog = AnimationDialog(None, SearchConfig(Board(5)), 0, (1, 5), str(tmp_path / "missing" / "x.gif"))
    qtbot.addWidget(dialog)
    dialog.px_spin.setValue(32)
    dialog.export()
    qtbot.waitUntil(lambda: not dialog.running, timeout=30_000)
    assert dialog.written is None and "missing" in dialog.error
    assert dialog.note.text() == dialog.error
    assert dialog.export_button.isEnabled()  # (the user may choose another folder and export again)


def test_a_construction_that_builds_no_tour_has_nothing_to_animate_and_says_so(qtbot, tmp_path):
    """3×7 from d2: no theorem rules it out, but the construction builds no tour there: its search is one
    outcome and no push (the fuzz test's nightly profile expected a file, from the theorems alone)."""
    from knight_gui.ui.animation_dialog import AnimationDialog

    board = Board(3, 7)
    target = tmp_path / "x.gif"
    dialog = AnimationDialog(None, SearchConfig(board, "construct"), board.parse("d2"), (1, 1), str(target))
    qtbot.addWidget(dialog)
    dialog.px_spin.setValue(32)
    dialog.export()
    qtbot.waitUntil(lambda: not dialog.running, timeout=30_000)
    assert dialog.written is None and not target.exists()
    assert dialog.error == dialog.note.text() == "nothing to animate: the construction built no tour from d2"


def test_undo_and_redo_never_bring_back_a_students_run_without_its_stack(qtbot, window, monkeypatch):
    """Edit ▸ Undo kept a student's run (File ▸ Open Solver…) like a search, and brought it back with no
    stack: the board showed its path, the engine's stack was None (the panels empty), and its next
    events would come from the solver's buffer, which the next run reuses."""
    window.apply_settings(5, 5)
    click_square(qtbot, window, 0)
    click_square(qtbot, window, 12)  # the search from a8 is kept
    run_solver(qtbot, window, monkeypatch, EXAMPLES / "warnsdorff_stack.py")
    to_the_end(qtbot, window)
    assert window.student_run.active and window.player.state.path
    press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # back to the search from a5
    assert window.player.start == 0 and window.player.search is not None
    assert_stack_is_the_board(window)
    press(qtbot, window, Qt.Key.Key_Z, CTRL_SHIFT)
    assert window.player.search is not None, "Redo brought back the student's run"
    assert_stack_is_the_board(window)


def test_practice_asks_for_a_students_first_event_once_it_comes(qtbot, window, monkeypatch):
    """Practice read the next event when the run began, before the solver had sent any: it said "The
    search is over" and never asked, though the run had only begun."""
    window.apply_settings(5, 5)
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_R, CTRL_SHIFT)
    run_solver(qtbot, window, monkeypatch, EXAMPLES / "warnsdorff_stack.py")
    qtbot.waitUntil(lambda: window.practice.expected is not None, timeout=5000)
    player = window.player
    assert window.practice.expected == player.history[player.pos] and not player.running
    assert "search is over" not in window.practice.panel.prompt.text()


@pytest.mark.parametrize("trace", [False, True])
def test_a_students_run_ended_by_an_illegal_event_is_saved_as_a_tour_file_that_opens(
        qtbot, window, monkeypatch, tmp_path, trace):
    """Its outcome ("illegal", as "error") was written as the file's outcome, which no tour file has:
    Open Tour refused the file Save Tour had just written ("unknown outcome")."""
    solver = tmp_path / "illegal.py"
    solver.write_text(ILLEGAL, encoding="utf-8")
    window.apply_settings(5, 5)
    click_square(qtbot, window, 0)
    run_solver(qtbot, window, monkeypatch, solver)
    to_the_end(qtbot, window)
    assert window.player.state.outcome.code == "student-illegal"
    target = tmp_path / "mine.json"
    files = window.tour_files
    with qtbot.waitSignal(files.saved, timeout=20_000):
        files.save_file(str(target), trace=trace)
    record = load_tour(target)  # (raised: unknown outcome 'illegal')
    assert record.outcome == "budget" and list(record.path) == [0]
    errors: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append(text))
    with qtbot.waitSignal(files.opened, timeout=20_000):
        files.open_file(str(target))
    assert errors == [] and window.player.state.path == [0]


def test_the_trace_saved_is_the_events_shown(qtbot, window, tmp_path):
    """The trace was a fresh search's events from the start, not the ones shown: after Play Yourself
    handed its path to the search, the file Save Tour wrote did not open ("the event trace does not fit
    its tour")."""
    window.apply_settings(5, 5)
    path = handed_over(qtbot, window)
    for _ in range(3):
        press(qtbot, window, Qt.Key.Key_Right)
    player = window.player
    shown = [player.history[i] for i in range(player.pos)]
    target = tmp_path / "handed-over.json"
    with qtbot.waitSignal(window.tour_files.saved, timeout=20_000):
        window.tour_files.save_file(str(target), trace=True)
    record = load_tour(target)  # (raised: the trace does not fit)
    assert list(record.path) == player.state.path and record.start == path[0]
    from knight_gui.ui.files import read_file

    assert read_file(str(target), 100).trace == shown


@pytest.mark.parametrize("settings", [(6, 6, "construct"), (4, 1, "warnsdorff")],
                         ids=["the construction", "an impossible start"])
def test_let_the_search_finish_only_where_a_search_can_go_on(qtbot, window, settings):
    """With the construction (Algorithm: construct) handing over raised ValueError in the slot ("the
    snapshot's path is not the constructed tour"); from a start no tour begins on (4×1) the search
    handed to ignored the path: the board showed it, the engine's stack was empty."""
    window.apply_settings(*settings)
    window.play_mode.toggle_action.trigger()
    click_square(qtbot, window, 0)
    play = window.play_mode
    assert play.game.path == [0] and not play.finish_action.isEnabled()
    with qtbot.captureExceptions() as exceptions:
        play.let_the_search_finish()
    assert not exceptions and play.active and play.game.path == [0]


def test_a_replayed_file_gives_way_to_a_search_on_another_square(qtbot, window, tmp_path):
    """A file the search does not reproduce is replayed; a click on another square then replayed the
    file's moves again from the wrong start (the stack panel raised AttributeError), and Reset showed
    the stack of the replay's end on the knight's first square."""
    window.apply_settings(5, 5)
    path = handed_over(qtbot, window)
    target = tmp_path / "handed-over.json"
    files = window.tour_files
    with qtbot.waitSignal(files.saved, timeout=20_000):
        files.save_file(str(target))
    window.apply_settings(6, 6)
    with qtbot.waitSignal(files.opened, timeout=20_000):
        files.open_file(str(target))
    player = window.player
    assert type(player.config).__name__ == "ReplayConfig" and player.state.path == path
    assert_stack_is_the_board(window)
    press(qtbot, window, Qt.Key.Key_Escape)  # Reset: the replay from its first event again
    assert player.pos == 1 and player.state.path == path[:1]
    assert_stack_is_the_board(window)
    with qtbot.captureExceptions() as exceptions:
        click_square(qtbot, window, 12)
    assert not exceptions
    assert player.start == 12 and player.state.path == [12] and player.search.path() == [12]
    assert_stack_is_the_board(window)


@pytest.mark.parametrize("trace", [False, True])
def test_a_replayed_path_from_a_start_no_tour_begins_on_has_its_stack(qtbot, window, monkeypatch, tmp_path,
                                                                    trace):
    """A student's run from b5 on 5×5 (no tour starts there), saved and opened again, is replayed: the
    board showed the knight's path, the Stack panel nothing (the search resumed from it was the theorem's
    verdict, with no frame); and → at the end of its trace raised IndexError in the slot (the search
    to go on with was read frame by frame, and had none)."""
    solver = tmp_path / "back.py"
    solver.write_text(BACK, encoding="utf-8")
    window.apply_settings(5, 5)
    b5 = window.player.config.board.parse("b5")
    click_square(qtbot, window, b5)
    run_solver(qtbot, window, monkeypatch, solver)
    to_the_end(qtbot, window)
    path = window.player.state.path
    assert window.player.state.outcome.code == "student-illegal" and len(path) == 2 and path[0] == b5
    target = tmp_path / "from-b5.json"
    files = window.tour_files
    with qtbot.waitSignal(files.saved, timeout=20_000):
        files.save_file(str(target), trace=trace)
    with qtbot.waitSignal(files.opened, timeout=20_000):
        files.open_file(str(target))
    player = window.player
    assert type(player.config).__name__ == "ReplayConfig" and player.state.path == path
    assert_stack_is_the_board(window)
    assert window.teaching.stack_panel.model.rowCount() == 2
    with qtbot.captureExceptions() as exceptions:
        press(qtbot, window, Qt.Key.Key_Right)  # beyond the file's own events, if it can go on
    assert not exceptions
    assert player.state.outcome is not None and player.state.path == path
    assert_stack_is_the_board(window)


def test_a_hint_given_under_other_rules_is_not_left_outlined(qtbot, window):
    """Found by the nightly profile: Play Yourself on 5×5, Ctrl+H outlined the square Warnsdorff's rule
    takes next; Closed was ticked (no closed tour on 5×5), and the old hint stayed outlined while the
    next Ctrl+H said there was none."""
    window.apply_settings(5, 5)
    window.play_mode.toggle_action.trigger()
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    play, view = window.play_mode, window.board_widget.view
    assert play.hint_square is not None and view.next_candidate >= 0
    qtbot.mouseClick(window.closed_check, Qt.MouseButton.LeftButton,
                     pos=QPoint(6, window.closed_check.height() // 2))
    assert window.player.config.closed and play.game.closed
    assert play.hint_square is None and window.board_widget.view.next_candidate == -1  # the rules changed
    press(qtbot, window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert play.hint_square is None and window.board_widget.view.next_candidate == -1
    assert window.statusBar().currentMessage().startswith("No hint: no tour starts here")


def test_a_student_s_run_is_animated_even_from_a_start_no_tour_begins_on(qtbot, window, monkeypatch,
                                                                         tmp_path):
    """Found by the nightly profile once Export Animation followed the run shown: on 1×2 (no tour, a
    theorem says) a student's run of one push is animated; with no event yet, the export says there
    is nothing to animate and the dialog's range is 0 to 0."""
    from knight_gui.ui.animation_dialog import AnimationDialog

    solver = tmp_path / "back.py"
    solver.write_text(BACK, encoding="utf-8")
    window.apply_settings(1, 2)
    click_square(qtbot, window, 1)
    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a, **k: (str(solver), ""))
    press(qtbot, window, Qt.Key.Key_O, CTRL_SHIFT)
    press(qtbot, window, Qt.Key.Key_G, CTRL_SHIFT)  # at once: the solver has sent nothing yet
    dialog = window._animation_dialog
    assert isinstance(dialog, AnimationDialog) and len(window.player.history) == 0
    first_dialog = dialog
    assert (dialog.first_spin.value(), dialog.last_spin.value()) == (0, 0) and len(dialog.recorded) == 0
    dialog.path_edit.setText(str(tmp_path / "empty.gif"))
    dialog.export()
    qtbot.waitUntil(lambda: not dialog.running, timeout=30_000)
    assert dialog.written is None and "nothing to animate" in dialog.note.text()
    dialog.reject()
    qtbot.waitUntil(lambda: not window.student_run.solver.running, timeout=30_000)
    # (the dialog paused the run: End in the window, back in it as the user clicks into it)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    to_the_end(qtbot, window)
    assert window.player.state.outcome.code == "student-illegal" and window.player.state.pushes == 1
    press(qtbot, window, Qt.Key.Key_G, CTRL_SHIFT)
    dialog = window._animation_dialog
    assert dialog is not first_dialog and len(dialog.recorded) == 2
    dialog.path_edit.setText(str(tmp_path / "one.gif"))
    with qtbot.waitSignal(dialog.exported, timeout=30_000) as done:
        dialog.export()
    assert done.args[0].end_event == window.player.pos and (tmp_path / "one.gif").stat().st_size > 0
