"""Analysis ▸ Solve from every square: "does it work from every square?"

``AllStartsWorker`` runs ``solve_start`` for every start in a worker thread
and sends the results back by signal in batches.  The page shows them as a
heatmap on the board (outcome, pushes, pops or time per start square) with
a legend, as a sortable table and as a CSV file.  Every start has a budget
of pushes, so plain backtracking, which can take hours from some squares,
ends and marks those starts as out of budget.
"""

from __future__ import annotations

import csv
import io
import os
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSignalBlocker,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...tour import OUTCOME_BUDGET, OUTCOME_TOUR, Board, Search
from ...tour.closed import FALLBACK_CODE, fallback_tour
from ...tour.fileio import FileProblem, write_atomically
from ...tour.messages import Message
from .. import file_dialogs, plain
from ..i18n import config_name, tr_message
from ..painting import HeatMap
from ..player import SearchConfig, TourPlayer
from ..workers import Worker, WorkerRunner
from .fields import PanelComboBox, PanelSpinBox
from .heatmap import HeatLegend, build_heat, metric_name
from .results import (
    DEFAULT_BUDGET,
    MAX_BUDGET,
    METRICS,
    OUTCOME_COLOURS,
    StartResult,
    default_budget,
    format_ms,
    outcome_name,
    result_reason,
    solve_start,
    summary,
)
from .tables import fit_columns, fit_to_contents, results_table, sortable

#: Seconds between two batches of results sent to the window.
EMIT_EVERY = 0.05
#: A run this long (seconds) says about how long the rest will take, by its rate so far (a 40×40
#: board of plain backtracking takes some 25 minutes); shorter ones are over before it would help.
ESTIMATE_AFTER = 5.0
#: The clock the estimate reads (tests replace it).
clock = time.monotonic
#: Milliseconds between two repaints of the heatmap while results come in.
HEAT_REFRESH_MS = 200

CSV_FIELDS = ("start", "row", "col", "name", "rows", "cols", "algorithm", "tie_break", "closed", "outcome",
              "code", "pushes", "pops", "dead_ends", "max_depth", "seconds", "budget", "ran_out")


def write_csv(filename: str | os.PathLike[str], config: SearchConfig, budget: int | None,
              results: Sequence[StartResult]) -> None:
    """One row per start, ordered by square; all or nothing (``tour.fileio.write_atomically``: regular
    files only, umask and an existing file's mode kept); FileProblem (an OSError) says why it failed."""
    board = config.board
    tie = Search(Board(1), 0, config.algorithm, config.tie_break, config.closed).tie_break

    def write(stream: BinaryIO) -> None:
        text = io.TextIOWrapper(stream, encoding="utf-8", newline="")
        try:
            writer = csv.writer(text)
            writer.writerow(CSV_FIELDS)
            for r in sorted(results, key=lambda r: r.start):
                row, col = board.row_col(r.start)
                writer.writerow((r.start, row, col, board.name(r.start), board.rows, board.cols,
                                 config.algorithm, tie, int(config.closed), r.outcome, r.code, r.pushes,
                                 r.pops, r.dead_ends, r.max_depth, f"{r.seconds:.6f}",
                                 "" if budget is None else budget, int(r.ran_out)))
            text.flush()
        finally:
            text.detach()

    name = os.fspath(filename)
    try:
        write_atomically(name, write)
    except FileProblem as error:
        raise CsvError(error.reason) from None


class CsvError(OSError):
    """The CSV file could not be written; ``strerror`` says why (one line, without the file name),
    ``reason`` the same as a ``Message`` (the panel words it in its language)."""

    def __init__(self, reason: Message) -> None:
        super().__init__(0, str(reason))
        self.reason = reason


def with_fallback(config: SearchConfig, result: StartResult) -> StartResult:
    """``result``, or a tour by the fallback where ``tour.closed.fallback_tour`` finishes its start."""
    began = time.perf_counter()
    path = fallback_tour(config.board, result.start, result.outcome, config.algorithm, config.closed)
    if path is None:
        return result
    return replace(result, outcome=OUTCOME_TOUR, code=FALLBACK_CODE, args=(),
                   seconds=result.seconds + time.perf_counter() - began)


