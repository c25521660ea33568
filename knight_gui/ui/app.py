"""Open the Knight's Tour window."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

from ..tour import DEFAULT_ALGORITHM, DEFAULT_TIE_BREAK, Board
from . import i18n
from . import settings as app_settings
from .main_window import MainWindow, app_icon


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication, created once, with name and icon."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("Knight's Tour")
    app.setOrganizationName("KnightTour")
    app.setApplicationDisplayName("Knight's Tour")
    app.setWindowIcon(app_icon())
    return app  # type: ignore[return-value]


def run_window(rows: int = 8, cols: int = 8, start: int | None = None, algorithm: str | None = None,
               tie_break: str | None = None, closed: bool = False, play: bool = False) -> int:
    """Show the window (optionally with the knight placed and playing); returns the exit code."""
    app = make_application()
    Board(rows, cols)  # raises BoardError with a clear message before any window shows
    settings = app_settings.open_settings()
    i18n.install_translator(i18n.resolve(app_settings.read(settings).language))
    window = MainWindow(settings=settings)  # restores the remembered board, speed, layout…
    # The command line passes its defaults too: only a request that differs
    # from them replaces the remembered board and search.
    asked = ((rows, cols) != (8, 8) or start is not None or closed or play
             or algorithm not in (None, DEFAULT_ALGORITHM) or tie_break not in (None, DEFAULT_TIE_BREAK))
    if asked:
        window.apply_settings(rows, cols, algorithm, tie_break, closed)
    if start is not None:
        window.player.place(start)
        if play:
            window.player.play()
    window.show()
    return app.exec()
