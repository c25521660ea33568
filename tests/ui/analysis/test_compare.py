"""Analysis ▸ Compare: translated names and reasons, summaries that say what happened, steady timing."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

from PySide6.QtCore import Qt

from knight_gui import cli
from knight_gui.tour import Board
from knight_gui.ui import i18n
from knight_gui.ui.analysis.compare import compare_configs
from knight_gui.ui.i18n import tie_break_name
from tests.ui.analysis.common import CJK, click_square, ctrl, double_click


def compare(qtbot, window, start: int, budget: int) -> None:
    window.player.place(start)
    panel = window.analysis_panel.compare
    panel.budget_spin.setValue(budget)
    with qtbot.waitSignal(panel.compare_finished, timeout=30000):
        window.compare_action.trigger()


def cells(panel, column: str) -> list[str]:
    c = panel.model.COLUMNS.index(column)
    return [panel.proxy.index(row, c).data() for row in range(panel.proxy.rowCount())]


def test_in_chinese_the_table_and_its_tooltips_show_translated_names_and_reasons(qtbot, chinese_window):
    window = chinese_window
    window.apply_settings(6, 6)
    compare(qtbot, window, 0, 2000)
    panel = window.analysis_panel.compare
    rows = panel.model.rows
    assert cells(panel, "algorithm") == [i18n.algorithm_name(r.config.algorithm) for r in rows]
    assert cells(panel, "tie_break") == ["—" if r.config.algorithm == "construct" else
                                         i18n.tie_break_name(r.config.tie_break) for r in rows]
    for text in cells(panel, "algorithm") + cells(panel, "tie_break"):
        assert text not in ("warnsdorff", "classic", "greedy", "backtracking", "fixed", "roth", "pohl",
                            "lookahead"), text
    assert CJK.search(i18n.tie_break_name("fixed"))  # the catalogue has the names
    for row in range(panel.proxy.rowCount()):
        tip = panel.proxy.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)
        r = rows[row]
        description, reason = tip.split("\n")
        assert description == i18n.algorithm_description(r.config.algorithm) and CJK.search(description)
        assert reason == i18n.outcome_reason(r.result.as_outcome()) and CJK.search(reason), tip
    summary = panel.summary_label.text()
    assert "/" not in summary and "backtracking" not in summary and "warnsdorff" not in summary
    assert i18n.algorithm_name("backtracking") in summary


def test_an_algorithm_out_of_budget_is_said_to_be_so(qtbot, window):
    window.apply_settings(6, 6)
    compare(qtbot, window, 0, 2000)  # plain backtracking needs 5,422 pushes from a6
    panel = window.analysis_panel.compare
    last = next(r for r in panel.model.rows if r.config.algorithm == "backtracking")
    assert (last.config.algorithm, last.result.outcome) == ("backtracking", "budget")
    summary = panel.summary_label.text()
    assert "Backtracking ran out of its budget of 2,000 pushes without a tour: at least 56 times as many." \
        in summary, summary
    assert "made 2,000 pushes" not in summary
    # With budget enough, it found its tour: "times as many", no "at least".
    compare(qtbot, window, 0, 20_000)
    summary = panel.summary_label.text()
    assert "Backtracking made 5,422 pushes: 151 times as many." in summary, summary


def test_a_start_a_theorem_rules_out_gets_the_theorem(qtbot, window):
    window.apply_settings(4, 4)
    compare(qtbot, window, 0, 20_000)
    panel = window.analysis_panel.compare
    assert {r.result.outcome for r in panel.model.rows} == {"impossible"}
    assert panel.summary_label.text() == (
        "No tour from a4 (0,0): 4×4 has no knight's tour from any square "
        "(Cull and De Curtins; Conrad et al.).")


def test_the_table_shows_every_column_whole(qtbot, window):
    window.resize(1400, 900)
    qtbot.waitUntil(lambda: window.width() == 1400)
    window.apply_settings(6, 6)
    compare(qtbot, window, 0, 20_000)
    panel = window.analysis_panel.compare
    table = panel.table
    qtbot.waitUntil(lambda: not table.visibleRegion().isEmpty())
    qtbot.waitUntil(lambda: not table.horizontalScrollBar().isVisible())
    header = table.horizontalHeader()
    for column in range(panel.model.columnCount()):
        assert header.sectionViewportPosition(column) + header.sectionSize(column) <= table.viewport().width()
        for row in range(panel.proxy.rowCount()):
            text = panel.proxy.index(row, column).data()
            assert table.fontMetrics().horizontalAdvance(text) < header.sectionSize(column), text
    assert table.viewport().height() >= 6 * table.rowHeight(0)


def test_compare_reports_the_same_figures_as_the_cli(qtbot, window):
    window.apply_settings(6, 6)
    click_square(qtbot, window, 0)
    panel = window.analysis_panel.compare
    panel.budget_spin.setValue(20_000)
    with qtbot.waitSignal(panel.compare_finished, timeout=30000):
        ctrl(qtbot, window, Qt.Key.Key_A, shift=True)
    rows = panel.model.rows
    assert [(r.config.algorithm, r.config.tie_break) for r in rows] == [
        (c.algorithm, c.tie_break) for c in compare_configs(Board(6), False)]
    for row in rows:
        out = io.StringIO()
        with redirect_stdout(out):
            cli.main(["solve", "--size", "6", "--start", "a6", "-a", row.config.algorithm,
                      "-t", row.config.tie_break, "--budget", "20000", "--format", "json"])
        figures = json.loads(out.getvalue())
        assert (row.result.outcome, row.result.pushes, row.result.pops) == (
            figures["outcome"], figures["pushes"], figures["pops"]), row.config
    tours = [r for r in rows if r.result.outcome == "tour"]
    best = min(tours, key=lambda r: (r.result.pushes, r.result.pops))
    assert best.config.algorithm == "warnsdorff"  # Warnsdorff wins (ties go to the first listed)
    assert panel.summary_label.text().startswith(
        f"Fewest pushes to a tour: Warnsdorff (ties: {tie_break_name(best.config.tie_break)}) "
        f"with {best.result.pushes} pushes")
    # The table shows the figures as the CLI prints them.
    pushes = panel.model.COLUMNS.index("pushes")
    assert panel.proxy.index(0, pushes).data() == f"{rows[0].result.pushes:,}"
    # Double-click a row: watch that algorithm from the same square.
    last = panel.proxy.rowCount() - 1
    panel.table.scrollTo(panel.proxy.index(last, 0))
    double_click(qtbot, panel.table.viewport(), panel.table.visualRect(panel.proxy.index(last, 0)).center())
    assert window.player.config.algorithm == rows[last].config.algorithm
    assert window.player.start == 0


def test_the_construction_is_compared_too(qtbot, window):
    window.apply_settings(12, 12)
    compare(qtbot, window, 0, 20_000)
    rows = {r.config.algorithm: r for r in window.analysis_panel.compare.model.rows}
    assert rows["construct"].result.outcome == "tour"
    assert (rows["construct"].result.pushes, rows["construct"].result.pops) == (144, 0)
    panel = window.analysis_panel.compare
    ties = dict(zip(cells(panel, "algorithm"), cells(panel, "tie_break"), strict=True))
    assert ties[i18n.algorithm_name("construct")] == "—"  # a tour built beforehand has no ties to break
    assert ties[i18n.algorithm_name("backtracking")] == i18n.tie_break_name("fixed")
