"""Analysis: solve from every square, count every tour, step to the next tour.

"Does it work from every square?"  ``solve_start`` runs the engine from one
start to its first outcome (the same loop as ``knight-tour solve --all``),
looking at a cancel flag every ``CHUNK`` events; ``AllStartsJob`` runs it for
every start in a worker thread and sends the results back by signal in
batches.  The window shows them as a heatmap on the board (outcome, pushes,
pops or time per start square) with a legend, as a sortable table and as a
CSV file.  Every start has a budget of pushes, so plain backtracking, which
can take hours from some squares, ends and marks those starts as out of
budget.

"How many tours are there?"  ``CountJob`` runs ``tour.count.count_tours`` in
a worker thread with a progress hook, which the count calls every few
milliseconds with the nodes searched so far: the hook keeps that number for
the window to show and, once Cancel has set the job's stop flag, returns
False, which ends the count with ``CountCancelled``.

Nothing here blocks the GUI thread: jobs run in a ``QThread`` each, owned by
a ``JobRunner`` that cancels and waits for them when the window closes.
"""

from __future__ import annotations

import csv
import os
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import islice
from math import log10

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRectF,
    QSignalBlocker,
    QSize,
    QSortFilterProxyModel,
    Qt,
    QThread,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QColor, QKeySequence, QLinearGradient, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..tour import (
    OUTCOME_BUDGET,
    OUTCOME_IMPOSSIBLE,
    OUTCOME_NO_TOUR,
    OUTCOME_STUCK,
    OUTCOME_TOUR,
    Board,
    Outcome,
    Search,
    Verdict,
    impossible,
)
from ..tour.count import CountCancelled, count_tours
from .i18n import config_name, outcome_reason, tr_message
from .painting import HeatMap
from .player import SearchConfig

#: Events between two looks at the cancel flag: a few milliseconds of search.
CHUNK = 4096
#: Seconds between two batches of results sent to the window.
EMIT_EVERY = 0.05
#: Milliseconds between two repaints of the heatmap while results come in.
HEAT_REFRESH_MS = 200
#: Pushes allowed per start square (plain backtracking gets less: it rarely needs more to say no).
DEFAULT_BUDGET = 1_000_000
BACKTRACKING_BUDGET = 100_000
MAX_BUDGET = 2_000_000_000
#: Rows a results table shows at least.
VISIBLE_ROWS = 6
#: "Count all tours" is offered on boards of at most this many squares.
COUNT_MAX_SQUARES = 36

METRIC_OUTCOME = "outcome"
METRIC_PUSHES = "pushes"
METRIC_POPS = "pops"
METRIC_TIME = "time"
METRICS = (METRIC_OUTCOME, METRIC_PUSHES, METRIC_POPS, METRIC_TIME)

#: Colours of outcomes in the heatmap, legend and tables.
OUTCOME_COLOURS: dict[str, str] = {
    OUTCOME_TOUR: "#43a047",
    OUTCOME_NO_TOUR: "#e53935",
    OUTCOME_BUDGET: "#9e9e9e",
    OUTCOME_IMPOSSIBLE: "#546e7a",
    OUTCOME_STUCK: "#fb8c00",
}
#: Short marks of outcomes on squares large enough for text.
OUTCOME_MARKS: dict[str, str] = {
    OUTCOME_TOUR: "✓", OUTCOME_NO_TOUR: "✗", OUTCOME_BUDGET: "?", OUTCOME_IMPOSSIBLE: "—",
    OUTCOME_STUCK: "!",
}
#: The heatmap level of impossible starts in the numeric views (the ramp uses 1..254).
IMPOSSIBLE_LEVEL = 255
#: Few to many, light to dark: the ramp of numeric heatmaps (log scale).
RAMP = ("#fff4c2", "#fdc46b", "#f3843d", "#d2473a", "#8f1f5a", "#3b1452")


def outcome_name(kind: str) -> str:
    """An outcome as people say it (translated)."""
    tr = QCoreApplication.translate
    return {
        OUTCOME_TOUR: tr("Analysis", "tour"),
        OUTCOME_NO_TOUR: tr("Analysis", "no tour"),
        OUTCOME_BUDGET: tr("Analysis", "out of budget"),
        OUTCOME_IMPOSSIBLE: tr("Analysis", "impossible"),
        OUTCOME_STUCK: tr("Analysis", "stuck"),
    }.get(kind, kind)


def metric_name(metric: str) -> str:
    """A heatmap metric as the combo box says it (translated)."""
    tr = QCoreApplication.translate
    return {
        METRIC_OUTCOME: tr("Analysis", "Outcome"),
        METRIC_PUSHES: tr("Analysis", "Pushes"),
        METRIC_POPS: tr("Analysis", "Pops (backtracks)"),
        METRIC_TIME: tr("Analysis", "Time"),
    }[metric]


def default_budget(algorithm: str) -> int:
    """The per-start budget offered for an algorithm."""
    return BACKTRACKING_BUDGET if algorithm == "backtracking" else DEFAULT_BUDGET


def result_reason(board: Board, result: StartResult) -> str:
    """Why the search from ``result.start`` ended, in the installed language."""
    return outcome_reason(result.as_outcome())


# -- the engine loop (no Qt) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartResult:
    """What one search from one start square came to (its first outcome)."""

    start: int
    outcome: str  #: one of the OUTCOME_* kinds
    code: str
    args: tuple[int | str, ...]  #: the code's arguments (``tour.messages``)
    pushes: int
    pops: int
    dead_ends: int
    max_depth: int
    seconds: float
    end: int = -1  #: where a stuck search got stuck (-1: not stuck)

    @property
    def reason(self) -> str:
        """Why the search ended, in English."""
        return self.as_outcome().reason

    def as_outcome(self) -> Outcome:
        """The outcome this start came to."""
        return Outcome(self.outcome, self.code, self.args, 1 if self.outcome == OUTCOME_TOUR else 0)

    @property
    def ran_out(self) -> bool:
        """Whether the start's budget ran out before an answer."""
        return self.outcome == OUTCOME_BUDGET

    def value(self, metric: str) -> float:
        """The number a numeric heatmap shows."""
        if metric == METRIC_PUSHES:
            return self.pushes
        if metric == METRIC_POPS:
            return self.pops
        if metric == METRIC_TIME:
            return self.seconds
        raise ValueError(f"{metric!r} is not a numeric metric")


