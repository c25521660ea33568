"""The player driven as a user drives it: play, pause, step, seek, finish; what the views show."""

from __future__ import annotations

import random
from itertools import islice

import pytest
from PySide6.QtCore import Qt

from knight_gui.tour import Board, Event, Outcome, Pop, Push, Search
from knight_gui.tour.state import TourState
from knight_gui.ui.player import MAX_SPEED, SPEEDS, SearchConfig, TourPlayer

C5 = 2  #: c5 on 5x5: plain backtracking pops 36,189 times before its first tour


def click_square(qtbot, win, square: int) -> None:
    widget = win.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(square).center().toPoint())


def press(qtbot, win, key) -> None:
    qtbot.keyClick(win.board_widget, key)


def reference(board: Board, start: int, algorithm: str, count: int) -> list[Event]:
    return list(islice(Search(board, start, algorithm), count))


def state_after(board: Board, events: list) -> TourState:
    state = TourState(board)
    for event in events:
        state.apply(event)
    return state


def show_log(qtbot, win) -> None:
    win.teaching.log_dock.show()
    win.teaching.log_dock.raise_()
    qtbot.waitUntil(lambda: not win.teaching.event_log.visibleRegion().isEmpty(), timeout=2000)


def shown(win) -> tuple:
    """What the window shows of the search: board path, status counters, timeline, the log's last event."""
    log = win.teaching.event_log.model
    last = log.index(log.rowCount() - 1).data() if log.rowCount() else ""
    number, _, words = last.partition("  ")
    return (list(win.board_widget.view.path), win.moves_label.text(), win.counts_label.text(),
            win.teaching.timeline.label.text(), number, words.split(" ")[0])


def expected(board: Board, events: list, pos: int, total: int) -> tuple:
    """What the window should show after the first ``pos`` of ``events`` (``total`` recorded)."""
    state = state_after(board, events[:pos])
    last = events[pos - 1]
    word = "Push" if isinstance(last, Push) else "Pop" if isinstance(last, Pop) else None
    return (state.path, f"Move {state.depth:,} of {board.size:,}",
            f"Pushes {state.pushes:,} · Pops {state.pops:,}", f"Event {pos:,} of {total:,}", f"{pos:,}", word)


def assert_shows(win, board: Board, events: list, pos: int, total: int) -> None:
    want = expected(board, events, pos, total)
    got = shown(win)
    if want[-1] is None:  # an outcome: its own sentence
        got, want = got[:-1], want[:-1]
    assert got == want, pos


def test_step_and_step_back_move_one_event_and_every_view_follows(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, C5)
    show_log(qtbot, window)
    board = Board(5)
    events = reference(board, C5, "backtracking", 60)
    player = window.player
    assert shown(window)[:4] == expected(board, events, 1, 1)[:4]
    popped: list[list[int]] = []
    player.backtracked.connect(popped.append)
    for k in range(2, 61):
        with qtbot.waitSignal(player.changed, timeout=1000):
            press(qtbot, window, Qt.Key.Key_Right)
        assert player.last_event() == events[k - 1]
        assert_shows(window, board, events, k, k)
        if isinstance(events[k - 1], Pop):
            assert popped[-1] == [events[k - 1].square]
    assert any(isinstance(e, Pop) for e in events) and popped
    for k in range(59, 0, -1):  # back to the start square; the history stays
        press(qtbot, window, Qt.Key.Key_Left)
        assert shown(window)[:4] == expected(board, events, k, 60)[:4], k
    assert not window.back_action.isEnabled() and len(player.history) == 60


def test_play_and_pause(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, C5)
    show_log(qtbot, window)
    player = window.player
    with qtbot.waitSignal(player.running_changed, timeout=1000, check_params_cb=bool):
        press(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: player.pos > 5, timeout=5000)
    with qtbot.waitSignal(player.running_changed, timeout=1000, check_params_cb=lambda running: not running):
        press(qtbot, window, Qt.Key.Key_Space)
    pos = player.pos
    with qtbot.assertNotEmitted(player.changed, wait=100):
        pass
    assert player.pos == pos and not player.running
    board = Board(5)
    events = reference(board, C5, "backtracking", pos)
    assert_shows(window, board, events, pos, pos)


