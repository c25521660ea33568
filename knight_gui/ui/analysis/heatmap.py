"""The heatmap of an every-square run: colours per start square, and its legend.

Outcomes get a colour each; numeric metrics (pushes, pops, time) a ramp on
a log scale from the smallest to the largest value, so a start that took 60
pushes and one that took a million both read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import log10

from PySide6.QtCore import QCoreApplication, QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from ...tour import OUTCOME_IMPOSSIBLE, Board
from ..painting import HeatMap
from .results import (
    METRIC_OUTCOME,
    METRIC_POPS,
    METRIC_PUSHES,
    METRIC_TIME,
    OUTCOME_COLOURS,
    OUTCOME_MARKS,
    StartResult,
    format_ms,
    outcome_name,
    summary,
)

IMPOSSIBLE_LEVEL = 255
#: Few to many, light to dark: the ramp of numeric heatmaps (log scale).
RAMP = ("#fff4c2", "#fdc46b", "#f3843d", "#d2473a", "#8f1f5a", "#3b1452")


def metric_name(metric: str) -> str:
    """A heatmap metric as the combo box says it (translated)."""
    tr = QCoreApplication.translate
    return {
        METRIC_OUTCOME: tr("Analysis", "Outcome"),
        METRIC_PUSHES: tr("Analysis", "Pushes"),
        METRIC_POPS: tr("Analysis", "Pops (backtracks)"),
        METRIC_TIME: tr("Analysis", "Time"),
    }[metric]



def ramp_colour(t: float) -> QColor:
    """The numeric ramp at ``t`` in 0..1."""
    t = max(0.0, min(1.0, t)) * (len(RAMP) - 1)
    i = min(int(t), len(RAMP) - 2)
    a, b = QColor(RAMP[i]), QColor(RAMP[i + 1])
    f = t - i
    def mixed(x: float, y: float) -> float:
        return x + (y - x) * f

    return QColor.fromRgbF(mixed(a.redF(), b.redF()), mixed(a.greenF(), b.greenF()),
                           mixed(a.blueF(), b.blueF()), mixed(a.alphaF(), b.alphaF()))


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


class HeatLegend(QWidget):
    """The heatmap's key: a colour ramp with its two ends, or a swatch per outcome."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.legend: Legend | None = None
        self._retranslate_ui()
        self.setMinimumHeight(self.fontMetrics().height() * 2 + 14)

    def _retranslate_ui(self) -> None:
        """Its name and tooltip in the installed language (the legend itself is worded as it is painted)."""
        self.setAccessibleName(self.tr("Heatmap legend"))
        self.setToolTip(self.tr("What the colours on the board mean"))
        self.setAccessibleDescription(self.describe())
        self.update()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate_ui()
        super().changeEvent(event)

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


