"""File ▸ Open Tour / Save Tour: saved tours (JSON) replayed in the window.

The format and its validation are ``knight_gui.tour.text`` (shared with the
command line).  This module adds the window's side, and the optional key
``trace`` (``knight_gui.tour.trace``; the text module checks its shape):
every event of the search up to the saved moment, one small array each::

    ["+", row, col, degree]                 a push: the knight moves onto (row, col)
    ["-", row, col, reason, tried]          a pop: it backtracks off (row, col)
    ["=", kind, tours, code, reason, args]  an outcome

Opening a file replays it: a worker thread first re-runs the saved search
(board, start, algorithm, tie-break, closed) and checks that it reproduces
the saved counters, path and outcome (and the trace, event by event, when
there is one); the player is then advanced to that moment a chunk per timer
tick, so the history is the live search's own: step, scrub, go on searching.
A file this program's search does not reproduce (from another program or
version) is shown as a replay of its trace, or, without one, of the pushes
of its path.  A bad file (not JSON, another version, a path that is not a
tour, a board larger than the window offers, a trace that does not fit)
gives a message and leaves the board as it was.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any, cast

from PySide6.QtCore import QObject, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QWidget

from ..tour import (
    OUTCOME_BUDGET,
    OUTCOME_TOUR,
    OUTCOMES,
    Board,
    Event,
    Outcome,
    Pop,
    Push,
    Search,
    Snapshot,
    tie_break_used,
)
from ..tour import text as tour_text
from ..tour.algorithms import CLOSED
from ..tour.board import MAX_SIDE
from ..tour.messages import Message
from ..tour.play import push_events
from ..tour.state import TourState
from ..tour.trace import TRACE_LIMIT, TraceError, event_json, file_outcome
from ..tour.trace import parse_trace as _parse_trace
from . import file_dialogs, plain
from .actions import set_action_texts
from .i18n import error_text, tr_message
from .player import SearchConfig, TourPlayer
from .workers import Cancelled, FunctionWorker, Worker, WorkerRunner

#: Longest search re-run to reproduce a file; beyond it the file's own moves are replayed.
REPRODUCE_LIMIT = 20_000_000
#: Seconds of work per timer tick while advancing the player to an opened file's moment
#: (the rest of a 60 Hz frame is left for painting and input).
FRAME_BUDGET = 0.010
#: Events applied between two looks at the clock.
CHUNK = 2048
#: Seconds a job runs before a progress dialog shows.
PROGRESS_AFTER = 0.5


class OpenProblem(Exception):
    """Why a file cannot be opened: a message kind and its arguments (worded in the GUI thread)."""

    def __init__(self, kind: str, *args: object) -> None:
        super().__init__(kind, *args)
        self.kind = kind
        self.args_ = args


# -- the trace: events as JSON (``tour.trace``, shared with the command line's ``show``) -----------


_outcome = file_outcome


def parse_trace(board: Board, raw: object, limit: int = TRACE_LIMIT) -> list[Event]:
    """The events of a ``trace`` value, checked to be a search a TourState can replay.

    Raises OpenProblem("trace", detail) when it is not (``tour.trace.parse_trace``).
    """
    try:
        return _parse_trace(board, raw, limit)[0]
    except TraceError as error:
        raise OpenProblem("trace", error.message) from None


# -- reading and checking a file (in a worker thread) --------------------------------


@dataclass
class LoadedTour:
    """A checked file: its record, its trace, and how to show it."""

    filename: str
    record: tour_text.TourRecord
    trace: list[Event] | None = None
    #: events of the live search that reproduce the file, or None when it does not
    reproduced: int | None = None
    replay: list[Event] = field(default_factory=list)  #: what to replay when not reproduced


def read_file(filename: str, max_side: int, job: Worker | None = None) -> LoadedTour:
    """Read, check and reproduce a saved tour; OpenProblem says what is wrong.

    The same checks as the command line's ``show`` (``tour.text``): a regular
    file only, read without blocking and up to ``MAX_FILE_BYTES``; the same
    record and trace checks; and a board the window can show.
    """
    try:
        data = tour_text.read_json(filename)
    except tour_text.TourReadError as error:
        raise OpenProblem(error.kind, error.detail) from None
    problem = tour_text.header_problem(data)
    if problem is not None:
        kind, shown = problem
        if kind == "format":
            raise OpenProblem("format")
        raise OpenProblem("version", shown, tour_text.FILE_VERSION)
    assert isinstance(data, dict)
    rows, cols = data.get("rows"), data.get("cols")
    if (type(rows) is int and type(cols) is int and (rows > max_side or cols > max_side)):
        raise OpenProblem("board", rows, cols, max_side)
    try:
        record = tour_text.parse_tour(data)
    except tour_text.TourFileError as error:
        raise OpenProblem("invalid", error.message) from None
    loaded = LoadedTour(filename, record)
    if "trace" in data:
        try:
            loaded.trace = tour_text.check_trace(record, data["trace"], None if job is None else job.check)
        except TraceError as error:
            raise OpenProblem("trace", error.message) from None
    del data
    loaded.reproduced = reproduce(record, loaded.trace, job)
    if loaded.reproduced is None:
        loaded.replay = loaded.trace if loaded.trace is not None else path_events(record)
    return loaded


def config_of(record: tour_text.TourRecord) -> SearchConfig:
    """The search configuration a record was made with, as the window's controls would make it."""
    tie = tie_break_used(record.algorithm, record.tie_break)
    closed = record.closed and record.algorithm in CLOSED
    return SearchConfig(record.board, record.algorithm, tie, closed)


