"""The search: tours are valid, events replay, verdicts are right, counts exact."""

from __future__ import annotations

import itertools
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_gui.tour import (
    ALGORITHMS,
    TIE_BREAKS,
    Board,
    Outcome,
    Pop,
    PopReason,
    Push,
    Search,
    impossible,
)
from knight_gui.tour.state import TourState
from knight_gui.tour.validate import is_tour, tour_error


def run(search: Search) -> tuple[Outcome, TourState]:
    """Replay a search up to its first outcome, checking every event fits."""
    state = TourState(search.board)
    check_every_event = search.board.size <= 100  # path() costs O(depth)
    for event in search:
        state.apply(event)
        if check_every_event:
            assert state.path == search.path()
        if isinstance(event, Outcome):
            assert state.path == search.path()
            return event, state
    raise AssertionError("the search ended without an outcome")


@pytest.mark.parametrize("start", range(64))
def test_default_solver_tours_8x8_from_every_start_without_a_pop(start):
    board = Board(8)
    outcome, state = run(Search(board, start))
    assert outcome.kind == "tour"
    assert is_tour(board, state.path)
    assert state.pops == 0 and state.pushes == 64


@pytest.mark.parametrize("n", [5, 6, 7, 9, 12, 20, 31, 50])
def test_default_solver_tours_from_the_corner_without_a_pop(n):
    board = Board(n)
    outcome, state = run(Search(board, 0))
    assert outcome.kind == "tour" and state.pops == 0
    assert is_tour(board, state.path)


@pytest.mark.parametrize("name", ["d6", "b4", "f4", "d2"])
def test_default_solver_tours_the_four_hard_7x7_starts_at_once(name):
    # Roth's distance alone, ties in the mirrored fixed order, popped 457,138
    # times from each of these four (mirror images of one another); looking
    # one move further first (the largest, then the least onward degree)
    # finds a tour without a pop.
    board = Board(7)
    start = next(sq for sq in range(board.size) if board.name(sq) == name)
    outcome, state = run(Search(board, start, max_nodes=10_000))
    assert outcome.kind == "tour" and is_tour(board, state.path)
    assert state.pops == 0


@pytest.mark.parametrize("n, name", [(7, "f6"), (5, "e3"), (10, "i9")])
def test_default_solver_tours_7x7_5x5_10x10_with_few_pops(n, name):
    # The starts that pop most under the default rule on these boards
    # (303, 1709 and 377 pops): every start of n x n, n = 5..30, now pops
    # 27,420 times in all instead of 1,837,605.
    board = Board(n)
    start = next(sq for sq in range(board.size) if board.name(sq) == name)
    outcome, state = run(Search(board, start, max_nodes=10_000))
    assert outcome.kind == "tour" and is_tour(board, state.path)
    assert state.pops < 2000


@pytest.mark.parametrize("rows, cols, start, closed", [(7, 7, 12, False), (5, 5, 14, False), (6, 6, 0, True),
                                                       (5, 6, 7, True)])
def test_default_resumes_from_a_snapshot_exactly(rows, cols, start, closed):
    # The loop breaks ties only as far as the next candidate to try, frame(i) lists
    # a lower frame's candidates from the board as it was, and resuming lists the
    # top frame's again: a resumed search must go on exactly as the first.
    board = Board(rows, cols)
    first = Search(board, start, closed=closed)
    events = iter(first)
    pops = 0
    while pops < 3:  # snapshot a stack that has been back to its frames
        pops += isinstance(next(events), Pop)
    for _ in range(20):
        next(events)
    snap = first.snapshot()
    second = Search(board, start, closed=closed, resume=snap)
    assert second.frames() == first.frames()
    for frame in first.frames()[1:]:
        assert frame.candidates == tuple(sorted(frame.candidates, key=lambda c: c[1]))
    assert list(itertools.islice(iter(second), 3000)) == list(itertools.islice(events, 3000))


