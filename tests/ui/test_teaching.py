"""Teaching views: the player's seek, run-to and event info; stack panel, log, pseudocode, timeline."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from knight_gui.tour import DEFAULT_TIE_BREAK, Board, Outcome, Pop, Push
from knight_gui.tour import history as history_module
from knight_gui.ui import player as player_module
from knight_gui.ui.player import SearchConfig, TourPlayer


def click_square(qtbot, win, square: int) -> None:
    widget = win.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(square).center().toPoint())


def press(qtbot, win, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(win.board_widget, key, modifier)


def seen(player: TourPlayer) -> tuple:
    """Everything a view can read at the current position."""
    state = player.state
    stack = player.stack()
    frames = stack.frames() if stack is not None else []
    return (list(state.path), state.pushes, state.pops, state.dead_ends, state.max_depth,
            len(state.outcomes), state.outcome, frames,
            [player.pushed_at(k) for k in range(1, state.depth + 1)])


@pytest.fixture
def small_checkpoints(monkeypatch):
    """Checkpoints every 50 events, so a few thousand events cross many of them."""
    monkeypatch.setattr(history_module, "CHECKPOINT_EVERY", 50)
    monkeypatch.setattr(history_module, "SHORT_SEEK", 3)


#: c5 on 5x5: plain backtracking pops 36,189 times before its first tour (a5: 16 times).
C5 = 2


def make_player(qapp, rows: int, algorithm: str, start: int = C5) -> TourPlayer:
    player = TourPlayer()
    player.configure(SearchConfig(Board(rows), algorithm))
    player.place(start)
    return player


# -- the player ------------------------------------------------------------------------------


def test_seeking_anywhere_shows_exactly_what_stepping_there_shows(qapp, small_checkpoints):
    player = make_player(qapp, 5, "backtracking", 0)  # a5: tours come early
    reference = {1: seen(player)}
    while player.can_advance or player.can_next_tour:
        if len(player.history) >= 3000:
            break
        player._forward()  # also steps over the pop after a tour: the history goes on
        reference[player.pos] = seen(player)
    assert len(player.history.outcomes) >= 1
    rng = random.Random(4)
    targets = rng.sample(sorted(reference), 300) + [1, len(player.history), 2, len(player.history) - 1]
    for k in targets:
        player.seek(k)
        assert player.pos == k
        assert seen(player) == reference[k], k
    player.seek(len(player.history))
    for k in range(len(player.history), 1, -1):  # and stepping back all the way
        assert seen(player) == reference[k], k
        player.step_back()


def test_playing_on_from_a_scrubbed_position_continues_the_same_search(qtbot, qapp, small_checkpoints):
    player = make_player(qapp, 5, "backtracking")
    player.advance(400)
    history = list(player.history)
    player.seek(123)
    player.advance(400 - 123 + 500)  # replays the history, then pulls new events from the search
    assert list(player.history[:len(history)]) == history
    fresh = make_player(qapp, 5, "backtracking")
    fresh.advance(len(player.history) - 1)
    assert list(fresh.history) == list(player.history)
    assert seen(fresh) == seen(player)


def test_recent_events_and_last_event_decode_the_history(qapp):
    player = make_player(qapp, 5, "backtracking")
    events = []
    search = player.config.search(C5)
    for event in search:
        events.append(event)
        if len(events) == 500:
            break
    while len(player.history) < 500:
        player._forward()  # on over the outcomes too
    assert player.last_event() == events[-1]
    assert player.recent_events(40) == list(enumerate(events))[-40:]
    player.seek(200)
    assert player.recent_events(1000) == list(enumerate(events))[:200]
    assert player.last_event() == events[199]


def test_run_to_next_backtrack_stops_just_after_a_pop(qtbot, qapp):
    player = make_player(qapp, 5, "backtracking")
    for _ in range(3):
        before = player.pos
        with qtbot.waitSignal(player.running_changed, timeout=5000, check_params_cb=lambda r: not r):
            player.run_to_next_backtrack()
        assert isinstance(player.last_event(), Pop)
        kinds = [type(e) for _, e in player.recent_events(player.pos - before)]
        assert kinds.count(Pop) == 1 and kinds[-1] is Pop


def test_run_to_next_backtrack_stops_at_an_outcome_when_no_pop_comes(qtbot, qapp):
    player = make_player(qapp, 8, "warnsdorff")  # Warnsdorff tours 8x8 from a8 without a pop
    with qtbot.waitSignal(player.finished, timeout=10000):
        player.run_to_next_backtrack()
    qtbot.waitUntil(lambda: not player.running)
    assert isinstance(player.last_event(), Outcome) and player.state.pops == 0


def test_go_to_move_back_and_forward(qtbot, qapp):
    player = make_player(qapp, 5, "backtracking")
    player.advance(3000)
    path = list(player.state.path)
    depth = len(path)
    player.go_to_move(3)  # on the current path: at once, just after its push
    assert player.state.path == path[:3] and isinstance(player.last_event(), Push)
    player.go_to_move(depth)  # the next time the path is that long: runs forward
    qtbot.waitUntil(lambda: not player.running, timeout=5000)
    assert player.state.depth == depth and isinstance(player.last_event(), Push)
    assert player.last_event().step == depth
    player.go_to_move(25)
    qtbot.waitUntil(lambda: not player.running, timeout=10000)
    assert player.state.depth == 25 or player.state.outcome is not None


# -- the window's teaching views -------------------------------------------------------------


from knight_gui.tour import PopReason, Search, explain  # noqa: E402
from knight_gui.tour.explain import pop_reason, pseudocode, push_text  # noqa: E402
from knight_gui.ui import teaching  # noqa: E402
from knight_gui.ui.stack_panel import CANDIDATES_ROLE, COL_CANDIDATES, COL_MOVE, COL_NEXT, COL_SQUARE  # noqa: E402


def panel_rows(win) -> list[tuple]:
    """The stack panel's rows as the user sees them: move, square, candidates, next (top first)."""
    model = win.teaching.stack_panel.model
    rows = []
    for row in range(model.rowCount()):
        cells = [model.index(row, c).data() for c in (COL_MOVE, COL_SQUARE, COL_NEXT)]
        candidates, nxt, _top = model.index(row, COL_CANDIDATES).data(CANDIDATES_ROLE)
        rows.append((cells[0], cells[1], tuple(candidates), nxt, cells[2]))
    return rows


