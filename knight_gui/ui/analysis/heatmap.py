"""The heatmap of an every-square run: colours per start square, and its legend.

Outcomes get a colour each; numeric metrics (pushes, pops, time) a ramp on
a log scale from the smallest to the largest value, so a start that took 60
pushes and one that took a million both read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from math import log10

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRectF, QSize, Qt, QTimer, SignalInstance
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QLinearGradient, QPainter, QPaintEvent
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
    #: (outcome kind, starts): every outcome for the outcome metric; for a numeric one, the starts a
    #: theorem rules out (no search: not on the ramp), if any
    swatches: tuple[tuple[str, int], ...] = ()

    @property
    def empty(self) -> bool:
        """Whether it has nothing to show (no results yet: ``build_heat`` gives no ramp without a start
        on it)."""
        return self.metric == METRIC_OUTCOME and not self.swatches


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
    ruled_out = len(results) - len(searched)
    swatches = ((OUTCOME_IMPOSSIBLE, ruled_out),) if ruled_out else ()
    if not values:  # (every start ruled out: the key is theirs alone; or no results yet: nothing)
        return HeatMap(board, levels, palette, labels), Legend(METRIC_OUTCOME, swatches=swatches)
    low, high = min(values), max(values)
    lo, hi = log10(1 + _scaled(low, metric)), log10(1 + _scaled(high, metric))
    for r, v in zip(searched, values, strict=True):
        t = 0.5 if hi == lo else (log10(1 + _scaled(v, metric)) - lo) / (hi - lo)
        levels[r.start] = 1 + round(253 * t)
        labels[r.start] = format_ms(v) if metric == METRIC_TIME else compact_number(v)
    return HeatMap(board, levels, palette, labels), Legend(metric, low, high, swatches)


def _scaled(value: float, metric: str) -> float:
    return value * 1e5 if metric == METRIC_TIME else value  # time on a 10 µs grid for the log


def legend_value_text(legend: Legend, value: float) -> str:
    """One end of a numeric legend's ramp: ``1,234`` or ``0.42 ms``."""
    if legend.metric == METRIC_TIME:
        return QCoreApplication.translate("HeatLegend", "%s ms") % format_ms(value)
    return f"{value:,.0f}"


def describe_legend(legend: Legend | None) -> str:
    """The legend in words: ``Pushes: 60 – 1,234``, or each outcome with its starts."""
    if legend is None:
        return ""
    if legend.metric == METRIC_OUTCOME:
        return ", ".join(f"{outcome_name(k)}: {n}" for k, n in legend.swatches)
    low, high = legend_value_text(legend, legend.low), legend_value_text(legend, legend.high)
    said = f"{metric_name(legend.metric)}: " + (_at_every_start(legend) if legend.low == legend.high
                                                 else f"{low} – {high}")
    return ", ".join([said, *(f"{outcome_name(k)}: {n}" for k, n in legend.swatches)])


def _at_every_start(legend: Legend) -> str:
    """A numeric key's one value, where every start has it: ``64 at every start``."""
    every = QCoreApplication.translate("HeatLegend", "%s at every start")
    return every % legend_value_text(legend, legend.low)


#: The legend's spacing, in the font's line heights: around it, between rows of swatches, after a
#: swatch's label; and a swatch's corner radius.
_INSET, _ROW_GAP, _SWATCH_GAP, _RADIUS = 0.25, 0.35, 0.8, 0.18
#: The ramp's bar, and the gap under it above the line of its ends, in line heights.
_BAR, _BAR_GAP = 0.9, 0.2


#: A row of a key's swatches: (the swatch's colour, or None for a word alone; its label; its width).
_Swatches = list[tuple[QColor | None, str, float]]


def _swatch_rows(legend: Legend, metrics: QFontMetricsF, width: float, named: bool = False
                 ) -> list[_Swatches]:
    """The outcome swatches as they wrap in ``width``; ``named``: first what they count, "Starts:"."""
    h = metrics.height()
    rows: list[_Swatches] = [[]]
    x = h * _INSET
    if named:
        heading = QCoreApplication.translate("HeatLegend", "Starts:")
        rows[0].append((None, heading, metrics.horizontalAdvance(heading) + h * _SWATCH_GAP / 2))
        x += rows[0][0][2]
    for kind, count in legend.swatches:
        label = f"{outcome_name(kind)} {count:,}"
        item = h * (1 + _INSET) + metrics.horizontalAdvance(label) + h * _SWATCH_GAP
        if x + item > width and rows[-1]:
            rows.append([])
            x = h * _INSET
        rows[-1].append((QColor(OUTCOME_COLOURS[kind]), label, item))
        x += item
    return rows


