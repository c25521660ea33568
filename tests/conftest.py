"""Test configuration shared by every test: headless Qt, no leftovers, a sound Qt binding."""

from __future__ import annotations

import json
import os
import sys
import tempfile

import pytest

from knight_gui.app import prepare_qt_environment

# Must be set before anything imports Qt, or the test process aborts on a
# machine with no screen.
# Its one screen is a common desktop's, 1920×1080 (the window's first size comes from the screen:
# knight_gui.ui.presentation.first_geometry; the platform's own is 800×800).
_SCREEN = os.path.join(tempfile.gettempdir(), "knight-tour-test-screen-1920x1080.json")
if "QT_QPA_PLATFORM" not in os.environ:
    with open(_SCREEN, "w", encoding="utf-8") as _file:
        json.dump({"screens": [{"name": "test", "x": 0, "y": 0, "width": 1920, "height": 1080,
                                "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}, _file)
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_SCREEN}"
# What the program sets at start-up, before Qt paints (the same pixels, less waiting).
prepare_qt_environment()
# The environment's own scripts (knight-tour, pyside6-lupdate) come first, as if it were
# activated: README's test command runs .venv/bin/python without activating .venv.
_scripts = os.path.dirname(sys.executable)
if _scripts not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = _scripts + os.pathsep + os.environ.get("PATH", "")

#: (PySide6 release, Pythons before this one) known to abort the process: see tests/ui/test_binding.py.
BROKEN_BINDINGS = {"6.12.0": (3, 12)}


def pytest_sessionstart(session: pytest.Session) -> None:
    """Stop at once, with the reason, where the Qt binding is known to abort the process midway
    (no summary, no report) after a few thousand calls."""
    try:
        import PySide6
    except ImportError:
        return
    below = BROKEN_BINDINGS.get(PySide6.__version__)
    if below is not None and sys.version_info < below:
        pytest.exit(f"PySide6-Essentials {PySide6.__version__} is broken under Python "
                    f"{sys.version.split()[0]} (a reference to None lost per void call; the run would "
                    "abort): install another release, e.g. scripts/setup.sh --test", returncode=1)


@pytest.fixture(autouse=True, scope="session")
def one_application(qapp):
    """Pytest-qt's QApplication, made before any test runs in this process: with pytest-xdist a
    worker may first run a test of the command line's export, which makes a QGuiApplication where
    there is none, and pytest-qt then refuses it for every test after (it is no QApplication)."""
    return qapp