def solve_start(config: SearchConfig, start: int, max_nodes: int | None = None,
                cancelled: Callable[[], bool] | None = None) -> StartResult | None:
    """Search from ``start`` to the first outcome; None if ``cancelled()`` said so first.

    The loop is the command line's (``for event in search``) cut into chunks of
    CHUNK events, with a look at ``cancelled`` between chunks.  ``seconds`` is
    the command line's too (``knight-tour solve``: the Search's set-up
    included) with one difference: the compiled search loop, which the engine
    generates on its first use for a board width, move order and rule and then
    caches, is made before the clock starts (``warm_up``), so that the first
    search of a kind is not charged milliseconds of code generation that the
    next identical one is not (the CLI's ``solve --all`` pays it on its first
    start only, in a process of its own).
    """
    warm_up(config, start)
    began = time.perf_counter()
    search = Search(config.board, start, config.algorithm, config.tie_break, config.closed,
                    max_nodes=max_nodes)
    events = iter(search)
    outcome: Outcome | None = None
    while outcome is None:
        moved = search.pushes + search.pops
        for event in islice(events, CHUNK):
            if event.__class__ is Outcome:
                outcome = event  # type: ignore[assignment]
                break
        else:
            if search.pushes + search.pops == moved:
                raise RuntimeError("the search ended without an outcome")
            if cancelled is not None and cancelled():
                return None
    seconds = time.perf_counter() - began
    end = search.frame(-1).square if outcome.kind == OUTCOME_STUCK and search.depth else -1
    return StartResult(start, outcome.kind, outcome.code, outcome.args, search.pushes, search.pops,
                       search.dead_ends, search.max_depth, seconds, end)


def warm_up(config: SearchConfig, start: int) -> None:
    """Have the engine generate (and cache) the compiled search loop of this search, untimed.

    Creating the event generator compiles the loop (cached per board width,
    move order and rule) without running a step of it.
    """
    iter(Search(config.board, start, config.algorithm, config.tie_break, config.closed, max_nodes=1))


def summary(results: Sequence[StartResult]) -> dict[str, int]:
    """How many starts came to each outcome."""
    tally = dict.fromkeys(OUTCOME_COLOURS, 0)
    for r in results:
        tally[r.outcome] = tally.get(r.outcome, 0) + 1
    return tally


CSV_FIELDS = ("start", "row", "col", "name", "rows", "cols", "algorithm", "tie_break", "closed", "outcome",
              "code", "pushes", "pops", "dead_ends", "max_depth", "seconds", "budget", "ran_out")


