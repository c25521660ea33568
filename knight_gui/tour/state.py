"""TourState: the board as the events so far have left it.

This is the one place the counters change.  ``push``, ``pop`` and
``report`` are the rules (a push counts a push and may deepen the maximum
depth, a dead-end pop counts a dead end, ...); ``unpush``, ``unpop`` and
``unreport`` are their exact inverses.  Everything else goes through them:
``apply`` checks an event from outside (a file) and then applies it, the
history (``tour.history``) replays its packed events with them, and
``checkpoint``/``restore`` copy the whole state out and back, so a state
can be put at any event of a history in a few milliseconds.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import NamedTuple

from .board import Board
from .events import OUTCOME_TOUR, Event, Outcome, Pop, PopReason, Push
from .messages import Message, MessageError

_DEAD_END = PopReason.DEAD_END
_NEXT_TOUR = PopReason.NEXT_TOUR


def common_prefix(a: Sequence[int], b: Sequence[int]) -> int:
    """How many squares two paths share from their start (slice comparisons: they run in C).

    Both of one type: a list and a tuple never compare equal.

    The views use it to redraw only what changed between the path they show and the next.
    """
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    lo, hi = 0, n  # a[:lo] == b[:lo] and a[:hi] != b[:hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


class ReplayError(MessageError, ValueError):
    """An event that does not fit the state it is applied to.

    ``str()`` says why in English; ``message`` is the same as a ``Message``.
    """

class Checkpoint(NamedTuple):
    """A whole ``TourState`` after ``events`` events: ``TourState.restore`` brings it back.

    The maximum depth's records and the outcomes themselves belong to the
    sequence of events, not to one moment of it, so only their counts are
    kept here (see ``TourState.restore``).
    """

    events: int
    path: array[int]  # 'i': the squares on the stack, bottom first
    tried: array[int]  # 'i': how many candidates each frame has tried (a student's run may repeat one)
    pushed_at: array[int]  # 'q': the event index of each frame's push
    pushes: int
    pops: int
    dead_ends: int
    max_depth: int
    tours: int
    outcomes: int
    showing_outcome: bool


class TourState:
    """Path, move numbers on squares, each frame's tries and the counters after some events.

    ``records`` (optional) is an append-only array shared with a history:
    ``records[d - 1]`` is the push count at which the stack first grew to
    ``d`` frames, so undoing a push lowers ``max_depth`` exactly where
    applying it raised it, wherever the state was restored from.
    """

    def __init__(self, board: Board, records: array[int] | None = None) -> None:
        self.board = board
        self.path: list[int] = []
        self.step_of = array("i", bytes(4 * board.size))  # 0 = empty, else move number
        self.tried: list[int] = []  # candidates tried by each frame on the stack
        self.pushed_at: list[int] = []  # event index of the push of each frame on the stack
        self.pushes = 0
        self.pops = 0
        self.dead_ends = 0
        self.max_depth = 0
        self.tours = 0
        self.outcomes: list[Outcome] = []
        self.outcome: Outcome | None = None  # set while the last event is an outcome
        self.records: array[int] = array("q") if records is None else records

    @property
    def depth(self) -> int:
        """Squares on the path: the search's stack depth."""
        return len(self.path)

    @property
    def events(self) -> int:
        """Events applied (pushes, pops and outcomes): the position in the history."""
        return self.pushes + self.pops + len(self.outcomes)

    # -- the rules: each written once, with its inverse -----------------------------

    def push(self, square: int) -> None:
        """The knight moves onto ``square`` (trusted: see ``apply`` for a checked push)."""
        path = self.path
        tried = self.tried
        if tried:
            tried[-1] += 1  # the frame below tried one more candidate: this one
        tried.append(0)
        self.pushed_at.append(self.pushes + self.pops + len(self.outcomes))
        path.append(square)
        step = len(path)
        self.step_of[square] = step
        self.pushes += 1
        if step > self.max_depth:
            self.max_depth = step
            records = self.records
            if step > len(records):
                records.append(self.pushes)
            else:
                records[step - 1] = self.pushes
        self.outcome = None

    def unpush(self) -> None:
        """Take back the last push."""
        step = len(self.path)
        self.step_of[self.path.pop()] = 0
        self.pushed_at.pop()
        tried = self.tried
        tried.pop()
        if tried:
            tried[-1] -= 1
        if step == self.max_depth and self.records[step - 1] == self.pushes:
            self.max_depth -= 1
        self.pushes -= 1
        self.outcome = None

    def pop(self, reason: int) -> None:
        """The knight backtracks off the top square for ``reason`` (a PopReason)."""
        self.step_of[self.path.pop()] = 0
        self.tried.pop()
        self.pushed_at.pop()
        self.pops += 1
        if reason == _DEAD_END:
            self.dead_ends += 1
        self.outcome = None

    def unpop(self, square: int, reason: int, tried: int, pushed_at: int) -> None:
        """Take back the last pop: ``square`` is on top again, with ``tried`` candidates tried.

        ``pushed_at`` is the event index of its push (the history knows it).
        """
        self.path.append(square)
        self.step_of[square] = len(self.path)
        self.tried.append(tried)
        self.pushed_at.append(pushed_at)
        self.pops -= 1
        if reason == _DEAD_END:
            self.dead_ends -= 1
        self.outcome = self.outcomes[-1] if reason == _NEXT_TOUR and self.outcomes else None

    def report(self, outcome: Outcome) -> None:
        """The search reports ``outcome``."""
        self.outcomes.append(outcome)
        if outcome.kind == OUTCOME_TOUR:
            self.tours += 1
        self.outcome = outcome

    def unreport(self) -> None:
        """Take back the last outcome."""
        if self.outcomes.pop().kind == OUTCOME_TOUR:
            self.tours -= 1
        self.outcome = None

    # -- events from outside: checked -------------------------------------------------

    def apply(self, event: Event) -> None:
        """Apply one event, checked first; ReplayError if it does not fit."""
        board = self.board
        if type(event) is Push:
            square, step = event.square, event.step
            if not 0 <= square < board.size or step != len(self.path) + 1 or self.step_of[square]:
                name = board.name(square) if 0 <= square < board.size else str(square)
                raise ReplayError(Message("replay-push-misfit", (name, step, len(self.path))))
            if self.path and not board.is_knight_move(self.path[-1], square):
                names = (board.name(square), board.name(self.path[-1]))
                raise ReplayError(Message("replay-not-a-move", names))
            self.push(square)
        elif type(event) is Pop:
            if not self.path or self.path[-1] != event.square or event.step != len(self.path):
                raise ReplayError(Message("replay-pop-misfit"))
            self.pop(event.reason)
        elif type(event) is Outcome:
            self.report(event)
        else:
            raise ReplayError(Message("replay-not-an-event", (repr(event),)))

    def undo(self, event: Event, pushed_at: int = -1) -> None:
        """Take back ``event``, which must be the last one applied.

        Undoing a pop puts its square back on the stack; ``pushed_at`` says
        when that square was pushed (-1: not known).
        """
        if type(event) is Push:
            self.unpush()
        elif type(event) is Pop:
            self.unpop(event.square, event.reason, event.tried, pushed_at)
        elif type(event) is Outcome:
            self.unreport()
        else:
            raise ReplayError(Message("replay-not-an-event", (repr(event),)))

    # -- the whole state, out and back ---------------------------------------------------

    def checkpoint(self) -> Checkpoint:
        """A copy of the state, for ``restore``."""
        return Checkpoint(self.events, array("i", self.path), array("i", self.tried),
                          array("q", self.pushed_at), self.pushes, self.pops, self.dead_ends,
                          self.max_depth, self.tours, len(self.outcomes), self.outcome is not None)

    def restore(self, checkpoint: Checkpoint, outcomes: Sequence[Outcome]) -> None:
        """Become the state of ``checkpoint``, in place (views keep their reference to it).

        ``outcomes`` are the outcomes of the sequence of events the
        checkpoint was taken in (at least its first ``checkpoint.outcomes``);
        ``records`` must be that sequence's too (a history shares its own).
        """
        step_of = self.step_of
        for square in self.path:
            step_of[square] = 0
        self.path[:] = checkpoint.path
        for step, square in enumerate(self.path, 1):
            step_of[square] = step
        self.tried[:] = checkpoint.tried
        self.pushed_at[:] = checkpoint.pushed_at
        self.pushes, self.pops, self.dead_ends = checkpoint.pushes, checkpoint.pops, checkpoint.dead_ends
        self.max_depth, self.tours = checkpoint.max_depth, checkpoint.tours
        self.outcomes[:] = outcomes[:checkpoint.outcomes]
        self.outcome = self.outcomes[-1] if checkpoint.showing_outcome and self.outcomes else None
