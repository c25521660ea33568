"""The event log: the most recent events up to the one shown, each in words.

"1,234  Push e4 as move 12: degree 2, the lowest of e4:2 f5:3 d6:3",
"1,235  Pop e4 (move 12): all 2 candidates of e4 tried".  Pops and outcomes
carry their whole reason in the event; a push is explained against its
parent frame, which the stack shows only while the push is the latest event,
so a push seen as the latest event (stepping, or the last of a timer tick)
keeps its full sentence and one skipped over at speed says the square, the
move and the degree.  The model holds at most ``LOG_SIZE`` rows, updated
incrementally as the player moves; double-click (or Enter on) a row to go
back to that event.

In Play Yourself the log is the student's instead (``PlayLogModel``): their
moves, the moves they took back and the hints they asked for, from the
game's journal (``knight_gui.tour.play.PlayGame.journal``).
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Slot,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QTreeView, QVBoxLayout, QWidget

from ..tour import Event, Outcome, Pop
from ..tour.explain import Text, event_text
from ..tour.play import JOURNAL_AGAIN, JOURNAL_BACK, JOURNAL_HINT, JournalEntry, PlayGame
from .explanations import explain_event, tr_text
from .player import TourPlayer
from .themes import LIGHT_PANELS, PALETTE_EVENTS, PanelColours, panel_colours

#: Rows kept in the log.
LOG_SIZE = 200

_TEXT_ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole)


class EventLogModel(QAbstractListModel):
    """The last ``LOG_SIZE`` events up to ``player.pos``, oldest first."""

    def __init__(self, player: TourPlayer, parent=None) -> None:
        super().__init__(parent)
        self.player = player
        self._rows: list[tuple[int, Event]] = []  # (history index, event)
        self._history: object = None
        self._full: dict[int, Text] = {}  # explanations made while the event was the latest
        self._texts: dict[int, str] = {}  # formatted rows, by history index
        self.colours: PanelColours = LIGHT_PANELS  #: pops and outcomes in ``pop`` and ``outcome``

    def set_colours(self, colours: PanelColours) -> None:
        """Colour pops and outcomes in ``colours`` (the panel's palette changed)."""
        if colours is self.colours:
            return
        self.colours = colours
        if self._rows:
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1))

    # -- following the player ---------------------------------------------------------

    def refresh(self) -> None:
        """Catch up with the player: append new events, drop old ones, or start afresh after a jump."""
        player = self.player
        pos = player.pos
        rows = self._rows
        lo = max(0, pos - LOG_SIZE)
        if player.history is not self._history or not rows:
            self._reset()
        elif rows[-1][0] < pos <= rows[-1][0] + 1 + LOG_SIZE:  # forward by at most LOG_SIZE events
            hi = rows[-1][0] + 1
            new = player.recent_events(pos - max(hi, lo))
            self.beginInsertRows(QModelIndex(), len(rows), len(rows) + len(new) - 1)
            rows.extend(new)
            self.endInsertRows()
            self._drop(0, next(i for i, row in enumerate(rows) if row[0] >= lo))
        elif rows[0][0] < pos <= rows[-1][0] and (pos - rows[0][0] >= LOG_SIZE // 10 or rows[0][0] <= lo):
            self._drop(pos - rows[0][0], len(rows))  # back a little: the newest rows go
        elif pos != rows[-1][0] + 1:
            self._reset()
        self._explain_latest()

    def _drop(self, first: int, last: int) -> None:
        """Remove rows first .. last - 1."""
        if last <= first:
            return
        self.beginRemoveRows(QModelIndex(), first, last - 1)
        for index, _ in self._rows[first:last]:
            self._full.pop(index, None)
            self._texts.pop(index, None)
        del self._rows[first:last]
        self.endRemoveRows()

    def _reset(self) -> None:
        self.beginResetModel()
        self._history = self.player.history
        self._rows = self.player.recent_events(min(LOG_SIZE, self.player.pos))
        self._full.clear()
        self._texts.clear()
        self.endResetModel()

    def _explain_latest(self) -> None:
        if not self._rows:
            return
        index, event = self._rows[-1]
        if index in self._full:
            return
        explained = explain_event(self.player, event)
        if explained is not None:
            self._full[index] = explained
            self._texts.pop(index, None)
            row = len(self._rows) - 1
            self.dataChanged.emit(self.index(row), self.index(row))

    def retranslate(self) -> None:
        """Texts again in the installed language."""
        self._texts.clear()
        if self._rows:
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1))

    # -- the model -------------------------------------------------------------------------

    def event_index(self, row: int) -> int:
        """The history index of the event in ``row``."""
        return self._rows[row][0]

    def text(self, row: int) -> str:
        """Row ``row`` as shown: the event's number and the sentence."""
        index, event = self._rows[row]
        cached = self._texts.get(index)
        if cached is None:
            explained = self._full.get(index)
            if explained is None:
                player = self.player
                explained = event_text(player.config.board, event, start=player.start)
            cached = self._texts[index] = f"{index + 1:,}  {tr_text(explained)}"
        return cached

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = index.row()
        if role in _TEXT_ROLES:
            return self.text(row)
        kind = self._rows[row][1].__class__
        if role == Qt.ItemDataRole.ForegroundRole:
            if kind is Pop:
                return self.colours.pop
            if kind is Outcome:
                return self.colours.outcome
        if role == Qt.ItemDataRole.FontRole and (kind is Outcome or row == len(self._rows) - 1):
            font = QFont()
            font.setBold(True)
            return font
        return None


