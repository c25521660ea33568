"""Languages: the translator, the model's messages, the Language menu and switching live.

Every text the window shows goes through ``tr()``; ``install_translator``
puts our compiled catalogue (``knight_gui/resources/translations/knight_tour_<lang>.qm``)
and Qt's own (standard buttons and dialogs) in front of those calls.  English
has a catalogue too, of plural forms only ("1 tour", "2 tours": Qt's ``%n``).
The language follows the system locale unless the user picks one in
View ▸ Language; the choice is remembered by ``settings``.

The model's sentences (outcomes, verdicts, pop reasons, explanations) are
messages: a code and its arguments (``knight_gui.tour.messages``).
``tr_message`` looks the code's one English template up in the catalogue,
with its count for ``%n``, and fills in the arguments: no sentence is ever
parsed back.  The catalogue is compiled; the ``.ts`` sources are not read at
run time.

Switching live is Qt's own way: installing a translator sends every widget a
``LanguageChange`` event, and each widget sets its texts again in its
``changeEvent`` (``_retranslate_ui``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from PySide6 import QtCore
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLibraryInfo,
    QLocale,
    QObject,
    Qt,
    QTranslator,
    Signal,
)
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QComboBox, QMenu, QToolBar, QToolButton, QWidget

from .. import resources
from ..tour import ALGORITHMS, FIXED_ORDER, TIE_BREAKS, Outcome, tie_break_used
from ..tour.messages import MESSAGES, Message, MessageError, english_template, fill, has_count
from .actions import BUTTON_TEXT

#: Qt's marker of texts for lupdate, typed as the text it returns (its stub says ``object``).
QT_TRANSLATE_NOOP: Callable[[str, str], str] = QtCore.QT_TRANSLATE_NOOP  # type: ignore[assignment]

#: Qt's own texts that Qt's Chinese catalogue (qtbase_zh_CN) leaves in English or words oddly, kept in
#: ours (installed last, asked first): the file dialog's "&Look in:" and "Files of &type:" (Qt's
#: catalogue has them without the "&") and its "Size" column (体积, a volume, for 大小).
QT_OWN_TEXTS = (QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
                QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
                QT_TRANSLATE_NOOP("QFileSystemModel", "Size"))

#: The compiled catalogues (.qm) the program loads, shipped in the package.
TRANSLATIONS = resources.path(resources.TRANSLATIONS)
CATALOGUE_NAME = "knight_tour"

SYSTEM = "system"  #: follow the system locale
ENGLISH = "en"
CHINESE = "zh_CN"
#: The languages offered, each named in itself (never translated).
LANGUAGES: dict[str, str] = {ENGLISH: "English", CHINESE: "简体中文"}


def system_language(locale: QLocale | None = None) -> str:
    """The language to use for ``locale`` (default: the system's): Chinese or English."""
    locale = locale if locale is not None else QLocale.system()
    if locale.language() == QLocale.Language.Chinese:
        return CHINESE
    return ENGLISH


def resolve(choice: object) -> str:
    """The language code a stored choice means: ``system`` → the system's; unknown → the system's."""
    if isinstance(choice, str) and choice in LANGUAGES:
        return choice
    return system_language()


def qm_path(language: str) -> Path:
    """Where the compiled catalogue of ``language`` lives."""
    return TRANSLATIONS / f"{CATALOGUE_NAME}_{language}.qm"


# -- the translator ------------------------------------------------------------


class CatalogueTranslator(QTranslator):
    """Our compiled catalogue, looked up by context and then in the empty context.

    lupdate files a call made through a local alias (``tr = self.tr;
    tr("&Play")``) under the empty context, while at run time the call carries
    its class's name; the fallback finds those texts all the same.  A call
    through ``tr = QCoreApplication.translate; tr("Ctx", "text")`` is filed
    with "Ctx" as its source and "text" as its comment: found that way too.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._qm = QTranslator(self)

    def load_file(self, path: Path) -> bool:
        """Load a .qm file; False if it is missing or invalid."""
        return path.is_file() and self._qm.load(str(path))

    def isEmpty(self) -> bool:  # noqa: N802 - Qt override
        return self._qm.isEmpty()

    def translate(self, context: str, source: str, disambiguation: str | None = None,  # noqa: D102
                  n: int = -1) -> str | None:
        text = self._qm.translate(context, source, disambiguation, n)
        if not text and context:
            text = self._qm.translate("", source, disambiguation, n)
        if not text and context and not disambiguation:
            text = self._qm.translate("", context, source, n)
        return text or None  # None: not translated here, Qt goes on to the next translator


def _catalogue(language: str, app: QCoreApplication) -> QTranslator | None:
    """Our compiled catalogue of ``language``; None if it is missing or broken.

    English's holds only the plural forms of the model's messages, all in MESSAGES_CONTEXT,
    where ``tr_message`` looks them up: a plain QTranslator finds them, and its lookups stay in
    C++ (a ``CatalogueTranslator``'s are a Python call for each of the about 1,500 texts the
    window sets as it opens: 4 ms of its start).  A test keeps the catalogue so.
    """
    path = qm_path(language)
    if language == ENGLISH:
        plain = QTranslator(app)
        if path.is_file() and plain.load(str(path)):
            return plain
        plain.deleteLater()
        return None
    translator = CatalogueTranslator(app)
    if translator.load_file(path):
        return translator
    translator.deleteLater()
    return None


_installed: list[QTranslator] = []
_language = ENGLISH


def current_language() -> str:
    """The language whose translators are installed now."""
    return _language


def install_translator(language: str, app: QCoreApplication | None = None) -> str:
    """Make ``language`` the language of every ``tr()`` from now on; returns the one in effect.

    English needs only its plural forms.  A missing or broken catalogue
    leaves the program in English (and says so in the return value).
    Installing sends a LanguageChange event to every widget; they are
    delivered before this returns.
    """
    global _language
    app = app or QCoreApplication.instance()
    assert app is not None, "install_translator needs a QApplication"
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    language = language if language in LANGUAGES else ENGLISH
    ours = _catalogue(language, app)
    if ours is None and language != ENGLISH:
        language = ENGLISH
        ours = _catalogue(language, app)
    if language != ENGLISH:
        qt_own = QTranslator(app)
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt_own.load(f"qtbase_{language}", folder):
            app.installTranslator(qt_own)
            _installed.append(qt_own)
    if ours is not None:
        app.installTranslator(ours)  # installed last, asked first
        _installed.append(ours)
    _language = language
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)  # every widget, now
    return language


# -- the model's messages -----------------------------------------------------

#: The context of the model's messages in the catalogue; each is filed under
#: its English template with its code as the disambiguation.
MESSAGES_CONTEXT = "Messages"


def tr_message(message: Message) -> str:
    """``message`` in the installed language (English where the catalogue has no translation).

    The code's template is looked up with its count, so ``%n`` takes the
    plural form the language wants; arguments that are messages themselves
    are worded the same way.
    """
    code, args = message
    template = MESSAGES[code]
    count = args[0] if has_count(code) and args and isinstance(args[0], int) else -1
    text = QCoreApplication.translate(MESSAGES_CONTEXT, template, code, count)
    if text == template.replace("%n", str(count)):  # not in the catalogue: the model's English
        text = english_template(code, args).replace("%n", str(count))
    return fill(text, args, tr_message)


def error_text(error: BaseException) -> str:
    """An error's one line in the installed language: its ``message`` where it has one (a file's
    problem, an export's, a solver file's), else its own words."""
    return tr_message(error.message) if isinstance(error, MessageError) else str(error)


def outcome_reason(outcome: Outcome) -> str:
    """Why the search ended, in the installed language."""
    return tr_message(outcome.message)


#: "(&P)" after a Chinese text, or "&" before a letter: the menu's mnemonic.
_MNEMONIC = re.compile(r"\s*\(&[^)]\)|&(?=[^&])")


def icon_text(text: str) -> str:
    """What a tool button shows for an action's ``text``: no mnemonic, no "…".

    Qt drops the "&" itself but keeps a Chinese menu's "(P)", which on a
    button reads as noise: "播放(&P)" shows "播放", "&Play" shows "Play".
    """
    text = _MNEMONIC.sub("", text).replace("&&", "&")
    return text.removesuffix("…").removesuffix("...").strip()


def keep_icon_texts_plain(root: QWidget, buttons: Iterable[QToolButton] = ()) -> None:
    """Give every action on a tool bar of the window ``root`` (its children), and the action of
    each of ``buttons`` (tool buttons of their own), its plain icon text, now and whenever its
    text changes.

    Only tool buttons show an icon text.  (Walking every child of the window instead cost 5–11 ms
    at start-up: PySide wraps each object it finds, and Qt's own classes take it a search.)
    """
    actions: dict[int, QAction] = {}
    for bar in root.findChildren(QToolBar, options=Qt.FindChildOption.FindDirectChildrenOnly):  # (a window's)
        for action in bar.actions():
            actions.setdefault(id(action), action)
    for button in buttons:
        action = button.defaultAction()
        if action is not None:
            actions.setdefault(id(action), action)
    for action in actions.values():
        if action.property("plainIconText"):
            continue
        action.setProperty("plainIconText", True)
        action.changed.connect(partial(_plain_icon_text, action))
        _plain_icon_text(action)


def _plain_icon_text(action: QAction) -> None:
    try:
        wanted = icon_text(action.property(BUTTON_TEXT) or action.text())  # (a shorter text of its own)
    except RuntimeError:  # the action is being destroyed (it says "changed" as it leaves its group)
        return
    if action.iconText() != wanted:  # (setting it emits changed again: stop there)
        action.setIconText(wanted)


_TOOLTIP_ROLE = 3  # Qt.ItemDataRole.ToolTipRole


# -- names and reasons the model gives in English -----------------------------------

# The tour package is pure Python and speaks English; these are its words for
# the window, translatable (lupdate finds the QCoreApplication.translate calls).


#: Display names and one-line descriptions of the algorithms and tie-break
#: rules, by the model's identifiers (which the command line uses as they are).
ALGORITHM_NAMES: dict[str, str] = {
    "warnsdorff": QT_TRANSLATE_NOOP("Names", "Warnsdorff"),
    "classic": QT_TRANSLATE_NOOP("Names", "Classic (course)"),
    "backtracking": QT_TRANSLATE_NOOP("Names", "Backtracking"),
    "greedy": QT_TRANSLATE_NOOP("Names", "Greedy"),
    "construct": QT_TRANSLATE_NOOP("Names", "Construction"),
}
ALGORITHM_TEXTS: dict[str, str] = {
    "warnsdorff": QT_TRANSLATE_NOOP(
        "Names", "Warnsdorff's rule (fewest onward moves first) with backtracking"),
    "classic": QT_TRANSLATE_NOOP(
        "Names", "The course programs' rule: Warnsdorff, ties in the fixed move order, with backtracking"),
    "backtracking": QT_TRANSLATE_NOOP(
        "Names", "Plain depth-first search in the fixed move order, no heuristic (can take very long)"),
    "greedy": QT_TRANSLATE_NOOP("Names", "Warnsdorff's rule without backtracking: may get stuck"),
    "construct": QT_TRANSLATE_NOOP(
        "Names", "Closed tours by construction: base tours joined block by block (Parberry; Conrad et al.)"),
}
TIE_BREAK_NAMES: dict[str, str] = {
    "fixed": QT_TRANSLATE_NOOP("Names", "Fixed order"),
    "roth": QT_TRANSLATE_NOOP("Names", "Roth"),
    "pohl": QT_TRANSLATE_NOOP("Names", "Pohl"),
    "lookahead": QT_TRANSLATE_NOOP("Names", "Look-ahead"),
}
TIE_BREAK_TEXTS: dict[str, str] = {
    "fixed": QT_TRANSLATE_NOOP(
        "Names", "The fixed move order (−2,+1), (−1,+2), (+1,+2), (+2,+1), "
                 "(+2,−1), (+1,−2), (−1,−2), (−2,−1)"),
    "roth": QT_TRANSLATE_NOOP("Names", "The square farthest from the board's centre first (Arnd Roth)"),
    "pohl": QT_TRANSLATE_NOOP(
        "Names", "The smallest sum of the degrees of the square's own onward squares first (Ira Pohl)"),
    "lookahead": QT_TRANSLATE_NOOP(
        "Names", "One move further: of the tied squares, the one whose onward squares have the smallest "
                 "highest degree first (then the smallest lowest degree), then Roth's rule. The default "
                 "tie-break: it backtracks least"),
}


def _named(table: dict[str, str], fallback: dict[str, str], name: str) -> str:
    if name in table:
        return QCoreApplication.translate("Names", table[name])
    return fallback.get(name, name)


def algorithm_name(name: str) -> str:
    """The name of an algorithm in the installed language."""
    return _named(ALGORITHM_NAMES, {}, name)


def algorithm_description(name: str) -> str:
    """One line on what an algorithm does, in the installed language."""
    return _named(ALGORITHM_TEXTS, ALGORITHMS, name)


def tie_break_name(name: str) -> str:
    """The name of a tie-break rule in the installed language."""
    return _named(TIE_BREAK_NAMES, {}, name)


def config_name(algorithm: str, tie_break: str | None) -> str:
    """An algorithm and the tie-break rule it uses, by their names in the installed language.

    Classic and plain backtracking always take the fixed order: their name alone says it.
    """
    if algorithm in FIXED_ORDER:
        return algorithm_name(algorithm)
    return QCoreApplication.translate("Names", "%s (ties: %s)") % (
        algorithm_name(algorithm), tie_break_name(tie_break_used(algorithm, tie_break)))


def tie_break_description(name: str) -> str:
    """One line on a tie-break rule, in the installed language."""
    return _named(TIE_BREAK_TEXTS, TIE_BREAKS, name)


# -- the Language menu ----------------------------------------------------------------


class LanguageMenu(QObject):
    """View ▸ Language: System default, English, 简体中文; switches live."""

    language_changed = Signal(str)  #: the choice: ``system`` or a language code

    def __init__(self, window: QWidget, choice: str = SYSTEM) -> None:
        super().__init__(window)
        self.setObjectName("language_menu")
        self.window = window
        self.choice = choice if choice in LANGUAGES else SYSTEM
        self.menu = QMenu(window)
        self.menu.setObjectName("language_menu")
        self.menu.setToolTipsVisible(True)
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.actions: dict[str, QAction] = {}
        for code in (SYSTEM, *LANGUAGES):
            action = QAction(LANGUAGES.get(code, ""), self.menu)  # each language named in itself
            action.setCheckable(True)
            action.setData(code)
            action.triggered.connect(lambda _=False, c=code: self.choose(c))
            self.group.addAction(action)
            self.menu.addAction(action)
            self.actions[code] = action
        self.actions[self.choice].setChecked(True)
        self._retranslate_ui()
        self.menu.installEventFilter(self)  # the menu's LanguageChange: set the texts again

    def _retranslate_ui(self) -> None:
        self.menu.setTitle(self.tr("&Language"))
        for code, action in self.actions.items():
            if code == SYSTEM:
                action.setText(self.tr("&System default"))
                action.setStatusTip(self.tr("Use the language of the system"))
            else:
                action.setStatusTip(self.tr("Show the program in this language"))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.menu and event.type() == QEvent.Type.LanguageChange:
            self._retranslate_ui()
        return False

    def set_choice(self, choice: str) -> None:
        """Check ``choice`` in the menu without switching (its language is installed already)."""
        self.choice = choice if choice in LANGUAGES or choice == SYSTEM else SYSTEM
        self.actions[self.choice].setChecked(True)

    def choose(self, choice: str) -> None:
        """Switch to ``choice`` (``system`` or a language code) now, keeping the tour."""
        choice = choice if choice in LANGUAGES or choice == SYSTEM else SYSTEM
        self.choice = choice
        self.actions[choice].setChecked(True)
        switch_language(self.window, resolve(choice))
        self.language_changed.emit(choice)


def switch_language(window: QWidget, language: str) -> str:
    """Install ``language``; returns the language in effect.

    Every widget hears of it through ``changeEvent(LanguageChange)`` and sets
    its texts again; the window's combo boxes name the algorithms anew, and
    the views that compute their texts (the status bar, panels) are refreshed
    through the player's ``changed`` signal.
    """
    effective = install_translator(language)
    retranslate_names(window)
    player = getattr(window, "player", None)
    if player is not None:
        player.changed.emit()  # the status bar and panels compute their texts again
    reconfigured = getattr(window, "_on_reconfigured", None)
    if callable(reconfigured):
        reconfigured()  # the window title
    return effective


def retranslate_names(window: QWidget) -> None:
    """Algorithm and tie-break names and tooltips in the window's combo boxes."""
    for attr, name_of, tip_of in (("algorithm_combo", algorithm_name, algorithm_description),
                                  ("tie_combo", tie_break_name, tie_break_description)):
        combo = getattr(window, attr, None)
        if not isinstance(combo, QComboBox):
            continue
        for i in range(combo.count()):
            name = combo.itemData(i)
            if isinstance(name, str):
                combo.setItemText(i, name_of(name))
                combo.setItemData(i, tip_of(name), _TOOLTIP_ROLE)
