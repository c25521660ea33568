"""Board geometry: squares as ints, names, knight moves.

A square is the int ``row * cols + col``; row 0 is printed at the top, as the
classic course programs do.  Where the board has at most 26 columns a square
also has a chess-like name: file letter then rank number, with row 0 the top
rank, so on 8x8 (0, 0) is ``a8`` and (7, 0) is ``a1``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .messages import Message, MessageError

#: The knight's eight moves as (d_row, d_col), in the fixed order of the
#: classic course programs (Htry1/Htry2): the order ``classic`` and
#: ``backtracking`` try them in.
MOVES: tuple[tuple[int, int], ...] = (
    (-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1),
)

#: Largest side accepted anywhere (window, command line, files).
MAX_SIDE = 2000
#: Largest side the window shows (its size boxes; the command line refuses larger for the window).
WINDOW_MAX_SIDE = 100

_NAME = re.compile(r"^([a-zA-Z])(\d+)$")
_PAIR = re.compile(r"^\(?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*\)?$")


class Square(NamedTuple):
    """A square as (row, col), for readable code at the edges."""

    row: int
    col: int


class BoardError(MessageError, ValueError):
    """A board size or square that does not exist; the message says why.

    ``str()`` is that line in English; ``message`` is the same as a ``Message``.
    """

class Board:
    """A rows x cols board: square numbering, names, knight moves."""

    __slots__ = ("rows", "cols", "size")

    def __init__(self, rows: int, cols: int | None = None) -> None:
        cols = rows if cols is None else cols
        for what, value in (("rows", rows), ("columns", cols)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise BoardError(f"board {what} must be a whole number, not {value!r}")
            if not 1 <= value <= MAX_SIDE:
                raise BoardError(Message(f"board-{what}-range", (MAX_SIDE, value)))
        self.rows = rows
        self.cols = cols
        self.size = rows * cols

    def __repr__(self) -> str:
        return f"Board({self.rows}, {self.cols})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (self.rows, self.cols) == (other.rows, other.cols)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols))

    @property
    def dims(self) -> str:
        """``8×8``: the size as people write it."""
        return f"{self.rows}×{self.cols}"

    def square(self, row: int, col: int) -> int:
        """The square at (row, col); BoardError if it is off the board."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise BoardError(
                f"square ({row}, {col}) is off the {self.dims} board "
                f"(rows 0..{self.rows - 1}, columns 0..{self.cols - 1})"
            )
        return row * self.cols + col

    def row_col(self, square: int) -> Square:
        """(row, col) of a square."""
        row, col = divmod(square, self.cols)
        return Square(row, col)

    def contains(self, row: int, col: int) -> bool:
        """Whether (row, col) is on the board."""
        return 0 <= row < self.rows and 0 <= col < self.cols

    @property
    def has_names(self) -> bool:
        """Whether squares have chess-like names (at most 26 columns)."""
        return self.cols <= 26

    def name(self, square: int) -> str:
        """``a8`` where the board has names, else ``(row,col)``."""
        row, col = divmod(square, self.cols)
        if self.has_names:
            return f"{chr(ord('a') + col)}{self.rows - row}"
        return f"({row},{col})"

    def label(self, square: int) -> str:
        """``a8 (0,0)``: name and coordinates, for logs and panels."""
        row, col = divmod(square, self.cols)
        if self.has_names:
            return f"{self.name(square)} ({row},{col})"
        return f"({row},{col})"

    def parse(self, text: str) -> int:
        """A square from ``a8``, ``0,0``, ``0 0`` or ``(0, 0)``."""
        text = text.strip()
        match = _NAME.match(text)
        if match:
            if not self.has_names:
                raise BoardError(
                    f"square names like {text!r} need a board of at most 26 columns; "
                    "give row and column instead"
                )
            col = ord(match.group(1).lower()) - ord("a")
            rank = int(match.group(2))
            if not (0 <= col < self.cols and 1 <= rank <= self.rows):
                raise BoardError(f"square {text!r} is off the {self.dims} board")
            return self.square(self.rows - rank, col)
        match = _PAIR.match(text)
        if match:
            return self.square(int(match.group(1)), int(match.group(2)))
        raise BoardError(
            f"{text!r} is not a square: write a name like a8 or row and column like 0,0"
        )

    def colour(self, square: int) -> int:
        """0 for the colour of (0, 0), 1 for the other."""
        row, col = divmod(square, self.cols)
        return (row + col) & 1

    def neighbours(self, square: int) -> list[int]:
        """The squares a knight reaches from ``square``, in MOVES order."""
        row, col = divmod(square, self.cols)
        rows, cols = self.rows, self.cols
        return [
            (row + dr) * cols + col + dc
            for dr, dc in MOVES
            if 0 <= row + dr < rows and 0 <= col + dc < cols
        ]

    def is_knight_move(self, a: int, b: int) -> bool:
        """Whether a knight goes from ``a`` to ``b`` in one move."""
        ra, ca = divmod(a, self.cols)
        rb, cb = divmod(b, self.cols)
        return {abs(ra - rb), abs(ca - cb)} == {1, 2}
