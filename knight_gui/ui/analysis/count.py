"""Analysis ▸ Count all tours: "how many tours are there?"

``CountWorker`` runs ``tour.count.count_tours`` in a worker thread with a
progress hook, which the count calls every few milliseconds with the nodes
searched so far: the hook keeps that number for the page to show and, once
the cancel token is set, returns False, which ends the count with
``CountCancelled``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from PySide6.QtCore import QEvent, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from ...tour import Board, Verdict, impossible
from ...tour.count import COUNT_MAX_SQUARES, CountCancelled, count_tours, countable
from ..i18n import tr_message
from ..player import TourPlayer
from ..workers import Worker, WorkerRunner


@dataclass(frozen=True)
class CountResult:
    """Tours counted from a start: exact unless a budget stopped the count."""

    board: Board
    start: int
    closed: bool
    tours: int
    exact: bool
    seconds: float
    verdict: Verdict | None = None  #: why no tour can exist (a theorem), else None


class CountWorker(Worker):
    """Count every tour from a start (in a worker thread); Cancel stops it within milliseconds.

    ``result`` is a CountResult, or None when cancelled.
    """

    def __init__(self, board: Board, start: int, closed: bool) -> None:
        super().__init__()
        self.board = board
        self.start = start
        self.closed = closed
        #: Nodes searched and tours found so far: written by the worker's progress hook, read by the page
        #: (each a whole int, so a figure read is one the count reached).
        self.nodes = 0
        self.tours = 0
        #: Tours found before a cancel stopped the count (a lower bound), None if it was not stopped so.
        self.partial: int | None = None

    def _progress(self, nodes: int, tours: int) -> bool:
        """The count's hook (worker thread): keep the figures, go on unless cancelled."""
        self.nodes = nodes
        self.tours = tours
        return not self.token.cancelled

    def work(self) -> CountResult | None:
        """Count."""
        began = time.perf_counter()
        if self.token.cancelled:
            return None
        try:
            verdict = impossible(self.board, self.start, self.closed)
            tours = 0
            if verdict is None:
                tours = count_tours(self.board, self.start, self.closed, progress=self._progress)
        except CountCancelled as stopped:
            self.partial = stopped.partial
            return None
        if self.token.cancelled:
            return None
        return CountResult(self.board, self.start, self.closed, tours, True, time.perf_counter() - began,
                           verdict)


