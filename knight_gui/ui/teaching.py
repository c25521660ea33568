"""The teaching views: the stack panel, the event log and the pseudocode, and their actions.

``Teaching`` builds the three panels in docks, the timeline (a tool bar),
the actions Home (first event), Ctrl+B (run to the next backtrack) and
Ctrl+G (go to move k) and a dead-ends counter for the status bar; the
window places them (``MainWindow._create_docks``) and calls ``fit_docks``
when it is resized.  The explanations they show are ``explanations``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QInputDialog, QMainWindow, QMenu, QWidget

from .actions import set_action_texts
from .event_log import EventLogPanel
from .explanations import READABLE_SPEED, explain_event, status_reason, tr_text
from .i18n import algorithm_name
from .player import TourPlayer
from .pseudocode import PseudocodePanel
from .stack_panel import StackPanel
from .steady import SteadyLabel
from .timeline import Timeline

#: The docks beside the board take at most this share of the window's width ...
DOCK_SHARE = 0.4
#: ... and in a wide window no more than this many ems (the stack's candidates all fit).
PREFERRED_EMS = 46
#: The board keeps at least this share of the window's width, even where the stack's columns need
#: more (large text on a small screen, as a projector at 1024×768): the candidates column narrows
#: instead, and the table scrolls sideways.
BOARD_LEAST_SHARE = 0.45


class Teaching(QObject):
    """The teaching views of one window, and the actions that go with them.

    ``window`` is the main window the docks belong to: the docks are sized
    against its width (``fit_docks``); the window adds the docks, the
    timeline, the actions and the label itself.
    """

    def __init__(self, player: TourPlayer, window: QMainWindow) -> None:
        super().__init__(window)
        self.setObjectName("teaching")
        self.window = window
        self.player = player
        #: Whether the student is predicting the next event (Run ▸ Practice): set by the window.
        self.practising: Callable[[], bool] = lambda: False
        self.stack_panel = StackPanel(player, window)
        self.event_log = EventLogPanel(player, window)
        self.pseudocode = PseudocodePanel(player, window)
        self.stack_dock = self._dock("stack_dock", self.stack_panel)
        self.pseudocode_dock = self._dock("pseudocode_dock", self.pseudocode)
        self.log_dock = self._dock("event_log_dock", self.event_log)
        self.log_dock.visibilityChanged.connect(self.event_log.on_shown)
        self._fitted: int | None = None  # the docks' width last set by fit_docks
        self.dock_share, self.preferred_ems = DOCK_SHARE, PREFERRED_EMS  # (presentation mode: wider)
        self._create_actions()
        self.panels_menu = QMenu(window)
        for dock in self.docks:
            self.panels_menu.addAction(dock.toggleViewAction())
        self.timeline = Timeline(player, self, window)
        self.dead_ends_label = SteadyLabel(window)  # (in the status bar; see steady)
        player.changed.connect(self.refresh)
        player.running_changed.connect(self.refresh)
        player.reconfigured.connect(self.refresh)
        self.retranslate_ui()

    @property
    def docks(self) -> tuple[QDockWidget, QDockWidget, QDockWidget]:
        """The stack, pseudocode and event log docks."""
        return self.stack_dock, self.pseudocode_dock, self.log_dock

    @property
    def run_actions(self) -> tuple[QAction, QAction, QAction]:
        """First event, Run to next backtrack, Go to move (the Run menu's last group)."""
        return self.first_action, self.backtrack_action, self.go_to_move_action

    # -- the docks' sizes -------------------------------------------------------------------

    def dock_width(self) -> int:
        """The width the docks beside the board take in a window of this width.

        At most ``DOCK_SHARE`` of the window (the board keeps the rest), at
        least what the stack table's columns need (``least_dock_width``), and no more than a
        comfortable width (``PREFERRED_EMS``) in a wide window.
        """
        em = self.window.fontMetrics().horizontalAdvance("m")
        least = self.least_dock_width()
        return max(least, min(int(self.window.width() * self.dock_share), em * self.preferred_ems))

    def least_dock_width(self) -> int:
        """What the stack table's columns need, as far as the board keeps ``BOARD_LEAST_SHARE``."""
        return min(self.stack_panel.columns_width(), int(self.window.width() * (1 - BOARD_LEAST_SHARE)))

    def fit_docks(self) -> None:
        """Size the docks beside the board for the window's width as it is now: ``dock_width``.

        A width the user dragged the docks to is kept while it stays within
        bounds (at most ``DOCK_SHARE`` of the window, at least the stack's
        columns as far as ``least_dock_width`` allows).  (The pseudocode shows all its lines: its
        own minimum height.)
        """
        window = self.window
        side = (Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea)
        docks = [dock for dock in (self.stack_dock, self.pseudocode_dock, self.log_dock)
                 if not dock.isHidden() and not dock.isFloating() and window.dockWidgetArea(dock) in side]
        if not docks:
            return
        least = self.least_dock_width()
        most = max(least, int(window.width() * self.dock_share))
        width = docks[0].width()
        if self._fitted is None or abs(width - self._fitted) <= 2 or not least <= width <= most:
            self._fitted = self.dock_width()
            if self._fitted > 0:  # (Qt warns of a size of 0: a tiny window)
                window.resizeDocks([docks[0]], [self._fitted], Qt.Orientation.Horizontal)
        if docks[:2] == [self.stack_dock, self.pseudocode_dock] and self.pseudocode.isVisible():
            self._fit_pseudocode()

    def _fit_pseudocode(self) -> None:
        """Give the pseudocode the height of all its lines from the stack, keeping the stack's least rows."""
        window, stack, code = self.window, self.stack_dock, self.pseudocode.code
        layout = window.layout()
        assert layout is not None  # (a QMainWindow always has its own)
        for _ in range(4):  # resizeDocks shares a change with the docks' neighbours: a few steps
            layout.activate()  # the sizes as laid out now
            missing = self.pseudocode.code_height() - code.height()
            spare = min(stack.height() - stack.minimumSizeHint().height(), self.stack_panel.spare_height())
            if spare < 0:  # the stack shows fewer than its least rows: they come first (the code scrolls)
                target = stack.height() - 2 * spare
            elif min(missing, spare) > 0:
                target = stack.height() - 2 * min(missing, spare)
            else:
                return
            if target <= 0:  # (a tiny window: Qt warns of a size of 0)
                return
            window.resizeDocks([stack], [target], Qt.Orientation.Vertical)

    def _dock(self, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(self.window)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setAllowedAreas(Qt.DockWidgetArea.AllDockWidgetAreas)
        return dock

    def _action(self, keys: str, slot: Callable[[], object]) -> QAction:
        action = QAction(self.window)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(slot)
        return action

    def _create_actions(self) -> None:
        player = self.player
        self._tips: dict[QAction, str] = {}  #: the run actions' tooltips while enabled
        self.first_action = self._action("Home", player.first_event)
        self.backtrack_action = self._action("Ctrl+B", player.run_to_next_backtrack)
        self.go_to_move_action = self._action("Ctrl+G", self.ask_move)
        style = self.window.style()
        self.first_action.setIcon(style.standardIcon(style.StandardPixmap.SP_MediaSkipBackward))

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

    @Slot()
    def refresh(self) -> None:
        """The run actions and the dead ends as the player stands (the window calls it too when
        practice starts or ends).  A greyed action's tooltip says why it is greyed (a tool button's
        tooltip shows when it is greyed; a menu's status tip does not)."""
        player = self.player
        state = player.state
        tr = self.tr
        placed = player.start is not None
        # practising, the search waits for each guess: nothing runs ahead
        waits = tr("While you practise, the search waits for your guesses: nothing runs ahead")
        place = tr("Place the knight first: click a square")
        first: str | None
        backtrack: str | None
        go_to: str | None
        if not placed:
            first = backtrack = go_to = place
        else:
            at_first = tr("The knight is on its start square: this is the first event")
            first = None if player.pos > 1 else at_first
            go_to = waits if self.practising() else None
            if self.practising():
                backtrack = waits
            elif player.config.algorithm == "greedy":
                backtrack = (tr("%s never goes back: there is no backtrack to run to")
                             % algorithm_name("greedy"))
            elif not player.can_advance:
                backtrack = tr("The search is over: there is no backtrack left to run to")
            else:
                backtrack = None
        for action, why in ((self.first_action, first), (self.backtrack_action, backtrack),
                            (self.go_to_move_action, go_to)):
            action.setEnabled(why is None)
            action.setToolTip(self._tips.get(action, "") if why is None else why)
        self.dead_ends_label.setText(tr("Dead ends %s") % f"{state.dead_ends:,}")

    def retranslate_ui(self) -> None:
        """Every text of the docks and actions in the installed language (the window calls it again after a
        language switch; the panels in the docks retranslate themselves)."""
        tr = self.tr
        set_action_texts(self.first_action, tr("F&irst event"),
                         tr("Back to the first event: the knight on its start square (the history is kept)"))
        set_action_texts(self.backtrack_action, tr("Run to next bac&ktrack"),
                         tr("Run until the search next pops a square off the stack"))
        set_action_texts(self.go_to_move_action, tr("&Go to move…"),
                         tr("Show the search when the knight stands on its k-th square"))
        self._tips = {action: action.toolTip()  # (refresh gives a greyed one the reason instead)
                      for action in (self.first_action, self.backtrack_action, self.go_to_move_action)}
        for dock, title in ((self.stack_dock, tr("Stack (top first)")),
                            (self.pseudocode_dock, tr("Pseudocode")), (self.log_dock, tr("Event log"))):
            dock.setWindowTitle(title)
            dock.toggleViewAction().setStatusTip(tr("Show or hide the %s panel") % title)
        self.panels_menu.setTitle(tr("Pa&nels"))
        self.dead_ends_label.setToolTip(
            tr("Squares popped because no unvisited square was a knight's move away"))
        self.refresh()


__all__ = ["DOCK_SHARE", "READABLE_SPEED", "Teaching", "explain_event", "status_reason", "tr_text"]
