"""Analysis ▸ Compare algorithms: every algorithm and tie-break rule from one start.

"How much does Warnsdorff save?"  From the knight's start square the panel
runs each entry of ``COMPARE_CONFIGS`` to its first outcome in a worker
thread (the engine loop of ``results.solve_start``, each with the same
budget of pushes, timed as the command line's ``seconds``, the board's tables
cached across searches made beforehand: see ``solve_start``) and lists
pushes, pops, dead ends and time side by side, with a bar of pushes on a
log scale, so a student sees plain backtracking make a million moves where
Warnsdorff's rule makes 64.  Double-click a row to watch that algorithm from
the same square.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from math import log10

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRectF,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from ...tour import (
    ALGORITHMS,
    DEFAULT_TIE_BREAK,
    OUTCOME_BUDGET,
    OUTCOME_IMPOSSIBLE,
    OUTCOME_NO_TOUR,
    OUTCOME_TOUR,
    TIE_BREAKS,
    Board,
)
from ...tour.algorithms import CONSTRUCTED
from ..i18n import algorithm_description, algorithm_name, config_name, tie_break_name
from ..player import SearchConfig, TourPlayer
from ..workers import Worker, WorkerRunner
from .fields import PanelSpinBox
from .results import (
    DEFAULT_BUDGET,
    MAX_BUDGET,
    OUTCOME_COLOURS,
    StartResult,
    format_ms,
    outcome_name,
    result_reason,
    solve_start,
)
from .tables import fit_columns, fit_to_contents, results_table, sortable

#: What is compared, in this order: (algorithm, tie-break rule).
COMPARE_CONFIGS: tuple[tuple[str, str], ...] = (
    ("warnsdorff", "lookahead"),
    ("warnsdorff", "roth"),
    ("warnsdorff", "pohl"),
    ("warnsdorff", "fixed"),
    ("classic", "fixed"),
    ("greedy", "lookahead"),
    ("greedy", "roth"),
    ("greedy", "pohl"),
    ("greedy", "fixed"),
    ("backtracking", "fixed"),
    ("construct", "fixed"),
)


def compare_configs(board: Board, closed: bool) -> list[SearchConfig]:
    """The configurations compared: every entry of COMPARE_CONFIGS that can aim for the tour asked."""
    return [SearchConfig(board, algorithm, tie, closed) for algorithm, tie in COMPARE_CONFIGS
            if algorithm in ALGORITHMS and not (closed and algorithm == "greedy")]


@dataclass(frozen=True)
class CompareRow:
    """One algorithm's run from the start."""

    config: SearchConfig
    result: StartResult


class CompareWorker(Worker):
    """Run each configuration from one start (in a worker thread)."""

    row_ready = Signal(object)  #: a CompareRow

    def __init__(self, configs: Sequence[SearchConfig], start: int, budget: int | None) -> None:
        super().__init__()
        self.configs = list(configs)
        self.start = start
        self.budget = budget
        self.seconds = 0.0

    def work(self) -> None:
        """Run every configuration."""
        began = time.perf_counter()
        for config in self.configs:
            if self.token.cancelled:
                break
            result = solve_start(config, self.start, self.budget, self.token)
            if result is None:
                break
            self.row_ready.emit(CompareRow(config, result))
        self.seconds = time.perf_counter() - began


