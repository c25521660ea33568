"""``knight-tour export -o tour.gif``: the command line's animation export.

Runs ``cli.main`` in this process (the Qt application of pytest-qt draws the
frames) and reads the files back with Pillow.  Bad input is one line on
stderr, exit code 2, and no file (partial or temporary) left behind.
"""

from __future__ import annotations

import errno
import os

import pytest
from PIL import Image

from knight_gui import cli
from knight_gui.ui import animation


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def decoded(path) -> tuple[int, list[float], dict]:
    with Image.open(path) as image:
        delays = []
        for index in range(image.n_frames):
            image.seek(index)
            image.load()  # (WebP sets the delay when it decodes the frame)
            delays.append(float(image.info["duration"]))
        return image.n_frames, delays, dict(image.info)


@pytest.mark.parametrize("name, extra", [("tour.gif", []), ("tour.webp", []), ("tour.apng", []),
                                         ("tour.png", ["--animate"])])
def test_export_writes_an_animation(qapp, capsys, tmp_path, name, extra):
    target = tmp_path / name
    code, out, err = run(capsys, "export", "--start", "a8", "-o", str(target), "--px", "120", "--fps", "20",
                         "--hold", "2", *extra)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == f"wrote {target}: 64 frames (events 1..65), 120×120 px, " \
                                   f"{target.stat().st_size / 1e6:.2f} MB"
    frames, delays, _ = decoded(target)
    assert frames == 64 and delays == [50.0] * 63 + [2000.0]
    assert os.listdir(tmp_path) == [name]


def test_a_part_of_the_search_once_with_a_caption(qapp, capsys, tmp_path):
    target = tmp_path / "part.gif"
    code, out, _ = run(capsys, "export", "--start", "a8", "-o", str(target), "--px", "100",
                       "--start-event", "10", "--end-event", "20", "--no-loop", "--caption")
    assert code == 0 and "11 frames (events 10..20)" in out
    frames, _, info = decoded(target)
    assert frames == 11 and "loop" not in info


def test_a_long_search_is_sampled_and_says_so(qapp, capsys, tmp_path):
    target = tmp_path / "five.gif"
    code, out, _ = run(capsys, "export", "--size", "5", "--start", "c3", "-a", "backtracking", "-o",
                       str(target), "--px", "80", "--max-frames", "30")
    step = animation.sample_step(19794, 30)
    assert code == 0 and f"every {animation.ordinal(step)} event" in out
    assert decoded(target)[0] == animation.sampled_count(19794, step) <= 30


def test_an_impossible_start_writes_nothing_and_exits_1(qapp, capsys, tmp_path):
    target = tmp_path / "none.gif"
    code, out, err = run(capsys, "export", "--size", "4", "--start", "a4", "-o", str(target))
    assert code == 1 and err == "" and out.endswith(f"{target} not written\n")
    assert os.listdir(tmp_path) == []


BAD = [
    (["-o", "{tmp}/tour.bmp"], "cannot write {tmp}/tour.bmp: unknown file type .bmp; write .png or .svg "
                               "for a picture, or .gif, .webp, .apng or .mp4 for an animation"),
    (["-o", "{tmp}/tour.svg", "--animate"], "unknown file type .svg; write an animation"),
    (["-o", "{tmp}/tour.gif", "--fps", "0"], "argument --fps: must be more than 0 and at most 50 frames "
                                              "per second, not 0"),
    (["-o", "{tmp}/tour.gif", "--fps", "fast"], "'fast' is not a number of frames per second"),
    (["-o", "{tmp}/tour.gif", "--max-frames", "1"], "--max-frames must be at least 2, not 1"),
    (["-o", "{tmp}/tour.gif", "--px", "5000"], "--px must be between 16 and 2048 for an animation, not 5000"),
    (["-o", "{tmp}/tour.gif", "--hold", "-1"], "argument --hold: must be between 0 and 60 seconds, not -1"),
    (["-o", "{tmp}/tour.gif", "--start-event", "99"], "the search has only 65 events; the start event 99 "
                                                       "is past its end"),
    (["-o", "{tmp}/tour.gif", "--start-event", "9", "--end-event", "3"], "--end-event (3) must not come "
                                                                          "before --start-event (9)"),
    (["-o", "{tmp}/tour.png", "--fps", "5"], "--fps is for animations: write .gif, .webp, .apng or .mp4, "
                                             "or add --animate"),
    (["-o", "{tmp}/missing/tour.gif"], "the folder {tmp}/missing does not exist"),
]


