"""Teaching views: the explanations in the interface's language, and ``install(window)``.

``knight_gui.tour.explain`` says every push, pop and outcome as a message of
``knight_gui.tour.messages`` (a code and its arguments); ``tr_text`` words it
in the installed language (``i18n.tr_message``).  ``install`` adds the teaching views
to a main window: the stack panel, the event log and the pseudocode (docks
beside the board), the timeline (a tool bar under it), the actions Home
(first event), Ctrl+B (run to the next backtrack) and Ctrl+G (go to move k),
and a dead-ends counter in the status bar.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QInputDialog, QLabel, QMainWindow, QMenu, QWidget

from ..tour import Event, Pop, Push
from ..tour.explain import Text, event_text, pop_reason
from .i18n import tr_message
from .player import MAX_SPEED, TourPlayer

#: The docks beside the board take at most this share of the window's width ...
DOCK_SHARE = 0.4
#: ... and in a wide window no more than this many ems (the stack's candidates all fit).
PREFERRED_EMS = 46

#: Above this many events per second the status bar says "Searching…" rather
#: than the reason of each pop, which would flicker past unread.
READABLE_SPEED = 50


#: An explanation in the installed language.
tr_text = tr_message


def explain_event(player: TourPlayer, event: Event | None = None) -> Text | None:
    """The last event (or ``event``, taken as the last) explained as fully as the shown stack allows."""
    if event is None:
        event = player.last_event()
    if event is None:
        return None
    config = player.config
    parent = None
    if isinstance(event, Push) and event.step > 1:
        stack = player.stack()
        if stack is not None and stack.depth >= 2 and stack.depth == event.step:
            parent = stack.frame(-2)
    tie = player.search.tie_break if player.search is not None else "fixed"
    return event_text(config.board, event, parent, config.algorithm != "backtracking", tie,
                      player.start, player.state.path)


def status_reason(player: TourPlayer) -> str | None:
    """"Backtrack: <why>" for the status bar when the event shown is a pop, at a speed one can read."""
    fast = player.goal is not None or player.speed == MAX_SPEED or player.speed > READABLE_SPEED
    if player.running and fast:
        return None
    event = player.last_event()
    if not isinstance(event, Pop):
        return None
    reason = tr_text(pop_reason(player.config.board, event))
    return QCoreApplication.translate("Teaching", "Backtrack: %s") % reason


class Teaching(QObject):
    """The teaching views of one window, and the actions that go with them."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        from .event_log import EventLogPanel
        from .pseudocode import PseudocodePanel
        from .stack_panel import StackPanel
        from .timeline import Timeline

        self.setObjectName("teaching")
        self.window = window
        player: TourPlayer = window.player  # type: ignore[attr-defined]
        self.player = player
        self.stack_panel = StackPanel(player, window)
        self.event_log = EventLogPanel(player, window)
        self.pseudocode = PseudocodePanel(player, window)
        self.stack_dock = self._dock("stack_dock", self.tr("Stack (top first)"), self.stack_panel,
                                     Qt.DockWidgetArea.RightDockWidgetArea)
        self.pseudocode_dock = self._dock("pseudocode_dock", self.tr("Pseudocode"), self.pseudocode,
                                          Qt.DockWidgetArea.RightDockWidgetArea)
        self.log_dock = self._dock("event_log_dock", self.tr("Event log"), self.event_log,
                                   Qt.DockWidgetArea.RightDockWidgetArea)
        window.splitDockWidget(self.stack_dock, self.pseudocode_dock, Qt.Orientation.Vertical)
        window.tabifyDockWidget(self.pseudocode_dock, self.log_dock)
        self.pseudocode_dock.raise_()
        self.log_dock.visibilityChanged.connect(self.event_log.on_shown)
        self._fitted: int | None = None  # the docks' width last set by fit_docks
        window.installEventFilter(self)  # its resizes: see fit_docks
        self._create_actions()
        self.timeline = Timeline(player, self, window)
        window.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.timeline)
        self.dead_ends_label = QLabel(window)
        self.dead_ends_label.setToolTip(self.tr("Squares popped because no unvisited square was a knight's "
                                                "move away"))
        window.statusBar().addPermanentWidget(self.dead_ends_label)
        self.stack_panel.frame_selected.connect(self._on_frame_selected)
        hooks = getattr(window, "view_hooks", None)
        if isinstance(hooks, list):
            hooks.append(self.stack_panel.decorate)
        player.changed.connect(self._refresh)
        player.running_changed.connect(self._refresh)
        player.reconfigured.connect(self._refresh)
        self._refresh()
        self.fit_docks()

    # -- the docks' sizes -------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.window and event.type() == QEvent.Type.Resize:
            self.fit_docks()
        return False

    def dock_width(self) -> int:
        """The width the docks beside the board take in a window of this width.

        At most ``DOCK_SHARE`` of the window (the board keeps the rest), at
        least what the stack table's columns need, and no more than a
        comfortable width (``PREFERRED_EMS``) in a wide window.
        """
        em = self.window.fontMetrics().horizontalAdvance("m")
        least = self.stack_panel.columns_width()
        return max(least, min(int(self.window.width() * DOCK_SHARE), em * PREFERRED_EMS))

    def fit_docks(self) -> None:
        """Size the docks beside the board for the window's width as it is now: ``dock_width``.

        A width the user dragged the docks to is kept while it stays within
        bounds (at most ``DOCK_SHARE`` of the window, at least the stack's
        columns).  (The pseudocode shows all its lines: its own minimum height.)
        """
        window = self.window
        side = (Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea)
        docks = [dock for dock in (self.stack_dock, self.pseudocode_dock, self.log_dock)
                 if not dock.isHidden() and not dock.isFloating() and window.dockWidgetArea(dock) in side]
        if not docks:
            return
        least = self.stack_panel.columns_width()
        most = max(least, int(window.width() * DOCK_SHARE))
        width = docks[0].width()
        if self._fitted is None or abs(width - self._fitted) <= 2 or not least <= width <= most:
            self._fitted = self.dock_width()
            window.resizeDocks([docks[0]], [self._fitted], Qt.Orientation.Horizontal)
        if docks[:2] == [self.stack_dock, self.pseudocode_dock] and self.pseudocode.isVisible():
            self._fit_pseudocode()

    def _fit_pseudocode(self) -> None:
        """Give the pseudocode the height of all its lines, from the stack's, as far as the stack can give."""
        window, stack, code = self.window, self.stack_dock, self.pseudocode.code
        layout = window.layout()
        for _ in range(4):  # resizeDocks shares a change with the docks' neighbours: a few steps
            layout.activate()  # the sizes as laid out now
            missing = self.pseudocode.code_height() - code.height()
            spare = stack.height() - stack.minimumSizeHint().height()
            step = min(missing, spare)
            if step <= 0:
                return
            window.resizeDocks([stack], [stack.height() - 2 * step], Qt.Orientation.Vertical)

    def _dock(self, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self.window)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setAllowedAreas(Qt.DockWidgetArea.AllDockWidgetAreas)
        dock.toggleViewAction().setStatusTip(self.tr("Show or hide the %s panel") % title)
        self.window.addDockWidget(area, dock)
        return dock

    def _action(self, text: str, keys: str, tip: str, slot) -> QAction:
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(keys))
        shown = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setStatusTip(tip)
        action.setToolTip(f"{tip} ({shown})")
        action.triggered.connect(slot)
        self.window.addAction(action)
        return action

    def _create_actions(self) -> None:
        tr = self.tr
        window = self.window
        player = self.player
        self.first_action = self._action(tr("F&irst event"), "Home",
                                         tr("Back to the first event: the knight on its start square "
                                            "(the history is kept)"), player.first_event)
        self.backtrack_action = self._action(tr("Run to next &backtrack"), "Ctrl+B",
                                             tr("Run until the search next pops a square off the stack"),
                                             player.run_to_next_backtrack)
        self.go_to_move_action = self._action(tr("&Go to move…"), "Ctrl+G",
                                              tr("Show the search when the knight stands on its k-th square"),
                                              self.ask_move)
        icons = {self.first_action: "SP_MediaSkipBackward"}
        for action, icon in icons.items():
            action.setIcon(window.style().standardIcon(getattr(window.style().StandardPixmap, icon)))
        run_menu = getattr(window, "run_menu", None)
        if isinstance(run_menu, QMenu):
            run_menu.addSeparator()
            for action in (self.first_action, self.backtrack_action, self.go_to_move_action):
                run_menu.addAction(action)
        view_menu = getattr(window, "view_menu", None)
        if isinstance(view_menu, QMenu):
            self.panels_menu = QMenu(tr("&Panels"), window)
            for dock in (self.stack_dock, self.pseudocode_dock, self.log_dock):
                self.panels_menu.addAction(dock.toggleViewAction())
            view_menu.addSeparator()
            view_menu.addMenu(self.panels_menu)

    @Slot()
    def ask_move(self) -> None:
        """Ask for a move number and go there (Ctrl+G)."""
        player = self.player
        if player.start is None:
            return
        player.pause()
        size = player.config.board.size
        current = max(1, player.state.depth)
        move, ok = QInputDialog.getInt(self.window, self.tr("Go to move"),
                                       self.tr("Move number (1–%d):") % size, current, 1, size)
        if ok:
            player.go_to_move(move)

    @Slot(object)
    def _on_frame_selected(self, square: object) -> None:
        refresh = getattr(self.window, "_refresh", None)
        if callable(refresh):
            refresh()

    @Slot()
    def _refresh(self) -> None:
        player = self.player
        state = player.state
        self.first_action.setEnabled(player.pos > 1)
        # (greedy never backtracks: nothing to run to)
        self.backtrack_action.setEnabled(player.can_advance and player.config.algorithm != "greedy")
        self.go_to_move_action.setEnabled(player.start is not None)
        self.dead_ends_label.setText(self.tr("Dead ends %s") % f"{state.dead_ends:,}")

    def retranslate_ui(self) -> None:
        """Texts computed here, again in the installed language (called after a language switch)."""
        self._refresh()


def install(window: QMainWindow) -> Teaching:
    """Add the teaching views and their actions to ``window``; returns them (also ``window.teaching``)."""
    teaching = Teaching(window)
    window.teaching = teaching  # type: ignore[attr-defined]
    return teaching
