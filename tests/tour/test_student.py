"""A student's own solver: the rules, the child process and its limits, and ``knight-tour check``.

The rules are tested on the Checker directly (fast, no process); every way a
solver can go wrong is then run for real in a child process, with small
limits so the whole file stays quick.
"""

from __future__ import annotations

import json
import os
import queue
import re
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_gui import cli
from knight_gui.tour import Board, Outcome, Pop, PopReason, Push, Search, student
from knight_gui.tour.student import (
    PLACE_SECONDS,
    POP,
    PUSH,
    Checker,
    MalformedEvent,
    Report,
    SolverFileError,
    check,
    event_shape,
    load_solver,
    pack_event,
    run_solver,
    unpack_event,
)
from knight_gui.tour.student_runner import PLACE_CALLS

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def feed(board: Board, start: int, events: list[tuple[str, tuple[int, int]]],
         sink: list | None = None) -> tuple[Checker, str | None]:
    """Apply events to a fresh Checker up to the first illegal one; the checker and its reason."""
    checker = Checker(board, start, sink)
    for kind, (row, col) in events:
        why = checker.apply(PUSH if kind == "push" else POP, row, col)
        if why is not None:
            return checker, str(why)
    return checker, None


# -- the move rules, one test per rule ----------------------------------------------

ILLEGAL = [
    ("first event pops", [("pop", (0, 0))],
     "event 1: pop (0, 0): the first event must push the start (0, 0)"),
    ("first event pushes another square", [("push", (2, 1))],
     "event 1: push (2, 1): the first event must push the start (0, 0)"),
    ("push off the board", [("push", (0, 0)), ("push", (5, 1))],
     "event 2: push (5, 1) is off the 5×5 board (rows 0..4, columns 0..4)"),
    ("pop off the board", [("push", (0, 0)), ("pop", (0, -1))],
     "event 2: pop (0, -1) is off the 5×5 board (rows 0..4, columns 0..4)"),
    ("not a knight's move", [("push", (0, 0)), ("push", (2, 1)), ("push", (4, 4))],
     "event 3: push (4, 4) is not a knight's move from (2, 1), the top of the stack"),
    ("onto the stack", [("push", (0, 0)), ("push", (2, 1)), ("push", (0, 0))],
     "event 3: push (0, 0) lands on a square already on the stack (move 1)"),
    ("pop not the top", [("push", (0, 0)), ("push", (2, 1)), ("pop", (0, 0))],
     "event 3: pop (0, 0) does not name the top of the stack, (2, 1)"),
    ("pop an empty stack", [("push", (0, 0)), ("pop", (0, 0)), ("pop", (0, 0))],
     "event 3: pop (0, 0) but the stack is empty: the search ended when it popped the start"),
    ("push after the start was popped", [("push", (0, 0)), ("pop", (0, 0)), ("push", (0, 0))],
     "event 3: push (0, 0) but the stack is empty: the search ended when it popped the start"),
]


@pytest.mark.parametrize(("events", "reason"), [case[1:] for case in ILLEGAL], ids=[c[0] for c in ILLEGAL])
def test_each_rule_names_the_event_its_number_and_why(events, reason):
    checker, why = feed(Board(5), 0, events)
    assert why == reason
    legal = events[:-1]  # the illegal event left the stack as it was
    assert checker.pushes - checker.pops == len(checker.stack)
    assert checker.pushes == sum(1 for kind, _ in legal if kind == "push")


def test_a_legal_search_with_a_tour_and_more():
    board = Board(1, 1)
    checker, why = feed(board, 0, [("push", (0, 0)), ("pop", (0, 0))])
    assert why is None and checker.tours == 1 and checker.stack == []


def test_the_model_events_are_the_built_in_searchs_own():
    board = Board(5)
    search = Search(board, 0, "backtracking", None, False)
    theirs = []
    for event in search:
        theirs.append(event)
        if isinstance(event, Outcome):
            break
    mine: list = []
    checker = Checker(board, 0, mine)
    for event in theirs[:-1]:
        assert checker.apply(PUSH if isinstance(event, Push) else POP, *board.row_col(event.square)) is None
    assert mine[:-1] == theirs[:-1]  # squares, steps, degrees, pop reasons, tries
    assert isinstance(mine[-1], Outcome) and mine[-1].kind == "tour" and mine[-1].tours == 1
    assert {e.reason for e in mine if isinstance(e, Pop)} == {PopReason.DEAD_END, PopReason.EXHAUSTED}


@settings(max_examples=25, deadline=None)
@given(rows=st.integers(1, 6), cols=st.integers(1, 6), data=st.data(),
       algorithm=st.sampled_from(["backtracking", "warnsdorff", "classic"]))
