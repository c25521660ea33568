"""Setting an action's texts the one way the window does: its text, a status tip, a tooltip with keys."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence


def set_action_texts(action: QAction, text: str, tip: str) -> None:
    """Give ``action`` its ``text`` and ``tip``; the tooltip ends in its keys, "(Ctrl+O)", if it has any.

    Called when the action is made and again in ``_retranslate_ui`` after a
    language switch, with the texts in the new language.
    """
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    action.setText(text)
    action.setStatusTip(tip)
    action.setToolTip(f"{tip} ({keys})" if keys else tip)