def test_seeking_on_the_timeline_shows_the_state_after_that_event(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, C5)
    show_log(qtbot, window)
    board = Board(5)
    total = 6000
    events = reference(board, C5, "backtracking", total)
    player = window.player
    player.advance(total - 1)
    player.changed.emit()
    slider = window.teaching.timeline.slider
    rng = random.Random(7)
    for target in [1, total, 2, total - 1, *rng.sample(range(1, total + 1), 40)]:
        slider.setValue(target)  # as dragging the handle does
        assert player.pos == target and not player.running
        assert_shows(window, board, events, target, total)
        assert player.last_event() == events[target - 1]
    slider.setValue(1234)
    with qtbot.waitSignal(player.changed, timeout=1000):
        press(qtbot, window, Qt.Key.Key_Right)  # playing on from a jump replays the history
    assert_shows(window, board, events, 1235, total)


def test_finish_runs_to_the_outcome_and_the_views_show_the_tour(qtbot, window):
    window.apply_settings(6, 6, "warnsdorff")
    click_square(qtbot, window, 0)
    show_log(qtbot, window)
    player = window.player
    with qtbot.waitSignal(player.finished, timeout=10000) as blocker:
        press(qtbot, window, Qt.Key.Key_End)
    outcome = blocker.args[0]
    assert isinstance(outcome, Outcome) and outcome.kind == "tour"
    qtbot.waitUntil(lambda: not player.running, timeout=2000)
    board = Board(6)
    events = []
    for event in Search(board, 0, "warnsdorff"):  # up to the first outcome (the search would go on)
        events.append(event)
        if isinstance(event, Outcome):
            break
    assert events[-1] == outcome
    assert player.pos == len(events) and player.state.outcome == outcome
    assert_shows(window, board, events, len(events), len(events))
    assert not window.step_action.isEnabled() and not window.finish_action.isEnabled()


def test_maximum_speed_plays_many_events_per_frame(qtbot, window):
    window.apply_settings(8, 8, "backtracking")
    click_square(qtbot, window, 0)
    show_log(qtbot, window)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    player = window.player
    player.play()
    qtbot.waitUntil(lambda: player.pos > 20000, timeout=10000)
    player.pause()  # where the views show it: events recorded in the last ticks stay ahead in the history
    board = Board(8)
    events = reference(board, 0, "backtracking", player.pos)
    assert_shows(window, board, events, player.pos, len(player.history))
    assert list(player.history) == reference(board, 0, "backtracking", len(player.history))
    assert player.solver_seconds > 0


def test_the_stack_behind_the_head_is_the_engines_stack_there(qapp):
    """Stepped back, ``stack()`` is a search resumed from the state shown: its frames are the engine's."""
    board = Board(5)
    player = TourPlayer()
    player.configure(SearchConfig(board, "backtracking"))
    player.place(C5)
    player.advance(2999)
    for target in (2999, 1500, 700, 3000, 1):
        player.seek(target)
        engine = Search(board, C5, "backtracking")
        for _ in islice(engine, target):
            pass
        stack = player.stack()
        assert stack is not None and stack.frames() == engine.frames(), target
        assert stack is player.stack()  # built once per position
    player.seek(3000)
    assert player.at_head and player.stack() is player.search
    assert [player.pushed_at(k) for k in range(1, player.state.depth + 1)] == player.state.pushed_at
    assert all(type(player.history[i]) is Push for i in player.state.pushed_at)