def test_any_built_in_search_is_legal_and_maps_back_to_itself(rows, cols, data, algorithm):
    board = Board(rows, cols)
    start = data.draw(st.integers(0, board.size - 1))
    mine: list = []
    checker = Checker(board, start, mine)
    theirs = []
    for event in Search(board, start, algorithm, None, False, 3000):
        if isinstance(event, Outcome):
            if event.kind != "tour":
                break
            continue
        theirs.append(event)
        why = checker.apply(PUSH if isinstance(event, Push) else POP, *board.row_col(event.square))
        assert why is None
        if len(theirs) > 4000:
            break
    assert [e for e in mine if not isinstance(e, Outcome)] == theirs


def test_a_pop_after_a_tour_is_for_the_next_one():
    board = Board(1, 1)
    mine: list = []
    feed(board, 0, [("push", (0, 0)), ("pop", (0, 0))], mine)
    assert mine == [Push(0, 1, 0), Outcome("tour", "tour", (1,), 1),
                    Pop(0, 1, PopReason.NEXT_TOUR, 0)]


# -- the shape of an event ---------------------------------------------------------


class Index:
    """A whole number that is not an int (like numpy.int64)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


MALFORMED = [
    (["push", (0, 0)], "['push', (0, 0)] is not an event: yield a tuple (kind, (row, col))"),
    (("push", 0, 0), "('push', 0, 0) is not an event"),
    ("push", "'push' is not an event"),
    (None, "None is not an event"),
    (("jump", (0, 0)), "('jump', (0, 0)) has the kind 'jump': the kind is \"push\" or \"pop\""),
    (("PUSH", (0, 0)), "has the kind 'PUSH'"),
    (("push", [0, 0]), "('push', [0, 0]): the square must be a tuple (row, col), not [0, 0]"),
    (("push", (0, 0, 0)), "the square must be a tuple (row, col), not (0, 0, 0)"),
    (("push", 3), "the square must be a tuple (row, col), not 3"),
    (("push", (1.0, 0)), "the row must be a whole number, not 1.0 (float)"),
    (("pop", (0, "1")), "the column must be a whole number, not '1' (str)"),
    (("push", (True, 0)), "the row must be a whole number, not True"),
]


@pytest.mark.parametrize(("event", "says"), MALFORMED, ids=[repr(e) for e, _ in MALFORMED])
def test_malformed_events_say_what_is_wrong(event, says):
    with pytest.raises(MalformedEvent) as caught:
        event_shape(event)
    assert says in str(caught.value)


def test_whole_numbers_of_any_kind_are_squares():
    assert event_shape(("pop", (Index(3), Index(-4)))) == (POP, 3, -4)


@given(st.sampled_from([PUSH, POP]), st.integers(0, (1 << 15) - 1), st.integers(0, (1 << 15) - 1))
def test_packed_events_unpack(kind, row, col):
    code = pack_event(kind, row, col)
    assert code is not None and 0 <= code < 1 << 32
    assert unpack_event(code) == (kind, row, col)


@pytest.mark.parametrize(("row", "col"), [(-1, 0), (0, -1), (1 << 15, 0), (10**30, 0)])
def test_what_does_not_fit_is_not_packed(row, col):
    assert pack_event(PUSH, row, col) is None


# -- files that cannot be solvers (no process needed) -----------------------------------


def write(tmp_path: Path, body: str, name: str = "solver.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def test_a_missing_file(tmp_path):
    with pytest.raises(SolverFileError, match="cannot read .*nothing.py: no such file or folder"):
        load_solver(tmp_path / "nothing.py")


def test_a_folder(tmp_path):
    with pytest.raises(SolverFileError, match="it is a folder"):
        load_solver(tmp_path)


def test_a_syntax_error_names_its_line(tmp_path):
    path = write(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            if True
                pass
        """)
    with pytest.raises(SolverFileError, match=r"solver.py, line 3: expected ':' \(not valid Python\)"):
        load_solver(path)


def test_a_binary_file_is_not_python(tmp_path):
    path = tmp_path / "solver.py"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    with pytest.raises(SolverFileError, match="is not a Python file"):
        load_solver(path)


def test_loading_runs_nothing(tmp_path):
    marker = tmp_path / "ran"
    path = write(tmp_path, f"open({str(marker)!r}, 'w').close()\n")
    load_solver(path)
    assert not marker.exists()


# -- running solvers in a child process ------------------------------------------------


