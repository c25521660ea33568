"""The command line: output shapes, exit codes, files, and one clear line for bad input.

Most tests run ``main(argv)`` in this process (fast); a few run the real
``knight-tour`` entry point.  The window and the PNG export are replaced by
stand-ins here, so no test in this module loads Qt in this process.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import types

import pytest

from knight_gui import cli
from knight_gui.tour import Board, Outcome, Search
from knight_gui.tour.validate import is_tour


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def path_of(data: dict) -> list[int]:
    return [r * data["cols"] + c for r, c in data["path"]]


# -- bad input: exit 2, one line, no traceback -------------------------------------

BAD = [
    ("solve --size 0 --start 0 0", "board rows must be between 1 and 2000, not 0"),
    ("solve --size -1 --start 0 0", "board rows must be between 1 and 2000, not -1"),
    ("solve --size 100000 --start 0 0", "not 100000"),
    ("solve --size 99999999999999999999999 --start 0 0", "must be between 1 and 2000"),
    ("solve --size abc --start 0 0", "argument --size: 'abc' is not a whole number"),
    ("solve --size 2.5 --start 0 0", "'2.5' is not a whole number"),
    ("solve --rows 0 --cols 5 --start 0 0", "board rows must be between"),
    ("solve --rows 5 --cols x --start 0 0", "argument --cols: 'x' is not a whole number"),
    ("solve --rows 5 --start 0 0", "give both --rows and --cols"),
    ("solve --size 5 --rows 5 --cols 6 --start 0 0", "give --size or --rows and --cols, not both"),
    ("solve --size 8", "solve needs --start ROW COL or --start NAME (or --all for every square)"),
    ("solve --size 8 --start", "argument --start: expected at least one argument"),
    ("solve --size 8 --start 8 0", "square (8, 0) is off the 8×8 board"),
    ("solve --size 8 --start -1 0", "square (-1, 0) is off the 8×8 board"),
    ("solve --size 8 --start 0,9", "square (0, 9) is off the 8×8 board"),
    ("solve --size 8 --start i1", "square 'i1' is off the 8×8 board"),
    ("solve --size 8 --start a9", "square 'a9' is off the 8×8 board"),
    ("solve --size 8 --start zz", "'zz' is not a square"),
    ("solve --size 8 --start a8 b", "'a8 b' is not a square"),
    ("solve --size 8 --start 0 0 0", "--start takes a name like a8 or a row and column like 0 0, not 3"),
    ("solve --size 30 --start a1", "need a board of at most 26 columns"),
    ("solve --start a8 --algorithm nope", "argument -a/--algorithm: invalid choice: 'nope'"),
    ("solve --start a8 --tie-break nope", "argument -t/--tie-break: invalid choice: 'nope'"),
    ("solve --start a8 --algorithm classic --tie-break roth", "classic algorithm always breaks ties"),
    ("solve --start a8 --algorithm greedy --closed", "closed tours need backtracking"),
    ("solve --start a8 --budget 0", "argument --budget: must be at least 1, not 0"),
    ("solve --start a8 --budget many", "'many' is not a whole number"),
    ("solve --start a8 --seconds -1", "must be a positive number of seconds, not -1"),
    ("solve --start a8 --seconds nan", "must be a positive number of seconds, not nan"),
    ("solve --start a8 --seconds soon", "'soon' is not a number of seconds"),
    ("solve --start a8 --format xml", "argument --format: invalid choice: 'xml'"),
    ("solve --size 30 --start 0 0 --coords chess", "30×30 has more than 26 columns"),
    ("solve --all --start a8", "--all solves from every square; leave out --start"),
    ("solve --all --save {tmp}/t.json", "--save keeps one tour; leave out --all"),
    ("solve --start a8 --save {tmp}/missing/t.json", "the folder {tmp}/missing does not exist"),
    ("solve --start a8 --save {tmp}", "cannot write {tmp}: it is a folder"),
    ("solve --start a8 --save=", "cannot write a file with an empty name"),
    ("export --start a8 --output=", "cannot write a file with an empty name"),
    ("show ''", "cannot read a file with an empty name"),
    ("solve --start a8 --frobnicate", "unrecognized arguments: --frobnicate"),
    ("frobnicate", "argument COMMAND: invalid choice: 'frobnicate'"),
    ("count --size 8 --start 0 0", "counting every tour on 8×8 by exhaustive search could take longer"),
    ("count --size 5", "count needs --start"),
    ("count --size 5 --start 0 0 --budget -3", "argument --budget: must be at least 1, not -3"),
    ("count --size 5 --start 0 0 --algorithm greedy", "unrecognized arguments: --algorithm greedy"),
    ("show", "the following arguments are required: FILE"),
    ("show {tmp}/nothing.json", "cannot read {tmp}/nothing.json: no such file or folder"),
    ("show {tmp}", "cannot read {tmp}: it is a folder, not a regular file"),
    ("show {tmp}/corrupt.json", "{tmp}/corrupt.json: not valid JSON"),
    ("show {tmp}/foreign.json", "{tmp}/foreign.json: not a knight-tour file"),
    ("show {tmp}/cheat.json", "{tmp}/cheat.json: the path is not a knight's tour"),
    ("export --size 8 --start a8", "the following arguments are required: -o/--output"),
    ("export --start a8 -o {tmp}/t.png --px 5", "--px must be between 16 and 8192, not 5"),
    ("export --start a8 -o {tmp}/missing/t.png", "the folder {tmp}/missing does not exist"),
    ("export --start 9 9 -o {tmp}/t.png", "square (9, 9) is off the 8×8 board"),
    ("--size 0", "board rows must be between 1 and 2000, not 0"),
    ("--play", "--play needs --start"),
    ("--start a8 --algorithm classic --tie-break pohl", "classic algorithm always breaks ties"),
]


@pytest.fixture
def bad_files(tmp_path):
    (tmp_path / "corrupt.json").write_text('{"format": "knight-tour", "version": 1, "rows"', encoding="utf-8")
    (tmp_path / "foreign.json").write_text('{"name": "something else"}', encoding="utf-8")
    cheat = {"format": "knight-tour", "version": 1, "rows": 5, "cols": 5, "start": [0, 0],
             "algorithm": "warnsdorff", "tie_break": "lookahead", "closed": False, "outcome": "tour",
             "path": [[0, 0], [1, 2], [2, 4]], "pushes": 3, "pops": 0}
    (tmp_path / "cheat.json").write_text(json.dumps(cheat), encoding="utf-8")
    return tmp_path


def test_there_are_at_least_25_bad_invocations():
    assert len(BAD) >= 25


@pytest.mark.parametrize("command, message", BAD)
def test_bad_input_exits_2_with_one_clear_line(capsys, bad_files, command, message):
    tmp = str(bad_files)
    argv = [word.replace("{tmp}", tmp) for word in shlex.split(command)]
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("knight-tour: error: ")
    assert message.replace("{tmp}", tmp) in err
    assert "Traceback" not in err
    assert sorted(os.listdir(tmp)) == ["cheat.json", "corrupt.json", "foreign.json"]


def test_help_and_version_exit_0(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "solve" in out and "exit codes" in out
    code, out, _ = run(capsys, "solve", "--help")
    assert code == 0 and "--tie-break" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("knight-tour ")


# -- solve ---------------------------------------------------------------------


def test_solve_prints_the_numbered_board_and_a_summary(capsys):
    code, out, err = run(capsys, "solve", "--size", "8", "--start", "a8")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 9
    grid = [[int(n) for n in line.split()] for line in lines[:8]]
    assert all(len(line) == len(lines[0]) for line in lines[:8])
    assert grid[0][0] == 1
    path = sorted(range(64), key=lambda sq: grid[sq // 8][sq % 8])
    assert is_tour(Board(8), path)
    assert lines[8].startswith("Tour found on 8×8 from a8 (0,0) by warnsdorff, tie-break lookahead; "
                               "64 pushes, 0 pops, ")
    assert lines[8].endswith(" ms")


@pytest.mark.parametrize("start", [["0", "0"], ["0,0"], ["a8"], ["(0,", "0)"]])
def test_start_is_accepted_as_a_pair_or_a_name(capsys, start):
    code, out, _ = run(capsys, "solve", "--start", *start, "--format", "json")
    assert code == 0 and json.loads(out)["start"] == [0, 0]


def test_solve_json_is_one_object_with_every_field(capsys):
    code, out, _ = run(capsys, "solve", "--rows", "5", "--cols", "6", "--start", "2", "3", "--closed",
                       "--format", "json")
    assert code == 0 and out.count("\n") == 1
    data = json.loads(out)
    assert list(data) == ["rows", "cols", "start", "algorithm", "tie_break", "closed", "outcome", "reason",
                          "path", "pushes", "pops", "seconds"]
    assert (data["rows"], data["cols"], data["start"], data["closed"]) == (5, 6, [2, 3], True)
    assert data["algorithm"] == "warnsdorff" and data["tie_break"] == "lookahead"
    assert data["outcome"] == "tour" and data["path"][0] == [2, 3]
    assert is_tour(Board(5, 6), path_of(data), closed=True)
    assert data["pushes"] - data["pops"] == 30 and data["seconds"] >= 0


@pytest.mark.parametrize("argv, outcome, path_length", [
    (["--size", "4", "--start", "0", "0"], "impossible", 0),
    (["--size", "5", "--start", "b5"], "impossible", 0),
    (["--rows", "3", "--cols", "4", "--start", "b3"], "impossible", 0),  # (a middle line of 3×4)
    (["--rows", "3", "--cols", "7", "--start", "d2"], "no-tour", 0),  # (no theorem: the search is exhausted)
    (["--rows", "3", "--cols", "7", "--start", "c3", "--algorithm", "greedy"], "stuck", None),
    (["--size", "8", "--start", "a8", "--algorithm", "backtracking", "--budget", "300"], "budget", None),
])
def test_no_tour_exits_1_and_says_why(capsys, argv, outcome, path_length):
    code, out, _ = run(capsys, "solve", *argv, "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["outcome"] == outcome and data["reason"]
    if path_length is not None:
        assert data["path"] == []
    else:
        assert 0 < len(data["path"]) < data["rows"] * data["cols"]
    code, out, _ = run(capsys, "solve", *argv)
    assert code == 1 and out.splitlines()[-1].split(" on ")[0] in (
        "Impossible", "No tour", "Stuck", "Budget used up")


def test_a_partial_path_prints_dots(capsys):
    code, out, _ = run(capsys, "solve", "--start", "a8", "--algorithm", "backtracking", "--budget", "10",
                       "--coords", "chess")
    lines = out.splitlines()
    assert code == 1 and lines[0] == "   a  b  c  d  e  f  g  h" and "." in lines[1]
    assert lines[-1].startswith("Budget used up on 8×8")


def test_seconds_budget(capsys):
    code, out, _ = run(capsys, "solve", "--size", "8", "--start", "a8", "--algorithm", "backtracking",
                       "--seconds", "0.05", "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["outcome"] == "budget" and "0.05 s" in data["reason"]


def test_options_before_the_command_apply_to_it(capsys):
    code, out, _ = run(capsys, "--size", "5", "solve", "--start", "0", "0", "--format", "json")
    assert code == 0 and json.loads(out)["rows"] == 5


# -- solve --all -------------------------------------------------------------------


def test_all_prints_a_line_per_start_and_totals(capsys):
    code, out, _ = run(capsys, "solve", "--size", "8", "--all")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 1 + 64 + 1
    assert lines[0].split() == ["start", "outcome", "pushes", "pops", "ms"]
    assert lines[1].split()[:5] == ["a8", "(0,0)", "tour", "64", "0"]
    assert lines[-1].startswith("64 starts on 8×8: 64 tours; 4096 pushes, 0 pops, ")


def test_all_ignores_starts_ruled_impossible(capsys):
    code, out, _ = run(capsys, "solve", "--size", "5", "--all")
    assert code == 0
    assert out.splitlines()[-1].startswith("25 starts on 5×5: 13 tours, 12 impossible;")


def test_all_exits_1_when_a_possible_start_got_no_tour(capsys):
    code, out, _ = run(capsys, "solve", "--rows", "3", "--cols", "7", "--all", "--algorithm", "backtracking")
    assert code == 1 and out.splitlines()[-1].endswith("1 start where a tour may exist got none")  # d2
    code, out, _ = run(capsys, "solve", "--size", "3", "--all")
    assert code == 1 and "0 tours, 9 impossible" in out


def test_all_json_is_one_object_per_line(capsys):
    code, out, _ = run(capsys, "solve", "--size", "5", "--all", "--format", "json")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(records) == 25
    assert [r["start"] for r in records] == [[r, c] for r in range(5) for c in range(5)]
    for record in records:
        if record["outcome"] == "tour":
            assert is_tour(Board(5), path_of(record))
        else:
            assert record["outcome"] == "impossible" and record["path"] == []


# -- count ---------------------------------------------------------------------


@pytest.mark.parametrize("argv, tours", [
    (["--size", "5", "--start", "0", "0"], 304),
    (["--rows", "3", "--cols", "4", "--start", "0", "0"], 2),
    (["--rows", "3", "--cols", "4", "--start", "a1"], 2),
    (["--rows", "5", "--cols", "6", "--start", "0", "0", "--closed"], 16),
])
def test_count_is_exact(capsys, argv, tours):
    code, out, _ = run(capsys, "count", *argv)
    assert code == 0 and out.startswith(f"{tours} ") and "(directed, exact; " in out
    code, out, _ = run(capsys, "count", *argv, "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["tours"] == tours and data["exact"] is True


def test_count_without_tours_exits_1(capsys):
    code, out, _ = run(capsys, "count", "--size", "5", "--start", "b5")
    assert code == 1 and out.startswith("0 tours from b5 (0,1) on 5×5: ") and "corners' colour" in out
    code, out, _ = run(capsys, "count", "--rows", "3", "--cols", "7", "--start", "d2")
    assert code == 1 and out.startswith("0 tours from d2 (1,3) on 3×7: the search is exhausted")


def test_a_budget_makes_the_count_a_lower_bound(capsys):
    code, out, _ = run(capsys, "count", "--size", "8", "--start", "0", "0", "--budget", "2000",
                       "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["exact"] is False and "budget" in data["reason"]
    code, out, _ = run(capsys, "count", "--size", "6", "--start", "0", "0", "--seconds", "0.05")
    assert code == 1 and out.startswith("at least ") and "the time budget of 0.05 s is used up" in out


@pytest.mark.parametrize("rows, cols, start, closed, tours", [
    (3, 4, 0, False, 2), (4, 5, 0, False, 32), (3, 7, 0, False, 8), (3, 4, 0, True, 0),
])
def test_counting_agrees_with_plain_backtracking(rows, cols, start, closed, tours):
    """The pruned count and every tour outcome of the plain search, run to its end, agree."""
    search = Search(Board(rows, cols), start, "backtracking", closed=closed)
    outcomes = [event for event in search if event.__class__ is Outcome]
    assert [o.kind for o in outcomes] == ["tour"] * tours + [outcomes[-1].kind]
    assert outcomes[-1].kind in ("no-tour", "impossible")
    assert cli._count(Board(rows, cols), start, closed, None, None)[:2] == (tours, True)


# -- save and show -------------------------------------------------------------


def test_save_then_show_round_trip(capsys, tmp_path):
    target = tmp_path / "tour.json"
    code, solved, _ = run(capsys, "solve", "--size", "6", "--start", "c4", "--save", str(target))
    assert code == 0 and target.exists()
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["format"] == "knight-tour" and data["version"] == 1 and data["start"] == [2, 2]
    code, shown, _ = run(capsys, "show", str(target))
    assert code == 0
    assert shown.splitlines()[:6] == solved.splitlines()[:6]
    assert shown.splitlines()[6].startswith("Tour found on 6×6 from c4 (2,2)")
    code, shown, _ = run(capsys, "show", str(target), "--format", "json", "--coords", "index")
    assert code == 0 and json.loads(shown)["path"] == data["path"] and json.loads(shown)["seconds"] is None


def test_save_replaces_a_file_atomically(capsys, tmp_path):
    target = tmp_path / "tour.json"
    target.write_text("old", encoding="utf-8")
    code, _, _ = run(capsys, "solve", "--size", "5", "--start", "a5", "--save", str(target))
    assert code == 0 and json.loads(target.read_text(encoding="utf-8"))["rows"] == 5
    assert os.listdir(tmp_path) == ["tour.json"]


def test_showing_a_saved_partial_search_exits_1(capsys, tmp_path):
    target = tmp_path / "stuck.json"
    code, _, _ = run(capsys, "solve", "--rows", "3", "--cols", "7", "--start", "c3", "--algorithm", "greedy",
                     "--save", str(target))
    assert code == 1
    code, out, _ = run(capsys, "show", str(target))
    assert code == 1 and "." in out and out.splitlines()[-1].startswith("Stuck on 3×7")


# -- big boards stream ---------------------------------------------------------


class Recorder:
    """A stdout that remembers the size of every write."""

    def __init__(self) -> None:
        self.pieces: list[str] = []

    def write(self, text: str) -> int:
        self.pieces.append(text)
        return len(text)

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_a_300x300_tour_streams_and_is_complete(monkeypatch, fmt):
    recorder = Recorder()
    monkeypatch.setattr(sys, "stdout", recorder)
    assert cli.main(["solve", "--size", "300", "--start", "0", "0", "--format", fmt]) == 0
    assert max(len(p) for p in recorder.pieces) < 64 * 1024
    out = "".join(recorder.pieces)
    if fmt == "json":
        data = json.loads(out)
        assert len(data["path"]) == 90000 and is_tour(Board(300), path_of(data))
    else:
        lines = out.splitlines()
        assert len(lines) == 301 and len(lines[0].split()) == 300
        assert sorted(int(n) for line in lines[:300] for n in line.split()) == list(range(1, 90001))


# -- window and export (stand-ins for the Qt modules) ---------------------------


def stand_in(monkeypatch, name: str, **functions) -> None:
    """Module ``name`` replaced by one holding ``functions``, for ``import name`` and for ``from
    package import module`` too (which takes the package's attribute, set when another test imported
    the real module first: the stand-in was then bypassed, an order-dependent failure)."""
    module = types.ModuleType(name)
    for key, function in functions.items():
        setattr(module, key, function)
    monkeypatch.setitem(sys.modules, name, module)
    package, _, leaf = name.rpartition(".")
    if package in sys.modules:
        monkeypatch.setattr(sys.modules[package], leaf, module, raising=False)


def test_no_command_opens_the_window_with_the_options(capsys, monkeypatch):
    calls = []
    stand_in(monkeypatch, "knight_gui.ui.app", run_window=lambda **kw: calls.append(kw) or 0)
    assert cli.main([]) == 0  # nothing asked: the window keeps what it remembers
    assert calls[-1] == dict(rows=None, cols=None, start=None, algorithm=None, tie_break=None,
                             closed=None, play=False)
    assert cli.main(["--size", "8"]) == 0  # asked for 8×8, even if that is the default
    assert calls[-1] == dict(rows=8, cols=8, start=None, algorithm=None, tie_break=None,
                             closed=None, play=False)
    assert cli.main(["--start", "a1"]) == 0  # a start names a square of the default 8×8 board
    assert calls[-1]["rows"] == calls[-1]["cols"] == 8 and calls[-1]["start"] == 56
    assert cli.main(["--rows", "6", "--cols", "7", "--start", "b6", "-a", "classic", "--closed",
                     "--play"]) == 0
    assert calls[-1] == dict(rows=6, cols=7, start=1, algorithm="classic", tie_break=None, closed=True,
                             play=True)
    count = len(calls)
    assert cli.main(["-a", "classic", "-t", "pohl"]) == 2  # classic takes its ties in the fixed order
    assert len(calls) == count
    assert cli.main(["-t", "pohl"]) == 0
    assert calls[-1]["algorithm"] is None and calls[-1]["tie_break"] == "pohl"
    assert capsys.readouterr() == ("", "knight-tour: error: the classic algorithm always breaks ties "
                                       "in the fixed move order\n")


def test_export_solves_and_draws(capsys, monkeypatch, tmp_path):
    calls = []
    stand_in(monkeypatch, "knight_gui.ui.export",
             export_tour=lambda *args, **kw: calls.append((args, kw)))
    target = str(tmp_path / "t.png")
    code, out, _ = run(capsys, "export", "--size", "6", "--start", "a6", "-o", target, "--px", "300")
    assert code == 0 and out.splitlines()[-1] == f"wrote {target}"
    (board, path, closed, filename), options = calls[-1]
    assert board == Board(6) and is_tour(board, path) and closed is False and filename == target
    assert options == {"coords": "chess", "px": 300}
    code, out, _ = run(capsys, "export", "--size", "4", "--start", "a4", "-o", target)
    assert code == 1 and len(calls) == 1 and out.startswith("Impossible")
    assert out.splitlines()[-1] == f"no tour to draw: {target} not written"


def test_an_export_that_cannot_write_is_one_line(capsys, monkeypatch, tmp_path):
    def fail(*args, **kw):
        raise OSError(f"cannot write {args[3]}: the PNG encoder failed")

    stand_in(monkeypatch, "knight_gui.ui.export", export_tour=fail)
    code, _, err = run(capsys, "export", "--start", "a8", "-o", str(tmp_path / "t.png"))
    assert code == 2
    assert err == f"knight-tour: error: cannot write {tmp_path / 't.png'}: the PNG encoder failed\n"


# -- the real entry point --------------------------------------------------------


def entry_point() -> list[str]:
    found = shutil.which("knight-tour")
    return [found] if found else [sys.executable, "-m", "knight_gui.app"]


def test_the_entry_point_solves(tmp_path):
    done = subprocess.run([*entry_point(), "solve", "--size", "8", "--start", "a8"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert len(done.stdout.splitlines()) == 9


@pytest.mark.parametrize("argv", [["solve", "--size", "0", "--start", "0", "0"], ["solve", "--sise", "8"],
                                  ["show", "/nonexistent/tour.json"]])
def test_the_entry_point_reports_bad_input_in_one_line(argv):
    done = subprocess.run([*entry_point(), *argv], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("knight-tour: error: ")


def test_a_closed_pipe_is_no_traceback():
    command = " ".join([*entry_point(), "solve", "--size", "400", "--start", "0", "0"]) + " | head -n 1"
    done = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=120)
    assert len(done.stdout.splitlines()) == 1
    assert "Traceback" not in done.stderr and "Error" not in done.stderr


def test_the_entry_point_exports_a_png(tmp_path):
    target = tmp_path / "tour.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([*entry_point(), "export", "--size", "5", "--start", "a5", "-o", str(target),
                           "--px", "200"], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert os.listdir(tmp_path) == ["tour.png"]


def test_one_start_is_one_start(capsys):
    code, out, _ = run(capsys, "solve", "--size", "1", "--all")
    assert code == 0 and out.splitlines()[-1].startswith("1 start on 1×1: 1 tour; ")
    code, out, _ = run(capsys, "solve", "--size", "2", "--all")
    assert code == 1 and out.splitlines()[-1].startswith("4 starts on 2×2: 0 tours, 4 impossible; ")