class FakeClock:
    """A clock that moves on by ``step`` seconds each time it is read: the same ticks on every run."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def first(board: Board, start: int, algorithm: str) -> list[Event]:
    """The events of a search up to its first outcome."""
    events: list[Event] = []
    for event in Search(board, start, algorithm):
        events.append(event)
        if isinstance(event, Outcome):
            break
    return events


def positions_per_tick(qtbot, ticks: int) -> list[int]:
    """Where each of the first ``ticks`` view updates of a maximum-speed run finds a new player."""
    player = TourPlayer()
    player.clock = FakeClock(0.0005)
    player.configure(SearchConfig(Board(8), "backtracking"))
    player.set_speed(MAX_SPEED)
    player.place(0)
    seen: list[int] = []
    player.changed.connect(lambda: seen.append(player.pos))
    player.play()
    qtbot.waitUntil(lambda: len(seen) >= ticks, timeout=10000)
    player.pause()
    return seen[:ticks]


def test_with_a_fake_clock_every_player_takes_the_same_events_per_tick(qtbot):
    once = positions_per_tick(qtbot, 12)
    again = positions_per_tick(qtbot, 12)
    assert once == again
    steps = [b - a for a, b in zip(once, once[1:], strict=False)]
    assert all(step > 1000 for step in steps)  # many events per tick: the fast path


def test_at_maximum_speed_the_views_show_the_state_whenever_they_are_told(qtbot, window):
    """Ticks without views leave the state alone: every ``changed`` finds the views and the state agreeing."""
    window.apply_settings(8, 8, "backtracking")
    show_log(qtbot, window)
    player = window.player
    player.clock = FakeClock(0.0005)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    click_square(qtbot, window, 0)
    board = Board(8)
    seen: list[int] = []
    player.changed.connect(lambda: seen.append(player.pos))
    player.play()
    qtbot.waitUntil(lambda: len(seen) >= 6, timeout=10000)
    for _ in range(3):  # between ticks, whatever they did
        pos = player.pos
        assert list(window.board_widget.view.path) == player.state.path
        assert window.teaching.timeline.label.text().startswith(f"Event {pos:,} of ")
        qtbot.waitUntil(lambda: player.pos != pos, timeout=10000)  # noqa: B023
    press(qtbot, window, Qt.Key.Key_Space)
    pos = player.pos
    assert_shows(window, board, reference(board, 0, "backtracking", pos), pos, len(player.history))


def test_finish_says_how_long_the_run_took_and_the_search_took(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    player = window.player
    player.clock = FakeClock(0.0002)
    wall = FakeClock(0.001)
    player.wall_clock = wall
    click_square(qtbot, window, C5)
    show_log(qtbot, window)
    with qtbot.waitSignal(player.finished, timeout=20000):
        press(qtbot, window, Qt.Key.Key_End)
    qtbot.waitUntil(lambda: not player.running, timeout=2000)
    board = Board(5)
    events = first(board, C5, "backtracking")
    assert player.pos == len(events) and player.state.outcome == events[-1]
    assert_shows(window, board, events, len(events), len(events))
    assert player.wall_seconds > 0 and player.solver_seconds > 0
    assert window.time_label.text() == (f"Run {player.wall_seconds:.1f} s (wall) · "
                                        f"search {player.solver_seconds:.3f} s (CPU)")


def test_running_over_recorded_events_says_replaying_then_searching(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    player = window.player
    player.clock = FakeClock(0.001)  # a few chunks per tick
    click_square(qtbot, window, C5)
    show_log(qtbot, window)
    player.advance(20_000)
    player.seek(10)
    messages: list[str] = []
    player.changed.connect(lambda: messages.append(window.message_label.text()))
    with qtbot.waitSignal(player.finished, timeout=20000):
        press(qtbot, window, Qt.Key.Key_End)
    replaying = [m for m in messages if m.startswith("Replaying recorded events… ")]
    assert replaying and messages.index(replaying[-1]) < messages.index("Searching at full speed to the end… "
                                                                        "Esc stops.")
    percents = [int(m.rstrip("%").rsplit(" ", 1)[1]) for m in replaying]
    assert percents == sorted(percents) and all(0 < p <= 100 for p in percents)
    board = Board(5)
    events = first(board, C5, "backtracking")
    qtbot.waitUntil(lambda: not player.running, timeout=2000)
    assert_shows(window, board, events, len(events), len(events))


def test_run_to_the_next_backtrack_stops_just_after_it_in_the_history_and_beyond(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    player = window.player
    player.clock = FakeClock(0.001)
    click_square(qtbot, window, C5)
    show_log(qtbot, window)
    board = Board(5)
    events = reference(board, C5, "backtracking", 3000)
    pops = [i + 1 for i, e in enumerate(events) if isinstance(e, Pop)]
    player.advance(pops[3] + 5 - 1)  # recorded past the 4th pop
    player.seek(pops[2] + 1)  # just after the 3rd: the next is the 4th, in the history
    for want in pops[3:6]:  # then the 5th and 6th, new from the search
        with qtbot.waitSignal(player.running_changed, timeout=5000,
                              check_params_cb=lambda running: not running):
            player.run_to_next_backtrack()
        assert player.pos == want
        assert_shows(window, board, events, want, max(want, pops[3] + 5))


def test_go_to_a_later_move_runs_to_its_first_push(qtbot, window):
    window.apply_settings(8, 8, "backtracking")
    player = window.player
    player.clock = FakeClock(0.001)
    click_square(qtbot, window, 0)
    show_log(qtbot, window)
    board = Board(8)
    events = reference(board, 0, "backtracking", 200_000)
    want = next(i + 1 for i, e in enumerate(events) if isinstance(e, Push) and e.step == 50)
    with qtbot.waitSignal(player.running_changed, timeout=20000, check_params_cb=lambda running: not running):
        player.go_to_move(50)
    assert player.pos == want and player.state.depth == 50
    assert_shows(window, board, events, want, want)


def finish_plain_backtracking_from_a8(qtbot, window) -> tuple[TourPlayer, FakeClock]:
    """End pressed on 8×8 plain backtracking from a8 (a search of minutes), the wall clock a fake one."""
    window.apply_settings(8, 8, "backtracking")
    player = window.player
    wall = FakeClock(0.0)
    player.wall_clock = wall
    click_square(qtbot, window, 0)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    press(qtbot, window, Qt.Key.Key_End)
    return player, wall


def test_a_long_run_without_a_tour_warns_only_once_the_run_backs_it(qtbot, window):
    from knight_gui.ui.player import LONG_RUN_SECONDS

    player, wall = finish_plain_backtracking_from_a8(qtbot, window)
    qtbot.waitUntil(lambda: player.pos > 5000 and window.message_label.text().startswith("Searching"),
                    timeout=10000)
    assert "may take hours" not in window.message_label.text()  # no estimate backs a warning yet
    wall.now += LONG_RUN_SECONDS
    qtbot.waitUntil(lambda: "may take hours" in window.message_label.text(), timeout=10000)
    assert window.message_label.text().startswith("Searching… may take hours (no tour in ")
    press(qtbot, window, Qt.Key.Key_Space)
    assert not player.running and "may take hours" not in window.message_label.text()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_long_run_warning_is_read_whole_enough_in_a_1024_pixel_window(qtbot, request, language):
    """At 1024×768 the status bar showed "Searching… no tour after 355,419 events (2…": the warning
    itself was cut off.  It comes first now, and the words that say it show."""
    from knight_gui.ui.player import LONG_RUN_SECONDS

    window = request.getfixturevalue("window" if language == "en" else "chinese_window")
    window.resize(1024, 768)
    player, wall = finish_plain_backtracking_from_a8(qtbot, window)
    wall.now += LONG_RUN_SECONDS
    warning = "may take hours" if language == "en" else "可能要花几个小时"
    qtbot.waitUntil(lambda: warning in window.message_label.text() and player.pos > 5000, timeout=10000)
    assert window.width() == 1024
    shown = window.message_label.shown_text()
    assert warning in shown, shown
    press(qtbot, window, Qt.Key.Key_Escape)


def lagging_run(goal: str) -> tuple[TourPlayer, list[Event]]:
    """A fast run (to move 25 of 5×5 from c5, or at maximum speed) after a tick with views and one that
    only recorded events, which the views do not show yet; and the search's events that far."""
    player = TourPlayer()
    player.clock = FakeClock(0.001)
    player.configure(SearchConfig(Board(5), "backtracking"))
    player.place(C5)
    if goal == "move":
        player.go_to_move(25)
    else:
        player.set_speed(MAX_SPEED)
        player.play()
    for _ in range(2):  # (the manual way: ticks as the timer would give them, nothing else runs)
        player._timer.timeout.emit()
    assert player.running and player.pos < len(player.history)  # recorded ahead of the views
    return player, list(islice(Search(Board(5), C5, "backtracking"), len(player.history)))


