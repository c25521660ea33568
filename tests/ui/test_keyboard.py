"""Keyboard-only use: the cursor, placing the knight, every action within reach of a key."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QMenu,
    QToolButton,
    QWidget,
)

from knight_gui.tour import Board
from knight_gui.tour.validate import is_tour
from knight_gui.ui import file_dialogs
from knight_gui.ui.player import MAX_SPEED, SPEEDS

NO = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def key(qtbot, win, k, modifier=NO) -> None:
    qtbot.keyClick(QApplication.focusWidget() or win.board_widget, k, modifier)


def type_size(qtbot, spin, text: str) -> None:
    """Into a board-size box, as a user does: its keys, its text selected, ``text`` typed over it."""
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    spin.selectAll()
    qtbot.keyClicks(spin, text)


def test_the_board_has_the_focus_when_the_window_opens(window):
    assert window.board_widget.hasFocus()


def test_arrows_and_enter_place_the_knight_without_a_mouse(qtbot, window):
    widget = window.board_widget
    assert widget.view.cursor is None
    key(qtbot, window, Qt.Key.Key_Down)  # the first press shows the cursor on a8
    assert widget.view.cursor == 0
    for k in (Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Right):
        key(qtbot, window, k)
    board = Board(8)
    assert widget.view.cursor == board.square(2, 3)
    key(qtbot, window, Qt.Key.Key_Return)
    assert window.player.start == board.square(2, 3)
    assert "d6" in window.message_label.text()
    # with the knight on the board, plain Right steps and Shift+arrows move the cursor
    key(qtbot, window, Qt.Key.Key_Right)
    assert len(widget.view.path) == 2
    key(qtbot, window, Qt.Key.Key_Up, SHIFT)
    assert widget.view.cursor == board.square(1, 3)
    key(qtbot, window, Qt.Key.Key_Enter)  # Enter starts over from the cursor
    assert widget.view.path == [board.square(1, 3)]


def test_space_on_an_empty_board_places_the_knight_at_the_cursor_then_plays(qtbot, window):
    widget = window.board_widget
    key(qtbot, window, Qt.Key.Key_Right)
    key(qtbot, window, Qt.Key.Key_Right)
    key(qtbot, window, Qt.Key.Key_Space)
    assert window.player.start == 1 and not window.player.running
    window.speed_slider.setValue(SPEEDS.index(MAX_SPEED))
    with qtbot.waitSignal(window.player.finished, timeout=10000):
        key(qtbot, window, Qt.Key.Key_Space)
    assert is_tour(Board(8), widget.view.path)


def test_space_on_an_empty_board_without_a_cursor_uses_a8(qtbot, window):
    key(qtbot, window, Qt.Key.Key_Space)
    assert window.player.start == 0


def test_the_cursor_stays_on_the_board(qtbot, window):
    window.apply_settings(3, 4)
    key(qtbot, window, Qt.Key.Key_Up)
    for _ in range(6):
        key(qtbot, window, Qt.Key.Key_Up)
        key(qtbot, window, Qt.Key.Key_Left)
    assert window.board_widget.view.cursor == 0
    for _ in range(6):
        key(qtbot, window, Qt.Key.Key_Down)
        key(qtbot, window, Qt.Key.Key_Right)
    assert window.board_widget.view.cursor == 11


def test_the_cursor_is_drawn(qtbot, window):
    widget = window.board_widget
    before = widget.grab().toImage()
    key(qtbot, window, Qt.Key.Key_Down)
    after = widget.grab().toImage()
    rect = widget.square_rect(0)
    ratio = after.devicePixelRatio()
    colour = widget.theme.cursor
    changed = 0
    for y in range(int(rect.top() * ratio), int(rect.bottom() * ratio), 2):
        for x in range(int(rect.left() * ratio), int(rect.right() * ratio), 2):
            c = after.pixelColor(x, y)
            if c != before.pixelColor(x, y) and abs(c.blue() - colour.blue()) < 60 and c.red() < 120:
                changed += 1
    assert changed > 10


def test_a_whole_session_by_keyboard(qtbot, window, monkeypatch, tmp_path):

    key(qtbot, window, Qt.Key.Key_Down)
    key(qtbot, window, Qt.Key.Key_Return)  # knight on a8
    key(qtbot, window, Qt.Key.Key_Right)
    key(qtbot, window, Qt.Key.Key_Right)
    key(qtbot, window, Qt.Key.Key_Left)
    assert len(window.board_widget.view.path) == 2
    key(qtbot, window, Qt.Key.Key_Plus)
    assert window.speed_label.text() == "12/s"
    key(qtbot, window, Qt.Key.Key_End)
    qtbot.waitUntil(lambda: window.player.state.outcome is not None, timeout=10000)
    target = tmp_path / "kb.json"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a: (str(target), ""))
    with qtbot.waitSignal(window.tour_files.saved, timeout=10000):
        key(qtbot, window, Qt.Key.Key_S, CTRL | SHIFT)
    key(qtbot, window, Qt.Key.Key_Escape)
    assert window.board_widget.view.path == [0]
    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a: (str(target), ""))
    with qtbot.waitSignal(window.tour_files.opened, timeout=10000):
        key(qtbot, window, Qt.Key.Key_O, CTRL)
    assert len(window.board_widget.view.path) == 64


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: popups cannot grab the keyboard
def test_alt_letter_opens_the_menus(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(window.file_menu.isVisible)
    window.file_menu.close()


def _menu_actions(window) -> list[tuple[QMenu, QAction]]:
    found = []
    for menu in window.menuBar().findChildren(QMenu):
        for action in menu.actions():
            if not action.isSeparator() and action.menu() is None:
                found.append((menu, action))
    return found


def test_every_menu_has_an_accelerator_and_every_command_a_key_or_mnemonic(window):
    for action in window.menuBar().actions():
        assert "&" in action.text(), action.text()
    missing = [action.text() for _menu, action in _menu_actions(window)
               if action.shortcut().isEmpty() and "&" not in action.text()]
    assert not missing


def _mnemonic(text: str) -> str | None:
    """The letter after a single "&" ("&&" is a literal ampersand), lower case."""
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def _clashes(actions, where: str) -> list[str]:
    """Actions of one menu (or the menu bar) that share a mnemonic, and those of the menus below."""
    clashes, seen = [], {}
    for action in actions:
        if action.isSeparator() or not action.isVisible():
            continue
        letter = _mnemonic(action.text())
        if letter is not None:
            if letter in seen:
                clashes.append(f"{where}: {seen[letter]!r} and {action.text()!r} both use {letter!r}")
            seen[letter] = action.text()
        if action.menu() is not None:
            clashes += _clashes(action.menu().actions(), action.text())
    return clashes


def test_no_two_entries_of_a_menu_share_a_mnemonic_in_either_language(window):
    """Alt+E opened Edit and never Lessons (L&essons, 课程(&E)); within a menu a shared letter only
    cycles between its entries."""
    from knight_gui.ui import i18n

    try:
        for language in (i18n.CHINESE, i18n.ENGLISH):
            window.language_menu.choose(language)
            clashes = _clashes(window.menuBar().actions(), "the menu bar")
            assert not clashes, (language, clashes)
    finally:
        i18n.install_translator(i18n.ENGLISH)


def test_every_action_has_a_status_tip_and_a_tooltip(window):
    missing = [action.text() for _menu, action in _menu_actions(window)
               if action.text() not in ("English", "简体中文") and not action.statusTip()]
    assert not missing


def test_the_main_controls_have_tooltips_and_accessible_names(window):
    controls = [w for bar in (window.run_toolbar, window.board_toolbar)
                for w in bar.findChildren(QWidget)
                if isinstance(w, (QAbstractSpinBox, QComboBox, QAbstractButton, QAbstractSlider))
                and not isinstance(w, QToolButton) and w.isVisible()]
    assert len(controls) >= 5
    for widget in controls:
        assert widget.toolTip(), type(widget).__name__
        assert widget.accessibleName() or getattr(widget, "text", lambda: "")(), type(widget).__name__
    assert window.board_widget.accessibleName()


def test_tab_reaches_the_controls_and_comes_back_to_the_board(qtbot, window):
    seen = []
    widget = window.board_widget
    for _ in range(20):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        seen.append(focus)
        if focus is widget:
            break
    assert window.rows_spin in seen or window.rows_spin.lineEdit() in seen or any(
        w is not None and window.rows_spin.isAncestorOf(w) for w in seen)
    assert window.algorithm_combo in seen
    assert seen[-1] is widget


def _tab_round(qtbot, window) -> list:
    """The widgets Tab reaches from the board until it is back there."""
    window.board_widget.setFocus()
    seen = []
    for _ in range(30):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        if focus is window.board_widget:
            return seen
        seen.append(focus)
    raise AssertionError(f"Tab never came back to the board: {seen}")


def test_tab_goes_only_into_the_panels_that_show(qtbot, window):
    """Seen in review: Tab went from the Stack into the Event log behind the Pseudocode tab (Qt leaves
    a dock behind another's tab "visible", laid out of sight), and the arrows then scrolled it."""
    teaching = window.teaching
    log = teaching.event_log
    assert teaching.pseudocode_dock.visibleRegion().isEmpty() is False
    inside = lambda seen, panel: [w for w in seen if w is panel or panel.isAncestorOf(w)]  # noqa: E731
    assert not inside(_tab_round(qtbot, window), log)
    teaching.log_dock.raise_()  # its tab chosen: Tab reaches it
    qtbot.waitUntil(lambda: not log.visibleRegion().isEmpty())
    assert inside(_tab_round(qtbot, window), log)
    focused = [w for w in log.findChildren(QWidget) if w.focusPolicy() & Qt.FocusPolicy.TabFocus][0]
    focused.setFocus()
    assert QApplication.focusWidget() is focused
    teaching.pseudocode_dock.raise_()  # the focus does not stay in what went out of sight
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board_widget)
    assert not inside(_tab_round(qtbot, window), log)


