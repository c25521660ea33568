"""Remembered settings: read once when the window opens, written as they change.

What is kept (QSettings, an INI file in the user's config folder): window
geometry and the layout of toolbars and docks, board size, algorithm,
tie-break rule, closed, speed, coordinate style, candidates, language, text size,
the last folders used for export and for tours, whether tours are saved
with their event trace, and whether Play Yourself is on.

Every value read is checked; a corrupt or foreign value (a word where a
number belongs, an unknown algorithm, a board of 10⁶ rows, a folder that is
gone) is ignored and the default used: never a crash.  The window gets a
settings object from ``app.py``; without one (tests, embedding) nothing is
read or written, so tests never touch the user's settings.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QObject, QSettings, QSize, Slot
from PySide6.QtGui import QAction

from ..tour import ALGORITHMS, DEFAULT_ALGORITHM, DEFAULT_TIE_BREAK, TIE_BREAKS
from . import i18n
from .actions import set_action_texts
from .painting import COORDS_CHESS, COORDS_INDEX
from .player import DEFAULT_SPEED, SPEEDS
from .presentation import TEXT_SCALES

if TYPE_CHECKING:  # (annotations only: main_window imports this module)
    from .main_window import MainWindow

ORGANIZATION = "KnightTour"
APPLICATION = "knight-tour"
#: Bumped when the meaning of a key changes; a file of another version is ignored.
SETTINGS_VERSION = 1
#: Largest board side remembered (the window offers up to this many).
MAX_REMEMBERED_SIDE = 100


def config_folder(environ: dict[str, str] | None = None) -> str | None:
    """The user's config folder when Qt's own guess would be wrong, else None (Qt's guess is right).

    Qt takes ``$XDG_CONFIG_HOME``, else ``$HOME/.config``; with HOME unset or
    not absolute that is ``/.config``, a folder of the whole system.  Then
    the home folder the password database gives is used, and when there is
    none either, None is returned as well and ``open_settings`` keeps the
    settings for this session only.
    """
    env = os.environ if environ is None else environ
    if os.path.isabs(env.get("XDG_CONFIG_HOME", "")) or os.path.isabs(env.get("HOME", "")):
        return None
    try:
        import pwd

        home = pwd.getpwuid(os.getuid()).pw_dir
    except (ImportError, KeyError, OSError):
        return ""
    if not home or not os.path.isabs(home) or home == "/" or not os.path.isdir(home):
        return ""
    return os.path.join(home, ".config")


def open_settings() -> QSettings:
    """The user's settings file (INI, in the user's config folder; ``config_folder`` with HOME unset).

    With no home folder at all, the settings live in memory for this session
    (nothing is written to ``/.config``).
    """
    folder = config_folder()
    if folder is None:
        return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)
    if folder:
        return QSettings(os.path.join(folder, ORGANIZATION, f"{APPLICATION}.ini"), QSettings.Format.IniFormat)
    return _session_settings()


def _session_settings() -> QSettings:
    """Settings for this session only: an INI file in a new private temporary folder."""
    import tempfile

    folder = tempfile.mkdtemp(prefix="knight-tour-settings-")
    return QSettings(os.path.join(folder, f"{APPLICATION}.ini"), QSettings.Format.IniFormat)


@dataclass(frozen=True)
class Stored:
    """The remembered values, each with its default."""

    rows: int = 8
    cols: int = 8
    algorithm: str = DEFAULT_ALGORITHM
    tie_break: str = DEFAULT_TIE_BREAK
    closed: bool = False
    speed: int = DEFAULT_SPEED
    coords: str = COORDS_CHESS
    candidates: bool = False
    language: str = i18n.SYSTEM
    export_dir: str = ""
    tour_dir: str = ""
    save_trace: bool = False
    text_scale: int = 100  #: View ▸ Text Size, in percent
    play_yourself: bool = False
    export_caption: bool = False  #: File ▸ Caption on exported images


DEFAULTS = Stored()


# -- reading values safely ---------------------------------------------------------


def _int(value: object, low: int, high: int) -> int | None:
    if isinstance(value, bool):
        return None
    try:
        number = int(str(value).strip()) if not isinstance(value, int) else value
    except ValueError:
        return None
    return number if low <= number <= high else None


def _bool(value: object) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "1", "yes"):
        return True
    if text in ("false", "0", "no"):
        return False
    return None


def _choice(value: object, choices) -> str | None:
    return value if isinstance(value, str) and value in choices else None


def _folder(value: object) -> str | None:
    return value if isinstance(value, str) and value and os.path.isdir(value) else None


_CHECKS = {
    "rows": lambda v: _int(v, 1, MAX_REMEMBERED_SIDE),
    "cols": lambda v: _int(v, 1, MAX_REMEMBERED_SIDE),
    "algorithm": lambda v: _choice(v, ALGORITHMS),
    "tie_break": lambda v: _choice(v, TIE_BREAKS),
    "closed": _bool,
    "speed": lambda v: (lambda n: n if n in SPEEDS else None)(_int(v, 0, 10**9)),
    "coords": lambda v: _choice(v, (COORDS_CHESS, COORDS_INDEX)),
    "candidates": _bool,
    "language": lambda v: _choice(v, (i18n.SYSTEM, *i18n.LANGUAGES)),
    "export_dir": _folder,
    "tour_dir": _folder,
    "save_trace": _bool,
    "text_scale": lambda v: (lambda n: n if n in TEXT_SCALES else None)(_int(v, 0, 1000)),
    "play_yourself": _bool,
    "export_caption": _bool,
}


def read(settings: QSettings) -> Stored:
    """The stored values; each missing, corrupt or foreign one replaced by its default."""
    version = _int(settings.value("version"), 0, 10**6)
    if version is not None and version != SETTINGS_VERSION:
        return DEFAULTS
    values: dict[str, Any] = {}
    for f in fields(Stored):
        try:
            raw = settings.value(f"settings/{f.name}")
        except Exception:  # noqa: BLE001 - a value QSettings cannot even decode
            raw = None
        if raw is None:
            continue
        checked = _CHECKS[f.name](raw)
        if checked is not None:
            values[f.name] = checked
    return replace(DEFAULTS, **values)


def write(settings: QSettings, stored: Stored) -> None:
    """Store ``stored`` (all keys)."""
    settings.setValue("version", SETTINGS_VERSION)
    for f in fields(Stored):
        settings.setValue(f"settings/{f.name}", getattr(stored, f.name))


def _bytes(settings: QSettings, key: str) -> QByteArray | None:
    try:
        value = settings.value(key)
    except Exception:  # noqa: BLE001
        return None
    return value if isinstance(value, QByteArray) and not value.isEmpty() else None


# -- the window's side -----------------------------------------------------------------


def from_window(window: MainWindow) -> Stored:
    """What the window shows now, as remembered values."""
    return Stored(
        rows=window.rows_spin.value(),
        cols=window.cols_spin.value(),
        algorithm=window.algorithm_combo.currentData(),
        tie_break=window.tie_choice,  # the user's, even while the algorithm takes the fixed order
        closed=window.closed_choice,
        speed=SPEEDS[window.speed_slider.value()],
        coords=window.coords,
        candidates=window.show_candidates,
        language=window.language_menu.choice,
        export_dir=window.last_export_dir if os.path.isdir(window.last_export_dir) else "",
        tour_dir=window.tour_files.last_dir,
        save_trace=window.tour_files.trace_action.isChecked(),
        text_scale=window.presentation.scale,
        play_yourself=window.play_mode.active,
        export_caption=window.caption_action.isChecked(),
    )


def _set_checked(action: QAction, checked: bool) -> None:
    if action.isChecked() != checked:
        action.trigger()  # as a user would: the action's slot runs


def apply(window: MainWindow, stored: Stored) -> None:
    """Show ``stored`` in the window: controls, view options, language, folders."""
    window.apply_settings(stored.rows, stored.cols, stored.algorithm, stored.tie_break, stored.closed)
    window.speed_slider.setValue(SPEEDS.index(stored.speed))
    _set_checked(window.coords_action, stored.coords == COORDS_INDEX)
    _set_checked(window.candidates_action, stored.candidates)
    _set_checked(window.tour_files.trace_action, stored.save_trace)
    if window.presentation.scale != stored.text_scale:
        window.presentation.set_scale(stored.text_scale)
    _set_checked(window.play_mode.toggle_action, stored.play_yourself)
    window.caption_action.setChecked(stored.export_caption)
    window.last_export_dir = stored.export_dir or str(Path.home())
    window.tour_files.last_dir = stored.tour_dir or str(Path.home())
    languages = window.language_menu
    if i18n.resolve(stored.language) != i18n.current_language():
        languages.choose(stored.language)  # switches every text
    else:
        languages.set_choice(stored.language)  # app.py installed it before the window was built


class SettingsKeeper(QObject):
    """Restores the window from its settings and writes them back as they change and on close.

    The window makes it with its other parts, adds ``restore_defaults_action``
    to its View menu, calls ``restore`` once every dock and tool bar is built
    (that layout is the default one) and ``save_and_sync`` when it closes.
    """

    def __init__(self, window: MainWindow, settings: QSettings | None) -> None:
        super().__init__(window)
        self.setObjectName("settings_keeper")
        self.window = window
        self.settings = settings
        self._default_geometry = QSize()  # the window as built: see restore
        self._default_state = QByteArray()
        self._restoring = False
        self.restore_defaults_action = QAction(window)
        self.restore_defaults_action.setObjectName("restore_defaults_action")
        self.restore_defaults_action.triggered.connect(self.restore_defaults)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """The action's texts in the installed language (the window calls it again after a switch)."""
        set_action_texts(self.restore_defaults_action, self.tr("Restore &Defaults"),
                         self.tr("Forget the remembered settings: board, algorithm, speed, language, window "
                                 "layout"))

    def restore(self) -> None:
        """Remember the window as built (the defaults), then read the settings and show them.

        Nothing is read without a settings object.
        """
        self._default_geometry = self.window.size()
        self._default_state = self.window.saveState(SETTINGS_VERSION)
        if self.settings is None:
            return
        self._restoring = True
        try:
            apply(self.window, read(self.settings))
            geometry = _bytes(self.settings, "window/geometry")
            if geometry is not None:
                self.window.restoreGeometry(geometry)
            state = _bytes(self.settings, "window/state")
            if state is not None:
                self.window.restoreState(state, SETTINGS_VERSION)
        finally:
            self._restoring = False

    def connect_changes(self) -> None:
        """Write the settings whenever a remembered control changes.

        Actions are watched through ``triggered``, which comes after their
        own slot has updated the window (``toggled`` comes before).
        """
        window = self.window
        for signal in (window.rows_spin.valueChanged, window.cols_spin.valueChanged,
                       window.algorithm_combo.currentIndexChanged, window.tie_combo.currentIndexChanged,
                       window.closed_check.toggled, window.speed_slider.valueChanged,
                       window.coords_action.triggered, window.candidates_action.triggered,
                       window.tour_files.trace_action.triggered, window.play_mode.toggle_action.triggered,
                       window.caption_action.triggered):
            signal.connect(self.save)
        window.language_menu.language_changed.connect(self.save)
        window.presentation.scale_changed.connect(self.save)

    @Slot()
    def save(self) -> None:
        """Write everything remembered, the window's geometry and layout too."""
        if self.settings is None or self._restoring:
            return
        write(self.settings, from_window(self.window))
        if self.window.presentation.presenting:  # the window's own layout, not presentation mode's
            return
        self.settings.setValue("window/geometry", self.window.saveGeometry())
        self.settings.setValue("window/state", self.window.saveState(SETTINGS_VERSION))

    def save_and_sync(self) -> None:
        """Write everything and flush it to the file (the window is closing)."""
        self.save()
        if self.settings is not None:
            self.settings.sync()

    @Slot()
    def restore_defaults(self) -> None:
        """Back to the defaults: controls, view, language, layout; the stored file is cleared."""
        window = self.window
        if self.settings is not None:
            self.settings.clear()
        self._restoring = True
        try:
            apply(window, DEFAULTS)
            window.restoreState(self._default_state, SETTINGS_VERSION)
            if not window.isMaximized() and not window.isFullScreen():
                window.resize(self._default_geometry)
        finally:
            self._restoring = False
        self.save()
        window.statusBar().showMessage(self.tr("Settings restored to their defaults"), 4000)
