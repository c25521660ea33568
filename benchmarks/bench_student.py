"""What running a student's solver costs: one JSON line of figures, measured side by side.

- ``events_per_s``: legal events checked per second through ``check`` (child
  process, pipe, Checker), from a solver that yields push/pop for ever,
  stopped by an event budget of 1,000,000;
- ``model_events_per_s``: the same with a sink, as the window runs it (every
  event also made a Push or Pop with its degree);
- ``start_s``: a whole ``check`` of a one-square board (process start
  included), best of 5;
- ``kill_s``: how long ``check`` takes to give up on a solver that loops
  without yielding, given a 1 s limit (target ``kill_target_s``: under 1.5 s;
  ``kill_met``);
- ``python``: the interpreter's version.

Both rates count only a run that checked its whole budget (and, with the sink,
gave the sink every event): anything else stops the benchmark with a message.

Run from the repository root (about ten seconds):

    .venv/bin/python benchmarks/bench_student.py
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from knight_gui.tour.board import Board
from knight_gui.tour.events import Event, Outcome
from knight_gui.tour.student import Report, check, load_solver, run_solver

FLOOD = ('def solve(rows, cols, start):\n    yield "push", start\n    while True:\n'
         '        yield "push", (1, 2)\n        yield "pop", (1, 2)\n')
LOOP = 'def solve(rows, cols, start):\n    yield "push", start\n    while True:\n        pass\n'
ONE = 'def solve(rows, cols, start):\n    yield "push", start\n'


def _events(report: Report, n: int) -> int:
    """The events the flood solver's run checked: all ``n`` of its budget, or the benchmark stops
    (a run cut short, or failed, would give a rate of nothing)."""
    events = report.pushes + report.pops
    if report.outcome != "budget" or events != n:
        sys.exit(f"bench_student: the flood solver's run ended {report.outcome!r} after {events:,} "
                 f"events of {n:,}: {report.reason}")
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        files = {}
        for name, body in (("flood", FLOOD), ("loop", LOOP), ("one", ONE)):
            files[name] = Path(folder) / f"{name}.py"
            files[name].write_text(body, encoding="utf-8")
        n = 1_000_000
        report = check(files["flood"], Board(8), 0, max_events=n, max_seconds=60)
        checked = _events(report, n) / report.seconds
        count = 0

        def sink(batch: list[Event]) -> None:
            nonlocal count
            count += sum(not isinstance(event, Outcome) for event in batch)  # (and the outcome)

        report = run_solver(load_solver(files["flood"]), Board(8), 0, max_events=n, max_seconds=60, sink=sink)
        if count != _events(report, n):
            sys.exit(f"bench_student: the sink was given {count:,} events of {n:,}")
        modelled = n / report.seconds
        starts = []
        for _ in range(5):
            began = time.perf_counter()
            check(files["one"], Board(1), 0)
            starts.append(time.perf_counter() - began)
        began = time.perf_counter()
        check(files["loop"], Board(8), 0, max_seconds=1)
        kill = time.perf_counter() - began
    print(json.dumps({"python": sys.version.split()[0], "events_per_s": round(checked),
                      "model_events_per_s": round(modelled), "start_s": round(min(starts), 3),
                      "kill_s": round(kill, 3), "kill_target_s": 1.5, "kill_met": kill < 1.5}))


if __name__ == "__main__":
    main()
