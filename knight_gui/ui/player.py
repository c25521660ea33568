"""TourPlayer: pulls events from a search on a timer and says what changed.

Data flows one way: the search yields events, the player records them in a
``History`` (``tour.history``: packed events, checkpoints, seek and replay,
with the ``TourState`` the views show) and says so with signals; widgets
paint the state and read events from the history.  Stepping back and
seeking move the history's state; moving forward re-applies recorded events
until the head of the history, and only there pulls new ones from the search.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from ..tour import DEFAULT_ALGORITHM, Board, Event, Frame, Pop, Push, Search, Snapshot
from ..tour.algorithms import BACKTRACKS
from ..tour.frames import PathStack, children_from_history
from ..tour.history import History
from ..tour.state import TourState

#: Speeds offered, in events per second; MAX_SPEED means "as fast as the
#: frame budget allows".
MAX_SPEED = 0
SPEEDS: tuple[int, ...] = (1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200, 300, 500, 1000, 2000,
                           5000, 10000, 30000, 100000, MAX_SPEED)
DEFAULT_SPEED = 8
#: Seconds of work per timer tick at the highest speeds to begin with: leaves
#: the rest of a 60 Hz frame for painting and input, so Pause answers within a
#: frame.  The budget then adapts (``TourPlayer._budgets``): the GUI thread's
#: time per frame, from one tick to the next (the run, the views, painting),
#: by the player's clock, is kept near FRAME_TARGET.
FRAME_BUDGET = 0.010
#: The GUI thread's time per frame the budget aims at (a 60 Hz frame is 16.7 ms).
FRAME_TARGET = 0.012
#: Ticks with views aim lower by this much: the views' time varies more from frame to frame.
VIEW_MARGIN = 0.002
#: The budget's bounds: some progress on every frame, and never a frame longer than a 60 Hz one.
MIN_BUDGET, MAX_BUDGET = 0.002, 0.014
#: At the highest speeds the views are updated (``changed``) at most this often, by the
#: player's clock: about every other tick, so that every other frame is all search.
VIEW_INTERVAL = 0.035
#: ... and where they cost more than this share of the GUI thread's time at that pace (a slow
#: machine: 8×8 with every panel, 17 ms of views and their late part every 35 ms), less often, so
#: that the search keeps the rest (``TourPlayer._learn_views_share``); but at least every
#: MAX_VIEW_INTERVAL.
VIEWS_SHARE = 1 / 3
MAX_VIEW_INTERVAL = 0.070
#: A frame with views longer than this (by the player's clock) makes the views come sooner: see
#: ``TourPlayer._learn_views_cap``.  (14 ms left 100×100 Warnsdorff's frames within 16 ms on 93–97% of
#: frames on a slow day; 12 ms, alternated with it seven times: 96–98.6%, no fewer events a second.)
VIEWS_FRAME_LIMIT = 0.012
#: A run this long (wall seconds) without a tour is one the status warns may take hours.
LONG_RUN_SECONDS = 30.0
#: Events recorded or replayed between two looks at the clock (at most: recording takes fewer
#: where a search's events are slow, see ``TourPlayer._chunk``).
CHUNK = 512
#: The least events recorded between two looks at the clock, and the clock's seconds a chunk of
#: recording is kept near: a tick overruns its budget by at most about one chunk.
LEAST_CHUNK, CHUNK_SECONDS = 64, 0.001
_FRAME_MS = 16
_TIE_AUTO = None

#: Kinds of tick at the highest speeds, each with its own budget (``TourPlayer._budgets``): one
#: that brings the views up to date; the one right after it (Qt lays out and paints some of
#: what the views changed only after the next tick has run: its frame carries that too); others.
_TICK_VIEWS, _TICK_PLAIN, _TICK_AFTER_VIEWS = 0, 1, 2

#: What a fast run (timer at 0 ms) stops at: the outcome, the next pop, or a depth.
_GOAL_NONE, _GOAL_OUTCOME, _GOAL_POP, _GOAL_DEPTH = 0, 1, 2, 3


@dataclass(frozen=True)
class SearchConfig:
    """What to search: board, algorithm, tie-break rule, closed or open."""

    board: Board
    algorithm: str = DEFAULT_ALGORITHM
    tie_break: str | None = _TIE_AUTO
    closed: bool = False

    def search(self, start: int, resume: Snapshot | None = None) -> Search:
        """A new search from ``start`` with this configuration."""
        return Search(self.board, start, self.algorithm, self.tie_break, self.closed, resume=resume)


class KeptSearch(NamedTuple):
    """A search as the player had it (``TourPlayer.kept``): enough to bring it back (``bring_back``)."""

    config: SearchConfig
    start: int | None
    search: Search | None
    events: Iterator[Event] | None
    history: History
    solver_seconds: float
    went_on_at: int | None = None


class TourPlayer(QObject):
    """Owns the search and a timer; applies events; emits what changed."""

    changed = Signal()  #: the state moved on or back (at most once per tick)
    #: Views that cost much to paint and were told to wait (``views_late``) may now show the state
    #: ``changed`` told of: at the start of the next tick (the same state: a tick without views
    #: records events without applying them), or when the run stops.
    changed_late = Signal()
    backtracked = Signal(list)  #: squares popped in the last tick, most recent last (at most 8)
    finished = Signal(object)  #: an Outcome was reached
    running_changed = Signal(bool)
    reconfigured = Signal()  #: new board, start or search settings

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._speed = DEFAULT_SPEED
        self._credit = 0.0
        self._goal = _GOAL_NONE
        self._goal_depth = 0
        self.config = SearchConfig(Board(8))
        self.start: int | None = None
        self.search: Search | None = None
        self._events: Iterator[Event] | None = None
        self.history = History(self.config.board)
        #: The clock the player reads, and the only one: a zero-argument callable giving
        #: seconds.  It sets how many events a tick takes (the budget) and measures the
        #: solver's time.  The default is the CPU time of the GUI thread, so a busy machine
        #: slows the run but does not make frames longer; a test installs a fake clock and
        #: gets the same events per tick on every run.
        self.clock: Callable[[], float] = time.thread_time
        #: The wall clock, only for the figures shown (the run's wall time and events per
        #: second); it never decides what the player does.
        self.wall_clock: Callable[[], float] = time.monotonic
        self.solver_seconds = 0.0  #: the clock's seconds spent in the search (recording included)
        self.wall_seconds = 0.0  #: wall time spent running since the search began (pauses excluded)
        self.run_events = 0  #: events applied by the current run (since play, finish ...)
        self.replaying = False  #: the last tick re-applied recorded events (did not run the search)
        #: True while ``changed`` is emitted by a tick at maximum speed: views that cost much to paint
        #: (the Stack panel) may wait for ``changed_late``, so that no frame paints the whole window.
        self.views_late = False
        self._late_due = False  # changed_late is owed (views_late was told)
        self._run_began: float | None = None  # wall clock at the start of the current run
        # Per kind of tick (_TICK_*): learnt from run to run by this player (a fresh player with
        # the same clock takes the same ticks).
        self._budgets = [FRAME_BUDGET, MAX_BUDGET, MAX_BUDGET]
        # Events recorded between two looks at the clock: halved while a chunk takes more than
        # 1.5 CHUNK_SECONDS (100×100 Warnsdorff: 512 events took 3 ms, a tick overran its budget
        # by that much), doubled again, up to CHUNK, while one takes less than half of it.
        self._chunk = CHUNK
        # At most this many events are recorded between two ticks with views (learnt from the
        # frames with views: ``_learn_views_cap``); then the views are due, whatever the interval.
        self._views_cap = math.inf
        self._views_lag = 0  # events the last tick with views caught up with (recorded before it)
        self._views_frame: float | None = None  # the last frame with views, while its late views run
        self._views_cost = 0.0  # the part of the last frame with views not spent searching, meanwhile
        # The views are brought up to date at most this often at the highest speeds, by the clock
        # (learnt from what they cost: ``_learn_views_share``).
        self._view_interval = VIEW_INTERVAL
        self._searched = 0.0  # the clock's seconds the last tick spent in the search
        self._between = 0  # events the last tick without views recorded
        self._capped = False  # the last tick stopped at the cap, not at its budget
        self._lag_goal = (_GOAL_NONE, 0)  # the goal (and move) recording stopped at, while lagging
        self._tick_began: float | None = None  # the clock when the last tick of this run began
        self._views_at: float | None = None  # the clock when a tick of this run last updated the views
        self._lagging = False  # a tick recorded events the state has not caught up with yet
        self._views_pos = 0  # the position the views were last brought to by a tick
        self._last_kind: int | None = None  # the kind (_TICK_*) of the last tick of this run
        self._stack_cache: tuple[History, int, StackReader] | None = None
        # (continue_from) the history's position where the search went on from a path it did not
        # search itself: from there on, its frames count that path as the search does (``stack``)
        self._went_on_at: int | None = None
        self.stack_reader: Callable[[], StackReader | None] | None = None  #: see ``use_source``
        self.waiting = False  #: the event source had no event ready at the last try

    # -- set-up ----------------------------------------------------------------

    def configure(self, config: SearchConfig) -> None:
        """Change what is searched; keeps the start square if it is still on the board."""
        start = self.start
        if start is not None and config.board != self.config.board:
            start = None
        if config != self.config:  # (what an event costs the views depends on the board and search)
            self._views_cap = math.inf
        self.config = config
        if start is None:
            self.clear()
        else:
            self.place(start)

    def clear(self) -> None:
        """No knight on the board, nothing searched."""
        self.pause()
        self.start = None
        self.search = None
        self._events = None
        self.stack_reader = None
        self._went_on_at = None
        self._reset_history()
        self.reconfigured.emit()
        self.changed.emit()

    def place(self, start: int) -> None:
        """Put the knight on ``start`` and prepare a fresh search from there."""
        was_running = self.running
        self.pause()
        self.start = start
        self.search = self.config.search(start)
        self._events = iter(self.search)
        self.stack_reader = None
        self._went_on_at = None
        self._reset_history()
        self._forward()  # the first push: the knight appears on its square
        self.reconfigured.emit()
        self.changed.emit()
        if was_running and self.can_advance:
            self.play()

    def continue_from(self, pushes: Sequence[Push], resume: Snapshot) -> None:
        """Show ``pushes`` (a path built by hand) and let the search go on from there, paused.

        ``resume`` is the search's stack on that path (Play Yourself hands over:
        ``tour.play.PlayGame.handover``); the history starts with the pushes.
        """
        self.pause()
        self.start = resume.path[0]
        self.search = self.config.search(self.start, resume)
        self._events = iter(self.search)
        self.stack_reader = None
        self._reset_history()
        for push in pushes:
            self.history.append(push)
        self._went_on_at = len(self.history)
        self.reconfigured.emit()
        self.changed.emit()

    def reset(self) -> None:
        """Back to the start square with a fresh search (or to an empty board)."""
        if self.stack_reader is not None:  # another source's events (``use_source``): back to the first
            self.first_event()
        elif self.start is None:
            self.clear()
        else:
            self.place(self.start)
            self.pause()

    def kept(self) -> KeptSearch:
        """What ``bring_back`` needs to show this search again, history and all (references: cheap)."""
        return KeptSearch(self.config, self.start, self.search, self._events, self.history,
                          self.solver_seconds, self._went_on_at)

    def bring_back(self, kept: KeptSearch) -> None:
        """Show a search kept by ``kept`` again, where it was (its history, position and search go on)."""
        self.pause()
        (self.config, self.start, self.search, self._events, self.history, self.solver_seconds,
         self._went_on_at) = kept
        self.stack_reader = None
        self._credit = 0.0
        self._stack_cache = None
        self.reconfigured.emit()
        self.changed.emit()

    def _reset_history(self) -> None:
        # (the history replaced is not closed here: Edit ▸ Undo may bring it back, ``kept``; its
        # temporary file, if it spilled, goes with the last reference to it)
        self.history = History(self.config.board)
        self._lagging = False
        self.solver_seconds = 0.0
        self.wall_seconds = 0.0
        self.run_events = 0
        self.replaying = False
        self._credit = 0.0
        self._stack_cache = None

    # -- where it is -----------------------------------------------------------

    @property
    def state(self) -> TourState:
        """The board after the first ``pos`` events (the history's state)."""
        return self.history.state

    @property
    def pos(self) -> int:
        """Events applied: the state shows the board after event ``pos - 1``."""
        return self.history.pos

    # -- what can be done ------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether the timer is playing."""
        return self._timer.isActive()

    @property
    def can_advance(self) -> bool:
        """Whether there is a next event (none after an outcome)."""
        return self.start is not None and self.state.outcome is None

    @property
    def can_step_back(self) -> bool:
        """Whether an event can be undone (the knight's first square stays)."""
        return self.pos > 1

    @property
    def at_head(self) -> bool:
        """Whether the state is at the newest event pulled from the search."""
        return self.history.at_head

    # -- speed -----------------------------------------------------------------

    @property
    def speed(self) -> int:
        """Events per second, or MAX_SPEED."""
        return self._speed

    def set_speed(self, speed: int) -> None:
        """Change the speed, also while playing."""
        if speed != MAX_SPEED and speed < 1:
            raise ValueError("speed must be at least 1 event per second")
        self._speed = speed
        self._credit = 0.0
        if self.running:
            self._timer.setInterval(self._interval())

    def _interval(self) -> int:
        if self._goal != _GOAL_NONE or self._speed == MAX_SPEED:
            return 0
        return max(_FRAME_MS, round(1000 / self._speed))

    # -- moving ----------------------------------------------------------------

    @Slot()
    def play(self) -> None:
        """Play at the current speed until an outcome or pause."""
        if not self.can_advance or self.running:
            return
        self._goal = _GOAL_NONE
        self._begin_run()
        self._timer.start(self._interval())
        self.running_changed.emit(True)

    @Slot()
    def pause(self) -> None:
        """Stop the timer; the state stays where it is."""
        self._goal = _GOAL_NONE
        if self._timer.isActive():
            self._timer.stop()
            self._end_run()
            # Paused where the views show it: events a tick recorded past it stay in the
            # history, ahead, as after stepping back.
            if self._views_pos != self.pos or self._lagging:  # the views behind, or the history longer
                self._views_pos = self.pos
                self.changed.emit()  # (every view, the late ones too: views_late is False)
            self._tell_late()  # (views that waited and were not told since)
            self.running_changed.emit(False)

    def _begin_run(self) -> None:
        self._run_began = self.wall_clock()
        self.run_events = 0
        self._tick_began = None
        self._views_frame = None
        self._views_at = None
        self._views_pos = self.pos
        self._last_kind = None

    def _end_run(self) -> None:
        if self._run_began is not None:
            self.wall_seconds += self.wall_clock() - self._run_began
            self._run_began = None
        self.replaying = False

    @property
    def run_seconds(self) -> float:
        """Wall time of the current run so far (0 when paused)."""
        return 0.0 if self._run_began is None else self.wall_clock() - self._run_began

    @property
    def events_per_second(self) -> float:
        """Events applied per wall second in the current run (0 before a second's tenth)."""
        seconds = self.run_seconds
        return self.run_events / seconds if seconds >= 0.1 else 0.0

    @property
    def progress(self) -> float | None:
        """How far the current fast run is, 0..1, where that can be known: replaying
        recorded events (up to the newest) or running to a move number; else None."""
        if not self.running:
            return None
        if self._goal == _GOAL_DEPTH and self._goal_depth:
            return min(1.0, self.state.depth / self._goal_depth)
        if self.replaying and len(self.history):
            return self.pos / len(self.history)
        return None

    @Slot()
    def toggle(self) -> None:
        """Play if paused, pause if playing."""
        if self.running:
            self.pause()
        else:
            self.play()

    @Slot()
    def finish(self) -> None:
        """Run to the next outcome as fast as possible, painting once a frame."""
        self._run_to(_GOAL_OUTCOME)

    @Slot()
    def run_to_next_backtrack(self) -> None:
        """Run as fast as possible to the next pop (or an outcome) and pause just after it."""
        self._run_to(_GOAL_POP)

    def go_to_move(self, move: int) -> None:
        """Show the search when the knight stands on its ``move``-th square.

        A move on the current path is at once: the state just after its push
        (going back in the history).  A later move runs the search forward as
        fast as possible, pausing at the first push of that move number (or
        at an outcome, if one comes first).
        """
        if self.start is None or move < 1:
            return
        if move <= self.state.depth:
            self.seek(self.state.pushed_at[move - 1] + 1)
            return
        self._goal_depth = move
        self._run_to(_GOAL_DEPTH)

    def _run_to(self, goal: int) -> None:
        if not self.can_advance:
            return
        was_running = self.running
        self._goal = goal
        if not was_running:
            self._begin_run()
        self._timer.start(0)
        if not was_running:
            self.running_changed.emit(True)

    @property
    def goal_move(self) -> int:
        """The move number a run to a move is heading for (0: none)."""
        return self._goal_depth if self._goal == _GOAL_DEPTH else 0

    @property
    def goal(self) -> str | None:
        """What a fast run is heading for: "outcome", "pop", "move" or None (plain play or paused)."""
        return {_GOAL_OUTCOME: "outcome", _GOAL_POP: "pop", _GOAL_DEPTH: "move"}.get(self._goal)

    @property
    def can_next_tour(self) -> bool:
        """Whether a tour is shown and the search can go on to the next one: a search that
        backtracks (greedy and the construction stop at their tour: their generator ends there, and
        Ctrl+N after the construction's tour raised StopIteration), or a student's solver."""
        outcome = self.state.outcome
        return (outcome is not None and outcome.kind == "tour"
                and (self.from_source or self.config.algorithm in BACKTRACKS))

    @Slot()
    def next_tour(self) -> None:
        """Go on from a complete tour: backtrack off it and play to the next different tour."""
        if self.can_next_tour:
            try:
                self._forward()  # the pop that leaves the reported tour
            except NotReady:  # (use_source) a student's solver has not sent it yet
                return
            self.changed.emit()
            self.play()

    @Slot()
    def step(self) -> None:
        """Apply exactly one event (pauses first)."""
        self.pause()
        if self.can_advance:
            try:
                event = self._forward()
            except NotReady:  # (use_source) nothing to step to yet
                return
            self._after_batch([event.square] if isinstance(event, Pop) else [])

    @Slot()
    def step_back(self) -> None:
        """Undo exactly one event (pauses first)."""
        self.pause()
        if self.can_step_back:
            self._backward()
            self.changed.emit()

    def seek(self, pos: int) -> None:
        """Show the state after ``pos`` events (1 .. len(history)); playing goes on from there."""
        if self.history:
            self._lagging = False
            self.history.seek(max(1, pos))
            self.changed.emit()

    def first_event(self) -> None:
        """Back to the first event: the knight on its start square (the history is kept)."""
        self.pause()
        if self.history:
            self.seek(1)

    def advance(self, count: int) -> list[int]:
        """Apply up to ``count`` events; returns the squares popped (last 8)."""
        return self._advance(count, _GOAL_NONE)[0]

    def _advance(self, count: int, goal: int) -> tuple[list[int], bool]:
        """Apply up to ``count`` events, stopping at ``goal`` or an outcome: (popped squares, stopped)."""
        popped: list[int] = []
        depth = self._goal_depth
        state = self.state
        forward = self._forward
        for _ in range(count):
            if state.outcome is not None or self.start is None:
                return popped, True
            try:
                event = forward()
            except NotReady:  # (use_source) the next event has not come yet: wait for it
                self.waiting = True
                return popped, False
            if type(event) is Pop:
                popped.append(event.square)
                del popped[:-8]
                if goal == _GOAL_POP:
                    return popped, True
            elif goal == _GOAL_DEPTH and type(event) is Push and event.step == depth:
                return popped, True
        return popped, not self.can_advance

    @Slot()
    def _tick(self) -> None:
        if not self.can_advance:
            self.pause()
            return
        clock = self.clock
        began = clock()
        told = self._tell_late()  # (in this tick's frame: its budget makes room for what they cost)
        self.waiting = False
        fast = self._interval() == 0
        # At the highest speeds the views are brought up to date at most every VIEW_INTERVAL
        # (about every other tick): a tick that only records events from the search gives the
        # search a whole frame, and the state (what the views show) stays where it was until
        # the next tick with views, so views and state always agree.  Replaying recorded
        # events moves the state: every such tick has views.
        behind = not self.history.at_head and not self._lagging  # recorded events to replay
        lag = len(self.history) - self.pos if self._lagging else 0  # recorded, not shown yet
        # The views are also due at the cap on the events recorded between them (see
        # _learn_views_cap), or a little before it: a tick for the few events left would be a frame
        # of almost nothing.
        views_due = not fast or behind or self._views_at is None \
            or began - self._views_at >= self._view_interval \
            or lag + self._between // 2 >= self._views_cap
        if self._tick_began is not None and self._last_kind is not None:
            # The last frame's time (the run, then the views and the paint if it had them) sets
            # the budget of the next tick of its kind.
            frame = began - self._tick_began
            kind = self._last_kind
            pending, self._views_frame = self._views_frame, None
            if pending is not None:  # the frame after one with views: its late views were told in it
                late = frame - self._searched if kind != _TICK_VIEWS else None  # what they cost
                # (their frame as if the tick had searched for its least budget)
                self._learn_views_cap(pending if late is None else max(pending, late + MIN_BUDGET))
                if fast:
                    self._learn_views_share(self._views_cost + (late or 0.0))
            if kind == _TICK_VIEWS and told:  # (learnt from with the next frame: its late views)
                self._views_frame, self._views_cost = frame, frame - self._searched
            elif kind == _TICK_VIEWS:
                self._learn_views_cap(frame)
                if fast:  # (a slower speed's frame holds the timer's wait, and no search is timed in it)
                    self._learn_views_share(frame - self._searched)
            if not self._capped:  # (a tick stopped at the cap did not use its budget)
                target = FRAME_TARGET - (VIEW_MARGIN if kind == _TICK_VIEWS else 0.0)
                budget = self._budgets[kind] + 0.5 * (target - frame)
                self._budgets[kind] = min(MAX_BUDGET, max(MIN_BUDGET, budget))
        self._tick_began = began
        kind = _TICK_VIEWS if views_due else \
            _TICK_AFTER_VIEWS if self._last_kind == _TICK_VIEWS else _TICK_PLAIN
        before = self.pos
        self._capped = False
        if fast:  # as fast as the frame budget allows
            count = 1 << 62
            if not views_due and self._views_cap < math.inf:  # no more than the cap before the views
                count = max(1, int(self._views_cap) - lag)
            recorded = len(self.history)
            searched = self.solver_seconds
            stopped = self._run(count, self._goal, began + self._budgets[kind], views_due)
            self._searched = self.solver_seconds - searched
            if views_due:
                self._views_lag = lag
            else:
                self._capped = stopped is False
                if not self._capped:
                    self._between = len(self.history) - recorded
        else:
            self._credit += self._speed * self._timer.interval() / 1000
            count = int(self._credit)
            self._credit -= count
            stopped = self._run(count, _GOAL_NONE, began + MAX_BUDGET)
            if stopped is None:  # the budget ran out first: do not owe the events left
                self._credit = 0.0
        self.run_events += self.pos - before
        views = bool(views_due or stopped or not self.can_advance)
        self._last_kind = _TICK_VIEWS if views else kind
        if views:
            shown = min(self._views_pos, before)
            self._views_at, self._views_pos = began, self.pos
            # At maximum speed the late views (the Stack table) show this state in the next frame:
            # a frame with the board and the table both took 16-19 ms on a slow machine, at 8×8 and
            # at 100×100 alike, however few events it showed (the cap on the events between views
            # could not bring it within a frame); one each, each within one.
            late = fast and not stopped and self.can_advance
            self._after_batch(self.history.popped(shown, self.pos) if self.pos > shown else [], late)
        if stopped:
            self.pause()

    def _tell_late(self) -> bool:
        """Let the views that waited (``views_late``) show the state: ``changed_late``, if owed."""
        if not self._late_due:
            return False
        self._late_due = False
        self.changed_late.emit()
        return True

    def _learn_views_share(self, cost: float) -> None:
        """Learn from what the views last cost (``cost`` seconds of the GUI thread: their frame's and,
        where the Stack table waited, the next one's, but for the search in them) how often they may
        come at the highest speeds: every VIEW_INTERVAL, or where that would give them more than
        VIEWS_SHARE of the thread, as much less often as keeps them to it (up to MAX_VIEW_INTERVAL).

        On a slow machine the views of 8×8 with every panel took 17 ms every 35 ms, and the search
        had half of the thread; the frames' budgets could not help, each frame being within 16 ms.
        On a quick one they take 6-8 ms, and come every VIEW_INTERVAL as before.
        """
        wanted = min(MAX_VIEW_INTERVAL, max(VIEW_INTERVAL, cost / VIEWS_SHARE))
        self._view_interval += 0.25 * (wanted - self._view_interval)  # (one slow frame moves it little)

    def _learn_views_cap(self, frame: float) -> None:
        """Learn from the last frame with views (``frame`` seconds) how many events may be recorded
        before the next one.

        A tick with views applies every event recorded since the last (the views never show a
        state between), and the views then show all of them: on a big board a few thousand
        events of Warnsdorff (100×100: a path thousands of squares longer) took that frame past
        16 ms.  Such a frame lowers the cap on the events recorded in between in proportion, and
        a frame with room raises it again where the cap held the run back; never below what one
        tick without views records, so the search still has a whole frame between two with views.
        (Where the Stack table waited for the next frame, ``changed_late``, ``frame`` is the
        longer of the two.)
        """
        lag = self._views_lag
        if lag <= 0:
            return
        if frame > VIEWS_FRAME_LIMIT:
            cap = lag * max(0.5, VIEWS_FRAME_LIMIT / frame)
        elif lag >= 0.9 * self._views_cap:  # the cap held the run back, and the frame had room
            cap = lag * min(1.25, VIEWS_FRAME_LIMIT / frame)
        else:
            return
        self._views_cap = max(cap, self._between, float(LEAST_CHUNK))

    def _run(self, count: int, goal: int, deadline: float, catch_up: bool = True) -> bool | None:
        """Apply up to ``count`` events until ``deadline`` (by ``clock``), stopping at ``goal`` or an outcome.

        The fast path: recorded events are re-applied straight from the history
        in chunks, new ones are recorded without being applied, and the state
        catches up with them once at the end (unless not ``catch_up`` and it did
        not stop at the goal or an outcome: then the state lags behind the
        recorded events until the next tick).  Returns True if it stopped at the
        goal or an outcome, None if the deadline came first, False if ``count``
        events were applied (a tick without views: the cap, ``_views_cap``).
        """
        history = self.history
        clock = self.clock
        stop_at_pop = goal == _GOAL_POP
        stop_at_step = self._goal_depth if goal == _GOAL_DEPTH else 0
        left = count
        stopped: bool | None = False
        lagging = self._lagging  # events the last tick recorded, not applied yet
        self.replaying = not history.at_head and not lagging
        self._lagging = False
        if lagging and self._lag_goal != (goal, stop_at_step) and (stop_at_pop or stop_at_step):
            # Recording stopped at its goal, so none lies among the events the last tick recorded,
            # unless the goal changed since (Ctrl+B during a run): then the run stops at it, and
            # the events after it stay ahead, as after stepping back.
            stop = history.next_stop(history.pos, len(history), stop_at_pop, stop_at_step)
            if stop is not None:
                history.seek(stop)
                return True
            self._lag_goal = (goal, stop_at_step)
        if lagging and catch_up:
            # The last tick's recorded events, all at once whatever the deadline: the views must
            # never show a state between the head and where they were (the stack at such a state
            # is a search resumed from it, milliseconds on a big board).
            left -= len(history) - history.pos
            history.seek(len(history))
            lagging = False
        while left > 0 and not history.at_head and (catch_up or not lagging):  # replaying recorded events
            pos = history.pos
            chunk = min(left, CHUNK)
            stop = history.next_stop(pos, pos + chunk, stop_at_pop, stop_at_step)
            target = min(pos + chunk, len(history)) if stop is None else stop
            history.seek(target)
            left -= target - pos
            if stop is not None:
                return True
            if clock() >= deadline:
                return None if left > 0 else False
        if left <= 0:
            return False
        events = self._events
        assert events is not None
        try:
            while left > 0:
                chunk = min(left, self._chunk)
                t0 = clock()
                if t0 >= deadline:  # (the budget went on catching up or replaying: record next tick)
                    stopped = None
                    break
                try:
                    made, stopped = history.record_from(events, chunk, stop_at_pop, stop_at_step)
                except NotReady:  # (use_source) the next event has not come yet: a later tick
                    self.waiting = True
                    stopped = None
                    break
                t1 = clock()
                self.solver_seconds += t1 - t0
                left -= made
                if made == self._chunk:
                    if t1 - t0 > 1.5 * CHUNK_SECONDS:
                        self._chunk = max(LEAST_CHUNK, self._chunk // 2)
                    elif t1 - t0 < CHUNK_SECONDS / 2:
                        self._chunk = min(CHUNK, self._chunk * 2)
                if stopped or made < chunk:  # the goal, an outcome, or (never expected) the search's end
                    stopped = True
                    break
                if t1 >= deadline:
                    stopped = None if left > 0 else False
                    break
        finally:
            if catch_up or stopped:
                history.seek(len(history))  # the state catches up: once per tick with views
            else:
                self._lagging = not history.at_head
                self._lag_goal = (goal, stop_at_step)  # what recording stopped at
        return stopped

    def _after_batch(self, popped: list[int], late: bool = False) -> None:
        """Tell the views what the last events did; ``late``: views that cost much to paint may wait
        for ``changed_late`` (at maximum speed; otherwise they show it now)."""
        if popped:
            self.backtracked.emit(popped)
        self.views_late = late
        try:
            self.changed.emit()
        finally:
            self.views_late = False
        self._late_due = late
        if self.state.outcome is not None:
            self.finished.emit(self.state.outcome)

    def _forward(self) -> Event:
        """Apply the next event: from the history, or pulled from the search at its head."""
        history = self.history
        if not history.at_head:
            return history.forward()
        assert self._events is not None
        t0 = self.clock()
        event = next(self._events)
        self.solver_seconds += self.clock() - t0
        history.append(event)
        return event

    def _backward(self) -> Event:
        """Undo the last applied event."""
        return self.history.backward()

    # -- what happened: the events around ``pos`` ----------------------------------

    def last_event(self) -> Event | None:
        """The event that led to the state shown (None before the first)."""
        return self.history.last_event()

    def recent_events(self, count: int) -> list[tuple[int, Event]]:
        """The last ``count`` events up to ``pos`` as (history index, event), oldest first."""
        return self.history.recent(count)

    def pushed_at(self, move: int) -> int:
        """The history index of the push of the ``move``-th square on the current path."""
        return self.state.pushed_at[move - 1]

    @property
    def by_hand(self) -> int:
        """How many pushes at the start of the history were made by hand and handed to the search
        (``continue_from``: Play Yourself's Let the Search Finish); 0 if none."""
        return self._went_on_at or 0

    @property
    def from_source(self) -> bool:
        """Whether the events shown come from an event source (``use_source``: a student's solver),
        not from a search of the player's."""
        return self.start is not None and self.search is None

    @property
    def reproducible(self) -> bool:
        """Whether the history holds what a fresh search from the start makes, so that running that
        search again gives the same events (not a student's run, a path handed over by Play Yourself,
        or a file's own moves)."""
        search = self.search
        return isinstance(search, Search) and not search.resumed

    # -- the stack as it is at ``pos`` ------------------------------------------

    def stack(self) -> StackReader | None:
        """A search whose stack is the one at ``pos``: read its ``frame(i)``.

        At the head this is the live search; after stepping back it is a
        search resumed from the shown state (built once per position).
        """
        if self.stack_reader is not None:  # (use_source) another source's stack
            return self.stack_reader()
        if self.search is None or self.start is None:
            return None
        if self.at_head:  # the live search (a file's replay, ui/files.py, once it goes on as one)
            live = self.search if isinstance(self.search, Search) else getattr(self.search, "live", None)
            if live is not None:
                return live
        # (before, a replay is no stack: its frames are a search resumed from the state shown, as here)
        history = self.history
        cache = self._stack_cache
        if cache is not None and cache[0] is history and cache[1] == history.pos:
            return cache[2]
        state = self.state
        if not state.path:
            return None
        # (a search handed a path, Play Yourself's: its frames still on the path try the student's move
        # first, and have tried as many candidates as the history counts)
        handed = getattr(self.search, "handed", ())
        snapshot = Snapshot(tuple(state.path), tuple(state.tried), state.pushes, state.pops, state.tours,
                            state.max_depth, state.dead_ends, handed)
        search: StackReader = self.config.search(self.start, snapshot)
        went_on_at = self._went_on_at
        if went_on_at is None:  # (a file's replay, once it goes on as a search: ui/files.py)
            went_on_at = getattr(self.search, "went_on_at", None)
        if not handed and went_on_at is not None and history.pos >= went_on_at \
                and isinstance(search, Search) and search.depth == len(state.path):
            # A search that went on from a path counts, on the path's frames, the candidates before the
            # path's own move as tried (they come before it in its order); the history counts the path's
            # pushes.  Its frames, as the search has them: each frame below the top has tried up to its
            # square above; the top, up to the square it popped last (none: just pushed).
            tried = search.tried_along_path(last_popped(history))
            search = self.config.search(self.start, snapshot._replace(tried=tried))
        if search.depth != len(state.path):  # a start no tour begins on: the search resumes nothing there
            # (a file's replay of a path from one), the frames are read from the path as a student's are
            search = PathStack(self.config.board, state.path, children_from_history(history))
        self._stack_cache = (history, history.pos, search)
        return search

    # -- other event sources, and peeking (File ▸ Open Solver…, practice: ui/student_solver.py,
    # ui/practice.py).  Kept together here so the rest of the player stays as it was.

    def use_source(self, start: int, events: Iterator[Event],
                   stack_reader: Callable[[], StackReader | None]) -> None:
        """Show the events of ``events`` from ``start`` instead of a search's (a student's solver).

        ``events`` raises ``NotReady`` while its next event has not come: the
        player waits for it (a tick later).  ``stack_reader`` gives the
        stack as it is at ``pos`` for the panels; Reset goes back to the
        first event.  ``place``, ``configure`` or ``clear`` end it.
        """
        self.pause()
        self.start = start
        self.search = None
        self._events = events
        self.stack_reader = stack_reader
        self._went_on_at = None
        self._reset_history()
        self.reconfigured.emit()
        self.changed.emit()

    def peek(self) -> Event | None:
        """The next event, not applied (at the head it is pulled and recorded first); None if none."""
        if not self.can_advance:
            return None
        history = self.history
        if history.at_head:
            assert self._events is not None
            try:
                history.record(next(self._events))
            except NotReady:
                return None
        return history[history.pos]


def last_popped(history: History) -> int | None:
    """The square of the last pop before the history's position, if the last push or pop was one."""
    index = history.pos - 1
    while index >= 0:
        kind = history.kind(index)
        if kind is Push:
            return None
        if kind is Pop:
            event = history[index]
            assert isinstance(event, Pop)
            return event.square
        index -= 1  # (an outcome)
    return None


class NotReady(Exception):
    """An event source (``TourPlayer.use_source``) has no event ready yet; ask again later."""


class StackReader(Protocol):
    """What the panels read of a stack: a ``Search``, or ``tour.frames.PathStack``."""

    @property
    def depth(self) -> int: ...  # noqa: D102

    def frame(self, index: int) -> Frame: ...  # noqa: D102
