"""Setting an action's texts the one way the window does: its text, a status tip, a tooltip with keys."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

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
