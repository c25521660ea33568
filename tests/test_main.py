"""``python -m knight_gui`` is the ``knight-tour`` command; the version is the installed metadata's."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import knight_gui


def test_python_m_knight_gui_runs_the_command_line():
    done = subprocess.run([sys.executable, "-m", "knight_gui", "--version"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"knight-tour {knight_gui.__version__}\n"
    done = subprocess.run([sys.executable, "-m", "knight_gui", "solve", "--size", "5", "--start", "a5"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.splitlines()[-1].startswith("Tour found on 5×5 from a5")


def test_the_one_version_string_is_the_distributions():
    assert knight_gui.__version__ == version(knight_gui.DISTRIBUTION)
