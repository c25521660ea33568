"""One event on every view: board, stack, banner, pseudocode and status show the same event at every frame.

Also the window's title, Play on an empty board and the speed shown during a fast run.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from knight_gui.tour import Pop
from knight_gui.tour.explain import pseudocode_line
from knight_gui.ui.explanations import explain_event
from knight_gui.ui.i18n import tr_message
from knight_gui.ui.player import SPEEDS
from knight_gui.ui.stack_panel import COL_MOVE, COL_SQUARE
from tests.ui.test_window import click_square, press


def disagreements(window) -> list[str]:
    """What a view shows that is not the player's last event and state (empty: they all agree)."""
    player = window.player
    state = player.state
    board = player.config.board
    path = list(state.path)
    event = player.last_event()
    wrong = []
    if window.board_widget.view.path != path:
        wrong.append("board")
    stack = window.teaching.stack_panel
    model = stack.model
    top = model.frame_at(0)
    live = player.stack()
    if model.rowCount() != len(path) or top is None or live is None:
        wrong.append("stack rows")
    else:
        if (top.square, top.step) != (path[-1], len(path)) or top != live.frame(-1):
            wrong.append(f"stack top row {top.step} {board.name(top.square)}")
        if (model.index(0, COL_MOVE).data(), model.index(0, COL_SQUARE).data()) != (
                str(len(path)), board.label(path[-1])):
            wrong.append("stack top row text")
    explained = explain_event(player, event)
    if stack.banner.text() != (tr_message(explained) if explained is not None else ""):
        wrong.append(f"banner {stack.banner.text()!r}")
    if window.teaching.pseudocode.current != pseudocode_line(event):
        wrong.append("pseudocode")
    if window.moves_label.text() != f"Move {state.depth:,} of {board.size:,}":
        wrong.append(f"status {window.moves_label.text()!r}")
    if window.counts_label.text() != f"Pushes {state.pushes:,} · Pops {state.pops:,}":
        wrong.append(f"status {window.counts_label.text()!r}")
    message = window.message_label.text()
    if isinstance(event, Pop) and not player.running and not message.startswith("Backtrack"):
        wrong.append(f"status message {window.message_label.text()!r}")
    return wrong


def test_every_view_shows_the_same_event_at_every_step(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 12)  # c3: many pops
    pops = 0
    for _ in range(400):
        press(qtbot, window, Qt.Key.Key_Right)
        assert disagreements(window) == [], window.player.pos
        pops += isinstance(window.player.last_event(), Pop)
    assert pops > 50
    for _ in range(60):  # and going back through the history
        press(qtbot, window, Qt.Key.Key_Left)
        assert disagreements(window) == [], window.player.pos


@pytest.mark.parametrize("speed", [50, 1000])
def test_every_view_shows_the_same_event_at_every_frame_of_play(qtbot, window, speed):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 12)
    window.speed_slider.setValue(SPEEDS.index(speed))
    frames: list[list[str]] = []
    window.player.changed.connect(lambda: frames.append(disagreements(window)))  # after every view's own
    press(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: len(frames) >= 40, timeout=10000)
    press(qtbot, window, Qt.Key.Key_Space)
    assert window.player.state.pops > 0
    assert [f for f in frames if f] == []


def test_the_title_gives_the_board_size_once(qtbot, window):
    from PySide6.QtGui import QGuiApplication

    window.apply_settings(6, 7)
    assert window.windowTitle() == "Knight's Tour — 6×7"
    # Qt adds the application's display name to a title that does not end with it: it does not here
    assert window.windowTitle().endswith(QGuiApplication.applicationDisplayName())


def test_the_chinese_title_is_all_chinese(qtbot, chinese_window):
    from PySide6.QtGui import QGuiApplication

    assert chinese_window.windowTitle() == "马踏棋盘 — 8×8"
    assert QGuiApplication.applicationDisplayName() == "马踏棋盘 — 8×8"


def test_play_on_an_empty_board_places_the_knight(qtbot, window):
    assert window.player.start is None and window.play_action.isEnabled()
    window.play_action.trigger()  # the Play button, as Space
    assert window.player.start == 0 and window.board_widget.view.path == [0]
    window.play_action.trigger()
    assert window.player.running
    window.play_action.trigger()


def test_a_fast_run_shows_maximum_speed(qtbot, window):
    window.apply_settings(6, 6, "backtracking")
    click_square(qtbot, window, 0)
    assert window.speed_label.text() == "8/s"
    window.finish_action.trigger()
    assert window.speed_label.text() == "maximum"
    press(qtbot, window, Qt.Key.Key_Escape)  # stops it
    assert not window.player.running and window.speed_label.text() == "8/s"
