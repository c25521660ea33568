"""Languages: the translator, the Language menu and switching live.

Every text the window shows goes through ``tr()``; ``install_translator``
puts our compiled catalogue (``knight_gui/resources/translations/knight_tour_<lang>.qm``)
and Qt's own (standard buttons and dialogs) in front of those calls.  The
language follows the system locale unless the user picks one in
View ▸ Language; the choice is remembered by ``settings``.

Switching live.  Qt's own way is for every widget to set its texts again in
``changeEvent(LanguageChange)``; our window and the panels other modules add
set their texts once, when they are built.  Rather than ask each of them for a
retranslate method, ``retranslate(widget)`` walks the widget tree and looks
every text up in the catalogue (the .ts files pair each English source with
its translation; a formatted text such as "Move %d of %d" is matched as a
pattern and its arguments carried over) and sets it anew in the language now
installed.  Texts that are not in the catalogue (square names, numbers, file
names) stay as they are.  A widget that knows better may define
``retranslate_ui()``: it is called after the walk.  Views that compute their
texts (the status bar, panels) are refreshed through the player's
``changed`` signal.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QObject,
    QTranslator,
    Signal,
)
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QSpinBox,
    QTableWidget,
    QTabWidget,
    QToolButton,
    QTreeWidget,
    QWidget,
)

from .. import resources
from ..tour import ALGORITHMS, FIXED_ORDER, TIE_BREAKS, Board, Outcome, tie_break_used

#: The compiled catalogues (.qm) the program loads, shipped in the package.
TRANSLATIONS = resources.path(resources.TRANSLATIONS)
#: Their sources (Qt Linguist .ts), in the top-level ``resources/`` of a source checkout.
TRANSLATION_SOURCES = Path(__file__).resolve().parents[2] / "resources" / "translations"
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


def ts_paths() -> list[Path]:
    """The translation sources, one per language besides English."""
    return sorted(TRANSLATION_SOURCES.glob(f"{CATALOGUE_NAME}_*.ts"))


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


_installed: list[QTranslator] = []
_language = ENGLISH


def current_language() -> str:
    """The language whose translators are installed now."""
    return _language


def install_translator(language: str, app: QCoreApplication | None = None) -> str:
    """Make ``language`` the language of every ``tr()`` from now on; returns the one in effect.

    English needs no catalogue.  A missing or broken catalogue leaves the
    program in English (and says so in the return value).  Installing posts
    a LanguageChange event to every widget.
    """
    global _language
    app = app or QCoreApplication.instance()
    assert app is not None, "install_translator needs a QApplication"
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    language = language if language in LANGUAGES else ENGLISH
    if language != ENGLISH:
        ours = CatalogueTranslator(app)
        if not ours.load_file(qm_path(language)):
            ours.deleteLater()
            language = ENGLISH
        else:
            qt_own = QTranslator(app)
            folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            if qt_own.load(f"qtbase_{language}", folder):
                app.installTranslator(qt_own)
                _installed.append(qt_own)
            app.installTranslator(ours)  # installed last, asked first
            _installed.append(ours)
    _language = language
    return language


# -- the catalogue: every source text with its translations -----------------------

_PLACEHOLDER = re.compile(r"%%|%(?:\([^)]*\))?[-+ #0]*\d*(?:\.\d+)?[sdifgeExXr]|\{[^{}]*\}")


def placeholders(text: str) -> list[str]:
    """The placeholders in ``text`` (``%s``, ``%d``, ``%.3f``, ``{}``) in order, without ``%%``."""
    return [p for p in _PLACEHOLDER.findall(text) if p != "%%"]


@dataclass
class _Pattern:
    context: str
    source: str
    regex: re.Pattern[str]
    literal: int  # characters of literal text: longer patterns are tried first


def _pattern_regex(template: str) -> tuple[re.Pattern[str], int] | None:
    parts = []
    literal = 0
    pos = 0
    for match in _PLACEHOLDER.finditer(template):
        text = template[pos:match.start()]
        if pos and not text and match.group() != "%%":
            return None  # two placeholders side by side cannot be told apart
        parts.append(re.escape(text))
        literal += len(text.strip())
        parts.append("%" if match.group() == "%%" else "(.+?)")
        pos = match.end()
    tail = template[pos:]
    parts.append(re.escape(tail))
    literal += len(tail.strip())
    return re.compile("^" + "".join(parts) + "$", re.DOTALL), literal


@dataclass
class Catalogue:
    """Source texts and their translations in every language, both ways."""

    exact: dict[str, tuple[str, str]] = field(default_factory=dict)  #: any text → (context, source)
    patterns: list[_Pattern] = field(default_factory=list)
    entries: list[tuple[str, str, str]] = field(default_factory=list)  #: (context, source, translation)

    def add(self, context: str, source: str, translation: str) -> None:
        """Record one message of a .ts file."""
        self.entries.append((context, source, translation))
        for text in (source, translation):
            if not text:
                continue
            self.exact.setdefault(text, (context, source))
            if placeholders(text):
                built = _pattern_regex(text)
                if built is not None and built[1]:
                    regex, literal = built
                    self.patterns.append(_Pattern(context, source, regex, literal))
        self.patterns.sort(key=lambda p: -p.literal)

    def lookup(self, text: str, depth: int = 0) -> str | None:
        """``text`` (in any known language) in the language installed now; None if unknown."""
        if not text or depth > 3:
            return None
        found = self.exact.get(text)
        if found is not None and not placeholders(found[1]):
            return QCoreApplication.translate(found[0], found[1])
        for pattern in self.patterns:
            match = pattern.regex.match(text)
            if match is None:
                continue
            args = [self.lookup(arg, depth + 1) or arg for arg in match.groups()]
            template = QCoreApplication.translate(pattern.context, pattern.source)
            return _fill(template, args)
        return None

    def retranslate_text(self, text: str) -> str:
        """``text`` in the installed language where the catalogue knows it, else unchanged."""
        if not text:
            return text
        found = self.lookup(text)
        if found is not None:
            return found
        stripped = text.strip()
        if stripped != text:
            found = self.lookup(stripped)
            if found is not None:
                return text.replace(stripped, found, 1)
        return text


def _fill(template: str, args: list[str]) -> str:
    """``template`` with its placeholders replaced by ``args`` in order, as text."""
    slots = iter(args)
    return _PLACEHOLDER.sub(lambda m: "%" if m.group() == "%%" else next(slots, m.group()), template)


def read_ts(path: Path) -> Iterable[tuple[str, str, str, str | None]]:
    """(context, source, translation, type) for every message of a .ts file."""
    for context, source, _comment, text, kind in read_ts_messages(path):
        yield context, source, text, kind


def read_ts_messages(path: Path) -> Iterable[tuple[str, str, str, str, str | None]]:
    """(context, source, comment, translation, type) for every message of a .ts file."""
    root = ElementTree.parse(path).getroot()
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            text = (translation.text or "") if translation is not None else ""
            kind = translation.get("type") if translation is not None else None
            yield name, message.findtext("source") or "", message.findtext("comment") or "", text, kind


def english_text(context: str, source: str, comment: str) -> str:
    """The English a message shows: its source, or its comment when lupdate misread an aliased
    ``QCoreApplication.translate("Ctx", "text")`` as source "Ctx" with comment "text"."""
    return comment if not context and comment else source


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The catalogue of every .ts file shipped (read once)."""
    result = Catalogue()
    for path in ts_paths():
        try:
            messages = list(read_ts_messages(path))
        except (OSError, ElementTree.ParseError):
            continue
        for context, source, comment, translation, kind in messages:
            if kind in ("vanished", "obsolete"):
                continue
            if not context and comment:  # see english_text: at run time it is translate(source, comment)
                result.add(source, comment, translation)
            else:
                result.add(context, source, translation)
    return result


