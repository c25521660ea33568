"""``python -m knight_gui``: the same as the ``knight-tour`` command."""

from __future__ import annotations

import sys

from knight_gui.app import main

if __name__ == "__main__":
    sys.exit(main())
