"""The model never imports Qt: checked on the source and in a fresh interpreter."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import knight_gui.tour

TOUR = Path(knight_gui.tour.__file__).parent


def test_no_tour_module_mentions_a_qt_binding():
    pattern = re.compile(r"^\s*(from|import)\s+(PySide6|shiboken6|PyQt\d)", re.M)
    offenders = [p.name for p in TOUR.glob("*.py") if pattern.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_importing_the_model_and_cli_loads_no_qt():
    code = ("import sys, knight_gui.tour, knight_gui.tour.text, knight_gui.cli; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