# -- retranslating widgets that are already built -----------------------------------


def _action_keys(action: QAction) -> str:
    return action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)


def _auto_tooltip(text: str) -> str:
    """The tooltip Qt derives from an action's text when none is set (no '&', no '…')."""
    text = text.replace("...", "").replace("…", "")
    return re.sub(r"&(&?)", r"\1", text)


def _retranslate_action(action: QAction, cat: Catalogue, old_keys: str) -> None:
    if action.menu() is not None:
        return  # a menu's own action: its title is set through the menu
    old_tip = action.toolTip()
    old_status = action.statusTip()
    derived = old_tip == _auto_tooltip(action.text())  # never set: Qt derives it from the text
    action.setText(cat.retranslate_text(action.text()))
    if derived:
        action.setStatusTip(cat.retranslate_text(old_status))
        action.setWhatsThis(cat.retranslate_text(action.whatsThis()))
        return  # setting it would freeze a tooltip that follows the text
    new_status = cat.retranslate_text(old_status)
    action.setStatusTip(new_status)
    if old_keys and old_tip.endswith(f" ({old_keys})"):
        head = old_tip[: -len(old_keys) - 3]
        new_head = new_status if head == old_status else cat.retranslate_text(head)
        keys = _action_keys(action)
        action.setToolTip(f"{new_head} ({keys})" if keys else new_head)
    else:
        action.setToolTip(cat.retranslate_text(old_tip))
    action.setWhatsThis(cat.retranslate_text(action.whatsThis()))