def test_a_ring_shows_the_board_has_the_focus_when_tab_brings_it_there(qtbot, window):
    """Seen in review: Tab came back to the board with nothing to show it, and the arrows then moved
    a search nobody knew had the keys."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QFocusEvent, QPalette

    widget = window.board_widget
    highlight = widget.palette().color(QPalette.ColorRole.Highlight)

    def ring_pixels() -> int:
        image = widget.grab().toImage()
        ratio = image.devicePixelRatio()
        w, h = widget.width(), widget.height()
        edge = [(1, h // 2), (w - 2, h // 2), (w // 2, 1), (w // 2, h - 2), (1, 1)]
        return sum(image.pixelColor(round(x * ratio), round(y * ratio)) == highlight for x, y in edge)

    assert ring_pixels() == 0  # the window opens with the board focused, by no key: no ring
    _tab_round(qtbot, window)  # round the controls and back to the board by Tab
    assert QApplication.focusWidget() is widget
    assert ring_pixels() == 5
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)  # (the centre: the knight placed there)
    assert ring_pixels() == 0
    qtbot.keyClick(widget, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)  # away, and back by Tab
    assert QApplication.focusWidget() is not widget
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is widget and ring_pixels() == 5
    for kind in (QEvent.Type.FocusOut, QEvent.Type.FocusIn):  # another window and back (Alt+Tab)
        QApplication.sendEvent(widget, QFocusEvent(kind, Qt.FocusReason.ActiveWindowFocusReason))
    assert ring_pixels() == 5  # as it was


def test_arrows_on_a_focused_tab_bar_choose_the_tab_rather_than_stepping(qtbot, window):
    """Seen in review: ← and → on the docks' tab bar, reached by Tab, stepped the search behind it."""
    from PySide6.QtWidgets import QTabBar

    widget = window.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(0).center().toPoint())
    bar = next(w for w in _tab_round(qtbot, window) if isinstance(w, QTabBar))
    bar.setFocus()
    assert QApplication.focusWidget() is bar
    pos, tab = window.player.pos, bar.currentIndex()
    qtbot.keyClick(bar, Qt.Key.Key_Right)
    assert bar.currentIndex() == tab + 1 and window.player.pos == pos
    qtbot.keyClick(bar, Qt.Key.Key_Left)
    assert bar.currentIndex() == tab and window.player.pos == pos
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_Right)  # on the board, → is Step as ever
    assert window.player.pos == pos + 1


