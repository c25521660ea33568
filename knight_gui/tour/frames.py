"""Stack frames read from a path alone: for a search the program did not run (a student's solver).

The built-in ``Search`` knows its frames.  A student's solver sends only
pushes and pops, so the stack panel's frames are worked out here from the
board: for each square on the path, its candidates are the free squares a
knight's move away *when that frame was on top* (the squares below it and
itself visited), each with its Warnsdorff degree (its own free onward
squares then).  Which candidates the student has tried is known from the
events: ``ChildTracker`` follows them at the head of a run, and
``children_from_history`` reads them back from a history after stepping back.

A frame lists the squares it tried first, in the order it tried them (the
last of them, in a lower frame, is the square above it on the stack), then
the others by degree and move order; ``next`` is how many it tried.  Where
the tries of a frame are not known (``None``), the frame lists the square
above it first, if any.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board
from .events import Event, Pop, Push
from .history import History
from .search import Frame

#: Events read back from a history, at most, to find each frame's tries.
HISTORY_LIMIT = 50_000


class PathStack:
    """A read-only stack of frames over ``path`` (bottom first): ``depth``, ``frame(i)``, ``frames()``.

    ``children[i]`` are the squares frame ``i`` pushed so far, in order
    (None: not known).  The same reading interface as ``Search``'s.
    """

    def __init__(self, board: Board, path: Sequence[int],
                 children: Sequence[Sequence[int] | None] | None = None) -> None:
        self.board = board
        self._path = tuple(path)
        self._children = children
        self._step = {square: step for step, square in enumerate(self._path, 1)}

    @property
    def depth(self) -> int:
        """Frames on the stack."""
        return len(self._path)

    def path(self) -> list[int]:
        """The squares on the stack, bottom first."""
        return list(self._path)

    def frame(self, index: int) -> Frame:
        """Frame ``index`` (0 = bottom, -1 = top) with the program's candidates and degrees."""
        depth = len(self._path)
        if index < 0:
            index += depth
        if not 0 <= index < depth:
            raise IndexError(f"frame {index} is not on a stack of {depth} frames")
        board, step = self.board, self._step
        visited_up_to = index + 1  # the squares of frames 0 .. index were visited when it was on top

        def free(square: int) -> bool:
            return not 0 < step.get(square, 0) <= visited_up_to

        square = self._path[index]
        free_near = [u for u in board.neighbours(square) if free(u)]
        degree = {u: sum(1 for v in board.neighbours(u) if free(v)) for u in free_near}
        children = self._children[index] if self._children is not None and index < len(self._children) \
            else None
        if children is None:  # tries unknown: the square above, if any, is the one known try
            children = [self._path[index + 1]] if index + 1 < depth else []
        tried = [u for u in dict.fromkeys(children) if u in degree]
        rest = sorted((u for u in free_near if u not in tried), key=lambda u: degree[u])  # stable: move order
        candidates = tuple((u, degree[u]) for u in (*tried, *rest))
        return Frame(square, index + 1, candidates, len(tried))

    def frames(self) -> list[Frame]:
        """Every frame, bottom first."""
        return [self.frame(i) for i in range(len(self._path))]


class ChildTracker:
    """Follows a run's events at its head: the squares each frame on the stack has pushed."""

    def __init__(self) -> None:
        self.children: list[list[int]] = []  #: per frame on the stack, bottom first

    def apply(self, event: Event) -> None:
        """Take one more event of the run."""
        if type(event) is Push:
            if self.children:
                self.children[-1].append(event.square)
            self.children.append([])
        elif type(event) is Pop and self.children:
            self.children.pop()


def children_from_history(history: History, limit: int = HISTORY_LIMIT) -> list[list[int] | None]:
    """The squares each frame on ``history.state``'s stack had pushed by then (None: not known).

    Any push of move ``s`` after the push of the frame of move ``s - 1``
    still on the stack is that frame's: the last ``limit`` events before
    the state's position are read; a frame older than that is known only
    if as many tries were found as the state counts.
    """
    state = history.state
    pos = state.events
    first = max(0, pos - limit)
    pushed_at, tried = state.pushed_at, state.tried
    found: list[list[int]] = [[] for _ in state.path]
    frames = len(found)
    for index, step, square in history.pushes(first, pos):
        parent = step - 2
        if 0 <= parent < frames and index > pushed_at[parent]:
            found[parent].append(square)
    return [squares if pushed_at[i] >= first or len(squares) == tried[i] else None
            for i, squares in enumerate(found)]
