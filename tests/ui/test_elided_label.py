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
