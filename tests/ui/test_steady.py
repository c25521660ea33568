"""ui/steady.py: texts that change every frame without moving what is around them."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from knight_gui.ui.player import MAX_SPEED, SPEEDS
from knight_gui.ui.steady import SteadyBox, SteadyLabel
from tests.ui.test_player import FakeClock

LONG = "Pop e4 (move 13): every candidate was tried and led to a dead end, so the search goes back to c3"


def shown(qtbot, widget: QWidget) -> None:
    widget.show()
    qtbot.waitExposed(widget)


def test_a_steady_label_keeps_the_room_of_its_longest_text_until_it_relaxes(qtbot):
    row = QWidget()
    qtbot.addWidget(row)
    label, after = SteadyLabel(row), QLabel("after", row)
    layout = QHBoxLayout(row)
    layout.addWidget(label)
    layout.addWidget(after)
    layout.addStretch(1)
    label.setText("Pushes 1,234,567")
    shown(qtbot, row)
    wide, x = label.width(), after.x()
    assert wide >= label.fontMetrics().horizontalAdvance("Pushes 1,234,567")
    label.setText("Pushes 9")  # shorter: nothing moves
    layout.activate()
    assert (label.width(), after.x(), label.text()) == (wide, x, "Pushes 9")
    label.setText("Pushes 12,345,678")  # longer: it grows, the next field makes room
    qtbot.waitUntil(lambda: after.x() > x)
    assert label.width() > wide
    label.setText("Pushes 9")
    label.relax()  # (a run ended, a new search): back to its text
    qtbot.waitUntil(lambda: after.x() < x)
    assert label.width() < wide


def test_a_steady_label_never_narrower_than_its_least_text(qtbot):
    label = SteadyLabel()
    qtbot.addWidget(label)
    label.least_text = "Event 10,000,000 of 10,000,000"
    label.setText("Event 1 of 1")
    label.relax()
    assert label.width() >= label.fontMetrics().horizontalAdvance(label.least_text)


def test_a_steady_labels_least_text_keeps_its_margins(qtbot):
    """The timeline's label keeps 8 pixels from the slider and the button beside it; a text as wide as
    its least text was drawn against the slider's handle (Chinese: "第 102,476 个事件，共 102,476 个")."""
    label = SteadyLabel()
    qtbot.addWidget(label)
    label.setContentsMargins(8, 0, 8, 0)
    label.least_text = "Event 10,000,000 of 10,000,000"
    label.setText("Event 1 of 1")
    label.relax()
    assert label.width() >= label.fontMetrics().horizontalAdvance(label.least_text) + 16


def panel(qtbot, width: int = 220) -> tuple[QWidget, SteadyBox, QLabel]:
    """A column: a steady box with a wrapped label, and a label below it."""
    column = QWidget()
    qtbot.addWidget(column)
    text = QLabel()
    text.setWordWrap(True)
    box, below = SteadyBox(text, column), QLabel("below", column)
    layout = QVBoxLayout(column)
    layout.addWidget(box)
    layout.addWidget(below)
    layout.addStretch(1)
    column.resize(width, 400)
    shown(qtbot, column)
    return column, box, below


def test_a_steady_box_keeps_the_height_of_its_highest_text_until_it_relaxes(qtbot):
    column, box, below = panel(qtbot)
    box.label.setText(LONG)  # a few lines at this width
    box.fit()
    qtbot.waitUntil(lambda: box.label.height() >= box.label.heightForWidth(box.width()))
    high, y = box.height(), below.y()
    assert high >= 3 * box.label.fontMetrics().lineSpacing()
    box.label.setText("Push c3")  # one line: the label below stays where it is
    box.fit()
    box.parentWidget().layout().activate()
    assert (box.height(), below.y()) == (high, y)
    assert box.label.geometry() == box.rect()  # (the whole box is the label's: its background)
    box.relax()
    qtbot.waitUntil(lambda: below.y() < y)
    assert box.height() < high


def test_a_steady_box_is_as_high_as_its_label_must_be(qtbot):
    column, box, _ = panel(qtbot)
    box.label.setMinimumHeight(60)
    box.label.setText("Push c3")
    box.relax()
    qtbot.waitUntil(lambda: box.height() == 60)


def test_a_squeezed_steady_box_keeps_its_present_text_whole(qtbot):
    """Below it a table that must keep its rows, the column too low for all the room kept: the room
    kept for longer texts may go, the present text's lines may not (they were cut in half)."""
    column = QWidget()
    qtbot.addWidget(column)
    text = QLabel()
    text.setWordWrap(True)
    box, table = SteadyBox(text, column, whole=True), QWidget(column)
    table.setMinimumHeight(300)
    layout = QVBoxLayout(column)
    layout.addWidget(box)
    layout.addWidget(table, 1)
    column.resize(220, 310)
    shown(qtbot, column)
    text.setText(LONG)  # a few lines at this width
    box.fit()
    lines = text.fontMetrics().height()
    qtbot.waitUntil(lambda: box.height() >= text.heightForWidth(box.width()) >= 3 * lines)
    text.setText("Push c3")  # the room kept for the longer text may be squeezed: one line is left
    box.fit()
    assert box.minimumSizeHint().height() == box.needed() < 2 * lines