def engine_rows(board: Board, search: Search) -> list[tuple]:
    """The same, read from a search's own stack."""
    rows = []
    for i in range(search.depth - 1, -1, -1):
        frame = search.frame(i)
        nxt = board.name(frame.candidates[frame.next][0]) if frame.next < len(frame.candidates) else "none"
        rows.append((str(frame.step), board.label(frame.square), frame.candidates, frame.next, nxt))
    return rows


def show_log(qtbot, win) -> None:
    """Bring the event log's tab to the front (it shares a tab group with the pseudocode)."""
    win.teaching.log_dock.raise_()
    qtbot.waitUntil(lambda: not win.teaching.event_log.visibleRegion().isEmpty())


def log_rows(win) -> list[str]:
    model = win.teaching.event_log.model
    return [model.index(row).data() for row in range(model.rowCount())]


def test_the_panel_rows_are_the_engines_stack_after_every_event(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, C5)
    board = Board(5)
    engine = Search(board, C5, "backtracking")  # the same search, run alongside
    events = iter(engine)
    next(events)
    assert panel_rows(window) == engine_rows(board, engine)
    pops = 0
    recorded = {}
    for _ in range(400):
        press(qtbot, window, Qt.Key.Key_Right)
        event = next(events)
        pops += isinstance(event, Pop)
        assert panel_rows(window) == engine_rows(board, engine), window.player.pos
        recorded[window.player.pos] = panel_rows(window)
        if isinstance(event, Outcome):
            break
    assert pops > 50
    for _ in range(150):  # and back: the rows are those the engine had then
        press(qtbot, window, Qt.Key.Key_Left)
        assert panel_rows(window) == recorded[window.player.pos]


def test_the_panel_keeps_up_at_full_speed(qtbot, window):
    window.apply_settings(8, 8, "backtracking")
    click_square(qtbot, window, 0)
    window.speed_slider.setValue(len(player_module.SPEEDS) - 1)
    press(qtbot, window, Qt.Key.Key_Space)
    for _ in range(3):
        with qtbot.waitSignal(window.player.changed, timeout=5000):
            pass
    press(qtbot, window, Qt.Key.Key_Space)
    player = window.player
    # Paused where the views showed it: events the last ticks recorded may stay ahead in the history.
    assert player.pos > 1000
    assert panel_rows(window) == engine_rows(Board(8), player.stack())
    assert window.teaching.timeline.label.text() == f"Event {player.pos:,} of {len(player.history):,}"


