"""Fuzz the real main window with random sequences of user actions.

A hypothesis ``RuleBasedStateMachine`` opens a fresh ``MainWindow`` per
sequence and drives it as a user would: clicks on any square or beside the
board, the run keys, speed, board size (also typed, badly), algorithm,
tie-break and closed changes, exports to good and bad paths, resizes, closing
and reopening, every other action by its shortcut, and lets the timer run.
It also enters, uses and leaves the modes, interleaved with all of that:
the Lessons, Play Yourself (moves legal and not, take-backs and redos,
hints, where it went wrong, the hand-over to the search, the comparison,
saving), Practice (guesses right and wrong, hints), a student's solver
(File ▸ Open Solver…: the examples and four mistakes, run step by step or
to the end) and the animation export dialog (cancelled, exported, bad
paths, cancelled mid-export).  After every action it checks what the user
sees against the engine:

* no exception in a slot or event handler, and no Qt warning;
* the board shows numbers 1..k on distinct squares, each a knight's move
  from the one before, and k is the depth of the engine's stack; in Play
  Yourself, the student's path instead (the legal next squares outlined,
  the search put aside until the mode is left);
* the counters agree with the event history (pushes + pops + outcomes ==
  the position in it) and with the status bar;
* the enabled actions make sense (Step is enabled iff there is a next
  event, Step back iff there is one to undo, ...; in Play Yourself ← and →
  take moves back and again);
* practising, the search waits for each guess, and the guess asked for is
  the event that comes next; no dialog, export or student's solver is left
  open or running after an action.

Each mode's rule checks what it promises: a lesson's board, start,
algorithm and speed (and its claim, run to its first outcome); an illegal
move refused with its reason; an undo that takes back exactly the last
move; a guess scored and played; a student's mistake ending the run with
its reason; an animation written, or nothing written and the window as it
was.  The rules that act on the knight are mode-aware where the mode
changes what a click or a key does.

Profiles:

* ``quick``: 20 sequences of 30 actions, a few seconds: in the default run;
* ``ci``: 200 sequences of 30 actions, a minute or two: in the long checks
  (``python -m pytest -m slow``), which CI runs too;
* ``nightly``: 2,000 sequences of 60 actions, by hand:
  ``HYPOTHESIS_PROFILE=nightly python -m pytest tests/ui/test_fuzz.py -n 0 -s`` (in one process, so
  that ``-s`` shows what it counted)
  (``HYPOTHESIS_PROFILE`` names the profile every run of the test takes).

The profiles are applied to this test only; they are not loaded globally.

Nothing depends on timing, so a failure always replays (hypothesis prints
the blob to reproduce it, ``print_blob``): the player's timer is a
``ManualTimer`` that ticks only when a rule says so, the player reads a
``FakeClock`` (``player.clock``, the clock contract: every tick applies the
same events on every run, and the glow of backtracked squares fades by the
same clock), and a batch of every start is waited for to its end or
cancelled at once, never "for a moment"; so are Play Yourself's jobs, the
animation export and a student's solver (its run is over, every event it
made buffered, before the next action: none arrives during one).
"""

from __future__ import annotations

import inspect
import os
import threading
import time
import traceback
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QPointF, QRectF, QSettings, Qt, QThread, QTimer
from PySide6.QtGui import QColor, QImage, QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QInputDialog,
    QMessageBox,
    QSlider,
)

from knight_gui.tour import ALGORITHMS, OUTCOMES, TIE_BREAKS, Outcome, Pop, Push, Search, tie_break_used
from knight_gui.tour.algorithms import CONSTRUCTED
from knight_gui.tour.play import REFUSED_NOT_A_MOVE, REFUSED_OVER, REFUSED_VISITED
from knight_gui.tour.rules import impossible
from knight_gui.tour.validate import is_tour
from knight_gui.ui import file_dialogs
from knight_gui.ui.export import key_band
from knight_gui.ui.lessons import LESSONS, plain_title, tr_lesson
from knight_gui.ui.player import SPEEDS
from tests.ui.conftest import _ours, show_active

_COMMON = dict(deadline=None, print_blob=True, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large])
#: Steps count the opening step (choose a board, click a square) too, hence the +1.  Every
#: sequence runs all its steps (``_min_steps``, below); the test checks how many did.
PROFILES = {
    "ci": settings(max_examples=220, stateful_step_count=31, **_COMMON),
    "nightly": settings(max_examples=2200, stateful_step_count=61, **_COMMON),
    "quick": settings(max_examples=20, stateful_step_count=31, **_COMMON),
}
#: Full-length sequences each profile must run.
MIN_SEQUENCES = {"ci": 200, "nightly": 2000, "quick": 10}
for _name, _profile in PROFILES.items():
    settings.register_profile(f"knight-fuzz-{_name}", _profile)


def profile_name(default: str) -> str:
    """The profile named by HYPOTHESIS_PROFILE (ci, nightly or quick); ``default`` otherwise."""
    name = os.environ.get("HYPOTHESIS_PROFILE", default)
    return name if name in PROFILES else default


#: Figures of the last run, printed at the end of the test.
STATS: Counter = Counter()
STEPS_PER_SEQUENCE: list[int] = []

#: The node budget of every start in a batch of every start (the user's own, set in its tab).
BATCH_BUDGET = 2000

#: Ctrl+Shift, for the modes' keys.
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
#: Board sides: mostly small (cheap, full of outcomes), sometimes large.
SIDES = st.integers(1, 8) | st.integers(3, 8) | st.sampled_from([10, 12, 20, 30, 100])
#: Things typed into a size box: good, out of range and nonsense.
#: (ASCII only: QTest aborts on keys it has no code for.)
TYPED = st.sampled_from(["5", "6", "8", "12", "0", "-3", "101", "9999", "abc", "", " ", "7x", "1e3", "+4",
                         "0x8"])
#: Actions driven by their own rules, with stronger checks, or that open modal dialogs.
_OWN_RULES = {"play_action", "step_action", "back_action", "finish_action", "reset_action", "faster_action",
              "slower_action", "export_action", "about_action"}

#: The course's example solvers (File ▸ Open Solver…), and four mistakes of a student's, written here.
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SOLVERS = {
    "recursive": EXAMPLES / "recursive.py",
    "warnsdorff stack": EXAMPLES / "warnsdorff_stack.py",
    "forgot to unmark": EXAMPLES / "forgot_to_unmark.py",
    "not a knight's move": "def solve(rows, cols, start):\n    yield 'push', start\n"
                           "    yield 'push', (start[0], (start[1] + 1) % cols)\n",
    "back onto the stack": "def solve(rows, cols, start):\n    r, c = start\n    yield 'push', start\n"
                           "    for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1),\n"
                           "                   (1, -2), (2, -1), (-1, -2), (-2, -1)):\n"
                           "        if 0 <= r + dr < rows and 0 <= c + dc < cols:\n"
                           "            yield 'push', (r + dr, c + dc)\n            break\n"
                           "    yield 'push', start\n",
    "raises": "def solve(rows, cols, start):\n    yield 'push', start\n    raise ValueError('my mistake')\n",
    "not a solver": "def solve(rows, cols, start:\n    yield 'push', start\n",
}
#: Those whose run must end with an illegal event (on boards of more than one square).
ILLEGAL_SOLVERS = ("not a knight's move", "back onto the stack")
#: The events a student's run may make here (all of them checked, and buffered before a rule goes on).
SOLVER_EVENTS = 600  # (recursive.py recurses once a push: well within the child's stack)
#: Solvers run in one sequence at most (each is a child process: about 0.1 s); then the dialog is cancelled.
SOLVER_RUNS = 2
#: A lesson's claim is checked by running it to its first outcome when it has at most this many events
#: (all but the two long ones: test_lessons checks every claim against the engine).
LESSON_EVENTS = 1000


def click(qtbot, widget, point: QPointF | QPoint, button=Qt.MouseButton.LeftButton) -> None:
    qtbot.mouseClick(widget, button, pos=QPointF(point).toPoint())


def key_of(action) -> tuple[Qt.Key, Qt.KeyboardModifier] | None:
    """The key and modifiers of an action's first shortcut, or None."""
    shortcut = action.shortcut()
    if shortcut.isEmpty():
        return None
    combination = shortcut[0]
    return combination.key(), combination.keyboardModifiers()


class FakeClock:
    """A clock for ``player.clock``: each reading is ``STEP`` seconds after the one before.

    A tick at the highest speed runs until its frame budget is used: 10 ms,
    so ten readings, whatever the machine and its load.
    """

    STEP = 0.001

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += self.STEP
        return self.now

    def peek(self) -> float:
        """The time now, without moving it (for the board's glow)."""
        return self.now


class ManualTimer(QTimer):
    """The player's timer, ticking only when ``tick`` is called: active or not as the player says."""

    def __init__(self, parent) -> None:
        super().__init__(parent)
        self._active = False

    def start(self, msec: int | None = None) -> None:  # noqa: D102 - QTimer's
        if msec is not None:
            self.setInterval(msec)
        self._active = True

    def stop(self) -> None:  # noqa: D102
        self._active = False

    def isActive(self) -> bool:  # noqa: N802, D102
        return self._active


def install_manual_time(win) -> FakeClock:
    """Make ``win`` independent of wall time: a manual player timer and a fake clock (see the docstring)."""
    player = win.player
    clock = FakeClock()
    player.clock = clock
    real = player._timer
    manual = ManualTimer(player)
    manual.setInterval(real.interval())
    if real.isActive():
        manual.start()
    real.stop()
    real.timeout.disconnect()
    manual.timeout.connect(player._tick)
    player._timer = manual
    return clock


class _WidgetTime:
    """``time`` for board_widget: its glow reads the fake clock of the widget's window."""

    def __init__(self) -> None:
        self.clock = None

    def monotonic(self) -> float:
        return self.clock() if self.clock is not None else time.monotonic()

    def __getattr__(self, name: str):
        return getattr(time, name)


WIDGET_TIME = _WidgetTime()


def make_window(tmp_path: Path):
    """A main window as the ``window`` fixture makes it, with settings kept in ``tmp_path``."""
    from knight_gui.ui.main_window import MainWindow

    if "settings" in inspect.signature(MainWindow.__init__).parameters:
        store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        store.clear()
        return MainWindow(settings=store)
    return MainWindow()


class Dialogs:
    """Stand-ins for every modal dialog: answers are set by the machine, calls are recorded.

    File dialogs answer once: the machine sets the answer for the next dialog
    of a kind, told apart by the suffix of the suggested name (".png",
    ".json", ...: it does not change with the language).  A dialog nobody set
    an answer for writes to a fresh file in ``other`` (an SVG or CSV export
    of a feature the machine drives only through ``any_other_action``) or,
    for opening, is cancelled.
    """

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.save_answers: dict[str, str] = {}
        self.open_answer = ""
        self.int_answer: tuple[int, bool] = (0, False)
        self.calls: list[tuple[str, str]] = []
        self._others = 0

    def install(self, monkeypatch) -> None:
        def save_name(parent, caption="", directory="", filter="", *args, **kwargs):
            suffix = Path(directory).suffix.lower()
            self.calls.append(("save", suffix))
            if suffix in self.save_answers:
                return self.save_answers.pop(suffix), filter
            self._others += 1
            other = self.tmp / "other"
            other.mkdir(exist_ok=True)
            return str(other / f"file-{self._others}{suffix}"), filter

        def open_name(parent, caption="", directory="", filter="", *args, **kwargs):
            self.calls.append(("open", caption))
            answer, self.open_answer = self.open_answer, ""
            return answer, filter

        def box(kind, result):
            def show(parent, title="", text="", *args, **kwargs):
                self.calls.append((kind, str(text)))
                return result
            return show

        def get_int(*args, **kwargs):
            answer, self.int_answer = self.int_answer, (0, False)
            return answer

        monkeypatch.setattr(file_dialogs, "save_file_name", save_name)
        monkeypatch.setattr(file_dialogs, "open_file_name", open_name)
        monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: "")
        for kind in ("critical", "warning", "information"):
            monkeypatch.setattr(QMessageBox, kind, box(kind, QMessageBox.StandardButton.Ok))
        monkeypatch.setattr(QMessageBox, "question", box("question", QMessageBox.StandardButton.No))
        monkeypatch.setattr(QMessageBox, "about", box("about", None))
        monkeypatch.setattr(QInputDialog, "getInt", get_int)
        monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("", False))
        monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("", False))
        monkeypatch.setattr(QDialog, "exec", lambda self, *a: QDialog.DialogCode.Rejected)

    def errors(self) -> list[str]:
        return [text for kind, text in self.calls if kind == "critical"]


