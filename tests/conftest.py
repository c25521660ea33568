"""Test configuration shared by every test: headless Qt, no leftovers."""

from __future__ import annotations

import os

# Must be set before anything imports Qt, or the test process aborts on a
# machine with no screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
