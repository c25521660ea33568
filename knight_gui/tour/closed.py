"""Closed knight's tours by construction: divide and conquer from base tours.

Every board that has a closed tour (Schwenk's theorem: m <= n, not both
odd, m not 1, 2 or 4, and not 3×4, 3×6 or 3×8) gets one in linear time, with
no search.  The board is cut into blocks whose closed tours are stored below
as data; joining two blocks' tours takes one move out of each and puts in two
moves across the seam, which makes one closed tour of both.  Done along a
spanning tree of the blocks, that leaves one closed tour of the board.

- The board is turned, if needed, so that its columns are even in number and
  its rows number 5 or more (or exactly 3).  The rows are cut into bands of
  6, 8 or 10 rows with at most one band of 5, 7 or 9 (the last), the columns
  into groups of 6, 8 or 10: every block is one of 18 base boards, h×w with
  5 <= h <= 10 and w in (6, 8, 10).
- A corner square of a block has only two moves inside it, so every tour of
  the block takes both: the move (0,0)-(2,1) at the top-left corner is always
  there.  The stored tours also hold (1,w-2)-(3,w-1) at the top right and
  (h-2,1)-(h-1,3) at the bottom left.  Two blocks side by side are joined by
  taking out the left one's (1,w-2)-(3,w-1) and the right one's corner move
  and putting in the two moves across the seam between their ends; a block
  and the one below it are joined the same way turned a quarter: the upper
  one's (h-2,1)-(h-1,3) and the lower one's corner move (0,0)-(1,2).  Each
  band's blocks join left to right, and the first blocks of the bands top to
  bottom.  The successor of every square is kept as one offset (the move),
  so a band's rows are copies of its blocks' rows; each block's tour runs the
  way its join needs (forwards or backwards).
- Three rows (3×n, n even >= 10): a closed tour of 3×10 or 3×12 takes
  3×4 blocks one after another; each has a path through its 12 squares that
  goes in place of the move into the board's bottom-right corner (a move
  every closed tour has) and holds the same move for the next block.

A closed tour passes through every square, so the tour from any start is the
same cycle read from that start.  One cycle is built per board (and kept for
a few boards) and rotated to the start: the first square is the start and
the last a knight's move from it.  In the spirit of Parberry (1997), who
joins structured base tours in quadrants, and Conrad, Hindrichs, Morsy and
Wegener (1994) for rectangles.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator
from functools import cache, lru_cache
from itertools import chain, pairwise
from typing import NamedTuple

from .algorithms import DEFAULT_ALGORITHM
from .board import MOVES, Board, BoardError
from .events import OUTCOME_BUDGET, OUTCOME_IMPOSSIBLE, OUTCOME_TOUR, Event, Outcome, Push
from .rules import Verdict, impossible
from .validate import is_tour

Move = tuple[int, int]

#: Closed tours of the base boards: (rows, cols) -> the tour from the top-left
#: square (0, 0), as the index in board.MOVES of each move in turn (the last
#: goes back to (0, 0)).  Those of 5..10 rows hold the moves (1,w-2)-(3,w-1)
#: and (h-2,1)-(h-1,3) the joins take out; tests/tour/test_closed.py checks it.
#: Found once by a backtracking search with those moves required.
BASES: dict[tuple[int, int], str] = {
    (3, 10): "305212164746121250361465056416",
    (3, 12): "305212113614725664752021257527466416",
    (5, 6): "341742106447021436035671330756",
    (5, 8): "2246712147461452120614360356570212456507",
    (5, 10): "25034127052114360356567121314561056542002134656507",
    (6, 6): "214165431276743217054521050346507147",
    (6, 8): "213034575212706472143577642743176341072303465607",
    (6, 10): "214643121270630563546702452121075417450502363216034656507147",
    (7, 6): "213524650702144256724712360056141345607147",
    (7, 8): "32277214346561057121343676310345650702124356571743200756",
    (7, 10): "2503441017425312067134365760143502317714541713456560712131656543274707",
    (8, 6): "243617424217703503436572503607021472434714776147",
    (8, 8): "2130343565716012143456503617713366021246430247746014300343656707",
    (8, 10): "21213435725656163217764220713165647431122705433075671453135650121713436565707147",
    (9, 6): "232567021457124563171343567071303434714561471327550707",
    (9, 8): "331764301410345003435657250360701214724345030527054714461056114460713056",
    (9, 10): "212523307636675343216713246147771425643014713070234350361465650360701212503450270565642507",
    (10, 6): "235703134346507071303434560723256724702760124343670305710557",
    (10, 8): "21303434565070712445321274165571210644116450670212446520672461210563134346560707",
    (10, 10): "32570324702422567125031705634713034346565070712130"
              "34345025656716342014647070121243436567216135670056",
}

#: A path through the 12 squares of a 3×4 block (row * 4 + col), from (0,0)
#: to (1,0), that holds the move (0,2)-(2,3), next to its bottom-right corner.
PATH_3X4: tuple[int, ...] = (0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4)


class NoClosedTour(ValueError):
    """The board has no closed tour; ``verdict`` says why (Schwenk's theorem)."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.reason)
        self.verdict = verdict


# -- the base tours as moves ---------------------------------------------------


@cache
def base_moves(rows: int, cols: int, backwards: bool = False) -> tuple[Move, ...]:
    """The move from each square of a base board (row-major) to the next of its tour.

    ``backwards``: to the previous square instead, the tour run the other way.
    """
    moves: list[Move] = [(0, 0)] * (rows * cols)
    square = 0
    for digit in BASES[(rows, cols)]:
        dr, dc = MOVES[int(digit)]
        after = square + dr * cols + dc
        if backwards:
            moves[after] = (-dr, -dc)
        else:
            moves[square] = (dr, dc)
        square = after
    return tuple(moves)


@cache
def _path_moves(backwards: bool) -> tuple[Move, ...]:
    """PATH_3X4 as moves, forwards or backwards; the last square's move is (0, 0)."""
    order = PATH_3X4[::-1] if backwards else PATH_3X4
    moves: list[Move] = [(0, 0)] * 12
    for a, b in pairwise(order):
        moves[a] = (b // 4 - a // 4, b % 4 - a % 4)
    return tuple(moves)


def _goes(moves: tuple[Move, ...], cols: int, a: Move, b: Move) -> bool:
    """Whether the block tour ``moves`` (``cols`` wide) goes from local square a to b."""
    dr, dc = moves[a[0] * cols + a[1]]
    return (a[0] + dr, a[1] + dc) == b


# -- the layout: blocks and the moves that join them ---------------------------


class _Block(NamedTuple):
    """A block at (row, col) of the upright board, h×w, and its tour's moves (key names them)."""

    row: int
    col: int
    h: int
    w: int
    key: tuple[object, ...]
    moves: tuple[Move, ...]


Link = tuple[int, int, int, int]  # the move from (r, c) goes to (r2, c2)


def even_parts(n: int) -> list[int]:
    """``n`` (even, >= 6) as a sum of 10s with at most two 6s or 8s."""
    if n <= 10:
        return [n]
    tens, rest = divmod(n, 10)
    if rest == 2:
        return [10] * (tens - 1) + [6, 6]
    if rest == 4:
        return [10] * (tens - 1) + [6, 8]
    return [10] * tens + ([rest] if rest else [])


def row_parts(n: int) -> list[int]:
    """Band heights for ``n`` rows (>= 5): even parts, and one of 5, 7 or 9 last if n is odd."""
    if not n % 2:
        return even_parts(n)
    if n <= 9:
        return [n]
    odd = 9 if n >= 15 else n - 6  # 11 = 6 + 5, 13 = 6 + 7
    return even_parts(n - odd) + [odd]


def _shift(origin: tuple[int, int], square: tuple[int, int]) -> tuple[int, int]:
    return origin[0] + square[0], origin[1] + square[1]


def _layout(rows: int, cols: int) -> tuple[list[_Block], list[Link]]:
    """Blocks and joining moves for an upright board: cols even, rows >= 5 or rows == 3."""
    if rows == 3:
        return _layout_three(cols)
    heights, widths = row_parts(rows), even_parts(cols)
    tops = [sum(heights[:i]) for i in range(len(heights))]
    lefts = [sum(widths[:j]) for j in range(len(widths))]
    flips = [[False] * len(widths) for _ in heights]
    blocks: list[_Block] = []
    links: list[Link] = []
    for i, (top, h) in enumerate(zip(tops, heights, strict=True)):
        for j, (left, w) in enumerate(zip(lefts, widths, strict=True)):
            if i or j:
                if j:  # join to the block on the left: its (1,w-2)-(3,w-1), our (0,0)-(2,1)
                    ah, aw, back = h, widths[j - 1], flips[i][j - 1]
                    a1, a2 = (1, aw - 2), (3, aw - 1)
                    b1, b2 = (2, 1), (0, 0)
                    origin_a, origin_b = (top, lefts[j - 1]), (top, left)
                else:  # join to the block above: its (h-2,1)-(h-1,3), our (0,0)-(1,2)
                    ah, aw, back = heights[i - 1], w, flips[i - 1][0]
                    a1, a2 = (ah - 2, 1), (ah - 1, 3)
                    b1, b2 = (1, 2), (0, 0)
                    origin_a, origin_b = (tops[i - 1], left), (top, left)
                forward = _goes(base_moves(ah, aw, back), aw, a1, a2)
                # our tour must run b1 -> b2 exactly when the other runs a1 -> a2
                flips[i][j] = _goes(base_moves(h, w), w, b1, b2) != forward
                g1, g2 = _shift(origin_a, a1), _shift(origin_a, a2)
                h1, h2 = _shift(origin_b, b1), _shift(origin_b, b2)
                if forward:  # a1 -> b2 ... b1 -> a2
                    links += [g1 + h2, h1 + g2]
                else:  # a2 -> b1 ... b2 -> a1
                    links += [g2 + h1, h2 + g1]
            back = flips[i][j]
            blocks.append(_Block(top, left, h, w, ("base", h, w, back), base_moves(h, w, back)))
    return blocks, links


def _layout_three(cols: int) -> tuple[list[_Block], list[Link]]:
    """3×cols (even, >= 10): a base tour of 3×10 or 3×12, then 3×4 paths spliced in."""
    width = 10 if cols % 4 == 2 else 12
    blocks = [_Block(0, 0, 3, width, ("base", 3, width, False), base_moves(3, width))]
    links: list[Link] = []
    # the move between x = (0, e-2) and y = (2, e-1), into the bottom-right corner
    forward = _goes(base_moves(3, width), width, (0, width - 2), (2, width - 1))
    for e in range(width, cols, 4):
        if forward:  # x -> (1,e) ...path backwards... (0,e) -> y
            links += [(0, e - 2, 1, e), (0, e, 2, e - 1)]
        else:  # y -> (0,e) ...path forwards... (1,e) -> x
            links += [(2, e - 1, 0, e), (1, e, 0, e - 2)]
        blocks.append(_Block(0, e, 3, 4, ("path", forward), _path_moves(forward)))
        # forwards the path goes (0,2) -> (2,3): the next x -> y
        forward = not forward
    return blocks, links


# -- the cycle -----------------------------------------------------------------


def _offsets(rows: int, cols: int) -> array[int]:
    """The offset from every square to the next on one closed tour of rows×cols."""
    turned = bool(cols % 2) or (cols == 3 and rows != 3)
    up_rows, up_cols = (cols, rows) if turned else (rows, cols)
    blocks, links = _layout(up_rows, up_cols)
    offsets = array("i", bytes(4 * rows * cols))
    pieces: dict[tuple[object, ...], list[array[int]]] = {}
    for block in blocks:
        lines = pieces.get(block.key)
        moves, h, w = block.moves, block.h, block.w
        if lines is None:
            if turned:  # the block's column c is the board's row: its moves turned over
                lines = [array("i", [dc * cols + dr for dr, dc in moves[c::w]]) for c in range(w)]
            else:
                lines = [array("i", [dr * cols + dc for dr, dc in moves[r * w:r * w + w]])
                         for r in range(h)]
            pieces[block.key] = lines
        if turned:
            first = block.col * cols + block.row
        else:
            first = block.row * cols + block.col
        for line in lines:
            offsets[first:first + len(line)] = line
            first += cols
    for r, c, r2, c2 in links:
        a, b = (c * cols + r, c2 * cols + r2) if turned else (r * cols + c, r2 * cols + c2)
        offsets[a] = b - a
    return offsets


@lru_cache(maxsize=4)
def _cycle(rows: int, cols: int) -> array[int]:
    """One closed tour of rows×cols from square 0 (kept: every start reads the same cycle)."""
    offsets = _offsets(rows, cols)
    cycle = array("i", bytes(4 * len(offsets)))
    square = 0
    for i in range(len(offsets)):
        cycle[i] = square
        square += offsets[square]
    return cycle


def _from(rows: int, cols: int, start: int) -> tuple[array[int], array[int]]:
    """The cycle of rows×cols in two pieces: from ``start`` to the end, then the rest."""
    cycle = _cycle(rows, cols)
    at = cycle.index(start)
    return cycle[at:], cycle[:at]


def _check(board: Board, start: int) -> None:
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < board.size:
        raise BoardError(f"start square {start!r} is off the {board.dims} board")


def closed_tour(rows: int, cols: int, start: int) -> list[int]:
    """A closed tour of rows×cols from ``start``: squares ``row * cols + col``, in order.

    The last square is a knight's move from the first.  NoClosedTour (a
    ValueError) when the board has none, BoardError for a bad board or start.
    """
    board = Board(rows, cols)
    _check(board, start)
    verdict = impossible(board, start, closed=True)
    if verdict is not None:
        raise NoClosedTour(verdict)
    head, tail = _from(rows, cols, start)
    path = head.tolist()
    path.extend(tail)
    return path


def open_tour(rows: int, cols: int, start: int) -> list[int] | None:
    """An open tour from ``start``, for starts a search leaves without one; None if none is found.

    Where the board has a closed tour, that tour read from ``start`` (it is
    an open tour from each of its squares).  Elsewhere (odd×odd boards,
    4×n, 3×n with n odd or < 10) ``rotation_tour``, tried with up to
    ROTATION_TRIES tie-breaks.  None also where theorems
    rule a tour out (``rules.impossible``).
    """
    board = Board(rows, cols)
    _check(board, start)
    if impossible(board, start) is not None:
        return None
    if impossible(board, start, closed=True) is None:
        return closed_tour(rows, cols, start)
    for seed in range(ROTATION_TRIES):
        path = rotation_tour(board, start, seed)
        if path is not None:
            return path
    return None


#: How many times open_tour runs rotation_tour (each with other tie-breaks) before it gives up.
ROTATION_TRIES = 64

#: The code of a tour found by ``fallback_tour`` (messages.py says it in words).
FALLBACK_CODE = "tour-fallback"


def fallback_tour(board: Board, start: int, outcome: str, algorithm: str, closed: bool) -> list[int] | None:
    """The tour that finishes a search from ``start`` ended by ``outcome``: an open search of the
    default algorithm that used up its budget is finished by ``open_tour`` (the constructed tour,
    or Warnsdorff with Pósa's rotations), reported with code FALLBACK_CODE.  None where none is
    found, and for any other search (other outcomes, closed tours, other algorithms: they show
    where they run out of budget).  Solving from every square uses it, in the window and the CLI.
    """
    if outcome != OUTCOME_BUDGET or closed or algorithm != DEFAULT_ALGORITHM:
        return None
    path = open_tour(board.rows, board.cols, start)
    return path if path is not None and is_tour(board, path) else None


def rotation_tour(board: Board, start: int, seed: int = 0,
                  max_rotations: int | None = None) -> list[int] | None:
    """An open tour from ``start`` by Warnsdorff's rule and Pósa's rotations; None if it gives up.

    The knight goes on by Warnsdorff's rule: the unvisited square with the
    fewest unvisited neighbours first, ties to the first in board.MOVES order
    (``seed`` 0) or at random (other seeds).  Stuck at the end e of the path
    p0 ... pk ... e with squares unvisited, it turns the path round one of
    e's visited neighbours pk: p0 ... pk e ... pk+1 is a path through the
    same squares from the same start, and its new end pk+1 may have an
    unvisited neighbour (the one whose has the fewest is taken).  If no
    rotation gives such an end, two rotations in a row are tried, then one
    drawn at random.  ``max_rotations`` (default: 4 per square) caps them;
    each costs a pass over part of the path.
    """
    n = board.size
    neighbours = [board.neighbours(square) for square in range(n)]
    degree = [len(squares) for squares in neighbours]
    at = [-1] * n  # index in the path, -1 while unvisited
    path = [start]
    at[start] = 0
    for u in neighbours[start]:
        degree[u] -= 1
    rng = random.Random(seed * 7919 + start)
    # Warnsdorff keys: the degree in the high bits, the tie-break (move order or random) below
    tie = [rng.randrange(1 << 20) for _ in range(n)] if seed else [0] * n
    budget = 4 * n if max_rotations is None else max_rotations
    while len(path) < n:
        end = path[-1]
        best, low = -1, 9 << 20
        for u in neighbours[end]:
            if at[u] < 0 and (degree[u] << 20) + tie[u] < low:
                best, low = u, (degree[u] << 20) + tie[u]
        if best >= 0:
            at[best] = len(path)
            path.append(best)
            for u in neighbours[best]:
                degree[u] -= 1
            continue
        if not budget:
            return None
        budget -= 1
        for k in _rotations(path, at, neighbours, degree, rng):
            path[k:] = path[:k - 1:-1]
            for i in range(k, len(path)):
                at[path[i]] = i
    return path


def _rotations(path: list[int], at: list[int], neighbours: list[list[int]], degree: list[int],
               rng: random.Random) -> list[int]:
    """The rotations to make at a stuck end: each the index of the new end (the path reversed from it)."""
    last = len(path) - 1
    ends = [at[u] + 1 for u in neighbours[path[-1]] if 0 <= at[u] < last - 1]
    if not ends:
        return []
    live = [k for k in ends if degree[path[k]]]
    if live:
        return [min(live, key=lambda k: degree[path[k]])]
    for k in ends:  # two rotations: after the first, square i of the path sits at j
        for u in neighbours[path[k]]:
            i = at[u]
            if i >= 0:
                j = i if i < k else k + last - i
                if j < last - 1:
                    k2 = j + 1
                    if degree[path[k2] if k2 < k else path[k + last - k2]]:
                        return [k, k2]
    return [rng.choice(ends)]


# -- events, for the window ----------------------------------------------------


def _outcome(kind: str, code: str, args: tuple[int | str, ...], tours: int) -> Outcome:
    """The one place this module makes an Outcome (a code of ``tour.messages`` and its arguments)."""
    return Outcome(kind, code, args, tours)


def padded_degrees(rows: int, cols: int) -> bytearray:
    """Knight moves onto the board from every square of it padded by two on each side.

    A square's count is the Warnsdorff degree of the empty board; a padding
    square's, how many board squares it is a knight's move from.  Built by
    rows: a count is (rows that dr keeps on the board) times (columns that
    dc keeps), summed over the moves.
    """
    w = cols + 4

    def fits(x: int, d: int, n: int) -> int:
        return 1 if 0 <= x - 2 + d < n else 0

    near = [fits(c, -1, cols) + fits(c, 1, cols) for c in range(w)]  # dc = ±1
    far = [fits(c, -2, cols) + fits(c, 2, cols) for c in range(w)]  # dc = ±2
    lines: dict[tuple[int, int], bytes] = {}
    out = bytearray()
    for r in range(rows + 4):
        a = fits(r, -2, rows) + fits(r, 2, rows)  # moves with dr = ±2 take dc = ±1
        b = fits(r, -1, rows) + fits(r, 1, rows)  # dr = ±1 take dc = ±2
        line = lines.get((a, b))
        if line is None:
            line = lines[(a, b)] = bytes(a * x + b * y for x, y in zip(near, far, strict=True))
        out += line
    return out


def closed_events(board: Board, start: int) -> Iterator[Event]:
    """The constructed closed tour from ``start`` as events: one Push per square, then an Outcome.

    A push's degree is the square's Warnsdorff degree when it is reached
    (its unvisited neighbours), kept incrementally as a search keeps it.  No
    pops: the construction never backtracks.  On a board with no closed tour
    the one event is an ``impossible`` Outcome.
    """
    _check(board, start)
    verdict = impossible(board, start, closed=True)
    if verdict is not None:
        yield _outcome(OUTCOME_IMPOSSIBLE, verdict.code, verdict.args, 0)
        return
    rows, cols = board.rows, board.cols
    head, tail = _from(rows, cols, start)
    deg = padded_degrees(rows, cols)
    w = cols + 4
    corner = 2 * w + 2
    d0, d1, d2, d3, d4, d5, d6, d7 = (dr * w + dc for dr, dc in MOVES)
    new = tuple.__new__
    step = 0
    for square in chain(head, tail):
        p = square + corner + 4 * (square // cols)
        deg[p + d0] -= 1
        deg[p + d1] -= 1
        deg[p + d2] -= 1
        deg[p + d3] -= 1
        deg[p + d4] -= 1
        deg[p + d5] -= 1
        deg[p + d6] -= 1
        deg[p + d7] -= 1
        step += 1
        yield new(Push, (square, step, deg[p]))
    yield _outcome(OUTCOME_TOUR, "tour", (1,), 1)
