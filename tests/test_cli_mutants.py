"""The command line (knight_gui.cli): gaps a mutation round found in its tests.

Each test's docstring names the mutant of ``knight_gui/cli.py`` it kills.  Like tests/test_cli.py,
the tests run ``main(argv)`` in this process and load no Qt.
"""

from __future__ import annotations

import io
import json
import signal
import types

import pytest

from knight_gui import cli
from knight_gui.tour import Board
from knight_gui.tour.closed import FALLBACK_CODE
from knight_gui.tour.events import OUTCOME_BUDGET, OUTCOME_TOUR
from tests.test_cli import stand_in

ERASE = "\r\x1b[K"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


class Terminal(io.StringIO):
    """stderr as a terminal."""

    def isatty(self) -> bool:
        return True


# -- values quoted in messages -------------------------------------------------------


def test_a_quoted_value_of_exactly_the_limit_is_shown_whole_and_a_longer_one_cut_to_it():
    """Kills cli.py:123 ``len(text) <= limit`` -> ``< limit`` and ``text[:limit - 4]`` -> ``[:limit - 3]``."""
    exact = "x" * 38  # repr: 40 characters with its quotes
    assert cli.shown(exact) == repr(exact)
    longer = "y" * 50
    assert cli.shown(longer) == "'" + "y" * 35 + "...'"
    assert len(cli.shown(longer)) == 40


def test_a_value_as_typed_of_exactly_the_limit_is_shown_whole_and_a_longer_one_cut_to_it():
    """Kills cli.py:129 ``len(value) <= limit`` -> ``< limit`` and ``value[:limit - 3]`` ->
    ``[:limit - 4]``."""
    assert cli.cut("9" * 40) == "9" * 40
    assert cli.cut("9" * 41) == "9" * 37 + "..."
    assert len(cli.cut("9" * 41)) == 40


# -- numbers on the command line -------------------------------------------------------


def test_a_budget_of_thirty_digits_is_taken(capsys):
    """Kills cli.py:139 ``len(digits) > MAX_DIGITS`` -> ``>= MAX_DIGITS`` (30 digits, the most allowed,
    refused)."""
    code, out, err = run(capsys, "solve", "--size", "5", "--start", "a5", "--budget", "1" + "0" * 29)
    assert (code, err) == (0, "")
    assert "Tour found on 5×5" in out


def test_underscores_do_not_hide_the_digits_of_a_huge_number(capsys):
    """Kills cli.py:138 ``.lstrip("+-").replace("_", "")`` -> ``.lstrip("+-")`` (31 digits with underscores,
    which int() takes, passed as a budget)."""
    value = "1" + "_000" * 10  # 31 digits
    code, out, err = run(capsys, "solve", "--size", "5", "--start", "a5", "--budget", value)
    assert code == 2 and out == ""
    assert err.endswith("has 31 digits: too large\n") and err.count("\n") == 1


def test_a_budget_of_one_push_is_taken(capsys):
    """Kills cli.py:149 ``number < 1`` -> ``number <= 1`` (--budget 1, the least allowed, refused)."""
    code, out, err = run(capsys, "solve", "--size", "5", "--start", "a5", "--budget", "1")
    assert (code, err) == (1, "")
    assert "the budget of 1 push is used up" in out


def test_size_and_rows_alone_say_not_both(capsys):
    """Kills cli.py:405 ``rows is not None or cols is not None`` -> ``and`` (--size with --rows alone gave
    the message for a missing --cols)."""
    code, out, err = run(capsys, "solve", "--size", "5", "--rows", "5", "--start", "a5")
    assert code == 2
    assert err == "knight-tour: error: give --size or --rows and --cols, not both\n"


def test_a_start_with_more_than_sixty_digits_is_far_too_large(capsys):
    """Kills cli.py:423 ``> 2 * MAX_DIGITS`` -> ``> 4 * MAX_DIGITS`` (a start of 62 digits went to the
    board's parser)."""
    row = col = "1" * 31
    code, out, err = run(capsys, "solve", "--size", "5", "--start", row, col)
    assert code == 2
    assert err.endswith("is not a square of the 5×5 board: its numbers are far too large\n")


# -- progress on a terminal -------------------------------------------------------------


def test_durations_round_to_the_nearest_second():
    """Kills cli.py:169 ``int(seconds + 0.5)`` -> ``int(seconds)`` (59.6 s shown as 0:59)."""
    assert cli.format_duration(59.6) == "1:00"
    assert cli.format_duration(3599.5) == "1:00:00"
    assert cli.format_duration(0.4) == "0:00"


def test_rates_at_a_thousand_ten_thousand_and_a_million_take_the_larger_unit():
    """Kills cli.py:177, 179 and 181 ``per_second >= 1e6`` / ``>= 1e4`` / ``>= 1e3`` -> ``>`` ("1000k",
    "10.0k", "1000" at the boundaries)."""
    assert cli.format_rate(1e6) == "1.00M"
    assert cli.format_rate(1e4) == "10k"
    assert cli.format_rate(1e3) == "1.0k"
    assert cli.format_rate(999) == "999"