def run(tmp_path: Path, body: str, size: int = 5, start: int = 0, **limits: float) -> Report:
    limits.setdefault("max_seconds", 5)
    return check(write(tmp_path, body), Board(size), start, **limits)  # type: ignore[arg-type]


def test_a_correct_solver_finds_a_tour(tmp_path):
    report = run(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield "push", (1, 2)
            yield "pop", (1, 2)
            yield "push", (2, 1)
        """, size=1)
    # a 1×1 board: the start alone is a tour
    assert report.outcome == "tour" and report.pushes == 1 and report.path == (0,)


def test_an_illegal_event_stops_the_run_with_its_number(tmp_path):
    report = run(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield "push", (2, 1)
            yield "push", (4, 4)
            yield "pop", (4, 4)
        """)
    assert report.outcome == "illegal" and report.event == 3
    assert report.reason == "event 3: push (4, 4) is not a knight's move from (2, 1), the top of the stack"
    assert report.path == (0, 11) and (report.pushes, report.pops) == (2, 0)
    assert report.square == (4, 4)  # the square it named, as the student wrote it


def test_an_event_off_the_board_names_its_square_too_and_a_good_run_none(tmp_path):
    report = run(tmp_path, 'def solve(rows, cols, start):\n    yield "push", start\n'
                           '    yield "push", (-1, 2)\n')
    assert report.outcome == "illegal" and report.square == (-1, 2)
    assert run(tmp_path, 'def solve(rows, cols, start):\n    yield "push", start\n', size=1).square is None


def test_a_malformed_event_in_the_child_is_numbered_too(tmp_path):
    report = run(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield "push", (2, 1)
            yield "push", [4, 2]
        """)
    assert report.outcome == "illegal" and report.event == 3
    assert report.reason.startswith("event 3: ('push', [4, 2]): the square must be a tuple (row, col)")
    assert report.square is None  # (no square it could name)


def test_a_square_far_off_the_board(tmp_path):
    report = run(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield "push", (-2, 1)
        """)
    assert report.reason == "event 2: push (-2, 1) is off the 5×5 board (rows 0..4, columns 0..4)"


def test_an_exception_shows_the_students_traceback_only(tmp_path):
    report = run(tmp_path, """\
        def helper(x):
            return 1 / x

        def solve(rows, cols, start):
            yield "push", start
            helper(0)
        """)
    assert report.outcome == "error" and not report.bad_input
    assert report.reason == ("solve raised ZeroDivisionError: division by zero (line 2 of solver.py) "
                             "after 1 event")
    assert report.traceback is not None
    assert report.traceback.startswith("Traceback (most recent call last):\n")
    assert 'solver.py", line 6, in solve' in report.traceback
    assert 'solver.py", line 2, in helper' in report.traceback
    assert "student_runner" not in report.traceback and "knight_gui" not in report.traceback
    assert report.traceback.rstrip().endswith("ZeroDivisionError: division by zero")


def test_an_exception_while_loading(tmp_path):
    report = run(tmp_path, "import no_such_module_for_a_knight\n")
    assert report.outcome == "error" and not report.bad_input
    assert report.reason == ("solver.py raised ModuleNotFoundError: No module named "
                             "'no_such_module_for_a_knight' (line 1 of solver.py) while it was loaded")


def test_a_solver_that_loops_without_yielding_is_killed_on_time(tmp_path):
    began = time.monotonic()
    report = run(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            while True:
                pass
        """, max_seconds=1)
    took = time.monotonic() - began
    assert report.outcome == "budget"
    # the event before the loop came; and where the loop is, so the student need not guess
    assert report.reason in (f"the time limit of 1 s ran out after 1 event, at line {where}"
                             for where in ("3 of solver.py (while True:)", "4 of solver.py (pass)"))
    assert 1 <= report.seconds < 1.5 and took < 4


def test_a_solver_stuck_in_a_function_of_its_own_says_where_and_how_it_got_there(tmp_path):
    report = run(tmp_path, """\
        def spin(n):
            total = 0
            while n:
                total += n


        def solve(rows, cols, start):
            yield "push", start
            spin(3)
        """, max_seconds=1)
    assert report.outcome == "budget" and report.event is None
    assert report.reason.startswith("the time limit of 1 s ran out after 1 event, at line ")
    assert report.reason.endswith(" of solver.py (while n:)") or report.reason.endswith(
        " of solver.py (total += n)")
    assert report.traceback is not None
    said = report.traceback.splitlines()
    assert said[0] == "Where the solver was when its time ran out (most recent call last):"
    assert said[2:4] == ["    spin(3)", said[3]] and said[1].endswith('line 9, in solve')
    assert "in spin" in said[3] and "knight_gui" not in report.traceback  # the student's frames only


def test_a_loop_while_loading_is_killed_on_time(tmp_path):
    report = run(tmp_path, "x = 0\nwhile True:\n    x += 1\n", max_seconds=1)
    assert report.outcome == "budget" and report.pushes == 0
    assert " at line 2 of solver.py (while True:)" in report.reason or " at line 3 of solver.py (x += 1)" \
        in report.reason
    assert report.traceback is not None and ", in <module>" in report.traceback


def test_a_solver_stuck_where_it_cannot_answer_is_still_stopped_on_time(tmp_path):
    """A loop inside one call of C code holds Python's lock: the child cannot say where it is, and the
    parent waits for the answer no longer than PLACE_SECONDS."""
    began = time.monotonic()
    report = run(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield sum(range(10 ** 13))
        """, max_seconds=1)
    took = time.monotonic() - began
    assert report.outcome == "budget" and report.traceback is None
    # (nor could the thread that sends the events run: the push before it may not have come)
    assert report.reason in ("the time limit of 1 s ran out after 0 events",
                             "the time limit of 1 s ran out after 1 event")
    assert took < 1 + PLACE_SECONDS + 2
    assert 1 <= report.seconds < 1.5  # the time spent asking is not the student's (it said 2.0 s)