def write_csv(filename: str | os.PathLike[str], config: SearchConfig, budget: int | None,
              results: Sequence[StartResult]) -> None:
    """One row per start, ordered by square; written to a temporary file, then renamed."""
    board = config.board
    tie = Search(Board(1), 0, config.algorithm, config.tie_break, config.closed).tie_break
    target = os.fspath(filename)
    folder = os.path.dirname(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(CSV_FIELDS)
            for r in sorted(results, key=lambda r: r.start):
                row, col = board.row_col(r.start)
                writer.writerow((r.start, row, col, board.name(r.start), board.rows, board.cols,
                                 config.algorithm, tie, int(config.closed), r.outcome, r.code, r.pushes,
                                 r.pops, r.dead_ends, r.max_depth, f"{r.seconds:.6f}",
                                 "" if budget is None else budget, int(r.ran_out)))
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


# -- heatmaps --------------------------------------------------------------------------


def ramp_colour(t: float) -> QColor:
    """The numeric ramp at ``t`` in 0..1."""
    t = max(0.0, min(1.0, t)) * (len(RAMP) - 1)
    i = min(int(t), len(RAMP) - 2)
    a, b = QColor(RAMP[i]), QColor(RAMP[i + 1])
    f = t - i
    return QColor.fromRgbF(*(x + (y - x) * f for x, y in zip(a.getRgbF(), b.getRgbF(), strict=True)))


def compact_number(n: float) -> str:
    """4096 -> 4.1k: a count short enough for a square.

    Each unit is chosen by the number as it rounds (999,961 is 1.0M, not 1000k).
    """
    if round(n) < 1000:
        return f"{n:.0f}"
    for unit, size in (("k", 1e3), ("M", 1e6), ("G", 1e9)):
        scaled = n / size
        if round(scaled, 1) < 10:
            return f"{scaled:.1f}{unit}"
        if round(scaled) < 1000 or unit == "G":
            return f"{scaled:.0f}{unit}"
    raise AssertionError("unreachable")


def format_ms(seconds: float) -> str:
    """Milliseconds, as many digits as mean something."""
    ms = seconds * 1000
    return f"{ms:.2f}" if ms < 10 else f"{ms:.1f}" if ms < 100 else f"{ms:,.0f}"


@dataclass(frozen=True)
class Legend:
    """What the heatmap's colours mean: a ramp with its ends, or outcome swatches."""

    metric: str
    low: float = 0.0
    high: float = 0.0
    swatches: tuple[tuple[str, int], ...] = ()  #: (outcome kind, starts) for the outcome metric


def build_heat(board: Board, results: Sequence[StartResult], metric: str) -> tuple[HeatMap, Legend]:
    """The heatmap of ``results`` coloured by ``metric``, and its legend.

    Numeric metrics use a log scale from the smallest to the largest value, so
    a start that took 60 pushes and one that took a million both read.
    """
    levels = bytearray(board.size)
    labels = [""] * board.size
    if metric == METRIC_OUTCOME:
        kinds = list(OUTCOME_COLOURS)
        palette = [0] + [QColor(OUTCOME_COLOURS[k]).rgba() for k in kinds]
        tally = summary(results)
        for r in results:
            levels[r.start] = kinds.index(r.outcome) + 1
            labels[r.start] = OUTCOME_MARKS[r.outcome]
        swatches = tuple((k, tally[k]) for k in kinds if tally[k])
        return HeatMap(board, levels, palette, labels), Legend(metric, swatches=swatches)
    # Levels 1..254 are the ramp; 255 marks the starts a theorem rules out, which made no
    # search (0 pushes, 0 pops) and are shown as in the outcome view, not as the fewest.
    palette = [0] + [ramp_colour(i / 253).rgba() for i in range(254)] + [
        QColor(OUTCOME_COLOURS[OUTCOME_IMPOSSIBLE]).rgba()]
    searched = []
    for r in results:
        if r.outcome == OUTCOME_IMPOSSIBLE:
            levels[r.start] = IMPOSSIBLE_LEVEL
            labels[r.start] = OUTCOME_MARKS[OUTCOME_IMPOSSIBLE]
        else:
            searched.append(r)
    values = [r.value(metric) for r in searched]
    if not values:
        return HeatMap(board, levels, palette, labels), Legend(metric)
    low, high = min(values), max(values)
    lo, hi = log10(1 + _scaled(low, metric)), log10(1 + _scaled(high, metric))
    for r, v in zip(searched, values, strict=True):
        t = 0.5 if hi == lo else (log10(1 + _scaled(v, metric)) - lo) / (hi - lo)
        levels[r.start] = 1 + round(253 * t)
        labels[r.start] = format_ms(v) if metric == METRIC_TIME else compact_number(v)
    return HeatMap(board, levels, palette, labels), Legend(metric, low, high)


def _scaled(value: float, metric: str) -> float:
    return value * 1e5 if metric == METRIC_TIME else value  # time on a 10 µs grid for the log


# -- jobs in worker threads ------------------------------------------------------------


class AllStartsJob(QObject):
    """Solve from every start in a worker thread; results come back in batches."""

    results_ready = Signal(list)  #: StartResults finished since the last batch
    progressed = Signal(int, int)  #: starts done, starts in all
    finished = Signal()  #: the run ended (completed or cancelled: see ``cancelled``)

    def __init__(self, config: SearchConfig, budget: int | None, starts: Sequence[int] | None = None) -> None:
        super().__init__()
        self.config = config
        self.budget = budget
        self.starts = list(range(config.board.size)) if starts is None else list(starts)
        self.cancelled = False
        self.seconds = 0.0
        self._cancel = False

    def cancel(self) -> None:
        """Ask the run to stop (any thread); it does within one chunk of events."""
        self._cancel = True

    def _is_cancelled(self) -> bool:
        return self._cancel

    @Slot()
    def run(self) -> None:
        """Run every start (in the worker thread)."""
        began = time.perf_counter()
        batch: list[StartResult] = []
        last_emit = began
        total = len(self.starts)
        done = 0
        for start in self.starts:
            if self._cancel:
                break
            result = solve_start(self.config, start, self.budget, self._is_cancelled)
            if result is None:
                break
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
        self.cancelled = self._cancel and done < total
        self.seconds = time.perf_counter() - began
        self.finished.emit()


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


class CountJob(QObject):
    """Count every tour from a start in a worker thread; Cancel stops it within milliseconds."""

    finished = Signal()  #: ended; ``result`` is None when cancelled

    def __init__(self, board: Board, start: int, closed: bool) -> None:
        super().__init__()
        self.board = board
        self.start = start
        self.closed = closed
        self.result: CountResult | None = None
        #: Nodes searched so far: written by the worker's progress hook, read by the window.
        self.nodes = 0
        self._stop = threading.Event()

    @property
    def cancelled(self) -> bool:
        """Whether Cancel was asked for."""
        return self._stop.is_set()

    def cancel(self) -> None:
        """Stop the count (GUI thread): the count's next call of the progress hook ends it."""
        self._stop.set()

    def _progress(self, nodes: int) -> bool:
        """The count's hook (worker thread): keep the figure, go on unless cancelled."""
        self.nodes = nodes
        return not self._stop.is_set()

    @Slot()
    def run(self) -> None:
        """Count (in the worker thread)."""
        began = time.perf_counter()
        result = None
        try:
            if not self.cancelled:
                tours, exact, verdict = self._count()
                result = CountResult(self.board, self.start, self.closed, tours, exact,
                                     time.perf_counter() - began, verdict)
        except CountCancelled:
            result = None
        self.result = None if self.cancelled else result
        self.finished.emit()

    def _count(self) -> tuple[int, bool, Verdict | None]:
        verdict = impossible(self.board, self.start, self.closed)
        if verdict is not None:
            return 0, True, verdict
        return count_tours(self.board, self.start, self.closed, progress=self._progress), True, None


class JobRunner(QObject):
    """Runs one job at a time in its own QThread, cancels it and waits for it."""

    done = Signal(object)  #: the job, once its thread has finished

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._thread: QThread | None = None
        self.job: QObject | None = None

    @property
    def running(self) -> bool:
        """Whether a job's thread is running."""
        return self._thread is not None

    def start(self, job: QObject) -> None:
        """Run ``job.run`` in a new thread (the previous job must have finished)."""
        if self._thread is not None:
            raise RuntimeError("a job is already running")
        thread = QThread(self)
        thread.setObjectName(self._name)
        job.moveToThread(thread)
        thread.started.connect(job.run)
        job.finished.connect(thread.quit)
        thread.finished.connect(self._on_thread_finished, Qt.ConnectionType.QueuedConnection)
        self._thread = thread
        self.job = job
        thread.start()

    def cancel(self) -> None:
        """Ask the job to stop; ``done`` follows."""
        if self.job is not None:
            self.job.cancel()  # type: ignore[attr-defined]

    def stop(self) -> None:
        """Cancel and wait for the thread (on close)."""
        thread = self._thread
        if thread is None:
            return
        self.cancel()
        thread.quit()
        thread.wait()
        self._on_thread_finished()

    @Slot()
    def _on_thread_finished(self) -> None:
        thread, job = self._thread, self.job
        if thread is None:
            return
        self._thread = None
        self.job = None
        thread.deleteLater()
        self.done.emit(job)


# -- models and views ------------------------------------------------------------------


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
                return outcome_name(r.outcome)
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


def sortable(model: QAbstractTableModel, parent: QObject) -> QSortFilterProxyModel:
    """A proxy that sorts ``model`` by its UserRole values."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(Qt.ItemDataRole.UserRole)
    return proxy


#: The most of the window's width a results table asks for (beyond it: a horizontal scroll bar).
TABLE_SHARE = 0.45
#: Rows a results table keeps at least, whatever the window's height (it prefers VISIBLE_ROWS).
LEAST_ROWS = 2


class ResultsTable(QTableView):
    """A table that prefers room for its columns and VISIBLE_ROWS rows but needs little.

    A minimum size of six rows and every column would add to the Stack's minimum
    above it and push a 1280×720 window past the screen; the preferred size is
    what the dock asks for when there is room.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.preferred = QSize(0, 0)  #: set by fit_columns and fit_to_contents

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().sizeHint()
        return QSize(max(hint.width(), self.preferred.width()), max(hint.height(), self.preferred.height()))


def results_table(parent: QWidget, name: str, tip: str) -> ResultsTable:
    """A read-only, sortable table view with our defaults (columns sized once: see ``fit_columns``)."""
    table = ResultsTable(parent)
    table.setSortingEnabled(True)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)  # sized once a run ends, not per row
    header.setResizeContentsPrecision(200)
    header.setStretchLastSection(True)
    table.setAccessibleName(name)
    table.setToolTip(tip)
    return table


