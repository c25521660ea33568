"""Analysis ▸ Count all tours: exact counts, cancel, the intro, Chinese."""

from __future__ import annotations

import io
import json
import re
import time
from contextlib import redirect_stdout

from PySide6.QtCore import Qt

from knight_gui import cli
from knight_gui.tour import Board, Outcome
from knight_gui.tour.count import PROGRESS_EVERY, count_tours
from tests.ui.analysis.common import (
    CJK,
    click_square,
    ctrl,
)


def test_count_all_tours_matches_the_counter_and_the_cli(qtbot, window):
    window.apply_settings(4, 5)
    click_square(qtbot, window, 1)
    panel = window.analysis_panel.counting
    with qtbot.waitSignal(panel.count_finished, timeout=20000):
        ctrl(qtbot, window, Qt.Key.Key_N, shift=True)
    out = io.StringIO()
    with redirect_stdout(out):
        cli.main(["count", "--rows", "4", "--cols", "5", "--start", "0", "1", "--format", "json"])
    expected = json.loads(out.getvalue())["tours"]
    assert panel.last_count.tours == expected == count_tours(Board(4, 5), 1)
    assert panel.result_label.text().startswith(f"{expected} tours from b4 (0,1) on 4×5")


def test_counting_is_cancelled_within_a_moment(qtbot, window):
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    panel = window.analysis_panel.counting
    ctrl(qtbot, window, Qt.Key.Key_N, shift=True)  # about a minute of counting
    assert panel.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: "s" in panel.result_label.text().rsplit("…", 1)[-1], timeout=3000)
    with qtbot.waitSignal(panel.count_finished, timeout=3000):
        began = time.perf_counter()
        qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    assert time.perf_counter() - began < 1.0
    assert panel.last_count is None
    assert "cancelled" in panel.result_label.text()
    assert panel.count_button.isEnabled()


def test_esc_cancels_a_count_and_what_it_found_stays_as_a_lower_bound(qtbot, window):
    """Found in review: Esc did not stop a count (it reset the board beside it), and a cancelled count
    kept nothing of the tours it had found, where the command line says "at least 1,234 tours"."""
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    for _ in range(5):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_Right)  # Step
    start, pos = window.player.start, window.player.pos
    assert pos == 6
    panel = window.analysis_panel.counting
    ctrl(qtbot, window, Qt.Key.Key_N, shift=True)  # about a minute of counting
    worker = panel.runner.worker
    found = re.compile(r"^Counting from a6 \(0,0\) cancelled after \d+\.\d s: at least ([\d,]+) tours\.$")
    qtbot.waitUntil(lambda: worker.nodes > 3 * PROGRESS_EVERY, timeout=20000)  # (6×6 from a6: tours by then)
    with qtbot.waitSignal(panel.count_finished, timeout=3000):
        qtbot.keyClick(window.board_widget, Qt.Key.Key_Escape)
    assert (window.player.start, window.player.pos) == (start, pos)  # the search shown untouched
    match = found.match(panel.result_label.text())
    assert match is not None, panel.result_label.text()
    tours = int(match[1].replace(",", ""))
    assert 0 < tours == worker.partial < 524_486  # (all of them: test_count_tours, 6×6 from a corner)
    assert panel.last_count is None and panel.count_button.isEnabled()
    qtbot.keyClick(window.board_widget, Qt.Key.Key_Escape)  # nothing runs now: Esc resets, as ever
    assert window.player.pos == 1