class PlayLogModel(QAbstractListModel):
    """Play Yourself's log: the student's moves, take-backs and hints (``PlayGame.journal``), the last
    ``LOG_SIZE``, oldest first.  "12  Move 7 to e4 (degree 3)", "13  Took back move 7, e4"."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.game: PlayGame | None = None
        self._first = 0  # the number (0-based) of the entry in row 0
        self._count = 0  # rows
        self._texts: dict[int, str] = {}  # by entry number
        self.colours: PanelColours = LIGHT_PANELS  #: take-backs in ``pop``

    def set_game(self, game: PlayGame | None) -> None:
        """Show ``game``'s journal (None: nothing)."""
        if game is not self.game:
            self.game = game
            self._reset()
        else:
            self.refresh()

    def refresh(self) -> None:
        """Catch up with the journal: its new entries appended, the oldest beyond ``LOG_SIZE`` dropped."""
        game = self.game
        if game is None:
            return
        logged = game.logged
        end = self._first + self._count
        if logged == end:
            return
        if logged < end or logged - end > LOG_SIZE:
            self._reset()
            return
        self.beginInsertRows(QModelIndex(), self._count, self._count + logged - end - 1)
        self._count += logged - end
        self.endInsertRows()
        drop = self._count - min(LOG_SIZE, len(game.journal))
        if drop > 0:
            self.beginRemoveRows(QModelIndex(), 0, drop - 1)
            for number in range(self._first, self._first + drop):
                self._texts.pop(number, None)
            self._first += drop
            self._count -= drop
            self.endRemoveRows()

    def _reset(self) -> None:
        self.beginResetModel()
        game = self.game
        self._count = 0 if game is None else min(LOG_SIZE, len(game.journal))
        self._first = 0 if game is None else game.logged - self._count
        self._texts.clear()
        self.endResetModel()

    def retranslate(self) -> None:
        """Texts again in the installed language."""
        self._texts.clear()
        if self._count:
            self.dataChanged.emit(self.index(0), self.index(self._count - 1))

    def set_colours(self, colours: PanelColours) -> None:
        """Colour take-backs in ``colours``' ``pop`` (the panel's palette changed)."""
        self.colours = colours
        if self._count:
            self.dataChanged.emit(self.index(0), self.index(self._count - 1))

    def entry(self, row: int) -> JournalEntry:
        """The journal's entry in ``row``."""
        assert self.game is not None
        journal = self.game.journal
        return journal[len(journal) - (self.game.logged - self._first - row)]

    def text(self, row: int) -> str:
        """Row ``row`` as shown: the entry's number and what the student did."""
        number = self._first + row
        cached = self._texts.get(number)
        if cached is None:
            assert self.game is not None
            kind, square, step, degree = self.entry(row)
            name = self.game.board.name(square)
            if kind == JOURNAL_BACK:
                said = self.tr("Took back move %s, %s") % (step, name)
            elif kind == JOURNAL_HINT:
                said = self.tr("Hint for move %s: %s (degree %s)") % (step, name, degree)
            elif kind == JOURNAL_AGAIN:
                said = self.tr("Move %s to %s again (degree %s)") % (step, name, degree)
            elif step == 1:
                said = self.tr("Start on %s (degree %s)") % (name, degree)
            else:
                said = self.tr("Move %s to %s (degree %s)") % (step, name, degree)
            cached = self._texts[number] = f"{number + 1:,}  {said}"
        return cached

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else self._count

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < self._count:
            return None
        row = index.row()
        if role in _TEXT_ROLES:
            return self.text(row)
        if role == Qt.ItemDataRole.ForegroundRole and self.entry(row).kind == JOURNAL_BACK:
            return self.colours.pop
        if role == Qt.ItemDataRole.FontRole and row == self._count - 1:
            font = QFont()
            font.setBold(True)
            return font
        return None


