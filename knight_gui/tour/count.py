"""Exact counts of knight's tours from a start square, without events.

``count_tours`` is a depth-first search with an explicit stack, like the
search (``search.py``), but it yields nothing and cuts off every branch that provably holds
no tour.  A tour enters every square but the first and leaves every square but
the last, so, counting for each unvisited square the unvisited squares a
knight's move away plus the knight's own square if it is one of them:

* a square with none can never be reached: no tour below this branch;
* a square with exactly one must be the last square of the tour, and a tour
  has only one last square (for a closed tour that is a square next to the
  start, so no other square may be forced to be last);
* the knight's own neighbours with one unvisited neighbour left must be
  entered now, or they too become forced last squares.

It counts directed tours: a path and its reverse are two tours when both start
on ``start`` (which only happens for closed tours, each counted once per
direction).  It uses no theorem from ``rules`` so it can check them.

A long count can report progress and be stopped: ``progress`` is called every
``PROGRESS_EVERY`` squares entered with the number entered so far, and the
count stops with ``CountCancelled`` as soon as it returns False (a worker
thread passes ``lambda nodes: not stop.is_set()``).  ``max_nodes`` and
``max_seconds`` stop it with ``CountBudgetError``.  Every stop raises: a count
that returns is exact.  The checks cost nothing in the hot loop: the search
compares its node counter with the next node at which anything is due, one
comparison per square as with the node budget alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .board import Board, BoardError

#: Counting every tour is offered (window) and allowed without a budget (``knight-tour count``) on
#: boards of at most this many squares: the search grows exponentially; ``count_tours`` counts
#: 5x6 in about a second and 6x6 in a minute or two, but 6x8 or 8x8 would take longer than anyone
#: will wait.
COUNT_MAX_SQUARES = 36


def countable(board: Board) -> bool:
    """Whether every tour on ``board`` is counted without a budget: COUNT_MAX_SQUARES squares at most."""
    return board.size <= COUNT_MAX_SQUARES

#: Squares entered between two calls of ``progress`` (and looks at the clock
#: for ``max_seconds``), a power of two: often enough that Cancel answers at
#: once even on a slow machine, rarely enough to cost nothing measurable
#: (figures in benchmarks/README.md).
PROGRESS_EVERY = 2048


#: Boards of more squares build their knight's moves as the count reaches them (``_LazyNeighbours``)
#: instead of all before it starts: a 2000x2000 board's table alone took 21 s and 1.5 GB, whatever
#: the budget.  Below it the table is a plain list, a little faster in the count's inner loop.
LAZY_SQUARES = 1 << 16


class _LazyNeighbours(dict[int, tuple[int, ...]]):
    """The squares a knight's move from a square, computed the first time the count asks."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self._board = board

    def __missing__(self, square: int) -> tuple[int, ...]:
        moves = self[square] = tuple(self._board.neighbours(square))
        return moves


def _degrees(board: Board) -> bytearray:
    """Every square's number of knight's moves, a row at a time (rows alike are built once)."""
    rows, cols = board.rows, board.cols
    from .board import MOVES

    made: dict[tuple[int, ...], bytes] = {}
    out = bytearray()
    for r in range(rows):
        key = tuple(dr for dr, _ in MOVES if 0 <= r + dr < rows)
        row = made.get(key)
        if row is None:
            row = made[key] = bytes(sum(1 for dr, dc in MOVES if 0 <= r + dr < rows and 0 <= c + dc < cols)
                                    for c in range(cols))
        out += row
    return out


class CountBudgetError(RuntimeError):
    """The node or time budget ran out before the count was complete.

    ``partial`` is the number of tours found so far (a lower bound) and
    ``nodes`` the squares entered.  ``seconds`` is the time budget when that
    is what ran out (``nodes`` is then the squares entered until it did),
    None for a node budget.
    """

    def __init__(self, partial: int, nodes: int, seconds: float | None = None) -> None:
        budget = f"{nodes} nodes" if seconds is None else f"{seconds:g} seconds ({nodes} nodes)"
        super().__init__(f"the budget of {budget} ran out after {partial} tours; "
                         "the count is incomplete")
        self.partial = partial
        self.nodes = nodes
        self.seconds = seconds


class CountCancelled(Exception):
    """The ``progress`` hook returned False: the count stopped, incomplete.

    ``partial`` is the number of tours found so far (a lower bound) and
    ``nodes`` the squares entered.
    """

    def __init__(self, partial: int, nodes: int) -> None:
        super().__init__(f"the count was cancelled after {nodes} nodes and {partial} tours")
        self.partial = partial
        self.nodes = nodes


