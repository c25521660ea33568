"""Windows within their screen: the main window after a change of text size, and dialogs as they show.

A window of a larger text asks for more than a small screen has (1024×768 at 150% and more); these
keep it within the screen's free area, as far as its least size allows.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialog, QWidget

#: Room left for the window's frame and title bar, which the available geometry does not count.
FRAME_ROOM = (16, 40)


def free_area(window: QWidget) -> QRect:
    """The free area (no panels, no task bar) of the screen ``window`` is on."""
    return (window.screen() or QGuiApplication.primaryScreen()).availableGeometry()


def room(window: QWidget) -> QSize:
    """The most ``window`` can be, its frame around it, on its screen's free area."""
    return free_area(window).size() - QSize(*FRAME_ROOM)


def least_size(window: QWidget) -> QSize:
    """The least size ``window``'s layout allows now."""
    # (the layouts' new least sizes, after a new font: only their layout requests, not every event
    # waiting, are delivered here)
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    return window.minimumSizeHint().expandedTo(window.minimumSize())


def fits(window: QWidget) -> bool:
    """Whether ``window``'s least size fits its screen's free area."""
    least, most = least_size(window), room(window)
    return least.width() <= most.width() and least.height() <= most.height()


def fit_on_screen(window: QWidget) -> None:
    """``window`` no larger than its screen's free area, as far as its least size allows, and moved
    back within it where it reaches past the right or bottom edge."""
    free = free_area(window)
    most, least = room(window), least_size(window)
    width = max(least.width(), min(window.width(), most.width()))
    height = max(least.height(), min(window.height(), most.height()))
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
    frame = window.frameGeometry()
    right = frame.left() + width + frame.width() - window.width() - 1
    bottom = frame.top() + height + frame.height() - window.height() - 1
    left = max(free.left(), frame.left() - max(0, right - free.right()))
    top = max(free.top(), frame.top() - max(0, bottom - free.bottom()))
    if (left, top) != (frame.left(), frame.top()):
        window.move(left, top)


class _DialogsOnScreen(QObject):
    """Fits each dialog to its screen as it shows (``dialogs_on_screen``)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Show and isinstance(watched, QDialog) and watched.isWindow():
            fit_on_screen(watched)
        return False


@contextmanager
def dialogs_on_screen() -> Iterator[None]:
    """The dialogs shown meanwhile fit their screen: ``QFileDialog.getOpenFileName`` and the like.

    Qt's file dialog takes the size its text asks for: at 200% text it was 1092 pixels wide on a
    1024×768 screen, its file name field and buttons past the edge.  Qt makes that dialog itself, so it
    is fitted as it shows, by a filter on the application for as long as the call lasts.
    """
    app = QApplication.instance()
    if app is None:
        yield
        return
    watcher = _DialogsOnScreen()
    app.installEventFilter(watcher)
    try:
        yield
    finally:
        app.removeEventFilter(watcher)


__all__ = ["FRAME_ROOM", "dialogs_on_screen", "fit_on_screen", "fits", "free_area", "least_size", "room"]
