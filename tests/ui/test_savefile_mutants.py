"""The atomic writer (knight_gui.ui.savefile): gaps a mutation round found in its tests.

Each test's docstring names the mutant of ``knight_gui/ui/savefile.py`` it kills.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSaveFile

from knight_gui.ui import savefile
from knight_gui.ui.savefile import FileProblem, save_bytes, save_file, write_all


class ShortWrites:
    """A device that takes at most ``most`` bytes a write (a pipe, a nearly full disk)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.written = bytearray()
        self.calls = 0

    def write(self, data: bytes) -> int:
        self.calls += 1
        if self.calls > 1000:
            raise AssertionError("write_all kept writing to a device that takes nothing")
        taken = bytes(data[:self.most])
        self.written += taken
        return len(taken)


def test_short_writes_are_followed_by_the_rest():
    """Kills savefile.py:80 ``view = view[written:]`` -> ``view[1 << 20:]`` (the rest after a short write
    lost)."""
    device = ShortWrites(3)
    assert write_all(device, b"0123456789") is True
    assert bytes(device.written) == b"0123456789"
    assert device.calls == 4


def test_a_device_that_takes_nothing_is_a_failure_not_an_endless_loop():
    """Kills savefile.py:78 ``if written <= 0`` -> ``< 0`` (a write of 0 bytes looped for ever)."""
    device = ShortWrites(0)
    assert write_all(device, b"data") is False
    assert device.calls == 1


def failing(opens: bool, commits: bool, os_text: str) -> type[QSaveFile]:
    class Failing(QSaveFile):
        def open(self, mode) -> bool:  # noqa: A003 - Qt's name
            return super().open(mode) if opens else False

        def commit(self) -> bool:
            if commits:
                return super().commit()
            self.cancelWriting()
            super().commit()  # discards the temporary file
            return False

        def errorString(self) -> str:  # noqa: N802 - Qt's name
            return os_text

    return Failing


def test_a_commit_that_fails_with_no_reason_says_unknown_error(tmp_path, monkeypatch):
    """Kills savefile.py:30 ``text_problem(text) if text else Message("file-unknown-error")`` ->
    ``text_problem(text)`` (an empty reason left the message ending in ": ")."""
    target = tmp_path / "a.csv"
    target.write_bytes(b"good")
    monkeypatch.setattr(savefile, "QSaveFile", failing(opens=True, commits=False, os_text=""))
    with pytest.raises(FileProblem) as info:
        save_bytes(target, b"new")
    assert str(info.value) == f"cannot write {target}: unknown error"
    assert target.read_bytes() == b"good"


def test_a_target_that_cannot_be_opened_says_cannot_write_and_why(tmp_path, monkeypatch):
    """Kills savefile.py:46 ``FileProblem.cannot("write", ...)`` -> ``"read"`` (the open failure's
    message)."""
    target = tmp_path / "a.svg"
    target.write_bytes(b"good")
    called = []
    refusing = failing(opens=False, commits=True, os_text="Permission denied")
    monkeypatch.setattr(savefile, "QSaveFile", refusing)
    with pytest.raises(FileProblem) as info:
        save_file(target, lambda device: called.append(device) or True)
    assert str(info.value) == f"cannot write {target}: permission denied"
    assert called == [] and target.read_bytes() == b"good"
    assert sorted(p.name for p in Path(tmp_path).iterdir()) == ["a.svg"]


def test_the_device_never_falls_back_to_writing_the_target_in_place(tmp_path):
    """Kills savefile.py:44 ``setDirectWriteFallback(False)`` -> ``(True)`` (where no temporary file can
    be made, Qt would then write over the target directly: not all or nothing)."""
    fallbacks = []

    def write(device) -> bool:
        fallbacks.append(device.directWriteFallback())
        return write_all(device, b"x")

    save_file(tmp_path / "a.csv", write)
    assert fallbacks == [False]
    assert (tmp_path / "a.csv").read_bytes() == b"x"


def open_files() -> set[str]:
    folder = Path("/proc/self/fd")
    return {str(fd.resolve()) for fd in folder.iterdir() if fd.exists()}


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc (Linux)")
@pytest.mark.parametrize("failure", ["interrupted", "encoder failed"])
def test_a_failed_write_leaves_no_file_open_while_its_error_is_alive(tmp_path, failure):
    """Kills savefile.py:49 ``except BaseException`` -> ``except Exception``, and the deletion of the
    ``save.commit()`` after ``cancelWriting()`` at lines 51 and 57: the temporary file stayed open (a
    named one, where the file system has no O_TMPFILE) for as long as the traceback held the frame."""
    save_bytes(tmp_path / "warm-up.csv", b"x")  # (whatever Qt opens once and keeps)
    before = open_files()

    def write(device) -> bool:
        device.write(b"part")
        if failure == "interrupted":
            raise KeyboardInterrupt
        return False

    expected = KeyboardInterrupt if failure == "interrupted" else FileProblem
    with pytest.raises(expected) as info:
        save_file(tmp_path / "a.csv", write)
    assert info.traceback  # (the frame with the QSaveFile is still referenced here)
    assert open_files() <= before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["warm-up.csv"]
