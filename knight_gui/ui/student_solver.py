"""File ▸ Open Solver…: a student's solver run off the GUI thread, its checked events handed over.

``StudentSolver`` runs ``knight_gui.tour.student.run_solver`` (which runs the
student's file in a child process) in a Python thread of its own (``_Run``:
not ``ui.workers``, whose jobs return one result at the end; this one streams
events as the student's process prints them), and keeps the
checked events in a buffer the window takes from at its own pace with
``take``.  It runs at most ``ahead`` events ahead of the window: beyond
that the worker waits, the event pipe fills and the student's process waits
too (that time is not counted against the solver's time limit), so a long
search is animated as it runs, tour after tour, without holding millions of
events in memory.

Signals, all in the GUI thread: ``events_ready`` when events wait in an
empty buffer, ``finished(Report)`` once the run is over (the buffer may
still hold events, ending with an Outcome: ``tour``, ``no-tour`` or
``budget`` as the built-in search makes them, or ``illegal`` / ``error``
with the report's reason, which the window shows as the student's mistake).
"""

from __future__ import annotations

import os
import threading
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox, QWidget

from ..tour.board import Board
from ..tour.events import Event, Outcome
from ..tour.frames import ChildTracker, PathStack, children_from_history
from ..tour.messages import Message
from ..tour.student import (
    DEFAULT_MAX_EVENTS,
    DEFAULT_MAX_SECONDS,
    OUTCOME_ERROR,
    OUTCOME_ILLEGAL,
    Report,
    SolverFileError,
    SolverSource,
    load_solver,
    run_solver,
)
from . import file_dialogs
from .actions import set_action_texts
from .i18n import error_text, tr_message
from .player import NotReady, TourPlayer

if TYPE_CHECKING:
    from .painting import BoardView

#: Events the worker may run ahead of the window before it waits.
AHEAD = 100_000


class _Run:
    """One run of a student's solver, in a Python thread of its own (the child process needs a
    reader thread of its own too, which Python threads start cleanly)."""

    def __init__(self, owner: StudentSolver, source: SolverSource, board: Board, start: int,
                 tours: int | None, max_events: int, max_seconds: float) -> None:
        self._owner = owner
        self._args = (source, board, start, tours, max_events, max_seconds)
        self.report: Report | None = None  #: set when the run is over
        self.thread = threading.Thread(target=self._run, name="student-solver", daemon=True)

    def _run(self) -> None:
        source, board, start, tours, max_events, max_seconds = self._args
        owner = self._owner
        report = run_solver(source, board, start, tours=tours, max_events=max_events,
                            max_seconds=max_seconds, sink=owner._put, should_stop=owner._stop.is_set,
                            on_seconds=owner._clock)
        owner._put_final(report)
        self.report = report
        owner._reported.emit(report)  # queued to the GUI thread


