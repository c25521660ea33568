"""tour/validate.py: a path is a tour or the error names what is wrong, move by move."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_gui.tour import OUTCOME_TOUR, Board, Outcome, Search
from knight_gui.tour.validate import is_tour, path_error, tour_error


def first_tour(board: Board, start: int = 0, closed: bool = False) -> list[int]:
    search = Search(board, start, closed=closed)
    for event in search:
        if isinstance(event, Outcome):
            assert event.kind == OUTCOME_TOUR
            return search.path()
    raise AssertionError("no outcome")


B5 = Board(5)
TOUR5 = first_tour(B5)
B6 = Board(6)
CLOSED6 = first_tour(B6, 0, closed=True)


def test_a_tour_is_a_tour_and_a_closed_one_closed():
    assert tour_error(B5, TOUR5) is None and is_tour(B5, TOUR5)
    assert is_tour(B6, CLOSED6, closed=True) and is_tour(B6, CLOSED6)
    assert is_tour(Board(1), [0])
    assert is_tour(B5, tuple(TOUR5))  # any sequence


@pytest.mark.parametrize(("path", "error"), [
    ([], "the path has 0 squares; a tour of 5×5 has 25"),
    (TOUR5[:-1], "the path has 24 squares; a tour of 5×5 has 25"),
    (TOUR5 + [TOUR5[0]], "the path has 26 squares; a tour of 5×5 has 25"),
    ([*TOUR5[:3], 25, *TOUR5[4:]], "move 4 (25) is not a square of 5×5"),
    ([*TOUR5[:3], -1, *TOUR5[4:]], "move 4 (-1) is not a square of 5×5"),
    ([True, *TOUR5[1:]], "move 1 (True) is not a square of 5×5"),
    ([*TOUR5[:2], "7", *TOUR5[3:]], "move 3 ('7') is not a square of 5×5"),
    ([*TOUR5[:2], 7.0, *TOUR5[3:]], "move 3 (7.0) is not a square of 5×5"),
    ([*TOUR5[:5], TOUR5[3], *TOUR5[6:]], f"move 6 returns to {B5.name(TOUR5[3])}, visited before"),
])
def test_every_kind_of_bad_path_is_named(path, error):
    assert tour_error(B5, path) == error
    assert not is_tour(B5, path)


def test_a_step_that_is_no_knight_move_is_named_with_its_squares():
    path = list(TOUR5)
    path[7], path[8] = path[8], path[7]  # move 8 is two knight moves from move 7: the same colour
    assert tour_error(B5, path) == (
        f"move 8 from {B5.name(TOUR5[6])} to {B5.name(TOUR5[8])} is not a knight's move")


def test_an_open_tour_is_not_closed_and_one_square_cannot_close():
    assert not B5.is_knight_move(TOUR5[-1], TOUR5[0])  # 5×5 has no closed tour
    assert tour_error(B5, TOUR5, closed=True) == (
        f"the last square {B5.name(TOUR5[-1])} is not a knight's move from the start "
        f"{B5.name(TOUR5[0])}, so the tour is not closed")
    assert tour_error(Board(1), [0], closed=True) == "a one-square path cannot be closed"
    assert tour_error(Board(1), [0]) is None


def test_boards_without_names_say_row_and_column():
    board = Board(2, 30)
    error = tour_error(board, list(range(60)))
    assert error == "move 2 from (0,0) to (0,1) is not a knight's move"


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 23).flatmap(lambda e: st.tuples(st.just(e), st.integers(e + 1, 24))))
def test_putting_any_earlier_square_in_place_of_a_later_one_is_a_revisit(moves):
    earlier, later = moves
    path = list(TOUR5)
    path[later] = path[earlier]
    assert tour_error(B5, path) == f"move {later + 1} returns to {B5.name(path[earlier])}, visited before"


@settings(max_examples=80, deadline=None)
@given(st.permutations(range(25)))
def test_any_order_of_the_squares_is_a_tour_exactly_when_each_step_is_a_knight_move(path):
    steps_ok = all(B5.is_knight_move(a, b) for a, b in zip(path, path[1:], strict=False))
    assert is_tour(B5, path) is steps_ok
    if not steps_ok:
        assert "is not a knight's move" in tour_error(B5, path)


def test_path_error_checks_a_partial_knights_path():
    board = Board(8)
    assert path_error(board, [0, 10, 4]) is None
    assert "visited before" in path_error(board, [0, 10, 0])
    assert "not a knight's move" in path_error(board, [0, 1])