def test_a_solver_that_yields_on_and_on_says_where_its_generators_were(tmp_path):
    """Found in review: most of the time the runner, not the student's code, is on the main thread (it
    sends an event), and the place was not known: a slow search, the usual case, gave no line.  The
    place is then where the generators are paused, through ``yield from``."""
    report = check(EXAMPLES / "recursive.py", Board(8), 0, max_seconds=1)
    assert report.outcome == "budget" and report.pushes > 1000
    assert re.search(r", at line \d+ of recursive\.py \(\S", report.reason), report.reason
    assert report.traceback is not None
    lines = report.traceback.splitlines()
    assert lines[0] == "Where the solver was when its time ran out (most recent call last):"
    # the whole recursion (from solve, or its innermost PLACE_CALLS calls where it is deeper)
    assert lines[1].endswith(", in solve") or re.fullmatch(r"  \.\.\. \d+ calls before these", lines[1])
    # the innermost call is visit's (the last one listed: the same line again is said, not listed)
    assert [line for line in lines if line.startswith("  File ")][-1].endswith(", in visit")
    assert re.search(r"\[Previous line repeated \d+ more times\]", report.traceback)  # (deep: > 20 calls)


def test_a_deep_recursion_says_where_quickly_and_lists_the_innermost_calls(tmp_path):
    report = run(tmp_path, """\
        import sys


        def down(n):
            if n:
                return down(n - 1)
            while True:
                pass


        def solve(rows, cols, start):
            sys.setrecursionlimit(200_000)
            yield "push", start
            down(150_000)
        """, max_seconds=1)
    assert report.outcome == "budget"
    assert report.reason.endswith(" at line 7 of solver.py (while True:)") or report.reason.endswith(
        " at line 8 of solver.py (pass)"), report.reason
    assert report.traceback is not None
    lines = report.traceback.splitlines()
    assert lines[1] == "  ... 149,962 calls before these"  # (150,001 calls of down, and solve's)
    # the innermost PLACE_CALLS calls, as Python's tracebacks list them (the same line repeated: once)
    assert lines[-3] == f"  [Previous line repeated {PLACE_CALLS - 4} more times]"
    assert lines[-2].endswith(", in down") and lines[-1] in ("    while True:", "    pass")
    assert report.seconds < 1.5


@pytest.mark.skipif(sys.platform != "linux", reason="a fork and its process group, waited on by a pidfd")
def test_a_solver_that_forks_is_stopped_with_what_it_started(tmp_path):
    """Found in review: a child of the solver's process kept the event pipe open, the pipe never
    ended, and the run never returned (the window's Stop waited for it for good)."""
    pid_file = tmp_path / "fork.pid"
    began = time.monotonic()
    report = run(tmp_path, f"""\
        import os, signal


        def solve(rows, cols, start):
            child = os.fork()
            if child == 0:  # a child that outlives the solver, holding its files, until a signal
                signal.pause()
                os._exit(0)
            with open({str(pid_file)!r}, "w") as out:
                out.write(str(child))
            yield "push", start
        """, size=1)
    assert report.outcome == "tour" and time.monotonic() - began < 10
    assert ended_soon(int(pid_file.read_text())), "the solver's fork lived on after the run"