class CompareModel(QAbstractTableModel):
    """One row per algorithm: outcome, pushes (with a bar), pops, dead ends, time."""

    COLUMNS = ("algorithm", "tie_break", "outcome", "pushes", "pops", "dead_ends", "time")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[CompareRow] = []

    def clear(self) -> None:
        """No rows."""
        self.beginResetModel()
        self.rows = []
        self.endResetModel()

    def add(self, row: CompareRow) -> None:
        """Append a finished run; the bars of every row are rescaled."""
        n = len(self.rows)
        self.beginInsertRows(QModelIndex(), n, n)
        self.rows.append(row)
        self.endInsertRows()
        column = self.COLUMNS.index("pushes")
        self.dataChanged.emit(self.index(0, column), self.index(n, column))

    @property
    def most_pushes(self) -> int:
        """The largest push count, for the bars."""
        return max((r.result.pushes for r in self.rows), default=1)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt override
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (self.tr("Algorithm"), self.tr("Ties"), self.tr("Outcome"), self.tr("Pushes"),
                    self.tr("Pops"), self.tr("Dead ends"), self.tr("ms"))[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (self.tr("How the knight chooses its next square"),
                    self.tr("Which of several equally good squares is tried first"),
                    self.tr("What the search came to"),
                    self.tr("Moves made (pushes on the stack); the bar is on a log scale"),
                    self.tr("Backtracks (pops off the stack)"), self.tr("Squares with no way on"),
                    self.tr("Milliseconds of search"))[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        r = row.result
        column = self.COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == "algorithm":
                return algorithm_name(row.config.algorithm)
            if column == "tie_break":
                if row.config.algorithm in CONSTRUCTED:  # a tour built beforehand: no choice, no ties
                    return "—"
                return tie_break_name(row.config.tie_break or DEFAULT_TIE_BREAK)
            if column == "outcome":
                return outcome_name(r.outcome)
            if column == "time":
                return format_ms(r.seconds)
            return f"{getattr(r, column):,}"
        if role == Qt.ItemDataRole.UserRole:  # sorting
            if column in ("algorithm", "tie_break"):
                return index.row()
            if column == "outcome":
                return list(OUTCOME_COLOURS).index(r.outcome)
            if column == "time":
                return r.seconds
            return getattr(r, column)
        if role == Qt.ItemDataRole.DecorationRole and column == "outcome":
            return QColor(OUTCOME_COLOURS[r.outcome])
        if role == Qt.ItemDataRole.ToolTipRole:
            return algorithm_description(row.config.algorithm) + "\n" + result_reason(row.config.board, r)
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in ("algorithm", "tie_break", "outcome"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class BarDelegate(QStyledItemDelegate):
    """Draws a bar behind the number: its length is log(1 + value) over log(1 + the largest)."""

    def __init__(self, model: CompareModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        value = index.data(Qt.ItemDataRole.UserRole)
        top = self.model.most_pushes
        if isinstance(value, int) and top > 0:
            selected = bool(option.state & QStyle.StateFlag.State_Selected)
            rect = QRectF(option.rect).adjusted(2, 3, -2, -3)
            fraction = log10(1 + value) / log10(1 + top) if top > 0 else 0
            colour = QColor("#90caf9") if not selected else QColor("#e3f2fd")
            painter.save()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            bar = QRectF(rect.left(), rect.top(), rect.width() * fraction, rect.height())
            painter.drawRoundedRect(bar, 2, 2)
            painter.restore()
        super().paint(painter, option, index)


class ComparePage(QWidget):
    """The Compare tab of the Analysis panel."""

    compare_finished = Signal()  #: a comparison ended and its thread has stopped
    #: Watch a row's algorithm from the same start: its configuration and the start square.
    watch_requested = Signal(object, int)

    def __init__(self, player: TourPlayer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.runner = WorkerRunner("compare", self)
        self.runner.done.connect(self._on_done)
        self.start: int | None = None
        self.board: Board | None = None
        self._cancelled = False  # whether the last comparison was cancelled (its summary says so)
        box = QVBoxLayout(self)
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        box.addWidget(self.intro)
        row = QHBoxLayout()
        self.run_button = QPushButton(self)
        self.run_button.clicked.connect(self.run_compare)
        self.cancel_button = QPushButton(self)
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.runner.cancel)
        row.addWidget(self.run_button, 1)
        row.addWidget(self.cancel_button)
        box.addLayout(row)
        form = QFormLayout()
        self.budget_spin = PanelSpinBox(self)
        self.budget_spin.setRange(1, MAX_BUDGET)
        self.budget_spin.setSingleStep(10_000)
        self.budget_spin.setGroupSeparatorShown(True)
        self.budget_spin.setValue(DEFAULT_BUDGET)
        self.budget_caption = QLabel(self)
        form.addRow(self.budget_caption, self.budget_spin)
        box.addLayout(form)
        self.progress = QProgressBar(self)
        self.progress.setValue(0)
        box.addWidget(self.progress)
        self.model = CompareModel(self)
        self.proxy = sortable(self.model, self)
        self.table = results_table(self)
        self.table.setModel(self.proxy)
        pushes = CompareModel.COLUMNS.index("pushes")
        self.table.setItemDelegateForColumn(pushes, BarDelegate(self.model, self))
        self.table.doubleClicked.connect(self._on_row_activated)
        box.addWidget(self.table, 1)
        self.summary_label = QLabel(self)
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.addWidget(self.summary_label)
        self._retranslate_ui()
        fit_columns(self.table, ([algorithm_name(a) for a in ALGORITHMS],
                                 [tie_break_name(t) for t in TIE_BREAKS],
                                 [outcome_name(k) for k in OUTCOME_COLOURS], "100,000", "100,000",
                                 "10,000", "10.00"), swatch_column=2)
        player.reconfigured.connect(self._refresh_intro)

    def _retranslate_ui(self) -> None:
        """Every text of the tab in the installed language: when built, and after a language switch."""
        tr = self.tr
        self.intro.setAccessibleName(tr("What is compared"))
        self.run_button.setText(tr("Compare algorithms"))
        self.run_button.setToolTip(tr("Run every algorithm and tie-break rule from the knight's start square "
                                      "(Ctrl+Shift+A)"))
        self.run_button.setAccessibleName(tr("Compare algorithms"))
        self.cancel_button.setText(tr("Cancel"))
        self.cancel_button.setToolTip(tr("Stop comparing; the rows finished so far stay"))
        self.cancel_button.setAccessibleName(tr("Cancel comparing"))
        self.budget_spin.setAccessibleName(tr("Budget per algorithm"))
        self.budget_spin.setToolTip(tr("Most pushes each algorithm may make; one that needs more is "
                                       "marked out of budget"))
        self.budget_caption.setText(tr("Budget per algorithm"))
        self.progress.setAccessibleName(tr("Progress"))
        self.progress.setToolTip(tr("Algorithms done"))
        self.progress.setFormat(tr("%v of %m algorithms"))
        self.table.setAccessibleName(tr("Algorithms compared"))
        self.table.setToolTip(tr("Double-click a row to watch that algorithm from the same square"))
        self.summary_label.setAccessibleName(tr("Comparison summary"))
        if self.model.rows and not self.runner.running:
            self.summary_label.setText(self.summary_text(self._cancelled))
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.model.columnCount() - 1)
        self._refresh_intro()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate_ui()
        super().changeEvent(event)

    @Slot()
    def _refresh_intro(self) -> None:
        player = self.player
        board = player.config.board
        if self.runner.running:
            return
        if player.start is None:
            self.intro.setText(self.tr("Place the knight, then compare: every algorithm and tie-break rule "
                                       "runs from its square on %s.") % board.dims)
        else:
            kind = self.tr("a closed tour") if player.config.closed else self.tr("a tour")
            self.intro.setText(self.tr("Every algorithm and tie-break rule looks for %s from %s on %s.")
                               % (kind, board.label(player.start), board.dims))
        self.run_button.setEnabled(player.start is not None and not self.runner.running)

    @Slot()
    def run_compare(self) -> None:
        """Compare every algorithm from the knight's start square, in a worker thread."""
        player = self.player
        if self.runner.running or player.start is None:
            return
        config = player.config
        configs = compare_configs(config.board, config.closed)
        self.start = player.start
        self.board = config.board
        self.model.clear()
        self.progress.setRange(0, len(configs))
        self.progress.setValue(0)
        self.summary_label.setText(self.tr("Comparing %d algorithms from %s…") % (
            len(configs), config.board.label(player.start)))
        worker = CompareWorker(configs, player.start, self.budget_spin.value())
        worker.row_ready.connect(self._on_row, Qt.ConnectionType.QueuedConnection)  # from its thread
        self.runner.start(worker)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.budget_spin.setEnabled(False)

    @Slot(object)
    def _on_row(self, row: CompareRow) -> None:
        if self.runner.worker is None or self.sender() is not self.runner.worker:
            return  # queued from a comparison that was stopped
        self.model.add(row)
        self.progress.setValue(len(self.model.rows))

    @Slot(object)
    def _on_done(self, worker: CompareWorker) -> None:
        self.cancel_button.setEnabled(False)
        self.budget_spin.setEnabled(True)
        self._refresh_intro()
        fit_to_contents(self.table)
        self._cancelled = worker.cancelled
        self.summary_label.setText(self.summary_text(worker.cancelled))
        self.compare_finished.emit()

    def summary_text(self, cancelled: bool = False) -> str:
        """Which algorithm found a tour with the fewest pushes, and how many fewer."""
        rows = self.model.rows
        tours = [r for r in rows if r.result.outcome == OUTCOME_TOUR]
        if not rows:
            return self.tr("Cancelled.") if cancelled else ""
        if not tours:
            text = self._no_tour_text(rows)
        else:
            best = min(tours, key=lambda r: (r.result.pushes, r.result.pops))  # ties: the first listed
            worst = max(rows, key=lambda r: r.result.pushes)
            text = self.tr("Fewest pushes to a tour: %s with %s pushes and %s pops.") % (
                self._name(best), f"{best.result.pushes:,}", f"{best.result.pops:,}")
            if worst.result.pushes > best.result.pushes:
                times = f"{worst.result.pushes / max(1, best.result.pushes):,.0f}"
                if worst.result.outcome == OUTCOME_BUDGET:  # it stopped without a tour: it would need more
                    text += " " + self.tr("%s ran out of its budget of %s pushes without a tour: at least "
                                          "%s times as many.") % (
                        self._name(worst), f"{worst.result.pushes:,}", times)
                else:
                    text += " " + self.tr("%s made %s pushes: %s times as many.") % (
                        self._name(worst), f"{worst.result.pushes:,}", times)
        if cancelled:
            text += " " + self.tr("Cancelled.")
        return text

    def _name(self, row: CompareRow) -> str:
        return config_name(row.config.algorithm, row.config.tie_break)

    def _no_tour_text(self, rows: Sequence[CompareRow]) -> str:
        """Why no row found a tour: a theorem, an exhaustive search, or the budget."""
        where = rows[0].config.board.label(rows[0].result.start)
        for kind in (OUTCOME_IMPOSSIBLE, OUTCOME_NO_TOUR):  # a proof beats a budget
            proof = next((r for r in rows if r.result.outcome == kind), None)
            if proof is not None:
                reason = result_reason(proof.config.board, proof.result)
                return self.tr("No tour from %s: %s.") % (where, reason)
        if any(r.result.outcome == OUTCOME_BUDGET for r in rows):
            return self.tr("No algorithm found a tour within the budget.")
        return self.tr("No algorithm found a tour.")

    @Slot(QModelIndex)
    def _on_row_activated(self, index: QModelIndex) -> None:
        """Watch the algorithm of the row from the same start."""
        if not index.isValid() or self.start is None:
            return
        row = self.model.rows[self.proxy.mapToSource(index).row()]
        if row.config.board != self.player.config.board:
            return
        self.watch_requested.emit(row.config, self.start)

    def stop(self) -> None:
        """Cancel and wait (the window is closing)."""
        self.runner.stop()


__all__ = ["COMPARE_CONFIGS", "CompareModel", "ComparePage", "CompareRow", "CompareWorker",
           "compare_configs"]
