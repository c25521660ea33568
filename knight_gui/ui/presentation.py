"""For the classroom: the window's first size, a text size for every panel, and presentation mode.

- ``first_geometry(available)``: the window's first size and place, from the
  screen's available geometry (not a fixed size): a small screen gets a
  window that fits whole, a large one the preferred size in its middle.
- Text size (View ▸ Text Size, Ctrl+Shift+Up / Ctrl+Shift+Down): one scale,
  from 100% to 300%, for every panel's text and rows: the stack's rows and
  candidate chips, the pseudocode, the event log, the banners, the analysis
  tables, the status bar, the tool bars and menus.
  The board keeps its own zoom (Ctrl++ / Ctrl+−).  The scale is remembered
  (``settings``).
- Presentation mode (F5, View ▸ Presentation Mode): full screen, text large
  enough to read from the back row (``presentation_scale``: capitals at
  least 1/54 of the screen's height, so 20 px at 1080; 13 px at 768, ``LEAST_CAPITALS``),
  with the board, the stack, the pseudocode, the Run tool bar and the
  status bar; the menu bar, the board settings, the event log, the timeline
  and the Analysis panel are hidden until it is left (a heatmap on the board
  keeps its key: ``analysis.heatmap.BoardKey`` shows it under the board).  F5 leaves it, and so
  does Esc when nothing runs (Esc first stops a run: see
  ``MainWindow._escape``).  All shortcuts keep working in it.

The scale works through the window's font: every widget without a font of
its own takes it; the panels that size rows from their font (the stack,
the pseudocode, the tables) follow it on ``QEvent.FontChange``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QObject, QPoint, QRect, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup, QFont, QFontMetricsF, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QMenu,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionMenuItem,
    QTableView,
    QToolTip,
    QWidget,
)

from .actions import set_action_texts
from .control_style import ControlSizes
from .on_screen import FRAME_ROOM, fit_on_screen, fits, free_area, least_size, room
from .teaching import BOARD_LEAST_SHARE, DOCK_SHARE, PREFERRED_EMS

if TYPE_CHECKING:  # (annotations only: main_window imports this module)
    from .main_window import MainWindow

#: Text sizes offered, in percent of the desktop's font.
TEXT_SCALES: tuple[int, ...] = (100, 125, 150, 175, 200, 250, 300)
DEFAULT_SCALE = 100
#: How long the status bar says that the window needs more room than its screen has (ms).
TOO_SMALL_MS = 15000
#: The window's first size where the screen has room for it (the teaching panels beside the board).
PREFERRED_SIZE = (1280, 860)
#: In presentation mode capitals are this share of the screen's height (20 px at 1080) ...
CAPITALS_SHARE = 1 / 54
#: ... and on a 768-line projector this high, with the board still large (``capitals_for``).
LEAST_CAPITALS = 13.0
#: The Run tool bar's icons at 100%.
TOOL_ICON = 20
#: In presentation mode the stack and the pseudocode take up to this share of the screen's width ...
PRESENTATION_SHARE = 0.5
#: ... and the stack shows at least this many rows.
PRESENTATION_ROWS = 8
#: Presentation mode's text is never so large that the stack's rows show fewer candidate chips than
#: this beside a board keeping its share of the screen, or the pseudocode fewer lines than these
#: under the stack (``Presentation.largest_fitting``): at 300% on 1280×720 the candidates column was
#: "C…" with "…" in every row, and one line of pseudocode showed.
PRESENTATION_CHIPS = 3
#: Fewer stack rows than this at a larger text, and the window says presentation mode shows more.
CRAMPED_ROWS = 3
PRESENTATION_CODE_LINES = 3


def first_geometry(available: QRect) -> QRect:
    """The window's first geometry (its client area) on a screen whose available area is ``available``.

    ``PREFERRED_SIZE`` where that fits, and never larger than the available
    area less the window's frame, so that nothing starts off-screen; centred.
    """
    width_room = max(1, available.width() - FRAME_ROOM[0])
    height_room = max(1, available.height() - FRAME_ROOM[1])
    width = min(width_room, PREFERRED_SIZE[0])
    height = min(height_room, PREFERRED_SIZE[1])
    left = available.left() + (available.width() - width) // 2
    top = available.top() + FRAME_ROOM[1] - FRAME_ROOM[0] // 2 + (height_room - height) // 2
    return QRect(left, top, width, height)


def scaled_font(base: QFont, percent: int) -> QFont:
    """``base`` at ``percent`` of its size."""
    font = QFont(base)
    if base.pointSizeF() > 0:
        font.setPointSizeF(base.pointSizeF() * percent / 100)
    else:
        font.setPixelSize(max(1, round(base.pixelSize() * percent / 100)))
    return font


def capitals(font: QFont) -> float:
    """The height of a capital letter in ``font``, in pixels."""
    return QFontMetricsF(font).capHeight()


def capitals_for(screen_height: int) -> float:
    """The capitals' height presentation mode aims at: 13 px on a 768-line screen, 20 px at 1080."""
    between = LEAST_CAPITALS + (screen_height - 768) * (20 - LEAST_CAPITALS) / (1080 - 768)
    return max(LEAST_CAPITALS, min(screen_height * CAPITALS_SHARE, between))