def test_hiding_the_label_hides_its_box(qtbot):
    column, box, below = panel(qtbot)
    box.label.setText(LONG)
    box.fit()
    column.layout().activate()
    y = below.y()
    assert y > box.label.fontMetrics().lineSpacing() * 3
    box.label.hide()  # (presentation mode hides the counters)
    qtbot.waitUntil(lambda: below.y() < y)
    assert box.isHidden()
    box.label.show()
    qtbot.waitUntil(lambda: below.y() == y)


def test_at_maximum_speed_the_stack_table_stays_where_it_is(qtbot, window):
    """The banner above the stack says something new every frame, in one line or in three: the
    table below moved up and down a line with it, and every text laid the window out again."""
    from tests.ui.test_teaching import click_square

    window.apply_settings(50, 50, "backtracking")
    player = window.player
    player.clock = FakeClock(0.0005)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    click_square(qtbot, window, 0)
    table = window.teaching.stack_panel.table
    places: list[tuple[int, int]] = []
    texts: set[str] = set()

    def seen() -> None:
        places.append((table.mapTo(window, table.rect().topLeft()).y(), table.height()))
        texts.add(window.teaching.stack_panel.banner.text())

    player.changed.connect(seen)
    player.play()
    qtbot.waitUntil(lambda: len(places) >= 40, timeout=20000)
    player.pause()
    assert len(texts) >= 30  # (a new banner at each frame)
    moves = sum(a != b for a, b in zip(places[5:], places[6:], strict=False))
    assert moves <= 2, places  # it may grow to its highest text once or twice, not flip back and forth


def test_the_fields_give_back_their_room_once_the_runs_stop_not_at_each_start_and_stop(qtbot, window):
    """A label that shrinks or grows lays the whole window out again (3-4 ms on 100×100): runs that
    start and stop in quick succession (Space, Space; Ctrl+B again and again) keep the room, and
    the fields fit their texts again once the runs have stopped for a moment."""
    from PySide6.QtCore import Qt

    from tests.ui.test_teaching import click_square, press

    window.apply_settings(8, 8, "backtracking")
    player, counts = window.player, window.counts_label
    player.clock = FakeClock(0.0005)
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    click_square(qtbot, window, 0)
    press(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: player.state.pops > 20_000, timeout=20_000)
    press(qtbot, window, Qt.Key.Key_Space)
    press(qtbot, window, Qt.Key.Key_Home)  # "Pushes 1 · Pops 0": shorter than the run's counts
    wide = counts.width()
    assert counts.needed().width() < wide and window.status_relaxing.pending
    press(qtbot, window, Qt.Key.Key_Space)  # a run again at once: the room is kept
    assert player.running and not window.status_relaxing.pending
    qtbot.waitUntil(lambda: player.pos > 10, timeout=5000)
    press(qtbot, window, Qt.Key.Key_Space)
    press(qtbot, window, Qt.Key.Key_Home)
    assert counts.width() == wide
    panel = window.teaching.stack_panel
    qtbot.waitUntil(lambda: counts.width() < wide, timeout=5000)  # the runs stopped a moment ago
    assert counts.width() == counts.needed().width()
    assert not window.status_relaxing.pending and not panel.relaxing.pending


def test_play_and_pause_keep_the_buttons_beside_them_in_place(qtbot, window):
    """"Pause" is wider than "Play": at every Space the buttons to its right moved 11 px, and the tool
    bar and the window were laid out again.  The button keeps the size of its wider text, whatever
    the text size (presentation mode)."""
    from PySide6.QtCore import Qt

    from tests.ui.test_teaching import click_square, press

    bar = window.run_toolbar
    play, back = bar.widgetForAction(window.play_action), bar.widgetForAction(window.back_action)
    click_square(qtbot, window, 0)

    def fits() -> bool:  # both texts whole in the button's size
        shown, ok = play.text(), True
        for text in ("Play", "Pause"):
            play.setText(text)
            ok = ok and play.sizeHint().width() <= play.width() and play.sizeHint().height() <= play.height()
        play.setText(shown)
        return ok

    for presenting in (False, True):
        if presenting:
            press(qtbot, window, Qt.Key.Key_F5)
            qtbot.waitUntil(lambda: window.presentation.presenting, timeout=5000)
        window.layout().activate()
        where = back.mapTo(window, back.rect().topLeft())
        assert play.text() == "Play" and fits()
        press(qtbot, window, Qt.Key.Key_Space)
        assert play.text() == "Pause" and window.player.running
        window.layout().activate()
        assert back.mapTo(window, back.rect().topLeft()) == where
        press(qtbot, window, Qt.Key.Key_Space)
        assert play.text() == "Play" and fits()
