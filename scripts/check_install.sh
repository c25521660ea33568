#!/usr/bin/env bash
# Prove the installed program, as a user gets it from a wheel (run by .ci/run after the tests):
#  1. build the sdist, and the wheel from that sdist (python -m build), in a throwaway venv;
#  2. install the wheel into a fresh venv outside the tree;
#  3. from another folder (so nothing is imported from this checkout):
#     - `knight-tour export` draws the knight from the package's own image (no qt.svg warning;
#       the knight's square has the image's light outline, not the black disc of a broken install),
#     - the window starts offscreen under LANG=zh_CN.UTF-8 in Chinese (the .qm shipped and loaded),
#     - `python -m knight_gui --version` prints the installed version;
#     and the wheel and the sdist hold the resources.
# Uses the Python that made .venv (run scripts/setup.sh first).  Exit 0 when all hold.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
python=$(.venv/bin/python -c 'import sys; print(sys._base_executable)')
work=$(mktemp -d "${TMPDIR:-/tmp}/knight-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
say() { echo "check_install: $*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

say "building the sdist and the wheel (from the sdist) with $("$python" -V)"
"$python" -m venv "$work/build-venv"
"$work/build-venv/bin/python" -m pip install --quiet --disable-pip-version-check build
"$work/build-venv/bin/python" -m build --outdir "$work/dist" "$root" >"$work/build.log" 2>&1 \
  || { cat "$work/build.log" >&2; fail "python -m build"; }
wheel=$(ls "$work"/dist/*.whl)
sdist=$(ls "$work"/dist/*.tar.gz)
"$python" -m zipfile -l "$wheel" >"$work/wheel.txt"  # (a listing piped into grep -q would
tar -tzf "$sdist" >"$work/sdist.txt"                  # die of SIGPIPE under pipefail)
for name in knight.svg icon.svg icon-256.png icon-64.png translations/knight_tour_zh_CN.qm; do
  grep -q "knight_gui/resources/$name" "$work/wheel.txt" || fail "the wheel has no $name"
  grep -q "knight_gui/resources/$name" "$work/sdist.txt" || fail "the sdist has no $name"
done
grep -q "/LICENSE$" "$work/sdist.txt" || fail "the sdist has no LICENSE"
grep -q "licenses/LICENSE" "$work/wheel.txt" || fail "the wheel has no LICENSE"

say "installing $(basename "$wheel") into a fresh venv"
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel"
bin=$work/venv/bin
mkdir "$work/elsewhere"
cd "$work/elsewhere"
export QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/share"
unset PYTHONPATH

say "knight-tour export"
"$bin/knight-tour" export --size 5 --start a5 -o tour.png --px 400 >export.out 2>export.err \
  || { cat export.err >&2; fail "knight-tour export"; }
if grep -qi "qt.svg\|cannot open" export.err; then cat export.err >&2; fail "export warned about an image"; fi
[ ! -s export.err ] || { cat export.err >&2; fail "export wrote to stderr"; }
"$bin/python" -c 'import sys; from PySide6.QtGui import QImage; sys.exit(QImage("tour.png").isNull())' \
  || fail "export wrote no image"
# A finished tour is drawn without the knight: stop the search after 10 pushes to see it.
"$bin/knight-tour" solve --size 5 --start a5 --budget 10 --format json >stopped.json || true
"$bin/knight-tour" export --size 5 --start a5 --budget 10 -o stopped.png --px 400 >/dev/null 2>export2.err || true
if [ -s export2.err ]; then cat export2.err >&2; fail "export warned: $(head -1 export2.err)"; fi
"$bin/python" - stopped.png stopped.json <<'PY' || fail "the knight image did not load into the export"
import json
import sys

from PySide6.QtCore import QRectF
from PySide6.QtGui import QGuiApplication, QImage

from knight_gui.tour import Board
from knight_gui.ui.painting import layout_board

app = QGuiApplication([])
image = QImage(sys.argv[1])
assert not image.isNull(), "no image written"
with open(sys.argv[2]) as file:
    row, col = json.load(file)["path"][-1]
board = Board(5)
knight = board.square(row, col)
layout = layout_board(QRectF(0, 0, image.width(), image.height()), board, "chess")
rect = layout.square_rect(knight)
# The knight's image has a light outline (#f5f5f5); a broken install draws a black disc.
light = sum(1 for y in range(int(rect.top()) + 2, int(rect.bottom()) - 2)
            for x in range(int(rect.left()) + 2, int(rect.right()) - 2)
            if min(image.pixelColor(x, y).getRgb()[:3]) > 235)
print(f"knight on {board.name(knight)}: {light} pixels of its light outline", file=sys.stderr)
assert light > 20, "the knight is a plain disc: its image did not load"
PY

say "the window under LANG=zh_CN.UTF-8"
LANG=zh_CN.UTF-8 LC_ALL= LANGUAGE= "$bin/python" - <<'PY' >window.out 2>window.err \
  || { cat window.err >&2; fail "the window did not start"; }
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

from knight_gui.ui.app import make_application, run_window

app = make_application()
seen = {}

def look() -> None:
    windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMainWindow)]
    seen["menus"] = [a.text() for a in windows[0].menuBar().actions()] if windows else []
    app.quit()

QTimer.singleShot(0, look)
run_window()
print(" ".join(seen["menus"]))
PY
grep -q "文件" window.out || { cat window.out window.err >&2; fail "the window is not in Chinese: $(cat window.out)"; }
say "menus: $(cat window.out)"

say "python -m knight_gui --version"
version=$("$bin/python" -m knight_gui --version)
expected="knight-tour $("$bin/python" -c 'import importlib.metadata as m; print(m.version("knight-tour"))')"
[ "$version" = "$expected" ] || fail "python -m knight_gui --version said '$version', not '$expected'"
[ "$("$bin/knight-tour" --version)" = "$expected" ] || fail "knight-tour --version differs"
say "all good: $version from $(basename "$wheel")"
