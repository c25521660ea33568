"""When a tour cannot exist, decided before searching, with the reason.

Closed tours: Schwenk's theorem (1991).  An m x n board, m <= n, has a closed
knight's tour unless (a) m and n are both odd, (b) m is 1, 2 or 4, or (c)
m is 3 and n is 4, 6 or 8.

Open tours: an m x n board, m <= n, has an open tour unless m is 1 or 2
(but 1x1, the one-square tour), m is 3 and n is 3, 5 or 6, or m = n = 4
(Cull and De Curtins 1978; Conrad et al. 1994).  A tour alternates colours,
so on a board with an odd number of squares it must start (and end) on the
majority colour, the colour of the corner.
"""

from __future__ import annotations

from typing import NamedTuple

from .board import Board


class Verdict(NamedTuple):
    """Why no tour exists: ``code`` for programs and translators, ``reason`` for people."""

    code: str
    reason: str


def closed_tour_exists(rows: int, cols: int) -> bool:
    """Schwenk's theorem: whether a rows x cols board has a closed tour."""
    m, n = sorted((rows, cols))
    return not ((m % 2 and n % 2) or m in (1, 2, 4) or (m == 3 and n in (4, 6, 8)))


def open_tour_exists(rows: int, cols: int) -> bool:
    """Whether a rows x cols board has an open tour from some square."""
    m, n = sorted((rows, cols))
    if m == 1:
        return n == 1
    if m == 2:
        return False
    if m == 3:
        return n not in (3, 5, 6)
    if m == 4:
        return n != 4
    return True


def impossible(board: Board, start: int, closed: bool = False) -> Verdict | None:
    """A Verdict when theorems rule out a tour from ``start``; None when one may exist."""
    m, n = sorted((board.rows, board.cols))
    dims = board.dims
    if closed:
        if m == 1 and n == 1:
            return Verdict("closed-one-square",
                           "a closed tour needs a last move back to the start, and a 1×1 board has no moves")
        if m % 2 and n % 2:
            return Verdict("closed-odd",
                           f"{dims} has an odd number of squares ({board.size}); a closed tour "
                           "alternates colours, so it needs as many squares of each colour "
                           "(Schwenk's theorem)")
        if m in (1, 2, 4):
            return Verdict("closed-narrow",
                           f"no board with {m} rows or columns has a closed tour "
                           "(Schwenk's theorem)")
        if m == 3 and n in (4, 6, 8):
            return Verdict("closed-3xn",
                           f"3×{n} boards have no closed tour (Schwenk's theorem: 3×4, 3×6 "
                           "and 3×8 are the exceptions among 3-row boards)")
        return None
    if m == 1 and n > 1:
        return Verdict("open-one-row",
                       f"on {dims} every knight move leaves the board, so the knight cannot move at all")
    if m == 2:
        return Verdict("open-two-rows",
                       f"a board with 2 rows or columns splits into short chains a knight "
                       f"cannot join, so {dims} has no tour")
    if m == 3 and n == 3:
        return Verdict("open-3x3", "the centre of 3×3 is not a knight's move from any square")
    if (m == 3 and n in (5, 6)) or (m == 4 and n == 4):
        return Verdict("open-small",
                       f"{dims} has no knight's tour from any square (Cull and De Curtins; "
                       "Conrad et al.)")
    if board.size % 2 and board.colour(start) != 0:
        return Verdict("open-minority-colour",
                       f"{dims} has {board.size // 2 + 1} squares of the corners' colour and "
                       f"{board.size // 2} of the other; a tour alternates colours, so it must "
                       f"start on the corners' colour and {board.name(start)} is not")
    return None
