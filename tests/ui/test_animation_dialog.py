"""File ▸ Export Animation…'s dialog: choices, progress on a worker thread, Cancel leaves no file."""

from __future__ import annotations

import os

import pytest
from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QDialogButtonBox

from knight_gui.tour import Board
from knight_gui.ui import animation
from knight_gui.ui.animation_dialog import AnimationDialog
from knight_gui.ui.player import SearchConfig


@pytest.fixture
def dialog(qtbot, tmp_path):
    made = AnimationDialog(None, SearchConfig(Board(8)), 0, (1, 65), str(tmp_path / "tour.gif"))
    qtbot.addWidget(made)
    made.px_spin.setValue(96)
    yield made
    made.cancel_export()
    assert made.wait_for_export()


def test_the_range_defaults_to_the_timeline(dialog):
    options = dialog.options()
    assert (options.start_event, options.end_event, options.px) == (1, 65, 96)
    assert dialog.export_button.isEnabled() and dialog.note.text() == ""


def test_export_writes_the_file_and_closes(qtbot, dialog, tmp_path):
    dialog.fps_spin.setValue(20)
    dialog.first_spin.setValue(40)
    with qtbot.waitSignal(dialog.exported, timeout=60_000) as done:
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    result = done.args[0]
    assert result.frames == 25 and result.start_event == 40
    qtbot.waitUntil(lambda: not dialog.running)
    assert dialog.written is result and dialog.result() == dialog.DialogCode.Accepted
    with Image.open(tmp_path / "tour.gif") as image:
        assert image.n_frames == 25 and image.info["duration"] == 50


def test_cancel_stops_the_export_and_leaves_no_file(qtbot, tmp_path):
    made = AnimationDialog(None, SearchConfig(Board(5), "backtracking"), 12, (1, 19_794),
                           str(tmp_path / "long.webp"))
    qtbot.addWidget(made)
    made.px_spin.setValue(400)
    started = []
    made.progress.valueChanged.connect(lambda value: started.append(value))
    made.export()
    assert made.running and not made.export_button.isEnabled()
    qtbot.waitUntil(lambda: len(started) >= 2, timeout=60_000)  # frames are being written
    made.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    qtbot.waitUntil(lambda: not made.running, timeout=60_000)
    assert made.written is None and made.error == ""
    assert made.result() == made.DialogCode.Rejected
    assert os.listdir(tmp_path) == []


def test_what_is_missing_is_said_and_export_greyed(dialog, monkeypatch):
    dialog.path_edit.setText("tour.bmp")
    assert not dialog.export_button.isEnabled() and ".gif" in dialog.note.text()
    monkeypatch.setattr(animation, "pillow_available", lambda: False)
    dialog.path_edit.setText("tour.webp")
    assert not dialog.export_button.isEnabled() and "pip install" in dialog.note.text()
    monkeypatch.setattr("knight_gui.ui.animation_dialog.shutil.which", lambda name: None)
    dialog.path_edit.setText("tour.mp4")
    assert not dialog.export_button.isEnabled() and "ffmpeg" in dialog.note.text()


def test_an_end_of_0_means_the_first_outcome(qtbot):
    made = AnimationDialog(None, SearchConfig(Board(8)), 0, (1, 0))
    qtbot.addWidget(made)
    assert made.options().end_event is None and made.last_spin.text() == "the search's first outcome"


def _as_pil(image):
    from PySide6.QtGui import QImage

    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    row = rgb.width() * 3
    bits = bytes(rgb.constBits())
    data = b"".join(bits[y * rgb.bytesPerLine():y * rgb.bytesPerLine() + row] for y in range(rgb.height()))
    return Image.frombytes("RGB", (rgb.width(), rgb.height()), data)


def _share_far_off(a, b, far: int = 60) -> float:
    """The share of pixels where ``a`` and ``b`` differ by more than ``far`` in some channel."""
    from PIL import ImageChops

    bands = ImageChops.difference(a, b).split()
    worst = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    histogram = worst.histogram()
    return sum(histogram[far + 1:]) / (a.width * a.height)


