"""ui/pseudocode.py: the search in a dozen numbered lines; the line that made the event shown is marked."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QFont

from knight_gui.tour import Board, Outcome, Pop, Push
from knight_gui.ui import i18n
from knight_gui.ui.player import SearchConfig, TourPlayer
from knight_gui.ui.pseudocode import PseudocodePanel
from knight_gui.ui.themes import panel_colours


@pytest.fixture
def panel(qtbot):
    """Beside plain backtracking on 5×5 from c5 (it pops first at move 19)."""
    player = TourPlayer()
    player.configure(SearchConfig(Board(5), "backtracking"))
    player.place(2)
    panel = PseudocodePanel(player)
    qtbot.addWidget(panel)
    panel.resize(640, 420)
    panel.show()
    qtbot.waitExposed(panel)
    yield panel
    i18n.install_translator(i18n.ENGLISH)


def lines(panel: PseudocodePanel) -> list[str]:
    return [panel.code.item(i).text() for i in range(panel.code.count())]


def marked(panel: PseudocodePanel) -> list[int]:
    """The lines painted on the current line's colour in a grab of the list: the highlighted one(s)."""
    code = panel.code
    image = code.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    highlight = panel_colours(panel.palette()).current_line
    rows = []
    for row in range(code.count()):
        rect = code.visualItemRect(code.item(row))
        assert code.viewport().rect().contains(rect), row  # (every line in view: 640×420)
        if image.pixelColor(int((rect.right() - 4) * ratio), int((rect.top() + 1) * ratio)) == highlight:
            rows.append(row)
    return rows


def step_to(panel: PseudocodePanel, kind: type) -> None:
    player = panel.player
    player.step()
    while not isinstance(player.last_event(), kind):
        player.step()


def test_the_lines_are_numbered_and_those_of_the_variant_run(panel):
    shown = lines(panel)
    assert len(shown) == 12
    assert [line[:4] for line in shown] == [f"{n:>2}  " for n in range(1, 13)]
    assert shown[8] == " 9          push c and its candidates, in the fixed move order"
    panel.player.configure(SearchConfig(Board(5), "warnsdorff"))
    assert lines(panel)[8].endswith("push c and its candidates, fewest onward moves first")
    panel.player.configure(SearchConfig(Board(6), "warnsdorff", closed=True))
    assert "leave a way back to the start" in lines(panel)[0]
    assert "the way back cut off" in lines(panel)[10]
    panel.player.configure(SearchConfig(Board(5), "greedy"))
    assert lines(panel)[10] == "11          stop: stuck (greedy never pops)"


def test_the_highlighted_line_follows_the_event(panel):
    assert panel.current == 1 and marked(panel) == [1]  # the start was pushed
    assert panel.note.text() == "Line 2 made the last event: push the start square and its candidates"
    step_to(panel, Push)
    assert marked(panel) == [8]
    assert panel.note.text().startswith("Line 9 made the last event: push c and its candidates")
    step_to(panel, Pop)
    assert marked(panel) == [10]
    assert panel.note.text().startswith("Line 11 made the last event: pop top")
    assert panel.code.accessibleDescription() == panel.note.text()  # what a screen reader says of the list
    panel.player.step_back()
    assert marked(panel) == [8]  # back to the push before the pop


def test_the_highlighted_line_is_painted_in_the_current_line_colour(panel):
    step_to(panel, Pop)
    code = panel.code
    image = code.viewport().grab().toImage()
    ratio = image.devicePixelRatio()

    def colour_at(row: int) -> QColor:
        rect = code.visualItemRect(code.item(row))
        return image.pixelColor(int((rect.right() - 4) * ratio), int(rect.center().y() * ratio))

    assert colour_at(panel.current) == QColor("#ffe0b2")  # the light panels' current line
    assert colour_at(panel.current - 2) != QColor("#ffe0b2")


def test_no_line_is_marked_when_a_theorem_rules_the_start_out(panel):
    panel.player.configure(SearchConfig(Board(3), "backtracking"))
    panel.player.place(0)
    assert isinstance(panel.player.last_event(), Outcome)
    assert marked(panel) == [] and panel.current is None and panel.note.text() == ""


