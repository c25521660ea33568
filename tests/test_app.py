"""knight_gui/app.py: the ``knight-tour`` entry point runs the command line with Qt's settings made first."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import knight_gui
from knight_gui import app


def run_main(monkeypatch, capsys, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["knight-tour", *argv])
    code = app.main()
    out, err = capsys.readouterr()
    return code, out, err


def test_version_prints_the_program_and_its_version(monkeypatch, capsys):
    assert run_main(monkeypatch, capsys, "--version") == (0, f"knight-tour {knight_gui.__version__}\n", "")


@pytest.mark.parametrize("argv", [["--frobnicate"], ["solve", "--size", "8", "--bogus"], ["nonsense"]])
def test_a_bad_option_exits_2_with_one_line(monkeypatch, capsys, argv):
    code, out, err = run_main(monkeypatch, capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("knight-tour: error: ") and err.count("\n") == 1


def test_a_headless_command_runs_and_answers_with_its_exit_code(monkeypatch, capsys):
    code, out, _ = run_main(monkeypatch, capsys, "solve", "--size", "5", "--start", "a5")
    assert code == 0 and out.splitlines()[-1].startswith("Tour found on 5×5 from a5")
    code, out, _ = run_main(monkeypatch, capsys, "solve", "--size", "4", "--start", "a4")
    assert code == 1


def test_qt_settings_are_made_before_qt_starts_and_the_users_own_are_kept(monkeypatch, capsys):
    for name in app.QT_ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    run_main(monkeypatch, capsys, "--version")
    assert {name: os.environ.get(name) for name in app.QT_ENVIRONMENT} == app.QT_ENVIRONMENT
    monkeypatch.setenv("QT_NO_GUI_THREADPOOL", "0")  # the user's choice wins
    app.prepare_qt_environment()
    assert os.environ["QT_NO_GUI_THREADPOOL"] == "0"


def test_run_as_a_script_it_is_the_command():
    done = subprocess.run([sys.executable, "-m", "knight_gui.app", "--nonsense"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("knight-tour: error: ")
