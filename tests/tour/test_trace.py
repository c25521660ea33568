"""A saved trace of events: a real search's is accepted, each inconsistency refused with its reason."""

from __future__ import annotations

import json
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_gui.tour import Board, Outcome, Pop, PopReason, Push, Search
from knight_gui.tour.messages import Message
from knight_gui.tour.trace import TraceError, event_json, file_outcome, parse_trace, trace_misfit

BOARD = Board(5)


def first_tour(board: Board = BOARD, start: int = 0) -> list:
    """The events of a backtracking search up to and with its first outcome (a tour, after 16 pops on 5×5)."""
    events = []
    for event in Search(board, start, "backtracking"):
        events.append(event)
        if isinstance(event, Outcome):
            return events
    raise AssertionError("the search ended with no outcome")


def as_file(board: Board, events: list) -> list:
    """``events`` as the ``trace`` value of a saved file: each event through ``event_json``, then JSON."""
    return json.loads("[" + ",".join(event_json(board, event) for event in events) + "]")


def refused(raw: object, board: Board = BOARD, **kwargs) -> str:
    with pytest.raises(TraceError) as caught:
        parse_trace(board, raw, **kwargs)
    return str(caught.value)


def test_a_real_searchs_trace_comes_back_as_the_same_events_and_fits_its_tour():
    events = first_tour()
    assert any(isinstance(event, Pop) for event in events)  # backtracking: pops too, not pushes only
    parsed, state = parse_trace(BOARD, as_file(BOARD, events))
    assert parsed == events
    assert len(state.path) == 25 and state.path[0] == 0 and state.tours == 1
    pushes = sum(isinstance(event, Push) for event in events)
    pops = sum(isinstance(event, Pop) for event in events)
    assert (state.pushes, state.pops) == (pushes, pops)
    assert trace_misfit(0, state.path, pushes, pops, parsed, state) is None


def test_counters_a_path_or_a_start_that_disagree_with_the_trace_are_a_misfit():
    events = first_tour()
    parsed, state = parse_trace(BOARD, as_file(BOARD, events))
    path, pushes, pops = list(state.path), state.pushes, state.pops
    misfit = Message("trace-end-misfit")
    assert str(misfit) == "it does not end on the saved path and counters"
    assert trace_misfit(0, path, pushes + 1, pops, parsed, state) == misfit
    assert trace_misfit(0, path, pushes, pops - 1, parsed, state) == misfit
    assert trace_misfit(0, path[:-1], pushes, pops, parsed, state) == misfit
    assert trace_misfit(0, path[::-1], pushes, pops, parsed, state) == misfit
    # The start popped, the path empty again: only the first push tells where the search began.
    parsed, state = parse_trace(BOARD, [["+", 0, 0, 2], ["-", 0, 0, 0, 2]])
    assert trace_misfit(0, [], 1, 1, parsed, state) is None
    assert str(trace_misfit(7, [], 1, 1, parsed, state)) == "it does not start on the saved start square"


def test_a_pop_of_a_square_not_on_top_is_refused_with_its_event_number():
    assert refused([["+", 0, 0, 2], ["-", 1, 2, 1, 0]]) == "event 2: pop does not fit the top of the path"
    assert refused([["-", 0, 0, 1, 0]]) == "event 1: pop does not fit the top of the path"  # an empty path
    parsed, _ = parse_trace(BOARD, [["+", 0, 0, 2], ["-", 0, 0, 0, 0]])  # the pop that fits
    assert parsed[1] == Pop(0, 1, PopReason.DEAD_END, 0) and type(parsed[1].reason) is PopReason


def test_a_push_that_is_not_a_knights_move_or_revisits_a_square_is_refused():
    assert refused([["+", 0, 0, 2], ["+", 0, 1, 3]]) == "event 2: b5 is not a knight's move from a5"
    revisit = refused([["+", 0, 0, 2], ["+", 1, 2, 3], ["+", 0, 0, 2]])
    assert revisit == "event 3: push of a5 as move 3 does not fit a path of 2 squares"


