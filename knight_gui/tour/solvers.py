"""Stepwise tour search: non-recursive generators with an explicit stack.

``Search`` walks the knight with a stack of frames, one per square of the
current path.  A frame holds the square, its candidate squares in the order
they will be tried (each with its Warnsdorff degree: the number of unvisited
squares a knight could go on to from it) and how many have been tried.
Iterating a ``Search`` yields one event per push and per pop and an
``Outcome`` when a tour is complete or the search ends; the stack can be read
between any two events (``depth``, ``frame(i)``, ``path()``).

Hot loops use a board padded with two rows and columns of permanently
visited squares on every side, so a knight move is one addition and no bounds
check; degrees are updated incrementally on every push and pop.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import NamedTuple

from .board import MOVES, Board, BoardError
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
from .rules import impossible

#: The algorithms, each with one line of description.
ALGORITHMS: dict[str, str] = {
    "warnsdorff": "Warnsdorff's rule (fewest onward moves first) with backtracking",
    "classic": "the course programs' rule: Warnsdorff, ties in fixed move order, with backtracking",
    "backtracking": "plain depth-first search in the fixed move order, no heuristic",
    "greedy": "Warnsdorff's rule without backtracking: may get stuck",
}

#: Tie-break rules for candidates of equal degree; any tie left after the
#: rule goes to the fixed move order (board.MOVES).
TIE_BREAKS: dict[str, str] = {
    "fixed": "the fixed move order (-2,+1), (-1,+2), (+1,+2), (+2,+1), (+2,-1), (+1,-2), (-1,-2), (-2,-1)",
    "roth": "the square farthest from the board's centre first (Arnd Roth)",
    "pohl": "the smallest sum of the degrees of the square's own onward squares first (Ira Pohl)",
}

DEFAULT_ALGORITHM = "warnsdorff"
DEFAULT_TIE_BREAK = "roth"

_TIME_CHECK_MASK = 1023  # a seconds budget is checked every 1024 pushes


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
    """Enough of a search to resume it exactly: see ``Search.snapshot``."""

    path: tuple[int, ...]
    tried: tuple[int, ...]
    pushes: int
    pops: int
    tours: int
    max_depth: int
    dead_ends: int


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
        if algorithm not in ALGORITHMS:
            raise ValueError(f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}")
        if tie_break is None:
            tie_break = "fixed" if algorithm in ("classic", "backtracking") else DEFAULT_TIE_BREAK
        if tie_break not in TIE_BREAKS:
            raise ValueError(f"unknown tie-break {tie_break!r}; choose one of {', '.join(TIE_BREAKS)}")
        if algorithm == "classic" and tie_break != "fixed":
            raise ValueError("the classic algorithm always breaks ties in the fixed move order")
        if not 0 <= start < board.size:
            raise BoardError(f"start square {start} is off the {board.dims} board")
        if algorithm == "greedy" and closed:
            raise ValueError("closed tours need backtracking; greedy cannot aim for one")
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
        self.pushes = 0
        self.pops = 0
        self.tours = 0
        self.max_depth = 0
        self.dead_ends = 0
        self.outcome: Outcome | None = None
        self._resume = resume
        self._width = board.cols + 4
        w = self._width
        self._deltas = tuple(dr * w + dc for dr, dc in MOVES)
        # The explicit stack: padded squares, their candidate codes (one byte
        # per candidate: degree * 8 + move index, in try order) and how many
        # candidates each frame has tried.
        self._path: list[int] = []
        self._codes: list[bytes] = []
        self._tried: list[int] = []
        self._events: Iterator[Event] | None = None
        self._verdict = impossible(board, start, closed)
        if self._verdict is None:
            self._prepare()

    # -- reading the stack ---------------------------------------------------

    @property
    def depth(self) -> int:
        """Frames on the stack: the length of the current path."""
        return len(self._path)

    def _ext(self, p: int) -> int:
        w = self._width
        return (p // w - 2) * self.board.cols + p % w - 2

    def path(self) -> list[int]:
        """The squares on the stack, bottom first."""
        ext = self._ext
        return [ext(p) for p in self._path]

    def frame(self, index: int) -> Frame:
        """Frame ``index`` (0 = bottom, -1 = top) as it stands now."""
        if index < 0:
            index += len(self._path)
        p = self._path[index]
        d = self._deltas
        ext = self._ext
        cands = tuple((ext(p + d[v & 7]), v >> 3) for v in self._codes[index])
        return Frame(ext(p), index + 1, cands, self._tried[index])

    def frames(self) -> list[Frame]:
        """Every frame, bottom first (prefer ``frame`` for a deep stack)."""
        return [self.frame(i) for i in range(len(self._path))]

    def snapshot(self) -> Snapshot:
        """The state between two events, to resume from later."""
        return Snapshot(tuple(self.path()), tuple(self._tried), self.pushes, self.pops,
                        self.tours, self.max_depth, self.dead_ends)

    # -- the search ----------------------------------------------------------

    def __iter__(self) -> Iterator[Event]:
        if self._events is None:
            self._events = self._run()
        return self._events

    def __next__(self) -> Event:
        return next(iter(self))

    def _finish(self, kind: str, reason: str, code: str) -> Outcome:
        self.outcome = Outcome(kind, reason, self.tours, code)
        return self.outcome

    def _prepare(self) -> None:
        """Build the padded board and frame functions; replay a snapshot if resuming."""
        board = self.board
        rows, cols, n = board.rows, board.cols, board.size
        w = self._width
        vis_template, deg_template = _padded(rows, cols)
        self._vis = vis = bytearray(vis_template)
        self._deg = deg = list(deg_template)
        ordered = self.algorithm != "backtracking"
        tie = self.tie_break if ordered else "fixed"
        tkeys, tmul = _roth_keys(rows, cols) if tie == "roth" else (None, 1)
        start_p = (self.start // cols + 2) * w + self.start % cols + 2
        near = bytearray(len(vis))  # closed tours: the squares next to the start
        if self.closed:
            for dd in self._deltas:
                near[start_p + dd] = 1
        open_ends = [deg[start_p]]  # unvisited squares next to the start
        self._enter, self._leave = _frame_functions(w, ordered, tie, self.closed)(
            vis, deg, self._path, self._codes, self._tried, tkeys, tmul, near, open_ends, n)
        resume = self._resume
        if resume is not None:
            if not resume.path or resume.path[0] != self.start:
                raise ValueError("the snapshot is of a search from another start")
            for sq, count in zip(resume.path, resume.tried):
                self._enter((sq // cols + 2) * w + sq % cols + 2)
                self._tried[-1] = count
            (self.pushes, self.pops, self.tours, self.max_depth, self.dead_ends) = resume[2:]

    def _run(self) -> Iterator[Event]:  # noqa: C901 - one loop, kept whole for speed
        board = self.board
        n = board.size
        if self._verdict is not None:
            yield self._finish(OUTCOME_IMPOSSIBLE, self._verdict.reason, self._verdict.code)
            return
        w = self._width
        d = self._deltas
        deg = self._deg
        greedy = self.algorithm == "greedy"
        closed = self.closed
        path, codes, tried = self._path, self._codes, self._tried
        enter, leave = self._enter, self._leave
        max_nodes = self.max_nodes
        deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        pushes = self.pushes
        new = tuple.__new__

        def ext(p: int) -> int:
            return p - 2 * w + 6 - 4 * (p // w)

        if self._resume is None:
            if max_nodes is not None and pushes >= max_nodes:
                yield self._finish(OUTCOME_BUDGET, "the node budget is used up", "budget-nodes")
                return
            start_p = (self.start // board.cols + 2) * w + self.start % board.cols + 2
            enter(start_p)
            pushes += 1
            self.pushes = pushes
            self.max_depth = max(self.max_depth, 1)
            yield Push(self.start, 1, deg[start_p])

        while path:
            depth = len(path)
            if depth == n:
                self.tours += 1
                kind = "closed tour" if closed else "tour"
                yield self._finish(OUTCOME_TOUR, f"{kind} #{self.tours} found", "tour")
                self.outcome = None
                p = leave()
                self.pops += 1
                yield Pop(ext(p), depth, PopReason.NEXT_TOUR, 0)
                continue
            code = codes[-1]
            j = tried[-1]
            if j < len(code):
                v = code[j]
                tried[-1] = j + 1
                if max_nodes is not None and pushes >= max_nodes:
                    yield self._finish(OUTCOME_BUDGET, f"the budget of {max_nodes} pushes is used up",
                                       "budget-nodes")
                    return
                if deadline is not None and not pushes & _TIME_CHECK_MASK and time.perf_counter() > deadline:
                    yield self._finish(OUTCOME_BUDGET, f"the budget of {self.max_seconds:g} s is used up",
                                       "budget-seconds")
                    return
                t = path[-1] + d[v & 7]
                enter(t)
                pushes += 1
                self.pushes = pushes
                if depth >= self.max_depth:
                    self.max_depth = depth + 1
                yield new(Push, (t - 2 * w + 6 - 4 * (t // w), depth + 1, v >> 3))
                continue
            p = path[-1]
            if greedy:
                yield self._finish(
                    OUTCOME_STUCK,
                    f"stuck on {board.name(ext(p))} after {depth} moves: no unvisited square "
                    "is a knight's move away, and greedy does not backtrack",
                    "stuck",
                )
                return
            if not code:
                if deg[p] == 0:
                    reason = PopReason.DEAD_END
                    self.dead_ends += 1
                else:
                    reason = PopReason.CUT_OFF
            else:
                reason = PopReason.EXHAUSTED
            leave()
            self.pops += 1
            yield new(Pop, (ext(p), depth, reason, j))
        if self.tours:
            yield self._finish(OUTCOME_NO_TOUR,
                               f"the search is exhausted: {self.tours} tours in all from "
                               f"{board.name(self.start)}", "exhausted-after-tours")
        else:
            yield self._finish(OUTCOME_NO_TOUR,
                               f"the search is exhausted: no {'closed ' if closed else ''}tour "
                               f"starts on {board.name(self.start)} of {board.dims}", "exhausted")


@lru_cache(maxsize=8)
def _padded(rows: int, cols: int) -> tuple[bytes, tuple[int, ...]]:
    """Visited flags and degrees of an empty board padded by two on every side."""
    w = cols + 4
    d = tuple(dr * w + dc for dr, dc in MOVES)
    vis = bytearray(b"\x01") * ((rows + 4) * w)
    for r in range(rows):
        base = (r + 2) * w + 2
        vis[base:base + cols] = bytes(cols)
    deg = [0] * len(vis)
    for r in range(rows):
        base = (r + 2) * w + 2
        for p in range(base, base + cols):
            deg[p] = sum(1 for dd in d if not vis[p + dd])
    return bytes(vis), tuple(deg)


@lru_cache(maxsize=8)
def _roth_keys(rows: int, cols: int) -> tuple[list[int], int]:
    """Roth's tie keys per padded square: smaller is farther from the centre."""
    w = cols + 4
    far = (rows - 1) ** 2 + (cols - 1) ** 2
    keys = [0] * ((rows + 4) * w)
    for r in range(rows):
        dr = (2 * r - rows + 1) ** 2
        base = (r + 2) * w + 2
        for c in range(cols):
            keys[base + c] = far - dr - (2 * c - cols + 1) ** 2
    return keys, far + 1