def test_selecting_a_row_highlights_its_square_and_candidates(qtbot, window):
    from tests.ui.test_window import ink_fraction

    window.apply_settings(6, 6, "backtracking")
    click_square(qtbot, window, 0)
    for _ in range(30):
        press(qtbot, window, Qt.Key.Key_Right)
    panel = window.teaching.stack_panel
    table = panel.table
    row = 4
    frame = panel.model.frame_at(row)
    rect = table.visualRect(panel.model.index(row, COL_SQUARE))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    view = window.board_widget.view
    assert view.selected == frame.square
    assert list(view.candidates) == list(frame.candidates) and view.show_candidates
    image = window.board_widget.grab().toImage()
    theme = window.board_widget.theme
    assert ink_fraction(image, window.board_widget.square_rect(frame.square), theme.selected, 60) > 0.05
    top = panel.model.frame_at(0)
    assert ink_fraction(image, window.board_widget.square_rect(top.square), theme.selected, 60) == 0
    # a step keeps the selection on the same frame (it is below the top)
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.board_widget.view.selected == frame.square
    table.clearSelection()
    assert window.board_widget.view.selected is None


@pytest.mark.usefixtures("small_checkpoints")
def test_scrubbing_to_an_event_and_back_shows_what_stepping_there_shows(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, C5)
    shown = {}

    def look():
        return (list(window.board_widget.view.path), panel_rows(window), window.counts_label.text(),
                window.teaching.stack_panel.counters.text(), window.teaching.stack_panel.banner.text(),
                window.teaching.pseudocode.current)

    shown[1] = look()
    for _ in range(600):
        press(qtbot, window, Qt.Key.Key_Right)
        shown[window.player.pos] = look()
        if not window.player.can_advance:
            break
    slider = window.teaching.timeline.slider
    end = window.player.pos
    assert slider.maximum() == end and slider.value() == end
    rng = random.Random(7)
    for k in rng.sample(sorted(shown), 40) + [1, end, 300]:
        slider.setSliderPosition(k)  # as dragging the handle does
        assert window.player.pos == k
        assert look() == shown[k], k
        slider.setSliderPosition(1 if k > end // 2 else end)  # away, and back
        slider.setSliderPosition(k)
        assert look() == shown[k], k


def test_scrubbing_pauses_and_playing_goes_on_from_there(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, C5)
    window.player.advance(300)
    window.player.changed.emit()
    press(qtbot, window, Qt.Key.Key_Space)
    window.teaching.timeline.slider.setSliderPosition(100)
    assert not window.player.running and window.player.pos == 100
    press(qtbot, window, Qt.Key.Key_Right)
    assert window.player.pos == 101 and len(window.player.history) >= 300


def test_run_to_next_backtrack_stops_on_a_pop_and_says_why_as_the_engine_does(qtbot, window):
    window.apply_settings(6, 6, "backtracking")
    click_square(qtbot, window, 0)
    show_log(qtbot, window)
    board = Board(6)
    for _ in range(4):
        press(qtbot, window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: not window.player.running, timeout=5000)
        player = window.player
        engine = list(zip(range(player.pos), Search(board, 0, "backtracking"), strict=False))
        last = engine[-1][1]
        assert isinstance(last, Pop) and player.last_event() == last
        reason = str(pop_reason(board, last))
        assert window.message_label.text() == f"Backtrack: {reason}"
        search = Search(board, 0, "backtracking")  # the pop told whole: where the search goes next
        for _ in zip(range(player.pos), search, strict=False):
            pass
        story = str(explain.event_text(board, last, search.frame(-1) if search.depth else None,
                                       path=search.path()))
        assert story.startswith(f"Pop {board.name(last.square)} (move {last.step}): ")
        assert window.teaching.stack_panel.banner.text() == story
        assert log_rows(window)[-1] == f"{player.pos:,}  {story}"
        lines = [t.code for t in pseudocode(player.config.algorithm)]
        assert lines[window.teaching.pseudocode.current] == "code-pop"
    reasons = {PopReason(e.reason) for _, e in engine if isinstance(e, Pop)}
    assert PopReason.DEAD_END in reasons


def test_home_goes_to_the_first_event_and_keeps_the_history(qtbot, window):
    click_square(qtbot, window, 0)
    for _ in range(5):
        press(qtbot, window, Qt.Key.Key_Right)
    press(qtbot, window, Qt.Key.Key_Home)
    assert window.player.pos == 1 and len(window.player.history) == 6
    assert window.board_widget.view.path == [0]
    assert not window.teaching.first_action.isEnabled()
    assert window.teaching.timeline.label.text() == "Event 1 of 6"


def test_go_to_move_asks_for_the_move_and_goes_there(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, C5)
    window.player.advance(200)
    window.player.changed.emit()
    path = list(window.player.state.path)
    asked = []

    def get_int(parent, title, label, value, low, high, *args, **kwargs):
        asked.append((label, value, low, high))
        return 4, True

    monkeypatch.setattr(QInputDialog, "getInt", get_int)
    press(qtbot, window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert asked == [("Move number (1–25):", len(path), 1, 25)]
    assert window.board_widget.view.path == path[:4]
    assert panel_rows(window)[0][0] == "4"
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: (len(path) + 1, True))
    press(qtbot, window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.player.running, timeout=5000)
    assert len(window.board_widget.view.path) == len(path) + 1
    assert window.board_widget.view.path[:4] == path[:4]


def test_the_log_explains_a_push_against_its_parent_frame(qtbot, window):
    window.apply_settings(8, 8, "warnsdorff")
    click_square(qtbot, window, 0)
    show_log(qtbot, window)
    board = Board(8)
    engine = Search(board, 0, "warnsdorff")
    events = iter(engine)
    next(events)
    for _ in range(10):
        press(qtbot, window, Qt.Key.Key_Right)
        push = next(events)
        expected = str(push_text(board, push, engine.frame(-2), True, DEFAULT_TIE_BREAK))
        assert log_rows(window)[-1] == f"{window.player.pos:,}  {expected}"
        assert window.teaching.stack_panel.banner.text() == expected
    assert "the lowest of" in log_rows(window)[-1]
    assert len(log_rows(window)) == 11


def test_the_pseudocode_follows_the_events(qtbot, window):
    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, C5)
    code = window.teaching.pseudocode
    lines = [code.code.item(i).text() for i in range(code.code.count())]
    assert 10 <= len(lines) <= 13 and lines[0].startswith(" 1  ")
    assert "push the start square" in lines[code.current]
    press(qtbot, window, Qt.Key.Key_Right)
    assert "push c" in lines[code.current]
    press(qtbot, window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.player.running, timeout=5000)
    assert "pop top" in lines[code.current]
    image = code.code.viewport().grab().toImage()  # the line on the current line's colour, it alone
    ratio = image.devicePixelRatio()

    def colour(row: int) -> str:
        rect = code.code.visualItemRect(code.code.item(row))
        return image.pixelColor(int((rect.right() - 4) * ratio), int((rect.top() + 1) * ratio)).name()

    assert colour(code.current) == "#ffe0b2" and colour(code.current - 1) != "#ffe0b2"