class AllStartsWorker(Worker):
    """Solve from every start (in a worker thread); results come back in batches."""

    results_ready = Signal(list)  #: StartResults finished since the last batch

    def __init__(self, config: SearchConfig, budget: int | None, starts: Sequence[int] | None = None) -> None:
        super().__init__()
        self.config = config
        self.budget = budget
        self.starts = list(range(config.board.size)) if starts is None else list(starts)
        self.stopped_early = False  #: cancelled before every start was done
        self.seconds = 0.0

    def work(self) -> None:
        """Run every start."""
        began = time.perf_counter()
        batch: list[StartResult] = []
        last_emit = began
        total = len(self.starts)
        done = 0
        for start in self.starts:
            if self.token.cancelled:
                break
            result = solve_start(self.config, start, self.budget, self.token)
            if result is None or self.token.cancelled:  # (not the fallback's construction after Cancel)
                break
            result = with_fallback(self.config, result)
            batch.append(result)
            done += 1
            now = time.perf_counter()
            if now - last_emit >= EMIT_EVERY:
                self.results_ready.emit(batch)
                self.progressed.emit(done, total)
                batch = []
                last_emit = now
        if batch:
            self.results_ready.emit(batch)
        self.progressed.emit(done, total)
        self.stopped_early = self.token.cancelled and done < total
        self.seconds = time.perf_counter() - began


