"""The ``knight-tour`` entry point: the command line, which opens the window when asked.

Kept cheap: Qt is imported only when the window opens or a PNG is drawn,
never for the headless commands.
"""

from __future__ import annotations

import os
import sys


def main() -> int:
    """Run ``knight-tour`` with the process's arguments; return the exit code."""
    from knight_gui.cli import main as cli_main

    try:
        code = cli_main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``knight-tour solve ... | head``): stop quietly,
        # and keep Python from complaining when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
