"""TourPlayer: pulls events from a search on a timer and says what changed.

Data flows one way: the search yields events, the player records them in a
``History`` (``tour.history``: packed events, checkpoints, seek and replay,
with the ``TourState`` the views show) and says so with signals; widgets
paint the state and read events from the history.  Stepping back and
seeking move the history's state; moving forward re-applies recorded events
until the head of the history, and only there pulls new ones from the search.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from ..tour import DEFAULT_ALGORITHM, Board, Event, Frame, Pop, Push, Search, Snapshot
from ..tour.history import History
from ..tour.state import TourState

#: Speeds offered, in events per second; MAX_SPEED means "as fast as the
#: frame budget allows".
MAX_SPEED = 0
SPEEDS: tuple[int, ...] = (1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200, 300, 500, 1000, 2000,
                           5000, 10000, 30000, 100000, MAX_SPEED)
DEFAULT_SPEED = 8
#: Seconds of work per timer tick at the highest speeds: leaves the rest of
#: a 60 Hz frame for painting and input, so Pause answers within a frame.
FRAME_BUDGET = 0.010
_FRAME_MS = 16
_TIE_AUTO = None

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


class TourPlayer(QObject):
    """Owns the search and a timer; applies events; emits what changed."""

    changed = Signal()  #: the state moved on or back (at most once per tick)
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
        self.solver_seconds = 0.0
        self._stack_cache: tuple[History, int, Search] | None = None
        self.stack_reader: Callable[[], StackReader | None] | None = None  #: see ``use_source``
        self.waiting = False  #: the event source had no event ready at the last try

    # -- set-up ----------------------------------------------------------------

    def configure(self, config: SearchConfig) -> None:
        """Change what is searched; keeps the start square if it is still on the board."""
        start = self.start
        if start is not None and config.board != self.config.board:
            start = None
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
        self._reset_history()
        self._forward()  # the first push: the knight appears on its square
        self.reconfigured.emit()
        self.changed.emit()
        if was_running and self.can_advance:
            self.play()

    def reset(self) -> None:
        """Back to the start square with a fresh search (or to an empty board)."""
        if self.stack_reader is not None:  # another source's events (``use_source``): back to the first
            self.first_event()
        elif self.start is None:
            self.clear()
        else:
            self.place(self.start)
            self.pause()

    def _reset_history(self) -> None:
        self.history = History(self.config.board)
        self.solver_seconds = 0.0
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
        self._timer.start(self._interval())
        self.running_changed.emit(True)

    @Slot()
    def pause(self) -> None:
        """Stop the timer; the state stays where it is."""
        self._goal = _GOAL_NONE
        if self._timer.isActive():
            self._timer.stop()
            self.running_changed.emit(False)

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
        self._timer.start(0)
        if not was_running:
            self.running_changed.emit(True)

    @property
    def goal(self) -> str | None:
        """What a fast run is heading for: "outcome", "pop", "move" or None (plain play or paused)."""
        return {_GOAL_OUTCOME: "outcome", _GOAL_POP: "pop", _GOAL_DEPTH: "move"}.get(self._goal)

    @property
    def can_next_tour(self) -> bool:
        """Whether a tour is shown and the search can go on to the next one."""
        outcome = self.state.outcome
        return outcome is not None and outcome.kind == "tour" and self.config.algorithm != "greedy"

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
        if self._interval() == 0:  # as fast as the frame budget allows
            deadline = time.perf_counter() + FRAME_BUDGET
            popped: list[int] = []
            stopped = False
            self.waiting = False
            while not stopped and not self.waiting and time.perf_counter() < deadline:
                batch, stopped = self._advance(256, self._goal)
                popped = (popped + batch)[-8:]
        else:
            self._credit += self._speed * self._timer.interval() / 1000
            count = int(self._credit)
            self._credit -= count
            popped, stopped = self._advance(count, _GOAL_NONE)
        self._after_batch(popped)
        if stopped:
            self.pause()

    def _after_batch(self, popped: list[int]) -> None:
        if popped:
            self.backtracked.emit(popped)
        self.changed.emit()
        if self.state.outcome is not None:
            self.finished.emit(self.state.outcome)

    def _forward(self) -> Event:
        """Apply the next event: from the history, or pulled from the search at its head."""
        history = self.history
        if not history.at_head:
            return history.forward()
        assert self._events is not None
        t0 = time.perf_counter()
        event = next(self._events)
        self.solver_seconds += time.perf_counter() - t0
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
        if self.at_head:
            return self.search
        history = self.history
        cache = self._stack_cache
        if cache is not None and cache[0] is history and cache[1] == history.pos:
            return cache[2]
        state = self.state
        if not state.path:
            return None
        search = self.config.search(self.start, Snapshot(
            tuple(state.path), tuple(state.tried), state.pushes, state.pops, state.tours, state.max_depth,
            state.dead_ends))
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


class NotReady(Exception):
    """An event source (``TourPlayer.use_source``) has no event ready yet; ask again later."""


class StackReader(Protocol):
    """What the panels read of a stack: a ``Search``, or ``tour.frames.PathStack``."""

    @property
    def depth(self) -> int: ...  # noqa: D102

    def frame(self, index: int) -> Frame: ...  # noqa: D102