def _retranslate_widget(widget: QWidget, cat: Catalogue) -> None:
    fix = cat.retranslate_text
    if isinstance(widget, QToolButton) and widget.defaultAction() is not None:
        return  # follows its action
    widget.setToolTip(fix(widget.toolTip()))
    widget.setStatusTip(fix(widget.statusTip()))
    widget.setWhatsThis(fix(widget.whatsThis()))
    widget.setAccessibleName(fix(widget.accessibleName()))
    widget.setAccessibleDescription(fix(widget.accessibleDescription()))
    if widget.windowTitle():
        widget.setWindowTitle(fix(widget.windowTitle()))
    if isinstance(widget, QMenu):
        widget.setTitle(fix(widget.title()))
    elif isinstance(widget, QLabel):
        widget.setText(fix(widget.text()))
    elif isinstance(widget, QAbstractButton):
        widget.setText(fix(widget.text()))
    elif isinstance(widget, QGroupBox):
        widget.setTitle(fix(widget.title()))
    elif isinstance(widget, QLineEdit):
        widget.setPlaceholderText(fix(widget.placeholderText()))
    elif isinstance(widget, QComboBox):
        for i in range(widget.count()):
            widget.setItemText(i, fix(widget.itemText(i)))
            tip = widget.itemData(i, _TOOLTIP_ROLE)
            if isinstance(tip, str):
                widget.setItemData(i, fix(tip), _TOOLTIP_ROLE)
    elif isinstance(widget, QTabWidget):
        for i in range(widget.count()):
            widget.setTabText(i, fix(widget.tabText(i)))
            widget.setTabToolTip(i, fix(widget.tabToolTip(i)))
    elif isinstance(widget, QTableWidget):
        for get, count in ((widget.horizontalHeaderItem, widget.columnCount()),
                           (widget.verticalHeaderItem, widget.rowCount())):
            for i in range(count):
                item = get(i)
                if item is not None:
                    item.setText(fix(item.text()))
                    item.setToolTip(fix(item.toolTip()))
    elif isinstance(widget, QTreeWidget):
        header = widget.headerItem()
        for i in range(header.columnCount()):
            header.setText(i, fix(header.text(i)))
            header.setToolTip(i, fix(header.toolTip(i)))
    if isinstance(widget, (QSpinBox, QDoubleSpinBox)):
        widget.setPrefix(fix(widget.prefix()))
        widget.setSuffix(fix(widget.suffix()))
    if isinstance(widget, QAbstractSpinBox):
        widget.setSpecialValueText(fix(widget.specialValueText()))


def retranslate(root: QWidget, old_keys: dict[int, str] | None = None) -> None:
    """Set every text of ``root`` and its children again in the installed language.

    ``old_keys``: each action's shortcut text before the switch (by id), so a
    tooltip that ends in "(keys)" is rebuilt with the keys in the new language.
    """
    cat = catalogue()
    keys = old_keys or {}
    seen: set[int] = set()
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        _retranslate_widget(widget, cat)
    actions = {id(a): a for a in root.findChildren(QAction)}
    for widget in widgets:
        for action in widget.actions():
            actions.setdefault(id(action), action)
    for action in actions.values():
        _retranslate_action(action, cat, keys.get(id(action), _action_keys(action)))
    for obj in [root, *root.findChildren(QObject)]:
        hook = getattr(obj, "retranslate_ui", None)
        if callable(hook):
            hook()


