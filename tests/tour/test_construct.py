"""The ``construct`` algorithm: the search pushes the squares of a tour built by tour/closed.py."""

from __future__ import annotations

import pytest

from knight_gui.tour import Board, Outcome, Pop, Push, Search
from knight_gui.tour.algorithms import ALGORITHMS, BACKTRACKS, CLOSED, CONSTRUCTED, FIXED_ORDER, check
from knight_gui.tour.closed import closed_tour
from knight_gui.tour.explain import event_text, pseudocode, pseudocode_line
from knight_gui.tour.validate import tour_error


def run(search: Search) -> list:
    return list(search)


def test_the_registry_knows_the_construction():
    assert "construct" in ALGORITHMS and "construct" in CONSTRUCTED
    assert "construct" in CLOSED and "construct" not in BACKTRACKS and "construct" in FIXED_ORDER
    assert check("construct", "roth", True) == "roth"  # kept, never used
    assert check("construct", None, False) == "fixed"


@pytest.mark.parametrize(("rows", "cols"), [(6, 6), (8, 8), (5, 6), (3, 10), (7, 10), (12, 12), (6, 9)])
def test_every_start_gives_a_validated_closed_tour_with_pushes_only(rows, cols):
    board = Board(rows, cols)
    for start in range(board.size):
        search = Search(board, start, "construct", closed=True)
        events = run(search)
        assert all(isinstance(e, Push) for e in events[:-1]) and len(events) == board.size + 1
        outcome = events[-1]
        assert isinstance(outcome, Outcome) and (outcome.kind, outcome.code) == ("tour", "tour")
        path = search.path()
        assert path[0] == start and tour_error(board, path, closed=True) is None
        assert path == closed_tour(rows, cols, start)
        assert [e.square for e in events[:-1]] == path
        assert (search.pushes, search.pops, search.dead_ends, search.tours) == (board.size, 0, 0, 1)


@pytest.mark.parametrize(("rows", "cols", "start"), [(5, 5, 0), (7, 7, 10), (4, 5, 0), (3, 7, 0), (8, 8, 9)])
def test_open_searches_get_an_open_tour(rows, cols, start):
    board = Board(rows, cols)
    search = Search(board, start, "construct")
    outcome = run(search)[-1]
    assert outcome.kind == "tour"
    assert tour_error(board, search.path()) is None and search.pops == 0


@pytest.mark.parametrize(("rows", "cols", "closed", "code"), [
    (5, 5, True, "closed-odd"), (4, 8, True, "closed-narrow"), (3, 8, True, "closed-3xn"),
    (5, 5, False, "open-minority-colour"), (3, 3, False, "open-3x3"),
])
def test_no_tour_is_the_usual_impossible_outcome(rows, cols, closed, code):
    board = Board(rows, cols)
    start = 1 if code == "open-minority-colour" else 0
    events = run(Search(board, start, "construct", closed=closed))
    assert len(events) == 1 and events[0].kind == "impossible" and events[0].code == code


def test_frames_list_one_candidate_the_next_square():
    board = Board(8)
    search = Search(board, 3, "construct", closed=True)
    it = iter(search)
    for _ in range(20):
        next(it)
    tour = closed_tour(8, 8, 3)
    for i, frame in enumerate(search.frames()):
        assert frame.square == tour[i] and frame.step == i + 1
        assert [square for square, _ in frame.candidates] == [tour[i + 1]]
        assert frame.next == (1 if i < 19 else 0)


def test_snapshot_and_resume_continue_the_same_tour():
    board = Board(10, 12)
    whole = run(Search(board, 17, "construct", closed=True))
    search = Search(board, 17, "construct", closed=True)
    it = iter(search)
    head = [next(it) for _ in range(50)]
    resumed = Search(board, 17, "construct", closed=True, resume=search.snapshot())
    assert head + run(resumed) == whole
    assert resumed.pushes == board.size and resumed.pops == 0
    other = Search(board, 17, "warnsdorff", closed=True)
    it = iter(other)
    for _ in range(60):
        next(it)
    if other.path() != search.path()[:other.depth]:
        with pytest.raises(ValueError, match="constructed tour"):
            Search(board, 17, "construct", closed=True, resume=other.snapshot())


def test_a_budget_still_stops_the_construction():
    events = run(Search(Board(20), 0, "construct", closed=True, max_nodes=100))
    assert events[-1].kind == "budget" and not any(isinstance(e, Pop) for e in events)


def test_explanations_and_pseudocode():
    board = Board(6)
    search = Search(board, 0, "construct", closed=True)
    it = iter(search)
    next(it)
    push = next(it)
    text = event_text(board, push, search.frame(-2), algorithm="construct")
    assert str(text) == f"Push {board.name(push.square)} as move 2: the next square of the constructed tour"
    lines = pseudocode("construct", True)
    assert len(lines) == len(pseudocode("warnsdorff"))
    assert "constructed tour" in str(lines[pseudocode_line(push)])
    assert "joining base tours" in str(lines[0])


def test_a_big_board_is_quick():
    board = Board(100)
    search = Search(board, board.size - 1, "construct", closed=True)
    assert run(search)[-1].kind == "tour"
    assert tour_error(board, search.path(), closed=True) is None
