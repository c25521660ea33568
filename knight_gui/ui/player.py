"""TourPlayer: pulls events from a search on a timer and applies them.

Data flows one way: the solver generator yields events, the player applies
them to a ``TourState`` and says so with signals, widgets paint the state.

Every event pulled is also written to ``history``, one int per event in an
``array`` (an 8x8 plain backtracking run of millions of events takes a few
tens of MB), so the player can step back and forth: moving forward re-applies
recorded events until it reaches the head of the history, and only there
pulls new ones from the generator.

Every ``CHECKPOINT_EVERY`` events the player also keeps a checkpoint of the
state (the path, when each of its frames was pushed, the counters), so a jump
to any event (the timeline, ``seek``) restores the nearest checkpoint before
it and replays at most that many events from the compact history: a few
milliseconds, however long the history is.
"""

from __future__ import annotations

import time
from array import array
from dataclasses import dataclass
from typing import NamedTuple

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
_REASONS = tuple(PopReason)  # by value: indexing is much faster than calling the enum
_TIE_AUTO = None

#: Events between two checkpoints of the state, for fast seeking.
CHECKPOINT_EVERY = 2048
#: Seeks over at most this many events apply or undo them one by one.
_SHORT_SEEK = 64

#: What a fast run (timer at 0 ms) stops at: the outcome, the next pop, or a depth.
_GOAL_NONE, _GOAL_OUTCOME, _GOAL_POP, _GOAL_DEPTH = 0, 1, 2, 3


