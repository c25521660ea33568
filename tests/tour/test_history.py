"""History: packed events, checkpoints, seek and replay, without a QApplication."""

from __future__ import annotations

from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_gui.tour import ALGORITHMS, TIE_BREAKS, Board, Outcome, Pop, PopReason, Push, Search
from knight_gui.tour.history import History, decode, encode
from knight_gui.tour.state import TourState


def snapshot(state: TourState) -> tuple:
    """Everything a view can read of a state."""
    return (list(state.path), list(state.step_of), list(state.tried), list(state.pushed_at), state.pushes,
            state.pops, state.dead_ends, state.max_depth, state.tours, list(state.outcomes), state.outcome,
            state.events, state.depth)


def replayed(board: Board, events: list) -> TourState:
    """The state after ``events``, each applied (and checked) from the start."""
    state = TourState(board)
    for event in events:
        state.apply(event)
    return state


@st.composite
def searches(draw, max_events: int = 600) -> tuple[Board, list]:
    """A small board, any algorithm, tie-break and closedness, and the first events of its search."""
    board = Board(draw(st.integers(3, 6)), draw(st.integers(3, 6)))
    start = draw(st.integers(0, board.size - 1))
    algorithm = draw(st.sampled_from(sorted(ALGORITHMS)))
    tie_break = draw(st.sampled_from([None, *sorted(TIE_BREAKS)]))
    closed = draw(st.booleans())
    try:
        search = Search(board, start, algorithm, tie_break, closed)
    except ValueError:
        search = Search(board, start, algorithm)
    return board, list(islice(search, draw(st.integers(1, max_events))))


def recorded(board: Board, events: list, every: int) -> History:
    history = History(board, every)
    for event in events:
        history.append(event)
    return history


@settings(max_examples=60, deadline=None)
@given(searches(), st.integers(1, 70), st.data())
def test_seeking_anywhere_gives_the_state_of_applying_the_events_from_the_start(case, every, data):
    board, events = case
    history = recorded(board, events, every)
    assert snapshot(history.state) == snapshot(replayed(board, events))
    targets = data.draw(st.lists(st.integers(0, len(events)), min_size=1, max_size=12))
    for target in targets:
        history.seek(target)
        assert history.pos == target
        assert snapshot(history.state) == snapshot(replayed(board, events[:target])), target


@settings(max_examples=40, deadline=None)
@given(searches(), st.integers(1, 70), st.data())
def test_a_step_forward_and_back_comes_back_to_the_same_state(case, every, data):
    board, events = case
    history = recorded(board, events, every)
    k = data.draw(st.integers(0, len(events)))
    history.seek(k)
    here = snapshot(history.state)
    if k < len(events):
        assert history.forward() == events[k]
        assert history.backward() == events[k]
        assert snapshot(history.state) == here
    if k > 0:
        assert history.backward() == events[k - 1]
        assert snapshot(history.state) == snapshot(replayed(board, events[:k - 1]))
        assert history.forward() == events[k - 1]
        assert snapshot(history.state) == here


@settings(max_examples=30, deadline=None)
@given(searches(), st.integers(1, 40))
def test_stepping_back_all_the_way_undoes_every_event_exactly(case, every):
    board, events = case
    history = recorded(board, events, every)
    for k in range(len(events), 0, -1):
        assert history.last_event() == events[k - 1]
        history.backward()
        assert snapshot(history.state) == snapshot(replayed(board, events[:k - 1])), k
    assert history.last_event() is None
    with pytest.raises(IndexError):
        history.backward()