#: "(&P)" after a Chinese text, or "&" before a letter: the menu's mnemonic.
_MNEMONIC = re.compile(r"\s*\(&[^)]\)|&(?=[^&])")


def icon_text(text: str) -> str:
    """What a tool button shows for an action's ``text``: no mnemonic, no "…".

    Qt drops the "&" itself but keeps a Chinese menu's "(P)", which on a
    button reads as noise: "播放(&P)" shows "播放", "&Play" shows "Play".
    """
    text = _MNEMONIC.sub("", text).replace("&&", "&")
    return text.removesuffix("…").removesuffix("...").strip()


def keep_icon_texts_plain(root: QWidget) -> None:
    """Give every action of ``root`` its plain icon text, now and whenever its text changes."""
    actions = {id(a): a for a in root.findChildren(QAction)}
    for widget in [root, *root.findChildren(QWidget)]:
        for action in widget.actions():
            actions.setdefault(id(action), action)
    for action in actions.values():
        if action.property("plainIconText"):
            continue
        action.setProperty("plainIconText", True)
        action.changed.connect(partial(_plain_icon_text, action))
        _plain_icon_text(action)


def _plain_icon_text(action: QAction) -> None:
    try:
        wanted = icon_text(action.text())
    except RuntimeError:  # the action is being destroyed (it says "changed" as it leaves its group)
        return
    if action.iconText() != wanted:  # (setting it emits changed again: stop there)
        action.setIconText(wanted)


def _shortcut_texts(root: QWidget) -> dict[int, str]:
    actions = {id(a): a for a in root.findChildren(QAction)}
    for widget in [root, *root.findChildren(QWidget)]:
        for action in widget.actions():
            actions.setdefault(id(action), action)
    return {key: _action_keys(a) for key, a in actions.items()}


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
}
ALGORITHM_TEXTS: dict[str, str] = {
    "warnsdorff": QT_TRANSLATE_NOOP(
        "Names", "Warnsdorff's rule (fewest onward moves first) with backtracking"),
    "classic": QT_TRANSLATE_NOOP(
        "Names", "The course programs' rule: Warnsdorff, ties in the fixed move order, with backtracking"),
    "backtracking": QT_TRANSLATE_NOOP(
        "Names", "Plain depth-first search in the fixed move order, no heuristic (can take very long)"),
    "greedy": QT_TRANSLATE_NOOP("Names", "Warnsdorff's rule without backtracking: may get stuck"),
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
        "Names", "One move further: the square whose onward squares' largest, then least, degree is "
                 "least first; then Roth's rule (the default: fewest backtracks)"),
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


#: Why a search ended, by Outcome.code: translatable templates for the
#: reasons the model words in English.  Arguments: see ``outcome_reason``.
REASONS: dict[str, str] = {
    "closed-one-square": QT_TRANSLATE_NOOP(
        "Reasons", "a closed tour needs a last move back to the start, and a 1×1 board has no moves"),
    "closed-odd": QT_TRANSLATE_NOOP(
        "Reasons", "%s has an odd number of squares (%d); a closed tour alternates colours, so it needs "
                   "as many squares of each colour (Schwenk's theorem)"),
    "closed-narrow": QT_TRANSLATE_NOOP(
        "Reasons", "no board with %d rows or columns has a closed tour (Schwenk's theorem)"),
    "closed-3xn": QT_TRANSLATE_NOOP(
        "Reasons", "3×%d boards have no closed tour (Schwenk's theorem: 3×4, 3×6 and 3×8 are the "
                   "exceptions among 3-row boards)"),
    "open-one-row": QT_TRANSLATE_NOOP(
        "Reasons", "on %s every knight move leaves the board, so the knight cannot move at all"),
    "open-two-rows": QT_TRANSLATE_NOOP(
        "Reasons", "a board with 2 rows or columns splits into short chains a knight cannot join, "
                   "so %s has no tour"),
    "open-3x3": QT_TRANSLATE_NOOP("Reasons", "the centre of 3×3 is not a knight's move from any square"),
    "open-small": QT_TRANSLATE_NOOP(
        "Reasons", "%s has no knight's tour from any square (Cull and De Curtins; Conrad et al.)"),
    "open-minority-colour": QT_TRANSLATE_NOOP(
        "Reasons", "%s has %d squares of the corners' colour and %d of the other; a tour alternates "
                   "colours, so it must start on the corners' colour and %s is not"),
    "tour": QT_TRANSLATE_NOOP("Reasons", "tour #%d found"),
    "stuck": QT_TRANSLATE_NOOP(
        "Reasons", "stuck on %s after %d moves: no unvisited square is a knight's move away, and "
                   "greedy does not backtrack"),
    "exhausted-after-tours": QT_TRANSLATE_NOOP(
        "Reasons", "the search is exhausted: %d tours in all from %s"),
    "exhausted": QT_TRANSLATE_NOOP("Reasons", "the search is exhausted: no tour starts on %s of %s"),
    "budget-nodes": QT_TRANSLATE_NOOP("Reasons", "the budget of %s pushes is used up"),
    "budget-seconds": QT_TRANSLATE_NOOP("Reasons", "the budget of %s s is used up"),
}


