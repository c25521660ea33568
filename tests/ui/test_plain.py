"""Error boxes show a file's text as written: tags stay tags, never rendered as rich text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QWidget

from knight_gui.ui import plain

HTML_LOOKING = [
    "cannot open <b>tour</b>.json",
    "the algorithm '<font color=red>warnsdorff</font>' is unknown",
    '<img src="/etc/passwd"> is not a tour',
    "<a href='https://example.com'>click</a>",
]
ORDINARY = [
    "cannot open tour.json: no such file",
    "x > 2 and 1 < 3 are not tags",
    "size <= 100",
    "the algorithm 'x & y' is unknown",
    "",
]


class Shown:
    """What ``plain.critical`` asked of QMessageBox: the boxes it ran and the static calls."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.boxes: list[dict[str, object]] = []
        self.static: list[tuple[object, ...]] = []
        monkeypatch.setattr(QMessageBox, "exec", lambda box: self._exec(box))
        monkeypatch.setattr(QMessageBox, "critical", lambda *args: self.static.append(args))

    def _exec(self, box: QMessageBox) -> int:
        self.boxes.append({"format": box.textFormat(), "text": box.text(), "title": box.windowTitle(),
                           "icon": box.icon(), "buttons": box.standardButtons(), "parent": box.parent()})
        return int(QMessageBox.StandardButton.Ok.value)


@pytest.mark.parametrize("text", HTML_LOOKING)
def test_html_looking_text_is_shown_in_a_plain_text_box(monkeypatch, text):
    assert GuiQt.mightBeRichText(text)  # what QMessageBox.critical would have rendered
    shown = Shown(monkeypatch)
    plain.critical(None, "Open failed", text)
    assert shown.static == []
    assert shown.boxes == [{"format": Qt.TextFormat.PlainText, "text": text, "title": "Open failed",
                            "icon": QMessageBox.Icon.Critical, "buttons": QMessageBox.StandardButton.Ok,
                            "parent": None}]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_goes_through_qmessagebox_critical_unchanged(monkeypatch, qtbot, text):
    assert not GuiQt.mightBeRichText(text)
    parent = QWidget()
    qtbot.addWidget(parent)
    shown = Shown(monkeypatch)
    plain.critical(parent, "Save failed", text)
    assert shown.boxes == []
    assert shown.static == [(parent, "Save failed", text)]


def test_the_box_has_the_parent_it_was_given(monkeypatch, qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    shown = Shown(monkeypatch)
    plain.critical(parent, "Open failed", "<b>x</b>")
    assert len(shown.boxes) == 1 and shown.boxes[0]["parent"] is parent


def test_a_real_box_shows_the_tags_as_characters(qtbot):
    """The box really runs (modal, offscreen) and is closed from a timer: its label holds the text
    verbatim, as plain text, so the reader sees ``<b>`` and not bold."""
    text = "cannot open <b>tour</b>.json & <i>more</i>"
    seen: list[tuple[str, Qt.TextFormat, str]] = []

    def close_it() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, close_it)
            return
        label = next(lab for lab in box.findChildren(QLabel) if lab.text() == text)
        seen.append((label.text(), label.textFormat(), box.windowTitle()))
        box.done(0)

    QTimer.singleShot(0, close_it)
    plain.critical(None, "Open failed", text)
    assert seen == [(text, Qt.TextFormat.PlainText, "Open failed")]