def reproduce(record: tour_text.TourRecord, trace: list[Event] | None = None,
              job: Worker | None = None, limit: int = REPRODUCE_LIMIT) -> int | None:
    """How many events of the saved search reproduce ``record`` exactly; None if they do not.

    The search stops where its pushes and pops equal the record's (taking the
    outcome that follows, which must be of the saved kind, unless the record
    was saved mid-search); the path must then be the saved one.  With a
    trace, every event must also be the trace's.
    """
    want = (record.pushes, record.pops)
    if record.pushes + record.pops > limit:
        return None
    try:
        events = iter(config_of(record).search(record.start))
    except ValueError:
        return None
    path: list[int] = []
    pushes = pops = count = 0
    while True:
        if job is not None and not count & 0xFFFF:
            job.check(count, record.pushes + record.pops)
        event = next(events, None)
        if (pushes, pops) == want:  # the saved moment: only the saved outcome may follow
            if isinstance(event, Outcome) and event.kind == record.outcome:
                count += 1
                if trace is not None and (count > len(trace) or not _same(trace[count - 1], event)):
                    return None
            elif record.outcome != OUTCOME_BUDGET:
                return None
            break
        if event is None:
            return None
        if isinstance(event, Push):
            path.append(event.square)
            pushes += 1
        elif isinstance(event, Pop):
            path.pop()
            pops += 1
        count += 1
        if pushes > want[0] or pops > want[1]:
            return None
        if trace is not None and (count > len(trace) or (trace[count - 1] != event
                                                          and not _same(trace[count - 1], event))):
            return None
    if path != list(record.path):
        return None
    if trace is not None and count != len(trace):
        return None
    return count


def _same(saved: Event, event: Event) -> bool:
    """Whether a saved event is ``event``; an outcome an older file gives only in English words
    is the search's outcome of the same kind and count whose English reason reads the same."""
    if saved == event:
        return True
    return (isinstance(saved, Outcome) and isinstance(event, Outcome) and saved.code == "verbatim"
            and (saved.kind, saved.tours, saved.reason) == (event.kind, event.tours, event.reason))


def path_events(record: tour_text.TourRecord) -> list[Event]:
    """A record shown as the pushes of its path and its outcome (a file with no trace)."""
    events: list[Event] = list(push_events(record.board, record.path))  # degrees as the knight arrived
    events.append(_outcome(record.outcome, record.code, list(record.args) if record.code else None,
                           record.reason, 1 if record.outcome == "tour" else 0))
    return events


