"""ui/event_log.py: the last LOG_SIZE events up to the one shown, each in words; double-click goes back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont

from knight_gui.tour import Board, Outcome, Pop
from knight_gui.ui import i18n
from knight_gui.ui.event_log import LOG_SIZE, EventLogPanel
from knight_gui.ui.player import SearchConfig, TourPlayer


@pytest.fixture
def log(qtbot):
    """The log beside plain backtracking on 5×5 from c5 (many pops, no tour for 36,000 of them)."""
    player = TourPlayer()
    player.configure(SearchConfig(Board(5), "backtracking"))
    player.place(2)
    panel = EventLogPanel(player)
    qtbot.addWidget(panel)
    panel.resize(520, 400)
    panel.show()
    qtbot.waitExposed(panel)
    yield panel
    player.pause()
    i18n.install_translator(i18n.ENGLISH)


def rows(log: EventLogPanel) -> list[str]:
    model = log.model
    return [model.data(model.index(row, 0)) for row in range(model.rowCount())]


def advance(log: EventLogPanel, count: int) -> None:
    log.player.advance(count)
    log.player.changed.emit()  # as a timer tick says it


def test_the_log_keeps_the_last_events_numbered_oldest_first(log):
    assert rows(log) == ["1  Push c5 as move 1: the start square"]
    advance(log, 30)
    assert len(rows(log)) == 31 and rows(log)[30].startswith("31  ")
    advance(log, 1000)
    shown = rows(log)
    pos = log.player.pos
    assert pos == 1031 and len(shown) == LOG_SIZE
    assert [int(row.split()[0].replace(",", "")) for row in shown] == list(range(pos - LOG_SIZE + 1, pos + 1))
    assert shown[-1].startswith("1,031  ")


def test_pops_are_coloured_and_say_why_and_the_newest_row_is_bold(log):
    while not isinstance(log.player.last_event(), Pop):
        log.player.step()
    model = log.model
    last = model.index(model.rowCount() - 1, 0)
    assert model.data(last).startswith("20  Pop b4 (move 19): b4 has no unvisited ")
    assert model.data(last, Qt.ItemDataRole.ForegroundRole) == log.model.colours.pop
    font = model.data(last, Qt.ItemDataRole.FontRole)
    assert isinstance(font, QFont) and font.bold()
    assert model.data(model.index(0, 0), Qt.ItemDataRole.ForegroundRole) is None  # a push: the list's ink


def test_double_clicking_a_row_goes_back_to_that_event(qtbot, log):
    advance(log, 40)
    view = log.view
    view.scrollTo(log.model.index(9, 0))  # scrolled up to it, as the user does
    rect = view.visualRect(log.model.index(9, 0))
    assert rows(log)[9].startswith("10  ")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # a double-click:
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # press, then again
    assert log.player.pos == 10 and len(log.player.state.path) == 10
    assert len(rows(log)) == 10 and rows(log)[-1].startswith("10  Push ")


def test_enter_on_a_row_goes_back_to_it_too(qtbot, log):
    advance(log, 40)
    view = log.view
    view.setFocus()
    view.setCurrentIndex(log.model.index(4, 0))
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert log.player.pos == 5 and len(rows(log)) == 5


def test_going_forward_again_and_far_back_keeps_the_log_in_step(log):
    advance(log, 600)
    log.player.seek(100)
    assert len(rows(log)) == 100 and rows(log)[-1].startswith("100  ")
    log.player.seek(450)
    assert len(rows(log)) == LOG_SIZE and rows(log)[-1].startswith("450  ")
    log.player.first_event()
    assert rows(log) == ["1  Push c5 as move 1: the start square"]


def test_a_hidden_log_catches_up_when_shown(qtbot, log):
    log.hide()
    advance(log, 25)
    assert len(rows(log)) == 1  # hidden: no work while the search runs
    log.show()
    qtbot.waitUntil(lambda: len(rows(log)) == 26)


def test_the_log_speaks_the_interface_language(log):
    advance(log, 19)
    i18n.install_translator(i18n.CHINESE)
    log.changeEvent(QEvent(QEvent.Type.LanguageChange))  # (the application sends it to every widget)
    assert rows(log)[-1].startswith("20  出栈 b4（第 19 步）：b4") and "没有" in rows(log)[-1]
    assert rows(log)[0].startswith("1  ") and "c5" in rows(log)[0]


def test_an_outcome_is_its_own_row(log):
    player = log.player
    player.configure(SearchConfig(Board(3)))
    player.place(0)  # 3×3: a theorem rules it out at once
    assert isinstance(player.last_event(), Outcome)
    assert rows(log) == ["1  No search: a theorem rules out a tour from a3"]


def test_a_log_at_its_newest_row_stays_there_when_it_is_made_lower(qtbot, log):
    """Found in review: in a dock made lower (the Stack panel growing over it) the newest rows went
    out of sight under the list's bottom edge, though the log follows the newest event."""
    advance(log, 60)
    view = log.view
    newest = log.model.index(log.model.rowCount() - 1, 0)
    assert view.viewport().rect().contains(view.visualRect(newest))
    for height in (160, 120):
        before = view.viewport().height()
        log.resize(520, height)
        qtbot.waitUntil(lambda before=before: view.viewport().height() < before)
        assert view.viewport().rect().contains(view.visualRect(newest)), height
    view.verticalScrollBar().setValue(0)  # scrolled up by the user: it stays where they put it
    before = view.viewport().height()
    log.resize(520, 90)
    qtbot.waitUntil(lambda: view.viewport().height() < before)
    assert view.verticalScrollBar().value() == 0
