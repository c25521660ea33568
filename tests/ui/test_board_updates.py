"""What the screen shows after each event is the board painted whole (issue 11's partial repaints).

At maximum speed the board widget repaints only the box around the squares
that changed and the knight's neighbourhood (``BoardWidget.changed_region``).
These tests read the window's pixels as the screen has them (the platform's
grab of the window, not a fresh paint of the widget) after each step and
compare them with the board painted whole: a region that missed a change
leaves stale pixels on the screen.
"""

from __future__ import annotations

import types

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from knight_gui.ui import board_widget

from .test_window import click_square


@pytest.fixture(autouse=True)
def board_clock(monkeypatch):
    """The board's clock stands still unless a test moves it: a popped square's glow is as strong
    on the screen as in a paint made later (the glow fades with the clock)."""
    clock = types.SimpleNamespace(now=1000.0)
    clock.monotonic = lambda: clock.now
    monkeypatch.setattr(board_widget, "time", clock)
    return clock


def stale_pixels(window) -> int:
    """Pixels of the board on screen that differ from the board painted whole (every 2nd pixel)."""
    QApplication.processEvents()
    board = window.board_widget
    shot = window.screen().grabWindow(window.winId()).toImage()
    corner = board.mapTo(window, QPoint(0, 0))
    shown = shot.copy(corner.x(), corner.y(), board.width(), board.height()).convertToFormat(
        QImage.Format.Format_ARGB32)
    whole = board.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)
    if shown == whole:
        return 0
    stale = 0
    for y in range(0, board.height(), 2):
        for x in range(0, board.width(), 2):
            a, b = shown.pixelColor(x, y), whole.pixelColor(x, y)
            if max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) > 40:
                stale += 1
    return stale


@pytest.mark.parametrize(("side", "algorithm", "start"), [(5, "backtracking", 12), (10, "warnsdorff", 0),
                                                          (60, "warnsdorff", 0)])
def test_every_step_and_step_back_leaves_the_screen_as_the_whole_board(qtbot, window, side, algorithm, start):
    window.resize(1000, 700)
    window.apply_settings(side, side, algorithm)
    click_square(qtbot, window, start)
    assert stale_pixels(window) == 0
    player = window.player
    for key in [Qt.Key.Key_Right] * 12 + [Qt.Key.Key_Left] * 5 + [Qt.Key.Key_Right] * 3:
        qtbot.keyClick(window.board_widget, key)
        assert stale_pixels(window) == 0, (player.pos, key)
    window.candidates_action.trigger()  # Ctrl+D: the candidates around the knight, with degrees
    for key in [Qt.Key.Key_Right] * 6 + [Qt.Key.Key_Left] * 3:
        qtbot.keyClick(window.board_widget, key)
        assert stale_pixels(window) == 0, (player.pos, key, "candidates")


def test_pops_and_a_frame_picked_in_the_stack_leave_the_screen_as_the_whole_board(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 12)
    player = window.player
    player.advance(400)  # deep in backtracking: pops among the pushes
    QApplication.processEvents()
    assert stale_pixels(window) == 0
    window.candidates_action.trigger()
    table = window.teaching.stack_panel.table
    for _ in range(25):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_Right)
        assert stale_pixels(window) == 0, player.pos
    table.selectRow(3)  # a lower frame: its square and its candidates are marked
    assert stale_pixels(window) == 0
    for _ in range(5):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_Right)
        assert stale_pixels(window) == 0, player.pos


def test_a_fast_run_leaves_the_screen_as_the_whole_board_when_paused(qtbot, window):
    window.apply_settings(30, 30, "warnsdorff")
    click_square(qtbot, window, 0)
    player = window.player
    player.set_speed(0)
    player.play()
    qtbot.waitUntil(lambda: player.pos > 300, timeout=10_000)
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Space)
    assert not player.running
    assert stale_pixels(window) == 0


def test_glows_fade_on_the_screen_as_the_whole_board_paints_them(qtbot, window, board_clock):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, 12)
    player = window.player
    while not player.advance(1):  # up to the first pop: its square glows
        pass
    window.board_widget.flash(player.history.popped(0, player.pos)[-3:])
    assert stale_pixels(window) == 0
    for _ in range(4):  # the glow fades, a step of the timer at a time, then is gone
        board_clock.now += 0.15
        window.board_widget._fade()
        assert stale_pixels(window) == 0, board_clock.now
    assert not window.board_widget._flashes


def test_a_backtracking_search_draws_its_path_again_rarely_and_shows_it_whole(qtbot, window, monkeypatch):
    """Pops take squares back every frame; the path layer learns how far and stops short of the
    knight by that much, so the long path is not drawn again each time (the last squares are)."""
    window.apply_settings(20, 20, "backtracking")
    click_square(qtbot, window, 0)
    player = window.player
    player.advance(20_000)  # hundreds of squares deep, pushing and popping
    widget = window.board_widget
    QApplication.processEvents()
    redrawn: list[int] = []
    layer = widget._layer
    monkeypatch.setattr(widget, "_layer",
                        lambda *args: (redrawn.append(len(player.state.path)), layer(*args))[1])
    popped_frames = 0
    for _ in range(40):
        popped_frames += bool(player.advance(60))
        player.changed.emit()
        widget.repaint()
    assert popped_frames >= 30  # (the search did go back in most frames)
    assert len(redrawn) <= 6, redrawn  # learnt after the first few
    assert stale_pixels(window) == 0
