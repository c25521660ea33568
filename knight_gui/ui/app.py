"""Open the Knight's Tour window."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from types import FrameType
from typing import cast

from PySide6.QtCore import QObject, QSocketNotifier
from PySide6.QtWidgets import QApplication, QWidget

from ..desktop import APP_ID
from ..tour import Board
from . import i18n
from . import settings as app_settings
from .main_window import MainWindow, app_icon


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication, created once, with name, icon and desktop entry."""
    existing = QApplication.instance()
    app = QApplication(argv if argv is not None else sys.argv[:1]) if existing is None \
        else cast(QApplication, existing)
    app.setApplicationName("Knight's Tour")
    app.setOrganizationName("KnightTour")
    app.setApplicationDisplayName("Knight's Tour")
    app.setDesktopFileName(APP_ID)  # desktops match the window to its menu entry (knight_gui.desktop)
    app.setWindowIcon(app_icon())
    return app


def main_window() -> MainWindow:
    """The main window as the program opens it: the settings read, their language installed, the
    remembered board, speed and layout restored (after ``make_application``)."""
    settings = app_settings.open_settings()
    i18n.install_translator(i18n.resolve(app_settings.read(settings).language))
    return MainWindow(settings=settings)  # restores the remembered board, speed, layout…


def run_window(rows: int | None = None, cols: int | None = None, start: int | None = None,
               algorithm: str | None = None, tie_break: str | None = None, closed: bool | None = None,
               play: bool = False) -> int:
    """Show the window (optionally with the knight placed and playing); returns the exit code.

    What is None keeps what the window remembers from the last session.
    """
    app = make_application()
    rows = cols if rows is None else rows
    cols = rows if cols is None else cols
    if rows is not None and cols is not None:
        Board(rows, cols)  # raises BoardError with a clear message before any window shows
    window = main_window()
    if rows is not None or algorithm is not None or tie_break is not None or closed is not None:
        window.apply_settings(rows if rows is not None else window.rows_spin.value(),
                              cols if cols is not None else window.cols_spin.value(),
                              algorithm, tie_break, closed)
    if start is not None:
        window.player.place(start)
        if play:
            window.player.play()
    restore = close_on_signals(app, window)
    try:
        window.show()
        code = app.exec()
    finally:
        restore()
    return code


#: Signals that close the window as File ▸ Quit does, and the exit code of each (128 + the signal).
CLOSING_SIGNALS = {signal.SIGINT: 130, signal.SIGTERM: 143}


def close_on_signals(app: QApplication, window: QWidget) -> Callable[[], None]:
    """Make Ctrl+C (SIGINT) and SIGTERM close ``window`` as Quit does, then end ``app`` with 130 or 143.

    Python runs a signal handler only when Python code runs, and Qt's event
    loop is C++: the default Ctrl+C raised KeyboardInterrupt in whatever
    slot ran next (a traceback from painting.py, and the window stayed), and
    SIGTERM ended the process without saving the settings.  Here the
    handler only notes the signal; ``signal.set_wakeup_fd`` writes a byte to a
    socket that a ``QSocketNotifier`` watches, which wakes the event loop at
    once; its slot closes the window (``closeEvent`` saves the settings and
    stops the workers, each wait bounded) and exits with 128 + the signal.
    Returns a function that puts everything back (call it after ``exec``).
    """
    import socket

    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    received: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        received.append(signum)

    try:
        previous_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except ValueError:  # not the main thread (embedding): leave signals alone
        reader.close()
        writer.close()
        return lambda: None
    previous = {signum: signal.signal(signum, note) for signum in CLOSING_SIGNALS}
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, cast(QObject, app))
    notifier.setObjectName("signal_notifier")

    def woken() -> None:
        try:
            while reader.recv(512):
                pass
        except OSError:  # drained (BlockingIOError)
            pass
        if not received:
            return
        signum = received[0]
        notifier.setEnabled(False)
        window.close()
        app.exit(CLOSING_SIGNALS.get(signal.Signals(signum), 128 + signum))

    notifier.activated.connect(woken)

    def restore() -> None:
        notifier.setEnabled(False)
        notifier.deleteLater()
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        signal.set_wakeup_fd(previous_fd)
        reader.close()
        writer.close()

    return restore
