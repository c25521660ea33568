"""ui/elided_label.py: one line that ends in "…" where its text does not fit, the whole text its tooltip."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QHBoxLayout, QWidget

from knight_gui.ui.elided_label import ElidedLabel

LONG = ("No tour from b5 on 5×5: 5×5 has 13 squares of the corners' colour and 12 of the other; "
        "a tour alternates colours, so it must start on the corners' colour")


@pytest.fixture
def label(qtbot):
    label = ElidedLabel()
    qtbot.addWidget(label)
    label.setText(LONG)
    label.resize(200, 30)
    label.show()
    qtbot.waitExposed(label)
    return label


def test_a_text_too_long_ends_in_an_ellipsis_and_its_tooltip_is_all_of_it(label):
    assert label.text() == LONG  # the text itself stays whole
    shown = label.shown_text()
    assert shown.endswith("…") and LONG.startswith(shown[:-1]) and len(shown) < len(LONG)
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
    assert label.toolTip() == LONG


def test_a_text_that_fits_is_shown_whole_without_a_tooltip(label):
    label.setText("Tour found")
    assert label.shown_text() == "Tour found" and label.toolTip() == ""


def test_widening_shows_more_and_drops_the_tooltip(label, qtbot):
    narrow = label.shown_text()
    label.resize(label.fontMetrics().horizontalAdvance(LONG) + 40, 30)
    qtbot.waitUntil(lambda: label.shown_text() == LONG)
    assert label.toolTip() == ""
    label.resize(120, 30)
    qtbot.waitUntil(lambda: label.toolTip() == LONG)
    assert len(label.shown_text()) < len(narrow)


def test_it_paints_what_it_says_it_shows(label):
    """The cut text painted is the same picture as that text, fitting, painted whole."""
    cut = label.grab().toImage()
    other = ElidedLabel()
    other.setText(label.shown_text())
    other.resize(label.size())
    other.show()
    assert other.shown_text() == label.shown_text() and other.toolTip() == ""
    assert other.grab().toImage() == cut
    other.setText(LONG[: len(label.shown_text()) - 1] + "x")  # another text: another picture
    assert other.grab().toImage() != cut
    other.close()


def test_a_long_text_never_widens_the_layout_it_is_in(qtbot):
    """Ignored width: a status bar message cannot push the window wider than the screen."""
    holder = QWidget()
    qtbot.addWidget(holder)
    label = ElidedLabel(holder)
    QHBoxLayout(holder).addWidget(label)
    label.setText(LONG * 3)
    assert holder.minimumSizeHint().width() < 200
    assert label.minimumSizeHint().width() == label.fontMetrics().horizontalAdvance("…") * 4


def test_the_status_bars_fields_give_way_to_a_message_said_once_and_come_back(qtbot, window):
    """At 1024 px after a run every field shows and a hint, said once, read "That tour needed no
    backtracking. To watch t…": the fields give way to a temporary message (up to 70% of the bar)."""
    from PySide6.QtCore import QRect

    from knight_gui.ui.lessons import lesson

    screen = QRect(0, 0, 1024, 768)
    window.fit_screen(screen)
    qtbot.waitUntil(lambda: window.width() <= 1024)
    window.lessons.start(lesson("classic-e3"))
    window.player.finish()
    qtbot.waitUntil(lambda: not window.player.running, timeout=20000)
    fields = window.status_fields.fields
    qtbot.waitUntil(lambda: all(field.isVisible() for field in fields))
    message = window.message_label
    bar = window.statusBar()
    hint = window.lessons.hint_text()  # (the hint itself is given once per user: said here as it says it)
    bar.showMessage(hint, 60_000)
    qtbot.waitUntil(lambda: message.shown_text() == hint)
    assert message.toolTip() == ""  # whole: nothing more to read in a tooltip
    assert window.moves_label.isVisible()  # the move number is the last to go
    hidden = [field for field in fields if not field.isVisible()]
    assert hidden and window.depth_label in hidden
    shown = [field.geometry() for field in fields if field.isVisible()]
    assert all(message.geometry().right() < rect.left() for rect in shown)
    bar.clearMessage()
    qtbot.waitUntil(lambda: all(field.isVisible() for field in fields))
    # A message too long for 70% of the bar ends in "…" and leaves the fields their 30%.
    bar.showMessage(hint * 3, 60_000)
    qtbot.waitUntil(lambda: message.shown_text().endswith("…"))
    assert window.moves_label.isVisible() and message.width() <= 0.75 * bar.width()
