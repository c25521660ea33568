"""PySide6 started without its import hook reading the program's sources (``ui.qt_start``, issue 11).

The figure is ``benchmarks/bench_startup.py``'s; these tests keep the hook's
table written before the program's modules are imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

from knight_gui.ui import qt_start

ROOT = Path(__file__).resolve().parents[2]


_READ_SOURCES = r'''
import json, sys
import PySide6.QtCore  # the hook first, as when anything imports Qt before the program
feature = sys.modules["shibokensupport.feature"]
read, scan = [], feature._mod_uses_pyside
feature._mod_uses_pyside = lambda module: read.append(module.__name__) or scan(module)
import knight_gui.ui  # writes the table
read.clear()  # (what was imported before it was written: this script's own imports)
from knight_gui.ui import app as ui_app
app = ui_app.make_application()
window = ui_app.main_window()
window.show()
app.processEvents()
table = feature.pyside_feature_dict
print(json.dumps({"read": read, "modules": sorted(sys.modules), "table": table}))
'''


def test_opening_the_window_reads_no_source_of_the_program_for_pyside6s_import_hook(tmp_path):
    """PySide6's import hook reads the whole source of each module first imported after it
    (``ui.qt_start``): none of the program's, nor the standard library's top-level modules."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path),
               QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", _READ_SOURCES], env=env, cwd=tmp_path, check=True,
                         capture_output=True, text=True, timeout=120).stdout
    found = json.loads(out.splitlines()[-1])
    assert [name for name in found["read"] if name.split(".")[0] == "knight_gui"] == []
    assert not set(found["read"]).intersection(sys.stdlib_module_names)
    assert len(found["read"]) < 20  # (the standard library's submodules are still read: a dozen)
    table, loaded = found["table"], set(found["modules"])
    program = sorted(name for name in loaded if name.split(".")[0] == "knight_gui")
    assert len(program) > 50 and all(name in table for name in program)
    assert all(table[name] == 0 for name in program if name.startswith("knight_gui.ui."))
    assert all(table[name] == -1 for name in program if name.startswith("knight_gui.tour"))


def test_the_hooks_table_lists_every_module_of_the_program_without_importing_them():
    root = Path(qt_start.__file__).parents[1]
    listed = set(qt_start.package_modules("knight_gui", str(root)))
    files = {".".join(path.relative_to(root.parent).with_suffix("").parts).removesuffix(".__init__")
             for path in root.rglob("*.py")}
    assert listed == files and "knight_gui.ui.analysis.compare" in listed


def test_without_pyside6s_table_nothing_is_written(monkeypatch):
    monkeypatch.setitem(sys.modules, qt_start.FEATURE_MODULE, types.ModuleType(qt_start.FEATURE_MODULE))
    assert qt_start.feature_table() is None and qt_start.spare_feature_scan() is False
