"""File ▸ Open Solver…'s engine: a student's solver run off the GUI thread, its events taken in turn."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from knight_gui.tour import Board, Outcome, Pop, Push
from knight_gui.ui.student_solver import StudentSolver

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

FLOOD = """\
    def solve(rows, cols, start):
        yield "push", start
        while True:
            yield "push", (1, 2)
            yield "pop", (1, 2)
    """


@pytest.fixture
def solver():
    """A StudentSolver, stopped after the test however it ends (as the window stops it on close)."""
    made = StudentSolver()
    yield made
    made.stop()


def solver_file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "solver.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def take_all(qtbot, solver: StudentSolver, step: int = 1000) -> tuple[list, int]:
    """Take events as a window would, until the run is over and the buffer empty; the most pending seen."""
    events: list = []
    most = 0
    while solver.running or solver.pending:
        qtbot.waitUntil(lambda: bool(solver.pending) or not solver.running, timeout=15_000)
        most = max(most, solver.pending)
        events += solver.take(step)
    return events, most


def test_an_example_runs_to_its_tour(qtbot, solver):
    with qtbot.waitSignal(solver.finished, timeout=15_000) as done:
        assert solver.open(EXAMPLES / "recursive.py", Board(5), 0, tours=1) is None
    report = done.args[0]
    assert report.outcome == "tour" and solver.report is report and not solver.running
    events = solver.take(1000)
    assert len(events) == report.pushes + report.pops + 1
    assert events[0] == Push(0, 1, 2) and events[-1].kind == "tour"
    assert all(isinstance(e, (Push, Pop)) for e in events[:-1])


def test_the_worker_waits_for_the_window(qtbot, tmp_path, solver):
    solver.ahead = 5000
    assert solver.open(solver_file(tmp_path, FLOOD), Board(5), 0, max_events=60_000, max_seconds=10) is None
    events, most = take_all(qtbot, solver, step=700)
    report = solver.report
    assert report is not None and report.outcome == "budget"
    assert most <= 5000 + 4096 + 1  # at most one batch beyond what the window let it run ahead
    assert len(events) == 60_001 and events[-1] == Outcome("budget", "student-limit", (report.message,), 0)


def test_stop_kills_the_run(qtbot, tmp_path, solver):
    solver.ahead = 1000
    solver.open(solver_file(tmp_path, FLOOD), Board(5), 0, max_seconds=30)
    qtbot.waitUntil(lambda: solver.pending > 0, timeout=15_000)
    with qtbot.waitSignal(solver.finished, timeout=5000) as done:
        solver.stop()
    assert done.args[0].outcome == "stopped" and not solver.running


def test_an_illegal_event_ends_the_events(qtbot, tmp_path, solver):
    path = solver_file(tmp_path, """\
        def solve(rows, cols, start):
            yield "push", start
            yield "push", (2, 1)
            yield "push", (4, 4)
        """)
    with qtbot.waitSignal(solver.finished, timeout=15_000):
        solver.open(path, Board(5), 0)
    reason = "event 3: push (4, 4) is not a knight's move from (2, 1), the top of the stack"
    events = solver.take(10)
    assert events[:2] == [Push(0, 1, 2), Push(11, 2, 5)] and len(events) == 3
    illegal = events[2]
    assert (illegal.kind, illegal.code, illegal.tours) == ("illegal", "student-illegal", 0)
    assert illegal.reason == f"the solver's event is illegal: {reason}"


def test_a_file_that_is_not_a_solver_runs_nothing(tmp_path, solver):
    reason = solver.open(solver_file(tmp_path, "def solve(:\n"), Board(5), 0)
    assert reason is not None and "line 1" in reason and not solver.running
