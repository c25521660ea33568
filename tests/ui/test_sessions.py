"""Nothing lost: Reset, a click, a new board or algorithm can be undone (Edit ▸ Undo), history and all."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from knight_gui.ui import file_dialogs
from knight_gui.ui.sessions import MAX_KEPT, UndoHook
from tests.ui.test_window import click_square, press

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def run_events(window, count: int) -> None:
    for _ in range(count):
        window.player.step()


@pytest.mark.parametrize("how", ["reset", "escape", "click", "board size", "algorithm"])
def test_undo_brings_back_the_search_that_was_replaced_history_and_all(qtbot, window, how):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 12)  # c3
    run_events(window, 300)
    player = window.player
    history, pos, path, pops = player.history, player.pos, list(player.state.path), player.state.pops
    assert pops > 0
    if how == "reset":
        window.reset_action.trigger()
    elif how == "escape":
        press(qtbot, window, Qt.Key.Key_Escape)  # idle: Esc resets
    elif how == "click":
        click_square(qtbot, window, 0)
    elif how == "board size":
        window.rows_spin.setValue(6)
    else:
        window.algorithm_combo.setCurrentIndex(window.algorithm_combo.findData("warnsdorff"))
    assert player.history is not history and player.pos <= 1
    assert window.sessions.undo_action.isEnabled()
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert player.history is history and player.pos == pos and player.state.path == path
    assert player.state.pops == pops and player.start == 12
    assert (window.rows_spin.value(), window.cols_spin.value()) == (5, 5)
    assert window.algorithm_combo.currentData() == "backtracking"
    assert window.board_widget.view.path == path and window.windowTitle() == "Knight's Tour — 5×5"
    run_events(window, 10)  # the search goes on from where it was
    assert player.pos == pos + 10 and len(player.history) == pos + 10
    replaced = player.history
    press(qtbot, window, Qt.Key.Key_Z, CTRL | SHIFT)  # Redo: the search that replaced it
    assert player.history is not replaced and player.pos <= 1
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert player.history is replaced


def test_esc_stops_a_fast_run_and_never_throws_it_away(qtbot, window):
    window.apply_settings(8, 8, "backtracking")  # 6.5 million events to its first tour: Esc comes first
    click_square(qtbot, window, 0)
    window.finish_action.trigger()
    qtbot.waitUntil(lambda: window.player.pos > 50)
    press(qtbot, window, Qt.Key.Key_Escape)
    player = window.player
    assert not player.running and player.pos > 50 and player.start == 0  # stopped, not reset
    pos = player.pos
    press(qtbot, window, Qt.Key.Key_Escape)  # idle now: a reset ...
    assert player.pos == 1
    press(qtbot, window, Qt.Key.Key_Z, CTRL)  # ... that Undo takes back
    assert player.pos == pos


def test_undo_keeps_a_bounded_number_of_searches_and_a_new_search_clears_redo(qtbot, window):
    for square in range(MAX_KEPT + 3):
        click_square(qtbot, window, square)
        window.player.step()
    sessions = window.sessions
    assert len(sessions.undo_stack) == MAX_KEPT
    sessions.undo()
    assert sessions.redo_stack
    click_square(qtbot, window, 40)
    assert not sessions.redo_stack and not sessions.redo_action.isEnabled()


def test_nothing_to_undo_on_a_fresh_window(qtbot, window):
    assert not window.sessions.undo_action.isEnabled() and not window.sessions.redo_action.isEnabled()
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.player.start is None


def test_another_mode_takes_ctrl_z_while_it_is_active(qtbot, window):
    """The hook for a mode with moves of its own (playing the knight yourself): Undo goes there while on."""
    calls: list[str] = []
    active = [True]
    window.sessions.add_hook(UndoHook(active=lambda: active[0], undo=lambda: calls.append("undo"),
                                      redo=lambda: calls.append("redo")))
    click_square(qtbot, window, 0)
    click_square(qtbot, window, 1)
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    press(qtbot, window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert calls == ["undo", "redo"] and window.player.start == 1
    active[0] = False
    window.sessions.refresh()
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.player.start == 0


def test_the_searches_kept_are_bounded_by_their_memory_too(qtbot, window):
    from knight_gui.ui.sessions import trim

    for square in range(4):
        click_square(qtbot, window, square)
        run_events(window, 20)
    kept = list(window.sessions.undo_stack)
    assert len(kept) == 3
    one = kept[-1].history.nbytes()
    trim(kept, max_bytes=one)  # room for one: the newest stays
    assert kept == window.sessions.undo_stack[-1:]
    trim(kept, max_bytes=0)
    assert len(kept) == 1


def test_opening_a_tour_file_can_be_undone(qtbot, window, tmp_path, monkeypatch):

    click_square(qtbot, window, 0)
    run_events(window, 30)
    target = tmp_path / "t.json"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: (str(target), ""))
    with qtbot.waitSignal(window.tour_files.saved, timeout=10000):
        press(qtbot, window, Qt.Key.Key_S, CTRL | SHIFT)
    click_square(qtbot, window, 9)
    run_events(window, 5)
    history = window.player.history
    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a, **k: (str(target), ""))
    with qtbot.waitSignal(window.tour_files.opened, timeout=10000):
        press(qtbot, window, Qt.Key.Key_O, CTRL)
    assert window.player.start == 0
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.player.history is history and window.player.start == 9
    assert [k.history for k in window.sessions.undo_stack].count(history) == 0


def test_a_lesson_or_play_yourself_replacing_a_search_can_be_undone(qtbot, window):
    """Choosing a lesson, or turning Play Yourself on, puts the search shown aside: Undo brings it back."""
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 12)
    run_events(window, 200)
    player = window.player
    history, pos = player.history, player.pos
    window.lessons.actions[0].trigger()
    assert player.history is not history
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert player.history is history and player.pos == pos
    window.play_mode.set_active(True)
    assert player.start is None
    window.play_mode.set_active(False)
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert player.history is history and player.pos == pos and player.start == 12


def test_undo_and_redo_name_the_search_they_would_bring_back(qtbot, window):
    """Seen in review: Edit ▸ Undo said only "Undo"; a teacher could not tell which search it would
    bring back before pressing it."""
    sessions = window.sessions
    undo, redo = sessions.undo_action, sessions.redo_action
    assert (undo.text(), redo.text()) == ("&Undo", "&Redo")  # nothing kept
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 12)  # c3
    run_events(window, 299)
    window.reset_action.trigger()
    assert undo.text() == "&Undo: 5×5 from c3, event 300" and redo.text() == "&Redo"
    edit_menu = window.edit_menu
    assert "&Undo: 5×5 from c3, event 300" in [a.text() for a in edit_menu.actions()]  # as the menu shows it
    run_events(window, 4)
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert undo.text() == "&Undo" and redo.text() == "&Redo: 5×5 from c3, event 5"
    window.rows_spin.setValue(6)  # a new board: the search shown kept, Redo's forgotten
    assert undo.text() == "&Undo: 5×5 from c3, event 300" and redo.text() == "&Redo"
    window.play_mode.toggle_action.trigger()  # a mode with its own Undo: the plain words, its own job
    assert window.play_mode.active and undo.text() == "&Undo"
