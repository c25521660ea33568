"""The command line on a terminal: a progress line on stderr for long work, Ctrl+C, a closed pipe, help.

The progress line shows only when stderr is a terminal (a StringIO that says
it is one stands in for it here, or a real pseudo-terminal), never with
``--quiet``, and is erased at the end so the output is the same as in a pipe.
"""

from __future__ import annotations

import io
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from knight_gui import cli

ERASE = "\r\x1b[K"


class Terminal(io.StringIO):
    """stderr as a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch):
    """stderr will be a terminal (see ``run``), and progress shows at once and on every chance."""
    monkeypatch.setattr(cli, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(cli, "PROGRESS_AFTER_SOLVE", 0.0)
    monkeypatch.setattr(cli, "PROGRESS_EVERY_SECONDS", 0.0)
    return Terminal()


def run(capsys, *argv: str, stderr: io.StringIO | None = None) -> tuple[int, str]:
    """Run the command line; ``stderr`` stands in for sys.stderr (set here: pytest's capture sets
    sys.stderr again when the test starts, after the fixtures)."""
    saved = sys.stderr
    if stderr is not None:
        sys.stderr = stderr
    try:
        code = cli.main(list(argv))
    finally:
        sys.stderr = saved
    return code, capsys.readouterr().out


def test_count_shows_nodes_rate_and_time_then_erases_the_line(terminal, capsys):
    code, out = run(capsys, "count", "--size", "5", "--start", "0", "0", stderr=terminal)
    assert code == 0 and out.startswith("304 tours from a5 (0,0) on 5×5")
    shown = terminal.getvalue()
    assert "\rcounting 5×5 from a5: " in shown and " nodes/s, 0:0" in shown
    assert re.search(r"\rcounting 5×5 from a5: \d+ found so far, [\d,]+ nodes, ", shown), shown
    assert shown.endswith(ERASE)


def test_solve_all_shows_starts_done_of_n_with_an_eta(terminal, capsys):
    code, out = run(capsys, "solve", "--size", "6", "--all", stderr=terminal)
    assert code == 0
    shown = terminal.getvalue()
    assert "\rstart 1 of 36 (a6), 0% done" in shown
    assert "\rstart 36 of 36 (f1), 97% done" in shown and ", ETA 0:0" in shown
    assert shown.endswith(ERASE)
    assert "\r" not in out and "\x1b" not in out and len(out.splitlines()) == 1 + 36 + 1


def test_a_long_solve_shows_its_depth_and_pushes(terminal, capsys, monkeypatch):
    monkeypatch.setattr(cli, "SOLVE_CHUNK", 64)
    code, out = run(capsys, "solve", "--size", "20", "--start", "a20", stderr=terminal)
    assert code == 0 and len(out.splitlines()) == 21
    shown = terminal.getvalue()
    assert "\rsearching 20×20 from a20: depth " in shown and " of 400, " in shown and " pushes/s" in shown
    assert shown.endswith(ERASE)


@pytest.mark.parametrize("argv", [
    ["count", "--size", "5", "--start", "0", "0"],
    ["solve", "--size", "5", "--all"],
    ["solve", "--size", "20", "--start", "a20"],
])
def test_quiet_shows_no_progress(terminal, capsys, monkeypatch, argv):
    monkeypatch.setattr(cli, "SOLVE_CHUNK", 64)
    run(capsys, *argv, stderr=terminal)
    assert terminal.getvalue() != ""  # without --quiet the line shows
    quiet = Terminal()
    run(capsys, *argv, "--quiet", stderr=quiet)
    assert quiet.getvalue() == ""


def test_nothing_extra_when_stderr_is_not_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(cli, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(cli, "PROGRESS_EVERY_SECONDS", 0.0)
    code, out = run(capsys, "count", "--size", "5", "--start", "0", "0")
    assert code == 0 and out.startswith("304 tours")
    assert capsys.readouterr().err == ""


def test_durations_and_rates_read_as_people_write_them():
    assert cli.format_duration(7.2) == "0:07"
    assert cli.format_duration(723) == "12:03"
    assert cli.format_duration(3723) == "1:02:03"
    assert [cli.format_rate(x) for x in (850, 1234, 12_345, 1_250_000)] == ["850", "1.2k", "12k", "1.25M"]


def _entry() -> list[str]:
    return [sys.executable, "-m", "knight_gui"]


def test_ctrl_c_on_count_prints_the_count_so_far_and_exits_130():
    """A 6×6 count takes minutes: Ctrl+C once its progress line shows (on a real pseudo-terminal)."""
    controller, terminal_end = pty.openpty()
    proc = subprocess.Popen([*_entry(), "count", "--size", "6", "--start", "0", "0"], stdout=subprocess.PIPE,
                            stderr=terminal_end, text=True)
    os.close(terminal_end)
    try:
        seen = b""
        deadline = time.monotonic() + 60
        while b"counting" not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([controller], [], [], 1.0)
            if ready:
                seen += os.read(controller, 4096)
        assert b"counting 6\xc3\x976 from a6: " in seen
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(controller)
    assert proc.returncode == 130
    assert out.startswith("at least ") and " tours from a6 (0,0) on 6×6 (interrupted after " in out
    assert int(out.split()[2]) >= 0


def test_a_closed_pipe_ends_quietly_with_the_sigpipe_status():
    command = " ".join([*_entry(), "solve", "--size", "400", "--start", "0", "0"]) + " | head -n 1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True,
                          timeout=120)
    assert len(done.stdout.splitlines()) == 1
    assert done.stderr == ""
    assert done.returncode == cli.EXIT_BROKEN_PIPE == 141


def test_help_says_what_each_command_does_with_examples(capsys):
    for argv in (["--help"], ["solve", "--help"], ["count", "--help"], ["show", "--help"],
                 ["export", "--help"]):
        assert cli.main(argv) == 0
        out = capsys.readouterr().out
        assert "examples:\n  knight-tour " in out, argv
    cli.main(["export", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "PNG" in out and "SVG" in out and ".svg (a picture)" in out and ".gif" in out
    assert "--start {NAME | ROW COL}" in out
