"""MainWindow: actions, menus, toolbar and status bar wired to the player.

Wiring only: the player owns the search, the board widget paints; this
module turns actions into player calls and player signals into views and
texts.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, QSignalBlocker, QSize, Qt, Slot
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSlider,
    QSpinBox,
    QToolBar,
    QWidget,
)

from .. import resources
from ..tour import ALGORITHMS, DEFAULT_TIE_BREAK, FIXED_ORDER, TIE_BREAKS, Board, Outcome, tie_break_used
from . import analysis, files, i18n, teaching, themes
from . import help as help_pages
from . import settings as app_settings
from .board_widget import BoardWidget
from .elided_label import ElidedLabel
from .export import DEFAULT_EXPORT_PX, ExportError, render_image, save_image, tour_view
from .painting import COORDS_CHESS, COORDS_INDEX, BoardView
from .player import DEFAULT_SPEED, MAX_SPEED, SPEEDS, SearchConfig, TourPlayer

#: Largest side offered in the window.
WINDOW_MAX_SIDE = 100


def app_icon() -> QIcon:
    """The application icon (empty if the resources are missing)."""
    icon = QIcon()
    for name in resources.ICONS:
        path = resources.path(name)
        if path.is_file():
            icon.addFile(str(path))
    return icon


def speed_text(speed: int) -> str:
    """``8/s`` or ``max``."""
    return QCoreApplication.translate("MainWindow", "max") if speed == MAX_SPEED else f"{speed:,}/s"


class MainWindow(QMainWindow):
    """The Knight's Tour window."""

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.player = TourPlayer(self)
        self.board_widget = BoardWidget(self)
        self.setCentralWidget(self.board_widget)
        self.coords = COORDS_CHESS
        self.show_candidates = False
        self.view_hooks: list = []  #: functions that mark things on each BoardView (panels)
        self.export_px = DEFAULT_EXPORT_PX
        self.last_export_dir = str(Path.home())
        self._create_actions()
        self._create_controls()
        self._create_menus()
        self._create_tool_bars()
        self._create_status_bar()
        self._connect()
        self.setWindowIcon(app_icon())
        self.resize(1280, 860)  # room for the teaching panels beside the board
        self._on_reconfigured()
        self._refresh()
        i18n.install(self)
        files.install(self)
        help_pages.install(self)
        themes.install(self)
        analysis.install(self)
        teaching.install(self)
        app_settings.install(self, settings)  # keep last: restores the layout of every dock and toolbar
        i18n.keep_icon_texts_plain(self)  # "播放", not "播放(P)", on the tool buttons

    # -- construction ----------------------------------------------------------

    def _action(self, text: str, shortcut: QKeySequence | str | list, tip: str, slot,
                icon: str | None = None) -> QAction:
        action = QAction(text, self)
        if isinstance(shortcut, list):
            action.setShortcuts([QKeySequence(s) for s in shortcut])
        else:
            action.setShortcut(QKeySequence(shortcut))
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setStatusTip(tip)
        action.setToolTip(f"{tip} ({keys})" if keys else tip)
        if icon:
            action.setIcon(self.style().standardIcon(getattr(self.style().StandardPixmap, icon)))
        action.triggered.connect(slot)
        self.addAction(action)  # shortcuts work even with the toolbar hidden
        return action

    def _create_actions(self) -> None:
        tr = self.tr
        self.play_action = self._action(tr("&Play"), Qt.Key.Key_Space, tr("Play or pause the search"),
                                        self.player.toggle, "SP_MediaPlay")
        self.step_action = self._action(tr("&Step"), Qt.Key.Key_Right,
                                        tr("Apply one event: a move or a backtrack"), self.player.step,
                                        "SP_MediaSeekForward")
        self.back_action = self._action(tr("Step &back"), Qt.Key.Key_Left, tr("Undo one event"),
                                        self.player.step_back, "SP_MediaSeekBackward")
        self.finish_action = self._action(tr("&Finish"), Qt.Key.Key_End,
                                          tr("Run to the end of the search as fast as possible"),
                                          self.player.finish, "SP_MediaSkipForward")
        self.reset_action = self._action(tr("&Reset"), Qt.Key.Key_Escape,
                                         tr("Back to the start square with a fresh search"),
                                         self._reset, "SP_MediaStop")
        self.faster_action = self._action(tr("F&aster"), ["+", "="], tr("Play faster"), self._faster)
        self.slower_action = self._action(tr("S&lower"), ["-", "_"], tr("Play slower"), self._slower)
        self.export_action = self._action(tr("&Export PNG…"), QKeySequence.StandardKey.Save,
                                          tr("Save the board as a PNG image"), self._export_png,
                                          "SP_DialogSaveButton")
        self.quit_action = self._action(tr("&Quit"), QKeySequence.StandardKey.Quit, tr("Quit Knight's Tour"),
                                        self.close)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.coords_action = self._action(tr("&Row and column numbers"), "Ctrl+I",
                                          tr("Label the board with 0-based row and column indices, as the "
                                             "course programs print them, instead of a..h and 8..1"),
                                          self._toggle_coords)
        self.coords_action.setCheckable(True)
        self.candidates_action = self._action(tr("&Candidates"), "Ctrl+D",
                                              tr("Outline the squares the knight may go to next, "
                                                 "with their Warnsdorff degree"),
                                              self._toggle_candidates)
        self.candidates_action.setCheckable(True)
        self.about_action = self._action(tr("&About Knight's Tour"), "", tr("About this program"),
                                         self._about)

    def _create_controls(self) -> None:
        tr = self.tr
        self.rows_spin = QSpinBox(self)
        self.cols_spin = QSpinBox(self)
        for spin, what in ((self.rows_spin, tr("Rows")), (self.cols_spin, tr("Columns"))):
            spin.setRange(1, WINDOW_MAX_SIDE)
            spin.setValue(8)
            spin.setKeyboardTracking(False)
            spin.setAccessibleName(what)
            spin.setToolTip(tr("%s of the board (changing it clears the board)") % what)
        self.algorithm_combo = QComboBox(self)
        for name, text in ALGORITHMS.items():
            self.algorithm_combo.addItem(name, name)
            self.algorithm_combo.setItemData(self.algorithm_combo.count() - 1, text,
                                             Qt.ItemDataRole.ToolTipRole)
        self.algorithm_combo.setAccessibleName(tr("Algorithm"))
        self.algorithm_combo.setToolTip(tr("How the knight chooses its next square"))
        self.tie_combo = QComboBox(self)
        for name, text in TIE_BREAKS.items():
            self.tie_combo.addItem(name, name)
            self.tie_combo.setItemData(self.tie_combo.count() - 1, text, Qt.ItemDataRole.ToolTipRole)
        self.tie_combo.setCurrentIndex(self.tie_combo.findData(DEFAULT_TIE_BREAK))
        # The user's choices, kept aside while an algorithm ignores them: the controls show
        # what the search uses (classic and backtracking: the fixed order; greedy: open).
        self.tie_choice: str = DEFAULT_TIE_BREAK
        self.closed_choice = False
        self.tie_combo.setAccessibleName(tr("Tie-break rule"))
        self.tie_combo.setToolTip(tr("Which of several equally good squares to try first"))
        self.closed_check = QCheckBox(tr("Closed"), self)
        self.closed_check.setToolTip(
            tr("Look for a closed tour: the last square a knight's move from the start"))
        self.speed_slider = QSlider(Qt.Orientation.Horizontal, self)
        self.speed_slider.setRange(0, len(SPEEDS) - 1)
        self.speed_slider.setValue(SPEEDS.index(DEFAULT_SPEED))
        self.speed_slider.setFixedWidth(150)
        self.speed_slider.setAccessibleName(tr("Speed"))
        self.speed_slider.setToolTip(tr("Events per second (+ and − change it too)"))
        self.speed_slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.speed_label = QLabel(speed_text(DEFAULT_SPEED), self)
        self.speed_label.setMinimumWidth(64)

    def _create_menus(self) -> None:
        tr = self.tr
        menu = self.menuBar().addMenu(tr("&File"))
        self.file_menu = menu
        menu.addAction(self.export_action)
        menu.addSeparator()
        menu.addAction(self.quit_action)
        menu = self.menuBar().addMenu(tr("&Run"))
        self.run_menu = menu
        for action in (self.play_action, self.step_action, self.back_action, self.finish_action,
                       self.reset_action):
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.faster_action)
        menu.addAction(self.slower_action)
        menu = self.menuBar().addMenu(tr("&View"))
        menu.addAction(self.coords_action)
        menu.addAction(self.candidates_action)
        self.view_menu = menu
        self.analysis_menu = self.menuBar().addMenu(tr("&Analysis"))
        menu = self.menuBar().addMenu(tr("&Help"))
        self.help_menu = menu
        menu.addAction(self.about_action)

    def _create_tool_bars(self) -> None:
        tr = self.tr
        bar = QToolBar(tr("Run"), self)
        bar.setObjectName("run_toolbar")
        bar.setIconSize(QSize(20, 20))
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (self.play_action, self.back_action, self.step_action, self.finish_action,
                       self.reset_action):
            bar.addAction(action)
        bar.addSeparator()
        bar.addWidget(QLabel(tr("Speed") + " ", self))
        bar.addWidget(self.speed_slider)
        bar.addWidget(self.speed_label)
        bar.addSeparator()
        bar.addAction(self.export_action)
        self.addToolBar(bar)
        self.run_toolbar = bar
        self.addToolBarBreak()
        bar = QToolBar(tr("Board"), self)
        bar.setObjectName("board_toolbar")
        bar.addWidget(QLabel(tr("Board") + " ", self))
        bar.addWidget(self.rows_spin)
        bar.addWidget(QLabel(" × ", self))
        bar.addWidget(self.cols_spin)
        bar.addSeparator()
        bar.addWidget(QLabel(tr("Algorithm") + " ", self))
        bar.addWidget(self.algorithm_combo)
        bar.addWidget(QLabel(" " + tr("Ties") + " ", self))
        bar.addWidget(self.tie_combo)
        bar.addSeparator()
        bar.addWidget(self.closed_check)
        self.addToolBar(bar)
        self.board_toolbar = bar

    def _create_status_bar(self) -> None:
        bar = self.statusBar()
        self.message_label = ElidedLabel(self)  # long reasons end in "…", whole in the tooltip
        self.moves_label = QLabel(self)
        self.counts_label = QLabel(self)
        self.depth_label = QLabel(self)
        self.time_label = QLabel(self)
        bar.addWidget(self.message_label, 1)
        for label in (self.moves_label, self.counts_label, self.depth_label, self.time_label):
            bar.addPermanentWidget(label)

    def _connect(self) -> None:
        player = self.player
        player.changed.connect(self._refresh)
        player.backtracked.connect(self._on_backtracked)
        player.running_changed.connect(self._on_running_changed)
        player.reconfigured.connect(self._on_reconfigured)
        self.board_widget.square_clicked.connect(self._on_square_clicked)
        self.rows_spin.valueChanged.connect(self._on_settings_changed)
        self.cols_spin.valueChanged.connect(self._on_settings_changed)
        self.algorithm_combo.currentIndexChanged.connect(self._on_settings_changed)
        self.tie_combo.currentIndexChanged.connect(self._on_tie_changed)
        self.closed_check.toggled.connect(self._on_closed_toggled)
        self.speed_slider.valueChanged.connect(self._on_speed_slider)

    # -- settings ---------------------------------------------------------------

    def config_from_controls(self) -> SearchConfig:
        """The search configuration the controls ask for (the user's choices, as the algorithm takes them)."""
        algorithm = self.algorithm_combo.currentData()
        return SearchConfig(Board(self.rows_spin.value(), self.cols_spin.value()), algorithm,
                            tie_break_used(algorithm, self.tie_choice),
                            self.closed_choice and algorithm != "greedy")

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
        if closed is not None and not (not closed and algorithm == "greedy"):
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
        self._on_settings_changed()

    def _show_config(self, config: SearchConfig) -> None:
        """The tie-break and closed boxes show what the search uses, greyed where the algorithm forces it."""
        with QSignalBlocker(self.tie_combo), QSignalBlocker(self.closed_check):  # not the user's choice
            self.tie_combo.setCurrentIndex(self.tie_combo.findData(config.tie_break))
            self.closed_check.setChecked(config.closed)
        self.tie_combo.setEnabled(config.algorithm not in FIXED_ORDER)
        self.closed_check.setEnabled(config.algorithm != "greedy")

    @Slot()
    def _on_settings_changed(self) -> None:
        config = self.config_from_controls()
        self._show_config(config)
        if config != self.player.config:
            self.board_widget.clear_flashes()
            self.player.configure(config)

    # -- slots -------------------------------------------------------------------

    @Slot(int)
    def _on_square_clicked(self, square: int) -> None:
        self.board_widget.clear_flashes()
        self.player.place(square)

    @Slot()
    def _reset(self) -> None:
        self.board_widget.clear_flashes()
        self.player.reset()

    @Slot(list)
    def _on_backtracked(self, squares: list[int]) -> None:
        self.board_widget.flash(squares)

    @Slot(bool)
    def _on_running_changed(self, running: bool) -> None:
        self._refresh()

    @Slot()
    def _on_reconfigured(self) -> None:
        board = self.player.config.board
        self.setWindowTitle(self.tr("Knight's Tour — %s") % board.dims)

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
        help_pages.show_about(self)

    # -- views ---------------------------------------------------------------------

    def board_view(self) -> BoardView:
        """What the board shows now."""
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
        for hook in self.view_hooks:
            hook(view)
        return view

    @Slot()
    def _refresh(self) -> None:
        self.board_widget.set_view(self.board_view())
        self._refresh_status()
        self._refresh_actions()

    def _refresh_actions(self) -> None:
        player = self.player
        running = player.running
        self.play_action.setEnabled(running or player.can_advance)
        self.play_action.setText(self.tr("&Pause") if running else self.tr("&Play"))
        icon = "SP_MediaPause" if running else "SP_MediaPlay"
        self.play_action.setIcon(self.style().standardIcon(getattr(self.style().StandardPixmap, icon)))
        self.step_action.setEnabled(player.can_advance)
        self.finish_action.setEnabled(player.can_advance)
        self.back_action.setEnabled(player.can_step_back)
        self.reset_action.setEnabled(player.start is not None and (player.pos > 1 or running))
        self.export_action.setEnabled(player.start is not None)
        index = self.speed_slider.value()
        self.faster_action.setEnabled(index < len(SPEEDS) - 1)
        self.slower_action.setEnabled(index > 0)

    def _refresh_status(self) -> None:
        tr = self.tr
        player = self.player
        state = player.state
        board = player.config.board
        self.moves_label.setText(tr("Move %s of %s") % (f"{state.depth:,}", f"{board.size:,}"))
        self.counts_label.setText(tr("Pushes %s · Pops %s") % (f"{state.pushes:,}", f"{state.pops:,}"))
        self.depth_label.setText(tr("Depth %s (max %s)") % (f"{state.depth:,}", f"{state.max_depth:,}"))
        self.time_label.setText(tr("Time %.3f s") % player.solver_seconds)
        self.message_label.setText(self.status_message())

    def status_message(self) -> str:
        """The outcome or what to do next, in words."""
        tr = self.tr
        player = self.player
        state = player.state
        board = player.config.board
        if player.start is None:
            return tr("Click a square to place the knight.")
        outcome = state.outcome
        if outcome is not None:
            return self.outcome_text(outcome)
        why = teaching.status_reason(player)  # the last event was a pop: say why
        if why:
            return why
        if player.running:
            if player.config.algorithm == "backtracking" and board.size > 36:
                return tr("Searching… Plain backtracking can take hours here: Space pauses, Esc resets.")
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
        if outcome.kind == "tour":
            what = tr("Closed tour complete") if config.closed else tr("Tour complete")
            number = tr(" (tour #%d)") % outcome.tours if outcome.tours > 1 else ""
            squares, backtracks = self._squares(board.size), self._backtracks(state.pops)
            return tr("%s%s: %s, %s") % (what, number, squares, backtracks)
        if outcome.kind == "stuck":
            return tr("Stuck after %d moves (greedy does not backtrack)") % state.depth
        if outcome.kind == "budget":
            return tr("Search stopped: %s") % i18n.outcome_reason(outcome, board, player.start)
        if outcome.tours:
            return tr("All tours found from %s: %d") % (start, outcome.tours)
        if outcome.code == "exhausted":  # (its reason would say "no tour from …" again)
            return tr("No tour from %s on %s: every way was tried, %s; the longest path covered %s of %s "
                      "squares") % (start, board.dims, self._backtracks(state.pops), f"{state.max_depth:,}",
                                    f"{board.size:,}")
        reason = i18n.outcome_reason(outcome, board, player.start, list(state.path))
        return tr("No tour from %s on %s: %s") % (start, board.dims, reason)

    def _squares(self, n: int) -> str:
        return self.tr("1 square") if n == 1 else self.tr("%s squares") % f"{n:,}"

    def _backtracks(self, n: int) -> str:
        return self.tr("1 backtrack") if n == 1 else self.tr("%s backtracks") % f"{n:,}"

    # -- export ----------------------------------------------------------------------

    def suggested_export_name(self) -> str:
        """``tour-8x8-a8.png``."""
        board = self.player.config.board
        start = board.name(self.player.start) if self.player.start is not None else "empty"
        start = start.strip("()").replace(",", "-")
        return f"tour-{board.rows}x{board.cols}-{start}.png"

    @Slot()
    def _export_png(self) -> None:
        suggested = os.path.join(self.last_export_dir, self.suggested_export_name())
        filename, _ = QFileDialog.getSaveFileName(self, self.tr("Export PNG"), suggested,
                                                  self.tr("PNG images (*.png)"))
        if not filename:
            return
        if not filename.lower().endswith(".png"):
            filename += ".png"
        self.export_png(filename)

    def export_png(self, filename: str) -> bool:
        """Write the board as shown (path, numbers, coordinates) to ``filename``."""
        config = self.player.config
        view = tour_view(config.board, list(self.player.state.path), config.closed, self.coords)
        try:
            save_image(render_image(view, self.export_px), filename)
        except ExportError as exc:
            QMessageBox.critical(self, self.tr("Export failed"), str(exc))
            return False
        self.last_export_dir = os.path.dirname(os.path.abspath(filename))
        self.statusBar().showMessage(self.tr("Saved %s") % filename, 5000)
        return True

    # -- closing -----------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self.player.pause()
        self.board_widget.clear_flashes()
        super().closeEvent(event)