def test_space_on_a_focused_check_box_ticks_it_rather_than_playing(qtbot, window):
    # (a reviewer tabbed to "Closed", pressed Space, and the search started; the box stayed empty)
    widget = window.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(0).center().toPoint())
    assert not window.player.running and window.player.start == 0
    check = window.closed_check
    for _ in range(20):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        if QApplication.focusWidget() is check:
            break
    assert QApplication.focusWidget() is check
    qtbot.keyClick(check, Qt.Key.Key_Space)
    assert check.isChecked() and window.player.config.closed
    assert not window.player.running
    qtbot.keyClick(check, Qt.Key.Key_Space)
    assert not check.isChecked()
    # Ticked with the mouse, it leaves the focus where it was: Space after it is Play.
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus)
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(6, check.height() // 2))
    assert check.isChecked() and widget.hasFocus()
    key(qtbot, window, Qt.Key.Key_Space)
    assert window.player.running and check.isChecked()
    key(qtbot, window, Qt.Key.Key_Space)


def test_ctrl_z_in_a_size_box_with_nothing_of_its_own_to_undo_brings_the_search_back(qtbot, window):
    # (after typing a size and Tab, the next box's empty text undo took Ctrl+Z: nothing happened)
    widget = window.board_widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.square_rect(0).center().toPoint())
    for _ in range(5):
        key(qtbot, window, Qt.Key.Key_Right)  # a few steps of search to bring back
    path = list(window.player.state.path)
    assert len(path) == 6
    rows = window.rows_spin
    type_size(qtbot, rows, "6")
    qtbot.keyClick(rows, Qt.Key.Key_Tab)  # to the columns' box: the board is 6×8, the search gone
    qtbot.waitUntil(lambda: window.player.config.board.rows == 6)
    columns = window.cols_spin
    assert columns.hasFocus() or columns.lineEdit().hasFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.player.config.board.rows == 8 and list(window.player.state.path) == path


def test_enter_in_a_size_box_applies_it_and_gives_the_keys_back_to_the_board(qtbot, window):
    # (a reviewer typed 6, Enter, then Space: the box kept the keys, and Space blanked it)
    columns = window.cols_spin
    type_size(qtbot, columns, "6")
    qtbot.keyClick(columns, Qt.Key.Key_Return)
    assert window.player.config.board.cols == 6
    qtbot.waitUntil(window.board_widget.hasFocus)
    key(qtbot, window, Qt.Key.Key_Space)  # Play: the knight placed at a8, the search under way
    assert columns.text() == "6" and window.player.start is not None
    window.player.pause()


def test_tab_from_a_size_box_still_goes_to_the_next_one(qtbot, window):
    rows = window.rows_spin
    type_size(qtbot, rows, "5")
    qtbot.keyClick(rows, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: window.player.config.board.rows == 5)
    assert window.cols_spin.hasFocus() or window.cols_spin.lineEdit().hasFocus()
