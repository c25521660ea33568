"""Start-up (issue 11): what the first window needs is built; Analysis, QtSvg and the animation wait.

The figures are ``benchmarks/bench_startup.py``'s; these tests keep the parts
that are built when first used from creeping back into start-up, and check
that they still work when they are first used.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDockWidget

from knight_gui.ui.main_window import MainWindow

from .conftest import show_active
from .test_window import click_square

ROOT = Path(__file__).resolve().parents[2]

#: Modules a window that has only opened must not have imported.
LATER = ["knight_gui.ui.analysis.dock", "knight_gui.ui.analysis.compare",
         "knight_gui.ui.analysis.every_square", "knight_gui.ui.analysis.count",
         "knight_gui.ui.analysis.heatmap", "knight_gui.ui.animation", "knight_gui.ui.animation_dialog",
         "PySide6.QtSvg", "importlib.metadata", "xml.sax.saxutils", "subprocess"]

_OPEN_WINDOW = r'''
import json, sys
from knight_gui.app import prepare_qt_environment
prepare_qt_environment()
from knight_gui.ui import app as ui_app
app = ui_app.make_application()
window = ui_app.main_window()
window.show()
app.processEvents()
maps = open("/proc/self/maps").read() if sys.platform == "linux" else ""
print(json.dumps({"modules": sorted(sys.modules), "svg_library": "libQt6Svg" in maps,
                  "maps": bool(maps)}))
'''


def test_opening_the_window_leaves_analysis_qtsvg_and_the_animation_for_later(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path),
               QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", _OPEN_WINDOW], env=env, cwd=tmp_path, check=True,
                         capture_output=True, text=True, timeout=120).stdout
    found = json.loads(out.splitlines()[-1])
    loaded = set(found["modules"])
    assert "knight_gui.ui.main_window" in loaded  # (the window did open)
    assert sorted(loaded.intersection(LATER)) == []
    if sys.platform == "linux":  # Qt's SVG library itself (also through an SVG icon's engine plugin)
        assert found["maps"] and not found["svg_library"]


def test_the_analysis_panel_is_built_when_first_asked_for_and_works(qtbot, window):
    assert window._analysis_panel is None and window.analysis_dock.widget() is None
    assert not window.heat_action.isEnabled()
    click_square(qtbot, window, 0)
    assert window.count_action.isEnabled()  # 64 squares: it says why it is not offered (test_count.py)
    window.solve_all_action.trigger()  # Analysis ▸ Solve from every square
    panel = window._analysis_panel
    assert panel is not None and window.analysis_dock.widget() is panel and window.analysis_dock.isVisible()
    page = panel.every_square
    qtbot.waitUntil(lambda: not page.running and page.table.model().rowCount() == 64, timeout=60_000)
    assert window.heat_action.isEnabled()  # its heatmap is on the board: View ▸ Heatmap offers it


def test_the_analysis_panel_is_built_when_shown_from_its_menu(qtbot, window):
    toggle = window.analysis_dock.toggleViewAction()
    toggle.trigger()  # Analysis ▸ Analysis panel
    qtbot.waitUntil(window.analysis_dock.isVisible)
    assert window._analysis_panel is not None
    assert window.analysis_dock.widget() is window._analysis_panel


def test_a_layout_with_the_analysis_dock_open_brings_it_back_built(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    first = MainWindow(settings=settings)
    qtbot.addWidget(first)
    show_active(qtbot, first)
    first.analysis_dock.toggleViewAction().trigger()
    qtbot.waitUntil(first.analysis_dock.isVisible)
    first.close()  # remembers the layout
    second = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    show_active(qtbot, second)
    dock = second.findChild(QDockWidget, "analysis_dock")
    qtbot.waitUntil(dock.isVisible)
    assert second._analysis_panel is not None and dock.widget() is second._analysis_panel
    assert second._analysis_panel.isVisible()


def test_count_is_offered_on_small_boards_before_the_panel_is_built(qtbot, window):
    window.apply_settings(5, 5)
    click_square(qtbot, window, 0)
    assert window.count_action.isEnabled()
    assert window._analysis_panel is None
    window.count_action.trigger()
    page = window.analysis_panel.counting
    qtbot.waitUntil(lambda: not page.counting and "304" in page.result_label.text(), timeout=60_000)