def test_the_log_behind_the_pseudocode_tab_catches_up_when_its_tab_is_chosen(qtbot, window):
    click_square(qtbot, window, 0)
    for _ in range(5):
        press(qtbot, window, Qt.Key.Key_Right)
    assert window.teaching.event_log.visibleRegion().isEmpty()  # the pseudocode's tab is in front
    show_log(qtbot, window)
    assert len(log_rows(window)) == 6 and log_rows(window)[0].startswith("1  Push a8 as move 1")
    window.teaching.pseudocode_dock.raise_()
    qtbot.waitUntil(lambda: window.teaching.event_log.visibleRegion().isEmpty())
    press(qtbot, window, Qt.Key.Key_Right)
    show_log(qtbot, window)
    assert len(log_rows(window)) == 7


def test_double_clicking_a_log_row_goes_back_to_that_event(qtbot, window):
    click_square(qtbot, window, 0)
    show_log(qtbot, window)
    for _ in range(6):
        press(qtbot, window, Qt.Key.Key_Right)
    view = window.teaching.event_log.view
    rect = view.visualRect(window.teaching.event_log.model.index(3, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # a double-click:
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # press, then again
    assert window.player.pos == 4 and len(window.board_widget.view.path) == 4
    assert len(log_rows(window)) == 4


def test_hidden_panels_catch_up_when_shown(qtbot, window):
    click_square(qtbot, window, 0)
    teaching_views = window.teaching
    teaching_views.stack_dock.hide()
    teaching_views.log_dock.hide()
    for _ in range(8):
        press(qtbot, window, Qt.Key.Key_Right)
    teaching_views.stack_dock.show()
    teaching_views.log_dock.show()
    show_log(qtbot, window)
    assert panel_rows(window) == engine_rows(Board(8), window.player.search)
    assert len(log_rows(window)) == 9
    assert "Pushes 9" in teaching_views.stack_panel.counters.text()


def test_every_new_control_has_a_tooltip_and_accessible_name(qtbot, window):
    t = window.teaching
    for widget in (t.timeline.slider, t.stack_panel.table, t.event_log.view, t.pseudocode.code):
        assert widget.toolTip() and widget.accessibleName()
    for action in (t.first_action, t.backtrack_action, t.go_to_move_action):
        assert action.statusTip() and not action.shortcut().isEmpty()


def current_line(win) -> str:
    code = win.teaching.pseudocode
    return code.code.item(code.current).text()


def test_the_pseudocode_is_that_of_the_variant_run(qtbot, window):
    code = window.teaching.pseudocode

    def lines() -> list[str]:
        return [code.code.item(i).text() for i in range(code.code.count())]

    window.apply_settings(8, 8, "greedy")
    click_square(qtbot, window, 0)
    assert not any("pop top" in line or "look for the next" in line for line in lines())
    window.player.advance(200)  # Warnsdorff's rule tours 8x8 from a8 without getting stuck
    window.player.changed.emit()
    assert window.player.state.outcome.kind == "tour"
    assert current_line(window) == " 6          report the tour and stop (greedy never backtracks)"

    window.apply_settings(6, 6, "backtracking", closed=True)
    click_square(qtbot, window, 0)
    assert lines()[4] == " 5      if the stack holds every square and top is a knight's move from the start:"
    player = window.player
    for _ in range(20000):  # on to the first pop where the way back to the start was cut off
        player.advance(1)
        event = player.last_event()
        if isinstance(event, Pop) and event.reason == PopReason.CUT_OFF:
            break
    player.changed.emit()
    assert isinstance(event, Pop) and event.reason == PopReason.CUT_OFF
    assert "the way back cut off" in current_line(window)
    assert code.note.text() == (f"Line {code.current + 1} made the last event: pop top: a dead end, "
                                "the way back cut off, or all its candidates tried")

    window.apply_settings(6, 6, "backtracking", closed=False)  # and back: the open search's lines
    assert "knight's move from the start" not in lines()[4]


def test_greedy_rows_below_the_top_have_no_next_candidate(qtbot, window):
    from tests.ui.test_window import ink_fraction

    panel = window.teaching.stack_panel
    model, table = panel.model, panel.table

    def look(algorithm: str) -> tuple[list, list]:
        window.apply_settings(8, 8, algorithm)
        click_square(qtbot, window, 0)
        for _ in range(6):
            press(qtbot, window, Qt.Key.Key_Right)
        image = table.viewport().grab().toImage()
        cells = [table.visualRect(model.index(row, COL_CANDIDATES)) for row in range(3)]
        orange = [ink_fraction(image, cell, panel.colours.next, 60) for cell in cells]
        return panel_rows(window), orange

    rows, orange = look("greedy")
    top = model.frame_at(0)
    assert rows[0][4] == Board(8).name(top.candidates[top.next][0])  # greedy does push the top's next
    assert orange[0] > 0
    for row in range(1, len(rows)):
        assert rows[row][4] == "—"
        index = model.index(row, COL_NEXT)
        assert index.data(Qt.ItemDataRole.AccessibleTextRole) == "never: greedy does not backtrack"
        assert "never comes back" in index.data(Qt.ItemDataRole.ToolTipRole)
        assert "→" not in model.index(row, COL_CANDIDATES).data()
    assert orange[1] == orange[2] == 0  # no candidate below the top is "next to try"
    rows, orange = look("warnsdorff")  # the same search, backtracking: the next candidates are there
    assert all(row[4] not in ("—", "none") for row in rows[1:3]) and orange[1] > 0


def test_the_banner_on_an_impossible_start_speaks_the_interface_language(qtbot, window):
    from knight_gui.ui import i18n

    window.apply_settings(5, 5)
    click_square(qtbot, window, 1)  # b5: not the corners' colour on an odd board
    banner = window.teaching.stack_panel.banner
    assert banner.text().startswith("No search: 5×5 has 13 squares of the corners' colour")
    try:
        window.language_menu.choose("zh_CN")
        text = banner.text()
        assert text.startswith("不需搜索：") and "角格" in text and "13" in text
        assert "colour" not in text and "squares" not in text
    finally:
        i18n.install_translator(i18n.ENGLISH)


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1280, 720), (1400, 900)])
def test_on_a_projector_the_board_keeps_most_of_the_width_and_every_pseudocode_line_shows(
        qtbot, window, width, height):
    t = window.teaching
    window.apply_settings(6, 6, "backtracking", closed=True)  # the longest lines
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.player.running, timeout=5000)
    window.resize(width, height)
    qtbot.waitUntil(lambda: t.stack_dock.width() <= width * 0.41, timeout=2000)  # the board keeps the rest
    assert t.stack_dock.width() >= t.stack_panel.columns_width() - 1
    assert window.board_widget.width() >= width * 0.55
    table = t.stack_panel.table  # every column of the stack shows
    header = table.horizontalHeader()
    assert header.sectionViewportPosition(COL_NEXT) + header.sectionSize(COL_NEXT) <= table.viewport().width()
    assert header.textElideMode() == Qt.TextElideMode.ElideRight  # a narrow header ends in "…", not clipped
    code = t.pseudocode.code
    note = t.pseudocode.note.text()  # the current line in full, however narrow the list
    assert note.endswith(code.item(t.pseudocode.current).toolTip())
    shown = code.viewport().rect()
    assert code.horizontalScrollBar().maximum() == 0  # (long lines wrap: never a sideways scroll)
    stack_rows = table.viewport().height() / table.verticalHeader().defaultSectionSize()
    for row in range(code.count()):
        line = code.visualItemRect(code.item(row))
        assert line.right() <= shown.right(), (row + 1, line, shown)
        # Every line whole, unless the stack is down to its least rows (issue 12: 6 at 1024×768):
        # then the list scrolls up and down (its current line in view, below).
        if stack_rows > 6.5:
            assert shown.top() <= line.top() and line.bottom() <= shown.bottom(), (row + 1, line, shown)
    image = code.viewport().grab().toImage()  # the current line shows, highlighted
    line = code.visualItemRect(code.item(t.pseudocode.current))
    ratio = image.devicePixelRatio()
    highlight = t.pseudocode.delegate.colours.current_line.name()
    y = int((line.top() + 1) * ratio)  # above the letters
    xs = range(int(shown.left() * ratio), int(min(line.right(), shown.right()) * ratio), 4)
    assert sum(image.pixelColor(x, y).name() == highlight for x in xs) > 0.8 * len(xs)


