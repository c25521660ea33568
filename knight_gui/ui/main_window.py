"""MainWindow: creates and owns every part of the window and wires them.

In the manner of Qt's "application" example, ``__init__`` builds the parts
(the player, the board, the teaching views, tour files, the Analysis panel,
help, the language menu) and then the actions, menus, tool bars, docks and
status bar, each in a ``_create_*`` method, and keeps them all as typed
attributes.  The parts take what they need in their constructors (the
player, the board widget) and talk through signals; nothing here is added
to the window from outside.  Wiring only: the player owns the search, the
board widget paints.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QRect,
    QSettings,
    QSignalBlocker,
    QSize,
    Qt,
    QTimer,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QGuiApplication,
    QIcon,
    QKeySequence,
    QMoveEvent,
    QResizeEvent,
    QShowEvent,
    QStatusTipEvent,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QSlider,
    QSpinBox,
    QToolBar,
    QToolButton,
    QWidget,
)

from .. import resources
from ..tour import ALGORITHMS, DEFAULT_TIE_BREAK, FIXED_ORDER, TIE_BREAKS, Board, Outcome, tie_break_used
from ..tour.algorithms import BACKTRACKS, CLOSED, CLOSED_SEARCH_MAX_SIDE, closed_algorithm
from ..tour.board import WINDOW_MAX_SIDE
from ..tour.count import COUNT_MAX_SQUARES
from . import file_dialogs, i18n, plain
from .actions import KeysToFocus, focus_while_shown, set_action_texts
from .board_widget import BoardArea, BoardWidget
from .elided_label import StatusBarMessage, StatusFields
from .explanations import status_reason
from .export import DEFAULT_EXPORT_PX, ExportError, save_view, tour_view
from .files import TourFiles
from .focus_ring import FocusRing
from .help import HelpPages, show_about
from .lessons import Lessons
from .on_screen import fits
from .painting import COORDS_CHESS, COORDS_INDEX, BoardView
from .play_mode import PlayMode
from .player import DEFAULT_SPEED, LONG_RUN_SECONDS, MAX_SPEED, SPEEDS, KeptSearch, SearchConfig, TourPlayer
from .practice import Practice
from .presentation import Presentation, first_geometry
from .sessions import Sessions, UndoHook
from .settings import SettingsKeeper
from .stack_panel import FEWEST_ROWS, LEAST_ROWS
from .steady import Relaxing, SteadyButton, SteadyLabel
from .student_solver import StudentRun
from .teaching import Teaching
from .themes import PaletteFollower

if TYPE_CHECKING:
    from .analysis.dock import AnalysisPanel
    from .analysis.heatmap import BoardKey, Legend
    from .animation_dialog import AnimationDialog



#: How long a message a status tip covered shows again once the tip goes (milliseconds).
COVERED_MESSAGE_MS = 8000


def app_icon() -> QIcon:
    """The application icon (empty if the resources are missing)."""
    icon = QIcon()
    for name in resources.ICONS:
        path = resources.path(name)
        if path.is_file():
            icon.addFile(str(path))
    return icon


#: Pixels between the speed slider's end and the speed beside it.
SPEED_GAP = 6


def speed_text(speed: int) -> str:
    """``8/s`` or ``max``."""
    return QCoreApplication.translate("MainWindow", "max") if speed == MAX_SPEED else f"{speed:,}/s"


class MainWindow(QMainWindow):
    """The Knight's Tour window."""

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.coords = COORDS_CHESS
        self.show_candidates = False
        self.export_px = DEFAULT_EXPORT_PX
        self.last_export_dir = str(Path.home())
        #: File ▸ Export Animation…, built when first used.
        self._animation_dialog: AnimationDialog | None = None
        #: The search Play Yourself put aside when it started (Edit ▸ Undo brings it back).
        self._put_aside: KeptSearch | None = None
        #: What the status bar said was kept when Play Yourself was left, until another search is shown.
        self._left_message = ""
        #: The status tip shown (the mouse over a button) and the message it covered (``event``).
        self._status_tip = ""
        self._covered_message = ""
        self._create_parts(settings)
        self._create_actions()
        self._create_controls()
        self._create_menus()
        self._create_tool_bars()
        self._create_docks()
        self._create_status_bar()
        self._connect()
        # Space to a focused button (not Play), Ctrl+Z in an empty spin box to Undo (KeysToFocus)
        self.keys_to_focus = KeysToFocus(self)
        self.keys_to_focus.watch(self)
        self.focus_ring = FocusRing(self)  # round a table or slider reached by Tab
        self.focus_ring.watch(self)
        for dock in self.findChildren(QDockWidget):  # Tab goes only into the docks that show (after watch)
            focus_while_shown(dock, self.board_widget)
        self._retranslate_ui()
        icon = QGuiApplication.windowIcon()  # (the application's, read once: ui.app.make_application)
        self.setWindowIcon(icon if not icon.isNull() else app_icon())
        self.fit_screen()  # room for the teaching panels beside the board, as far as the screen has it
        self._refresh_analysis_actions()
        self._refresh_heat_action()
        self.settings_keeper.restore()  # last: the layout of every dock and tool bar made above
        self.settings_keeper.connect_changes()
        # "播放", not "播放(P)", on the tool buttons (the practice panel's is one of its own)
        i18n.keep_icon_texts_plain(self, [self.practice.panel.degrees_button])

    # -- construction ----------------------------------------------------------

    def _create_parts(self, settings: QSettings | None) -> None:
        """The player, the board and the parts that take them: each a typed attribute."""
        self.player = TourPlayer(self)
        self.board_widget = BoardWidget(self)
        # The board, and under it the heatmap's key where the Analysis panel's is out of sight
        # (``board_key``, made with that panel).
        self.board_area = BoardArea(self.board_widget, self)
        self.setCentralWidget(self.board_area)
        self.palette_follower = PaletteFollower(self.board_widget)
        self.language_menu = i18n.LanguageMenu(self)
        self.tour_files = TourFiles(self.player, self, WINDOW_MAX_SIDE)
        self.help_pages = HelpPages(self)
        #: The Analysis dock's panel, built when first shown or asked for: ``analysis_panel``.
        self._analysis_panel: AnalysisPanel | None = None
        #: The heatmap's key under the board, made with the Analysis panel (``BoardKey``).
        self.board_key: BoardKey | None = None
        self._reset_texts_for: bool | None = None  # (Reset's tips: for a student's run or a search)
        self.teaching = Teaching(self.player, self)
        self.presentation = Presentation(self)
        self.sessions = Sessions(self.player, self)
        self.play_mode = PlayMode(self.player, self)
        # Modes that take board clicks, asked in turn (the first that takes one ends it), else the
        # knight is placed: see _on_square_clicked.
        self.click_handlers: list[Callable[[int], bool]] = [self.play_mode.take_click]
        self.settings_keeper = SettingsKeeper(self, settings)
        self.lessons = Lessons(self, settings)
        self.student_run = StudentRun(self.player, self)  # File ▸ Open Solver…
        self.practice = Practice(self.player, self)  # Run ▸ Practice: Predict the Next Move
        self.click_handlers.append(self.practice.take_click)  # a guess, while practising

    def _action(self, shortcut: QKeySequence | QKeySequence.StandardKey | Qt.Key | str | list[str],
                slot: Callable[..., object], icon: str | None = None) -> QAction:
        """An action with its keys, slot and icon; ``_retranslate_ui`` gives it its texts."""
        action = QAction(self)
        if isinstance(shortcut, list):
            action.setShortcuts([QKeySequence(s) for s in shortcut])
        else:
            action.setShortcut(QKeySequence(shortcut))
        if icon:
            action.setIcon(self.style().standardIcon(getattr(self.style().StandardPixmap, icon)))
        action.triggered.connect(slot)
        self.addAction(action)  # shortcuts work even with the toolbar hidden
        return action

    def _create_actions(self) -> None:
        player = self.player
        self.play_action = self._action(Qt.Key.Key_Space, self._play, "SP_MediaPlay")
        self.step_action = self._action(Qt.Key.Key_Right, self._step, "SP_MediaSeekForward")
        self.back_action = self._action(Qt.Key.Key_Left, self._step_back, "SP_MediaSeekBackward")
        self.finish_action = self._action(Qt.Key.Key_End, player.finish, "SP_MediaSkipForward")
        self.reset_action = self._action("", self._reset, "SP_MediaStop")
        self.escape_action = self._action(Qt.Key.Key_Escape, self._escape)  # stop, leave, or reset: undoable
        self.faster_action = self._action(["+", "="], self._faster)
        self.slower_action = self._action(["-", "_"], self._slower)
        self.export_action = self._action(QKeySequence.StandardKey.Save, self._export_png,
                                          "SP_DialogSaveButton")
        self.export_svg_action = self._action("Ctrl+Shift+E", self._export_svg)
        self.export_animation_action = self._action("Ctrl+Shift+G", self._export_animation)
        self.caption_action = QAction(self)  # (remembered with the settings: Stored.export_caption)
        self.caption_action.setCheckable(True)
        self.quit_action = self._action("Ctrl+Q", self.close)
        self.coords_action = self._action("Ctrl+I", self._toggle_coords)
        self.coords_action.setCheckable(True)
        self.candidates_action = self._action("Ctrl+D", self._toggle_candidates)
        self.candidates_action.setCheckable(True)
        self.about_action = self._action("", self._about)
        self.solve_all_action = self._action("Ctrl+A", self._solve_all)
        self.compare_action = self._action("Ctrl+Shift+A", self._compare)
        self.next_tour_action = self._action("Ctrl+N", self._next_tour)
        self.count_action = self._action("Ctrl+Shift+N", self._count)
        self.heat_action = self._action("", self._toggle_heat)  # mirrors Every square's Show heatmap
        self.heat_action.setCheckable(True)
        # The parts' own actions: shortcuts work even where no menu or tool bar shows them.
        for action in (*self.tour_files.actions, self.help_pages.how_action, *self.teaching.run_actions,
                       self.board_widget.zoom_in_action, self.board_widget.zoom_out_action,
                       self.board_widget.fit_action, self.settings_keeper.restore_defaults_action,
                       *self.presentation.actions, *self.sessions.actions, *self.play_mode.actions,
                       self.student_run.open_action, self.student_run.again_action, *self.practice.actions):
            self.addAction(action)
        self.practice.panel.degrees_button.setDefaultAction(self.candidates_action)  # the degrees hint

    def _create_controls(self) -> None:
        self.rows_spin = QSpinBox(self)
        self.cols_spin = QSpinBox(self)
        for spin in (self.rows_spin, self.cols_spin):
            spin.setRange(1, WINDOW_MAX_SIDE)
            spin.setValue(8)
            spin.setKeyboardTracking(False)
        self.algorithm_combo = QComboBox(self)
        for name in ALGORITHMS:
            self.algorithm_combo.addItem(name, name)
        self.tie_combo = QComboBox(self)
        for name in TIE_BREAKS:
            self.tie_combo.addItem(name, name)
        self.tie_combo.setCurrentIndex(self.tie_combo.findData(DEFAULT_TIE_BREAK))
        # The user's choices, kept aside while an algorithm ignores them: the controls show
        # what the search uses (classic and backtracking: the fixed order; greedy: open).
        self.tie_choice: str = DEFAULT_TIE_BREAK
        self.closed_choice = False
        self.closed_check = QCheckBox(self)
        self.speed_slider = QSlider(Qt.Orientation.Horizontal, self)
        self.speed_slider.setRange(0, len(SPEEDS) - 1)
        self.speed_slider.setValue(SPEEDS.index(DEFAULT_SPEED))
        self.speed_slider.setFixedWidth(150)
        self.speed_slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.speed_label = QLabel(speed_text(DEFAULT_SPEED), self)
        self.speed_label.setMinimumWidth(64)
        self.speed_label.setContentsMargins(SPEED_GAP, 0, 0, 0)  # (the handle at "max" touched the word)
        # The captions beside the controls on the tool bars.
        self.speed_caption = QLabel(self)
        self.board_caption = QLabel(self)
        self.algorithm_caption = QLabel(self)
        self.ties_caption = QLabel(self)

    def _retranslate_ui(self) -> None:
        """Every text of the window in the installed language: when built, and after a language switch."""
        tr = self.tr
        self._reset_texts_for = None
        self._refresh_reset_texts()
        for action, text, tip in (
            (self.play_action, tr("&Play"), tr("Play or pause the search")),
            (self.step_action, tr("&Step"), tr("Apply one event: a move or a backtrack")),
            (self.back_action, tr("Step &back"), tr("Undo one event")),
            (self.finish_action, tr("&Finish"), tr("Run to the end of the search as fast as possible")),
            (self.faster_action, tr("F&aster"), tr("Play faster")),
            (self.slower_action, tr("S&lower"), tr("Play slower")),
            (self.export_action, tr("&Export PNG…"), tr("Save the board as a PNG image")),
            (self.export_svg_action, tr("Export S&VG…"),
             tr("Save the board as an SVG drawing, sharp at any size")),
            (self.export_animation_action, tr("Export &Animation…"),
             tr("Save the search as an animation for slides and the web: GIF, WebP, APNG or MP4")),
            (self.caption_action, tr("&Caption on exported images"),
             tr("Put a line under exported images: board, start, algorithm and tie-break, pushes and pops")),
            (self.quit_action, tr("&Quit"), tr("Quit Knight's Tour")),
            (self.coords_action, tr("&Row and column numbers"),
             tr("Label the board with 0-based row and column indices, as the course programs print them, "
                "instead of a..h and 8..1")),
            (self.candidates_action, tr("&Candidates"),
             tr("Outline the squares the knight may go to next, with their Warnsdorff degree")),
            (self.about_action, tr("&About Knight's Tour"), tr("About this program")),
            (self.solve_all_action, tr("Solve from &every square"),
             tr("Run the search from each start square and colour the board by the outcome")),
            (self.compare_action, tr("&Compare algorithms"),
             tr("Run every algorithm and tie-break rule from the knight's start square and compare pushes, "
                "pops and time")),
            (self.next_tour_action, tr("&Next tour"),
             tr("Go on searching from the tour shown to the next different tour")),
            (self.heat_action, tr("&Heatmap"),
             tr("Colour the board by the results of Solve from every square (a new search hides it)")),
            (self.count_action, tr("C&ount all tours"),
             tr("Count every tour from the knight's start square (boards of at most %d squares)")
             % COUNT_MAX_SQUARES),
        ):
            set_action_texts(action, text, tip)
        for spin, what in ((self.rows_spin, tr("Rows")), (self.cols_spin, tr("Columns"))):
            spin.setAccessibleName(what)
            spin.setToolTip(tr("%s of the board (changing it clears the board)") % what)
        for combo, name_of, description_of in (
                (self.algorithm_combo, i18n.algorithm_name, i18n.algorithm_description),
                (self.tie_combo, i18n.tie_break_name, i18n.tie_break_description)):
            for i in range(combo.count()):
                combo.setItemText(i, name_of(combo.itemData(i)))
                combo.setItemData(i, description_of(combo.itemData(i)), Qt.ItemDataRole.ToolTipRole)
        self.algorithm_combo.setAccessibleName(tr("Algorithm"))
        self.algorithm_combo.setToolTip(tr("How the knight chooses its next square"))
        self.tie_combo.setAccessibleName(tr("Tie-break rule"))
        self.closed_check.setText(tr("Closed"))
        self._rule_tips(self.config_from_controls())
        self.speed_slider.setAccessibleName(tr("Speed"))
        self.speed_slider.setToolTip(tr("Events per second (+ and − change it too)"))
        # (while End, Ctrl+B or Go to Move runs, the label says "maximum" and the slider keeps Play's speed)
        self.speed_label.setToolTip(tr("The speed of Play. Finish (End), Run to next backtrack (Ctrl+B) and "
                                       "Go to move (Ctrl+G) run at the maximum speed."))
        self.speed_label.setText(speed_text(SPEEDS[self.speed_slider.value()]))
        self.speed_caption.setText(tr("Speed") + " ")
        self.board_caption.setText(tr("Board") + " ")
        self.algorithm_caption.setText(tr("Algorithm") + " ")
        self.ties_caption.setText(" " + tr("Ties") + " ")
        self.presentation.retranslate_ui()
        self.sessions.retranslate_ui()
        self.escape_action.setText(tr("Stop, or reset"))
        for menu, title in ((self.file_menu, tr("&File")), (self.edit_menu, tr("&Edit")),
                            (self.run_menu, tr("&Run")), (self.view_menu, tr("&View")),
                            (self.analysis_menu, tr("&Analysis")), (self.help_menu, tr("&Help"))):
            menu.setTitle(title)
        self.run_toolbar.setWindowTitle(tr("Run"))
        self.board_toolbar.setWindowTitle(tr("Board"))
        self.analysis_dock.setWindowTitle(tr("Analysis"))
        self.analysis_dock.setAccessibleName(tr("Analysis"))
        toggle = self.analysis_dock.toggleViewAction()
        toggle.setText(tr("Analysis &panel"))
        toggle.setStatusTip(tr("Show or hide the Analysis panel"))
        # The parts that are not widgets (widgets retranslate in their own changeEvent).
        self.teaching.retranslate_ui()
        self.tour_files.retranslate_ui()
        self.help_pages.retranslate_ui()
        self.settings_keeper.retranslate_ui()
        self.lessons.retranslate_ui()
        self.play_mode.retranslate_ui()
        self.student_run.retranslate_ui()
        self.practice.retranslate_ui()
        self._on_reconfigured()  # the title
        self._refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate_ui()
        super().changeEvent(event)

    def _create_menus(self) -> None:
        tr = self.tr
        menu = self.file_menu = self.menuBar().addMenu(tr("&File"))
        for action in self.tour_files.actions:
            menu.addAction(action)
        menu.addAction(self.student_run.open_action)
        menu.addAction(self.student_run.again_action)
        menu.addSeparator()
        menu.addAction(self.export_action)
        menu.addAction(self.export_svg_action)
        menu.addAction(self.export_animation_action)
        menu.addAction(self.caption_action)
        menu.addSeparator()
        menu.addAction(self.quit_action)
        menu = self.edit_menu = self.menuBar().addMenu(tr("&Edit"))
        for action in self.sessions.actions:
            menu.addAction(action)
        menu = self.run_menu = self.menuBar().addMenu(tr("&Run"))
        for action in (self.play_action, self.step_action, self.back_action, self.finish_action,
                       self.reset_action):
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.faster_action)
        menu.addAction(self.slower_action)
        menu.addSeparator()
        for action in self.teaching.run_actions:
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.play_mode.toggle_action)
        menu.addMenu(self.play_mode.menu)
        for action in self.practice.actions:
            menu.addAction(action)
        menu = self.view_menu = self.menuBar().addMenu(tr("&View"))
        menu.addAction(self.coords_action)
        menu.addAction(self.candidates_action)
        menu.addSeparator()
        menu.addMenu(self.language_menu.menu)
        menu.addSeparator()
        for action in (self.board_widget.zoom_in_action, self.board_widget.zoom_out_action,
                       self.board_widget.fit_action):
            menu.addAction(action)
        menu.addSeparator()
        menu.addMenu(self.teaching.panels_menu)
        self.teaching.panels_menu.addAction(self.lessons.dock.toggleViewAction())  # (View ▸ Panels too)
        menu.addAction(self.heat_action)
        menu.addMenu(self.presentation.size_menu)
        menu.addAction(self.presentation.presentation_action)
        menu.addAction(self.settings_keeper.restore_defaults_action)
        menu = self.analysis_menu = self.menuBar().addMenu(tr("&Analysis"))
        menu.addAction(self.solve_all_action)
        menu.addAction(self.compare_action)
        menu.addSeparator()
        menu.addAction(self.next_tour_action)
        menu.addAction(self.count_action)
        menu.addSeparator()
        self.menuBar().addMenu(self.lessons.menu)
        menu = self.help_menu = self.menuBar().addMenu(tr("&Help"))
        menu.addAction(self.help_pages.how_action)
        menu.addAction(self.about_action)
        for menu in self.findChildren(QMenu):  # (the menu bar's menus and their submenus)
            self.presentation.adopt_menu(menu)

    def _create_tool_bars(self) -> None:
        bar = QToolBar(self)
        bar.setObjectName("run_toolbar")
        bar.setIconSize(QSize(20, 20))
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (self.play_action, self.back_action, self.step_action, self.finish_action,
                       self.reset_action):
            bar.addAction(action)
        bar.addSeparator()
        bar.addWidget(self.speed_caption)
        bar.addWidget(self.speed_slider)
        bar.addWidget(self.speed_label)
        bar.addSeparator()
        bar.addAction(self.export_action)
        bar.addAction(self.play_mode.toggle_action)
        self.addToolBar(bar)
        self.run_toolbar = bar
        play_button = bar.widgetForAction(self.play_action)
        assert isinstance(play_button, QToolButton)
        steady_play = SteadyButton(play_button, lambda: [i18n.icon_text(text) for text in
                                                         (self.tr("&Play"), self.tr("&Pause"))])
        bar.iconSizeChanged.connect(steady_play.fit)
        self.addToolBarBreak()
        bar = QToolBar(self)
        bar.setObjectName("board_toolbar")
        bar.addWidget(self.board_caption)
        bar.addWidget(self.rows_spin)
        bar.addWidget(QLabel(" × ", self))
        bar.addWidget(self.cols_spin)
        bar.addSeparator()
        bar.addWidget(self.algorithm_caption)
        bar.addWidget(self.algorithm_combo)
        bar.addWidget(self.ties_caption)
        bar.addWidget(self.tie_combo)
        bar.addSeparator()
        bar.addWidget(self.closed_check)
        self.addToolBar(bar)
        self.board_toolbar = bar
        # Shown while Play Yourself is on, in a row of its own: beside the Run tool bar at 1024 px
        # both went into "»" menus, the mode's own button too.
        self.addToolBarBreak()
        self.addToolBar(self.play_mode.tool_bar)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.teaching.timeline)

    def _create_docks(self) -> None:
        """The Analysis dock (hidden until asked for), then the teaching docks beside the board."""
        tr = self.tr
        dock = self.analysis_dock = QDockWidget(tr("Analysis"), self)
        dock.setObjectName("analysis_dock")  # (its panel is built when it first shows: analysis_panel)
        dock.setAccessibleName(tr("Analysis"))
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.hide()
        dock.visibilityChanged.connect(self._on_analysis_visible)
        self.presentation.scale_changed.connect(self._on_analysis_visible)  # (the rows that fit the screen)
        toggle = dock.toggleViewAction()
        toggle.triggered.connect(self._on_analysis_toggled)  # View: the same place as the actions
        toggle.setText(tr("Analysis &panel"))
        toggle.setStatusTip(tr("Show or hide the Analysis panel"))
        self.analysis_menu.addAction(toggle)
        self.teaching.panels_menu.addAction(toggle)  # (View ▸ Panels has every panel)
        teaching = self.teaching
        for dock in teaching.docks:
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.splitDockWidget(teaching.stack_dock, teaching.pseudocode_dock, Qt.Orientation.Vertical)
        self.tabifyDockWidget(teaching.pseudocode_dock, teaching.log_dock)
        teaching.pseudocode_dock.raise_()
        teaching.fit_docks()
        self.addDockWidget(Qt.DockWidgetArea.TopDockWidgetArea, self.lessons.dock)
        self.lessons.dock.hide()  # until a lesson is chosen
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.practice.dock)
        self.practice.dock.hide()  # shown as a tab beside the pseudocode when practice starts
        self.practice.tab_beside = teaching.pseudocode_dock
        self.practice.hidden_docks = [teaching.stack_dock]  # its "next" chip would give the answer away

    def _create_status_bar(self) -> None:
        bar = self.statusBar()
        # long reasons end in "…", whole in the tooltip; a temporary message shows in it too
        self.message_label = StatusBarMessage(bar, self)
        # Their texts change every frame of a run: steady labels, so the status bar and the window
        # are not laid out again each time (steady); they give back the room kept when runs stop.
        self.moves_label = SteadyLabel(self)
        self.counts_label = SteadyLabel(self)
        self.depth_label = SteadyLabel(self)
        self.time_label = SteadyLabel(self)
        bar.addPermanentWidget(self.message_label, 1)  # (first: see StatusBarMessage)
        # Where they do not all fit (large text on a small screen), the depth is hidden first (the
        # move number says most of it), then the time, the dead ends and the counts; the move number
        # last.  (Presentation mode hides the stack panel's counters: the bar is where they show, and
        # where a run's wall and search times are said at its end.)
        self.status_fields = StatusFields(bar, self.message_label, (
            self.moves_label, self.counts_label, self.depth_label, self.time_label,
            self.teaching.dead_ends_label), keep=(
            self.moves_label, self.counts_label, self.teaching.dead_ends_label, self.time_label,
            self.depth_label))
        # (they give it back once the runs have stopped for a moment, not at every start and stop)
        self.status_relaxing = Relaxing(self.player, self._relax_status, self)

    def _connect(self) -> None:
        player = self.player
        player.changed.connect(self._refresh)
        player.backtracked.connect(self._on_backtracked)
        player.running_changed.connect(self._on_running_changed)
        player.reconfigured.connect(self._on_reconfigured)  # first: the board shows the new board ...
        player.finished.connect(self.lessons.on_finished)
        player.running_changed.connect(self.lessons.on_running_changed)
        player.reconfigured.connect(self.lessons.on_reconfigured)
        self.play_mode.toggle_action.toggled.connect(self.teaching.stack_panel.set_playing_yourself)
        self.play_mode.toggle_action.toggled.connect(self._mirror_play_message)
        self.statusBar().messageChanged.connect(self._mirror_play_message)
        self.board_widget.square_clicked.connect(self._on_square_clicked)
        self.rows_spin.valueChanged.connect(self._on_settings_changed)
        self.cols_spin.valueChanged.connect(self._on_settings_changed)
        self.rows_spin.editingFinished.connect(self._size_entered)
        self.cols_spin.editingFinished.connect(self._size_entered)
        self.algorithm_combo.currentIndexChanged.connect(self._on_settings_changed)
        self.tie_combo.currentIndexChanged.connect(self._on_tie_changed)
        self.closed_check.toggled.connect(self._on_closed_toggled)
        self.speed_slider.valueChanged.connect(self._on_speed_slider)
        self.teaching.stack_panel.frame_selected.connect(self._refresh)
        self.play_mode.changed.connect(self._refresh)
        self.play_mode.changed.connect(self._show_play_log)
        # Edit ▸ Undo/Redo (Ctrl+Z, Ctrl+Shift+Z) take Play Yourself's moves back while it is on, and bring
        # back replaced searches otherwise: one action per key, so no key is ambiguous.
        play = self.play_mode
        self.sessions.add_hook(UndoHook(active=lambda: play.active, undo=play.undo, redo=play.redo,
                                        can_undo=play.can_undo, can_redo=play.can_redo))
        for action in (play.undo_action, play.redo_action):
            action.setShortcuts([])
        play.changed.connect(self.sessions.refresh)
        play.putting_aside.connect(self.sessions.keep)
        play.putting_aside.connect(self._note_put_aside)  # (after it is kept)
        play.left.connect(self._on_play_yourself_left)
        player.reconfigured.connect(self._drop_left_message)
        self.lessons.replacing.connect(self.sessions.keep)
        # (the note's height came from the docks beside the board, the stack's rows first: 4 of 6 were
        # left at 1024×768)
        self.lessons.note_fitted.connect(self.teaching.fit_docks)
        self.play_mode.status_message.connect(self._show_status_message)
        self.play_mode.message_stale.connect(self.message_label.drop)
        player.changed.connect(self._refresh_analysis_actions)
        player.reconfigured.connect(self._refresh_analysis_actions)
        player.running_changed.connect(self._refresh_analysis_actions)
        files = self.tour_files
        files.settings_requested.connect(self.sessions.keep)  # a tour opened replaces the search: undoable
        files.settings_requested.connect(self.apply_settings)
        files.status_message.connect(self._show_status_message)
        files.status_message_over.connect(self.message_label.drop)
        self.student_run.status_message.connect(self._show_status_message)
        self.student_run.status_message_over.connect(self.message_label.drop)
        self.practice.status_message.connect(self._show_status_message)
        self.play_mode.toggle_action.toggled.connect(self._drop_practice_message)
        # A student's run begins before its solver has sent an event: practice asks again when they come.
        self.student_run.solver.events_ready.connect(self.practice.on_events_ready)
        self.practice.action.toggled.connect(self._refresh)
        self.teaching.practising = lambda: self.practice.active
        self.practice.action.toggled.connect(self.teaching.refresh)

    @Slot(bool)
    def _drop_practice_message(self, playing: bool) -> None:
        """Play Yourself starts: what practice said last (its summary) goes, Play Yourself's prompt shows
        (the summary stayed its 10 s over "click the square to start on", review)."""
        if playing:
            self.message_label.drop(self.practice.said)

    @property
    def analysis_panel(self) -> AnalysisPanel:
        """The Analysis dock's panel (Every square, Compare, Count), built and wired when first needed.

        Its modules are imported then too: a window that never analyses never pays for them
        (issue 11: start-up within 1.5× a bare window).
        """
        if self._analysis_panel is None:
            from .analysis.dock import AnalysisPanel
            from .analysis.heatmap import BoardKey

            panel = self._analysis_panel = AnalysisPanel(self.player, self)
            key = self.board_key = BoardKey(panel.every_square.legend, self.board_area)
            self.board_area.set_key(key)
            panel.every_square.heat_changed.connect(key.show_heat)
            bar = panel.scroll_area.verticalScrollBar()
            key.watch(self.analysis_dock.visibilityChanged, bar.valueChanged, bar.rangeChanged)
            self.analysis_dock.setWidget(panel)
            self.keys_to_focus.watch(panel)
            self.focus_ring.watch(panel)
            self._connect_analysis(panel)
            self._refresh_analysis_actions()
            self._refresh_heat_action()
        return self._analysis_panel

    def _connect_analysis(self, analysis: AnalysisPanel) -> None:
        player = self.player
        player.reconfigured.connect(analysis.every_square.on_reconfigured)  # after the board's new view
        player.reconfigured.connect(analysis.counting.on_reconfigured)
        analysis.every_square.status_message.connect(self._show_status_message)
        analysis.every_square.heat_changed.connect(self.board_widget.set_heat)
        analysis.every_square.start_selected.connect(self.board_widget.set_selection)
        analysis.compare.watch_requested.connect(self._watch)
        analysis.every_square.heat_button.toggled.connect(self.heat_action.setChecked)
        analysis.every_square.heat_changed.connect(self._refresh_heat_action)
        analysis.every_square.heat_changed.connect(self._refresh_export_actions)
        player.reconfigured.connect(self._hide_heat_for_a_new_search)
        self.play_mode.toggle_action.toggled.connect(self._hide_heat_for_a_new_search)  # the student's path
        self.board_widget.hovered.connect(analysis.every_square.show_hovered)
        for signal in (analysis.every_square.runner.done, analysis.counting.runner.done,
                       analysis.compare.runner.done):
            signal.connect(self._refresh_analysis_actions)

    # -- settings ---------------------------------------------------------------

    def config_from_controls(self) -> SearchConfig:
        """The search configuration the controls ask for (the user's choices, as the algorithm takes them)."""
        algorithm = self.algorithm_combo.currentData()
        return SearchConfig(Board(self.rows_spin.value(), self.cols_spin.value()), algorithm,
                            tie_break_used(algorithm, self.tie_choice),
                            self.closed_choice and algorithm in CLOSED)

    def apply_settings(self, rows: int, cols: int, algorithm: str | None = None,
                       tie_break: str | None = None, closed: bool | None = None) -> None:
        """Set the controls (as a user would) and reconfigure once."""
        widgets = (self.rows_spin, self.cols_spin, self.algorithm_combo, self.tie_combo, self.closed_check)
        for widget in widgets:
            widget.blockSignals(True)
        self.rows_spin.setValue(rows)
        self.cols_spin.setValue(cols)
        if algorithm is not None:
            self.algorithm_combo.setCurrentIndex(self.algorithm_combo.findData(algorithm))
        algorithm = self.algorithm_combo.currentData()
        # A saved classic search says "fixed", a greedy one "open": the user's choices stay.
        if tie_break is not None and not (tie_break == "fixed" and algorithm in FIXED_ORDER):
            self.tie_choice = tie_break
        if closed is not None and not (not closed and algorithm not in CLOSED):
            self.closed_choice = closed
        for widget in widgets:
            widget.blockSignals(False)
        self._on_settings_changed()

    @Slot()
    def _on_tie_changed(self) -> None:
        self.tie_choice = self.tie_combo.currentData()
        self._on_settings_changed()

    @Slot(bool)
    def _on_closed_toggled(self, checked: bool) -> None:
        self.closed_choice = checked
        algorithm = self.algorithm_combo.currentData()
        chosen = closed_algorithm(algorithm, self.rows_spin.value(), self.cols_spin.value())
        if checked and chosen != algorithm:  # the search would not finish: the construction (issue 15)
            with QSignalBlocker(self.algorithm_combo):
                self.algorithm_combo.setCurrentIndex(self.algorithm_combo.findData(chosen))
            self.statusBar().showMessage(self.tr(
                "Closed tours on boards over %1×%1 are built by construction: a backtracking search "
                "would not finish. Choose another algorithm to search instead.").replace(
                "%1", str(CLOSED_SEARCH_MAX_SIDE)), 10000)
        self._on_settings_changed()

    def _show_config(self, config: SearchConfig) -> None:
        """The tie-break and closed boxes show what the search uses, greyed where the algorithm forces it."""
        with QSignalBlocker(self.tie_combo), QSignalBlocker(self.closed_check):  # not the user's choice
            self.tie_combo.setCurrentIndex(self.tie_combo.findData(config.tie_break))
            self.closed_check.setChecked(config.closed)
        self.tie_combo.setEnabled(config.algorithm not in FIXED_ORDER)
        self.closed_check.setEnabled(config.algorithm in CLOSED)
        self._rule_tips(config)

    def _rule_tips(self, config: SearchConfig) -> None:
        """The tie-break's and Closed's tooltips: what each does, or, greyed, why (a greyed box said
        what it would do, not why it could not)."""
        tr = self.tr
        name = i18n.algorithm_name(config.algorithm)
        if config.algorithm in FIXED_ORDER:
            self.tie_combo.setToolTip(tr("%s tries the squares in a fixed order: there is no tie to break "
                                         "(Warnsdorff's rule has ties)") % name)
        else:
            self.tie_combo.setToolTip(tr("Which of several equally good squares to try first"))
        if config.algorithm not in CLOSED:
            self.closed_check.setToolTip(tr("%s never goes back, so it cannot look for a closed tour: "
                                            "choose another algorithm") % name)
        else:
            self.closed_check.setToolTip(
                tr("Look for a closed tour: the last square a knight's move from the start"))

    @Slot()
    def _on_settings_changed(self) -> None:
        config = self.config_from_controls()
        self._show_config(config)
        if config != self.player.config:
            self.sessions.keep()  # a new board or algorithm: Undo brings this search back
            self.board_widget.clear_flashes()
            self.player.configure(config)

    # -- slots -------------------------------------------------------------------

    @Slot(int)
    def _on_square_clicked(self, square: int) -> None:
        for take_click in self.click_handlers:  # a mode (Play Yourself) takes the click first
            if take_click(square):
                return
        self.sessions.keep()  # Undo brings back the search the click replaces
        self.board_widget.clear_flashes()
        self.player.place(square)

    @Slot()
    def _step(self) -> None:
        """→: one event of the search; in Play Yourself, redo a move."""
        if self.play_mode.active:
            self.play_mode.redo()
        else:
            self.player.step()

    @Slot()
    def _size_entered(self) -> None:
        """Enter in a board-size box: the size is applied, and the keys go back to the board (Space
        then plays; it blanked the box).  Tab still goes on to the next box; leaving by a click or
        Tab also ends the editing, and the focus is where the user took it."""
        spin = self.sender()
        if isinstance(spin, QSpinBox) and spin.hasFocus():
            self.board_widget.setFocus(Qt.FocusReason.OtherFocusReason)

    @Slot()
    def _step_back(self) -> None:
        """←: undo one event of the search; in Play Yourself, take a move back."""
        if self.play_mode.active:
            self.play_mode.undo()
        else:
            self.player.step_back()

    @Slot()
    def _reset(self) -> None:
        self.sessions.keep()
        self.board_widget.clear_flashes()
        self.player.reset()

    @Slot()
    def _escape(self) -> None:
        """Esc: stops a run; else stops the analysis running (Every square, Compare, Count: what they
        found so far stays, as with their Cancel); else leaves presentation mode; else resets (Edit ▸
        Undo brings the search back).

        Never throws work away on its own: a run is only paused, and a reset is undoable.
        """
        if self.player.running:
            self.player.pause()
        elif self._analysis_panel is not None and self._analysis_panel.busy:
            self._analysis_panel.cancel()
        elif self.presentation.presenting:
            self.presentation.leave()
        elif self.reset_action.isEnabled():
            self._reset()

    @Slot()
    def _play(self) -> None:
        """Play or pause; on an empty board the knight goes to the keyboard cursor (or a8), as Space."""
        if self.player.start is None:
            board_widget = self.board_widget
            if not board_widget.keyboard_cursor or board_widget.view.cursor is None:
                board_widget.set_keyboard_cursor(True)
            self._on_square_clicked(board_widget.view.cursor if board_widget.view.cursor is not None else 0)
        else:
            self.player.toggle()

    def fit_screen(self, available: QRect | None = None) -> None:
        """Size and place the window for a screen whose available area is ``available`` (default: its own)."""
        if available is None:
            screen = self.screen() or QGuiApplication.primaryScreen()
            available = screen.availableGeometry()
        self.setGeometry(first_geometry(available))

    @Slot(list)
    def _on_backtracked(self, squares: list[int]) -> None:
        self.board_widget.flash(squares)

    @Slot(bool)
    def _on_running_changed(self, running: bool) -> None:
        self._refresh()

    def _relax_status(self) -> None:
        """The status fields give back the room they kept for longer texts during a run (steady)."""
        for label in self.status_fields.fields:
            label.relax()

    @Slot()
    def _on_reconfigured(self) -> None:
        board = self.player.config.board
        title = self.tr("Knight's Tour — %s") % board.dims
        if self.player.from_source and self.student_run.solver_name:  # (its run: named while it shows)
            title = self.tr("Knight's Tour — %s — %s") % (board.dims, self.student_run.solver_name)
        # Qt adds the application's name to a title that does not end with it: the size once, one language.
        QGuiApplication.setApplicationDisplayName(title)
        self.setWindowTitle(title)
        if self.sessions.restoring:  # a search brought back by Undo: the controls show its settings
            self._follow_config(self.player.config)
        if board != self.board_widget.view.board:
            self.board_widget.set_view(self.board_view())  # now: a heatmap of this board may follow

    def _follow_config(self, config: SearchConfig) -> None:
        """The controls show ``config`` (the player's already: nothing is searched again)."""
        widgets = (self.rows_spin, self.cols_spin, self.algorithm_combo)
        for widget in widgets:
            widget.blockSignals(True)
        self.rows_spin.setValue(config.board.rows)
        self.cols_spin.setValue(config.board.cols)
        self.algorithm_combo.setCurrentIndex(self.algorithm_combo.findData(config.algorithm))
        for widget in widgets:
            widget.blockSignals(False)
        if config.algorithm not in FIXED_ORDER and config.tie_break is not None:
            self.tie_choice = config.tie_break
        if config.algorithm in CLOSED:
            self.closed_choice = config.closed
        self._show_config(config)

    def _set_speed_index(self, index: int) -> None:
        index = max(0, min(len(SPEEDS) - 1, index))
        self.speed_slider.setValue(index)

    @Slot(int)
    def _on_speed_slider(self, index: int) -> None:
        speed = SPEEDS[index]
        self.player.set_speed(speed)
        self.speed_label.setText(speed_text(speed))
        self._refresh_actions()

    @Slot()
    def _faster(self) -> None:
        self._set_speed_index(self.speed_slider.value() + 1)

    @Slot()
    def _slower(self) -> None:
        self._set_speed_index(self.speed_slider.value() - 1)

    @Slot(bool)
    def _toggle_coords(self, checked: bool) -> None:
        self.coords = COORDS_INDEX if checked else COORDS_CHESS
        self._refresh()

    @Slot(bool)
    def _toggle_candidates(self, checked: bool) -> None:
        self.show_candidates = checked
        self._refresh()

    @Slot()
    def _about(self) -> None:
        show_about(self)

    @Slot()
    def _note_put_aside(self) -> None:
        stack = self.sessions.undo_stack
        self._put_aside = stack[-1] if stack else None

    @Slot(bool)
    def _on_play_yourself_left(self, path_kept: bool) -> None:
        """Play Yourself left: say what is kept (the board is empty; a user who only looked in thought
        the search was lost): the student's path, which the mode takes up again, and the search it put
        aside, while that is still the one Undo brings back."""
        kept, self._put_aside = self._put_aside, None
        stack = self.sessions.undo_stack
        search_kept = kept is not None and bool(stack) and stack[-1] is kept and self.player.start is None
        tr = self.tr
        if path_kept and search_kept:
            text = tr("Play Yourself is off. Your path is kept: Play Yourself (Ctrl+Shift+P) takes it up "
                      "again. Edit ▸ Undo (Ctrl+Z) brings back the search it put aside.")
        elif path_kept:
            text = tr("Play Yourself is off. Your path is kept: Play Yourself (Ctrl+Shift+P) takes it up "
                      "again.")
        elif search_kept:
            text = tr("Play Yourself is off. Edit ▸ Undo (Ctrl+Z) brings back the search it put aside.")
        else:
            return
        self._left_message = text
        self.statusBar().showMessage(text, 10000)

    @Slot()
    def _drop_left_message(self) -> None:
        """Another search shown (Undo brought it back, a click...): the hint on what is kept goes."""
        if self._left_message:
            self.message_label.drop(self._left_message)
            self._left_message = ""

    @Slot(str, int)
    def _show_status_message(self, text: str, ms: int) -> None:
        bar = self.statusBar()
        if text:
            bar.showMessage(text, ms)
        else:
            bar.clearMessage()

    # -- analysis -------------------------------------------------------------------

    def _place_analysis_dock(self) -> None:
        """Show the Analysis dock as a tab beside the Pseudocode and Event log panels.

        Never over the Stack, which the search shown needs; the place gets the
        panel's preferred height (wrapped texts and all), taken from the Stack above.
        """
        dock = self.analysis_dock
        self.analysis_panel  # noqa: B018 - built before it shows (its height is asked for below)
        if not dock.isFloating():
            for other in (self.teaching.pseudocode_dock, self.teaching.log_dock):
                if not other.isFloating():
                    if other not in self.tabifiedDockWidgets(dock):
                        self.tabifyDockWidget(other, dock)
                    break
        dock.show()
        dock.raise_()
        if not dock.isFloating():
            from .analysis.tables import take_height

            take_height(self, dock, dock.sizeHint().height())

    @Slot(bool)
    def _on_analysis_toggled(self, checked: bool) -> None:
        if checked:
            self._place_analysis_dock()

    @Slot()
    def _on_analysis_visible(self) -> None:
        """While the Analysis dock shows, the stack keeps ``LEAST_ROWS`` rows: the dock scrolls instead
        (fewer where the screen is too low for them: ``_fit_stack_rows``)."""
        if not self.analysis_dock.isHidden():
            self.analysis_panel  # noqa: B018 - shown (a layout restored, a tab raised): built now
        if self.presentation.presenting:
            return
        if self.analysis_dock.isHidden():
            self.teaching.stack_panel.keep_rows(0)
        else:
            self.teaching.stack_panel.keep_rows(LEAST_ROWS)
            # (once the docks are laid out with the panel: as it shows, its place is still taller)
            QTimer.singleShot(0, self, self._fit_stack_rows)

    @Slot()
    def _fit_stack_rows(self) -> None:
        """Beside the Analysis panel, the stack keeps fewer rows than ``LEAST_ROWS``, down to
        ``FEWEST_ROWS``, where the window would otherwise be taller than its screen's free area
        (1024×768 at 150% text: the status bar went below the screen's edge)."""
        if self.presentation.presenting or self.analysis_dock.isHidden():
            return
        stack = self.teaching.stack_panel
        for rows in range(LEAST_ROWS, FEWEST_ROWS - 1, -1):
            stack.keep_rows(rows)
            if fits(self):
                break
        self.presentation.keep_on_screen()

    def _show_analysis(self, tab: QWidget) -> None:
        dock = self.analysis_dock
        if not dock.isVisible():
            self._place_analysis_dock()
        dock.show()
        dock.raise_()
        self.analysis_panel.tabs.setCurrentWidget(tab)

    @Slot()
    def _solve_all(self) -> None:
        page = self.analysis_panel.every_square
        self._show_analysis(page)
        page.run_all_starts()

    @Slot()
    def _compare(self) -> None:
        page = self.analysis_panel.compare
        self._show_analysis(page)
        page.run_compare()

    @Slot()
    def _next_tour(self) -> None:
        """Search ▸ Next tour: on from the tour shown to the next, or say why not (the action stays
        enabled so that its key and menu item always answer: a greyed item cannot say why)."""
        why = self._why_no_next_tour()
        if why is not None:
            self._show_status_message(why, 10000)
            return
        self.player.next_tour()

    def _why_no_next_tour(self) -> str | None:
        """Why Next tour cannot go on from what is shown; None: it can."""
        player = self.player
        tr = self.tr
        if player.start is None and not player.from_source:
            return tr("Place the knight first: click a square, then End runs to its first tour")
        outcome = player.state.outcome
        if player.running or outcome is None:
            return tr("Next tour goes on from a tour: none is shown yet (End runs to the first)")
        if outcome.kind != "tour":
            return tr("The search is over: there is no next tour to go on to")
        if not player.can_next_tour:  # (greedy and the construction stop at their one tour)
            return tr("%s stops at its tour: it does not search on, so there is no next tour") \
                % i18n.algorithm_name(player.config.algorithm)
        return None

    @Slot()
    def _count(self) -> None:
        """Analysis ▸ Count all tours: the Count tab counts, or says why it cannot here (the action
        stays enabled so that its key and menu item always answer: a greyed item cannot say why)."""
        page = self.analysis_panel.counting
        self._show_analysis(page)
        allowed, why = page.count_allowed()
        if not allowed:
            self._show_status_message(why, 10000)
            return
        page.count_tours()

    @Slot(object, int)
    def _watch(self, config: SearchConfig, start: int) -> None:
        """Watch ``config`` from ``start`` (a row of Compare double-clicked)."""
        self.apply_settings(config.board.rows, config.board.cols, config.algorithm, config.tie_break,
                            config.closed)
        self.player.place(start)

    @Slot()
    def _hide_heat_for_a_new_search(self) -> None:
        """A knight placed for a new search, or Play Yourself started: the heatmap's colours go (View ▸
        Heatmap shows them again)."""
        page = self.analysis_panel.every_square  # (connected when the panel is built)
        placed = self.player.start is not None or self.play_mode.active
        if placed and page.heat is not None and not self.sessions.restoring:
            page.heat_button.setChecked(False)

    @Slot(bool)
    def _toggle_heat(self, checked: bool) -> None:
        self.analysis_panel.every_square.heat_button.setChecked(checked)

    @Slot()
    def _refresh_heat_action(self) -> None:
        if self._analysis_panel is None:  # nothing solved yet: no heatmap
            self.heat_action.setEnabled(False)
            self.heat_action.setChecked(False)
            return
        page = self._analysis_panel.every_square
        self.heat_action.setEnabled(page.heat is not None)
        self.heat_action.setChecked(page.heat_button.isChecked() and page.heat is not None)

    @Slot()
    def _refresh_export_actions(self) -> None:
        """Export PNG and SVG while the board shows something to export as an image: a knight's path,
        or the heatmap of Every square (right after the run, before any knight is placed)."""
        picture = self.player.start is not None or self.board_widget.heat is not None
        self.export_action.setEnabled(picture)
        self.export_svg_action.setEnabled(picture)

    @Slot()
    def _refresh_analysis_actions(self) -> None:
        player = self.player
        self._refresh_export_actions()
        self.export_animation_action.setEnabled(player.start is not None)
        analysis = self._analysis_panel
        if analysis is None:  # not built yet: nothing runs
            self.count_action.setEnabled(True)
            return
        self.count_action.setEnabled(not analysis.counting.counting)  # (where it cannot count, it says why)
        self.solve_all_action.setEnabled(not analysis.every_square.running)
        self.compare_action.setEnabled(not analysis.compare.runner.running)
        analysis.counting.refresh()

    # -- views ---------------------------------------------------------------------

    def board_view(self) -> BoardView:
        """What the board shows now."""
        if self.play_mode.active:
            return self.play_mode.board_view(self.coords, self.show_candidates)
        player = self.player
        state = player.state
        config = player.config
        complete = len(state.path) == config.board.size and state.outcome is not None
        view = BoardView(config.board, path=list(state.path), closed=config.closed, start=player.start,
                         coords=self.coords, show_knight=not complete,
                         show_candidates=self.show_candidates)
        if self.show_candidates and player.can_advance:
            stack = player.stack()
            if stack is not None and stack.depth:
                frame = stack.frame(-1)
                view.candidates = frame.candidates
                view.next_candidate = frame.next
        self.teaching.stack_panel.decorate(view)
        self.practice.decorate(view)
        self.student_run.decorate(view)
        return view

    @Slot()
    def _refresh(self) -> None:
        self.board_widget.set_view(self.board_view())
        self._refresh_status()
        self._refresh_actions()

    def _refresh_reset_texts(self) -> None:
        """Reset's tips for what it does now: a student's run goes back to its first event, where a
        search starts afresh (``TourPlayer.reset``).  Set only when that changes."""
        source = self.player.from_source
        if self._reset_texts_for is source:
            return
        self._reset_texts_for = source
        tip = (self.tr("Back to the first event of your solver's run (it is not run again)") if source
               else self.tr("Back to the start square with a fresh search"))
        set_action_texts(self.reset_action, self.tr("&Reset"), tip)

    def _refresh_actions(self) -> None:
        player = self.player
        running = player.running
        self.play_action.setEnabled(running or player.can_advance or player.start is None)
        self.play_action.setText(self.tr("&Pause") if running else self.tr("&Play"))
        if self.play_action.property("running") != running:  # (a new icon repaints the tool bar's buttons)
            self.play_action.setProperty("running", running)
            icon = "SP_MediaPause" if running else "SP_MediaPlay"
            self.play_action.setIcon(self.style().standardIcon(getattr(self.style().StandardPixmap, icon)))
        self.step_action.setEnabled(player.can_advance)
        self.finish_action.setEnabled(player.can_advance)
        self.back_action.setEnabled(player.can_step_back)
        self.reset_action.setEnabled(player.start is not None and (player.pos > 1 or running))
        self._refresh_reset_texts()
        self._refresh_export_actions()
        index = self.speed_slider.value()
        fast = running and player.goal is not None  # Finish, Ctrl+B, Ctrl+G: as fast as it goes
        self.speed_label.setText(self.tr("maximum") if fast else speed_text(SPEEDS[index]))
        self.faster_action.setEnabled(index < len(SPEEDS) - 1)
        self.slower_action.setEnabled(index > 0)
        if self.practice.active:  # the search waits for each guess: nothing plays or runs ahead of it
            for action in (self.play_action, self.finish_action):
                action.setEnabled(False)
        if self.play_mode.active:  # ← and → take moves back and again; the search waits
            for action in (self.play_action, self.finish_action, self.reset_action):
                action.setEnabled(False)
            self.back_action.setEnabled(self.play_mode.can_undo())
            self.step_action.setEnabled(self.play_mode.can_redo())
        # Practice guesses the search's moves; Play Yourself puts the search aside for the student's own:
        # one at a time, the other greyed until it is left, so that choosing one never ends the other
        # behind the user's back (Practice's score before its summary, the student's path).  Both on, a
        # click was a move of the student's game while Practice waited for a guess about a search no
        # longer on the board.
        self.practice.action.setEnabled(not self.play_mode.active)
        self.play_mode.toggle_action.setEnabled(not self.practice.active)
        self.play_mode.refresh()

    def _refresh_status(self) -> None:
        tr = self.tr
        player = self.player
        state = player.state
        board = player.config.board
        # Playing yourself, the student's path is the stack: a move is a push, a move taken back a pop.
        if self.play_mode.active:
            game = self.play_mode.game
            pushes, pops, depth, deepest = game.pushes, game.take_backs, len(game.path), game.deepest
        else:
            pushes, pops, depth, deepest = state.pushes, state.pops, state.depth, state.max_depth
        self.moves_label.setText(tr("Move %s of %s") % (f"{depth:,}", f"{board.size:,}"))
        self.counts_label.setText(tr("Pushes %s · Pops %s") % (f"{pushes:,}", f"{pops:,}"))
        self.depth_label.setText(tr("Depth %s (max %s)") % (f"{depth:,}", f"{deepest:,}"))
        self.time_label.setText(self.time_text())
        self.message_label.setText(self.status_message())
        self._mirror_play_message()

    @Slot()
    def _show_play_log(self) -> None:
        """The event log shows the student's moves while Play Yourself is on, the search's events after."""
        self.teaching.event_log.show_game(self.play_mode.game if self.play_mode.active else None)

    @Slot()
    def _mirror_play_message(self) -> None:
        """Playing yourself, the Stack panel's banner says whole what the status bar says: on a
        projector (presentation mode, a larger text size) the bar cut the verdicts to "Stuck on e4: …"."""
        if self.play_mode.active:
            shown = self.statusBar().currentMessage()
            if shown and shown == self._status_tip:  # (a button's status tip, the mouse over it: not said)
                shown = self._covered_message
            self.teaching.stack_panel.show_play_message(shown or self.message_label.text())

    def time_text(self) -> str:
        """The status bar's figures of time: of the run while it goes, of the search when it stops."""
        tr = self.tr
        player = self.player
        if player.running and (player.goal is not None or player.speed == MAX_SPEED):
            return tr("%s events/s · %s s") % (f"{player.events_per_second:,.0f}",
                                               f"{player.run_seconds:.1f}")
        if player.wall_seconds > 0:
            return tr("Run %s s (wall) · search %s s (CPU)") % (f"{player.wall_seconds:.1f}",
                                                                 f"{player.solver_seconds:.3f}")
        return tr("Time %.3f s") % player.solver_seconds

    def status_message(self) -> str:
        """The outcome or what to do next, in words."""
        tr = self.tr
        player = self.player
        state = player.state
        board = player.config.board
        if self.play_mode.active:
            return self.play_mode.status_text()
        if self.practice.active and state.outcome is None:
            return self.practice.prompt_text()  # (not "Press Space to play": the search waits for guesses)
        if player.start is None:
            return tr("Click a square to place the knight.")
        outcome = state.outcome
        if outcome is not None:
            return self.outcome_text(outcome)
        why = status_reason(player)  # the last event was a pop: say why
        if why:
            return why
        if player.running:
            progress = player.progress
            if player.replaying:
                if progress is None:
                    return tr("Replaying recorded events…")
                return tr("Replaying recorded events… %s%%") % f"{100 * progress:.0f}"
            if progress is not None:
                return tr("Searching… %s%% of the way to move %s") % (f"{100 * progress:.0f}",
                                                                       f"{player.goal_move:,}")
            if player.run_seconds >= LONG_RUN_SECONDS and state.tours == 0 \
                    and player.config.algorithm in BACKTRACKS:
                # Backed by the run so far: this long at this rate without a tour.  The warning first
                # (at 1024 px the bar shows some 40 letters of it; the events and the rate are its fields).
                return tr("Searching… may take hours (no tour in %s s). Esc stops.") % (
                    f"{player.run_seconds:.0f}")
            if player.goal == "outcome":  # (the speed slider keeps Play's speed: say this one's)
                return tr("Searching at full speed to the end… Esc stops.")
            if player.goal == "pop":
                return tr("Searching at full speed to the next backtrack… Esc stops.")
            return tr("Searching…")
        if player.pos <= 1:
            return tr("Knight on %s. Press Space to play, → to step.") % board.name(player.start)
        return tr("Paused.")

    def outcome_text(self, outcome: Outcome) -> str:
        """An outcome as the status bar says it."""
        tr = self.tr
        player = self.player
        state = player.state
        config = player.config
        board = config.board
        start = board.name(player.start) if player.start is not None else "?"
        if outcome.code.startswith("student-"):  # a student's solver ended (File ▸ Open Solver…)
            return self.student_run.outcome_text(outcome)
        if outcome.kind == "tour":
            what = tr("Closed tour complete") if config.closed else tr("Tour complete")
            number = tr(" (tour #%d)") % outcome.tours if outcome.tours > 1 else ""
            squares, backtracks = self._squares(board.size), self._backtracks(state.pops)
            return tr("%s%s: %s, %s") % (what, number, squares, backtracks)
        if outcome.kind == "stuck":
            return tr("Stuck after %d moves (greedy does not backtrack)") % state.depth
        if outcome.kind == "budget":
            return tr("Search stopped: %s") % i18n.outcome_reason(outcome)
        if outcome.tours:
            return tr("All tours found from %s: %d") % (start, outcome.tours)
        if outcome.code == "exhausted":  # (its reason would say "no tour from …" again)
            return tr("No tour from %s on %s: every way was tried, %s; the longest path covered %s of %s "
                      "squares") % (start, board.dims, self._backtracks(state.pops), f"{state.max_depth:,}",
                                    f"{board.size:,}")
        reason = i18n.outcome_reason(outcome)
        return tr("No tour from %s on %s: %s") % (start, board.dims, reason)

    def _squares(self, n: int) -> str:
        return self.tr("1 square") if n == 1 else self.tr("%s squares") % f"{n:,}"

    def _backtracks(self, n: int) -> str:
        return self.tr("1 backtrack") if n == 1 else self.tr("%s backtracks") % f"{n:,}"

    # -- export ----------------------------------------------------------------------

    def suggested_export_name(self, suffix: str = ".png") -> str:
        """``tour-8x8-a8.png``; ``heatmap-8x8.png`` for a heatmap with no knight on the board."""
        board = self.player.config.board
        if self.player.start is None and self.board_widget.heat is not None:
            return f"heatmap-{board.rows}x{board.cols}{suffix}"
        start = board.name(self.player.start) if self.player.start is not None else "empty"
        start = start.strip("()").replace(",", "-")
        return f"tour-{board.rows}x{board.cols}-{start}{suffix}"

    def export_view(self) -> BoardView:
        """What an export shows: the path as on the board, its numbers, coordinates and heatmap."""
        config = self.player.config
        view = tour_view(config.board, list(self.player.state.path), config.closed, self.coords)
        view.heat = self.board_widget.heat
        return view

    def export_key(self) -> Legend | None:
        """The key of the heatmap an export shows (what its colours mean), if the board shows one."""
        if self.board_widget.heat is None or self._analysis_panel is None:
            return None
        key = self._analysis_panel.every_square.legend.legend
        return None if key is None or key.empty else key  # (no results yet: no key to give)

    def export_caption(self) -> str:
        """The caption of an exported image in the interface's language: board, start, algorithm and
        tie-break, pushes and pops (as the animation's)."""
        player = self.player
        if player.start is None:
            return ""
        from .animation import caption_head, caption_text  # (the animation module: loaded when first used)

        state = player.state
        head = caption_head(player.config, player.start, self._solver_shown(), player.by_hand)
        return caption_text(head, state.pushes, state.pops, 1)

    def _solver_shown(self) -> str | None:
        """The file name of the student's solver whose run is shown (File ▸ Open Solver…), if one is."""
        return self.student_run.solver_name if self.student_run.active else None

    @Slot()
    def _export_png(self) -> None:
        self._export_dialog(self.tr("Export PNG"), self.tr("PNG images (*.png)"), ".png")

    @Slot()
    def _export_animation(self) -> None:
        """File ▸ Export Animation…: the search from the knight's square, up to the event the board shows."""
        from .animation import MAX_EVENTS, caption_head  # Pillow and the encoders: loaded when first used
        from .animation_dialog import AnimationDialog

        player = self.player
        if player.start is None:
            return
        player.pause()  # (a run going on behind the dialog left its range behind the board)
        suggested = os.path.join(self.last_export_dir, self.suggested_export_name(".gif"))
        # Events no search from the start makes again (a student's run, a path handed over by Play
        # Yourself, a file's own moves) are animated as recorded: copied here, drawn in the worker.
        # (at most what an animation follows: a run left going for hours is not copied whole)
        shown = min(len(player.history), MAX_EVENTS)
        recorded = None if player.reproducible else player.history.frozen(0, shown)
        solver = self._solver_shown()
        head = caption_head(player.config, player.start, solver, player.by_hand) \
            if solver is not None or player.by_hand else None
        # Up to what the board shows: a teacher who stepped back, or stopped a run with Esc (the
        # timeline then holds events recorded past the board), animates what the class saw last.
        last = player.pos if 1 < player.pos < shown else shown
        dialog = AnimationDialog(self, player.config, player.start, (1, last), suggested,
                                 coords=self.board_widget.view.coords, recorded=recorded, head=head,
                                 held=len(player.history), caption=self.caption_action.isChecked())
        dialog.exported.connect(lambda result: self.statusBar().showMessage(
            self.tr("Saved %1").replace("%1", str(result.path)), 5000))
        # (the dialog is modal, and the window's keys do not reach past it: a teacher at the projector
        # enlarging the text with its keys while it is open did nothing)
        dialog.addActions([self.presentation.bigger_action, self.presentation.smaller_action])
        self._animation_dialog = dialog
        dialog.open()

    def _export_svg(self) -> None:
        self._export_dialog(self.tr("Export SVG"), self.tr("SVG drawings (*.svg)"), ".svg")

    def _export_dialog(self, title: str, filter_: str, suffix: str) -> None:
        suggested = os.path.join(self.last_export_dir, self.suggested_export_name(suffix))
        filename, _ = file_dialogs.save_file_name(self, title, suggested, filter_)
        if not filename:
            return
        if not filename.lower().endswith(suffix):
            filename += suffix
        self.export(filename, suffix[1:].upper())

    def export(self, filename: str, fmt: str | None = None) -> bool:
        """Write the board as shown to ``filename`` as ``fmt`` ("PNG", "SVG"; default: by its suffix).

        Both formats show the same layers: ``export_view``.
        """
        said = self.export_caption()  # (the picture's title, in the window's language, caption or not)
        caption = said if self.caption_action.isChecked() else ""
        try:
            save_view(self.export_view(), filename, self.export_px, fmt, caption=caption,
                      title=said or self.tr("Knight's tour"), key=self.export_key())
        except ExportError as exc:
            # (plain text: a file name may look like HTML)
            plain.critical(self, self.tr("Export failed"), i18n.error_text(exc))
            return False
        self.last_export_dir = os.path.dirname(os.path.abspath(filename))
        self.statusBar().showMessage(self.tr("Saved %s") % filename, 5000)
        return True

    def export_png(self, filename: str) -> bool:
        """Write the board as shown (path, numbers, coordinates, heatmap, its key) as PNG to ``filename``."""
        return self.export(filename, "PNG")

    def export_svg(self, filename: str) -> bool:
        """Write the board as shown (path, numbers, coordinates, heatmap, its key) as SVG to ``filename``."""
        return self.export(filename, "SVG")

    # -- closing -----------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.teaching.fit_docks()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if not event.spontaneous():
            # Once more when the docks have their first geometry (the resize before it measured a
            # table not laid out yet): at 1366×768 the empty stack kept 230 px and the pseudocode
            # showed 9½ of its 12 lines until the window was laid out again (review).
            QTimer.singleShot(0, self, self.teaching.fit_docks)

    def moveEvent(self, event: QMoveEvent) -> None:  # noqa: N802 - Qt override
        """The window moved under a still mouse (kept within its screen as it grew, after Play Yourself
        laid the panels out anew): the square hovered is the one now under the pointer."""
        super().moveEvent(event)
        self.board_widget.rehover()

    def createPopupMenu(self) -> QMenu | None:  # noqa: N802 - Qt override
        """The menu of panels and tool bars (a right click on one), at the window's text size."""
        menu = super().createPopupMenu()
        return None if menu is None else self.presentation.adopt_menu(menu)

    def event(self, event: QEvent) -> bool:
        """A status tip (the mouse over a button) shows in place of the status bar's message, as Qt
        does; when the mouse moves on, the message it covered comes back (Qt cleared it: the answer
        to Play Yourself's "Where it went wrong" was gone as soon as the mouse left its button)."""
        if isinstance(event, QStatusTipEvent):
            bar = self.statusBar()
            tip = event.tip()
            if tip:
                current = bar.currentMessage()
                if current and current != self._status_tip:
                    self._covered_message = current
                self._status_tip = tip
            else:
                covered, shown = self._covered_message, bar.currentMessage()
                was_tip = shown == self._status_tip
                self._status_tip = self._covered_message = ""
                if shown and not was_tip:  # a message shown since replaced the tip: it stays
                    return True
                if covered:
                    bar.showMessage(covered, COVERED_MESSAGE_MS)
                    return True
        return super().event(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self.presentation.leave()  # (the layout remembered is the window's own)
        self.presentation.release()
        self.settings_keeper.save_and_sync()
        if self._animation_dialog is not None:
            self._animation_dialog.wait_for_export(2000)  # cancels it; never hangs the close
        if self._analysis_panel is not None:
            self._analysis_panel.stop()
        self.play_mode.shutdown()
        self.tour_files.shutdown()
        self.student_run.stop()
        self.player.pause()
        self.board_widget.clear_flashes()
        if self.board_key is not None:  # (leaving presentation mode moved the docks: it would look again)
            self.board_key.stop_looking()
        super().closeEvent(event)