@pytest.mark.parametrize("raw, reason", [
    ({"events": []}, "it is not a list"),
    ("[]", "it is not a list"),
    (["push"], "event 1 is not a push, pop or outcome"),
    ([[]], "event 1 is not a push, pop or outcome"),
    ([["*", 0, 0, 2]], "event 1 is not a push, pop or outcome"),
    ([["+", 0, 0]], "event 1 is malformed"),
    ([["+", 0, 0, 2, 9]], "event 1 is malformed"),
    ([["+", 0, True, 2]], "event 1 is malformed"),  # a bool is not a column
    ([["+", 0.0, 0, 2]], "event 1 is malformed"),
    ([["+", 0, 0, 16]], "event 1 is malformed"),
    ([["+", 5, 0, 2]], "event 1 is off the board"),
    ([["+", 0, -1, 2]], "event 1 is off the board"),
    ([["+", 0, 0, 2], ["-", 0, 0, 4, 0]], "event 2 is a malformed pop"),  # no PopReason 4
    ([["+", 0, 0, 2], ["-", 0, 0, 1, 16]], "event 2 is a malformed pop"),
    ([["+", 0, 0, 2], ["-", 0, 0, 1, "0"]], "event 2 is a malformed pop"),
])
def test_malformed_events_are_refused_with_their_reason(raw, reason):
    assert refused(raw) == reason


@pytest.mark.parametrize("outcome", [
    ["=", "tour", -1, "tour", "Tour found"],  # a negative tour count
    ["=", "tour", 1, "tour"],  # too short
    ["=", "tour", 1, "tour", "x", [1], "more"],  # too long
    ["=", 3, 1, "tour", "x"],
    ["=", "tour", "1", "tour", "x"],
    ["=", "tour", 1, None, "x"],
    ["=", "tour", 1, "tour", 7],
])
def test_a_bad_outcome_is_refused(outcome):
    assert refused([["+", 0, 0, 2], outcome]) == "event 2 is a malformed outcome"


def test_an_outcome_keeps_a_known_message_else_its_english_reason_verbatim():
    assert file_outcome("tour", "tour", [1], "ignored", 1) == Outcome("tour", "tour", (1,), 1)
    unknown = file_outcome("tour", "no-such-code", [1], "as written", 1)
    assert unknown == Outcome("tour", "verbatim", ("as written",), 1)
    assert file_outcome("tour", "tour", None, "an older file", 1).args == ("an older file",)  # no arguments
    assert file_outcome("tour", "tour", [[1]], "nested", 1).code == "verbatim"
    parsed, _ = parse_trace(BOARD, [["=", "stuck", 0, "nonsense", "<b>as written</b>"]])
    assert parsed == [Outcome("stuck", "verbatim", ("<b>as written</b>",), 0)]


def test_too_many_events_are_refused_before_any_is_read():
    assert refused([0] * 11, limit=10) == "it has 11 events, more than 10"
    assert refused([0] * 2_000_001) == "it has 2,000,001 events, more than 2,000,000"
    parse_trace(BOARD, as_file(BOARD, first_tour())[:10], limit=10)  # the limit itself is fine


def test_the_progress_check_is_called_every_65536_events_and_can_cancel():
    raw = [["=", "budget", 0, "x", "budget spent"]] * 140_000  # outcomes always fit: a long valid trace
    calls: list[tuple[int, int]] = []
    parse_trace(BOARD, raw, check=lambda done, total: calls.append((done, total)))
    assert calls == [(65_536, 280_000), (131_072, 280_000)]

    class Cancelled(Exception):
        pass

    def cancel(done: int, total: int) -> None:
        raise Cancelled

    with pytest.raises(Cancelled):
        parse_trace(BOARD, raw, check=cancel)


@st.composite
def search_prefixes(draw) -> tuple[Board, int, list]:
    board = Board(draw(st.integers(3, 6)), draw(st.integers(3, 6)))
    start = draw(st.integers(0, board.size - 1))
    algorithm = draw(st.sampled_from(["backtracking", "warnsdorff"]))
    events = list(islice(Search(board, start, algorithm), 400))
    return board, start, events[:draw(st.integers(0, len(events)))]


@settings(max_examples=60, deadline=None)
@given(search_prefixes())
def test_any_prefix_of_a_real_search_is_accepted_and_fits_its_own_state(case):
    board, start, events = case
    parsed, state = parse_trace(board, as_file(board, events))
    assert parsed == events
    pushes = sum(isinstance(event, Push) for event in events)
    pops = sum(isinstance(event, Pop) for event in events)
    assert (state.pushes, state.pops, state.events) == (pushes, pops, len(events))
    assert trace_misfit(start, state.path, pushes, pops, parsed, state) is None
    if pushes:
        assert trace_misfit(start, state.path, pushes + 1, pops, parsed, state) is not None