def test_a_width_the_user_gives_the_docks_is_kept_while_it_fits(qtbot, window):
    t = window.teaching
    window.resize(1400, 900)
    qtbot.waitUntil(lambda: t.stack_dock.width() == t.dock_width())
    least = t.stack_panel.columns_width()
    window.resizeDocks([t.stack_dock], [least + 20], Qt.Orientation.Horizontal)  # as dragging does
    qtbot.waitUntil(lambda: t.stack_dock.width() == least + 20)
    window.resize(1300, 900)
    qtbot.waitUntil(lambda: window.board_widget.width() < 1300 - least - 20)
    assert t.stack_dock.width() == least + 20
    window.resize(1024, 768)  # now more than 40%: back within bounds
    qtbot.waitUntil(lambda: t.stack_dock.width() <= max(least, 1024 * teaching.DOCK_SHARE) + 1)


def test_in_a_window_too_low_for_every_line_the_current_line_still_shows(qtbot, window):
    t = window.teaching
    code = t.pseudocode.code
    window.apply_settings(6, 6, "backtracking")
    click_square(qtbot, window, 0)
    window.resize(900, 480)  # (the lines wrap and no note is under them)

    def current_shows() -> bool:
        line, shown = code.visualItemRect(code.item(t.pseudocode.current)), code.viewport().rect()
        return shown.top() <= line.top() and line.bottom() <= shown.bottom()

    qtbot.waitUntil(lambda: code.viewport().height() < 6 * code.sizeHintForRow(0))  # some lines are cut
    for key, modifier in ((Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier),  # a pop: line 11
                          (Qt.Key.Key_Home, Qt.KeyboardModifier.NoModifier),  # the start: line 2
                          (Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)):
        press(qtbot, window, key, modifier)
        qtbot.waitUntil(lambda: not window.player.running, timeout=5000)
        assert current_shows(), t.pseudocode.current + 1
    least = window.minimumSizeHint().height()
    window.resize(900, least)  # the window as low as it goes, whatever the fonts: the line stays in view
    qtbot.waitUntil(lambda: window.height() <= least + 8)
    assert current_shows()


