"""The one worker pattern: a Worker on a QThread, one CancelToken, a runner whose stop never hangs."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QCoreApplication

from knight_gui.ui import workers
from knight_gui.ui.workers import Cancelled, CancelToken, FunctionWorker, Worker, WorkerRunner


def test_a_token_is_set_once_and_stays_set():
    token = CancelToken()
    assert not token.cancelled
    token.cancel()
    token.cancel()
    assert token.cancelled


def test_a_worker_runs_off_the_gui_thread_and_hands_back_its_result(qtbot):
    runner = WorkerRunner("test")
    main = threading.get_ident()
    worker = FunctionWorker(lambda w: threading.get_ident() == main)
    progress = []
    worker.progressed.connect(lambda done, total: progress.append((done, total)))
    with qtbot.waitSignal(runner.done, timeout=5000) as blocker:
        runner.start(worker)
        assert runner.running and runner.worker is worker
    assert blocker.args == [worker]
    assert worker.result is False and worker.error is None
    assert not runner.running and runner.worker is None


def test_an_error_in_the_work_is_kept_for_the_gui_thread(qtbot):
    runner = WorkerRunner("test")

    def fail(worker: Worker) -> None:
        raise ValueError("broken file")

    worker = FunctionWorker(fail)
    with qtbot.waitSignal(runner.done, timeout=5000):
        runner.start(worker)
    assert isinstance(worker.error, ValueError) and worker.result is None


def test_what_failed_work_made_is_let_go_in_its_own_thread(qtbot):
    """The error is kept for the GUI thread, but not what the work's frames held (an export's images,
    painters and fonts): deleted later in the GUI thread by the cycle collector, perhaps while another
    worker painted, such objects crashed a long fuzz run once."""
    import weakref

    from PySide6.QtGui import QImage

    made: list[weakref.ref] = []
    freed_in: list[int] = []

    class Canvas:
        def __init__(self) -> None:
            self.image = QImage(8, 8, QImage.Format.Format_ARGB32)

        def __del__(self) -> None:
            freed_in.append(threading.get_ident())

    def work(worker: Worker) -> object:
        canvas = Canvas()
        made.append(weakref.ref(canvas))
        raise ValueError("bad export")

    runner = WorkerRunner("test")
    worker = FunctionWorker(work)
    with qtbot.waitSignal(runner.done, timeout=5000):
        runner.start(worker)
    assert isinstance(worker.error, ValueError) and worker.error.__traceback__ is not None
    assert made[0]() is None and freed_in and freed_in[0] != threading.get_ident()


def test_cancel_stops_the_work_at_its_next_check_with_progress_on_the_way(qtbot):
    runner = WorkerRunner("test")
    started = threading.Event()

    def count(worker: Worker) -> int:
        n = 0
        while True:
            n += 1
            worker.check(n, 0)
            started.set()

    worker = FunctionWorker(count)
    progress = []
    worker.progressed.connect(lambda done, total: progress.append(done))
    with qtbot.waitSignal(runner.done, timeout=5000):
        runner.start(worker)
        assert started.wait(5)
        runner.cancel()
    assert isinstance(worker.error, Cancelled) and worker.cancelled
    qtbot.waitUntil(lambda: bool(progress))  # queued to the GUI thread


def test_one_worker_at_a_time(qtbot):
    runner = WorkerRunner("test")
    release = threading.Event()
    worker = FunctionWorker(lambda w: release.wait(5))
    runner.start(worker)
    with pytest.raises(RuntimeError):
        runner.start(FunctionWorker(lambda w: None))
    release.set()
    runner.stop()
    assert not runner.running


def test_stop_waits_at_most_its_timeout_for_a_worker_that_never_checks(qtbot):
    """Closing the window never hangs: a stubborn worker is left to finish on its own, kept alive."""
    runner = WorkerRunner("test")
    release = threading.Event()
    worker = FunctionWorker(lambda w: release.wait(30))
    done = []
    runner.done.connect(done.append)
    runner.start(worker)
    began = time.monotonic()
    runner.stop(timeout_ms=200)
    assert time.monotonic() - began < 5
    assert done == [worker] and not runner.running
    thread, kept = workers._stragglers[-1]
    assert kept is worker and thread.isRunning()
    release.set()
    assert thread.wait(5000)


def test_a_late_finish_of_a_stopped_thread_does_not_end_the_next_worker(qtbot):
    runner = WorkerRunner("test")
    first = FunctionWorker(lambda w: None)
    runner.start(first)
    runner.stop()  # done at once; the thread's queued "finished" is still to come
    release = threading.Event()
    second = FunctionWorker(lambda w: release.wait(5))
    runner.start(second)
    QCoreApplication.sendPostedEvents()  # the stale "finished" is delivered now
    assert runner.running and runner.worker is second
    release.set()
    qtbot.waitUntil(lambda: not runner.running, timeout=5000)