def ended_soon(pid: int, seconds: float = 5) -> bool:
    """Whether process ``pid`` ends within ``seconds``: waited on by a pidfd (Linux), not polled."""
    import select

    try:
        handle = os.pidfd_open(pid)  # readable once the process has ended
    except ProcessLookupError:
        return True  # ended and reaped already
    try:
        ended = bool(select.select([handle], [], [], seconds)[0])
        if not ended:
            os.kill(pid, 9)
        return ended
    finally:
        os.close(handle)


FLOOD_BODY = """\
    def solve(rows, cols, start):
        yield "push", start
        while True:  # millions of legal events, never a tour
            yield "push", (1, 2)
            yield "pop", (1, 2)
    """


def test_a_flood_of_events_meets_the_event_budget(tmp_path):
    report = run(tmp_path, FLOOD_BODY, max_events=200_001, max_seconds=15)
    assert report.outcome == "budget"
    assert report.reason == "the limit of 200001 events was reached before a tour"
    assert (report.pushes, report.pops) == (100_001, 100_000)


def test_prints_and_input_do_not_disturb_the_events(tmp_path):
    report = run(tmp_path, """\
        import os, sys
        def solve(rows, cols, start):
            print("hello" * 100_000)
            sys.stderr.write("oops" * 100_000)
            os.write(1, b"B\\xff\\xff\\xff\\xff")  # would be a frame header on the pipe
            os.write(2, b"F\\x00\\x00\\x00\\x00")
            try:
                input()
            except EOFError:
                pass
            yield "push", start
        """, size=1)
    assert report.outcome == "tour"


@pytest.mark.skipif(sys.platform == "win32", reason="the address-space limit is POSIX's (resource)")
def test_a_runaway_appetite_for_memory_is_an_error(tmp_path):
    report = run(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            hoard = bytearray(3 << 30)  # 3 GiB: beyond the child's limit
            yield "pop", start
        """)
    assert report.outcome == "error"
    assert report.reason == "solve raised MemoryError (line 3 of solver.py) after 1 event"


def test_a_solver_that_ends_without_a_tour(tmp_path):
    report = run(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield "pop", start
        """)
    assert report.outcome == "no-tour"
    assert report.reason == ("solve finished after 2 events without a tour; event 2 popped (0, 0) without "
                             "trying (1, 2), a free square a knight's move away (was a popped square left "
                             "marked as visited?)")


def test_solve_may_return_a_list(tmp_path):
    report = run(tmp_path, "def solve(rows, cols, start):\n    return [('push', start)]\n", size=1)
    assert report.outcome == "tour"


@pytest.mark.parametrize(("body", "reason"), [
    ("def solver(rows, cols, start):\n    yield 'push', start\n",
     "solver.py defines no function solve(rows, cols, start)"),
    ("solve = 3\n", "solver.py: solve is int, not a function solve(rows, cols, start)"),
    ("def solve(n):\n    yield 'push', (0, 0)\n",
     "solver.py: solve(n) cannot be called as solve(rows, cols, start)"),
    ("def solve(rows, cols, start):\n    return 5\n",
     "solver.py: solve returned 5 (int), not the events: write it as a generator, with yield"),
], ids=["no solve", "not a function", "wrong arguments", "not iterable"])
def test_files_that_are_not_solvers_are_bad_input(tmp_path, body, reason):
    report = run(tmp_path, body)
    assert report == Report("error", report.message, None, 0, 0, 0, report.seconds, (), True, None)
    assert report.reason == reason


def test_a_process_that_dies_is_an_error(tmp_path):
    report = run(tmp_path, """\
        import os
        def solve(rows, cols, start):
            yield "push", start
            os._exit(7)
        """)
    assert report.outcome == "error" and "exit code 7" in report.reason


