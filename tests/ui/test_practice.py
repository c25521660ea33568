"""Run ▸ Practice: Predict the Next Move: guesses by clicks and Backspace, scored per kind, two languages."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QDockWidget, QTabBar

from knight_gui.tour import Board, Outcome, Pop, Push, Search
from knight_gui.ui.practice import POP, PUSH, TIE

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def click_square(qtbot, win, square: int) -> None:
    widget = win.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(square).center().toPoint())


def press(qtbot, win, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(win.board_widget, key, modifier)


def start_practice(qtbot, win, rows: int, cols: int, algorithm: str, start: int, tie: str | None = None):
    """Set the board, place the knight by a click, turn the mode on by its key (Ctrl+Shift+R)."""
    win.apply_settings(rows, cols, algorithm, tie)
    click_square(qtbot, win, start)
    press(qtbot, win, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert win.practice.active and win.practice.dock.isVisible()


def reference(rows: int, cols: int, algorithm: str, start: int, tie: str | None = None):
    """The search's guessable events (pushes after the first, pops) with the kind each one is,
    read from a search of its own: a tie where another untried candidate has the pushed degree."""
    search = Search(Board(rows, cols), start, algorithm, tie)
    events = iter(search)
    next(events)  # the first push: placing the knight
    found = []
    ordered = algorithm != "backtracking"
    while True:
        top = search.frame(-1) if search.depth else None
        event = next(events, None)
        if event is None or isinstance(event, Outcome):  # the player stops at an outcome
            return found
        kind = POP if isinstance(event, Pop) else PUSH
        if isinstance(event, Push) and ordered and top is not None:
            untried = [d for _, d in top.candidates[top.next:]]
            if untried.count(event.degree) > 1:
                kind = TIE
        found.append((event, kind))


def wrong_square(win, right: int | None) -> int:
    """A square the knight can go to next (a knight's move away, not visited) other than ``right``: a
    wrong guess, scored (another square is no guess at all)."""
    board, path = win.player.config.board, win.player.state.path
    return next(sq for sq in board.neighbours(path[-1]) if sq not in path and sq != right)


def guess(qtbot, win, event) -> None:
    """The right guess for ``event``, as a user gives it."""
    if isinstance(event, Pop):
        press(qtbot, win, Qt.Key.Key_Backspace)
    else:
        click_square(qtbot, win, event.square)


def test_a_right_move_is_scored_and_played(qtbot, window):
    start_practice(qtbot, window, 5, 5, "warnsdorff", 0)
    (first, kind), *_ = reference(5, 5, "warnsdorff", 0)
    assert window.practice.expected == first
    assert "The knight is on a5 (move 1). Click the square of move 2" in window.practice.panel.prompt.text()
    with qtbot.waitSignal(window.practice.answered) as answered:
        click_square(qtbot, window, first.square)
    assert answered.args == [True]
    assert window.player.state.path == [0, first.square]
    feedback = window.practice.panel.feedback.text()
    assert feedback.startswith("Right!")
    assert "Untried candidates of a5 when you guessed (degree): " in feedback  # (the knight has moved on)
    assert "equal degrees by the tie-break Look-ahead (One move further: " in feedback
    assert "Warnsdorff's rule" in feedback and "Look-ahead" in feedback and "Why: Push" in feedback
    tally = window.practice.score.tallies[kind]
    assert (tally.right, tally.total, tally.streak) == (1, 1, 1)


def test_a_wrong_move_is_scored_said_and_still_played(qtbot, window):
    start_practice(qtbot, window, 5, 5, "classic", 0)
    (first, kind), (second, _) = reference(5, 5, "classic", 0)[:2]
    wrong = 7 if first.square != 7 else 11  # (a5's other knight's move: c4 or b3)
    with qtbot.waitSignal(window.practice.answered) as answered:
        click_square(qtbot, window, wrong)
    assert answered.args == [False]
    board = Board(5)
    assert window.practice.panel.feedback.text().startswith(
        f"Not quite: the knight goes to {board.name(first.square)}, not {board.name(wrong)}.")
    assert window.player.state.path == [0, first.square]  # the event was played all the same
    assert window.player.start == 0  # the click did not move the knight's start
    assert window.practice.score.tallies[kind].total == 1 and window.practice.score.right == 0
    assert window.practice.expected == second


def test_a_click_the_knight_cannot_go_to_is_no_guess_and_says_why(qtbot, window):
    """Seen in review: after a wrong guess moved the knight to b3, a click on b3 (the student still
    looking at the square they had clicked) was scored "Not quite: … not b3" and played the next event;
    so was a click on a1, no knight's move away."""
    start_practice(qtbot, window, 5, 5, "warnsdorff", 0)
    (first, _), (second, _) = reference(5, 5, "warnsdorff", 0)[:2]
    guess(qtbot, window, first)
    practice, player = window.practice, window.player
    board = Board(5)
    here = board.name(first.square)
    far = next(sq for sq in range(25)
               if sq not in (0, first.square) and not board.is_knight_move(first.square, sq))
    for square, said in ((first.square, "That is the knight's own square: click the square it goes to next, "
                                         "or press Backspace if it backtracks."),
                         (0, "a5 is on the path already: the knight goes only to squares not visited yet."),
                         (far, f"{board.name(far)} is not a knight's move from {here}: click a square a "
                               "knight's move away, or press Backspace if it backtracks.")):
        with qtbot.assertNotEmitted(practice.answered):
            click_square(qtbot, window, square)
        assert practice.panel.feedback.text() == said
        assert window.statusBar().currentMessage() == said
        assert player.state.path == [0, first.square] and practice.expected == second  # nothing played
        assert practice.score.total == 1 and player.start == 0
    with qtbot.waitSignal(practice.answered) as answered:  # the next guess is scored as ever
        guess(qtbot, window, second)
    assert answered.args == [True] and practice.score.total == 2
    # ... and why the last click was no guess goes from the status bar (it stayed 10 s, over the prompts)
    assert window.statusBar().currentMessage() != said
    assert window.message_label.text() == practice.prompt_text()


def test_pops_are_guessed_with_backspace_and_streaks_count_per_kind(qtbot, window):
    start_practice(qtbot, window, 5, 5, "backtracking", 0)
    events = reference(5, 5, "backtracking", 0)
    first_pop = next(i for i, (event, _) in enumerate(events) if isinstance(event, Pop))
    for event, _ in events[:first_pop]:
        guess(qtbot, window, event)
    pop = events[first_pop][0]
    assert window.practice.expected == pop
    press(qtbot, window, Qt.Key.Key_Backspace)
    feedback = window.practice.panel.feedback.text()
    assert feedback.startswith("Right!") and f"Why: {Board(5).name(pop.square)}" in feedback
    score = window.practice.score
    assert score.tallies[POP].right == score.tallies[POP].total == 1
    assert score.tallies[PUSH].streak == first_pop and score.tallies[TIE].total == 0  # no ties: fixed order
    # Back when a move is due is wrong, and says where the knight goes
    following = events[first_pop + 1][0]
    if isinstance(following, Push):
        window.practice.panel.back_button.click()
        feedback = window.practice.panel.feedback.text()
        assert feedback.startswith("Not quite: no pop yet, the knight goes on to")
        assert score.tallies[PUSH].streak == 0 and score.tallies[PUSH].best == first_pop


def test_a_pop_missed_says_why(qtbot, window):
    start_practice(qtbot, window, 5, 5, "backtracking", 0)
    events = reference(5, 5, "backtracking", 0)
    board = Board(5)
    for event, _ in events:  # to a pop with a square the knight could still go to (not a dead end)
        path = window.player.state.path
        if isinstance(event, Pop) and any(sq not in path for sq in board.neighbours(path[-1])):
            break
        guess(qtbot, window, event)
    pops = window.practice.score.tallies[POP]
    right, total = pops.right, pops.total  # (the dead ends' pops before, guessed right)
    click_square(qtbot, window, wrong_square(window, None))
    feedback = window.practice.panel.feedback.text()
    assert feedback.startswith("Not quite: the knight backtracks here") and "Why: " in feedback
    assert (pops.total, pops.right) == (total + 1, right)


@pytest.mark.parametrize("tie", ["fixed", "roth", "pohl", "lookahead"])
def test_tie_break_pushes_are_scored_apart_with_every_rule(qtbot, window, tie):
    start_practice(qtbot, window, 6, 6, "warnsdorff", 0, tie)
    events = reference(6, 6, "warnsdorff", 0, tie)
    ties = sum(1 for _, kind in events if kind == TIE)
    assert ties
    first_tie = next(i for i, (_, kind) in enumerate(events) if kind == TIE)
    for event, _ in events[:first_tie + 1]:
        guess(qtbot, window, event)
    assert "This move was a tie" in window.practice.panel.feedback.text()
    for event, _ in events[first_tie + 1:]:
        guess(qtbot, window, event)
    score = window.practice.score
    assert score.tallies[TIE].right == score.tallies[TIE].total == ties
    assert score.total == score.right == len(events)
    assert window.player.state.outcome is not None and window.practice.expected is None
    # the summary at the end
    summary = window.practice.panel.summary.text()
    assert summary.startswith(f"Summary: {len(events)} of {len(events)} guesses right (100%).")
    assert f"Tie-breaks: {ties} of {ties} right, best streak" in summary
    assert "The search is over" in window.practice.panel.prompt.text()


def test_leaving_the_mode_gives_the_summary_and_gives_back_the_stack(qtbot, window):
    assert window.teaching.stack_dock.isVisible()
    start_practice(qtbot, window, 5, 5, "warnsdorff", 0)
    assert not window.teaching.stack_dock.isVisible()  # its "next" chip would give the answer away
    events = reference(5, 5, "warnsdorff", 0)
    guess(qtbot, window, events[0][0])
    click_square(qtbot, window, wrong_square(window, events[1][0].square))
    window.practice.action.trigger()
    assert not window.practice.active
    assert window.practice.panel.summary.text().startswith("Summary: 1 of 2 guesses right (50%).")
    assert window.teaching.stack_dock.isVisible()
    assert window.statusBar().currentMessage().startswith("Summary: 1 of 2")
    assert window.practice.dock.isVisible()  # (the summary stays to be read)
    # ... in sight, at the top of the panel the stack squeezed (it was under the last answer's lines)
    summary, area = window.practice.panel.summary, window.practice.area
    assert window.practice.panel.feedback.text() == ""
    qtbot.waitUntil(lambda: area.viewport().rect().contains(
        summary.mapTo(area.viewport(), summary.rect().topLeft())))
    click_square(qtbot, window, 12)  # off: a click places the knight again
    assert window.player.start == 12
    # ... and its panel, which spoke of the search practised on, goes; the pseudocode is in front
    assert not window.practice.dock.isVisible() and window.practice.panel.feedback.text() == ""
    assert window.teaching.pseudocode.isVisible()


def test_play_waits_for_a_guess_and_the_hints_do_not_give_it_away(qtbot, window):
    start_practice(qtbot, window, 5, 5, "warnsdorff", 0)
    press(qtbot, window, Qt.Key.Key_Space)
    assert not window.player.running and window.player.pos == 1
    window.practice.panel.hint_button.click()
    hint = window.practice.panel.hint.text()
    assert "Warnsdorff's rule" in hint and "Untried candidates of a5 (degree): " in hint
    press(qtbot, window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)  # degrees on the board
    view = window.board_view()
    stack = window.player.stack()
    assert stack is not None
    top = stack.frame(-1)
    assert view.show_candidates and view.candidates == top.candidates[top.next:]
    assert view.next_candidate == -1  # no square marked as the next one


def test_the_status_bar_asks_for_the_guess_not_for_space(qtbot, window):
    # (It said "Knight on a5. Press Space to play, → to step." while Play waited for a guess.)
    window.apply_settings(5, 5, "warnsdorff", None)
    click_square(qtbot, window, 0)
    assert "Press Space to play" in window.message_label.text()
    toggle = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier  # Ctrl+Shift+R
    press(qtbot, window, Qt.Key.Key_R, toggle)
    assert window.message_label.text() == window.practice.panel.prompt.text()
    assert window.message_label.text().startswith("The knight is on a5 (move 1). Click the square of move 2")
    (first, _), *_ = reference(5, 5, "warnsdorff", 0)
    with qtbot.waitSignal(window.practice.answered):
        click_square(qtbot, window, first.square)
    there = Board(5).name(first.square)
    assert window.message_label.text().startswith(f"The knight is on {there} (move 2). ")
    press(qtbot, window, Qt.Key.Key_R, toggle)
    assert not window.practice.active and window.message_label.text() == "Paused."


def test_the_hint_for_the_construction_names_it_not_warnsdorffs_rule(qtbot, window):
    """The construction joins fixed pieces; no degree rule chooses its pushes, so none is offered."""
    from knight_gui.ui.i18n import algorithm_description

    start_practice(qtbot, window, 6, 6, "construct", 0)
    window.practice.panel.hint_button.click()
    hint = window.practice.panel.hint.text()
    assert algorithm_description("construct") in hint and "Warnsdorff's rule" not in hint


def test_stepping_skips_a_guess_and_stepping_back_asks_again(qtbot, window):
    start_practice(qtbot, window, 5, 5, "backtracking", 0)
    events = reference(5, 5, "backtracking", 0)
    guess(qtbot, window, events[0][0])
    assert window.practice.panel.feedback.text().startswith("Right!")
    events = events[1:]
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.practice.score.total == 1 and window.practice.expected == events[1][0]
    # (the last answer, which spoke of the move before, stayed: "Right!" over another move)
    assert window.practice.panel.feedback.text() == "Moved on without a guess (not scored)."
    press(qtbot, window, Qt.Key.Key_Left)
    assert window.practice.expected == events[0][0]


def test_practice_in_chinese(qtbot, chinese_window):
    win = chinese_window
    start_practice(qtbot, win, 5, 5, "warnsdorff", 0)
    assert win.practice.panel.prompt.text().startswith("马在 a5（第 1 步）。点击第 2 步")
    events = reference(5, 5, "warnsdorff", 0)
    guess(qtbot, win, events[0][0])
    feedback = win.practice.panel.feedback.text()
    assert feedback.startswith("答对了！") and "Warnsdorff 规则" in feedback and "原因：" in feedback
    # sentences in a row, with no space between them; the tie-break named once, its text in brackets
    assert "。 " not in feedback and "按并列规则“前瞻规则”（多看一步：" in feedback
    assert win.practice.panel.score.text().startswith("得分 1 / 1")
    assert win.practice.dock.windowTitle() == "练习"
    assert "练习" in win.practice.action.text()


def test_on_a_small_screen_the_panel_scrolls_rather_than_cutting_its_lines(qtbot, window):
    """1024×768: the feedback, the score and the summary together are more than the dock's height
    (they were squeezed, the feedback's last line cut in half); each is whole, and the panel scrolls."""
    from PySide6.QtCore import QRect

    screen = QRect(0, 0, 1024, 768)
    window.fit_screen(screen)
    qtbot.waitUntil(lambda: screen.contains(window.frameGeometry()))
    start_practice(qtbot, window, 5, 5, "warnsdorff", 12)
    events = reference(5, 5, "warnsdorff", 12)
    for event, _ in events[:2]:  # two wrong guesses: the longest feedback
        click_square(qtbot, window, wrong_square(window, event.square))
    panel = window.practice.panel
    press(qtbot, window, Qt.Key.Key_H, CTRL_SHIFT)  # the hint too
    assert panel.feedback.text() and panel.hint.text()
    for label in (panel.feedback, panel.hint, panel.score):
        qtbot.waitUntil(lambda label=label: label.height() >= label.heightForWidth(label.width()))
    press(qtbot, window, Qt.Key.Key_R, CTRL_SHIFT)  # off: the summary comes, in the last answer's place
    assert panel.summary.text().startswith("Summary: 0 of 2") and not panel.feedback.text()
    for label in (panel.score, panel.summary):
        qtbot.waitUntil(lambda label=label: label.height() >= label.heightForWidth(label.width()))


def test_a_new_search_clears_the_last_answer_and_nothing_runs_ahead_of_a_guess(qtbot, window):
    """Found in review: a lesson chosen mid-practice kept the last search's "Not quite: …"; Finish,
    Run to Next Backtrack and Go to Move looked enabled and did nothing (the search waits for each
    guess)."""
    start_practice(qtbot, window, 5, 5, "classic", 0)
    first, _ = reference(5, 5, "classic", 0)[0]
    with qtbot.waitSignal(window.practice.answered):
        click_square(qtbot, window, wrong_square(window, first.square))
    assert window.practice.panel.feedback.text().startswith("Not quite")
    waiting = (window.play_action, window.finish_action, window.teaching.backtrack_action,
               window.teaching.go_to_move_action)
    assert not any(action.isEnabled() for action in waiting)
    window.apply_settings(6, 6, "warnsdorff", "roth")  # another search, practice still on
    click_square(qtbot, window, 0)
    assert window.practice.active and window.practice.expected is not None
    assert window.practice.panel.feedback.text() == "" and window.practice.panel.hint.text() == ""
    assert not any(action.isEnabled() for action in waiting)
    press(qtbot, window, Qt.Key.Key_R,
          Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)  # practice off
    assert not window.practice.active and all(action.isEnabled() for action in waiting)


def test_a_summary_wiped_by_a_new_search_comes_again_when_practice_ends(qtbot, window):
    """Found by the fuzz test: the search practised on ended (its summary shown), Play Yourself cleared
    the board (a new search: the summary went with the last answer), and leaving practice said
    nothing, as the summary had been given once."""
    start_practice(qtbot, window, 3, 4, "warnsdorff", 0, "lookahead")
    for event, _ in reference(3, 4, "warnsdorff", 0, "lookahead"):
        guess(qtbot, window, event)
    assert window.player.state.outcome is not None
    summary = window.practice.panel.summary
    assert summary.text() == window.practice.summary_text() != ""
    window.apply_settings(5, 5)  # another search, practice still on
    assert summary.text() == ""
    press(qtbot, window, Qt.Key.Key_R,
          Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)  # practice off
    assert not window.practice.active and summary.text() == window.practice.summary_text() != ""


def test_play_yourself_after_practice_shows_its_own_prompt_not_practices_summary(qtbot, window):
    """Seen in review: Play Yourself started right after Practice showed "Summary: 1 of 4 guesses right"
    in the status bar for its 10 s, in place of "click the square to start on"."""
    start_practice(qtbot, window, 5, 5, "warnsdorff", 0)
    (first, _), *_ = reference(5, 5, "warnsdorff", 0)
    guess(qtbot, window, first)
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    press(qtbot, window, Qt.Key.Key_R, ctrl_shift)  # practice off: its summary said
    assert window.statusBar().currentMessage().startswith("Summary: 1 of 1")
    press(qtbot, window, Qt.Key.Key_P, ctrl_shift)  # Play Yourself
    assert window.play_mode.active
    assert not window.statusBar().currentMessage().startswith("Summary")
    assert window.message_label.shown_text().startswith("Play Yourself: click the square to start on")


def _tabs(win) -> tuple[list[str], str]:
    """The texts of the right-hand tabs, and the one in front."""
    bar = next(bar for bar in win.findChildren(QTabBar) if bar.isVisible())
    return [bar.tabText(i) for i in range(bar.count())], bar.tabText(bar.currentIndex())


def _tab_in_front(win) -> str:
    return _tabs(win)[1]


@pytest.mark.parametrize("before", ["pseudocode_dock", "event_log_dock"])
def test_closing_the_practice_tab_shows_the_tab_that_was_in_front_before(qtbot, window, before):
    """Closed by its title bar's ✕, the Practice tab gives the front back to the tab there before
    practice (Qt would show its neighbour: the Event log, where the teacher never looked)."""
    wanted = window.findChild(QDockWidget, before)
    wanted.raise_()
    qtbot.waitUntil(lambda: _tab_in_front(window) == wanted.windowTitle())
    start_practice(qtbot, window, 5, 5, "warnsdorff", 0)
    assert _tab_in_front(window) == "Practice"
    window.practice.action.trigger()  # off: the summary stays in front, to be read
    assert _tab_in_front(window) == "Practice"
    close = window.practice.dock.findChild(QAbstractButton, "qt_dockwidget_closebutton")
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not window.practice.dock.isVisible()
    qtbot.waitUntil(lambda: "Practice" not in _tabs(window)[0])  # (Qt lays the tabs out later)
    qtbot.waitUntil(lambda: _tab_in_front(window) == wanted.windowTitle())
    assert wanted.widget().isVisible()


def test_a_window_deleted_with_the_practice_tab_shown_ends_quietly(qtbot):
    """Its docks hide as it is deleted: the practice's tab must not be raised then (the window was
    already gone: a RuntimeError from a slot, printed as the program ended)."""
    from PySide6.QtWidgets import QApplication

    from knight_gui.ui.main_window import MainWindow
    from tests.ui.conftest import show_active

    win = MainWindow()
    show_active(qtbot, win)
    start_practice(qtbot, win, 5, 5, "warnsdorff", 0)
    with qtbot.waitSignal(win.destroyed):
        win.deleteLater()
    QApplication.processEvents()  # (a slot's exception fails the test: pytest-qt catches it)


def test_the_hint_lists_the_candidates_in_the_boards_order_not_the_searchs(qtbot, window):
    """In the search's order the hint's first candidate was the answer (a review, as a student)."""
    start_practice(qtbot, window, 8, 8, "warnsdorff", 0)
    press(qtbot, window, Qt.Key.Key_H, CTRL_SHIFT)  # the hint
    hint = window.practice.panel.hint.text()
    listed = hint.split("Untried candidates of a8 (degree): ")[1].split("\n")[0]
    names = [item.split(":")[0] for item in listed.split()]
    assert names == sorted(names) and len(names) == 2  # b6 and c7
    assert window.practice.score.total == 0


def test_the_summary_counts_the_guesses_a_hint_was_asked_for(qtbot, window):
    """Play Yourself counted its hints; Practice's summary did not (a review, as a student)."""
    start_practice(qtbot, window, 5, 5, "warnsdorff", 0)
    events = reference(5, 5, "warnsdorff", 0)
    for index, (event, _) in enumerate(events[:4]):
        if index in (0, 2):
            press(qtbot, window, Qt.Key.Key_H, CTRL_SHIFT)
        if index == 0:
            press(qtbot, window, Qt.Key.Key_H, CTRL_SHIFT)  # asked twice for one guess: one hinted guess
        guess(qtbot, window, event)
    press(qtbot, window, Qt.Key.Key_H, CTRL_SHIFT)  # for a guess never made
    press(qtbot, window, Qt.Key.Key_R, CTRL_SHIFT)  # off: the summary
    summary = window.practice.panel.summary.text()
    assert summary.startswith("Summary: 4 of 4 guesses right (100%).")
    assert summary.endswith("Hints asked for 2 of the 4 guesses.")


def test_practice_and_play_yourself_are_on_one_at_a_time(qtbot, window):
    """Both on, a click was a move of the student's own game while Practice waited for a guess about a
    search Play Yourself had taken off the board.  Each is greyed while the other is on, and says so, so
    that choosing one never ends the other (its score, the student's path); leaving one gives the other
    back."""
    start_practice(qtbot, window, 5, 5, "warnsdorff", 0)
    (first, _), *_ = reference(5, 5, "warnsdorff", 0)
    play = window.play_mode.toggle_action
    assert not play.isEnabled() and "(not while practising)" in play.toolTip()
    press(qtbot, window, Qt.Key.Key_P, CTRL_SHIFT)  # Play Yourself's key: nothing
    assert window.practice.active and not window.play_mode.active
    assert window.practice.expected == first and window.player.state.path == [0]
    guess(qtbot, window, first)
    assert window.practice.score.total == 1
    press(qtbot, window, Qt.Key.Key_R, CTRL_SHIFT)  # practice over: its summary, Play Yourself back
    assert window.practice.panel.summary.text().startswith("Summary: 1 of 1 guesses right")
    assert play.isEnabled()
    press(qtbot, window, Qt.Key.Key_P, CTRL_SHIFT)
    assert window.play_mode.active
    click_square(qtbot, window, 0)
    click_square(qtbot, window, first.square)
    assert window.play_mode.game.path == [0, first.square]
    practice = window.practice.action
    assert not practice.isEnabled() and "(not while playing yourself)" in practice.toolTip()
    press(qtbot, window, Qt.Key.Key_R, CTRL_SHIFT)  # Practice's key: nothing; the game goes on
    assert not window.practice.active and window.play_mode.active
    assert window.play_mode.game.path == [0, first.square]
    press(qtbot, window, Qt.Key.Key_P, CTRL_SHIFT)  # Play Yourself left: Practice can be chosen again
    assert practice.isEnabled() and not window.play_mode.active


def test_tab_reaches_the_panels_buttons_and_back_says_it_is_a_guess(qtbot, window):
    """Tab passed by Back and Hint (a review, keyboard only: only Candidates was reached), and Back's
    "Back: a pop is due" read as the answer whether a pop was due or not."""
    from PySide6.QtWidgets import QApplication

    start_practice(qtbot, window, 5, 5, "warnsdorff", 0)
    panel = window.practice.panel
    assert panel.back_button.text() == "Predict a backtrack (Backspace)"
    window.board_widget.setFocus()
    reached = []
    for _ in range(40):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
        if QApplication.focusWidget() is panel.hint_button:
            break
    assert panel.back_button in reached and panel.hint_button in reached
    qtbot.keyClick(panel.hint_button, Qt.Key.Key_Space)  # Space presses the button reached by Tab
    assert panel.hint.text() != "" and window.practice.score.total == 0
    (first, _), *_ = reference(5, 5, "warnsdorff", 0)
    panel.back_button.setFocus(Qt.FocusReason.TabFocusReason)
    with qtbot.waitSignal(window.practice.answered) as answered:
        qtbot.keyClick(panel.back_button, Qt.Key.Key_Space)  # a guess that a pop comes: none does
    assert answered.args == [False] and window.practice.score.total == 1
