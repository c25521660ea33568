"""The command line's closed tours by construction and the open-tour fallback of ``solve --all``."""

from __future__ import annotations

import json
import time

import pytest

from knight_gui import cli
from knight_gui.tour import Board
from knight_gui.tour.validate import tour_error


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def solved(capsys, *argv: str) -> dict:
    code, out, _ = run(capsys, "solve", "--format", "json", *argv)
    assert code == 0
    return json.loads(out)


def path_of(data: dict) -> list[int]:
    return [r * data["cols"] + c for r, c in data["path"]]


def test_closed_on_100_by_100_builds_the_tour(capsys):
    began = time.perf_counter()
    data = solved(capsys, "--size", "100", "--start", "99", "99", "--closed")
    assert time.perf_counter() - began < 10
    assert data["algorithm"] == "construct" and data["outcome"] == "tour" and data["pops"] == 0
    path = path_of(data)
    assert path[0] == 99 * 100 + 99 and tour_error(Board(100), path, closed=True) is None


@pytest.mark.slow
def test_closed_on_1000_by_1000_from_the_corner(capsys):
    began = time.perf_counter()
    data = solved(capsys, "--size", "1000", "--start", "0", "0", "--closed")
    assert time.perf_counter() - began < 60
    assert data["algorithm"] == "construct" and data["outcome"] == "tour"
    assert tour_error(Board(1000), path_of(data), closed=True) is None


def test_an_algorithm_given_is_kept_and_small_boards_keep_the_default(capsys):
    code, out, _ = run(capsys, "solve", "--size", "12", "--start", "0", "0", "--closed", "-a", "warnsdorff",
                       "--budget", "500", "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["algorithm"] == "warnsdorff" and data["outcome"] == "budget"
    code, out, _ = run(capsys, "solve", "--size", "8", "--start", "0", "0", "--closed", "--format", "json")
    assert code == 0 and json.loads(out)["algorithm"] == "warnsdorff"
    code, out, _ = run(capsys, "solve", "--rows", "10", "--cols", "40", "--start", "0", "0", "--closed",
                       "--budget", "100", "--format", "json")
    assert json.loads(out)["algorithm"] == "warnsdorff"  # the shorter side is not over 10


def test_all_closed_reports_every_start(capsys):
    code, out, _ = run(capsys, "solve", "--size", "12", "--all", "--closed", "--format", "json")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["start"][0] * 12 + r["start"][1] for r in records] == list(range(144))
    for record in records:
        assert record["algorithm"] == "construct" and record["outcome"] == "tour"
        assert tour_error(Board(12), path_of(record), closed=True) is None
    code, out, _ = run(capsys, "solve", "--size", "12", "--all", "--closed")
    assert code == 0 and out.splitlines()[-1].startswith("144 starts on 12×12: 144 tours;")


def test_all_on_a_board_without_closed_tours_says_so(capsys):
    code, out, _ = run(capsys, "solve", "--size", "5", "--all", "--closed", "-a", "construct")
    assert code == 1 and "25 impossible" in out.splitlines()[-1]


def test_all_open_finishes_starts_out_of_budget_with_the_fallback(capsys):
    code, out, _ = run(capsys, "solve", "--size", "6", "--all", "--budget", "50")
    assert code == 0
    last = out.splitlines()[-1]
    assert last.startswith("36 starts on 6×6: 36 tours;") and "by the fallback" in last
    marked = [line for line in out.splitlines() if " tour* " in line]
    assert marked and f"{len(marked)} of the tours (tour*)" in last
    code, out, _ = run(capsys, "solve", "--size", "6", "--all", "--budget", "50", "--format", "json")
    records = [json.loads(line) for line in out.splitlines()]
    fallback = [r for r in records if r["outcome"] == "tour" and "by the fallback" in r["reason"]]
    assert len(fallback) == len(marked)
    for record in fallback:
        assert tour_error(Board(6), path_of(record)) is None


def test_a_closed_search_out_of_budget_has_no_fallback(capsys):
    code, out, _ = run(capsys, "solve", "--size", "8", "--all", "--closed", "--budget", "30")
    assert code == 1 and "out of budget" in out.splitlines()[-1]


def test_other_algorithms_keep_their_budget_outcomes(capsys):
    code, out, _ = run(capsys, "solve", "--size", "6", "--all", "--budget", "50", "-a", "backtracking")
    assert code == 1 and "out of budget" in out.splitlines()[-1] and "fallback" not in out


def test_export_closed_on_a_big_board_builds_the_tour_as_solve_does(capsys, tmp_path):
    """Without --algorithm, export --closed on a board whose sides are both over 10 draws the
    construction, as solve --closed does (a closing-aware search there runs past any budget:
    here it would end at the time limit with no tour and write nothing)."""
    from PySide6.QtGui import QImage

    target = tmp_path / "closed.png"
    code, out, _ = run(capsys, "export", "--size", "30", "--start", "0", "0", "--closed", "--seconds", "20",
                       "-o", str(target))
    assert code == 0 and "construct" in out.splitlines()[0] and f"wrote {target}" in out
    assert QImage(str(target)).width() > 0
    code, out, _ = run(capsys, "export", "--size", "30", "--start", "0", "0", "--closed", "-a", "warnsdorff",
                       "--budget", "200", "-o", str(tmp_path / "kept.png"))
    assert code == 1 and "warnsdorff" in out.splitlines()[0]  # (the algorithm given is kept)


def test_an_animated_closed_export_on_a_big_board_animates_the_construction(capsys, tmp_path):
    target = tmp_path / "closed.gif"
    code, out, _ = run(capsys, "export", "--size", "12", "--start", "0", "0", "--closed", "--seconds", "10",
                       "-o", str(target))
    assert code == 0 and f"wrote {target}: 144 frames (events 1..145)" in out  # 144 pushes, no pop
