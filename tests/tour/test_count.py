"""count_tours: exact counts, checked against published figures and the search."""

from __future__ import annotations

import time

import pytest

from knight_gui.tour import Board, BoardError, Outcome, Search
from knight_gui.tour.count import (
    COUNT_MAX_SQUARES,
    PROGRESS_EVERY,
    CountBudgetError,
    CountCancelled,
    count_tours,
    countable,
)


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
def test_open_counts_equal_the_search_enumeration(rows, cols, starts):
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
    with pytest.raises(ValueError):
        count_tours(Board(5), 0, max_seconds=0)


# -- progress, cancel and the time budget -------------------------------------------


class Recorder:
    """A progress hook: records each node count and tour count; says stop (False) from call ``stop_at`` on."""

    def __init__(self, stop_at: int | None = None) -> None:
        self.calls: list[int] = []
        self.tours: list[int] = []
        self.stop_at = stop_at

    def __call__(self, nodes: int, tours: int) -> bool:
        self.calls.append(nodes)
        self.tours.append(tours)
        return self.stop_at is None or len(self.calls) < self.stop_at


def test_progress_every_is_a_power_of_two():
    assert PROGRESS_EVERY >= 256 and PROGRESS_EVERY & (PROGRESS_EVERY - 1) == 0


@pytest.mark.parametrize("rows, cols, start, closed, expected", [
    (5, 5, 0, False, 304),
    (5, 5, 12, False, 64),
    (5, 6, 0, True, 16),
    (3, 10, 0, True, 32),
    (3, 4, 4, False, 4),  # fewer nodes than PROGRESS_EVERY: no call at all
])
def test_a_hook_that_goes_on_changes_no_count(rows, cols, start, closed, expected):
    hook = Recorder()
    assert count_tours(Board(rows, cols), start, closed, progress=hook) == expected
    assert count_tours(Board(rows, cols), start, closed, progress=hook, max_seconds=3600) == expected
    assert hook.calls[:len(hook.calls) // 2] == hook.calls[len(hook.calls) // 2:]  # the same calls twice


#: 5x6 from a corner: about 60 calls of the hook (5x5 makes only two or three).
LONGER = Board(5, 6)


@pytest.fixture(scope="module")
def longer_count() -> int:
    return count_tours(LONGER, 0)


def test_the_hook_is_called_every_progress_every_nodes_with_the_nodes_so_far(longer_count):
    hook = Recorder()
    assert count_tours(LONGER, 0, progress=hook) == longer_count > 0
    calls = hook.calls
    assert len(calls) >= 10, calls
    assert calls == [PROGRESS_EVERY * k for k in range(1, len(calls) + 1)]
    # with the tours found so far: growing as the count goes, from none to nearly all of them
    assert hook.tours == sorted(hook.tours) and hook.tours[0] < hook.tours[-1] <= longer_count
    # The figures are the budget's node count: the search entered more squares
    # than the last figure, and fewer than the next one would have been.
    with pytest.raises(CountBudgetError):
        count_tours(LONGER, 0, max_nodes=calls[-1])
    assert count_tours(LONGER, 0, max_nodes=calls[-1] + PROGRESS_EVERY) == longer_count


def test_no_call_on_a_count_shorter_than_progress_every():
    hook = Recorder()
    assert count_tours(Board(3, 4), 0, progress=hook) == 2
    assert hook.calls == []


@pytest.mark.parametrize("stop_at", [1, 2, 5, 40])
def test_a_hook_returning_false_stops_the_count_with_no_count(stop_at, longer_count):
    hook = Recorder(stop_at=stop_at)
    result = None
    with pytest.raises(CountCancelled) as caught:
        result = count_tours(LONGER, 0, progress=hook)
    assert result is None
    assert len(hook.calls) == stop_at  # not called again after it said stop
    assert caught.value.nodes == stop_at * PROGRESS_EVERY
    assert 0 <= caught.value.partial < longer_count  # a lower bound, never the count
    assert caught.value.partial == hook.tours[-1]  # what the hook was told last: the count it stopped
    assert "cancelled" in str(caught.value)
    assert not isinstance(caught.value, CountBudgetError)  # a cancel is not a budget


def test_partial_counts_of_cancelled_counts_grow_towards_the_count(longer_count):
    partials = []
    for stop_at in range(1, 1000, 8):
        try:
            count_tours(LONGER, 0, progress=Recorder(stop_at=stop_at))
        except CountCancelled as cancelled:
            partials.append(cancelled.partial)
        else:
            break  # the count ended before the hook said stop
    assert len(partials) >= 5
    assert partials == sorted(partials) and partials[-1] < longer_count


def test_an_exception_from_the_hook_goes_through_unchanged():
    class Stop(Exception):
        pass

    def hook(nodes: int, tours: int) -> bool:
        raise Stop(nodes)

    with pytest.raises(Stop) as caught:
        count_tours(LONGER, 0, progress=hook)
    assert caught.value.args == (PROGRESS_EVERY,)


def test_the_node_budget_still_wins_with_a_hook():
    hook = Recorder()
    with pytest.raises(CountBudgetError) as caught:
        count_tours(Board(6), 0, max_nodes=5000, progress=hook)
    assert caught.value.nodes == 5000 and caught.value.seconds is None
    assert hook.calls == [PROGRESS_EVERY * k for k in range(1, 5000 // PROGRESS_EVERY + 1)]
    hook = Recorder()
    with pytest.raises(CountBudgetError) as caught:  # the budget at a checkpoint: the budget first
        count_tours(Board(6), 0, max_nodes=2 * PROGRESS_EVERY, progress=hook)
    assert caught.value.nodes == 2 * PROGRESS_EVERY
    assert hook.calls == [PROGRESS_EVERY]


def test_the_time_budget_stops_a_long_count_soon_after_it_runs_out():
    began = time.perf_counter()
    with pytest.raises(CountBudgetError) as caught:
        count_tours(Board(6), 0, max_seconds=0.05)  # 6x6 from a corner: a minute or more
    took = time.perf_counter() - began
    assert 0.05 <= took < 1.0
    assert caught.value.seconds == 0.05
    assert caught.value.nodes > 0 and caught.value.nodes % PROGRESS_EVERY == 0
    assert "0.05 seconds" in str(caught.value)


def test_boards_of_at_most_36_squares_are_counted_without_a_budget():
    assert COUNT_MAX_SQUARES == 36
    assert countable(Board(6)) and countable(Board(4, 9)) and countable(Board(1))
    assert not countable(Board(5, 8)) and not countable(Board(8))


# -- found by the second pass of mutation testing (each test fails on the mutant it names) --


def test_a_node_budget_of_one_is_a_budget():
    """count.py:136 ``max_nodes < 1`` -> ``<= 1``: a budget of one node was refused as no budget."""
    from knight_gui.tour.count import CountBudgetError, count_tours

    assert count_tours(Board(1), 0, max_nodes=1) == 1
    with pytest.raises(CountBudgetError) as caught:
        count_tours(Board(5), 0, max_nodes=1)
    assert caught.value.nodes == 1


@pytest.mark.parametrize(("rows", "cols", "closed", "expected"),
                         [(5, 5, False, 304), (5, 6, True, 16), (3, 4, False, 2), (3, 4, True, 0)])
def test_the_large_board_way_counts_as_the_small_board_way(monkeypatch, rows, cols, closed, expected):
    """count.py:75-87 (_degrees) and :162 (the end node's degree): boards over LAZY_SQUARES build
    degrees row by row and neighbours lazily; no test ran that way to the end of a count."""
    import knight_gui.tour.count as count

    monkeypatch.setattr(count, "LAZY_SQUARES", 0)
    assert count.count_tours(Board(rows, cols), 0, closed) == expected


def test_a_budgeted_count_on_a_large_board_lists_no_neighbours_it_does_not_reach(monkeypatch):
    """count.py:147 (negated): a board above LAZY_SQUARES listed every square's moves before a
    budget of a few nodes could stop it (2000×2000: 21 s and 1.5 GB), and small boards went lazy."""
    from knight_gui.tour import board as board_module
    from knight_gui.tour.count import LAZY_SQUARES, CountBudgetError, count_tours

    calls = []
    real = board_module.Board.neighbours

    def counted(self, square):
        calls.append(square)
        return real(self, square)

    monkeypatch.setattr(board_module.Board, "neighbours", counted)
    big = Board(300, 300)
    assert big.size > LAZY_SQUARES
    with pytest.raises(CountBudgetError):
        count_tours(big, 0, closed=True, max_nodes=5)
    assert len(calls) < 100