# -- replaying events the search does not reproduce ------------------------------------


@dataclass(frozen=True)
class ReplayConfig(SearchConfig):
    """A search configuration whose search is a fixed list of events (a file's own moves) from its start."""

    events: tuple[Event, ...] = ()
    start: int | None = None  #: the file's start square (None: any)

    def search(self, start: int, resume: Snapshot | None = None):
        """The replay from the file's start; with ``resume``, or from another square (the knight placed
        anew), a real search (stack views)."""
        if resume is not None or (self.start is not None and start != self.start):
            return super().search(start, resume)
        return ReplaySearch(self, start)


class ReplaySearch:
    """Yields a replay's events; then goes on as a real search from where they end, if it can.

    Attributes it does not have (the stack: ``depth``, ``frame``) come from a
    real search resumed at the replay's last position.
    """

    def __init__(self, config: ReplayConfig, start: int) -> None:
        self.config = config
        self.board = config.board
        self.start = start
        # What a view asks of any search, known without resuming one (a replay that ends with the
        # knight nowhere, an impossible start's, has no search to resume).
        self.algorithm = config.algorithm
        self.tie_break = tie_break_used(config.algorithm, config.tie_break)
        self.closed = config.closed
        self._resumed: Search | None = None
        #: The search the replay goes on as, once the file's events are all given (None before): its
        #: stack is the one at the head of the history (``TourPlayer.stack``).
        self.live: Search | None = None
        self._resume_tried = False  # (a start no tour begins on resumes nothing: not tried again)

    def __iter__(self) -> Iterator[Event]:
        yield from self.config.events
        search = self._resume()
        if search is None:
            state = self._final_state()
            yield Outcome("no-tour", "replay-end", (), state.tours)
            return
        self.live = search
        events = iter(search)
        last = self.config.events[-1] if self.config.events else None
        if isinstance(last, Outcome) and last.kind == "tour":
            first = next(events, None)  # the resumed search reports the same tour again
            if first is not None and not isinstance(first, Outcome):
                yield first
        yield from events

    @property
    def went_on_at(self) -> int | None:
        """Where in the history that search goes on from the file's path (``TourPlayer.stack``), known
        from the file's end on, whichever way it was reached; None if it cannot go on."""
        return len(self.config.events) if self._resume() is not None else None

    def _final_state(self) -> TourState:
        state = TourState(self.board)
        for event in self.config.events:
            state.apply(event)
        return state

    def _resume(self) -> Search | None:
        if self._resumed is not None or self._resume_tried:
            return self._resumed
        self._resume_tried = True
        state = self._final_state()
        path = tuple(state.path)
        if not path:
            return None
        # A file that ends with its tour: the search resumes from just before that report (a snapshot
        # of a complete path reports its tour again, see tour.search.Snapshot), not counted twice.
        last = self.config.events[-1] if self.config.events else None
        tours = state.tours - 1 if isinstance(last, Outcome) and last.kind == "tour" else state.tours
        counters = (state.pushes, state.pops, tours, state.max_depth, state.dead_ends)
        config = self.config
        try:
            probe = Search(self.board, self.start, config.algorithm, config.tie_break, config.closed,
                           resume=Snapshot(path, (0,) * len(path), *counters))
            if probe.depth != len(path):  # no tour begins on the start: a search resumes nothing there
                return None
            self._resumed = Search(self.board, self.start, config.algorithm, config.tie_break, config.closed,
                                   resume=Snapshot(path, probe.tried_along_path(), *counters))
        except ValueError:
            return None
        return self._resumed

    def __getattr__(self, name: str):
        search = self._resume()
        if search is None:
            raise AttributeError(name)
        return getattr(search, name)


# -- writing ------------------------------------------------------------------------------


