"""Is this path a knight's tour of this board?"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board


def tour_error(board: Board, path: Sequence[int], closed: bool = False) -> str | None:
    """None when ``path`` is a tour of ``board`` (closed if asked), else what is wrong."""
    if len(path) != board.size:
        return f"the path has {len(path)} squares; a tour of {board.dims} has {board.size}"
    seen = bytearray(board.size)
    previous = None
    for k, square in enumerate(path, 1):
        if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square < board.size:
            return f"move {k} ({square!r}) is not a square of {board.dims}"
        if seen[square]:
            return f"move {k} returns to {board.name(square)}, visited before"
        seen[square] = 1
        if previous is not None and not board.is_knight_move(previous, square):
            return f"move {k} from {board.name(previous)} to {board.name(square)} is not a knight's move"
        previous = square
    if closed and board.size > 1 and not board.is_knight_move(path[-1], path[0]):
        return (f"the last square {board.name(path[-1])} is not a knight's move from the "
                f"start {board.name(path[0])}, so the tour is not closed")
    if closed and board.size == 1:
        return "a one-square path cannot be closed"
    return None


def is_tour(board: Board, path: Sequence[int], closed: bool = False) -> bool:
    """Whether ``path`` visits every square of ``board`` once by knight moves."""
    return tour_error(board, path, closed) is None
