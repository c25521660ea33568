"""Lessons: ready scenarios a teacher sets up with one click, each with one sentence on what to watch.

A lesson is data (``Lesson``): the board, the start square, the algorithm
and tie-break rule, open or closed, the speed, a title and the sentence the
class reads while it runs.  Each also states its claim, the outcome and the
pushes and pops of the search up to it, so the tests can check the sentence
against the engine (``tests/ui/test_lessons.py``).  The figures were found
with the engine: plain backtracking from c3 on 5×5 makes 9,884 pops before
its first tour; the course programs' classic rule backtracks from one 8×8
square only, e3; and so on.

``Lessons`` makes the Lessons menu, sets the window up when one is chosen
(as a user would: the controls, the knight, the speed) and shows the
sentence in the lesson note above the board.  It also says, the first time
a tour ends without a single pop, where to see backtracking; that hint is
remembered in the settings so it is said once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, Qt, Signal, Slot
from PySide6.QtGui import QAction, QPalette, QResizeEvent
from PySide6.QtWidgets import QDockWidget, QFrame, QLabel, QMenu, QScrollArea, QSizePolicy, QWidget

from ..tour import Outcome
from .actions import set_action_texts
from .i18n import QT_TRANSLATE_NOOP
from .player import MAX_SPEED, SPEEDS

if TYPE_CHECKING:  # (annotations only: main_window imports this module)
    from .main_window import MainWindow

CONTEXT = "Lessons"
#: The settings key that remembers the "no backtracking yet" hint was given.
HINT_KEY = "lessons/zero_pop_hint_given"
#: How long the status bar shows that hint (milliseconds).
HINT_MS = 15000


@dataclass(frozen=True)
class Lesson:
    """One scenario: what to set up, what to say, and what the search does (the claim tests check)."""

    key: str
    title: str  #: the menu's text (English; translated in context "Lessons")
    sentence: str  #: what to watch (English; translated in context "Lessons")
    rows: int
    cols: int
    start: str  #: the start square's name, e.g. "c3"
    algorithm: str
    tie_break: str | None
    closed: bool
    speed: int  #: events per second, or MAX_SPEED
    #: The claim: the first outcome's kind and the pushes and pops made up to it.
    outcome: str
    pushes: int
    pops: int


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "backtracking-5x5", QT_TRANSLATE_NOOP("Lessons", "&Backtracking: 5×5 from the centre"),
        QT_TRANSLATE_NOOP("Lessons",
                          "Plain backtracking tries the squares in a fixed order and goes back at every dead "
                          "end: from c3 it makes 9,884 pops (and 9,909 pushes) before its first tour. Watch "
                          "the stack grow and shrink; Ctrl+B runs to the next backtrack."),
        5, 5, "c3", "backtracking", None, False, 1000, "tour", 9909, 9884),
    Lesson(
        "classic-e3", QT_TRANSLATE_NOOP("Lessons", "The &classic rule's one backtrack square: 8×8 from e3"),
        QT_TRANSLATE_NOOP("Lessons",
                          "The course programs' rule (Warnsdorff, ties in the fixed move order) backtracks "
                          "from one 8×8 square only: e3. Its first dead end comes at move 60; 46 pops later "
                          "the tour is complete, after 110 pushes."),
        8, 8, "e3", "classic", "fixed", False, 20, "tour", 110, 46),
    Lesson(
        "greedy-stuck", QT_TRANSLATE_NOOP("Lessons", "&Greedy gets stuck: 8×8 from e3"),
        QT_TRANSLATE_NOOP("Lessons",
                          "Greedy follows Warnsdorff's rule but never goes back: from e3, ties in the fixed "
                          "order, it is stuck on a4 after 60 moves with 4 squares never visited. The "
                          "classic rule backtracks there instead."),
        8, 8, "e3", "greedy", "fixed", False, 20, "stuck", 60, 0),
    Lesson(
        "impossible-b5", QT_TRANSLATE_NOOP("Lessons", "An &impossible start: 5×5 from b5"),
        QT_TRANSLATE_NOOP("Lessons",
                          "5×5 has 13 squares of the corners' colour and 12 of the other. Every knight move "
                          "changes colour, so a tour of 25 squares starts and ends on the corners' colour; "
                          "b5 is not, and no search is needed to know there is no tour."),
        5, 5, "b5", "warnsdorff", "lookahead", False, 8, "impossible", 0, 0),
    Lesson(
        "closed-6x6", QT_TRANSLATE_NOOP("Lessons", "A cl&osed tour: 6×6 from c3"),
        QT_TRANSLATE_NOOP("Lessons",
                          "A closed tour ends a knight's move from its start. The search keeps only "
                          "candidates that leave a way back to c3: it makes 8 pops near the end (44 pushes), "
                          "and a dashed line closes the tour."),
        6, 6, "c3", "warnsdorff", "lookahead", True, 12, "tour", 44, 8),
    Lesson(
        "heuristic-7x7", QT_TRANSLATE_NOOP("Lessons", "&Why the heuristic and its tie-break matter: 7×7"),
        QT_TRANSLATE_NOOP("Lessons",
                          "The classic rule from g7 on 7×7 needs 291,565 pops before its first tour, yet "
                          "from a7 it needs none, and Roth's tie-break finds a tour from g7 without a pop. "
                          "Press Play and watch the counters."),
        7, 7, "g7", "classic", "fixed", False, MAX_SPEED, "tour", 291614, 291565),
    Lesson(
        "ties-roth",
        QT_TRANSLATE_NOOP("Lessons", "Two tie-breaks, one square (1): &Roth's rule on 7×7 from b6"),
        QT_TRANSLATE_NOOP("Lessons",
                          "Warnsdorff's rule with Roth's tie-break (farthest from the centre first) from b6 "
                          "on 7×7: a tour without a single pop. Then take the next lesson: the same square "
                          "with the look-ahead rule."),
        7, 7, "b6", "warnsdorff", "roth", False, 20, "tour", 49, 0),
    Lesson(
        "ties-lookahead",
        QT_TRANSLATE_NOOP("Lessons", "Two tie-breaks, one square (2): the &look-ahead rule on 7×7 from b6"),
        QT_TRANSLATE_NOOP("Lessons",
                          "The same square with the look-ahead rule (the default): 303 pops before the tour, "
                          "where Roth's rule needs none. No tie-break is best from every square; Analysis ▸ "
                          "Compare algorithms runs them all from here."),
        7, 7, "b6", "warnsdorff", "lookahead", False, 50, "tour", 352, 303),
)


def lesson(key: str) -> Lesson:
    """The lesson called ``key`` (KeyError if there is none)."""
    for found in LESSONS:
        if found.key == key:
            return found
    raise KeyError(key)


def tr_lesson(text: str) -> str:
    """A lesson's title or sentence in the installed language."""
    return QCoreApplication.translate(CONTEXT, text)