def write_tour(filename: str, record: tour_text.TourRecord, trace: Iterable[Event] | None = None,
               job: Worker | None = None, total: int = 0) -> None:
    """Save ``record`` atomically, with the trace's events when given."""
    def write_to(write: Callable[[str], object]) -> None:
        if trace is None:
            tour_text.write_tour_file(write, record)
            return
        parts: list[str] = []
        tour_text.write_tour_file(parts.append, record)
        head = "".join(parts).rstrip()
        assert head.endswith("}")
        write(head[:-1])
        write(', "trace": [')
        board = record.board
        events = iter(trace)
        count = 0
        while True:
            chunk = list(islice(events, 4096))
            if not chunk:
                break
            write(("," if count else "") + ",".join(event_json(board, e) for e in chunk))
            count += len(chunk)
            if job is not None:
                job.check(count, total)
        write("]}\n")

    tour_text.save_atomically(filename, write_to)


# -- the window's side ------------------------------------------------------------------------


class TourFiles(QObject):
    """File ▸ Open Tour…, Save Tour…, Include Event Trace; opening replays the tour.

    It reads and writes in a worker (``ui.workers``) and asks the window,
    by signal, to show a file's settings (``settings_requested``) and
    messages in its status bar (``status_message``).
    """

    opened = Signal(str)  #: a file was opened and is shown (its name)
    saved = Signal(str)  #: a file was written (its name)
    failed = Signal(str)  #: a load or save failed or was cancelled (the message)
    #: Show a file's settings in the controls (rows, cols, algorithm, tie-break, closed); handled at once.
    settings_requested = Signal(int, int, str, str, bool)
    status_message = Signal(str, int)  #: a status bar message and its milliseconds (0: until replaced)
    status_message_over = Signal(str)  #: a message of its own no longer holds (the bar drops it if shown)

    def __init__(self, player: TourPlayer, parent: QWidget, max_side: int) -> None:
        super().__init__(parent)
        self.setObjectName("tour_files")
        self.player = player
        self.parent_widget = parent  #: dialogs open over it
        self.max_side = max_side  #: the largest board side the window shows
        self.last_dir = str(Path.home())  #: the folder of the last tour opened or saved
        self.runner = WorkerRunner("tour_file_job", self)
        self.runner.done.connect(self._on_job_finished)
        self._progress: QProgressDialog | None = None
        self._started = 0.0
        self._loaded: LoadedTour | None = None
        self._target = 0
        self._drive_key: tuple[object, int] = (None, 0)
        self._opening = ""
        self._what = ""
        self._done: Callable[[Any], None] = lambda _result: None
        self._driver = QTimer(self)
        self._driver.setObjectName("tour_files_driver")
        self._driver.setInterval(0)
        self._driver.timeout.connect(self._drive)
        self._create_actions()

    @property
    def job(self) -> Worker | None:
        """The worker reading or writing a file (None when idle)."""
        return self.runner.worker

    def _create_actions(self) -> None:
        parent = self.parent_widget
        self.open_action = QAction(parent)
        self.open_action.setShortcut(QKeySequence("Ctrl+O"))
        self.open_action.triggered.connect(self.open_dialog)
        self.save_action = QAction(parent)
        self.save_action.setShortcut(QKeySequence("Ctrl+Shift+S"))
        self.save_action.triggered.connect(self.save_dialog)
        self.trace_action = QAction(parent)
        self.trace_action.setCheckable(True)
        self.retranslate_ui()
        self.player.changed.connect(self._refresh_actions)
        self.player.reconfigured.connect(self._drop_opened_text)
        self._opened_text = ""  #: "Opened … : …" while the file's search is the one shown
        self._refresh_actions()

    def retranslate_ui(self) -> None:
        """The actions' texts in the installed language (the window calls it again after a switch)."""
        tr = self.tr
        set_action_texts(self.open_action, tr("&Open Tour…"),
                         tr("Open a saved tour and replay it on the board"))
        set_action_texts(self.save_action, tr("Save &Tour…"),
                         tr("Save the tour shown as a JSON file (board, start, algorithm, path, counters)"))
        set_action_texts(self.trace_action, tr("&Include the Event Trace"),
                         tr("Save every push and pop of the search too, so that another program can replay "
                            "the search step by step"))

    @property
    def actions(self) -> tuple[QAction, QAction, QAction]:
        """Open Tour, Save Tour, Include the Event Trace (the File menu's first group)."""
        return self.open_action, self.save_action, self.trace_action

    @Slot()
    def _refresh_actions(self) -> None:
        busy = self.job is not None or self._driver.isActive()
        self.save_action.setEnabled(self.player.start is not None and not busy)
        self.open_action.setEnabled(not busy)

    @property
    def busy(self) -> bool:
        """Whether a file is being read, written or replayed."""
        return self.job is not None or self._driver.isActive()

    # -- saving ---------------------------------------------------------------------

    def suggested_name(self) -> str:
        """``tour-8x8-a8.json``."""
        board = self.player.config.board
        start = self.player.start
        name = board.name(start) if start is not None else "empty"
        return f"tour-{board.rows}x{board.cols}-{name.strip('()').replace(',', '-').replace(' ', '')}.json"

    @Slot()
    def save_dialog(self) -> None:
        """Ask for a file name and save the tour shown."""
        if self.player.start is None or self.busy:
            return
        suggested = os.path.join(self.last_dir, self.suggested_name())
        filename, _ = file_dialogs.save_file_name(self.parent_widget, self.tr("Save Tour"), suggested,
                                                  self.tr("Knight's Tour files (*.json)"))
        if not filename:
            return
        if not filename.lower().endswith(".json"):
            filename += ".json"
        self.save_file(filename, self.trace_action.isChecked())

    def record(self) -> tour_text.TourRecord:
        """The tour shown, as a record of the saved-tour format (the knight must be placed)."""
        player = self.player
        assert player.start is not None, "no tour to record: the knight is not placed"
        state = player.state
        config = player.config
        tie = tie_break_used(config.algorithm, config.tie_break)
        outcome = state.outcome
        # Saved mid-search: a partial path, as a search stopped by a budget is; so is a student's run
        # stopped by an illegal event or an exception (File ▸ Open Solver…: no outcome of the format's).
        if outcome is None or outcome.kind not in OUTCOMES:
            outcome = Outcome(OUTCOME_BUDGET, "saved-mid-search", (state.pushes,), state.tours)
        kind = outcome.kind
        path = list(state.path) if kind in (OUTCOME_TOUR, *tour_text.PARTIAL_OUTCOMES) else []
        # (a reason an older file gave only in words, or a student's solver's, is saved in words)
        code, args = tour_text.saved_message(outcome)
        # A student's solver (File ▸ Open Solver…) looks for open tours whatever the Closed box says:
        # its tour is saved as the open one it is.
        closed = config.closed and not player.from_source
        return tour_text.TourRecord(config.board, player.start, config.algorithm, tie, closed,
                                    kind, outcome.reason, path, state.pushes, state.pops, None, code, args)

    def save_file(self, filename: str, trace: bool = False) -> None:
        """Write the tour shown to ``filename`` (in a worker thread); ``saved`` or ``failed`` follows."""
        player = self.player
        if player.start is None or self.busy:
            return
        player.pause()
        record = self.record()
        events: Iterable[Event] | None = None
        total = player.pos
        if player.state.outcome is not None and player.state.outcome.kind not in OUTCOMES:
            total -= 1  # (saved as stopped before that outcome: see record)
        if trace:
            if total > TRACE_LIMIT:
                QMessageBox.information(
                    self.parent_widget, self.tr("Save Tour"),
                    self.tr("The search has %s events, too many for the trace (at most %s): "
                            "the tour is saved without it.") % (f"{total:,}", f"{TRACE_LIMIT:,}"))
            else:  # the events shown, which a fresh search from the start need not make (a student's
                # run, a path handed over by Play Yourself): their codes copied here, made in the worker
                events = player.history.frozen(0, total)
        self._start_job(lambda job: write_tour(filename, record, events, job, total),
                        lambda _result: self._saved(filename),
                        self.tr("Saving %s…") % os.path.basename(filename))

    def _saved(self, filename: str) -> None:
        self.last_dir = os.path.dirname(os.path.abspath(filename))
        self.status_message.emit(self.tr("Saved %s") % filename, 5000)
        self.saved.emit(filename)

    # -- opening ----------------------------------------------------------------------

    @Slot()
    def open_dialog(self) -> None:
        """Ask for a file and open it."""
        if self.busy:
            return
        filename, _ = file_dialogs.open_file_name(
            self.parent_widget, self.tr("Open Tour"), self.last_dir,
            self.tr("Knight's Tour files (*.json);;All files (*)"))
        if filename:
            self.open_file(filename)

    def open_file(self, filename: str) -> None:
        """Read, check and replay ``filename``; ``opened`` or ``failed`` follows."""
        if self.busy:
            return
        self.player.pause()
        self._opening = filename
        max_side = self.max_side
        self._start_job(lambda job: read_file(filename, max_side, job), self._show_loaded,
                        self.tr("Opening %s…") % os.path.basename(filename))

    def problem_text(self, filename: str, problem: OpenProblem) -> str:
        """What is wrong with a file, in the installed language: the reason a file cannot be read,
        the JSON parser's words and what the format's check found too (the system's own words
        for an error the model has no message for stay as the system gives them)."""
        name = os.path.basename(filename)
        a = problem.args_

        def said(detail: object) -> str:
            return tr_message(detail) if isinstance(detail, Message) else str(detail)

        texts = {
            "read": lambda: self.tr("Cannot read %s: %s") % (name, said(a[0])),
            "large": lambda: self.tr("%s is too large to be a tour file (more than %d MB).") % (name, a[0]),
            "json": lambda: self.tr("%s is not a tour file: it is not valid JSON (%s).") % (name, said(a[0])),
            "format": lambda: self.tr("%s is not a Knight's Tour file.") % name,
            "version": lambda: self.tr("%s was saved in format version %s; this program reads version %d.")
            % (name, a[0], a[1]),
            "board": lambda: self._too_large(name, *cast("tuple[int, int, int]", a[:3])),
            "invalid": lambda: self.tr("%s does not hold a valid tour: %s")
            % (name, said(a[0])),
            "trace": lambda: self.tr("The event trace in %s does not fit its tour: %s") % (name, said(a[0])),
        }
        return texts.get(problem.kind, lambda: str(problem))()

    def _too_large(self, name: str, rows: int, cols: int, window_side: int) -> str:
        """A board larger than the window shows: the command line prints it, if it reads boards that large."""
        if max(rows, cols) <= MAX_SIDE:
            return self.tr("The board in %s is %d×%d, larger than the window shows (at most %d×%d). The "
                           "command line prints it: knight-tour show FILE") % (name, rows, cols, window_side,
                                                                            window_side)
        return self.tr("The board in %s is %s×%s, larger than the window shows (at most %d×%d) and than any "
                       "this program reads (%d×%d).") % (name, f"{rows:,}", f"{cols:,}", window_side,
                                                          window_side, MAX_SIDE, MAX_SIDE)

    def _show_loaded(self, loaded: LoadedTour) -> None:
        """Show a checked file: set the controls, then advance the player to the saved moment."""
        record = loaded.record
        board = record.board
        # The window sets its controls (as a user would) and reconfigures the player before this returns.
        self.settings_requested.emit(board.rows, board.cols, record.algorithm, record.tie_break,
                                     record.closed)
        player = self.player
        if loaded.reproduced is not None:
            target = loaded.reproduced
        else:
            config = player.config  # the search the controls now ask for
            player.configure(ReplayConfig(config.board, config.algorithm, config.tie_break, config.closed,
                                          tuple(loaded.replay), record.start))
            target = len(loaded.replay)
        player.place(record.start)
        self._drive_key = (player.start, id(player.history))
        self._loaded = loaded
        self._target = target
        self._started = time.monotonic()
        self._driver.start()
        self._refresh_actions()

    @Slot()
    def _drive(self) -> None:
        player = self.player
        if (player.start, id(player.history)) != self._drive_key:  # the user started something else
            self._driver.stop()
            self._loaded = None
            self._refresh_actions()
            return
        clock = player.clock  # (a test's fake clock makes the chunks the same on every run)
        deadline = clock() + FRAME_BUDGET
        while self._target > player.pos and player.can_advance and clock() < deadline:
            player.advance(min(CHUNK, self._target - player.pos))
        if self._target > player.pos and player.can_advance:
            percent = 100 * player.pos // max(1, self._target)
            self.status_message.emit(self.tr("Replaying… %d%%") % percent, 0)
            return
        self._driver.stop()
        loaded, self._loaded = self._loaded, None
        player.seek(player.pos)  # one "changed": the board and the views show the end
        self._refresh_actions()
        if loaded is None:
            return
        self.last_dir = os.path.dirname(os.path.abspath(loaded.filename))
        name = os.path.basename(loaded.filename)
        if loaded.reproduced is not None:
            text = self.tr("Opened %s: the saved search, reproduced (%s events). ← and Home go back "
                           "through it.") % (name, f"{player.pos:,}")
        else:
            text = self.tr("Opened %s: a replay of the moves saved in the file (this program's search "
                           "finds another way).") % name
        self.status_message.emit(text, 10000)
        self._opened_text = text
        self.opened.emit(loaded.filename)

    @Slot()
    def _drop_opened_text(self) -> None:
        """Another search is shown (Undo, a click, new settings): "Opened x.json: …" goes (it stayed
        for its ten seconds over the search Undo brought back)."""
        if self._opened_text:
            self.status_message_over.emit(self._opened_text)
        self._opened_text = ""

    # -- jobs --------------------------------------------------------------------------

    def _start_job(self, work: Callable[[Worker], object], done: Callable[[Any], None], what: str) -> None:
        worker = FunctionWorker(work)
        self._done = done
        self._started = time.monotonic()
        self._what = what
        # A method of this object, which lives in the GUI thread: the calls are queued there.
        worker.progressed.connect(self._on_progress)
        self.runner.start(worker)
        self._refresh_actions()
        self.status_message.emit(what, 0)

    @Slot(int, int)
    def _on_progress(self, done: int, total: int) -> None:
        job = self.job
        if job is None or self.sender() is not job or time.monotonic() - self._started < PROGRESS_AFTER:
            return
        if self._progress is None:
            dialog = QProgressDialog(self._what, self.tr("Cancel"), 0, 1000, self.parent_widget)
            dialog.setWindowTitle(self.tr("Knight's Tour"))
            dialog.setMinimumDuration(0)
            dialog.setAutoClose(False)
            dialog.setAutoReset(False)
            dialog.canceled.connect(self.runner.cancel)
            self._progress = dialog
            dialog.show()
        if self._progress.wasCanceled():  # Esc, or cancel() called: canceled is not emitted then
            self.runner.cancel()
        if total > 0:
            self._progress.setValue(min(1000, 1000 * done // total))

    @Slot(object)
    def _on_job_finished(self, job: Worker) -> None:
        done = self._done
        if self._progress is not None:
            self._progress.close()
            self._progress.deleteLater()
            self._progress = None
        self._refresh_actions()
        error = job.error
        if error is None:
            done(job.result)
            return
        if isinstance(error, Cancelled):
            message = self.tr("Cancelled.")
            self.status_message.emit(message, 5000)
        else:
            self.status_message.emit("", 0)
            if isinstance(error, OpenProblem):
                message = self.problem_text(self._opening, error)
                title = self.tr("Cannot open the tour")
            elif isinstance(error, tour_text.TourFileError):
                message, title = error_text(error), self.tr("Cannot save the tour")
            else:
                message, title = f"{type(error).__name__}: {error}", self.tr("Knight's Tour")
            plain.critical(self.parent_widget, title, message)
        self.failed.emit(message)

    def shutdown(self) -> None:
        """Stop any job and replay (the window is closing)."""
        self._driver.stop()
        self.runner.stop()


__all__ = ["LoadedTour", "OpenProblem", "ReplayConfig", "TourFiles", "event_json", "parse_trace",
           "read_file", "reproduce", "write_tour"]
