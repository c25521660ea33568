"""Move numbers fit their squares: neighbours' numbers never run into each other."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetricsF

from knight_gui.ui.painting import MIN_NUMBER_PX, number_font


@pytest.mark.parametrize("digits", [1, 2, 3, 4, 5])
def test_the_widest_number_takes_at_most_three_quarters_of_its_square(qapp, digits):
    shown = 0
    for square in (14, 20, 33, 51, 100, 160, 400):
        font = number_font(square, digits)
        if font.pixelSize() < MIN_NUMBER_PX:
            continue  # too small to be drawn at all
        width = QFontMetricsF(font).horizontalAdvance("0123456789"[-digits:] if digits > 1 else "8")
        widest = max(width, QFontMetricsF(font).horizontalAdvance("8" * digits))
        assert widest <= 0.75 * square, (square, digits, widest)
        assert font.pixelSize() <= 0.38 * square + 0.5  # and no taller than before
        shown += 1
    assert shown >= 4