@lru_cache(maxsize=32)
def _frame_functions(w: int, ordered: bool, tie: str, closed: bool) -> Callable[..., tuple[
        Callable[[int], None], Callable[[], int]]]:
    """Compile ``enter(p)`` and ``leave()`` for one board width and mode.

    The eight knight moves are unrolled with the deltas as constants: the
    frame functions run once per push and pop, and this makes them about
    twice as fast as a loop.  ``enter`` visits p, updates the degrees of its
    unvisited neighbours, sorts them into try order and pushes the frame;
    ``leave`` pops the top frame and undoes all of that.
    """
    deltas = [dr * w + dc for dr, dc in MOVES]
    lines = [
        "def make(vis, deg, path, codes, tried, tkeys, tmul, near, open_ends, n):",
        "    def enter(p):",
        "        vis[p] = 1",
        "        keys = []",
    ]
    if closed:
        lines += [
            "        if near[p]:",
            "            open_ends[0] -= 1",
            "        oe = open_ends[0]",
            "        last = len(path) + 2 == n",
            "        cut = oe == 1 and len(path) + 2 < n",
        ]
    for i, dd in enumerate(deltas):
        lines += [
            f"        t = p + {dd}",
            "        if not vis[t]:",
            "            g = deg[t] - 1",
            "            deg[t] = g",
        ]
        pad = "            "
        if closed:
            lines.append(f"{pad}if not ((cut and near[t]) or (last and not near[t])):")
            pad += "    "
        if not ordered or tie == "fixed":
            key = f"(g << 3) + {i}"
        elif tie == "roth":
            key = f"((g * tmul + tkeys[t]) << 3) + {i}"
        else:  # pohl: the degrees of t's own unvisited neighbours, summed
            total = " + ".join(f"(0 if vis[t + {e}] else deg[t + {e}])" for e in deltas)
            key = f"(((g << 7) + {total}) << 3) + {i}"
        lines.append(f"{pad}keys.append({key})")
    if ordered:
        lines += ["        if len(keys) > 1:", "            keys.sort()"]
        if tie == "roth":
            lines.append("        keys = [((k >> 3) // tmul << 3) + (k & 7) for k in keys]")
        elif tie == "pohl":
            lines.append("        keys = [(k >> 10 << 3) + (k & 7) for k in keys]")
    lines += [
        "        path.append(p)",
        "        codes.append(bytes(keys))",
        "        tried.append(0)",
        "    def leave():",
        "        p = path.pop()",
        "        codes.pop()",
        "        tried.pop()",
    ]
    for dd in deltas:
        lines += [f"        if not vis[p + {dd}]:", f"            deg[p + {dd}] += 1"]
    lines.append("        vis[p] = 0")
    if closed:
        lines += ["        if near[p]:", "            open_ends[0] += 1"]
    lines += ["        return p", "    return enter, leave"]
    namespace: dict[str, object] = {}
    exec(compile("\n".join(lines), f"<frame functions {w} {ordered} {tie} {closed}>", "exec"), namespace)
    return namespace["make"]  # type: ignore[return-value]
