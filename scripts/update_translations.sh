#!/bin/sh
# Regenerate the translations from the sources.
#
#   scripts/update_translations.sh          update the .ts files, then compile the .qm files
#   scripts/update_translations.sh --qm     only compile the .qm files (after translating in Qt Linguist)
#
# pyside6-lupdate collects every tr() / QCoreApplication.translate() text in
# knight_gui/ui/ (all .py files, subfolders too), and the model's messages
# (knight_gui/tour/messages.py, handed over by scripts/message_catalogue.py:
# context "Messages", the code as disambiguation, %n entries as plurals), into
# resources/translations/knight_tour_<lang>.ts; texts gone from the sources
# are dropped (-no-obsolete); new ones come in marked unfinished: translate
# them (Qt Linguist: pyside6-linguist, or any editor), then run this again so
# pyside6-lrelease compiles the .qm the program loads.  English has a
# catalogue of plural forms only ("1 tour" / "2 tours"), filled in from the
# messages' table.  Both tools ship with PySide6-Essentials, in the scripts
# folder of the Python that has PySide6 (the project's .venv, or set PYTHON to choose it).
# tests/ui/test_i18n.py fails while any entry is unfinished or a .qm is older
# than its .ts.
set -eu
cd "$(dirname "$0")/.."
# The Python that has PySide6: $PYTHON, else the project's .venv (scripts/setup.sh makes it), else python3.
if [ -n "${PYTHON:-}" ]; then python=$PYTHON
elif [ -x .venv/bin/python ]; then python=.venv/bin/python
else python=python3
fi
folder=resources/translations  # the sources (.ts)
# the compiled catalogues go where the program loads them from (knight_gui.ui.i18n.TRANSLATIONS)
qm_folder=$(PYTHONPATH=. "$python" -c 'from knight_gui.ui.i18n import TRANSLATIONS; print(TRANSLATIONS)')
languages="zh_CN"

tool() {  # the path of a PySide6 tool: beside this Python first, then on PATH
    "$python" - "$1" <<'PY'
import shutil, sys, sysconfig
from pathlib import Path
name = sys.argv[1]
for folder in (sysconfig.get_path("scripts"), str(Path(sys.executable).parent)):
    path = Path(folder) / name
    if path.is_file():
        print(path)
        break
else:
    found = shutil.which(name)
    if found is None:
        sys.exit(f"{name} not found beside {sys.executable} nor on PATH: install PySide6")
    print(found)
PY
}
lupdate=$(tool pyside6-lupdate)
lrelease=$(tool pyside6-lrelease)

if [ "${1:-}" != "--qm" ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    "$python" scripts/message_catalogue.py source "$work/messages.py"
    for lang in $languages en; do
        ts="$folder/knight_tour_$lang.ts"
        plural=""
        [ "$lang" = en ] && plural="-pluralonly"
        "$lupdate" -silent -no-obsolete $plural -locations none -extensions py -target-language "$lang" \
            knight_gui/ui "$work/messages.py" -ts "$ts"
        # lupdate takes Python's "#:" comments (our attribute docs) for notes to translators and
        # pins them on the next tr() call, where they mislead: drop them.
        sed -i '/<extracomment>.*<\/extracomment>/d' "$ts"
    done
    "$python" scripts/message_catalogue.py english "$folder/knight_tour_en.ts"
fi
for lang in $languages en; do
    "$lrelease" -silent "$folder/knight_tour_$lang.ts" -qm "$qm_folder/knight_tour_$lang.qm"
done
unfinished=$(cat "$folder"/knight_tour_*.ts | grep -c 'type="unfinished"' || true)
echo "translations: $unfinished unfinished entries" >&2