def fit_columns(table: ResultsTable, samples: Sequence[str | Sequence[str]], swatch_column: int = -1,
                rows: int = VISIBLE_ROWS) -> None:
    """Size each column to its header or its widest sample text, whichever is wider (once).

    ``swatch_column`` shows a colour swatch before its text (the outcome).  The
    table prefers room for ``rows`` rows and every header whole, and needs
    LEAST_ROWS rows; ``fit_to_contents`` sizes the columns to the results.
    """
    metrics = table.fontMetrics()
    header = table.horizontalHeader()
    titles = 0
    for column, sample in enumerate(samples):
        title = _title_width(table, column)
        texts = [sample] if isinstance(sample, str) else list(sample)
        extra = metrics.height() + 8 if column == swatch_column else 0
        widest = max(metrics.horizontalAdvance(t) for t in texts)
        header.resizeSection(column, max(title, widest + 14 + extra))
        titles += title
    frame = 2 * table.frameWidth()
    header_height = max(header.sizeHint().height(), metrics.height() + 8)
    row = table.verticalHeader().defaultSectionSize()
    table.setMinimumHeight(header_height + LEAST_ROWS * row + frame)
    table.preferred = QSize(titles + table.verticalScrollBar().sizeHint().width() + frame,
                            header_height + rows * row + frame)


def _title_width(table: QTableView, column: int) -> int:
    """A header's width with its text, margins and sort arrow whole."""
    header = table.horizontalHeader()
    title = str(table.model().headerData(column, Qt.Orientation.Horizontal) or "")
    metrics = header.fontMetrics()
    return max(header.sectionSizeHint(column), metrics.horizontalAdvance(title) + 2 * metrics.height() + 8)


def fit_to_contents(table: ResultsTable) -> None:
    """Size the columns to the results shown and their headers (once a run ends, not per row).

    The table then asks for the width of every column (up to TABLE_SHARE of
    the window): the dock around it widens, and in a window wide enough no
    column hides behind a horizontal scroll bar.
    """
    header = table.horizontalHeader()
    count = header.count()
    wanted = 0
    for column in range(count):
        width = max(table.sizeHintForColumn(column), _title_width(table, column))
        if column < count - 1:  # the last one stretches to the table's edge
            header.resizeSection(column, width)
        wanted += width
    wanted += table.verticalScrollBar().sizeHint().width() + 2 * table.frameWidth() + 2
    table.preferred = QSize(wanted, table.preferred.height())
    # Once the dock is laid out (it may have just been shown): see _fit_dock.
    QTimer.singleShot(0, table, partial(_fit_dock, table, wanted))


def _fit_dock(table: QTableView, wanted: int) -> None:
    """Ask the dock around ``table`` for ``wanted`` pixels of width and VISIBLE_ROWS rows.

    Asked for, not required: the dock widens up to TABLE_SHARE of the window; in
    a narrower window the board keeps its room and the table scrolls sideways.
    """
    window = table.window()
    dock = table.parentWidget()
    while dock is not None and not isinstance(dock, QDockWidget):
        dock = dock.parentWidget()
    if isinstance(window, QMainWindow) and dock is not None and dock.isVisible() and not dock.isFloating():
        around = dock.width() - table.width()  # the dock's and the panel's margins
        width = min(wanted + around, int(window.width() * TABLE_SHARE))
        if width > dock.width():
            window.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
        # And the height for VISIBLE_ROWS rows, taken from the Stack above, up to 60% of the window.
        take_height(window, dock, dock.height() + max(0, table.sizeHint().height() - table.height()))


def take_height(window: QMainWindow, dock: QDockWidget, height: int) -> None:
    """Make ``dock`` ``height`` tall (at most 60% of the window), from the docks above or below it.

    (``resizeDocks`` with the one dock shares the change out among its neighbours in
    proportion and gives it a part; naming the neighbours too gives it all.)
    """
    height = min(height, int(window.height() * 0.6))
    if height <= dock.height():
        return
    area = window.dockWidgetArea(dock)
    tabbed = window.tabifiedDockWidgets(dock)
    others = [o for o in window.findChildren(QDockWidget)
              if o is not dock and o not in tabbed and o.isVisible() and not o.isFloating()
              and window.dockWidgetArea(o) == area and not o.visibleRegion().isEmpty()]
    spare = sum(max(0, o.height() - o.minimumSizeHint().height()) for o in others)
    height = min(height, dock.height() + spare)
    give = height - dock.height()
    sizes = []
    for other in others:
        part = min(give, max(0, other.height() - other.minimumSizeHint().height()))
        sizes.append(other.height() - part)
        give -= part
    window.resizeDocks([dock, *others], [height, *sizes], Qt.Orientation.Vertical)


