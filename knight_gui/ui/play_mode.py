"""Play Yourself: the student builds a tour by hand on the board the window shows.

Run ▸ Play Yourself (or its tool button) turns the mode on: the search is
put aside (the player is cleared), the student clicks the start and then
each next square, or moves the board's cursor with the arrow keys and
presses Enter.  The legal next squares are outlined (with their Warnsdorff
degree while View ▸ Candidates, Ctrl+D, is on); any other click is refused
with a short reason in the status bar.  The numbered path and its lines
grow as in the animation, painted by the same ``paint_board``.

The game itself is ``tour.play.PlayGame`` (Qt-free): take-backs and redos,
hints from the search's own candidate order, where it went wrong, the
hand-over to the player and the program's tour to compare with.  This
module is the window's side: actions, the Play tool bar, dialogs, the two
longer jobs (where it went wrong, the comparison) in a worker.

How the window routes to it (small, on purpose, so other modes can join):

- board clicks: ``MainWindow._on_square_clicked`` offers a click to each of
  ``MainWindow.click_handlers`` in turn (``take_click(square) -> bool``);
  the first that takes it ends it, else the knight is placed as ever;
- ← and → (the player's step keys) call ``undo``/``redo`` while the mode is
  on; ``can_undo``/``can_redo`` say whether they would do anything, for an
  Edit ▸ Undo that asks the active mode first;
- the board's view and the status line come from ``board_view`` and
  ``status_text`` while ``active``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox, QToolBar, QWidget

from ..tour.algorithms import CONSTRUCTED
from ..tour.play import REFUSED_NOT_A_MOVE, REFUSED_OVER, REFUSED_VISITED, Comparison, PlayGame, Rescue
from ..tour.rules import CutOff
from ..tour.text import write_tour_file
from . import file_dialogs, i18n, plain
from .actions import set_action_texts
from .export import DEFAULT_EXPORT_PX, ExportError, save_view, tour_view
from .painting import COORDS_CHESS, BoardView
from .player import TourPlayer
from .savefile import FileProblem, save_bytes
from .workers import FunctionWorker, Worker, WorkerRunner

#: How long a refusal or a hint stays in the status bar, in milliseconds.
MESSAGE_MS = 6000


class PlayMode(QObject):
    """The play-it-yourself mode: its game, actions, tool bar and menu; the window routes to it."""

    changed = Signal()  #: the game or the mode changed: the window repaints and refreshes
    putting_aside = Signal()  #: the search shown is about to be cleared for a game (the window keeps it)
    #: The mode was turned off: True if the student's path is kept for when it is turned on again.
    left = Signal(bool)
    status_message = Signal(str, int)  #: a status bar message and its milliseconds
    #: A message about the position (a hint, a refusal, where it went wrong) no longer holds: the
    #: bar's temporary message goes if it is still this one.
    message_stale = Signal(str)

    def __init__(self, player: TourPlayer, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("play_mode")
        self.player = player
        self.parent_widget = parent
        self.active = False
        self.game = self._new_game()
        #: The student's game when the mode was left with moves made: taken up again when the mode is
        #: next turned on, on the same board (a stray Ctrl+Shift+P lost a whole path before).
        self.kept_game: PlayGame | None = None
        self.hint_square: int | None = None  #: the square the last hint named, outlined until the next move
        self.rescue: Rescue | None = None  #: where it went wrong, once asked
        self.comparison: Comparison | None = None  #: the program's tour beside the student's, once asked
        self._said = ""  # the last message about the position (``_say``)
        self.last_dir = str(Path.home())
        self.export_px = DEFAULT_EXPORT_PX
        self.runner = WorkerRunner("play", self)
        self.runner.done.connect(self._on_job_done)
        self._job_done: Callable[[object], None] | None = None
        self._game_number = 0  # a job's result is shown only for the game (and rules) it was started in
        self._job_game = 0
        self._create_actions()
        self._create_menu_and_tool_bar()
        self.retranslate_ui()
        player.reconfigured.connect(self._on_reconfigured)
        self._refresh_actions()

    # -- construction ----------------------------------------------------------

    def _action(self, slot: Callable[[], object], shortcuts: tuple[str | QKeySequence.StandardKey, ...] = (),
                ) -> QAction:
        action = QAction(self.parent_widget)
        action.setShortcuts([QKeySequence(s) for s in shortcuts])
        action.triggered.connect(slot)
        return action

    def _create_actions(self) -> None:
        self.toggle_action = self._action(self._on_toggled, ("Ctrl+Shift+P",))
        self.toggle_action.setCheckable(True)
        self.toggle_action.setObjectName("play_yourself_action")
        self.undo_action = self._action(self.undo, (QKeySequence.StandardKey.Undo,))
        self.redo_action = self._action(self.redo, ("Ctrl+Shift+Z",))
        self.hint_action = self._action(self.hint, ("Ctrl+H",))
        self.wrong_action = self._action(self.show_where_it_went_wrong)
        self.back_to_rescue_action = self._action(self.take_back_to_rescue)
        self.finish_action = self._action(self.let_the_search_finish)
        self.compare_action = self._action(self.compare)
        self.save_action = self._action(self.save_dialog)
        self.export_png_action = self._action(lambda: self._export_dialog(".png"))
        self.export_svg_action = self._action(lambda: self._export_dialog(".svg"))

    @property
    def actions(self) -> tuple[QAction, ...]:
        """Every action of the mode, the toggle first (the window adds them for their shortcuts)."""
        return (self.toggle_action, *self.game_actions)

    @property
    def game_actions(self) -> tuple[QAction, ...]:
        """The actions that act on the game, enabled only while the mode is on."""
        return (self.undo_action, self.redo_action, self.hint_action, self.wrong_action,
                self.back_to_rescue_action, self.finish_action, self.compare_action, self.save_action,
                self.export_png_action, self.export_svg_action)

    def _create_menu_and_tool_bar(self) -> None:
        self.menu = QMenu(self.parent_widget)
        bar = self.tool_bar = QToolBar(self.parent_widget)
        bar.setObjectName("play_toolbar")
        groups = ((self.undo_action, self.redo_action, self.hint_action),
                  (self.wrong_action, self.back_to_rescue_action, self.finish_action),
                  (self.compare_action, self.save_action, self.export_png_action, self.export_svg_action))
        for i, group in enumerate(groups):
            if i:
                self.menu.addSeparator()
                bar.addSeparator()
            for action in group:
                self.menu.addAction(action)
                bar.addAction(action)
        bar.hide()

    def retranslate_ui(self) -> None:
        """Every text of the mode in the installed language (the window calls it after a switch)."""
        tr = self.tr
        # (the tool bar's buttons say it shorter: the menu's texts would not fit 1024 px)
        for action, text, tip, button in (
            (self.toggle_action, tr("Play &Yourself"),
             tr("Build a tour by hand: click the start, then each next square (not while practising)"), ""),
            (self.undo_action, tr("&Take Back Move"), tr("Take back your last move (← too)"),
             tr("Take Back")),
            (self.redo_action, tr("&Redo Move"), tr("Make the move taken back again (→ too)"), tr("Redo")),
            (self.hint_action, tr("&Hint"),
             tr("The square Warnsdorff's rule and the tie-break would take next, and why"), ""),
            (self.wrong_action, tr("Show Where It Went &Wrong"),
             tr("The latest of your moves from which the search still finds a tour"),
             tr("Where It Went Wrong")),
            (self.back_to_rescue_action, tr("Take &Back to There"),
             tr("Take back every move after the one from which a tour still exists"), ""),
            (self.finish_action, tr("&Let the Search Finish from Here"),
             tr("Hand your path to the search: it goes on from your last square, every panel explaining"),
             tr("Let the Search Finish")),
            (self.compare_action, tr("&Compare with the Program's Tour"),
             tr("The program's tour from your start square beside yours"), tr("Compare")),
            (self.save_action, tr("&Save Your Tour…"), tr("Save your tour as a Knight's Tour file"),
             tr("Save")),
            (self.export_png_action, tr("Export Your Tour as &PNG…"), tr("Save your tour as a PNG image"),
             tr("PNG")),
            (self.export_svg_action, tr("Export Your Tour as S&VG…"), tr("Save your tour as an SVG drawing"),
             tr("SVG")),
        ):
            set_action_texts(action, text, tip, button)
        self.menu.setTitle(tr("Your &Tour"))
        self.tool_bar.setWindowTitle(tr("Play Yourself"))

    # -- the mode on and off -------------------------------------------------------

    def _new_game(self) -> PlayGame:
        config = self.player.config
        return PlayGame(config.board, config.algorithm, config.tie_break, config.closed)

    @Slot()
    def _on_toggled(self) -> None:
        self.set_active(self.toggle_action.isChecked())

    def set_active(self, on: bool) -> None:
        """Turn the mode on (the search is put aside: a fresh game on the board shown, or the student's
        path as they left it on this board) or off (the path kept for next time, if it has moves)."""
        if self.toggle_action.isChecked() != on:
            self.toggle_action.setChecked(on)
        if on == self.active:
            return
        self.active = on
        self.runner.cancel()
        self._forget_help()
        kept, self.kept_game = self.kept_game, None
        if not on and self.game.path:
            self.kept_game = self.game
        self._start_new_game()
        # the path left on this board, taken up (its rules follow the window's: _on_reconfigured)
        resumed = kept if on and kept is not None and kept.board == self.player.config.board else None
        if resumed is not None:
            self.game = resumed
        if on:
            self.player.pause()
            self.putting_aside.emit()  # Edit ▸ Undo can bring the search back
            self.player.clear()  # (reconfigured: a fresh game, or the path taken up, on the board shown)
        self.tool_bar.setVisible(on)
        self._refresh_actions()
        self.changed.emit()
        if resumed is not None:
            self._say(self.tr("Your path is back as you left it (←: take moves back)."), MESSAGE_MS)
        if not on:
            self.left.emit(self.kept_game is not None)

    @Slot()
    def _on_reconfigured(self) -> None:
        """A new board or search options: a new game on a new board; else the hints follow the options."""
        if not self.active:
            return
        player = self.player
        if player.start is not None:  # the window placed a knight (a file opened, a Compare row watched)
            self.toggle_action.trigger()
            return
        config = player.config
        if config.board != self.game.board:
            self._start_new_game()
            self._forget_help()
        else:
            game = self.game
            rules = (game.algorithm, game.tie_break, game.closed)
            game.configure(config.algorithm, config.tie_break, config.closed)
            if (game.algorithm, game.tie_break, game.closed) != rules:  # help given by the old rules
                self.runner.cancel()  # (and help asked for under them: not shown when it comes)
                self._game_number += 1
                self._forget_help()
        self._refresh_actions()
        self.changed.emit()

    def _start_new_game(self) -> None:
        self.game = self._new_game()
        self._game_number += 1

    def _forget_help(self) -> None:
        self.hint_square = None
        self.rescue = None
        self.comparison = None
        if self._said:  # (a hint stayed 12 s over the next moves and hid "Stuck on …")
            self.message_stale.emit(self._said)
            self._said = ""

    def _say(self, text: str, ms: int) -> None:
        """A message about the position, in the status bar for ``ms``, or until the next move."""
        self._said = text
        self.status_message.emit(text, ms)

    # -- moves ---------------------------------------------------------------------

    def take_click(self, square: int) -> bool:
        """A square clicked (or chosen with Enter): True if the mode took it, moved or refused."""
        if not self.active:
            return False
        game = self.game
        refusal = game.refusal(square)
        if refusal is not None:
            self._say(self.refusal_text(square, refusal), MESSAGE_MS)
            return True
        game.move(square)
        self._after_move()
        if len(game.path) == 1 and (verdict := game.verdict()) is not None:
            self._say(self.tr("No tour starts here: %s. Try it anyway, or take back and choose another "
                              "start.") % i18n.tr_message(verdict.message), MESSAGE_MS * 2)
        return True

    def refusal_text(self, square: int, refusal: str) -> str:
        """Why ``square`` is refused, in a short sentence."""
        board = self.game.board
        name, here = board.name(square), board.name(self.game.path[-1])
        if refusal == REFUSED_VISITED:
            return self.tr("%s is already on your path: every square is visited once.") % name
        if refusal == REFUSED_NOT_A_MOVE:
            return self.tr("%s is not a knight's move from %s: choose an outlined square.") % (name, here)
        assert refusal == REFUSED_OVER
        return self.tr("Your tour is complete: take moves back to change it.")

    def _after_move(self) -> None:
        self._forget_help()
        self._refresh_actions()
        self.changed.emit()

    def can_undo(self) -> bool:
        """Whether a move can be taken back now (the mode is on and has moves)."""
        return self.active and self.game.can_undo

    def can_redo(self) -> bool:
        """Whether a move taken back can be made again now."""
        return self.active and self.game.can_redo

    @Slot()
    def undo(self) -> None:
        """Take back the last move (back to an empty board)."""
        if self.can_undo():
            self.game.undo()
            self._after_move()

    @Slot()
    def redo(self) -> None:
        """Make the last move taken back again."""
        if self.can_redo():
            self.game.redo()
            self._after_move()

    # -- help ------------------------------------------------------------------------

    @Slot()
    def hint(self) -> None:
        """Outline the square the rule takes next and say why in the status bar; counts the hint."""
        game = self.game
        if not self.active or not game.path or game.complete:
            return
        hint = game.hint()
        if hint is None:
            verdict = game.verdict()
            if verdict is not None:
                text = self.tr("No hint: no tour starts here (%s).") % i18n.tr_message(verdict.message)
            elif game.stuck:
                text = self.tr("No hint: the knight is stuck.")
            else:
                text = self.tr("No hint: every move would cut off the way back to the start.")
            self._say(text, MESSAGE_MS)
            if self.hint_square is not None:  # (no square outlined that this says is none)
                self.hint_square = None
                self.changed.emit()
            return
        self.hint_square = hint.square
        if hint.algorithm == game.algorithm:
            text = self.tr("Hint: %s") % i18n.tr_message(hint.why)
        else:  # (plain backtracking's fixed order, or the construction, is no rule to follow by hand)
            text = self.tr("Hint, by Warnsdorff's rule (not %s's): %s") % (
                i18n.algorithm_name(game.algorithm), i18n.tr_message(hint.why))
        self._say(text, MESSAGE_MS * 2)
        self.changed.emit()

    @Slot()
    def show_where_it_went_wrong(self) -> None:
        """Find, in a worker, the latest move from which the search still finds a tour."""
        if not self.active or not self.game.path or self.runner.running:
            return
        if self.game.verdict() is not None:  # the start itself: no search from any of the moves can help
            self.rescue = None
            self._say(self.rescue_text(), MESSAGE_MS * 3)
            return
        game = self.game.copy()
        self.status_message.emit(self.tr("Looking for where it went wrong…"), 0)
        self._start_job(lambda worker: game.went_wrong(check=worker.check), self._show_rescue)
        self._refresh_actions()

    def _show_rescue(self, result: object) -> None:
        assert result is None or isinstance(result, Rescue)
        game = self.game
        if result is not None and game.path[:result.move] != list(result.tour[:result.move]):
            return  # the path changed meanwhile
        self.rescue = result
        self._say(self.rescue_text(), MESSAGE_MS * 3)
        self._refresh_actions()
        self.changed.emit()

    def rescue_text(self) -> str:
        """Where it went wrong, in words (after ``show_where_it_went_wrong``).

        What the search found, and, where a move cut a square off (``PlayGame.cut``), that move and the
        square: a proof no search needs.  Where the search's budget ran out it says it cannot tell (the
        move before was not shown to be wrong: a tour may follow it, that the search did not reach).
        """
        rescue, board, path = self.rescue, self.game.board, self.game.path
        verdict = self.game.verdict()
        if rescue is None and verdict is not None:
            return self.tr("No tour starts on %s, so none goes on from any of your moves (%s).") % (
                board.name(path[0]), i18n.tr_message(verdict.message))
        cut = self.game.cut()
        if rescue is None:
            if cut is not None:
                return self.tr("No tour can follow %s. Before that move the search found no tour within its "
                               "budget.") % self.cut_text(cut)
            return self.tr("The search found no tour after any of your moves within its budget.")
        square = board.name(path[rescue.move - 1])
        if rescue.move == len(path):
            return self.tr("From your move %d on %s the search still finds a tour: keep going.") % (
                rescue.move, square)
        if cut is not None and cut[0] == rescue.move + 1:  # the move that cut a square off went wrong
            return self.tr("It went wrong with %s. From move %d on %s the search still finds a tour.") % (
                self.cut_text(cut), rescue.move, square)
        after = board.name(path[rescue.move])
        if rescue.proved:
            text = self.tr("It went wrong after move %d on %s: the search still finds a tour from there, but "
                           "after your move to %s no tour exists: the search tried every way on.") % (
                rescue.move, square, after)
        else:
            text = self.tr("From your move %d on %s the search still finds a tour; after your move to %s it "
                           "found none within its budget, so it cannot say whether one exists.") % (
                rescue.move, square, after)
        if cut is not None:
            text = self.tr("%s No tour can follow %s.") % (text, self.cut_text(cut))
        return text

    def cut_text(self, cut: tuple[int, CutOff]) -> str:
        """Why no tour can follow a move (``PlayGame.cut``), as the end of a sentence."""
        move, why = cut
        board, path = self.game.board, self.game.path
        to = board.name(path[move - 1])
        if len(why.squares) == 1:
            return self.tr("your move %d to %s: it cut off %s, whose knight's moves all lead to squares "
                           "already visited") % (move, to, board.name(why.squares[0]))
        first, second = (board.name(sq) for sq in why.squares)
        return self.tr("your move %d to %s: %s and %s each have one way left in or out, and only one of "
                       "them can be the tour's last square") % (move, to, first, second)

    @Slot()
    def take_back_to_rescue(self) -> None:
        """Take back every move after the one from which a tour still exists."""
        rescue = self.rescue
        if rescue is None or not self.active:
            return
        while len(self.game.path) > rescue.move:
            self.game.undo()
        self._after_move()

    def can_hand_over(self) -> bool:
        """Whether a search can go on from the student's path: not the construction (it builds its own
        tour), not from a start no tour begins on (a search from there resumes nothing: it says so)."""
        game = self.game
        return (self.active and bool(game.path) and not game.complete and game.algorithm not in CONSTRUCTED
                and game.verdict() is None)

    @Slot()
    def let_the_search_finish(self) -> None:
        """Hand the path to the player: the mode ends and the search goes on from the last square."""
        if not self.can_hand_over():
            return
        game = self.game
        pushes, snapshot = game.handover()
        cut = game.cut()
        moves = len(pushes)
        said = self.tr("The search takes over from your move %d: press Space to play, → to step.") % moves
        if cut is not None:  # (the search does not look ahead: it tries every way on before going back)
            said = self.tr("No tour can follow %s. The search takes over from your move %d: it tries every "
                           "way on before it goes back, which can take very long.")
            said %= (self.cut_text(cut), moves)
        self.toggle_action.trigger()  # off (and remembered so)
        self.player.continue_from(pushes, snapshot)
        self.status_message.emit(said, MESSAGE_MS * 2)

    @Slot()
    def compare(self) -> None:
        """Find the program's tour from the same start (in a worker) and show it beside the student's."""
        if not self.active or not self.game.complete or self.runner.running:
            return
        game = self.game.copy()
        self.status_message.emit(self.tr("The program searches from your start square…"), 0)
        self._start_job(lambda worker: game.compare(check=worker.check), self._show_comparison)

    def _show_comparison(self, result: object) -> None:
        assert isinstance(result, Comparison)
        self.comparison = result
        self.status_message.emit("", 0)
        QMessageBox.information(self.parent_widget, self.tr("Your Tour and the Program's"),
                                self.comparison_text())

    def comparison_text(self) -> str:
        """The student's tour beside the program's, in a few lines (after ``compare``)."""
        game, result = self.game, self.comparison
        assert result is not None
        board = game.board
        moves = len(game.path) + game.take_backs
        lines = [self.tr("Your tour: %s squares in %s moves, %s taken back (the search's pops), %s hints.")
                 % (f"{len(game.path):,}", f"{moves:,}", f"{game.take_backs:,}", f"{game.hints:,}")]
        rule = i18n.config_name(game.algorithm, game.tie_break)
        if result.program:
            lines.append(self.tr("The program's tour by %s from %s: %s pushes, %s pops.")
                         % (rule, board.name(game.path[0]), f"{result.pushes:,}", f"{result.pops:,}"))
            if result.same == len(game.path):
                lines.append(self.tr("The two tours are the same."))
            elif result.same == 1:  # (both start on the same square)
                lines.append(self.tr("The two tours part after their first square: yours goes to %s where "
                                     "the program's goes to %s.")
                             % (board.name(game.path[1]), board.name(result.program[1])))
            else:
                lines.append(self.tr("The two tours share their first %s squares; yours goes to %s where the "
                                     "program's goes to %s.")
                             % (f"{result.same:,}", board.name(game.path[result.same]),
                                board.name(result.program[result.same])))
        else:
            lines.append(self.tr("The program's search by %s found no tour from %s within %s pushes.")
                         % (rule, board.name(game.path[0]), f"{result.pushes:,}"))
        return "\n".join(lines)

    # -- jobs ---------------------------------------------------------------------------

    def _start_job(self, function: Callable[[Worker], object], done: Callable[[object], None]) -> None:
        self._job_done = done
        self._job_game = self._game_number
        self.runner.start(FunctionWorker(function))

    @Slot(object)
    def _on_job_done(self, worker: Worker) -> None:
        done, self._job_done = self._job_done, None
        self._refresh_actions()
        if worker.error is not None or worker.cancelled or not self.active or done is None \
                or self._job_game != self._game_number:
            self.status_message.emit("", 0)
            return
        done(worker.result)

    def shutdown(self) -> None:
        """Stop a job (the window is closing)."""
        self.runner.stop()

    # -- saving and exporting ---------------------------------------------------------------

    def suggested_name(self, suffix: str) -> str:
        """``my-tour-8x8-a8.json``."""
        board = self.game.board
        start = board.name(self.game.path[0]) if self.game.path else "empty"
        start = start.strip("()").replace(",", "-").replace(" ", "")
        return f"my-tour-{board.rows}x{board.cols}-{start}{suffix}"

    def _ask_file(self, title: str, filter_: str, suffix: str) -> str | None:
        suggested = os.path.join(self.last_dir, self.suggested_name(suffix))
        filename, _ = file_dialogs.save_file_name(self.parent_widget, title, suggested, filter_)
        if not filename:
            return None
        return filename if filename.lower().endswith(suffix) else filename + suffix

    @Slot()
    def save_dialog(self) -> None:
        """Ask for a file name and save the student's tour (or stuck path) in the saved-tour format."""
        if self.active and self.game.path:
            filename = self._ask_file(self.tr("Save Your Tour"), self.tr("Knight's Tour files (*.json)"),
                                      ".json")
            if filename:
                self.save(filename)

    def save(self, filename: str) -> bool:
        """Write the student's path to ``filename`` in the saved-tour format."""
        parts: list[str] = []
        write_tour_file(parts.append, self.game.record())
        try:
            save_bytes(filename, "".join(parts).encode("utf-8"))
        except FileProblem as error:
            plain.critical(self.parent_widget, self.tr("Save failed"), i18n.error_text(error))
            return False
        self._saved(filename)
        return True

    def _export_dialog(self, suffix: str) -> None:
        if not (self.active and self.game.path):
            return
        if suffix == ".svg":
            filename = self._ask_file(self.tr("Export Your Tour"), self.tr("SVG drawings (*.svg)"), suffix)
        else:
            filename = self._ask_file(self.tr("Export Your Tour"), self.tr("PNG images (*.png)"), suffix)
        if filename:
            self.export(filename)

    def caption(self) -> str:
        """What the exported picture is called: the student's tour, its board and start."""
        game = self.game
        board = game.board
        if game.complete:
            what = self.tr("My closed knight's tour") if game.is_closed else self.tr("My knight's tour")
        else:
            what = self.tr("My knight's path, %d of %d squares") % (len(game.path), board.size)
        return self.tr("%s of %s from %s") % (what, board.dims, board.name(game.path[0]))

    def export(self, filename: str, coords: str = COORDS_CHESS) -> bool:
        """Write the student's path as PNG or SVG (by the suffix), titled with ``caption``."""
        game = self.game
        view = tour_view(game.board, game.path, game.is_closed, coords)
        try:
            save_view(view, filename, self.export_px, caption=self.caption(), title=self.caption())
        except ExportError as error:
            plain.critical(self.parent_widget, self.tr("Export failed"), i18n.error_text(error))
            return False
        self._saved(filename)
        return True

    def _saved(self, filename: str) -> None:
        self.last_dir = os.path.dirname(os.path.abspath(filename))
        self.status_message.emit(self.tr("Saved %s") % filename, MESSAGE_MS)

    # -- what the window shows --------------------------------------------------------------

    def board_view(self, coords: str, show_degrees: bool) -> BoardView:
        """The board as the mode shows it: the path, the legal next squares, the hint, the rescue."""
        game = self.game
        path = game.path
        view = BoardView(game.board, path=list(path), closed=game.is_closed, start=path[0] if path else None,
                         coords=coords, show_knight=not game.complete, show_candidates=True,
                         show_degrees=show_degrees)
        view.candidates = game.legal_moves()
        squares = [square for square, _ in view.candidates]
        view.next_candidate = squares.index(self.hint_square) if self.hint_square in squares else -1
        view.tried_candidates = -1  # none tried: the student chooses among them all
        if self.rescue is not None and self.rescue.move <= len(path):
            view.selected = path[self.rescue.move - 1]
        return view

    def status_text(self) -> str:
        """What the status line says in the mode: what to do, or how the game ended."""
        tr = self.tr
        game = self.game
        board, path = game.board, game.path
        if not path:
            return tr("Play Yourself: click the square to start on (or move the cursor with the arrow keys "
                      "and press Enter).")
        help_used = tr("Hints: %s, moves taken back: %s") % (f"{game.hints:,}", f"{game.take_backs:,}")
        if game.complete:
            if game.is_closed:
                return tr("Your tour is complete: all %s squares, and closed (the last square is a knight's "
                          "move from the start). %s.") % (f"{board.size:,}", help_used)
            return tr("Your tour is complete: all %s squares, an open tour (the last square is not a "
                      "knight's move from the start). %s.") % (f"{board.size:,}", help_used)
        if game.stuck:
            return tr("Stuck on %s: no unvisited square is a knight's move away. You reached %s of %s "
                      "squares. Show where it went wrong, or let the search finish from here.") % (
                board.name(path[-1]), f"{len(path):,}", f"{board.size:,}")
        return tr("Move %s on %s: click an outlined square (Ctrl+H: a hint, ←: take back). %s.") % (
            f"{len(path):,}", board.name(path[-1]), help_used)

    def refresh(self) -> None:
        """Enable the actions that apply now (the window calls it when it refreshes)."""
        self._refresh_actions()

    def _refresh_actions(self) -> None:
        game, active, busy = self.game, self.active, self.runner.running
        has_path = active and bool(game.path)
        self.undo_action.setEnabled(active and game.can_undo)
        self.redo_action.setEnabled(active and game.can_redo)
        self.hint_action.setEnabled(has_path and not game.complete)
        self.wrong_action.setEnabled(has_path and not game.complete and not busy)
        self.back_to_rescue_action.setEnabled(active and self.rescue is not None
                                              and self.rescue.move < len(game.path))
        self.finish_action.setEnabled(self.can_hand_over())
        self.compare_action.setEnabled(active and game.complete and not busy)
        for action in (self.save_action, self.export_png_action, self.export_svg_action):
            action.setEnabled(has_path)


__all__ = ["MESSAGE_MS", "PlayMode"]