def test_the_first_and_last_frames_match_the_board(qtbot, window, tmp_path):
    """Play a tour in the window, export the timeline: it begins with what the board showed then, and
    ends on the exported picture of the tour (Export PNG's: arrowheads, the last square framed)."""
    from knight_gui.ui.export import render_image, tour_view

    player = window.player
    player.place(0)
    window.finish_action.trigger()
    qtbot.waitUntil(lambda: player.state.outcome is not None, timeout=30_000)
    last = len(player.history)
    px = 320
    shown_last = _as_pil(render_image(tour_view(player.config.board, player.state.path), px))
    player.seek(1)
    shown_first = _as_pil(render_image(window.board_view(), px))
    target = tmp_path / "timeline.apng"
    made = AnimationDialog(window, player.config, player.start, (1, last), str(target), coords=window.coords)
    qtbot.addWidget(made)
    made.px_spin.setValue(px)
    with qtbot.waitSignal(made.exported, timeout=60_000):
        made.export()
    qtbot.waitUntil(lambda: not made.running)
    with Image.open(target) as image:
        image.seek(0)
        first = image.convert("RGB")
        image.seek(image.n_frames - 1)
        final = image.convert("RGB")
    assert first.size == shown_first.size
    assert _share_far_off(first, shown_first) < 0.002  # the same picture, up to the palette
    assert _share_far_off(final, shown_last) < 0.002
    assert _share_far_off(final, shown_first) > 0.05  # (and the two ends do differ)


def search_then_export(window, steps: int):
    """5×5 from a5, ``steps`` steps, then File ▸ Export Animation…: the dialog it opens."""
    window.apply_settings(5, 5)
    window.player.place(0)
    for _ in range(steps):
        window.player.step()
    window.export_animation_action.trigger()
    return window._animation_dialog


def test_file_export_animation_writes_what_the_timeline_holds(qtbot, window, tmp_path):
    """File ▸ Export Animation… (Ctrl+Shift+G) opens the dialog on the search shown; Export writes it."""
    from PIL import Image

    from knight_gui.ui.animation_dialog import AnimationDialog

    dialog = search_then_export(window, 6)
    assert dialog is window.findChild(AnimationDialog) and dialog.isVisible()
    target = tmp_path / "tour.gif"
    dialog.path_edit.setText(str(target))
    with qtbot.waitSignal(dialog.exported, timeout=60_000):
        dialog.export_button.click()
    qtbot.waitUntil(lambda: not dialog.running)
    with Image.open(target) as image:
        assert image.n_frames >= 2
    assert "tour.gif" in window.statusBar().currentMessage()


def test_a_search_longer_than_an_animation_follows_is_said_so(qtbot, window, monkeypatch):
    """A new search from the start is animated (no note) up to MAX_EVENTS (10 here); when the
    timeline holds more, the dialog says how much of it the animation can follow."""
    from knight_gui.ui import animation

    monkeypatch.setattr(animation, "MAX_EVENTS", 10)
    dialog = search_then_export(window, 8)
    assert len(window.player.history) == 9  # (the first push, then eight steps)
    assert dialog.isVisible() and dialog.source_note.isHidden()  # all of them, a new search
    dialog.reject()
    for _ in range(12):
        window.player.step()
    assert len(window.player.history) == 21
    window.export_animation_action.trigger()
    dialog = window._animation_dialog
    assert dialog.isVisible() and not dialog.source_note.isHidden()
    said = "An animation follows at most its first 10 events; the timeline holds 21."
    assert dialog.source_note.text() == said
    assert dialog.last_spin.value() == 10


def test_the_animations_caption_box_starts_as_file_caption_on_exported_images_says(qtbot, window):
    """With File ▸ Caption on exported images on, the animation's caption box was unticked all the
    same: one choice of captions for every export."""
    dialog = search_then_export(window, 3)
    assert not dialog.caption_check.isChecked()  # the menu's choice is off by default
    dialog.reject()
    window.caption_action.trigger()
    dialog = search_then_export(window, 3)
    assert dialog.caption_check.isChecked()
    dialog.reject()