def legend_height(legend: Legend, font: QFont, width: float, named: bool = False) -> float:
    """The height ``paint_legend`` needs to draw ``legend`` in ``font`` across ``width``."""
    metrics = QFontMetricsF(font)
    h = metrics.height()
    if legend.metric == METRIC_OUTCOME:
        rows = len(_swatch_rows(legend, metrics, width, named))
        return h * (2 * _INSET + rows + (rows - 1) * _ROW_GAP)
    ruled_out = len(_swatch_rows(legend, metrics, width)) if legend.swatches else 0  # (under the ramp)
    return h * (2 * _INSET + _ramp_lines(legend) + ruled_out * (1 + _ROW_GAP))


def _ramp_lines(legend: Legend) -> float:
    """The height of a numeric key's ramp and its ends, in lines: one line where every start has one
    value (a swatch)."""
    return 1 if legend.low == legend.high else _BAR + _BAR_GAP + 1


def _paint_swatches(painter: QPainter, rows: list[_Swatches], left: float, top: float, h: float,
                    text: QColor) -> None:
    """Rows of swatches (``_swatch_rows``) from (``left``, ``top``)."""
    y = top
    for row in rows:
        x = left
        for colour, label, width in row:
            if colour is not None:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(colour)
                painter.drawRoundedRect(QRectF(x, y + h * 0.06, h * 0.88, h * 0.88), h * _RADIUS, h * _RADIUS)
            painter.setPen(text)
            painter.drawText(QRectF(x + h if colour is not None else x, y, width, h),  # (after the swatch)
                             int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), label)
            x += width
        y += h * (1 + _ROW_GAP)


def paint_legend(painter: QPainter, rect: QRectF, legend: Legend, font: QFont, text: QColor,
                 named: bool = False) -> None:
    """Draw ``legend`` in ``rect``: a swatch per outcome, or the ramp with its two ends.

    The one drawing of the key, for the Every square tab's ``HeatLegend`` and for exported images
    (``named``: it also says what it measures, which the tab's combo box says in the window).
    """
    metrics = QFontMetricsF(font)
    h = metrics.height()
    inset = h * _INSET
    painter.save()
    painter.setFont(font)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if legend.metric == METRIC_OUTCOME:
        _paint_swatches(painter, _swatch_rows(legend, metrics, rect.width(), named), rect.left() + inset,
                        rect.top() + inset, h, text)
        painter.restore()
        return
    if legend.swatches:  # the starts ruled out, under the ramp: their squares are not on it
        _paint_swatches(painter, _swatch_rows(legend, metrics, rect.width()), rect.left() + inset,
                        rect.top() + inset + h * (_ramp_lines(legend) + _ROW_GAP), h, text)
    if legend.low == legend.high:  # every start the same: the one colour the squares have (build_heat)
        said = _at_every_start(legend)
        row: _Swatches = [(ramp_colour(0.5), f"{metric_name(legend.metric)}: {said}" if named else said,
                rect.width() - 2 * inset - h)]
        _paint_swatches(painter, [row], rect.left() + inset, rect.top() + inset, h, text)
        painter.restore()
        return
    bar = QRectF(rect.left() + inset, rect.top() + inset, rect.width() - 2 * inset, h * _BAR)
    gradient = QLinearGradient(bar.topLeft(), bar.topRight())
    for i, colour in enumerate(RAMP):
        gradient.setColorAt(i / (len(RAMP) - 1), QColor(colour))
    painter.setPen(QColor(0, 0, 0, 60))
    painter.setBrush(gradient)
    painter.drawRoundedRect(bar, h * _RADIUS, h * _RADIUS)
    painter.setPen(text)
    below = QRectF(bar.left(), bar.bottom() + h * _BAR_GAP, bar.width(), h)
    scale = QCoreApplication.translate("HeatLegend", "log scale")
    middle = f"{metric_name(legend.metric)} · {scale}" if named else scale
    painter.drawText(below, int(Qt.AlignmentFlag.AlignLeft), legend_value_text(legend, legend.low))
    painter.drawText(below, int(Qt.AlignmentFlag.AlignHCenter), middle)
    painter.drawText(below, int(Qt.AlignmentFlag.AlignRight), legend_value_text(legend, legend.high))
    painter.restore()


