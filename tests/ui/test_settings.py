"""Remembered settings: a round trip across a window restart, corrupt values, defaults.

Every test uses its own INI file under tmp_path, injected into the window:
the user's real settings are never read or written.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt

from knight_gui.tour import Board
from knight_gui.ui import i18n
from knight_gui.ui import settings as app_settings
from knight_gui.ui.main_window import MainWindow
from knight_gui.ui.painting import COORDS_CHESS, COORDS_INDEX
from knight_gui.ui.player import DEFAULT_SPEED, SPEEDS
from tests.ui.test_i18n import needs_window_retranslation


@pytest.fixture
def ini(tmp_path) -> Path:
    return tmp_path / "knight-tour.ini"


@pytest.fixture(autouse=True)
def english_afterwards(qapp):
    yield
    i18n.install_translator(i18n.ENGLISH)


def open_window(qtbot, ini: Path) -> MainWindow:
    win = MainWindow(settings=QSettings(str(ini), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)  # shortcuts go to the active window, as when a user types
    return win


def test_settings_survive_a_restart(qtbot, ini, tmp_path):
    first = open_window(qtbot, ini)
    first.rows_spin.setValue(6)
    first.cols_spin.setValue(7)
    first.algorithm_combo.setCurrentIndex(first.algorithm_combo.findData("backtracking"))
    first.tie_combo.setCurrentIndex(first.tie_combo.findData("pohl"))
    first.closed_check.setChecked(True)
    first.speed_slider.setValue(SPEEDS.index(200))
    qtbot.keyClick(first.board_widget, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(first.board_widget, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert first.coords == COORDS_INDEX and first.show_candidates
    first.last_export_dir = str(tmp_path)
    first.resize(760, 640)  # (above the least size the panels need, whatever the fonts)
    first.close()
    assert ini.exists()

    second = open_window(qtbot, ini)
    assert second.player.config.board == Board(6, 7)
    assert (second.rows_spin.value(), second.cols_spin.value()) == (6, 7)
    assert second.algorithm_combo.currentData() == "backtracking"
    # Backtracking takes the fixed order: the greyed box shows it; Pohl waits for Warnsdorff.
    assert second.tie_combo.currentData() == "fixed" and not second.tie_combo.isEnabled()
    assert second.tie_choice == "pohl"
    assert second.closed_check.isChecked()
    assert second.speed_label.text() == "200/s"
    assert second.coords == COORDS_INDEX and second.coords_action.isChecked()
    assert second.show_candidates and second.candidates_action.isChecked()
    assert second.last_export_dir == str(tmp_path)
    assert (second.width(), second.height()) == (first.width(), first.height()) == (760, 640)
    assert second.windowTitle() == "Knight's Tour — 6×7"


@needs_window_retranslation
def test_the_language_is_remembered(qtbot, ini):
    first = open_window(qtbot, ini)
    first.language_menu.actions["zh_CN"].trigger()
    first.close()
    i18n.install_translator(i18n.ENGLISH)  # as a new process would start
    second = open_window(qtbot, ini)
    assert second.language_menu.choice == "zh_CN"
    assert second.language_menu.actions["zh_CN"].isChecked()
    assert second.file_menu.title() == "文件(&F)"
    assert second.message_label.text() == "单击一个格子放下马。"


def test_corrupt_or_foreign_values_are_ignored(qtbot, ini):
    ini.write_text(
        "[General]\nversion=1\n"
        "[settings]\nrows=banana\ncols=1000000\nalgorithm=quantum\ntie_break=3\nclosed=perhaps\n"
        "speed=7\ncoords=hieroglyphs\ncandidates=@Invalid()\nlanguage=tlh\n"
        "export_dir=/no/such/folder\nsave_trace=2\n"
        "[window]\ngeometry=@ByteArray(not a geometry)\nstate=hello\n",
        encoding="utf-8")
    win = open_window(qtbot, ini)
    assert win.player.config.board == Board(8)
    assert win.algorithm_combo.currentData() == "warnsdorff"
    assert win.tie_combo.currentData() == "lookahead"
    assert not win.closed_check.isChecked()
    assert win.speed_label.text() == f"{DEFAULT_SPEED}/s"
    assert win.coords == COORDS_CHESS and not win.show_candidates
    assert win.language_menu.choice == "system"
    assert win.last_export_dir == str(Path.home())
    # and the window works
    qtbot.mouseClick(win.board_widget, Qt.MouseButton.LeftButton,
                     pos=win.board_widget.square_rect(0).center().toPoint())
    assert win.board_widget.view.path == [0]


def test_a_partly_corrupt_file_keeps_the_good_values(qtbot, ini):
    ini.write_text("[settings]\nrows=5\ncols=oops\nalgorithm=greedy\n", encoding="utf-8")
    win = open_window(qtbot, ini)
    assert win.player.config.board == Board(5, 8)
    assert win.algorithm_combo.currentData() == "greedy"


def test_a_file_of_another_version_is_ignored(qtbot, ini):
    ini.write_text("[General]\nversion=99\n[settings]\nrows=5\ncols=5\n", encoding="utf-8")
    win = open_window(qtbot, ini)
    assert win.player.config.board == Board(8)


def test_unreadable_geometry_types_are_ignored(qtbot, ini):
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    settings.setValue("window/geometry", 12345)
    settings.setValue("window/state", ["a", "list"])
    settings.sync()
    win = open_window(qtbot, ini)
    assert win.isVisible()


def test_restore_defaults(qtbot, ini):
    win = open_window(qtbot, ini)
    win.apply_settings(5, 6, "classic")
    win.speed_slider.setValue(SPEEDS.index(1000))
    win.coords_action.trigger()
    win.language_menu.choose("zh_CN")
    win.settings_keeper.restore_defaults_action.trigger()
    assert win.player.config.board == Board(8)
    assert win.algorithm_combo.currentData() == "warnsdorff"
    assert win.speed_label.text() == f"{DEFAULT_SPEED}/s"
    assert win.coords == COORDS_CHESS
    assert win.language_menu.choice == "system"
    stored = app_settings.read(QSettings(str(ini), QSettings.Format.IniFormat))
    assert replace(stored, export_dir="", tour_dir="") == app_settings.DEFAULTS
    assert stored.export_dir in ("", str(Path.home()))


def test_restore_defaults_is_in_the_view_menu(window):
    assert window.settings_keeper.restore_defaults_action in window.view_menu.actions()


def test_a_window_without_settings_writes_nothing(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "cfg"))
    win = MainWindow()
    qtbot.addWidget(win)
    win.rows_spin.setValue(5)
    win.close()
    assert win.settings_keeper.settings is None
    assert not (tmp_path / "cfg").exists()


def test_read_checks_every_value():
    settings = QSettings()  # not written: only read through the checks
    assert app_settings._CHECKS["rows"]("12") == 12
    assert app_settings._CHECKS["rows"]("0") is None
    assert app_settings._CHECKS["rows"](True) is None
    assert app_settings._CHECKS["speed"]("0") == 0  # max
    assert app_settings._CHECKS["speed"]("9") is None
    assert app_settings._CHECKS["closed"]("true") is True
    assert app_settings._CHECKS["closed"]("maybe") is None
    assert app_settings._CHECKS["language"]("zh_CN") == "zh_CN"
    assert settings is not None


def test_the_layout_of_toolbars_and_panels_survives_a_restart(qtbot, ini):
    from PySide6.QtWidgets import QDockWidget

    first = open_window(qtbot, ini)
    first.run_toolbar.hide()
    docks = [d for d in first.findChildren(QDockWidget) if d.objectName()]
    hidden = {d.objectName() for d in docks[:1]}
    for dock in docks[:1]:
        dock.hide()
    first.close()
    second = open_window(qtbot, ini)
    assert not second.run_toolbar.isVisible() and second.board_toolbar.isVisible()
    for dock in second.findChildren(QDockWidget):
        if dock.objectName() in hidden:
            assert not dock.isVisible()
    second.settings_keeper.restore_defaults_action.trigger()
    assert second.run_toolbar.isVisible()


def test_the_command_line_overrides_only_what_it_names(qtbot, ini, monkeypatch):
    """``knight-tour --size 8`` shows 8×8 even when 6×6 is remembered; bare ``knight-tour`` keeps 6×6."""
    from PySide6.QtWidgets import QApplication

    from knight_gui.ui import app as ui_app

    first = open_window(qtbot, ini)
    first.apply_settings(6, 6, "classic")
    first.close()
    monkeypatch.setattr(app_settings, "open_settings",
                        lambda: QSettings(str(ini), QSettings.Format.IniFormat))
    shown = []

    def exec_(*_args):  # instead of the event loop: what does the user see?
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        assert len(windows) == 1
        window = windows[0]
        config = window.player.config
        shown.append((config.board, config.algorithm, list(window.board_widget.view.path)))
        window.close()
        window.deleteLater()
        return 0

    monkeypatch.setattr(QApplication, "exec", exec_)
    assert ui_app.run_window() == 0
    assert ui_app.run_window(rows=8, cols=8) == 0
    assert ui_app.run_window(start=3, algorithm="warnsdorff") == 0
    assert shown == [(Board(6), "classic", []), (Board(8), "classic", []), (Board(8), "warnsdorff", [3])]


def test_the_boxes_show_what_the_search_uses_and_keep_the_choice(qtbot, ini):
    """Backtracking takes the fixed order, greedy cannot close: the greyed boxes say so, and the
    user's own choices come back with an algorithm that uses them."""
    win = open_window(qtbot, ini)
    win.tie_combo.setCurrentIndex(win.tie_combo.findData("pohl"))
    check = win.closed_check
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(6, check.height() // 2))
    assert win.closed_check.isChecked() and win.player.config.closed
    algorithm = win.algorithm_combo
    algorithm.setCurrentIndex(algorithm.findData("backtracking"))
    assert (win.tie_combo.currentData(), win.tie_combo.isEnabled()) == ("fixed", False)
    assert win.player.config.tie_break == "fixed" and win.closed_check.isChecked()
    # (greyed, each says why: it said what it would do)
    assert win.tie_combo.toolTip().startswith("Backtracking tries the squares in a fixed order: there is no "
                                              "tie to break")
    algorithm.setCurrentIndex(algorithm.findData("greedy"))
    assert (win.tie_combo.currentData(), win.tie_combo.isEnabled()) == ("pohl", True)
    assert not win.closed_check.isChecked() and not win.closed_check.isEnabled()
    assert not win.player.config.closed
    assert win.closed_check.toolTip().startswith("Greedy never goes back, so it cannot look for a closed")
    assert win.tie_combo.toolTip() == "Which of several equally good squares to try first"
    algorithm.setCurrentIndex(algorithm.findData("warnsdorff"))
    assert win.closed_check.toolTip().startswith("Look for a closed tour")
    assert win.tie_combo.currentData() == "pohl" and win.closed_check.isChecked()
    assert (win.player.config.tie_break, win.player.config.closed) == ("pohl", True)
    algorithm.setCurrentIndex(algorithm.findData("classic"))
    win.close()
    assert app_settings.read(QSettings(str(ini), QSettings.Format.IniFormat)).tie_break == "pohl"
