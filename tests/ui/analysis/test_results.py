"""ui/analysis/results.py: what one start's search came to, its words, numbers and colours."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from knight_gui.tour import OUTCOMES, Board, Outcome, Search
from knight_gui.ui import i18n
from knight_gui.ui.analysis.results import (
    BACKTRACKING_BUDGET,
    DEFAULT_BUDGET,
    METRIC_OUTCOME,
    METRIC_POPS,
    METRIC_PUSHES,
    METRIC_TIME,
    OUTCOME_COLOURS,
    OUTCOME_MARKS,
    StartResult,
    default_budget,
    format_ms,
    outcome_name,
    result_reason,
    solve_start,
    summary,
)
from knight_gui.ui.player import SearchConfig


@pytest.fixture
def english_afterwards(qapp):
    yield
    i18n.install_translator(i18n.ENGLISH)


def engine(board: Board, start: int, algorithm: str, tie: str | None = None, closed: bool = False):
    search = Search(board, start, algorithm, tie, closed)
    for event in search:
        if isinstance(event, Outcome):
            return event, search
    raise AssertionError


@pytest.mark.parametrize(("rows", "cols", "start", "algorithm", "kind"), [
    (5, 5, 0, "warnsdorff", "tour"), (5, 5, 1, "warnsdorff", "impossible"), (5, 5, 22, "greedy", "stuck"),
    (3, 7, 10, "warnsdorff", "no-tour"), (3, 4, 1, "warnsdorff", "impossible"),
    (4, 4, 0, "backtracking", "impossible"),
])
def test_a_start_comes_to_what_the_engine_says(qapp, rows, cols, start, algorithm, kind):
    board = Board(rows, cols)
    result = solve_start(SearchConfig(board, algorithm, "fixed" if algorithm == "greedy" else None), start)
    outcome, search = engine(board, start, algorithm, "fixed" if algorithm == "greedy" else None)
    assert result is not None and result.outcome == outcome.kind == kind
    assert (result.code, result.args) == (outcome.code, outcome.args)
    assert (result.pushes, result.pops, result.dead_ends, result.max_depth) == (
        search.pushes, search.pops, search.dead_ends, search.max_depth)
    assert result.as_outcome() == Outcome(kind, outcome.code, outcome.args, 1 if kind == "tour" else 0)
    assert result.reason == outcome.reason and result_reason(board, result) == outcome.reason
    assert result.seconds >= 0 and not result.ran_out


def test_a_stuck_search_says_where_it_got_stuck(qapp):
    board = Board(5)
    result = solve_start(SearchConfig(board, "greedy", "fixed"), board.parse("c1"))
    assert result is not None and result.outcome == "stuck" and result.end == board.parse("a5")
    done = solve_start(SearchConfig(board), 0)
    assert done is not None and done.end == -1


def test_the_budget_runs_out_and_each_metric_is_a_number(qapp):
    result = solve_start(SearchConfig(Board(5), "backtracking"), 2, max_nodes=5000)
    assert result is not None and result.ran_out and result.outcome == "budget"
    assert result.pushes == 5000
    assert (result.value(METRIC_PUSHES), result.value(METRIC_POPS), result.value(METRIC_TIME)) == (
        5000, result.pops, result.seconds)
    with pytest.raises(ValueError, match="'outcome' is not a numeric metric"):
        result.value(METRIC_OUTCOME)


def test_summary_counts_every_outcome_with_zeros():
    results = [StartResult(s, kind, "x", (), 1, 0, 0, 1, 0.001) for s, kind in
               enumerate(["tour", "tour", "stuck", "impossible"])]
    assert summary(results) == {"tour": 2, "no-tour": 0, "budget": 0, "impossible": 1, "stuck": 1}
    assert summary([]) == dict.fromkeys(OUTCOMES, 0)


def test_every_outcome_has_a_colour_a_mark_and_a_name_in_both_languages(qapp, english_afterwards):
    assert set(OUTCOME_COLOURS) == set(OUTCOME_MARKS) == set(OUTCOMES)
    assert all(QColor(colour).isValid() for colour in OUTCOME_COLOURS.values())
    assert len(set(OUTCOME_COLOURS.values())) == len(OUTCOMES)  # told apart on the heatmap
    english = [outcome_name(kind) for kind in OUTCOMES]
    assert english == ["tour", "no tour", "impossible", "stuck", "out of budget"]
    i18n.install_translator(i18n.CHINESE)
    chinese = [outcome_name(kind) for kind in OUTCOMES]
    assert all(name != word for name, word in zip(chinese, english, strict=True))
    assert outcome_name("something-else") == "something-else"


def test_milliseconds_keep_the_digits_that_mean_something():
    assert [format_ms(s) for s in (0.00123, 0.0456, 1.2345, 0)] == ["1.23", "45.6", "1,234", "0.00"]


def test_plain_backtracking_is_offered_a_smaller_budget():
    assert default_budget("backtracking") == BACKTRACKING_BUDGET
    assert default_budget("warnsdorff") == default_budget("greedy") == DEFAULT_BUDGET > BACKTRACKING_BUDGET
