"""ui/app.py: the one QApplication, and the window opened as the command line asks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from knight_gui.desktop import APP_ID
from knight_gui.tour import Board, BoardError
from knight_gui.ui import app as ui_app
from knight_gui.ui import i18n
from knight_gui.ui import settings as app_settings
from knight_gui.ui.main_window import MainWindow


@pytest.fixture
def no_event_loop(qapp, tmp_path, monkeypatch):
    """Settings in a file of the test's own; ``exec`` looks at the windows shown, closes them, returns 0."""
    ini = tmp_path / "knight-tour.ini"
    monkeypatch.setattr(app_settings, "open_settings",
                        lambda: QSettings(str(ini), QSettings.Format.IniFormat))
    shown: list[tuple] = []

    def exec_(*_args):
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        for window in windows:
            player = window.player
            shown.append((player.config.board, player.config.algorithm, player.config.closed,
                          list(player.state.path), player.running))
            player.pause()
            window.close()
            window.deleteLater()
        return 0

    monkeypatch.setattr(QApplication, "exec", exec_)
    yield shown
    i18n.install_translator(i18n.ENGLISH)


def test_the_application_is_made_once_with_its_name_icon_and_desktop_entry(qapp):
    app = ui_app.make_application()
    assert app is qapp and ui_app.make_application() is app
    assert app.applicationName() == "Knight's Tour" and app.applicationDisplayName() == "Knight's Tour"
    assert app.organizationName() == "KnightTour"
    assert app.desktopFileName() == APP_ID
    assert not app.windowIcon().isNull()
    assert app.windowIcon().pixmap(64, 64).toImage().pixelColor(32, 32).alpha() > 0  # something drawn


def test_a_board_that_cannot_exist_fails_before_any_window_shows(no_event_loop):
    with pytest.raises(BoardError, match="board rows must be between 1 and 2000, not 0"):
        ui_app.run_window(rows=0)
    with pytest.raises(BoardError):
        ui_app.run_window(rows=5, cols=2001)
    assert no_event_loop == []
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]


def test_the_window_opens_as_asked_with_the_knight_placed_and_playing(no_event_loop):
    assert ui_app.run_window(rows=5, cols=6, start=0, algorithm="backtracking", closed=False, play=True) == 0
    assert no_event_loop == [(Board(5, 6), "backtracking", False, [0], True)]


def test_one_side_given_makes_a_square_board_and_placing_without_play_waits(no_event_loop):
    assert ui_app.run_window(cols=7, start=2) == 0
    board, _, _, path, running = no_event_loop[0]
    assert board == Board(7) and path == [2] and not running
