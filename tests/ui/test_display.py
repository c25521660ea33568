"""Is there a display?  Asked before any QApplication: real sockets in a temporary folder, no X server."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from knight_gui.ui import display
from knight_gui.ui.display import display_problem, installed_platforms, platform_problem, x11_problem


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A folder with a short path (a Unix socket's path is at most 107 bytes; tmp_path can be longer)."""
    folder = tempfile.mkdtemp(prefix="kt-")
    try:
        yield Path(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def listening(path: str, backlog: int = 1) -> socket.socket:
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(backlog)
    return server


@pytest.fixture
def everything_installed(monkeypatch):
    """Checks that do not depend on which Qt plugins this machine has."""
    monkeypatch.setattr(display, "installed_platforms", lambda: None)


def test_no_display_and_no_wayland_display_is_named(everything_installed):
    assert display_problem({}, platform="linux") == \
        "there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    assert display_problem({"DISPLAY": "", "WAYLAND_DISPLAY": ""}, platform="linux") == \
        "there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    assert x11_problem({}) == "there is no display (DISPLAY is not set)"
    assert display_problem({"DISPLAY": "nonsense"}, platform="linux") == \
        "DISPLAY='nonsense' does not name a display"
    # Windows and macOS always have a display: nothing is checked there.
    assert display_problem({}, platform="win32") is None
    assert display_problem({}, platform="darwin") is None


def test_a_display_socket_that_does_not_exist_is_refused_at_once(short_dir, everything_installed):
    missing = short_dir / "no-such-socket"
    began = time.monotonic()
    assert display_problem({"DISPLAY": f"{missing}:0"}, platform="linux") == \
        f"the X display {missing}:0 does not answer"
    assert time.monotonic() - began < display.CONNECT_TIMEOUT
    assert not missing.exists()


def test_an_x_server_that_never_accepts_is_refused_within_the_timeout(monkeypatch):
    """``127.0.0.1:N`` is TCP port 6000+N; a server whose queue of connections is full drops the
    connect, which would wait for ever: the check gives up after ``CONNECT_TIMEOUT``."""
    monkeypatch.setattr(display, "CONNECT_TIMEOUT", 0.3)
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    for number in range(150, 250):
        try:
            server.bind(("127.0.0.1", 6000 + number))
            break
        except OSError:
            continue
    else:
        server.close()
        pytest.skip("no free port for an X display")
    server.listen(0)
    queued: list[socket.socket] = []
    try:
        while len(queued) < 16:  # fill the queue: the server never accepts
            client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            client.settimeout(0.2)
            queued.append(client)
            try:
                client.connect(("127.0.0.1", 6000 + number))
            except TimeoutError:
                break
        else:
            pytest.skip("this system's TCP queue does not fill")
        began = time.monotonic()
        problem = x11_problem({"DISPLAY": f"127.0.0.1:{number}"})
        elapsed = time.monotonic() - began
    finally:
        for client in queued:
            client.close()
        server.close()
    assert problem == f"the X display 127.0.0.1:{number} does not answer"
    assert 0.25 < elapsed < 2.0, elapsed  # it waited for the timeout, and no longer


def test_an_x_server_that_answers_on_its_socket_is_usable(short_dir):
    path = str(short_dir / "X0")
    with listening(path):
        assert x11_problem({"DISPLAY": f"{path}:0"}) is None
    assert x11_problem({"DISPLAY": f"{path}:0"}) == f"the X display {path}:0 does not answer"  # closed


def test_display_n_is_the_x_servers_abstract_socket(monkeypatch):
    """``:N`` is /tmp/.X11-unix/XN, tried first in Linux's abstract namespace (nothing on disk)."""
    for number in range(4700, 4800):
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            server.bind(f"\0/tmp/.X11-unix/X{number}")
        except OSError:
            server.close()
            continue
        break
    else:
        pytest.skip("no free abstract X socket name")
    with server:
        server.listen(16)  # never accepted: each check below is one more queued connection
        assert x11_problem({"DISPLAY": f":{number}"}) is None
        assert x11_problem({"DISPLAY": f"unix:{number}.0"}) is None  # a screen number is ignored
        # The server answers, but Qt 6.5+ also needs libxcb-cursor: its absence is the reason then.
        monkeypatch.setattr(display, "_xcb_library_problem", lambda: "no libxcb-cursor")
        assert platform_problem("xcb", {"DISPLAY": f":{number}"}, None) == "no libxcb-cursor"
    assert x11_problem({"DISPLAY": f":{number}"}) == \
        f"the X display :{number} does not answer (no server on /tmp/.X11-unix/X{number})"


def test_a_bogus_platform_is_named_and_offscreen_is_usable():
    installed = installed_platforms()
    assert installed is not None and "offscreen" in installed  # PySide6's own plugins are found
    problem = display_problem({"QT_QPA_PLATFORM": "bogus"}, platform="linux")
    assert problem is not None
    assert problem.startswith("QT_QPA_PLATFORM names 'bogus', which is not an installed Qt platform "
                              "(installed: ")
    assert "offscreen" in problem and "\n" not in problem
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, platform="linux") is None
    assert display_problem({"QT_QPA_PLATFORM": "offscreen:configfile=/x.json"}, platform="linux") is None
    # A list is tried in order: the first that works will do.
    assert display_problem({"QT_QPA_PLATFORM": "bogus;offscreen"}, platform="linux") is None
    assert "'bogus'" in display_problem({"QT_QPA_PLATFORM": "bogus;nonsense"}, platform="linux")


