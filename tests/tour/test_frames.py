"""Frames read from a path (a student's run): the same frames as the search's own, where it can tell."""

from __future__ import annotations

import pytest

from knight_gui.tour import Board, Outcome, Pop, Search
from knight_gui.tour.frames import ChildTracker, PathStack, children_from_history
from knight_gui.tour.history import History


@pytest.mark.parametrize(("rows", "cols", "start"), [(5, 5, 0), (5, 5, 12), (4, 5, 1), (6, 6, 7)])
def test_frames_from_the_path_are_the_classic_search_frames(rows, cols, start):
    """Classic Warnsdorff tries candidates by degree, then move order: exactly the order the frames
    list untried candidates in; its tries are followed from its events."""
    board = Board(rows, cols)
    search = Search(board, start, "classic")
    tracker = ChildTracker()
    history = History(board)
    for count, event in enumerate(search):
        tracker.apply(event)
        history.append(event)
        if isinstance(event, Outcome) or count > 3000:
            break
        stack = PathStack(board, search.path(), tracker.children)
        assert stack.depth == search.depth
        assert stack.frames() == search.frames()
        if count % 37 == 0:  # the same tries, read back from the history
            assert children_from_history(history) == tracker.children


def test_tries_older_than_the_limit_are_not_known_unless_all_are_found():
    board = Board(5)
    search = Search(board, 0, "backtracking")
    history = History(board)
    tracker = ChildTracker()
    for _ in range(2000):
        event = next(iter(search))
        tracker.apply(event)
        history.append(event)
    read = children_from_history(history, limit=50)
    for known, exact, tried in zip(read, tracker.children, history.state.tried, strict=True):
        assert known is None or known == exact
        assert len(exact) == tried
    assert None in read


def test_unknown_tries_list_the_square_above_first():
    board = Board(5)
    stack = PathStack(board, [0, 7, 14], [None, None, None])
    bottom = stack.frame(0)
    assert bottom.candidates[0][0] == 7 and bottom.next == 1
    top = stack.frame(-1)
    assert top.next == 0 and all(square not in (0, 7, 14) for square, _ in top.candidates)
    with pytest.raises(IndexError):
        stack.frame(3)


# -- found by the second pass of mutation testing (each test fails on the mutant it names) --


@pytest.mark.parametrize(("rows", "cols", "start"), [(6, 6, 15), (5, 6, 3)])
def test_frames_and_tries_after_backtracking_are_the_searchs(rows, cols, start):
    """frames.py:71 (children given, ignored) and :117 (frame 0's tries never read back from the
    history): the existing test's searches never pop, and its history check ran only at event 0."""
    board = Board(rows, cols)
    search = Search(board, start, "classic")
    tracker = ChildTracker()
    history = History(board)
    pops = 0
    for event in search:
        tracker.apply(event)
        history.append(event)
        pops += isinstance(event, Pop)
        if isinstance(event, Outcome):
            break
        stack = PathStack(board, search.path(), tracker.children)
        assert stack.frames() == search.frames()
        assert children_from_history(history) == tracker.children
    assert pops > 0  # the case the frames had not been checked in


def test_a_path_stack_without_tries_lists_each_frames_square_above_first():
    """frames.py:71 (``len(None)``) and :74 (``index + 2 < depth``: the frame below the top lost its
    known try): PathStack(board, path) with no ``children`` at all, every frame."""
    board = Board(5)
    path = [0, 7, 14, 3]
    stack = PathStack(board, path)
    for index, frame in enumerate(stack.frames()):
        if index + 1 < len(path):
            assert frame.candidates[0][0] == path[index + 1] and frame.next == 1
        else:
            assert frame.next == 0
