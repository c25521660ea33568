"""When a tour cannot exist, decided before searching, with the reason.

Closed tours: Schwenk's theorem (1991).  An m x n board, m <= n, has a closed
knight's tour unless (a) m and n are both odd, (b) m is 1, 2 or 4, or (c)
m is 3 and n is 4, 6 or 8.

Open tours: an m x n board, m <= n, has an open tour unless m is 1 or 2
(but 1x1, the one-square tour), m is 3 and n is 3, 5 or 6, or m = n = 4
(Cull and De Curtins 1978; Conrad et al. 1994).  A tour alternates colours,
so on a board with an odd number of squares it must start (and end) on the
majority colour, the colour of the corner.

On a 4 x n board a tour must start (and end) on one of the two outer lines of
n squares.  A knight's move from an outer line always lands on a middle line,
and half the squares are on the outer lines, so no two outer squares follow
each other in a tour and at most one pair of middle squares does.  A tour
from a middle square would alternate middle and outer squares all the way,
and so, as it alternates colours too, visit outer squares of one colour only;
the outer lines hold both colours.  (The same argument, closing the tour,
is the classic proof that 4 x n has no closed tour.)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .board import Board
from .messages import Message, english


class Verdict(NamedTuple):
    """Why no tour exists: ``code`` and ``args``, a message of ``tour.messages``."""

    code: str
    args: tuple[int | str, ...] = ()

    @property
    def reason(self) -> str:
        """Why, in English."""
        return english(self.code, self.args)

    @property
    def message(self) -> Message:
        """Why, as a message to word in any language."""
        return Message(self.code, self.args)


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
            return Verdict("closed-one-square")
        if m % 2 and n % 2:
            return Verdict("closed-odd", (dims, board.size))
        if m in (1, 2, 4):
            return Verdict("closed-narrow", (m,))
        if m == 3 and n in (4, 6, 8):
            return Verdict("closed-3xn", (n,))
        return None
    if m == 1 and n > 1:
        return Verdict("open-one-row", (dims,))
    if m == 2:
        return Verdict("open-two-rows", (dims,))
    if m == 3 and n == 3:
        return Verdict("open-3x3")
    if (m == 3 and n in (5, 6)) or (m == 4 and n == 4):
        return Verdict("open-small", (dims,))
    if 4 in (board.rows, board.cols) and _on_a_middle_line(board, start):  # (3×4 as well as 4×n)
        outer = board.cols if board.rows == 4 else board.rows  # the length of the two outer lines
        return Verdict("open-4xn-middle", (dims, outer, board.name(start)))
    if board.size % 2 and board.colour(start) != 0:
        return Verdict("open-minority-colour",
                       (dims, board.size // 2 + 1, board.size // 2, board.name(start)))
    return None


def _on_a_middle_line(board: Board, square: int) -> bool:
    """Whether ``square`` of a board 4 squares wide (or high) is on one of its two middle lines."""
    row, col = board.row_col(square)
    return row in (1, 2) if board.rows == 4 else col in (1, 2)


# -- a path that no tour can finish ------------------------------------------------------


class CutOff(NamedTuple):
    """Why no tour can finish a path (``cut_off``): one square no knight's move can reach any more
    (``squares`` of one), or two squares each with one way left in, which would both have to be the
    tour's last square (``squares`` of two)."""

    squares: tuple[int, ...]


def cut_offs(board: Board, path: Sequence[int]) -> Iterator[CutOff | None]:
    """For each prefix of ``path`` (its first square, its first two, ...), a proof that no tour
    finishes it, from the squares left (None: none found; a tour may still not exist).

    The knight goes on from the prefix's last square through every square left.  A square left whose
    knight's moves all lead to squares of the path can only be entered from the last square, and then
    the knight stops there: unless it is the only square left, no tour visits it.  A square left with
    one way in or out (one neighbour left, and not a knight's move from the last square) can only be
    the tour's end: two of them cannot both be.  (A knight stuck on the last square is stuck, not cut
    off: see ``PlayGame.stuck``.)  The squares' ways are counted as the path grows: a few steps a move.
    """
    ways = [len(board.neighbours(square)) for square in range(board.size)]
    visited: set[int] = set()
    zeros = {square for square in range(board.size) if ways[square] == 0}  # left, no way in
    ones = {square for square in range(board.size) if ways[square] == 1}  # left, one way
    for here in path:
        visited.add(here)
        zeros.discard(here)
        ones.discard(here)
        for square in board.neighbours(here):
            if square not in visited:
                ways[square] -= 1
                if ways[square] == 1:
                    ones.add(square)
                elif ways[square] == 0:
                    ones.discard(square)
                    zeros.add(square)
        if board.size - len(visited) < 2:
            yield None
        elif zeros:
            yield CutOff((min(zeros),))
        elif len(ones) - sum(1 for square in board.neighbours(here) if square in ones) >= 2:
            yield CutOff(tuple(sorted(sq for sq in ones if not board.is_knight_move(here, sq))[:2]))
        else:
            yield None


def cut_off(board: Board, path: Sequence[int]) -> CutOff | None:
    """A proof that no tour finishes ``path`` (None: none found): see ``cut_offs``."""
    last = None
    for last in cut_offs(board, path):  # noqa: B007 - (the last prefix's: the whole path's)
        pass
    return last


def first_cut(board: Board, path: Sequence[int]) -> tuple[int, CutOff] | None:
    """The first move of ``path`` (1-based) after which no tour can finish it, and why (None: none
    found): see ``cut_offs``."""
    for move, found in enumerate(cut_offs(board, path), 1):
        if found is not None:
            return move, found
    return None
