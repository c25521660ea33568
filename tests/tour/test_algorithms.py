"""tour/algorithms.py: the one registry, and that each algorithm does what the registry says."""

from __future__ import annotations

from itertools import islice

import pytest

from knight_gui.tour import Board, Outcome, Pop, PopReason, Push, Search
from knight_gui.tour.algorithms import (
    ALGORITHMS,
    BACKTRACKS,
    CLOSED,
    DEFAULT_ALGORITHM,
    DEFAULT_TIE_BREAK,
    FIXED_ORDER,
    MIRRORED,
    TIE_BREAKS,
    WARNSDORFF,
    check,
    tie_break_used,
)


def events(search: Search, limit: int = 100_000) -> list:
    return list(islice(search, limit))


def test_every_group_names_only_registered_algorithms_and_tie_breaks():
    for group in (FIXED_ORDER, WARNSDORFF, BACKTRACKS, CLOSED):
        assert set(group) <= set(ALGORITHMS)
    assert set(MIRRORED) <= set(TIE_BREAKS)
    assert DEFAULT_ALGORITHM in ALGORITHMS and DEFAULT_TIE_BREAK in TIE_BREAKS
    assert all(text.strip() for text in (*ALGORITHMS.values(), *TIE_BREAKS.values()))


def test_the_tie_break_used():
    assert tie_break_used("warnsdorff") == DEFAULT_TIE_BREAK
    assert tie_break_used("greedy", "pohl") == "pohl"
    for algorithm in FIXED_ORDER:
        assert tie_break_used(algorithm, "roth") == "fixed"


@pytest.mark.parametrize(("algorithm", "tie_break", "closed", "error"), [
    ("depth-first", None, False, "unknown algorithm 'depth-first'; choose one of warnsdorff, classic, "
                                 "backtracking, greedy, construct"),
    ("warnsdorff", "random", False, "unknown tie-break 'random'; choose one of fixed, roth, pohl, lookahead"),
    ("classic", "roth", False, "the classic algorithm always breaks ties in the fixed move order"),
    ("greedy", None, True, "closed tours need backtracking or the construction; greedy cannot aim for one"),
])
def test_options_that_do_not_go_together_say_why(algorithm, tie_break, closed, error):
    with pytest.raises(ValueError) as raised:
        check(algorithm, tie_break, closed)
    assert str(raised.value) == error
    with pytest.raises(ValueError, match=error.split(";")[0].replace("'", ".")):
        Search(Board(5), 0, algorithm, tie_break, closed)  # the search asks the registry


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
@pytest.mark.parametrize("tie_break", [None, *TIE_BREAKS])
@pytest.mark.parametrize("closed", [False, True])
def test_every_combination_the_registry_accepts_runs(algorithm, tie_break, closed):
    try:
        used = check(algorithm, tie_break, closed)
    except ValueError:
        return
    assert used == (tie_break or tie_break_used(algorithm))
    first = next(iter(Search(Board(6), 0, algorithm, tie_break, closed)))
    assert first == Push(0, 1, first.degree)


def test_backtracking_keeps_the_tie_break_asked_and_never_uses_it():
    board = Board(5)
    fixed = events(Search(board, 2, "backtracking", "fixed"), 3000)
    for tie in ("roth", "pohl", "lookahead"):
        assert check("backtracking", tie, False) == tie
        assert events(Search(board, 2, "backtracking", tie), 3000) == fixed


def test_warnsdorff_takes_the_fewest_onward_squares_first_and_backtracking_the_fixed_order():
    board = Board(8)
    for algorithm in WARNSDORFF:
        search = Search(board, 0, algorithm)
        it = iter(search)
        next(it)  # the start
        candidates = search.frame(0).candidates
        second = next(it)
        assert second.degree == min(degree for _, degree in candidates)
    search = Search(board, 0, "backtracking")
    it = iter(search)
    next(it)
    assert next(it).square == board.neighbours(0)[0]  # the first move of the fixed order that stays on


def test_greedy_is_warnsdorff_without_backtracking():
    """Where greedy gets stuck, Warnsdorff with the same tie-break has made the same moves and pops."""
    board = Board(5)
    start = board.parse("c1")  # greedy gets stuck there after 17 moves (fixed tie-break)
    greedy = events(Search(board, start, "greedy", "fixed"))
    stuck = greedy[-1]
    assert isinstance(stuck, Outcome) and stuck.kind == "stuck" and stuck.code == "stuck"
    assert not any(isinstance(e, Pop) for e in greedy)
    warnsdorff = events(Search(board, start, "warnsdorff", "fixed"), len(greedy))
    assert warnsdorff[:-1] == greedy[:-1]
    assert stuck.args == (17, "a5")
    assert warnsdorff[-1] == Pop(board.parse("a5"), 17, PopReason.DEAD_END, 0)
    assert "greedy" not in BACKTRACKS and set(WARNSDORFF) - set(BACKTRACKS) == {"greedy"}


def test_a_mirrored_tie_break_gives_mirror_image_tours_from_mirror_image_starts():
    board = Board(7)

    def tour(start: int) -> list[int]:
        search = Search(board, start, "warnsdorff", "roth")
        for event in search:
            if isinstance(event, Outcome):
                return search.path()
        raise AssertionError

    left, right = tour(board.square(1, 0)), tour(board.square(1, 6))
    assert [board.square(r, 6 - c) for r, c in map(board.row_col, left)] == right
    assert "roth" in MIRRORED
