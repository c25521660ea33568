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
    return brute_follows(rows, cols, [start], closed)


def brute_follows(rows: int, cols: int, path: list[int], closed: bool = False) -> bool:
    """Whether some tour (closed if asked) begins with ``path``: every way on tried, remembering the
    (square, visited set) pairs that led nowhere."""
    masks = _neighbour_masks(rows, cols)
    full = (1 << (rows * cols)) - 1
    start = path[0]
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

    return walk(path[-1], sum(1 << sq for sq in path))


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


# -- a path no tour can finish (cut_off) ----------------------------------------------------


def naive_cut_off(board: Board, path: list[int]):
    """The rule of ``cut_off`` counted afresh for one path (the module counts as the path grows)."""
    left = [sq for sq in range(board.size) if sq not in path]
    if len(left) < 2:
        return None
    ways = {sq: sum(1 for n in board.neighbours(sq) if n not in path) for sq in left}
    dead = sorted(sq for sq in left if ways[sq] == 0)
    if dead:
        return (dead[0],)
    ends = sorted(sq for sq in left if ways[sq] == 1 and not board.is_knight_move(path[-1], sq))
    return tuple(ends[:2]) if len(ends) >= 2 else None


def knight_path(board: Board, data, least: int = 1) -> list[int]:
    """A random knight's path on ``board``, to a random length (or until stuck)."""
    path = [data.draw(st.integers(0, board.size - 1), label="start")]
    length = data.draw(st.integers(least, board.size), label="length")
    while len(path) < length:
        moves = [n for n in board.neighbours(path[-1]) if n not in path]
        if not moves:
            break
        path.append(data.draw(st.sampled_from(moves), label="move"))
    return path


@settings(max_examples=150, deadline=None)
@given(dims=st.sampled_from([(3, 4), (3, 7), (4, 5), (4, 6), (5, 5), (6, 6), (8, 8), (5, 9)]), data=st.data())
def test_cut_offs_counted_as_the_path_grows_are_the_rule_counted_afresh(dims, data):
    from knight_gui.tour.rules import cut_off, cut_offs, first_cut

    board = Board(*dims)
    path = knight_path(board, data)
    each = [None if found is None else found.squares for found in cut_offs(board, path)]
    assert each == [naive_cut_off(board, path[:k]) for k in range(1, len(path) + 1)]
    whole = cut_off(board, path)
    assert (whole.squares if whole else None) == each[-1]
    first = first_cut(board, path)
    flagged = [k for k, found in enumerate(each, 1) if found is not None]
    assert (first[0] if first else None) == (flagged[0] if flagged else None)


@settings(max_examples=200, deadline=None)
@given(dims=st.sampled_from([(3, 4), (3, 7), (4, 5), (4, 6), (5, 5)]), data=st.data())
def test_no_tour_follows_a_path_said_to_be_cut_off(dims, data):
    """Sound: every path ``cut_off`` flags has no tour after it (brute force); most flagged paths
    are not stuck yet (the proof comes before the knight is)."""
    from knight_gui.tour.rules import cut_off

    board = Board(*dims)
    path = knight_path(board, data, least=2)
    if cut_off(board, path) is not None:
        assert not brute_follows(*dims, path)


@pytest.mark.parametrize(("dims", "start"),
                         [((5, 5), 0), ((6, 6), 7), ((8, 8), 0), ((8, 8), 27), ((7, 9), 4)])
def test_no_prefix_of_a_tour_is_cut_off(dims, start):
    from knight_gui.tour import Outcome, Search
    from knight_gui.tour.rules import cut_offs

    board = Board(*dims)
    search = Search(board, start)
    for event in search:
        if isinstance(event, Outcome):
            break
    tour = search.path()
    assert len(tour) == board.size
    assert all(found is None for found in cut_offs(board, tour))


def test_the_corner_a_student_cut_off():
    """c7 a6 b8 d7 b6 on 8×8: a8's two knight's moves, b6 and c7, are both taken (a review's path;
    "Where it went wrong" blamed move 2 on the search's budget)."""
    from knight_gui.tour.rules import first_cut

    board = Board(8)
    path = [board.parse(name) for name in ("c7", "a6", "b8", "d7", "b6")]
    found = first_cut(board, path)
    assert found is not None and found[0] == 5 and [board.name(sq) for sq in found[1].squares] == ["a8"]
    assert first_cut(board, path[:4]) is None
