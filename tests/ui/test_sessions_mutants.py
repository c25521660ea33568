"""Edit ▸ Undo/Redo of replaced searches (knight_gui.ui.sessions): gaps a mutation round found in its tests.

Each test's docstring names the mutant of ``knight_gui/ui/sessions.py`` it kills.
"""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from knight_gui.tour.history import History
from knight_gui.ui.player import TourPlayer
from knight_gui.ui.sessions import MAX_KEPT_BYTES, Sessions, UndoHook, trim
from tests.ui.test_window import click_square, press

CTRL = Qt.KeyboardModifier.ControlModifier


def start_searches(qtbot, window, squares) -> list[History]:
    histories = []
    for square in squares:
        click_square(qtbot, window, square)
        window.player.step()
        histories.append(window.player.history)
    return histories


def test_trim_keeps_searches_whose_histories_fill_the_limit_exactly():
    """Kills sessions.py:51 ``sum(...) > max_bytes`` -> ``>= max_bytes`` (a search that fits exactly was
    forgotten)."""
    kept = [SimpleNamespace(history=SimpleNamespace(nbytes=lambda n=n: n)) for n in (5, 3, 4)]
    trim(kept, max_bytes=7)  # 3 + 4: room for the two newest, just
    assert [k.history.nbytes() for k in kept] == [3, 4]


def test_undo_and_redo_with_nothing_kept_do_nothing(qtbot, window):
    """Kills sessions.py:143 ``elif self.undo_stack:`` -> ``elif True:`` and line 153
    ``elif self.redo_stack:`` -> ``elif True:`` (Undo or Redo called with nothing kept raised IndexError)."""
    click_square(qtbot, window, 0)
    window.player.step()
    sessions = window.sessions
    sessions.undo()
    sessions.redo()
    assert window.player.start == 0 and window.player.pos == 2
    assert sessions.undo_stack == [] and sessions.redo_stack == []


def test_a_hooks_undo_and_redo_update_the_actions_at_once(qtbot, window):
    """Kills the deletion of ``self.refresh()`` at the end of ``undo`` (sessions.py:145) and of ``redo``
    (sessions.py:155): after a mode's own undo the actions kept saying what was possible before it."""
    done, undone = ["move"], []

    def undo() -> None:
        undone.append(done.pop())

    def redo() -> None:
        done.append(undone.pop())

    sessions = window.sessions
    sessions.add_hook(UndoHook(active=lambda: True, undo=undo, redo=redo,
                               can_undo=lambda: bool(done), can_redo=lambda: bool(undone)))
    assert sessions.undo_action.isEnabled() and not sessions.redo_action.isEnabled()
    sessions.undo()
    assert (done, undone) == ([], ["move"])
    assert not sessions.undo_action.isEnabled() and sessions.redo_action.isEnabled()
    sessions.redo()
    assert (done, undone) == (["move"], [])
    assert sessions.undo_action.isEnabled() and not sessions.redo_action.isEnabled()


def test_keep_enables_undo_and_says_so_at_once(qtbot, window):
    """Kills the deletion of ``self.refresh()`` at the end of ``keep`` (sessions.py:121) and of
    ``self.changed.emit()`` in ``refresh`` (sessions.py:179): a search kept left Undo greyed until the
    player next changed, and ``changed`` was never emitted."""
    click_square(qtbot, window, 0)
    window.player.step()
    sessions = window.sessions
    told = []
    sessions.changed.connect(lambda: told.append(sessions.undo_action.isEnabled()))
    assert not sessions.undo_action.isEnabled()
    sessions.keep()
    assert len(sessions.undo_stack) == 1
    assert sessions.undo_action.isEnabled()
    assert told == [True]


def test_nothing_is_kept_while_a_search_is_brought_back(qtbot, window):
    """Kills the deletion of ``if self._restoring: return`` in ``keep`` (sessions.py:113): a part of the
    window that asked to keep the search while Undo brought one back kept that one and cleared Redo."""
    first, second = start_searches(qtbot, window, (0, 1))
    sessions = window.sessions
    window.player.reconfigured.connect(sessions.keep)  # (a control that follows the search and asks)
    sessions.undo()
    assert window.player.history is first
    assert sessions.undo_stack == []
    assert [k.history for k in sessions.redo_stack] == [second]
    assert sessions.redo_action.isEnabled()


def test_the_searches_undone_are_bounded_by_their_memory_too(qtbot, window, monkeypatch):
    """Kills the deletion of ``trim(target)`` in ``_swap`` (sessions.py:162): the searches Undo put aside for
    Redo were never trimmed, however much memory their histories held."""
    sizes: dict[int, int] = {}
    monkeypatch.setattr(History, "nbytes", lambda self: sizes.get(id(self), 1))
    histories = start_searches(qtbot, window, (0, 1, 2))
    sessions = window.sessions
    assert [k.history for k in sessions.undo_stack] == histories[:2]
    sizes[id(histories[2])] = MAX_KEPT_BYTES  # the search shown has grown to the limit on its own
    sessions.undo()
    assert [k.history for k in sessions.redo_stack] == [histories[2]]  # (the newest always stays)
    sessions.undo()  # the big one and the one undone: over the limit, the older goes
    assert window.player.history is histories[0]
    assert [k.history for k in sessions.redo_stack] == [histories[1]]


def test_ctrl_y_redoes_too(qtbot, window):
    """Kills sessions.py:84 ``[QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")]`` -> without Ctrl+Y."""
    first, second = start_searches(qtbot, window, (0, 1))
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.player.history is first
    press(qtbot, window, Qt.Key.Key_Y, CTRL)
    assert window.player.history is second and window.player.start == 1


def test_new_sessions_and_a_new_hook_show_what_undo_can_do_at_once(qtbot):
    """Kills the deletion of ``self.refresh()`` at the end of ``Sessions.__init__`` (sessions.py:88: both
    actions started enabled, with nothing to undo) and at the end of ``add_hook`` (sessions.py:104: an
    active mode's undo stayed greyed)."""
    parent = QWidget()
    qtbot.addWidget(parent)
    sessions = Sessions(TourPlayer(parent), parent)
    assert not sessions.undo_action.isEnabled() and not sessions.redo_action.isEnabled()
    sessions.add_hook(UndoHook(active=lambda: True, undo=lambda: None, redo=lambda: None,
                               can_redo=lambda: False))
    assert sessions.undo_action.isEnabled() and not sessions.redo_action.isEnabled()