def presentation_scale(base: QFont, screen_height: int) -> int:
    """The smallest text size (percent, at least 100) whose capitals project well on a screen this high."""
    target = capitals_for(screen_height)
    percent = 100
    while percent < 400 and capitals(scaled_font(base, percent)) < target:
        percent += 5
    return percent


#: The kinds of window that show the window's text size too (``Presentation.release`` gives them back
#: the application's font).  (Not menus: a QMenu keeps its platform theme's font whatever is set for
#: its class.  The window's menus take its font instead: ``Presentation.adopt_menu``.)
#: A str, though PySide6's stubs say bytes: given bytes, ``QApplication.setFont`` crashed the
#: program (a segmentation fault in the test of it).
WINDOWS_OF_THEIR_OWN = ("QDialog",)


class MenuStyle(QProxyStyle):
    """The application's style, with an em more for each menu item's text.

    Fusion moves the text right as the font grows but does not count that in the item's width: at
    200% "Row and column numbers" and its "Ctrl+I" touched (Fusion leaves a fixed 12 pixels between
    them), and from 175% a Chinese lesson's title lost its middle to an ellipsis ("Ro…则").
    """

    def sizeFromContents(self, kind: QStyle.ContentsType, option: QStyleOption,  # noqa: N802
                         size: QSize, widget: QWidget | None = None) -> QSize:
        # (PySide6's stubs for QProxyStyle refuse None, which is Qt's nullptr: a style is asked
        # without a widget too)
        size = super().sizeFromContents(kind, option, size, widget)  # type: ignore[arg-type]
        if kind == QStyle.ContentsType.CT_MenuItem and isinstance(option, QStyleOptionMenuItem) \
                and option.text:
            size.setWidth(size.width() + option.fontMetrics.horizontalAdvance("M"))
        return size


