"""File ▸ Export Animation…: the animation export's choices, and its progress with Cancel.

``AnimationDialog(parent, config, start, (first, last))`` offers what the
command line does (file and format, frames per second, most frames, size,
caption, loop, hold, and the part of the search: by default the events the
timeline holds, ``first`` to ``last`` as the timeline numbers them; ``last``
0 means up to the search's first outcome).  A run no search from the start
makes again (a student's, a path handed over, a file's own moves) is
animated from its recording (``recorded``), up to what the timeline holds; the
dialog says so, and says when the timeline holds more than an animation follows
(``held``, beyond ``animation.MAX_EVENTS``).
Export runs ``animation.export_animation`` on a QThread;
the dialog shows its progress and stays responsive, and Cancel stops it with
no file written.  ``exported`` is emitted with the result when the file is
written.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..tour.history import Recording
from . import animation, file_dialogs
from .animation import AnimationOptions, AnimationResult, ExportCancelled, SearchSettings
from .i18n import error_text
from .painting import COORDS_CHESS, LIGHT_THEME, Theme
from .workers import Cancelled, Worker, WorkerRunner


class _ExportWorker(Worker):
    """One export, run by the dialog's ``WorkerRunner``; ``result`` is the AnimationResult.

    Progress goes out through ``Worker.progressed``; the cancel token stops the
    export at its next frame (``ExportCancelled``: no file is written).
    """

    def __init__(self, config: SearchSettings, start: int, path: str, options: AnimationOptions,
                 recorded: Recording | None = None, head: str | None = None) -> None:
        super().__init__()
        self._args = (config, start, path, options)
        self._recorded, self._head = recorded, head

    def _progress(self, done: int, total: int) -> bool:
        self.progressed.emit(done, total)
        return not self.cancelled

    def work(self) -> AnimationResult:  # noqa: D102
        config, start, path, options = self._args
        return animation.export_animation(config, start, path, options, self._progress,
                                          recorded=self._recorded, head=self._head)


#: Where the format box keeps each item's format (its suffix is the item's data).
FORMAT_ROLE = Qt.ItemDataRole.UserRole + 1


class AnimationDialog(QDialog):
    """The choices of an animation export, then its progress; Cancel stops it (no file)."""

    exported = Signal(object)  #: AnimationResult, once the file is written

    def __init__(self, parent: QWidget | None, config: SearchSettings, start: int,
                 events: tuple[int, int], filename: str = "", coords: str = COORDS_CHESS,
                 theme: Theme = LIGHT_THEME, recorded: Recording | None = None,
                 head: str | None = None, held: int = 0, caption: bool | None = None) -> None:
        """``caption``: the caption box's first state (None: the options' default); the window
        passes File ▸ Caption on exported images."""
        super().__init__(parent)
        self._coords, self._theme = coords, theme  # as the board shows them
        self.recorded, self.head = recorded, head  # (see the module's text)
        self.setWindowTitle(self.tr("Export Animation"))
        self.config = config
        self.start = start
        first, last = events
        self.runner = WorkerRunner("animation export", self)
        self.runner.done.connect(self._on_done)
        self._close_when_done = False
        self.written: AnimationResult | None = None
        self.error = ""

        self.path_edit = QLineEdit(filename or str(Path.home() / "knights-tour.gif"))
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(browse)
        # The format, seen and chosen (it was only the file name's suffix): choosing one gives the
        # name its suffix; a name typed with another suffix shows its format here.
        self.format_combo = QComboBox()
        for suffix, fmt in self._format_choices():
            self.format_combo.addItem("", suffix)
            self.format_combo.setItemData(self.format_combo.count() - 1, fmt, FORMAT_ROLE)
        self.format_combo.activated.connect(self._format_chosen)

        defaults = AnimationOptions()
        self.fps_spin = QDoubleSpinBox()
        self.fps_spin.setRange(0.5, animation.FPS_RANGE[1])
        self.fps_spin.setDecimals(1)
        self.fps_spin.setValue(defaults.fps)
        self.frames_spin = QSpinBox()
        self.frames_spin.setRange(animation.MAX_FRAMES_MIN, 100_000)
        self.frames_spin.setValue(defaults.max_frames)
        self.frames_spin.setToolTip(self.tr("A longer search is sampled evenly: every k-th event"))
        self.px_spin = QSpinBox()
        self.px_spin.setRange(*animation.PX_RANGE)
        self.px_spin.setSuffix(self.tr(" px"))
        self.px_spin.setValue(defaults.px)
        self.hold_spin = QDoubleSpinBox()
        self.hold_spin.setRange(0.0, animation.MAX_HOLD)
        self.hold_spin.setSuffix(self.tr(" s"))
        self.hold_spin.setValue(defaults.hold)
        self.caption_check = QCheckBox(self.tr("Caption: board, start, algorithm, pushes and pops"))
        self.caption_check.setChecked(defaults.caption if caption is None else caption)
        self.loop_check = QCheckBox(self.tr("Loop"))
        self.loop_check.setChecked(defaults.loop)
        self.first_spin = QSpinBox()
        self.last_spin = QSpinBox()
        for spin in (self.first_spin, self.last_spin):
            spin.setRange(0, animation.MAX_EVENTS)
            spin.setGroupSeparatorShown(True)
        self.last_spin.setSpecialValueText(self.tr("the search's first outcome"))  # shown at 0
        # What is animated, when it is not a new search from the start, and where the timeline holds
        # more than an animation follows (``held``: the events it holds).
        held = max(held, len(recorded) if recorded is not None else 0)
        notes = []
        if recorded is not None:
            for spin in (self.first_spin, self.last_spin):
                spin.setMaximum(len(recorded))
            self.last_spin.setSpecialValueText(self.tr("the run's first outcome, or its end"))
            notes.append(self.tr(
                "The run shown is animated as the timeline holds it (%1 events): a new search from the "
                "start would not make it again.").replace("%1", f"{held:,}"))
        if held > animation.MAX_EVENTS:
            notes.append(self.tr("An animation follows at most its first %1 events; the timeline holds %2.")
                         .replace("%1", f"{animation.MAX_EVENTS:,}").replace("%2", f"{held:,}"))
        self.source_note = QLabel("\n".join(notes))
        self.source_note.setWordWrap(True)
        self.source_note.setVisible(bool(notes))
        self.first_spin.setValue(min(first, animation.MAX_EVENTS))  # (a Python int past 2**31: no spin value)
        self.last_spin.setValue(min(max(last, 0), animation.MAX_EVENTS))

        form = QFormLayout()
        form.addRow(self.tr("File:"), path_row)
        form.addRow(self.tr("Format:"), self.format_combo)
        form.addRow(self.tr("Frames per second:"), self.fps_spin)
        form.addRow(self.tr("At most frames:"), self.frames_spin)
        form.addRow(self.tr("Size:"), self.px_spin)
        form.addRow(self.tr("Hold the end:"), self.hold_spin)
        form.addRow(self.tr("From event:"), self.first_spin)
        form.addRow(self.tr("To event:"), self.last_spin)
        form.addRow(self.caption_check)
        form.addRow(self.loop_check)

        self.note = QLabel()
        self.note.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = self.buttons.addButton(self.tr("Export"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.export)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.source_note)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(self.progress)
        layout.addWidget(self.buttons)
        self.path_edit.textChanged.connect(self._check)
        self.path_edit.textChanged.connect(self._show_format)
        self.format_combo.currentIndexChanged.connect(self._check)
        for spin in (self.first_spin, self.last_spin):
            spin.valueChanged.connect(self._check)
        self.path_edit.setMinimumWidth(self.fontMetrics().averageCharWidth() * 40)
        self._retranslate_formats()
        self._show_format()
        self._check()

    # -- choices -----------------------------------------------------------------------

    def options(self) -> AnimationOptions:
        """The options as the dialog shows them."""
        return AnimationOptions(fps=self.fps_spin.value(), max_frames=self.frames_spin.value(),
                                px=self.px_spin.value(), caption=self.caption_check.isChecked(),
                                loop=self.loop_check.isChecked(), hold=self.hold_spin.value(),
                                start_event=self.first_spin.value(), end_event=self.last_spin.value() or None,
                                coords=self._coords, theme=self._theme)

    @staticmethod
    def _format_choices() -> list[tuple[str, str]]:
        """(suffix, format) of the formats offered (MP4 too where ffmpeg is not found: chosen, the dialog
        says what it needs)."""
        return [(".gif", "gif"), (".webp", "webp"), (".apng", "apng"), (".mp4", "mp4")]

    def _retranslate_formats(self) -> None:
        names = {"gif": self.tr("GIF (slides, web pages, chat)"),
                 "webp": self.tr("WebP (smaller; web pages)"),
                 "apng": self.tr("APNG (animated PNG: full colour)"),
                 "mp4": self.tr("MP4 video") if shutil.which("ffmpeg") else
                 self.tr("MP4 video (needs ffmpeg)")}
        for index in range(self.format_combo.count()):
            self.format_combo.setItemText(index, names[self.format_combo.itemData(index, FORMAT_ROLE)])

    @Slot()
    def _show_format(self) -> None:
        """The format box shows the format the file's name asks for (as it was, for a name without one)."""
        fmt = animation.format_of(self.path_edit.text())
        index = self.format_combo.findData(fmt, FORMAT_ROLE)
        if index >= 0:
            self.format_combo.setCurrentIndex(index)
        self.path_edit.setToolTip(self.path_edit.text())  # (the whole of a long path)

    @Slot(int)
    def _format_chosen(self, index: int) -> None:
        """A format chosen: the file's name takes its suffix (replacing an animation's suffix)."""
        suffix = self.format_combo.itemData(index)
        text = self.path_edit.text().strip()
        if not text or animation.format_of(text) == self.format_combo.itemData(index, FORMAT_ROLE):
            return
        path = Path(text)
        stem = text[: len(text) - len(path.suffix)] if path.suffix.lower() in animation.FORMATS else text
        self.path_edit.setText(stem + suffix)

    def _formats(self) -> str:
        kinds = [self.tr("GIF (*.gif)"), self.tr("WebP (*.webp)"), self.tr("APNG (*.apng *.png)")]
        if shutil.which("ffmpeg"):
            kinds.append(self.tr("MP4 video (*.mp4)"))
        return ";;".join(kinds)

    @Slot()
    def _browse(self) -> None:
        name, _ = file_dialogs.save_file_name(self, self.tr("Export Animation"), self.path_edit.text(),
                                              self._formats())
        if name:
            self.path_edit.setText(name)

    def target(self) -> str:
        """The file to write: the name as typed, with the chosen format's suffix where it has none."""
        text = self.path_edit.text().strip()
        if text and not Path(text).suffix and not text.endswith(("/", os.sep)):
            text += self.format_combo.currentData() or ""
        return text

    def _range_problem(self) -> str:
        """Why the range of events cannot be animated ("": it can)."""
        first, last = self.first_spin.value(), self.last_spin.value()
        if last and last < first:  # (0: to the search's first outcome)
            return self.tr("“To event” (%1) comes before “From event” (%2).").replace(
                "%1", f"{last:,}").replace("%2", f"{first:,}")
        return ""

    @Slot()
    def _check(self) -> None:
        """Say what keeps the export from working (the format, Pillow, ffmpeg, the range); grey Export out."""
        fmt = animation.format_of(self.target())
        problem = ""
        if fmt is None:
            problem = self.tr("Name the file .gif, .webp, .apng or .mp4, or choose its format above.")
        elif fmt != "mp4" and not animation.pillow_available():
            problem = self.tr("GIF, WebP and APNG export needs Pillow: %1").replace("%1",
                                                                                  animation.PILLOW_HINT)
        elif fmt == "mp4" and shutil.which("ffmpeg") is None:
            problem = self.tr("MP4 needs the ffmpeg program, which was not found.")
        else:  # (said as it is typed, as a file's name is)
            problem = self._range_problem()
        self.note.setText(problem)
        self.export_button.setEnabled(not problem and not self.runner.running)

    # -- the export ---------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether an export is under way."""
        return self.runner.running

    @Slot()
    def export(self) -> None:
        """Start the export on a worker thread (the dialog stays open and shows progress)."""
        if self.runner.running:
            return
        options = self.options()
        if self._range_problem():  # (options.problems() says it too, in the command line's words)
            self._check()
            return
        problems = options.problems()  # (the spin boxes' ranges keep the rest out)
        if problems:
            self.note.setText(problems[0])
            return
        path = self.target()
        self.error = ""
        self.note.setText(self.tr("Counting the events…"))
        self.progress.setRange(0, 0)
        self.progress.setVisible(True)
        self.export_button.setEnabled(False)
        worker = _ExportWorker(self.config, self.start, os.path.expanduser(path), options, self.recorded,
                               self.head)
        worker.progressed.connect(self._on_progressed)
        self.runner.start(worker)

    @Slot(int, int)
    def _on_progressed(self, done: int, total: int) -> None:
        if total:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
            self.note.setText(self.tr("Frame %1 of %2").replace("%1", str(done)).replace("%2", str(total)))

    @Slot(object)
    def _on_done(self, worker: Worker) -> None:
        """The export's thread has stopped: the file is written, or why not."""
        error = worker.error
        if error is None and isinstance(worker.result, AnimationResult):
            self.written = worker.result
            self.exported.emit(worker.result)
        elif isinstance(error, (ExportCancelled, Cancelled)) or (error is None and worker.cancelled):
            self.error = ""
        elif isinstance(error, OSError):  # ExportError: one line
            self.error = " ".join(error_text(error).split())
        else:
            self.error = f"{type(error).__name__}: {error}"
        self.progress.setVisible(False)
        self._check()  # (Export again, unless the file's name is the problem: that is said then)
        if self.written is None and not self.note.text():
            self.note.setText(self.error or self.tr("Cancelled: no file was written."))
        if self.written is not None:
            self.accept()
        elif self._close_when_done:
            super().reject()

    def done(self, result: int) -> None:  # noqa: D102 - Qt override
        super().done(result)
        self.recorded = None  # (a copy of up to millions of events, not kept once the dialog is closed)

    def cancel_export(self) -> None:
        """Stop a running export (no file is written); the dialog stays open."""
        self.runner.cancel()

    def reject(self) -> None:
        """Cancel: stops a running export first, then closes once it has stopped."""
        if self.runner.running:
            self._close_when_done = True
            self.cancel_export()
            return
        super().reject()

    def wait_for_export(self, msecs: int = 60_000) -> bool:
        """Stop a running export for shutting down (waits at most ``msecs``); True if none is left running."""
        if not self.runner.running:
            return True
        self.runner.stop(msecs)
        return not self.runner.running