def plain_title(title: str) -> str:
    """A menu text without its mnemonic: "&Greedy gets stuck" and "贪心…(&G)" lose the marker."""
    return re.sub(r"\(&\w\)", "", title).replace("&", "")


class LessonNote(QLabel):
    """The lesson's sentence, in a wrapped label: what the class should watch."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lesson_note")
        self.setWordWrap(True)
        self.setMargin(8)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The colours of a tooltip, from the palette's roles (a style sheet did this, and with it the
        # note kept its font when the window's text grew: presentation mode showed it small)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.ToolTipBase)
        self.setForegroundRole(QPalette.ColorRole.ToolTipText)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)


class Lessons(QObject):
    """The Lessons menu and what a lesson does to the window.

    ``menu`` holds one action per lesson; ``dock`` shows the chosen lesson's
    sentence above the board (hidden until a lesson is chosen).  The window
    adds both and connects ``player.finished`` to ``on_finished``.
    """

    started = Signal(object)  #: a lesson was set up (the Lesson)
    replacing = Signal()  #: a lesson is about to replace the search shown (the window keeps it)
    #: the note took another height: the docks beside the board share what is left (the window's
    #: ``TeachingPanels.fit_docks`` gives the stack its least rows before the pseudocode its lines)
    note_fitted = Signal()

    def __init__(self, window: MainWindow, settings: QSettings | None) -> None:
        super().__init__(window)
        self.setObjectName("lessons")
        self.window = window
        self.settings = settings
        self.current: Lesson | None = None
        self._hinted = False  # without settings (tests, embedding): said once per window
        self.menu = QMenu(window)
        self.actions: list[QAction] = []
        for item in LESSONS:
            action = QAction(window)
            action.setObjectName(f"lesson_{item.key}")
            action.triggered.connect(lambda _checked=False, item=item: self.start(item))
            self.menu.addAction(action)
            self.actions.append(action)
        self.note = LessonNote(window)
        self.note.installEventFilter(self)  # a new text size or width: the note's height again
        #: What the lesson set up (the search and its start): a search that is not it ends the note.
        self._set_up: tuple[object, int | None] | None = None
        #: The lesson another search ended, and what it set up: Undo bringing its search back brings it.
        self._ended: tuple[Lesson, tuple[object, int | None]] | None = None
        self.dock = QDockWidget(window)
        self.dock.setObjectName("lesson_dock")
        # (in a scroll area: where the window has no room for all its lines, they scroll; at 175% on
        # 1024×768 the third was cut in half, with no way to read it.  Taking the room from the stack
        # instead left its table no row at all.)
        self.scroll = QScrollArea(self.dock)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidgetResizable(True)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(self.note)
        self.dock.setWidget(self.scroll)
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.dock.setAllowedAreas(Qt.DockWidgetArea.TopDockWidgetArea
                                  | Qt.DockWidgetArea.BottomDockWidgetArea)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """Texts in the installed language (the window calls it after a language switch)."""
        tr = self.tr
        self.menu.setTitle(tr("&Lessons"))
        for item, action in zip(LESSONS, self.actions, strict=True):
            set_action_texts(action, tr_lesson(item.title), tr_lesson(item.sentence))
        self.dock.setWindowTitle(tr("Lesson"))
        self.dock.toggleViewAction().setText(tr("Lesson &note"))
        self._show_note()

    def _show_note(self) -> None:
        if self.current is None:
            self.note.setText(self.tr("Choose a lesson in the Lessons menu: each sets up a search and says "
                                      "what to watch."))
        else:
            self.note.setText(f"<b>{plain_title(tr_lesson(self.current.title))}</b><br>"
                              f"{tr_lesson(self.current.sentence)}")

    @Slot()
    def start(self, item: Lesson) -> None:
        """Set the window up for ``item``: board, algorithm, tie-break, closed, speed, the knight."""
        window = self.window
        self.replacing.emit()  # the search shown gives way to the lesson's: Edit ▸ Undo brings it back
        window.apply_settings(item.rows, item.cols, item.algorithm, item.tie_break, item.closed)
        window.speed_slider.setValue(SPEEDS.index(item.speed))
        board = window.player.config.board
        window.player.place(board.parse(item.start))
        self.current, self._ended = item, None
        self._set_up = (window.player.config, window.player.start)
        self._show_note()
        self.dock.show()
        # The lesson speaks of the pseudocode's lines: its tab in front (the Analysis panel or the event
        # log in front of it left a lesson with no code to follow, review)
        teaching = window.teaching
        if not teaching.pseudocode_dock.isHidden():
            teaching.pseudocode_dock.raise_()
        self.fit_note()
        self.started.emit(item)

    @Slot()
    def on_reconfigured(self) -> None:
        """Another search than the lesson's is shown (a board, a start, a rule changed): the note,
        which would say what this search does not do, goes (View ▸ Panels ▸ Lesson note shows the
        menu's hint).  The hint after a tour with no backtracking goes too: that tour is gone (after
        Esc it stayed its 15 s over the new search's start square, review)."""
        self.window.message_label.drop(self.hint_text())
        player = self.window.player
        shown = (player.config, player.start)
        if self.current is None or self._set_up is None:
            ended = self._ended
            if ended is not None and shown == ended[1] and self.window.sessions.restoring:
                # Edit ▸ Undo (or Redo) brought the lesson's search back: its note comes with it
                (self.current, self._set_up), self._ended = ended, None
                self._show_note()
                self.dock.show()
                self.fit_note()
            return
        if shown != self._set_up:
            self._ended = (self.current, self._set_up)
            self.current, self._set_up = None, None
            self._show_note()
            self.dock.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.note:
            kind = event.type()
            wider = isinstance(event, QResizeEvent) and event.size().width() != event.oldSize().width()
            if kind == QEvent.Type.FontChange or (kind == QEvent.Type.Resize and wider):
                self.fit_note()  # (wrapped anew: its lines take another height; resizing it keeps its width)
        return False

    def fit_note(self) -> None:
        """Give the note the height its wrapped sentence needs at the window's width, no more."""
        window = self.window
        if self.dock.isFloating() or not self.dock.isVisible():
            return
        width = max(200, (self.dock.width() if self.dock.width() > 200 else window.width()) - 24)
        height = self.note.heightForWidth(width)
        if height <= 0:
            height = self.note.sizeHint().height()
        # (the dock's title bar, and a line to spare where the font's wrapping differs a little)
        window.resizeDocks([self.dock], [height + self.note.fontMetrics().lineSpacing() + 8],
                           Qt.Orientation.Vertical)
        self.note_fitted.emit()

    # -- the hint after a tour with no backtracking --------------------------------------

    @property
    def hint_given(self) -> bool:
        """Whether the "no backtracking yet" hint was given (remembered in the settings)."""
        if self.settings is not None:
            value = self.settings.value(HINT_KEY)
            return self._hinted or str(value).lower() in ("true", "1")
        return self._hinted

    def hint_text(self) -> str:
        """Where to see backtracking, in the installed language."""
        title = plain_title(tr_lesson(LESSONS[0].title))
        return self.tr("That tour needed no backtracking. To watch the search go back, try Lessons ▸ %s.") \
            % title

    @Slot(object)
    def on_finished(self, outcome: Outcome) -> None:
        """A search reached an outcome: the first time a tour came without a pop, say where pops are."""
        state = self.window.player.state
        if outcome.kind != "tour" or state.pops or self.hint_given:
            return
        self._hinted = True
        if self.settings is not None:
            self.settings.setValue(HINT_KEY, True)
        self.window.statusBar().showMessage(self.hint_text(), HINT_MS)

    @Slot(bool)
    def on_running_changed(self, running: bool) -> None:
        """A run starts: the hint about the tour before goes, and the status says what the run does.
        (It stayed for its 15 s over "Searching…", on a search gone back to its start.)"""
        if running:
            self.window.message_label.drop(self.hint_text())
