"""Message boxes whose text is shown as written: never read as HTML.

Text from a file (an ``algorithm`` holding ``<b>…</b>``, a file name) goes
into error dialogs; ``QMessageBox``'s static functions guess the format
(``Qt.AutoText``) and would render such text as rich text.  ``critical``
shows it in ``Qt.PlainText``.  Text that cannot be mistaken for HTML goes
through ``QMessageBox.critical`` itself (it is shown plain then too).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QMessageBox, QWidget


def critical(parent: QWidget | None, title: str, text: str) -> None:
    """A modal error box showing ``text`` as plain text."""
    if not GuiQt.mightBeRichText(text):
        QMessageBox.critical(parent, title, text)
        return
    box = QMessageBox(QMessageBox.Icon.Critical, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.exec()


__all__ = ["critical"]
