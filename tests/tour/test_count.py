"""count_tours: exact counts, checked against published figures and the solvers."""

from __future__ import annotations

import pytest

from knight_gui.tour import Board, BoardError, Outcome, Search
from knight_gui.tour.count import CountBudgetError, count_tours


def tours_by_search(board: Board, start: int, closed: bool = False) -> int:
    """Count tours the slow way: plain backtracking to the end of the event stream."""
    return sum(1 for e in Search(board, start, "backtracking", closed=closed)
               if isinstance(e, Outcome) and e.kind == "tour")


@pytest.mark.parametrize("rows, cols, start, expected", [
    (5, 5, 0, 304),   # published: 304 directed open tours from a corner of 5x5
    (5, 5, 12, 64),   # and 64 from the centre
    (3, 4, 0, 2),
    (3, 4, 4, 4),
    (3, 4, 1, 0),
])
def test_open_counts_from_a_start_match_published_figures(rows, cols, start, expected):
    assert count_tours(Board(rows, cols), start) == expected


@pytest.mark.parametrize("rows, cols, expected", [
    (5, 5, 1728),  # published: 1728 directed open tours of 5x5 in all (OEIS A165134)
    (3, 4, 16),    # 8 undirected open tours of 3x4
    (4, 4, 0),
    (3, 3, 0),
])
def test_open_counts_over_all_starts_match_published_figures(rows, cols, expected):
    board = Board(rows, cols)
    assert sum(count_tours(board, start) for start in range(board.size)) == expected


@pytest.mark.parametrize("rows, cols, undirected", [
    (5, 6, 8),      # published closed-tour counts (Schwenk; OEIS A001230 for 6x6)
    (3, 10, 16),
    (3, 12, 176),
    (6, 6, 9862),
])
def test_closed_counts_are_twice_the_published_undirected_figures_from_any_start(rows, cols, undirected):
    # Every closed tour passes through every square, once in each direction.
    board = Board(rows, cols)
    assert count_tours(board, 0, closed=True) == 2 * undirected


def test_closed_counts_are_the_same_from_any_start_of_5x6():
    board = Board(5, 6)
    assert {count_tours(board, start, closed=True) for start in (0, 1, 7, 14, 29)} == {16}


@pytest.mark.parametrize("rows, cols, starts", [
    (3, 4, range(12)),
    (2, 3, range(6)),
    (4, 4, range(16)),
    (3, 7, [0, 3, 10]),
    (4, 5, [0]),
])
def test_open_counts_equal_the_solvers_enumeration(rows, cols, starts):
    board = Board(rows, cols)
    for start in starts:
        assert count_tours(board, start) == tours_by_search(board, start), board.name(start)


def test_one_square_board_has_one_open_tour_and_no_closed_one():
    assert count_tours(Board(1), 0) == 1
    assert count_tours(Board(1), 0, closed=True) == 0


def test_budget_raises_rather_than_giving_a_wrong_count():
    with pytest.raises(CountBudgetError) as caught:
        count_tours(Board(6), 0, max_nodes=1000)
    assert caught.value.nodes == 1000
    assert "incomplete" in str(caught.value)
    assert count_tours(Board(5), 0, max_nodes=10**6) == 304


def test_bad_arguments_are_refused():
    with pytest.raises(BoardError):
        count_tours(Board(5), 25)
    with pytest.raises(ValueError):
        count_tours(Board(5), 0, max_nodes=0)