def test_ctrl_b_during_a_run_stops_at_the_first_pop_among_events_recorded_ahead_of_the_views():
    """Recording stopped at the old goal, not at a pop: the new goal may lie among those events."""
    for before in ("move", "max"):
        player, events = lagging_run(before)
        shown = player.pos
        first_pop = next(i for i in range(shown, len(events)) if isinstance(events[i], Pop))
        player.run_to_next_backtrack()
        player._timer.timeout.emit()
        assert not player.running
        assert player.pos == first_pop + 1, before  # just after the first pop, not thousands later
        assert player.state.pops == sum(isinstance(e, Pop) for e in events[:first_pop + 1])


def test_going_to_a_move_during_a_run_stops_at_its_first_push_among_events_recorded_ahead():
    player, events = lagging_run("max")
    shown = player.pos
    move, index = next((e.step, i) for i in range(shown, len(events)) if isinstance(e := events[i], Push)
                       and e.step > player.state.depth + 1)
    player.go_to_move(move)
    player._timer.timeout.emit()
    assert not player.running and player.state.depth == move and player.pos == index + 1


def views_frames(views_fixed: float, views_per_event: float,
                 ticks: int = 240) -> tuple[list[float], list[int]]:
    """A maximum-speed run on 8×8 by a fake clock whose views take ``views_fixed`` seconds and
    ``views_per_event`` for each event they show anew: the frames with views (by the player's
    clock, from that tick to the next) and the events each showed, over the second half."""
    player = TourPlayer()
    clock = FakeClock(0.001)  # (a reading per chunk of recording: 512 events, 2 µs each)
    player.clock = clock
    player.configure(SearchConfig(Board(8), "backtracking"))
    player.set_speed(MAX_SPEED)
    player.place(0)
    shown = [player.pos]

    def views() -> None:
        clock.now += views_fixed + (player.pos - shown[-1]) * views_per_event
        shown.append(player.pos)

    player.changed.connect(views)
    player.play()
    frames: list[float] = []
    events: list[int] = []
    began = clock.now
    for tick in range(ticks):
        updates = len(shown)
        player._timer.timeout.emit()
        if tick >= ticks // 2 and len(shown) > updates:
            frames.append(clock.now - began)  # (the next tick begins now: nothing else runs)
            events.append(shown[-1] - shown[-2])
        began = clock.now
    player.pause()
    return frames, events


