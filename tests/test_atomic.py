"""Written files are atomic: a failed or interrupted write never leaves a truncated file.

``knight_gui.ui.export.save_image`` writes a temporary file beside the
target and renames it over the target only when it is complete.  These tests
make the write fail in every way we can (encoder failure, a crash half way
through the write, a failing rename, unwritable and nonsense targets) and
check that an existing good file is byte-for-byte intact, that no temporary
file is left behind, and that the error is an ``ExportError`` with a clear
message (never a bare OSError escaping into a slot).  The same for the tour
file writer where it exists.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from knight_gui.tour import text
from knight_gui.ui import export
from knight_gui.ui.export import ExportError, save_image

ROOT = Path(__file__).resolve().parents[1]
GOOD = b"\x89PNG\r\n\x1a\n" + b"an existing good file" * 50


@pytest.fixture
def image(qapp) -> QImage:
    """Images need the application (pytest-qt's, offscreen: tests/conftest.py sets the platform)."""
    img = QImage(64, 48, QImage.Format.Format_ARGB32)
    img.fill(QColor("#b58863"))
    return img


@pytest.fixture
def good(tmp_path) -> Path:
    target = tmp_path / "board.png"
    target.write_bytes(GOOD)
    return target


def leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


def test_a_successful_save_replaces_the_file_whole(image, good):
    save_image(image, good)
    loaded = QImage(str(good))
    assert (loaded.width(), loaded.height()) == (64, 48)
    assert loaded.pixelColor(10, 10) == QColor("#b58863")
    assert leftovers(good.parent, {good.name}) == []


def test_a_save_into_a_new_file_in_the_current_folder(image, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    save_image(image, "plain.png")
    assert not QImage(str(tmp_path / "plain.png")).isNull()
    assert leftovers(tmp_path, {"plain.png"}) == []


def test_a_failing_encoder_keeps_the_old_file(image, good, monkeypatch):
    monkeypatch.setattr(export.QImage, "save", lambda self, *a, **k: False)
    with pytest.raises(ExportError, match="encoder failed"):
        save_image(image, good)
    assert good.read_bytes() == GOOD
    assert leftovers(good.parent, {good.name}) == []


@pytest.mark.parametrize("os_text, message", [
    ("No space left on device", "the disk is full"),
    ("Disk quota exceeded", "the disk is full"),
    ("Permission denied", ": permission denied$"),  # the system's text, in the words the window translates
    ("Existing file is not writable", ": Existing file is not writable$"),  # one it does not know: as given
])
def test_a_write_that_fails_at_the_end_keeps_the_old_file(image, good, monkeypatch, os_text, message):
    """The bytes go to QSaveFile's temporary file, then the commit fails (a full disk, a refused
    rename): the old file stays, nothing is left, and the message says why in words."""
    from PySide6.QtCore import QSaveFile

    from knight_gui.ui import savefile

    class Failing(QSaveFile):
        def commit(self) -> bool:
            self.cancelWriting()
            super().commit()  # discards the temporary file
            return False

        def errorString(self) -> str:  # noqa: N802 - Qt's name
            return os_text

    monkeypatch.setattr(savefile, "QSaveFile", Failing)
    with pytest.raises(ExportError, match=message) as info:
        save_image(image, good)
    assert "encoder" not in str(info.value) and "\n" not in str(info.value)
    assert good.read_bytes() == GOOD
    assert leftovers(good.parent, {good.name}) == []


def test_an_exception_in_the_encoder_keeps_the_old_file(image, good, monkeypatch):
    """Not even an unexpected error may leave a temporary file or touch the target."""
    def boom(self, *args):
        raise RuntimeError("encoder crashed")

    monkeypatch.setattr(export.QImage, "save", boom)
    with pytest.raises(RuntimeError):
        save_image(image, good)
    assert good.read_bytes() == GOOD
    assert leftovers(good.parent, {good.name}) == []


@pytest.mark.parametrize("make_target, message", [
    (lambda tmp: tmp / "no-such-folder" / "x.png", "no-such-folder"),
    (lambda tmp: tmp / "a-folder.png", "folder"),
    (lambda tmp: tmp / ("x" * 300 + ".png"), "too long"),
    (lambda tmp: tmp / "file-not-folder" / "x.png", "x.png"),
])
def test_unwritable_targets_raise_export_error_and_write_nothing(image, tmp_path, make_target, message):
    (tmp_path / "a-folder.png").mkdir()
    (tmp_path / "file-not-folder").write_bytes(b"a file, not a folder")
    before = leftovers(tmp_path, set())
    target = make_target(tmp_path)
    with pytest.raises(ExportError) as info:
        save_image(image, target)
    assert type(info.value) is ExportError
    assert message in str(info.value)
    assert leftovers(tmp_path, set()) == before
    assert (tmp_path / "file-not-folder").read_bytes() == b"a file, not a folder"


def test_a_killed_process_never_leaves_a_truncated_file(tmp_path):
    """SIGKILL the writer in the middle of its write: the old file stays whole.

    A child process saves a large image over the good file again and again,
    stopping itself (SIGSTOP) inside the encoder, where the bytes are half
    written; the parent kills it there.  Only a temporary file may remain;
    the target is the old file or a complete new one.
    """
    target = tmp_path / "board.png"
    target.write_bytes(GOOD)
    script = textwrap.dedent(f"""
        import os, signal, sys
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        sys.path.insert(0, {str(ROOT)!r})
        from PySide6.QtGui import QGuiApplication, QImage, QColor
        from knight_gui.ui import export
        app = QGuiApplication([])
        image = QImage(1500, 1500, QImage.Format.Format_ARGB32)
        for y in range(0, 1500, 7):
            for x in range(0, 1500, 97):
                image.setPixelColor(x, y, QColor((x * 7) % 256, (y * 3) % 256, 90))
        from knight_gui.ui import savefile
        real = savefile.QSaveFile

        class StopBeforeCommit(real):
            def commit(self):                       # the bytes are in the temporary file, not renamed
                os.kill(os.getpid(), signal.SIGSTOP)  # the parent kills us here
                return super().commit()

        savefile.QSaveFile = StopBeforeCommit
        export.save_image(image, {str(target)!r})
    """)
    proc = subprocess.Popen([sys.executable, "-c", script])
    try:
        _, status = os.waitpid(proc.pid, os.WUNTRACED)
        assert os.WIFSTOPPED(status), "the writer did not reach the middle of its write"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert target.read_bytes() == GOOD
    rest = [p.name for p in tmp_path.iterdir() if p != target]
    assert all(name.startswith("board.png.") for name in rest), rest  # (QSaveFile's, if not O_TMPFILE)


# -- the window's export path -------------------------------------------------------------


def test_window_export_to_a_too_long_name_shows_an_error(qtbot, tmp_path, monkeypatch):
    """Regression (found by the fuzzer): Path.is_dir() raised ENAMETOOLONG out of the slot."""
    from PySide6.QtWidgets import QMessageBox

    from knight_gui.ui.main_window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    win.player.place(0)
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append(text))
    with qtbot.captureExceptions() as exceptions:
        ok = win.export_png(str(tmp_path / ("y" * 300 + ".png")))
    assert not exceptions and not ok
    assert errors and "too long" in errors[0]
    assert list(tmp_path.iterdir()) == []


# -- the tour file writer ---------------------------------------------------------------


def _record():
    from knight_gui.tour import Board, Search
    from knight_gui.tour.text import TourRecord

    board = Board(5)
    search = Search(board, 0)
    for event in search:
        if event.__class__.__name__ == "Outcome":
            break
    return TourRecord(board, 0, "warnsdorff", "roth", False, search.outcome.kind, search.outcome.reason,
                      search.path(), search.pushes, search.pops)


@pytest.fixture
def good_tour(tmp_path) -> Path:
    target = tmp_path / "tour.json"
    target.write_bytes(GOOD)
    return target


def test_a_saved_tour_replaces_the_file_whole_and_loads_back(good_tour):
    record = _record()
    text.save_tour(good_tour, record)
    loaded = text.load_tour(good_tour)
    assert list(loaded.path) == list(record.path)
    assert leftovers(good_tour.parent, {good_tour.name}) == []


@pytest.mark.parametrize("failure", ["disk full half way", "rename refused", "interrupted", "unexpected"])
def test_a_failed_tour_save_keeps_the_old_file(good_tour, monkeypatch, failure):
    record = _record()

    def half_then(exc):
        def write_to(write):
            chunks: list[str] = []
            text.write_tour_file(chunks.append, record)
            whole = "".join(chunks)
            write(whole[: len(whole) // 2])
            raise exc
        return write_to

    expected: type[BaseException] = text.TourFileError
    if failure == "disk full half way":
        write_to = half_then(OSError(28, "No space left on device"))
    elif failure == "interrupted":
        write_to, expected = half_then(KeyboardInterrupt()), KeyboardInterrupt
    elif failure == "unexpected":
        write_to, expected = half_then(RuntimeError("bug")), RuntimeError
    else:
        def write_to(write):
            text.write_tour_file(write, record)

        def refuse(src, dst):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(text.os, "replace", refuse)
    with pytest.raises(expected) as info:
        text.save_atomically(good_tour, write_to)
    if expected is text.TourFileError:
        assert str(good_tour) in str(info.value) and "\n" not in str(info.value)
    assert good_tour.read_bytes() == GOOD
    assert leftovers(good_tour.parent, {good_tour.name}) == []


@pytest.mark.parametrize("make_target", [
    lambda tmp: tmp / "no-such-folder" / "t.json",
    lambda tmp: tmp / "a-folder.json",
    lambda tmp: tmp / ("t" * 300 + ".json"),
])
def test_unwritable_tour_targets_raise_tour_file_error(tmp_path, make_target):
    (tmp_path / "a-folder.json").mkdir()
    before = leftovers(tmp_path, set())
    with pytest.raises(text.TourFileError):
        text.save_tour(make_target(tmp_path), _record())
    assert leftovers(tmp_path, set()) == before


def test_a_killed_tour_writer_never_leaves_a_truncated_file(tmp_path):
    """SIGKILL the tour writer half way through its write: the old file stays whole."""
    target = tmp_path / "tour.json"
    target.write_bytes(GOOD)
    script = textwrap.dedent(f"""
        import os, signal, sys
        sys.path.insert(0, {str(ROOT)!r})
        from knight_gui.tour import text

        def write_to(write):
            write('{{"format": "knight-tour", "version": 1, "rows": 8, ')
            os.kill(os.getpid(), signal.SIGSTOP)      # the parent kills us here
            write('"cols": 8}}')

        text.save_atomically({str(target)!r}, write_to)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script])
    try:
        _, status = os.waitpid(proc.pid, os.WUNTRACED)
        assert os.WIFSTOPPED(status), "the writer did not reach the middle of its write"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert target.read_bytes() == GOOD
    rest = [p.name for p in tmp_path.iterdir() if p != target]
    assert all(name.startswith(".kt") and name.endswith(".tmp") for name in rest), rest  # (fileio's)
