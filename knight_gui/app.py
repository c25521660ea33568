"""The ``knight-tour`` entry point: the command line, which opens the window when asked.

Kept cheap: Qt is imported only when the window opens or a PNG is drawn,
never for the headless commands.
"""

from __future__ import annotations

import os
import sys

#: Settings Qt reads once, when it first paints, so they are made before Qt starts.
#: ``QT_NO_GUI_THREADPOOL``: Qt's raster engine hands every large fill to a private thread
#: pool and waits for it; our fills are small and many, and on a shared two-core machine
#: the hand-offs took longer than the drawing (figures in benchmarks/README.md).  Same pixels.
QT_ENVIRONMENT = {"QT_NO_GUI_THREADPOOL": "1"}


def prepare_qt_environment() -> None:
    """Set ``QT_ENVIRONMENT`` in this process, where the user has not set it; call before Qt paints."""
    for name, value in QT_ENVIRONMENT.items():
        os.environ.setdefault(name, value)


def main() -> int:
    """Run ``knight-tour`` with the process's arguments; return the exit code."""
    from knight_gui.cli import main as cli_main

    prepare_qt_environment()
    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
