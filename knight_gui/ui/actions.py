"""Setting an action's texts the one way the window does: its text, a status tip, a tooltip with keys;
and the keys a focused control keeps from the window's shortcuts (``KeysToFocus``)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QWidget

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

    ``watch`` installs it on a widget's buttons and spin boxes (and theirs made later: call again).
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

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        if isinstance(watched, QAbstractButton):
            if event.key() == Qt.Key.Key_Space and event.modifiers() == Qt.KeyboardModifier.NoModifier:
                event.accept()  # the button's, not Play's
            return False
        if event.matches(QKeySequence.StandardKey.Undo):
            spin = watched if isinstance(watched, QAbstractSpinBox) else watched.parent()
            if isinstance(spin, QAbstractSpinBox) and not spin.lineEdit().isUndoAvailable():
                event.ignore()
                return True  # (not to the box, which would take it and do nothing): the window's Undo
        return False