def test_default_frames_report_the_degrees_pushed():
    board = Board(8)
    search = Search(board, 27)
    for event in itertools.islice(iter(search), 40):
        if isinstance(event, Push) and search.depth > 1:
            parent = search.frame(-2)
            chosen = parent.candidates[parent.next - 1]
            assert chosen == (event.square, event.degree)
            assert event.degree == min(d for _, d in parent.candidates)


def _symmetries(board: Board):
    """The board's mirror images as functions on squares (turns too on a square board)."""
    rows, cols = board.rows, board.cols
    maps = [lambda r, c: (r, c), lambda r, c: (rows - 1 - r, c), lambda r, c: (r, cols - 1 - c),
            lambda r, c: (rows - 1 - r, cols - 1 - c)]
    if rows == cols:
        maps += [lambda r, c, f=f: f(c, r) for f in list(maps)]
    return [lambda sq, f=f: board.square(*f(*board.row_col(sq))) for f in maps]


@pytest.mark.parametrize("rows, cols, start", [(8, 8, 0), (8, 8, 10), (7, 7, 2), (7, 7, 10), (5, 6, 7),
                                               (12, 12, 30), (6, 9, 4)])
def test_the_default_searches_mirror_images_of_a_start_alike(rows, cols, start):
    # Roth's ties left go to the fixed order mirrored to the start's corner: a search
    # from a mirror image of the start is a mirror image of the search (by a symmetry
    # taking the start there: a start on an axis or diagonal is its own image).
    board = Board(rows, cols)
    events = list(itertools.islice(iter(Search(board, start, max_nodes=1000)), 2000))

    def mapped(mirror):
        return [e._replace(square=mirror(e.square)) if not isinstance(e, Outcome) else e.kind
                for e in events]

    symmetries = _symmetries(board)
    for mirror in symmetries:
        image = Search(board, mirror(start), max_nodes=1000)
        got = [e if not isinstance(e, Outcome) else e.kind for e in itertools.islice(iter(image), 2000)]
        assert any(got == mapped(other) for other in symmetries if other(start) == mirror(start))


def test_classic_reproduces_the_course_programs_board_from_a8():
    board = Board(8)
    outcome, state = run(Search(board, 0, "classic"))
    assert outcome.kind == "tour"
    # The first rows of the classic program's output from (0,0): Warnsdorff,
    # ties in the fixed order (-2,+1), (-1,+2), (+1,+2), ...
    numbers = [[state.step_of[board.square(r, c)] for c in range(8)] for r in range(8)]
    assert numbers[0] == [1, 16, 27, 22, 3, 18, 47, 56]
    assert numbers[1] == [26, 23, 2, 17, 46, 57, 4, 19]


def test_backtracking_tries_moves_in_the_fixed_order_and_backtracks():
    board = Board(5)
    search = Search(board, 0, "backtracking")
    events = list(itertools.islice(iter(search), 40))
    pushes = [e for e in events if isinstance(e, Push)]
    # From a5 (0,0) the first legal move in the fixed order is (+1,+2): c4.
    assert board.name(pushes[1].square) == "c4"
    assert any(isinstance(e, Pop) for e in events)


@pytest.mark.parametrize("rows, cols, start, expected", [
    (3, 4, 0, 2),   # 16 directed open tours of 3x4 in all (published)
    (3, 4, 4, 4),
    (3, 7, 10, 0),  # d2: no tour, though no theorem says so (the middle lines of 3×4 are ruled out)
])
def test_going_on_after_a_tour_enumerates_every_tour_exactly_once(rows, cols, start, expected):
    # The fast counter (count.py) is checked against the published figures;
    # this is the small cross-check through the event stream itself.
    board = Board(rows, cols)
    search = Search(board, start, "backtracking")
    tours = set()
    for event in search:
        if isinstance(event, Outcome):
            if event.kind != "tour":
                break
            assert is_tour(board, search.path())
            tours.add(tuple(search.path()))
            assert event.tours == len(tours)
    assert len(tours) == expected
    assert search.depth == 0 and event.kind == "no-tour" and event.tours == expected


