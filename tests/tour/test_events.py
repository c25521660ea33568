"""tour/events.py: the push, pop and outcome events, small immutable tuples with codes not prose."""

from __future__ import annotations

import pytest

from knight_gui.tour import Board, Search
from knight_gui.tour.events import (
    OUTCOME_BUDGET,
    OUTCOME_IMPOSSIBLE,
    OUTCOME_NO_TOUR,
    OUTCOME_STUCK,
    OUTCOME_TOUR,
    OUTCOMES,
    Outcome,
    Pop,
    PopReason,
    Push,
)
from knight_gui.tour.messages import MESSAGES, Message


def test_pop_reasons_fit_the_two_bits_the_history_packs_them_in():
    """The packed history keeps a pop's reason in two bits, by value: the values must not move."""
    assert [(r.name, r.value) for r in PopReason] == [
        ("DEAD_END", 0), ("EXHAUSTED", 1), ("CUT_OFF", 2), ("NEXT_TOUR", 3)]


def test_events_are_immutable_tuples_with_named_fields():
    push, pop = Push(5, 2, 3), Pop(5, 2, PopReason.DEAD_END, 0)
    assert push == (5, 2, 3) and push.square == 5 and push.step == 2 and push.degree == 3
    assert pop.reason is PopReason.DEAD_END and pop.tried == 0
    with pytest.raises(AttributeError):
        push.square = 6  # type: ignore[misc]
    assert len({push, Push(5, 2, 3), pop}) == 2  # hashable, equal by value


def test_outcome_kinds_are_distinct_and_named():
    assert OUTCOMES == (OUTCOME_TOUR, OUTCOME_NO_TOUR, OUTCOME_IMPOSSIBLE, OUTCOME_STUCK, OUTCOME_BUDGET)
    assert len(set(OUTCOMES)) == 5


def test_an_outcome_says_why_from_its_code_and_arguments():
    stuck = Outcome(OUTCOME_STUCK, "stuck", (17, "a5"), 0)
    assert stuck.message == Message("stuck", (17, "a5"))
    assert stuck.reason == ("stuck on a5 after 17 moves: no unvisited square is a knight's move away, "
                            "and greedy does not backtrack")
    assert Outcome(OUTCOME_TOUR, "tour", (1,), 1).reason == "tour #1 found"


def test_every_outcome_a_search_reports_has_a_sentence():
    board = Board(5)
    seen = {}
    for start, algorithm, closed in ((0, "warnsdorff", False), (1, "warnsdorff", False),
                                     (0, "warnsdorff", True), (22, "greedy", False)):
        for event in Search(board, start, algorithm, "fixed", closed):
            if isinstance(event, Outcome):
                seen[event.kind] = event
                break
    assert set(seen) == {OUTCOME_TOUR, OUTCOME_IMPOSSIBLE, OUTCOME_STUCK}
    for outcome in seen.values():
        assert outcome.code in MESSAGES
        assert outcome.reason and "%" not in outcome.reason