class WindowMachine(RuleBasedStateMachine):
    """One sequence of user actions on one fresh window."""

    def __init__(self, env) -> None:
        super().__init__()
        self.qtbot, self.qtlog, self.tmp, self.dialogs = env
        self.exports = self.tmp / "exports"
        self.tours = self.tmp / "tours"
        for folder in (self.exports, self.tours, self.tmp / "settings"):
            folder.mkdir(exist_ok=True)
        t0 = time.perf_counter()
        # Not qtbot.addWidget: teardown deletes it (hundreds per test).
        self.win = make_window(self.tmp / "settings")
        self.clock = install_manual_time(self.win)
        WIDGET_TIME.clock = self.clock.peek
        show_active(self.qtbot, self.win)
        STATS["seconds new window"] += time.perf_counter() - t0
        self.steps = 0
        self.win.export_px = self.win.play_mode.export_px = 96  # exports are cheap; content tested elsewhere
        self.closed = False
        self._log_seen = len(self.qtlog.records)
        self._hist: tuple[object, int, Counter] | None = None
        self._exports = 0
        self.saved_tours: list[tuple[Path, object]] = []
        # The modes' memory: the search Play Yourself put aside (its history, and the window then), whether
        # practice hid the stack, the solvers run so far.
        self._put_aside: tuple[object, tuple] | None = None
        self._stack_before_practice = False
        self._solver_runs = 0
        self._last_solver: str | None = None  # which solver file was opened last (Run Solver Again)
        # Play Yourself left with moves made (by its key, a hand-over, a search the window placed): the
        # board and the student's path as they were, which the mode keeps; the path it then takes up.
        self._play_kept: tuple[object, list[int]] | None = None
        self._play_resumes: list[int] = []
        self.play.toggle_action.toggled.connect(self._on_play_yourself_toggled)
        # Features found once (preconditions run for every rule at every step).
        self._files_ = getattr(self.win, "tour_files", None)
        self._timeline_ = self.win.findChild(QSlider, "timeline_slider")
        self._panel_ = self.win.analysis_panel.every_square
        if self._panel_ is not None:  # every start's search bounded: a batch on a small board always ends
            self._panel_.budget_spin.setValue(BATCH_BUDGET)
        self.threads_before = set(threading.enumerate())
        STATS["sequences"] += 1

    # -- helpers --------------------------------------------------------------------

    def _on_play_yourself_toggled(self, on: bool) -> None:
        """Noted as the mode is turned on or off, before it changes its game (however it was asked)."""
        game = self.play.game
        if not on:
            self._play_kept = (game.board, list(game.path)) if game.path else None
            return
        kept, self._play_kept = self._play_kept, None
        self._play_resumes = kept[1] if kept is not None and kept[0] == self.player.config.board else []

    @property
    def player(self):
        return self.win.player

    @property
    def board(self):
        return self.player.config.board

    def _act(self, name: str, fn, *args):
        """Run one user action (``fn(*args)``, whose result it returns); any exception raised in a slot or
        event handler fails it."""
        if name != "tick":
            STATS["actions"] += 1
            STATS[f"rule {name}"] += 1
        t0 = time.perf_counter()
        with self.qtbot.captureExceptions() as exceptions:
            result = fn(*args)
        STATS[f"seconds {name}"] += time.perf_counter() - t0
        assert not exceptions, f"{name}: exception in a slot or event handler: " + "".join(
            f"{kind.__name__}: {value}" for kind, value, _ in exceptions) + "\n" + "".join(
            traceback.format_exception(*exceptions[0]))  # (where the first one came from)
        return result

    def _snapshot(self) -> tuple:
        player = self.player
        return player.start, player.pos, len(player.history), player.running, player.config

    def _press(self, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        """A key pressed in the main window (brought to the front first if another window has it)."""
        if not self.win.isActiveWindow():  # the help window, say: the user clicks back into the board
            STATS["main window brought back to the front"] += 1
            self.win.activateWindow()
            self.qtbot.waitUntil(self.win.isActiveWindow, timeout=2000)
        self.qtbot.keyClick(self.win.board_widget, key, modifier)

    def _aim(self, fr: float, fc: float) -> tuple[QPoint, int | None]:
        """The pixel at the centre of the square at (fr, fc) of the board, and the square under it.

        Mouse events land on whole pixels: where squares are smaller than a
        pixel (100 rows in a small window) the pixel may belong to a neighbour.
        """
        self._settle()
        widget = self.win.board_widget
        point = widget.square_rect(self._square(fr, fc)).center().toPoint()
        if not widget.rect().contains(point):  # zoomed in: scrolled out of view, no one can click it
            return point, None
        return point, widget.square_at(QPointF(point))

    @staticmethod
    def _settle() -> None:
        """Deliver posted events (layout requests after a language or size change) before aiming.

        A user's click arrives after the event loop has laid the window out;
        QTest delivers it after the posted events too, so aim at the layout
        those events make (layout requests only: painting is not needed to aim).
        """
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)

    def _square(self, fr: float, fc: float) -> int:
        board = self.board
        row = min(board.rows - 1, int(fr * board.rows))
        return board.square(row, min(board.cols - 1, int(fc * board.cols)))

    # -- the modes: what a chosen square does -------------------------------------------

    @property
    def play(self):
        """Run ▸ Play Yourself."""
        return self.win.play_mode

    @property
    def practice(self):
        """Run ▸ Practice: Predict the Next Move."""
        return self.win.practice

    def _mode(self) -> str:
        """What choosing a square (a click, Enter, Space on an empty board, a press) does now: "play" (the
        student's next move, or its refusal), "guess" (practice: a guess of the next push) or "place"."""
        if self.play.active:
            return "play"
        if self.practice.active and self.practice.expected is not None:
            return "guess"
        return "place"

    def _before_choice(self) -> tuple:
        """What ``_check_choice`` compares with: taken just before a square is chosen."""
        practice = self.practice
        return (self._mode(), self._snapshot(), list(self.play.game.path), practice.expected,
                practice.score.total, practice.score.right, list(self.player.state.path))

    def _check_choice(self, before: tuple, square: int | None) -> None:
        """The window after ``square`` was chosen (None: Backspace, a pop guessed), as the mode said."""
        mode, (start, pos, length, running, config), path, expected, total, right, searched = before
        player = self.player
        if mode == "play":
            self._check_play_move(path, square)
        elif mode == "guess":
            self._check_guess(pos, expected, total, right, square, searched)
            assert (player.start, player.config) == (start, config), "a guess moved the knight"
        elif square is not None:
            assert player.start == square
            assert player.state.path in ([square], [])
            if self.practice.active:  # the next event is read at once, and outcomes played as they come
                assert player.pos >= 1
                assert all(player.history.kind(i) is Outcome for i in range(1, player.pos))
            else:
                assert player.pos == 1 and len(player.history) == 1
                if running and player.can_advance:
                    assert player.running

    def _check_play_move(self, path: list[int], square: int | None) -> None:
        """Play Yourself after ``square`` was chosen with the student's path ``path``: the move made, or
        refused with a message that says why; the search stays put aside."""
        game, board = self.play.game, self.board
        refusal = None
        if path and square is not None:
            if len(path) == board.size:
                refusal = REFUSED_OVER
            elif square in path:
                refusal = REFUSED_VISITED
            elif not board.is_knight_move(path[-1], square):
                refusal = REFUSED_NOT_A_MOVE
        if square is None:
            assert game.path == path
        elif refusal is None:
            assert game.path == [*path, square], "a legal move was not made"
            STATS["play: moves made"] += 1
        else:
            assert game.path == path, f"an illegal move was accepted ({refusal})"
            assert self.win.statusBar().currentMessage() == self.play.refusal_text(square, refusal), \
                "an illegal move refused without its reason"
            STATS["play: moves refused"] += 1
        assert self.player.start is None and len(self.player.history) == 0

    def _check_guess(self, pos: int, expected, total: int, right: int, guess: int | None,
                     path: list[int]) -> None:
        """Practice after a guess (a square, or None for a pop) of ``expected``, the event after ``pos``,
        the knight's path ``path``: scored, right or not, and played, with the outcomes after it; a square
        the knight cannot go to next (on the path, or not a knight's move away) is no guess: not scored,
        nothing played, and the status bar says why."""
        player, practice = self.player, self.practice
        if guess is not None and path and (guess in path or not self.board.is_knight_move(path[-1], guess)):
            assert player.pos == pos and practice.expected == expected, "a click that is no guess played on"
            assert (practice.score.total, practice.score.right) == (total, right), "no guess, scored"
            said = practice.refusal_text(guess)
            assert said and practice.panel.feedback.text() == said
            assert self.win.statusBar().currentMessage() == said, "a click that is no guess, refused unsaid"
            STATS["practice: clicks refused"] += 1
            return
        correct = guess is None if isinstance(expected, Pop) else guess == expected.square
        assert player.history[pos] == expected, "practice played another event than the one asked for"
        assert player.pos >= pos + 1, "the event guessed was not played"
        assert all(player.history.kind(i) is Outcome for i in range(pos + 1, player.pos))
        assert practice.score.total == total + 1
        assert practice.score.right == right + correct, "a guess scored wrongly"
        feedback = practice.panel.feedback.text()
        assert feedback.startswith(practice.tr("Right!")) == correct
        STATS[f"practice: guesses {'right' if correct else 'wrong'}"] += 1
        STATS[f"practice: {'pops' if isinstance(expected, Pop) else 'pushes'} guessed"] += 1

    @initialize(rows=st.integers(1, 8), cols=st.integers(1, 8), place=st.integers(0, 3),
                fr=st.floats(0, 1, exclude_max=True), fc=st.floats(0, 1, exclude_max=True))
    def start(self, rows, cols, place, fr, fc):
        """Most sessions start as users do: choose a board, click a square."""
        if place == 0:
            return
        self._act("set_size", self.win.apply_settings, rows, cols)
        point, square = self._aim(fr, fc)
        if square is not None:
            self._act("click_square", click, self.qtbot, self.win.board_widget, point)

    # -- clicks ---------------------------------------------------------------------

    @precondition(lambda self: not self.closed)
    @rule(fr=st.floats(0, 1, exclude_max=True), fc=st.floats(0, 1, exclude_max=True))
    def click_square(self, fr, fc):
        point, square = self._aim(fr, fc)
        if square is None:
            return
        widget = self.win.board_widget
        before = self._before_choice()
        self._act("click_square", click, self.qtbot, widget, point)
        self._check_choice(before, square)

    @precondition(lambda self: not self.closed)
    @rule(side=st.sampled_from(["left", "right", "top", "bottom", "corner"]), t=st.floats(0, 1))
    def click_beside_the_board(self, side, t):
        self._settle()
        widget = self.win.board_widget
        rect = widget.board_layout().board_rect
        w, h = widget.width(), widget.height()
        x = rect.left() + t * rect.width()
        y = rect.top() + t * rect.height()
        point = {"left": QPointF(rect.left() / 2, y), "right": QPointF((rect.right() + w) / 2, y),
                 "top": QPointF(x, rect.top() / 2), "bottom": QPointF(x, (rect.bottom() + h) / 2),
                 "corner": QPointF(1, 1)}[side].toPoint()  # the pixel the click lands on
        if widget.square_at(QPointF(point)) is not None or not widget.rect().contains(point):
            return  # (zoomed in, the board can fill the margin: x = -0.03 is no pixel, 0 is a square)
        before = self._snapshot()
        self._act("click_beside_the_board", click, self.qtbot, widget, point)
        start, pos, length, running, config = self._snapshot()
        assert (start, config) == before[0:1] + before[4:5]
        if not before[3]:
            assert (pos, length, running) == before[1:4]

    @precondition(lambda self: not self.closed)
    @rule(fr=st.floats(0, 1, exclude_max=True), fc=st.floats(0, 1, exclude_max=True),
          button=st.sampled_from([Qt.MouseButton.RightButton, Qt.MouseButton.MiddleButton]))
    def other_button_on_a_square(self, fr, fc, button):
        widget = self.win.board_widget
        before = self._snapshot()
        self._act("other_button_on_a_square", click, self.qtbot, widget, self._aim(fr, fc)[0], button)
        assert self._snapshot()[0] == before[0]

    @precondition(lambda self: not self.closed)
    @rule(fr=st.floats(0, 1, exclude_max=True), fc=st.floats(0, 1, exclude_max=True))
    def hover(self, fr, fc):
        widget = self.win.board_widget
        point, square = self._aim(fr, fc)
        if square is None:  # scrolled out of view (zoomed in): the pointer cannot get there
            return

        def move():
            # From a pixel beside it: Qt drops a move to where it thinks the pointer already is, and
            # that is global state that outlives a window (an example) and can be stale.
            self.qtbot.mouseMove(widget, point + QPoint(1, 1))
            self.qtbot.mouseMove(widget, point)

        geometry, on_screen = widget.geometry(), widget.mapToGlobal(point)
        origin = widget.mapToGlobal(QPoint(0, 0))
        self._act("hover", move)
        if widget.geometry() != geometry:  # laid out anew meanwhile (a dock widened as a batch ended):
            # the square now under the still pointer, or none if the board left it (Qt sends a Leave);
            # where the window moved too (kept within its screen as it grew), QTest's last move went to
            # ``point`` of the board where it then was (it maps the point to the screen for each move)
            # ... or, where the layout changed before QTest's moves and they went to another widget
            # (the board grew shorter as Play Yourself's bar came: the point was below it), the square
            # now under the place the board last saw the pointer (its last click), as ``rehover`` says
            under = widget.square_at(QPointF(widget.mapFromGlobal(on_screen)))
            moved = widget.mapToGlobal(QPoint(0, 0)) != origin
            seen = widget._pointer  # (None after a Leave)
            last = widget.square_at(widget.mapFromGlobal(seen)) if seen is not None else None
            assert widget.view.hover in (None, under, last,
                                         *((widget.square_at(QPointF(point)),) if moved else ()))
        elif widget.mapToGlobal(QPoint(0, 0)) != origin:  # the window moved (grown to its least size):
            # the square under the pointer where the board saw it, or where it now is on the screen
            under = widget.square_at(QPointF(widget.mapFromGlobal(on_screen)))
            assert widget.view.hover in (square, under, None)
        else:  # (None when some other window took the pointer: windows of earlier sessions linger)
            assert widget.view.hover in (square, None)

    @precondition(lambda self: not self.closed)
    @rule(moves=st.lists(st.sampled_from(["Up", "Down", "Left", "Right"]), max_size=6), enter=st.booleans())
    def keyboard_cursor(self, moves, enter):
        """Shift+arrows move the keyboard cursor (clamped to the board); Enter places the knight there."""
        widget = self.win.board_widget
        for name in moves:
            key = getattr(Qt.Key, f"Key_{name}")
            self._act("keyboard_cursor", self._press, key, Qt.KeyboardModifier.ShiftModifier)
            assert widget.view.cursor is None or 0 <= widget.view.cursor < self.board.size
        if enter and widget.keyboard_cursor and widget.view.cursor is not None:
            square = widget.view.cursor
            before = self._before_choice()
            self._act("keyboard_enter", self._press, Qt.Key.Key_Return)
            self._check_choice(before, square)

    @precondition(lambda self: not self.closed)
    @rule(fr=st.floats(0, 1, exclude_max=True), fc=st.floats(0, 1, exclude_max=True),
          notches=st.sampled_from([-3, -1, 1, 2, 5]))
    def wheel(self, fr, fc, notches):
        """The mouse wheel over the board zooms around the pointer (the board and engine do not change)."""
        widget = self.win.board_widget
        point, _ = self._aim(fr, fc)
        if not widget.rect().contains(point):
            point = widget.rect().center()
        before = self._snapshot()
        event = QWheelEvent(QPointF(point), QPointF(widget.mapToGlobal(point)), QPoint(0, 0),
                            QPoint(0, 120 * notches), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                            Qt.ScrollPhase.NoScrollPhase, False)
        self._act("wheel", QApplication.sendEvent, widget, event)
        start, pos, length, running, config = self._snapshot()
        assert (start, config) == (before[0], before[4])

    @precondition(lambda self: not self.closed)
    @rule(fr=st.floats(0, 1, exclude_max=True), fc=st.floats(0, 1, exclude_max=True),
          dx=st.integers(-300, 300), dy=st.integers(-300, 300),
          button=st.sampled_from([Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton]))
    def drag(self, fr, fc, dx, dy, button):
        """Press, move, release: pans a zoomed board; with the left button on a fitted board the press
        places the knight, on a zoomed one a release that did not pan does."""
        widget = self.win.board_widget
        point, square = self._aim(fr, fc)
        if square is None:
            return
        end = QPoint(point.x() + dx, point.y() + dy)
        zoomed = getattr(widget, "_zoom", 1.0) > 1.0
        before = self.player.start
        chosen = self._before_choice()
        game = list(self.play.game.path)

        def do():
            self.qtbot.mousePress(widget, button, pos=point)
            self.qtbot.mouseMove(widget, QPoint(point.x() + dx // 2, point.y() + dy // 2))
            self.qtbot.mouseMove(widget, end)
            self.qtbot.mouseRelease(widget, button, pos=end)

        self._act("drag", do)
        moved = abs(dx) + abs(dy) >= QApplication.startDragDistance()
        if button == Qt.MouseButton.LeftButton and not zoomed:  # the press chose the square, nothing else
            self._check_choice(chosen, square)
        elif button == Qt.MouseButton.LeftButton and zoomed and moved:
            assert self.player.start == before, "a drag that panned placed the knight"
            assert self.play.game.path == game, "a drag that panned made a move"
        elif button == Qt.MouseButton.MiddleButton:
            assert self.player.start == before and self.play.game.path == game

    # -- the run keys -----------------------------------------------------------------

    @precondition(lambda self: not self.closed)
    @rule(ticks=st.integers(0, 4))
    def space(self, ticks):
        """Space plays or pauses; then maybe some time passes."""
        before = self._snapshot()
        enabled = self.win.play_action.isEnabled()
        view = self.win.board_widget.view
        no_knight = not view.path and view.start is None  # (an impossible start's square: no path, framed)
        start_before = self.player.start
        chosen = self._before_choice()
        self._act("space", self._press, Qt.Key.Key_Space)
        if no_knight and (not enabled or start_before is None):  # on an empty board Space (Play) places the
            # knight at the keyboard cursor (in Play Yourself: the first move)
            cursor = self.win.board_widget.view.cursor
            assert cursor is not None
            self._check_choice(chosen, cursor)
            assert not self.player.running
        elif not enabled:
            assert self._snapshot() == before and self.play.game.path == chosen[2]
        elif before[3] or self.practice.active:  # (practising, the search waits for each guess)
            assert not self.player.running
        else:
            assert self.player.running
        self._run_ticks(ticks)

    @precondition(lambda self: not self.closed)
    @rule(times=st.integers(1, 12))
    def step(self, times):
        """Right, pressed ``times`` times: each press applies exactly one event."""
        for _ in range(times):
            enabled = self.win.step_action.isEnabled()
            before = self._snapshot()
            path = list(self.play.game.path)
            self._act("step", self._press, Qt.Key.Key_Right)
            if self.play.active:  # → makes the move taken back again
                game = self.play.game.path
                assert len(game) == len(path) + enabled and game[:len(path)] == path
                assert self.player.pos == before[1]
            elif enabled:
                self._check_moved_to(before[1] + 1)
                assert not self.player.running
            else:
                assert self.player.pos == before[1]
            if not enabled:
                break
            self._check_all()

    @precondition(lambda self: not self.closed)
    @rule(times=st.integers(1, 8))
    def step_back(self, times):
        """Left, pressed ``times`` times: each press undoes exactly one event, keeping the history."""
        for _ in range(times):
            enabled = self.win.back_action.isEnabled()
            before = self._snapshot()
            path = list(self.play.game.path)
            undone = self.player.history.kind(before[1] - 1) if before[1] else None
            self._act("step_back", self._press, Qt.Key.Key_Left)
            if self.play.active:  # ← takes the last move back
                assert self.play.game.path == (path[:-1] if enabled else path)
                assert self.player.pos == before[1]
            elif enabled:
                if self.practice.active and undone is Outcome:  # outcomes are played as they come
                    assert self.player.pos == before[1]
                else:
                    assert self.player.pos == before[1] - 1
                assert not self.player.running
                assert len(self.player.history) >= before[2]  # history kept (practice reads one ahead)
            else:
                assert self.player.pos == before[1]
            if not enabled:
                break
            self._check_all()

    @precondition(lambda self: not self.closed)
    @rule(ticks=st.integers(1, 6))
    def finish(self, ticks):
        """End runs to the outcome as fast as it can; then maybe some frames pass."""
        enabled = self.win.finish_action.isEnabled()
        self._act("finish", self._press, Qt.Key.Key_End)
        assert self.player.running == (enabled and not self.practice.active)  # (practice waits for guesses)
        self._run_ticks(ticks)

    @precondition(lambda self: not self.closed)
    @rule()
    def reset(self):
        enabled = self.win.reset_action.isEnabled()
        start = self.player.start
        running = self.player.running
        pos = self.player.pos
        length = len(self.player.history)
        presenting = self.win.presentation.presenting
        self._act("reset", self._press, Qt.Key.Key_Escape)
        if running:  # Esc stops a run, it never throws it away
            assert not self.player.running and self.player.start == start and self.player.pos >= pos
        elif presenting:  # Esc leaves presentation mode (View ▸ Presentation, any_other_action) first
            assert not self.win.presentation.presenting
            assert (self.player.start, self.player.pos, len(self.player.history)) == (start, pos, length)
        elif enabled:
            assert self.player.start == start and not self.player.running
            self._check_at_first(length)

    @precondition(lambda self: not self.closed)
    @rule(faster=st.booleans())
    def faster_or_slower(self, faster):
        index = self.win.speed_slider.value()
        self._act("faster_or_slower", self._press, Qt.Key.Key_Plus if faster else Qt.Key.Key_Minus)
        expected = min(len(SPEEDS) - 1, index + 1) if faster else max(0, index - 1)
        assert self.win.speed_slider.value() == expected
        assert self.player.speed == SPEEDS[expected]

    @precondition(lambda self: not self.closed)
    @rule(index=st.integers(0, len(SPEEDS) - 1))
    def drag_speed(self, index):
        self._act("drag_speed", self.win.speed_slider.setValue, index)
        assert self.player.speed == SPEEDS[index]

    # Preconditions depend only on what the draws decided (never on timing: how far a search
    # got in some timer ticks), or hypothesis sees other rules on a replay and calls the
    # strategy flaky.  Whether the player still runs, or the timeline has events, is timing.
    @precondition(lambda self: not self.closed)
    @rule(ticks=st.integers(1, 4))
    def let_it_run(self, ticks):
        """Time passes while playing."""
        if not self.player.running:
            return
        before = self.player.pos
        self._run_ticks(ticks)
        assert self.player.pos >= before

    def _check_moved_to(self, pos: int) -> None:
        """The player shows the state after ``pos`` events; practising, also the outcomes that follow."""
        player = self.player
        if self.practice.active:  # (outcomes are not guessed: they are played as they come)
            assert player.pos >= pos
            assert all(player.history.kind(i) is Outcome for i in range(pos, player.pos))
        else:
            assert player.pos == pos

    def _check_at_first(self, length: int) -> None:
        """Reset: a fresh search on the start square (a student's run: its first event, its events kept)."""
        player = self.player
        self._check_moved_to(1)
        if self.win.student_run.active:
            assert len(player.history) == length
        elif not self.practice.active:  # (practice reads the next event at once)
            assert len(player.history) == 1

    def _run_ticks(self, ticks: int) -> None:
        """Let ``ticks`` timer ticks pass: each one emitted (the timer is manual; no waiting, no sleeping)."""
        player = self.player
        for _ in range(ticks):
            if not player.running:
                return
            before = player.pos
            self._act("tick", player._timer.timeout.emit)
            assert player.pos >= before
            STATS["ticks"] += 1
            self._check_all()

    def _check_all(self) -> None:
        """The invariants, also between the presses and ticks inside one rule."""
        self.no_qt_warning()
        self.board_shows_the_engine_path()
        self.counters_agree_with_history()
        self.enabled_actions_make_sense()
        self.modes_keep_their_word()

    # -- settings ---------------------------------------------------------------------

    @precondition(lambda self: not self.closed)
    @rule(rows=SIDES, cols=SIDES)
    def set_size(self, rows, cols):
        old = self.board

        def do():
            self.win.rows_spin.setValue(rows)
            self.win.cols_spin.setValue(cols)

        self._act("set_size", do)
        assert (self.board.rows, self.board.cols) == (rows, cols)
        if self.board != old:
            assert self.player.start is None and not self.player.running

    @precondition(lambda self: not self.closed)
    @rule(which=st.sampled_from(["rows_spin", "cols_spin"]), text=TYPED)
    def type_size(self, which, text):
        spin = getattr(self.win, which)

        def do():
            edit = spin.lineEdit()
            spin.setFocus()
            edit.selectAll()
            self.qtbot.keyClicks(edit, text)
            self.qtbot.keyClick(edit, Qt.Key.Key_Return)
            self.win.board_widget.setFocus()

        self._act("type_size", do)
        assert 1 <= spin.value() <= spin.maximum()

    @precondition(lambda self: not self.closed)
    @rule(name=st.sampled_from(sorted(ALGORITHMS)))
    def set_algorithm(self, name):
        combo = self.win.algorithm_combo
        self._act("set_algorithm", combo.setCurrentIndex, combo.findData(name))
        assert self.player.config.algorithm == name
        if name == "greedy":
            assert not self.player.config.closed

    @precondition(lambda self: not self.closed)
    @rule(name=st.sampled_from(sorted(TIE_BREAKS)))
    def set_tie_break(self, name):
        combo = self.win.tie_combo
        if not combo.isEnabled():  # classic and backtracking take the fixed order
            return
        self._act("set_tie_break", combo.setCurrentIndex, combo.findData(name))
        assert self.player.config.tie_break == name

    @precondition(lambda self: not self.closed)
    @rule()
    def toggle_closed(self):
        check = self.win.closed_check
        if not check.isEnabled():  # greedy cannot close a tour
            return
        was = check.isChecked()
        self._act("toggle_closed", click, self.qtbot, check, QPoint(6, check.height() // 2))
        assert check.isChecked() != was
        assert self.player.config.closed == check.isChecked()

    # -- export -------------------------------------------------------------------------

    @precondition(lambda self: not self.closed)
    @rule(suffix=st.sampled_from([".png", ".PNG", ""]), over_existing=st.booleans())
    def export_to_a_good_path(self, suffix, over_existing):
        self._exports += 1
        target = self.exports / f"export-{STATS['sequences']}-{self._exports}{suffix}"
        written = target if suffix else target.with_name(target.name + ".png")
        if over_existing:
            written.write_bytes(b"an older file")
        self.dialogs.save_answers[".png"] = str(target)
        enabled = self.win.export_action.isEnabled()
        errors = len(self.dialogs.errors())
        self._act("export_to_a_good_path", self._press, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
        assert len(self.dialogs.errors()) == errors
        if enabled:
            image = QImage(str(written))
            # the board's longer side is the export size; File ▸ Caption adds a band below it, and a
            # heatmap its key (here bounded by the key's height with half the width for its room)
            band = 96 if self.win.caption_action.isChecked() else 0
            key = self.win.export_key()
            band += 0 if key is None else key_band(image.width(), image.width() / 4, key)
            assert not image.isNull() and image.width() <= 96 and image.height() <= 96 + band
            assert not [p for p in self.exports.iterdir() if p.name.endswith(".tmp")]
        elif over_existing:
            assert written.read_bytes() == b"an older file"

    @precondition(lambda self: not self.closed)
    @rule(kind=st.sampled_from(["missing folder", "a folder", "too long", "cancel"]))
    def export_to_a_bad_path(self, kind):
        (self.exports / "folder.png").mkdir(exist_ok=True)
        target = {"missing folder": self.exports / "no-such-folder" / "x.png",
                  "a folder": self.exports / "folder.png",
                  "too long": self.exports / ("x" * 300 + ".png"),
                  "cancel": None}[kind]
        self.dialogs.save_answers[".png"] = "" if target is None else str(target)
        enabled = self.win.export_action.isEnabled()
        errors = len(self.dialogs.errors())
        before = sorted(p.name for p in self.exports.iterdir())
        path = list(self.player.state.path)
        self._act("export_to_a_bad_path", self._press, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
        self.dialogs.save_answers.pop(".png", None)
        assert sorted(p.name for p in self.exports.iterdir()) == before  # nothing written, no temp file left
        assert self.player.state.path == path
        if enabled and target is not None:
            assert len(self.dialogs.errors()) == errors + 1
            STATS["export errors shown"] += 1
        else:
            assert len(self.dialogs.errors()) == errors

    # -- saved tours (File > Save Tour, Open Tour) -------------------------------------------

    def _files(self):
        return self._files_

    def _wait_for_files(self) -> None:
        files = self._files()
        self.qtbot.waitUntil(lambda: not files.busy, timeout=60000)

    @precondition(lambda self: not self.closed and self._files() is not None)
    @rule(trace=st.booleans())
    def save_tour(self, trace):
        from knight_gui.tour.text import PARTIAL_OUTCOMES, load_tour

        files = self._files()
        player = self.player
        self._exports += 1
        target = self.tours / f"tour-{STATS['sequences']}-{self._exports}.json"
        self.dialogs.save_answers[".json"] = str(target)
        if trace != files.trace_action.isChecked():
            self._act("tick_trace", files.trace_action.trigger)
        enabled = files.save_action.isEnabled()
        path, outcome, pos, start = list(player.state.path), player.state.outcome, player.pos, player.start
        errors = len(self.dialogs.errors())
        self._act("save_tour", self._press, Qt.Key.Key_S, CTRL_SHIFT)
        self.dialogs.save_answers.pop(".json", None)
        if not enabled:
            assert not target.exists()
            return
        self._act("wait_for_save", self._wait_for_files)
        assert len(self.dialogs.errors()) == errors, self.dialogs.errors()[errors:]
        record = load_tour(target)
        assert record.start == start and record.board == self.board
        # (mid-search, or a student's run ended by an illegal event or an exception: saved as stopped there)
        kind = outcome.kind if outcome is not None and outcome.kind in OUTCOMES else "budget"
        assert record.outcome == kind
        if kind == "tour" or kind in PARTIAL_OUTCOMES:
            assert list(record.path) == path
        assert player.pos == pos and list(player.state.path) == path, "saving moved the board"
        assert not [p.name for p in self.tours.iterdir() if p.name.endswith(".tmp")]
        self.saved_tours.append((target, record))
        STATS["tours saved"] += 1

    @precondition(lambda self: not self.closed and self._files() is not None)
    @rule(kind=st.sampled_from(["saved", "saved", "truncated", "not json", "empty", "missing", "folder",
                                "wrong version", "huge board", "not a tour", "binary", "cancel"]),
          pick=st.integers(0, 1000))
    def open_tour(self, kind, pick):
        from knight_gui.tour.text import PARTIAL_OUTCOMES

        files = self._files()
        bad = self.tours / f"bad-{kind.replace(' ', '-')}.json"
        record = None
        if kind in ("saved", "truncated") and self.saved_tours:
            target, record = self.saved_tours[pick % len(self.saved_tours)]
            if kind == "truncated":
                data = target.read_bytes()
                bad.write_bytes(data[: len(data) // 2])
                target, record = bad, None
        elif kind in ("saved", "truncated", "cancel"):
            target = None
        else:
            target = bad
            header = ('"format": "knight-tour", "start": [0, 0], "algorithm": "warnsdorff", '
                      '"tie_break": "roth", ')
            contents = {
                "not json": "this is not a tour\n",
                "empty": "",
                "wrong version": '{' + header + '"version": 99, "rows": 5, "cols": 5, "closed": false, '
                                 '"outcome": "tour", "path": [[0, 0]], "pushes": 1, "pops": 0}',
                "huge board": '{' + header + '"version": 1, "rows": 5000, "cols": 5000, "closed": false, '
                              '"outcome": "no-tour", "path": [], "pushes": 1, "pops": 1}',
                "not a tour": '{' + header + '"version": 1, "rows": 5, "cols": 5, "closed": false, '
                              '"outcome": "tour", "path": [[0, 0], [0, 1]], "pushes": 2, "pops": 0}',
                "binary": "\x00\xff\xfe not text",
            }
            if kind == "missing":
                target = self.tours / "no-such-file.json"
            elif kind == "folder":
                target = self.tours / "a-folder.json"
                target.mkdir(exist_ok=True)
            else:
                bad.write_bytes(contents[kind].encode("latin-1"))
        self.dialogs.open_answer = "" if target is None else str(target)
        enabled = files.open_action.isEnabled()
        before = self._snapshot()
        path = list(self.player.state.path)
        errors = len(self.dialogs.errors())
        self._act("open_tour", self._press, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
        self.dialogs.open_answer = ""
        if not enabled or target is None:
            return
        self._act("wait_for_open", self._wait_for_files)
        player = self.player
        if record is None:  # a bad file: one message, the board as it was
            assert len(self.dialogs.errors()) == errors + 1, f"{kind}: no error shown"
            assert (player.start, player.config) == (before[0], before[4])
            assert list(player.state.path) == path
            STATS["bad tour files refused"] += 1
        else:
            assert len(self.dialogs.errors()) == errors, self.dialogs.errors()[errors:]
            assert player.start == record.start
            assert (self.board.rows, self.board.cols) == (record.board.rows, record.board.cols)
            if record.outcome == "tour" or record.outcome in PARTIAL_OUTCOMES:
                shown = list(self.win.board_widget.view.path)
                assert shown == list(record.path), "the opened tour is not shown"
            STATS["tours opened"] += 1

    @precondition(lambda self: not self.closed and self._panel_ is not None)
    @rule(wait=st.booleans(), by_esc=st.booleans())
    def solve_from_every_square(self, wait, by_esc):
        """Ctrl+A: the all-starts batch runs in a worker thread; waited for to its end, or cancelled (its
        Cancel button, or Esc: which then leaves the search shown as it was)."""
        panel = self._panel_
        self._act("solve_from_every_square", self._press, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        STATS["batches started"] += panel.running
        if panel.running:
            # Small boards: wait for the end (every start has BATCH_BUDGET nodes: it ends, and what follows
            # never depends on how fast the machine is).  Otherwise the user presses Cancel at once, which
            # must stop the worker thread promptly.
            if wait and self.board.size <= 64:
                self.qtbot.waitUntil(lambda: not panel.running, timeout=60000)
                STATS["batches finished"] += 1
            elif by_esc and not self.player.running and self.win.isActiveWindow():  # (as _end_analysis)
                before = self._snapshot()
                self._act("cancel_batch_by_esc", self._press, Qt.Key.Key_Escape)
                assert self._snapshot() == before, "Esc stopped the analysis and changed the search shown"
                self.qtbot.waitUntil(lambda: not panel.running, timeout=20000)
                STATS["batches cancelled by Esc"] += 1
            else:
                self._act("cancel_batch", panel.cancel_button.click)
                # (20 s, not 5: the nightly of 2026-12-03 beside a CI run on two cores waited more than
                # 5 s once, and the replay did not: a bound of the machine's load fails as a flake)
                self.qtbot.waitUntil(lambda: not panel.running, timeout=20000)
                STATS["batches cancelled"] += 1

    # -- the timeline and the run-to actions --------------------------------------------------

    def _timeline(self):
        return self._timeline_

    @precondition(lambda self: not self.closed and self._timeline() is not None)
    @rule(fraction=st.floats(0, 1))
    def timeline_drag(self, fraction):
        """Drag the timeline's handle to an event: the board shows the state after it."""
        slider = self._timeline()
        if not slider.isEnabled():  # fewer than two events so far (timing: see let_it_run)
            return
        value = slider.minimum() + round(fraction * (slider.maximum() - slider.minimum()))

        def drag():
            slider.setSliderDown(True)  # the press on the handle
            slider.setValue(value)
            slider.setSliderDown(False)  # the release

        self._act("timeline_drag", drag)
        self._check_moved_to(value)
        assert not self.player.running

    @precondition(lambda self: not self.closed and self._timeline() is not None
                  and self._timeline().isVisible())
    @rule(fraction=st.floats(0, 1))
    def timeline_click(self, fraction):
        """Click on the timeline's groove (a page step toward the click, or a press on the handle)."""
        slider = self._timeline()
        before = self.player.pos
        point = QPoint(round(fraction * (slider.width() - 1)), slider.height() // 2)
        self._act("timeline_click", click, self.qtbot, slider, point)
        assert slider.value() == max(1, self.player.pos)
        if self.player.pos != before:  # a jump pauses; a click that moves nothing leaves play alone
            assert not self.player.running

    @precondition(lambda self: not self.closed)
    @rule()
    def first_event(self):
        """Home: back to the knight on its start square, the history kept."""
        action = getattr(getattr(self.win, "teaching", None), "first_action", None)
        if action is None:
            return
        enabled = action.isEnabled()
        length = len(self.player.history)
        self._act("first_event", self._press, Qt.Key.Key_Home)
        if enabled and length:
            self._check_moved_to(1)
            assert not self.player.running
            assert len(self.player.history) == length

    @precondition(lambda self: not self.closed)
    @rule(move=st.integers(-2, 110), ok=st.booleans(), ticks=st.integers(0, 8))
    def go_to_move(self, move, ok, ticks):
        """Ctrl+G, a move number typed (or the dialog cancelled), then maybe some frames."""
        action = getattr(getattr(self.win, "teaching", None), "go_to_move_action", None)
        if action is None:
            return
        player = self.player
        path, depth = list(player.state.path), player.state.depth
        self.dialogs.int_answer = (move, ok)
        self._act("go_to_move", self._press, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
        self.dialogs.int_answer = (0, False)
        if ok and player.start is not None and action.isEnabled() and 1 <= move <= depth:
            assert player.state.depth == move and list(player.state.path) == path[:move]
        self._run_ticks(ticks)

    @precondition(lambda self: not self.closed)
    @rule(ticks=st.integers(1, 12))
    def run_to_next_backtrack(self, ticks):
        """Ctrl+B: run to the next pop; once it stops, exactly one more pop (or an outcome)."""
        action = getattr(getattr(self.win, "teaching", None), "backtrack_action", None)
        if action is None:
            return
        player = self.player
        pops = player.state.pops
        enabled = action.isEnabled() and player.can_advance
        self._act("run_to_next_backtrack", self._press, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
        self._run_ticks(ticks)
        if enabled and not player.running and not self.practice.active:  # (practice waits for guesses)
            assert player.state.pops == pops + 1 or player.state.outcome is not None

    # -- Lessons --------------------------------------------------------------------------

    @precondition(lambda self: not self.closed)
    @rule(index=st.integers(0, len(LESSONS) - 1), run=st.booleans())
    def lesson(self, index, run):
        """Lessons ▸ a lesson: board, start, algorithm, tie-break, closed and speed as it says, its note
        above the board; run to its first outcome, the search does what its sentence claims."""
        item = LESSONS[index]
        win, player = self.win, self.player
        self._act("lesson", win.lessons.actions[index].trigger)
        board, config = self.board, player.config
        assert (board.rows, board.cols) == (item.rows, item.cols)
        assert player.start == board.parse(item.start), "the lesson's knight is not on its square"
        assert config.algorithm == item.algorithm and win.algorithm_combo.currentData() == item.algorithm
        assert config.tie_break == tie_break_used(item.algorithm, item.tie_break)
        assert win.tie_combo.currentData() == config.tie_break
        assert config.closed == item.closed == win.closed_check.isChecked()
        assert player.speed == item.speed and win.speed_slider.value() == SPEEDS.index(item.speed)
        assert not self.play.active, "a lesson left Play Yourself on"
        assert win.lessons.current is item and win.lessons.dock.isVisible()
        assert plain_title(tr_lesson(item.title)) in win.lessons.note.text()
        self._check_moved_to(1)
        STATS["lessons started"] += 1
        if not run or self.practice.active or item.pushes + item.pops > LESSON_EVENTS:
            return
        self._act("finish", self._press, Qt.Key.Key_End)
        for _ in range(200):
            if not player.running:
                break
            self._run_ticks(1)
        outcome, state = player.state.outcome, player.state
        assert outcome is not None, "the lesson's search did not end"
        assert (outcome.kind, state.pushes, state.pops) == (item.outcome, item.pushes, item.pops), \
            "the lesson's search does not do what its sentence says"
        STATS["lessons run to their claim"] += 1

    # -- Play Yourself ----------------------------------------------------------------------

    @precondition(lambda self: not self.closed)
    @rule(how=st.sampled_from(["key", "tool button"]), undo=st.booleans())
    def toggle_play_yourself(self, how, undo):
        """Run ▸ Play Yourself on (the search put aside, an empty board to play on) or off (the search
        view again, in step with the engine); Edit ▸ Undo then brings back the search put aside."""
        play, player, sessions = self.play, self.player, self.win.sessions
        was = play.active
        board = self.board
        before = self._snapshot()
        history = player.history  # (a search is kept for Undo; a student's run is not: its solver's)
        kept = history if before[0] is not None and player.search is not None else None

        def toggle():
            button = self.win.run_toolbar.widgetForAction(play.toggle_action)
            if how == "tool button" and button is not None and button.isVisible():
                click(self.qtbot, button, button.rect().center())
            else:
                self._press(Qt.Key.Key_P, CTRL_SHIFT)

        self._act("toggle_play_yourself", toggle)
        if self.practice.active:  # one mode at a time: greyed while practising, its key does nothing
            assert not play.active and not play.toggle_action.isEnabled()
            assert self._snapshot() == before
            STATS["play: refused while practising"] += 1
            return
        assert play.active != was and self.board == board
        view = self.win.board_widget.view
        if play.active:
            assert player.start is None and len(player.history) == 0 and not player.running
            # the path left on this board taken up again (then no longer kept), else a new game
            path = self._play_resumes
            assert play.game.path == path and list(view.path) == path and play.game.board == board
            assert play.kept_game is None
            if path:
                STATS["play: path taken up again"] += 1
            assert play.tool_bar.isVisibleTo(self.win)
            # what Edit ▸ Undo brings back once the mode is left (if nothing else is kept meanwhile)
            if kept is not None:
                assert sessions.undo_stack and sessions.undo_stack[-1].history is kept, "the search not kept"
            self._put_aside = (kept, before)
            STATS["play: entered"] += 1
            return
        assert not play.tool_bar.isVisibleTo(self.win)
        assert list(view.path) == player.state.path  # (and the invariants: in step with the engine)
        STATS["play: left"] += 1
        kept, (start, pos, length, _, config) = self._put_aside or (None, before)
        if not undo or kept is None or not sessions.undo_stack or sessions.undo_stack[-1].history is not kept:
            return  # (nothing put aside, or something else kept since)
        self._act("undo_after_play", self._press, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert (player.start, player.config) == (start, config), "Edit ▸ Undo did not bring back the search"
        self._check_moved_to(pos)  # where it was, its events kept (practising: and the next one read)
        assert len(player.history) == length or self.practice.active and len(player.history) >= length
        STATS["play: search brought back"] += 1

    def _choose(self, square: int, by: str) -> bool:
        """Choose ``square`` as a user would: a click on it, or the keyboard cursor moved there and Enter
        (small boards).  False if it cannot be done from here (scrolled out of view, under a pixel)."""
        widget, board = self.win.board_widget, self.board
        self._settle()
        if by == "keyboard" and board.rows <= 8 and board.cols <= 8:
            if not widget.keyboard_cursor or widget.view.cursor is None:
                self._press(Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)  # shows the cursor
            row, col = board.row_col(square)
            at_row, at_col = board.row_col(widget.view.cursor)
            keys = ([Qt.Key.Key_Down] * (row - at_row) + [Qt.Key.Key_Up] * (at_row - row)
                    + [Qt.Key.Key_Right] * (col - at_col) + [Qt.Key.Key_Left] * (at_col - col))
            for key in keys:
                self._press(key, Qt.KeyboardModifier.ShiftModifier)
            assert widget.view.cursor == square
            self._press(Qt.Key.Key_Return)
            return True
        point = widget.square_rect(square).center().toPoint()
        if not widget.rect().contains(point) or widget.square_at(QPointF(point)) != square:
            return False
        click(self.qtbot, widget, point)
        return True

    def _play_on(self) -> None:
        """Play Yourself on, if it is not (each of its rules can begin a game: interleaved with the rest)."""
        if not self.play.active:
            if self.practice.active:  # (one mode at a time: practice is left first, as a user must)
                self.toggle_practice("key")
            self.toggle_play_yourself("key", False)

    def _play_off(self, leave: bool) -> None:
        """Play Yourself off again if ``leave`` (and Edit ▸ Undo: the search put aside comes back), so that
        the other rules see the search as often as the game."""
        if leave and self.play.active and not self.closed:
            self.toggle_play_yourself("key", True)

    def _play_moves(self, kind: str, pick: int, count: int, by: str = "mouse") -> None:
        """Up to ``count`` squares chosen in Play Yourself, each checked: legal moves (any, or the one with
        the fewest onward squares: Warnsdorff's rule), or squares the mode must refuse."""
        board, game = self.board, self.play.game
        for i in range(count):
            path = list(game.path)
            legal = [n for n in board.neighbours(path[-1]) if n not in path] if path else [pick % board.size]
            if kind == "illegal" and path:
                refused = [sq for sq in range(min(board.size, 400)) if sq not in legal]
                square = refused[(pick + i) % len(refused)]
            elif kind == "fewest onward" and legal and path:
                square = min(legal, key=lambda n, path=path: sum(m not in path for m in board.neighbours(n)))
            elif legal:
                square = legal[(pick + i) % len(legal)]
            else:
                return  # stuck or complete: nothing legal to choose
            before = self._before_choice()
            if not self._act("play_move", self._choose, square, by):
                return
            self._check_choice(before, square)
            self._check_all()

    @precondition(lambda self: not self.closed)
    @rule(kind=st.sampled_from(["legal", "legal", "fewest onward", "illegal"]), pick=st.integers(0, 10**6),
          count=st.integers(1, 10), by=st.sampled_from(["mouse", "mouse", "keyboard"]))
    def play_move(self, kind, pick, count, by):
        """The student chooses squares: legal moves, or squares that are refused (visited, not a knight's
        move away, the tour complete)."""
        self._play_on()
        self._play_moves(kind, pick, count, by)

    @precondition(lambda self: not self.closed)
    @rule(ops=st.lists(st.sampled_from(["undo", "redo"]), min_size=1, max_size=8),
          keys=st.sampled_from(["arrows", "edit"]), pick=st.integers(0, 10**6), leave=st.booleans())
    def play_undo_redo(self, ops, keys, pick, leave):
        """← / → or Edit ▸ Undo / Redo: each takes exactly the last move back, or makes the last move taken
        back again, in order; the board follows."""
        self._play_on()
        game = self.play.game
        if not game.path:
            self._play_moves("legal", pick, 1 + pick % 6)
        taken: list[int] = []  # squares taken back by this rule, the next to redo last
        for op in ops:
            path, redo, take_backs = list(game.path), game.can_redo, game.take_backs
            if keys == "arrows":
                key = Qt.Key.Key_Left if op == "undo" else Qt.Key.Key_Right
                modifiers = Qt.KeyboardModifier.NoModifier
            else:
                key = Qt.Key.Key_Z
                modifiers = Qt.KeyboardModifier.ControlModifier | (
                    Qt.KeyboardModifier.ShiftModifier if op == "redo" else Qt.KeyboardModifier.NoModifier)
            self._act("play_undo_redo", self._press, key, modifiers)
            if op == "undo":
                assert game.path == path[:-1], "a take-back did not take back exactly the last move"
                assert game.take_backs == take_backs + bool(path)
                if path:
                    taken.append(path[-1])
            elif taken:
                assert game.path == [*path, taken.pop()], "a redo did not make the move taken back"
            elif redo:
                assert len(game.path) == len(path) + 1 and game.path[:-1] == path
            else:
                assert game.path == path
            self._check_all()
        self._play_off(leave)

    @precondition(lambda self: not self.closed)
    @rule(pick=st.integers(0, 10**6), follow=st.booleans())
    def play_hint(self, pick, follow):
        """Ctrl+H: the square the search would take next, outlined among the legal moves, and why; maybe
        the student takes it."""
        self._play_on()
        play, game = self.play, self.play.game
        if not game.path:
            self._play_moves("legal", pick, 1 + pick % 4)
        enabled, hints = play.hint_action.isEnabled(), game.hints
        path = list(game.path)
        self._act("play_hint", self._press, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
        assert game.path == path
        if not enabled:
            assert game.hints == hints
            return
        view = self.win.board_widget.view
        message = self.win.statusBar().currentMessage()
        if game.hints == hints + 1:
            squares = [sq for sq, _ in view.candidates]
            assert play.hint_square in squares and view.next_candidate == squares.index(play.hint_square)
            assert self.board.name(play.hint_square) in message
            STATS["play: hints"] += 1
            if follow:
                square, before = play.hint_square, self._before_choice()
                if self._act("play_move", self._choose, square, "mouse"):
                    self._check_choice(before, square)
        else:  # no hint: stuck, or no tour from here (a theorem), said in the status bar
            assert game.hints == hints and play.hint_square is None and message

    def _quick_to_search(self) -> bool:
        """Whether Play Yourself's searches (where it went wrong, the program's tour) are quick here: a
        small board (plain backtracking and closed tours: smaller still, or they take their whole budget)."""
        game = self.play.game
        return self.board.size <= (25 if game.algorithm == "backtracking" or game.closed else 64)

    def _wait_for_play_job(self) -> None:
        runner = self.play.runner
        self.qtbot.waitUntil(lambda: not runner.running, timeout=60000)

    @precondition(lambda self: not self.closed)
    @rule(pick=st.integers(0, 10**6), back=st.booleans(), leave=st.booleans())
    def play_where_it_went_wrong(self, pick, back, leave):
        """Show Where It Went Wrong (a worker, waited for): the latest move from which the search finds a
        tour that follows the student's moves; Take Back to There leaves exactly those moves."""
        self._play_on()
        play, game, board = self.play, self.play.game, self.board
        if not self._quick_to_search() or len(game.path) > 12:  # (each of the student's moves is searched
            self._play_off(leave)  # with up to 5,000 pushes, latest first: a long random path takes seconds)
            return
        if not game.path:  # a new game: Warnsdorff's rule nearly to the end, then random moves until stuck
            # (the search has something to find, and finds it soon)
            self._play_moves("fewest onward", pick, max(1, board.size - 2 - pick % 10))
            self._play_moves("legal", pick, 30)
        enabled = play.wrong_action.isEnabled()
        path = list(game.path)
        self._act("play_where_it_went_wrong", play.wrong_action.trigger)
        if enabled:
            self._act("wait_for_rescue", self._wait_for_play_job)
            self._check_rescue(path, back)
        self._play_off(leave)

    def _check_rescue(self, path: list[int], back: bool) -> None:
        play, game, board = self.play, self.play.game, self.board
        rescue = play.rescue
        assert game.path == path
        assert self.win.statusBar().currentMessage() == play.rescue_text()
        if rescue is None:
            STATS["play: no rescue found"] += 1
            return
        assert 1 <= rescue.move <= len(path)
        assert list(rescue.tour[:rescue.move]) == path[:rescue.move], "the rescue does not follow the moves"
        assert is_tour(board, rescue.tour, game.closed), "the rescue is not a tour"
        assert self.win.board_widget.view.selected == path[rescue.move - 1]
        STATS["play: rescues found"] += 1
        if back:
            enabled = play.back_to_rescue_action.isEnabled()
            self._act("play_take_back_to_there", play.back_to_rescue_action.trigger)
            assert enabled == (rescue.move < len(path))
            assert game.path == path[:rescue.move]

    @precondition(lambda self: not self.closed)
    @rule(pick=st.integers(0, 10**6), steps=st.integers(0, 3))
    def play_let_the_search_finish(self, pick, steps):
        """Let the Search Finish from Here: the mode ends and the search goes on from the student's path."""
        self._play_on()
        play, player = self.play, self.player
        if not play.game.path:
            self._play_moves("legal", pick, 1 + pick % 8)
        enabled = play.finish_action.isEnabled()
        path = list(play.game.path)
        self._act("play_let_the_search_finish", play.finish_action.trigger)
        if not enabled:
            assert play.active and play.game.path == path
            return
        assert not play.active
        assert player.start == path[0] and player.state.path == path
        assert list(self.win.board_widget.view.path) == path
        assert not player.running and player.search is not None
        self._check_moved_to(len(path))
        if not self.practice.active:  # (practising, the next event is read at once)
            assert len(player.history) == len(path) and player.search.path() == path
        STATS["play: handed over"] += 1
        if steps:
            self.step(steps)  # → goes on with the search's own next events

    @precondition(lambda self: not self.closed)
    @rule(pick=st.integers(0, 10**6), leave=st.booleans())
    def play_compare(self, pick, leave):
        """Compare with the Program's Tour (a complete tour; a worker, waited for): the program's tour from
        the same start, beside the student's, said in a message box."""
        self._play_on()
        play, board = self.play, self.board
        if not self._quick_to_search():  # (the program's search may take up to 200,000 pushes: seconds)
            self._play_off(leave)
            return
        self._play_moves("fewest onward", pick, board.size)  # Warnsdorff's rule by hand: mostly a tour
        enabled = play.compare_action.isEnabled()
        infos = sum(1 for kind, _ in self.dialogs.calls if kind == "information")
        self._act("play_compare", play.compare_action.trigger)
        if enabled:
            self._act("wait_for_comparison", self._wait_for_play_job)
            self._check_comparison(infos)
        self._play_off(leave)

    def _check_comparison(self, infos: int) -> None:
        play, game, board = self.play, self.play.game, self.board
        result = play.comparison
        assert result is not None
        said = [text for kind, text in self.dialogs.calls if kind == "information"]
        assert len(said) == infos + 1 and said[-1] == play.comparison_text()
        if result.program:
            assert is_tour(board, result.program, game.closed) and result.program[0] == game.path[0]
            pairs = zip(game.path, result.program, strict=True)
            same = next((i for i, (a, b) in enumerate(pairs) if a != b), len(game.path))
            assert result.same == same
        STATS["play: compared"] += 1

    @precondition(lambda self: not self.closed)
    @rule(suffix=st.sampled_from([".json", ".png", ".svg"]), pick=st.integers(0, 10**6), leave=st.booleans())
    def play_save(self, suffix, pick, leave):
        """Save Your Tour / Export Your Tour: a file that exists and holds the student's path."""
        from knight_gui.tour.text import load_tour

        self._play_on()
        play, game = self.play, self.play.game
        if not game.path:
            self._play_moves("legal", pick, 1 + pick % 8)
        action = {".json": play.save_action, ".png": play.export_png_action,
                  ".svg": play.export_svg_action}[suffix]
        self._exports += 1
        target = self.tours / f"mine-{STATS['sequences']}-{self._exports}{suffix}"
        self.dialogs.save_answers[suffix] = str(target)
        enabled = action.isEnabled()
        errors = len(self.dialogs.errors())
        path = list(game.path)
        self._act("play_save", action.trigger)
        self.dialogs.save_answers.pop(suffix, None)
        assert len(self.dialogs.errors()) == errors, self.dialogs.errors()[errors:]
        assert game.path == path
        if not enabled:
            assert not target.exists()
            self._play_off(leave)
            return
        assert target.is_file() and target.stat().st_size > 0
        if suffix == ".json":
            record = load_tour(target)
            assert list(record.path) == path and record.start == path[0] and record.board == self.board
        elif suffix == ".png":
            assert not QImage(str(target)).isNull()
        STATS["play: saved"] += 1
        self._play_off(leave)

    # -- Practice: Predict the Next Move -------------------------------------------------------

    @precondition(lambda self: not self.closed)
    @rule(how=st.sampled_from(["key", "menu"]))
    def toggle_practice(self, how):
        """Run ▸ Practice on (the search waits for a guess of its next event; the stack, which would give it
        away, hidden) or off (the summary; the stack back)."""
        practice, player = self.practice, self.player
        was = practice.active
        stack = self.win.teaching.stack_dock
        before = self._snapshot()
        total = practice.score.total

        def toggle():
            if how == "key":
                self._press(Qt.Key.Key_R, CTRL_SHIFT)
            else:
                practice.action.trigger()

        shown = stack.isVisible()
        self._act("toggle_practice", toggle)
        if self.play.active:  # one mode at a time: greyed while playing yourself, its key does nothing
            assert not practice.active and not practice.action.isEnabled()
            assert self._snapshot() == before
            STATS["practice: refused while playing yourself"] += 1
            return
        assert practice.active != was and not player.running
        assert (player.start, player.config) == (before[0], before[4])
        if practice.active:
            assert practice.score.total == 0 and practice.dock.isVisible()
            assert not stack.isVisible(), "the stack shows the answer while practising"
            self._stack_before_practice = shown
            STATS["practice: entered"] += 1
        else:
            if self._stack_before_practice:
                assert stack.isVisible(), "the stack did not come back after practice"
            if total:
                assert practice.panel.summary.text() == practice.summary_text()
            STATS["practice: left"] += 1

    @precondition(lambda self: not self.closed)
    @rule(kind=st.sampled_from(["right", "right", "wrong", "backspace", "at the next pop"]),
          pick=st.integers(0, 10**6),
          count=st.integers(1, 8), hint=st.booleans(), leave=st.booleans())
    def practice_guess(self, kind, pick, count, hint, leave):
        """Guesses: the square the knight goes to next (a click) or a pop (Backspace), right or wrong (or →
        to the next pop, then right or wrong); first maybe a hint, which changes nothing but the hint.
        Practice is turned on first if it is off (after Play Yourself, if on: one mode at a time), and with
        nothing to guess a click places the knight."""
        practice, board = self.practice, self.board
        if self.play.active:
            self.toggle_play_yourself("key", False)
        if not practice.active:
            self.toggle_practice("key")
        if practice.expected is None:
            before = self._before_choice()
            if self._act("click_square", self._choose, pick % board.size, "mouse"):
                self._check_choice(before, pick % board.size)
        expected = practice.expected
        if hint and expected is not None:  # Ctrl+Shift+H: the rule and the untried candidates, not the answer
            pos, total = self.player.pos, practice.score.total
            self._act("practice_hint", self._press, Qt.Key.Key_H, CTRL_SHIFT)
            assert practice.panel.hint.text() and practice.rule_text() in practice.panel.hint.text()
            assert (self.player.pos, practice.expected, practice.score.total) == (pos, expected, total)
        if kind == "at the next pop":  # plain backtracking (it pops soonest); → plays the pushes (unguessed)
            # up to its next pop, if one comes soon
            if self.player.config.algorithm != "backtracking":
                self.set_algorithm("backtracking")
            for _ in range(100):
                if not isinstance(practice.expected, Push):
                    break
                pos = self.player.pos
                self._act("step", self._press, Qt.Key.Key_Right)
                self._check_moved_to(pos + 1)
            kind = "right" if pick % 2 else "wrong"
        self._guesses(kind, pick, count)
        if leave and practice.active:  # (so that the other rules see the search run as often)
            self.toggle_practice("key")

    def _guesses(self, kind: str, pick: int, count: int) -> None:
        practice, board = self.practice, self.board
        for i in range(count):
            expected = practice.expected
            if expected is None:
                return
            before = self._before_choice()
            pop = isinstance(expected, Pop)
            if kind == "backspace" or (kind == "right" and pop):
                self._act("practice_guess", self._press, Qt.Key.Key_Backspace)
                self._check_choice(before, None)
            else:
                path = self.player.state.path
                legal = [sq for sq in board.neighbours(path[-1]) if sq not in path] if path else []
                wrong = [sq for sq in legal if pop or sq != expected.square]
                if kind == "right":
                    square = expected.square
                elif wrong and pick % 3:  # mostly a square the knight could go to: scored wrong
                    square = wrong[(pick + i) % len(wrong)]
                else:  # else any square: one it cannot go to is no guess (refused, not scored)
                    square = (pick + i) % board.size
                    if not pop and square == expected.square:
                        square = (square + 1) % board.size
                if not self._act("practice_guess", self._choose, square, "mouse"):
                    return
                self._check_choice(before, square)
            self._check_all()

    # -- File ▸ Open Solver…: a student's solver, run and stepped through ---------------------------

    def _solver_file(self, which: str) -> Path:
        found = SOLVERS[which]
        if isinstance(found, Path):
            return found
        name = "".join(c if c.isalnum() else "_" for c in which)
        path = self.tmp / "solvers" / f"{name}.py"
        if not path.exists():
            path.parent.mkdir(exist_ok=True)
            path.write_text(found, encoding="utf-8")
        return path

    def _wait_for_solver(self) -> None:
        """Until the student's run is over, every event it made waiting in the buffer (never "a moment")."""
        solver = self.win.student_run.solver
        self.qtbot.waitUntil(lambda: not solver.running, timeout=60000)
        QCoreApplication.sendPostedEvents()

    @precondition(lambda self: not self.closed)
    @rule(which=st.sampled_from(sorted(SOLVERS)), cancel=st.integers(0, 5), steps=st.integers(0, 12),
          to_the_end=st.booleans())
    def open_solver(self, which, cancel, steps, to_the_end):
        """File ▸ Open Solver…: the student's solver runs from the knight's square (a8 with no knight) and
        its checked events are played, step by step or to the end; a mistake ends it with its reason,
        a file that is no solver is refused (a message box, nothing runs)."""
        run, player = self.win.student_run, self.player
        run.max_events, run.max_seconds = SOLVER_EVENTS, 60.0  # (the time limit is never reached)
        path = self._solver_file(which)
        self._solver_runs += 1
        if self._solver_runs > SOLVER_RUNS:
            cancel = 0
        self.dialogs.open_answer = "" if cancel == 0 else str(path)
        before = self._snapshot()
        start = before[0] if before[0] is not None else 0
        box = run.problem_box
        shown_before = box is not None and box.isVisible()
        self._act("open_solver", self._press, Qt.Key.Key_O, CTRL_SHIFT)
        self.dialogs.open_answer = ""
        if cancel == 0:
            assert (player.start, player.pos, player.config) == (before[0], before[1], before[4])
            return
        self._last_solver = which  # (File ▸ Run Solver Again runs it again: run_solver_again)
        self._act("wait_for_solver", self._wait_for_solver)
        box = run.problem_box
        problem = box is not None and box.isVisible() and not shown_before
        if problem:  # the user reads it and presses OK
            self._act("close_problem_box", box.accept)
        if which == "not a solver":
            assert problem, "a file that is no solver was not refused"
            assert (player.start, player.config) == (before[0], before[4])
            STATS["solver: refused"] += 1
            return
        assert run.active and player.start == start and player.search is None
        assert problem == (which == "raises"), "the solver's failure was not shown (or another was)"
        STATS[f"solver: run {which}"] += 1
        if steps:
            self.step(steps)
        if to_the_end and not self.practice.active:
            self._act("finish", self._press, Qt.Key.Key_End)
            for _ in range(100):
                if not player.running:
                    break
                self._run_ticks(1)
            outcome = player.state.outcome
            assert outcome is not None, "a student's run did not come to its end"
            if self.board.size > 1:  # (on 1×1 the first push is a tour)
                wanted = {"raises": "student-error"}.get(which)
                if which in ILLEGAL_SOLVERS:
                    wanted = "student-illegal"
                if wanted is not None:
                    assert outcome.code == wanted, f"the student's {which} solver ended {outcome.code}"
                else:
                    assert outcome.code not in ("student-illegal", "student-error"), outcome
            STATS["solver: runs to the end"] += 1

    @precondition(lambda self: not self.closed)
    @rule()
    def run_solver_again(self):
        """File ▸ Run Solver Again (Ctrl+R): the solver opened last runs again from the knight's square,
        without the dialog; nothing before a solver was opened."""
        run, player = self.win.student_run, self.player
        if self._solver_runs >= SOLVER_RUNS:
            return
        enabled = run.again_action.isEnabled()
        assert enabled == (self._last_solver is not None)
        before = self._snapshot()
        start = before[0] if before[0] is not None else 0
        box = run.problem_box
        shown_before = box is not None and box.isVisible()
        self._act("run_solver_again", self._press, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
        if not enabled:
            assert self._snapshot() == before
            return
        self._solver_runs += 1
        self._act("wait_for_solver", self._wait_for_solver)
        box = run.problem_box
        if box is not None and box.isVisible() and not shown_before:  # the user reads it and presses OK
            self._act("close_problem_box", box.accept)
        if self._last_solver == "not a solver":
            assert (player.start, player.config) == (before[0], before[4])
        else:
            assert run.active and player.start == start and player.search is None
        STATS["solver: run again"] += 1

    # -- File ▸ Export Animation… ----------------------------------------------------------------

    def _wait_for_animation(self, dialog) -> None:
        """Until the export's worker thread has stopped (the file written, or not)."""
        self.qtbot.waitUntil(lambda: not dialog.running, timeout=60000)

    @precondition(lambda self: not self.closed)
    @rule(kind=st.sampled_from(["export", "export", "cancel", "missing folder", "bad name",
                                "cancel while exporting"]),
          suffix=st.sampled_from([".gif", ".webp", ".apng"]), frames=st.integers(2, 4),
          px=st.integers(16, 64))
    def export_animation(self, kind, suffix, frames, px):
        """Ctrl+Shift+G: the window-modal dialog for the search's range on the timeline; cancelled, the
        window is as it was and nothing is written; exported, the file exists and is not empty."""
        win, player = self.win, self.player
        enabled = win.export_animation_action.isEnabled()
        old = win._animation_dialog
        before = self._snapshot()
        shown = list(win.board_widget.view.path)
        files = sorted(p.name for p in self.exports.iterdir())
        self._act("export_animation", self._press, Qt.Key.Key_G, CTRL_SHIFT)
        dialog = win._animation_dialog
        if not enabled:
            assert dialog is old and QApplication.activeModalWidget() is None
            return
        assert dialog is not old and dialog.isVisible() and QApplication.activeModalWidget() is dialog
        # A run no fresh search makes again (a student's, a path handed over, a file's own moves) is
        # animated from its recording: the events the timeline holds, no more (none yet: 0 to 0).
        recorded = dialog.recorded
        assert (recorded is None) is player.reproducible
        first = 1 if recorded is None else min(1, len(player.history))
        # Up to the event the board shows (a run stopped at maximum speed holds events recorded past it)
        held = len(player.history)
        last = player.pos if 1 < player.pos < held else held
        assert (dialog.first_spin.value(), dialog.last_spin.value()) == (first, last)
        if recorded is None:  # a new search whose first event is its outcome: a theorem says no tour
            # starts there, or the construction builds none from there (3×7 from d2)
            nothing = next(iter(player.config.search(player.start))).__class__ is Outcome
        else:
            assert list(recorded) == player.history[0:len(player.history)]
            nothing = not any(isinstance(event, Push) for event in recorded)
        assert (dialog.config, dialog.start) == (player.config, player.start)
        self._exports += 1
        target = self.exports / f"animation-{STATS['sequences']}-{self._exports}{suffix}"
        name = {"missing folder": self.exports / "no-such-folder" / f"x{suffix}",
                "bad name": target.with_suffix(".bmp")}.get(kind, target)
        cancel = dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel)

        def choose():
            dialog.px_spin.setValue(px)
            dialog.frames_spin.setValue(frames)
            dialog.path_edit.setText(str(name))

        self._act("animation_options", choose)
        if kind == "bad name":
            assert not dialog.export_button.isEnabled() and dialog.note.text()
        elif kind != "cancel":
            button = dialog.export_button
            self._act("animation_export", click, self.qtbot, button, button.rect().center())
            if kind == "cancel while exporting" and dialog.isVisible():
                self._act("animation_cancel", click, self.qtbot, cancel, cancel.rect().center())
            self._act("wait_for_animation", self._wait_for_animation, dialog)
        # A run with no push has nothing to animate: the export says why, as a bad folder does, and
        # the dialog stays open.
        if kind == "missing folder" or (kind == "export" and nothing):
            assert dialog.isVisible() and dialog.error and dialog.written is None, "no error said"
            assert dialog.note.text() == dialog.error
            STATS["animation errors said"] += 1
        if dialog.isVisible():  # the user gives up: Cancel
            self._act("animation_cancel", click, self.qtbot, cancel, cancel.rect().center())
        assert not dialog.isVisible() and not dialog.running
        written = sorted(p.name for p in self.exports.iterdir() if p.name not in files)
        if dialog.written is not None or kind == "export" and not nothing:  # (cancelled too late: written)
            assert dialog.result() == QDialog.DialogCode.Accepted and dialog.written is not None
            assert written == [target.name] and target.stat().st_size > 0, "the animation was not written"
            STATS["animations written"] += 1
        else:
            assert dialog.result() == QDialog.DialogCode.Rejected and dialog.written is None
            assert written == [], f"a cancelled export left files: {written}"
            STATS["animation exports cancelled"] += 1
        paused = (*before[:3], False, before[4])  # (it pauses a search playing: its range stays the board's)
        assert self._snapshot() == paused and list(win.board_widget.view.path) == shown, \
            "the animation dialog changed the window"

    # -- the window -----------------------------------------------------------------------

    @precondition(lambda self: not self.closed)
    @rule(width=st.integers(200, 1600), height=st.integers(150, 1200))
    def resize(self, width, height):
        def do():
            self.win.resize(width, height)
            self.win.layout().activate()  # lay out now, as before the user's next event
        self._act("resize", do)

    @precondition(lambda self: not self.closed)
    @rule(data=st.data())
    def any_other_action(self, data):
        """Every other action of the window (new features included) by its shortcut, or triggered."""
        actions = sorted((a for a in self.win.findChildren(type(self.win.play_action))
                          if a.text() and not a.isSeparator() and a.menu() is None
                          and not any(a is getattr(self.win, name, None) for name in _OWN_RULES)
                          # the modes are entered and left by their own rules, which check what they
                          # promise: toggle_play_yourself, toggle_practice, lesson, export_animation
                          and a is not self.play.toggle_action
                          and a is not self.practice.action
                          and a is not self.win.student_run.again_action  # (run_solver_again waits for it)
                          and a is not self.win.export_animation_action  # (a window-modal dialog)
                          and a not in self.win.lessons.actions
                          # Play Yourself's two jobs in a worker, waited for by their own rules: their
                          # result must not land in the middle of a later action (timing)
                          and a is not self.play.wrong_action and a is not self.play.compare_action),
                         key=lambda a: (a.text(), a.objectName()))
        if not actions:
            return
        # An index, not sampled_from(actions): the list grows as features create actions lazily, and
        # hypothesis needs the same draws for the same choices.
        action = actions[data.draw(st.integers(0, 10**6), label="action index") % len(actions)]
        key = key_of(action)
        STATS[f"action {action.text().replace('&', '')}"] += 1
        widget_only = action.shortcutContext() == Qt.ShortcutContext.WidgetShortcut
        if key is not None and action.isEnabled() and not widget_only:
            self._act("any_other_action", self._press, *key)
        else:
            self._act("any_other_action", action.trigger)
        if not self.win.isVisible():  # Quit
            self.closed = True
            self.nothing_left_running()
            return
        self._end_analysis(data.draw(st.booleans(), label="cancel by Esc"))
        if self._files() is not None:  # File ▸ Save Tour… writes in a worker: waited for, as its own rule
            self._wait_for_files()  # does (its "Saved …" landed in a later rule's status: timing)

    def _end_analysis(self, by_esc: bool) -> None:
        """An analysis an action started (Count, Compare) is cancelled at once, by Esc or as its Cancel
        does: left running, whether it had ended by a later Esc (which then stops it instead of
        resetting) would be timing."""
        panel = self.win.analysis_panel
        if not panel.busy:
            return
        # (a run first: Esc stops that; and the window must have the keys already, or bringing it to the
        # front lets the analysis end first, and Esc resets: timing)
        if by_esc and not self.player.running and self.win.isActiveWindow():
            before = self._snapshot()
            self._act("cancel_analysis_by_esc", self._press, Qt.Key.Key_Escape)
            assert self._snapshot() == before, "Esc stopped the analysis and changed the search shown"
            STATS["analyses cancelled by Esc"] += 1
        else:
            self._act("cancel_analysis", panel.cancel)
            STATS["analyses cancelled"] += 1
        self.qtbot.waitUntil(lambda: not panel.busy, timeout=20000)

    @precondition(lambda self: not self.closed)
    @rule()
    def look(self):
        """Grab the board as the user sees it and check visited squares and numbers."""
        image_holder = []
        self._act("look", lambda: image_holder.append(self.win.board_widget.grab().toImage()))
        check_pixels(self.win, image_holder[0])

    @precondition(lambda self: not self.closed)
    @rule(reopen=st.booleans())
    def close_window(self, reopen):
        self._act("close_window", self.win.close)
        self.closed = True
        self.nothing_left_running()
        if reopen:
            self._act("reopen", show_active, self.qtbot, self.win)
            self.closed = False

    @precondition(lambda self: self.closed)
    @rule()
    def reopen(self):
        self._act("reopen", show_active, self.qtbot, self.win)
        self.closed = False

    # -- invariants ---------------------------------------------------------------------

    @invariant(check_during_init=True)
    def count_steps(self):
        STATS["steps"] += 1
        self.steps += 1

    @invariant()
    def no_qt_warning(self):
        records = self.qtlog.records
        new = [r for r in records[self._log_seen:] if r.matches_level("WARNING") and not r.ignored]
        self._log_seen = len(records)
        assert not new, f"Qt warnings: {[r.message for r in new]}"

    @invariant()
    def board_shows_the_engine_path(self):
        win, player = self.win, self.player
        state, board = player.state, self.board
        view = win.board_widget.view
        assert view.board == board
        assert (win.rows_spin.value(), win.cols_spin.value()) == (board.rows, board.cols)
        assert win.algorithm_combo.currentData() == player.config.algorithm
        if self.play.active:  # Play Yourself shows the student's path; the search is put aside
            self._board_shows_the_students_path()
            return
        path = list(view.path)
        assert path == state.path
        assert len(set(path)) == len(path), "a square numbered twice"
        assert all(0 <= sq < board.size for sq in path)
        for k, (a, b) in enumerate(zip(path, path[1:], strict=False), 2):
            assert board.is_knight_move(a, b), f"move {k} is not a knight's move"
        for k, sq in enumerate(path, 1):
            assert state.step_of[sq] == k
        assert sum(1 for v in state.step_of if v) == len(path)
        if player.start is None:
            assert path == [] and player.pos == 0 and len(player.history) == 0
        elif player.pos == 0:  # a student's run whose first event has not been played yet
            assert self.win.student_run.active and path == []
        else:
            assert path == [] or path[0] == player.start
        stack = player.stack()
        if path:
            assert stack is not None and stack.depth == len(path), "board and engine stack disagree"
            assert stack.path() == path, "the engine stack is not the path shown"
        if player.at_head and isinstance(player.search, Search):  # (not a file's replay: see player.stack)
            assert player.search.depth == len(path)
            assert player.search.pushes == state.pushes and player.search.pops == state.pops
        STATS["max events"] = max(STATS["max events"], len(player.history))

    def _board_shows_the_students_path(self) -> None:
        """Play Yourself: the board numbers the student's path, a knight's move each, and outlines the
        legal next squares; the search stays put aside until the mode is left."""
        player, board, game = self.player, self.board, self.play.game
        view = self.win.board_widget.view
        path = list(game.path)
        assert game.board == board and game.algorithm == player.config.algorithm
        assert list(view.path) == path, "the board does not show the student's path"
        assert len(set(path)) == len(path), "a square numbered twice"
        assert all(0 <= sq < board.size for sq in path)
        for k, (a, b) in enumerate(zip(path, path[1:], strict=False), 2):
            assert board.is_knight_move(a, b), f"the student's move {k} is not a knight's move"
        assert view.start == (path[0] if path else None)
        legal = {n for n in board.neighbours(path[-1]) if n not in path} if path else set()
        assert {sq for sq, _ in view.candidates} == legal, "the outlined squares are not the legal moves"
        assert view.show_knight == (len(path) < board.size)
        assert view.closed == (len(path) == board.size > 1 and board.is_knight_move(path[-1], path[0]))
        assert player.start is None and len(player.history) == 0 and not player.running, \
            "the search runs while the student plays"
        STATS["max student path"] = max(STATS["max student path"], len(path))

    @invariant()
    def counters_agree_with_history(self):
        player, state = self.player, self.player.state
        assert 0 <= player.pos <= len(player.history)
        assert state.pushes + state.pops + len(state.outcomes) == player.pos
        assert state.pushes - state.pops == state.depth
        counts = self._history_counts()
        assert (counts[Push], counts[Pop], counts[Outcome]) == (state.pushes, state.pops, len(state.outcomes))
        assert state.max_depth >= state.depth
        moves = self.win.moves_label.text()
        depth = len(self.play.game.path) if self.play.active else state.depth  # (the student's moves)
        assert f"{depth:,}" in moves and f"{self.board.size:,}" in moves
        counts_text = self.win.counts_label.text()
        game = self.play.game
        pushes, pops = (game.pushes, game.take_backs) if self.play.active else (state.pushes, state.pops)
        assert f"{pushes:,}" in counts_text and f"{pops:,}" in counts_text, counts_text
        message = self.win.message_label.text()
        if self.play.active:
            assert message == self.play.status_text()
        elif state.outcome is not None and state.outcome.code.startswith("student-"):
            assert message == self.win.student_run.outcome_text(state.outcome)

    @invariant()
    def modes_keep_their_word(self):
        """Practice waits for each guess and asks for the event that comes next; no dialog, student's
        solver or export is left open or running after an action."""
        win, player, practice = self.win, self.player, self.practice
        assert self.play.toggle_action.isChecked() == self.play.active
        play, game = self.play, self.play.kept_game  # (left with moves: the student's path, kept)
        assert play.active or (None if game is None else (game.board, game.path)) == self._play_kept, \
            "the student's path not kept as it was when Play Yourself was left"
        if practice.active:
            assert not player.running, "practising, the search runs on without waiting for a guess"
            expected = practice.expected
            if expected is not None:
                assert isinstance(expected, (Push, Pop))
                assert player.pos < len(player.history) and player.history[player.pos] == expected, \
                    "practice asks for another event than the next one"
            else:  # nothing to guess: no knight, or the search is over
                assert player.start is None or player.state.outcome is not None, \
                    "practice asks for nothing while the search goes on"
            assert practice.back_action.isEnabled() == (expected is not None)
        else:
            assert practice.expected is None and not practice.back_action.isEnabled()
        assert not win.student_run.solver.running, "a student's solver left running"
        box = win.student_run.problem_box
        assert box is None or not box.isVisible(), "a problem box left open"
        dialog = win._animation_dialog
        assert dialog is None or not (dialog.isVisible() or dialog.running), "the animation dialog left open"
        assert QApplication.activeModalWidget() is None

    def _history_counts(self) -> Counter:
        """Kinds of the first ``pos`` recorded events (Push, Pop, Outcome), counted incrementally."""
        history, pos = self.player.history, self.player.pos
        if self._hist is None or self._hist[0] is not history:
            self._hist = (history, 0, Counter())
        _, upto, counts = self._hist
        if pos >= upto:
            counts.update(history.kind(i) for i in range(upto, pos))
        else:
            counts.subtract(history.kind(i) for i in range(pos, upto))
        self._hist = (history, pos, counts)
        return counts

    @invariant()
    def enabled_actions_make_sense(self):
        win, player, play = self.win, self.player, self.play
        running = player.running
        if play.active:  # ← and → take the student's moves back and again; the search waits
            game = play.game
            assert win.back_action.isEnabled() == play.undo_action.isEnabled() == bool(game.path)
            assert win.step_action.isEnabled() == play.redo_action.isEnabled() == game.can_redo
            assert not (win.play_action.isEnabled() or win.finish_action.isEnabled()
                        or win.reset_action.isEnabled())
            incomplete = 0 < len(game.path) < self.board.size
            assert play.hint_action.isEnabled() == incomplete
            # (no search goes on from the student's path with the construction, which builds its own tour,
            # or from a start no tour begins on)
            searchable = game.algorithm not in CONSTRUCTED and bool(game.path) and impossible(
                self.board, game.path[0], game.closed) is None
            assert play.finish_action.isEnabled() == (incomplete and searchable)
            assert play.save_action.isEnabled() == bool(game.path)
            assert play.compare_action.isEnabled() == (len(game.path) == self.board.size)
        else:
            assert win.step_action.isEnabled() == player.can_advance, "Step enabled iff there is a next event"
            assert win.back_action.isEnabled() == (player.pos > 1)
            assert not any(action.isEnabled() for action in play.game_actions), "Play Yourself's actions on"
            if self.practice.active:  # the search waits for each guess: nothing plays or runs ahead of it
                assert not any(action.isEnabled() for action in (
                    win.play_action, win.finish_action, win.teaching.backtrack_action,
                    win.teaching.go_to_move_action))
            else:
                assert win.finish_action.isEnabled() == player.can_advance
                assert win.play_action.isEnabled() == (running or player.can_advance or player.start is None)
        # something to export: a knight's path, or the heatmap of Every square on the board
        picture = player.start is not None or win.board_widget.heat is not None
        assert win.export_action.isEnabled() == picture
        if running:
            assert player.can_advance, "playing with no next event"
            assert not self.closed, "a closed window is still playing"
        if player.start is None:
            assert not win.reset_action.isEnabled()
        index = win.speed_slider.value()
        assert win.faster_action.isEnabled() == (index < len(SPEEDS) - 1)
        assert win.slower_action.isEnabled() == (index > 0)
        if player.state.outcome is not None:
            assert not running

    def nothing_left_running(self) -> None:
        """Once the window is closed no timer or thread of ours runs (and nothing runs on).

        Queued signals (a worker's last results) are delivered first, as the
        event loop would right after the close: they must not start anything.
        """
        QCoreApplication.sendPostedEvents()
        found = [obj for obj in self.win.findChildren(QTimer) + self.win.findChildren(QThread)
                 if _ours(obj.parent()) and (obj.isActive() if isinstance(obj, QTimer) else obj.isRunning())]
        names = [f"{type(o).__name__} {o.objectName()!r} of {type(o.parent()).__name__}" for o in found]
        threads = [t.name for t in threading.enumerate() if t not in self.threads_before and t.is_alive()]
        for obj in found:  # do not let them spill into the next sequences
            if isinstance(obj, QTimer):
                obj.stop()
            else:
                obj.requestInterruption()
                obj.quit()
                obj.wait(5000)
        assert not names and not threads, f"left running after the window closed: {names + threads}"
        assert not self.player.running

    def teardown(self):
        from knight_gui.ui import i18n

        STEPS_PER_SEQUENCE.append(self.steps - 2)  # rule steps after the opening one
        try:
            self.win.close()
            self.nothing_left_running()
        finally:
            self.win.deleteLater()
            # View ▸ Language (any_other_action) installs its translator for the whole process: the
            # next sequence, and the next test file, begin in English (test_help read Chinese titles).
            i18n.install_translator(i18n.ENGLISH)


# -- looking at pixels ----------------------------------------------------------------------


def _near(c: QColor, ref: QColor, tolerance: int) -> bool:
    return abs(c.red() - ref.red()) + abs(c.green() - ref.green()) + abs(c.blue() - ref.blue()) <= tolerance


def _inky(c: QColor, number: QColor) -> bool:
    """A pixel of a number: near the numbers' colour, or (antialiased small digits, a 7 px font on
    24 px squares) a lighter grey of it; the path's lines are blue, never grey."""
    grey = max(c.red(), c.green(), c.blue()) - min(c.red(), c.green(), c.blue()) <= 30
    return _near(c, number, 60) or (grey and _near(c, number, 120))


#: Where a square's own colour shows: clear of numbers, the candidates' badge and the start mark.
CORNERS = ((0.22, 0.22), (0.22, 0.8), (0.78, 0.8), (0.5, 0.9))


def check_pixels(win, image: QImage) -> None:
    """Visited squares are tinted and numbered, the others are plain: as the path says."""
    widget = win.board_widget
    view = widget.view
    layout = widget.board_layout()
    s = layout.square
    if s < 24:
        return
    from knight_gui.ui.painting import between_bands, numbers_shown

    numbered = numbers_shown(layout, view.board)
    theme = widget.theme
    ratio = image.devicePixelRatio()
    visible = QRectF(0, 0, image.width() / ratio, image.height() / ratio)
    # Zoomed in, the coordinates' bands lie over the board's edges: a square under one is not seen
    visible = between_bands(layout, view.coords, visible) or visible
    path = list(view.path)
    on_path = set(path)
    knight = path[-1] if path and view.show_knight else None
    glowing = {sq for sq, strength in view.flashes if strength > 0.02}  # as last painted: red over all
    heat = getattr(view, "heat", None)  # the all-starts heatmap colours every square instead
    for square in range(view.board.size):
        if square in (view.hover, view.cursor) or square in glowing:  # (outlined on a white halo)
            continue
        rect = layout.square_rect(square)
        if not visible.contains(rect):
            continue  # zoomed in: this square is scrolled out of view

        def pixel(fx: float, fy: float, rect=rect) -> QColor:
            return image.pixelColor(int((rect.left() + fx * s) * ratio), int((rect.top() + fy * s) * ratio))

        corners = [] if heat else [pixel(fx, fy) for fx, fy in CORNERS]
        tinted, plain_colours = (theme.visited_light, theme.visited_dark), (theme.light, theme.dark)
        visited = sum(1 for c in corners if any(_near(c, ref, 24) for ref in tinted))
        plain = sum(1 for c in corners if any(_near(c, ref, 24) for ref in plain_colours))
        if square in on_path:
            assert visited >= plain, f"square {square} is on the path but not tinted"
        else:
            assert plain >= visited, f"square {square} is tinted but not on the path"
        if square == knight or not numbered:
            continue
        ink = 0
        steps = 7
        for i in range(steps):
            for j in range(steps):
                c = pixel(0.35 + 0.3 * i / (steps - 1), 0.35 + 0.3 * j / (steps - 1))
                ink += _inky(c, theme.number)
        if square in on_path:
            assert ink > 0, f"square {square} is on the path but shows no number"
        else:
            assert ink == 0, f"square {square} is not on the path but shows ink"


# -- the test ---------------------------------------------------------------------------------


def report(name: str, steps: int) -> str:
    """The figures of the run, for the test's output."""
    full = sum(1 for n in STEPS_PER_SEQUENCE if n >= steps)
    shorter = sorted(Counter(n for n in STEPS_PER_SEQUENCE if n < steps).items())
    rules = ", ".join(f"{k[5:]} {v}" for k, v in sorted(STATS.items()) if k.startswith("rule "))
    slow = sorted(((v, k[8:]) for k, v in STATS.items() if k.startswith("seconds ")), reverse=True)[:6]
    other = ", ".join(f"{k} {v}" for k, v in sorted(STATS.items())
                      if not k.startswith(("rule ", "seconds ", "action ")))
    return "\n".join([
        f"fuzz ({name}): {STATS['sequences']} sequences ({full} of {steps} rule steps after the opening "
        f"one; shorter ones from mutations and replays: {shorter}), {STATS['actions']} user actions",
        f"  {other}",
        f"  rules: {rules}",
        "  slowest: " + ", ".join(f"{what} {seconds:.1f} s" for seconds, what in slow),
    ])


@pytest.mark.parametrize("default", [pytest.param("quick"), pytest.param("ci", marks=pytest.mark.slow)])
def test_random_user_sessions_keep_the_board_and_engine_in_step(qtbot, qtlog, tmp_path, monkeypatch, capsys,
                                                                default):
    from knight_gui.ui import board_widget

    dialogs = Dialogs(tmp_path)
    dialogs.install(monkeypatch)
    monkeypatch.setattr(board_widget, "time", WIDGET_TIME)  # the glow fades by the fake clock
    STATS.clear()
    STEPS_PER_SEQUENCE.clear()
    name = profile_name(default)
    profile = PROFILES[name]
    steps = profile.stateful_step_count - 1  # rule steps after the opening one
    factory = lambda: WindowMachine((qtbot, qtlog, tmp_path, dialogs))  # noqa: E731
    try:  # every sequence as long as the profile says (hypothesis otherwise mixes in shorter ones)
        run_state_machine_as_test(factory, settings=profile, _min_steps=profile.stateful_step_count - 1)
    except TypeError:  # a hypothesis without the (private) _min_steps
        run_state_machine_as_test(factory, settings=profile)
    with capsys.disabled():
        print("\n" + report(name, steps))
    full = sum(1 for n in STEPS_PER_SEQUENCE if n >= steps)
    assert full >= MIN_SEQUENCES[name], f"only {full} sequences of {steps} actions"
    assert QApplication.activeModalWidget() is None


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_profiles_meet_the_brief(name):
    profile = PROFILES[name]
    assert profile.stateful_step_count >= 30 and profile.deadline is None
    assert profile.max_examples >= MIN_SEQUENCES[name]
    if name != "quick":
        assert profile.max_examples >= 200


# -- regressions: minimal tests for bugs the fuzzer found -------------------------------------


@pytest.mark.parametrize("key", [Qt.Key.Key_Space, Qt.Key.Key_Return])
def test_space_or_enter_on_an_empty_board_after_a_size_change_places_the_knight(qtbot, window, key):
    """Found by the fuzzer: after the board changed, the cursor was on but nowhere, so keys did nothing."""
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Space)  # the knight on a8, the keyboard cursor on
    assert window.player.start == 0
    window.rows_spin.setValue(5)
    window.cols_spin.setValue(5)
    assert window.player.start is None and window.board_widget.view.path == []
    qtbot.keyClick(window.board_widget, key)
    assert window.player.start == 0 and window.board_widget.view.path == [0]


def test_a_tour_saved_with_its_trace_from_an_impossible_start_opens_again(qtbot, window, tmp_path,
                                                                          monkeypatch):
    """Found by the fuzzer: the trace of an impossible start is one outcome, no push; opening it failed."""
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append(text))
    window.apply_settings(5, 1)
    window.player.place(0)
    assert window.player.state.outcome.kind == "impossible"
    files = window.tour_files
    target = tmp_path / "impossible.json"
    with qtbot.waitSignal(files.saved, timeout=10000):
        files.save_file(str(target), trace=True)
    window.apply_settings(6, 6)
    with qtbot.waitSignal(files.opened, timeout=10000):
        files.open_file(str(target))
    assert errors == []
    assert window.player.start == 0 and window.player.config.board.dims == "5×1"
    assert window.player.state.outcome.kind == "impossible"


def test_closing_mid_batch_leaves_no_timer_once_late_results_arrive(qtbot, window):
    """Found by the fuzzer: results the worker queued just before the close restarted the heat timer.

    Ctrl+A, the worker finishes (its last batch queued for the GUI thread,
    not yet delivered), the window closes, then the event loop delivers it.
    """
    from tests.ui.conftest import leftovers

    qtbot.keyClick(window.board_widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    job = window.analysis_panel.every_square.runner.worker
    done = threading.Event()
    job.finished.connect(done.set, Qt.ConnectionType.DirectConnection)  # in the worker thread
    assert job.seconds or done.wait(30)  # (seconds is set just before finished: already done)
    window.close()
    QCoreApplication.sendPostedEvents()  # what the event loop delivers next
    assert leftovers() == []