@pytest.mark.parametrize("algorithm", ["warnsdorff", "classic", "backtracking"])
def test_closed_tour_on_6x6_closes(algorithm):
    board = Board(6)
    # Plain backtracking from (3,0) closes after 13539 pushes (from (0,0) it takes 50 times longer).
    start = board.square(3, 0) if algorithm == "backtracking" else 0
    outcome, state = run(Search(board, start, algorithm, closed=True))
    assert outcome.kind == "tour"
    assert is_tour(board, state.path, closed=True)


def test_closed_pops_say_when_the_way_back_was_cut_off():
    board = Board(6)
    search = Search(board, 0, "backtracking", closed=True)
    reasons = {e.reason for e in itertools.islice(iter(search), 200000) if isinstance(e, Pop)}
    assert PopReason.CUT_OFF in reasons


@pytest.mark.parametrize("rows, cols, start, closed, code", [
    (5, 5, 1, False, "open-minority-colour"),
    (5, 5, 0, True, "closed-odd"),
    (4, 4, 0, False, "open-small"),
    (3, 3, 0, False, "open-3x3"),
    (1, 5, 0, False, "open-one-row"),
    (2, 8, 0, False, "open-two-rows"),
    (4, 9, 0, True, "closed-narrow"),
    (3, 8, 0, True, "closed-3xn"),
    (1, 1, 0, True, "closed-one-square"),
])
def test_impossible_cases_are_reported_at_once(rows, cols, start, closed, code):
    search = Search(Board(rows, cols), start, closed=closed)
    events = list(search)
    assert len(events) == 1
    assert events[0].kind == "impossible" and events[0].code == code
    assert events[0].reason


def test_one_square_board_is_a_tour():
    outcome, state = run(Search(Board(1), 0))
    assert outcome.kind == "tour" and state.path == [0]


def test_impossible_verdicts_are_never_wrong_up_to_5x5():
    """Exhaustive search finds no tour wherever the rules say none exists."""
    for rows, cols in itertools.product(range(1, 6), repeat=2):
        board = Board(rows, cols)
        for start in range(board.size):
            for closed in (False, True):
                if impossible(board, start, closed) is None:
                    continue
                assert not _has_tour_by_brute_force(board, start, closed), (rows, cols, start, closed)


def _has_tour_by_brute_force(board: Board, start: int, closed: bool) -> bool:
    """An independent search (tests only) for any tour from start.

    Plain recursion over the knight's moves.  It cuts a branch only when some
    unvisited square has too few ways in and out: every square must be
    entered, and left unless it is the last; the last square of a closed
    tour is left for the start.
    """
    n = board.size
    nbrs = [board.neighbours(sq) for sq in range(n)]
    seen = [False] * n

    def hopeless(head: int) -> bool:
        lasts = 0
        for sq in range(n):
            if not seen[sq]:
                ways = sum(1 for t in nbrs[sq] if not seen[t] or t == head)
                if closed:
                    ways += start in nbrs[sq]
                if ways < 2:
                    if ways == 0 or closed:
                        return True
                    lasts += 1
        return lasts > 1

    def go(square: int, depth: int) -> bool:
        if depth == n:
            return not closed or (n > 1 and board.is_knight_move(square, start))
        if hopeless(square):
            return False
        for nxt in nbrs[square]:
            if not seen[nxt]:
                seen[nxt] = True
                if go(nxt, depth + 1):
                    return True
                seen[nxt] = False
        return False

    seen[start] = True
    return go(start, 1)


def test_the_brute_force_finds_tours_where_there_are_some():
    assert _has_tour_by_brute_force(Board(5), 0, False)
    assert _has_tour_by_brute_force(Board(3, 4), 0, False)
    assert not _has_tour_by_brute_force(Board(3, 4), 1, False)
    assert _has_tour_by_brute_force(Board(1), 0, False)
    assert not _has_tour_by_brute_force(Board(1), 0, True)
    assert _has_tour_by_brute_force(Board(5, 6), 0, True)


def test_greedy_reports_stuck_with_the_path_reached():
    board = Board(8)
    stuck = None
    for start in range(64):
        search = Search(board, start, "greedy", "pohl")
        outcome, state = run(search)
        assert state.pops == 0
        if outcome.kind == "stuck":
            stuck = (outcome, state)
    assert stuck is not None
    outcome, state = stuck
    assert "greedy does not backtrack" in outcome.reason
    assert 0 < len(state.path) < 64