@pytest.mark.parametrize("argv, message", BAD)
def test_bad_input_is_one_line_exit_2_and_no_file(qapp, capsys, tmp_path, argv, message):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code, out, err = run(capsys, "export", "--start", "a8", "--px", "64", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("knight-tour: error: ")
    assert message.replace("{tmp}", str(tmp_path)) in err
    assert os.listdir(tmp_path) == []


def _temporary_files_fail(monkeypatch, error: int) -> None:
    """Opening the export's temporary file (``*.tmp``) gives /dev/full, or fails with ``error``."""
    real_open = os.open

    def opener(path, flags, mode=0o777, **kw):
        if str(path).endswith(".tmp"):
            if error == errno.ENOSPC:
                return real_open("/dev/full", os.O_WRONLY)  # every write: ENOSPC
            raise OSError(error, os.strerror(error))
        return real_open(path, flags, mode, **kw)

    monkeypatch.setattr(os, "open", opener)


def test_a_read_only_folder_is_one_line(qapp, capsys, tmp_path, monkeypatch):
    _temporary_files_fail(monkeypatch, errno.EACCES)  # (chmod does not stop root)
    target = tmp_path / "tour.gif"
    code, _, err = run(capsys, "export", "--start", "a8", "--px", "64", "-o", str(target))
    assert code == 2 and err == f"knight-tour: error: cannot write {target}: permission denied\n"
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("name", ["tour.gif", "tour.webp", "tour.apng"])
def test_a_full_disk_is_one_line_and_no_partial_file(qapp, capsys, tmp_path, monkeypatch, name):
    _temporary_files_fail(monkeypatch, errno.ENOSPC)
    target = tmp_path / name
    code, _, err = run(capsys, "export", "--start", "a8", "--px", "64", "-o", str(target))
    assert code == 2 and err == f"knight-tour: error: cannot write {target}: the disk is full\n"
    assert os.listdir(tmp_path) == []


def test_missing_pillow_and_ffmpeg_are_one_line_each(qapp, capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(animation, "pillow_available", lambda: False)
    code, _, err = run(capsys, "export", "--start", "a8", "-o", str(tmp_path / "tour.gif"))
    assert code == 2 and err == ("knight-tour: error: GIF, WebP and APNG export needs Pillow, which is not "
                                 "installed: pip install 'knight-tour[animation]' (or: pip install pillow)\n")
    monkeypatch.setattr(cli.shutil, "which", lambda name: None)
    code, _, err = run(capsys, "export", "--start", "a8", "-o", str(tmp_path / "tour.mp4"))
    assert code == 2 and err == ("knight-tour: error: MP4 needs the ffmpeg program, which was not found on "
                                 "PATH; write .gif, .webp or .apng instead (or install ffmpeg)\n")
    assert os.listdir(tmp_path) == []


def test_a_still_png_is_still_a_still(qapp, capsys, tmp_path):
    target = tmp_path / "board.png"
    code, out, _ = run(capsys, "export", "--start", "a8", "--px", "64", "-o", str(target))
    assert code == 0 and out.splitlines()[-1] == f"wrote {target}"
    with Image.open(target) as image:
        assert getattr(image, "n_frames", 1) == 1


def test_a_search_without_an_outcome_is_followed_so_far_and_says_so(qapp, capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(animation, "MAX_EVENTS", 500)
    target = tmp_path / "long.gif"
    code, out, _ = run(capsys, "export", "--start", "a8", "-a", "backtracking", "-o", str(target),
                       "--px", "64", "--max-frames", "20")
    assert code == 0 and "followed for 500 events without an outcome" in out
    assert "(events 1..500, every " in out and decoded(target)[0] <= 20
