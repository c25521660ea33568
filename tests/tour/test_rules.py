"""tour/rules.py: Schwenk's theorem and the open-tour exceptions, checked against brute force.

The brute force below knows nothing of the theorems or of the engine: it
walks every knight path on a small board (remembering the (square, visited
set) pairs that led nowhere) and says whether a tour exists.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_gui.tour.board import Board
from knight_gui.tour.rules import Verdict, closed_tour_exists, impossible, open_tour_exists

_JUMPS = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


def _neighbour_masks(rows: int, cols: int) -> list[int]:
    masks = []
    for r in range(rows):
        for c in range(cols):
            masks.append(sum(1 << ((r + dr) * cols + c + dc) for dr, dc in _JUMPS
                             if 0 <= r + dr < rows and 0 <= c + dc < cols))
    return masks


def brute_tour(rows: int, cols: int, start: int, closed: bool = False) -> bool:
    """Whether a knight's tour (closed if asked) starts on ``start``: every path tried."""
    masks = _neighbour_masks(rows, cols)
    full = (1 << (rows * cols)) - 1
    if full == 1:
        return not closed
    dead: set[tuple[int, int]] = set()

    def walk(square: int, visited: int) -> bool:
        if visited == full:
            return not closed or bool(masks[square] >> start & 1)
        if (square, visited) in dead:
            return False
        free = masks[square] & ~visited
        while free:
            bit = free & -free
            free ^= bit
            if walk(bit.bit_length() - 1, visited | bit):
                return True
        dead.add((square, visited))
        return False

    return walk(start, 1 << start)


def brute_exists(rows: int, cols: int, closed: bool) -> bool:
    """Whether the board has a tour from some square (a closed tour passes every square: try one)."""
    starts = [0] if closed else range(rows * cols)
    return any(brute_tour(rows, cols, s, closed) for s in starts)


#: Every board m x n, m <= n, of at most 24 squares: all of the exceptions up to 4×6.
SMALL = [(m, n) for m in range(1, 6) for n in range(m, 25) if m * n <= 24]


@pytest.mark.parametrize(("rows", "cols"), SMALL)
def test_schwenk_and_the_open_exceptions_agree_with_brute_force(rows, cols):
    assert closed_tour_exists(rows, cols) is brute_exists(rows, cols, closed=True)
    assert open_tour_exists(rows, cols) is brute_exists(rows, cols, closed=False)
    # The board turned a quarter is the same board.
    assert closed_tour_exists(cols, rows) is closed_tour_exists(rows, cols)
    assert open_tour_exists(cols, rows) is open_tour_exists(rows, cols)


def test_the_smallest_boards_with_a_closed_tour_have_one():
    """3×10 is the narrowest board with a closed tour (3×8 has none), found by brute force too."""
    assert closed_tour_exists(3, 10) and brute_tour(3, 10, 0, closed=True)
    assert not closed_tour_exists(3, 8)
    assert closed_tour_exists(6, 6) and closed_tour_exists(5, 6) and not closed_tour_exists(5, 5)


@pytest.mark.parametrize(("rows", "cols"), [(3, 4), (3, 5), (3, 6), (3, 7), (4, 4), (4, 5), (2, 5), (1, 4)])
@pytest.mark.parametrize("closed", [False, True])
def test_a_verdict_is_never_given_where_a_tour_exists(rows, cols, closed):
    """Per start: a start the rules rule out has no tour; on a board the rules allow, some start has."""
    board = Board(rows, cols)
    found = {start: brute_tour(rows, cols, start, closed) for start in range(board.size)}
    for start, tour in found.items():
        if impossible(board, start, closed) is not None:
            assert not tour, (rows, cols, start, closed)
    exists = closed_tour_exists(rows, cols) if closed else open_tour_exists(rows, cols)
    assert any(found.values()) is exists


def test_on_an_odd_board_no_tour_starts_on_the_minority_colour():
    board = Board(3, 7)  # 11 squares of the corners' colour, 10 of the other
    for start in range(board.size):
        verdict = impossible(board, start)
        if board.colour(start) == 1:
            assert verdict is not None and verdict.code == "open-minority-colour"
            assert verdict.args == ("3×7", 11, 10, board.name(start))
            assert not brute_tour(3, 7, start)
        else:
            assert verdict is None


@pytest.mark.parametrize(("rows", "cols"), [(4, 5), (5, 4), (4, 6)])
def test_on_4xn_a_tour_starts_exactly_on_the_outer_lines(rows, cols):
    """The two middle lines of a board 4 squares wide start no tour (brute force: 4×7 too, in 31 s)."""
    board = Board(rows, cols)
    for start in range(board.size):
        row, col = board.row_col(start)
        middle = (row if rows == 4 else col) in (1, 2)
        assert brute_tour(rows, cols, start) is not middle
        verdict = impossible(board, start)
        assert verdict == (Verdict("open-4xn-middle", (board.dims, max(rows, cols), board.name(start)))
                           if middle else None)


@pytest.mark.parametrize(("rows", "cols", "start", "closed", "code", "args"), [
    (1, 1, 0, True, "closed-one-square", ()),
    (5, 5, 0, True, "closed-odd", ("5×5", 25)),
    (2, 8, 0, True, "closed-narrow", (2,)),
    (8, 4, 0, True, "closed-narrow", (4,)),
    (3, 6, 0, True, "closed-3xn", (6,)),
    (8, 3, 0, True, "closed-3xn", (8,)),
    (1, 5, 0, False, "open-one-row", ("1×5",)),
    (7, 2, 0, False, "open-two-rows", ("7×2",)),
    (3, 3, 0, False, "open-3x3", ()),
    (5, 3, 0, False, "open-small", ("5×3",)),
    (4, 4, 5, False, "open-small", ("4×4",)),
    (5, 5, 1, False, "open-minority-colour", ("5×5", 13, 12, "b5")),
    (4, 9, 10, False, "open-4xn-middle", ("4×9", 9, "b3")),
])
def test_each_exception_is_named_with_its_numbers(rows, cols, start, closed, code, args):
    verdict = impossible(Board(rows, cols), start, closed)
    assert verdict == Verdict(code, args)
    assert verdict.message.code == code and verdict.message.args == args
    reason = verdict.reason
    assert reason and not re.search(r"%\d|%n", reason)  # every placeholder filled in
    for arg in args:
        assert str(arg) in reason


def test_boards_with_tours_get_no_verdict():
    assert impossible(Board(1), 0) is None  # the one-square tour
    assert impossible(Board(8), 0) is None and impossible(Board(8), 0, closed=True) is None
    assert impossible(Board(3, 4), 0) is None and impossible(Board(5, 5), 0) is None
    assert impossible(Board(3, 10), 7, closed=True) is None


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 60), st.integers(1, 60), st.data(), st.booleans())
def test_a_verdict_is_given_exactly_where_the_theorems_say_no(rows, cols, data, closed):
    board = Board(rows, cols)
    start = data.draw(st.integers(0, board.size - 1))
    verdict = impossible(board, start, closed)
    if closed:
        assert (verdict is None) is closed_tour_exists(rows, cols)
    elif not open_tour_exists(rows, cols):
        assert verdict is not None
    else:
        minority = board.size % 2 == 1 and board.colour(start) == 1
        row, col = board.row_col(start)
        middle = (rows == 4 and row in (1, 2)) or (cols == 4 and col in (1, 2))
        assert (verdict is None) is not (minority or middle)
    turned = impossible(Board(cols, rows), (start % cols) * rows + start // cols, closed)
    assert (turned is None) is (verdict is None)
