"""Constructed closed tours: every one checked by the validator, on every board that has one."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knight_gui.tour import (
    MOVES,
    OUTCOME_IMPOSSIBLE,
    OUTCOME_TOUR,
    Board,
    BoardError,
    Outcome,
    Push,
    closed_tour_exists,
)
from knight_gui.tour.closed import (
    BASES,
    PATH_3X4,
    NoClosedTour,
    base_moves,
    closed_events,
    closed_tour,
    even_parts,
    open_tour,
    padded_degrees,
    rotation_tour,
    row_parts,
)
from knight_gui.tour.state import TourState
from knight_gui.tour.validate import is_tour, tour_error


def check(rows: int, cols: int, start: int) -> list[int]:
    """The constructed tour from ``start``, checked: a closed tour that starts there."""
    path = closed_tour(rows, cols, start)
    assert tour_error(Board(rows, cols), path, closed=True) is None, (rows, cols, start)
    assert path[0] == start
    return path


def starts(board: Board, count: int, seed: int) -> list[int]:
    """The four corners, the centre and ``count`` squares drawn at random."""
    rng = random.Random(seed)
    corners = [0, board.cols - 1, board.size - board.cols, board.size - 1]
    return sorted(set(corners + [board.size // 2] + [rng.randrange(board.size) for _ in range(count)]))


# -- the data ------------------------------------------------------------------


@pytest.mark.parametrize("rows, cols", sorted(BASES))
def test_base_tours_are_closed_tours_holding_the_moves_the_joins_take_out(rows, cols):
    board = Board(rows, cols)
    path = [0]
    for digit in BASES[(rows, cols)][:-1]:
        dr, dc = MOVES[int(digit)]
        path.append(path[-1] + dr * cols + dc)
    assert tour_error(board, path, closed=True) is None
    dr, dc = MOVES[int(BASES[(rows, cols)][-1])]
    assert path[-1] + dr * cols + dc == 0  # the last move goes back to the start
    moves = {frozenset(pair) for pair in zip(path, path[1:] + path[:1], strict=True)}
    if rows >= 5:
        assert frozenset((1 * cols + cols - 2, 3 * cols + cols - 1)) in moves  # top right
        assert frozenset(((rows - 2) * cols + 1, (rows - 1) * cols + 3)) in moves  # bottom left
    forward, backward = base_moves(rows, cols), base_moves(rows, cols, backwards=True)
    for square in range(board.size):
        dr, dc = forward[square]
        after = square + dr * cols + dc
        assert backward[after] == (-dr, -dc)


def test_the_3x4_path_covers_its_block_and_fits_the_splice():
    board = Board(3, 4)
    assert sorted(PATH_3X4) == list(range(12))
    assert all(board.is_knight_move(a, b) for a, b in pairwise(PATH_3X4))
    assert (PATH_3X4[0], PATH_3X4[-1]) == (0, 4)  # (0,0) and (1,0)
    i = PATH_3X4.index(2)
    assert PATH_3X4[i + 1] == 11  # (0,2) -> (2,3)


@pytest.mark.parametrize("n", range(5, 200))
def test_parts_add_up_to_base_sizes(n):
    if n % 2 == 0 and n >= 6:
        parts = even_parts(n)
        assert sum(parts) == n and all(p in (6, 8, 10) for p in parts)
    parts = row_parts(n)
    assert sum(parts) == n
    assert all(p in (6, 8, 10) for p in parts[:-1]) and 5 <= parts[-1] <= 10


# -- square boards -------------------------------------------------------------


@pytest.mark.parametrize("n", [6, 8, 10, 12, 14, 16])
def test_every_start_of_small_square_boards(n):
    for start in range(n * n):
        check(n, n, start)


@pytest.mark.parametrize("n", range(6, 61, 2))
def test_square_boards_to_60_from_sampled_starts(n):
    for start in starts(Board(n), 12, n):
        check(n, n, start)


@pytest.mark.parametrize("n", [100, 126, 250, 502])
def test_large_square_boards(n):
    for start in starts(Board(n), 2, n):
        check(n, n, start)


@pytest.mark.parametrize("rows, cols", [(1000, 3), (5, 1000), (1000, 7), (3, 998), (998, 11), (20, 1000)])
def test_long_rectangles(rows, cols):
    board = Board(rows, cols)
    for start in starts(board, 1, rows * cols):
        check(rows, cols, start)


@pytest.mark.slow
@pytest.mark.parametrize("rows, cols", [(1000, 1000), (998, 998), (1000, 998), (999, 1000)])
def test_boards_of_a_million_squares(rows, cols):
    """A few seconds each, most of it the validator's."""
    check(rows, cols, 0)
    check(rows, cols, rows * cols - 1)
    check(rows, cols, rows // 2 * cols + cols // 2 - 1)


# -- rectangles ----------------------------------------------------------------


RECTANGLES = [(m, n) for m in range(3, 41) for n in range(m, 41)]


@pytest.mark.parametrize("m", range(3, 41))
def test_every_rectangle_to_40_in_both_orientations(m):
    for n in range(m, 41):
        for rows, cols in ((m, n), (n, m)):
            board = Board(rows, cols)
            if closed_tour_exists(rows, cols):
                for start in starts(board, 3, rows * 41 + cols):
                    check(rows, cols, start)
            else:
                with pytest.raises(NoClosedTour) as error:
                    closed_tour(rows, cols, 0)
                assert "Schwenk" in str(error.value) or "odd" in str(error.value)
                path = open_tour(rows, cols, 0)  # not closed: by rotations, where a tour is found
                assert path is None or (path[0] == 0 and tour_error(board, path) is None)
                assert [e.kind for e in closed_events(board, 0)] == [OUTCOME_IMPOSSIBLE]  # type: ignore[union-attr]


@pytest.mark.parametrize("rows, cols",
                         [(3, 10), (10, 3), (3, 12), (5, 6), (6, 5), (7, 10), (9, 10), (11, 12)])
def test_every_start_of_small_rectangles(rows, cols):
    for start in range(rows * cols):
        check(rows, cols, start)


@pytest.mark.parametrize("rows, cols", [(1, 1), (2, 8), (4, 10), (3, 8), (5, 5), (7, 9), (999, 999)])
def test_refused_where_schwenk_says_none(rows, cols):
    with pytest.raises(NoClosedTour):
        closed_tour(rows, cols, 0)


def test_bad_boards_and_starts():
    with pytest.raises(BoardError):
        closed_tour(0, 8, 0)
    with pytest.raises(BoardError):
        closed_tour(8, 8, 64)
    with pytest.raises(BoardError):
        closed_tour(8, 8, -1)
    with pytest.raises(BoardError):
        list(closed_events(Board(8), 64))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 200), st.integers(1, 200), st.data())
