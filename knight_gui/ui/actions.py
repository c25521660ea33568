"""Setting an action's texts the one way the window does: its text, a status tip, a tooltip with keys;
the keys a focused control keeps from the window's shortcuts (``KeysToFocus``); and Tab kept out
of a dock that is not shown (``focus_while_shown``)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QApplication, QDockWidget, QTabBar, QWidget

#: The property that holds an action's shorter text for its tool button (``set_action_texts``' ``button``).
BUTTON_TEXT = "buttonText"


def set_action_texts(action: QAction, text: str, tip: str, button: str = "") -> None:
    """Give ``action`` its ``text`` and ``tip``; the tooltip ends in its keys, "(Ctrl+O)", if it has any.
    ``button``: a shorter text for its tool button, where the menu's would not fit a tool bar
    (``i18n.keep_icon_texts_plain`` shows it).

    Called when the action is made and again in ``_retranslate_ui`` after a
    language switch, with the texts in the new language.
    """
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    action.setProperty(BUTTON_TEXT, button)  # (before the text: its "changed" sets the button's text)
    action.setText(text)
    action.setStatusTip(tip)
    action.setToolTip(f"{tip} ({keys})" if keys else tip)


class KeysToFocus(QObject):
    """Where a window shortcut and a focused control want the same key, the one a user expects.

    * Space on a focused button or check box presses it: Space is also Play, and a user who tabbed
      to "Closed" and pressed Space started the search instead of ticking the box.  They take the
      focus by Tab only: after a click on one, Space is still Play.
    * Ctrl+Z in a spin box with nothing of its own to undo is the window's Undo: after typing a
      board size and Tab, the next box's empty text undo took it, and the search replaced stayed gone.
    * ← and → on a focused tab bar (the docks' tabs, reached by Tab) choose the tab beside, as a tab
      bar does; they stepped the search behind it.

    ``watch`` installs it on a widget's buttons, spin boxes and tab bars (and theirs made later:
    call again).
    """

    def watch(self, root: QWidget) -> None:
        """Filter the focusable buttons and the spin boxes under ``root`` (each once)."""
        for button in root.findChildren(QAbstractButton):
            if button.focusPolicy() & Qt.FocusPolicy.TabFocus:
                # Reached by Tab, not by a click: a box ticked or a button pressed with the mouse
                # leaves the focus where it was, so that Space after it is still Play.
                button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
                button.removeEventFilter(self)
                button.installEventFilter(self)
        for spin in root.findChildren(QAbstractSpinBox):
            for widget in (spin, spin.lineEdit()):
                widget.removeEventFilter(self)
                widget.installEventFilter(self)
        for bar in root.findChildren(QTabBar):
            bar.removeEventFilter(self)
            bar.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        if isinstance(watched, QAbstractButton):
            if event.key() == Qt.Key.Key_Space and event.modifiers() == Qt.KeyboardModifier.NoModifier:
                event.accept()  # the button's, not Play's
            return False
        if isinstance(watched, QTabBar):
            if (event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right)
                    and event.modifiers() == Qt.KeyboardModifier.NoModifier):
                event.accept()  # the tab bar's, not Step's
            return False
        if event.matches(QKeySequence.StandardKey.Undo):
            spin = watched if isinstance(watched, QAbstractSpinBox) else watched.parent()
            if isinstance(spin, QAbstractSpinBox) and not spin.lineEdit().isUndoAvailable():
                event.ignore()
                return True  # (not to the box, which would take it and do nothing): the window's Undo
        return False


def focus_while_shown(dock: QDockWidget, fallback: QWidget) -> None:
    """Tab reaches ``dock``'s controls only while it shows.

    A dock behind another's tab is not hidden: Qt leaves its widgets "visible", laid out of sight,
    and Tab went from the Stack into the Event log behind the Pseudocode tab (the arrow keys then
    scrolled a list nobody saw).  When the dock's tab is unselected (or the dock hidden) its
    controls take no focus, and the focus, if it was there, goes to ``fallback`` (the board); their
    own focus policies come back when it shows again.
    """
    kept: dict[QWidget, Qt.FocusPolicy] = {}

    def follow(shown: bool) -> None:
        if shown:
            for widget, policy in kept.items():
                try:
                    widget.setFocusPolicy(policy)
                except RuntimeError:  # (a widget deleted since: nothing to give back)
                    pass
            kept.clear()
            return
        content = dock.widget()
        if content is None:
            return
        for widget in (content, *content.findChildren(QWidget)):
            if widget.focusPolicy() != Qt.FocusPolicy.NoFocus and widget not in kept:
                kept[widget] = widget.focusPolicy()
                widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        focused = QApplication.focusWidget()
        if focused is not None and content.isAncestorOf(focused):
            fallback.setFocus(Qt.FocusReason.OtherFocusReason)

    dock.visibilityChanged.connect(follow)
    follow(dock.isVisible())