@settings(max_examples=30, deadline=None)
@given(searches(), st.integers(1, 40))
def test_checkpoints_restore_exactly(case, every):
    board, events = case
    history = recorded(board, events, every)
    assert history.checkpoints == len(events) // every + 1
    for k, checkpoint in enumerate(history._checkpoints):  # noqa: SLF001 - the test looks inside
        assert checkpoint == replayed(board, events[:k * every]).checkpoint()
        dirty = TourState(board, history.state.records)
        for event in events[:len(events) // 2]:
            dirty.apply(event)
        dirty.restore(checkpoint, history.outcomes)
        assert snapshot(dirty) == snapshot(replayed(board, events[:k * every]))


@settings(max_examples=30, deadline=None)
@given(searches(), st.integers(1, 40), st.data())
def test_recording_alone_then_catching_up_is_the_same_as_applying_each_event(case, every, data):
    """The fast path: events recorded with no state work; the state brought up to date at once."""
    board, events = case
    history = History(board, every)
    applied = recorded(board, events, every)
    cut = data.draw(st.integers(0, len(events)))
    for event in events[:cut]:
        history.append(event)
    for event in events[cut:]:
        history.record(event)
    assert history.pos == cut and len(history) == len(events)
    assert not history.at_head or cut == len(events)
    history.seek(len(history))
    assert history.at_head
    assert snapshot(history.state) == snapshot(applied.state)
    assert history._checkpoints == applied._checkpoints  # noqa: SLF001
    history.seek(data.draw(st.integers(0, len(events))))  # and the checkpoints serve a jump back
    applied.seek(history.pos)
    assert snapshot(history.state) == snapshot(applied.state)


@settings(max_examples=40, deadline=None)
@given(searches(max_events=300))
def test_readers_get_events_never_codes(case):
    board, events = case
    history = recorded(board, events, 16)
    assert len(history) == len(events)
    assert list(history) == events
    assert history[:] == events and history[3:40] == events[3:40]
    assert [history[i] for i in range(len(events))] == events
    assert [history.kind(i) for i in range(len(events))] == [type(e) for e in events]
    history.seek(len(events) // 2)
    pos = history.pos
    assert history.recent(10) == list(enumerate(events))[max(0, pos - 10):pos]
    assert history.recent(10 ** 6) == list(enumerate(events))[:pos]


squares = st.integers(0, 2000 * 2000 - 1)
steps = st.integers(1, 2000 * 2000)


@given(squares, steps, st.integers(0, 8))
def test_a_push_survives_encoding(square, step, degree):
    event = Push(square, step, degree)
    outcomes: list[Outcome] = []
    assert decode(encode(event, outcomes), outcomes) == event
    assert type(decode(encode(event, outcomes), outcomes)) is Push and outcomes == []


@given(squares, steps, st.sampled_from(list(PopReason)), st.integers(0, 8))
def test_a_pop_survives_encoding(square, step, reason, tried):
    event = Pop(square, step, reason, tried)
    outcomes: list[Outcome] = []
    back = decode(encode(event, outcomes), outcomes)
    assert back == event and type(back.reason) is PopReason and outcomes == []


@pytest.mark.parametrize(("rows", "cols", "start", "closed"), [(5, 5, 0, False), (4, 4, 0, False),
                                                                (5, 5, 1, False), (6, 6, 0, True)])
def test_every_outcome_kind_survives_encoding(rows, cols, start, closed):
    """Outcomes (tours, no tour, impossible, stuck, budget) are kept aside and coded by their index."""
    board = Board(rows, cols)
    made = [e for e in islice(Search(board, start, closed=closed), 10 ** 5) if isinstance(e, Outcome)]
    made += [e for e in Search(board, start, "greedy") if isinstance(e, Outcome)]
    made += [e for e in Search(board, start, "backtracking", max_nodes=3) if isinstance(e, Outcome)]
    assert made
    outcomes: list[Outcome] = []
    codes = [encode(event, outcomes) for event in made]
    assert outcomes == made
    assert [decode(code, outcomes) for code in codes] == made


def test_a_search_goes_on_after_a_tour_and_the_history_with_it():
    board = Board(5)
    events = list(islice(Search(board, 0, "backtracking"), 5000))
    assert sum(isinstance(e, Outcome) for e in events) >= 2
    history = recorded(board, events, 64)
    tour = next(i for i, e in enumerate(events) if isinstance(e, Outcome))
    history.seek(tour + 1)
    assert history.state.outcome == events[tour] and history.state.depth == board.size
    history.forward()  # the pop that leaves the tour
    assert history.state.outcome is None and history.state.tours == 1
    history.backward()
    assert history.state.outcome == events[tour]


@settings(max_examples=40, deadline=None)
@given(searches(), st.integers(1, 40), st.integers(1, 90), st.booleans(), st.integers(0, 12))
def test_record_from_packs_what_append_packs_and_stops_where_asked(case, every, chunk, stop_at_pop,
                                                                   stop_at_step):
    """``record_from`` (the run's fast path) records the same codes as ``append``; it stops just after
    an outcome, a pop (if asked) or the push of the move asked for, and ``next_stop`` finds the same stops."""
    board, events = case
    applied = recorded(board, events, every)
    history = History(board, every)
    stream = iter(events)
    stops = []
    while len(history) < len(events):
        made, stopped = history.record_from(stream, chunk, stop_at_pop, stop_at_step)
        assert 0 < made <= chunk
        last = events[len(history) - 1]
        wanted = isinstance(last, Outcome) or (stop_at_pop and isinstance(last, Pop)) or (
            isinstance(last, Push) and last.step == stop_at_step)
        assert stopped == wanted or (not stopped and made < chunk and len(history) == len(events))
        if stopped:
            stops.append(len(history))
        if made < chunk and not stopped:
            break
    assert history.pos == 0 and list(history) == events
    history.seek(len(history))
    assert snapshot(history.state) == snapshot(applied.state)
    found, pos = [], 0
    while (stop := history.next_stop(pos, len(history), stop_at_pop, stop_at_step)) is not None:
        found.append(stop)
        pos = stop
    assert found == stops


@settings(max_examples=40, deadline=None)
@given(searches(), st.data())
def test_popped_gives_the_last_squares_popped_in_a_stretch(case, data):
    board, events = case
    history = recorded(board, events, 16)
    start = data.draw(st.integers(0, len(events)))
    stop = data.draw(st.integers(start, len(events)))
    limit = data.draw(st.integers(1, 9))
    squares = [e.square for e in events[start:stop] if isinstance(e, Pop)]
    assert history.popped(start, stop, limit) == squares[-limit:]


@settings(max_examples=40, deadline=None)
@given(searches(), st.data())
def test_pushes_give_each_push_of_a_stretch_with_its_index_move_and_square(case, data):
    board, events = case
    history = recorded(board, events, 16)
    start = data.draw(st.integers(0, len(events)))
    stop = data.draw(st.integers(start, len(events) + 3))
    assert list(history.pushes(start, stop)) == [(i, e.step, e.square) for i, e in
                                                 enumerate(events[start:stop], start) if isinstance(e, Push)]


@pytest.mark.usefixtures("small_memory")
@settings(max_examples=30, deadline=None)
@given(searches(), st.data())
def test_frozen_events_are_copied_when_asked_for(case, data):
    """A worker reads them later: the history may go on, spill, or be closed by then."""
    board, events = case
    cut = data.draw(st.integers(0, len(events)))
    history = History(board, 16)
    for event in events[:cut]:
        history.record(event)
    start = data.draw(st.integers(0, cut))
    frozen = history.frozen(start, cut)
    for event in events[cut:]:
        history.record(event)
    history.close()  # (its spilled codes are gone with its file)
    assert len(frozen) == cut - start
    assert list(frozen) == events[start:cut]
    assert list(frozen) == events[start:cut]  # (read again: an animation counts, then draws)


@pytest.mark.usefixtures("small_memory")
@settings(max_examples=20, deadline=None)
@given(searches(), st.data())
def test_pushes_read_spilled_codes_too(case, data):
    board, events = case
    history = History(board, 16)
    for event in events:
        history.record(event)
    start = data.draw(st.integers(0, len(events)))
    wanted = [(i, e.step, e.square) for i, e in enumerate(events[start:], start) if isinstance(e, Push)]
    assert list(history.pushes(start, len(events))) == wanted
    history.close()


@pytest.fixture
def small_memory(monkeypatch):
    """A history that keeps 64 codes in memory, spills 16 at a time and keeps at most 8 checkpoints."""
    from knight_gui.tour import history as module

    monkeypatch.setattr(module, "RECENT_CODES", 64)
    monkeypatch.setattr(module, "SPILL_CODES", 16)
    monkeypatch.setattr(module, "MAX_CHECKPOINTS", 8)
    monkeypatch.setattr(module, "MAX_CHECKPOINT_BYTES", 3000)


@pytest.mark.usefixtures("small_memory")
@settings(max_examples=40, deadline=None)
@given(searches(), st.integers(1, 20), st.data())
def test_a_bounded_history_spills_old_codes_and_still_steps_and_seeks_anywhere(case, every, data):
    """Old codes go to the temporary file and checkpoints thin out; every event is still there."""
    board, events = case
    history = History(board, every)
    how = data.draw(st.sampled_from(["append", "record", "record_from"]))
    if how == "append":
        for event in events:
            history.append(event)
    elif how == "record":
        for event in events:
            history.record(event)
    else:
        stream = iter(events)
        while len(history) < len(events):
            history.record_from(stream, 50)
    assert len(history._codes) < 64 + 16  # noqa: SLF001 - memory is bounded
    assert history.checkpoints <= 8
    assert history.spilled % 16 == 0 and (history.spilled > 0) == (len(events) >= 64 + 16)
    assert list(history) == events and history[3:len(events) - 2] == events[3:len(events) - 2]
    assert [history.kind(i) for i in range(len(events))] == [type(e) for e in events]
    history.seek(len(history))
    assert snapshot(history.state) == snapshot(replayed(board, events))
    for _ in range(6):
        target = data.draw(st.integers(0, len(events)))
        history.seek(target)
        assert snapshot(history.state) == snapshot(replayed(board, events[:target]))
        if target:
            assert history.last_event() == events[target - 1]
            history.backward()
            assert snapshot(history.state) == snapshot(replayed(board, events[:target - 1]))
    history.close()


# -- found by mutation testing (each test fails on the mutant it names) ---------------------------


def _first(board: Board, count: int, algorithm: str = "backtracking") -> list:
    return list(islice(Search(board, 0, algorithm), count))


def test_an_extended_slice_of_a_history_steps():
    # (``history[a:b:k]`` ignored k, or gave None)
    board = Board(5)
    events = _first(board, 200)
    history = History(board)
    for event in events:
        history.record(event)
    assert history[3:150:7] == events[3:150:7]
    assert history[::-1][:5] == events[::-1][:5]
    history.close()


@pytest.mark.usefixtures("small_memory")
def test_record_from_in_one_call_keeps_memory_bounded():
    # (the fast path's spill test reversed: it never spilled; and ``spilled_bytes`` untested)
    board = Board(5)
    events = _first(board, 500)
    history = History(board)
    stream = iter(events)
    while len(history) < len(events):
        history.record_from(stream, 10_000)  # (it stops after each outcome)
    assert len(history._codes) < 64 + 16 and history.spilled > 0
    assert history.spilled_bytes() > 0 and history.nbytes() > 0
    assert list(history) == events
    history.close()


@pytest.mark.usefixtures("small_memory")
def test_thinned_checkpoints_still_number_more_than_a_few():
    # (without the recount of their bytes after thinning, every later checkpoint thinned them again,
    # down to one or two: "at most 8" held)
    board = Board(5)
    history = History(board, 10)
    for event in _first(board, 3000):
        history.append(event)
    assert 4 <= history.checkpoints <= 8
    history.close()


def test_a_far_seek_replays_at_most_one_checkpoint_interval():
    # (without a checkpoint's position kept, every jump replayed from event 0: still right, slower)
    board = Board(5)
    history = History(board, 256)
    for event in _first(board, 20_000):
        history.append(event)
    history.seek(0)
    calls = []
    state = history.state
    push, pop = state.push, state.pop
    state.push = lambda square: (calls.append(1), push(square))[1]  # type: ignore[method-assign]
    state.pop = lambda reason: (calls.append(1), pop(reason))[1]  # type: ignore[method-assign]
    history.seek(15_000)
    assert len(calls) <= 256
    assert history.state.events == 15_000
    history.close()
