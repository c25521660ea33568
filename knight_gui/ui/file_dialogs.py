"""The window's Open and Save dialogs: fitted to their screen, and never reading the files they list.

Qt's own file dialog (used where the desktop offers none of its own) told each listed file's type,
and drew its icon, from the file's first bytes.  Run as root, a user who typed ``/proc/`` in the
file name had it list /proc, read /proc/kmsg, which never ends, and the window froze for good.
Here a file's icon says only whether it is a folder or a file, and its type comes from its name
(``MatchExtension``): nothing listed is ever opened.  A desktop's own dialog, where there is one,
is its own business.

``save_file_name`` and ``open_file_name`` take and give what ``QFileDialog.getSaveFileName`` and
``getOpenFileName`` do; every file dialog of the window goes through them (tests replace them).
The Qt classes they need are imported when a dialog is first asked for, not at start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .on_screen import dialogs_on_screen

if TYPE_CHECKING:
    from PySide6.QtGui import QAbstractFileIconProvider
    from PySide6.QtWidgets import QWidget

_shared: QAbstractFileIconProvider | None = None  # (``kind_icons``)


def kind_icons() -> QAbstractFileIconProvider:
    """The icon provider every dialog shares: icons and types from names alone (made when first asked).

    Qt asks it from the thread that lists a folder: the icons are made once, here, in the GUI
    thread, and ``QMimeDatabase`` may be used from any thread.
    """
    global _shared
    if _shared is not None:
        return _shared
    from PySide6.QtCore import QFileInfo, QMimeDatabase
    from PySide6.QtGui import QAbstractFileIconProvider, QIcon
    from PySide6.QtWidgets import QFileIconProvider

    kinds = QAbstractFileIconProvider.IconType

    class KindIcons(QAbstractFileIconProvider):
        def __init__(self) -> None:
            super().__init__()
            made = QFileIconProvider()
            self._icons = {kind: made.icon(kind) for kind in (kinds.Computer, kinds.Desktop, kinds.Trashcan,
                                                              kinds.Network, kinds.Drive, kinds.Folder,
                                                              kinds.File)}
            self._mime = QMimeDatabase()

        def icon(self, which: QAbstractFileIconProvider.IconType | QFileInfo) -> QIcon:  # noqa: D102
            if isinstance(which, QFileInfo):
                which = kinds.Drive if which.isRoot() else kinds.Folder if which.isDir() else kinds.File
            return self._icons.get(which, self._icons[kinds.File])

        def type(self, info: QFileInfo) -> str:  # noqa: D102
            if info.isDir():
                return super().type(info)  # ("Folder" in Qt's words: for a folder it reads nothing)
            return self._mime.mimeTypeForFile(info, QMimeDatabase.MatchMode.MatchExtension).comment()

    _shared = KindIcons()
    return _shared


def _ask(parent: QWidget | None, caption: str, directory: str, filter_: str, save: bool) -> tuple[str, str]:
    from PySide6.QtWidgets import QDialog, QFileDialog

    dialog = QFileDialog(parent, caption, directory, filter_)
    if save:
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    else:
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setIconProvider(kind_icons())
    try:
        with dialogs_on_screen():
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
        files = dialog.selectedFiles()
        if not accepted or not files:
            return "", ""
        return files[0], dialog.selectedNameFilter()
    finally:
        dialog.deleteLater()


def save_file_name(parent: QWidget | None, caption: str, directory: str, filter_: str) -> tuple[str, str]:
    """The file to save to, and the filter chosen; ("", "") if cancelled (as ``getSaveFileName``)."""
    return _ask(parent, caption, directory, filter_, save=True)


def open_file_name(parent: QWidget | None, caption: str, directory: str, filter_: str) -> tuple[str, str]:
    """The file to open, and the filter chosen; ("", "") if cancelled (as ``getOpenFileName``)."""
    return _ask(parent, caption, directory, filter_, save=False)


__all__ = ["kind_icons", "open_file_name", "save_file_name"]
