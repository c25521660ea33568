"""File ▸ Open Solver…: a student's solver animated in the window, its mistakes shown, never from a tour."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from knight_gui.tour import Board, explain
from knight_gui.ui import file_dialogs
from knight_gui.ui.explanations import explain_event
from knight_gui.ui.player import SPEEDS
from knight_gui.ui.student_solver import StudentSolver

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def click_square(qtbot, win, square: int) -> None:
    widget = win.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(square).center().toPoint())


def press(qtbot, win, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(win.board_widget, key, modifier)


#: A solver that hangs after its first event.
HANGS = """\
    def solve(rows, cols, start):
        yield "push", start
        while True:
            pass
    """


def solver_file(tmp_path: Path, body: str, name: str = "solver.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def open_solver(qtbot, win, monkeypatch, path: Path, rows: int = 5, start: int = 0) -> None:
    """As a user: the board, the knight, the fastest speed, then File ▸ Open Solver… (Ctrl+Shift+O)."""
    win.apply_settings(rows, rows, "warnsdorff")
    click_square(qtbot, win, start)
    win.speed_slider.setValue(len(SPEEDS) - 1)
    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a, **k: (str(path), ""))
    press(qtbot, win, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)


def wait_for_the_end(qtbot, win) -> None:
    qtbot.waitUntil(lambda: win.player.state.outcome is not None, timeout=30_000)


def assert_knight_path(board: Board, path: list[int]) -> None:
    assert len(set(path)) == len(path)
    assert all(board.is_knight_move(a, b) for a, b in zip(path, path[1:], strict=False))


@pytest.mark.parametrize("example", ["warnsdorff_stack.py", "recursive.py"])
def test_a_correct_solver_is_animated_to_its_tour(qtbot, window, monkeypatch, example):
    open_solver(qtbot, window, monkeypatch, EXAMPLES / example)
    assert window.student_run.active and window.player.search is None
    wait_for_the_end(qtbot, window)
    board = Board(5)
    path = list(window.player.state.path)
    assert window.player.state.outcome.kind == "tour" and len(path) == 25 and path[0] == 0
    assert_knight_path(board, path)
    assert window.message_label.text().startswith("Tour complete: 25 squares")
    assert window.board_widget.view.path == path
    # A push is explained in the solver's order, not "the fixed move order" (which it is not).
    explained = []
    for pos in range(2, 26):
        window.player.seek(pos)
        explained.append(str(explain_event(window.player)))
    chosen = [text for text in explained if re.search(r"candidate \d+ of \d+", text)]
    assert chosen and all("in your solver's order" in text for text in chosen), explained
    assert not any("fixed move order" in text for text in explained)
    window.player.seek(len(window.player.history))
    # every panel follows: the stack (its candidates computed here), the event log
    press(qtbot, window, Qt.Key.Key_Left)
    press(qtbot, window, Qt.Key.Key_Left)
    model = window.teaching.stack_panel.model
    assert model.rowCount() == window.player.state.depth == 24
    top = model.frame_at(0)
    assert top is not None and top.square == path[23] and top.candidates == ((path[24], 0),)
    assert model.frame_at(23).square == 0
    window.teaching.log_dock.show()
    window.teaching.log_dock.raise_()  # (the log catches up when its tab is shown)
    qtbot.waitUntil(lambda: window.teaching.event_log.model.rowCount() > 0, timeout=5000)


def test_its_run_is_named_in_the_title_and_its_pseudocode_is_in_the_solvers_order(qtbot, window, monkeypatch):
    """Found in review: the window showed a student's run under Warnsdorff's pseudocode ("push c and its
    candidates, fewest onward moves first", marked as each push came) with nothing naming the file.
    The title names it while its run shows; the lines are the search it is checked against, in its
    own order.  Another search shown, both are the window's again."""
    code = window.teaching.pseudocode.code
    push_line = explain.LINE_PUSH
    assert code.item(push_line).text().endswith("fewest onward moves first")
    open_solver(qtbot, window, monkeypatch, EXAMPLES / "warnsdorff_stack.py")
    wait_for_the_end(qtbot, window)
    assert window.windowTitle() == "Knight's Tour — 5×5 — warnsdorff_stack.py"
    assert code.item(push_line).text().endswith("push c and its candidates, in your solver's order")
    window.player.seek(5)  # a push: its line is marked
    assert window.teaching.pseudocode.current == push_line
    click_square(qtbot, window, 6)  # the window's own search
    assert window.windowTitle() == "Knight's Tour — 5×5"
    assert code.item(push_line).text().endswith("fewest onward moves first")


def test_run_again_runs_the_file_as_it_is_now_without_the_dialog(qtbot, window, monkeypatch, tmp_path):
    """Found in review: the edit-and-run-again loop went through the Open dialog every time (it kept
    the folder, not the file).  File ▸ Run mine.py Again (Ctrl+R) runs the file as it is on disk."""
    again = window.student_run.again_action
    assert not again.isEnabled() and again.text() == "&Run Solver Again"
    path = solver_file(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield "push", (1, 1)
        """, name="mine.py")
    open_solver(qtbot, window, monkeypatch, path)
    wait_for_the_end(qtbot, window)
    assert window.player.state.outcome.kind == "illegal"  # (1, 1) is no knight's move from (0, 0)
    assert again.isEnabled() and again.text() == "&Run mine.py Again" and again in window.file_menu.actions()
    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a, **k: pytest.fail("the dialog opened"))
    solver_file(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield "push", (1, 2)
        """, name="mine.py")  # the student's fix
    press(qtbot, window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    wait_for_the_end(qtbot, window)
    assert window.student_run.active and window.player.state.path == [0, 7]
    assert window.player.state.outcome.kind != "illegal"


def test_the_classic_bug_ends_without_a_tour_and_steps_back(qtbot, window, monkeypatch):
    open_solver(qtbot, window, monkeypatch, EXAMPLES / "forgot_to_unmark.py")
    wait_for_the_end(qtbot, window)
    player = window.player
    assert player.state.outcome.code == "student-ended"
    message = window.message_label.text()
    assert message.startswith("Your solver ended: solve finished after") and "without a tour" in message
    assert "left marked as visited?" in message
    end = player.pos
    press(qtbot, window, Qt.Key.Key_Left)
    assert player.pos == end - 1 and player.state.outcome is None
    for _ in range(5):
        press(qtbot, window, Qt.Key.Key_Left)
    assert player.pos == end - 6
    assert window.teaching.stack_panel.model.rowCount() == player.state.depth


#: A solver whose third event is not a knight's move from (2, 1).
ILLEGAL_THIRD = """\
    def solve(rows, cols, start):
        yield "push", start
        yield "push", (2, 1)
        yield "push", (4, 4)
    """


def test_an_illegal_event_stops_the_run_at_the_last_legal_event(qtbot, window, monkeypatch, tmp_path):
    path = solver_file(tmp_path, ILLEGAL_THIRD)
    open_solver(qtbot, window, monkeypatch, path)
    wait_for_the_end(qtbot, window)
    player = window.player
    assert player.state.outcome.kind == "illegal"
    assert player.state.path == [0, 11]  # the board after the last legal event
    assert window.message_label.text() == (
        "Your solver's event is illegal at e1, marked in red: event 3: push (4, 4) is not a knight's move "
        "from (2, 1), the top of the stack. Step back (←) to see how it got there.")
    assert "event 3: push (4, 4)" in window.teaching.stack_panel.banner.text()
    # The square it named, (4, 4), is e1 on 5×5: framed and crossed in red on the board
    assert refused_marked(window, 24) and not refused_marked(window, 11)
    press(qtbot, window, Qt.Key.Key_Left)  # stepping back shows what came before: no mark
    assert not refused_marked(window, 24)
    press(qtbot, window, Qt.Key.Key_Left)
    assert player.state.path == [0]
    press(qtbot, window, Qt.Key.Key_End)  # at the end again, marked again
    qtbot.waitUntil(lambda: refused_marked(window, 24), timeout=5000)


def refused_marked(window, square: int) -> bool:
    """Whether the board shows ``square`` framed and crossed in red, as a grab of it shows."""
    widget = window.board_widget
    image = widget.grab().toImage()
    ratio = image.devicePixelRatio()
    rect = widget.square_rect(square)
    width = max(2.0, rect.width() * 0.09)

    def red(x: float, y: float) -> bool:
        colour = image.pixelColor(int(x * ratio), int(y * ratio))
        return colour.red() > 170 and colour.green() < 90 and colour.blue() < 90

    left = rect.left() + width
    return red(left, rect.center().y()) and red(rect.center().x(), rect.center().y())


def test_what_the_checker_found_is_said_in_the_windows_language(qtbot, chinese_window, monkeypatch, tmp_path):
    """Seen in review: the Chinese window said why in English inside its sentence ("你的求解程序的事件
    不合法：event 3: push (4, 4) is not a knight's move from (2, 1), the top of the stack。")."""
    window = chinese_window
    path = solver_file(tmp_path, ILLEGAL_THIRD)
    open_solver(qtbot, window, monkeypatch, path)
    wait_for_the_end(qtbot, window)
    said = "第 3 个事件：push (4, 4) 与栈顶 (2, 1) 不相隔一个马步"
    shown = window.message_label.text()
    assert shown == (f"你的求解程序的事件在 e1 不合法（已用红色标出）：{said}。"
                     "后退（←）看看它是怎么走到这里的。"), shown
    assert said in window.teaching.stack_panel.banner.text()
    # The classic bug's question to the student, and a file with no solve in it.
    open_solver(qtbot, window, monkeypatch, EXAMPLES / "forgot_to_unmark.py")
    wait_for_the_end(qtbot, window)
    message = window.message_label.text()
    assert message.startswith("你的求解程序结束了：solve 在 ") and "没有找到巡游；第 " in message, message
    assert "是不是出栈的格子仍被标记为已访问？" in message and message.isascii() is False
    assert not re.search(r"[a-z]{3,} [a-z]{3,}", message.replace("solve ", "")), message  # no English words
    open_solver(qtbot, window, monkeypatch, solver_file(tmp_path, "x = 1\n", "nothing.py"))
    qtbot.waitUntil(lambda: window.student_run.problem_box is not None
                    and window.student_run.problem_box.isVisible(), timeout=15_000)
    box = window.student_run.problem_box
    assert box.windowTitle() == "你的求解程序出错了"
    assert box.text() == "nothing.py 没有定义函数 solve(rows, cols, start)", box.text()
    box.close()


def test_an_exception_shows_its_traceback(qtbot, window, monkeypatch, tmp_path):
    path = solver_file(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield "push", (1, 2 / 0)
        """)
    open_solver(qtbot, window, monkeypatch, path)
    qtbot.waitUntil(lambda: window.student_run.problem_box is not None
                    and window.student_run.problem_box.isVisible(), timeout=30_000)
    box = window.student_run.problem_box
    assert box.textFormat() == Qt.TextFormat.PlainText
    assert box.windowTitle() == "Your solver failed"
    assert not window.statusBar().currentMessage().startswith("Running ")  # (it stayed after the failure)
    text = box.text()
    assert "ZeroDivisionError" in text and "line 3" in text and "Traceback" in text
    assert "student_runner" not in text  # trimmed to the student's file
    wait_for_the_end(qtbot, window)
    assert window.player.state.outcome.kind == "error" and window.player.state.path == [0]
    box.close()


def test_a_solver_that_never_yields_is_stopped_at_its_time_limit(qtbot, window, monkeypatch, tmp_path):
    path = solver_file(tmp_path, HANGS)
    window.student_run.max_seconds = 1.0
    open_solver(qtbot, window, monkeypatch, path)
    wait_for_the_end(qtbot, window)
    assert window.player.state.outcome.kind == "budget" and window.player.state.path == [0]
    message = window.message_label.text()
    # where it loops: the student need not guess (the loop's two lines: which one, Python's version says)
    assert message in ("Your solver was stopped at its limit: the time limit of 1 s ran out after 1 event, "
                       f"at line {where}" for where in ("3 of solver.py (while True:)",
                                                        "4 of solver.py (pass)"))
    qtbot.waitUntil(lambda: not window.student_run.solver.running, timeout=10_000)


def test_while_a_solver_keeps_the_window_waiting_the_status_bar_counts_its_seconds(
        qtbot, window, monkeypatch, tmp_path):
    """Found in review: while a solver hung, the window showed nothing but a clock at 0.000 s until its
    limit.  After a second with no event the status bar says it waits, and counts the solver's seconds
    against its limit; when the run ends, the limit's message takes its place."""
    path = solver_file(tmp_path, HANGS, name="hang.py")
    window.student_run.max_seconds = 3.0
    open_solver(qtbot, window, monkeypatch, path)
    bar = window.statusBar()
    seen: list[str] = []

    def counted() -> bool:
        seen.append(bar.currentMessage())
        return bar.currentMessage() == "Waiting for the next event of hang.py: 2 s of its 3 s used"

    qtbot.waitUntil(counted, timeout=10_000)
    counts = [int(m.group(1)) for m in map(re.compile(r"Waiting .*: (\d) s of its 3 s").match, seen) if m]
    assert counts == sorted(counts) and counts[0] <= 2  # (it counts up)
    wait_for_the_end(qtbot, window)
    qtbot.waitUntil(lambda: not window.student_run.solver.running, timeout=10_000)
    assert not bar.currentMessage().startswith("Waiting")
    said = window.message_label.text()
    assert said.startswith("Your solver was stopped at its limit: the time limit of 3 s")


def test_a_paused_run_is_not_said_to_keep_the_window_waiting(
        qtbot, window, monkeypatch, tmp_path):
    path = solver_file(tmp_path, HANGS, name="hang.py")
    window.student_run.max_seconds = 2.0
    open_solver(qtbot, window, monkeypatch, path)
    # (its first event shown, the window has asked for the next)
    qtbot.waitUntil(lambda: window.player.state.path == [0] and window.player.waiting)
    press(qtbot, window, Qt.Key.Key_Space)  # paused: the window asks for no event, so none is awaited
    assert not window.player.running
    bar = window.statusBar()
    timer = window.student_run._wait_timer
    for _ in range(6):  # six of the watch's ticks, 1.5 s: beyond the second it waits to say so
        with qtbot.waitSignal(timer.timeout, timeout=2000):
            pass
        assert not bar.currentMessage().startswith("Waiting")
    window.student_run.stop()


def test_a_file_that_is_not_a_solver_says_why_and_runs_nothing(qtbot, window, monkeypatch, tmp_path):
    open_solver(qtbot, window, monkeypatch, solver_file(tmp_path, "def solve(:\n"))
    box = window.student_run.problem_box
    assert box is not None and box.isVisible() and box.windowTitle() == "Not a solver"
    assert "line 1" in box.text()
    assert not window.student_run.active and window.player.search is not None  # the search stays
    box.close()


@pytest.mark.parametrize(("make", "said"), [
    (lambda tmp: tmp, "无法读取 {path}：它是文件夹，不是普通文件"),
    (lambda tmp: solver_file(tmp, "x = 1\0\n"),
     "{path} 不是 Python 文件：它含有 NUL 字节（是二进制文件吗？）"),
    (lambda tmp: solver_file(tmp, "def solve(:\n"), "{path}，第 1 行：invalid syntax（不是有效的 Python）"),
])
def test_why_a_file_is_not_a_solver_is_said_in_the_windows_language(qtbot, chinese_window, monkeypatch,
                                                                    tmp_path, make, said):
    """Seen in review: the reason stayed English in the Chinese window (the compiler's own words,
    "invalid syntax", are Python's)."""
    path = make(tmp_path)
    open_solver(qtbot, chinese_window, monkeypatch, path)
    box = chinese_window.student_run.problem_box
    assert box is not None and box.windowTitle() == "不是求解程序"
    assert box.text() == said.format(path=path), box.text()
    box.close()


def test_a_new_search_stops_the_solver(qtbot, window, monkeypatch, tmp_path):
    path = solver_file(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            while True:
                yield "push", (1, 2)
                yield "pop", (1, 2)
        """)
    open_solver(qtbot, window, monkeypatch, path)
    assert window.statusBar().currentMessage() == "Running solver.py from a5"
    qtbot.waitUntil(lambda: window.player.pos > 10, timeout=30_000)
    click_square(qtbot, window, 12)  # the built-in search from there
    assert not window.student_run.active and not window.student_run.solver.running
    assert window.player.search is not None and window.player.start == 12
    # (it said "Running solver.py from a5" over the built-in search for its five seconds)
    assert not window.statusBar().currentMessage().startswith("Running solver.py")


def test_opening_a_tour_never_runs_a_solver(qtbot, window, monkeypatch, tmp_path):
    marker = tmp_path / "ran"
    path = solver_file(tmp_path, f"""\
        open({str(marker)!r}, "w").close()
        def solve(rows, cols, start):
            yield "push", start
        """, "tour.json")
    monkeypatch.setattr(StudentSolver, "open", lambda *a, **k: pytest.fail("a solver was run"))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    window.apply_settings(5, 5)
    click_square(qtbot, window, 0)
    saved = tmp_path / "saved.json"
    with qtbot.waitSignal(window.tour_files.saved, timeout=20_000):
        window.tour_files.save_file(str(saved))
    for target, signal in ((saved, window.tour_files.opened), (path, window.tour_files.failed)):
        monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a, t=target, **k: (str(t), ""))
        with qtbot.waitSignal(signal, timeout=20_000):
            press(qtbot, window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert not marker.exists() and not window.student_run.active
    assert len(shown) == 1 and "tour.json" in shown[0]  # not a tour file: said, never run


def test_its_run_is_exported_as_an_animation_as_shown(qtbot, window, monkeypatch, tmp_path):
    """File ▸ Export Animation… on a student's run animates the run shown, with its solver's name in
    the caption: not the built-in search the controls name (here Warnsdorff: 26 events, no pop)."""
    from PIL import Image as image
    open_solver(qtbot, window, monkeypatch, EXAMPLES / "recursive.py")
    wait_for_the_end(qtbot, window)
    player = window.player
    assert player.state.pops > 0 and "recursive.py" in window.export_caption()
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    press(qtbot, window, Qt.Key.Key_G, ctrl_shift)  # File ▸ Export Animation…
    dialog = window._animation_dialog
    assert dialog is not None and dialog.isVisible() and not dialog.source_note.isHidden()
    assert f"({player.pos:,} events)" in dialog.source_note.text() and "recursive.py" in dialog.head
    dialog.path_edit.setText(str(tmp_path / "run.gif"))
    dialog.px_spin.setValue(96)
    dialog.frames_spin.setValue(30)
    with qtbot.waitSignal(dialog.exported, timeout=60_000) as done:
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    result = done.args[0]
    assert result.end_event == player.pos and result.outcome == player.state.outcome
    with image.open(tmp_path / "run.gif") as gif:
        assert gif.n_frames == result.frames <= 30


def test_the_run_copied_for_an_animation_is_bounded_and_let_go(qtbot, window, monkeypatch):
    """A run left going for hours is not copied whole when the dialog opens: at most what an
    animation follows (MAX_EVENTS; 20 here), and the copy goes when the dialog closes."""
    from knight_gui.ui import animation

    monkeypatch.setattr(animation, "MAX_EVENTS", 20)
    open_solver(qtbot, window, monkeypatch, EXAMPLES / "recursive.py")
    wait_for_the_end(qtbot, window)
    assert window.player.pos > 20
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    press(qtbot, window, Qt.Key.Key_G, ctrl_shift)
    dialog = window._animation_dialog
    assert len(dialog.recorded) == 20 and dialog.last_spin.value() == dialog.last_spin.maximum() == 20
    held = len(window.player.history)  # the dialog says the run is longer than what it animates
    assert f"({held:,} events)" in dialog.source_note.text()
    assert f"at most its first 20 events; the timeline holds {held:,}." in dialog.source_note.text()
    dialog.reject()
    assert dialog.recorded is None


@pytest.mark.parametrize("rows", [1, 6])
def test_a_students_tour_saved_with_closed_ticked_opens_again(qtbot, window, monkeypatch, tmp_path, rows):
    """A student's solver looks for open tours whatever the Closed box says: its tour is saved as an
    open one and opens again (1×1 with Closed ticked was saved as a closed tour of one square, which
    no tour file may hold: found by the fuzz test's nightly profile)."""
    from knight_gui.tour.text import load_tour

    window.closed_check.setChecked(True)
    open_solver(qtbot, window, monkeypatch, EXAMPLES / "warnsdorff_stack.py", rows=rows)
    wait_for_the_end(qtbot, window)
    assert window.closed_check.isChecked() and window.player.state.outcome.kind == "tour"
    saved = tmp_path / "tour.json"
    with qtbot.waitSignal(window.tour_files.saved, timeout=20_000):
        window.tour_files.save_file(str(saved))
    assert json.loads(saved.read_text(encoding="utf-8"))["closed"] is False
    assert list(load_tour(saved).path) == list(window.player.state.path)  # (raises if it cannot be opened)


def test_resets_tip_says_it_goes_back_to_the_runs_first_event(qtbot, window, monkeypatch):
    """Found in review: during a student's run Reset (and Esc) go back to its first event, but the tip
    promised "a fresh search".  It says what it does, in each case."""
    reset = window.reset_action
    click_square(qtbot, window, 0)
    assert reset.statusTip() == "Back to the start square with a fresh search"
    open_solver(qtbot, window, monkeypatch, EXAMPLES / "warnsdorff_stack.py")
    wait_for_the_end(qtbot, window)
    assert reset.statusTip() == "Back to the first event of your solver's run (it is not run again)"
    assert reset.toolTip() == reset.statusTip()
    reset.trigger()
    assert window.player.pos == 1 and window.student_run.active  # as it says: its run, at its start
    click_square(qtbot, window, 6)  # the window's own search again
    assert reset.statusTip() == "Back to the start square with a fresh search"
