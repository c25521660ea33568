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
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
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


def test_while_views_come_they_fade_the_glows_and_the_timer_paints_nothing(qtbot, window, board_clock):
    """At maximum speed a repaint of the glows' own between two frames with views costs as much as
    the board's part of such a frame; while views come at least every FADE_COVERED seconds they
    repaint the glowing squares (and those whose glow ended) and the fade timer paints nothing.
    When they stop, the timer fades the glows on its own."""
    window.resize(1000, 700)
    window.apply_settings(10, 10, "warnsdorff")
    click_square(qtbot, window, 0)
    widget = window.board_widget
    for _ in range(4):
        qtbot.keyClick(widget, Qt.Key.Key_Right)
    paints: list[int] = []

    class Counter(QObject):
        def eventFilter(self, watched, event):  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint:
                paints.append(1)
            return False

    counter = Counter()
    widget.installEventFilter(counter)
    widget.flash([99, 89, 98])  # far from the path: only the glows' own repaint shows them changing
    QApplication.processEvents()
    step = board_widget.FADE_COVERED * 0.8
    for _ in range(int(board_widget.FLASH_SECONDS / step) + 2):  # until after the glows are gone
        board_clock.now += step
        paints.clear()
        widget._fade()
        QApplication.processEvents()
        assert not paints  # the views are coming: the timer leaves the glows to them
        qtbot.keyClick(widget, Qt.Key.Key_Right)  # a frame with views: one more push
        assert stale_pixels(window) == 0, board_clock.now
    assert not widget._flashes
    widget.flash([99])  # the views stop: the timer fades the glow by itself
    assert stale_pixels(window) == 0
    while widget._flash_timer.isActive():
        board_clock.now += 0.1
        paints.clear()
        widget._fade()
        QApplication.processEvents()
        assert paints
        assert stale_pixels(window) == 0, board_clock.now
    assert not widget._flashes
