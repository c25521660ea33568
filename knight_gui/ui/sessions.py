"""Nothing lost: the searches the window threw away, brought back by Edit ▸ Undo.

Reset, a click on the board, a new board size or a new algorithm start a
fresh search and drop the one shown.  Before they do, the window calls
``Sessions.keep`` and the player's search is kept as it is
(``TourPlayer.kept``: the configuration, the start, the search generator and
the ``History`` object: references, so keeping even a history of millions of
events costs nothing).  Edit ▸ Undo (Ctrl+Z) brings the last one back where it
was, history, position and all, and keeps the search it replaces for Edit ▸
Redo (Ctrl+Shift+Z).  At most ``MAX_KEPT`` searches are kept each way, and no
more than ``MAX_KEPT_BYTES`` of their histories (the newest always).

Another mode that has moves of its own to undo (playing the knight yourself)
registers an ``UndoHook`` with ``add_hook``: while its ``active()`` is true,
Undo and Redo go to it instead, so Ctrl+Z means "undo my last move" there and
"bring back the search" everywhere else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from .actions import set_action_texts
from .player import KeptSearch, TourPlayer

#: Searches kept for Undo (and for Redo): the oldest is forgotten first ...
MAX_KEPT = 8
#: ... and beyond this much memory in their histories (the newest is always kept).
MAX_KEPT_BYTES = 512 * 2**20


@dataclass(frozen=True)
class UndoHook:
    """Undo/Redo for another mode: used instead of the searches while ``active()``."""

    active: Callable[[], bool]
    undo: Callable[[], object]
    redo: Callable[[], object]
    can_undo: Callable[[], bool] = lambda: True
    can_redo: Callable[[], bool] = lambda: True


def trim(kept: list[KeptSearch], max_bytes: int = MAX_KEPT_BYTES) -> None:
    """Forget the oldest searches beyond ``MAX_KEPT`` or ``max_bytes`` of history (the newest stays)."""
    del kept[:-MAX_KEPT]
    while len(kept) > 1 and sum(k.history.nbytes() for k in kept) > max_bytes:
        del kept[0]


def worth_keeping(kept: KeptSearch) -> bool:
    """Whether a search is worth bringing back: a knight was placed (any search shown, however short).

    Not a student's run (File ▸ Open Solver…, ``TourPlayer.use_source``: no search of its own): its
    events come from its solver, whose buffer the next run reuses, and its stack from the run; brought
    back, it showed a path with no stack for the panels.
    """
    return kept.start is not None and kept.search is not None


class Sessions(QObject):
    """Undo and Redo of the searches the window replaced; its two actions for the Edit menu."""

    changed = Signal()  #: what Undo/Redo can do changed

    def __init__(self, player: TourPlayer, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("sessions")
        self.player = player
        self.undo_stack: list[KeptSearch] = []
        self.redo_stack: list[KeptSearch] = []
        self.hooks: list[UndoHook] = []
        self._restoring = False
        self._texts: tuple[str, ...] = ()  #: the actions' texts as last set
        self.undo_action = QAction(parent)
        self.undo_action.setObjectName("undo_action")
        self.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction(parent)
        self.redo_action.setObjectName("redo_action")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(self.redo)
        player.changed.connect(self.refresh)
        self.retranslate_ui()
        self.refresh()

    @property
    def actions(self) -> tuple[QAction, QAction]:
        """Undo and Redo."""
        return self.undo_action, self.redo_action

    def retranslate_ui(self) -> None:
        """The actions' texts in the installed language (the window calls it after a language switch).

        Each names the search it would bring back ("Undo: 8×8 from a8, event 1,234"), so a user
        knows before pressing it; another mode's own Undo (``UndoHook``) keeps the plain words.
        """
        undo, redo = self.tr("&Undo"), self.tr("&Redo")
        if self._hook() is None:
            undo = self._naming(undo, self.undo_stack)
            redo = self._naming(redo, self.redo_stack)
        texts = (undo, redo, self.tr("Bring back the search that was replaced, history and all"),
                 self.tr("Go forward again to the search undone"))
        if texts == self._texts:  # (asked on every change of the player: at most once a frame)
            return
        self._texts = texts
        set_action_texts(self.undo_action, undo, texts[2])
        set_action_texts(self.redo_action, redo, texts[3])

    def _naming(self, verb: str, stack: list[KeptSearch]) -> str:
        """``verb`` and the search on top of ``stack``: what the action would bring back."""
        if not stack:
            return verb
        kept = stack[-1]
        board = kept.config.board
        if kept.start is None:
            return self.tr("%s: empty %s board") % (verb, board.dims)
        return self.tr("%s: %s from %s, event %s") % (verb, board.dims, board.name(kept.start),
                                                      f"{kept.history.pos:,}")

    def add_hook(self, hook: UndoHook) -> None:
        """Let another mode take Undo/Redo while it is active (see the module's docstring)."""
        self.hooks.append(hook)
        self.refresh()

    def _hook(self) -> UndoHook | None:
        return next((hook for hook in self.hooks if hook.active()), None)

    # -- keeping --------------------------------------------------------------------------

    def keep(self) -> None:
        """Keep the player's search before something replaces it (Reset, a click, a new board...)."""
        if self._restoring:
            return
        kept = self.player.kept()
        if not worth_keeping(kept) or (self.undo_stack and self.undo_stack[-1].history is kept.history):
            return  # (nothing shown, or kept already: a file opened asks twice)
        self.undo_stack.append(kept)
        trim(self.undo_stack)
        self.redo_stack.clear()
        self.refresh()

    # -- undo and redo ----------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether Undo would do something."""
        hook = self._hook()
        return hook.can_undo() if hook is not None else bool(self.undo_stack)

    @property
    def can_redo(self) -> bool:
        """Whether Redo would do something."""
        hook = self._hook()
        return hook.can_redo() if hook is not None else bool(self.redo_stack)

    @Slot()
    def undo(self) -> None:
        """Bring back the last search replaced (or the active mode's own undo)."""
        hook = self._hook()
        if hook is not None:
            hook.undo()
        elif self.undo_stack:
            self._swap(self.undo_stack, self.redo_stack)
        self.refresh()

    @Slot()
    def redo(self) -> None:
        """Show again the search an Undo replaced (or the active mode's own redo)."""
        hook = self._hook()
        if hook is not None:
            hook.redo()
        elif self.redo_stack:
            self._swap(self.redo_stack, self.undo_stack)
        self.refresh()

    def _swap(self, source: list[KeptSearch], target: list[KeptSearch]) -> None:
        kept = source.pop()
        shown = self.player.kept()
        if shown.start is None or worth_keeping(shown):  # (even an empty board: Redo goes back to it)
            target.append(shown)
            trim(target)
        self._restoring = True  # the window's controls follow the search: nothing to keep then
        try:
            self.player.bring_back(kept)
        finally:
            self._restoring = False

    @property
    def restoring(self) -> bool:
        """Whether a kept search is being brought back (the window's controls follow it)."""
        return self._restoring

    @Slot()
    def refresh(self) -> None:
        """Enable Undo and Redo as they can act, and name what they would bring back."""
        self.undo_action.setEnabled(self.can_undo)
        self.redo_action.setEnabled(self.can_redo)
        self.retranslate_ui()
        self.changed.emit()