def test_a_selected_frame_shows_its_candidate_on_the_stack_apart_from_those_tried(qtbot, window):
    from tests.ui.test_window import ink_fraction

    window.apply_settings(5, 5, "backtracking")
    click_square(qtbot, window, C5)
    window.player.advance(60)
    window.player.changed.emit()
    panel = window.teaching.stack_panel
    row = next(r for r in range(1, panel.model.rowCount()) if panel.model.frame_at(r).next >= 2)
    frame = panel.model.frame_at(row)
    panel.table.selectRow(row)
    widget = window.board_widget
    widget.clear_flashes()
    view, theme = widget.view, widget.theme
    assert (view.tried_candidates, view.next_candidate) == (frame.next - 1, frame.next)
    image = widget.grab().toImage()
    above = widget.square_rect(frame.candidates[frame.next - 1][0])  # on the stack: not grey, not orange
    assert ink_fraction(image, above, theme.candidate_tried, 24) < 0.01  # (a few edges of its number)
    assert ink_fraction(image, above, theme.candidate, 60) < 0.01
    for square, _degree in frame.candidates[:frame.next - 1]:  # tried and backtracked: grey
        assert ink_fraction(image, widget.square_rect(square), theme.candidate_tried, 24) > 0.02
    # greedy: below the top, the frame's next is never tried
    window.apply_settings(8, 8, "greedy")
    click_square(qtbot, window, 0)
    window.player.advance(10)
    window.player.changed.emit()
    panel.table.selectRow(3)
    frame = panel.model.frame_at(3)
    image = widget.grab().toImage()
    view = widget.view
    above, never = (widget.square_rect(frame.candidates[i][0]) for i in (0, 1))
    assert ink_fraction(image, above, theme.candidate, 60) < 0.01
    assert ink_fraction(image, never, theme.candidate_next, 60) < 0.01  # not bold red-orange: not next
    assert view.next_candidate == -1


