"""The search's figures against the floors of issue 10, beside the search of 3201491, in one run.

Run from the repository root (git must be able to read commit 3201491):

    python benchmarks/bench_engine.py            # about a minute and a half
    python benchmarks/bench_engine.py --quick    # smaller: 300x300, fewer runs

It prints one JSON line.  "old" is the generated search of 3201491
(``tour/solvers.py``, with the ``board``, ``events`` and ``rules`` it imports),
copied by ``git show`` into a temporary package; the whole-process figure runs
the command line of 3201491 from a ``git archive`` of its package.  "new" is
this tree.  Times are wall clock and, beside them, the process's CPU time (on
a busy machine the wall clock also counts other processes' turns).  Floors:

- plain backtracking, 8x8 from a8, the first 2 million events: >= 500k events/s;
- ``knight-tour solve --all --size 8`` as a whole process: <= 0.10 s;
- 1000x1000 from a corner, default search: <= 4 us per square and <= 80 MB peak
  (``ru_maxrss`` of a fresh interpreter that does the one solve).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from io import BytesIO
from itertools import islice
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

ROOT = Path(__file__).resolve().parent.parent
OLD_COMMIT = "3201491"
T = TypeVar("T")
OLD_FILES = ("solvers", "board", "events", "rules")  # the old search and what it imports

# One solve in a fresh interpreter (argv: package, module of Search, n): seconds, CPU, peak KB, outcome.
_CORNER_PROBE = """
import importlib, resource, sys, time
package = sys.argv[1]
Search = importlib.import_module(sys.argv[2]).Search
Board = importlib.import_module(package + ".board").Board
Outcome = importlib.import_module(package + ".events").Outcome
n = int(sys.argv[3])
t0, c0 = time.perf_counter(), time.process_time()
search = Search(Board(n), 0)
for event in search:
    if event.__class__ is Outcome:
        break
seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(seconds, cpu, peak, search.outcome.kind, search.pops)
"""


def git_show(path: str) -> bytes:
    return subprocess.run(["git", "show", f"{OLD_COMMIT}:{path}"], cwd=ROOT, capture_output=True,
                          check=True).stdout


def extract_old(into: Path) -> None:
    """The old search as package ``old_tour`` and the old program as ``cli/knight_gui`` under ``into``."""
    package = into / "old_tour"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name in OLD_FILES:
        (package / f"{name}.py").write_bytes(git_show(f"knight_gui/tour/{name}.py"))
    archive = subprocess.run(["git", "archive", "--format=tar", OLD_COMMIT, "knight_gui"], cwd=ROOT,
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into / "cli", filter="data")


class Engine(NamedTuple):
    """One version of the search, with the Board and Outcome of its own package."""

    search: Any
    board: Any
    outcome: Any


def events_per_second(engine: Engine, count: int) -> dict[str, float]:
    """Plain backtracking on 8x8 from a8: the first ``count`` events, read by a for loop."""
    gc.collect()
    events = iter(engine.search(engine.board(8), 0, "backtracking"))
    seen = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in islice(events, count):
        seen += 1
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"wall": seen / wall, "cpu": seen / cpu}


def all_starts_8x8(engine: Engine) -> float:
    """CPU seconds to solve 8x8 from each of its 64 starts with the default search, every event read."""
    board, outcome = engine.board(8), engine.outcome
    c0 = time.process_time()
    for start in range(64):
        for event in engine.search(board, start):
            if event.__class__ is outcome:
                break
    return time.process_time() - c0


def pops(engine: Engine, sweep: int) -> dict[str, Any]:
    """Pops of the default search: every start of 8x8, the corner of n x n (n = 5..100), and with
    ``sweep`` every start of n x n, n = 5..sweep (a budget of 2 million pushes per start)."""
    outcome = engine.outcome

    def solve(board: Any, start: int, budget: int | None = None) -> Any:
        search = engine.search(board, start, max_nodes=budget)
        for event in search:
            if event.__class__ is outcome:
                return search
        return search

    board = engine.board(8)
    figures: dict[str, Any] = {"8x8_all_starts": sum(solve(board, s).pops for s in range(64))}
    corners = [solve(engine.board(n), 0) for n in range(5, 101)]
    figures["corners_5_100_with_pops_or_no_tour"] = [
        n for n, search in enumerate(corners, 5) if search.pops or search.outcome.kind != "tour"]
    if sweep:
        per_board = {}
        for n in range(5, sweep + 1):
            board = engine.board(n)
            per_board[n] = sum(solve(board, s, 2_000_000).pops for s in range(board.size))
        figures[f"every_start_5_{sweep}"] = {"total": sum(per_board.values()), "per_board": per_board}
    return figures


def process_seconds(command: list[str], pythonpath: Path) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one whole process."""
    before = os.times()
    t0 = time.perf_counter()
    subprocess.run(command, env={"PYTHONPATH": str(pythonpath), "PATH": "/usr/bin:/bin"},
                   stdout=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - t0
    after = os.times()
    return wall, after.children_user - before.children_user + after.children_system - before.children_system


def corner(package: str, module: str, n: int, pythonpath: str) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", _CORNER_PROBE, package, module, str(n)], cwd=ROOT,
                         capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": pythonpath, "PATH": "/usr/bin:/bin"}).stdout
    seconds, cpu, peak, kind, pops = out.split()
    return {"us_per_square": round(float(seconds) / n / n * 1e6, 2),
            "cpu_us_per_square": round(float(cpu) / n / n * 1e6, 2),
            "peak_mb": round(int(peak) / 1024, 1), "outcome": kind, "pops": int(pops)}


def best_and_median(runs: list[float], scale: float = 1.0, digits: int = 3) -> dict[str, float]:
    return {"best": round(min(runs) * scale, digits),
            "median": round(statistics.median(runs) * scale, digits)}


def interleaved(measure: Callable[[str], T], repeats: int) -> dict[str, list[T]]:
    """``measure("old")`` and ``measure("new")`` alternately, ``repeats`` times each."""
    runs: dict[str, list[T]] = {"old": [], "new": []}
    for _ in range(repeats):
        for which in runs:
            runs[which].append(measure(which))
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="300x300 corner, fewer runs")
    parser.add_argument("--sweep", type=int, default=0, metavar="N",
                        help="also the pops over every start of every n x n, n = 5..N (30: about 5 minutes)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        old_root = Path(tmp)
        extract_old(old_root)
        sys.path.insert(0, str(old_root))
        import old_tour.board  # type: ignore[import-not-found]
        import old_tour.events  # type: ignore[import-not-found]
        import old_tour.solvers  # type: ignore[import-not-found]

        from knight_gui.tour import board, events, search

        classes = {"old": Engine(old_tour.solvers.Search, old_tour.board.Board, old_tour.events.Outcome),
                   "new": Engine(search.Search, board.Board, events.Outcome)}
        figures: dict[str, Any] = {"python": sys.version.split()[0],
                                   "load_average": [round(x, 2) for x in _load()]}

        count = 500_000 if args.quick else 2_000_000
        rates = interleaved(lambda which: events_per_second(classes[which], count)["cpu"],
                            2 if args.quick else 3)
        walls = {w: events_per_second(c, count)["wall"] for w, c in classes.items()}
        figures["backtracking_8x8_events_per_s"] = {
            w: {"cpu_best": round(max(r)), "cpu_median": round(statistics.median(r)), "wall": round(walls[w])}
            for w, r in rates.items()} | {"floor": 500_000, "events": count}

        figures["all_starts_8x8_cpu_ms"] = {
            w: best_and_median(r, 1e3, 1)
            for w, r in interleaved(lambda which: all_starts_8x8(classes[which]), 5).items()}

        script = Path(sys.executable).parent / "knight-tour"  # the installed entry point, if any
        run = [str(script)] if script.exists() else ["-c", "from knight_gui.app import main; main()"]
        cli = [sys.executable, *run, "solve", "--all", "--size", "8"]
        paths = {"old": old_root / "cli", "new": ROOT}
        processes = interleaved(lambda which: process_seconds(cli, paths[which]), 5 if args.quick else 11)
        figures["solve_all_8_process_s"] = {
            w: {"wall": best_and_median([wall for wall, _ in r]),
                "cpu": best_and_median([cpu for _, cpu in r])}
            for w, r in processes.items()} | {"floor": 0.10}

        n = 300 if args.quick else 1000
        modules = {"old": ("old_tour", "old_tour.solvers", str(old_root)),
                   "new": ("knight_gui.tour", "knight_gui.tour.search", str(ROOT))}
        figures["pops_new"] = pops(classes["new"], args.sweep)
        figures[f"corner_{n}x{n}"] = {w: corner(package, module, n=n, pythonpath=p)
                                            for w, (package, module, p) in modules.items()} | {
            "floor_us_per_square": 4, "floor_peak_mb": 80}
    print(json.dumps(figures))


def _load() -> tuple[float, float, float]:
    with open("/proc/loadavg") as f:
        one, five, fifteen = f.read().split()[:3]
    return float(one), float(five), float(fifteen)


if __name__ == "__main__":
    main()
