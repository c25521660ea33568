"""The Closed box on a big board: the window switches to the construction and finds the tour."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt

from knight_gui.tour import Board
from knight_gui.tour.validate import tour_error
from tests.ui.test_window import click_square, press


def test_closed_on_20x20_switches_to_the_construction_and_finds_a_closed_tour(qtbot, window):
    window.apply_settings(20, 20, "warnsdorff")
    window.closed_check.click()
    assert window.closed_check.isChecked()
    assert window.algorithm_combo.currentData() == "construct"
    assert "built by construction" in window.statusBar().currentMessage()
    assert window.player.config.algorithm == "construct" and window.player.config.closed
    board = Board(20)
    start = board.square(7, 12)
    click_square(qtbot, window, start)
    with qtbot.waitSignal(window.player.finished, timeout=20000):
        press(qtbot, window, Qt.Key.Key_End)
    path = window.board_widget.view.path
    assert path[0] == start and tour_error(board, path, closed=True) is None
    assert window.player.search is not None and window.player.search.pops == 0


def test_the_user_can_switch_back_and_small_boards_keep_the_search(qtbot, window):
    window.apply_settings(20, 20, "classic")
    window.closed_check.click()
    assert window.algorithm_combo.currentData() == "construct"
    window.algorithm_combo.setCurrentIndex(window.algorithm_combo.findData("warnsdorff"))
    assert window.player.config.algorithm == "warnsdorff" and window.player.config.closed
    window.closed_check.click()
    window.apply_settings(8, 8, "warnsdorff")
    window.closed_check.click()
    assert window.algorithm_combo.currentData() == "warnsdorff" and window.player.config.closed


def test_the_construction_animates_pushes_only(qtbot, window):
    window.apply_settings(6, 6, "construct", closed=True)
    click_square(qtbot, window, 0)
    with qtbot.waitSignal(window.player.finished, timeout=10000):
        press(qtbot, window, Qt.Key.Key_End)
    assert tour_error(Board(6), window.board_widget.view.path, closed=True) is None
    search = window.player.search
    assert search is not None and (search.pushes, search.pops) == (36, 0)


def test_closed_on_100x100_from_the_middle_within_seconds(qtbot, window):
    window.apply_settings(100, 100, "warnsdorff")
    window.closed_check.click()
    board = Board(100)
    start = board.square(50, 37)
    click_square(qtbot, window, start)
    began = time.perf_counter()
    with qtbot.waitSignal(window.player.finished, timeout=30000):
        press(qtbot, window, Qt.Key.Key_End)
    assert time.perf_counter() - began < 10  # "within a few seconds" (0.1 s here, alone)
    path = window.board_widget.view.path
    assert path[0] == start and tour_error(board, path, closed=True) is None
