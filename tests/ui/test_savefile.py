"""The window's atomic writer (knight_gui.ui.savefile): QSaveFile after the model's check."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from knight_gui.ui.savefile import FileProblem, save_bytes, save_file


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_bytes_are_written_with_the_umask_mode(tmp_path):
    old = os.umask(0o022)
    try:
        save_bytes(tmp_path / "a.svg", b"<svg/>")
    finally:
        os.umask(old)
    assert (tmp_path / "a.svg").read_bytes() == b"<svg/>"
    assert stat.S_IMODE((tmp_path / "a.svg").stat().st_mode) == 0o644


def test_an_image_is_encoded_into_the_device(qapp, tmp_path):
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    image.fill(QColor("#b58863"))
    save_file(tmp_path / "a.png", lambda device: image.save(device, "PNG"))
    assert QImage(str(tmp_path / "a.png")).pixelColor(3, 3) == QColor("#b58863")
    assert names(tmp_path) == ["a.png"]


def test_an_existing_file_keeps_its_mode_and_a_symlink_stays(tmp_path):
    real = tmp_path / "real.csv"
    real.write_bytes(b"old")
    real.chmod(0o640)
    (tmp_path / "link.csv").symlink_to(real)
    save_bytes(tmp_path / "link.csv", b"new")
    assert (tmp_path / "link.csv").is_symlink()
    assert real.read_bytes() == b"new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_special_files_are_refused(tmp_path):
    os.mkfifo(tmp_path / "f.png")
    with pytest.raises(FileProblem, match="named pipe"):
        save_bytes(tmp_path / "f.png", b"x")
    with pytest.raises(FileProblem, match="character device"):
        save_bytes("/dev/null", b"x")
    assert stat.S_ISFIFO((tmp_path / "f.png").stat().st_mode)


def test_a_failed_encoder_leaves_the_old_file(tmp_path):
    target = tmp_path / "a.png"
    target.write_bytes(b"good")
    with pytest.raises(FileProblem, match="the encoder failed"):
        save_file(target, lambda device: False)
    assert target.read_bytes() == b"good"
    assert names(tmp_path) == ["a.png"]


def test_a_cancel_leaves_nothing(tmp_path):
    class Cancelled(Exception):
        pass

    def cancel(device):
        device.write(b"part")
        raise Cancelled

    with pytest.raises(Cancelled):
        save_file(tmp_path / "a.gif", cancel)
    assert names(tmp_path) == []


def test_a_long_valid_name_works(tmp_path):
    name = "t" * 245 + ".png"
    save_bytes(tmp_path / name, b"x")
    assert (tmp_path / name).read_bytes() == b"x"