class StudentSolver(QObject):
    """A student's solver file, run and checked in the background; its events taken by the window."""

    events_ready = Signal()  #: events wait in the buffer (it was empty)
    finished = Signal(object)  #: the Report; the run is over, the worker's thread has ended
    _reported = Signal(object)  #: from the worker's thread: its Report

    def __init__(self, parent: QObject | None = None, ahead: int = AHEAD) -> None:
        super().__init__(parent)
        self.ahead = ahead  #: events the worker may run ahead of ``take`` before it waits
        self._buffer: deque[Event] = deque()
        self._lock = threading.Condition()
        self._stop = threading.Event()
        self._worker: _Run | None = None
        self._reported.connect(self._on_reported, Qt.ConnectionType.QueuedConnection)
        self.filename: str | None = None
        self.report: Report | None = None
        #: The (row, col) the run's illegal event named: known before its Outcome can be taken.
        self.refused: tuple[int, int] | None = None
        #: The student's seconds so far (written by the worker's thread).
        self.seconds = 0.0

    @property
    def running(self) -> bool:
        """Whether a solver is being run (its events may still come)."""
        return self._worker is not None

    @property
    def pending(self) -> int:
        """Events in the buffer, not taken yet."""
        with self._lock:
            return len(self._buffer)

    def open(self, filename: str | os.PathLike[str], board: Board, start: int, *, tours: int | None = None,
             max_events: int = DEFAULT_MAX_EVENTS, max_seconds: float = DEFAULT_MAX_SECONDS) -> str | None:
        """Start running ``filename`` from ``start``; or, if it cannot be a solver, say why (nothing runs).

        ``tours`` stops the run after that many tours (None: when the solver
        ends or a limit is reached).  A run already going is stopped first.
        """
        self.stop()
        try:
            source = load_solver(filename)
        except SolverFileError as error:
            return error_text(error)
        self.filename = os.fspath(filename)
        self.report = None
        self.refused = None
        self.seconds = 0.0
        self._stop.clear()
        with self._lock:
            self._buffer.clear()
        worker = _Run(self, source, board, start, tours, max_events, max_seconds)
        self._worker = worker
        worker.thread.start()
        return None

    def take(self, count: int) -> list[Event]:
        """Up to ``count`` next events, oldest first (never blocks)."""
        with self._lock:
            buffer = self._buffer
            taken = [buffer.popleft() for _ in range(min(count, len(buffer)))]
            self._lock.notify_all()
        return taken

    def stop(self) -> None:
        """Stop the run (the student's process is killed) and wait for the worker; the buffer stays."""
        worker = self._worker
        if worker is None:
            return
        self._stop.set()
        with self._lock:
            self._lock.notify_all()
        worker.thread.join()
        self._on_reported(worker.report)  # its queued signal, when it comes, finds it done

    # -- the worker's side (its thread) ------------------------------------------

    def _put(self, events: list[Event]) -> None:
        """The run's sink: add events; wait while the window is ``ahead`` events behind."""
        with self._lock:
            was_empty = not self._buffer
            self._buffer.extend(events)
            if was_empty:
                self.events_ready.emit()
            while len(self._buffer) > self.ahead and not self._stop.is_set():
                self._lock.wait(0.1)

    def _clock(self, seconds: float) -> None:
        """The run's ``on_seconds``: the student's seconds so far (one float: read by the window as is)."""
        self.seconds = seconds

    def _put_final(self, report: Report) -> None:
        """After the run: an Outcome for an illegal event or an error, as the last event."""
        if report.outcome in (OUTCOME_ILLEGAL, OUTCOME_ERROR):
            self.refused = report.square  # (before the Outcome: whoever takes it finds the square)
            self._put([Outcome(report.outcome, f"student-{report.outcome}", (report.message,), report.tours)])

    # -- back in the GUI thread ----------------------------------------------------

    @Slot(object)
    def _on_reported(self, report: Report | None) -> None:
        worker = self._worker
        if worker is None or report is None or worker.report is not report:
            return  # a run already stopped and reported
        worker.thread.join()
        self._worker = None
        self.report = report
        self.finished.emit(report)


# -- File ▸ Open Solver…: the run shown in the window ------------------------------------------


class _StudentEvents:
    """The player's event source for a student's run: the solver's checked events, in order.

    ``next`` raises ``NotReady`` while the solver has sent nothing new (the
    player waits a tick); a ``ChildTracker`` follows the events for the
    stack panel's frames at the head of the run.
    """

    def __init__(self, solver: StudentSolver) -> None:
        self.solver = solver
        self.tracker = ChildTracker()
        self._buffer: deque[Event] = deque()

    def __iter__(self) -> _StudentEvents:
        return self

    def __next__(self) -> Event:
        buffer = self._buffer
        if not buffer:
            buffer.extend(self.solver.take(TAKE))
            if not buffer:
                raise NotReady
        event = buffer.popleft()
        self.tracker.apply(event)
        return event


#: Events taken from the solver's buffer at once.
TAKE = 4096
#: While a solver keeps the window waiting this long (ms) for its next event, the status bar says so,
#: with its seconds of the time limit used; told again every ``WAIT_TICK_MS``.
WAIT_SHOWN_MS = 1000
WAIT_TICK_MS = 250


