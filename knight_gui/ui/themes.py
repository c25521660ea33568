"""The board follows the system's light or dark palette.

The window's own widgets take the palette from Qt; the board is custom
painted, so it takes a ``Theme``: the warm light theme of ``painting`` on a
light palette, and on a dark one a dimmer board whose coordinates and frame
are light (they are drawn on the window's background) and whose marks are
brighter.  Numbers stay dark on the squares with a light halo, readable in
both.  Exported images always use the light theme (print-friendly), whatever
the window shows.

The teaching panels take their neutral colours (chips, ink) from their own
palette and their signal colours (the top frame, the next candidate, a pop,
the current pseudocode line) from ``PanelColours``: ``LIGHT_PANELS`` or
``DARK_PANELS``, chosen by ``panel_colours(palette)``; each panel calls it
again on ``PALETTE_EVENTS``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from .board_widget import BoardWidget
from .painting import LIGHT_THEME, Theme, mix

#: The board for a dark palette (fields a later Theme adds keep their light values).
DARK_THEME: Theme = replace(
    LIGHT_THEME,
    light=QColor("#c8b292"),
    dark=QColor("#8c6c4f"),
    background=QColor("#262626"),
    frame=QColor("#d8c6a8"),
    coords=QColor("#ddd0bb"),
    number=QColor("#141414"),
    number_halo=QColor(255, 255, 255, 200),
    visited_light=QColor("#a9c0d8"),
    visited_dark=QColor("#7a9abb"),
    line=QColor(18, 48, 100, 200),
    closing_line=QColor(20, 100, 45, 220),
    start=QColor("#43a047"),
    hover=QColor("#263238"),  # an outline (painting._outline_square), not a wash
    cursor=QColor("#0d47a1"),
    candidate=QColor("#ff8f00"),
    candidate_next=QColor("#e64a19"),
    backtrack=QColor("#e53935"),
    selected=QColor("#8e24aa"),
    heat_label=QColor("#141414"),
)


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

    def __init__(self, board: BoardWidget) -> None:
        super().__init__(board)
        self.setObjectName("palette_follower")
        self.board = board
        board.installEventFilter(self)
        self.apply()

    def apply(self) -> None:
        """Set the board's theme from its palette (repaints only when it changes)."""
        self.board.set_theme(theme_for(self.board.palette()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange,
                            QEvent.Type.ThemeChange):
            self.apply()
        return False


#: The events after which a widget takes its colours from its palette again.
PALETTE_EVENTS = (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange, QEvent.Type.ThemeChange)


@dataclass(frozen=True)
class PanelColours:
    """The signal colours of the teaching panels for a light or a dark palette.

    Backgrounds pair with the palette's text colour (``top_row``, ``on_stack``,
    ``current_line``) or with their own ink (``banner``); ink colours are read
    on the palette's base (``next``, ``tried``, ``degree``, ``pop``, ``outcome``).
    Every ink reads at 4.5:1 or more where it is drawn (WCAG's AA for text): a
    projector washes out what reads on a screen, and the tried candidates' grey
    (2.4:1 on their chips) was hard to read from the back of a room.
    """

    top_row: QColor  #: the stack's top frame
    next: QColor  #: the candidate tried next (and "none" on the top frame)
    on_stack: QColor  #: the candidate on the stack above
    on_stack_edge: QColor
    tried: QColor  #: candidates tried and backtracked
    pending_edge: QColor  #: the dashed edge of a candidate not tried yet
    degree: QColor  #: the small degree number
    banner: dict[str, tuple[QColor, QColor]]  #: background and ink of the last event, by kind
    pop: QColor  #: a pop in the event log
    outcome: QColor  #: an outcome in the event log
    current_line: QColor  #: the pseudocode line that made the last event
    current_text: QColor


LIGHT_PANELS = PanelColours(
    top_row=QColor("#fff4cc"),
    next=QColor("#ca3f14"),
    on_stack=QColor("#c9dcef"),
    on_stack_edge=QColor(25, 70, 130),
    tried=QColor("#6b6b6b"),
    pending_edge=QColor("#a1887f"),
    degree=QColor("#6d5c56"),
    banner={
        "push": (QColor("#e6f4e6"), QColor("#1b5e20")),
        "pop": (QColor("#fde3df"), QColor("#b71c1c")),
        "outcome": (QColor("#e3eefb"), QColor("#0d47a1")),
        "none": (QColor("#f2f2f2"), QColor("#424242")),
    },
    pop=QColor("#b71c1c"),
    outcome=QColor("#0d47a1"),
    current_line=QColor("#ffe0b2"),
    current_text=QColor("#ba350c"),
)

DARK_PANELS = PanelColours(
    top_row=QColor("#4d4020"),
    next=QColor("#ff9e80"),
    on_stack=QColor("#24486e"),
    on_stack_edge=QColor("#7fb0e6"),
    tried=QColor("#8f8f8f"),
    pending_edge=QColor("#9c8a82"),
    degree=QColor("#d7c4bb"),
    banner={
        "push": (QColor("#1f3d24"), QColor("#a5d6a7")),
        "pop": (QColor("#4a1e1b"), QColor("#ffab91")),
        "outcome": (QColor("#1b3250"), QColor("#90caf9")),
        "none": (QColor("#333333"), QColor("#d6d6d6")),
    },
    pop=QColor("#ff8a80"),
    outcome=QColor("#90caf9"),
    current_line=QColor("#5c3d14"),
    current_text=QColor("#ffcc80"),
)


def panel_colours(palette: QPalette | None = None) -> PanelColours:
    """The teaching panels' colours that suit a palette (default: the application's)."""
    return DARK_PANELS if is_dark(palette) else LIGHT_PANELS


def alternate_rows(palette: QPalette) -> QPalette:
    """A palette for a view with alternating rows: ``palette``'s own alternate colour if the
    text reads on it, else one derived from its base and text (a dark palette may leave the
    light default in place).  An empty palette (inherit everything) when nothing needs fixing.
    """
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    alternate = palette.color(QPalette.ColorRole.AlternateBase)
    if abs(alternate.lightness() - base.lightness()) <= 40:
        return QPalette()
    fixed = QPalette()
    fixed.setColor(QPalette.ColorRole.AlternateBase, mix(base, text, 0.06))
    return fixed
