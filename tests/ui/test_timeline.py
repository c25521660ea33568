"""ui/timeline.py: a slider over every event so far; dragging it shows the search as it was then."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QStyle, QStyleOptionSlider

from knight_gui.tour import Board
from knight_gui.ui import timeline as timeline_module
from knight_gui.ui.player import SearchConfig, TourPlayer
from knight_gui.ui.timeline import Timeline


@pytest.fixture
def timeline(qtbot):
    player = TourPlayer()
    player.configure(SearchConfig(Board(5), "backtracking"))
    # the teaching actions the bar shows beside the slider (their own tests are test_teaching's)
    actions = SimpleNamespace(first_action=QAction("First"), backtrack_action=QAction("Backtrack"),
                              go_to_move_action=QAction("Go to move"))
    bar = Timeline(player, actions)  # type: ignore[arg-type]
    qtbot.addWidget(bar)
    bar.resize(700, 40)
    bar.show()
    qtbot.waitExposed(bar)
    bar.actions_kept = actions  # (alive as long as the bar)
    yield bar
    player.pause()


def handle_centre(bar: Timeline) -> QPoint:
    slider = bar.slider
    option = QStyleOptionSlider()
    slider.initStyleOption(option)
    rect = slider.style().subControlRect(QStyle.ComplexControl.CC_Slider, option,
                                         QStyle.SubControl.SC_SliderHandle, slider)
    return rect.center()


def test_before_any_event_the_slider_is_off(timeline):
    assert not timeline.slider.isEnabled()
    assert timeline.label.text() == "No events yet"


def test_the_range_grows_with_the_history_and_the_handle_shows_the_position(timeline):
    player = timeline.player
    player.place(2)
    player.advance(99)
    player.changed.emit()
    slider = timeline.slider
    assert slider.isEnabled() and (slider.minimum(), slider.maximum(), slider.value()) == (1, 100, 100)
    assert timeline.label.text() == "Event 100 of 100"
    player.step_back()
    assert slider.value() == 99 and timeline.label.text() == "Event 99 of 100"
    player.advance(2000)
    player.changed.emit()
    assert timeline.label.text() == "Event 2,099 of 2,099"  # (from event 99: the history replayed on)


def test_dragging_the_handle_pauses_and_shows_the_search_as_it_was(qtbot, timeline):
    player = timeline.player
    player.place(2)
    player.advance(999)
    player.changed.emit()
    player.play()
    slider = timeline.slider
    start = handle_centre(timeline)
    qtbot.mousePress(slider, Qt.MouseButton.LeftButton, pos=start)
    assert not player.running  # pressed: paused, so the handle stays where it is dragged
    target = QPoint(slider.width() // 4, start.y())
    qtbot.mouseMove(slider, target)
    qtbot.mouseRelease(slider, Qt.MouseButton.LeftButton, pos=target)
    qtbot.waitUntil(lambda: player.pos < 500)
    pos = player.pos
    assert slider.value() == pos and len(player.history) == 1000
    assert timeline.label.text() == f"Event {pos:,} of 1,000"
    assert len(player.state.path) == player.state.pushes - player.state.pops


def test_page_keys_move_a_twentieth_of_the_history(qtbot, timeline):
    player = timeline.player
    player.place(2)
    player.advance(399)
    player.changed.emit()
    timeline.slider.setFocus()
    qtbot.keyClick(timeline.slider, Qt.Key.Key_PageDown)
    assert player.pos == 380  # PageDown goes towards the minimum of a horizontal slider
    qtbot.keyClick(timeline.slider, Qt.Key.Key_Home)
    assert player.pos == 1 and player.state.path == [2]
    qtbot.keyClick(timeline.slider, Qt.Key.Key_End)
    assert player.pos == 400 and len(player.history) == 400


def test_the_bar_holds_the_run_to_actions(timeline):
    texts = [action.text() for action in timeline.actions()]
    assert texts[0] == "First" and texts[-2:] == ["Backtrack", "Go to move"]


# -- very long histories ------------------------------------------------------------------


def test_past_the_sliders_range_one_step_is_several_events_and_seeks_there(qtbot, window, monkeypatch):
    monkeypatch.setattr(timeline_module, "SLIDER_MAX", 100)
    window.apply_settings(8, 8, "backtracking")
    player = window.player
    player.place(0)
    player.advance(999)
    player.changed.emit()
    timeline = window.teaching.timeline
    slider = timeline.slider
    assert len(player.history) == 1000
    assert slider.maximum() == 100 and slider.value() == 100
    slider.setValue(37)  # as a drag does
    assert player.pos == 370 and not player.running
    assert timeline.label.text() == "Event 370 of 1,000"


def test_the_timeline_says_when_old_events_are_kept_on_disk(qtbot, window, monkeypatch):
    from knight_gui.tour import history as history_module

    monkeypatch.setattr(history_module, "RECENT_CODES", 256)
    monkeypatch.setattr(history_module, "SPILL_CODES", 128)
    window.apply_settings(8, 8, "backtracking")
    player = window.player
    player.place(0)
    assert window.teaching.timeline.label.toolTip() == ""
    player.advance(2000)
    player.changed.emit()
    spilled = player.history.spilled
    assert spilled >= 2000 - 256 - 128
    assert f"the oldest {spilled:,} are kept compressed" in window.teaching.timeline.label.toolTip()
    player.seek(5)  # an event on disk: the same board as stepping there
    board = Board(8)
    from itertools import islice

    from knight_gui.tour import Search
    from knight_gui.tour.state import TourState
    state = TourState(board)
    for event in islice(Search(board, 0, "backtracking"), 5):
        state.apply(event)
    assert player.state.path == state.path and list(window.board_widget.view.path) == state.path


def test_a_greyed_run_button_says_why_and_an_enabled_one_what_it_does(qtbot, window):
    """Greyed, Run to next backtrack said "Run until the search next pops a square off the stack",
    as if it could: its tooltip now says why it cannot (a greyed menu item shows no tip)."""
    bar = window.teaching.timeline
    teaching = window.teaching
    back, first, go_to = (bar.widgetForAction(action) for action in (
        teaching.backtrack_action, teaching.first_action, teaching.go_to_move_action))
    place = "Place the knight first: click a square"
    assert (back.toolTip(), first.toolTip(), go_to.toolTip()) == (place, place, place)
    assert not back.isEnabled()
    window.apply_settings(5, 5, "backtracking")
    widget = window.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(0).center().toPoint())
    assert back.isEnabled()
    assert back.toolTip() == "Run until the search next pops a square off the stack (Ctrl+B)"
    assert not first.isEnabled()
    assert first.toolTip() == "The knight is on its start square: this is the first event"
    assert go_to.isEnabled() and go_to.toolTip().startswith("Show the search when the knight stands")
    window.apply_settings(5, 5, "greedy")
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(0).center().toPoint())
    assert not back.isEnabled()
    assert back.toolTip() == "Greedy never goes back: there is no backtrack to run to"
    window.apply_settings(5, 5, "warnsdorff")
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(0).center().toPoint())
    with qtbot.waitSignal(window.player.finished, timeout=20_000):
        qtbot.keyClick(widget, Qt.Key.Key_End)
    assert not back.isEnabled()
    assert back.toolTip() == "The search is over: there is no backtrack left to run to"
    assert first.isEnabled() and first.toolTip().startswith("Back to the first event")
    window.apply_settings(5, 5, "backtracking")
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(0).center().toPoint())
    window.practice.action.trigger()  # Practice: the search waits for the student's guesses
    waits = "While you practise, the search waits for your guesses: nothing runs ahead"
    assert window.practice.active and not back.isEnabled() and not go_to.isEnabled()
    assert back.toolTip() == go_to.toolTip() == waits


def test_the_position_keeps_its_room_beside_the_slider_in_chinese(qtbot, chinese_window):
    """Measured by an English text, the label's room fitted the Chinese one to the pixel, drawn against
    the slider's handle (a review at 1366×768: "第 583,180 个事件，共 583,180 个")."""
    label = chinese_window.teaching.timeline.label
    margins = label.contentsMargins()
    assert label.least_text == "第 10,000,000 个事件，共 10,000,000 个"
    label.setText("第 583,180 个事件，共 583,180 个")
    label.relax()
    advance = label.fontMetrics().horizontalAdvance(label.text())
    assert label.width() >= advance + margins.left() + margins.right()