def test_no_line_and_no_note_after_a_change_of_variant_to_an_impossible_start(panel):
    panel.player.configure(SearchConfig(Board(3), "warnsdorff"))
    panel.player.place(0)
    assert marked(panel) == [] and panel.current is None
    assert panel.note.text() == ""


def test_the_lines_follow_the_interface_language(panel):
    step_to(panel, Pop)
    i18n.install_translator(i18n.CHINESE)
    panel.changeEvent(QEvent(QEvent.Type.LanguageChange))  # (the application sends it to every widget)
    shown = lines(panel)
    assert shown[2].startswith(" 3  ") and "栈" in shown[2]
    assert marked(panel) == [10] and "出栈" in shown[10]
    assert panel.note.text().startswith("第 11 行")


@pytest.mark.parametrize("language", [i18n.ENGLISH, i18n.CHINESE])
def test_a_narrow_panel_wraps_every_line_within_its_width_and_loses_nothing(qtbot, panel, language):
    """Found in review: in Chinese (presentation mode, 1024×768) a line broke only at its few spaces:
    "c" stood alone on a line and the next ran off the panel's edge, its last character cut."""
    from PySide6.QtGui import QFontMetricsF

    i18n.install_translator(language)
    panel.changeEvent(QEvent(QEvent.Type.LanguageChange))
    panel.resize(200, 420)
    qtbot.waitUntil(lambda: panel.code.viewport().width() < 200)
    delegate = panel.code.itemDelegate()
    width = panel.code.viewport().width()
    for row, text in enumerate(lines(panel)):
        font = delegate.font(row, panel.code.font())  # (the list's, bold for the current line)
        wrapped, indent = delegate.lines(text, font)
        metrics = QFontMetricsF(font)
        for n, line in enumerate(wrapped):
            assert metrics.horizontalAdvance(line) <= width - (indent if n else 0) + 0.5, (row, line)
        assert "".join(wrapped).replace(" ", "") == text.replace(" ", ""), row  # every character shown
        if language == i18n.ENGLISH:  # broken only between words
            assert " ".join(wrapped).split() == text.split(), wrapped
        else:  # no character alone on a line (the "c" of "标记 c" stood alone), no line begins with "）"
            assert all(len(line.strip()) > 1 for line in wrapped[:-1]), wrapped
            assert not any(line.lstrip()[:1] in "）)，。、：；" for line in wrapped[1:]), wrapped


def blank_bands(code) -> list[tuple[int, int]]:
    """(top, height) of the bands at least a row high with no text between two lines, in a grab."""
    image = code.viewport().grab().toImage()
    ground = image.pixelColor(image.width() - 2, image.height() - 2)
    row = code.fontMetrics().height()
    bands, blank, inked = [], 0, False
    for y in range(image.height()):
        if any(image.pixelColor(x, y) != ground for x in range(0, image.width() - 20, 2)):
            if inked and blank >= 0.8 * row:
                bands.append((y - blank, blank))
            blank, inked = 0, True
        else:
            blank += 1
    return bands


def test_lines_wrapped_in_a_narrow_panel_take_one_row_again_when_it_widens(qtbot, panel):
    """Seen at the first start on a 1920×1080 screen: the list was laid out narrow, then its dock
    grew wider (the height unchanged), and lines 6-8 kept the height of two rows with one row of
    text: a blank band under each.  (Qt lays the list's items out again when it is asked where
    one is, not when it only grows wider.)"""
    narrow = PseudocodePanel(panel.player)
    qtbot.addWidget(narrow)
    narrow.resize(350, 200)  # its lines wrap
    narrow.show()
    qtbot.waitExposed(narrow)
    narrow.resize(510, 200)  # wider only: each line fits in one row
    qtbot.waitUntil(lambda: narrow.code.viewport().width() > 400)
    qtbot.waitUntil(lambda: not blank_bands(narrow.code), timeout=2000)