def outcome_reason(outcome: Outcome, board: Board, start: int | None, path: list[int] | None = None) -> str:
    """Why the search ended, in the installed language (the model's English if the code is new)."""
    m, n = sorted((board.rows, board.cols))
    dims = board.dims
    start_name = board.name(start) if start is not None else "?"
    number = re.search(r"\d[\d.]*", outcome.reason)
    args: dict[str, tuple[object, ...]] = {
        "closed-odd": (dims, board.size),
        "closed-narrow": (m,),
        "closed-3xn": (n,),
        "open-one-row": (dims,),
        "open-two-rows": (dims,),
        "open-small": (dims,),
        "open-minority-colour": (dims, board.size // 2 + 1, board.size // 2, start_name),
        "tour": (max(1, outcome.tours),),
        "stuck": (board.name(path[-1]) if path else "?", len(path or ())),
        "exhausted-after-tours": (outcome.tours, start_name),
        "exhausted": (start_name, dims),
        "budget-nodes": (number.group() if number else "?",),
        "budget-seconds": (number.group() if number else "?",),
    }
    template = REASONS.get(outcome.code)
    if template is None or (outcome.code == "stuck" and not path):
        return outcome.reason
    text = QCoreApplication.translate("Reasons", template)
    values = args.get(outcome.code, ())
    return text % values if values else text


# -- the Language menu ----------------------------------------------------------------


class LanguageMenu(QObject):
    """View ▸ Language: System default, English, 简体中文; switches live."""

    language_changed = Signal(str)  #: the choice: ``system`` or a language code

    def __init__(self, window: QWidget, choice: str = SYSTEM) -> None:
        super().__init__(window)
        self.setObjectName("language_menu")
        self.window = window
        self.choice = choice if choice in LANGUAGES else SYSTEM
        self.menu = QMenu(self.tr("&Language"), window)
        self.menu.setObjectName("language_menu")
        self.menu.setToolTipsVisible(True)
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.actions: dict[str, QAction] = {}
        items = [(SYSTEM, self.tr("&System default"))] + [(code, name) for code, name in LANGUAGES.items()]
        for code, text in items:
            action = QAction(text, self.menu)
            action.setCheckable(True)
            action.setData(code)
            action.setStatusTip(self.tr("Show the program in this language") if code != SYSTEM
                                else self.tr("Use the language of the system"))
            action.triggered.connect(lambda _=False, c=code: self.choose(c))
            self.group.addAction(action)
            self.menu.addAction(action)
            self.actions[code] = action
        self.actions[self.choice].setChecked(True)

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
    """Install ``language`` and set every text of every window again; returns the language in effect."""
    old = {id(w): _shortcut_texts(w) for w in QApplication.topLevelWidgets()}
    effective = install_translator(language)
    for widget in QApplication.topLevelWidgets():
        retranslate(widget, old.get(id(widget)))
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


def install(window: QWidget, choice: str = SYSTEM) -> LanguageMenu:
    """Add View ▸ Language to ``window`` and give the combo boxes translated names."""
    languages = LanguageMenu(window, choice)
    view_menu = getattr(window, "view_menu", None)
    if isinstance(view_menu, QMenu):
        view_menu.addSeparator()
        view_menu.addMenu(languages.menu)
    window.language_menu = languages  # type: ignore[attr-defined]
    retranslate_names(window)
    return languages