class StudentRun(QObject):
    """File ▸ Open Solver…: run a student's solver file and animate its events in the window's player.

    The file runs only when the user opens it here (never from a saved tour).
    The player shows its events as it shows the built-in search's, with
    every panel; the stack panel's candidates and degrees are the program's
    (``tour.frames``).  An illegal event ends the run with an Outcome whose
    reason names the event; the board stays after the last legal event, and
    the student can step back through the run.  An exception is shown with
    its traceback (trimmed to the student's file) in a dialog.
    """

    status_message = Signal(str, int)  #: a message for the status bar, and for how long (ms)
    status_message_over = Signal(str)  #: a message of its own no longer holds (the bar drops it if shown)

    def __init__(self, player: TourPlayer, window: QWidget) -> None:
        super().__init__(window)
        self.player = player
        self.window = window
        self.solver = StudentSolver(self)
        self.max_events = DEFAULT_MAX_EVENTS
        self.max_seconds = DEFAULT_MAX_SECONDS
        self.last_dir = str(Path.home())
        self.problem_box: QMessageBox | None = None  #: the last problem shown (a bad file, an exception)
        self.solver_name = ""  #: the file name of the solver run last (its run is shown while ``active``)
        self._events: _StudentEvents | None = None
        self._running_text = ""  #: the status bar's "Running … from …" of the run going on
        self._stack_cache: tuple[object, int, PathStack] | None = None
        self.open_action = QAction(window)
        self.open_action.setShortcut(QKeySequence("Ctrl+Shift+O"))
        self.open_action.triggered.connect(self.ask_file)
        #: The solver file opened last: File ▸ Run Solver Again runs it anew, as it is on disk now (a
        #: student edits it and runs it again, without the dialog each time).
        self.last_file = ""
        self.again_action = QAction(window)
        self.again_action.setShortcut(QKeySequence("Ctrl+R"))
        self.again_action.setObjectName("run_solver_again_action")
        self.again_action.triggered.connect(self.run_again)
        self.again_action.setEnabled(False)
        self.solver.finished.connect(self._on_finished)
        player.reconfigured.connect(self._on_reconfigured)
        #: While the run goes: whether the window waits on the solver, and for how many ticks (``_watch``).
        self._wait_timer = QTimer(self)
        self._wait_timer.setInterval(WAIT_TICK_MS)
        self._wait_timer.timeout.connect(self._watch)
        self._waited_ticks = 0
        self._waiting_text = ""  #: the status bar's "Waiting for …" shown now
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """The action's texts in the installed language."""
        set_action_texts(self.open_action, self.tr("Open &Solver…"),
                         self.tr("Run your own solver (a Python file with solve(rows, cols, start)) from the "
                                 "knight's square and watch its pushes and pops, checked"))
        name = os.path.basename(self.last_file)
        again = self.tr("&Run %s Again") % name if name else self.tr("&Run Solver Again")
        set_action_texts(self.again_action, again, self.tr(
            "Run the solver opened last again, as its file is now, from the knight's square"))

    @Slot()
    def run_again(self) -> None:
        """Run the solver opened last again (File ▸ Run Solver Again, Ctrl+R)."""
        if self.last_file:
            self.open_file(self.last_file)

    @property
    def active(self) -> bool:
        """Whether the player shows a student's run."""
        return self._events is not None

    @Slot()
    def ask_file(self) -> None:
        """Ask for a solver file and run it."""
        filename, _ = file_dialogs.open_file_name(self.window, self.tr("Open Solver"), self.last_dir,
                                                  self.tr("Python files (*.py);;All files (*)"))
        if filename:
            self.open_file(filename)

    def open_file(self, filename: str | os.PathLike[str]) -> bool:
        """Run ``filename``'s solver from the knight's square (a8 / (0, 0) if none) and play its events."""
        player = self.player
        board = player.config.board
        start = player.start if player.start is not None else 0
        self.stop()
        self.last_file = os.fspath(filename)  # (a file that is not a solver yet too: fixed, run it again)
        self.again_action.setEnabled(True)
        self.retranslate_ui()
        problem = self.solver.open(filename, board, start, tours=None, max_events=self.max_events,
                                   max_seconds=self.max_seconds)
        if problem is not None:
            self._show_problem(self.tr("Not a solver"), problem)
            return False
        self.last_dir = os.path.dirname(os.path.abspath(filename))
        self.solver_name = os.path.basename(filename)
        events = _StudentEvents(self.solver)
        self._events = events
        self._stack_cache = None
        player.use_source(start, events, self.stack)
        player.play()
        self._running_text = self.tr("Running %s from %s") % (os.path.basename(filename), board.name(start))
        self.status_message.emit(self._running_text, 5000)
        self._waited_ticks = 0
        self._wait_timer.start()
        return True

    @Slot()
    def _watch(self) -> None:
        """While the window plays the run and has waited ``WAIT_SHOWN_MS`` for the solver's next event,
        the status bar says so, with the seconds of its limit used: a solver that hangs is seen to,
        not just a clock standing at 0.000 s until its limit.  (Paused, the window awaits nothing.)"""
        solver, player = self.solver, self.player
        waiting = (self._events is not None and solver.running and player.running and player.waiting
                   and solver.pending == 0)
        self._waited_ticks = self._waited_ticks + 1 if waiting else 0
        if self._waited_ticks * WAIT_TICK_MS < WAIT_SHOWN_MS:
            self._waiting_text = self._dropped(self._waiting_text)
            return
        text = self.tr("Waiting for the next event of %s: %s s of its %s s used") % (
            self.solver_name, f"{solver.seconds:.0f}", f"{self.max_seconds:g}")
        if text != self._waiting_text:
            self._dropped(self._waiting_text)
            self._waiting_text = text
            self.status_message.emit(text, 0)

    def _dropped(self, text: str) -> str:
        """A message of its own, ``text``, dropped from the status bar if shown; "" to keep instead."""
        if text:
            self.status_message_over.emit(text)
        return ""

    def _run_over(self) -> None:
        """The run is over or replaced: "Running loop.py from d5" goes (it stayed after a failure, and
        over a built-in search shown since), and "Waiting for …" with the watch."""
        self._wait_timer.stop()
        self._waited_ticks = 0
        self._running_text = self._dropped(self._running_text)
        self._waiting_text = self._dropped(self._waiting_text)

    def stop(self) -> None:
        """Stop the student's process (closing the window, another run, another search)."""
        self.solver.stop()

    def stack(self) -> PathStack | None:
        """The student's stack at the player's position: frames with the program's candidates."""
        events, player = self._events, self.player
        if events is None:
            return None
        state = player.state
        board = player.config.board
        if player.at_head:
            return PathStack(board, state.path, events.tracker.children)
        history = player.history
        cache = self._stack_cache
        if cache is None or cache[0] is not history or cache[1] != history.pos:
            cache = self._stack_cache = (history, history.pos,
                                         PathStack(board, state.path, children_from_history(history)))
        return cache[2]

    @Slot()
    def _on_reconfigured(self) -> None:
        if self._events is not None and self.player.stack_reader != self.stack:  # another search now
            self._events = None
            self._stack_cache = None
            self.stop()
            self._run_over()

    @Slot(object)
    def _on_finished(self, report: Report) -> None:
        self._run_over()
        if report.outcome == OUTCOME_ERROR and self._events is not None:
            text = tr_message(report.message)
            if report.traceback:
                text += "\n\n" + report.traceback
            self._show_problem(self.tr("Your solver failed"), text)

    def _show_problem(self, title: str, text: str) -> None:
        """Show ``text`` (plain, never read as rich text) in a window-modal box that does not block."""
        box = self.problem_box
        if box is None:
            box = self.problem_box = QMessageBox(self.window)
            box.setIcon(QMessageBox.Icon.Warning)
            box.setTextFormat(Qt.TextFormat.PlainText)
            box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            box.setWindowModality(Qt.WindowModality.WindowModal)
        box.setWindowTitle(title)
        box.setText(text)
        box.show()

    def decorate(self, view: BoardView) -> None:
        """At the end of a run stopped by an illegal event, mark the square it named (the state has
        that outcome only there: stepping back shows what came before, unmarked)."""
        outcome = self.player.state.outcome
        if outcome is not None and outcome.code == "student-illegal":
            view.refused = self.refused()

    def refused(self) -> int | None:
        """The square on the board the shown run's illegal event named, if it named one there."""
        named = self.solver.refused
        board = self.player.config.board
        if named is None or not self.active or not board.contains(*named):
            return None
        return board.square(*named)

    def outcome_text(self, outcome: Outcome) -> str:
        """A student's run's ending, for the status bar."""
        said = outcome.args[0] if outcome.args else ""
        reason = tr_message(said) if isinstance(said, Message) else str(said)
        if outcome.code == "student-illegal":
            refused = self.refused()
            if refused is not None:
                named = self.player.config.board.name(refused)  # (first: a narrow status bar elides the end)
                return self.tr("Your solver's event is illegal at %s, marked in red: %s. Step back (←) "
                               "to see how it got there.") % (named, reason)
            return self.tr("Your solver's event is illegal: %s. Step back (←) to see how it got there.") \
                % reason
        if outcome.code == "student-error":
            return self.tr("Your solver failed: %s") % reason
        if outcome.code == "student-limit":
            return self.tr("Your solver was stopped at its limit: %s") % reason
        return self.tr("Your solver ended: %s") % reason