class CountPage(QWidget):
    """The Count tab: what is counted, Count and Cancel, a busy bar, the count."""

    count_finished = Signal()  #: a count ended and its thread has stopped

    def __init__(self, player: TourPlayer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.runner = WorkerRunner("count-tours", self)
        self.runner.done.connect(self._on_count_done)
        self.last_count: CountResult | None = None
        self._began = 0.0
        self._timer = QTimer(self)
        self._timer.setInterval(100)
        self._timer.timeout.connect(self._show_count_progress)
        box = QVBoxLayout(self)
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        box.addWidget(self.intro)
        row = QHBoxLayout()
        self.count_button = QPushButton(self)
        self.count_button.clicked.connect(self.count_tours)
        self.cancel_button = QPushButton(self)
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_count)
        row.addWidget(self.count_button, 1)
        row.addWidget(self.cancel_button)
        box.addLayout(row)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setTextVisible(False)
        box.addWidget(self.progress)
        self.result_label = QLabel(self)
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.addWidget(self.result_label)
        box.addStretch(1)
        self._retranslate_ui()

    def _retranslate_ui(self) -> None:
        """Every text of the tab in the installed language: when built, and after a language switch."""
        tr = self.tr
        self.count_button.setText(tr("Count all tours"))
        self.count_button.setToolTip(tr("Count every tour from the knight's start square, exactly "
                                        "(small boards only)"))
        self.count_button.setAccessibleName(tr("Count all tours"))
        self.cancel_button.setText(tr("Cancel"))
        self.cancel_button.setToolTip(tr("Stop counting"))
        self.cancel_button.setAccessibleName(tr("Cancel counting"))
        self.progress.setAccessibleName(tr("Counting progress"))
        self.progress.setToolTip(tr("Busy while counting; the time so far is shown"))
        self.result_label.setAccessibleName(tr("Count"))
        if self.last_count is not None:
            self._show_count(self.last_count)
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate_ui()
        super().changeEvent(event)

    @property
    def counting(self) -> bool:
        """Whether a count is going on."""
        return self.runner.running

    def count_allowed(self) -> tuple[bool, str]:
        """Whether counting is offered now, and why not."""
        player = self.player
        board = player.config.board
        if player.start is None:
            return False, self.tr("Place the knight first: tours are counted from its start square.")
        if not countable(board):
            return False, self.tr("Counting every tour on %s could take longer than anyone will wait; "
                                  "it is offered on boards of at most %d squares.") % (board.dims,
                                                                                        COUNT_MAX_SQUARES)
        return True, ""

    @Slot()
    def count_tours(self) -> None:
        """Count every tour from the knight's start square, in a worker thread."""
        if self.runner.running:
            return
        allowed, _ = self.count_allowed()
        player = self.player
        if not allowed or player.start is None:
            self.result_label.clear()  # the intro above says why
            return
        config = player.config
        worker = CountWorker(config.board, player.start, config.closed)
        self._began = time.perf_counter()
        self.progress.setRange(0, 0)  # busy
        self.result_label.setText(self.tr("Counting the tours from %s…") % config.board.label(player.start))
        self.runner.start(worker)
        self._timer.start()
        self.refresh()

    @Slot()
    def cancel_count(self) -> None:
        """Stop counting."""
        self.runner.cancel()

    @Slot()
    def _show_count_progress(self) -> None:
        worker = self.runner.worker
        if isinstance(worker, CountWorker):
            seconds = time.perf_counter() - self._began
            self.result_label.setText(self.tr("Counting the tours from %s… %s found so far, %s nodes "
                                              "searched, %.1f s") % (
                worker.board.label(worker.start), f"{worker.tours:,}", f"{worker.nodes:,}", seconds))

    @Slot(object)
    def _on_count_done(self, worker: CountWorker) -> None:
        self._timer.stop()
        result = worker.result if isinstance(worker.result, CountResult) and not worker.cancelled else None
        self.progress.setRange(0, 1)
        self.progress.setValue(0 if result is None else 1)
        where = worker.board.label(worker.start)
        if result is None and worker.partial:  # what it had found stays, as the command line says it
            self.result_label.setText(self.tr("Counting from %s cancelled after %.1f s: at least %s %s.") % (
                where, time.perf_counter() - self._began, f"{worker.partial:,}", self._kind(worker.closed)))
        elif result is None:
            self.result_label.setText(self.tr("Counting from %s cancelled after %.1f s.") % (
                where, time.perf_counter() - self._began))
        else:
            self._show_count(result)
        self.last_count = result
        self.refresh()
        self.count_finished.emit()

    def _kind(self, closed: bool) -> str:
        return self.tr("closed tours") if closed else self.tr("tours")

    def _show_count(self, result: CountResult) -> None:
        text = self.tr("%s %s from %s on %s (directed, exact; %.2f s).") % (
            f"{result.tours:,}", self._kind(result.closed), result.board.label(result.start),
            result.board.dims, result.seconds)
        if result.verdict is not None:
            text += " " + self.tr("No tour can exist: %s.") % tr_message(result.verdict.message)
        self.result_label.setText(text)

    @Slot()
    def on_reconfigured(self) -> None:
        """A count of another board or kind of tour goes."""
        count = self.last_count
        config = self.player.config
        if count is not None and (count.board, count.closed) != (config.board, config.closed):
            self.last_count = None
            self.result_label.clear()

    @Slot()
    def refresh(self) -> None:
        """The buttons and the intro for the knight's square and board now."""
        counting = self.runner.running
        allowed, why = self.count_allowed()
        self.count_button.setEnabled(allowed and not counting)
        self.cancel_button.setEnabled(counting)
        self.progress.setVisible(counting)  # busy while counting; empty otherwise
        if counting:
            return
        player = self.player
        config = player.config
        board = config.board
        if not allowed or player.start is None:
            self.intro.setText(why)
            return
        where = (board.label(player.start), board.dims)
        if config.closed:
            self.intro.setText(self.tr(
                "Counts every closed tour from %s on %s by exhaustive search with pruning (each "
                "closed tour counts twice, once per direction).") % where)
        else:
            self.intro.setText(self.tr(
                "Counts every tour from %s on %s by exhaustive search with pruning (each tour "
                "once: its reverse starts on another square).") % where)

    def stop(self) -> None:
        """Cancel the count and wait for its thread (the window is closing)."""
        self.runner.stop()
        self._timer.stop()