class EventLogPanel(QWidget):
    """The event log in a list that follows the newest event; in Play Yourself, the student's moves
    (``show_game``)."""

    def __init__(self, player: TourPlayer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.model = EventLogModel(player, self)
        # A flat tree view: with uniform row heights it lays out 500 rows without asking for each.
        self.view = QTreeView(self)
        self.view.setObjectName("event_log")
        self.view.setModel(self.model)
        self.view.setUniformRowHeights(True)
        self.view.setRootIsDecorated(False)
        self.view.setItemsExpandable(False)
        self.view.setHeaderHidden(True)
        self.view.setWordWrap(False)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.activated.connect(self._on_activated)
        # Scrolled to the newest row, the log stays there when the list's height or rows change (the
        # dock made lower as the Stack panel grows, rows inserted before the list is laid out again).
        bar = self.view.verticalScrollBar()
        self._at_bottom = True
        bar.valueChanged.connect(self._on_scrolled)
        bar.rangeChanged.connect(self._on_range_changed)
        self.play_model = PlayLogModel(self)  #: Play Yourself's log, shown instead while a game is on
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.view)
        self._retranslate_static()
        self.model.set_colours(panel_colours(self.palette()))
        self.play_model.set_colours(panel_colours(self.palette()))
        player.changed.connect(self.refresh)
        self._stale = True
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in PALETTE_EVENTS:
            self.model.set_colours(panel_colours(self.palette()))
            self.play_model.set_colours(panel_colours(self.palette()))
        elif event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()

    @property
    def showing_search(self) -> bool:
        """Whether the log shows the search's events (not the student's game: ``show_game``)."""
        return self.view.model() is self.model

    def _retranslate_static(self) -> None:
        self.setAccessibleName(self.tr("Event log"))
        if not self.showing_search:
            self.view.setAccessibleName(self.tr("Your moves, take-backs and hints, newest last"))
            self.view.setToolTip(self.tr("What you did in Play Yourself: the last %d moves, moves taken "
                                         "back and hints, newest last. ← takes a move back.") % LOG_SIZE)
            return
        self.view.setAccessibleName(self.tr("Recent events, newest last"))
        self.view.setToolTip(self.tr("The last %d events up to the one shown, each with its reason. "
                                     "Double-click an event to go back to it.") % LOG_SIZE)

    def retranslate_ui(self) -> None:
        """Texts again in the installed language (after a language switch)."""
        self._retranslate_static()
        self.model.retranslate()
        self.play_model.retranslate()

    def show_game(self, game: PlayGame | None) -> None:
        """Play Yourself: show ``game``'s moves, take-backs and hints (None: the search's events again)."""
        model = self.model if game is None else self.play_model
        self.play_model.set_game(game)
        if self.view.model() is not model:
            self.view.setModel(model)
            # (the view, and its header, make a selection model for each model and keep the old ones)
            for selection in self.view.findChildren(QItemSelectionModel):
                if selection.model() is not model:
                    selection.deleteLater()
            self._retranslate_static()
            if game is None:
                self._stale = True
                self.refresh()
        self.view.scrollToBottom()

    @Slot()
    def refresh(self) -> None:
        """Catch up with the player; a hidden log (or a tab behind another) catches up when it is shown."""
        if not self.showing_search or not self.isVisible() or self.visibleRegion().isEmpty():
            self._stale = True
            return
        self._catch_up()

    def _catch_up(self) -> None:
        was_stale = self._stale
        self._stale = False
        bar = self.view.verticalScrollBar()
        following = was_stale or bar.value() >= bar.maximum() - 2
        self.model.refresh()
        if following:
            self.view.scrollToBottom()

    @Slot(bool)
    def on_shown(self, visible: bool) -> None:
        """The dock was shown or its tab chosen: catch up now (the region may not be exposed yet)."""
        if visible and self._stale and self.isVisible() and self.showing_search:
            self._catch_up()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if self._stale and self.showing_search:
            self._catch_up()

    @Slot(int)
    def _on_scrolled(self, value: int) -> None:
        self._at_bottom = value >= self.view.verticalScrollBar().maximum() - 2

    @Slot(int, int)
    def _on_range_changed(self, _low: int, high: int) -> None:
        if self._at_bottom:
            self.view.verticalScrollBar().setValue(high)

    @Slot(QModelIndex)
    def _on_activated(self, index: QModelIndex) -> None:
        if index.isValid() and self.showing_search:  # (a game's log goes back with ←)
            self.player.pause()
            self.player.seek(self.model.event_index(index.row()) + 1)