def test_the_sink_gets_the_model_events_and_the_caller_may_stop(tmp_path):
    source = load_solver(write(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            while True:
                yield "push", (1, 2)
                yield "pop", (1, 2)
        """))
    batches: list[list] = []
    report = run_solver(source, Board(5), 0, sink=batches.append, max_seconds=10,
                        should_stop=lambda: sum(map(len, batches)) > 1000)
    assert report.outcome == "stopped"
    events = [e for batch in batches for e in batch]
    assert events[:3] == [Push(0, 1, 2), Push(7, 2, 5), Pop(7, 2, PopReason.EXHAUSTED, 0)]
    assert len(events) == report.pushes + report.pops


# -- the examples ----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "size", "outcome", "pushes", "pops"), [
    ("warnsdorff_stack.py", 8, "tour", 64, 0),
    ("recursive.py", 5, "tour", 41, 16),
    ("forgot_to_unmark.py", 5, "no-tour", 25, 25),
])
def test_the_examples(name, size, outcome, pushes, pops):
    report = check(EXAMPLES / name, Board(size), 0, max_seconds=10)
    assert (report.outcome, report.pushes, report.pops) == (outcome, pushes, pops)


FORGOT_HINT = ("solve finished after 50 events without a tour; event 27 popped (4, 1) without trying (2, 0), "
               "a free square a knight's move away (was a popped square left marked as visited?)")


def test_the_buggy_example_gets_a_hint():
    report = check(EXAMPLES / "forgot_to_unmark.py", Board(5), 0, max_seconds=10)
    assert report.reason == FORGOT_HINT


@pytest.mark.parametrize("name", ["recursive.py", "warnsdorff_stack.py"])
def test_a_correct_search_that_finds_no_tour_gets_no_hint(name):
    report = check(EXAMPLES / name, Board(4), 0, max_seconds=10)  # 4×4 has no tour
    assert report.outcome == "no-tour" and (report.pushes, report.pops) == (2223, 2223)
    assert report.reason == "solve finished after 4446 events without a tour"


def test_the_hint_names_the_first_square_left_untried():
    checker, why = feed(Board(5), 0, [("push", (0, 0)), ("push", (1, 2)), ("pop", (1, 2)), ("pop", (0, 0))])
    assert why is None
    assert str(checker.hint()) == ("event 3 popped (1, 2) without trying (0, 4), a free square a knight's "
                                   "move away (was a popped square left marked as visited?)")


def test_a_dead_end_leaves_nothing_untried():
    ring = [(0, 0), (1, 2), (2, 0), (0, 1), (2, 2), (1, 0), (0, 2), (2, 1)]  # 3×3: the centre is unreachable
    checker, why = feed(Board(3), 0, [("push", square) for square in ring] + [("pop", (2, 1))])
    assert why is None and checker.skipped is None


def test_the_stack_example_backtracks_where_it_must():
    # On 6×6 from (2, 3) Warnsdorff's rule alone runs into a dead end; the built-in
    # search with the same rule (fixed tie-break) backtracks the same way.
    report = check(EXAMPLES / "warnsdorff_stack.py", Board(6), 15, max_seconds=10)
    search = Search(Board(6), 15, "warnsdorff", "fixed", False)
    for event in search:
        if isinstance(event, Outcome):
            break
    assert (search.pushes, search.pops) == (63, 27)
    assert (report.outcome, report.pushes, report.pops) == ("tour", 63, 27)


# -- knight-tour check -----------------------------------------------------------------


def cli_run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_reports_a_tour(capsys):
    code, out, err = cli_run(capsys, "check", str(EXAMPLES / "recursive.py"), "--size", "5", "--start", "a5")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["1", "20", "17", "12", "3"]
    assert lines[5].startswith(f"{EXAMPLES / 'recursive.py'}: Tour found on 5×5 from a5 (0,0): every event "
                               "legal up to the tour: the stack holds all 25 squares after event 57; "
                               "41 pushes, 16 pops, ")


def test_check_reports_no_tour(capsys):
    code, out, _ = cli_run(capsys, "check", str(EXAMPLES / "forgot_to_unmark.py"), "--size", "5",
                           "--start", "0", "0")
    assert code == 1
    assert f": No tour on 5×5 from a5 (0,0): {FORGOT_HINT}; 25 pushes, 25 pops, " in out


def test_check_json_for_an_illegal_event(capsys, tmp_path):
    path = write(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield "push", (2, 1)
            yield "push", (4, 4)
        """)
    code, out, _ = cli_run(capsys, "check", str(path), "--rows", "5", "--cols", "6", "--start", "0,0",
                           "--format", "json")
    data = json.loads(out)
    assert code == 1
    assert data == {"file": str(path), "rows": 5, "cols": 6, "start": [0, 0], "outcome": "illegal",
                    "reason": "event 3: push (4, 4) is not a knight's move from (2, 1), the top of the stack",
                    "event": 3, "pushes": 2, "pops": 0, "seconds": data["seconds"], "traceback": None,
                    "square": [4, 4]}  # the square it named: a teacher's script can point at it


def test_check_text_for_an_illegal_event_shows_the_stack(capsys, tmp_path):
    path = write(tmp_path, 'def solve(rows, cols, start):\n    yield "push", start\n'
                           '    yield "pop", (1, 2)\n')
    code, out, _ = cli_run(capsys, "check", str(path), "--size", "3", "--start", "0", "0")
    assert code == 1
    assert out.splitlines()[:3] == ["1 . .", ". . .", ". . ."]
    assert ("Illegal event on 3×3 from a3 (0,0): event 2: pop (1, 2) does not name the top of the stack, "
            "(0, 0);") in out


def test_check_a_limit(capsys, tmp_path):
    path = write(tmp_path, 'def solve(rows, cols, start):\n    yield "push", start\n    while True:\n'
                           '        yield "push", (1, 2)\n        yield "pop", (1, 2)\n')
    code, out, _ = cli_run(capsys, "check", str(path), "--size", "5", "--start", "a5", "--budget", "1000",
                           "--format", "json")
    assert code == 1
    assert json.loads(out)["outcome"] == "budget" and json.loads(out)["pushes"] == 501


def test_check_an_exception(capsys, tmp_path):
    path = write(tmp_path, 'def solve(rows, cols, start):\n    yield "push", start\n    [][1]\n')
    code, out, _ = cli_run(capsys, "check", str(path), "--size", "5", "--start", "a5")
    assert code == 1
    assert "Error on 5×5 from a5 (0,0): solve raised IndexError: list index out of range (line 3" in out
    assert out.rstrip().endswith("IndexError: list index out of range")


@pytest.mark.parametrize(("args", "says"), [
    (["{missing}", "--start", "a8"], "cannot read {missing}: no such file or folder"),
    (["{syntax}", "--start", "a8"], "{syntax}, line 1: "),
    (["{nosolve}", "--start", "a8"], "nosolve.py defines no function solve(rows, cols, start)"),
    (["{good}"], "check needs --start ROW COL or --start NAME"),
    (["{good}", "--size", "0", "--start", "0 0"], "board rows must be between 1 and 2000, not 0"),
    (["{good}", "--size", "5", "--start", "5", "0"], "square (5, 0) is off the 5×5 board"),
    (["{good}", "--rows", "5", "--start", "a1"], "give both --rows and --cols"),
    (["{good}", "--start", "a8", "--budget", "0"], "argument --budget: must be at least 1, not 0"),
    (["{good}", "--start", "a8", "--seconds", "nan"], "must be a positive number of seconds, not nan"),
    (["--start", "a8"], "the following arguments are required: FILE"),
])
def test_check_bad_input_is_exit_2_and_one_line(capsys, tmp_path, args, says):
    names = {"missing": str(tmp_path / "missing.py"), "syntax": str(write(tmp_path, "def (:\n", "syntax.py")),
             "nosolve": str(write(tmp_path, "x = 1\n", "nosolve.py")),
             "good": str(EXAMPLES / "recursive.py")}
    code, out, err = cli_run(capsys, "check", *[a.format(**names) for a in args])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("knight-tour: error: ")
    assert says.format(**names) in err


def test_check_bad_file_in_json_is_still_one_object(capsys, tmp_path):
    code, out, err = cli_run(capsys, "check", str(tmp_path / "gone.py"), "--start", "a8", "--format", "json")
    assert code == 2 and err == ""
    data = json.loads(out)
    assert data["outcome"] == "error" and data["event"] is None and "no such file" in data["reason"]


# -- a consumer that holds the solver back ---------------------------------------------


def test_time_the_sink_holds_the_run_is_not_the_students(tmp_path, monkeypatch):
    source = load_solver(write(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield "pop", start
        """))
    batches: list[list] = []
    later = [0.0]  # the checker's clock runs this much ahead of the real one
    real = time.monotonic
    monkeypatch.setattr(student.time, "monotonic", lambda: real() + later[0])

    def slow_sink(batch: list) -> None:
        batches.append(batch)
        if len(batches) == 1:
            later[0] += 1.2  # a window busy elsewhere: longer than the solver's whole time limit

    report = run_solver(source, Board(5), 0, sink=slow_sink, max_seconds=1)
    assert report.outcome == "no-tour" and report.seconds < 1
    events = [e for batch in batches for e in batch]
    said = report.reason
    assert said.startswith("solve finished after 2 events without a tour; ")
    assert events[-1] == Outcome("no-tour", "student-ended", (report.message,), 0)
    # (said once: it read "the solver ended without a tour: … without a tour", and after a tour
    # "the solver ended without a tour: 1 tour, every event legal; then …")
    assert events[-1].reason == f"the solver ended: {said}"


def test_a_search_that_goes_on_after_its_tours(tmp_path):
    source = load_solver(EXAMPLES / "recursive.py")
    batches: list[list] = []
    report = run_solver(source, Board(5), 0, sink=batches.append, tours=None, max_seconds=10)
    assert report.outcome == "tour" and report.tours == 1
    assert report.reason == "1 tour, every event legal; then solve finished after 57 events"
    events = [e for batch in batches for e in batch]
    assert [e.kind for e in events if isinstance(e, Outcome)] == ["tour", "no-tour"]
    assert len(events) == 57 + 2


def test_a_run_ends_at_once_though_frames_wait_unread(tmp_path, monkeypatch):
    source = load_solver(write(tmp_path, FLOOD_BODY))
    seen = []
    full = threading.Event()

    class Frames(queue.Queue):  # the checker's queue of frames read from the pipe
        def put(self, item, block=True, timeout=None):
            if self.full():
                full.set()
            super().put(item, block, timeout)

    monkeypatch.setattr(student.queue, "Queue", Frames)

    def slow_sink(batch: list) -> None:
        seen.append(batch)
        if len(seen) == 1:
            assert full.wait(30)  # until the solver has filled the pipe and the queue of frames

    began = time.monotonic()
    report = run_solver(source, Board(8), 0, sink=slow_sink, max_events=5000, max_seconds=10)
    assert report.outcome == "budget"
    # not 5 s more for a reader thread stuck putting a frame (under a loaded CI machine the run alone took
    # up to 3.9 s: the bound leaves it room and still catches the 5 s)
    assert time.monotonic() - began < 4.5


@pytest.mark.skipif(sys.platform != "linux", reason="waits on the process by a pidfd (Linux)")
def test_a_solver_whose_parent_dies_ends_too(tmp_path):
    """The time limit is the parent's to keep: a window killed (or whose X connection broke) left a
    solver's endless loop running for good, adopted by init.  The child ends once its parent is gone."""
    import subprocess

    solver = tmp_path / "loop.py"
    solver.write_text("def solve(rows, cols, start):\n    yield 'push', start\n"
                      "    while True:\n        pass\n")
    parent = textwrap.dedent(f"""
        import os, subprocess, sys
        child = subprocess.Popen([sys.executable, "-m", "knight_gui.tour.student_runner", {str(solver)!r},
                                  "5", "5", "0", "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        text = open({str(solver)!r}, "rb").read()
        child.stdin.write(b"%d\\n" % len(text) + text)
        child.stdin.flush()  # and left open, as the parent leaves it
        child.stdout.read(5)  # its "started" frame: it runs the loop now
        print(child.pid, flush=True)
        os._exit(0)  # gone without stopping it, as a killed window
        """)
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, "-c", parent], capture_output=True, text=True, env=env, timeout=30)
    assert ended_soon(int(out.stdout.split()[0]))


# -- found by the second pass of mutation testing (each test fails on the mutant it names) --


def test_a_compiler_error_the_syntax_check_lets_through_names_its_line(tmp_path):
    """student_runner.py:109 (deleted): a SyntaxError only the compiler raises ('return' outside
    a function passes ast.parse) lost its "(line N of solver.py)"."""
    from knight_gui.tour.student import check

    solver = tmp_path / "solver.py"
    solver.write_text('def solve(rows, cols, start):\n    yield ("push", (0, 0))\n\n\nreturn 5\n',
                      encoding="utf-8")
    report = check(solver, Board(5), 0)
    assert report.outcome == "error" and not report.bad_input
    assert report.reason.startswith("solver.py raised SyntaxError: 'return' outside function")
    assert report.reason.endswith("(line 5 of solver.py) while it was loaded")


# -- found by the second pass of mutation testing (each test fails on the mutant it names) --


def test_a_frame_cut_short_by_the_childs_death_is_not_passed_on():
    """student.py:385 (``break`` deleted): a frame whose payload the pipe cut short (the child
    killed mid-write) went to the parent as if whole; only whole frames, then the end, may."""
    import io
    import queue

    from knight_gui.tour.student import TAG_BATCH, _read_frames

    whole = TAG_BATCH + (4).to_bytes(4, "little") + b"\x01\x00\x00\x00"
    cut = TAG_BATCH + (8).to_bytes(4, "little") + b"\x02\x00\x00"
    frames: queue.Queue = queue.Queue()
    _read_frames(io.BytesIO(whole + cut), frames)
    got = []
    while not frames.empty():
        got.append(frames.get_nowait())
    assert got == [(TAG_BATCH, b"\x01\x00\x00\x00"), (b"", b"")]


def test_a_file_that_cannot_be_a_solver_reports_no_tour(tmp_path):
    """student.py:579 (``tours`` 0 -> 1): a missing or bad file was reported with one tour found."""
    from knight_gui.tour.student import check

    report = check(tmp_path / "missing.py", Board(5), 0)
    assert report.outcome == "error" and report.bad_input and report.event is None
    assert (report.pushes, report.pops, report.tours, report.seconds, report.path) == (0, 0, 0, 0.0, ())
