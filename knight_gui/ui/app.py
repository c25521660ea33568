"""Open the Knight's Tour window."""

from __future__ import annotations

import sys
from typing import cast

from PySide6.QtWidgets import QApplication

from ..desktop import APP_ID
from ..tour import Board
from . import i18n
from . import settings as app_settings
from .main_window import MainWindow, app_icon


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication, created once, with name, icon and desktop entry."""
    existing = QApplication.instance()
    app = QApplication(argv if argv is not None else sys.argv[:1]) if existing is None \
        else cast(QApplication, existing)
    app.setApplicationName("Knight's Tour")
    app.setOrganizationName("KnightTour")
    app.setApplicationDisplayName("Knight's Tour")
    app.setDesktopFileName(APP_ID)  # desktops match the window to its menu entry (knight_gui.desktop)
    app.setWindowIcon(app_icon())
    return app


def run_window(rows: int | None = None, cols: int | None = None, start: int | None = None,
               algorithm: str | None = None, tie_break: str | None = None, closed: bool | None = None,
               play: bool = False) -> int:
    """Show the window (optionally with the knight placed and playing); returns the exit code.

    What is None keeps what the window remembers from the last session.
    """
    app = make_application()
    rows = cols if rows is None else rows
    cols = rows if cols is None else cols
    if rows is not None and cols is not None:
        Board(rows, cols)  # raises BoardError with a clear message before any window shows
    settings = app_settings.open_settings()
    i18n.install_translator(i18n.resolve(app_settings.read(settings).language))
    window = MainWindow(settings=settings)  # restores the remembered board, speed, layout…
    if rows is not None or algorithm is not None or tie_break is not None or closed is not None:
        window.apply_settings(rows if rows is not None else window.rows_spin.value(),
                              cols if cols is not None else window.cols_spin.value(),
                              algorithm, tie_break, closed)
    if start is not None:
        window.player.place(start)
        if play:
            window.player.play()
    window.show()
    return app.exec()
