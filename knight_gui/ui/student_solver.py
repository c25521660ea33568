"""File ▸ Open Solver…: a student's solver run off the GUI thread, its checked events handed over.

``StudentSolver`` runs ``knight_gui.tour.student.run_solver`` (which runs the
student's file in a child process) in a QThread of its own, and keeps the
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

from PySide6.QtCore import QObject, Qt, Signal, Slot

from ..tour.board import Board
from ..tour.events import Event, Outcome
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
                            max_seconds=max_seconds, sink=owner._put, should_stop=owner._stop.is_set)
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
            return str(error)
        self.filename = os.fspath(filename)
        self.report = None
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

    def _put_final(self, report: Report) -> None:
        """After the run: an Outcome for an illegal event or an error, as the last event."""
        if report.outcome in (OUTCOME_ILLEGAL, OUTCOME_ERROR):
            self._put([Outcome(report.outcome, f"student-{report.outcome}", (report.reason,), report.tours)])

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
