"""TourState: restoring a state known from elsewhere, then going on or back from it."""

from __future__ import annotations

from itertools import islice

import pytest

from knight_gui.tour import Board, Search
from knight_gui.tour.events import Outcome
from knight_gui.tour.state import TourState


def snapshot(state: TourState) -> tuple:
    return (list(state.path), list(state.step_of), state.pushes, state.pops, state.dead_ends,
            state.max_depth, list(state.outcomes), state.outcome)


@pytest.mark.parametrize("cut", [0, 1, 37, 400, 1203])
def test_a_restored_state_undoes_and_applies_like_the_replayed_one(cut):
    board = Board(5)
    events = list(islice(Search(board, 0, "backtracking"), 1500))
    replayed = TourState(board)
    records = []
    for event in events[:cut]:
        replayed.apply(event)
        if replayed.max_depth > len(records):
            records.append(replayed.pushes)
    restored = TourState(board)
    restored.apply(events[0])  # something to clear first
    restored.restore(list(replayed.path), replayed.pushes, replayed.pops, replayed.dead_ends, records,
                     list(replayed.outcomes), bool(cut) and events[cut - 1].__class__ is Outcome)
    assert snapshot(restored) == snapshot(replayed)
    for event in events[cut:cut + 50]:  # forward
        replayed.apply(event)
        restored.apply(event)
        assert snapshot(restored) == snapshot(replayed)
    for event in reversed(events[:cut + 50]):  # and all the way back
        replayed.undo(event)
        restored.undo(event)
        assert snapshot(restored) == snapshot(replayed)
    assert snapshot(restored) == snapshot(TourState(board))
