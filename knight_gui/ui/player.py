"""TourPlayer: pulls events from a search on a timer and applies them.

Data flows one way: the solver generator yields events, the player applies
them to a ``TourState`` and says so with signals, widgets paint the state.

Every event pulled is also written to ``history``, one int per event in an
``array`` (an 8x8 plain backtracking run of millions of events takes a few
tens of MB), so the player can step back and forth: moving forward re-applies
recorded events until it reaches the head of the history, and only there
pulls new ones from the generator.
"""

from __future__ import annotations

import time
from array import array
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from ..tour import (
    DEFAULT_ALGORITHM,
    Board,
    Event,
    Outcome,
    Pop,
    PopReason,
    Push,
    Search,
    Snapshot,
)
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

_PUSH, _POP, _OUTCOME = 0, 1, 2
_TIE_AUTO = None


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
        self._until_outcome = False
        self.config = SearchConfig(Board(8))
        self.state = TourState(self.config.board)
        self.start: int | None = None
        self.search: Search | None = None
        self._events = None
        self.history = array("q")
        self.outcome_list: list[Outcome] = []
        self.pos = 0
        self.solver_seconds = 0.0
        self._stack_cache: tuple[tuple[int, int], Search] | None = None

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
        self._reset_history()
        self._forward()  # the first push: the knight appears on its square
        self.reconfigured.emit()
        self.changed.emit()
        if was_running and self.can_advance:
            self.play()

    def reset(self) -> None:
        """Back to the start square with a fresh search (or to an empty board)."""
        if self.start is None:
            self.clear()
        else:
            self.place(self.start)
            self.pause()

    def _reset_history(self) -> None:
        self.state = TourState(self.config.board)
        self.history = array("q")
        self.outcome_list = []
        self.pos = 0
        self.solver_seconds = 0.0
        self._credit = 0.0

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
        return self.pos == len(self.history)

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
        if self._until_outcome or self._speed == MAX_SPEED:
            return 0
        return max(_FRAME_MS, round(1000 / self._speed))

    # -- moving ----------------------------------------------------------------

    @Slot()
    def play(self) -> None:
        """Play at the current speed until an outcome or pause."""
        if not self.can_advance or self.running:
            return
        self._until_outcome = False
        self._timer.start(self._interval())
        self.running_changed.emit(True)

    @Slot()
    def pause(self) -> None:
        """Stop the timer; the state stays where it is."""
        self._until_outcome = False
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
        if not self.can_advance:
            return
        self._until_outcome = True
        self._timer.start(0)
        self.running_changed.emit(True)

    @property
    def can_next_tour(self) -> bool:
        """Whether a tour is shown and the search can go on to the next one."""
        outcome = self.state.outcome
        return outcome is not None and outcome.kind == "tour" and self.config.algorithm != "greedy"

    @Slot()
    def next_tour(self) -> None:
        """Go on from a complete tour: backtrack off it and play to the next different tour."""
        if self.can_next_tour:
            self._forward()  # the pop that leaves the reported tour
            self.changed.emit()
            self.play()

    @Slot()
    def step(self) -> None:
        """Apply exactly one event (pauses first)."""
        self.pause()
        if self.can_advance:
            event = self._forward()
            self._after_batch([event.square] if isinstance(event, Pop) else [])

    @Slot()
    def step_back(self) -> None:
        """Undo exactly one event (pauses first)."""
        self.pause()
        if self.can_step_back:
            self.pos -= 1
            self.state.undo(self._decode(self.history[self.pos], undo=True))
            self.changed.emit()

    def seek(self, pos: int) -> None:
        """Show the state after ``pos`` events (1 .. len(history)), replaying as needed."""
        pos = max(1, min(pos, len(self.history)))
        while self.pos > pos:
            self.pos -= 1
            self.state.undo(self._decode(self.history[self.pos], undo=True))
        while self.pos < pos:
            self.state.apply(self._decode(self.history[self.pos]))
            self.pos += 1
        self.changed.emit()

    def advance(self, count: int) -> list[int]:
        """Apply up to ``count`` events; returns the squares popped (last 8)."""
        popped: list[int] = []
        for _ in range(count):
            if not self.can_advance:
                break
            event = self._forward()
            if event.__class__ is Pop:
                popped.append(event.square)
                del popped[:-8]
        return popped

    @Slot()
    def _tick(self) -> None:
        if not self.can_advance:
            self.pause()
            return
        popped: list[int] = []
        if self._interval() == 0:
            deadline = time.perf_counter() + FRAME_BUDGET
            while self.can_advance and time.perf_counter() < deadline:
                popped = (popped + self.advance(256))[-8:]
        else:
            self._credit += self._speed * self._timer.interval() / 1000
            count = int(self._credit)
            self._credit -= count
            popped = self.advance(count)
        self._after_batch(popped)
        if not self.can_advance:
            self.pause()

    def _after_batch(self, popped: list[int]) -> None:
        if popped:
            self.backtracked.emit(popped)
        self.changed.emit()
        if self.state.outcome is not None:
            self.finished.emit(self.state.outcome)

    def _forward(self) -> Event:
        """Apply the next event: from the history, or pulled from the search at its head."""
        if self.pos < len(self.history):
            event = self._decode(self.history[self.pos])
        else:
            assert self._events is not None
            t0 = time.perf_counter()
            event = next(self._events)
            self.solver_seconds += time.perf_counter() - t0
            self.history.append(self._encode(event))
        self.state.apply(event)
        self.pos += 1
        return event

    # -- compact history: one int per event -------------------------------------

    def _encode(self, event: Event) -> int:
        cls = event.__class__
        if cls is Push:
            return ((event.square << 4 | event.degree) << 2) | _PUSH
        if cls is Pop:
            return ((((event.square << 2) | event.reason) << 4 | event.tried) << 2) | _POP
        self.outcome_list.append(event)  # type: ignore[arg-type]
        return ((len(self.outcome_list) - 1) << 2) | _OUTCOME

    def _decode(self, code: int, undo: bool = False) -> Event:
        """The event ``code`` stands for, given the state just before it (or after, to undo)."""
        kind = code & 3
        code >>= 2
        depth = self.state.depth
        if kind == _PUSH:
            return Push(code >> 4, depth if undo else depth + 1, code & 15)
        if kind == _POP:
            tried = code & 15
            code >>= 4
            return Pop(code >> 2, depth + 1 if undo else depth, PopReason(code & 3), tried)
        return self.outcome_list[code]

    # -- the stack as it is at ``pos`` ------------------------------------------

    def stack(self) -> Search | None:
        """A search whose stack is the one at ``pos``: read its ``frame(i)``.

        At the head this is the live search; after stepping back it is a
        search resumed from the shown state (built once per position).
        """
        if self.search is None or self.start is None:
            return None
        if self.at_head:
            return self.search
        if self._stack_cache is not None and self._stack_cache[0] == (id(self.history), self.pos):
            return self._stack_cache[1]
        state = self.state
        path = tuple(state.path)
        counters = (state.pushes, state.pops, state.tours, state.max_depth, state.dead_ends)
        if not path:
            return None
        probe = self.config.search(self.start, Snapshot(path, (0,) * len(path), *counters))
        tried = []
        for i in range(len(path) - 1):
            squares = [sq for sq, _ in probe.frame(i).candidates]
            tried.append(squares.index(path[i + 1]) + 1)
        top = 0
        last = self._decode(self.history[self.pos - 1], undo=True) if self.pos else None
        if isinstance(last, Pop):
            squares = [sq for sq, _ in probe.frame(-1).candidates]
            top = squares.index(last.square) + 1 if last.square in squares else 0
        tried.append(top)
        search = self.config.search(self.start, Snapshot(path, tuple(tried), *counters))
        self._stack_cache = ((id(self.history), self.pos), search)
        return search
