"""One way to run work off the GUI thread: a worker object moved to a QThread.

The pattern of Qt's mandelbrot example, once for every job of the window
(solve from every square, compare algorithms, count tours, open and save
tour files):

- a ``Worker`` is a QObject whose ``work()`` runs in a thread of its own;
  it reports with ``progressed(done, total)`` and its own signals, calls
  ``check(done, total)`` every few milliseconds, and keeps ``result`` or
  ``error`` for the GUI thread;
- a ``CancelToken`` is the one way to ask it to stop: ``check`` raises
  ``Cancelled`` once the token is set, and long loops that cannot raise
  (the tour count's progress hook) ask ``token.cancelled``;
- a ``WorkerRunner`` owns the thread: ``start(worker)``, ``cancel()``,
  ``done(worker)`` once the thread has finished (in the GUI thread), and
  ``stop()`` for a closing window, which waits at most ``STOP_TIMEOUT_MS``.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

#: The longest a closing window waits for a worker to notice its cancel token.
STOP_TIMEOUT_MS = 5000

#: Threads that did not stop within their stop timeout, with their workers: kept
#: referenced for the rest of the process (a QThread destroyed while it runs
#: aborts the process); they end on their own at their worker's next check.
_stragglers: list[tuple[QThread, QObject]] = []


class Cancelled(Exception):
    """The work was cancelled (raised by ``Worker.check``)."""


class CancelToken:
    """A flag set from the GUI thread and read by a worker (thread-safe)."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        """Ask the work to stop."""
        self._event.set()

    @property
    def cancelled(self) -> bool:
        """Whether the work was asked to stop."""
        return self._event.is_set()


class Worker(QObject):
    """Work run by a ``WorkerRunner`` in its thread: override ``work``; ``result`` or ``error`` after."""

    progressed = Signal(int, int)  #: done, total (0: unknown)
    finished = Signal()  #: ``work`` has returned or raised (emitted from the worker's thread)

    def __init__(self) -> None:
        super().__init__()
        self.token = CancelToken()
        self.result: object = None
        self.error: BaseException | None = None

    @property
    def cancelled(self) -> bool:
        """Whether the work was asked to stop."""
        return self.token.cancelled

    def cancel(self) -> None:
        """Ask the work to stop at its next ``check`` (any thread)."""
        self.token.cancel()

    def check(self, done: int = 0, total: int = 0) -> None:
        """Report progress; raise Cancelled once the token is set."""
        if self.token.cancelled:
            raise Cancelled
        self.progressed.emit(done, total)

    def work(self) -> object:
        """The work itself (in the worker's thread); its value becomes ``result``."""
        raise NotImplementedError

    @Slot()
    def run(self) -> None:
        """Run ``work`` (the thread's ``started`` calls it), keep its result or error, emit ``finished``."""
        try:
            self.result = self.work()
        except BaseException as error:  # noqa: BLE001 - handed to the GUI thread
            # What the work made (an export's QImage, QPainter, fonts) is let go here, in its own thread:
            # kept by the traceback's frames, it would be deleted in the GUI thread whenever the error
            # is dropped (Python's cycle collector), perhaps while another worker paints.
            traceback.clear_frames(error.__traceback__)
            self.error = error
        self.finished.emit()


class FunctionWorker(Worker):
    """A worker running ``function(worker)``: for jobs that are one function call (tour files)."""

    def __init__(self, function: Callable[[Worker], object]) -> None:
        super().__init__()
        self._function = function

    def work(self) -> object:  # noqa: D102
        return self._function(self)


class WorkerRunner(QObject):
    """Runs one worker at a time in a QThread of its own; ``done`` once that thread has finished."""

    done = Signal(object)  #: the worker, in the GUI thread, once its thread has stopped

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self._name = name
        self._thread: QThread | None = None
        self.worker: Worker | None = None

    @property
    def running(self) -> bool:
        """Whether a worker's thread is running (until ``done``)."""
        return self._thread is not None

    def start(self, worker: Worker) -> None:
        """Run ``worker.run`` in a new thread (the previous worker must be done)."""
        if self._thread is not None:
            raise RuntimeError("a worker is already running")
        thread = QThread(self)
        thread.setObjectName(self._name)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.finished.connect(thread.quit)
        thread.finished.connect(self._on_thread_finished, Qt.ConnectionType.QueuedConnection)
        self._thread = thread
        self.worker = worker
        thread.start()

    def cancel(self) -> None:
        """Ask the worker to stop; ``done`` follows."""
        if self.worker is not None:
            self.worker.cancel()

    def stop(self, timeout_ms: int = STOP_TIMEOUT_MS) -> None:
        """Cancel and wait for the thread at most ``timeout_ms`` (the window is closing); ``done`` follows."""
        thread = self._thread
        if thread is None:
            return
        self.cancel()
        thread.quit()
        if not thread.wait(timeout_ms):
            # Never hang the close: leave the thread to end on its own, kept alive until then.
            worker = self.worker
            assert worker is not None
            thread.finished.disconnect(self._on_thread_finished)  # it is no longer this runner's
            thread.setParent(None)
            _stragglers.append((thread, worker))
            self._thread = None
            self.worker = None
            self.done.emit(worker)
            return
        self._on_thread_finished()

    @Slot()
    def _on_thread_finished(self) -> None:
        thread, worker = self._thread, self.worker
        sender = self.sender()
        if thread is None or (sender is not None and sender is not thread):
            return  # queued from a thread that stop() has dealt with already
        self._thread = None
        self.worker = None
        thread.deleteLater()  # (the worker has no parent: Python frees it once unused)
        self.done.emit(worker)


__all__ = ["STOP_TIMEOUT_MS", "CancelToken", "Cancelled", "FunctionWorker", "Worker", "WorkerRunner"]
