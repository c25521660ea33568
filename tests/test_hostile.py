"""Issue 14, command line side: output that cannot be written, encodings, no display, count's set-up.

Most bad input is in the catalogue (tests/test_bad_input.py); here are the
cases that need a process of their own (its stdout on a full device, closed,
or in ASCII; no display) and the count's budget.  The device is only ever the
*child's* stdout, opened by the test: no writer of the program is pointed at
a device path.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from knight_gui import cli
from knight_gui.tour import Board, count
from knight_gui.tour.count import CountBudgetError, count_tours

ROOT = Path(__file__).resolve().parents[1]


def knight_tour(*argv: str, env: dict[str, str] | None = None, shell_redirect: str = "",
                stdout: object = subprocess.PIPE, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run ``knight-tour`` (this tree's) in a process; ``shell_redirect`` like ``>&-`` goes through sh."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    command = [sys.executable, "-c", "import sys; from knight_gui.app import main; sys.exit(main())", *argv]
    if shell_redirect:
        quoted = " ".join(f"'{part}'" for part in command)
        return subprocess.run(["sh", "-c", f"exec {quoted} {shell_redirect}"], env=environment,
                              stdout=stdout, stderr=subprocess.PIPE, timeout=timeout)
    return subprocess.run(command, env=environment, stdout=stdout, stderr=subprocess.PIPE, timeout=timeout)


def one_error_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8", "replace")
    assert "Traceback" not in text and "Exception ignored" not in text, text
    assert text.count("\n") == 1 and text.startswith("knight-tour: error: "), text
    return text


# -- item 6 and 15: the output and stderr ------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_a_full_output_device_is_one_line_and_exit_2():
    """``solve > /dev/full``: the child's stdout is /dev/full, opened here for writing (the program
    itself is never asked to write to a device path)."""
    with open("/dev/full", "wb") as full:
        done = knight_tour("solve", "--size", "5", "--start", "a5", stdout=full)
    assert done.returncode == 2
    assert "cannot write the output: the disk is full" in one_error_line(done.stderr)


def test_a_closed_stdout_is_one_line_and_exit_2():
    done = knight_tour("solve", "--size", "5", "--start", "a5", shell_redirect=">&-")
    assert done.returncode == 2
    assert "cannot write the output: standard output is closed" in one_error_line(done.stderr)


def test_a_closed_stderr_keeps_exit_2_for_bad_input():
    done = knight_tour("solve", "--size", "0", "--start", "a5", shell_redirect="2>&-")
    assert done.returncode == 2 and done.stdout == b""


def test_an_ascii_terminal_gets_escapes_not_a_traceback(tmp_path):
    done = knight_tour("solve", "--size", "5", "--start", "a5", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and done.stderr == b""
    assert b"Tour found on 5\\xd75 from a5" in done.stdout


def test_a_lone_surrogate_in_a_file_is_escaped_in_text_and_in_json(tmp_path):
    from tests.test_bad_input import _partial

    target = tmp_path / "t.json"
    target.write_text(json.dumps(_partial("bad \ud800 reason")), encoding="utf-8")
    text = knight_tour("show", str(target))
    assert text.returncode == 1 and text.stderr == b""
    assert b"bad \\ud800 reason;" in text.stdout
    as_json = knight_tour("show", str(target), "--format", "json")
    assert as_json.returncode == 1 and as_json.stderr == b""
    assert json.loads(as_json.stdout)["reason"] == "bad \ud800 reason"  # the escape is JSON's own


def test_file_text_never_reaches_the_terminal_raw(tmp_path, capsys):
    from tests.test_bad_input import _partial

    target = tmp_path / "t.json"
    target.write_text(json.dumps(_partial("\x1b[2J\x1b]0;owned\x07\nsecond line")), encoding="utf-8")
    assert cli.main(["show", str(target)]) == 1
    out = capsys.readouterr().out
    summary = out.splitlines()[-1]
    assert "\x1b" not in out and "\x07" not in out
    assert summary.endswith("\\x1b[2J\\x1b]0;owned\\x07\\nsecond line; 3 pushes, 0 pops")


@pytest.mark.parametrize("argv, said", [
    (["show", "a\x00b.json"], "cannot read 'a\\x00b.json': a file name cannot hold a NUL character"),
    (["solve", "--size", "5", "--start", "a5", "--save", "t\x00.json"],
     "cannot write 't\\x00.json': a file name cannot hold a NUL character"),
    (["export", "--size", "5", "--start", "a5", "-o", "t\x00.svg"],
     "cannot write 't\\x00.svg': a file name cannot hold a NUL character"),
])
def test_a_file_name_with_a_nul_character_is_one_line_and_exit_2(capsys, argv, said):
    """No system takes such a name (Python raises ValueError, not OSError: it came out as a traceback
    through cli.main, found by test_cli_fuzz); it cannot come from a shell, but from a caller, yes."""
    assert cli.main(argv) == 2
    assert capsys.readouterr().err == f"knight-tour: error: {said}\n"


# -- item 9: no display ---------------------------------------------------------------------------


@pytest.mark.parametrize("env, fragment", [
    ({"DISPLAY": None, "QT_QPA_PLATFORM": None, "WAYLAND_DISPLAY": None},
     "there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"),
    ({"DISPLAY": ":97", "QT_QPA_PLATFORM": None, "WAYLAND_DISPLAY": None},
     "the X display :97 does not answer"),
    ({"QT_QPA_PLATFORM": "bogus"}, "QT_QPA_PLATFORM names 'bogus', which is not an installed Qt platform"),
])
def test_no_display_is_one_clear_line_and_exit_2_not_an_abort(env, fragment):
    environment = {key: value for key, value in os.environ.items() if env.get(key, "") is not None}
    environment.update({key: value for key, value in env.items() if value is not None})
    program = "import sys; from knight_gui.app import main; sys.exit(main())"
    done = subprocess.run([sys.executable, "-c", program], env={**environment, "PYTHONPATH": str(ROOT)},
                          capture_output=True, timeout=60)
    assert done.returncode == 2
    line = one_error_line(done.stderr)
    assert f"cannot open the window: {fragment}" in line
    assert "work without a display" in line


# (The checks themselves, socket by socket: tests/ui/test_display.py.)


# -- item 3: the window's largest board ----------------------------------------------------------


def test_the_command_line_knows_the_windows_largest_board():
    from knight_gui.ui.main_window import WINDOW_MAX_SIDE

    assert cli.WINDOW_MAX_SIDE == WINDOW_MAX_SIDE


def test_a_window_board_over_100_is_refused_before_the_window_opens(monkeypatch, capsys):
    opened = []
    monkeypatch.setattr("knight_gui.ui.app.run_window", lambda **kw: opened.append(kw) or 0)
    assert cli.main(["--size", "150", "--start", "1", "0"]) == 2
    assert opened == []
    err = capsys.readouterr().err
    assert "at most 100×100, not 150×150" in err and "22499" not in err
    assert cli.main(["--size", "100", "--start", "99", "99"]) == 0  # the largest is still fine, as asked
    assert opened[-1]["rows"] == 100 and opened[-1]["start"] == 99 * 100 + 99


# -- item 5: count's set-up within its budget ----------------------------------------------------


def test_a_count_on_a_huge_board_with_a_small_budget_is_quick_and_small():
    board = Board(2000)
    tracemalloc.start()
    began = time.perf_counter()
    try:
        with pytest.raises(CountBudgetError) as caught:
            count_tours(board, 0, max_nodes=10)
        seconds = time.perf_counter() - began
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert caught.value.partial == 0
    assert peak < 64 * 2**20, f"{peak / 2**20:.0f} MB"  # was 1.5 GB
    assert seconds < 10, seconds  # was 21 s (a few hundred ms here; generous for a loaded machine)


def test_a_time_budget_covers_the_set_up_too():
    began = time.perf_counter()
    with pytest.raises(CountBudgetError):
        count_tours(Board(1000), 0, max_seconds=0.1)
    assert time.perf_counter() - began < 5  # was 6.9 s


@pytest.mark.parametrize("rows, cols, start, closed", [
    (5, 5, 0, False), (5, 5, 12, False), (3, 4, 0, False), (5, 6, 0, True), (6, 6, 0, True), (1, 1, 0, False),
    (3, 3, 0, False), (4, 5, 3, False),
])
def test_the_lazy_moves_of_large_boards_count_as_the_table_does(monkeypatch, rows, cols, start, closed):
    board = Board(rows, cols)
    budget = 200_000
    def counted() -> tuple[int, bool]:
        try:
            return count_tours(board, start, closed, budget), True
        except CountBudgetError as error:
            return error.partial, False
    eager = counted()
    monkeypatch.setattr(count, "LAZY_SQUARES", 0)
    assert counted() == eager


# -- item 1, 12: writing from the command line -------------------------------------------------


def test_save_writes_through_a_symlink_and_keeps_the_mode(tmp_path, capsys):
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    os.chmod(real, 0o640)
    os.symlink(real, tmp_path / "link.json")
    assert cli.main(["solve", "--size", "5", "--start", "a5", "--save", str(tmp_path / "link.json")]) == 0
    assert os.path.islink(tmp_path / "link.json")
    assert json.loads(real.read_text(encoding="utf-8"))["format"] == "knight-tour"
    assert oct(os.stat(real).st_mode & 0o777) == oct(0o640)
    assert sorted(os.listdir(tmp_path)) == ["link.json", "real.json"]


def test_a_new_save_follows_the_umask(tmp_path, capsys):
    old = os.umask(0o027)
    try:
        assert cli.main(["solve", "--size", "5", "--start", "a5", "--save", str(tmp_path / "t.json")]) == 0
    finally:
        os.umask(old)
    assert oct(os.stat(tmp_path / "t.json").st_mode & 0o777) == oct(0o640)


@pytest.mark.skipif(shutil.which("unshare") is None or os.geteuid() != 0,
                    reason="a real full disk needs a private tmpfs mount (root, unshare)")
@pytest.mark.parametrize(("fill", "size", "px"), [
    (0, 40, 4000),  # a PNG larger than the whole disk: a write comes back short
    # a 12 KB PNG on a disk with 8 KB left: smaller than what Qt keeps buffered, it failed only as
    # commit() flushed it, and that said "Unknown error" (found by a helper's mutation run)
    (56, 5, 128),
])
def test_a_full_disk_on_png_export_says_the_disk_is_full(tmp_path, fill, size, px):
    """A 64 KB tmpfs (in a mount namespace of its own, so nothing outlives the test) cannot hold the
    PNG: one line saying the disk is full, no libpng text, the old file intact, nothing left."""
    disk = tmp_path / "disk"
    disk.mkdir()
    filled = f"head -c {fill}k /dev/zero > '{disk}/fill' && " if fill else ""
    script = (f"mount -t tmpfs -o size=64k tmpfs '{disk}' && {filled}printf old > '{disk}/board.png' && "
              f"'{sys.executable}' -c 'import sys; from knight_gui.app import main; sys.exit(main())' "
              f"export --size {size} --start 0 0 -o '{disk}/board.png' --px {px}; code=$?; "
              f"printf '\\n%s %s\\n' \"$(cat '{disk}/board.png')\" \"$(ls -A '{disk}' | tr '\\n' ' ')\" >&2; "
              "exit $code")
    done = subprocess.run(["unshare", "-m", "sh", "-c", script], env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, timeout=120)
    err = done.stderr.decode()
    if "mount:" in err and "permission denied" in err.lower():
        pytest.skip("mounting is not permitted here")
    assert done.returncode == 2, err
    lines = err.strip().splitlines()
    assert lines[0].startswith("knight-tour: error: cannot write") and lines[0].endswith("the disk is full")
    assert "libpng" not in err and "encoder" not in err
    # the old file, and nothing else on the disk (but the filling)
    assert lines[-1].strip() == ("old board.png fill" if fill else "old board.png")