def test_any_board_to_200(rows, cols, data):
    start = data.draw(st.integers(0, rows * cols - 1))
    if closed_tour_exists(rows, cols):
        check(rows, cols, start)
    else:
        with pytest.raises(NoClosedTour):
            closed_tour(rows, cols, start)


# -- events --------------------------------------------------------------------


def brute_degrees(board: Board, path: list[int]) -> list[int]:
    """Each square's unvisited neighbours at the moment it is reached."""
    when = {square: i for i, square in enumerate(path)}
    return [sum(1 for u in board.neighbours(s) if when[u] > i) for i, s in enumerate(path)]


@pytest.mark.parametrize("rows, cols, start", [(6, 6, 0), (8, 8, 27), (3, 14, 5), (12, 7, 40), (30, 30, 99)])
def test_events_replay_the_tour_with_warnsdorff_degrees(rows, cols, start):
    board = Board(rows, cols)
    events = list(closed_events(board, start))
    *pushes, outcome = events
    assert all(e.__class__ is Push for e in pushes)
    assert outcome.__class__ is Outcome and outcome.kind == OUTCOME_TOUR  # type: ignore[union-attr]
    path = [e.square for e in pushes]  # type: ignore[union-attr]
    assert path == closed_tour(rows, cols, start)
    assert [e.step for e in pushes] == list(range(1, board.size + 1))  # type: ignore[union-attr]
    assert [e.degree for e in pushes] == brute_degrees(board, path)  # type: ignore[union-attr]
    state = TourState(board)
    for event in events:
        state.apply(event)
    assert state.path == path and state.pops == 0 and state.tours == 1


@pytest.mark.parametrize("rows, cols", [(1, 1), (3, 3), (5, 9), (12, 17), (1, 9)])
def test_padded_degrees_count_the_moves_onto_the_board(rows, cols):
    w = cols + 4
    deg = padded_degrees(rows, cols)
    assert len(deg) == (rows + 4) * w
    for pr in range(rows + 4):
        for pc in range(w):
            count = sum(1 for dr, dc in MOVES if 0 <= pr - 2 + dr < rows and 0 <= pc - 2 + dc < cols)
            assert deg[pr * w + pc] == count


# -- open tours from the construction -----------------------------------------