def test_views_that_take_longer_the_more_events_they_show_come_sooner_and_keep_the_frame():
    """Each tick with views shows every event recorded since the last (2 µs each here, on a big
    board the path drawn and the state caught up): the player learns to record fewer between
    them, so their frames stay within 16 ms; views that cost the same whatever they show are not
    held back."""
    frames, events = views_frames(0.004, 2e-6)
    assert len(frames) >= 20
    assert sum(frame <= 0.016 for frame in frames) >= 0.95 * len(frames), sorted(frames)[-5:]
    cheap_frames, cheap_events = views_frames(0.004, 0.0)
    assert max(cheap_frames) <= 0.016
    assert min(cheap_events) > 1.2 * max(events)  # the cheap views come no sooner than they must


def views_share(board_cost: float, table_cost: float, ticks: int = 160) -> tuple[float, float]:
    """A maximum-speed run on 8×8 by a fake clock whose views take ``board_cost`` seconds in the frame
    with views and ``table_cost`` in the next (the Stack table, late), whatever the events they show:
    over the second half, the views' share of the clock and the mean time between two with views."""
    player = TourPlayer()
    clock = FakeClock(0.001)  # (a reading per chunk of recording)
    player.clock = clock
    player.configure(SearchConfig(Board(8), "backtracking"))
    player.set_speed(MAX_SPEED)
    player.place(0)
    spent = [0.0]
    updates: list[float] = []

    def cost(seconds: float) -> None:
        clock.now += seconds
        spent[0] += seconds

    player.changed.connect(lambda: (updates.append(clock.now), cost(board_cost)))
    player.changed_late.connect(lambda: cost(table_cost))
    player.play()
    for tick in range(ticks):
        if tick == ticks // 2:
            began, spent[0], first = clock.now, 0.0, len(updates)
        player._timer.timeout.emit()
    player.pause()
    gaps = [b - a for a, b in zip(updates[first:], updates[first + 1:], strict=False)]
    return spent[0] / (clock.now - began), sum(gaps) / len(gaps)


