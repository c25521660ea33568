"""Qt's own controls at the window's text size: check boxes, radio buttons, spin boxes and
sliders grow with the text (View ▸ Text Size, presentation mode).

The text size grows the window's font, and with it every text; but Fusion draws the controls' own
parts at sizes fixed in pixels: at 250% on a projector the "Closed" check box was a 13-pixel box
beside 40-pixel letters, the board size's spin arrows 8 pixels high, the sliders' handles a
third of a letter's height.

``ControlStyle`` is a proxy of the application's style given to those controls alone (not to
the whole application: the stack table's cells and the board call the style thousands of times a
frame, and a style written in Python would answer each call in Python):

- the sizes in ``SCALED_METRICS`` (a check box's and a radio button's box, a slider's handle) are
  multiplied by the text size;
- spin boxes are drawn and measured as Fusion draws them on a screen of that many more dots per
  inch: their option's font metrics report the scaled DPI, from which Fusion takes its arrows' and
  buttons' sizes.  Their text is their line edit's, so nothing else reads those metrics.  (Not
  combo boxes: Fusion lays out their label with the option it was given, unscaled, and the label
  ran under the larger arrow.)
- Not the docks' title buttons: their icons are pixmaps no larger than Fusion drew them.

``ControlSizes`` gives the style to every such control of the application's windows when the text
size changes, and, while the text is larger than the desktop's, to those made later (a dialog, the
Analysis panel) as Qt polishes them.  At 100% the controls are Fusion's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject, QRect, QSize
from PySide6.QtGui import QFontMetrics, QImage, QPainter
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QProxyStyle,
    QRadioButton,
    QSlider,
    QStyle,
    QStyleOption,
    QStyleOptionComplex,
    QStyleOptionSpinBox,
    QWidget,
)

#: Metrics multiplied by the text size.
SCALED_METRICS = frozenset({
    QStyle.PixelMetric.PM_IndicatorWidth,
    QStyle.PixelMetric.PM_IndicatorHeight,
    QStyle.PixelMetric.PM_ExclusiveIndicatorWidth,
    QStyle.PixelMetric.PM_ExclusiveIndicatorHeight,
    QStyle.PixelMetric.PM_SliderLength,
    QStyle.PixelMetric.PM_SliderThickness,
    QStyle.PixelMetric.PM_SliderControlThickness,
})
#: Controls drawn as on a screen of more dots per inch.
_DPI_CONTROLS = (QStyle.ComplexControl.CC_SpinBox,)
_DPI_CONTENTS = (QStyle.ContentsType.CT_SpinBox,)
_INCHES_PER_METRE = 39.37007874015748


def is_control(widget: QWidget) -> bool:
    """Whether ``widget`` is one of the controls whose parts grow with the text."""
    return isinstance(widget, (QCheckBox, QRadioButton, QAbstractSpinBox, QSlider))


class ControlStyle(QProxyStyle):
    """The application's style, with the controls' parts ``factor`` times as large."""

    def __init__(self) -> None:
        super().__init__()  # (no base style given: the application's own, made again)
        self.factor = 1.0
        self._devices: dict[float, QImage] = {}  # by the screen's DPI: an image of factor times as many
        self._inside = False  # inside a call given a scaled option (see ``_given``)

    def set_factor(self, factor: float) -> None:
        """Controls ``factor`` times as large as the style's (1.0: as they are)."""
        self.factor = factor
        self._devices.clear()

    def _scaled(self, option: QStyleOption, widget: QWidget | None) -> QStyleOption:
        """A copy of ``option`` whose font metrics report ``factor`` times its DPI (of ``widget``'s font,
        as Qt fills them in)."""
        copy: QStyleOption
        if not isinstance(option, QStyleOptionSpinBox):
            return option
        copy = QStyleOptionSpinBox(option)
        dpi = option.fontMetrics.fontDpi()
        device = self._devices.get(dpi)
        if device is None:
            device = self._devices[dpi] = QImage(1, 1, QImage.Format.Format_ARGB32)
            dots = round(dpi * self.factor * _INCHES_PER_METRE)
            device.setDotsPerMeterX(dots)
            device.setDotsPerMeterY(dots)
        font = widget.font() if widget is not None else QApplication.font()
        copy.fontMetrics = QFontMetrics(font, device)
        return copy

    # (PySide6's stubs for QProxyStyle refuse None, which is Qt's nullptr: a style is asked without
    # a widget or an option too)
    def pixelMetric(self, metric: QStyle.PixelMetric, option: QStyleOption | None = None,  # noqa: N802
                    widget: QWidget | None = None) -> int:
        value = super().pixelMetric(metric, option, widget)
        if self.factor != 1.0 and metric in SCALED_METRICS:
            return round(value * self.factor)
        return value

    @contextmanager
    def _given(self, kind: object, kinds: tuple[object, ...], option: QStyleOption,
               widget: QWidget | None) -> Iterator[QStyleOption]:
        """The option to hand the base style for a ``kind`` of control: a scaled copy (see
        ``_scaled``) if ``kind`` is one of ``kinds`` drawn at a higher DPI, else ``option`` itself.
        While the base style answers with the copy, its calls back to this style are not scaled
        again (the spin box's buttons were drawn 2.5 × 2.5 times as wide)."""
        if self.factor == 1.0 or self._inside or kind not in kinds:
            yield option
            return
        self._inside = True
        try:
            yield self._scaled(option, widget)
        finally:
            self._inside = False

    def subControlRect(self, control: QStyle.ComplexControl, option: QStyleOptionComplex,  # noqa: N802
                       sub: QStyle.SubControl, widget: QWidget | None = None) -> QRect:
        with self._given(control, _DPI_CONTROLS, option, widget) as given:
            return super().subControlRect(control, given, sub, widget)  # type: ignore[arg-type]

    def drawComplexControl(self, control: QStyle.ComplexControl, option: QStyleOptionComplex,  # noqa: N802
                           painter: QPainter, widget: QWidget | None = None) -> None:
        with self._given(control, _DPI_CONTROLS, option, widget) as given:
            super().drawComplexControl(control, given, painter, widget)  # type: ignore[arg-type]

    def sizeFromContents(self, kind: QStyle.ContentsType, option: QStyleOption,  # noqa: N802
                         size: QSize, widget: QWidget | None = None) -> QSize:
        with self._given(kind, _DPI_CONTENTS, option, widget) as given:
            return super().sizeFromContents(kind, given, size, widget)  # type: ignore[arg-type]


