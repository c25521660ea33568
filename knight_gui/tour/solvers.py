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
check; degrees are updated incrementally on every push and pop.  The stack
itself is flat: the path, the move number of every visited square and each
frame's count of tried candidates, in typed arrays.  A frame's candidates are
a function of the squares visited up to it, so they are computed when needed
(for the top frame when the knight returns to it; for ``frame(i)`` from the
move numbers) instead of being stored for every frame.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, NamedTuple

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
#: rule goes to the fixed move order (board.MOVES).  Under ``roth`` and
#: ``lookahead`` that order is first mirrored (and on a square board turned)
#: as the board would be to bring the start into its top-left eighth, so
#: mirror-image starts give mirror-image tours.  ``lookahead`` (the default)
#: looks one move further before Roth's distance, at the degrees of each tied
#: candidate's own free onward squares (the second level Pohl broke ties at):
#: the candidate whose largest such degree is least first, then the one whose
#: least such degree is least.  Over every start of every n x n board,
#: n = 5..30, it pops 27,420 times, at most 4,199 from one start (22 x 22,
#: l12); Roth's distance alone pops 1.84 million times (1.83 million from four
#: 7 x 7 starts, d6 and its mirror images, 457,138 each), the fixed order
#: alone 4.3 million.
TIE_BREAKS: dict[str, str] = {
    "fixed": "the fixed move order (-2,+1), (-1,+2), (+1,+2), (+2,+1), (+2,-1), (+1,-2), (-1,-2), (-2,-1)",
    "roth": "the square farthest from the board's centre first (Arnd Roth); "
            "ties left go to the fixed order mirrored to the start's corner",
    "pohl": "the smallest sum of the degrees of the square's own onward squares first (Ira Pohl)",
    "lookahead": "looking one move further, the square whose onward squares' largest, then least, degree "
                 "is least first; then Roth's rule",
}

DEFAULT_ALGORITHM = "warnsdorff"
DEFAULT_TIE_BREAK = "lookahead"
#: Algorithms that take ties in the fixed move order whatever the tie-break asked.
FIXED_ORDER = ("classic", "backtracking")


def tie_break_used(algorithm: str, tie_break: str | None = None) -> str:
    """The tie-break a search of ``algorithm`` uses when ``tie_break`` is asked (None: the default)."""
    if algorithm in FIXED_ORDER:
        return "fixed"
    return tie_break or DEFAULT_TIE_BREAK
#: Tie-breaks that take the fixed order mirrored to the start's corner, and Roth's keys.
_MIRRORED = ("roth", "lookahead")

_TIME_CHECK_EVERY = 1024  # a seconds budget is checked every 1024 pushes
_NO_LIMIT = 1 << 62
_NONE = 1 << 62  # larger than any candidate key: no candidate

