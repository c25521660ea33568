"""Run ▸ Practice: Predict the Next Move.

While the mode is on, the search waits before each event for the student's
guess: a click on the square the knight goes to next, or Back (Backspace, or
the panel's button) when a pop is due.  The answer comes at once (right or
wrong, the candidates with their degrees, the rule that decides, tie-break
included, and on a pop why), then the event is played.  A score is kept per
kind of event (a push, a push decided by the tie-break, a pop), with
streaks; the summary is shown when the search ends and when the mode is left.

It works on the player's own events, whatever the algorithm, tie-break and
board: the next event is read with ``TourPlayer.peek`` (pulled from the
search and recorded, never applied), the candidates from the stack at the
position shown.  Outcomes are not guessed: they are played as they come.

Board clicks: the window routes a click to the first mode that takes it
(``MainWindow._on_square_clicked``): this one takes it while it is on and a
guess is awaited (``take_click``); otherwise the click places the knight.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..tour import Event, Frame, Outcome, Pop, Push
from ..tour.algorithms import WARNSDORFF
from ..tour.explain import candidate_list, pop_reason
from ..tour.play import REFUSED_VISITED, move_refusal
from .actions import set_action_texts
from .explanations import explain_event, search_order
from .i18n import algorithm_description, tie_break_description, tie_break_name, tr_message
from .painting import BoardView
from .player import TourPlayer

#: The kinds of event scored: a push, a push the tie-break decided, a pop.
PUSH, TIE, POP = "push", "tie", "pop"
KINDS = (PUSH, TIE, POP)
#: How long the status bar says what practice said (a summary, why a click is no guess), in ms.
SAID_MS = 10000


@dataclass
class Tally:
    """Guesses of one kind: right, in all, the streak of right ones now and the best streak."""

    right: int = 0
    total: int = 0
    streak: int = 0
    best: int = 0

    def add(self, right: bool) -> None:
        """Count one guess."""
        self.total += 1
        if right:
            self.right += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0


@dataclass
class Score:
    """The tallies of a practice session, by kind (``KINDS``)."""

    tallies: dict[str, Tally] = field(default_factory=lambda: {kind: Tally() for kind in KINDS})
    #: The guesses a hint was asked for (once each, however often it was asked)
    hinted: int = 0

    def add(self, kind: str, right: bool) -> None:
        """Count one guess of ``kind``."""
        self.tallies[kind].add(right)

    @property
    def right(self) -> int:
        """Right guesses in all."""
        return sum(t.right for t in self.tallies.values())

    @property
    def total(self) -> int:
        """Guesses in all."""
        return sum(t.total for t in self.tallies.values())


def kind_of(event: Push | Pop, frame: Frame | None, ordered: bool) -> str:
    """The kind of guess ``event`` asks for, from the top frame before it.

    A push is a tie-break push when the candidates are ordered by degree and
    another untried candidate has the pushed square's degree: the tie-break
    rule decided between them.
    """
    if isinstance(event, Pop):
        return POP
    if ordered and frame is not None:
        untried = frame.candidates[frame.next:]
        if sum(1 for _, degree in untried if degree == event.degree) > 1:
            return TIE
    return PUSH


class PracticePanel(QWidget):
    """What the practice says: the question, the answer to the last guess, the score."""

    back_clicked = Signal()
    hint_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prompt = QLabel(self)
        self.feedback = QLabel(self)
        self.hint = QLabel(self)
        self.score = QLabel(self)
        self.summary = QLabel(self)
        for label in (self.prompt, self.feedback, self.hint, self.score, self.summary):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.prompt.setObjectName("practice_prompt")
        self.feedback.setObjectName("practice_feedback")
        self.score.setObjectName("practice_score")
        self.summary.setObjectName("practice_summary")
        font = self.prompt.font()
        font.setBold(True)
        self.prompt.setFont(font)
        # Reached by Tab, as the Candidates button beside them is (a review found Tab passing them by);
        # a click leaves the focus where it was (``actions.KeysToFocus``), so that Space is still Play.
        self.back_button = QPushButton(self)
        self.back_button.clicked.connect(self.back_clicked)
        self.back_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.hint_button = QPushButton(self)
        self.hint_button.clicked.connect(self.hint_clicked)
        self.hint_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.degrees_button = QToolButton(self)  #: the window gives it View ▸ Candidates (Ctrl+D)
        buttons = QHBoxLayout()
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.hint_button)
        buttons.addWidget(self.degrees_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.prompt)
        layout.addLayout(buttons)
        layout.addWidget(self.feedback)
        layout.addWidget(self.hint)
        layout.addWidget(self.score)
        layout.addWidget(self.summary)
        layout.addStretch(1)
        self.retranslate_ui()

    def forget(self) -> None:
        """No answer, hint or summary of a practice before."""
        for label in (self.feedback, self.hint, self.summary):
            label.setText("")

    def retranslate_ui(self) -> None:
        """The buttons' texts in the installed language."""
        # (a guess, as the Run menu's item says: "Back: a pop is due" read as the answer, a pop or not)
        self.back_button.setText(self.tr("Predict a backtrack (Backspace)"))
        self.hint_button.setText(self.tr("Hint: the rule"))
        self.setAccessibleName(self.tr("Practice panel"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()


class _PracticeDock(QDockWidget):
    """The practice's dock, which says when the user closes it (its ✕)."""

    closed = Signal()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        super().closeEvent(event)
        if event.isAccepted():
            QTimer.singleShot(0, self, self.closed.emit)  # (once it is hidden: Qt's tab bar moves first)


class Practice(QObject):
    """Predict the next move: the mode, its actions, its dock and its score."""

    status_message = Signal(str, int)  #: for the status bar, and for how long (ms)
    answered = Signal(bool)  #: a guess was scored: right or not

    def __init__(self, player: TourPlayer, window: QMainWindow) -> None:
        super().__init__(window)
        self.player = player
        self.window = window
        self.score = Score()
        self.expected: Push | Pop | None = None  #: the event the student is asked to guess
        self.summary_shown = False  #: the summary of this run was given
        self.said = ""  #: what practice said last in the status bar (``_say``)
        self.hidden_docks: list[QDockWidget] = []  #: docks that give the answer away: hidden while on
        self.tab_beside: QDockWidget | None = None  #: the dock the practice's dock is a tab beside
        self._hidden: list[QDockWidget] = []
        self._front: QDockWidget | None = None  # the tab in front of the practice's before it came
        self._refused = ""  # why the last click was no guess, while the status bar may still say it
        self._hint_asked = False  # a hint was shown for the guess awaited
        self._busy = False  # playing an event itself: ignore the player's changed
        self.panel = PracticePanel(window)
        self.dock = _PracticeDock(window)
        self.dock.setObjectName("practice_dock")
        # (in a scroll area: squeezed, its wrapped lines were cut in half once the summary came)
        area = self.area = QScrollArea(self.dock)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setWidget(self.panel)
        self.dock.setWidget(area)
        # Closing the Practice tab (its ✕, or the window's context menu of panels) shows the tab in
        # front before practice, not Qt's neighbour (the Event log, where the teacher never looked).
        # (Not on any hide: the window's own end hides its docks too, and is no place to raise one.)
        self.dock.closed.connect(self._on_dock_closed)
        self.dock.toggleViewAction().triggered.connect(lambda shown: shown or self._on_dock_closed())
        self.action = QAction(window)
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence("Ctrl+Shift+R"))
        self.action.toggled.connect(self.set_active)
        self.back_action = QAction(window)
        self.back_action.setShortcut(QKeySequence(Qt.Key.Key_Backspace))
        self.back_action.triggered.connect(self.guess_pop)
        self.hint_action = QAction(window)
        self.hint_action.setShortcut(QKeySequence("Ctrl+Shift+H"))
        self.hint_action.triggered.connect(self.show_hint)
        self.panel.back_clicked.connect(self.guess_pop)
        self.panel.hint_clicked.connect(self.show_hint)
        player.changed.connect(self._on_changed)
        player.running_changed.connect(self._on_running_changed)
        player.reconfigured.connect(self._on_reconfigured)
        self.retranslate_ui()
        self._refresh_actions()

    @property
    def actions(self) -> tuple[QAction, QAction, QAction]:
        """The mode's toggle, Back (a pop) and Hint."""
        return self.action, self.back_action, self.hint_action

    @property
    def active(self) -> bool:
        """Whether the mode is on."""
        return self.action.isChecked()

    def retranslate_ui(self) -> None:
        """Texts in the installed language."""
        tr = self.tr
        set_action_texts(self.action, tr("Practice: Predict the &Next Move"),
                         tr("Guess each event before it is played: click the square the knight goes to "
                            "next, or press Backspace when it backtracks (not while playing yourself)"))
        set_action_texts(self.back_action, tr("Pre&dict a backtrack"),
                         tr("Practice: guess that the next event pops the square on top of the stack"))
        set_action_texts(self.hint_action, tr("Practice &hint"),
                         tr("Practice: show the rule that decides the next event and the candidates"))
        self.dock.setWindowTitle(tr("Practice"))
        self.dock.toggleViewAction().setStatusTip(tr("Show or hide the Practice panel"))
        self._show_prompt()
        self._show_score()

    # -- the mode ----------------------------------------------------------------------

    @Slot(bool)
    def set_active(self, on: bool) -> None:
        """Enter or leave the mode (the action's toggle)."""
        if on != self.action.isChecked():
            self.action.setChecked(on)  # comes back here through toggled
            return
        if on:
            self.score = Score()
            self._hint_asked = False
            self.summary_shown = False
            self.panel.forget()
            self.player.pause()
            self._hidden = [dock for dock in self.hidden_docks if dock.isVisible()]
            for dock in self._hidden:
                dock.hide()
            beside = self.tab_beside
            if beside is not None and not self.dock.isFloating() and not beside.isFloating() \
                    and beside.isVisible() and self.dock not in self.window.tabifiedDockWidgets(beside):
                self.window.tabifyDockWidget(beside, self.dock)
            if self.dock.isHidden():  # (shown still, with the last summary: keep the tab remembered then)
                self._front = self._tab_in_front()
            self.dock.show()
            self.dock.raise_()
            self._prepare()
        else:
            self.expected = None
            for dock in self._hidden:
                dock.show()
            self._hidden = []
            self._give_summary()
            self._show_prompt()
        self._refresh_actions()

    def _tab_in_front(self) -> QDockWidget | None:
        """The dock in front among those tabbed beside ``tab_beside`` (before the practice's shows)."""
        beside = self.tab_beside
        if beside is None or beside.isFloating() or beside.isHidden():
            return None
        for dock in (beside, *self.window.tabifiedDockWidgets(beside)):
            if dock is not self.dock and not dock.isHidden() and not dock.isFloating() \
                    and not dock.visibleRegion().isEmpty():
                return dock
        return None

    @Slot()
    def _on_dock_closed(self) -> None:
        front, self._front = self._front, None
        if front is not None and not front.isHidden() and not front.isFloating():
            front.raise_()  # (the tab in front where it is a tab; nothing, where the user moved it away)

    def take_click(self, square: int) -> bool:
        """A board click: a guess, taken if the mode waits for one (False: the click places the knight).
        A square the knight cannot go to next is no guess: it is not scored, and the panel and the
        status bar say why (a click on the knight's own square, after a wrong guess had moved it there,
        was scored wrong and played the next event)."""
        if not self.active or self.expected is None:
            return False
        why = self.refusal_text(square)
        if why is not None:
            self.panel.feedback.setText(why)
            self.panel.hint.setText("")
            self._say(why)
            self._refused = why
            return True
        self.answer(square)
        return True

    def refusal_text(self, square: int) -> str | None:
        """Why a click on ``square`` is no guess of the next push, or None if it is one: the knight's
        square, a square on its path, or one that is not a knight's move from it."""
        path = self.player.state.path
        if not path:
            return None
        board = self.player.config.board
        here = path[-1]
        tr = self.tr
        refusal = move_refusal(board, here, square, square in path)
        if refusal is None:
            return None
        if square == here:
            return tr("That is the knight's own square: click the square it goes to next, or press "
                      "Backspace if it backtracks.")
        if refusal == REFUSED_VISITED:
            return tr("%s is on the path already: the knight goes only to squares not visited yet.") \
                % board.name(square)
        return tr("%s is not a knight's move from %s: click a square a knight's move away, or press "
                  "Backspace if it backtracks.") % (board.name(square), board.name(here))

    def _say(self, text: str) -> None:
        """``text`` in the status bar for a while (``said``: what another mode drops as it starts)."""
        self.said = text
        self.status_message.emit(text, SAID_MS)

    @Slot()
    def guess_pop(self) -> None:
        """Back: the student says the next event is a pop."""
        if self.active and self.expected is not None:
            self.answer(None)

    def _drop_refusal(self) -> None:
        """Why a click was no guess goes from the status bar once the knight moves on (it stayed 10 s,
        over the next guesses' prompts)."""
        refused, self._refused = self._refused, ""
        bar = self.window.statusBar()
        if refused and bar.currentMessage() == refused:
            bar.clearMessage()

    def answer(self, guess: int | None) -> None:
        """Score ``guess`` (a square, or None for a pop), say why, and play the event."""
        event = self.expected
        if event is None:
            return
        self._drop_refusal()
        player = self.player
        board = player.config.board
        frame = self._top_frame()
        kind = kind_of(event, frame, search_order(self.player)[0])
        right = guess is None if isinstance(event, Pop) else guess == event.square
        self.score.add(kind, right)
        if self._hint_asked:
            self.score.hinted += 1
            self._hint_asked = False
        tr = self.tr
        lines = []
        if right:
            lines.append(tr("Right!"))
        elif isinstance(event, Pop):
            lines.append(tr("Not quite: the knight backtracks here, off %s (a pop).")
                         % board.name(event.square))
        elif guess is None:
            lines.append(tr("Not quite: no pop yet, the knight goes on to %s.") % board.name(event.square))
        else:
            lines.append(tr("Not quite: the knight goes to %s, not %s.")
                         % (board.name(event.square), board.name(guess)))
        untried = frame.candidates[frame.next:] if frame is not None else ()
        if frame is not None:  # (the square the guess was made from: the knight has moved on since)
            lines.append(tr("Untried candidates of %s when you guessed (degree): %s")
                         % (board.name(frame.square), candidate_list(board, untried) or tr("none")))
        lines.append(self.rule_text())
        if kind == TIE:
            lines.append(tr("This move was a tie: several candidates had the lowest degree, and %s chose.")
                         % tie_break_name(search_order(self.player)[1]))
        self._busy = True
        try:
            player.step()
        finally:
            self._busy = False
        if isinstance(event, Pop):
            lines.append(tr("Why: %s") % tr_message(pop_reason(board, event)))
        else:
            explained = explain_event(player, event)
            if explained is not None:
                lines.append(tr("Why: %s") % tr_message(explained))
        self.panel.feedback.setText("\n".join(lines))
        self.panel.hint.setText("")
        self.answered.emit(right)
        self._prepare()

    @Slot()
    def show_hint(self) -> None:
        """Say the rule for this move and the untried candidates with their degrees (not the answer)."""
        if not self.active or self.expected is None:
            return
        tr = self.tr
        board = self.player.config.board
        frame = self._top_frame()
        lines = [self.rule_text()]
        if frame is not None:
            # (in the board's order, not the search's: its first would be the answer)
            untried = sorted(frame.candidates[frame.next:], key=lambda candidate: board.name(candidate[0]))
            lines.append(tr("Untried candidates of %s (degree): %s")
                         % (board.name(frame.square), candidate_list(board, untried) or tr("none")))
            if not untried:
                lines.append(tr("No candidate is left to try."))
        self.panel.hint.setText("\n".join(lines))
        self._hint_asked = True  # (counted with the guess it helped: see answer)

    def rule_text(self) -> str:
        """The rule that decides the next push, tie-break included, in words."""
        tr = self.tr
        config = self.player.config
        if config.algorithm == "backtracking":
            text = tr("Plain backtracking tries the candidates in the fixed move order: up 2 right 1, up 1 "
                      "right 2, down 1 right 2, down 2 right 1, down 2 left 1, down 1 left 2, up 1 left 2, "
                      "up 2 left 1; when none is left, the square is popped.")
        elif config.algorithm not in WARNSDORFF:  # the construction: no rule chooses among candidates
            text = algorithm_description(config.algorithm)
        else:
            tie = search_order(self.player)[1]
            text = tr("Warnsdorff's rule: the untried candidate with the fewest onward squares (lowest "
                      "degree) first; equal degrees by the tie-break %s (%s).") % (
                tie_break_name(tie), tie_break_description(tie))
            if config.algorithm == "greedy":
                text = self._then(text, tr("Greedy never backtracks: with no candidate left it is stuck."))
            else:
                text = self._then(text, tr("When no candidate is left, the square is popped."))
        if config.closed:
            text = self._then(text, tr("Closed tour: candidates that would cut the way back to the start are "
                                       "left out."))
        return text

    def _then(self, text: str, more: str) -> str:
        """Two sentences in a row (no space between them in Chinese)."""
        return self.tr("%s %s") % (text, more)

    def decorate(self, view: BoardView) -> None:
        """While on, the board's candidates (Ctrl+D) show the untried ones and their degrees, not the next."""
        if not self.active or not view.show_candidates or view.selected is not None:
            return
        frame = self._top_frame()
        view.candidates = frame.candidates[frame.next:] if frame is not None else []
        view.next_candidate = -1
        view.tried_candidates = -1

    # -- following the player ------------------------------------------------------------

    @Slot()
    def _on_changed(self) -> None:
        if self.active and not self._busy and not self.player.running:
            self._drop_refusal()
            self._hint_asked = False  # (the guess it was for was skipped)
            if self.panel.feedback.text():  # (the last answer spoke of a move no longer the knight's)
                self.panel.feedback.setText(self.tr("Moved on without a guess (not scored)."))
                self.panel.hint.setText("")
            self._prepare()

    @Slot()
    def on_events_ready(self) -> None:
        """Events came from a source that had none ready when asked (a student's solver, File ▸ Open
        Solver…): the event to guess is read now (it was not, and the player does not change for it)."""
        if self.expected is None:
            self._on_changed()

    @Slot()
    def _on_reconfigured(self) -> None:
        """Another search shown.  Practising, the last answer and hint go: they spoke of the search
        before (a lesson chosen mid-practice kept "Not quite: …" and its rule).  Practice over, its
        panel, which spoke of the search practised on (a square of another board, a summary), goes;
        Run ▸ Practice brings it back."""
        if self.active:
            self.panel.forget()
            self.summary_shown = False  # (the summary went too: leaving, or the next search's end, gives it)
        elif self.dock.isVisible():
            self.panel.forget()
            self.dock.hide()

    @Slot(bool)
    def _on_running_changed(self, running: bool) -> None:
        if running and self.active:
            self.player.pause()  # the search waits for a guess before each event

    def _prepare(self) -> None:
        """Find the next event to guess; play the outcomes on the way; give the summary at the end."""
        player = self.player
        self.expected = None
        self._busy = True
        try:
            while True:
                event: Event | None = player.peek()
                if not isinstance(event, Outcome):
                    break
                player.step()  # outcomes are not guessed
        finally:
            self._busy = False
        if isinstance(event, (Push, Pop)):
            self.expected = event
            self.summary_shown = False
        elif player.state.outcome is not None and self.score.total:
            self._give_summary()
        self._show_prompt()
        self._show_score()
        self._refresh_actions()

    def _top_frame(self) -> Frame | None:
        stack = self.player.stack()
        return stack.frame(-1) if stack is not None and stack.depth else None


    # -- texts -----------------------------------------------------------------------------

    def _show_prompt(self) -> None:
        self.panel.prompt.setText(self.prompt_text())

    def prompt_text(self) -> str:
        """What the student does next, as the panel says it (the status bar says it too)."""
        tr = self.tr
        player = self.player
        if not self.active:
            text = tr("Practice is off: Run ▸ Practice: Predict the Next Move (Ctrl+Shift+R) starts it.")
        elif player.start is None:
            text = tr("Click a square to place the knight; then guess each event.")
        elif self.expected is None:
            text = tr("The search is over. Click a square to practise from another start.")
        else:
            square = player.config.board.name(player.state.path[-1]) if player.state.path else "?"
            depth = player.state.depth
            text = tr("The knight is on %s (move %d). Click the square of move %d, or press Backspace if "
                      "it backtracks.") % (square, depth, depth + 1)
        return text

    def score_text(self) -> str:
        """The running score, per kind, with the current streaks."""
        tr = self.tr
        t = self.score.tallies
        return tr("Score %d of %d · moves %d/%d (streak %d) · tie-breaks %d/%d (streak %d) · "
                  "pops %d/%d (streak %d)") % (
            self.score.right, self.score.total, t[PUSH].right, t[PUSH].total, t[PUSH].streak,
            t[TIE].right, t[TIE].total, t[TIE].streak, t[POP].right, t[POP].total, t[POP].streak)

    def summary_text(self) -> str:
        """The summary: right guesses in all and per kind, with the best streaks."""
        tr = self.tr
        score = self.score
        total = score.total
        percent = round(100 * score.right / total) if total else 0
        lines = [tr("Summary: %d of %d guesses right (%d%%).") % (score.right, total, percent)]
        for kind, name in ((PUSH, tr("Moves")), (TIE, tr("Tie-breaks")), (POP, tr("Pops"))):
            tally = score.tallies[kind]
            lines.append(tr("%s: %d of %d right, best streak %d.")
                         % (name, tally.right, tally.total, tally.best))
        lines.append(tr("Hints asked for %d of the %d guesses.") % (score.hinted, total))
        return "\n".join(lines)

    def _show_score(self) -> None:
        self.panel.score.setText(self.score_text())

    def _give_summary(self) -> None:
        if self.summary_shown or not self.score.total:
            return
        self.summary_shown = True
        text = self.summary_text()
        if not self.active:  # practice over: its last answer goes, the summary comes up in its place
            self.panel.feedback.setText("")
            self.panel.hint.setText("")
        self.panel.summary.setText(text)
        self._say(text.splitlines()[0])
        # in sight, under a squeezed panel too (the stack, back, leaves it a few lines: the summary was
        # below them, to be scrolled to)
        QTimer.singleShot(0, self, lambda: self.area.ensureWidgetVisible(self.panel.summary, 0, 0))

    def _refresh_actions(self) -> None:
        waiting = self.active and self.expected is not None
        self.back_action.setEnabled(waiting)
        self.hint_action.setEnabled(waiting)
        self.panel.back_button.setEnabled(waiting)
        self.panel.hint_button.setEnabled(waiting)