def test_installed_platforms_reads_the_plugin_folders(short_dir, monkeypatch):
    platforms = short_dir / "platforms"
    platforms.mkdir()
    for name in ("libqfancy.so", "qother.dll", "libqxcb.so.6", "readme.txt"):
        (platforms / name).write_bytes(b"")
    monkeypatch.setenv("QT_PLUGIN_PATH", str(short_dir))
    found = installed_platforms()
    assert found is not None and {"fancy", "other", "xcb"} <= found and "eadme" not in found
    assert platform_problem("fancy", {}, found) is None  # a platform these checks do not know: Qt tries
    assert platform_problem("offscreen", {}, {"xcb"}) == \
        "QT_QPA_PLATFORM names 'offscreen', which is not an installed Qt platform (installed: xcb)"
    assert "(installed: none)" in platform_problem("xcb", {}, set())


def test_wayland_needs_its_compositors_socket(short_dir, everything_installed):
    env = {"WAYLAND_DISPLAY": "wayland-9", "XDG_RUNTIME_DIR": str(short_dir)}
    assert display_problem(env, platform="linux") == "the Wayland display wayland-9 does not answer"
    with listening(str(short_dir / "wayland-9")):
        assert display_problem(env, platform="linux") is None
        assert display_problem({"WAYLAND_DISPLAY": str(short_dir / "wayland-9")}, platform="linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-9"}, platform="linux") == \
        "there is no Wayland display (XDG_RUNTIME_DIR is not set)"
    assert display.wayland_problem({"XDG_RUNTIME_DIR": str(short_dir)}) == \
        "there is no Wayland display (WAYLAND_DISPLAY is not set)"


def test_a_dead_wayland_falls_back_to_x11_as_qt_does(short_dir, everything_installed):
    env = {"WAYLAND_DISPLAY": "wayland-9", "XDG_RUNTIME_DIR": str(short_dir), "DISPLAY": f"{short_dir}/X:0"}
    assert display_problem(env, platform="linux") == f"the X display {short_dir}/X:0 does not answer"
    with listening(str(short_dir / "X")):
        problem = display_problem(env, platform="linux")  # X answers: usable, unless libxcb-cursor is missing
        assert problem is None or "libxcb-cursor" in problem


def test_the_environment_is_read_when_none_is_given(monkeypatch, everything_installed):
    for name in ("DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("QT_QPA_PLATFORM", "")
    assert display_problem(platform="linux") == \
        "there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    monkeypatch.setenv("QT_QPA_PLATFORM", "minimal")
    assert display_problem(platform="linux") is None
    assert os.environ["QT_QPA_PLATFORM"] == "minimal"  # only read, never changed
