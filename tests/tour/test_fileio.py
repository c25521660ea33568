"""The one standard-library helper for reading and writing files (knight_gui.tour.fileio)."""

from __future__ import annotations

import errno
import os
import socket
import stat
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_gui.tour.fileio import (
    FileProblem,
    os_problem,
    os_reason,
    read_regular,
    write_atomically,
    write_bytes,
)
from knight_gui.tour.messages import Message


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_a_new_file_is_written_whole_with_the_umask_mode(tmp_path):
    old = os.umask(0o022)
    try:
        write_bytes(tmp_path / "a.json", b"hello")
    finally:
        os.umask(old)
    target = tmp_path / "a.json"
    assert target.read_bytes() == b"hello"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert names(tmp_path) == ["a.json"]


def test_the_umask_is_followed(tmp_path):
    old = os.umask(0o077)
    try:
        write_bytes(tmp_path / "a.png", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.png").stat().st_mode) == 0o600


def test_an_existing_file_keeps_its_mode(tmp_path):
    target = tmp_path / "a.csv"
    target.write_bytes(b"old")
    target.chmod(0o640)
    write_bytes(target, b"new")
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_symlink_is_written_through_to_its_target(tmp_path):
    real = tmp_path / "real.svg"
    real.write_bytes(b"old")
    link = tmp_path / "link.svg"
    link.symlink_to(real)
    write_bytes(link, b"new")
    assert link.is_symlink()
    assert real.read_bytes() == b"new"
    assert names(tmp_path) == ["link.svg", "real.svg"]


def test_a_symlink_to_a_new_file_creates_the_target(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "new.json")
    write_bytes(link, b"{}")
    assert link.is_symlink() and (tmp_path / "new.json").read_bytes() == b"{}"


def test_a_fifo_is_refused_before_anything_is_written(tmp_path):
    fifo = tmp_path / "f.json"
    os.mkfifo(fifo)
    with pytest.raises(FileProblem, match="named pipe"):
        write_bytes(fifo, b"x")
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert names(tmp_path) == ["f.json"]


def test_a_device_is_refused_and_stays_a_device():
    with pytest.raises(FileProblem, match="character device"):
        write_bytes("/dev/null", b"x")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_symlink_to_a_device_is_refused(tmp_path):
    link = tmp_path / "x.png"
    link.symlink_to("/dev/null")
    with pytest.raises(FileProblem, match="character device"):
        write_bytes(link, b"x")
    assert link.is_symlink()


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(FileProblem, match="a folder"):
        write_bytes(tmp_path, b"x")


def test_a_missing_folder_is_named(tmp_path):
    with pytest.raises(FileProblem, match="does not exist"):
        write_bytes(tmp_path / "no" / "a.json", b"x")


def test_an_empty_name_is_refused():
    with pytest.raises(FileProblem, match="empty name"):
        write_bytes("", b"x")


def test_a_long_valid_name_works(tmp_path):
    name = "t" * 251 + ".png"  # 255 bytes: the longest name most file systems take
    write_bytes(tmp_path / name, b"x")
    assert (tmp_path / name).read_bytes() == b"x"


def test_a_failing_writer_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "a.json"
    target.write_bytes(b"good")

    def fail(stream):
        stream.write(b"half")
        raise OSError(28, "No space left on device")

    with pytest.raises(FileProblem, match="the disk is full"):
        write_atomically(target, fail)
    assert target.read_bytes() == b"good"
    assert names(tmp_path) == ["a.json"]


def test_a_cancel_passes_through_and_cleans_up(tmp_path):
    class Cancelled(Exception):
        pass

    def cancel(stream):
        stream.write(b"part")
        raise Cancelled

    with pytest.raises(Cancelled):
        write_atomically(tmp_path / "a.gif", cancel)
    assert names(tmp_path) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_says_so(tmp_path, monkeypatch):
    # Writing to /dev/full fails with ENOSPC; stand it in for the temporary file.
    real_open = os.open

    def to_full(path, flags, mode=0o777, **kw):
        if str(path).endswith(".tmp"):
            return real_open("/dev/full", os.O_WRONLY)
        return real_open(path, flags, mode, **kw)

    monkeypatch.setattr(os, "open", to_full)
    with pytest.raises(FileProblem, match="the disk is full"):
        write_bytes(tmp_path / "a.png", b"x" * 100_000)


@settings(max_examples=50, deadline=None)
@given(data=st.binary(max_size=5000))
def test_what_is_written_is_read_back(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("rw")
    write_bytes(folder / "f.bin", data)
    assert read_regular(folder / "f.bin", 5000) == data
    assert names(folder) == ["f.bin"]


def test_reading_a_fifo_never_blocks(tmp_path):
    fifo = tmp_path / "f.json"
    os.mkfifo(fifo)
    result: list[object] = []
    thread = threading.Thread(target=lambda: result.append(_try_read(fifo)), daemon=True)
    thread.start()
    thread.join(5)
    assert not thread.is_alive(), "reading a FIFO blocked"
    assert isinstance(result[0], FileProblem) and "named pipe" in str(result[0])


def _try_read(name):
    try:
        return read_regular(name, 100)
    except FileProblem as problem:
        return problem


def test_reading_a_device_or_folder_is_refused(tmp_path):
    with pytest.raises(FileProblem, match="character device"):
        read_regular("/dev/zero", 100)
    with pytest.raises(FileProblem, match="a folder"):
        read_regular(tmp_path, 100)


def test_reading_a_socket_is_refused(tmp_path):
    path = str(tmp_path / "s.json")
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(path)
        with pytest.raises(FileProblem, match="not a regular file"):
            read_regular(path, 100)
    finally:
        server.close()


def test_reading_a_file_over_the_limit_is_refused(tmp_path):
    (tmp_path / "big.json").write_bytes(b"x" * 101)
    with pytest.raises(FileProblem, match="larger than the limit of 100 bytes"):
        read_regular(tmp_path / "big.json", 100)
    assert read_regular(tmp_path / "big.json", 101) == b"x" * 101


def test_reading_a_missing_file_says_so(tmp_path):
    with pytest.raises(FileProblem, match="cannot read .*no such file"):
        read_regular(tmp_path / "none.json", 100)


# -- found by mutation testing (each test fails on the mutant it names) ---------------------------


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc (reports 0 bytes)")
def test_a_file_larger_than_its_reported_size_is_refused_past_the_limit():
    # (a file that grows past its st_size while read was returned past the limit)
    with pytest.raises(FileProblem) as caught:
        read_regular("/proc/self/status", 10)
    assert caught.value.too_large


@pytest.mark.parametrize(("code", "words"), [
    (errno.EDQUOT, "the disk quota is used up"), (errno.EPERM, "permission denied"),
    (errno.EROFS, "the file system is read-only"),
    (errno.ENOTDIR, "a part of the path is not a folder"), (errno.EIO, "input/output error"),
    (errno.ELOOP, "too many levels of symbolic links"), (errno.EISDIR, "it is a folder"),
    (errno.EFBIG, "the file is too large for the file system"), (errno.EBUSY, "the file is busy"),
])
def test_an_os_error_is_said_in_plain_words(code, words):
    assert os_reason(OSError(code, "x")) == words
    assert os_problem(OSError(code, "x")).code != "verbatim"  # a message the window words in Chinese


def test_an_os_error_the_table_does_not_know_is_said_in_the_systems_words():
    assert os_problem(OSError(errno.EXDEV, "Invalid cross-device link")) == Message(
        "verbatim", ("invalid cross-device link",))


def test_a_systems_error_text_is_a_message_where_the_table_knows_its_errno():
    """Qt's file classes give the system's text ("Permission denied"): the window words it too."""
    from knight_gui.tour.fileio import text_problem

    assert text_problem(os.strerror(errno.EACCES)) == Message("file-permission")
    assert text_problem(os.strerror(errno.ELOOP).upper()) == Message("file-loop")
    other = "Existing file x is not writable"
    assert text_problem(other) == Message("verbatim", (other,))
