"""Properties of the search on random boards, starts and modes (hypothesis).

Every search runs under a node budget, so no example can hang.
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from knight_gui.tour import ALGORITHMS, TIE_BREAKS, Board, Outcome, Pop, Push, Search, impossible
from knight_gui.tour.count import count_tours
from knight_gui.tour.state import TourState
from knight_gui.tour.validate import is_tour

# No deadlines and no speed health checks: the machines that run this are shared and busy.
QUIET = [HealthCheck.too_slow, HealthCheck.filter_too_much]
FAST = settings(max_examples=100, deadline=None, suppress_health_check=QUIET)


@st.composite
def searches(draw, max_side: int = 12, min_side: int = 1, closed: bool | None = None, greedy: bool = True):
    """Arguments for a Search: board, start and a valid algorithm/tie-break/closed mix."""
    rows = draw(st.integers(min_side, max_side))
    cols = draw(st.integers(min_side, max_side))
    board = Board(rows, cols)
    start = draw(st.integers(0, board.size - 1))
    algorithms = [a for a in ALGORITHMS if greedy or a != "greedy"]
    algorithm = draw(st.sampled_from(algorithms))
    if algorithm in ("classic", "backtracking"):
        tie_break = "fixed"
    else:
        tie_break = draw(st.sampled_from(list(TIE_BREAKS)))
    if closed is None:
        closed = algorithm != "greedy" and draw(st.booleans())
    return board, start, algorithm, tie_break, closed


def replay(search: Search, limit: int, check_frames: bool = True) -> list:
    """Consume up to ``limit`` events, checking the search against a replayed TourState after each."""
    board = search.board
    state = TourState(board)
    pushed_frames = {}  # depth -> the top frame as it was right after its push
    events = []
    for event in itertools.islice(iter(search), limit):
        events.append(event)
        state.apply(event)
        path = search.path()
        assert path == state.path
        assert search.depth == len(path)
        assert search.pushes - search.pops == len(path)
        assert (search.pushes, search.pops, search.dead_ends) == (state.pushes, state.pops, state.dead_ends)
        assert search.max_depth == state.max_depth
        if isinstance(event, Push):
            top = search.frame(-1)
            assert top.next == 0
            pushed_frames[len(path)] = top
        if check_frames:
            for i, frame in enumerate(search.frames()):
                assert frame.square == path[i] and frame.step == i + 1
                assert 0 <= frame.next <= len(frame.candidates)
                for square, degree in frame.candidates:
                    assert board.is_knight_move(frame.square, square)
                    assert 0 <= degree <= 8
                if i + 1 < len(path):
                    # the square above a frame is the candidate it tried last
                    assert frame.next >= 1 and frame.candidates[frame.next - 1][0] == path[i + 1]
                if i + 1 in pushed_frames:
                    # a frame's candidates do not change while it is on the stack
                    assert frame.candidates == pushed_frames[i + 1].candidates
        if isinstance(event, Outcome) and event.kind != "tour":
            break
    return events


@FAST
@given(searches())
def test_every_tour_found_is_a_valid_tour(args):
    board, start, algorithm, tie_break, closed = args
    search = Search(board, start, algorithm, tie_break, closed, max_nodes=4000)
    tours = 0
    for event in search:
        if isinstance(event, Outcome):
            if event.kind != "tour":
                break
            assert is_tour(board, search.path(), closed)
            tours += 1
            if tours == 3:
                break


@FAST
@given(searches(max_side=7), st.integers(1, 1500))
def test_every_event_stream_replays_consistently(args, limit):
    board, start, algorithm, tie_break, closed = args
    search = Search(board, start, algorithm, tie_break, closed, max_nodes=1500)
    events = replay(search, limit, check_frames=board.size <= 36)
    assert events
    pushes = sum(1 for e in events if isinstance(e, Push))
    pops = sum(1 for e in events if isinstance(e, Pop))
    assert pushes - pops == search.depth


@settings(max_examples=40, deadline=None, suppress_health_check=QUIET)
@given(searches(max_side=12), st.integers(1, 300))
def test_frames_of_larger_boards_stay_consistent(args, limit):
    board, start, algorithm, tie_break, closed = args
    replay(Search(board, start, algorithm, tie_break, closed, max_nodes=300), limit, check_frames=True)


@FAST
@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_an_impossible_verdict_is_never_wrong(rows, cols, data):
    board = Board(rows, cols)
    start = data.draw(st.integers(0, board.size - 1))
    closed = data.draw(st.booleans())
    verdict = impossible(board, start, closed)
    events = list(itertools.islice(iter(Search(board, start, closed=closed)), 2))
    if verdict is None:
        assert isinstance(events[0], Push)
    else:
        assert len(events) == 1 and events[0].kind == "impossible" and events[0].code == verdict.code
        assert count_tours(board, start, closed) == 0  # exhaustive: no tour at all


@FAST
@given(searches(max_side=8, min_side=3), st.integers(1, 2000), st.integers(1, 300))
def test_resuming_a_snapshot_continues_exactly(args, before, after):
    board, start, algorithm, tie_break, closed = args
    first = Search(board, start, algorithm, tie_break, closed)
    events = iter(first)
    last = None
    for last in itertools.islice(events, before):
        if isinstance(last, Outcome) and last.kind != "tour":
            break
    assume(first.depth > 0)
    # Not at an outcome: a snapshot of an ended search resumes by reporting its outcome again,
    # and one taken right after a tour's outcome by reporting that tour again (documented).
    assume(not isinstance(last, Outcome))
    snap = first.snapshot()
    second = Search(board, start, algorithm, tie_break, closed, resume=snap)
    assert second.frames() == first.frames()
    assert (second.pushes, second.pops, second.depth) == (first.pushes, first.pops, first.depth)
    assert list(itertools.islice(iter(second), after)) == list(itertools.islice(events, after))
    assert second.snapshot() == first.snapshot()


@FAST
@given(st.integers(1, 14), st.integers(1, 14), st.sampled_from(list(TIE_BREAKS)), st.data())
def test_greedy_never_pops(rows, cols, tie_break, data):
    board = Board(rows, cols)
    start = data.draw(st.integers(0, board.size - 1))
    search = Search(board, start, "greedy", tie_break)
    events = list(itertools.islice(search, board.size + 2))  # all of them: a tour ends greedy's search too
    assert next(search, None) is None
    assert sum(isinstance(e, Outcome) for e in events) == 1 and isinstance(events[-1], Outcome)
    assert not any(isinstance(e, Pop) for e in events)
    assert events[-1].kind in ("tour", "stuck", "impossible")
    assert search.pops == 0 and search.pushes == search.depth
    if events[-1].kind == "tour":
        assert is_tour(board, search.path())


@settings(max_examples=80, deadline=None, suppress_health_check=QUIET)
@given(st.integers(1, 4), st.integers(1, 4), st.data())
def test_enumerating_through_events_counts_what_count_tours_counts(rows, cols, data):
    board = Board(rows, cols)
    start = data.draw(st.integers(0, board.size - 1))
    by_events = sum(1 for e in Search(board, start, "backtracking")
                    if isinstance(e, Outcome) and e.kind == "tour")
    assert by_events == count_tours(board, start)


@FAST
@given(searches(max_side=7), st.integers(1, 1500), st.data())
def test_reading_frames_never_changes_the_search(args, limit, data):
    """frame(i) takes the squares above a lower frame off the board for a moment: they must all go back."""
    board, start, algorithm, tie_break, closed = args
    watched = Search(board, start, algorithm, tie_break, closed, max_nodes=1500)
    unwatched = Search(board, start, algorithm, tie_break, closed, max_nodes=1500)
    reads = data.draw(st.lists(st.integers(0, limit), max_size=20))
    others = iter(unwatched)
    for index, seen in enumerate(itertools.islice(watched, limit)):
        assert seen == next(others)
        if index in reads and watched.depth:
            frame = watched.frame(data.draw(st.integers(0, watched.depth - 1)))
            assert frame.next <= len(frame.candidates)
        if isinstance(seen, Outcome) and seen.kind != "tour":
            break
    assert watched.snapshot() == unwatched.snapshot()