def test_views_that_cost_much_come_less_often_so_the_search_keeps_two_thirds_of_the_thread(monkeypatch):
    """On a slow machine the views of 8×8 with every panel took 17 ms (the board's frame and the
    table's) every 35 ms: the search had half of the GUI thread, each frame within 16 ms.  Views
    that cost more than a third of the thread at that pace come as much less often as keeps them to
    it, but at least every 70 ms; cheap ones as often as before.  (Ticks here take 12 ms: the times
    between views are whole ticks.)"""
    from knight_gui.ui import player as player_module

    # The cap on the events between views out of the way: it brings them sooner where a frame with
    # them is too long, and these frames are long only by the fake clock's readings.
    monkeypatch.setattr(player_module, "VIEWS_FRAME_LIMIT", 1.0)
    share, gap = views_share(0.007, 0.007)
    assert share <= 0.34 and gap >= 0.048, (share, gap)  # (without the rule: 0.31, 0.046)
    share, gap = views_share(0.009, 0.009)
    assert share <= 0.34 and gap >= 0.06, (share, gap)  # (0.50, 0.036)
    cheap_share, cheap_gap = views_share(0.003, 0.003)
    assert cheap_gap <= 0.048 and cheap_share <= 0.15, (cheap_share, cheap_gap)  # every VIEW_INTERVAL
    dear_share, dear_gap = views_share(0.020, 0.020)
    assert 0.070 <= dear_gap <= 0.085, dear_gap  # at least every MAX_VIEW_INTERVAL


def test_a_slower_speed_teaches_the_maximum_speed_nothing_of_what_views_cost():
    """At a slower speed each frame holds the timer's wait (100 ms here) and the search is not
    timed: taken for what the views cost, it made them come every 70 ms once the speed was raised."""
    from knight_gui.ui import player as player_module

    player = TourPlayer()
    clock = FakeClock(0.001)
    player.clock = clock
    player.configure(SearchConfig(Board(8), "backtracking"))
    player.set_speed(SPEEDS[0])
    player.place(0)
    player.play()
    for _ in range(20):
        clock.now += 0.1  # (the timer's wait)
        player._timer.timeout.emit()
    player.pause()
    assert player._view_interval == player_module.VIEW_INTERVAL


@pytest.mark.parametrize("side", [8, 100])
def test_at_maximum_speed_the_stack_table_shows_a_tick_in_the_frame_after_the_board(qtbot, window, side):
    """The Stack table and the board each cost several milliseconds a frame, however few events they
    show: in one frame with the rest of the window they took 16-19 ms on a slow machine, on 8×8 and
    100×100 alike (there 45-55% of frames within 16 ms).  At maximum speed the table shows a tick's
    state in the next frame, before any event of it is applied; once the run stops, at once."""
    from knight_gui.ui.stack_panel import COL_SQUARE

    player = window.player
    model = window.teaching.stack_panel.model
    window.apply_settings(side, side, "backtracking")  # (thousands of pops, or squares deep)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    click_square(qtbot, window, 0)
    seen: list[tuple[int, int, bool]] = []  # (rows of the table, the state's depth, told late)
    player.changed.connect(lambda: seen.append((model.rowCount(), player.state.depth, False)))
    player.changed_late.connect(lambda: seen.append((model.rowCount(), player.state.depth, True)))
    player.play()
    qtbot.waitUntil(lambda: sum(late for *_, late in seen) >= 5, timeout=10_000)
    player.pause()
    told = [i for i, (*_, late) in enumerate(seen) if late and i > 0 and not seen[i - 1][2]]
    assert len(told) >= 4
    # When the board was told (the panel's slot ran first), the table still showed the state before;
    # when the table was told, the state had not moved since the board's.
    assert any(seen[i - 1][0] != seen[i - 1][1] for i in told)
    assert all(seen[i][1] == seen[i - 1][1] for i in told)
    assert model.rowCount() == player.state.depth  # stopped: the table shows where the run stopped
    assert model.index(0, COL_SQUARE).data() == player.config.board.label(player.state.path[-1])