class StartsModel(QAbstractTableModel):
    """The per-start results as a table: one row per finished start."""

    COLUMNS = ("start", "outcome", "pushes", "pops", "dead_ends", "max_depth", "time")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.board = Board(8)
        self.results: list[StartResult] = []

    def reset(self, board: Board) -> None:
        """Empty, for a new run on ``board``."""
        self.beginResetModel()
        self.board = board
        self.results = []
        self.endResetModel()

    def add(self, results: Sequence[StartResult]) -> None:
        """Append finished starts."""
        if not results:
            return
        first = len(self.results)
        self.beginInsertRows(QModelIndex(), first, first + len(results) - 1)
        self.results.extend(results)
        self.endInsertRows()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.results)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt override
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (self.tr("Start"), self.tr("Outcome"), self.tr("Pushes"), self.tr("Pops"),
                    self.tr("Dead ends"), self.tr("Max depth"), self.tr("ms"))[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (self.tr("The start square"), self.tr("What the search came to"),
                    self.tr("Moves made (pushes on the stack)"), self.tr("Backtracks (pops off the stack)"),
                    self.tr("Squares with no way on"), self.tr("The longest path reached"),
                    self.tr("Milliseconds of search"))[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        r = self.results[index.row()]
        column = self.COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == "start":
                return self.board.label(r.start)
            if column == "outcome":
                return outcome_name(r.outcome) + ("*" if r.code == FALLBACK_CODE else "")
            if column == "time":
                return format_ms(r.seconds)
            return f"{getattr(r, column):,}"
        if role == Qt.ItemDataRole.UserRole:  # sorting
            if column == "start":
                return r.start
            if column == "outcome":
                return list(OUTCOME_COLOURS).index(r.outcome)
            if column == "time":
                return r.seconds
            return getattr(r, column)
        if role == Qt.ItemDataRole.DecorationRole and column == "outcome":
            return QColor(OUTCOME_COLOURS[r.outcome])
        if role == Qt.ItemDataRole.ToolTipRole:
            return result_reason(self.board, r)
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in ("start", "outcome"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None




class EverySquarePage(QWidget):
    """The Every square tab: run, budget, colour-by, progress, legend, summary, table, CSV."""

    run_finished = Signal()  #: a run ended and its thread has stopped
    status_message = Signal(str, int)  #: a message for the status bar, and its milliseconds
    heat_changed = Signal(object)  #: the HeatMap the board should show under the path, or None
    start_selected = Signal(int)  #: a row was selected: outline its start square on the board

    def __init__(self, player: TourPlayer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.config: SearchConfig | None = None  # of the results shown
        self.budget: int | None = DEFAULT_BUDGET
        self.results: list[StartResult] = []
        self.by_start: dict[int, StartResult] = {}
        self.heat: HeatMap | None = None
        self.last_seconds = 0.0
        self.last_csv_dir = ""
        self._run_began = 0.0  # (``clock``: when the run going on began)
        self.runner = WorkerRunner("all-starts", self)
        self.runner.done.connect(self._on_run_done)
        self._heat_timer = QTimer(self)  # results of a run repaint the board at most this often
        self._heat_timer.setSingleShot(True)
        self._heat_timer.setInterval(HEAT_REFRESH_MS)
        self._heat_timer.timeout.connect(self._refresh_heat)
        self._build()

    def _build(self) -> None:
        box = QVBoxLayout(self)
        row = QHBoxLayout()
        self.run_button = QPushButton(self)
        self.run_button.clicked.connect(self.run_all_starts)
        self.cancel_button = QPushButton(self)
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_run)
        row.addWidget(self.run_button, 1)
        row.addWidget(self.cancel_button)
        box.addLayout(row)
        form = QFormLayout()
        self.budget_spin = PanelSpinBox(self)
        self.budget_spin.setRange(1, MAX_BUDGET)
        self.budget_spin.setSingleStep(10_000)
        self.budget_spin.setGroupSeparatorShown(True)
        # The budget follows the algorithm (default_budget) until the user sets one of their own.
        self._budget_own = False
        self._follow_budget()
        self.budget_spin.valueChanged.connect(self._on_budget_edited)
        self.budget_caption = QLabel(self)
        form.addRow(self.budget_caption, self.budget_spin)
        self.metric_combo = PanelComboBox(self)
        for metric in METRICS:
            self.metric_combo.addItem(metric_name(metric), metric)
        self.metric_combo.currentIndexChanged.connect(self._refresh_heat)
        self.metric_caption = QLabel(self)
        form.addRow(self.metric_caption, self.metric_combo)
        box.addLayout(form)
        self.progress = QProgressBar(self)
        self._follow_progress()
        box.addWidget(self.progress)
        self.legend = HeatLegend(self)
        box.addWidget(self.legend)
        self.summary_label = QLabel(self)
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.addWidget(self.summary_label)
        self.hover_label = QLabel(self)
        self.hover_label.setWordWrap(True)
        self.hover_label.hide()  # shown while it says something: no empty gap above the table
        box.addWidget(self.hover_label)
        self.model = StartsModel(self)
        self.proxy = sortable(self.model, self)
        self.table = results_table(self)
        self.table.setModel(self.proxy)
        self.table.selectionModel().currentRowChanged.connect(self._on_row_selected)
        self.table.doubleClicked.connect(self._on_row_activated)
        box.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.heat_button = QPushButton(self)
        self.heat_button.setCheckable(True)
        self.heat_button.setChecked(True)
        self.heat_button.toggled.connect(self._on_heat_toggled)
        self.csv_button = QPushButton(self)
        self.csv_button.clicked.connect(self._save_csv_dialog)
        row.addWidget(self.heat_button)
        row.addStretch(1)
        row.addWidget(self.csv_button)
        box.addLayout(row)
        self._retranslate_ui()
        fit_columns(self.table, ("h8 (7,7)", [outcome_name(k) for k in OUTCOME_COLOURS], "100,000",
                                 "100,000", "10,000", "64", "10.00"), swatch_column=1)
        self._refresh_buttons()

    def _retranslate_ui(self) -> None:
        """Every text of the page in the installed language: when built, and after a language switch."""
        tr = self.tr
        self.run_button.setText(tr("Solve from every square"))
        self.run_button.setToolTip(tr("Run the chosen algorithm from each start square in turn (Ctrl+A)"))
        self.run_button.setAccessibleName(tr("Solve from every square"))
        self.cancel_button.setText(tr("Cancel"))
        self.cancel_button.setToolTip(tr("Stop the run; the starts finished so far stay"))
        self.cancel_button.setAccessibleName(tr("Cancel the run"))
        self.budget_spin.setAccessibleName(tr("Budget per start"))
        self.budget_spin.setToolTip(tr("Most pushes a search from one start may make; starts that need "
                                       "more are marked out of budget (plain backtracking can take hours)"))
        self.budget_caption.setText(tr("Budget per start"))
        for i in range(self.metric_combo.count()):
            self.metric_combo.setItemText(i, metric_name(self.metric_combo.itemData(i)))
        self.metric_combo.setAccessibleName(tr("Colour squares by"))
        self.metric_combo.setToolTip(tr("What the colour of each start square on the board shows"))
        self.metric_caption.setText(tr("Colour by"))
        self.progress.setAccessibleName(tr("Progress"))
        self.progress.setToolTip(tr("Start squares done"))
        self._show_progress(self.progress.value(), self.progress.maximum())
        self.summary_label.setAccessibleName(tr("Summary"))
        self.hover_label.setAccessibleName(tr("Square under the mouse"))
        self.table.setAccessibleName(tr("Results per start square"))
        self.table.setToolTip(tr("Click a row to outline its square; double-click to watch that start"))
        self._refresh_heat_button()
        self.heat_button.setToolTip(tr("Show or hide the colours on the board"))
        self.heat_button.setAccessibleName(tr("Show heatmap"))
        self.csv_button.setText(tr("Save CSV…"))
        self.csv_button.setToolTip(tr("Save one row per start square as a CSV file"))
        self.csv_button.setAccessibleName(tr("Save CSV"))
        if self.config is None:
            self.summary_label.setText(tr("Solve from every square to see, for each start, whether and how "
                                          "fast the search finds a tour."))
        elif not self.running:
            self._refresh_summary()
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.model.columnCount() - 1)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate_ui()
        super().changeEvent(event)

    # -- a run ------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether a run is going on."""
        return self.runner.running

    @Slot()
    def run_all_starts(self) -> None:
        """Solve from every square with the window's settings, in a worker thread."""
        if self.runner.running:
            return
        config = self.player.config
        self.config = config
        self.budget = self.budget_spin.value()
        self.results = []
        self.by_start = {}
        self.model.reset(config.board)
        self._show_progress(0, config.board.size)
        self._set_hover_text("")
        self._run_began = clock()
        self.summary_label.setText(self._solving_text(config.board.size))
        self.heat_button.setChecked(True)
        self._refresh_heat()
        worker = AllStartsWorker(config, self.budget)
        queued = Qt.ConnectionType.QueuedConnection  # the worker emits from its thread
        worker.results_ready.connect(self._on_results, queued)
        worker.progressed.connect(self._on_progress, queued)
        self.runner.start(worker)
        self._refresh_buttons()

    @Slot()
    def cancel_run(self) -> None:
        """Stop the run; the starts done so far stay."""
        self.runner.cancel()

    @Slot(list)
    def _on_results(self, batch: list[StartResult]) -> None:
        if self.config is None or not self._from_current_run():
            return  # a batch still queued from a run that was stopped (the window closed)
        self.results.extend(batch)
        for r in batch:
            self.by_start[r.start] = r
        self.model.add(batch)
        if not self._heat_timer.isActive():
            self._heat_timer.start()

    @Slot(int, int)
    def _on_progress(self, done: int, total: int) -> None:
        if not self._from_current_run():
            return
        self._show_progress(done, total)
        left = self._time_left(done, total)
        if left:
            self.summary_label.setText(f"{self._solving_text(total)} {left}")

    def _solving_text(self, total: int) -> str:
        return self.tr("Solving from 1 start square…") if total == 1 \
            else self.tr("Solving from %s start squares…") % f"{total:,}"

    def _time_left(self, done: int, total: int) -> str:
        """About how long the starts left will take, by the rate so far; "" before ESTIMATE_AFTER."""
        elapsed = clock() - self._run_began
        if done <= 0 or done >= total or elapsed < ESTIMATE_AFTER:
            return ""
        minutes = round(elapsed / done * (total - done) / 60)
        if minutes < 1:
            return self.tr("Less than a minute left.")
        if minutes < 90:
            return self.tr("About %s min left.") % minutes
        return self.tr("About %s h %s min left.") % divmod(minutes, 60)

    def _show_progress(self, done: int, total: int) -> None:
        """The bar at ``done`` of ``total``, its text with thousands separators as everywhere else
        ("18 of 1,600 starts"; Qt's own %v and %m leave them out)."""
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.progress.setFormat(self.tr("%s of %s starts") % (f"{done:,}", f"{total:,}"))

    def _from_current_run(self) -> bool:
        """Whether the signal being handled comes from the run going on (not one stopped since)."""
        worker = self.runner.worker
        return worker is not None and self.sender() is worker

    @Slot(object)
    def _on_run_done(self, worker: AllStartsWorker) -> None:
        self._heat_timer.stop()
        self._refresh_heat()
        fit_to_contents(self.table)
        self.last_seconds = worker.seconds
        self._refresh_summary(worker.stopped_early)
        self._refresh_buttons()
        self.run_finished.emit()

    def _refresh_summary(self, cancelled: bool = False) -> None:
        config = self.config
        if config is None:
            return
        board = config.board
        tally = summary(self.results)
        parts = [outcome_name(k) + f" {n:,}" for k, n in tally.items() if n]
        pushes = sum(r.pushes for r in self.results)
        pops = sum(r.pops for r in self.results)
        search_s = sum(r.seconds for r in self.results)
        text = self.tr("%s of %s starts on %s, %s: %s. %s pushes, %s pops; %s s of search.") % (
            f"{len(self.results):,}", f"{board.size:,}", board.dims, self._config_text(config),
            ", ".join(parts) or "—", f"{pushes:,}", f"{pops:,}", f"{search_s:.3f}")
        ran_out = tally[OUTCOME_BUDGET]
        if ran_out:
            # Two strings rather than tr(text, "", n): English has no numerus translation to pick from.
            budget = f"{self.budget:,}"
            if ran_out == 1:
                text += " " + self.tr("1 start ran out of its budget of %s pushes.") % budget
            else:
                text += " " + self.tr("%d starts ran out of their budget of %s pushes.") % (ran_out, budget)
            if config.algorithm == "backtracking":  # why the "?": no budget would finish on a large board
                text += " " + self.tr("“?”: plain backtracking would need far more pushes from there "
                                      "(on 8×8, more than any budget can wait for); Warnsdorff settles "
                                      "those squares at once.")
        fallbacks = sum(1 for r in self.results if r.code == FALLBACK_CODE)
        if fallbacks:
            text += " " + self.tr("Tours marked * (%s) were found by the fallback (the constructed tour, or "
                                  "Warnsdorff with Pósa's rotations) after the search ran out of its "
                                  "budget.") % f"{fallbacks:,}"
        if cancelled:
            text += " " + self.tr("Cancelled.")
        self.summary_label.setText(text)

    def _config_text(self, config: SearchConfig) -> str:
        text = config_name(config.algorithm, config.tie_break)
        return text + (" " + self.tr("closed") if config.closed else "")

    # -- the heatmap ------------------------------------------------------------------

    @Slot()
    def _refresh_heat(self) -> None:
        if self.config is None:
            return
        metric = self.metric_combo.currentData()
        heat, legend = build_heat(self.config.board, self.results, metric)
        self.heat = heat
        self.legend.set_legend(legend)
        self._apply_heat()

    def _apply_heat(self) -> None:
        """Show the heatmap while the window searches as the run did (else it would mislead)."""
        current = self.config is not None and self._same_search(self.player.config)
        show = self.heat_button.isChecked() and self.heat is not None and current
        self._refresh_heat_button()
        self.heat_changed.emit(self.heat if show else None)

    def _refresh_heat_button(self) -> None:
        """Greyed until a run has made a heatmap (as View ▸ Heatmap is), and saying "Show heatmap" then,
        not "Hide" (there is nothing to hide); else what a press does."""
        button, made = self.heat_button, self.heat is not None
        button.setEnabled(made)
        button.setText(self.tr("Hide heatmap") if made and button.isChecked() else self.tr("Show heatmap"))

    def _same_search(self, config: SearchConfig) -> bool:
        mine = self.config
        if mine is None:
            return False
        tie = Search(Board(1), 0, config.algorithm, config.tie_break, config.closed).tie_break
        my_tie = Search(Board(1), 0, mine.algorithm, mine.tie_break, mine.closed).tie_break
        return (mine.board, mine.algorithm, my_tie, mine.closed) == (config.board, config.algorithm, tie,
                                                                     config.closed)

    @Slot()
    def on_reconfigured(self) -> None:
        """The window's search changed: the heatmap shows only for the search it was made with,
        and the budget follows the algorithm."""
        self._apply_heat()
        self._follow_budget()
        self._follow_progress()

    def _follow_progress(self) -> None:
        """Before a run, the progress counts the window's board: "0 of 25 starts" on 5×5 (not the
        bar's own 100); after one, it stays with the results shown."""
        if self.config is None and not self.runner.running:
            self._show_progress(0, self.player.config.board.size)

    @Slot(bool)
    def _on_heat_toggled(self, on: bool) -> None:
        self._refresh_heat_button()
        self._apply_heat()

    @Slot(object)
    def show_hovered(self, square: object) -> None:
        """Say what the start under the mouse came to."""
        result = self.by_start.get(square) if isinstance(square, int) else None
        if result is None or self.config is None:
            self._set_hover_text("")
            return
        board = self.config.board
        self._set_hover_text(self.tr("%s: %s, %s pushes, %s pops, %s ms") % (
            board.label(result.start), outcome_name(result.outcome), f"{result.pushes:,}",
            f"{result.pops:,}", format_ms(result.seconds)))

    def _set_hover_text(self, text: str) -> None:
        self.hover_label.setText(text)
        self.hover_label.setVisible(bool(text))

    def _follow_budget(self) -> None:
        """Offer the algorithm's default budget, unless the user has set one of their own."""
        if not self._budget_own:
            with QSignalBlocker(self.budget_spin):  # not the user's own
                self.budget_spin.setValue(default_budget(self.player.config.algorithm))

    @Slot(int)
    def _on_budget_edited(self, value: int) -> None:
        self._budget_own = value != default_budget(self.player.config.algorithm)

    # -- the table --------------------------------------------------------------------

    def _result_at(self, index: QModelIndex) -> StartResult | None:
        if not index.isValid():
            return None
        row = self.proxy.mapToSource(index).row()
        return self.model.results[row] if 0 <= row < len(self.model.results) else None

    @Slot(QModelIndex, QModelIndex)
    def _on_row_selected(self, current: QModelIndex, previous: QModelIndex) -> None:
        result = self._result_at(current)
        if result is not None and self.config is not None and self.config.board == self.player.config.board:
            self.start_selected.emit(result.start)
            self.show_hovered(result.start)

    @Slot(QModelIndex)
    def _on_row_activated(self, index: QModelIndex) -> None:
        result = self._result_at(index)
        player = self.player
        if result is not None and self.config is not None and self.config.board == player.config.board:
            player.place(result.start)

    # -- CSV --------------------------------------------------------------------------

    @Slot()
    def _save_csv_dialog(self) -> None:
        if self.config is None or not self.results:
            return
        board = self.config.board
        folder = self.last_csv_dir or str(Path.home())
        suggested = os.path.join(folder, f"starts-{board.rows}x{board.cols}-{self.config.algorithm}.csv")
        filename, _ = file_dialogs.save_file_name(self, self.tr("Save CSV"), suggested,
                                                  self.tr("CSV files (*.csv)"))
        if not filename:
            return
        if not filename.lower().endswith(".csv"):
            filename += ".csv"
        self.save_csv(filename)

    def save_csv(self, filename: str) -> bool:
        """Write the results, one row per start; a message box says why if that fails."""
        if self.config is None:
            return False
        try:
            write_csv(filename, self.config, self.budget, self.results)
        except OSError as exc:
            reason = tr_message(exc.reason) if isinstance(exc, CsvError) else exc.strerror or str(exc)
            plain.critical(self, self.tr("Saving failed"),
                           self.tr("Cannot write %s: %s") % (filename, reason))
            return False
        self.last_csv_dir = os.path.dirname(os.path.abspath(filename))
        self.status_message.emit(self.tr("Saved %s") % filename, 5000)
        return True

    def _refresh_buttons(self) -> None:
        running = self.runner.running
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.budget_spin.setEnabled(not running)
        self.csv_button.setEnabled(bool(self.results) and not running)

    def stop(self) -> None:
        """Cancel the run and wait for its thread (the window is closing)."""
        self.runner.stop()
        self._heat_timer.stop()
