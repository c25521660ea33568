"""The timeline over very long histories: a slider step of several events, spilled events said."""

from __future__ import annotations

from knight_gui.tour import Board
from knight_gui.ui import timeline as timeline_module


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
