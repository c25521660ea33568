"""Qt's own controls grow with the text size: at 250% on a projector the "Closed" check box was a
13-pixel box beside 40-pixel letters and the board size's spin arrows were 2 pixels high."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QCheckBox, QSpinBox, QWidget

from tests.ui.test_window import click_square, press

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def arrows_height(spin: QSpinBox) -> int:
    """Rows of a grab of ``spin`` with dark pixels in its right third (its up and down arrows)."""
    image = spin.grab().toImage()
    width = image.width()
    return sum(1 for y in range(image.height())
               if any(image.pixelColor(x, y).lightness() < 110 for x in range(width * 2 // 3, width - 4)))


def box_width(check: QCheckBox) -> int:
    """The width of a check box's box, in a grab: from its first drawn column to the blank one between
    it and its text."""
    image: QImage = check.grab().toImage()
    width, height = image.width(), image.height()
    ground = image.pixelColor(width - 1, 0).lightness()

    def blank(x: int) -> bool:
        return all(abs(image.pixelColor(x, y).lightness() - ground) < 12 for y in range(height))

    left = next(x for x in range(width) if not blank(x))
    return next(x for x in range(left, width) if blank(x)) - left


def laid_out(qtbot, *widgets: QWidget) -> None:
    QApplication.sendPostedEvents()
    qtbot.waitUntil(lambda: all(w.isVisible() and w.size() == w.sizeHint() for w in widgets
                                if not isinstance(w, QSpinBox)))


def test_the_check_box_and_the_spin_arrows_grow_with_the_text_and_come_back(qtbot, window):
    window.resize(2200, 900)  # (the board settings' tool bar whole at 250%)
    check, spin = window.closed_check, window.rows_spin
    laid_out(qtbot, check, spin)
    box, arrows = box_width(check), arrows_height(spin)
    first = (check.grab().toImage(), spin.grab().toImage())
    assert box >= 12 and arrows >= 4
    window.presentation.scale_actions[250].trigger()  # View ▸ Text Size ▸ 250%
    laid_out(qtbot, check, spin)
    assert box_width(check) >= 2 * box, "the check box's box grows with the text"
    assert arrows_height(spin) >= 3 * arrows, "the spin arrows grow with the text"
    # ... and the digits are not under the wider buttons: the line edit ends where they begin
    edit = spin.lineEdit()
    assert edit.geometry().right() < spin.width() - 2.5 * 14
    # Back at 100% they are Fusion's own again, pixel for pixel.
    window.presentation.normal_action.trigger()
    laid_out(qtbot, check, spin)
    assert (check.grab().toImage(), spin.grab().toImage()) == first


def test_a_dialog_opened_at_a_large_text_has_large_controls_too(qtbot, window):
    """Export Animation, made after the text grew (Qt polishes it then), and the keys in it."""
    click_square(qtbot, window, 27)
    for _ in range(5):
        press(qtbot, window, Qt.Key.Key_Right)
    window.export_animation_action.trigger()  # File ▸ Export Animation
    dialog = window._animation_dialog
    qtbot.waitUntil(dialog.isVisible)
    small = arrows_height(dialog.frames_spin), box_width(dialog.loop_check)
    dialog.reject()
    for _ in range(4):  # 125, 150, 175, 200%
        press(qtbot, window, Qt.Key.Key_Up, CTRL_SHIFT)
    assert window.presentation.scale == 200
    window.export_animation_action.trigger()
    dialog = window._animation_dialog
    qtbot.waitUntil(dialog.isVisible)
    QApplication.sendPostedEvents()
    assert arrows_height(dialog.frames_spin) >= 3 * small[0]
    assert box_width(dialog.loop_check) >= 1.8 * small[1]
    dialog.reject()


def test_the_panels_that_paint_every_frame_keep_the_style_written_in_cpp(qtbot, window):
    """The style that scales is written in Python: given to the stack table or the board, every cell
    and square would call into Python many times a frame."""
    window.presentation.scale_actions[200].trigger()
    controls = window.presentation.controls.style
    assert window.closed_check.style() is controls
    for busy in (window.board_widget, window.teaching.stack_panel.table,
                 window.teaching.stack_panel.table.viewport(), window.teaching.pseudocode.code):
        assert busy.style() is not controls
