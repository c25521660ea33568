"""Board geometry, names and parsing."""

from __future__ import annotations

import pytest

from knight_gui.tour import MOVES, Board, BoardError


def test_names_follow_chess_with_row_zero_at_the_top():
    board = Board(8)
    assert board.name(board.square(0, 0)) == "a8"
    assert board.name(board.square(7, 0)) == "a1"
    assert board.name(board.square(7, 7)) == "h1"
    assert board.label(board.square(0, 1)) == "b8 (0,1)"


@pytest.mark.parametrize("text, rc", [("a8", (0, 0)), ("h1", (7, 7)), ("0,0", (0, 0)),
                                      ("3 4", (3, 4)), ("(7, 2)", (7, 2)), ("C6", (2, 2))])
def test_parse_accepts_names_and_pairs(text, rc):
    board = Board(8)
    assert board.row_col(board.parse(text)) == rc


@pytest.mark.parametrize("text", ["i1", "a9", "a0", "8,0", "0,-1", "e", "", "1,2,3"])
def test_parse_rejects_squares_off_the_board(text):
    with pytest.raises(BoardError):
        Board(8).parse(text)


def test_wide_boards_have_no_names():
    board = Board(3, 30)
    assert board.name(board.square(1, 27)) == "(1,27)"
    with pytest.raises(BoardError, match="26 columns"):
        board.parse("a1")


@pytest.mark.parametrize("rows, cols", [(0, 5), (5, 0), (-1, 3), (2001, 2), (2.5, 3), ("8", 8), (True, 8)])
def test_bad_sizes_are_rejected_with_a_reason(rows, cols):
    with pytest.raises(BoardError, match="board"):
        Board(rows, cols)


def test_neighbours_are_in_the_classic_order_and_on_the_board():
    board = Board(8)
    centre = board.square(4, 4)
    got = [board.row_col(s) for s in board.neighbours(centre)]
    assert got == [(4 + dr, 4 + dc) for dr, dc in MOVES]
    assert board.neighbours(board.square(0, 0)) == [board.square(1, 2), board.square(2, 1)]
    assert all(board.is_knight_move(centre, s) for s in board.neighbours(centre))
    assert not board.is_knight_move(0, 1)


# -- found by the second pass of mutation testing (each test fails on the mutant it names) --


def test_a_board_without_names_labels_squares_by_coordinates():
    """board.py:106 (deleted / None): over 26 columns a label was None ("count" says "from None")."""
    board = Board(3, 30)
    assert board.label(board.square(2, 29)) == "(2,29)"
    assert board.name(board.square(2, 29)) == "(2,29)"


def test_a_board_reads_as_its_constructor():
    """board.py:58 (deleted): repr(Board) raised TypeError (a failing test's report, a log line)."""
    assert repr(Board(8)) == "Board(8, 8)" and repr(Board(3, 30)) == "Board(3, 30)"


def test_a_square_may_be_written_with_spaces_around_it():
    """board.py:110 (``strip`` deleted): " a8 " and " 0, 0 " were not squares."""
    board = Board(8)
    assert board.parse(" a8 ") == board.parse("\ta8\n") == 0
    assert board.parse(" 7, 7 ") == board.parse("(7, 7) ") == 63