# A candidate's sort key is (degree, tie key, move index) packed in one int;
# the degree is ``key >> _SHIFT[tie]`` and the move index ``key & 7``.  The
# tie key of ``roth`` is Roth's key (23 bits, times 8) plus the move; that of
# ``lookahead`` is ``_XN`` (the largest and the least onward degree, 4 bits
# each) above Roth's.
_SHIFT = {"fixed": 3, "roth": 26, "pohl": 10, "lookahead": 34}


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
            tie_break = tie_break_used(algorithm)
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
        self.pops = 0
        self.tours = 0
        self.dead_ends = 0
        self.outcome: Outcome | None = None
        self._max_depth = 0  # the deepest stack popped so far; max_depth adds the live one
        self._resume = resume
        w = self._width = board.cols + 4
        self._ordered = algorithm != "backtracking"
        self._tie = tie_break if self._ordered else "fixed"
        self._moves = _oriented_moves(board, start) if self._tie in _MIRRORED else MOVES
        self._deltas = _deltas(w, self._moves)
        # The explicit stack: padded squares and how many candidates each
        # frame has tried.  ``_step`` holds the move number of every visited
        # square, so any frame's candidates can be worked out again.
        self._path = array("i")
        self._tried = bytearray()
        self._events: Iterator[Event] | None = None
        self._verdict = impossible(board, start, closed)
        if self._verdict is None:
            self._prepare()

    # -- counters --------------------------------------------------------------

    @property
    def pushes(self) -> int:
        """Squares pushed so far: every push not popped is on the stack."""
        return self.pops + len(self._path)

    @property
    def max_depth(self) -> int:
        """The deepest the stack has been."""
        depth = len(self._path)
        return depth if depth > self._max_depth else self._max_depth

    # -- reading the stack ---------------------------------------------------

    @property
    def depth(self) -> int:
        """Frames on the stack: the length of the current path."""
        return len(self._path)

    def _ext(self, p: int) -> int:
        w = self._width
        return (p // w - 2) * self.board.cols + p % w - 2

    def _pad(self, square: int) -> int:
        cols = self.board.cols
        return (square // cols + 2) * self._width + square % cols + 2

    def path(self) -> list[int]:
        """The squares on the stack, bottom first."""
        w, cols = self._width, self.board.cols
        return [(p // w - 2) * cols + p % w - 2 for p in self._path]

    def frame(self, index: int) -> Frame:
        """Frame ``index`` (0 = bottom, -1 = top) as it stands now."""
        depth = len(self._path)
        if index < 0:
            index += depth
        if not 0 <= index < depth:
            raise IndexError(f"frame {index} is not on a stack of {depth} frames")
        p = self._path[index]
        d = self._deltas
        ext = self._ext
        shift = _SHIFT[self._tie]
        cands = tuple((ext(p + d[k & 7]), k >> shift) for k in self._keys_at(index))
        return Frame(ext(p), index + 1, cands, self._tried[index])

    def frames(self) -> list[Frame]:
        """Every frame, bottom first (prefer ``frame`` for a deep stack)."""
        return [self.frame(i) for i in range(len(self._path))]

    def snapshot(self) -> Snapshot:
        """The state between two events, to resume from later."""
        return Snapshot(tuple(self.path()), tuple(self._tried), self.pushes, self.pops,
                        self.tours, self.max_depth, self.dead_ends)

    def _keys_at(self, index: int) -> list[int]:
        """The candidate keys of frame ``index``, in try order, as they were when it was pushed.

        A square counted as free then if it is unvisited now or was visited
        after the frame's move.  This is the general twin of the candidate
        code generated by ``_search_function``: the same keys, in the same order.
        """
        vis, step_of, d = self._vis, self._step, self._deltas
        path = self._path
        p = path[index]
        step = index + 1
        live = step == len(path)  # the top frame: the board is as it was then
        deg = self._deg
        degrees: dict[int, int] = {}

        def degree(u: int) -> int:
            """Free squares a knight's move from the free square u, then."""
            if live:
                return deg[u]
            g = degrees.get(u)
            if g is None:
                g = 0
                for e in d:
                    if not vis[u + e] or step_of[u + e] > step:
                        g += 1
                degrees[u] = g
            return g

        last = cut = False
        near: set[int] = set()
        if self.closed:
            s = path[0]
            near = {s + e for e in d}
            ends = sum(1 for u in near if not vis[u] or step_of[u] > step)
            n = self.board.size
            last = step + 1 == n
            cut = ends == 1 and step + 1 < n
        tie = self._tie
        tkeys = self._tkeys
        keys = []
        for i, dd in enumerate(d):
            t = p + dd
            if vis[t] and step_of[t] <= step:
                continue
            if (cut and t in near) or (last and t not in near):
                continue
            g = degree(t)
            if tie == "fixed":
                keys.append((g << 3) + i)
            elif tie == "roth":
                keys.append((g << 26) + tkeys[t] + i)  # type: ignore[index]
            else:
                total = seen = 0
                for e in d:
                    u = t + e
                    if not vis[u] or step_of[u] > step:
                        h = degree(u)
                        total += h
                        seen |= 1 << h
                if tie == "lookahead":
                    keys.append((g << 34) + _XN[seen] + tkeys[t] + i)  # type: ignore[index]
                else:
                    keys.append((((g << 7) + total) << 3) + i)
        if self._ordered:
            keys.sort()
        return keys

    # -- the search ----------------------------------------------------------

    def __iter__(self) -> Iterator[Event]:
        if self._events is None:
            self._events = self._run()
        return self._events

    def __next__(self) -> Event:
        return next(iter(self))

    def _finish(self, kind: str, code: str, *args: int | str) -> Outcome:
        self.outcome = Outcome(kind, code, args, self.tours)
        return self.outcome

    def _tour(self) -> Outcome:
        self.tours += 1
        return self._finish(OUTCOME_TOUR, "tour", self.tours)

    def _budget(self, nodes: bool) -> Outcome:
        if nodes:
            return self._finish(OUTCOME_BUDGET, "budget-nodes", self.max_nodes or 0)
        return self._finish(OUTCOME_BUDGET, "budget-seconds", f"{self.max_seconds:g}")

    def _stuck(self) -> Outcome:
        depth = len(self._path)
        return self._finish(OUTCOME_STUCK, "stuck", depth, self.board.name(self._ext(self._path[-1])))

    def _exhausted(self) -> Outcome:
        board = self.board
        if self.tours:
            return self._finish(OUTCOME_NO_TOUR, "exhausted-after-tours", self.tours, board.name(self.start))
        return self._finish(OUTCOME_NO_TOUR, "exhausted", board.name(self.start), board.dims)

    def _prepare(self) -> None:
        """Build the padded board; replay a snapshot if resuming."""
        board = self.board
        vis_template, deg_template = _padded(board.rows, board.cols)
        self._vis = bytearray(vis_template)
        self._deg = bytearray(deg_template)
        self._step = array("i", bytes(4 * len(vis_template)))
        self._tkeys = _roth_keys(board.rows, board.cols) if self._tie in _MIRRORED else None
        self._near = None  # closed tours: 1 on the squares next to the start
        if self.closed:
            near = self._near = bytearray(len(vis_template))
            start_p = self._pad(self.start)
            for dd in self._deltas:
                near[start_p + dd] = 1
        resume = self._resume
        if resume is None:
            return
        if not resume.path or resume.path[0] != self.start:
            raise ValueError("the snapshot is of a search from another start")
        if len(resume.tried) != len(resume.path) or resume.pushes - resume.pops != len(resume.path):
            raise ValueError("the snapshot is inconsistent: pushes - pops must equal its path length")
        vis, deg, step_of, d = self._vis, self._deg, self._step, self._deltas
        previous = None
        for step, sq in enumerate(resume.path, 1):
            if not 0 <= sq < board.size:
                raise ValueError(f"the snapshot's square {sq} is off the {board.dims} board")
            p = self._pad(sq)
            if vis[p] or (previous is not None and p - previous not in d):
                raise ValueError("the snapshot's path is not a knight's path")
            vis[p] = 1
            step_of[p] = step
            for dd in d:
                if not vis[p + dd]:
                    deg[p + dd] -= 1
            previous = p
            self._path.append(p)
        self._tried = bytearray(resume.tried)
        self.pops, self.tours, self.dead_ends = resume.pops, resume.tours, resume.dead_ends
        self._max_depth = resume.max_depth

    def _run(self) -> Iterator[Event]:
        """The event generator: the compiled search loop itself, so events pass through one frame."""
        if self._verdict is not None:
            return self._impossible()
        board = self.board
        run = _search_function(self._width, self._moves, self._ordered, self._tie, self.closed,
                               self.algorithm == "greedy")
        limit = self.max_nodes if self.max_nodes is not None else _NO_LIMIT
        path = self._path
        ends = 0  # closed tours: the unvisited squares next to the start
        if self.closed:
            start_p = self._pad(self.start)
            ends = sum(1 for dd in self._deltas if not self._vis[start_p + dd])
        if not path:
            return run(self, self._vis, self._deg, self._step, path, self._tried, self._tkeys, self._near,
                       board.size, self._pad(self.start), 0, 0, 0, ends, limit, self.max_seconds, None)
        # Resuming: the top frame's candidates (the board is as it was when it was pushed).
        keys = self._keys_at(len(path) - 1)
        return run(self, self._vis, self._deg, self._step, path, self._tried, self._tkeys, self._near,
                   board.size, path[-1], len(path), self._tried[-1], self.pops, ends, limit,
                   self.max_seconds, keys)

    def _impossible(self) -> Iterator[Event]:
        verdict = self._verdict
        assert verdict is not None
        yield self._finish(OUTCOME_IMPOSSIBLE, verdict.code, *verdict.args)


@lru_cache(maxsize=64)
def _deltas(w: int, moves: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The knight's moves as offsets on a padded board of width w, in the order of ``moves``."""
    return tuple(dr * w + dc for dr, dc in moves)


def _oriented_moves(board: Board, start: int) -> tuple[tuple[int, int], ...]:
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


@lru_cache(maxsize=8)
def _padded(rows: int, cols: int) -> tuple[bytes, bytes]:
    """Visited flags and degrees of an empty board padded by two on every side.

    The degrees are summed for all squares at once: the free squares as the
    bytes of one big integer, shifted by each knight move (no square has
    more than 8, so no byte carries into the next).
    """
    w = cols + 4
    size = (rows + 4) * w
    vis = bytearray(b"\x01") * size
    empty = bytes(cols)
    for r in range(rows):
        base = (r + 2) * w + 2
        vis[base:base + cols] = empty
    free = int.from_bytes(bytes(vis).translate(_NOT), "little")
    total = 0
    for dr, dc in MOVES:
        dd = dr * w + dc
        total += free >> (8 * dd) if dd > 0 else free << (-8 * dd)
    deg = total.to_bytes(size + 3 * w, "little")[:size]
    return bytes(vis), deg


_NOT = bytes([1, 0]) + bytes(254)  # translate table: 0 <-> 1

# The look-ahead's key by the set of degrees of a square's free onward squares
# (bit d set: some onward square has degree d): the largest degree then the
# least, each plus one (0: no onward square), above the 26 bits of Roth's key.
_XN = tuple((((seen.bit_length() << 4) + (seen & -seen).bit_length()) << 26) for seen in range(512))


@lru_cache(maxsize=8)
def _roth_keys(rows: int, cols: int) -> array[int]:
    """Roth's tie keys per padded square, times 8: smaller is farther from the centre."""
    w = cols + 4
    far = (rows - 1) ** 2 + (cols - 1) ** 2
    across = [(2 * c - cols + 1) ** 2 for c in range(cols)]
    keys = array("i", bytes(4 * 2 * w))
    pad = array("i", bytes(4 * 4))
    for r in range(rows):
        rest = far - (2 * r - rows + 1) ** 2
        keys.extend(pad[:2])
        keys.extend([(rest - a) << 3 for a in across])
        keys.extend(pad[:2])
    keys.extend(array("i", bytes(4 * 2 * w)))
    return keys


@lru_cache(maxsize=64)
def _search_function(w: int, moves: tuple[tuple[int, int], ...], ordered: bool, tie: str, closed: bool,
                     greedy: bool) -> Any:
    """Compile the search loop for one board width, move order and mode.

    The eight knight moves are unrolled with the deltas as constants: this
    code runs once per push and pop.  Entering a square visits it and lowers
    the degrees of its unvisited neighbours; the ordered algorithms keep the
    smallest candidate key on the way (``best``; ``keys`` is None for such a
    fresh frame), plain backtracking scans the moves in order from ``m``.
    Leaving undoes the visit.  When the knight returns to a frame its
    candidates are listed again (sorted, into ``keys``): the board is then as
    it was when the frame was pushed.  Pushes are ``pops + depth``.
    """
    deltas = [dr * w + dc for dr, dc in moves]
    shift = _SHIFT[tie]
    lines: list[str] = []

    def emit(indent: int, *code: str) -> None:
        lines.extend(" " * indent + line for line in code)

    def ext(v: str) -> str:
        return f"({v} - {2 * w - 6} - 4 * ({v} // {w}))"

    def plus(v: str, dd: int) -> str:
        return f"{v} + {dd}" if dd >= 0 else f"{v} - {-dd}"

    def key(i: int, u: str) -> str:
        tail = f" + {i}" if i else ""
        if tie == "fixed":
            return f"(g << 3){tail}"
        if tie == "roth":
            return f"(g << {shift}) + tk[{u}]{tail}"
        if tie == "lookahead":  # after onward(u)
            return f"(g << {shift}) + XN[seen] + tk[{u}]{tail}"
        total = " + ".join(f"(0 if vis[{plus(u, e)}] else deg[{plus(u, e)}])" for e in deltas)
        return f"(((g << 7) + {total}) << 3){tail}"

    def onward(indent: int, u: str, back: int) -> None:
        """Look-ahead: a bit for the degree of each of u's free onward squares, into seen.

        ``u + back`` is the square u is a candidate of, visited: no need to look.
        """
        emit(indent, "seen = 0")
        for e in deltas:
            if e != back:
                emit(indent, f"if not vis[x := {plus(u, e)}]:", "    seen |= 1 << deg[x]")

    def closed_flags(indent: int) -> None:
        if closed:
            emit(indent, "last = depth + 1 == n", "cut = ends == 1 and depth + 1 < n")

    def keep(u: str) -> str:
        return f"not ((cut and near[{u}]) or (last and not near[{u}]))"

    def enter(indent: int, p: str) -> None:
        """Visit p (depth already counts it) and find its first candidate.

        Ordered: the smallest candidate key into ``best``.  Plain: the index
        of the first candidate move into ``m`` (the moves run backwards, so
        the last one assigned is the first).
        """
        emit(indent, f"vis[{p}] = 1", f"step_of[{p}] = depth")
        if closed:
            emit(indent, f"if near[{p}]:", "    ends -= 1")
            closed_flags(indent)
        if tie == "lookahead" and ordered:
            enter_lookahead(indent, p)
            return
        emit(indent, "best = NONE" if ordered else "m = 8")
        order = list(enumerate(deltas))
        if not ordered:
            order.reverse()
        for i, dd in order:
            emit(indent, f"u = {plus(p, dd)}", "if not vis[u]:", "    g = deg[u] - 1", "    deg[u] = g")
            inner = indent + 4
            if closed:
                emit(inner, f"if {keep('u')}:")
                inner += 4
            if ordered:
                emit(inner, f"k = {key(i, 'u')}", "if k < best:", "    best = k")
            else:
                emit(inner, f"m = {i}")

    def enter_lookahead(indent: int, p: str) -> None:
        """The look-ahead's ordered ``enter``: the least degree first; the tie key only on a tie.

        ``best`` is the move alone when one candidate has the least degree,
        else the least tie key (``key`` without the degree): only its move is
        read, and the push reports ``deg[t]``.  The onward squares of a
        candidate are two knight's moves from p, so visiting p leaves their
        degrees as they were: the second pass sees the keys the first would.
        """
        emit(indent, "best = NONE", "low = 9", "tie = 0")  # tie: a bit per candidate of the least degree
        for i, dd in enumerate(deltas):
            emit(indent, f"u = {plus(p, dd)}", "if not vis[u]:", "    g = deg[u] - 1", "    deg[u] = g")
            inner = indent + 4
            if closed:
                emit(inner, f"if {keep('u')}:")
                inner += 4
            emit(inner, "if g < low:", "    low = g", f"    best = {i}", f"    tie = {1 << i}",
                 "elif g == low:", f"    tie |= {1 << i}")
        emit(indent, "if tie & (tie - 1):", "    best = NONE")  # two candidates or more
        for i, dd in enumerate(deltas):
            emit(indent + 4, f"if tie & {1 << i}:", f"    u = {plus(p, dd)}")
            onward(indent + 8, "u", -dd)
            emit(indent + 8, f"k = XN[seen] + tk[u]{f' + {i}' if i else ''}", "if k < best:", "    best = k")

    def relist(indent: int, p: str) -> None:
        """The sorted candidate keys of p, the top frame, into ``keys``."""
        closed_flags(indent)
        emit(indent, "keys = []")
        for i, dd in enumerate(deltas):
            emit(indent, f"u = {plus(p, dd)}", "if not vis[u]:", "    g = deg[u]")
            if tie == "lookahead":
                inner = indent + 4
                if closed:
                    emit(inner, f"if {keep('u')}:")
                    inner += 4
                onward(inner, "u", -dd)
                emit(inner, f"keys.append({key(i, 'u')})")
            elif closed:
                emit(indent + 4, f"if {keep('u')}:", f"    keys.append({key(i, 'u')})")
            else:
                emit(indent + 4, f"keys.append({key(i, 'u')})")
        emit(indent, "keys.sort()")

    def leave(indent: int, p: str) -> None:
        for dd in deltas:
            emit(indent, f"if not vis[{plus(p, dd)}]:", f"    deg[{plus(p, dd)}] += 1")
        emit(indent, f"vis[{p}] = 0")
        if closed:
            emit(indent, f"if near[{p}]:", "    ends += 1")

    def scan(indent: int, p: str) -> None:
        """Plain backtracking: m becomes the index of p's next candidate move from m on, or 8."""
        closed_flags(indent)
        for i, dd in enumerate(deltas):
            word = "if" if i == 0 else "elif"
            cond = f"m <= {i} and not vis[{plus(p, dd)}]"
            if closed:
                cond = f"m <= {i} and not vis[u := {plus(p, dd)}] and {keep('u')}"
            emit(indent, f"{word} {cond}:", f"    m = {i}")
        emit(indent, "else:", "    m = 8")

    def pop_and_report(indent: int, reason: str, tried: str) -> None:
        """Leave p, yield the pop, and make the frame below the top (or stop)."""
        leave(indent, "p")
        emit(indent, "path.pop()", "tried.pop()", "pops += 1", "S.pops = pops",
             "if depth > deepest:", "    deepest = depth", "    S._max_depth = depth",
             f"yield new(Pop, ({ext('p')}, depth, {reason}, {tried}))",
             "depth -= 1", "if not depth:", "    break", "child = p", "p = path[-1]", "j = tried[-1]")
        if ordered:
            relist(indent, "p")
        else:
            emit(indent, "m = index_of[child - p] + 1")
            scan(indent, "p")

    emit(0, "def run(S, vis, deg, step_of, path, tried, tk, near, n, p, depth, j, pops, ends,",
         "        limit, seconds, keys, new=tuple.__new__, Push=Push, Pop=Pop, perf=perf_counter,",
         "        XN=XN, NEXT_TOUR=NEXT_TOUR, EXHAUSTED=EXHAUSTED, CUT_OFF=CUT_OFF, DEAD_END=DEAD_END,",
         f"        NONE={_NONE}, D={tuple(deltas)!r}, index_of={ {dd: i for i, dd in enumerate(deltas)}!r}):")
    emit(4, "deadline = None if seconds is None else perf() + seconds", f"every = {_TIME_CHECK_EVERY}",
         "check = limit if deadline is None else min(limit, pops + depth + every)",
         "deepest = S._max_depth")
    emit(4, "if keys is None:")  # a fresh search: push the start
    emit(8, "depth = 1")
    enter(8, "p")
    emit(8, "path.append(p)", "tried.append(0)", f"yield new(Push, ({ext('p')}, 1, deg[p]))")
    if not ordered:
        emit(4, "else:", "    m = 0 if not j else (keys[j - 1] & 7) + 1 if j <= len(keys) else 8",
             "    keys = None")
        scan(8, "p")
    emit(4, "while True:")
    emit(8, "if depth == n:")
    emit(12, "yield S._tour()", "S.outcome = None")
    if greedy:  # it never goes back: its one tour ends the search (no pop to look for another)
        emit(12, "return")
    pop_and_report(12, "NEXT_TOUR", "0")
    emit(12, "continue")
    if ordered:
        emit(8, "if keys is None:", "    v = best", "elif j < len(keys):", "    v = keys[j]", "else:",
             "    v = NONE", "if v < NONE:")
    else:
        emit(8, "if m < 8:")
    emit(12, "if pops + depth >= check:",
         "    if pops + depth >= limit:", "        yield S._budget(True)", "        return",
         "    if perf() > deadline:", "        yield S._budget(False)", "        return",
         "    check = min(limit, pops + depth + every)")
    emit(12, "j += 1", "tried[depth - 1] = j")
    emit(12, "t = p + D[v & 7]" if ordered else "t = p + D[m]")
    emit(12, "depth += 1")
    enter(12, "t")
    emit(12, "path.append(t)", "tried.append(0)", "p = t", "j = 0")
    if ordered:
        # the look-ahead's fresh frames keep only the move in best (no tie) or the tie key
        degree = "deg[t]" if tie == "lookahead" else f"v >> {shift}"
        emit(12, "keys = None", f"yield new(Push, ({ext('t')}, depth, {degree}))")
    else:
        emit(12, f"yield new(Push, ({ext('t')}, depth, deg[t]))")
    emit(12, "continue")
    if greedy:
        emit(8, "yield S._stuck()", "return")
    else:
        emit(8, "if j:", "    reason = EXHAUSTED", "elif deg[p]:", "    reason = CUT_OFF", "else:",
             "    reason = DEAD_END", "    S.dead_ends += 1")
        pop_and_report(8, "reason", "j")
    emit(4, "yield S._exhausted()")
    namespace: dict[str, Any] = {
        "Push": Push, "Pop": Pop, "perf_counter": time.perf_counter,
        "XN": _XN, "NEXT_TOUR": PopReason.NEXT_TOUR, "EXHAUSTED": PopReason.EXHAUSTED,
        "CUT_OFF": PopReason.CUT_OFF, "DEAD_END": PopReason.DEAD_END,
    }
    source = "\n".join(lines)
    exec(compile(source, f"<search {w} {'ordered' if ordered else 'plain'} {tie} "
                 f"{'closed' if closed else 'open'}{' greedy' if greedy else ''}>", "exec"), namespace)
    return namespace["run"]
