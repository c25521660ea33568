"""TourState: the one place counters change; checked events, exact undo, checkpoints."""

from __future__ import annotations

from itertools import islice

import pytest

from knight_gui.tour import Board, Outcome, Pop, PopReason, Push, Search
from knight_gui.tour.events import OUTCOME_BUDGET
from knight_gui.tour.state import ReplayError, TourState, common_prefix


def snapshot(state: TourState) -> tuple:
    """Everything a state holds."""
    return (list(state.path), list(state.step_of), list(state.tried), list(state.pushed_at), state.pushes,
            state.pops, state.dead_ends, state.max_depth, state.tours, list(state.outcomes), state.outcome,
            state.events)


def events_of(board: Board, start: int, algorithm: str, count: int) -> list:
    return list(islice(Search(board, start, algorithm), count))


def test_the_counters_follow_the_events():
    board = Board(5)
    state = TourState(board)
    events = events_of(board, 0, "backtracking", 3000)
    pushes = pops = dead_ends = deepest = 0
    for event in events:
        state.apply(event)
        if isinstance(event, Push):
            pushes += 1
            deepest = max(deepest, event.step)
        elif isinstance(event, Pop):
            pops += 1
            dead_ends += event.reason == PopReason.DEAD_END
        counters = (state.pushes, state.pops, state.dead_ends, state.max_depth)
        assert counters == (pushes, pops, dead_ends, deepest)
        assert state.events == pushes + pops + len(state.outcomes)
        assert state.outcome == (event if isinstance(event, Outcome) else None)
    assert state.tours == sum(1 for o in state.outcomes if o.kind == "tour") >= 1
    assert all(state.step_of[square] == step for step, square in enumerate(state.path, 1))


def test_tried_and_pushed_at_describe_each_frame():
    board = Board(5)
    state = TourState(board)
    for index, event in enumerate(events_of(board, 2, "backtracking", 500)):
        state.apply(event)
        if isinstance(event, Push):
            assert state.pushed_at[-1] == index and state.tried[-1] == 0
        elif isinstance(event, Pop) and state.path:
            assert state.tried[-1] >= 1  # the frame below has tried the popped square at least
    search = Search(board, 2, "backtracking")
    for _ in islice(search, 500):
        pass
    assert state.tried == list(search.snapshot().tried)


@pytest.mark.parametrize("bad", [
    Push(0, 2, 0),  # move 2 on an empty board
    Pop(0, 1, PopReason.DEAD_END, 0),  # nothing to pop
    "not an event",
])
def test_events_that_do_not_fit_raise_replay_error(bad):
    state = TourState(Board(5))
    with pytest.raises(ReplayError):
        state.apply(bad)
    assert snapshot(state) == snapshot(TourState(Board(5)))


def test_a_push_must_be_a_knight_move_onto_a_free_square():
    board = Board(5)
    state = TourState(board)
    state.apply(Push(0, 1, 2))
    for bad in (Push(1, 2, 2), Push(0, 2, 2), Push(board.size, 2, 0)):
        with pytest.raises(ReplayError):
            state.apply(bad)
    with pytest.raises(ReplayError):
        state.apply(Pop(7, 1, PopReason.DEAD_END, 0))  # not the top square
    assert state.path == [0]


@pytest.mark.parametrize(("start", "algorithm"),
                         [(0, "backtracking"), (2, "backtracking"), (12, "warnsdorff")])
def test_undo_takes_back_exactly_each_event(start, algorithm):
    board = Board(5)
    events = events_of(board, start, algorithm, 2500)
    state = TourState(board)
    seen = [snapshot(state)]
    pushed_at: list[list[int]] = [[]]
    for event in events:
        state.apply(event)
        seen.append(snapshot(state))
        pushed_at.append(list(state.pushed_at))
    for k in range(len(events), 0, -1):
        event = events[k - 1]
        at = pushed_at[k - 1][-1] if isinstance(event, Pop) else -1
        state.undo(event, at)
        assert snapshot(state) == seen[k - 1], k


@pytest.mark.parametrize("cut", [0, 1, 37, 400, 1203])
def test_a_restored_checkpoint_undoes_and_applies_like_the_replayed_state(cut):
    board = Board(5)
    events = events_of(board, 0, "backtracking", 1500)
    replayed = TourState(board)
    for event in events[:cut]:
        replayed.apply(event)
    checkpoint = replayed.checkpoint()
    restored = TourState(board, replayed.records)
    for event in events[:3]:
        restored.apply(event)  # something to clear first
    restored.restore(checkpoint, replayed.outcomes)
    assert snapshot(restored) == snapshot(replayed)
    for event in events[cut:cut + 50]:  # forward
        replayed.apply(event)
        restored.apply(event)
        assert snapshot(restored) == snapshot(replayed)


def test_undoing_the_pop_after_a_tour_shows_the_tour_again():
    board = Board(5)
    events = events_of(board, 0, "backtracking", 3000)
    k = next(i for i, e in enumerate(events) if isinstance(e, Pop) and e.reason == PopReason.NEXT_TOUR)
    state = TourState(board)
    for event in events[:k + 1]:
        state.apply(event)
    assert state.outcome is None and state.tours == 1
    state.undo(events[k], k - 2)
    assert state.outcome == events[k - 1] and state.outcome.kind == "tour"
    state.undo(events[k - 1])
    assert state.outcome is None and state.tours == 0 and state.depth == board.size


# -- found by mutation testing (each test fails on the mutant it names) ---------------------------


@pytest.mark.parametrize(("a", "b", "n"), [
    ([], [1], 0), ([5], [6], 0), ([1, 2, 3], [1, 2, 3, 4], 3), ([1, 2, 3], [1, 2, 4], 2),
    (list(range(100)), [*range(37), -1, *range(38, 100)], 37), (list(range(9)), [-1, *range(1, 9)], 0),
    (list(range(9)), [*range(8), -1], 8),
])
def test_common_prefix_is_the_length_of_the_shared_start_either_way(a, b, n):
    # (the views redraw from it; its fast path, bisection and bounds had no test of their own)
    assert common_prefix(a, b) == n and common_prefix(b, a) == n


def test_a_push_after_an_outcome_clears_the_outcome_shown():
    # (a search resumed after its budget: the knight moved on under the old outcome)
    state = TourState(Board(5))
    state.push(0)
    state.report(Outcome(OUTCOME_BUDGET, "budget-nodes", (1,), 0))
    assert state.outcome is not None
    state.push(7)
    assert state.outcome is None and not state.checkpoint().showing_outcome


def test_undo_refuses_what_is_not_an_event():
    with pytest.raises(ReplayError):
        TourState(Board(5)).undo("push")  # type: ignore[arg-type]
