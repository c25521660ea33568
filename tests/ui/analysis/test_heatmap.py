"""The heatmap of an every-square run: numbers on squares, impossible starts."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from knight_gui.ui.analysis.results import OUTCOME_COLOURS
from tests.ui.analysis.common import colour_near, run_all_starts


@pytest.mark.parametrize("n, shown", [
    (0, "0"), (999, "999"), (999.4, "999"), (999.5, "1.0k"), (4096, "4.1k"), (9_949, "9.9k"), (9_999, "10k"),
    (99_949, "100k"), (999_499, "999k"), (999_500, "1.0M"), (999_961, "1.0M"), (1_000_000, "1.0M"),
    (9_999_999, "10M"), (999_499_999, "999M"), (999_961_000, "1.0G"), (2_000_000_000, "2.0G"),
])
def test_compact_numbers_round_into_the_next_unit(n, shown):
    from knight_gui.ui.analysis.heatmap import compact_number

    assert compact_number(n) == shown


@pytest.mark.parametrize("metric", ["pushes", "pops", "time"])
def test_impossible_starts_look_impossible_in_every_numeric_view(qtbot, window, metric):
    window.apply_settings(5, 5, "warnsdorff")
    run_all_starts(qtbot, window)
    panel = window.analysis_panel.every_square
    panel.metric_combo.setCurrentIndex(panel.metric_combo.findData(metric))
    heat = window.board_widget.heat
    impossible_colour = QColor(OUTCOME_COLOURS["impossible"]).rgba()
    for r in panel.results:
        if r.outcome == "impossible":
            assert heat.labels[r.start] == "—"
            assert heat.palette[heat.levels[r.start]] == impossible_colour
        else:
            assert heat.labels[r.start] not in ("—", "")
            assert heat.palette[heat.levels[r.start]] != impossible_colour
    # The ramp's ends are of the searched starts only.
    searched = [r.value(metric) for r in panel.results if r.outcome != "impossible"]
    assert (panel.legend.legend.low, panel.legend.legend.high) == (min(searched), max(searched))
    # ... and the key says what the slate squares are (found in review: "—" was explained nowhere)
    ruled_out = sum(1 for r in panel.results if r.outcome == "impossible")
    assert ruled_out and panel.legend.describe().endswith(f", impossible: {ruled_out}")
    legend = panel.legend
    qtbot.waitUntil(lambda: legend.isVisible() and legend.height() >= legend.heightForWidth(legend.width()))
    key = legend.grab().toImage()
    assert any(colour_near(key, QPointF(x, y), QColor(OUTCOME_COLOURS["impossible"]), 12)
               for x in range(0, key.width(), 2) for y in range(key.height() // 2, key.height(), 2))
    # On the board: the impossible colour on b5, as in the outcome view.
    image = window.board_widget.grab().toImage()
    rect = window.board_widget.square_rect(1)
    assert colour_near(image, rect.topLeft() + QPointF(rect.width() * 0.15, rect.height() * 0.15),
                       QColor(OUTCOME_COLOURS["impossible"]), 60)


def test_the_legend_wraps_its_swatches_into_rows_it_has_room_for(qtbot):
    """Outcome swatches that do not fit in one row wrap, and the legend asks for the height of every
    row (the rows below the second were cut off)."""
    from knight_gui.ui.analysis.heatmap import HeatLegend, Legend, legend_height

    legend = Legend("outcome", swatches=(("tour", 10), ("no-tour", 2000), ("budget", 3), ("impossible", 11)))
    key = HeatLegend()
    qtbot.addWidget(key)
    key.set_legend(legend)
    wide, narrow = legend_height(legend, key.font(), 2000), legend_height(legend, key.font(), 120)
    assert narrow > 2 * wide  # one row, then a swatch a row
    assert key.heightForWidth(120) >= narrow
    key.resize(120, key.heightForWidth(120))
    image = key.grab().toImage()
    last = QColor(OUTCOME_COLOURS["impossible"])  # the fourth row's swatch
    assert any(colour_near(image, QPointF(x, y), last, 12)
               for y in range(image.height() * 3 // 4, image.height()) for x in range(0, 40))
    assert key.describe() == "tour: 10, no tour: 2000, out of budget: 3, impossible: 11"


def test_one_value_at_every_start_is_one_swatch_in_the_squares_colour_not_the_whole_ramp(qtbot, window):
    """Found in review: Warnsdorff on 8×8 makes 64 pushes from every start; the key showed the ramp's
    every colour, "64 … 64", over squares all of one colour.  It shows that colour, once."""
    from knight_gui.ui.analysis.heatmap import RAMP, ramp_colour

    window.apply_settings(8, 8, "warnsdorff")
    run_all_starts(qtbot, window)
    page = window.analysis_panel.every_square
    page.metric_combo.setCurrentIndex(1)  # pushes: 64 from every start
    assert page.legend.describe() == "Pushes: 64 at every start"
    legend = page.legend
    qtbot.waitUntil(legend.isVisible)
    image = legend.grab().toImage()
    seen = [QPointF(x, y) for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)]
    assert any(colour_near(image, p, ramp_colour(0.5), 12) for p in seen)
    assert not any(colour_near(image, p, QColor(RAMP[-1]), 12) for p in seen)  # (no ramp)
    board = window.board_widget.grab().toImage()
    corner = window.board_widget.square_rect(27).topLeft() + QPointF(3, 3)
    assert colour_near(board, corner, ramp_colour(0.5), 40)


@pytest.mark.parametrize("metric", ["outcome", "pushes", "pops", "time"])
def test_a_key_with_no_results_yet_shows_nothing_under_the_board(qtbot, metric):
    """Found in review: before a run's first results, the key under the board read "Starts:" alone
    (or, for a numeric metric, "0 at every start")."""
    from knight_gui.tour import Board
    from knight_gui.ui.analysis.heatmap import BoardKey, HeatLegend, build_heat

    heat, legend = build_heat(Board(5), [], metric)
    assert legend.empty
    page = HeatLegend()
    qtbot.addWidget(page)
    page.set_legend(legend)
    key = BoardKey(page)
    qtbot.addWidget(key)
    key.show_heat(heat)
    assert not key.isVisible() and key.isHidden() is not False
