"""ui/file_dialogs.py: the window's Open and Save dialogs never read the files they list."""

from __future__ import annotations

from PySide6.QtCore import QFileInfo, QTimer
from PySide6.QtGui import QAbstractFileIconProvider
from PySide6.QtWidgets import QApplication, QFileDialog, QFileIconProvider

from knight_gui.ui import file_dialogs

PNG = b"\x89PNG\r\n\x1a\n" + bytes(32)
PDF = b"%PDF-1.7\n" + bytes(32)


def test_a_files_type_comes_from_its_name_never_its_contents(tmp_path):
    """Qt's own provider opens each listed file to tell its type: as root, listing /proc read /proc/kmsg,
    which never ends, and the window froze.  Here a PDF named .png is a PNG image, and PNG bytes with no
    name to tell are nothing in particular."""
    named = tmp_path / "picture.png"
    named.write_bytes(PDF)
    unnamed = tmp_path / "picture"
    unnamed.write_bytes(PNG)
    qt = QFileIconProvider()
    assert qt.type(QFileInfo(str(unnamed))) == "PNG image"  # (what reading the file tells)
    icons = file_dialogs.kind_icons()
    assert icons.type(QFileInfo(str(named))) == "PNG image"
    assert icons.type(QFileInfo(str(unnamed))) != "PNG image"
    assert icons.type(QFileInfo(str(tmp_path))) == qt.type(QFileInfo(str(tmp_path)))  # "Folder"
    kinds = QAbstractFileIconProvider.IconType
    assert icons.icon(QFileInfo(str(tmp_path))).cacheKey() == icons.icon(kinds.Folder).cacheKey()
    assert icons.icon(QFileInfo(str(unnamed))).cacheKey() == icons.icon(kinds.File).cacheKey()


def test_every_dialog_of_the_window_lists_with_those_icons(qtbot, window, tmp_path):
    """Save Tour, Open Tour and Export PNG, as a user opens them: each lists by names alone, and gives
    back what was chosen."""
    window.apply_settings(5, 5)
    seen = []

    def answer(name: str) -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QFileDialog)
        seen.append(dialog.iconProvider() is file_dialogs.kind_icons())
        dialog.selectFile(name)
        dialog.accept()

    target = tmp_path / "tour.json"
    QTimer.singleShot(0, lambda: answer(str(target)))
    window.player.place(0)
    window.player.advance(30)
    window.player.changed.emit()  # (what a tick does after its events: the actions follow)
    window.tour_files.save_action.trigger()
    qtbot.waitUntil(lambda: target.exists() and not window.tour_files.busy, timeout=10_000)
    QTimer.singleShot(0, lambda: answer(str(target)))
    window.tour_files.open_action.trigger()
    qtbot.waitUntil(lambda: not window.tour_files.busy, timeout=10_000)
    png = tmp_path / "board.png"
    QTimer.singleShot(0, lambda: answer(str(png)))
    window.export_action.trigger()  # (File ▸ Export PNG, Ctrl+S)
    assert png.read_bytes().startswith(b"\x89PNG")
    assert seen == [True, True, True]


def test_a_cancelled_dialog_gives_nothing(qtbot, tmp_path):
    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())
    assert file_dialogs.save_file_name(None, "Save", str(tmp_path / "a.png"), "PNG (*.png)") == ("", "")