def test_the_progress_line_is_erased_once(monkeypatch):
    """Kills the deletion of ``self._shown = False`` in ``Progress.clear`` (cli.py:235): every later
    clear wrote the erase code again."""
    stream = Terminal()
    progress = cli.Progress(stream, after=0.0)
    progress.show("working")
    progress.clear()
    progress.clear()
    with progress:
        pass
    assert stream.getvalue() == "\rworking\x1b[K" + ERASE


# -- solve ---------------------------------------------------------------------------------


def test_an_open_tour_on_a_big_board_keeps_the_default_search(capsys):
    """Kills cli.py:510 ``if args.closed and not getattr(...)`` -> ``if not getattr(...)`` (an open tour on a
    board with both sides over 10 was built by the construction instead of searched)."""
    code, out, err = run(capsys, "solve", "--size", "11", "--start", "a11", "--format", "json")
    record = json.loads(out)
    assert code == 0 and record["algorithm"] == "warnsdorff" and record["closed"] is False


def test_a_start_finished_by_the_fallback_counts_the_search_time_too():
    """Kills cli.py:521 ``time.perf_counter() - began + (record.seconds or 0.0)`` -> without the search's
    seconds (a tour* line showed only the fallback's time)."""
    board = Board(6)
    for start in range(board.size):
        record = cli._solve(board, start, "warnsdorff", None, False, 50, None)
        if record.outcome == OUTCOME_BUDGET:
            break
    else:
        pytest.fail("no start of 6×6 runs out of a budget of 50 pushes")
    finished = cli._fallback(record._replace(seconds=100.0))
    assert finished.outcome == OUTCOME_TOUR and finished.code == FALLBACK_CODE
    assert finished.seconds >= 100.0


def test_the_start_column_of_solve_all_is_as_wide_as_its_widest_label(capsys):
    """Kills cli.py:553 ``({board.rows - 1},{board.cols - 1})`` -> ``({board.rows},{board.cols})`` and
    cli.py:554 ``if board.has_names`` -> ``if not board.has_names`` (the column one wider than its
    widest label, or narrower than the labels)."""
    code, out, err = run(capsys, "solve", "--rows", "10", "--cols", "3", "--all", "--budget", "300")
    lines = out.splitlines()
    widest = len("a10 (9,2)")
    assert lines[0].index("outcome") == widest + 2
    rows = lines[1:-1]
    assert len(rows) == 30 and rows[0].startswith("a10 (0,0)  ")
    assert all(row[widest:widest + 2] == "  " and row[widest + 2] != " " for row in rows)


# -- count --------------------------------------------------------------------------------


def test_count_gives_ctrl_c_back_as_it_was():
    """Kills cli.py:631 ``if self._previous is not None`` -> ``is None`` (after a count in this process,
    Ctrl+C stayed caught by the finished count and did nothing)."""
    before = signal.getsignal(signal.SIGINT)
    assert cli.main(["count", "--rows", "3", "--cols", "4", "--start", "0", "0", "--format", "json"]) == 0
    assert signal.getsignal(signal.SIGINT) is before


def test_closed_counts_say_closed_tours(capsys):
    """Kills cli.py:692 ``"closed tours" if closed else "tours"`` -> ``"tours"`` both ways."""
    code, out, err = run(capsys, "count", "--rows", "3", "--cols", "4", "--start", "0", "0", "--closed")
    assert code == 1 and out.startswith("0 closed tours from a3 (0,0) on 3×4: ")
    code, out, err = run(capsys, "count", "--rows", "3", "--cols", "4", "--start", "0", "0")
    assert code == 0 and out.startswith("2 tours from a3 (0,0) on 3×4 (directed, exact; ")


# -- export --------------------------------------------------------------------------------


def test_export_takes_the_smallest_and_largest_px(capsys, monkeypatch, tmp_path):
    """Kills cli.py:733 ``not low <= args.px <= high`` -> ``not low < args.px <= high`` (--px 16 refused)."""
    calls = []
    stand_in(monkeypatch, "knight_gui.ui.export", export_tour=lambda *args, **kw: calls.append(kw))
    target = str(tmp_path / "t.png")
    for px in ("16", "8192"):
        code, out, err = run(capsys, "export", "--size", "5", "--start", "a5", "-o", target, "--px", px)
        assert (code, err) == (0, "") and calls[-1]["px"] == int(px)
    code, out, err = run(capsys, "export", "--size", "5", "--start", "a5", "-o", target, "--px", "15")
    assert code == 2 and err == "knight-tour: error: --px must be between 16 and 8192, not 15\n"
    assert len(calls) == 2


def test_export_takes_a_picture_suffix_in_capitals(capsys, monkeypatch, tmp_path):
    """Kills cli.py:827 ``os.path.splitext(args.output)[1].lower()`` -> without ``.lower()`` (T.PNG refused as
    an unknown file type)."""
    calls = []
    stand_in(monkeypatch, "knight_gui.ui.export", export_tour=lambda *args, **kw: calls.append(args))
    target = str(tmp_path / "T.PNG")
    code, out, err = run(capsys, "export", "--size", "5", "--start", "a5", "-o", target)
    assert (code, err) == (0, "") and out.splitlines()[-1] == f"wrote {target}"
    assert calls[-1][3] == target