class Presentation(QObject):
    """The text size and presentation mode of one window, with their actions and menu."""

    scale_changed = Signal(int)  #: the text size, in percent
    presenting_changed = Signal(bool)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setObjectName("presentation")
        self.window = window
        self.base_font = QFont(QApplication.font())
        self._tip_font = QFont(QToolTip.font())  # (the platform theme may give tooltips a font of their own)
        self._menu_style = MenuStyle()  # (without a base style: the application's, made again)
        self._menu_style.setParent(self)
        self.controls = ControlSizes(window)  #: check boxes, spin boxes, sliders... at the text size
        self.scale = DEFAULT_SCALE  #: the text size chosen (percent); presentation mode may show more
        self.shown_scale = DEFAULT_SCALE  #: the text size shown now
        #: The screen's geometry (tests replace it: the offscreen platform has one small screen).
        self.screen_rect: Callable[[], QRect] = self._screen_rect
        self._before: tuple[QByteArray, QByteArray, Qt.WindowState, QRect] | None = None
        self._hidden: list[QWidget] = []
        self._base_rows: dict[int, int] = {}  # a table's row height at 100%
        #: Where the window was, and its size, before a larger text made it grow, and that text size
        #: (``choose``): it comes back there as the text does.
        self._grown: tuple[QPoint, QSize, int] | None = None
        self._too_small = ""  #: what the window said last of a text size too large for its screen
        self._screen = QRect()  #: the screen presentation mode fills (``enter``)
        # (not Ctrl+Shift+= or Ctrl+Shift+0: on many keyboards they are the board's Ctrl++ and Ctrl+0)
        self.bigger_action = self._action(["Ctrl+Shift+Up"], self.bigger)
        self.smaller_action = self._action(["Ctrl+Shift+Down"], self.smaller)
        self.normal_action = self._action([], lambda: self.choose(DEFAULT_SCALE))
        self.presentation_action = self._action(["F5"], self.toggle)
        self.presentation_action.setCheckable(True)
        self.size_menu = QMenu(window)
        self.size_menu.addAction(self.bigger_action)
        self.size_menu.addAction(self.smaller_action)
        self.size_menu.addSeparator()
        self.scale_group = QActionGroup(self)
        self.scale_actions: dict[int, QAction] = {}
        for percent in TEXT_SCALES:
            action = QAction(f"{percent}%", self.size_menu)
            action.setCheckable(True)
            action.setChecked(percent == DEFAULT_SCALE)
            action.triggered.connect(lambda _=False, p=percent: self.choose(p))
            self.scale_group.addAction(action)
            self.size_menu.addAction(action)
            self.scale_actions[percent] = action
        self.size_menu.addSeparator()
        self.size_menu.addAction(self.normal_action)
        self.retranslate_ui()

    def adopt_menu(self, menu: QMenu) -> QMenu:
        """``menu`` shows the window's text size, with room for its shortcuts (``MenuStyle``).

        A menu is a window of its own, which Qt gives the application's font (or the one the platform
        theme sets for menus), not its parent's: at 200% the File menu, the Text Size menu and the
        window's context menu stayed at 100%.  Told to, a window takes its parent's font as a child does.
        """
        menu.setAttribute(Qt.WidgetAttribute.WA_WindowPropagation, True)
        menu.setStyle(self._menu_style)
        menu.aboutToShow.connect(lambda: self._fit_menu(menu))
        return menu

    def _fit_menu(self, menu: QMenu) -> None:
        """A menu too wide or too tall for its screen at the window's text size takes a smaller text,
        as large as fits, down to the desktop's (at 250% on 1024×768 the Lessons menu went past the
        screen's right edge, and at 300% the Run menu past its bottom)."""
        menu.setFont(QFont())  # (no font of its own: the window's, as the menus that fit)
        room = free_area(menu).size()
        percent = self.shown_scale
        while percent > DEFAULT_SCALE:
            hint = menu.sizeHint()
            if hint.width() <= room.width() and hint.height() <= room.height():
                break
            percent = max(DEFAULT_SCALE, percent - 5)
            menu.setFont(scaled_font(self.base_font, percent))

    def _action(self, keys: list[str], slot: Callable[[], object]) -> QAction:
        action = QAction(self.window)
        action.setShortcuts([QKeySequence(key) for key in keys])
        action.triggered.connect(slot)
        return action

    @property
    def actions(self) -> tuple[QAction, ...]:
        """The actions with shortcuts (the window adds them so that they work with the menu bar hidden)."""
        return self.bigger_action, self.smaller_action, self.normal_action, self.presentation_action

    def retranslate_ui(self) -> None:
        """Texts in the installed language (the window calls it again after a language switch)."""
        tr = self.tr
        set_action_texts(self.bigger_action, tr("&Larger Text"), tr("Larger text in every panel"))
        set_action_texts(self.smaller_action, tr("&Smaller Text"), tr("Smaller text in every panel"))
        set_action_texts(self.normal_action, tr("&Normal Text (100%)"), tr("The desktop's text size"))
        set_action_texts(self.presentation_action, tr("&Presentation Mode"),
                         tr("Full screen with large text: board, stack, pseudocode and controls (F5 or Esc "
                            "leaves it)"))
        self.size_menu.setTitle(tr("&Text Size"))

    def _screen_rect(self) -> QRect:
        screen = self.window.screen() or QGuiApplication.primaryScreen()
        return screen.geometry()

    # -- text size ---------------------------------------------------------------------------

    @Slot()
    def bigger(self) -> None:
        """The next larger text size (than the one shown, in presentation mode)."""
        shown = self.shown_scale if self.presenting else self.scale
        self.choose(next((p for p in TEXT_SCALES if p > shown), TEXT_SCALES[-1]))

    @Slot()
    def smaller(self) -> None:
        """The next smaller text size (than the one shown, in presentation mode)."""
        shown = self.shown_scale if self.presenting else self.scale
        self.choose(next((p for p in reversed(TEXT_SCALES) if p < shown), TEXT_SCALES[0]))

    def choose(self, percent: int) -> None:
        """The user's choice of text size (the keys and View ▸ Text Size): ``set_scale``, and the window
        grows with a larger text as far as its screen's free area allows, and comes back to the size
        and place it had as the text comes back (at 200% on 1920×1080 it stayed 1280×860, the stack
        showing a row and a half, with a fifth of the screen free above and below it)."""
        before = self.scale
        self.set_scale(percent)
        if not self.presenting and self.scale != before:
            self._follow_text(before, self.scale)

    def _follow_text(self, before: int, after: int) -> None:
        window = self.window
        if window.windowState() & (Qt.WindowState.WindowFullScreen | Qt.WindowState.WindowMaximized):
            self._grown = None  # (its size is the screen's)
            return
        if self._grown is None:
            if after < before:
                return  # (a size the user gave it, or the one it opened with: kept)
            self._grown = (window.pos(), window.size(), before)
        pos, size, scale = self._grown
        if after <= scale:  # back to the text it grew from: back to its size and place
            self._grown = None
            window.resize(size.expandedTo(least_size(window)))
            window.move(pos)
            fit_on_screen(window)
            return
        most = room(window)
        wanted = QSize(min(most.width(), size.width() * after // scale),
                       min(most.height(), size.height() * after // scale))
        wanted = wanted.expandedTo(size).expandedTo(least_size(window))
        centre = window.frameGeometry().center()
        window.resize(wanted)
        frame = window.frameGeometry()
        window.move(centre.x() - frame.width() // 2, centre.y() - frame.height() // 2)
        fit_on_screen(window)  # (within the free area: a centre near an edge)

    def set_scale(self, percent: int) -> None:
        """Show every panel's text at ``percent`` (the user's choice; presentation mode: after it)."""
        percent = max(TEXT_SCALES[0], min(TEXT_SCALES[-1], percent))
        self.scale = percent
        for value, action in self.scale_actions.items():
            action.setChecked(value == percent)
        self.bigger_action.setEnabled(percent < TEXT_SCALES[-1])
        self.smaller_action.setEnabled(percent > TEXT_SCALES[0])
        if not self.presenting:
            self._show_scale(percent)
            self.keep_on_screen()
        else:  # shown at once, as far as the screen has room (kept for after presentation mode too)
            screen = self._screen
            most = max(self.largest_fitting(screen), presentation_scale(self.base_font, screen.height()))
            self._show_scale(min(percent, most))
            if percent > most:
                self.window.statusBar().showMessage(
                    self.tr("Presentation mode has no room for a larger text on this screen: %d%% is the "
                            "largest") % most, TOO_SMALL_MS)
        self.scale_changed.emit(percent)
        if not self.presenting:  # (after the window's own fitting that the change set off: Analysis's rows)
            QTimer.singleShot(0, self, self._point_to_presentation)

    @Slot()
    def _point_to_presentation(self) -> None:
        """Where the window cannot fit its screen at this text size (300% on 1024×768: the status bar
        went below the screen's edge), the status bar says what does."""
        if self.presenting:
            return
        window = self.window
        said, self._too_small = self._too_small, ""
        if not fits(window) or self.cramped():
            text = self.tr("At %d%% the window needs more room than this screen has: Presentation Mode (F5) "
                           "shows the board, the stack and the pseudocode large on it.") % self.scale
            window.statusBar().showMessage(text, TOO_SMALL_MS)
            # ... and at the top of the window too: its status bar may be the part below the screen's edge
            top = QPoint(window.width() // 4, window.menuBar().geometry().bottom())
            QToolTip.showText(window.mapToGlobal(top), text, window, QRect(), TOO_SMALL_MS)
            self._too_small = text
        elif said:  # it fits again: what was said of a larger text goes (it stayed, saying "At 200%" at 100%)
            window.message_label.drop(said)
            if QToolTip.isVisible() and QToolTip.text() == said:
                QToolTip.hideText()

    def cramped(self) -> bool:
        """Whether the window fits its screen but the stack is too low to follow a search in it:
        fewer than ``CRAMPED_ROWS`` rows (at 200% on 1366×768 it showed two and a half, on 1280×720
        one, and the pseudocode two lines, with nothing said; review)."""
        table = self.window.teaching.stack_panel.table
        if not table.isVisible():
            return False
        return table.viewport().height() < CRAMPED_ROWS * table.verticalHeader().defaultSectionSize()

    def release(self) -> None:
        """The window closes: dialogs and tooltips take the application's font again."""
        for kind in WINDOWS_OF_THEIR_OWN:
            QApplication.setFont(self.base_font, kind)  # type: ignore[arg-type]  # (see WINDOWS_OF_THEIR_OWN)
        QToolTip.setFont(self._tip_font)
        self.controls.release()

    def keep_on_screen(self) -> None:
        """A window that a larger text (or the Analysis panel) made taller or wider than its screen's
        free area comes back within it, as far as its least size allows (at 1024×768 the status bar
        and the timeline went below the screen's edge and stayed there at 100% again)."""
        window = self.window
        if window.windowState() & (Qt.WindowState.WindowFullScreen | Qt.WindowState.WindowMaximized):
            return
        fit_on_screen(window)

    def _show_scale(self, percent: int) -> None:
        """The window's font at ``percent``; the tables' rows follow (their height was set from the font)."""
        window = self.window
        for table in window.findChildren(QTableView):
            header = table.verticalHeader()
            key = id(table)
            if key not in self._base_rows:
                self._base_rows[key] = header.defaultSectionSize() * 100 // self.shown_scale
        self.shown_scale = percent
        self.controls.set_percent(percent)  # (first: the new font lays them out at their new size)
        font = scaled_font(self.base_font, percent)
        window.setFont(font)
        # (a tooltip too is a window of its own, with the application's font)
        QToolTip.setFont(scaled_font(self._tip_font, percent))
        # Dialogs (messages, Go to Move, file dialogs, progress) are windows of their own, which
        # Qt gives the application's font, not this window's: at 200% they were at 100%.
        for kind in WINDOWS_OF_THEIR_OWN:
            QApplication.setFont(font, kind)  # type: ignore[arg-type]  # (see WINDOWS_OF_THEIR_OWN)
            # ... but only to those made from now on: one open now (Export Animation, whose keys are the
            # window's text size keys too) is given it here, and kept on its screen as it grows
            for open_now in QApplication.topLevelWidgets():
                if open_now.inherits(kind) and open_now.isVisible():
                    open_now.setFont(font)  # (its layout makes it as large as its text needs)
                    fit_on_screen(open_now)
        for table in window.findChildren(QTableView):
            base = self._base_rows.get(id(table))
            if base is not None and table.objectName() != "stack_table":  # (the stack sizes its own rows)
                table.verticalHeader().setDefaultSectionSize(base * percent // 100)
        icon = min(round(TOOL_ICON * percent / 100), 2 * TOOL_ICON)  # (big enough; the rows need the room)
        window.run_toolbar.setIconSize(QSize(icon, icon))
        window.teaching.fit_docks()

    # -- presentation mode -----------------------------------------------------------------

    @property
    def presenting(self) -> bool:
        """Whether presentation mode is on."""
        return self._before is not None

    @Slot()
    def toggle(self) -> None:
        """Enter or leave presentation mode (F5)."""
        if self.presenting:
            self.leave()
        else:
            self.enter()

    def enter(self) -> None:
        """Full screen with large text: board, stack, pseudocode and controls; the rest hidden."""
        if self.presenting:
            return
        window = self.window
        QToolTip.hideText()  # (a tooltip shown before stayed where its widget no longer was)
        self._before = (window.saveGeometry(), window.saveState(), window.windowState(), window.geometry())
        teaching = window.teaching
        # (and the trail of pops: at the text size of the room it took the pseudocode's first line at
        # 1920×1080, and its chips were cut at 1024×768; the banner tells each pop)
        hide = [window.menuBar(), window.board_toolbar, teaching.timeline, teaching.log_dock,
                window.analysis_dock, teaching.stack_panel.legend, teaching.stack_panel.counters,
                teaching.stack_panel.trail]
        self._hidden = [widget for widget in hide if not widget.isHidden()]
        for widget in self._hidden:
            widget.hide()
        for dock in (teaching.stack_dock, teaching.pseudocode_dock):
            dock.setFloating(False)
            dock.setTitleBarWidget(QWidget(dock))  # no title bars: their room goes to the rows
            dock.show()
        teaching.dock_share, teaching.preferred_ems = PRESENTATION_SHARE, 1000
        teaching.stack_panel.keep_rows(PRESENTATION_ROWS)
        screen = self._screen = self.screen_rect()
        if self._too_small:  # (it said a text was too large for it: presentation mode is the answer)
            window.message_label.drop(self._too_small)
            self._too_small = ""
        # (at least what the back row reads, whatever fits: the text size the room needs comes first)
        self._show_scale(max(presentation_scale(self.base_font, screen.height()),
                             min(self.scale, self.largest_fitting(screen))))
        window.setGeometry(screen)  # (where full screen is not honoured: no window manager, a test's screen)
        window.showFullScreen()
        if screen != self._screen_rect():  # (a screen given by a test)
            window.setGeometry(screen)
        self.presentation_action.setChecked(True)
        window.teaching.fit_docks()
        self.presenting_changed.emit(True)

    def largest_fitting(self, screen: QRect) -> int:
        """The largest text size at which presentation mode on ``screen`` still shows
        ``PRESENTATION_CHIPS`` candidate chips in the stack's rows, beside a board that keeps its share
        of the screen's width, and in its height the tool bar, the stack's banner, header and
        ``PRESENTATION_ROWS`` rows, ``PRESENTATION_CODE_LINES`` lines of pseudocode and the status bar.
        (From the fonts' measures, before anything is laid out: where a window manager makes the window
        full screen, its size comes later.)"""
        panel = self.window.teaching.stack_panel
        width = screen.width() * (1 - BOARD_LEAST_SHARE)
        for percent in reversed(TEXT_SCALES):
            font = scaled_font(self.base_font, percent)
            line = QFontMetricsF(font).lineSpacing() + 8  # (a row's, a bar's: the text and its padding)
            lines = 1 + 2 + 1 + PRESENTATION_ROWS + PRESENTATION_CODE_LINES + 1  # tool bar ... status bar
            # (a chip more: the room for the "…" of the chips left out, and between the chips)
            if panel.columns_width(font, PRESENTATION_CHIPS + 1) <= width and lines * line <= screen.height():
                return percent
        return TEXT_SCALES[0]

    def leave(self) -> None:
        """Back to the window as it was before presentation mode, at the chosen text size."""
        if self._before is None:
            return
        geometry, state, window_state, rect = self._before
        self._before = None
        QToolTip.hideText()
        window = self.window
        for widget in self._hidden:
            widget.show()
        self._hidden = []
        teaching = window.teaching
        for dock in (teaching.stack_dock, teaching.pseudocode_dock):
            bar = dock.titleBarWidget()
            dock.setTitleBarWidget(None)  # type: ignore[arg-type]  # (the dock's own title bar again)
            if bar is not None:
                bar.deleteLater()
        teaching.dock_share, teaching.preferred_ems = DOCK_SHARE, PREFERRED_EMS
        teaching.stack_panel.keep_rows(0)
        self._show_scale(self.scale)
        window.setWindowState(window_state)
        if not window_state & (Qt.WindowState.WindowFullScreen | Qt.WindowState.WindowMaximized):
            window.restoreGeometry(geometry)
            window.setGeometry(rect)
        window.restoreState(state)
        self.presentation_action.setChecked(False)
        window.teaching.fit_docks()
        # (the docks laid out again at the chosen text made the window taller than its screen: 889 px on
        # a 768-line one at 200%, the timeline and status bar below its edge; review)
        self.keep_on_screen()
        self.presenting_changed.emit(False)