class HeatLegend(QWidget):
    """The heatmap's key: a colour ramp with its two ends, or a swatch per outcome."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.legend: Legend | None = None
        self.setAccessibleName(self.tr("Heatmap legend"))
        self.setToolTip(self.tr("What the colours on the board mean"))
        self.setMinimumHeight(self.fontMetrics().height() * 2 + 14)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(260, self.fontMetrics().height() * 2 + 14)

    def set_legend(self, legend: Legend | None) -> None:
        """Show ``legend`` (None: empty)."""
        self.legend = legend
        self.setAccessibleDescription(self.describe())
        self.update()

    def describe(self) -> str:
        """The legend in words (for screen readers and tests)."""
        legend = self.legend
        if legend is None:
            return ""
        if legend.metric == METRIC_OUTCOME:
            return ", ".join(f"{outcome_name(k)}: {n}" for k, n in legend.swatches)
        low, high = self._value_text(legend.low), self._value_text(legend.high)
        return f"{metric_name(legend.metric)}: {low} – {high}"

    def _value_text(self, value: float) -> str:
        assert self.legend is not None
        if self.legend.metric == METRIC_TIME:
            return self.tr("%s ms") % format_ms(value)
        return f"{value:,.0f}"

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        legend = self.legend
        if legend is None:
            return
        fm = self.fontMetrics()
        with QPainter(self) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            text_colour = self.palette().windowText().color()
            h = fm.height()
            if legend.metric == METRIC_OUTCOME:
                x, y = 4.0, 4.0
                for kind, count in legend.swatches:
                    label = f"{outcome_name(kind)} {count:,}"
                    width = h + 6 + fm.horizontalAdvance(label) + 14
                    if x + width > self.width() and x > 4:
                        x, y = 4.0, y + h + 6
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(QColor(OUTCOME_COLOURS[kind]))
                    painter.drawRoundedRect(QRectF(x, y + 1, h - 2, h - 2), 3, 3)
                    painter.setPen(text_colour)
                    painter.drawText(QRectF(x + h + 2, y, width, h), Qt.AlignmentFlag.AlignVCenter, label)
                    x += width
                return
            bar = QRectF(4, 4, self.width() - 8, h * 0.9)
            gradient = QLinearGradient(bar.topLeft(), bar.topRight())
            for i in range(len(RAMP)):
                gradient.setColorAt(i / (len(RAMP) - 1), QColor(RAMP[i]))
            painter.setPen(QColor(0, 0, 0, 60))
            painter.setBrush(gradient)
            painter.drawRoundedRect(bar, 3, 3)
            painter.setPen(text_colour)
            below = QRectF(4, bar.bottom() + 3, bar.width(), h)
            painter.drawText(below, Qt.AlignmentFlag.AlignLeft, self._value_text(legend.low))
            painter.drawText(below, Qt.AlignmentFlag.AlignHCenter, self.tr("log scale"))
            painter.drawText(below, Qt.AlignmentFlag.AlignRight, self._value_text(legend.high))


# -- the panel ---------------------------------------------------------------------------


class AnalysisPanel(QWidget):
    """The Analysis dock: every start square, algorithms compared, tours counted."""

    run_finished = Signal()  #: an all-starts run ended and its thread has stopped
    count_finished = Signal()  #: a count ended and its thread has stopped

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.config: SearchConfig | None = None  # of the results shown
        self.budget: int | None = DEFAULT_BUDGET
        self.results: list[StartResult] = []
        self.by_start: dict[int, StartResult] = {}
        self.heat: HeatMap | None = None
        self.last_seconds = 0.0
        self.last_csv_dir = ""
        self.runner = JobRunner("all-starts", self)
        self.runner.done.connect(self._on_run_done)
        self.count_runner = JobRunner("count-tours", self)
        self.count_runner.done.connect(self._on_count_done)
        self.last_count: CountResult | None = None
        self.compare: QWidget | None = None  # the Compare tab (compare.ComparePanel), set by install
        self._count_began = 0.0
        self._count_timer = QTimer(self)
        self._count_timer.setInterval(100)
        self._count_timer.timeout.connect(self._show_count_progress)
        self._heat_timer = QTimer(self)  # results of a run repaint the board at most this often
        self._heat_timer.setSingleShot(True)
        self._heat_timer.setInterval(HEAT_REFRESH_MS)
        self._heat_timer.timeout.connect(self._refresh_heat)
        self._build()

    # -- construction ------------------------------------------------------------

    def _build(self) -> None:
        tr = self.tr
        self.tabs = QTabWidget(self)
        self.tabs.setAccessibleName(tr("Analysis views"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.tabs)

        page = QWidget(self)
        self.starts_page = page
        box = QVBoxLayout(page)
        row = QHBoxLayout()
        self.run_button = QPushButton(tr("Solve from every square"), page)
        self.run_button.setToolTip(tr("Run the chosen algorithm from each start square in turn (Ctrl+A)"))
        self.run_button.setAccessibleName(tr("Solve from every square"))
        self.run_button.clicked.connect(self.run_all_starts)
        self.cancel_button = QPushButton(tr("Cancel"), page)
        self.cancel_button.setToolTip(tr("Stop the run; the starts finished so far stay"))
        self.cancel_button.setAccessibleName(tr("Cancel the run"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_run)
        row.addWidget(self.run_button, 1)
        row.addWidget(self.cancel_button)
        box.addLayout(row)
        form = QFormLayout()
        self.budget_spin = QSpinBox(page)
        self.budget_spin.setRange(1, MAX_BUDGET)
        self.budget_spin.setSingleStep(10_000)
        self.budget_spin.setGroupSeparatorShown(True)
        # The budget follows the algorithm (default_budget) until the user sets one of their own.
        self._budget_own = False
        self._follow_budget()
        self.budget_spin.valueChanged.connect(self._on_budget_edited)
        self.budget_spin.setAccessibleName(tr("Budget per start"))
        self.budget_spin.setToolTip(tr("Most pushes a search from one start may make; starts that need "
                                       "more are marked out of budget (plain backtracking can take hours)"))
        form.addRow(tr("Budget per start"), self.budget_spin)
        self.metric_combo = QComboBox(page)
        for metric in METRICS:
            self.metric_combo.addItem(metric_name(metric), metric)
        self.metric_combo.setAccessibleName(tr("Colour squares by"))
        self.metric_combo.setToolTip(tr("What the colour of each start square on the board shows"))
        self.metric_combo.currentIndexChanged.connect(self._refresh_heat)
        form.addRow(tr("Colour by"), self.metric_combo)
        box.addLayout(form)
        self.progress = QProgressBar(page)
        self.progress.setAccessibleName(tr("Progress"))
        self.progress.setToolTip(tr("Start squares done"))
        self.progress.setFormat(tr("%v of %m starts"))
        self.progress.setValue(0)
        box.addWidget(self.progress)
        self.legend = HeatLegend(page)
        box.addWidget(self.legend)
        self.summary_label = QLabel(tr("Solve from every square to see, for each start, whether and how fast "
                                       "the search finds a tour."), page)
        self.summary_label.setWordWrap(True)
        self.summary_label.setAccessibleName(tr("Summary"))
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.addWidget(self.summary_label)
        self.hover_label = QLabel(page)
        self.hover_label.setAccessibleName(tr("Square under the mouse"))
        self.hover_label.setWordWrap(True)
        self.hover_label.hide()  # shown while it says something: no empty gap above the table
        box.addWidget(self.hover_label)
        self.model = StartsModel(self)
        self.proxy = sortable(self.model, self)
        self.table = results_table(page, tr("Results per start square"),
                                   tr("Click a row to outline its square; double-click to watch that start"))
        self.table.setModel(self.proxy)
        fit_columns(self.table, ("h8 (7,7)", [outcome_name(k) for k in OUTCOME_COLOURS], "100,000",
                                 "100,000", "10,000", "64", "10.00"), swatch_column=1)
        self.table.selectionModel().currentRowChanged.connect(self._on_row_selected)
        self.table.doubleClicked.connect(self._on_row_activated)
        box.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.heat_button = QPushButton(tr("Hide heatmap"), page)
        self.heat_button.setCheckable(True)
        self.heat_button.setChecked(True)
        self.heat_button.setToolTip(tr("Show or hide the colours on the board"))
        self.heat_button.setAccessibleName(tr("Show heatmap"))
        self.heat_button.toggled.connect(self._on_heat_toggled)
        self.csv_button = QPushButton(tr("Save CSV…"), page)
        self.csv_button.setToolTip(tr("Save one row per start square as a CSV file"))
        self.csv_button.setAccessibleName(tr("Save CSV"))
        self.csv_button.clicked.connect(self._save_csv_dialog)
        row.addWidget(self.heat_button)
        row.addStretch(1)
        row.addWidget(self.csv_button)
        box.addLayout(row)
        self.tabs.addTab(page, tr("Every square"))

        page = QWidget(self)
        self.count_page = page
        box = QVBoxLayout(page)
        self.count_intro = QLabel(page)
        self.count_intro.setWordWrap(True)
        box.addWidget(self.count_intro)
        row = QHBoxLayout()
        self.count_button = QPushButton(tr("Count all tours"), page)
        self.count_button.setToolTip(tr("Count every tour from the knight's start square, exactly "
                                        "(small boards only)"))
        self.count_button.setAccessibleName(tr("Count all tours"))
        self.count_button.clicked.connect(self.count_tours)
        self.count_cancel = QPushButton(tr("Cancel"), page)
        self.count_cancel.setToolTip(tr("Stop counting"))
        self.count_cancel.setAccessibleName(tr("Cancel counting"))
        self.count_cancel.setEnabled(False)
        self.count_cancel.clicked.connect(self.cancel_count)
        row.addWidget(self.count_button, 1)
        row.addWidget(self.count_cancel)
        box.addLayout(row)
        self.count_progress = QProgressBar(page)
        self.count_progress.setAccessibleName(tr("Counting progress"))
        self.count_progress.setToolTip(tr("Busy while counting; the time so far is shown"))
        self.count_progress.setRange(0, 1)
        self.count_progress.setValue(0)
        self.count_progress.setTextVisible(False)
        box.addWidget(self.count_progress)
        self.count_label = QLabel(page)
        self.count_label.setWordWrap(True)
        self.count_label.setAccessibleName(tr("Count"))
        self.count_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.addWidget(self.count_label)
        box.addStretch(1)
        self.tabs.addTab(page, tr("Count"))
        self._refresh_buttons()

    # -- all starts ----------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether an all-starts run is going on."""
        return self.runner.running

    def current_config(self) -> SearchConfig:
        """The window's search settings."""
        return self.window_.player.config  # type: ignore[attr-defined]

    @Slot()
    def run_all_starts(self) -> None:
        """Solve from every square with the window's settings, in a worker thread."""
        if self.runner.running:
            return
        config = self.current_config()
        self.config = config
        self.budget = self.budget_spin.value()
        self.results = []
        self.by_start = {}
        self.model.reset(config.board)
        self.progress.setRange(0, config.board.size)
        self.progress.setValue(0)
        self._set_hover_text("")
        self.summary_label.setText(self.tr("Solving from 1 start square…") if config.board.size == 1
                                   else self.tr("Solving from %d start squares…") % config.board.size)
        self.heat_button.setChecked(True)
        self._refresh_heat()
        job = AllStartsJob(config, self.budget)
        queued = Qt.ConnectionType.QueuedConnection  # the job emits from its thread
        job.results_ready.connect(self._on_results, queued)
        job.progressed.connect(self._on_progress, queued)
        self.runner.start(job)
        self._refresh_buttons()

    @Slot()
    def cancel_run(self) -> None:
        """Stop the all-starts run; the starts done so far stay."""
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
        self.progress.setRange(0, total)
        self.progress.setValue(done)

    def _from_current_run(self) -> bool:
        """Whether the signal being handled comes from the run going on (not one stopped since)."""
        job = self.runner.job
        return job is not None and self.sender() is job

    @Slot(object)
    def _on_run_done(self, job: AllStartsJob) -> None:
        self._heat_timer.stop()
        self._refresh_heat()
        fit_to_contents(self.table)
        self.last_seconds = job.seconds
        self._refresh_summary(job.cancelled)
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
        if cancelled:
            text += " " + self.tr("Cancelled.")
        self.summary_label.setText(text)

    def _config_text(self, config: SearchConfig) -> str:
        text = config_name(config.algorithm, config.tie_break)
        return text + (" " + self.tr("closed") if config.closed else "")

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
        widget = self.window_.board_widget  # type: ignore[attr-defined]
        current = self.config is not None and self._same_search(self.current_config())
        show = self.heat_button.isChecked() and self.heat is not None and current
        widget.set_heat(self.heat if show else None)

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
        the budget follows the algorithm, a count of another board or kind of tour goes."""
        self._apply_heat()
        self._follow_budget()
        count = self.last_count
        config = self.current_config()
        if count is not None and (count.board, count.closed) != (config.board, config.closed):
            self.last_count = None
            self.count_label.clear()

    @Slot(bool)
    def _on_heat_toggled(self, on: bool) -> None:
        self.heat_button.setText(self.tr("Hide heatmap") if on else self.tr("Show heatmap"))
        self._apply_heat()

    def show_hovered(self, square: object) -> None:
        """Say what the start under the mouse came to."""
        result = self.by_start.get(square) if isinstance(square, int) else None
        if result is None or self.config is None:
            self._set_hover_text("")
            return
        board = self.config.board
        self._set_hover_text(self.tr("%s: %s, %s pushes, %s pops, %s ms") % (
            board.label(square), outcome_name(result.outcome), f"{result.pushes:,}", f"{result.pops:,}",
            format_ms(result.seconds)))

    def _set_hover_text(self, text: str) -> None:
        self.hover_label.setText(text)
        self.hover_label.setVisible(bool(text))

    def _follow_budget(self) -> None:
        """Offer the algorithm's default budget, unless the user has set one of their own."""
        if not self._budget_own:
            with QSignalBlocker(self.budget_spin):  # not the user's own
                self.budget_spin.setValue(default_budget(self.current_config().algorithm))

    @Slot(int)
    def _on_budget_edited(self, value: int) -> None:
        self._budget_own = value != default_budget(self.current_config().algorithm)

    def _result_at(self, index: QModelIndex) -> StartResult | None:
        if not index.isValid():
            return None
        row = self.proxy.mapToSource(index).row()
        return self.model.results[row] if 0 <= row < len(self.model.results) else None

    @Slot(QModelIndex, QModelIndex)
    def _on_row_selected(self, current: QModelIndex, previous: QModelIndex) -> None:
        result = self._result_at(current)
        widget = self.window_.board_widget  # type: ignore[attr-defined]
        if result is not None and self.config is not None and self.config.board == widget.view.board:
            widget.set_selection(result.start)
            self.show_hovered(result.start)

    @Slot(QModelIndex)
    def _on_row_activated(self, index: QModelIndex) -> None:
        result = self._result_at(index)
        player = self.window_.player  # type: ignore[attr-defined]
        if result is not None and self.config is not None and self.config.board == player.config.board:
            player.place(result.start)

    @Slot()
    def _save_csv_dialog(self) -> None:
        if self.config is None or not self.results:
            return
        board = self.config.board
        folder = self.last_csv_dir or getattr(self.window_, "last_export_dir", "")
        suggested = os.path.join(folder, f"starts-{board.rows}x{board.cols}-{self.config.algorithm}.csv")
        filename, _ = QFileDialog.getSaveFileName(self, self.tr("Save CSV"), suggested,
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
            QMessageBox.critical(self, self.tr("Saving failed"),
                                 self.tr("Cannot write %s: %s") % (filename, exc.strerror or exc))
            return False
        self.last_csv_dir = os.path.dirname(os.path.abspath(filename))
        self.window_.statusBar().showMessage(self.tr("Saved %s") % filename, 5000)
        return True

    # -- counting -------------------------------------------------------------------

    def count_allowed(self) -> tuple[bool, str]:
        """Whether counting is offered now, and why not."""
        player = self.window_.player  # type: ignore[attr-defined]
        board = player.config.board
        if player.start is None:
            return False, self.tr("Place the knight first: tours are counted from its start square.")
        if board.size > COUNT_MAX_SQUARES:
            return False, self.tr("Counting every tour on %s could take longer than anyone will wait; "
                                  "it is offered on boards of at most %d squares.") % (board.dims,
                                                                                        COUNT_MAX_SQUARES)
        return True, ""

    @Slot()
    def count_tours(self) -> None:
        """Count every tour from the knight's start square, in a worker thread."""
        if self.count_runner.running:
            return
        allowed, _ = self.count_allowed()
        if not allowed:
            self.count_label.clear()  # the intro above says why
            return
        player = self.window_.player  # type: ignore[attr-defined]
        config = player.config
        job = CountJob(config.board, player.start, config.closed)
        self._count_began = time.perf_counter()
        self.count_progress.setRange(0, 0)  # busy
        self.count_label.setText(self.tr("Counting the tours from %s…") % config.board.label(player.start))
        self.count_runner.start(job)
        self._count_timer.start()
        self._refresh_buttons()

    @Slot()
    def cancel_count(self) -> None:
        """Stop counting."""
        self.count_runner.cancel()

    @Slot()
    def _show_count_progress(self) -> None:
        job = self.count_runner.job
        if isinstance(job, CountJob):
            self.count_label.setText(self.tr("Counting the tours from %s… %s nodes searched, %.1f s") % (
                job.board.label(job.start), f"{job.nodes:,}", time.perf_counter() - self._count_began))

    @Slot(object)
    def _on_count_done(self, job: CountJob) -> None:
        self._count_timer.stop()
        self.count_progress.setRange(0, 1)
        self.count_progress.setValue(0 if job.result is None else 1)
        result = job.result
        where = job.board.label(job.start)
        if result is None:
            self.count_label.setText(self.tr("Counting from %s cancelled after %.1f s.") % (
                where, time.perf_counter() - self._count_began))
        else:
            kind = self.tr("closed tours") if result.closed else self.tr("tours")
            text = self.tr("%s %s from %s on %s (directed, exact; %.2f s).") % (
                f"{result.tours:,}", kind, where, result.board.dims, result.seconds)
            if result.verdict is not None:
                text += " " + self.tr("No tour can exist: %s.") % tr_message(result.verdict.message)
            self.count_label.setText(text)
        self.last_count = result
        self._refresh_buttons()
        self.count_finished.emit()

    # -- state ------------------------------------------------------------------------

    def _refresh_buttons(self) -> None:
        running = self.runner.running
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.budget_spin.setEnabled(not running)
        self.csv_button.setEnabled(bool(self.results) and not running)
        counting = self.count_runner.running
        allowed, why = self.count_allowed()
        self.count_button.setEnabled(allowed and not counting)
        self.count_cancel.setEnabled(counting)
        self.count_progress.setVisible(counting)  # busy while counting; empty otherwise
        if not counting:
            player = self.window_.player  # type: ignore[attr-defined]
            config = player.config
            board = config.board
            if not allowed:
                self.count_intro.setText(why)
                return
            where = (board.label(player.start), board.dims)
            if config.closed:
                self.count_intro.setText(self.tr(
                    "Counts every closed tour from %s on %s by exhaustive search with pruning (each "
                    "closed tour counts twice, once per direction).") % where)
            else:
                self.count_intro.setText(self.tr(
                    "Counts every tour from %s on %s by exhaustive search with pruning (each tour "
                    "once: its reverse starts on another square).") % where)

    def stop(self) -> None:
        """Cancel every job and wait for its thread (the window is closing)."""
        self.runner.stop()
        self.count_runner.stop()
        if self.compare is not None:
            self.compare.stop()
        self._count_timer.stop()
        self._heat_timer.stop()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.window_ and event.type() == QEvent.Type.Close:
            self.stop()
        return False


# -- installing into the window ---------------------------------------------------------


def _action(window: QMainWindow, text: str, shortcuts: list[str], tip: str,
            slot: Callable[[], None]) -> QAction:
    action = QAction(text, window)
    action.setShortcuts([QKeySequence(s) for s in shortcuts])
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    action.setStatusTip(tip)
    action.setToolTip(f"{tip} ({keys})" if keys else tip)
    action.triggered.connect(slot)
    window.addAction(action)
    return action


def install(window: QMainWindow) -> AnalysisPanel:
    """Add the Analysis panel (a dock), its actions and the zoom and SVG actions to ``window``."""
    from .compare import ComparePanel

    tr = window.tr
    panel = AnalysisPanel(window)
    compare = ComparePanel(window, panel)
    panel.compare = compare
    panel.tabs.insertTab(1, compare, tr("Compare"))
    dock = QDockWidget(tr("Analysis"), window)
    dock.setObjectName("analysis_dock")
    dock.setWidget(panel)
    dock.setAccessibleName(tr("Analysis"))
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.hide()
    window.installEventFilter(panel)
    board_widget = window.board_widget  # type: ignore[attr-defined]
    player = window.player  # type: ignore[attr-defined]

    def place() -> None:
        """Show the dock as a tab beside the Pseudocode and Event log panels (teaching.py's docks).

        Never over the Stack, which the search shown needs; the place gets the
        panel's preferred height (wrapped texts and all), taken from the Stack above.
        """
        if not dock.isFloating():
            for name in ("pseudocode_dock", "event_log_dock"):
                other = window.findChild(QDockWidget, name)
                if other is not None and not other.isFloating():
                    if other not in window.tabifiedDockWidgets(dock):
                        window.tabifyDockWidget(other, dock)
                    break
        dock.show()
        dock.raise_()
        if not dock.isFloating():
            take_height(window, dock, dock.sizeHint().height())

    def show(tab: QWidget) -> None:
        if not dock.isVisible():
            place()
        dock.show()
        dock.raise_()
        panel.tabs.setCurrentWidget(tab)

    def solve_all() -> None:
        show(panel.starts_page)
        panel.run_all_starts()

    def compare_now() -> None:
        show(compare)
        compare.run_compare()

    def count_now() -> None:
        show(panel.count_page)
        panel.count_tours()

    window.solve_all_action = _action(window, tr("Solve from &every square"), ["Ctrl+A"],
                                      tr("Run the search from each start square and colour the board "
                                         "by the outcome"), solve_all)
    window.compare_action = _action(window, tr("&Compare algorithms"), ["Ctrl+Shift+A"],
                                    tr("Run every algorithm and tie-break rule from the knight's start "
                                       "square and compare pushes, pops and time"), compare_now)
    window.next_tour_action = _action(window, tr("&Next tour"), ["Ctrl+N"],
                                      tr("Go on searching from the tour shown to the next different tour"),
                                      player.next_tour)
    window.count_action = _action(window, tr("C&ount all tours"), ["Ctrl+Shift+N"],
                                  tr("Count every tour from the knight's start square (small boards)"),
                                  count_now)
    menu = window.analysis_menu  # type: ignore[attr-defined]
    for action in (window.solve_all_action, window.compare_action):
        menu.addAction(action)
    menu.addSeparator()
    menu.addAction(window.next_tour_action)
    menu.addAction(window.count_action)
    menu.addSeparator()
    toggle = dock.toggleViewAction()
    toggle.triggered.connect(lambda checked: place() if checked else None)  # View: the same place
    toggle.setText(tr("Analysis &panel"))
    toggle.setStatusTip(tr("Show or hide the Analysis panel"))
    menu.addAction(toggle)

    window.zoom_in_action = _action(window, tr("Zoom &in"), ["Ctrl++", "Ctrl+="],
                                    tr("Enlarge the board (the mouse wheel zooms too)"),
                                    lambda: board_widget.zoom_by(1.25))
    window.zoom_out_action = _action(window, tr("Zoom &out"), ["Ctrl+-"], tr("Shrink the board"),
                                     lambda: board_widget.zoom_by(1 / 1.25))
    window.fit_action = _action(window, tr("&Fit board"), ["Ctrl+0"],
                                tr("Show the whole board (after zooming with the wheel or dragging)"),
                                board_widget.fit)
    view_menu = getattr(window, "view_menu", None)
    if view_menu is not None:
        view_menu.addSeparator()
        for action in (window.zoom_in_action, window.zoom_out_action, window.fit_action):
            view_menu.addAction(action)

    window.export_svg_action = _action(window, tr("Export &SVG…"), ["Ctrl+Shift+E"],
                                       tr("Save the board as an SVG drawing, sharp at any size"),
                                       lambda: _export_svg_dialog(window))
    file_menu = getattr(window, "file_menu", None)
    export_png = getattr(window, "export_action", None)
    if file_menu is not None:
        actions = file_menu.actions()
        after = actions.index(export_png) + 1 if export_png in actions else len(actions)
        if after < len(actions):
            file_menu.insertAction(actions[after], window.export_svg_action)
        else:
            file_menu.addAction(window.export_svg_action)

    def refresh() -> None:
        window.export_svg_action.setEnabled(player.start is not None)
        window.next_tour_action.setEnabled(player.can_next_tour and not player.running)
        allowed, _ = panel.count_allowed()
        window.count_action.setEnabled(allowed and not panel.count_runner.running)
        window.solve_all_action.setEnabled(not panel.runner.running)
        window.compare_action.setEnabled(not compare.runner.running)
        if not panel.count_runner.running:
            panel._refresh_buttons()

    def zoomed(zoom: float) -> None:
        window.fit_action.setEnabled(zoom > 1.0)
        window.zoom_out_action.setEnabled(zoom > 1.0)
        window.zoom_in_action.setEnabled(zoom < board_widget.max_zoom())

    player.changed.connect(refresh)
    player.running_changed.connect(lambda running: refresh())
    player.reconfigured.connect(refresh)
    player.reconfigured.connect(panel.on_reconfigured)
    panel.runner.done.connect(lambda job: refresh())
    panel.count_runner.done.connect(lambda job: refresh())
    compare.runner.done.connect(lambda job: refresh())
    board_widget.hovered.connect(panel.show_hovered)
    board_widget.zoom_changed.connect(zoomed)
    refresh()
    zoomed(board_widget.zoom)
    window.analysis_panel = panel  # type: ignore[attr-defined]
    window.analysis_dock = dock  # type: ignore[attr-defined]
    return panel


def _export_svg_dialog(window: QMainWindow) -> None:
    name = window.suggested_export_name()  # type: ignore[attr-defined]
    suggested = os.path.join(getattr(window, "last_export_dir", ""), os.path.splitext(name)[0] + ".svg")
    filename, _ = QFileDialog.getSaveFileName(window, window.tr("Export SVG"), suggested,
                                              window.tr("SVG drawings (*.svg)"))
    if not filename:
        return
    if not filename.lower().endswith(".svg"):
        filename += ".svg"
    export_svg(window, filename)


def export_svg(window: QMainWindow, filename: str) -> bool:
    """Write the board as shown (path, numbers, coordinates, heatmap) as SVG to ``filename``."""
    from .export import ExportError, save_svg, tour_view

    player = window.player  # type: ignore[attr-defined]
    config = player.config
    view = tour_view(config.board, list(player.state.path), config.closed,
                     getattr(window, "coords", "chess"))
    view.heat = window.board_widget.heat  # type: ignore[attr-defined]
    try:
        save_svg(view, filename, getattr(window, "export_px", 2048))
    except ExportError as exc:
        QMessageBox.critical(window, window.tr("Export failed"), str(exc))
        return False
    window.last_export_dir = os.path.dirname(os.path.abspath(filename))  # type: ignore[attr-defined]
    window.statusBar().showMessage(window.tr("Saved %s") % filename, 5000)
    return True


__all__ = [
    "AllStartsJob", "AnalysisPanel", "CountJob", "CountResult", "JobRunner", "StartResult", "build_heat",
    "install", "solve_start", "write_csv",
]