def test_a_new_current_line_repaints_the_two_lines_and_not_the_list(qtbot, panel):
    """At maximum speed the current line changes on most frames: a change of the items' own colours
    and fonts made the list lay out and paint all its lines again (1.7 ms a frame at 100×100)."""
    from PySide6.QtCore import QObject
    from PySide6.QtGui import QRegion
    from PySide6.QtWidgets import QApplication

    step_to(panel, Push)
    assert marked(panel) == [8]
    QApplication.processEvents()  # (what the steps so far asked to paint)
    painted = [QRegion()]

    class Painted(QObject):
        def eventFilter(self, _watched, event):  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint:
                painted[0] = painted[0].united(event.region())
            return False

    watcher = Painted()
    code = panel.code
    code.viewport().installEventFilter(watcher)
    changes = 0
    while changes < 3:  # (a step may make the same line's event again: nothing to paint)
        before = panel.current
        panel.player.step()
        if panel.current == before:
            continue
        changes += 1
        qtbot.waitUntil(lambda: not painted[0].isEmpty())
        rows = QRegion()
        for row in (before, panel.current):
            rows = rows.united(code.visualItemRect(code.item(row)))
        assert rows.subtracted(painted[0]).isEmpty()  # both lines, and no other
        assert painted[0].subtracted(rows).isEmpty(), [r.getRect() for r in painted[0]]
        assert marked(panel) == [panel.current]
        painted[0] = QRegion()
    code.viewport().removeEventFilter(watcher)


def test_a_current_line_that_takes_another_row_in_bold_lays_the_list_out_again(qtbot, panel):
    """The current line is bold: where that wraps it into more rows than the plain line had, the
    lines below move down for it (no text drawn over the next line, nothing cut)."""
    from PySide6.QtGui import QFontMetricsF

    delegate, code = panel.delegate, panel.code
    code.setFont(QFont("DejaVu Sans", 10))  # (proportional: bold is wider; the fixed font's is not)
    text = code.item(10).text()  # the line of the pop
    plain = code.font()
    bold = QFont(plain)
    bold.setBold(True)
    for width in range(640, 100, -2):  # a width at which it takes one more row in bold
        panel.resize(width, 420)
        qtbot.waitUntil(lambda width=width: code.viewport().width() < width - 4)
        room = code.viewport().width()
        if len(delegate._wrap(text, bold, room - 6)[0]) > len(delegate._wrap(text, plain, room - 6)[0]):
            break
    else:
        pytest.fail("no width at which the bold line takes more rows")
    row_height = QFontMetricsF(bold).height()
    before = code.visualItemRect(code.item(10)).height()
    step_to(panel, Pop)
    qtbot.waitUntil(lambda: code.visualItemRect(code.item(10)).height() >= before + row_height - 1)
    assert code.visualItemRect(code.item(11)).top() >= code.visualItemRect(code.item(10)).bottom()


def test_a_scroll_bar_that_comes_and_goes_as_the_line_is_shown_does_not_recurse(panel, monkeypatch):
    """The nightly fuzz died of a segmentation fault: showing the current line made the list's scroll
    bar come or go, which resized the viewport at once, whose filter showed the line again, for ever
    (show_current and eventFilter calling each other).  A scroll that resizes the viewport, as such a
    bar does, now leads to no second scroll."""
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QResizeEvent
    from PySide6.QtWidgets import QApplication

    step_to(panel, Pop)  # the current line: one near the end of the code
    panel.resize(640, 120)  # the line out of view once scrolled to the top
    QApplication.processEvents()
    code = panel.code
    code.scrollToTop()
    viewport = code.viewport()
    scrolls = []

    def scroll_and_resize(item, hint) -> None:  # as a scroll bar that came (or went) does
        scrolls.append(item)
        if len(scrolls) < 100:  # (without the guard, the recursion this stands for has no end)
            size = viewport.size()
            QApplication.sendEvent(viewport, QResizeEvent(QSize(size.width() - 1, size.height()), size))

    monkeypatch.setattr(code, "scrollToItem", scroll_and_resize)
    panel.show_current()
    assert len(scrolls) == 1