def test_the_count_label_shows_the_tours_found_the_nodes_searched_and_the_time_while_counting(qtbot, window):
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    panel = window.analysis_panel.counting
    figures = re.compile(r"^Counting the tours from a6 \(0,0\)… ([\d,]+) found so far, "
                         r"([\d,]+) nodes searched, (\d+\.\d) s$")

    def shown() -> tuple[int, int, float] | None:
        match = figures.match(panel.result_label.text())
        return (int(match[1].replace(",", "")), int(match[2].replace(",", "")), float(match[3])) if match \
            else None

    ctrl(qtbot, window, Qt.Key.Key_N, shift=True)  # about a minute of counting
    qtbot.waitUntil(lambda: shown() is not None and shown()[1] > 0, timeout=3000)
    first_text = panel.result_label.text()
    tours, nodes, seconds = shown()
    assert nodes % PROGRESS_EVERY == 0
    qtbot.waitUntil(lambda: shown() is not None and shown()[1] > nodes and shown()[2] > seconds, timeout=3000)
    # the tours found so far: a class sees the count grow (6×6 from a corner finds some within seconds)
    qtbot.waitUntil(lambda: shown() is not None and shown()[0] > tours, timeout=10_000)
    assert shown()[0] < 524_486
    assert panel.result_label.text() != first_text
    assert panel.runner.running  # still counting: the figures are progress, not a result
    with qtbot.waitSignal(panel.count_finished, timeout=3000):
        qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    assert panel.last_count is None


def test_counting_on_a_big_board_says_why_it_is_not_offered(qtbot, window):
    # The action answers its key with the reason (it was greyed out, and Ctrl+Shift+N did nothing).
    window.count_action.trigger()  # no knight yet
    assert window.statusBar().currentMessage() == ("Place the knight first: tours are counted from its "
                                                   "start square.")
    click_square(qtbot, window, 0)
    assert window.count_action.isEnabled()
    ctrl(qtbot, window, Qt.Key.Key_N, shift=True)
    panel = window.analysis_panel.counting
    assert window.analysis_dock.isVisible() and panel.isVisible()
    why = ("Counting every tour on 8×8 could take longer than anyone will wait; it is offered on boards "
           "of at most 36 squares.")
    assert window.statusBar().currentMessage() == why
    assert "at most 36 squares" in panel.intro.text()
    assert not panel.count_button.isEnabled() and not panel.counting


def test_in_chinese_the_count_of_an_impossible_board_gives_the_theorem_in_chinese(qtbot, chinese_window):
    from knight_gui.ui import i18n

    window = chinese_window
    window.apply_settings(4, 4)
    click_square(qtbot, window, 0)
    panel = window.analysis_panel.counting
    with qtbot.waitSignal(panel.count_finished, timeout=20000):
        ctrl(qtbot, window, Qt.Key.Key_N, shift=True)
    text = panel.result_label.text()
    reason = i18n.outcome_reason(Outcome("impossible", "open-small", ("4×4",), 0))
    assert CJK.search(reason) and reason in text, text
    assert "knight's tour" not in text


def test_the_count_tab_says_what_is_counted_once_and_drops_a_count_of_another_board(qtbot, window):
    panel = window.analysis_panel.counting
    window.apply_settings(4, 5)
    click_square(qtbot, window, 1)
    assert "reverse count twice" not in panel.intro.text()
    assert "each tour once" in panel.intro.text()
    window.apply_settings(6, 6, closed=True)
    click_square(qtbot, window, 0)
    assert "twice, once per direction" in panel.intro.text()
    window.apply_settings(4, 4, closed=False)
    click_square(qtbot, window, 0)
    with qtbot.waitSignal(panel.count_finished, timeout=20000):
        ctrl(qtbot, window, Qt.Key.Key_N, shift=True)
    assert panel.result_label.text().startswith("0 tours from a4 (0,0) on 4×4")
    assert panel.result_label.text().endswith(
        "No tour can exist: 4×4 has no knight's tour from any square (Cull and De Curtins; Conrad et al.).")
    assert not panel.progress.isVisible()  # no empty bar under a result
    window.apply_settings(3, 4)
    assert panel.result_label.text() == "" and panel.last_count is None
    # On 8x8 counting is not offered: the reason shows once, with no empty progress bar.
    window.apply_settings(8, 8)
    click_square(qtbot, window, 0)
    panel.count_tours()
    assert "at most 36 squares" in panel.intro.text()
    window.analysis_dock.show()
    window.analysis_panel.tabs.setCurrentWidget(panel)
    qtbot.waitUntil(panel.isVisible)
    assert "at most 36 squares" not in panel.result_label.text()
    assert not panel.progress.isVisible()
