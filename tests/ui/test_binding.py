"""The Qt binding itself must be sound: PySide6-Essentials 6.12.0 under Python 3.10 and 3.11 was not.

That release drops one reference to None on every call of a method that
returns void; None's count reaches zero after a few thousand calls and Python
aborts the whole process ("none_dealloc").  The check runs in a child process,
so a broken binding fails this test cleanly instead of aborting the test
session; ``tests/conftest.py`` also stops a session at once, with the reason,
when a release known to be broken is installed (pyproject.toml excludes it).
"""

from __future__ import annotations

import os
import subprocess
import sys

import PySide6

CHILD = """
import sys
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

app = QApplication([])
action, plain = QAction("x"), QObject()
before = sys.getrefcount(None)
for _ in range(1000):
    action.setEnabled(True)
    plain.setObjectName("x")
drop = before - sys.getrefcount(None)
print(drop, flush=True)
for _ in range(100_000):  # a window's worth of timer ticks: a broken binding aborts here
    action.setEnabled(True)
print("alive", flush=True)
"""


def test_void_calls_keep_none_alive():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, env=env, timeout=120)
    binding = f"PySide6 {PySide6.__version__} under Python {sys.version.split()[0]}"
    lines = done.stdout.split()
    assert lines and lines[0].lstrip("-").isdigit(), (
        f"{binding}: the check did not run: {done.stderr[-2000:]}")
    drop = int(lines[0])
    assert drop < 100, f"{binding} drops a reference to None on every void call ({drop} in 2000 calls)"
    assert done.returncode == 0 and lines[-1] == "alive", (
        f"{binding} aborted after many void calls (exit {done.returncode}): {done.stderr[-2000:]}")
