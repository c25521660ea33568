#!/bin/sh
# Regenerate the translations from the sources.
#
#   scripts/update_translations.sh          update the .ts files, then compile the .qm files
#   scripts/update_translations.sh --qm     only compile the .qm files (after translating in Qt Linguist)
#
# pyside6-lupdate collects every tr() / QCoreApplication.translate() text in
# knight_gui/ui/ (all .py files, subfolders too) into
# resources/translations/knight_tour_<lang>.ts; texts gone from the sources
# are dropped (-no-obsolete); new ones come in marked unfinished: translate
# them (Qt Linguist: pyside6-linguist, or any editor), then run this again so
# pyside6-lrelease compiles the .qm the program loads.  Both tools ship with
# PySide6-Essentials.  tests/ui/test_i18n.py fails while any entry is
# unfinished or a .qm is older than its .ts.
set -eu
cd "$(dirname "$0")/.."
folder=resources/translations          # the sources (.ts), not shipped
qm_folder=knight_gui/resources/translations  # the compiled catalogues the program loads
languages="zh_CN"
if [ "${1:-}" != "--qm" ]; then
    for lang in $languages; do
        pyside6-lupdate -silent -no-obsolete -locations none -extensions py -target-language "$lang" \
            knight_gui/ui -ts "$folder/knight_tour_$lang.ts"
        # lupdate takes Python's "#:" comments (our attribute docs) for notes to translators and
        # pins them on the next tr() call, where they mislead: drop them.
        sed -i '/<extracomment>.*<\/extracomment>/d' "$folder/knight_tour_$lang.ts"
    done
fi
for lang in $languages; do
    pyside6-lrelease -silent "$folder/knight_tour_$lang.ts" -qm "$qm_folder/knight_tour_$lang.qm"
done
unfinished=$(cat "$folder"/knight_tour_*.ts | grep -c 'type="unfinished"' || true)
echo "translations: $unfinished unfinished entries" >&2
