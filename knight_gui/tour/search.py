"""The knight's-tour search that the window animates: a stack of frames and one loop.

The loop reads like the pseudocode panel beside it::

    push the start
    while the stack is not empty:
        if every square is on the stack:   report a tour, then pop to look for the next one
        elif the top frame has a candidate left:   push the next candidate
        else:   pop the top frame (greedy reports that it is stuck instead)
    report that the search is exhausted

A frame is a square of the path, its candidates (the free squares a
knight's move away, in the order they are tried) and how many of them it
has tried.  ``Search._candidates`` is the one place that lists and orders
them: plain backtracking keeps the fixed move order; Warnsdorff's rule takes
the fewest onward squares first and breaks ties by the tie-break's key;
closed tours keep the way back to the start open; the construction
(``construct``) lists one candidate, the next square of a tour it built from
the start before the first push (``tour.closed``), so the same loop pushes that
tour square by square and never pops.  A frame's candidates
depend only on the board as it is while the frame is on top, so they are
listed from the board when needed rather than stored: by the loop for the
top frame (only as far as the next one to try), and by ``frame(i)`` for a
lower frame after taking the squares above it off the board for a moment.

Iterating a ``Search`` yields one ``Push`` or ``Pop`` per step and an
``Outcome``, like networkx's ``dfs_labeled_edges``; between any two events
the stack can be read (``depth``, ``frame(i)``, ``path()``).

Speed comes from data: the board is padded by two rows and columns of
squares marked visited on every side, so a knight's move is one addition of
a constant and never leaves the board; every free square's degree (its free
neighbours) is kept up to date on every push and pop.  A table of neighbour
tuples per square, as python-chess keeps, would cost about 130 MB on a
1000 x 1000 board; eight offsets cost nothing.  A candidate is one int,
``degree << 3 | move`` (the move's index in the search's move order), so
sorting candidates sorts them by degree, then move order.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import groupby
from typing import NamedTuple

from .algorithms import BACKTRACKS, CONSTRUCTED, DEFAULT_ALGORITHM, MIRRORED, WARNSDORFF, check
from .board import MOVES, Board, BoardError
from .closed import closed_tour, open_tour
from .events import (
    OUTCOME_BUDGET,
    OUTCOME_IMPOSSIBLE,
    OUTCOME_NO_TOUR,
    OUTCOME_STUCK,
    OUTCOME_TOUR,
    Event,
    Outcome,
    Pop,
    PopReason,
    Push,
)
from .rules import closed_tour_exists, impossible

_TIME_CHECK_EVERY = 1024  # a seconds budget is checked every 1024 pushes
_PAD = 2  # rows and columns of visited squares around the board


class Frame(NamedTuple):
    """One frame of the search stack, read at some moment.

    ``candidates`` are (square, degree) pairs in the order they are tried;
    ``next`` is the index of the candidate to try next (the one before it,
    if any, is the square above this frame on the stack).
    """

    square: int
    step: int
    candidates: tuple[tuple[int, int], ...]
    next: int


class Snapshot(NamedTuple):
    """Enough of a search to resume it exactly: see ``Search.snapshot``.

    A snapshot of a complete path (taken after the last push of a tour)
    resumes by reporting that tour, as the search it was taken from does.
    """

    path: tuple[int, ...]
    tried: tuple[int, ...]
    pushes: int
    pops: int
    tours: int
    max_depth: int
    dead_ends: int
    #: A path the search was handed (Play Yourself's, by ``tour.play.PlayGame.handover``): each frame
    #: still on it tries the path's next square first, then its own candidates in its order.
    handed: tuple[int, ...] = ()


class Search:
    """A stepwise knight's-tour search from ``start`` on ``board``.

    Iterate it (once) for the events.  ``max_nodes`` caps the pushes and
    ``max_seconds`` the wall time from the first event; either ends the
    search with a ``budget`` outcome.  ``resume`` continues from a
    ``Snapshot`` of an equal search.
    """

    def __init__(
        self,
        board: Board,
        start: int,
        algorithm: str = DEFAULT_ALGORITHM,
        tie_break: str | None = None,
        closed: bool = False,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        resume: Snapshot | None = None,
    ) -> None:
        tie_break = check(algorithm, tie_break, closed)
        if not 0 <= start < board.size:
            raise BoardError(f"start square {start} is off the {board.dims} board")
        if max_nodes is not None and max_nodes < 1:
            raise ValueError("the node budget must be at least 1")
        if max_seconds is not None and max_seconds <= 0:
            raise ValueError("the time budget must be positive")
        self.board = board
        self.start = start
        self.algorithm = algorithm
        self.tie_break = tie_break
        self.closed = closed
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        #: Whether it goes on from a snapshot: then its events are not those of a fresh search.
        self.resumed = resume is not None
        self.pops = 0
        self.tours = 0
        self.dead_ends = 0
        self.outcome: Outcome | None = None
        self._max_depth = 0  # the deepest stack popped so far; max_depth adds the live one
        self._backtracks = algorithm in BACKTRACKS
        self._warnsdorff = algorithm in WARNSDORFF
        self._tie = tie_break if self._warnsdorff else "fixed"  # backtracking keeps, never uses, its own
        # The board, padded: squares are ints row * width + col with two rows and
        # columns of visited squares on every side; each free square's degree.
        self._width = width = board.cols + 2 * _PAD
        visited, degree = _empty_board(board.rows, board.cols)
        self._visited, self._degree = bytearray(visited), bytearray(degree)
        # The knight's moves as offsets, in the fixed order (mirrored to the start's corner for
        # the tie-breaks that ask): the order candidates of equal rank are tried in.
        moves = _mirrored_moves(board, start) if self._tie in MIRRORED else MOVES
        self._moves = tuple(dr * width + dc for dr, dc in moves)
        self._numbered_moves = tuple(enumerate(self._moves))
        self._next_to_start = frozenset(self._pad(start) + m for m in self._moves)
        # The stack: the frames side by side, bottom first.
        self._squares = array("i")  # the square of each frame (padded)
        self._tried = bytearray()  # how many of its candidates each frame has tried
        self._listed: dict[int, bytes] = {}  # lower frames' candidates, once read
        self._tie_key = {"fixed": None, "roth": self._roth_key, "pohl": self._pohl_key,
                         "lookahead": self._lookahead_key}[self._tie]
        self._events: Iterator[Event] | None = None
        self._deadline: float | None = None  # the seconds budget: set at the first event
        self._next_check = 0  # the pushes at which to look at the budgets again
        self._verdict = impossible(board, start, closed)
        # The construction's tour (padded squares), built once; None: none was built.
        self._plan: array[int] | None = None
        self._move_index = {move: i for i, move in enumerate(self._moves)}
        #: The path it was handed (``Snapshot.handed``), if any.
        self.handed: tuple[int, ...] = ()
        self._handed_next = array("i")  # padded: the square each frame of the handed path took next
        self._firsts = 0  # the frames at the bottom still on the handed path that have a next square
        if algorithm in CONSTRUCTED and self._verdict is None:
            self._plan = self._constructed_tour()
        if resume is not None and self._verdict is None:
            self._restore(resume)

    # -- counters --------------------------------------------------------------

    @property
    def pushes(self) -> int:
        """Squares pushed so far: every push not popped is on the stack."""
        return self.pops + len(self._squares)

    @property
    def max_depth(self) -> int:
        """The deepest the stack has been."""
        return max(self._max_depth, len(self._squares))

    # -- reading the stack -----------------------------------------------------

    @property
    def depth(self) -> int:
        """Frames on the stack: the length of the current path."""
        return len(self._squares)

    def path(self) -> list[int]:
        """The squares on the stack, bottom first."""
        unpad = self._unpad
        return [unpad(p) for p in self._squares]

    def frame(self, index: int) -> Frame:
        """Frame ``index`` (0 = bottom, -1 = top) as it stands now."""
        depth = len(self._squares)
        if index < 0:
            index += depth
        if not 0 <= index < depth:
            raise IndexError(f"frame {index} is not on a stack of {depth} frames")
        square, moves, unpad = self._squares[index], self._moves, self._unpad
        if index == depth - 1:
            listed: Sequence[int] = self._candidates(square, depth)
        else:
            listed = self._listed[index] if index in self._listed else self._list_lower_frames(index)
        candidates = tuple((unpad(square + moves[c & 7]), c >> 3) for c in listed)
        return Frame(unpad(square), index + 1, candidates, self._tried[index])

    def frames(self) -> list[Frame]:
        """Every frame, bottom first."""
        return [self.frame(i) for i in range(len(self._squares))]

    def tried_along_path(self, popped: int | None = None) -> tuple[int, ...]:
        """How many candidates each frame has tried, had the search come down its path itself, trying
        candidates in order: below the top, up to and including the square above it (all of them
        when that square is none of them, as a closed search's may not be); the top, up to
        ``popped``, its child popped last (none: it was just pushed).

        For a search resumed on a file's path, which it did not search: the candidates
        before the path's own move count as tried, as they come before it in its order.
        """
        path = self.path()
        tried = []
        for index, frame in enumerate(self.frames()):
            child = path[index + 1] if index + 1 < len(path) else popped
            squares = [square for square, _ in frame.candidates]
            if child is None:
                tried.append(0)
            else:
                tried.append(squares.index(child) + 1 if child in squares else len(squares))
        return tuple(tried)

    def _list_lower_frames(self, index: int) -> bytes:
        """The candidates of frame ``index`` and of every frame above it but the top.

        The squares above each frame are taken off the board, from the top
        down, so that the board is as it was when that frame was on top; the
        frame's candidates are listed then, and kept while it is on the
        stack.  The squares go back on afterwards.
        """
        squares, listed = self._squares, self._listed
        top = len(squares) - 1
        for above in range(top, index, -1):
            self._leave(squares[above])
            if above - 1 not in listed:
                listed[above - 1] = bytes(self._candidates(squares[above - 1], above))
        for above in range(index + 1, top + 1):
            self._visit(squares[above])
        return listed[index]

    def snapshot(self) -> Snapshot:
        """The state between two events, to resume from later."""
        return Snapshot(tuple(self.path()), tuple(self._tried), self.pushes, self.pops,
                        self.tours, self.max_depth, self.dead_ends, self.handed)

    # -- the search ------------------------------------------------------------

    def __iter__(self) -> Iterator[Event]:
        if self._events is None:
            if self._verdict is not None:
                self._events = self._impossible()
            elif self.algorithm in CONSTRUCTED and self._plan is None:
                self._events = self._not_built()
            else:
                self._events = self._search()
        return self._events

    def __next__(self) -> Event:
        return next(iter(self))

    def _search(self) -> Iterator[Event]:
        """The search loop: push, pop and report, on the explicit stack.

        The comments are the lines of the pseudocode panel (``explain.pseudocode``).
        """
        squares, tried, moves = self._squares, self._tried, self._moves
        n = self.board.size
        self._start_clock()
        if not squares:  # push the start square and its candidates
            yield self._push(self._pad(self.start))
        while squares:  # while the stack is not empty:
            depth = len(squares)
            if depth == n:  # if the stack holds every square: report the tour; pop top for the next
                yield self._tour()
                if not self._backtracks:  # greedy's one tour ends its search
                    return
                self.outcome = None  # going on: look for the next tour
                yield self._pop(PopReason.NEXT_TOUR)
                continue
            square, next_try = squares[-1], tried[-1]  # top <- the frame on top of the stack
            candidates = self._candidates(square, depth, next_try + 1)  # as far as the next to try
            if next_try < len(candidates):  # else if top has an untried candidate c: push c
                if self.pushes >= self._next_check and (outcome := self._budget_used()):
                    yield outcome
                    return
                tried[-1] = next_try + 1
                yield self._push(square + moves[candidates[next_try] & 7])
            elif not self._backtracks:  # else stop: stuck (greedy never pops)
                yield self._stuck()
                return
            else:  # else pop top: a dead end, the way back cut off, or all its candidates tried
                yield self._pop(self._why_popped())
        yield self._exhausted()

    def _push(self, square: int) -> Push:
        """Move the knight onto ``square`` and make it the top frame."""
        self._visit(square)
        self._squares.append(square)
        self._tried.append(0)
        return Push(self._unpad(square), len(self._squares), self._degree[square])

    def _pop(self, reason: PopReason) -> Pop:
        """Take the top frame off the stack and the knight off its square."""
        depth = len(self._squares)
        square = self._squares.pop()
        tried = self._tried.pop()
        self._leave(square)
        if depth <= self._firsts:  # a frame of the handed path is gone: the one below is the last
            self._firsts = depth - 1
        if self._listed:
            self._listed.pop(depth - 1, None)  # listed while it was a lower frame
        self.pops += 1
        if depth > self._max_depth:
            self._max_depth = depth
        if reason is PopReason.DEAD_END:
            self.dead_ends += 1
        return Pop(self._unpad(square), depth, reason, tried)

    def _why_popped(self) -> PopReason:
        """Why the top frame, which has no candidate left, is popped."""
        if self._tried[-1]:
            return PopReason.EXHAUSTED  # it tried them all
        if self._degree[self._squares[-1]]:
            return PopReason.CUT_OFF  # it had free neighbours, but each would cut the way back
        return PopReason.DEAD_END  # no free neighbour at all

    # -- the board -------------------------------------------------------------

    def _visit(self, square: int) -> None:
        """Mark ``square`` visited: each free square next to it has one way on less."""
        visited, degree = self._visited, self._degree
        visited[square] = 1
        for move in self._moves:
            if not visited[square + move]:
                degree[square + move] -= 1

    def _leave(self, square: int) -> None:
        """Undo ``_visit(square)``."""
        visited, degree = self._visited, self._degree
        for move in self._moves:
            if not visited[square + move]:
                degree[square + move] += 1
        visited[square] = 0

    def _pad(self, square: int) -> int:
        row, col = divmod(square, self.board.cols)
        return (row + _PAD) * self._width + col + _PAD

    def _unpad(self, square: int) -> int:
        row, col = divmod(square, self._width)
        return (row - _PAD) * self.board.cols + col - _PAD

    # -- the rules: which candidates, in which order ---------------------------

    def _candidates(self, square: int, depth: int, count: int = 8, handed: bool = True) -> list[int]:
        """The candidates of ``square``, on top of a stack ``depth`` deep, in the order they are tried.

        They are the free squares a knight's move away, each as the int
        ``degree << 3 | move``.  Plain backtracking tries them in move order.
        Warnsdorff's rule tries the fewest onward squares first, equal ones
        by the tie-break's key, then in move order; the ties are broken only
        as far as the first ``count`` candidates (all, by default), and the
        list may end there.  Closed tours keep only the candidates that
        leave the way back to the start open.  A frame of a path the search
        was handed tries the path's next square first (unless not ``handed``).
        """
        if handed and depth <= self._firsts:
            return self._handed_first(square, depth)
        visited, degree, moves = self._visited, self._degree, self._moves
        if self._plan is not None:  # the construction: the next square of its tour
            if depth >= len(self._plan):
                return []
            to = self._plan[depth]
            return [degree[to] << 3 | self._move_index[to - square]]
        found = [degree[to] << 3 | i for i, move in self._numbered_moves if not visited[to := square + move]]
        if self.closed:
            found = self._keeping_the_way_back(square, depth, found)
        if not self._warnsdorff or len(found) < 2:
            return found
        found.sort()  # the fewest onward squares first, then the move order
        key = self._tie_key
        if key is None:
            return found
        if count == 1 and found[0] >> 3 < found[1] >> 3:
            return found[:1]  # the next to try has fewer onward squares than any other: no tie
        ordered: list[int] = []
        for _, run in groupby(found, _degree_of):
            tied = list(run)
            if len(tied) > 1:
                tied.sort(key=lambda c: (key(square + moves[c & 7]), c))
            ordered += tied
            if len(ordered) >= count:
                break
        return ordered

    def _handed_first(self, square: int, depth: int) -> list[int]:
        """A frame of a path the search was handed (Play Yourself's): the path's next square, the
        student's move, first; then the others in the rules' order, so that going back the search
        tries every square its rules would."""
        first = self._handed_next[depth - 1]
        move = self._move_index[first - square]
        others = [c for c in self._candidates(square, depth, handed=False) if c & 7 != move]
        return [self._degree[first] << 3 | move, *others]

    def _keeping_the_way_back(self, square: int, depth: int, found: list[int]) -> list[int]:
        """Closed tours: the last square must be next to the start, and no earlier square may
        take the last free square next to the start."""
        moves, near = self._moves, self._next_to_start
        if depth + 1 == self.board.size:
            return [c for c in found if square + moves[c & 7] in near]
        if sum(1 for u in near if not self._visited[u]) == 1:
            return [c for c in found if square + moves[c & 7] not in near]
        return found

    def _constructed_tour(self) -> array[int] | None:
        """The construction's tour from the start, padded: closed (tour.closed.closed_tour) for a
        closed search or a board that has one, else tour.closed.open_tour; None if none was built."""
        board = self.board
        rows, cols = board.rows, board.cols
        if self.closed or closed_tour_exists(rows, cols):
            path: list[int] | None = closed_tour(rows, cols, self.start)
        else:
            path = open_tour(rows, cols, self.start)
        if path is None:
            return None
        return array("i", map(self._pad, path))

    # The tie-breaks' keys of a candidate square: the smaller, the sooner it is tried.

    def _roth_key(self, square: int) -> tuple[int, ...]:
        """Roth: the farthest from the board's centre first."""
        return (-self._distance(square),)

    def _pohl_key(self, square: int) -> tuple[int, ...]:
        """Pohl: the least sum of the degrees of the square's free onward squares first."""
        visited, degree = self._visited, self._degree
        return (sum(degree[square + move] for move in self._moves if not visited[square + move]),)

    def _lookahead_key(self, square: int) -> tuple[int, ...]:
        """Look-ahead: the least largest, then least least, degree of the square's free onward
        squares first (none at all comes first); then Roth's rule."""
        visited, degree = self._visited, self._degree
        onward = [degree[square + move] for move in self._moves if not visited[square + move]]
        return (max(onward, default=-1), min(onward, default=-1), -self._distance(square))

    def _distance(self, square: int) -> int:
        """Four times the square of the distance from ``square`` to the board's centre."""
        row, col = divmod(square, self._width)
        rows, cols = self.board.rows, self.board.cols
        return (2 * (row - _PAD) - rows + 1) ** 2 + (2 * (col - _PAD) - cols + 1) ** 2

    # -- outcomes --------------------------------------------------------------

    def _finish(self, kind: str, code: str, *args: int | str) -> Outcome:
        """The one place the search makes an Outcome: a code of ``tour.messages`` and its arguments."""
        self.outcome = Outcome(kind, code, args, self.tours)
        return self.outcome

    def _tour(self) -> Outcome:
        self.tours += 1
        return self._finish(OUTCOME_TOUR, "tour", self.tours)

    def _start_clock(self) -> None:
        """Start the seconds budget, if any, at the first event."""
        limit = self.max_nodes
        self._deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        if self._deadline is None:
            self._next_check = limit if limit is not None else 1 << 62
        else:
            self._next_check = min(limit or 1 << 62, self.pushes + _TIME_CHECK_EVERY)

    def _budget_used(self) -> Outcome | None:
        """The budget outcome if a budget is used up; else when to look again."""
        if self.max_nodes is not None and self.pushes >= self.max_nodes:
            return self._finish(OUTCOME_BUDGET, "budget-nodes", self.max_nodes)
        if self._deadline is not None and time.perf_counter() > self._deadline:
            return self._finish(OUTCOME_BUDGET, "budget-seconds", f"{self.max_seconds:g}")
        self._next_check = min(self.max_nodes or 1 << 62, self.pushes + _TIME_CHECK_EVERY)
        return None

    def _stuck(self) -> Outcome:
        depth = len(self._squares)
        return self._finish(OUTCOME_STUCK, "stuck", depth, self.board.name(self._unpad(self._squares[-1])))

    def _exhausted(self) -> Outcome:
        board = self.board
        if self.tours:
            return self._finish(OUTCOME_NO_TOUR, "exhausted-after-tours", self.tours, board.name(self.start))
        return self._finish(OUTCOME_NO_TOUR, "exhausted", board.name(self.start), board.dims)

    def _not_built(self) -> Iterator[Event]:
        """The construction built no tour where no theorem rules one out (open_tour gave up)."""
        yield self._finish(OUTCOME_NO_TOUR, "construct-none", self.board.name(self.start))

    def _impossible(self) -> Iterator[Event]:
        verdict = self._verdict
        assert verdict is not None
        yield self._finish(OUTCOME_IMPOSSIBLE, verdict.code, *verdict.args)

    # -- resuming --------------------------------------------------------------

    def _restore(self, snapshot: Snapshot) -> None:
        """Push the snapshot's path again, square by square, and take its counters."""
        board = self.board
        if not snapshot.path or snapshot.path[0] != self.start:
            raise ValueError("the snapshot is of a search from another start")
        if len(snapshot.tried) != len(snapshot.path) or snapshot.pushes - snapshot.pops != len(snapshot.path):
            raise ValueError("the snapshot is inconsistent: pushes - pops must equal its path length")
        previous = None
        for square in snapshot.path:
            if not 0 <= square < board.size:
                raise ValueError(f"the snapshot's square {square} is off the {board.dims} board")
            p = self._pad(square)
            if self._visited[p] or (previous is not None and p - previous not in self._moves):
                raise ValueError("the snapshot's path is not a knight's path")
            self._visit(p)
            self._squares.append(p)
            previous = p
        plan = self._plan
        if plan is not None and list(plan[:len(self._squares)]) != list(self._squares):
            raise ValueError("the snapshot's path is not the constructed tour")
        self._tried = bytearray(snapshot.tried)
        self.pops, self.tours, self.dead_ends = snapshot.pops, snapshot.tours, snapshot.dead_ends
        self._max_depth = snapshot.max_depth
        handed = snapshot.handed
        if handed:
            on_board = all(0 <= square < board.size for square in handed) and len(set(handed)) == len(handed)
            moves = zip(handed, handed[1:], strict=False)
            if not on_board or not all(board.is_knight_move(a, b) for a, b in moves):
                raise ValueError("the snapshot's handed path is not a knight's path on the board")
            self.handed = tuple(handed)
            self._handed_next = array("i", (self._pad(square) for square in handed[1:]))
            # The frames still on it: those whose squares, and all below, are the handed path's.
            on = next((i for i, (a, b) in enumerate(zip(snapshot.path, handed, strict=False)) if a != b),
                      min(len(snapshot.path), len(handed)))
            self._firsts = min(on, len(handed) - 1)


@lru_cache(maxsize=4)
def _empty_board(rows: int, cols: int) -> tuple[bytes, bytes]:
    """The padded board with no square visited, and each square's degree on it.

    A row's degrees depend only on how near it is to the top and bottom
    edges, so at most five distinct rows are worked out.
    """
    width = cols + 2 * _PAD
    visited = bytearray(b"\x01") * ((rows + 2 * _PAD) * width)
    for row in range(rows):
        first = (row + _PAD) * width + _PAD
        visited[first:first + cols] = bytes(cols)
    moves = [dr * width + dc for dr, dc in MOVES]
    degree = bytearray(len(visited))
    alike: dict[tuple[int, int], bytes] = {}
    for row in range(rows):
        first = (row + _PAD) * width + _PAD
        near_edges = (min(row, _PAD), min(rows - 1 - row, _PAD))
        if near_edges not in alike:
            alike[near_edges] = bytes(sum(1 for move in moves if not visited[square + move])
                                      for square in range(first, first + cols))
        degree[first:first + cols] = alike[near_edges]
    return bytes(visited), bytes(degree)


def _degree_of(candidate: int) -> int:
    return candidate >> 3


def _mirrored_moves(board: Board, start: int) -> tuple[tuple[int, int], ...]:
    """MOVES as seen from the start's corner of the board.

    The board is mirrored top to bottom and left to right (and on a square
    board turned about its diagonal) as it would be to bring the start into
    its top-left eighth; the moves are mapped back the same way, so a search
    from any mirror image of a square is the mirror image of its search.
    """
    row, col = divmod(start, board.cols)
    flip_rows = 2 * row > board.rows - 1
    flip_cols = 2 * col > board.cols - 1
    r = board.rows - 1 - row if flip_rows else row
    c = board.cols - 1 - col if flip_cols else col
    swap = board.rows == board.cols and r > c
    moves = []
    for dr, dc in MOVES:
        if swap:
            dr, dc = dc, dr
        moves.append((-dr if flip_rows else dr, -dc if flip_cols else dc))
    return tuple(moves)