class _Checkpoint(NamedTuple):
    """The state after ``pos`` events, enough to restore it (see ``TourPlayer._restore``)."""

    pos: int
    path: array  # 'i': the squares on the stack, bottom first
    pushed_at: array  # 'q': the history index of each frame's push
    tried: array  # 'b': how many candidates each frame has tried
    pushes: int
    pops: int
    dead_ends: int
    max_depth: int
    outcomes: int


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
        self.state = TourState(self.config.board)
        self.start: int | None = None
        self.search: Search | None = None
        self._events = None
        self.history = array("q")
        self.outcome_list: list[Outcome] = []
        self.pos = 0
        self.solver_seconds = 0.0
        self._stack_cache: tuple[tuple[int, int], Search] | None = None
        self._pushed_at = array("q")  # history index of the push of each frame on the stack
        self._tried = array("b")  # candidates tried by each frame on the stack
        self._depth_records = array("q")  # push count at which the depth first reached 1, 2, ...
        self._checkpoints: list[_Checkpoint] = [self._checkpoint()]  # one per CHECKPOINT_EVERY events

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
        self._pushed_at = array("q")
        self._tried = array("b")
        self._depth_records = array("q")
        self._checkpoints = [self._checkpoint()]
        self._stack_cache = None

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
            self.seek(self._pushed_at[move - 1] + 1)
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
            self._backward()
            self.changed.emit()

    def seek(self, pos: int) -> None:
        """Show the state after ``pos`` events (1 .. len(history)); playing goes on from there.

        Short moves apply or undo the events one by one; longer jumps restore
        the nearest checkpoint at or before ``pos`` and replay from there, so
        any jump costs at most ``CHECKPOINT_EVERY`` replayed events.
        """
        if not self.history:
            return
        pos = max(1, min(pos, len(self.history)))
        if abs(pos - self.pos) <= _SHORT_SEEK:
            while self.pos > pos:
                self._backward()
            while self.pos < pos:
                self._forward()
        else:
            index = min(pos // CHECKPOINT_EVERY, len(self._checkpoints) - 1)
            checkpoint = self._checkpoints[index]
            if not checkpoint.pos <= self.pos <= pos:
                self._restore(checkpoint)
            self._replay(pos)
        self.changed.emit()

    def first_event(self) -> None:
        """Back to the first event: the knight on its start square (the history is kept)."""
        self.pause()
        if self.history:
            self.seek(1)

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

    def _advance_to_goal(self, count: int) -> tuple[list[int], bool]:
        """Apply up to ``count`` events, stopping at the goal; (popped squares, goal reached)."""
        popped: list[int] = []
        goal = self._goal
        depth = self._goal_depth
        for _ in range(count):
            if not self.can_advance:
                return popped, True
            event = self._forward()
            cls = event.__class__
            if cls is Pop:
                popped.append(event.square)
                del popped[:-8]
                if goal == _GOAL_POP:
                    return popped, True
            elif cls is Push and goal == _GOAL_DEPTH and event.step == depth:
                return popped, True
        return popped, False

    @Slot()
    def _tick(self) -> None:
        if not self.can_advance:
            self.pause()
            return
        popped: list[int] = []
        if self._goal in (_GOAL_POP, _GOAL_DEPTH):
            deadline = time.perf_counter() + FRAME_BUDGET
            reached = False
            while not reached and time.perf_counter() < deadline:
                batch, reached = self._advance_to_goal(256)
                popped = (popped + batch)[-8:]
            self._after_batch(popped)
            if reached:
                self.pause()
            return
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
        history = self.history
        pos = self.pos
        state = self.state
        if pos < len(history):
            event = self._decode(history[pos])
            state.apply(event)
        else:
            assert self._events is not None
            t0 = time.perf_counter()
            event = next(self._events)
            self.solver_seconds += time.perf_counter() - t0
            history.append(self._encode(event))
            state.apply(event)
            if state.max_depth > len(self._depth_records):
                self._depth_records.append(state.pushes)
        cls = event.__class__
        if cls is Push:
            self._pushed_at.append(pos)
            tried = self._tried
            if tried:
                tried[-1] += 1  # the frame below tried one more candidate: this one
            tried.append(0)
        elif cls is Pop:
            self._pushed_at.pop()
            self._tried.pop()
        self.pos = pos = pos + 1
        if not pos % CHECKPOINT_EVERY and pos // CHECKPOINT_EVERY == len(self._checkpoints):
            self._checkpoints.append(self._checkpoint())
        return event

    def _backward(self) -> Event:
        """Undo the last applied event."""
        self.pos -= 1
        event = self._decode(self.history[self.pos], undo=True)
        self.state.undo(event)
        cls = event.__class__
        if cls is Push:
            self._pushed_at.pop()
            tried = self._tried
            tried.pop()
            if tried:
                tried[-1] -= 1
        elif cls is Pop:
            self._pushed_at.append(self._push_index_of_top())
            self._tried.append(event.tried)
        return event

    def _push_index_of_top(self) -> int:
        """The history index of the push of the top frame (just restored by undoing a pop).

        Walking back, the first push that made the stack this deep is the top
        frame's; if it is older than the last checkpoint, that checkpoint has it.
        """
        history = self.history
        top = self.state.depth
        checkpoint = self._checkpoints[min(self.pos // CHECKPOINT_EVERY, len(self._checkpoints) - 1)]
        depth = top
        for i in range(self.pos - 1, checkpoint.pos - 1, -1):
            kind = history[i] & 3
            if kind == _PUSH:
                if depth == top:
                    return i
                depth -= 1
            elif kind == _POP:
                depth += 1
        return checkpoint.pushed_at[top - 1]

    # -- checkpoints: jump anywhere in a few milliseconds ---------------------------

    def _checkpoint(self) -> _Checkpoint:
        state = self.state
        return _Checkpoint(self.pos, array("i", state.path), array("q", self._pushed_at),
                           array("b", self._tried), state.pushes, state.pops, state.dead_ends,
                           state.max_depth, len(state.outcomes))

    def _restore(self, checkpoint: _Checkpoint) -> None:
        """Make the state the checkpoint's (in place: views keep their reference to it)."""
        self._write_state(checkpoint.pos, checkpoint.path, checkpoint.pushed_at, checkpoint.tried,
                          checkpoint.pushes, checkpoint.pops, checkpoint.dead_ends, checkpoint.max_depth,
                          checkpoint.outcomes)

    def _replay(self, target: int) -> None:
        """Move forward to ``target`` straight from the history codes (no event objects).

        The events were checked when first applied; this only redoes their
        effect on the path and the counters, then writes the state once.
        """
        state = self.state
        depth = len(state.path)
        room = self.config.board.size - depth + 1  # the stack never grows beyond the board
        # Frames by depth, written in place (no append/pop calls in the loop).
        path = array("i", state.path) + array("i", bytes(4 * room))
        pushed_at = array("q", self._pushed_at) + array("q", bytes(8 * room))
        tried = array("b", self._tried) + array("b", bytes(room))
        pushes, pops, dead_ends, max_depth = state.pushes, state.pops, state.dead_ends, state.max_depth
        outcomes = len(state.outcomes)
        dead_end = int(PopReason.DEAD_END)
        for i, code in enumerate(self.history[self.pos:target], self.pos):
            kind = code & 3
            if kind == _PUSH:
                path[depth] = code >> 6
                pushed_at[depth] = i
                if depth:
                    tried[depth - 1] += 1
                tried[depth] = 0
                depth += 1
                pushes += 1
                if depth > max_depth:
                    max_depth = depth
            elif kind == _POP:
                depth -= 1
                pops += 1
                if (code >> 6) & 3 == dead_end:
                    dead_ends += 1
            else:
                outcomes += 1
        self._write_state(target, path[:depth], pushed_at[:depth], tried[:depth], pushes, pops, dead_ends,
                          max_depth, outcomes)

    def _write_state(self, pos: int, path: array, pushed_at: array, tried: array, pushes: int, pops: int,
                     dead_ends: int, max_depth: int, outcomes: int) -> None:
        last_is_outcome = pos > 0 and self.history[pos - 1] & 3 == _OUTCOME
        self.state.restore(path, pushes, pops, dead_ends, self._depth_records[:max_depth],
                           self.outcome_list[:outcomes], last_is_outcome)
        self._pushed_at = array("q", pushed_at)
        self._tried = array("b", tried)
        self.pos = pos

    # -- what happened: the events around ``pos`` ----------------------------------

    def last_event(self) -> Event | None:
        """The event that led to the state shown (None before the first)."""
        if self.pos == 0:
            return None
        return self._decode(self.history[self.pos - 1], undo=True)

    def recent_events(self, count: int) -> list[tuple[int, Event]]:
        """The last ``count`` events up to ``pos`` as (history index, event), oldest first."""
        return [(i, self.event_from_code(code, step)) for i, code, step in self.recent_codes(count)]

    def recent_codes(self, count: int) -> list[tuple[int, int, int]]:
        """The last ``count`` events up to ``pos`` as (history index, code, move number), oldest first.

        The compact form of ``recent_events``: no event objects are made
        (``event_from_code`` makes one when it is needed).
        """
        history = self.history
        depth = self.state.depth
        out: list[tuple[int, int, int]] = []
        append = out.append
        for i in range(self.pos - 1, max(-1, self.pos - 1 - count), -1):
            code = history[i]
            kind = code & 3
            if kind == _PUSH:
                append((i, code, depth))
                depth -= 1
            elif kind == _POP:
                depth += 1
                append((i, code, depth))
            else:
                append((i, code, depth))
        out.reverse()
        return out

    def event_from_code(self, code: int, step: int) -> Event:
        """The event a history code stands for, given its move number (see ``recent_codes``)."""
        kind = code & 3
        if kind == _PUSH:
            return Push(code >> 6, step, (code >> 2) & 15)
        if kind == _POP:
            return Pop(code >> 8, step, _REASONS[(code >> 6) & 3], (code >> 2) & 15)
        return self.outcome_list[code >> 2]

    def pushed_at(self, move: int) -> int:
        """The history index of the push of the ``move``-th square on the current path."""
        return self._pushed_at[move - 1]

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
            return Pop(code >> 2, depth + 1 if undo else depth, _REASONS[code & 3], tried)
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
        if not path:
            return None
        counters = (state.pushes, state.pops, state.tours, state.max_depth, state.dead_ends)
        search = self.config.search(self.start, Snapshot(path, tuple(self._tried), *counters))
        self._stack_cache = ((id(self.history), self.pos), search)
        return search
