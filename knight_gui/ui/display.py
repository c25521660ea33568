"""Is there a display to open the window on?  Asked before the QApplication exists.

Without one, Qt's platform plugin calls ``qFatal``: the process aborts (exit
134) with lines of Qt text, some of them wrong hints (xcb-cursor0), and no
Python code can catch it.  So ``knight-tour`` asks first, the way the
plugins themselves begin, and says in one line what is missing:

* ``QT_QPA_PLATFORM`` (a list like ``wayland;xcb`` is tried in order) must
  name a platform plugin that is installed;
* ``xcb`` needs ``DISPLAY`` to name an X server that accepts a connection
  (its Unix socket, or TCP port 6000+N, within ``CONNECT_TIMEOUT``) and, from
  Qt 6.5, the ``libxcb-cursor.so.0`` library;
* ``wayland`` needs the compositor's socket (``WAYLAND_DISPLAY`` in
  ``XDG_RUNTIME_DIR``);
* ``offscreen``, ``minimal`` and the others need nothing more.

Why not start Qt in a child process to see if it aborts?  That costs a
whole Qt start-up (a few hundred milliseconds) on every launch, and the child
could itself hang on a display that does not answer.  These checks take a
millisecond and answer within a timeout; a display that passes them but then
fails in Qt is rarer than all the cases above (that is when Qt's own text is
seen).  On Windows and macOS there is always a display: nothing is checked.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Mapping
from pathlib import Path

#: Seconds to wait for an X server over TCP or a Unix socket to accept a connection.
CONNECT_TIMEOUT = 2.0

#: Plugins that need no display server.
_SELF_CONTAINED = {"offscreen", "minimal", "vnc", "eglfs", "linuxfb", "vkkhrdisplay", "minimalegl"}


def _plugin_dirs() -> list[Path]:
    dirs = [Path(p) / "platforms" for p in os.environ.get("QT_PLUGIN_PATH", "").split(os.pathsep) if p]
    try:
        from PySide6.QtCore import QLibraryInfo

        dirs.append(Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms")
    except ImportError:  # pragma: no cover - PySide6 is there when the window is asked for
        pass
    return dirs


def installed_platforms() -> set[str] | None:
    """The platform plugins Qt can load (``xcb``, ``offscreen``...); None if the folder is not found."""
    names: set[str] = set()
    found = False
    for folder in _plugin_dirs():
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        found = True
        for entry in entries:
            stem = entry.split(".")[0]
            if stem.startswith("libq"):
                names.add(stem[4:])
            elif stem.startswith("q"):
                names.add(stem[1:])
    return names if found else None


def _connects(family: int, address: object) -> bool:
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.settimeout(CONNECT_TIMEOUT)
        try:
            probe.connect(address)  # type: ignore[arg-type]
        except OSError:
            return False
    return True


def x11_problem(environ: Mapping[str, str]) -> str | None:
    """Why the X display in ``DISPLAY`` cannot be used, or None when it answers."""
    display = environ.get("DISPLAY", "")
    if not display:
        return "there is no display (DISPLAY is not set)"
    host, _, rest = display.rpartition(":")
    number = rest.split(".")[0]
    if not number.isdigit():
        return f"DISPLAY={display!r} does not name a display"
    if host in ("", "unix"):
        path = f"/tmp/.X11-unix/X{number}"
        if _connects(socket.AF_UNIX, "\0" + path) or _connects(socket.AF_UNIX, path):
            return None
        return f"the X display {display} does not answer (no server on {path})"
    if host.startswith("/"):  # a socket path (XQuartz writes one)
        return None if _connects(socket.AF_UNIX, display.split(":")[0]) else \
            f"the X display {display} does not answer"
    if _connects(socket.AF_INET6 if ":" in host else socket.AF_INET, (host.strip("[]"), 6000 + int(number))):
        return None
    return f"the X display {display} does not answer"


def wayland_problem(environ: Mapping[str, str]) -> str | None:
    """Why the Wayland compositor cannot be reached, or None when it answers."""
    name = environ.get("WAYLAND_DISPLAY", "") or "wayland-0"
    if name.startswith("/"):
        path = name
    else:
        runtime = environ.get("XDG_RUNTIME_DIR", "")
        if not runtime:
            return "there is no Wayland display (XDG_RUNTIME_DIR is not set)"
        path = os.path.join(runtime, name)
    if _connects(socket.AF_UNIX, path):
        return None
    if "WAYLAND_DISPLAY" not in environ:
        return "there is no Wayland display (WAYLAND_DISPLAY is not set)"
    return f"the Wayland display {name} does not answer"


def _xcb_library_problem() -> str | None:
    try:
        from PySide6.QtCore import qVersion
    except ImportError:  # pragma: no cover
        return None
    major, minor = (int(part) for part in qVersion().split(".")[:2])
    if (major, minor) < (6, 5):
        return None
    import ctypes

    try:
        ctypes.CDLL("libxcb-cursor.so.0")
    except OSError:
        return "Qt's X11 platform needs the library libxcb-cursor.so.0 (package libxcb-cursor0), " \
               "which is not installed"
    return None


def platform_problem(name: str, environ: Mapping[str, str], installed: set[str] | None) -> str | None:
    """Why the platform plugin ``name`` cannot show a window here, or None when it can."""
    if installed is not None and name not in installed:
        return f"QT_QPA_PLATFORM names {name!r}, which is not an installed Qt platform " \
               f"(installed: {', '.join(sorted(installed)) or 'none'})"
    if name in _SELF_CONTAINED:
        return None
    if name == "xcb":
        return x11_problem(environ) or _xcb_library_problem()
    if name.startswith("wayland"):
        return wayland_problem(environ)
    return None  # a platform these checks do not know: let Qt try


def display_problem(environ: Mapping[str, str] | None = None, platform: str | None = None) -> str | None:
    """Why the window cannot open here, in a few words, or None when a platform should work."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux") and "bsd" not in platform:
        return None
    installed = installed_platforms()
    asked = [part.split(":")[0].strip() for part in environ.get("QT_QPA_PLATFORM", "").split(";")]
    asked = [name for name in asked if name]
    if not asked:  # Qt's choice: Wayland in a Wayland session, else X11
        if environ.get("WAYLAND_DISPLAY"):
            wayland = platform_problem("wayland", environ, installed)
            if wayland is None:
                return None
            if not environ.get("DISPLAY"):
                return wayland
        elif not environ.get("DISPLAY"):
            return "there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"
        asked = ["xcb"]
    problems = [platform_problem(name, environ, installed) for name in asked]
    if any(problem is None for problem in problems):
        return None
    return problems[0]


__all__ = ["CONNECT_TIMEOUT", "display_problem", "installed_platforms", "platform_problem",
           "wayland_problem", "x11_problem"]
