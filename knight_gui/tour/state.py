"""TourState: the board as the events so far have left it.

``apply`` is the one place state changes going forward and ``undo`` takes
back exactly the last applied event, so a player can step both ways.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from .board import Board
from .events import Event, Outcome, Pop, PopReason, Push


class ReplayError(ValueError):
    """An event that does not fit the state it is applied to."""


class TourState:
    """Path, numbers on squares and counters after a sequence of events."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.path: list[int] = []
        self.step_of = array("i", bytes(4 * board.size))  # 0 = empty, else move number
        self.pushes = 0
        self.pops = 0
        self.dead_ends = 0
        self.max_depth = 0
        self.outcomes: list[Outcome] = []
        self.outcome: Outcome | None = None  # set while the last event is an outcome
        self._records: list[int] = []  # push counts at which max_depth grew

    @property
    def depth(self) -> int:
        """Squares on the path: the search's stack depth."""
        return len(self.path)

    @property
    def tours(self) -> int:
        """Tours reported so far."""
        return sum(1 for o in self.outcomes if o.kind == "tour")

    @property
    def events(self) -> int:
        """Events applied (pushes, pops and outcomes)."""
        return self.pushes + self.pops + len(self.outcomes)

    def apply(self, event: Event) -> None:
        """Apply one event; ReplayError if it does not fit."""
        cls = event.__class__
        if cls is Push:
            square, step = event[0], event[1]
            if step != len(self.path) + 1 or self.step_of[square]:
                raise ReplayError(f"push of {self.board.name(square)} as move {step} does not fit "
                                  f"a path of {len(self.path)} squares")
            if self.path and not self.board.is_knight_move(self.path[-1], square):
                raise ReplayError(f"{self.board.name(square)} is not a knight's move from "
                                  f"{self.board.name(self.path[-1])}")
            self.path.append(square)
            self.step_of[square] = step
            self.pushes += 1
            if step > self.max_depth:
                self.max_depth = step
                self._records.append(self.pushes)
            self.outcome = None
        elif cls is Pop:
            square, step = event[0], event[1]
            if not self.path or self.path[-1] != square or step != len(self.path):
                raise ReplayError(f"pop of {self.board.name(square)} does not fit the top of the path")
            self.path.pop()
            self.step_of[square] = 0
            self.pops += 1
            if event[2] == PopReason.DEAD_END:
                self.dead_ends += 1
            self.outcome = None
        elif cls is Outcome:
            self.outcomes.append(event)
            self.outcome = event
        else:
            raise ReplayError(f"not an event: {event!r}")

    def undo(self, event: Event) -> None:
        """Take back ``event``, which must be the last one applied."""
        cls = event.__class__
        if cls is Push:
            square = self.path.pop()
            self.step_of[square] = 0
            if self._records and self._records[-1] == self.pushes:
                self._records.pop()
                self.max_depth -= 1
            self.pushes -= 1
            self.outcome = None
        elif cls is Pop:
            square, step = event[0], event[1]
            self.path.append(square)
            self.step_of[square] = step
            self.pops -= 1
            if event[2] == PopReason.DEAD_END:
                self.dead_ends -= 1
            self.outcome = self.outcomes[-1] if event[2] == PopReason.NEXT_TOUR else None
        elif cls is Outcome:
            self.outcomes.pop()
            self.outcome = None
        else:
            raise ReplayError(f"not an event: {event!r}")

    def restore(self, path: Sequence[int], pushes: int, pops: int, dead_ends: int,
                depth_records: Sequence[int], outcomes: Sequence[Outcome], last_is_outcome: bool) -> None:
        """Become the state after some events, known from elsewhere (a player's checkpoint).

        ``depth_records`` are the push counts at which the maximum depth grew
        (one per level reached), so that undoing pushes from here lowers the
        maximum depth exactly where applying them raised it.
        """
        step_of = self.step_of
        for square in self.path:
            step_of[square] = 0
        self.path[:] = path
        for step, square in enumerate(self.path, 1):
            step_of[square] = step
        self.pushes, self.pops, self.dead_ends = pushes, pops, dead_ends
        self._records[:] = depth_records
        self.max_depth = len(self._records)
        self.outcomes[:] = outcomes
        self.outcome = self.outcomes[-1] if last_is_outcome and self.outcomes else None
