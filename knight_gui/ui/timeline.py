"""The timeline: a slider over every event so far, and the run-to controls.

Dragging the slider (or clicking beside its handle, PageUp / PageDown while
it has the focus) shows the board, the stack and the counters exactly as they
were after that event: ``player.seek``, which restores the nearest checkpoint
and replays at most a few thousand events, so even after millions of events a
jump takes less than a frame.  Playing from there continues the search from
that event.  The bar also holds First event (Home), Run to next backtrack
(Ctrl+B) and Go to move (Ctrl+G), and says where in the history the view is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Slot
from PySide6.QtWidgets import QSizePolicy, QSlider, QToolBar, QWidget

from .player import TourPlayer
from .steady import Relaxing, SteadyLabel

if TYPE_CHECKING:
    from .teaching import Teaching

#: The slider's largest value: beyond this many events one step of it is several events.
SLIDER_MAX = 1 << 30


class Timeline(QToolBar):
    """A tool bar with the event slider, the position in words and the run-to actions."""

    def __init__(self, player: TourPlayer, teaching: Teaching, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.setObjectName("timeline_toolbar")
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setObjectName("timeline_slider")
        self.slider.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.slider.setMinimumWidth(160)
        self.slider.setTracking(True)
        self.label = SteadyLabel(self)  # (its text changes every frame: see steady)
        self.label.setObjectName("timeline_label")
        self.label.setContentsMargins(8, 0, 8, 0)  # (apart from the slider and the next button)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.addAction(teaching.first_action)
        self.addWidget(self.slider)
        self.addWidget(self.label)
        self.addAction(teaching.backtrack_action)
        self.addAction(teaching.go_to_move_action)
        self._updating = False
        self._scale = 1  # events per step of the slider (more than one after 2**30 events)
        self._retranslate_static()
        self.slider.valueChanged.connect(self._on_value_changed)
        self.slider.sliderPressed.connect(player.pause)
        player.changed.connect(self.refresh)
        # (a new search, or runs stopped: the room kept is given back, see steady)
        self.relaxing = Relaxing(player, self.label.relax, self)
        self.refresh()

    def _retranslate_static(self) -> None:
        tr = self.tr
        # (the longest expected, in the language shown: measured before, in English)
        self.label.least_text = tr("Event %s of %s") % ("10,000,000", "10,000,000")
        self.setWindowTitle(tr("Timeline"))
        self.slider.setAccessibleName(tr("Timeline"))
        self.slider.setToolTip(tr("Every event so far: drag to see the board and the stack as they were "
                                  "after any of them; playing goes on from there"))
        self.label.setAccessibleName(tr("Position in the history"))

    def retranslate_ui(self) -> None:
        """Texts again in the installed language (after a language switch)."""
        self._retranslate_static()
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()

    @Slot()
    def refresh(self) -> None:
        """Follow the player: the range grows with the history, the handle shows ``pos``."""
        player = self.player
        total = len(player.history)
        self._scale = scale = -(-total // SLIDER_MAX) if total > SLIDER_MAX else 1  # a slider holds an int
        self._updating = True
        try:
            self.slider.setEnabled(total > 1)
            self.slider.setRange(1, max(1, total // scale))
            self.slider.setPageStep(max(1, total // scale // 20))
            self.slider.setValue(max(1, player.pos // scale))
        finally:
            self._updating = False
        if total:
            self.label.setText(self.tr("Event %s of %s") % (f"{player.pos:,}", f"{total:,}"))
        else:
            self.label.setText(self.tr("No events yet"))
        spilled = player.history.spilled
        self.label.setToolTip(self.tr("Every event can be stepped to; the oldest %s are kept compressed in a "
                                      "temporary file, so the window's memory stays bounded")
                              % f"{spilled:,}" if spilled else "")

    @Slot(int)
    def _on_value_changed(self, value: int) -> None:
        if self._updating or value == self.player.pos // self._scale:
            return
        self.player.pause()
        self.player.seek(value * self._scale)