def test_export_to_a_folder_says_it_is_a_folder(capsys, tmp_path):
    """Kills cli.py:831 ``if not args.output or os.path.isdir(args.output)`` -> ``if not args.output``
    (a folder named as the output was called a file of unknown type)."""
    code, out, err = run(capsys, "export", "--size", "5", "--start", "a5", "-o", str(tmp_path))
    assert code == 2 and out == ""
    assert err == f"knight-tour: error: cannot write {tmp_path}: it is a folder, not a regular file\n"


def test_an_animation_may_run_at_50_fps_and_hold_its_last_frame_0_seconds():
    """Kills cli.py:805 ``0 < number <= 50`` -> ``0 < number < 50`` and cli.py:816 ``0 <= number <= 60`` ->
    ``0 < number <= 60`` (--fps 50 and --hold 0, the limits allowed, refused)."""
    args = cli.build_parser().parse_args(["export", "-o", "t.gif", "--fps", "50", "--hold", "0"])
    assert (args.fps, args.hold) == (50.0, 0.0)
    args = cli.build_parser().parse_args(["export", "-o", "t.gif", "--hold", "60"])
    assert args.hold == 60.0


# -- check ---------------------------------------------------------------------------------


def test_check_says_0_pushes(capsys, tmp_path):
    """Kills cli.py:950 ``'es' * (report.pushes != 1)`` -> ``'es' * (report.pushes > 1)`` ("0 push")."""
    solver = tmp_path / "empty.py"
    solver.write_text("def solve(rows, cols, start):\n    return\n    yield\n")
    code, out, err = run(capsys, "check", str(solver), "--size", "5", "--start", "a5")
    assert code == 1 and err == ""
    assert out.startswith(f"{solver}: No tour on 5×5 from a5 (0,0): ")
    assert "; 0 pushes, 0 pops, " in out


def test_an_animation_export_says_the_searchs_outcome_first(capsys, monkeypatch, tmp_path):
    """Kills cli.py:883 ``out.write(f"{outcome.reason}\\n")`` -> ``pass`` (the animation's outcome was not
    said); the animation module is a stand-in here, so no Qt is loaded."""
    outcome = types.SimpleNamespace(kind=OUTCOME_TOUR, reason="a tour: every square visited once")
    result = types.SimpleNamespace(outcome=outcome, start_event=1, end_event=25, step=1, frames=25,
                                   width=640, height=640, size=1.5e6)

    class Options:
        def __init__(self, **options) -> None:
            self.options = options

        def problems(self) -> list[str]:
            return []

    stand_in(monkeypatch, "knight_gui.ui.animation", format_of=lambda output: "gif",
             pillow_available=lambda: True, PILLOW_HINT="", AnimationOptions=Options,
             ensure_gui_application=lambda: None, export_animation=lambda *args: result,
             NothingToAnimate=type("NothingToAnimate", (Exception,), {}), ordinal=str)
    target = str(tmp_path / "t.gif")
    code, out, err = run(capsys, "export", "--size", "5", "--start", "a5", "-o", target)
    assert (code, err) == (0, "")
    assert out.splitlines() == ["a tour: every square visited once",
                                f"wrote {target}: 25 frames (events 1..25), 640×640 px, 1.50 MB"]


# -- the whole command line ---------------------------------------------------------------


def test_ctrl_c_during_a_solve_says_interrupted_and_exits_130(capsys, monkeypatch):
    """Kills the deletion of ``_say(f"{PROG}: interrupted\\n")`` (cli.py:1142): Ctrl+C ended a solve with
    no word on stderr."""
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_solve", interrupted)
    code, out, err = run(capsys, "solve", "--size", "8", "--start", "a8")
    assert (code, out, err) == (130, "", "knight-tour: interrupted\n")


def test_an_error_names_a_file_and_a_value_as_typed_spaces_and_all(capsys, tmp_path):
    """Found by the mutation round: the error line collapsed every run of spaces, so a file or a
    square typed with two spaces was named with one, a name other than the user's."""
    missing = tmp_path / "my  tour.json"
    code, _, err = run(capsys, "show", str(missing))
    assert code == cli.EXIT_BAD_INPUT and f"cannot read {missing}" in err
    code, _, err = run(capsys, "solve", "--size", "5", "--start", "a5  x")
    assert code == cli.EXIT_BAD_INPUT and "'a5  x'" in err
    assert err.count("\n") == 1  # (one line all the same)


def test_the_summary_line_counts_one_push_and_one_pop_in_the_singular(capsys):
    """Found by the mutation round: "the budget of 1 push is used up; 1 pushes, 0 pops"."""
    code, out, _ = run(capsys, "solve", "--size", "5", "--start", "a5", "--budget", "1")
    assert "; 1 push, 0 pops" in out
