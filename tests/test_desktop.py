"""The menu entry: ``--install-desktop`` writes a valid entry, icons and metainfo; ``--uninstall-desktop``
removes them."""

from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication, QImage

from knight_gui import cli, desktop


def validate(path: Path) -> None:
    """desktop-file-validate (Debian's desktop-file-utils: ``scripts/setup.sh --test`` installs it)."""
    tool = shutil.which("desktop-file-validate")
    assert tool is not None, "desktop-file-validate is missing: run scripts/setup.sh --test"
    done = subprocess.run([tool, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


@pytest.fixture
def data_home(tmp_path, monkeypatch, qapp):  # a QApplication first: the icons are drawn with Qt
    home = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def test_install_writes_a_valid_entry_icons_and_metainfo_and_uninstall_removes_them(data_home, capsys):
    assert cli.main(["--install-desktop"]) == 0
    assert "installed the menu entry" in capsys.readouterr().out
    entry = data_home / "applications" / f"{desktop.APP_ID}.desktop"
    validate(entry)
    fields = dict(line.split("=", 1) for line in entry.read_text().splitlines() if "=" in line)
    assert fields["Icon"] == desktop.APP_ID and fields["Name"] == "Knight's Tour"
    program = fields["Exec"].split()[0]
    assert os.path.isabs(program) and os.access(program, os.X_OK)
    hicolor = data_home / "icons" / "hicolor"
    for size in desktop.ICON_SIZES:
        icon = QImage(str(hicolor / f"{size}x{size}" / "apps" / f"{desktop.APP_ID}.png"))
        assert (icon.width(), icon.height()) == (size, size)
        assert icon.pixelColor(size // 2, size // 2).alpha() == 255  # the icon, not an empty image
    svg = hicolor / "scalable" / "apps" / f"{desktop.APP_ID}.svg"
    assert svg.read_bytes().lstrip().startswith(b"<")
    info = ElementTree.parse(data_home / "metainfo" / f"{desktop.APP_ID}.metainfo.xml").getroot()
    assert info.findtext("id") == desktop.APP_ID
    assert info.find("launchable").text == f"{desktop.APP_ID}.desktop"
    assert info.findtext("project_license") == "MIT"
    for path in desktop.installed_files(data_home):
        assert path.stat().st_mode & 0o044 == 0o044, f"{path} is not readable by others"

    assert cli.main(["--uninstall-desktop"]) == 0
    assert "removed" in capsys.readouterr().out
    assert not [path for path in desktop.installed_files(data_home) if path.exists()]
    assert cli.main(["--uninstall-desktop"]) == 0
    assert capsys.readouterr().out == "no menu entry to remove\n"


def test_a_program_path_with_spaces_and_percent_is_quoted_as_the_spec_asks(tmp_path):
    entry = tmp_path / "x.desktop"
    entry.write_text(desktop.desktop_entry(["/opt/my apps/100%/knight-tour"]))
    assert 'Exec="/opt/my apps/100%%/knight-tour"' in entry.read_text().splitlines()
    validate(entry)


def test_the_data_folder_follows_xdg_and_falls_back_to_local_share():
    home = Path.home()
    assert desktop.data_home({}) == home / ".local" / "share"
    assert desktop.data_home({"XDG_DATA_HOME": ""}) == home / ".local" / "share"
    assert desktop.data_home({"XDG_DATA_HOME": "relative/path"}) == home / ".local" / "share"
    assert desktop.data_home({"XDG_DATA_HOME": "/srv/share"}) == Path("/srv/share")


def test_install_and_uninstall_exclude_each_other_and_commands(capsys):
    assert cli.main(["--install-desktop", "--uninstall-desktop"]) == 2
    assert cli.main(["--install-desktop", "solve", "--size", "5", "--start", "a5"]) == 2
    assert capsys.readouterr().err.startswith("knight-tour: error: ")


def test_the_application_names_its_desktop_entry(qapp):
    from knight_gui.ui.app import make_application

    make_application()
    assert QGuiApplication.desktopFileName() == desktop.APP_ID


def test_a_menu_entry_that_cannot_be_written_is_one_line_and_leaves_no_temporary_file(data_home, capsys):
    entry = data_home / "applications" / f"{desktop.APP_ID}.desktop"
    entry.mkdir(parents=True)  # a folder where the entry goes
    assert cli.main(["--install-desktop"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and str(entry) in err and "folder" in err, err
    assert entry.is_dir() and not list(entry.iterdir())
    left = [path for path in data_home.rglob("*") if path.is_file() and path not in
            desktop.installed_files(data_home)]
    assert not left, left  # no temporary file beside what was written