def test_node_budget_stops_the_search():
    search = Search(Board(8), 0, "backtracking", max_nodes=1000)
    outcome, state = run(search)
    assert outcome.kind == "budget"
    assert state.pushes == 1000


def test_seconds_budget_stops_the_search():
    search = Search(Board(8), 0, "backtracking", max_seconds=0.05)
    outcome, _ = run(search)
    assert outcome.kind == "budget" and "s is used up" in outcome.reason


def test_stack_frames_list_candidates_in_try_order_with_degrees():
    board = Board(8)
    search = Search(board, 0, "classic")
    next(iter(search))
    frame = search.frame(-1)
    assert frame.square == 0 and frame.step == 1 and frame.next == 0
    # From a8: c7 (1,2) and b6 (2,1), each with 5 onward squares; tie -> fixed order.
    assert frame.candidates == ((board.square(1, 2), 5), (board.square(2, 1), 5))
    push = next(iter(search))
    assert push.square == board.square(1, 2) and push.degree == 5
    assert search.frame(0).next == 1


def test_resume_from_snapshot_continues_exactly():
    board = Board(6)
    first = Search(board, 0, "backtracking")
    events = iter(first)
    for _ in range(5000):
        next(events)
    snap = first.snapshot()
    second = Search(board, 0, "backtracking", resume=snap)
    assert second.frames() == first.frames()
    assert list(itertools.islice(iter(second), 3000)) == list(itertools.islice(events, 3000))


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
@pytest.mark.parametrize("tie_break", list(TIE_BREAKS))
def test_every_algorithm_and_rule_finds_a_valid_tour_on_6x6(algorithm, tie_break):
    if algorithm in ("classic", "backtracking") and tie_break != "fixed":
        if algorithm == "classic":
            with pytest.raises(ValueError):
                Search(Board(6), 0, algorithm, tie_break)
        return
    board = Board(6)
    outcome, state = run(Search(board, 0, algorithm, tie_break))
    if outcome.kind == "tour":
        assert is_tour(board, state.path)
    else:
        assert algorithm == "greedy" and outcome.kind == "stuck"


def test_bad_arguments_are_refused():
    board = Board(8)
    with pytest.raises(ValueError, match="unknown algorithm"):
        Search(board, 0, "dfs")
    with pytest.raises(ValueError, match="unknown tie-break"):
        Search(board, 0, tie_break="random")
    with pytest.raises(ValueError):
        Search(board, 64)
    with pytest.raises(ValueError):
        Search(board, 0, "greedy", closed=True)


def test_validator_explains_what_is_wrong():
    board = Board(5)
    assert tour_error(board, [0, 7]) .startswith("the path has 2 squares")
    path = list(range(25))
    assert "not a knight's move" in tour_error(board, path)
    assert "visited before" in tour_error(board, [0, 7, 0] + list(range(22)))


def _free_degree(board: Board, square: int, visited: set[int]) -> int:
    return sum(1 for t in board.neighbours(square) if t not in visited)