def test_opened_during_play_the_search_pauses_so_the_range_is_what_the_board_shows(qtbot, window):
    # (a reviewer opened it while playing: the board went on to the tour behind the dialog while its
    # range still ended at event 41)
    window.apply_settings(5, 5)
    window.player.place(0)
    window.player.play()
    qtbot.waitUntil(lambda: window.player.pos > 3, timeout=10_000)
    qtbot.keyClick(window.board_widget, Qt.Key.Key_G,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = window._animation_dialog
    assert dialog is not None and dialog.isVisible()
    assert not window.player.running
    assert dialog.last_spin.value() == len(window.player.history)
    dialog.reject()


def test_the_range_ends_where_the_board_stands_after_a_step_back(qtbot, window):
    """A teacher who stepped back (or stopped a run with Esc, the timeline holding events recorded past
    the board) animates what the class saw last: the animation ended at the timeline's end, on a board
    the window never showed."""
    window.apply_settings(5, 5)
    window.player.place(0)
    window.player.advance(40)
    window.player.changed.emit()  # (what a tick does after its events: the actions follow)
    held = len(window.player.history)
    for _ in range(5):
        window.back_action.trigger()  # (Step back, ←)
    shown = window.player.pos
    assert shown < held
    qtbot.keyClick(window.board_widget, Qt.Key.Key_G,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = window._animation_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.last_spin.value() == shown and dialog.first_spin.value() == 1
    assert dialog.last_spin.maximum() >= held  # (the rest of the timeline is still a range to choose)
    dialog.reject()


def test_the_text_size_keys_work_while_the_dialog_is_open(qtbot, window):
    """Seen in review: Ctrl+Shift+↑ with Export Animation open did nothing (the dialog is modal)."""
    window.apply_settings(5, 5)
    window.player.place(0)
    qtbot.keyClick(window.board_widget, Qt.Key.Key_G,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = window._animation_dialog
    assert dialog is not None and dialog.isVisible()
    size = dialog.font().pointSizeF()
    scale = window.presentation.scale
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    dialog.activateWindow()  # (as the window system does for a dialog it shows)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    focus = QApplication.focusWidget()
    values = [spin.value() for spin in dialog.findChildren(QAbstractSpinBox)]
    qtbot.keyClick(focus, Qt.Key.Key_Up, ctrl_shift)
    assert [spin.value() for spin in dialog.findChildren(QAbstractSpinBox)] == values  # (no field changed)
    assert window.presentation.scale > scale
    assert dialog.font().pointSizeF() > size  # the dialog's text grows with it
    assert dialog.width() >= dialog.minimumSizeHint().width()
    qtbot.keyClick(focus, Qt.Key.Key_Down, ctrl_shift)
    assert window.presentation.scale == scale
    assert dialog.font().pointSizeF() == size
    dialog.reject()


def test_a_range_that_ends_before_it_starts_is_said_in_the_dialogs_words(qtbot, dialog, tmp_path):
    """It said "--end-event (10) must not come before --start-event (40)": the command line's flags."""
    dialog.first_spin.setValue(40)
    dialog.last_spin.setValue(10)
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    assert dialog.note.text() == "“To event” (10) comes before “From event” (40)."
    assert not dialog.running and not (tmp_path / "tour.gif").exists()


def test_why_nothing_is_exported_is_said_in_the_windows_language(qtbot, tmp_path):
    """Seen in review: the Chinese dialog said "nothing to animate: the construction built no tour from
    d2", and the range's order in the command line's English."""
    from knight_gui.ui import i18n

    i18n.install_translator(i18n.CHINESE)
    try:
        board = Board(3, 7)
        made = AnimationDialog(None, SearchConfig(board, "construct"), board.parse("d2"), (1, 1),
                               str(tmp_path / "x.gif"))
        qtbot.addWidget(made)
        made.px_spin.setValue(32)
        qtbot.mouseClick(made.export_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not made.running, timeout=30_000)
        assert made.note.text() == "没有可以做成动画的内容：构造法没有从 d2 得到巡游路线", made.note.text()
        made.first_spin.setValue(3)
        made.last_spin.setValue(2)
        qtbot.mouseClick(made.export_button, Qt.MouseButton.LeftButton)
        assert made.note.text() == "“结束事件”（2）在“起始事件”（3）之前。", made.note.text()
    finally:
        i18n.install_translator(i18n.ENGLISH)


def choose_format(qtbot, dialog, fmt: str) -> None:
    """Pick ``fmt`` in the Format box as a user does: open it, click the item."""
    from knight_gui.ui.animation_dialog import FORMAT_ROLE

    combo = dialog.format_combo
    index = combo.findData(fmt, FORMAT_ROLE)
    assert index >= 0, fmt
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    rect = view.visualRect(view.model().index(index, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not view.isVisible())


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: a popup cannot grab the keyboard
@pytest.mark.parametrize(("fmt", "suffix", "magic"), [
    ("webp", ".webp", b"RIFF"), ("apng", ".apng", b"\x89PNG"), ("gif", ".gif", b"GIF89a")])
def test_the_format_is_chosen_in_its_box_and_the_file_is_that_format(qtbot, dialog, tmp_path, fmt, suffix,
                                                                       magic):
    """The format was only the file name's suffix, with no visible choice."""
    from PIL import features

    assert fmt != "webp" or features.check("webp"), "the install's Pillow (a wheel) writes WebP"
    if fmt == "gif":
        choose_format(qtbot, dialog, "apng")  # (away from GIF first, then back)
    choose_format(qtbot, dialog, fmt)
    assert dialog.path_edit.text() == str(tmp_path / ("tour" + suffix))
    dialog.first_spin.setValue(60)
    with qtbot.waitSignal(dialog.exported, timeout=60_000):
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    assert (tmp_path / ("tour" + suffix)).read_bytes()[: len(magic)] == magic


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: a popup cannot grab the keyboard
def test_a_name_typed_shows_its_format_and_one_without_takes_the_format_chosen(qtbot, dialog, tmp_path):
    from knight_gui.ui.animation_dialog import FORMAT_ROLE

    edit, combo = dialog.path_edit, dialog.format_combo
    edit.clear()
    qtbot.keyClicks(edit, str(tmp_path / "slides.apng"))
    assert combo.currentData(FORMAT_ROLE) == "apng" and dialog.export_button.isEnabled()
    assert edit.toolTip() == str(tmp_path / "slides.apng")  # (the whole of a long path)
    edit.clear()
    qtbot.keyClicks(edit, str(tmp_path / "lesson 3.txt"))  # no animation's suffix: said, Export greyed
    assert not dialog.export_button.isEnabled()
    assert "choose its format" in dialog.note.text()
    choose_format(qtbot, dialog, "gif")
    assert edit.text() == str(tmp_path / "lesson 3.txt.gif") and dialog.export_button.isEnabled()
    # A name with no suffix at all takes the format chosen
    edit.clear()
    qtbot.keyClicks(edit, str(tmp_path / "lesson 4"))
    assert dialog.export_button.isEnabled() and dialog.note.text() == ""
    dialog.first_spin.setValue(60)
    with qtbot.waitSignal(dialog.exported, timeout=60_000):
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    assert (tmp_path / "lesson 4.gif").read_bytes()[:6] == b"GIF89a"


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: a popup cannot grab the keyboard
def test_mp4_is_offered_and_says_what_it_needs_where_ffmpeg_is_missing(qtbot, dialog, monkeypatch):
    import shutil

    which = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None if name == "ffmpeg" else which(name))
    made = AnimationDialog(None, SearchConfig(Board(8)), 0, (1, 65), dialog.path_edit.text())
    qtbot.addWidget(made)
    choose_format(qtbot, made, "mp4")
    assert made.path_edit.text().endswith(".mp4") and "(needs ffmpeg)" in made.format_combo.currentText()
    assert "ffmpeg" in made.note.text() and not made.export_button.isEnabled()


def test_a_range_that_ends_before_it_starts_is_said_as_it_is_typed(qtbot, dialog):
    dialog.first_spin.setValue(7)
    dialog.last_spin.clear()
    qtbot.keyClicks(dialog.last_spin, "2")
    assert "“To event” (2) comes before “From event” (7)" in dialog.note.text()
    assert not dialog.export_button.isEnabled()
    dialog.last_spin.setValue(30)
    assert dialog.note.text() == "" and dialog.export_button.isEnabled()
