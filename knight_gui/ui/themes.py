"""The board follows the system's light or dark palette.

The window's own widgets take the palette from Qt; the board is custom
painted, so it takes a ``Theme``: the warm light theme of ``painting`` on a
light palette, and on a dark one a dimmer board whose coordinates and frame
are light (they are drawn on the window's background) and whose marks are
brighter.  Numbers stay dark on the squares with a light halo, readable in
both.  Exported images always use the light theme (print-friendly), whatever
the window shows.
"""

from __future__ import annotations

from dataclasses import fields, replace

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QWidget

from .painting import LIGHT_THEME, Theme

_DARK_COLOURS = {
    "light": QColor("#c8b292"),
    "dark": QColor("#8c6c4f"),
    "background": QColor("#262626"),
    "frame": QColor("#d8c6a8"),
    "coords": QColor("#ddd0bb"),
    "number": QColor("#141414"),
    "number_halo": QColor(255, 255, 255, 200),
    "visited_light": QColor("#a9c0d8"),
    "visited_dark": QColor("#7a9abb"),
    "line": QColor(18, 48, 100, 200),
    "closing_line": QColor(20, 100, 45, 220),
    "start": QColor("#43a047"),
    "hover": QColor(255, 255, 255, 70),
    "cursor": QColor("#0d47a1"),
    "candidate": QColor("#ff8f00"),
    "candidate_next": QColor("#e64a19"),
    "backtrack": QColor("#e53935"),
    "selected": QColor("#8e24aa"),
    "heat_label": QColor("#141414"),
}

#: The board for a dark palette (fields a later Theme adds keep their light values).
DARK_THEME: Theme = replace(LIGHT_THEME, **{f.name: _DARK_COLOURS[f.name] for f in fields(Theme)
                                            if f.name in _DARK_COLOURS})


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether a palette (default: the application's) is dark: light text on a dark window."""
    if palette is None:
        palette = QGuiApplication.palette()
    window = palette.color(QPalette.ColorRole.Window)
    text = palette.color(QPalette.ColorRole.WindowText)
    return window.lightness() < 128 and text.lightness() > window.lightness()


def theme_for(palette: QPalette | None = None) -> Theme:
    """The board theme that suits a palette."""
    return DARK_THEME if is_dark(palette) else LIGHT_THEME


class PaletteFollower(QObject):
    """Gives the board the theme of the palette, now and whenever the palette changes."""

    def __init__(self, board: QWidget) -> None:
        super().__init__(board)
        self.setObjectName("palette_follower")
        self.board = board
        board.installEventFilter(self)
        self.apply()

    def apply(self) -> None:
        """Set the board's theme from its palette (repaints only when it changes)."""
        theme = theme_for(self.board.palette())
        if self.board.theme is not theme:
            self.board.theme = theme
            invalidate = getattr(self.board, "_invalidate", None)  # drop the cached checkerboard
            if callable(invalidate):
                invalidate()
            self.board.update()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange,
                            QEvent.Type.ThemeChange):
            self.apply()
        return False


def install(window) -> PaletteFollower:
    """Make the window's board follow the light or dark palette."""
    follower = PaletteFollower(window.board_widget)
    window.palette_follower = follower
    return follower