def count_tours(board: Board, start: int, closed: bool = False, max_nodes: int | None = None, *,
                progress: Callable[[int, int], bool] | None = None, max_seconds: float | None = None) -> int:
    """The exact number of directed tours of ``board`` from ``start``.

    With ``closed`` only tours whose last square is a knight's move from the
    start count.  ``max_nodes`` caps the squares entered and ``max_seconds``
    the time; running out raises ``CountBudgetError``.  ``progress``, if
    given, is called with the squares entered so far and the tours found so far
    every ``PROGRESS_EVERY`` squares; when it returns False the count raises ``CountCancelled`` (an
    exception it raises goes through as it is).  A stopped count never
    returns: the number returned is always exact.
    """
    n = board.size
    if not 0 <= start < n:
        raise BoardError(f"start square {start} is off the {board.dims} board")
    if max_nodes is not None and max_nodes < 1:
        raise ValueError("the node budget must be at least 1")
    if max_seconds is not None and not max_seconds > 0:
        raise ValueError("the time budget must be more than 0 seconds")
    if n == 1:
        return 0 if closed else 1
    # A closed tour is a path from the start to a copy of the start, the
    # extra node ``end`` = n: a knight's move from the start's neighbours.
    end = n if closed else -1
    adj: list[tuple[int, ...]] | _LazyNeighbours
    deg: list[int] | bytearray
    if n <= LAZY_SQUARES:
        adj = [tuple(board.neighbours(sq)) for sq in range(n)]
        if closed:
            adj.append(adj[start])
            for t in adj[start]:
                adj[t] = adj[t] + (end,)
        deg = [len(a) for a in adj]  # unvisited neighbours of each square
    else:  # a large board: neighbours as the search reaches them, so a budget bounds the set-up too
        adj = _LazyNeighbours(board)
        deg = _degrees(board)
        if closed:
            adj[end] = adj[start]
            for t in adj[start]:
                adj[t] = adj[t] + (end,)
                deg[t] += 1
            deg.append(len(adj[start]))
    total = n + 1 if closed else n
    vis = bytearray(total)
    # The one check in the hot loop: ``nodes == due``, the next node at which
    # the node budget runs out or the progress hook and the clock are due
    # (-1: never, as ``nodes`` counts from 1).
    budget_end = -1 if max_nodes is None else max_nodes + 1
    periodic = progress is not None or max_seconds is not None
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    due = PROGRESS_EVERY + 1 if periodic else budget_end
    if budget_end != -1 and budget_end < due:
        due = budget_end

    # Counters over unvisited squares: how many have degree 0 and 1.
    zeros = sum(1 for g in deg if g == 0)
    ones = sum(1 for g in deg if g == 1)
    remaining = total
    count = 0
    nodes = 0

    # The explicit stack: the square of each frame, its candidates, the next one.
    squares: list[int] = []
    cand_stack: list[list[int]] = []
    next_stack: list[int] = []

    p = start
    while True:
        # -- enter p ---------------------------------------------------------
        nodes += 1
        if nodes == due:  # p is not entered yet: nodes - 1 squares were
            if nodes == budget_end:
                raise CountBudgetError(count, max_nodes or 0)
            if progress is not None and not progress(nodes - 1, count):
                raise CountCancelled(count, nodes - 1)
            if deadline is not None and time.perf_counter() >= deadline:
                raise CountBudgetError(count, nodes - 1, max_seconds)
            due = nodes + PROGRESS_EVERY
            if budget_end != -1 and budget_end < due:
                due = budget_end
        vis[p] = 1
        remaining -= 1
        g = deg[p]
        if g == 0:
            zeros -= 1
        elif g == 1:
            ones -= 1
        for t in adj[p]:
            if not vis[t]:
                g = deg[t]
                if g == 1:
                    ones -= 1
                    zeros += 1
                elif g == 2:
                    ones += 1
                deg[t] = g - 1
        # -- the candidates of p, or none when no tour lies below ------------
        cands: list[int] = []
        if remaining <= 2:  # one or two squares left: count the ways to finish here
            for t in adj[p]:
                if not vis[t] and (remaining == 1 or t != end):
                    if remaining == 1:
                        count += 1
                    else:
                        for u in adj[t]:
                            if not vis[u] and u != t:
                                count += 1
        elif zeros == 0:
            o_adj = 0
            for t in adj[p]:
                if not vis[t] and t != end:
                    if deg[t] == 1:
                        o_adj += 1
                    cands.append(t)
            if closed:
                end_one = deg[end] == 1
                ends = ones - o_adj - end_one + 1  # forced last squares, the end included
            else:
                ends = ones - o_adj
            if ends + o_adj >= 3 or ends >= 2:
                cands = []
            elif o_adj and ends + o_adj == 2:
                cands = [t for t in cands if deg[t] == 1]
        squares.append(p)
        cand_stack.append(cands)
        next_stack.append(0)
        # -- find the next square to enter, popping exhausted frames ---------
        while True:
            cands = cand_stack[-1]
            i = next_stack[-1]
            if i < len(cands):
                next_stack[-1] = i + 1
                p = cands[i]
                break
            q = squares.pop()
            cand_stack.pop()
            next_stack.pop()
            # leave q: undo its visit
            for t in adj[q]:
                if not vis[t]:
                    g = deg[t]
                    if g == 0:
                        zeros -= 1
                        ones += 1
                    elif g == 1:
                        ones -= 1
                    deg[t] = g + 1
            g = deg[q]
            if g == 0:
                zeros += 1
            elif g == 1:
                ones += 1
            vis[q] = 0
            remaining += 1
            if not squares:
                return count