class HeatLegend(QWidget):
    """The heatmap's key in the Every square tab (``paint_legend``)."""

    #: Whether the ramp says what it measures (``paint_legend``'s ``named``).
    named = False

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.legend: Legend | None = None
        self._retranslate_ui()

    def _retranslate_ui(self) -> None:
        """Its name and tooltip in the installed language (the legend itself is worded as it is painted)."""
        self.setAccessibleName(self.tr("Heatmap legend"))
        self.setToolTip(self.tr("What the colours on the board mean"))
        self.setAccessibleDescription(self.describe())
        self.updateGeometry()
        self.update()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.FontChange):
            self._retranslate_ui()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(260, self.minimumSizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Two lines: the ramp and its ends, or two rows of swatches."""
        return QSize(0, math.ceil(QFontMetricsF(self.key_font()).height() * (2 * _INSET + 2 + _ROW_GAP)))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        """As many rows as the outcome swatches wrap to at ``width``, at least two."""
        least = self.minimumSizeHint().height()
        if self.legend is None:
            return least
        return max(least, math.ceil(legend_height(self.legend, self.key_font(), width, self.named)))

    def key_font(self) -> QFont:
        """The font the key is drawn in: the widget's."""
        return self.font()

    def set_legend(self, legend: Legend | None) -> None:
        """Show ``legend`` (None: empty)."""
        self.legend = legend
        self.setAccessibleDescription(self.describe())
        self.updateGeometry()
        self.update()

    def describe(self) -> str:
        """The legend in words (for screen readers and tests)."""
        return describe_legend(self.legend)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        if self.legend is None:
            return
        with QPainter(self) as painter:
            paint_legend(painter, QRectF(self.rect()), self.legend, self.key_font(),
                         self.palette().windowText().color(), self.named)


class BoardKey(HeatLegend):
    """The heatmap's key under the board, shown while the colours are on the board and the Every
    square tab's own key is out of sight: in presentation mode, with the Analysis panel closed, behind
    another panel's tab, on another of its tabs or scrolled away from its key.  The colours never show
    without what they mean.

    It copies the tab's key (``page_legend``), and looks again whenever that key is shown or hidden
    or a signal given to ``watch`` says it may have come into sight or gone out of it; ``show_heat``
    is told what the board shows (``EverySquarePage.heat_changed``).  ``BoardArea`` places it.
    """

    named = True  # (the tab's combo box, which says what is measured, is out of sight too)
    #: Its width at most, in lines of its text (and no wider than the board's squares, but for ...
    EMS = 26
    #: ... its least width, which a narrow board's squares may not have).
    LEAST_EMS = 16
    #: Its text, as large as the board's coordinates rather than the panels' (read from the room).
    SCALE = 1.25

    def __init__(self, page_legend: HeatLegend, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board_key")
        self.page_legend = page_legend
        self.heat_shown = False
        self.hide()
        # (looked at once the event that moved the tab's key is over: its region is known then)
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(0)
        self._soon.timeout.connect(self.refresh)
        page_legend.installEventFilter(self)

    def watch(self, *signals: SignalInstance) -> None:
        """Look again whenever one of ``signals`` comes (a dock shown or put behind a tab, a scroll)."""
        for signal in signals:
            signal.connect(self._look_soon)

    def stop_looking(self) -> None:
        """The window closes: no look is due (its docks hidden as it goes are not looked at)."""
        self._soon.stop()

    def _look_soon(self, *_args: object) -> None:
        if self.window().isVisible():  # (not while the window closes: its docks are hidden then)
            self._soon.start()

    def _retranslate_ui(self) -> None:
        super()._retranslate_ui()
        self.setAccessibleName(self.tr("Heatmap key"))

    def key_font(self) -> QFont:
        """The widget's font, ``SCALE`` times as large."""
        font = QFont(self.font())
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * self.SCALE)
        else:
            font.setPixelSize(round(font.pixelSize() * self.SCALE))
        return font

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """At least ``LEAST_EMS`` lines wide, however narrow the board: a ramp's ends and name on one line."""
        least = super().minimumSizeHint()
        return QSize(math.ceil(QFontMetricsF(self.key_font()).height() * self.LEAST_EMS), least.height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """``EMS`` lines wide; the outcomes' swatches no wider than they need, so that they are centred."""
        metrics = QFontMetricsF(self.key_font())
        width = math.ceil(metrics.height() * self.EMS)
        if self.legend is not None and self.legend.metric == METRIC_OUTCOME:
            (row,) = _swatch_rows(self.legend, metrics, math.inf, self.named)
            width = min(width, math.ceil(metrics.height() * 2 * _INSET + sum(item for _, _, item in row)))
        return QSize(width, self.heightForWidth(width))

    def show_heat(self, heat: HeatMap | None) -> None:
        """The board shows ``heat`` now (None: no colours)."""
        self.heat_shown = heat is not None
        self.refresh()

    def page_key_in_sight(self) -> bool:
        """Whether any of the tab's key is on the screen (a dock behind another's tab is not hidden)."""
        legend = self.page_legend
        return legend.isVisible() and not legend.visibleRegion().isEmpty()

    def refresh(self) -> None:
        """The tab's key copied, and shown here where that one is out of sight while the board has colours."""
        legend = self.page_legend.legend
        if legend is not self.legend:
            self.set_legend(legend)
        self.setVisible(self.heat_shown and legend is not None and not legend.empty
                        and not self.page_key_in_sight())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.page_legend and event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            self.refresh()
            self._look_soon()
        return False
