"""A menu entry for the desktop: ``knight-tour --install-desktop`` and ``--uninstall-desktop``.

Writes, for the user only, under ``$XDG_DATA_HOME`` (default ``~/.local/share``):

- ``applications/<APP_ID>.desktop``: the freedesktop menu entry, starting this
  very program (the absolute path of the ``knight-tour`` that ran, or this
  Python with ``-m knight_gui``);
- ``icons/hicolor/<n>x<n>/apps/<APP_ID>.png`` in ``ICON_SIZES`` and
  ``icons/hicolor/scalable/apps/<APP_ID>.svg``: the icon, rendered from the
  package's SVG;
- ``metainfo/<APP_ID>.metainfo.xml``: AppStream metadata (software centres).

The window calls ``QGuiApplication.setDesktopFileName(APP_ID)`` so desktops
match it to this entry.  Uninstalling removes exactly these files.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

from knight_gui import resources

# (The window imports APP_ID from here at start-up: what only installing needs, the version,
# XML escaping and subprocess, is imported where it is used.)

#: Reverse-DNS application id: the desktop entry's, the icon's and the metainfo's name.
APP_ID = "io.github.knight_tour.KnightTour"
NAME = "Knight's Tour"
SUMMARY = "Watch a stack-based search walk the knight over every square"
#: Icon sizes written under the hicolor theme (pixels), besides the scalable SVG.
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def data_home(environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset, empty or relative (as the spec says)."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def desktop_path(base: Path) -> Path:
    return base / "applications" / f"{APP_ID}.desktop"


def metainfo_path(base: Path) -> Path:
    return base / "metainfo" / f"{APP_ID}.metainfo.xml"


def icon_paths(base: Path) -> Iterator[tuple[int | None, Path]]:
    """(size in pixels, or None for the SVG; path) of every icon file."""
    hicolor = base / "icons" / "hicolor"
    for size in ICON_SIZES:
        yield size, hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
    yield None, hicolor / "scalable" / "apps" / f"{APP_ID}.svg"


def installed_files(base: Path) -> list[Path]:
    """Every file ``install`` writes under ``base``."""
    return [desktop_path(base), metainfo_path(base), *(path for _, path in icon_paths(base))]


def launch_command() -> list[str]:
    """How the menu entry starts this program: the ``knight-tour`` script that runs now, if that is
    what runs, else this Python with ``-m knight_gui`` (absolute paths: a menu has no PATH of ours)."""
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "knight-tour":
        found = script if script.is_absolute() or script.parent != Path() else shutil.which(script.name)
        if found is not None and Path(found).exists():
            return [str(Path(found).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "knight_gui"]


def _exec_quote(argument: str) -> str:
    """An argument of a desktop entry's Exec key, quoted as the spec asks where needed."""
    argument = argument.replace("%", "%%")  # a lone % starts a field code
    if argument and not any(c in argument for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return argument
    quoted = argument.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    # Inside a desktop entry's string value a backslash itself is escaped once more.
    return '"' + quoted.replace("\\", "\\\\") + '"'


def desktop_entry(command: list[str]) -> str:
    """The text of the .desktop file starting ``command``."""
    exec_line = " ".join(_exec_quote(part) for part in command)
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        f"Name={NAME}",
        "Name[zh_CN]=马踏棋盘",
        "GenericName=Knight's Tour Visualiser",
        "GenericName[zh_CN]=马踏棋盘演示",
        f"Comment={SUMMARY}",
        "Comment[zh_CN]=观看基于栈的搜索让马走遍棋盘的每一格",
        f"Exec={exec_line}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Education;Math;",
        "Keywords=knight;tour;chess;backtracking;stack;Warnsdorff;马踏棋盘;",
        "",
    ])


def metainfo() -> str:
    """The AppStream metadata of the program."""
    from xml.sax.saxutils import escape

    from knight_gui import __version__

    return f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>{APP_ID}</id>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>MIT</project_license>
  <name>{escape(NAME)}</name>
  <name xml:lang="zh_CN">马踏棋盘</name>
  <summary>{escape(SUMMARY)}</summary>
  <description>
    <p>Watch a stack-based search walk a knight over every square of a chessboard, one push and one
    backtrack at a time, beside the stack, the pseudocode and an event log. For students and teachers
    of data structures and anyone who enjoys watching an algorithm think.</p>
  </description>
  <launchable type="desktop-id">{APP_ID}.desktop</launchable>
  <categories>
    <category>Education</category>
  </categories>
  <provides>
    <binary>knight-tour</binary>
  </provides>
  <content_rating type="oars-1.1"/>
  <releases>
    <release version="{escape(__version__)}"/>
  </releases>
</component>
"""


def _write(path: Path, data: bytes) -> None:
    """Write ``path`` all or nothing (parents made), as the program writes every file
    (``tour.fileio.write_atomically``: FileProblem, one line, if it cannot)."""
    from knight_gui.tour.fileio import write_atomically

    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, lambda stream: stream.write(data))


def _write_icons(targets: dict[int, Path]) -> None:
    """Render the package's SVG icon as a PNG of each size into its file (Qt draws it)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no window: also from a text console
    from PySide6.QtCore import QByteArray
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    from knight_gui.ui.export import encode_image  # (ExportError, an OSError, if it fails)

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 - Qt needs it while painting
    renderer = QSvgRenderer(QByteArray(resources.read_bytes(resources.ICON_SVG)))
    if not renderer.isValid():
        raise OSError("the icon in the package is not a valid SVG")
    for size, path in targets.items():
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        with QPainter(image) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            renderer.render(painter)
        _write(path, encode_image(image))


def _refresh_caches(base: Path) -> None:
    """Tell the desktop about the change where its tools are installed (they are optional)."""
    import subprocess

    hicolor = base / "icons" / "hicolor"
    commands = [["update-desktop-database", "-q", str(base / "applications")]]
    if (hicolor / "icon-theme.cache").is_file():  # a stale cache would hide the icons: refresh it
        commands.append(["gtk-update-icon-cache", "-q", "-t", "-f", str(hicolor)])
    for command in commands:
        if shutil.which(command[0]) and Path(command[-1]).is_dir():
            subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def install(base: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the menu entry, icons and metainfo under ``base`` (default ``data_home()``); the files."""
    base = data_home() if base is None else base
    pngs: dict[int, Path] = {}
    for size, path in icon_paths(base):
        if size is None:
            _write(path, resources.read_bytes(resources.ICON_SVG))
        else:
            pngs[size] = path
    _write_icons(pngs)
    _write(metainfo_path(base), metainfo().encode())
    _write(desktop_path(base), desktop_entry(command or launch_command()).encode())
    _refresh_caches(base)
    return installed_files(base)


def uninstall(base: Path | None = None) -> list[Path]:
    """Remove what ``install`` wrote under ``base`` (default ``data_home()``); the files removed."""
    base = data_home() if base is None else base
    removed = []
    for path in installed_files(base):
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        removed.append(path)
    _refresh_caches(base)
    return removed