def test_a_search_whose_events_are_slow_is_timed_in_smaller_chunks_so_no_tick_overruns_by_much():
    """A tick looks at the clock between chunks of events, and stops at the first look past its
    budget; at 6 µs an event (100×100 Warnsdorff) 512 of them took 3 ms, a tick's overrun."""
    player = TourPlayer()
    recorded: list[int] = []

    def clock() -> float:  # 6 µs per event recorded
        recorded.append(len(player.history))
        return len(player.history) * 6e-6 + len(recorded) * 1e-6

    player.clock = clock
    player.configure(SearchConfig(Board(8), "backtracking"))
    player.set_speed(MAX_SPEED)
    player.place(0)
    player.play()
    for _ in range(40):
        player._timer.timeout.emit()
    player.pause()
    between = [b - a for a, b in zip(recorded, recorded[1:], strict=False)][len(recorded) // 2:]
    assert max(between) * 6e-6 <= 0.0015, max(between)  # events recorded between two looks
    assert player.pos > 40 * 1000  # (and the ticks still take many events)


def test_a_search_brought_back_can_still_step_to_its_events_spilled_to_disk(monkeypatch):
    """A long search's oldest events live in its history's temporary file; Reset (or a click, a new
    board) replaced the history and closed that file, so after Edit ▸ Undo stepping back there failed."""
    from knight_gui.tour import history as history_module

    monkeypatch.setattr(history_module, "RECENT_CODES", 4096)  # (spill after a few thousand events)
    monkeypatch.setattr(history_module, "SPILL_CODES", 1024)
    player = TourPlayer()
    player.configure(SearchConfig(Board(6), "backtracking"))
    player.place(0)
    player.advance(20_000)
    assert player.history.spilled > 0
    kept = player.kept()
    player.reset()  # a fresh search of the same start
    player.place(3)
    player.bring_back(kept)
    player.seek(10)  # back among the events on disk
    events = list(islice(Search(Board(6), 0, "backtracking"), 20_000))
    assert player.history[5] == events[5]
    state = TourState(Board(6))
    for event in events[:10]:
        state.apply(event)
    assert player.state.path == state.path


def test_only_a_fresh_search_is_reproducible(qtbot):
    """What an export may run again from the start: a fresh search, not a path handed over, another
    source's events or a file's own moves (those are animated from the history: ui/animation)."""
    from knight_gui.tour.play import PlayGame
    from knight_gui.ui.files import ReplayConfig

    player = TourPlayer()
    board = Board(5)
    player.configure(SearchConfig(board))
    assert not player.reproducible  # (no knight yet)
    player.place(0)
    assert player.reproducible
    game = PlayGame(board)
    game.move(0)
    game.move(7)
    player.continue_from(*game.handover())
    assert not player.reproducible and player.search is not None
    kept = player.kept()
    player.place(12)
    assert player.reproducible
    player.bring_back(kept)
    assert not player.reproducible
    player.use_source(0, iter(reference(board, 0, "backtracking", 10)), lambda: None)
    assert not player.reproducible
    moves = tuple(reference(board, 0, "backtracking", 10))
    player.configure(ReplayConfig(board, "warnsdorff", events=moves, start=0))
    player.place(0)
    assert not player.reproducible  # a file's own moves
    player.place(12)
    assert player.reproducible  # the knight placed anew: a real search


def test_a_search_gone_on_from_a_path_has_the_same_frames_stepped_back_to(qtbot):
    """Play Yourself's path handed over, the search going on: across the pop of one of the path's own
    frames (d2), the frames stepped back to were counted twice (d2: 4 tried of its 3 candidates,
    and the Stack panel's tooltip raised IndexError); they are the live search's, every one."""
    from knight_gui.tour.play import PlayGame

    board = Board(5)
    names = ["c3", "d1", "b2", "a4", "c5", "b3", "d2", "b1", "a3"]
    game = PlayGame(board, "warnsdorff", "lookahead")
    for name in names:
        assert game.move(board.parse(name))
    pushes, snapshot = game.handover()

    def handed_over() -> TourPlayer:
        player = TourPlayer()
        player.configure(SearchConfig(board, "warnsdorff", "lookahead"))
        player.continue_from(pushes, snapshot)
        return player

    def frames(player: TourPlayer) -> list:
        stack = player.stack()
        return [stack.frame(i) for i in range(stack.depth)] if stack is not None else []

    player = handed_over()
    popped_at = None
    while popped_at is None:  # the first pop of one of the path's own frames below its last square
        player.advance(1)
        event = player.last_event()
        if isinstance(event, Pop) and event.step < len(names):
            popped_at = player.pos
    player = handed_over()
    player.advance(popped_at - 12 - player.pos)
    seen = {}
    while player.pos < popped_at + 4:  # at the head: the live search's own frames
        player.step()
        seen[player.pos] = frames(player)
    while player.pos > popped_at - 12:
        player.step_back()
        shown = frames(player)
        assert all(0 <= frame.next <= len(frame.candidates) for frame in shown)
        if player.pos in seen:
            assert shown == seen[player.pos], player.pos