@pytest.mark.parametrize("tie_break", ["roth", "lookahead", "pohl"])
@pytest.mark.parametrize("rows, cols", [(8, 8), (7, 7), (6, 9)])
def test_each_tie_break_orders_ties_as_documented(tie_break, rows, cols):
    """Along a whole search, candidates of equal degree come in the rule's order:
    roth farthest from the centre first; pohl least sum of onward degrees first; lookahead least
    largest onward degree, then least least onward degree, then Roth."""
    board = Board(rows, cols)
    search = Search(board, 0, "warnsdorff", tie_break)
    centre_r, centre_c = (rows - 1) / 2, (cols - 1) / 2

    def distance(square: int) -> float:
        r, c = board.row_col(square)
        return (r - centre_r) ** 2 + (c - centre_c) ** 2

    checked = 0
    for event in islice(search, rows * cols):
        if event.__class__ is not Push or search.depth < 1:
            continue
        frame = search.frame(search.depth - 1)
        visited = set(search.path())
        for (a, ga), (b, gb) in itertools.pairwise(frame.candidates):
            assert ga <= gb  # Warnsdorff first, whatever the tie-break
            if ga != gb:
                continue
            onward_a = [_free_degree(board, u, visited) for u in board.neighbours(a) if u not in visited]
            onward_b = [_free_degree(board, u, visited) for u in board.neighbours(b) if u not in visited]
            if tie_break == "roth":
                assert distance(a) >= distance(b)
            elif tie_break == "pohl":
                assert sum(onward_a) <= sum(onward_b)
            else:
                key_a = (max(onward_a, default=-1), min(onward_a, default=-1))
                key_b = (max(onward_b, default=-1), min(onward_b, default=-1))
                assert key_a < key_b or (key_a == key_b and distance(a) >= distance(b))
            checked += 1
    assert checked > 5


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
@pytest.mark.parametrize("tie_break", [None, *sorted(TIE_BREAKS)])
def test_tie_break_used_is_what_the_search_uses(algorithm, tie_break):
    from knight_gui.tour import tie_break_used

    try:
        search = Search(Board(5), 0, algorithm, tie_break)
    except ValueError:  # classic refuses any rule but the fixed order
        assert algorithm == "classic" and tie_break not in (None, "fixed")
        return
    # backtracking and the construction keep the tie-break asked, and never use it
    assert search.tie_break == tie_break_used(algorithm, tie_break) or (
        algorithm in ("backtracking", "construct") and search.tie_break == tie_break)


def test_the_search_is_plain_source_never_generated():
    """The loop a student reads is the loop that runs: no source is assembled and executed."""
    import ast
    from pathlib import Path

    import knight_gui.tour as tour

    for path in Path(tour.__file__).parent.glob("*.py"):
        calls = {node.func.id for node in ast.walk(ast.parse(path.read_text()))
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        assert not calls & {"exec", "eval", "compile"}, path.name


def test_a_lower_frame_is_listed_as_it_was_when_it_was_on_top():
    board = Board(6)
    search = Search(board, 0, "warnsdorff", "lookahead")
    tops = {}
    for event in itertools.islice(iter(search), 30):
        if isinstance(event, Push):
            tops[search.depth - 1] = search.frame(-1)
    assert search.depth > 20
    # read from the bottom up, then from the top down: the same frames, and the board unchanged
    assert [search.frame(i) for i in range(search.depth - 1)] == [
        tops[i]._replace(next=search.frame(i).next) for i in range(search.depth - 1)]
    assert search.frames() == list(reversed([search.frame(i) for i in reversed(range(search.depth))]))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["backtracking", "warnsdorff", "classic"]), st.integers(0, 24), st.integers(1, 3000))
def test_a_search_s_own_tries_are_those_read_along_its_path(algorithm, start, count):
    """``tried_along_path`` (for searches resumed on a path they did not search) says of a search
    that came down its path itself exactly what it has tried: each frame up to the square above it,
    the top up to its child popped last."""
    search = Search(Board(5), start, algorithm)
    popped = None
    for event in islice(search, count):
        if isinstance(event, Push):
            popped = None
        elif isinstance(event, Pop):
            popped = event.square
    if search.depth:
        assert search.tried_along_path(popped) == search.snapshot().tried


# -- found by mutation testing (each test fails on the mutant it names) ---------------------------


def test_a_node_budget_below_one_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        Search(Board(5), 0, max_nodes=0)


def test_next_on_a_search_gives_its_events_in_order():
    search = Search(Board(5), 0, "backtracking")
    assert next(search) == Push(0, 1, 2)
    assert next(search).step == 2


def test_a_snapshot_of_a_search_from_another_start_is_refused():
    # (it resumed, silently, on a path that starts elsewhere)
    board = Board(5)
    other = Search(board, 12, "backtracking")
    list(islice(other, 3))
    with pytest.raises(ValueError, match="another start"):
        Search(board, 0, "backtracking", resume=other.snapshot())