class ControlSizes(QObject):
    """Gives ``ControlStyle`` at the text size to the controls of ``window`` and of its dialogs
    (see the module)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.style = ControlStyle()
        self.style.setParent(self)
        self._watching = False

    @property
    def factor(self) -> float:
        return self.style.factor

    def set_percent(self, percent: int) -> None:
        """The controls at ``percent`` of their size (the text size, in percent)."""
        factor = percent / 100
        if factor == self.style.factor:
            return
        self.style.set_factor(factor)
        for top in QApplication.topLevelWidgets():
            if self._belongs(top):
                for widget in (top, *top.findChildren(QWidget)):
                    if is_control(widget):
                        self._adopt(widget)
        self._watch(factor != 1.0)

    def _belongs(self, widget: QWidget) -> bool:
        """Whether ``widget`` is in the window or in a window of its own made for it (a dialog)."""
        top: QObject | None = widget.window()
        while top is not None:
            if top is self.window:
                return True
            top = top.parent()
        return False

    def _adopt(self, widget: QWidget) -> None:
        if widget.style() is not self.style:
            widget.setStyle(self.style)  # (its layout and size hints follow: Qt sends StyleChange)
        else:  # the same style at another size: measured again
            QApplication.sendEvent(widget, QEvent(QEvent.Type.StyleChange))
            widget.updateGeometry()
            widget.update()

    def _watch(self, on: bool) -> None:
        app = QApplication.instance()
        if on != self._watching and app is not None:
            if on:
                app.installEventFilter(self)
            else:
                app.removeEventFilter(self)
            self._watching = on

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """A control of the window's polished (about to show for the first time) takes the style."""
        if event.type() == QEvent.Type.Polish and isinstance(watched, QWidget) and is_control(watched) \
                and watched.style() is not self.style and self._belongs(watched):
            watched.setStyle(self.style)
        return False

    def release(self) -> None:
        """Stop watching for new controls (the window closes)."""
        self._watch(False)