def test_candidates_that_do_not_fit_end_in_an_ellipsis_never_a_cut_chip(qtbot, window):
    """100×100 names like (18,64) are wide: in a narrow panel the chips that fit show, then "…"."""
    window.resize(1024, 768)
    window.apply_settings(100, 100)
    click_square(qtbot, window, 0)
    window.player.advance(40)
    window.player.seek(window.player.pos)
    panel = window.teaching.stack_panel
    table = panel.table
    delegate = panel.delegate
    delegate.drawn.clear()
    table.viewport().grab()  # paint
    assert delegate.drawn
    assert any(drawn < total for drawn, total, _, _ in delegate.drawn.values()), "some row does not fit"
    for _drawn, _total, end, room in delegate.drawn.values():
        assert end <= room + 0.5  # what is drawn ends inside the cell: no chip cut at the edge


def test_run_to_next_backtrack_is_off_for_greedy_which_never_backtracks(qtbot, window):
    action = window.teaching.backtrack_action
    window.apply_settings(8, 8, "greedy")
    click_square(qtbot, window, 0)
    assert window.player.can_advance and not action.isEnabled()
    window.apply_settings(8, 8, "backtracking")
    click_square(qtbot, window, 0)
    assert action.isEnabled()


def test_after_reset_the_pseudocode_shows_its_first_line_again(qtbot, window):
    """After Reset (or a new board) the marked line is the second, and the list had scrolled just far
    enough to show it: the first line, the comment that says what a candidate is, stayed above the
    view until the user scrolled."""
    window.apply_settings(5, 5, "backtracking")
    window.resize(window.width(), 560)  # (a low window: the list scrolls)
    click_square(qtbot, window, 12)
    player = window.player
    code = window.teaching.pseudocode.code
    while player.can_advance and code.verticalScrollBar().value() == 0:
        player.step()  # until a line far down (a pop) has scrolled the list
    assert code.verticalScrollBar().value() > 0
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Escape)  # Reset
    assert window.teaching.pseudocode.current == 1
    qtbot.waitUntil(lambda: code.verticalScrollBar().value() == 0)
    first = code.visualItemRect(code.item(0))
    assert first.top() >= 0 and code.viewport().rect().contains(code.visualItemRect(code.item(1)))
