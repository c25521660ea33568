"""The window's one atomic writer: ``QSaveFile`` after the model's target check.

Every file the window writes (PNG, SVG, CSV, saved tours, animations) goes
through ``save_file``: the target must be a regular file or not exist yet
(``knight_gui.tour.fileio.writable_target`` refuses FIFOs, devices, sockets
and folders before anything is written); ``QSaveFile`` writes a temporary
file and renames it over the target only when ``commit`` succeeds, writes
through a symbolic link to the file it names, keeps an existing file's
permissions and gives a new one what the umask allows.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import QIODevice, QSaveFile

from ..tour.fileio import FileProblem, text_problem, writable_target
from ..tour.messages import Message

#: Qt's error strings for a full disk (QSaveFile reports the OS's text).
_FULL = ("no space left on device", "disk quota exceeded")


def _reason(text: str) -> Message:
    lowered = text.lower()
    if any(full in lowered for full in _FULL):
        return Message("file-disk-full")
    return text_problem(text) if text else Message("file-unknown-error")


def save_file(filename: str | os.PathLike[str], write: Callable[[QIODevice], bool]) -> None:
    """Write ``filename`` all or nothing; ``write(device)`` writes the contents and says if it could.

    Raises FileProblem with one line for the user when the target is not a
    regular file, the write fails or ``write`` returns False; an existing
    file is then left as it was.  Other exceptions from ``write`` (a cancel)
    pass through, with nothing written.
    """
    name = os.fspath(filename)
    target = writable_target(name)
    save = QSaveFile(target)
    save.setDirectWriteFallback(False)
    if not save.open(QIODevice.OpenModeFlag.WriteOnly):
        raise FileProblem.cannot("write", name, _reason(save.errorString()))
    try:
        ok = write(save)
    except BaseException:
        save.cancelWriting()
        save.commit()  # discards the temporary file
        raise
    if not ok:
        reason = (_reason(save.errorString()) if save.error() != QSaveFile.FileError.NoError
                  else Message("file-encoder-failed"))
        save.cancelWriting()
        save.commit()
        raise FileProblem.cannot("write", name, reason)
    # Qt keeps up to 16 KiB of the last writes buffered: on a full disk they failed only as commit()
    # flushed them, and a full disk's first write comes back short with no reason: "Unknown error" (a
    # 12 KB PNG, found by a helper's mutation run).  Flushed here, and once more after a short write,
    # the next write says why ("No space left on device": the disk is full), as in ``write_all``.
    if not (save.flush() or save.flush()):
        reason = _reason(save.errorString())
        save.cancelWriting()
        save.commit()
        raise FileProblem.cannot("write", name, reason)
    if not save.commit():
        raise FileProblem.cannot("write", name, _reason(save.errorString()))


def save_bytes(filename: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``filename`` through ``save_file``."""
    save_file(filename, lambda device: write_all(device, data))


def write_all(device: QIODevice, data: bytes) -> bool:
    """Write all of ``data``; False when the device refuses (its errorString says why).

    A write to a full disk first comes back short with no error; only the
    next one fails, with the reason ("No space left on device"), so the rest
    is written until it is all there or a write fails.
    """
    view = memoryview(data)
    while view:
        written = device.write(bytes(view[:1 << 20]))
        if written <= 0:
            return False
        view = view[written:]
    return True


__all__ = ["FileProblem", "save_bytes", "save_file"]
