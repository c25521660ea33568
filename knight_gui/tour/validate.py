"""Is this path a knight's tour of this board?  If not, what is wrong, as a message."""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board
from .messages import Message


def path_problem(board: Board, path: Sequence[int]) -> Message | None:
    """None when ``path`` is a knight's path on ``board`` (squares of it, none twice), else what is wrong."""
    seen = bytearray(board.size)
    previous = None
    for k, square in enumerate(path, 1):
        if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square < board.size:
            return Message("path-not-a-square", (k, repr(square), board.dims))
        if seen[square]:
            return Message("path-revisit", (k, board.name(square)))
        seen[square] = 1
        if previous is not None and not board.is_knight_move(previous, square):
            return Message("path-not-a-move", (k, board.name(previous), board.name(square)))
        previous = square
    return None


def tour_problem(board: Board, path: Sequence[int], closed: bool = False) -> Message | None:
    """None when ``path`` is a tour of ``board`` (closed if asked), else what is wrong."""
    if len(path) != board.size:
        return Message("path-length", (len(path), board.dims, board.size))
    problem = path_problem(board, path)
    if problem is not None:
        return problem
    if closed and board.size == 1:
        return Message("path-one-square-closed")
    if closed and not board.is_knight_move(path[-1], path[0]):
        return Message("path-not-closed", (board.name(path[-1]), board.name(path[0])))
    return None


def tour_error(board: Board, path: Sequence[int], closed: bool = False) -> str | None:
    """``tour_problem`` in English words."""
    problem = tour_problem(board, path, closed)
    return None if problem is None else str(problem)


def path_error(board: Board, path: Sequence[int]) -> str | None:
    """``path_problem`` in English words."""
    problem = path_problem(board, path)
    return None if problem is None else str(problem)


def is_tour(board: Board, path: Sequence[int], closed: bool = False) -> bool:
    """Whether ``path`` visits every square of ``board`` once by knight moves."""
    return tour_problem(board, path, closed) is None
