"""Test configuration shared by every test: headless Qt, no leftovers."""

from __future__ import annotations

import os

from knight_gui.app import prepare_qt_environment

# Must be set before anything imports Qt, or the test process aborts on a
# machine with no screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# What the program sets at start-up, before Qt paints (the same pixels, less waiting).
prepare_qt_environment()