@pytest.mark.parametrize("rows, cols", [(6, 6), (5, 8), (3, 10), (34, 34), (51, 52)])
def test_open_tour_reads_the_closed_tour(rows, cols):
    board = Board(rows, cols)
    for start in starts(board, 5, 1):
        path = open_tour(rows, cols, start)
        assert path is not None and path[0] == start
        assert tour_error(board, path) is None


@pytest.mark.parametrize("rows, cols", [(5, 5), (5, 7), (7, 7), (5, 9), (7, 9), (9, 9)])
def test_open_tour_from_every_start_of_small_odd_boards(rows, cols):
    """No closed tour here: Warnsdorff's rule with Pósa's rotations, from every start that can have one."""
    board = Board(rows, cols)
    for start in range(board.size):
        path = open_tour(rows, cols, start)
        if board.colour(start):  # the minority colour: no tour starts there
            assert path is None
        else:
            assert path is not None and path[0] == start
            assert tour_error(board, path) is None


@pytest.mark.parametrize("rows, cols", [(5, 39), (31, 39), (41, 41), (51, 51)])
def test_open_tour_on_larger_odd_boards(rows, cols):
    board = Board(rows, cols)
    for start in starts(board, 6, rows + cols):
        if not board.colour(start):
            path = open_tour(rows, cols, start)
            assert path is not None and path[0] == start
            assert tour_error(board, path) is None


def test_rotation_tour_keeps_its_start_and_gives_up_when_capped():
    board = Board(9, 9)
    path = rotation_tour(board, 40)
    assert path is not None and path[0] == 40 and tour_error(board, path) is None
    assert rotation_tour(Board(4, 5), 6, max_rotations=0) is None  # an inner square of 4×n: no tour
    assert open_tour(3, 3, 0) is None and open_tour(8, 2, 0) is None and open_tour(5, 5, 1) is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(5, 40), st.integers(5, 40), st.data())
def test_open_tour_on_any_board_to_40(rows, cols, data):
    board = Board(rows, cols)
    start = data.draw(st.integers(0, board.size - 1))
    path = open_tour(rows, cols, start)
    if board.size % 2 and board.colour(start):
        assert path is None
    else:
        assert path is not None and path[0] == start
        assert tour_error(board, path, closed=closed_tour_exists(rows, cols)) is None


@pytest.mark.parametrize("rows, cols, row, col", [(5, 6, 1, 2), (5, 8, 1, 1), (5, 11, 0, 0), (5, 13, 0, 4),
                                                  (5, 30, 0, 0), (5, 31, 0, 0), (51, 51, 15, 23),
                                                  (56, 56, 19, 25), (58, 58, 10, 27)])
def test_open_tour_where_the_default_search_runs_out_of_200000_pushes(rows, cols, row, col):
    """Starts measured by benchmarks/bench_open_every_square.py: the fallback gives them a tour."""
    board = Board(rows, cols)
    path = open_tour(rows, cols, board.square(row, col))
    assert path is not None and path[0] == board.square(row, col)
    assert tour_error(board, path) is None


# -- found by the second pass of mutation testing (each test fails on the mutant it names) --


def test_open_tour_leaves_a_start_the_theorems_rule_out_at_once(monkeypatch):
    """closed.py:321 (``return None`` deleted): a start with no tour went on to ROTATION_TRIES
    rotation searches, each bound to fail (the test suite ran 7 times slower)."""
    import knight_gui.tour.closed as closed

    def refuse(*args, **kwargs):
        raise AssertionError("rotation_tour tried on a start with no tour")

    monkeypatch.setattr(closed, "rotation_tour", refuse)
    assert closed.open_tour(5, 5, 1) is None  # the other colour: no tour from it
    assert closed.open_tour(3, 3, 0) is None
    assert closed.open_tour(2, 2000, 0) is None


def test_the_fallback_finishes_only_the_default_open_search_out_of_budget():
    """closed.py:345 (``algorithm != DEFAULT`` -> ``==``) and :348 (deleted): fallback_tour, which
    finishes a start of "solve --all" and of the window's every-square analysis, gave its tour to
    the wrong searches (or none at all)."""
    from knight_gui.tour.closed import fallback_tour

    board = Board(8)
    tour = fallback_tour(board, 9, "budget", "warnsdorff", False)
    assert tour is not None and tour[0] == 9 and is_tour(board, tour)
    assert fallback_tour(board, 9, "budget", "backtracking", False) is None
    assert fallback_tour(board, 9, "budget", "warnsdorff", True) is None
    assert fallback_tour(board, 9, "stuck", "warnsdorff", False) is None
    assert fallback_tour(Board(5), 1, "budget", "warnsdorff", False) is None  # no tour from there
